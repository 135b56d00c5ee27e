/* lib/contact/query.c: boxes, queries, options, results and the names
   of features (the per-query context of the solver is in ctx.c).

   Feature names follow the seed (doc/algorithm.md §3.1): the face in the
   plane x = min is X, the one at x = max is X'; an edge is named by its
   two faces ("X'-Y"), a vertex by its three ("X'YZ'"). */
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/motion/impl.h"
#include "lib/contact/impl.h"

void boxtoi_box_init(boxtoi_box_t b)
{
    int k;
    for (k = 0; k < 3; k++) {
        mpq_init(b->min[k]);
        mpq_init(b->max[k]);
    }
}

void boxtoi_box_clear(boxtoi_box_t b)
{
    int k;
    for (k = 0; k < 3; k++) {
        mpq_clear(b->min[k]);
        mpq_clear(b->max[k]);
    }
}

void boxtoi_box_set(boxtoi_box_t res, const boxtoi_box_t b)
{
    int k;
    for (k = 0; k < 3; k++) {
        mpq_set(res->min[k], b->min[k]);
        mpq_set(res->max[k], b->max[k]);
    }
}

void boxtoi_box_set_si(boxtoi_box_t b, long x0, long y0, long z0, long x1,
                       long y1, long z1)
{
    mpq_set_si(b->min[0], x0, 1);
    mpq_set_si(b->min[1], y0, 1);
    mpq_set_si(b->min[2], z0, 1);
    mpq_set_si(b->max[0], x1, 1);
    mpq_set_si(b->max[1], y1, 1);
    mpq_set_si(b->max[2], z1, 1);
}

void boxtoi_query_init(boxtoi_query_t q)
{
    int b;
    for (b = 0; b < 2; b++) {
        boxtoi_box_init(q->box + b);
        boxtoi_motion_init(q->motion + b);
    }
    mpq_init(q->t0);
    mpq_init(q->t1);
    mpq_set_ui(q->t1, 1, 1);
    q->t1_inf = 0;
}

void boxtoi_query_clear(boxtoi_query_t q)
{
    int b;
    for (b = 0; b < 2; b++) {
        boxtoi_box_clear(q->box + b);
        boxtoi_motion_clear(q->motion + b);
    }
    mpq_clear(q->t0);
    mpq_clear(q->t1);
}

void boxtoi_query_set(boxtoi_query_t res, const boxtoi_query_t q)
{
    int b;
    if (res == q)
        return;
    for (b = 0; b < 2; b++) {
        boxtoi_box_set(res->box + b, q->box + b);
        boxtoi_motion_set(res->motion + b, q->motion + b);
    }
    mpq_set(res->t0, q->t0);
    mpq_set(res->t1, q->t1);
    res->t1_inf = q->t1_inf;
}

/* mpq_cmp(a, b), without GMP's call when both are fractions of one
   limb each: the signs, then a n_b d_a against ... by 128-bit products
   (exact).  The sizes are read from gmp.h's fields: a numerator of at
   most one limb has _mp_size -1, 0 or 1, its sign; a denominator is
   positive, one limb when _mp_size is 1. */
static int query_cmp(mpq_srcptr a, mpq_srcptr b)
{
#ifdef BOXTOI_HAVE_I128
    mpz_srcptr an = mpq_numref(a), ad = mpq_denref(a);
    mpz_srcptr bn = mpq_numref(b), bd = mpq_denref(b);
    int sa = an->_mp_size, sb = bn->_mp_size;
    if (GMP_NUMB_BITS == 64 && (unsigned)(sa + 1) <= 2
        && (unsigned)(sb + 1) <= 2 && ad->_mp_size == 1
        && bd->_mp_size == 1) {
        boxtoi_u128 x, y;
        if (sa != sb || sa == 0)
            return (sa > sb) - (sa < sb);
        x = (boxtoi_u128)an->_mp_d[0] * bd->_mp_d[0];
        y = (boxtoi_u128)bn->_mp_d[0] * ad->_mp_d[0];
        return sa * ((x > y) - (x < y));
    }
#endif
    return mpq_cmp(a, b);
}

int boxtoi_query_check(const boxtoi_query_t q, boxtoi_errinfo *err)
{
    return contact_query_check(q, err, NULL);
}

