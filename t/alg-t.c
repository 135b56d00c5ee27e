/* t/alg-t.c: tests of lib/alg/alg.c (real algebraic numbers: setting,
   the invariant, refinement, roots of an isolation, rational values).

   Expected values are derived independently of the library: by hand,
   and comparisons of sqrt(n) with rationals q by the exact sign of
   q^2 - n in GMP.  The rest of lib/alg is tested file by file:
   t/alg-cmp-t.c, t/alg-sgn-poly-t.c, t/alg-mpfr-t.c, t/alg-get-d-t.c,
   t/alg-decimal-t.c, t/alg-canon-t.c (and t/newton-t.c, t/minpoly-t.c,
   t/linfac-t.c, t/degset-t.c), with the helpers of t/alg-gen.c. */
#include "alg-gen.h"

static void test_basic(void)
{
    boxtoi_alg_t a, b;
    boxtoi_poly_t p, e;
    mpq_t q, l, h;
    boxtoi_strbuf sb;
    int rc;

    boxtoi_alg_init(a);
    boxtoi_alg_init(b);
    boxtoi_poly_init(p);
    boxtoi_poly_init(e);
    mpq_init(q);
    mpq_init(l);
    mpq_init(h);

    ok(tap_alg_invariant(a), "init: invariant");
    is_int(0, boxtoi_alg_sgn(a), "init is 0");
    ok(boxtoi_alg_is_rational_fast(a), "init is on the fast path");
    check_str("0", a, 5, "zero");

    qset(q, "-22/7");
    boxtoi_alg_set_mpq(a, q);
    ok(tap_alg_invariant(a), "set_mpq: invariant");
    boxtoi_poly_set_coeffs_si(e, (const long[]){22, 7}, 2);
    is_poly(e, &a->poly, "set_mpq: poly is 7t + 22");
    mpq_set_ui(l, 0, 1);
    ok(boxtoi_alg_get_mpq(l, a) == 1 && mpq_equal(l, q), "get_mpq -22/7");
    boxtoi_alg_set_si(b, -3);
    is_int(-1, boxtoi_alg_cmp(a, b), "-22/7 < -3");
    is_int(1, boxtoi_alg_cmp(b, a), "-3 > -22/7");
    is_int(0, boxtoi_alg_cmp(a, a), "cmp(a, a)");

    /* set_poly_interval: errors */
    qset(l, "1");
    qset(h, "2");
    is_int(BOXTOI_EDOMAIN, boxtoi_alg_set_poly_interval(a, p, l, h),
           "set_poly_interval of 0");
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    is_int(BOXTOI_EINVAL, boxtoi_alg_set_poly_interval(a, p, h, l),
           "set_poly_interval lo > hi");
    qset(l, "-2");
    is_int(BOXTOI_EINVAL, boxtoi_alg_set_poly_interval(a, p, l, h),
           "set_poly_interval with two roots");
    qset(l, "3/2");
    is_int(BOXTOI_EINVAL, boxtoi_alg_set_poly_interval(a, p, l, h),
           "set_poly_interval with no root");
    /* a root at an end becomes the fast path */
    boxtoi_poly_set_coeffs_si(p, (const long[]){2, -2, -1, 1}, 4);
    qset(l, "1/2");
    qset(h, "1");          /* (t-1)(t^2-2): root 1 at hi */
    rc = boxtoi_alg_set_poly_interval(a, p, l, h);
    ok(rc == 0 && boxtoi_alg_is_rational_fast(a) && tap_alg_invariant(a),
       "root at hi: fast path");
    is_int(0, boxtoi_alg_cmp_mpq(a, h), "root at hi is 1");
    rc = boxtoi_alg_set_poly_interval(a, p, h, (qset(l, "5/4"), l));
    ok(rc == 0 && boxtoi_alg_is_rational_fast(a) && tap_alg_invariant(a)
           && boxtoi_alg_cmp_mpq(a, h) == 0,
       "root at lo: fast path, value 1");
    boxtoi_alg_refine(a, 50);
    ok(boxtoi_alg_is_rational_fast(a) && boxtoi_alg_cmp_mpq(a, h) == 0,
       "refine of a rational changes nothing");
    /* non-square-free input: (t^2-2)^2 */
    boxtoi_poly_set_coeffs_si(p, (const long[]){4, 0, -4, 0, 1}, 5);
    qset(l, "1");
    qset(h, "2");
    rc = boxtoi_alg_set_poly_interval(a, p, l, h);
    boxtoi_poly_set_coeffs_si(e, P_SQRT2, 3);
    ok(rc == 0 && tap_alg_invariant(a), "(t^2-2)^2 in [1, 2]");
    is_poly(e, &a->poly, "its poly is the square-free part t^2 - 2");
    /* non-canonical input -6t + 4 (root 2/3) */
    boxtoi_poly_set_coeffs_si(p, (const long[]){4, -6}, 2);
    rc = boxtoi_alg_set_poly_interval(a, p, l, h);
    ok(rc == BOXTOI_EINVAL, "-6t + 4 has no root in [1, 2]");
    qset(l, "0");
    rc = boxtoi_alg_set_poly_interval(a, p, l, h);
    qset(q, "2/3");
    boxtoi_poly_set_coeffs_si(e, (const long[]){-2, 3}, 2);
    ok(rc == 0 && boxtoi_alg_is_rational_fast(a)
           && boxtoi_alg_cmp_mpq(a, q) == 0 && tap_alg_invariant(a),
       "-6t + 4 in [0, 2] is 2/3 on the fast path");
    is_poly(e, &a->poly, "its poly is 3t - 2");
    /* aliasing: res's own poly and ends as input */
    alg_pi(a, P_SQRT2_5, 4, "0", "3");
    rc = boxtoi_alg_set_poly_interval(a, &a->poly, a->lo, a->hi);
    alg_pi(b, P_SQRT2, 3, "1", "2");
    ok(rc == 0, "set_poly_interval(a, a.poly, a.lo, a.hi)");
    is_alg(b, a, "... still sqrt2");

    /* set, swap */
    alg_pi(a, P_SQRT2, 3, "1", "2");
    boxtoi_alg_set_si(b, 7);
    boxtoi_alg_swap(a, b);
    ok(boxtoi_alg_cmp_mpq(a, (mpq_set_si(q, 7, 1), q)) == 0
           && boxtoi_alg_cmp_mpq(b, (mpq_set_si(q, 1, 1), q)) > 0
           && boxtoi_alg_cmp_mpq(b, (mpq_set_si(q, 2, 1), q)) < 0,
       "swap");
    boxtoi_alg_set(a, b);
    boxtoi_alg_set(a, a);
    is_alg(b, a, "set and self-set");

    /* refine */
    boxtoi_alg_refine(a, 100);
    mpq_sub(q, a->hi, a->lo);
    mpq_mul_2exp(q, q, 100);
    ok(mpq_cmp_ui(q, 1, 1) <= 0 && tap_alg_invariant(a),
       "refine(sqrt2, 100): width <= 2^-100");
    ok(root_cmp_q(a->lo, 2, 2) < 0 && root_cmp_q(a->hi, 2, 2) > 0,
       "refined interval still holds sqrt2");

    /* get_str argument check */
    boxtoi_strbuf_init(&sb);
    is_int(BOXTOI_EINVAL, boxtoi_alg_get_str(&sb, a, 0), "get_str 0 digits");
    is_int(BOXTOI_EINVAL, boxtoi_mpq_get_decimal_str(&sb, q, -1),
           "mpq_get_decimal_str -1 digits");
    is_str("", boxtoi_strbuf_str(&sb), "nothing appended on error");
    boxtoi_strbuf_clear(&sb);

    boxtoi_alg_clear(a);
    boxtoi_alg_clear(b);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(e);
    mpq_clear(q);
    mpq_clear(l);
    mpq_clear(h);
}

