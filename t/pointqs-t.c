/* t/pointqs-t.c: the single contact point from the features
   (zsingle, lib/contact/pointqs.c, doc/algorithm.md §10.5) paired
   with the general method it shortcuts (the candidates of
   lib/contact/pointq.c, §10.1, zctx.general set) on every random
   contact at a rational t of t/qgen.c's five families, branch by
   branch: a vertex of box 1, a vertex of box 2, an edge of box 2
   crossing a plane of box 1, and every declined answer (faces, edges
   along a plane, parallel edges, initial contacts, w < 0), each with
   the same point, number of vertices and normal; and the normal's
   side from the tight plane (znormal, §10.5) against the centres'. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
    long ninit = 0, nneg = 0, nflat = 0, nside[2] = {0, 0};
    int kind;

    boxtoi_contact_geom_init(&kept);
    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_contact_init(res);
    for (kind = 0; kind < QGEN_NKINDS; kind++)
        for (i = 0; i < n; i++) {
            boxtoi_contact_geom g, h;
            zctx *c, *cg;
            long before, side[2];
            int b;
            if (!qgen_contact_geom(&g, res, q, st, kind))
                continue;
            boxtoi_contact_geom_clear(&g);
            if (!boxtoi_alg_is_rational_fast(&res->t))
                continue;
            c = zctx_of(&kept);
            before = c->nfast[ZF_SINGLE];
            side[0] = c->nfast[ZF_SIDE];
            side[1] = c->nfast[ZF_SIDE + 1];
            boxtoi_contact_geom_init(&h);
            cg = zctx_of(&h);
            cg->general = 1;
            if (point_geometry_q(&kept, res, q, res->t.lo, NULL) != BOXTOI_OK
                || point_geometry_q(&h, res, q, res->t.lo, NULL)
                       != BOXTOI_OK
                || !same_geom(&kept, &h) || cg->nfast[ZF_SINGLE] != 0
                || cg->nfast[ZF_SIDE] != 0) {
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
            nside[0] += c->nfast[ZF_SIDE] - side[0];
            nside[1] += c->nfast[ZF_SIDE + 1] - side[1];
            boxtoi_contact_geom_clear(&h);
        }
    diag("at a rational t: %ld from a vertex of box 1, %ld from a vertex "
         "of box 2, %ld from an edge crossing, %ld declined (%ld initial, "
         "%ld with w < 0, %ld with a face or two edges' features)",
         nb[B_VERT1], nb[B_VERT2], nb[B_EDGE], nb[B_DECLINED], ninit, nneg,
         nflat);
    diag("the normal's side: %ld from the tight plane, %ld from the "
         "centres", nside[0], nside[1]);
    is_int(0, bad, "the single point from the features = the candidates' "
                   "point, with the same vertices and normal, its side "
                   "from the tight plane = the centres'");
    ok(nb[B_VERT1] >= 10 && nb[B_VERT2] >= 10 && nb[B_EDGE] >= 10
           && ninit >= 1 && nneg >= 1 && nflat >= 10,
       "every branch occurs: both vertices, the edge crossing, and "
       "declined answers (initial, w < 0, face or edge features)");
    ok(nside[0] >= 10 && nside[1] >= 1,
       "the normal's side from the tight plane and from the centres "
       "(box 1 flat across the normal) both occur");
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
    gmp_randclear(st);
    boxtoi_contact_geom_clear(&kept);
}

/* Pairs the two on the query line (skipped unless it reads as a
   two-box query with a contact at a rational t): 1 iff the same, and
   *n counts the lines paired, side[] the normal's branches. */
