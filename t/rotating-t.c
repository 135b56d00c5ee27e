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
   throw-away trace).  The closed form of a
   spinning cube reaching a turning wall is in t/contact-t.c. */
#include <stdio.h>
#include "tap.h"
#include "qgen.h"

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
    return 0;
}
