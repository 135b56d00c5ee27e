/* lib/contact/fast.c: a floating-point interval pre-filter for the first
   time of contact, whose every positive answer is a proof.

   Interval arithmetic on doubles with outward rounding, without touching
   the FPU rounding mode: each bound v is computed in round-to-nearest and
   then moved outward by |v| 2^-52 + 2^-1074, at least one spacing of the
   doubles there (the error of one IEEE 754 operation is at most half a
   spacing, so the moved bound is rigorous; see lib/util/interval.h); any
   non-finite bound makes the whole evaluation undecided.  An exact zero
   operand gives an exact zero, so directions that vanish identically
   (parallel edges) evaluate to N = R = [0, 0].

   Over a time interval T the relative motion M = [[A, b], [0, w]] is
   enclosed entry by entry: the exact one of route.c (adj(M1) M2 with the
   gcd of its entries divided out, doc/algorithm.md §2), its integer
   coefficients rounded outward once (rel_exact; scaled by a power of
   two, a positive factor, when they are too large for doubles; if
   they still cannot be represented, nothing is proved).  Then D,
   adj(A), det A and
   for each of the 15 directions N_d = n_d . D and
   R_d = |w| sum E1_k |n_d . e_k| + sum E2_k |n_d . a_k| (§3.2, the table
   of planes.c; boxes unscaled, the inequality is homogeneous).  T is
   proved separated when some direction has |N_d| > R_d on all of T; a
   point t is proved in contact when every direction has |N_d| <= R_d.

   The pre-solve scans the range from the left at doubles (exact
   rationals), proving pieces separated: by depth-first bisection for
   constant orientations, and for rotating motions by pieces whose width
   grows after a success and shrinks after a failure, with a point test
   for contact after each failure (scan_adaptive).  The first piece that
   resists at the width limit gives w0 (no contact on [t0, w0)); points
   after it are tested for contact, the first success giving w1 (so t*
   lies in [w0, w1]).  A point test that intervals
   cannot decide (a direction that vanishes exactly at a point, e.g.
   parallel edges of a rotating box) is retried a few times exactly, in
   integers at the dyadic point.  The work is bounded.  Reference:
   doc/algorithm.md §3.2, §4; R. E. Moore, Interval Analysis (outward
   rounding, natural interval extensions). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "lib/util/impl.h"
#include "lib/util/interval.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"

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

static inline contact_iv iv_add(contact_ivctx *c, contact_iv a,
                                contact_iv b)
{
    return boxtoi_iv_add(&c->chk, a, b);
}

static inline contact_iv iv_sub(contact_ivctx *c, contact_iv a,
                                contact_iv b)
{
    return boxtoi_iv_sub(&c->chk, a, b);
}

static inline contact_iv iv_mul(contact_ivctx *c, contact_iv a,
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
static inline contact_iv iv_horner_step_pos(contact_ivctx *c, contact_iv r,
                                            contact_iv t, contact_iv p)
{
    contact_iv m = boxtoi_iv_widen(&c->chk,
                                   r.lo * (r.lo >= 0 ? t.lo : t.hi),
                                   r.hi * (r.hi >= 0 ? t.hi : t.lo));
    if (boxtoi_iv_is_zero(p))
        return m;
    return boxtoi_iv_widen(&c->chk, m.lo + p.lo, m.hi + p.hi);
}

/* c->f, initialised on first use (most queries never need MPFR). */
static void ivctx_mpfr(contact_ivctx *c)
{
    if (!c->have_f) {
        mpfr_init2(c->f, 53);
        c->have_f = 1;
    }
}

void contact_iv_set_mpq(contact_ivctx *c, contact_iv *r, mpq_srcptr x)
{
    if (boxtoi_iv_set_mpq(r, x))
        return;
    ivctx_mpfr(c);
    mpfr_set_q(c->f, x, MPFR_RNDD);
    r->lo = mpfr_get_d(c->f, MPFR_RNDD);
    mpfr_set_q(c->f, x, MPFR_RNDU);
    r->hi = mpfr_get_d(c->f, MPFR_RNDU);
    if (!(r->lo >= -DBL_MAX && r->hi <= DBL_MAX))
        c->bad = 1;
}

void contact_iv_set_mpz_2exp(contact_ivctx *c, contact_iv *r, mpz_srcptr x,
                             long e)
{
    if (e == 0 && boxtoi_iv_set_mpz(r, x))
        return;
    ivctx_mpfr(c);
    mpfr_set_z_2exp(c->f, x, e, MPFR_RNDD);
    r->lo = mpfr_get_d(c->f, MPFR_RNDD);
    mpfr_set_z_2exp(c->f, x, e, MPFR_RNDU);
    r->hi = mpfr_get_d(c->f, MPFR_RNDU);
    if (!(r->lo >= -DBL_MAX && r->hi <= DBL_MAX))
        c->bad = 1;
}

