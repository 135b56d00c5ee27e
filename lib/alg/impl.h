/* lib/alg/impl.h: internal helpers of the algebraic-number layer (not
   installed).  All of them keep the invariant of boxtoi_alg_struct (see
   include/boxtoi/alg.h and doc/algorithm.md §5). */
#ifndef BOXTOI_ALG_IMPL_H
#define BOXTOI_ALG_IMPL_H

#include "util/impl.h"
#include "boxtoi/alg.h"

/* Internal names carry the prefix _boxtoi_ (t/symbols-t.sh), as in
   lib/io/impl.h. */
#define alg_irreducible_by_degrees _boxtoi_alg_irreducible_by_degrees
#define alg_irreducible_by_degrees_or_linear                                \
    _boxtoi_alg_irreducible_by_degrees_or_linear
#define alg_minimise_irrational    _boxtoi_alg_minimise_irrational
#define alg_minimise_irrational_hints _boxtoi_alg_minimise_irrational_hints
#define alg_minimise_irrational_from _boxtoi_alg_minimise_irrational_from
#define alg_minimise_or_rational   _boxtoi_alg_minimise_or_rational
#define alg_degset_init            _boxtoi_alg_degset_init
#define alg_degset_run             _boxtoi_alg_degset_run
#define alg_canonicalise_cofactor_hints _boxtoi_alg_canonicalise_cofactor_hints
#define alg_canonicalise_cofactor_rest _boxtoi_alg_canonicalise_cofactor_rest
#define alg_set_cofactor_root      _boxtoi_alg_set_cofactor_root
#define alg_horner_mpfr            _boxtoi_alg_horner_mpfr
#define alg_remove_linear_factors  _boxtoi_alg_remove_linear_factors
#define alg_linear_factors         _boxtoi_alg_linear_factors
#define alg_quartic_split          _boxtoi_alg_quartic_split
#define alg_sgn_poly_zero_first    _boxtoi_alg_sgn_poly_zero_first
#define alg_quot_get_str_filter    _boxtoi_alg_quot_get_str_filter
#define alg_quot_get_str_exact     _boxtoi_alg_quot_get_str_exact
#define alg_quot_get_str_const     _boxtoi_alg_quot_get_str_const
#define alg_round_sig              _boxtoi_alg_round_sig
#define alg_const_get_str_limbs    _boxtoi_alg_const_get_str_limbs
#define alg_format_decimal         _boxtoi_alg_format_decimal

/* boxtoi_alg_sgn_poly (the same exact sign, the same effect on a) for a
   p that often vanishes at a: when the double-precision filter fails,
   the exact test a.poly | p comes before the MPFR filter, which can
   never prove a zero (doc/performance.md, "The contact point and
   normal at an irrational t"). */
int alg_sgn_poly_zero_first(boxtoi_alg_t a, const boxtoi_poly_t p);

/* The three methods of boxtoi_alg_quot_get_str (unit == 0) and
   boxtoi_alg_unit_get_str (unit != 0), which try the constants, the
   filter and then the exact method (lib/alg/decimal.c, decquot.c;
   doc/algorithm.md §10.3): the constants' method decides (1, *rc set)
   when num and den have degree <= 0, the filter when its enclosure
   decided, else they return 0 (sb untouched); the exact method always
   decides.  Kept apart so that the tests compare them. */
int alg_quot_get_str_const(boxtoi_strbuf *sb, int *rc,
                           const boxtoi_poly_t num, const boxtoi_poly_t den,
                           long digits, int unit);
int alg_quot_get_str_filter(boxtoi_strbuf *sb, int *rc,
                            const boxtoi_poly_t num, const boxtoi_poly_t den,
                            const boxtoi_alg_t a, long digits, int unit);
int alg_quot_get_str_exact(boxtoi_strbuf *sb, const boxtoi_poly_t num,
                           const boxtoi_poly_t den, const boxtoi_alg_t a,
                           long digits, int unit);

