/* t/point-t.c: tests of the contact point and normal (lib/contact/point.c)
   and of the correctly rounded decimals of quotients and unit vectors
   (lib/alg/decquot.c).

   The point and normal are checked by a method independent of their
   construction: the world point is mapped into each body frame by the
   adjugate of that body's own motion and the box inequalities are
   evaluated as exact signs of polynomials at t; the normal is checked
   against the world positions of all 16 vertices (box 1 on its side,
   box 2 on the other, of the plane through the point) at t, and, by
   t/point-sep.c, as the limit of planes that separate the solids at a
   rational t' < t with no event in [t', t).  Hand cases:
   the drop of examples/drop.jsonl and a few decimals derived in the
   comments.  The comparisons with the reference modes and the
   integers at a rational t are in t/pointq-t.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"
#include "point-sep.h"
#include "point-ref.h"

/* Appends v(t)/den(t) or v(t)/sqrt(den(t)) at the rational t = num/1. */
static void check_quot(const char *e, const long *nc, int nn,
                       const long *dc, int nd, const char *tq, long digits,
                       int unit)
{
    boxtoi_poly_t n, d;
    boxtoi_alg_t a;
    boxtoi_strbuf sb;
    mpq_t q;
    int rc;

    boxtoi_poly_init(n);
    boxtoi_poly_init(d);
    boxtoi_alg_init(a);
    boxtoi_strbuf_init(&sb);
    mpq_init(q);
    boxtoi_poly_set_coeffs_si(n, nc, nn);
    boxtoi_poly_set_coeffs_si(d, dc, nd);
    if (strcmp(tq, "sqrt2") == 0) {
        static const long p[3] = {-2, 0, 1};
        boxtoi_poly_t s;
        mpq_t lo, hi;
        boxtoi_poly_init(s);
        mpq_init(lo);
        mpq_init(hi);
        boxtoi_poly_set_coeffs_si(s, p, 3);
        mpq_set_ui(lo, 1, 1);
        mpq_set_ui(hi, 2, 1);
        if (boxtoi_alg_set_poly_interval(a, s, lo, hi) != BOXTOI_OK)
            bail("sqrt2");
        boxtoi_poly_clear(s);
        mpq_clear(lo);
        mpq_clear(hi);
    } else {
        mpq_set_str(q, tq, 10);
        mpq_canonicalize(q);
        boxtoi_alg_set_mpq(a, q);
    }
    rc = unit ? boxtoi_alg_unit_get_str(&sb, n, d, a, digits)
              : boxtoi_alg_quot_get_str(&sb, n, d, a, digits);
    is_int(BOXTOI_OK, rc, "rc");
    is_str(e, sb.str != NULL ? sb.str : "", "%s at %s", unit ? "unit" : "quot",
           tq);
    boxtoi_strbuf_clear(&sb);
    mpq_clear(q);
    boxtoi_alg_clear(a);
    boxtoi_poly_clear(n);
    boxtoi_poly_clear(d);
}

static void decimal_cases(void)
{
    static const long one[1] = {1}, two[1] = {2}, three[1] = {3};
    static const long t1[2] = {0, 1}, eight[1] = {8}, sixteen[1] = {16};
    static const long tm[2] = {-1, 1}, m8[1] = {-8}, m3[1] = {-3};
    /* t = sqrt 2: t / 1 is 1.41421356237309504880168872421 (30 digits,
       the spec's own decimal of the cam-sqrt2 example) */
    check_quot("1.41421356237309504880168872421", t1, 2, one, 1, "sqrt2", 30,
               0);
    /* 1 / (t - 1) = sqrt 2 + 1 = 2.41421356237309504880168872421 */
    check_quot("2.41421356237309504880168872421", one, 1, tm, 2, "sqrt2", 30,
               0);
    /* -1/8 = -0.125 to 2 digits: a tie, to even: -0.12 */
    check_quot("-0.12", one, 1, m8, 1, "-1", 2, 0);
    /* 1 / sqrt 2 = 0.707106781186547524400844362105 (its 30 digits) */
    check_quot("0.707106781186547524400844362105", one, 1, two, 1, "0", 30, 1);
    /* t / sqrt 2 at t = sqrt 2 is exactly 1 */
    check_quot("1.00000", t1, 2, two, 1, "sqrt2", 6, 1);
    /* 3 / sqrt 16 = 0.75 to 1 digit: a tie, to even: 0.8 */
    check_quot("0.8", three, 1, sixteen, 1, "5", 1, 1);
    /* 3 / 8 at 1 digit: 0.375 -> 0.4 */
    check_quot("0.4", three, 1, eight, 1, "7", 1, 0);
    /* -3 / sqrt 2 = -2.12132034355964257320253308631 */
    check_quot("-2.12132034355964257320253308631", m3, 1, two, 1, "1", 30,
               1);
}

