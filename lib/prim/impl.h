/* lib/prim/impl.h: declarations shared inside the primitives layer (not
   installed).  See doc/algorithm.md §9. */
#ifndef BOXTOI_PRIM_IMPL_H
#define BOXTOI_PRIM_IMPL_H

#include <stdint.h>
#include "util/impl.h"
#include "boxtoi/prim.h"

/* Internal names carry the prefix _boxtoi_ (t/symbols-t.sh), as in
   lib/io/impl.h. */
#define prim_contact_at  _boxtoi_prim_contact_at
#define prim_cross_sgn   _boxtoi_prim_cross_sgn
#define prim_axis        _boxtoi_prim_axis
#define prim_bern_sgn    _boxtoi_prim_bern_sgn
#define prim_bounds      _boxtoi_prim_bounds
#define prim_check       _boxtoi_prim_check
#define prim_cubic       _boxtoi_prim_cubic
#define prim_denominator _boxtoi_prim_denominator
#define prim_disc_mod61  _boxtoi_prim_disc_mod61
#define prim_mod61       _boxtoi_prim_mod61
#define prim_fast        _boxtoi_prim_fast
#define prim_filter_core _boxtoi_prim_filter_core
#define prim_get_d       _boxtoi_prim_get_d
#define prim_inside_iv   _boxtoi_prim_inside_iv
#define prim_inside_static _boxtoi_prim_inside_static
#define prim_keep_min    _boxtoi_prim_keep_min
#define prim_lin_clear   _boxtoi_prim_lin_clear
#define prim_lin_init    _boxtoi_prim_lin_init
#define prim_lin_set     _boxtoi_prim_lin_set
#define prim_newton      _boxtoi_prim_newton
#define prim_on_segment  _boxtoi_prim_on_segment
#define prim_refine_fast _boxtoi_prim_refine_fast
#define prim_ps_first    _boxtoi_prim_ps_first
#define prim_ps_init     _boxtoi_prim_ps_init
#define prim_ps_clear    _boxtoi_prim_ps_clear
#define prim_result_reset _boxtoi_prim_result_reset
#define prim_scaled      _boxtoi_prim_scaled
#define prim_search      _boxtoi_prim_search
#define prim_scratch_free _boxtoi_prim_scratch_free
#define prim_set_d       _boxtoi_prim_set_d
#define prim_sgn         _boxtoi_prim_sgn
#define prim_squarefree  _boxtoi_prim_squarefree
#define prim_to_double   _boxtoi_prim_to_double
#define prim_vec_clear   _boxtoi_prim_vec_clear
#define prim_vec_cross   _boxtoi_prim_vec_cross
#define prim_vec_dot     _boxtoi_prim_vec_dot
#define prim_vec_init    _boxtoi_prim_vec_init
#define prim_vec_is_zero _boxtoi_prim_vec_is_zero
#define prim_vec_sub     _boxtoi_prim_vec_sub
#define prim_vec_zero_at _boxtoi_prim_vec_zero_at

/* A vector of three integer polynomials in t. */
typedef struct {
    boxtoi_poly_struct c[3];
} prim_vec;

void prim_vec_init(prim_vec *v);
void prim_vec_clear(prim_vec *v);
/* r = a - b, r = a x b (r distinct from a and b for the cross product),
   res = a . b (polynomials). */
void prim_vec_sub(prim_vec *r, const prim_vec *a, const prim_vec *b);
void prim_vec_cross(prim_vec *r, const prim_vec *a, const prim_vec *b);
void prim_vec_dot(boxtoi_poly_t res, const prim_vec *a, const prim_vec *b);
int prim_vec_is_zero(const prim_vec *a);

/* The four moving vertices of a query, scaled by the positive common
   denominator L of all coordinates: v[i].c[j] = L x0 + L (x1 - x0) t,
   an integer polynomial of degree <= 1 (§9.1). */
typedef struct {
    prim_vec v[4];
} prim_lin;

void prim_lin_init(prim_lin *l);
void prim_lin_clear(prim_lin *l);
void prim_lin_set(prim_lin *l, const boxtoi_prim_query_t q);

/* den = L, the common denominator of the coordinates: 2^emax when every
   denominator is a power of two (returns emax), else their lcm
   (returns -1). */
long prim_denominator(mpz_t den, const boxtoi_prim_query_t q);
/* r = a L, for the den and emax of prim_denominator. */
void prim_scaled(mpz_t r, mpq_srcptr a, mpz_srcptr den, long emax);

/* Exact sign of p at tau (boxtoi_alg_sgn_poly; refines tau). */
int prim_sgn(boxtoi_alg_t tau, const boxtoi_poly_t p);
/* Non-zero when every component of a vanishes at tau. */
int prim_vec_zero_at(boxtoi_alg_t tau, const prim_vec *a);

