/* boxtoi/scene.h: scenes of many moving boxes.

   A scene holds named bodies, each a box in its own frame and a motion,
   a set of ignored pairs and a range [t0, t1] of t (t1 possibly +inf).
   Its first contact is the least t in the range at which two bodies of
   a pair not ignored share a point, with every pair touching then; its
   pairs report is, for every pair that touches in the range, the pair's
   first contact.  Every answer is the exact answer of
   boxtoi_contact_first on the pair: a certified broad phase (interval
   enclosures of the bodies over windows of t, sweep and prune) only
   proves pairs apart, and the exact narrow phase solves the remaining
   pairs in order of the earliest time they can meet, stopping when no
   remaining pair can meet before the best contact found
   (doc/algorithm.md §8). */
#ifndef BOXTOI_SCENE_H
#define BOXTOI_SCENE_H

#include "boxtoi/contact.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One body: a non-empty name (NUL-terminated, owned by the scene), a
   box and a motion: one polynomial motion (pm empty, pm.n == 0), or a
   piecewise motion pm (keyframes or pieces, pm.n >= 2), whose first
   piece is then also in motion. */
typedef struct {
    char *name;
    boxtoi_box_struct box;
    boxtoi_motion_struct motion;
    boxtoi_pmotion_struct pm;
} boxtoi_body_struct;

/* The default limit on the number of bodies of a scene. */
#define BOXTOI_SCENE_MAX_BODIES 1000000L

/* A scene.  Fields are read-only for the caller; change them with the
   functions below.  Defaults after init: no body, no ignored pair, the
   range [0, 1], max_bodies = BOXTOI_SCENE_MAX_BODIES, threads = 1. */
typedef struct {
    boxtoi_body_struct *body; /* n bodies, in the order added */
    long n, alloc;
    long *ignore;             /* 2 nignore body indices, i < j per pair */
    long nignore, ignore_alloc;
    long *hash;               /* name -> index table (open addressing) */
    long hash_size;
    mpq_t t0, t1;             /* t1 ignored when t1_inf */
    int t1_inf;
    long max_bodies;          /* 0: no limit */
    long threads;             /* narrow-phase threads (>= 1) */
} boxtoi_scene_struct;
typedef boxtoi_scene_struct boxtoi_scene_t[1];

BOXTOI_API void boxtoi_scene_init(boxtoi_scene_t s);
BOXTOI_API void boxtoi_scene_clear(boxtoi_scene_t s);

/* Sets the limit on the number of bodies (0: no limit). */
BOXTOI_API void boxtoi_scene_set_max_bodies(boxtoi_scene_t s, long max);

/* Solves the exact two-box queries of the narrow phase with up to n
   threads (n < 1 means 1).  The answer, the statistics and the trace
   are the same, byte for byte, whatever n (doc/algorithm.md §8.5). */
BOXTOI_API void boxtoi_scene_set_threads(boxtoi_scene_t s, long n);

/* Appends a body named name (copied) with box b and motion m (both
   copied; m NULL means the identity).  Returns BOXTOI_OK, BOXTOI_ESHAPE
   (empty name, or a name already in the scene: 'scene[4]: duplicate
   name "crate" (also scene[1])'), BOXTOI_EBOX (min[i] > max[i]),
   BOXTOI_ELIMIT (the scene already has max_bodies bodies) or
   BOXTOI_ENOMEM.  The motion is checked by the solvers, not here. */
BOXTOI_API BOXTOI_WUR int boxtoi_scene_add_body(boxtoi_scene_t s,
                                                const char *name,
                                                const boxtoi_box_t b,
                                                const boxtoi_motion_t m,
                                                boxtoi_errinfo *err);

/* boxtoi_scene_add_body for a body moving by the piecewise motion pm
   (copied; keyframes or pieces, include/boxtoi/motion.h), which must
   not be empty (else BOXTOI_EINVAL).  A pm of one piece is stored as
   that motion.  Its pieces are checked on the range by the solvers,
   naming "scene[4].motion (\"crate\").pieces[1]". */
