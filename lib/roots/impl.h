/* lib/roots/impl.h: declarations shared inside the roots layer (not
   installed).

   Points where signs are taken are rationals held in mpq_t.  Points that
   the layer chooses itself (bisection points, refinement grids) are
   dyadic, k / 2^e, so that their signs come from integer Horner
   (boxtoi_poly_eval_2exp); only the caller's own endpoints may have
   other denominators. */
#ifndef BOXTOI_ROOTS_IMPL_H
#define BOXTOI_ROOTS_IMPL_H

#include "util/impl.h"
#include "boxtoi/roots.h"

/* ---- points (lib/roots/point.c) ------------------------------------ */

/* Sign of a(x), exactly.  Integer Horner when x is dyadic (including
   integers), homogeneous integer Horner otherwise.  tmp is scratch. */
int boxtoi_roots_sgn_at(const boxtoi_poly_t a, mpq_srcptr x, mpz_t tmp);

/* res = a(x) exactly (as a canonical rational); integer Horner when x is
   dyadic. */
void boxtoi_roots_eval_at(mpq_t res, const boxtoi_poly_t a, mpq_srcptr x);
/* The same with the caller's scratch v (no allocation of its own). */
void boxtoi_roots_eval_at_tmp(mpq_t res, const boxtoi_poly_t a,
                              mpq_srcptr x, mpz_t v);

/* The least integer L with 2^L >= x, for a rational x > 0. */
long boxtoi_roots_clog2(mpq_srcptr x);
/* The same with the caller's scratch t. */
long boxtoi_roots_clog2_tmp(mpq_srcptr x, mpz_t t);

/* Sets m to a dyadic number strictly inside (lo, hi), lo < hi, in the
   middle half [lo + w/4, hi - w/4] (w = hi - lo) and with a denominator
   2^e as small as that allows (an integer if there is one). */
void boxtoi_roots_split_point(mpq_t m, mpq_srcptr lo, mpq_srcptr hi);

/* ---- Sturm sign variations (lib/roots/count.c) ----------------------- */

/* V(x): the number of sign changes of (seq[i](x)) with zeros dropped.
   Sets *sq to the sign of seq[0](x) when sq is non-NULL.  s must be
   set (len >= 1).  tmp is scratch. */
long boxtoi_sturm_var_at(const boxtoi_sturm_t s, mpq_srcptr x, int *sq,
                         mpz_t tmp);
/* V at -inf (dir < 0) or +inf (dir > 0). */
long boxtoi_sturm_var_inf(const boxtoi_sturm_t s, int dir);

/* ---- Descartes' rule of signs (lib/roots/descartes.c) ---------------- */

/* The two steps of boxtoi_roots_descartes (roots.h): the count in
   double-precision interval arithmetic (-1 when some sign is not
   proved; otherwise the exact count), and in integers. */
long boxtoi_roots_descartes_filter(const boxtoi_poly_t a, mpq_srcptr lo,
                                   mpq_srcptr hi);
long boxtoi_roots_descartes_exact(const boxtoi_poly_t a, mpq_srcptr lo,
                                  mpq_srcptr hi, boxtoi_poly_t tmp);

/* ---- isolation (lib/roots/isolate.c, lib/roots/vca.c) --------------- */

#define roots_work_new _boxtoi_roots_work_new
#define roots_work_free _boxtoi_roots_work_free

/* A pending node of Descartes' bisection (vca.c): the interval (c, j),
   or (root != 0) the exact root at its left end.  inside: the interval
   lies within (lo, hi). */
typedef struct {
    mpz_t c;
    long j;
    int root, inside;
} roots_vnode;

/* The memory of an isolation (boxtoi_roots_work_t points here): vca.c's
   nodes (valloc, each with its mpz_t initialised), their coefficients
   (palloc initialised mpz_t), the n + 1 integers of a node's test
   (talloc), and the temporaries of vca.c and isolate.c.  Kept between
   isolations: every value is written before it is read. */
typedef struct {
    roots_vnode *v;
    mpz_ptr pool, T;
    long valloc, palloc, talloc;
    mpz_t M, c, c2, tmp;
    mpq_t l, h, t, lo, hi, m;
} roots_work;

/* A new work (NULL when memory runs out); its memory freed (NULL
   allowed). */
roots_work *roots_work_new(void);
void roots_work_free(roots_work *wk);

/* Appends the interval [lo, hi] to r; BOXTOI_ENOMEM when memory runs
   out. */
int boxtoi_roots_append(boxtoi_roots_t r, mpq_srcptr lo, mpq_srcptr hi);

/* Appends to r isolating intervals of the roots of q (square-free,
   degree >= 1) in the open interval (lo, hi), lo < hi finite, in
   increasing order, by Descartes' method, in the memory wk.  zlo, zhi:
   whether q(lo) = 0,
   q(hi) = 0.  Intervals lie in [lo, hi]; consecutive ones may share an
   end (not a root).  Returns BOXTOI_ENOMEM if memory runs out. */
int boxtoi_roots_bisect_descartes(boxtoi_roots_t r, const boxtoi_poly_t q,
                                  mpq_srcptr lo, mpq_srcptr hi, int zlo,
                                  int zhi, roots_work *wk);

#endif /* BOXTOI_ROOTS_IMPL_H */
