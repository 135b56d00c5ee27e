/* lib/contact/linworld64.c: the whole closed form in world coordinates
   in 64-bit integers, without the floating-point filter.

   In world coordinates every direction's alpha, beta and R is of
   degree 4 in the motions' entries (linworld.h, doc/algorithm.md §4.5,
   "The deciding direction in world coordinates").  When the input
   sizes bound every such number and every entry or exit time's
   numerator below 2^62 (linear.c, lin_fits_w64: the bound "top" of the
   world path in 128 bits at most 62, doc/algorithm.md §4.5, "The
   closed form in world coordinates"; checked here on the entries as
   read, LWFITS), all of them are computed exactly
   in int64_t, and the fractions are compared by exact 128-bit products
   (below 2^126).  Then the contact set is computed for the fifteen
   directions exactly, as the closed form does in box 1's frame
   (LF(span) of linform.h), with no filter and nothing left undecided:
   for the 9-bit translational workload this is cheaper than the filter
   and the deciding direction together (doc/performance.md, "9-bit
   translational (trans9)").

   The closed form's template (linform.h, linworld.h) is instantiated
   here with LWORLDALL: only LF(world_all) and what it calls.  Reading
   a number of the range that does not fit in 63 bits sets the flag
   *kc: the caller then takes the filter's path, which rewrites the
   result. */
#include <limits.h>
#include <stdint.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/linear.h"

#if defined(BOXTOI_HAVE_I128) && ULONG_MAX == 0xffffffffffffffffUL

#include "lib/util/i128.h"
#include "lib/contact/boxdata128.h"

typedef boxtoi_i128 i128;

/* The plane kernel (kernel.h) on int64_t, unchecked: instance lw (only
   its adjugate entries are used, under lin_fits_w64). */
#define K(n) lw_##n
#define KT int64_t
#define KABS(x) ((x) < 0 ? -(x) : (x))
#include "lib/contact/kernel-mach.h"

/* r = z when |z| < 2^63, else r = 0 and *bad = 1 (one limb read
   directly) */
static inline void l6_setz(int *bad, int64_t *r, mpz_srcptr z)
{
    mp_limb_t x = mpz_getlimbn(z, 0);
    if (mpz_size(z) > 1 || x >> 63 != 0) {
        *bad = 1;
        *r = 0;
        return;
    }
    *r = mpz_sgn(z) < 0 ? -(int64_t)x : (int64_t)x;
}

/* an mpz view of a[0..n) with the limbs in lv[0..n) */
static mpz_srcptr l6_view(__mpz_struct *v, mp_limb_t *lv, const int64_t *a,
                          int n)
{
    int k;
    for (k = 0; k < n; k++) {
        lv[k] = a[k] < 0 ? -(mp_limb_t)a[k] : (mp_limb_t)a[k];
        mpz_roinit_n(v + k, lv + k, a[k] < 0 ? -1 : 1);
    }
    return v;
}

static inline int l6_cmpabs(const int64_t *a, const int64_t *b)
{
    uint64_t x = *a < 0 ? -(uint64_t)*a : (uint64_t)*a;
    uint64_t y = *b < 0 ? -(uint64_t)*b : (uint64_t)*b;
    return (x > y) - (x < y);
}

static inline long lmax6(long a, long b)
{
    return a > b ? a : b;
}

static inline void l6_swap(int64_t *a, int64_t *b)
{
    int64_t t = *a;
    *a = *b;
    *b = t;
}

/* the sign of a d - c b, exactly: each product below 2^126 in
   magnitude, so their difference below 2^127, and its sign read from
   its two halves */
static inline int l6_cmp_frac(int64_t a, int64_t b, int64_t c, int64_t d)
{
    i128 z = (i128)a * d - (i128)c * b;
    int64_t hi = (int64_t)(z >> 64);
    return hi < 0 ? -1 : (hi | (int64_t)(uint64_t)z) != 0;
}

/* the box data over l (contact_box_data_i128: every corner's
   numerator of 63 bits or more sets *bad); under the bound every
   l x / den, e and s is below 2^S <= 2^62, so the narrowing keeps them */
