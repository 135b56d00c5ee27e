/* t/prim-lazy-t.c: boxtoi_prim_decide and boxtoi_prim_time (the exact
   time formed on demand, doc/algorithm.md §9.7) against the exact
   method alone (boxtoi_prim_first_exact, no doubles): on a hand-made
   query whose exact cubic is not square-free (the branch of
   boxtoi_prim_time that falls back to the exact method), and on every
   query of the benchmark files, where the decided status, `initial`
   and features must be the exact method's, the double bounds must
   enclose its t (exact comparisons), and the time formed afterwards
   must equal it.  Also each certified sign of prim_bern_sgn (the
   coplanarity cubic at a double t, static error bound of §9.7) against
   the exact determinant at that t in rationals, and of prim_cross_sgn
   (the 2-D cross products of the inside test, over a point or a
   bracket) against exact rational cross products, on every query. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include <boxtoi.h>
#include "ccd-truth.h"
#include "prim/impl.h"

/* The sign of det[u, v, w] at the rational t, with the edge vectors of
   the filter (§9.5: B - A, C - A, P - A, resp. B - A, D - C, C - A),
   from the vertex positions at t in rationals. */
static int det_sgn(const boxtoi_prim_query_t q, mpq_srcptr t)
{
    static const int vf[3][2] = {{2, 1}, {3, 1}, {0, 1}};
    static const int ee[3][2] = {{1, 0}, {3, 2}, {2, 0}};
    const int(*ev)[2] = q->kind == BOXTOI_PRIM_VF ? vf : ee;
    mpq_t e[3][3], x, y, r;
    int i, j, k, sg;

    mpq_init(x);
    mpq_init(y);
    mpq_init(r);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            mpq_init(e[i][j]);
            for (k = 0; k < 2; k++) { /* e = pos(first) - pos(second) */
                mpq_srcptr a = q->x[0][ev[i][k]][j], b = q->x[1][ev[i][k]][j];
                mpq_sub(x, b, a);
                mpq_mul(x, x, t);
                mpq_add(x, x, a);
                if (k == 0)
                    mpq_set(e[i][j], x);
                else
                    mpq_sub(e[i][j], e[i][j], x);
            }
        }
    for (j = 0; j < 3; j++) { /* r += u_j (v x w)_j */
        mpq_mul(x, e[1][(j + 1) % 3], e[2][(j + 2) % 3]);
        mpq_mul(y, e[1][(j + 2) % 3], e[2][(j + 1) % 3]);
        mpq_sub(x, x, y);
        mpq_mul(x, x, e[0][j]);
        mpq_add(r, r, x);
    }
    sg = mpq_sgn(r);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            mpq_clear(e[i][j]);
    mpq_clear(r);
    mpq_clear(y);
    mpq_clear(x);
    return sg;
}

/* prim_bern_sgn at k/16 (k = 0..16) and at the bounds of res, against
   det_sgn: adds the disagreements to *bad and the signs certified to
   *n. */
static void bern_checks(long *bad, long *n, const boxtoi_prim_query_t q,
                        const boxtoi_prim_result_t res)
{
    prim_dbl d;
    mpq_t t;
    double x;
    int k, sg;

    memset(&d, 0, sizeof d);
    if (!prim_to_double(&d, q) || prim_filter_core(&d, q) == 0 || !d.bern)
        return;
    mpq_init(t);
    for (k = 0; k <= 18; k++) {
        x = k <= 16 ? k / 16.0 : k == 17 ? res->t_lo : res->t_hi;
        if (k > 16 && !res->pending)
            break;
        sg = prim_bern_sgn(&d, x);
        if (sg == 0)
            continue;
        ++*n;
        mpq_set_d(t, x);
        *bad += sg != det_sgn(q, t);
    }
    mpq_clear(t);
}

/* Whether res (after decide) agrees with the exact result ex: status,
   initial, features, and t_lo <= t <= t_hi for a contact. */
