/* t/linfac-t.c: tests of the rational roots divided out before the
   minimal polynomial is factored (lib/alg/linfac.c) and of the branches
   of lib/alg/minpoly.c that use them.

   Every polynomial is a product whose factorisation is known by
   construction: distinct linear factors d t - n, times irreducibles
   (cyclotomic polynomials Phi_3, Phi_5, Phi_7, Phi_9, t^k - 2 and random
   monic polynomials with every lower coefficient even and the constant
   2 mod 4, irreducible by Eisenstein's criterion at 2).  The number of
   linear factors and the cofactor are compared with the construction
   and with FLINT's factorisation (Zassenhaus / van Hoeij: a different
   method from the lifting of roots modulo a small prime). */
#include <string.h>
#include <flint/fmpz_poly.h>
#include "lib/util/impl.h"
#include "tap.h"
#include "lib/alg/impl.h"

/* fac = FLINT's factorisation of f. */
static void flint_factor(fmpz_poly_factor_t fac, const boxtoi_poly_t f)
{
    fmpz_poly_t x;
    slong i;
    fmpz_poly_init(x);
    for (i = 0; i <= boxtoi_poly_degree(f); i++)
        fmpz_poly_set_coeff_mpz(x, i, f->coeffs + i);
    fmpz_poly_factor(fac, x);
    fmpz_poly_clear(x);
}

/* h = FLINT's polynomial p. */
static void from_flint(boxtoi_poly_t h, const fmpz_poly_t p)
{
    mpz_t c;
    slong j;
    mpz_init(c);
    boxtoi_poly_zero(h);
    for (j = 0; j < fmpz_poly_length(p); j++) {
        fmpz_poly_get_coeff_mpz(c, p, j);
        boxtoi_poly_set_coeff_mpz(h, j, c);
    }
    mpz_clear(c);
}

/* The number of factors of degree 1 of f by FLINT, and g = the product
   of its other factors (canonical); -1 when FLINT finds a square. */
static int flint_linear(boxtoi_poly_t g, const boxtoi_poly_t f)
{
    fmpz_poly_factor_t fac;
    boxtoi_poly_t h;
    slong i;
    int nlin = 0;

    fmpz_poly_factor_init(fac);
    boxtoi_poly_init(h);
    flint_factor(fac, f);
    boxtoi_poly_set_si(g, 1);
    for (i = 0; i < fac->num; i++) {
        if (fac->exp[i] != 1)
            nlin = -1;
        if (fmpz_poly_degree(fac->p + i) == 1) {
            if (nlin >= 0)
                nlin++;
            continue;
        }
        from_flint(h, fac->p + i);
        boxtoi_poly_mul(g, g, h);
    }
    boxtoi_poly_canonical(g, g);
    boxtoi_poly_clear(h);
    fmpz_poly_factor_clear(fac);
    flint_cleanup();
    return nlin;
}

/* f = lin * rest: checks that the library removes nlin linear factors
   and leaves rest (up to content and sign), as FLINT does. */
static void check_split(const boxtoi_poly_t lin, int nlin,
                        const boxtoi_poly_t rest, const char *name)
{
    boxtoi_poly_t f, h, g, want;
    int k;
    boxtoi_poly_init(f);
    boxtoi_poly_init(h);
    boxtoi_poly_init(g);
    boxtoi_poly_init(want);
    boxtoi_poly_mul(f, lin, rest);
    boxtoi_poly_canonical(want, rest);
    k = alg_remove_linear_factors(h, f);
    ok(k == nlin, "%s: %d linear factors removed (got %d)", name, nlin, k);
    boxtoi_poly_canonical(h, h);
    is_poly(want, h, "%s: the cofactor", name);
    ok(flint_linear(g, f) == nlin, "%s: FLINT counts %d linear factors",
       name, nlin);
    is_poly(want, g, "%s: FLINT's other factors", name);
    boxtoi_poly_clear(f);
    boxtoi_poly_clear(h);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(want);
}

/* p = the polynomial with coefficients given low to high as a string
   of decimal integers separated by spaces. */
