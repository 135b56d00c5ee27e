/* lib/prim/cubic.c: the exact coplanarity cubic of a query, canonical,
   and whether it is square-free, for the certified double path
   (doc/algorithm.md §9.7, §9.8).

   The cubic times L^3 (L > 0 makes every coordinate an integer) is
   formed from its exact Bernstein coefficients
   S_m = sum over i + j + k = m of u_i . (v_j x w_k) (u, v, w the edge
   vectors of §9.2 at times 0 and 1) and
   f = S_0 (1-t)^3 + S_1 (1-t)^2 t + S_2 (1-t) t^2 + S_3 t^3.
   One formula, two number types: 128-bit integers with 256- and
   384-bit two's complement products when every coordinate is a double
   whose scaled value is below 2^120 (§9.8 bounds every intermediate
   value, so nothing overflows), else GMP. */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "poly/impl.h"
#include "prim/impl.h"

/* The pairs of vertices of the edge vectors u, v, w (§9.2). */
static const int pairs[2][3][2] = {
    {{2, 1}, {3, 1}, {0, 1}}, /* vertex-face: B - A, C - A, P - A */
    {{1, 0}, {3, 2}, {2, 0}}  /* edge-edge: B - A, D - C, C - A */
};

/* p = s[0] (1-t)^3 + s[1] (1-t)^2 t + s[2] (1-t) t^2 + s[3] t^3 in the
   power basis: c0 = S0, c1 = S1 - 3 S0, c2 = 3 S0 - 2 S1 + S2,
   c3 = S3 - S2 + S1 - S0 (s is overwritten). */
static void power_basis(boxtoi_poly_t p, mpz_t s[4])
{
    boxtoi_poly_fit_length(p, 4);
    mpz_set(p->coeffs, s[0]);
    mpz_mul_ui(p->coeffs + 1, s[0], 3);
    mpz_sub(p->coeffs + 1, s[1], p->coeffs + 1);
    mpz_mul_ui(p->coeffs + 2, s[0], 3);
    mpz_submul_ui(p->coeffs + 2, s[1], 2);
    mpz_add(p->coeffs + 2, p->coeffs + 2, s[2]);
    mpz_sub(p->coeffs + 3, s[3], s[2]);
    mpz_add(p->coeffs + 3, p->coeffs + 3, s[1]);
    mpz_sub(p->coeffs + 3, p->coeffs + 3, s[0]);
    boxtoi_poly_set_length_normalise(p, 4);
}

/* The GMP instance: any rational coordinates, scaled by the common
   denominator of prim_denominator. */
static void cubic_mpz(boxtoi_poly_t res, const boxtoi_prim_query_t q)
{
    const int(*ev)[2] = pairs[q->kind == BOXTOI_PRIM_VF ? 0 : 1];
    mpz_t e[2][3][3], cr[3], den, x, y, s[4];
    long emax;
    int k, i, j, l, m;

    mpz_init(den);
    mpz_init(x);
    mpz_init(y);
    for (m = 0; m < 4; m++)
        mpz_init(s[m]);
    for (m = 0; m < 3; m++)
        mpz_init(cr[m]);
    emax = prim_denominator(den, q);
    /* e[k][r] = L (x_a - x_b) at time k for the pair ev[r] */
    for (k = 0; k < 2; k++)
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                mpz_init(e[k][i][j]);
                prim_scaled(x, q->x[k][ev[i][0]][j], den, emax);
                prim_scaled(y, q->x[k][ev[i][1]][j], den, emax);
                mpz_sub(e[k][i][j], x, y);
            }
    for (j = 0; j < 2; j++)
        for (l = 0; l < 2; l++) {
            for (m = 0; m < 3; m++) {
                int a = (m + 1) % 3, b = (m + 2) % 3;
                mpz_mul(cr[m], e[j][1][a], e[l][2][b]);
                mpz_submul(cr[m], e[j][1][b], e[l][2][a]);
            }
            for (i = 0; i < 2; i++)
                for (m = 0; m < 3; m++)
                    mpz_addmul(s[i + j + l], e[i][0][m], cr[m]);
        }
    power_basis(res, s);
    for (k = 0; k < 2; k++)
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++)
                mpz_clear(e[k][i][j]);
    for (m = 0; m < 3; m++)
        mpz_clear(cr[m]);
    for (m = 0; m < 4; m++)
        mpz_clear(s[m]);
    mpz_clear(y);
    mpz_clear(x);
    mpz_clear(den);
}

