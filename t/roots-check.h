/* t/roots-check.h: helpers shared by the tests of lib/roots
   (t/roots-t.c, t/roots-hard-t.c, t/roots-random-t.c, t/roots-vca-t.c),
   written independently of the library (t/roots-check.c). */
#ifndef BOXTOI_T_ROOTS_CHECK_H
#define BOXTOI_T_ROOTS_CHECK_H

#include "tap.h"

/* The random state of the program (main initialises it with
   tap_randinit) and a draw uniform in [0, n) from it. */
extern gmp_randstate_t st;
long rnd(long n);

/* Sign of q(x) by Horner over Q. */
int t_sgn(const boxtoi_poly_t q, mpq_srcptr x);
/* Number of distinct roots of the square-free q in the open (lo, hi),
   by Descartes' rule after a Moebius map, bisecting until it decides. */
long t_count_open(const boxtoi_poly_t q, mpq_srcptr lo, mpq_srcptr hi);

/* p *= (d t - n)^e for the root r = n/d, or n/d given as longs. */
void mul_root(boxtoi_poly_t p, mpq_srcptr r, unsigned long e);
void mul_root_si(boxtoi_poly_t p, long n, long d, unsigned long e);
/* p *= c2 t^2 + c1 t + c0 */
void mul_quad(boxtoi_poly_t p, long c2, long c1, long c0);
/* q = the rational written s (base 10), canonical; bails if malformed. */
void set_q(mpq_t q, const char *s);

/* Checks the invariant of roots.h on r for the interval (a, b, flags)
   (a or b NULL: unbounded); *why names the first violation. */
int t_isolation_ok(const boxtoi_roots_t r, mpq_srcptr a, mpq_srcptr b,
                   int flags, const char **why);
/* Index of the interval of r containing x, or -1. */
long find_interval(const boxtoi_roots_t r, mpq_srcptr x);
/* Interval i of r contains sg sqrt(c) (c > 0) exactly. */
int contains_sqrt(const boxtoi_roots_t r, long i, mpq_srcptr c, int sg);
int contains_sqrt_si(const boxtoi_roots_t r, long i, long c, int sg);
/* hi - lo <= 2^-bits */
int width_ok(mpq_srcptr lo, mpq_srcptr hi, long bits);
/* Number of the k rationals roots[0..k) in the interval (a, b, flags)
   as boxtoi_roots_isolate reads it (a or b NULL: unbounded; an end is
   left out when its BOXTOI_OPEN_* flag is set), by comparisons. */
long count_in(mpq_t *roots, long k, mpq_srcptr a, mpq_srcptr b,
              int flags);
/* qsort comparison of mpq_t */
int cmp_mpq(const void *x, const void *y);

#endif /* BOXTOI_T_ROOTS_CHECK_H */
