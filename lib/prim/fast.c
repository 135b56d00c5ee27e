/* lib/prim/fast.c: the certified double path of the primitive queries
   (doc/algorithm.md §9.7): the common case of a coplanarity cubic with
   simple roots in (0, 1), decided in outward-rounded interval
   arithmetic (lib/util/interval.h), the exact time left to be built
   from the exact cubic on demand.

   Steps: (1) the Bernstein coefficients S_0..S_3 of the cubic on
   [0, 1], enclosed by the filter's doubles and their error bound
   (§9.5), and de Casteljau halves of them, isolate its roots in (0, 1):
   a piece with one certified sign variation holds exactly one root, a
   simple one; (2) a Newton iteration in plain doubles proposes it, and
   f(alpha), f(beta) of certified opposite signs bracket it; (3) the
   inside quantities of §9.2, enclosed over [alpha, beta], are all > 0
   (contact at that root, interior features) or one is < 0 (not at that
   root; the next is tried); (4) for a contact, [alpha, beta] is kept
   in the result (res->pending) and boxtoi_prim_time (lib/prim/entry.c)
   forms the exact time from it and the exact cubic, made canonical and
   proved square-free (lib/prim/cubic.c, sqfree.c, §9.8), when it is
   asked for.
   Anything else returns 0.  Also here: the narrowing of a root's
   interval by a double proposal for the exact method (prim_refine_fast,
   end of §9.7). */
#include <limits.h>
#include <math.h>
#include <string.h>
#include "lib/util/interval.h"
#include "prim/impl.h"

typedef boxtoi_iv iv;

typedef struct {
    iv c[3];
} ivec;

#define ADD(a, b) boxtoi_iv_add(chk, a, b)
#define SUB(a, b) boxtoi_iv_sub(chk, a, b)
#define MUL(a, b) boxtoi_iv_mul(chk, a, b)

static int iv_sgn(iv a)
{
    return a.lo > 0.0 ? 1 : a.hi < 0.0 ? -1 : 0;
}

int prim_bern_sgn(const prim_dbl *d, double t)
{
    /* f(t) = sum S_m b_m(t), b_m = (1 - t)^(3 - m) t^m, in doubles in
       this order (the order of the bound in §9.7): with the computed
       basis values beta_m, |F - f(t)| <= sum (err_m + 2^-49 |s_m|)
       beta_m, enlarged by 2^-47 to cover the rounding of b_m into beta_m
       and of the bound itself */
    double u = 1.0 - t, uu = u * u, tt = t * t, f, r, b0, b1, b2, b3;
    if (t != 0.0 && !(t >= 0x1p-60 && t <= 1.0))
        return 0; /* (no underflow below, §9.7) */
    b0 = uu * u;
    b1 = uu * t;
    b2 = u * tt;
    b3 = tt * t;
    f = d->s[0] * b0 + d->s[1] * b1 + d->s[2] * b2 + d->s[3] * b3;
    r = (d->err[0] + 0x1p-49 * fabs(d->s[0])) * b0
        + (d->err[1] + 0x1p-49 * fabs(d->s[1])) * b1
        + (d->err[2] + 0x1p-49 * fabs(d->s[2])) * b2
        + (d->err[3] + 0x1p-49 * fabs(d->s[3])) * b3;
    r *= 1.0 + 0x1p-47;
    return f > r ? 1 : f < -r ? -1 : 0;
}

/* Signs of the inside quantities of §9.2 at the root tau of f in the
   interval t, from one coordinate plane (§9.7): with n(tau) != 0 and
   the points coplanar at tau, each cross product h below is parallel
   to n, h = c n, so the sign of c is that of h_a n_a for any axis a
   where n_a != 0; c is the quantity divided by |n|^2 (a barycentric
   weight, resp. the parameter s or u).  Returns 1 when all are > 0, -1
   when one is < 0, 0 when undecided. */
