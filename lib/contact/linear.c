/* lib/contact/linear.c: the closed form for translational motions.

   When both motions have constant 3x3 blocks A1, A2 and weights w1, w2
   and translations of degree <= 1 (a constant orientation each, moving
   along straight lines), the relative motion
       A = w1 adj(A1) A2,  b = adj(A1) (w1 b2 - w2 b1),  w = det(A1) w2
   has A and w constant and b linear.  There are no octant switches, R_d
   is a constant and n_d . D = alpha_d + beta_d t is linear, so the
   contact set {t : |alpha_d + beta_d t| <= R_d for all d} is an interval
   computed with 30 exact rational divisions, and its left end (if it
   lies in the range) is the first contact (doc/algorithm.md §3.2, §4.4).
   Everything is exact integer and rational arithmetic, by the plane
   kernel (kernel.h, doc/algorithm.md §4.5), in the number type that the
   input sizes call for, chosen from a bound before any is tried: the
   whole closed form in world coordinates in 64-bit integers
   (linworld64.c) when every world number is below 2^62, machine
   integers (linear128.c) for entries of up to 9 bits, fixed-limb
   integers without allocation (kernel-fz.h) while the bound stays below
   their size, else GMP; behind the floating-point filter, the deciding
   direction alone in world coordinates (linworld.h), in 128-bit
   integers (linworld128.c) when the sizes allow.  The closed form
   itself is written once (linform.h) and instantiated here for fixed
   limbs and GMP. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/linear.h"
#include "lib/contact/kernel-gmp.h"
#include "lib/contact/kernel-fz.h"

/* Is m's upper-left block and weight constant and its translation of
   degree <= 1?  (The degree is length - 1, read from the length: no
   call per entry.) */
static int is_linear_motion(const boxtoi_motion_struct *m)
{
    int i, j;
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++)
            if (m->e[4 * i + j].length > 1)
                return 0;
        if (m->e[4 * i + 3].length > 2)
            return 0;
    }
    return m->e[15].length <= 1;
}

/* ---- the closed form in GMP integers (kz) --------------------------- */

/* the sign of a d - c b, with the temporaries x, y */
static int lz_cmp_frac(mpz_ptr x, mpz_ptr y, mpz_srcptr a, mpz_srcptr b,
                       mpz_srcptr c, mpz_srcptr d)
{
    mpz_mul(x, a, d);
    mpz_mul(y, c, b);
    return mpz_cmp(x, y);
}

#define LF(n) lz_##n
#define LK(n) kz_##n
#define LT __mpz_struct
#define LC void *
#define LW __mpz_struct
#define LINIT(x) mpz_init(x)
#define LCLEAR(x) mpz_clear(x)
#define LZERO(r) mpz_set_ui(r, 0)
#define LSET(r, a) mpz_set(r, a)
#define LNEG(r, a) mpz_neg(r, a)
#define LADD(kc, r, a) mpz_add(r, r, a)
#define LSUB(kc, r, a) mpz_sub(r, r, a)
#define LSWAP(a, b) mpz_swap(a, b)
#define LSGN(a) mpz_sgn(a)
#define LCMPABS(a, b) mpz_cmpabs(a, b)
#define LCMPFRAC(x, y, a, b, c, d) lz_cmp_frac(x, y, a, b, c, d)
#define LMUL(kc, r, a, b) mpz_mul(r, a, b)
#define LADDMUL(kc, r, a, b) mpz_addmul(r, a, b)
#define LSETZ(kc, r, z) mpz_set(r, z)
#define LVIEW(v, lv, a, n) ((void)(v), (void)(lv), (mpz_srcptr)(a))
#define LBOXDATA(kc, l2, e1, e2, s1, s2, q)                                  \
    do {                                                                     \
        contact_box_data(l2, e1, e2, s1, s2, q);                             \
        mpz_mul_2exp(l2, l2, 1);                                             \
    } while (0)
#include "lib/contact/linform.h"
#include "lib/contact/linform-undef.h"

