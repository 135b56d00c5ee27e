/* lib/scene/solve.c: the first contact of a scene, and the first
   contact of every pair (doc/algorithm.md §8).

   Method.  The range is searched window by window in increasing t
   (depth first, left half first).  In a window every body gets a box
   proved to contain it over the window (lib/scene/enclose.c); sweep and
   prune (lib/scene/sweep.c) lists the pairs whose boxes meet, and when
   there are too many the window is bisected first.  Each listed pair is
   refined on its own: the window is bisected a few more levels to find
   the first and the last sub-window where the pair's boxes meet (none:
   the pair is proved apart in the window).  The pairs are then solved
   exactly with boxtoi_contact_first on [first, last], in increasing
   order of the first sub-window's lower end, the earliest time the pair
   can meet.  For the first contact of the scene, a pair whose earliest
   time is beyond the best contact found is not solved, nor is any later
   window (branch and bound, §8.4); a pair touching at exactly the best
   time (boxtoi_alg_cmp == 0) joins the answer.  For the pairs report
   every pair is solved until its first contact is found. */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/scene/impl.h"

/* Windows are bisected at most this deep, and a pair's window at most
   REFINE_DEPTH more levels. */
#define MAX_DEPTH 40
#define REFINE_DEPTH 6
/* At most this many window cuts per solve (doc/algorithm.md §8.3). */
#define MAX_CUTS 1024

enum { MODE_FIRST = BOXTOI_SCENE_FIRST, MODE_PAIRS = BOXTOI_SCENE_PAIRS };

/* A candidate pair of a window. */
typedef struct {
    long a, b;
    int solved; /* solved exactly in this window */
} cand;

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
    cand *cands;
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
} ctx;

static uint64_t key(const ctx *x, long a, long b)
{
    return (uint64_t)a * (uint64_t)x->s->n + (uint64_t)b;
}

/* 1 when bodies a and b are proved apart over window w. */
static int apart(const ctx *x, long a, long b, const scene_window *w)
{
    scene_aabb ba, bb;
    scene_encl_box(&ba, x->encl + a, w->dlo, w->dhi);
    scene_encl_box(&bb, x->encl + b, w->dlo, w->dhi);
    return !scene_aabb_meet(&ba, &bb);
}

/* The first (dir 0) or last (dir 1) sub-window of w, at most depth
   levels down, where the boxes of a and b meet: 1 and *res, or 0 when
   they are apart in all of w. */
static int refine(ctx *x, scene_window *res, long a, long b,
                  const scene_window *w, int depth, int dir)
{
    scene_window h[2];
    if (apart(x, a, b, w))
        return 0;
    if (depth == 0 || !scene_window_split(h, h + 1, w, x->s, x->tmp)) {
        *res = *w;
        return 1;
    }
    return refine(x, res, a, b, h + dir, depth - 1, dir)
           || refine(x, res, a, b, h + 1 - dir, depth - 1, dir);
}

/* Appends the pair's contact c to res->v (moving it; c is left
   initialised). */
static int push_contact(ctx *x, boxtoi_contact_struct *c, long a, long b)
{
    boxtoi_scene_result_struct *r = x->res;
    if (r->n == r->alloc) {
        long na = r->alloc == 0 ? 8 : 2 * r->alloc;
        boxtoi_scene_contact *v = realloc(r->v, (size_t)na * sizeof *v);
        if (v == NULL)
            return boxtoi_errinfo_set(x->err, BOXTOI_ENOMEM,
                                      "out of memory");
        r->v = v;
        r->alloc = na;
    }
    r->v[r->n].a = a;
    r->v[r->n].b = b;
    memcpy(&r->v[r->n].c, c, sizeof(boxtoi_contact_struct));
    boxtoi_contact_init(c);
    r->n++;
    r->status = BOXTOI_CONTACT;
    return BOXTOI_OK;
}

/* q's range: [lo lo, hi hi], cut at the best contact for the first
   contact (branch and bound: nothing beyond it matters). */
static void job_range(ctx *x, boxtoi_query_struct *q, const scene_window *lo,
                      const scene_window *hi)
{
    scene_window_lo(q->t0, lo, x->s);
    q->t1_inf = hi->hi_t1 && x->s->t1_inf;
    if (hi->hi_t1)
        mpq_set(q->t1, x->s->t1);
    else
        mpq_set_d(q->t1, hi->hi);
    if (x->have_best && (q->t1_inf || mpq_cmp(q->t1, x->cut) > 0)) {
        mpq_set(q->t1, x->cut);
        q->t1_inf = 0;
    }
}