#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0
/* The 128-bit instance.  Limbs are 64-bit words, least significant
   first, in two's complement: a cross product component in 4 limbs,
   an S_m in 6 (the bounds of §9.8: below 2^243, resp. 2^371). */
#define NW 6

static void neg_n(mp_limb_t *r, int n)
{
    mp_limb_t c = 1, x;
    int i;
    for (i = 0; i < n; i++) {
        x = ~r[i] + c;
        c = c && x == 0;
        r[i] = x;
    }
}

/* r += a (n limbs each) */
static void add_n(mp_limb_t *r, const mp_limb_t *a, int n)
{
    mp_limb_t c = 0, x;
    int i;
    for (i = 0; i < n; i++) {
        x = r[i] + c;
        c = x < c;
        r[i] = x + a[i];
        c += r[i] < x;
    }
}

/* r -= a (n limbs each) */
static void sub_n(mp_limb_t *r, const mp_limb_t *a, int n)
{
    mp_limb_t c = 0, x, b;
    int i;
    for (i = 0; i < n; i++) {
        b = r[i] < a[i];
        x = r[i] - a[i];
        r[i] = x - c;
        c = b | (x < c); /* at most one of the two borrows */
    }
}

/* r[0..3] = a b, for |a|, |b| < 2^121 */
static void mul_2_2(mp_limb_t r[4], boxtoi_i128 a, boxtoi_i128 b)
{
    boxtoi_u128 ua = boxtoi_uabs_i128(a), ub = boxtoi_uabs_i128(b);
    mp_limb_t a0 = (mp_limb_t)ua, a1 = (mp_limb_t)(ua >> 64);
    mp_limb_t b0 = (mp_limb_t)ub, b1 = (mp_limb_t)(ub >> 64);
    boxtoi_u128 p00 = (boxtoi_u128)a0 * b0, p01 = (boxtoi_u128)a0 * b1;
    boxtoi_u128 p10 = (boxtoi_u128)a1 * b0, p11 = (boxtoi_u128)a1 * b1;
    /* a1, b1 < 2^57: no sum below overflows */
    boxtoi_u128 mid = (p00 >> 64) + (mp_limb_t)p01 + (mp_limb_t)p10;
    boxtoi_u128 hi = (mid >> 64) + (p01 >> 64) + (p10 >> 64) + p11;
    r[0] = (mp_limb_t)p00;
    r[1] = (mp_limb_t)mid;
    r[2] = (mp_limb_t)hi;
    r[3] = (mp_limb_t)(hi >> 64);
    if ((a < 0) != (b < 0))
        neg_n(r, 4);
}

/* s += a b for a 128-bit a and a 4-limb b (|a b| < 2^372) */
static void addmul_2_4(mp_limb_t s[NW], boxtoi_i128 a, const mp_limb_t b[4])
{
    boxtoi_u128 ua = boxtoi_uabs_i128(a), t;
    mp_limb_t ub[4], r[NW] = {0, 0, 0, 0, 0, 0}, au[2], c;
    int neg = (a < 0) != (b[3] >> 63 != 0), i, j;

    memcpy(ub, b, sizeof ub);
    if (b[3] >> 63)
        neg_n(ub, 4);
    au[0] = (mp_limb_t)ua;
    au[1] = (mp_limb_t)(ua >> 64);
    for (i = 0; i < 2; i++) {
        c = 0;
        for (j = 0; j < 4; j++) {
            t = (boxtoi_u128)au[i] * ub[j] + r[i + j] + c;
            r[i + j] = (mp_limb_t)t;
            c = (mp_limb_t)(t >> 64);
        }
        r[i + 4] = c;
    }
    if (neg)
        sub_n(s, r, NW);
    else
        add_n(s, r, NW);
}

