/* lib/contact/fast.h: what the files of the interval pre-filter share
   (fast.c, fastiv.c, fasteval.c, fastnarrow.c, fastrel.c, fastslope.c,
   fasttm.c;
   not installed): the outward-rounded operations on the context's check
   word, the query in interval form, the evaluations, and the window
   search's steps (doc/algorithm.md §4.2; the
   rounding argument is lib/util/interval.h's). */
#ifndef BOXTOI_CONTACT_FAST_H
#define BOXTOI_CONTACT_FAST_H

#include <float.h>
#include <math.h>
#include "lib/util/impl.h"
#include "lib/util/interval.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"

#define fast_eval       _boxtoi_contact_fast_eval
#define fast_eval_slope _boxtoi_contact_fast_eval_slope
#define fast_eval_ball  _boxtoi_contact_fast_eval_ball
#define fast_eval_tm    _boxtoi_contact_fast_eval_tm
#define fast_setup      _boxtoi_contact_fast_setup
#define record_signs    _boxtoi_contact_fast_record_signs
#define rel_iv_ready    _boxtoi_contact_fast_rel_iv_ready
#define rel_exact       _boxtoi_contact_fast_rel_exact
#define rel_exact_rm    _boxtoi_contact_fast_rel_exact_rm
#define fast_narrow     _boxtoi_contact_fast_narrow

/* ---- outward-rounded interval arithmetic ---------------------------- */

/* The operations of lib/util/interval.h that may produce a non-finite
   bound, with the context's check word (see there for the rounding
   argument); the others (boxtoi_iv_neg, boxtoi_iv_abs,
   boxtoi_iv_is_zero, boxtoi_iv_down, boxtoi_iv_up) are used as they
   are. */

/* 1 when some bound since the last reset was not finite (c->bad set,
   or the check word is not 0); the results are then junk. */
static inline int iv_failed(contact_ivctx *c)
{
    if (boxtoi_iv_failed(c->chk))
        c->bad = 1;
    return c->bad;
}

static inline void iv_reset(contact_ivctx *c)
{
    c->bad = 0;
    c->chk = 0;
}

CONTACT_ALWAYS_INLINE contact_iv iv_add(contact_ivctx *c, contact_iv a,
                                       contact_iv b)
{
    return boxtoi_iv_add(&c->chk, a, b);
}

CONTACT_ALWAYS_INLINE contact_iv iv_sub(contact_ivctx *c, contact_iv a,
                                       contact_iv b)
{
    return boxtoi_iv_sub(&c->chk, a, b);
}

CONTACT_ALWAYS_INLINE contact_iv iv_mul(contact_ivctx *c, contact_iv a,
                                       contact_iv b)
{
    return boxtoi_iv_mul(&c->chk, a, b);
}

/* One Horner step r t + p for t > 0 (t.lo > 0) and r not [0, 0]: the
   same bounds as iv_add(c, iv_mul(c, r, t), p), bit for bit, without
   their tests for exact zeros that cannot hold here (r t is widened,
   so never [0, 0]) and with the two corner products that are the
   extremes when t > 0 (rounding is monotonic).  A zero p still leaves
   the product unwidened, as iv_add does. */
CONTACT_ALWAYS_INLINE contact_iv iv_horner_step_pos(contact_ivctx *c,
                                                   contact_iv r, contact_iv t,
                                                   contact_iv p)
{
    contact_iv m = boxtoi_iv_widen(&c->chk,
                                   r.lo * (r.lo >= 0 ? t.lo : t.hi),
                                   r.hi * (r.hi >= 0 ? t.hi : t.lo));
    if (boxtoi_iv_is_zero(p))
        return m;
    return boxtoi_iv_widen(&c->chk, m.lo + p.lo, m.hi + p.hi);
}