void contact_linear_gmp(boxtoi_contact_t res, const boxtoi_query_t q)
{
    lz_solve(NULL, res, q, NULL);
}

/* ---- the closed form in fixed-limb integers (kf) -------------------- */

/* r = x l as an integer, l = kc->l a multiple of x's denominator */
static void lf_corner(kf_ctx *kc, fz *r, mpq_srcptr x)
{
    fz num, f;
    fz_set_mpz(&kc->bad, &num, mpq_numref(x));
    f.n = 1;
    f.d[0] = kc->l / mpz_getlimbn(mpq_denref(x), 0);
    fz_mul(&kc->bad, r, &f, &num);
}

#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64
/* r = x l in 128 bits when x's numerator has at most one limb: |x l| <
   2^64 2^62 (l < 2^62, lin_sizes); 0 otherwise */
static inline int lf_corner128(boxtoi_i128 *r, mpq_srcptr x, mp_limb_t l)
{
    mpz_srcptr n = mpq_numref(x);
    boxtoi_u128 p;
    if (mpz_size(n) > 1)
        return 0;
    p = (boxtoi_u128)mpz_getlimbn(n, 0)
        * (l / mpz_getlimbn(mpq_denref(x), 0));
    *r = mpz_sgn(n) < 0 ? -(boxtoi_i128)p : (boxtoi_i128)p;
    return 1;
}

/* r = v */
static inline void lf_set128(fz *r, boxtoi_i128 v)
{
    boxtoi_u128 u = boxtoi_uabs_i128(v);
    int n;
    r->d[0] = (mp_limb_t)u;
    r->d[1] = (mp_limb_t)(u >> 64);
    n = r->d[1] != 0 ? 2 : r->d[0] != 0;
    r->n = v < 0 ? -n : n;
}
#endif

/* contact_box_data over the common denominator kc->l (lin_sizes); a
   pair of corners with one-limb numerators (binary64 corners, entries
   of a few bits) in 128-bit integers: each below 2^126, their sum and
   difference below 2^127 (doc/algorithm.md §4.5, "Small cases of kf
   in 128 bits") */
static void lf_boxdata(kf_ctx *kc, fz *l2, fz *e1, fz *e2, fz *s1, fz *s2,
                       const boxtoi_query_t q)
{
    fz lo, hi;
    int i, k;
    for (k = 0; k < 3; k++)
        for (i = 0; i < 2; i++) {
            fz *e = (i == 0 ? e1 : e2) + k, *s = (i == 0 ? s1 : s2) + k;
#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64
            boxtoi_i128 a, b;
            if (lf_corner128(&a, q->box[i].min[k], kc->l)
                && lf_corner128(&b, q->box[i].max[k], kc->l)) {
                lf_set128(e, b - a);
                lf_set128(s, b + a);
                continue;
            }
#endif
            lf_corner(kc, &lo, q->box[i].min[k]);
            lf_corner(kc, &hi, q->box[i].max[k]);
            fz_set(e, &hi);
            fz_add(&kc->bad, e, &lo, 1);
            fz_set(s, &hi);
            fz_add(&kc->bad, s, &lo, 0);
        }
    l2->n = 1;
    l2->d[0] = 2 * kc->l; /* l < 2^(GMP_NUMB_BITS - 2) */
}

