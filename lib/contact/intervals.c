/* lib/contact/intervals.c: every interval of contact of two boxes.

   Method (doc/algorithm.md §11): in each section of the route the
   solids meet at t iff every plane polynomial P_j(t) >= 0 (§3).  Between
   two consecutive real roots of the planes that are not identically
   zero, no P_j changes sign, so the predicate is constant on each open
   gap between the candidates: the section's ends and the roots of its
   planes inside it.  The walk feeds, in time order, each gap (the
   predicate at one rational inside it) and each candidate to a builder
   that joins the runs of "contact" into maximal closed intervals.  The
   contact set is closed, so a candidate next to a gap in contact is in
   it; only a candidate between two gaps without contact is decided
   exactly at its algebraic t. */
#include <stdlib.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"

/* Width 2^-REFINE_BITS of the candidates' intervals before sorting. */
#define REFINE_BITS 16

void boxtoi_intervals_init(boxtoi_intervals_t res)
{
    res->n = 0;
    res->from = NULL;
    res->to = NULL;
    res->to_inf = 0;
    res->alloc = 0;
    res->nsections = res->ncandidates = res->nisolate = 0;
}

void boxtoi_intervals_clear(boxtoi_intervals_t res)
{
    long i;
    for (i = 0; i < res->alloc; i++) {
        boxtoi_alg_clear(res->from + i);
        boxtoi_alg_clear(res->to + i);
    }
    free(res->from);
    free(res->to);
    boxtoi_intervals_init(res);
}

/* Empties res (keeping its allocation). */
void contact_intervals_reset(boxtoi_intervals_t res)
{
    res->n = 0;
    res->to_inf = 0;
    res->nsections = res->ncandidates = res->nisolate = 0;
}

/* Appends the interval [x, x]. */
int contact_intervals_push(boxtoi_intervals_t res, const boxtoi_alg_t x)
{
    if (res->n == res->alloc) {
        long m = res->alloc > 0 ? 2 * res->alloc : 4, i;
        boxtoi_alg_struct *f, *t;
        f = realloc(res->from, (size_t)m * sizeof *f);
        if (f == NULL)
            return BOXTOI_ENOMEM;
        res->from = f;
        t = realloc(res->to, (size_t)m * sizeof *t);
        if (t == NULL)
            return BOXTOI_ENOMEM;
        res->to = t;
        for (i = res->alloc; i < m; i++) {
            boxtoi_alg_init(res->from + i);
            boxtoi_alg_init(res->to + i);
        }
        res->alloc = m;
    }
    boxtoi_alg_set(res->from + res->n, x);
    boxtoi_alg_set(res->to + res->n, x);
    res->n++;
    return BOXTOI_OK;
}

/* The scratch space of the walk. */
typedef struct {
    boxtoi_poly_struct p[BOXTOI_NPLANES];
    boxtoi_poly_struct canon[BOXTOI_NPLANES]; /* canonical forms */
    int cls[BOXTOI_NPLANES];   /* sign of P_j proved on the section's
                                  hull, 0 when not proved */
    boxtoi_poly_t tmp;
    boxtoi_roots_t rts;
    boxtoi_alg_struct *cand;   /* candidates of a section */
    long ncand, alloc;
    mpq_t x;
} walk;

static int by_value(const void *a, const void *b)
{
    return boxtoi_alg_cmp((const boxtoi_alg_struct *)a,
                          (const boxtoi_alg_struct *)b);
}

/* Do the solids meet at the algebraic x of the section whose planes are
   in w?  Only the planes not proved positive on the hull are tested;
   the sign at x is exact (boxtoi_alg_sgn_poly). */
static int meet_at(walk *w, boxtoi_alg_t x)
{
    int j;
    for (j = 0; j < BOXTOI_NPLANES; j++)
        if (w->cls[j] == 0 && boxtoi_poly_degree(w->p + j) >= 1
            && boxtoi_alg_sgn_poly(x, w->p + j) < 0)
            return 0;
    return 1;
}

static int meet_at_mpq(walk *w, mpq_srcptr x)
{
    int j;
    for (j = 0; j < BOXTOI_NPLANES; j++)
        if (w->cls[j] == 0 && boxtoi_poly_sgn_at_mpq(w->p + j, x) < 0)
            return 0;
    return 1;
}

