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

/* The decimal notation of doc/format.md §6 ("Decimal notation"; the
   file comment of lib/alg/decimal.c): appends to sb "-" when neg, then
   the value 0.d1...dn x 10^(e+1) of the n >= 1 digits dig (d1 != 0),
   positional when e is in [UTIL_POS_EMIN, UTIL_POS_EMAX], else
   scientific ("d1.d2...dne<e>").  One notation for the rationals and
   algebraic numbers (lib/alg/decimal.c) and the doubles down and up
   (lib/io/binary64.c).  Returns BOXTOI_OK or BOXTOI_ENOMEM (sb then
   unchanged). */
#define UTIL_POS_EMIN (-6)
#define UTIL_POS_EMAX 30
#define util_put_decimal _boxtoi_util_put_decimal
#include <stddef.h>
int util_put_decimal(boxtoi_strbuf *sb, int neg, const char *dig, size_t n,
                     long e);

/* Writes the decimal digits of w backwards so that they end at end,
   at least n of them (zeros in front), and returns the first: eight
   digits per 64-bit division by 10^8, their pairs in 32 bits.  The
   digits of a word for the writers of integers, decimals and doubles
   (util/strbuf.c, alg/declimb.c, io/binary64.c). */
#define util_word_digits _boxtoi_util_word_digits
#include <stdint.h>
char *util_word_digits(char *end, uint64_t w, int n);

/* Room in sb for n more characters and the terminating NUL (the
   buffer may move): BOXTOI_OK or BOXTOI_ENOMEM (sb unchanged). */
#define util_strbuf_reserve _boxtoi_util_strbuf_reserve
int util_strbuf_reserve(boxtoi_strbuf *sb, size_t n);

/* The small-integer toolkit: boxtoi_i128 and its helpers. */
#include "lib/util/i128.h"

/* Stores into an mpz without a call (GMP's documented layout,
   "Integer Internals"; FLINT does the same): z = 0, and z = -m or m
   (neg) for a word m, in place when z has room for a limb, else by
   mpz_set_ui.  They leave z as mpz_set_ui(z, 0) and mpz_set_ui then
   mpz_neg would; a coefficient's store is most of the work of putting
   a motion read in words into its mpz_t's (lib/io/read.c,
   io_words_to_motion; doc/performance.md, `read3`), and t/util-t and
   t/io-words-t pair them with those calls. */
#include <limits.h>
#include <gmp.h>
static inline void util_mpz_zero(mpz_ptr z)
{
    z->_mp_size = 0;
}

static inline void util_mpz_set_word(mpz_ptr z, unsigned long m, int neg)
{
#if GMP_NAIL_BITS == 0 && (ULONG_MAX >> (GMP_NUMB_BITS - 1)) <= 1
    if (z->_mp_alloc >= 1) {
        z->_mp_d[0] = m;
        z->_mp_size = m == 0 ? 0 : neg ? -1 : 1;
        return;
    }
#endif
    mpz_set_ui(z, m);
    if (neg)
        mpz_neg(z, z);
}

/* Unroll the loop that follows n times where the compiler takes the
   request (GCC 8 and later, clang), so that a short loop's indices
   become constants (lib/contact/impl.h's CONTACT_UNROLL3, the
   determinant of lib/motion/constdet.c). */
#define UTIL_PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define UTIL_UNROLL(n) UTIL_PRAGMA(unroll n)
#elif defined(__GNUC__) && __GNUC__ >= 8
#define UTIL_UNROLL(n) UTIL_PRAGMA(GCC unroll n)
#else
#define UTIL_UNROLL(n)
#endif

#endif /* BOXTOI_UTIL_IMPL_H */
