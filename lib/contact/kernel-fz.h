/* lib/contact/kernel-fz.h: the instance kf_* of the plane kernel
   (kernel.h) on fixed-size integers (lib/util/fz.h; not installed).

   No allocation, no init/clear: the closed form's numbers of a few
   hundred bits live on the stack (doc/performance.md, "Issue 16:
   fixed-limb integers").  The caller chooses this instance only when a
   bound computed from the input sizes shows that every value fits
   (doc/algorithm.md §4.5, linear.c); each operation still checks its
   result's limb count and sets kc->bad instead of writing past the
   array, a guard that the bound keeps from firing (t/linearfz-t counts
   it).  |a| is the true absolute value, as in kz. */
#ifndef BOXTOI_CONTACT_KERNEL_FZ_H
#define BOXTOI_CONTACT_KERNEL_FZ_H

#include "lib/util/fz.h"
#include "lib/contact/impl.h"

typedef struct {
    int bad;     /* a result did not fit (never, under the size bound) */
    mp_limb_t l; /* the closed form's common denominator of the corners */
} kf_ctx;

#define K(n) kf_##n
#define KT fz
#define KS fz
#define KC kf_ctx *
#define KINIT(kc, x) ((x)->n = 0)
#define KCLEAR(kc, x) ((void)0)
#define KZERO(kc, r) ((r)->n = 0)
#define KADD(kc, r, a) fz_add(&(kc)->bad, r, a, 0)
#define KSUB(kc, r, a) fz_add(&(kc)->bad, r, a, 1)
#define KMUL(kc, r, a, b) fz_mul(&(kc)->bad, r, a, b)
#define KADDMUL(kc, r, a, b) fz_addmul(&(kc)->bad, r, a, b, 0)
#define KSUBMUL(kc, r, a, b) fz_addmul(&(kc)->bad, r, a, b, 1)
#define KSCALE KMUL
#define KADDSCALE KADDMUL
#define KSUBSCALE KSUBMUL
#define KADDS KADD
/* r + |a| k = r - a k when a < 0 */
#define KADDABS(kc, r, a, q, k) fz_addmul(&(kc)->bad, r, a, k, (a)->n < 0)
#define KMULABS(kc, r, a, q) fz_mulabs(&(kc)->bad, r, a)
#define KISZERO(kc, a) ((a)->n == 0)
#define KNARROW(kc, x) ((void)0)
#include "lib/contact/kernel.h"
#include "lib/contact/kernel-undef.h"

#endif /* BOXTOI_CONTACT_KERNEL_FZ_H */
