/* lib/contact/point.c: the contact point of an answer, and the entry
   boxtoi_contact_geometry that also asks lib/contact/normal.c for the
   normal (query format §5.2; doc/algorithm.md §10).

   Everything is computed exactly in the ring of lib/contact/pring.c
   (integer polynomials in s = a t modulo the contact time's monic
   polynomial: integers at a rational t, degrees below that polynomial's
   at an irrational one) and decided by exact signs at the contact time
   (boxtoi_alg_sgn_poly, or alg_sgn_poly_zero_first for the signs that
   are often zero).

   Point.  The contact region R = B1 ∩ B2 at t lies in both features of
   the answer (F1 of box 1, F2 of box 2).  Every vertex of R is a vertex
   of F1 lying in B2, a vertex of F2 lying in B1, or the point where an
   edge of one feature crosses a facet plane of the other box
   (doc/algorithm.md §10.1).  The candidates are built in box 1's body
   frame as homogeneous points, kept when they lie in the other box,
   deduplicated by the planes they lie on (exact equality in the
   reference mode) and averaged; the average is mapped to
   the world by M1.  For a vertex contact the only vertex is the vertex;
   for edge-edge it is the edges' meeting point.

   Normal: lib/contact/normal.c. */
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/pointq.h"
#include "lib/alg/impl.h"
#include "lib/contact/kernel-gmp.h"

void point_hpt_init(hpt *p)
{
    int k;
    for (k = 0; k < 4; k++)
        boxtoi_poly_init(p->x + k);
}

void point_hpt_clear(hpt *p)
{
    int k;
    for (k = 0; k < 4; k++)
        boxtoi_poly_clear(p->x + k);
}

void point_hpt_orient(pctx *c, hpt *p)
{
    int k;
    if (boxtoi_alg_sgn_poly(c->t, p->x + 3) < 0)
        for (k = 0; k < 4; k++)
            boxtoi_poly_neg(p->x + k, p->x + k);
}

void point_hpt_vertex(pctx *c, hpt *p, int b, const signed char *axis)
{
    int i, k;
    if (b == 0) {
        for (k = 0; k < 3; k++)
            boxtoi_poly_set_mpz(p->x + k, axis[k] < 0 ? c->lo[0][k]
                                                      : c->hi[0][k]);
        boxtoi_poly_set_mpz(p->x + 3, c->l);
        return;
    }
    /* y = (A q + b) / w with q = Q / L: x = A Q + L b, x3 = L w */
    for (i = 0; i < 3; i++) {
        boxtoi_poly_scalar_mul_mpz(p->x + i, rel_e(c, i, 3), c->l);
        for (k = 0; k < 3; k++) {
            boxtoi_poly_scalar_mul_mpz(c->u, rel_e(c, i, k),
                                       axis[k] < 0 ? c->lo[1][k]
                                                   : c->hi[1][k]);
            boxtoi_poly_add(p->x + i, p->x + i, c->u);
        }
    }
    boxtoi_poly_scalar_mul_mpz(p->x + 3, rel_e(c, 3, 3), c->l);
    point_hpt_orient(c, p);
}


int point_feature_vertices(signed char v[8][3], const boxtoi_feature *f)
{
    int n = 0, bits, k, ok;
    for (bits = 0; bits < 8; bits++) {
        ok = 1;
        for (k = 0; k < 3; k++) {
            if (f->axis[k] != 0) {
                ok &= !(bits >> k & 1);
                v[n][k] = f->axis[k];
            } else {
                v[n][k] = bits >> k & 1 ? 1 : -1;
            }
        }
        n += ok;
    }
    return n;
}

int point_flip(signed char v[8][3], int nv, int i, int k)
{
    int j, m;
    for (j = 0; j < nv; j++) {
        for (m = 0; m < 3 && v[j][m] == (m == k ? 1 : v[i][m]); m++)
            ;
        if (m == 3)
            return j;
    }
    return i; /* not reached: the feature is free along k */
}


/* The candidates of feature f of box b (doc/algorithm.md §10.1): its
   vertices inside box 1 - b, and the points where an edge crosses a
   plane of box 1 - b strictly, x_r = f_j(p) x_q - f_j(q) x_p, inside
   it.  The vertices' forms and signs serve both tests. */
