/* lib/io/query.c: one line of JSON -> a query and its id.

   Method (doc/format.md §2-§3): io_jdoc_parse (lib/io/json.c) reads
   the line into a store of values in one pass that enforces the JSON
   grammar, with the messages of io_scan_line and json-c for what it
   refuses, and notes duplicate keys.  The values are then read in a
   fixed key order (id, numbers, box1, box2, motion1, motion2, t_range),
   so that the first error reported does not depend on the order of the
   keys in the text.  Every number, JSON number or string, goes through
   io_parse_number from its literal text (lib/io/read.c).  The common
   line is read before all this by lib/io/quick.c, which declines every
   other line (and every error) to this path. */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"
#include "lib/io/read.h"

static int read_box(boxtoi_box_struct *box, const io_jv *obj,
                    const char *path, rd_ctx *c)
{
    static const char *const names[2] = {"min", "max"};
    char buf[48], x[2][80];
    const io_jv *v, *a;
    int m, k, rc;

    if (!io_jis(obj, IO_JOBJECT))
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s: expected an object {\"min\": [x, y, "
                                  "z], \"max\": [x, y, z]}, found %s",
                                  path, io_found(obj, buf, sizeof buf));
    rc = io_rd_check_keys(obj, path, names, 2, c);
    if (rc != BOXTOI_OK)
        return rc;
    for (m = 0; m < 2; m++) {
        if (!io_jget(obj, names[m], &a))
            return boxtoi_errinfo_set(c->err, BOXTOI_EMISSING,
                                      "%s: missing key \"%s\"", path,
                                      names[m]);
        if (!io_jis(a, IO_JARRAY)
            || io_jlen(a) != 3)
            return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                      "%s.%s: expected an array of 3 "
                                      "numbers, found %s", path, names[m],
                                      io_found(a, buf, sizeof buf));
        for (k = 0; k < 3; k++) {
            place at;
            at.base = path;
            at.name = names[m];
            at.i = k;
            at.j = 0;
            at.k = -1;
            v = io_jat(a, (size_t)k);
            rc = io_rd_number(m == 0 ? box->min[k] : box->max[k], v, &at, c);
            if (rc != BOXTOI_OK)
                return rc;
        }
    }
    for (k = 0; k < 3; k++)
        if (mpq_cmp(box->min[k], box->max[k]) > 0) {
            io_mpq_text(x[0], sizeof x[0], box->min[k]);
            io_mpq_text(x[1], sizeof x[1], box->max[k]);
            return boxtoi_errinfo_set(c->err, BOXTOI_EBOX,
                                      "%s.min[%d] > %s.max[%d] (%s > %s)",
                                      path, k, path, k, x[0], x[1]);
        }
    return BOXTOI_OK;
}

/* t0, t1 = the t_range v (doc/format.md §3); *t1_inf = 1 and t1
   untouched when t1 is "inf". */
static int read_range(mpq_t t0, mpq_t t1, int *t1_inf, const io_jv *v,
                      rd_ctx *c)
{
    char buf[48], x[2][80];
    place at;
    const io_jv *e;
    int rc;

    if (!io_jis(v, IO_JARRAY)
        || io_jlen(v) != 2)
        return boxtoi_errinfo_set(c->err, BOXTOI_ERANGE,
                                  "t_range: expected [t0, t1], found %s",
                                  io_found(v, buf, sizeof buf));
    e = io_jat(v, 0);
    if (io_jis(e, IO_JSTRING)
        && strcmp(io_jstr(e), "inf") == 0)
        return boxtoi_errinfo_set(c->err, BOXTOI_ERANGE,
                                  "t_range[0]: \"inf\" is allowed only as "
                                  "t1");
    at.base = "t_range[0]";
    at.name = NULL;
    at.i = -1;
    rc = io_rd_number(t0, e, &at, c);
    if (rc != BOXTOI_OK)
        return rc;
    e = io_jat(v, 1);
    if (io_jis(e, IO_JSTRING)
        && io_jstrlen(e) == 3
        && strcmp(io_jstr(e), "inf") == 0) {
        *t1_inf = 1;
        return BOXTOI_OK;
    }
    at.base = "t_range[1]";
    rc = io_rd_number(t1, e, &at, c);
    if (rc != BOXTOI_OK)
        return rc;
    if (mpq_cmp(t0, t1) > 0) {
        io_mpq_text(x[0], sizeof x[0], t0);
        io_mpq_text(x[1], sizeof x[1], t1);
        return boxtoi_errinfo_set(c->err, BOXTOI_ERANGE,
                                  "t_range: t0 > t1 (%s > %s)", x[0], x[1]);
    }
    return BOXTOI_OK;
}

