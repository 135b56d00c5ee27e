/* t/pointq-t.c: the contact point and normal at a rational t in
   integers (lib/contact/pointq.c, doc/algorithm.md §10.4) and the
   crossings' filters at both kinds of t, against the reference modes
   of point_geometry (lib/contact/point.c; same_geom_as_reference of
   t/point-ref.c): every random contact of t/qgen.c, each 128-bit path
   of pointq.c against its GMP reference (zctx.ref) branch by branch,
   on queries scaled until each size bound is crossed, and a hand case
   whose crossing lies exactly on a third plane (its irrational twin is
   in t/point-t.c).  The word kernels at their size limits (zdot,
   adj(A) and rel, rel's gcd) are tested in t/pointq-words-t.c. */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"
#include "point-ref.h"

/* 1 iff point_geometry_q at res's rational t, its crossing signs'
   filter counted in nf (lib/contact/pointq.c, doc/algorithm.md §10.4),
   gives the reference's geometry (same_geom_as_reference), computed
   into h, one geometry kept for every query (its integers, g->scratch,
   reused as the command reuses them: nothing of an earlier answer may
   show through), while the reference starts afresh each time. */
static int counted_q_as_reference(boxtoi_contact_geom *h,
                                  const boxtoi_contact_t res,
                                  const boxtoi_query_t q, long nf[4])
{
    return point_geometry_q(h, res, q, res->t.lo, nf) == BOXTOI_OK
           && same_geom_as_reference(h, res, q, NULL);
}

/* Every random contact of t/qgen.c (the same seed and draws as
   t/point-t.c) against the reference modes: at a rational t into one
   kept geometry (counted_q_as_reference), and boxtoi_contact_geometry
   at any t, with the branches' counts. */
static void reference_cases(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    boxtoi_contact_t res;
    long i, n = 100 * tap_multiplier(), bad_ref = 0, nrat[3] = {0, 0, 0};
    long nrat_normal = 0, nrat_init = 0;
    long nf[4] = {0, 0, 0, 0}, nfi[3] = {0, 0, 0};
    boxtoi_contact_geom kept;
    int kind;

    boxtoi_contact_geom_init(&kept);
    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_contact_init(res);
    for (kind = 0; kind < QGEN_NKINDS; kind++)
        for (i = 0; i < n; i++) {
            boxtoi_contact_geom g;
            if (!qgen_contact_geom(&g, res, q, st, kind))
                continue;
            if (boxtoi_alg_is_rational_fast(&res->t)) {
                const char *kd = boxtoi_contact_kind(res);
                nrat[kd[0] == 'f' ? 0 : kd[0] == 'v' ? 1 : 2]++;
                nrat_normal += g.has_normal;
                nrat_init += res->initial != 0;
                if (!counted_q_as_reference(&kept, res, q, nf)) {
                    bad_ref++;
                    qgen_fprint_query(stdout, q);
                }
            }
            if (!same_geom_as_reference(&g, res, q,
                                        boxtoi_alg_is_rational_fast(&res->t)
                                            ? NULL : nfi)) {
                bad_ref++;
                qgen_fprint_query(stdout, q);
            }
            boxtoi_contact_geom_clear(&g);
        }
    diag("at a rational t: %ld face-vertex, %ld vertex-face, %ld "
         "edge-edge, %ld with a normal, %ld initial", nrat[0], nrat[1],
         nrat[2], nrat_normal, nrat_init);
    is_int(0, bad_ref, "the integers at a rational t and the crossing "
                       "points' signs from the vertices' forms = the "
                       "reference");
    diag("crossing signs at a rational t: %ld decided by the filter, "
         "%ld by the integers; %ld candidates equal to an earlier one by "
         "their planes (%ld vertices)", nf[0], nf[1], nf[2], nf[3]);
    ok(nf[0] >= 10 && nf[1] >= 1 && nf[2] - nf[3] >= 10 && nf[3] >= 10,
       "at a rational t the crossing signs' filter decides, leaves some "
       "to the integers, and equal crossings and vertices occur (each "
       "compared with the reference above)");
    diag("at an irrational t: crossing signs %ld decided by the "
         "enclosures, %ld by the polynomials; %ld candidates equal to an "
         "earlier one by their planes", nfi[0], nfi[1], nfi[2]);
    ok(nfi[0] >= 10 && nfi[1] >= 1 && nfi[2] >= 10,
       "at an irrational t both branches of the crossings' filter and the "
       "equal candidates occur (each compared with the reference above)");
    ok(nrat[0] >= 10 && nrat[1] >= 10 && nrat[2] >= 10 && nrat_normal >= 10
           && nrat_init >= 1,
       "every kind at a rational t, with and without a normal");
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
    gmp_randclear(st);
    boxtoi_contact_geom_clear(&kept);
}

