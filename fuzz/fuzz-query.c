/* fuzz/fuzz-query.c: libFuzzer target for the JSON Lines query reader
   and the number parser (lib/io), through the public API only.

   Method: each input is taken as one line of a query file and run
   through boxtoi_io_process_line in both output formats (JSON and
   text), and as the text of one number through boxtoi_io_parse_number.
   The solver runs with tight limits (degree 3, 64-bit coefficients, see
   doc/testing.md §3) so that a run explores the parser rather than
   spending its time in root isolation; fuzz/fuzz-solve.c covers the
   solver.  Beyond "no crash, no sanitizer report, no leak", every
   result is checked against the contract of include/boxtoi/io.h:
   - the returned code is a known status, never internal_error, and the
     errinfo carries the same code and a message that is non-empty,
     NUL-terminated and free of control bytes;
   - the output is exactly one line ending in "\n"; in JSON it parses
     (json-c, strict) to an object whose "status" matches the code and,
     for errors, whose "error"."code" is boxtoi_errname(code) and whose
     "line" is the line number passed in;
   - a number that parses prints (mpq_get_str) to text that parses back
     to the same value, and an invalid number gives invalid_number or
     limit_exceeded.
   A failed check calls abort(), which libFuzzer reports as a crash with
   the input saved.  Build and run: fuzz/run.sh (doc/testing.md §2). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json.h>
#include <boxtoi.h>

#define LINENO 7

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz-query: %s%s%s\n", what, detail ? ": " : "",
            detail ? detail : "");
    abort();
}

/* A message must be a non-empty C string of printable bytes (the
   writers escape it, but a control byte there means a raw input byte
   leaked into a message unescaped). */
static void check_errinfo(const boxtoi_errinfo *err, int rc)
{
    size_t i, n = strnlen(err->msg, sizeof err->msg);
    if (err->code != rc)
        fail("errinfo code differs from the returned code", err->msg);
    if (n == sizeof err->msg)
        fail("errinfo message not NUL-terminated", NULL);
    if (n == 0)
        fail("empty error message", boxtoi_errname(rc));
    for (i = 0; i < n; i++)
        if ((unsigned char)err->msg[i] < 0x20)
            fail("control byte in an error message", err->msg);
}

/* The codes a line may legitimately produce. */
static int known_line_code(int rc)
{
    switch (rc) {
    case BOXTOI_OK:
    case BOXTOI_EPARSE:
    case BOXTOI_EMISSING:
    case BOXTOI_ESHAPE:
    case BOXTOI_ENUMBER:
    case BOXTOI_EBOX:
    case BOXTOI_ERANGE:
    case BOXTOI_EPROJECTIVE:
    case BOXTOI_EWEIGHT:
    case BOXTOI_ESINGULAR:
    case BOXTOI_ELIMIT:
        return 1;
    }
    return 0;
}

/* Exactly one line: a single '\n', at the end, and no NUL inside. */
static void check_one_line(const boxtoi_strbuf *sb)
{
    const char *s = boxtoi_strbuf_str(sb);
    if (sb->len == 0 || s[sb->len - 1] != '\n')
        fail("output does not end in a newline", s);
    if (memchr(s, '\n', sb->len) != s + sb->len - 1)
        fail("output has more than one line", s);
    if (strlen(s) != sb->len)
        fail("output contains a NUL byte", NULL);
}

static void check_json(const boxtoi_strbuf *sb, int rc)
{
    json_tokener *tok = json_tokener_new();
    json_object *root, *v, *e;
    const char *status;

    if (tok == NULL)
        fail("out of memory", NULL);
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT
                                    | JSON_TOKENER_VALIDATE_UTF8);
    /* without the final newline, which strict mode refuses */
    root = json_tokener_parse_ex(tok, sb->str, (int)sb->len - 1);
    if (root == NULL || json_tokener_get_parse_end(tok) != sb->len - 1)
        fail("output is not one JSON value", sb->str);
    json_tokener_free(tok);
    if (!json_object_is_type(root, json_type_object)
        || !json_object_object_get_ex(root, "status", &v)
        || !json_object_is_type(v, json_type_string))
        fail("output has no \"status\"", sb->str);
    status = json_object_get_string(v);
    if (rc == BOXTOI_OK) {
        if (strcmp(status, "contact") != 0
            && strcmp(status, "no_contact") != 0)
            fail("status of a solved line", sb->str);
        if (strcmp(status, "contact") == 0
            && (!json_object_object_get_ex(root, "t", &v)
                || !json_object_object_get_ex(v, "decimal", &e)))
            fail("contact without t.decimal", sb->str);
    } else {
        if (strcmp(status, "error") != 0
            || !json_object_object_get_ex(root, "error", &v)
            || !json_object_object_get_ex(v, "code", &e)
            || strcmp(json_object_get_string(e), boxtoi_errname(rc)) != 0)
            fail("error result does not carry the code", sb->str);
        if (!json_object_object_get_ex(root, "line", &v)
            || json_object_get_int(v) != LINENO)
            fail("error result does not carry the line", sb->str);
    }
    json_object_put(root);
}

static void fuzz_line(const char *line, size_t len, int format)
{
    boxtoi_io_options opts;
    boxtoi_strbuf sb;
    boxtoi_errinfo err;
    int rc;

    boxtoi_io_options_init(&opts);
    opts.solver.max_degree = 3;
    opts.solver.max_bits = 64;
    opts.digits = 12;
    opts.format = format;
    boxtoi_strbuf_init(&sb);
    rc = boxtoi_io_process_line(&sb, line, len, LINENO, &opts, &err);
    if (!known_line_code(rc))
        fail("unexpected status", boxtoi_errname(rc));
    if (rc != BOXTOI_OK)
        check_errinfo(&err, rc);
    check_one_line(&sb);
    if (format == BOXTOI_IO_JSON)
        check_json(&sb, rc);
    boxtoi_strbuf_clear(&sb);
}

static void fuzz_number(const char *s, size_t len)
{
    boxtoi_errinfo err;
    void (*gmp_free)(void *, size_t);
    mpq_t a, b;
    char *text;
    int rc;

    mpq_init(a);
    mpq_init(b);
    rc = boxtoi_io_parse_number(a, s, len, NULL, &err);
    if (rc == BOXTOI_OK) {
        if (mpz_sgn(mpq_denref(a)) <= 0)
            fail("number: denominator not positive", NULL);
        text = mpq_get_str(NULL, 10, a);
        if (boxtoi_io_parse_number(b, text, strlen(text), NULL, &err)
                != BOXTOI_OK
            || !mpq_equal(a, b))
            fail("number: printed value does not read back", text);
        mp_get_memory_functions(NULL, NULL, &gmp_free);
        gmp_free(text, strlen(text) + 1);
    } else {
        if (rc != BOXTOI_ENUMBER && rc != BOXTOI_ELIMIT)
            fail("number: unexpected status", boxtoi_errname(rc));
        check_errinfo(&err, rc);
    }
    mpq_clear(a);
    mpq_clear(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    /* A line reaches the library without its newline (as the command
       strips it); keep the input as is otherwise, NULs included. */
    fuzz_line(s, size, BOXTOI_IO_JSON);
    fuzz_line(s, size, BOXTOI_IO_TEXT);
    if (size <= 256)
        fuzz_number(s, size);
    return 0;
}