/* The point-segment tests' working memory (prim_on_segment's d, e, f,
   h, s; prim_ps_first's pd, pe, ph, g, r, x; rw, the root isolation's
   memory, which the search's own isolation uses too), kept in a
   result's scratch with the search, so that it is allocated once per
   result; every field is written before it is read. */
typedef struct {
    prim_vec d, e, f, h, pd, pe, ph;
    boxtoi_poly_t s, g;
    boxtoi_roots_t r;
    boxtoi_roots_work_t rw;
    boxtoi_alg_t x;
} prim_ps;

void prim_ps_init(prim_ps *w);
void prim_ps_clear(prim_ps *w);

/* Whether P(tau) lies on the closed segment A(tau) B(tau): 0 if not,
   else the feature of the segment as a mask (1 at A, 2 at B, 3 inside;
   §9.3).  w: working memory. */
int prim_on_segment(boxtoi_alg_t tau, prim_ps *w, const prim_vec *p,
                    const prim_vec *a, const prim_vec *b);

/* The least t in (t0, t1] (t1 NULL: +inf) at which P(t) lies on the
   closed segment A(t) B(t), when P does not at t0 (§9.3).  Returns 1 and sets tau, or
   0 when there is none, or -BOXTOI_EINTERNAL on a broken precondition.
   w: working memory (tau not one of its fields). */
int prim_ps_first(boxtoi_alg_t tau, prim_ps *w, const prim_vec *p,
                  const prim_vec *a, const prim_vec *b, mpq_srcptr t0,
                  mpq_srcptr t1);

/* Whether the primitives of q share a point at the algebraic t (any t,
   not only in q's range), exactly: 0 if not, else the features as
   feature[0] | feature[1] << 2 (boxtoi_prim_result_struct); -BOXTOI_EINVAL
   for an unknown kind.  Refines t (its value unchanged).  The exact
   method's own test (§9.2-§9.4): the coplanarity polynomial's sign at
   t, then the inside conditions. */
int prim_contact_at(boxtoi_alg_t t, const boxtoi_prim_query_t q);

/* best = min(best, x) where *have says whether best is set yet. */
void prim_keep_min(boxtoi_alg_t best, int *have, const boxtoi_alg_t x);

/* a as a double truncated toward zero (mpq_get_d); for n / 2^e with
   |n| < 2^53 (one limb) and e <= 1022 (2^e in any number of limbs),
   the exact value n 2^-e with *exact = 1, else *exact = 0. */
double prim_get_d(mpq_srcptr a, int *exact);

/* r = x, a finite double (mpq_set_d's value: x in lowest terms, its
   denominator a power of two), from x's bits without mpq_set_d's
   general path (lib/prim/entry.c; the bracket of a pending time). */
void prim_set_d(mpq_ptr r, double x);

/* The coordinates as doubles (prim_get_d) and whether each is exact;
   once the filter has reached its Bernstein test (bern = 1), the
   coefficients S_m of §9.5 as doubles s[m] with |s[m] - S_m| <= err[m]. */
typedef struct {
    double x[2][4][3];
    unsigned char exact[2][4][3];
    int bern;
    double s[4], err[4];
} prim_dbl;

/* BOXTOI_OK when q's kind and range are valid, else the error code
   (err says what). */
int prim_check(const boxtoi_prim_query_t q, boxtoi_errinfo *err);
/* The exact method on q (checked here; lib/prim/first.c): res set as by
   boxtoi_prim_first_exact; d, q's doubles or NULL, only lets the inside
   test of §9.7 run before exact signs.  Sets res->t_lo, t_hi by
   prim_bounds. */
int prim_search(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
                const prim_dbl *d, boxtoi_errinfo *err);
/* Frees res->scratch, the search prim_search keeps in a result
   (lib/prim/first.c; NULL: nothing). */
void prim_scratch_free(void *scratch);
/* res = no contact, not initial, not pending, no features; filtered
   as given (res->t untouched). */
void prim_result_reset(boxtoi_prim_result_t res, int filtered);
/* res->t_lo, t_hi from the isolating interval of res->t, rounded
   outward. */
void prim_bounds(boxtoi_prim_result_t res);

/* Fills x; returns 0 when a coordinate is neither zero nor of magnitude
   in [2^-200, 2^200] (the doubles' stages then do not run, §9.5). */
int prim_to_double(prim_dbl *x, const boxtoi_prim_query_t q);
/* boxtoi_prim_filter on converted coordinates (sets x->bern, x->s,
   x->err). */
int prim_filter_core(prim_dbl *x, const boxtoi_prim_query_t q);

