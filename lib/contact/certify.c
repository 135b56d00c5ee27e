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

/* res = quantity qi (doc/algorithm.md §3.2) of the relative motion rel:
   A_ij, adj(A)_ij (the formula of route.c's adj3), w or det A. */
static void quantity(boxtoi_poly_t res, const boxtoi_motion_struct *rel,
                     int qi, boxtoi_poly_t u)
{
    const boxtoi_poly_struct *a[9];
    int k;
    for (k = 0; k < 9; k++)
        a[k] = rel->e + 4 * (k / 3) + k % 3;
    if (qi < 9) {
        boxtoi_poly_set(res, a[qi]);
    } else if (qi < 18) {
        int i = (qi - 9) / 3, j = (qi - 9) % 3;
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        boxtoi_poly_mul(res, a[3 * j1 + i1], a[3 * j2 + i2]);
        boxtoi_poly_mul(u, a[3 * j1 + i2], a[3 * j2 + i1]);
        boxtoi_poly_sub(res, res, u);
    } else if (qi == Q_W) {
        boxtoi_poly_set(res, rel->e + 15);
    } else {
        /* det A = sum_j A_0j adj(A)_j0, as route.c */
        boxtoi_poly_t v;
        boxtoi_poly_init(v);
        boxtoi_poly_zero(res);
        for (k = 0; k < 3; k++) {
            quantity(v, rel, Q_ADJ(k, 0), u);
            boxtoi_poly_addmul(res, a[k], v);
        }
        boxtoi_poly_clear(v);
    }
}

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
/* k = z as a constant polynomial, if |z| < 2^62. */
static int rm_const(poly_i128 *k, mpz_srcptr z)
{
    poly_i128_zero(k);
    if (mpz_sgn(z) == 0)
        return 1;
    if (!boxtoi_mpz_get_i128(k->c, z, 62))
        return 0;
    k->len = 1;
    k->bits = poly_i128_bits(k);
    return 1;
}

/* The planes 2d and 2d + 1 of contact_certify (pl0 = R - N,
   pl1 = R + N, term by term as the GMP code below) in 128-bit
   integers, where the relative motion and the box data are small:
   the same polynomials without GMP's allocations (measured: most of
   the time of building them).  sg holds the proved signs of the
   quantities d needs.  Returns 0 (pl unspecified) as soon as a number
   does not fit; the GMP code then runs.  rel: the relative motion in
   128 bits; rp[0], rp[1] receive the two planes in 128 bits too. */
static int planes_small(boxtoi_poly_struct *pl0, boxtoi_poly_struct *pl1,
                        poly_i128 rp[2], const poly_i128 *rel,
                        const contact_boxz *bz, const contact_lin nv[3],
                        const contact_lin na[3], const signed char *sg,
                        const int *need)
{
    poly_i128 qv[Q_ONE], dm, u, nn, rr, k, l2;
    const poly_i128 *a[9], *b[3], *w = rel + 15;
    int i, j, m, s;

    for (i = 0; i < 9; i++)
        a[i] = rel + 4 * (i / 3) + i % 3;
    for (m = 0; m < 3; m++)
        b[m] = rel + 4 * m + 3;
    /* the quantities d needs (quantity() below) */
    for (i = 0; i < Q_ONE; i++) {
        if (!need[i])
            continue;
        if (i < 9) {
            qv[i] = *a[i];
        } else if (i < 18) {
            int r = (i - 9) / 3, c = (i - 9) % 3;
            int c1 = (c + 1) % 3, c2 = (c + 2) % 3;
            int r1 = (r + 1) % 3, r2 = (r + 2) % 3;
            if (!poly_i128_mul(qv + i, a[3 * c1 + r1], a[3 * c2 + r2])
                || !poly_i128_addmul(qv + i, a[3 * c1 + r2],
                                      a[3 * c2 + r1], -1))
                return 0;
        } else if (i == Q_W) {
            qv[i] = *w;
        } else { /* det A = sum_j A_0j adj(A)_j0 */
            poly_i128_zero(qv + i);
            for (j = 0; j < 3; j++) {
                int c1 = 1, c2 = 2, r1 = (j + 1) % 3, r2 = (j + 2) % 3;
                poly_i128 x;
                if (!poly_i128_mul(&x, a[3 * c1 + r1], a[3 * c2 + r2])
                    || !poly_i128_addmul(&x, a[3 * c1 + r2],
                                          a[3 * c2 + r1], -1)
                    || !poly_i128_addmul(qv + i, a[j], &x, 1))
                    return 0;
            }
        }
    }
    /* N = sum_m nv_m D_m, D_m = 2 l b_m + sum_j A_mj s2_j - w s1_m */
    if (!rm_const(&l2, bz->l) || l2.len == 0) /* (l >= 1) */
        return 0;
    l2.c[0] *= 2;
    l2.bits++;
    poly_i128_zero(&nn);
    for (m = 0; m < 3; m++) {
        if (nv[m].c == 0)
            continue;
        if (!poly_i128_mul(&dm, b[m], &l2))
            return 0;
        for (j = 0; j < 3; j++)
            if (!rm_const(&k, bz->s2[j])
                || !poly_i128_addmul(&dm, a[3 * m + j], &k, 1))
                return 0;
        if (!rm_const(&k, bz->s1[m]) || !poly_i128_addmul(&dm, w, &k, -1))
            return 0;
        if (nv[m].q == Q_ONE) {
            poly_i128_zero(&k);
            k.len = 1;
            k.c[0] = 1;
            k.bits = 1;
            if (!poly_i128_addmul(&nn, &dm, &k, nv[m].c))
                return 0;
        } else if (!poly_i128_addmul(&nn, qv + nv[m].q, &dm, nv[m].c)) {
            return 0;
        }
    }
    /* R = sum_m e1_m |w nv_m| + sum_m e2_m |na_m|, signs resolved */
    poly_i128_zero(&rr);
    for (m = 0; m < 3; m++) {
        if (nv[m].c == 0 || mpz_sgn(bz->e1[m]) == 0)
            continue;
        if (!rm_const(&k, bz->e1[m]))
            return 0;
        if (nv[m].q == Q_ONE) {
            s = sg[Q_W];
            u = *w;
        } else {
            s = sg[Q_W] * sg[(int)nv[m].q];
            if (!poly_i128_mul(&u, w, qv + nv[m].q))
                return 0;
        }
        if (s != 0 && !poly_i128_addmul(&rr, &u, &k, s))
            return 0;
    }
    for (m = 0; m < 3; m++) {
        if (na[m].c == 0 || mpz_sgn(bz->e2[m]) == 0)
            continue;
        s = sg[(int)na[m].q];
        if (s != 0
            && (!rm_const(&k, bz->e2[m])
                || !poly_i128_addmul(&rr, qv + na[m].q, &k, s)))
            return 0;
    }
    /* pl[0] = R - N, pl[1] = R + N */
    poly_i128_zero(&k);
    k.len = 1;
    k.c[0] = 1;
    k.bits = 1;
    u = rr;
    if (!poly_i128_addmul(&u, &nn, &k, -1)
        || !poly_i128_addmul(&rr, &nn, &k, 1))
        return 0;
    rp[0] = u;
    rp[1] = rr;
    poly_i128_get_poly(pl0, &u);
    poly_i128_get_poly(pl1, &rr);
    return 1;
}
#endif

