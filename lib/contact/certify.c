/* lib/contact/certify.c: the first time of contact from one exact plane
   polynomial, without the route.

   The interval pre-filter (fast.c) may end with a certificate window
   [a, b]: no contact on [t0, a), and on all of [a, b] every plane but
   those of one direction d proved positive (or identically zero with a
   zero direction), and one of d's two planes proved positive too.
   Then contact at t in [a, b] is P(t) >= 0 for the last plane P alone.
   If P(a) < 0 < P(b) exactly and Descartes' rule gives P exactly one
   root r in (a, b), the first contact is r: P < 0 on [a, r), so no
   contact there, and every plane is >= 0 at r.  Only d's quantities,
   D and w are computed exactly, from the reduced relative motion of
   the route (so P is the route's plane polynomial, up to a constant
   factor, in the section holding r: the quantities of d keep one sign
   on [a, b] or vanish identically, which is proved too: by the
   enclosures of the filter's evaluation on [a, b], which were computed
   from the same motion rel, else exactly).  At r only P
   vanishes, so the reported time, tight planes and features are those
   the search would give (doc/algorithm.md §4.1-§4.3).  Any step that
   cannot prove its claim returns 0 and the caller runs the search.
   Reference: doc/algorithm.md §3.2, §4.2; [BPR] Descartes' law of
   signs. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/alg/impl.h"
#include "lib/contact/kernel-gmp.h"
#include "lib/contact/kernel-p128.h"

/* Sign of p on the whole closed [a, b]: 0 for the zero polynomial,
   +-1 when proved, 2 when not proved (p may vanish there). */
static int hull_sign(const boxtoi_poly_t p, mpq_srcptr a, mpq_srcptr b,
                     boxtoi_poly_t tmp)
{
    int s;
    if (boxtoi_poly_is_zero(p))
        return 0;
    s = contact_sign_on_hull(p, a, b, tmp);
    return s != 0 ? s : 2;
}

#ifdef BOXTOI_HAVE_I128
/* The planes 2d and 2d + 1 of contact_certify (pl0 = R - N,
   pl1 = R + N) by the plane kernel in 128-bit integers (kernel.h, kq),
   where the relative motion and the box data are small: the same
   polynomials as planes_gmp without GMP's allocations (measured: most
   of the time of building them).  sg holds the proved signs of the
   quantities d needs.  Returns 0 (pl unspecified) as soon as a number
   does not fit; the GMP instance then runs.  rel: the relative motion
   in 128 bits; rp[0], rp[1] receive the two planes in 128 bits too. */
static int planes_small(boxtoi_poly_struct *pl0, boxtoi_poly_struct *pl1,
                        poly_i128 rp[2], const poly_i128 *rel,
                        const contact_boxz *bz, int d,
                        const signed char *sg, const int *need)
{
    poly_i128 qv[BOXTOI_NQUANT], dm[3], nn, rr, l2, s1[3], s2[3];
    poly_i128 e1[3], e2[3];
    kq_ctx kc;
    int k, mask = kq_dmask(d);

    kc.bad = 0;
    kc.sg = sg;
    for (k = 0; k < 9; k++)
        qv[k] = rel[4 * (k / 3) + k % 3];
    qv[Q_W] = rel[15];
    kq_quantities(&kc, qv, need);
    kq_const(&kc, &l2, bz->l);
    if (l2.len == 0) /* (l >= 1) */
        return 0;
    l2.c[0] *= 2;
    l2.bits++;
    /* the box data that direction d reads, as constants */
    for (k = 0; k < 3; k++) {
        poly_i128_zero(s1 + k);
        poly_i128_zero(e1 + k);
        poly_i128_zero(e2 + k);
        kq_const(&kc, s2 + k, bz->s2[k]);
        if (mask >> k & 1) {
            kq_const(&kc, s1 + k, bz->s1[k]);
            kq_const(&kc, e1 + k, bz->e1[k]);
        }
        if (contact_dirs[d].na[k].c != 0)
            kq_const(&kc, e2 + k, bz->e2[k]);
    }
    kq_dvec(&kc, dm, rel + 3, 4, qv, &l2, s1, s2, mask);
    kq_ndot(&kc, &nn, d, qv, dm);
    kq_radius(&kc, &rr, d, qv, e1, e2);
    rp[0] = rr;
    kq_addmul(&kc, rp, &nn, &kq_one, -1);
    kq_addmul(&kc, &rr, &nn, &kq_one, 1);
    if (kc.bad)
        return 0;
    rp[1] = rr;
    poly_i128_get_poly(pl0, rp);
    poly_i128_get_poly(pl1, rp + 1);
    return 1;
}
#endif

