/* t/fast-t.c: the interval pre-filter of lib/contact/fast.c.

   (1) Enclosure: for random interval operands (random doubles of mixed
   signs and magnitudes, subnormals, zeros, points), the result of add,
   sub, mul, abs and Horner contains the exact result, computed in mpq,
   at the corners of the operands and at random rationals inside them;
   conversions from mpq and from mpz 2^e enclose the exact value.
   (2) Verdicts: on seeded random queries of every family of t/qgen.c,
   the filter's claims are checked against the independent oracle of
   t/oracle.c: SEPARATED only when the oracle finds no contact; in a
   window, t0 <= w0 and no contact before w0 (the oracle's t* >= w0);
   BOUNDED only when the oracle finds contact with w0 <= t* <= w1, and
   the oracle's own static test finds the solids meeting at w1.  The
   library's answer is also compared with the oracle's. */
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "oracle.h"
#include "qgen.h"
#include "lib/contact/impl.h"
#include "lib/contact/fast.h"
#include "fastrand.h"

static void test_ops(gmp_randstate_t st, long n)
{
    contact_ivctx c;
    mpq_t x, y, z;
    long i, bad[5] = {0, 0, 0, 0, 0}, tried = 0, nfail = 0;
    int op, wa, wb;

    contact_ivctx_init(&c);
    mpq_init(x);
    mpq_init(y);
    mpq_init(z);
    for (i = 0; i < n; i++) {
        contact_iv a = fastrand_iv(st), b = fastrand_iv(st), r;
        for (op = 0; op < 4; op++) {
            contact_ivctx_reset(&c);
            r = op == 0   ? contact_iv_add(&c, a, b)
                : op == 1 ? contact_iv_sub(&c, a, b)
                : op == 2 ? contact_iv_mul(&c, a, b)
                          : contact_iv_abs(a);
            if (contact_ivctx_failed(&c)) {
                nfail++;
                continue; /* an overflow: no claim made */
            }
            if (!(r.lo <= r.hi)) {
                bad[op]++;
                continue;
            }
            for (wa = 0; wa < 3; wa++)
                for (wb = 0; wb < 3; wb++) {
                    fastrand_point(x, a, wa, st);
                    fastrand_point(y, b, wb, st);
                    fastrand_exact(z, op, x, y);
                    tried++;
                    if (!fastrand_contains(r, z))
                        bad[op]++;
                }
        }
    }
    is_int(0, bad[0], "add encloses the exact sums");
    is_int(0, bad[1], "sub encloses the exact differences");
    is_int(0, bad[2], "mul encloses the exact products");
    is_int(0, bad[3], "abs encloses the exact absolute values");
    ok(tried > 20 * n, "enough operand points were tried (%ld)", tried);
    ok(nfail > 0 && nfail < n, "overflows were met and reported (%ld)",
       nfail);

    /* conversions: mpq of all sizes, mpz 2^e; every other draw small
       (numerator and denominator of at most 60 bits, e = 0), where the
       conversions take their double-precision shortcuts */
    for (i = 0; i < n; i++) {
        contact_iv r;
        int small = i % 2 == 0;
        long e = small ? 0 : (long)gmp_urandomm_ui(st, 4000) - 2000;
        unsigned long nb = small ? 60 : 1200;
        mpz_urandomb(mpq_numref(x), st, 1 + gmp_urandomm_ui(st, nb));
        mpz_urandomb(mpq_denref(x), st, 1 + gmp_urandomm_ui(st, nb));
        if (small && i % 4 == 0)
            mpz_set_ui(mpq_denref(x), 0); /* an integer (den 1 below) */
        mpz_add_ui(mpq_denref(x), mpq_denref(x), 1);
        if (gmp_urandomm_ui(st, 2))
            mpz_neg(mpq_numref(x), mpq_numref(x));
        mpq_canonicalize(x);
        contact_ivctx_reset(&c);
        contact_iv_set_mpq(&c, &r, x);
        if (!contact_ivctx_failed(&c) && !fastrand_contains(r, x))
            bad[4]++;
        contact_ivctx_reset(&c);
        contact_iv_set_mpz_2exp(&c, &r, mpq_numref(x), e);
        mpz_set(mpq_numref(y), mpq_numref(x));
        mpz_set_ui(mpq_denref(y), 1);
        if (e >= 0)
            mpq_mul_2exp(y, y, (unsigned long)e);
        else
            mpq_div_2exp(y, y, (unsigned long)-e);
        if (!contact_ivctx_failed(&c) && !fastrand_contains(r, y))
            bad[4]++;
    }
    is_int(0, bad[4], "conversions from mpq and mpz 2^e enclose");

    /* Horner: rational coefficients, their enclosures, points of T */
    bad[0] = 0;
    for (i = 0; i < n; i++) {
        contact_iv p[8], t, r;
        mpq_t cq[8];
        int len = 1 + (int)gmp_urandomm_ui(st, 8), k, w;
        for (k = 0; k < len; k++) {
            mpq_init(cq[k]);
            qgen_mpq(cq[k], st, 1000, 7);
            contact_ivctx_reset(&c);
            contact_iv_set_mpq(&c, p + k, cq[k]);
        }
        t.lo = (double)((long)gmp_urandomm_ui(st, 64) - 32) / 8;
        t.hi = t.lo + (double)gmp_urandomm_ui(st, 17) / 16;
        contact_ivctx_reset(&c);
        r = contact_iv_horner(&c, p, len, t);
        for (w = 0; w < 4 && !contact_ivctx_failed(&c); w++) {
            fastrand_point(x, t, w < 2 ? w : 2, st);
            mpq_set_ui(z, 0, 1);
            for (k = len - 1; k >= 0; k--) {
                mpq_mul(z, z, x);
                mpq_add(z, z, cq[k]);
            }
            if (!fastrand_contains(r, z))
                bad[0]++;
        }
        for (k = 0; k < len; k++)
            mpq_clear(cq[k]);
    }
    is_int(0, bad[0], "Horner encloses the exact values");
    mpq_clear(x);
    mpq_clear(y);
    mpq_clear(z);
    contact_ivctx_clear(&c);
}

