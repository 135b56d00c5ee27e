/* lib/prim/first.c: the exact first contact of a moving point and a
   moving triangle (vertex-face) and of two moving segments (edge-edge).

   Method (doc/algorithm.md §9.2-§9.4): contact at t0 is tested first.
   Otherwise, when the coplanarity polynomial (a cubic, the determinant
   of three edge vectors) is not identically zero, contact can only
   happen at its roots; they are isolated in (t0, t1] and tested in
   increasing order with the inside conditions, exact signs of integer
   polynomials at each root [BPR].  When it vanishes identically the
   first contact after t0 is a point-segment contact (§9.4), found by
   prim_ps_first. */
#include "prim/impl.h"

/* The polynomials of a vertex-face query, built once. */
typedef struct {
    prim_vec ab, bc, ca, ac, pa, pb, pc, n, tmp;
    boxtoi_poly_t f;        /* det[B - A, C - A, P - A] */
    boxtoi_poly_t e[3];     /* ((B-A) x (P-A)).n etc.: |n|^2 times the
                               barycentric weights of C, A, B */
} vf_data;

static void vf_init(vf_data *d)
{
    int k;
    prim_vec *v[9] = {&d->ab, &d->bc, &d->ca, &d->ac, &d->pa, &d->pb,
                      &d->pc, &d->n, &d->tmp};
    for (k = 0; k < 9; k++)
        prim_vec_init(v[k]);
    boxtoi_poly_init(d->f);
    for (k = 0; k < 3; k++)
        boxtoi_poly_init(d->e[k]);
}

/* d's polynomials for the vertices l (d's memory reused: e[] reset to
   zero, which vf_edges reads as "not formed yet"). */
static void vf_set(vf_data *d, const prim_lin *l)
{
    const prim_vec *p = l->v, *a = l->v + 1, *b = l->v + 2, *c = l->v + 3;
    int k;
    for (k = 0; k < 3; k++)
        boxtoi_poly_zero(d->e[k]);
    prim_vec_sub(&d->ab, b, a);
    prim_vec_sub(&d->bc, c, b);
    prim_vec_sub(&d->ca, a, c);
    prim_vec_sub(&d->ac, c, a);
    prim_vec_sub(&d->pa, p, a);
    prim_vec_sub(&d->pb, p, b);
    prim_vec_sub(&d->pc, p, c);
    prim_vec_cross(&d->n, &d->ab, &d->ac);
    prim_vec_dot(d->f, &d->n, &d->pa);
}

/* The inside polynomials, needed only once a root is tested. */
static void vf_edges(vf_data *d)
{
    if (!boxtoi_poly_is_zero(d->e[0]) || !boxtoi_poly_is_zero(d->e[1])
        || !boxtoi_poly_is_zero(d->e[2]) || prim_vec_is_zero(&d->n))
        return;
    prim_vec_cross(&d->tmp, &d->ab, &d->pa);
    prim_vec_dot(d->e[0], &d->tmp, &d->n);
    prim_vec_cross(&d->tmp, &d->bc, &d->pb);
    prim_vec_dot(d->e[1], &d->tmp, &d->n);
    prim_vec_cross(&d->tmp, &d->ca, &d->pc);
    prim_vec_dot(d->e[2], &d->tmp, &d->n);
}

static void vf_clear(vf_data *d)
{
    int k;
    prim_vec *v[9] = {&d->ab, &d->bc, &d->ca, &d->ac, &d->pa, &d->pb,
                      &d->pc, &d->n, &d->tmp};
    for (k = 0; k < 9; k++)
        prim_vec_clear(v[k]);
    boxtoi_poly_clear(d->f);
    for (k = 0; k < 3; k++)
        boxtoi_poly_clear(d->e[k]);
}

/* The sign at tau of (u x v)_a, component a of a cross product, or with
   na not NULL of na - (u x v)_a (tmp: scratch).  With the points
   coplanar at tau and n_a(tau) != 0, an inside quantity c with
   u x v = c n has the sign of this times that of n_a(tau) (§9.7), from
   polynomials of degree 2 instead of 4. */
