/* lib/contact/kernel-gmp.h: the GMP instances of the plane kernel
   (kernel.h): kz_* on GMP integers, kp_* on GMP polynomials (not
   installed).

   kz: elements and scalars mpz; |a| is the true absolute value.  kp:
   elements boxtoi_poly_struct, scalars mpz; |a| of quantity q is
   sg[q] a with sg the quantities' signs in the section (or at the
   point) considered, so that R_d is the polynomial that equals the true
   R_d there (doc/algorithm.md §3.3). */
#ifndef BOXTOI_CONTACT_KERNEL_GMP_H
#define BOXTOI_CONTACT_KERNEL_GMP_H

#include "lib/contact/impl.h"

/* ---- kz: GMP integers ---------------------------------------------- */

#define K(n) kz_##n
#define KT __mpz_struct
#define KS __mpz_struct
#define KC void *
#define KINIT(kc, x) mpz_init(x)
#define KCLEAR(kc, x) mpz_clear(x)
#define KZERO(kc, r) mpz_set_ui(r, 0)
#define KADD(kc, r, a) mpz_add(r, r, a)
#define KSUB(kc, r, a) mpz_sub(r, r, a)
#define KMUL(kc, r, a, b) mpz_mul(r, a, b)
#define KADDMUL(kc, r, a, b) mpz_addmul(r, a, b)
#define KSUBMUL(kc, r, a, b) mpz_submul(r, a, b)
#define KSCALE(kc, r, a, k) mpz_mul(r, a, k)
#define KADDSCALE(kc, r, a, k) mpz_addmul(r, a, k)
#define KSUBSCALE(kc, r, a, k) mpz_submul(r, a, k)
#define KADDS(kc, r, k) mpz_add(r, r, k)
/* r + |a| k = r - a k when a < 0 */
#define KADDABS(kc, r, a, q, k)                                              \
    (mpz_sgn(a) >= 0 ? mpz_addmul(r, a, k) : mpz_submul(r, a, k))
#define KMULABS(kc, r, a, q)                                                 \
    do {                                                                     \
        mpz_mul(r, r, a);                                                    \
        if (mpz_sgn(a) < 0)                                                  \
            mpz_neg(r, r);                                                   \
    } while (0)
#define KISZERO(kc, a) (mpz_sgn(a) == 0)
#define KNARROW(kc, x) ((void)0)
#include "lib/contact/kernel.h"
#include "lib/contact/kernel-undef.h"

/* ---- kp: GMP polynomials ------------------------------------------- */

typedef struct {
    boxtoi_poly_t t;        /* scratch */
    const signed char *sg;  /* the quantities' signs, for |a| */
} kp_ctx;

static inline void kp_ctx_init(kp_ctx *kc, const signed char *sg)
{
    boxtoi_poly_init(kc->t);
    kc->sg = sg;
}

static inline void kp_ctx_clear(kp_ctx *kc)
{
    boxtoi_poly_clear(kc->t);
}

/* r = r + s a k (s = -1, 0, 1) */
static inline void kp_addscale(kp_ctx *kc, boxtoi_poly_struct *r,
                               const boxtoi_poly_struct *a, mpz_srcptr k,
                               int s)
{
    if (s == 0)
        return;
    boxtoi_poly_scalar_mul_mpz(kc->t, a, k);
    if (s > 0)
        boxtoi_poly_add(r, r, kc->t);
    else
        boxtoi_poly_sub(r, r, kc->t);
}

/* r = s a r */
static inline void kp_mulabs(kp_ctx *kc, boxtoi_poly_struct *r,
                             const boxtoi_poly_struct *a, int s)
{
    boxtoi_poly_mul(kc->t, r, a);
    if (s > 0)
        boxtoi_poly_swap(r, kc->t);
    else if (s < 0)
        boxtoi_poly_neg(r, kc->t);
    else
        boxtoi_poly_zero(r);
}

#define K(n) kp_##n
#define KT boxtoi_poly_struct
#define KS __mpz_struct
#define KC kp_ctx *
#define KINIT(kc, x) boxtoi_poly_init(x)
#define KCLEAR(kc, x) boxtoi_poly_clear(x)
#define KZERO(kc, r) boxtoi_poly_zero(r)
#define KADD(kc, r, a) boxtoi_poly_add(r, r, a)
#define KSUB(kc, r, a) boxtoi_poly_sub(r, r, a)
#define KMUL(kc, r, a, b) boxtoi_poly_mul(r, a, b)
#define KADDMUL(kc, r, a, b) boxtoi_poly_addmul(r, a, b)
#define KSUBMUL(kc, r, a, b) boxtoi_poly_submul(r, a, b)
#define KSCALE(kc, r, a, k) boxtoi_poly_scalar_mul_mpz(r, a, k)
#define KADDSCALE(kc, r, a, k) kp_addscale(kc, r, a, k, 1)
#define KSUBSCALE(kc, r, a, k) kp_addscale(kc, r, a, k, -1)
#define KADDS(kc, r, k)                                                      \
    do {                                                                     \
        boxtoi_poly_set_mpz((kc)->t, k);                                     \
        boxtoi_poly_add(r, r, (kc)->t);                                      \
    } while (0)
#define KADDABS(kc, r, a, q, k) kp_addscale(kc, r, a, k, (kc)->sg[q])
#define KMULABS(kc, r, a, q) kp_mulabs(kc, r, a, (kc)->sg[q])
#define KISZERO(kc, a) boxtoi_poly_is_zero(a)
#define KNARROW(kc, x) ((void)0)
#include "lib/contact/kernel.h"
#include "lib/contact/kernel-undef.h"

#endif /* BOXTOI_CONTACT_KERNEL_GMP_H */