/* z = the 6-limb two's complement a. */
static void set_wide(mpz_ptr z, const mp_limb_t a[NW])
{
    mp_limb_t m[NW], *p;
    int neg = a[NW - 1] >> 63 != 0, n = NW;
    memcpy(m, a, sizeof m);
    if (neg)
        neg_n(m, NW);
    while (n > 0 && m[n - 1] == 0)
        n--;
    p = mpz_limbs_write(z, n > 0 ? n : 1);
    memcpy(p, m, (size_t)n * sizeof *p);
    mpz_limbs_finish(z, neg ? -n : n);
}

/* The narrow instance, for differences below 2^60 (§9.8): a component
   of the grouped cross products in 128 bits (below 2^122), an S_m as
   hi 2^64 + lo (below 2^185; the power basis's c_m below 2^188, hi
   below 2^124). */
typedef struct {
    boxtoi_i128 hi;
    mp_limb_t lo;
} i192;

static void add_192(i192 *r, const i192 *a)
{
    mp_limb_t lo = r->lo + a->lo;
    r->hi += a->hi + (lo < r->lo);
    r->lo = lo;
}

static void sub_192(i192 *r, const i192 *a)
{
    mp_limb_t lo = r->lo - a->lo;
    r->hi -= a->hi + (r->lo < a->lo);
    r->lo = lo;
}

/* m = |a| (below 2^191) in 3 limbs; returns whether a < 0. */
static int mag_192(mp_limb_t m[3], const i192 *a)
{
    int neg = a->hi < 0;
    mp_limb_t lo = a->lo;
    boxtoi_u128 hi = (boxtoi_u128)a->hi;
    if (neg) { /* -(hi 2^64 + lo) = ~hi 2^64 + (-lo), carry when lo = 0 */
        lo = -lo;
        hi = ~hi + (lo == 0);
    }
    m[0] = lo;
    m[1] = (mp_limb_t)hi;
    m[2] = (mp_limb_t)(hi >> 64);
    return neg;
}

/* res = the cubic c[0..3] made canonical (divided by its content, with
   a positive leading coefficient) on its limbs, before they are written
   to GMP (poly_divide_content_limbs, lib/poly/content.c, §9.8);
   *sqfree as prim_cubic's. */
static void set_canonical(boxtoi_poly_t res, const i192 c[4], int *sqfree)
{
    mp_limb_t m[4][3];
    uint64_t r[4];
    int neg[4], i, top = -1;

    for (i = 0; i < 4; i++) {
        neg[i] = mag_192(m[i], c + i);
        if ((m[i][0] | m[i][1] | m[i][2]) != 0)
            top = i;
    }
    if (sqfree != NULL) {
        /* the discriminant of c, content^4 (or ^2) times the canonical
           form's: non-zero together (§9.8) */
        for (i = 0; i <= top; i++)
            r[i] = prim_mod61(m[i], 3, neg[i]);
        *sqfree = top >= 2 && prim_disc_mod61(r, top);
    }
    poly_divide_content_limbs(res, (const mp_limb_t(*)[3])m, neg, 4, 1);
}

/* res = the power basis coefficients from the differences f, all below
   2^60 (§9.8).  The cross products are grouped by degree first,
   C_0 = v_0 x w_0, C_1 = v_0 x w_1 + v_1 x w_0, C_2 = v_1 x w_1
   (components below 2^122), so that S_m = u_0 . C_m + u_1 . C_(m-1)
   takes 18 products instead of 24; res is canonical. */
