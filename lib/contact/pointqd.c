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
   (one limb, checked here term by term; 0 and r untouched when one is
   not): the products of each sign summed apart, each sum of n <= ZL_NT
   products below B^2 being h B^2 + l with l < B^2 and h <= n, then
   their difference, whose magnitude has at most three limbs
   (doc/algorithm.md §10.4, "In limbs"); the sizes are read once, for
   the check and the signs together. */
static int zl_dot(mpz_ptr r, int n, mpz_srcptr const *a,
                  mpz_srcptr const *b, unsigned neg)
{
    boxtoi_u128 lp = 0, ln = 0, p, l;
    unsigned long long hp = 0, hn = 0, h;
    mp_limb_t *rp;
    int k, sa, sb, size;

    for (k = 0; k < n; k++) {
        sa = a[k]->_mp_size;
        sb = b[k]->_mp_size;
        if ((unsigned)(sa + 1) > 2u || (unsigned)(sb + 1) > 2u)
            return 0;
        if (sa == 0 || sb == 0)
            continue;
        p = (boxtoi_u128)a[k]->_mp_d[0] * b[k]->_mp_d[0];
        /* sa, sb are +-1: the term is negative when they differ, or
           else when neg's bit k is set */
        if ((sa != sb) != (int)((neg >> k) & 1)) {
            ln += p;
            hn += ln < p; /* the carry */
        } else {
            lp += p;
            hp += lp < p;
        }
    }
    if (hp > hn || (hp == hn && lp >= ln)) {
        size = 1;
        h = hp - hn - (lp < ln); /* the borrow */
        l = lp - ln;
    } else {
        size = -1;
        h = hn - hp - (ln < lp);
        l = ln - lp;
    }
    if (r->_mp_alloc < 3)
        mpz_realloc2(r, 3 * 64);
    rp = r->_mp_d;
    rp[0] = (mp_limb_t)l;
    rp[1] = (mp_limb_t)(l >> 64);
    rp[2] = (mp_limb_t)h;
    k = h != 0 ? 3 : rp[1] != 0 ? 2 : rp[0] != 0;
    r->_mp_size = size * k;
    return 1;
}
#else
#define ZL_LIMBS 0
#endif

/* (pointq.h) */
void zdot(zctx *c, mpz_ptr r, int n, mpz_srcptr const *a,
          mpz_srcptr const *b, unsigned neg)
{
    int k;
#if ZL_LIMBS
    if (!c->ref && n <= ZL_NT && zl_dot(r, n, a, b, neg)) {
        c->nfast[ZF_DOT]++;
        return;
    }
#endif
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
