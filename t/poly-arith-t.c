/* t/poly-arith-t.c: tests of lib/poly/arith.c (sums, products, scalars,
   shifts, powers, derivatives), moved from t/poly-t.c.

   Expected values come from hand computation, closed forms (binomial
   coefficients) or an independent method written here: a naive product
   (ref_mul), which shares no code with the library's product loops, and
   the GMP path against the word-size kernels.  Random families count
   their failures, print the first one, and report one TAP line each. */
#include <stdlib.h>
#include "poly-gen.h"

/* Reference product: the plain double sum, built in an mpz array. */
static void ref_mul(boxtoi_poly_t res, const boxtoi_poly_t a,
                    const boxtoi_poly_t b)
{
    long i, j, n = a->length + b->length - 1;
    mpz_t *c;
    mpz_t t;
    boxtoi_poly_zero(res);
    if (a->length == 0 || b->length == 0)
        return;
    c = malloc((size_t)n * sizeof *c);
    if (c == NULL)
        bail("out of memory");
    mpz_init(t);
    for (i = 0; i < n; i++)
        mpz_init(c[i]);
    for (i = 0; i < a->length; i++)
        for (j = 0; j < b->length; j++) {
            mpz_mul(t, a->coeffs + i, b->coeffs + j);
            mpz_add(c[i + j], c[i + j], t);
        }
    for (i = 0; i < n; i++) {
        boxtoi_poly_set_coeff_mpz(res, i, c[i]);
        mpz_clear(c[i]);
    }
    free(c);
    mpz_clear(t);
}

/* ---- arithmetic -------------------------------------------------------- */

