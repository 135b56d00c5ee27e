/* lib/contact/kernel-mach.h: an unchecked instance of the plane kernel
   (kernel.h) on a machine integer type (a template: no include guard;
   not installed).  The includer defines K(n), KT (the type) and
   KABS(x) (its absolute value); every operation is the type's own,
   unchecked: the callers' size bounds keep every value in range.  The
   instances: lu (128-bit, kernel-i128.h) and lw (64-bit,
   linworld64.c). */
#define KINLINE CONTACT_ALWAYS_INLINE
#define KS KT
#define KC int *
#define KINIT(kc, x) (*(x) = 0)
#define KCLEAR(kc, x) ((void)0)
#define KZERO(kc, r) (*(r) = 0)
#define KADD(kc, r, a) (*(r) += *(a))
#define KSUB(kc, r, a) (*(r) -= *(a))
#define KMUL(kc, r, a, b) (*(r) = *(a) * *(b))
#define KADDMUL(kc, r, a, b) (*(r) += *(a) * *(b))
#define KSUBMUL(kc, r, a, b) (*(r) -= *(a) * *(b))
#define KSCALE KMUL
#define KADDSCALE KADDMUL
#define KSUBSCALE KSUBMUL
#define KADDS KADD
#define KADDABS(kc, r, a, q, k) (*(r) += KABS(*(a)) * *(k))
#define KMULABS(kc, r, a, q) (*(r) *= KABS(*(a)))
#define KISZERO(kc, a) (*(a) == 0)
#define KNARROW(kc, x) ((void)0)
#include "lib/contact/kernel.h"
#include "lib/contact/kernel-undef.h"
#undef KABS
