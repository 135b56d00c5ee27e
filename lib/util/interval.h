/* lib/util/interval.h: closed intervals of doubles with outward
   rounding, for filters whose every positive answer is a proof (the
   interval pre-filter of lib/contact/fast.c, the Descartes filter of
   lib/roots/descartes.c).  Internal, not installed.

   Each bound v is computed in round-to-nearest and moved outward by
   c = fl(|v| 2^-52 + 2^-1074).  If v = fl(x) for an exact x, x lies
   within half a spacing of the doubles next to v, and c is at least
   that spacing: at least 2^(e-52) >= ulp(v) for a normal v with
   2^e <= |v| (the scaling is exact, or rounds to a value still >=
   2^(e-52), a double), and at least 2^-1074, the spacing of the
   subnormals.  So v - c <= pred(v) <= x and, rounding being monotonic,
   fl(v - c) <= pred(v) <= x; likewise fl(v + c) >= succ(v) >= x.  No
   branch, no change of rounding mode.

   Non-finite bounds are not tested one by one: the bit patterns of
   lo - lo and hi - hi, +0 for finite bounds and NaN otherwise, are ORed
   into a check word *chk (an integer OR, off the floating-point
   dependency chains), so one test at the end (boxtoi_iv_failed) says
   whether the results are junk.  A NaN bound could otherwise be lost by
   a later min or max; it is recorded before that.

   An exact zero operand gives an exact zero ([0, 0] is never widened),
   so quantities that vanish identically stay [0, 0]; conversely [0, 0]
   arises only from exact zeros. */
#ifndef BOXTOI_UTIL_INTERVAL_H
#define BOXTOI_UTIL_INTERVAL_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <gmp.h>

#if FLT_RADIX != 2 || DBL_MANT_DIG != 53 || DBL_MAX_EXP != 1024
#error "lib/util/interval.h needs IEEE 754 binary64 doubles"
#endif

typedef struct {
    double lo, hi;
} boxtoi_iv;

/* The operations that the filters' innermost loops repeat (widen, add,
   mul) are inlined wherever they are used: left to itself, the compiler
   called boxtoi_iv_mul out of line from the slope-form evaluation of
   lib/contact/fastslope.c, about a quarter more instructions per
   product (doc/performance.md, "the rotating filter's cost per
   evaluation").  The same operations, the same bounds. */
#if defined(__GNUC__)
#define BOXTOI_IV_INLINE static inline __attribute__((always_inline))
#else
#define BOXTOI_IV_INLINE static inline
#endif

static inline double boxtoi_iv_down(double v)
{
    return v - (fabs(v) * 0x1p-52 + 0x1p-1074);
}

static inline double boxtoi_iv_up(double v)
{
    return v + (fabs(v) * 0x1p-52 + 0x1p-1074);
}

/* The check word of a computation (see above): 0 while every bound is
   finite. */
typedef uint64_t boxtoi_ivchk;

/* The bit pattern of b - b: +0 (all bits 0) for a finite b, NaN (some
   bits set) for an infinite or NaN one. */
static inline uint64_t boxtoi_iv_finite_bits(double b)
{
    double z = b - b;
    uint64_t x;
    memcpy(&x, &z, sizeof x);
    return x;
}

/* [lo, hi] rounded to nearest, made an enclosure. */
BOXTOI_IV_INLINE boxtoi_iv boxtoi_iv_widen(boxtoi_ivchk *chk, double lo,
                                        double hi)
{
    boxtoi_iv r;
    r.lo = boxtoi_iv_down(lo);
    r.hi = boxtoi_iv_up(hi);
    *chk |= boxtoi_iv_finite_bits(r.lo) | boxtoi_iv_finite_bits(r.hi);
    return r;
}

/* 1 when some bound recorded in chk was not finite. */
static inline int boxtoi_iv_failed(boxtoi_ivchk chk)
{
    return chk != 0;
}

static inline int boxtoi_iv_is_zero(boxtoi_iv a)
{
    /* both bounds +0 or -0, tested on the bit patterns: one integer
       test instead of two floating-point comparisons (which must also
       handle NaN), in the innermost loops of the filters */
    uint64_t x, y;
    memcpy(&x, &a.lo, sizeof x);
    memcpy(&y, &a.hi, sizeof y);
    return ((x | y) << 1) == 0;
}

static inline boxtoi_iv boxtoi_iv_point(double x)
{
    boxtoi_iv r;
    r.lo = r.hi = x;
    return r;
}

static inline boxtoi_iv boxtoi_iv_neg(boxtoi_iv a)
{
    boxtoi_iv r;
    r.lo = -a.hi;
    r.hi = -a.lo;
    return r;
}

BOXTOI_IV_INLINE boxtoi_iv boxtoi_iv_add(boxtoi_ivchk *chk, boxtoi_iv a, boxtoi_iv b)
{
    if (boxtoi_iv_is_zero(a))
        return b;
    if (boxtoi_iv_is_zero(b))
        return a;
    return boxtoi_iv_widen(chk, a.lo + b.lo, a.hi + b.hi);
}

BOXTOI_IV_INLINE boxtoi_iv boxtoi_iv_sub(boxtoi_ivchk *chk, boxtoi_iv a, boxtoi_iv b)
{
    return boxtoi_iv_add(chk, a, boxtoi_iv_neg(b));
}

