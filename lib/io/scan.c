/* lib/io/scan.c: the lexical checks of a line (doc/format.md §2).

   json-c 0.16, which parsed the lines before lib/io/json.c did, accepts
   even in strict mode some text that is not JSON (NaN, Infinity,
   'single quotes', "1.", "01.5", raw control characters in strings).
   This pass closes those gaps: it checks the tokens of RFC 8259 §§3-7
   (not the structure) and counts the keys the duplicate-key messages
   name.  lib/io/json.c checks each token with its steps (io_number_ok,
   io_scan_string, io_count_key) and, for a line it refuses, runs the
   whole pass for the message, as the reader always did: the first bad
   token in the line, before any structural error.  One left-to-right
   pass, O(length), no allocation. */
#include <string.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"

const char *const io_key_names[IO_NKEYS] = {
    "id", "box1", "box2", "motion1", "motion2", "t_range", "numbers",
    "report"
};

/* Integer literals with more digits than this may not fit in 64 bits
   (INT64_MAX has 19 digits); those are the ones json-c may clamp. */
#define IO_BIG_DIGITS 18

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_number_char(char c)
{
    return is_digit(c) || c == '-' || c == '+' || c == '.' || c == 'e'
           || c == 'E';
}

static int is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* End of the number token starting at s[i]: the maximal run of the
   characters a number can contain (no valid JSON puts one of them
   right after a number). */
size_t io_number_end(const char *s, size_t len, size_t i)
{
    while (i < len && is_number_char(s[i]))
        i++;
    return i;
}

/* Returns 1 if s[a..b) is a JSON number (RFC 8259 §6); sets *big when
   it is an integer of more than IO_BIG_DIGITS digits. */
int io_number_ok(const char *s, size_t a, size_t b, int *big)
{
    size_t i = a, d;
    int integer = 1;

    if (i < b && s[i] == '-')
        i++;
    d = i;
    if (i < b && s[i] == '0')
        i++;
    else if (i < b && s[i] >= '1' && s[i] <= '9')
        while (i < b && is_digit(s[i]))
            i++;
    else
        return 0;
    *big = i - d > IO_BIG_DIGITS;
    if (i < b && s[i] == '.') {
        integer = 0;
        if (++i >= b || !is_digit(s[i]))
            return 0;
        while (i < b && is_digit(s[i]))
            i++;
    }
    if (i < b && (s[i] == 'e' || s[i] == 'E')) {
        integer = 0;
        i++;
        if (i < b && (s[i] == '+' || s[i] == '-'))
            i++;
        if (i >= b || !is_digit(s[i]))
            return 0;
        while (i < b && is_digit(s[i]))
            i++;
    }
    if (!integer)
        *big = 0;
    return i == b;
}

/* Length of the well-formed UTF-8 sequence at s[i] (Unicode 15, Table
   3-7: no overlong forms, no surrogates, nothing beyond U+10FFFF), or 0
   when it is malformed. */
static size_t utf8_len(const char *s, size_t len, size_t i)
{
    const unsigned char *u = (const unsigned char *)s + i;
    size_t n = len - i, k, need;
    unsigned lo = 0x80, hi = 0xbf;

    if (u[0] < 0x80)
        return 1;
    if (u[0] >= 0xc2 && u[0] <= 0xdf)
        need = 2;
    else if (u[0] >= 0xe0 && u[0] <= 0xef)
        need = 3;
    else if (u[0] >= 0xf0 && u[0] <= 0xf4)
        need = 4;
    else
        return 0;
    if (u[0] == 0xe0)
        lo = 0xa0;
    else if (u[0] == 0xed)
        hi = 0x9f;
    else if (u[0] == 0xf0)
        lo = 0x90;
    else if (u[0] == 0xf4)
        hi = 0x8f;
    if (n < need)
        return 0;
    if (u[1] < lo || u[1] > hi)
        return 0;
    for (k = 2; k < need; k++)
        if (u[k] < 0x80 || u[k] > 0xbf)
            return 0;
    return need;
}

static int not_json(boxtoi_errinfo *err, size_t col, const char *what,
                    const char *s, size_t len)
{
    char q[IO_QUOTE_SIZE];
    io_quote(q, s, len, 0);
    return boxtoi_errinfo_set(err, BOXTOI_EPARSE,
                              "not valid JSON at column %lu: %s %s",
                              (unsigned long)col, q, what);
}

/* Scans the string starting at the quote s[i]; returns the index after
   its closing quote, or 0 on error (err set).  *nul is set when the
   string contains the escape \u0000. */
