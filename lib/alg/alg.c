/* lib/alg/alg.c: construction, assignment, refinement and rational
   detection of real algebraic numbers.

   A number is a square-free canonical integer polynomial with an
   isolating interval [lo, hi] of one of its real roots (doc/algorithm.md
   §5).  Refinement is delegated to boxtoi_roots_refine, which bisects
   with exact signs; this file adds a doubling schedule for callers that
   refine until some exact test succeeds, and the rational fast path
   (lo == hi, poly = d t - n) entered whenever the value becomes known
   to be rational.  Rational roots are detected with the rational-root
   theorem (boxtoi_roots_find_rational) [Cohen, §3.6]. */
#include <limits.h>
#include "alg/impl.h"

void boxtoi_alg_init(boxtoi_alg_t a)
{
    boxtoi_poly_init(&a->poly);
    boxtoi_poly_set_coeff_si(&a->poly, 1, 1);
    mpq_init(a->lo);
    mpq_init(a->hi);
}

void boxtoi_alg_clear(boxtoi_alg_t a)
{
    boxtoi_poly_clear(&a->poly);
    mpq_clear(a->lo);
    mpq_clear(a->hi);
}

void boxtoi_alg_set(boxtoi_alg_t res, const boxtoi_alg_t a)
{
    if (res == a)
        return;
    boxtoi_poly_set(&res->poly, &a->poly);
    mpq_set(res->lo, a->lo);
    mpq_set(res->hi, a->hi);
}

void boxtoi_alg_swap(boxtoi_alg_t a, boxtoi_alg_t b)
{
    boxtoi_poly_swap(&a->poly, &b->poly);
    mpq_swap(a->lo, b->lo);
    mpq_swap(a->hi, b->hi);
}

void boxtoi_alg_set_mpq(boxtoi_alg_t res, mpq_srcptr q)
{
    /* d t - n with gcd(n, d) = 1 and d > 0 is already canonical. */
    boxtoi_poly_set_linear_root_mpq(&res->poly, q);
    mpq_set(res->lo, q);
    mpq_set(res->hi, q);
}

void boxtoi_alg_set_si(boxtoi_alg_t res, long c)
{
    mpq_t q;
    mpq_init(q);
    mpq_set_si(q, c, 1);
    boxtoi_alg_set_mpq(res, q);
    mpq_clear(q);
}

void boxtoi_alg_normalise(boxtoi_alg_t a)
{
    if (mpq_equal(a->lo, a->hi)) {
        if (boxtoi_poly_degree(&a->poly) != 1)
            boxtoi_poly_set_linear_root_mpq(&a->poly, a->lo);
    } else if (boxtoi_poly_degree(&a->poly) == 1) {
        /* c1 t + c0 with c1 > 0 and gcd(c0, c1) = 1: root -c0/c1. */
        mpz_neg(mpq_numref(a->lo), a->poly.coeffs + 0);
        mpz_set(mpq_denref(a->lo), a->poly.coeffs + 1);
        mpq_canonicalize(a->lo);
        mpq_set(a->hi, a->lo);
    }
}

void boxtoi_alg_set_root(boxtoi_alg_t res, const boxtoi_roots_t r, long i)
{
    BOXTOI_ASSERT(0 <= i && i < r->n);
    if (i < 0 || i >= r->n)
        return;
    boxtoi_poly_set(&res->poly, &r->sqfree);
    mpq_set(res->lo, r->lo + i);
    mpq_set(res->hi, r->hi + i);
    boxtoi_alg_normalise(res);
}

