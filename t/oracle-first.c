/* t/oracle-first.c: the oracle's candidate times and first contact.

   The candidates are the roots in (t0, t1] of every polynomial that is
   not identically zero among the vertex/face-plane polynomials F of
   both frames and the edge/edge coplanarity polynomials; the oracle
   tests t0, then the distinct candidates in increasing order, with the
   static test of t/oracle.c.  Why this finds the least contact time is
   argued at the top of t/oracle.c; see also doc/algorithm.md §4. */
#include <stdlib.h>
#include "oracle-impl.h"
#include "tap.h"

typedef struct {
    boxtoi_poly_struct *p;
    long n, alloc;
} plist;

/* Adds the square-free part of p unless p is identically zero (it
   carries no time), constant, or already present. */
static void plist_add(plist *l, const boxtoi_poly_t p)
{
    long i;
    if (boxtoi_poly_degree(p) < 1)
        return;
    if (l->n == l->alloc) {
        l->alloc = 2 * l->alloc + 16;
        l->p = realloc(l->p, l->alloc * sizeof *l->p);
        if (l->p == NULL)
            bail("oracle: out of memory");
    }
    boxtoi_poly_init(l->p + l->n);
    boxtoi_poly_squarefree_part(l->p + l->n, p);
    for (i = 0; i < l->n; i++)
        if (boxtoi_poly_equal(l->p + i, l->p + l->n))
            break;
    if (i < l->n)
        boxtoi_poly_clear(l->p + l->n);
    else
        l->n++;
}

/* The coplanarity polynomials det(e_i, X_b - X_a, X_a - W P1) of every
   box-1 edge line (direction e_i through P1) with every box-2 edge a-b,
   in box 1's frame (scaled by the common denominator of box 1). */
static void add_coplanarity(plist *l, const oracle_frame *fr,
                            const boxtoi_box_struct *b1)
{
    boxtoi_poly_t u[3], v[3], det;
    mpz_t d, c;
    int i, e, a, m, sj, sk, n;
    for (i = 0; i < 3; i++) {
        boxtoi_poly_init(u[i]);
        boxtoi_poly_init(v[i]);
    }
    boxtoi_poly_init(det);
    mpz_init(d);
    mpz_init(c);
    mpz_set_ui(d, 1);
    for (i = 0; i < 3; i++) {
        mpz_lcm(d, d, mpq_denref(b1->min[i]));
        mpz_lcm(d, d, mpq_denref(b1->max[i]));
    }
    for (e = 0; e < 3; e++)          /* box-2 edge direction */
        for (a = 0; a < 8; a++) {    /* box-2 edge a - (a | 1 << e) */
            if ((a >> e) & 1)
                continue;
            for (m = 0; m < 3; m++)
                boxtoi_poly_sub(u[m], &fr->X[a | (1 << e)][m],
                                &fr->X[a][m]);
            for (i = 0; i < 3; i++)  /* box-1 edge direction e_i */
                for (n = 0; n < 4; n++) {
                    int j = (i + 1) % 3, k = (i + 2) % 3;
                    sj = n & 1;
                    sk = n >> 1;
                    for (m = 0; m < 2; m++) {
                        int ax = m ? k : j;
                        mpq_srcptr p = oracle_bound(b1, ax, m ? sk : sj);
                        /* v = d X_a - (d P1) W on axes j, k */
                        mpz_divexact(c, d, mpq_denref(p));
                        mpz_mul(c, c, mpq_numref(p));
                        boxtoi_poly_scalar_mul_mpz(v[ax], &fr->W, c);
                        boxtoi_poly_scalar_mul_mpz(det, &fr->X[a][ax], d);
                        boxtoi_poly_sub(v[ax], det, v[ax]);
                    }
                    /* det(e_i, u, v) = u_j v_k - u_k v_j (cyclic i, j, k) */
                    boxtoi_poly_mul(det, u[j], v[k]);
                    boxtoi_poly_submul(det, u[k], v[j]);
                    plist_add(l, det);
                }
        }
    for (i = 0; i < 3; i++) {
        boxtoi_poly_clear(u[i]);
        boxtoi_poly_clear(v[i]);
    }
    boxtoi_poly_clear(det);
    mpz_clear(d);
    mpz_clear(c);
}