/* res = the coplanarity cubic of q (f or g of §9.2 times a positive
   constant), canonical (boxtoi_poly_canonical, whose content takes
   machine words below 2^192: lib/poly/content.c; the narrow 128-bit
   instance takes that content on its limbs first, §9.8; zero when it
   vanishes); d holds q's doubles.
   With use_i128, by 128-bit integers when they apply (§9.8), else by
   GMP (use_i128 = 0 forces GMP, for the tests).  *sqfree (when not
   NULL) = 1 when the narrow instance proved res square-free by the
   residue of its discriminant (prim_disc_mod61, on its limbs before
   the content is divided out: that changes the discriminant by a
   non-zero factor, §9.8), else 0 (not proved: prim_squarefree). */
void prim_cubic(boxtoi_poly_t res, const boxtoi_prim_query_t q,
                const prim_dbl *d, int use_i128, int *sqfree);
/* Non-zero when p (degree 1 to 3) is square-free (§9.8). */
int prim_squarefree(const boxtoi_poly_t p);
/* Its first test on residues modulo M = 2^61 - 1 (§9.8;
   lib/prim/sqfree.c): the residue of the integer (neg ? -1 : 1) times
   the n limbs p; and whether the discriminant of the polynomial of
   degree n (2 or 3) whose coefficients have the residues r[0..n] is
   proved non-zero (a non-zero residue).  Both 0 without 128-bit
   integers. */
uint64_t prim_mod61(const mp_limb_t *p, size_t n, int neg);
int prim_disc_mod61(const uint64_t r[4], int n);

/* What the inside test proved at tau, when it did not decide: n(tau)
   != 0 (n_nonzero, from the sign of one component), and the signs q[k]
   (1, -1, or 0 when not proved)
   of the inside quantities: vertex-face, the weights of C, A, B (the
   polynomials e[0], e[1], e[2] of §9.2); edge-edge, s, 1 - s, u,
   1 - u. */
typedef struct {
    int n_nonzero;
    int q[4];
    int axis, n_sign; /* with n_nonzero: n_axis(tau) has the sign n_sign */
} prim_known;

/* The inside test of the certified path (§9.7) at a tau in [lo, hi]
   where the coplanarity polynomial vanishes: 1 when every inside
   quantity is proved > 0 (contact, interior features), -1 when one is
   proved < 0 (no contact at tau), 0 when undecided; then *kn (when not
   NULL) holds the signs it proved, else it is all zero. */
int prim_inside_iv(const prim_dbl *d, mpq_srcptr lo, mpq_srcptr hi,
                   int kind, prim_known *kn);

/* The sign of the coplanarity cubic at the double t in [0, 1], from
   the filter's Bernstein coefficients (x->bern set) with the static
   error bound of §9.7; 0 when not certified. */
int prim_bern_sgn(const prim_dbl *x, double t);

/* The axis a (0, 1, 2) of the largest |n_a| for the vertex positions
   y[i] (no proof needed: any axis with n_a != 0 serves, §9.7). */
int prim_axis(double y[4][3], int kind);
/* The sign of (X_p - X_q) x (X_r - X_s) (p, q = pq[0], pq[1]; r, s =
   rs[0], rs[1]), the 2-D cross product in the plane normal to axis,
   for the vertex positions X at every t in [a, b], proved by the
   static bound of §9.7; 0 when not proved (also unless 0 <= a <= b <=
   1 with a, b each 0 or at least 2^-60). */
int prim_cross_sgn(const prim_dbl *x, const int pq[2], const int rs[2],
                   int axis, double a, double b);
/* The inside test of §9.7 by prim_cross_sgn at a root of the
   coplanarity cubic in [a, b], in the plane normal to axis: 1 all
   proved > 0, -1 one proved < 0, 0 undecided. */
int prim_inside_static(const prim_dbl *x, double a, double b, int kind,
                       int axis);

/* A root proposal for the polynomial c[0] + ... + c[n] t^n in doubles
   between lo and hi, where its sign is s0 at lo and the other at hi:
   Newton's method guarded by bisection, from x0 (the middle when x0 is
   not inside), stopped once a step is at most tol (0: until it no
   longer moves).  Its value is never trusted (§9.7). */
double prim_newton(const double *c, int n, double lo, double hi, int s0,
                   double x0, double tol);

/* Narrows tau's interval around a double proposal checked with exact
   signs (§9.7): returns 1 when it did (tau's value unchanged), 0 when
   the proposal failed (tau unchanged). */
int prim_refine_fast(boxtoi_alg_t tau);

/* The certified double path for a query with range [0, 1] (§9.7):
   returns 1 when it decided (res set: contact at the first root of the
   cubic in (0, 1) that passes the inside test, or no contact), 0 when
   the exact method must run.  A contact at a root in (0, 1) is left
   with res->pending set and the root's bracket in t_lo, t_hi
   (boxtoi_prim_time forms t). */
int prim_fast(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
              const prim_dbl *x);

#endif /* BOXTOI_PRIM_IMPL_H */