static void set_str(boxtoi_poly_t p, const char *s)
{
    char buf[256], *tok;
    mpz_t c;
    long i = 0;
    if (strlen(s) >= sizeof buf)
        bail("set_str: too long");
    strcpy(buf, s);
    mpz_init(c);
    boxtoi_poly_zero(p);
    for (tok = strtok(buf, " "); tok != NULL;
         tok = strtok(NULL, " ")) {
        if (mpz_set_str(c, tok, 10) != 0)
            bail("set_str: %s", s);
        boxtoi_poly_set_coeff_mpz(p, i++, c);
    }
    mpz_clear(c);
}

/* Hand-made splits.  Phi_7 and t^5 - 2 have no rational root, so the
   linear factors are exactly those multiplied in; (P t - 1) with P the
   product of the primes 101..157 leaves no prime to lift modulo, so the
   answer is "undecided" (-1). */
static void test_hand(void)
{
    boxtoi_poly_t lin, rest, f, h;
    boxtoi_poly_init(lin);
    boxtoi_poly_init(rest);
    boxtoi_poly_init(f);
    boxtoi_poly_init(h);

    set_str(lin, "-4 3"); /* 3t - 4 */
    set_str(f, "7 1");
    boxtoi_poly_mul(lin, lin, f);
    set_str(rest, "-2 0 0 0 0 1");
    check_split(lin, 2, rest, "(3t-4)(t+7)(t^5-2)");

    set_str(lin, "-123456789012345 1000003"); /* roots beyond 2^40 */
    set_str(f, "987654321 -2");
    boxtoi_poly_mul(lin, lin, f);
    set_str(rest, "1 1 1 1 1 1 1"); /* Phi_7 */
    check_split(lin, 2, rest, "big roots, Phi_7");

    set_str(lin, "1");
    set_str(rest, "-2 0 0 1");
    set_str(f, "1 1 1");
    boxtoi_poly_mul(rest, rest, f);
    check_split(lin, 0, rest, "(t^3-2) Phi_3: no rational root");

    /* P = 101 103 ... 157: every prime divides lc */
    set_str(f, "-1 15343363347736655767223341");
    ok(mpz_divisible_ui_p(f->coeffs + 1, 101UL * 103 * 107 * 109)
           && mpz_divisible_ui_p(f->coeffs + 1, 113UL * 127 * 131 * 137)
           && mpz_divisible_ui_p(f->coeffs + 1, 139UL * 149 * 151 * 157),
       "P is a multiple of 101 .. 157");
    set_str(rest, "-2 0 0 1");
    boxtoi_poly_mul(f, f, rest);
    ok(alg_remove_linear_factors(h, f) == -1,
       "(P t - 1)(t^3 - 2): no prime to lift modulo, undecided");

    boxtoi_poly_clear(lin);
    boxtoi_poly_clear(rest);
    boxtoi_poly_clear(f);
    boxtoi_poly_clear(h);
}

/* The root of want in [lo, hi] of want * other, made minimal by how:
   HOW_MIN, boxtoi_alg_minimise (each branch of minpoly.c that divides
   rational roots out); HOW_CANON, boxtoi_alg_canonicalise; HOW_COFACTOR,
   boxtoi_alg_canonicalise_cofactor with a held by the product times
   t^2 + 1 and the product given as the cofactor.  Through canonicalise
   a need not be irrational: the rational roots divided out after the
   degree sets stopped early decide it (lib/alg/canon.c), and a rational
   a must come out exact.  want_s is a's minimal polynomial by
   construction. */
enum { HOW_MIN, HOW_CANON, HOW_COFACTOR };

static void root_case(const char *want_s, const char *other_s,
                      const char *lo, const char *hi, int how,
                      const char *name)
{
    boxtoi_poly_t want, other, p, q;
    boxtoi_alg_t a, b;
    mpq_t l, h;
    boxtoi_poly_init(want);
    boxtoi_poly_init(other);
    boxtoi_poly_init(p);
    boxtoi_poly_init(q);
    boxtoi_alg_init(a);
    boxtoi_alg_init(b);
    mpq_init(l);
    mpq_init(h);
    set_str(want, want_s);
    set_str(other, other_s);
    set_str(q, "1 0 1");
    boxtoi_poly_mul(p, want, other);
    if (how == HOW_COFACTOR)
        boxtoi_poly_mul(q, q, p);
    mpq_set_str(l, lo, 10);
    mpq_set_str(h, hi, 10);
    if (boxtoi_alg_set_poly_interval(a, how == HOW_COFACTOR ? q : p, l, h)
        != BOXTOI_OK)
        bail("%s: set_poly_interval", name);
    boxtoi_alg_set(b, a);
    if (how == HOW_MIN)
        boxtoi_alg_minimise(a);
    else if (how == HOW_COFACTOR)
        boxtoi_alg_canonicalise_cofactor(a, p);
    else
        boxtoi_alg_canonicalise(a);
    boxtoi_poly_canonical(want, want);
    is_poly(want, &a->poly, "%s: minimal polynomial", name);
    if (how == HOW_MIN)
        ok(boxtoi_alg_cmp(a, b) == 0 && tap_alg_invariant(a),
           "%s: same number, invariant", name);
    else
        ok(boxtoi_alg_cmp(a, b) == 0 && tap_alg_invariant(a)
               && (boxtoi_poly_degree(want) > 1 || mpq_equal(a->lo, a->hi)),
           "%s: same number, invariant, exact when rational", name);
    mpq_clear(l);
    mpq_clear(h);
    boxtoi_alg_clear(a);
    boxtoi_alg_clear(b);
    boxtoi_poly_clear(want);
    boxtoi_poly_clear(other);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(q);
}

