/* t/rotating-t.c: both boxes turning (quaternions of degree 1, quadratic
   translations: the shape of bench/contact-bench's rotating workload),
   where the interval filter's proved advancement and the certificate's
   division by one box's weight act (doc/algorithm.md §4.2).

   Seeded random queries of that shape are solved twice: by
   boxtoi_contact_first (the filter, the certificate) and by the route
   search alone (boxtoi_route_build, boxtoi_contact_search), a
   different method; the answers must be the same, branch by branch
   (status, time, tight planes, features).  Small quaternion entries,
   as in the workload, make planes that one box's weight divides: about
   3 in 1000 certified contacts take that division (counted once with a
   throw-away trace).  Three workload queries that only the route
   search solves, and three whose minimal polynomial needs the known
   factors or the resolvent cubic, are checked against the oracle
   (test_search_time).
   The closed form of a
   spinning cube reaching a turning wall is in t/contact-t.c. */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"
#include "oracle.h"

/* A random integer in [-k, k]. */
static long rnd(gmp_randstate_t st, unsigned long k)
{
    return (long)gmp_urandomm_ui(st, 2 * k + 1) - (long)k;
}

/* Box b: corners with small integer coordinates about the origin
   (min < 0 < max, widths 2 to 6). */
static void rand_box(boxtoi_box_struct *b, gmp_randstate_t st)
{
    int i;
    for (i = 0; i < 3; i++) {
        mpq_set_si(b->min[i], -1 - (long)gmp_urandomm_ui(st, 3), 1);
        mpq_set_si(b->max[i], 1 + (long)gmp_urandomm_ui(st, 3), 1);
    }
}

/* Motion: q(t) = qa + qb t with entries in [-2, 2], then the
   translation c + (s - c) t + e t^2 per coordinate, c in [-k, k], s
   and e in [-1, 1] (from about c to about s: box 2, with k > 0, heads
   for box 1 near the origin).  0 when q is identically zero. */
static int rand_motion(boxtoi_motion_struct *m, gmp_randstate_t st, long k)
{
    mpq_t q[8], tr[9];
    boxtoi_errinfo err;
    int i, rc;
    for (i = 0; i < 8; i++) {
        mpq_init(q[i]);
        mpq_set_si(q[i], rnd(st, 2), 1);
    }
    for (i = 0; i < 9; i++)
        mpq_init(tr[i]);
    for (i = 0; i < 3; i++) {
        long c = rnd(st, (unsigned long)k);
        mpq_set_si(tr[3 * i], c, 1);
        mpq_set_si(tr[3 * i + 1], rnd(st, 1) - c, 1);
        mpq_set_si(tr[3 * i + 2], rnd(st, 1), 1);
    }
    rc = boxtoi_motion_set_quat_linear(m, q[0], q[4], tr[0], 3, &err);
    for (i = 0; i < 8; i++)
        mpq_clear(q[i]);
    for (i = 0; i < 9; i++)
        mpq_clear(tr[i]);
    return rc == BOXTOI_OK;
}

/* Three queries of bench/contact-bench's rotating workload (seed
   20240601, lines 343, 659 and 1203 of 2,000) that the certificate
   cannot take (two planes of one edge-edge direction tight at t*) and
   the route search solves, where the gcd of the vanishing planes
   carries a factor of the relative motion's weight w: its time is
   canonicalised with that factor as the hint (search.c,
   set_output_time; measured: 11.6 M -> 7.4 M instructions for the
   first).  The expected time is the oracle's (t/oracle.h: candidate
   polynomials and direct containment tests, no planes, no route),
   canonicalised by boxtoi_alg_canonicalise without a hint, the
   reference path: polynomial and interval must be the same. */
