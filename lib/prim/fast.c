/* lib/prim/fast.c: the certified double path of the primitive queries
   (doc/algorithm.md §9.7): the common case of a coplanarity cubic with
   simple roots in (0, 1), decided in outward-rounded interval
   arithmetic (lib/util/interval.h), with the exact time built directly
   from the exact cubic (lib/prim/cubic.c).

   Steps: (1) the Bernstein coefficients S_0..S_3 of the cubic on
   [0, 1], enclosed by the filter's doubles and their error bound
   (§9.5), and de Casteljau halves of them, isolate its roots in (0, 1):
   a piece with one certified sign variation holds exactly one root, a
   simple one; (2) a Newton iteration in plain doubles proposes it, and
   f(alpha), f(beta) of certified opposite signs bracket it; (3) the
   inside quantities of §9.2, enclosed over [alpha, beta], are all > 0
   (contact at that root, interior features) or one is < 0 (not at that
   root; the next is tried); (4) for a contact, the exact cubic, made
   canonical and proved square-free, and [alpha, beta] are the algebraic
   number tau.  Anything else returns 0. */
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

static ivec v_sub(boxtoi_ivchk *chk, const ivec *a, const ivec *b)
{
    ivec r;
    int j;
    for (j = 0; j < 3; j++)
        r.c[j] = SUB(a->c[j], b->c[j]);
    return r;
}

static ivec v_cross(boxtoi_ivchk *chk, const ivec *a, const ivec *b)
{
    ivec r;
    r.c[0] = SUB(MUL(a->c[1], b->c[2]), MUL(a->c[2], b->c[1]));
    r.c[1] = SUB(MUL(a->c[2], b->c[0]), MUL(a->c[0], b->c[2]));
    r.c[2] = SUB(MUL(a->c[0], b->c[1]), MUL(a->c[1], b->c[0]));
    return r;
}

static iv v_dot(boxtoi_ivchk *chk, const ivec *a, const ivec *b)
{
    iv r = MUL(a->c[0], b->c[0]);
    r = ADD(r, MUL(a->c[1], b->c[1]));
    return ADD(r, MUL(a->c[2], b->c[2]));
}

/* f(t) = sum S_m (1 - t)^(3 - m) t^m at the double t in [0, 1]. */
static iv bern_at(boxtoi_ivchk *chk, const iv s[4], double t)
{
    iv u = SUB(boxtoi_iv_point(1.0), boxtoi_iv_point(t)), v;
    iv tt = boxtoi_iv_point(t), uu = MUL(u, u), t2 = MUL(tt, tt), r;
    v = MUL(s[0], MUL(uu, u));
    r = ADD(v, MUL(s[1], MUL(uu, tt)));
    r = ADD(r, MUL(s[2], MUL(u, t2)));
    return ADD(r, MUL(s[3], MUL(t2, tt)));
}

/* Signs of the inside quantities over the interval t (§9.2): 1 when
   all are > 0, -1 when one is < 0, 0 when undecided. */
