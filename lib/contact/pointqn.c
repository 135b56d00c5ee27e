/* lib/contact/pointqn.c: the contact normal at a rational t in GMP
   integers (normal.c's steps, doc/algorithm.md §10.2, §10.4), on the
   integers lib/contact/pointq.c computed. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/pointq.h"

/* n = direction d in box 1's frame (direction of normal.c). */
static void zdirection(zctx *c, mpz_t *n, int d)
{
    const contact_lin *nv = contact_dirs[d].nv;
    int m;
    for (m = 0; m < 3; m++) {
        if (nv[m].c == 0)
            mpz_set_ui(n[m], 0);
        else if (nv[m].q == Q_ONE)
            mpz_set_ui(n[m], 1);
        else if (nv[m].q < 9)
            mpz_set(n[m], c->rel[4 * (nv[m].q / 3) + nv[m].q % 3]);
        else {
            zadjrel(c);
            mpz_set(n[m], c->adj[nv[m].q - 9]);
        }
        if (nv[m].c < 0)
            mpz_neg(n[m], n[m]);
    }
}

/* m = the centre of box b, the vertex with bounds lo + hi over 2 L
   (the average of its lowest and highest vertices, as centre_side). */
static void zcentre(zctx *c, zpt *m, int b)
{
    int i, k;
    mpz_mul_2exp(c->u, c->l, 1);
    for (k = 0; k < 3; k++)
        mpz_add(c->w[k], c->lo[b][k], c->hi[b][k]);
    for (i = 0; i < 3; i++) {
        if (b == 0) {
            mpz_set(m->x[i], c->w[i]);
            continue;
        }
        mpz_srcptr za[4] = {c->rel[4 * i], c->rel[4 * i + 1],
                            c->rel[4 * i + 2], c->rel[4 * i + 3]};
        mpz_srcptr zb[4] = {c->w[0], c->w[1], c->w[2], c->u};
        zdot(c, m->x[i], 4, za, zb, 0);
    }
    if (b == 0)
        mpz_set(m->x[3], c->u);
    else
        mpz_mul(m->x[3], c->rel[15], c->u);
}

/* The sign of n . (centre of box 2 - centre of box 1) (centre_side):
   of sum_k n_k (m2_k m1_3 - m1_k m2_3) times sgn m2_3 (m1_3 = 2 L > 0). */
static int zcentre_side(zctx *c, mpz_t *n)
{
    zpt *m = c->cm;
    int b, k, s;
    for (b = 0; b < 2; b++)
        zcentre(c, m + b, b);
    mpz_set_ui(c->g, 0);
    for (k = 0; k < 3; k++) {
        mpz_srcptr za[2] = {m[1].x[k], m[0].x[k]};
        mpz_srcptr zb[2] = {m[0].x[3], m[1].x[3]};
        zdot(c, c->u, 2, za, zb, 2);
        mpz_addmul(c->g, n[k], c->u);
    }
    s = mpz_sgn(c->g) * mpz_sgn(m[1].x[3]);
    return s;
}

/* The side of box 2 along the first tight plane j's direction n: from
   the plane when box 1 is not flat across n (some n_m != 0 with
   lo_m < hi_m: then R_d > 0 and sgn n . (c2 - c1) = (-1)^j sgn w,
   doc/algorithm.md §10.5, counted in c->nfast[ZF_SIDE]), else from the
   centres (zcentre_side). */
static int zside(zctx *c, int j, mpz_t *n)
{
    int m;
    for (m = 0; m < 3 && !c->general; m++)
        if (mpz_sgn(n[m]) != 0 && mpz_cmp(c->lo[0][m], c->hi[0][m]) != 0) {
            c->nfast[ZF_SIDE]++;
            return (j % 2 == 0 ? 1 : -1) * mpz_sgn(c->rel[15]);
        }
    c->nfast[ZF_SIDE + 1]++;
    return zcentre_side(c, n);
}

/* The normal (point_normal, doc/algorithm.md §10.2): 1 and g->normal,
   g->nsq set when the tight planes' directions span one line and the
   centres orient it. */
int znormal(zctx *c, boxtoi_contact_geom *g,
            const boxtoi_contact_t res)
{
    mpz_t *n0 = c->n0, *n = c->n;
    int j, k, s = 0, ok = 1, first = 1, j0 = 0;

    for (j = 0; j < BOXTOI_NPLANES && ok; j++) {
        if (!(res->tight >> j & 1))
            continue;
        if (first)
            j0 = j;
        zdirection(c, first ? n0 : n, j / 2);
        for (k = 0; k < 3 && !first && ok; k++) {
            mpz_mul(c->g, n0[(k + 1) % 3], n[(k + 2) % 3]);
            mpz_submul(c->g, n0[(k + 2) % 3], n[(k + 1) % 3]);
            ok = mpz_sgn(c->g) == 0;
        }
        first = 0;
    }
    if (ok && !first)
        s = zside(c, j0, n0);
    if (s != 0) {
        /* world normal ~ w1 S^-T n = (w1 / det S) adj(S)^T n */
        mpz_mul(c->g, c->det1, c->m1[15]);
        s *= mpz_sgn(c->g);
        mpz_set_ui(c->g, 0);
        for (k = 0; k < 3; k++) {
            mpz_srcptr za[3] = {c->adj1[k], c->adj1[3 + k], c->adj1[6 + k]};
            mpz_srcptr zb[3] = {n0[0], n0[1], n0[2]};
            zdot(c, c->u, 3, za, zb, 0);
            if (s < 0)
                mpz_neg(c->u, c->u);
            mpz_addmul(c->g, c->u, c->u);
            zput(g->normal + k, c->u);
        }
        zput(&g->nsq, c->g);
    }
    return s != 0;
}

