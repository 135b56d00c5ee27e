/* lib/alg/minpoly.c: the minimal polynomial of an algebraic number.

   The polynomial an algebraic number carries is square-free but may
   have factors besides the one of the number (the seed's contact
   polynomials multiply the planes of a section).  The result format
   (doc/format.md §4.1) prints the minimal polynomial, irreducible over
   Q, primitive, lc > 0, so that the same t is written with the same
   bytes whatever found it (doc/algorithm.md §4.3).

   Method, cheapest first, each step a proof:
   - degree 1, or degree 2 with an irrational root (a quadratic with an
     irrational root has no rational root, so no linear factor): already
     irreducible;
   - the degree-set test (lib/alg/degset.c): the degrees of the
     irreducible factors of f modulo the primes 101 to 251 leave no
     proper subset sum in common;
   - otherwise (or first, when each of the first primes of that test
     shows a root modulo p: a rational root is then likely) the
     rational roots are divided out (lib/alg/linfac.c,
     proved complete by lifting modulo a small prime): the number is
     irrational, so it is a root of what is left, which is minimal when
     quadratic or when the degree-set test now proves it irreducible;
   - a quartic without a rational root: its factors of degree 2 from
     the rational roots of its resolvent cubic (lib/alg/quartic.c);
   - factors the caller knows (alg_minimise_irrational_hints: the
     boxes' weights, a plane's structural factors) divided out where
     they are proved to have no root in [lo, hi], and the steps above
     again on the quotient;
   - otherwise FLINT factors f (what is left of it) over Z (Zassenhaus with van Hoeij's
     lattice step, fmpz_poly_factor), and the factor holding the
     number is the one whose signs at lo and hi differ: f is square-free,
     so its irreducible factors are coprime and exactly one of them has
     the number's root in [lo, hi], an isolating interval of f with
     f(lo) f(hi) < 0; the others have no root there and the same sign
     at both ends.
   Only exact integer arithmetic decides. */
#include <flint/fmpz_poly.h>
#include "lib/util/impl.h"
#include "boxtoi/alg.h"
#include "lib/alg/impl.h"

static void poly_to_fmpz_poly(fmpz_poly_t res, const boxtoi_poly_t a)
{
    long i, n = boxtoi_poly_degree(a) + 1;
    fmpz_poly_zero(res);
    fmpz_poly_fit_length(res, n);
    for (i = 0; i < n; i++)
        fmpz_poly_set_coeff_mpz(res, i, a->coeffs + i);
}

static void poly_from_fmpz_poly(boxtoi_poly_t res, const fmpz_poly_t a)
{
    long i, n = fmpz_poly_length(a);
    mpz_t c;
    mpz_init(c);
    boxtoi_poly_zero(res);
    for (i = n - 1; i >= 0; i--) {
        fmpz_poly_get_coeff_mpz(c, a, i);
        boxtoi_poly_set_coeff_mpz(res, i, c);
    }
    mpz_clear(c);
}

/* Replaces a->poly by its irreducible factor that vanishes at a (a
   irrational, lo < hi, degree >= 3 or a factorisation needed). */
static void factor_and_pick(boxtoi_alg_t a, fmpz_poly_t f)
{
    fmpz_poly_factor_t fac;
    boxtoi_poly_t g;
    slong i;
    int found = 0;

    boxtoi_poly_init(g);
    fmpz_poly_factor_init(fac);
    fmpz_poly_factor(fac, f);
    for (i = 0; i < fac->num && !found; i++) {
        int slo, shi;
        poly_from_fmpz_poly(g, fac->p + i);
        slo = boxtoi_poly_sgn_at_mpq(g, a->lo);
        shi = boxtoi_poly_sgn_at_mpq(g, a->hi);
        if (slo * shi < 0) {
            if (boxtoi_poly_sgn_lc(g) < 0)
                boxtoi_poly_neg(g, g);
            boxtoi_poly_swap(&a->poly, g);
            found = 1;
        }
    }
    /* found is always set (see above); otherwise a keeps its poly,
       which is still a valid representation */
    fmpz_poly_factor_clear(fac);
    boxtoi_poly_clear(g);
    /* FLINT keeps a per-thread cache of the GMP integers behind large
       fmpz; release it, so that nothing allocated here outlives the
       call (valgrind would count the cache as possibly lost) */
    flint_cleanup();
}

