/* boxtoi/alg.h: real algebraic numbers.

   A real algebraic number is a square-free integer polynomial with one
   marked real root, held as an isolating interval with rational ends.
   Invariant: poly square-free, primitive, lc > 0, degree >= 1; exactly
   one real root of poly in [lo, hi]; either lo == hi and poly(lo) == 0,
   or lo < hi and sgn poly(lo) * sgn poly(hi) < 0.  When the number is
   known to be rational it is stored with lo == hi and poly linear
   (d t - n), the fast path.  See doc/algorithm.md §5. */
#ifndef BOXTOI_ALG_H
#define BOXTOI_ALG_H

#include "boxtoi/roots.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    boxtoi_poly_struct poly;
    mpq_t lo, hi;
} boxtoi_alg_struct;
typedef boxtoi_alg_struct boxtoi_alg_t[1];
typedef boxtoi_alg_struct *boxtoi_alg_ptr;
typedef const boxtoi_alg_struct *boxtoi_alg_srcptr;

/* Initialises a to 0 (poly t, lo = hi = 0). */
BOXTOI_API void boxtoi_alg_init(boxtoi_alg_t a);
BOXTOI_API void boxtoi_alg_clear(boxtoi_alg_t a);
BOXTOI_API void boxtoi_alg_set(boxtoi_alg_t res, const boxtoi_alg_t a);
BOXTOI_API void boxtoi_alg_swap(boxtoi_alg_t a, boxtoi_alg_t b);
BOXTOI_API void boxtoi_alg_set_mpq(boxtoi_alg_t res, mpq_srcptr q);
BOXTOI_API void boxtoi_alg_set_si(boxtoi_alg_t res, long c);
/* res = the i-th root (0-based, increasing) of r; 0 <= i < r->n.  A
   root isolated as lo == hi becomes the rational fast path. */
BOXTOI_API void boxtoi_alg_set_root(boxtoi_alg_t res, const boxtoi_roots_t r,
                                    long i);
/* res = the unique root of p in [lo, hi].  p need not be square-free or
   canonical.  Returns BOXTOI_EDOMAIN if p = 0 and BOXTOI_EINVAL unless p
   has exactly one distinct real root in [lo, hi] (lo <= hi). */
BOXTOI_API BOXTOI_WUR int boxtoi_alg_set_poly_interval(boxtoi_alg_t res,
                                                       const boxtoi_poly_t p,
                                                       mpq_srcptr lo,
                                                       mpq_srcptr hi);

/* Returns 1 and sets q when a is rational (detected exactly, also for a
   rational root of a higher-degree poly), else returns 0.  Refines a
   (its value is unchanged) and may switch it to the rational fast
   path. */
BOXTOI_API int boxtoi_alg_get_mpq(mpq_t q, boxtoi_alg_t a);
/* Returns non-zero when a is already on the rational fast path (cheap,
   no detection): lo == hi, so a = lo. */
BOXTOI_API int boxtoi_alg_is_rational_fast(const boxtoi_alg_t a);

/* Replaces a->poly by the minimal polynomial of a over Q (irreducible,
   primitive, lc > 0; d t - n when a = n/d, which is then detected and
   put on the rational fast path); the interval is kept.  Irreducibility
   is proved cheaply when it can be (degree 1 or 2, or the degrees of
   its factors modulo a few small primes), otherwise the polynomial is
   factored over Z with FLINT and the factor that changes sign on
   [lo, hi] is kept (doc/algorithm.md §4.3). */
BOXTOI_API void boxtoi_alg_minimise(boxtoi_alg_t a);

/* Replaces a's polynomial and interval by the canonical ones, which
   depend only on the number, not on how it was found: the exact value
   and d t - n when a = n/d is rational (rational fast path); otherwise
   the minimal polynomial (boxtoi_alg_minimise) and the coarsest dyadic
   cell [k 2^-m, (k + 1) 2^-m], least m >= 0, that isolates a's root of
   it; this is the first interval of the sequence [floor a, floor a +
   1], then halving and keeping the half that holds a, that holds no
   other root of the minimal polynomial. */
BOXTOI_API void boxtoi_alg_canonicalise(boxtoi_alg_t a);
/* The same result, found faster when f is a factor of a->poly with no
   root in a's interval (such as the weight w of a motion, which has no
   root in a valid range): the test for a rational value then runs on
   a->poly / f, of lower degree.  f is only used when both are proved
   (exact division, Descartes' rule); otherwise, or for f = NULL, this
   is boxtoi_alg_canonicalise. */
BOXTOI_API void boxtoi_alg_canonicalise_hint(boxtoi_alg_t a,
                                             const boxtoi_poly_struct *f);

