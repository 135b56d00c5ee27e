/* t/intervals-t.c: boxtoi_contact_intervals and
   boxtoi_contact_intervals_piecewise.

   (1) Hand-derived cases: box 2 (the cube [-1/2, 1/2]^3) moves along z
   against box 1 (the cube [-1, 1]^3, at rest); the solids share a point
   iff |z(t)| <= 3/2, so the intervals are the solutions of that
   inequality, solved by hand in each case's comment.
   (2) Seeded random queries of every family of t/qgen.c, checked
   against the independent oracles of t/oracle.h: the separating-axis
   test (oracle_sat_at_mpq) finds contact at rationals strictly inside
   every interval and at every rational end, and no contact at
   rationals strictly between intervals (and before the first and after
   the last); every end is exact: a start is the oracle's first contact
   (oracle_first_contact) from a rational just before it, an end the
   oracle's first contact of the query run backwards in time (t -> -t)
   from a rational just after it; the first start is
   boxtoi_contact_first's answer; the list is sorted and disjoint.
   (3) Scenes: boxtoi_scene_intervals on random scenes (and on those of
   t/scene-gen.c: every motion form, pieces and keyframes) equals the
   brute force, boxtoi_contact_intervals_piecewise on every pair not
   ignored over the whole range (which solves the first contact itself,
   where the scene hands over the one of its pairs report): the same
   pairs, the same intervals exactly. */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "oracle.h"
#include "qgen.h"
#include "scene-gen.h"

/* ---- hand-derived cases ------------------------------------------- */

/* The query line with box 1 = [-1, 1]^3 at rest, box 2 = [-1/2, 1/2]^3
   moving by motion2 (JSON text) over range (JSON text). */
static void read_case(boxtoi_query_t q, boxtoi_pmotion_struct *pm,
                      const char *motion2, const char *range)
{
    char line[2048];
    boxtoi_errinfo err;
    snprintf(line, sizeof line,
             "{\"box1\":{\"min\":[-1,-1,-1],\"max\":[1,1,1]},"
             "\"box2\":{\"min\":[\"-1/2\",\"-1/2\",\"-1/2\"],"
             "\"max\":[\"1/2\",\"1/2\",\"1/2\"]},"
             "\"motion2\":%s,\"t_range\":%s}",
             motion2, range);
    if (boxtoi_io_read_query_pieces(q, pm, NULL, line, strlen(line), NULL,
                                    &err)
        != BOXTOI_OK)
        bail("read_case: %s: %s", err.msg, line);
}

/* e = the root of c0 + c1 t + c2 t^2 in [lo, hi] (strings). */
static void set_alg(boxtoi_alg_t e, long c0, long c1, long c2,
                    const char *lo, const char *hi)
{
    boxtoi_poly_t p;
    mpq_t a, b;
    long c[3];
    c[0] = c0;
    c[1] = c1;
    c[2] = c2;
    boxtoi_poly_init(p);
    mpq_init(a);
    mpq_init(b);
    boxtoi_poly_set_coeffs_si(p, c, 3);
    if (mpq_set_str(a, lo, 10) != 0 || mpq_set_str(b, hi, 10) != 0)
        bail("set_alg: bad rational");
    mpq_canonicalize(a);
    mpq_canonicalize(b);
    if (boxtoi_alg_set_poly_interval(e, p, a, b) != BOXTOI_OK)
        bail("set_alg: not isolating");
    boxtoi_poly_clear(p);
    mpq_clear(a);
    mpq_clear(b);
}

/* One hand case: motion2 and range; expect n intervals whose ends are
   ends[4 k .. 4 k + 3] = (from root spec, to root spec), each spec a
   polynomial c0 c1 c2 and an interval; to_inf for the last. */
typedef struct {
    const char *name, *motion2, *range;
    int n, to_inf;
    struct {
        long c[3];
        const char *lo, *hi;
    } end[4]; /* from0, to0, from1, to1 */
} hand_case;

/* z(t) = 5 - 2 t: |z| <= 3/2 iff 7/4 <= t <= 13/4 */
#define TRANS_Z(z) \
    "[[1,0,0,0],[0,1,0,0],[0,0,1," z "],[0,0,0,1]]"

