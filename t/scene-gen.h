/* t/scene-gen.h: random scenes and metamorphic transforms for the scene
   tests (t/scene-gen.c). */
#ifndef BOXTOI_T_SCENE_GEN_H
#define BOXTOI_T_SCENE_GEN_H

#include <gmp.h>
#include "boxtoi.h"

/* s (empty) = a random scene of n bodies: the range of a random query
   of t/qgen.h, bodies of every motion family valid on it, spread out or
   clustered, a quarter cut into pieces and a quarter on keyframes;
   sometimes a few ignored pairs. */
void scenegen_random(boxtoi_scene_t s, gmp_randstate_t st, long n);
/* s2 (empty) = s with the bodies in reverse order and renamed "r" +
   name (cm NULL), or s with every body (every piece) moved on by cm. */
void scenegen_transform(boxtoi_scene_t s2, const boxtoi_scene_t s,
                        const boxtoi_motion_t cm);
/* cm = a random common motion: a constant rotation, then a translation
   linear in t. */
void scenegen_common(boxtoi_motion_t cm, gmp_randstate_t st);

#endif
