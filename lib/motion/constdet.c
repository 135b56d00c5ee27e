/* lib/motion/constdet.c: the sign of a constant 3x3 block's
   determinant, exactly, by the path the entries' sizes call for (the
   motion check's common case, check.c: every translational query's
   two motions are checked before each solve). */
#include "lib/util/impl.h"
#include "boxtoi/motion.h"
#include "lib/motion/impl.h"
#include "lib/util/fz.h"
#include "lib/util/interval.h"

/* The block's entries, when constant (else 0): z[k] entry k (row-major)
   or NULL for 0, a[k] its value when it has one limb (as a signed
   integer: valid below 2^63), *big 1 when one has more than one limb,
   *top the OR of the one-limb magnitudes (its bit length the largest
   one's), all read once for the paths of motion_const_det_sign. */
static int const_block(mpz_srcptr *z, long long *a, int *big,
                       mp_limb_t *top, const boxtoi_motion_t m)
{
    static const unsigned char at[9] = {0, 1, 2, 4, 5, 6, 8, 9, 10};
    mp_limb_t o = 0;
    int k, nbig = 0;
    UTIL_UNROLL(9) /* the entries' offsets become constants */
    for (k = 0; k < 9; k++) {
        const boxtoi_poly_struct *e = m->e + at[k];
        size_t n;
        mp_limb_t v;
        z[k] = NULL;
        a[k] = 0;
        if (e->length == 0)
            continue;
        if (e->length > 1 || (n = mpz_size(e->coeffs)) > 6)
            return 0;
        z[k] = e->coeffs;
        if (n > 1) {
            nbig = 1;
            continue;
        }
        v = mpz_getlimbn(e->coeffs, 0);
        o |= v;
        /* negated as unsigned (defined for every v); read only when
           every magnitude is below 2^63, where the value is exact */
        a[k] = (long long)(mpz_sgn(e->coeffs) < 0 ? -v : v);
    }
    *big = nbig;
    *top = o;
    return 1;
}

/* For a constant 3x3 block: sets *sgn to the sign of its determinant,
   exactly, and returns 1; returns 0 when an entry is not constant or
   has more than 6 limbs (the general path then decides).  The entries
   are read once (const_block), then the path their sizes call for:
   numerators below 2^20 (the rotations of small quaternions) in 64-bit
   integers (a 2x2 minor below 2^41, each of the three terms below
   2^61, their sum below 2^63); of at most 40 bits in 128-bit integers
   (each of the six products has at most 120 bits, their sum at most
   123); larger ones in fixed-limb integers (lib/util/fz.h: a product of
   three entries of at most 6 limbs has at most 18, the sum of three
   such at most 19 of the 20, so the guard never fires), without
   allocation: the doubles of a rotation have 53-60 bits
   (doc/performance.md, "Issue 16: fixed-limb integers").  Before the
   last, a static relative-error filter (boxtoi_fe_sign,
   doc/algorithm.md §4.5): the determinant in doubles and its
   magnitude, the entries as doubles (one limb rounded to nearest, else
   truncated by mpz_get_d: integers, so every value is an integer, no
   underflow), 12 roundings deep; a zero determinant is never proved
   there, and goes on to the exact sum. */
int motion_const_det_sign(int *sgn, const boxtoi_motion_t m)
{
    mpz_srcptr z[9];
    long long a[9];
    fz f[9], t, u, det;
    double x[9], dv = 0, dm = 0;
    mp_limb_t top;
    int k, big, bad = 0;
    if (!const_block(z, a, &big, &top, m))
        return 0;
    if (!big && top >> 20 == 0) {
        long long d = 0;
        UTIL_UNROLL(3)
        for (k = 0; k < 3; k++) {
            int c1 = (k + 1) % 3, c2 = (k + 2) % 3;
            d += a[k] * (a[3 + c1] * a[6 + c2] - a[3 + c2] * a[6 + c1]);
        }
        *sgn = (d > 0) - (d < 0);
        return 1;
    }
#ifdef BOXTOI_HAVE_I128
    if (!big && top >> 40 == 0) {
        boxtoi_i128 d = 0;
        UTIL_UNROLL(3)
        for (k = 0; k < 3; k++) {
            int c1 = (k + 1) % 3, c2 = (k + 2) % 3;
            d += a[k] * ((boxtoi_i128)a[3 + c1] * a[6 + c2]
                         - (boxtoi_i128)a[3 + c2] * a[6 + c1]);
        }
        *sgn = (d > 0) - (d < 0);
        return 1;
    }
#endif
    if (!big && top >> 63 == 0) {
        /* a[k] is the entry: rounded as the limb's conversion below */
        UTIL_UNROLL(9)
        for (k = 0; k < 9; k++)
            x[k] = (double)a[k];
    } else
        for (k = 0; k < 9; k++) {
            x[k] = 0;
            if (z[k] != NULL && mpz_size(z[k]) == 1) {
                x[k] = (double)mpz_getlimbn(z[k], 0);
                if (mpz_sgn(z[k]) < 0)
                    x[k] = -x[k];
            } else if (z[k] != NULL) {
                x[k] = mpz_get_d(z[k]);
            }
        }
    UTIL_UNROLL(3)
    for (k = 0; k < 3; k++) {
        int c1 = (k + 1) % 3, c2 = (k + 2) % 3;
        dv += x[k] * (x[3 + c1] * x[6 + c2] - x[3 + c2] * x[6 + c1]);
        dm += fabs(x[k]) * (fabs(x[3 + c1] * x[6 + c2])
                            + fabs(x[3 + c2] * x[6 + c1]));
    }
    *sgn = boxtoi_fe_sign(dv, dm);
    if (*sgn != 2)
        return 1;
    for (k = 0; k < 9; k++) {
        f[k].n = 0;
        if (z[k] != NULL)
            fz_set_mpz(&bad, f + k, z[k]);
    }
    det.n = 0;
    for (k = 0; k < 3; k++) {
        int c1 = (k + 1) % 3, c2 = (k + 2) % 3;
        fz_mul(&bad, &t, f + 3 + c1, f + 6 + c2);
        fz_addmul(&bad, &t, f + 3 + c2, f + 6 + c1, 1);
        fz_mul(&bad, &u, f + k, &t);
        fz_add(&bad, &det, &u, 0);
    }
    if (bad) /* never: the sizes above */
        return 0;
    *sgn = (det.n > 0) - (det.n < 0);
    return 1;
}
