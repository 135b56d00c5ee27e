/* lib/contact/fastslope.c: the interval pre-filter's evaluation over an
   interval in slope form (fast.c describes the filter; doc/algorithm.md
   §4.2).  The geometry is the plane kernel's (kernel.h), instance ksl. */
#include "lib/contact/fast.h"

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

CONTACT_ALWAYS_INLINE contact_sl sl_const(contact_iv a)
{
    contact_sl r;
    r.c = r.v = a;
    r.s.lo = r.s.hi = 0;
    return r;
}

CONTACT_ALWAYS_INLINE contact_sl sl_add(contact_ivctx *c, contact_sl a,
                                    contact_sl b)
{
    contact_sl r;
    r.c = iv_add(c, a.c, b.c);
    r.v = iv_add(c, a.v, b.v);
    r.s = iv_add(c, a.s, b.s);
    return r;
}

CONTACT_ALWAYS_INLINE contact_sl sl_neg(contact_sl a)
{
    contact_sl r;
    r.c = boxtoi_iv_neg(a.c);
    r.v = boxtoi_iv_neg(a.v);
    r.s = boxtoi_iv_neg(a.s);
    return r;
}

CONTACT_ALWAYS_INLINE contact_sl sl_sub(contact_ivctx *c, contact_sl a,
                                    contact_sl b)
{
    return sl_add(c, a, sl_neg(b));
}

CONTACT_ALWAYS_INLINE contact_sl sl_mul(contact_ivctx *c, contact_sl a,
                                    contact_sl b)
{
    contact_sl r;
    r.c = iv_mul(c, a.c, b.c);
    r.v = iv_mul(c, a.v, b.v);
    r.s = iv_add(c, iv_mul(c, a.s, b.v), iv_mul(c, a.c, b.s));
    return r;
}

/* a times a constant interval k */
CONTACT_ALWAYS_INLINE contact_sl sl_scale(contact_ivctx *c, contact_sl a,
                                  contact_iv k)
{
    contact_sl r;
    r.c = iv_mul(c, a.c, k);
    r.v = iv_mul(c, a.v, k);
    r.s = iv_mul(c, a.s, k);
    return r;
}