static const char *const search_lines[] = {
    "{\"box1\": {\"min\": [\"-2\", \"-1\", \"1/2\"], \"max\": [\"-2\", "
    "\"-1\", \"7/2\"]}, \"box2\": {\"min\": [\"-3/2\", \"-1\", \"-1\"], "
    "\"max\": [\"1/2\", \"-1\", \"-1\"]}, \"motion1\": [[[\"1\", \"-10\", "
    "\"-7\"], [\"-4\", \"8\", \"4\"], [\"8\", \"12\", \"-4\"], [\"-9/2\", "
    "\"-12\", \"-39/2\", \"-15\", \"-9\"]], [[\"4\", \"8\", \"-4\"], "
    "[\"-7\", \"-10\", \"1\"], [\"-4\", \"12\", \"8\"], [\"-9\", \"-15\", "
    "\"-21/2\", \"-6\", \"9/2\"]], [[\"8\", \"4\", \"4\"], [\"4\", \"4\", "
    "\"8\"], [\"1\", \"6\", \"1\"], [\"9\", \"21/2\", \"15/2\", \"3/2\", "
    "\"-9/2\"]], [\"0\", \"0\", \"0\", [\"9\", \"6\", \"9\"]]], "
    "\"motion2\": [[[\"-4\", \"4\", \"6\"], [\"0\", \"-8\"], [\"0\", \"-8\", "
    "\"8\"], [\"-3131/171\", \"10313/171\", \"-31387/342\", \"109\", "
    "\"-10\"]], [[\"0\", \"-8\", \"8\"], [\"4\", \"-4\"], [\"0\", \"-4\", "
    "\"-6\"], [\"-3457/342\", \"5509/342\", \"-18653/684\", \"11\", "
    "\"10\"]], [[\"0\", \"8\"], [\"0\", \"-4\", \"10\"], [\"-4\", \"4\"], "
    "[\"2363/342\", \"-11255/342\", \"32335/684\", \"-69\", \"10\"]], "
    "[\"0\", \"0\", \"0\", [\"4\", \"-4\", \"10\"]]], \"t_range\": [\"0\", "
    "\"1\"]}",
    "{\"box1\": {\"min\": [\"-1\", \"-2\", \"-1/2\"], \"max\": [\"-1\", "
    "\"-2\", \"5/2\"]}, \"box2\": {\"min\": [\"-1/2\", \"1/2\", \"1\"], "
    "\"max\": [\"-1/2\", \"1/2\", \"7/2\"]}, \"motion1\": [[[\"3\", \"-2\", "
    "\"-1\"], [\"12\", \"20\", \"8\"], [\"4\", \"0\", \"-4\"], [\"0\", "
    "\"26\", \"49\", \"36\", \"9\"]], [[\"-4\", \"-12\", \"-8\"], [\"-3\", "
    "\"2\", \"1\"], [\"12\", \"16\", \"4\"], [\"0\", \"26\", \"62\", \"54\", "
    "\"18\"]], [[\"12\", \"16\", \"4\"], [\"-4\", \"0\", \"4\"], [\"3\", "
    "\"14\", \"7\"], [\"26\", \"23\", \"13\", \"9\", \"9\"]], [\"0\", \"0\", "
    "\"0\", [\"13\", \"18\", \"9\"]]], \"motion2\": [[[\"-3\", \"-8\", "
    "\"2\"], [\"4\", \"-2\", \"-4\"], [\"12\", \"-10\", \"4\"], "
    "[\"17849507/134128\", \"-13709269/50298\", \"35963879/201192\", "
    "\"-88\"]], [[\"12\", \"-6\", \"-4\"], [\"-3\", \"16\", \"-4\"], [\"4\", "
    "\"4\", \"-2\"], [\"631345/67064\", \"2795569/100596\", "
    "\"-334151/100596\", \"15/2\", \"6\"]], [[\"4\", \"-14\", \"4\"], "
    "[\"12\", \"-4\", \"-2\"], [\"-3\", \"0\", \"-4\"], [\"9936095/134128\", "
    "\"-1636147/16766\", \"4438993/67064\", \"-24\"]], [\"0\", \"0\", \"0\", "
    "[\"13\", \"-8\", \"6\"]]], \"t_range\": [\"0\", \"1\"]}",
    "{\"box1\": {\"min\": [\"-3/2\", \"-1\", \"-2\"], \"max\": [\"-3/2\", "
    "\"1\", \"-2\"]}, \"box2\": {\"min\": [\"-3/2\", \"1\", \"-2\"], "
    "\"max\": [\"-3/2\", \"4\", \"-2\"]}, \"motion1\": [[[\"-3\", \"8\", "
    "\"-1\"], [\"12\", \"-16\", \"8\"], [\"4\", \"2\", \"-4\"], [\"0\", "
    "\"26\", \"-6\", \"-14\", \"18\"]], [[\"-4\", \"-8\", \"8\"], [\"3\", "
    "\"0\", \"-1\"], [\"-12\", \"20\", \"-4\"], [\"-13\", \"29\", \"-25\", "
    "\"9\"]], [[\"-12\", \"18\", \"-4\"], [\"-4\", \"4\", \"-4\"], [\"3\", "
    "\"8\", \"-7\"], [\"13\", \"-16\", \"22\", \"-16\", \"9\"]], [\"0\", "
    "\"0\", \"0\", [\"13\", \"-16\", \"9\"]]], \"motion2\": [[[\"1\", \"6\", "
    "\"6\"], [\"-2\", \"-4\"], [\"-2\", \"-8\", \"-8\"], [\"250273/33368\", "
    "\"581887/25026\", \"809239/50052\", \"-95/6\", \"-10\"]], [[\"2\", "
    "\"8\", \"8\"], [\"-1\", \"-2\"], [\"2\", \"6\", \"6\"], "
    "[\"-168245/16684\", \"-794027/50052\", \"119093/4171\", \"415/6\", "
    "\"10\"]], [[\"-2\", \"-4\"], [\"-2\", \"-10\", \"-10\"], [\"1\", "
    "\"2\"], [\"-947407/66736\", \"-2109305/100104\", \"3721753/100104\", "
    "\"155/2\", \"-10\"]], [\"0\", \"0\", \"0\", [\"3\", \"10\", \"10\"]]], "
    "\"t_range\": [\"0\", \"1\"]}"
};

