/* t/prim-t.c: tests of lib/prim (doc/algorithm.md §9).

   Hand-derived queries, one per case of §9: a crossing, a miss, contact
   at t0 and at t1, vertex and edge hits, a grazing double root, an
   irrational time, coplanar motion, collapsed triangles and segments,
   parallel and collinear segments.  Every expected time, feature and
   point is derived in the comment above the query.  Then a fixed sample
   of the benchmark files (every query, when the data folder is there)
   is compared with the files' truth and with the exact method alone
   (boxtoi_prim_first_exact: the double stages change no answer), and
   every contact is checked by an independent static test with
   rationals: at a rational t they share a point, and at 64 rational
   times spread over [0, t) (over [0, lo] for an irrational t) they do
   not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "ccd-truth.h"
#include "prim-ref.h"
#include <boxtoi.h>
#include "prim/impl.h"

static int verify_rational(const boxtoi_prim_query_t q, mpq_srcptr t);

/* q from 24 rationals as text: vertex i at t = 0 is s[3 i .. 3 i + 2],
   at t = 1 s[12 + 3 i ..]. */
static void set_query(boxtoi_prim_query_t q, int kind, const char *const s[24])
{
    int k, i, j;
    q->kind = kind;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++) {
                mpq_set_str(q->x[k][i][j], s[12 * k + 3 * i + j], 10);
                mpq_canonicalize(q->x[k][i][j]);
            }
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_ui(q->t1, 1, 1);
}

/* Checks a rational answer: status contact at t = want, features. */
static void check_rational(const char *name, int kind, const char *const s[24],
                           const char *want, int initial, int f0, int f1)
{
    boxtoi_prim_query_t q;
    boxtoi_prim_result_t res, res2;
    mpq_t t, w;
    int rc;

    boxtoi_prim_query_init(q);
    boxtoi_prim_result_init(res);
    boxtoi_prim_result_init(res2);
    mpq_init(t);
    mpq_init(w);
    set_query(q, kind, s);
    rc = boxtoi_prim_first(res, q, NULL);
    is_int(BOXTOI_OK, rc, "%s: status code", name);
    if (want == NULL) {
        is_int(BOXTOI_PRIM_NO_CONTACT, res->status, "%s: no contact", name);
    } else {
        mpq_set_str(w, want, 10);
        is_int(BOXTOI_PRIM_CONTACT, res->status, "%s: contact", name);
        ok(boxtoi_alg_get_mpq(t, &res->t), "%s: t is rational", name);
        is_mpq(w, t, "%s: t", name);
        is_int(initial, res->initial, "%s: initial", name);
        is_int(f0, res->feature[0], "%s: feature of body 1", name);
        is_int(f1, res->feature[1], "%s: feature of body 2", name);
        ok(verify_rational(q, w), "%s: static test: meet at t, apart "
                                  "before", name);
    }
    /* the exact method alone gives the same answer */
    rc = boxtoi_prim_first_exact(res2, q, NULL);
    ok(rc == BOXTOI_OK && res2->status == res->status
           && (res->status == 0 || boxtoi_alg_cmp(&res->t, &res2->t) == 0),
       "%s: exact method alone agrees", name);
    mpq_clear(w);
    mpq_clear(t);
    boxtoi_prim_result_clear(res2);
    boxtoi_prim_result_clear(res);
    boxtoi_prim_query_clear(q);
}

#define VF BOXTOI_PRIM_VF
#define EE BOXTOI_PRIM_EE
/* The static triangle A(0,0,0) B(1,0,0) C(0,1,0), at t = 0 and t = 1. */
#define TRI "0", "0", "0", "1", "0", "0", "0", "1", "0"

