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

/* The sizes that bound the closed form's numbers: the largest bit
   lengths nb of the blocks and weights and nt of the translations'
   coefficients; the common denominator l of the corners (one limb below
   2^(GMP_NUMB_BITS - 2), else the sizes are not computed), nl its bit
   length and ns a bound on those of e and s (contact_box_data); nr the
   largest limb count of the range's numbers. */
typedef struct {
    long nb, nt, nl, ns, nr;
    mp_limb_t l;
} lin_sizes;

/* the bit length of |z| (0 for 0), from its limbs */
static inline long zbits(mpz_srcptr z)
{
    long n = (long)mpz_size(z);
    return n == 0 ? 0
                  : (n - 1) * GMP_NUMB_BITS + fz_limb_bits(mpz_getlimbn(z, n - 1));
}

static long lmax(long a, long b)
{
    return a > b ? a : b;
}

/* OR the limb of a one-limb z into *o, else the bit length into *nz */
static inline void lin_size_or(mp_limb_t *o, long *nz, mpz_srcptr z)
{
    if (mpz_size(z) <= 1)
        *o |= mpz_getlimbn(z, 0);
    else
        *nz = lmax(*nz, zbits(z));
}

/* sz for q, whose motions are of the closed form's kind
   (is_linear_motion: every entry of length at most 2), nb and nt taken
   from the filter's f when it read them (else f NULL or f->nb < 0);
   0 when the corners' denominators do not fit */
static int lin_sizes_of(lin_sizes *sz, const boxtoi_query_t q,
                        const contact_linfilter *f)
{
    const mp_limb_t top = (mp_limb_t)1 << (GMP_NUMB_BITS - 2);
    mp_limb_t l = 1, ob = 0, ot = 0;
    long nb = 0, nt = 0;
    int b, j, k;
    sz->ns = 0;
    if (f != NULL && f->nb >= 0) {
        nb = f->nb;
        nt = f->nt;
        b = 2; /* the motions' pass below is skipped */
    } else
        b = 0;
    for (; b < 2; b++) {
        const boxtoi_poly_struct *e = q->motion[b].e;
        UTIL_UNROLL(16) /* which entries are the translation's: constant */
        for (j = 0; j < 16; j++) {
            /* entries 3, 7, 11 are the translation's (degree <= 1),
               the others the block's, the weight's and the (zero)
               bottom row's (constants) */
            if ((j & 3) == 3 && j != 15) {
                for (k = 0; k < e[j].length; k++)
                    lin_size_or(&ot, &nt, e[j].coeffs + k);
            } else if (e[j].length > 0)
                lin_size_or(&ob, &nb, e[j].coeffs);
        }
    }
    sz->nb = lmax(nb, fz_limb_bits(ob));
    sz->nt = lmax(nt, fz_limb_bits(ot));
    for (b = 0; b < 2; b++)
        for (k = 0; k < 6; k++) {
            mpz_srcptr den = mpq_denref(k < 3 ? q->box[b].min[k]
                                              : q->box[b].max[k - 3]);
            mp_limb_t dv = mpz_getlimbn(den, 0), g;
            if (mpz_size(den) != 1)
                return 0;
            if (l % dv == 0)
                continue; /* most corners share their denominators */
            g = (mp_limb_t)boxtoi_gcd_u64(l, dv);
            if (l / g > (top - 1) / dv)
                return 0;
            l = l / g * dv;
        }
    for (b = 0; b < 2; b++)
        for (k = 0; k < 6; k++) {
            mpq_srcptr x = k < 3 ? q->box[b].min[k] : q->box[b].max[k - 3];
            sz->ns = lmax(sz->ns, zbits(mpq_numref(x))
                                      + fz_limb_bits(l / mpz_getlimbn(
                                                        mpq_denref(x), 0)));
        }
    sz->ns += 1; /* e and s are sums of two */
    sz->l = l;
    sz->nl = fz_limb_bits(l);
    sz->nr = lmax(mpz_size(mpq_numref(q->t0)), mpz_size(mpq_denref(q->t0)));
    if (!q->t1_inf)
        sz->nr = lmax(sz->nr, lmax(mpz_size(mpq_numref(q->t1)),
                                   mpz_size(mpq_denref(q->t1))));
    return 1;
}

