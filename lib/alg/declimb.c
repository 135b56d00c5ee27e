/* lib/alg/declimb.c: the constants' decimals (doc/algorithm.md §10.3,
   "Constants") on limb arrays on the stack: alg_round_sig's method
   (lib/alg/decimal.c: the exponent guessed (here from the top bits),
   checked on
   m = floor((y 10^(root s))^(1/root)) itself, the rounding decided by
   the remainder) with mpn functions on known sizes, so that a decimal
   of the contact point or normal allocates nothing.  Sizes above
   DEC_LIMBS, and limbs that are not 64 bits, are left to the reference
   (alg_round_sig on mpz), which the tests compare it with. */
#include <math.h> /* floor */
#include <string.h>
#include "alg/impl.h"
#include "lib/util/w256.h"

#define DEC_LIMBS 40                 /* |num|, |den| and 10^k, at most */
#define DEC_BUF (3 * DEC_LIMBS + 8)  /* every product below fits */

#if GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0

/* 10^j, j = 0..19 */
static const mp_limb_t pow10_limb[20] = {
    1UL, 10UL, 100UL, 1000UL, 10000UL, 100000UL, 1000000UL, 10000000UL,
    100000000UL, 1000000000UL, 10000000000UL, 100000000000UL,
    1000000000000UL, 10000000000000UL, 100000000000000UL,
    1000000000000000UL, 10000000000000000UL, 100000000000000000UL,
    1000000000000000000UL, 10000000000000000000UL};

#ifdef BOXTOI_HAVE_I128
/* 10^j, j = 0..38, in two limbs */
static const boxtoi_u128 pow10_u128[39] = {
    1UL,
    10UL,
    100UL,
    1000UL,
    10000UL,
    100000UL,
    1000000UL,
    10000000UL,
    100000000UL,
    1000000000UL,
    10000000000UL,
    100000000000UL,
    1000000000000UL,
    10000000000000UL,
    100000000000000UL,
    1000000000000000UL,
    10000000000000000UL,
    100000000000000000UL,
    1000000000000000000UL,
    10000000000000000000UL,
    (boxtoi_u128)10000000000000000000UL * 10UL,
    (boxtoi_u128)10000000000000000000UL * 100UL,
    (boxtoi_u128)10000000000000000000UL * 1000UL,
    (boxtoi_u128)10000000000000000000UL * 10000UL,
    (boxtoi_u128)10000000000000000000UL * 100000UL,
    (boxtoi_u128)10000000000000000000UL * 1000000UL,
    (boxtoi_u128)10000000000000000000UL * 10000000UL,
    (boxtoi_u128)10000000000000000000UL * 100000000UL,
    (boxtoi_u128)10000000000000000000UL * 1000000000UL,
    (boxtoi_u128)10000000000000000000UL * 10000000000UL,
    (boxtoi_u128)10000000000000000000UL * 100000000000UL,
    (boxtoi_u128)10000000000000000000UL * 1000000000000UL,
    (boxtoi_u128)10000000000000000000UL * 10000000000000UL,
    (boxtoi_u128)10000000000000000000UL * 100000000000000UL,
    (boxtoi_u128)10000000000000000000UL * 1000000000000000UL,
    (boxtoi_u128)10000000000000000000UL * 10000000000000000UL,
    (boxtoi_u128)10000000000000000000UL * 100000000000000000UL,
    (boxtoi_u128)10000000000000000000UL * 1000000000000000000UL,
    (boxtoi_u128)10000000000000000000UL * 10000000000000000000UL};
#endif

/* the size of {p, n} without its high zero limbs */
static mp_size_t norm_n(const mp_limb_t *p, mp_size_t n)
{
    while (n > 0 && p[n - 1] == 0)
        n--;
    return n;
}

/* sgn({a, an} - {b, bn}) for normalised sizes */
static int cmp_n(const mp_limb_t *a, mp_size_t an, const mp_limb_t *b,
                 mp_size_t bn)
{
    if (an != bn)
        return an < bn ? -1 : 1;
    return an == 0 ? 0 : mpn_cmp(a, b, an);
}