/* Three more of the same workload (lines 1013, 498 and 280) that the
   certificate solves, whose plane's cofactor is a quadratic (a common
   factor of the edge-edge normal's entries A_kj) times the quartic of
   t*, or a quartic whose degree sets never prove it: the minimal
   polynomial comes from the known factors and the resolvent cubic
   (lib/alg/minpoly.c), no longer from FLINT.  Checked the same way,
   and against the route search. */
static const char *const cert_lines[] = {
    "{\"box1\": {\"min\": [\"0\", \"-3/2\", \"0\"], \"max\": [\"3/2\", "
    "\"3/2\", \"3/2\"]}, \"box2\": {\"min\": [\"-2\", \"-1\", \"1/2\"], "
    "\"max\": [\"1/2\", \"3/2\", \"3/2\"]}, \"motion1\": [[[\"0\", \"-2\", "
    "\"7\"], [\"6\", \"-10\", \"4\"], [\"-8\", \"0\", \"-4\"], [\"10\", "
    "\"-11\", \"17\", \"-15/2\", \"9/2\"]], [[\"-10\", \"6\", \"4\"], "
    "[\"0\", \"-14\", \"1\"], [\"0\", \"-8\", \"8\"], [\"-10\", \"-14\", "
    "\"-2\", \"-15\", \"-9/2\"]], [[\"0\", \"-16\", \"4\"], [\"8\", \"0\", "
    "\"-8\"], [\"6\", \"-10\", \"-1\"], [\"10\", \"-16\", \"15\", \"-9\"]], "
    "[\"0\", \"0\", \"0\", [\"10\", \"-6\", \"9\"]]], \"motion2\": [[[\"1\", "
    "\"-4\", \"4\"], [\"2\", \"-6\", \"4\"], [\"2\", \"-4\", \"2\"], "
    "[\"367509/51040\", \"-89242/1595\", \"2945029/25520\", \"-163/2\", "
    "\"6\"]], [[\"2\", \"-6\", \"4\"], [\"1\", \"0\", \"-2\"], [\"-2\", "
    "\"6\", \"-4\"], [\"-159657/51040\", \"43357/3190\", \"-440377/25520\", "
    "\"5/2\", \"6\"]], [[\"-2\", \"4\", \"-2\"], [\"2\", \"-6\", \"4\"], "
    "[\"-1\", \"4\", \"-4\"], [\"21651/1276\", \"-71933/638\", "
    "\"140319/638\", \"-151\", \"12\"]], [\"0\", \"0\", \"0\", [\"3\", "
    "\"-8\", \"6\"]]], \"t_range\": [\"0\", \"1\"]}",
    "{\"box1\": {\"min\": [\"-1\", \"-2\", \"1\"], \"max\": [\"1/2\", "
    "\"1/2\", \"2\"]}, \"box2\": {\"min\": [\"-1/2\", \"-2\", \"1\"], "
    "\"max\": [\"3/2\", \"-3/2\", \"7/2\"]}, \"motion1\": [[[\"4\", \"6\", "
    "\"2\"], [\"2\", \"-2\", \"-4\"], [\"4\", \"-2\", \"4\"], [\"-3\", "
    "\"-7\", \"1\", \"-4\", \"6\"]], [[\"2\", \"6\", \"-4\"], [\"4\", "
    "\"-6\", \"-4\"], [\"-4\", \"-6\", \"-2\"], [\"-6\", \"-2\", \"-6\"]], "
    "[[\"-4\", \"6\", \"4\"], [\"4\", \"10\", \"-2\"], [\"2\", \"-2\", "
    "\"-4\"], [\"0\", \"-3\", \"-13\", \"-7\", \"-12\"]], [\"0\", \"0\", "
    "\"0\", [\"6\", \"2\", \"6\"]]], \"motion2\": [[[\"0\", \"-2\", \"-1\"], "
    "[\"2\", \"2\", \"8\"], [\"0\", \"0\", \"-4\"], [\"6723/4312\", "
    "\"8879/4312\", \"47571/8624\", \"1/4\", \"-9\"]], [[\"2\", \"2\", "
    "\"-8\"], [\"0\", \"2\", \"1\"], [\"0\", \"8\", \"4\"], "
    "[\"-17785/1078\", \"32883/2156\", \"-22364/539\", \"1151/8\", "
    "\"9/2\"]], [[\"0\", \"8\", \"4\"], [\"0\", \"0\", \"4\"], [\"-2\", "
    "\"-2\", \"7\"], [\"-647/1078\", \"12882/539\", \"42687/2156\", "
    "\"433/4\", \"-9\"]], [\"0\", \"0\", \"0\", [\"2\", \"2\", \"9\"]]], "
    "\"t_range\": [\"0\", \"1\"]}",
    "{\"box1\": {\"min\": [\"-1/2\", \"-3/2\", \"1/2\"], \"max\": [\"1\", "
    "\"-1\", \"2\"]}, \"box2\": {\"min\": [\"-1\", \"1\", \"-2\"], "
    "\"max\": [\"3/2\", \"2\", \"-2\"]}, \"motion1\": [[[\"4\", \"-8\"], "
    "[\"-4\", \"8\"], [\"2\", \"8\", \"-8\"], [\"6\", \"-5\", \"4\", "
    "\"4\"]], [\"-4\", [\"-2\", \"8\", \"-8\"], [\"4\", \"-8\"], [\"0\", "
    "\"3\", \"-10\", \"12\", \"-8\"]], [[\"-2\", \"8\", \"-8\"], \"-4\", "
    "[\"-4\", \"8\"], [\"3\", \"-4\", \"10\", \"-8\", \"8\"]], [\"0\", "
    "\"0\", \"0\", [\"6\", \"-8\", \"8\"]]], \"motion2\": [[[\"0\", \"10\", "
    "\"5\"], [\"-10\", \"-10\"], \"0\", [\"13319/468\", \"4417/234\", "
    "\"-331/936\", \"-235/24\", \"-5/2\"]], [[\"6\", \"6\"], [\"0\", \"6\", "
    "\"3\"], [\"-8\", \"-8\", \"-4\"], [\"-421787/4680\", \"-137087/4680\", "
    "\"54013/9360\", \"245/12\", \"-5\"]], [[\"8\", \"8\"], [\"0\", \"8\", "
    "\"4\"], [\"6\", \"6\", \"3\"], [\"473609/4680\", \"99209/4680\", "
    "\"-275191/9360\", \"-40\"]], [\"0\", \"0\", \"0\", [\"10\", \"10\", "
    "\"5\"]]], \"t_range\": [\"0\", \"1\"]}"};