static int inside(boxtoi_ivchk *chk, const ivec x0[4], const ivec x1[4],
                  iv t, double tm, int kind, prim_known *kn)
{
    /* the plane of coordinates k, l, normal to axis a, where the
       proposal's |n_a| is largest (the choice needs no proof) */
    double y[4][3];
    iv x[4][2], e[3][2], na, q[4];
    int i, j, k, l, a, sg, all = 1;
    static const int vf[3][2] = {{2, 1}, {3, 1}, {0, 1}};
    static const int ee[3][2] = {{1, 0}, {3, 2}, {2, 0}};
    const int(*ev)[2] = kind == BOXTOI_PRIM_VF ? vf : ee;

    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            y[i][j] = x0[i].c[j].lo + tm * (x1[i].c[j].lo - x0[i].c[j].lo);
    a = prim_axis(y, kind);
    k = (a + 1) % 3;
    l = (a + 2) % 3;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 2; j++) {
            int c = j == 0 ? k : l;
            x[i][j] = ADD(x0[i].c[c],
                          MUL(t, SUB(x1[i].c[c], x0[i].c[c])));
        }
#define CROSS(u, v) SUB(MUL((u)[0], (v)[1]), MUL((u)[1], (v)[0]))
    for (i = 0; i < 3; i++)
        for (j = 0; j < 2; j++)
            e[i][j] = SUB(x[ev[i][0]][j], x[ev[i][1]][j]);
    na = CROSS(e[0], e[1]);
    sg = iv_sgn(na);
    if (sg == 0 || boxtoi_iv_failed(*chk))
        return 0;
    if (kind == BOXTOI_PRIM_VF) {
        /* weights of C, A, B: (B - A) x (P - A), (C - B) x (P - B),
           (A - C) x (P - C) */
        iv pb[2], pc[2], cb[2], ac[2];
        for (j = 0; j < 2; j++) {
            pb[j] = SUB(x[0][j], x[2][j]);
            pc[j] = SUB(x[0][j], x[3][j]);
            cb[j] = SUB(x[3][j], x[2][j]);
            ac[j] = SUB(x[1][j], x[3][j]);
        }
        q[0] = CROSS(e[0], e[2]);
        q[1] = CROSS(cb, pb);
        q[2] = CROSS(ac, pc);
        q[3] = q[0];
    } else {
        /* s n_a = ((C - A) x (D - C))_a, u n_a = ((C - A) x (B - A))_a */
        q[0] = CROSS(e[2], e[1]);
        q[2] = CROSS(e[2], e[0]);
        q[1] = SUB(na, q[0]);
        q[3] = SUB(na, q[2]);
    }
#undef CROSS
    if (boxtoi_iv_failed(*chk))
        return 0;
    for (i = 0; i < 4; i++) {
        if (sg < 0)
            q[i] = boxtoi_iv_neg(q[i]);
        if (q[i].hi < 0.0)
            return -1;
        if (!(q[i].lo > 0.0))
            all = 0;
    }
    if (kn != NULL && !all) {
        /* n(tau) != 0 and the signs proved, for the exact method */
        kn->n_nonzero = 1;
        kn->axis = a;
        kn->n_sign = sg;
        for (i = 0; i < 4; i++)
            kn->q[i] = q[i].lo > 0.0 ? 1 : 0;
    }
    return all;
}

/* The inside test by static bounds (lib/prim/inside.c) on the bracket
   [a, b], in the plane of the largest |n_a| at its middle. */
static int inside_static(const prim_dbl *d, double a, double b, int kind)
{
    double y[4][3], tm = 0.5 * (a + b);
    int i, j;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            y[i][j] = d->x[0][i][j] + tm * (d->x[1][i][j] - d->x[0][i][j]);
    return prim_inside_static(d, a, b, kind, prim_axis(y, kind));
}

/* The query's vertices as intervals: x[k][i] at time k, a point for an
   exact double, else the truncated double and its neighbour. */
static void to_iv(ivec x[2][4], const prim_dbl *d)
{
    int k, i, j;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++)
                boxtoi_iv_set_truncated(&x[k][i].c[j], d->x[k][i][j],
                                        d->exact[k][i][j]);
}

int prim_inside_iv(const prim_dbl *d, mpq_srcptr lo, mpq_srcptr hi,
                   int kind, prim_known *kn)
{
    boxtoi_ivchk chk0 = 0;
    ivec x[2][4];
    iv t;
    int ex;
    /* [lo, hi] rounded out: prim_get_d truncates toward zero */
    t.lo = prim_get_d(lo, &ex);
    if (!ex)
        t.lo = boxtoi_iv_down(t.lo);
    t.hi = prim_get_d(hi, &ex);
    if (!ex)
        t.hi = boxtoi_iv_up(t.hi);
    to_iv(x, d);
    if (kn != NULL)
        memset(kn, 0, sizeof *kn);
    return inside(&chk0, x[0], x[1], t, 0.5 * (t.lo + t.hi), kind, kn);
}