static contact_iv iv_horner(contact_ivctx *c, const contact_iv *p,
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

/* The exported operations (impl.h), for the tests. */
contact_iv contact_iv_add(contact_ivctx *c, contact_iv a, contact_iv b)
{
    return iv_add(c, a, b);
}

contact_iv contact_iv_sub(contact_ivctx *c, contact_iv a, contact_iv b)
{
    return iv_sub(c, a, b);
}

contact_iv contact_iv_mul(contact_ivctx *c, contact_iv a, contact_iv b)
{
    return iv_mul(c, a, b);
}

contact_iv contact_iv_neg(contact_iv a)
{
    return boxtoi_iv_neg(a);
}

contact_iv contact_iv_abs(contact_iv a)
{
    return boxtoi_iv_abs(a);
}

contact_iv contact_iv_horner(contact_ivctx *c, const contact_iv *p, long len,
                             contact_iv t)
{
    return iv_horner(c, p, len, t);
}

void contact_ivctx_init(contact_ivctx *c)
{
    c->have_f = 0; /* the MPFR scratch is made when first needed */
    iv_reset(c);
}

void contact_ivctx_reset(contact_ivctx *c)
{
    iv_reset(c);
}

int contact_ivctx_failed(contact_ivctx *c)
{
    return iv_failed(c);
}

void contact_ivctx_clear(contact_ivctx *c)
{
    if (c->have_f)
        mpfr_clear(c->f);
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
    /* The relative motion as interval polynomials (rel_exact): A_ij at
       0..8, D_m at 9..11, w at 12; rel_ok: 1 built, -1 not
       representable (nothing is proved then), 0 not built yet. */
    contact_iv *relc; /* relbuf, or a heap block */
    contact_iv relbuf[13 * FAST_RELDEG];
    contact_iv *rel[13];
    long rlen[13];
    int rel_ok;
    /* signs of the quantities proved by the last mode-2 evaluation
       (record_signs): +-1, or 2 when not proved */
    signed char qsg[BOXTOI_NQUANT];
    /* guesses of the last slope-form mode-2 evaluation (guess_zero):
       the latest and the second latest zero of an open plane, or
       -DBL_MAX */
    double zlast, zprev;
} fast_query;

/* The motion entries the algorithm reads: rows 0-2 and w (the bottom
   row of an affine motion is 0, 0, 0, w). */
static int used_entry(int k)
{
    return k < 12 || k == 15;
}

/* Converts the boxes; returns 0 if they cannot be represented (then
   give up). */
static int fast_setup(fast_query *f, const boxtoi_query_t q)
{
    int k;
    mpq_t x;

    mpq_init(x);
    for (k = 0; k < 3; k++) {
        const boxtoi_box_struct *b1 = q->box, *b2 = q->box + 1;
        mpq_add(x, b1->min[k], b1->max[k]);
        contact_iv_set_mpq(&f->c, f->s1 + k, x);
        mpq_sub(x, b1->max[k], b1->min[k]);
        contact_iv_set_mpq(&f->c, f->e1 + k, x);
        mpq_add(x, b2->min[k], b2->max[k]);
        contact_iv_set_mpq(&f->c, f->s2 + k, x);
        mpq_sub(x, b2->max[k], b2->min[k]);
        contact_iv_set_mpq(&f->c, f->e2 + k, x);
    }
    mpq_clear(x);
    f->last = 0;
    f->nevals = 0;
    f->wide = DBL_MAX;
    f->relc = NULL;
    f->rel_ok = 0;
    return !iv_failed(&f->c);
}

/* adj(a) of a 3x3 interval matrix: adj_ij = a_{j+1,i+1} a_{j+2,i+2}
   - a_{j+1,i+2} a_{j+2,i+1} (indices mod 3). */
static void iv_adj3(contact_ivctx *c, contact_iv *adj, const contact_iv *a)
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
            adj[3 * i + j] = iv_sub(
                c, iv_mul(c, a[3 * j1 + i1], a[3 * j2 + i2]),
                iv_mul(c, a[3 * j1 + i2], a[3 * j2 + i1]));
        }
}


/* The signs of the quantities (enclosures q[0..Q_DET]) proved on the
   interval of the last narrowing evaluation, for the certificate
   (contact_fast_cert.qsg); adj(A) and det A only when computed. */
static void record_signs(fast_query *f, const contact_iv *q, int have_adj)
{
    int k;
    for (k = 0; k < Q_ONE; k++)
        f->qsg[k] = (k < Q_ADJ(0, 0) || k == Q_W || have_adj)
                            && !iv_failed(&f->c)
                        ? (q[k].lo > 0 ? 1 : q[k].hi < 0 ? -1 : 2)
                        : 2;
}

/* The SAT quantities over t (doc/algorithm.md §3.2).  mode 0: returns 1
   when some direction has |N_d| > R_d on all of t (separated); mode 1:
   returns 1 when every direction has |N_d| <= R_d on all of t (contact;
   used with a point t).  0: not proved.  mode 2: returns the number of
   planes (0, 1, or 2 meaning "two or more") not proved positive on all
   of t, with *plane set to one of them: plane 2d is R_d - N_d and plane
   2d + 1 is R_d + N_d (in the orientation of the unreduced relative
   motion), proved positive when the lower bound of the enclosure is;
   a direction whose components n . e_m are all exactly [0, 0] is the
   zero vector on all of t, and its planes (identically zero, constrain
   nothing, never tight) are not counted.  Returns 2 when any bound is
   not finite. */
static int fast_eval(fast_query *f, contact_iv t, int mode, int *plane)
{
    contact_ivctx *c = &f->c;
    contact_iv qv[Q_ONE + 1], dd[3], u, n, r, aw;
    int j, k, m, di, have_adj = 0, nonzero, nopen = 0;

    f->nevals++;
    iv_reset(c);
    if (f->rel_ok <= 0)
        return mode == 2 ? 2 : 0;
    if (mode == 0 && f->last < 3) {
        /* The direction that separated last time is a face of box 1,
           n = e_k, as most often: N = D_k, R = |w| E1_k + sum_m E2_m
           |A_km| need 5 of the 13 polynomials; try it with those alone
           (the full evaluation below repeats it if it fails). */
        k = f->last;
        n = iv_horner(c, f->rel[9 + k], f->rlen[9 + k], t);
        r = iv_mul(c, boxtoi_iv_abs(iv_horner(c, f->rel[12], f->rlen[12], t)),
                   f->e1[k]);
        for (m = 0; m < 3; m++)
            r = iv_add(c, r, iv_mul(c, f->e2[m],
                                    boxtoi_iv_abs(iv_horner(c, f->rel[3 * k + m],
                                                     f->rlen[3 * k + m],
                                                     t))));
        if (!iv_failed(c) && (n.lo > r.hi || n.hi < -r.hi))
            return 1;
        iv_reset(c);
    }
    /* A, w and D from the relative motion (rel_exact) */
    for (k = 0; k < 9; k++)
        qv[k] = iv_horner(c, f->rel[k], f->rlen[k], t);
    qv[Q_W] = iv_horner(c, f->rel[12], f->rlen[12], t);
    for (m = 0; m < 3; m++)
        dd[m] = iv_horner(c, f->rel[9 + m], f->rlen[9 + m], t);
    qv[Q_ONE].lo = qv[Q_ONE].hi = 1;
    if (iv_failed(c))
        return mode == 2 ? 2 : 0;
    aw = boxtoi_iv_abs(qv[Q_W]);
    for (di = 0; di < BOXTOI_NDIRS; di++) {
        /* separation: try first the direction that worked last time */
        int d = mode == 0 ? (di + f->last) % BOXTOI_NDIRS : di;
        const contact_lin *nv = contact_dirs[d].nv, *na = contact_dirs[d].na;
        if (d >= 3 && !have_adj) {
            /* adj(A) and det A only for the directions that use them */
            iv_adj3(c, qv + Q_ADJ(0, 0), qv);
            qv[Q_DET] = iv_mul(c, qv[Q_A(0, 0)], qv[Q_ADJ(0, 0)]);
            for (j = 1; j < 3; j++)
                qv[Q_DET] = iv_add(c, qv[Q_DET], iv_mul(c, qv[Q_A(0, j)],
                                                        qv[Q_ADJ(j, 0)]));
            have_adj = 1;
        }
        n.lo = n.hi = 0;
        r.lo = r.hi = 0;
        nonzero = 0;
        for (m = 0; m < 3; m++) {
            if (nv[m].c == 0)
                continue;
            if (nv[m].q == Q_ONE || !boxtoi_iv_is_zero(qv[nv[m].q]))
                nonzero = 1;
            u = nv[m].q == Q_ONE ? dd[m] : iv_mul(c, qv[nv[m].q], dd[m]);
            n = nv[m].c > 0 ? iv_add(c, n, u) : iv_sub(c, n, u);
            u = nv[m].q == Q_ONE ? f->e1[m]
                                 : iv_mul(c, f->e1[m], boxtoi_iv_abs(qv[nv[m].q]));
            r = iv_add(c, r, u);
        }
        r = iv_mul(c, aw, r);
        for (m = 0; m < 3; m++)
            if (na[m].c != 0)
                r = iv_add(c, r, iv_mul(c, f->e2[m], boxtoi_iv_abs(qv[na[m].q])));
        if (iv_failed(c))
            return mode == 2 ? 2 : 0;
        if (mode == 2) {
            if (!nonzero)
                continue;
            if (!(r.lo > n.hi)) { /* plane 2d: R - N */
                if (nopen++ > 0)
                    return 2;
                *plane = 2 * d;
            }
            if (!(r.lo > -n.lo)) { /* plane 2d + 1: R + N */
                if (nopen++ > 0)
                    return 2;
                *plane = 2 * d + 1;
            }
        } else if (mode == 0) {
            if (n.lo > r.hi || n.hi < -r.hi) {
                f->last = d;
                return 1;
            }
        } else if (n.hi > r.lo || -n.lo > r.lo) {
            return 0;
        }
    }
    if (mode == 2)
        record_signs(f, qv, have_adj);
    return mode == 2 ? nopen : mode == 1;
}