int contact_query_check(const boxtoi_query_t q, boxtoi_errinfo *err,
                        motion_checked chk[2])
{
    static const char *const mname[2] = {"motion1", "motion2"};
    int b, k, rc;
    mpq_srcptr t1 = q->t1_inf ? NULL : q->t1;

    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++)
            if (query_cmp(q->box[b].min[k], q->box[b].max[k]) > 0)
                return boxtoi_errinfo_set(
                    err, BOXTOI_EBOX,
                    "box%d: min[%d] > max[%d] (the corners must satisfy "
                    "min[i] <= max[i])", b + 1, k, k);
    if (t1 != NULL && query_cmp(q->t0, t1) > 0)
        return boxtoi_errinfo_set(err, BOXTOI_ERANGE,
                                  "t_range: t0 > t1 (the range is empty)");
    for (b = 0; b < 2 && chk != NULL; b++) { /* (when a box is refused) */
        chk[b].rot = 0;
#ifdef BOXTOI_HAVE_I128
        chk[b].nums = 0;
#endif
    }
    for (b = 0; b < 2; b++) {
        rc = motion_check(q->motion + b, q->t0, t1, mname[b], err,
                          chk != NULL ? chk + b : NULL);
        if (rc != BOXTOI_OK)
            return rc;
    }
    return BOXTOI_OK;
}

void boxtoi_options_init(boxtoi_options *opts)
{
    opts->max_degree = 24;
    opts->max_bits = 4096;
}

static long lmaxq(long a, long b)
{
    return a > b ? a : b;
}

/* Does |z| need more than bits bits?  The limb count answers most
   calls without mpz_sizeinbase. */
static int over_bits(mpz_srcptr z, long bits)
{
    return (long)mpz_size(z) > bits / GMP_NUMB_BITS
           && (long)mpz_sizeinbase(z, 2) > bits;
}

static int poly_over_bits(const boxtoi_poly_struct *p, long bits)
{
    long i;
    for (i = 0; i < p->length; i++)
        if (over_bits(p->coeffs + i, bits))
            return 1;
    return 0;
}

#if defined(__GNUC__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

/* A query's numbers hang from pointers two levels deep: a motion entry
   points to its coefficients, each coefficient to its limbs (and each
   box coordinate to the limbs of its numerator and denominator).  When
   queries are solved one after the other (a batch, peer-bench.cc), a
   query's data is usually not in the caches any more, and following
   these pointers in the order of the computation misses the cache once
   per level and number, one miss after the other (doc/performance.md,
   "Measured choices").  This walk issues each level's loads
   together, so that the misses overlap.  It reads the limb pointers
   (_mp_d) of gmp.h's structures directly, as FLINT does, to stay cheap
   when the data is already cached, and only the first 16 coefficients
   of an entry: the limits are checked after this, and a huge query
   gains nothing from it.  The same walk takes the limb counts that
   within_limits compares (query_limbs), from the fields next to the
   limb pointers it reads: one pass instead of two. */
typedef struct {
    long len;          /* the largest entry length */
    unsigned long nc;  /* the OR of the coefficients' limb counts */
    unsigned long nx;  /* the OR of the corners' and denominators' */
} query_limbs;

/* The limb count of z: |_mp_size|, read as gmp.h's mpz_size does */
#define QLIMBS(z) ((unsigned long)mpz_size(z))

/* s for q, with the prefetches when pf (a constant at each call).  The
   counts are ORed, not maximised: the OR is at least the largest
   count and below twice it, so within_limits' answer 1 stays a proof
   and a query near a limit goes to the full check (limits_full), which
   decides it exactly.  The running values are locals (a store through
   s could alias an entry's length) and the entry loop is unrolled. */
