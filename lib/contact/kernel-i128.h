/* lib/contact/kernel-i128.h: the plane kernel (kernel.h) on 128-bit
   integers, two instances (not installed): lu unchecked, for when the
   input sizes bound every value below 2^(BOXTOI_LIMIT_I128 - 1) (the
   callers derive the bounds: linear128.c, linworld128.c), and lc with
   every operation checked (the context is the flag *bad, lib/util/
   i128.h).  Included by the closed form in machine integers
   (linear128.c) and by its world-coordinate instance (linworld128.c). */
#ifndef BOXTOI_CONTACT_KERNEL_I128_H
#define BOXTOI_CONTACT_KERNEL_I128_H

#include "lib/util/impl.h"
#include "lib/contact/impl.h"
#include "lib/contact/boxdata128.h"

#ifdef BOXTOI_HAVE_I128

static inline boxtoi_i128 contact_iabs_i128(boxtoi_i128 x)
{
    return x < 0 ? -x : x;
}

/* lu: unchecked (the callers' size bounds keep every value below
   2^(BOXTOI_LIMIT_I128 - 1)). */
#define K(n) lu_##n
#define KT boxtoi_i128
#define KABS contact_iabs_i128
#include "lib/contact/kernel-mach.h"

/* lc: every operation checked (the context is the flag *bad). */
#define K(n) lc_##n
#define KINLINE CONTACT_ALWAYS_INLINE
#define KT boxtoi_i128
#define KS boxtoi_i128
#define KC int *
#define KINIT(kc, x) (*(x) = 0)
#define KCLEAR(kc, x) ((void)0)
#define KZERO(kc, r) (*(r) = 0)
#define KADD(kc, r, a) (*(r) = boxtoi_add_i128(*(r), *(a), kc))
#define KSUB(kc, r, a) (*(r) = boxtoi_sub_i128(*(r), *(a), kc))
#define KMUL(kc, r, a, b) (*(r) = boxtoi_mul_i128(*(a), *(b), kc))
#define KADDMUL(kc, r, a, b)                                                 \
    (*(r) = boxtoi_add_i128(*(r), boxtoi_mul_i128(*(a), *(b), kc), kc))
#define KSUBMUL(kc, r, a, b)                                                 \
    (*(r) = boxtoi_sub_i128(*(r), boxtoi_mul_i128(*(a), *(b), kc), kc))
#define KSCALE KMUL
#define KADDSCALE KADDMUL
#define KSUBSCALE KSUBMUL
#define KADDS KADD
#define KADDABS(kc, r, a, q, k)                                              \
    (*(r) = boxtoi_add_i128(                                                 \
         *(r), boxtoi_mul_i128(contact_iabs_i128(*(a)), *(k), kc), kc))
#define KMULABS(kc, r, a, q)                                                 \
    (*(r) = boxtoi_mul_i128(*(r), contact_iabs_i128(*(a)), kc))
#define KISZERO(kc, a) (*(a) == 0)
#define KNARROW(kc, x) ((void)0)
#include "lib/contact/kernel.h"
#include "lib/contact/kernel-undef.h"

#endif /* BOXTOI_HAVE_I128 */

#endif /* BOXTOI_CONTACT_KERNEL_I128_H */
