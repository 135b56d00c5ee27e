/* lib/io/write.c: results as JSON Lines (doc/format.md §4).

   Each result is built as a json-c tree, keys inserted in a fixed order
   (json-c keeps insertion order), and serialised with
   JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE: no spaces,
   "/" not escaped, so the bytes depend only on the result.  Numbers are
   written as strings of their exact decimal or fraction text; the id is
   written verbatim from its JSON text through json-c's literal-text
   serializer (json_object_new_double_s), which is how json-c itself
   keeps a number's literal. */
#include <float.h>
#include <math.h>
#include <string.h>
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

/* The width 2^-bits to which t is refined once before its decimals are
   written: enough for most of them to need no more. */
#define IO_REFINE_BITS(digits) (64 + 4 * (digits))

/* t itself, whose decimal needs digits significant digits (about 3.33
   bits each) of t, not of a polynomial at t, is refined to
   2^-(32 + 4 digits), enough for |t| >= 2^-8, then further by the
   leading zero bits beyond 8 when the refined interval shows |t| to be
   smaller.  Speed only: the roundings refine further when this is not
   enough.  At 30 digits this is 152 bits (was 184): Newton then stops
   after two MPFR steps instead of three (doc/performance.md, "The time
   object"). */
static void time_refine(boxtoi_alg_t t, long digits)
{
    mpq_srcptr m;
    long z;
    boxtoi_alg_refine_newton(t, 32 + 4 * digits);
    if (mpq_sgn(t->lo) <= 0 && mpq_sgn(t->hi) >= 0)
        return; /* 0 inside: t is 0 (exact) or tiny; rounding refines */
    m = mpq_sgn(t->lo) > 0 ? t->lo : t->hi;
    /* |t| >= |m| >= 2^-z, z = size(den) - size(num) + 1 */
    z = (long)mpz_sizeinbase(mpq_denref(m), 2)
        - (long)mpz_sizeinbase(mpq_numref(m), 2) + 1;
    if (z > 8)
        boxtoi_alg_refine_newton(t, 24 + 4 * digits + z);
}

/* Building a tree: any failed allocation sets fail and the object being
   added is released, so that the caller checks once at the end. */
typedef struct {
    int fail;
    boxtoi_strbuf tmp;
} jb;

static void add(jb *b, json_object *obj, const char *key, json_object *v)
{
    if (v == NULL || obj == NULL || json_object_object_add(obj, key, v) != 0)
    {
        json_object_put(v);
        b->fail = 1;
    }
}

static void push(jb *b, json_object *arr, json_object *v)
{
    if (v == NULL || arr == NULL || json_object_array_add(arr, v) != 0) {
        json_object_put(v);
        b->fail = 1;
    }
}

static json_object *str_mpz(jb *b, mpz_srcptr z)
{
    boxtoi_strbuf_reset(&b->tmp);
    if (boxtoi_strbuf_put_mpz(&b->tmp, z) != BOXTOI_OK)
        return NULL;
    return json_object_new_string_len(b->tmp.str, (int)b->tmp.len);
}

static json_object *str_mpq(jb *b, mpq_srcptr q)
{
    boxtoi_strbuf_reset(&b->tmp);
    if (boxtoi_strbuf_put_mpq(&b->tmp, q) != BOXTOI_OK)
        return NULL;
    return json_object_new_string_len(b->tmp.str, (int)b->tmp.len);
}

/* The "t" object of a contact's t; tr0 is t (then a copy is refined
   here) or the writer's copy of t already refined for the line (then
   the roundings use it as it is and may refine it further). */
