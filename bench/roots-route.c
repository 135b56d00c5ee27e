/* bench/roots-route.c: the contact algorithm's own polynomials for the
   root benchmark.

   Seeded tumbling queries (QGEN_RIGID of t/qgen.h: both boxes turn by
   quaternions qa + qb t and translate quadratically) are put through
   the public route API of include/boxtoi/contact.h: boxtoi_route_build,
   then boxtoi_route_planes of section 0 gives the 30 plane polynomials
   whose roots boxtoi_contact_first isolates (doc/algorithm.md §3).  Of
   each query the plane of highest degree is kept, so the benchmark
   times the same kind of input as the library's search, not a model of
   it.  Uses only the public API; nothing in lib/contact is changed. */
#include <stdio.h>
#include "roots-bench.h"
#include "../t/qgen.h"

void bench_route_poly(boxtoi_poly_t p, gmp_randstate_t st, long mindeg)
{
    boxtoi_poly_struct planes[30];
    boxtoi_query_t q;
    boxtoi_route_t r;
    boxtoi_options opts;
    int j, best;

    boxtoi_options_init(&opts);
    for (j = 0; j < 30; j++)
        boxtoi_poly_init(planes + j);
    boxtoi_query_init(q);
    for (;;) {
        qgen_query(q, st, QGEN_RIGID);
        boxtoi_route_init(r);
        if (boxtoi_route_build(r, q, &opts, NULL) != BOXTOI_OK) {
            boxtoi_route_clear(r);
            continue;
        }
        boxtoi_route_planes(planes, r, 0);
        boxtoi_route_clear(r);
        best = 0;
        for (j = 1; j < 30; j++)
            if (boxtoi_poly_degree(planes + j)
                > boxtoi_poly_degree(planes + best))
                best = j;
        if (boxtoi_poly_degree(planes + best) >= mindeg) {
            boxtoi_poly_set(p, planes + best);
            break;
        }
    }
    boxtoi_query_clear(q);
    for (j = 0; j < 30; j++)
        boxtoi_poly_clear(planes + j);
}
