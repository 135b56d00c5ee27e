/* lib/io/intervals.c: results of report "intervals" (doc/format.md
   §4.4): the JSON list of intervals, each end a time object of §4.1
   built by the same writer as a first-contact time (io_time_json). */
#include <json.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"

struct json_object *io_json_intervals(boxtoi_intervals_t iv, long digits)
{
    json_object *arr = json_object_new_array(), *o, *v;
    long i;
    int e, fail = arr == NULL;

    for (i = 0; i < iv->n && !fail; i++) {
        o = json_object_new_object();
        if (o == NULL || json_object_array_add(arr, o) != 0) {
            json_object_put(o);
            fail = 1;
            break;
        }
        for (e = 0; e < 2 && !fail; e++) {
            if (e == 1 && i == iv->n - 1 && iv->to_inf)
                v = json_object_new_string("inf");
            else
                v = io_time_json(e == 0 ? iv->from + i : iv->to + i, digits);
            if (v == NULL
                || json_object_object_add(o, e == 0 ? "from" : "to", v) != 0)
            {
                json_object_put(v);
                fail = 1;
            }
        }
    }
    if (fail) {
        json_object_put(arr);
        return NULL;
    }
    return arr;
}

int io_write_intervals(boxtoi_strbuf *sb, boxtoi_intervals_t iv,
                       const char *id, long line, const boxtoi_query_t q,
                       const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    json_object *root, *v;
    int fail = 0, rc;

    rc = io_check_digits(opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    if (opts->format == BOXTOI_IO_TEXT)
        return io_write_intervals_text(sb, iv, id, line, q, opts, err);
    root = json_object_new_object();
    if (root == NULL)
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    if (id != NULL && *id != '\0') {
        v = io_json_id(id);
        fail |= v == NULL || json_object_object_add(root, "id", v) != 0;
    }
    v = json_object_new_string(iv->n > 0 ? "contact" : "no_contact");
    fail |= v == NULL || json_object_object_add(root, "status", v) != 0;
    v = io_json_intervals(iv, opts->digits);
    fail |= v == NULL || json_object_object_add(root, "intervals", v) != 0;
    return io_json_finish(sb, root, fail, err);
}
