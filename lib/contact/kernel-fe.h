/* lib/contact/kernel-fe.h: the plane kernel (kernel.h) on doubles with
   a magnitude, instance kfe (not installed; the closed form's filter,
   linfilter.c).

   An element is a pair (v, m): v the value computed in double,
   rounded to nearest, and m the same formula evaluated on the absolute
   values of the inputs (products of magnitudes, sums of magnitudes,
   |a| leaves m unchanged).  No rounding mode, no branch: two
   operations where an outward-rounded interval needs six to ten.  The
   error of v is bounded afterwards from m and the number of roundings
   on the way (doc/algorithm.md §4.5, "The floating-point filter"):
   |v - exact| <= 2 k u m for a value k roundings deep, u = 2^-53.
   m = 0 only when every product of inputs in the formula has a zero
   factor, so the exact value is zero (the inputs are scaled so that
   nothing underflows, linfilter.c). */
#ifndef BOXTOI_CONTACT_KERNEL_FE_H
#define BOXTOI_CONTACT_KERNEL_FE_H

#include <math.h>
#include "lib/contact/impl.h"

typedef struct {
    double v, m;
} contact_fe;

static inline contact_fe contact_fe_make(double v, double m)
{
    contact_fe r;
    r.v = v;
    r.m = m;
    return r;
}

#define K(n) kfe_##n
#define KINLINE CONTACT_ALWAYS_INLINE
#define KUNROLL3 CONTACT_UNROLL3
#define KT contact_fe
#define KS contact_fe
#define KC void *
#define KINIT(kc, x) (*(x) = contact_fe_make(0, 0))
#define KCLEAR(kc, x) ((void)0)
#define KZERO(kc, r) (*(r) = contact_fe_make(0, 0))
#define KADD(kc, r, a) ((r)->v += (a)->v, (r)->m += (a)->m)
#define KSUB(kc, r, a) ((r)->v -= (a)->v, (r)->m += (a)->m)
#define KMUL(kc, r, a, b)                                                    \
    (*(r) = contact_fe_make((a)->v * (b)->v, (a)->m * (b)->m))
#define KADDMUL(kc, r, a, b)                                                 \
    ((r)->v += (a)->v * (b)->v, (r)->m += (a)->m * (b)->m)
#define KSUBMUL(kc, r, a, b)                                                 \
    ((r)->v -= (a)->v * (b)->v, (r)->m += (a)->m * (b)->m)
#define KSCALE KMUL
#define KADDSCALE KADDMUL
#define KSUBSCALE KSUBMUL
#define KADDS KADD
#define KADDABS(kc, r, a, q, k)                                              \
    ((r)->v += fabs((a)->v) * (k)->v, (r)->m += (a)->m * (k)->m)
#define KMULABS(kc, r, a, q)                                                 \
    ((r)->v = fabs((a)->v) * (r)->v, (r)->m = (a)->m * (r)->m)
#define KISZERO(kc, a) ((a)->m == 0)
#define KNARROW(kc, x) ((void)0)
#include "lib/contact/kernel.h"
#include "lib/contact/kernel-undef.h"

#endif /* BOXTOI_CONTACT_KERNEL_FE_H */