static void candidates(pctx *c, clist *l, int b, const boxtoi_feature *f)
{
    signed char v[8][3];
    hpt p[8], r;
    pforms pf[8], rf;
    int nv, i, k, j, m, q, sp, sq, o = 6 * (1 - b);
    unsigned z;

    nv = point_feature_vertices(v, f);
    point_hpt_init(&r);
    pf_init(&rf);
    for (i = 0; i < nv; i++) {
        point_hpt_init(p + i);
        pf_init(pf + i);
        point_hpt_vertex(c, p + i, b, v[i]);
        pf_set(c, pf + i, p + i, 1 - b);
        if (pf_inside(c, pf + i, -1)) {
            for (m = 0; m < 4; m++)
                boxtoi_poly_set(r.x + m, p[i].x + m);
            z = point_own_zero(c->lo[b], c->hi[b], v[i], b, -1);
            for (j = 0; j < 6; j++)
                z |= (unsigned)(pf[i].s[j] == 0) << (o + j);
            point_keep(c, l, &r, z);
        }
    }
    for (i = 0; i < nv; i++)
        for (k = 0; k < 3; k++) {
            if (f->axis[k] != 0 || v[i][k] > 0)
                continue;
            q = point_flip(v, nv, i, k);
            for (j = 0; j < 6; j++) {
                sp = pf_sign(c, pf + i, j);
                sq = pf_sign(c, pf + q, j);
                if (!(sp * sq < 0
                      && pf_cross_inside(c, &r, &rf, p, pf, i, q, j, b,
                                         l->ref, &z)))
                    continue;
                z = point_own_zero(c->lo[b], c->hi[b], v[i], b, k) | z << o;
                if (l->ref) {
                    point_keep(c, l, &r, z);
                } else if (point_listed(l->zero, l->n, z)) { /* built only when new */
                    if (c->nf)
                        c->nf[2]++;
                } else {
                    pf_cross_point(c, &r, p, pf, i, q, j);
                    point_keep(c, l, &r, z);
                }
            }
        }
    for (i = 0; i < nv; i++) {
        point_hpt_clear(p + i);
        pf_clear(pf + i);
    }
    point_hpt_clear(&r);
    pf_clear(&rf);
}

void point_average(pctx *c, hpt *r, const hpt *list, int n)
{
    boxtoi_poly_t u;
    int i, k;
    boxtoi_poly_init(u);
    for (k = 0; k < 4; k++)
        boxtoi_poly_set(r->x + k, list[0].x + k);
    for (i = 1; i < n; i++) {
        for (k = 0; k < 3; k++) {
            boxtoi_poly_mul(u, r->x + k, list[i].x + 3);
            boxtoi_poly_addmul(u, list[i].x + k, r->x + 3);
            point_red(c, u);
            boxtoi_poly_swap(u, r->x + k);
        }
        boxtoi_poly_mul(r->x + 3, r->x + 3, list[i].x + 3);
        point_red(c, r->x + 3);
    }
    boxtoi_poly_scalar_mul_si(r->x + 3, r->x + 3, n);
    boxtoi_poly_clear(u);
}

void point_adj3(pctx *c, boxtoi_poly_struct *adj, boxtoi_poly_struct *det,
                const boxtoi_poly_struct *e)
{
    boxtoi_poly_struct a[9]; /* views of A's entries, only read */
    int j;
    for (j = 0; j < 9; j++)
        a[j] = e[4 * (j / 3) + j % 3];
    kp_adj3(NULL, adj, a); /* the plane kernel's adjugate (§4.5) */
    for (j = 0; j < 9; j++)
        point_red(c, adj + j);
    boxtoi_poly_zero(det);
    for (j = 0; j < 3; j++)
        boxtoi_poly_addmul(det, e + j, adj + 3 * j);
    point_red(c, det);
}

/* Divides rel's entries by their common polynomial factor (such as w1
   of a rigid M1, whose adjugate carries it): the same motion, since
   a homogeneous matrix may be scaled by any factor that does not
   vanish at t (this one divides rel's weight det(A1) w2, which does
   not vanish on a valid range), and every later step is sign-aware
   (x3 > 0, sdet).  Lower degrees everywhere after (speed only). */