static void hand_cases(void)
{
    /* P falls through (1/4, 1/4): z = 1 - 2t = 0 at t = 1/2, face. */
    static const char *const cross[24] = {"1/4", "1/4", "1", TRI,
                                          "1/4", "1/4", "-1", TRI};
    /* P falls beside the triangle (x + y = 4 > 1): no contact. */
    static const char *const miss[24] = {"2", "2", "1", TRI,
                                         "2", "2", "-1", TRI};
    /* P rests on the face: contact at t0 = 0. */
    static const char *const rest[24] = {"1/4", "1/4", "0", TRI,
                                         "1/4", "1/4", "0", TRI};
    /* P arrives at the face exactly at t = 1. */
    static const char *const end[24] = {"1/4", "1/4", "1", TRI,
                                        "1/4", "1/4", "0", TRI};
    /* through vertex A at t = 1/2 */
    static const char *const vtx[24] = {"0", "0", "1", TRI,
                                        "0", "0", "-1", TRI};
    /* through the middle of edge AB at t = 1/2 */
    static const char *const edge[24] = {"1/2", "0", "1", TRI,
                                         "1/2", "0", "-1", TRI};
    /* Grazing: C(t) = (0, 1, 2t - 1) tilts the plane, whose normal is
       (0, 1 - 2t, 1); P(t) = (1/4, t/2, t/2 - 1/4) gives
       f = (1 - 2t) t/2 + t/2 - 1/4 = -(t - 1/2)^2, a double root: P
       touches the plane at t = 1/2 at (1/4, 1/4, 0), inside. */
    static const char *const graze[24] = {
        "1/4", "0", "-1/4", "0", "0", "0", "1", "0", "0", "0", "1", "-1",
        "1/4", "1/2", "1/4", "0", "0", "0", "1", "0", "0", "0", "1", "1"};
    /* Coplanar motion (f = 0): P slides in z = 0 along y = 1/4 from
       x = -1 to x = 1 and enters through edge CA (x = 0) at t = 1/2. */
    static const char *const slide[24] = {"-1", "1/4", "0", TRI,
                                          "1", "1/4", "0", TRI};
    /* Collapsed triangle A(0,0,0) B(1,0,0) C(2,0,0) (n = 0 for all t):
       P(t) = (1/2, 1 - 2t, 1 - 2t) meets segment AB at t = 1/2. */
    static const char *const flat[24] = {
        "1/2", "1", "1", "0", "0", "0", "1", "0", "0", "2", "0", "0",
        "1/2", "-1", "-1", "0", "0", "0", "1", "0", "0", "2", "0", "0"};
    /* A triangle collapsed to the origin; P from (-1,-1,-1) to (1,1,1)
       passes it at t = 1/2 (vertex A, the first vertex found). */
    static const char *const dot[24] = {
        "-1", "-1", "-1", "0", "0", "0", "0", "0", "0", "0", "0", "0",
        "1", "1", "1", "0", "0", "0", "0", "0", "0", "0", "0", "0"};
    /* Segments: AB on the x axis from -1 to 1; CD along y at x = 0
       descending z = 1 - 2t: they cross at the origin at t = 1/2. */
    static const char *const ecross[24] = {
        "-1", "0", "0", "1", "0", "0", "0", "-1", "1", "0", "1", "1",
        "-1", "0", "0", "1", "0", "0", "0", "-1", "-1", "0", "1", "-1"};
    /* the same with CD at x = 2: no contact */
    static const char *const emiss[24] = {
        "-1", "0", "0", "1", "0", "0", "2", "-1", "1", "2", "1", "1",
        "-1", "0", "0", "1", "0", "0", "2", "-1", "-1", "2", "1", "-1"};
    /* Parallel in z = 0 (g = 0): CD = AB moved by (0, 1 - 2t, 0); they
       coincide at t = 1/2; the first end found is C = A. */
    static const char *const epar[24] = {
        "0", "0", "0", "1", "0", "0", "0", "1", "0", "1", "1", "0",
        "0", "0", "0", "1", "0", "0", "0", "-1", "0", "1", "-1", "0"};
    /* Collinear on the x axis: AB = [0, 1], CD = [2 - 3t/2, 3 - 3t/2];
       C reaches B at t = 2/3. */
    static const char *const ecol[24] = {
        "0", "0", "0", "1", "0", "0", "2", "0", "0", "3", "0", "0",
        "0", "0", "0", "1", "0", "0", "1/2", "0", "0", "3/2", "0", "0"};
    /* CD collapsed to a point (C = D) falling through AB at x = 1/2. */
    static const char *const epoint[24] = {
        "-1", "0", "0", "1", "0", "0", "1/2", "0", "1", "1/2", "0", "1",
        "-1", "0", "0", "1", "0", "0", "1/2", "0", "-1", "1/2", "0", "-1"};
    /* CD vertical on the z axis, C from z = 1 to -1, D from 3 to 1:
       C meets the interior of AB at t = 1/2 (AB and CD coplanar). */
    static const char *const eend[24] = {
        "-1", "0", "0", "1", "0", "0", "0", "0", "1", "0", "0", "3",
        "-1", "0", "0", "1", "0", "0", "0", "0", "-1", "0", "0", "1"};
    /* crossing at t0 = 0: the crossing query's t = 1 positions */
    static const char *const einit[24] = {
        "-1", "0", "0", "1", "0", "0", "0", "-1", "0", "0", "1", "0",
        "-1", "0", "0", "1", "0", "0", "0", "-1", "-1", "0", "1", "-1"};

    check_rational("vf crossing", VF, cross, "1/2", 0, 1, 7);
    check_rational("vf miss", VF, miss, NULL, 0, 0, 0);
    check_rational("vf at t0", VF, rest, "0", 1, 1, 7);
    check_rational("vf at t1", VF, end, "1", 0, 1, 7);
    check_rational("vf vertex", VF, vtx, "1/2", 0, 1, 1);
    check_rational("vf edge", VF, edge, "1/2", 0, 1, 3);
    check_rational("vf grazing double root", VF, graze, "1/2", 0, 1, 7);
    check_rational("vf coplanar motion", VF, slide, "1/2", 0, 1, 5);
    check_rational("vf collapsed triangle", VF, flat, "1/2", 0, 1, 3);
    check_rational("vf triangle is a point", VF, dot, "1/2", 0, 1, 1);
    check_rational("ee crossing", EE, ecross, "1/2", 0, 3, 3);
    check_rational("ee miss", EE, emiss, NULL, 0, 0, 0);
    check_rational("ee parallel", EE, epar, "1/2", 0, 1, 1);
    check_rational("ee collinear", EE, ecol, "2/3", 0, 2, 1);
    check_rational("ee segment is a point", EE, epoint, "1/2", 0, 3, 1);
    check_rational("ee end on edge", EE, eend, "1/2", 0, 3, 1);
    check_rational("ee at t0", EE, einit, "0", 1, 3, 3);
}

