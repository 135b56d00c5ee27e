/* lib/io/scene.c: scene queries, one line of JSON to one result
   (doc/format.md, "Scenes"; spec §4.1 and §5.4).

   Method: a lexical test (io_is_scene) sends lines with a top-level key
   "scene" here from boxtoi_io_process_line.  The line is parsed as a
   two-box line is (io_parse_object, lib/io/json.c); each body's box and
   motion go through the readers of two-box queries (io_read_box,
   io_read_body_motion), so every motion form they read works in scenes,
   with the same messages, at paths like "scene[3].motion"; the id, the
   keys and the range go through the steps shared with lib/io/prim.c.
   The scene is solved by boxtoi_scene_first or boxtoi_scene_pairs and
   written with the builders of lib/io/write.c (or, with --text, as one
   line per contact through boxtoi_io_write_result). */
#include <stdlib.h>
#include <string.h>
#include <json.h>
#include "lib/util/impl.h"
#include "boxtoi/scene.h"
#include "lib/io/impl.h"
#include "lib/io/json.h"

static const char *const scene_keys[] = {"id", "scene", "ignore",
                                         "t_range", "report"};
static const char *const body_keys[] = {"name", "box", "motion"};

enum { REPORT_FIRST, REPORT_PAIRS, REPORT_INTERVALS };

static int is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int io_is_scene(const char *s, size_t len)
{
    size_t i = 0, start, j;
    int depth = 0;

    /* the test below only holds where the bytes "scene" (with the
       quotes) occur: most lines are told apart by one memchr for 'c' */
    if (!io_has_text(s, len, "\"scene\"", 3))
        return 0;
    while (i < len) {
        if (s[i] == '"') {
            start = ++i;
            while (i < len && s[i] != '"')
                i += s[i] == '\\' ? 2 : 1;
            if (i >= len)
                return 0;
            j = ++i;
            while (j < len && is_ws(s[j]))
                j++;
            if (depth == 1 && i - 1 - start == 5
                && memcmp(s + start, "scene", 5) == 0 && j < len
                && s[j] == ':')
                return 1;
            continue;
        }
        if (s[i] == '{' || s[i] == '[')
            depth++;
        else if (s[i] == '}' || s[i] == ']')
            depth--;
        i++;
    }
    return 0;
}

/* Body k of the scene, the object v. */
static int read_body(boxtoi_scene_t s, const io_jv *v, size_t k,
                     boxtoi_box_t box, boxtoi_motion_t m,
                     boxtoi_pmotion_t pm, const boxtoi_io_options *opts,
                     boxtoi_errinfo *err)
{
    char path[64], sub[80], buf[48];
    const io_jv *x;
    int rc;

    snprintf(path, sizeof path, "scene[%lu]", (unsigned long)k);
    if (!io_jis(v, IO_JOBJECT))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "%s: expected an object {\"name\": ..., "
                                  "\"box\": ..., \"motion\": ...}, found %s",
                                  path, io_found(v, buf, sizeof buf));
    rc = io_check_keys(v, path, body_keys, 3, opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    if (!io_jget(v, "name", &x))
        return boxtoi_errinfo_set(err, BOXTOI_EMISSING,
                                  "%s: missing key \"name\"", path);
    if (!io_jis(x, IO_JSTRING))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "%s.name: expected a string, found %s",
                                  path, io_found(x, buf, sizeof buf));
    if (!io_jget(v, "box", &x))
        return boxtoi_errinfo_set(err, BOXTOI_EMISSING,
                                  "%s: missing key \"box\"", path);
    snprintf(sub, sizeof sub, "%s.box", path);
    rc = io_read_box(box, x, sub, opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    boxtoi_motion_set_identity(m);
    boxtoi_pmotion_empty(pm);
    snprintf(sub, sizeof sub, "%s.motion", path);
    if (io_jget(v, "motion", &x))
        rc = io_read_body_motion(m, pm, x, sub, opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    io_jget(v, "name", &x);
    if (strlen(io_jstr(x))
        != (size_t)io_jstrlen(x))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "%s.name: a name must not contain "
                                  "\\u0000", path);
    if (pm->n > 0)
        return boxtoi_scene_add_body_pieces(s, io_jstr(x),
                                            box, pm, err);
    return boxtoi_scene_add_body(s, io_jstr(x), box, m, err);
}

static int read_bodies(boxtoi_scene_t s, const io_jv *v,
                       const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    boxtoi_box_t box;
    boxtoi_motion_t m;
    boxtoi_pmotion_t pm;
    char buf[48];
    size_t k, n;
    int rc = BOXTOI_OK;

    if (!io_jis(v, IO_JARRAY))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "scene: expected an array of bodies, "
                                  "found %s", io_found(v, buf, sizeof buf));
    n = io_jlen(v);
    boxtoi_box_init(box);
    boxtoi_motion_init(m);
    boxtoi_pmotion_init(pm);
    for (k = 0; k < n && rc == BOXTOI_OK; k++)
        rc = read_body(s, io_jat(v, k), k, box, m, pm,
                       opts, err);
    boxtoi_pmotion_clear(pm);
    boxtoi_motion_clear(m);
    boxtoi_box_clear(box);
    return rc;
}

