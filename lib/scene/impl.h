/* lib/scene/impl.h: declarations shared inside the scene layer (not
   installed). */
#ifndef BOXTOI_SCENE_IMPL_H
#define BOXTOI_SCENE_IMPL_H

#include <stdint.h>
#include "boxtoi/scene.h"
#include "lib/util/interval.h"

/* Internal names carry the prefix _boxtoi_ (t/symbols-t.sh), as in
   lib/io/impl.h. */
#define scene_encl_box     _boxtoi_scene_encl_box
#define scene_encl_clear   _boxtoi_scene_encl_clear
#define scene_encl_init    _boxtoi_scene_encl_init
#define scene_heap_pop     _boxtoi_scene_heap_pop
#define scene_heap_push    _boxtoi_scene_heap_push
#define scene_beyond_best  _boxtoi_scene_beyond_best
#define scene_iv_of_mpq    _boxtoi_scene_iv_of_mpq
#define scene_job_clear    _boxtoi_scene_job_clear
#define scene_job_init     _boxtoi_scene_job_init
#define scene_jobs_run     _boxtoi_scene_jobs_run
#define scene_narrow       _boxtoi_scene_narrow
#define scene_set_add      _boxtoi_scene_set_add
#define scene_set_clear    _boxtoi_scene_set_clear
#define scene_set_has      _boxtoi_scene_set_has
#define scene_set_init     _boxtoi_scene_set_init
#define scene_sweep        _boxtoi_scene_sweep
#define scene_window_lo    _boxtoi_scene_window_lo
#define scene_window_root  _boxtoi_scene_window_root
#define scene_window_split _boxtoi_scene_window_split

/* A set of 64-bit keys (pairs a * n + b), open addressing with linear
   probing; the key UINT64_MAX is reserved for empty slots. */
typedef struct {
    uint64_t *slot;
    size_t size, count; /* size a power of two or 0 */
} scene_set;

void scene_set_init(scene_set *h);
void scene_set_clear(scene_set *h);
/* Inserts k; returns 1 when added, 0 when present, -1 when out of
   memory. */
int scene_set_add(scene_set *h, uint64_t k);
int scene_set_has(const scene_set *h, uint64_t k);

/* Hash of a 64-bit key (a mix of its bits), for the tables above. */
static inline uint64_t scene_mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

/* A window of t for the broad phase: [lo, hi] where each end is either
   a double (exactly the rational it spells) or, when the flag is set,
   the scene's t0 (lo) or t1 (hi, +inf when t1 is infinite).  dlo, dhi
   enclose the exact window in doubles (dhi = +inf for an infinite
   end). */
typedef struct {
    double lo, hi;
    int lo_t0, hi_t1;
    double dlo, dhi;
} scene_window;

/* *r = an enclosure of x in doubles; 0 when x is beyond their range. */
int scene_iv_of_mpq(boxtoi_iv *r, mpq_srcptr x);

/* w = the whole range of scene s. */
void scene_window_root(scene_window *w, const boxtoi_scene_struct *s);
/* res = the exact lower end of w. */
void scene_window_lo(mpq_t res, const scene_window *w,
                     const boxtoi_scene_struct *s);
/* Cuts w at a double strictly inside it into left and right and
   returns 1, or returns 0 when there is none (tmp: scratch). */
int scene_window_split(scene_window *left, scene_window *right,
                       const scene_window *w, const boxtoi_scene_struct *s,
                       mpq_t tmp);

/* A node of the narrow phase's search: candidate cand (an index) in
   sub-window w, depth bisections below its window. */
typedef struct {
    scene_window w;
    long cand;
    int depth;
} scene_node;

/* A binary min-heap of nodes ordered by the exact lower end of w (a t0
   end first), then cand, then depth. */
typedef struct {
    scene_node *v;
    long n, alloc;
} scene_heap;

/* Returns 0, or -1 when out of memory (h unchanged). */
int scene_heap_push(scene_heap *h, const scene_node *x);
/* *res = the least node, removed; h not empty. */
void scene_heap_pop(scene_heap *h, scene_node *res);

/* The interval coefficients of one polynomial motion (doc/algorithm.md
   §8.1): for each of the 12 entries of the top three rows and w
   (entry 15), deg + 1 intervals enclosing the integer coefficients; and
   the span [tlo, thi] of t where the motion applies, in doubles that
   enclose it (-inf, +inf for a motion alone). */
typedef struct {
    boxtoi_iv *coef;  /* 13 blocks of len intervals */
    long len;         /* max degree + 1 */
    int unbounded;    /* coefficients beyond doubles: never pruned */
    int still;        /* len == 1: the box below, whatever the window */
    int rational;     /* w not constant */
    double lo[3], hi[3];
    double tlo, thi;
} scene_piece_encl;

/* The enclosure data of one body: its box's extents as intervals and
   one scene_piece_encl per piece of its motion (one for a polynomial
   motion). */
typedef struct {
    scene_piece_encl *p;
    long np;
    boxtoi_iv ext[3]; /* [min_k, max_k] */
} scene_encl;

