/* lib/io/query.c: one line of JSON -> a query and its id.

   Method (doc/format.md §2-§3): io_scan_line checks the tokens that
   json-c would let through and counts the key-value pairs; long integer
   literals are marked by io_rewrite_big so that json-c keeps their
   text; json-c 0.16 (strict mode, UTF-8 checked) builds the tree; a
   pair count lower than the scan's means json-c merged duplicate keys.
   The tree is then read in a fixed key order (id, numbers, box1, box2,
   motion1, motion2, t_range), so that the first error reported does not
   depend on the order of the keys in the text.  Every number, JSON number or
   string, goes through io_parse_number from its literal text: json-c's
   double value is never used. */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"
#include "lib/io/read.h"

#define JSON_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

/* A reader's context: the options (opts non-NULL), where errors go, and
   whether JSON number literals are doubles (the command's --numbers; a
   query's "numbers" key may change it, read_numbers). */
static void rd_init(rd_ctx *c, const boxtoi_io_options *opts,
                    boxtoi_errinfo *err)
{
    c->opts = opts;
    c->err = err;
    c->binary64 = opts != NULL && opts->numbers == BOXTOI_IO_BINARY64;
}

/* "an array of 2 entries", "a string", ... for messages. */
const char *io_found(json_object *v, char *buf, size_t size)
{
    switch (json_object_get_type(v)) {
    case json_type_null:
        return "null";
    case json_type_boolean:
        return "a boolean";
    case json_type_int:
    case json_type_double:
        return "a number";
    case json_type_string:
        return "a string";
    case json_type_object:
        return "an object";
    case json_type_array:
        snprintf(buf, size, "an array of %lu entr%s",
                 (unsigned long)json_object_array_length(v),
                 json_object_array_length(v) == 1 ? "y" : "ies");
        return buf;
    }
    return "something else";
}

/* Total number of key-value pairs in all objects of the tree.  The
   depth is bounded by json-c's tokener (32). */
static size_t count_pairs(json_object *v)
{
    size_t n = 0, i, len;

    if (json_object_is_type(v, json_type_object)) {
        struct json_object_iterator it = json_object_iter_begin(v);
        struct json_object_iterator end = json_object_iter_end(v);
        while (!json_object_iter_equal(&it, &end)) {
            n += 1 + count_pairs(json_object_iter_peek_value(&it));
            json_object_iter_next(&it);
        }
    } else if (json_object_is_type(v, json_type_array)) {
        len = json_object_array_length(v);
        for (i = 0; i < len; i++)
            n += count_pairs(json_object_array_get_idx(v, i));
    }
    return n;
}

/* The literal text of a JSON number without the marker of
   io_rewrite_big. */
static const char *number_text(json_object *v, size_t *len)
{
    const char *s = json_object_get_string(v);
    *len = strlen(s);
    if (*len > 0 && s[*len - 1] == '.')
        (*len)--;
    return s;
}

static const char *place_text(char *buf, size_t size, const place *p)
{
    if (p->name != NULL)
        snprintf(buf, size, "%s.%s[%d]", p->base, p->name, p->i);
    else if (p->i < 0)
        snprintf(buf, size, "%s", p->base);
    else if (p->k < 0)
        snprintf(buf, size, "%s[%d][%d]", p->base, p->i, p->j);
    else
        snprintf(buf, size, "%s[%d][%d][%ld]", p->base, p->i, p->j, p->k);
    return buf;
}