static int cmp_alg(const void *a, const void *b)
{
    return boxtoi_alg_cmp((const boxtoi_alg_struct *)a,
                          (const boxtoi_alg_struct *)b);
}

int oracle_first_contact_stats(int *has_contact, boxtoi_alg_t t,
                               const boxtoi_query_t q, int flags,
                               oracle_stats *stats)
{
    mpq_srcptr t0 = q->t0, t1 = q->t1_inf ? NULL : q->t1;
    plist l = {NULL, 0, 0};
    boxtoi_alg_struct *cand = NULL;
    long ncand = 0, alloc = 0, i, j, ntested = 0;
    boxtoi_roots_t r;
    oracle_ctx c;
    int b, k, f, v, s, rc = BOXTOI_OK;

    *has_contact = 0;
    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++)
            if (mpq_cmp(q->box[b].min[k], q->box[b].max[k]) > 0)
                return BOXTOI_EINVAL;
    if ((t1 != NULL && mpq_cmp(t0, t1) > 0)
        || !oracle_motion_ok(&q->motion[0], t0, t1)
        || !oracle_motion_ok(&q->motion[1], t0, t1))
        return BOXTOI_EINVAL;
    oracle_ctx_init(&c);
    c.fast = !(flags & ORACLE_PURE);
    if (!oracle_ctx_build(&c, q))
        bail("oracle: frame of a checked motion");
    /* W has no root on the range: its sign is the one at t0 */
    c.fr[0].sw = boxtoi_poly_sgn_at_mpq(&c.fr[0].W, t0);
    c.fr[1].sw = boxtoi_poly_sgn_at_mpq(&c.fr[1].W, t0);
    oracle_ctx_set_mpq(&c, t0);
    if (oracle_meet(&c)) {
        *has_contact = 1;
        boxtoi_alg_set_mpq(t, t0);
        goto done;
    }
    if (t1 != NULL && mpq_equal(t0, t1))
        goto done;

    for (f = 0; f < 2; f++)
        for (v = 0; v < 8; v++)
            for (k = 0; k < 3; k++)
                for (s = 0; s < 2; s++)
                    plist_add(&l, &c.fr[f].F[v][k][s]);
    add_coplanarity(&l, &c.fr[0], &q->box[0]);

    boxtoi_roots_init(r);
    for (i = 0; i < l.n && rc == BOXTOI_OK; i++) {
        rc = boxtoi_roots_isolate(r, l.p + i, t0, t1, BOXTOI_OPEN_LO);
        for (j = 0; j < r->n && rc == BOXTOI_OK; j++) {
            if (ncand == alloc) {
                alloc = 2 * alloc + 32;
                cand = realloc(cand, alloc * sizeof *cand);
                if (cand == NULL)
                    bail("oracle: out of memory");
            }
            boxtoi_alg_init(cand + ncand);
            boxtoi_alg_set_root(cand + ncand, r, j);
            boxtoi_alg_refine(cand + ncand, 32); /* quick comparisons */
            ncand++;
        }
    }
    boxtoi_roots_clear(r);
    if (rc != BOXTOI_OK)
        goto done;
    if (ncand > 1)
        qsort(cand, (size_t)ncand, sizeof *cand, cmp_alg);
    for (i = 0; i < ncand; i++) {
        if (i > 0 && boxtoi_alg_cmp(cand + i - 1, cand + i) == 0)
            continue;
        ntested++;
        oracle_ctx_set_alg(&c, cand + i);
        if (oracle_meet(&c)) {
            *has_contact = 1;
            boxtoi_alg_set(t, cand + i);
            break;
        }
    }
done:
    if (stats != NULL) {
        stats->npolys = l.n;
        stats->ncandidates = ntested;
    }
    for (i = 0; i < l.n; i++)
        boxtoi_poly_clear(l.p + i);
    free(l.p);
    for (i = 0; i < ncand; i++)
        boxtoi_alg_clear(cand + i);
    free(cand);
    oracle_ctx_clear(&c);
    return rc;
}

int oracle_first_contact(int *has_contact, boxtoi_alg_t t,
                         const boxtoi_query_t q)
{
    return oracle_first_contact_stats(has_contact, t, q, 0, NULL);
}
