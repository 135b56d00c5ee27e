/* lib/alg/mpfr.c: correctly rounded conversion of a real algebraic
   number to an MPFR number and to a double.

   Method (doc/algorithm.md §5).  Let R be rounding to the precision p of
   the target in a mode rnd, with MPFR's current exponent range; every
   MPFR rounding R (overflow and underflow included) is a monotone
   (non-decreasing) function of its real argument.  Hence if lo <= x <= hi
   and R(lo) = R(hi) then R(x) = R(lo): we refine copies of x's interval
   until the rounded ends agree, and the ternary value, the sign of
   R(x) - x, is then found by one exact comparison.
   Termination.  R is constant on the open cells between consecutive
   "break points" of R; every break point is 0 or a dyadic number with at
   most p + 1 significant bits (a representable number, a midpoint of
   two consecutive ones, or MPFR's overflow and underflow thresholds,
   whatever the exponent range, as the exponent is unbounded here).  If x
   is not a break point it lies in the interior of a cell, and the rounded
   ends agree once the interval is inside that cell.  If x is a break
   point, refinement alone never makes them agree (it does not in the
   directed modes when x is representable), so each round also tests the
   only candidates that matter: 0 when lo < 0 < hi and the largest
   (p+1)-bit number c <= hi when lo < c < hi.  The test is an exact sign
   of x's polynomial at c; a zero puts x on the rational fast path,
   where mpfr_set_q rounds it, and a non-zero sign shrinks the interval.
   Once the interval holds no (p+1)-bit number but x, c = x.
   MPFR_RNDF (faithful) is served as MPFR_RNDN, a faithful result. */
#include "alg/impl.h"

/* c = the largest number with at most bits significant bits that is
   <= y (unbounded exponent), y != 0, bits >= 1. */
static void round_down_bits(mpq_t c, mpq_srcptr y, long bits)
{
    mpz_t n, d, t;
    long e, s;
    int neg = mpq_sgn(y) < 0;

    mpz_init(n);
    mpz_init(d);
    mpz_init(t);
    mpz_abs(n, mpq_numref(y));
    mpz_set(d, mpq_denref(y));
    /* With 2^(bn-1) <= n < 2^bn and likewise d, |y| = n/d lies in
       (2^(e-1), 2^(e+1)) for e = bn - bd: floor(log2 |y|) is e or e-1,
       whichever 2^e <= |y| says. */
    e = (long)mpz_sizeinbase(n, 2) - (long)mpz_sizeinbase(d, 2);
    if (e >= 0) {
        mpz_mul_2exp(t, d, (unsigned long)e);
        if (mpz_cmp(n, t) < 0)
            e--;
    } else {
        mpz_mul_2exp(t, n, (unsigned long)-e);
        if (mpz_cmp(t, d) < 0)
            e--;
    }
    /* |y| 2^s lies in [2^(bits-1), 2^bits): cut it to an integer, down
       for y > 0 and up (in magnitude) for y < 0. */
    s = bits - 1 - e;
    if (s >= 0)
        mpz_mul_2exp(n, n, (unsigned long)s);
    else
        mpz_mul_2exp(d, d, (unsigned long)-s);
    if (neg)
        mpz_cdiv_q(n, n, d);
    else
        mpz_fdiv_q(n, n, d);
    mpq_set_z(c, n);
    if (neg)
        mpq_neg(c, c);
    if (s >= 0)
        mpq_div_2exp(c, c, (unsigned long)s);
    else
        mpq_mul_2exp(c, c, (unsigned long)-s);
    mpz_clear(n);
    mpz_clear(d);
    mpz_clear(t);
}

/* q = f exactly, for a finite f. */
static void mpfr_to_mpq(mpq_t q, mpfr_srcptr f)
{
    mpz_t m;
    mpfr_exp_t e;
    if (mpfr_zero_p(f)) {
        mpq_set_ui(q, 0, 1);
        return;
    }
    mpz_init(m);
    e = mpfr_get_z_2exp(m, f);
    mpq_set_z(q, m);
    if (e >= 0)
        mpq_mul_2exp(q, q, (unsigned long)e);
    else
        mpq_div_2exp(q, q, (unsigned long)-e);
    mpz_clear(m);
}

int boxtoi_alg_get_mpfr(mpfr_t rop, const boxtoi_alg_t a, mpfr_rnd_t rnd)
{
    boxtoi_alg_t x;
    mpfr_t r2;
    mpq_t c;
    long target = 0;
    long bits = (long)mpfr_get_prec(rop) + 1;
    int ret;

#if MPFR_VERSION_MAJOR >= 4
    if (rnd == MPFR_RNDF)
        rnd = MPFR_RNDN;
#endif
    if (mpq_equal(a->lo, a->hi))
        return mpfr_set_q(rop, a->lo, rnd);
    boxtoi_alg_init(x);
    boxtoi_alg_set(x, a);
    mpfr_init2(r2, mpfr_get_prec(rop));
    mpq_init(c);
    for (;;) {
        if (mpq_equal(x->lo, x->hi)) {
            ret = mpfr_set_q(rop, x->lo, rnd);
            break;
        }
        mpfr_set_q(rop, x->lo, rnd);
        mpfr_set_q(r2, x->hi, rnd);
        /* Same value and, for zeros, same sign. */
        if (mpfr_equal_p(rop, r2) && !mpfr_signbit(rop) == !mpfr_signbit(r2)) {
            if (mpfr_inf_p(rop)) {
                ret = mpfr_sgn(rop);
            } else {
                mpfr_to_mpq(c, rop);
                ret = -boxtoi_alg_cmp_mpq(x, c); /* sign of R(x) - x */
            }
            break;
        }
        if (mpq_sgn(x->lo) < 0 && mpq_sgn(x->hi) > 0) {
            mpq_set_ui(c, 0, 1);
            if (boxtoi_alg_split_at(x, c))
                continue;
        } else if (mpq_sgn(x->hi) != 0) {
            round_down_bits(c, x->hi, bits);
            if (mpq_cmp(x->lo, c) < 0 && mpq_cmp(c, x->hi) < 0
                && boxtoi_alg_split_at(x, c))
                continue;
        }
        boxtoi_alg_refine_step(x, &target);
    }
    mpq_clear(c);
    mpfr_clear(r2);
    boxtoi_alg_clear(x);
    return ret;
}