static void test_set_root(void)
{
    boxtoi_roots_t r;
    boxtoi_poly_t p;
    boxtoi_alg_t a;
    mpq_t q;
    long i;
    int rc, ok1 = 1;

    boxtoi_roots_init(r);
    boxtoi_poly_init(p);
    boxtoi_alg_init(a);
    mpq_init(q);
    /* (2t - 1)(t^2 - 2)(t - 3) = roots -sqrt2, 1/2, sqrt2, 3 */
    boxtoi_poly_set_coeffs_si(p, (const long[]){-6, 14, -1, -7, 2}, 5);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    ok(rc == 0 && r->n == 4, "isolate (2t-1)(t^2-2)(t-3): 4 roots");
    for (i = 0; rc == 0 && i < r->n; i++) {
        boxtoi_alg_set_root(a, r, i);
        ok1 = ok1 && tap_alg_invariant(a);
    }
    ok(ok1, "set_root: invariant for each root");
    if (rc == 0 && r->n == 4) {
        boxtoi_alg_set_root(a, r, 0);
        qset(q, "-1414213562/1000000000");
        ok(boxtoi_alg_cmp_mpq(a, q) < 0
               && boxtoi_alg_cmp_mpq(a, (qset(q, "-1414213563/1000000000"),
                                         q)) > 0,
           "root 0 is -sqrt2");
        boxtoi_alg_set_root(a, r, 1);
        mpq_set_si(q, 1, 2);
        is_int(0, boxtoi_alg_cmp_mpq(a, q), "root 1 is 1/2");
        ok(boxtoi_alg_get_mpq(q, a) && mpq_cmp_si(q, 1, 2) == 0,
           "root 1 detected as rational 1/2");
        ok(boxtoi_alg_is_rational_fast(a) && a->poly.length == 2,
           "... and put on the fast path");
        boxtoi_alg_set_root(a, r, 3);
        mpq_set_si(q, 3, 1);
        is_int(0, boxtoi_alg_cmp_mpq(a, q), "root 3 is 3");
    } else {
        ok(0, "skipped");
        ok(0, "skipped");
        ok(0, "skipped");
        ok(0, "skipped");
        ok(0, "skipped");
    }
    boxtoi_roots_clear(r);
    boxtoi_poly_clear(p);
    boxtoi_alg_clear(a);
    mpq_clear(q);
}

