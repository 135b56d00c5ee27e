/* lib/poly/poly128.h: polynomials with 128-bit integer coefficients (not
   installed), the small-integer polynomial type of the library (with
   lib/util/impl.h's boxtoi_uabs_i128, boxtoi_nbits_i128,
   boxtoi_gcd_i128): the exact computations that usually fit there (the
   relative motion, the certificate's plane polynomials) run on it and
   fall back on GMP when an operation reports an overflow.  Only with
   BOXTOI_HAVE_I128.  The code uses the names poly_i128_*; the symbols
   are _boxtoi_poly_i128_*. */
#ifndef BOXTOI_POLY_POLY128_H
#define BOXTOI_POLY_POLY128_H

#include "lib/util/impl.h"
#include "boxtoi/poly.h"

#ifdef BOXTOI_HAVE_I128
#define poly_i128_addmul    _boxtoi_poly_i128_addmul
#define poly_i128_bits      _boxtoi_poly_i128_bits
#define poly_i128_divexact  _boxtoi_poly_i128_divexact
#define poly_i128_dot       _boxtoi_poly_i128_dot
#define poly_i128_get_poly  _boxtoi_poly_i128_get_poly
#define poly_i128_mul       _boxtoi_poly_i128_mul
#define poly_i128_primitive _boxtoi_poly_i128_primitive
#define poly_i128_set_poly  _boxtoi_poly_i128_set_poly
#define poly_i128_trim      _boxtoi_poly_i128_trim

#define POLY_I128_LEN 21
typedef struct {
    int len;  /* 0 for the zero polynomial; c[len - 1] != 0 */
    int bits; /* an upper bound on the bit length of the largest
                 |c[i]| (poly_i128_bits), kept by poly_i128_zero,
                 poly_i128_set_poly and poly_i128_addmul (127 when not
                 tracked) */
    boxtoi_i128 c[POLY_I128_LEN];
} poly_i128;

static inline void poly_i128_zero(poly_i128 *p)
{
    p->len = 0;
    p->bits = 0;
}
/* Drops leading zeros. */
void poly_i128_trim(poly_i128 *p);
/* The bit length of the largest |coefficient|. */
int poly_i128_bits(const poly_i128 *p);
/* r += s a b (s = +1 or -1), r = a b; r must not alias a or b.  Return
   0 on overflow (r is then unspecified). */
int poly_i128_addmul(poly_i128 *r, const poly_i128 *a,
                      const poly_i128 *b, int s);
int poly_i128_mul(poly_i128 *r, const poly_i128 *a,
                   const poly_i128 *b);
/* r = sum_k s_k a_k b_k for k < n (s_k = +1 or -1; s NULL: all +1), in
   one pass when the sizes allow; r must not alias an operand.  0 on
   overflow. */
int poly_i128_dot(poly_i128 *r, int n, const poly_i128 *const *a,
                  const poly_i128 *const *b, const int *s);
/* p = a if it fits (length <= POLY_I128_LEN, coefficients below 2^126
   in absolute value); 0 otherwise. */
int poly_i128_set_poly(poly_i128 *p, const boxtoi_poly_struct *a);
/* res = a. */
void poly_i128_get_poly(boxtoi_poly_struct *res, const poly_i128 *a);
/* q = a / h exactly (h of degree >= 1, q not aliasing a or h); 0 when h
   does not divide a in Z[t] or a number overflows. */
int poly_i128_divexact(poly_i128 *q, const poly_i128 *a,
                        const poly_i128 *h);
/* r = a over its content, with lc(r) > 0 (a non-zero); 0 on overflow. */
int poly_i128_primitive(poly_i128 *r, const poly_i128 *a);
#endif

#endif /* BOXTOI_POLY_POLY128_H */
