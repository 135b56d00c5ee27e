/* t/poly-gen.h: the helpers shared by the tests of lib/poly (t/poly-t.c,
   t/poly-arith-t.c, t/poly-div-t.c, t/poly-gcd-t.c, t/poly-eval-t.c,
   t/poly-compose-t.c, t/poly-mpfr-t.c, t/nmod-t.c, t/poly128-t.c):
   random polynomials and rationals from one seeded state, the layer's
   well-formedness promise, a reference evaluation that shares no code
   with the library's Horner loops, the first-failure report of a
   random family, and polynomials built from roots or written out. */
#ifndef BOXTOI_T_POLY_GEN_H
#define BOXTOI_T_POLY_GEN_H

#include "tap.h"

/* The random state of the program (main seeds it with tap_randinit). */
extern gmp_randstate_t st;

/* Uniform in [0, n). */
long rnd(long n);
/* A random polynomial of length <= len with coefficients of <= bits bits
   (signed); sometimes sparse. */
void randpoly(boxtoi_poly_t p, long len, long bits);
/* A random non-zero polynomial of degree exactly deg. */
void randpoly_deg(boxtoi_poly_t p, long deg, long bits);
/* A random rational with numerator and denominator of <= bits bits. */
void randq(mpq_t q, long bits);
/* The layer's promise: invariant holds and slots length..alloc-1 are 0. */
int well_formed(const boxtoi_poly_t p);
/* Reference evaluation: sum a_i x^i with rational powers, low to high. */
void ref_eval(mpq_t res, const boxtoi_poly_t a, mpq_srcptr x);
/* Record a failure of a random family (*bad counts them), showing the
   first one with a and b (either may be NULL); returns *bad. */
long first_fail(long *bad, const char *what, const boxtoi_poly_t a,
                const boxtoi_poly_t b);
/* p = prod (den_i t - num_i) over the given rationals. */
void from_roots(boxtoi_poly_t p, mpq_t *r, long n);
/* p = c0 + c1 t + ...: coefficients as decimal integers separated by
   spaces ("" is 0). */
void set_str_poly(boxtoi_poly_t p, const char *s);

#endif /* BOXTOI_T_POLY_GEN_H */