/* A crossing point exactly on a third plane, so that the filter cannot
   decide its sign (it is 0) and the integers do: box 1 = [0,1]^3; box 2
   = [0,10]^2 x [0,1] turned by (3/5, 4/5) about z, its corner at
   (-2, -3), falling as z = 2 - t onto box 1's top at t = 1.  Box 2's
   edge (-2, -3) + s (3/5, 4/5) (its body x axis) passes through box 1's
   corner (1, 1) at s = 5 (3 = 3s/5, 4 = 4s/5): it crosses the plane
   x = 1 exactly on the plane y = 1, its ends strictly on both sides of
   it (y = -3 and 5).  The line through (1, 1) along (3, 4) meets y = 0
   at x = 1/4; the region on box 1's top is the part of the square on
   the side of (0, 1) (box 2's other axis, (-4/5, 3/5)): the polygon
   (0, 0), (0, 1), (1, 1), (1/4, 0), average (5/16, 1/2) = (0.3125,
   0.5), z = 1; box 2 lies above: normal (0, 0, 1).  Candidates (face
   on face): box 1's top corners (0, 0), (0, 1), (1, 1) in box 2 (not
   (1, 0)); its edge y = 0 crossing box 2's plane at (1/4, 0) (the edge
   x = 1 only ends on it); box 2's bottom edge along (3/5, 4/5) crossing
   box 1's planes y = 0 at (1/4, 0), x = 1 and y = 1 both at (1, 1),
   and x = 0 at y = -1/3 (outside); its other edges stay outside
   (x < 0 or y > 1).  So 3 candidates (crossings, no vertex) equal to
   an earlier one by their planes. */
static void filter_zero_case(void)
{
    static const char line[] =
        "{\"box1\": {\"min\": [0, 0, 0], \"max\": [1, 1, 1]},"
        " \"box2\": {\"min\": [0, 0, 0], \"max\": [10, 10, 1]},"
        " \"motion2\": [[\"3/5\",\"-4/5\",0,-2], [\"4/5\",\"3/5\",0,-3],"
        " [0,0,1,[2,-1]], [0,0,0,1]], \"t_range\": [0, 5]}";
    boxtoi_query_t q;
    boxtoi_contact_t res;
    boxtoi_errinfo err;
    boxtoi_strbuf id;
    boxtoi_io_options opts;
    long nf[4] = {0, 0, 0, 0};
    boxtoi_contact_geom h;
    int same;

    boxtoi_query_init(q);
    boxtoi_contact_init(res);
    boxtoi_strbuf_init(&id);
    boxtoi_io_options_init(&opts);
    if (boxtoi_io_read_query(q, &id, line, strlen(line), &opts, &err)
            != BOXTOI_OK
        || boxtoi_contact_first(res, q, NULL, &err) != BOXTOI_OK)
        bail("%s", err.msg);
    ok(res->status == BOXTOI_CONTACT && boxtoi_alg_is_rational_fast(&res->t)
           && mpq_cmp_ui(res->t.lo, 1, 1) == 0,
       "crossing on a plane: contact at t = 1");
    boxtoi_contact_geom_init(&h);
    same = counted_q_as_reference(&h, res, q, nf);
    boxtoi_contact_geom_clear(&h);
    ok(same && nf[1] >= 1 && nf[2] == 3 && nf[3] == 0,
       "a crossing sign 0 falls back to the integers (%ld decided, %ld "
       "fallen back), %ld equal candidates, the same geometry as the "
       "reference", nf[0], nf[1], nf[2]);
    check_line(line, "\"point\":[\"0.3125\",\"0.5000\",\"1.000\"],"
                     "\"normal\":[\"0\",\"0\",\"1.000\"]}}\n", 4);
    boxtoi_strbuf_clear(&id);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
}