size_t io_scan_string(const char *s, size_t len, size_t i, int *nul,
                          boxtoi_errinfo *err)
{
    size_t start = i++, n;

    *nul = 0;
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"')
            return i + 1;
        if (c == '\\') {
            /* json-c checks the escapes themselves. */
            if (i + 5 < len && memcmp(s + i + 1, "u0000", 5) == 0)
                *nul = 1;
            i += 2;
            continue;
        }
        if (c < 0x20) {
            boxtoi_errinfo_set(err, BOXTOI_EPARSE,
                               "not valid JSON at column %lu: control "
                               "character 0x%02x in a string (write it as "
                               "\\u%04x)", (unsigned long)i + 1, c, c);
            return 0;
        }
        n = utf8_len(s, len, i);
        if (n == 0) {
            boxtoi_errinfo_set(err, BOXTOI_EPARSE,
                               "not valid JSON at column %lu: a string "
                               "that is not valid UTF-8",
                               (unsigned long)i + 1);
            return 0;
        }
        i += n;
    }
    boxtoi_errinfo_set(err, BOXTOI_EPARSE,
                       "not valid JSON at column %lu: unterminated string",
                       (unsigned long)start + 1);
    return 0;
}

/* The key s[a..b) (between the quotes) at depth 1 or inside a box. */
void io_count_key(io_scan_info *info, const char *s, size_t a,
                      size_t b, int depth, int *top)
{
    size_t n = b - a;
    int k;

    if (depth == 1) {
        *top = -1;
        for (k = 0; k < IO_NKEYS; k++)
            if (n > 0 && io_key_names[k][0] == s[a] /* most differ here */
                && strlen(io_key_names[k]) == n
                && memcmp(s + a, io_key_names[k], n) == 0) {
                *top = k;
                info->top[k]++;
            }
    } else if (depth == 2 && (*top == IO_KEY_BOX1 || *top == IO_KEY_BOX2)) {
        if (n == 3 && memcmp(s + a, "min", 3) == 0)
            info->box[*top - IO_KEY_BOX1][0]++;
        else if (n == 3 && memcmp(s + a, "max", 3) == 0)
            info->box[*top - IO_KEY_BOX1][1]++;
    }
}

int io_scan_line(io_scan_info *info, const char *s, size_t len,
                 boxtoi_errinfo *err)
{
    size_t i = 0, j, str_a = 0, str_b = 0;
    int depth = 0, top = -1, have_str = 0, str_nul = 0, big;

    memset(info, 0, sizeof *info);
    while (i < len) {
        char c = s[i];
        switch (c) {
        case ' ': case '\t': case '\r': case '\n':
            i++;
            continue; /* white space between a key and ':' is allowed */
        case '{': case '[':
            depth++;
            if (depth > info->maxdepth)
                info->maxdepth = depth;
            break;
        case '}': case ']':
            depth--;
            break;
        case ',':
            break;
        case ':':
            info->npairs++;
            if (have_str) {
                if (str_nul)
                    return boxtoi_errinfo_set(
                        err, BOXTOI_ESHAPE,
                        "column %lu: a key containing \\u0000 is not "
                        "supported", (unsigned long)str_a);
                io_count_key(info, s, str_a, str_b, depth, &top);
            }
            break;
        case '"':
            j = io_scan_string(s, len, i, &str_nul, err);
            if (j == 0)
                return err != NULL ? err->code : BOXTOI_EPARSE;
            str_a = i + 1;
            str_b = j - 1;
            i = j;
            have_str = 1;
            continue;
        default:
            if (c == '-' || is_digit(c)) {
                j = io_number_end(s, len, i);
                if (!io_number_ok(s, i, j, &big))
                    return not_json(err, i + 1, "is not a JSON number",
                                    s + i, j - i);
                info->nbig += big;
                i = j;
            } else if (is_letter(c)) {
                j = i;
                while (j < len && is_letter(s[j]))
                    j++;
                if (!((j - i == 4 && memcmp(s + i, "true", 4) == 0)
                      || (j - i == 5 && memcmp(s + i, "false", 5) == 0)
                      || (j - i == 4 && memcmp(s + i, "null", 4) == 0)))
                    return not_json(err, i + 1, "is not a JSON value",
                                    s + i, j - i);
                i = j;
            } else {
                return not_json(err, i + 1, "is an unexpected character",
                                s + i, 1);
            }
            have_str = 0;
            continue;
        }
        have_str = 0;
        i++;
    }
    return BOXTOI_OK;
}