static void test_arith(void)
{
    boxtoi_poly_t a, b, c, d, e, f;
    long it, n = 400 * tap_multiplier();
    long bad_add = 0, bad_mul = 0, bad_alias = 0, bad_am = 0, bad_sc = 0;
    long bad_sh = 0, bad_der = 0, bad_wf = 0;
    mpz_t z;

    boxtoi_poly_init(a);
    boxtoi_poly_init(b);
    boxtoi_poly_init(c);
    boxtoi_poly_init(d);
    boxtoi_poly_init(e);
    boxtoi_poly_init(f);
    mpz_init(z);

    for (it = 0; it < n; it++) {
        long bits = it % 10 == 0 ? 3000 : 1 + rnd(80);
        randpoly(a, rnd(12), bits);
        randpoly(b, rnd(12), bits);
        if (it % 7 == 0)
            boxtoi_poly_neg(b, a); /* cancellation down to 0 */

        /* (a + b) - b == a and (a - b) + b == a, a + (-a) == 0 */
        boxtoi_poly_add(c, a, b);
        boxtoi_poly_sub(d, c, b);
        if (!boxtoi_poly_equal(d, a) || !well_formed(c))
            first_fail(&bad_add, "(a+b)-b", a, b);
        boxtoi_poly_sub(c, a, b);
        boxtoi_poly_add(d, c, b);
        boxtoi_poly_neg(e, a);
        boxtoi_poly_add(e, e, a);
        if (!boxtoi_poly_equal(d, a) || !boxtoi_poly_is_zero(e)
            || !well_formed(c) || !well_formed(e))
            first_fail(&bad_add, "(a-b)+b", a, b);

        /* product against the reference double sum */
        boxtoi_poly_mul(c, a, b);
        ref_mul(d, a, b);
        if (!boxtoi_poly_equal(c, d) || !well_formed(c))
            first_fail(&bad_mul, "mul vs reference", a, b);

        /* aliasing sweep: op(c,a,b) == op(a,a,b) == op(b,a,b), and a,a */
        {
            int k;
            for (k = 0; k < 3; k++) {
                void (*op)(boxtoi_poly_t, const boxtoi_poly_t,
                           const boxtoi_poly_t) =
                    k == 0 ? boxtoi_poly_add
                           : k == 1 ? boxtoi_poly_sub : boxtoi_poly_mul;
                op(c, a, b);
                boxtoi_poly_set(d, a);
                op(d, d, b);
                boxtoi_poly_set(e, b);
                op(e, a, e);
                if (!boxtoi_poly_equal(c, d) || !boxtoi_poly_equal(c, e)
                    || !well_formed(d) || !well_formed(e))
                    first_fail(&bad_alias, "op aliasing", a, b);
                op(c, a, a);
                boxtoi_poly_set(d, a);
                op(d, d, d);
                if (!boxtoi_poly_equal(c, d))
                    first_fail(&bad_alias, "op(a, a, a)", a, b);
            }
        }

        /* addmul / submul: f += a b, then f -= a b restores f */
        randpoly(f, rnd(20), 50);
        boxtoi_poly_set(e, f);
        boxtoi_poly_mul(c, a, b);
        boxtoi_poly_add(d, f, c);
        boxtoi_poly_addmul(f, a, b);
        if (!boxtoi_poly_equal(f, d) || !well_formed(f))
            first_fail(&bad_am, "addmul", a, b);
        boxtoi_poly_submul(f, a, b);
        if (!boxtoi_poly_equal(f, e) || !well_formed(f))
            first_fail(&bad_am, "submul", a, b);

        /* scalars: (a z) / z == a; a * (-1) == -a; a * 0 == 0 */
        mpz_urandomb(z, st, (mp_bitcnt_t)(1 + rnd(200)));
        mpz_add_ui(z, z, 1);
        if (rnd(2))
            mpz_neg(z, z);
        boxtoi_poly_scalar_mul_mpz(c, a, z);
        boxtoi_poly_scalar_divexact_mpz(d, c, z);
        boxtoi_poly_set(e, a);
        boxtoi_poly_scalar_mul_mpz(e, e, z); /* aliasing */
        if (!boxtoi_poly_equal(d, a) || !boxtoi_poly_equal(e, c))
            first_fail(&bad_sc, "scalar mul/divexact", a, NULL);
        boxtoi_poly_scalar_divexact_mpz(e, e, z);
        boxtoi_poly_scalar_mul_si(c, a, -1);
        boxtoi_poly_neg(d, a);
        if (!boxtoi_poly_equal(e, a) || !boxtoi_poly_equal(c, d))
            first_fail(&bad_sc, "scalar aliasing / -1", a, NULL);
        boxtoi_poly_scalar_mul_si(c, a, 0);
        if (!boxtoi_poly_is_zero(c) || !well_formed(c))
            first_fail(&bad_sc, "scalar 0", a, NULL);

        /* shift: a t^k equals a times the monomial t^k */
        {
            long k = rnd(5);
            boxtoi_poly_zero(e);
            boxtoi_poly_set_coeff_si(e, k, 1);
            boxtoi_poly_mul(c, a, e);
            boxtoi_poly_shift_left(d, a, k);
            boxtoi_poly_set(f, a);
            boxtoi_poly_shift_left(f, f, k);
            if (!boxtoi_poly_equal(c, d) || !boxtoi_poly_equal(c, f)
                || !well_formed(d))
                first_fail(&bad_sh, "shift_left", a, NULL);
        }

        /* Leibniz: (a b)' = a' b + a b' */
        boxtoi_poly_mul(c, a, b);
        boxtoi_poly_derivative(c, c);
        boxtoi_poly_derivative(d, a);
        boxtoi_poly_mul(d, d, b);
        boxtoi_poly_derivative(e, b);
        boxtoi_poly_addmul(d, a, e);
        if (!boxtoi_poly_equal(c, d) || !well_formed(c))
            first_fail(&bad_der, "Leibniz", a, b);

        if (!well_formed(a) || !well_formed(b) || !well_formed(d))
            first_fail(&bad_wf, "well formed", a, b);
    }
    ok(bad_add == 0, "add/sub/neg identities (%ld random)", n);
    ok(bad_mul == 0, "mul equals the reference product");
    ok(bad_alias == 0, "aliasing sweep of add, sub, mul");
    ok(bad_am == 0, "addmul and submul");
    ok(bad_sc == 0, "scalar mul and divexact");
    ok(bad_sh == 0, "shift_left equals a monomial product");
    ok(bad_der == 0, "derivative obeys Leibniz's rule");
    ok(bad_wf == 0, "results stay well formed");

    /* derivative of t^n is n t^(n-1); of constants 0 */
    {
        long k, bad = 0;
        for (k = 0; k < 40; k++) {
            boxtoi_poly_zero(a);
            boxtoi_poly_set_coeff_si(a, k, 1);
            boxtoi_poly_derivative(a, a);
            boxtoi_poly_zero(b);
            if (k > 0)
                boxtoi_poly_set_coeff_si(b, k - 1, k);
            if (!boxtoi_poly_equal(a, b) || !well_formed(a))
                bad++;
        }
        ok(bad == 0, "d/dt t^n = n t^(n-1), n = 0..39");
    }

    /* (t + 1)^n has the binomial coefficients; (t - 1)^n alternates */
    {
        long k, bad = 0;
        unsigned long nn;
        for (nn = 0; nn <= 60; nn += 3) {
            set_str_poly(a, "1 1");
            boxtoi_poly_pow(b, a, nn);
            set_str_poly(a, "-1 1");
            boxtoi_poly_pow(a, a, nn); /* aliasing */
            for (k = 0; k <= (long)nn; k++) {
                mpz_bin_uiui(z, nn, (unsigned long)k);
                if (b->length != (long)nn + 1
                    || mpz_cmp(z, b->coeffs + k) != 0)
                    bad++;
                if ((nn - k) % 2)
                    mpz_neg(z, z);
                if (mpz_cmp(z, a->coeffs + k) != 0)
                    bad++;
            }
        }
        ok(bad == 0, "(t +- 1)^n has binomial coefficients");
    }
    /* pow vs repeated multiplication, and 0^0 = 1, 0^3 = 0 */
    {
        long bad = 0;
        unsigned long k;
        randpoly_deg(a, 3, 40);
        boxtoi_poly_set_si(c, 1);
        for (k = 0; k <= 9; k++) {
            boxtoi_poly_pow(b, a, k);
            if (!boxtoi_poly_equal(b, c))
                bad++;
            boxtoi_poly_mul(c, c, a);
        }
        ok(bad == 0, "pow equals repeated products, e = 0..9");
        boxtoi_poly_zero(a);
        boxtoi_poly_pow(b, a, 0);
        set_str_poly(c, "1");
        is_poly(c, b, "0^0 = 1");
        boxtoi_poly_pow(b, a, 3);
        ok(boxtoi_poly_is_zero(b), "0^3 = 0");
    }
    /* zero and constants */
    boxtoi_poly_zero(a);
    set_str_poly(b, "3 4");
    boxtoi_poly_mul(c, a, b);
    ok(boxtoi_poly_is_zero(c), "0 * b = 0");
    boxtoi_poly_add(c, a, a);
    ok(boxtoi_poly_is_zero(c) && well_formed(c), "0 + 0 = 0");
    boxtoi_poly_shift_left(c, a, 4);
    ok(boxtoi_poly_is_zero(c), "0 t^4 = 0");
    set_str_poly(a, "-6");
    boxtoi_poly_mul(c, a, b);
    set_str_poly(d, "-18 -24");
    is_poly(d, c, "constant times linear");
    boxtoi_poly_derivative(c, a);
    ok(boxtoi_poly_is_zero(c), "derivative of a constant");

    boxtoi_poly_clear(a);
    boxtoi_poly_clear(b);
    boxtoi_poly_clear(c);
    boxtoi_poly_clear(d);
    boxtoi_poly_clear(e);
    boxtoi_poly_clear(f);
    mpz_clear(z);
}

