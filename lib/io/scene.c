/* lib/io/scene.c: scene queries, one line of JSON to one result
   (doc/format.md, "Scenes"; spec §4.1 and §5.4).

   Method: a lexical test (io_is_scene) sends lines with a top-level key
   "scene" here from boxtoi_io_process_line.  The line is read by
   io_read_scene_line (lib/io/sceneread.c), solved by boxtoi_scene_first
   or boxtoi_scene_pairs and written with the builders of
   lib/io/write.c (or, with --text, as one line per contact through
   boxtoi_io_write_result). */
#include <stdlib.h>
#include <string.h>
#include <json.h>
#include "lib/util/impl.h"
#include "boxtoi/scene.h"
#include "lib/io/impl.h"
#include "lib/io/json.h"

/* [name a, name b] of contact c. */
static json_object *pair_obj(const boxtoi_scene_t s,
                             const boxtoi_scene_contact *c)
{
    json_object *p = json_object_new_array();
    if (p == NULL)
        return NULL;
    json_object_array_add(p, json_object_new_string(s->body[c->a].name));
    json_object_array_add(p, json_object_new_string(s->body[c->b].name));
    return p;
}

/* Adds v to obj at key (or to the array obj when key is NULL); sets
   *fail on a NULL v or a failure. */
static void put(json_object *obj, const char *key, json_object *v,
                int *fail)
{
    int rc = v == NULL || obj == NULL ? -1
             : key == NULL            ? json_object_array_add(obj, v)
                                      : json_object_object_add(obj, key, v);
    if (rc != 0) {
        json_object_put(v);
        *fail = 1;
    }
}

/* The motion of body b at the time of contact c: its piece there for a
   piecewise motion (io_piece_at_t, as for a two-box query). */
static const boxtoi_motion_struct *motion_at(const boxtoi_body_struct *b,
                                             const boxtoi_contact_struct *c)
{
    return b->pm.n > 0 ? b->pm.piece + io_piece_at_t(&b->pm, c) : &b->motion;
}

/* q = the pair v of scene s as a two-box query (for the contact point
   and normal of its contact): body a as box 1, body b as box 2, moving
   as they do at the contact time, the scene's range. */
static void pair_query(boxtoi_query_t q, const boxtoi_scene_t s,
                       const boxtoi_scene_contact *v)
{
    const boxtoi_body_struct *a = s->body + v->a, *b = s->body + v->b;
    boxtoi_box_set(q->box, &a->box);
    boxtoi_box_set(q->box + 1, &b->box);
    boxtoi_motion_set(q->motion, motion_at(a, &v->c));
    boxtoi_motion_set(q->motion + 1, motion_at(b, &v->c));
    mpq_set(q->t0, s->t0);
    mpq_set(q->t1, s->t1);
    q->t1_inf = s->t1_inf;
}

static int write_json(boxtoi_strbuf *sb, boxtoi_scene_result_t r,
                      const boxtoi_scene_t s, const char *id, int report,
                      const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    json_object *root = json_object_new_object(), *pairs, *cs, *o;
    boxtoi_query_t q;
    int fail = 0;
    long k;

    boxtoi_query_init(q);

    if (id != NULL && *id != '\0')
        put(root, "id", io_json_id(id), &fail);
    put(root, "status", json_object_new_string(r->status == BOXTOI_CONTACT
                                                   ? "contact"
                                                   : "no_contact"),
        &fail);
    if (report == IO_REPORT_FIRST && r->status == BOXTOI_CONTACT) {
        put(root, "t", io_time_json(&r->v[0].c.t, opts->digits), &fail);
        put(root, "initial", json_object_new_boolean(r->v[0].c.initial),
            &fail);
        put(root, "pairs", pairs = json_object_new_array(), &fail);
        put(root, "contacts", cs = json_object_new_array(), &fail);
        for (k = 0; k < r->n && !fail; k++) {
            put(pairs, NULL, pair_obj(s, r->v + k), &fail);
            pair_query(q, s, r->v + k);
            put(cs, NULL, io_json_contact(&r->v[k].c, q, opts->digits),
                &fail);
        }
    } else if (report == IO_REPORT_PAIRS) {
        put(root, "contacts", cs = json_object_new_array(), &fail);
        for (k = 0; k < r->n && !fail; k++) {
            put(cs, NULL, o = json_object_new_object(), &fail);
            put(o, "pair", pair_obj(s, r->v + k), &fail);
            put(o, "t", io_time_json(&r->v[k].c.t, opts->digits), &fail);
            put(o, "initial", json_object_new_boolean(r->v[k].c.initial),
                &fail);
            pair_query(q, s, r->v + k);
            put(o, "contact", io_json_contact(&r->v[k].c, q, opts->digits),
                &fail);
        }
    }
    boxtoi_query_clear(q);
    return io_json_finish(sb, root, fail, err);
}