/* A piece [a0, a1] of [0, 1] with the Bernstein coefficients of f on
   it (true coefficients, b_m = S_m / C(3, m) on [0, 1]). */
typedef struct {
    iv b[4];
    double a0, a1;
} piece;

/* (a + b) / 2: each bound fl(a + b) * 0.5 is the rounding to nearest
   of the exact (a + b) / 2 (§9.7), so widening it as one operation's
   result encloses the exact value. */
static iv mid(boxtoi_ivchk *chk, iv a, iv b)
{
    return boxtoi_iv_widen(chk, (a.lo + b.lo) * 0.5, (a.hi + b.hi) * 0.5);
}

/* de Casteljau at the middle: p = l then r. */
static void split(boxtoi_ivchk *chk, piece *l, piece *r, const piece *p)
{
    iv x01 = mid(chk, p->b[0], p->b[1]), x12 = mid(chk, p->b[1], p->b[2]);
    iv x23 = mid(chk, p->b[2], p->b[3]);
    iv x012 = mid(chk, x01, x12), x123 = mid(chk, x12, x23);
    iv m = mid(chk, x012, x123);
    double c = 0.5 * (p->a0 + p->a1);
    r->b[0] = m;
    r->b[1] = x123;
    r->b[2] = x23;
    r->b[3] = p->b[3];
    r->a0 = c;
    r->a1 = p->a1;
    l->b[1] = x01;
    l->b[2] = x012;
    l->b[3] = m;
    l->b[0] = p->b[0];
    l->a0 = p->a0;
    l->a1 = c;
}

/* Sign variations of a piece's coefficients, -1 when a sign is not
   certified. */
static int variations(const piece *p)
{
    int m, v = 0, sg[4];
    for (m = 0; m < 4; m++) {
        sg[m] = iv_sgn(p->b[m]);
        if (sg[m] == 0)
            return -1;
        v += m > 0 && sg[m] != sg[m - 1];
    }
    return v;
}

double prim_newton(const double *c, int n, double lo, double hi, int s0,
                   double x0, double tol)
{
    double x = x0 > lo && x0 < hi ? x0 : 0.5 * (lo + hi), fx, dx, xn;
    int i, k;
    for (k = 0; k < 100; k++) {
        fx = c[n];
        dx = 0.0;
        for (i = n - 1; i >= 0; i--) {
            dx = dx * x + fx;
            fx = fx * x + c[i];
        }
        if (fx == 0.0)
            break;
        if ((fx > 0.0) == (s0 > 0))
            lo = x;
        else
            hi = x;
        xn = dx != 0.0 ? x - fx / dx : 0.5 * (lo + hi);
        if (!(xn > lo && xn < hi))
            xn = 0.5 * (lo + hi);
        if (xn == x || !(lo < xn && xn < hi))
            break;
        if (fabs(xn - x) <= tol)
            return xn;
        x = xn;
    }
    return x;
}

/* Where the piece's control polygon crosses zero (the points
   (a0 + (a1 - a0) m / 3, b_m) joined by segments, at the one sign
   change): Newton's start, a guess only (§9.9). */
static double polygon_zero(const piece *p)
{
    double y0, y1;
    int m;
    for (m = 0; m < 3; m++) {
        y0 = 0.5 * (p->b[m].lo + p->b[m].hi);
        y1 = 0.5 * (p->b[m + 1].lo + p->b[m + 1].hi);
        if ((y0 > 0.0) != (y1 > 0.0))
            return p->a0 + (p->a1 - p->a0) * (m + y0 / (y0 - y1)) / 3.0;
    }
    return 0.5 * (p->a0 + p->a1);
}

/* A certified bracket [*a, *b] inside piece p (one variation: one
   simple root) around a proposal (Newton stopped at a step of 2^-44,
   far inside the narrowest w = 2^-40, §9.9): f(a) has the sign of
   f(a0), f(b) that of f(a1) (d the query's doubles, with the Bernstein
   coefficients on [0, 1], c the power basis). */