static const hand_case hand[] = {
    /* |5 - 2t| <= 3/2 iff t in [7/4, 13/4] */
    {"pass through", TRANS_Z("[5,-2]"), "[0,5]", 1, 0,
     {{{-7, 4, 0}, "7/4", "7/4"}, {{-13, 4, 0}, "13/4", "13/4"}}},
    /* 3 - t^2 in [-3/2, 3/2] iff t^2 in [3/2, 9/2]: t in
       [sqrt(6)/2, 3/sqrt(2)], roots of 2t^2 - 3 and 2t^2 - 9 */
    {"irrational ends", TRANS_Z("[3,0,-1]"), "[0,3]", 1, 0,
     {{{-3, 0, 2}, "1", "2"}, {{-9, 0, 2}, "2", "3"}}},
    /* 3/2 + (t - 1)^2 >= 3/2 with equality only at t = 1 */
    {"touch at one instant", TRANS_Z("[\"5/2\",-2,1]"), "[0,3]", 1, 0,
     {{{-1, 1, 0}, "1", "1"}, {{-1, 1, 0}, "1", "1"}}},
    /* z = t: |t| <= 3/2 on [0, 10] is [0, 3/2], overlapping at t0 */
    {"overlap at t0", TRANS_Z("[0,1]"), "[0,10]", 1, 0,
     {{{0, 1, 0}, "0", "0"}, {{-3, 2, 0}, "3/2", "3/2"}}},
    /* z = 5 / (1 + t) (w = 1 + t): 0 < z <= 3/2 iff t >= 7/3 */
    {"contact to inf",
     "[[[1,1],0,0,0],[0,[1,1],0,0],[0,0,[1,1],5],[0,0,0,[1,1]]]",
     "[0,\"inf\"]", 1, 1, {{{-7, 3, 0}, "7/3", "7/3"}}},
    /* z = 4 - (t - 3)^2: |z| <= 3/2 iff (t - 3)^2 in [5/2, 11/2]: two
       intervals, ends the roots of 2t^2 - 12t + 7 and 2t^2 - 12t + 13 */
    {"two intervals", TRANS_Z("[-5,6,-1]"), "[0,6]", 2, 0,
     {{{7, -12, 2}, "0", "1"}, {{13, -12, 2}, "1", "2"},
      {{13, -12, 2}, "4", "5"}, {{7, -12, 2}, "5", "6"}}},
    /* z = 2 - t^2 on [-1, 1]: |z| <= 3/2 iff t^2 in [1/2, 7/2]: t in
       [-1, -1/sqrt 2] and [1/sqrt 2, 1] (2t^2 - 1) */
    {"negative range", TRANS_Z("[2,0,-1]"), "[-1,1]", 2, 0,
     {{{1, 1, 0}, "-1", "-1"}, {{-1, 0, 2}, "-1", "0"},
      {{-1, 0, 2}, "0", "1"}, {{-1, 1, 0}, "1", "1"}}},
    /* z = 3 - 2t until t = 1, then z = 1 (pieces): |z| <= 3/2 from
       t = 3/4 on; the intervals [3/4, 1] and [1, 3] of the two pieces
       meet at the break and are one */
    {"pieces joined at a break",
     "{\"breaks\":[1],\"pieces\":[" TRANS_Z("[3,-2]") "," TRANS_Z("1")
     "]}",
     "[0,3]", 1, 0, {{{-3, 4, 0}, "3/4", "3/4"}, {{-3, 1, 0}, "3", "3"}}},
    /* keyframes z: 5 at t = 0, -5 at t = 2, 5 at t = 4: z = 5 - 5t,
       then -15 + 5t; |z| <= 3/2 on [7/10, 13/10] and [27/10, 33/10] */
    {"keyframes there and back",
     "{\"keyframes\":[{\"t\":0,\"translation\":[0,0,5]},"
     "{\"t\":2,\"translation\":[0,0,-5]},{\"t\":4,\"translation\":[0,0,5]}"
     "]}",
     "[0,4]", 2, 0,
     {{{-7, 10, 0}, "7/10", "7/10"}, {{-13, 10, 0}, "13/10", "13/10"},
      {{-27, 10, 0}, "27/10", "27/10"}, {{-33, 10, 0}, "33/10", "33/10"}}},
    /* no contact: z = 5 + t on [0, 1] */
    {"apart", TRANS_Z("[5,1]"), "[0,1]", 0, 0, {{{0}, NULL, NULL}}},
    /* one instant range [2, 2] at which z = 1: [2, 2] */
    {"one-instant range", TRANS_Z("[-1,1]"), "[2,2]", 1, 0,
     {{{-2, 1, 0}, "2", "2"}, {{-2, 1, 0}, "2", "2"}}},
};