/* zsign_filter (lib/contact/pointq.c, doc/algorithm.md §10.4) against
   the exact sign of a b - c d in GMP: random integers of 0 to 3,000
   bits (beyond the doubles' range, and of very different sizes), near
   ties c d = a b + e with |e| <= 2, and exact ties; the filter must
   answer the exact sign or 2 (not proved), never the other sign, and
   never prove a zero. */
static void filter_sign_cases(void)
{
    gmp_randstate_t st;
    mpz_t a, b, c, d, x;
    long i, n = 2000 * tap_multiplier(), bad = 0, decided = 0, open = 0;
    long zeros = 0;

    tap_randinit(st);
    mpz_inits(a, b, c, d, x, (mpz_ptr)0);
    for (i = 0; i < n; i++) {
        mpz_ptr v[4];
        int k, s, f, kind = (int)(i % 4);
        v[0] = a;
        v[1] = b;
        v[2] = c;
        v[3] = d;
        for (k = 0; k < 4; k++) {
            mpz_rrandomb(v[k], st, 1 + gmp_urandomm_ui(st, kind == 3 ? 3000 : 700));
            if (gmp_urandomm_ui(st, 2))
                mpz_neg(v[k], v[k]);
            if (gmp_urandomm_ui(st, 50) == 0)
                mpz_set_ui(v[k], 0);
        }
        if (kind == 1) { /* c d = a b exactly */
            if (gmp_urandomm_ui(st, 2)) {
                mpz_set(c, b);
                mpz_set(d, a);
            } else {
                mpz_mul(c, a, b);
                mpz_set_ui(d, 1);
            }
        } else if (kind == 2) { /* c = 1, d = a b + e */
            mpz_set_ui(c, 1);
            mpz_mul(d, a, b);
            mpz_add_ui(d, d, gmp_urandomm_ui(st, 5));
            mpz_sub_ui(d, d, 2);
        }
        mpz_mul(x, a, b);
        mpz_submul(x, c, d);
        s = mpz_sgn(x);
        f = zsign_filter(a, b, c, d);
        zeros += s == 0;
        if (f == 2)
            open++;
        else if (f != s || s == 0)
            bad++;
        else
            decided++;
    }
    diag("the crossing signs' filter on %ld products: %ld proved, %ld left "
         "open (%ld exact zeros)", n, decided, open, zeros);
    is_int(0, bad, "the crossing signs' filter never proves a wrong sign");
    ok(decided >= n / 4 && open >= zeros && zeros >= n / 8,
       "the filter decides most, leaves every zero open");
    mpz_clears(a, b, c, d, x, (mpz_ptr)0);
    gmp_randclear(st);
}

/* The bit length of |z| (0 for 0). */
static long zbits(mpz_srcptr z)
{
    return mpz_sgn(z) == 0 ? 0 : (long)mpz_sizeinbase(z, 2);
}

/* Beyond a read limit of a 128-bit path (not a margin of its bound). */
#define FAR (-1000L)

/* 126 minus the size zmotion_i128's bound reads for motion m at t
   (doc/algorithm.md §10.4, "In machine integers"): >= 0 iff m is to
   be formed in 128-bit integers; FAR for |p| or q above 63 bits or a
   degree above 8. */
