/* lib/contact/linfilter.c: the closed form's floating-point filter.

   The closed form (linear.c, doc/algorithm.md §4.4) intersects the
   range with the fifteen intervals {t : |alpha_d + beta_d t| <= R_d}.
   Here the same quantities are computed in doubles with a magnitude
   each (the plane kernel's instance kfe, kernel-fe.h), on the query's
   numbers: each motion's numerators scaled by a power of two (the
   motions are homogeneous), the box data as doubles of the corners (N_d
   and R_d divided by the common denominator l, the times unchanged).
   A sign is proved when the computed value exceeds the static relative
   bound 2^-45 of its magnitude (plus 2^-1022 for the final products:
   boxtoi_fe_sign, lib/util/interval.h);
   the times are compared as fractions, a/b against c/d by the sign of
   a d - c b, never divided.  The answer is given only when every
   comparison the exact path makes is proved this way, else LIN_OPEN
   (ties, a beta_d or a boundary that cannot be told from zero, a
   number out of range): doc/algorithm.md §4.5, "The floating-point
   filter", derives the bound and the ranges. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/linear.h"
#include "lib/util/interval.h"
#include "lib/contact/kernel-fe.h"
#include "lib/util/fz.h"

/* The bit length of |z| (0 for 0), from its limbs. */
static inline long lfe_bits(mpz_srcptr z)
{
    long n = (long)mpz_size(z);
    return n == 0 ? 0
                  : (n - 1) * GMP_NUMB_BITS
                        + (GMP_NUMB_BITS - __builtin_clzl(mpz_getlimbn(z, n - 1)));
}

/* z as a double, a relative error below 2^-52: one limb rounded to
   nearest (exact below 2^53; a double's numerator over a common
   denominator often has 54-60 bits), more truncated (mpz_get_d); 0
   when z has more than 1000 bits. */
static inline int lfe_mpz(double *d, mpz_srcptr z)
{
    int zs = z->_mp_size; /* -1, 0, 1: the limb, 0 for 0 */
    if (zs >= -1 && zs <= 1) {
        *d = zs != 0 ? (double)z->_mp_d[0] : 0;
        if (zs < 0)
            *d = -*d;
        return 1;
    }
    if (lfe_bits(z) > 1000)
        return 0;
    *d = mpz_get_d(z);
    return 1;
}

/* x ~ the rational z with a relative error below 2^-52 (one rounding
   of exact doubles: a numerator below 2^53 over a denominator below
   2^53 or a power of two, as a binary64's; else a truncation); 0 when x
   would not be a normal double or 0. */
CONTACT_ALWAYS_INLINE int lfe_mpq(double *x, mpq_srcptr z)
{
    mpz_srcptr n = mpq_numref(z), d = mpq_denref(z);
    /* _mp_size and _mp_d read once (as lfe_leaves): a numerator of
       size -1, 0 or 1 is its limb (0 for 0), a denominator of size 1
       its limb */
    int ns = n->_mp_size;
    mp_limb_t nv = ns == 1 || ns == -1 ? n->_mp_d[0] : 0, dv = d->_mp_d[0];
    if ((ns >= -1 && ns <= 1) && nv >> 53 == 0 && d->_mp_size == 1
        && (dv >> 53 == 0 || (dv & (dv - 1)) == 0)) {
        *x = (double)nv / (double)dv;
        if (ns < 0)
            *x = -*x;
    } else {
        *x = 0;
        if (lfe_bits(n) > 1000 || lfe_bits(d) > 1000)
            return 0;
        *x = mpq_get_d(z);
    }
    return *x == 0 || (fabs(*x) >= 0x1p-1022 && fabs(*x) <= DBL_MAX);
}

/* e with 2^e <= |x| < 2^(e+1), for a normal x (from its bits) */
static inline int lfe_expo(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return (int)(b >> 52 & 0x7ff) - 1023;
}