static void check_hand(const hand_case *h)
{
    boxtoi_query_t q;
    boxtoi_pmotion_struct pm[2];
    boxtoi_intervals_t iv;
    boxtoi_errinfo err;
    boxtoi_alg_t e;
    int rc, k;

    boxtoi_query_init(q);
    boxtoi_pmotion_init(pm);
    boxtoi_pmotion_init(pm + 1);
    boxtoi_intervals_init(iv);
    boxtoi_alg_init(e);
    read_case(q, pm, h->motion2, h->range);
    rc = boxtoi_contact_intervals_piecewise(iv, q, pm, pm + 1, NULL, &err);
    is_int(BOXTOI_OK, rc, "%s: solved", h->name);
    is_int(h->n, rc == BOXTOI_OK ? iv->n : -1, "%s: %d interval(s)",
           h->name, h->n);
    is_int(h->to_inf, iv->to_inf, "%s: to inf", h->name);
    for (k = 0; rc == BOXTOI_OK && k < h->n && k < iv->n; k++) {
        set_alg(e, h->end[2 * k].c[0], h->end[2 * k].c[1],
                h->end[2 * k].c[2], h->end[2 * k].lo, h->end[2 * k].hi);
        is_alg(e, iv->from + k, "%s: from[%d]", h->name, k);
        if (h->to_inf && k == h->n - 1)
            continue;
        set_alg(e, h->end[2 * k + 1].c[0], h->end[2 * k + 1].c[1],
                h->end[2 * k + 1].c[2], h->end[2 * k + 1].lo,
                h->end[2 * k + 1].hi);
        is_alg(e, iv->to + k, "%s: to[%d]", h->name, k);
    }
    boxtoi_alg_clear(e);
    boxtoi_intervals_clear(iv);
    boxtoi_pmotion_clear(pm);
    boxtoi_pmotion_clear(pm + 1);
    boxtoi_query_clear(q);
}

/* ---- random queries against the oracles ---------------------------- */

typedef struct {
    long cases, intervals, instants, to_inf, irrational_ends;
    long lib_error, first, order, inside, between, ends_sat, ends_first;
    long ends_back, oracle_error;
} stats;

static void report(const char *what, long i, const boxtoi_query_t q)
{
    diag("query %ld: %s", i, what);
    printf("# ");
    qgen_fprint_query(stdout, q);
}

/* m = a rational strictly between x < y (refining copies). */
static void between(mpq_t m, const boxtoi_alg_t x, const boxtoi_alg_t y)
{
    boxtoi_alg_t a, b;
    long bits = 4;
    boxtoi_alg_init(a);
    boxtoi_alg_init(b);
    boxtoi_alg_set(a, x);
    boxtoi_alg_set(b, y);
    while (mpq_cmp(a->hi, b->lo) >= 0) {
        boxtoi_alg_refine(a, bits);
        boxtoi_alg_refine(b, bits);
        bits *= 2;
    }
    mpq_add(m, a->hi, b->lo);
    mpq_div_2exp(m, m, 1);
    boxtoi_alg_clear(a);
    boxtoi_alg_clear(b);
}

/* r = q run backwards: motions e(-t), range [-t1, -t0] (q finite). */
static void reverse(boxtoi_query_t r, const boxtoi_query_t q)
{
    mpz_t c;
    long k;
    int b, e;
    mpz_init(c);
    for (b = 0; b < 2; b++) {
        boxtoi_box_set(r->box + b, q->box + b);
        boxtoi_motion_set(r->motion + b, q->motion + b);
        for (e = 0; e < 16; e++)
            for (k = 1; k <= boxtoi_poly_degree(r->motion[b].e + e); k += 2) {
                boxtoi_poly_get_coeff_mpz(c, r->motion[b].e + e, k);
                mpz_neg(c, c);
                boxtoi_poly_set_coeff_mpz(r->motion[b].e + e, k, c);
            }
    }
    mpq_neg(r->t0, q->t1);
    mpq_neg(r->t1, q->t0);
    r->t1_inf = 0;
    mpz_clear(c);
}

