/* t/oracle-impl.h: declarations shared by t/oracle.c (frames and the
   static test) and t/oracle-first.c (candidate times); not part of the
   oracle's interface t/oracle.h. */
#ifndef BOXTOI_T_ORACLE_IMPL_H
#define BOXTOI_T_ORACLE_IMPL_H

#include "oracle.h"

/* The guest box seen in the host box's body frame.  Vertex v of the
   guest has coordinate j at max_j if bit j of v is set, else min_j.
   F[v][k][s] = den(c) X_{v,k} - num(c) W for the host bound c (s = 0:
   min_k, s = 1: max_k): sgn(x_k - c) = sgn(F) sw. */
typedef struct {
    boxtoi_poly_struct X[8][3];
    boxtoi_poly_struct W;
    boxtoi_poly_struct F[8][3][2];
    int sw;
} oracle_frame;

/* A time: a rational (rational != 0) or an algebraic number, with the
   signs of the F polynomials of both frames cached (2: not known yet). */
typedef struct {
    oracle_frame fr[2]; /* fr[0]: box 2 in box 1's frame, fr[1]: the
                           converse */
    int rational;
    mpq_t tq;
    boxtoi_alg_t ta;
    signed char sf[2][8][3][2];
    int fast; /* use the shortcut in outside() */
    boxtoi_poly_t u;
} oracle_ctx;

/* Bound s (0: min, 1: max) of box b on axis k. */
mpq_srcptr oracle_bound(const boxtoi_box_struct *b, int k, int s);

void oracle_ctx_init(oracle_ctx *c);
void oracle_ctx_clear(oracle_ctx *c);
/* Builds both frames of q into c; returns 0 if a motion is not affine.
   The callers set fr[f].sw. */
int oracle_ctx_build(oracle_ctx *c, const boxtoi_query_t q);
/* Set the time (and forget the cached signs). */
void oracle_ctx_set_mpq(oracle_ctx *c, mpq_srcptr t);
void oracle_ctx_set_alg(oracle_ctx *c, const boxtoi_alg_t t);
/* The static test (a)-(c) at c's time: 1 if the solids meet. */
int oracle_meet(oracle_ctx *c);
/* 1 if m is affine with w and det(A) free of roots on [t0, t1] (t1 NULL:
   +inf; a single point when t1 == t0), else 0. */
int oracle_motion_ok(const boxtoi_motion_struct *m, mpq_srcptr t0,
                     mpq_srcptr t1);

#endif /* BOXTOI_T_ORACLE_IMPL_H */