/* ---- the same over an interval, in slope form ---------------------- */

/* A function u of t over T = [lo, hi] with a centre m in T: c encloses
   u(m), v encloses u(T) and s encloses every slope
   (u(t) - u(m)) / (t - m), t in T \ {m}, so that
   u(T) is contained in u(m) + s (T - m) (the slope, or mean-value, form:
   R. Krawczyk, A. Neumaier, "Interval slopes for rational functions and
   associated centered forms", 1985).  Slopes of sums add; of products,
   u(t) v(t) - u(m) v(m) = (u(t) - u(m)) v(t) + u(m) (v(t) - v(m)); of
   |u|, a multiple of u's slope by a factor in [-1, 1] (+1 or -1 when
   u keeps one sign on T).  Near a crossing this encloses a plane about
   as tightly as its own variation, where the natural extension of
   fast_eval adds the variation of every product it is made of. */
typedef struct {
    contact_iv c, v, s;
} contact_sl;

static inline contact_sl sl_const(contact_iv a)
{
    contact_sl r;
    r.c = r.v = a;
    r.s.lo = r.s.hi = 0;
    return r;
}

static inline contact_sl sl_add(contact_ivctx *c, contact_sl a, contact_sl b)
{
    contact_sl r;
    r.c = iv_add(c, a.c, b.c);
    r.v = iv_add(c, a.v, b.v);
    r.s = iv_add(c, a.s, b.s);
    return r;
}

static inline contact_sl sl_neg(contact_sl a)
{
    contact_sl r;
    r.c = boxtoi_iv_neg(a.c);
    r.v = boxtoi_iv_neg(a.v);
    r.s = boxtoi_iv_neg(a.s);
    return r;
}

static inline contact_sl sl_sub(contact_ivctx *c, contact_sl a, contact_sl b)
{
    return sl_add(c, a, sl_neg(b));
}

static inline contact_sl sl_mul(contact_ivctx *c, contact_sl a, contact_sl b)
{
    contact_sl r;
    r.c = iv_mul(c, a.c, b.c);
    r.v = iv_mul(c, a.v, b.v);
    r.s = iv_add(c, iv_mul(c, a.s, b.v), iv_mul(c, a.c, b.s));
    return r;
}

/* a times a constant interval k */
static inline contact_sl sl_scale(contact_ivctx *c, contact_sl a,
                                  contact_iv k)
{
    contact_sl r;
    r.c = iv_mul(c, a.c, k);
    r.v = iv_mul(c, a.v, k);
    r.s = iv_mul(c, a.s, k);
    return r;
}

static inline contact_sl sl_abs(contact_sl a)
{
    contact_sl r;
    r.c = boxtoi_iv_abs(a.c);
    r.v = boxtoi_iv_abs(a.v);
    if (a.v.lo >= 0) {
        r.s = a.s;
    } else if (a.v.hi <= 0) {
        r.s = boxtoi_iv_neg(a.s);
    } else {
        double m = -a.s.lo > a.s.hi ? -a.s.lo : a.s.hi;
        r.s.lo = -m;
        r.s.hi = m;
    }
    return r;
}

/* v narrowed to its intersection with c + s dt (dt = T - m): both
   enclose u(T).  An empty intersection cannot happen; it is flagged as
   "not proved" all the same. */
static inline contact_sl sl_tight(contact_ivctx *c, contact_sl a,
                                  contact_iv dt)
{
    contact_iv w;
    if (boxtoi_iv_is_zero(a.v))
        return a;
    w = iv_add(c, a.c, iv_mul(c, a.s, dt));
    if (w.lo > a.v.lo)
        a.v.lo = w.lo;
    if (w.hi < a.v.hi)
        a.v.hi = w.hi;
    if (!(a.v.lo <= a.v.hi))
        c->bad = 1;
    return a;
}

/* Encloses sum p[i] t^i in slope form; x is t itself (slope [1, 1]). */
static contact_sl sl_horner(contact_ivctx *c, const contact_iv *p, long len,
                            contact_sl x)
{
    contact_sl r;
    long i;
    if (len == 0) {
        contact_iv z;
        z.lo = z.hi = 0;
        return sl_const(z);
    }
    /* r <- r x + p_i with x = t (centre m, slope 1): the centre value
       r(m) m + p_i, the natural value r(T) T + p_i and the slope
       s(r) T + r(m) (the product rule with s(x) = 1, x(m) = m) */
    r = sl_const(p[len - 1]);
    i = len - 2;
    if (x.v.lo > 0 && x.c.lo == x.c.hi && i >= 0
        && !boxtoi_iv_is_zero(r.c)) {
        /* T > 0: the first step exactly (s = 0: the slope becomes
           r(m)), then steps that never meet [0, 0] (as iv_horner) */
        r.s = r.c;
        r.c = iv_horner_step_pos(c, r.c, x.c, p[i]);
        for (i--; i >= 0; i--) {
            r.s = iv_horner_step_pos(c, r.s, x.v, r.c);
            r.c = iv_horner_step_pos(c, r.c, x.c, p[i]);
        }
    }
    for (; i >= 0; i--) {
        r.s = iv_add(c, iv_mul(c, r.s, x.v), r.c);
        r.c = iv_add(c, iv_mul(c, r.c, x.c), p[i]);
    }
    /* the enclosure over T from the slope form itself (the callers
       narrow pieces, where it is the tighter of the two; measured) */
    r.v = iv_add(c, r.c, iv_mul(c, r.s, iv_sub(c, x.v, x.c)));
    return r;
}

