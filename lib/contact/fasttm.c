/* lib/contact/fasttm.c: the slope form's separation test (mode 0 of
   fast_eval_slope) in first-order Taylor models of doubles (fast.c
   describes the filter; doc/algorithm.md §4.2, "Taylor models").  The
   geometry is the plane kernel's (kernel.h), instance ktm. */
#include "lib/contact/fast.h"

#include "lib/contact/kernel-tm.h"
#include "lib/contact/kernel-undef.h"

/* The evaluation's factor bound (fast.h, tm_neg). */
#define TM_K (1 + 0x1p-40)

/* tm_add(tm_mul(a, x), tm_of_ball(p)) for the model x = (m, h, 0) of t
   itself, mh = fl(|m| + h): the same operations on the same values but
   for the terms that are zero (x.r = 0, p's slope coefficient 0) */
CONTACT_ALWAYS_INLINE fast_tm tm_step(fast_tm a, double m, double h,
                                      double mh, fast_ball p)
{
    fast_tm z;
    double p1 = a.c * h, p2 = a.g * m, c = a.c * m;
    z.g = p1 + p2;
    z.r = (fabs(a.g * h) + a.r * mh)
          + tm_eps(((fabs(c) + fabs(p1)) + fabs(p2)) + fabs(z.g));
    z.c = c + p.c;
    z.r = (z.r + p.r) + tm_eps(fabs(z.c) + fabs(z.g));
    return z;
}

/* sum p[i] t^i by Horner, p the balls of the coefficients, x the model
   (m, h, 0) of t itself */
CONTACT_ALWAYS_INLINE fast_tm tm_horner(const fast_ball *p, long len,
                                        fast_tm x)
{
    fast_tm r;
    double mh = fabs(x.c) + x.g;
    long i;
    if (len == 0)
        return tm_zero();
    r = tm_of_ball(p[len - 1]);
    for (i = len - 2; i >= 0; i--)
        r = tm_step(r, x.c, x.g, mh, p[i]);
    return r;
}

/* As sl_reach (fastslope.c) for the model p of a plane on t, centre m,
   s = (t - m) / h: the largest x found with p < 0 proved on
   [t.lo, x] (t.lo when none).  On [t.lo, m], s is in [-1, 0]; on
   [m, x], in [0, up(up(x - m) / h)]. */
static double tm_reach(fast_tm p, contact_iv t, double m, double h)
{
    double rk = boxtoi_iv_up(p.r * TM_K), x, s;
    if (!(boxtoi_iv_up(p.c + boxtoi_iv_up(rk + (p.g < 0 ? -p.g : 0))) < 0))
        return t.lo;
    if (!(p.g > 0))
        return t.hi;
    x = m + 0.5 * (-(p.c + rk) / p.g) * h;
    if (!(x <= t.hi))
        x = t.hi;
    if (!(x > m))
        return m;
    s = boxtoi_iv_up(boxtoi_iv_up(x - m) / h);
    if (!(boxtoi_iv_up(p.c + boxtoi_iv_up(rk + boxtoi_iv_up(p.g * s))) < 0))
        return m;
    return x;
}

/* As sl_ahead: a guess (no proof) of where p, negative on the piece,
   reaches zero after it; DBL_MAX when it does not rise. */
static double tm_ahead(fast_tm p, double m, double h)
{
    double z;
    if (!(p.g > 0))
        return DBL_MAX;
    z = m - (p.c + p.r) / p.g * h;
    return z == z ? z : -1;
}

/* 1 when plane R - N or R + N of models r, n is proved negative on
   all of the piece (f->ahead set), else 0 with f->reach raised to what
   either proves from the left end (*best = d then). */
static int tm_planes(fast_query *f, fast_tm n, fast_tm r, contact_iv t,
                     double m, double h, int d, int *best)
{
    fast_tm p0 = tm_sub(r, n), p1 = tm_add(r, n);
    double x0, x1;
    if (tm_neg(p0) || tm_neg(p1)) {
        f->ahead = tm_ahead(tm_neg(p0) ? p0 : p1, m, h);
        return 1;
    }
    if (best == NULL)
        return 0;
    x0 = tm_reach(p0, t, m, h);
    x1 = tm_reach(p1, t, m, h);
    if (x1 > x0)
        x0 = x1;
    if (x0 > f->reach) {
        f->reach = x0;
        *best = d;
    }
    return 0;
}

