/* t/static-t.c: tests of the test oracle itself (t/oracle.c).

   1. Constructed queries whose first contact time was worked out by
      hand (comments give the derivation): translations with rational
      and quadratic-irrational times, a rotating segment hitting a cube
      corner at t = sqrt(2) - 1, a shear, negated homogeneous matrices,
      flat boxes (crossing segments, coplanar rectangles in a "+"),
      points, grazing and touching contacts, no contact, t1 = inf.
   2. The two exact static tests, the oracle's vertex/edge-face test and
      the world-frame separating-axis test, agree at random rational
      times on random queries of every family (qgen), including grid
      queries sampled at times where faces meet exactly.
   The generators' motions are also checked to be valid with the
   library's boxtoi_motion_check.  Boxes, translations and ranges are
   built by the helpers of the contact tests (t/contact-check.c); the
   checks of the answers here stay the oracle's own. */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "contact-check.h"
#include "oracle.h"
#include "qgen.h"

/* m from 16 entries, each a space-separated list of coefficients
   c0 c1 c2 ... (rationals such as "11/2"). */
static void set_motion(boxtoi_motion_t m, const char *const e[16])
{
    char buf[128], *tok;
    mpq_t x;
    int i;
    long k;
    mpq_init(x);
    boxtoi_motion_zero(m);
    for (i = 0; i < 16; i++) {
        strncpy(buf, e[i], sizeof buf - 1);
        buf[sizeof buf - 1] = '\0';
        for (k = 0, tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
            if (mpq_set_str(x, tok, 10) != 0)
                bail("bad number %s", tok);
            mpq_canonicalize(x);
            boxtoi_motion_set_coeff_mpq(m, i / 4, i % 4, k++, x);
        }
    }
    mpq_clear(x);
}

/* Checks the oracle's answer: no contact when poly == NULL, else the
   root of poly ("c0 c1 ...", integers) in [lo, hi]. */
static void expect_oracle(const boxtoi_query_t q, const char *poly,
                          const char *lo, const char *hi, const char *name)
{
    boxtoi_alg_t t, e;
    boxtoi_poly_t p;
    mpq_t a, b;
    mpz_t c;
    char buf[128], *tok;
    long k;
    int has = -1, rc;
    boxtoi_alg_init(t);
    boxtoi_alg_init(e);
    boxtoi_poly_init(p);
    mpq_init(a);
    mpq_init(b);
    mpz_init(c);
    rc = oracle_first_contact(&has, t, q);
    is_int(BOXTOI_OK, rc, "%s: status", name);
    is_int(poly != NULL, has, "%s: contact", name);
    if (poly != NULL && has == 1) {
        strncpy(buf, poly, sizeof buf - 1);
        buf[sizeof buf - 1] = '\0';
        for (k = 0, tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
            mpz_set_str(c, tok, 10);
            boxtoi_poly_set_coeff_mpz(p, k++, c);
        }
        mpq_set_str(a, lo, 10);
        mpq_set_str(b, hi, 10);
        mpq_canonicalize(a);
        mpq_canonicalize(b);
        if (boxtoi_alg_set_poly_interval(e, p, a, b) != BOXTOI_OK)
            bail("%s: bad expected value", name);
        is_alg(e, t, "%s: time", name);
    }
    boxtoi_alg_clear(t);
    boxtoi_alg_clear(e);
    boxtoi_poly_clear(p);
    mpq_clear(a);
    mpq_clear(b);
    mpz_clear(c);
}

/* Both static tests at the rational time s (a string) give want. */
static void expect_static(const boxtoi_query_t q, const char *s, int want,
                          const char *name)
{
    mpq_t t;
    mpq_init(t);
    mpq_set_str(t, s, 10);
    mpq_canonicalize(t);
    is_int(want, oracle_intersect_at_mpq(q, t), "%s at %s: vertex/edge",
           name, s);
    is_int(want, oracle_sat_at_mpq(q, t), "%s at %s: SAT", name, s);
    mpq_clear(t);
}

