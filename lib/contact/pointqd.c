/* lib/contact/pointqd.c: the sums of products of lib/contact/pointq.c
   and pointqn.c, r = sum_k +-a_k b_k, in three 64-bit limbs on the
   stack when every factor has one limb (most of them at bits12: rel's
   products, box 2's vertices, the centres, the world point and normal),
   read from and written to the mpz_t's limbs directly (as
   lib/contact/kernel.h reads them), without GMP's per-call work; the
   check is made before the path (doc/algorithm.md §10.4, "In limbs").
   Else GMP, the reference and the fallback (zctx.ref forces it, for
   t/pointq-t).  A general path on arrays of several limbs (mpn_mul and
   mpn_add, or schoolbook in C) was measured slower than GMP's own
   (doc/performance.md, cmdgeo2). */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/pointq.h"

#if defined(BOXTOI_HAVE_I128) && GMP_LIMB_BITS == 64 && GMP_NAIL_BITS == 0
#define ZL_LIMBS 1

/* The limb path, every a_k and b_k below B = 2^64 in absolute value
   (one limb, checked by zdot first): each product is below B^2, so the
   sum of n <= ZL_NT of them is hi B^2 + lo with lo < B^2 and
   |hi| <= n (doc/algorithm.md §10.4, "In limbs"), r has at most three
   limbs. */
static void zl_dot(mpz_ptr r, int n, mpz_srcptr const *a,
                   mpz_srcptr const *b, unsigned neg)
{
    boxtoi_u128 lo = 0, p;
    long hi = 0;
    mp_limb_t *rp;
    int k, sa, sb, size;

    for (k = 0; k < n; k++) {
        sa = mpz_sgn(a[k]);
        sb = mpz_sgn(b[k]);
        if (sa == 0 || sb == 0)
            continue;
        p = (boxtoi_u128)a[k]->_mp_d[0] * b[k]->_mp_d[0];
        /* the term's sign by mpz_sgn: written with the raw sizes,
           (sa < 0) != (sb < 0) or (sa ^ sb) < 0, the test was always
           false in gcc 12's -O2 code here (cause not found; t/pointq-t
           and the command's output caught it) */
        if ((sa != sb) != (int)((neg >> k) & 1)) {
            hi -= lo < p; /* the borrow */
            lo -= p;
        } else {
            lo += p;
            hi += lo < p;
        }
    }
    size = 1;
    if (hi < 0) { /* |sum| = -(hi B^2 + lo) = (-hi - (lo != 0)) B^2 + (-lo) */
        hi = -hi - (lo != 0);
        lo = -lo;
        size = -1;
    }
    if (r->_mp_alloc < 3)
        mpz_realloc2(r, 3 * 64);
    rp = r->_mp_d;
    rp[0] = (mp_limb_t)lo;
    rp[1] = (mp_limb_t)(lo >> 64);
    rp[2] = (mp_limb_t)hi;
    k = hi != 0 ? 3 : rp[1] != 0 ? 2 : rp[0] != 0;
    r->_mp_size = size * k;
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
        for (k = 0; k < n; k++)
            if ((unsigned)(a[k]->_mp_size + 1) > 2u
                || (unsigned)(b[k]->_mp_size + 1) > 2u)
                break;
        if (k == n) {
            c->nfast[ZF_DOT]++;
#if ZL_LIMBS
            zl_dot(r, n, a, b, neg);
#endif
            return;
        }
    }
    c->nfast[ZF_DOT + 1]++;
    mpz_mul(r, a[0], b[0]); /* n >= 1 */
    if (neg & 1)
        mpz_neg(r, r);
    for (k = 1; k < n; k++)
        if (neg >> k & 1)
            mpz_submul(r, a[k], b[k]);
        else
            mpz_addmul(r, a[k], b[k]);
}