/* {r, return} = {a, an} {b, bn}, normalised inputs, r apart from both. */
static mp_size_t mul_n(mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
                       const mp_limb_t *b, mp_size_t bn)
{
    if (an == 0 || bn == 0)
        return 0;
    if (an < bn) { /* a the longer */
        const mp_limb_t *t = a;
        mp_size_t tn = an;
        a = b;
        an = bn;
        b = t;
        bn = tn;
    }
    if (bn == 1) /* a power of ten up to 10^19, a one-limb operand */
        r[an] = mpn_mul_1(r, a, an, b[0]);
    else
        mpn_mul(r, a, an, b, bn);
    return norm_n(r, an + bn);
}

/* {r, *rn} = 10^k, k >= 0; 0 when it needs more than cap limbs. */
static int pow10_n(mp_limb_t *r, mp_size_t *rn, long k, mp_size_t cap)
{
    mp_size_t n = 1;
    mp_limb_t c;
    long j;

#ifdef BOXTOI_HAVE_I128
    /* up to 10^38 from the table, the rest 19 digits at a time */
    boxtoi_u128 v = pow10_u128[k < 38 ? k : 38];
    if (cap < 2)
        return 0;
    r[0] = (mp_limb_t)v;
    r[1] = (mp_limb_t)(v >> 64);
    n = r[1] != 0 ? 2 : 1;
    k -= k < 38 ? k : 38;
#else
    r[0] = 1;
#endif
    for (; k > 0; k -= j) {
        j = k < 19 ? k : 19;
        c = mpn_mul_1(r, r, n, pow10_limb[j]);
        if (c != 0) {
            if (n >= cap)
                return 0;
            r[n++] = c;
        }
    }
    *rn = n;
    return 1;
}

/* {r, return} = 2 {a, an} + c (c = 0 or 1), r of an + 1 limbs. */
static mp_size_t twice_n(mp_limb_t *r, const mp_limb_t *a, mp_size_t an,
                         mp_limb_t c)
{
    if (an == 0) {
        r[0] = c;
        return c != 0;
    }
    r[an] = mpn_lshift(r, a, an, 1); /* bit 0 is free for c */
    r[0] |= c;
    return norm_n(r, an + 1);
}

static long bits_n(const mp_limb_t *p, mp_size_t n)
{
    return 64 * (long)n - (long)__builtin_clzl(p[n - 1]);
}

/* {p, n} (normalised, n >= 1) = x 2^(*b) with x in [1/2, 1): x from
   its top 64 bits, rounded to a double. */
static inline double top_n(const mp_limb_t *p, mp_size_t n, long *b)
{
    int z = __builtin_clzl(p[n - 1]);
    mp_limb_t t = p[n - 1] << z;
    if (z > 0 && n > 1)
        t |= p[n - 2] >> (64 - z);
    *b = bits_n(p, n);
    return (double)t * 0x1p-64;
}

/* The guess of E = floor(log10(y) / root), y = {np, nn} / {dp, dn}:
   y = x 2^(bn - bd) with x = xn / xd in (1/2, 2) from the top 64 bits
   of each, log2(x) = (2 / ln 2) atanh(u), u = (x - 1) / (x + 1) in
   (-1/3, 1/3), by its series to u^5 (the next term is below 2^-12 in
   log2), so that the guess can be wrong only for y near a power of
   ten (of 10^root), where the truncated series' error and the double's
   rounding may cross it; from the bit sizes alone it was off by one in
   about one decimal in seven, each miss costing a second division
   (and square root).  Only a guess: round_sig_limbs checks it exactly
   on M0 and moves it by one until it holds, so no decision depends on
   the double (doc/algorithm.md §10.3). */
