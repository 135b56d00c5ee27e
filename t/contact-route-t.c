/* t/contact-route-t.c: tests of lib/contact's route
   (lib/contact/route.c) and of the certified path
   (lib/contact/certify.c) against the route search.

   Every hand-made expected time below is derived in the comment next
   to the case; the seeded queries compare two ways of solving. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "contact-check.h"
#include "qgen.h"


/* Inspection: a generic tumbling motion has, in every section, 6 + 6 +
   18 non-degenerate planes (seed: 6 VO, 6 OV, 18 EE pairs), and planes
   2d, 2d + 1 are antipodal (box 1's features are opposite). */
static void route_cases(void)
{
    boxtoi_query_t q;
    boxtoi_route_t r;
    boxtoi_errinfo err;
    mpq_t qa[4], qb[4];
    long s;
    int k, good_counts = 1, antipodal = 1;

    boxtoi_query_init(q);
    for (k = 0; k < 4; k++) {
        mpq_init(qa[k]);
        mpq_init(qb[k]);
    }
    mpq_set_si(qa[0], 1, 1);
    mpq_set_si(qa[1], 1, 3);
    mpq_set_si(qa[2], -1, 2);
    mpq_set_si(qb[1], 2, 1);
    mpq_set_si(qb[2], 1, 1);
    mpq_set_si(qb[3], 3, 1);
    if (boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL, 0,
                                      &err) != BOXTOI_OK)
        bail("quat");
    set_box(q->box, "-1 -2 -3 1 2 3");
    set_box(q->box + 1, "0 0 0 1 2 3");
    set_range(q, "-2", "2");
    boxtoi_route_init(r);
    is_int(BOXTOI_OK, boxtoi_route_build(r, q, NULL, &err), "route builds");
    ok(r->nsec > 1, "a tumbling route has several sections (%ld)", r->nsec);
    for (s = 0; s < r->nsec; s++) {
        int n[3] = {0, 0, 0}, j;
        for (j = 0; j < BOXTOI_NPLANES; j++) {
            boxtoi_pair p, p2;
            boxtoi_route_pair(&p, r, s, j);
            if (!p.degenerate)
                n[j < 6 ? 0 : j < 12 ? 1 : 2]++;
            if (j % 2 == 0) {
                boxtoi_route_pair(&p2, r, s, j + 1);
                for (k = 0; k < 3; k++)
                    if (p.feature[0].axis[k] != -p2.feature[0].axis[k]
                        || p.feature[1].axis[k] != -p2.feature[1].axis[k])
                        antipodal = 0;
            }
        }
        if (n[0] != 6 || n[1] != 6 || n[2] != 18)
            good_counts = 0;
    }
    ok(good_counts, "6 + 6 + 18 planes in every section");
    ok(antipodal, "planes 2d and 2d+1 are antipodal");
    /* each section's ends are increasing */
    for (s = 1, k = 1; s + 1 < r->nsec; s++)
        if (boxtoi_alg_cmp(r->end + s, r->end + s + 1) >= 0)
            k = 0;
    ok(k, "section ends increase");
    boxtoi_route_clear(r);
    for (k = 0; k < 4; k++) {
        mpq_clear(qa[k]);
        mpq_clear(qb[k]);
    }
    boxtoi_query_clear(q);
}

/* The two features of res, named as in the output ("box 1 box 2"). */
static void is_features(const boxtoi_contact_t res, const char *want,
                        const char *name)
{
    boxtoi_strbuf sb;
    boxtoi_strbuf_init(&sb);
    if (boxtoi_feature_name(&sb, res->feature) != BOXTOI_OK
        || boxtoi_strbuf_puts(&sb, " ") != BOXTOI_OK
        || boxtoi_feature_name(&sb, res->feature + 1) != BOXTOI_OK)
        bail("%s: feature names", name);
    is_str(want, boxtoi_strbuf_str(&sb), "%s", name);
    boxtoi_strbuf_clear(&sb);
}