static void rel_divide_common(pctx *c)
{
    boxtoi_poly_t g;
    boxtoi_poly_struct q[16];
    int k, done[16];
    boxtoi_poly_init(g);
    /* An entry that g so far divides leaves g unchanged (gcd(g, e) = g
       iff g | e, g being a gcd's normalised output), so one exact
       division (about a third of a gcd's cost) replaces that gcd, and
       its quotient is kept while g stays the same (done[k]). */
    for (k = 0; k < 16; k++) {
        boxtoi_poly_init(q + k);
        done[k] = 0;
    }
    for (k = 0; k < 16 && boxtoi_poly_degree(g) != 0; k++) {
        if (boxtoi_poly_degree(g) >= 1
            && boxtoi_poly_divexact(q + k, c->rel->e + k, g) == BOXTOI_OK) {
            done[k] = 1;
            continue;
        }
        boxtoi_poly_gcd(g, g, c->rel->e + k);
        memset(done, 0, sizeof done);
    }
    if (boxtoi_poly_degree(g) >= 1)
        for (k = 0; k < 16; k++)
            if (done[k] || boxtoi_poly_divexact(q + k, c->rel->e + k, g)
                               == BOXTOI_OK)
                boxtoi_poly_swap(q + k, c->rel->e + k);
    for (k = 0; k < 16; k++)
        boxtoi_poly_clear(q + k);
    boxtoi_poly_clear(g);
}

static void pctx_init(pctx *c, const boxtoi_contact_t res,
                      const boxtoi_query_t q)
{
    boxtoi_motion_t inv;
    int k;

    point_ring_init(c, &res->t);
    boxtoi_motion_init(c->m1);
    boxtoi_motion_init(c->m2);
    boxtoi_motion_init(c->rel);
    boxtoi_motion_init(inv);
    point_ring_motion(c, c->m1, q->motion);
    point_ring_motion(c, c->m2, q->motion + 1);
    boxtoi_motion_adjugate(inv, c->m1);
    for (k = 0; k < 16; k++)
        point_red(c, inv->e + k);
    boxtoi_motion_mul(c->rel, inv, c->m2);
    for (k = 0; k < 16; k++)
        point_red(c, c->rel->e + k);
    if (c->mod->length == 0)
        rel_divide_common(c);
    for (k = 0; k < 9; k++)
        boxtoi_poly_init(c->adj + k);
    boxtoi_poly_init(&c->det);
    point_adj3(c, c->adj, &c->det, c->rel->e);
    c->sdet = boxtoi_alg_sgn_poly(c->t, &c->det);
    mpz_init(c->l);
    for (k = 0; k < 6; k++) {
        mpz_init(c->lo[k / 3][k % 3]);
        mpz_init(c->hi[k / 3][k % 3]);
    }
    point_bounds(c->l, c->lo, c->hi, q);
    boxtoi_poly_init(c->g);
    boxtoi_poly_init(c->u);
    for (k = 0; k < 4; k++)
        boxtoi_poly_init(c->y + k);
    for (k = 0; k < 3; k++)
        boxtoi_poly_init(c->w + k);
    boxtoi_motion_clear(inv);
}

static void pctx_clear(pctx *c)
{
    int b, k;
    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++) {
            mpz_clear(c->lo[b][k]);
            mpz_clear(c->hi[b][k]);
        }
    mpz_clear(c->l);
    for (k = 0; k < 9; k++)
        boxtoi_poly_clear(c->adj + k);
    boxtoi_poly_clear(&c->det);
    boxtoi_poly_clear(c->g);
    boxtoi_poly_clear(c->u);
    for (k = 0; k < 4; k++)
        boxtoi_poly_clear(c->y + k);
    for (k = 0; k < 3; k++)
        boxtoi_poly_clear(c->w + k);
    boxtoi_motion_clear(c->m1);
    boxtoi_motion_clear(c->m2);
    boxtoi_motion_clear(c->rel);
    point_ring_clear(c);
}