/* Records the answer of job j, solved on the range set by job_range
   when the batch started, as the answer on the range job_range gives
   now (the best contact may have moved down since): a contact beyond
   the new end is no contact there, and the first contact on the larger
   range, when not beyond, is the first on the smaller one. */
static int record(ctx *x, scene_job *j)
{
    const boxtoi_body_struct *A = x->s->body + j->a, *B = x->s->body + j->b;
    boxtoi_contact_struct *c = j->c;
    int cmp;

    if (x->have_best && (j->q->t1_inf || mpq_cmp(j->q->t1, x->cut) > 0)) {
        mpq_set(j->q->t1, x->cut);
        j->q->t1_inf = 0;
        if (j->rc == BOXTOI_OK && c->status == BOXTOI_CONTACT
            && boxtoi_alg_cmp_mpq(&c->t, j->q->t1) > 0)
            c->status = BOXTOI_NO_CONTACT;
    }
    x->res->stats.nexact++;
    x->nsolved++;
    if (j->rc != BOXTOI_OK)
        return boxtoi_errinfo_set(x->err, j->rc, "pair (\"%.40s\", "
                                  "\"%.40s\"): %s", A->name, B->name,
                                  j->e.msg);
    if (x->trace != NULL) {
        boxtoi_scene_event ev;
        memset(&ev, 0, sizeof ev);
        ev.kind = BOXTOI_SCENE_SOLVE;
        ev.lo = j->q->t0;
        ev.hi = j->q->t1_inf ? NULL : j->q->t1;
        ev.a = j->a;
        ev.b = j->b;
        ev.c = c;
        x->trace(x->trace_ctx, &ev);
    }
    if (c->status != BOXTOI_CONTACT)
        return BOXTOI_OK;
    /* Before the lower window the pair is apart (§8.4), so contact at
       q->t0 is an initial contact only when q->t0 is the scene's t0. */
    c->initial = c->initial && j->lo.lo_t0;
    if (x->mode == MODE_PAIRS) {
        if (scene_set_add(&x->done, key(x, j->a, j->b)) < 0)
            return boxtoi_errinfo_set(x->err, BOXTOI_ENOMEM,
                                      "out of memory");
        return push_contact(x, c, j->a, j->b);
    }
    cmp = x->have_best ? boxtoi_alg_cmp(&c->t, &x->res->v[0].c.t) : -1;
    if (cmp > 0)
        return BOXTOI_OK;
    if (cmp < 0) {
        long i;
        /* the cut only moves down, so that a job's range, cut at the
           start of its batch and again in record, is the range it would
           have had solved alone (run_jobs); it stays at or above the
           best time, since every end it took is at or above a best, and
           the bests decrease */
        if (!x->have_best || mpq_cmp(c->t.hi, x->cut) < 0)
            mpq_set(x->cut, c->t.hi);
        for (i = 0; i < x->res->n; i++)
            boxtoi_contact_clear(&x->res->v[i].c);
        x->res->n = 0;
        x->have_best = 1;
    }
    return push_contact(x, c, j->a, j->b);
}

/* 1 when the exact lower end of window w is at or beyond the best
   contact: no pair can touch in w before it, and a pair touching at
   exactly the best time at w's lower end (> t0) touches there in the
   window before w as well, closed at that end, where it was solved
   (doc/algorithm.md §8.4). */
static int beyond_best(ctx *x, const scene_window *w)
{
    if (!x->have_best || w->lo_t0)
        return 0;
    mpq_set_d(x->tmp2, w->lo);
    return boxtoi_alg_cmp_mpq(&x->res->v[0].c.t, x->tmp2) <= 0;
}

/* 1 when the best contact is at t0 (an initial one), node window w
   starts at t0 and bodies a and b are proved apart at t0 itself: the
   pair cannot join the first contact, the only one left to find
   (doc/algorithm.md §8.4). */
static int apart_at_t0(const ctx *x, const scene_window *w, long a, long b)
{
    scene_aabb ba, bb;
    if (!x->have_best || !x->res->v[0].c.initial || !w->lo_t0 || !x->t0_ok)
        return 0;
    scene_encl_box(&ba, x->encl + a, x->t0lo, x->t0hi);
    scene_encl_box(&bb, x->encl + b, x->t0lo, x->t0hi);
    return !scene_aabb_meet(&ba, &bb);
}

/* Solves the batch of jobs (lib/scene/exact.c) and records the answers
   in the order the jobs were made, as solving them one at a time would:
   job j's range is cut at the best contact when the batch starts, and
   record cuts it again at the best contact after jobs 0..j-1.  For the
   first contact, the sequential search stops at the first node beyond
   the best contact; the heap gives nodes in increasing lower ends, so
   every job made after that node is beyond too, and a job beyond is the
   point where it stops: *stop = 1, the later jobs are dropped. */