/* res = -x. */
static void alg_neg(boxtoi_alg_t res, const boxtoi_alg_t x)
{
    boxtoi_poly_t p;
    mpq_t lo, hi;
    mpz_t c;
    long k;
    boxtoi_poly_init(p);
    mpq_init(lo);
    mpq_init(hi);
    mpz_init(c);
    for (k = 0; k <= boxtoi_poly_degree(&x->poly); k++) {
        boxtoi_poly_get_coeff_mpz(c, &x->poly, k);
        if (k % 2)
            mpz_neg(c, c);
        boxtoi_poly_set_coeff_mpz(p, k, c);
    }
    mpq_neg(lo, x->hi);
    mpq_neg(hi, x->lo);
    if (boxtoi_alg_set_poly_interval(res, p, lo, hi) != BOXTOI_OK)
        bail("alg_neg: not isolating");
    mpz_clear(c);
    mpq_clear(lo);
    mpq_clear(hi);
    boxtoi_poly_clear(p);
}

/* The oracle's first contact of q on [a, b] (b NULL: q's end) equals
   x?  Returns 1 yes, 0 no, -1 oracle error. */
static int oracle_first_is(const boxtoi_query_t q, mpq_srcptr a,
                           mpq_srcptr b, const boxtoi_alg_t x)
{
    boxtoi_query_t s;
    boxtoi_alg_t t;
    int has = 0, rc, r;
    boxtoi_query_init(s);
    boxtoi_alg_init(t);
    boxtoi_box_set(s->box, q->box);
    boxtoi_box_set(s->box + 1, q->box + 1);
    boxtoi_motion_set(s->motion, q->motion);
    boxtoi_motion_set(s->motion + 1, q->motion + 1);
    mpq_set(s->t0, a);
    s->t1_inf = b == NULL && q->t1_inf;
    mpq_set(s->t1, b != NULL ? b : q->t1);
    rc = oracle_first_contact(&has, t, s);
    r = rc != BOXTOI_OK ? -1 : has && boxtoi_alg_cmp(t, x) == 0;
    boxtoi_alg_clear(t);
    boxtoi_query_clear(s);
    return r;
}

/* The checks of the ends of interval k (see the file's comment). */
static void check_ends(stats *s, long i, const boxtoi_query_t q,
                       const boxtoi_intervals_t iv, long k, mpq_t x)
{
    boxtoi_query_t r;
    boxtoi_alg_t nt;
    int v;
    long e;

    for (e = 0; e < 2; e++) {
        const boxtoi_alg_struct *t = e == 0 ? iv->from + k : iv->to + k;
        if (e == 1 && k == iv->n - 1 && iv->to_inf)
            break;
        if (boxtoi_alg_is_rational_fast(t)) {
            if (oracle_sat_at_mpq(q, t->lo) != 1) {
                s->ends_sat++;
                report("SAT: no contact at a rational end", i, q);
            }
        } else {
            s->irrational_ends++;
        }
    }
    /* the start: the oracle's first contact from a rational in the gap
       before it (or from t0 when it is t0) */
    if (k > 0)
        between(x, iv->to + k - 1, iv->from + k);
    else
        mpq_set(x, q->t0);
    v = oracle_first_is(q, x, NULL, iv->from + k);
    if (v < 0)
        s->oracle_error++;
    else if (!v) {
        s->ends_first++;
        report("oracle: the first contact from before a start differs", i,
               q);
    }
    if (k == iv->n - 1 && iv->to_inf)
        return;
    /* the end: run backwards from a rational in the gap after it (or
       from t1 when it is t1) */
    if (k + 1 < iv->n)
        between(x, iv->to + k, iv->from + k + 1);
    else if (q->t1_inf) {
        mpq_set_ui(x, 1, 1);
        mpq_add(x, x, iv->to[k].hi);
    } else
        mpq_set(x, q->t1);
    boxtoi_query_init(r);
    boxtoi_alg_init(nt);
    reverse(r, q);
    mpq_neg(x, x); /* the reversed range starts at -x */
    alg_neg(nt, iv->to + k);
    v = oracle_first_is(r, x, NULL, nt);
    if (v < 0)
        s->oracle_error++;
    else if (!v) {
        s->ends_back++;
        report("oracle: the first contact backwards from after an end "
               "differs", i, q);
    }
    boxtoi_alg_clear(nt);
    boxtoi_query_clear(r);
}

