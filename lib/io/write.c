/* lib/io/write.c: results as JSON Lines (doc/format.md §4).

   A result line is written as text directly (below, "A result line");
   the error line and the json-c trees of other writers, into which
   the text objects below enter, are lib/io/writetree.c's.  Numbers
   are written as strings of their exact decimal or fraction text; the
   id is written verbatim from its JSON text. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <json.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"

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

/* A result line is written as text straight onto its buffer (building
   a json-c tree and serialising it cost 29 k of the 303 k instructions
   of writing a bits12 line, doc/performance.md, "Writing a result
   line"), in the bytes json-c wrote (doc/format.md §4: no spaces, "/"
   not escaped, keys in a fixed order).  Every string written this way
   is a number, a fraction, a decimal or one of the fixed names of kinds
   and features: characters of [0-9A-Za-z'./+-], which JSON writes
   unescaped, so no escaping is needed.  Any failure sets fail; the
   caller checks once at the end. */
typedef struct {
    boxtoi_strbuf *sb;
    int fail;
    boxtoi_contact_geom *g; /* NULL or kept by the caller */
} jw;

/* a writer into sb with the kept geometry g (NULL: none) */
static void jw_start(jw *w, boxtoi_strbuf *sb, boxtoi_contact_geom *g)
{
    w->sb = sb;
    w->fail = 0;
    w->g = g;
}

/* the n bytes s: inline while the buffer has room (a line's buffer is
   reused, so nearly always), else through boxtoi_strbuf_putn.  A
   result line makes some 60 such calls; strlen and the call into
   strbuf.c were 7 k instructions of a bits12 contact line
   (doc/performance.md, "The command's line outside the point and
   normal"). */
static int sb_putn(boxtoi_strbuf *sb, const char *s, size_t n)
{
    if (sb->len + n < sb->alloc) {
        memcpy(sb->str + sb->len, s, n);
        sb->len += n;
        sb->str[sb->len] = '\0';
        return BOXTOI_OK;
    }
    return boxtoi_strbuf_putn(sb, s, n);
}

static void put_n(jw *w, const char *s, size_t n)
{
    if (!w->fail && sb_putn(w->sb, s, n) != BOXTOI_OK)
        w->fail = 1;
}

/* a string literal */
#define PUT(w, lit) put_n(w, lit, sizeof lit - 1)

static void put(jw *w, const char *s)
{
    put_n(w, s, strlen(s));
}

/* rc of a writer that appended to w->sb. */
static void check(jw *w, int rc)
{
    if (rc != BOXTOI_OK)
        w->fail = 1;
}

/* s (a string of the characters above) as a JSON string. */
static void put_str(jw *w, const char *s)
{
    PUT(w, "\"");
    put(w, s);
    PUT(w, "\"");
}

static void str_mpz(jw *w, mpz_srcptr z)
{
    PUT(w, "\"");
    if (!w->fail)
        check(w, boxtoi_strbuf_put_mpz(w->sb, z));
    PUT(w, "\"");
}

static void str_mpq(jw *w, mpq_srcptr q)
{
    PUT(w, "\"");
    if (!w->fail)
        check(w, boxtoi_strbuf_put_mpq(w->sb, q));
    PUT(w, "\"");
}

/* The "t" object of a contact's t; tr0 is t (then a copy is refined
   here) or the writer's copy of t already refined for the line (then
   the roundings use it as it is and may refine it further). */
