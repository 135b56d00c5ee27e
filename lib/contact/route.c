/* lib/contact/route.c: the route of box 2 relative to box 1, cut into
   homogeneous sections.

   Box 1 is made static and axis-aligned by M = adj(M1) M2 (the inverse
   up to the scalar det M1, which cancels in homogeneous coordinates).
   The topology of the Minkowski-sum boundary is fixed by the signs of
   the entries of A and adj(A); their roots inside the range are the
   seed's octant switches, and between them every sign is constant
   (doc/algorithm.md §2-§3; notes/math.md §3). */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/motion/impl.h"
#include "lib/contact/impl.h"
#include "lib/contact/kernel-gmp.h"

void boxtoi_route_init(boxtoi_route_t r)
{
    int k;
    boxtoi_motion_init(&r->rel);
    for (k = 0; k < BOXTOI_NQUANT; k++)
        boxtoi_poly_init(r->quant + k);
    for (k = 0; k < 18; k++)
        boxtoi_poly_init(r->sw + k);
    for (k = 0; k < 3; k++) {
        mpz_init(r->e1[k]);
        mpz_init(r->e2[k]);
        boxtoi_poly_init(r->d + k);
    }
    for (k = 0; k < BOXTOI_NDIRS; k++)
        boxtoi_poly_init(r->ndot + k);
    r->nsec = 0;
    r->t1_inf = 0;
    r->end = NULL;
    r->sample = NULL;
    r->sign = NULL;
}

static void route_free_sections(boxtoi_route_t r)
{
    long s;
    if (r->end == NULL)
        return;
    for (s = 0; s < r->nsec + 1; s++)
        boxtoi_alg_clear(r->end + s);
    for (s = 0; s < r->nsec; s++)
        mpq_clear(r->sample + s);
    free(r->end);
    free(r->sample);
    free(r->sign);
    r->end = NULL;
    r->sample = NULL;
    r->sign = NULL;
    r->nsec = 0;
}

void boxtoi_route_clear(boxtoi_route_t r)
{
    int k;
    route_free_sections(r);
    boxtoi_motion_clear(&r->rel);
    for (k = 0; k < BOXTOI_NQUANT; k++)
        boxtoi_poly_clear(r->quant + k);
    for (k = 0; k < 18; k++)
        boxtoi_poly_clear(r->sw + k);
    for (k = 0; k < 3; k++) {
        mpz_clear(r->e1[k]);
        mpz_clear(r->e2[k]);
        boxtoi_poly_clear(r->d + k);
    }
    for (k = 0; k < BOXTOI_NDIRS; k++)
        boxtoi_poly_clear(r->ndot + k);
}

/* Room for nsec sections (nsec + 1 ends). */
static int route_alloc_sections(boxtoi_route_t r, long nsec)
{
    long s;
    route_free_sections(r);
    r->end = malloc((size_t)(nsec + 1) * sizeof *r->end);
    r->sample = malloc((size_t)nsec * sizeof *r->sample);
    r->sign = malloc((size_t)nsec * sizeof *r->sign);
    if (r->end == NULL || r->sample == NULL || r->sign == NULL) {
        free(r->end);
        free(r->sample);
        free(r->sign);
        r->end = NULL;
        r->sample = NULL;
        r->sign = NULL;
        return BOXTOI_ENOMEM;
    }
    for (s = 0; s < nsec + 1; s++)
        boxtoi_alg_init(r->end + s);
    for (s = 0; s < nsec; s++)
        mpq_init(r->sample + s);
    r->nsec = nsec;
    return BOXTOI_OK;
}

/* The quantities, the switch polynomials, D and every direction's
   n_d . D (doc/algorithm.md §3.2), by the plane kernel (kernel.h, kp);
   R_d depends on the section's signs and is made by
   boxtoi_route_planes. */
