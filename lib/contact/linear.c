/* lib/contact/linear.c: the closed form for translational motions.

   When both motions have constant 3x3 blocks A1, A2 and weights w1, w2
   and translations of degree <= 1 (a constant orientation each, moving
   along straight lines), the relative motion
       A = w1 adj(A1) A2,  b = adj(A1) (w1 b2 - w2 b1),  w = det(A1) w2
   has A and w constant and b linear.  There are no octant switches, R_d
   is a constant and n_d . D = alpha_d + beta_d t is linear, so the
   contact set {t : |alpha_d + beta_d t| <= R_d for all d} is an interval
   computed with 30 exact rational divisions, and its left end (if it
   lies in the range) is the first contact (doc/algorithm.md §3.2, §4.4).
   Everything is exact integer and rational arithmetic, by the plane
   kernel (kernel.h, doc/algorithm.md §4.5): in machine integers when the
   numbers are small enough (linear128.c), else in GMP (here). */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/kernel-gmp.h"

/* Is m's upper-left block and weight constant and its translation of
   degree <= 1? */
static int is_linear_motion(const boxtoi_motion_struct *m)
{
    int i, j;
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++)
            if (boxtoi_poly_degree(m->e + 4 * i + j) > 0)
                return 0;
        if (boxtoi_poly_degree(m->e + 4 * i + 3) > 1)
            return 0;
    }
    return boxtoi_poly_degree(m->e + 15) <= 0;
}

/* res = coefficient k of entry (i, j) of m's numerators (0 beyond the
   degree). */
static void coef(mpz_t res, const boxtoi_motion_struct *m, int i, int j,
                 long k)
{
    boxtoi_poly_get_coeff_mpz(res, m->e + 4 * i + j, k);
}

int contact_linear(boxtoi_contact_t res, const boxtoi_query_t q)
{
    if (!is_linear_motion(q->motion) || !is_linear_motion(q->motion + 1))
        return 0;
    if (!contact_linear_i128(res, q))
        contact_linear_gmp(res, q);
    return 1;
}

/* The quantities quant[0..19] of the relative motion (contact.h), D =
   d0 + d1 t and the box data e1, e2 (arrays of initialised integers),
   for a query of the closed form's kind: the plane kernel (kernel.h)
   on the constant blocks and weights and on each coefficient of the
   translations (the motions' denominators are positive scalars and
   cancel in homogeneous form). */
static void lin_motion(mpz_ptr quant, mpz_ptr d0, mpz_ptr d1, mpz_ptr e1,
                       mpz_ptr e2, const boxtoi_query_t q)
{
    mpz_t a1[9], a2[9], adj1[9], v[9], b1[2][3], b2[2][3], b[2][3];
    mpz_t s1[3], s2[3], l, w1, w2;
    int i, k;

    for (k = 0; k < 9; k++) {
        mpz_init(a1[k]);
        mpz_init(a2[k]);
        mpz_init(adj1[k]);
        mpz_init(v[k]);
        coef(a1[k], q->motion, k / 3, k % 3, 0);
        coef(a2[k], q->motion + 1, k / 3, k % 3, 0);
    }
    for (i = 0; i < 6; i++) {
        mpz_init(b1[i / 3][i % 3]);
        mpz_init(b2[i / 3][i % 3]);
        mpz_init(b[i / 3][i % 3]);
        coef(b1[i / 3][i % 3], q->motion, i % 3, 3, i / 3);
        coef(b2[i / 3][i % 3], q->motion + 1, i % 3, 3, i / 3);
    }
    for (k = 0; k < 3; k++) {
        mpz_init(s1[k]);
        mpz_init(s2[k]);
    }
    mpz_init(l);
    mpz_init(w1);
    mpz_init(w2);
    coef(w1, q->motion, 3, 3, 0);
    coef(w2, q->motion + 1, 3, 3, 0);

    kz_relblock(NULL, quant, quant + Q_W, adj1[0], v[0], a1[0], a2[0], w1,
                w2);
    for (k = 0; k < 2; k++)
        kz_reltrans(NULL, b[k][0], 1, adj1[0], v[0], b1[k][0], b2[k][0], 1,
                    w1, w2);
    kz_quantities(NULL, quant, NULL);
    /* Box data over the common denominator l (route.c); D = d0 + d1 t */
    contact_box_data(l, e1, e2, s1[0], s2[0], q);
    mpz_mul_2exp(l, l, 1);
    kz_dvec(NULL, d0, b[0][0], 1, quant, l, s1[0], s2[0], 7);
    kz_dvec(NULL, d1, b[1][0], 1, quant, l, NULL, NULL, 7);

    for (k = 0; k < 9; k++) {
        mpz_clear(a1[k]);
        mpz_clear(a2[k]);
        mpz_clear(adj1[k]);
        mpz_clear(v[k]);
    }
    for (i = 0; i < 6; i++) {
        mpz_clear(b1[i / 3][i % 3]);
        mpz_clear(b2[i / 3][i % 3]);
        mpz_clear(b[i / 3][i % 3]);
    }
    for (k = 0; k < 3; k++) {
        mpz_clear(s1[k]);
        mpz_clear(s2[k]);
    }
    mpz_clear(l);
    mpz_clear(w1);
    mpz_clear(w2);
}

/* alpha_d + beta_d t = N_d and R_d for the directions of contact_dirs,
   with true absolute values (arrays of initialised integers). */