/* res = the number v at place at. */
int io_rd_number(mpq_t res, json_object *v, const place *at, rd_ctx *c)
{
    boxtoi_errinfo e;
    const char *s;
    size_t len;
    int rc, quoted;
    char buf[IO_QUOTE_SIZE], path[96];

    switch (json_object_get_type(v)) {
    case json_type_string:
        s = json_object_get_string(v);
        len = (size_t)json_object_get_string_len(v);
        quoted = 1;
        break;
    case json_type_int:
    case json_type_double:
        /* json-c keeps a double's literal text; an int has at most 18
           digits here (io_rewrite_big), so its printed value is exact. */
        s = number_text(v, &len);
        quoted = 0;
        break;
    case json_type_null:
    case json_type_boolean:
        return boxtoi_errinfo_set(c->err, BOXTOI_ENUMBER,
                                  "%s: %s is not a number",
                                  place_text(path, sizeof path, at),
                                  json_object_get_string(v) != NULL
                                      ? json_object_get_string(v)
                                      : "null");
    default:
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s: expected a number, found %s",
                                  place_text(path, sizeof path, at),
                                  io_found(v, buf, sizeof buf));
    }
    rc = io_parse_number(res, s, len, c->opts->max_exponent, quoted, &e);
    if (rc != BOXTOI_OK)
        return boxtoi_errinfo_set(c->err, rc, "%s: %s",
                                  place_text(path, sizeof path, at), e.msg);
    if (!quoted && c->binary64 && io_round_binary64(res) != 0) {
        io_quote(buf, s, len, 0);
        return boxtoi_errinfo_set(c->err, BOXTOI_ENUMBER,
                                  "%s: %s is beyond the largest double "
                                  "(\"numbers\": \"binary64\")",
                                  place_text(path, sizeof path, at), buf);
    }
    return BOXTOI_OK;
}

/* Refuses keys of obj (at path, "" for the top level) that are not in
   names[0..n) and do not start with '_'. */
int io_rd_check_keys(json_object *obj, const char *path,
                     const char *const *names, int n, rd_ctx *c)
{
    struct json_object_iterator it = json_object_iter_begin(obj);
    struct json_object_iterator end = json_object_iter_end(obj);
    char q[IO_QUOTE_SIZE];
    int k;

    for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
        const char *key = json_object_iter_peek_name(&it);
        if (key[0] == '_')
            continue;
        for (k = 0; k < n; k++)
            if (strcmp(key, names[k]) == 0)
                break;
        if (k == n) {
            io_quote(q, key, strlen(key), 1);
            return boxtoi_errinfo_set(
                c->err, BOXTOI_ESHAPE,
                "%s%sunknown key %s (keys starting with '_' are free)",
                path, *path ? ": " : "", q);
        }
    }
    return BOXTOI_OK;
}