static const char *const identity[16] = {
    "1", "0", "0", "0", "0", "1", "0", "0",
    "0", "0", "1", "0", "0", "0", "0", "1"};

static void constructed(void)
{
    boxtoi_query_t q;
    static const char *const neg_id[16] = {
        "-1", "0", "0", "0", "0", "-1", "0", "0",
        "0", "0", "-1", "0", "0", "0", "0", "-1"};
    /* segment from the pivot (0, -2, 0) rotating about z with
       cos = (1 - t^2) / w, sin = 2 t / w, w = 1 + t^2 */
    static const char *const turn[16] = {
        "1 0 -1", "0 -2", "0", "0",
        "0 2", "1 0 -1", "0", "-2 0 -2",
        "0", "0", "1 0 1", "0",
        "0", "0", "0", "1 0 1"};
    /* shear x' = x + t z */
    static const char *const shear[16] = {
        "1", "0", "0 1", "0", "0", "1", "0", "0",
        "0", "0", "1", "0", "0", "0", "0", "1"};
    /* z' = z - y, then translated by (0, 0, 4 - t) */
    static const char *const tilt[16] = {
        "1", "0", "0", "0", "0", "1", "0", "0",
        "0", "-1", "1", "4 -1", "0", "0", "0", "1"};
    const char *neg[16];
    int i;

    boxtoi_query_init(q);
    /* The spec's drop: box 2's bottom z - 1/2 = 11/2 - t^2 - 1/2 meets
       box 1's top z = 1 when t^2 = 4. */
    set_box(&q->box[0], "-1 -1 -1 1 1 1");
    set_box(&q->box[1], "-1/2 -1/2 -1/2 1/2 1/2 1/2");
    set_translation(&q->motion[1], "0", "0", "11/2 0 -1");
    set_range(q, "0", "3");
    expect_oracle(q, "-2 1", "2", "2", "drop");
    expect_static(q, "2", 1, "drop");
    expect_static(q, "199/100", 0, "drop");
    expect_static(q, "5/2", 1, "drop");
    set_range(q, "0", "inf");
    expect_oracle(q, "-2 1", "2", "2", "drop, t1 = inf");
    set_range(q, "0", "1");
    expect_oracle(q, NULL, NULL, NULL, "drop, too short");
    /* at t = 3 the cube is at z = -7/2, below box 1, and falls on */
    set_range(q, "3", "inf");
    expect_oracle(q, NULL, NULL, NULL, "drop, after");
    /* from t = -3 (z = -7/2) z rises: box 2's top z + 1/2 reaches box
       1's bottom z = -1 when t^2 = 7, t = -sqrt 7 */
    set_range(q, "-3", "0");
    expect_oracle(q, "-7 0 1", "-3", "-2", "drop, negative times");
    set_range(q, "2", "2");
    expect_oracle(q, "-2 1", "2", "2", "drop, point range");
    set_range(q, "0", "2");
    expect_oracle(q, "-2 1", "2", "2", "drop, contact at t1");
    set_range(q, "0", "1999/1000");
    expect_oracle(q, NULL, NULL, NULL, "drop, t1 just before");
    /* the same motion as a negated homogeneous matrix, and box 1 moved
       by -I (the identity motion) */
    for (i = 0; i < 16; i++)
        neg[i] = (i == 11) ? "-11/2 0 1" : neg_id[i];
    set_motion(&q->motion[1], neg);
    set_motion(&q->motion[0], neg_id);
    set_range(q, "0", "3");
    expect_oracle(q, "-2 1", "2", "2", "drop, negated matrices");
    set_motion(&q->motion[0], identity);

    /* z = 7/2 - t^2: the faces meet when t^2 = 2 */
    set_translation(&q->motion[1], "0", "0", "7/2 0 -1");
    set_range(q, "0", "2");
    expect_oracle(q, "-2 0 1", "1", "2", "drop to sqrt 2");
    expect_static(q, "141/100", 0, "drop to sqrt 2");
    expect_static(q, "142/100", 1, "drop to sqrt 2");

    /* Touching at t0, then leaving: initial contact. */
    set_translation(&q->motion[1], "0", "0", "3/2 1");
    set_range(q, "0", "1");
    expect_oracle(q, "0 1", "0", "0", "touch at t0");
    /* Grazing slide: bottom face in the plane z = 1, x = 5 - t; the
       x-ranges [9/2 - t, 11/2 - t] and [-1, 1] meet at t = 7/2. */
    set_translation(&q->motion[1], "5 -1", "0", "3/2");
    set_range(q, "0", "10");
    expect_oracle(q, "-7 2", "7/2", "7/2", "grazing slide");
    set_translation(&q->motion[1], "5 -1", "0", "151/100");
    expect_oracle(q, NULL, NULL, NULL, "slide just above");

    /* Rotating segment [0, 3] on the x axis about the pivot (0, -2, 0):
       it first meets the cube [-1, 1]^3 at the corner (1, -1), at the
       angle pi / 4 from the pivot, i.e. 2 atan t = pi / 4,
       t = tan(pi / 8) = sqrt 2 - 1, the root of t^2 + 2 t - 1 in [0, 1]. */
    set_box(&q->box[1], "0 0 0 3 0 0");
    set_motion(&q->motion[1], turn);
    set_range(q, "0", "1");
    expect_oracle(q, "-1 2 1", "0", "1", "rotating segment");
    expect_static(q, "41/100", 0, "rotating segment");
    expect_static(q, "42/100", 1, "rotating segment");
    /* at t = 1/2 the angle is 2 atan(1/2) > pi / 4: already inside */
    set_range(q, "1/2", "1");
    expect_oracle(q, "-1 2", "1/2", "1/2", "rotating segment, initial");

    /* Shear: box 2's top edge x = 1/2 + t / 2 reaches x = 2 at t = 3. */
    set_box(&q->box[0], "2 -1 -1 3 1 1");
    set_box(&q->box[1], "-1/2 -1/2 -1/2 1/2 1/2 1/2");
    set_motion(&q->motion[1], shear);
    set_range(q, "0", "5");
    expect_oracle(q, "-3 1", "3", "3", "shear");

    /* Flat boxes.  Segments on the x and y axes, box 2 at height
       1 - t: they cross at t = 1 (no vertex of one lies in the other). */
    set_box(&q->box[0], "-1 0 0 1 0 0");
    set_box(&q->box[1], "0 -1 0 0 1 0");
    set_translation(&q->motion[1], "0", "0", "1 -1");
    set_range(q, "0", "2");
    expect_oracle(q, "-1 1", "1", "1", "crossing segments");
    expect_static(q, "1", 1, "crossing segments");
    expect_static(q, "9/10", 0, "crossing segments");
    set_translation(&q->motion[1], "1", "0", "1 -1");
    expect_oracle(q, "-1 1", "1", "1", "segment touching an end");
    set_translation(&q->motion[1], "2", "0", "1 -1");
    expect_oracle(q, NULL, NULL, NULL, "segments missing");
    expect_static(q, "1", 0, "segments missing");
    /* A segment along (0, 1, -1) (the tilt), s in [-2, 2]: points
       (0, s, 4 - t - s); the edge y = z = 1 of the cube is met first at
       s = 1 when 4 - t = 2 (for 4 - t > 2, z <= 1 forces s > 1). */
    set_box(&q->box[0], "-1 -1 -1 1 1 1");
    set_box(&q->box[1], "0 -2 0 0 2 0");
    set_motion(&q->motion[1], tilt);
    set_range(q, "0", "4");
    expect_oracle(q, "-2 1", "2", "2", "edge-edge, tilted segment");
    /* Coplanar rectangles in a "+": box 2 lowered onto box 1 meets it
       at t = 1 in a square, no vertex of either inside the other. */
    set_box(&q->box[0], "-2 -1/2 0 2 1/2 0");
    set_box(&q->box[1], "-1/2 -2 0 1/2 2 0");
    set_translation(&q->motion[1], "0", "0", "1 -1");
    set_range(q, "0", "3");
    expect_oracle(q, "-1 1", "1", "1", "plus, lowered");
    expect_static(q, "1", 1, "plus");
    /* and slid in the plane: x-ranges [9/2 - t, 11/2 - t], [-2, 2] */
    set_translation(&q->motion[1], "5 -1", "0", "0");
    set_range(q, "0", "4");
    expect_oracle(q, "-5 2", "5/2", "5/2", "plus, sliding");
    /* A stick through a plate: only edges of the stick meet faces of
       the plate (no vertex of either inside the other, no edge of the
       plate on the stick).  Either way round. */
    set_box(&q->box[0], "-3 -1/4 -1/4 3 1/4 1/4");
    set_box(&q->box[1], "-1/4 -2 -2 1/4 2 2");
    set_motion(&q->motion[1], identity);
    expect_static(q, "0", 1, "stick through a plate");
    set_box(&q->box[1], "-3 -1/4 -1/4 3 1/4 1/4");
    set_box(&q->box[0], "-1/4 -2 -2 1/4 2 2");
    expect_static(q, "0", 1, "plate around a stick");
    set_translation(&q->motion[1], "0", "0", "9/4");
    expect_static(q, "0", 1, "stick on a plate's edge");
    set_translation(&q->motion[1], "0", "0", "226/100");
    expect_static(q, "0", 0, "stick above a plate");
    /* Points: box 2's point moves along (1 - t, 2 - 2 t, 0), through
       the origin at t = 1; along (1 - t, 1 - 2 t, 0) it misses. */
    set_box(&q->box[0], "0 0 0 0 0 0");
    set_box(&q->box[1], "0 0 0 0 0 0");
    set_translation(&q->motion[1], "1 -1", "2 -2", "0");
    set_range(q, "0", "2");
    expect_oracle(q, "-1 1", "1", "1", "points meeting");
    set_translation(&q->motion[1], "1 -1", "1 -2", "0");
    expect_oracle(q, NULL, NULL, NULL, "points missing");
    boxtoi_query_clear(q);
}