/* The builder: points and gaps are fed in time order, P G P G ... P
   (the last gap unbounded when the range is).  A point's value is
   decided when the gap after it is known: a point next to a gap in
   contact is in C (C is closed, doc/algorithm.md §11), so the exact
   test runs only for a point between two gaps without contact (an
   isolated instant, or none), and not at all for a point of a section
   ruled out. */
typedef struct {
    boxtoi_intervals_struct *res;
    int open;       /* the last interval of res is still growing */
    int gap;        /* value of the last gap fed (0 before the first) */
    int have_pend;  /* a point waits for the gap after it */
    int pend_dead;  /* it lies in a section ruled out */
    boxtoi_alg_t pend;
} builder;

static void feed_point(builder *b, const boxtoi_alg_t x, int dead)
{
    boxtoi_alg_set(b->pend, x);
    b->have_pend = 1;
    b->pend_dead = dead;
}

/* Decides the pending point, given the value v of the gap after it (0
   when there is none), with the planes of a section containing it. */
static int resolve(builder *b, walk *w, int v)
{
    int in;
    if (!b->have_pend)
        return BOXTOI_OK;
    b->have_pend = 0;
    if (b->gap || v) {
        in = 1;
    } else if (b->pend_dead) {
        in = 0;
    } else {
        b->res->ncandidates++;
        in = meet_at(w, b->pend);
    }
    if (!in) {
        b->open = 0;
    } else if (b->open) {
        boxtoi_alg_set(b->res->to + b->res->n - 1, b->pend);
    } else {
        int rc = contact_intervals_push(b->res, b->pend);
        if (rc != BOXTOI_OK)
            return rc;
        b->open = 1;
    }
    return BOXTOI_OK;
}

static int feed_gap(builder *b, walk *w, int v)
{
    int rc = resolve(b, w, v);
    if (!v)
        b->open = 0;
    b->gap = v;
    return rc;
}

/* m = a rational strictly between x < y (y NULL: +inf). */
static void between(mpq_t m, boxtoi_alg_t x, boxtoi_alg_t y)
{
    if (y != NULL) {
        contact_rational_between(m, x, y);
        return;
    }
    mpq_set_ui(m, 1, 1);
    mpq_add(m, m, x->hi);
}

static int cand_push(walk *w, const boxtoi_roots_t rts, long i)
{
    if (w->ncand == w->alloc) {
        long m = w->alloc > 0 ? 2 * w->alloc : 16, k;
        boxtoi_alg_struct *c = realloc(w->cand, (size_t)m * sizeof *c);
        if (c == NULL)
            return BOXTOI_ENOMEM;
        w->cand = c;
        for (k = w->alloc; k < m; k++)
            boxtoi_alg_init(w->cand + k);
        w->alloc = m;
    }
    boxtoi_alg_set_root(w->cand + w->ncand, rts, i);
    w->ncand++;
    return BOXTOI_OK;
}

/* w->cand = the distinct roots of the undecided planes strictly inside
   the section (a, b) (b NULL: +inf), sorted. */