/* The word-size product kernel of lib/poly/arith.c (coefficients whose
   products sum within 62 bits) against the GMP path: a b is compared
   with (2^70 a) b / 2^70, whose operand is too large for the kernel.
   Sizes straddle the kernel's bounds (coefficients of 1 to 40 bits,
   lengths 1 to 40, so sums of up to 32 terms and beyond), with
   addmul and submul into a non-zero accumulator, and the extremes
   +-(2^31 - 1) over 32 terms by hand (sum 32 (2^31 - 1)^2 < 2^67: the
   kernel must refuse).  Likewise the word-size exact division of
   lib/poly/gcd.c, on exact and inexact divisions. */
static void test_mul_small(void)
{
    boxtoi_poly_t a, b, c, big, r1, r2;
    mpz_t two70;
    long i, n = 2000 * tap_multiplier(), bad = 0;

    boxtoi_poly_init(a);
    boxtoi_poly_init(b);
    boxtoi_poly_init(c);
    boxtoi_poly_init(big);
    boxtoi_poly_init(r1);
    boxtoi_poly_init(r2);
    mpz_init(two70);
    mpz_ui_pow_ui(two70, 2, 70);
    for (i = 0; i < n; i++) {
        int op = (int)rnd(3);
        randpoly(a, 1 + rnd(40), 1 + rnd(40));
        randpoly(b, 1 + rnd(40), 1 + rnd(40));
        randpoly(c, 1 + rnd(40), 1 + rnd(70));
        boxtoi_poly_scalar_mul_mpz(big, a, two70);
        boxtoi_poly_set(r1, c);
        boxtoi_poly_scalar_mul_mpz(r2, c, two70);
        if (op == 0) {
            boxtoi_poly_mul(r1, a, b);
            boxtoi_poly_mul(r2, big, b);
        } else if (op == 1) {
            boxtoi_poly_addmul(r1, a, b);
            boxtoi_poly_addmul(r2, big, b);
        } else {
            boxtoi_poly_submul(r1, a, b);
            boxtoi_poly_submul(r2, big, b);
        }
        boxtoi_poly_scalar_divexact_mpz(r2, r2, two70);
        if (!boxtoi_poly_equal(r1, r2))
            bad++;
    }
    is_int(0, bad, "word-size products agree with the GMP path");
    /* exact division: (a b) / b == a in words, and 2^70 a b / b ==
       2^70 a through GMP; a b + 1 (b of degree >= 1) is refused by
       both */
    bad = 0;
    for (i = 0; i < n; i++) {
        int rc1, rc2;
        randpoly(a, 1 + rnd(30), 1 + rnd(32));
        randpoly(b, 2 + rnd(10), 1 + rnd(32));
        if (boxtoi_poly_is_zero(a) || boxtoi_poly_degree(b) < 1)
            continue;
        boxtoi_poly_mul(c, a, b);
        if (rnd(3) == 0) {
            boxtoi_poly_set_si(r2, 1);
            boxtoi_poly_add(c, c, r2);
        }
        boxtoi_poly_scalar_mul_mpz(big, c, two70);
        rc1 = boxtoi_poly_divexact(r1, c, b);
        rc2 = boxtoi_poly_divexact(r2, big, b);
        if (rc1 != rc2)
            bad++;
        else if (rc1 == BOXTOI_OK) {
            boxtoi_poly_scalar_divexact_mpz(r2, r2, two70);
            if (!boxtoi_poly_equal(r1, r2))
                bad++;
        }
    }
    is_int(0, bad, "word-size exact divisions agree with the GMP path");
    boxtoi_poly_zero(a);
    for (i = 0; i < 32; i++)
        boxtoi_poly_set_coeff_si(a, i, i % 2 ? -2147483647L : 2147483647L);
    boxtoi_poly_mul(r1, a, a);
    boxtoi_poly_scalar_mul_mpz(big, a, two70);
    boxtoi_poly_mul(r2, big, a);
    boxtoi_poly_scalar_divexact_mpz(r2, r2, two70);
    ok(boxtoi_poly_equal(r1, r2), "32 terms of (2^31 - 1)^2: exact");
    mpz_clear(two70);
    boxtoi_poly_clear(a);
    boxtoi_poly_clear(b);
    boxtoi_poly_clear(c);
    boxtoi_poly_clear(big);
    boxtoi_poly_clear(r1);
    boxtoi_poly_clear(r2);
}

