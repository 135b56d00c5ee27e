/* lib/prim/fast.c: the certified double path of the primitive queries
   (doc/algorithm.md §9.7): the common case of a coplanarity cubic with
   a single simple root in (0, 1), decided in interval arithmetic, with
   the exact time built directly from the exact cubic.

   Interval arithmetic: every operation is done in round-to-nearest and
   its result moved outward by one double (dn, up), which contains the
   exact result of the operation on the interval ends, without changing
   the rounding mode.  Inputs are exact doubles (n / 2^e) or the
   neighbouring doubles of a truncated value; coordinates are zero or
   of magnitude in [2^-200, 2^200], so nothing overflows.  Steps:
   (1) the Bernstein coefficients S_0..S_3 of the cubic on [0, 1] have
   certified signs with exactly one sign variation, so it has exactly
   one root tau in (0, 1), a simple one, and no contact is possible at
   any other time of [0, 1]; (2) a double bisection proposes tau, and
   f(alpha), f(beta) of opposite certified signs bracket it; (3) the
   inside quantities of §9.2, enclosed over [alpha, beta], are all > 0
   (contact at tau, interior features) or one is < 0 (no contact);
   (4) for a contact, the exact cubic is formed in integers and, when
   its discriminant is not zero (square-free), it and [alpha, beta]
   are the algebraic number tau.  Anything else returns 0. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "prim/impl.h"

typedef struct {
    double lo, hi;
} iv;

/* The neighbouring doubles below and above a finite x. */
static inline double dn(double x)
{
    uint64_t b;
    if (x == 0.0)
        return -0x1p-1074;
    memcpy(&b, &x, sizeof b);
    b += x > 0.0 ? (uint64_t)-1 : 1;
    memcpy(&x, &b, sizeof b);
    return x;
}

static inline double up(double x)
{
    uint64_t b;
    if (x == 0.0)
        return 0x1p-1074;
    memcpy(&b, &x, sizeof b);
    b += x > 0.0 ? 1 : (uint64_t)-1;
    memcpy(&x, &b, sizeof b);
    return x;
}

static inline iv iv_add(iv a, iv b)
{
    iv r;
    r.lo = dn(a.lo + b.lo);
    r.hi = up(a.hi + b.hi);
    return r;
}

static inline iv iv_sub(iv a, iv b)
{
    iv r;
    r.lo = dn(a.lo - b.hi);
    r.hi = up(a.hi - b.lo);
    return r;
}

static inline iv iv_mul(iv a, iv b)
{
    double p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    double lo = p[0], hi = p[0];
    int k;
    iv r;
    for (k = 1; k < 4; k++) {
        lo = p[k] < lo ? p[k] : lo;
        hi = p[k] > hi ? p[k] : hi;
    }
    r.lo = dn(lo);
    r.hi = up(hi);
    return r;
}

static int iv_sgn(iv a)
{
    return a.lo > 0.0 ? 1 : a.hi < 0.0 ? -1 : 0;
}

typedef struct {
    iv c[3];
} ivec;

static inline ivec v_sub(const ivec *a, const ivec *b)
{
    ivec r;
    int j;
    for (j = 0; j < 3; j++)
        r.c[j] = iv_sub(a->c[j], b->c[j]);
    return r;
}

static inline ivec v_cross(const ivec *a, const ivec *b)
{
    ivec r;
    int j, k, l;
    for (j = 0; j < 3; j++) {
        k = (j + 1) % 3;
        l = (j + 2) % 3;
        r.c[j] = iv_sub(iv_mul(a->c[k], b->c[l]), iv_mul(a->c[l], b->c[k]));
    }
    return r;
}

static inline iv v_dot(const ivec *a, const ivec *b)
{
    iv r = iv_mul(a->c[0], b->c[0]);
    r = iv_add(r, iv_mul(a->c[1], b->c[1]));
    return iv_add(r, iv_mul(a->c[2], b->c[2]));
}

/* The three edge vectors of the coplanarity determinant from vertices
   x[0..3] (§9.2): vertex-face B - A, C - A, P - A; edge-edge B - A,
   D - C, C - A. */
static void edge_vectors(ivec e[3], const ivec x[4], int kind)
{
    if (kind == BOXTOI_PRIM_VF) {
        e[0] = v_sub(x + 2, x + 1);
        e[1] = v_sub(x + 3, x + 1);
        e[2] = v_sub(x + 0, x + 1);
    } else {
        e[0] = v_sub(x + 1, x + 0);
        e[1] = v_sub(x + 3, x + 2);
        e[2] = v_sub(x + 2, x + 0);
    }
}

