/* lib/contact/pieces.c: the first contact under piecewise motions, and
   the contact intervals under them (the intervals of each piece by
   intervals.c, joined at the breaks).

   The breaks of both bodies' motions that lie strictly inside the range
   cut it into closed intervals I_0 < I_1 < ... on each of which both
   bodies move by one polynomial piece.  The least contact time of the
   range is the least over the intervals, and since the intervals are in
   time order it is the answer of the first interval that has a contact:
   each is solved by boxtoi_contact_first (the seed's method, unchanged)
   restricted to it.  Continuity at the breaks makes the closed pieces
   agree at the shared ends, so a contact at the start of I_j (j > 0)
   is the end of I_{j-1} and was found there: only I_0 can answer with
   its first point, and res->initial is kept only for it
   (doc/algorithm.md §7). */
#include <stdlib.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"

/* Is pm a piecewise motion to use (non-NULL, not empty)? */
static int used(const boxtoi_pmotion_struct *pm)
{
    return pm != NULL && pm->n > 0;
}

/* cut[0..*ncut) = the breaks of pm[0] and pm[1] in the open range
   (t0, t1) (t1 NULL: +inf), sorted, without repeats.  cut has room for
   all breaks of both. */
static void merge_breaks(mpq_ptr cut, long *ncut,
                         const boxtoi_pmotion_struct *const pm[2],
                         mpq_srcptr t0, mpq_srcptr t1)
{
    long i[2] = {0, 0}, n = 0;
    for (;;) {
        mpq_srcptr x = NULL;
        int b;
        /* the least remaining break of the two sorted lists */
        for (b = 0; b < 2; b++)
            if (used(pm[b]) && i[b] < pm[b]->n - 1
                && (x == NULL || mpq_cmp(pm[b]->brk + i[b], x) < 0))
                x = pm[b]->brk + i[b];
        if (x == NULL || (t1 != NULL && mpq_cmp(x, t1) >= 0))
            break;
        if (mpq_cmp(x, t0) > 0 && (n == 0 || !mpq_equal(cut + n - 1, x)))
            mpq_set(cut + n++, x);
        for (b = 0; b < 2; b++)
            if (used(pm[b]) && i[b] < pm[b]->n - 1
                && mpq_equal(pm[b]->brk + i[b], x))
                i[b]++;
    }
    *ncut = n;
}

/* sum the statistics of one interval's run into tot */
static void add_stats(boxtoi_contact_struct *tot,
                      const boxtoi_contact_struct *r)
{
    tot->nsections += r->nsections;
    tot->ncandidates += r->ncandidates;
    tot->nisolate += r->nisolate;
    tot->nsign_filtered += r->nsign_filtered;
    tot->nsign_exact += r->nsign_exact;
}

/* The limits of opts on every piece, then the boxes and the range of q
   (boxtoi_query_check with identity motions): the limits first, as
   boxtoi_contact_first does, since checking the validity of a huge
   piece is itself the slow part. */
static int check_limits_boxes_range(const boxtoi_query_t q,
                                    const boxtoi_pmotion_struct *const pm[2],
                                    const boxtoi_options *opts,
                                    boxtoi_errinfo *err)
{
    boxtoi_query_t s;
    long i;
    int b, rc = BOXTOI_OK;
    boxtoi_query_init(s);
    for (b = 0; b < 2; b++)
        boxtoi_box_set(s->box + b, q->box + b);
    mpq_set(s->t0, q->t0);
    mpq_set(s->t1, q->t1);
    s->t1_inf = q->t1_inf;
    for (b = 0; b < 2 && rc == BOXTOI_OK; b++) {
        for (i = 0; i < (used(pm[b]) ? pm[b]->n : 1) && rc == BOXTOI_OK;
             i++) {
            boxtoi_motion_set(s->motion + b, used(pm[b]) ? pm[b]->piece + i
                                                        : q->motion + b);
            rc = contact_check_limits(s, opts, err);
        }
        boxtoi_motion_set_identity(s->motion + b);
    }
    if (rc == BOXTOI_OK)
        rc = boxtoi_query_check(s, err);
    boxtoi_query_clear(s);
    return rc;
}

