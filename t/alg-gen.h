/* t/alg-gen.h: the helpers shared by the tests of lib/alg (t/alg-t.c,
   t/alg-cmp-t.c, t/alg-sgn-poly-t.c, t/alg-mpfr-t.c, t/alg-get-d-t.c,
   t/alg-decimal-t.c, t/alg-canon-t.c, t/canon-t.c, t/degset-t.c): algebraic numbers from
   polynomials written out, the comparison of a rational with an n-th
   root by the exact sign of q^k - n, the decimal-string check, and the
   polynomials the tests share. */
#ifndef BOXTOI_T_ALG_GEN_H
#define BOXTOI_T_ALG_GEN_H

#include "tap.h"

extern const long P_SQRT2[3];   /* t^2 - 2 */
extern const long P_SQRT3[3];   /* t^2 - 3 */
extern const long P_CBRT2[4];   /* t^3 - 2 */
extern const long P_SQRT2_5[4]; /* (t^2-2)(t-5) */
extern const long P_THIRD[4];   /* (3t-1)(t^2-2) */

/* q = the rational literal s (bails on a bad one). */
void qset(mpq_t q, const char *s);
/* a = the root of c[0] + c[1] t + ... in [lo, hi] (rational literals). */
void alg_pi(boxtoi_alg_t a, const long *c, long len, const char *lo,
            const char *hi);
/* a = the root of c[0] + c[1] t + ... in [x - 2^-k / 3, x + 2^-k / 5]
   for a rational root x: a narrow interval with non-dyadic ends, so
   that code meant for roots at special points sees them before any
   refinement (which may land on a dyadic root by itself). */
void alg_narrow(boxtoi_alg_t a, const long *c, long len, const char *x,
                unsigned long k);
/* a = the root of k t^2 - n (k > 0, n given in decimal) in [lo, hi]. */
void alg_quad(boxtoi_alg_t a, const char *k, const char *n, const char *lo,
              const char *hi);
/* a = s sqrt2 2^k (s = +-1): root of t^2 - 2^(2k+1) or of
   2^(-2k) t^2 - 2. */
void alg_sqrt2_2exp(boxtoi_alg_t a, int s, long k);
/* The sign of x: -1, 0 or 1. */
int sgn_i(int x);
/* sign of q^k - n for q > 0: the sign of q - n^(1/k). */
int root_cmp_q(mpq_srcptr q, long n, unsigned k);
/* g = a random polynomial of degree d, coefficients of up to bits
   bits with random signs, lc non-zero (t/canon-t, t/degset-t). */
void random_int_poly(boxtoi_poly_t g, gmp_randstate_t st, long d,
                     unsigned long bits);
/* Checks that boxtoi_alg_get_str(a, n digits) is e. */
void check_str(const char *e, const boxtoi_alg_t a, long n,
               const char *name);

#endif /* BOXTOI_T_ALG_GEN_H */