/* h = M [x; xd] for a motion M (16 polys) and a homogeneous point. */
static void apply(boxtoi_poly_struct *h, const boxtoi_motion_struct *m,
                  const boxtoi_poly_struct *x, const boxtoi_poly_struct *xd)
{
    int r, k;
    for (r = 0; r < 4; r++) {
        boxtoi_poly_mul(h + r, m->e + 4 * r + 3, xd);
        for (k = 0; k < 3; k++)
            boxtoi_poly_addmul(h + r, m->e + 4 * r + k, x + k);
    }
}

/* Exact sign at t of a / b, b != 0 at t. */
static int sgn_frac(boxtoi_alg_t t, const boxtoi_poly_t a,
                    const boxtoi_poly_t b)
{
    return boxtoi_alg_sgn_poly(t, a) * boxtoi_alg_sgn_poly(t, b);
}

/* 1 iff the world point g lies in box b of q at t: its body
   coordinates adj(M_b) [point; den] within [min, max]. */
static int point_in_box(boxtoi_alg_t t, const boxtoi_contact_geom *g,
                        const boxtoi_query_t q, int b)
{
    boxtoi_motion_t inv;
    boxtoi_poly_struct h[4];
    boxtoi_poly_t u, v;
    int k, side, ok = 1;

    boxtoi_motion_init(inv);
    boxtoi_poly_init(u);
    boxtoi_poly_init(v);
    for (k = 0; k < 4; k++)
        boxtoi_poly_init(h + k);
    boxtoi_motion_adjugate(inv, q->motion + b);
    apply(h, inv, g->point, &g->den);
    for (k = 0; k < 3 && ok; k++)
        for (side = 0; side < 2 && ok; side++) {
            mpq_srcptr c = side == 0 ? q->box[b].min[k] : q->box[b].max[k];
            /* den(c) h_k - num(c) h_3, sign flipped for max */
            boxtoi_poly_scalar_mul_mpz(u, h + k, mpq_denref(c));
            boxtoi_poly_scalar_mul_mpz(v, h + 3, mpq_numref(c));
            boxtoi_poly_sub(u, u, v);
            if (side == 1)
                boxtoi_poly_neg(u, u);
            ok = sgn_frac(t, u, h + 3) >= 0;
        }
    for (k = 0; k < 4; k++)
        boxtoi_poly_clear(h + k);
    boxtoi_poly_clear(u);
    boxtoi_poly_clear(v);
    boxtoi_motion_clear(inv);
    return ok;
}

/* 1 iff the plane through the point with normal g->normal has every
   world vertex of box 1 on its closed negative side and every vertex of
   box 2 on its closed positive side, at t: sign of
   n . (y / yd - p / pd) over the 16 vertices y. */
static int normal_separates(boxtoi_alg_t t, const boxtoi_contact_geom *g,
                            const boxtoi_query_t q)
{
    boxtoi_poly_struct v[3], h[4];
    boxtoi_poly_t one, u, s;
    int b, bits, k, ok = 1;

    boxtoi_poly_init(one);
    boxtoi_poly_init(u);
    boxtoi_poly_init(s);
    boxtoi_poly_set_si(one, 1);
    for (k = 0; k < 4; k++)
        boxtoi_poly_init(h + k);
    for (k = 0; k < 3; k++)
        boxtoi_poly_init(v + k);
    for (b = 0; b < 2 && ok; b++)
        for (bits = 0; bits < 8 && ok; bits++) {
            for (k = 0; k < 3; k++) {
                mpq_srcptr c = bits >> k & 1 ? q->box[b].max[k]
                                             : q->box[b].min[k];
                /* scale every coordinate by the product of the denominators
                   through a common factor: use c's own and fix yd */
                boxtoi_poly_set_mpz(v + k, mpq_numref(c));
                boxtoi_poly_scalar_mul_mpz(u, one, mpq_denref(c));
                if (k == 0)
                    boxtoi_poly_set(s, u);
                else
                    boxtoi_poly_mul(s, s, u);
            }
            /* v_k = num_k * (prod den) / den_k */
            for (k = 0; k < 3; k++) {
                mpq_srcptr c = bits >> k & 1 ? q->box[b].max[k]
                                             : q->box[b].min[k];
                boxtoi_poly_scalar_mul_mpz(v + k, s, mpq_numref(c));
                boxtoi_poly_scalar_divexact_mpz(v + k, v + k,
                                                mpq_denref(c));
            }
            apply(h, q->motion + b, v, s);
            /* n . (x pd - p yd) with yd = h[3] */
            boxtoi_poly_zero(s);
            for (k = 0; k < 3; k++) {
                boxtoi_poly_mul(u, h + k, &g->den);
                boxtoi_poly_submul(u, g->point + k, h + 3);
                boxtoi_poly_addmul(s, g->normal + k, u);
            }
            boxtoi_poly_mul(u, h + 3, &g->den);
            k = sgn_frac(t, s, u);
            ok = b == 0 ? k <= 0 : k >= 0;
        }
    for (k = 0; k < 4; k++)
        boxtoi_poly_clear(h + k);
    for (k = 0; k < 3; k++)
        boxtoi_poly_clear(v + k);
    boxtoi_poly_clear(one);
    boxtoi_poly_clear(u);
    boxtoi_poly_clear(s);
    return ok;
}

