/* lib/motion/rigid.c: rigid motions from a quaternion, a pivot and a
   translation, and the exact test that a block is a scaled rotation.

   For a quaternion q = (q0, v) the matrix S(q) = (q0^2 - v.v) I
   + 2 v v^T + 2 q0 [v]x satisfies S S^T = w^2 I with w = |q|^2, so
   R = S / w is the rotation of q / |q| and the rigid motion
   p -> T + R (p - P) is the homogeneous matrix [[S, w T - S P], [0, w]]
   (doc/algorithm.md §2.1).  Everything stays in Z[t]: the quaternion's
   denominators are cleared by a constant factor L (S(L q) = L^2 S(q),
   w(L q) = L^2 w(q): the same motion), those of T and P go to the
   motion's denominator. */
#include "lib/util/impl.h"
#include "boxtoi/motion.h"

/* q[c] = L times component c of the quaternion (4 * qlen rationals),
   L the lcm of all their denominators. */
static void quat_integer(boxtoi_poly_struct *q, mpq_srcptr qin, long qlen)
{
    mpz_t l, c;
    long k;
    int i;
    mpz_init_set_ui(l, 1);
    mpz_init(c);
    for (k = 0; k < 4 * qlen; k++)
        mpz_lcm(l, l, mpq_denref(qin + k));
    for (i = 0; i < 4; i++) {
        boxtoi_poly_zero(q + i);
        for (k = 0; k < qlen; k++) {
            mpq_srcptr x = qin + i * qlen + k;
            mpz_divexact(c, l, mpq_denref(x));
            mpz_mul(c, c, mpq_numref(x));
            boxtoi_poly_set_coeff_mpz(q + i, k, c);
        }
    }
    mpz_clear(l);
    mpz_clear(c);
}

/* s[3 i + j] = entry (i, j) of S(q), w = |q|^2.  Diagonal:
   q0^2 + qi^2 - qj^2 - qk^2 = 2 (q0^2 + qi^2) - w; off-diagonal
   2 (q_{i+1} q_{j+1} -+ q0 q_{k+1}) with k the third axis. */
static void quat_matrix(boxtoi_poly_struct *s, boxtoi_poly_t w,
                        const boxtoi_poly_struct *q)
{
    static const int sgn_off[3][3] = {{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}};
    boxtoi_poly_t sq[4], t1, t2;
    int k;
    boxtoi_poly_init(t1);
    boxtoi_poly_init(t2);
    boxtoi_poly_zero(w);
    for (k = 0; k < 4; k++) {
        boxtoi_poly_init(sq[k]);
        boxtoi_poly_mul(sq[k], q + k, q + k);
        boxtoi_poly_add(w, w, sq[k]);
    }
    for (k = 0; k < 9; k++) {
        int i = k / 3, j = k % 3, kk = 3 - i - j;
        if (i == j) {
            boxtoi_poly_add(t1, sq[0], sq[i + 1]);
            boxtoi_poly_scalar_mul_si(t1, t1, 2);
            boxtoi_poly_sub(s + k, t1, w);
            continue;
        }
        boxtoi_poly_mul(t1, q + i + 1, q + j + 1);
        boxtoi_poly_mul(t2, q + 0, q + kk + 1);
        if (sgn_off[i][j] > 0)
            boxtoi_poly_add(s + k, t1, t2);
        else
            boxtoi_poly_sub(s + k, t1, t2);
        boxtoi_poly_scalar_mul_si(s + k, s + k, 2);
    }
    for (k = 0; k < 4; k++)
        boxtoi_poly_clear(sq[k]);
    boxtoi_poly_clear(t1);
    boxtoi_poly_clear(t2);
}

/* p = the polynomial of the rationals x[0..len) times the integer f,
   which is a multiple of all their denominators. */
static void poly_scaled(boxtoi_poly_t p, mpq_srcptr x, long len, mpz_srcptr f)
{
    mpz_t c;
    long k;
    mpz_init(c);
    boxtoi_poly_zero(p);
    for (k = 0; k < len; k++) {
        mpz_divexact(c, f, mpq_denref(x + k));
        mpz_mul(c, c, mpq_numref(x + k));
        boxtoi_poly_set_coeff_mpz(p, k, c);
    }
    mpz_clear(c);
}