/* Solves line s and checks it against the oracle (above) and, when
   cert, that the certificate solved it, and that the route search
   agrees. */
static void check_line(const char *s, int cert, size_t i)
{
    boxtoi_query_t q;
    boxtoi_contact_t a, b;
    boxtoi_route_t r;
    boxtoi_alg_t t;
    boxtoi_errinfo err;
    int has;
    const char *k = cert ? "cert" : "search";

    boxtoi_query_init(q);
    boxtoi_contact_init(a);
    boxtoi_contact_init(b);
    boxtoi_alg_init(t);
    if (boxtoi_io_read_query(q, NULL, s, strlen(s), NULL, &err) != BOXTOI_OK
        || boxtoi_contact_first(a, q, NULL, &err) != BOXTOI_OK
        || oracle_first_contact(&has, t, q) != BOXTOI_OK)
        bail("%s query %zu: %s", k, i, err.msg);
    ok(a->status == BOXTOI_CONTACT && has
           && (cert ? a->nsections == 0 : a->nsections > 0),
       "%s query %zu: a contact, found by the %s", k, i,
       cert ? "certificate" : "route search");
    boxtoi_alg_canonicalise(t);
    is_poly(&t->poly, &a->t.poly, "%s query %zu: the oracle's minimal "
            "polynomial", k, i);
    ok(mpq_equal(t->lo, a->t.lo) && mpq_equal(t->hi, a->t.hi),
       "%s query %zu: the oracle's canonical interval", k, i);
    boxtoi_route_init(r);
    ok(boxtoi_route_build(r, q, NULL, NULL) == BOXTOI_OK
           && boxtoi_contact_search(b, r, NULL, NULL, NULL) == BOXTOI_OK
           && qgen_same_result(a, b),
       "%s query %zu: the same result as the route search", k, i);
    boxtoi_route_clear(r);
    boxtoi_alg_clear(t);
    boxtoi_contact_clear(a);
    boxtoi_contact_clear(b);
    boxtoi_query_clear(q);
}

