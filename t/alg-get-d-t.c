/* t/alg-get-d-t.c: tests of boxtoi_alg_get_d (lib/alg/mpfr.c), moved
   from t/alg-t.c.

   Expected doubles come from the hex expansion of sqrt2
   (1.6a09e667f3bcc908b...), exact scalings of it by powers of two, and
   counts of the subnormal quantum worked out by hand. */
#include "alg-gen.h"

static void test_get_d(void)
{
    /* sqrt2 = 0x1.6a09e667f3bcc908b2f...: 53 bits 1.6a09e667f3bcc, next
       bits 1001 so it rounds up to ...bcd. */
    const double lo = 0x1.6a09e667f3bccp+0, hi = 0x1.6a09e667f3bcdp+0;
    const double dmax = 0x1.fffffffffffffp+1023, q = 0x1p-1074;
    boxtoi_alg_t a;
    double d;

    boxtoi_alg_init(a);
    alg_pi(a, P_SQRT2, 3, "1", "2");
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == hi, "sqrt2 RNDN double");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == hi, "sqrt2 RNDU double");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == lo, "sqrt2 RNDD double");
    {
        mpq_t x;
        mpq_init(x);
        mpq_set_d(x, lo);
        ok(boxtoi_alg_cmp_mpq(a, x) > 0, "exact: RNDD double < sqrt2");
        mpq_set_d(x, hi);
        ok(boxtoi_alg_cmp_mpq(a, x) < 0, "exact: RNDU double > sqrt2");
        mpq_clear(x);
    }
    alg_pi(a, P_SQRT2, 3, "-2", "-1");
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == -hi, "-sqrt2 RNDN double");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == -lo, "-sqrt2 RNDU double");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == -hi, "-sqrt2 RNDD double");
    alg_pi(a, P_THIRD, 4, "0", "1/2");
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == 1.0 / 3.0, "1/3 RNDN double");
    alg_pi(a, (const long[]){0, -2, 0, 1}, 4, "-1", "1");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == 0.0, "0 (root of t^3 - 2t)");
    /* overflow: sqrt2 2^1100 */
    alg_sqrt2_2exp(a, 1, 1100);
    d = boxtoi_alg_get_d(a, MPFR_RNDN);
    ok(d > dmax, "sqrt2 2^1100 RNDN -> +inf");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == dmax, "... RNDD -> DBL_MAX");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) > dmax, "... RNDU -> +inf");
    alg_sqrt2_2exp(a, -1, 1100);
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) < -dmax, "-sqrt2 2^1100 RNDD -inf");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == -dmax, "... RNDU -> -DBL_MAX");
    /* normal, small: sqrt2 2^-1000 = hi 2^-1000 exactly scaled */
    alg_sqrt2_2exp(a, 1, -1000);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == hi * 0x1p-1000, "sqrt2 2^-1000");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == lo * 0x1p-1000, "... RNDD");
    /* subnormal: sqrt2 2^-1060 = 23170.475... quanta (2^14 sqrt2) */
    alg_sqrt2_2exp(a, 1, -1060);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == 23170 * q, "sqrt2 2^-1060 RNDN");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == 23171 * q, "... RNDU");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == 23170 * q, "... RNDD");
    alg_sqrt2_2exp(a, -1, -1060);
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == -23171 * q, "-sqrt2 2^-1060 RNDD");
    /* 1.414 quanta, 0.707 quanta, 0.354 quanta */
    alg_sqrt2_2exp(a, 1, -1074);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == q, "1.41 quanta RNDN -> 1");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == 2 * q, "1.41 quanta RNDU -> 2");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == q, "1.41 quanta RNDD -> 1");
    alg_sqrt2_2exp(a, 1, -1075);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == q, "0.71 quanta RNDN -> 1");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == 0.0, "0.71 quanta RNDD -> 0");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == q, "0.71 quanta RNDU -> 1");
    alg_sqrt2_2exp(a, 1, -1076);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == 0.0, "0.35 quanta RNDN -> 0");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == q, "0.35 quanta RNDU -> 1");
    alg_sqrt2_2exp(a, -1, -1076);
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == -q, "-0.35 quanta RNDD -> -1");
    d = boxtoi_alg_get_d(a, MPFR_RNDU);
    ok(d == 0.0 && 1.0 / d < 0, "-0.35 quanta RNDU -> -0");
    ok(boxtoi_alg_get_d(a, MPFR_RNDZ) == -0.0
           && boxtoi_alg_get_d(a, MPFR_RNDA) == -q,
       "-0.35 quanta RNDZ -> -0, RNDA -> -1");
    alg_sqrt2_2exp(a, 1, -1200);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == 0.0
           && boxtoi_alg_get_d(a, MPFR_RNDU) == q,
       "sqrt2 2^-1200: RNDN 0, RNDU 1 quantum");
    /* ties in the subnormal range: 1/2 and 3/2 quanta, as roots of
       (2^1075 t - k)(t^2 - 2) */
    {
        boxtoi_poly_t p, f;
        mpz_t z;
        mpq_t l, h;
        int k;
        boxtoi_poly_init(p);
        boxtoi_poly_init(f);
        mpz_init(z);
        mpq_init(l);
        mpq_init(h);
        for (k = 1; k <= 3; k += 2) {
            mpz_set_ui(z, 0);
            mpz_setbit(z, 1075);
            boxtoi_poly_zero(p);
            boxtoi_poly_set_coeff_mpz(p, 1, z);
            boxtoi_poly_set_coeff_si(p, 0, -k);
            boxtoi_poly_set_coeffs_si(f, P_SQRT2, 3);
            boxtoi_poly_mul(p, p, f);
            mpq_set_ui(l, 0, 1);
            mpq_set_ui(h, 1, 1);
            if (boxtoi_alg_set_poly_interval(a, p, l, h) != 0)
                bail("tie subnormal");
            d = boxtoi_alg_get_d(a, MPFR_RNDN);
            ok(d == (k == 1 ? 0.0 : 2 * q), "%d/2 quanta RNDN (tie)", k);
            ok(boxtoi_alg_get_d(a, MPFR_RNDU) == (k + 1) / 2 * q,
               "%d/2 quanta RNDU", k);
            ok(boxtoi_alg_get_d(a, MPFR_RNDD) == (k - 1) / 2 * q,
               "%d/2 quanta RNDD", k);
        }
        boxtoi_poly_clear(p);
        boxtoi_poly_clear(f);
        mpz_clear(z);
        mpq_clear(l);
        mpq_clear(h);
    }
    boxtoi_alg_clear(a);
}

int main(void)
{
    plan_lazy();
    test_get_d();
    return 0;
}