static int agrees(const boxtoi_prim_result_t res,
                  const boxtoi_prim_result_t ex)
{
    mpq_t b;
    int good;
    if (res->status != ex->status)
        return 0;
    if (ex->status != BOXTOI_PRIM_CONTACT)
        return !res->pending;
    mpq_init(b);
    mpq_set_d(b, res->t_lo);
    good = boxtoi_alg_cmp_mpq(&ex->t, b) >= 0;
    mpq_set_d(b, res->t_hi);
    good = good && boxtoi_alg_cmp_mpq(&ex->t, b) <= 0;
    mpq_clear(b);
    return good && res->initial == ex->initial
           && res->feature[0] == ex->feature[0]
           && res->feature[1] == ex->feature[1];
}

/* The hand-made query: triangle A = 0, B(t) = (1, t, 0),
   C(t) = (0, 1, t), and P(t) = (1/8 + t/4, -1/2 + 7t/4, -9/8 + 5t/2).
   With u = B - A, v = C - A, w = P - A = (x, y, z):
   det[u, v, w] = z - t y + t^2 x
                = -9/8 + 5t/2 + t/2 - 7t^2/4 + t^2/8 + t^3/4
                = (2t^3 - 13t^2 + 24t - 9) / 8 = (2t - 1)(t - 3)^2 / 8,
   a cubic with the double root 3 outside [0, 1] and the simple root
   1/2 (its Bernstein coefficients on [0, 1], -9, -1, 8/3, 4 over 8,
   have one variation), where B = (1, 1/2, 0), C = (0, 1, 1/2),
   P = (1/4, 3/8, 1/8) = (1/4) B + (1/4) C + (1/2) A: weights 1/2, 1/4,
   1/4 > 0, so P is in the open face at t = 1/2: contact at 1/2,
   features (1, 7). */
static void double_root_elsewhere(void)
{
    static const int v[2][4][3][2] = {
        {{{1, 8}, {-1, 2}, {-9, 8}}, {{0, 1}, {0, 1}, {0, 1}},
         {{1, 1}, {0, 1}, {0, 1}}, {{0, 1}, {1, 1}, {0, 1}}},
        {{{3, 8}, {5, 4}, {11, 8}}, {{0, 1}, {0, 1}, {0, 1}},
         {{1, 1}, {1, 1}, {0, 1}}, {{0, 1}, {1, 1}, {1, 1}}}};
    boxtoi_prim_query_t q;
    boxtoi_prim_result_t res, ex;
    mpq_t half;
    int k, i, j;

    boxtoi_prim_query_init(q);
    boxtoi_prim_result_init(res);
    boxtoi_prim_result_init(ex);
    mpq_init(half);
    mpq_set_ui(half, 1, 2);
    q->kind = BOXTOI_PRIM_VF;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++)
                mpq_set_si(q->x[k][i][j], v[k][i][j][0],
                           (unsigned long)v[k][i][j][1]);
    ok(boxtoi_prim_decide(res, q, NULL) == BOXTOI_OK, "double root: decide");
    ok(res->pending && res->status == BOXTOI_PRIM_CONTACT,
       "double root: contact decided by the double path, t pending");
    ok(res->t_lo <= 0.5 && 0.5 <= res->t_hi, "double root: bounds of 1/2");
    ok(boxtoi_prim_time(res, q, NULL) == BOXTOI_OK && !res->pending
           && !res->filtered,
       "double root: time formed by the exact method (not square-free)");
    ok(boxtoi_alg_cmp_mpq(&res->t, half) == 0, "double root: t = 1/2");
    ok(res->feature[0] == 1 && res->feature[1] == 7,
       "double root: P against the face");
    ok(boxtoi_prim_first_exact(ex, q, NULL) == BOXTOI_OK
           && boxtoi_alg_cmp(&ex->t, &res->t) == 0
           && ex->feature[1] == 7,
       "double root: the exact method agrees");
    mpq_clear(half);
    boxtoi_prim_result_clear(ex);
    boxtoi_prim_result_clear(res);
    boxtoi_prim_query_clear(q);
}

/* boxtoi_prim_point on a pending result (it forms t first) against
   the point of the exact method's result ex: 1 when they agree. */