/* Divides the rational roots out of a->poly (a irrational, so not one
   of them): 1 when what is left is then proved irreducible, and is a's
   minimal polynomial; 0 when roots were divided out but the rest is not
   proved irreducible; -1 when there was none to divide out (or
   undecided), a->poly unchanged.  With rational not NULL, a may be
   rational: *rational = 1 when one of the roots lies in [lo, hi] (it
   is then a, the only root of a->poly there), a set to it and 1
   returned; 0 when none does (a is then irrational); -1 when
   undecided (a unchanged). */
static int without_rational_roots(boxtoi_alg_t a, int *rational)
{
    mpq_t roots[64];
    boxtoi_poly_t h;
    long n = boxtoi_poly_degree(&a->poly), i;
    int proved = -1, k;
    if (rational != NULL) {
        if (n > 63) {
            *rational = -1;
            return -1;
        }
        for (i = 0; i < n; i++)
            mpq_init(roots[i]);
    }
    boxtoi_poly_init(h);
    k = alg_linear_factors(h, rational != NULL ? roots : NULL, &a->poly);
    if (rational != NULL) {
        *rational = k < 0 ? -1 : 0;
        for (i = 0; i < k && *rational == 0; i++)
            if (mpq_cmp(a->lo, roots[i]) <= 0
                && mpq_cmp(roots[i], a->hi) <= 0) {
                mpq_set(a->lo, roots[i]);
                mpq_set(a->hi, roots[i]);
                boxtoi_alg_normalise(a); /* d t - n */
                *rational = 1;
                proved = 1;
            }
        for (i = 0; i < n; i++)
            mpq_clear(roots[i]);
    }
    if (k > 0 && proved == -1) {
        /* a is a root of h, which divides the square-free a->poly: the
           interval still isolates it with values of opposite sign at the
           ends; h is made primitive with lc > 0, as minimal polynomials
           are written */
        boxtoi_poly_primitive_part(h, h);
        if (boxtoi_poly_sgn_lc(h) < 0)
            boxtoi_poly_neg(h, h);
        boxtoi_poly_swap(&a->poly, h);
        proved = boxtoi_poly_degree(&a->poly) <= 2
                 || alg_irreducible_by_degrees(&a->poly);
    }
    boxtoi_poly_clear(h);
    return proved;
}

/* a->poly of degree 4 without a rational root (proved here): 1 when
   its minimal polynomial is decided by the resolvent cubic
   (lib/alg/quartic.c) and set (primitive, lc > 0): the quadratic
   factor whose signs at lo and hi differ (as in factor_and_pick), or
   a->poly itself when it has no quadratic factor; 0 when undecided. */
static int quartic_minimal(boxtoi_alg_t a)
{
    boxtoi_poly_t q, h;
    int s = -1;

    if (boxtoi_poly_degree(&a->poly) != 4)
        return 0;
    boxtoi_poly_init(q);
    boxtoi_poly_init(h);
    if (alg_remove_linear_factors(h, &a->poly) == 0)
        s = alg_quartic_split(q, &a->poly);
    if (s == 1) {
        /* a->poly = q h: exactly one of the two coprime quadratics
           changes sign on [lo, hi] */
        if (boxtoi_poly_divexact(h, &a->poly, q) != BOXTOI_OK)
            s = -1; /* (q divides: alg_quartic_split checked it) */
        else if (boxtoi_poly_sgn_at_mpq(q, a->lo)
                     * boxtoi_poly_sgn_at_mpq(q, a->hi)
                 < 0)
            boxtoi_poly_swap(&a->poly, q);
        else
            boxtoi_poly_swap(&a->poly, h);
    }
    if (s >= 0) {
        boxtoi_poly_primitive_part(&a->poly, &a->poly);
        if (boxtoi_poly_sgn_lc(&a->poly) < 0)
            boxtoi_poly_neg(&a->poly, &a->poly);
    }
    boxtoi_poly_clear(q);
    boxtoi_poly_clear(h);
    return s >= 0;
}

void boxtoi_alg_minimise(boxtoi_alg_t a)
{
    mpq_t q;
    int rational;
    mpq_init(q);
    rational = boxtoi_alg_get_mpq(q, a); /* rational: d t - n */
    mpq_clear(q);
    if (!rational)
        alg_minimise_irrational(a);
}

/* Divides a->poly by the primitive part h of its gcd with each f[i]
   for which h has the same non-zero sign at lo and hi and no root in
   [lo, hi] by Descartes' rule: then a's root is one of the quotient,
   which divides the square-free a->poly, so [lo, hi] isolates it there
   too, with a sign change.  1 when a->poly changed. */