static void sl_adj3(contact_ivctx *c, contact_sl *adj, const contact_sl *a)
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
            adj[3 * i + j] = sl_sub(
                c, sl_mul(c, a[3 * j1 + i1], a[3 * j2 + i2]),
                sl_mul(c, a[3 * j1 + i2], a[3 * j2 + i1]));
        }
}

/* ---- the relative motion as interval polynomials ------------------- */

/* r (length *lr, room for the result) += s a (s = +1 or -1), times the
   constant k when k is not NULL. */
static void ivp_acc(contact_ivctx *c, contact_iv *r, long *lr,
                    const contact_iv *a, long la, int s,
                    const contact_iv *k)
{
    long i;
    for (i = *lr; i < la; i++)
        r[i].lo = r[i].hi = 0;
    for (i = 0; i < la; i++) {
        contact_iv u = k != NULL ? iv_mul(c, a[i], *k) : a[i];
        r[i] = s > 0 ? iv_add(c, r[i], u) : iv_sub(c, r[i], u);
    }
    if (la > *lr)
        *lr = la;
}

#ifdef BOXTOI_HAVE_I128
/* *r = an enclosure of x, the same as boxtoi_iv_set_mpz's for the same
   number: exact up to 53 bits, else x truncated to 53 bits (as
   mpz_get_d) and the next double away from zero. */
static void iv_set_i128(contact_iv *r, boxtoi_i128 x)
{
    boxtoi_u128 u = boxtoi_uabs_i128(x);
    int b = boxtoi_nbits_i128(u);
    double d;
    if (b > 53)
        u = u >> (b - 53) << (b - 53);
    d = (double)u; /* exact: at most 53 significant bits */
    boxtoi_iv_set_truncated(r, x < 0 ? -d : d, b <= 53);
}
#endif

/* The storage of the 13 interval polynomials, of length up to lmax;
   0 (rel_ok -1) when out of memory. */
static int rel_storage(fast_query *f, long lmax)
{
    long total = 13 * (lmax + 1), k;
    contact_iv *p;
    /* in the query's own storage when it fits (degree < FAST_RELDEG; a
       heap block of this size can cost a consolidation of the
       allocator's free lists: doc/performance.md, "Measured choices") */
    f->relc = total <= 13 * FAST_RELDEG
                  ? f->relbuf
                  : malloc((size_t)total * sizeof *f->relc);
    if (f->relc == NULL) {
        f->rel_ok = -1;
        return 0;
    }
    p = f->relc;
    for (k = 0; k < 13; k++, p += lmax + 1)
        f->rel[k] = p;
    return 1;
}

/* The entry of the motion that interval polynomial k holds: A_ij at
   k = 3 i + j, b_m at 9 + m (made D_m by rel_finish), w at 12. */
static int rel_entry(int k)
{
    return k < 9 ? 4 * (k / 3) + k % 3 : k < 12 ? 4 * (k - 9) + 3 : 15;
}

/* D_m = 2 b_m + sum_j A_mj s2_j - w s1_m from b_m, as rel_setup. */
static void rel_finish(fast_query *f)
{
    contact_ivctx *c = &f->c;
    contact_iv two;
    long j, m, i;
    two.lo = two.hi = 2;
    for (m = 0; m < 3; m++) {
        contact_iv *d = f->rel[9 + m];
        long l = f->rlen[9 + m];
        for (i = 0; i < l; i++)
            d[i] = iv_mul(c, d[i], two);
        for (j = 0; j < 3; j++)
            ivp_acc(c, d, &l, f->rel[3 * m + j], f->rlen[3 * m + j], 1,
                    f->s2 + j);
        ivp_acc(c, d, &l, f->rel[12], f->rlen[12], -1, f->s1 + m);
        while (l > 0 && boxtoi_iv_is_zero(d[l - 1]))
            l--;
        f->rlen[9 + m] = l;
    }
    f->rel_ok = iv_failed(c) ? -1 : 1;
    iv_reset(c);
}

/* Builds A_ij, D_m and w as interval polynomials from the exact
   relative motion rel (route.c: adj(M1) M2 divided by the gcd G of its
   entries, which has no root in the range).  Every test here is
   homogeneous in the motion (|N_d| <= R_d scales by |G|^k), so the
   verdicts are those of the unreduced motion; only the orientation of
   the planes 2d, 2d + 1 may be swapped where G < 0, which
   contact_fast_cert allows.  rel's entries have lower degrees than the
   unreduced product of rel_setup and are rounded once, coefficient by
   coefficient, so the enclosures are tighter and cheaper to evaluate.
   D_m = 2 b_m + sum_j A_mj s2_j - w s1_m as in rel_setup. */
static void rel_exact(fast_query *f, const boxtoi_motion_struct *rel)
{
    contact_ivctx *c = &f->c;
    long lmax = 0, k, i, e, maxbits = 0;

    iv_reset(c);
    for (k = 0; k < 16; k++) {
        if (rel->e[k].length > lmax)
            lmax = rel->e[k].length;
        if (boxtoi_poly_max_bits(rel->e + k) > maxbits)
            maxbits = boxtoi_poly_max_bits(rel->e + k);
    }
    if (rel->e[15].length == 0) {
        f->rel_ok = -1;
        return;
    }
    /* a positive multiple: entries below 2^300, so that the quantities
       the filter evaluates (cubic in the entries) stay inside the double
       range (2^1023); at 2^512 they overflowed and every 128-bit-and-up
       rotating query lost its certificate (doc/performance.md, issue 16) */
    e = maxbits > 300 ? 300 - maxbits : 0;
    if (!rel_storage(f, lmax))
        return;
    for (k = 0; k < 13; k++) {
        const boxtoi_poly_struct *x = rel->e + rel_entry((int)k);
        for (i = 0; i < x->length; i++)
            contact_iv_set_mpz_2exp(c, f->rel[k] + i, x->coeffs + i, e);
        f->rlen[k] = x->length;
    }
    rel_finish(f);
}

