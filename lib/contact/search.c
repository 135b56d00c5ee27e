/* lib/contact/search.c: the first time of contact.

   The contact set {t : all plane inequalities hold} is closed, so its
   least element t* exists when it is non-empty; either t* = t0, or some
   plane polynomial P_k goes from negative to zero at t*, so t* is a root
   of a non-zero P_k in the closed section containing it with every
   P_j(t*) >= 0 (doc/algorithm.md §4).  The search
   tests t0 exactly in rational arithmetic, then walks the sections in
   time order and, in each, the roots of each P_k in (end[s], end[s+1]]
   in increasing order, keeping the least root found feasible.  Signs at
   algebraic times are exact (boxtoi_alg_sgn_poly). */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/linear.h"

/* Contact at t0?  Exact rational evaluation with the true signs. */
static int test_t0(boxtoi_contact_t res, const boxtoi_route_t r,
                   mpq_srcptr t0)
{
    mpq_t val[BOXTOI_NPLANES];
    signed char sg[BOXTOI_NQUANT];
    int zero[BOXTOI_NPLANES];
    int j, k, meet = 1;

    for (j = 0; j < BOXTOI_NPLANES; j++)
        mpq_init(val[j]);
    contact_planes_at_mpq(val[0], t0, r);
    for (j = 0; j < BOXTOI_NPLANES; j++) {
        zero[j] = mpq_sgn(val[j]) == 0;
        if (mpq_sgn(val[j]) < 0)
            meet = 0;
    }
    if (meet) {
        for (k = 0; k < BOXTOI_NQUANT; k++)
            sg[k] = (signed char)boxtoi_poly_sgn_at_mpq(r->quant + k, t0);
        res->status = BOXTOI_CONTACT;
        res->initial = 1;
        boxtoi_alg_set_mpq(&res->t, t0);
        contact_set_features(res, r->e1[0], r->e2[0], sg, zero);
    }
    for (j = 0; j < BOXTOI_NPLANES; j++)
        mpq_clear(val[j]);
    return meet;
}

/* Sign of p at a (refining a, a copy kept by the caller).  An MPFR
   interval evaluation over a's interval decides when it excludes zero
   (a proof); otherwise the exact path of boxtoi_alg_sgn_poly runs.  The
   counts go to res. */
static int sgn_at(boxtoi_contact_t res, boxtoi_alg_t a,
                  const boxtoi_poly_t p)
{
    int sg;
    if (boxtoi_poly_degree(p) < 1)
        return boxtoi_poly_sgn_lc(p);
    if (!boxtoi_alg_is_rational_fast(a)) {
        sg = boxtoi_poly_sgn_on_interval_mpfr(p, a->lo, a->hi, 64);
        if (sg != 0) {
            res->nsign_filtered++;
            return sg;
        }
    }
    res->nsign_exact++;
    return boxtoi_alg_sgn_poly(a, p);
}

/* res = t*, reported independently of the search path: its polynomial
   is the gcd of the square-free best->poly and of every plane vanishing
   at t* (a set fixed by the geometry), and its interval the canonical
   one (boxtoi_alg_canonicalise).  The part of g it shares with the
   relative motion's weight w (a factor of each box's weight, which the
   planes of the rotating directions carry) has no root in a valid
   range: given as the hint, the minimal polynomial is looked for in the
   cofactor, of lower degree (doc/algorithm.md §4.3; the hint is used
   only where its lack of a root on the interval is proved). */
static void set_output_time(boxtoi_alg_t res, boxtoi_alg_t best,
                            const boxtoi_poly_struct *p, const int *zero,
                            const boxtoi_poly_struct *w, boxtoi_poly_t g)
{
    int j;
    boxtoi_poly_set(g, &best->poly);
    for (j = 0; j < BOXTOI_NPLANES; j++)
        if (zero[j] && !boxtoi_poly_is_zero(p + j))
            boxtoi_poly_gcd(g, g, p + j);
    /* g (canonical, from the gcd) divides the square-free best->poly
       and vanishes at t*, so it is square-free, t* is its only root in
       best's interval and a simple one: the interval isolates t* for g
       too, with a sign change at its ends unless it is a point (what
       boxtoi_alg_set_poly_interval would check with a Sturm count) */
    if (boxtoi_poly_degree(g) == 1) {
        contact_set_linear_root(res, g); /* a rational t*: exact */
    } else {
        boxtoi_alg_set(res, best);
        if (boxtoi_poly_degree(g) > 1)
            boxtoi_poly_set(&res->poly, g);
    }
    if (boxtoi_poly_degree(&res->poly) > 1 && boxtoi_poly_degree(w) > 0) {
        boxtoi_poly_gcd(g, &res->poly, w);
        boxtoi_alg_canonicalise_hint(res, g);
    } else {
        boxtoi_alg_canonicalise(res);
    }
}