BOXTOI_API BOXTOI_WUR int
boxtoi_scene_add_body_pieces(boxtoi_scene_t s, const char *name,
                             const boxtoi_box_t b,
                             const boxtoi_pmotion_t pm, boxtoi_errinfo *err);

/* Index of the body named name, or -1. */
BOXTOI_API long boxtoi_scene_find(const boxtoi_scene_t s, const char *name);

/* Marks the pair of bodies named a and b as not to be tested.  Returns
   BOXTOI_OK, BOXTOI_ESHAPE (a name that is not a body of the scene, or
   a == b) or BOXTOI_ENOMEM.  Ignoring a pair twice is allowed. */
BOXTOI_API BOXTOI_WUR int boxtoi_scene_ignore(boxtoi_scene_t s,
                                              const char *a, const char *b,
                                              boxtoi_errinfo *err);

/* Sets the range to [t0, t1], or [t0, +inf) when t1 is NULL.  Returns
   BOXTOI_OK or BOXTOI_ERANGE (t0 > t1). */
BOXTOI_API BOXTOI_WUR int boxtoi_scene_set_range(boxtoi_scene_t s,
                                                 mpq_srcptr t0,
                                                 mpq_srcptr t1,
                                                 boxtoi_errinfo *err);

/* The contact of one pair: bodies a < b (scene indices; body a is box 1
   of the pair's query) and the answer of boxtoi_contact_first on the
   query (box a, box b, motion a, motion b, the scene's range). */
typedef struct {
    long a, b;
    boxtoi_contact_struct c;
} boxtoi_scene_contact;

/* Statistics of a solve, for benchmarks and --explain. */
typedef struct {
    long npairs;     /* pairs not ignored: n (n - 1) / 2 - ignored */
    long nwindows;   /* windows of t swept (sweep and prune runs) */
    long ncandidate; /* (pair, window) candidates of the sweeps */
    long nrefined;   /* candidates not solved in their window: proved
                        apart by refinement or beyond the best contact */
    long nexact;     /* exact two-box solves */
} boxtoi_scene_stats;

/* The answer.  status is BOXTOI_CONTACT or BOXTOI_NO_CONTACT; v[0..n)
   the contacts: for boxtoi_scene_first every pair touching at the
   first contact time, ordered by (a, b); for boxtoi_scene_pairs every
   pair that touches, with its first contact, ordered by t, then by the
   names of a, then of b (strcmp). */
typedef struct {
    int status;
    boxtoi_scene_contact *v;
    long n, alloc;
    boxtoi_scene_stats stats;
} boxtoi_scene_result_struct;
typedef boxtoi_scene_result_struct boxtoi_scene_result_t[1];

BOXTOI_API void boxtoi_scene_result_init(boxtoi_scene_result_t res);
BOXTOI_API void boxtoi_scene_result_clear(boxtoi_scene_result_t res);

/* Checks the scene: every motion valid on the range (boxtoi_motion_check
   with the body's name: BOXTOI_EPROJECTIVE, BOXTOI_EWEIGHT,
   BOXTOI_ESINGULAR) and within opts (BOXTOI_ELIMIT). */
BOXTOI_API BOXTOI_WUR int boxtoi_scene_check(const boxtoi_scene_t s,
                                             const boxtoi_options *opts,
                                             boxtoi_errinfo *err);

/* The first contact of scene s (checked first as boxtoi_scene_check
   does; opts NULL: the defaults): res->status, and in res->v every pair
   that touches at the least contact time t (res->v[k].c.t all equal
   t, exactly).  Errors: those of boxtoi_scene_check and of
   boxtoi_contact_first (naming the pair), BOXTOI_ENOMEM. */
BOXTOI_API BOXTOI_WUR int boxtoi_scene_first(boxtoi_scene_result_t res,
                                             const boxtoi_scene_t s,
                                             const boxtoi_options *opts,
                                             boxtoi_errinfo *err);

/* The first contact of every pair of s that touches in the range, in
   res->v as described above.  Errors as boxtoi_scene_first. */
BOXTOI_API BOXTOI_WUR int boxtoi_scene_pairs(boxtoi_scene_result_t res,
                                             const boxtoi_scene_t s,
                                             const boxtoi_options *opts,
                                             boxtoi_errinfo *err);