/* A random rational in the range of q (t1 = inf: up to t0 + 8). */
static void rand_time(mpq_t t, const boxtoi_query_t q, gmp_randstate_t st)
{
    mpq_t u;
    mpq_init(u);
    if (q->t1_inf)
        mpq_set_ui(t, 8, 1);
    else
        mpq_sub(t, q->t1, q->t0);
    mpq_set_ui(u, qgen_ui(st, 65), 64);
    mpq_canonicalize(u);
    mpq_mul(t, t, u);
    mpq_add(t, t, q->t0);
    mpq_clear(u);
}

/* Compares the two static tests at t; counts agreements and meetings.
   Returns the common answer (-1 on disagreement or error). */
static int both(const boxtoi_query_t q, mpq_srcptr t, long i, int kind,
                long *agree, long *meet, long *all)
{
    int a = oracle_intersect_at_mpq(q, t), b = oracle_sat_at_mpq(q, t);
    (*all)++;
    if (a == b && a >= 0) {
        (*agree)++;
        *meet += a;
        return a;
    }
    gmp_printf("# disagree: query %ld (%s) at t = %Qd: vertex/edge %d, "
               "SAT %d\n", i, qgen_kind_name(kind), t, a, b);
    return -1;
}

/* Random times in the range, plus times near the oracle's first contact
   t*: the static tests must agree everywhere; they must say "apart" at
   rationals in [t0, t*) and "meet" at t* when it is rational. */
