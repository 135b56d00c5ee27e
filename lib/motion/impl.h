/* lib/motion/impl.h: declarations shared inside the motion layer and
   with the contact layer above it (not installed). */
#ifndef BOXTOI_MOTION_IMPL_H
#define BOXTOI_MOTION_IMPL_H

#include "boxtoi/motion.h"
#include "lib/poly/poly128.h"

/* res = det of the upper-left 3x3 block of m's numerators. */
void boxtoi_motion_block_det(boxtoi_poly_t res, const boxtoi_motion_t m);

#define motion_const_det_sign _boxtoi_motion_const_det_sign
/* For a constant 3x3 block of m: *sgn = the sign of its determinant,
   exactly, and 1; 0 when an entry is not constant or has more than 6
   limbs (constdet.c). */
int motion_const_det_sign(int *sgn, const boxtoi_motion_t m);

#ifdef BOXTOI_HAVE_I128
#define motion_scaled_rotation_i128 _boxtoi_motion_scaled_rotation_i128
/* Is the block a[0..9) (row-major) a rotation scaled by w, A^T A =
   w^2 I, exactly (rotation128.c)?  Returns 1 when proved, with *sg =
   +-1 the sign of adj(A) = sg w A^T, or *sg = 0 when a number of the
   sign's products did not fit; 0 with *sg = 0 when not proved (also
   when a number does not fit).  (A^{-1} = A^T / w^2 and det A = +-w^3,
   since (det A)^2 = w^6, so adj(A) = det(A) A^{-1} = +-w A^T; the sign
   is read off one entry adj(A)_0j = sg w A_j0 with A_j0 != 0: column 0
   is not zero, its squared norm is w^2.)  The identity is tested at
   2 D + 1 integers in machine words when the sizes allow
   (doc/algorithm.md §2.2), coefficient by coefficient otherwise. */
int motion_scaled_rotation_i128(int *sg, const poly_i128 *a,
                                const poly_i128 *w);
#define motion_scaled_rotation_i128_ref _boxtoi_motion_scaled_rotation_i128_ref
/* motion_scaled_rotation_i128 coefficient by coefficient
   (poly_i128_dot), never at points: the reference of the tests. */
int motion_scaled_rotation_i128_ref(int *sg, const poly_i128 *a,
                                    const poly_i128 *w);
#define motion_rotation_sign _boxtoi_motion_rotation_sign
/* The sign part alone, for a block already proved a scaled rotation:
   *sg = +-1 and 1, or 0 (a number does not fit). */
int motion_rotation_sign(int *sg, const poly_i128 *a, const poly_i128 *w);
#endif

/* What motion_check learnt about a motion, for the relative motion
   (relmotion128.c): rot = +-1 when it proved A^T A = w^2 I and adj(A) =
   rot w A^T (motion_scaled_rotation_i128 with its sign), 2 when it
   tried and could not prove that (the relative motion's own test, on
   the same numbers, fails too), 0 when it did not try (a constant
   block, an error, no 128-bit integers).  With 128-bit integers, nums =
   1 when a[0..9) and w hold the block's and the weight's numerators
   (poly_i128_set_poly of m->e[4 i + j] and m->e[15], read once for the
   test and kept so that the relative motion does not read them again;
   doc/algorithm.md §2.4), 0 when they were not read or did not fit. */
typedef struct {
    int rot;
#ifdef BOXTOI_HAVE_I128
    int nums;
    poly_i128 a[9], w;
#endif
} motion_checked;

#define motion_check _boxtoi_motion_check_rot
/* boxtoi_motion_check, the same verdict and message, which also fills
   *out (above) when out is not NULL. */
int motion_check(const boxtoi_motion_t m, mpq_srcptr t0, mpq_srcptr t1,
                 const char *name, boxtoi_errinfo *err, motion_checked *out);

#endif /* BOXTOI_MOTION_IMPL_H */