/* ---- tracing, for --explain ------------------------------------ */

enum {
    BOXTOI_SCENE_FIRST = 0, /* the report of boxtoi_scene_first */
    BOXTOI_SCENE_PAIRS = 1  /* the report of boxtoi_scene_pairs */
};

enum {
    BOXTOI_SCENE_WINDOW = 0, /* a window of t searched (a leaf of the
                                cuts) */
    BOXTOI_SCENE_SOLVE = 1   /* an exact two-box solve */
};

/* What the solver did.  WINDOW: the window [lo, hi] (hi NULL: +inf);
   npairs pairs listed by its sweep, ncand of them candidates (not
   ignored, no contact known yet).  SOLVE: the pair a < b solved by
   boxtoi_contact_first on [lo, hi] (hi NULL: +inf), its answer c on
   that range.  Pointers are valid during the call only. */
typedef struct {
    int kind;
    mpq_srcptr lo, hi;
    long npairs, ncand;
    long a, b;
    const boxtoi_contact_struct *c;
} boxtoi_scene_event;
typedef void (*boxtoi_scene_trace_fn)(void *ctx,
                                      const boxtoi_scene_event *ev);

/* boxtoi_scene_first (report BOXTOI_SCENE_FIRST) or boxtoi_scene_pairs
   (BOXTOI_SCENE_PAIRS), calling trace (if non-NULL) with ctx for every
   window searched and every exact solve, in the order they happen.
   Errors as boxtoi_scene_first, and BOXTOI_EINVAL for another
   report. */
BOXTOI_API BOXTOI_WUR int boxtoi_scene_solve(boxtoi_scene_result_t res,
                                             const boxtoi_scene_t s,
                                             int report,
                                             const boxtoi_options *opts,
                                             boxtoi_scene_trace_fn trace,
                                             void *ctx,
                                             boxtoi_errinfo *err);

/* ---- contact intervals of every pair (query format §5.4) ---------- */

/* The intervals of one pair a < b (body a is box 1 of the pair's
   query): those of boxtoi_contact_intervals on the pair's query over
   the scene's range, n >= 1. */
typedef struct {
    long a, b;
    boxtoi_intervals_struct iv;
} boxtoi_scene_pair_intervals;

/* The answer: status BOXTOI_CONTACT when some pair touches; v[0..n)
   every pair that touches, in the order of boxtoi_scene_pairs (by its
   first contact time, then by the names); stats those of the pairs
   solve, with nexact counting the interval solves too. */
typedef struct {
    int status;
    boxtoi_scene_pair_intervals *v;
    long n, alloc;
    boxtoi_scene_stats stats;
} boxtoi_scene_intervals_struct;
typedef boxtoi_scene_intervals_struct boxtoi_scene_intervals_t[1];

BOXTOI_API void boxtoi_scene_intervals_init(boxtoi_scene_intervals_t res);
BOXTOI_API void boxtoi_scene_intervals_clear(boxtoi_scene_intervals_t res);

/* Every interval of contact of every pair of s not ignored.  The pairs
   that touch are found by boxtoi_scene_pairs (so pairs whose certified
   enclosures never meet are proved apart without exact work); each is
   then solved by boxtoi_contact_intervals_piecewise from its first
   contact on, which the pairs report found (doc/algorithm.md §11).  trace (if non-NULL) sees the events of the
   pairs solve.  Errors as boxtoi_scene_pairs. */
BOXTOI_API BOXTOI_WUR int
boxtoi_scene_intervals_solve(boxtoi_scene_intervals_t res,
                             const boxtoi_scene_t s,
                             const boxtoi_options *opts,
                             boxtoi_scene_trace_fn trace, void *ctx,
                             boxtoi_errinfo *err);
BOXTOI_API BOXTOI_WUR int boxtoi_scene_intervals(boxtoi_scene_intervals_t res,
                                                 const boxtoi_scene_t s,
                                                 const boxtoi_options *opts,
                                                 boxtoi_errinfo *err);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_SCENE_H */