static void route_polys(boxtoi_route_t r, const boxtoi_query_t q)
{
    boxtoi_poly_t g, t, a2[9], adj2[9];
    mpz_t l, s1[3], s2[3];
    kp_ctx kc;
    int i, j, k;

    boxtoi_poly_init(g);
    boxtoi_poly_init(t);
    mpz_init(l);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            boxtoi_poly_set(r->quant + Q_A(i, j), r->rel.e + 4 * i + j);
    boxtoi_poly_set(r->quant + Q_W, r->rel.e + 15);
    kp_quantities(NULL, r->quant, NULL);

    /* Switch polynomials from A' = A / gcd(A entries): the gcd has no
       root in the range (there it would make det A vanish), so A' and
       adj(A') = adj(A) / g^2 change sign exactly where A and adj(A) do,
       with smaller degrees. */
    boxtoi_poly_zero(g);
    for (k = 0; k < 9; k++)
        boxtoi_poly_gcd(g, g, r->quant + k);
    for (k = 0; k < 9; k++) {
        boxtoi_poly_init(a2[k]);
        boxtoi_poly_init(adj2[k]);
        if (boxtoi_poly_divexact(a2[k], r->quant + k, g) != BOXTOI_OK)
            boxtoi_poly_set(a2[k], r->quant + k);
    }
    kp_adj3(NULL, adj2[0], a2[0]);
    for (k = 0; k < 9; k++) {
        boxtoi_poly_canonical(r->sw + k, a2[k]);
        boxtoi_poly_canonical(r->sw + 9 + k, adj2[k]);
    }
    /* For a rigid motion adj(A') = s A'^T with s a scalar polynomial
       without roots in the range, so adj(A')_ij vanishes exactly where
       A'_ji does: divide out gcd(adj(A')_ij, A'_ji), whose roots are
       already A'_ji's, so that each switch time is found once. */
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            boxtoi_poly_struct *sa = r->sw + 9 + 3 * i + j;
            if (boxtoi_poly_degree(sa) < 1
                || boxtoi_poly_degree(r->sw + 3 * j + i) < 1)
                continue;
            boxtoi_poly_gcd(g, sa, r->sw + 3 * j + i);
            if (boxtoi_poly_degree(g) >= 1
                && boxtoi_poly_divexact(t, sa, g) == BOXTOI_OK)
                boxtoi_poly_swap(sa, t);
        }
    for (k = 0; k < 9; k++) {
        boxtoi_poly_clear(a2[k]);
        boxtoi_poly_clear(adj2[k]);
    }

    for (k = 0; k < 3; k++) {
        mpz_init(s1[k]);
        mpz_init(s2[k]);
    }
    contact_box_data(l, r->e1[0], r->e2[0], s1[0], s2[0], q);
    /* D = 2 L b + A S2 - w S1 = 2 L w (c2 - c1) and n_d . D */
    mpz_mul_2exp(l, l, 1);
    kp_ctx_init(&kc, NULL);
    kp_dvec(&kc, r->d, r->rel.e + 3, 4, r->quant, l, s1[0], s2[0], 7);
    kp_ctx_clear(&kc);
    for (k = 0; k < BOXTOI_NDIRS; k++)
        kp_ndot(NULL, r->ndot + k, k, r->quant, r->d);
    for (k = 0; k < 3; k++) {
        mpz_clear(s1[k]);
        mpz_clear(s2[k]);
    }
    mpz_clear(l);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(t);
}

/* Sorted distinct octant-switch times in the open range (t0, t1): the
   real roots of the switch polynomials.  A polynomial equal to an
   earlier one, or proved one-signed on the closed range (MPFR or
   Descartes, contact_sign_on_hull), offers nothing; the others are
   isolated, and a root equal to one already found (exact comparison;
   e.g. A'_ij and adj(A')_ji vanish together for rigid motions) is
   dropped.  On success *out holds n algebraic numbers (caller clears
   and frees). */
static int switch_times(boxtoi_alg_struct **out, long *nout,
                        const boxtoi_route_t r, mpq_srcptr t0, mpq_srcptr t1)
{
    boxtoi_poly_t tmp;
    boxtoi_roots_t rts;
    boxtoi_alg_struct *v = NULL, t;
    long n = 0, alloc = 0, i, j;
    int k, l, c, dup, rc = BOXTOI_OK;

    boxtoi_poly_init(tmp);
    boxtoi_roots_init(rts);
    for (k = 0; k < 18 && rc == BOXTOI_OK; k++) {
        if (boxtoi_poly_degree(r->sw + k) < 1)
            continue; /* identically zero or constant: never switches */
        for (l = 0, dup = 0; l < k && !dup; l++)
            dup = boxtoi_poly_equal(r->sw + k, r->sw + l);
        if (dup || contact_sign_on_hull(r->sw + k, t0, t1, tmp) != 0)
            continue;
        rc = boxtoi_roots_isolate(rts, r->sw + k, t0, t1,
                                  BOXTOI_OPEN_LO | BOXTOI_OPEN_HI);
        for (i = 0; rc == BOXTOI_OK && i < rts->n; i++) {
            if (n == alloc) {
                boxtoi_alg_struct *nv;
                alloc = alloc ? 2 * alloc : 16;
                nv = realloc(v, (size_t)alloc * sizeof *v);
                if (nv == NULL) {
                    rc = BOXTOI_ENOMEM;
                    break;
                }
                v = nv;
            }
            boxtoi_alg_init(v + n);
            boxtoi_alg_set_root(v + n, rts, i);
            /* insertion into the sorted list, dropping a repeat */
            for (j = n, c = 1; j > 0; j--) {
                c = boxtoi_alg_cmp(v + j - 1, v + j);
                if (c <= 0)
                    break;
                t = v[j - 1];
                v[j - 1] = v[j];
                v[j] = t;
            }
            if (c == 0 && j > 0) {
                /* v[j] repeats v[j-1]: remove it */
                boxtoi_alg_clear(v + j);
                memmove(v + j, v + j + 1, (size_t)(n - j) * sizeof *v);
                continue;
            }
            n++;
        }
    }
    boxtoi_poly_clear(tmp);
    boxtoi_roots_clear(rts);
    if (rc != BOXTOI_OK) {
        for (i = 0; i < n; i++)
            boxtoi_alg_clear(v + i);
        free(v);
        return rc;
    }
    *out = v;
    *nout = n;
    return BOXTOI_OK;
}