/* For y > 0 (a fraction, not necessarily canonical): m, *e with
   y^(1/root) (root 1 or 2) rounded to n_dig >= 1 significant digits,
   ties to even, = m 10^(e - n_dig + 1), 10^(n_dig-1) <= m < 10^n_dig;
   sb += the sign ("-" when neg), the digits of m and the exponent e in
   the notation of doc/format.md §6 (lib/alg/decimal.c). */
void alg_round_sig(mpz_t m, long *e_out, mpq_srcptr y, long n_dig, int root);
int alg_format_decimal(boxtoi_strbuf *sb, int neg, mpz_srcptr m, long e);

/* The same decimal, sign "-" when neg, of |num|/|den| (unit == 0) or
   |num|/sqrt|den| (unit != 0) for num, den != 0, on limb arrays on the
   stack (lib/alg/declimb.c): 1 with *rc set, or 0 (sb untouched) when
   a size exceeds its buffers; alg_round_sig is the reference. */
int alg_const_get_str_limbs(boxtoi_strbuf *sb, int *rc, mpz_srcptr num,
                            mpz_srcptr den, long digits, int unit, int neg);

/* Puts a on the rational fast path when its value is known to be
   rational from its representation: lo == hi (poly becomes d t - n) or
   poly linear (lo = hi = its root). */
void boxtoi_alg_normalise(boxtoi_alg_t a);

/* boxtoi_alg_canonicalise(a), when c (an integer polynomial) vanishes
   at a and its roots in a's interval are roots of a->poly (for
   instance a->poly = v c with v non-zero on the interval): the test for
   a rational value runs on c.  The caller guarantees this; see
   boxtoi_alg_canonicalise_hint for the version that proves it. */
void boxtoi_alg_canonicalise_cofactor(boxtoi_alg_t a, const boxtoi_poly_t c);
/* A polynomial the caller knows may divide the one of an algebraic
   number (such as a box's weight): res = hint i of ctx, built only when
   it is used. */
typedef void (*alg_hint_fn)(boxtoi_poly_t res, int i, void *ctx);

/* The same, with nf such hints (get, ctx), whose common part with the
   polynomial is divided out before it is factored with FLINT, where a
   lack of roots on a's interval is proved (alg_minimise_irrational). */
void alg_canonicalise_cofactor_hints(boxtoi_alg_t a, const boxtoi_poly_t c,
                                     int nf, alg_hint_fn get, void *ctx);

/* The first step of alg_canonicalise_cofactor_hints on its own: when c
   has degree >= 2 after its content is divided out and opposite
   non-zero signs at lo < hi, a = (c's primitive part with lc > 0, lo,
   hi) and 1; else 0, a unchanged.  For a caller that has proved a
   multiple of c to have exactly one root in [lo, hi], a simple one
   (Descartes' rule), so that a is that root without the multiple's
   square-free part (doc/algorithm.md §4.3, "The certificate's cofactor
   first"); it then goes on with alg_canonicalise_cofactor_rest, the
   rest of alg_canonicalise_cofactor_hints (which on such an a would
   take the same c again: the same state). */
int alg_set_cofactor_root(boxtoi_alg_t a, const boxtoi_poly_t c,
                          mpq_srcptr lo, mpq_srcptr hi);
void alg_canonicalise_cofactor_rest(boxtoi_alg_t a, const boxtoi_poly_t c,
                                    int nf, alg_hint_fn get, void *ctx);

/* boxtoi_alg_minimise for an a known to be irrational (lo < hi); a
   poly of degree 2 is then irreducible and kept without a test
   (lib/alg/minpoly.c). */
void alg_minimise_irrational(boxtoi_alg_t a);
/* The same; when the cheaper proofs fail, before FLINT factors it,
   a->poly is divided by the primitive part of its gcd with each of the
   nf hints (get, ctx) that has no root in [lo, hi] (proved by signs
   and Descartes' rule), and the proofs run again on the quotient. */
void alg_minimise_irrational_hints(boxtoi_alg_t a, int nf, alg_hint_fn get,
                                   void *ctx);

/* f = p(x) and, when fp is not NULL, fp = p'(x), by Horner's rule in
   MPFR at the precisions of f and fp, each operation rounded to
   nearest: an approximation without a bound, for proposals that an
   exact test then checks (lib/alg/newton.c). */