/* 1 when SAT does not say want at three rationals strictly inside
   (x, y) (y NULL: +inf); a, b, m scratch. */
static int sat_gap(const boxtoi_query_t q, const boxtoi_alg_t x,
                   const boxtoi_alg_t y, int want, mpq_t a, mpq_t b,
                   mpq_t m)
{
    if (y != NULL) {
        boxtoi_alg_t mm;
        boxtoi_alg_init(mm);
        between(m, x, y);
        boxtoi_alg_set_mpq(mm, m);
        between(a, x, mm);
        between(b, mm, y);
        boxtoi_alg_clear(mm);
    } else {
        mpq_set_ui(m, 1, 1);
        mpq_add(a, x->hi, m);
        mpq_set_ui(m, 1000, 1);
        mpq_add(b, x->hi, m);
        mpq_add(m, a, b);
        mpq_div_2exp(m, m, 1);
    }
    return oracle_sat_at_mpq(q, a) != want || oracle_sat_at_mpq(q, m) != want
           || oracle_sat_at_mpq(q, b) != want;
}

static void one_case(stats *s, long i, const boxtoi_query_t q)
{
    boxtoi_intervals_t iv;
    boxtoi_contact_t first;
    boxtoi_errinfo err;
    boxtoi_alg_t lo, hi;
    mpq_t a, b, m;
    long k;
    int rc;

    boxtoi_intervals_init(iv);
    boxtoi_contact_init(first);
    boxtoi_alg_init(lo);
    boxtoi_alg_init(hi);
    mpq_init(a);
    mpq_init(b);
    mpq_init(m);
    s->cases++;
    rc = boxtoi_contact_intervals(iv, q, NULL, &err);
    if (rc != BOXTOI_OK
        || boxtoi_contact_first(first, q, NULL, &err) != BOXTOI_OK) {
        s->lib_error++;
        diag("%s", err.msg);
        report("library error", i, q);
        goto done;
    }
    if ((iv->n > 0) != (first->status == BOXTOI_CONTACT)
        || (iv->n > 0 && boxtoi_alg_cmp(iv->from, &first->t) != 0)) {
        s->first++;
        report("the first start is not boxtoi_contact_first's answer", i,
               q);
    }
    s->intervals += iv->n;
    s->to_inf += iv->to_inf;
    for (k = 0; k < iv->n; k++) {
        int last_inf = k == iv->n - 1 && iv->to_inf;
        if (!last_inf && boxtoi_alg_cmp(iv->from + k, iv->to + k) == 0)
            s->instants++;
        if ((!last_inf && boxtoi_alg_cmp(iv->from + k, iv->to + k) > 0)
            || (k > 0 && boxtoi_alg_cmp(iv->to + k - 1, iv->from + k) >= 0)
            || boxtoi_alg_cmp_mpq(iv->from + k, q->t0) < 0
            || (!q->t1_inf && boxtoi_alg_cmp_mpq(iv->to + k, q->t1) > 0)
            || !tap_alg_invariant(iv->from + k)
            || (!last_inf && !tap_alg_invariant(iv->to + k))) {
            s->order++;
            report("intervals not sorted, disjoint, in the range", i, q);
        }
        /* inside */
        if (last_inf ? sat_gap(q, iv->from + k, NULL, 1, a, b, m)
                     : boxtoi_alg_cmp(iv->from + k, iv->to + k) < 0
                           && sat_gap(q, iv->from + k, iv->to + k, 1, a, b,
                                      m)) {
            s->inside++;
            report("SAT: apart inside an interval", i, q);
        }
        /* the gap before */
        if (k > 0 && sat_gap(q, iv->to + k - 1, iv->from + k, 0, a, b, m)) {
            s->between++;
            report("SAT: contact between intervals", i, q);
        }
        check_ends(s, i, q, iv, k, m);
    }
    /* before the first and after the last */
    boxtoi_alg_set_mpq(lo, q->t0);
    if (iv->n > 0 && boxtoi_alg_cmp(lo, iv->from) < 0
        && sat_gap(q, lo, iv->from, 0, a, b, m)) {
        s->between++;
        report("SAT: contact before the first interval", i, q);
    }
    if (iv->n == 0) {
        if (q->t1_inf ? sat_gap(q, lo, NULL, 0, a, b, m)
                      : (boxtoi_alg_set_mpq(hi, q->t1),
                         boxtoi_alg_cmp(lo, hi) < 0
                             && sat_gap(q, lo, hi, 0, a, b, m))) {
            s->between++;
            report("SAT: contact in a range without intervals", i, q);
        }
    } else if (!iv->to_inf) {
        if (q->t1_inf ? sat_gap(q, iv->to + iv->n - 1, NULL, 0, a, b, m)
                      : (boxtoi_alg_set_mpq(hi, q->t1),
                         boxtoi_alg_cmp(iv->to + iv->n - 1, hi) < 0
                             && sat_gap(q, iv->to + iv->n - 1, hi, 0, a, b,
                                        m))) {
            s->between++;
            report("SAT: contact after the last interval", i, q);
        }
    }
done:
    mpq_clear(a);
    mpq_clear(b);
    mpq_clear(m);
    boxtoi_alg_clear(lo);
    boxtoi_alg_clear(hi);
    boxtoi_contact_clear(first);
    boxtoi_intervals_clear(iv);
}