/* An irrational time: with C(t) = (0, 1, 2t - 1) and P(t) = (1/4, t,
   -1/10), f = (1 - 2t) t - 1/10 = -(20 t^2 - 10 t + 1)/10, roots
   (1 -+ 1/sqrt 5)/4; the first, ~0.138, has P inside (y = t < 3/4). */
static void irrational_case(void)
{
    static const char *const s[24] = {
        "1/4", "0", "-1/10", "0", "0", "0", "1", "0", "0", "0", "1", "-1",
        "1/4", "1", "-1/10", "0", "0", "0", "1", "0", "0", "0", "1", "1"};
    boxtoi_prim_query_t q;
    boxtoi_prim_result_t res;
    boxtoi_poly_t want;
    boxtoi_alg_struct pt[3];
    mpq_t quarter;
    int j;

    boxtoi_prim_query_init(q);
    boxtoi_prim_result_init(res);
    boxtoi_poly_init(want);
    mpq_init(quarter);
    set_query(q, VF, s);
    ok(boxtoi_prim_first(res, q, NULL) == BOXTOI_OK
           && res->status == BOXTOI_PRIM_CONTACT,
       "irrational: contact");
    boxtoi_poly_set_coeff_si(want, 0, 1);
    boxtoi_poly_set_coeff_si(want, 1, -10);
    boxtoi_poly_set_coeff_si(want, 2, 20);
    is_poly(want, &res->t.poly, "irrational: t is a root of 20t^2-10t+1");
    mpq_set_ui(quarter, 1, 4);
    ok(boxtoi_alg_cmp_mpq(&res->t, quarter) < 0,
       "irrational: the smaller root (below 1/4, the roots' midpoint)");
    is_int(7, res->feature[1], "irrational: face");
    for (j = 0; j < 3; j++)
        boxtoi_alg_init(pt + j);
    ok(boxtoi_prim_point(pt, q, res), "irrational: point available");
    /* the point is P(t) = (1/4, t, -1/10): y is t itself */
    ok(boxtoi_alg_cmp(pt + 1, &res->t) == 0, "irrational: point y = t");
    mpq_set_str(quarter, "-1/10", 10);
    ok(boxtoi_alg_cmp_mpq(pt + 2, quarter) == 0, "irrational: point z");
    for (j = 0; j < 3; j++)
        boxtoi_alg_clear(pt + j);
    mpq_clear(quarter);
    boxtoi_poly_clear(want);
    boxtoi_prim_result_clear(res);
    boxtoi_prim_query_clear(q);
}