static int inside(boxtoi_ivchk *chk, const ivec x0[4], const ivec x1[4],
                  iv t, int kind)
{
    ivec x[4], a, b, c, n, h;
    iv q[4], nn;
    int i, j, k, all = 1;

    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            x[i].c[j] = ADD(x0[i].c[j], MUL(t, SUB(x1[i].c[j], x0[i].c[j])));
    if (kind == BOXTOI_PRIM_VF) {
        /* e_AB, e_BC, e_CA = ((V' - V) x (P - V)) . n */
        a = v_sub(chk, x + 2, x + 1);
        b = v_sub(chk, x + 3, x + 1);
        n = v_cross(chk, &a, &b);
        for (k = 0; k < 3; k++) {
            int v0 = 1 + k, v1 = 1 + (k + 1) % 3;
            a = v_sub(chk, x + v1, x + v0);
            b = v_sub(chk, x + 0, x + v0);
            h = v_cross(chk, &a, &b);
            q[k] = v_dot(chk, &h, &n);
        }
        q[3] = q[0];
    } else {
        /* s nn, nn - s nn, u nn, nn - u nn */
        a = v_sub(chk, x + 1, x + 0);
        b = v_sub(chk, x + 3, x + 2);
        c = v_sub(chk, x + 2, x + 0);
        n = v_cross(chk, &a, &b);
        nn = v_dot(chk, &n, &n);
        h = v_cross(chk, &c, &b);
        q[0] = v_dot(chk, &h, &n);
        q[1] = SUB(nn, q[0]);
        h = v_cross(chk, &c, &a);
        q[2] = v_dot(chk, &h, &n);
        q[3] = SUB(nn, q[2]);
    }
    if (boxtoi_iv_failed(*chk))
        return 0;
    for (k = 0; k < 4; k++) {
        if (q[k].hi < 0.0)
            return -1;
        if (!(q[k].lo > 0.0))
            all = 0;
    }
    return all;
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

/* A piece [a0, a1] of [0, 1] with the Bernstein coefficients of f on
   it (true coefficients, b_m = S_m / C(3, m) on [0, 1]). */
typedef struct {
    iv b[4];
    double a0, a1;
} piece;

/* (a + b) / 2 */
static iv mid(boxtoi_ivchk *chk, iv a, iv b)
{
    return MUL(ADD(a, b), boxtoi_iv_point(0.5));
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

static int iv_sgn(iv a)
{
    return a.lo > 0.0 ? 1 : a.hi < 0.0 ? -1 : 0;
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

/* A root proposal in (lo, hi), where f(lo) has sign s0 and f(hi) the
   other: Newton's method on the power basis c (plain doubles),
   guarded by bisection; its value is never trusted. */
static double propose(const double c[4], double lo, double hi, int s0)
{
    double x = 0.5 * (lo + hi), fx, dx, xn;
    int k;
    for (k = 0; k < 80; k++) {
        fx = ((c[3] * x + c[2]) * x + c[1]) * x + c[0];
        if (fx == 0.0)
            break;
        if ((fx > 0.0) == (s0 > 0))
            lo = x;
        else
            hi = x;
        dx = fx / ((3.0 * c[3] * x + 2.0 * c[2]) * x + c[1]);
        xn = x - dx;
        if (!(xn > lo && xn < hi))
            xn = 0.5 * (lo + hi);
        if (fabs(xn - x) <= 0x1p-52 * 16.0 || !(lo < xn && xn < hi)) {
            x = xn;
            break;
        }
        x = xn;
    }
    return x;
}

/* A certified bracket [*a, *b] inside piece p (one variation: one
   simple root) around a proposal: f(a) has the sign of f(a0), f(b)
   that of f(a1) (s the coefficients on [0, 1], c the power basis). */
static int bracket(boxtoi_ivchk *chk, double *a, double *b, const piece *p,
                   const iv s[4], const double c[4])
{
    int s0 = iv_sgn(p->b[0]), s3 = iv_sgn(p->b[3]);
    double x = propose(c, p->a0, p->a1, s0), w;

    for (w = 0x1p-40; w <= 0x1p-10; w *= 0x1p+15) {
        *a = x - w > p->a0 ? x - w : p->a0;
        *b = x + w < p->a1 ? x + w : p->a1;
        if (*a > p->a0 && iv_sgn(bern_at(chk, s, *a)) != s0)
            continue;
        if (*b < p->a1 && iv_sgn(bern_at(chk, s, *b)) != s3)
            continue;
        return !boxtoi_iv_failed(*chk);
    }
    return 0;
}

/* The exact answer at the root bracketed by [a, b]: 1 when set, 0 when
   the cubic is not square-free (left to the exact method). */
static int exact_time(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
                      const prim_dbl *d, double a, double b)
{
    /* one root of f in [a, b], f(a) f(b) < 0: the invariant of §5 */
    prim_cubic(&res->t.poly, q, d, 1);
    if (!prim_squarefree(&res->t.poly))
        return 0;
    mpq_set_d(res->t.lo, a);
    mpq_set_d(res->t.hi, b);
    res->status = BOXTOI_PRIM_CONTACT;
    res->feature[0] = q->kind == BOXTOI_PRIM_VF ? 1 : 3;
    res->feature[1] = q->kind == BOXTOI_PRIM_VF ? 7 : 3;
    return 1;
}

#define MAX_PIECES 32

int prim_fast(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
              const prim_dbl *d)
{
    boxtoi_ivchk chk0 = 0, *chk = &chk0;
    ivec x[2][4];
    iv s[4], t;
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
    to_iv(x, d);
    /* (2) the roots in (0, 1) from left to right: pieces with no sign
       variation hold none, with one exactly one (a simple one); the
       first root whose inside test passes is the answer, a root whose
       test fails is passed over */
    res->initial = 0;
    res->filtered = 1;
    res->status = BOXTOI_PRIM_NO_CONTACT;
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
        if (!bracket(chk, &a, &b, &p, s, c))
            return 0;
        t.lo = a;
        t.hi = b;
        in = inside(chk, x[0], x[1], t, q->kind);
        if (in == 0)
            return 0;
        if (in > 0)
            return exact_time(res, q, d, a, b);
    }
    return 1;
}