#ifdef BOXTOI_HAVE_I128
/* rel_exact from the motion in 128-bit integers (coefficients below
   2^126: never scaled), with the same enclosures. */
static void rel_exact_rm(fast_query *f, const poly_i128 *mr)
{
    long lmax = 0, k, i;

    iv_reset(&f->c);
    for (k = 0; k < 16; k++)
        if (mr[k].len > lmax)
            lmax = mr[k].len;
    if (mr[15].len == 0) {
        f->rel_ok = -1;
        return;
    }
    if (!rel_storage(f, lmax))
        return;
    for (k = 0; k < 13; k++) {
        const poly_i128 *x = mr + rel_entry((int)k);
        for (i = 0; i < x->len; i++)
            iv_set_i128(f->rel[k] + i, x->c[i]);
        f->rlen[k] = x->len;
    }
    rel_finish(f);
}
#endif

/* For a plane p in slope form over t with centre m: the largest x
   found with p < 0 proved on [t.lo, x] (t.lo when none): p(t) lies in
   p(m) + s (t - m), so [t.lo, m] is proved by that enclosure with
   t - m in [t.lo - m, 0], and [m, x] with t - m in [0, x - m], for x
   about halfway to where the upper bound p(m) + s.hi (x - m) reaches 0.
   Every bound is outward rounded; the halving only leaves room for
   the rounding of the guess, which is then checked. */
static double sl_reach(contact_ivctx *c, contact_sl p, contact_iv t,
                       double m)
{
    contact_iv d, b;
    double x;
    d.lo = boxtoi_iv_down(t.lo - m); /* <= t.lo - m */
    d.hi = 0;
    b = iv_add(c, p.c, iv_mul(c, p.s, d));
    if (iv_failed(c) || !(b.hi < 0))
        return t.lo;
    if (p.s.hi <= 0)
        x = t.hi;
    else
        x = m + 0.5 * (-p.c.hi / p.s.hi);
    if (!(x <= t.hi))
        x = t.hi;
    if (!(x > m))
        return m;
    d.lo = 0;
    d.hi = boxtoi_iv_up(x - m); /* >= x - m */
    b = iv_add(c, p.c, iv_mul(c, p.s, d));
    if (iv_failed(c) || !(b.hi < 0))
        return m;
    return x;
}

/* A guess (not a proof) of where the plane p, given in slope form over
   t with centre m, rises through zero: m - p(m) / p'(m) with the
   midpoints of the enclosures, kept when it lies in t.  The latest two
   guesses of an evaluation are kept (f->zlast >= f->zprev), for the
   narrowing: the first contact is about where the last plane that is
   negative before it turns non-negative. */
static void guess_zero(fast_query *f, contact_sl p, contact_iv t, double m)
{
    double cm = p.c.lo + (p.c.hi - p.c.lo) / 2;
    double sm = p.s.lo + (p.s.hi - p.s.lo) / 2, z;
    if (!(sm > 0))
        return; /* not rising: not the one that closes the gap */
    z = m - cm / sm;
    if (!(z > t.lo && z < t.hi))
        return;
    if (z > f->zlast) {
        f->zprev = f->zlast;
        f->zlast = z;
    } else if (z > f->zprev) {
        f->zprev = z;
    }
}

/* fast_eval (modes 0 and 2) over an interval t of positive width, with
   every quantity in slope form: the same computation, the same
   verdicts, tighter enclosures. */
