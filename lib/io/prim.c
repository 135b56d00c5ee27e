/* lib/io/prim.c: vertex_face and edge_edge queries in JSON Lines, and
   their results (shared/spec §4.2, §5; doc/format.md §8).

   The line is parsed by the box reader's steps (io_parse_object: the
   same reader of JSON, id and duplicate checks), then the two vertex
   lists are read with io_get_number, exactly.  Results reuse the "t"
   object of box results (io_time_json). */
#include <string.h>
#include <json.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"
#include "lib/io/json.h"

#define JSON_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

static const char *const kind_key[2] = {"vertex_face", "edge_edge"};
static const char *const vertex_names[2][4] = {{"P", "A", "B", "C"},
                                               {"A", "B", "C", "D"}};

/* The four points of time k ("t0" or "t1") from obj. */
static int read_points(boxtoi_prim_query_t q, const io_jv *obj, int k,
                       const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    const char *key = kind_key[q->kind], *tk = k ? "t1" : "t0";
    const io_jv *a, *p;
    char buf[48], path[64];
    int i, j, rc;

    if (!io_jget(obj, tk, &a))
        return boxtoi_errinfo_set(err, BOXTOI_EMISSING,
                                  "%s: missing key \"%s\"", key, tk);
    if (!io_jis(a, IO_JARRAY)
        || io_jlen(a) != 4)
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "%s.%s: expected an array of 4 points, "
                                  "found %s", key, tk,
                                  io_found(a, buf, sizeof buf));
    for (i = 0; i < 4; i++) {
        p = io_jat(a, (size_t)i);
        if (!io_jis(p, IO_JARRAY)
            || io_jlen(p) != 3)
            return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                      "%s.%s[%d]: expected a point [x, y, "
                                      "z], found %s", key, tk, i,
                                      io_found(p, buf, sizeof buf));
        for (j = 0; j < 3; j++) {
            snprintf(path, sizeof path, "%s.%s[%d][%d]", key, tk, i, j);
            rc = io_get_number(q->x[k][i][j],
                               io_jat(p, (size_t)j), path,
                               opts, err);
            if (rc != BOXTOI_OK)
                return rc;
        }
    }
    return BOXTOI_OK;
}

/* Reads the query from root, whose kind is already known. */
static int read_prim(boxtoi_prim_query_t q, const io_jv *root,
                     const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    static const char *const top[3] = {"id", "t_range", "numbers"};
    static const char *const times[2] = {"t0", "t1"};
    const char *names[4];
    boxtoi_io_options local;
    const io_jv *obj, *v;
    char buf[48];
    int k, rc;

    names[0] = top[0];
    names[1] = top[1];
    names[2] = top[2];
    names[3] = kind_key[q->kind];
    rc = io_check_keys(root, "", names, 4, opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    local = *opts; /* the query's "numbers" key applies to it alone */
    opts = &local;
    if (io_jget(root, "numbers", &v)) {
        rc = io_read_numbers(&local, v, err);
        if (rc != BOXTOI_OK)
            return rc;
    }
    io_jget(root, kind_key[q->kind], &obj);
    if (!io_jis(obj, IO_JOBJECT))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "%s: expected an object {\"t0\": [...], "
                                  "\"t1\": [...]}, found %s",
                                  kind_key[q->kind],
                                  io_found(obj, buf, sizeof buf));
    rc = io_check_keys(obj, kind_key[q->kind], times, 2, opts, err);
    for (k = 0; k < 2 && rc == BOXTOI_OK; k++)
        rc = read_points(q, obj, k, opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    if (io_jget(root, "t_range", &v))
        return io_read_prim_range(q->t0, q->t1, &q->t1_inf, v, opts, err);
    q->t1_inf = 0;
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_ui(q->t1, 1, 1);
    return BOXTOI_OK;
}

/* The kind named by root's keys, -1 for none, -2 for both. */
static int kind_of(const io_jv *root)
{
    int vf = io_jget(root, kind_key[0], NULL);
    int ee = io_jget(root, kind_key[1], NULL);
    return vf && ee ? -2 : vf ? BOXTOI_PRIM_VF : ee ? BOXTOI_PRIM_EE : -1;
}

/* q = the query of the parsed line root, of either kind. */
static int read_prim_root(boxtoi_prim_query_t q, const io_jv *root,
                          const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    int kind = kind_of(root);
    if (kind == -1)
        return boxtoi_errinfo_set(err, BOXTOI_EMISSING,
                                  "missing key \"vertex_face\" or "
                                  "\"edge_edge\"");
    if (kind == -2)
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "both \"vertex_face\" and \"edge_edge\" "
                                  "(one query kind per line)");
    q->kind = kind;
    return read_prim(q, root, opts, err);
}

int boxtoi_io_read_prim_query(boxtoi_prim_query_t q, boxtoi_strbuf *id,
                              const char *line, size_t len,
                              const boxtoi_io_options *opts,
                              boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    io_jdoc doc;
    int rc;

    opts = io_options_or_default(opts, &def);
    io_jdoc_init(&doc);
    rc = io_parse_object(&doc, id, line, len, opts, err);
    if (rc == BOXTOI_OK)
        rc = read_prim_root(q, doc.root, opts, err);
    io_jdoc_clear(&doc);
    return rc;
}

