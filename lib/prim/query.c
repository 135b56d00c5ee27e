/* lib/prim/query.c: initialisation of primitive queries and results,
   and the contact point of a result (doc/algorithm.md §9.6). */
#include "prim/impl.h"

void boxtoi_prim_query_init(boxtoi_prim_query_t q)
{
    int k, i, j;
    q->kind = BOXTOI_PRIM_VF;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++)
                mpq_init(q->x[k][i][j]);
    mpq_init(q->t0);
    mpq_init(q->t1);
    mpq_set_ui(q->t1, 1, 1);
    q->t1_inf = 0;
}

void boxtoi_prim_query_clear(boxtoi_prim_query_t q)
{
    int k, i, j;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++)
                mpq_clear(q->x[k][i][j]);
    mpq_clear(q->t0);
    mpq_clear(q->t1);
}

void boxtoi_prim_result_init(boxtoi_prim_result_t res)
{
    res->status = BOXTOI_PRIM_NO_CONTACT;
    boxtoi_alg_init(&res->t);
    res->initial = 0;
    res->feature[0] = res->feature[1] = 0;
    res->filtered = 0;
    res->pending = 0;
    res->t_lo = res->t_hi = 0.0;
    res->scratch = NULL;
}

void prim_result_reset(boxtoi_prim_result_t res, int filtered)
{
    res->status = BOXTOI_PRIM_NO_CONTACT;
    res->initial = 0;
    res->filtered = filtered;
    res->pending = 0;
    res->feature[0] = res->feature[1] = 0;
}

void boxtoi_prim_result_clear(boxtoi_prim_result_t res)
{
    boxtoi_alg_clear(&res->t);
    prim_scratch_free(res->scratch);
    res->scratch = NULL;
}

/* res = x0 + t (x1 - x0) at the algebraic t: with d = x1 - x0 != 0,
   the root of p((x - x0) / d) (p t's polynomial, a linear change of
   variable keeps it square-free) in the image of t's interval. */
static void linear_image(boxtoi_alg_t res, mpq_srcptr x0, mpq_srcptr x1,
                         boxtoi_alg_t t)
{
    boxtoi_poly_t p, q;
    mpq_t d, lo, hi, r;
    int rc;

    mpq_init(d);
    mpq_init(r);
    mpq_sub(d, x1, x0);
    if (mpq_sgn(d) == 0 || boxtoi_alg_get_mpq(r, t)) {
        mpq_mul(r, r, d);
        mpq_add(r, r, x0);
        boxtoi_alg_set_mpq(res, r);
        mpq_clear(r);
        mpq_clear(d);
        return;
    }
    boxtoi_poly_init(p);
    boxtoi_poly_init(q);
    mpq_init(lo);
    mpq_init(hi);
    mpq_inv(r, d);
    boxtoi_poly_scale_mpq(p, &t->poly, r);   /* p(y) ~ poly(y / d) */
    mpq_neg(r, x0);
    boxtoi_poly_taylor_shift_mpq(q, p, r);  /* q(x) ~ p(x - x0) */
    boxtoi_poly_canonical(q, q);
    mpq_mul(lo, t->lo, d);
    mpq_add(lo, lo, x0);
    mpq_mul(hi, t->hi, d);
    mpq_add(hi, hi, x0);
    if (mpq_cmp(lo, hi) > 0)
        mpq_swap(lo, hi);
    rc = boxtoi_alg_set_poly_interval(res, q, lo, hi);
    BOXTOI_ASSERT(rc == BOXTOI_OK);
    (void)rc;
    mpq_clear(hi);
    mpq_clear(lo);
    boxtoi_poly_clear(q);
    boxtoi_poly_clear(p);
    mpq_clear(r);
    mpq_clear(d);
}

/* v = position of vertex i at the rational t. */
static void vertex_at(mpq_t v[3], const boxtoi_prim_query_t q, int i,
                      mpq_srcptr t)
{
    int j;
    for (j = 0; j < 3; j++) {
        mpq_sub(v[j], q->x[1][i][j], q->x[0][i][j]);
        mpq_mul(v[j], v[j], t);
        mpq_add(v[j], v[j], q->x[0][i][j]);
    }
}

/* The crossing point of the segments at a rational t, where they are
   not parallel: A + s (B - A), s = ((C-A) x (D-C)).n / n.n with
   n = (B-A) x (D-C) (§9.2). */
