/* t/tap.h: a tiny TAP library for the boxtoi tests.

   Modelled on rra/c-tap-harness's basic.h: plan, ok, is_int, is_str,
   diag, bail, plus exact helpers for GMP numbers, polynomials and
   algebraic numbers.  Every check takes the expected value first, then
   the seen value, then a printf-style name; on failure it prints both
   values and the file and line.  Random tests take their seed from
   tap_seed() (BOXTOI_TEST_SEED overrides it) and scale their iteration
   counts by tap_multiplier() (BOXTOI_TEST_MULTIPLIER). */
#ifndef BOXTOI_TAP_H
#define BOXTOI_TAP_H

#include <gmp.h>
#include "boxtoi.h"

/* Declare the number of tests (or call plan_lazy() to print the plan at
   exit from the count). */
void plan(long n);
void plan_lazy(void);
/* Skip everything: "1..0 # SKIP why". */
void skip_all(const char *why, ...);

#define ok(c, ...) tap_ok(__FILE__, __LINE__, (c) != 0, __VA_ARGS__)
#define is_int(e, s, ...) tap_is_int(__FILE__, __LINE__, (e), (s), __VA_ARGS__)
#define is_str(e, s, ...) tap_is_str(__FILE__, __LINE__, (e), (s), __VA_ARGS__)
#define is_mpz(e, s, ...) tap_is_mpz(__FILE__, __LINE__, (e), (s), __VA_ARGS__)
#define is_mpq(e, s, ...) tap_is_mpq(__FILE__, __LINE__, (e), (s), __VA_ARGS__)
#define is_poly(e, s, ...) \
    tap_is_poly(__FILE__, __LINE__, (e), (s), __VA_ARGS__)
/* Checks that seen is the same real number as expected (boxtoi_alg_cmp
   == 0) and that seen satisfies the algebraic-number invariant. */
#define is_alg(e, s, ...) tap_is_alg(__FILE__, __LINE__, (e), (s), __VA_ARGS__)

int tap_ok(const char *file, int line, int c, const char *fmt, ...);
int tap_is_int(const char *file, int line, long e, long s,
               const char *fmt, ...);
int tap_is_str(const char *file, int line, const char *e, const char *s,
               const char *fmt, ...);
int tap_is_mpz(const char *file, int line, mpz_srcptr e, mpz_srcptr s,
               const char *fmt, ...);
int tap_is_mpq(const char *file, int line, mpq_srcptr e, mpq_srcptr s,
               const char *fmt, ...);
int tap_is_poly(const char *file, int line, const boxtoi_poly_struct *e,
                const boxtoi_poly_struct *s, const char *fmt, ...);
int tap_is_alg(const char *file, int line, const boxtoi_alg_struct *e,
               const boxtoi_alg_struct *s, const char *fmt, ...);

/* Returns 1 iff a satisfies the invariant of boxtoi_alg_struct (checked
   independently with exact evaluation and a Sturm count). */
int tap_alg_invariant(const boxtoi_alg_struct *a);

/* Print a "# " diagnostic line to standard output. */
void diag(const char *fmt, ...);
/* Print "Bail out! ..." and exit 255. */
void bail(const char *fmt, ...);

/* The random seed of this run (fixed unless BOXTOI_TEST_SEED is set;
   printed with diag on first use) and the iteration multiplier
   (BOXTOI_TEST_MULTIPLIER, default 1). */
unsigned long tap_seed(void);
long tap_multiplier(void);
/* Initialise a gmp_randstate_t with tap_seed(). */
void tap_randinit(gmp_randstate_t st);
/* f = a random monic polynomial of degree d >= 2, irreducible over Q by
   Eisenstein's criterion at 2: t^d + sum 2 (u_i - r) t^i (0 < i < d,
   u_i < 2r + 1) + (+-2)(2 u_0 + 1) (u_0 < c), u drawn from st. */
void tap_eisenstein(boxtoi_poly_t f, long d, unsigned long r,
                    unsigned long c, gmp_randstate_t st);

#endif /* BOXTOI_TAP_H */
