/* lib/prim/filter.c: the double-precision filter of the primitive
   queries; its only answer, "no contact in [0, 1]", is a proof.

   Method (doc/algorithm.md §9.5): (1) the bounding boxes of the two
   swept primitives, with every coordinate widened to the neighbouring
   doubles, are disjoint on some axis; or (2) the coplanarity cubic,
   written in the Bernstein basis of [0, 1], has four coefficients of
   one strict sign.  Each coefficient is a sum of at most 18 products
   of three coordinate differences, computed in double precision with
   round-to-nearest; the bound 2^-48 M on its error (M the same sum of
   products of the magnitudes |a| + |b| of the differences' operands)
   is derived in §9.5 for coordinates that are zero or of magnitude in
   [2^-200, 2^200], which excludes underflow and overflow; other inputs
   are left to the exact method. */
#include <math.h>
#include "prim/impl.h"

#define FILTER_MIN 0x1p-200
#define FILTER_MAX 0x1p+200

/* x[k][i][j] as doubles truncated toward zero (mpq_get_d), so that
   |exact - x| <= 2^-52 |x|; returns 0 when a coordinate is outside the
   filter's range. */
static int to_double(double x[2][4][3], const boxtoi_prim_query_t q)
{
    int k, i, j;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++) {
                double d = mpq_get_d(q->x[k][i][j]);
                if (mpq_sgn(q->x[k][i][j]) == 0)
                    d = 0.0;
                else if (!(fabs(d) >= FILTER_MIN && fabs(d) <= FILTER_MAX))
                    return 0;
                x[k][i][j] = d;
            }
    return 1;
}

/* (1): vertices lo..hi-1 against hi..3, all at both times; the exact
   coordinate lies between the neighbouring doubles of x. */
static int boxes_apart(double x[2][4][3], int split)
{
    int j, k, i;
    for (j = 0; j < 3; j++) {
        double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
        for (k = 0; k < 2; k++)
            for (i = 0; i < 4; i++) {
                int s = i < split ? 0 : 1;
                double v = x[k][i][j];
                if (v < lo[s])
                    lo[s] = v;
                if (v > hi[s])
                    hi[s] = v;
            }
        if (nextafter(hi[0], INFINITY) < nextafter(lo[1], -INFINITY)
            || nextafter(hi[1], INFINITY) < nextafter(lo[0], -INFINITY))
            return 1;
    }
    return 0;
}

/* A coordinate difference a - b and its magnitude bound |a| + |b|. */
typedef struct {
    double d[3], m[3];
} diff;

static void make_diff(diff *r, const double *a, const double *b)
{
    int j;
    for (j = 0; j < 3; j++) {
        r->d[j] = a[j] - b[j];
        r->m[j] = fabs(a[j]) + fabs(b[j]);
    }
}

/* Adds det[u, v, w] to *s and its magnitude sum to *m: six products,
   summed in this fixed order (the order of §9.5's bound). */
static void add_det(double *s, double *m, const diff *u, const diff *v,
                    const diff *w)
{
    int j, k, l, p;
    for (p = 0; p < 6; p++) {
        j = p % 3;
        k = (j + 1 + p / 3) % 3;
        l = 3 - j - k;
        /* (j, k, l) runs over the permutations; even for p < 3 */
        *s += (p < 3 ? 1.0 : -1.0) * (u->d[j] * v->d[k] * w->d[l]);
        *m += u->m[j] * v->m[k] * w->m[l];
    }
}

/* (2): sign of the Bernstein coefficients of det[u(t), v(t), w(t)],
   u(t) = u0 (1 - t) + u1 t etc.: coefficient m is the sum over
   i + j + k = m of det[u_i, v_j, w_k] (over C(3, m)).  Returns 1 when
   all four are proved of one strict sign. */
static int bernstein_one_sign(const diff u[2], const diff v[2],
                              const diff w[2])
{
    int m, i, j, k, sign = 0;
    for (m = 0; m <= 3; m++) {
        double s = 0.0, mag = 0.0, err;
        for (i = 0; i < 2; i++)
            for (j = 0; j < 2; j++) {
                k = m - i - j;
                if (k == 0 || k == 1)
                    add_det(&s, &mag, u + i, v + j, w + k);
            }
        err = 0x1p-48 * mag;
        if (s > err) {
            if (sign < 0)
                return 0;
            sign = 1;
        } else if (s < -err) {
            if (sign > 0)
                return 0;
            sign = -1;
        } else {
            return 0;
        }
    }
    return 1;
}

int boxtoi_prim_filter(const boxtoi_prim_query_t q)
{
    double x[2][4][3];
    diff u[2], v[2], w[2];
    int k;

    if (mpq_sgn(q->t0) < 0 || mpq_cmp_ui(q->t1, 1, 1) > 0
        || mpq_cmp(q->t0, q->t1) > 0 || !to_double(x, q))
        return -1;
    if (boxes_apart(x, q->kind == BOXTOI_PRIM_VF ? 1 : 2))
        return 0;
    for (k = 0; k < 2; k++) {
        if (q->kind == BOXTOI_PRIM_VF) {
            /* det[B - A, C - A, P - A] */
            make_diff(u + k, x[k][2], x[k][1]);
            make_diff(v + k, x[k][3], x[k][1]);
            make_diff(w + k, x[k][0], x[k][1]);
        } else {
            /* det[B - A, D - C, C - A] */
            make_diff(u + k, x[k][1], x[k][0]);
            make_diff(v + k, x[k][3], x[k][2]);
            make_diff(w + k, x[k][2], x[k][0]);
        }
    }
    return bernstein_one_sign(u, v, w) ? 0 : -1;
}