static int run_jobs(ctx *x, int *stop)
{
    long k;
    int rc = BOXTOI_OK;

    for (k = 0; k < x->njobs; k++)
        job_range(x, x->jobs[k].q, &x->jobs[k].lo, &x->jobs[k].hi);
    scene_jobs_run(x->jobs, x->njobs, x->s->threads, x->s, x->opts);
    for (k = 0; k < x->njobs && rc == BOXTOI_OK; k++) {
        if (x->mode == MODE_FIRST && beyond_best(x, &x->jobs[k].lo)) {
            *stop = 1;
            break;
        }
        /* dropped when popped, had the jobs before been recorded */
        if (x->mode == MODE_FIRST
            && apart_at_t0(x, &x->jobs[k].lo, x->jobs[k].a, x->jobs[k].b))
            continue;
        rc = record(x, x->jobs + k);
    }
    x->njobs = 0;
    return rc;
}

/* The candidates of window w: the pairs of the sweep not ignored and
   without a known contact, each in the heap with the whole window. */
static int gather(ctx *x, const scene_window *w)
{
    scene_node nd;
    long p;

    x->ncands = 0;
    x->heap.n = 0;
    nd.w = *w;
    nd.depth = 0;
    for (p = 0; p < x->npairs; p++) {
        cand k;
        k.a = x->pairs[p].a;
        k.b = x->pairs[p].b;
        k.solved = 0;
        if (scene_set_has(&x->ignore, key(x, k.a, k.b))
            || scene_set_has(&x->done, key(x, k.a, k.b)))
            continue;
        if (x->ncands == x->cands_alloc) {
            long na = x->cands_alloc == 0 ? 64 : 2 * x->cands_alloc;
            cand *v = realloc(x->cands, (size_t)na * sizeof *v);
            if (v == NULL)
                return boxtoi_errinfo_set(x->err, BOXTOI_ENOMEM,
                                          "out of memory");
            x->cands = v;
            x->cands_alloc = na;
        }
        nd.cand = x->ncands;
        x->cands[x->ncands++] = k;
        if (scene_heap_push(&x->heap, &nd) != 0)
            return boxtoi_errinfo_set(x->err, BOXTOI_ENOMEM,
                                      "out of memory");
    }
    x->res->stats.ncandidate += x->ncands;
    return BOXTOI_OK;
}

/* The narrow phase of window w (doc/algorithm.md §8.3-§8.4): best-first
   over (candidate, sub-window) by the sub-window's lower end.  A node is
   bisected until REFINE_DEPTH, keeping the halves where the pair's
   enclosures meet; the first node of a candidate to reach that depth
   gives its earliest possible time, and the candidate is solved there
   (its other nodes are dropped).  For the first contact, the search
   stops at the first node beyond the best contact. */
static int narrow(ctx *x, const scene_window *w, long npairs)
{
    scene_node nd, ch;
    scene_window h[2];
    int rc = gather(x, w), i, stop = 0;

    if (x->trace != NULL) {
        boxtoi_scene_event ev;
        memset(&ev, 0, sizeof ev);
        ev.kind = BOXTOI_SCENE_WINDOW;
        scene_window_lo(x->tmp, w, x->s);
        ev.lo = x->tmp;
        if (w->hi_t1) {
            ev.hi = x->s->t1_inf ? NULL : x->s->t1;
        } else {
            mpq_set_d(x->tmp2, w->hi);
            ev.hi = x->tmp2;
        }
        ev.npairs = npairs;
        ev.ncand = x->ncands;
        x->trace(x->trace_ctx, &ev);
    }

    x->nsolved = 0;
    while (rc == BOXTOI_OK && x->heap.n > 0) {
        scene_job *j;
        cand *k;
        scene_heap_pop(&x->heap, &nd);
        k = x->cands + nd.cand;
        if (k->solved)
            continue;
        if (x->mode == MODE_FIRST && beyond_best(x, &nd.w))
            break; /* every later node is beyond too */
        if (x->mode == MODE_FIRST && apart_at_t0(x, &nd.w, k->a, k->b))
            continue;
        if (nd.depth < REFINE_DEPTH
            && scene_window_split(h, h + 1, &nd.w, x->s, x->tmp)) {
            ch.cand = nd.cand;
            ch.depth = nd.depth + 1;
            for (i = 0; i < 2 && rc == BOXTOI_OK; i++) {
                if (apart(x, k->a, k->b, h + i))
                    continue;
                ch.w = h[i];
                if (scene_heap_push(&x->heap, &ch) != 0)
                    rc = boxtoi_errinfo_set(x->err, BOXTOI_ENOMEM,
                                            "out of memory");
            }
            continue;
        }
        k->solved = 1;
        j = x->jobs + x->njobs++;
        j->a = k->a;
        j->b = k->b;
        j->lo = nd.w;
        /* the latest sub-window of w where the pair can meet: it does,
           in nd.w, so refine finds one */
        if (!refine(x, &j->hi, k->a, k->b, w, REFINE_DEPTH, 1))
            j->hi = *w;
        if (x->njobs == x->maxjobs)
            rc = run_jobs(x, &stop);
        if (stop)
            break;
    }
    if (rc == BOXTOI_OK && !stop && x->njobs > 0)
        rc = run_jobs(x, &stop);
    x->njobs = 0;
    x->res->stats.nrefined += x->ncands - x->nsolved;
    return rc;
}