static int fast_eval_slope(fast_query *f, contact_iv t, int mode, int *plane)
{
    contact_ivctx *c = &f->c;
    contact_sl qv[Q_ONE + 1], dd[3], u, n, r, aw, x;
    contact_iv dt, mid, zero;
    int j, k, m, di, have_adj = 0, nonzero, nopen = 0, best = -1;

    f->nevals++;
    iv_reset(c);
    f->reach = t.lo;
    f->zlast = f->zprev = -DBL_MAX;
    zero.lo = zero.hi = 0;
    mid.lo = mid.hi = t.lo + (t.hi - t.lo) / 2; /* a double in t */
    if (!(t.lo <= mid.lo && mid.lo <= t.hi) || f->rel_ok <= 0)
        return mode == 2 ? 2 : 0;
    dt = iv_sub(c, t, mid);
    x.c = mid;
    x.v = t;
    x.s.lo = x.s.hi = 1;
    if (mode == 0 && f->last < 3) {
        /* as in fast_eval: the face of box 1 that separated last time,
           from the 5 polynomials it needs */
        k = f->last;
        n = sl_tight(c, sl_horner(c, f->rel[9 + k], f->rlen[9 + k], x), dt);
        aw = sl_abs(sl_tight(c, sl_horner(c, f->rel[12], f->rlen[12], x),
                             dt));
        r = sl_scale(c, aw, f->e1[k]);
        for (m = 0; m < 3; m++)
            r = sl_add(c, r, sl_scale(c, sl_abs(sl_tight(
                                          c,
                                          sl_horner(c, f->rel[3 * k + m],
                                                    f->rlen[3 * k + m], x),
                                          dt)),
                                      f->e2[m]));
        if (!iv_failed(c)) {
            contact_sl p0 = sl_tight(c, sl_sub(c, r, n), dt);
            contact_sl p1 = sl_tight(c, sl_add(c, r, n), dt);
            if (!iv_failed(c) && (p0.v.hi < 0 || p1.v.hi < 0))
                return 1;
        }
        iv_reset(c);
    }
    /* A, w and D from the relative motion (rel_exact) */
    for (k = 0; k < 9; k++)
        qv[k] = sl_tight(c, sl_horner(c, f->rel[k], f->rlen[k], x), dt);
    qv[Q_W] = sl_tight(c, sl_horner(c, f->rel[12], f->rlen[12], x), dt);
    for (m = 0; m < 3; m++)
        dd[m] = sl_tight(c, sl_horner(c, f->rel[9 + m], f->rlen[9 + m], x),
                         dt);
    qv[Q_ONE] = sl_const(zero); /* unused: Q_ONE is handled apart */
    if (iv_failed(c))
        return mode == 2 ? 2 : 0;
    aw = sl_abs(qv[Q_W]);
    for (di = 0; di < BOXTOI_NDIRS; di++) {
        int d = mode == 0 ? (di + f->last) % BOXTOI_NDIRS : di;
        const contact_lin *nv = contact_dirs[d].nv, *na = contact_dirs[d].na;
        if (d >= 3 && !have_adj) {
            sl_adj3(c, qv + Q_ADJ(0, 0), qv);
            for (k = 0; k < 9; k++)
                qv[Q_ADJ(0, 0) + k] = sl_tight(c, qv[Q_ADJ(0, 0) + k], dt);
            qv[Q_DET] = sl_mul(c, qv[Q_A(0, 0)], qv[Q_ADJ(0, 0)]);
            for (j = 1; j < 3; j++)
                qv[Q_DET] = sl_add(c, qv[Q_DET], sl_mul(c, qv[Q_A(0, j)],
                                                        qv[Q_ADJ(j, 0)]));
            qv[Q_DET] = sl_tight(c, qv[Q_DET], dt);
            have_adj = 1;
        }
        n = sl_const(zero);
        r = sl_const(zero);
        nonzero = 0;
        for (m = 0; m < 3; m++) {
            if (nv[m].c == 0)
                continue;
            if (nv[m].q == Q_ONE || !boxtoi_iv_is_zero(qv[nv[m].q].v))
                nonzero = 1;
            u = nv[m].q == Q_ONE ? dd[m] : sl_mul(c, qv[nv[m].q], dd[m]);
            n = nv[m].c > 0 ? sl_add(c, n, u) : sl_sub(c, n, u);
            u = nv[m].q == Q_ONE ? sl_const(f->e1[m])
                                 : sl_scale(c, sl_abs(qv[nv[m].q]), f->e1[m]);
            r = sl_add(c, r, u);
        }
        r = sl_mul(c, aw, r);
        for (m = 0; m < 3; m++)
            if (na[m].c != 0)
                r = sl_add(c, r, sl_scale(c, sl_abs(qv[na[m].q]), f->e2[m]));
        if (iv_failed(c))
            return mode == 2 ? 2 : 0;
        if (mode == 2) {
            contact_sl p0, p1;
            if (!nonzero)
                continue;
            /* the planes themselves in slope form: R - N and R + N */
            p0 = sl_tight(c, sl_sub(c, r, n), dt);
            p1 = sl_tight(c, sl_add(c, r, n), dt);
            if (iv_failed(c))
                return 2;
            if (!(p0.v.lo > 0)) {
                guess_zero(f, p0, t, mid.lo);
                if (nopen++ == 0)
                    *plane = 2 * d;
            }
            if (!(p1.v.lo > 0)) {
                guess_zero(f, p1, t, mid.lo);
                if (nopen++ == 0)
                    *plane = 2 * d + 1;
            }
        } else {
            /* separated in direction d: R - N < 0 or R + N < 0 on t */
            contact_sl p0 = sl_tight(c, sl_sub(c, r, n), dt);
            contact_sl p1 = sl_tight(c, sl_add(c, r, n), dt);
            double x0, x1;
            if (iv_failed(c))
                return 0;
            if (p0.v.hi < 0 || p1.v.hi < 0) {
                f->last = d;
                return 1;
            }
            /* not on all of t: maybe on a part from its left end */
            x0 = sl_reach(c, p0, t, mid.lo);
            x1 = sl_reach(c, p1, t, mid.lo);
            if (iv_failed(c)) {
                f->reach = t.lo;
                return 0;
            }
            if (x1 > x0)
                x0 = x1;
            if (x0 > f->reach) {
                f->reach = x0;
                best = d;
            }
        }
    }
    if (mode == 0 && best >= 0)
        f->last = best;
    if (mode == 2 && nopen > 1)
        return 2;
    if (mode == 2) {
        contact_iv v[Q_ONE];
        for (k = 0; k < Q_ONE; k++)
            v[k] = qv[k].v;
        record_signs(f, v, have_adj);
    }
    return mode == 2 ? nopen : 0;
}

/* ---- the exact test at a dyadic point ------------------------------- */

/* 1 when the solids meet at the double t, exactly (contact_meet_at on
   the relative motion rel and the boxes of ctx), else 0. */
static int exact_contact_at(const boxtoi_motion_struct *rel,
                            contact_ctx *ctx, double t)
{
    mpq_t tq;
    int r;
    mpq_init(tq);
    mpq_set_d(tq, t); /* exact; the denominator is a power of two */
    r = contact_meet_at(NULL, NULL, rel, contact_ctx_boxz(ctx), tq);
    mpq_clear(tq);
    return r == 1;
}

/* Separation of [lo, hi] in slope form (tighter on narrow pieces,
   about four times the work of the natural form); a point in the
   natural form. */
static int fast_separated_slope(fast_query *f, double lo, double hi)
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
static int fast_separated(fast_query *f, double lo, double hi)
{
    contact_iv t;
    if (!(hi - lo > f->wide))
        return fast_separated_slope(f, lo, hi);
    t.lo = lo;
    t.hi = hi;
    f->reach = lo;
    return fast_eval(f, t, 0, NULL);
}

static int fast_contact_at(fast_query *f, double x)
{
    contact_iv t;
    t.lo = t.hi = x;
    return fast_eval(f, t, 1, NULL);
}

/* Work bounds: interval evaluations for the scan, bisection depth below
   a top-level piece (its width times 2^-FAST_DEPTH is the finest piece),
   points tried for contact, and top-level pieces [t0 + 2^(k-1) - 1,
   t0 + 2^k - 1] of an unbounded range. */
#define FAST_MAX_EVALS 60
#define FAST_DEPTH 5
#define FAST_POINTS 16
#define FAST_INF_PIECES 12
#define FAST_EXACT 3
#define FAST_NARROW 40
#define FAST_WIDE 0.03125

/* Verdicts of the scans of one top-level piece [lo, end]. */
enum {
    SCAN_DONE,     /* all of it proved contact-free */
    SCAN_RESISTED, /* [*lo, *hi] could not be proved; no contact before
                      *lo */
    SCAN_BOUNDED   /* no contact before *lo, contact at *hi (w1) */
};

/* Depth-first bisection (constant orientations): the piece, then its
   halves, at most FAST_DEPTH levels down, moving on to the next piece
   of the same level after each success. */
static int scan_bisect(fast_query *f, double *plo, double *phi, double end)
{
    double lo = *plo, hi = end, stack[FAST_DEPTH], mid;
    int sp = 0;
    for (;;) {
        if (f->nevals >= FAST_MAX_EVALS)
            break;
        if (fast_separated(f, lo, hi)) {
            lo = hi;
            if (sp == 0) {
                *plo = lo;
                return SCAN_DONE;
            }
            hi = stack[--sp];
            continue;
        }
        mid = lo + (hi - lo) / 2;
        if (sp == FAST_DEPTH || !(lo < mid && mid < hi))
            break;
        stack[sp++] = hi;
        hi = mid;
    }
    *plo = lo;
    *phi = hi;
    return SCAN_RESISTED;
}