static int cross_a_sgn(boxtoi_alg_t tau, const prim_vec *u, const prim_vec *v,
                       int a, const boxtoi_poly_struct *na, prim_vec *tmp)
{
    int k = (a + 1) % 3, l = (a + 2) % 3;
    boxtoi_poly_mul(tmp->c, u->c + k, v->c + l);
    boxtoi_poly_submul(tmp->c, u->c + l, v->c + k);
    if (na == NULL)
        return prim_sgn(tau, tmp->c);
    boxtoi_poly_sub(tmp->c + 1, na, tmp->c);
    return prim_sgn(tau, tmp->c + 1);
}

/* The triangle's feature holding P(tau), 0 when P(tau) is not in the
   closed triangle; tau must be a root of f (§9.2). */
static int vf_inside(boxtoi_alg_t tau, vf_data *d, const prim_lin *l,
                     prim_ps *ps, const prim_known *kn)
{
    /* edge k joins vertices k and k + 1 (mod 3) of the triangle */
    static const int ends[3][2] = {{1, 2}, {2, 3}, {3, 1}};
    int k, m, s[3], mask = 0;

    /* the weights' cross products (B-A) x (P-A), (C-B) x (P-B),
       (A-C) x (P-C) */
    const prim_vec *u[3] = {&d->ab, &d->bc, &d->ca};
    const prim_vec *v[3] = {&d->pa, &d->pb, &d->pc};

    if (kn->n_nonzero || !prim_vec_zero_at(tau, &d->n)) {
        if (!kn->n_nonzero)
            vf_edges(d);
        for (k = 0; k < 3; k++) {
            if (kn->q[k] != 0)
                s[k] = kn->q[k];
            else if (kn->n_nonzero)
                s[k] = kn->n_sign
                       * cross_a_sgn(tau, u[k], v[k], kn->axis, NULL, &d->tmp);
            else
                s[k] = prim_sgn(tau, d->e[k]);
            if (s[k] < 0)
                return 0;
        }
        /* e[0] is the weight of C, e[1] of A, e[2] of B */
        return (s[1] > 0 ? 1 : 0) | (s[2] > 0 ? 2 : 0) | (s[0] > 0 ? 4 : 0);
    }
    /* A collapsed triangle is the union of its edges. */
    for (k = 0; k < 3 && mask == 0; k++) {
        m = prim_on_segment(tau, ps, l->v, l->v + ends[k][0],
                            l->v + ends[k][1]);
        if (m & 1)
            mask |= 1 << (ends[k][0] - 1);
        if (m & 2)
            mask |= 1 << (ends[k][1] - 1);
    }
    return mask;
}

/* The polynomials of an edge-edge query. */
typedef struct {
    prim_vec a, c, w, n, tmp;
    boxtoi_poly_t g;        /* det[B - A, D - C, C - A] */
    boxtoi_poly_t s, u, nn; /* s nn = ((C-A) x (D-C)).n, u nn = ... */
} ee_data;

static void ee_init(ee_data *d)
{
    prim_vec_init(&d->a);
    prim_vec_init(&d->c);
    prim_vec_init(&d->w);
    prim_vec_init(&d->n);
    prim_vec_init(&d->tmp);
    boxtoi_poly_init(d->g);
    boxtoi_poly_init(d->s);
    boxtoi_poly_init(d->u);
    boxtoi_poly_init(d->nn);
}

/* d's polynomials for the vertices l (d's memory reused: nn reset to
   zero, which ee_meet reads as "s, u, nn not formed yet"). */
static void ee_set(ee_data *d, const prim_lin *l)
{
    boxtoi_poly_zero(d->nn);
    prim_vec_sub(&d->a, l->v + 1, l->v);
    prim_vec_sub(&d->c, l->v + 3, l->v + 2);
    prim_vec_sub(&d->w, l->v + 2, l->v);
    prim_vec_cross(&d->n, &d->a, &d->c);
    prim_vec_dot(d->g, &d->n, &d->w);
}

static void ee_clear(ee_data *d)
{
    prim_vec_clear(&d->a);
    prim_vec_clear(&d->c);
    prim_vec_clear(&d->w);
    prim_vec_clear(&d->n);
    prim_vec_clear(&d->tmp);
    boxtoi_poly_clear(d->g);
    boxtoi_poly_clear(d->s);
    boxtoi_poly_clear(d->u);
    boxtoi_poly_clear(d->nn);
}