/* The point lies in both solids and the normal separates them, on
   every random contact of t/qgen.c (t/pointq-t.c compares the same
   contacts with the reference modes).  For a rational t the geometry's
   polynomials may be constants; for an irrational one they are
   evaluated at t all the same. */
static void random_cases(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    boxtoi_contact_t res;
    long i, n = 100 * tap_multiplier(), ncontact = 0, nnormal = 0;
    long bad_point = 0, bad_normal = 0, nirr = 0, nsep = 0, bad_sep = 0;
    mpq_t tp;
    int kind;

    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_contact_init(res);
    mpq_init(tp);
    for (kind = 0; kind < QGEN_NKINDS; kind++)
        for (i = 0; i < n; i++) {
            boxtoi_contact_geom g;
            if (!qgen_contact_geom(&g, res, q, st, kind))
                continue;
            ncontact++;
            nirr += !boxtoi_alg_is_rational_fast(&res->t);
            if (!point_in_box(&res->t, &g, q, 0)
                || !point_in_box(&res->t, &g, q, 1)) {
                bad_point++;
                qgen_fprint_query(stdout, q);
            }
            if (g.has_normal) {
                nnormal++;
                if (res->initial || !normal_separates(&res->t, &g, q)) {
                    bad_normal++;
                    qgen_fprint_query(stdout, q);
                }
                nsep++;
                if (sep_check(tp, q, &res->t, q->t0, g.normal) != SEP_OK) {
                    bad_sep++;
                    diag("no separation just before t:");
                    qgen_fprint_query(stdout, q);
                }
            }
            boxtoi_contact_geom_clear(&g);
        }
    diag("%ld contacts (%ld at irrational t), %ld with a normal", ncontact,
         nirr, nnormal);
    ok(ncontact >= 100, "enough contacts (%ld)", ncontact);
    ok(nnormal >= 50, "enough normals (%ld)", nnormal);
    is_int(0, bad_point, "the point lies in both solids at t");
    is_int(0, bad_normal, "the normal's plane separates the solids at t");
    ok(nsep >= 50, "enough normals checked before t (%ld)", nsep);
    is_int(0, bad_sep, "the normal is the limit of separating normals");
    mpq_clear(tp);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
    gmp_randclear(st);
}

/* The number of breaks of pm strictly below t: the piece that applies
   on [its break, t], just before t (0 for an empty pm). */
static long piece_before(const boxtoi_pmotion_struct *pm,
                         const boxtoi_alg_t t)
{
    long i = 0;
    while (i + 1 < pm->n && boxtoi_alg_cmp_mpq(t, pm->brk + i) > 0)
        i++;
    return i;
}

/* Point and normal of every two-box query of the examples (scenes
   are left to t/scene-t): the query is solved as the command solves it
   and the geometry is taken with the pieces that apply just before t,
   on [lower, t] with lower the last break below t or t0. */
