/* lib/contact/linear128.c: the closed form of linear.c in machine
   integers.

   The same formulas as linear.c (doc/algorithm.md §4.4): the plane
   kernel (kernel.h) instantiated on 128-bit integers, used when every
   numerator and denominator of the input fits in a long and the blocks'
   and weights' entries have at most LIN_I128_NB bits (decided before
   anything is computed).  Each operation checks that its result stays
   below 2^LIMIT in magnitude (so that no operation can overflow: a sum
   of two such values is below 2^126, a product is only formed when the
   operands' bit lengths add up to at most LIMIT), unless the sizes bound
   every value.  The first value that would not fit makes the whole
   computation give up before res is touched; linear.c then runs its
   fixed-limb or GMP version, which gives the same answer.

   The left and right ends of the contact interval are compared as
   fractions, a/b < c/d with b, d > 0, i.e. by the sign of a d - c b, a
   256-bit number.  A double-precision filter decides first when the
   rounded products are far apart (a proof, see
   contact_cmp_frac_i128); otherwise the products are formed exactly in
   256 bits.  Nothing here depends on a
   rounded value except through such a proof. */
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/linear.h"

#if defined(BOXTOI_HAVE_I128) && ULONG_MAX == 0xffffffffffffffffUL

#include "lib/contact/kernel-i128.h"

typedef boxtoi_i128 i128;
typedef boxtoi_u128 u128;

/* The checked operations of the small-integer toolkit (lib/util/
   i128.h): operands below 2^LIMIT in magnitude; a result that would not
   be sets *bad and is replaced by 0. */
#define LIMIT BOXTOI_LIMIT_I128
#define add boxtoi_add_i128
#define sub boxtoi_sub_i128
#define mul boxtoi_mul_i128

/* x rounded to a double: correctly rounded (one conversion from 64
   bits, or libgcc's from 128 bits), so within a relative 2^-53. */
static inline double to_d(i128 x)
{
    return (int64_t)x == x ? (double)(int64_t)x : (double)x;
}

/* ---- exact 256-bit products, two's complement, least limb first ---- */

typedef struct {
    uint64_t w[4];
} w256;

static w256 neg256(w256 a)
{
    w256 r;
    int k, carry = 1;
    for (k = 0; k < 4; k++) {
        r.w[k] = ~a.w[k] + (uint64_t)carry;
        carry = carry && r.w[k] == 0;
    }
    return r;
}

/* a b for |a|, |b| < 2^LIMIT (so |a b| < 2^252: the sign bit is free) */
static w256 mul256(i128 a, i128 b)
{
    u128 ua = boxtoi_uabs_i128(a), ub = boxtoi_uabs_i128(b), p00, p01, p10, p11, mid, hi;
    uint64_t a0 = (uint64_t)ua, a1 = (uint64_t)(ua >> 64);
    uint64_t b0 = (uint64_t)ub, b1 = (uint64_t)(ub >> 64);
    w256 r;
    p00 = (u128)a0 * b0;
    p01 = (u128)a0 * b1;
    p10 = (u128)a1 * b0;
    p11 = (u128)a1 * b1;
    r.w[0] = (uint64_t)p00;
    mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;
    r.w[1] = (uint64_t)mid;
    hi = (mid >> 64) + (p01 >> 64) + (p10 >> 64) + (uint64_t)p11;
    r.w[2] = (uint64_t)hi;
    r.w[3] = (uint64_t)(hi >> 64) + (uint64_t)(p11 >> 64);
    return (a < 0) != (b < 0) ? neg256(r) : r;
}

/* a + b; both below 2^253 in magnitude here, so no overflow */
static w256 add256(w256 a, w256 b)
{
    w256 r;
    uint64_t carry = 0;
    int k;
    for (k = 0; k < 4; k++) {
        uint64_t s = a.w[k] + carry;
        carry = s < carry;
        r.w[k] = s + b.w[k];
        carry += r.w[k] < s;
    }
    return r;
}