static int read_box(boxtoi_box_struct *box, json_object *obj,
                    const char *path, rd_ctx *c)
{
    static const char *const names[2] = {"min", "max"};
    char buf[48], x[2][80];
    json_object *v, *a;
    int m, k, rc;

    if (!json_object_is_type(obj, json_type_object))
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s: expected an object {\"min\": [x, y, "
                                  "z], \"max\": [x, y, z]}, found %s",
                                  path, io_found(obj, buf, sizeof buf));
    rc = io_rd_check_keys(obj, path, names, 2, c);
    if (rc != BOXTOI_OK)
        return rc;
    for (m = 0; m < 2; m++) {
        if (!json_object_object_get_ex(obj, names[m], &a))
            return boxtoi_errinfo_set(c->err, BOXTOI_EMISSING,
                                      "%s: missing key \"%s\"", path,
                                      names[m]);
        if (!json_object_is_type(a, json_type_array)
            || json_object_array_length(a) != 3)
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
            v = json_object_array_get_idx(a, (size_t)k);
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

/* The coefficients of a motion as read, before they are put over a
   common denominator (io_read_matrix). */
typedef struct {
    mpq_t c;
    int e;  /* entry 4 i + j */
    long k; /* power of t */
} coef_in;

typedef struct {
    coef_in *v;
    size_t n, alloc;
} coef_list;

/* A new element at the end of l (its value initialised), or NULL when
   memory runs out. */
static coef_in *coef_push(coef_list *l)
{
    if (l->n == l->alloc) {
        size_t na = l->alloc == 0 ? 64 : 2 * l->alloc;
        coef_in *nv = realloc(l->v, na * sizeof *nv);
        if (nv == NULL)
            return NULL;
        l->v = nv;
        l->alloc = na;
    }
    mpq_init(l->v[l->n].c);
    return l->v + l->n++;
}

/* Entry (i, j) of a motion (at path): a number or an array of
   coefficients, appended to l. */
static int read_entry(coef_list *l, json_object *v, const char *path,
                      int i, int j, rd_ctx *c)
{
    long max_deg = c->opts->solver.max_degree;
    size_t k, len;
    char buf[48], epath[96];
    coef_in *x;
    place at;
    int rc;

    at.base = path;
    at.name = NULL;
    at.i = i;
    at.j = j;
    at.k = -1;
    if (!json_object_is_type(v, json_type_array)) {
        if ((x = coef_push(l)) == NULL)
            return boxtoi_errinfo_set(c->err, BOXTOI_ENOMEM, "out of memory");
        x->e = 4 * i + j;
        x->k = 0;
        return io_rd_number(x->c, v, &at, c);
    }
    len = json_object_array_length(v);
    if (len == 0)
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s[%d][%d]: empty polynomial (write 0 "
                                  "for zero)", path, i, j);
    for (k = 0; k < len; k++) {
        json_object *y = json_object_array_get_idx(v, k);
        at.k = (long)k;
        if (json_object_is_type(y, json_type_array)
            || json_object_is_type(y, json_type_object))
            return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                      "%s: expected a number, found %s",
                                      place_text(epath, sizeof epath, &at),
                                      io_found(y, buf, sizeof buf));
        if ((x = coef_push(l)) == NULL)
            return boxtoi_errinfo_set(c->err, BOXTOI_ENOMEM, "out of memory");
        x->e = 4 * i + j;
        x->k = (long)k;
        rc = io_rd_number(x->c, y, &at, c);
        if (rc != BOXTOI_OK)
            return rc;
        if (mpq_sgn(x->c) != 0 && max_deg > 0 && (long)k > max_deg)
            return boxtoi_errinfo_set(c->err, BOXTOI_ELIMIT,
                                      "%s[%d][%d]: degree %lu exceeds the "
                                      "limit %ld", path, i, j,
                                      (unsigned long)k, max_deg);
    }
    return BOXTOI_OK;
}

/* Reads all coefficients first, then sets m with one common
   denominator, the lcm of theirs: the motion boxtoi_motion_set_coeff_mpq
   would build one coefficient at a time, without rescaling all entries
   at each new denominator. */
int io_read_matrix(boxtoi_motion_t m, json_object *v, const char *path,
                   rd_ctx *c)
{
    char buf[48];
    coef_list l = {NULL, 0, 0};
    mpz_t f;
    size_t n;
    int i, j, rc = BOXTOI_OK;

    if (!json_object_is_type(v, json_type_array)
        || json_object_array_length(v) != 4)
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s: expected an array of 4 rows, found "
                                  "%s", path, io_found(v, buf, sizeof buf));
    for (i = 0; i < 4; i++) {
        json_object *row = json_object_array_get_idx(v, (size_t)i);
        if (!json_object_is_type(row, json_type_array)
            || json_object_array_length(row) != 4)
            return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                      "%s[%d]: expected a row of 4 "
                                      "entries, found %s", path, i,
                                      io_found(row, buf, sizeof buf));
    }
    boxtoi_motion_zero(m);
    for (i = 0; i < 4 && rc == BOXTOI_OK; i++) {
        json_object *row = json_object_array_get_idx(v, (size_t)i);
        for (j = 0; j < 4 && rc == BOXTOI_OK; j++)
            rc = read_entry(&l, json_object_array_get_idx(row, (size_t)j),
                            path, i, j, c);
    }
    if (rc == BOXTOI_OK) {
        mpz_init(f);
        for (n = 0; n < l.n; n++) {
            mpz_srcptr d = mpq_denref(l.v[n].c);
            if (mpz_cmp_ui(d, 1) != 0 && !mpz_divisible_p(m->den, d))
                mpz_lcm(m->den, m->den, d);
        }
        for (n = 0; n < l.n; n++) {
            mpq_ptr x = l.v[n].c;
            if (mpq_sgn(x) == 0)
                continue;
            mpz_divexact(f, m->den, mpq_denref(x));
            mpz_mul(f, f, mpq_numref(x));
            boxtoi_poly_set_coeff_mpz(m->e + l.v[n].e, l.v[n].k, f);
        }
        mpz_clear(f);
    }
    for (n = 0; n < l.n; n++)
        mpq_clear(l.v[n].c);
    free(l.v);
    return rc;
}