/* Encloses sum p[i] t^i over t (Horner); len 0 gives [0, 0]. */
static inline contact_iv iv_horner(contact_ivctx *c, const contact_iv *p,
                            long len, contact_iv t)
{
    contact_iv r;
    long i;
    if (len == 0) {
        r.lo = r.hi = 0;
        return r;
    }
    r = p[len - 1];
    if (t.lo > 0 && !boxtoi_iv_is_zero(r)) {
        for (i = len - 2; i >= 0; i--)
            r = iv_horner_step_pos(c, r, t, p[i]);
        return r;
    }
    for (i = len - 2; i >= 0; i--)
        r = iv_add(c, iv_mul(c, r, t), p[i]);
    return r;
}


/* ---- balls: the natural form's tests ---------------------------------- */

/* A ball (c, r), r >= 0, stands for a set of reals inside
   [c - r Phi, c + r Phi] for a factor Phi >= 1 that each operation
   below multiplies by at most (1 - 2^-53)^-4, and a product multiplies
   the operands' factors: the radius is computed in round-to-nearest
   without a correction of its own, and the factor accumulated by the
   whole evaluation, at most (1 - 2^-53)^-500, is applied once at the
   end (bl_sep).  The centre's own rounding is covered by the term
   tau(c) = fl(|c| 2^-52 + 2^-1073) >= err(c) + 2^-1074, which also
   pays for up to two products of radii that underflow.  Proof:
   doc/algorithm.md §4.2, "Balls".  A non-finite centre gives a
   non-finite radius (tau), and a non-finite radius stays so (0 times
   infinity is NaN), so bl_sep, false on NaN and infinity, never
   claims on junk. */
typedef struct {
    double c, r;
} fast_ball;

CONTACT_ALWAYS_INLINE double bl_tau(double c)
{
    return fabs(c) * 0x1p-52 + 0x1p-1073;
}

static inline fast_ball bl_zero(void)
{
    fast_ball z;
    z.c = z.r = 0;
    return z;
}

CONTACT_ALWAYS_INLINE fast_ball bl_add(fast_ball a, fast_ball b)
{
    fast_ball z;
    z.c = a.c + b.c;
    z.r = (a.r + b.r) + bl_tau(z.c);
    return z;
}

CONTACT_ALWAYS_INLINE fast_ball bl_sub(fast_ball a, fast_ball b)
{
    fast_ball z;
    z.c = a.c - b.c;
    z.r = (a.r + b.r) + bl_tau(z.c);
    return z;
}

/* |xy - ac bc| <= |ac| |y - bc| + |x - ac| (|bc| + |y - bc|) */
CONTACT_ALWAYS_INLINE fast_ball bl_mul(fast_ball a, fast_ball b)
{
    fast_ball z;
    z.c = a.c * b.c;
    z.r = (fabs(a.c) * b.r + a.r * (fabs(b.c) + b.r)) + bl_tau(z.c);
    return z;
}

/* | |x| - |c| | <= |x - c| */
CONTACT_ALWAYS_INLINE fast_ball bl_abs(fast_ball a)
{
    a.c = fabs(a.c);
    return a;
}

/* The ball of the interval a (factor 1): its midpoint, and the larger
   half-width rounded up (lib/util/interval.h's boxtoi_iv_up). */
static inline fast_ball bl_of(contact_iv a)
{
    fast_ball z;
    double x, y;
    z.c = 0.5 * (a.lo + a.hi);
    x = a.hi - z.c;
    y = z.c - a.lo;
    z.r = boxtoi_iv_up(x > y ? x : y);
    return z;
}

/* 1 when |N| > R is proved from the balls n of N and r of R of one
   evaluation: |n.c| - K n.r > r.c + K r.r, K = 1 + 2^-40 >= the
   evaluation's factor, each side rounded outward; 0 on NaN or
   infinity. */
static inline int bl_sep(fast_ball n, fast_ball r)
{
    const double k = 1 + 0x1p-40;
    double nr = boxtoi_iv_up(n.r * k);
    double rhi = boxtoi_iv_up(r.c + boxtoi_iv_up(r.r * k));
    return boxtoi_iv_down(fabs(n.c) - nr) > rhi;
}