/* Two interiors crossing at the irrational t = (sqrt 17 - 3) / 2
   (t/data/prim/README, ee-irr): A = (-1, 0, 0), B = (1, 0, t),
   C = (t, -1, 1 - t), D = (t, 1, 1 - t) meet at (t, 0, 1 - t), so
   num[j] - x_j den vanishes at t with x = (t, 0, 1 - t), den(t) > 0. */
static void crossing_quot_case(void)
{
    static const char *const s[24] = {
        "-1", "0", "0", "1", "0", "0", "0", "-1", "1", "0", "1", "1",
        "-1", "0", "0", "1", "0", "1", "1", "-1", "0", "1", "1", "0"};
    boxtoi_prim_query_t q;
    boxtoi_prim_result_t res;
    boxtoi_poly_struct num[3];
    boxtoi_poly_t den, x, e;
    int j, bad = 0;

    boxtoi_prim_query_init(q);
    boxtoi_prim_result_init(res);
    boxtoi_poly_init(den);
    boxtoi_poly_init(x);
    boxtoi_poly_init(e);
    for (j = 0; j < 3; j++)
        boxtoi_poly_init(num + j);
    set_query(q, EE, s);
    ok(boxtoi_prim_first(res, q, NULL) == BOXTOI_OK
           && res->status == BOXTOI_PRIM_CONTACT && res->feature[0] == 3
           && res->feature[1] == 3,
       "crossing at an irrational t: interiors");
    ok(boxtoi_prim_point_quot(num, den, q), "crossing: quotients given");
    ok(boxtoi_alg_sgn_poly(&res->t, den) > 0, "crossing: den(t) > 0");
    for (j = 0; j < 3; j++) {
        /* nj: a read-only view of num[j] (gcc 12 -O1 with ASan takes
           num + j for a region of size 0, -Wstringop-overread) */
        boxtoi_poly_struct nj = num[j];
        /* x_j as a polynomial: t, 0, 1 - t */
        boxtoi_poly_zero(x);
        if (j != 1)
            boxtoi_poly_set_coeff_si(x, 1, j == 0 ? 1 : -1);
        if (j == 2)
            boxtoi_poly_set_coeff_si(x, 0, 1);
        boxtoi_poly_mul(e, x, den);
        boxtoi_poly_sub(e, &nj, e);
        bad += boxtoi_alg_sgn_poly(&res->t, e) != 0;
    }
    is_int(0, bad, "crossing: the point is (t, 0, 1 - t)");
    for (j = 0; j < 3; j++)
        boxtoi_poly_clear(num + j);
    boxtoi_poly_clear(e);
    boxtoi_poly_clear(x);
    boxtoi_poly_clear(den);
    boxtoi_prim_result_clear(res);
    boxtoi_prim_query_clear(q);
}