static int cmp256(w256 a, w256 b)
{
    int k;
    if ((int64_t)a.w[3] != (int64_t)b.w[3])
        return (int64_t)a.w[3] < (int64_t)b.w[3] ? -1 : 1;
    for (k = 2; k >= 0; k--)
        if (a.w[k] != b.w[k])
            return a.w[k] < b.w[k] ? -1 : 1;
    return 0;
}

/* contact_cmp_frac_i128: the sign of a d - c b (a/b versus c/d when
   b, d > 0).  The filter: each
   conversion to double and each product is within a relative 2^-52 of
   its exact value, so |(x - y) - (a d - c b)| <= 5u (|x| + |y|)
   roughly, u = 2^-53; a computed difference above 2^-48 (|x| + |y|)
   (that is, 32u) has the sign of the exact one.  The products of
   integers are 0 or at least 1 and below 2^252: no underflow, no
   overflow. */
/* The same with the doubles ad ... dd of a ... d given (each the
   correctly rounded value, to_d). */
static int cmp_frac_d(i128 a, double ad, i128 b, double bd, i128 c,
                      double cd, i128 d, double dd)
{
    double x = ad * dd, y = cd * bd, diff = x - y;
    if (fabs(diff) > 0x1p-48 * (fabs(x) + fabs(y)))
        return diff > 0 ? 1 : -1;
    return cmp256(mul256(a, d), mul256(c, b));
}

int contact_cmp_frac_i128(i128 a, i128 b, i128 c, i128 d)
{
    return cmp_frac_d(a, to_d(a), b, to_d(b), c, to_d(c), d, to_d(d));
}

/* Which of alpha + beta n / dd = R and = -R hold exactly (dd > 0)?
   Bit 0 for +R, bit 1 for -R.  Filter as above, on the products of
   alpha dd + beta n -+ R dd. */
int contact_plane_zero_i128(i128 alpha, i128 beta, i128 r, i128 n, i128 dd)
{
    double ddd = to_d(dd), x1 = to_d(alpha) * ddd, x2 = to_d(beta) * to_d(n);
    double y = to_d(r) * ddd, bound, x = x1 + x2;
    w256 p, q;
    int res = 0;
    bound = 0x1p-46 * (fabs(x1) + fabs(x2) + fabs(y));
    if (fabs(x - y) <= bound || fabs(x + y) <= bound) {
        p = add256(mul256(alpha, dd), mul256(beta, n));
        q = mul256(r, dd);
        res = (cmp256(p, q) == 0) | (cmp256(p, neg256(q)) == 0) << 1;
    }
    return res;
}

/* ---- reading the input ---- */

/* coefficient k of entry (i, j) of m's numerators */
static inline i128 coef(const boxtoi_motion_struct *m, int i, int j, long k,
                 int *bad)
{
    const boxtoi_poly_struct *p = m->e + 4 * i + j;
    return k < p->length ? contact_get_i63(p->coeffs + k, bad) : 0;
}

/* ---- the plane kernel (kernel.h) in 128-bit integers: lu, lc ------- */

#define iabs contact_iabs_i128

/* The relative motion (linear.c) by the kernel of instance P: the 20
   quantities and D = d0 + d1 t from the blocks a1, a2, weights w1, w2,
   translations c1, c2 (c[i][k]: coordinate i, coefficient of t^k) and
   the box data (l2 = 2 l).  Unchecked (P = lu), the values are bounded
   as follows, with B, T, L, S the largest bit lengths of the blocks and
   weights, of the translations, of l, and of e and s: adj(A1) <
   2^(2B+1), A < 2^(4B+3), w < 2^(4B+3), adj(A) <
   2^(8B+7), det(A) < 2^(12B+12); w1 c2 - w2 c1 < 2^(B+T+1), b <
   2^(3B+T+4); d0, d1 (five terms) < 2^(max(L+3B+T+5, 4B+S+3)+3).
   Then the directions: alpha_d + beta_d t = N_d and R_d.  Unchecked,
   with mq, md, me, mw the largest bit lengths of the quantities, of d0
   and d1, of e1 and e2, and of w, a product of two factors has at most
   mq + max(md, me) bits and one of three mq + me + mw, and no sum has
   more than four terms (R_d: at most four of the six components are
   non-zero), hence 3 more bits at most (directions_sized). */
