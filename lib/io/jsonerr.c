/* lib/io/jsonerr.c: the message of a line that lib/io/json.c refuses
   (json.h: io_json_refused, io_json_not_object).

   The store's reader accepts a line exactly when io_scan_line and then
   json-c in strict mode did (lib/io/json.c); for the message of a
   refused line, rare, the two are replayed here on the line: the first
   complaint of io_scan_line, else json-c's with the column where it
   stopped, plus a hint when the line looks like a piece of a JSON value
   written over several lines. */
#include <string.h>
#include <json.h>
#include "lib/util/impl.h"
#include "lib/io/json.h"

/* The error of json-c on the len bytes at s. */
static int json_error(const char *s, size_t len, boxtoi_errinfo *err)
{
    json_tokener *tok = json_tokener_new();
    json_object *o;
    enum json_tokener_error e;
    size_t off;

    if (tok == NULL)
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT
                                    | JSON_TOKENER_VALIDATE_UTF8);
    o = json_tokener_parse_ex(tok, s, (int)len);
    e = json_tokener_get_error(tok);
    off = json_tokener_get_parse_end(tok);
    json_object_put(o);
    json_tokener_free(tok);
    if (e == json_tokener_continue || e == json_tokener_success)
        return boxtoi_errinfo_set(err, BOXTOI_EPARSE,
                                  "not valid JSON: the line ends inside "
                                  "the object");
    return boxtoi_errinfo_set(err, BOXTOI_EPARSE,
                              "not valid JSON at column %lu: %s",
                              (unsigned long)off + 1,
                              json_tokener_error_desc(e));
}

/* Non-zero when the len bytes at s, which are not one JSON object, look
   like a piece of a JSON value written over several lines (a
   pretty-printed query): a line that opens an object or array without
   closing it, a line holding a key ("name": ...), or one that closes
   an object or array, or ends in ',' or ':'. */
static int looks_multiline(const char *s, size_t len)
{
    size_t a = 0, b = len;
    while (a < b && boxtoi_io_is_blank(s + a, 1))
        a++;
    while (b > a && boxtoi_io_is_blank(s + b - 1, 1))
        b--;
    if (a == b)
        return 0;
    if (s[a] == '}' || s[a] == ']' || s[b - 1] == ',' || s[b - 1] == ':'
        || s[b - 1] == '{' || s[b - 1] == '[')
        return 1;
    if (s[a] == '"') {
        size_t i = a + 1;
        while (i < b && s[i] != '"')
            i += s[i] == '\\' ? 2 : 1;
        for (i++; i < b && boxtoi_io_is_blank(s + i, 1); i++)
            ;
        return i < b && s[i] == ':';
    }
    return 0;
}

/* The hint added to a parse error on such a line. */
#define ONE_LINE_HINT \
    " (this looks like part of a JSON value written over several " \
    "lines: a query must be one line)"

int io_json_refused(const char *s, size_t len, boxtoi_errinfo *err)
{
    io_scan_info info;
    int rc = io_scan_line(&info, s, len, err);
    if (rc != BOXTOI_OK)
        return rc;
    rc = json_error(s, len, err);
    if (err != NULL && looks_multiline(s, len)
        && strlen(err->msg) + sizeof ONE_LINE_HINT <= sizeof err->msg)
        strcat(err->msg, ONE_LINE_HINT);
    return rc;
}

int io_json_not_object(const char *s, size_t len, boxtoi_errinfo *err)
{
    return boxtoi_errinfo_set(err, BOXTOI_EPARSE,
                              "the line is not a JSON object (it must "
                              "start with '{')%s",
                              looks_multiline(s, len) ? ONE_LINE_HINT : "");
}
