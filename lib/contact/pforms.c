/* lib/contact/pforms.c: a point's plane forms against a box and their
   signs at t, the test of an edge's crossing point, and the list of
   kept candidates without repeats (query format §5.2; doc/algorithm.md
   §10.1), for lib/contact/point.c. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/point.h"
#include "lib/alg/impl.h"
#include "lib/poly/impl.h"

void pf_init(pforms *pf)
{
    int j;
    for (j = 0; j < 6; j++)
        boxtoi_poly_init(pf->f + j);
}

void pf_clear(pforms *pf)
{
    int j;
    for (j = 0; j < 6; j++)
        boxtoi_poly_clear(pf->f + j);
}

void pf_set(pctx *c, pforms *pf, const hpt *p, int b)
{
    boxtoi_poly_struct *y = c->y, *d = c->y + 3;
    int i, k;
    if (b == 0) {
        for (k = 0; k < 3; k++)
            boxtoi_poly_set(y + k, p->x + k);
        boxtoi_poly_set(d, p->x + 3);
    } else {
        for (i = 0; i < 3; i++) {
            boxtoi_poly_mul(c->w + i, rel_e(c, 3, 3), p->x + i);
            boxtoi_poly_submul(c->w + i, rel_e(c, i, 3), p->x + 3);
            point_red(c, c->w + i);
        }
        for (k = 0; k < 3; k++) {
            boxtoi_poly_mul(y + k, c->adj + 3 * k, c->w);
            boxtoi_poly_addmul(y + k, c->adj + 3 * k + 1, c->w + 1);
            boxtoi_poly_addmul(y + k, c->adj + 3 * k + 2, c->w + 2);
            point_red(c, y + k);
        }
        boxtoi_poly_mul(d, &c->det, p->x + 3);
        point_red(c, d);
        if (c->sdet < 0)
            for (k = 0; k < 4; k++)
                boxtoi_poly_neg(y + k, y + k);
    }
    for (k = 0; k < 3; k++) {
        boxtoi_poly_scalar_mul_mpz(c->u, y + k, c->l);
        boxtoi_poly_scalar_mul_mpz(pf->f + 2 * k, d, c->lo[b][k]);
        boxtoi_poly_sub(pf->f + 2 * k, c->u, pf->f + 2 * k);
        boxtoi_poly_scalar_mul_mpz(pf->f + 2 * k + 1, d, c->hi[b][k]);
        boxtoi_poly_sub(pf->f + 2 * k + 1, pf->f + 2 * k + 1, c->u);
    }
    for (k = 0; k < 6; k++)
        pf->s[k] = 2, pf->eok[k] = 0;
}

/* The double pre-pass of alg_sgn_poly_zero_first, its enclosure kept
   for cross_sign. */
int pf_sign(pctx *c, pforms *pf, int j)
{
    boxtoi_iv *e = pf->e + j;
    if (pf->s[j] != 2)
        return pf->s[j];
    pf->eok[j] = !mpq_equal(c->t->lo, c->t->hi)
                 && poly_enclose_on_interval_d(&e->lo, &e->hi, pf->f + j,
                                               c->t->lo, c->t->hi);
    if (pf->eok[j] && (e->lo > 0 || e->hi < 0))
        pf->s[j] = e->lo > 0 ? 1 : -1;
    else
        pf->s[j] = (signed char)alg_sgn_poly_zero_first(c->t, pf->f + j);
    return pf->s[j];
}

/* 1 iff the point lies in the box (plane skip is known to hold). */
int pf_inside(pctx *c, pforms *pf, int skip)
{
    int j;
    for (j = 0; j < 6; j++)
        if (j != skip && pf_sign(c, pf, j) < 0)
            return 0;
    return 1;
}

/* The sign at t of plane form k of the crossing point
   r = f_j(p) q - f_j(q) p of the edge from p to q with plane j
   (sp = sgn f_j(p) = -sgn f_j(q) != 0), oriented as hpt_orient does.
   The forms are linear in the homogeneous point (pf_set), so
   f_k(r) = f_j(p) f_k(q) - f_j(q) f_k(p), and x3(r) has the sign sp
   (x3(p), x3(q) > 0): oriented, f_k(r) = |f_j(p)| f_k(q) + |f_j(q)| f_k(p)
   (doc/algorithm.md §10.1).  So the signs of f_k at p and q decide it
   unless they are strictly opposite; then that combination (of the
   vertices' forms, never r's own) is evaluated.  In reference mode
   (ref != 0) r's forms are built (pf_set) and their signs taken. */