/* An axis-aligned box of doubles, lo[k] <= hi[k] (or +-inf). */
typedef struct {
    double lo[3], hi[3];
} scene_aabb;

/* Sets e from body b; returns BOXTOI_OK or BOXTOI_ENOMEM. */
int scene_encl_init(scene_encl *e, const boxtoi_body_struct *b);
void scene_encl_clear(scene_encl *e);
/* res = a box that contains every world point of the body over the
   window [tlo, thi] (doubles, an enclosure of the exact window), or
   the whole space when the interval arithmetic cannot prove a finite
   one (doc/algorithm.md §8.1). */
void scene_encl_box(scene_aabb *res, const scene_encl *e, double tlo,
                    double thi);

/* 1 when the closed boxes a and b share a point (as doubles). */
static inline int scene_aabb_meet(const scene_aabb *a, const scene_aabb *b)
{
    return a->lo[0] <= b->hi[0] && b->lo[0] <= a->hi[0]
           && a->lo[1] <= b->hi[1] && b->lo[1] <= a->hi[1]
           && a->lo[2] <= b->hi[2] && b->lo[2] <= a->hi[2];
}

/* A candidate pair of the sweep. */
typedef struct {
    long a, b; /* a < b */
} scene_pair;

/* Sweep and prune (doc/algorithm.md §8.2): appends to *out the pairs
   (a, b), a < b, of the bodies 0..m whose boxes box[a], box[b] meet,
   at most budget of them (budget < 0: no limit), and sets *count to
   the number of such pairs, counting on past budget up to cap + 1.
   Returns 0 when all are stored, 1 when over budget, -1 when out of
   memory. */
int scene_sweep(scene_pair **out, long *nout, long *alloc,
                const scene_aabb *box, long m, long budget, long cap,
                long *count);

/* An exact solve of the narrow phase (lib/scene/exact.c): the pair
   a < b on the range in q (t0, t1; the boxes and motions are set by
   scene_jobs_run), its answer c or error rc, e; cand and lo, hi: the
   candidate and the sub-windows of its range, for the caller. */
typedef struct {
    long a, b, cand;
    scene_window lo, hi;
    boxtoi_query_t q;
    boxtoi_contact_t c;
    boxtoi_errinfo e;
    int rc;
} scene_job;

/* At most this many threads solve a batch. */
#define SCENE_MAX_THREADS 64

void scene_job_init(scene_job *j);
void scene_job_clear(scene_job *j);
/* Solves jobs v[0..n) of scene s (boxtoi_contact_first_piecewise with
   the bodies' motions) with up to threads threads. */
void scene_jobs_run(scene_job *v, long n, long threads,
                    const boxtoi_scene_struct *s, const boxtoi_options *opts);

/* The state of one solve (lib/scene/solve.c: the windows; narrow.c:
   the exact narrow phase of a window). */
enum { SCENE_MODE_FIRST = BOXTOI_SCENE_FIRST,
       SCENE_MODE_PAIRS = BOXTOI_SCENE_PAIRS };

/* A candidate pair of a window. */
typedef struct {
    long a, b;
    int solved; /* solved exactly in this window */
} scene_cand;

typedef struct {
    const boxtoi_scene_struct *s;
    const boxtoi_options *opts;
    boxtoi_errinfo *err;
    int mode;
    boxtoi_scene_result_struct *res;
    scene_encl *encl;  /* n */
    scene_aabb *box;   /* n: the bodies' boxes in the current window */
    scene_set ignore;  /* ignored pairs */
    scene_set done;    /* pairs report: pairs whose contact is known */
    scene_pair *pairs; /* the sweep's output */
    long npairs, pairs_alloc;
    scene_cand *cands;
    long ncands, cands_alloc;
    scene_heap heap;   /* (candidate, sub-window) by earliest time */
    long ncuts;        /* windows cut so far */
    boxtoi_scene_trace_fn trace;
    void *trace_ctx;
    int have_best;     /* first contact: res->v[0].c.t is the best */
    mpq_t cut;         /* with have_best: the least upper end of the
                          isolating intervals of the bests so far */
    scene_job *jobs;   /* the batch of exact solves (maxjobs) */
    int t0_ok;         /* t0 in [t0lo, t0hi] (doubles) */
    double t0lo, t0hi;
    long njobs, maxjobs, nsolved;
    mpq_t tmp, tmp2;
} scene_ctx;

/* The key of the pair a < b in x's sets. */
static inline uint64_t scene_key(const scene_ctx *x, long a, long b)
{
    return (uint64_t)a * (uint64_t)x->s->n + (uint64_t)b;
}

/* 1 when the exact lower end of window w is at or beyond the best
   contact (lib/scene/narrow.c). */
int scene_beyond_best(scene_ctx *x, const scene_window *w);
/* The narrow phase of window w, whose sweep listed x->pairs (npairs
   pairs meet there, for the trace); returns BOXTOI_OK or an error set
   in x->err. */
int scene_narrow(scene_ctx *x, const scene_window *w, long npairs);

#endif /* BOXTOI_SCENE_IMPL_H */
