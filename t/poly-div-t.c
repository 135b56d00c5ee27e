/* t/poly-div-t.c: tests of the divisions of lib/poly/gcd.c (exact
   division and pseudo-division), moved from t/poly-t.c.

   Expected values come from hand computation and from products built
   here: (a b) / b == a, a b + 1 is not divisible by b, and the
   pseudo-division identity lc(b)^k a = q b + r checked exactly.  Random
   families count their failures, print the first one, and report one
   TAP line each. */
#include "poly-gen.h"

/* ---- division ---------------------------------------------------------- */

static void test_division(void)
{
    boxtoi_poly_t a, b, c, q, r, s;
    long it, n = 300 * tap_multiplier();
    long bad_dx = 0, bad_nx = 0, bad_pd = 0, bad_pdal = 0;
    mpz_t z;

    boxtoi_poly_init(a);
    boxtoi_poly_init(b);
    boxtoi_poly_init(c);
    boxtoi_poly_init(q);
    boxtoi_poly_init(r);
    boxtoi_poly_init(s);
    mpz_init(z);

    for (it = 0; it < n; it++) {
        long bits = it % 15 == 0 ? 2000 : 1 + rnd(60);
        randpoly(a, rnd(10), bits);
        randpoly_deg(b, rnd(6), bits);

        /* (a b) / b == a */
        boxtoi_poly_mul(c, a, b);
        if (boxtoi_poly_divexact(q, c, b) != BOXTOI_OK
            || !boxtoi_poly_equal(q, a) || !well_formed(q))
            first_fail(&bad_dx, "divexact(a b, b)", a, b);
        boxtoi_poly_set(q, c);
        if (boxtoi_poly_divexact(q, q, b) != BOXTOI_OK
            || !boxtoi_poly_equal(q, a))
            first_fail(&bad_dx, "divexact aliasing q = a", a, b);
        boxtoi_poly_set(q, b);
        if (boxtoi_poly_divexact(q, c, q) != BOXTOI_OK
            || !boxtoi_poly_equal(q, a))
            first_fail(&bad_dx, "divexact aliasing q = b", a, b);

        /* a b + 1 is not divisible by b of degree >= 1 (b | 1 would
           follow); 2 a b + 1 is not divisible by 2 b either. */
        if (b->length >= 2) {
            boxtoi_poly_mul(c, a, b);
            boxtoi_poly_set_si(s, 1);
            boxtoi_poly_add(c, c, s);
            if (boxtoi_poly_divexact(q, c, b) != BOXTOI_EDOMAIN)
                first_fail(&bad_nx, "a b + 1 divisible by b", a, b);
        }
        boxtoi_poly_scalar_mul_si(s, b, 2);
        boxtoi_poly_mul(c, a, s);
        boxtoi_poly_get_coeff_mpz(z, c, 0);
        mpz_add_ui(z, z, 1);
        boxtoi_poly_set_coeff_mpz(c, 0, z); /* odd constant term */
        if (boxtoi_poly_divexact(q, c, s) != BOXTOI_EDOMAIN)
            first_fail(&bad_nx, "2 a b + 1 divisible by 2 b", a, b);

        /* pseudo-division identity lc(b)^k a = q b + r, deg r < deg b */
        randpoly(a, rnd(14), bits);
        if (boxtoi_poly_pseudo_divrem(q, r, a, b) != BOXTOI_OK)
            first_fail(&bad_pd, "pseudo_divrem status", a, b);
        else {
            long k = a->length - b->length + 1;
            if (k < 0)
                k = 0;
            mpz_pow_ui(z, b->coeffs + b->length - 1, (unsigned long)k);
            boxtoi_poly_scalar_mul_mpz(c, a, z);
            boxtoi_poly_set(s, r);
            boxtoi_poly_addmul(s, q, b);
            if (!boxtoi_poly_equal(c, s) || r->length >= b->length
                || !well_formed(q) || !well_formed(r))
                first_fail(&bad_pd, "lc^k a = q b + r", a, b);
            /* aliases and NULL outputs give the same q and r */
            boxtoi_poly_set(c, a);
            boxtoi_poly_set(s, b);
            if (boxtoi_poly_pseudo_divrem(c, s, c, s) != BOXTOI_OK
                || !boxtoi_poly_equal(c, q) || !boxtoi_poly_equal(s, r))
                first_fail(&bad_pdal, "pseudo_divrem(a, b, a, b)", a, b);
            boxtoi_poly_set(c, a);
            boxtoi_poly_set(s, b);
            if (boxtoi_poly_pseudo_divrem(s, c, c, s) != BOXTOI_OK
                || !boxtoi_poly_equal(s, q) || !boxtoi_poly_equal(c, r))
                first_fail(&bad_pdal, "pseudo_divrem(b, a, a, b)", a, b);
            boxtoi_poly_set(c, a);
            if (boxtoi_poly_pseudo_divrem(NULL, c, c, b) != BOXTOI_OK
                || !boxtoi_poly_equal(c, r))
                first_fail(&bad_pdal, "pseudo_divrem(NULL, a, a, b)", a, b);
            boxtoi_poly_set(c, a);
            if (boxtoi_poly_pseudo_divrem(c, NULL, c, b) != BOXTOI_OK
                || !boxtoi_poly_equal(c, q))
                first_fail(&bad_pdal, "pseudo_divrem(a, NULL, a, b)", a, b);
        }
    }
    ok(bad_dx == 0, "divexact(a b, b) == a (%ld random)", n);
    ok(bad_nx == 0, "divexact rejects inexact divisions");
    ok(bad_pd == 0, "pseudo-division identity holds exactly");
    ok(bad_pdal == 0, "pseudo-division with aliasing and NULL");

    /* hand-worked pseudo-division: a = t^2 + 1, b = 2t + 1:
       4 (t^2 + 1) = (2t - 1)(2t + 1) + 5 */
    set_str_poly(a, "1 0 1");
    set_str_poly(b, "1 2");
    is_int(BOXTOI_OK, boxtoi_poly_pseudo_divrem(q, r, a, b),
           "pseudo_divrem status");
    set_str_poly(c, "-1 2");
    is_poly(c, q, "pseudo-quotient of t^2+1 by 2t+1");
    set_str_poly(c, "5");
    is_poly(c, r, "pseudo-remainder of t^2+1 by 2t+1");
    /* -t^3 + 0 t by -t: lc(b)^3 = -1: -a = q b + 0, q = -t^2 ... */
    set_str_poly(a, "0 0 0 -1");
    set_str_poly(b, "0 -1");
    is_int(BOXTOI_OK, boxtoi_poly_pseudo_divrem(q, r, a, b), "status");
    set_str_poly(c, "0 0 -1"); /* (-1)^3 (-t^3) = t^3 = (-t^2)(-t) */
    ok(boxtoi_poly_equal(c, q) && boxtoi_poly_is_zero(r),
       "pseudo-division keeps the full power of a negative lc");
    /* deg a < deg b: q = 0, r = a; a = 0 */
    set_str_poly(a, "3 1");
    set_str_poly(b, "1 0 0 1");
    is_int(BOXTOI_OK, boxtoi_poly_pseudo_divrem(q, r, a, b), "status");
    ok(boxtoi_poly_is_zero(q) && boxtoi_poly_equal(r, a),
       "deg a < deg b: q = 0, r = a");
    boxtoi_poly_zero(a);
    is_int(BOXTOI_OK, boxtoi_poly_pseudo_divrem(q, r, a, b), "status");
    ok(boxtoi_poly_is_zero(q) && boxtoi_poly_is_zero(r), "0 / b");
    /* by a constant: c^(n+1) a = (c^n a) c */
    set_str_poly(a, "1 2 3");
    set_str_poly(b, "-2");
    is_int(BOXTOI_OK, boxtoi_poly_pseudo_divrem(q, r, a, b), "status");
    set_str_poly(c, "4 8 12");
    ok(boxtoi_poly_equal(c, q) && boxtoi_poly_is_zero(r),
       "pseudo-division by the constant -2");
    boxtoi_poly_zero(b);
    is_int(BOXTOI_EDOMAIN, boxtoi_poly_pseudo_divrem(q, r, a, b),
           "pseudo-division by 0");
    is_int(BOXTOI_EDOMAIN, boxtoi_poly_divexact(q, a, b), "divexact by 0");
    boxtoi_poly_zero(a);
    is_int(BOXTOI_EDOMAIN, boxtoi_poly_divexact(q, a, b), "0 / 0");
    set_str_poly(b, "1 1");
    is_int(BOXTOI_OK, boxtoi_poly_divexact(q, a, b), "0 / (t+1)");
    ok(boxtoi_poly_is_zero(q), "0 / (t+1) = 0");
    set_str_poly(a, "1 2");
    set_str_poly(b, "2");
    is_int(BOXTOI_EDOMAIN, boxtoi_poly_divexact(q, a, b),
           "(2t+1)/2 is not in Z[t]");
    set_str_poly(b, "1 0 1");
    is_int(BOXTOI_EDOMAIN, boxtoi_poly_divexact(q, a, b),
           "deg a < deg b is inexact");
    set_str_poly(a, "2 0 2 0 2");
    set_str_poly(b, "1 1 1");
    /* 2t^4 + 2t^2 + 2 = (t^2 + t + 1) 2 (t^2 - t + 1) */
    is_int(BOXTOI_OK, boxtoi_poly_divexact(q, a, b), "divexact status");
    set_str_poly(c, "2 -2 2");
    is_poly(c, q, "hand-worked exact quotient");
    /* t^4 + 4 = (t^2 + 2t + 2)(t^2 - 2t + 2); t^4 + 4 by t^2 + 2 fails */
    set_str_poly(a, "4 0 0 0 1");
    set_str_poly(b, "2 0 1");
    is_int(BOXTOI_EDOMAIN, boxtoi_poly_divexact(q, a, b),
           "t^4+4 by t^2+2 (remainder 8)");

    boxtoi_poly_clear(a);
    boxtoi_poly_clear(b);
    boxtoi_poly_clear(c);
    boxtoi_poly_clear(q);
    boxtoi_poly_clear(r);
    boxtoi_poly_clear(s);
    mpz_clear(z);
}

int main(void)
{
    plan_lazy();
    tap_randinit(st);
    test_division();
    gmp_randclear(st);
    return 0;
}