BOXTOI_IV_INLINE boxtoi_iv boxtoi_iv_mul(boxtoi_ivchk *chk, boxtoi_iv a, boxtoi_iv b)
{
    double p0, p1, p2, p3, lo, hi;
    if (boxtoi_iv_is_zero(a) || boxtoi_iv_is_zero(b))
        return boxtoi_iv_point(0);
    if (a.lo >= 0 && b.lo >= 0) /* the common case: two products */
        return boxtoi_iv_widen(chk, a.lo * b.lo, a.hi * b.hi);
    /* the four corner products (finite operands never give NaN here) */
    p0 = a.lo * b.lo;
    p1 = a.lo * b.hi;
    p2 = a.hi * b.lo;
    p3 = a.hi * b.hi;
    lo = p0 < p1 ? p0 : p1;
    hi = p0 < p1 ? p1 : p0;
    lo = p2 < lo ? p2 : lo;
    hi = p2 > hi ? p2 : hi;
    lo = p3 < lo ? p3 : lo;
    hi = p3 > hi ? p3 : hi;
    return boxtoi_iv_widen(chk, lo, hi);
}

static inline boxtoi_iv boxtoi_iv_abs(boxtoi_iv a)
{
    boxtoi_iv r;
    if (a.lo >= 0)
        return a;
    if (a.hi <= 0)
        return boxtoi_iv_neg(a);
    r.lo = 0;
    r.hi = -a.lo > a.hi ? -a.lo : a.hi;
    return r;
}

/* *d = x when |x| < 2^53 is held in at most one limb (then x converts
   exactly, as an integer below 2^53 is a double), returning 1; else 0.
   The common case of the conversions below, without mpz_sizeinbase and
   mpz_get_d's general rounding: it gives the same enclosure (a point
   at x) that they give for such an x. */
static inline int boxtoi_iv_small_mpz(double *d, mpz_srcptr x)
{
    mp_limb_t v;
    if (mpz_size(x) > 1)
        return 0;
    v = mpz_getlimbn(x, 0); /* 0 for x = 0 */
    if ((uint64_t)v >> 53 != 0)
        return 0;
    *d = mpz_sgn(x) < 0 ? -(double)v : (double)v;
    return 1;
}

/* *r = an enclosure of a number x given d, x truncated towards zero to
   a double (d = x when exact is non-zero): x lies between d and the
   next double away from zero. */
static inline void boxtoi_iv_set_truncated(boxtoi_iv *r, double d, int exact)
{
    r->lo = r->hi = d;
    if (!exact) {
        if (d > 0)
            r->hi = boxtoi_iv_up(d);
        else
            r->lo = boxtoi_iv_down(d);
    }
}

/* *r = an enclosure of x: exact for at most 53 bits; otherwise from
   mpz_get_d, which truncates towards zero (GMP manual).  Returns 0 (r
   junk) when x has more than 1000 bits. */
static inline int boxtoi_iv_set_mpz(boxtoi_iv *r, mpz_srcptr x)
{
    size_t bits;
    double d;
    if (boxtoi_iv_small_mpz(&d, x)) {
        *r = boxtoi_iv_point(d);
        return 1;
    }
    bits = mpz_sizeinbase(x, 2);
    if (bits > 1000)
        return 0;
    boxtoi_iv_set_truncated(r, mpz_get_d(x), bits <= 53);
    return 1;
}

/* *r = an enclosure of n / d for doubles n and d > 0 that are integers
   (exact): n itself when d = 1, else the correctly rounded quotient
   moved outward. */
static inline void boxtoi_iv_set_quotient(boxtoi_iv *r, double n, double d)
{
    if (d == 1) {
        r->lo = r->hi = n;
    } else {
        r->lo = boxtoi_iv_down(n / d);
        r->hi = boxtoi_iv_up(n / d);
    }
}

/* *r = an enclosure of x when its numerator has at most 53 bits and its
   denominator is a power of two (then x is a double unless it is below
   the normal range) or has at most 53 bits (both exact in doubles,
   their quotient correctly rounded); returns 0 (r junk) otherwise. */
static inline int boxtoi_iv_set_mpq(boxtoi_iv *r, mpq_srcptr x)
{
    double n, d;
    size_t db;
    if (boxtoi_iv_small_mpz(&n, mpq_numref(x))
        && boxtoi_iv_small_mpz(&d, mpq_denref(x)))
        goto quotient; /* both exact: the case db <= 53 below */
    db = mpz_sizeinbase(mpq_denref(x), 2);
    if (mpz_sizeinbase(mpq_numref(x), 2) > 53)
        return 0;
    n = mpz_get_d(mpq_numref(x));
    if (db > 53) {
        if (mpz_scan1(mpq_denref(x), 0) != db - 1 || db > 1000)
            return 0; /* not a power of two, or too small a number */
        n = ldexp(n, -(int)(db - 1));
        r->lo = r->hi = n;
        if (fabs(n) < 0x1p-1022) { /* subnormal: may have been rounded */
            r->lo = boxtoi_iv_down(n);
            r->hi = boxtoi_iv_up(n);
        }
        return 1;
    }
    d = mpz_get_d(mpq_denref(x));
quotient:
    boxtoi_iv_set_quotient(r, n, d);
    return 1;
}

/* ---- static relative-error filters ---------------------------------- */

/* The proved sign of a value computed in doubles, v, with m its
   magnitude (the same formula computed on the absolute values of the
   inputs), when v is at most 110 roundings deep, each input counting
   2 (a relative error below 2^-52), and nothing before the last
   products underflowed (doc/algorithm.md §4.5, "The floating-point
   filter"): 1 or -1, or 2 when not proved (also when v or m is NaN or
   infinite).  |v - exact| <= γ_110 M < 2^-45 m (1 - u)^2, and the last
   products' underflow adds at most 2^-1074 in all. */
static inline int boxtoi_fe_sign(double v, double m)
{
    double t = 0x1p-45 * m + 0x1p-1022;
    if (!(fabs(v) <= DBL_MAX))
        return 2;
    return v > t ? 1 : v < -t ? -1 : 2;
}

#endif /* BOXTOI_UTIL_INTERVAL_H */
