/* bench/contact-gen.h: polynomials with rational coefficients and the
   rigid motions built from them, for the workloads of
   bench/contact-gen.c (bench/contact-cgpoly.c). */
#ifndef BENCH_CONTACT_GEN_H
#define BENCH_CONTACT_GEN_H
#include <gmp.h>
#include <boxtoi.h>

#define CG_LEN 32 /* coefficients of a generated polynomial (deg < 32) */

/* A polynomial with rational coefficients c[0..len-1]. */
typedef struct {
    mpq_t c[CG_LEN];
    int len;
} cg_poly;

void cg_poly_init(cg_poly *p);
void cg_poly_clear(cg_poly *p);
/* res += s a b (res distinct from a and b; degrees stay below CG_LEN). */
void cg_poly_addmul(cg_poly *res, long s, const cg_poly *a,
                    const cg_poly *b);
/* res = p(t). */
void cg_poly_eval(mpq_t res, const cg_poly *p, mpq_srcptr t);
/* m = [[S(q), w tr], [0, w]], w = |q|^2, S the unnormalised rotation
   matrix of the quaternion polynomial q = (qw, qx, qy, qz). */
void cg_set_motion(boxtoi_motion_t m, const cg_poly q[4],
                   const cg_poly tr[3]);
/* y = R(q(t)) p, the rotated body point p (3 rationals; y and p
   distinct); 0 (y unset) if q(t) = 0. */
int cg_rotate_at(mpq_t *y, const cg_poly q[4], mpq_srcptr t,
                 mpq_t *const p);

#endif