static inline void query_walk(query_limbs *s, const boxtoi_query_t q,
                              int pf)
{
    long len = 0;
    unsigned long nc = 0, nx = 0;
    int m, k;
    long i;
    if (pf)
        for (m = 0; m < 2; m++) {
            UTIL_UNROLL(16)
            for (k = 0; k < 16; k++)
                PREFETCH(q->motion[m].e[k].coeffs);
        }
    for (m = 0; m < 2; m++) {
        nx |= QLIMBS(q->motion[m].den);
        UTIL_UNROLL(3)
        for (k = 0; k < 3; k++) {
            mpq_srcptr lo = q->box[m].min[k], hi = q->box[m].max[k];
            if (pf) {
                PREFETCH(mpq_numref(lo)->_mp_d);
                PREFETCH(mpq_denref(lo)->_mp_d);
                PREFETCH(mpq_numref(hi)->_mp_d);
                PREFETCH(mpq_denref(hi)->_mp_d);
            }
            nx |= QLIMBS(mpq_numref(lo)) | QLIMBS(mpq_denref(lo))
                  | QLIMBS(mpq_numref(hi)) | QLIMBS(mpq_denref(hi));
        }
    }
    if (pf) {
        PREFETCH(mpq_numref(q->t0)->_mp_d);
        PREFETCH(mpq_denref(q->t0)->_mp_d);
        PREFETCH(mpq_numref(q->t1)->_mp_d);
        PREFETCH(mpq_denref(q->t1)->_mp_d);
        for (m = 0; m < 2; m++)
            PREFETCH(q->motion[m].den->_mp_d);
    }
    for (m = 0; m < 2; m++) {
        UTIL_UNROLL(16)
        for (k = 0; k < 16; k++) {
            const boxtoi_poly_struct *e = q->motion[m].e + k;
            long n = e->length;
            mpz_srcptr c = e->coeffs;
            len = lmaxq(len, n);
            for (i = 0; i < n; i++) {
                if (pf && i < 16)
                    PREFETCH(c[i]._mp_d);
                nc |= QLIMBS(c + i);
            }
        }
    }
    s->len = len;
    s->nc = nc;
    s->nx = nx;
}

/* Is q within the limits by its limb counts s alone?  1 when every
   entry's length is at most max_degree + 1, every coefficient has at
   most 2 max_bits / GMP_NUMB_BITS limbs and every corner's numerator
   and denominator at most max_bits / GMP_NUMB_BITS (then over_bits is
   0 for each: it needs more limbs; the ORs bound the counts); 0 sends the query to the full
   check (limits_full), which finds the first violation and names
   it. */
static int within_limits(const query_limbs *s, const boxtoi_options *opts)
{
    return opts->max_degree > 0 && opts->max_bits > 0
           && s->len - 1 <= opts->max_degree
           && s->nc <= (unsigned long)(2 * opts->max_bits / GMP_NUMB_BITS)
           && s->nx <= (unsigned long)(opts->max_bits / GMP_NUMB_BITS);
}

static int limits_full(const boxtoi_query_t q, const boxtoi_options *opts,
                       boxtoi_errinfo *err)
{
    static const char *const mname[2] = {"motion1", "motion2"};
    int b, k;

    for (b = 0; b < 2; b++) {
        const boxtoi_motion_struct *m = q->motion + b;
        if (opts->max_bits > 0
            && over_bits(m->den, opts->max_bits))
            return boxtoi_errinfo_set(
                err, BOXTOI_ELIMIT,
                "%s: a denominator has more than %ld bits", mname[b],
                opts->max_bits);
        for (k = 0; k < 16; k++) {
            /* the degree is length - 1 (boxtoi_poly_degree), inline */
            if (opts->max_degree > 0
                && m->e[k].length - 1 > opts->max_degree)
                return boxtoi_errinfo_set(
                    err, BOXTOI_ELIMIT,
                    "%s[%d][%d]: degree %ld exceeds the limit %ld", mname[b],
                    k / 4, k % 4, boxtoi_poly_degree(m->e + k),
                    opts->max_degree);
            /* The entries are numerators over den: their size bounds the
               coefficients' numerators times a factor of den. */
            if (opts->max_bits > 0
                && poly_over_bits(m->e + k, 2 * opts->max_bits))
                return boxtoi_errinfo_set(
                    err, BOXTOI_ELIMIT,
                    "%s[%d][%d]: a coefficient over the motion's common "
                    "denominator has more than %ld bits (twice the limit "
                    "%ld)", mname[b], k / 4, k % 4, 2 * opts->max_bits,
                    opts->max_bits);
        }
    }
    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++)
            if (opts->max_bits > 0
                && (over_bits(mpq_numref(q->box[b].min[k]), opts->max_bits)
                    || over_bits(mpq_denref(q->box[b].min[k]), opts->max_bits)
                    || over_bits(mpq_numref(q->box[b].max[k]), opts->max_bits)
                    || over_bits(mpq_denref(q->box[b].max[k]), opts->max_bits)))
                return boxtoi_errinfo_set(
                    err, BOXTOI_ELIMIT,
                    "box%d: a coordinate has more than %ld bits", b + 1,
                    opts->max_bits);
    return BOXTOI_OK;
}