static void narrow(boxtoi_poly_t res, int64_t f[2][3][3], int *sqfree)
{
    boxtoi_i128 cr[3][3], hs[4] = {0, 0, 0, 0}, ls[4] = {0, 0, 0, 0};
    i192 s[4], r[4];
    int i, j, m;

    /* component m from the axes a = m + 1, b = m + 2 (mod 3), the axes
       written out (a computed modulo cost a tenth of the products) */
#define CROSS(m, a, b)                                                  \
    do {                                                                \
        for (j = 0; j < 2; j++)                                         \
            cr[2 * j][m] = (boxtoi_i128)f[j][1][a] * f[j][2][b]         \
                           - (boxtoi_i128)f[j][1][b] * f[j][2][a];      \
        cr[1][m] = (boxtoi_i128)f[0][1][a] * f[1][2][b]                 \
                   - (boxtoi_i128)f[0][1][b] * f[1][2][a]               \
                   + (boxtoi_i128)f[1][1][a] * f[0][2][b]               \
                   - (boxtoi_i128)f[1][1][b] * f[0][2][a];              \
    } while (0)
    CROSS(0, 1, 2);
    CROSS(1, 2, 0);
    CROSS(2, 0, 1);
#undef CROSS
    /* a b = a bh 2^64 + a bl for b = bh 2^64 + bl (bh = b >> 64, an
       arithmetic shift, below 2^58; bl = b mod 2^64), a below 2^60: the
       S_m's at most 6 terms summed apart, sum a bl below 6 2^124 and
       sum a bh below 6 2^118, then S_m = hs 2^64 + ls */
    for (i = 0; i < 2; i++)
        for (j = 0; j < 3; j++)
            for (m = 0; m < 3; m++) {
                int64_t a = f[i][0][m];
                boxtoi_i128 b = cr[j][m];
                ls[i + j] += (boxtoi_i128)a * (boxtoi_i128)(mp_limb_t)b;
                hs[i + j] += (boxtoi_i128)a * (int64_t)(b >> 64);
            }
    for (m = 0; m < 4; m++) {
        s[m].lo = (mp_limb_t)ls[m];
        s[m].hi = hs[m] + (ls[m] >> 64);
    }
    /* the power basis, as power_basis */
    r[0] = r[1] = r[2] = s[0];
    add_192(r + 1, r + 2);
    add_192(r + 1, r + 2);   /* 3 S0 */
    r[2] = r[1];
    r[0] = s[1];
    sub_192(r, r + 1);       /* c1 = S1 - 3 S0 */
    sub_192(r + 2, s + 1);
    sub_192(r + 2, s + 1);
    add_192(r + 2, s + 2);   /* c2 = 3 S0 - 2 S1 + S2 */
    r[3] = s[3];
    sub_192(r + 3, s + 2);
    add_192(r + 3, s + 1);
    sub_192(r + 3, s + 0);   /* c3 = S3 - S2 + S1 - S0 */
    r[1] = r[0];
    r[0] = s[0];
    set_canonical(res, r, sqfree);
}

/* The exponents of the coordinates when every one is an exact double:
   *low the least exponent of a set bit (INT_MAX when all are zero),
   *high one more than the exponent of the highest, so that every
   coordinate is an integer times 2^low below 2^high in magnitude;
   0 when one is not exact. */
static int exponents(int *low, int *high, const prim_dbl *d)
{
    const double *x = &d->x[0][0][0];
    const unsigned char *ex = &d->exact[0][0][0];
    int i, lo = INT_MAX, hi = 0;
    uint64_t b;

    for (i = 0; i < 24; i++) {
        int e;
        if (!ex[i])
            return 0;
        if (x[i] == 0.0)
            continue;
        /* a normal double (|v| >= 2^-200): |v| = M 2^(e - 1075) with
           2^52 <= M < 2^53, lowest set bit 2^(e - 1075 + ctz M) */
        memcpy(&b, x + i, sizeof b);
        e = (int)((b >> 52) & 0x7ff);
        lo = e + __builtin_ctzll(b | UINT64_C(1) << 52) < lo
                 ? e + __builtin_ctzll(b | UINT64_C(1) << 52)
                 : lo;
        hi = e > hi ? e : hi;
    }
    *low = lo == INT_MAX ? lo : lo - 1075;
    *high = hi - 1075 + 53;
    return 1;
}

/* 2^-low, a normal double for the low of exponents (low >= -253). */
static double unscale(int low)
{
    uint64_t b = (uint64_t)(1023 - low) << 52;
    double r;
    memcpy(&r, &b, sizeof r);
    return r;
}

/* res = the cubic in integers, when every coordinate is an exact
   double and, scaled by L = 2^-low (low the least exponent of a set
   bit over all coordinates), below 2^120 (§9.8): returns 2 when res is
   canonical already (the narrow instance, or zero), 1 when it is not
   yet; 0 otherwise (res untouched). */
