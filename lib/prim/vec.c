/* lib/prim/vec.c: moving vertices as vectors of integer polynomials,
   and point-on-segment contact, the building block of the degenerate
   cases (doc/algorithm.md §9.1, §9.3).

   Every coordinate is scaled by the common denominator L of the query
   (a positive factor: contact is unchanged), so that a vertex is three
   integer polynomials of degree <= 1 and every predicate below is the
   exact sign of an integer polynomial at a real algebraic number. */
#include "prim/impl.h"

void prim_vec_init(prim_vec *v)
{
    int j;
    for (j = 0; j < 3; j++)
        boxtoi_poly_init(v->c + j);
}

void prim_vec_clear(prim_vec *v)
{
    int j;
    for (j = 0; j < 3; j++)
        boxtoi_poly_clear(v->c + j);
}

void prim_vec_sub(prim_vec *r, const prim_vec *a, const prim_vec *b)
{
    int j;
    for (j = 0; j < 3; j++)
        boxtoi_poly_sub(r->c + j, a->c + j, b->c + j);
}

void prim_vec_cross(prim_vec *r, const prim_vec *a, const prim_vec *b)
{
    int j, k, l;
    for (j = 0; j < 3; j++) {
        k = (j + 1) % 3;
        l = (j + 2) % 3;
        boxtoi_poly_mul(r->c + j, a->c + k, b->c + l);
        boxtoi_poly_submul(r->c + j, a->c + l, b->c + k);
    }
}

void prim_vec_dot(boxtoi_poly_t res, const prim_vec *a, const prim_vec *b)
{
    int j;
    boxtoi_poly_zero(res);
    for (j = 0; j < 3; j++)
        boxtoi_poly_addmul(res, a->c + j, b->c + j);
}

int prim_vec_is_zero(const prim_vec *a)
{
    return boxtoi_poly_is_zero(a->c) && boxtoi_poly_is_zero(a->c + 1)
           && boxtoi_poly_is_zero(a->c + 2);
}

void prim_lin_init(prim_lin *l)
{
    int i;
    for (i = 0; i < 4; i++)
        prim_vec_init(l->v + i);
}

void prim_lin_clear(prim_lin *l)
{
    int i;
    for (i = 0; i < 4; i++)
        prim_vec_clear(l->v + i);
}

long prim_denominator(mpz_t den, const boxtoi_prim_query_t q)
{
    long emax = 0;
    int k, i, j;

    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++) {
                mpz_srcptr d = mpq_denref(q->x[k][i][j]);
                long p2 = (long)mpz_scan1(d, 0);
                if (emax >= 0 && (long)mpz_sizeinbase(d, 2) == p2 + 1)
                    emax = p2 > emax ? p2 : emax;
                else
                    emax = -1;
            }
    mpz_set_ui(den, 1);
    if (emax >= 0) {
        mpz_mul_2exp(den, den, (mp_bitcnt_t)emax);
        return emax;
    }
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++)
                if (!mpz_divisible_p(den, mpq_denref(q->x[k][i][j])))
                    mpz_lcm(den, den, mpq_denref(q->x[k][i][j]));
    return -1;
}

void prim_scaled(mpz_t r, mpq_srcptr a, mpz_srcptr den, long emax)
{
    if (emax >= 0) {
        mpz_mul_2exp(r, mpq_numref(a),
                     (mp_bitcnt_t)(emax - (long)mpz_scan1(mpq_denref(a), 0)));
    } else {
        mpz_divexact(r, den, mpq_denref(a));
        mpz_mul(r, r, mpq_numref(a));
    }
}

void prim_lin_set(prim_lin *l, const boxtoi_prim_query_t q)
{
    mpz_t den, y;
    long emax;
    int i, j;

    mpz_init(den);
    mpz_init(y);
    emax = prim_denominator(den, q);
    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++) {
            boxtoi_poly_struct *p = l->v[i].c + j;
            /* L x0 and L x1 - L x0, both integers, written in place
               (one allocation of the two slots) */
            boxtoi_poly_fit_length(p, 2);
            prim_scaled(p->coeffs, q->x[0][i][j], den, emax);
            prim_scaled(y, q->x[1][i][j], den, emax);
            mpz_sub(p->coeffs + 1, y, p->coeffs);
            boxtoi_poly_set_length_normalise(p, 2);
        }
    mpz_clear(y);
    mpz_clear(den);
}

int prim_sgn(boxtoi_alg_t tau, const boxtoi_poly_t p)
{
    return boxtoi_alg_sgn_poly(tau, p);
}

int prim_vec_zero_at(boxtoi_alg_t tau, const prim_vec *a)
{
    int j;
    for (j = 0; j < 3; j++)
        if (prim_sgn(tau, a->c + j) != 0)
            return 0;
    return 1;
}

void prim_ps_init(prim_ps *w)
{
    prim_vec *v[7] = {&w->d, &w->e, &w->f, &w->h, &w->pd, &w->pe, &w->ph};
    int k;
    for (k = 0; k < 7; k++)
        prim_vec_init(v[k]);
    boxtoi_poly_init(w->s);
    boxtoi_poly_init(w->g);
    boxtoi_roots_init(w->r);
    boxtoi_roots_work_init(w->rw);
    boxtoi_alg_init(w->x);
}