static int cross_sign(pctx *c, pforms *pp, pforms *pq, int j, int k,
                      int sp)
{
    int a = pf_sign(c, pp, k), b = pf_sign(c, pq, k);
    if (a >= 0 && b >= 0)
        return a > 0 || b > 0;
    if (a <= 0 && b <= 0)
        return -(a < 0 || b < 0);
    if (pp->eok[j] && pq->eok[j] && pp->eok[k] && pq->eok[k]) {
        /* the same combination on the forms' enclosures at t (pf_sign):
           its sign when the enclosure excludes 0 (doc/algorithm.md
           §10.1, "The crossings' filter") */
        boxtoi_ivchk chk = 0;
        boxtoi_iv v = boxtoi_iv_sub(&chk,
                                    boxtoi_iv_mul(&chk, pp->e[j], pq->e[k]),
                                    boxtoi_iv_mul(&chk, pq->e[j], pp->e[k]));
        if (!boxtoi_iv_failed(chk) && (v.lo > 0 || v.hi < 0)) {
            if (c->nf)
                c->nf[0]++;
            return v.lo > 0 ? sp : -sp;
        }
    }
    if (c->nf)
        c->nf[1]++;
    boxtoi_poly_mul(c->g, pp->f + j, pq->f + k);
    boxtoi_poly_submul(c->g, pq->f + j, pp->f + k);
    point_red(c, c->g);
    return sp * alg_sgn_poly_zero_first(c->t, c->g);
}

void pf_cross_point(pctx *c, hpt *r, hpt *p, pforms *pf, int i, int q,
                    int j)
{
    int m;
    for (m = 0; m < 4; m++) {
        boxtoi_poly_mul(r->x + m, pf[i].f + j, p[q].x + m);
        boxtoi_poly_submul(r->x + m, pf[q].f + j, p[i].x + m);
        point_red(c, r->x + m);
    }
    point_hpt_orient(c, r);
}

/* 1 iff the crossing point of the edge from vertex i to vertex q with
   plane j lies in box 1 - b; r is set to it when it does (and may be
   set when it does not), and bit k of *zero then says f_k(r) = 0. */
int pf_cross_inside(pctx *c, hpt *r, pforms *rf, hpt *p, pforms *pf,
                    int i, int q, int j, int b, int ref, unsigned *zero)
{
    int k, s, sp = pf_sign(c, pf + i, j);
    *zero = 1u << j;
    if (!ref)
        for (k = 0; k < 6; k++) {
            if (k == j)
                continue;
            s = cross_sign(c, pf + i, pf + q, j, k, sp);
            if (s < 0)
                return 0;
            *zero |= (unsigned)(s == 0) << k;
        }
    if (!ref)
        return 1;
    pf_cross_point(c, r, p, pf, i, q, j);
    pf_set(c, rf, r, 1 - b);
    if (!pf_inside(c, rf, j))
        return 0;
    for (k = 0; k < 6; k++)
        *zero |= (unsigned)(k != j && rf->s[k] == 0) << k;
    return 1;
}

static int same_point(pctx *c, const hpt *p, const hpt *q)
{
    int k;
    for (k = 0; k < 3; k++) {
        boxtoi_poly_mul(c->g, p->x + k, q->x + 3);
        boxtoi_poly_submul(c->g, q->x + k, p->x + 3);
        point_red(c, c->g);
        if (alg_sgn_poly_zero_first(c->t, c->g) != 0)
            return 0;
    }
    return 1;
}

int point_listed(const unsigned *zeros, int n, unsigned zero)
{
    int i;
    for (i = 0; i < n; i++)
        if (zeros[i] == zero)
            return 1;
    return 0;
}

void point_keep(pctx *c, clist *l, hpt *p, unsigned zero)
{
    int i, k;
    for (i = 0; i < l->n; i++)
        if (l->ref ? same_point(c, l->p + i, p) : l->zero[i] == zero) {
            if (c->nf)
                c->nf[2]++;
            return;
        }
    point_hpt_init(l->p + l->n);
    for (k = 0; k < 4; k++)
        boxtoi_poly_swap(l->p[l->n].x + k, p->x + k);
    l->zero[l->n++] = zero;
}

/* The planes of its own box b (bits 6 b ..; lo, hi its bounds times L)
   that the vertex with axis pattern v lies on, the coordinate along axis
   free (-1: none) strictly inside (a crossing point on that edge). */
unsigned point_own_zero(mpz_t *lo, mpz_t *hi, const signed char *v, int b,
                        int free)
{
    unsigned z = 0;
    int k, flat;
    for (k = 0; k < 3; k++) {
        if (k == free)
            continue;
        flat = mpz_cmp(lo[k], hi[k]) == 0;
        z |= (unsigned)(v[k] < 0 || flat) << 2 * k;
        z |= (unsigned)(v[k] > 0 || flat) << (2 * k + 1);
    }
    return z << 6 * b;
}