static void min_case(const char *want_s, const char *other_s,
                     const char *lo, const char *hi, const char *name)
{
    root_case(want_s, other_s, lo, hi, HOW_MIN, name);
}

/* cofactor: 0 through boxtoi_alg_canonicalise, 1 through
   boxtoi_alg_canonicalise_cofactor (root_case). */
static void canon_case(const char *want_s, const char *other_s,
                       const char *lo, const char *hi, int cofactor,
                       const char *name)
{
    root_case(want_s, other_s, lo, hi, cofactor ? HOW_COFACTOR : HOW_CANON,
              name);
}

/* 2^(1/5) ~ 1.1487, sqrt 2 ~ 1.4142, 2^(1/3) ~ 1.2599, 2^(1/4) ~
   1.1892; the other factors' real roots are rational, or -1.26 and
   -1.19 for t^3 + 2 and t^4 - 2, outside the intervals. */
static void test_minimise(void)
{
    boxtoi_poly_t f6;
    boxtoi_poly_init(f6);
    /* divided out, then the degree sets prove t^5 - 2 */
    min_case("-2 0 0 0 0 1", "-28 17 3", "57/50", "23/20",
             "(t^5-2)(3t-4)(t+7): degree sets after");
    /* divided out, a quadratic is left */
    min_case("-2 0 1", "-15 -32 -3 2", "141/100", "71/50",
             "(t^2-2)(2t+1)(t-5)(t+3): quadratic after");
    /* divided out, FLINT factors the rest: Phi_7 (t^3 - 2) */
    min_case("-2 0 0 1", "-1 0 0 0 0 0 0 1", "5/4", "63/50",
             "(t^3-2)(t^7-1): FLINT after");
    /* f = t^6 + 8t^5 - 16t^4 - 4t^3 - 16t^2 + 2t - 6, irreducible by
       Eisenstein at 2, has a root modulo each of the first 8 primes the
       degree-set test uses (found by a search in Python, each root
       found by trying every residue): the test stops early (-1), no
       rational root is found, and the full test runs after; alone, and
       with a rational root beside it (f(2.1) < 0 < f(2.2)) */
    set_str(f6, "-6 2 -16 -4 -16 8 1");
    ok(alg_irreducible_by_degrees_or_linear(f6, 1) == -1,
       "Eisenstein sextic: the degree sets stop early");
    ok(alg_irreducible_by_degrees_or_linear(f6, 0) >= 0,
       "Eisenstein sextic: without stop, it never gives up early");
    min_case("-6 2 -16 -4 -16 8 1", "1", "21/10", "11/5",
             "Eisenstein sextic: stopped, no rational root, full test");
    min_case("-6 2 -16 -4 -16 8 1", "-4 3", "21/10", "11/5",
             "Eisenstein sextic (3t-4): stopped, divided out");
    /* the same products canonicalised: the rational root 4/3 (f6 < 0
       on [13/10, 7/5]: f6(t) < -20 there, each term bounded by hand)
       and f6's root, each with and without the cofactor */
    canon_case("-4 3", "-6 2 -16 -4 -16 8 1", "13/10", "7/5", 0,
               "Eisenstein sextic (3t-4), 4/3: canonicalise");
    canon_case("-4 3", "-6 2 -16 -4 -16 8 1", "13/10", "7/5", 1,
               "Eisenstein sextic (3t-4), 4/3: cofactor");
    canon_case("-6 2 -16 -4 -16 8 1", "-4 3", "21/10", "11/5", 0,
               "Eisenstein sextic (3t-4), its root: canonicalise");
    canon_case("-6 2 -16 -4 -16 8 1", "-4 3", "21/10", "11/5", 1,
               "Eisenstein sextic (3t-4), its root: cofactor");
    canon_case("-6 2 -16 -4 -16 8 1", "1", "21/10", "11/5", 0,
               "Eisenstein sextic alone: canonicalise");
    /* undecided: FLINT factors the whole */
    min_case("-2 0 0 0 1",
             "-1 15343363347736655767223341", "59/50", "119/100",
             "(t^4-2)(P t-1): undecided, FLINT");
    boxtoi_poly_clear(f6);
}