/* f(t) = sum S_m (1 - t)^(3 - m) t^m over the interval t. */
static iv bern_eval(const iv s[4], iv t)
{
    iv one = {1.0, 1.0}, r = {0.0, 0.0}, a;
    iv omt = iv_sub(one, t);
    int m, k;
    for (m = 0; m <= 3; m++) {
        a = s[m];
        for (k = 0; k < 3 - m; k++)
            a = iv_mul(a, omt);
        for (k = 0; k < m; k++)
            a = iv_mul(a, t);
        r = iv_add(r, a);
    }
    return r;
}

/* The same in plain doubles, for the bisection's proposals only. */
static double bern_mid(const double s[4], double t)
{
    double u = 1.0 - t;
    return s[0] * u * u * u + s[1] * u * u * t + s[2] * u * t * t
           + s[3] * t * t * t;
}

/* Signs of the inside quantities over the interval t (§9.2): 1 when
   all are > 0, -1 when one is < 0, 0 when undecided. */
static int inside(const ivec x0[4], const ivec x1[4], iv t, int kind)
{
    ivec x[4], a, b, c, n, h;
    iv q[4], nn;
    int i, j, k, all = 1;

    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            x[i].c[j] = iv_add(x0[i].c[j],
                               iv_mul(t, iv_sub(x1[i].c[j], x0[i].c[j])));
    if (kind == BOXTOI_PRIM_VF) {
        /* e_AB, e_BC, e_CA = ((V' - V) x (P - V)) . n */
        a = v_sub(x + 2, x + 1);
        b = v_sub(x + 3, x + 1);
        n = v_cross(&a, &b);
        for (k = 0; k < 3; k++) {
            int v0 = 1 + k, v1 = 1 + (k + 1) % 3;
            a = v_sub(x + v1, x + v0);
            b = v_sub(x + 0, x + v0);
            h = v_cross(&a, &b);
            q[k] = v_dot(&h, &n);
        }
        q[3] = q[0];
    } else {
        /* s nn, nn - s nn, u nn, nn - u nn */
        a = v_sub(x + 1, x + 0);
        b = v_sub(x + 3, x + 2);
        c = v_sub(x + 2, x + 0);
        n = v_cross(&a, &b);
        nn = v_dot(&n, &n);
        h = v_cross(&c, &b);
        q[0] = v_dot(&h, &n);
        q[1] = iv_sub(nn, q[0]);
        h = v_cross(&c, &a);
        q[2] = v_dot(&h, &n);
        q[3] = iv_sub(nn, q[2]);
    }
    for (k = 0; k < 4; k++) {
        int sg = iv_sgn(q[k]);
        if (sg < 0)
            return -1;
        if (sg == 0)
            all = 0;
    }
    return all;
}

/* mpz vectors for the exact cubic. */
typedef struct {
    mpz_t c[3];
} zvec;

/* Room for the products of the benchmark's scaled coordinates (about
   110 bits each) without reallocation; only speed depends on it. */
#define ZBITS 512

static void z_init(zvec *v)
{
    mpz_init2(v->c[0], ZBITS);
    mpz_init2(v->c[1], ZBITS);
    mpz_init2(v->c[2], ZBITS);
}

static void z_clear(zvec *v)
{
    mpz_clear(v->c[0]);
    mpz_clear(v->c[1]);
    mpz_clear(v->c[2]);
}

/* res = the coplanarity cubic times L^3 (L the common denominator of
   the coordinates), in the power basis, from the exact Bernstein
   coefficients S_m = sum over i + j + k = m of u_i . (v_j x w_k):
   f = S0 (1-t)^3 + S1 (1-t)^2 t + S2 (1-t) t^2 + S3 t^3. */
