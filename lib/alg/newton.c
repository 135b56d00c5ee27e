/* lib/alg/newton.c: refinement of an algebraic number by Newton's method
   in floating point, certified by two exact signs (the writer's path to
   the decimals of an irrational time, issue 16).

   Method (doc/algorithm.md §5, "Refinement for output").  For a = the root of the square-free
   p in [lo, hi] with p(lo) p(hi) < 0, a safeguarded Newton iteration
   (bisection whenever the step leaves the bracket) in double precision,
   then Newton steps in MPFR at doubling precisions, propose x ~ a.
   Nothing computed in floating point is trusted: with h = 2^-(bits+1),
   A = max(x - h, lo) and B = min(x + h, hi), the root lies in (A, B) iff
   sgn p(A) = sgn p(lo) and sgn p(B) = sgn p(hi), as p changes sign in
   [lo, hi] only at a (a simple root, the only one there).  These two
   signs are exact (integer Horner at the dyadic A, B); a zero sign puts
   a on the rational fast path at that point.  When the test fails (a
   cluster of roots, a huge range, a proposal that did not converge),
   boxtoi_alg_refine does the work from the original interval, so the
   result is always an isolating interval of width <= 2^-bits; only its
   cost depends on floating point.  Newton converges quadratically near
   a simple root, so the cost is a few dozen polynomial evaluations
   where bisection-based refinement needs exact signs at rationals of
   ever longer denominators. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include "alg/impl.h"

/* Double-precision iterations before giving up (bisection alone halves
   [lo, hi] to 2^-45 of its size in fewer than 100 steps when the root
   is not tiny). */
#define DBL_ITERS 120

/* p(x) and p'(x) in double with coefficients c[0..n). */
static void horner_d(double *f, double *fp, const double *c, long n,
                     double x)
{
    long i;
    *f = c[n - 1];
    *fp = 0.0;
    for (i = n - 2; i >= 0; i--) {
        *fp = *fp * x + *f;
        *f = *f * x + c[i];
    }
}

/* A proposal for the root in (lo, hi), where p has the sign slo at lo,
   from coefficients c[0..n) scaled by a power of 2; 0 when the
   iteration does not settle (overflow, too many steps). */
static int newton_d(double *x, const double *c, long n, double lo,
                    double hi, int slo)
{
    double a = lo, b = hi, y = 0.5 * (lo + hi), f, fp, ny;
    int it;

    for (it = 0; it < DBL_ITERS; it++) {
        horner_d(&f, &fp, c, n, y);
        if (!isfinite(f) || !isfinite(fp))
            return 0;
        if (f == 0.0) {
            *x = y;
            return 1;
        }
        if ((f > 0) == (slo > 0))
            a = y;
        else
            b = y;
        ny = y - f / fp;
        if (!(ny > a && ny < b)) /* also NaN */
            ny = 0.5 * (a + b);
        if (fabs(ny - y) <= 0x1p-46 * fabs(ny) || b - a <= 0x1p-46 * fabs(b))
        {
            *x = ny;
            return 1;
        }
        y = ny;
    }
    return 0;
}

void alg_horner_mpfr(mpfr_t f, mpfr_t fp, const boxtoi_poly_t p,
                     mpfr_srcptr x)
{
    long i, n = p->length;
    size_t b, maxb = 2;
    mpfr_t c; /* one coefficient, exactly (mpfr_add_z allocates) */

    if (fp != NULL)
        mpfr_set_ui(fp, 0, MPFR_RNDN);
    if (n == 0) {
        mpfr_set_ui(f, 0, MPFR_RNDN);
        return;
    }
    for (i = 0; i < n; i++) {
        b = mpz_sizeinbase(p->coeffs + i, 2);
        maxb = b > maxb ? b : maxb;
    }
    mpfr_init2(c, (mpfr_prec_t)maxb);
    mpfr_set_z(f, p->coeffs + n - 1, MPFR_RNDN);
    for (i = n - 2; i >= 0; i--) {
        if (fp != NULL) {
            mpfr_mul(fp, fp, x, MPFR_RNDN);
            mpfr_add(fp, fp, f, MPFR_RNDN);
        }
        mpfr_mul(f, f, x, MPFR_RNDN);
        mpfr_set_z(c, p->coeffs + i, MPFR_RNDN);
        mpfr_add(f, f, c, MPFR_RNDN);
    }
    mpfr_clear(c);
}

/* x = a proposal for a's root to about bits bits after the point; 0
   when none was found.  slo = sgn p(lo). */