/* The quartic's factors of degree 2 from its resolvent cubic
   (lib/alg/quartic.c), against FLINT's factorisation (Zassenhaus / van
   Hoeij, a different method): 1 and one of FLINT's quadratic factors,
   or 0 when FLINT finds it irreducible.  Cases without a rational root
   only (the function's precondition).  Returns 1 when checked. */
static int check_quartic(const boxtoi_poly_t f, const char *name)
{
    fmpz_poly_factor_t fac;
    boxtoi_poly_t q, h;
    slong i;
    int s, nquad = 0, match = 0, lin = 0;

    fmpz_poly_factor_init(fac);
    boxtoi_poly_init(q);
    boxtoi_poly_init(h);
    flint_factor(fac, f);
    s = alg_quartic_split(q, f);
    for (i = 0; i < fac->num; i++) {
        if (fmpz_poly_degree(fac->p + i) == 1 || fac->exp[i] != 1)
            lin = 1;
        if (fmpz_poly_degree(fac->p + i) != 2)
            continue;
        nquad++;
        from_flint(h, fac->p + i);
        boxtoi_poly_canonical(h, h);
        if (s == 1 && boxtoi_poly_equal(h, q))
            match = 1;
    }
    if (!lin) {
        if (nquad > 0)
            ok(s == 1 && match, "%s: a quadratic factor, as FLINT's", name);
        else
            ok(s == 0, "%s: irreducible, as FLINT finds", name);
    }
    boxtoi_poly_clear(q);
    boxtoi_poly_clear(h);
    fmpz_poly_factor_clear(fac);
    flint_cleanup();
    return !lin;
}

/* Hand cases (each factor's irreducibility by hand: the discriminants
   8, 12, 61 and 41 are not squares; t^4 - 10 t^2 + 1 has the roots
   +-sqrt 2 +- sqrt 3, of degree 4, and 2 t^4 - 4 t^3 - 2 t^2 + 4 t - 1
   = ((2t - 1)^4 - 10 (2t - 1)^2 + 1) / 8 the roots (1 +- sqrt 2 +-
   sqrt 3) / 2: reducible modulo every prime, so the degree sets never
   prove them), through the minimal polynomial, then random quartics:
   products of two quadratics with entries in [-20, 20], t^4 - 2 (a + b)
   t^2 + (a - b)^2 (the roots +-sqrt a +- sqrt b) and random quartics,
   against FLINT. */