/* Calls fn on the intervals between the cuts in order (sub holds q's
   boxes and motions), until it fails or sets *stop. */
static int walk_intervals(boxtoi_query_t sub, const boxtoi_query_t q,
                          const boxtoi_pmotion_struct *const pm[2],
                          mpq_srcptr cut, long ncut, contact_piece_fn fn,
                          void *arg, boxtoi_errinfo *err)
{
    long j;
    int b, stop = 0, rc = BOXTOI_OK;

    for (j = 0; j <= ncut && rc == BOXTOI_OK && !stop; j++) {
        /* I_j = [cut[j-1] or t0, cut[j] or t1] */
        mpq_set(sub->t0, j == 0 ? q->t0 : cut + j - 1);
        sub->t1_inf = j == ncut && q->t1_inf;
        mpq_set(sub->t1, j < ncut ? cut + j : q->t1);
        for (b = 0; b < 2; b++)
            if (used(pm[b]))
                boxtoi_motion_set(sub->motion + b,
                                  pm[b]->piece
                                      + boxtoi_pmotion_piece_at(pm[b],
                                                                sub->t0));
        rc = fn(arg, sub, j, &stop, err);
    }
    return rc;
}

/* The first contact: solve I_0, I_1, ... and stop at the first contact,
   the statistics summed in tot. */
typedef struct {
    boxtoi_contact_struct *res;
    boxtoi_contact_struct tot;
    const boxtoi_options *opts;
} first_walk;