static int read_range(boxtoi_query_t q, json_object *v, rd_ctx *c)
{
    char buf[48], x[2][80];
    place at;
    json_object *e;
    int rc;

    if (!json_object_is_type(v, json_type_array)
        || json_object_array_length(v) != 2)
        return boxtoi_errinfo_set(c->err, BOXTOI_ERANGE,
                                  "t_range: expected [t0, t1], found %s",
                                  io_found(v, buf, sizeof buf));
    e = json_object_array_get_idx(v, 0);
    if (json_object_is_type(e, json_type_string)
        && strcmp(json_object_get_string(e), "inf") == 0)
        return boxtoi_errinfo_set(c->err, BOXTOI_ERANGE,
                                  "t_range[0]: \"inf\" is allowed only as "
                                  "t1");
    at.base = "t_range[0]";
    at.name = NULL;
    at.i = -1;
    rc = io_rd_number(q->t0, e, &at, c);
    if (rc != BOXTOI_OK)
        return rc;
    e = json_object_array_get_idx(v, 1);
    if (json_object_is_type(e, json_type_string)
        && json_object_get_string_len(e) == 3
        && strcmp(json_object_get_string(e), "inf") == 0) {
        q->t1_inf = 1;
        return BOXTOI_OK;
    }
    at.base = "t_range[1]";
    rc = io_rd_number(q->t1, e, &at, c);
    if (rc != BOXTOI_OK)
        return rc;
    if (mpq_cmp(q->t0, q->t1) > 0) {
        io_mpq_text(x[0], sizeof x[0], q->t0);
        io_mpq_text(x[1], sizeof x[1], q->t1);
        return boxtoi_errinfo_set(c->err, BOXTOI_ERANGE,
                                  "t_range: t0 > t1 (%s > %s)", x[0], x[1]);
    }
    return BOXTOI_OK;
}

/* id = the JSON text of the id v; when id is NULL, v is only checked. */
static int read_id(boxtoi_strbuf *id, json_object *v, rd_ctx *c)
{
    const char *s;
    size_t len;
    char buf[48];

    switch (json_object_get_type(v)) {
    case json_type_string:
        s = json_object_to_json_string_ext(v, JSON_FLAGS);
        len = strlen(s);
        break;
    case json_type_int:
    case json_type_double:
        s = number_text(v, &len);
        break;
    default:
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "id: expected a string or a number, "
                                  "found %s", io_found(v, buf, sizeof buf));
    }
    if (id == NULL)
        return BOXTOI_OK;
    if (s == NULL || boxtoi_strbuf_putn(id, s, len) != BOXTOI_OK)
        return boxtoi_errinfo_set(c->err, BOXTOI_ENOMEM, "out of memory");
    return BOXTOI_OK;
}

