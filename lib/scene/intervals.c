/* lib/scene/intervals.c: the contact intervals of every pair of a
   scene (query format §5.4, doc/algorithm.md §8 and §11).

   Method: the pairs report (lib/scene/solve.c) gives every pair that
   touches in the range with its first contact t*, after the certified
   broad phase has proved the other pairs apart.  The pair's contact set
   has no point before t*, so its intervals are those of the range
   [max(t0, lo), t1] for any rational lo <= t* (the lower end of t*'s
   isolating interval), whose first contact is t* itself:
   boxtoi_contact_intervals_piecewise on that range, given t*
   (contact_intervals_known), so that t* is not solved for again. */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/contact/impl.h"
#include "lib/scene/impl.h"

void boxtoi_scene_intervals_init(boxtoi_scene_intervals_t res)
{
    res->status = BOXTOI_NO_CONTACT;
    res->v = NULL;
    res->n = res->alloc = 0;
    memset(&res->stats, 0, sizeof res->stats);
}

void boxtoi_scene_intervals_clear(boxtoi_scene_intervals_t res)
{
    long k;
    for (k = 0; k < res->alloc; k++)
        boxtoi_intervals_clear(&res->v[k].iv);
    free(res->v);
    boxtoi_scene_intervals_init(res);
}

/* Room for n pairs in res (each entry's intervals initialised). */
static int reserve(boxtoi_scene_intervals_struct *res, long n)
{
    boxtoi_scene_pair_intervals *v;
    long k;
    if (n <= res->alloc)
        return BOXTOI_OK;
    v = realloc(res->v, (size_t)n * sizeof *v);
    if (v == NULL)
        return BOXTOI_ENOMEM;
    res->v = v;
    for (k = res->alloc; k < n; k++)
        boxtoi_intervals_init(&v[k].iv);
    res->alloc = n;
    return BOXTOI_OK;
}

/* The intervals of the pair of contact c into out. */
static int pair_intervals(boxtoi_intervals_struct *out, boxtoi_query_t q,
                          const boxtoi_scene_struct *s,
                          const boxtoi_scene_contact *c,
                          const boxtoi_options *opts, boxtoi_errinfo *err)
{
    const boxtoi_body_struct *A = s->body + c->a, *B = s->body + c->b;
    boxtoi_errinfo e;
    int rc;

    boxtoi_box_set(q->box, &A->box);
    boxtoi_box_set(q->box + 1, &B->box);
    boxtoi_motion_set(q->motion, &A->motion);
    boxtoi_motion_set(q->motion + 1, &B->motion);
    /* no contact before t*: start at a rational lo <= t* */
    if (mpq_cmp(c->c.t.lo, s->t0) > 0)
        mpq_set(q->t0, c->c.t.lo);
    else
        mpq_set(q->t0, s->t0);
    mpq_set(q->t1, s->t1);
    q->t1_inf = s->t1_inf;
    /* a body in keyframes or pieces: its motion is pm (motion holds
       only its first piece); t* is the first contact on q's range */
    rc = contact_intervals_known(out, q, &A->pm, &B->pm, &c->c.t, opts, &e);
    if (rc != BOXTOI_OK)
        return boxtoi_errinfo_set(err, rc, "pair (\"%.40s\", \"%.40s\"): %s",
                                  A->name, B->name, e.msg);
    if (out->n == 0 || boxtoi_alg_cmp(out->from, &c->c.t) != 0)
        return boxtoi_errinfo_set(err, BOXTOI_EINTERNAL,
                                  "pair (\"%.40s\", \"%.40s\"): the first "
                                  "interval does not start at the first "
                                  "contact", A->name, B->name);
    return BOXTOI_OK;
}

int boxtoi_scene_intervals_solve(boxtoi_scene_intervals_t res,
                                 const boxtoi_scene_t s,
                                 const boxtoi_options *opts,
                                 boxtoi_scene_trace_fn trace, void *ctx,
                                 boxtoi_errinfo *err)
{
    boxtoi_scene_result_t pr;
    boxtoi_query_t q;
    long k;
    int rc;

    res->n = 0;
    res->status = BOXTOI_NO_CONTACT;
    memset(&res->stats, 0, sizeof res->stats);
    boxtoi_scene_result_init(pr);
    rc = boxtoi_scene_solve(pr, s, BOXTOI_SCENE_PAIRS, opts, trace, ctx,
                            err);
    if (rc == BOXTOI_OK && reserve(res, pr->n) != BOXTOI_OK)
        rc = boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    boxtoi_query_init(q);
    for (k = 0; rc == BOXTOI_OK && k < pr->n; k++) {
        res->v[k].a = pr->v[k].a;
        res->v[k].b = pr->v[k].b;
        rc = pair_intervals(&res->v[k].iv, q, s, pr->v + k, opts, err);
        res->n = k + 1;
    }
    boxtoi_query_clear(q);
    res->stats = pr->stats;
    res->stats.nexact += pr->n;
    if (rc == BOXTOI_OK)
        res->status = pr->status;
    else
        res->n = 0;
    boxtoi_scene_result_clear(pr);
    return rc;
}

int boxtoi_scene_intervals(boxtoi_scene_intervals_t res,
                           const boxtoi_scene_t s,
                           const boxtoi_options *opts, boxtoi_errinfo *err)
{
    return boxtoi_scene_intervals_solve(res, s, opts, NULL, NULL, err);
}
