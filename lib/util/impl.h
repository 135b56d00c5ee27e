/* lib/util/impl.h: internal helpers shared by all layers (not
   installed). */
#ifndef BOXTOI_UTIL_IMPL_H
#define BOXTOI_UTIL_IMPL_H

#include "config.h"
#include "boxtoi/err.h"

/* Internal invariant checks: active only in --enable-assert builds,
   where a broken invariant is a bug worth stopping for in development.
   Release builds compile them away; code that can cheaply detect a
   broken invariant returns BOXTOI_EINTERNAL instead. */
#ifdef BOXTOI_WANT_ASSERT
#include <stdio.h>
#include <stdlib.h>
#define BOXTOI_ASSERT(c)                                                  \
    do {                                                                  \
        if (!(c)) {                                                       \
            fprintf(stderr, "%s:%d: boxtoi invariant failed: %s\n",       \
                    __FILE__, __LINE__, #c);                              \
            abort();                                                      \
        }                                                                 \
    } while (0)
#else
#define BOXTOI_ASSERT(c) ((void)0)
#endif

/* 128-bit integers where the compiler has them (GCC and Clang on 64-bit
   targets), for exact fast paths on small numbers, unless configure's
   --disable-int128 turned them off; code using them must keep a GMP
   fallback for when BOXTOI_HAVE_I128 is not defined. */
#if defined(__SIZEOF_INT128__) && !defined(BOXTOI_DISABLE_INT128)
#define BOXTOI_HAVE_I128 1
__extension__ typedef __int128 boxtoi_i128;
__extension__ typedef unsigned __int128 boxtoi_u128;

#include <gmp.h>

/* z = x: one limb when |x| fits in an unsigned long, else two. */
static inline void boxtoi_mpz_set_i128(mpz_ptr z, boxtoi_i128 x)
{
    boxtoi_u128 m = x < 0 ? -(boxtoi_u128)x : (boxtoi_u128)x;
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
}

/* The small-integer toolkit (suffix _i128 / _u128): |x| for any x
   (|INT128_MIN| = 2^127 is representable unsigned); the bit length of
   x (0 for 0); gcd(a, b) with gcd(0, 0) = 0 (below). */
static inline boxtoi_u128 boxtoi_uabs_i128(boxtoi_i128 x)
{
    return x < 0 ? -(boxtoi_u128)x : (boxtoi_u128)x;
}

static inline int boxtoi_nbits_u128(boxtoi_u128 x)
{
    unsigned long long hi = (unsigned long long)(x >> 64);
    unsigned long long lo = (unsigned long long)x;
    if (hi != 0)
        return 128 - __builtin_clzll(hi);
    return lo != 0 ? 64 - __builtin_clzll(lo) : 0;
}
#endif

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
/* gcd(a, b), gcd(0, 0) = 0: 128-bit remainders while a number needs
   them, then 64-bit steps (most numbers here are small). */
static inline boxtoi_u128 boxtoi_gcd_u128(boxtoi_u128 a, boxtoi_u128 b)
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
        t = a % b;
        a = b;
        b = t;
    }
    return boxtoi_gcd_u64((unsigned long long)a, (unsigned long long)b);
}
#endif

#endif /* BOXTOI_UTIL_IMPL_H */