static void crossing_at(boxtoi_alg_struct pt[3], const boxtoi_prim_query_t q,
                        mpq_srcptr t)
{
    mpq_t v[4][3], a[3], c[3], w[3], n[3], x[3], s, nn, tmp;
    int i, j;

    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            mpq_init(v[i][j]);
    for (j = 0; j < 3; j++) {
        mpq_init(a[j]);
        mpq_init(c[j]);
        mpq_init(w[j]);
        mpq_init(n[j]);
        mpq_init(x[j]);
    }
    mpq_init(s);
    mpq_init(nn);
    mpq_init(tmp);
    for (i = 0; i < 4; i++)
        vertex_at(v[i], q, i, t);
    for (j = 0; j < 3; j++) {
        mpq_sub(a[j], v[1][j], v[0][j]);
        mpq_sub(c[j], v[3][j], v[2][j]);
        mpq_sub(w[j], v[2][j], v[0][j]);
    }
    for (j = 0; j < 3; j++) {
        int k = (j + 1) % 3, l = (j + 2) % 3;
        mpq_mul(n[j], a[k], c[l]);
        mpq_mul(tmp, a[l], c[k]);
        mpq_sub(n[j], n[j], tmp);
        mpq_mul(x[j], w[k], c[l]);
        mpq_mul(tmp, w[l], c[k]);
        mpq_sub(x[j], x[j], tmp);
    }
    for (j = 0; j < 3; j++) {
        mpq_mul(tmp, x[j], n[j]);
        mpq_add(s, s, tmp);
        mpq_mul(tmp, n[j], n[j]);
        mpq_add(nn, nn, tmp);
    }
    mpq_div(s, s, nn);
    for (j = 0; j < 3; j++) {
        mpq_mul(tmp, s, a[j]);
        mpq_add(tmp, tmp, v[0][j]);
        boxtoi_alg_set_mpq(pt + j, tmp);
    }
    mpq_clear(tmp);
    mpq_clear(nn);
    mpq_clear(s);
    for (j = 0; j < 3; j++) {
        mpq_clear(a[j]);
        mpq_clear(c[j]);
        mpq_clear(w[j]);
        mpq_clear(n[j]);
        mpq_clear(x[j]);
    }
    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++)
            mpq_clear(v[i][j]);
}

int boxtoi_prim_point(boxtoi_alg_struct pt[3], const boxtoi_prim_query_t q,
                      boxtoi_prim_result_t res)
{
    mpq_t r;
    int i = -1, j, ok = 1;

    if (res->status != BOXTOI_PRIM_CONTACT
        || boxtoi_prim_time(res, q, NULL) != BOXTOI_OK)
        return 0;
    /* a vertex that carries the contact: P, an end of AB on CD, or an
       end of CD on AB */
    if (q->kind == BOXTOI_PRIM_VF)
        i = 0;
    else if (res->feature[0] == 1 || res->feature[0] == 2)
        i = res->feature[0] - 1;
    else if (res->feature[1] == 1 || res->feature[1] == 2)
        i = res->feature[1] + 1;
    if (i >= 0) {
        for (j = 0; j < 3; j++)
            linear_image(pt + j, q->x[0][i][j], q->x[1][i][j], &res->t);
        return 1;
    }
    mpq_init(r);
    if (boxtoi_alg_get_mpq(r, &res->t))
        crossing_at(pt, q, r);
    else
        ok = 0;
    mpq_clear(r);
    return ok;
}

int boxtoi_prim_point_quot(boxtoi_poly_struct num[3], boxtoi_poly_t den,
                           const boxtoi_prim_query_t q)
{
    prim_lin l;
    prim_vec a, c, w, n, h;
    boxtoi_poly_t s;
    mpz_t scale;
    int j;

    if (q->kind != BOXTOI_PRIM_EE)
        return 0;
    prim_lin_init(&l);
    prim_vec_init(&a);
    prim_vec_init(&c);
    prim_vec_init(&w);
    prim_vec_init(&n);
    prim_vec_init(&h);
    boxtoi_poly_init(s);
    mpz_init(scale);
    /* L A + (s nn) (L (B - A)) / (L nn), with s nn = ((C-A) x (D-C)).n
       and nn = n.n, n = (B-A) x (D-C) (§9.2), all scaled by L */
    prim_lin_set(&l, q);
    prim_vec_sub(&a, l.v + 1, l.v);
    prim_vec_sub(&c, l.v + 3, l.v + 2);
    prim_vec_sub(&w, l.v + 2, l.v);
    prim_vec_cross(&n, &a, &c);
    prim_vec_cross(&h, &w, &c);
    prim_vec_dot(s, &h, &n);
    prim_vec_dot(den, &n, &n);
    for (j = 0; j < 3; j++) {
        boxtoi_poly_mul(num + j, l.v[0].c + j, den);
        boxtoi_poly_addmul(num + j, s, a.c + j);
    }
    (void)prim_denominator(scale, q);
    boxtoi_poly_scalar_mul_mpz(den, den, scale);
    mpz_clear(scale);
    boxtoi_poly_clear(s);
    prim_vec_clear(&h);
    prim_vec_clear(&n);
    prim_vec_clear(&w);
    prim_vec_clear(&c);
    prim_vec_clear(&a);
    prim_lin_clear(&l);
    return 1;
}
