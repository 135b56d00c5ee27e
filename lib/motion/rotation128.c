/* lib/motion/rotation128.c: is a block a rotation scaled by its weight,
   A^T A = w^2 I, and with which sign adj(A) = +-w A^T, on the 128-bit
   numerators (poly_i128).  Asked by the motion check (check.c: such a
   block needs no determinant) and by the 128-bit relative motion
   (lib/contact/relmotion128.c: adj(A1) written down).

   Two exact tests of the same identity: at the 2 D + 1 integers
   0 ... 2 D in machine words when a bound from the sizes allows (the
   usual case: degree 2, coefficients of a few bits), and coefficient by
   coefficient (poly_i128_dot) otherwise, the reference
   (t/motionrot-t compares them).  Proofs: doc/algorithm.md §2.2. */
#include "lib/util/impl.h"
#include "boxtoi/motion.h"
#include "lib/motion/impl.h"
#include "lib/poly/poly128.h"

#ifdef BOXTOI_HAVE_I128

typedef boxtoi_i128 i128;

/* p(x) by Horner, written out up to degree 2 (quaternions of degree 1);
   the caller's bound keeps every partial value below 2^62
   (doc/algorithm.md §2.2). */
static long long eval_word(const poly_i128 *p, long long x)
{
    const i128 *c = p->c;
    long long v;
    int i;
    switch (p->len) {
    case 0:
        return 0;
    case 1:
        return (long long)c[0];
    case 2:
        return (long long)c[0] + x * (long long)c[1];
    case 3:
        return (long long)c[0] + x * ((long long)c[1] + x * (long long)c[2]);
    default:
        break;
    }
    v = 0;
    for (i = p->len - 1; i >= 0; i--)
        v = v * x + (long long)p->c[i];
    return v;
}

/* A^T A = w^2 I at one point from the values v (row-major) and vw, each
   below 2^e in absolute value: sums of three products in 64-bit words
   when e <= 30 (below 3 2^60), in 128 bits otherwise (e <= 62: below
   3 2^124). */
static int identity_at(const long long *v, long long vw, int e)
{
    int i, j;
    if (e <= 30) {
        long long w2 = vw * vw;
        for (i = 0; i < 3; i++)
            for (j = i; j < 3; j++)
                if (v[i] * v[j] + v[3 + i] * v[3 + j] + v[6 + i] * v[6 + j]
                    != (i == j ? w2 : 0))
                    return 0;
        return 1;
    }
    for (i = 0; i < 3; i++)
        for (j = i; j < 3; j++) {
            i128 s = (i128)v[i] * v[j] + (i128)v[3 + i] * v[3 + j]
                     + (i128)v[6 + i] * v[6 + j];
            if (s != (i == j ? (i128)vw * vw : 0))
                return 0;
        }
    return 1;
}

/* The identity at the points x = 0 ... 2 D (D the largest degree of a
   and w), every value in 64-bit words and every sum of products in 128
   bits (doc/algorithm.md §2.2 for the bound e <= 62).  Returns 1 when
   the identity holds at every point (then identically), *sg the sign
   read at the first point where w != 0; 0 when it fails at a point; -1
   when the bound does not hold (nothing decided). */
static int rotation_at_points(int *sg, const poly_i128 *a,
                              const poly_i128 *w)
{
    long long v[9], vw, x;
    int d = w->len - 1, b = w->bits, e, lg = 0, j, k;
    for (k = 0; k < 9; k++) {
        if (a[k].len - 1 > d)
            d = a[k].len - 1;
        if (a[k].bits > b)
            b = a[k].bits;
    }
    while ((1 << lg) < 2 * d)
        lg++;
    e = d == 0 ? b : b + 1 + d * lg; /* |p(x)| < 2^e for x <= 2 D */
    if (d > 30 || e > 62)
        return -1;
    *sg = 0;
    for (x = 0; x <= 2 * d; x++) {
        for (k = 0; k < 9; k++)
            v[k] = eval_word(a + k, x);
        vw = eval_word(w, x);
        if (!identity_at(v, vw, e))
            return 0;
        if (*sg == 0 && vw != 0) {
            /* column 0 has norm |w(x)| != 0 here: some A_j0(x) != 0,
               and adj(A)_0j = sg w A_j0 (motion_rotation_sign) */
            int j1, j2;
            i128 ad;
            for (j = 0; v[3 * j] == 0; j++)
                ;
            j1 = (j + 1) % 3;
            j2 = (j + 2) % 3;
            ad = (i128)v[3 * j1 + 1] * v[3 * j2 + 2]
                 - (i128)v[3 * j1 + 2] * v[3 * j2 + 1];
            *sg = (ad > 0) == ((vw > 0) == (v[3 * j] > 0)) ? 1 : -1;
        }
    }
    return 1;
}

int motion_scaled_rotation_i128_ref(int *sg, const poly_i128 *a,
                                    const poly_i128 *w)
{
    poly_i128 s;
    int i, j, k;
    static const int sgn[4] = {1, 1, 1, -1};
    /* (A^T A)_ij = sum_k A_ki A_kj against w^2 [i = j], i <= j, each
       in one pass (poly_i128_dot) */
    for (i = 0; i < 3; i++)
        for (j = i; j < 3; j++) {
            const poly_i128 *u[4], *v[4];
            for (k = 0; k < 3; k++) {
                u[k] = a + 3 * k + i;
                v[k] = a + 3 * k + j;
            }
            u[3] = v[3] = w;
            if (!poly_i128_dot(&s, i == j ? 4 : 3, u, v, sgn) || s.len != 0)
                return 0;
        }
    return sg == NULL || motion_rotation_sign(sg, a, w);
}

int motion_scaled_rotation_i128(int *sg, const poly_i128 *a,
                                const poly_i128 *w)
{
    int s, r = rotation_at_points(&s, a, w);
    if (r >= 0) {
        *sg = r ? s : 0;
        return r;
    }
    *sg = 0;
    if (!motion_scaled_rotation_i128_ref(NULL, a, w))
        return 0;
    if (!motion_rotation_sign(sg, a, w))
        *sg = 0;
    return 1;
}

int motion_rotation_sign(int *sg, const poly_i128 *a, const poly_i128 *w)
{
    poly_i128 x, y;
    int j, k;
    for (j = 0; j < 3 && a[3 * j].len == 0; j++)
        ;
    if (j == 3)
        return 0;
    /* adj(A)_0j = A_{j1,1} A_{j2,2} - A_{j1,2} A_{j2,1} */
    {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        if (!poly_i128_mul(&x, a + 3 * j1 + 1, a + 3 * j2 + 2)
            || !poly_i128_addmul(&x, a + 3 * j1 + 2, a + 3 * j2 + 1, -1)
            || !poly_i128_mul(&y, w, a + 3 * j))
            return 0;
    }
    if (x.len != y.len)
        return 0;
    for (k = 0; k < x.len && x.c[k] == y.c[k]; k++)
        ;
    if (k == x.len) {
        *sg = 1;
        return 1;
    }
    for (k = 0; k < x.len && x.c[k] == -y.c[k]; k++)
        ;
    if (k == x.len) {
        *sg = -1;
        return 1;
    }
    return 0;
}

#endif /* BOXTOI_HAVE_I128 */