int contact_check_limits(const boxtoi_query_t q, const boxtoi_options *opts,
                         boxtoi_errinfo *err)
{
    boxtoi_options def;
    query_limbs s;
    if (opts == NULL) {
        boxtoi_options_init(&def);
        opts = &def;
    }
    /* no limit: the full check is as cheap as the walk */
    if (opts->max_degree <= 0 || opts->max_bits <= 0)
        return limits_full(q, opts, err);
    query_walk(&s, q, 0);
    return within_limits(&s, opts) ? BOXTOI_OK : limits_full(q, opts, err);
}

int contact_prefetch_check_limits(const boxtoi_query_t q,
                                  const boxtoi_options *opts,
                                  boxtoi_errinfo *err)
{
    boxtoi_options def;
    query_limbs s;
    query_walk(&s, q, 1);
    if (opts == NULL) {
        boxtoi_options_init(&def);
        opts = &def;
    }
    return within_limits(&s, opts) ? BOXTOI_OK : limits_full(q, opts, err);
}

void boxtoi_contact_init(boxtoi_contact_t res)
{
    boxtoi_alg_init(&res->t);
    contact_reset(res);
}

void contact_reset(boxtoi_contact_t res)
{
    res->status = BOXTOI_NO_CONTACT;
    res->initial = 0;
    res->tight = 0;
    memset(res->feature, 0, sizeof res->feature);
    res->nsections = 0;
    res->ncandidates = 0;
    res->nisolate = 0;
    res->nsign_filtered = 0;
    res->nsign_exact = 0;
}

void boxtoi_contact_clear(boxtoi_contact_t res)
{
    boxtoi_alg_clear(&res->t);
}

static int feature_dim(const boxtoi_feature *f)
{
    int k, d = 0;
    for (k = 0; k < 3; k++)
        d += f->axis[k] == 0;
    return d;
}

const char *boxtoi_feature_kind(const boxtoi_feature *f)
{
    static const char *const kinds[4] = {"vertex", "edge", "face", "solid"};
    return kinds[feature_dim(f)];
}

int boxtoi_feature_name(boxtoi_strbuf *sb, const boxtoi_feature *f)
{
    static const char axes[3] = {'X', 'Y', 'Z'};
    char name[12]; /* at most "X'-Y'-Z'" */
    int k, n = 0, len = 0;
    if (feature_dim(f) == 3)
        return boxtoi_strbuf_puts(sb, "interior");
    for (k = 0; k < 3; k++) {
        if (f->axis[k] == 0)
            continue;
        /* an edge's two faces are joined by '-' */
        if (n > 0 && feature_dim(f) == 1)
            name[len++] = '-';
        name[len++] = axes[k];
        if (f->axis[k] > 0)
            name[len++] = '\'';
        n++;
    }
    return boxtoi_strbuf_putn(sb, name, (size_t)len); /* one call */
}

const char *boxtoi_contact_kind(const boxtoi_contact_t res)
{
    static const char *const kinds[4][4] = {
        {"vertex-vertex", "vertex-edge", "vertex-face", "vertex-solid"},
        {"edge-vertex", "edge-edge", "edge-face", "edge-solid"},
        {"face-vertex", "face-edge", "face-face", "face-solid"},
        {"solid-vertex", "solid-edge", "solid-face", "overlap"},
    };
    if (res->status != BOXTOI_CONTACT)
        return "none";
    return kinds[feature_dim(res->feature)][feature_dim(res->feature + 1)];
}

void contact_set_linear_root(boxtoi_alg_struct *res,
                             const boxtoi_poly_struct *p)
{
    mpq_t x; /* d t - n has the root n / d (alg.h) */
    mpq_init(x);
    mpz_neg(mpq_numref(x), p->coeffs);
    mpz_set(mpq_denref(x), p->coeffs + 1);
    mpq_canonicalize(x);
    boxtoi_alg_set_mpq(res, x);
    mpq_clear(x);
}
