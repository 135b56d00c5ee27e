/* t/fast-model-t.c: the pre-filter's models of doubles (lib/contact/
   fast.h; doc/algorithm.md §4.2, "Balls" and "Taylor models").

   (1) Operations: for random operands (fastrand.h: mixed signs and
   magnitudes, subnormals, zeros, overflow), every ball operation and
   every Taylor-model operation holds the exact result, computed in
   mpq at corners and random points of the operands, within its radius
   times 1 + 2^-50 (more than one operation's factor).
   (2) Verdicts: on seeded random queries of every family of t/qgen.c,
   random pieces and points and pieces around the first contact (from
   one ending on the double above t* down to one a double wide), each
   piece the balls prove separated, and each piece or left part of one
   the Taylor models prove separated, holds no contact by the
   independent oracle of t/oracle.c, and each point the balls prove in
   contact is in contact by it; in the narrowing, where either proves
   every plane positive the oracle finds contact, and no quantity's
   sign they prove contradicts the one the intervals prove.  The balls
   are paired with the natural interval form and the Taylor models with
   the interval slope form on the same pieces. */
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "oracle.h"
#include "qgen.h"
#include "lib/contact/impl.h"
#include "lib/contact/fast.h"
#include "fastrand.h"

/* x = a point of the ball a: a corner (which 0, 1) or inside. */
static void ball_point(mpq_t x, fast_ball a, int which, gmp_randstate_t st)
{
    contact_iv v;
    mpq_t c, r;
    mpq_init(c);
    mpq_init(r);
    mpq_set_d(c, a.c);
    mpq_set_d(r, a.r);
    v.lo = 0;
    v.hi = 1;
    if (which < 2) {
        mpq_set_si(x, which == 0 ? -1 : 1, 1);
    } else {
        fastrand_point(x, v, 2, st); /* in [0, 1] */
        mpq_add(x, x, x);
        mpz_sub(mpq_numref(x), mpq_numref(x), mpq_denref(x)); /* 2x - 1 */
    }
    mpq_mul(x, x, r);
    mpq_add(x, x, c);
    mpq_clear(c);
    mpq_clear(r);
}

/* 1 if |x - b.c| <= b.r (1 + 2^-50), which is more than b.r times
   (1 - 2^-53)^-6, the factor of one operation on operands of factor
   1. */
static int ball_holds(fast_ball b, mpq_srcptr x)
{
    mpq_t d, r;
    int ok;
    mpq_init(d);
    mpq_init(r);
    mpq_set_d(d, b.c);
    mpq_sub(d, x, d);
    mpq_abs(d, d);
    mpq_set_d(r, b.r);
    {
        mpq_t k; /* 1 + 2^-50 */
        mpq_init(k);
        mpz_set_ui(mpq_numref(k), 1);
        mpz_mul_2exp(mpq_denref(k), mpq_numref(k), 50);
        mpz_add(mpq_numref(k), mpq_numref(k), mpq_denref(k));
        mpq_mul(r, r, k);
        mpq_clear(k);
    }
    ok = mpq_cmp(d, r) <= 0;
    mpq_clear(d);
    mpq_clear(r);
    return ok;
}

static void test_ball_ops(gmp_randstate_t st, long n)
{
    long i, bad = 0, tried = 0;
    int op, w1, w2;
    mpq_t x, y, z;
    mpq_init(x);
    mpq_init(y);
    mpq_init(z);
    for (i = 0; i < n; i++) {
        fast_ball a, b, r;
        a.c = fastrand_double(st);
        a.r = gmp_urandomm_ui(st, 3) == 0 ? 0 : fabs(fastrand_double(st));
        b.c = fastrand_double(st);
        b.r = gmp_urandomm_ui(st, 3) == 0 ? 0 : fabs(fastrand_double(st));
        op = (int)(i % 4);
        r = op == 0   ? bl_add(a, b)
            : op == 1 ? bl_sub(a, b)
            : op == 2 ? bl_mul(a, b)
                      : bl_abs(a);
        if (!isfinite(a.c + a.r + b.c + b.r) || !isfinite(r.c + r.r))
            continue;
        for (w1 = 0; w1 < 3; w1++)
            for (w2 = 0; w2 < 3; w2++) {
                ball_point(x, a, w1, st);
                ball_point(y, b, w2, st);
                fastrand_exact(z, op, x, y);
                tried++;
                if (!ball_holds(r, z)) {
                    bad++;
                    diag("ball op %d: (%a, %a), (%a, %a) -> (%a, %a)", op,
                         a.c, a.r, b.c, b.r, r.c, r.r);
                }
            }
    }
    ok(bad == 0 && tried > n, "balls: add, sub, mul, abs hold the exact "
                              "results (%ld of %ld not)",
       bad, tried);
    mpq_clear(x);
    mpq_clear(y);
    mpq_clear(z);
}