static void time_obj(jw *w, boxtoi_alg_t t, boxtoi_alg_struct *tr0,
                     long digits)
{
    boxtoi_alg_t trc;
    boxtoi_alg_struct *tr = tr0 == t ? trc : tr0;
    mpq_t rq, r2;
    mpq_srcptr r = t->lo;
    mpz_t nn;
    double down[2]; /* down, up */
    size_t at, n;
    long i;
    int rational, copy = 0;

    PUT(w, "{\"poly\":[");
    /* t = lo = hi with the linear d t - n (the solver's rational t,
       which boxtoi_alg_get_mpq would leave as it is) is read in place;
       otherwise a copy of the rational, if t is one */
    rational = mpq_equal(t->lo, t->hi) && boxtoi_poly_degree(&t->poly) == 1;
    if (!rational) {
        mpq_init(rq);
        copy = 1;
        rational = boxtoi_alg_get_mpq(rq, t);
        r = rq;
    }
    if (rational) {
        /* t = n/d: the linear d t - n, lo = hi = n/d; -n read in
           place, with the opposite sign */
        mpz_roinit_n(nn, mpz_limbs_read(mpq_numref(r)),
                     -(mp_size_t)mpz_size(mpq_numref(r))
                         * mpz_sgn(mpq_numref(r)));
        str_mpz(w, nn);
        PUT(w, ",");
        str_mpz(w, mpq_denref(r));
        /* lo, hi and rational: one text of n/d, written once and copied
           twice (by its offset: the buffer may move as it grows) */
        PUT(w, "],\"lo\":");
        at = w->sb->len;
        str_mpq(w, r);
        n = w->sb->len - at;
        for (i = 0; i < 2 && !w->fail; i++) {
            if (i == 0)
                PUT(w, ",\"hi\":");
            else
                PUT(w, ",\"rational\":");
            if (w->fail || util_strbuf_reserve(w->sb, n) != BOXTOI_OK)
                w->fail = 1;
            else
                put_n(w, w->sb->str + at, n);
        }
        PUT(w, ",\"decimal\":\"");
        if (!w->fail)
            check(w, boxtoi_mpq_get_decimal_str(w->sb, r, digits));
    } else {
        for (i = 0; i < t->poly.length; i++) {
            if (i > 0)
                PUT(w, ",");
            str_mpz(w, t->poly.coeffs + i);
        }
        PUT(w, "],\"lo\":");
        str_mpq(w, t->lo);
        PUT(w, ",\"hi\":");
        str_mpq(w, t->hi);
        /* the decimal and down/up from one copy of t refined by Newton's
           method (certified exactly): the roundings then need no
           further refinement, and are correct whatever the interval */
        if (tr == trc) { /* initialised only here, cleared below */
            boxtoi_alg_init(trc);
            boxtoi_alg_set(trc, t);
            time_refine(trc, digits);
        }
        PUT(w, ",\"decimal\":\"");
        if (!w->fail)
            check(w, boxtoi_alg_get_str(w->sb, tr, digits));
    }
    PUT(w, "\"");
    /* the doubles just below and above t: down rounds once, exactly
       (boxtoi_alg_get_d, subnormals and overflow included); up is the
       next double unless t is down itself, which needs t rational (an
       exact comparison); after the largest double it is inf */
    if (!rational || !io_mpq_down_up_w(down, r)) { /* else in words */
        down[0] = boxtoi_alg_get_d(rational ? t : tr, MPFR_RNDD);
        down[1] = nextafter(down[0], HUGE_VAL);
        if (rational && down[0] <= DBL_MAX && down[0] >= -DBL_MAX) {
            mpq_init(r2);
            mpq_set_d(r2, down[0]);
            if (mpq_equal(r2, r))
                down[1] = down[0];
            mpq_clear(r2);
        }
    }
    for (i = 0; i < 2; i++) {
        if (i == 0)
            PUT(w, ",\"down\":\"");
        else
            PUT(w, "\",\"up\":\"");
        if (!w->fail)
            check(w, io_put_double(w->sb, down[i]));
    }
    PUT(w, "\"}");
    if (tr == trc && !rational)
        boxtoi_alg_clear(trc);
    if (copy)
        mpq_clear(rq);
}

static void feature_obj(jw *w, const boxtoi_feature *f)
{
    PUT(w, "{\"feature\":");
    put_str(w, boxtoi_feature_kind(f));
    PUT(w, ",\"name\":\"");
    if (!w->fail)
        check(w, boxtoi_feature_name(w->sb, f));
    PUT(w, "\"}");
}

int io_geometry_put(boxtoi_strbuf *sb, const char *const open[2],
                    const char *mid, const char *close,
                    boxtoi_contact_geom *g0, const boxtoi_contact_t res,
                    const boxtoi_query_t q, const boxtoi_alg_struct *tr,
                    long digits)
{
    boxtoi_contact_geom gl, *g = g0 != NULL ? g0 : &gl;
    boxtoi_alg_t tc;
    const boxtoi_alg_struct *t = tr;
    size_t nmid = strlen(mid);
    int i, k, rc;

    if (g0 == NULL)
        boxtoi_contact_geom_init(&gl);
    /* one refinement of a copy of t for the six decimals, unless tr is
       the writer's copy, refined already (the decimals only read it),
       or t is a rational lo = hi (nothing to refine) */
    if (tr == &res->t && !boxtoi_alg_is_rational_fast(tr)) {
        boxtoi_alg_init(tc);
        boxtoi_alg_set(tc, tr);
        boxtoi_alg_refine_newton(tc, IO_REFINE_BITS(digits));
        t = tc;
    }
    rc = boxtoi_contact_geometry(g, res, q);
    for (i = 0; rc == BOXTOI_OK && i < 1 + g->has_normal; i++) {
        rc = sb_putn(sb, open[i], strlen(open[i]));
        for (k = 0; k < 3 && rc == BOXTOI_OK; k++) {
            if (k > 0)
                rc = sb_putn(sb, mid, nmid);
            if (rc == BOXTOI_OK)
                rc = i == 0 ? boxtoi_alg_quot_get_str(sb, g->point + k,
                                                      &g->den, t, digits)
                            : boxtoi_alg_unit_get_str(sb, g->normal + k,
                                                      &g->nsq, t, digits);
        }
        if (rc == BOXTOI_OK)
            rc = sb_putn(sb, close, strlen(close));
    }
    if (t == tc)
        boxtoi_alg_clear(tc);
    if (g0 == NULL)
        boxtoi_contact_geom_clear(&gl);
    return rc;
}

