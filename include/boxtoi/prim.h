/* boxtoi/prim.h: exact first contact of moving points, segments and
   triangles (continuous collision detection for meshes).

   Two query kinds (shared/spec §4.2, doc/format.md): vertex-face, a
   point P against a closed triangle ABC, and edge-edge, a closed segment
   AB against a closed segment CD.  Every vertex moves on a straight line
   at constant speed from its position at t = 0 to its position at t = 1
   (and on along the same line outside [0, 1]).  The answer is the least
   t in the range [t0, t1] at which the two share a point, exactly, as a
   real algebraic number; degenerate input (collapsing triangles and
   segments, coplanar or collinear motion) is valid.  Method:
   doc/algorithm.md §9 (the coplanarity cubic, the inside conditions as
   exact signs at its roots, the reduction of the degenerate cases to
   point-segment contact, and a double-precision filter whose negative
   answers are proofs). */
#ifndef BOXTOI_PRIM_H
#define BOXTOI_PRIM_H

#include "boxtoi/alg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Query kinds. */
enum {
    BOXTOI_PRIM_VF = 0, /* vertex-face: vertices P, A, B, C */
    BOXTOI_PRIM_EE = 1  /* edge-edge: vertices A, B, C, D */
};

/* Result status (the values of BOXTOI_NO_CONTACT and BOXTOI_CONTACT). */
enum {
    BOXTOI_PRIM_NO_CONTACT = 0,
    BOXTOI_PRIM_CONTACT = 1
};

/* One query: x[k][i][j] is coordinate j (x, y, z) of vertex i at time
   k (0 or 1); vertices in the order P, A, B, C (vertex-face) or A, B,
   C, D (edge-edge).  Vertex i is at x[0][i] + t (x[1][i] - x[0][i]) at
   time t.  The range is [t0, t1] (t0 <= t1), or [t0, +inf) when t1_inf
   is non-zero.  After init: every vertex at the origin, kind
   BOXTOI_PRIM_VF, range [0, 1]. */
typedef struct {
    int kind;
    mpq_t x[2][4][3];
    mpq_t t0, t1;   /* t1 is ignored when t1_inf */
    int t1_inf;
} boxtoi_prim_query_struct;
typedef boxtoi_prim_query_struct boxtoi_prim_query_t[1];

BOXTOI_API void boxtoi_prim_query_init(boxtoi_prim_query_t q);
BOXTOI_API void boxtoi_prim_query_clear(boxtoi_prim_query_t q);

/* The answer.  A feature is the set of vertices whose convex hull is
   the smallest face of the primitive that holds the contact point, as
   a bit mask over the primitive's own vertices (bit 0 its first):
   for a triangle 1, 2, 4 a vertex (A, B, C), 3, 6, 5 an edge (AB, BC,
   CA), 7 the face; for a segment 1, 2 an end (A or B, resp. C or D),
   3 the interior.  feature[0] belongs to the point (always 1) or to
   segment AB, feature[1] to the triangle or to segment CD.  When the
   triangle or a segment has collapsed at t, its feature is an edge or a
   vertex that holds the point. */
typedef struct {
    int status;             /* BOXTOI_PRIM_CONTACT or _NO_CONTACT */
    boxtoi_alg_struct t;    /* the contact time (status CONTACT) */
    int initial;            /* t is t0: they share a point at t0 */
    int feature[2];
    int filtered;           /* decided by the double stages (§9.5,
                               §9.7), not the exact method */
    int pending;            /* boxtoi_prim_decide only: t is not formed
                               yet (boxtoi_prim_time forms it) */
    double t_lo, t_hi;      /* status CONTACT: t_lo <= t <= t_hi (the
                               ends of t's isolating interval, rounded
                               outward: not always tight) */
    void *scratch;          /* internal: memory the exact method keeps
                               in res between calls, so that a result
                               reused for many queries (one per thread)
                               allocates its integers once */
} boxtoi_prim_result_struct;
typedef boxtoi_prim_result_struct boxtoi_prim_result_t[1];