/* The filter's verdicts against the oracle, on n queries of every
   family in turn (only < 0) or of the family only. */
static void test_verdicts(gmp_randstate_t st, long n, int only)
{
    boxtoi_query_t q;
    boxtoi_alg_t t;
    boxtoi_contact_t res;
    mpq_t w0, w1;
    long i, count[3] = {0, 0, 0}, bad = 0, lib_bad = 0, oracle_err = 0;
    long nothing = 0, bad_prod = 0, bad_window = 0, bad_cert = 0;
    long nwindow = 0, ncert = 0, ngmp = 0;
    contact_fast_cert cert;
    contact_ctx ctx;
    mpq_t w0c, w1c;
    int has, v, vc, rc;

    boxtoi_query_init(q);
    boxtoi_alg_init(t);
    boxtoi_contact_init(res);
    mpq_init(w0);
    mpq_init(w1);
    mpq_init(w0c);
    mpq_init(w1c);
    for (i = 0; i < n; i++) {
        int kind = only >= 0 ? only : (int)(i % QGEN_NKINDS), fail = 0;
        qgen_query(q, st, kind);
        if (oracle_first_contact(&has, t, q) != BOXTOI_OK) {
            oracle_err++;
            continue;
        }
        v = contact_fast_window(w0, w1, q);
        count[v]++;
        if (v == CONTACT_FAST_WINDOW && mpq_equal(w0, q->t0))
            nothing++;
        if (mpq_cmp(w0, q->t0) < 0
            || (!q->t1_inf && mpq_cmp(w0, q->t1) > 0))
            fail = 1; /* w0 outside the range */
        if (v == CONTACT_FAST_SEPARATED && has)
            fail = 1;
        if (v != CONTACT_FAST_SEPARATED && has
            && boxtoi_alg_cmp_mpq(t, w0) < 0)
            fail = 1; /* a contact before w0 */
        if (v == CONTACT_FAST_BOUNDED
            && (!has || boxtoi_alg_cmp_mpq(t, w1) > 0
                || mpq_cmp(w0, w1) > 0
                || (!q->t1_inf && mpq_cmp(w1, q->t1) > 0)
                || oracle_sat_at_mpq(q, w1) != 1))
            fail = 1;
        if (fail) {
            bad++;
            diag("query %ld (%s): verdict %d, oracle %s", i,
                 qgen_kind_name(kind), v, has ? "contact" : "none");
            printf("# ");
            qgen_fprint_query(stdout, q);
        }
        /* the production branch, as search.c runs it (one context per
           query: it caches the query's relative motion) */
        contact_cert_init(&cert);
        contact_ctx_init(&ctx, q);
        vc = contact_fast_window_cert(w0c, w1c, &cert, &ctx);
        if (vc != v || !mpq_equal(w0, w0c)
            || (v == CONTACT_FAST_BOUNDED && !mpq_equal(w1, w1c)))
            bad_prod++;
        if (vc == CONTACT_FAST_BOUNDED && cert.plane >= 0) {
            nwindow++;
            /* no contact on [t0, a), contact at b */
            if (!has || boxtoi_alg_cmp_mpq(t, cert.a) < 0
                || boxtoi_alg_cmp_mpq(t, cert.b) > 0
                || oracle_sat_at_mpq(q, cert.b) != 1)
                bad_window++;
            if (contact_certify(res, &ctx, &cert)) {
                ncert++;
                ngmp += cert.gmp_planes;
                if (res->status != BOXTOI_CONTACT || res->initial
                    || boxtoi_alg_cmp(&res->t, t) != 0)
                    bad_cert++;
            }
        }
        contact_ctx_clear(&ctx);
        contact_cert_clear(&cert);
        rc = boxtoi_contact_first(res, q, NULL, NULL);
        if (rc != BOXTOI_OK || (res->status == BOXTOI_CONTACT) != has
            || (has && boxtoi_alg_cmp(&res->t, t) != 0)
            || (has && res->initial != (boxtoi_alg_cmp_mpq(t, q->t0) == 0)))
            lib_bad++;
    }
    is_int(0, oracle_err, "the oracle solved every query");
    is_int(0, bad_prod, "the production branch (with a certificate "
                        "window) gives the same verdicts and windows");
    is_int(0, bad_window, "every certificate window agrees with the "
                          "oracle");
    is_int(0, bad_cert, "every certified contact is the oracle's");
    diag("certificate windows: %ld; certified: %ld, %ld of them with the "
         "GMP planes", nwindow, ncert, ngmp);
    ok(nwindow > 0 && ncert > 0, "the production branch finds "
                                 "certificate windows and certifies");
    is_int(0, bad, "every verdict of the filter agrees with the oracle");
    is_int(0, lib_bad, "boxtoi_contact_first agrees with the oracle");
    diag("verdicts: %ld separated, %ld window (%ld of them the whole "
         "range), %ld bounded", count[0], count[1], nothing, count[2]);
    ok(count[0] > 0 && count[2] > 0,
       "the filter proves both separations and contacts");
    mpq_clear(w0c);
    mpq_clear(w1c);
    mpq_clear(w0);
    mpq_clear(w1);
    boxtoi_contact_clear(res);
    boxtoi_alg_clear(t);
    boxtoi_query_clear(q);
}