static void exact_cubic(boxtoi_poly_t res, const boxtoi_prim_query_t q)
{
    static const int vf[3][2] = {{2, 1}, {3, 1}, {0, 1}};
    static const int ee[3][2] = {{1, 0}, {3, 2}, {2, 0}};
    const int(*ev)[2] = q->kind == BOXTOI_PRIM_VF ? vf : ee;
    zvec e[2][3], cr;
    mpz_t den, x, y, s[4];
    long emax;
    int k, i, j, l, m;

    mpz_init(den);
    mpz_init2(x, ZBITS);
    mpz_init2(y, ZBITS);
    for (m = 0; m < 4; m++)
        mpz_init2(s[m], ZBITS);
    z_init(&cr);
    emax = prim_denominator(den, q);
    /* e[k][r] = L (x_a - x_b) at time k for the pair ev[r] */
    for (k = 0; k < 2; k++)
        for (i = 0; i < 3; i++) {
            z_init(&e[k][i]);
            for (j = 0; j < 3; j++) {
                prim_scaled(x, q->x[k][ev[i][0]][j], den, emax);
                prim_scaled(y, q->x[k][ev[i][1]][j], den, emax);
                mpz_sub(e[k][i].c[j], x, y);
            }
        }
    for (j = 0; j < 2; j++)
        for (l = 0; l < 2; l++) {
            for (m = 0; m < 3; m++) {
                int a = (m + 1) % 3, b = (m + 2) % 3;
                mpz_mul(cr.c[m], e[j][1].c[a], e[l][2].c[b]);
                mpz_submul(cr.c[m], e[j][1].c[b], e[l][2].c[a]);
            }
            for (i = 0; i < 2; i++)
                for (m = 0; m < 3; m++)
                    mpz_addmul(s[i + j + l], e[i][0].c[m], cr.c[m]);
        }
    boxtoi_poly_zero(res);
    boxtoi_poly_set_coeff_mpz(res, 0, s[0]);
    mpz_mul_si(x, s[0], -3);
    mpz_add(x, x, s[1]);
    boxtoi_poly_set_coeff_mpz(res, 1, x);
    mpz_mul_si(x, s[0], 3);
    mpz_submul_ui(x, s[1], 2);
    mpz_add(x, x, s[2]);
    boxtoi_poly_set_coeff_mpz(res, 2, x);
    mpz_sub(x, s[1], s[0]);
    mpz_sub(x, x, s[2]);
    mpz_add(x, x, s[3]);
    boxtoi_poly_set_coeff_mpz(res, 3, x);
    for (k = 0; k < 2; k++)
        for (i = 0; i < 3; i++)
            z_clear(&e[k][i]);
    z_clear(&cr);
    for (m = 0; m < 4; m++)
        mpz_clear(s[m]);
    mpz_clear(y);
    mpz_clear(x);
    mpz_clear(den);
}

/* Non-zero when p (degree 1 to 3) is square-free: its discriminant
   (c^2 - 4bd for b t^2 + c t + d; for a t^3 + b t^2 + c t + d,
   18abcd - 4b^3 d + b^2 c^2 - 4ac^3 - 27a^2 d^2) is not zero. */
static int squarefree(const boxtoi_poly_t p)
{
    long n = boxtoi_poly_degree(p);
    mpz_srcptr d = p->coeffs, c = p->coeffs + 1, b, a;
    mpz_t r, x;
    int res;

    if (n <= 1)
        return n == 1;
    mpz_init2(r, 4 * ZBITS);
    mpz_init2(x, 4 * ZBITS);
    b = p->coeffs + 2;
    if (n == 2) {
        mpz_mul(r, c, c);
        mpz_mul(x, b, d);
        mpz_submul_ui(r, x, 4);
    } else {
        a = p->coeffs + 3;
        mpz_mul(r, a, b);
        mpz_mul(r, r, c);
        mpz_mul(r, r, d);
        mpz_mul_ui(r, r, 18);
        mpz_mul(x, b, b);
        mpz_mul(x, x, b);
        mpz_mul(x, x, d);
        mpz_submul_ui(r, x, 4);
        mpz_mul(x, b, c);
        mpz_addmul(r, x, x);
        mpz_mul(x, c, c);
        mpz_mul(x, x, c);
        mpz_mul(x, x, a);
        mpz_submul_ui(r, x, 4);
        mpz_mul(x, a, d);
        mpz_mul(x, x, x);
        mpz_submul_ui(r, x, 27);
    }
    res = mpz_sgn(r) != 0;
    mpz_clear(x);
    mpz_clear(r);
    return res;
}

/* The query's vertices as intervals: x[k][i] at time k, a point for an
   exact double, else the neighbouring doubles of the truncated value. */
static void to_iv(ivec x[2][4], const prim_dbl *d)
{
    int k, i, j;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++) {
                double v = d->x[k][i][j];
                int ex = d->exact[k][i][j];
                x[k][i].c[j].lo = ex ? v : dn(v);
                x[k][i].c[j].hi = ex ? v : up(v);
            }
}

/* A piece [a0, a1] of [0, 1] with the Bernstein coefficients of f on
   it (true coefficients, b_m = S_m / C(3, m) on [0, 1]). */
typedef struct {
    iv b[4];
    double a0, a1;
} piece;

static iv iv_half(iv a)
{
    iv r;
    r.lo = dn(0.5 * a.lo);
    r.hi = up(0.5 * a.hi);
    return r;
}

