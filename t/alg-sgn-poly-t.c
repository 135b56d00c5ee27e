/* t/alg-sgn-poly-t.c: tests of lib/alg/sgn_poly.c (the sign of a
   polynomial at a real algebraic number), moved from t/alg-t.c.

   Each expected sign holds by construction (a factor vanishing at the
   number, near misses of sqrt2 whose sign is an integer comparison such
   as sgn(2 d^2 - n^2)), and the number keeps its value and
   invariant. */
#include "alg-gen.h"
#include "lib/alg/impl.h"

/* alg_sgn_poly_zero_first against boxtoi_alg_sgn_poly, branch by
   branch, at sqrt2; each expected sign holds by construction. */
static void test_sgn_poly_zero_first(void)
{
    static const long f7[] = {7, 1, 0, 1}, f1[] = {1, 1};
    boxtoi_alg_t a, a0;
    boxtoi_poly_t p, f;
    mpz_t z;
    int s, k;

    mpz_init(z);
    mpz_ui_pow_ui(z, 2, 300);
    boxtoi_alg_init(a);
    boxtoi_alg_init(a0);
    boxtoi_poly_init(p);
    boxtoi_poly_init(f);
    alg_pi(a0, P_SQRT2, 3, "1", "2");
    /* the double filter proves it */
    boxtoi_alg_set(a, a0);
    boxtoi_poly_set_coeffs_si(p, (const long[]){-141421356, 100000000}, 2);
    is_int(1, alg_sgn_poly_zero_first(a, p), "zero_first: double filter");
    /* (t^2-2)(t^3+t+7): a.poly | p proves the zero before any MPFR */
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    boxtoi_poly_set_coeffs_si(f, f7, 4);
    boxtoi_poly_mul(p, p, f);
    is_int(0, alg_sgn_poly_zero_first(a, p), "zero_first: a.poly | p");
    boxtoi_alg_set(a, a0);
    is_int(0, boxtoi_alg_sgn_poly(a, p), "reference: a.poly | p");
    /* +-(2^300 (t^2-2)(t+1) + 1), equal to +-1 at sqrt2: the double
       filter cannot prove it (coefficients of 301 bits), a.poly does not
       divide it; at 400 bits of a the MPFR filter proves it (k = 0), on
       [1, 2] only the exact path does (k = 1). */
    for (k = 0; k < 4; k++) {
        boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
        boxtoi_poly_set_coeffs_si(f, f1, 2);
        boxtoi_poly_mul(p, p, f);
        boxtoi_poly_scalar_mul_mpz(p, p, z);
        boxtoi_poly_set_si(f, 1);
        boxtoi_poly_add(p, p, f);
        s = k / 2 ? -1 : 1;
        if (s < 0)
            boxtoi_poly_neg(p, p);
        boxtoi_alg_set(a, a0);
        if (k % 2 == 0)
            boxtoi_alg_refine(a, 400);
        is_int(s, alg_sgn_poly_zero_first(a, p),
               k % 2 ? "zero_first: exact path" : "zero_first: MPFR filter");
        ok(tap_alg_invariant(a) && boxtoi_alg_cmp(a, a0) == 0,
           "zero_first keeps the invariant and the value");
        boxtoi_alg_set(a, a0);
        if (k % 2 == 0)
            boxtoi_alg_refine(a, 400);
        is_int(s, boxtoi_alg_sgn_poly(a, p), "reference, the same");
    }
    boxtoi_alg_clear(a);
    boxtoi_alg_clear(a0);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(f);
    mpz_clear(z);
}

