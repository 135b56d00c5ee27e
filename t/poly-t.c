/* t/poly-t.c: tests of lib/poly (exact integer polynomials).

   Expected values come from hand computation, closed forms (binomial
   coefficients, geometric sums, polynomials built from known roots and
   factors) or an independent method written here: a naive product and
   evaluation by rational power sums, which share no code with the
   library's Horner and product loops.  Random families count their
   failures, print the first one, and report one TAP line each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "lib/poly/nmod.h"
#include "lib/poly/poly128.h"

#define P boxtoi_poly

static gmp_randstate_t st;

/* ---- helpers ---------------------------------------------------------- */

static long rnd(long n) /* uniform in [0, n) */
{
    return (long)gmp_urandomm_ui(st, (unsigned long)n);
}

/* A random polynomial of length <= len with coefficients of <= bits bits
   (signed); sometimes sparse. */
static void randpoly(boxtoi_poly_t p, long len, long bits)
{
    long i;
    mpz_t c;
    int sparse = rnd(4) == 0;
    mpz_init(c);
    boxtoi_poly_zero(p);
    for (i = 0; i < len; i++) {
        if (sparse && rnd(2))
            continue;
        mpz_urandomb(c, st, (mp_bitcnt_t)(1 + rnd(bits)));
        if (rnd(2))
            mpz_neg(c, c);
        boxtoi_poly_set_coeff_mpz(p, i, c);
    }
    mpz_clear(c);
}

/* A random non-zero polynomial of degree exactly deg. */
static void randpoly_deg(boxtoi_poly_t p, long deg, long bits)
{
    mpz_t c;
    randpoly(p, deg, bits);
    mpz_init(c);
    mpz_urandomb(c, st, (mp_bitcnt_t)bits);
    mpz_add_ui(c, c, 1);
    if (rnd(2))
        mpz_neg(c, c);
    boxtoi_poly_set_coeff_mpz(p, deg, c);
    mpz_clear(c);
}

static void randq(mpq_t q, long bits)
{
    mpz_urandomb(mpq_numref(q), st, (mp_bitcnt_t)(1 + rnd(bits)));
    if (rnd(2))
        mpz_neg(mpq_numref(q), mpq_numref(q));
    mpz_urandomb(mpq_denref(q), st, (mp_bitcnt_t)(1 + rnd(bits)));
    mpz_add_ui(mpq_denref(q), mpq_denref(q), 1);
    mpq_canonicalize(q);
}

/* The layer's promise: invariant holds and slots length..alloc-1 are 0. */
static int well_formed(const boxtoi_poly_t p)
{
    long i;
    if (p->length < 0 || p->length > p->alloc)
        return p->length == 0;
    if (p->length > 0 && mpz_sgn(p->coeffs + p->length - 1) == 0)
        return 0;
    for (i = p->length; i < p->alloc; i++)
        if (mpz_sgn(p->coeffs + i) != 0)
            return 0;
    return 1;
}

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

/* Reference evaluation: sum a_i x^i with rational powers, low to high. */
static void ref_eval(mpq_t res, const boxtoi_poly_t a, mpq_srcptr x)
{
    mpq_t pw, t, s;
    long i;
    mpq_init(pw);
    mpq_init(t);
    mpq_init(s);
    mpq_set_ui(pw, 1, 1);
    for (i = 0; i < a->length; i++) {
        mpq_set_z(t, a->coeffs + i);
        mpq_mul(t, t, pw);
        mpq_add(s, s, t);
        mpq_mul(pw, pw, x);
    }
    mpq_set(res, s);
    mpq_clear(pw);
    mpq_clear(t);
    mpq_clear(s);
}

static void show(const char *what, const boxtoi_poly_t p)
{
    printf("#   %s = ", what);
    boxtoi_poly_fprint(stdout, p, "t");
    printf("\n");
}

/* Record a failure of a random family, showing the first one. */
static long first_fail(long *bad, const char *what, const boxtoi_poly_t a,
                       const boxtoi_poly_t b)
{
    if ((*bad)++ == 0) {
        diag("first failure: %s", what);
        if (a != NULL)
            show("a", a);
        if (b != NULL)
            show("b", b);
    }
    return *bad;
}

/* p = prod (den_i t - num_i) over the given rationals. */
static void from_roots(boxtoi_poly_t p, mpq_t *r, long n)
{
    boxtoi_poly_t f;
    long i;
    boxtoi_poly_init(f);
    boxtoi_poly_set_si(p, 1);
    for (i = 0; i < n; i++) {
        boxtoi_poly_set_linear_root_mpq(f, r[i]);
        boxtoi_poly_mul(p, p, f);
    }
    boxtoi_poly_clear(f);
}

static void set_str_poly(boxtoi_poly_t p, const char *s)
{
    /* Coefficients c0 c1 ... as decimal integers separated by spaces. */
    mpz_t c;
    long i = 0;
    const char *q = s;
    char buf[2048];
    mpz_init(c);
    boxtoi_poly_zero(p);
    while (*q != '\0') {
        size_t n = strcspn(q, " ");
        if (n >= sizeof buf)
            bail("coefficient too long");
        memcpy(buf, q, n);
        buf[n] = '\0';
        if (mpz_set_str(c, buf, 10) != 0)
            bail("bad coefficient %s", buf);
        boxtoi_poly_set_coeff_mpz(p, i++, c);
        q += n;
        while (*q == ' ')
            q++;
    }
    mpz_clear(c);
}