/* ---- an independent static test at a rational time ---------------- */

typedef mpq_t vec3[3];

static void pos(vec3 v, const boxtoi_prim_query_t q, int i, mpq_srcptr t)
{
    int j;
    for (j = 0; j < 3; j++) {
        mpq_sub(v[j], q->x[1][i][j], q->x[0][i][j]);
        mpq_mul(v[j], v[j], t);
        mpq_add(v[j], v[j], q->x[0][i][j]);
    }
}

/* P on segment AB, by the parameter along a coordinate where B - A is
   not zero, then every coordinate compared. */
static int on_seg(vec3 p, vec3 a, vec3 b)
{
    mpq_t s, x;
    int j, k = -1, res = 1;
    for (j = 0; j < 3; j++)
        if (!mpq_equal(a[j], b[j]))
            k = j;
    if (k < 0)
        return mpq_equal(p[0], a[0]) && mpq_equal(p[1], a[1])
               && mpq_equal(p[2], a[2]);
    mpq_init(s);
    mpq_init(x);
    mpq_sub(s, p[k], a[k]);
    mpq_sub(x, b[k], a[k]);
    mpq_div(s, s, x);
    if (mpq_sgn(s) < 0 || mpq_cmp_ui(s, 1, 1) > 0)
        res = 0;
    for (j = 0; j < 3 && res; j++) {
        mpq_sub(x, b[j], a[j]);
        mpq_mul(x, x, s);
        mpq_add(x, x, a[j]);
        res = mpq_equal(x, p[j]);
    }
    mpq_clear(x);
    mpq_clear(s);
    return res;
}

/* Solves x u + y v = w (3-vectors) for (c0, c1) by Cramer's rule on a
   pair of coordinates with a non-zero 2x2 determinant and checks the
   third; returns 0 when u, v are dependent, -1 when there is no
   solution, 1 when c0, c1 are set. */
static int solve2(mpq_t c0, mpq_t c1, vec3 u, vec3 v, vec3 w)
{
    mpq_t d, x, y;
    int i, j, k, res = 0;
    mpq_init(d);
    mpq_init(x);
    mpq_init(y);
    for (i = 0; i < 3 && res == 0; i++) {
        j = (i + 1) % 3;
        k = (i + 2) % 3;
        mpq_mul(d, u[i], v[j]);
        mpq_mul(x, u[j], v[i]);
        mpq_sub(d, d, x);
        if (mpq_sgn(d) == 0)
            continue;
        mpq_mul(c0, w[i], v[j]);
        mpq_mul(x, w[j], v[i]);
        mpq_sub(c0, c0, x);
        mpq_div(c0, c0, d);
        mpq_mul(c1, u[i], w[j]);
        mpq_mul(x, u[j], w[i]);
        mpq_sub(c1, c1, x);
        mpq_div(c1, c1, d);
        mpq_mul(x, c0, u[k]);
        mpq_mul(y, c1, v[k]);
        mpq_add(x, x, y);
        res = mpq_equal(x, w[k]) ? 1 : -1;
    }
    mpq_clear(y);
    mpq_clear(x);
    mpq_clear(d);
    return res;
}