/* c = the root -c0/c1 of the linear polynomial p = c0 + c1 t, which is
   rational: no Sturm sequence needed. */
static void linear_root(boxtoi_alg_t c, const boxtoi_poly_t p, mpq_t x)
{
    mpz_neg(mpq_numref(x), p->coeffs);
    mpz_set(mpq_denref(x), p->coeffs + 1);
    mpq_canonicalize(x);
    boxtoi_alg_set_mpq(c, x);
}

int boxtoi_contact_search(boxtoi_contact_t res, boxtoi_route_t r,
                          boxtoi_trace_fn trace, void *ctx,
                          boxtoi_errinfo *err)
{
    boxtoi_poly_struct p[BOXTOI_NPLANES];
    boxtoi_roots_t rts;
    boxtoi_poly_t tmp;
    boxtoi_alg_t c, c1, best;
    mpq_t lo, hi, x;
    long s, i, nroots;
    int j, k, linear, single, found = 0, bestk = -1, rc = BOXTOI_OK;

    contact_reset(res);
    if (test_t0(res, r, r->end[0].lo))
        return BOXTOI_OK;
    if (!r->t1_inf && boxtoi_alg_cmp(r->end, r->end + r->nsec) == 0)
        return BOXTOI_OK; /* the range is the single instant t0 */

    for (j = 0; j < BOXTOI_NPLANES; j++)
        boxtoi_poly_init(p + j);
    boxtoi_roots_init(rts);
    boxtoi_poly_init(tmp);
    boxtoi_alg_init(c);
    boxtoi_alg_init(c1);
    boxtoi_alg_init(best);
    mpq_init(lo);
    mpq_init(hi);
    mpq_init(x);
    for (s = 0; s < r->nsec && !found && rc == BOXTOI_OK; s++) {
        int last_inf = r->t1_inf && s + 1 == r->nsec;
        boxtoi_alg_struct *a = r->end + s, *b = r->end + s + 1;
        int cls[BOXTOI_NPLANES], skip = 0;
        res->nsections++;
        boxtoi_route_planes(p, r, s);
        /* candidates: roots in (end[s], end[s+1]], isolated over the
           rational hull [a.lo, b.hi] and compared exactly with the ends */
        mpq_set(lo, a->lo);
        if (!last_inf)
            mpq_set(hi, b->hi);
        /* A plane proved negative on the hull rules the section out; one
           proved positive offers no root and needs no test there. */
        for (j = 0; j < BOXTOI_NPLANES && !skip; j++) {
            cls[j] = contact_sign_on_hull(p + j, lo, last_inf ? NULL : hi,
                                          tmp);
            skip = cls[j] < 0;
        }
        if (skip)
            continue;
        for (k = 0; k < BOXTOI_NPLANES && rc == BOXTOI_OK; k++) {
            if (cls[k] != 0 || boxtoi_poly_degree(p + k) < 1)
                continue; /* no roots in the section to offer */
            if (found && contact_sign_on_hull(p + k, lo, best->hi, tmp) > 0)
                continue; /* no root before the best candidate */
            linear = boxtoi_poly_degree(p + k) == 1;
            single = 0;
            if (linear) {
                nroots = 1;
            } else if (!last_inf
                       && contact_one_root(c1, p + k, lo, hi, tmp)) {
                single = 1; /* one simple root in the hull, no Sturm */
                nroots = 1;
            } else {
                res->nisolate++;
                rc = boxtoi_roots_isolate(rts, p + k, lo,
                                          last_inf ? NULL : hi, 0);
                nroots = rts->n;
            }
            for (i = 0; rc == BOXTOI_OK && i < nroots; i++) {
                boxtoi_trace_event ev;
                if (linear)
                    linear_root(c, p + k, x);
                else if (single)
                    boxtoi_alg_set(c, c1);
                else
                    boxtoi_alg_set_root(c, rts, i);
                if (boxtoi_alg_cmp(c, a) <= 0)
                    continue;
                if (!last_inf && boxtoi_alg_cmp(c, b) > 0)
                    break;
                ev.section = s;
                ev.plane = k;
                ev.t = c;
                ev.by = -1;
                if (found && boxtoi_alg_cmp(c, best) >= 0) {
                    ev.verdict = -1;
                    if (trace != NULL)
                        trace(ctx, &ev);
                    break;
                }
                res->ncandidates++;
                ev.verdict = 1;
                for (j = 0; j < BOXTOI_NPLANES; j++)
                    if (j != k && cls[j] == 0 && sgn_at(res, c, p + j) < 0) {
                        ev.verdict = 0;
                        ev.by = j;
                        break;
                    }
                if (trace != NULL)
                    trace(ctx, &ev);
                if (ev.verdict == 1) {
                    boxtoi_alg_swap(best, c);
                    bestk = k;
                    found = 1;
                    break; /* later roots of P_k are larger */
                }
            }
        }
        if (found && rc == BOXTOI_OK) {
            signed char sg[BOXTOI_NQUANT];
            int zero[BOXTOI_NPLANES];
            for (k = 0; k < BOXTOI_NQUANT; k++)
                sg[k] = (signed char)sgn_at(res, best, r->quant + k);
            for (j = 0; j < BOXTOI_NPLANES; j++)
                zero[j] = j == bestk || sgn_at(res, best, p + j) == 0;
            res->status = BOXTOI_CONTACT;
            set_output_time(&res->t, best, p, zero, r->quant + Q_W, tmp);
            contact_set_features(res, r->e1[0], r->e2[0], sg, zero);
        }
    }
    mpq_clear(lo);
    mpq_clear(hi);
    mpq_clear(x);
    boxtoi_alg_clear(c);
    boxtoi_alg_clear(c1);
    boxtoi_alg_clear(best);
    boxtoi_roots_clear(rts);
    boxtoi_poly_clear(tmp);
    for (j = 0; j < BOXTOI_NPLANES; j++)
        boxtoi_poly_clear(p + j);
    if (rc != BOXTOI_OK)
        return boxtoi_errinfo_set(err, rc, "contact search: %s",
                                  boxtoi_strerror(rc));
    return BOXTOI_OK;
}