static void test_quartic(void)
{
    gmp_randstate_t st;
    boxtoi_poly_t f, g;
    long i, k, n = 300 * tap_multiplier(), done = 0;
    char name[64];
    /* want, other, lo, hi, name */
    static const char *const hand[][5] = {
        {"1 0 -10 0 1", "1", "3", "16/5",
         "t^4-10t^2+1: resolvent, irreducible"},
        {"-1 4 -2 -4 2", "1", "2", "21/10",
         "2t^4-4t^3-2t^2+4t-1: resolvent, irreducible"},
        {"-3 0 1", "-2 0 1", "17/10", "7/4",
         "(t^2-3)(t^2-2): resolvent, sqrt 3"},
        {"-2 0 1", "-3 0 1", "7/5", "10/7",
         "(t^2-3)(t^2-2): resolvent, sqrt 2"},
        {"-5 1 3", "1 -7 2", "11/10", "6/5",
         "(3t^2+t-5)(2t^2-7t+1): resolvent, first"},
        {"1 -7 2", "-5 1 3", "33/10", "17/5",
         "(3t^2+t-5)(2t^2-7t+1): resolvent, second"}};

    for (i = 0; i < (long)(sizeof hand / sizeof hand[0]); i++)
        min_case(hand[i][0], hand[i][1], hand[i][2], hand[i][3],
                 hand[i][4]);
    tap_randinit(st);
    boxtoi_poly_init(f);
    boxtoi_poly_init(g);
    for (i = 0; i < n; i++) {
        long a = 2 + (long)gmp_urandomm_ui(st, 30);
        long b = 2 + (long)gmp_urandomm_ui(st, 30);
        boxtoi_poly_zero(f);
        switch (i % 3) {
        case 0:
            for (k = 0; k < 3; k++) {
                boxtoi_poly_set_coeff_si(
                    f, k, (long)gmp_urandomm_ui(st, 41) - 20);
                boxtoi_poly_set_coeff_si(
                    g, k, (long)gmp_urandomm_ui(st, 41) - 20);
            }
            boxtoi_poly_mul(f, f, g);
            break;
        case 1:
            boxtoi_poly_set_coeff_si(f, 4, 1);
            boxtoi_poly_set_coeff_si(f, 2, -2 * (a + b));
            boxtoi_poly_set_coeff_si(f, 0, (a - b) * (a - b));
            break;
        default:
            for (k = 0; k < 5; k++)
                boxtoi_poly_set_coeff_si(
                    f, k, (long)gmp_urandomm_ui(st, 2001) - 1000);
        }
        if (boxtoi_poly_degree(f) != 4)
            continue;
        boxtoi_poly_primitive_part(f, f);
        snprintf(name, sizeof name, "random quartic %ld", i);
        done += check_quartic(f, name);
    }
    ok(done > n / 2, "quartics: %ld of %ld checked (no rational root)",
       done, n);
    boxtoi_poly_clear(f);
    boxtoi_poly_clear(g);
    gmp_randclear(st);
}

/* Random products: 0 to 4 distinct linear factors with coefficients up
   to 2^40, an Eisenstein polynomial of degree 2..8 and at times a
   cyclotomic one. */
static void test_random(void)
{
    static const char *const cyc[] = {"1 1 1", "1 1 1 1 1",
                                      "1 1 1 1 1 1 1", "1 0 0 1 0 0 1"};
    boxtoi_poly_t lin, rest, e, l;
    gmp_randstate_t st;
    mpq_t r;
    mpz_t n, d;
    long i, iters = 200 * tap_multiplier();
    int k, nl;
    char name[64];

    tap_randinit(st);
    boxtoi_poly_init(lin);
    boxtoi_poly_init(rest);
    boxtoi_poly_init(e);
    boxtoi_poly_init(l);
    mpq_init(r);
    mpz_init(n);
    mpz_init(d);
    for (i = 0; i < iters; i++) {
        boxtoi_poly_set_si(lin, 1);
        nl = 0;
        for (k = (int)gmp_urandomm_ui(st, 5); k > 0; k--) {
            mpz_urandomb(n, st, 1 + gmp_urandomm_ui(st, 40));
            if (gmp_urandomm_ui(st, 2))
                mpz_neg(n, n);
            mpz_urandomb(d, st, 1 + gmp_urandomm_ui(st, 40));
            mpz_add_ui(d, d, 1);
            mpq_set_num(r, n);
            mpq_set_den(r, d);
            mpq_canonicalize(r);
            if (boxtoi_poly_sgn_at_mpq(lin, r) == 0)
                continue; /* a repeated root */
            boxtoi_poly_set_linear_root_mpq(l, r);
            boxtoi_poly_mul(lin, lin, l);
            nl++;
        }
        tap_eisenstein(rest, 2 + (long)gmp_urandomm_ui(st, 7), 20, 50, st);
        if (gmp_urandomm_ui(st, 2)) {
            set_str(e, cyc[gmp_urandomm_ui(st, 4)]);
            boxtoi_poly_mul(rest, rest, e);
        }
        snprintf(name, sizeof name, "random %ld", i);
        check_split(lin, nl, rest, name);
    }
    mpz_clear(n);
    mpz_clear(d);
    mpq_clear(r);
    boxtoi_poly_clear(lin);
    boxtoi_poly_clear(rest);
    boxtoi_poly_clear(e);
    boxtoi_poly_clear(l);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    test_hand();
    test_minimise();
    test_quartic();
    test_random();
    return 0;
}