/* de Casteljau at the middle: p = l then r. */
static void split(piece *l, piece *r, const piece *p)
{
    iv x01 = iv_half(iv_add(p->b[0], p->b[1]));
    iv x12 = iv_half(iv_add(p->b[1], p->b[2]));
    iv x23 = iv_half(iv_add(p->b[2], p->b[3]));
    iv x012 = iv_half(iv_add(x01, x12)), x123 = iv_half(iv_add(x12, x23));
    iv m = iv_half(iv_add(x012, x123));
    double mid = 0.5 * (p->a0 + p->a1);
    r->b[0] = m;
    r->b[1] = x123;
    r->b[2] = x23;
    r->b[3] = p->b[3];
    r->a0 = mid;
    r->a1 = p->a1;
    l->b[1] = x01;
    l->b[2] = x012;
    l->b[3] = m;
    l->b[0] = p->b[0];
    l->a0 = p->a0;
    l->a1 = mid;
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

/* A certified bracket [*a, *b] inside piece p (one variation: one
   simple root) from a bisection's proposal: f(a) has the sign of f(a0),
   f(b) that of f(a1) (s the coefficients on [0, 1], sm their middles). */
static int bracket(double *a, double *b, const piece *p, const iv s[4],
                   const double sm[4])
{
    double lo = p->a0, hi = p->a1, mid, w;
    int s0 = iv_sgn(p->b[0]), s3 = iv_sgn(p->b[3]), k;
    iv t;

    for (k = 0; k < 64; k++) {
        mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi)
            break;
        if ((bern_mid(sm, mid) > 0.0) == (s0 > 0))
            lo = mid;
        else
            hi = mid;
    }
    for (w = 0x1p-40; w <= 0x1p-10; w *= 0x1p+15) {
        *a = lo - w > p->a0 ? lo - w : p->a0;
        *b = hi + w < p->a1 ? hi + w : p->a1;
        t.lo = t.hi = *a;
        if (*a > p->a0 && iv_sgn(bern_eval(s, t)) != s0)
            continue;
        t.lo = t.hi = *b;
        if (*b < p->a1 && iv_sgn(bern_eval(s, t)) != s3)
            continue;
        return 1;
    }
    return 0;
}

/* The exact answer at the root bracketed by [a, b]: 1 when set, 0 when
   the cubic is not square-free (left to the exact method). */
static int exact_time(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
                      double a, double b)
{
    boxtoi_poly_t f;
    int ok;
    boxtoi_poly_init(f);
    exact_cubic(f, q);
    boxtoi_poly_canonical(f, f);
    ok = squarefree(f);
    if (ok) {
        /* one root of f in [a, b], f(a) f(b) < 0: the invariant of §5 */
        boxtoi_poly_swap(&res->t.poly, f);
        mpq_set_d(res->t.lo, a);
        mpq_set_d(res->t.hi, b);
        res->status = BOXTOI_PRIM_CONTACT;
        res->feature[0] = q->kind == BOXTOI_PRIM_VF ? 1 : 3;
        res->feature[1] = q->kind == BOXTOI_PRIM_VF ? 7 : 3;
    }
    boxtoi_poly_clear(f);
    return ok;
}

#define MAX_PIECES 32

int prim_fast(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
              const prim_dbl *d)
{
    ivec x[2][4], e[2][3], cr;
    iv s[4], t, three = {3.0, 3.0};
    double sm[4], a, b;
    piece stack[MAX_PIECES], p;
    int k, i, j, l, m, n = 0, v, in;

    if (mpq_sgn(q->t0) != 0 || q->t1_inf || mpq_cmp_ui(q->t1, 1, 1) != 0)
        return 0;
    to_iv(x, d);
    /* (1) the Bernstein coefficients on [0, 1] */
    for (k = 0; k < 2; k++)
        edge_vectors(e[k], x[k], q->kind);
    for (m = 0; m < 4; m++)
        s[m].lo = s[m].hi = 0.0;
    for (j = 0; j < 2; j++)
        for (l = 0; l < 2; l++) {
            cr = v_cross(&e[j][1], &e[l][2]);
            for (i = 0; i < 2; i++)
                s[i + j + l] = iv_add(s[i + j + l], v_dot(&e[i][0], &cr));
        }
    for (m = 0; m < 4; m++)
        sm[m] = 0.5 * s[m].lo + 0.5 * s[m].hi;
    p.a0 = 0.0;
    p.a1 = 1.0;
    p.b[0] = s[0];
    p.b[3] = s[3];
    /* b_1 = S_1 / 3, b_2 = S_2 / 3: enclosed by S / [3, 3] rounded out */
    for (m = 1; m <= 2; m++) {
        p.b[m].lo = dn(s[m].lo / three.lo);
        p.b[m].hi = up(s[m].hi / three.hi);
    }
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
        if (v < 0)
            return 0;
        if (v == 0)
            continue;
        if (v > 1) {
            if (n + 2 > MAX_PIECES || p.a1 - p.a0 < 0x1p-12)
                return 0;
            split(stack + n + 1, stack + n, &p); /* left on top */
            n += 2;
            continue;
        }
        if (!bracket(&a, &b, &p, s, sm))
            return 0;
        t.lo = a;
        t.hi = b;
        in = inside(x[0], x[1], t, q->kind);
        if (in == 0)
            return 0;
        if (in > 0)
            return exact_time(res, q, a, b);
    }
    return 1;
}
