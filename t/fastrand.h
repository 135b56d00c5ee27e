/* t/fastrand.h: random doubles (signs, subnormals, overflow, zeros and
   small integers), intervals of them, and exact points in an interval,
   for the tests of the interval pre-filter (t/fastrand.c). */
#ifndef BOXTOI_T_FASTRAND_H
#define BOXTOI_T_FASTRAND_H

#include <gmp.h>
#include "lib/contact/fast.h"

/* A random double of mixed sign and magnitude (may be subnormal, or
   large enough that sums and products overflow; sometimes 0 or a small
   integer). */
double fastrand_double(gmp_randstate_t st);
/* A random interval of such doubles (sometimes a point). */
contact_iv fastrand_iv(gmp_randstate_t st);
/* x = a point of a: a corner (which 0, 1) or a random rational. */
void fastrand_point(mpq_t x, contact_iv a, int which, gmp_randstate_t st);
/* 1 if r.lo <= x <= r.hi exactly. */
int fastrand_contains(contact_iv r, mpq_srcptr x);
/* z = x + y, x - y, x y or |x| for op = 0, 1, 2, 3: the exact value
   an operation of the filters' number types must enclose */
void fastrand_exact(mpq_t z, int op, mpq_srcptr x, mpq_srcptr y);

#endif