static int point_agrees(const boxtoi_prim_query_t q, boxtoi_prim_result_t ex)
{
    boxtoi_prim_result_t r;
    boxtoi_alg_struct p[3], e[3];
    int j, good, a, b;

    boxtoi_prim_result_init(r);
    for (j = 0; j < 3; j++) {
        boxtoi_alg_init(p + j);
        boxtoi_alg_init(e + j);
    }
    good = boxtoi_prim_decide(r, q, NULL) == BOXTOI_OK && r->pending;
    a = boxtoi_prim_point(p, q, r);
    b = boxtoi_prim_point(e, q, ex);
    good = good && a == b && !r->pending;
    for (j = 0; j < 3 && good && a; j++)
        good = boxtoi_alg_cmp(p + j, e + j) == 0;
    for (j = 0; j < 3; j++) {
        boxtoi_alg_clear(p + j);
        boxtoi_alg_clear(e + j);
    }
    boxtoi_prim_result_clear(r);
    return good;
}

/* The exact method's result ex, from a result reused for every query
   of every file (both kinds: the search's memory kept in it from the
   queries before), against a result made for q alone (memory made and
   freed in the call, as before the reuse): 1 when they agree. */
static int fresh_agrees(const boxtoi_prim_query_t q,
                        const boxtoi_prim_result_t ex)
{
    boxtoi_prim_result_t r;
    int good;
    boxtoi_prim_result_init(r);
    good = boxtoi_prim_first_exact(r, q, NULL) == BOXTOI_OK
           && r->status == ex->status && r->initial == ex->initial
           && r->feature[0] == ex->feature[0]
           && r->feature[1] == ex->feature[1]
           && (r->status != BOXTOI_PRIM_CONTACT
               || boxtoi_alg_cmp(&r->t, &ex->t) == 0);
    boxtoi_prim_result_clear(r);
    return good;
}

/* The exact sign of (X_p - X_q) x (X_r - X_s) in the plane normal to
   axis at the rational t, X the vertex positions at t. */
static int cross_exact(const boxtoi_prim_query_t q, const int pq[2],
                       const int rs[2], int axis, mpq_srcptr t)
{
    const int *v[2] = {pq, rs};
    mpq_t e[2][2], x, y;
    int i, c, k, sg;

    mpq_init(x);
    mpq_init(y);
    for (i = 0; i < 2; i++)
        for (c = 0; c < 2; c++) {
            int j = (axis + 1 + c) % 3;
            mpq_init(e[i][c]);
            for (k = 0; k < 2; k++) { /* position of v[i][k] at t */
                mpq_sub(x, q->x[1][v[i][k]][j], q->x[0][v[i][k]][j]);
                mpq_mul(x, x, t);
                mpq_add(x, x, q->x[0][v[i][k]][j]);
                if (k == 0)
                    mpq_set(e[i][c], x);
                else
                    mpq_sub(e[i][c], e[i][c], x);
            }
        }
    mpq_mul(x, e[0][0], e[1][1]);
    mpq_mul(y, e[0][1], e[1][0]);
    mpq_sub(x, x, y);
    sg = mpq_sgn(x);
    for (i = 0; i < 2; i++)
        for (c = 0; c < 2; c++)
            mpq_clear(e[i][c]);
    mpq_clear(y);
    mpq_clear(x);
    return sg;
}

/* prim_cross_sgn for the products of the inside test (§9.7), on every
   axis, at the points t = k/4 and over the bracket of a pending res:
   each proved sign against cross_exact (at the bracket's two ends). */