static void contact_obj(jw *w, const boxtoi_contact_t res,
                        const boxtoi_query_t q, const boxtoi_alg_struct *tr,
                        long digits)
{
    static const char *const open[2] = {",\"point\":[\"",
                                        ",\"normal\":[\""};
    char num[4];
    int p, n, first = 1;

    PUT(w, "{\"kind\":");
    put_str(w, boxtoi_contact_kind(res));
    PUT(w, ",\"box1\":");
    feature_obj(w, res->feature);
    PUT(w, ",\"box2\":");
    feature_obj(w, res->feature + 1);
    PUT(w, ",\"planes\":[");
    for (p = 0; p < BOXTOI_NPLANES; p++)
        if (res->tight >> p & 1) { /* ",%d" without snprintf: p < 100 */
            n = 0;
            if (!first)
                num[n++] = ',';
            if (p >= 10)
                num[n++] = (char)('0' + p / 10);
            num[n++] = (char)('0' + p % 10);
            put_n(w, num, (size_t)n);
            first = 0;
        }
    PUT(w, "]");
    if (!w->fail
        && io_geometry_put(w->sb, open, "\",\"", "\"]", w->g, res, q, tr,
                           digits) != BOXTOI_OK)
        w->fail = 1;
    PUT(w, "}");
}

int io_write_result_json(boxtoi_strbuf *sb, boxtoi_contact_t res,
                         const char *id, const boxtoi_query_t q,
                         const boxtoi_io_options *opts,
                         boxtoi_contact_geom *g, boxtoi_errinfo *err)
{
    size_t len0 = sb->len;
    boxtoi_alg_t tr;
    jw w;

    jw_start(&w, sb, g);
    PUT(&w, "{");
    if (id != NULL && *id != '\0') {
        PUT(&w, "\"id\":");
        put(&w, id);
        PUT(&w, ",");
    }
    if (res->status != BOXTOI_CONTACT) {
        PUT(&w, "\"status\":\"no_contact\"}\n");
    } else {
        /* one refinement of (a copy of) t for all the line's decimals:
           t's own and the point's and normal's; a rational lo = hi
           needs none, and is read in place (time_obj and the decimals
           only read it) */
        int exact = boxtoi_alg_is_rational_fast(&res->t);
        if (!exact) {
            boxtoi_alg_init(tr);
            boxtoi_alg_set(tr, &res->t);
            boxtoi_alg_refine_newton(tr, IO_REFINE_BITS(opts->digits));
        }
        PUT(&w, "\"status\":\"contact\",\"t\":");
        time_obj(&w, &res->t, exact ? &res->t : tr, opts->digits);
        if (res->initial)
            PUT(&w, ",\"initial\":true,\"contact\":");
        else
            PUT(&w, ",\"initial\":false,\"contact\":");
        contact_obj(&w, res, q, exact ? &res->t : tr, opts->digits);
        PUT(&w, "}\n");
        if (!exact)
            boxtoi_alg_clear(tr);
    }
    if (w.fail) {
        io_truncate(sb, len0);
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    }
    return BOXTOI_OK;
}

/* The text written by one of the writers above (which set w->fail on
   failure) as a json-c object for the trees of other writers; NULL on
   failure. */
static json_object *text_json(jw *w)
{
    json_object *o = NULL;
    if (!w->fail)
        o = json_object_new_double_s(0.0, boxtoi_strbuf_str(w->sb));
    boxtoi_strbuf_clear(w->sb);
    return o;
}

json_object *io_time_json(boxtoi_alg_t t, long digits)
{
    boxtoi_strbuf sb;
    jw w;

    boxtoi_strbuf_init(&sb);
    jw_start(&w, &sb, NULL);
    time_obj(&w, t, t, digits);
    return text_json(&w);
}

struct json_object *io_json_contact(const boxtoi_contact_struct *res,
                                   const boxtoi_query_struct *q, long digits)
{
    boxtoi_strbuf sb;
    jw w;

    boxtoi_strbuf_init(&sb);
    jw_start(&w, &sb, NULL);
    contact_obj(&w, res, q, &res->t, digits);
    return text_json(&w);
}