/* The certificate's two ways to build its plane polynomials
   (lib/contact/certify.c), paired: in 128-bit integers from the
   filter's 128-bit relative motion, else with GMP.  Each seeded rigid
   or ballistic query is solved by the production branch (the filter's
   certificate window, then contact_certify) as generated, and again
   with motion b's numerators multiplied by 2^(64 + s_b): the same
   motions, whose relative motion no longer fits in 128 bits before its
   content is divided out, so the GMP block runs on purpose (counted).
   Both must certify alike and give identical answers. */
static void test_cert_gmp(gmp_randstate_t st, long n)
{
    static const int kinds[2] = {QGEN_RIGID, QGEN_BALLISTIC};
    boxtoi_query_t q, qs;
    boxtoi_contact_t a, b;
    contact_fast_cert cert;
    contact_ctx ctx;
    mpq_t w0, w1;
    long i, nsmall = 0, ngmp = 0, ngmp_scaled = 0, ncert = 0, diff = 0;
    int k, c, m;

    boxtoi_query_init(q);
    boxtoi_query_init(qs);
    boxtoi_contact_init(a);
    boxtoi_contact_init(b);
    mpq_init(w0);
    mpq_init(w1);
    for (i = 0; i < n; i++) {
        int ca = 0, cb = 0, ga = 0;
        qgen_query(q, st, kinds[i % 2]);
        if (boxtoi_query_check(q, NULL) != BOXTOI_OK)
            continue;
        contact_cert_init(&cert);
        contact_ctx_init(&ctx, q);
        if (contact_fast_window_cert(w0, w1, &cert, &ctx)
                == CONTACT_FAST_BOUNDED
            && (ca = contact_certify(a, &ctx, &cert)) != 0)
            ga = cert.gmp_planes;
        contact_ctx_clear(&ctx);
        contact_cert_clear(&cert);
        boxtoi_query_clear(qs);
        boxtoi_query_init(qs);
        boxtoi_box_set(qs->box, q->box);
        boxtoi_box_set(qs->box + 1, q->box + 1);
        mpq_set(qs->t0, q->t0);
        mpq_set(qs->t1, q->t1);
        qs->t1_inf = q->t1_inf;
        for (m = 0; m < 2; m++) {
            unsigned long s = 64 + gmp_urandomm_ui(st, 8);
            boxtoi_motion_set(qs->motion + m, q->motion + m);
            for (k = 0; k < 16; k++)
                for (c = 0; c < qs->motion[m].e[k].length; c++)
                    mpz_mul_2exp(qs->motion[m].e[k].coeffs + c,
                                 qs->motion[m].e[k].coeffs + c, s);
        }
        contact_cert_init(&cert);
        contact_ctx_init(&ctx, qs);
        if (contact_fast_window_cert(w0, w1, &cert, &ctx)
                == CONTACT_FAST_BOUNDED
            && (cb = contact_certify(b, &ctx, &cert)) != 0)
            ngmp_scaled += cert.gmp_planes;
        contact_ctx_clear(&ctx);
        contact_cert_clear(&cert);
        if (ca != cb || (ca && !qgen_same_result(a, b)))
            diff++;
        ncert += ca;
        ngmp += ga;
        nsmall += ca && !ga;
    }
    is_int(0, diff, "the certificate gives the same answers with "
                    "numerators scaled by 2^64 and more");
#ifdef BOXTOI_HAVE_I128
    diag("certified %ld: %ld planes in 128 bits, %ld with GMP; scaled: "
         "%ld with GMP", ncert, nsmall, ngmp, ngmp_scaled);
    ok(nsmall > 0, "unscaled, the planes are built in 128-bit integers");
#else
    ok(nsmall == 0, "without 128-bit integers the planes are always GMP's "
                    "(%ld certified)", ncert);
#endif
    ok(ncert > 0 && ngmp_scaled == ncert,
       "scaled, the GMP block of the certificate runs every time "
       "(%ld of %ld)", ngmp_scaled, ncert);
    mpq_clear(w0);
    mpq_clear(w1);
    boxtoi_contact_clear(a);
    boxtoi_contact_clear(b);
    boxtoi_query_clear(q);
    boxtoi_query_clear(qs);
}