/* x = a.c + a.g s + e, e = -a.r, a.r or a random point between (which
   0, 1, 2), for the rational s in [-1, 1]. */
static void tm_point(mpq_t x, fast_tm a, mpq_srcptr s, int which,
                     gmp_randstate_t st)
{
    fast_ball e;
    mpq_t y;
    mpq_init(y);
    e.c = 0;
    e.r = a.r;
    ball_point(x, e, which, st);
    mpq_set_d(y, a.g);
    mpq_mul(y, y, s);
    mpq_add(x, x, y);
    mpq_set_d(y, a.c);
    mpq_add(x, x, y);
    mpq_clear(y);
}

static fast_tm rand_tm(gmp_randstate_t st)
{
    fast_tm a;
    a.c = fastrand_double(st);
    a.g = gmp_urandomm_ui(st, 4) == 0 ? 0 : fastrand_double(st);
    a.r = gmp_urandomm_ui(st, 3) == 0 ? 0 : fabs(fastrand_double(st));
    return a;
}

static void test_tm_ops(gmp_randstate_t st, long n)
{
    long i, bad = 0, tried = 0;
    int op, w1, w2, ws;
    mpq_t x, y, z, s;
    contact_iv unit;
    mpq_init(x);
    mpq_init(y);
    mpq_init(z);
    mpq_init(s);
    unit.lo = -1;
    unit.hi = 1;
    for (i = 0; i < n; i++) {
        fast_tm a = rand_tm(st), b = rand_tm(st), r;
        fast_ball rb;
        op = (int)(i % 4);
        if (i % 16 == 3) /* a sign to be proved */
            a.g = a.r = 0;
        r = op == 0   ? tm_add(a, b)
            : op == 1 ? tm_sub(a, b)
            : op == 2 ? tm_mul(a, b)
                      : tm_abs(a);
        if (!isfinite(a.c + a.g + a.r + b.c + b.g + b.r)
            || !isfinite(r.c + r.g + r.r))
            continue;
        for (ws = 0; ws < 3; ws++)
            for (w1 = 0; w1 < 3; w1++)
                for (w2 = 0; w2 < 3; w2++) {
                    fastrand_point(s, unit, ws, st);
                    tm_point(x, a, s, w1, st);
                    tm_point(y, b, s, w2, st);
                    fastrand_exact(z, op, x, y);
                    /* z - r.g s within r.r of r.c */
                    mpq_set_d(y, r.g);
                    mpq_mul(y, y, s);
                    mpq_sub(z, z, y);
                    rb.c = r.c;
                    rb.r = r.r;
                    tried++;
                    if (!ball_holds(rb, z)) {
                        bad++;
                        diag("tm op %d: (%a, %a, %a), (%a, %a, %a) -> "
                             "(%a, %a, %a)",
                             op, a.c, a.g, a.r, b.c, b.g, b.r, r.c, r.g,
                             r.r);
                    }
                }
    }
    ok(bad == 0 && tried > n, "Taylor models: add, sub, mul, abs hold the "
                              "exact results (%ld of %ld not)",
       bad, tried);
    mpq_clear(x);
    mpq_clear(y);
    mpq_clear(z);
    mpq_clear(s);
}

/* 1 when the oracle finds contact in [lo, hi] (at its ends, a random
   point, or its first contact t* inside). */
static int contact_in(const boxtoi_query_t q, int has, const boxtoi_alg_t ts,
                      double lo, double hi, gmp_randstate_t st)
{
    contact_iv t;
    mpq_t x;
    int bad = 0, j;
    t.lo = lo;
    t.hi = hi;
    mpq_init(x);
    for (j = 0; j < 3; j++) {
        fastrand_point(x, t, j, st);
        if (oracle_sat_at_mpq(q, x) == 1)
            bad = 1;
    }
    mpq_set_d(x, lo);
    if (has && boxtoi_alg_cmp_mpq(ts, x) >= 0) {
        mpq_set_d(x, hi);
        if (boxtoi_alg_cmp_mpq(ts, x) <= 0)
            bad = 1;
    }
    mpq_clear(x);
    return bad;
}

/* The counts of test_verdicts: [model][reference] proved separated,
   and the Taylor models' partial proofs (reach > lo) */
