/* boxtoi/roots.h: Sturm sequences, real-root counting and isolation.

   Everything here is exact: signs are decided on integers, interval
   endpoints are rationals (dyadic where bisection made them).  MPFR may
   propose refinement points, but every accepted step is certified by an
   exact sign.  See doc/algorithm.md §5 and doc/api.md "Roots". */
#ifndef BOXTOI_ROOTS_H
#define BOXTOI_ROOTS_H

#include "boxtoi/poly.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Interval end flags.  An interval [a, b] is given by two rationals,
   where a NULL pointer means -inf (for a) or +inf (for b); ends are
   closed unless flagged open (an infinite end is always open). */
#define BOXTOI_OPEN_LO 1
#define BOXTOI_OPEN_HI 2

/* A Sturm sequence of the square-free part q of a non-zero polynomial p:
   seq[0] = q (canonical: primitive, lc > 0), seq[1] a positive multiple
   of q', and seq[i+1] a negative multiple of the remainder of seq[i-1]
   by seq[i], computed over Z (subresultant or content-removed
   pseudo-remainders), down to a non-zero constant.  For a < b,
   V(a) - V(b) is the number of distinct real roots of p in (a, b], where
   V(x) counts sign changes of (seq[i](x)) with zeros dropped. */
typedef struct {
    boxtoi_poly_struct *seq;
    long len;   /* number of polynomials; 0 before boxtoi_sturm_set */
    long alloc;
} boxtoi_sturm_struct;
typedef boxtoi_sturm_struct boxtoi_sturm_t[1];

BOXTOI_API void boxtoi_sturm_init(boxtoi_sturm_t s);
BOXTOI_API void boxtoi_sturm_clear(boxtoi_sturm_t s);
/* Builds the sequence for p.  Returns BOXTOI_EDOMAIN if p = 0 (every
   number is a root), BOXTOI_ENOMEM if memory runs out. */
BOXTOI_API BOXTOI_WUR int boxtoi_sturm_set(boxtoi_sturm_t s,
                                           const boxtoi_poly_t p);
/* The square-free part q = seq[0] (valid while s is unchanged; NULL
   if s is not set). */
BOXTOI_API const boxtoi_poly_struct *
boxtoi_sturm_squarefree(const boxtoi_sturm_t s);
/* Number of distinct real roots in the interval given by a, b, flags
   (see BOXTOI_OPEN_LO).  0 when the interval is empty (a > b, or a == b
   with an open end), and 0 when s is not set.  A bounded interval is
   first tried with Descartes' rule of signs (0 or 1 sign variations
   decide); otherwise V(a) - V(b) with the ends' exact signs. */
BOXTOI_API long boxtoi_sturm_count(const boxtoi_sturm_t s, mpq_srcptr a,
                                   mpq_srcptr b, int flags);

/* Isolated real roots: the canonical square-free part of the input and
   n disjoint isolating intervals in increasing order.  For each i:
   lo[i] <= hi[i]; either lo[i] == hi[i] and sqfree(lo[i]) = 0, or
   lo[i] < hi[i], sqfree(lo[i]) sqfree(hi[i]) < 0 and sqfree has exactly
   one root in (lo[i], hi[i]); hi[i] < lo[i+1]. */
typedef struct {
    boxtoi_poly_struct sqfree;
    mpq_ptr lo;
    mpq_ptr hi;
    long n;
    long alloc;
} boxtoi_roots_struct;
typedef boxtoi_roots_struct boxtoi_roots_t[1];

BOXTOI_API void boxtoi_roots_init(boxtoi_roots_t r);
BOXTOI_API void boxtoi_roots_clear(boxtoi_roots_t r);

/* Isolates all distinct real roots of p in the interval given by a, b,
   flags (NULL for an infinite end).  When an end is finite, every
   isolating interval lies within the closed interval [a, b] (an
   interval may end at a that is not a root even when a is open; a root
   exactly at an open end is left out).  Method: the square-free part
   by boxtoi_poly_squarefree_part, then Descartes' rule of signs with
   bisection (no Sturm sequence is built); the roots, their order and
   the invariant are those of boxtoi_roots_isolate_sturm, the intervals
   may differ.  Returns BOXTOI_EDOMAIN for p = 0, BOXTOI_ENOMEM if
   memory runs out (BOXTOI_EINTERNAL only on a bug). */
