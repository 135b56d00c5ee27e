/* lib/contact/kernel-tm.h: the plane kernel (kernel.h) on first-order
   Taylor models of doubles (centre, slope coefficient, radius;
   lib/contact/fast.h), instance ktm (a template instance, no include
   guard; the includer includes kernel-undef.h after it).  Used by the
   slope form's separation test (fasttm.c, fast_eval_tm); no context:
   the factor of the radii is bounded once for the whole evaluation
   (doc/algorithm.md §4.2, "Taylor models"). */
#define K(n) ktm_##n
#define KINLINE CONTACT_ALWAYS_INLINE
#define KT fast_tm
#define KS fast_tm
#define KC void *
#define KINIT(kc, x) (*(x) = tm_zero())
#define KCLEAR(kc, x) ((void)0)
#define KZERO(kc, r) (*(r) = tm_zero())
#define KADD(kc, r, a) (*(r) = tm_add(*(r), *(a)))
#define KSUB(kc, r, a) (*(r) = tm_sub(*(r), *(a)))
#define KMUL(kc, r, a, b) (*(r) = tm_mul(*(a), *(b)))
#define KADDMUL(kc, r, a, b) (*(r) = tm_add(*(r), tm_mul(*(a), *(b))))
#define KSUBMUL(kc, r, a, b) (*(r) = tm_sub(*(r), tm_mul(*(a), *(b))))
#define KSCALE KMUL
#define KADDSCALE KADDMUL
#define KSUBSCALE KSUBMUL
#define KADDS KADD
#define KADDABS(kc, r, a, q, k)                                              \
    (*(r) = tm_add(*(r), tm_mul(*(k), tm_abs(*(a)))))
#define KMULABS(kc, r, a, q) (*(r) = tm_mul(tm_abs(*(a)), *(r)))
#define KISZERO(kc, a) ((a)->c == 0 && (a)->g == 0 && (a)->r == 0)
#define KNARROW(kc, x) ((void)0)
#include "lib/contact/kernel.h"
