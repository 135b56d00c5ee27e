/* lib/roots/refine.c: refining an isolating interval.

   Quadratic interval refinement [Abbott, "Quadratic interval refinement
   for real roots", 2006; Kerber and Sagraloff 2011], on dyadic grids:
   with N = 2^nlog, the grid of spacing 2^-e ~ w / N (w = hi - lo) is
   laid over (lo, hi), and the secant through the exact values q(lo),
   q(hi) proposes the grid point nearest to the root.  Its exact sign,
   and that of the neighbour on the root's side, either trap the root in
   one grid cell (success: N is squared, so the width converges
   quadratically near a simple root) or do not (failure: the interval
   still shrinks past both tested points and N goes back to sqrt(N), down
   to bisection-like steps, which is what clusters need).  The secant is
   computed with MPFR only to pick a point; every accepted interval is
   certified by exact integer signs at dyadic points (integer Horner),
   so the result does not depend on rounding.  See doc/algorithm.md §5. */
#include <limits.h>
#include "roots/impl.h"
#include "poly/impl.h"

/* Evaluates q at the grid point x = k 2^-e: sets x and v = q(x) and
   returns sgn v.  When that is 0, x is the root, and lo = hi = x (the
   refinement is done).  t: scratch. */
static int grid_probe(mpq_t x, mpq_t v, mpq_t lo, mpq_t hi,
                      const boxtoi_poly_t q, mpz_srcptr k, long e, mpz_t t)
{
    int s;
    mpq_set_z(x, k);
    if (e >= 0)
        mpq_div_2exp(x, x, (unsigned long)e);
    else
        mpq_mul_2exp(x, x, (unsigned long)-e);
    boxtoi_roots_eval_at_tmp(v, q, x, t);
    s = mpq_sgn(v);
    if (s == 0) {
        mpq_set(lo, x);
        mpq_set(hi, x);
    }
    return s;
}

/* k = floor(x 2^e) (dir < 0) or ceil(x 2^e) (dir > 0); for dir < 0 also
   frac = x 2^e - k (in [0, 1)) when frac is non-NULL.  n, d: scratch
   (the refinement's own, so that a step allocates nothing new). */
static void grid_index(mpz_t k, mpq_t frac, mpq_srcptr x, long e, int dir,
                       mpz_t n, mpz_t d)
{
    if (e >= 0) {
        mpz_mul_2exp(n, mpq_numref(x), (unsigned long)e);
        mpz_set(d, mpq_denref(x));
    } else {
        mpz_set(n, mpq_numref(x));
        mpz_mul_2exp(d, mpq_denref(x), (unsigned long)-e);
    }
    if (dir < 0)
        mpz_fdiv_q(k, n, d);
    else
        mpz_cdiv_q(k, n, d);
    if (frac != NULL) {
        mpz_submul(n, k, d);
        mpz_swap(mpq_numref(frac), n);
        mpz_swap(mpq_denref(frac), d);
        mpq_canonicalize(frac);
    }
}

/* The secant's grid index: kl + round(frac + w 2^e vlo / (vlo - vhi)),
   where vlo, vhi have opposite signs; NaN or infinity (from a huge
   exponent) falls back to the middle.  a, b, f: scratch, set to
   precision prec here.  The rationals are dyadic in practice, and
   poly_mpfr_set_q rounds them as mpfr_set_q does, without a division. */
static void secant_index(mpz_t k, mpz_srcptr kl, mpz_srcptr kh,
                         mpq_srcptr frac, mpq_srcptr w2e, mpq_srcptr vlo,
                         mpq_srcptr vhi, mpfr_prec_t prec, mpfr_t a,
                         mpfr_t b, mpfr_t f)
{
    mpfr_set_prec(a, prec);
    mpfr_set_prec(b, prec);
    mpfr_set_prec(f, prec);
    poly_mpfr_set_q(a, vlo, MPFR_RNDN);
    poly_mpfr_set_q(b, vhi, MPFR_RNDN);
    mpfr_sub(b, a, b, MPFR_RNDN); /* no cancellation: opposite signs */
    mpfr_div(a, a, b, MPFR_RNDN); /* the secant's t in [0, 1] */
    poly_mpfr_set_q(b, w2e, MPFR_RNDN);
    mpfr_mul(a, a, b, MPFR_RNDN);
    poly_mpfr_set_q(f, frac, MPFR_RNDN);
    mpfr_add(a, a, f, MPFR_RNDN);
    if (mpfr_number_p(a)) {
        mpfr_get_z(k, a, MPFR_RNDN);
        mpz_add(k, k, kl);
    } else {
        mpz_add(k, kl, kh);
        mpz_fdiv_q_2exp(k, k, 1);
    }
}