static int cubic_i128(boxtoi_poly_t res, const boxtoi_prim_query_t q,
                      const prim_dbl *d, int *sqfree)
{
    const int(*ev)[2] = pairs[q->kind == BOXTOI_PRIM_VF ? 0 : 1];
    boxtoi_i128 e[2][3][3];
    int64_t f[2][3][3];
    mp_limb_t s[4][NW], c[4][NW], cr[3][4];
    boxtoi_u128 big = 0;
    uint64_t small = 0;
    double scale;
    int k, i, j, l, m, low, high;

    if (!exponents(&low, &high, d))
        return 0;
    if (low == INT_MAX) {
        boxtoi_poly_zero(res);
        return 2;
    }
    /* low >= -253 and high <= 201 (the range of prim_to_double), so
       x 2^-low is an exact integer, below 2^(high - low) */
    if (high - low > 120)
        return 0;
    scale = unscale(low);
    if (high - low <= 62) {
        /* 64-bit integers, differences below 2^63 */
        for (k = 0; k < 2; k++)
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++) {
                    f[k][i][j] = (int64_t)(d->x[k][ev[i][0]][j] * scale)
                                 - (int64_t)(d->x[k][ev[i][1]][j] * scale);
                    small |= f[k][i][j] < 0 ? -(uint64_t)f[k][i][j]
                                            : (uint64_t)f[k][i][j];
                }
        if (small < UINT64_C(1) << 60) {
            narrow(res, f, sqfree);
            return 2;
        }
        for (k = 0; k < 2; k++)
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++)
                    e[k][i][j] = f[k][i][j];
    } else {
        for (k = 0; k < 2; k++)
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++) {
                    e[k][i][j] =
                        (boxtoi_i128)(d->x[k][ev[i][0]][j] * scale)
                        - (boxtoi_i128)(d->x[k][ev[i][1]][j] * scale);
                    big |= boxtoi_uabs_i128(e[k][i][j]);
                }
        if (big < (boxtoi_u128)1 << 60) {
            for (k = 0; k < 2; k++)
                for (i = 0; i < 3; i++)
                    for (j = 0; j < 3; j++)
                        f[k][i][j] = (int64_t)e[k][i][j];
            narrow(res, f, sqfree);
            return 2;
        }
    }
    memset(s, 0, sizeof s);
    for (j = 0; j < 2; j++)
        for (l = 0; l < 2; l++) {
            for (m = 0; m < 3; m++) {
                int a = (m + 1) % 3, b = (m + 2) % 3;
                mp_limb_t t[4];
                mul_2_2(cr[m], e[j][1][a], e[l][2][b]);
                mul_2_2(t, e[j][1][b], e[l][2][a]);
                sub_n(cr[m], t, 4);
            }
            for (i = 0; i < 2; i++)
                for (m = 0; m < 3; m++)
                    addmul_2_4(s[i + j + l], e[i][0][m], cr[m]);
        }
    /* the power basis, as power_basis */
    memcpy(c[0], s[0], sizeof c[0]);
    memcpy(c[1], s[1], sizeof c[1]);
    memcpy(c[2], s[2], sizeof c[2]);
    memcpy(c[3], s[3], sizeof c[3]);
    for (m = 0; m < 3; m++) {
        sub_n(c[1], s[0], NW);
        add_n(c[2], s[0], NW);
    }
    sub_n(c[2], s[1], NW);
    sub_n(c[2], s[1], NW);
    sub_n(c[3], s[2], NW);
    add_n(c[3], s[1], NW);
    sub_n(c[3], s[0], NW);
    boxtoi_poly_fit_length(res, 4);
    for (m = 0; m < 4; m++)
        set_wide(res->coeffs + m, c[m]);
    boxtoi_poly_set_length_normalise(res, 4);
    return 1;
}
#else
static int cubic_i128(boxtoi_poly_t res, const boxtoi_prim_query_t q,
                      const prim_dbl *d, int *sqfree)
{
    (void)sqfree;
    (void)res;
    (void)q;
    (void)d;
    return 0;
}
#endif

void prim_cubic(boxtoi_poly_t res, const boxtoi_prim_query_t q,
                const prim_dbl *d, int use_i128, int *sqfree)
{
    int k;
    if (sqfree != NULL)
        *sqfree = 0; /* (set by the narrow instance only) */
    k = use_i128 ? cubic_i128(res, q, d, sqfree) : 0;
    if (k == 0)
        cubic_mpz(res, q);
    if (k != 2)
        boxtoi_poly_canonical(res, res);
}
