/* lib/contact/kernel-ball.h: the plane kernel (kernel.h) on balls of
   doubles (centre, radius; lib/contact/fast.h), instance kbl (a
   template instance, no include guard; the includer includes
   kernel-undef.h after it).  Used by the natural form's tests
   (fasteval.c, fast_eval_ball); no context: the factor of the radii is
   bounded once for the whole evaluation (doc/algorithm.md §4.2,
   "Balls"). */
#define K(n) kbl_##n
#define KINLINE CONTACT_ALWAYS_INLINE
#define KT fast_ball
#define KS fast_ball
#define KC void *
#define KINIT(kc, x) (*(x) = bl_zero())
#define KCLEAR(kc, x) ((void)0)
#define KZERO(kc, r) (*(r) = bl_zero())
#define KADD(kc, r, a) (*(r) = bl_add(*(r), *(a)))
#define KSUB(kc, r, a) (*(r) = bl_sub(*(r), *(a)))
#define KMUL(kc, r, a, b) (*(r) = bl_mul(*(a), *(b)))
#define KADDMUL(kc, r, a, b) (*(r) = bl_add(*(r), bl_mul(*(a), *(b))))
#define KSUBMUL(kc, r, a, b) (*(r) = bl_sub(*(r), bl_mul(*(a), *(b))))
#define KSCALE KMUL
#define KADDSCALE KADDMUL
#define KSUBSCALE KSUBMUL
#define KADDS KADD
#define KADDABS(kc, r, a, q, k) (*(r) = bl_add(*(r), bl_mul(*(k), bl_abs(*(a)))))
#define KMULABS(kc, r, a, q) (*(r) = bl_mul(bl_abs(*(a)), *(r)))
#define KISZERO(kc, a) ((a)->c == 0 && (a)->r == 0)
#define KNARROW(kc, x) ((void)0)
#include "lib/contact/kernel.h"