/* "vertex", "edge" or "face" for a feature mask, and its name. */
static const char *feature_kind(int mask)
{
    int n = (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1);
    return n == 1 ? "vertex" : n == 2 ? "edge" : "face";
}

static void feature_name(char *buf, int kind, int body, int mask)
{
    /* vertex indices: body 1 of a vertex-face query is P (0); else the
       body's vertices start at 0 (AB, or the triangle ABC = 1..3) or 2
       (CD) */
    int first = kind == BOXTOI_PRIM_VF ? (body == 0 ? 0 : 1) : 2 * body;
    int b, n = 0;
    for (b = 0; b < 3; b++)
        if (mask >> b & 1)
            buf[n++] = vertex_names[kind][first + b][0];
    if (mask == 5) { /* edge CA */
        buf[0] = vertex_names[kind][first + 2][0];
        buf[1] = vertex_names[kind][first][0];
    }
    buf[n] = '\0';
}

static json_object *body_obj(const boxtoi_prim_result_t res,
                             const boxtoi_prim_query_t q, int body)
{
    json_object *o = json_object_new_object();
    char name[4];
    if (o == NULL)
        return NULL;
    feature_name(name, q->kind, body, res->feature[body]);
    json_object_object_add(o, "feature", json_object_new_string(
                                             feature_kind(res->feature[body])));
    json_object_object_add(o, "name", json_object_new_string(name));
    return o;
}

/* Adds v to obj under key; *fail records a failed allocation. */
static void add(int *fail, json_object *obj, const char *key,
                json_object *v)
{
    if (v == NULL || obj == NULL || json_object_object_add(obj, key, v) != 0)
    {
        json_object_put(v);
        *fail = 1;
    }
}

/* The point of two interiors crossing at an irrational t, from its
   polynomial quotients (boxtoi_prim_point_quot): 1 and *pt set when
   the query is edge-edge. */
static int quot_point(json_object **pt, boxtoi_prim_result_t res,
                      const boxtoi_prim_query_t q, long digits,
                      boxtoi_strbuf *sb, int *fail)
{
    boxtoi_poly_struct num[3];
    boxtoi_poly_t den;
    int j, got;

    for (j = 0; j < 3; j++)
        boxtoi_poly_init(num + j);
    boxtoi_poly_init(den);
    got = boxtoi_prim_point_quot(num, den, q);
    *pt = got ? json_object_new_array() : NULL;
    for (j = 0; j < 3 && *pt != NULL; j++) {
        boxtoi_strbuf_reset(sb);
        if (boxtoi_alg_quot_get_str(sb, num + j, den, &res->t, digits)
                != BOXTOI_OK
            || json_object_array_add(*pt, json_object_new_string(
                                              boxtoi_strbuf_str(sb)))
                   != 0)
            *fail = 1;
    }
    boxtoi_poly_clear(den);
    for (j = 0; j < 3; j++)
        boxtoi_poly_clear(num + j);
    return got;
}

static json_object *contact_json(boxtoi_prim_result_t res,
                                 const boxtoi_prim_query_t q, long digits,
                                 int *fail)
{
    json_object *o = json_object_new_object(), *pt;
    boxtoi_alg_struct x[3];
    boxtoi_strbuf sb;
    char kind[16];
    int j;

    snprintf(kind, sizeof kind, "%s-%s", feature_kind(res->feature[0]),
             feature_kind(res->feature[1]));
    add(fail, o, "kind", json_object_new_string(kind));
    add(fail, o, "body1", body_obj(res, q, 0));
    add(fail, o, "body2", body_obj(res, q, 1));
    for (j = 0; j < 3; j++)
        boxtoi_alg_init(x + j);
    boxtoi_strbuf_init(&sb);
    if (boxtoi_prim_point(x, q, res)) {
        pt = json_object_new_array();
        for (j = 0; j < 3 && pt != NULL; j++) {
            boxtoi_strbuf_reset(&sb);
            if (boxtoi_alg_get_str(&sb, x + j, digits) != BOXTOI_OK
                || json_object_array_add(pt, json_object_new_string(
                                                 boxtoi_strbuf_str(&sb)))
                       != 0)
                *fail = 1;
        }
        add(fail, o, "point", pt);
    } else if (quot_point(&pt, res, q, digits, &sb, fail)) {
        add(fail, o, "point", pt);
    }
    boxtoi_strbuf_clear(&sb);
    for (j = 0; j < 3; j++)
        boxtoi_alg_clear(x + j);
    return o;
}

