/* lib/alg/canon.c: the canonical representation, minimal polynomial
   and canonical isolating interval.

   The polynomial and interval an algebraic number carries depend on
   how it was found (which planes, which isolation, which refinements).
   For output that any user can reproduce bit for bit whatever the
   internal path, boxtoi reports the minimal polynomial
   (lib/alg/minpoly.c) and the coarsest dyadic cell [k 2^-m,
   (k + 1) 2^-m] (least m >= 0) that isolates the number's root of it,
   or the exact value when the number is rational (doc/algorithm.md §5);
   this is the first interval of [floor t, floor t + 1], then halving
   and keeping the half that holds t, that holds no other root of the
   minimal polynomial (doc/format.md §4.1).  A cell is tested first by
   the parity of the signs at its ends (equal signs: an even number of
   roots, not one) and Descartes' rule of signs on its Moebius image
   (one sign variation: exactly one root); only when Descartes cannot
   decide are the roots in the cell counted exactly, by Descartes'
   method with bisection
   (boxtoi_roots_isolate) ([BPR] Descartes' law of signs). */
#include "lib/util/impl.h"
#include "boxtoi/alg.h"
#include "lib/alg/impl.h"

/* Whether the cell [clo, chi], which holds a's isolating interval
   [a->lo, a->hi] (clo <= a->lo < a->hi < chi, none of them a root of
   the minimal a->poly), holds no other root, where Descartes' rule on
   the whole cell over-counts (other roots, real or complex, near it).
   The cell's roots are a's and those in (clo, a->lo) and (a->hi, chi):
   Descartes' rule giving 0 on both parts proves none there
   (doc/algorithm.md §4.3; measured: 7 of 105 cells on the rotating
   workload, 113 k instructions each by the exact count); otherwise the
   exact count by Descartes' method on the cell, which bisects it until
   each part is decided (doc/performance.md, "Measured choices"). */
static int cell_isolates(const boxtoi_alg_t a, mpq_srcptr clo,
                         mpq_srcptr chi, boxtoi_roots_t r, boxtoi_poly_t tmp)
{
    if ((mpq_equal(clo, a->lo)
         || boxtoi_roots_descartes(&a->poly, clo, a->lo, tmp) == 0)
        && boxtoi_roots_descartes(&a->poly, a->hi, chi, tmp) == 0)
        return 1;
    return boxtoi_roots_isolate(r, &a->poly, clo, chi, 0) == BOXTOI_OK
           && r->n == 1;
}

/* The canonical cell of an irrational a (a->lo < a->hi). */
static void canonical_cell(boxtoi_alg_t a)
{
    boxtoi_roots_t r;
    mpq_t q, clo, chi;
    mpz_t k, kh;
    boxtoi_poly_t tmp;
    unsigned long m;
    long bits = 4;
    int slo, shi;

    mpq_init(q);
    mpq_init(clo);
    mpq_init(chi);
    mpz_init(k);
    mpz_init(kh);
    boxtoi_poly_init(tmp);
    boxtoi_roots_init(r);
    for (m = 0;; m++) {
        /* refine until lo and hi lie in one cell of width 2^-m; the root
           is irrational, so it is not a cell end and this terminates */
        for (;;) {
            mpq_mul_2exp(q, a->lo, m);
            mpz_fdiv_q(k, mpq_numref(q), mpq_denref(q));
            mpq_mul_2exp(q, a->hi, m);
            mpz_fdiv_q(kh, mpq_numref(q), mpq_denref(q));
            if (mpz_cmp(k, kh) == 0)
                break;
            boxtoi_alg_refine(a, bits);
            bits += 4;
        }
        mpq_set_z(clo, k);
        mpq_div_2exp(clo, clo, m);
        mpz_add_ui(kh, k, 1);
        mpq_set_z(chi, kh);
        mpq_div_2exp(chi, chi, m);
        /* the cell holds the root of a; it isolates it when it holds no
           other root.  Equal non-zero signs at the ends: an even count,
           so at least two. */
        slo = boxtoi_poly_sgn_at_mpq(&a->poly, clo);
        shi = boxtoi_poly_sgn_at_mpq(&a->poly, chi);
        if (slo == 0 || shi == 0 || slo == shi)
            continue;
        if (boxtoi_roots_descartes(&a->poly, clo, chi, tmp) != 1
            && !cell_isolates(a, clo, chi, r, tmp))
            continue;
        mpq_swap(a->lo, clo);
        mpq_swap(a->hi, chi);
        break;
    }
    boxtoi_roots_clear(r);
    boxtoi_poly_clear(tmp);
    mpz_clear(k);
    mpz_clear(kh);
    mpq_clear(clo);
    mpq_clear(chi);
    mpq_clear(q);
}

/* The degree-set test on a->poly (degree >= 3, lo < hi) before the
   rational test: a polynomial proved irreducible of degree >= 3 has no
   rational root, so a is irrational and a->poly its minimal
   polynomial, and the rational test (a modular filter, often a
   refinement to width 1/lc) is not needed.  When the test stops where
   a rational root is likely, the rational roots, divided out, decide
   whether a is one of them, again in place of the rational test.  1
   when a is canonical then (hints as for alg_minimise_irrational_hints);
   otherwise 0 with the test's state in s and its answer in *r. */
