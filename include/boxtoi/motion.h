/* boxtoi/motion.h: motions, 4x4 matrices of polynomials in t.

   A motion M(t) maps body coordinates to world coordinates in
   homogeneous form: a body point p goes to (M [p;1])[0..2] / (M [p;1])[3].
   M is stored as 16 integer polynomials over one common positive integer
   denominator: M(t) = e(t) / den.  Since a homogeneous matrix means the
   same motion after multiplication by any non-zero constant, den never
   changes the geometry; it keeps the entries' exact rational values.
   See doc/algorithm.md §2. */
#ifndef BOXTOI_MOTION_H
#define BOXTOI_MOTION_H

#include "boxtoi/alg.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    boxtoi_poly_struct e[16]; /* row-major: e[4 i + j] is entry (i, j) */
    mpz_t den;                /* > 0 */
} boxtoi_motion_struct;
typedef boxtoi_motion_struct boxtoi_motion_t[1];

/* Initialises M to the identity. */
BOXTOI_API void boxtoi_motion_init(boxtoi_motion_t m);
BOXTOI_API void boxtoi_motion_clear(boxtoi_motion_t m);
BOXTOI_API void boxtoi_motion_set(boxtoi_motion_t res,
                                  const boxtoi_motion_t a);
BOXTOI_API void boxtoi_motion_swap(boxtoi_motion_t a, boxtoi_motion_t b);
BOXTOI_API void boxtoi_motion_set_identity(boxtoi_motion_t m);
/* Sets every entry to 0 (not a valid motion until entries are set). */
BOXTOI_API void boxtoi_motion_zero(boxtoi_motion_t m);
/* Sets the coefficient of t^k of entry (i, j) to the rational c
   (0 <= i, j < 4, k >= 0); the other coefficients keep their values. */
BOXTOI_API void boxtoi_motion_set_coeff_mpq(boxtoi_motion_t m, int i, int j,
                                            long k, mpq_srcptr c);
BOXTOI_API void boxtoi_motion_set_coeff_si(boxtoi_motion_t m, int i, int j,
                                           long k, long c);
/* num / den = entry (i, j), with den > 0 the motion's denominator. */
BOXTOI_API void boxtoi_motion_get_entry(boxtoi_poly_t num, mpz_t den,
                                        const boxtoi_motion_t m, int i,
                                        int j);
/* Largest degree of an entry (-1 if all are zero). */
BOXTOI_API long boxtoi_motion_degree(const boxtoi_motion_t m);
/* Divides all entries by their common content (and den by its gcd with
   it), leaving the represented matrix the same up to a positive
   constant. */
BOXTOI_API void boxtoi_motion_normalise(boxtoi_motion_t m);

/* M = the constant matrix given by 16 doubles, row-major, each converted
   exactly (a double is a dyadic rational).  Returns BOXTOI_ENUMBER if
   one is not finite, naming it in err. */
BOXTOI_API BOXTOI_WUR int boxtoi_motion_set_d(boxtoi_motion_t m,
                                              const double a[16],
                                              boxtoi_errinfo *err);
/* M = rotation by the quaternion q(t) = qa + qb t followed by the
   translation tr(t): the rigid motion p -> R(t) p + tr(t), stored as
   [[S(t), w tr(t)], [0, w]] with w = |q(t)|^2 and S the unnormalised
   quaternion matrix (S = w R).  qa and qb each point to 4 consecutive
   mpq values (w, x, y, z), e.g. an array "mpq_t qa[4]" passed as qa[0];
   tr points to 3 * trlen mpq values, coordinate i's coefficient of t^k
   at tr[i * trlen + k] (trlen may be 0: no translation).  Returns
   BOXTOI_EWEIGHT if q(t) is identically zero (no rotation defined). */
BOXTOI_API BOXTOI_WUR int boxtoi_motion_set_quat_linear(boxtoi_motion_t m,
                                                        mpq_srcptr qa,
                                                        mpq_srcptr qb,
                                                        mpq_srcptr tr,
                                                        long trlen,
                                                        boxtoi_errinfo *err);
/* M = the translation p -> p + tr(t), tr as above. */
BOXTOI_API void boxtoi_motion_set_translation(boxtoi_motion_t m,
                                              mpq_srcptr tr, long trlen);

/* res = a b (matrix product; the geometric composition "b, then a"). */
BOXTOI_API void boxtoi_motion_mul(boxtoi_motion_t res,
                                  const boxtoi_motion_t a,
                                  const boxtoi_motion_t b);
/* res = adj(a) with a's scalar factors kept: a represents the same
   motion inverse as a^-1 (times det a). */
BOXTOI_API void boxtoi_motion_adjugate(boxtoi_motion_t res,
                                       const boxtoi_motion_t a);

/* Checks that m is a valid motion on [t0, t1] (t1 NULL for +inf): bottow
   row [0, 0, 0, w(t)] (else BOXTOI_EPROJECTIVE), w without a root in the
   range (BOXTOI_EWEIGHT) and the determinant of the upper-left 3x3 block
   without a root in the range (BOXTOI_ESINGULAR).  name ("motion1")
   prefixes the message in err, which says where the problem is. */
BOXTOI_API BOXTOI_WUR int boxtoi_motion_check(const boxtoi_motion_t m,
                                              mpq_srcptr t0, mpq_srcptr t1,
                                              const char *name,
                                              boxtoi_errinfo *err);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_MOTION_H */
