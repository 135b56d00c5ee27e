/* bench/contact-cgpoly.c: polynomials with rational coefficients and
   the rigid motions [[S(q), w tr], [0, w]] built from a quaternion
   polynomial q(t) and a translation tr(t) (bench/contact-gen.h), for
   the workloads of bench/contact-gen.c. */
#include "contact-gen.h"


void cg_poly_init(cg_poly *p)
{
    int k;
    for (k = 0; k < CG_LEN; k++)
        mpq_init(p->c[k]);
    p->len = 0;
}

void cg_poly_clear(cg_poly *p)
{
    int k;
    for (k = 0; k < CG_LEN; k++)
        mpq_clear(p->c[k]);
}

/* res += s a b (res distinct from a and b; degrees stay below CG_LEN). */
void cg_poly_addmul(cg_poly *res, long s, const cg_poly *a,
                    const cg_poly *b)
{
    mpq_t x;
    int i, j;
    mpq_init(x);
    for (i = 0; i < a->len; i++)
        for (j = 0; j < b->len && i + j < CG_LEN; j++) {
            mpq_mul(x, a->c[i], b->c[j]);
            if (s != 1) {
                mpz_mul_si(mpq_numref(x), mpq_numref(x), s);
                mpq_canonicalize(x);
            }
            mpq_add(res->c[i + j], res->c[i + j], x);
            if (i + j >= res->len)
                res->len = i + j + 1;
        }
    mpq_clear(x);
}

/* The value of p at t. */
void cg_poly_eval(mpq_t res, const cg_poly *p, mpq_srcptr t)
{
    int k;
    mpq_set_ui(res, 0, 1);
    for (k = p->len - 1; k >= 0; k--) {
        mpq_mul(res, res, t);
        mpq_add(res, res, p->c[k]);
    }
}

/* The entries of S(q) (row-major) and w = |q|^2 of the quaternion
   polynomial q = (qw, qx, qy, qz): S = (qw^2 - v.v) I + 2 v v^T
   + 2 qw [v]x. */
void cg_quat_matrix(cg_poly s[9], cg_poly *w, const cg_poly q[4])
{
    const signed char sq[3][4] = {
        {1, 1, -1, -1}, {1, -1, 1, -1}, {1, -1, -1, 1}};
    int i, j, k;
    for (k = 0; k < 4; k++)
        cg_poly_addmul(w, 1, &q[k], &q[k]);
    for (i = 0; i < 3; i++) {
        for (k = 0; k < 4; k++)
            cg_poly_addmul(&s[4 * i], sq[i][k], &q[k], &q[k]);
        for (j = 0; j < 3; j++) {
            int l = 3 - i - j; /* the third axis, when i != j */
            long sign;
            if (i == j)
                continue;
            cg_poly_addmul(&s[3 * i + j], 2, &q[1 + i], &q[1 + j]);
            /* 2 qw [v]x: (i, j) gets -2 qw v_l for j = i + 1 (mod 3) */
            sign = (j == (i + 1) % 3) ? -2 : 2;
            cg_poly_addmul(&s[3 * i + j], sign, &q[0], &q[1 + l]);
        }
    }
}

/* m = [[S(q), w tr], [0, w]]. */
void cg_set_motion(boxtoi_motion_t m, const cg_poly q[4],
                   const cg_poly tr[3])
{
    cg_poly s[9], w, col;
    int i, k;
    for (i = 0; i < 9; i++)
        cg_poly_init(&s[i]);
    cg_poly_init(&w);
    cg_quat_matrix(s, &w, q);
    boxtoi_motion_zero(m);
    for (i = 0; i < 9; i++) {
        for (k = 0; k < s[i].len; k++)
            if (mpq_sgn(s[i].c[k]) != 0)
                boxtoi_motion_set_coeff_mpq(m, i / 3, i % 3, k, s[i].c[k]);
        cg_poly_clear(&s[i]);
    }
    for (k = 0; k < w.len; k++)
        if (mpq_sgn(w.c[k]) != 0)
            boxtoi_motion_set_coeff_mpq(m, 3, 3, k, w.c[k]);
    for (i = 0; i < 3; i++) {
        cg_poly_init(&col);
        cg_poly_addmul(&col, 1, &w, &tr[i]);
        for (k = 0; k < col.len; k++)
            if (mpq_sgn(col.c[k]) != 0)
                boxtoi_motion_set_coeff_mpq(m, i, 3, k, col.c[k]);
        cg_poly_clear(&col);
    }
    cg_poly_clear(&w);
    boxtoi_motion_normalise(m);
}

/* y = R(q(t)) p, the rotated body point p (3 rationals; y and p
   distinct); 0 (y unset) if q(t) = 0. */
int cg_rotate_at(mpq_t *y, const cg_poly q[4], mpq_srcptr t,
                 mpq_t *const p)
{
    cg_poly s[9], w;
    mpq_t e, wt;
    int i, j;
    for (i = 0; i < 9; i++)
        cg_poly_init(&s[i]);
    cg_poly_init(&w);
    mpq_init(e);
    mpq_init(wt);
    cg_quat_matrix(s, &w, q);
    cg_poly_eval(wt, &w, t);
    for (i = 0; i < 3 && mpq_sgn(wt) != 0; i++) {
        mpq_set_ui(y[i], 0, 1);
        for (j = 0; j < 3; j++) {
            cg_poly_eval(e, &s[3 * i + j], t);
            mpq_mul(e, e, p[j]);
            mpq_add(y[i], y[i], e);
        }
        mpq_div(y[i], y[i], wt);
    }
    for (i = 0; i < 9; i++)
        cg_poly_clear(&s[i]);
    cg_poly_clear(&w);
    mpq_clear(e);
    i = mpq_sgn(wt) != 0;
    mpq_clear(wt);
    return i;
}