static int propose(mpq_t x, const boxtoi_alg_t a, int slo, long bits)
{
    const boxtoi_poly_struct *p = &a->poly;
    long n = p->length, i, emax = LONG_MIN, e, prec, pfin;
    double *c, lo = mpq_get_d(a->lo), hi = mpq_get_d(a->hi), xd;
    mpfr_t y, f, fp;
    int ok, ex;

    if (!isfinite(lo) || !isfinite(hi) || !(lo < hi))
        return 0;
    c = malloc((size_t)n * sizeof *c);
    if (c == NULL)
        return 0;
    /* c[i] = p_i 2^-s, the largest about 2^64: scaling changes no sign
       and no Newton step, and keeps the values finite */
    for (i = 0; i < n; i++)
        if (mpz_sgn(p->coeffs + i) != 0) {
            e = (long)mpz_sizeinbase(p->coeffs + i, 2);
            emax = e > emax ? e : emax;
        }
    for (i = 0; i < n; i++) {
        double m = mpz_get_d_2exp(&e, p->coeffs + i);
        c[i] = ldexp(m, (int)(e - emax + 64));
    }
    ok = newton_d(&xd, c, n, lo, hi, slo);
    free(c);
    if (!ok)
        return 0;
    /* Newton from about 46 good bits: precisions 106, 212, ... up to
       pfin, which holds bits bits after the point of x, then one step
       at pfin. */
    (void)frexp(xd, &ex);
    pfin = bits + (ex > 0 ? ex : 0) + 32;
    mpfr_init2(y, 53);
    mpfr_init2(f, 53);
    mpfr_init2(fp, 53);
    mpfr_set_d(y, xd, MPFR_RNDN);
    for (prec = 106, ok = 1;; prec *= 2) {
        if (prec > pfin)
            prec = pfin;
        mpfr_prec_round(y, prec, MPFR_RNDN);
        mpfr_set_prec(f, prec);
        mpfr_set_prec(fp, prec);
        alg_horner_mpfr(f, fp, p, y);
        if (mpfr_zero_p(f))
            break;
        if (!mpfr_regular_p(fp) || !mpfr_number_p(f)) {
            ok = 0;
            break;
        }
        mpfr_div(f, f, fp, MPFR_RNDN);
        mpfr_sub(y, y, f, MPFR_RNDN);
        if (prec == pfin)
            break;
    }
    if (ok && mpfr_number_p(y))
        mpfr_get_q(x, y);
    else
        ok = 0;
    mpfr_clear(y);
    mpfr_clear(f);
    mpfr_clear(fp);
    return ok;
}

/* The test of the file comment; 1 and a set to the certified interval
   on success. */
static int certify(boxtoi_alg_t a, mpq_srcptr x, long bits, int slo,
                   int shi)
{
    mpq_t A, B, h;
    int sa, sb, ok = 0;

    mpq_init(A);
    mpq_init(B);
    mpq_init(h);
    mpq_set_ui(h, 1, 1);
    mpq_div_2exp(h, h, (unsigned long)bits + 1);
    mpq_sub(A, x, h);
    mpq_add(B, x, h);
    if (mpq_cmp(A, a->lo) < 0)
        mpq_set(A, a->lo);
    if (mpq_cmp(B, a->hi) > 0)
        mpq_set(B, a->hi);
    if (mpq_cmp(A, B) < 0) {
        sa = mpq_equal(A, a->lo) ? slo : boxtoi_poly_sgn_at_mpq(&a->poly, A);
        sb = mpq_equal(B, a->hi) ? shi : boxtoi_poly_sgn_at_mpq(&a->poly, B);
        if (sa == 0 || sb == 0) { /* the root itself, a rational */
            mpq_set(a->lo, sa == 0 ? A : B);
            mpq_set(a->hi, a->lo);
            ok = 1;
        } else if (sa == slo && sb == shi) {
            mpq_swap(a->lo, A);
            mpq_swap(a->hi, B);
            ok = 1;
        }
    }
    mpq_clear(A);
    mpq_clear(B);
    mpq_clear(h);
    return ok;
}

void boxtoi_alg_refine_newton(boxtoi_alg_t a, long bits)
{
    mpq_t x;
    int slo, shi, ok = 0;

    boxtoi_alg_normalise(a);
    /* width_bits within 1 of -log2(hi - lo): already narrow enough */
    if (mpq_equal(a->lo, a->hi) || boxtoi_alg_width_bits(a) > bits + 1)
        return;
    /* a's invariant (one simple root in (lo, hi), none at the ends)
       makes p change sign across [lo, hi]: shi = -slo, one exact sign */
    slo = boxtoi_poly_sgn_at_mpq(&a->poly, a->lo);
    shi = -slo;
    if (slo != 0 && shi == -slo && bits >= 0 && bits < LONG_MAX / 4) {
        mpq_init(x);
        ok = propose(x, a, slo, bits) && certify(a, x, bits, slo, shi);
        mpq_clear(x);
    }
    if (ok)
        boxtoi_alg_normalise(a);
    else
        boxtoi_alg_refine(a, bits);
}