/* Whether the query's primitives share a point at the rational t. */
static int static_meet(const boxtoi_prim_query_t q, mpq_srcptr t)
{
    vec3 v[4], u, w, z;
    mpq_t c0, c1;
    int i, j, r, res;

    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            mpq_init(v[i][j]);
    for (j = 0; j < 3; j++) {
        mpq_init(u[j]);
        mpq_init(w[j]);
        mpq_init(z[j]);
    }
    mpq_init(c0);
    mpq_init(c1);
    for (i = 0; i < 4; i++)
        pos(v[i], q, i, t);
    for (j = 0; j < 3; j++) {
        mpq_sub(u[j], v[1][j], v[0][j]);
        mpq_sub(w[j], v[3][j], v[2][j]);
    }
    if (q->kind == VF) {
        /* P - A = c0 (B - A) + c1 (C - A) */
        for (j = 0; j < 3; j++) {
            mpq_sub(u[j], v[2][j], v[1][j]);
            mpq_sub(w[j], v[3][j], v[1][j]);
            mpq_sub(z[j], v[0][j], v[1][j]);
        }
        r = solve2(c0, c1, u, w, z);
        if (r == 0)
            res = on_seg(v[0], v[1], v[2]) || on_seg(v[0], v[2], v[3])
                  || on_seg(v[0], v[3], v[1]);
        else {
            mpq_add(z[0], c0, c1);
            res = r == 1 && mpq_sgn(c0) >= 0 && mpq_sgn(c1) >= 0
                  && mpq_cmp_ui(z[0], 1, 1) <= 0;
        }
    } else {
        /* A + c0 (B - A) = C - c1 (D - C) */
        for (j = 0; j < 3; j++) {
            mpq_neg(w[j], w[j]);
            mpq_sub(z[j], v[2][j], v[0][j]);
        }
        r = solve2(c0, c1, u, w, z);
        if (r == 0)
            res = on_seg(v[2], v[0], v[1]) || on_seg(v[3], v[0], v[1])
                  || on_seg(v[0], v[2], v[3]) || on_seg(v[1], v[2], v[3]);
        else
            res = r == 1 && mpq_sgn(c0) >= 0 && mpq_cmp_ui(c0, 1, 1) <= 0
                  && mpq_sgn(c1) >= 0 && mpq_cmp_ui(c1, 1, 1) <= 0;
    }
    mpq_clear(c1);
    mpq_clear(c0);
    for (j = 0; j < 3; j++) {
        mpq_clear(u[j]);
        mpq_clear(w[j]);
        mpq_clear(z[j]);
    }
    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            mpq_clear(v[i][j]);
    return res;
}

/* No static contact at the times end k / 64 for k = 0 .. kmax. */
static int apart_before(const boxtoi_prim_query_t q, mpq_srcptr end,
                        int kmax)
{
    mpq_t s;
    int k, good = 1;
    mpq_init(s);
    for (k = 0; k <= kmax && good; k++) {
        mpq_set_ui(s, (unsigned long)k, 64);
        mpq_mul(s, s, end);
        if (static_meet(q, s))
            good = 0;
    }
    mpq_clear(s);
    return good;
}

/* For a contact at a rational t > 0: they meet at t and at none of the
   64 times t k / 64, k = 0..63 (for t = 0, they meet at 0). */
static int verify_rational(const boxtoi_prim_query_t q, mpq_srcptr t)
{
    return static_meet(q, t) && (mpq_sgn(t) == 0 || apart_before(q, t, 63));
}

/* ---- the double stages, branch by branch ---------------------------- */

/* Whether each of the filter's Bernstein coefficients s[m] is within
   its bound err[m] of the exact S_m (prim_ref_bernstein), compared in
   rationals. */
static int bernstein_within(const prim_dbl *d, const boxtoi_prim_query_t q)
{
    mpq_t S[4], x;
    int m, good = 1;
    mpq_init(x);
    for (m = 0; m < 4; m++)
        mpq_init(S[m]);
    prim_ref_bernstein(S, q);
    for (m = 0; m < 4; m++) {
        mpq_set_d(x, d->s[m]);
        mpq_sub(x, x, S[m]);
        mpq_abs(x, x);
        mpq_set_d(S[m], d->err[m]);
        good &= mpq_cmp(x, S[m]) <= 0;
        mpq_clear(S[m]);
    }
    mpq_clear(x);
    return good;
}