/* Whether the two segments meet at tau, a root of g: 0 if not, else
   the features (mask of AB) | (mask of CD) << 2 (§9.2). */
static int ee_meet(boxtoi_alg_t tau, ee_data *d, const prim_lin *l,
                   prim_ps *ps, const prim_known *kn)
{
    const prim_vec *v = l->v;
    int s0, s1, u0, u1, m;

    if (kn->n_nonzero) {
        /* in the plane of the proved n_a != 0 (§9.7): s n_a = (w x c)_a,
           u n_a = (w x a)_a */
        const boxtoi_poly_struct *na = d->n.c + kn->axis;
        static const int order[4] = {0, 2, 1, 3}; /* s, u, 1 - s, 1 - u */
        int i, k, q[4];
        for (i = 0; i < 4; i++) {
            k = order[i];
            q[k] = kn->q[k] != 0
                       ? kn->q[k]
                       : kn->n_sign
                             * cross_a_sgn(tau, &d->w, k < 2 ? &d->c : &d->a,
                                           kn->axis, k % 2 ? na : NULL,
                                           &d->tmp);
            if (q[k] < 0)
                return 0;
        }
        return (q[1] > 0 ? 1 : 0) | (q[0] > 0 ? 2 : 0) | (q[3] > 0 ? 4 : 0)
               | (q[2] > 0 ? 8 : 0);
    }
    if (!prim_vec_zero_at(tau, &d->n)) {
        if (boxtoi_poly_is_zero(d->nn)) {
            prim_vec_cross(&d->tmp, &d->w, &d->c);
            prim_vec_dot(d->s, &d->tmp, &d->n);
            prim_vec_cross(&d->tmp, &d->w, &d->a);
            prim_vec_dot(d->u, &d->tmp, &d->n);
            prim_vec_dot(d->nn, &d->n, &d->n);
        }
        /* s and u are the parameters on AB and CD times nn > 0 */
        s0 = prim_sgn(tau, d->s);
        if (s0 < 0)
            return 0;
        u0 = prim_sgn(tau, d->u);
        if (u0 < 0)
            return 0;
        boxtoi_poly_sub(d->tmp.c, d->nn, d->s);
        s1 = prim_sgn(tau, d->tmp.c);
        if (s1 < 0)
            return 0;
        boxtoi_poly_sub(d->tmp.c, d->nn, d->u);
        u1 = prim_sgn(tau, d->tmp.c);
        if (u1 < 0)
            return 0;
        return (s1 > 0 ? 1 : 0) | (s0 > 0 ? 2 : 0) | (u1 > 0 ? 4 : 0)
               | (u0 > 0 ? 8 : 0);
    }
    /* Parallel or collapsed: they meet iff an end lies on the other. */
    if ((m = prim_on_segment(tau, ps, v + 2, v, v + 1)) != 0)
        return m | 1 << 2;
    if ((m = prim_on_segment(tau, ps, v + 3, v, v + 1)) != 0)
        return m | 2 << 2;
    if ((m = prim_on_segment(tau, ps, v, v + 2, v + 3)) != 0)
        return 1 | m << 2;
    if ((m = prim_on_segment(tau, ps, v + 1, v + 2, v + 3)) != 0)
        return 2 | m << 2;
    return 0;
}

/* Width 2^-REFINE_BITS of a root's interval before its inside test:
   the MPFR filter of boxtoi_alg_sgn_poly then decides the clearly
   signed quantities without a gcd (only speed depends on it; measured
   on the handcrafted edge-edge files: 19 % fewer instructions than
   testing on the isolating interval as found). */
#define REFINE_BITS 64

/* The query's data and its two predicates, for one search; dbl, when
   not NULL, the query's doubles for the interval inside test; r, the
   coplanarity polynomial's roots (isolated in ps.rw). */
typedef struct {
    int kind;
    prim_lin lin;
    vf_data vf;
    ee_data ee;
    prim_ps ps;
    boxtoi_roots_t r;
    const prim_dbl *dbl;
} search;