static void cross_static(gmp_randstate_t st)
{
    boxtoi_query_t q;
    boxtoi_alg_t tc;
    mpq_t t, lo, u;
    long n = 150 * tap_multiplier(), i, j, agree = 0, meet = 0, all = 0;
    long invalid = 0, before = 0, bad_before = 0, at = 0, bad_at = 0;
    boxtoi_errinfo err;
    int has;
    boxtoi_query_init(q);
    boxtoi_alg_init(tc);
    mpq_init(t);
    mpq_init(lo);
    mpq_init(u);
    for (i = 0; i < n; i++) {
        int kind = (int)(i % QGEN_NKINDS);
        qgen_query(q, st, kind);
        if (boxtoi_query_check(q, &err) != BOXTOI_OK) {
            invalid++;
            diag("generated query %ld (%s) invalid: %s", i,
                 qgen_kind_name(kind), err.msg);
        }
        for (j = 0; j < 4; j++) {
            if (kind == QGEN_GRID) { /* integer and half-integer times */
                mpq_set_ui(t, qgen_ui(st, 13), 2);
                mpq_canonicalize(t);
            } else
                rand_time(t, q, st);
            if (!q->t1_inf && mpq_cmp(t, q->t1) > 0)
                mpq_set(t, q->t1);
            both(q, t, i, kind, &agree, &meet, &all);
        }
        if (oracle_first_contact(&has, tc, q) != BOXTOI_OK)
            bail("oracle failed on query %ld", i);
        if (!has)
            continue;
        if (boxtoi_alg_get_mpq(t, tc)) {
            at++;
            if (both(q, t, i, kind, &agree, &meet, &all) != 1) {
                bad_at++;
                gmp_printf("# query %ld: apart at t* = %Qd\n", i, t);
            }
        }
        /* rationals below t*: lo of a fine isolating interval, and
           t0 + (lo - t0) j / 4 */
        boxtoi_alg_refine(tc, 20);
        mpq_set(lo, tc->lo);
        if (mpq_equal(lo, tc->hi)) { /* t* = lo: step below it */
            mpq_set_ui(u, 1, 1 << 20);
            mpq_sub(lo, lo, u);
        }
        for (j = 0; j < 4 && mpq_cmp(lo, q->t0) >= 0; j++) {
            mpq_sub(t, lo, q->t0);
            mpq_set_ui(u, 4 - j, 4);
            mpq_canonicalize(u);
            mpq_mul(t, t, u);
            mpq_add(t, t, q->t0);
            before++;
            if (both(q, t, i, kind, &agree, &meet, &all) != 0) {
                bad_before++;
                gmp_printf("# query %ld: meet at %Qd before t*\n", i, t);
            }
        }
        /* and just after t*, where they often meet */
        for (j = 0; j < 3; j++) {
            mpq_sub(u, tc->hi, q->t0);
            mpq_div_2exp(u, u, 2 + 3 * j);
            mpq_add(t, tc->hi, u);
            if (j == 2)
                mpq_set(t, tc->hi);
            if (q->t1_inf || mpq_cmp(t, q->t1) <= 0)
                both(q, t, i, kind, &agree, &meet, &all);
        }
    }
    is_int(0, invalid, "generated queries are valid");
    is_int(all, agree, "static tests agree at %ld times", all);
    is_int(0, bad_at, "static tests meet at %ld rational oracle times",
           at);
    is_int(0, bad_before, "static tests apart at %ld times before the "
           "oracle's time", before);
    diag("%ld of %ld static samples intersect", meet, all);
    ok(meet > all / 5 && meet < all - all / 5,
       "both outcomes are common (%ld of %ld intersect)", meet, all);
    mpq_clear(t);
    mpq_clear(lo);
    mpq_clear(u);
    boxtoi_alg_clear(tc);
    boxtoi_query_clear(q);
}

int main(void)
{
    gmp_randstate_t st;
    plan_lazy();
    constructed();
    tap_randinit(st);
    cross_static(st);
    gmp_randclear(st);
    return 0;
}