/* The enclosure of u(T) from its model a: c -+ (|g| + r K), outward. */
static contact_iv tm_range(fast_tm a)
{
    contact_iv v;
    double w = boxtoi_iv_up(fabs(a.g) + boxtoi_iv_up(a.r * TM_K));
    v.lo = boxtoi_iv_down(a.c - w);
    v.hi = boxtoi_iv_up(a.c + w);
    return v;
}

/* Mode 2 of fast_eval_slope in Taylor models: the planes not proved
   positive on t (0, 1, or 2 for two or more; *plane one of them), their
   guesses, and with at most one, the signs of the quantities. */
static int tm_open(fast_query *f, fast_tm *qv, const fast_tm *dd,
                   const fast_tm *e1, const fast_tm *e2, contact_iv t,
                   double m, double h, int *plane)
{
    contact_iv v[Q_ONE];
    fast_tm n, r, p;
    int d, k, j, nopen = 0;
    ktm_quantities(NULL, qv, NULL);
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        if (f->bzero >> d & 1)
            continue; /* identically zero planes (fasteval.c) */
        ktm_ndot(NULL, &n, d, qv, dd);
        ktm_radius(NULL, &r, d, qv, e1, e2);
        for (j = 0; j < 2; j++) {
            p = j == 0 ? tm_sub(r, n) : tm_add(r, n);
            if (tm_range(p).lo > 0)
                continue;
            if (p.g > 0) /* as guess_zero (fastslope.c): m - c H / g */
                keep_guess(f, m - p.c / p.g * h, t);
            if (nopen++ == 0)
                *plane = 2 * d + j;
        }
    }
    if (nopen > 1)
        return 2;
    for (k = 0; k < Q_ONE; k++)
        v[k] = tm_range(qv[k]);
    record_signs(f, v, 1);
    return nopen;
}

/* fast_eval_slope's modes 0 and 2 in Taylor models.  Mode 0: the same
   face test first, then every direction from the one that separated
   last, with the same partial proofs from the left end. */
int fast_eval_tm(fast_query *f, contact_iv t, int mode, int *plane)
{
    fast_tm qv[Q_ONE], dd[3], n, r, x, e1[3], e2[3];
    double m = t.lo + (t.hi - t.lo) / 2, a, b, h;
    int k, di, have_adj = 0, done = -1, best = -1;
    if (!(t.lo <= m && m <= t.hi))
        return mode == 2 ? 2 : 0;
    a = m - t.lo;
    b = t.hi - m;
    h = boxtoi_iv_up(a > b ? a : b); /* >= |t - m| on t */
    x.c = m; /* t = m + h s exactly */
    x.g = h;
    x.r = 0;
    for (k = 0; k < 3; k++) {
        e1[k] = tm_of_ball(f->be1[k]);
        e2[k] = tm_of_ball(f->be2[k]);
    }
    if (mode == 0 && f->last < 3) {
        k = f->last;
        dd[k] = tm_horner(f->brel[9 + k], f->rlen[9 + k], x);
        qv[Q_W] = tm_horner(f->brel[12], f->rlen[12], x);
        for (di = 0; di < 3; di++)
            qv[Q_A(k, di)] =
                tm_horner(f->brel[3 * k + di], f->rlen[3 * k + di], x);
        ktm_ndot(NULL, &n, k, qv, dd);
        ktm_radius(NULL, &r, k, qv, e1, e2);
        /* mode 0: its partial proof from the left end too (best), as
           the loop below would give it first, which then skips it */
        if (tm_planes(f, n, r, t, m, h, k, &best))
            return 1;
        done = k;
    }
    for (k = 0; k < 9; k++)
        if (k / 3 != done)
            qv[k] = tm_horner(f->brel[k], f->rlen[k], x);
    if (done < 0)
        qv[Q_W] = tm_horner(f->brel[12], f->rlen[12], x);
    for (k = 0; k < 3; k++)
        if (k != done)
            dd[k] = tm_horner(f->brel[9 + k], f->rlen[9 + k], x);
    if (mode == 2)
        return tm_open(f, qv, dd, e1, e2, t, m, h, plane);
    for (di = done < 0 ? 0 : 1; di < BOXTOI_NDIRS; di++) {
        int d = (di + f->last) % BOXTOI_NDIRS;
        if (d >= 3 && !have_adj) {
            ktm_quantities(NULL, qv, NULL);
            have_adj = 1;
        }
        ktm_ndot(NULL, &n, d, qv, dd);
        ktm_radius(NULL, &r, d, qv, e1, e2);
        if (tm_planes(f, n, r, t, m, h, d, &best)) {
            f->last = d;
            return 1;
        }
    }
    if (best >= 0)
        f->last = best;
    return 0;
}
