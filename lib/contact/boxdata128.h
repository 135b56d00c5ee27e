/* lib/contact/boxdata128.h: the box data of the closed forms in
   machine integers (not installed): the corners over a common multiple
   l of their denominators, in 128-bit integers.  Included by the plane
   kernel's 128-bit instances (kernel-i128.h) and by the world path in
   64-bit integers (linworld64.c), which narrows the values its size
   bound keeps below 2^62; and their result's time as a canonical
   fraction. */
#ifndef BOXTOI_CONTACT_BOXDATA128_H
#define BOXTOI_CONTACT_BOXDATA128_H

#include "lib/util/impl.h"
#include "lib/contact/impl.h"

#ifdef BOXTOI_HAVE_I128

/* z when |z| < 2^63, else 0 with *bad = 1 (the closed form reads its
   inputs so). */
static inline boxtoi_i128 contact_get_i63(mpz_srcptr z, int *bad)
{
    boxtoi_i128 x;
    if (!boxtoi_mpz_get_i128(&x, z, 63)) {
        *bad = 1;
        return 0;
    }
    return x;
}

/* contact_box_data over l, a common multiple below 2^62 of q's corners'
   denominators: e_b = l (max_b - min_b), s_b = l (max_b + min_b).  A
   numerator of 63 bits or more sets *bad.  l / den < 2^62 and
   |num| < 2^63 keep every product below 2^125 and every sum below
   2^126, so nothing is checked. */
static inline void contact_box_data_i128(int *bad, boxtoi_i128 *e1,
                                         boxtoi_i128 *e2, boxtoi_i128 *s1,
                                         boxtoi_i128 *s2,
                                         const boxtoi_query_t q,
                                         mp_limb_t l)
{
    boxtoi_i128 lo, hi;
    int i, k;
    for (k = 0; k < 3; k++)
        for (i = 0; i < 2; i++) {
            mpq_srcptr mn = q->box[i].min[k], mx = q->box[i].max[k];
            lo = contact_get_i63(mpq_numref(mn), bad)
                 * (boxtoi_i128)(l / mpz_getlimbn(mpq_denref(mn), 0));
            hi = contact_get_i63(mpq_numref(mx), bad)
                 * (boxtoi_i128)(l / mpz_getlimbn(mpq_denref(mx), 0));
            (i == 0 ? e1 : e2)[k] = hi - lo;
            (i == 0 ? s1 : s2)[k] = hi + lo;
        }
}

/* r = n / d in canonical form (d > 0): the gcd in machine words, 64-bit
   steps when both fit in a limb (every time of the 64-bit world path,
   most of the 128-bit one's), instead of mpq_canonicalize on GMP's
   views (a call, a copy and GMP's gcd of one-limb numbers).  The
   canonical form is unique, so r is mpq_canonicalize's. */
static inline void contact_set_frac_i128(mpq_ptr r, boxtoi_i128 n,
                                         boxtoi_i128 d)
{
    boxtoi_u128 un = boxtoi_uabs_i128(n), ud = (boxtoi_u128)d;
    if (((un | ud) >> 64) == 0) {
        unsigned long long a = (unsigned long long)un,
                           b = (unsigned long long)ud,
                           g = boxtoi_gcd_u64(a, b); /* b when a = 0 */
        mpz_set_ui(mpq_numref(r), (unsigned long)(a / g));
        if (n < 0)
            mpz_neg(mpq_numref(r), mpq_numref(r));
        mpz_set_ui(mpq_denref(r), (unsigned long)(b / g));
        return;
    }
    {
        boxtoi_u128 g = boxtoi_gcd_i128(un, ud);
        boxtoi_mpz_set_i128(mpq_numref(r), (boxtoi_i128)(un / g));
        if (n < 0)
            mpz_neg(mpq_numref(r), mpq_numref(r));
        boxtoi_mpz_set_i128(mpq_denref(r), (boxtoi_i128)(ud / g));
    }
}

#endif /* BOXTOI_HAVE_I128 */
#endif
