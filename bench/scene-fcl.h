/* bench/scene-fcl.h: the FCL pipeline of bench/scene-fcl.cc, called by
   bench/scene-bench.c when built with configure --enable-peer-bench. */
#ifndef BOXTOI_BENCH_SCENE_FCL_H
#define BOXTOI_BENCH_SCENE_FCL_H

#include "boxtoi.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int hit;         /* FCL found a contact */
    double toc;      /* its time (approximate) */
    double sec;      /* time of the pipeline (process CPU or wall) */
    long ncandidate; /* (pair, step) candidates of the AABB tree */
    long nca;        /* conservative advancement runs */
} scene_fcl_result;

/* FCL's first contact of scene s (finite range) in steps steps, timed
   with the wall clock when wall; 0, or -1 for an infinite range. */
int scene_fcl_first(const boxtoi_scene_struct *s, long steps, int wall,
                    scene_fcl_result *r);

#ifdef __cplusplus
}
#endif

#endif
