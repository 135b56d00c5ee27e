/* lib/io/intervals.c: results of report "intervals" (doc/format.md
   §4.4): the JSON list of intervals, each end a time object of §4.1
   built by the same writer as a first-contact time (io_time_json). */
#include <string.h>
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

/* ---- scenes (doc/format.md §10) ------------------------------------- */

/* The JSON result of a scene with report "intervals". */
static int scene_json(boxtoi_strbuf *sb, boxtoi_scene_intervals_t r,
                      const boxtoi_scene_struct *s, const char *id,
                      const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    json_object *root = json_object_new_object(), *cs, *o, *p, *v;
    long k;
    int fail = root == NULL;

    if (root == NULL)
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    if (id != NULL && *id != '\0') {
        v = io_json_id(id);
        fail |= v == NULL || json_object_object_add(root, "id", v) != 0;
    }
    v = json_object_new_string(r->status == BOXTOI_CONTACT ? "contact"
                                                           : "no_contact");
    fail |= v == NULL || json_object_object_add(root, "status", v) != 0;
    cs = json_object_new_array();
    fail |= cs == NULL || json_object_object_add(root, "contacts", cs) != 0;
    for (k = 0; k < r->n && !fail; k++) {
        o = json_object_new_object();
        fail |= o == NULL || json_object_array_add(cs, o) != 0;
        p = fail ? NULL : json_object_new_array();
        fail |= p == NULL || json_object_object_add(o, "pair", p) != 0;
        fail |= fail
                || json_object_array_add(
                       p, json_object_new_string(s->body[r->v[k].a].name))
                       != 0
                || json_object_array_add(
                       p, json_object_new_string(s->body[r->v[k].b].name))
                       != 0;
        v = fail ? NULL : io_json_intervals(&r->v[k].iv, opts->digits);
        fail |= v == NULL || json_object_object_add(o, "intervals", v) != 0;
    }
    return io_json_finish(sb, root, fail, err);
}

/* --text: one line per pair, "ID a/b: contact during ...", or the
   "no contact in [t0, t1]" line. */
static int scene_text(boxtoi_strbuf *sb, boxtoi_scene_intervals_t r,
                      const boxtoi_scene_struct *s, const char *id,
                      long lineno, const boxtoi_io_options *opts,
                      boxtoi_errinfo *err)
{
    boxtoi_strbuf label;
    boxtoi_intervals_t none;
    boxtoi_query_t q;
    size_t len0 = sb->len;
    long k;
    int rc = BOXTOI_OK;

    boxtoi_strbuf_init(&label);
    boxtoi_intervals_init(none);
    boxtoi_query_init(q);
    mpq_set(q->t0, s->t0);
    mpq_set(q->t1, s->t1);
    q->t1_inf = s->t1_inf;
    for (k = 0; k < (r->n > 0 ? r->n : 1) && rc == BOXTOI_OK; k++) {
        rc = io_scene_label(&label, id, lineno, s, r->n > 0 ? r->v[k].a : -1,
                            r->n > 0 ? r->v[k].b : -1);
        if (rc == BOXTOI_OK)
            rc = io_write_intervals_text(sb, r->n > 0 ? &r->v[k].iv : none,
                                         boxtoi_strbuf_str(&label), lineno,
                                         q, opts, err);
    }
    boxtoi_query_clear(q);
    boxtoi_intervals_clear(none);
    boxtoi_strbuf_clear(&label);
    if (rc != BOXTOI_OK) {
        io_truncate(sb, len0);
        return boxtoi_errinfo_set(err, rc, "out of memory");
    }
    return BOXTOI_OK;
}

int io_scene_intervals(boxtoi_strbuf *sb, const boxtoi_scene_struct *s,
                       const char *id, long lineno,
                       const boxtoi_io_options *opts,
                       boxtoi_scene_trace_fn trace, void *ctx,
                       boxtoi_errinfo *err)
{
    boxtoi_scene_intervals_t r;
    int rc;

    boxtoi_scene_intervals_init(r);
    rc = boxtoi_scene_intervals_solve(r, s, &opts->solver, trace, ctx, err);
    if (rc == BOXTOI_OK && opts->format == BOXTOI_IO_TEXT)
        rc = scene_text(sb, r, s, id, lineno, opts, err);
    else if (rc == BOXTOI_OK)
        rc = scene_json(sb, r, s, id, opts, err);
    boxtoi_scene_intervals_clear(r);
    return rc;
}
