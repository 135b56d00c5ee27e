/* lib/contact/pointqd.c: the sums of products of lib/contact/pointq.c
   and pointqn.c (r = sum_k +-a_k b_k) on a fixed-size array of 64-bit
   limbs on the stack, read from and written to the mpz_t's limbs
   directly (as lib/contact/kernel.h reads them), without GMP's per-call
   work, when a size check made before allows it (doc/algorithm.md
   §10.4, "In limbs"); else in GMP, the reference and the fallback
   (zctx.ref forces it, for t/pointq-t). */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/pointq.h"

#if defined(BOXTOI_HAVE_I128) && GMP_LIMB_BITS == 64 && GMP_NAIL_BITS == 0
#define ZL_LIMBS 1

/* acc[0..top) += or -= m |b| (sb limbs, sb < top), modulo B^top in two's
   complement, B = 2^64: each step is (B - 1)^2 + 2 (B - 1) = B^2 - 1 at
   most, and the carry (borrow) is carried up only while it is not 0. */
static void zl_addmul_1(mp_limb_t *acc, int top, mp_limb_t m,
                        const mp_limb_t *bp, int sb, int sub)
{
    boxtoi_u128 t;
    mp_limb_t cy = 0, lo;
    int j;
    if (!sub) {
        for (j = 0; j < sb; j++) {
            t = (boxtoi_u128)m * bp[j] + acc[j] + cy;
            acc[j] = (mp_limb_t)t;
            cy = (mp_limb_t)(t >> 64);
        }
        for (; cy != 0 && j < top; j++) {
            acc[j] += cy;
            cy = acc[j] < cy;
        }
        return;
    }
    for (j = 0; j < sb; j++) {
        t = (boxtoi_u128)m * bp[j] + cy;
        lo = (mp_limb_t)t;
        cy = (mp_limb_t)(t >> 64) + (acc[j] < lo);
        acc[j] -= lo;
    }
    for (; cy != 0 && j < top; j++) {
        lo = acc[j];
        acc[j] = lo - cy;
        cy = lo < cy;
    }
}

/* The limb path: with m the most limbs of a product (m <= ZL_N - 1,
   checked by zdot first) every partial sum of the n <= ZL_NT terms is
   below n B^m < B^(m + 1) / 2 in absolute value, so that it is exact in
   m + 1 limbs in two's complement (doc/algorithm.md §10.4, "In
   limbs"); a product is added one limb of its shorter factor at a
   time. */
static void zl_dot(mpz_ptr r, int n, mpz_srcptr const *a,
                   mpz_srcptr const *b, unsigned neg, int top)
{
    mp_limb_t acc[ZL_N], cy;
    const mp_limb_t *ap, *bp;
    int i, k, sa, sb, sub;

    for (i = 0; i < top; i++)
        acc[i] = 0;
    for (k = 0; k < n; k++) {
        sa = a[k]->_mp_size;
        sb = b[k]->_mp_size;
        if (sa == 0 || sb == 0)
            continue;
        sub = ((sa < 0) != (sb < 0)) ^ (int)(neg >> k & 1);
        sa = sa < 0 ? -sa : sa;
        sb = sb < 0 ? -sb : sb;
        ap = a[k]->_mp_d;
        bp = b[k]->_mp_d;
        if (sa == 1 && sb == 1) {
            /* the usual case: one product of two limbs, p < B^2 */
            boxtoi_u128 p = (boxtoi_u128)ap[0] * bp[0];
            boxtoi_u128 s = ((boxtoi_u128)acc[1] << 64) | acc[0];
            mp_limb_t c;
            if (!sub) {
                s += p;
                c = s < p;
            } else {
                c = s < p;
                s -= p;
            }
            acc[0] = (mp_limb_t)s;
            acc[1] = (mp_limb_t)(s >> 64);
            for (i = 2; c != 0 && i < top; i++) {
                if (!sub)
                    c = ++acc[i] == 0;
                else
                    c = acc[i]-- == 0;
            }
            continue;
        }
        if (sa > sb) {
            const mp_limb_t *tp = ap;
            int ts = sa;
            ap = bp, sa = sb, bp = tp, sb = ts;
        }
        for (i = 0; i < sa; i++)
            zl_addmul_1(acc + i, top - i, ap[i], bp, sb, sub);
    }
    sub = (int)(acc[top - 1] >> 63);
    if (sub)
        for (i = 0, cy = 1; i < top; i++) {
            acc[i] = ~acc[i] + cy;
            cy = cy && acc[i] == 0;
        }
    for (k = top; k > 0 && acc[k - 1] == 0; k--)
        ;
    if (r->_mp_alloc < k)
        mpz_realloc2(r, ZL_N * 64);
    for (i = 0; i < k; i++)
        r->_mp_d[i] = acc[i];
    r->_mp_size = sub ? -k : k;
}
#else
#define ZL_LIMBS 0
#endif

/* (pointq.h) */
void zdot(zctx *c, mpz_ptr r, int n, mpz_srcptr const *a,
          mpz_srcptr const *b, unsigned neg)
{
    int k;
    if (ZL_LIMBS && !c->ref && n <= ZL_NT) {
        size_t m = 0, sa, sb;
        for (k = 0; k < n; k++) {
            sa = mpz_size(a[k]);
            sb = mpz_size(b[k]);
            if (sa > 1 && sb > 1)
                break;
            m = sa + sb > m ? sa + sb : m;
        }
        if (k == n && m <= ZL_N - 1) {
            c->nfast[ZF_DOT]++;
#if ZL_LIMBS
            zl_dot(r, n, a, b, neg, (int)m + 1);
#endif
            return;
        }
    }
    c->nfast[ZF_DOT + 1]++;
    mpz_set_ui(r, 0);
    for (k = 0; k < n; k++)
        if (neg >> k & 1)
            mpz_submul(r, a[k], b[k]);
        else
            mpz_addmul(r, a[k], b[k]);
}