static int bracket(boxtoi_ivchk *chk, double *a, double *b, const piece *p,
                   const prim_dbl *d, const double c[4])
{
    int s0 = iv_sgn(p->b[0]), s3 = iv_sgn(p->b[3]);
    double x = prim_newton(c, 3, p->a0, p->a1, s0, polygon_zero(p),
                           0x1p-44), w;

    for (w = 0x1p-40; w <= 0x1p-10; w *= 0x1p+15) {
        *a = x - w > p->a0 ? x - w : p->a0;
        *b = x + w < p->a1 ? x + w : p->a1;
        if (*a > p->a0 && prim_bern_sgn(d, *a) != s0)
            continue;
        if (*b < p->a1 && prim_bern_sgn(d, *b) != s3)
            continue;
        return !boxtoi_iv_failed(*chk);
    }
    return 0;
}

/* Sets res to a contact of the interiors (the features of an "all > 0"
   inside test). */
static void interior(boxtoi_prim_result_t res, const boxtoi_prim_query_t q)
{
    res->status = BOXTOI_PRIM_CONTACT;
    res->feature[0] = q->kind == BOXTOI_PRIM_VF ? 1 : 3;
    res->feature[1] = q->kind == BOXTOI_PRIM_VF ? 7 : 3;
}

/* The answer at the root bracketed by [a, b]: a contact whose exact
   time, the root of the exact cubic in [a, b], is formed later
   (boxtoi_prim_time, §9.7). */
static int pending_time(boxtoi_prim_result_t res,
                        const boxtoi_prim_query_t q, double a, double b)
{
    res->pending = 1;
    res->t_lo = a;
    res->t_hi = b;
    interior(res, q);
    return 1;
}

/* Roots at the ends only (§9.7): when S_0 or S_3 is proved zero
   (s = err = 0) and every other S_m has one certified strict sign, the
   roots of f in [0, 1] are the ends with S = 0, tested in order.
   Returns 1 when decided (res set), 0 when the exact method must run,
   -1 when the case does not apply. */
static int end_roots(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
                     const prim_dbl *d, const iv s[4])
{
    boxtoi_ivchk chk0 = 0;
    ivec x[2][4];
    int m, sg = 0, zero[4], in;

    for (m = 0; m < 4; m++)
        zero[m] = d->s[m] == 0.0 && d->err[m] == 0.0;
    if (!zero[0] && !zero[3])
        return -1;
    for (m = 0; m < 4; m++) {
        if (zero[m] && (m == 0 || m == 3))
            continue;
        if (iv_sgn(s[m]) == 0 || (sg != 0 && iv_sgn(s[m]) != sg))
            return 0;
        sg = iv_sgn(s[m]);
    }
    to_iv(x, d); /* (only here: the common case needs no vertex interval) */
    for (m = 0; m < 4; m += 3) {
        if (!zero[m])
            continue;
        in = inside(&chk0, x[0], x[1], boxtoi_iv_point(m / 3), m / 3,
                    q->kind, NULL);
        if (in == 0 || boxtoi_iv_failed(chk0))
            return 0;
        if (in > 0) {
            boxtoi_alg_set_si(&res->t, m / 3);
            res->t_lo = res->t_hi = m / 3;
            res->initial = m == 0;
            interior(res, q);
            return 1;
        }
    }
    return 1;
}

#define MAX_PIECES 32