/* Shrinks a's interval to width <= 2^-bits (value unchanged). */
BOXTOI_API void boxtoi_alg_refine(boxtoi_alg_t a, long bits);
/* The same result contract, usually much faster for a simple root away
   from others: Newton's method in floating point proposes, two exact
   signs certify, boxtoi_alg_refine takes over when they do not
   (doc/algorithm.md §5).  The interval found may differ from
   boxtoi_alg_refine's; both isolate the same root. */
BOXTOI_API void boxtoi_alg_refine_newton(boxtoi_alg_t a, long bits);

/* Exact comparisons: negative, zero, positive as a <, =, > b.  Inputs
   are const: refinement happens on local copies. */
BOXTOI_API int boxtoi_alg_cmp(const boxtoi_alg_t a, const boxtoi_alg_t b);
BOXTOI_API int boxtoi_alg_cmp_mpq(const boxtoi_alg_t a, mpq_srcptr q);
BOXTOI_API int boxtoi_alg_sgn(const boxtoi_alg_t a);

/* Sign of p(a), exactly: 0 iff gcd(p, a.poly) vanishes at a; otherwise
   found on a refined interval, with an MPFR interval evaluation as a
   filter that is used only when it excludes zero.  Refines a. */
BOXTOI_API int boxtoi_alg_sgn_poly(boxtoi_alg_t a, const boxtoi_poly_t p);

/* rop = a correctly rounded in direction rnd (any MPFR rounding mode;
   MPFR_RNDF is served as MPFR_RNDN) to the precision of rop, within
   MPFR's current exponent range, overflow and underflow included
   exactly as mpfr_set_q would round the exact value; returns the
   ternary value as mpfr_set_q does (0 iff exact, else the sign of
   rop - a). */
BOXTOI_API int boxtoi_alg_get_mpfr(mpfr_t rop, const boxtoi_alg_t a,
                                   mpfr_rnd_t rnd);
/* a rounded to a double: rnd is MPFR_RNDD (down), MPFR_RNDU (up) or
   MPFR_RNDN (nearest, ties to even); MPFR_RNDZ and MPFR_RNDA work too.
   Overflow gives +-inf or the largest finite double as the direction
   demands; below 2^-1022 the result is rounded once, directly to the
   subnormal doubles (no double rounding), and underflow gives +-0 or
   +-2^-1074.  Assumes MPFR's exponent range contains the doubles' (the
   default one does). */
BOXTOI_API double boxtoi_alg_get_d(const boxtoi_alg_t a, mpfr_rnd_t rnd);
/* Appends a correctly rounded (to nearest, ties to even) to digits >= 1
   significant decimal digits, in the notation of the query format.  With
   the rounded value m 10^E, 1 <= |m| < 10 (E taken after rounding, so
   9.996 to 3 digits is "10.0"):
   - positional when E is in [-6, 30]: "0.000123", "2.50", "10.0"; when
     all digits are before the point they are padded with zeros and no
     point is written ("12300" for 12345 to 3 digits, "2" for 2.5 to 1);
   - scientific otherwise: the digits as "d.ddd" ("d" for one digit),
     then 'e' and E with a '-' only when negative and no '+'
     ("7.07106781186547524400844362105e-21", "1.00e31");
   - zero is "0"; a negative number starts with '-'.
   Nothing is appended on error.  Returns BOXTOI_OK, BOXTOI_EINVAL
   (digits < 1) or BOXTOI_ENOMEM. */
BOXTOI_API BOXTOI_WUR int boxtoi_alg_get_str(boxtoi_strbuf *sb,
                                             const boxtoi_alg_t a,
                                             long digits);
/* The same for a rational (used for the rational fast path). */
BOXTOI_API BOXTOI_WUR int boxtoi_mpq_get_decimal_str(boxtoi_strbuf *sb,
                                                     mpq_srcptr q,
                                                     long digits);

/* Appends num(a) / den(a), resp. num(a) / sqrt(den(a)), correctly
   rounded in the notation of boxtoi_alg_get_str: an interval enclosure
   on a's interval decides when both its ends round alike, else exact
   comparisons with the rounding break points (doc/algorithm.md §10.3).
   Returns
   BOXTOI_EDOMAIN when den(a) = 0, resp. den(a) <= 0. */
BOXTOI_API BOXTOI_WUR int boxtoi_alg_quot_get_str(boxtoi_strbuf *sb,
                                                  const boxtoi_poly_t num,
                                                  const boxtoi_poly_t den,
                                                  const boxtoi_alg_t a,
                                                  long digits);
BOXTOI_API BOXTOI_WUR int boxtoi_alg_unit_get_str(boxtoi_strbuf *sb,
                                                  const boxtoi_poly_t num,
                                                  const boxtoi_poly_t den,
                                                  const boxtoi_alg_t a,
                                                  long digits);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_ALG_H */