/* Doubles are spaced 2^-1074 (the quantum) below 2^-1022: a subnormal
   with 2^(e-1) <= |x| < 2^e has e + 1074 significant bits. */
#define DBL_QUANTUM_EXP (-1074L)

/* 1 when a's interval lies where |x| >= 2^-1022 (MPFR exponent
   >= -1021: the doubles' normal range or beyond), so that the exponent
   needs no rounding of x (one exact comparison of rationals; the
   usual case after the writer's refinement). */
static int normal_range(const boxtoi_alg_t a)
{
    mpq_t m;
    int r;
    if (mpq_sgn(a->lo) <= 0 && mpq_sgn(a->hi) >= 0)
        return 0;
    mpq_init(m);
    mpq_set_ui(m, 1, 1);
    mpq_div_2exp(m, m, 1022);
    if (mpq_sgn(a->lo) > 0)
        r = mpq_cmp(a->lo, m) >= 0;
    else {
        mpq_neg(m, m);
        r = mpq_cmp(a->hi, m) <= 0;
    }
    mpq_clear(m);
    return r;
}

double boxtoi_alg_get_d(const boxtoi_alg_t a, mpfr_rnd_t rnd)
{
    mpfr_t r;
    mpfr_exp_t e;
    long p;
    int s = boxtoi_alg_sgn(a);
    double d;

#if MPFR_VERSION_MAJOR >= 4
    if (rnd == MPFR_RNDF)
        rnd = MPFR_RNDN;
#endif
    if (s == 0)
        return 0.0;
    mpfr_init2(r, 53);
    if (normal_range(a)) {
        e = 0; /* any e >= -1021: the interval shows |x| >= 2^-1022 */
    } else {
        /* Truncation keeps the binary exponent of x. */
        boxtoi_alg_get_mpfr(r, a, MPFR_RNDZ);
        e = mpfr_zero_p(r) ? MPFR_EMIN_MIN : mpfr_get_exp(r);
    }
    if (e >= -1021) {
        /* Normal range or beyond: r = x rounded to 53 bits, which is
           the double unless |r| > DBL_MAX.  Then mpfr_get_d(r, rnd)
           gives +-inf or +-DBL_MAX as rnd demands, which is also right
           for x: |r| >= 2^1024 means |x| >= 2^1024 in the directed
           modes, and |x| >= DBL_MAX + 2^970 (the overflow threshold) in
           RNDN. */
        boxtoi_alg_get_mpfr(r, a, rnd);
        d = mpfr_get_d(r, rnd);
    } else if ((p = (long)e - DBL_QUANTUM_EXP) >= MPFR_PREC_MIN) {
        /* Subnormal: p bits reach down to the quantum 2^-1074; the
           result, a multiple of it below or at 2^-1022, is exact. */
        mpfr_set_prec(r, (mpfr_prec_t)p);
        boxtoi_alg_get_mpfr(r, a, rnd);
        d = mpfr_get_d(r, MPFR_RNDN);
    } else {
        /* |x| < 2^-1073 = 2 quanta: the result is k quanta, k in 0..2,
           decided by exact comparisons of |x| with 1/2, 1, 3/2 quanta. */
        mpq_t q;
        int c1, ch, k, exact;
        mpq_init(q);
        mpq_set_si(q, s, 1);
        mpq_div_2exp(q, q, 1074);
        c1 = s * boxtoi_alg_cmp_mpq(a, q); /* sign of |x| - quantum */
        k = c1 >= 0;
        exact = c1 == 0;
        mpq_set_si(q, s * (2 * k + 1), 1);
        mpq_div_2exp(q, q, 1075);
        ch = s * boxtoi_alg_cmp_mpq(a, q); /* |x| vs (k + 1/2) quanta */
        mpq_clear(q);
        if (!exact) {
            switch (rnd) {
            case MPFR_RNDZ:
                break;
            case MPFR_RNDA:
                k++;
                break;
            case MPFR_RNDU:
                k += s > 0;
                break;
            case MPFR_RNDD:
                k += s < 0;
                break;
            default: /* nearest, ties to even */
                k += ch > 0 || (ch == 0 && k % 2 == 1);
                break;
            }
        }
        mpfr_set_ui_2exp(r, (unsigned long)k, -1074, MPFR_RNDN);
        if (s < 0)
            mpfr_neg(r, r, MPFR_RNDN);
        d = mpfr_get_d(r, MPFR_RNDN);
    }
    mpfr_clear(r);
    return d;
}
