/* lib/prim/filter.c: the double-precision filter of the primitive
   queries; its only answer, "no contact in [0, 1]", is a proof.

   Method (doc/algorithm.md §9.5): (1) the bounding boxes of the two
   swept primitives, with every coordinate widened to the neighbouring
   doubles, are disjoint on some axis; or (2) the coplanarity cubic,
   written in the Bernstein basis of [0, 1], has four coefficients of
   one strict sign.  Each coefficient is a sum of at most 18 products
   of three coordinate differences, computed in double precision with
   round-to-nearest, grouped by degree through four cross products (at
   most 7 roundings on any product's path); the bound 2^-48 M on its error (M the same sum of
   products of magnitudes sigma: |a - b| for a difference of two exact
   doubles, else |a| + |b|) is derived in §9.5 for coordinates that are zero or of magnitude in
   [2^-200, 2^200], which excludes underflow and overflow; other inputs
   are left to the exact method.  The coefficients and their bounds are
   kept for the certified path (lib/prim/fast.c). */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "lib/util/interval.h"
#include "prim/impl.h"

#define FILTER_MIN 0x1p-200
#define FILTER_MAX 0x1p+200

/* prim_get_d, inline for prim_to_double: n / 2^e with |n| < 2^53 in
   one limb and e <= 1022 (a normal double n 2^-e, built from its
   exponent bits), else mpq_get_d. */
static inline double get_d(mpq_srcptr a, int *exact)
{
    mpz_srcptr n = mpq_numref(a), d = mpq_denref(a);
    size_t dn = mpz_size(d);
    if (mpz_size(n) == 1 && GMP_NUMB_BITS == 64) {
        mp_limb_t nl = mpz_getlimbn(n, 0), dl = mpz_getlimbn(d, dn - 1);
        unsigned long e;
        /* d = 2^e: its top limb a power of two, every other limb 0 */
        if (nl < ((mp_limb_t)1 << 53) && (dl & (dl - 1)) == 0
            && (dn == 1 || mpz_scan1(d, 0) >= 64 * (dn - 1))) {
            uint64_t bits;
            double scale, v;
#if defined(__GNUC__)
            e = (unsigned long)__builtin_ctzll((unsigned long long)dl);
#else
            for (e = 0; (dl >> e) > 1; e++)
                ;
#endif
            e += 64 * (unsigned long)(dn - 1);
            if (e <= 1022) {
                bits = (uint64_t)(1023 - e) << 52;
                memcpy(&scale, &bits, sizeof scale);
                v = (double)nl * scale;
                *exact = 1;
                return mpz_sgn(n) < 0 ? -v : v;
            }
        }
    }
    *exact = mpz_size(n) == 0;
    return *exact ? 0.0 : mpq_get_d(a);
}

double prim_get_d(mpq_srcptr a, int *exact)
{
    return get_d(a, exact);
}

/* One coordinate a for prim_to_double: 0 when out of the filter's
   range.  First the benchmark's case, one-limb n / 2^e with |n| < 2^53
   and e <= 63: an exact double of magnitude in [2^-63, 2^53), inside
   the range, so nothing else is tested.  It reads the limbs and sizes
   of n and d once (a one-limb d is positive: _mp_size 1; n's size +-1). */
static inline int to_double_1(double *x, unsigned char *exact, mpq_srcptr a)
{
    mpz_srcptr n = mpq_numref(a), d = mpq_denref(a);
    int ex, ns = n->_mp_size;
    double v;
    if (GMP_NUMB_BITS == 64 && d->_mp_size == 1 && (ns == 1 || ns == -1)) {
        mp_limb_t nl = n->_mp_d[0], dl = d->_mp_d[0];
        if ((nl >> 53) == 0 && (dl & (dl - 1)) == 0) {
            uint64_t bits;
            double scale;
#if defined(__GNUC__)
            bits = (uint64_t)(1023 - __builtin_ctzll((unsigned long long)dl))
                   << 52;
#else
            for (bits = 0; (dl >> bits) > 1; bits++)
                ;
            bits = (1023 - bits) << 52;
#endif
            memcpy(&scale, &bits, sizeof scale);
            v = (double)nl * scale;
            *x = ns < 0 ? -v : v;
            *exact = 1;
            return 1;
        }
    }
    v = get_d(a, &ex);
    if (!(ex && v == 0.0) && !(fabs(v) >= FILTER_MIN && fabs(v) <= FILTER_MAX))
        return 0;
    *x = v;
    *exact = (unsigned char)ex;
    return 1;
}

int prim_to_double(prim_dbl *x, const boxtoi_prim_query_t q)
{
    int k, i, j;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++)
                if (!to_double_1(&x->x[k][i][j], &x->exact[k][i][j],
                                 q->x[k][i][j]))
                    return 0;
    return 1;
}

/* (1): vertices 0..split-1 against split..3, all at both times; the
   exact coordinate lies between the neighbouring doubles of x, inside
   [boxtoi_iv_down(x), boxtoi_iv_up(x)] (lib/util/interval.h). */
