/* lib/io/writetree.c: the writers built as json-c trees (doc/format.md
   §4): an error line, whose message may need escapes, and the trees of
   other writers (lib/io/scene.c, lib/io/intervals.c) into which
   lib/io/write.c's text objects enter.  Keys are inserted in a fixed
   order (json-c keeps insertion order), and the tree is serialised
   with JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE: no
   spaces, "/" not escaped, so the bytes depend only on the result.
   Also the buffer's truncation and the digits' check that every
   writer shares. */
#include <json.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"

#define JSON_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

void io_truncate(boxtoi_strbuf *sb, size_t len)
{
    if (sb->str != NULL && len <= sb->len) {
        sb->len = len;
        sb->str[len] = '\0';
    }
}

int io_check_digits(const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    if (opts->digits < 1)
        return boxtoi_errinfo_set(err, BOXTOI_EINVAL,
                                  "digits must be at least 1, not %ld",
                                  opts->digits);
    if (opts->max_digits > 0 && opts->digits > opts->max_digits)
        return boxtoi_errinfo_set(err, BOXTOI_ELIMIT,
                                  "digits %ld exceeds the limit %ld",
                                  opts->digits, opts->max_digits);
    return BOXTOI_OK;
}

/* The id's JSON text as a json-c object that serialises to exactly that
   text (json-c's literal-text serializer, json_object_new_double_s,
   which is how json-c itself keeps a number's literal). */
static json_object *raw_id(const char *id)
{
    return json_object_new_double_s(0.0, id);
}

/* Serialises root (consumed) onto sb followed by "\n". */
static int finish(int fail, json_object *root, boxtoi_strbuf *sb,
                  size_t len0, boxtoi_errinfo *err)
{
    const char *s = NULL;
    int rc = BOXTOI_ENOMEM;

    if (root != NULL && !fail)
        s = json_object_to_json_string_ext(root, JSON_FLAGS);
    if (s != NULL && boxtoi_strbuf_puts(sb, s) == BOXTOI_OK
        && boxtoi_strbuf_puts(sb, "\n") == BOXTOI_OK)
        rc = BOXTOI_OK;
    json_object_put(root);
    if (rc != BOXTOI_OK) {
        io_truncate(sb, len0);
        return boxtoi_errinfo_set(err, rc, "out of memory");
    }
    return BOXTOI_OK;
}

/* An error line: its message may hold any character, which json-c
   escapes. */
static void add(int *fail, json_object *obj, const char *key,
                json_object *v)
{
    if (v == NULL || obj == NULL || json_object_object_add(obj, key, v) != 0)
    {
        json_object_put(v);
        *fail = 1;
    }
}

int io_write_error_json(boxtoi_strbuf *sb, const char *id, long line,
                        int code, const char *msg)
{
    size_t len0 = sb->len;
    json_object *root = json_object_new_object(), *e;
    int fail = 0;

    if (id != NULL && *id != '\0')
        add(&fail, root, "id", raw_id(id));
    if (line > 0)
        add(&fail, root, "line", json_object_new_int64(line));
    add(&fail, root, "status", json_object_new_string("error"));
    e = json_object_new_object();
    add(&fail, e, "code", json_object_new_string(boxtoi_errname(code)));
    add(&fail, e, "message", json_object_new_string(
                                 msg != NULL ? msg : boxtoi_strerror(code)));
    add(&fail, root, "error", e);
    return finish(fail, root, sb, len0, NULL);
}

struct json_object *io_json_id(const char *id)
{
    return raw_id(id);
}

int io_json_finish(boxtoi_strbuf *sb, struct json_object *root, int fail,
                   boxtoi_errinfo *err)
{
    return finish(fail, root, sb, sb->len, err);
}