static json_object *time_obj(jb *b, boxtoi_alg_t t, boxtoi_alg_struct *tr0,
                             long digits)
{
    json_object *o = json_object_new_object(), *poly;
    boxtoi_alg_t trc;
    boxtoi_alg_struct *tr = tr0 == t ? trc : tr0;
    mpq_t r, r2;
    mpz_t c;
    double down[2]; /* down, up */
    long i;
    int rc, rational;

    if (o == NULL)
        return NULL;
    poly = json_object_new_array();
    add(b, o, "poly", poly);
    mpq_init(r);
    mpq_init(r2);
    mpz_init(c);
    boxtoi_alg_init(trc);
    rational = boxtoi_alg_get_mpq(r, t);
    if (rational) {
        /* t = n/d: the linear d t - n, lo = hi = n/d. */
        mpz_neg(c, mpq_numref(r));
        push(b, poly, str_mpz(b, c));
        push(b, poly, str_mpz(b, mpq_denref(r)));
        add(b, o, "lo", str_mpq(b, r));
        add(b, o, "hi", str_mpq(b, r));
        add(b, o, "rational", str_mpq(b, r));
        boxtoi_strbuf_reset(&b->tmp);
        rc = boxtoi_mpq_get_decimal_str(&b->tmp, r, digits);
    } else {
        for (i = 0; i < t->poly.length; i++)
            push(b, poly, str_mpz(b, t->poly.coeffs + i));
        add(b, o, "lo", str_mpq(b, t->lo));
        add(b, o, "hi", str_mpq(b, t->hi));
        /* the decimal and down/up from one copy of t refined by Newton's
           method (certified exactly): the roundings then need no
           further refinement, and are correct whatever the interval */
        if (tr == trc) {
            boxtoi_alg_set(trc, t);
            time_refine(trc, digits);
        }
        boxtoi_strbuf_reset(&b->tmp);
        rc = boxtoi_alg_get_str(&b->tmp, tr, digits);
    }
    if (rc == BOXTOI_OK)
        add(b, o, "decimal", json_object_new_string_len(b->tmp.str,
                                                        (int)b->tmp.len));
    else
        b->fail = 1;
    /* the doubles just below and above t: down rounds once, exactly
       (boxtoi_alg_get_d, subnormals and overflow included); up is the
       next double unless t is down itself, which needs t rational (an
       exact comparison); after the largest double it is inf */
    down[0] = boxtoi_alg_get_d(rational ? t : tr, MPFR_RNDD);
    down[1] = nextafter(down[0], HUGE_VAL);
    if (rational && down[0] <= DBL_MAX && down[0] >= -DBL_MAX) {
        mpq_set_d(r2, down[0]);
        if (mpq_equal(r2, r))
            down[1] = down[0];
    }
    for (i = 0; i < 2 && !b->fail; i++) {
        boxtoi_strbuf_reset(&b->tmp);
        if (io_put_double(&b->tmp, down[i]) != BOXTOI_OK)
            b->fail = 1;
        else
            add(b, o, i == 0 ? "down" : "up",
                json_object_new_string_len(b->tmp.str, (int)b->tmp.len));
    }
    boxtoi_alg_clear(trc);
    mpq_clear(r2);
    mpz_clear(c);
    mpq_clear(r);
    return o;
}

static json_object *feature_obj(jb *b, const boxtoi_feature *f)
{
    json_object *o = json_object_new_object();
    add(b, o, "feature", json_object_new_string(boxtoi_feature_kind(f)));
    boxtoi_strbuf_reset(&b->tmp);
    if (boxtoi_feature_name(&b->tmp, f) != BOXTOI_OK)
        b->fail = 1;
    else
        add(b, o, "name", json_object_new_string(b->tmp.str));
    return o;
}

int io_geometry_decimals(boxtoi_strbuf d[6], int *has_normal,
                         const boxtoi_contact_t res, const boxtoi_query_t q,
                         const boxtoi_alg_struct *tr, long digits)
{
    boxtoi_contact_geom g;
    boxtoi_alg_t t;
    int k, rc;

    boxtoi_contact_geom_init(&g);
    /* one refinement of (a copy of) t for the six decimals */
    boxtoi_alg_init(t);
    boxtoi_alg_set(t, tr);
    if (tr == &res->t) /* else the writer's copy, refined already */
        boxtoi_alg_refine_newton(t, IO_REFINE_BITS(digits));
    rc = boxtoi_contact_geometry(&g, res, q);
    *has_normal = rc == BOXTOI_OK && g.has_normal;
    for (k = 0; k < 3 + 3 * *has_normal && rc == BOXTOI_OK; k++)
        rc = k < 3 ? boxtoi_alg_quot_get_str(d + k, g.point + k, &g.den, t,
                                             digits)
                   : boxtoi_alg_unit_get_str(d + k, g.normal + (k - 3),
                                             &g.nsq, t, digits);
    boxtoi_alg_clear(t);
    boxtoi_contact_geom_clear(&g);
    return rc;
}

/* "point" and (when there is one) "normal" of a contact (§5.2). */
static void add_geometry(jb *b, json_object *o, const boxtoi_contact_t res,
                         const boxtoi_query_t q, const boxtoi_alg_struct *tr,
                         long digits)
{
    boxtoi_strbuf d[6];
    json_object *a;
    int i, k, has_normal;

    for (k = 0; k < 6; k++)
        boxtoi_strbuf_init(d + k);
    if (io_geometry_decimals(d, &has_normal, res, q, tr, digits)
        != BOXTOI_OK)
        b->fail = 1;
    for (i = 0; i < 1 + has_normal && !b->fail; i++) {
        a = json_object_new_array();
        for (k = 0; k < 3; k++)
            push(b, a, json_object_new_string(boxtoi_strbuf_str(d + 3 * i
                                                                + k)));
        add(b, o, i == 0 ? "point" : "normal", a);
    }
    for (k = 0; k < 6; k++)
        boxtoi_strbuf_clear(d + k);
}

