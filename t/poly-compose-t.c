/* t/poly-compose-t.c: tests of lib/poly/compose.c (Taylor shifts,
   scalings, reversal, composition), moved from t/poly-t.c.

   Expected values come from hand computation and from evaluation by
   rational power sums (ref_eval): each substitution is checked at a
   random rational against the substituted evaluation.  Random families
   count their failures, print the first one, and report one TAP line
   each. */
#include "poly-gen.h"

/* ---- substitution ------------------------------------------------------ */

/* w *= den(c)^deg (nothing for deg <= 0): the factor d^n by which the
   rational substitutions t + m/d and m t / d are scaled to stay
   integral. */
static void mul_den_pow(mpq_t w, mpq_srcptr c, long deg)
{
    mpz_t z;
    if (deg <= 0)
        return;
    mpz_init(z);
    mpz_pow_ui(z, mpq_denref(c), (unsigned long)deg);
    mpz_mul(mpq_numref(w), mpq_numref(w), z);
    mpq_canonicalize(w);
    mpz_clear(z);
}

static void test_subst(void)
{
    boxtoi_poly_t a, b, c, d;
    mpq_t x, y, w, cq, t;
    mpz_t z;
    long it, n = 240 * tap_multiplier();
    long bad_ts = 0, bad_tq = 0, bad_s2 = 0, bad_sq = 0, bad_rv = 0;
    long bad_co = 0;

    boxtoi_poly_init(a);
    boxtoi_poly_init(b);
    boxtoi_poly_init(c);
    boxtoi_poly_init(d);
    mpq_init(x);
    mpq_init(y);
    mpq_init(w);
    mpq_init(cq);
    mpq_init(t);
    mpz_init(z);

    for (it = 0; it < n; it++) {
        long bits = it % 20 == 0 ? 2000 : 1 + rnd(50), deg;
        long e;
        randpoly(a, rnd(12), bits);
        deg = a->length - 1;
        randq(x, 1 + rnd(30));

        /* a(t + c) at x equals a(x + c), c integer (incl. 0, +-1) */
        mpz_urandomb(z, st, (mp_bitcnt_t)(1 + rnd(60)));
        if (it % 5 == 0)
            mpz_set_si(z, (long)rnd(3) - 1);
        if (rnd(2))
            mpz_neg(z, z);
        boxtoi_poly_taylor_shift_mpz(b, a, z);
        ref_eval(y, b, x);
        mpq_set_z(cq, z);
        mpq_add(t, x, cq);
        ref_eval(w, a, t);
        boxtoi_poly_set(c, a);
        boxtoi_poly_taylor_shift_mpz(c, c, z);
        if (!mpq_equal(w, y) || !boxtoi_poly_equal(b, c) || !well_formed(b))
            first_fail(&bad_ts, "taylor_shift_mpz", a, NULL);

        /* d^n a(t + m/d) at x equals d^n a(x + m/d) */
        randq(cq, 1 + rnd(30));
        boxtoi_poly_taylor_shift_mpq(b, a, cq);
        ref_eval(y, b, x);
        mpq_add(t, x, cq);
        ref_eval(w, a, t);
        mul_den_pow(w, cq, deg);
        boxtoi_poly_set(c, a);
        boxtoi_poly_taylor_shift_mpq(c, c, cq);
        if (!mpq_equal(w, y) || !boxtoi_poly_equal(b, c)
            || b->length != a->length)
            first_fail(&bad_tq, "taylor_shift_mpq", a, NULL);

        /* scale_2exp: e >= 0: a(2^e x); e < 0: 2^(-e n) a(2^e x) */
        e = rnd(41) - 20;
        boxtoi_poly_scale_2exp(b, a, e);
        ref_eval(y, b, x);
        if (e >= 0)
            mpq_mul_2exp(t, x, (unsigned long)e);
        else
            mpq_div_2exp(t, x, (unsigned long)-e);
        ref_eval(w, a, t);
        if (e < 0 && deg > 0)
            mpq_mul_2exp(w, w, (unsigned long)(-e * deg));
        boxtoi_poly_set(c, a);
        boxtoi_poly_scale_2exp(c, c, e);
        if (!mpq_equal(w, y) || !boxtoi_poly_equal(b, c))
            first_fail(&bad_s2, "scale_2exp", a, NULL);

        /* scale_mpq: d^n a(m x / d) */
        randq(cq, 1 + rnd(30));
        if (mpq_sgn(cq) == 0)
            mpq_set_si(cq, -5, 3);
        boxtoi_poly_scale_mpq(b, a, cq);
        ref_eval(y, b, x);
        mpq_mul(t, x, cq);
        ref_eval(w, a, t);
        mul_den_pow(w, cq, deg);
        boxtoi_poly_set(c, a);
        boxtoi_poly_scale_mpq(c, c, cq);
        if (!mpq_equal(w, y) || !boxtoi_poly_equal(b, c))
            first_fail(&bad_sq, "scale_mpq", a, NULL);

        /* reverse: x^n a(1/x) (x != 0), and reverse twice gives a back
           when a(0) != 0 */
        boxtoi_poly_reverse(b, a);
        if (mpq_sgn(x) != 0 && deg >= 0) {
            ref_eval(y, b, x);
            mpq_inv(t, x);
            ref_eval(w, a, t);
            mpz_pow_ui(z, mpq_numref(x), (unsigned long)deg);
            mpq_set_z(t, z);
            mpq_mul(w, w, t);
            mpz_pow_ui(z, mpq_denref(x), (unsigned long)deg);
            mpq_set_z(t, z);
            mpq_div(w, w, t);
            if (!mpq_equal(w, y) || !well_formed(b))
                first_fail(&bad_rv, "reverse at x", a, NULL);
        }
        boxtoi_poly_set(c, a);
        boxtoi_poly_reverse(c, c);
        boxtoi_poly_reverse(c, c);
        if (a->length > 0 && mpz_sgn(a->coeffs) != 0
            && !boxtoi_poly_equal(c, a))
            first_fail(&bad_rv, "reverse twice", a, NULL);

        /* compose vs evaluation: a(b(x)) */
        randpoly(b, rnd(5), 1 + rnd(20));
        boxtoi_poly_compose(c, a, b);
        ref_eval(y, c, x);
        ref_eval(t, b, x);
        ref_eval(w, a, t);
        boxtoi_poly_set(d, a);
        boxtoi_poly_compose(d, d, b);
        if (!mpq_equal(w, y) || !boxtoi_poly_equal(c, d) || !well_formed(c))
            first_fail(&bad_co, "compose", a, b);
        boxtoi_poly_set(d, b);
        boxtoi_poly_compose(d, a, d);
        if (!boxtoi_poly_equal(c, d))
            first_fail(&bad_co, "compose aliasing res = b", a, b);
    }
    ok(bad_ts == 0, "taylor_shift_mpz vs evaluation (%ld random)", n);
    ok(bad_tq == 0, "taylor_shift_mpq vs evaluation");
    ok(bad_s2 == 0, "scale_2exp vs evaluation");
    ok(bad_sq == 0, "scale_mpq vs evaluation");
    ok(bad_rv == 0, "reverse vs evaluation");
    ok(bad_co == 0, "compose vs evaluation");

    /* hand-worked */
    set_str_poly(a, "0 0 1");                 /* t^2 */
    mpz_set_si(z, 3);
    boxtoi_poly_taylor_shift_mpz(b, a, z);
    set_str_poly(c, "9 6 1");
    is_poly(c, b, "(t + 3)^2");
    mpq_set_si(cq, 1, 2);
    boxtoi_poly_taylor_shift_mpq(b, a, cq);   /* 4 (t + 1/2)^2 */
    set_str_poly(c, "1 4 4");
    is_poly(c, b, "4 (t + 1/2)^2 = 4t^2 + 4t + 1");
    set_str_poly(a, "-3 2");                  /* 2t - 3, root 3/2 */
    mpq_set_si(cq, 3, 2);
    boxtoi_poly_taylor_shift_mpq(b, a, cq);   /* 2 (2(t + 3/2) - 3) */
    set_str_poly(c, "0 4");
    is_poly(c, b, "shifting 2t - 3 by 3/2 moves the root to 0");
    set_str_poly(a, "1 1 1");
    boxtoi_poly_scale_2exp(b, a, 2);
    set_str_poly(c, "1 4 16");
    is_poly(c, b, "a(4t)");
    boxtoi_poly_scale_2exp(b, a, -2);
    set_str_poly(c, "16 4 1");
    is_poly(c, b, "16 a(t/4)");
    mpq_set_si(cq, -2, 3);
    boxtoi_poly_scale_mpq(b, a, cq);          /* 9 (1 - 2t/3 + 4t^2/9) */
    set_str_poly(c, "9 -6 4");
    is_poly(c, b, "9 a(-2t/3)");
    set_str_poly(a, "0 0 1 5");               /* t^2 + 5t^3 */
    boxtoi_poly_reverse(b, a);
    set_str_poly(c, "5 1");
    is_poly(c, b, "reverse of 5t^3 + t^2 is t + 5");
    set_str_poly(a, "1 1");
    set_str_poly(b, "0 0 1");
    boxtoi_poly_compose(c, b, a);
    set_str_poly(d, "1 2 1");
    is_poly(d, c, "t^2 o (t + 1)");
    boxtoi_poly_zero(b);
    boxtoi_poly_compose(c, a, b);
    set_str_poly(d, "1");
    is_poly(d, c, "(t + 1) o 0 = 1");
    boxtoi_poly_compose(c, b, a);
    ok(boxtoi_poly_is_zero(c), "0 o (t + 1) = 0");
    boxtoi_poly_zero(a);
    boxtoi_poly_taylor_shift_mpz(c, a, z);
    boxtoi_poly_reverse(d, a);
    boxtoi_poly_scale_2exp(b, a, -3);
    ok(boxtoi_poly_is_zero(c) && boxtoi_poly_is_zero(d)
           && boxtoi_poly_is_zero(b),
       "shift, reverse, scale of 0");

    boxtoi_poly_clear(a);
    boxtoi_poly_clear(b);
    boxtoi_poly_clear(c);
    boxtoi_poly_clear(d);
    mpq_clear(x);
    mpq_clear(y);
    mpq_clear(w);
    mpq_clear(cq);
    mpq_clear(t);
    mpz_clear(z);
}

int main(void)
{
    plan_lazy();
    tap_randinit(st);
    test_subst();
    gmp_randclear(st);
    return 0;
}