void boxtoi_contact_geom_init(boxtoi_contact_geom *g)
{
    int k;
    for (k = 0; k < 3; k++) {
        boxtoi_poly_init(g->point + k);
        boxtoi_poly_init(g->normal + k);
    }
    boxtoi_poly_init(&g->den);
    boxtoi_poly_init(&g->nsq);
    g->has_normal = 0;
    g->nvert = 0;
    g->scratch = NULL;
}

void boxtoi_contact_geom_clear(boxtoi_contact_geom *g)
{
    int k;
    for (k = 0; k < 3; k++) {
        boxtoi_poly_clear(g->point + k);
        boxtoi_poly_clear(g->normal + k);
    }
    boxtoi_poly_clear(&g->den);
    boxtoi_poly_clear(&g->nsq);
    point_zctx_free(g->scratch);
}

int boxtoi_contact_geometry(boxtoi_contact_geom *g,
                            const boxtoi_contact_t res,
                            const boxtoi_query_t q)
{
    const boxtoi_alg_struct *t = &res->t;
    mpq_ptr r;

    /* t rational by its representation (lo = hi, or a linear poly):
       in integers (lib/contact/pointq.c, doc/algorithm.md §10.4), on
       the integers g keeps */
    if (res->status != BOXTOI_CONTACT
        || (!boxtoi_alg_is_rational_fast(t) && t->poly.length != 2))
        return point_geometry(g, res, q, 0);
    r = zctx_of(g)->tq;
    if (boxtoi_alg_is_rational_fast(t)) {
        mpq_set(r, t->lo);
    } else { /* c1 t + c0: t = -c0 / c1 */
        mpz_neg(mpq_numref(r), t->poly.coeffs);
        mpz_set(mpq_denref(r), t->poly.coeffs + 1);
        mpq_canonicalize(r);
    }
    return point_geometry_q(g, res, q, r, NULL);
}

int point_geometry(boxtoi_contact_geom *g, const boxtoi_contact_t res,
                   const boxtoi_query_t q, int ref)
{
    return point_geometry_counted(g, res, q, ref, NULL);
}

int point_geometry_counted(boxtoi_contact_geom *g,
                           const boxtoi_contact_t res,
                           const boxtoi_query_t q, int ref, long *nf)
{
    pctx c;
    /* on the stack (15 KB): a malloc of this size consolidated the
       allocator's fast bins on every call (13 k instructions) */
    hpt list[MAXCAND], avg;
    unsigned zero[MAXCAND];
    clist l;
    int n, i, k, r;

    if (res->status != BOXTOI_CONTACT)
        return BOXTOI_EINVAL;
    /* entries are initialised as point_keep() fills them */
    point_hpt_init(&avg);
    pctx_init(&c, res, q);
    c.nf = nf;
    l.p = list;
    l.zero = zero;
    l.n = 0;
    l.ref = ref;
    candidates(&c, &l, 0, res->feature);
    candidates(&c, &l, 1, res->feature + 1);
    if (l.n == 0) {
        /* Features that miss the region (once seen with a negative
           relative weight, fixed: doc/algorithm.md §10.1): the whole
           solids are features of themselves, so the same enumeration on
           them is complete. */
        static const boxtoi_feature solid = {{0, 0, 0}};
        candidates(&c, &l, 0, &solid);
        candidates(&c, &l, 1, &solid);
    }
    n = l.n;
    g->nvert = n;
    if (n > 0) {
        point_average(&c, &avg, list, n);
        /* world = M1 [y; 1]: (e1_r . (x, x3)) / (w1 x3) */
        for (r = 0; r < 3; r++) {
            boxtoi_poly_zero(g->point + r);
            for (k = 0; k < 4; k++)
                boxtoi_poly_addmul(g->point + r, c.m1->e + 4 * r + k,
                                   avg.x + k);
            point_red(&c, g->point + r);
            point_ring_out(&c, g->point + r);
        }
        boxtoi_poly_mul(&g->den, c.m1->e + 15, avg.x + 3);
        point_red(&c, &g->den);
        point_ring_out(&c, &g->den);
        g->has_normal = !res->initial && point_normal(&c, g, res);
    }
    pctx_clear(&c);
    point_hpt_clear(&avg);
    for (i = 0; i < n; i++)
        point_hpt_clear(list + i);
    return n > 0 ? BOXTOI_OK : BOXTOI_EINTERNAL;
}
