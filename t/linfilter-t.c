/* t/linfilter-t.c: the closed form's floating-point filter
   (lib/contact/linfilter.c) against the full exact path, branch by
   branch.  For every query the filter's decision f is taken and
   contact_linear_decided (which computes exactly only the deciding
   fraction, or nothing for an empty set) must give the same result,
   field by field, as contact_linear_gmp, the full exact path (itself
   checked against the independent oracle by t/xcheck-t); each kind of
   decision is counted, and every kind must occur.
   (1) Seeded translational and grid queries of t/qgen.c, and the same
   motions scaled by 2^s (larger numbers, the same answers).
   (2) Double queries: constant blocks I + small doubles, translations
   and boxes of random doubles (every number a binary64).
   (3) Constructed ties, where the filter must not decide: two
   directions entering at the same time, contact exactly at t1, and
   faces touching for one instant; and a contact at t0. */
#include <string.h>
#include "lib/util/impl.h"
#include "tap.h"
#include "qgen.h"
#include "lib/contact/impl.h"

static long kinds[4], mismatch;

/* q through the filter and both exact paths; returns the kind */
static int check_one(const boxtoi_query_t q)
{
    boxtoi_contact_t a, b;
    contact_linfilter f;
    int k = contact_linear_filter(&f, q);
    boxtoi_contact_init(a);
    boxtoi_contact_init(b);
    contact_linear_decided(a, q, &f);
    contact_linear_gmp(b, q);
    kinds[k]++;
    if (!qgen_same_result(a, b) && mismatch++ < 5) {
        diag("decision %d: the filtered and exact paths differ:", k);
        qgen_fprint_query(stderr, q);
    }
    boxtoi_contact_clear(a);
    boxtoi_contact_clear(b);
    return k;
}

static int is_linear(const boxtoi_query_t q)
{
    boxtoi_contact_t c;
    boxtoi_errinfo err;
    int r;
    if (boxtoi_query_check(q, &err) != BOXTOI_OK)
        return 0;
    boxtoi_contact_init(c);
    r = contact_linear(c, q);
    boxtoi_contact_clear(c);
    return r;
}

/* a random double in [-m, m] with 52 random bits */
static double rand_d(gmp_randstate_t st, double m)
{
    double x = (double)gmp_urandomb_ui(st, 26) * 0x1p-26
               + (double)gmp_urandomb_ui(st, 26) * 0x1p-52;
    return m * (2 * x - 1);
}

static void double_query(boxtoi_query_t q, gmp_randstate_t st)
{
    double a[16], lo, hi;
    boxtoi_errinfo err;
    mpq_t x;
    int b, i, k;
    mpq_init(x);
    for (b = 0; b < 2; b++) {
        for (i = 0; i < 16; i++)
            a[i] = (i == 0 || i == 5 || i == 10 || i == 15) ? 1 : 0;
        for (i = 0; i < 12; i++)
            a[i] += rand_d(st, i % 4 == 3 ? 4 : 0.5);
        if (boxtoi_motion_set_d(q->motion + b, a, &err) != BOXTOI_OK)
            continue;
        for (i = 0; i < 3; i++) {
            mpq_set_d(x, rand_d(st, 2));
            boxtoi_motion_set_coeff_mpq(q->motion + b, i, 3, 1, x);
        }
        for (k = 0; k < 3; k++) {
            lo = rand_d(st, 1);
            hi = lo + 0.1 + (rand_d(st, 1) + 1);
            mpq_set_d(q->box[b].min[k], lo);
            mpq_set_d(q->box[b].max[k], hi);
        }
    }
    mpq_set_d(q->t0, gmp_urandomm_ui(st, 2) ? 0 : rand_d(st, 1) + 1);
    mpq_set_d(x, 5 + rand_d(st, 3));
    q->t1_inf = gmp_urandomm_ui(st, 4) == 0;
    if (!q->t1_inf)
        mpq_set(q->t1, x);
    mpq_clear(x);
}

