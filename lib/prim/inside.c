/* lib/prim/inside.c: the inside test of the certified double path on
   a bracket [a, b] inside [0, 1] by static error bounds in doubles
   (doc/algorithm.md §9.7, "Inside, by static bounds"), and the choice of
   its coordinate plane. */
#include <math.h>
#include "prim/impl.h"

int prim_axis(double y[4][3], int kind)
{
    static const int vf[2][2] = {{2, 1}, {3, 1}};
    static const int ee[2][2] = {{1, 0}, {3, 2}};
    const int(*ev)[2] = kind == BOXTOI_PRIM_VF ? vf : ee;
    double nd[3];
    int j, k, l;
    for (j = 0; j < 3; j++) {
        k = (j + 1) % 3;
        l = (j + 2) % 3;
        nd[j] = fabs((y[ev[0][0]][k] - y[ev[0][1]][k])
                         * (y[ev[1][0]][l] - y[ev[1][1]][l])
                     - (y[ev[0][0]][l] - y[ev[0][1]][l])
                           * (y[ev[1][0]][k] - y[ev[1][1]][k]));
    }
    return nd[0] >= nd[1] ? (nd[0] >= nd[2] ? 0 : 2)
                          : (nd[1] >= nd[2] ? 1 : 2);
}

/* A vertex difference X_i - X_j in the plane coordinates k, l at the
   times 0 and 1: d[time][coordinate] and its magnitude bound sigma of
   §9.5 (|d| for two exact doubles, else |a| + |b|). */
typedef struct {
    double d[2][2], s[2][2];
} pdiff;

static inline void pair_diff(pdiff *r, const prim_dbl *x, const int ij[2],
                             int k, int l)
{
    int t, c, j;
    for (t = 0; t < 2; t++)
        for (c = 0; c < 2; c++) {
            double xa, xb;
            j = c == 0 ? k : l;
            xa = x->x[t][ij[0]][j];
            xb = x->x[t][ij[1]][j];
            r->d[t][c] = xa - xb;
            r->s[t][c] = x->exact[t][ij[0]][j] && x->exact[t][ij[1]][j]
                             ? fabs(r->d[t][c])
                             : fabs(xa) + fabs(xb);
        }
}

/* The sign of u x v over [a, b] (the bound of §9.7), 0 when not
   proved; a and b already checked. */
static inline int cross_sgn(const pdiff *u, const pdiff *v, double a,
                            double b)
{
    double b0, b1, b2, m, e, s, f, r, w;
    /* Bernstein coefficients of the quadratic, Q_ij = U_i x V_j:
       Q(t) = (1 - t)^2 Q_00 + (1 - t) t (Q_01 + Q_10) + t^2 Q_11 */
#define Q(i, j) (u->d[i][0] * v->d[j][1] - u->d[i][1] * v->d[j][0])
#define M(i, j) (u->s[i][0] * v->s[j][1] + u->s[i][1] * v->s[j][0])
    b0 = Q(0, 0);
    b1 = Q(0, 1) + Q(1, 0);
    b2 = Q(1, 1);
    m = M(0, 0) + M(0, 1) + M(1, 0) + M(1, 1);
#undef Q
#undef M
    e = 0x1p-49 * m + 0x1p-52 * fabs(b1);
    s = fabs(b0) + fabs(b1) + fabs(b2);
    w = 1.0 - a;
    f = b0 * (w * w) + b1 * (w * a) + b2 * (a * a);
    r = (e + 2.0 * (b - a) * s + 0x1p-50 * s) * (1.0 + 0x1p-45);
    return f > r ? 1 : f < -r ? -1 : 0;
}

/* t = 0 or t >= 2^-60 at both ends, a <= b <= 1: no underflow (§9.7) */
static int bracket_ok(double a, double b)
{
    return a <= b && b <= 1.0 && (a == 0.0 || a >= 0x1p-60)
           && (b == 0.0 || b >= 0x1p-60);
}

int prim_cross_sgn(const prim_dbl *d, const int pq[2], const int rs[2],
                   int axis, double a, double b)
{
    pdiff u, v;
    if (!bracket_ok(a, b))
        return 0;
    pair_diff(&u, d, pq, (axis + 1) % 3, (axis + 2) % 3);
    pair_diff(&v, d, rs, (axis + 1) % 3, (axis + 2) % 3);
    return cross_sgn(&u, &v, a, b);
}

int prim_inside_static(const prim_dbl *d, double a, double b, int kind,
                       int axis)
{
    /* the vertex pairs (P, A, B, C = 0..3, resp. A, B, C, D = 0..3) and
       the products of §9.7: vertex-face n = (B - A) x (C - A), the
       weights of C, A, B from (B - A) x (P - A), (C - B) x (P - B),
       (A - C) x (P - C); edge-edge n = (B - A) x (D - C), s, 1 - s, u,
       1 - u from (C - A) x (D - C), (B - C) x (D - C),
       (C - A) x (B - A), (B - A) x (D - A) */
    static const int vfp[7][2] = {{2, 1}, {3, 1}, {0, 1}, {3, 2},
                                  {0, 2}, {1, 3}, {0, 3}};
    static const int vfc[4][2] = {{0, 1}, {0, 2}, {3, 4}, {5, 6}};
    static const int eep[5][2] = {{1, 0}, {3, 2}, {2, 0}, {1, 2}, {3, 0}};
    static const int eec[5][2] = {{0, 1}, {2, 1}, {3, 1}, {2, 0}, {0, 4}};
    const int vf = kind == BOXTOI_PRIM_VF;
    const int(*pairs)[2] = vf ? vfp : eep, (*c)[2] = vf ? vfc : eec;
    int np = vf ? 7 : 5, n = vf ? 3 : 4, i, sg, q, all = 1;
    pdiff p[7];

    if (!bracket_ok(a, b))
        return 0;
    for (i = 0; i < np; i++)
        pair_diff(p + i, d, pairs[i], (axis + 1) % 3, (axis + 2) % 3);
    sg = cross_sgn(p + c[0][0], p + c[0][1], a, b);
    if (sg == 0)
        return 0;
    for (i = 1; i <= n; i++) {
        q = sg * cross_sgn(p + c[i][0], p + c[i][1], a, b);
        if (q < 0)
            return -1;
        all = all && q > 0;
    }
    return all;
}