static int paired_line(const char *line, long *n, long side[2])
{
    boxtoi_query_t q;
    boxtoi_contact_t res;
    boxtoi_errinfo err;
    boxtoi_strbuf id;
    boxtoi_io_options opts;
    boxtoi_contact_geom g, h;
    zctx *c;
    int same = 1;

    boxtoi_query_init(q);
    boxtoi_contact_init(res);
    boxtoi_strbuf_init(&id);
    boxtoi_io_options_init(&opts);
    if (boxtoi_io_read_query(q, &id, line, strlen(line), &opts, &err)
            == BOXTOI_OK
        && boxtoi_contact_first(res, q, NULL, &err) == BOXTOI_OK
        && res->status == BOXTOI_CONTACT
        && boxtoi_alg_is_rational_fast(&res->t)) {
        boxtoi_contact_geom_init(&g);
        boxtoi_contact_geom_init(&h);
        c = zctx_of(&g);
        zctx_of(&h)->general = 1;
        same = point_geometry_q(&g, res, q, res->t.lo, NULL) == BOXTOI_OK
               && point_geometry_q(&h, res, q, res->t.lo, NULL)
                      == BOXTOI_OK
               && same_geom(&g, &h);
        side[0] += c->nfast[ZF_SIDE];
        side[1] += c->nfast[ZF_SIDE + 1];
        ++*n;
        boxtoi_contact_geom_clear(&g);
        boxtoi_contact_geom_clear(&h);
    }
    boxtoi_strbuf_clear(&id);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
    return same;
}

/* Every query line of t/data and examples/ paired (paired_line), and
   a hand case for the normal's side from the centres: two unit squares
   flat in z (box 1 at z = 0, box 2 falling as z = 1 - t) meet face on
   face at t = 1 along the z direction, across which box 1 is flat, so
   the centres decide (no normal: they are level, R_z = 0, §10.2). */
static void file_cases(void)
{
    static const char *const name[] = {
        "t/data/determinism/mix", "t/data/cli/basic", "t/data/cli/errors",
        "t/data/regress/002-negative-weight-features",
        "t/data/regress/001-limits-before-validity",
        "t/data/hostile/motions", "t/data/hostile/extreme",
        "t/data/hostile/shape", "t/data/hostile/numbers",
        "examples/drawer", "examples/drop", "examples/grazing",
        "examples/near-miss", "examples/shear", "examples/tumbling-crate",
        "examples/doubles", "examples/robot-arm", "examples/pick-and-place",
        "examples/cell", "examples/gate", "examples/primitives"};
    static const char flat[] =
        "{\"box1\": {\"min\": [0, 0, 0], \"max\": [1, 1, 0]}, "
        "\"box2\": {\"min\": [0, 0, 0], \"max\": [1, 1, 0]}, "
        "\"motion2\": [[1,0,0,0], [0,1,0,0], [0,0,1,[1,-1]], [0,0,0,1]], "
        "\"t_range\": [0, 5]}";
    const char *top = getenv("top_srcdir");
    char path[4096], line[1 << 16];
    long n = 0, bad = 0, side[2] = {0, 0}, nflat = 0;
    size_t f;

    for (f = 0; f < sizeof name / sizeof *name; f++) {
        FILE *in;
        snprintf(path, sizeof path, "%s/%s.jsonl", top != NULL ? top : ".",
                 name[f]);
        in = fopen(path, "r");
        if (in == NULL)
            bail("cannot open %s", path);
        while (fgets(line, sizeof line, in) != NULL)
            if (!paired_line(line, &n, side)) {
                bad++;
                diag("differs: %s", line);
            }
        fclose(in);
    }
    diag("t/data and examples/: %ld contacts at a rational t paired; "
         "the normal's side %ld from the tight plane, %ld from the "
         "centres", n, side[0], side[1]);
    ok(bad == 0 && n >= 20,
       "every contact at a rational t of t/data and examples/: the "
       "single point and side = the candidates' and the centres'");
    side[0] = side[1] = 0;
    ok(paired_line(flat, &nflat, side) && nflat == 1 && side[0] == 0
           && side[1] == 1,
       "two level flat squares: the normal's side from the centres, the "
       "same geometry");
}

int main(void)
{
    plan(5);
    paired_cases();
    file_cases();
    return 0;
}