static long motion_margin(const boxtoi_motion_struct *m, mpq_srcptr t)
{
    long n = 0, bc = 0, bt, lg = 0, i;
    int k;
    for (k = 0; k < 16; k++) {
        if (boxtoi_poly_degree(m->e + k) > n)
            n = boxtoi_poly_degree(m->e + k);
        for (i = 0; i < m->e[k].length; i++)
            if (zbits(m->e[k].coeffs + i) > bc)
                bc = zbits(m->e[k].coeffs + i);
    }
    bt = zbits(mpq_numref(t)) > zbits(mpq_denref(t)) ? zbits(mpq_numref(t))
                                                      : zbits(mpq_denref(t));
    if (bt > 63 || n > 8)
        return FAR;
    while ((1L << lg) < n + 1)
        lg++;
    return 126 - (bc + n * bt + lg);
}

/* zbounds_i128's margin: numerators of at most 63 bits, denominators
   and their lcm of at most 62 (the least of the three slacks). */
static long bounds_margin(const boxtoi_query_t q)
{
    long m = 62, b;
    int i, k, s;
    mpz_t l;
    mpz_init_set_ui(l, 1);
    for (i = 0; i < 2; i++)
        for (s = 0; s < 2; s++)
            for (k = 0; k < 3; k++) {
                mpq_srcptr x = s ? q->box[i].max[k] : q->box[i].min[k];
                if ((b = 63 - zbits(mpq_numref(x))) < m)
                    m = b;
                if ((b = 62 - zbits(mpq_denref(x))) < m)
                    m = b;
                mpz_lcm(l, l, mpq_denref(x));
            }
    if ((b = 62 - zbits(l)) < m)
        m = b;
    mpz_clear(l);
    return m;
}

/* zfastv_check's margin from the reference's integers c: 126 - (R + V
   + U + 3), FAR when rel needs more than 100 bits or a bound or L more
   than 40. */
static long vert_margin(zctx *c)
{
    long r = 0, v[2] = {0, 0};
    int k, b;
    for (k = 0; k < 16; k++)
        if ((k < 12 || k == 15) && zbits(c->rel[k]) > r)
            r = zbits(c->rel[k]);
    for (b = 0; b < 2; b++) {
        v[b] = zbits(c->l);
        for (k = 0; k < 3; k++) {
            if (zbits(c->lo[b][k]) > v[b])
                v[b] = zbits(c->lo[b][k]);
            if (zbits(c->hi[b][k]) > v[b])
                v[b] = zbits(c->hi[b][k]);
        }
    }
    if (r > 100 || v[0] > 40 || v[1] > 40)
        return FAR;
    return 126 - (r + v[0] + v[1] + 3);
}

/* zdivide_i128's margin from the integers c of the 128-bit paths: 126
   - the bits of the greatest entry of rel before its division by their
   gcd, rel = inv M2 formed here again (c->inv, c->m2, kept undivided;
   inv is the reference's over the content of adj(A1) when zadj3_i128
   took it). */
static long rel_margin(zctx *c)
{
    long r = 0;
    int i, j, k;
    mpz_t x;
    mpz_init(x);
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            mpz_set_ui(x, 0);
            for (k = 0; k < 4; k++)
                mpz_addmul(x, c->inv[4 * i + k], c->m2[4 * k + j]);
            if (zbits(x) > r)
                r = zbits(x);
        }
    mpz_clear(x);
    return 126 - r;
}

/* qs = q scaled by s: the world (every bound and the translations of
   both motions, a similarity: the same t, the same features; how = 0)
   or the whole motion how - 1 (numerators, the same motion). */
static void scale_query(boxtoi_query_t qs, const boxtoi_query_t q,
                        mpz_srcptr s, int how)
{
    int b, k;
    long i;
    mpq_t f;
    boxtoi_query_set(qs, q);
    mpq_init(f);
    mpq_set_z(f, s);
    for (b = 0; b < 2; b++) {
        boxtoi_motion_struct *m = qs->motion + b;
        for (k = 0; k < 16; k++)
            if (how == b + 1 || (how == 0 && k % 4 == 3 && k < 12))
                for (i = 0; i < m->e[k].length; i++)
                    mpz_mul(m->e[k].coeffs + i, m->e[k].coeffs + i, s);
        if (how == 0)
            for (k = 0; k < 3; k++) {
                mpq_mul(qs->box[b].min[k], qs->box[b].min[k], f);
                mpq_mul(qs->box[b].max[k], qs->box[b].max[k], f);
            }
    }
    mpq_clear(f);
}