#define LIN_INSTANCE(P)                                                      \
    static inline void P##_relmotion(                                        \
        i128 *quant, i128 *d0, i128 *d1, const i128 *a1, const i128 *a2,     \
        const i128 *w1, const i128 *w2, i128 c1[3][2], i128 c2[3][2],        \
        const i128 *s1, const i128 *s2, const i128 *l2, int *bad)            \
    {                                                                        \
        i128 adj1[9], v[9], b[3][2];                                         \
        int k;                                                               \
        P##_relblock(bad, quant, quant + Q_W, adj1, v, a1, a2, w1, w2);      \
        for (k = 0; k < 2; k++)                                              \
            P##_reltrans(bad, &b[0][k], 2, adj1, v, &c1[0][k], &c2[0][k],    \
                         2, w1, w2);                                         \
        P##_quantities(bad, quant, NULL);                                    \
        P##_dvec(bad, d0, &b[0][0], 2, quant, l2, s1, s2, 7);                \
        P##_dvec(bad, d1, &b[0][1], 2, quant, l2, NULL, NULL, 7);            \
    }                                                                        \
    static inline void P##_directions(i128 *alpha, i128 *beta, i128 *r,      \
                                      const i128 *quant, const i128 *d0,     \
                                      const i128 *d1, const i128 *e1,        \
                                      const i128 *e2, int *bad)              \
    {                                                                        \
        int d;                                                               \
        for (d = 0; d < BOXTOI_NDIRS; d++) {                                 \
            P##_ndot(bad, alpha + d, d, quant, d0);                          \
            P##_ndot(bad, beta + d, d, quant, d1);                           \
            P##_radius(bad, r + d, d, quant, e1, e2);                        \
        }                                                                    \
    }
LIN_INSTANCE(lu)
LIN_INSTANCE(lc)

static int imax(int a, int b)
{
    return a > b ? a : b;
}

/* The directions (LIN_INSTANCE), without the checks when the sizes
   bound every value (see there); with them, the bounds -R - alpha and R - alpha of the
   interval of contact times are checked to fit too. */
static inline void directions_sized(i128 *alpha, i128 *beta, i128 *r,
                                    const i128 *quant, const i128 *d0,
                                    const i128 *d1, const i128 *e1,
                                    const i128 *e2, int *bad)
{
    int k, m, d;
    u128 oq = 0, od = 0, oe = 0;
    int mq, md, me, mw = boxtoi_nbits_i128(boxtoi_uabs_i128(quant[Q_W])), top;
    for (k = 0; k < BOXTOI_NQUANT; k++)
        oq |= boxtoi_uabs_i128(quant[k]);
    for (m = 0; m < 3; m++) {
        od |= boxtoi_uabs_i128(d0[m]) | boxtoi_uabs_i128(d1[m]);
        oe |= boxtoi_uabs_i128(e1[m]) | boxtoi_uabs_i128(e2[m]);
    }
    mq = boxtoi_nbits_i128(oq);
    md = boxtoi_nbits_i128(od);
    me = boxtoi_nbits_i128(oe);
    top = imax(mq + imax(md, me), imax(mq + me + mw, me + mw)) + 3;
    if (top <= LIMIT - 1) {
        lu_directions(alpha, beta, r, quant, d0, d1, e1, e2, bad);
    } else {
        lc_directions(alpha, beta, r, quant, d0, d1, e1, e2, bad);
        /* the bounds below are sums of two values below 2^LIMIT */
        for (d = 0; d < BOXTOI_NDIRS; d++) {
            sub(-r[d], alpha[d], bad);
            sub(r[d], alpha[d], bad);
        }
    }
}

/* The box data of q over the common denominator l of its corners
   (e_b = l (max_b - min_b), s_b = l (max_b + min_b), as
   contact_box_data): 0 when a number does not fit. */