int prim_fast(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
              const prim_dbl *d)
{
    boxtoi_ivchk chk0 = 0, *chk = &chk0;
    iv s[4];
    double c[4], a, b;
    piece stack[MAX_PIECES], p;
    int m, n = 0, v, in;

    if (!d->bern || mpq_sgn(q->t0) != 0 || q->t1_inf
        || mpq_cmp_ui(q->t1, 1, 1) != 0)
        return 0;
    /* (1) the Bernstein coefficients on [0, 1]: |S - s| <= err (§9.5) */
    for (m = 0; m < 4; m++)
        s[m] = boxtoi_iv_widen(chk, d->s[m] - d->err[m],
                               d->s[m] + d->err[m]);
    c[0] = d->s[0];
    c[1] = d->s[1] - 3.0 * d->s[0];
    c[2] = 3.0 * d->s[0] - 2.0 * d->s[1] + d->s[2];
    c[3] = d->s[3] - d->s[2] + d->s[1] - d->s[0];
    p.a0 = 0.0;
    p.a1 = 1.0;
    p.b[0] = s[0];
    p.b[3] = s[3];
    for (m = 1; m <= 2; m++) /* b_m = S_m / 3 */
        p.b[m] = boxtoi_iv_widen(chk, s[m].lo / 3.0, s[m].hi / 3.0);
    /* (2) the roots in (0, 1) from left to right: pieces with no sign
       variation hold none, with one exactly one (a simple one); the
       first root whose inside test passes is the answer, a root whose
       test fails is passed over */
    prim_result_reset(res, 1);
    if ((in = end_roots(res, q, d, s)) >= 0)
        return in;
    stack[n++] = p;
    while (n > 0) {
        p = stack[--n];
        v = variations(&p);
        if (v < 0 || boxtoi_iv_failed(*chk))
            return 0;
        if (v == 0)
            continue;
        if (v > 1) {
            if (n + 2 > MAX_PIECES || p.a1 - p.a0 < 0x1p-12)
                return 0;
            split(chk, stack + n + 1, stack + n, &p); /* left on top */
            n += 2;
            continue;
        }
        if (!bracket(chk, &a, &b, &p, d, c))
            return 0;
        in = inside_static(d, a, b, q->kind);
        if (in == 0)
            return 0;
        if (in > 0)
            return pending_time(res, q, a, b);
    }
    return 1;
}

/* Narrows tau's interval (irrational path) around a proposal x: Newton's
   method in doubles, guarded by bisection, on tau's polynomial scaled by
   a power of two (its value is never trusted).  x itself when the
   polynomial vanishes there exactly (then tau is the rational x, the
   only root in [lo, hi]); else [x - w, x + w] with w = 2^-46 max(|x|,
   2^-30), kept when the exact signs at its ends are those at lo and hi.
   Returns 0 (tau unchanged) when neither applies. */
int prim_refine_fast(boxtoi_alg_t tau)
{
    const boxtoi_poly_struct *p = &tau->poly;
    long n = p->length - 1, i, e, emax = LONG_MIN, ex[8];
    double c[8], lo, hi, x, w;
    int slo, ok = 0;
    mpq_t a, b;

    if (n < 1 || n > 7)
        return 0;
    for (i = 0; i <= n; i++) {
        c[i] = mpz_get_d_2exp(&e, p->coeffs + i);
        ex[i] = e;
        if (c[i] != 0.0 && e > emax)
            emax = e;
    }
    for (i = 0; i <= n; i++)
        c[i] = c[i] == 0.0 ? 0.0 : ldexp(c[i], (int)(ex[i] - emax));
    slo = boxtoi_poly_sgn_at_mpq(p, tau->lo);
    lo = mpq_get_d(tau->lo);
    hi = mpq_get_d(tau->hi);
    x = prim_newton(c, (int)n, lo, hi, slo, 0.5 * (lo + hi), 0.0);
    if (!isfinite(x))
        return 0; /* (mpq_set_d needs a finite double) */
    mpq_init(a);
    mpq_init(b);
    mpq_set_d(a, x);
    if (mpq_cmp(a, tau->lo) >= 0 && mpq_cmp(a, tau->hi) <= 0
        && boxtoi_poly_sgn_at_mpq(p, a) == 0) {
        boxtoi_alg_set_mpq(tau, a);
        ok = 1;
    } else {
        w = 0x1p-46 * (fabs(x) > 0x1p-30 ? fabs(x) : 0x1p-30);
        mpq_set_d(a, x - w);
        mpq_set_d(b, x + w);
        if (mpq_cmp(a, tau->lo) > 0 && mpq_cmp(b, tau->hi) < 0
            && boxtoi_poly_sgn_at_mpq(p, a) == slo
            && boxtoi_poly_sgn_at_mpq(p, b) == -slo) {
            mpq_swap(tau->lo, a);
            mpq_swap(tau->hi, b);
            ok = 1;
        }
    }
    mpq_clear(b);
    mpq_clear(a);
    return ok;
}