/* Hand-made: the cube [-1/2, 1/2]^3 centred at z = 4 - t^2 falls onto
   the cube [-1, 1]^3 at rest; its bottom face, at z = 7/2 - t^2, reaches
   the top face z = 1 when t^2 = 5/2 (t* = sqrt(5/2) ~ 1.58 for t >= 0)
   and the boxes interpenetrate afterwards.  (Motions of degree <= 1 are
   left to the exact code, hence the quadratic fall.) */
static void test_drop(void)
{
    boxtoi_query_t q;
    mpq_t tr[9], w0, w1, x, five_halves;
    int k, v;

    boxtoi_query_init(q);
    mpq_init(w0);
    mpq_init(w1);
    mpq_init(x);
    mpq_init(five_halves);
    for (k = 0; k < 9; k++)
        mpq_init(tr[k]);
    boxtoi_box_set_si(q->box, -1, -1, -1, 1, 1, 1);
    mpq_set_si(x, -1, 2);
    for (k = 0; k < 3; k++) {
        mpq_set(q->box[1].min[k], x);
        mpq_neg(q->box[1].max[k], x);
    }
    /* z(t) = 4 - t^2: coordinate 2's coefficients at tr[6..8] */
    mpq_set_si(tr[6], 4, 1);
    mpq_set_si(tr[8], -1, 1);
    boxtoi_motion_set_translation(q->motion + 1, tr[0], 3);
    mpq_set_si(q->t1, 2, 1);
    mpq_set_ui(five_halves, 5, 2);
    v = contact_fast_window(w0, w1, q);
    is_int(CONTACT_FAST_BOUNDED, v, "drop: the filter bounds the contact");
    /* 0 <= w0 <= t* <= w1 <= 2, i.e. w0^2 <= 5/2 <= w1^2 */
    mpq_mul(x, w0, w0);
    k = mpq_sgn(w0) >= 0 && mpq_cmp(x, five_halves) <= 0;
    mpq_mul(x, w1, w1);
    ok(k && mpq_cmp(x, five_halves) >= 0 && mpq_cmp_si(w1, 2, 1) <= 0,
       "drop: sqrt(5/2) lies in [w0, w1] within the range");
    mpq_set_si(q->t1, 3, 2); /* (3/2)^2 = 9/4 < 5/2 */
    v = contact_fast_window(w0, w1, q);
    is_int(CONTACT_FAST_SEPARATED, v, "drop up to 3/2: separated");
    for (k = 0; k < 9; k++)
        mpq_clear(tr[k]);
    mpq_clear(five_halves);
    mpq_clear(x);
    mpq_clear(w0);
    mpq_clear(w1);
    boxtoi_query_clear(q);
}

