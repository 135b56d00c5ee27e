/* lib/util/w256.h: numbers of up to four 64-bit limbs in 128-bit words
   (not installed), for the decimals (lib/alg/declimb.c,
   doc/algorithm.md §10.3): the integer square root of the normals,
   with an exact check and a decline to GMP's mpn_sqrtrem.

   m = floor(sqrt(Q)) for 0 < Q < 2^254 (so m < 2^127): a first m from
   the double square root of Q's top bits, then Newton's step
   m += (Q - m^2) / (2 m) with the quotient taken in doubles, until the
   exact check 0 <= Q - m^2 <= 2 m (that is m^2 <= Q < (m + 1)^2) holds
   on the 256-bit Q - m^2.  The doubles only propose m; the check
   decides it.  Each step from a relative error e leaves about
   e^2 / 2 + 2^-52 e (the quotient's rounding), so three or four steps
   reach the check; after eight, or for Q outside the range, the caller
   is told to use mpn_sqrtrem (return 0).  t/util-t compares it with
   GMP's mpz_sqrt on perfect squares, n^2 - 1, n^2 + 2n, powers of two
   and random numbers of 1 to 254 bits. */
#ifndef BOXTOI_UTIL_W256_H
#define BOXTOI_UTIL_W256_H

#include "lib/util/i128.h"

#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0
#include <math.h>
#include <stdint.h>

/* a 256-bit magnitude hi 2^128 + lo */
typedef struct {
    boxtoi_u128 hi, lo;
} boxtoi_u256;

/* x^2 for x < 2^127 */
static inline boxtoi_u256 boxtoi_u256_sqr(boxtoi_u128 x)
{
    boxtoi_u128 xl = (mp_limb_t)x, xh = x >> 64, mid = xl * xh, t;
    boxtoi_u256 r;
    r.lo = xl * xl;
    r.hi = xh * xh + (mid >> 63); /* 2 mid = (mid >> 63) 2^64 + ... */
    t = r.lo + (mid << 65);        /* ... + (2 mid mod 2^64) 2^64 */
    r.hi += t < r.lo;
    r.lo = t;
    return r;
}

/* a - b for a >= b */
static inline boxtoi_u256 boxtoi_u256_sub(boxtoi_u256 a, boxtoi_u256 b)
{
    boxtoi_u256 r;
    r.lo = a.lo - b.lo;
    r.hi = a.hi - b.hi - (a.lo < b.lo);
    return r;
}

static inline int boxtoi_u256_cmp(boxtoi_u256 a, boxtoi_u256 b)
{
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    return a.lo < b.lo ? -1 : a.lo > b.lo;
}

/* v and a as doubles (only to propose m), by 64-bit halves: no
   library call */
static inline double boxtoi_u128_double(boxtoi_u128 v)
{
    return (double)(uint64_t)(v >> 64) * 0x1p64 + (double)(uint64_t)v;
}

static inline double boxtoi_u256_double(boxtoi_u256 a)
{
    return boxtoi_u128_double(a.hi) * 0x1p128 + boxtoi_u128_double(a.lo);
}

/* d >= 0 (d < 2^126) as an integer, by 64-bit halves (exact for d's
   integer part: both halves are on d's grid) */
static inline boxtoi_u128 boxtoi_u128_from_double(double d)
{
    uint64_t h = (uint64_t)(d * 0x1p-64);
    return ((boxtoi_u128)h << 64) + (uint64_t)(d - (double)h * 0x1p64);
}

/* {m, *mn} = floor(sqrt({q, qn})) for {q, qn} normalised, 1 <= qn <= 4
   and {q, qn} < 2^254 (m of at most two limbs); 0 (m untouched) when
   Q is outside that range or the steps did not settle. */
static inline int boxtoi_util_sqrt_w(mp_limb_t *m, mp_size_t *mn,
                                     const mp_limb_t *q, mp_size_t qn)
{
    boxtoi_u256 Q, r, s;
    boxtoi_u128 x;
    double d;
    int i, neg;

    if (qn < 1 || qn > 4 || q[qn - 1] == 0
        || (qn == 4 && (q[3] >> 62) != 0))
        return 0;
    Q.lo = q[0];
    Q.hi = 0;
    if (qn >= 2)
        Q.lo |= (boxtoi_u128)q[1] << 64;
    if (qn >= 3)
        Q.hi = q[2];
    if (qn == 4)
        Q.hi |= (boxtoi_u128)q[3] << 64;
    { /* the first m: sqrt(Q) = sqrt(Q / 2^(2k)) 2^k, Q / 2^(2k) < 2^104 */
        int b = (int)(64 * qn) - __builtin_clzl(q[qn - 1]), k = 0;
        boxtoi_u128 qs = Q.lo; /* Q >> 2k */
        if (b > 104) {
            k = (b - 104 + 1) / 2;
            qs = 2 * k >= 128 ? Q.hi >> (2 * k - 128)
                              : (Q.lo >> 2 * k) | (Q.hi << (128 - 2 * k));
        }
        d = sqrt(boxtoi_u128_double(qs)); /* < 2^52 */
        x = (boxtoi_u128)(uint64_t)d << k;
        if (x == 0)
            x = 1;
    }
    for (i = 0; i < 8; i++) {
        s = boxtoi_u256_sqr(x);
        neg = boxtoi_u256_cmp(s, Q) > 0;
        r = neg ? boxtoi_u256_sub(s, Q) : boxtoi_u256_sub(Q, s);
        if (!neg && r.hi == 0 && r.lo <= 2 * x) { /* m^2 <= Q < (m+1)^2 */
            m[0] = (mp_limb_t)x;
            m[1] = (mp_limb_t)(x >> 64);
            *mn = m[1] != 0 ? 2 : 1;
            return 1;
        }
        d = boxtoi_u256_double(r) / (2.0 * boxtoi_u128_double(x));
        if (d < 1)
            d = 1;
        if (d >= 0x1p126) /* not near: leave it to the reference */
            return 0;
        {
            boxtoi_u128 st = boxtoi_u128_from_double(d);
            if (neg)
                x -= st < x ? st : x - 1;
            else
                x += st;
        }
        if (x >> 127)
            return 0;
    }
    return 0;
}

#endif
#endif
