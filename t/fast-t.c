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

/* A random double: sign, a mantissa of up to 53 bits and an exponent
   from the subnormal range to about 2^80, or near the top of the range
   (so that sums and products overflow); sometimes 0 or a small
   integer. */
static double rand_double(gmp_randstate_t st)
{
    unsigned long kind = gmp_urandomm_ui(st, 10);
    mpz_t m;
    mpfr_t f;
    double x;
    long e;
    if (kind == 0)
        return 0;
    if (kind == 1)
        return (double)((long)gmp_urandomm_ui(st, 21) - 10);
    mpz_init(m);
    mpfr_init2(f, 53);
    mpz_urandomb(m, st, 1 + gmp_urandomm_ui(st, 53));
    if (kind == 2)
        e = -1074 - (long)gmp_urandomm_ui(st, 20); /* subnormal or 0 */
    else if (kind == 3)
        e = 900 + (long)gmp_urandomm_ui(st, 71); /* products overflow */
    else
        e = (long)gmp_urandomm_ui(st, 160) - 100;
    mpfr_set_z_2exp(f, m, e, MPFR_RNDN); /* exact: 53 bits */
    x = mpfr_get_d(f, MPFR_RNDN);        /* may round a subnormal */
    if (gmp_urandomm_ui(st, 2))
        x = -x;
    mpfr_clear(f);
    mpz_clear(m);
    return x;
}

static contact_iv rand_iv(gmp_randstate_t st)
{
    contact_iv r;
    double a = rand_double(st), b = gmp_urandomm_ui(st, 4) == 0
                                        ? a
                                        : rand_double(st);
    r.lo = a < b ? a : b;
    r.hi = a < b ? b : a;
    return r;
}

/* x = a point of a: a corner (which 0, 1) or a random rational. */
static void point_of(mpq_t x, contact_iv a, int which, gmp_randstate_t st)
{
    mpq_t u, v;
    if (which < 2) {
        mpq_set_d(x, which == 0 ? a.lo : a.hi);
        return;
    }
    mpq_init(u);
    mpq_init(v);
    mpq_set_d(u, a.lo);
    mpq_set_d(v, a.hi);
    mpq_sub(v, v, u);
    mpz_urandomb(mpq_numref(x), st, 30);
    mpz_set_ui(mpq_denref(x), 1);
    mpz_mul_2exp(mpq_denref(x), mpq_denref(x), 30);
    mpq_canonicalize(x);
    mpq_mul(x, x, v);
    mpq_add(x, x, u);
    mpq_clear(u);
    mpq_clear(v);
}

/* 1 if r.lo <= x <= r.hi exactly. */
static int contains(contact_iv r, mpq_srcptr x)
{
    mpq_t b;
    int ok;
    mpq_init(b);
    mpq_set_d(b, r.lo);
    ok = mpq_cmp(b, x) <= 0;
    mpq_set_d(b, r.hi);
    ok = ok && mpq_cmp(x, b) <= 0;
    mpq_clear(b);
    return ok;
}

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
        contact_iv a = rand_iv(st), b = rand_iv(st), r;
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
                    point_of(x, a, wa, st);
                    point_of(y, b, wb, st);
                    if (op == 0)
                        mpq_add(z, x, y);
                    else if (op == 1)
                        mpq_sub(z, x, y);
                    else if (op == 2)
                        mpq_mul(z, x, y);
                    else
                        mpq_abs(z, x);
                    tried++;
                    if (!contains(r, z))
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
        if (!contact_ivctx_failed(&c) && !contains(r, x))
            bad[4]++;
        contact_ivctx_reset(&c);
        contact_iv_set_mpz_2exp(&c, &r, mpq_numref(x), e);
        mpz_set(mpq_numref(y), mpq_numref(x));
        mpz_set_ui(mpq_denref(y), 1);
        if (e >= 0)
            mpq_mul_2exp(y, y, (unsigned long)e);
        else
            mpq_div_2exp(y, y, (unsigned long)-e);
        if (!contact_ivctx_failed(&c) && !contains(r, y))
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
            point_of(x, t, w < 2 ? w : 2, st);
            mpq_set_ui(z, 0, 1);
            for (k = len - 1; k >= 0; k--) {
                mpq_mul(z, z, x);
                mpq_add(z, z, cq[k]);
            }
            if (!contains(r, z))
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