static void cross_checks(long *bad, long *n, const boxtoi_prim_query_t q,
                         const boxtoi_prim_result_t res)
{
    static const int vf[4][2][2] = {{{2, 1}, {3, 1}}, {{2, 1}, {0, 1}},
                                    {{3, 2}, {0, 2}}, {{1, 3}, {0, 3}}};
    static const int ee[5][2][2] = {{{1, 0}, {3, 2}}, {{2, 0}, {3, 2}},
                                    {{1, 2}, {3, 2}}, {{2, 0}, {1, 0}},
                                    {{1, 0}, {3, 0}}};
    const int(*p)[2][2] = q->kind == BOXTOI_PRIM_VF ? vf : ee;
    int np = q->kind == BOXTOI_PRIM_VF ? 4 : 5, i, axis, k, sg;
    prim_dbl d;
    mpq_t t;

    memset(&d, 0, sizeof d);
    if (!prim_to_double(&d, q))
        return;
    mpq_init(t);
    for (axis = 0; axis < 3; axis++)
        for (i = 0; i < np; i++)
            for (k = 0; k <= 5; k++) {
                double lo = k < 5 ? k / 4.0 : res->t_lo;
                double hi = k < 5 ? lo : res->t_hi;
                if (k == 5 && !res->pending)
                    break;
                sg = prim_cross_sgn(&d, p[i][0], p[i][1], axis, lo, hi);
                if (sg == 0)
                    continue;
                ++*n;
                mpq_set_d(t, lo);
                *bad += sg != cross_exact(q, p[i][0], p[i][1], axis, t);
                mpq_set_d(t, hi);
                *bad += sg != cross_exact(q, p[i][0], p[i][1], axis, t);
            }
    mpq_clear(t);
}

/* Every query of one file (truth from the file or truth_file). */
/* The exact method's result, one for all files (fresh_agrees). */
static boxtoi_prim_result_t ex;

static void bench_file(const char *dir, const char *file, int kind,
                       const char *truth_file)
{
    ccd_reader rd;
    boxtoi_prim_query_t q;
    boxtoi_prim_result_t res;
    boxtoi_errinfo err;
    long n = 0, bad = 0, late = 0, pending = 0, k;
    long bern_bad = 0, bern_n = 0, points = 0, point_bad = 0;
    long cross_bad = 0, cross_n = 0, fresh_bad = 0;
    int truth, rc;

    if (!ccd_open(&rd, dir, file, truth_file)) {
        ok(1, "# SKIP %s not found", file);
        return;
    }
    boxtoi_prim_query_init(q);
    boxtoi_prim_result_init(res);
    q->kind = kind;
    while (ccd_next(&rd, q, &truth, &rc, &err)) {
        k = rd.k;
        n++;
        if (rc == BOXTOI_OK)
            rc = boxtoi_prim_first_exact(ex, q, NULL);
        if (rc == BOXTOI_OK)
            fresh_bad += !fresh_agrees(q, ex);
        if (rc != BOXTOI_OK || boxtoi_prim_decide(res, q, NULL) != BOXTOI_OK
            || !agrees(res, ex) || truth != (int)res->status) {
            diag("%s query %ld: decide differs", file, k);
            bad++;
            continue;
        }
        pending += res->pending;
        bern_checks(&bern_bad, &bern_n, q, res);
        cross_checks(&cross_bad, &cross_n, q, res);
        if (res->pending && points < 20) { /* a few: points cost more */
            points++;
            point_bad += !point_agrees(q, ex);
        }
        if (boxtoi_prim_time(res, q, NULL) != BOXTOI_OK || res->pending
            || !agrees(res, ex)
            || (res->status == BOXTOI_PRIM_CONTACT
                && boxtoi_alg_cmp(&res->t, &ex->t) != 0)) {
            diag("%s query %ld: the time formed differs", file, k);
            late++;
        }
    }
    is_int(0, bad, "%s: decide agrees with the exact method and the truth "
           "on %ld queries (%ld left pending)", file, n, pending);
    is_int(0, late, "%s: the time formed is the exact method's", file);
    is_int(0, bern_bad, "%s: %ld signs of prim_bern_sgn are exact", file,
           bern_n);
    is_int(0, point_bad, "%s: boxtoi_prim_point on %ld pending results",
           file, points);
    is_int(0, cross_bad, "%s: %ld signs of prim_cross_sgn are exact", file,
           cross_n);
    is_int(0, fresh_bad, "%s: the exact method in a reused result is the "
           "same as in a fresh one", file);
    boxtoi_prim_result_clear(res);
    boxtoi_prim_query_clear(q);
    ccd_close(&rd);
}

int main(void)
{
    char dir[2048];

    plan_lazy();
    double_root_elsewhere();
    boxtoi_prim_result_init(ex);
    ccd_dir(dir, sizeof dir);
    ccd_each_file(dir, bench_file);
    boxtoi_prim_result_clear(ex);
    return 0;
}