int boxtoi_roots_refine(mpq_t lo, mpq_t hi, const boxtoi_poly_t q,
                        long bits)
{
    mpq_t vlo, vhi, w, frac, x, vx, x1, v1;
    mpz_t kl, kh, k, t1, t2;
    mpfr_t fa, fb, ff;
    long nlog = 2, lw, e, emin;
    int c, slo, shi, sx, s1, rc = BOXTOI_OK, success;

    c = mpq_cmp(lo, hi);
    if (c > 0 || boxtoi_poly_is_zero(q))
        return BOXTOI_EINVAL;
    if (c == 0)
        return boxtoi_poly_sgn_at_mpq(q, lo) == 0 ? BOXTOI_OK
                                                   : BOXTOI_EINVAL;
    if (bits > LONG_MAX / 4)
        bits = LONG_MAX / 4;
    if (bits < -(LONG_MAX / 4))
        bits = -(LONG_MAX / 4);
    mpq_init(vlo);
    mpq_init(vhi);
    mpq_init(w);
    mpq_init(frac);
    mpq_init(x);
    mpq_init(vx);
    mpq_init(x1);
    mpq_init(v1);
    mpz_init(kl);
    mpz_init(kh);
    mpz_init(k);
    mpz_init(t1);
    mpz_init(t2);
    mpfr_init2(fa, 64);
    mpfr_init2(fb, 64);
    mpfr_init2(ff, 64);
    boxtoi_roots_eval_at_tmp(vlo, q, lo, t1);
    boxtoi_roots_eval_at_tmp(vhi, q, hi, t1);
    slo = mpq_sgn(vlo);
    shi = mpq_sgn(vhi);
    if (slo * shi >= 0) {
        rc = BOXTOI_EINVAL;
        goto done;
    }
    for (;;) {
        mpq_sub(w, hi, lo);
        lw = boxtoi_roots_clog2_tmp(w, t1); /* 2^(lw-1) < w <= 2^lw */
        if (lw <= -bits)
            break;
        /* Spacing 2^-e: about w / 2^(nlog+2), never coarser than w/4
           (so the grid has interior points) nor finer than 2^-bits
           unless w/4 demands it. */
        emin = 2 - lw;
        e = nlog + 2 - lw;
        if (e > bits)
            e = bits;
        if (e < emin)
            e = emin;
        grid_index(kl, frac, lo, e, -1, t1, t2);
        grid_index(kh, NULL, hi, e, 1, t1, t2);
        /* Interior grid indices: kl + 1 .. kh - 1 (at least one). */
        mpq_set(x, w);
        if (e >= 0)
            mpq_mul_2exp(x, x, (unsigned long)e);
        else
            mpq_div_2exp(x, x, (unsigned long)-e);
        secant_index(k, kl, kh, frac, x, vlo, vhi,
                     (mpfr_prec_t)(e - emin + 48), fa, fb, ff);
        mpz_add_ui(kl, kl, 1);
        mpz_sub_ui(kh, kh, 1);
        if (mpz_cmp(k, kl) < 0)
            mpz_set(k, kl);
        if (mpz_cmp(k, kh) > 0)
            mpz_set(k, kh);
        sx = grid_probe(x, vx, lo, hi, q, k, e, t1);
        if (sx == 0)
            break;
        /* The root is above x (sx == slo) or below it: look at the
           neighbour on that side, if it is interior. */
        success = 1;
        if (sx == slo ? mpz_cmp(k, kh) < 0 : mpz_cmp(k, kl) > 0) {
            if (sx == slo)
                mpz_add_ui(k, k, 1);
            else
                mpz_sub_ui(k, k, 1);
            s1 = grid_probe(x1, v1, lo, hi, q, k, e, t1);
            if (s1 == 0)
                break;
            if (sx == slo) {
                if (s1 == slo) { /* root above x1 */
                    mpq_swap(x, x1);
                    mpq_swap(vx, v1);
                    success = 0;
                } else {
                    mpq_set(hi, x1);
                    mpq_set(vhi, v1);
                }
            } else {
                if (s1 == slo) {
                    mpq_set(lo, x1);
                    mpq_set(vlo, v1);
                } else { /* root below x1 */
                    mpq_swap(x, x1);
                    mpq_swap(vx, v1);
                    success = 0;
                }
            }
        }
        /* x is now the end on the root's side that moved. */
        if (mpq_sgn(vx) == slo) {
            mpq_swap(lo, x);
            mpq_swap(vlo, vx);
        } else {
            mpq_swap(hi, x);
            mpq_swap(vhi, vx);
        }
        if (success)
            nlog = nlog < LONG_MAX / 4 ? 2 * nlog : nlog;
        else
            nlog = nlog > 1 ? nlog / 2 : 1;
    }
done:
    mpq_clear(vlo);
    mpq_clear(vhi);
    mpq_clear(w);
    mpq_clear(frac);
    mpq_clear(x);
    mpq_clear(vx);
    mpq_clear(x1);
    mpq_clear(v1);
    mpz_clear(kl);
    mpz_clear(kh);
    mpz_clear(k);
    mpz_clear(t1);
    mpz_clear(t2);
    mpfr_clear(fa);
    mpfr_clear(fb);
    mpfr_clear(ff);
    return rc;
}
