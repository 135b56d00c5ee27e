/* t/alg-mpfr-t.c: tests of boxtoi_alg_get_mpfr (lib/alg/mpfr.c), moved
   from t/alg-t.c.

   Expected values are derived independently of the library: MPFR's own
   correctly rounded mpfr_sqrt_ui, mpfr_cbrt and mpfr_set_q, and the
   neighbours of the result (nextbelow/nextabove) by exact comparisons. */
#include <stdio.h>
#include "alg-gen.h"

/* ---- MPFR ----------------------------------------------------------- */

static void fr_to_q(mpq_t q, mpfr_srcptr f)
{
    mpz_t m;
    mpfr_exp_t e;
    mpz_init(m);
    if (mpfr_zero_p(f)) {
        mpq_set_ui(q, 0, 1);
    } else {
        e = mpfr_get_z_2exp(m, f);
        mpq_set_z(q, m);
        if (e >= 0)
            mpq_mul_2exp(q, q, (unsigned long)e);
        else
            mpq_div_2exp(q, q, (unsigned long)-e);
    }
    mpz_clear(m);
}

static const mpfr_rnd_t modes[5] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU,
                                    MPFR_RNDD, MPFR_RNDA};
static const char *const mode_names[5] = {"N", "Z", "U", "D", "A"};

/* Checks that r (finite, non-zero) with ternary t is a rounded in mode
   rnd, by exact comparisons of a with r and its neighbours. */
static int bracket_ok(const boxtoi_alg_t a, mpfr_srcptr r, int t,
                      mpfr_rnd_t rnd)
{
    mpfr_t nb, na;
    mpq_t q, qb, qa, mid;
    int c, s = boxtoi_alg_sgn(a), ok, up;
    mpz_t m;

    if (!mpfr_number_p(r) || mpfr_zero_p(r))
        return 0;
    mpfr_init2(nb, mpfr_get_prec(r));
    mpfr_init2(na, mpfr_get_prec(r));
    mpfr_set(nb, r, MPFR_RNDN);
    mpfr_set(na, r, MPFR_RNDN);
    mpfr_nextbelow(nb);
    mpfr_nextabove(na);
    mpq_init(q);
    mpq_init(qb);
    mpq_init(qa);
    mpq_init(mid);
    fr_to_q(q, r);
    fr_to_q(qb, nb);
    fr_to_q(qa, na);
    c = boxtoi_alg_cmp_mpq(a, q);
    ok = sgn_i(t) == -c;
    if (rnd == MPFR_RNDZ)
        rnd = s > 0 ? MPFR_RNDD : MPFR_RNDU;
    else if (rnd == MPFR_RNDA)
        rnd = s > 0 ? MPFR_RNDU : MPFR_RNDD;
    if (rnd == MPFR_RNDD) {
        ok = ok && c >= 0 && boxtoi_alg_cmp_mpq(a, qa) < 0;
    } else if (rnd == MPFR_RNDU) {
        ok = ok && c <= 0 && boxtoi_alg_cmp_mpq(a, qb) > 0;
    } else {
        mpz_init(m);
        mpfr_get_z_2exp(m, r);
        up = mpz_even_p(m); /* r may take ties */
        mpz_clear(m);
        mpq_add(mid, q, qb);
        mpq_div_2exp(mid, mid, 1);
        c = boxtoi_alg_cmp_mpq(a, mid);
        ok = ok && (c > 0 || (c == 0 && up));
        mpq_add(mid, q, qa);
        mpq_div_2exp(mid, mid, 1);
        c = boxtoi_alg_cmp_mpq(a, mid);
        ok = ok && (c < 0 || (c == 0 && up));
    }
    mpfr_clear(nb);
    mpfr_clear(na);
    mpq_clear(q);
    mpq_clear(qb);
    mpq_clear(qa);
    mpq_clear(mid);
    return ok;
}

/* get_mpfr of a in every mode at precision prec: returns 1 iff each
   result brackets a correctly; when oracle is not NULL, also equal to
   oracle(rnd) with a ternary of the same sign. */
typedef int (*fr_oracle)(mpfr_t r, mpfr_rnd_t rnd, long arg);

static int fr_sqrt(mpfr_t r, mpfr_rnd_t rnd, long n)
{
    return mpfr_sqrt_ui(r, (unsigned long)n, rnd);
}

static int fr_cbrt(mpfr_t r, mpfr_rnd_t rnd, long n)
{
    mpfr_t x;
    int t;
    mpfr_init2(x, 64);
    mpfr_set_si(x, n, MPFR_RNDN); /* exact */
    t = mpfr_cbrt(r, x, rnd);
    mpfr_clear(x);
    return t;
}