/* The planes 2d and 2d + 1 of contact_certify (pl0 = R - N,
   pl1 = R + N) with GMP, from the relative motion of ctx: the reference
   of planes_small, and the way when a number does not fit in 128 bits.
   sg receives the signs of the quantities d needs (need), each proved
   on [a, b] by the filter (cert->qsg) or exactly here.  Returns 0 when
   a sign cannot be proved (pl unspecified). */
static int planes_gmp(boxtoi_poly_struct *pl0, boxtoi_poly_struct *pl1,
                      signed char *sg, contact_ctx *ctx,
                      const contact_fast_cert *cert, mpq_srcptr a,
                      const contact_lin *nv, const contact_lin *na,
                      const int *need)
{
    const boxtoi_motion_struct *rel = contact_ctx_rel(ctx);
    const contact_boxz *bz = contact_ctx_boxz(ctx);
    boxtoi_poly_struct qp[BOXTOI_NQUANT], dm[3];
    boxtoi_poly_t rr, nn, u, tmp;
    int j, k, m, s, ok = 0;

    for (k = 0; k < BOXTOI_NQUANT; k++)
        boxtoi_poly_init(qp + k);
    for (m = 0; m < 3; m++)
        boxtoi_poly_init(dm + m);
    boxtoi_poly_init(rr);
    boxtoi_poly_init(nn);
    boxtoi_poly_init(u);
    boxtoi_poly_init(tmp);
    /* The quantities of d and w, each of one proved sign on [a, b] or
       identically zero (then its sign is 0 everywhere, as at the
       route's sample points). */
    for (k = 0; k < BOXTOI_NQUANT; k++) {
        if (!need[k])
            continue;
        quantity(qp + k, rel, k, u);
        /* the interval filter's proof on the window, or an exact one */
        s = cert->qsg[k] == 1 || cert->qsg[k] == -1
                ? cert->qsg[k]
                : hull_sign(qp + k, a, cert->b, tmp);
        if (s == 2)
            goto out;
        sg[k] = (signed char)s;
    }
    if (sg[Q_W] == 0)
        goto out; /* cannot happen: w has no root in the range */
    /* D_m = 2 l b_m + sum_j A_mj s2_j - w s1_m (route.c), for the m
       that n_d . D uses, and n_d . D */
    boxtoi_poly_zero(nn);
    for (m = 0; m < 3; m++) {
        if (nv[m].c == 0)
            continue;
        boxtoi_poly_scalar_mul_mpz(dm + m, rel->e + 4 * m + 3, bz->l);
        boxtoi_poly_scalar_mul_si(dm + m, dm + m, 2);
        for (j = 0; j < 3; j++) {
            boxtoi_poly_scalar_mul_mpz(u, rel->e + 4 * m + j, bz->s2[j]);
            boxtoi_poly_add(dm + m, dm + m, u);
        }
        boxtoi_poly_scalar_mul_mpz(u, rel->e + 15, bz->s1[m]);
        boxtoi_poly_sub(dm + m, dm + m, u);
        if (nv[m].q == Q_ONE)
            boxtoi_poly_set(u, dm + m);
        else
            boxtoi_poly_mul(u, qp + nv[m].q, dm + m);
        if (nv[m].c > 0)
            boxtoi_poly_add(nn, nn, u);
        else
            boxtoi_poly_sub(nn, nn, u);
    }
    /* R_d with the absolute values resolved by the proved signs, term by
       term as route.c builds and planes.c sums them */
    boxtoi_poly_zero(rr);
    for (m = 0; m < 3; m++) {
        if (nv[m].c == 0 || mpz_sgn(bz->e1[m]) == 0)
            continue;
        if (nv[m].q == Q_ONE) {
            boxtoi_poly_set(u, qp + Q_W);
            s = sg[Q_W];
        } else {
            boxtoi_poly_mul(u, qp + Q_W, qp + nv[m].q);
            s = sg[Q_W] * sg[(int)nv[m].q];
        }
        boxtoi_poly_scalar_mul_mpz(u, u, bz->e1[m]);
        if (s > 0)
            boxtoi_poly_add(rr, rr, u);
        else if (s < 0)
            boxtoi_poly_sub(rr, rr, u);
    }
    for (m = 0; m < 3; m++) {
        if (na[m].c == 0 || mpz_sgn(bz->e2[m]) == 0)
            continue;
        boxtoi_poly_scalar_mul_mpz(u, qp + na[m].q, bz->e2[m]);
        s = sg[(int)na[m].q];
        if (s > 0)
            boxtoi_poly_add(rr, rr, u);
        else if (s < 0)
            boxtoi_poly_sub(rr, rr, u);
    }
    boxtoi_poly_sub(pl0, rr, nn); /* plane 2d */
    boxtoi_poly_add(pl1, rr, nn); /* plane 2d + 1 */
    ok = 1;
out:
    boxtoi_poly_clear(rr);
    boxtoi_poly_clear(nn);
    boxtoi_poly_clear(u);
    boxtoi_poly_clear(tmp);
    for (m = 0; m < 3; m++)
        boxtoi_poly_clear(dm + m);
    for (k = 0; k < BOXTOI_NQUANT; k++)
        boxtoi_poly_clear(qp + k);
    return ok;
}

