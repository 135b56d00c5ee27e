/* t/poly-mpfr-t.c: tests of lib/poly/mpfr.c (the MPFR interval filters),
   moved from t/poly-t.c.

   A sign the filter claims on an interval is checked against exact
   signs at rationals of the interval, no sign may be claimed around a
   known root (polynomials built from rational roots), and the interval
   evaluation must enclose the exact values; hand-worked cases
   besides. */
#include "poly-gen.h"

/* ---- MPFR filters ------------------------------------------------------ */

/* A random rational in [lo, hi]: lo + (hi - lo) u, u in [0, 1]. */
static void rand_between(mpq_t x, mpq_srcptr lo, mpq_srcptr hi)
{
    mpq_t u;
    long k = rnd(8);
    mpq_init(u);
    if (k == 0)
        mpq_set(x, lo);
    else if (k == 1)
        mpq_set(x, hi);
    else {
        mpz_urandomb(mpq_numref(u), st, 30);
        mpz_set_ui(mpq_denref(u), 1);
        mpz_mul_2exp(mpq_denref(u), mpq_denref(u), 30);
        mpq_canonicalize(u);
        mpq_sub(x, hi, lo);
        mpq_mul(x, x, u);
        mpq_add(x, x, lo);
    }
    mpq_clear(u);
}