static long guess_e(const mp_limb_t *np, mp_size_t nn, const mp_limb_t *dp,
                    mp_size_t dn, int root)
{
    long bn, bd;
    double x = top_n(np, nn, &bn) / top_n(dp, dn, &bd);
    double u = (x - 1) / (x + 1), u2 = u * u;
    double l2 = 2.8853900817779268 * u * (1 + u2 * (1.0 / 3 + u2 * 0.2));
    return (long)floor(((double)(bn - bd) + l2) * 0.30102999566398120
                       / root);
}

/* y = {np, nn} / {dp, dn} > 0 (normalised): {m, *mn}, *e as
   alg_round_sig(m, e, y, n_dig, root).  0 when a size exceeds the
   buffers (nothing decided). */
static int round_sig_limbs(mp_limb_t *m, mp_size_t *mn, long *e_out,
                           const mp_limb_t *np, mp_size_t nn,
                           const mp_limb_t *dp, mp_size_t dn, long n_dig,
                           int root)
{
    mp_limb_t lo[DEC_LIMBS / 4 + 1], hi[DEC_LIMBS / 4 + 2],
        p[DEC_LIMBS], a[DEC_BUF], b[DEC_BUF], q[DEC_BUF], r[DEC_BUF],
        u[DEC_BUF];
    const mp_limb_t *ap, *bp;
    mp_size_t lon, hin, pn, an, bn, qn, rn, un, vn;
    long e, s, k;
    int c, iter;

#ifdef BOXTOI_HAVE_I128
    if (n_dig <= 38) { /* 10^(N-1) and 10^N from the table */
        boxtoi_u128 vl = pow10_u128[n_dig - 1], vh = pow10_u128[n_dig];
        lo[0] = (mp_limb_t)vl;
        lo[1] = (mp_limb_t)(vl >> 64);
        lon = lo[1] != 0 ? 2 : 1;
        hi[0] = (mp_limb_t)vh;
        hi[1] = (mp_limb_t)(vh >> 64);
        hin = hi[1] != 0 ? 2 : 1;
    } else
#endif
    {
        if (!pow10_n(lo, &lon, n_dig - 1, DEC_LIMBS / 4))
            return 0;
        hi[lon] = mpn_mul_1(hi, lo, lon, 10);
        hin = norm_n(hi, lon + 1);
    }
    e = guess_e(np, nn, dp, dn, root);
    for (iter = 0;; iter++) {
        if (iter == 8) /* the guess is off by at most one or two */
            return 0;
        s = n_dig - 1 - e;
        k = root * (s >= 0 ? s : -s);
        if (!pow10_n(p, &pn, k, DEC_LIMBS))
            return 0;
        if (s >= 0) {
            an = mul_n(a, np, nn, p, pn);
            ap = a;
            bp = dp;
            bn = dn;
        } else {
            bn = mul_n(b, dp, dn, p, pn);
            bp = b;
            ap = np;
            an = nn;
        }
        if (cmp_n(ap, an, bp, bn) < 0) {
            qn = 0;
            memcpy(r, ap, (size_t)an * sizeof *r);
            rn = an;
        } else {
            mpn_tdiv_qr(q, r, 0, ap, an, bp, bn);
            qn = norm_n(q, an - bn + 1);
            rn = norm_n(r, bn);
        }
        if (root == 2 && qn > 0) {
#ifdef BOXTOI_HAVE_I128
            if (!boxtoi_util_sqrt_w(m, mn, q, qn)) /* Q < 2^254: our own */
#endif
            {
                mpn_sqrtrem(m, NULL, q, qn);
                *mn = norm_n(m, (qn + 1) / 2);
            }
        } else {
            memcpy(m, q, (size_t)qn * sizeof *m);
            *mn = qn;
        }
        if (cmp_n(m, *mn, lo, lon) < 0)
            e--;
        else if (cmp_n(m, *mn, hi, hin) >= 0)
            e++;
        else
            break;
    }
    if (root == 1) { /* sgn(2 r - b) */
        un = twice_n(u, r, rn, 0);
        c = cmp_n(u, un, bp, bn);
    } else { /* sgn(4 a - (2m + 1)^2 b) */
        un = twice_n(u, m, *mn, 1);
        vn = mul_n(q, u, un, u, un);
        vn = mul_n(r, q, vn, bp, bn);
        u[an] = mpn_lshift(u, ap, an, 2);
        un = norm_n(u, an + 1);
        c = cmp_n(u, un, r, vn);
    }
    if (c > 0 || (c == 0 && (m[0] & 1))) {
        m[*mn] = mpn_add_1(m, m, *mn, 1);
        *mn = norm_n(m, *mn + 1);
    }
    if (cmp_n(m, *mn, hi, hin) == 0) { /* 10^N: 10^(N-1) 10^(E+1-N+1) */
        memcpy(m, lo, (size_t)lon * sizeof *m);
        *mn = lon;
        e++;
    }
    *e_out = e;
    return 1;
}