static const boxtoi_poly_struct *coplanar_poly(const search *s)
{
    return s->kind == BOXTOI_PRIM_VF ? s->vf.f : s->ee.g;
}

/* Contact features at tau (a root of the coplanarity polynomial), as
   feature[0] | feature[1] << 2; 0 when they do not meet. */
static int meet(boxtoi_alg_t tau, search *s)
{
    /* interior contact, as feature[0] | feature[1] << 2 */
    const int interior = s->kind == BOXTOI_PRIM_VF ? 1 | 7 << 2 : 15;
    prim_known kn = {0, {0, 0, 0, 0}, 0, 0}, k2;
    int m, pass, i;
    /* the interval test of §9.7 first, on tau's interval as found and
       once refined; its answers are proofs, and so are the signs it
       proved when it did not decide, which the exact signs below reuse
       (kn, the union over both passes) */
    for (pass = 0; pass < 2; pass++) {
        if (s->dbl != NULL) {
            m = prim_inside_iv(s->dbl, tau->lo, tau->hi, s->kind, &k2);
            if (m != 0)
                return m > 0 ? interior : 0;
            if (k2.n_nonzero) {
                kn.n_nonzero = 1;
                kn.axis = k2.axis;
                kn.n_sign = k2.n_sign;
            }
            for (i = 0; i < 4; i++)
                kn.q[i] = kn.q[i] != 0 ? kn.q[i] : k2.q[i];
        }
        if (pass > 0 || boxtoi_alg_is_rational_fast(tau))
            break;
        if (!prim_refine_fast(tau))
            boxtoi_alg_refine(tau, REFINE_BITS);
    }
    if (s->kind == BOXTOI_PRIM_VF) {
        m = vf_inside(tau, &s->vf, &s->lin, &s->ps, &kn);
        return m == 0 ? 0 : 1 | m << 2;
    }
    return ee_meet(tau, &s->ee, &s->lin, &s->ps, &kn);
}

/* The least point-segment contact in (t0, t1] (coplanar motion). */
static int degenerate_first(boxtoi_alg_t best, search *s,
                            const boxtoi_prim_query_t q)
{
    /* vertex-face: P against the three edges; edge-edge: each end
       against the other segment (§9.4) */
    static const int vf[3][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}};
    static const int ee[4][3] = {{2, 0, 1}, {3, 0, 1}, {0, 2, 3},
                                 {1, 2, 3}};
    const prim_vec *v = s->lin.v;
    boxtoi_alg_t x;
    int k, n, have = 0, rc;

    boxtoi_alg_init(x);
    n = s->kind == BOXTOI_PRIM_VF ? 3 : 4;
    for (k = 0; k < n; k++) {
        const int *e = s->kind == BOXTOI_PRIM_VF ? vf[k] : ee[k];
        rc = prim_ps_first(x, &s->ps, v + e[0], v + e[1], v + e[2], q->t0,
                           q->t1_inf ? NULL : q->t1);
        if (rc < 0) {
            have = rc;
            break;
        }
        if (rc > 0)
            prim_keep_min(best, &have, x);
    }
    boxtoi_alg_clear(x);
    return have;
}

/* The search proper, on a checked query. */
static int first_exact(boxtoi_prim_result_t res, search *s,
                       const boxtoi_prim_query_t q, boxtoi_errinfo *err)
{
    const boxtoi_poly_struct *f = coplanar_poly(s);
    boxtoi_roots_struct *r = s->r;
    long i;
    int m = 0, rc = BOXTOI_OK;

    /* contact at t0 */
    boxtoi_alg_set_mpq(&res->t, q->t0);
    if (boxtoi_poly_sgn_at_mpq(f, q->t0) == 0 && (m = meet(&res->t, s))) {
        res->initial = 1;
        goto found;
    }
    if (!boxtoi_poly_is_zero(f)) {
        rc = boxtoi_roots_isolate_work(r, f, q->t0,
                                       q->t1_inf ? NULL : q->t1,
                                       BOXTOI_OPEN_LO, s->ps.rw);
        for (i = 0; rc == BOXTOI_OK && i < r->n && m == 0; i++) {
            boxtoi_alg_set_root(&res->t, r, i);
            m = meet(&res->t, s);
        }
        if (rc != BOXTOI_OK)
            return boxtoi_errinfo_set(err, rc, "root isolation failed");
    } else {
        rc = degenerate_first(&res->t, s, q);
        if (rc < 0)
            return boxtoi_errinfo_set(err, BOXTOI_EINTERNAL,
                                      "degenerate case: contact at t0 "
                                      "missed");
        if (rc > 0 && (m = meet(&res->t, s)) == 0)
            return boxtoi_errinfo_set(err, BOXTOI_EINTERNAL,
                                      "degenerate case: no contact at a "
                                      "point-segment contact");
    }
    if (m == 0)
        return BOXTOI_OK;
found:
    res->status = BOXTOI_PRIM_CONTACT;
    res->feature[0] = m & 3;
    res->feature[1] = m >> 2;
    return BOXTOI_OK;
}