/* ---- scenes against the brute force ---------------------------------- */

/* s = a scene from one random query: its two bodies and copies of them
   moved by constant integer offsets in [-2, 2] (a translation c added
   to row k as c w(t), valid on the same range), n bodies in all;
   sometimes an ignored pair. */
static void random_scene(boxtoi_scene_t s, gmp_randstate_t st, long n)
{
    boxtoi_query_t q;
    boxtoi_motion_t m;
    boxtoi_poly_t c;
    boxtoi_errinfo e;
    long i;
    int k;
    char name[32];

    boxtoi_query_init(q);
    boxtoi_motion_init(m);
    boxtoi_poly_init(c);
    qgen_query(q, st, (int)qgen_ui(st, QGEN_NKINDS));
    if (boxtoi_scene_set_range(s, q->t0, q->t1_inf ? NULL : q->t1, &e)
        != BOXTOI_OK)
        bail("range: %s", e.msg);
    for (i = 0; i < n; i++) {
        boxtoi_motion_set(m, q->motion + i % 2);
        for (k = 0; k < 3 && i >= 2; k++) {
            boxtoi_poly_scalar_mul_si(c, m->e + 15,
                                      (long)qgen_ui(st, 5) - 2);
            boxtoi_poly_add(m->e + 4 * k + 3, m->e + 4 * k + 3, c);
        }
        snprintf(name, sizeof name, "b%ld", i);
        if (boxtoi_scene_add_body(s, name, q->box + i % 2, m, &e)
            != BOXTOI_OK)
            bail("add: %s", e.msg);
    }
    if (qgen_ui(st, 3) == 0
        && boxtoi_scene_ignore(s, "b0", "b1", &e) != BOXTOI_OK)
        bail("ignore: %s", e.msg);
    boxtoi_poly_clear(c);
    boxtoi_motion_clear(m);
    boxtoi_query_clear(q);
}

static int same_intervals(const boxtoi_intervals_struct *u,
                          const boxtoi_intervals_struct *v)
{
    long k;
    if (u->n != v->n || u->to_inf != v->to_inf)
        return 0;
    for (k = 0; k < u->n; k++)
        if (boxtoi_alg_cmp(u->from + k, v->from + k) != 0
            || (!(u->to_inf && k == u->n - 1)
                && boxtoi_alg_cmp(u->to + k, v->to + k) != 0))
            return 0;
    return 1;
}