/* The decimal digits of {m, mn} >= 1 (normalised) as characters at
   dig, without leading zeros; their number.  Up to two limbs (every
   decimal of up to 38 digits) 19 digits at a time: one division of
   m by 10^19 per 19 digits, the digits of each word by
   util_word_digits (cheaper than mpn_get_str's set-up for so few
   limbs); more limbs, or no 128-bit integers, by mpn_get_str (which
   clobbers m).
   t/decimal-t compares the whole decimal with the mpz reference on
   both sides of 2^64 and 2^128. */
static mp_size_t digits_n(unsigned char *dig, mp_limb_t *m, mp_size_t mn)
{
    mp_size_t i, j, len;
#ifdef BOXTOI_HAVE_I128
    if (mn <= 2) {
        const mp_limb_t p19 = pow10_limb[19];
        boxtoi_u128 v = mn == 2 ? ((boxtoi_u128)m[1] << 64) | m[0] : m[0], h;
        char buf[40], *end = buf + sizeof buf, *p = end;
        while (v >= p19) {
            h = v / p19;
            p = util_word_digits(p, (mp_limb_t)(v - h * p19), 19);
            v = h;
        }
        p = util_word_digits(p, (mp_limb_t)v, 1); /* v >= 1: m >= 1 */
        memcpy(dig, p, (size_t)(end - p));
        return (mp_size_t)(end - p);
    }
#endif
    len = (mp_size_t)mpn_get_str(dig, 10, m, mn);
    for (i = 0; i + 1 < len && dig[i] == 0; i++)
        ;
    for (j = i; j < len; j++)
        dig[j - i] = (unsigned char)('0' + dig[j]);
    return len - i;
}

int alg_const_get_str_limbs(boxtoi_strbuf *sb, int *rc, mpz_srcptr num,
                            mpz_srcptr den, long digits, int unit, int neg)
{
    mp_limb_t sq[2 * DEC_LIMBS], m[DEC_BUF];
    unsigned char dig[DEC_LIMBS / 4 * 20 + 2];
    const mp_limb_t *np = mpz_limbs_read(num);
    mp_size_t nn = mpz_size(num), dn = mpz_size(den), mn, len;
    long e;

    if (nn == 0 || dn == 0 || nn > DEC_LIMBS || dn > DEC_LIMBS
        || digits < 1)
        return 0;
    if (unit) { /* y = num^2 / den */
        mpn_sqr(sq, np, nn);
        nn = norm_n(sq, 2 * nn);
        np = sq;
    }
    if (!round_sig_limbs(m, &mn, &e, np, nn, mpz_limbs_read(den), dn,
                         digits, unit ? 2 : 1))
        return 0;
    len = digits_n(dig, m, mn); /* mn > 0: m >= 1 */
    *rc = util_put_decimal(sb, neg, (const char *)dig, (size_t)len, e);
    return 1;
}

#else /* other limb sizes: always the reference */

int alg_const_get_str_limbs(boxtoi_strbuf *sb, int *rc, mpz_srcptr num,
                            mpz_srcptr den, long digits, int unit, int neg)
{
    (void)sb, (void)rc, (void)num, (void)den, (void)digits, (void)unit,
        (void)neg;
    return 0;
}

#endif