typedef struct {
    long ball[2][2], tm[2][2], part, bad, tmbad, pt[2][2], dbad, dtried;
    long order; /* pieces whose verdicts depend on the order */
    /* mode 2, natural form and slope form: [models][intervals] */
    long open[2][3][3], signs[2];
} model_counts;

/* The balls of D_m's coefficients (fastrel.c's ball_setup by the
   kernel's kbl_dvec, factor at most (1 - 2^-53)^-12 <= 1 + 2^-45) against the exact coefficients
   2 b_m + sum_j A_mj S2_j - w S1_m, in mpq from the exact relative
   motion rel and the boxes (rel not scaled: entries below 2^300);
   the count of coefficients whose ball misses, *tried the count
   checked. */
static long d_balls(const fast_query *f, const boxtoi_motion_struct *rel,
                    const boxtoi_query_t q, long *tried)
{
    mpq_t x, y, s, k;
    long i, bad = 0;
    int m, j;
    for (m = 0; m < 16; m++)
        if (boxtoi_poly_max_bits(rel->e + m) > 300)
            return 0;
    mpq_init(x);
    mpq_init(y);
    mpq_init(s);
    mpq_init(k);
    mpq_set_ui(k, 1, 1);
    mpq_div_2exp(k, k, 45);
    mpq_set_ui(y, 1, 1);
    mpq_add(k, k, y);
    for (m = 0; m < 3; m++)
        for (i = 0; i < f->rlen[9 + m]; i++) {
            const boxtoi_poly_struct *e = rel->e;
            mpq_set_ui(x, 0, 1);
            if (i < e[4 * m + 3].length) {
                mpq_set_z(y, e[4 * m + 3].coeffs + i);
                mpq_mul_2exp(y, y, 1);
                mpq_add(x, x, y);
            }
            for (j = 0; j < 4; j++) {
                const boxtoi_poly_struct *a = e + (j < 3 ? 4 * m + j : 15);
                const boxtoi_box_struct *bx = q->box + (j < 3 ? 1 : 0);
                int c = j < 3 ? j : m;
                if (i >= a->length)
                    continue;
                mpq_add(s, bx->min[c], bx->max[c]);
                mpq_set_z(y, a->coeffs + i);
                mpq_mul(y, y, s);
                if (j < 3)
                    mpq_add(x, x, y);
                else
                    mpq_sub(x, x, y);
            }
            /* |x - c| <= r (1 + 2^-45) */
            mpq_set_d(y, f->brel[9 + m][i].c);
            mpq_sub(y, x, y);
            mpq_abs(y, y);
            mpq_set_d(s, f->brel[9 + m][i].r);
            mpq_mul(s, s, k);
            bad += mpq_cmp(y, s) > 0;
            ++*tried;
        }
    mpq_clear(x);
    mpq_clear(y);
    mpq_clear(s);
    mpq_clear(k);
    return bad;
}

/* fast_eval (natural form: balls or intervals) or fast_eval_slope
   (Taylor models or interval slopes), with the models when bok */
static int eval_as(fast_query *f, contact_iv t, int slope, int bok, int mode,
                   int *plane)
{
    int v, last = f->last;
    f->bok = bok;
    f->reach = t.lo;
    f->zlast = f->zprev = -DBL_MAX;
    v = slope ? fast_eval_slope(f, t, mode, plane)
              : fast_eval(f, t, mode, plane);
    f->bok = 1;
    f->last = last;
    return v;
}

/* Mode 2 on the piece t (slope: in slope form): the models' open
   planes and signs against the intervals' (no quantity proved of
   opposite signs by the two), and when the models prove every plane
   positive, contact by the oracle on t; the count of failures. */
static long open_piece(fast_query *f, const boxtoi_query_t q, contact_iv t,
                       int slope, model_counts *cnt, gmp_randstate_t st)
{
    signed char sg[BOXTOI_NQUANT];
    int nm, ns, pl, k, j;
    long bad = 0;
    mpq_t x;
    nm = eval_as(f, t, slope, 1, 2, &pl);
    memcpy(sg, f->qsg, sizeof sg);
    ns = eval_as(f, t, slope, 0, 2, &pl);
    cnt->open[slope][nm][ns]++;
    if (nm <= 1 && ns <= 1)
        for (k = 0; k < Q_ONE; k++)
            if (sg[k] != 2) {
                cnt->signs[slope]++;
                if (f->qsg[k] != 2 && f->qsg[k] != sg[k])
                    bad++;
            }
    if (nm != 0)
        return bad;
    mpq_init(x);
    for (j = 0; j < 3; j++) {
        fastrand_point(x, t, j, st);
        if (oracle_sat_at_mpq(q, x) != 1)
            bad++;
    }
    mpq_clear(x);
    return bad;
}

