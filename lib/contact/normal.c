/* lib/contact/normal.c: the contact normal of an answer (query format
   §5.2; doc/algorithm.md §10.2).

   The tight planes of the answer: when all their directions lie on one
   line n, the plane normal to n through the contact separates the
   solids just before t (doc/algorithm.md §10.2); it is oriented by the
   boxes' centres and mapped to the world by the inverse transpose of
   M1's 3x3 block.  Every decision is an exact sign at t
   (boxtoi_alg_sgn_poly), every quantity in the ring of
   lib/contact/pring.c. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/point.h"
#include "lib/alg/impl.h"

/* n = direction d in box 1's frame: n . e_m from the direction table
   (planes.c), each 0 or +- a quantity of rel. */
static void direction(pctx *c, boxtoi_poly_struct *n, int d)
{
    const contact_lin *nv = contact_dirs[d].nv;
    int m;
    for (m = 0; m < 3; m++) {
        if (nv[m].c == 0)
            boxtoi_poly_zero(n + m);
        else if (nv[m].q == Q_ONE)
            boxtoi_poly_set_si(n + m, 1);
        else if (nv[m].q < 9)
            boxtoi_poly_set(n + m, c->rel->e + 4 * (nv[m].q / 3)
                                       + nv[m].q % 3);
        else
            boxtoi_poly_set(n + m, c->adj + (nv[m].q - 9));
        if (nv[m].c < 0)
            boxtoi_poly_neg(n + m, n + m);
    }
}

/* The sign at t of n . (centre of box 2 - centre of box 1). */
static int centre_side(pctx *c, const boxtoi_poly_struct *n)
{
    static const signed char lo[3] = {-1, -1, -1}, hi[3] = {1, 1, 1};
    hpt v[2], m[2];
    int b, k, s;
    for (b = 0; b < 2; b++) {
        point_hpt_init(v);
        point_hpt_init(v + 1);
        point_hpt_init(m + b);
        point_hpt_vertex(c, v, b, lo);
        point_hpt_vertex(c, v + 1, b, hi);
        point_average(c, m + b, v, 2);
        point_hpt_clear(v);
        point_hpt_clear(v + 1);
    }
    boxtoi_poly_zero(c->g);
    for (k = 0; k < 3; k++) {
        boxtoi_poly_mul(c->u, m[1].x + k, m[0].x + 3);
        boxtoi_poly_submul(c->u, m[0].x + k, m[1].x + 3);
        point_red(c, c->u);
        boxtoi_poly_addmul(c->g, n + k, c->u);
    }
    point_red(c, c->g);
    s = boxtoi_alg_sgn_poly(c->t, c->g);
    point_hpt_clear(m);
    point_hpt_clear(m + 1);
    return s;
}

int point_normal(pctx *c, boxtoi_contact_geom *g, const boxtoi_contact_t res)
{
    boxtoi_poly_struct n0[3], n[3], adj[9], det;
    int j, k, s = 0, ok = 1, first = 1;

    for (k = 0; k < 3; k++) {
        boxtoi_poly_init(n0 + k);
        boxtoi_poly_init(n + k);
    }
    for (j = 0; j < BOXTOI_NPLANES && ok; j++) {
        if (!(res->tight >> j & 1))
            continue;
        direction(c, first ? n0 : n, j / 2);
        for (k = 0; k < 3 && !first && ok; k++) {
            /* (n0 x n)_k == 0 */
            boxtoi_poly_mul(c->g, n0 + (k + 1) % 3, n + (k + 2) % 3);
            boxtoi_poly_submul(c->g, n0 + (k + 2) % 3, n + (k + 1) % 3);
            point_red(c, c->g);
            ok = alg_sgn_poly_zero_first(c->t, c->g) == 0;
        }
        first = 0;
    }
    if (ok && !first)
        s = centre_side(c, n0);
    if (s != 0) {
        /* world normal ~ w1 S^-T n = (w1 / det S) adj(S)^T n */
        for (k = 0; k < 9; k++)
            boxtoi_poly_init(adj + k);
        boxtoi_poly_init(&det);
        point_adj3(c, adj, &det, c->m1->e);
        boxtoi_poly_mul(c->g, &det, c->m1->e + 15);
        point_red(c, c->g);
        s *= boxtoi_alg_sgn_poly(c->t, c->g);
        boxtoi_poly_zero(&g->nsq);
        for (k = 0; k < 3; k++) {
            boxtoi_poly_mul(g->normal + k, adj + k, n0);
            boxtoi_poly_addmul(g->normal + k, adj + 3 + k, n0 + 1);
            boxtoi_poly_addmul(g->normal + k, adj + 6 + k, n0 + 2);
            boxtoi_poly_scalar_mul_si(g->normal + k, g->normal + k, s);
            point_red(c, g->normal + k);
            boxtoi_poly_addmul(&g->nsq, g->normal + k, g->normal + k);
        }
        point_red(c, &g->nsq);
        for (k = 0; k < 3; k++)
            point_ring_out(c, g->normal + k);
        point_ring_out(c, &g->nsq);
        for (k = 0; k < 9; k++)
            boxtoi_poly_clear(adj + k);
        boxtoi_poly_clear(&det);
    }
    for (k = 0; k < 3; k++) {
        boxtoi_poly_clear(n0 + k);
        boxtoi_poly_clear(n + k);
    }
    return s != 0;
}