int io_scene_label(boxtoi_strbuf *label, const char *id, long lineno,
                   const boxtoi_scene_struct *s, long a, long b)
{
    size_t n = id != NULL ? strlen(id) : 0;
    int rc;
    boxtoi_strbuf_reset(label);
    if (n >= 2 && id[0] == '"' && strchr(id, '\\') == NULL)
        rc = boxtoi_strbuf_putn(label, id + 1, n - 2);
    else if (n > 0)
        rc = boxtoi_strbuf_puts(label, id);
    else
        rc = boxtoi_strbuf_printf(label, "line %ld", lineno);
    if (rc == BOXTOI_OK && a >= 0)
        rc = boxtoi_strbuf_printf(label, " %s/%s", s->body[a].name,
                                  s->body[b].name);
    return rc;
}

/* --text: one line per contact, labelled "ID a/b" (the id without its
   quotes, else "line N"), or one "no contact" line. */
static int write_text(boxtoi_strbuf *sb, boxtoi_scene_result_t r,
                      const boxtoi_scene_t s, const char *id, long lineno,
                      const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    boxtoi_strbuf label;
    boxtoi_query_t q;
    boxtoi_contact_t none; /* status BOXTOI_NO_CONTACT */
    size_t len0 = sb->len;
    long k;
    int rc = BOXTOI_OK;

    boxtoi_strbuf_init(&label);
    boxtoi_query_init(q);
    boxtoi_contact_init(none);
    mpq_set(q->t0, s->t0);
    mpq_set(q->t1, s->t1);
    q->t1_inf = s->t1_inf;
    for (k = 0; k < (r->n > 0 ? r->n : 1) && rc == BOXTOI_OK; k++) {
        if (r->n > 0)
            pair_query(q, s, r->v + k);
        rc = io_scene_label(&label, id, lineno, s, r->n > 0 ? r->v[k].a : -1,
                            r->n > 0 ? r->v[k].b : -1);
        if (rc == BOXTOI_OK)
            rc = boxtoi_io_write_result(sb, r->n > 0 ? &r->v[k].c : none,
                                        boxtoi_strbuf_str(&label), lineno, q,
                                        opts, err);
    }
    boxtoi_contact_clear(none);
    boxtoi_query_clear(q);
    boxtoi_strbuf_clear(&label);
    if (rc != BOXTOI_OK) {
        io_truncate(sb, len0);
        return boxtoi_errinfo_set(err, rc, "out of memory");
    }
    return BOXTOI_OK;
}

/* --explain: the trace of the solver as lines "# ...". */
typedef struct {
    boxtoi_strbuf sb;
    const boxtoi_scene_struct *s;
    int fail;
} explain;

static int put_range(boxtoi_strbuf *sb, mpq_srcptr lo, mpq_srcptr hi)
{
    int rc = boxtoi_strbuf_puts(sb, "[");
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_put_mpq(sb, lo);
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_puts(sb, ", ");
    if (rc == BOXTOI_OK)
        rc = hi == NULL ? boxtoi_strbuf_puts(sb, "inf)")
                        : boxtoi_strbuf_put_mpq(sb, hi);
    if (rc == BOXTOI_OK && hi != NULL)
        rc = boxtoi_strbuf_puts(sb, "]");
    return rc;
}