/* Searches window w (doc/algorithm.md §8.3-§8.4). */
static int search(ctx *x, const scene_window *w, int depth)
{
    scene_window h[2];
    long i, n = x->s->n, budget = n + 256, count;
    int over, rc;

    if (x->mode == MODE_FIRST && beyond_best(x, w))
        return BOXTOI_OK;
    for (i = 0; i < n; i++)
        scene_encl_box(x->box + i, x->encl + i, w->dlo, w->dhi);
    x->npairs = 0;
    over = scene_sweep(&x->pairs, &x->npairs, &x->pairs_alloc, x->box, n,
                       budget, budget, &count);
    if (over < 0)
        return boxtoi_errinfo_set(x->err, BOXTOI_ENOMEM, "out of memory");
    /* Cut when there are many pairs.  Pairs that stay however short the
       window (bodies that truly touch, ignored pairs) are not cut away:
       the number of cuts is bounded, so that such a scene costs at most
       MAX_CUTS sweeps before its pairs are refined one by one. */
    if (count > budget && depth < MAX_DEPTH && x->ncuts < MAX_CUTS
        && scene_window_split(h, h + 1, w, x->s, x->tmp)) {
        x->ncuts++;
        rc = search(x, h, depth + 1);
        return rc != BOXTOI_OK ? rc : search(x, h + 1, depth + 1);
    }
    if (over) {
        x->npairs = 0;
        if (scene_sweep(&x->pairs, &x->npairs, &x->pairs_alloc, x->box, n,
                        -1, -1, &count) < 0)
            return boxtoi_errinfo_set(x->err, BOXTOI_ENOMEM,
                                      "out of memory");
    }
    x->res->stats.nwindows++;
    return narrow(x, w, count);
}

/* Pairs report order: t, then the names (strcmp). */
typedef struct {
    boxtoi_scene_contact c;
    const char *na, *nb;
} named;

static int cmp_named(const void *p, const void *q)
{
    const named *u = p, *v = q;
    int c = boxtoi_alg_cmp(&u->c.c.t, &v->c.c.t);
    if (c == 0)
        c = strcmp(u->na, v->na);
    if (c == 0)
        c = strcmp(u->nb, v->nb);
    return c;
}

static int cmp_index(const void *p, const void *q)
{
    const boxtoi_scene_contact *u = p, *v = q;
    if (u->a != v->a)
        return u->a < v->a ? -1 : 1;
    return u->b < v->b ? -1 : u->b > v->b;
}

static int sort_result(ctx *x)
{
    boxtoi_scene_result_struct *r = x->res;
    named *w;
    long i;

    if (r->n < 2)
        return BOXTOI_OK;
    if (x->mode == MODE_FIRST) {
        qsort(r->v, (size_t)r->n, sizeof *r->v, cmp_index);
        return BOXTOI_OK;
    }
    w = malloc((size_t)r->n * sizeof *w);
    if (w == NULL)
        return boxtoi_errinfo_set(x->err, BOXTOI_ENOMEM, "out of memory");
    for (i = 0; i < r->n; i++) {
        w[i].c = r->v[i];
        w[i].na = x->s->body[r->v[i].a].name;
        w[i].nb = x->s->body[r->v[i].b].name;
    }
    qsort(w, (size_t)r->n, sizeof *w, cmp_named);
    for (i = 0; i < r->n; i++)
        r->v[i] = w[i].c;
    free(w);
    return BOXTOI_OK;
}