static void example_cases(void)
{
    static const char *const name[] = {
        "drawer", "drop", "grazing", "near-miss", "shear", "tumbling-crate",
        "doubles", "robot-arm", "pick-and-place"};
    const char *top = getenv("top_srcdir");
    long nq = 0, nn = 0, bad_point = 0, bad_sep = 0;
    boxtoi_io_options opts;
    char path[4096], line[1 << 16];
    mpq_t lower, tp;
    size_t f;

    boxtoi_io_options_init(&opts);
    mpq_init(lower);
    mpq_init(tp);
    for (f = 0; f < sizeof name / sizeof *name; f++) {
        FILE *in;
        snprintf(path, sizeof path, "%s/examples/%s.jsonl",
                 top != NULL ? top : ".", name[f]);
        in = fopen(path, "r");
        if (in == NULL)
            bail("cannot open %s", path);
        while (fgets(line, sizeof line, in) != NULL) {
            boxtoi_query_t q;
            boxtoi_pmotion_struct pm[2];
            boxtoi_contact_t res;
            boxtoi_contact_geom g;
            boxtoi_errinfo err;
            boxtoi_strbuf id;
            int b;

            boxtoi_query_init(q);
            boxtoi_pmotion_init(pm);
            boxtoi_pmotion_init(pm + 1);
            boxtoi_contact_init(res);
            boxtoi_strbuf_init(&id);
            boxtoi_contact_geom_init(&g);
            if (boxtoi_io_read_query_pieces(q, pm, &id, line, strlen(line),
                                            &opts, &err) != BOXTOI_OK
                || boxtoi_contact_first_piecewise(res, q, pm, pm + 1, NULL,
                                                  &err) != BOXTOI_OK)
                bail("%s: %s", path, err.msg);
            if (res->status == BOXTOI_CONTACT) {
                nq++;
                mpq_set(lower, q->t0);
                for (b = 0; b < 2; b++)
                    if (pm[b].n > 0) {
                        long i = piece_before(pm + b, &res->t);
                        boxtoi_motion_set(q->motion + b, pm[b].piece + i);
                        if (i > 0 && mpq_cmp(pm[b].brk + i - 1, lower) > 0)
                            mpq_set(lower, pm[b].brk + i - 1);
                    }
                if (boxtoi_contact_geometry(&g, res, q) != BOXTOI_OK)
                    bail("%s %s: geometry", path, id.str);
                if (!point_in_box(&res->t, &g, q, 0)
                    || !point_in_box(&res->t, &g, q, 1)) {
                    bad_point++;
                    diag("%s %s: point not in both solids", name[f], id.str);
                }
                if (g.has_normal) {
                    nn++;
                    if (res->initial
                        || sep_check(tp, q, &res->t, lower, g.normal)
                               != SEP_OK) {
                        bad_sep++;
                        diag("%s %s: normal", name[f], id.str);
                    }
                }
            }
            boxtoi_contact_geom_clear(&g);
            boxtoi_strbuf_clear(&id);
            boxtoi_contact_clear(res);
            boxtoi_pmotion_clear(pm);
            boxtoi_pmotion_clear(pm + 1);
            boxtoi_query_clear(q);
        }
        fclose(in);
    }
    diag("examples: %ld contacts, %ld with a normal", nq, nn);
    ok(nq >= 15 && nn >= 10, "the examples have contacts and normals");
    is_int(0, bad_point, "examples: the point lies in both solids at t");
    is_int(0, bad_sep, "examples: the normal is the limit of separating "
                       "normals");
    mpq_clear(lower);
    mpq_clear(tp);
}

static void hand_cases(void)
{
    /* examples/drop.jsonl: the crate's bottom face [-0.15, 0.15]^2 at
       z = 1.2 - 4.905 t^2 lands on the floor's top face z = 0 at
       t = sqrt(1.2 / 4.905); the region is the whole bottom square, its
       vertices' average (0, 0, 0); the floor (box 1) is below: normal
       (0, 0, 1). */
    check_line("{\"box1\": {\"min\": [-1, -0.5, -0.05], \"max\": [1, 0.5, 0]},"
               " \"box2\": {\"min\": [-0.15, -0.15, 0], \"max\": [0.15, 0.15,"
               " 0.3]}, \"motion2\": [[1,0,0,0], [0,1,0,0], [0,0,1,[1.2,0,"
               "-4.905]], [0,0,0,1]], \"t_range\": [0, 2]}",
               "\"point\":[\"0\",\"0\",\"0\"],\"normal\":[\"0\",\"0\","
               "\"1.00000\"]}}\n", 6);
    /* Box 2, the unit cube, slides along x from x = 3 - t towards box 1
       = [0,1]^3 shifted by (0, 1/2, 0): its face x = 0 meets box 1's
       face x = 1 at t = 2, the region is [1/2, 1] x [0, 1] in (y, z),
       average (1, 3/4, 1/2); normal +x.  Four digits. */
    check_line("{\"box1\": {\"min\": [0, 0.5, 0], \"max\": [1, 1.5, 1]},"
               " \"box2\": {\"min\": [0, 0, 0], \"max\": [1, 1, 1]},"
               " \"motion2\": [[1,0,0,[3,-1]], [0,1,0,0], [0,0,1,0],"
               " [0,0,0,1]], \"t_range\": [0, 5]}",
               "\"point\":[\"1.000\",\"0.7500\",\"0.5000\"],\"normal\":["
               "\"1.000\",\"0\",\"0\"]}}\n", 4);
    /* The same cube rotated by 45 degrees about z is not rational;
       instead: box 2 a point (flat box) falling on the cube's top face
       at (1/3, 1/3): vertex contact, point (1/3, 1/3, 1) to 3 digits,
       normal from the cube (box 1) up to the point: (0, 0, 1). */
    check_line("{\"box1\": {\"min\": [0, 0, 0], \"max\": [1, 1, 1]},"
               " \"box2\": {\"min\": [\"1/3\", \"1/3\", 0], \"max\": [\"1/3\","
               " \"1/3\", 0]}, \"motion2\": [[1,0,0,0], [0,1,0,0],"
               " [0,0,1,[3,-1]], [0,0,0,1]], \"t_range\": [0, 5]}",
               "\"point\":[\"0.333\",\"0.333\",\"1.00\"],\"normal\":[\"0\","
               "\"0\",\"1.00\"]}}\n", 3);
}