int boxtoi_alg_set_poly_interval(boxtoi_alg_t res, const boxtoi_poly_t p,
                                 mpq_srcptr lo, mpq_srcptr hi)
{
    boxtoi_sturm_t s;
    boxtoi_alg_t t;
    int rc = BOXTOI_OK;

    if (boxtoi_poly_is_zero(p))
        return BOXTOI_EDOMAIN;
    if (mpq_cmp(lo, hi) > 0)
        return BOXTOI_EINVAL;
    boxtoi_sturm_init(s);
    boxtoi_alg_init(t);
    rc = boxtoi_sturm_set(s, p);
    if (rc != BOXTOI_OK)
        goto done;
    /* Exactly one distinct root in the closed interval: as the square
       -free part q has only simple roots, q changes sign at it, so unless
       it sits at an end, q(lo) q(hi) < 0 and [lo, hi] is isolating. */
    if (boxtoi_sturm_count(s, lo, hi, 0) != 1) {
        rc = BOXTOI_EINVAL;
        goto done;
    }
    boxtoi_poly_set(&t->poly, boxtoi_sturm_squarefree(s));
    if (boxtoi_poly_sgn_at_mpq(&t->poly, lo) == 0) {
        mpq_set(t->lo, lo);
        mpq_set(t->hi, lo);
    } else if (boxtoi_poly_sgn_at_mpq(&t->poly, hi) == 0) {
        mpq_set(t->lo, hi);
        mpq_set(t->hi, hi);
    } else {
        mpq_set(t->lo, lo);
        mpq_set(t->hi, hi);
    }
    boxtoi_alg_normalise(t);
    /* Built in t so that p, lo or hi may belong to res. */
    boxtoi_alg_swap(res, t);
done:
    boxtoi_alg_clear(t);
    boxtoi_sturm_clear(s);
    return rc;
}

int boxtoi_alg_is_rational_fast(const boxtoi_alg_t a)
{
    /* lo == hi pins the value down to the rational lo, whatever the
       polynomial; every function here normalises that case to d t - n. */
    return mpq_equal(a->lo, a->hi);
}

int boxtoi_alg_get_mpq(mpq_t q, boxtoi_alg_t a)
{
    boxtoi_alg_normalise(a);
    if (!mpq_equal(a->lo, a->hi)
        && !boxtoi_roots_find_rational(a->lo, a->hi, &a->poly))
        return 0;
    boxtoi_alg_normalise(a);
    mpq_set(q, a->lo);
    return 1;
}

long boxtoi_alg_width_bits(const boxtoi_alg_t a)
{
    mpq_t w;
    long b;
    if (mpq_equal(a->lo, a->hi))
        return LONG_MAX;
    mpq_init(w);
    mpq_sub(w, a->hi, a->lo);
    /* w = n/d with 2^(bn-1) <= n < 2^bn, likewise d: -log2 w lies in
       (bd - bn - 1, bd - bn + 1). */
    b = (long)mpz_sizeinbase(mpq_denref(w), 2)
        - (long)mpz_sizeinbase(mpq_numref(w), 2);
    mpq_clear(w);
    return b;
}

void boxtoi_alg_refine(boxtoi_alg_t a, long bits)
{
    int rc;
    if (mpq_equal(a->lo, a->hi))
        return;
    rc = boxtoi_roots_refine(a->lo, a->hi, &a->poly, bits);
    /* Only a broken invariant makes refine fail; nothing to report in a
       void function, and a's value is still enclosed. */
    BOXTOI_ASSERT(rc == BOXTOI_OK);
    (void)rc;
    boxtoi_alg_normalise(a);
}

void boxtoi_alg_refine_step(boxtoi_alg_t a, long *target)
{
    long cur = boxtoi_alg_width_bits(a), next;
    if (cur == LONG_MAX)
        return;
    next = *target <= 0 ? 32 : (*target < LONG_MAX / 4 ? 2 * *target
                                                       : *target);
    if (next < cur + 8 && cur < LONG_MAX / 4)
        next = cur + 8;
    *target = next;
    boxtoi_alg_refine(a, next);
}

int boxtoi_alg_split_at(boxtoi_alg_t a, mpq_srcptr c)
{
    int sc = boxtoi_poly_sgn_at_mpq(&a->poly, c);
    BOXTOI_ASSERT(mpq_cmp(a->lo, c) < 0 && mpq_cmp(c, a->hi) < 0);
    if (sc == 0) {
        /* c is a root in (lo, hi), hence the root. */
        mpq_set(a->lo, c);
        mpq_set(a->hi, c);
        boxtoi_alg_normalise(a);
        return 1;
    }
    /* Same sign as at lo, hence opposite to the sign at hi: the sign
       change, and with it the unique root, lies in (c, hi). */
    if (sc == boxtoi_poly_sgn_at_mpq(&a->poly, a->lo))
        mpq_set(a->lo, c);
    else
        mpq_set(a->hi, c);
    return 0;
}
