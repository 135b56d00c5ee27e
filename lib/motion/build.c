/* lib/motion/build.c: constructors of common motions, products and the
   adjugate.

   Rigid motions come from a quaternion q(t) = qa + qb t: the matrix
   S(q) with S = |q|^2 R (R the rotation of q/|q|) has entries quadratic
   in t, and [[S, w tr], [0, w]] with w = |q|^2 is the homogeneous rigid
   motion p -> R p + tr.  The inverse of a motion is taken as the
   adjugate, polynomial in t (doc/algorithm.md §2; notes/math.md §1). */
#include <math.h>
#include "lib/util/impl.h"
#include "boxtoi/motion.h"

int boxtoi_motion_set_d(boxtoi_motion_t m, const double a[16],
                        boxtoi_errinfo *err)
{
    mpq_t q;
    int k;
    for (k = 0; k < 16; k++)
        if (!isfinite(a[k]))
            return boxtoi_errinfo_set(err, BOXTOI_ENUMBER,
                                      "matrix[%d][%d] is not finite", k / 4,
                                      k % 4);
    mpq_init(q);
    boxtoi_motion_zero(m);
    for (k = 0; k < 16; k++) {
        mpq_set_d(q, a[k]); /* exact: a finite double is dyadic */
        boxtoi_motion_set_coeff_mpq(m, k / 4, k % 4, 0, q);
    }
    mpq_clear(q);
    return BOXTOI_OK;
}

/* Writes the translation tr (3 * trlen rationals, see motion.h) into
   column 3 of m, multiplied by the polynomial w / m->den (that is, m's
   entries get w * tr over m's denominator), after m's denominator was
   made a multiple of every denominator of tr. */
static void put_translation(boxtoi_motion_t m, const boxtoi_poly_t w,
                            mpq_srcptr tr, long trlen)
{
    boxtoi_poly_t p;
    mpz_t c;
    int i;
    long k;

    boxtoi_poly_init(p);
    mpz_init(c);
    for (i = 0; i < 3; i++) {
        boxtoi_poly_zero(p);
        for (k = 0; k < trlen; k++) {
            mpq_srcptr x = tr + i * trlen + k;
            /* m->den is a multiple of den(x) */
            mpz_divexact(c, m->den, mpq_denref(x));
            mpz_mul(c, c, mpq_numref(x));
            boxtoi_poly_set_coeff_mpz(p, k, c);
        }
        boxtoi_poly_mul(m->e + 4 * i + 3, p, w);
    }
    boxtoi_poly_clear(p);
    mpz_clear(c);
}

/* l = lcm of the denominators of the n rationals at x. */
static void lcm_dens(mpz_t l, mpq_srcptr x, long n)
{
    long k;
    mpz_set_ui(l, 1);
    for (k = 0; k < n; k++)
        mpz_lcm(l, l, mpq_denref(x + k));
}

void boxtoi_motion_set_translation(boxtoi_motion_t m, mpq_srcptr tr,
                                   long trlen)
{
    boxtoi_poly_t one;
    int k;
    boxtoi_motion_zero(m);
    lcm_dens(m->den, tr, 3 * trlen);
    for (k = 0; k < 4; k++)
        boxtoi_poly_set_mpz(m->e + 5 * k, m->den);
    boxtoi_poly_init(one);
    boxtoi_poly_set_si(one, 1);
    put_translation(m, one, tr, trlen);
    boxtoi_poly_clear(one);
}

