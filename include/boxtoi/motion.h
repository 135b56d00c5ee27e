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

/* ---- rigid motions, pieces and keyframes (doc/format.md §3) ----------

   M = the rigid motion p -> T(t) + R(q(t)) (p - P) of a quaternion
   q(t) = (qw, qx, qy, qz), four polynomials, about the pivot P (a body
   point) to the translation T(t) (where P is in the world at t), stored
   as [[S, w T - S P], [0, w]] with w = |q|^2 and S = S(q) the
   unnormalised quaternion matrix, S = (qw^2 - v.v) I + 2 v v^T
   + 2 qw [v]x for v = (qx, qy, qz), so that S = w R.  q need not be a
   unit quaternion.  q points to 4 * qlen rationals, component c's
   coefficient of t^k at q[c * qlen + k] (qlen 0 or q NULL: no
   rotation); pivot to 3 rationals (NULL: the origin); tr to 3 * trlen
   rationals as for boxtoi_motion_set_translation (trlen 0: zero).
   Returns BOXTOI_EWEIGHT, naming the rotation in err, if q(t) is
   identically zero.  Whether q vanishes somewhere in a range is
   boxtoi_motion_check's verdict on w. */
BOXTOI_API BOXTOI_WUR int boxtoi_motion_set_rigid(boxtoi_motion_t m,
                                                  mpq_srcptr q, long qlen,
                                                  mpq_srcptr pivot,
                                                  mpq_srcptr tr, long trlen,
                                                  boxtoi_errinfo *err);

/* Checks that the 3x3 block A of m is a rotation scaled by w, the
   bottom-right entry: A A^T = w^2 I identically in t (equivalently
   A^T A = w^2 I).  Returns BOXTOI_OK, or BOXTOI_ENOTRIGID with err
   naming the first row of A (in the order 0, 1, 2) whose squared length
   is not w^2 or the first pair of rows that are not orthogonal, as
   "NAME: row 2 of the 3x3 block ...". */
BOXTOI_API BOXTOI_WUR int boxtoi_motion_check_rigid(const boxtoi_motion_t m,
                                                    const char *name,
                                                    boxtoi_errinfo *err);

/* A piecewise motion: n pieces and n - 1 breaks b_1 < ... < b_{n-1};
   piece 0 applies for t <= b_1, piece i on [b_i, b_{i+1}], piece n - 1
   for t >= b_{n-1}.  Every piece is a motion in the global t.
   Invariant when n >= 1: the pieces meet at every break (the two
   neighbours map every body point to the same point there), which the
   setters check.  n == 0 is the empty motion left by init and
   boxtoi_pmotion_empty: it is not a motion, and the solver reads it as
   "no piecewise motion" (include/boxtoi/contact.h). */
typedef struct {
    long n;                       /* number of pieces (0: empty) */
    mpq_ptr brk;                  /* n - 1 breaks (brk[i - 1] = b_i) */
    boxtoi_motion_struct *piece;  /* n pieces */
    long alloc;                   /* pieces allocated */
} boxtoi_pmotion_struct;
typedef boxtoi_pmotion_struct boxtoi_pmotion_t[1];

/* Initialises pm to the empty motion (no allocation). */
BOXTOI_API void boxtoi_pmotion_init(boxtoi_pmotion_t pm);
BOXTOI_API void boxtoi_pmotion_clear(boxtoi_pmotion_t pm);
/* Makes pm empty (n = 0), keeping its memory. */
BOXTOI_API void boxtoi_pmotion_empty(boxtoi_pmotion_t pm);
/* pm = the single piece m (no breaks).  Returns BOXTOI_OK or
   BOXTOI_ENOMEM. */
BOXTOI_API BOXTOI_WUR int boxtoi_pmotion_set_motion(boxtoi_pmotion_t pm,
                                                    const boxtoi_motion_t m);
/* pm = the nbreaks + 1 motions at pieces with the nbreaks rationals at
   breaks.  When local is non-zero, piece i >= 1 is written in
   s = t - b_i and is composed with s = t - b_i exactly (its entries'
   values are kept, over a larger denominator).  Returns BOXTOI_OK,
   BOXTOI_EMOTION (breaks not strictly increasing: "NAME.breaks[1]: ..."),
   BOXTOI_EDISCONT (the pieces do not meet at a break, compared exactly:
   "NAME.breaks[0] (t = 1): pieces[0] and pieces[1] do not meet: entry
   [0][3] jumps by 1/1000"; also when w vanishes at a break, where the
   pose is undefined), or BOXTOI_ENOMEM.  name (NULL: "motion") prefixes
   the messages.  On error pm is empty. */
BOXTOI_API BOXTOI_WUR int
boxtoi_pmotion_set(boxtoi_pmotion_t pm, const boxtoi_motion_struct *pieces,
                   mpq_srcptr breaks, long nbreaks, int local,
                   const char *name, boxtoi_errinfo *err);
/* pm = the keyframed motion of n poses at times[0] < ... < times[n-1]:
   pose i is the constant quaternion rot[4 i .. 4 i + 3] (w, x, y, z; rot
   NULL: no rotation) and translation tr[3 i .. 3 i + 2] (tr NULL: zero),
   about the body point pivot (NULL: the origin).  Between t_i and
   t_{i+1}, with s = (t - t_i) / (t_{i+1} - t_i), q = (1 - s) q_i + s q'
   and T = (1 - s) T_i + s T_{i+1}, where q' = q_{i+1}, or -q_{i+1} when
   q_i . q_{i+1} < 0 (the short way; then q never vanishes), as
   boxtoi_motion_set_rigid; the first and the last pose are held before
   and after.  A piecewise motion of n + 1 rigid pieces with the n times
   as breaks.  Returns BOXTOI_OK, BOXTOI_EMOTION (n < 2, times not
   strictly increasing), BOXTOI_EWEIGHT (a zero quaternion:
   "NAME.keyframes[2].rotation: ...") or BOXTOI_ENOMEM; on error pm is
   empty. */
BOXTOI_API BOXTOI_WUR int boxtoi_pmotion_set_keyframes(boxtoi_pmotion_t pm,
                                                       long n,
                                                       mpq_srcptr times,
                                                       mpq_srcptr rot,
                                                       mpq_srcptr tr,
                                                       mpq_srcptr pivot,
                                                       const char *name,
                                                       boxtoi_errinfo *err);
/* Checks each piece of pm (n >= 1) with boxtoi_motion_check on its part
   of [t0, t1] (t1 NULL: +inf), a piece that does not meet the range
   being free; the messages name "NAME.pieces[i]" (NAME alone when
   n == 1).  Returns as boxtoi_motion_check, or BOXTOI_EINVAL when pm is
   empty. */
BOXTOI_API BOXTOI_WUR int boxtoi_pmotion_check(const boxtoi_pmotion_t pm,
                                               mpq_srcptr t0, mpq_srcptr t1,
                                               const char *name,
                                               boxtoi_errinfo *err);
/* The index of the piece that applies at t = a and just after it: the
   number of breaks <= a (at a break both neighbours give the same
   pose).  pm non-empty. */
BOXTOI_API long boxtoi_pmotion_piece_at(const boxtoi_pmotion_t pm,
                                        mpq_srcptr a);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_MOTION_H */