static void trace(void *ctx, const boxtoi_scene_event *ev)
{
    explain *x = ctx;
    boxtoi_strbuf *sb = &x->sb;
    int rc;

    if (ev->kind == BOXTOI_SCENE_WINDOW) {
        rc = boxtoi_strbuf_puts(sb, "# window ");
        if (rc == BOXTOI_OK)
            rc = put_range(sb, ev->lo, ev->hi);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_printf(sb, ": %ld pairs meet in the sweep, "
                                      "%ld to refine\n", ev->npairs,
                                      ev->ncand);
    } else {
        rc = boxtoi_strbuf_printf(sb, "# exact %s/%s on ",
                                  x->s->body[ev->a].name,
                                  x->s->body[ev->b].name);
        if (rc == BOXTOI_OK)
            rc = put_range(sb, ev->lo, ev->hi);
        if (rc == BOXTOI_OK && ev->c->status == BOXTOI_CONTACT) {
            rc = boxtoi_strbuf_puts(sb, ": contact at t ~ ");
            if (rc == BOXTOI_OK)
                rc = boxtoi_alg_get_str(sb, &ev->c->t, 12);
            if (rc == BOXTOI_OK)
                rc = boxtoi_strbuf_puts(sb, "\n");
        } else if (rc == BOXTOI_OK) {
            rc = boxtoi_strbuf_puts(sb, ": no contact\n");
        }
    }
    x->fail |= rc != BOXTOI_OK;
}

int io_process_scene(boxtoi_strbuf *sb, const char *line, size_t len,
                     long lineno, const boxtoi_io_options *opts,
                     boxtoi_errinfo *err)
{
    boxtoi_scene_t s;
    boxtoi_scene_result_t r;
    boxtoi_strbuf id;
    boxtoi_errinfo e;
    explain ex;
    int rc, report;

    boxtoi_strbuf_init(&ex.sb);
    ex.s = s;
    ex.fail = 0;
    boxtoi_errinfo_reset(&e);
    boxtoi_scene_init(s);
    boxtoi_scene_set_threads(s, opts->scene_threads);
    boxtoi_scene_result_init(r);
    boxtoi_strbuf_init(&id);
    rc = io_check_digits(opts, &e);
    if (rc == BOXTOI_OK)
        rc = io_read_scene_line(s, &report, &id, line, len, opts, &e);
    if (rc == BOXTOI_OK && report == IO_REPORT_INTERVALS)
        rc = io_scene_intervals(sb, s, boxtoi_strbuf_str(&id), lineno, opts,
                                opts->explain ? trace : NULL, &ex, &e);
    else if (rc == BOXTOI_OK)
        rc = boxtoi_scene_solve(r, s,
                                report == IO_REPORT_PAIRS
                                    ? BOXTOI_SCENE_PAIRS
                                    : BOXTOI_SCENE_FIRST,
                                &opts->solver, opts->explain ? trace : NULL,
                                &ex, &e);
    if (rc == BOXTOI_OK && report == IO_REPORT_INTERVALS)
        ; /* written by io_scene_intervals */
    else if (rc == BOXTOI_OK && opts->format == BOXTOI_IO_TEXT)
        rc = write_text(sb, r, s, boxtoi_strbuf_str(&id), lineno, opts, &e);
    else if (rc == BOXTOI_OK)
        rc = write_json(sb, r, s, boxtoi_strbuf_str(&id), report, opts, &e);
    if (rc == BOXTOI_OK && opts->explain
        && (ex.fail || boxtoi_strbuf_puts(sb, boxtoi_strbuf_str(&ex.sb))
                           != BOXTOI_OK)) {
        rc = boxtoi_errinfo_set(&e, BOXTOI_ENOMEM, "out of memory");
    }
    rc = io_line_end(sb, rc, &e, boxtoi_strbuf_str(&id), lineno, opts, err);
    boxtoi_strbuf_clear(&ex.sb);
    boxtoi_strbuf_clear(&id);
    boxtoi_scene_result_clear(r);
    boxtoi_scene_clear(s);
    return rc;
}
