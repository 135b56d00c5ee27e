/* lib/prim/impl.h: declarations shared inside the primitives layer (not
   installed).  See doc/algorithm.md §9. */
#ifndef BOXTOI_PRIM_IMPL_H
#define BOXTOI_PRIM_IMPL_H

#include "util/impl.h"
#include "boxtoi/prim.h"

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

/* Exact sign of p at tau (boxtoi_alg_sgn_poly; refines tau). */
int prim_sgn(boxtoi_alg_t tau, const boxtoi_poly_t p);
/* Non-zero when every component of a vanishes at tau. */
int prim_vec_zero_at(boxtoi_alg_t tau, const prim_vec *a);

/* Whether P(tau) lies on the closed segment A(tau) B(tau): 0 if not,
   else the feature of the segment as a mask (1 at A, 2 at B, 3 inside;
   §9.3). */
int prim_on_segment(boxtoi_alg_t tau, const prim_vec *p, const prim_vec *a,
                    const prim_vec *b);

/* The least t in (t0, t1] at which P(t) lies on the closed segment
   A(t) B(t), when P does not at t0 (§9.3).  Returns 1 and sets tau, or
   0 when there is none, or -BOXTOI_EINTERNAL on a broken precondition. */
int prim_ps_first(boxtoi_alg_t tau, const prim_vec *p, const prim_vec *a,
                  const prim_vec *b, mpq_srcptr t0, mpq_srcptr t1);

/* best = min(best, x) where *have says whether best is set yet. */
void prim_keep_min(boxtoi_alg_t best, int *have, const boxtoi_alg_t x);

#endif /* BOXTOI_PRIM_IMPL_H */