/* The separation test's order (fasteval.c, fasttm.c): from each of
   the 15 directions as the one that separated last (a face of box 1:
   the face test on 5 polynomials first, the loop then skipping it;
   another: the plain loop, the reference), the balls' and the Taylor
   models' verdicts on t are the same (one direction separating
   suffices, in any order), and so is the models' partial proof
   (f->reach, the largest over all directions) when nothing
   separates; the count of pieces where they differ. */
static long order_piece(fast_query *f, contact_iv t)
{
    int s, vb[BOXTOI_NDIRS], vt[BOXTOI_NDIRS], last = f->last;
    double reach[BOXTOI_NDIRS];
    long bad = 0;
    for (s = 0; s < BOXTOI_NDIRS; s++) {
        f->last = s;
        vb[s] = fast_eval_ball(f, t, 0, NULL);
        f->last = s;
        f->reach = t.lo;
        vt[s] = fast_eval_tm(f, t, 0, NULL);
        reach[s] = f->reach;
        if (vb[s] != vb[0] || vt[s] != vt[0]
            || (vt[s] == 0 && reach[s] != reach[0]))
            bad = 1;
    }
    f->last = last;
    return bad;
}

/* One piece [lo, hi] of query q (f set up): the balls' verdict against
   the oracle (has, t*) and the natural intervals'; for a piece of
   positive width, the same for the Taylor models (with their partial
   proof [lo, reach]) and the interval slope form. */
static void model_piece(fast_query *f, const boxtoi_query_t q, int has,
                        const boxtoi_alg_t ts, double lo, double hi,
                        model_counts *cnt, gmp_randstate_t st)
{
    contact_iv t;
    int vm, vi;
    double reach;
    mpq_t x;
    t.lo = lo;
    t.hi = hi;
    vm = eval_as(f, t, 0, 1, 0, NULL);
    vi = eval_as(f, t, 0, 0, 0, NULL);
    cnt->ball[vm][vi]++;
    if (vm)
        cnt->bad += contact_in(q, has, ts, lo, hi, st);
    cnt->bad += open_piece(f, q, t, 0, cnt, st);
    if (!(lo < hi)) { /* a point: the contact test (mode 1) */
        vm = fast_eval_ball(f, t, 1, NULL); /* alone: no fallback */
        vi = eval_as(f, t, 0, 0, 1, NULL);
        cnt->pt[vm][vi]++;
        mpq_init(x);
        mpq_set_d(x, lo);
        if (vm && oracle_sat_at_mpq(q, x) != 1)
            cnt->bad++;
        mpq_clear(x);
        return;
    }
    cnt->order += order_piece(f, t);
    f->reach = lo;
    vm = fast_eval_tm(f, t, 0, NULL);
    reach = f->reach;
    vi = eval_as(f, t, 1, 0, 0, NULL);
    cnt->tm[vm][vi]++;
    cnt->tmbad += open_piece(f, q, t, 1, cnt, st);
    if (vm) {
        cnt->tmbad += contact_in(q, has, ts, lo, hi, st);
    } else if (reach > lo) {
        cnt->part++;
        cnt->tmbad += contact_in(q, has, ts, lo, reach, st);
    }
}