#define LF(n) lf_##n
#define LK(n) kf_##n
#define LT fz
#define LC kf_ctx *
#define LW fz_wide
#define LINIT(x) ((x)->n = 0)
#define LCLEAR(x) ((void)0)
#define LZERO(r) ((r)->n = 0)
#define LSET(r, a) fz_set(r, a)
#define LNEG(r, a) fz_neg(r, a)
#define LADD(kc, r, a) fz_add(&(kc)->bad, r, a, 0)
#define LSUB(kc, r, a) fz_add(&(kc)->bad, r, a, 1)
#define LSWAP(a, b) fz_swap(a, b)
#define LSGN(a) (((a)->n > 0) - ((a)->n < 0))
#define LCMPABS(a, b) fz_cmpabs(a, b)
#define LCMPFRAC(x, y, a, b, c, d) fz_cmp_frac(x, y, a, b, c, d)
#define LMUL(kc, r, a, b) fz_mul(&(kc)->bad, r, a, b)
#define LADDMUL(kc, r, a, b) fz_addmul(&(kc)->bad, r, a, b, 0)
#define LSETZ(kc, r, z) fz_set_mpz(&(kc)->bad, r, z)
#define LVIEW(v, lv, a, n) ((void)(lv), fz_view(v, a, n))
#define LBOXDATA(kc, l2, e1, e2, s1, s2, q) lf_boxdata(kc, l2, e1, e2, s1, s2, q)
#include "lib/contact/linform.h"
#include "lib/contact/linform-undef.h"

/* ---- choosing the number type from the input sizes ------------------ */

#include "lib/contact/linsizes.h"

static int lin_fz(boxtoi_contact_t res, const boxtoi_query_t q,
                  const lin_sizes *sz, const contact_linfilter *f)
{
    kf_ctx kc;
    kc.bad = 0;
    kc.l = sz->l;
    lf_solve(&kc, res, q, f);
    if (!kc.bad)
        return 1;
    lz_solve(NULL, res, q, f); /* the guard fired: not under the bound */
    return 2;
}

/* the fixed-limb instance when the sizes admit it (with f, the filter's
   decision, or NULL), else 0 */
static int lin_try_fz(boxtoi_contact_t res, const boxtoi_query_t q,
                      const contact_linfilter *f)
{
    lin_sizes sz;
    return lin_sizes_of(&sz, q, NULL) && lin_fits_fz(&sz) ? lin_fz(res, q, &sz, f)
                                                    : 0;
}

int contact_linear_fz(boxtoi_contact_t res, const boxtoi_query_t q)
{
    return lin_try_fz(res, q, NULL);
}

/* the closed form for f (LIN_OPEN, LIN_AT_T0 or LIN_AT_ENTRY) in the
   number type that the sizes sz call for (NULL: not computed, GMP) */
static void lin_decided_sized(boxtoi_contact_t res, const boxtoi_query_t q,
                              const contact_linfilter *f,
                              const lin_sizes *sz);

/* contact_linear_decided with the sizes sz of q (NULL as above) */
static void lin_decided(boxtoi_contact_t res, const boxtoi_query_t q,
                        const contact_linfilter *f, const lin_sizes *sz)
{
    if (f->kind == LIN_EMPTY) {
        contact_reset(res); /* as LF(interval) writes an empty set */
        res->status = BOXTOI_NO_CONTACT;
        res->nsections = 1;
        return;
    }
    lin_decided_sized(res, q, f->kind == LIN_OPEN ? NULL : f, sz);
}

void contact_linear_decided(boxtoi_contact_t res, const boxtoi_query_t q,
                            const contact_linfilter *f)
{
    lin_sizes sz;
    lin_decided(res, q, f,
                f->kind != LIN_EMPTY && lin_sizes_of(&sz, q, f) ? &sz : NULL);
}

int contact_linear_decided_w128(boxtoi_contact_t res, const boxtoi_query_t q,
                                const contact_linfilter *f)
{
    lin_sizes sz;
    return lin_sizes_of(&sz, q, f) && lin_fits_w128(&sz)
           && contact_linear_world_i128(res, q, f, sz.l);
}

/* With f (not NULL, a decided contact) the world path in 128 bits when
   the sizes admit it; then fixed limbs when the bound of lin_top_bits
   fits, else GMP (doc/algorithm.md §4.5). */