static void test_get_mpq(void)
{
    boxtoi_alg_t a, a0;
    mpq_t q, e;

    boxtoi_alg_init(a);
    boxtoi_alg_init(a0);
    mpq_init(q);
    mpq_init(e);
    alg_pi(a, P_THIRD, 4, "0", "1/2");
    ok(!boxtoi_alg_is_rational_fast(a), "1/3 of (3t-1)(t^2-2) is not fast");
    qset(e, "1/3");
    is_int(1, boxtoi_alg_get_mpq(q, a), "get_mpq finds 1/3");
    is_mpq(e, q, "... the value 1/3");
    ok(boxtoi_alg_is_rational_fast(a) && tap_alg_invariant(a)
           && boxtoi_poly_degree(&a->poly) == 1,
       "... and switches to the fast path");
    alg_pi(a, P_SQRT2, 3, "1", "2");
    boxtoi_alg_set(a0, a);
    mpq_set_ui(q, 5, 1);
    is_int(0, boxtoi_alg_get_mpq(q, a), "sqrt2 is not rational");
    ok(tap_alg_invariant(a) && boxtoi_alg_cmp(a, a0) == 0,
       "... and keeps its value");
    /* -7/2 as root of (2t+7)(t^3-2) in [-4, 0] */
    alg_pi(a, (const long[]){-14, -4, 0, 7, 2}, 5, "-4", "0");
    qset(e, "-7/2");
    ok(boxtoi_alg_get_mpq(q, a) == 1 && mpq_equal(q, e), "get_mpq -7/2");
    mpq_clear(q);
    mpq_clear(e);
    boxtoi_alg_clear(a);
    boxtoi_alg_clear(a0);
}

int main(void)
{
    plan_lazy();
    test_basic();
    test_set_root();
    test_get_mpq();
    return 0;
}
