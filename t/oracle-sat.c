/* t/oracle-sat.c: the separating-axis static test of t/oracle.h.

   At a rational time both motions are evaluated to rational affine maps
   x -> A p / w + b / w and each box becomes a parallelepiped in world
   coordinates: centre C, edge directions a_k (the columns of A / w) and
   half-extents h_k.  The solids are disjoint iff some axis n among the
   15 = 3 + 3 face normals (a_i x a_j of one box) and 9 cross products
   a_i x a'_j (one direction of each box) separates them:
   |n . (C' - C)| > sum_k h_k |n . a_k| + sum_k h'_k |n . a'_k|.
   Directions are the columns of the non-singular linear parts, never
   scaled by the half-extents, so the test stays exact for flat boxes:
   with all half-extents increased by eps > 0 the Minkowski difference
   is a full-dimensional zonotope whose facet normals are these cross
   products; if the solids are disjoint they stay disjoint for a small
   eps, a facet axis separates the fattened (hence the original) solids,
   and the converse is clear.  All arithmetic is in mpq.  Reference:
   notes/math.md §2 (the test read on the zonotope); S. Gottschalk,
   M. Lin, D. Manocha, "OBBTree", SIGGRAPH 1996. */
#include "oracle.h"

static void cross(mpq_t *r, mpq_t *const a, mpq_t *const b, mpq_t tmp)
{
    int i;
    for (i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        mpq_mul(r[i], a[j], b[k]);
        mpq_mul(tmp, a[k], b[j]);
        mpq_sub(r[i], r[i], tmp);
    }
}

/* r = |n . a| */
static void absdot(mpq_t r, mpq_t *const n, mpq_t *const a, mpq_t tmp)
{
    int i;
    mpq_set_ui(r, 0, 1);
    for (i = 0; i < 3; i++) {
        mpq_mul(tmp, n[i], a[i]);
        mpq_add(r, r, tmp);
    }
    mpq_abs(r, r);
}

int oracle_sat_at_mpq(const boxtoi_query_t q, mpq_srcptr t)
{
    mpq_t a[2][3][3], c[2][3], h[2][3], e[16], n[3], d[3], x, y, z;
    int b, i, j, k, r = 1;
    for (b = 0; b < 2; b++)
        for (i = 0; i < 3; i++) {
            for (j = 0; j < 3; j++)
                mpq_init(a[b][i][j]);
            mpq_init(c[b][i]);
            mpq_init(h[b][i]);
        }
    for (i = 0; i < 16; i++)
        mpq_init(e[i]);
    for (i = 0; i < 3; i++) {
        mpq_init(n[i]);
        mpq_init(d[i]);
    }
    mpq_init(x);
    mpq_init(y);
    mpq_init(z);

    for (b = 0; b < 2 && r == 1; b++) {
        const boxtoi_motion_struct *m = &q->motion[b];
        const boxtoi_box_struct *bx = &q->box[b];
        for (i = 0; i < 16; i++)
            boxtoi_poly_eval_mpq(e[i], m->e + i, t);
        if (!boxtoi_poly_is_zero(m->e + 12) || !boxtoi_poly_is_zero(m->e + 13)
            || !boxtoi_poly_is_zero(m->e + 14) || mpq_sgn(e[15]) == 0) {
            r = -1;
            break;
        }
        /* a[b][k] = column k of A / w; c = (A p + b) / w at the centre */
        for (k = 0; k < 3; k++) {
            mpq_add(x, bx->min[k], bx->max[k]);
            mpq_div_2exp(x, x, 1);
            mpq_sub(h[b][k], bx->max[k], bx->min[k]);
            mpq_div_2exp(h[b][k], h[b][k], 1);
            for (i = 0; i < 3; i++) {
                mpq_div(a[b][k][i], e[4 * i + k], e[15]);
                mpq_mul(y, a[b][k][i], x);
                mpq_add(c[b][i], c[b][i], y);
            }
        }
        for (i = 0; i < 3; i++) {
            mpq_div(y, e[4 * i + 3], e[15]);
            mpq_add(c[b][i], c[b][i], y);
        }
        /* non-singular: det = a_0 . (a_1 x a_2) != 0 */
        cross(n, a[b][1], a[b][2], y);
        absdot(x, n, a[b][0], y);
        if (mpq_sgn(x) == 0)
            r = -1;
    }
    for (i = 0; i < 3; i++)
        mpq_sub(d[i], c[1][i], c[0][i]);
    /* axes 0-2, 3-5: face normals of box 1, box 2; 6-14: mixed */
    for (k = 0; k < 15 && r == 1; k++) {
        if (k < 6) {
            b = k / 3;
            i = k % 3;
            cross(n, a[b][(i + 1) % 3], a[b][(i + 2) % 3], y);
        } else
            cross(n, a[0][(k - 6) / 3], a[1][(k - 6) % 3], y);
        if (mpq_sgn(n[0]) == 0 && mpq_sgn(n[1]) == 0 && mpq_sgn(n[2]) == 0)
            continue; /* parallel directions: no axis */
        mpq_set_ui(z, 0, 1); /* sum of the projected radii */
        for (b = 0; b < 2; b++)
            for (j = 0; j < 3; j++) {
                absdot(x, n, a[b][j], y);
                mpq_mul(x, x, h[b][j]);
                mpq_add(z, z, x);
            }
        absdot(x, n, d, y);
        if (mpq_cmp(x, z) > 0)
            r = 0;
    }

    for (b = 0; b < 2; b++)
        for (i = 0; i < 3; i++) {
            for (j = 0; j < 3; j++)
                mpq_clear(a[b][i][j]);
            mpq_clear(c[b][i]);
            mpq_clear(h[b][i]);
        }
    for (i = 0; i < 16; i++)
        mpq_clear(e[i]);
    for (i = 0; i < 3; i++) {
        mpq_clear(n[i]);
        mpq_clear(d[i]);
    }
    mpq_clear(x);
    mpq_clear(y);
    mpq_clear(z);
    return r;
}
