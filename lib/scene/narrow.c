/* lib/scene/narrow.c: the exact narrow phase of one window of a scene
   (doc/algorithm.md §8.3-§8.5), called by lib/scene/solve.c.

   The candidate pairs of the window (the sweep's pairs, not ignored and
   without a known contact) go into a queue of (pair, sub-window) by the
   sub-window's lower end.  A node is bisected REFINE_DEPTH levels,
   keeping the halves where the pair's enclosures meet; the first node
   of a pair to reach that depth gives the earliest time the pair can
   meet, and the pair is solved exactly there, on [first, last] (the
   last sub-window where the enclosures meet).  For the first contact,
   the search stops at the first node beyond the best contact (branch
   and bound, §8.4), and a pair touching at exactly the best time joins
   the answer; for the pairs report every pair is solved until its
   first contact is found.  The exact solves are made in batches, one
   job per thread (lib/scene/exact.c), and recorded in queue order. */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/scene/impl.h"

/* A pair's window is bisected at most this many levels. */
#define REFINE_DEPTH 6

/* 1 when bodies a and b are proved apart over window w. */
static int apart(const scene_ctx *x, long a, long b, const scene_window *w)
{
    scene_aabb ba, bb;
    scene_encl_box(&ba, x->encl + a, w->dlo, w->dhi);
    scene_encl_box(&bb, x->encl + b, w->dlo, w->dhi);
    return !scene_aabb_meet(&ba, &bb);
}

/* The first (dir 0) or last (dir 1) sub-window of w, at most depth
   levels down, where the boxes of a and b meet: 1 and *res, or 0 when
   they are apart in all of w. */
static int refine(scene_ctx *x, scene_window *res, long a, long b,
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
static int push_contact(scene_ctx *x, boxtoi_contact_struct *c, long a,
                        long b)
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
static void job_range(scene_ctx *x, boxtoi_query_struct *q,
                      const scene_window *lo,
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
static int record(scene_ctx *x, scene_job *j)
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
    if (x->mode == SCENE_MODE_PAIRS) {
        if (scene_set_add(&x->done, scene_key(x, j->a, j->b)) < 0)
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
int scene_beyond_best(scene_ctx *x, const scene_window *w)
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
static int apart_at_t0(const scene_ctx *x, const scene_window *w, long a,
                       long b)
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
static int run_jobs(scene_ctx *x, int *stop)
{
    long k;
    int rc = BOXTOI_OK;

    for (k = 0; k < x->njobs; k++)
        job_range(x, x->jobs[k].q, &x->jobs[k].lo, &x->jobs[k].hi);
    scene_jobs_run(x->jobs, x->njobs, x->s->threads, x->s, x->opts);
    for (k = 0; k < x->njobs && rc == BOXTOI_OK; k++) {
        if (x->mode == SCENE_MODE_FIRST
            && scene_beyond_best(x, &x->jobs[k].lo)) {
            *stop = 1;
            break;
        }
        /* dropped when popped, had the jobs before been recorded */
        if (x->mode == SCENE_MODE_FIRST
            && apart_at_t0(x, &x->jobs[k].lo, x->jobs[k].a, x->jobs[k].b))
            continue;
        rc = record(x, x->jobs + k);
    }
    x->njobs = 0;
    return rc;
}

/* The candidates of window w: the pairs of the sweep not ignored and
   without a known contact, each in the heap with the whole window. */
static int gather(scene_ctx *x, const scene_window *w)
{
    scene_node nd;
    long p;

    x->ncands = 0;
    x->heap.n = 0;
    nd.w = *w;
    nd.depth = 0;
    for (p = 0; p < x->npairs; p++) {
        scene_cand k;
        k.a = x->pairs[p].a;
        k.b = x->pairs[p].b;
        k.solved = 0;
        if (scene_set_has(&x->ignore, scene_key(x, k.a, k.b))
            || scene_set_has(&x->done, scene_key(x, k.a, k.b)))
            continue;
        if (x->ncands == x->cands_alloc) {
            long na = x->cands_alloc == 0 ? 64 : 2 * x->cands_alloc;
            scene_cand *v = realloc(x->cands, (size_t)na * sizeof *v);
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
int scene_narrow(scene_ctx *x, const scene_window *w, long npairs)
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
        scene_cand *k;
        scene_heap_pop(&x->heap, &nd);
        k = x->cands + nd.cand;
        if (k->solved)
            continue;
        if (x->mode == SCENE_MODE_FIRST && scene_beyond_best(x, &nd.w))
            break; /* every later node is beyond too */
        if (x->mode == SCENE_MODE_FIRST && apart_at_t0(x, &nd.w, k->a, k->b))
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