int boxtoi_motion_set_rigid(boxtoi_motion_t m, mpq_srcptr q, long qlen,
                            mpq_srcptr pivot, mpq_srcptr tr, long trlen,
                            boxtoi_errinfo *err)
{
    boxtoi_poly_struct qi[4], s[9];
    boxtoi_poly_t w, p, c;
    int i, j, rc = BOXTOI_OK;
    long k;

    if (q == NULL || qlen < 0)
        qlen = 0; /* no rotation: q = 1, S = I, w = 1 */
    for (k = 0; k < 4; k++)
        boxtoi_poly_init(qi + k);
    for (k = 0; k < 9; k++)
        boxtoi_poly_init(s + k);
    boxtoi_poly_init(w);
    boxtoi_poly_init(p);
    boxtoi_poly_init(c);
    if (qlen == 0)
        boxtoi_poly_set_si(qi + 0, 1);
    else
        quat_integer(qi, q, qlen);
    quat_matrix(s, w, qi);
    if (boxtoi_poly_is_zero(w)) {
        rc = boxtoi_errinfo_set(err, BOXTOI_EWEIGHT,
                                "rotation: the quaternion q(t) is "
                                "identically zero (no rotation defined)");
        goto done;
    }
    boxtoi_motion_zero(m);
    /* den = lcm of the denominators of T and P */
    for (k = 0; k < 3 * trlen; k++)
        mpz_lcm(m->den, m->den, mpq_denref(tr + k));
    for (k = 0; pivot != NULL && k < 3; k++)
        mpz_lcm(m->den, m->den, mpq_denref(pivot + k));
    for (k = 0; k < 9; k++)
        boxtoi_poly_scalar_mul_mpz(m->e + 4 * (k / 3) + k % 3, s + k,
                                   m->den);
    boxtoi_poly_scalar_mul_mpz(m->e + 15, w, m->den);
    for (i = 0; i < 3; i++) {
        /* den (w T_i - sum_j S_ij P_j) */
        boxtoi_poly_struct *e = m->e + 4 * i + 3;
        poly_scaled(p, trlen > 0 ? tr + i * trlen : NULL, trlen, m->den);
        boxtoi_poly_mul(e, p, w);
        for (j = 0; pivot != NULL && j < 3; j++) {
            poly_scaled(c, pivot + j, 1, m->den);
            boxtoi_poly_mul(p, s + 3 * i + j, c);
            boxtoi_poly_sub(e, e, p);
        }
    }
done:
    for (k = 0; k < 4; k++)
        boxtoi_poly_clear(qi + k);
    for (k = 0; k < 9; k++)
        boxtoi_poly_clear(s + k);
    boxtoi_poly_clear(w);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(c);
    return rc;
}

int boxtoi_motion_set_quat_linear(boxtoi_motion_t m, mpq_srcptr qa,
                                  mpq_srcptr qb, mpq_srcptr tr, long trlen,
                                  boxtoi_errinfo *err)
{
    mpq_t q[8];
    int k, rc;
    for (k = 0; k < 8; k++)
        mpq_init(q[k]);
    for (k = 0; k < 4; k++) {
        mpq_set(q[2 * k], qa + k);
        mpq_set(q[2 * k + 1], qb + k);
    }
    rc = boxtoi_motion_set_rigid(m, q[0], 2, NULL, tr, trlen, err);
    for (k = 0; k < 8; k++)
        mpq_clear(q[k]);
    return rc;
}

int boxtoi_motion_check_rigid(const boxtoi_motion_t m, const char *name,
                              boxtoi_errinfo *err)
{
    boxtoi_poly_t d, w2;
    int i, j, k, rc = BOXTOI_OK;

    if (name == NULL)
        name = "motion";
    boxtoi_poly_init(d);
    boxtoi_poly_init(w2);
    boxtoi_poly_mul(w2, m->e + 15, m->e + 15);
    /* (A A^T)_ij = row i . row j against w^2 [i = j]; numerators only,
       the common denominator squares on both sides */
    for (i = 0; i < 3 && rc == BOXTOI_OK; i++)
        for (j = i; j < 3 && rc == BOXTOI_OK; j++) {
            boxtoi_poly_zero(d);
            for (k = 0; k < 3; k++)
                boxtoi_poly_addmul(d, m->e + 4 * i + k, m->e + 4 * j + k);
            if (i == j)
                boxtoi_poly_sub(d, d, w2);
            if (boxtoi_poly_is_zero(d))
                continue;
            if (i == j)
                rc = boxtoi_errinfo_set(
                    err, BOXTOI_ENOTRIGID,
                    "%s: row %d of the 3x3 block does not have length "
                    "|w(t)| (a rigid motion needs A A^T = w^2 I; is a "
                    "row not multiplied by w?)", name, i);
            else
                rc = boxtoi_errinfo_set(
                    err, BOXTOI_ENOTRIGID,
                    "%s: rows %d and %d of the 3x3 block are not "
                    "orthogonal (a rigid motion needs A A^T = w^2 I)",
                    name, i, j);
        }
    boxtoi_poly_clear(d);
    boxtoi_poly_clear(w2);
    return rc;
}