/* Sets up x for scene s; the ignored pairs go into x->ignore. */
static int ctx_init(ctx *x, const boxtoi_scene_struct *s, int mode)
{
    long i, n = s->n;
    int rc = BOXTOI_OK;

    memset(x, 0, sizeof *x);
    x->s = s;
    scene_set_init(&x->ignore);
    scene_set_init(&x->done);
    mpq_init(x->tmp);
    mpq_init(x->tmp2);
    mpq_init(x->cut);
    /* one job at a time alone; with threads, a batch of one job per
       thread for the first contact (later jobs may be dropped), four
       for the pairs report (all are needed) */
    x->maxjobs = s->threads <= 1 ? 1
                 : (s->threads < SCENE_MAX_THREADS ? s->threads
                                                   : SCENE_MAX_THREADS)
                       * (mode == MODE_PAIRS ? 4 : 1);
    x->jobs = malloc((size_t)x->maxjobs * sizeof *x->jobs);
    if (x->jobs == NULL)
        return BOXTOI_ENOMEM;
    for (i = 0; i < x->maxjobs; i++)
        scene_job_init(x->jobs + i);
    {
        boxtoi_iv t0;
        x->t0_ok = scene_iv_of_mpq(&t0, s->t0);
        x->t0lo = t0.lo;
        x->t0hi = t0.hi;
    }
    x->encl = calloc((size_t)(n > 0 ? n : 1), sizeof *x->encl);
    x->box = malloc((size_t)(n > 0 ? n : 1) * sizeof *x->box);
    if (x->encl == NULL || x->box == NULL)
        return BOXTOI_ENOMEM;
    for (i = 0; i < n && rc == BOXTOI_OK; i++)
        rc = scene_encl_init(x->encl + i, s->body + i);
    for (i = 0; i < s->nignore && rc == BOXTOI_OK; i++)
        if (scene_set_add(&x->ignore, key(x, s->ignore[2 * i],
                                          s->ignore[2 * i + 1])) < 0)
            rc = BOXTOI_ENOMEM;
    return rc;
}

static void ctx_clear(ctx *x)
{
    long i;
    if (x->encl != NULL)
        for (i = 0; i < x->s->n; i++)
            scene_encl_clear(x->encl + i);
    free(x->encl);
    free(x->box);
    free(x->pairs);
    free(x->cands);
    free(x->heap.v);
    scene_set_clear(&x->ignore);
    scene_set_clear(&x->done);
    if (x->jobs != NULL)
        for (i = 0; i < x->maxjobs; i++)
            scene_job_clear(x->jobs + i);
    free(x->jobs);
    mpq_clear(x->tmp);
    mpq_clear(x->tmp2);
    mpq_clear(x->cut);
}

int boxtoi_scene_solve(boxtoi_scene_result_t res, const boxtoi_scene_t s,
                       int mode, const boxtoi_options *opts,
                       boxtoi_scene_trace_fn trace, void *trace_ctx,
                       boxtoi_errinfo *err)
{
    scene_window w;
    ctx x;
    long i;
    int rc;

    if (mode != MODE_FIRST && mode != MODE_PAIRS)
        return boxtoi_errinfo_set(err, BOXTOI_EINVAL,
                                  "unknown scene report %d", mode);
    for (i = 0; i < res->n; i++)
        boxtoi_contact_clear(&res->v[i].c);
    res->n = 0;
    res->status = BOXTOI_NO_CONTACT;
    memset(&res->stats, 0, sizeof res->stats);
    rc = boxtoi_scene_check(s, opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    rc = ctx_init(&x, s, mode);
    x.opts = opts;
    x.err = err;
    x.mode = mode;
    x.res = res;
    x.trace = trace;
    x.trace_ctx = trace_ctx;
    if (rc != BOXTOI_OK) {
        ctx_clear(&x);
        return boxtoi_errinfo_set(err, rc, "out of memory");
    }
    res->stats.npairs = s->n * (s->n - 1) / 2 - (long)x.ignore.count;
    if (s->n >= 2) {
        scene_window_root(&w, s);
        rc = search(&x, &w, 0);
    }
    if (rc == BOXTOI_OK)
        rc = sort_result(&x);
    ctx_clear(&x);
    return rc;
}

int boxtoi_scene_first(boxtoi_scene_result_t res, const boxtoi_scene_t s,
                       const boxtoi_options *opts, boxtoi_errinfo *err)
{
    return boxtoi_scene_solve(res, s, MODE_FIRST, opts, NULL, NULL, err);
}

int boxtoi_scene_pairs(boxtoi_scene_result_t res, const boxtoi_scene_t s,
                       const boxtoi_options *opts, boxtoi_errinfo *err)
{
    return boxtoi_scene_solve(res, s, MODE_PAIRS, opts, NULL, NULL, err);
}
