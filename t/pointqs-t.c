/* t/pointqs-t.c: the single contact point from the features
   (zsingle, lib/contact/pointqs.c, doc/algorithm.md §10.5) paired
   with the general method it shortcuts (the candidates of
   lib/contact/pointq.c, §10.1, zctx.general set) on every random
   contact at a rational t of t/qgen.c's five families, branch by
   branch: a vertex of box 1, a vertex of box 2, an edge of box 2
   crossing a plane of box 1, and every declined answer (faces, edges
   along a plane, parallel edges, initial contacts, w < 0), each with
   the same point, number of vertices and normal. */
#include <stdio.h>
#include "tap.h"
#include "qgen.h"
#include "point-ref.h"

enum { B_VERT1, B_VERT2, B_EDGE, B_DECLINED, B_N };

static int naxes(const boxtoi_feature *f)
{
    return (f->axis[0] != 0) + (f->axis[1] != 0) + (f->axis[2] != 0);
}

/* 1 iff the geometries g and h are the same: the number of vertices,
   the point as a quotient, the normal (up to a positive factor). */
static int same_geom(const boxtoi_contact_geom *g,
                     const boxtoi_contact_geom *h)
{
    int k, same = g->nvert == h->nvert && g->has_normal == h->has_normal;
    for (k = 0; k < 3 && same; k++)
        same = same_quot(g->point + k, &g->den, h->point + k, &h->den);
    if (same && g->has_normal)
        same = same_normal(g->normal, &g->nsq, h->normal);
    return same;
}

/* Every random contact at a rational t: into one kept geometry with
   the shortcut and into a fresh one with the general method only; the
   branch taken (from zctx's count and the features) counted in nb. */
static void paired_cases(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    boxtoi_contact_t res;
    boxtoi_contact_geom kept;
    long i, n = 300 * tap_multiplier(), bad = 0, nb[B_N] = {0, 0, 0, 0};
    long ninit = 0, nneg = 0, nflat = 0;
    int kind;

    boxtoi_contact_geom_init(&kept);
    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_contact_init(res);
    for (kind = 0; kind < QGEN_NKINDS; kind++)
        for (i = 0; i < n; i++) {
            boxtoi_contact_geom g, h;
            zctx *c, *cg;
            long before;
            int b;
            if (!qgen_contact_geom(&g, res, q, st, kind))
                continue;
            boxtoi_contact_geom_clear(&g);
            if (!boxtoi_alg_is_rational_fast(&res->t))
                continue;
            c = zctx_of(&kept);
            before = c->nfast[ZF_SINGLE];
            boxtoi_contact_geom_init(&h);
            cg = zctx_of(&h);
            cg->general = 1;
            if (point_geometry_q(&kept, res, q, res->t.lo, NULL) != BOXTOI_OK
                || point_geometry_q(&h, res, q, res->t.lo, NULL)
                       != BOXTOI_OK
                || !same_geom(&kept, &h) || cg->nfast[ZF_SINGLE] != 0) {
                bad++;
                qgen_fprint_query(stdout, q);
            }
            if (c->nfast[ZF_SINGLE] == before) {
                b = B_DECLINED;
                ninit += res->initial != 0;
                nneg += mpz_sgn(c->rel[15]) < 0;
                nflat += naxes(res->feature) <= 2
                         && naxes(res->feature + 1) <= 2
                         && naxes(res->feature) + naxes(res->feature + 1)
                                <= 3;
            } else {
                b = naxes(res->feature) == 3       ? B_VERT1
                    : naxes(res->feature + 1) == 3 ? B_VERT2
                                                   : B_EDGE;
            }
            nb[b]++;
            boxtoi_contact_geom_clear(&h);
        }
    diag("at a rational t: %ld from a vertex of box 1, %ld from a vertex "
         "of box 2, %ld from an edge crossing, %ld declined (%ld initial, "
         "%ld with w < 0, %ld with a face or two edges' features)",
         nb[B_VERT1], nb[B_VERT2], nb[B_EDGE], nb[B_DECLINED], ninit, nneg,
         nflat);
    is_int(0, bad, "the single point from the features = the candidates' "
                   "point, with the same vertices and normal");
    ok(nb[B_VERT1] >= 10 && nb[B_VERT2] >= 10 && nb[B_EDGE] >= 10
           && ninit >= 1 && nneg >= 1 && nflat >= 10,
       "every branch occurs: both vertices, the edge crossing, and "
       "declined answers (initial, w < 0, face or edge features)");
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
    gmp_randclear(st);
    boxtoi_contact_geom_clear(&kept);
}

int main(void)
{
    plan(2);
    paired_cases();
    return 0;
}
