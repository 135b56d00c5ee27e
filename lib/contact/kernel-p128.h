/* lib/contact/kernel-p128.h: the instance kq_* of the plane kernel
   (kernel.h) on polynomials with 128-bit coefficients (poly_i128; not
   installed).  Scalars are constant polynomials.  Every operation is
   checked: the first overflow sets kc->bad, after which nothing more is
   computed (the values are then unspecified) and the caller runs the GMP
   instance (kernel-gmp.h), which gives the same polynomials.  |a| of
   quantity q is kc->sg[q] a, as in the GMP polynomial instance. */
#ifndef BOXTOI_CONTACT_KERNEL_P128_H
#define BOXTOI_CONTACT_KERNEL_P128_H

#include "lib/contact/impl.h"

#ifdef BOXTOI_HAVE_I128

typedef struct {
    int bad;               /* some operation overflowed */
    const signed char *sg; /* the quantities' signs, for |a| */
} kq_ctx;

static const poly_i128 kq_one = {1, 1, {1}};

/* k = z as a constant polynomial, if |z| < 2^62 (else kc->bad). */
static inline void kq_const(kq_ctx *kc, poly_i128 *k, mpz_srcptr z)
{
    mp_limb_t x;
    poly_i128_zero(k);
    if (mpz_sgn(z) == 0)
        return;
    x = mpz_getlimbn(z, 0);
    if (mpz_size(z) > 1 || x >> 31 >> 31 != 0) {
        kc->bad = 1;
        return;
    }
    k->len = 1;
    k->c[0] = mpz_sgn(z) < 0 ? -(boxtoi_i128)x : (boxtoi_i128)x;
    k->bits = poly_i128_bits(k);
}

/* r = r + s a b (s = -1, 0, 1) */
static inline void kq_addmul(kq_ctx *kc, poly_i128 *r, const poly_i128 *a,
                             const poly_i128 *b, int s)
{
    if (!kc->bad && s != 0 && !poly_i128_addmul(r, a, b, s))
        kc->bad = 1;
}

static inline void kq_mul(kq_ctx *kc, poly_i128 *r, const poly_i128 *a,
                          const poly_i128 *b)
{
    if (!kc->bad && !poly_i128_mul(r, a, b))
        kc->bad = 1;
}

/* r = s a r */
static inline void kq_mulabs(kq_ctx *kc, poly_i128 *r, const poly_i128 *a,
                             int s)
{
    poly_i128 t;
    int i;
    if (kc->bad)
        return;
    if (!poly_i128_mul(&t, r, a)) {
        kc->bad = 1;
        return;
    }
    if (s == 0)
        poly_i128_zero(&t);
    else if (s < 0)
        for (i = 0; i < t.len; i++)
            t.c[i] = -t.c[i];
    *r = t;
}

#define K(n) kq_##n
#define KVGROUP 1
#define KT poly_i128
#define KS poly_i128
#define KC kq_ctx *
#define KINIT(kc, x) poly_i128_zero(x)
#define KCLEAR(kc, x) ((void)0)
#define KZERO(kc, r) poly_i128_zero(r)
#define KADD(kc, r, a) kq_addmul(kc, r, a, &kq_one, 1)
#define KSUB(kc, r, a) kq_addmul(kc, r, a, &kq_one, -1)
#define KMUL(kc, r, a, b) kq_mul(kc, r, a, b)
#define KADDMUL(kc, r, a, b) kq_addmul(kc, r, a, b, 1)
#define KSUBMUL(kc, r, a, b) kq_addmul(kc, r, a, b, -1)
#define KSCALE(kc, r, a, k) kq_mul(kc, r, a, k)
#define KADDSCALE(kc, r, a, k) kq_addmul(kc, r, a, k, 1)
#define KSUBSCALE(kc, r, a, k) kq_addmul(kc, r, a, k, -1)
#define KADDS(kc, r, k) kq_addmul(kc, r, k, &kq_one, 1)
#define KADDABS(kc, r, a, q, k) kq_addmul(kc, r, a, k, (kc)->sg[q])
#define KMULABS(kc, r, a, q) kq_mulabs(kc, r, a, (kc)->sg[q])
#define KISZERO(kc, a) ((a)->len == 0)
#define KNARROW(kc, x) ((void)0)
#include "lib/contact/kernel.h"
#include "lib/contact/kernel-undef.h"

#endif /* BOXTOI_HAVE_I128 */

#endif /* BOXTOI_CONTACT_KERNEL_P128_H */