/* The certified path of lib/contact/certify.c (doc/algorithm.md §4.2)
   against the route search on the whole range (boxtoi_route_build and
   boxtoi_contact_search, which never certify): identical answers
   (polynomial, interval, initial flag, tight planes, features) on
   seeded rigid (tumbling) and ballistic queries of t/qgen.c.  A
   non-initial contact with no section examined was certified; one with
   sections went through the search (the certificate was refused or not
   found).  Both must occur.  Hand-made: the cube dropped face down on
   a cube (t^2 = 5/2: several planes vanish together at a face-face
   contact, so the certificate must be refused) and the spinning crate
   of examples/tumbling-crate.jsonl (face-vertex, one plane: it is
   certified), and two contacts at t0 while turning, decided from the
   relative motion alone (contact_certify_initial). */
static void certify_cases(void)
{
    static const int kinds[2] = {QGEN_RIGID, QGEN_BALLISTIC};
    static const long crate[] = {5, -20, 17}; /* 17 t^2 - 20 t + 5 */
    static const long drop[] = {-5, 0, 2};    /* 2 t^2 - 5 */
    gmp_randstate_t st;
    boxtoi_query_t q;
    boxtoi_route_t r;
    boxtoi_contact_t a, b;
    boxtoi_errinfo err;
    mpq_t qa[4], qb[4];
    long i, n = 300 * tap_multiplier(), bad = 0, cert = 0, searched = 0;
    long initial = 0;
    int k;

    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_contact_init(a);
    boxtoi_contact_init(b);
    for (i = 0; i < n; i++) {
        int rc1, rc2;
        qgen_query(q, st, kinds[i % 2]);
        rc1 = boxtoi_contact_first(a, q, NULL, NULL);
        boxtoi_route_init(r);
        rc2 = boxtoi_route_build(r, q, NULL, NULL);
        if (rc2 == BOXTOI_OK)
            rc2 = boxtoi_contact_search(b, r, NULL, NULL, NULL);
        boxtoi_route_clear(r);
        if (rc1 != rc2 || (rc1 == BOXTOI_OK && !qgen_same_result(a, b))) {
            bad++;
            diag("query %ld differs between the two paths:", i);
            printf("# ");
            qgen_fprint_query(stdout, q);
        }
        if (rc1 == BOXTOI_OK && a->status == BOXTOI_CONTACT && !a->initial) {
            if (a->nsections == 0)
                cert++;
            else
                searched++;
        }
        if (rc1 == BOXTOI_OK && a->status == BOXTOI_CONTACT && a->initial)
            initial++; /* at t0 (contact_certify_initial), compared above */
    }
    is_int(0, bad, "certified path and route search give the same answers");
    diag("contacts: %ld certified, %ld by the search, %ld at t0", cert,
         searched, initial);
    ok(cert > 0, "some contacts are certified without the route");
    ok(searched > 0, "some certificates are refused (the search runs)");
    ok(initial > 0, "some meet at t0 (contact_certify_initial)");

    /* Touching at t0 while turning: box 2 = [-1, 0] x [0, 1] x [0, 1]
       turns about the x axis by q = (1, t, 0, 0), which keeps every x
       coordinate, so its face x = 0 (X') stays on box 1's face x = 0
       (X) of [0, 1]^3: face-face from t0 = 0 on (the square [0, 1]^2 at
       t = 0), initial; the features X and X'. */
    for (k = 0; k < 4; k++) {
        mpq_init(qa[k]);
        mpq_init(qb[k]);
    }
    mpq_set_si(qa[0], 1, 1);
    mpq_set_si(qb[1], 1, 1);
    boxtoi_motion_set_identity(q->motion);
    if (boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL, 0,
                                      &err) != BOXTOI_OK)
        bail("quat: %s", err.msg);
    set_box(q->box, "0 0 0 1 1 1");
    set_box(q->box + 1, "-1 0 0 0 1 1");
    set_range(q, "0", "1");
    expect(q, BOXTOI_CONTACT, "0", NULL, 0, NULL, NULL, 1, "face-face",
           "turning about the shared face's normal: touching at t0");
    if (boxtoi_contact_first(a, q, NULL, &err) != BOXTOI_OK)
        bail("turning: %s", err.msg);
    is_features(a, "X X'", "turning: the features");
    ok(a->nsections == 0, "turning: decided without the route");

    /* An edge on a face at t0 while turning: q = (2, 0, 0, 1 + t) turns
       about z, by arctan(4/3) at t = 0 (S(q) / 5 = [[3/5, -4/5, 0],
       [4/5, 3/5, 0], [0, 0, 1]]), by 90 degrees at t = 1.  Box 2 =
       [0, 1]^3 then has its corners (x, y) at (0, 0), (3/5, 4/5),
       (-4/5, 3/5), (-1/5, 7/5): all at y >= 0, and only its edge at
       body x = y = 0 (X-Y) on y = 0, which is box 1's face Y' for box 1
       = [-2, 2] x [-1, 0] x [0, 1].  On [0, 1/2] it keeps turning about
       that edge: touching from t0 = 0, face-edge, features Y' and X-Y. */
    mpq_set_si(qa[0], 2, 1);
    mpq_set_si(qa[1], 0, 1);
    mpq_set_si(qa[3], 1, 1);
    mpq_set_si(qb[1], 0, 1);
    mpq_set_si(qb[3], 1, 1);
    if (boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL, 0,
                                      &err) != BOXTOI_OK)
        bail("quat: %s", err.msg);
    set_box(q->box, "-2 -1 0 2 0 1");
    set_box(q->box + 1, "0 0 0 1 1 1");
    set_range(q, "0", "1/2");
    expect(q, BOXTOI_CONTACT, "0", NULL, 0, NULL, NULL, 1, "face-edge",
           "an edge on a face at t0, turning about it");
    if (boxtoi_contact_first(a, q, NULL, &err) != BOXTOI_OK)
        bail("edge on a face: %s", err.msg);
    is_features(a, "Y' X-Y", "an edge on a face: the features");
    for (k = 0; k < 4; k++) {
        mpq_clear(qa[k]);
        mpq_clear(qb[k]);
    }

    /* the drop: face-face, refused */
    set_box(q->box, "-1 -1 -1 1 1 1");
    set_box(q->box + 1, "-1/2 -1/2 -1/2 1/2 1/2 1/2");
    boxtoi_motion_set_identity(q->motion);
    set_translation(q->motion + 1, "0", "0", "4 0 -1");
    set_range(q, "0", "2");
    expect(q, BOXTOI_CONTACT, NULL, drop, 3, "1", "2", 0, "face-face",
           "drop: face-face at sqrt(5/2)");
    if (boxtoi_contact_first(a, q, NULL, &err) != BOXTOI_OK)
        bail("drop: %s", err.msg);
    ok(a->nsections > 0, "drop: the certificate is refused (face-face)");

    /* the spinning crate of examples/tumbling-crate.jsonl: the
       quaternion (2, 0, 1, t), box 2 = [-1/2,1/2] x [-3/10,3/10] x
       [-1/5,1/5] next to the wall [13/25, 1] x [-2,2] x [-2,2]; its
       corner X'YZ' touches the wall face X at the root of
       17 t^2 - 20 t + 5 in [0, 1/2] (README), a single plane:
       certified */
    for (k = 0; k < 4; k++) {
        mpq_init(qa[k]);
        mpq_init(qb[k]);
    }
    mpq_set_si(qa[0], 2, 1);
    mpq_set_si(qa[2], 1, 1);
    mpq_set_si(qb[3], 1, 1);
    if (boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL, 0,
                                      &err) != BOXTOI_OK)
        bail("quat: %s", err.msg);
    set_box(q->box, "13/25 -2 -2 1 2 2");
    set_box(q->box + 1, "-1/2 -3/10 -1/5 1/2 3/10 1/5");
    set_range(q, "0", "10");
    if (boxtoi_contact_first(a, q, NULL, &err) != BOXTOI_OK)
        bail("crate: %s", err.msg);
    ok(a->status == BOXTOI_CONTACT && a->nsections == 0,
       "crate: certified without the route");
    expect(q, BOXTOI_CONTACT, NULL, crate, 3, "0", "1/2", 0, "face-vertex",
           "crate: t = (10 - sqrt 15)/17, certified");
    boxtoi_route_init(r);
    if (boxtoi_route_build(r, q, NULL, NULL) != BOXTOI_OK
        || boxtoi_contact_search(b, r, NULL, NULL, NULL) != BOXTOI_OK)
        bail("crate: search");
    boxtoi_route_clear(r);
    ok(qgen_same_result(a, b), "crate: the search gives the same answer");
    for (k = 0; k < 4; k++) {
        mpq_clear(qa[k]);
        mpq_clear(qb[k]);
    }
    boxtoi_contact_clear(a);
    boxtoi_contact_clear(b);
    boxtoi_query_clear(q);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    route_cases();
    certify_cases();
    return 0;
}
