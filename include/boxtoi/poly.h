/* boxtoi/poly.h: univariate polynomials over Z with mpz coefficients.

   A polynomial p = c_0 + c_1 t + ... + c_n t^n is stored as its
   coefficient array, constant term first.  Invariant: length == 0 (the
   zero polynomial, degree -1) or coeffs[length-1] != 0.  All functions
   accept outputs aliasing inputs unless their comment says otherwise.
   See doc/api.md "Polynomials" and doc/algorithm.md §5. */
#ifndef BOXTOI_POLY_H
#define BOXTOI_POLY_H

#include <gmp.h>
#include <mpfr.h>
#include "boxtoi/err.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    mpz_ptr coeffs; /* coeffs[i] multiplies t^i */
    long alloc;     /* number of initialised mpz in coeffs */
    long length;    /* invariant: 0 or coeffs[length-1] != 0 */
} boxtoi_poly_struct;
typedef boxtoi_poly_struct boxtoi_poly_t[1];
typedef boxtoi_poly_struct *boxtoi_poly_ptr;
typedef const boxtoi_poly_struct *boxtoi_poly_srcptr;

/* ---- memory and assignment ---------------------------------------- */
BOXTOI_API void boxtoi_poly_init(boxtoi_poly_t p);          /* p = 0 */
BOXTOI_API void boxtoi_poly_init2(boxtoi_poly_t p, long alloc);
BOXTOI_API void boxtoi_poly_clear(boxtoi_poly_t p);
/* Ensure room for len coefficients (does not change the value).  The
   coefficients at positions length .. alloc-1 always read as zero, so
   after fit_length a caller may write some of coeffs[0 .. len-1] and
   then call set_length_normalise(p, len). */
BOXTOI_API void boxtoi_poly_fit_length(boxtoi_poly_t p, long len);
/* Restore the invariant after writing coefficients directly: drop
   leading zeros among the first len coefficients and set length. */
BOXTOI_API void boxtoi_poly_set_length_normalise(boxtoi_poly_t p, long len);
BOXTOI_API void boxtoi_poly_set(boxtoi_poly_t res, const boxtoi_poly_t a);
BOXTOI_API void boxtoi_poly_swap(boxtoi_poly_t a, boxtoi_poly_t b);
BOXTOI_API void boxtoi_poly_zero(boxtoi_poly_t p);
BOXTOI_API void boxtoi_poly_set_si(boxtoi_poly_t p, long c);
BOXTOI_API void boxtoi_poly_set_mpz(boxtoi_poly_t p, mpz_srcptr c);
/* p = c_0 + c_1 t + ... + c_{len-1} t^{len-1} from an array of longs. */
BOXTOI_API void boxtoi_poly_set_coeffs_si(boxtoi_poly_t p, const long *c,
                                          long len);
/* Sets coefficient i (growing or normalising as needed). */
BOXTOI_API void boxtoi_poly_set_coeff_mpz(boxtoi_poly_t p, long i,
                                          mpz_srcptr c);
BOXTOI_API void boxtoi_poly_set_coeff_si(boxtoi_poly_t p, long i, long c);
/* res = coefficient i (0 beyond the degree). */
BOXTOI_API void boxtoi_poly_get_coeff_mpz(mpz_t res, const boxtoi_poly_t p,
                                          long i);
/* p = (t - r) for an integer r; p = (d t - n) for r = n/d. */
BOXTOI_API void boxtoi_poly_set_linear_root_mpq(boxtoi_poly_t p,
                                                mpq_srcptr r);

/* ---- predicates and size ------------------------------------------ */
BOXTOI_API long boxtoi_poly_degree(const boxtoi_poly_t p); /* -1 for 0 */
BOXTOI_API int boxtoi_poly_is_zero(const boxtoi_poly_t p);
BOXTOI_API int boxtoi_poly_equal(const boxtoi_poly_t a,
                                 const boxtoi_poly_t b);
/* Maximum number of bits of a coefficient's absolute value (0 for 0). */
BOXTOI_API long boxtoi_poly_max_bits(const boxtoi_poly_t p);
/* Sign of the leading coefficient (0 for the zero polynomial). */
BOXTOI_API int boxtoi_poly_sgn_lc(const boxtoi_poly_t p);

/* ---- arithmetic ---------------------------------------------------- */
BOXTOI_API void boxtoi_poly_neg(boxtoi_poly_t res, const boxtoi_poly_t a);
BOXTOI_API void boxtoi_poly_add(boxtoi_poly_t res, const boxtoi_poly_t a,
                                const boxtoi_poly_t b);
BOXTOI_API void boxtoi_poly_sub(boxtoi_poly_t res, const boxtoi_poly_t a,
                                const boxtoi_poly_t b);