/* id = the JSON text of the id v; when id is NULL, v is only checked. */
static int read_id(boxtoi_strbuf *id, const io_jv *v, rd_ctx *c)
{
    const char *s;
    size_t len;
    char buf[48];

    switch (v->type) {
    case IO_JSTRING:
        if (id != NULL && io_jescape(id, v->s, v->len) != BOXTOI_OK)
            return boxtoi_errinfo_set(c->err, BOXTOI_ENOMEM,
                                      "out of memory");
        return BOXTOI_OK;
    case IO_JNUMBER:
        /* json-c printed an integer of up to 18 digits from its value,
           which is its text but for "-0" */
        s = v->len == 2 && memcmp(v->s, "-0", 2) == 0 ? "0" : v->s;
        len = s == v->s ? v->len : 1;
        break;
    default:
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "id: expected a string or a number, "
                                  "found %s", io_found(v, buf, sizeof buf));
    }
    if (id == NULL)
        return BOXTOI_OK;
    if (boxtoi_strbuf_putn(id, s, len) != BOXTOI_OK)
        return boxtoi_errinfo_set(c->err, BOXTOI_ENOMEM, "out of memory");
    return BOXTOI_OK;
}

/* c->binary64 from the query's "numbers" key v, if any. */
static int read_numbers(const io_jv *v, rd_ctx *c)
{
    const char *s = io_jis(v, IO_JSTRING)
                        ? io_jstr(v)
                        : NULL;
    char buf[48];

    if (s != NULL && strcmp(s, "decimal") == 0)
        c->binary64 = 0;
    else if (s != NULL && strcmp(s, "binary64") == 0)
        c->binary64 = 1;
    else if (s != NULL) {
        char q[IO_QUOTE_SIZE];
        io_quote(q, s, (size_t)io_jstrlen(v), 1);
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "numbers: expected \"decimal\" or "
                                  "\"binary64\", found %s", q);
    } else
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "numbers: expected \"decimal\" or "
                                  "\"binary64\", found %s",
                                  io_found(v, buf, sizeof buf));
    return BOXTOI_OK;
}

int io_read_numbers(boxtoi_io_options *o, const io_jv *v,
                    boxtoi_errinfo *err)
{
    rd_ctx c;
    int rc;

    io_rd_init(&c, o, err);
    rc = read_numbers(v, &c);
    if (rc == BOXTOI_OK)
        o->numbers = c.binary64 ? BOXTOI_IO_BINARY64 : BOXTOI_IO_DECIMAL;
    return rc;
}

/* The message for a line with a duplicate key. */
static int duplicate(const io_scan_info *info, boxtoi_errinfo *err)
{
    int k, b;
    for (k = 0; k < IO_NKEYS; k++)
        if (info->top[k] > 1)
            return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                      "duplicate key \"%s\"",
                                      io_key_names[k]);
    for (b = 0; b < 2; b++)
        for (k = 0; k < 2; k++)
            if (info->box[b][k] > 1)
                return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                          "box%d: duplicate key \"%s\"",
                                          b + 1, k == 0 ? "min" : "max");
    return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                              "duplicate key in an object (the keys of a "
                              "JSON object must differ)");
}

/* A rotation that vanishes in the range is named as such rather than
   as w = motion[3][3], which the query does not spell. */