/* Disagreements of the double stages' branches with their references on
   one query, counted in bad[]: [0] the 128-bit cubic against the GMP
   cubic (prim_cubic with use_i128 = 0) and both against the cubic of
   the exact method (built independently, by products of the vertices'
   polynomials, prim_vec_*); [1] the signs of S_0 and S_3 proved by the
   filter's bound against f(0) f(1) of the exact cubic, and a filter
   "no contact" against the exact method, and each s[m] within err[m]
   of the exact S_m (bernstein_within); [2] prim_fast run alone (even
   where the filter decided) against the exact method; [3]
   prim_squarefree, and the square-free proof of prim_cubic's narrow
   instance, against the degree of the square-free part. */
static void branch_checks(long bad[4], const boxtoi_prim_query_t q,
                          const boxtoi_prim_result_t exact)
{
    prim_dbl d;
    boxtoi_poly_t f1, f2, f3, sq;
    boxtoi_prim_result_t r;
    mpq_t one;
    int filt, s01, sf;

    memset(&d, 0, sizeof d);
    if (!prim_to_double(&d, q))
        return;
    boxtoi_poly_init(f1);
    boxtoi_poly_init(f2);
    boxtoi_poly_init(f3);
    boxtoi_poly_init(sq);
    prim_ref_cubic(f3, q);
    filt = prim_filter_core(&d, q);
    prim_cubic(f1, q, &d, 1, &sf);
    prim_cubic(f2, q, &d, 0, NULL);
    bad[0] += !boxtoi_poly_equal(f1, f2) || !boxtoi_poly_equal(f1, f3);
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    s01 = boxtoi_poly_sgn_at_mpq(f3, one) * (f3->length > 0
                                               ? mpz_sgn(f3->coeffs) : 0);
    if (d.bern && fabs(d.s[0]) > d.err[0] && fabs(d.s[3]) > d.err[3])
        bad[1] += s01 != ((d.s[0] > 0) == (d.s[3] > 0) ? 1 : -1);
    if (d.bern)
        bad[1] += !bernstein_within(&d, q);
    if (filt == 0)
        bad[1] += exact->status != BOXTOI_PRIM_NO_CONTACT;
    boxtoi_prim_result_init(r);
    if (prim_fast(r, q, &d))
        bad[2] += boxtoi_prim_time(r, q, NULL) != BOXTOI_OK
                  || r->status != exact->status
                  || (r->status == BOXTOI_PRIM_CONTACT
                      && (boxtoi_alg_cmp(&r->t, &exact->t) != 0
                          || r->feature[0] != exact->feature[0]
                          || r->feature[1] != exact->feature[1]));
    boxtoi_prim_result_clear(r);
    if (boxtoi_poly_degree(f3) >= 1) {
        boxtoi_poly_squarefree_part(sq, f3);
        bad[3] += !prim_squarefree(f3)
                  != (boxtoi_poly_degree(sq) < boxtoi_poly_degree(f3));
        /* the narrow instance's proof on its limbs */
        bad[3] += sf && boxtoi_poly_degree(sq) < boxtoi_poly_degree(f3);
    }
    mpq_clear(one);
    boxtoi_poly_clear(sq);
    boxtoi_poly_clear(f3);
    boxtoi_poly_clear(f2);
    boxtoi_poly_clear(f1);
}

/* prim_contact_at on a contact result: the result's features at its
   time, and at half a rational time t > 0 the independent static
   test's answer (static_meet). */
static void contact_at_checks(long *bad, const boxtoi_prim_query_t q,
                              const boxtoi_prim_result_t res)
{
    boxtoi_alg_t a;
    mpq_t h;
    int m;
    boxtoi_alg_init(a);
    mpq_init(h);
    boxtoi_alg_set(a, &res->t);
    m = prim_contact_at(a, q);
    *bad += m != (res->feature[0] | res->feature[1] << 2);
    if (boxtoi_alg_get_mpq(h, a) && mpq_sgn(h) > 0) {
        mpq_div_2exp(h, h, 1);
        boxtoi_alg_set_mpq(a, h);
        *bad += (prim_contact_at(a, q) != 0) != static_meet(q, h);
    }
    mpq_clear(h);
    boxtoi_alg_clear(a);
}

