/* lib/contact/linworld128.c: the closed form's deciding direction in
   world coordinates (linworld.h) in 128-bit integers.

   When the floating-point filter (linfilter.c) has decided a contact
   at t0 or at one direction's entry, the result needs only that
   direction's numbers in world coordinates, of degree 4 in the
   motions' entries (doc/algorithm.md §4.5, "The deciding direction in
   world coordinates").  For small entries they fit in 128 bits: the
   closed form's template (linform.h) is instantiated here on the
   unchecked 128-bit kernel (kernel-i128.h), and linear.c calls it only
   when the input sizes bound every value below 2^(BOXTOI_LIMIT_I128 -
   1) (lin_fits_w128 there, the bound derived in doc/algorithm.md §4.5).
   Reading a number that does not fit in 63 bits (the range's ends)
   sets the flag *kc, a guard: the caller then takes the fixed-limb
   path, which resets and rewrites the result.

   Only LF(world) and LF(at_t0) are reached (contact_linear_world_i128
   is called with a decision); the template's full closed form, compiled
   with them, is never run on this instance (linear128.c is the full
   closed form in 128 bits, with its own bounds). */
#include <limits.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/linear.h"

#if defined(BOXTOI_HAVE_I128) && ULONG_MAX == 0xffffffffffffffffUL

#include "lib/contact/kernel-i128.h"

typedef boxtoi_i128 i128;

/* r = z when |z| < 2^63, else *bad = 1 */
static inline void li_setz(int *bad, i128 *r, mpz_srcptr z)
{
    *r = contact_get_i63(z, bad);
}

/* an mpz view of a[0..n) with the limbs in lv[0..2n) */
static mpz_srcptr li_view(__mpz_struct *v, mp_limb_t *lv, const i128 *a,
                          int n)
{
    int k;
    for (k = 0; k < n; k++) {
        boxtoi_u128 m = boxtoi_uabs_i128(a[k]);
        lv[2 * k] = (mp_limb_t)m;
        lv[2 * k + 1] = (mp_limb_t)(m >> 64);
        mpz_roinit_n(v + k, lv + 2 * k, a[k] < 0 ? -2 : 2);
    }
    return v;
}

static inline int li_cmpabs(const i128 *a, const i128 *b)
{
    boxtoi_u128 x = boxtoi_uabs_i128(*a), y = boxtoi_uabs_i128(*b);
    return (x > y) - (x < y);
}

static inline void li_swap(i128 *a, i128 *b)
{
    i128 t = *a;
    *a = *b;
    *b = t;
}

/* The template's context: the kernel's (lu) is the flag int *, so kc
   points to bad, the first member, and LBOXDATA reaches l through it
   (a pointer to a structure's first member converts back to one to
   the structure). */
typedef struct {
    int bad;
    mp_limb_t l;
} li_ctx;

#define LF(n) li_##n
#define LK(n) lu_##n
#define LT i128
#define LSWAP(a, b) li_swap(a, b)
#define LCMPABS(a, b) li_cmpabs(a, b)
#define LCMPFRAC(x, y, a, b, c, d)                                           \
    ((void)(x), (void)(y), contact_cmp_frac_i128(*(a), *(b), *(c), *(d)))
#define LSETZ(kc, r, z) li_setz(kc, r, z)
#define LVIEW(v, lv, a, n) li_view(v, lv, a, n)
#define LBOXDATA(kc, l2, e1, e2, s1, s2, q)                                  \
    (contact_box_data_i128(kc, e1, e2, s1, s2, q,                            \
                           ((li_ctx *)(void *)(kc))->l),                     \
     *(l2) = 2 * (i128)((li_ctx *)(void *)(kc))->l)
#include "lib/contact/linform-mach.h"

int contact_linear_world_i128(boxtoi_contact_t res, const boxtoi_query_t q,
                              const contact_linfilter *f, mp_limb_t l)
{
    li_ctx kc;
    if (f->kind != LIN_AT_ENTRY && f->kind != LIN_AT_T0)
        return 0;
    kc.bad = 0;
    kc.l = l;
    /* the world path directly: its refusal (a deferred direction that
       constrains) must not reach the template's full closed form, which
       this instance's bounds do not cover */
    if (f->kind == LIN_AT_ENTRY)
        return li_world(&kc.bad, res, q, f) && !kc.bad;
    li_solve(&kc.bad, res, q, f);
    return !kc.bad;
}

#else /* no 128-bit integers: the fixed-limb path answers */

int contact_linear_world_i128(boxtoi_contact_t res, const boxtoi_query_t q,
                              const contact_linfilter *f, mp_limb_t l)
{
    (void)res;
    (void)q;
    (void)f;
    (void)l;
    return 0;
}

#endif