static int check_rotation(const boxtoi_query_t q, int b, rd_ctx *c)
{
    boxtoi_errinfo e;
    const char *name = io_key_names[IO_KEY_MOTION1 + b];
    int rc = boxtoi_motion_check(q->motion + b, q->t0,
                                 q->t1_inf ? NULL : q->t1, name, &e);
    if (rc != BOXTOI_EWEIGHT)
        return BOXTOI_OK; /* anything else is the solver's to report */
    return boxtoi_errinfo_set(c->err, rc,
                              "%s.rotation: the quaternion q(t) vanishes "
                              "in the range (%s)", name, e.msg);
}

/* *report from the query's "report" key v (IO_REPORT_*). */
static int read_report(int *report, const io_jv *v, rd_ctx *c)
{
    const char *s = io_jis(v, IO_JSTRING)
                        ? io_jstr(v)
                        : NULL;
    char buf[48], q[IO_QUOTE_SIZE];

    if (s != NULL && strcmp(s, "first") == 0) {
        *report = IO_REPORT_FIRST;
    } else if (s != NULL && strcmp(s, "intervals") == 0) {
        *report = IO_REPORT_INTERVALS;
    } else if (s != NULL) {
        io_quote(q, s, strlen(s), 1);
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "report: expected \"first\" or "
                                  "\"intervals\", found %s", q);
    } else {
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "report: expected \"first\" or "
                                  "\"intervals\", found %s",
                                  io_found(v, buf, sizeof buf));
    }
    return BOXTOI_OK;
}

/* boxtoi_io_read_query, with the piecewise motions into pm[0..1] when
   pm is not NULL (boxtoi_io_read_query_pieces) and the report into
   *report when report is not NULL (the key is checked either way). */
static int read_query(boxtoi_query_t q, boxtoi_pmotion_struct *pm,
                      int *report, boxtoi_strbuf *id, const char *line,
                      size_t len, const boxtoi_io_options *opts,
                      boxtoi_errinfo *err, int quick)
{
    int rep = IO_REPORT_FIRST;
    boxtoi_io_options def;
    io_jdoc doc;
    const io_jv *root, *v;
    rd_ctx c;
    int b, rc, kind[2] = {IO_MOTION_MATRIX, IO_MOTION_MATRIX};

    opts = io_options_or_default(opts, &def);
    /* the common line, read straight into q (lib/io/quick.c); any
       other line, every error among them, the way below */
    if (quick && io_quick_query(q, pm, id, line, len, opts)) {
        if (report != NULL)
            *report = IO_REPORT_FIRST;
        return BOXTOI_OK;
    }
    io_rd_init(&c, opts, err);
    io_jdoc_init(&doc);
    rc = io_parse_object(&doc, id, line, len, opts, err);
    root = doc.root;
    if (rc == BOXTOI_OK)
        rc = io_rd_check_keys(root, "", io_key_names, IO_NKEYS, &c);
    if (rc == BOXTOI_OK && io_jget(root, "numbers", &v))
        rc = read_numbers(v, &c);
    for (b = 0; b < 2 && rc == BOXTOI_OK; b++) {
        if (!io_jget(root, io_key_names[IO_KEY_BOX1 + b], &v))
            rc = boxtoi_errinfo_set(err, BOXTOI_EMISSING,
                                    "missing key \"box%d\"", b + 1);
        else
            rc = read_box(q->box + b, v, io_key_names[IO_KEY_BOX1 + b],
                          &c);
    }
    for (b = 0; b < 2 && rc == BOXTOI_OK; b++) {
        const char *name = io_key_names[IO_KEY_MOTION1 + b];
        if (io_jget(root, name, &v)) {
            rc = io_read_motion(q->motion + b, pm != NULL ? pm + b : NULL,
                                kind + b, v, name, &c);
        } else {
            boxtoi_motion_set_identity(q->motion + b);
            if (pm != NULL)
                boxtoi_pmotion_empty(pm + b);
        }
    }
    if (rc == BOXTOI_OK) {
        q->t1_inf = 0;
        if (io_jget(root, "t_range", &v)) {
            rc = read_range(q->t0, q->t1, &q->t1_inf, v, &c);
        } else {
            mpq_set_ui(q->t0, 0, 1);
            mpq_set_ui(q->t1, 1, 1);
        }
    }
    if (rc == BOXTOI_OK && io_jget(root, "report", &v))
        rc = read_report(&rep, v, &c);
    if (report != NULL)
        *report = rep;
    for (b = 0; b < 2 && rc == BOXTOI_OK; b++)
        if (kind[b] == IO_MOTION_RIGID)
            rc = check_rotation(q, b, &c);
    io_jdoc_clear(&doc);
    return rc;
}