static int mpfr_all_modes(const boxtoi_alg_t a, mpfr_prec_t prec,
                          fr_oracle oracle, long arg, const char *name)
{
    mpfr_t r, o;
    int i, t, to, all = 1, ok;
    mpfr_init2(r, prec);
    mpfr_init2(o, prec);
    for (i = 0; i < 5; i++) {
        t = boxtoi_alg_get_mpfr(r, a, modes[i]);
        ok = bracket_ok(a, r, t, modes[i]);
        if (oracle != NULL) {
            to = oracle(o, modes[i], arg);
            ok = ok && mpfr_equal_p(r, o) && sgn_i(t) == sgn_i(to);
        }
        if (!ok)
            diag("%s: prec %ld RND%s wrong", name, (long)prec,
                 mode_names[i]);
        all = all && ok;
    }
    mpfr_clear(r);
    mpfr_clear(o);
    return all;
}

/* For a rational x given as the root of a higher-degree poly: the
   result and ternary must be those of mpfr_set_q. */
static int mpfr_rational_modes(const boxtoi_alg_t a, const char *x,
                               mpfr_prec_t prec)
{
    mpfr_t r, o;
    mpq_t q;
    int i, t, to, all = 1;
    mpfr_init2(r, prec);
    mpfr_init2(o, prec);
    mpq_init(q);
    qset(q, x);
    for (i = 0; i < 5; i++) {
        t = boxtoi_alg_get_mpfr(r, a, modes[i]);
        to = mpfr_set_q(o, q, modes[i]);
        if (!mpfr_equal_p(r, o) || sgn_i(t) != sgn_i(to)) {
            diag("%s: prec %ld RND%s wrong", x, (long)prec, mode_names[i]);
            all = 0;
        }
    }
    mpfr_clear(r);
    mpfr_clear(o);
    mpq_clear(q);
    return all;
}