static void test_random(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    long i, nq = 300 * tap_multiplier(), nlin = 0, nd = 0;
    gmp_randinit_default(st);
    gmp_randseed_ui(st, tap_seed());
    boxtoi_query_init(q);
    for (i = 0; i < nq; i++) {
        qgen_query(q, st, i % 3 == 0 ? QGEN_GRID : QGEN_TRANSLATIONAL);
        if (!is_linear(q))
            continue;
        nlin++;
        check_one(q);
        qgen_scale_motion(q->motion, gmp_urandomm_ui(st, 100));
        qgen_scale_motion(q->motion + 1, gmp_urandomm_ui(st, 100));
        check_one(q);
    }
    for (i = 0; i < nq; i++) {
        double_query(q, st);
        if (!is_linear(q))
            continue;
        nd++;
        check_one(q);
    }
    ok(nlin >= nq / 2 && nd >= nq / 2,
       "generated closed-form queries: %ld rational, %ld double", nlin, nd);
    boxtoi_query_clear(q);
    gmp_randclear(st);
}

/* box 2 = [0,1]^3 at (x0 + vx t, y0 + vy t, 0), box 1 = [0,1]^3 fixed;
   range [t0n/t0d, t1] */
static int hand(long x0, long vx, long y0, long vy, long t0n, long t0d,
                long t1)
{
    boxtoi_query_t q;
    mpq_t tr[6];
    int i, k;
    boxtoi_query_init(q);
    for (i = 0; i < 6; i++)
        mpq_init(tr[i]);
    mpq_set_si(tr[0], x0, 1);
    mpq_set_si(tr[1], vx, 1);
    mpq_set_si(tr[2], y0, 1);
    mpq_set_si(tr[3], vy, 1);
    boxtoi_box_set_si(q->box, 0, 0, 0, 1, 1, 1);
    boxtoi_box_set_si(q->box + 1, 0, 0, 0, 1, 1, 1);
    boxtoi_motion_set_identity(q->motion);
    boxtoi_motion_set_translation(q->motion + 1, tr[0], 2);
    mpq_set_si(q->t0, t0n, (unsigned long)t0d);
    mpq_set_si(q->t1, t1, 1);
    q->t1_inf = 0;
    k = is_linear(q) ? check_one(q) : -1;
    for (i = 0; i < 6; i++)
        mpq_clear(tr[i]);
    boxtoi_query_clear(q);
    return k;
}

static void test_ties(void)
{
    /* box 2 covers [3 - 2t, 4 - 2t] in x and in y: it reaches box 1's
       faces x = 1 and y = 1 both at t = 1 (3 - 2t = 1) */
    is_int(hand(3, -2, 3, -2, 0, 1, 5), LIN_OPEN,
           "two directions entering at t = 1: not decided");
    /* x = 3 - 2t alone: every direction parallel to x enters at 1 (the
       faces of both boxes: ties) */
    is_int(hand(3, -2, 0, 0, 0, 1, 5), LIN_OPEN,
           "parallel faces entering together: not decided");
    /* the range ends at the contact, t1 = 1 */
    is_int(hand(3, -2, 1, 0, 0, 1, 1), LIN_OPEN,
           "contact exactly at t1: not decided");
    /* faces y touch for ever (y0 = 1): |alpha| = R in direction y */
    is_int(hand(3, -2, 1, 0, 0, 1, 5), LIN_OPEN,
           "touching faces (|alpha| = R): not decided");
    /* overlapping on [1, 2], range from 3/2: contact at t0 */
    is_int(hand(3, -2, 0, 0, 3, 2, 5), LIN_AT_T0,
           "overlap at t0 = 3/2: decided, contact at t0");
    /* passes 5 above: empty, beta = 0 in y */
    is_int(hand(3, -2, 5, 0, 0, 1, 5), LIN_EMPTY, "passing above: empty");
}

int main(void)
{
    plan_lazy();
    test_random();
    test_ties();
    is_int(mismatch, 0, "the filtered and exact paths give the same results");
    diag("decisions: %ld open (exact path), %ld empty, %ld at t0, %ld at an "
         "entry", kinds[LIN_OPEN], kinds[LIN_EMPTY], kinds[LIN_AT_T0],
         kinds[LIN_AT_ENTRY]);
    ok(kinds[LIN_OPEN] > 0 && kinds[LIN_EMPTY] > 0 && kinds[LIN_AT_T0] > 0
           && kinds[LIN_AT_ENTRY] > 0,
       "every branch is exercised (the exact fallback and each decision)");
    return 0;
}