/* 2^-j for 0 <= j <= 1022 (from its bits) */
static inline double lfe_pow2m(int j)
{
    uint64_t b = (uint64_t)(1023 - j) << 52;
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

/* The numerators of m that the closed form reads, as leaves (v, |v|):
   x[0..9) the block, x[9] the weight, x[10 + 2 i + k] coefficient k of
   the translation's coordinate i, each as a double (lfe_mpz) scaled
   by 2^-j, j the bit length of the largest (the motions are
   homogeneous; 0 <= j <= 1001); 0 when a numerator is too large.  On
   the way, for linear.c's sizes (contact_linfilter.nb, nt): the
   one-limb numerators ORed into o[0] (block and weight) and o[1]
   (translation), the larger ones' bit lengths' maxima into nz[0],
   nz[1] (these are every coefficient of a motion of the closed form's
   kind: the bottom row's others are 0). */
static int lfe_leaves(contact_fe *x, long *j, mp_limb_t *o, long *nz,
                      const boxtoi_motion_struct *m)
{
    /* leaf k is coefficient co[k] of entry at[k] */
    static const unsigned char at[16] = {0, 1, 2, 4, 5, 6, 8, 9, 10, 15,
                                         3, 3, 7, 7, 11, 11};
    static const unsigned char co[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                         0, 1, 0, 1, 0, 1};
    double v[16], big = 0, sc;
    int i, k, ok = 1;
    UTIL_UNROLL(16) /* at[k] and co[k]: constants */
    for (k = 0; k < 16; k++) {
        const boxtoi_poly_struct *p = m->e + at[k];
        v[k] = 0;
        if (co[k] < p->length) {
            /* lfe_mpz's value, and the size, from _mp_size and _mp_d
               read once (a size of -1, 0 or 1: the limb, 0 for 0),
               without mpz_size's and mpz_getlimbn's tests */
            mpz_srcptr z = p->coeffs + co[k];
            int zs = z->_mp_size, zn = zs < 0 ? -zs : zs;
            if (zn <= 1) {
                mp_limb_t x = zn != 0 ? z->_mp_d[0] : 0;
                /* below 2^63 through the signed conversion (one
                   instruction; the same rounding of the same integer) */
                double dx = x >> (GMP_NUMB_BITS - 1) == 0
                                ? (double)(long long)x
                                : (double)x;
                v[k] = zs < 0 ? -dx : dx;
                o[k >= 10] |= x;
            } else {
                long b = lfe_bits(z);
                ok &= lfe_mpz(v + k, z);
                if (b > nz[k >= 10])
                    nz[k >= 10] = b;
            }
        }
        big = fabs(v[k]) > big ? fabs(v[k]) : big;
    }
    if (!ok)
        return 0;
    i = big == 0 ? 0 : lfe_expo(big) + 1;
    *j = i;
    sc = lfe_pow2m(i);
    for (k = 0; k < 16; k++)
        x[k] = contact_fe_make(v[k] * sc, fabs(v[k]) * sc);
    return 1;
}

/* The relative motion's quantities, D = d0 + d1 t and the box data
   e1, e2 (divided by l), as LF(motion) of linform.h computes them
   exactly, with the motions scaled; 0 when an input is out of range or
   the grid bound fails (doc/algorithm.md §4.5). */
static int lfe_motion(contact_linfilter *f, contact_fe *quant, contact_fe *d0,
                      contact_fe *d1, contact_fe *e1, contact_fe *e2,
                      const boxtoi_query_t q)
{
    contact_fe x1[16], x2[16], adj1[9], v[9], b1[2][3], b2[2][3], b[2][3];
    contact_fe s1[3], s2[3], l2 = contact_fe_make(2, 2);
    double lo, hi;
    long j1, j2, grid = 0;
    int i, k, ok = 1;

    mp_limb_t o[2] = {0, 0};
    long nz[2] = {0, 0};

    if (!lfe_leaves(x1, &j1, o, nz, q->motion)
        || !lfe_leaves(x2, &j2, o, nz, q->motion + 1))
        return 0;
    f->nb = nz[0] > fz_limb_bits(o[0]) ? nz[0] : fz_limb_bits(o[0]);
    f->nt = nz[1] > fz_limb_bits(o[1]) ? nz[1] : fz_limb_bits(o[1]);
    for (i = 0; i < 6; i++) {
        b1[i % 2][i / 2] = x1[10 + i];
        b2[i % 2][i / 2] = x2[10 + i];
    }
    for (k = 0; k < 6 && ok; k++) {
        /* e = max - min, s = max + min (contact_box_data over l = 1) */
        const boxtoi_box_struct *bx = q->box + k / 3;
        contact_fe *e = k < 3 ? e1 : e2, *s = k < 3 ? s1 : s2;
        ok &= lfe_mpq(&lo, bx->min[k % 3]) & lfe_mpq(&hi, bx->max[k % 3]);
        if (lo != 0 && 52 - lfe_expo(lo) > grid)
            grid = 52 - lfe_expo(lo);
        if (hi != 0 && 52 - lfe_expo(hi) > grid)
            grid = 52 - lfe_expo(hi);
        e[k % 3] = contact_fe_make(hi - lo, fabs(hi) + fabs(lo));
        s[k % 3] = contact_fe_make(hi + lo, fabs(hi) + fabs(lo));
    }
    /* every value before the final products is a multiple of
       2^-(9 j1 + 3 j2 + grid): nothing underflows */
    if (!ok || 9 * j1 + 3 * j2 + grid > 1074)
        return 0;
    kfe_relblock(NULL, quant, quant + Q_W, adj1, v, x1, x2, x1 + 9, x2 + 9);
    for (k = 0; k < 2; k++)
        kfe_reltrans(NULL, b[k], 1, adj1, v, b1[k], b2[k], 1, x1 + 9, x2 + 9);
    kfe_quantities(NULL, quant, NULL);
    kfe_dvec(NULL, d0, b[0], 1, quant, &l2, s1, s2, 7);
    kfe_dvec(NULL, d1, b[1], 1, quant, &l2, NULL, NULL, 7);
    return 1;
}

/* A time n / d with d > 0 proved. */
typedef struct {
    contact_fe n, d;
} lfe_frac;

/* the sign of a - b (2: not proved) */
static inline int lfe_cmp(const lfe_frac *a, const lfe_frac *b)
{
    return boxtoi_fe_sign(a->n.v * b->d.v - b->n.v * a->d.v,
                    a->n.m * b->d.m + b->n.m * a->d.m);
}

/* an approximation of the time, to choose what to prove */
static inline double lfe_approx(const lfe_frac *a)
{
    return a->n.v / a->d.v;
}

/* the rational x as a fraction of leaves; 0 when out of range */
static int lfe_time(lfe_frac *r, mpq_srcptr x)
{
    double n, d;
    if (!lfe_mpz(&n, mpq_numref(x)) || !lfe_mpz(&d, mpq_denref(x)))
        return 0;
    r->n = contact_fe_make(n, fabs(n));
    r->d = contact_fe_make(d, d);
    return 1;
}

/* Direction d's entry and exit, *in and *out, and its entry plane;
   0: no bound (beta = 0 and |alpha| < R proved), 1: bounds set, 2:
   empty proved (beta = 0, |alpha| > R), -1: not proved either way. */
static int lfe_bounds(lfe_frac *in, lfe_frac *out, int *pin, int d,
                      contact_fe al, contact_fe be, contact_fe r)
{
    double m = r.m + al.m;
    int s;
    if (be.m == 0) { /* beta = 0 exactly */
        s = boxtoi_fe_sign(r.v - fabs(al.v), m);
        return s == 1 ? 0 : s == -1 ? 2 : -1;
    }
    s = boxtoi_fe_sign(be.v, be.m);
    if (s == 2)
        return -1;
    /* beta > 0: t between (-R - alpha) / beta and (R - alpha) / beta;
       beta < 0: between (alpha - R) / -beta and (alpha + R) / -beta */
    in->n = contact_fe_make(-s * al.v - r.v, m);
    out->n = contact_fe_make(r.v - s * al.v, m);
    in->d = out->d = contact_fe_make(s * be.v, be.m);
    *pin = s > 0 ? 2 * d + 1 : 2 * d; /* R + N = 0, R - N = 0 */
    return 1;
}

/* The decision from the entries in[0..n) (in[0] = t0, dir[0] = -1) and
   exits out[0..nx) (t1 among them when finite). */
static int lfe_decide(contact_linfilter *f, const lfe_frac *in,
                      const lfe_frac *out, const int *pin, const int *dir,
                      int n, int nx)
{
    double tw = lfe_approx(in), te = 0, x;
    int i, k, s, w = 0, e = 0;
    for (k = 1; k < n; k++)
        if ((x = lfe_approx(in + k)) > tw) {
            tw = x;
            w = k;
        }
    if (nx > 0)
        te = lfe_approx(out);
    for (k = 1; k < nx; k++)
        if ((x = lfe_approx(out + k)) < te) {
            te = x;
            e = k;
        }
    if (nx > 0 && !(tw <= te))
        /* latest entry > earliest exit */
        return f->kind = lfe_cmp(in + w, out + e) == 1 ? LIN_EMPTY : LIN_OPEN;
    /* the winner strictly before every exit, strictly after t0 and
       every other entry but the ties: an entry that the filter cannot
       tell from the winner's (parallel directions entering at the same
       time) is kept as an alternative when it too is proved after t0
       and before every exit; the exact path then compares them */
    for (k = 0; k < nx; k++)
        if (lfe_cmp(in + w, out + k) != -1)
            return f->kind = LIN_OPEN;
    f->nalt = 0;
    for (k = 0; k < n; k++) {
        if (k == w || (s = lfe_cmp(in + w, in + k)) == 1)
            continue;
        if (s != 2 || k == 0 || w == 0)
            return f->kind = LIN_OPEN;
        for (i = 0; i < nx; i++)
            if (lfe_cmp(in + k, out + i) != -1)
                return f->kind = LIN_OPEN;
        f->adir[f->nalt] = dir[k];
        f->aplane[f->nalt++] = pin[k];
    }
    if (w == 0)
        return f->kind = LIN_AT_T0;
    f->dir = dir[w];
    f->plane = pin[w];
    return f->kind = LIN_AT_ENTRY;
}

/* The signs of the quantities that a decided entry's tight planes can
   read, w and the entering directions' components, for the world path
   (2: not proved, the rest not read); m' = 0 is an exact zero
   (doc/algorithm.md §4.5, "Underflow and overflow"). */
static void lfe_signs(contact_linfilter *f, const contact_fe *quant)
{
    int i, m;
    memset(f->qsg, 2, sizeof f->qsg);
    for (i = -1; i < f->nalt; i++) {
        const contact_dir *dd = contact_dirs + (i < 0 ? f->dir : f->adir[i]);
        for (m = 0; m < 7; m++) {
            int k = m == 6 ? Q_W
                           : (m < 3 ? dd->nv[m] : dd->na[m - 3]).q;
            if (k != Q_ONE && f->qsg[k] == 2 && quant[k].m == 0)
                f->qsg[k] = 0;
            else if (k != Q_ONE && f->qsg[k] == 2)
                f->qsg[k] = (signed char)boxtoi_fe_sign(quant[k].v,
                                                        quant[k].m);
        }
    }
}

int contact_linear_filter(contact_linfilter *f, const boxtoi_query_t q)
{
    contact_fe quant[BOXTOI_NQUANT], d0[3], d1[3], e1[3], e2[3];
    contact_fe al[BOXTOI_NDIRS], be[BOXTOI_NDIRS], r[BOXTOI_NDIRS];
    lfe_frac in[BOXTOI_NDIRS + 1], out[BOXTOI_NDIRS + 1];
    int pin[BOXTOI_NDIRS + 1], dir[BOXTOI_NDIRS + 1], d, n = 1, nx = 0, s;

    f->kind = LIN_OPEN;
    f->nalt = f->ndef = 0;
    f->nb = f->nt = -1;
    if (!lfe_motion(f, quant, d0, d1, e1, e2, q) || !lfe_time(in, q->t0))
        return f->kind;
    dir[0] = pin[0] = -1;
    if (!q->t1_inf && !lfe_time(out + nx++, q->t1))
        return f->kind;
    /* the fifteen directions' numbers first, in a loop unrolled so
       that each reads its components from the table as constants
       (kernel.h, KUNROLL3; doc/performance.md) */
    CONTACT_UNROLL15
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        f->zdir[d] = !kfe_ndot(NULL, al + d, d, quant, d0);
        kfe_ndot(NULL, be + d, d, quant, d1);
        kfe_radius(NULL, r + d, d, quant, e1, e2);
    }
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        if (f->zdir[d])
            continue; /* alpha = beta = R = 0: no constraint */
        s = lfe_bounds(in + n, out + nx, pin + n, d, al[d], be[d], r[d]);
        if (s < 0 && be[d].v == 0) { /* beta = 0 by cancellation? */
            f->def[f->ndef++] = d;
            continue;
        }
        if (s < 0)
            return f->kind;
        if (s == 2)
            return f->kind = LIN_EMPTY;
        if (s == 1) {
            dir[n++] = d;
            nx++;
        }
    }
    lfe_decide(f, in, out, pin, dir, n, nx);
    if (f->kind == LIN_AT_ENTRY)
        lfe_signs(f, quant);
    /* only the world path checks the deferred directions */
    if (f->ndef > 0 && f->kind == LIN_AT_T0)
        f->kind = LIN_OPEN;
    return f->kind;
}
