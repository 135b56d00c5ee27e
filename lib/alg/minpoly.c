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
   - the degrees of the irreducible factors of f modulo a few primes
     p (not dividing lc(f), f mod p square-free), by distinct-degree
     factorisation: a factor over Z of degree k would give a sub-multiset
     of the degrees mod every p summing to k, so when no 0 < k < deg f
     is a subset sum for all the primes at once, f is irreducible
     ([Cohen] §3.5, the degree-set test of Zassenhaus' method);
   - otherwise FLINT factors f over Z (Zassenhaus with van Hoeij's
     lattice step, fmpz_poly_factor), and the factor holding the
     number is the one whose signs at lo and hi differ: f is square-free,
     so its irreducible factors are coprime and exactly one of them has
     the number's root in [lo, hi], an isolating interval of f with
     f(lo) f(hi) < 0; the others have no root there and the same sign
     at both ends.
   Only exact integer arithmetic decides. */
#include <flint/fmpz_poly.h>
#include <flint/nmod_poly.h>
#include "lib/util/impl.h"
#include "boxtoi/alg.h"
#include "lib/alg/impl.h"

/* Primes tried for the degree sets: small, so that x^p costs few
   squarings, and far more than the degrees, so that few divide the
   discriminant.  A polynomial whose Galois group is the full symmetric
   group is proved irreducible by one or two of them; groups without an
   n-cycle (common for motions with symmetric terms) need the
   intersection of two or three patterns, and some irreducible
   polynomials (t^4 - 10 t^2 + 1) are never proved so and go on to the
   factorisation. */
static const mp_limb_t probe_primes[] = {
    101, 103, 107, 109, 113, 127, 131, 137
};

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

/* The subset sums of the degrees of the irreducible factors of g mod
   its modulus (g monic, square-free, degree < 64), as a bit mask: bit k
   is set when some product of the factors has degree k.  Distinct-
   degree factorisation ([Cohen] Algorithm 3.4.3): the factors of degree
   d divide x^(p^d) - x and not x^(p^e) - x for e < d. */
static unsigned long long degree_sums(const nmod_poly_t g0)
{
    nmod_poly_t g, h, xp, t;
    unsigned long long sums = 1;
    slong d, k, c;

    nmod_poly_init_mod(g, g0->mod);
    nmod_poly_init_mod(h, g0->mod);
    nmod_poly_init_mod(xp, g0->mod);
    nmod_poly_init_mod(t, g0->mod);
    nmod_poly_set(g, g0);
    nmod_poly_set_coeff_ui(h, 1, 1); /* h = x */
    for (d = 1; 2 * d <= nmod_poly_degree(g); d++) {
        nmod_poly_powmod_ui_binexp(h, h, g0->mod.n, g); /* x^(p^d) */
        nmod_poly_zero(xp);
        nmod_poly_set_coeff_ui(xp, 1, 1);
        nmod_poly_sub(t, h, xp);
        nmod_poly_gcd(t, t, g);
        c = nmod_poly_degree(t) / d; /* factors of degree d */
        for (k = 0; k < c; k++)
            sums |= sums << d;
        if (c > 0) {
            nmod_poly_div(g, g, t);
            nmod_poly_rem(h, h, g);
        }
    }
    if (nmod_poly_degree(g) > 0)
        sums |= sums << nmod_poly_degree(g);
    nmod_poly_clear(g);
    nmod_poly_clear(h);
    nmod_poly_clear(xp);
    nmod_poly_clear(t);
    return sums;
}

/* Non-zero when f (degree 3 to 63, primitive) is proved irreducible by
   its factorisation patterns modulo probe_primes: a factor over Z of
   degree k reduces to a product of factors mod p of total degree k, for
   every p not dividing lc(f) with f mod p square-free; so when no k
   strictly between 0 and deg f is a subset sum of the factor degrees
   for all these p at once, there is no such factor. */
static int irreducible_by_degrees(const fmpz_poly_t f)
{
    slong n = fmpz_poly_degree(f);
    unsigned long long all = ~0ULL, want = 1ULL | (1ULL << n);
    size_t k;

    for (k = 0; k < sizeof probe_primes / sizeof probe_primes[0]; k++) {
        nmod_poly_t g, dg;
        nmod_poly_init(g, probe_primes[k]);
        nmod_poly_init(dg, probe_primes[k]);
        fmpz_poly_get_nmod_poly(g, f);
        nmod_poly_derivative(dg, g);
        nmod_poly_gcd(dg, g, dg);
        if (nmod_poly_degree(g) == n && nmod_poly_degree(dg) == 0) {
            nmod_poly_make_monic(g, g);
            all &= degree_sums(g);
        }
        nmod_poly_clear(g);
        nmod_poly_clear(dg);
        if ((all & ((1ULL << n) - 1)) == 1)
            return (all & want) == want;
    }
    return 0;
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

void alg_minimise_irrational(boxtoi_alg_t a)
{
    fmpz_poly_t f;
    long d = boxtoi_poly_degree(&a->poly);

    if (d <= 1 || mpq_equal(a->lo, a->hi))
        return; /* rational fast path: linear already */
    if (d == 2)
        return; /* an irrational root: no linear factor */
    fmpz_poly_init(f);
    poly_to_fmpz_poly(f, &a->poly);
    if (d > 63 || !irreducible_by_degrees(f))
        factor_and_pick(a, f);
    fmpz_poly_clear(f);
}