static int divide_hints(boxtoi_alg_t a, int nf, alg_hint_fn get, void *ctx)
{
    boxtoi_poly_t h, q;
    int i, s, changed = 0;
    boxtoi_poly_init(h);
    boxtoi_poly_init(q);
    for (i = 0; i < nf; i++) {
        get(h, i, ctx);
        if (boxtoi_poly_degree(h) < 1)
            continue;
        boxtoi_poly_gcd(h, &a->poly, h);
        boxtoi_poly_primitive_part(h, h);
        if (boxtoi_poly_degree(h) >= 1
            && (s = boxtoi_poly_sgn_at_mpq(h, a->lo)) != 0
            && boxtoi_poly_sgn_at_mpq(h, a->hi) == s
            && boxtoi_roots_descartes(h, a->lo, a->hi, q) == 0
            && boxtoi_poly_divexact(q, &a->poly, h) == BOXTOI_OK) {
            boxtoi_poly_primitive_part(q, q);
            if (boxtoi_poly_sgn_lc(q) < 0)
                boxtoi_poly_neg(q, q);
            boxtoi_poly_swap(&a->poly, q);
            changed = 1;
        }
    }
    boxtoi_poly_clear(h);
    boxtoi_poly_clear(q);
    return changed;
}

void alg_minimise_irrational(boxtoi_alg_t a)
{
    alg_minimise_irrational_hints(a, 0, NULL, NULL);
}

void alg_minimise_irrational_hints(boxtoi_alg_t a, int nf, alg_hint_fn get,
                                   void *ctx)
{
    alg_degset s;
    long d = boxtoi_poly_degree(&a->poly);

    if (d <= 1 || mpq_equal(a->lo, a->hi))
        return; /* rational fast path: linear already */
    if (d == 2)
        return; /* an irrational root: no linear factor */
    /* the degree-set test, stopped early when a rational root is
       likely (a root modulo each of the first primes): the rational
       roots are then divided out first, and the full test runs only if
       there were none */
    alg_degset_init(&s);
    alg_minimise_irrational_from(a, &s, alg_degset_run(&s, &a->poly, 1), nf,
                                 get, ctx);
}

static void minimise_rest(boxtoi_alg_t a, alg_degset *s, int r, int nf,
                          alg_hint_fn get, void *ctx);

void alg_minimise_irrational_from(boxtoi_alg_t a, alg_degset *s, int r,
                                  int nf, alg_hint_fn get, void *ctx)
{
    if (r == 1)
        return;
    minimise_rest(a, s, r == -1 ? without_rational_roots(a, NULL) : -2, nf,
                  get, ctx);
}

int alg_minimise_or_rational(boxtoi_alg_t a, alg_degset *s, int nf,
                             alg_hint_fn get, void *ctx)
{
    int rational, r = without_rational_roots(a, &rational);
    if (rational == 0)
        minimise_rest(a, s, r, nf, get, ctx);
    return rational;
}

/* The steps after the rational roots: r is what without_rational_roots
   returned, or -2 when it has not run (the degree-set test ran in full
   on a->poly and did not prove it). */
static void minimise_rest(boxtoi_alg_t a, alg_degset *s, int r, int nf,
                          alg_hint_fn get, void *ctx)
{
    fmpz_poly_t fz;

    if (r == 1)
        return;
    /* a quartic without rational roots: the resolvent cubic decides
       (before the full degree-set test, which never proves a quartic
       whose Galois group has no 4-cycle and no 3-cycle, such as
       t^4 - 10 t^2 + 1) */
    if (r == -1 && quartic_minimal(a))
        return;
    /* a->poly unchanged: the test goes on after the primes it used */
    if (r == -1 && alg_degset_run(s, &a->poly, 0) == 1)
        return;
    if (r == -2 && without_rational_roots(a, NULL) == 1)
        return;
    if (r != -1 && quartic_minimal(a))
        return;
    if (nf > 0 && divide_hints(a, nf, get, ctx)) {
        /* the same proofs on the quotient, of lower degree */
        alg_minimise_irrational_hints(a, 0, NULL, NULL);
        return;
    }
    fmpz_poly_init(fz);
    poly_to_fmpz_poly(fz, &a->poly);
    factor_and_pick(a, fz);
    fmpz_poly_clear(fz);
}