static int candidates(walk *w, boxtoi_intervals_t res,
                      const boxtoi_alg_t a, const boxtoi_alg_t b)
{
    long i, k, n;
    int j, rc = BOXTOI_OK;

    w->ncand = 0;
    for (j = 0; j < BOXTOI_NPLANES && rc == BOXTOI_OK; j++) {
        int dup = 0, m;
        if (w->cls[j] != 0 || boxtoi_poly_degree(w->p + j) < 1) {
            boxtoi_poly_zero(w->canon + j);
            continue;
        }
        /* planes that are the same polynomial up to a constant factor
           (common: e.g. the two sides of a direction with n_d . D = 0)
           offer the same roots once */
        boxtoi_poly_canonical(w->canon + j, w->p + j);
        for (m = 0; m < j && !dup; m++)
            dup = boxtoi_poly_equal(w->canon + m, w->canon + j);
        if (dup)
            continue;
        res->nisolate++;
        rc = boxtoi_roots_isolate(w->rts, w->p + j, a->lo,
                                  b == NULL ? NULL : b->hi, 0);
        for (i = 0; i < w->rts->n && rc == BOXTOI_OK; i++) {
            n = w->ncand;
            rc = cand_push(w, w->rts, i);
            /* refined once here (as the ends are), the intervals of
               distinct numbers are mostly disjoint, so that the exact
               comparisons below and in the sort rarely refine copies */
            if (rc == BOXTOI_OK)
                boxtoi_alg_refine(w->cand + n, REFINE_BITS);
            if (rc == BOXTOI_OK
                && (boxtoi_alg_cmp(w->cand + n, a) <= 0
                    || (b != NULL && boxtoi_alg_cmp(w->cand + n, b) >= 0)))
                w->ncand--; /* not strictly inside */
        }
    }
    if (rc != BOXTOI_OK)
        return rc;
    if (w->ncand > 1) /* (w->cand may still be NULL) */
        qsort(w->cand, (size_t)w->ncand, sizeof *w->cand, by_value);
    for (i = k = 0; i < w->ncand; i++)
        if (k == 0 || boxtoi_alg_cmp(w->cand + k - 1, w->cand + i) != 0)
            boxtoi_alg_swap(w->cand + k++, w->cand + i);
    w->ncand = k;
    return BOXTOI_OK;
}

/* Feeds section s of r to the builder: its start (for s = 0 only; later
   starts are the previous section's end, still pending), the gaps and
   candidates inside it, and its end. */
static int section(builder *bd, walk *w, boxtoi_route_t r, long s)
{
    int last_inf = r->t1_inf && s + 1 == r->nsec;
    boxtoi_alg_struct *a = r->end + s, *b = last_inf ? NULL : r->end + s + 1;
    boxtoi_alg_struct *prev = a;
    int j, dead = 0, rc = BOXTOI_OK;
    long i;

    bd->res->nsections++;
    boxtoi_route_planes(w->p, r, s);
    /* a plane proved negative on the hull rules the closed section out;
       one proved positive there never needs a test */
    for (j = 0; j < BOXTOI_NPLANES && !dead; j++) {
        w->cls[j] = contact_sign_on_hull(w->p + j, a->lo,
                                         b == NULL ? NULL : b->hi, w->tmp);
        dead = w->cls[j] < 0;
    }
    if (s == 0)
        feed_point(bd, a, dead);
    else
        bd->pend_dead |= dead;
    if (b != NULL && boxtoi_alg_cmp(a, b) == 0)
        return BOXTOI_OK; /* the range is one instant */
    if (dead) {
        rc = feed_gap(bd, w, 0);
        if (b != NULL)
            feed_point(bd, b, 1);
        return rc;
    }
    /* the ends refined once in place: the candidates are compared with
       them exactly, mostly by disjoint intervals then */
    boxtoi_alg_refine(a, REFINE_BITS);
    if (b != NULL)
        boxtoi_alg_refine(b, REFINE_BITS);
    rc = candidates(w, bd->res, a, b);
    for (i = 0; i <= w->ncand && rc == BOXTOI_OK; i++) {
        boxtoi_alg_struct *c = i < w->ncand ? w->cand + i : b;
        between(w->x, prev, c);
        rc = feed_gap(bd, w, meet_at_mpq(w, w->x));
        if (c != NULL)
            feed_point(bd, c, 0);
        prev = c;
    }
    return rc;
}

/* The intervals of the route r into res (emptied first). */
static int intervals_on_route(boxtoi_intervals_t res, boxtoi_route_t r,
                              boxtoi_errinfo *err)
{
    builder bd;
    walk w;
    long s, i;
    int j, rc = BOXTOI_OK;

    bd.res = res;
    bd.open = bd.gap = bd.have_pend = bd.pend_dead = 0;
    boxtoi_alg_init(bd.pend);
    for (j = 0; j < BOXTOI_NPLANES; j++) {
        boxtoi_poly_init(w.p + j);
        boxtoi_poly_init(w.canon + j);
    }
    boxtoi_poly_init(w.tmp);
    boxtoi_roots_init(w.rts);
    w.cand = NULL;
    w.ncand = w.alloc = 0;
    mpq_init(w.x);
    for (s = 0; s < r->nsec && rc == BOXTOI_OK; s++)
        rc = section(&bd, &w, r, s);
    if (rc == BOXTOI_OK && bd.have_pend)
        rc = resolve(&bd, &w, 0); /* t1, with the last section's planes */
    else if (rc == BOXTOI_OK && bd.open)
        res->to_inf = 1; /* contact on the whole unbounded last gap */
    mpq_clear(w.x);
    for (i = 0; i < w.alloc; i++)
        boxtoi_alg_clear(w.cand + i);
    free(w.cand);
    boxtoi_roots_clear(w.rts);
    boxtoi_poly_clear(w.tmp);
    for (j = 0; j < BOXTOI_NPLANES; j++) {
        boxtoi_poly_clear(w.p + j);
        boxtoi_poly_clear(w.canon + j);
    }
    boxtoi_alg_clear(bd.pend);
    if (rc != BOXTOI_OK)
        rc = boxtoi_errinfo_set(err, rc, "contact intervals: %s",
                                boxtoi_strerror(rc));
    return rc;
}

