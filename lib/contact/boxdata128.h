/* lib/contact/boxdata128.h: the box data of the closed forms in
   machine integers (not installed): the corners over a common multiple
   l of their denominators, in 128-bit integers.  Included by the plane
   kernel's 128-bit instances (kernel-i128.h) and by the world path in
   64-bit integers (linworld64.c), which narrows the values its size
   bound keeps below 2^62. */
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

#endif /* BOXTOI_HAVE_I128 */
#endif
