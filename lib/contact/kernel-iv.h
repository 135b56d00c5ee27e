/* lib/contact/kernel-iv.h: the plane kernel (kernel.h) on double
   intervals, instance kiv (a template instance, no include guard; the
   includer includes kernel-undef.h after it).  Used by the interval
   pre-filter (fasteval.c);
   the includer has included lib/contact/fast.h (the outward-rounded
   operations on the context's check word). */

/* kiv: outward-rounded intervals; the operations in the order the
   enclosures below were measured and proved with (the same as written
   out by hand before). */
#define K(n) kiv_##n
#define KINLINE CONTACT_ALWAYS_INLINE
#define KT contact_iv
#define KS contact_iv
#define KC contact_ivctx *
#define KINIT(kc, x) (*(x) = boxtoi_iv_point(0))
#define KCLEAR(kc, x) ((void)0)
#define KZERO(kc, r) (*(r) = boxtoi_iv_point(0))
#define KADD(kc, r, a) (*(r) = iv_add(kc, *(r), *(a)))
#define KSUB(kc, r, a) (*(r) = iv_sub(kc, *(r), *(a)))
#define KMUL(kc, r, a, b) (*(r) = iv_mul(kc, *(a), *(b)))
#define KADDMUL(kc, r, a, b) (*(r) = iv_add(kc, *(r), iv_mul(kc, *(a), *(b))))
#define KSUBMUL(kc, r, a, b) (*(r) = iv_sub(kc, *(r), iv_mul(kc, *(a), *(b))))
#define KSCALE KMUL
#define KADDSCALE KADDMUL
#define KSUBSCALE KSUBMUL
#define KADDS KADD
#define KADDABS(kc, r, a, q, k)                                              \
    (*(r) = iv_add(kc, *(r), iv_mul(kc, *(k), boxtoi_iv_abs(*(a)))))
#define KMULABS(kc, r, a, q) (*(r) = iv_mul(kc, boxtoi_iv_abs(*(a)), *(r)))
#define KISZERO(kc, a) boxtoi_iv_is_zero(*(a))
#define KNARROW(kc, x) ((void)0)
#include "lib/contact/kernel.h"