static void test_mpfr(void)
{
    static const mpfr_prec_t precs[] = {2, 3, 10, 24, 53, 64, 100, 300};
    boxtoi_alg_t a;
    mpfr_t r, o;
    gmp_randstate_t st;
    size_t k;
    long i, iters = 20 * tap_multiplier();
    int ok1, t, j;

    boxtoi_alg_init(a);
    tap_randinit(st);
    mpfr_init2(r, 53);
    mpfr_init2(o, 53);

    alg_pi(a, P_SQRT2, 3, "1", "2");
    for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
        ok1 = mpfr_all_modes(a, precs[k], fr_sqrt, 2, "sqrt2") && ok1;
    ok(ok1, "sqrt2 to MPFR, all modes and precisions, = mpfr_sqrt_ui");
    alg_pi(a, P_SQRT2_5, 4, "1", "2");
    for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
        ok1 = mpfr_all_modes(a, precs[k], fr_sqrt, 2, "sqrt2'") && ok1;
    ok(ok1, "sqrt2 from (t^2-2)(t-5) to MPFR");
    alg_pi(a, P_CBRT2, 4, "1", "2");
    for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
        ok1 = mpfr_all_modes(a, precs[k], fr_cbrt, 2, "cbrt2") && ok1;
    ok(ok1, "cbrt2 to MPFR = mpfr_cbrt");
    alg_pi(a, (const long[]){3, 0, 0, 1}, 4, "-2", "-1");
    for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
        ok1 = mpfr_all_modes(a, precs[k], fr_cbrt, -3, "cbrt-3") && ok1;
    ok(ok1, "cbrt(-3) to MPFR = mpfr_cbrt");
    /* sqrt(2) 2^-600 and 2^600: roots of 2^1200 t^2 - 2 and t^2 - 2^1201 */
    {
        boxtoi_poly_t p;
        mpz_t z;
        mpq_t l, h;
        boxtoi_poly_init(p);
        mpz_init(z);
        mpq_init(l);
        mpq_init(h);
        mpz_setbit(z, 1200);
        boxtoi_poly_set_coeff_mpz(p, 2, z);
        boxtoi_poly_set_coeff_si(p, 0, -2);
        mpq_set_ui(l, 0, 1);
        mpq_set_ui(h, 1, 1);
        if (boxtoi_alg_set_poly_interval(a, p, l, h) != 0)
            bail("sqrt2 2^-600");
        for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
            ok1 = mpfr_all_modes(a, precs[k], NULL, 0, "sqrt2/2^600") && ok1;
        ok(ok1, "sqrt2 2^-600 to MPFR (neighbours bracket it)");
        boxtoi_poly_zero(p);
        boxtoi_poly_set_coeff_si(p, 2, 1);
        mpz_set_ui(z, 0);
        mpz_setbit(z, 1201);
        mpz_neg(z, z);
        boxtoi_poly_set_coeff_mpz(p, 0, z);
        mpz_neg(z, z);
        mpq_set_z(h, z);
        if (boxtoi_alg_set_poly_interval(a, p, l, h) != 0)
            bail("sqrt2 2^600");
        for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
            ok1 = mpfr_all_modes(a, precs[k], NULL, 0, "sqrt2 2^600") && ok1;
        ok(ok1, "sqrt2 2^600 to MPFR (neighbours bracket it)");
        boxtoi_poly_clear(p);
        mpz_clear(z);
        mpq_clear(l);
        mpq_clear(h);
    }
    /* random sqrt(n) against mpfr_sqrt_ui */
    for (i = 0, ok1 = 1; i < iters; i++) {
        unsigned long n = gmp_urandomm_ui(st, 1000000) + 2;
        char buf[32];
        mpfr_prec_t prec = 2 + (mpfr_prec_t)gmp_urandomm_ui(st, 150);
        sprintf(buf, "%lu", n);
        alg_quad(a, "1", buf, "0", buf);
        ok1 = mpfr_all_modes(a, prec, fr_sqrt, (long)n, buf) && ok1;
    }
    ok(ok1, "random sqrt(n) to MPFR = mpfr_sqrt_ui");

    /* rationals hidden in higher-degree polys, at break points */
    alg_pi(a, (const long[]){10, -8, -5, 4}, 4, "6/5", "13/10");
    ok(mpfr_rational_modes(a, "5/4", 2), "5/4 (a midpoint at 2 bits)");
    ok(mpfr_rational_modes(a, "5/4", 3), "5/4 (exact at 3 bits)");
    ok(mpfr_rational_modes(a, "5/4", 53), "5/4 at 53 bits");
    alg_pi(a, (const long[]){14, -4, -7, 2}, 4, "3", "4");
    ok(mpfr_rational_modes(a, "7/2", 2), "7/2 (a midpoint at 2 bits)");
    alg_pi(a, (const long[]){-14, 4, 7, -2}, 4, "3", "4");
    ok(mpfr_rational_modes(a, "7/2", 3), "7/2 from -(2t-7)(t^2-2)");
    alg_pi(a, (const long[]){-14, -4, 0, 7, 2}, 5, "-4", "0");
    ok(mpfr_rational_modes(a, "-7/2", 2), "-7/2 (a midpoint at 2 bits)");
    ok(mpfr_rational_modes(a, "-7/2", 10), "-7/2 at 10 bits");
    alg_pi(a, P_THIRD, 4, "0", "1/2");
    ok(mpfr_rational_modes(a, "1/3", 53), "1/3 at 53 bits");
    /* 1/4 of (4t-1)(t^2-2), with non-dyadic interval ends 2/3 and 1/3 */
    alg_pi(a, (const long[]){2, -8, -1, 4}, 4, "1/5", "2/3");
    ok(mpfr_rational_modes(a, "1/4", 2), "1/4 in [1/5, 2/3]");
    alg_pi(a, (const long[]){2, -8, -1, 4}, 4, "1/5", "1/3");
    ok(mpfr_rational_modes(a, "1/4", 7), "1/4 in [1/5, 1/3]");
    boxtoi_alg_set_si(a, -9);
    ok(mpfr_rational_modes(a, "-9", 2), "-9 on the fast path");
    /* break points met before any refinement */
    alg_narrow(a, (const long[]){10, -8, -5, 4}, 4, "5/4", 60);
    ok(mpfr_rational_modes(a, "5/4", 3), "5/4, narrow, exact at 3 bits");
    alg_narrow(a, (const long[]){10, -8, -5, 4}, 4, "5/4", 60);
    ok(mpfr_rational_modes(a, "5/4", 2), "5/4, narrow, a midpoint at 2");
    alg_narrow(a, (const long[]){-14, -4, 0, 7, 2}, 5, "-7/2", 50);
    ok(mpfr_rational_modes(a, "-7/2", 3), "-7/2, narrow, exact at 3 bits");
    alg_narrow(a, (const long[]){-14, -4, 0, 7, 2}, 5, "-7/2", 50);
    ok(mpfr_rational_modes(a, "-7/2", 2), "-7/2, narrow, midpoint at 2");
    /* cbrt2 with an interval around 0 */
    alg_pi(a, P_CBRT2, 4, "-1", "2");
    ok(mpfr_all_modes(a, 20, fr_cbrt, 2, "cbrt2 [-1,2]"),
       "cbrt2 in [-1, 2] to MPFR");
#if MPFR_VERSION_MAJOR >= 4
    {
        mpfr_t d, u;
        mpfr_init2(d, 20);
        mpfr_init2(u, 20);
        (void)boxtoi_alg_get_mpfr(d, a, MPFR_RNDD);
        (void)boxtoi_alg_get_mpfr(u, a, MPFR_RNDU);
        (void)boxtoi_alg_get_mpfr(r, a, MPFR_RNDF);
        mpfr_set_prec(r, 20);
        (void)boxtoi_alg_get_mpfr(r, a, MPFR_RNDF);
        ok(mpfr_equal_p(r, d) || mpfr_equal_p(r, u), "RNDF is faithful");
        mpfr_clear(d);
        mpfr_clear(u);
    }
#endif
    /* overflow and underflow in a reduced exponent range (the test sets
       it; the library never does) */
    {
        mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
        mpfr_set_prec(r, 10);
        mpfr_set_prec(o, 10);
        if (mpfr_set_emax(100) != 0 || mpfr_set_emin(-100) != 0)
            bail("cannot set the exponent range");
        alg_sqrt2_2exp(a, 1, 200);
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDN);
        ok(mpfr_inf_p(r) && mpfr_sgn(r) > 0 && t > 0, "overflow RNDN: +inf");
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDZ);
        mpfr_set(o, r, MPFR_RNDN);
        mpfr_nextabove(o);
        ok(mpfr_number_p(r) && mpfr_inf_p(o) && t < 0,
           "overflow RNDZ: the largest finite number");
        alg_sqrt2_2exp(a, -1, 200);
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDU);
        mpfr_set(o, r, MPFR_RNDN);
        mpfr_nextbelow(o);
        ok(mpfr_number_p(r) && mpfr_inf_p(o) && mpfr_sgn(r) < 0 && t > 0,
           "negative overflow RNDU: -(largest finite)");
        alg_sqrt2_2exp(a, 1, -200);
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDN);
        ok(mpfr_zero_p(r) && !mpfr_signbit(r) && t < 0, "underflow RNDN: +0");
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDU);
        ok(mpfr_cmp_ui_2exp(r, 1, -101) == 0 && t > 0,
           "underflow RNDU: 2^(emin-1)");
        alg_sqrt2_2exp(a, -1, -200);
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDZ);
        ok(mpfr_zero_p(r) && mpfr_signbit(r) && t > 0, "underflow RNDZ: -0");
        /* 2^-200 of (2^200 t - 1)(t^2 - 2) in [-2^-150, 2^-150]: the
           ends round to -0 and +0, which must not count as agreement */
        {
            boxtoi_poly_t p, f;
            mpz_t z;
            mpq_t l, h;
            boxtoi_poly_init(p);
            boxtoi_poly_init(f);
            mpz_init(z);
            mpq_init(l);
            mpq_init(h);
            mpz_setbit(z, 200);
            boxtoi_poly_set_coeff_mpz(p, 1, z);
            boxtoi_poly_set_coeff_si(p, 0, -1);
            boxtoi_poly_set_coeffs_si(f, P_SQRT2, 3);
            boxtoi_poly_mul(p, p, f);
            mpq_set_ui(h, 1, 1);
            mpq_div_2exp(h, h, 150);
            mpq_neg(l, h);
            if (boxtoi_alg_set_poly_interval(a, p, l, h) != 0)
                bail("2^-200");
            t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDN);
            ok(mpfr_zero_p(r) && !mpfr_signbit(r) && t < 0,
               "2^-200 around 0, underflow RNDN: +0");
            t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDA);
            ok(mpfr_cmp_ui_2exp(r, 1, -101) == 0 && t > 0,
               "2^-200 around 0, underflow RNDA: 2^(emin-1)");
            boxtoi_poly_clear(p);
            boxtoi_poly_clear(f);
            mpz_clear(z);
            mpq_clear(l);
            mpq_clear(h);
        }
        mpfr_set_emin(emin);
        mpfr_set_emax(emax);
    }
    alg_pi(a, (const long[]){0, -2, 0, 1}, 4, "-1", "1");
    t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDD);
    ok(t == 0 && mpfr_zero_p(r) && !mpfr_signbit(r), "0 -> +0, exact");
    for (j = 0, ok1 = 1; j < 5; j++) {
        t = boxtoi_alg_get_mpfr(r, a, modes[j]);
        ok1 = ok1 && t == 0 && mpfr_zero_p(r);
    }
    ok(ok1, "0 in every mode");

    mpfr_clear(r);
    mpfr_clear(o);
    gmp_randclear(st);
    boxtoi_alg_clear(a);
}

int main(void)
{
    plan_lazy();
    test_mpfr();
    return 0;
}
