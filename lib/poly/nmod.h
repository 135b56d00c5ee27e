/* lib/poly/nmod.h: arithmetic modulo a word-size prime and polynomials
   over Z/p as coefficient arrays (not installed), for the modular gcds
   of the library: the gcd in Z[t] by small primes (gcdmod.c) and the
   gcd of the relative motion's entries (lib/contact/relmotion128.c).
   The code uses the names nmod_*; the symbols are _boxtoi_nmod_*. */
#ifndef BOXTOI_POLY_NMOD_H
#define BOXTOI_POLY_NMOD_H

#include "lib/util/impl.h"

#define nmod_poly_gcd _boxtoi_nmod_poly_gcd

/* The modulus: an odd prime p < 2^62 (p < 2^32 without 128-bit
   integers), with the constants of Barrett's reduction [Menezes, van
   Oorschot, Vanstone, "Handbook of Applied Cryptography", Algorithm
   14.42, base 2]: k the bit length of p and m = floor(2^(2k) / p). */
typedef struct {
    unsigned long long p, m;
    int k;
} nmod_t;

static inline void nmod_init(nmod_t *mp, unsigned long long p)
{
    mp->p = p;
    mp->k = 64 - __builtin_clzll(p);
#ifdef BOXTOI_HAVE_I128
    mp->m = (unsigned long long)(((boxtoi_u128)1 << (2 * mp->k)) / p);
#else
    mp->m = 0;
#endif
}

/* a b mod p for a, b < p.  With x = a b < 2^(2k), q = floor(floor(x /
   2^(k-1)) m / 2^(k+1)) is floor(x / p) or at most two below it
   (ibid.), so x - q p < 3p < 2^64 is reduced by two subtractions; every
   intermediate fits its type (x / 2^(k-1) and m are below 2^63). */
static inline unsigned long long nmod_mul(unsigned long long a,
                                          unsigned long long b,
                                          const nmod_t *mp)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_u128 x = (boxtoi_u128)a * b;
    unsigned long long q = (unsigned long long)(
        ((boxtoi_u128)(unsigned long long)(x >> (mp->k - 1)) * mp->m)
        >> (mp->k + 1));
    unsigned long long r = (unsigned long long)x - q * mp->p;
    if (r >= mp->p)
        r -= mp->p;
    if (r >= mp->p)
        r -= mp->p;
    return r;
#else
    return a * b % mp->p; /* a, b < p < 2^32 */
#endif
}

static inline unsigned long long nmod_sub(unsigned long long a,
                                          unsigned long long b,
                                          const nmod_t *mp)
{
    return a >= b ? a - b : a + mp->p - b;
}

static inline unsigned long long nmod_pow(unsigned long long a,
                                          unsigned long long e,
                                          const nmod_t *mp)
{
    unsigned long long r = 1;
    while (e > 0) {
        if (e & 1)
            r = nmod_mul(r, a, mp);
        a = nmod_mul(a, a, mp);
        e >>= 1;
    }
    return r;
}

/* a^-1 = a^(p-2) for 0 < a < p (Fermat). */
static inline unsigned long long nmod_inv(unsigned long long a,
                                          const nmod_t *mp)
{
    return a == 1 ? 1 : nmod_pow(a, mp->p - 2, mp);
}

/* g = the monic gcd of u (degree du) and v (degree dv) over Z/p, for
   coefficient arrays reduced mod p (degree -1 for zero; leading zeros
   are dropped first); returns its degree (-1 when both are zero).  u
   and v are destroyed; g may be u or v. */
long nmod_poly_gcd(unsigned long long *g, unsigned long long *u, long du,
                   unsigned long long *v, long dv, const nmod_t *mp);

#endif /* BOXTOI_POLY_NMOD_H */