void contact_rational_between(mpq_t x, boxtoi_alg_t a, boxtoi_alg_t b)
{
    long bits = 8;
    while (mpq_cmp(a->hi, b->lo) >= 0) {
        boxtoi_alg_refine(a, bits);
        boxtoi_alg_refine(b, bits);
        bits *= 2;
    }
    mpq_add(x, a->hi, b->lo);
    mpq_div_2exp(x, x, 1);
}

int boxtoi_route_build(boxtoi_route_t r, const boxtoi_query_t q,
                       const boxtoi_options *opts, boxtoi_errinfo *err)
{
    contact_ctx ctx;
    int rc;

    /* limits first: checking the validity of a huge query is itself
       the slow part (t/data/regress/001-limits-before-validity) */
    rc = contact_check_limits(q, opts, err);
    if (rc == BOXTOI_OK)
        rc = boxtoi_query_check(q, err);
    if (rc != BOXTOI_OK)
        return rc;
    contact_ctx_init(&ctx, q);
    rc = contact_route_build_range(r, &ctx, q->t0, q->t1_inf ? NULL : q->t1,
                                   err);
    contact_ctx_clear(&ctx);
    return rc;
}

int contact_route_build_range(boxtoi_route_t r, contact_ctx *ctx,
                              mpq_srcptr t0, mpq_srcptr t1,
                              boxtoi_errinfo *err)
{
    boxtoi_alg_struct *sw = NULL;
    long nsw = 0, s, i;
    int rc, k, point = t1 != NULL && mpq_equal(t0, t1);

    boxtoi_motion_set(&r->rel, contact_ctx_rel(ctx));
    route_polys(r, ctx->q);
    r->t1_inf = t1 == NULL;
    if (point) {
        nsw = 0; /* a single instant: one degenerate section */
    } else {
        rc = switch_times(&sw, &nsw, r, t0, t1);
        if (rc != BOXTOI_OK)
            return boxtoi_errinfo_set(err, rc, "while dividing the route: %s",
                                      boxtoi_strerror(rc));
    }
    rc = route_alloc_sections(r, nsw + 1);
    if (rc != BOXTOI_OK) {
        for (i = 0; i < nsw; i++)
            boxtoi_alg_clear(sw + i);
        free(sw);
        return boxtoi_errinfo_set(err, rc, "route: out of memory");
    }
    boxtoi_alg_set_mpq(r->end, t0);
    for (i = 0; i < nsw; i++) {
        boxtoi_alg_swap(r->end + 1 + i, sw + i);
        boxtoi_alg_clear(sw + i);
    }
    free(sw);
    if (t1 != NULL)
        boxtoi_alg_set_mpq(r->end + r->nsec, t1);
    for (s = 0; s < r->nsec; s++) {
        if (point)
            mpq_set(r->sample + s, t0);
        else if (s + 1 == r->nsec && t1 == NULL) {
            /* any rational beyond the last end */
            mpq_set_ui(r->sample + s, 1, 1);
            mpq_add(r->sample + s, r->sample + s, r->end[s].hi);
        } else
            contact_rational_between(r->sample + s, r->end + s, r->end + s + 1);
        for (k = 0; k < BOXTOI_NQUANT; k++)
            r->sign[s][k] =
                (signed char)boxtoi_poly_sgn_at_mpq(r->quant + k,
                                                    r->sample + s);
    }
    return BOXTOI_OK;
}