int boxtoi_motion_set_quat_linear(boxtoi_motion_t m, mpq_srcptr qa,
                                  mpq_srcptr qb, mpq_srcptr tr, long trlen,
                                  boxtoi_errinfo *err)
{
    boxtoi_poly_t q[4], sq[4], t1, t2, w, dw;
    mpz_t l, c;
    int k, rc = BOXTOI_OK;
    /* Entry (i, j) of S(q) for q = (q0, q1, q2, q3) = (w, x, y, z):
       diagonal q0^2 + q_{i+1}^2 - the other two squares; off-diagonal
       2 (q_{i+1} q_{j+1} -+ q0 q_{k+1}) with k the third axis. */
    static const int sgn_off[3][3] = {{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}};

    mpz_init(l);
    mpz_init(c);
    /* Clear the quaternion's denominators: S(L q) = L^2 S(q) and
       |L q|^2 = L^2 |q|^2 describe the same motion. */
    mpz_set_ui(l, 1);
    for (k = 0; k < 4; k++) {
        mpz_lcm(l, l, mpq_denref(qa + k));
        mpz_lcm(l, l, mpq_denref(qb + k));
    }
    for (k = 0; k < 4; k++) {
        boxtoi_poly_init(q[k]);
        boxtoi_poly_init(sq[k]);
        mpz_divexact(c, l, mpq_denref(qa + k));
        mpz_mul(c, c, mpq_numref(qa + k));
        boxtoi_poly_set_coeff_mpz(q[k], 0, c);
        mpz_divexact(c, l, mpq_denref(qb + k));
        mpz_mul(c, c, mpq_numref(qb + k));
        boxtoi_poly_set_coeff_mpz(q[k], 1, c);
        boxtoi_poly_mul(sq[k], q[k], q[k]);
    }
    boxtoi_poly_init(t1);
    boxtoi_poly_init(t2);
    boxtoi_poly_init(w);
    boxtoi_poly_init(dw);
    boxtoi_poly_add(w, sq[0], sq[1]);
    boxtoi_poly_add(w, w, sq[2]);
    boxtoi_poly_add(w, w, sq[3]);
    if (boxtoi_poly_is_zero(w)) {
        rc = boxtoi_errinfo_set(err, BOXTOI_EWEIGHT,
                                "quaternion q(t) is identically zero");
        goto done;
    }
    boxtoi_motion_zero(m);
    /* Denominator: that of the translation; S and w are scaled by it. */
    lcm_dens(m->den, tr, 3 * trlen);
    for (k = 0; k < 9; k++) {
        int i = k / 3, j = k % 3;
        boxtoi_poly_struct *e = m->e + 4 * i + j;
        if (i == j) {
            /* q0^2 + qi^2 - qj^2 - qk^2 = 2 (q0^2 + qi^2) - w */
            boxtoi_poly_add(t1, sq[0], sq[i + 1]);
            boxtoi_poly_scalar_mul_si(t1, t1, 2);
            boxtoi_poly_sub(e, t1, w);
        } else {
            int kk = 3 - i - j;
            boxtoi_poly_mul(t1, q[i + 1], q[j + 1]);
            boxtoi_poly_mul(t2, q[0], q[kk + 1]);
            if (sgn_off[i][j] > 0)
                boxtoi_poly_add(e, t1, t2);
            else
                boxtoi_poly_sub(e, t1, t2);
            boxtoi_poly_scalar_mul_si(e, e, 2);
        }
        boxtoi_poly_scalar_mul_mpz(e, e, m->den);
    }
    boxtoi_poly_scalar_mul_mpz(dw, w, m->den);
    boxtoi_poly_set(m->e + 15, dw);
    put_translation(m, w, tr, trlen);
done:
    for (k = 0; k < 4; k++) {
        boxtoi_poly_clear(q[k]);
        boxtoi_poly_clear(sq[k]);
    }
    boxtoi_poly_clear(t1);
    boxtoi_poly_clear(t2);
    boxtoi_poly_clear(w);
    boxtoi_poly_clear(dw);
    mpz_clear(l);
    mpz_clear(c);
    return rc;
}

void boxtoi_motion_mul(boxtoi_motion_t res, const boxtoi_motion_t a,
                       const boxtoi_motion_t b)
{
    boxtoi_motion_t r;
    int i, j, k;
    boxtoi_motion_init(r);
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            boxtoi_poly_struct *e = r->e + 4 * i + j;
            boxtoi_poly_zero(e);
            for (k = 0; k < 4; k++)
                boxtoi_poly_addmul(e, a->e + 4 * i + k, b->e + 4 * k + j);
        }
    mpz_mul(r->den, a->den, b->den);
    boxtoi_motion_swap(res, r);
    boxtoi_motion_clear(r);
}

/* res = determinant of the 3x3 submatrix of m's numerators with rows
   r[0..2] and columns c[0..2]. */
static void det3(boxtoi_poly_t res, const boxtoi_motion_t m, const int r[3],
                 const int c[3])
{
    boxtoi_poly_t t, u;
    int k;
    boxtoi_poly_init(t);
    boxtoi_poly_init(u);
    boxtoi_poly_zero(res);
    for (k = 0; k < 3; k++) {
        /* cofactor expansion along the first row, signs (+, -, +) */
        const boxtoi_poly_struct *a = m->e + 4 * r[0] + c[k];
        int c1 = c[(k + 1) % 3], c2 = c[(k + 2) % 3];
        boxtoi_poly_mul(t, m->e + 4 * r[1] + c1, m->e + 4 * r[2] + c2);
        boxtoi_poly_mul(u, m->e + 4 * r[1] + c2, m->e + 4 * r[2] + c1);
        boxtoi_poly_sub(t, t, u);
        /* cyclic order (k, k+1, k+2) makes every term positive */
        boxtoi_poly_addmul(res, a, t);
    }
    boxtoi_poly_clear(t);
    boxtoi_poly_clear(u);
}

void boxtoi_motion_adjugate(boxtoi_motion_t res, const boxtoi_motion_t a)
{
    boxtoi_motion_t r;
    int i, j, k, n;
    boxtoi_motion_init(r);
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            int rows[3], cols[3];
            /* adj(a)[i][j] = (-1)^(i+j) det(a without row j, column i) */
            for (k = 0, n = 0; k < 4; k++)
                if (k != j)
                    rows[n++] = k;
            for (k = 0, n = 0; k < 4; k++)
                if (k != i)
                    cols[n++] = k;
            det3(r->e + 4 * i + j, a, rows, cols);
            if ((i + j) % 2 == 1)
                boxtoi_poly_neg(r->e + 4 * i + j, r->e + 4 * i + j);
        }
    mpz_pow_ui(r->den, a->den, 3);
    boxtoi_motion_swap(res, r);
    boxtoi_motion_clear(r);
}