CONTACT_ALWAYS_INLINE contact_sl sl_abs(contact_sl a)
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
CONTACT_ALWAYS_INLINE contact_sl sl_tight(contact_ivctx *c, contact_sl a,
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

/* ---- the plane kernel (kernel.h) in slope form ---------------------- */

/* ksl: the context is the interval context and T - m, for the
   narrowing of every quantity (sl_tight), in the order written out by
   hand before. */
typedef struct {
    contact_ivctx *c;
    contact_iv dt;
} ksl_ctx;

#define K(n) ksl_##n
#define KINLINE CONTACT_ALWAYS_INLINE
#define KT contact_sl
#define KS contact_iv
#define KC ksl_ctx *
#define KINIT(kc, x) (*(x) = sl_const(boxtoi_iv_point(0)))
#define KCLEAR(kc, x) ((void)0)
#define KZERO(kc, r) (*(r) = sl_const(boxtoi_iv_point(0)))
#define KADD(kc, r, a) (*(r) = sl_add((kc)->c, *(r), *(a)))
#define KSUB(kc, r, a) (*(r) = sl_sub((kc)->c, *(r), *(a)))
#define KMUL(kc, r, a, b) (*(r) = sl_mul((kc)->c, *(a), *(b)))
#define KADDMUL(kc, r, a, b)                                                 \
    (*(r) = sl_add((kc)->c, *(r), sl_mul((kc)->c, *(a), *(b))))
#define KSUBMUL(kc, r, a, b)                                                 \
    (*(r) = sl_sub((kc)->c, *(r), sl_mul((kc)->c, *(a), *(b))))
#define KSCALE(kc, r, a, k) (*(r) = sl_scale((kc)->c, *(a), *(k)))
#define KADDSCALE(kc, r, a, k)                                               \
    (*(r) = sl_add((kc)->c, *(r), sl_scale((kc)->c, *(a), *(k))))
#define KSUBSCALE(kc, r, a, k)                                               \
    (*(r) = sl_sub((kc)->c, *(r), sl_scale((kc)->c, *(a), *(k))))
#define KADDS(kc, r, k) (*(r) = sl_add((kc)->c, *(r), sl_const(*(k))))
#define KADDABS(kc, r, a, q, k)                                              \
    (*(r) = sl_add((kc)->c, *(r), sl_scale((kc)->c, sl_abs(*(a)), *(k))))
#define KMULABS(kc, r, a, q) (*(r) = sl_mul((kc)->c, sl_abs(*(a)), *(r)))
#define KISZERO(kc, a) boxtoi_iv_is_zero((a)->v)
#define KNARROW(kc, x) (*(x) = sl_tight((kc)->c, *(x), (kc)->dt))
#include "lib/contact/kernel.h"
#include "lib/contact/kernel-undef.h"

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

/* A guess (not a proof) of where the plane p, negative on the piece
   (slope form with centre m), reaches zero after it: where the upper
   bound p(m) + s (t - m) would, were the slope enclosure still valid
   beyond the piece; DBL_MAX when it does not rise (doc/algorithm.md
   §4.2, "proved advancement": it only chooses the next piece). */
static double sl_ahead(contact_sl p, double m)
{
    double z;
    if (!(p.s.hi > 0))
        return DBL_MAX;
    z = m - p.c.hi / p.s.hi;
    return z == z ? z : -1;
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
    keep_guess(f, z, t);
}

/* fast_eval (modes 0 and 2) over an interval t of positive width, with
   every quantity in slope form: the same computation, the same
   verdicts, tighter enclosures. */
int fast_eval_slope(fast_query *f, contact_iv t, int mode, int *plane)
{
    contact_ivctx *c = &f->c;
    contact_sl qv[Q_ONE], dd[3], n, r, x;
    contact_iv mid;
    ksl_ctx kc;
    int k, m, di, have_adj = 0, nonzero, nopen = 0, best = -1, done = -1;

    f->nevals++;
    iv_reset(c);
    f->reach = t.lo;
    f->ahead = -1;
    f->zlast = f->zprev = -DBL_MAX;
    mid.lo = mid.hi = t.lo + (t.hi - t.lo) / 2; /* a double in t */
    if (!(t.lo <= mid.lo && mid.lo <= t.hi) || f->rel_ok <= 0)
        return mode == 2 ? 2 : 0;
    if (f->bok) /* the same tests in Taylor models */
        return fast_eval_tm(f, t, mode, plane);
    if (!rel_iv_ready(f))
        return mode == 2 ? 2 : 0;
    kc.c = c;
    kc.dt = iv_sub(c, t, mid);
    x.c = mid;
    x.v = t;
    x.s.lo = x.s.hi = 1;
    if (mode == 0 && f->last < 3) {
        /* as in fast_eval: the face of box 1 that separated last time,
           from the 5 polynomials it needs */
        k = f->last;
        dd[k] = sl_horner(c, f->rel[9 + k], f->rlen[9 + k], x);
        qv[Q_W] = sl_horner(c, f->rel[12], f->rlen[12], x);
        for (m = 0; m < 3; m++)
            qv[Q_A(k, m)] =
                sl_horner(c, f->rel[3 * k + m], f->rlen[3 * k + m], x);
        ksl_ndot(&kc, &n, k, qv, dd);
        ksl_radius(&kc, &r, k, qv, f->e1, f->e2);
        if (!iv_failed(c)) {
            contact_sl p0 = sl_tight(c, sl_sub(c, r, n), kc.dt);
            contact_sl p1 = sl_tight(c, sl_add(c, r, n), kc.dt);
            if (!iv_failed(c)) {
                if (p0.v.hi < 0 || p1.v.hi < 0) {
                    f->ahead = sl_ahead(p0.v.hi < 0 ? p0 : p1, mid.lo);
                    return 1;
                }
                done = k; /* its 5 enclosures are kept below */
            }
        }
        iv_reset(c);
    }
    /* A, w and D from the relative motion (rel_exact), but for those
       the face test above computed already (the same enclosures).  No
       sl_tight after sl_horner: its enclosure over T is already
       c + s (T - m), the very bound sl_tight would intersect it with
       (the same operations on the same operands, kc.dt = T - m), so
       the intersection changed nothing (doc/performance.md, "the
       rotating filter's cost per evaluation") */
    for (k = 0; k < 9; k++)
        if (k / 3 != done)
            qv[k] = sl_horner(c, f->rel[k], f->rlen[k], x);
    if (done < 0)
        qv[Q_W] = sl_horner(c, f->rel[12], f->rlen[12], x);
    for (m = 0; m < 3; m++)
        if (m != done)
            dd[m] = sl_horner(c, f->rel[9 + m], f->rlen[9 + m], x);
    if (iv_failed(c))
        return mode == 2 ? 2 : 0;
    for (di = 0; di < BOXTOI_NDIRS; di++) {
        int d = mode == 0 ? (di + f->last) % BOXTOI_NDIRS : di;
        if (d >= 3 && !have_adj) {
            ksl_quantities(&kc, qv, NULL);
            have_adj = 1;
        }
        nonzero = ksl_ndot(&kc, &n, d, qv, dd);
        ksl_radius(&kc, &r, d, qv, f->e1, f->e2);
        if (iv_failed(c))
            return mode == 2 ? 2 : 0;
        if (mode == 2) {
            contact_sl p0, p1;
            if (!nonzero)
                continue;
            /* the planes themselves in slope form: R - N and R + N */
            p0 = sl_tight(c, sl_sub(c, r, n), kc.dt);
            p1 = sl_tight(c, sl_add(c, r, n), kc.dt);
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
            contact_sl p0 = sl_tight(c, sl_sub(c, r, n), kc.dt);
            contact_sl p1 = sl_tight(c, sl_add(c, r, n), kc.dt);
            double x0, x1;
            if (iv_failed(c))
                return 0;
            if (p0.v.hi < 0 || p1.v.hi < 0) {
                f->last = d;
                f->ahead = sl_ahead(p0.v.hi < 0 ? p0 : p1, mid.lo);
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
