/* lib/contact/linear128.c: the closed form of linear.c in machine
   integers.

   The same formulas as linear.c (doc/algorithm.md §4.4), computed in
   128-bit integers when every numerator and denominator of the input fits
   in a long.  Each operation checks that its result stays below 2^LIMIT
   in magnitude (so that no operation can overflow: a sum of two such
   values is below 2^126, a product is only formed when the operands' bit
   lengths add up to at most LIMIT).  The first value that would not fit
   makes the whole computation give up before res is touched; linear.c
   then runs its GMP version, which gives the same answer.

   The left and right ends of the contact interval are compared as
   fractions, a/b < c/d with b, d > 0, i.e. by the sign of a d - c b, a
   256-bit number.  A double-precision filter decides first when the
   rounded products are far apart (a proof, see contact_cmp_frac_i128); otherwise the
   products are formed exactly in 256 bits.  Nothing here depends on a
   rounded value except through such a proof. */
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"

#if defined(BOXTOI_HAVE_I128) && ULONG_MAX == 0xffffffffffffffffUL

typedef boxtoi_i128 i128;
typedef boxtoi_u128 u128;

#define LIMIT 126

static int nbits(u128 x)
{
    uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
    if (hi != 0)
        return 128 - __builtin_clzll(hi);
    return lo != 0 ? 64 - __builtin_clzll(lo) : 0;
}

/* |x| for |x| < 2^127 */
static inline u128 uabs(i128 x)
{
    return x < 0 ? -(u128)x : (u128)x;
}

/* The checked operations: operands below 2^LIMIT in magnitude; a
   result that would not be sets *bad and is replaced by 0 (never an
   overflow: the sum of two operands is below 2^127). */
static inline i128 fit(i128 x, int *bad)
{
    i128 h = x >> LIMIT; /* 0 or -1 exactly when |x| < 2^LIMIT */
    if (h != 0 && h != -1) {
        *bad = 1;
        return 0;
    }
    return x;
}

static inline i128 add(i128 a, i128 b, int *bad)
{
    return fit(a + b, bad);
}

static inline i128 sub(i128 a, i128 b, int *bad)
{
    return fit(a - b, bad);
}

static i128 mul_wide(i128 a, i128 b, int *bad)
{
    if (nbits(uabs(a)) + nbits(uabs(b)) > LIMIT) {
        *bad = 1;
        return 0;
    }
    return a * b;
}

/* Two factors that fit in 64 bits give a product below 2^126. */
static inline i128 mul(i128 a, i128 b, int *bad)
{
    if ((int64_t)a == a && (int64_t)b == b)
        return (i128)(int64_t)a * (int64_t)b;
    return mul_wide(a, b, bad);
}

static inline i128 iabs(i128 x)
{
    return x < 0 ? -x : x;
}

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
    u128 ua = uabs(a), ub = uabs(b), p00, p01, p10, p11, mid, hi;
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

/* Sign of a d - c b (a/b versus c/d when b, d > 0).  The filter: each
   conversion to double and each product is within a relative 2^-52 of
   its exact value, so |(x - y) - (a d - c b)| <= 5u (|x| + |y|)
   roughly, u = 2^-53; a computed difference above 2^-48 (|x| + |y|)
   (that is, 32u) has the sign of the exact one.  The products of
   integers are 0 or at least 1 and below 2^252: no underflow, no
   overflow. */
int contact_cmp_frac_i128(i128 a, i128 b, i128 c, i128 d)
{
    double x = to_d(a) * to_d(d), y = to_d(c) * to_d(b);
    double diff = x - y;
    if (fabs(diff) > 0x1p-48 * (fabs(x) + fabs(y)))
        return diff > 0 ? 1 : -1;
    return cmp256(mul256(a, d), mul256(c, b));
}

/* Does alpha + beta n / dd = sgn R hold exactly (dd > 0)?  Filter as
   above, on the three products of alpha dd + beta n - sgn R dd. */
int contact_plane_zero_i128(i128 alpha, i128 beta, i128 r, int sgn, i128 n,
                            i128 dd)
{
    double x1 = to_d(alpha) * to_d(dd), x2 = to_d(beta) * to_d(n);
    double y = sgn * to_d(r) * to_d(dd);
    if (fabs(x1 + x2 - y) > 0x1p-46 * (fabs(x1) + fabs(x2) + fabs(y)))
        return 0;
    return cmp256(add256(mul256(alpha, dd), mul256(beta, n)),
                  mul256(sgn > 0 ? r : -r, dd)) == 0;
}

/* ---- reading the input ---- */

/* z as a 128-bit integer when |z| < 2^63 (one limb of 64 bits) */
static inline i128 get_z(mpz_srcptr z, int *bad)
{
    mp_limb_t x;
    if (mpz_size(z) == 0)
        return 0;
    x = mpz_getlimbn(z, 0);
    if (mpz_size(z) > 1 || GMP_NUMB_BITS != 64 || x >> 63 != 0) {
        *bad = 1;
        return 0;
    }
    return mpz_sgn(z) < 0 ? -(i128)x : (i128)x;
}