/* Solves the query of ctx on its sub-range [w0, w1] (w1 NULL: the
   query's own end), which the interval pre-filter has shown to contain
   the first contact: the route of that range, from the relative motion
   the filter built. */
static int search_window(boxtoi_contact_t res, contact_ctx *ctx,
                         mpq_srcptr w0, mpq_srcptr w1, boxtoi_errinfo *err)
{
    boxtoi_route_t r;
    int rc;
    const boxtoi_query_struct *q = ctx->q;

    if (w1 == NULL && !q->t1_inf)
        w1 = q->t1;
    boxtoi_route_init(r);
    rc = contact_route_build_range(r, ctx, w0, w1, err);
    if (rc == BOXTOI_OK)
        rc = boxtoi_contact_search(res, r, NULL, NULL, err);
    boxtoi_route_clear(r);
    return rc;
}

int boxtoi_contact_first(boxtoi_contact_t res, const boxtoi_query_t q,
                         const boxtoi_options *opts, boxtoi_errinfo *err)
{
    mpq_t w0, w1;
    contact_fast_cert cert;
    contact_ctx ctx;
    motion_checked chk[2];
    int rc, fast;

    /* limits first: checking the validity of a huge query is itself
       the slow part (t/data/regress/001-limits-before-validity) */
    rc = contact_prefetch_check_limits(q, opts, err);
    if (rc == BOXTOI_OK)
        rc = contact_query_check(q, err, chk);
    if (rc != BOXTOI_OK)
        return rc;
    /* Constant orientations moving along lines: a closed form. */
    if (contact_linear(res, q))
        return BOXTOI_OK;
    /* The interval pre-filter proves that there is no contact before w0
       and, when it can, that there is one at w1; the exact search then
       runs on [w0, w1] only, where the least contact time is the same
       (doc/algorithm.md §4). */
    mpq_init(w0);
    mpq_init(w1);
    contact_cert_init(&cert);
    contact_ctx_init(&ctx, q);
    ctx.chk = chk; /* the check's scaled-rotation test, not redone */
    fast = contact_fast_window_cert(w0, w1, &cert, &ctx);
    if (fast == CONTACT_FAST_SEPARATED) {
        contact_reset(res);
    } else if (fast == CONTACT_FAST_BOUNDED
               && contact_certify(res, &ctx, &cert)) {
        /* one plane crosses zero once in a proved window: no route */
    } else if (mpq_equal(w0, q->t0) && contact_ctx_has_rel(&ctx)
               && contact_certify_initial(res, &ctx)) {
        /* the solids meet at t0 (the filter could not prove a gap
           there): the exact test of the search, without the route */
    } else {
        /* the route on the window (the whole range when the filter
           proved nothing) */
        rc = search_window(res, &ctx, w0,
                           fast == CONTACT_FAST_BOUNDED ? w1 : NULL, err);
        /* t0 itself is apart when w0 > t0: a contact at w0 is not
           initial */
        if (rc == BOXTOI_OK && res->status == BOXTOI_CONTACT
            && mpq_cmp(w0, q->t0) > 0)
            res->initial = 0;
        if (rc == BOXTOI_OK && fast == CONTACT_FAST_BOUNDED
            && res->status != BOXTOI_CONTACT)
            rc = boxtoi_errinfo_set(
                err, BOXTOI_EINTERNAL,
                "contact search: no contact in a window where the interval "
                "filter proved one");
    }
    contact_ctx_clear(&ctx);
    contact_cert_clear(&cert);
    mpq_clear(w0);
    mpq_clear(w1);
    return rc;
}
