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
   w^2 I, exactly (check.c)?  Returns 1 when proved, 0 otherwise (also
   when a number does not fit).  When sg is not NULL, it also needs the
   sign: *sg = +-1 with adj(A) = sg w A^T.  (A^{-1} = A^T / w^2 and
   det A = +-w^3, since (det A)^2 = w^6, so adj(A) = det(A) A^{-1} =
   +-w A^T; the sign is read off one entry adj(A)_0j = sg w A_j0 with
   A_j0 != 0: column 0 is not zero, its squared norm is w^2.) */
int motion_scaled_rotation_i128(int *sg, const poly_i128 *a,
                                const poly_i128 *w);
#endif

#endif /* BOXTOI_MOTION_IMPL_H */