/* Adaptive steps (rotating motions): pieces of width w, starting at
   twice the width where the slope form takes over (a 16th of the range:
   the first pieces, far from any contact, in the cheaper natural form),
   w grown by a quarter after a success and halved after a failure (both
   choices measured: doc/performance.md, "Measured choices"); a piece
   proved
   in part (up to
   f->reach) moves lo instead.  Resists after FAST_DEPTH halvings in a
   row.  After a failure on a narrow piece [lo, h] (h <= tin, h >= t0),
   one point test at h: a contact there bounds the first contact in
   [lo, h] at once, so the narrowing starts from a window that is often
   already narrow enough for a certificate; w1 is set to h then. */
static int scan_adaptive(fast_query *f, double *plo, double *phi, double end,
                         double tin, mpq_t w1, mpq_srcptr t0)
{
    double lo = *plo, hi, tried = -1;
    double minw = (end - lo) / (2 << FAST_DEPTH);
    double w = f->wide > 0 && 2 * f->wide < end - lo ? 2 * f->wide
                                                     : end - lo;
    int halvings = 0;
    for (;;) {
        hi = lo + w;
        if (!(hi < end - minw / 2))
            hi = end;
        if (f->nevals >= FAST_MAX_EVALS)
            break;
        if (fast_separated(f, lo, hi)) {
            lo = hi;
            if (lo >= end) {
                *plo = lo;
                return SCAN_DONE;
            }
            w *= 1.25;
            halvings = 0;
            continue;
        }
        if (hi - lo <= f->wide && hi != tried && hi <= tin) {
            tried = hi;
            mpq_set_d(w1, hi);
            if (mpq_cmp(w1, t0) >= 0 && fast_contact_at(f, hi)) {
                *plo = f->reach > lo && f->reach < hi ? f->reach : lo;
                *phi = hi;
                return SCAN_BOUNDED;
            }
        }
        if (f->reach > lo && f->reach < hi) {
            lo = f->reach; /* [lo, reach] proved: go on from there */
            w = hi - lo;
            halvings = 0;
            continue;
        }
        w /= 2;
        if (++halvings > FAST_DEPTH || !(lo < lo + w))
            break;
    }
    *plo = lo;
    *phi = hi;
    return SCAN_RESISTED;
}

/* A double <= x (rnd MPFR_RNDD) or >= x (MPFR_RNDU): x itself when x is
   a double, within two spacings of x when it is another 53-bit
   fraction, MPFR's directed rounding otherwise. */
static double mpq_get_d_dir(fast_query *f, mpq_srcptr x, mpfr_rnd_t rnd)
{
    contact_iv r;
    contact_iv_set_mpq(&f->c, &r, x); /* lo <= x <= hi */
    return rnd == MPFR_RNDD ? r.lo : r.hi;
}

/* The right end of the longest prefix of [lo, hi] proved separated by
   depth-first bisection (at most depth levels, as the scan): lo when
   nothing is proved. */
static double fast_prefix(fast_query *f, double lo, double hi, int depth)
{
    double stack[FAST_DEPTH], mid;
    int sp = 0;
    for (;;) {
        if (f->nevals >= f->limit)
            return lo;
        if (f->wide < 0 ? fast_separated(f, lo, hi)
                        : fast_separated_slope(f, lo, hi)) {
            lo = hi;
            if (sp == 0)
                return lo;
            hi = stack[--sp];
            continue;
        }
        if (f->reach > lo && f->reach < hi) {
            lo = f->reach;
            continue;
        }
        mid = lo + (hi - lo) / 2;
        if (sp == depth || !(lo < mid && mid < hi))
            return lo;
        stack[sp++] = hi;
        hi = mid;
    }
}

/* After a proved window [a, b] (no contact on [t0, a), contact at b):
   narrow it, keeping that property, until exactly one plane is not
   proved positive on all of it (*plane), or give up (returns 0).  The
   work is bounded by FAST_NARROW more interval evaluations. */
static int fast_narrow(fast_query *f, double *pa, double *pb, int *plane)
{
    double a = *pa, b = *pb, mid, na;
    contact_iv t;
    int n;

    /* constant orientations: half the budget (their refusals are
       mostly face-face contacts, where no narrowing helps; measured) */
    f->limit = f->nevals + (f->wide < 0 ? FAST_NARROW / 2 : FAST_NARROW);
    while (f->nevals < f->limit) {
        t.lo = a;
        t.hi = b;
        /* the natural form first: on the narrow windows met here it
           often proves every plane but one positive already, at a
           fifth of the cost, and it gives up early when it cannot
           (doc/performance.md, "Measured choices");
           constant orientations (wide < 0) use it alone, as the scan */
        n = fast_eval(f, t, 2, plane);
        if (n == 2 && f->wide >= 0)
            n = fast_eval_slope(f, t, 2, plane);
        if (n == 1) {
            *pa = a;
            *pb = b;
            return 1;
        }
        if (n == 0)
            return 0; /* every plane positive: contact on all of [a, b] */
        if (f->wide > 0 && f->zlast > a && f->zlast < b) {
            /* Guided step: a window of half-width g around the guess of
               the first contact, g half the distance to the next guess
               (the planes' zeros often lie close together: a corner
               meeting a face near its edge) but at most an eighth of
               [a, b] (measured: the work hardly depends on these two
               fractions).  Kept only as far as it is proved. */
            double z = f->zlast, g = (b - a) / 8, nb, na2;
            if (f->zprev > a && (z - f->zprev) / 2 < g)
                g = (z - f->zprev) / 2;
            nb = z + g;
            na2 = z - g;
            if (g > 0 && nb < b && na2 > a && fast_contact_at(f, nb)) {
                b = nb;
                na = fast_prefix(f, a, na2, 3);
                if (na > a)
                    a = na;
                continue;
            }
        }
        mid = a + (b - a) / 2;
        if (!(a < mid && mid < b))
            return 0;
        if (fast_contact_at(f, mid)) {
            b = mid;
            continue;
        }
        /* the first contact is probably after mid: prove what can be
           proved of [a, mid] separated */
        na = fast_prefix(f, a, mid, 4);
        if (!(na > a))
            return 0;
        a = na;
    }
    return 0;
}

void contact_cert_init(contact_fast_cert *cert)
{
    mpq_init(cert->a);
    mpq_init(cert->b);
    cert->plane = -1;
    cert->gmp_planes = 0;
}

