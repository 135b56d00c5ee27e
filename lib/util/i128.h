/* lib/util/i128.h: the small-integer toolkit (not installed).

   128-bit integers where the compiler has them (GCC and Clang on 64-bit
   targets), for exact fast paths on small numbers, unless configure's
   --disable-int128 turned them off; code using them keeps a GMP
   reference for when BOXTOI_HAVE_I128 is not defined, and the tests
   compare the two (doc/algorithm.md §4.5).  The whole family carries the
   suffix _i128: the types boxtoi_i128 and boxtoi_u128 (a magnitude),
   the conversions from and to mpz, |x|, bit lengths, gcds and the
   checked operations below; the polynomials poly_i128 (lib/poly/
   poly128.h) build on them. */
#ifndef BOXTOI_UTIL_I128_H
#define BOXTOI_UTIL_I128_H

#if defined(__SIZEOF_INT128__) && !defined(BOXTOI_DISABLE_INT128)
#define BOXTOI_HAVE_I128 1
#include <gmp.h>

__extension__ typedef __int128 boxtoi_i128;
__extension__ typedef unsigned __int128 boxtoi_u128;

/* |x| for any x (|INT128_MIN| = 2^127 is representable unsigned). */
static inline boxtoi_u128 boxtoi_uabs_i128(boxtoi_i128 x)
{
    return x < 0 ? -(boxtoi_u128)x : (boxtoi_u128)x;
}

/* The bit length of the magnitude m (0 for 0). */
static inline int boxtoi_nbits_i128(boxtoi_u128 m)
{
    unsigned long long hi = (unsigned long long)(m >> 64);
    unsigned long long lo = (unsigned long long)m;
    if (hi != 0)
        return 128 - __builtin_clzll(hi);
    return lo != 0 ? 64 - __builtin_clzll(lo) : 0;
}

/* z = x: one limb when |x| fits in an unsigned long, else two; with
   64-bit limbs written into z's limbs directly (as mpz_set_ui would,
   without its call), z grown to two limbs first if it has fewer. */
static inline void boxtoi_mpz_set_i128(mpz_ptr z, boxtoi_i128 x)
{
    boxtoi_u128 m = boxtoi_uabs_i128(x);
#if GMP_LIMB_BITS == 64 && GMP_NAIL_BITS == 0
    mp_limb_t *d;
    int n;
    if (z->_mp_alloc < 2)
        mpz_realloc2(z, 128);
    d = z->_mp_d;
    d[0] = (mp_limb_t)m;
    d[1] = (mp_limb_t)(m >> 64);
    n = d[1] != 0 ? 2 : d[0] != 0;
    z->_mp_size = x < 0 ? -n : n;
#else
    if (m <= (boxtoi_u128)(unsigned long)-1) {
        mpz_set_ui(z, (unsigned long)m);
    } else {
        unsigned long long limbs[2];
        limbs[0] = (unsigned long long)m;
        limbs[1] = (unsigned long long)(m >> 64);
        mpz_import(z, 2, -1, sizeof limbs[0], 0, 0, limbs);
    }
    if (x < 0)
        mpz_neg(z, z);
#endif
}

/* *x = z and 1 when |z| < 2^bits (1 <= bits <= 127); 0 otherwise (*x
   untouched).  Reads GMP's limbs: no allocation, no mpz_sizeinbase. */
static inline int boxtoi_mpz_get_i128(boxtoi_i128 *x, mpz_srcptr z,
                                      int bits)
{
    size_t n = mpz_size(z);
    boxtoi_u128 m;
    if (n == 0) {
        *x = 0;
        return 1;
    }
    if (GMP_NUMB_BITS != 64 || n > 2)
        return 0;
    m = mpz_getlimbn(z, 0);
    if (n == 2)
        m |= (boxtoi_u128)mpz_getlimbn(z, 1) << 64;
    if (boxtoi_nbits_i128(m) > bits)
        return 0;
    *x = mpz_sgn(z) < 0 ? -(boxtoi_i128)m : (boxtoi_i128)m;
    return 1;
}
#endif /* __SIZEOF_INT128__ && !BOXTOI_DISABLE_INT128 */

/* gcd of two unsigned 64-bit numbers (Euclid). */
static inline unsigned long long boxtoi_gcd_u64(unsigned long long a,
                                               unsigned long long b)
{
    while (b != 0) {
        unsigned long long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

#ifdef BOXTOI_HAVE_I128
/* gcd(a, b) of two magnitudes, gcd(0, 0) = 0: 128-bit remainders while
   a number needs them, then 64-bit steps (most numbers here are
   small). */
static inline boxtoi_u128 boxtoi_gcd_i128(boxtoi_u128 a, boxtoi_u128 b)
{
    if (a < b) {
        boxtoi_u128 t = a;
        a = b;
        b = t;
    }
    while ((a >> 64) != 0) {
        boxtoi_u128 t;
        if (b == 0)
            return a;
        /* a >= b: the quotient is 1 or 2 in most of Euclid's steps
           (about 58%), which a subtraction or two finds without a
           128-bit division (__umodti3) */
        t = a - b;
        if (t >= b) {
            t -= b;
            if (t >= b)
                t %= b;
        }
        a = b;
        b = t;
    }
    return boxtoi_gcd_u64((unsigned long long)a, (unsigned long long)b);
}

/* The checked operations: operands below 2^126 in magnitude, and a
   result that would not be sets *bad and is replaced by 0.  No
   operation can overflow (a sum of two operands is below 2^127, a
   product is formed only when the operands' bit lengths add up to at
   most 126); a computation runs to its end and reads *bad once. */
#define BOXTOI_LIMIT_I128 126

static inline boxtoi_i128 boxtoi_fit_i128(boxtoi_i128 x, int *bad)
{
    boxtoi_i128 h = x >> BOXTOI_LIMIT_I128; /* 0 or -1 iff in range */
    if (h != 0 && h != -1) {
        *bad = 1;
        return 0;
    }
    return x;
}

static inline boxtoi_i128 boxtoi_add_i128(boxtoi_i128 a, boxtoi_i128 b,
                                          int *bad)
{
    return boxtoi_fit_i128(a + b, bad);
}

static inline boxtoi_i128 boxtoi_sub_i128(boxtoi_i128 a, boxtoi_i128 b,
                                          int *bad)
{
    return boxtoi_fit_i128(a - b, bad);
}

/* Two factors that fit in 64 bits give a product below 2^126 (one
   machine multiplication); others are checked by their bit lengths. */
static inline boxtoi_i128 boxtoi_mul_i128(boxtoi_i128 a, boxtoi_i128 b,
                                          int *bad)
{
    if ((long long)a == a && (long long)b == b)
        return (boxtoi_i128)(long long)a * (long long)b;
    if (boxtoi_nbits_i128(boxtoi_uabs_i128(a))
            + boxtoi_nbits_i128(boxtoi_uabs_i128(b))
        > BOXTOI_LIMIT_I128) {
        *bad = 1;
        return 0;
    }
    return a * b;
}
#endif /* BOXTOI_HAVE_I128 */

#endif /* BOXTOI_UTIL_I128_H */