/* The enclosure of the ball a: c -+ r K (K = 1 + 2^-40 >= the
   evaluation's factor, bl_sep), outward. */
static inline contact_iv bl_range(fast_ball a)
{
    contact_iv v;
    double w = boxtoi_iv_up(a.r * (1 + 0x1p-40));
    v.lo = boxtoi_iv_down(a.c - w);
    v.hi = boxtoi_iv_up(a.c + w);
    return v;
}

/* ---- first-order Taylor models: the slope form's separation test --- */

/* A model (c, g, r) of u over a piece T of centre m, with H >= |t - m|
   on T and s(t) = (t - m) / H in [-1, 1], stands for
   |u(t) - c - g s(t)| <= r Phi for every t in T, Phi >= 1 a factor
   that each operation below multiplies by at most (1 - 2^-53)^-6 and
   a product multiplies the operands' factors; as for balls, the whole
   evaluation's factor, at most (1 - 2^-53)^-600, is applied once at
   the end (tm_neg).  The roundings of the centre and slope
   coefficients are paid by tm_eps of the sum of their magnitudes.
   Proof: doc/algorithm.md §4.2, "Taylor models".  Non-finite values
   reach the radius (through tm_eps) and the final tests are false on
   them. */
typedef struct {
    double c, g, r;
} fast_tm;

/* For s the rounded sum of the magnitudes of at most four rounded
   results: >= (1 - 2^-53) (the sum of their rounding errors +
   11 2^-1075) */
CONTACT_ALWAYS_INLINE double tm_eps(double s)
{
    return s * 0x1p-52 + 0x1p-1071;
}

static inline fast_tm tm_zero(void)
{
    fast_tm z;
    z.c = z.g = z.r = 0;
    return z;
}

/* the model of a constant in the ball b (factor 1) */
CONTACT_ALWAYS_INLINE fast_tm tm_of_ball(fast_ball b)
{
    fast_tm z;
    z.c = b.c;
    z.g = 0;
    z.r = b.r;
    return z;
}

CONTACT_ALWAYS_INLINE fast_tm tm_add(fast_tm a, fast_tm b)
{
    fast_tm z;
    z.c = a.c + b.c;
    z.g = a.g + b.g;
    z.r = (a.r + b.r) + tm_eps(fabs(z.c) + fabs(z.g));
    return z;
}

CONTACT_ALWAYS_INLINE fast_tm tm_sub(fast_tm a, fast_tm b)
{
    fast_tm z;
    z.c = a.c - b.c;
    z.g = a.g - b.g;
    z.r = (a.r + b.r) + tm_eps(fabs(z.c) + fabs(z.g));
    return z;
}

/* (a.c + a.g s + x)(b.c + b.g s + y) = a.c b.c + (a.c b.g + a.g b.c) s
   + a.g b.g s^2 + (a.c + a.g s) y + x (b.c + b.g s + y), |s| <= 1 */
CONTACT_ALWAYS_INLINE fast_tm tm_mul(fast_tm a, fast_tm b)
{
    fast_tm z;
    double p1 = a.c * b.g, p2 = a.g * b.c;
    z.c = a.c * b.c;
    z.g = p1 + p2;
    z.r = (fabs(a.g * b.g)
           + ((fabs(a.c) + fabs(a.g)) * b.r
              + a.r * ((fabs(b.c) + fabs(b.g)) + b.r)))
          + tm_eps(((fabs(z.c) + fabs(p1)) + fabs(p2)) + fabs(z.g));
    return z;
}

/* |u| = u or -u when the sign of u is proved on T (|c| > |g| + r K,
   K >= Phi as in tm_neg); else | |u| - |c| | <= |g| + r Phi */
CONTACT_ALWAYS_INLINE fast_tm tm_abs(fast_tm a)
{
    if (boxtoi_iv_down(fabs(a.c)
                       - boxtoi_iv_up(fabs(a.g)
                                      + boxtoi_iv_up(a.r * (1 + 0x1p-40))))
        > 0) {
        if (a.c < 0) {
            a.c = -a.c;
            a.g = -a.g;
        }
        return a;
    }
    a.r = fabs(a.g) + a.r;
    a.c = fabs(a.c);
    a.g = 0;
    return a;
}

