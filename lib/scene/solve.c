/* lib/scene/solve.c: the first contact of a scene, and the first
   contact of every pair (doc/algorithm.md §8): the search over windows
   of t, and the result's order.

   Method.  The range is searched window by window in increasing t
   (depth first, left half first).  In a window every body gets a box
   proved to contain it over the window (lib/scene/enclose.c); sweep and
   prune (lib/scene/sweep.c) lists the pairs whose boxes meet, and when
   there are too many the window is bisected first.  The listed pairs
   then go to the narrow phase of the window (lib/scene/narrow.c), which
   refines each on its own and solves the ones that can meet exactly, in
   increasing order of the earliest time they can meet.  For the first
   contact of the scene, no window beyond the best contact found is
   searched (branch and bound, §8.4). */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/scene/impl.h"

/* Windows are bisected at most this deep. */
#define MAX_DEPTH 40
/* At most this many window cuts per solve (doc/algorithm.md §8.3). */
#define MAX_CUTS 1024

/* Searches window w (doc/algorithm.md §8.3-§8.4). */
static int search(scene_ctx *x, const scene_window *w, int depth)
{
    scene_window h[2];
    long i, n = x->s->n, budget = n + 256, count;
    int over, rc;

    if (x->mode == SCENE_MODE_FIRST && scene_beyond_best(x, w))
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
    return scene_narrow(x, w, count);
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

static int sort_result(scene_ctx *x)
{
    boxtoi_scene_result_struct *r = x->res;
    named *w;
    long i;

    if (r->n < 2)
        return BOXTOI_OK;
    if (x->mode == SCENE_MODE_FIRST) {
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
static int ctx_init(scene_ctx *x, const boxtoi_scene_struct *s, int mode)
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
                       * (mode == SCENE_MODE_PAIRS ? 4 : 1);
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
        if (scene_set_add(&x->ignore, scene_key(x, s->ignore[2 * i],
                                          s->ignore[2 * i + 1])) < 0)
            rc = BOXTOI_ENOMEM;
    return rc;
}

static void ctx_clear(scene_ctx *x)
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
    scene_ctx x;
    long i;
    int rc;

    if (mode != SCENE_MODE_FIRST && mode != SCENE_MODE_PAIRS)
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
    return boxtoi_scene_solve(res, s, SCENE_MODE_FIRST, opts, NULL, NULL, err);
}

int boxtoi_scene_pairs(boxtoi_scene_result_t res, const boxtoi_scene_t s,
                       const boxtoi_options *opts, boxtoi_errinfo *err)
{
    return boxtoi_scene_solve(res, s, SCENE_MODE_PAIRS, opts, NULL, NULL, err);
}