static void test_mpfr(void)
{
    boxtoi_poly_t a;
    mpq_t lo, hi, x, y, r[6];
    mpfr_t xl, xh, yl, yh;
    long it, n = 600 * tap_multiplier(), i;
    long bad_enc = 0, bad_sgn = 0, bad_root = 0, decided = 0;

    boxtoi_poly_init(a);
    mpq_init(lo);
    mpq_init(hi);
    mpq_init(x);
    mpq_init(y);
    for (i = 0; i < 6; i++)
        mpq_init(r[i]);
    mpfr_init2(xl, 40);
    mpfr_init2(xh, 40);
    mpfr_init2(yl, 64);
    mpfr_init2(yh, 30);

    for (it = 0; it < n; it++) {
        long k = 1 + rnd(6), j;
        mpfr_prec_t prec = (mpfr_prec_t)(2 + rnd(120));
        int s;

        for (i = 0; i < k; i++)
            randq(r[i], 1 + rnd(12));
        from_roots(a, r, k);
        if (it % 4 == 0) {
            /* add a random perturbation so the roots are not rational */
            boxtoi_poly_t p;
            boxtoi_poly_init(p);
            randpoly(p, k, it % 40 == 0 ? 2000 : 20);
            boxtoi_poly_add(a, a, p);
            boxtoi_poly_clear(p);
        }
        /* a random interval, sometimes tiny, sometimes around 0 */
        randq(lo, 1 + rnd(14));
        randq(hi, 1 + rnd(14));
        if (rnd(3) == 0) {
            mpq_set_ui(y, 1, 1);
            mpq_div_2exp(y, y, (unsigned long)(5 + rnd(40)));
            mpq_add(hi, lo, y);
        }
        if (mpq_cmp(lo, hi) > 0)
            mpq_swap(lo, hi);

        s = boxtoi_poly_sgn_on_interval_mpfr(a, lo, hi, prec);
        if (s != 0) {
            decided++;
            for (j = 0; j < 8; j++) {
                rand_between(x, lo, hi);
                if (boxtoi_poly_sgn_at_mpq(a, x) != s)
                    first_fail(&bad_sgn, "sgn_on_interval wrong", a, NULL);
            }
        }
        /* an interval containing a known root (a from_roots product) */
        if (it % 4 != 0) {
            mpq_set(x, r[rnd(k)]);
            mpq_set_ui(y, 1, 1 + (unsigned long)rnd(1000000));
            mpq_sub(lo, x, y);
            mpq_add(hi, x, y);
            if (rnd(3) == 0)
                mpq_set(lo, x);
            if (boxtoi_poly_sgn_on_interval_mpfr(a, lo, hi, prec) != 0
                || boxtoi_poly_sgn_on_interval_mpfr(a, x, x, prec) != 0)
                first_fail(&bad_root, "sign claimed around a root", a, NULL);
        }

        /* the enclosure itself: ylo <= a(x) <= yhi on [xl, xh] */
        mpfr_set_q(xl, lo, MPFR_RNDD);
        mpfr_set_q(xh, hi, MPFR_RNDU);
        if (rnd(2))
            mpfr_neg(xl, xh, MPFR_RNDN); /* an interval around 0 */
        if (mpfr_cmp(xl, xh) > 0)
            mpfr_swap(xl, xh);
        boxtoi_poly_eval_interval_mpfr(yl, yh, a, xl, xh);
        mpfr_get_q(lo, xl);
        mpfr_get_q(hi, xh);
        for (j = 0; j < 8; j++) {
            rand_between(x, lo, hi);
            boxtoi_poly_eval_mpq(y, a, x);
            if (mpfr_cmp_q(yl, y) > 0 || mpfr_cmp_q(yh, y) < 0)
                first_fail(&bad_enc, "enclosure misses a(x)", a, NULL);
        }
    }
    ok(bad_sgn == 0, "sgn_on_interval_mpfr agrees with exact signs "
                     "(%ld of %ld decided)", decided, n);
    ok(decided > n / 10, "the filter decides a fair share (%ld)", decided);
    ok(bad_root == 0, "no sign claimed on intervals containing a root");
    ok(bad_enc == 0, "eval_interval_mpfr encloses exact values");

    /* hand-worked: (t-1)(t-2) on [3/2 - 1/100, 3/2 + 1/100] is < 0;
       on [5/2, 3] > 0; on [-3, -2] > 0; at precision 53 */
    set_str_poly(a, "2 -3 1");
    mpq_set_si(lo, 149, 100);
    mpq_set_si(hi, 151, 100);
    is_int(-1, boxtoi_poly_sgn_on_interval_mpfr(a, lo, hi, 53),
           "(t-1)(t-2) < 0 near 3/2");
    /* on [5/4, 7/4] Horner alone gives [-1.0625, 0.4375]; the mean-value
       form gives [-0.375, -0.125] */
    mpq_set_si(lo, 5, 4);
    mpq_set_si(hi, 7, 4);
    is_int(-1, boxtoi_poly_sgn_on_interval_mpfr(a, lo, hi, 53),
           "(t-1)(t-2) < 0 on [5/4, 7/4]");
    mpq_set_si(lo, 5, 2);
    mpq_set_si(hi, 3, 1);
    is_int(1, boxtoi_poly_sgn_on_interval_mpfr(a, lo, hi, 53),
           "(t-1)(t-2) > 0 on [5/2, 3]");
    mpq_set_si(lo, -3, 1);
    mpq_set_si(hi, -2, 1);
    is_int(1, boxtoi_poly_sgn_on_interval_mpfr(a, lo, hi, 53),
           "(t-1)(t-2) > 0 on [-3, -2]");
    mpq_set_si(lo, 1, 1);
    is_int(0, boxtoi_poly_sgn_on_interval_mpfr(a, lo, lo, 53),
           "(t-1)(t-2) at its root 1");
    /* t^2 - 2 at [1414213562/10^9, 1414213563/10^9] contains sqrt 2 */
    set_str_poly(a, "-2 0 1");
    mpq_set_str(lo, "1414213562/1000000000", 10);
    mpq_set_str(hi, "1414213563/1000000000", 10);
    mpq_canonicalize(lo);
    mpq_canonicalize(hi);
    is_int(0, boxtoi_poly_sgn_on_interval_mpfr(a, lo, hi, 200),
           "t^2 - 2 around sqrt 2 at precision 200");
    /* a point rational that rounds onto the root at low precision:
       t - 1/3 at 1/3 must not be claimed */
    set_str_poly(a, "-1 3");
    mpq_set_si(lo, 1, 3);
    is_int(0, boxtoi_poly_sgn_on_interval_mpfr(a, lo, lo, 10),
           "3t - 1 at 1/3 with 10 bits");
    mpq_set_si(hi, 1, 2);
    is_int(0, boxtoi_poly_sgn_on_interval_mpfr(a, hi, lo, 53),
           "lo > hi: undecided");
    boxtoi_poly_zero(a);
    is_int(0, boxtoi_poly_sgn_on_interval_mpfr(a, lo, lo, 53), "0 poly");
    set_str_poly(a, "-8");
    is_int(-1, boxtoi_poly_sgn_on_interval_mpfr(a, lo, hi, 53),
           "a negative constant");
    mpfr_set_inf(xl, -1);
    mpfr_set_ui(xh, 0, MPFR_RNDN);
    set_str_poly(a, "1 1");
    boxtoi_poly_eval_interval_mpfr(yl, yh, a, xl, xh);
    ok(mpfr_inf_p(yl) && mpfr_sgn(yl) < 0 && mpfr_cmp_ui(yh, 1) >= 0,
       "t + 1 on [-inf, 0]");

    boxtoi_poly_clear(a);
    mpq_clear(lo);
    mpq_clear(hi);
    mpq_clear(x);
    mpq_clear(y);
    for (i = 0; i < 6; i++)
        mpq_clear(r[i]);
    mpfr_clear(xl);
    mpfr_clear(xh);
    mpfr_clear(yl);
    mpfr_clear(yh);
}

int main(void)
{
    plan_lazy();
    tap_randinit(st);
    test_mpfr();
    gmp_randclear(st);
    return 0;
}