/* 1 when u < 0 is proved on all of T from its model p of one
   evaluation: c + |g| + K r < 0, K = 1 + 2^-40 >= the evaluation's
   factor, rounded upward; 0 on NaN or infinity. */
static inline int tm_neg(fast_tm p)
{
    double w = boxtoi_iv_up(fabs(p.g) + boxtoi_iv_up(p.r * (1 + 0x1p-40)));
    return boxtoi_iv_up(p.c + w) < 0;
}

/* ---- the query in interval form ------------------------------------- */

/* Room for the relative motion's 13 interval polynomials inside
   fast_query: length at most FAST_RELDEG each. */
#define FAST_RELDEG 24

/* The box data and the relative motion in interval form. */
typedef struct {
    contact_ivctx c;
    contact_iv s1[3], s2[3], e1[3], e2[3];
    int last;               /* direction that separated last time */
    long nevals;
    long limit;             /* bound on nevals while narrowing */
    double wide;            /* pieces wider than this: natural form */
    double reach;           /* after a failed separation: [lo, reach]
                               proved separated all the same */
    double ahead;           /* after a separation in slope form: a guess
                               of where the separating plane reaches 0
                               (DBL_MAX: not rising), else -1 */
    /* The relative motion as interval polynomials (rel_exact): A_ij at
       0..8, D_m at 9..11 (b_m until ivd),
       w at 12; rel_ok: 1 built, -1 not
       representable (nothing is proved then), 0 not built yet. */
    contact_iv *relc; /* relbuf, or a heap block */
    contact_iv relbuf[13 * FAST_RELDEG];
    contact_iv *rel[13];
    long rlen[13];
    long blen[3]; /* b_m's lengths (rel[9 + m] holds b_m until ivd) */
    int rel_ok;
    int ivd; /* D_m in intervals in rel[9 + m]: 1 built, -1 overflowed,
                0 not yet (built when an interval evaluation needs it:
                rel_iv_ready) */
    /* signs of the quantities proved by the last mode-2 evaluation
       (record_signs): +-1, or 2 when not proved */
    signed char qsg[BOXTOI_NQUANT];
    /* guesses of the last slope-form mode-2 evaluation (guess_zero):
       the latest and the second latest zero of an open plane, or
       -DBL_MAX */
    double zlast, zprev;
    /* the 13 polynomials and the box extents as balls (bl_of; D_m's
       coefficients in ball arithmetic from those of b_m, A, w and the
       boxes' sums: fastrel.c), for the natural form's tests and the
       Taylor models (bok: built; not when the polynomials have
       FAST_RELDEG terms or more) */
    fast_ball brelbuf[13 * FAST_RELDEG];
    fast_ball *brel[13];
    fast_ball be1[3], be2[3];
    int bok;
    int bzero; /* the directions that are the zero vector (bit d) */
} fast_query;

/* The planes of direction d not proved positive by the enclosures n of
   N_d and r of R_d (plane 2d: R - N, 2d + 1: R + N), counted in *nopen,
   *plane the first; 1 as soon as two or more are open. */
static inline int count_open(contact_iv n, contact_iv r, int d, int *nopen,
                             int *plane)
{
    if (!(r.lo > n.hi)) {
        if ((*nopen)++ > 0)
            return 1;
        *plane = 2 * d;
    }
    if (!(r.lo > -n.lo)) {
        if ((*nopen)++ > 0)
            return 1;
        *plane = 2 * d + 1;
    }
    return 0;
}

/* Keeps a guess z of where an open plane rises through zero when it
   lies inside t: the latest two of an evaluation, f->zlast >= f->zprev
   (no proof: they only choose where the narrowing looks). */
static inline void keep_guess(fast_query *f, double z, contact_iv t)
{
    if (!(z > t.lo && z < t.hi))
        return;
    if (z > f->zlast) {
        f->zprev = f->zlast;
        f->zlast = z;
    } else if (z > f->zprev) {
        f->zprev = z;
    }
}