/* The planes 2d and 2d + 1 of contact_certify (pl0 = R - N,
   pl1 = R + N) by the plane kernel with GMP (kernel.h, kp), from the
   relative motion of ctx: the reference of planes_small, and the way
   when a number does not fit in 128 bits.  sg receives the signs of the
   quantities d needs (need), each proved on [a, b] by the filter
   (cert->qsg) or exactly here.  Returns 0 when a sign cannot be proved
   (pl unspecified). */
static int planes_gmp(boxtoi_poly_struct *pl0, boxtoi_poly_struct *pl1,
                      signed char *sg, contact_ctx *ctx,
                      const contact_fast_cert *cert, mpq_srcptr a, int d,
                      const int *need)
{
    const boxtoi_motion_struct *rel = contact_ctx_rel(ctx);
    const contact_boxz *bz = contact_ctx_boxz(ctx);
    boxtoi_poly_struct qp[BOXTOI_NQUANT], dm[3];
    boxtoi_poly_t rr, nn;
    kp_ctx kc;
    mpz_t l2;
    int k, m, s, ok = 0;

    /* A and w: read-only copies of rel's entries; the others computed */
    for (k = 0; k < BOXTOI_NQUANT; k++)
        if (k < 9)
            qp[k] = rel->e[4 * (k / 3) + k % 3];
        else if (k == Q_W)
            qp[k] = rel->e[15];
        else
            boxtoi_poly_init(qp + k);
    for (m = 0; m < 3; m++)
        boxtoi_poly_init(dm + m);
    boxtoi_poly_init(rr);
    boxtoi_poly_init(nn);
    mpz_init(l2);
    kp_ctx_init(&kc, sg);
    kp_quantities(&kc, qp, need);
    /* The quantities of d and w, each of one proved sign on [a, b] or
       identically zero (then its sign is 0 everywhere, as at the
       route's sample points): the interval filter's proof on the
       window, or an exact one. */
    for (k = 0; k < BOXTOI_NQUANT; k++) {
        if (!need[k])
            continue;
        s = cert->qsg[k] == 1 || cert->qsg[k] == -1
                ? cert->qsg[k]
                : hull_sign(qp + k, a, cert->b, kc.t);
        if (s == 2)
            goto out;
        sg[k] = (signed char)s;
    }
    if (sg[Q_W] == 0)
        goto out; /* cannot happen: w has no root in the range */
    mpz_mul_2exp(l2, bz->l, 1);
    kp_dvec(&kc, dm, rel->e + 3, 4, qp, l2, bz->s1[0], bz->s2[0],
            kp_dmask(d));
    kp_ndot(&kc, nn, d, qp, dm);
    kp_radius(&kc, rr, d, qp, bz->e1[0], bz->e2[0]);
    boxtoi_poly_sub(pl0, rr, nn); /* plane 2d */
    boxtoi_poly_add(pl1, rr, nn); /* plane 2d + 1 */
    ok = 1;
out:
    kp_ctx_clear(&kc);
    mpz_clear(l2);
    boxtoi_poly_clear(rr);
    boxtoi_poly_clear(nn);
    for (m = 0; m < 3; m++)
        boxtoi_poly_clear(dm + m);
    for (k = 9; k < BOXTOI_NQUANT; k++)
        if (k != Q_W)
            boxtoi_poly_clear(qp + k);
    return ok;
}