/* Products of constants (the fast path of addmul_sub and mul) and
   scalar products by a coefficient of the operand itself (the copying
   path of scalar_op), against mpz arithmetic done here: into a result
   that is longer (only the constant coefficient may change), of
   length 0 or 1, and (mul) aliased with an operand. */
static void test_mul_const(void)
{
    boxtoi_poly_t a, b, r, e;
    mpz_t x, y, z;
    long i, n = 2000 * tap_multiplier(), bad = 0, len;
    int op;

    boxtoi_poly_init(a);
    boxtoi_poly_init(b);
    boxtoi_poly_init(r);
    boxtoi_poly_init(e);
    mpz_init(x);
    mpz_init(y);
    mpz_init(z);
    for (i = 0; i < n; i++) {
        op = (int)rnd(5);
        randpoly(a, 1, 1 + rnd(200));
        randpoly(b, 1, 1 + rnd(200));
        len = rnd(4);
        randpoly(r, len, 1 + rnd(100));
        boxtoi_poly_get_coeff_mpz(x, a, 0);
        boxtoi_poly_get_coeff_mpz(y, b, 0);
        boxtoi_poly_get_coeff_mpz(z, r, 0);
        boxtoi_poly_set(e, r);
        if (op == 0) {
            boxtoi_poly_mul(r, a, b); /* the whole of r is replaced */
            boxtoi_poly_zero(e);
            mpz_mul(z, x, y);
        } else if (op == 1) {
            boxtoi_poly_addmul(r, a, b);
            mpz_addmul(z, x, y);
        } else if (op == 2) {
            boxtoi_poly_submul(r, a, b);
            mpz_submul(z, x, y);
        } else if (op == 3) {
            /* aliased (allowed for mul only): a = a * b */
            boxtoi_poly_mul(a, a, b);
            mpz_mul(z, x, y);
            boxtoi_poly_get_coeff_mpz(x, a, 0);
            bad += mpz_cmp(x, z) != 0 || boxtoi_poly_degree(a) > 0;
            continue;
        } else {
            /* r = r * (its own constant coefficient) */
            boxtoi_poly_set(e, r);
            if (r->length == 0)
                continue;
            boxtoi_poly_scalar_mul_mpz(r, r, r->coeffs);
            boxtoi_poly_get_coeff_mpz(x, e, 0);
            for (len = 0; len < e->length; len++) {
                boxtoi_poly_get_coeff_mpz(y, e, len);
                mpz_mul(y, y, x);
                boxtoi_poly_set_coeff_mpz(e, len, y);
            }
            bad += !boxtoi_poly_equal(r, e);
            continue;
        }
        boxtoi_poly_set_coeff_mpz(e, 0, z);
        bad += !boxtoi_poly_equal(r, e);
    }
    is_int(0, bad, "products of constants and self-scaling agree with mpz");
    boxtoi_poly_clear(a);
    boxtoi_poly_clear(b);
    boxtoi_poly_clear(r);
    boxtoi_poly_clear(e);
    mpz_clear(x);
    mpz_clear(y);
    mpz_clear(z);
}

int main(void)
{
    plan_lazy();
    tap_randinit(st);
    test_arith();
    test_mul_small();
    test_mul_const();
    gmp_randclear(st);
    return 0;
}