BOXTOI_API BOXTOI_WUR int boxtoi_roots_isolate(boxtoi_roots_t r,
                                               const boxtoi_poly_t p,
                                               mpq_srcptr a, mpq_srcptr b,
                                               int flags);
/* The memory of boxtoi_roots_isolate, kept between calls: a work reused
   for many isolations allocates its stacks and temporaries once.  init
   allocates nothing; clear frees.  A work is used by one thread at a
   time (as an mpz_t is). */
typedef struct {
    void *p;
} boxtoi_roots_work_struct;
typedef boxtoi_roots_work_struct boxtoi_roots_work_t[1];

BOXTOI_API void boxtoi_roots_work_init(boxtoi_roots_work_t w);
BOXTOI_API void boxtoi_roots_work_clear(boxtoi_roots_work_t w);
/* boxtoi_roots_isolate in the memory w: the same result, the same
   return values. */
BOXTOI_API BOXTOI_WUR int boxtoi_roots_isolate_work(boxtoi_roots_t r,
                                                    const boxtoi_poly_t p,
                                                    mpq_srcptr a,
                                                    mpq_srcptr b, int flags,
                                                    boxtoi_roots_work_t w);
/* The same by bisection driven by Sturm counts, with a Sturm sequence
   already built (s from boxtoi_sturm_set); the output's sqfree is a
   copy of its seq[0].  Returns BOXTOI_EINVAL if s is not set,
   BOXTOI_ENOMEM if memory runs out. */
BOXTOI_API BOXTOI_WUR int boxtoi_roots_isolate_sturm(boxtoi_roots_t r,
                                                     const boxtoi_sturm_t s,
                                                     mpq_srcptr a,
                                                     mpq_srcptr b,
                                                     int flags);

/* Refines an isolating interval [lo, hi] of a root of the square-free
   polynomial q (as above: lo == hi a root, or a strict sign change and
   one root inside) until hi - lo <= 2^-bits.  Keeps the invariant; when
   the root is met exactly at a dyadic or tested rational point, returns
   with lo == hi.  Returns BOXTOI_EINVAL if [lo, hi] is not isolating
   (q(lo) q(hi) >= 0 with lo < hi, lo > hi, or lo == hi not a root;
   also for q = 0).  bits may be <= 0.  Method: quadratic interval
   refinement on dyadic grids, secant proposals, exact signs. */
BOXTOI_API BOXTOI_WUR int boxtoi_roots_refine(mpq_t lo, mpq_t hi,
                                              const boxtoi_poly_t q,
                                              long bits);

/* Descartes' rule of signs on an interval: the number of sign
   variations of (1 + x)^n p((lo + hi x) / (1 + x)) (n = deg p, made
   integral by a positive factor), lo < hi, p non-zero.  An upper bound
   on the number of roots of p in the open interval (lo, hi), counted
   with multiplicity, of the same parity: 0 proves there is none, 1 that
   there is exactly one (a simple one).  Computed in double-precision
   interval arithmetic when that proves every sign, else exactly in
   integers; the answer is the same.  tmp is scratch. */
BOXTOI_API long boxtoi_roots_descartes(const boxtoi_poly_t p, mpq_srcptr lo,
                                       mpq_srcptr hi, boxtoi_poly_t tmp);

/* If q (square-free, canonical) has a rational root in the isolating
   interval [lo, hi], sets lo = hi = that root and returns 1; otherwise
   returns 0 and leaves lo, hi unchanged (also when [lo, hi] is not
   isolating).  Uses that a rational root n/d of q has d | lc(q): a
   small prime p not dividing lc(q) for which q has no root mod p
   proves there is none; otherwise [lo, hi] is refined to width
   < 1/|lc(q)|, which leaves one candidate m/|lc(q)| to test exactly. */
BOXTOI_API int boxtoi_roots_find_rational(mpq_t lo, mpq_t hi,
                                          const boxtoi_poly_t q);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_ROOTS_H */