static void test_verdicts(gmp_randstate_t st, long n)
{
    boxtoi_query_t q;
    boxtoi_alg_t ts;
    boxtoi_motion_struct rel;
    fast_query f;
    model_counts cnt;
    long i, near = 0;
    int has, j;

    memset(&cnt, 0, sizeof cnt);
    boxtoi_query_init(q);
    boxtoi_alg_init(ts);
    for (i = 0; i < n; i++) {
        int kind = (int)(i % QGEN_NKINDS);
        double ta, span, lo, w;
        qgen_query(q, st, kind);
        if (oracle_first_contact(&has, ts, q) != BOXTOI_OK)
            continue;
        contact_ivctx_init(&f.c);
        boxtoi_motion_init(&rel);
        if (fast_setup(&f, q)) {
            contact_relative_motion(&rel, q);
            rel_exact(&f, &rel);
        }
        if (f.rel_ok > 0 && f.bok) {
            cnt.dbad += d_balls(&f, &rel, q, &cnt.dtried);
            ta = mpq_get_d(q->t0);
            span = q->t1_inf ? 4 : mpq_get_d(q->t1) - ta;
            for (j = 0; j < 24; j++) {
                w = span * ldexp(1, -(int)gmp_urandomm_ui(st, 12));
                lo = ta + (span - w) * (double)gmp_urandomm_ui(st, 1025)
                              / 1024;
                if (j % 6 == 5)
                    w = 0; /* a point */
                model_piece(&f, q, has, ts, lo, lo + w, &cnt, st);
            }
            if (has) { /* the near ties: pieces that hold t* */
                double d = boxtoi_alg_get_d(ts, MPFR_RNDD);
                double u = boxtoi_alg_get_d(ts, MPFR_RNDU);
                for (j = 0; j < 8; j++) {
                    w = ldexp(1, -4 * j);
                    lo = d - w * fabs(d) - w;
                    model_piece(&f, q, has, ts, lo < ta ? ta : lo, u, &cnt,
                                st);
                    model_piece(&f, q, has, ts, d, u, &cnt, st);
                    near += 2;
                }
            }
        }
        if (f.relc != NULL && f.relc != f.relbuf)
            free(f.relc);
        boxtoi_motion_clear(&rel);
        contact_ivctx_clear(&f.c);
    }
    ok(cnt.dbad == 0 && cnt.dtried > 100,
       "balls: D's coefficients (kbl_dvec) hold the exact ones (%ld of %ld "
       "missed)",
       cnt.dbad, cnt.dtried);
    is_int(0, cnt.bad, "balls: no piece proved separated holds a contact "
                       "(%ld pieces at the first contact), every point "
                       "proved in contact is, no sign contradicts the "
                       "intervals', contact where all planes are proved "
                       "positive",
           near);
    diag("balls / intervals: both separated %ld, balls only %ld, "
         "intervals only %ld, neither %ld; points in contact: both %ld, "
         "balls only %ld, intervals only %ld, neither %ld",
         cnt.ball[1][1], cnt.ball[1][0], cnt.ball[0][1], cnt.ball[0][0],
         cnt.pt[1][1], cnt.pt[1][0], cnt.pt[0][1], cnt.pt[0][0]);
    ok(cnt.ball[1][1] > 0
           && cnt.ball[1][1] + cnt.ball[1][0]
                  >= (cnt.ball[1][1] + cnt.ball[0][1]) / 2
           && cnt.pt[1][1] > 0 && cnt.signs[0] > 0,
       "balls: they prove separations, contacts and signs, separations "
       "at least half as many as the intervals");
    is_int(0, cnt.tmbad, "Taylor models: no piece or left part proved "
                         "separated holds a contact, no sign contradicts "
                         "the slope form's, contact where all planes "
                         "are proved positive");
    diag("Taylor models / slope form: both separated %ld, models only %ld, "
         "slope form only %ld, neither %ld; left parts %ld",
         cnt.tm[1][1], cnt.tm[1][0], cnt.tm[0][1], cnt.tm[0][0], cnt.part);
    is_int(0, cnt.order, "balls and Taylor models: the same verdicts "
                         "and partial proofs from each direction first");
    for (j = 0; j < 2; j++)
        diag("%s, open planes 0, 1, 2+: %ld %ld %ld / %ld %ld %ld / "
             "%ld %ld %ld; signs proved %ld",
             j ? "Taylor models / slope form" : "balls / intervals",
             cnt.open[j][0][0], cnt.open[j][0][1], cnt.open[j][0][2],
             cnt.open[j][1][0], cnt.open[j][1][1], cnt.open[j][1][2],
             cnt.open[j][2][0], cnt.open[j][2][1], cnt.open[j][2][2],
             cnt.signs[j]);
    ok(cnt.tm[1][1] > 0 && cnt.part > 0 && cnt.signs[1] > 0
           && cnt.open[1][0][0] + cnt.open[1][1][1] > 0
           && cnt.tm[1][1] + cnt.tm[1][0]
                  >= (cnt.tm[1][1] + cnt.tm[0][1]) / 2,
       "Taylor models: they prove separations, left parts, signs and "
       "planes, separations at least half as many as the slope form");
    boxtoi_alg_clear(ts);
    boxtoi_query_clear(q);
}

int main(void)
{
    gmp_randstate_t st;
    long m;
    plan(8);
    tap_randinit(st);
    m = tap_multiplier();
    test_ball_ops(st, 4000 * m);
    test_tm_ops(st, 3000 * m);
    test_verdicts(st, 120 * m);
    gmp_randclear(st);
    return 0;
}