BOXTOI_API void boxtoi_poly_mul(boxtoi_poly_t res, const boxtoi_poly_t a,
                                const boxtoi_poly_t b);
/* res += a * b and res -= a * b (res must not alias a or b). */
BOXTOI_API void boxtoi_poly_addmul(boxtoi_poly_t res, const boxtoi_poly_t a,
                                   const boxtoi_poly_t b);
BOXTOI_API void boxtoi_poly_submul(boxtoi_poly_t res, const boxtoi_poly_t a,
                                   const boxtoi_poly_t b);
BOXTOI_API void boxtoi_poly_scalar_mul_mpz(boxtoi_poly_t res,
                                           const boxtoi_poly_t a,
                                           mpz_srcptr c);
BOXTOI_API void boxtoi_poly_scalar_mul_si(boxtoi_poly_t res,
                                          const boxtoi_poly_t a, long c);
/* res = a / c where c divides every coefficient exactly (c != 0). */
BOXTOI_API void boxtoi_poly_scalar_divexact_mpz(boxtoi_poly_t res,
                                                const boxtoi_poly_t a,
                                                mpz_srcptr c);
/* res = a * t^n (n >= 0). */
BOXTOI_API void boxtoi_poly_shift_left(boxtoi_poly_t res,
                                       const boxtoi_poly_t a, long n);
/* res = a^e (e >= 0; a^0 = 1). */
BOXTOI_API void boxtoi_poly_pow(boxtoi_poly_t res, const boxtoi_poly_t a,
                                unsigned long e);
BOXTOI_API void boxtoi_poly_derivative(boxtoi_poly_t res,
                                       const boxtoi_poly_t a);

/* ---- content, division, gcd --------------------------------------- */
/* res = gcd of the coefficients, >= 0 (0 for the zero polynomial). */
BOXTOI_API void boxtoi_poly_content(mpz_t res, const boxtoi_poly_t a);
/* res = a / content(a), leading coefficient's sign kept. */
BOXTOI_API void boxtoi_poly_primitive_part(boxtoi_poly_t res,
                                           const boxtoi_poly_t a);
/* res = a / (sgn(lc) content(a)): primitive with a positive leading
   coefficient.  The canonical representative of a's roots. */
BOXTOI_API void boxtoi_poly_canonical(boxtoi_poly_t res,
                                      const boxtoi_poly_t a);
/* Pseudo-division: lc(b)^k a = q b + r, deg r < deg b, with exactly
   k = deg a - deg b + 1 when deg a >= deg b (the sign of lc(b)^k is
   known to the caller), and k = 0 (q = 0, r = a) when deg a < deg b.
   q or r may be NULL when not wanted.  Returns BOXTOI_EDOMAIN if b = 0.
   q and r must be distinct. */
BOXTOI_API BOXTOI_WUR int boxtoi_poly_pseudo_divrem(boxtoi_poly_t q,
                                                    boxtoi_poly_t r,
                                                    const boxtoi_poly_t a,
                                                    const boxtoi_poly_t b);
/* If b divides a exactly in Z[t], sets q = a / b and returns BOXTOI_OK;
   otherwise returns BOXTOI_EDOMAIN (q unspecified).  b = 0 gives
   BOXTOI_EDOMAIN. */
BOXTOI_API BOXTOI_WUR int boxtoi_poly_divexact(boxtoi_poly_t q,
                                               const boxtoi_poly_t a,
                                               const boxtoi_poly_t b);
/* res = gcd(a, b) in Z[t], canonical (primitive, lc > 0); gcd(0, 0) = 0. */
BOXTOI_API void boxtoi_poly_gcd(boxtoi_poly_t res, const boxtoi_poly_t a,
                                const boxtoi_poly_t b);
/* res = canonical square-free part a / gcd(a, a'); 0 for 0, 1 for a
   non-zero constant. */
BOXTOI_API void boxtoi_poly_squarefree_part(boxtoi_poly_t res,
                                            const boxtoi_poly_t a);
/* The same res as boxtoi_poly_squarefree_part(res, a), found faster
   when a = f^2 g with a / f square-free: f is a hint, such as a factor
   known to appear squared by construction.  The shortcut is taken only
   when it is proved (exact divisions and a modular square-freeness
   test); any other a and f give the general computation. */
BOXTOI_API void boxtoi_poly_squarefree_part_hint(boxtoi_poly_t res,
                                                 const boxtoi_poly_t a,
                                                 const boxtoi_poly_t f);

/* ---- substitution --------------------------------------------------- */
/* res(t) = a(t + c) (Taylor shift) for an integer c. */
BOXTOI_API void boxtoi_poly_taylor_shift_mpz(boxtoi_poly_t res,
                                             const boxtoi_poly_t a,
                                             mpz_srcptr c);