BOXTOI_API void boxtoi_prim_result_init(boxtoi_prim_result_t res);
BOXTOI_API void boxtoi_prim_result_clear(boxtoi_prim_result_t res);

/* Solves q: on BOXTOI_OK, res->status says whether the two share a
   point at some t in [t0, t1] and res->t is the least such t.  The
   double-precision filter runs first (boxtoi_prim_filter) and answers
   "no contact" only when it proves it; then, for the range [0, 1], the
   certified double path (doc/algorithm.md §9.7) decides the common
   case, forming the exact t from the exact cubic; the exact method
   (boxtoi_prim_first_exact) does the rest.  All three give the same
   answers.  Returns BOXTOI_OK, BOXTOI_EINVAL
   (kind unknown), BOXTOI_ERANGE (t0 > t1) or BOXTOI_EINTERNAL (a
   bug); err says what.  Thread-safe; q is not changed. */
BOXTOI_API BOXTOI_WUR int boxtoi_prim_first(boxtoi_prim_result_t res,
                                            const boxtoi_prim_query_t q,
                                            boxtoi_errinfo *err);
/* The same answer in two steps, for callers that may not need the
   exact time: boxtoi_prim_decide sets status, initial, the features and
   the double enclosure [t_lo, t_hi] of t exactly as boxtoi_prim_first
   does, but when the certified double path decided a contact it may
   leave t unformed (res->pending set; res->t then holds no meaning);
   boxtoi_prim_time forms it from the same q (nothing to do when
   res->pending is 0), after which res is boxtoi_prim_first's result.
   boxtoi_prim_first is boxtoi_prim_decide, then boxtoi_prim_time.  Same
   return values as boxtoi_prim_first. */
BOXTOI_API BOXTOI_WUR int boxtoi_prim_decide(boxtoi_prim_result_t res,
                                             const boxtoi_prim_query_t q,
                                             boxtoi_errinfo *err);
BOXTOI_API BOXTOI_WUR int boxtoi_prim_time(boxtoi_prim_result_t res,
                                           const boxtoi_prim_query_t q,
                                           boxtoi_errinfo *err);
/* The same without the filter (the exact method alone). */
BOXTOI_API BOXTOI_WUR int boxtoi_prim_first_exact(boxtoi_prim_result_t res,
                                                  const boxtoi_prim_query_t q,
                                                  boxtoi_errinfo *err);

/* The double-precision filter alone: returns 0 when it proves that
   there is no contact in the range (doc/algorithm.md §9.5: the
   coplanarity cubic has Bernstein coefficients of one strict sign over
   [0, 1], each with a derived bound on its rounding error, or the
   primitives' bounding boxes are apart), -1 when it cannot decide.
   Only ranges inside [0, 1] are filtered. */
BOXTOI_API int boxtoi_prim_filter(const boxtoi_prim_query_t q);

/* The contact point of a result with status CONTACT: pt[j] is its
   coordinate j as a real algebraic number.  It is the moving vertex
   (vertex-face), or the end of a segment that lies on the other one,
   or, for two segments crossing at interior points, their meeting
   point when t is rational.  Returns 1 when the point was set, 0 when
   it is not available (interior crossing at an irrational t).  Refines
   res->t (its value unchanged), after forming it when res->pending
   (boxtoi_prim_time). */
BOXTOI_API int boxtoi_prim_point(boxtoi_alg_struct pt[3],
                                 const boxtoi_prim_query_t q,
                                 boxtoi_prim_result_t res);

/* The meeting point of the lines of the two segments of an edge-edge
   query, as integer polynomials in t: coordinate j is
   num[j](t) / den(t) wherever the segments are not parallel, with
   den(t) > 0 there (doc/algorithm.md §9.6).  For an interior crossing
   at an irrational t, where boxtoi_prim_point gives nothing, its
   decimals are boxtoi_alg_quot_get_str(num[j], den, t).  Returns 1, or
   0 (nothing set) for a vertex-face query.  num and den must be
   initialised. */
BOXTOI_API int boxtoi_prim_point_quot(boxtoi_poly_struct num[3],
                                      boxtoi_poly_t den,
                                      const boxtoi_prim_query_t q);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_PRIM_H */