/* Per path of pointq.c (ZF_MOTION, ZF_ADJ1, ZF_BOUNDS, ZF_VERT,
   ZF_GCD / 2):
   the cases taken in 128-bit integers and in GMP, the least margin of
   a case taken in them, the greatest (negative) margin of one left to
   GMP, and the cases whose branch differs from the bound's. */
typedef struct {
    long fast, gmp, tight, over, wrong;
} pathstat;

static void path_count(pathstat *p, long margin, long taken)
{
    if (taken != (margin >= 0))
        p->wrong++;
    if (taken) {
        p->fast++;
        if (margin < p->tight)
            p->tight = margin;
    } else {
        p->gmp++;
        if (margin != FAR && margin > p->over)
            p->over = margin;
    }
}

/* One scaled query: solved again (the same t as the unscaled one), its
   geometry in the 128-bit paths (gf) and in GMP only (gr, ref set) must
   be the same, and each path's branch must be its bound's.  Returns 0
   when every bound is exceeded by more than 3 bits (the sweep stops). */
static int fast_case(pathstat *ps, long *bad, boxtoi_contact_geom *gf,
                     boxtoi_contact_geom *gr, const boxtoi_query_t qs,
                     mpq_srcptr t)
{
    boxtoi_contact_t res;
    boxtoi_errinfo err;
    zctx *cf = zctx_of(gf), *cr = zctx_of(gr);
    long before[ZF_N], m[5], taken[5];
    int k, same;

    boxtoi_contact_init(res);
    if (boxtoi_contact_first(res, qs, NULL, &err) != BOXTOI_OK)
        bail("scaled query: %s", err.msg);
    same = res->status == BOXTOI_CONTACT
           && boxtoi_alg_is_rational_fast(&res->t)
           && mpq_equal(res->t.lo, t);
    memcpy(before, cf->nfast, sizeof before);
    same = same && point_geometry_q(gf, res, qs, t, NULL) == BOXTOI_OK
           && point_geometry_q(gr, res, qs, t, NULL) == BOXTOI_OK
           && gf->nvert == gr->nvert && gf->has_normal == gr->has_normal
           && cr->nfast[ZF_MOTION] + cr->nfast[ZF_ADJ1]
                      + cr->nfast[ZF_BOUNDS] + cr->nfast[ZF_VERT]
                      + cr->nfast[ZF_DOT] + cr->nfast[ZF_GCD]
                  == 0;
    for (k = 0; k < 3 && same; k++)
        same = same_quot(gf->point + k, &gf->den, gr->point + k, &gr->den);
    if (same && gf->has_normal)
        same = same_normal(gf->normal, &gf->nsq, gr->normal);
    if (!same) {
        ++*bad;
        qgen_fprint_query(stdout, qs);
        boxtoi_contact_clear(res);
        return 1;
    }
    m[0] = motion_margin(qs->motion, t);
    m[1] = motion_margin(qs->motion + 1, t);
    taken[0] = cf->nfast[ZF_MOTION] - before[ZF_MOTION];
    path_count(ps, m[0], taken[0] >= 1 && (m[1] < 0 || taken[0] == 2));
    path_count(ps, m[1], taken[0] == 2 || (taken[0] == 1 && m[0] < 0));
    m[2] = 62;
    for (k = 0; k < 9; k++)
        if (62 - zbits(cr->m1[4 * (k / 3) + k % 3]) < m[2])
            m[2] = 62 - zbits(cr->m1[4 * (k / 3) + k % 3]);
    if (m[0] < 0)
        m[2] = FAR;
    taken[1] = cf->nfast[ZF_ADJ1] - before[ZF_ADJ1];
    path_count(ps + 1, m[2], taken[1]);
    m[3] = bounds_margin(qs);
    taken[2] = cf->nfast[ZF_BOUNDS] - before[ZF_BOUNDS];
    path_count(ps + 2, m[3], taken[2]);
    m[0] = m[0] > m[1] ? m[0] : m[1];
    m[1] = vert_margin(cr);
    taken[3] = cf->nfast[ZF_VERT] - before[ZF_VERT];
    path_count(ps + 3, m[1], taken[3]);
    m[4] = rel_margin(cf);
    taken[4] = cf->nfast[ZF_GCD] - before[ZF_GCD];
    path_count(ps + 4, m[4], taken[4]);
    boxtoi_contact_clear(res);
    for (k = 0; k < 5; k++)
        if (m[k] >= -3)
            return 1;
    return 0;
}

