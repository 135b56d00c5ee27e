/* lib/motion/impl.h: declarations shared inside the motion layer and
   with the contact layer above it (not installed). */
#ifndef BOXTOI_MOTION_IMPL_H
#define BOXTOI_MOTION_IMPL_H

#include "boxtoi/motion.h"

/* res = det of the upper-left 3x3 block of m's numerators. */
void boxtoi_motion_block_det(boxtoi_poly_t res, const boxtoi_motion_t m);

#endif /* BOXTOI_MOTION_IMPL_H */