/* ---- the benchmark files -------------------------------------------- */

/* Every query of one file: the answer against the truth, and each
   contact checked independently (verify_rational, or for an irrational
   t no static contact at the 64 rationals lo k / 64). */
static void bench_file(const char *dir, const char *file, int kind,
                       const char *truth_file)
{
    ccd_reader rd;
    boxtoi_prim_query_t q;
    boxtoi_prim_result_t res, res2;
    boxtoi_errinfo err;
    long k, n = 0, bad = 0, unverified = 0, differ = 0;
    long branch[4] = {0, 0, 0, 0}, at_bad = 0;
    int truth, rc;
    mpq_t t;

    if (!ccd_open(&rd, dir, file, truth_file)) {
        ok(1, "# SKIP %s not found", file);
        return;
    }
    boxtoi_prim_query_init(q);
    boxtoi_prim_result_init(res);
    boxtoi_prim_result_init(res2);
    mpq_init(t);
    q->kind = kind;
    while (ccd_next(&rd, q, &truth, &rc, &err)) {
        k = rd.k;
        n++;
        if (rc != BOXTOI_OK || boxtoi_prim_first(res, q, NULL) != BOXTOI_OK)
        {
            diag("%s query %ld: error", file, k);
            bad++;
            continue;
        }
        /* the double stages against the exact method alone */
        if (boxtoi_prim_first_exact(res2, q, NULL) != BOXTOI_OK
            || res2->status != res->status
            || (res->status == BOXTOI_PRIM_CONTACT
                && (boxtoi_alg_cmp(&res->t, &res2->t) != 0
                    || res->initial != res2->initial
                    || res->feature[0] != res2->feature[0]
                    || res->feature[1] != res2->feature[1]))) {
            diag("%s query %ld: the exact method alone differs", file, k);
            differ++;
        }
        branch_checks(branch, q, res2);
        if (truth != (int)res->status) {
            diag("%s query %ld: truth %d, answer %d", file, k, truth,
                 res->status);
            bad++;
        }
        if (res->status != BOXTOI_PRIM_CONTACT)
            continue;
        contact_at_checks(&at_bad, q, res);
        if (boxtoi_alg_get_mpq(t, &res->t)) {
            if (!verify_rational(q, t))
                unverified++;
        } else if (!apart_before(q, res->t.lo, 64)) {
            unverified++; /* lo < t: they must be apart up to lo */
        }
    }
    is_int(0, bad, "%s (%s): %ld queries agree with the truth", file,
           kind == VF ? "vf" : "ee", n);
    is_int(0, unverified, "%s: contacts verified independently", file);
    is_int(0, differ, "%s: the double stages agree with the exact method",
           file);
    is_int(0, branch[0], "%s: 128-bit, GMP and exact-method cubics equal",
           file);
    is_int(0, branch[1], "%s: the filter's signs and verdicts are proofs",
           file);
    is_int(0, branch[2], "%s: the certified path alone agrees", file);
    is_int(0, branch[3], "%s: prim_squarefree agrees", file);
    is_int(0, at_bad, "%s: prim_contact_at at each contact and halfway "
           "to it", file);
    mpq_clear(t);
    boxtoi_prim_result_clear(res2);
    boxtoi_prim_result_clear(res);
    boxtoi_prim_query_clear(q);
    ccd_close(&rd);
}

int main(void)
{
    char dir[2048];

    plan_lazy();
    hand_cases();
    irrational_case();
    crossing_quot_case();
    ccd_dir(dir, sizeof dir);
    ccd_each_file(dir, bench_file);
    return 0;
}