void contact_cert_clear(contact_fast_cert *cert)
{
    mpq_clear(cert->a);
    mpq_clear(cert->b);
}

int contact_fast_window(mpq_t w0, mpq_t w1, const boxtoi_query_t q)
{
    contact_ctx ctx;
    int v;
    contact_ctx_init(&ctx, q);
    v = contact_fast_window_cert(w0, w1, NULL, &ctx);
    contact_ctx_clear(&ctx);
    return v;
}

int contact_fast_window_cert(mpq_t w0, mpq_t w1, contact_fast_cert *cert,
                             contact_ctx *ctx)
{
    const boxtoi_query_struct *q = ctx->q;
    fast_query f;
    double lo, hi, ta, tb = 0, tin = 0, width, step;
    boxtoi_motion_struct relm, *rel = NULL;
    int piece, k, b, linear = 1, nexact = 0, rotating = 0;
    int verdict = CONTACT_FAST_WINDOW;

    if (cert != NULL)
        cert->plane = -1;
    mpq_set(w0, q->t0);
    if (!q->t1_inf && mpq_equal(q->t0, q->t1))
        return CONTACT_FAST_WINDOW; /* one instant: the exact test */
    /* When every motion entry has degree <= 1 the exact search is cheap
       (linear planes, rational roots) and the filter does not pay for
       itself (measured): leave it to the exact code. */
    for (b = 0; b < 2; b++)
        for (k = 0; k < 16; k++)
            if (used_entry(k) && boxtoi_poly_degree(q->motion[b].e + k) > 1)
                linear = 0;
    if (linear)
        return CONTACT_FAST_WINDOW;
    for (b = 0; b < 2; b++)
        for (k = 0; k < 16; k++)
            if ((k % 4 != 3 || k == 15) && used_entry(k)
                && boxtoi_poly_degree(q->motion[b].e + k) > 0)
                rotating = 1;
    contact_ivctx_init(&f.c);
    if (!fast_setup(&f, q)) {
        if (f.relc != f.relbuf)
            free(f.relc);
        contact_ivctx_clear(&f.c);
        return CONTACT_FAST_WINDOW;
    }
    /* The exact relative motion, for the enclosures, the exact point
       tests and the caller's certificate (contact_certify): ctx's, in
       128-bit integers when it fits there (GMP polynomials are then
       built only if an exact test needs them, contact_ctx_rel) */
    if (cert == NULL) {
        rel = &relm;
        boxtoi_motion_init(&relm);
        contact_relative_motion(rel, q);
        rel_exact(&f, rel);
    } else {
#ifdef BOXTOI_HAVE_I128
        const poly_i128 *relrm = contact_ctx_rel_i128(ctx);
        if (relrm != NULL)
            rel_exact_rm(&f, relrm);
        else
#endif
            rel_exact(&f, contact_ctx_rel(ctx));
    }
    if (f.rel_ok <= 0)
        goto done; /* not representable: prove nothing */
    ta = mpq_get_d_dir(&f, q->t0, MPFR_RNDD);
    if (!q->t1_inf) {
        tb = mpq_get_d_dir(&f, q->t1, MPFR_RNDU);
        tin = mpq_get_d_dir(&f, q->t1, MPFR_RNDD); /* <= t1 */
    }
    if (!(ta >= -DBL_MAX && tb <= DBL_MAX && tin >= -DBL_MAX))
        goto done;

    /* From the left, piece by piece: [ta, lo) is proved contact-free.
       Constant orientations (A and w of degree 0) use the natural form
       throughout (tight enough and cheaper, measured); rotating motions
       the slope form on pieces narrower than wide. */
    lo = ta;
    width = 1;
    f.wide = rotating ? (q->t1_inf ? 1 : tb - ta) * FAST_WIDE : -1;
    for (piece = 0;; piece++) {
        double end;
        int sv;
        if (!q->t1_inf)
            end = tb;
        else if (piece == FAST_INF_PIECES)
            goto give_w0; /* [t0, lo) proved; the tail is left exact */
        else {
            end = lo + width; /* widths 1, 1, 2, 4, ... */
            width *= piece > 0 ? 2 : 1;
        }
        if (!(end > lo && end <= DBL_MAX))
            goto give_w0;
        sv = rotating ? scan_adaptive(&f, &lo, &hi, end, tin, w1, q->t0)
                      : scan_bisect(&f, &lo, &hi, end);
        if (sv == SCAN_RESISTED)
            goto resisted;
        if (sv == SCAN_BOUNDED) {
            verdict = CONTACT_FAST_BOUNDED;
            goto bounded;
        }
        if (!q->t1_inf) {
            verdict = CONTACT_FAST_SEPARATED; /* [ta, tb] covers the range */
            goto done;
        }
    }

resisted:
    /* [lo, hi] resists: no contact before lo.  Try points from hi on,
       at growing distances, for a proved contact. */
    for (k = 0, step = hi - lo; k < FAST_POINTS; k++, step *= 2) {
        double x = lo + step;
        if (!(x <= DBL_MAX) || (!q->t1_inf && x > tin))
            break; /* x <= tin <= t1 from here on */
        mpq_set_d(w1, x);
        if (mpq_cmp(w1, q->t0) < 0)
            continue;
        if (fast_contact_at(&f, x)) {
            verdict = CONTACT_FAST_BOUNDED;
            break;
        }
        /* Intervals cannot see a direction that vanishes exactly
           (parallel edges): a few exact tests in integers. */
        if (nexact < FAST_EXACT) {
            nexact++;
            if (exact_contact_at(cert != NULL ? contact_ctx_rel(ctx) : rel,
                                 ctx, x)) {
                verdict = CONTACT_FAST_BOUNDED;
                break;
            }
        }
    }
bounded:
    if (verdict == CONTACT_FAST_BOUNDED && cert != NULL) {
        /* x is where contact was proved (by intervals or exactly) */
        double a = lo, b = mpq_get_d(w1); /* exact: w1 is the double x */
        if (fast_narrow(&f, &a, &b, &cert->plane)) {
            mpq_set_d(cert->a, a);
            mpq_set_d(cert->b, b);
            memcpy(cert->qsg, f.qsg, sizeof cert->qsg);
        } else {
            cert->plane = -1;
        }
    }
give_w0:
    mpq_set_d(w0, lo);
    if (mpq_cmp(w0, q->t0) < 0)
        mpq_set(w0, q->t0);
done:
    if (rel == &relm)
        boxtoi_motion_clear(&relm);
    if (f.relc != f.relbuf)
        free(f.relc);
    contact_ivctx_clear(&f.c);
    return verdict;
}