/* ---- basics ------------------------------------------------------------ */

static void test_basics(void)
{
    boxtoi_poly_t p, q;
    long c4[4] = {1, 2, 0, 0};
    mpz_t z, w;
    mpq_t r;

    boxtoi_poly_init(p);
    boxtoi_poly_init2(q, 7);
    mpz_init(z);
    mpz_init(w);
    mpq_init(r);

    is_int(-1, boxtoi_poly_degree(p), "deg 0 = -1");
    ok(boxtoi_poly_is_zero(p) && boxtoi_poly_is_zero(q), "init gives 0");
    ok(boxtoi_poly_equal(p, q), "0 == 0 whatever the allocation");
    is_int(0, boxtoi_poly_sgn_lc(p), "sgn lc of 0");
    is_int(0, boxtoi_poly_max_bits(p), "max_bits of 0");

    boxtoi_poly_set_coeffs_si(p, c4, 4);
    is_int(1, boxtoi_poly_degree(p), "set_coeffs_si drops leading zeros");
    ok(well_formed(p), "well formed after set_coeffs_si");
    boxtoi_poly_set_coeff_si(p, 5, -3);
    is_int(5, boxtoi_poly_degree(p), "set_coeff beyond the degree grows");
    boxtoi_poly_get_coeff_mpz(z, p, 3);
    is_int(0, mpz_sgn(z), "gap coefficient reads 0");
    boxtoi_poly_get_coeff_mpz(z, p, 99);
    is_int(0, mpz_sgn(z), "coefficient beyond degree reads 0");
    boxtoi_poly_get_coeff_mpz(z, p, 5);
    is_int(-3, mpz_get_si(z), "coefficient 5");
    is_int(-1, boxtoi_poly_sgn_lc(p), "sgn lc");
    boxtoi_poly_set_coeff_si(p, 5, 0);
    is_int(1, boxtoi_poly_degree(p), "zeroing the top renormalises");
    ok(well_formed(p), "well formed after zeroing the top");
    boxtoi_poly_set_coeff_si(p, 9, 0);
    is_int(1, boxtoi_poly_degree(p), "setting 0 beyond the degree");

    /* Direct writes after fit_length, then normalisation. */
    boxtoi_poly_fit_length(p, 10);
    mpz_set_si(p->coeffs + 6, 4);
    boxtoi_poly_set_length_normalise(p, 8);
    is_int(6, boxtoi_poly_degree(p), "set_length_normalise");
    mpz_set_si(p->coeffs + 6, 0);
    boxtoi_poly_set_length_normalise(p, 7);
    is_int(1, boxtoi_poly_degree(p), "set_length_normalise drops zeros");
    ok(well_formed(p), "well formed after set_length_normalise");

    mpz_set_str(z, "-1000000000000000000000000000000", 10);
    boxtoi_poly_set_mpz(p, z);
    is_int(0, boxtoi_poly_degree(p), "set_mpz degree");
    is_int(100, boxtoi_poly_max_bits(p), "max_bits of 10^30");
    boxtoi_poly_set_mpz(p, p->coeffs + 0);
    boxtoi_poly_get_coeff_mpz(w, p, 0);
    is_mpz(z, w, "set_mpz from its own coefficient");
    /* set_coeff from p's own coefficient while p must grow */
    boxtoi_poly_set_coeff_mpz(p, p->alloc + 40, p->coeffs + 0);
    boxtoi_poly_get_coeff_mpz(w, p, boxtoi_poly_degree(p));
    ok(mpz_cmp(w, z) == 0 && well_formed(p),
       "set_coeff_mpz from its own coefficient, growing");
    boxtoi_poly_set_si(p, 0);
    ok(boxtoi_poly_is_zero(p) && well_formed(p), "set_si(0) is 0");

    mpq_set_si(r, 3, 2);
    boxtoi_poly_set_linear_root_mpq(p, r);
    set_str_poly(q, "-3 2");
    is_poly(q, p, "linear root 3/2 gives 2t - 3");
    mpq_set_si(r, -7, 1);
    boxtoi_poly_set_linear_root_mpq(p, r);
    set_str_poly(q, "7 1");
    is_poly(q, p, "linear root -7 gives t + 7");
    mpq_set_si(r, 0, 1);
    boxtoi_poly_set_coeff_si(p, 4, 1);
    boxtoi_poly_set_linear_root_mpq(p, r);
    set_str_poly(q, "0 1");
    ok(boxtoi_poly_equal(q, p) && well_formed(p), "linear root 0 gives t");

    boxtoi_poly_set_coeffs_si(q, c4, 2);
    boxtoi_poly_set_si(p, 5);
    boxtoi_poly_swap(p, q);
    ok(boxtoi_poly_degree(q) == 0 && mpz_cmp_si(q->coeffs, 5) == 0
           && boxtoi_poly_degree(p) == 1 && mpz_cmp_si(p->coeffs + 1, 2) == 0,
       "swap");
    boxtoi_poly_set(p, p);
    is_int(1, boxtoi_poly_degree(p), "set to itself");

    boxtoi_poly_clear(p);
    boxtoi_poly_clear(q);
    mpz_clear(z);
    mpz_clear(w);
    mpq_clear(r);
}

/* ---- text -------------------------------------------------------------- */

