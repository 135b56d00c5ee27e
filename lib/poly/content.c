/* lib/poly/content.c: the content of an integer polynomial in machine
   words, the fast path of boxtoi_poly_content (lib/poly/gcd.c) when
   every coefficient is below 2^192 (doc/algorithm.md §9.8: the binary
   gcd's exactness and end).

   content = 2^z g, z the least number of trailing zero bits of a
   non-zero coefficient and g the gcd of the coefficients' odd parts
   (the odd part of a gcd is the gcd of the odd parts).  g is found by
   the binary gcd on 192-, then 128-, then 64-bit words; once it fits in
   one word each further coefficient is reduced by mpn_mod_1 (g odd, so
   gcd(g, c) = gcd(g, c mod g)) and Euclid ends in words. */
#include <stdint.h>
#include "poly/impl.h"

#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0
/* Magnitudes below 2^192 as hi 2^128 + lo. */
typedef struct {
    boxtoi_u128 lo;
    uint64_t hi;
} w192;

/* a = a / 2^k with k its number of trailing zero bits (a not 0). */
static void odd_part(w192 *a)
{
    int s;
    while ((uint64_t)a->lo == 0) {
        a->lo = (a->lo >> 64) | (boxtoi_u128)a->hi << 64;
        a->hi = 0;
    }
    s = __builtin_ctzll((uint64_t)a->lo);
    if (s > 0) {
        a->lo = (a->lo >> s) | (boxtoi_u128)a->hi << (128 - s);
        a->hi >>= s;
    }
}

static boxtoi_u128 odd_u128(boxtoi_u128 x)
{
    return (uint64_t)x != 0 ? x >> __builtin_ctzll((uint64_t)x)
                            : x >> (64 + __builtin_ctzll((uint64_t)(x >> 64)));
}

/* gcd(a, b) of two odd numbers below 2^192 (binary gcd: a - b of two
   odd numbers is even, its odd part below max(a, b) / 2), in 192,
   then 128, then 64 bits. */
static w192 gcd_odd(w192 a, w192 b)
{
    boxtoi_u128 x, y;
    uint64_t u, v;
    while ((a.hi | b.hi) != 0) {
        if (a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo)) {
            w192 t = a;
            a = b;
            b = t;
        } else if (a.hi == b.hi && a.lo == b.lo) {
            return a;
        }
        a.hi -= b.hi + (a.lo < b.lo);
        a.lo -= b.lo;
        odd_part(&a);
    }
    for (x = a.lo, y = b.lo; ((x | y) >> 64) != 0 && x != y;)
        if (x > y)
            x = odd_u128(x - y);
        else
            y = odd_u128(y - x);
    if (((x | y) >> 64) == 0)
        for (u = (uint64_t)x, v = (uint64_t)y; u != v;)
            if (u > v)
                u = (u - v) >> __builtin_ctzll(u - v);
            else
                v = (v - u) >> __builtin_ctzll(v - u);
    else
        u = (uint64_t)x; /* (x = y) */
    a.lo = ((x | y) >> 64) == 0 ? u : x;
    a.hi = 0;
    return a;
}

/* |z|, z not 0 and below 2^192 in magnitude. */
static w192 get_w192(mpz_srcptr z)
{
    w192 a;
    a.lo = (boxtoi_u128)mpz_getlimbn(z, 1) << 64 | mpz_getlimbn(z, 0);
    a.hi = mpz_getlimbn(z, 2);
    return a;
}

int poly_content_words(mpz_t res, const boxtoi_poly_t p)
{
    long i, n = p->length, s = -1;
    mp_bitcnt_t z = ~(mp_bitcnt_t)0, b;
    mp_limb_t one[3];
    w192 c, a;

    for (i = 0; i < n; i++) {
        if (mpz_size(p->coeffs + i) > 3)
            return 0;
        if (mpz_sgn(p->coeffs + i) != 0) {
            b = mpz_scan1(p->coeffs + i, 0);
            z = b < z ? b : z;
            if (s < 0 || mpz_size(p->coeffs + i) < mpz_size(p->coeffs + s))
                s = i;
        }
    }
    if (s < 0) {
        mpz_set_ui(res, 0);
        return 1;
    }
    c = get_w192(p->coeffs + s);
    odd_part(&c);
    for (i = 0; i < n && (c.hi != 0 || c.lo != 1); i++) {
        if (i == s || mpz_sgn(p->coeffs + i) == 0)
            continue;
        if (c.hi == 0 && (c.lo >> 64) == 0) {
            /* a one-word g: the remainder, then Euclid */
            mp_limb_t r = mpn_mod_1(mpz_limbs_read(p->coeffs + i),
                                    (mp_size_t)mpz_size(p->coeffs + i),
                                    (mp_limb_t)c.lo);
            c.lo = boxtoi_gcd_u64((uint64_t)c.lo, r);
            continue;
        }
        a = get_w192(p->coeffs + i);
        odd_part(&a);
        c = gcd_odd(c, a);
    }
    one[0] = (mp_limb_t)c.lo;
    one[1] = (mp_limb_t)(c.lo >> 64);
    one[2] = c.hi;
    mpz_import(res, 3, -1, sizeof one[0], 0, 0, one);
    mpz_mul_2exp(res, res, z);
    return 1;
}
#else
int poly_content_words(mpz_t res, const boxtoi_poly_t p)
{
    (void)res;
    (void)p;
    return 0;
}
#endif