/* Each 128-bit path of lib/contact/pointq.c against its GMP reference
   (zctx.ref), branch by branch: rational contacts of t/qgen.c, each
   scaled by s = 2^k + 1 (k = 0, 1, ...; the world, or one motion as a
   whole) until every bound is exceeded, so that each path is taken and
   refused with margins of a few bits around its bound (printed). */
static void fast_path_cases(void)
{
    static const char *const name[5] = {"motions", "adj(A1)", "bounds",
                                        "box 2's vertices", "rel's gcd"};
    gmp_randstate_t st;
    boxtoi_query_t q, qs;
    boxtoi_contact_t res;
    boxtoi_contact_geom gf, gr;
    pathstat ps[5];
    long nq = 0, bad = 0, ncase = 0, k;
    int how, i, kind = 0;
    mpz_t s;

    memset(ps, 0, sizeof ps);
    for (i = 0; i < 5; i++) {
        ps[i].tight = 1000;
        ps[i].over = FAR;
    }
    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_query_init(qs);
    boxtoi_contact_init(res);
    boxtoi_contact_geom_init(&gf);
    boxtoi_contact_geom_init(&gr);
    zctx_of(&gr)->ref = 1;
    mpz_init(s);
    while (nq < 12 * tap_multiplier()) {
        boxtoi_contact_geom g;
        if (!qgen_contact_geom(&g, res, q, st, kind++ % QGEN_NKINDS))
            continue;
        boxtoi_contact_geom_clear(&g);
        if (!boxtoi_alg_is_rational_fast(&res->t) || res->initial)
            continue;
        nq++;
        for (how = 0; how < 3; how++)
            for (k = 0; k < 200; k++, ncase++) {
                mpz_set_ui(s, 1);
                if (k > 0) {
                    mpz_mul_2exp(s, s, (unsigned long)k);
                    mpz_add_ui(s, s, 1);
                }
                scale_query(qs, q, s, how);
                if (!fast_case(ps, &bad, &gf, &gr, qs, res->t.lo))
                    break;
            }
    }
    is_int(0, bad, "the 128-bit paths give the reference's geometry on "
                   "%ld scaled queries", ncase);
    for (i = 0; i < 5; i++) {
        diag("%s: %ld in 128-bit integers (least margin %ld bits), %ld in "
             "GMP (nearest %ld bits over)", name[i], ps[i].fast,
             ps[i].tight, ps[i].gmp, -ps[i].over);
#ifdef BOXTOI_HAVE_I128
        is_int(0, ps[i].wrong, "%s: the branch taken is the bound's",
               name[i]);
        ok(ps[i].fast >= 1 && ps[i].gmp >= 1 && ps[i].tight <= 2
               && ps[i].over >= -3,
           "%s: both branches, next to the bound", name[i]);
#else
        is_int(0, ps[i].fast, "%s: without 128-bit integers, always GMP",
               name[i]);
#endif
    }
    mpz_clear(s);
    boxtoi_contact_geom_clear(&gf);
    boxtoi_contact_geom_clear(&gr);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(qs);
    boxtoi_query_clear(q);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    filter_zero_case();
    filter_sign_cases();
    reference_cases();
    fast_path_cases();
    return 0;
}
