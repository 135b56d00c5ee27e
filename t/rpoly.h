/* t/rpoly.h: small polynomials with rational coefficients for the
   tests of motion objects, and the matrix of a rigid motion expanded
   from the formula of doc/format.md §3.2, written independently of
   lib/motion/rigid.c (rationals, no common denominator, S from the
   vector formula rather than entry by entry). */
#ifndef BOXTOI_T_RPOLY_H
#define BOXTOI_T_RPOLY_H

#include <boxtoi.h>

#define RP_MAX 16 /* coefficients; degree < 16 */
typedef struct {
    mpq_t c[RP_MAX]; /* c[k] multiplies t^k */
} rp;

void rp_init(rp *p);
void rp_clear(rp *p);
void rp_init_n(rp *p, int n);  /* p[0..n) */
void rp_clear_n(rp *p, int n);
void rp_set_si(rp *p, long c);
void rp_set(rp *r, const rp *a);
void rp_add(rp *r, const rp *a, const rp *b);
void rp_sub(rp *r, const rp *a, const rp *b);
void rp_mul(rp *r, const rp *a, const rp *b); /* degrees must fit */
void rp_scale(rp *r, const rp *a, mpq_srcptr c);
int rp_equal(const rp *a, const rp *b);
int rp_is_zero(const rp *a);
/* r = entry k of m (numerator over den) as a rational polynomial. */
void rp_from_motion(rp *r, const boxtoi_motion_t m, int k);
/* Appends the JSON of a (an array of coefficient strings, constant
   first, trailing zeros dropped, ["0"] for zero) to buf at *len. */
void rp_json(char *buf, size_t size, size_t *len, const rp *a);
/* Appends the JSON 4x4 matrix of m[0..16) to buf. */
void rp_json_matrix(char *buf, size_t size, size_t *len, const rp *m);

/* m[0..16) = [[S, w T - S P], [0, w]] for the quaternion q[0..4)
   (w, x, y, z), pivot P[0..3) (consecutive rationals) and translation
   T[0..3), with
   S = (qw^2 - v.v) I + 2 v v^T + 2 qw [v]x and w = |q|^2. */
void rp_expand_rigid(rp *m, const rp *q, mpq_srcptr P, const rp *T);

/* Are the homogeneous matrices a and b (16 entries each) the same
   motion: a_ij b_33 = b_ij a_33 as polynomials? */
int rp_same_motion(const rp *a, const rp *b);

#endif
