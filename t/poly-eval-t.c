/* t/poly-eval-t.c: tests of lib/poly/eval.c (evaluation, signs, sign
   variations, the root bound), moved from t/poly-t.c.

   Expected values come from hand computation, closed forms (geometric
   sums), polynomials built from known roots, and evaluation by rational
   power sums (ref_eval), which shares no code with the library's Horner
   loops.  Random families count their failures, print the first one,
   and report one TAP line each. */
#include "poly-gen.h"

/* ---- evaluation and substitution --------------------------------------- */

static void test_eval(void)
{
    boxtoi_poly_t a, b, c;
    mpq_t x, y, w, cq;
    mpz_t z, m, v;
    long it, n = 400 * tap_multiplier();
    long bad_ev = 0, bad_zero = 0, bad_2e = 0, bad_sgn = 0;

    boxtoi_poly_init(a);
    boxtoi_poly_init(b);
    boxtoi_poly_init(c);
    mpq_init(x);
    mpq_init(y);
    mpq_init(w);
    mpq_init(cq);
    mpz_init(z);
    mpz_init(m);
    mpz_init(v);

    for (it = 0; it < n; it++) {
        long bits = it % 20 == 0 ? 2500 : 1 + rnd(60);
        unsigned long e;
        randpoly(a, rnd(12), bits);
        randq(x, 1 + rnd(40));

        /* eval_mpq and sgn_at_mpq against power sums */
        ref_eval(y, a, x);
        boxtoi_poly_eval_mpq(w, a, x);
        if (!mpq_equal(w, y) || boxtoi_poly_sgn_at_mpq(a, x) != mpq_sgn(y))
            first_fail(&bad_ev, "eval_mpq", a, NULL);
        mpq_set(w, x);
        boxtoi_poly_eval_mpq(w, a, w); /* aliasing */
        if (!mpq_equal(w, y))
            first_fail(&bad_ev, "eval_mpq aliasing", a, NULL);
        /* integer points */
        mpz_set(z, mpq_numref(x));
        mpq_set_z(w, z);
        ref_eval(y, a, w);
        boxtoi_poly_eval_mpz(v, a, z);
        boxtoi_poly_eval_mpz(z, a, z); /* aliasing */
        if (mpz_cmp(v, mpq_numref(y)) != 0 || mpz_cmp(z, v) != 0
            || boxtoi_poly_sgn_at_mpq(a, w) != mpz_sgn(v))
            first_fail(&bad_ev, "eval_mpz", a, NULL);
        if (mpz_fits_slong_p(mpq_numref(w))
            && boxtoi_poly_sgn_at_si(a, mpz_get_si(mpq_numref(w)))
                   != mpz_sgn(v))
            first_fail(&bad_ev, "sgn_at_si", a, NULL);

        /* eval_2exp: 2^(e n) a(m / 2^e) */
        e = (unsigned long)rnd(70);
        mpz_urandomb(m, st, 80);
        if (rnd(2))
            mpz_neg(m, m);
        mpq_set_z(w, m);
        mpq_div_2exp(w, w, e);
        ref_eval(y, a, w);
        if (a->length > 1)
            mpq_mul_2exp(y, y, e * (unsigned long)(a->length - 1));
        boxtoi_poly_eval_2exp(v, a, m, e);
        mpq_set_z(w, v);
        if (!mpq_equal(w, y))
            first_fail(&bad_2e, "eval_2exp", a, NULL);
        boxtoi_poly_eval_2exp(m, a, m, e); /* aliasing */
        if (mpz_cmp(m, v) != 0)
            first_fail(&bad_2e, "eval_2exp aliasing", a, NULL);

        /* polynomials with known rational roots vanish there, and have
           the sign of prod (x - r_i) * prod d_i elsewhere */
        {
            mpq_t r[6];
            long i, k = 1 + rnd(6), s = 1;
            for (i = 0; i < k; i++) {
                mpq_init(r[i]);
                randq(r[i], 1 + rnd(30));
            }
            from_roots(b, r, k);
            for (i = 0; i < k; i++) {
                boxtoi_poly_eval_mpq(w, b, r[i]);
                if (mpq_sgn(w) != 0 || boxtoi_poly_sgn_at_mpq(b, r[i]) != 0)
                    first_fail(&bad_zero, "vanishing at a root", b, NULL);
                s *= mpq_cmp(x, r[i]) > 0 ? 1 : mpq_cmp(x, r[i]) < 0 ? -1
                                                                     : 0;
            }
            if (boxtoi_poly_sgn_at_mpq(b, x) != s)
                first_fail(&bad_sgn, "sign from the factored form", b, NULL);
            for (i = 0; i < k; i++)
                mpq_clear(r[i]);
        }
    }
    ok(bad_ev == 0, "eval_mpq, eval_mpz, signs vs power sums (%ld)", n);
    ok(bad_2e == 0, "eval_2exp vs power sums");
    ok(bad_zero == 0, "products of (d t - m) vanish at m/d");
    ok(bad_sgn == 0, "signs agree with the factored form");

    /* closed forms */
    {
        long k, bad = 0;
        for (k = 0; k < 50; k++) {
            /* 1 + t + ... + t^k at 2 is 2^(k+1) - 1; at -1 it is
               1 if k even else 0 */
            boxtoi_poly_zero(a);
            {
                long j;
                for (j = 0; j <= k; j++)
                    boxtoi_poly_set_coeff_si(a, j, 1);
            }
            mpz_set_ui(z, 2);
            boxtoi_poly_eval_mpz(v, a, z);
            mpz_set_ui(m, 1);
            mpz_mul_2exp(m, m, (unsigned long)k + 1);
            mpz_sub_ui(m, m, 1);
            if (mpz_cmp(v, m) != 0)
                bad++;
            if (boxtoi_poly_sgn_at_si(a, -1) != (k % 2 == 0))
                bad++;
            /* at 1/2: 2 - 2^-k */
            mpq_set_ui(x, 1, 2);
            boxtoi_poly_eval_mpq(w, a, x);
            mpq_set_ui(y, 1, 1);
            mpq_div_2exp(y, y, (unsigned long)k);
            mpq_set_ui(cq, 2, 1);
            mpq_sub(y, cq, y);
            if (!mpq_equal(w, y))
                bad++;
        }
        ok(bad == 0, "geometric sums at 2, -1, 1/2");
    }
    /* zero and constants */
    boxtoi_poly_zero(a);
    mpq_set_si(x, -3, 7);
    boxtoi_poly_eval_mpq(w, a, x);
    is_int(0, mpq_sgn(w), "0 at -3/7");
    mpz_set_si(z, 5);
    boxtoi_poly_eval_2exp(v, a, z, 3);
    is_int(0, mpz_sgn(v), "eval_2exp of 0");
    is_int(0, boxtoi_poly_sgn_at_mpq(a, x), "sign of 0");
    set_str_poly(a, "-9");
    boxtoi_poly_eval_mpq(w, a, x);
    mpq_set_si(y, -9, 1);
    is_mpq(y, w, "constant at -3/7");
    boxtoi_poly_eval_2exp(v, a, z, 3);
    is_int(-9, mpz_get_si(v), "eval_2exp of a constant");
    /* hand: 3t^2 - t + 7 at 5/2 (e = 1): 2^2 * (75/4 - 5/2 + 7) = 93 */
    set_str_poly(a, "7 -1 3");
    boxtoi_poly_eval_2exp(v, a, z, 1);
    is_int(93, mpz_get_si(v), "eval_2exp by hand");

    /* sign at infinity */
    set_str_poly(a, "5 0 0 -1");
    is_int(-1, boxtoi_poly_sgn_at_inf(a, 1), "-t^3 + 5 at +inf");
    is_int(1, boxtoi_poly_sgn_at_inf(a, -1), "-t^3 + 5 at -inf");
    set_str_poly(a, "-5 0 2");
    is_int(1, boxtoi_poly_sgn_at_inf(a, -1), "2t^2 - 5 at -inf");
    set_str_poly(a, "-5");
    ok(boxtoi_poly_sgn_at_inf(a, 1) == -1 && boxtoi_poly_sgn_at_inf(a, -1)
                                                 == -1,
       "constant at +-inf");
    boxtoi_poly_zero(a);
    ok(boxtoi_poly_sgn_at_inf(a, 1) == 0 && boxtoi_poly_sgn_at_inf(a, -1)
                                                == 0,
       "0 at +-inf");

    boxtoi_poly_clear(a);
    boxtoi_poly_clear(b);
    boxtoi_poly_clear(c);
    mpq_clear(x);
    mpq_clear(y);
    mpq_clear(w);
    mpq_clear(cq);
    mpz_clear(z);
    mpz_clear(m);
    mpz_clear(v);
}