/* 0 when the scene's intervals are the brute force's; counts pairs. */
static int check_scene(const boxtoi_scene_t s, long *npairs)
{
    boxtoi_scene_intervals_t r;
    boxtoi_intervals_t iv;
    boxtoi_query_t q;
    boxtoi_errinfo e;
    long a, b, k, found = 0;
    int bad = 0, ign;

    boxtoi_scene_intervals_init(r);
    boxtoi_intervals_init(iv);
    boxtoi_query_init(q);
    if (boxtoi_scene_intervals(r, s, NULL, &e) != BOXTOI_OK) {
        diag("scene: %s", e.msg);
        bad = 1;
    }
    mpq_set(q->t0, s->t0);
    mpq_set(q->t1, s->t1);
    q->t1_inf = s->t1_inf;
    for (a = 0; a < s->n && !bad; a++)
        for (b = a + 1; b < s->n && !bad; b++) {
            ign = 0;
            for (k = 0; k < s->nignore; k++)
                ign |= s->ignore[2 * k] == a && s->ignore[2 * k + 1] == b;
            if (ign)
                continue;
            boxtoi_box_set(q->box, &s->body[a].box);
            boxtoi_box_set(q->box + 1, &s->body[b].box);
            boxtoi_motion_set(q->motion, &s->body[a].motion);
            boxtoi_motion_set(q->motion + 1, &s->body[b].motion);
            if (boxtoi_contact_intervals_piecewise(iv, q, &s->body[a].pm,
                                                   &s->body[b].pm, NULL, &e)
                != BOXTOI_OK)
                bail("pair: %s", e.msg);
            for (k = 0; k < r->n; k++)
                if (r->v[k].a == a && r->v[k].b == b)
                    break;
            if (iv->n == 0) {
                bad |= k < r->n;
                continue;
            }
            found++;
            bad |= k == r->n || !same_intervals(&r->v[k].iv, iv);
        }
    bad |= found != r->n || (r->status == BOXTOI_CONTACT) != (found > 0);
    *npairs += found;
    boxtoi_query_clear(q);
    boxtoi_intervals_clear(iv);
    boxtoi_scene_intervals_clear(r);
    return bad;
}

/* n scenes of random_scene (every_form 0) or of t/scene-gen.c (every
   motion form, pieces and keyframes included) against the brute force,
   with more than least touching pairs; what names them in the results. */
static void check_scenes(gmp_randstate_t st, long n, int every_form,
                         long least, const char *what)
{
    long i, bad = 0, npairs = 0;
    for (i = 0; i < n; i++) {
        boxtoi_scene_t s;
        boxtoi_scene_init(s);
        if (every_form)
            scenegen_random(s, st, 2 + (long)qgen_ui(st, 6));
        else
            random_scene(s, st, 2 + (long)qgen_ui(st, 6));
        if (check_scene(s, &npairs)) {
            bad++;
            diag("%s %ld differs from the brute force", what, i);
        }
        boxtoi_scene_clear(s);
    }
    is_int(0, bad, "%s: %ld scenes, the same intervals as the brute "
           "force for %ld touching pairs", what, n, npairs);
    ok(npairs > least, "%s: touching pairs found: %ld", what, npairs);
}

static void test_scenes(gmp_randstate_t st)
{
    long n = 60 * tap_multiplier();
    check_scenes(st, n, 0, n, "scenes");
    /* every motion form: the scene gives each touching pair's first
       contact, found by its pairs report, to the intervals
       (contact_intervals_known), pieces and keyframes included; the
       brute force solves it again, over the whole range, for every
       pair */
    check_scenes(st, n, 1, n / 2, "scenes of every motion form");
}

int main(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    stats s;
    long n = 300 * tap_multiplier(), i;
    size_t h;

    memset(&s, 0, sizeof s);
    plan_lazy();
    for (h = 0; h < sizeof hand / sizeof hand[0]; h++)
        check_hand(hand + h);

    tap_randinit(st);
    boxtoi_query_init(q);
    for (i = 0; i < n; i++) {
        qgen_query(q, st, (int)(i % QGEN_NKINDS));
        one_case(&s, i, q);
    }
    diag("%ld queries: %ld intervals (%ld single instants, %ld to inf), "
         "%ld irrational ends",
         s.cases, s.intervals, s.instants, s.to_inf, s.irrational_ends);
    is_int(0, s.lib_error, "library solves all %ld queries", s.cases);
    is_int(0, s.first, "the first start is boxtoi_contact_first's answer");
    is_int(0, s.order, "intervals sorted, disjoint, inside the range");
    is_int(0, s.inside, "SAT: contact at rationals inside the intervals");
    is_int(0, s.between, "SAT: apart at rationals outside them");
    is_int(0, s.ends_sat, "SAT: contact at the rational ends");
    is_int(0, s.ends_first, "oracle: every start is a first contact");
    is_int(0, s.ends_back, "oracle backwards: every end is a last contact");
    is_int(0, s.oracle_error, "the oracle solves every check");
    ok(s.intervals > s.cases / 3, "intervals found: %ld", s.intervals);
    ok(s.instants > 0, "single instants found: %ld", s.instants);
    ok(s.irrational_ends > 0, "irrational ends: %ld", s.irrational_ends);
    test_scenes(st);
    boxtoi_query_clear(q);
    gmp_randclear(st);
    return 0;
}