/* c = the root r of the plane P of direction d in (a, b), where
   P(a) < 0 < P(b): rational when P is linear; otherwise Descartes' rule
   proves r the single root, simple, and c gets P's square-free part
   (else returns 0: maybe several roots, the search decides).  With
   P = v G1 and v | G1 (box 2's faces, g1 = G1 given), P's factors are
   G1's and its roots in (a, b) too (v has w's proved sign there): G1,
   of lower degree, serves for both. */
static int single_root(boxtoi_alg_t c, const boxtoi_poly_struct *p,
                       const boxtoi_poly_struct *g1, int d,
                       contact_ctx *ctx, mpq_srcptr a, mpq_srcptr b)
{
    boxtoi_poly_t tmp;
    int ok = 1;
    if (boxtoi_poly_degree(p) == 1) {
        contact_set_linear_root(c, p);
        return 1;
    }
    boxtoi_poly_init(tmp);
    if (g1 == NULL && d >= 3 && d < 6) {
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
    int d, j, k, m, ok = 0, pk = -1, sa[2], small, ncof = 0;
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
        small = planes_small(pl[0], pl[1], rp, relrm, bz, nv, na, sg,
                             need);
    } else {
        small = 0;
    }
#endif
    cert->gmp_planes = !small;
    if (!small
        && !planes_gmp(pl[0], pl[1], sg, ctx, cert, a, nv, na, need))
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
#endif
#ifdef BOXTOI_HAVE_I128
    if (ncof == 2)
        poly_i128_get_poly(u, g);
#endif
    if (!single_root(c, pl[pk], ncof == 2 ? u : NULL, d, ctx, a, cert->b))
        goto done;
    /* The reported time (search.c, set_output_time): only P vanishes at
       r, so the gcd of the vanishing planes is P's canonical square-free
       part, which c already holds with an isolating interval (with
       lo < hi, of degree >= 2, or exact: normalised as alg.h wants). */
    contact_reset(res);
    boxtoi_alg_swap(&res->t, c);
    /* G vanishes at r (v has w's sign on [a, b], proved): the test for
       a rational time runs on it rather than on v G */
#ifdef BOXTOI_HAVE_I128
    if (ncof > 0) {
        poly_i128_get_poly(u, g + (ncof - 1));
        boxtoi_alg_canonicalise_cofactor(&res->t, u);
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