static void check_str(const char *coeffs, const char *var, const char *e)
{
    boxtoi_poly_t p;
    boxtoi_strbuf sb;
    FILE *f;
    char buf[256];
    size_t n;
    int rc;

    boxtoi_poly_init(p);
    set_str_poly(p, coeffs);
    boxtoi_strbuf_init(&sb);
    rc = boxtoi_strbuf_puts(&sb, "[");
    rc |= boxtoi_poly_get_str(&sb, p, var);
    is_int(0, rc, "get_str status for %s", e);
    is_str(e, boxtoi_strbuf_str(&sb) + 1, "get_str %s", e);
    f = tmpfile();
    if (f == NULL)
        bail("tmpfile");
    boxtoi_poly_fprint(f, p, var);
    rewind(f);
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    is_str(e, buf, "fprint %s", e);
    boxtoi_strbuf_clear(&sb);
    boxtoi_poly_clear(p);
}

static void test_text(void)
{
    check_str("7 -1 3", "t", "3*t^2 - t + 7");
    check_str("0 -1", "t", "-t");
    check_str("0 0 0 1", "t", "t^3");
    check_str("", "t", "0");
    check_str("-5", "t", "-5");
    check_str("1", "t", "1");
    check_str("-1 1", "x", "x - 1");
    check_str("0 1 0 2", NULL, "2*t^3 + t");
    check_str("-1 0 0 0 0 0 0 0 0 0 -12", "s", "-12*s^10 - 1");
    check_str("123456789012345678901234567890 0 -1", "t",
              "-t^2 + 123456789012345678901234567890");
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

/* ---- division, gcd ----------------------------------------------------- */

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

/* Product of linear factors d t - m with distinct random roots taken from
   the parity class 'cls' of the numerator (so two classes never share a
   root: even vs odd numerators over odd denominators). */
static void rand_roots_poly(boxtoi_poly_t p, long n, int cls, long bits)
{
    mpq_t *r;
    long i;
    r = malloc((size_t)(n > 0 ? n : 1) * sizeof *r);
    if (r == NULL)
        bail("out of memory");
    for (i = 0; i < n; i++) {
        mpq_init(r[i]);
        mpz_urandomb(mpq_numref(r[i]), st, (mp_bitcnt_t)bits);
        mpz_mul_2exp(mpq_numref(r[i]), mpq_numref(r[i]), 1);
        mpz_add_ui(mpq_numref(r[i]), mpq_numref(r[i]), (unsigned long)cls);
        if (rnd(2))
            mpz_neg(mpq_numref(r[i]), mpq_numref(r[i]));
        mpz_urandomb(mpq_denref(r[i]), st, 4);
        mpz_mul_2exp(mpq_denref(r[i]), mpq_denref(r[i]), 1);
        mpz_add_ui(mpq_denref(r[i]), mpq_denref(r[i]), 1);
        mpq_canonicalize(r[i]); /* parity of the numerator survives */
    }
    from_roots(p, r, n);
    for (i = 0; i < n; i++)
        mpq_clear(r[i]);
    free(r);
}

/* Reference gcd: Euclid over Q on mpq coefficient arrays (exponential
   growth, fine for the small inputs used), returned as the canonical
   integer polynomial: clear denominators, then divide by the content. */
static void ref_gcd(boxtoi_poly_t res, const boxtoi_poly_t a,
                    const boxtoi_poly_t b)
{
    mpq_t *base, *u, *v, *w, c, t;
    long du = a->length - 1, dv = b->length - 1, i, j, n;
    mpz_t l;

    n = (du > dv ? du : dv) + 1;
    base = malloc(2 * (size_t)n * sizeof *base);
    if (base == NULL)
        bail("out of memory");
    u = base;
    v = base + n;
    mpq_init(c);
    mpq_init(t);
    mpz_init(l);
    for (i = 0; i < 2 * n; i++)
        mpq_init(base[i]);
    for (i = 0; i <= du; i++)
        mpq_set_z(u[i], a->coeffs + i);
    for (i = 0; i <= dv; i++)
        mpq_set_z(v[i], b->coeffs + i);
    while (dv >= 0) {
        for (i = du; i >= dv; i--) {
            mpq_div(c, u[i], v[dv]);
            for (j = 0; j <= dv; j++) {
                mpq_mul(t, c, v[j]);
                mpq_sub(u[i - dv + j], u[i - dv + j], t);
            }
        }
        if (du >= dv)
            du = dv - 1;
        while (du >= 0 && mpq_sgn(u[du]) == 0)
            du--;
        w = u;
        u = v;
        v = w;
        i = du;
        du = dv;
        dv = i;
    }
    /* u (degree du) is the gcd up to a rational factor */
    mpz_set_ui(l, 1);
    for (i = 0; i <= du; i++)
        mpz_lcm(l, l, mpq_denref(u[i]));
    boxtoi_poly_zero(res);
    for (i = 0; i <= du; i++) {
        mpz_divexact(mpq_denref(t), l, mpq_denref(u[i]));
        mpz_mul(mpq_numref(t), mpq_numref(u[i]), mpq_denref(t));
        boxtoi_poly_set_coeff_mpz(res, i, mpq_numref(t));
    }
    mpq_set_ui(t, 0, 1);
    /* content and sign by hand, not with the library */
    mpz_set_ui(l, 0);
    for (i = 0; i <= du; i++)
        mpz_gcd(l, l, res->coeffs + i);
    if (du >= 0 && mpz_sgn(res->coeffs + du) < 0)
        mpz_neg(l, l);
    for (i = 0; i <= du; i++)
        mpz_divexact(res->coeffs + i, res->coeffs + i, l);
    for (i = 0; i < 2 * n; i++)
        mpq_clear(base[i]);
    free(base);
    mpq_clear(c);
    mpq_clear(t);
    mpz_clear(l);
}

/* boxtoi_poly_squarefree_part_hint: the same result as the general
   square-free part whether the hint applies or not.  Expected values are
   products written out by hand. */
static void test_squarefree_hint(void)
{
    boxtoi_poly_t a, f, g, e, w;

    boxtoi_poly_init(a);
    boxtoi_poly_init(f);
    boxtoi_poly_init(g);
    boxtoi_poly_init(e);
    boxtoi_poly_init(w);
    /* a = -6 (2 t^2 + 2)^2 (t - 3) = -24 (t^2 + 1)^2 (t - 3): the hint
       f = 2 t^2 + 2 has content 2; square-free part
       (t^2 + 1)(t - 3) = t^3 - 3 t^2 + t - 3 */
    set_str_poly(w, "1 0 1");
    boxtoi_poly_mul(a, w, w);
    set_str_poly(f, "-3 1");
    boxtoi_poly_mul(a, a, f);
    boxtoi_poly_scalar_mul_si(a, a, -24);
    set_str_poly(f, "2 0 2");
    set_str_poly(e, "-3 1 -3 1");
    boxtoi_poly_squarefree_part_hint(g, a, f);
    is_poly(e, g, "hint w^2 (t - 3), w with content");
    /* the hint cubed: a / f = (t^2 + 1)^2 (t - 3) is not square-free,
       the general path gives the same e */
    boxtoi_poly_mul(a, a, w);
    boxtoi_poly_squarefree_part_hint(g, a, f);
    is_poly(e, g, "hint whose cube divides a");
    /* f divides a once only: a = (t^2 + 1)(t - 3)^2 */
    set_str_poly(f, "-3 1");
    boxtoi_poly_mul(a, w, f);
    boxtoi_poly_mul(a, a, f);
    boxtoi_poly_squarefree_part_hint(g, a, w);
    is_poly(e, g, "hint dividing a once");
    /* a hint that does not divide a: (t - 3)^2 (t^2 + 1) with t + 5 */
    set_str_poly(f, "5 1");
    boxtoi_poly_squarefree_part_hint(g, a, f);
    is_poly(e, g, "hint that does not divide a");
    /* (t - 3)^2 (t + 2)^2 with hint t - 3: a / f = (t - 3)(t + 2)^2 is
       not square-free; expected (t - 3)(t + 2) = t^2 - t - 6 */
    set_str_poly(a, "-3 1");
    set_str_poly(f, "2 1");
    boxtoi_poly_mul(a, a, f);
    boxtoi_poly_mul(a, a, a);
    set_str_poly(f, "-3 1");
    set_str_poly(e, "-6 -1 1");
    boxtoi_poly_squarefree_part_hint(g, a, f);
    is_poly(e, g, "hint with another square factor left");
    /* constant hint and in place */
    set_str_poly(f, "4");
    boxtoi_poly_squarefree_part_hint(a, a, f);
    is_poly(e, a, "constant hint, in place");
    boxtoi_poly_clear(a);
    boxtoi_poly_clear(f);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(e);
    boxtoi_poly_clear(w);
}

static void test_gcd(void)
{
    boxtoi_poly_t a, b, c, g, h, e;
    long it, n = 120 * tap_multiplier(), bad = 0, bad_sq = 0, bad_ct = 0;
    mpz_t z;

    boxtoi_poly_init(a);
    boxtoi_poly_init(b);
    boxtoi_poly_init(c);
    boxtoi_poly_init(g);
    boxtoi_poly_init(h);
    boxtoi_poly_init(e);
    mpz_init(z);

    for (it = 0; it < n; it++) {
        long bits = it % 10 == 0 ? 1500 : 1 + rnd(30);
        /* gcd(a c, b c) = canonical(c) since gcd(a, b) = 1: the roots
           of a and b have numerators of different parity. */
        rand_roots_poly(a, rnd(5), 0, 1 + rnd(20));
        rand_roots_poly(b, rnd(5), 1, 1 + rnd(20));
        mpz_set_si(z, (long)(1 + rnd(1000)) * (rnd(2) ? -1 : 1));
        boxtoi_poly_scalar_mul_mpz(a, a, z);
        randpoly_deg(c, rnd(6), bits);
        boxtoi_poly_mul(g, a, c);
        boxtoi_poly_mul(h, b, c);
        boxtoi_poly_canonical(e, c);
        boxtoi_poly_gcd(g, g, h); /* aliasing res = a */
        if (!boxtoi_poly_equal(g, e) || !well_formed(g))
            first_fail(&bad, "gcd(a c, b c) = canonical(c)", a, c);
        boxtoi_poly_mul(g, a, c);
        boxtoi_poly_gcd(h, g, h); /* aliasing res = b */
        boxtoi_poly_gcd(g, g, g); /* gcd(x, x) = canonical(x) */
        boxtoi_poly_mul(a, a, c);
        boxtoi_poly_canonical(a, a);
        if (!boxtoi_poly_equal(h, e) || !boxtoi_poly_equal(g, a))
            first_fail(&bad, "gcd aliasing", a, c);

        /* content and primitive part: content(z c) = |z| content(c) */
        boxtoi_poly_content(z, c);
        boxtoi_poly_primitive_part(g, c);
        boxtoi_poly_scalar_mul_mpz(h, g, z);
        boxtoi_poly_content(z, g);
        if (!boxtoi_poly_equal(h, c) || mpz_cmp_ui(z, 1) != 0
            || boxtoi_poly_sgn_lc(g) != boxtoi_poly_sgn_lc(c))
            first_fail(&bad_ct, "content * primitive part", c, NULL);

        /* square-free part of a product of distinct linear factors with
           multiplicities is their product (canonical). */
        {
            /* roots r_k = off + k + u_k, u_k in [0, 1): distinct; b is
               -3 prod (d_k t - m_k)^(e_k), expected prod (d_k t - m_k)
               made canonical */
            long k, m = 1 + rnd(5), off = rnd(21) - 10;
            boxtoi_poly_t f;
            mpq_t rk;
            boxtoi_poly_init(f);
            mpq_init(rk);
            boxtoi_poly_set_si(a, 1);
            boxtoi_poly_set_si(b, -3);
            for (k = 0; k < m; k++) {
                mpz_urandomb(mpq_denref(rk), st, 1 + (mp_bitcnt_t)rnd(20));
                mpz_add_ui(mpq_denref(rk), mpq_denref(rk), 1);
                mpz_urandomm(mpq_numref(rk), st, mpq_denref(rk));
                mpz_addmul_ui(mpq_numref(rk), mpq_denref(rk),
                              (unsigned long)(k + 10));
                mpz_submul_ui(mpq_numref(rk), mpq_denref(rk), 10);
                mpz_set_si(z, off);
                mpz_addmul(mpq_numref(rk), mpq_denref(rk), z);
                mpq_canonicalize(rk);
                boxtoi_poly_set_linear_root_mpq(f, rk);
                boxtoi_poly_mul(a, a, f);
                boxtoi_poly_pow(f, f, 1 + (unsigned long)rnd(4));
                boxtoi_poly_mul(b, b, f);
            }
            boxtoi_poly_canonical(e, a);
            boxtoi_poly_squarefree_part(g, b);
            if (!boxtoi_poly_equal(g, e) || !well_formed(g))
                first_fail(&bad_sq, "squarefree part", b, NULL);
            boxtoi_poly_clear(f);
            mpq_clear(rk);
        }
    }
    ok(bad == 0, "gcd(a c, b c) = canonical(c) (%ld random)", n);

    /* against Euclid over Q on small inputs with planted factors */
    {
        long bad_q = 0;
        for (it = 0; it < n; it++) {
            randpoly(a, 1 + rnd(5), 1 + rnd(8));
            randpoly(b, 1 + rnd(5), 1 + rnd(8));
            randpoly(c, 1 + rnd(4), 1 + rnd(8));
            if (rnd(4) != 0) {
                boxtoi_poly_mul(a, a, c);
                boxtoi_poly_mul(b, b, c);
            }
            if (rnd(4) == 0)
                boxtoi_poly_mul(b, b, a);
            if (a->length == 0 || b->length == 0)
                continue;
            ref_gcd(e, a, b);
            boxtoi_poly_gcd(g, a, b);
            if (!boxtoi_poly_equal(g, e))
                first_fail(&bad_q, "gcd vs Euclid over Q", a, b);
        }
        ok(bad_q == 0, "gcd agrees with Euclid over Q");
    }
    ok(bad_ct == 0, "content and primitive part");
    ok(bad_sq == 0, "square-free part of powers of distinct factors");

    /* (t-1)^3 (t+2)^2 (t^2-2) times -6 -> (t-1)(t+2)(t^2-2) */
    set_str_poly(a, "-1 1");
    boxtoi_poly_pow(a, a, 3);
    set_str_poly(b, "2 1");
    boxtoi_poly_pow(b, b, 2);
    boxtoi_poly_mul(a, a, b);
    set_str_poly(b, "-2 0 1");
    boxtoi_poly_mul(a, a, b);
    boxtoi_poly_scalar_mul_si(a, a, -6);
    boxtoi_poly_squarefree_part(g, a);
    /* (t-1)(t+2) = t^2 + t - 2; times t^2 - 2: t^4 + t^3 - 4t^2 - 2t + 4 */
    set_str_poly(e, "4 -2 -4 1 1");
    is_poly(e, g, "square-free part of -6 (t-1)^3 (t+2)^2 (t^2-2)");
    boxtoi_poly_squarefree_part(a, a); /* aliasing */
    is_poly(e, a, "square-free part in place");

    /* primes near 2^31 that the modular gcd meets first: 2147483647 is
       prime, 2147483629 the next prime below it.  t (t+1) and
       (t + p)(t+1) have gcd t + 1 but a degree-2 image mod p. */
    {
        const char *pr[2] = {"2147483647", "2147483629"};
        int k;
        for (k = 0; k < 2; k++) {
            set_str_poly(a, "0 1 1");
            mpz_set_str(z, pr[k], 10);
            boxtoi_poly_set_si(b, 1);
            boxtoi_poly_shift_left(b, b, 1);
            boxtoi_poly_set_coeff_mpz(b, 0, z);
            set_str_poly(c, "1 1");
            boxtoi_poly_mul(b, b, c);
            boxtoi_poly_gcd(g, a, b);
            is_poly(c, g, "gcd with the unlucky prime %s", pr[k]);
            /* coprime apart from the unlucky prime: t and t + p */
            set_str_poly(a, "0 1");
            boxtoi_poly_set_si(b, 1);
            boxtoi_poly_shift_left(b, b, 1);
            boxtoi_poly_set_coeff_mpz(b, 0, z);
            boxtoi_poly_gcd(g, a, b);
            set_str_poly(e, "1");
            is_poly(e, g, "gcd(t, t + %s) = 1", pr[k]);
            /* a leading coefficient divisible by the prime:
               (p t + 1)(t - 3) and (t - 3)(t + 5) */
            boxtoi_poly_set_si(a, 1);
            boxtoi_poly_set_coeff_mpz(a, 1, z);
            set_str_poly(c, "-3 1");
            boxtoi_poly_mul(a, a, c);
            set_str_poly(b, "-15 2 1");
            boxtoi_poly_gcd(g, a, b);
            is_poly(c, g, "gcd with lc divisible by %s", pr[k]);
        }
    }

    /* small cases */
    boxtoi_poly_zero(a);
    boxtoi_poly_zero(b);
    boxtoi_poly_gcd(g, a, b);
    ok(boxtoi_poly_is_zero(g), "gcd(0, 0) = 0");
    set_str_poly(a, "-4 -2");
    boxtoi_poly_gcd(g, a, b);
    set_str_poly(e, "2 1");
    is_poly(e, g, "gcd(-2t - 4, 0) = t + 2");
    boxtoi_poly_gcd(g, b, a);
    is_poly(e, g, "gcd(0, -2t - 4) = t + 2");
    set_str_poly(a, "6");
    set_str_poly(b, "4");
    boxtoi_poly_gcd(g, a, b);
    set_str_poly(e, "1");
    is_poly(e, g, "gcd(6, 4) = 1 (primitive)");
    set_str_poly(a, "0 2");
    set_str_poly(b, "0 4");
    boxtoi_poly_gcd(g, a, b);
    set_str_poly(e, "0 1");
    is_poly(e, g, "gcd(2t, 4t) = t");
    set_str_poly(a, "-1 0 1");   /* (t-1)(t+1) */
    set_str_poly(b, "1 2 1");    /* (t+1)^2 */
    boxtoi_poly_gcd(g, a, b);
    set_str_poly(e, "1 1");
    is_poly(e, g, "gcd(t^2 - 1, (t+1)^2) = t + 1");
    set_str_poly(a, "1 0 1");
    set_str_poly(b, "-1 0 1");
    boxtoi_poly_gcd(g, a, b);
    set_str_poly(e, "1");
    is_poly(e, g, "gcd(t^2 + 1, t^2 - 1) = 1");
    set_str_poly(a, "-7");
    boxtoi_poly_squarefree_part(g, a);
    is_poly(e, g, "square-free part of -7 is 1");
    boxtoi_poly_zero(a);
    boxtoi_poly_squarefree_part(g, a);
    ok(boxtoi_poly_is_zero(g), "square-free part of 0 is 0");
    boxtoi_poly_content(z, a);
    is_int(0, mpz_sgn(z), "content(0) = 0");
    boxtoi_poly_primitive_part(g, a);
    boxtoi_poly_canonical(h, a);
    ok(boxtoi_poly_is_zero(g) && boxtoi_poly_is_zero(h),
       "primitive part and canonical form of 0");
    set_str_poly(a, "6 0 -9");
    boxtoi_poly_content(z, a);
    is_int(3, mpz_get_si(z), "content(-9t^2 + 6) = 3");
    boxtoi_poly_primitive_part(g, a);
    set_str_poly(e, "2 0 -3");
    is_poly(e, g, "primitive part keeps the sign");
    boxtoi_poly_canonical(a, a);
    set_str_poly(e, "-2 0 3");
    is_poly(e, a, "canonical makes lc > 0");

    boxtoi_poly_clear(a);
    boxtoi_poly_clear(b);
    boxtoi_poly_clear(c);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(h);
    boxtoi_poly_clear(e);
    mpz_clear(z);
}

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
        if (deg > 0) {
            mpz_pow_ui(z, mpq_denref(cq), (unsigned long)deg);
            mpq_set_z(t, z);
            mpq_mul(w, w, t);
        }
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
        if (deg > 0) {
            mpz_pow_ui(z, mpq_denref(cq), (unsigned long)deg);
            mpq_set_z(t, z);
            mpq_mul(w, w, t);
        }
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

/* The word-size product kernel of lib/poly/arith.c (coefficients whose
   products sum within 62 bits) against the GMP path: a b is compared
   with (2^70 a) b / 2^70, whose operand is too large for the kernel.
   Sizes straddle the kernel's bounds (coefficients of 1 to 40 bits,
   lengths 1 to 40, so sums of up to 32 terms and beyond), with
   addmul and submul into a non-zero accumulator, and the extremes
   +-(2^31 - 1) over 32 terms by hand (sum 32 (2^31 - 1)^2 < 2^67: the
   kernel must refuse).  Likewise the word-size exact division of
   lib/poly/gcd.c, on exact and inexact divisions. */
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

/* ---- arithmetic mod p (lib/poly/nmod.h) ------------------------------

   nmod_mul against GMP's product and remainder; nmod_poly_gcd on
   products of distinct linear factors, where the monic gcd is known by
   construction: gcd(a c, b c) = c for a, b, c products of (t - r) with
   all roots distinct mod p.  The degrees reach both of its elimination
   steps (inverse-free for short remainders, Euclid's with an inverse
   for long ones); p = 2^61 - 1 is the modulus of lib/contact/
   relmotion128.c, the others those of gcdmod.c. */

/* x[0..n] = prod_{i < n} (t - (r0 + i)) mod p; its degree n */
static long roots_poly(unsigned long long *x, long n, unsigned long long r0,
                       const nmod_t *mp)
{
    long i, j;
    x[0] = 1;
    for (i = 0; i < n; i++) {
        unsigned long long r = (r0 + (unsigned long long)i) % mp->p;
        x[i + 1] = 0;
        for (j = i + 1; j >= 1; j--)
            x[j] = nmod_sub(x[j - 1], nmod_mul(r, x[j], mp), mp);
        x[0] = nmod_sub(0, nmod_mul(r, x[0], mp), mp);
    }
    return n;
}

static void mul_naive(unsigned long long *r, const unsigned long long *a,
                      long da, const unsigned long long *b, long db,
                      const nmod_t *mp)
{
    long i, j;
    for (i = 0; i <= da + db; i++)
        r[i] = 0;
    for (i = 0; i <= da; i++)
        for (j = 0; j <= db; j++)
            r[i + j] = (r[i + j] + nmod_mul(a[i], b[j], mp)) % mp->p;
}

static void test_nmod(void)
{
    static const unsigned long long mods[] = {
        3, 65537, 2147483629ULL, 2147483647ULL,
#ifdef BOXTOI_HAVE_I128
        0x1fffffffffffffffULL, 0x3fffffffffffffc7ULL, /* 2^62 - 57 */
        1000000007ULL * 3ULL,
#endif
    };
    int nm = (int)(sizeof mods / sizeof mods[0]), k, bad_mul = 0;
    int bad_gcd = 0, tried = 0;
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    for (k = 0; k < nm; k++) {
        nmod_t mp;
        long i;
        nmod_init(&mp, mods[k]);
        for (i = 0; i < 20000; i++) {
            unsigned long long a, b, r;
            a = i < 4 ? mods[k] - 1 - (unsigned long long)i % mods[k]
                      : gmp_urandomm_ui(st, 1UL << 62) % mods[k];
            b = i < 4 ? mods[k] - 1 : gmp_urandomm_ui(st, 1UL << 62) % mods[k];
            r = nmod_mul(a, b, &mp);
            mpz_set_ui(x, a);
            mpz_mul_ui(x, x, b);
            if (mpz_fdiv_ui(x, mods[k]) != r && bad_mul++ == 0)
                diag("%llu * %llu mod %llu: %llu", a, b, mods[k], r);
        }
    }
    for (k = 1; k < nm; k++) {
        nmod_t mp;
        long da, db, dc;
        if (k == 6)
            continue; /* not a prime */
        nmod_init(&mp, mods[k]);
        for (da = 0; da <= 14; da += 2)
            for (db = 0; db <= 14; db += 3)
                for (dc = 0; dc <= 8; dc++) {
                    unsigned long long a[16], b[16], c[10], u[26], v[26],
                        g[26];
                    long dg, i;
                    roots_poly(a, da, 1, &mp);
                    roots_poly(b, db, 100, &mp);
                    roots_poly(c, dc, 1000, &mp);
                    mul_naive(u, a, da, c, dc, &mp);
                    mul_naive(v, b, db, c, dc, &mp);
                    dg = nmod_poly_gcd(g, u, da + dc, v, db + dc, &mp);
                    tried++;
                    if (dg != dc) {
                        bad_gcd++;
                        continue;
                    }
                    for (i = 0; i <= dc; i++)
                        if (g[i] != c[i]) {
                            bad_gcd++;
                            break;
                        }
                }
    }
    is_int(0, bad_mul, "nmod_mul is GMP's a b mod p (%d moduli)", nm);
    is_int(0, bad_gcd, "nmod_poly_gcd(a c, b c) = c (%d products)", tried);
    mpz_clears(x, y, NULL);
}

#ifdef BOXTOI_HAVE_I128
/* poly_i128_dot (lib/poly/poly128.c): its value against GMP's products
   (an independent computation) and its size bound against the exact
   bit length; where it reports an overflow, the product-by-product
   reference poly_i128_addmul must report one too (dot then is that
   reference).  The sizes reach the 64-bit products, the 128-bit ones
   and the fallback. */
static void test_dot128(void)
{
    static const long sizes[] = {3, 20, 40, 61, 62, 63, 64, 90, 126};
    int bad = 0, over = 0, tried = 0, k;
    for (k = 0; k < 4000; k++) {
        boxtoi_poly_t pa[4], pb[4], want, t, got;
        poly_i128 a[4], b[4], r, r2;
        const poly_i128 *u[4], *v[4];
        int s[4], n = 1 + (int)rnd(4), plus = rnd(3) == 0, i, okref = 1;
        long bits = sizes[rnd(9)];
        boxtoi_poly_init(want);
        boxtoi_poly_init(t);
        boxtoi_poly_init(got);
        for (i = 0; i < n; i++) {
            boxtoi_poly_init(pa[i]);
            boxtoi_poly_init(pb[i]);
            randpoly(pa[i], rnd(8), bits);
            randpoly(pb[i], rnd(8), rnd(3) == 0 ? sizes[rnd(9)] : bits);
            poly_i128_set_poly(a + i, pa[i]); /* below 2^126: fits */
            poly_i128_set_poly(b + i, pb[i]);
            s[i] = plus || rnd(2) ? 1 : -1;
            u[i] = a + i;
            v[i] = b + i;
            boxtoi_poly_mul(t, pa[i], pb[i]);
            if (s[i] > 0)
                boxtoi_poly_add(want, want, t);
            else
                boxtoi_poly_sub(want, want, t);
        }
        tried++;
        if (poly_i128_dot(&r, n, u, v, plus ? NULL : s)) {
            poly_i128_get_poly(got, &r);
            if ((!boxtoi_poly_equal(got, want)
                 || r.bits < boxtoi_poly_max_bits(want)
                 || (r.len > 0 && r.c[r.len - 1] == 0))
                && bad++ == 0)
                diag("dot of %d products of %ld bits differs", n, bits);
        } else {
            over++;
            poly_i128_zero(&r2);
            for (i = 0; i < n; i++)
                okref = okref && poly_i128_addmul(&r2, a + i, b + i, s[i]);
            if (okref && bad++ == 0)
                diag("dot overflowed where addmul did not (%ld bits)", bits);
        }
        for (i = 0; i < n; i++) {
            boxtoi_poly_clear(pa[i]);
            boxtoi_poly_clear(pb[i]);
        }
        boxtoi_poly_clear(want);
        boxtoi_poly_clear(t);
        boxtoi_poly_clear(got);
    }
    is_int(0, bad, "poly_i128_dot = GMP's sum of products (%d sums, %d "
           "overflows)", tried, over);
    /* poly_i128_divexact on a = h q built by GMP (quotient q, 64- and
       128-bit paths) and on a + 1 (not divisible when deg h >= 1) */
    bad = 0;
    for (k = 0; k < 3000; k++) {
        boxtoi_poly_t ph, pq, pa, got;
        poly_i128 h, a, q;
        long bits = sizes[rnd(7)] / 2;
        boxtoi_poly_init(ph);
        boxtoi_poly_init(pq);
        boxtoi_poly_init(pa);
        boxtoi_poly_init(got);
        randpoly_deg(ph, 1 + rnd(3), bits);
        randpoly(pq, rnd(5), bits);
        boxtoi_poly_mul(pa, ph, pq);
        poly_i128_set_poly(&h, ph);
        poly_i128_set_poly(&a, pa);
        if (!poly_i128_divexact(&q, &a, &h)) {
            if (bad++ == 0)
                diag("divexact failed on h q (%ld bits)", bits);
        } else {
            poly_i128_get_poly(got, &q);
            if (!boxtoi_poly_equal(got, pq) && bad++ == 0)
                diag("divexact(h q, h) != q (%ld bits)", bits);
        }
        a.c[0] += 1;
        if (a.len == 0)
            a.len = 1;
        if (poly_i128_divexact(&q, &a, &h) && bad++ == 0)
            diag("divexact(h q + 1, h) succeeded (%ld bits)", bits);
        boxtoi_poly_clear(ph);
        boxtoi_poly_clear(pq);
        boxtoi_poly_clear(pa);
        boxtoi_poly_clear(got);
    }
    is_int(0, bad, "poly_i128_divexact(h q, h) = q (GMP's product), "
           "h q + 1 refused");
}

/* poly_i128_mul by a constant (its scaling branch) against GMP's
   product and against the accumulating reference poly_i128_addmul:
   the same success (overflow exactly when a product leaves the 128-bit
   integers), the same coefficients, and the exact bit length. */
static void test_mul128_const(void)
{
    static const long sizes[] = {3, 20, 40, 61, 62, 63, 64, 90, 126};
    int bad = 0, over = 0, k;
    for (k = 0; k < 3000; k++) {
        boxtoi_poly_t pa, pb, want, got;
        poly_i128 a, b, r, r2;
        int ok1, ok2;
        boxtoi_poly_init(pa);
        boxtoi_poly_init(pb);
        boxtoi_poly_init(want);
        boxtoi_poly_init(got);
        randpoly(pa, rnd(8), sizes[rnd(9)]);
        randpoly_deg(pb, 0, sizes[rnd(9)]);
        poly_i128_set_poly(&a, pa);
        poly_i128_set_poly(&b, pb);
        boxtoi_poly_mul(want, pa, pb);
        ok1 = poly_i128_mul(&r, &a, &b);
        poly_i128_zero(&r2);
        ok2 = poly_i128_addmul(&r2, &a, &b, 1);
        over += !ok1;
        if (ok1 != ok2 || ok1 != (boxtoi_poly_max_bits(want) <= 127)) {
            if (bad++ == 0)
                diag("constant product: mul %d, addmul %d", ok1, ok2);
        } else if (ok1) {
            poly_i128_get_poly(got, &r);
            if ((!boxtoi_poly_equal(got, want)
                 || r.bits != boxtoi_poly_max_bits(want))
                && bad++ == 0)
                diag("constant product differs from GMP's");
        }
        boxtoi_poly_clear(pa);
        boxtoi_poly_clear(pb);
        boxtoi_poly_clear(want);
        boxtoi_poly_clear(got);
    }
    is_int(0, bad, "poly_i128_mul by a constant = GMP's product = "
           "poly_i128_addmul's (%d overflows)", over);
}
#endif

int main(void)
{
    plan_lazy();
    tap_randinit(st);
    test_basics();
    test_text();
    test_arith();
    test_mul_small();
    test_mul_const();
    test_division();
    test_gcd();
    test_squarefree_hint();
    test_eval();
    test_subst();
    test_roots_info();
    test_mpfr();
    test_nmod();
#ifdef BOXTOI_HAVE_I128
    test_dot128();
    test_mul128_const();
#endif
    gmp_randclear(st);
    return 0;
}