static void test_sgn_poly(void)
{
    boxtoi_alg_t a, a0, b;
    boxtoi_poly_t p, f;
    mpz_t z;
    mpq_t q;
    gmp_randstate_t st;
    long i, iters = 100 * tap_multiplier();
    int ok1;

    boxtoi_alg_init(a);
    boxtoi_alg_init(a0);
    boxtoi_alg_init(b);
    boxtoi_poly_init(p);
    boxtoi_poly_init(f);
    mpz_init(z);
    mpq_init(q);
    tap_randinit(st);

    alg_pi(a0, P_SQRT2, 3, "1", "2");
    boxtoi_alg_set(a, a0);
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    is_int(0, boxtoi_alg_sgn_poly(a, p), "t^2-2 at sqrt2");
    ok(tap_alg_invariant(a) && boxtoi_alg_cmp(a, a0) == 0,
       "sgn_poly keeps the invariant and the value");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-141421356, 100000000}, 2);
    is_int(1, boxtoi_alg_sgn_poly(a, p), "10^8 t - 141421356 at sqrt2");
    boxtoi_poly_set_coeffs_si(p, P_SQRT3, 3);
    is_int(-1, boxtoi_alg_sgn_poly(a, p), "t^2 - 3 at sqrt2");
    /* no real root, but a naive interval evaluation over [1, 2] gives
       [-2, 4]: decided by the Sturm count */
    boxtoi_alg_set(a, a0);
    boxtoi_poly_set_coeffs_si(p, (const long[]){3, -3, 1}, 3);
    is_int(1, boxtoi_alg_sgn_poly(a, p), "t^2 - 3t + 3 at sqrt2");
    boxtoi_poly_neg(p, p);
    boxtoi_alg_set(a, a0);
    is_int(-1, boxtoi_alg_sgn_poly(a, p), "-t^2 + 3t - 3 at sqrt2");
    boxtoi_poly_set_si(p, 5);
    is_int(1, boxtoi_alg_sgn_poly(a, p), "constant 5");
    boxtoi_poly_set_si(p, -5);
    is_int(-1, boxtoi_alg_sgn_poly(a, p), "constant -5");
    boxtoi_poly_zero(p);
    is_int(0, boxtoi_alg_sgn_poly(a, p), "zero polynomial");
    /* (t^2-2)(t^3+t+7) */
    boxtoi_poly_set_coeffs_si(f, (const long[]){7, 1, 0, 1}, 4);
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    boxtoi_poly_mul(p, p, f);
    boxtoi_alg_set(a, a0);
    is_int(0, boxtoi_alg_sgn_poly(a, p), "(t^2-2)(t^3+t+7) at sqrt2");
    /* (t^2-2)^2 (-t) */
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    boxtoi_poly_mul(p, p, p);
    boxtoi_poly_set_coeffs_si(f, (const long[]){0, -1}, 2);
    boxtoi_poly_mul(p, p, f);
    is_int(0, boxtoi_alg_sgn_poly(a, p), "-t (t^2-2)^2 at sqrt2");
    /* both ways to a zero: a.poly = (t^2-2)(t^2-3) (sqrt2 in [1, 3/2])
       divides (t^4-5t^2+6)(t-7) (the exact division), and does not
       divide (t^2-2)(t^2+t+5), which vanishes at sqrt2 all the same
       (the gcd); (t^4-5t^2+6)(t-7) + 1 is 1 at sqrt2 */
    alg_pi(b, (const long[]){6, 0, -5, 0, 1}, 5, "1", "3/2");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-42, 6, 35, -5, -7, 1}, 6);
    is_int(0, boxtoi_alg_sgn_poly(b, p), "(t^4-5t^2+6)(t-7) at sqrt2: division");
    alg_pi(b, (const long[]){6, 0, -5, 0, 1}, 5, "1", "3/2");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-10, -2, 3, 1, 1}, 5);
    is_int(0, boxtoi_alg_sgn_poly(b, p), "(t^2-2)(t^2+t+5) at sqrt2: gcd");
    alg_pi(b, (const long[]){6, 0, -5, 0, 1}, 5, "1", "3/2");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-41, 6, 35, -5, -7, 1}, 6);
    is_int(1, boxtoi_alg_sgn_poly(b, p), "(t^4-5t^2+6)(t-7) + 1 at sqrt2");
    /* near misses beyond the 64-bit filter: sqrt2 =
       1.41421356237309504880168..., so 10^20 sqrt2 - 141421356237309504880
       = 0.168... > 0, and ...881 in its place gives < 0. */
    mpz_set_str(z, "100000000000000000000", 10);
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_mpz(p, 1, z);
    mpz_set_str(z, "-141421356237309504880", 10);
    boxtoi_poly_set_coeff_mpz(p, 0, z);
    boxtoi_alg_set(a, a0);
    is_int(1, boxtoi_alg_sgn_poly(a, p), "10^20 t - 141421356237309504880");
    ok(tap_alg_invariant(a) && boxtoi_alg_cmp(a, a0) == 0,
       "... refined a keeps invariant and value");
    mpz_sub_ui(z, z, 1);
    boxtoi_poly_set_coeff_mpz(p, 0, z);
    is_int(-1, boxtoi_alg_sgn_poly(a, p), "10^20 t - 141421356237309504881");
    /* its square times (t^2 - 3): + * - */
    boxtoi_poly_mul(p, p, p);
    boxtoi_poly_set_coeffs_si(f, P_SQRT3, 3);
    boxtoi_poly_mul(p, p, f);
    boxtoi_alg_set(a, a0);
    is_int(-1, boxtoi_alg_sgn_poly(a, p), "(10^20 t - ...881)^2 (t^2-3)");

    /* high degree near misses (Descartes' rule decides once a's
       interval is refined past them): with n = floor(10^50 sqrt2),
       10^50 t - n > 0 at sqrt2 (n^2 < 2 10^100, checked below), and
       ((10^50 t - n)^2 + 1)(t^2 - 3)^5 (t^2 - 3t + 3)^8, degree 28,
       has a complex pair 10^-50 from sqrt2 and the sign of
       (t^2 - 3)^5 < 0 there; times (10^50 t - n): still < 0. */
    {
        boxtoi_poly_t g;
        mpz_t n2;
        boxtoi_poly_init(g);
        mpz_init(n2);
        mpz_ui_pow_ui(z, 10, 100);
        mpz_mul_2exp(z, z, 1);
        mpz_sqrt(n2, z); /* n = floor(10^50 sqrt2) */
        mpz_submul(z, n2, n2);
        ok(mpz_sgn(z) > 0, "n^2 < 2 10^100: 10^50 sqrt2 is not n");
        boxtoi_poly_zero(f);
        mpz_ui_pow_ui(z, 10, 50);
        boxtoi_poly_set_coeff_mpz(f, 1, z);
        mpz_neg(z, n2);
        boxtoi_poly_set_coeff_mpz(f, 0, z);
        boxtoi_poly_mul(p, f, f);
        boxtoi_poly_set_coeffs_si(g, (const long[]){1}, 1);
        boxtoi_poly_add(p, p, g); /* (10^50 t - n)^2 + 1 */
        boxtoi_poly_set_coeffs_si(g, P_SQRT3, 3);
        for (i = 0; i < 5; i++)
            boxtoi_poly_mul(p, p, g);
        boxtoi_poly_set_coeffs_si(g, (const long[]){3, -3, 1}, 3);
        for (i = 0; i < 8; i++)
            boxtoi_poly_mul(p, p, g);
        boxtoi_alg_set(a, a0);
        is_int(-1, boxtoi_alg_sgn_poly(a, p),
               "((10^50 t - n)^2 + 1)(t^2-3)^5(t^2-3t+3)^8 at sqrt2");
        ok(tap_alg_invariant(a) && boxtoi_alg_cmp(a, a0) == 0,
           "... a keeps invariant and value");
        boxtoi_poly_mul(p, p, f);
        boxtoi_alg_set(a, a0);
        is_int(-1, boxtoi_alg_sgn_poly(a, p), "... times (10^50 t - n)");
        boxtoi_poly_neg(f, f);
        boxtoi_poly_mul(p, p, f);
        is_int(1, boxtoi_alg_sgn_poly(a, p), "... and by n - 10^50 t < 0");
        boxtoi_poly_clear(g);
        mpz_clear(n2);
    }

    /* rational a on a non-linear poly: the gcd makes it linear */
    alg_pi(b, P_THIRD, 4, "0", "1/2");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-1, 0, 9}, 3);
    is_int(0, boxtoi_alg_sgn_poly(b, p), "9t^2 - 1 at 1/3");
    ok(boxtoi_alg_is_rational_fast(b) && tap_alg_invariant(b)
           && boxtoi_alg_cmp_mpq(b, (qset(q, "1/3"), q)) == 0,
       "... and 1/3 is now on the fast path");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-1, 2}, 2);
    is_int(-1, boxtoi_alg_sgn_poly(b, p), "2t - 1 at 1/3");
    /* gcd replaces a.poly: sqrt2 as root of (t^2-2)(t-5) */
    alg_pi(b, P_SQRT2_5, 4, "1", "2");
    boxtoi_poly_set_coeffs_si(f, (const long[]){1, 0, 0, 1}, 4);
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    boxtoi_poly_mul(p, p, f); /* (t^2-2)(t^3+1) */
    is_int(0, boxtoi_alg_sgn_poly(b, p), "(t^2-2)(t^3+1) at sqrt2");
    ok(tap_alg_invariant(b) && boxtoi_alg_cmp(b, a0) == 0
           && boxtoi_poly_degree(&b->poly) == 2,
       "... a.poly replaced by the gcd t^2 - 2");
    /* a common factor that does not vanish at a: sqrt2 of
       (t^2-2)(2t-3) in [1, 29/20], p = (2t-3)(t^2-3t+3), whose Horner
       interval evaluation over [1, 29/20] contains 0 */
    alg_pi(b, (const long[]){6, -4, -3, 2}, 4, "1", "29/20");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-9, 15, -9, 2}, 4);
    is_int(-1, boxtoi_alg_sgn_poly(b, p), "(2t-3)(t^2-3t+3) at sqrt2");
    ok(tap_alg_invariant(b) && boxtoi_alg_cmp(b, a0) == 0,
       "... a keeps invariant and value");
    alg_pi(b, P_SQRT2_5, 4, "4", "6");
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    is_int(1, boxtoi_alg_sgn_poly(b, p), "t^2 - 2 at 5 of (t^2-2)(t-5)");
    /* cube root */
    alg_pi(b, P_CBRT2, 4, "1", "2");
    boxtoi_poly_set_coeffs_si(p, P_CBRT2, 4);
    is_int(0, boxtoi_alg_sgn_poly(b, p), "t^3 - 2 at cbrt2");
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    is_int(-1, boxtoi_alg_sgn_poly(b, p), "t^2 - 2 at cbrt2");

    /* random linear and quadratic p against sgn(d sqrt2 - n) =
       sgn(2 d^2 - n^2) for n > 0 */
    ok1 = 1;
    for (i = 0; i < iters; i++) {
        mpz_t n, d;
        int e;
        mpz_init(n);
        mpz_init(d);
        mpz_urandomb(d, st, 10 + i % 90);
        mpz_add_ui(d, d, 1);
        /* n close to d sqrt2: floor(sqrt(2 d^2)) + {0, 1} */
        mpz_mul(n, d, d);
        mpz_mul_2exp(n, n, 1);
        mpz_sqrt(n, n);
        mpz_add_ui(n, n, (unsigned long)(i % 2));
        boxtoi_poly_zero(p);
        boxtoi_poly_set_coeff_mpz(p, 1, d);
        mpz_neg(z, n);
        boxtoi_poly_set_coeff_mpz(p, 0, z);
        mpz_mul(z, d, d);
        mpz_mul_2exp(z, z, 1);
        mpz_submul(z, n, n);
        e = mpz_sgn(z);
        boxtoi_alg_set(a, a0);
        ok1 = ok1 && boxtoi_alg_sgn_poly(a, p) == e;
        /* (d t - n)(t + 3): same sign at sqrt2 */
        boxtoi_poly_set_coeffs_si(f, (const long[]){3, 1}, 2);
        boxtoi_poly_mul(p, p, f);
        boxtoi_alg_set(a, a0);
        ok1 = ok1 && boxtoi_alg_sgn_poly(a, p) == e && tap_alg_invariant(a);
        mpz_clear(n);
        mpz_clear(d);
    }
    ok(ok1, "random d t - n near sqrt2: sgn_poly = sgn(2 d^2 - n^2)");

    gmp_randclear(st);
    boxtoi_alg_clear(a);
    boxtoi_alg_clear(a0);
    boxtoi_alg_clear(b);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(f);
    mpz_clear(z);
    mpq_clear(q);
}

int main(void)
{
    plan_lazy();
    test_sgn_poly();
    test_sgn_poly_zero_first();
    return 0;
}