/* c = the root r of the plane P of direction d in (a, b), where
   P(a) < 0 < P(b): rational when P is linear; otherwise Descartes' rule
   proves r the single root, simple, and c gets P's square-free part
   (else returns 0: maybe several roots, the search decides).  With
   P = v G1 and v | G1 (box 2's faces, g1 = G1 given), P's factors are
   G1's and its roots in (a, b) too (v has w's proved sign there): G1,
   of lower degree, serves for both.  With a cofactor cof of P (P / v,
   v without a root in [a, b]) that changes sign on [a, b], c gets
   cof's primitive part instead, which alg_canonicalise_cofactor_hints
   would put in place of the square-free part anyway
   (alg_set_cofactor_root), and 2 is returned. */
static int single_root(boxtoi_alg_t c, const boxtoi_poly_struct *p,
                       const boxtoi_poly_struct *g1,
                       const boxtoi_poly_struct *cof, int d,
                       contact_ctx *ctx, mpq_srcptr a, mpq_srcptr b)
{
    boxtoi_poly_t tmp;
    int ok = 1;
    if (boxtoi_poly_degree(p) == 1) {
        contact_set_linear_root(c, p);
        return 1;
    }
    boxtoi_poly_init(tmp);
    if (cof != NULL && alg_set_cofactor_root(c, cof, a, b)) {
        ok = boxtoi_roots_descartes(g1 != NULL ? g1 : p, a, b, tmp) == 1 ? 2
                                                                         : 0;
    } else if (g1 == NULL && d >= 3 && d < 6) {
        /* P may carry w^2 (contact_certify): its square-free part by
           exact division, boxtoi_poly_squarefree_part_hint */
        ok = boxtoi_roots_descartes(p, a, b, tmp) == 1;
        if (ok) {
            boxtoi_poly_squarefree_part_hint(&c->poly, p,
                                             contact_ctx_rel(ctx)->e + 15);
            mpq_set(c->lo, a);
            mpq_set(c->hi, b);
        }
    } else {
        ok = contact_one_root_signed(c, g1 != NULL ? g1 : p, a, b, tmp);
    }
    boxtoi_poly_clear(tmp);
    return ok;
}

#ifdef BOXTOI_HAVE_I128
/* Factors the certified plane's cofactor may still carry, divided out
   by the minimal polynomial only when the cheaper proofs of its
   irreducibility fail and only where they have no root in the
   interval (proved there; doc/algorithm.md §4.3): the boxes' weights
   (hints 0 and 1), and for an edge-edge direction e_i x a_j (d >= 6)
   the entries A_kj, k != i (hints 2 and 3), the normal's components,
   whose common factor divides every term of the plane (the edges are
   parallel at its roots; measured: the sextics of the slowest
   certified rotating queries are such a quadratic times the quartic of
   t*, doc/performance.md). */
typedef struct {
    const boxtoi_query_struct *q;
    const poly_i128 *rel;
    int d;
} cofactor_hints;

static void cofactor_hint(boxtoi_poly_t res, int i, void *ctx)
{
    const cofactor_hints *ch = ctx;
    int i0 = (ch->d - 6) / 3;
    if (i < 2) {
        boxtoi_poly_set(res, ch->q->motion[i].e + 15);
        return;
    }
    /* the rows k != i0, in order */
    i = i - 2 + (i - 2 >= i0);
    poly_i128_get_poly(res, ch->rel + 4 * i + (ch->d - 6) % 3);
}
#endif