int boxtoi_io_read_query(boxtoi_query_t q, boxtoi_strbuf *id,
                         const char *line, size_t len,
                         const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    return read_query(q, NULL, NULL, id, line, len, opts, err, 1);
}

int boxtoi_io_read_query_pieces(boxtoi_query_t q, boxtoi_pmotion_struct *pm,
                                boxtoi_strbuf *id, const char *line,
                                size_t len, const boxtoi_io_options *opts,
                                boxtoi_errinfo *err)
{
    return read_query(q, pm, NULL, id, line, len, opts, err, 1);
}

int io_read_query_json(boxtoi_query_t q, boxtoi_pmotion_struct *pm,
                       int *report, boxtoi_strbuf *id, const char *line,
                       size_t len, const boxtoi_io_options *opts,
                       boxtoi_errinfo *err)
{
    return read_query(q, pm, report, id, line, len, opts, err, 0);
}

/* ---- the reader's steps for the other query kinds (lib/io/prim.c,
   lib/io/sceneread.c) ---- */

int io_parse_object(io_jdoc *doc, boxtoi_strbuf *id, const char *line,
                    size_t len, const boxtoi_io_options *opts,
                    boxtoi_errinfo *err)
{
    const io_jv *v;
    rd_ctx c;
    int rc;

    io_rd_init(&c, opts, err);
    if (id != NULL)
        boxtoi_strbuf_reset(id);
    rc = io_jdoc_parse(doc, line, len, err);
    if (rc == BOXTOI_OK && io_jget(doc->root, "id", &v))
        rc = read_id(id, v, &c);
    if (rc == BOXTOI_OK && doc->dup)
        rc = duplicate(&doc->info, err);
    return rc;
}

int io_get_number(mpq_t res, const io_jv *v, const char *path,
                  const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    rd_ctx c;
    place at;
    io_rd_init(&c, opts, err);
    at.base = path;
    at.name = NULL;
    at.i = -1;
    at.j = 0;
    at.k = -1;
    return io_rd_number(res, v, &at, &c);
}

int io_check_keys(const io_jv *obj, const char *path,
                  const char *const *names, int n,
                  const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    rd_ctx c;
    io_rd_init(&c, opts, err);
    return io_rd_check_keys(obj, path, names, n, &c);
}

int io_read_box(boxtoi_box_struct *box, const io_jv *v, const char *path,
                const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    rd_ctx c;
    io_rd_init(&c, opts, err);
    return read_box(box, v, path, &c);
}

int io_read_body_motion(boxtoi_motion_struct *m, boxtoi_pmotion_struct *pm,
                        const io_jv *v, const char *path,
                        const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    rd_ctx c;
    int kind;
    io_rd_init(&c, opts, err);
    /* every form; pm NULL refuses keyframes and pieces with a message
       naming path */
    return io_read_motion(m, pm, &kind, v, path, &c);
}

int io_read_prim_range(mpq_t t0, mpq_t t1, int *t1_inf, const io_jv *v,
                       const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    rd_ctx c;
    int rc;

    io_rd_init(&c, opts, err);
    *t1_inf = 0;
    rc = read_range(t0, t1, t1_inf, v, &c);
    if (rc == BOXTOI_OK && *t1_inf)
        mpq_set_ui(t1, 0, 1);
    return rc;
}