/* ---- Descartes, root bound --------------------------------------------- */

static void test_roots_info(void)
{
    boxtoi_poly_t a, f;
    mpz_t z, rmax, bnd;
    long it, n = 200 * tap_multiplier(), bad_dv = 0, bad_rb = 0;
    long bad_tight = 0;

    boxtoi_poly_init(a);
    boxtoi_poly_init(f);
    mpz_init(z);
    mpz_init(rmax);
    mpz_init(bnd);

    for (it = 0; it < n; it++) {
        long k = 1 + rnd(8), i, kb, bits = 1 + rnd(it % 10 == 0 ? 600 : 40);
        int allpos = rnd(3), allneg = rnd(2);
        /* product of (t - r_i) with integer r_i: bound > max |r_i| */
        boxtoi_poly_set_si(a, 1);
        mpz_set_ui(rmax, 0);
        for (i = 0; i < k; i++) {
            mpz_urandomb(z, st, (mp_bitcnt_t)bits);
            mpz_add_ui(z, z, 1);
            if (allpos == 0 ? allneg : rnd(2))
                mpz_neg(z, z);
            if (mpz_cmpabs(z, rmax) > 0)
                mpz_abs(rmax, z);
            boxtoi_poly_zero(f);
            boxtoi_poly_set_coeff_si(f, 1, 1);
            mpz_neg(z, z);
            boxtoi_poly_set_coeff_mpz(f, 0, z);
            boxtoi_poly_mul(a, a, f);
        }
        kb = boxtoi_poly_root_bound_2exp(a);
        mpz_set_ui(bnd, 1);
        mpz_mul_2exp(bnd, bnd, (unsigned long)kb);
        if (kb < 0 || mpz_cmp(bnd, rmax) <= 0)
            first_fail(&bad_rb, "root bound too small", a, NULL);
        /* tightness for monic a: |a_{n-j}| <= C(n,j) R^j <= (n R)^j, so
           the least valid k satisfies 2^(k-2) < n R (or k = 0) */
        mpz_mul_ui(z, rmax, (unsigned long)k);
        mpz_mul_2exp(z, z, 2);
        if (kb > 0 && mpz_cmp(bnd, z) >= 0)
            first_fail(&bad_tight, "root bound too loose", a, NULL);
        /* Descartes: all roots positive -> n variations, all negative ->
           none (the coefficients of prod (t + r), r > 0, are > 0) */
        if (allpos == 0) {
            long sv = boxtoi_poly_sign_variations(a);
            if (sv != (allneg ? 0 : k))
                first_fail(&bad_dv, "sign variations", a, NULL);
        }
    }
    ok(bad_rb == 0, "root bound exceeds max |root| (%ld random)", n);
    ok(bad_tight == 0, "root bound within 4 n max |root| for monic");
    ok(bad_dv == 0, "sign variations for all-positive/negative roots");

    /* hand-worked bounds; roots exactly at powers of two need one more */
    set_str_poly(a, "-1 1");
    ok(boxtoi_poly_root_bound_2exp(a) >= 1, "t - 1: 2^k > 1");
    set_str_poly(a, "-1 2");
    ok(boxtoi_poly_root_bound_2exp(a) >= 0, "2t - 1: k >= 0");
    set_str_poly(a, "-1024 1");
    ok(boxtoi_poly_root_bound_2exp(a) >= 11, "t - 2^10: k >= 11");
    set_str_poly(a, "1048576 0 1");
    ok(boxtoi_poly_root_bound_2exp(a) >= 11,
       "t^2 + 2^20 (complex roots +-2^10 i): k >= 11");
    set_str_poly(a, "0 0 0 0 0 7");
    is_int(0, boxtoi_poly_root_bound_2exp(a), "7 t^5: k = 0");
    set_str_poly(a, "5");
    is_int(0, boxtoi_poly_root_bound_2exp(a), "constant: k = 0");
    set_str_poly(a, "-3 0 1"); /* roots +-1.73: k = 1 is valid and least */
    ok(boxtoi_poly_root_bound_2exp(a) >= 1
           && boxtoi_poly_root_bound_2exp(a) <= 3,
       "t^2 - 3: 1 <= k <= 3");
    {
        /* a huge lc shrinks the roots: (2^3000 t - 1) has root 2^-3000 */
        mpz_set_ui(z, 1);
        mpz_mul_2exp(z, z, 3000);
        boxtoi_poly_set_si(a, -1);
        boxtoi_poly_set_coeff_mpz(a, 1, z);
        is_int(0, boxtoi_poly_root_bound_2exp(a), "tiny root: k = 0");
        /* t - 2^3000 - 1 */
        mpz_add_ui(z, z, 1);
        mpz_neg(z, z);
        boxtoi_poly_set_si(a, 1);
        boxtoi_poly_shift_left(a, a, 1);
        boxtoi_poly_set_coeff_mpz(a, 0, z);
        ok(boxtoi_poly_root_bound_2exp(a) >= 3001
               && boxtoi_poly_root_bound_2exp(a) <= 3003,
           "root 2^3000 + 1: 3001 <= k <= 3003");
    }

    set_str_poly(a, "1 -1 0 1");
    is_int(2, boxtoi_poly_sign_variations(a), "t^3 - t + 1: 2 variations");
    set_str_poly(a, "-1 0 0 0 1");
    is_int(1, boxtoi_poly_sign_variations(a), "t^4 - 1: 1 variation");
    boxtoi_poly_zero(a);
    is_int(0, boxtoi_poly_sign_variations(a), "0: no variations");
    set_str_poly(a, "-4");
    is_int(0, boxtoi_poly_sign_variations(a), "constant: no variations");

    boxtoi_poly_clear(a);
    boxtoi_poly_clear(f);
    mpz_clear(z);
    mpz_clear(rmax);
    mpz_clear(bnd);
}

int main(void)
{
    plan_lazy();
    tap_randinit(st);
    test_eval();
    test_roots_info();
    gmp_randclear(st);
    return 0;
}
