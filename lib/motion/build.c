/* lib/motion/build.c: constructors of common motions, products and the
   adjugate.

   Rigid motions from quaternions are in lib/motion/rigid.c.  The
   inverse of a motion is taken as the adjugate, polynomial in t
   (doc/algorithm.md §2). */
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

void boxtoi_motion_set_translation(boxtoi_motion_t m, mpq_srcptr tr,
                                   long trlen)
{
    /* cannot fail: without a rotation w = 1 */
    int rc = boxtoi_motion_set_rigid(m, NULL, 0, NULL, tr, trlen, NULL);
    (void)rc;
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
   r[0..2] and columns c[0..2]; t, u scratch (kept by the caller for
   its 16 calls). */
static void det3(boxtoi_poly_t res, const boxtoi_motion_t m, const int r[3],
                 const int c[3], boxtoi_poly_t t, boxtoi_poly_t u)
{
    int k;
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
}

void boxtoi_motion_adjugate(boxtoi_motion_t res, const boxtoi_motion_t a)
{
    boxtoi_motion_t r;
    boxtoi_poly_t t, u;
    int i, j, k, n;
    boxtoi_motion_init(r);
    boxtoi_poly_init(t);
    boxtoi_poly_init(u);
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
            det3(r->e + 4 * i + j, a, rows, cols, t, u);
            if ((i + j) % 2 == 1)
                boxtoi_poly_neg(r->e + 4 * i + j, r->e + 4 * i + j);
        }
    boxtoi_poly_clear(t);
    boxtoi_poly_clear(u);
    mpz_pow_ui(r->den, a->den, 3);
    boxtoi_motion_swap(res, r);
    boxtoi_motion_clear(r);
}