/* c->binary64 from the query's "numbers" key v, if any. */
static int read_numbers(json_object *v, rd_ctx *c)
{
    const char *s = json_object_is_type(v, json_type_string)
                        ? json_object_get_string(v)
                        : NULL;
    char buf[48];

    if (s != NULL && strcmp(s, "decimal") == 0)
        c->binary64 = 0;
    else if (s != NULL && strcmp(s, "binary64") == 0)
        c->binary64 = 1;
    else if (s != NULL) {
        char q[IO_QUOTE_SIZE];
        io_quote(q, s, (size_t)json_object_get_string_len(v), 1);
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

int io_read_numbers(boxtoi_io_options *o, json_object *v,
                    boxtoi_errinfo *err)
{
    rd_ctx c;
    int rc;

    rd_init(&c, o, err);
    rc = read_numbers(v, &c);
    if (rc == BOXTOI_OK)
        o->numbers = c.binary64 ? BOXTOI_IO_BINARY64 : BOXTOI_IO_DECIMAL;
    return rc;
}

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

/* Parses the line into *root; returns a status. */
static int parse_line(json_object **root, io_scan_info *info,
                      const char *line, size_t len, boxtoi_errinfo *err)
{
    boxtoi_strbuf re;
    json_tokener *tok;
    const char *s = line;
    size_t i, n = len;
    int rc;

    *root = NULL;
    for (i = 0; i < len && boxtoi_io_is_blank(line + i, 1); i++)
        ;
    if (i == len || line[i] != '{')
        return boxtoi_errinfo_set(err, BOXTOI_EPARSE,
                                  "the line is not a JSON object (it must "
                                  "start with '{')%s",
                                  looks_multiline(line, len) ? ONE_LINE_HINT
                                                             : "");
    if (len > (size_t)0x7fffffff)
        return boxtoi_errinfo_set(err, BOXTOI_ELIMIT,
                                  "the line is longer than 2 GiB");
    rc = io_scan_line(info, line, len, err);
    if (rc != BOXTOI_OK)
        return rc;
    boxtoi_strbuf_init(&re);
    if (info->nbig > 0) {
        if (io_rewrite_big(&re, line, len) != BOXTOI_OK) {
            boxtoi_strbuf_clear(&re);
            return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
        }
        s = re.str;
        n = re.len;
    }
    /* json-c counts one level per value inside an object or array, at
       most info->maxdepth; a stack of that size (not json-c's default
       32 levels, 1 KiB, which glibc serves from its large bins after
       consolidating the small ones) changes nothing but the cost per
       line.  Deeper lines keep the default and json-c's message. */
    tok = json_tokener_new_ex(info->maxdepth + 2 < JSON_TOKENER_DEFAULT_DEPTH
                                  ? info->maxdepth + 2
                                  : JSON_TOKENER_DEFAULT_DEPTH);
    if (tok == NULL) {
        boxtoi_strbuf_clear(&re);
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    }
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT
                                    | JSON_TOKENER_VALIDATE_UTF8);
    *root = json_tokener_parse_ex(tok, s, (int)n);
    /* Strict mode refuses trailing characters; the scan refused NULs,
       so the whole line has been read when parse_end == n. */
    if (*root != NULL && json_tokener_get_parse_end(tok) != n) {
        json_object_put(*root);
        *root = NULL;
    }
    json_tokener_free(tok);
    boxtoi_strbuf_clear(&re);
    if (*root == NULL) {
        /* Report json-c's complaint about the text as written: the
           rewritten text differs only inside long integer literals. */
        rc = json_error(line, len, err);
        if (err != NULL && looks_multiline(line, len)
            && strlen(err->msg) + sizeof ONE_LINE_HINT <= sizeof err->msg)
            strcat(err->msg, ONE_LINE_HINT);
        return rc;
    }
    return BOXTOI_OK;
}

/* The message for count_pairs(root) < info->npairs. */
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
static int read_report(int *report, json_object *v, rd_ctx *c)
{
    const char *s = json_object_is_type(v, json_type_string)
                        ? json_object_get_string(v)
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
                      boxtoi_errinfo *err)
{
    int rep = IO_REPORT_FIRST;
    boxtoi_io_options def;
    io_scan_info info;
    json_object *root, *v;
    rd_ctx c;
    int b, rc, kind[2] = {IO_MOTION_MATRIX, IO_MOTION_MATRIX};

    opts = io_options_or_default(opts, &def);
    rd_init(&c, opts, err);
    if (id != NULL)
        boxtoi_strbuf_reset(id);
    rc = parse_line(&root, &info, line, len, err);
    if (rc != BOXTOI_OK)
        return rc;

    if (json_object_object_get_ex(root, "id", &v))
        rc = read_id(id, v, &c);
    if (rc == BOXTOI_OK && count_pairs(root) != info.npairs)
        rc = duplicate(&info, err);
    if (rc == BOXTOI_OK)
        rc = io_rd_check_keys(root, "", io_key_names, IO_NKEYS, &c);
    if (rc == BOXTOI_OK && json_object_object_get_ex(root, "numbers", &v))
        rc = read_numbers(v, &c);
    for (b = 0; b < 2 && rc == BOXTOI_OK; b++) {
        if (!json_object_object_get_ex(root, io_key_names[IO_KEY_BOX1 + b],
                                       &v))
            rc = boxtoi_errinfo_set(err, BOXTOI_EMISSING,
                                    "missing key \"box%d\"", b + 1);
        else
            rc = read_box(q->box + b, v, io_key_names[IO_KEY_BOX1 + b],
                          &c);
    }
    for (b = 0; b < 2 && rc == BOXTOI_OK; b++) {
        const char *name = io_key_names[IO_KEY_MOTION1 + b];
        if (json_object_object_get_ex(root, name, &v)) {
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
        if (json_object_object_get_ex(root, "t_range", &v)) {
            rc = read_range(q, v, &c);
        } else {
            mpq_set_ui(q->t0, 0, 1);
            mpq_set_ui(q->t1, 1, 1);
        }
    }
    if (rc == BOXTOI_OK && json_object_object_get_ex(root, "report", &v))
        rc = read_report(&rep, v, &c);
    if (report != NULL)
        *report = rep;
    for (b = 0; b < 2 && rc == BOXTOI_OK; b++)
        if (kind[b] == IO_MOTION_RIGID)
            rc = check_rotation(q, b, &c);
    json_object_put(root);
    return rc;
}

int boxtoi_io_read_query(boxtoi_query_t q, boxtoi_strbuf *id,
                         const char *line, size_t len,
                         const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    return read_query(q, NULL, NULL, id, line, len, opts, err);
}

int boxtoi_io_read_query_pieces(boxtoi_query_t q, boxtoi_pmotion_struct *pm,
                                boxtoi_strbuf *id, const char *line,
                                size_t len, const boxtoi_io_options *opts,
                                boxtoi_errinfo *err)
{
    return read_query(q, pm, NULL, id, line, len, opts, err);
}

int io_read_query_report(boxtoi_query_t q, boxtoi_pmotion_struct *pm,
                         int *report, boxtoi_strbuf *id, const char *line,
                         size_t len, const boxtoi_io_options *opts,
                         boxtoi_errinfo *err)
{
    return read_query(q, pm, report, id, line, len, opts, err);
}

/* ---- the reader's steps for the other query kinds (lib/io/prim.c) -- */

int io_parse_object(json_object **root, boxtoi_strbuf *id, const char *line,
                    size_t len, const boxtoi_io_options *opts,
                    boxtoi_errinfo *err)
{
    io_scan_info info;
    json_object *v;
    rd_ctx c;
    int rc;

    rd_init(&c, opts, err);
    if (id != NULL)
        boxtoi_strbuf_reset(id);
    rc = parse_line(root, &info, line, len, err);
    if (rc == BOXTOI_OK && json_object_object_get_ex(*root, "id", &v))
        rc = read_id(id, v, &c);
    if (rc == BOXTOI_OK && count_pairs(*root) != info.npairs)
        rc = duplicate(&info, err);
    return rc;
}

int io_get_number(mpq_t res, json_object *v, const char *path,
                  const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    rd_ctx c;
    place at;
    rd_init(&c, opts, err);
    at.base = path;
    at.name = NULL;
    at.i = -1;
    at.j = 0;
    at.k = -1;
    return io_rd_number(res, v, &at, &c);
}

int io_check_keys(json_object *obj, const char *path,
                  const char *const *names, int n,
                  const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    rd_ctx c;
    rd_init(&c, opts, err);
    return io_rd_check_keys(obj, path, names, n, &c);
}

int io_read_box(boxtoi_box_struct *box, json_object *v, const char *path,
                const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    rd_ctx c;
    rd_init(&c, opts, err);
    return read_box(box, v, path, &c);
}

int io_read_body_motion(boxtoi_motion_struct *m, boxtoi_pmotion_struct *pm,
                        json_object *v, const char *path,
                        const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    rd_ctx c;
    int kind;
    rd_init(&c, opts, err);
    /* every form; pm NULL refuses keyframes and pieces with a message
       naming path */
    return io_read_motion(m, pm, &kind, v, path, &c);
}

int io_read_prim_range(mpq_t t0, mpq_t t1, int *t1_inf, json_object *v,
                       const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    boxtoi_query_t q;
    rd_ctx c;
    int rc;

    rd_init(&c, opts, err);
    boxtoi_query_init(q);
    rc = read_range(q, v, &c);
    if (rc == BOXTOI_OK) {
        mpq_set(t0, q->t0);
        mpq_set(t1, q->t1);
        *t1_inf = q->t1_inf;
    }
    boxtoi_query_clear(q);
    return rc;
}