/* The bound on the closed form's numbers (doc/algorithm.md §4.5): with
   B, T, L, S = nb, nt, nl, ns, adj(A1) < 2^(2B+1), A and w < 2^(4B+3),
   adj(A) < 2^(8B+7), det A < 2^(12B+12) (so every quantity is below
   2^mq, mq = 12B+12), b < 2^(3B+T+4) and D < 2^md, md = max(L+3B+T+5,
   4B+S+3) + 3 (five terms); alpha_d, beta_d (three products of a
   quantity and a D_m) and R_d (at most four terms |w| E1 |q| or
   E2 |q|, or |w| E1) are below 2^top, top = max(mq + max(md, S),
   mq + S + 4B+3) + 3, every partial sum and product on the way too,
   and the interval's t, u and alpha +- R below 2^(top+1). */
static long lin_top_bits(const lin_sizes *sz)
{
    long mq = 12 * sz->nb + 12, mw = 4 * sz->nb + 3;
    long md = lmax(sz->nl + 3 * sz->nb + sz->nt + 5,
                   4 * sz->nb + sz->ns + 3) + 3;
    return lmax(mq + lmax(md, sz->ns), mq + sz->ns + mw) + 3;
}

/* Do the sizes admit the fixed-limb instance?  A product of two values
   of a and b bits (a + b <= top + 2) takes at most (a + 63) / 64 +
   (b + 63) / 64 limbs before normalisation (64 for GMP_NUMB_BITS): top
   + 2 + 2 GMP_NUMB_BITS bits suffice. */
static int lin_fits_fz(const lin_sizes *sz)
{
    return sz->nr <= FZ_LIMBS
           && lin_top_bits(sz) + 2 + 2 * GMP_NUMB_BITS
                  <= (long)FZ_LIMBS * GMP_NUMB_BITS;
}

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

/* Do the sizes admit the deciding direction in world coordinates in
   128 bits (linworld128.c)?  With B, T, L, S as in lin_top_bits, the
   world numbers of linworld.h are bounded so (doc/algorithm.md §4.5,
   "The world path in 128 bits"): the normal n < 2^(2B+1), D' < 2^md,
   md = max(L+B+T+2, 2B+S+2) + 2, alpha, beta < 2^(2B+md+3),
   R < 2^(4B+S+6), the entry's numerator below 2^top, top =
   max(2B+md+3, 4B+S+6) + 1, and the signs' products below 2^(3B+3);
   every value below 2^(BOXTOI_LIMIT_I128 - 1) when top is, and the
   entries are read in 63 bits. */
static long lin_world_top(const lin_sizes *sz)
{
    long b = sz->nb, md = lmax(sz->nl + b + sz->nt + 2, 2 * b + sz->ns + 2)
                          + 2;
    return lmax(2 * b + md + 3, 4 * b + sz->ns + 6) + 1;
}

static int lin_fits_w128(const lin_sizes *sz)
{
#ifdef BOXTOI_HAVE_I128
    return sz->nb <= 62 && sz->nt <= 62
           && lin_world_top(sz) <= BOXTOI_LIMIT_I128 - 1;
#else
    (void)sz;
    return 0;
#endif
}

/* Do the sizes admit the whole closed form in world coordinates in
   64-bit integers (linworld64.c)?  When top (lin_world_top) is at most
   62, every world number is below 2^62 (doc/algorithm.md §4.5, "The
   closed form in world coordinates"). */
static int lin_fits_w64(const lin_sizes *sz)
{
    return sz->nb <= 62 && sz->nt <= 62 && lin_world_top(sz) <= 62;
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

int contact_linear_all_w64(boxtoi_contact_t res, const boxtoi_query_t q)
{
    lin_sizes sz;
    return lin_sizes_of(&sz, q, NULL) && lin_fits_w64(&sz)
           && contact_linear_world_all_i64(res, q, sz.l);
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
    int have = -1; /* the sizes: -1 not computed, else lin_sizes_of's */
    if (!is_linear_motion(q->motion) || !is_linear_motion(q->motion + 1))
        return 0;
    if (lin_small_weights(q)) {
        have = lin_sizes_of(&sz, q, NULL);
        if (have && lin_fits_w64(&sz)
            && contact_linear_world_all_i64(res, q, sz.l))
            return 1;
    }
    contact_linear_filter(&f, q);
    if (f.kind == LIN_OPEN && contact_linear_i128(res, q))
        return 1;
    if (have < 0) /* as contact_linear_decided: no sizes for an empty set */
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