/* The same scene falling as z = 2 - 2 t - t^2: box 2's bottom reaches
   box 1's top (z = 1) at t^2 + 2 t - 1 = 0, t = sqrt(2) - 1, an
   irrational t (point_geometry, doc/algorithm.md §10.1).  The region and
   its average are those above, (5/16, 1/2, 1), normal (0, 0, 1).  Box
   1's corner (1, 1, 1) is a vertex in box 2 and also the crossing of
   box 2's edge with box 1's plane x = 1 (the equal candidates told by
   their planes), and that crossing lies on the plane y = 1 (a crossing
   sign 0, which no enclosure decides). */
static void irrational_zero_case(void)
{
    static const char line[] =
        "{\"box1\": {\"min\": [0, 0, 0], \"max\": [1, 1, 1]},"
        " \"box2\": {\"min\": [0, 0, 0], \"max\": [10, 10, 1]},"
        " \"motion2\": [[\"3/5\",\"-4/5\",0,-2], [\"4/5\",\"3/5\",0,-3],"
        " [0,0,1,[2,-2,-1]], [0,0,0,1]], \"t_range\": [0, 5]}";
    static const long tp[3] = {-1, 2, 1};
    boxtoi_query_t q;
    boxtoi_contact_t res;
    boxtoi_errinfo err;
    boxtoi_strbuf id;
    boxtoi_io_options opts;
    boxtoi_contact_geom g;
    boxtoi_poly_t p;
    long nf[3] = {0, 0, 0};
    int same;

    boxtoi_query_init(q);
    boxtoi_contact_init(res);
    boxtoi_strbuf_init(&id);
    boxtoi_io_options_init(&opts);
    boxtoi_poly_init(p);
    boxtoi_poly_set_coeffs_si(p, tp, 3);
    if (boxtoi_io_read_query(q, &id, line, strlen(line), &opts, &err)
            != BOXTOI_OK
        || boxtoi_contact_first(res, q, NULL, &err) != BOXTOI_OK)
        bail("%s", err.msg);
    ok(res->status == BOXTOI_CONTACT
           && !boxtoi_alg_is_rational_fast(&res->t)
           && boxtoi_poly_equal(&res->t.poly, p),
       "crossing on a plane: contact at the root of t^2 + 2 t - 1");
    boxtoi_contact_geom_init(&g);
    same = boxtoi_contact_geometry(&g, res, q) == BOXTOI_OK && g.nvert == 4
           && same_geom_as_reference(&g, res, q, nf);
    boxtoi_contact_geom_clear(&g);
    ok(same && nf[1] >= 1 && nf[2] >= 1,
       "at t = sqrt(2) - 1: 4 vertices, a crossing sign 0 left to the "
       "polynomials (%ld decided, %ld not), %ld equal candidates, the "
       "reference's geometry", nf[0], nf[1], nf[2]);
    check_line(line, "\"point\":[\"0.3125\",\"0.5000\",\"1.000\"],"
                     "\"normal\":[\"0\",\"0\",\"1.000\"]}}\n", 4);
    boxtoi_poly_clear(p);
    boxtoi_strbuf_clear(&id);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
}

int main(void)
{
    plan_lazy();
    decimal_cases();
    hand_cases();
    irrational_zero_case();
    example_cases();
    random_cases();
    return 0;
}