void prim_ps_clear(prim_ps *w)
{
    prim_vec *v[7] = {&w->d, &w->e, &w->f, &w->h, &w->pd, &w->pe, &w->ph};
    int k;
    for (k = 0; k < 7; k++)
        prim_vec_clear(v[k]);
    boxtoi_poly_clear(w->s);
    boxtoi_poly_clear(w->g);
    boxtoi_roots_clear(w->r);
    boxtoi_roots_work_clear(w->rw);
    boxtoi_alg_clear(w->x);
}

/* prim_on_segment; on_line non-zero when h = (B - A) x (P - A) is known
   to vanish at tau (a root of the gcd of its components), whose exact
   zero signs are then not recomputed (each needs a gcd).  Uses w's d,
   e, f, h, s. */
static int on_segment(boxtoi_alg_t tau, prim_ps *w, const prim_vec *p,
                      const prim_vec *a, const prim_vec *b, int on_line)
{
    int sa, sb;

    prim_vec_sub(&w->d, b, a);
    prim_vec_sub(&w->e, p, a);
    if (prim_vec_zero_at(tau, &w->d)) /* the segment is the point A = B */
        return prim_vec_zero_at(tau, &w->e) ? 1 : 0;
    if (!on_line) {
        prim_vec_cross(&w->h, &w->d, &w->e);
        if (!prim_vec_zero_at(tau, &w->h))
            return 0; /* P is off the line AB */
    }
    /* On the line: P = A + s (B - A) with s (B-A).(B-A) = (P-A).(B-A)
       and (1 - s) (B-A).(B-A) = (P-B).(A-B); both >= 0 on the segment. */
    prim_vec_dot(w->s, &w->e, &w->d);
    sa = prim_sgn(tau, w->s);
    prim_vec_sub(&w->f, p, b);
    prim_vec_dot(w->s, &w->f, &w->d);
    sb = -prim_sgn(tau, w->s);
    if (sa < 0 || sb < 0)
        return 0;
    return (sa > 0 ? 2 : 0) | (sb > 0 ? 1 : 0);
}

int prim_on_segment(boxtoi_alg_t tau, prim_ps *w, const prim_vec *p,
                    const prim_vec *a, const prim_vec *b)
{
    return on_segment(tau, w, p, a, b, 0);
}

void prim_keep_min(boxtoi_alg_t best, int *have, const boxtoi_alg_t x)
{
    if (!*have || boxtoi_alg_cmp(x, best) < 0)
        boxtoi_alg_set(best, x);
    *have = 1;
}

/* The least t in (t0, t1] with P(t) = A(t) (e = P - A, degree <= 1):
   a rational root of one non-zero component, checked on the others. */
static int coincide_first(boxtoi_alg_t tau, const prim_vec *e,
                          mpq_srcptr t0, mpq_srcptr t1)
{
    mpq_t r;
    int j, k, found = 0;

    for (j = 0; j < 3 && boxtoi_poly_is_zero(e->c + j); j++)
        ;
    if (j == 3 || boxtoi_poly_degree(e->c + j) < 1)
        return 0; /* never (j == 3, always, is excluded by the caller) */
    mpq_init(r);
    mpz_neg(mpq_numref(r), e->c[j].coeffs);
    mpz_set(mpq_denref(r), e->c[j].coeffs + 1);
    mpq_canonicalize(r);
    if (mpq_cmp(r, t0) > 0 && (t1 == NULL || mpq_cmp(r, t1) <= 0)) {
        found = 1;
        for (k = 0; k < 3; k++)
            if (boxtoi_poly_sgn_at_mpq(e->c + k, r) != 0)
                found = 0;
        if (found)
            boxtoi_alg_set_mpq(tau, r);
    }
    mpq_clear(r);
    return found;
}

int prim_ps_first(boxtoi_alg_t tau, prim_ps *w, const prim_vec *p,
                  const prim_vec *a, const prim_vec *b, mpq_srcptr t0,
                  mpq_srcptr t1)
{
    prim_vec *e = &w->pe, *h = &w->ph;
    long i;
    int j, found = 0;

    prim_vec_sub(&w->pd, b, a);
    prim_vec_sub(e, p, a);
    prim_vec_cross(h, &w->pd, e);
    if (!prim_vec_is_zero(h)) {
        /* P is on the line AB (or A = B) exactly at the common roots of
           the components of h: the roots of their gcd (§9.3). */
        boxtoi_poly_zero(w->g);
        for (j = 0; j < 3; j++)
            boxtoi_poly_gcd(w->g, w->g, h->c + j);
        if (boxtoi_poly_degree(w->g) >= 1
            && boxtoi_roots_isolate_work(w->r, w->g, t0, t1,
                                         BOXTOI_OPEN_LO, w->rw)
                   == BOXTOI_OK)
            for (i = 0; i < w->r->n && !found; i++) {
                boxtoi_alg_set_root(w->x, w->r, i);
                if (on_segment(w->x, w, p, a, b, 1) != 0) {
                    boxtoi_alg_swap(tau, w->x);
                    found = 1;
                }
            }
    } else if (prim_vec_is_zero(e)) {
        found = -BOXTOI_EINTERNAL; /* P = A always: contact at t0 */
    } else {
        /* P stays on the line AB: contact begins when P meets an end
           (§9.3). */
        found = coincide_first(w->x, e, t0, t1);
        if (found)
            boxtoi_alg_swap(tau, w->x);
        prim_vec_sub(e, p, b);
        if (!prim_vec_is_zero(e) && coincide_first(w->x, e, t0, t1))
            prim_keep_min(tau, &found, w->x);
    }
    return found;
}