/* res(t) = d^n a(t + n_/d) for c = n_/d, n = deg a: an integer polynomial
   with the roots of a shifted by -c. */
BOXTOI_API void boxtoi_poly_taylor_shift_mpq(boxtoi_poly_t res,
                                             const boxtoi_poly_t a,
                                             mpq_srcptr c);
/* res(t) = a(2^e t) for e >= 0, or 2^(-e n) a(2^e t) for e < 0 (so the
   result stays integral), n = deg a. */
BOXTOI_API void boxtoi_poly_scale_2exp(boxtoi_poly_t res,
                                       const boxtoi_poly_t a, long e);
/* res(t) = d^n a(n_ t / d) for c = n_/d (c != 0); roots divided by c. */
BOXTOI_API void boxtoi_poly_scale_mpq(boxtoi_poly_t res,
                                      const boxtoi_poly_t a, mpq_srcptr c);
/* res(t) = t^n a(1/t), n = deg a (coefficients reversed). */
BOXTOI_API void boxtoi_poly_reverse(boxtoi_poly_t res,
                                    const boxtoi_poly_t a);
/* res = a(b(t)) (composition). */
BOXTOI_API void boxtoi_poly_compose(boxtoi_poly_t res, const boxtoi_poly_t a,
                                    const boxtoi_poly_t b);

/* ---- evaluation and signs (all exact) ------------------------------ */
/* res = a(c) for an integer c. */
BOXTOI_API void boxtoi_poly_eval_mpz(mpz_t res, const boxtoi_poly_t a,
                                     mpz_srcptr c);
/* res = a(c) for a rational c. */
BOXTOI_API void boxtoi_poly_eval_mpq(mpq_t res, const boxtoi_poly_t a,
                                     mpq_srcptr c);
/* res = 2^(e n) a(m / 2^e), n = deg a, e >= 0: integer Horner at a dyadic
   point; its sign is the sign of a(m / 2^e). */
BOXTOI_API void boxtoi_poly_eval_2exp(mpz_t res, const boxtoi_poly_t a,
                                      mpz_srcptr m, unsigned long e);
/* Sign (-1, 0, 1) of a(c), exactly. */
BOXTOI_API int boxtoi_poly_sgn_at_mpq(const boxtoi_poly_t a, mpq_srcptr c);
BOXTOI_API int boxtoi_poly_sgn_at_si(const boxtoi_poly_t a, long c);
/* Sign of a(t) as t -> +inf (dir > 0) or t -> -inf (dir < 0);
   0 for the zero polynomial. */
BOXTOI_API int boxtoi_poly_sgn_at_inf(const boxtoi_poly_t a, int dir);
/* Number of sign variations of the coefficient sequence (zeros skipped):
   Descartes' bound on the positive roots. */
BOXTOI_API long boxtoi_poly_sign_variations(const boxtoi_poly_t a);
/* A positive integer power of two 2^k with every real root of a (a != 0)
   in (-2^k, 2^k), indeed every complex root of modulus < 2^k; returns
   k >= 0 (a Fujiwara-type bound, within a factor 4 deg a of the largest
   root modulus).  Returns 0 for constants. */
BOXTOI_API long boxtoi_poly_root_bound_2exp(const boxtoi_poly_t a);

/* ---- floating-point filters (a non-zero answer is a proof) ---------- */
/* Interval evaluation of a over [lo, hi] with MPFR at precision prec and
   directed rounding.  Returns +1 (resp. -1) only when it proves a(t) > 0
   (resp. < 0) for every t in [lo, hi]; returns 0 when it cannot decide.
   lo <= hi. */
BOXTOI_API int boxtoi_poly_sgn_on_interval_mpfr(const boxtoi_poly_t a,
                                                mpq_srcptr lo, mpq_srcptr hi,
                                                mpfr_prec_t prec);
/* Encloses a(x) for x in [xlo, xhi] (MPFR values): sets ylo <= a(x) <= yhi
   for all such x.  ylo, yhi must be initialised, distinct from xlo, xhi;
   computation is at their precision. */
BOXTOI_API void boxtoi_poly_eval_interval_mpfr(mpfr_t ylo, mpfr_t yhi,
                                               const boxtoi_poly_t a,
                                               mpfr_srcptr xlo,
                                               mpfr_srcptr xhi);

/* ---- text ----------------------------------------------------------- */
/* Appends a readable form, e.g. "3*t^2 - t + 7" ("0" for zero), with
   the variable name var. */
BOXTOI_API BOXTOI_WUR int boxtoi_poly_get_str(boxtoi_strbuf *sb,
                                              const boxtoi_poly_t a,
                                              const char *var);
/* Writes the readable form to f (for debugging and tests). */
BOXTOI_API void boxtoi_poly_fprint(FILE *f, const boxtoi_poly_t a,
                                   const char *var);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_POLY_H */