/* The motion entries the algorithm reads: rows 0-2 and w (the bottom
   row of an affine motion is 0, 0, 0, w). */
static inline int used_entry(int k)
{
    return k < 12 || k == 15;
}

/* Converts the boxes; returns 0 if they cannot be represented (then
   give up).  fasteval.c. */
int fast_setup(fast_query *f, const boxtoi_query_t q);

/* The relative motion rel (GMP, or in 128-bit integers) as the 13
   polynomials of f (rel_ok set): A and w as interval polynomials, and
   when they fit the balls of all 13 (bok), D_m among them; D_m as
   interval polynomials now only when the balls do not fit, else by
   rel_iv_ready.  fastrel.c. */
void rel_exact(fast_query *f, const boxtoi_motion_struct *rel);
#ifdef BOXTOI_HAVE_I128
void rel_exact_rm(fast_query *f, const poly_i128 *mr);
#endif

/* D_m in intervals built (the interval forms' evaluations call it
   first; the balls build their own D): 1, or 0 when it overflowed
   (nothing is proved then).  fastrel.c. */
int rel_iv_ready(fast_query *f);

/* The signs of the quantities (enclosures q[0..Q_DET]) proved on the
   interval of the last narrowing evaluation, for the certificate
   (contact_fast_cert.qsg); adj(A) and det A only when computed.
   fasteval.c. */
void record_signs(fast_query *f, const contact_iv *q, int have_adj);

/* The separating-axis test over t in the natural interval form
   (fasteval.c) and in slope form (fastslope.c, t of positive width,
   modes 0 and 2); see fast_eval. */
int fast_eval(fast_query *f, contact_iv t, int mode, int *plane);
int fast_eval_slope(fast_query *f, contact_iv t, int mode, int *plane);
/* fast_eval in balls (f->bok set), every mode.  fasteval.c. */
int fast_eval_ball(fast_query *f, contact_iv t, int mode, int *plane);
/* fast_eval_slope (modes 0 and 2) in first-order Taylor models (f->bok
   set; t of positive width; f->reach, f->ahead, f->zlast and f->zprev
   as there).  fasttm.c. */
int fast_eval_tm(fast_query *f, contact_iv t, int mode, int *plane);

/* ---- the window search's steps (fast.c, fastnarrow.c) --------------- */

/* Bisection depth below a top-level piece of the scan (its width times
   2^-FAST_DEPTH is the finest piece), and the narrowing's budget of
   interval evaluations. */
#define FAST_DEPTH 5
#define FAST_NARROW 40

/* Separation of [lo, hi] in slope form (tighter on narrow pieces,
   about four times the work of the natural form); a point in the
   natural form. */
static inline int fast_separated_slope(fast_query *f, double lo, double hi)
{
    contact_iv t;
    t.lo = lo;
    t.hi = hi;
    f->reach = lo;
    return lo < hi ? fast_eval_slope(f, t, 0, NULL)
                   : fast_eval(f, t, 0, NULL);
}

/* The same, in the natural form on pieces wider than f->wide (cheaper,
   and about as good there). */
static inline int fast_separated(fast_query *f, double lo, double hi)
{
    contact_iv t;
    if (!(hi - lo > f->wide))
        return fast_separated_slope(f, lo, hi);
    t.lo = lo;
    t.hi = hi;
    f->reach = lo;
    return fast_eval(f, t, 0, NULL);
}

static inline int fast_contact_at(fast_query *f, double x)
{
    contact_iv t;
    t.lo = t.hi = x;
    return fast_eval(f, t, 1, NULL);
}

/* After a proved window [*pa, *pb] (no contact on [t0, *pa), contact at
   *pb): narrows it until one plane alone is open (*plane); 1 then, 0
   when it gives up.  fastnarrow.c. */
int fast_narrow(fast_query *f, double *pa, double *pb, int *plane);

#endif /* BOXTOI_CONTACT_FAST_H */
