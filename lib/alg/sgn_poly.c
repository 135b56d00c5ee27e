/* lib/alg/sgn_poly.c: the exact sign of an integer polynomial at a real
   algebraic number.

   Method (doc/algorithm.md §5): p(a) = 0 when a.poly divides p (tried
   first, one exact division), and in general iff g = gcd(p, a.poly) has a
   root in a's isolating interval, decided by the signs of g at its ends
   (g divides a.poly); then a.poly may be replaced by g, which is smaller and still isolates
   a.  Otherwise p(a) != 0, and once the interval has been refined until
   p has no root in it (Descartes' rule of signs on the open interval
   gives 0, and p(lo) != 0), p has one sign on the whole interval, read
   exactly at its left end.  Descartes' rule, not a Sturm sequence of p
   (why: doc/performance.md, "Measured choices"): one Descartes test is
   a Taylor shift, O(n^2) operations; it reaches 0 once the disc on
   [lo, hi] holds no complex root of p (the one-circle theorem,
   doc/algorithm.md §5), which refinement towards a, not a root of p,
   brings about.  An
   MPFR interval evaluation of p over the interval is tried first and
   after each refinement; it is used only when it proves a sign, i.e.
   when the enclosure it computes excludes zero. */
#include <limits.h>
#include "alg/impl.h"
#include "poly/impl.h"

/* Precision for the MPFR filter: enough for the interval's width and
   p's coefficients.  Only speed depends on this choice. */
static mpfr_prec_t filter_prec(const boxtoi_alg_t a, const boxtoi_poly_t p)
{
    long w = boxtoi_alg_width_bits(a);
    long prec = 64 + boxtoi_poly_max_bits(p);
    if (w > 0 && w < 1L << 20)
        prec += w;
    return (mpfr_prec_t)prec;
}

/* The exact sign of p (degree >= 1) at a (lo < hi) once the filters
   failed: a.poly | p (tried unless tried = 1), then the gcd, then the
   refinement. */
static int sgn_exact(boxtoi_alg_t a, const boxtoi_poly_t p, int tried)
{
    boxtoi_poly_t g, tmp;
    long target = 0;
    int res, zero = 0;

    boxtoi_poly_init(g);
    /* A cheap proof of p(a) = 0: a.poly divides p in Z[t] (one exact
       division, where the gcd below costs about ten; the contact point's
       deduplication asks this of polynomials that do vanish at a).  When
       it does not divide, the gcd decides. */
    if (!tried && boxtoi_poly_degree(p) >= boxtoi_poly_degree(&a->poly)
        && boxtoi_poly_divexact(g, p, &a->poly) == BOXTOI_OK) {
        res = 0;
        goto done;
    }
    boxtoi_poly_gcd(g, p, &a->poly);
    /* g divides the square-free a.poly, which has exactly one root in
       [lo, hi], a simple one, and none at lo or hi: so g has at most
       one root there, none at the ends, and a sign change of g decides
       (no Sturm sequence of g: doc/performance.md, "Measured
       choices"). */
    if (boxtoi_poly_degree(g) >= 1)
        zero = boxtoi_poly_sgn_at_mpq(g, a->lo)
                   * boxtoi_poly_sgn_at_mpq(g, a->hi) < 0;
    if (zero) {
        /* g divides a.poly, so it is square-free and canonical, is
           non-zero at lo and hi, and has exactly one root in [lo, hi],
           a simple one: the invariant holds with g in place of a.poly. */
        boxtoi_poly_swap(&a->poly, g);
        boxtoi_alg_normalise(a);
        res = 0;
        goto done;
    }

    /* p(a) != 0: refine until p has no root in [lo, hi]. */
    boxtoi_poly_init(tmp);
    for (;;) {
        if (mpq_equal(a->lo, a->hi)) {
            res = boxtoi_poly_sgn_at_mpq(p, a->lo);
            break;
        }
        if (boxtoi_roots_descartes(p, a->lo, a->hi, tmp) == 0) {
            /* No root of p in (lo, hi), which holds a: if p(lo) != 0, p
               keeps that sign up to a. */
            res = boxtoi_poly_sgn_at_mpq(p, a->lo);
            if (res != 0)
                break;
        }
        boxtoi_alg_refine_step(a, &target);
        if (!mpq_equal(a->lo, a->hi)) {
            res = boxtoi_poly_sgn_on_interval_mpfr(p, a->lo, a->hi,
                                                   filter_prec(a, p));
            if (res != 0)
                break;
        }
    }
    boxtoi_poly_clear(tmp);
done:
    boxtoi_poly_clear(g);
    return res;
}

int boxtoi_alg_sgn_poly(boxtoi_alg_t a, const boxtoi_poly_t p)
{
    int res;

    if (boxtoi_poly_degree(p) < 1)
        return boxtoi_poly_sgn_lc(p);
    if (mpq_equal(a->lo, a->hi))
        return boxtoi_poly_sgn_at_mpq(p, a->lo);
    res = boxtoi_poly_sgn_on_interval_mpfr(p, a->lo, a->hi,
                                           filter_prec(a, p));
    return res != 0 ? res : sgn_exact(a, p, 0);
}

int alg_sgn_poly_zero_first(boxtoi_alg_t a, const boxtoi_poly_t p)
{
    boxtoi_poly_t q;
    int res, tried = 0;

    if (boxtoi_poly_degree(p) < 1)
        return boxtoi_poly_sgn_lc(p);
    if (mpq_equal(a->lo, a->hi))
        return boxtoi_poly_sgn_at_mpq(p, a->lo);
    res = poly_sgn_on_interval_d(p, a->lo, a->hi);
    if (res != 0)
        return res;
    if (boxtoi_poly_degree(p) >= boxtoi_poly_degree(&a->poly)) {
        boxtoi_poly_init(q);
        tried = 1;
        res = boxtoi_poly_divexact(q, p, &a->poly) == BOXTOI_OK;
        boxtoi_poly_clear(q);
        if (res)
            return 0;
    }
    res = boxtoi_poly_sgn_on_interval_mpfr(p, a->lo, a->hi,
                                           filter_prec(a, p));
    return res != 0 ? res : sgn_exact(a, p, tried);
}
