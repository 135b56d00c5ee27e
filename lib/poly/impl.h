/* lib/poly/impl.h: declarations shared inside the poly layer (not
   installed).

   Internal invariant of this layer, relied on by every file here and
   promised in include/boxtoi/poly.h: the coefficients at positions
   length .. alloc-1 are zero.  fit_length initialises new slots to 0,
   and every function that shortens a polynomial goes through
   boxtoi_poly_set_length_normalise, which zeroes what it drops. */
#ifndef BOXTOI_POLY_IMPL_H
#define BOXTOI_POLY_IMPL_H

#include "util/impl.h"
#include "boxtoi/poly.h"

#define poly_sgn_on_interval_d _boxtoi_poly_sgn_on_interval_d
#define poly_enclose_on_interval_d _boxtoi_poly_enclose_on_interval_d
#define poly_content_words _boxtoi_poly_content_words
#define poly_content_limbs _boxtoi_poly_content_limbs
#define poly_divide_content_limbs _boxtoi_poly_divide_content_limbs
#define poly_divide_content_words _boxtoi_poly_divide_content_words
#define poly_mpfr_set_q _boxtoi_poly_mpfr_set_q
#define poly_get_str_mul _boxtoi_poly_get_str_mul

/* boxtoi_poly_get_str with the string mul between a coefficient and
   the variable: "*" gives "3*t^2 - t + 7" (boxtoi_poly_get_str), ""
   gives "3t^2 - t + 7" (the --text summary, lib/io/text.c).  Same
   return codes; on failure sb is left as it was. */
int poly_get_str_mul(boxtoi_strbuf *sb, const boxtoi_poly_t a,
                     const char *var, const char *mul);

/* The double-precision pre-pass of boxtoi_poly_sgn_on_interval_mpfr
   (same contract: +-1 proves the sign of a on [lo, hi], 0 decides
   nothing), without the MPFR step.  a of degree >= 1, lo <= hi. */
int poly_sgn_on_interval_d(const boxtoi_poly_t a, mpq_srcptr lo,
                           mpq_srcptr hi);
/* Its enclosure: [*ylo, *yhi] contains a(x) for every x in [lo, hi]
   (finite doubles) when it returns 1; 0: none (a coefficient above
   1000 bits, or a bound not finite).  a = 0 gives [0, 0]. */
int poly_enclose_on_interval_d(double *ylo, double *yhi,
                               const boxtoi_poly_t a, mpq_srcptr lo,
                               mpq_srcptr hi);

/* mpfr_set_q(r, q, rnd), the same correctly rounded value, without
   MPFR's division when q's denominator is a power of two 2^e (the dyadic
   points of lib/roots and their values): mpfr_set_z_2exp(r, num, -e),
   which rounds the same real number once in the same direction, used
   only when the result's exponent is well inside MPFR's exponent range
   (so neither call overflows or underflows).  Returns mpfr's ternary
   value. */
int poly_mpfr_set_q(mpfr_t r, mpq_srcptr q, mpfr_rnd_t rnd);

/* res = content(a) (boxtoi_poly_content) in machine words
   (lib/poly/content.c), returning 1; 0 (res untouched) when a
   coefficient is 2^192 or more or the build has no 128-bit integers.
   The tests compare it with the gcd of GMP. */
int poly_content_words(mpz_t res, const boxtoi_poly_t a);
/* Its core on magnitudes a[0..n-1] (n <= 8) given as 3 limbs each (least
   significant first, below 2^192; zeros allowed): their gcd as 2^z g
   with g odd, g set (3 limbs) and z returned; -1 when every a[i] is 0
   (g untouched); -2 when the build has no 128-bit integers. */
long poly_content_limbs(mp_limb_t g[3], const mp_limb_t (*a)[3], long n);
/* res = the polynomial of the n coefficients (neg[i] ? -1 : 1) m[i]
   (magnitudes as for poly_content_limbs) divided by its content, and
   negated too when sign_lc and its leading coefficient is negative:
   boxtoi_poly_canonical (sign_lc 1) or boxtoi_poly_primitive_part (0)
   of it, each coefficient written once from the limbs.  Returns 1; 0
   (res untouched) when the build has no 128-bit integers. */
int poly_divide_content_limbs(boxtoi_poly_t res, const mp_limb_t (*m)[3],
                              const int *neg, long n, int sign_lc);
/* The same for a (res may alias a), when a has at most 8 coefficients
   of at most 3 limbs each (returns 1); else 0, nothing done. */
int poly_divide_content_words(boxtoi_poly_t res, const boxtoi_poly_t a,
                              int sign_lc);

/* res = 0 when a is 0, else res = a with its coefficients multiplied by
   c^(n-i) p^i (n = deg a): the coefficients of c^n a(p t / c).  Used by
   scale_mpq and taylor_shift_mpq.  res may alias a. */
void boxtoi_poly_scale_frac_raw(boxtoi_poly_t res, const boxtoi_poly_t a,
                                mpz_srcptr p, mpz_srcptr c);

/* Sets res to the canonical gcd of the primitive polynomials a and b,
   both of degree >= 1, by the modular method (lib/poly/gcdmod.c).
   Returns 0, or -1 when it gives up (then res is unchanged and the caller
   falls back to the primitive PRS).  res must not alias a or b. */
int boxtoi_poly_gcd_modular_raw(boxtoi_poly_t res, const boxtoi_poly_t a,
                                const boxtoi_poly_t b);

/* 1 when a (degree >= 1) is proved square-free by one prime l < 2^31
   not dividing lc(a): gcd(a mod l, a' mod l) = 1.  (A repeated factor f
   of a has lc(f) | lc(a), so f mod l keeps its degree and divides both
   images.)  0 when not proved (a may still be square-free). */
int boxtoi_poly_squarefree_modular_raw(const boxtoi_poly_t a);

#endif /* BOXTOI_POLY_IMPL_H */