/* coefficient k of entry (i, j) of m's numerators */
static inline i128 coef(const boxtoi_motion_struct *m, int i, int j, long k,
                 int *bad)
{
    const boxtoi_poly_struct *p = m->e + 4 * i + j;
    return k < p->length ? get_z(p->coeffs + k, bad) : 0;
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

static void set_mpz(mpz_ptr z, i128 x)
{
    u128 u = uabs(x);
    mpz_set_ui(z, (unsigned long)(u >> 64));
    mpz_mul_2exp(z, z, 64);
    mpz_add_ui(z, z, (unsigned long)(uint64_t)u);
    if (x < 0)
        mpz_neg(z, z);
}

/* adj of a 3x3 matrix (row-major), as adj3z in linear.c */
static void adj3(i128 *adj, const i128 *a, int *bad)
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
            adj[3 * i + j] = sub(mul(a[3 * j1 + i1], a[3 * j2 + i2], bad),
                                 mul(a[3 * j1 + i2], a[3 * j2 + i1], bad),
                                 bad);
        }
}

int contact_linear_small(boxtoi_contact_t res, const boxtoi_query_t q)
{
    i128 a1[9], a2[9], adj1[9], quant[BOXTOI_NQUANT], b[2][3];
    i128 d0[3], d1[3], e1[3], e2[3], s1[3], s2[3], w1, w2, t, u, c;
    i128 alpha[BOXTOI_NDIRS], beta[BOXTOI_NDIRS], r[BOXTOI_NDIRS];
    i128 ln, ld, hn, hd, aw;
    uint64_t l = 1;
    signed char sg[BOXTOI_NQUANT];
    int zero[BOXTOI_NPLANES];
    __mpz_struct ez[2][3];
    mp_limb_t one = 1;
    int i, j, k, m, d, bad = 0, empty = 0, hi_inf;

    for (k = 0; k < 9; k++) {
        a1[k] = coef(q->motion, k / 3, k % 3, 0, &bad);
        a2[k] = coef(q->motion + 1, k / 3, k % 3, 0, &bad);
    }
    w1 = coef(q->motion, 3, 3, 0, &bad);
    w2 = coef(q->motion + 1, 3, 3, 0, &bad);

    /* the relative motion (linear.c) */
    adj3(adj1, a1, &bad);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            t = 0;
            for (k = 0; k < 3; k++)
                t = add(t, mul(adj1[3 * i + k], a2[3 * k + j], &bad), &bad);
            quant[Q_A(i, j)] = mul(t, w1, &bad);
        }
    for (k = 0; k < 2; k++)
        for (i = 0; i < 3; i++) {
            t = 0;
            for (j = 0; j < 3; j++) {
                u = sub(mul(w1, coef(q->motion + 1, j, 3, k, &bad), &bad),
                        mul(w2, coef(q->motion, j, 3, k, &bad), &bad), &bad);
                t = add(t, mul(adj1[3 * i + j], u, &bad), &bad);
            }
            b[k][i] = t;
        }
    t = 0;
    for (j = 0; j < 3; j++)
        t = add(t, mul(a1[j], adj1[3 * j], &bad), &bad);
    quant[Q_W] = mul(t, w2, &bad);
    adj3(quant + Q_ADJ(0, 0), quant + Q_A(0, 0), &bad);
    t = 0;
    for (j = 0; j < 3; j++)
        t = add(t, mul(quant[Q_A(0, j)], quant[Q_ADJ(j, 0)], &bad), &bad);
    quant[Q_DET] = t;
    if (bad)
        return 0;

    /* box data over the common denominator l */
    for (i = 0; i < 2 && !bad; i++)
        for (k = 0; k < 3; k++) {
            mpz_srcptr dz[2];
            dz[0] = mpq_denref(q->box[i].min[k]);
            dz[1] = mpq_denref(q->box[i].max[k]);
            for (j = 0; j < 2; j++) {
                uint64_t dv, g;
                if (!mpz_fits_slong_p(dz[j]))
                    return 0;
                dv = (uint64_t)mpz_get_si(dz[j]);
                g = gcd64(l, dv);
                if (__builtin_mul_overflow(l / g, dv, &l) || l >> 62 != 0)
                    return 0;
            }
        }
    for (k = 0; k < 3; k++)
        for (i = 0; i < 2; i++) {
            i128 lo, hi;
            /* the denominators fit (the loop above) */
            lo = mul((i128)(l / mpz_get_ui(mpq_denref(q->box[i].min[k]))),
                     get_z(mpq_numref(q->box[i].min[k]), &bad), &bad);
            hi = mul((i128)(l / mpz_get_ui(mpq_denref(q->box[i].max[k]))),
                     get_z(mpq_numref(q->box[i].max[k]), &bad), &bad);
            (i == 0 ? e1 : e2)[k] = sub(hi, lo, &bad);
            (i == 0 ? s1 : s2)[k] = add(hi, lo, &bad);
        }
    /* D = A s2 + 2 l b - w s1 = d0 + d1 t */
    for (m = 0; m < 3; m++) {
        d0[m] = mul(mul(b[0][m], (i128)l, &bad), 2, &bad);
        d1[m] = mul(mul(b[1][m], (i128)l, &bad), 2, &bad);
        for (j = 0; j < 3; j++)
            d0[m] = add(d0[m], mul(quant[Q_A(m, j)], s2[j], &bad), &bad);
        d0[m] = sub(d0[m], mul(quant[Q_W], s1[m], &bad), &bad);
    }
    /* alpha_d + beta_d t = n_d . D and R_d = |w| sum_m |n_d . e_m| e1_m
       + sum_m |n_d . a_m| e2_m, for the directions of contact_dir_table
       written out (t/linear-t checks them against the GMP version, which
       reads the table). */
    aw = iabs(quant[Q_W]);
    for (k = 0; k < 3; k++) {
        /* n = e_k: n . e_m = [m = k], n . a_m = A_km */
        d = k;
        alpha[d] = d0[k];
        beta[d] = d1[k];
        r[d] = mul(e1[k], aw, &bad);
        for (m = 0; m < 3; m++)
            r[d] = add(r[d], mul(iabs(quant[Q_A(k, m)]), e2[m], &bad), &bad);
        /* n = row k of adj(A): n . e_m = adj_km, n . a_m = det A [m = k] */
        d = 3 + k;
        alpha[d] = beta[d] = t = 0;
        for (m = 0; m < 3; m++) {
            c = quant[Q_ADJ(k, m)];
            alpha[d] = add(alpha[d], mul(c, d0[m], &bad), &bad);
            beta[d] = add(beta[d], mul(c, d1[m], &bad), &bad);
            t = add(t, mul(iabs(c), e1[m], &bad), &bad);
        }
        r[d] = add(mul(t, aw, &bad), mul(iabs(quant[Q_DET]), e2[k], &bad),
                   &bad);
    }
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            /* n = e_i x a_j: n . e_{i+1} = -A_{i+2,j}, n . e_{i+2} =
               A_{i+1,j}; n . a_k = +-adj_{l,i} for k != j, l the third
               index */
            int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
            i128 x = quant[Q_A(i2, j)], y = quant[Q_A(i1, j)];
            d = 6 + 3 * i + j;
            alpha[d] = sub(mul(y, d0[i2], &bad), mul(x, d0[i1], &bad), &bad);
            beta[d] = sub(mul(y, d1[i2], &bad), mul(x, d1[i1], &bad), &bad);
            t = add(mul(iabs(x), e1[i1], &bad), mul(iabs(y), e1[i2], &bad),
                    &bad);
            r[d] = mul(t, aw, &bad);
            for (k = 0; k < 3; k++)
                if (k != j)
                    r[d] = add(r[d],
                               mul(iabs(quant[Q_ADJ(3 - j - k, i)]), e2[k],
                                   &bad),
                               &bad);
        }
    ln = get_z(mpq_numref(q->t0), &bad);
    ld = get_z(mpq_denref(q->t0), &bad);
    hi_inf = q->t1_inf;
    hn = hd = 1;
    if (!hi_inf) {
        hn = get_z(mpq_numref(q->t1), &bad);
        hd = get_z(mpq_denref(q->t1), &bad);
    }
    /* the bounds below are sums of two values below 2^LIMIT */
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        sub(-r[d], alpha[d], &bad);
        sub(r[d], alpha[d], &bad);
    }
    if (bad)
        return 0;

    /* The contact set within the range, [ln/ld, hn/hd] (linear.c). */
    for (d = 0; d < BOXTOI_NDIRS && !empty; d++) {
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
        if (contact_cmp_frac_i128(t, c, ln, ld) > 0) {
            ln = t;
            ld = c;
        }
        if (hi_inf || contact_cmp_frac_i128(u, c, hn, hd) < 0) {
            hn = u;
            hd = c;
            hi_inf = 0;
        }
    }
    if (!empty && !hi_inf)
        empty = contact_cmp_frac_i128(ln, ld, hn, hd) > 0;

    contact_reset(res);
    res->status = empty ? BOXTOI_NO_CONTACT : BOXTOI_CONTACT;
    res->nsections = 1;
    if (empty)
        return 1;
    set_mpz(mpq_numref(res->t.lo), ln);
    set_mpz(mpq_denref(res->t.lo), ld);
    mpq_canonicalize(res->t.lo);
    boxtoi_alg_set_mpq(&res->t, res->t.lo);
    res->initial = mpq_equal(res->t.lo, q->t0);
    for (k = 0; k < BOXTOI_NQUANT; k++)
        sg[k] = (signed char)((quant[k] > 0) - (quant[k] < 0));
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        zero[2 * d] =
            contact_plane_zero_i128(alpha[d], beta[d], r[d], 1, ln, ld);
        zero[2 * d + 1] =
            contact_plane_zero_i128(alpha[d], beta[d], r[d], -1, ln, ld);
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

int contact_linear_small(boxtoi_contact_t res, const boxtoi_query_t q)
{
    (void)res;
    (void)q;
    return 0;
}

#endif