static void lin_directions(mpz_ptr alpha, mpz_ptr beta, mpz_ptr r,
                           mpz_srcptr quant, mpz_srcptr d0, mpz_srcptr d1,
                           mpz_srcptr e1, mpz_srcptr e2)
{
    int d;
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        kz_ndot(NULL, alpha + d, d, quant, d0);
        kz_ndot(NULL, beta + d, d, quant, d1);
        kz_radius(NULL, r + d, d, quant, e1, e2);
    }
}

void contact_linear_gmp(boxtoi_contact_t res, const boxtoi_query_t q)
{
    mpz_t quant[BOXTOI_NQUANT], d0[3], d1[3], e1[3], e2[3], t, u, c;
    mpz_t alpha[BOXTOI_NDIRS], beta[BOXTOI_NDIRS], r[BOXTOI_NDIRS];
    mpz_t ln, ld, hn, hd, x, y;
    signed char sg[BOXTOI_NQUANT];
    int zero[BOXTOI_NPLANES];
    int k, d, empty = 0, hi_inf;

    for (k = 0; k < BOXTOI_NQUANT; k++)
        mpz_init(quant[k]);
    for (k = 0; k < 3; k++) {
        mpz_init(d0[k]);
        mpz_init(d1[k]);
        mpz_init(e1[k]);
        mpz_init(e2[k]);
    }
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        mpz_init(alpha[d]);
        mpz_init(beta[d]);
        mpz_init(r[d]);
    }
    mpz_init(t);
    mpz_init(u);
    mpz_init(c);
    mpz_init(ln);
    mpz_init(ld);
    mpz_init(hn);
    mpz_init(hd);
    mpz_init(x);
    mpz_init(y);

    lin_motion(quant[0], d0[0], d1[0], e1[0], e2[0], q);
    lin_directions(alpha[0], beta[0], r[0], quant[0], d0[0], d1[0], e1[0],
                   e2[0]);

    /* The contact set intersected with the range: [lo, hi], kept as
       fractions ln / ld and hn / hd with positive denominators and
       compared by cross-multiplication (no gcds on the way). */
    mpz_set(ln, mpq_numref(q->t0));
    mpz_set(ld, mpq_denref(q->t0));
    hi_inf = q->t1_inf;
    if (!hi_inf) {
        mpz_set(hn, mpq_numref(q->t1));
        mpz_set(hd, mpq_denref(q->t1));
    }
    for (d = 0; d < BOXTOI_NDIRS && !empty; d++) {
        int sb = mpz_sgn(beta[d]);
        if (sb == 0) {
            mpz_abs(t, alpha[d]);
            empty = mpz_cmp(t, r[d]) > 0;
            continue;
        }
        /* -R <= alpha + beta t <= R: t between (-R - alpha) / beta and
           (R - alpha) / beta; with beta < 0 negate both so that the
           denominator |beta| is positive */
        mpz_neg(t, r[d]);
        mpz_sub(t, t, alpha[d]);
        mpz_sub(u, r[d], alpha[d]);
        mpz_abs(c, beta[d]);
        if (sb < 0) {
            mpz_neg(t, t);
            mpz_neg(u, u);
            mpz_swap(t, u);
        }
        /* lower bound t / c, upper bound u / c */
        mpz_mul(x, t, ld);
        mpz_mul(y, ln, c);
        if (mpz_cmp(x, y) > 0) {
            mpz_set(ln, t);
            mpz_set(ld, c);
        }
        if (!hi_inf) {
            mpz_mul(x, u, hd);
            mpz_mul(y, hn, c);
        }
        if (hi_inf || mpz_cmp(x, y) < 0) {
            mpz_set(hn, u);
            mpz_set(hd, c);
            hi_inf = 0;
        }
    }
    if (!empty && !hi_inf) {
        mpz_mul(x, ln, hd);
        mpz_mul(y, hn, ld);
        empty = mpz_cmp(x, y) > 0;
    }

    contact_reset(res);
    res->status = empty ? BOXTOI_NO_CONTACT : BOXTOI_CONTACT;
    res->nsections = 1;
    if (!empty) {
        mpq_set_num(res->t.lo, ln);
        mpq_set_den(res->t.lo, ld);
        mpq_canonicalize(res->t.lo);
        boxtoi_alg_set_mpq(&res->t, res->t.lo);
        res->initial = mpq_equal(res->t.lo, q->t0);
        for (k = 0; k < BOXTOI_NQUANT; k++)
            sg[k] = (signed char)mpz_sgn(quant[k]);
        for (d = 0; d < BOXTOI_NDIRS; d++) {
            /* ld N = alpha ld + beta ln; planes R - N and R + N vanish
               when R ld = +- ld N */
            mpz_mul(x, alpha[d], ld);
            mpz_addmul(x, beta[d], ln);
            mpz_mul(y, r[d], ld);
            zero[2 * d] = mpz_cmp(x, y) == 0;
            mpz_neg(y, y);
            zero[2 * d + 1] = mpz_cmp(x, y) == 0;
        }
        contact_set_features(res, e1[0], e2[0], sg, zero);
    }

    for (k = 0; k < BOXTOI_NQUANT; k++)
        mpz_clear(quant[k]);
    for (k = 0; k < 3; k++) {
        mpz_clear(d0[k]);
        mpz_clear(d1[k]);
        mpz_clear(e1[k]);
        mpz_clear(e2[k]);
    }
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        mpz_clear(alpha[d]);
        mpz_clear(beta[d]);
        mpz_clear(r[d]);
    }
    mpz_clear(t);
    mpz_clear(u);
    mpz_clear(c);
    mpz_clear(ln);
    mpz_clear(ld);
    mpz_clear(hn);
    mpz_clear(hd);
    mpz_clear(x);
    mpz_clear(y);
}