static int canonical_by_degsets(boxtoi_alg_t a, alg_degset *s, int *r,
                                int nf, alg_hint_fn get, void *ctx)
{
    int q = 0;
    alg_degset_init(s);
    *r = alg_degset_run(s, &a->poly, 1);
    if (*r == -1 && (q = alg_minimise_or_rational(a, s, nf, get, ctx)) < 0)
        return 0; /* undecided: a unchanged */
    if (*r != 1 && *r != -1)
        return 0;
    if (q == 0) /* irrational, a->poly minimal */
        canonical_cell(a);
    return 1;
}

void boxtoi_alg_canonicalise(boxtoi_alg_t a)
{
    alg_degset s;
    mpq_t q;
    int rational, r = 0, run;
    run = boxtoi_poly_degree(&a->poly) >= 3 && !mpq_equal(a->lo, a->hi);
    if (run && canonical_by_degsets(a, &s, &r, 0, NULL, NULL))
        return;
    mpq_init(q);
    rational = boxtoi_alg_get_mpq(q, a);
    mpq_clear(q);
    if (!rational) { /* rational: lo == hi and d t - n are canonical */
        if (run)
            alg_minimise_irrational_from(a, &s, r, 0, NULL, NULL);
        else
            alg_minimise_irrational(a);
        canonical_cell(a);
    }
}

void boxtoi_alg_canonicalise_cofactor(boxtoi_alg_t a, const boxtoi_poly_t c)
{
    alg_canonicalise_cofactor_hints(a, c, 0, NULL, NULL);
}

/* res = c's primitive part, lc > 0, when it has degree >= 2 and
   changes sign across [lo, hi] (a root of odd multiplicity there), and
   1; else 0, res unchanged. */
static int take_cofactor(boxtoi_poly_t res, const boxtoi_poly_t c,
                         mpq_srcptr lo, mpq_srcptr hi)
{
    boxtoi_poly_t g;
    int s, took = 0;
    boxtoi_poly_init(g);
    boxtoi_poly_primitive_part(g, c);
    if (boxtoi_poly_sgn_lc(g) < 0)
        boxtoi_poly_neg(g, g);
    s = boxtoi_poly_sgn_at_mpq(g, lo);
    if (s != 0 && boxtoi_poly_degree(g) >= 2
        && boxtoi_poly_sgn_at_mpq(g, hi) == -s) {
        boxtoi_poly_swap(res, g);
        took = 1;
    }
    boxtoi_poly_clear(g);
    return took;
}

int alg_set_cofactor_root(boxtoi_alg_t a, const boxtoi_poly_t c,
                          mpq_srcptr lo, mpq_srcptr hi)
{
    if (!take_cofactor(&a->poly, c, lo, hi))
        return 0;
    mpq_set(a->lo, lo);
    mpq_set(a->hi, hi);
    return 1;
}

void alg_canonicalise_cofactor_hints(boxtoi_alg_t a, const boxtoi_poly_t c,
                                     int nf, alg_hint_fn get, void *ctx)
{
    if (boxtoi_poly_degree(&a->poly) < 2 || mpq_equal(a->lo, a->hi)) {
        boxtoi_alg_canonicalise(a);
        return;
    }
    /* The minimal polynomial divides c too, of lower degree: factor c
       when it changes sign across the interval (a root of odd
       multiplicity there, which can only be a's) */
    take_cofactor(&a->poly, c, a->lo, a->hi);
    alg_canonicalise_cofactor_rest(a, c, nf, get, ctx);
}

void alg_canonicalise_cofactor_rest(boxtoi_alg_t a, const boxtoi_poly_t c,
                                    int nf, alg_hint_fn get, void *ctx)
{
    alg_degset ds;
    int r = 0, run = boxtoi_poly_degree(&a->poly) >= 3;

    if (run && canonical_by_degsets(a, &ds, &r, nf, get, ctx))
        return;
    /* [lo, hi] isolates a for c too: c's roots there are a->poly's */
    if (boxtoi_roots_find_rational(a->lo, a->hi, c)) {
        boxtoi_alg_normalise(a); /* lo == hi: the linear polynomial */
        return;
    }
    if (run)
        alg_minimise_irrational_from(a, &ds, r, nf, get, ctx);
    else
        alg_minimise_irrational_hints(a, nf, get, ctx);
    canonical_cell(a);
}

/* A rational value of a is a root of c = a->poly / f when f has no root
   in [lo, hi], and [lo, hi] isolates it for c as well (c divides the
   square-free a->poly, and c(lo) c(hi) != 0): the cofactor version
   decides, with fewer roots modulo its small primes to get past than
   the product has. */
void boxtoi_alg_canonicalise_hint(boxtoi_alg_t a, const boxtoi_poly_struct *f)
{
    boxtoi_poly_t g, c, tmp;
    int s;
    if (f == NULL || boxtoi_poly_degree(f) < 1
        || boxtoi_poly_degree(&a->poly) < 2 || mpq_equal(a->lo, a->hi)) {
        boxtoi_alg_canonicalise(a);
        return;
    }
    boxtoi_poly_init(g);
    boxtoi_poly_init(c);
    boxtoi_poly_init(tmp);
    boxtoi_poly_primitive_part(g, f);
    if (boxtoi_poly_divexact(c, &a->poly, g) == BOXTOI_OK
        && (s = boxtoi_poly_sgn_at_mpq(g, a->lo)) != 0
        && boxtoi_poly_sgn_at_mpq(g, a->hi) == s
        && boxtoi_roots_descartes(g, a->lo, a->hi, tmp) == 0)
        boxtoi_alg_canonicalise_cofactor(a, c);
    else
        boxtoi_alg_canonicalise(a);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(c);
    boxtoi_poly_clear(tmp);
}