/* The filter's verdicts against the oracle. */
static void test_verdicts(gmp_randstate_t st, long n)
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
        int kind = (int)(i % QGEN_NKINDS), fail = 0;
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
        point_of(x, v, 2, st); /* in [0, 1] */
        mpq_add(x, x, x);
        mpz_sub(mpq_numref(x), mpq_numref(x), mpq_denref(x)); /* 2x - 1 */
    }
    mpq_mul(x, x, r);
    mpq_add(x, x, c);
    mpq_clear(c);
    mpq_clear(r);
}

/* 1 if |x - b.c| <= b.r (1 + 2^-50) >= b.r (1 - 2^-53)^-4. */
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
        a.c = rand_double(st);
        a.r = gmp_urandomm_ui(st, 3) == 0 ? 0 : fabs(rand_double(st));
        b.c = rand_double(st);
        b.r = gmp_urandomm_ui(st, 3) == 0 ? 0 : fabs(rand_double(st));
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
                if (op == 0)
                    mpq_add(z, x, y);
                else if (op == 1)
                    mpq_sub(z, x, y);
                else if (op == 2)
                    mpq_mul(z, x, y);
                else
                    mpq_abs(z, x);
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

/* One piece [lo, hi] of query q (f set up): the balls' verdict against
   the oracle (has, t*) and the intervals'; counts in cnt[vb][vi]. */
static int ball_piece(fast_query *f, const boxtoi_query_t q, int has,
                      const boxtoi_alg_t ts, double lo, double hi,
                      long cnt[2][2], gmp_randstate_t st)
{
    contact_iv t;
    mpq_t x;
    int vb, vi, bad = 0, j, last = f->last;
    t.lo = lo;
    t.hi = hi;
    vb = fast_eval_ball(f, t);
    f->last = last;
    f->bok = 0; /* the reference */
    vi = fast_eval(f, t, 0, NULL);
    f->bok = 1;
    f->last = last;
    cnt[vb][vi]++;
    if (!vb)
        return 0;
    mpq_init(x);
    for (j = 0; j < 3; j++) {
        point_of(x, t, j, st);
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

static void test_ball_verdicts(gmp_randstate_t st, long n)
{
    boxtoi_query_t q;
    boxtoi_alg_t ts;
    boxtoi_motion_struct rel;
    fast_query f;
    long i, bad = 0, cnt[2][2] = {{0, 0}, {0, 0}}, near = 0;
    int has, j;

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
            ta = mpq_get_d(q->t0);
            span = q->t1_inf ? 4 : mpq_get_d(q->t1) - ta;
            for (j = 0; j < 24; j++) {
                w = span * ldexp(1, -(int)gmp_urandomm_ui(st, 12));
                lo = ta + (span - w) * (double)gmp_urandomm_ui(st, 1025)
                              / 1024;
                if (j % 6 == 5)
                    w = 0; /* a point */
                bad += ball_piece(&f, q, has, ts, lo, lo + w, cnt, st);
            }
            if (has) { /* the near ties: pieces that hold t* */
                double d = boxtoi_alg_get_d(ts, MPFR_RNDD);
                double u = boxtoi_alg_get_d(ts, MPFR_RNDU);
                for (j = 0; j < 8; j++) {
                    w = ldexp(1, -4 * j);
                    lo = d - w * fabs(d) - w;
                    bad += ball_piece(&f, q, has, ts, lo < ta ? ta : lo, u,
                                      cnt, st);
                    bad += ball_piece(&f, q, has, ts, d, u, cnt, st);
                    near += 2;
                }
            }
        }
        if (f.relc != NULL && f.relc != f.relbuf)
            free(f.relc);
        boxtoi_motion_clear(&rel);
        contact_ivctx_clear(&f.c);
    }
    is_int(0, bad, "balls: no piece proved separated holds a contact "
                   "(%ld pieces at the first contact)",
           near);
    diag("balls / intervals: both separated %ld, balls only %ld, "
         "intervals only %ld, neither %ld",
         cnt[1][1], cnt[1][0], cnt[0][1], cnt[0][0]);
    ok(cnt[1][1] > 0 && cnt[1][1] + cnt[1][0] >= (cnt[1][1] + cnt[0][1]) / 2,
       "balls: they prove separations, at least half as many as the "
       "intervals");
    boxtoi_alg_clear(ts);
    boxtoi_query_clear(q);
}

int main(void)
{
    gmp_randstate_t st;
    long m;
    plan(26);
    tap_randinit(st);
    m = tap_multiplier();
    test_ops(st, 2000 * m);
    test_drop();
    test_setup(st, 2000 * m);
    test_verdicts(st, 60 * m);
    test_cert_gmp(st, 100 * m);
    test_ball_ops(st, 4000 * m);
    test_ball_verdicts(st, 120 * m);
    gmp_randclear(st);
    return 0;
}