static void l6_boxdata(int *bad, int64_t *l2, int64_t *e1, int64_t *e2,
                       int64_t *s1, int64_t *s2, const boxtoi_query_t q,
                       mp_limb_t l)
{
    i128 e[4][3];
    int k;
    contact_box_data_i128(bad, e[0], e[1], e[2], e[3], q, l);
    for (k = 0; k < 3; k++) {
        e1[k] = (int64_t)e[0][k];
        e2[k] = (int64_t)e[1][k];
        s1[k] = (int64_t)e[2][k];
        s2[k] = (int64_t)e[3][k];
    }
    *l2 = 2 * (int64_t)l;
}

/* The template's context, as in linworld128.c: kc points to bad, the
   first member. */
typedef struct {
    int bad;
    mp_limb_t l;
} l6_ctx;

/* the bit length of the largest |x[k]|, k < n (|x[k]| < 2^63) */
static inline long l6_bits(const int64_t *x, int n)
{
    uint64_t o = 0;
    int k;
    for (k = 0; k < n; k++)
        o |= x[k] < 0 ? -(uint64_t)x[k] : (uint64_t)x[k];
    return o == 0 ? 0 : 64 - __builtin_clzll(o);
}

/* LWFITS: the sizes of the entries read (the blocks a1, a2, the
   weights w1, w2, the translations' coefficients tr), the same maxima
   as linear.c's lin_sizes_of takes from the motions (l6_setz reads a
   number only below 2^63, else sets *kc), then the corners' sizes and
   the bound (contact_linear_fits_w64), which sets the common
   denominator l.  The size check of the whole closed form without a
   pass over the motions of its own. */
static int l6_fits(int *kc, const int64_t *a1, const int64_t *a2,
                   const int64_t *w1, const int64_t *w2,
                   const int64_t *tr, const boxtoi_query_t q)
{
    int64_t w[2];
    long nb, nt;
    if (*kc)
        return 0;
    w[0] = *w1;
    w[1] = *w2;
    nb = l6_bits(a1, 9);
    nb = lmax6(nb, l6_bits(a2, 9));
    nb = lmax6(nb, l6_bits(w, 2));
    nt = l6_bits(tr, 12);
    if (contact_linear_fits_w64(&((l6_ctx *)(void *)kc)->l, q, nb, nt))
        return 1;
    *kc = 1;
    return 0;
}

#define LWORLDALL
#define LF(n) l6_##n
#define LK(n) lw_##n
#define LT int64_t
#define LSWAP(a, b) l6_swap(a, b)
#define LCMPABS(a, b) l6_cmpabs(a, b)
#define LCMPFRAC(x, y, a, b, c, d)                                           \
    ((void)(x), (void)(y), l6_cmp_frac(*(a), *(b), *(c), *(d)))
#define LSETZ(kc, r, z) l6_setz(kc, r, z)
#define LVIEW(v, lv, a, n) l6_view(v, lv, a, n)
#define LBOXDATA(kc, l2, e1, e2, s1, s2, q)                                  \
    l6_boxdata(kc, l2, e1, e2, s1, s2, q, ((l6_ctx *)(void *)(kc))->l)
#define LWFITS(kc, w, tr, q)                                                 \
    l6_fits(kc, (w)->a1, (w)->a2, &(w)->w1, &(w)->w2, &tr[0][0][0], q)
#include "lib/contact/linform-mach.h"
#undef LWORLDALL
#undef LWFITS

int contact_linear_all_w64(boxtoi_contact_t res, const boxtoi_query_t q)
{
    l6_ctx kc;
    kc.bad = 0;
    kc.l = 1;
    l6_world_all(&kc.bad, res, q);
    return !kc.bad;
}

#else /* no 128-bit integers: the filter's path answers */

int contact_linear_all_w64(boxtoi_contact_t res, const boxtoi_query_t q)
{
    (void)res;
    (void)q;
    return 0;
}

#endif