void alg_horner_mpfr(mpfr_t f, mpfr_t fp, const boxtoi_poly_t p,
                     mpfr_srcptr x);

/* Non-zero when f (primitive, degree 2 to 63) is proved irreducible
   over Z by the degrees of its factors modulo the primes 101 to 251
   (lib/alg/degset.c); 0 when not proved (f may still be irreducible). */
int alg_irreducible_by_degrees(const boxtoi_poly_t f);

/* The same test, returning 1 when f is proved irreducible, 0 when not
   proved and, when stop is non-zero, -1 when it gave up early because
   each of the first primes used showed a factor of degree 1 (a rational
   root is then likely: alg_minimise_irrational divides those out
   first); nothing is proved then either. */
int alg_irreducible_by_degrees_or_linear(const boxtoi_poly_t f, int stop);

/* The same test in steps on one f: the intersection of the subset sums
   so far (all), the next prime to try and how many were used.  A run
   that returned -1 continues where it stopped when called again on the
   same f (with stop 0: on to the last prime), so that no prime is
   tried twice; alg_irreducible_by_degrees_or_linear is init + run. */
typedef struct {
    unsigned long long all;
    int next, used;
} alg_degset;
void alg_degset_init(alg_degset *s);
int alg_degset_run(alg_degset *s, const boxtoi_poly_t f, int stop);

/* alg_minimise_irrational_hints after the caller ran the degree-set
   test on a->poly (degree >= 3) with stop 1: s its state, r what it
   returned (not 1). */
void alg_minimise_irrational_from(boxtoi_alg_t a, alg_degset *s, int r,
                                  int nf, alg_hint_fn get, void *ctx);
/* After such a run returned -1, for an a not known to be irrational:
   the rational roots of a->poly, divided out, decide whether a is one
   of them (the only root of a->poly in [lo, hi]).  1: a is rational,
   set to it (lo == hi, d t - n); 0: irrational, a->poly its minimal
   polynomial (the rest of alg_minimise_irrational_from); -1:
   undecided, a unchanged. */
int alg_minimise_or_rational(boxtoi_alg_t a, alg_degset *s, int nf,
                             alg_hint_fn get, void *ctx);

/* h = f (degree 1 to 63) divided by all its linear factors over Z
   (d t - n for its rational roots n/d); returns their number, or -1 when
   undecided (no prime of lib/alg/linfac.c fits; h unset).  Proved by
   lifting the roots modulo a small prime (lib/alg/linfac.c). */
int alg_remove_linear_factors(boxtoi_poly_t h, const boxtoi_poly_t f);
/* The same, and when roots is not NULL (deg f initialised entries) the
   rational roots removed, in roots[0 .. count). */
int alg_linear_factors(boxtoi_poly_t h, mpq_t *roots, const boxtoi_poly_t f);

/* For f of degree 4 without a rational root: 1 with q = a factor of
   degree 2 of f over Z (primitive, lc > 0) when there is one, 0 when
   there is none (f is then irreducible), -1 when undecided (the
   resolvent cubic's rational roots were not found: no prime of
   lib/alg/linfac.c fits).  By the resolvent cubic (lib/alg/quartic.c,
   doc/algorithm.md §4.3). */
int alg_quartic_split(boxtoi_poly_t q, const boxtoi_poly_t f);

/* An estimate, within one, of -log2(hi - lo); LONG_MAX when lo == hi. */
long boxtoi_alg_width_bits(const boxtoi_alg_t a);

/* One step of a refinement schedule with doubling precision: *target
   (start it at 0) is the last width exponent asked for; the next one is
   about twice as large and at least 8 bits beyond the current width.
   Refines a to width <= 2^-(*target) and normalises it.  Value
   unchanged. */
void boxtoi_alg_refine_step(boxtoi_alg_t a, long *target);

/* For lo < c < hi (a not on the fast path): if poly(c) = 0, puts a on
   the fast path with value c and returns 1; otherwise replaces lo or hi
   by c, keeping the root inside, and returns 0. */
int boxtoi_alg_split_at(boxtoi_alg_t a, mpq_srcptr c);

#endif /* BOXTOI_ALG_IMPL_H */