/* Every end made canonical (boxtoi_alg_canonicalise); from[0] is the
   first contact t, already canonical, and an instant's two ends are
   one number, canonicalised once. */
static void canonical_ends(boxtoi_intervals_t res, const boxtoi_alg_t t)
{
    long i;
    for (i = 0; i < res->n; i++) {
        int same = !(res->to_inf && i == res->n - 1)
                   && boxtoi_alg_cmp(res->from + i, res->to + i) == 0;
        if (i == 0)
            boxtoi_alg_set(res->from, t);
        else
            boxtoi_alg_canonicalise(res->from + i);
        if (same)
            boxtoi_alg_set(res->to + i, res->from + i);
        else
            boxtoi_alg_canonicalise(res->to + i);
    }
}

/* The intervals of q, whose first contact is *known when not NULL (then
   only checked, not solved). */
int contact_intervals_of(boxtoi_intervals_t res, const boxtoi_query_t q,
                         const boxtoi_alg_struct *known,
                         const boxtoi_options *opts, boxtoi_errinfo *err)
{
    boxtoi_contact_t first;
    boxtoi_route_t r;
    contact_ctx ctx;
    mpq_t w0;
    int rc;

    contact_intervals_reset(res);
    /* The first contact t* (which checks the query) with its filters and
       closed forms: without it there is nothing to list, and before it
       there is no contact, so the route starts at a rational w0 <= t*,
       the lower end of t*'s interval (doc/algorithm.md §11). */
    boxtoi_contact_init(first);
    if (known != NULL) {
        /* the same checks, in the same order, as boxtoi_contact_first */
        rc = contact_check_limits(q, opts, err);
        if (rc == BOXTOI_OK)
            rc = boxtoi_query_check(q, err);
        first->status = BOXTOI_CONTACT;
        boxtoi_alg_set(&first->t, known);
    } else {
        rc = boxtoi_contact_first(first, q, opts, err);
    }
    if (rc != BOXTOI_OK || first->status != BOXTOI_CONTACT) {
        boxtoi_contact_clear(first);
        return rc;
    }
    mpq_init(w0);
    mpq_set(w0, mpq_cmp(first->t.lo, q->t0) > 0 ? first->t.lo : q->t0);
    contact_ctx_init(&ctx, q);
    boxtoi_route_init(r);
    rc = contact_route_build_range(r, &ctx, w0, q->t1_inf ? NULL : q->t1,
                                   err);
    if (rc == BOXTOI_OK)
        rc = intervals_on_route(res, r, err);
    if (rc == BOXTOI_OK
        && (res->n == 0 || boxtoi_alg_cmp(res->from, &first->t) != 0))
        rc = boxtoi_errinfo_set(err, BOXTOI_EINTERNAL,
                                "contact intervals: the first interval does "
                                "not start at the first contact");
    if (rc == BOXTOI_OK)
        canonical_ends(res, &first->t);
    boxtoi_route_clear(r);
    contact_ctx_clear(&ctx);
    mpq_clear(w0);
    boxtoi_contact_clear(first);
    return rc;
}

int boxtoi_contact_intervals(boxtoi_intervals_t res, const boxtoi_query_t q,
                             const boxtoi_options *opts, boxtoi_errinfo *err)
{
    return contact_intervals_of(res, q, NULL, opts, err);
}