static inline int box_data(i128 *e1, i128 *e2, i128 *s1, i128 *s2,
                           uint64_t *lp, const boxtoi_query_t q)
{
    uint64_t l = 1;
    int i, j, k, bad = 0;
    for (i = 0; i < 2; i++)
        for (k = 0; k < 3; k++) {
            mpz_srcptr dz[2];
            dz[0] = mpq_denref(q->box[i].min[k]);
            dz[1] = mpq_denref(q->box[i].max[k]);
            for (j = 0; j < 2; j++) {
                uint64_t dv, g;
                if (!mpz_fits_slong_p(dz[j]))
                    return 0;
                dv = (uint64_t)mpz_get_si(dz[j]);
                g = boxtoi_gcd_u64(l, dv);
                if (__builtin_mul_overflow(l / g, dv, &l) || l >> 62 != 0)
                    return 0;
            }
        }
    contact_box_data_i128(&bad, e1, e2, s1, s2, q, (mp_limb_t)l);
    *lp = l;
    return !bad;
}

/* The largest bit length of the blocks' and weights' entries tried in
   128 bits (measured: translational workload of 9-12-bit entries). */
#define LIN_I128_NB 12

int contact_linear_i128(boxtoi_contact_t res, const boxtoi_query_t q)
{
    i128 a1[9], a2[9], c1[3][2], c2[3][2], quant[BOXTOI_NQUANT];
    i128 d0[3], d1[3], e1[3], e2[3], s1[3], s2[3], w1, w2, t, u, c, l2;
    i128 alpha[BOXTOI_NDIRS], beta[BOXTOI_NDIRS], r[BOXTOI_NDIRS];
    i128 ln, ld, hn, hd;
    double lnd, ldd, hnd, hdd;
    uint64_t l;
    signed char sg[BOXTOI_NQUANT];
    int zero[BOXTOI_NPLANES];
    __mpz_struct ez[2][3];
    mp_limb_t one = 1;
    int i, k, d, bad = 0, empty = 0, hi_inf, nb, nt, ns;

    for (k = 0; k < 9; k++) {
        a1[k] = coef(q->motion, k / 3, k % 3, 0, &bad);
        a2[k] = coef(q->motion + 1, k / 3, k % 3, 0, &bad);
    }
    w1 = coef(q->motion, 3, 3, 0, &bad);
    w2 = coef(q->motion + 1, 3, 3, 0, &bad);
    for (i = 0; i < 3; i++)
        for (k = 0; k < 2; k++) {
            c1[i][k] = coef(q->motion, i, 3, k, &bad);
            c2[i][k] = coef(q->motion + 1, i, 3, k, &bad);
        }
    if (bad)
        return 0;

    {
        /* bit lengths: that of an OR of absolute values is the largest */
        u128 ob = boxtoi_uabs_i128(w1) | boxtoi_uabs_i128(w2), ot = 0, os = 0;
        for (k = 0; k < 9; k++)
            ob |= boxtoi_uabs_i128(a1[k]) | boxtoi_uabs_i128(a2[k]);
        nb = boxtoi_nbits_i128(ob);
        /* the size check before anything is computed: with blocks of more
           than LIN_I128_NB bits the relative motion overflows 128 bits
           almost always (12-bit entries: 97.5%, doc/performance.md,
           "Issue 16: fixed-limb integers"); the fixed-limb instance
           (linear.c) answers instead */
        if (nb > LIN_I128_NB || !box_data(e1, e2, s1, s2, &l, q))
            return 0;
        for (i = 0; i < 3; i++) {
            ot |= boxtoi_uabs_i128(c1[i][0]) | boxtoi_uabs_i128(c1[i][1])
                  | boxtoi_uabs_i128(c2[i][0]) | boxtoi_uabs_i128(c2[i][1]);
            os |= boxtoi_uabs_i128(s1[i]) | boxtoi_uabs_i128(s2[i])
                  | boxtoi_uabs_i128(e1[i]) | boxtoi_uabs_i128(e2[i]);
        }
        nt = boxtoi_nbits_i128(ot);
        ns = boxtoi_nbits_i128(os);
    }
    l2 = 2 * (i128)l;
    /* the relative motion, unchecked when the bounds of LIN_INSTANCE
       hold (l < 2^62, so 2 l fits), else checked: with entries of at
       most LIN_I128_NB bits, it mostly fits */
    if (12 * nb + 12 <= LIMIT - 1 && 3 * nb + nt + 4 <= LIMIT - 1
        && imax(boxtoi_nbits_i128(l) + 3 * nb + nt + 5, 4 * nb + ns + 3) + 3
               <= LIMIT - 1)
        lu_relmotion(quant, d0, d1, a1, a2, &w1, &w2, c1, c2, s1, s2, &l2,
                     &bad);
    else
        lc_relmotion(quant, d0, d1, a1, a2, &w1, &w2, c1, c2, s1, s2, &l2,
                     &bad);
    if (bad)
        return 0;

    /* alpha_d + beta_d t = n_d . D and R_d; without the checks when
       the sizes bound every value (LIN_INSTANCE) */
    directions_sized(alpha, beta, r, quant, d0, d1, e1, e2, &bad);
    ln = contact_get_i63(mpq_numref(q->t0), &bad);
    ld = contact_get_i63(mpq_denref(q->t0), &bad);
    hi_inf = q->t1_inf;
    hn = hd = 1;
    if (!hi_inf) {
        hn = contact_get_i63(mpq_numref(q->t1), &bad);
        hd = contact_get_i63(mpq_denref(q->t1), &bad);
    }
    if (bad)
        return 0;

    /* The contact set within the range, [ln/ld, hn/hd] (linear.c); each
       end also as doubles (lnd ... hdd), for the filter. */
    lnd = to_d(ln);
    ldd = to_d(ld);
    hnd = to_d(hn);
    hdd = to_d(hd);
    for (d = 0; d < BOXTOI_NDIRS && !empty; d++) {
        double td, ud, cd;
        if (beta[d] == 0) {
            empty = iabs(alpha[d]) > r[d];
            continue;
        }
        t = -r[d] - alpha[d];
        u = r[d] - alpha[d];
        c = iabs(beta[d]);
        if (beta[d] < 0) {
            i128 x = -t;
            t = -u;
            u = x;
        }
        td = to_d(t);
        ud = to_d(u);
        cd = to_d(c);
        if (cmp_frac_d(t, td, c, cd, ln, lnd, ld, ldd) > 0) {
            ln = t;
            ld = c;
            lnd = td;
            ldd = cd;
        }
        if (hi_inf || cmp_frac_d(u, ud, c, cd, hn, hnd, hd, hdd) < 0) {
            hn = u;
            hd = c;
            hnd = ud;
            hdd = cd;
            hi_inf = 0;
        }
    }
    if (!empty && !hi_inf)
        empty = cmp_frac_d(ln, lnd, ld, ldd, hn, hnd, hd, hdd) > 0;

    contact_reset(res);
    res->status = empty ? BOXTOI_NO_CONTACT : BOXTOI_CONTACT;
    res->nsections = 1;
    if (empty)
        return 1;
    boxtoi_mpz_set_i128(mpq_numref(res->t.lo), ln);
    boxtoi_mpz_set_i128(mpq_denref(res->t.lo), ld);
    mpq_canonicalize(res->t.lo);
    boxtoi_alg_set_mpq(&res->t, res->t.lo);
    res->initial = mpq_equal(res->t.lo, q->t0);
    for (k = 0; k < BOXTOI_NQUANT; k++)
        sg[k] = (signed char)((quant[k] > 0) - (quant[k] < 0));
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        int z = contact_plane_zero_i128(alpha[d], beta[d], r[d], ln, ld);
        zero[2 * d] = z & 1;
        zero[2 * d + 1] = z >> 1;
    }
    /* contact_set_features reads only the signs of the extents */
    for (i = 0; i < 2; i++)
        for (k = 0; k < 3; k++)
            mpz_roinit_n(ez[i] + k, &one,
                         ((i == 0 ? e1 : e2)[k] != 0) ? 1 : 0);
    contact_set_features(res, ez[0], ez[1], sg, zero);
    return 1;
}

#else /* no 128-bit integers: always the GMP version */

int contact_linear_i128(boxtoi_contact_t res, const boxtoi_query_t q)
{
    (void)res;
    (void)q;
    return 0;
}

#endif