/* A random rational for a box: numerator and denominator of 0 to 40
   bits (so that both the 64-bit path of fast_setup, below 2^31, and
   GMP's are taken), sometimes an integer or 0. */
static void rand_coord(mpq_t x, gmp_randstate_t st)
{
    mpz_urandomb(mpq_numref(x), st, gmp_urandomm_ui(st, 41));
    if (gmp_urandomm_ui(st, 2))
        mpz_neg(mpq_numref(x), mpq_numref(x));
    if (gmp_urandomm_ui(st, 3) == 0)
        mpz_set_ui(mpq_denref(x), 1);
    else {
        mpz_urandomb(mpq_denref(x), st, gmp_urandomm_ui(st, 41));
        mpz_add_ui(mpq_denref(x), mpq_denref(x), 1);
    }
    mpq_canonicalize(x);
}

/* fast_setup's box sums and extents against the reference: the exact
   sum and difference in GMP, each converted by contact_iv_set_mpq; the
   bounds must be the same bits (the 64-bit path is a shortcut to the
   same enclosure, not a second one). */
static void test_setup(gmp_randstate_t st, long n)
{
    boxtoi_query_t q;
    fast_query f;
    contact_ivctx c;
    contact_iv r;
    mpq_t x;
    long i, bad = 0;
    int b, k, m;

    boxtoi_query_init(q);
    contact_ivctx_init(&f.c);
    contact_ivctx_init(&c);
    mpq_init(x);
    for (i = 0; i < n; i++) {
        for (b = 0; b < 2; b++)
            for (k = 0; k < 3; k++) {
                rand_coord(q->box[b].min[k], st);
                if (gmp_urandomm_ui(st, 4) == 0) /* a flat axis */
                    mpq_set(q->box[b].max[k], q->box[b].min[k]);
                else if (gmp_urandomm_ui(st, 4) == 0) /* cancels */
                    mpq_neg(q->box[b].max[k], q->box[b].min[k]);
                else
                    rand_coord(q->box[b].max[k], st);
            }
        (void)fast_setup(&f, q);
        for (b = 0; b < 2; b++)
            for (k = 0; k < 3; k++)
                for (m = 0; m < 2; m++) {
                    const contact_iv *got =
                        m == 0 ? (b == 0 ? f.s1 : f.s2) + k
                               : (b == 0 ? f.e1 : f.e2) + k;
                    if (m == 0)
                        mpq_add(x, q->box[b].min[k], q->box[b].max[k]);
                    else
                        mpq_sub(x, q->box[b].max[k], q->box[b].min[k]);
                    contact_ivctx_reset(&c);
                    contact_iv_set_mpq(&c, &r, x);
                    if (memcmp(&r, got, sizeof r) != 0)
                        bad++;
                }
    }
    ok(bad == 0, "fast_setup: box sums and extents, the bits of the "
                 "GMP reference (%ld of %ld differ)",
       bad, 12 * n);
    mpq_clear(x);
    contact_ivctx_clear(&c);
    contact_ivctx_clear(&f.c);
    boxtoi_query_clear(q);
}

int main(void)
{
    gmp_randstate_t st;
    long m;
    plan(31);
    tap_randinit(st);
    m = tap_multiplier();
    test_ops(st, 2000 * m);
    test_drop();
    test_setup(st, 2000 * m);
    test_verdicts(st, 60 * m, -1);
    /* rotating queries alone: the scan's adaptive steps (fast.c,
       scan_adaptive: the widths after a halving) near contacts and
       near misses */
    test_verdicts(st, 40 * m, QGEN_RIGID);
    test_cert_gmp(st, 100 * m);
    gmp_randclear(st);
    return 0;
}