static void test_search_time(void)
{
    size_t i;
    for (i = 0; i < sizeof search_lines / sizeof search_lines[0]; i++)
        check_line(search_lines[i], 0, i);
    for (i = 0; i < sizeof cert_lines / sizeof cert_lines[0]; i++)
        check_line(cert_lines[i], 1, i);
}

int main(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    boxtoi_route_t r;
    boxtoi_contact_t a, b;
    long i, n = 1000 * tap_multiplier(), bad = 0, cert = 0, searched = 0;
    long solved = 0, none = 0;

    plan_lazy();
    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_contact_init(a);
    boxtoi_contact_init(b);
    mpq_set_si(q->t0, 0, 1);
    mpq_set_si(q->t1, 1, 1);
    q->t1_inf = 0;
    for (i = 0; i < n; i++) {
        int rc1, rc2;
        rand_box(q->box, st);
        rand_box(q->box + 1, st);
        if (!rand_motion(q->motion, st, 0)
            || !rand_motion(q->motion + 1, st, i % 2 ? 9 : 15))
            continue;
        rc1 = boxtoi_contact_first(a, q, NULL, NULL);
        if (rc1 != BOXTOI_OK)
            continue; /* e.g. a weight with a root in [0, 1] */
        boxtoi_route_init(r);
        rc2 = boxtoi_route_build(r, q, NULL, NULL);
        if (rc2 == BOXTOI_OK)
            rc2 = boxtoi_contact_search(b, r, NULL, NULL, NULL);
        boxtoi_route_clear(r);
        solved++;
        if (rc2 != BOXTOI_OK || !qgen_same_result(a, b)) {
            bad++;
            diag("query %ld differs between the two paths:", i);
            printf("# ");
            qgen_fprint_query(stdout, q);
        }
        if (a->status != BOXTOI_CONTACT)
            none++;
        else if (!a->initial && a->nsections == 0)
            cert++;
        else if (!a->initial)
            searched++;
    }
    is_int(0, bad, "both turning: filter and certificate agree with the "
                   "route search (%ld queries)", solved);
    diag("%ld certified, %ld by the search, %ld without contact", cert,
         searched, none);
    ok(cert > 0, "both turning: some contacts are certified");
    ok(none > 0, "both turning: some queries have no contact");
    boxtoi_contact_clear(a);
    boxtoi_contact_clear(b);
    boxtoi_query_clear(q);
    gmp_randclear(st);
    test_search_time();
    return 0;
}