int contact_certify(boxtoi_contact_t res, contact_ctx *ctx,
                    contact_fast_cert *cert)
{
    const boxtoi_query_struct *q = ctx->q;
    const contact_boxz *bz;
    boxtoi_poly_t pl[2], u;
    boxtoi_alg_t c;
    signed char sg[BOXTOI_NQUANT];
    int need[BOXTOI_NQUANT], zero[BOXTOI_NPLANES];
    const contact_lin *nv, *na;
    mpq_t a;
    int d, j, k, m, ok = 0, pk = -1, sa[2], small, ncof = 0, took;
#ifdef BOXTOI_HAVE_I128
    poly_i128 rp[2], v, g[2];
    const poly_i128 *relrm = NULL;
#endif

    if (cert->plane < 0)
        return 0;
    d = cert->plane / 2;
    mpq_init(a);
    /* the window starts at t0 at the earliest (a is a double <= t0
       when nothing was proved on the left) */
    mpq_set(a, mpq_cmp(cert->a, q->t0) < 0 ? q->t0 : cert->a);
    if (mpq_cmp(a, cert->b) >= 0) {
        mpq_clear(a);
        return 0;
    }
    for (k = 0; k < BOXTOI_NQUANT; k++) {
        need[k] = 0;
        sg[k] = 0;
    }
    boxtoi_poly_init(pl[0]);
    boxtoi_poly_init(pl[1]);
    boxtoi_poly_init(u);
    boxtoi_alg_init(c);

    bz = contact_ctx_boxz(ctx);
    nv = contact_dirs[d].nv;
    na = contact_dirs[d].na;
    need[Q_W] = 1;
    for (m = 0; m < 3; m++) {
        if (nv[m].c != 0 && nv[m].q != Q_ONE)
            need[(int)nv[m].q] = 1;
        if (na[m].c != 0 && na[m].q != Q_ONE)
            need[(int)na[m].q] = 1;
    }
    small = 0;
#ifdef BOXTOI_HAVE_I128
    /* the filter's signs for all the quantities d needs: the planes in
       128-bit integers when they fit */
    small = 1;
    for (k = 0; k < BOXTOI_NQUANT; k++)
        if (need[k]) {
            if (cert->qsg[k] == 1 || cert->qsg[k] == -1)
                sg[k] = cert->qsg[k];
            else
                small = 0;
        }
    /* (a relative motion that did not fit in 128 bits gives planes that
       do not either) */
    if (small && (relrm = contact_ctx_rel_i128(ctx)) != NULL) {
        small = planes_small(pl[0], pl[1], rp, relrm, bz, d, sg, need);
    } else {
        small = 0;
    }
#endif
    cert->gmp_planes = !small;
    if (!small
        && !planes_gmp(pl[0], pl[1], sg, ctx, cert, a, d, need))
        goto done;
    /* The pre-filter proved one of the two positive on [a, b] (its
       orientation may differ from the route's by a sign): the other one
       is P, and it must be negative at a. */
    sa[0] = boxtoi_poly_sgn_at_mpq(pl[0], a);
    sa[1] = boxtoi_poly_sgn_at_mpq(pl[1], a);
    if (sa[0] < 0 && sa[1] > 0)
        pk = 0;
    else if (sa[1] < 0 && sa[0] > 0)
        pk = 1;
    else
        goto done;
    if (boxtoi_poly_sgn_at_mpq(pl[pk], cert->b) <= 0)
        goto done;
#ifdef BOXTOI_HAVE_I128
    /* The planes of directions 3-14 carry the factor w (a face of box 2
       has the normal row k of adj(A), and a rotation block A = w R has
       adj(A) = w A^T): P = v^2 G for box 2's faces and P = v G for
       the edge-edge directions, v the primitive part of w (G of degree
       6 on the tumbling workload, doc/performance.md).  G1 = P / v and G2 = G1 / v
       by exact divisions in 128 bits, when they succeed. */
    if (small && d >= 3 && poly_i128_primitive(&v, relrm + 15) && v.len > 1
        && poly_i128_divexact(g, rp + pk, &v)) {
        ncof = 1;
        if (d < 6 && poly_i128_divexact(g + 1, g, &v))
            ncof = 2;
    }
    /* Otherwise P may carry the weight of one box alone (v = w1 w2 for
       two turning boxes, each w_b = |q_b|^2 for a quaternion, with P
       divisible by one of them): G = P / v_b, v_b the primitive part of
       box b's w, which has no root in the range (the motion check) and
       so none in [a, b]: G holds r, and its minimal polynomial is
       found from G (degree 4 where P has 6) rather than by factoring
       P (doc/algorithm.md §4.2) */
    for (k = 0; small && ncof == 0 && k < 2; k++)
        if (poly_i128_set_poly(g + 1, q->motion[k].e + 15)
            && poly_i128_primitive(&v, g + 1) && v.len > 1
            && poly_i128_divexact(g, rp + pk, &v))
            ncof = 1;
#endif
#ifdef BOXTOI_HAVE_I128
    if (ncof > 0)
        poly_i128_get_poly(u, g + (ncof - 1));
#endif
    /* G vanishes at r (v has w's sign on [a, b], proved): c's
       polynomial is G's primitive part when G changes sign there */
    took = single_root(c, pl[pk], ncof == 2 ? u : NULL, ncof > 0 ? u : NULL,
                       d, ctx, a, cert->b);
    if (took == 0)
        goto done;
    /* The reported time (search.c, set_output_time): only P vanishes at
       r, so the gcd of the vanishing planes is P's canonical square-free
       part, which c already holds with an isolating interval (with
       lo < hi, of degree >= 2, or exact: normalised as alg.h wants), or
       the factor G of it that holds r (took == 2). */
    contact_reset(res);
    boxtoi_alg_swap(&res->t, c);
    /* the test for a rational time runs on G rather than on v G */
#ifdef BOXTOI_HAVE_I128
    if (ncof > 0) {
        /* Factors the cofactor may still carry (cofactor_hint) */
        cofactor_hints ch;
        ch.q = q;
        ch.rel = relrm;
        ch.d = d;
        if (took == 2) /* c's polynomial is G's primitive part */
            alg_canonicalise_cofactor_rest(&res->t, u, d >= 6 ? 4 : 2,
                                           cofactor_hint, &ch);
        else
            alg_canonicalise_cofactor_hints(&res->t, u, d >= 6 ? 4 : 2,
                                            cofactor_hint, &ch);
    } else
#endif
        boxtoi_alg_canonicalise_hint(
            &res->t, d >= 3 ? contact_ctx_rel(ctx)->e + 15 : NULL);
    res->status = BOXTOI_CONTACT;
    res->initial = 0;
    res->ncandidates = 1;
    for (j = 0; j < BOXTOI_NPLANES; j++)
        zero[j] = j == 2 * d + pk;
    contact_set_features(res, bz->e1[0], bz->e2[0], sg, zero);
    ok = 1;

done:
    boxtoi_alg_clear(c);
    boxtoi_poly_clear(pl[0]);
    boxtoi_poly_clear(pl[1]);
    boxtoi_poly_clear(u);
    mpq_clear(a);
    return ok;
}

/* Contact at t0, from the relative motion alone (no route): the exact
   planes at t0 (contact_meet_at); their zeros and the quantities' signs
   are those of the route, so the features are those test_t0 of
   search.c reports. */
int contact_certify_initial(boxtoi_contact_t res, contact_ctx *ctx)
{
    signed char sg[BOXTOI_NQUANT];
    int zero[BOXTOI_NPLANES];
    const contact_boxz *bz = contact_ctx_boxz(ctx);
    int meet = contact_meet_at(sg, zero, contact_ctx_rel(ctx), bz,
                               ctx->q->t0) == 1;
    if (meet) {
        contact_reset(res);
        res->status = BOXTOI_CONTACT;
        res->initial = 1;
        boxtoi_alg_set_mpq(&res->t, ctx->q->t0);
        contact_set_features(res, bz->e1[0], bz->e2[0], sg, zero);
    }
    return meet;
}