static int boxes_apart(double (*x)[4][3], int split)
{
    int j, k, i;
    for (j = 0; j < 3; j++) {
        double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
        for (k = 0; k < 2; k++)
            for (i = 0; i < 4; i++) {
                int s = i < split ? 0 : 1;
                double v = x[k][i][j];
                if (v < lo[s])
                    lo[s] = v;
                if (v > hi[s])
                    hi[s] = v;
            }
        if (boxtoi_iv_up(hi[0]) < boxtoi_iv_down(lo[1])
            || boxtoi_iv_up(hi[1]) < boxtoi_iv_down(lo[0]))
            return 1;
    }
    return 0;
}

/* A coordinate difference a - b and its magnitude bound sigma (§9.5):
   |a - b| computed when a and b are exact, else |a| + |b|. */
typedef struct {
    double d[3], m[3];
} diff;

static void make_diff(diff *r, const prim_dbl *x, int k, int a, int b)
{
    int j;
    for (j = 0; j < 3; j++) {
        double xa = x->x[k][a][j], xb = x->x[k][b][j];
        r->d[j] = xa - xb;
        r->m[j] = x->exact[k][a][j] && x->exact[k][b][j]
                      ? fabs(r->d[j])
                      : fabs(xa) + fabs(xb);
    }
}

/* c = a x b and cm = its magnitude bound, the same products of the
   magnitudes all added (§9.5), in this order. */
static void cross(double c[3], double cm[3], const diff *a, const diff *b)
{
#define COMP(j, k, l)                                                    \
    do {                                                                 \
        c[j] = a->d[k] * b->d[l] - a->d[l] * b->d[k];                    \
        cm[j] = a->m[k] * b->m[l] + a->m[l] * b->m[k];                   \
    } while (0)
    COMP(0, 1, 2);
    COMP(1, 2, 0);
    COMP(2, 0, 1);
#undef COMP
}

/* (2): the Bernstein coefficients of det[u(t), v(t), w(t)],
   u(t) = u0 (1 - t) + u1 t etc.: S_m is the sum over i + j + k = m of
   det[u_i, v_j, w_k] = u_i . (v_j x w_k), computed grouped by degree
   (§9.5): C_0 = v0 x w0, C_1 = v0 x w1 + v1 x w0, C_2 = v1 x w1 and
   S_m = u0 . C_m + u1 . C_(m-1), as s[m] with |s[m] - S_m| <= err[m].
   Returns 1 when all four are proved of one strict sign. */
static int bernstein_one_sign(prim_dbl *d, const diff u[2], const diff v[2],
                              const diff w[2])
{
    double c[3][3], cm[3][3], t[3], tm[3];
    int m, i, pos = 1, neg = 1;

    cross(c[0], cm[0], v, w);
    cross(c[2], cm[2], v + 1, w + 1);
    cross(c[1], cm[1], v, w + 1);
    cross(t, tm, v + 1, w);
    for (i = 0; i < 3; i++) {
        c[1][i] += t[i];
        cm[1][i] += tm[i];
    }
    for (m = 0; m <= 3; m++) {
        double s = 0.0, mag = 0.0;
        /* u_i . C_(m-i) for i = 0, 1 where 0 <= m - i <= 2, summed in
           this order */
        for (i = 0; i < 2; i++) {
            const double *e, *em;
            if (m - i < 0 || m - i > 2)
                continue;
            e = c[m - i];
            em = cm[m - i];
            s += u[i].d[0] * e[0] + u[i].d[1] * e[1] + u[i].d[2] * e[2];
            mag += u[i].m[0] * em[0] + u[i].m[1] * em[1] + u[i].m[2] * em[2];
        }
        d->s[m] = s;
        d->err[m] = 0x1p-48 * mag;
        pos &= s > d->err[m];
        neg &= s < -d->err[m];
    }
    d->bern = 1;
    return pos || neg;
}

int prim_filter_core(prim_dbl *d, const boxtoi_prim_query_t q)
{
    diff u[2], v[2], w[2];
    double(*x)[4][3] = d->x;
    int k;

    d->bern = 0;
    if (mpq_sgn(q->t0) < 0 || q->t1_inf || mpq_cmp_ui(q->t1, 1, 1) > 0
        || mpq_cmp(q->t0, q->t1) > 0)
        return -1;
    if (boxes_apart(x, q->kind == BOXTOI_PRIM_VF ? 1 : 2))
        return 0;
    for (k = 0; k < 2; k++) {
        if (q->kind == BOXTOI_PRIM_VF) {
            /* det[B - A, C - A, P - A] */
            make_diff(u + k, d, k, 2, 1);
            make_diff(v + k, d, k, 3, 1);
            make_diff(w + k, d, k, 0, 1);
        } else {
            /* det[B - A, D - C, C - A] */
            make_diff(u + k, d, k, 1, 0);
            make_diff(v + k, d, k, 3, 2);
            make_diff(w + k, d, k, 2, 0);
        }
    }
    return bernstein_one_sign(d, u, v, w) ? 0 : -1;
}

int boxtoi_prim_filter(const boxtoi_prim_query_t q)
{
    prim_dbl d;
    memset(&d, 0, sizeof d); /* (only to quiet -Wmaybe-uninitialized) */
    if (!prim_to_double(&d, q))
        return -1;
    return prim_filter_core(&d, q);
}