static int first_piece(void *arg, const boxtoi_query_t sub, long j,
                       int *stop, boxtoi_errinfo *err)
{
    first_walk *w = arg;
    int rc = boxtoi_contact_first(w->res, sub, w->opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    add_stats(&w->tot, w->res);
    if (w->res->status == BOXTOI_CONTACT) {
        if (j > 0)
            w->res->initial = 0;
        *stop = 1;
    }
    return BOXTOI_OK;
}

int contact_pieces_walk(const boxtoi_query_t q,
                        const boxtoi_pmotion_struct *pm1,
                        const boxtoi_pmotion_struct *pm2,
                        const boxtoi_options *opts, contact_piece_fn fn,
                        void *arg, boxtoi_errinfo *err)
{
    static const char *const mname[2] = {"motion1", "motion2"};
    const boxtoi_pmotion_struct *pm[2];
    mpq_srcptr t1 = q->t1_inf ? NULL : q->t1;
    boxtoi_query_t sub;
    mpq_ptr cut;
    long ncut = 0, nmax = 0, k;
    int b, rc;

    pm[0] = pm1;
    pm[1] = pm2;
    rc = check_limits_boxes_range(q, pm, opts, err);
    for (b = 0; b < 2 && rc == BOXTOI_OK; b++)
        rc = used(pm[b]) ? boxtoi_pmotion_check(pm[b], q->t0, t1, mname[b],
                                                err)
                         : boxtoi_motion_check(q->motion + b, q->t0, t1,
                                               mname[b], err);
    if (rc != BOXTOI_OK)
        return rc;
    for (b = 0; b < 2; b++)
        if (used(pm[b]))
            nmax += pm[b]->n - 1;
    cut = malloc((size_t)(nmax > 0 ? nmax : 1) * sizeof *cut);
    if (cut == NULL)
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    for (k = 0; k < nmax; k++)
        mpq_init(cut + k);
    merge_breaks(cut, &ncut, pm, q->t0, t1);
    boxtoi_query_init(sub);
    for (b = 0; b < 2; b++) {
        boxtoi_box_set(sub->box + b, q->box + b);
        boxtoi_motion_set(sub->motion + b, q->motion + b);
    }
    rc = walk_intervals(sub, q, pm, cut, ncut, fn, arg, err);
    boxtoi_query_clear(sub);
    for (k = 0; k < nmax; k++)
        mpq_clear(cut + k);
    free(cut);
    return rc;
}

int boxtoi_contact_first_piecewise(boxtoi_contact_t res,
                                   const boxtoi_query_t q,
                                   const boxtoi_pmotion_struct *pm1,
                                   const boxtoi_pmotion_struct *pm2,
                                   const boxtoi_options *opts,
                                   boxtoi_errinfo *err)
{
    first_walk w;
    int rc;

    if (!used(pm1) && !used(pm2))
        return boxtoi_contact_first(res, q, opts, err);
    w.res = res;
    w.opts = opts;
    w.tot.nsections = w.tot.ncandidates = w.tot.nisolate = 0;
    w.tot.nsign_filtered = w.tot.nsign_exact = 0;
    rc = contact_pieces_walk(q, pm1, pm2, opts, first_piece, &w, err);
    res->nsections = w.tot.nsections;
    res->ncandidates = w.tot.ncandidates;
    res->nisolate = w.tot.nisolate;
    res->nsign_filtered = w.tot.nsign_filtered;
    res->nsign_exact = w.tot.nsign_exact;
    return rc;
}

/* ---- piecewise motions: the intervals of each piece, joined ---------- */

typedef struct {
    boxtoi_intervals_struct *res;
    boxtoi_intervals_t sub;
    const boxtoi_options *opts;
    const boxtoi_alg_struct *known; /* the first contact, until used */
} piece_walk;

static int piece_intervals(void *arg, const boxtoi_query_t q, long j,
                           int *stop, boxtoi_errinfo *err)
{
    piece_walk *pw = arg;
    boxtoi_intervals_struct *res = pw->res, *sub = pw->sub;
    const boxtoi_alg_struct *known = pw->known;
    long i = 0;
    int rc;

    /* The pieces come in order from q's t0 <= t*: the first one whose
       range reaches t* holds it, as its first contact; the ones before
       have no contact (t* is the first). */
    if (known != NULL && !q->t1_inf && boxtoi_alg_cmp_mpq(known, q->t1) > 0)
        return BOXTOI_OK;
    pw->known = NULL;
    rc = contact_intervals_of(sub, q, known, pw->opts, err);
    (void)j;
    (void)stop;
    if (rc != BOXTOI_OK)
        return rc;
    res->nsections += sub->nsections;
    res->ncandidates += sub->ncandidates;
    res->nisolate += sub->nisolate;
    /* an interval that ends at the break and one that starts there are
       one (continuity: both pieces give the same pose at the break) */
    if (sub->n > 0 && res->n > 0
        && boxtoi_alg_cmp(res->to + res->n - 1, sub->from) == 0) {
        boxtoi_alg_set(res->to + res->n - 1, sub->to);
        i = 1;
    }
    for (; i < sub->n && rc == BOXTOI_OK; i++) {
        rc = contact_intervals_push(res, sub->from + i);
        if (rc == BOXTOI_OK)
            boxtoi_alg_set(res->to + res->n - 1, sub->to + i);
    }
    if (sub->n > 0)
        res->to_inf = sub->to_inf;
    if (rc != BOXTOI_OK)
        return boxtoi_errinfo_set(err, rc, "contact intervals: %s",
                                  boxtoi_strerror(rc));
    return BOXTOI_OK;
}

int contact_intervals_known(boxtoi_intervals_t res, const boxtoi_query_t q,
                            const boxtoi_pmotion_struct *pm1,
                            const boxtoi_pmotion_struct *pm2,
                            const boxtoi_alg_struct *known,
                            const boxtoi_options *opts, boxtoi_errinfo *err)
{
    piece_walk pw;
    int rc;

    if (!used(pm1) && !used(pm2))
        return contact_intervals_of(res, q, known, opts, err);
    contact_intervals_reset(res);
    pw.res = res;
    pw.opts = opts;
    pw.known = known;
    boxtoi_intervals_init(pw.sub);
    rc = contact_pieces_walk(q, pm1, pm2, opts, piece_intervals, &pw, err);
    boxtoi_intervals_clear(pw.sub);
    return rc;
}

int boxtoi_contact_intervals_piecewise(boxtoi_intervals_t res,
                                       const boxtoi_query_t q,
                                       const boxtoi_pmotion_struct *pm1,
                                       const boxtoi_pmotion_struct *pm2,
                                       const boxtoi_options *opts,
                                       boxtoi_errinfo *err)
{
    return contact_intervals_known(res, q, pm1, pm2, NULL, opts, err);
}