static json_object *contact_obj(jb *b, const boxtoi_contact_t res,
                                const boxtoi_query_t q,
                                const boxtoi_alg_struct *tr, long digits)
{
    json_object *o = json_object_new_object(), *planes;
    int p;

    add(b, o, "kind", json_object_new_string(boxtoi_contact_kind(res)));
    add(b, o, "box1", feature_obj(b, res->feature));
    add(b, o, "box2", feature_obj(b, res->feature + 1));
    planes = json_object_new_array();
    for (p = 0; p < BOXTOI_NPLANES; p++)
        if (res->tight >> p & 1)
            push(b, planes, json_object_new_int(p));
    add(b, o, "planes", planes);
    add_geometry(b, o, res, q, tr, digits);
    return o;
}

/* The id's JSON text as a json-c object that serialises to exactly that
   text. */
static json_object *raw_id(const char *id)
{
    return json_object_new_double_s(0.0, id);
}

/* Serialises root (consumed) onto sb followed by "\n". */
static int finish(jb *b, json_object *root, boxtoi_strbuf *sb, size_t len0,
                  boxtoi_errinfo *err)
{
    const char *s = NULL;
    int rc = BOXTOI_ENOMEM;

    if (root != NULL && !b->fail)
        s = json_object_to_json_string_ext(root, JSON_FLAGS);
    if (s != NULL && boxtoi_strbuf_puts(sb, s) == BOXTOI_OK
        && boxtoi_strbuf_puts(sb, "\n") == BOXTOI_OK)
        rc = BOXTOI_OK;
    json_object_put(root);
    boxtoi_strbuf_clear(&b->tmp);
    if (rc != BOXTOI_OK) {
        io_truncate(sb, len0);
        return boxtoi_errinfo_set(err, rc, "out of memory");
    }
    return BOXTOI_OK;
}

int io_write_result_json(boxtoi_strbuf *sb, boxtoi_contact_t res,
                         const char *id, const boxtoi_query_t q,
                         const boxtoi_io_options *opts,
                         boxtoi_errinfo *err)
{
    size_t len0 = sb->len;
    json_object *root = json_object_new_object();
    boxtoi_alg_t tr;
    jb b;

    b.fail = 0;
    boxtoi_strbuf_init(&b.tmp);
    if (id != NULL && *id != '\0')
        add(&b, root, "id", raw_id(id));
    if (res->status != BOXTOI_CONTACT) {
        add(&b, root, "status", json_object_new_string("no_contact"));
    } else {
        /* one refinement of (a copy of) t for all the line's decimals:
           t's own and the point's and normal's */
        boxtoi_alg_init(tr);
        boxtoi_alg_set(tr, &res->t);
        boxtoi_alg_refine_newton(tr, IO_REFINE_BITS(opts->digits));
        add(&b, root, "status", json_object_new_string("contact"));
        add(&b, root, "t", time_obj(&b, &res->t, tr, opts->digits));
        add(&b, root, "initial", json_object_new_boolean(res->initial != 0));
        add(&b, root, "contact", contact_obj(&b, res, q, tr, opts->digits));
        boxtoi_alg_clear(tr);
    }
    return finish(&b, root, sb, len0, err);
}

int io_write_error_json(boxtoi_strbuf *sb, const char *id, long line,
                        int code, const char *msg)
{
    size_t len0 = sb->len;
    json_object *root = json_object_new_object(), *e;
    jb b;

    b.fail = 0;
    boxtoi_strbuf_init(&b.tmp);
    if (id != NULL && *id != '\0')
        add(&b, root, "id", raw_id(id));
    if (line > 0)
        add(&b, root, "line", json_object_new_int64(line));
    add(&b, root, "status", json_object_new_string("error"));
    e = json_object_new_object();
    add(&b, e, "code", json_object_new_string(boxtoi_errname(code)));
    add(&b, e, "message", json_object_new_string(
                              msg != NULL ? msg : boxtoi_strerror(code)));
    add(&b, root, "error", e);
    return finish(&b, root, sb, len0, NULL);
}

json_object *io_time_json(boxtoi_alg_t t, long digits)
{
    jb b;
    json_object *o;

    b.fail = 0;
    boxtoi_strbuf_init(&b.tmp);
    o = time_obj(&b, t, t, digits);
    boxtoi_strbuf_clear(&b.tmp);
    if (b.fail) {
        json_object_put(o);
        return NULL;
    }
    return o;
}

struct json_object *io_json_contact(const boxtoi_contact_struct *res,
                                   const boxtoi_query_struct *q, long digits)
{
    json_object *o;
    jb b;
    b.fail = 0;
    boxtoi_strbuf_init(&b.tmp);
    o = contact_obj(&b, res, q, &res->t, digits);
    boxtoi_strbuf_clear(&b.tmp);
    if (b.fail) {
        json_object_put(o);
        return NULL;
    }
    return o;
}

struct json_object *io_json_id(const char *id)
{
    return raw_id(id);
}

int io_json_finish(boxtoi_strbuf *sb, struct json_object *root, int fail,
                   boxtoi_errinfo *err)
{
    jb b;
    b.fail = fail;
    boxtoi_strbuf_init(&b.tmp);
    return finish(&b, root, sb, sb->len, err);
}