static int read_ignore(boxtoi_scene_t s, const io_jv *v,
                       boxtoi_errinfo *err)
{
    char buf[48];
    size_t k, n;
    int rc = BOXTOI_OK;

    if (!io_jis(v, IO_JARRAY))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "ignore: expected an array of pairs of "
                                  "names, found %s",
                                  io_found(v, buf, sizeof buf));
    n = io_jlen(v);
    for (k = 0; k < n && rc == BOXTOI_OK; k++) {
        const io_jv *p = io_jat(v, k), *a, *b;
        if (!io_jis(p, IO_JARRAY)
            || io_jlen(p) != 2
            || !io_jis(a = io_jat(p, 0),
                                    IO_JSTRING)
            || !io_jis(b = io_jat(p, 1),
                                    IO_JSTRING))
            return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                      "ignore[%lu]: expected a pair of "
                                      "names [\"a\", \"b\"], found %s",
                                      (unsigned long)k,
                                      io_found(p, buf, sizeof buf));
        rc = boxtoi_scene_ignore(s, io_jstr(a),
                                 io_jstr(b), err);
    }
    return rc;
}

static int read_report(int *report, const io_jv *v, boxtoi_errinfo *err)
{
    const char *r = io_jstr(v);
    if (io_jis(v, IO_JSTRING) && strcmp(r, "first") == 0)
        *report = REPORT_FIRST;
    else if (io_jis(v, IO_JSTRING)
             && strcmp(r, "pairs") == 0)
        *report = REPORT_PAIRS;
    else if (io_jis(v, IO_JSTRING)
             && strcmp(r, "intervals") == 0)
        *report = REPORT_INTERVALS;
    else
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "report: expected \"first\", \"pairs\" "
                                  "or \"intervals\"");
    return BOXTOI_OK;
}

/* Reads the scene line into s and *report; the id into id. */
static int read_scene(boxtoi_scene_t s, int *report, boxtoi_strbuf *id,
                      const char *line, size_t len,
                      const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    const io_jv *root, *v = NULL;
    io_jdoc doc;
    mpq_t t0, t1;
    int rc, inf;

    io_jdoc_init(&doc);
    rc = io_parse_object(&doc, id, line, len, opts, err);
    root = doc.root;
    if (rc == BOXTOI_OK)
        rc = io_check_keys(root, "", scene_keys, 5, opts, err);
    if (rc == BOXTOI_OK && io_jget(root, "t_range", &v)) {
        mpq_init(t0);
        mpq_init(t1);
        rc = io_read_prim_range(t0, t1, &inf, v, opts, err);
        if (rc == BOXTOI_OK)
            rc = boxtoi_scene_set_range(s, t0, inf ? NULL : t1, err);
        mpq_clear(t0);
        mpq_clear(t1);
    }
    *report = REPORT_FIRST;
    if (rc == BOXTOI_OK && io_jget(root, "report", &v))
        rc = read_report(report, v, err);
    if (rc == BOXTOI_OK && !io_jget(root, "scene", &v))
        rc = boxtoi_errinfo_set(err, BOXTOI_EMISSING,
                                "missing key \"scene\"");
    if (rc == BOXTOI_OK)
        rc = read_bodies(s, v, opts, err);
    if (rc == BOXTOI_OK && io_jget(root, "ignore", &v))
        rc = read_ignore(s, v, err);
    io_jdoc_clear(&doc);
    return rc;
}

int boxtoi_io_read_scene(boxtoi_scene_t s, int *report, boxtoi_strbuf *id,
                         const char *line, size_t len,
                         const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    boxtoi_strbuf own;
    int rc, r = REPORT_FIRST;

    opts = io_options_or_default(opts, &def);
    boxtoi_strbuf_init(&own);
    rc = read_scene(s, &r, id != NULL ? id : &own, line, len, opts, err);
    boxtoi_strbuf_clear(&own);
    *report = r == REPORT_PAIRS ? BOXTOI_SCENE_PAIRS : BOXTOI_SCENE_FIRST;
    return rc;
}

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
    if (report == REPORT_FIRST && r->status == BOXTOI_CONTACT) {
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
    } else if (report == REPORT_PAIRS) {
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
        rc = read_scene(s, &report, &id, line, len, opts, &e);
    if (rc == BOXTOI_OK && report == REPORT_INTERVALS)
        rc = io_scene_intervals(sb, s, boxtoi_strbuf_str(&id), lineno, opts,
                                opts->explain ? trace : NULL, &ex, &e);
    else if (rc == BOXTOI_OK)
        rc = boxtoi_scene_solve(r, s,
                                report == REPORT_PAIRS ? BOXTOI_SCENE_PAIRS
                                                       : BOXTOI_SCENE_FIRST,
                                &opts->solver, opts->explain ? trace : NULL,
                                &ex, &e);
    if (rc == BOXTOI_OK && report == REPORT_INTERVALS)
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