static int write_text(boxtoi_strbuf *sb, boxtoi_prim_result_t res,
                      const boxtoi_prim_query_t q, const char *id,
                      const boxtoi_io_options *opts)
{
    char n0[4], n1[4];
    size_t n = id != NULL ? strlen(id) : 0;
    int rc;

    /* a string id without its quotes, as the box results show it */
    if (n >= 2 && id[0] == '"')
        rc = boxtoi_strbuf_printf(sb, "%.*s: ", (int)(n - 2), id + 1);
    else
        rc = boxtoi_strbuf_printf(sb, "%s: ", n > 0 ? id : "-");
    if (rc == BOXTOI_OK && res->status != BOXTOI_PRIM_CONTACT)
        return boxtoi_strbuf_puts(sb, "no contact\n");
    feature_name(n0, q->kind, 0, res->feature[0]);
    feature_name(n1, q->kind, 1, res->feature[1]);
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_puts(sb, "contact at t ~ ");
    if (rc == BOXTOI_OK)
        rc = boxtoi_alg_get_str(sb, &res->t, opts->digits);
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_printf(sb, "%s, %s %s / %s %s\n",
                                  res->initial ? " (initial)" : "",
                                  feature_kind(res->feature[0]), n0,
                                  feature_kind(res->feature[1]), n1);
    return rc;
}

int boxtoi_io_write_prim_result(boxtoi_strbuf *sb, boxtoi_prim_result_t res,
                                const boxtoi_prim_query_t q, const char *id,
                                const boxtoi_io_options *opts,
                                boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    json_object *root;
    const char *s = NULL;
    size_t len0 = sb->len;
    int fail = 0, rc;

    opts = io_options_or_default(opts, &def);
    rc = io_check_digits(opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    /* the same t is always written with the same bytes (spec §5.1) */
    if (res->status == BOXTOI_PRIM_CONTACT)
        boxtoi_alg_canonicalise(&res->t);
    if (opts->format == BOXTOI_IO_TEXT) {
        if (write_text(sb, res, q, id, opts) == BOXTOI_OK)
            return BOXTOI_OK;
        io_truncate(sb, len0);
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    }
    root = json_object_new_object();
    if (id != NULL && *id != '\0')
        add(&fail, root, "id", json_object_new_double_s(0.0, id));
    if (res->status != BOXTOI_PRIM_CONTACT) {
        add(&fail, root, "status", json_object_new_string("no_contact"));
    } else {
        add(&fail, root, "status", json_object_new_string("contact"));
        add(&fail, root, "t", io_time_json(&res->t, opts->digits));
        add(&fail, root, "initial",
            json_object_new_boolean(res->initial != 0));
        add(&fail, root, "contact", contact_json(res, q, opts->digits,
                                                 &fail));
    }
    if (root != NULL && !fail)
        s = json_object_to_json_string_ext(root, JSON_FLAGS);
    if (s == NULL || boxtoi_strbuf_puts(sb, s) != BOXTOI_OK
        || boxtoi_strbuf_puts(sb, "\n") != BOXTOI_OK) {
        json_object_put(root);
        io_truncate(sb, len0);
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    }
    json_object_put(root);
    return BOXTOI_OK;
}

/* res is written by boxtoi_prim_first before anything reads it, so
   nothing of an earlier line shows through (t/prim-lazy-t compares a
   reused result with a fresh one on every benchmark file). */
int io_prim_process_line(boxtoi_prim_result_t res, boxtoi_strbuf *sb,
                         const char *line, size_t len, long lineno,
                         const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    boxtoi_prim_query_t q;
    boxtoi_strbuf id;
    boxtoi_errinfo e;
    io_jdoc doc;
    int rc, wrc;

    boxtoi_errinfo_reset(&e);
    boxtoi_strbuf_init(&id);
    /* only a line whose object has one of the keys is ours; the line is
       parsed once, for that test and the reading */
    io_jdoc_init(&doc);
    rc = io_parse_object(&doc, &id, line, len, opts, &e);
    if (rc != BOXTOI_OK || kind_of(doc.root) == -1) {
        io_jdoc_clear(&doc);
        boxtoi_strbuf_clear(&id);
        return -1;
    }
    boxtoi_prim_query_init(q);
    rc = io_check_digits(opts, &e);
    if (rc == BOXTOI_OK)
        rc = read_prim_root(q, doc.root, opts, &e);
    io_jdoc_clear(&doc);
    if (rc == BOXTOI_OK)
        rc = boxtoi_prim_first(res, q, &e);
    if (rc == BOXTOI_OK)
        rc = boxtoi_io_write_prim_result(sb, res, q, boxtoi_strbuf_str(&id),
                                         opts, &e);
    if (rc != BOXTOI_OK) {
        e.code = rc;
        wrc = boxtoi_io_write_error(sb, boxtoi_strbuf_str(&id), lineno, rc,
                                    e.msg, opts);
        if (wrc != BOXTOI_OK)
            rc = boxtoi_errinfo_set(&e, wrc, "out of memory");
    }
    if (err != NULL)
        *err = e;
    boxtoi_strbuf_clear(&id);
    boxtoi_prim_query_clear(q);
    return rc;
}

int io_prim_wants(const char *line, size_t len)
{
    /* memchr for a letter that a two-box line seldom holds */
    return io_has_text(line, len, "\"vertex_face\"", 1)
           || io_has_text(line, len, "\"edge_edge\"", 2);
}