static void lin_decided_sized(boxtoi_contact_t res, const boxtoi_query_t q,
                              const contact_linfilter *f,
                              const lin_sizes *sz)
{
    if (sz == NULL) {
        lz_solve(NULL, res, q, f);
        return;
    }
    if (f != NULL && lin_fits_w128(sz)) {
        if (contact_linear_world_i128(res, q, f, sz->l))
            return;
        /* refused (a deferred direction constrains) or out of range:
           the undecided path, as contact_linear takes it */
        if (f->ndef > 0) {
            if (contact_linear_i128(res, q))
                return;
            f = NULL;
        }
    }
    if (!lin_fits_fz(sz) || !lin_fz(res, q, sz, f))
        lz_solve(NULL, res, q, f);
}

int contact_linear_fits_w64(mp_limb_t *l, const boxtoi_query_t q, long nb,
                            long nt)
{
    lin_sizes sz;
    sz.nb = nb;
    sz.nt = nt;
    if (!lin_corner_sizes(&sz, q) || !lin_fits_w64(&sz))
        return 0;
    *l = sz.l;
    return 1;
}

int contact_linear_w64_admits(const boxtoi_query_t q)
{
    lin_sizes sz;
    return is_linear_motion(q->motion) && is_linear_motion(q->motion + 1)
           && lin_sizes_of(&sz, q, NULL) && lin_fits_w64(&sz);
}

/* When the sizes admit it (lin_fits_w64), the whole closed form in
   world coordinates in 64-bit integers (linworld64.c): every direction
   exact, of degree 4, no filter (doc/algorithm.md §4.5, "The
   closed form in world coordinates").  Else the floating-point filter
   first (linfilter.c): no contact proved costs nothing more, a decided
   contact only the deciding direction (in world coordinates, linworld.h:
   in 128-bit integers when the sizes allow, linworld128.c, else fixed
   limbs or GMP).  An undecided query takes the full closed form:
   in 128-bit integers when the blocks' and weights' entries have at
   most LIN_I128_NB = 12 bits (linear128.c reads the sizes first; what
   it computes is then checked, and rarely overflows on such input), else
   fixed limbs when the bound of lin_top_bits fits, else GMP
   (doc/algorithm.md §4.5). */
/* Weights of at most 13 bits, necessary for lin_fits_w64 (B <= 13:
   4B + S + 7 <= 62 and S >= 1): larger inputs (bits12's weights, over
   denominators like 64 |q|^2, usually are) go to the filter without
   computing the sizes first. */
static int lin_small_weights(const boxtoi_query_t q)
{
    const boxtoi_poly_struct *w1 = q->motion[0].e + 15, *w2 = q->motion[1].e + 15;
    return w1->length == 1 && w2->length == 1
           && mpz_size(w1->coeffs) == 1 && mpz_size(w2->coeffs) == 1
           && (mpz_getlimbn(w1->coeffs, 0) | mpz_getlimbn(w2->coeffs, 0)) >> 13
                  == 0;
}

int contact_linear(boxtoi_contact_t res, const boxtoi_query_t q)
{
    contact_linfilter f;
    lin_sizes sz;
    int have;
    if (!is_linear_motion(q->motion) || !is_linear_motion(q->motion + 1))
        return 0;
    /* the whole closed form in 64-bit world coordinates checks the
       sizes of the entries it reads (contact_linear_fits_w64) */
    if (lin_small_weights(q) && contact_linear_all_w64(res, q))
        return 1;
    contact_linear_filter(&f, q);
    if (f.kind == LIN_OPEN && contact_linear_i128(res, q))
        return 1;
    /* as contact_linear_decided: no sizes for an empty set */
    have = f.kind != LIN_EMPTY && lin_sizes_of(&sz, q, &f);
    lin_decided(res, q, &f, have ? &sz : NULL);
    return 1;
}

int contact_linear_sizes_agree(const boxtoi_query_t q,
                               const contact_linfilter *f)
{
    lin_sizes a, b;
    int ha = lin_sizes_of(&a, q, NULL), hb = lin_sizes_of(&b, q, f);
    return ha == hb
           && (!ha || (a.nb == b.nb && a.nt == b.nt && a.l == b.l
                       && a.ns == b.ns && a.nl == b.nl && a.nr == b.nr));
}