int prim_check(const boxtoi_prim_query_t q, boxtoi_errinfo *err)
{
    if (q->kind != BOXTOI_PRIM_VF && q->kind != BOXTOI_PRIM_EE)
        return boxtoi_errinfo_set(err, BOXTOI_EINVAL,
                                  "unknown primitive query kind %d",
                                  q->kind);
    if (!q->t1_inf && mpq_cmp(q->t0, q->t1) > 0)
        return boxtoi_errinfo_set(err, BOXTOI_ERANGE, "t_range: t0 > t1");
    return BOXTOI_OK;
}

/* The memory of a search, for any query (both kinds' polynomials). */
static void search_init(search *s)
{
    prim_lin_init(&s->lin);
    vf_init(&s->vf);
    ee_init(&s->ee);
    prim_ps_init(&s->ps);
    boxtoi_roots_init(s->r);
}

static void search_clear(search *s)
{
    prim_ps_clear(&s->ps);
    boxtoi_roots_clear(s->r);
    vf_clear(&s->vf);
    ee_clear(&s->ee);
    prim_lin_clear(&s->lin);
}

/* s set up for q, its memory reused from earlier queries. */
static void search_set(search *s, const boxtoi_prim_query_t q,
                       const prim_dbl *d)
{
    s->kind = q->kind;
    s->dbl = d;
    prim_lin_set(&s->lin, q);
    if (s->kind == BOXTOI_PRIM_VF)
        vf_set(&s->vf, &s->lin);
    else
        ee_set(&s->ee, &s->lin);
}

void prim_scratch_free(void *scratch)
{
    void (*gfree)(void *, size_t);
    if (scratch == NULL)
        return;
    search_clear(scratch);
    mp_get_memory_functions(NULL, NULL, &gfree);
    gfree(scratch, sizeof(search));
}

/* res's search, made on its first use and kept until
   boxtoi_prim_result_clear, so that a result reused for many queries
   (one per thread) allocates the polynomials' integers once. */
static search *result_search(boxtoi_prim_result_t res)
{
    void *(*galloc)(size_t);
    if (res->scratch == NULL) {
        mp_get_memory_functions(&galloc, NULL, NULL);
        res->scratch = galloc(sizeof(search));
        search_init(res->scratch);
    }
    return res->scratch;
}

int prim_search(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
                const prim_dbl *d, boxtoi_errinfo *err)
{
    search *s;
    int rc;

    prim_result_reset(res, 0);
    rc = prim_check(q, err);
    if (rc != BOXTOI_OK)
        return rc;
    s = result_search(res);
    search_set(s, q, d);
    rc = first_exact(res, s, q, err);
    if (rc == BOXTOI_OK && res->status == BOXTOI_PRIM_CONTACT)
        prim_bounds(res);
    return rc;
}

int prim_contact_at(boxtoi_alg_t t, const boxtoi_prim_query_t q)
{
    search s;
    int m = 0;
    if (q->kind != BOXTOI_PRIM_VF && q->kind != BOXTOI_PRIM_EE)
        return -BOXTOI_EINVAL;
    search_init(&s);
    search_set(&s, q, NULL);
    /* a shared point needs f(t) = 0 (§9.2); meet's precondition */
    if (prim_sgn(t, coplanar_poly(&s)) == 0)
        m = meet(t, &s);
    search_clear(&s);
    return m;
}
