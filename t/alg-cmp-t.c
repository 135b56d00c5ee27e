/* t/alg-cmp-t.c: tests of lib/alg/cmp.c (comparisons and signs of real
   algebraic numbers), moved from t/alg-t.c.

   Expected values are derived independently of the library: the
   comparisons of sqrt(n), cbrt(n) with rationals q by the exact sign of
   q^2 - n or q^3 - n in GMP, and equal numbers built as roots of
   different polynomials by hand. */
#include "alg-gen.h"

static void test_cmp(void)
{
    boxtoi_alg_t s2, s2b, ms2, s3, c2, c3, x, y;
    mpq_t q;
    gmp_randstate_t st;
    long i, iters = 200 * tap_multiplier();
    int ok1, ok2;

    boxtoi_alg_init(s2);
    boxtoi_alg_init(s2b);
    boxtoi_alg_init(ms2);
    boxtoi_alg_init(s3);
    boxtoi_alg_init(c2);
    boxtoi_alg_init(c3);
    boxtoi_alg_init(x);
    boxtoi_alg_init(y);
    mpq_init(q);
    tap_randinit(st);

    alg_pi(s2, P_SQRT2, 3, "1", "2");
    alg_pi(ms2, P_SQRT2, 3, "-2", "-1");
    alg_pi(s3, P_SQRT3, 3, "1", "2");
    alg_pi(c2, P_CBRT2, 4, "1", "2");
    alg_pi(c3, (const long[]){-3, 0, 0, 1}, 4, "1", "2");
    ok(tap_alg_invariant(s2) && tap_alg_invariant(ms2)
           && tap_alg_invariant(c2),
       "sqrt2, -sqrt2, cbrt2: invariant");

    qset(q, "1414213562/1000000000");
    is_int(1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 > 1.414213562");
    qset(q, "1414213563/1000000000");
    is_int(-1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 < 1.414213563");
    qset(q, "141421356237309504880168872420969807856/"
            "100000000000000000000000000000000000000");
    is_int(1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 > its 39-digit cut");
    mpz_add_ui(mpq_numref(q), mpq_numref(q), 1);
    mpq_canonicalize(q);
    is_int(-1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 < 39-digit cut + ulp");
    qset(q, "2");
    is_int(-1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 < 2 (an interval end)");
    qset(q, "1");
    is_int(1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 > 1 (an interval end)");
    qset(q, "-1414213562/1000000000");
    is_int(-1, boxtoi_alg_cmp_mpq(ms2, q), "-sqrt2 < -1.414213562");
    qset(q, "1259921/1000000");
    is_int(1, boxtoi_alg_cmp_mpq(c2, q), "cbrt2 > 1.259921");
    qset(q, "1259922/1000000");
    is_int(-1, boxtoi_alg_cmp_mpq(c2, q), "cbrt2 < 1.259922");

    /* random rationals against sqrt2 and cbrt2, by squaring/cubing */
    ok1 = ok2 = 1;
    for (i = 0; i < iters; i++) {
        mpz_urandomb(mpq_numref(q), st, 40);
        mpz_urandomb(mpq_denref(q), st, 30);
        mpz_add_ui(mpq_denref(q), mpq_denref(q), 1);
        if (i % 2 == 0) { /* near sqrt2: (1414.. d + noise) / d */
            mpz_mul_ui(mpq_numref(q), mpq_denref(q), 14142135);
            mpz_tdiv_q_ui(mpq_numref(q), mpq_numref(q), 10000000);
            mpz_add_ui(mpq_numref(q), mpq_numref(q), (unsigned long)(i % 7));
        }
        mpq_canonicalize(q);
        if (mpq_sgn(q) <= 0)
            continue;
        ok1 = ok1 && boxtoi_alg_cmp_mpq(s2, q) == -root_cmp_q(q, 2, 2);
        ok2 = ok2 && boxtoi_alg_cmp_mpq(c2, q) == -root_cmp_q(q, 2, 3);
    }
    ok(ok1, "cmp_mpq(sqrt2, q) = -sgn(q^2 - 2) for random q");
    ok(ok2, "cmp_mpq(cbrt2, q) = -sgn(q^3 - 2) for random q");

    /* equal numbers from different polys and intervals */
    alg_pi(s2b, P_SQRT2_5, 4, "1", "2");
    is_int(0, boxtoi_alg_cmp(s2, s2b), "sqrt2 = root of (t^2-2)(t-5)");
    is_alg(s2, s2b, "is_alg sqrt2, (t^2-2)(t-5)");
    alg_pi(x, P_SQRT2, 3, "1", "3/2");
    alg_pi(y, P_SQRT2_5, 4, "7/5", "3/2");
    is_int(0, boxtoi_alg_cmp(x, y), "equal with a shared interval end");
    alg_pi(y, (const long[]){-8, 0, 0, 0, 0, 0, 1}, 7, "1", "2");
    is_int(0, boxtoi_alg_cmp(s2, y), "sqrt2 = 8^(1/6) (t^6 - 8)");
    alg_pi(y, (const long[]){-4, 0, 0, 0, 0, 0, 1}, 7, "0", "2");
    is_int(0, boxtoi_alg_cmp(y, c2), "cbrt2 = 4^(1/6) (t^6 - 4)");
    alg_pi(y, (const long[]){-2, 0, -2, 1, 0, 1}, 6, "1", "2");
    is_int(0, boxtoi_alg_cmp(c2, y), "cbrt2 = root of (t^3-2)(t^2+1)");
    /* equal rationals in non-linear polys */
    alg_pi(x, P_THIRD, 4, "0", "1/2");
    alg_pi(y, (const long[]){3, -9, -1, 3}, 4, "1/4", "1/2");
    is_int(0, boxtoi_alg_cmp(x, y), "1/3 from (3t-1)(t^2-2), (3t-1)(t^2-3)");
    qset(q, "1/3");
    is_int(0, boxtoi_alg_cmp_mpq(x, q), "cmp_mpq(1/3 non-linear, 1/3)");
    boxtoi_alg_set_mpq(y, q);
    is_int(0, boxtoi_alg_cmp(x, y), "cmp(1/3 non-linear, 1/3 fast)");
    is_int(0, boxtoi_alg_cmp(y, x), "cmp(1/3 fast, 1/3 non-linear)");

    /* unequal */
    is_int(-1, boxtoi_alg_cmp(ms2, s2), "-sqrt2 < sqrt2");
    is_int(1, boxtoi_alg_cmp(s2, ms2), "sqrt2 > -sqrt2");
    is_int(-1, boxtoi_alg_cmp(s2, s3), "sqrt2 < sqrt3");
    is_int(1, boxtoi_alg_cmp(s3, s2), "sqrt3 > sqrt2");
    is_int(-1, boxtoi_alg_cmp(c2, s2), "cbrt2 < sqrt2");
    is_int(-1, boxtoi_alg_cmp(c2, c3), "cbrt2 < cbrt3");
    is_int(1, boxtoi_alg_cmp(c3, c2), "cbrt3 > cbrt2");
    /* same poly (t^2-2)(2t-3), overlapping isolating intervals holding
       different roots: sqrt2 in [1, 73/50], 3/2 in [71/50, 2] */
    alg_pi(x, (const long[]){6, -4, -3, 2}, 4, "1", "73/50");
    alg_pi(y, (const long[]){6, -4, -3, 2}, 4, "71/50", "2");
    is_int(-1, boxtoi_alg_cmp(x, y), "same poly, overlapping: sqrt2 < 3/2");
    is_int(1, boxtoi_alg_cmp(y, x), "same poly, overlapping: 3/2 > sqrt2");
    /* very close numbers: sqrt2 vs the root of 10^12 t - 1414213562373
       (not of the same poly, a bit below sqrt2) */
    alg_pi(y, (const long[]){-1414213562373L, 1000000000000L}, 2, "1", "2");
    is_int(1, boxtoi_alg_cmp(s2, y), "sqrt2 > 1.414213562373");
    /* sqrt(2 + 10^-30) vs sqrt2: root of 10^30 t^2 - (2 10^30 + 1) */
    alg_quad(y, "1000000000000000000000000000000",
             "2000000000000000000000000000001", "1", "2");
    is_int(-1, boxtoi_alg_cmp(s2, y), "sqrt2 < sqrt(2 + 1e-30)");

    is_int(1, boxtoi_alg_sgn(s2), "sgn sqrt2");
    is_int(-1, boxtoi_alg_sgn(ms2), "sgn -sqrt2");
    alg_pi(x, (const long[]){0, -2, 0, 1}, 4, "-1", "1");
    is_int(0, boxtoi_alg_sgn(x), "sgn of the root 0 of t(t^2-2)");

    gmp_randclear(st);
    boxtoi_alg_clear(s2);
    boxtoi_alg_clear(s2b);
    boxtoi_alg_clear(ms2);
    boxtoi_alg_clear(s3);
    boxtoi_alg_clear(c2);
    boxtoi_alg_clear(c3);
    boxtoi_alg_clear(x);
    boxtoi_alg_clear(y);
    mpq_clear(q);
}

int main(void)
{
    plan_lazy();
    test_cmp();
    return 0;
}
