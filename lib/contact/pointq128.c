/* lib/contact/pointq128.c: the point and normal at a rational t
   (lib/contact/pointq.c) in machine numbers.  The 128-bit paths: the
   motions at t, adj(A1) over its content, the bounds times L, and box
   2's vertices with their forms against box 1, each after a size check
   that keeps every value below 2^126 (doc/algorithm.md §10.4, "In
   machine integers"); each returns 0 and sets nothing when its check
   fails (or without 128-bit integers), and pointq.c then takes its GMP
   steps, the reference (t/pointq-t compares them branch by branch).
   And the crossings' filter in doubles (zsign_filter, §10.4 "The
   filter"). */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/pointq.h"
#include "lib/contact/kernel-i128.h"
#include "lib/util/interval.h"

/* The greatest degree of a motion read in 128-bit integers. */
#define ZMAXDEG 8

/* m = q^N e(p/q) formed in 128-bit integers (kept in c->mi too) and
   1 when the size bound of
   doc/algorithm.md §10.4 ("In machine integers") holds: every
   coefficient below 2^bc, |p| and q below 2^bt (bt <= 63), N <= ZMAXDEG
   and bc + N bt + ceil(log2(N + 1)) <= 126, so that every power,
   product and sum below is under 2^126; else 0, m and c->mi unset.
   The same integers as zmotion's GMP steps. */
int zmotion_i128(zctx *c, mpz_t *m, const boxtoi_motion_struct *e,
                 mpq_srcptr t, long n)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_i128 *mi = c->mi, p, q, pq[ZMAXDEG + 1], pp, x = 0;
    boxtoi_u128 or = 0;
    long i;
    int k, bt, lg;

    if (n > ZMAXDEG || !boxtoi_mpz_get_i128(&p, mpq_numref(t), 63)
        || !boxtoi_mpz_get_i128(&q, mpq_denref(t), 63))
        return 0;
    for (k = 0; k < 16; k++)
        for (i = 0; i < e->e[k].length; i++) {
            if (!boxtoi_mpz_get_i128(&x, e->e[k].coeffs + i, 126))
                return 0;
            or |= boxtoi_uabs_i128(x);
        }
    bt = boxtoi_nbits_i128(boxtoi_uabs_i128(p) | (boxtoi_u128)q);
    for (lg = 0; (1L << lg) < n + 1; lg++)
        ;
    if (boxtoi_nbits_i128(or) + n * bt + lg > BOXTOI_LIMIT_I128)
        return 0;
    /* pq[i] = q^(n-i) p^i, below 2^(n bt) */
    pq[n] = 1;
    for (i = n - 1; i >= 0; i--)
        pq[i] = pq[i + 1] * q;
    for (i = 1, pp = 1; i <= n; i++) {
        pp *= p;
        pq[i] *= pp;
    }
    for (k = 0; k < 16; k++) {
        const boxtoi_poly_struct *src = e->e + k;
        mi[k] = 0;
        for (i = 0; i < src->length; i++) {
            boxtoi_mpz_get_i128(&x, src->coeffs + i, 126);
            mi[k] += x * pq[i];
        }
        boxtoi_mpz_set_i128(m[k], mi[k]);
    }
    return 1;
#else
    (void)c;
    (void)m;
    (void)e;
    (void)t;
    (void)n;
    return 0;
#endif
}

/* c->adj1 = adj(A1) / h, c->det1 = det A1 / h for the gcd h > 0 of
   adj(A1)'s entries (a positive factor: the same rel once it is made
   primitive, §10.4) and 1 when M1 is in c->mi (fast1) with every entry
   of A1 below 2^62: the cofactors, below 2^125, and h in 128-bit
   integers (the unchecked kernel instance lu of kernel-i128.h, the same
   formulas as zadj3), det A1 / h (up to 2^188) in GMP; else 0
   (doc/algorithm.md §10.4, "In machine integers"). */
int zadj3_i128(zctx *c, int fast1)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_i128 a[9], adj[9];
    boxtoi_u128 or = 0, h;
    int j;

    if (!fast1 || c->ref)
        return 0;
    for (j = 0; j < 9; j++) {
        a[j] = c->mi[4 * (j / 3) + j % 3];
        or |= boxtoi_uabs_i128(a[j]);
    }
    if (boxtoi_nbits_i128(or) > 62)
        return 0;
    lu_adj3(NULL, adj, a);
    for (j = 0, h = 0; j < 9 && h != 1; j++)
        h = boxtoi_gcd_i128(h, boxtoi_uabs_i128(adj[j]));
    for (j = 0; j < 9; j++)
        boxtoi_mpz_set_i128(c->adj1[j], h > 1 ? adj[j] / (boxtoi_i128)h
                                               : adj[j]);
    mpz_set_ui(c->det1, 0);
    for (j = 0; j < 3; j++)
        mpz_addmul(c->det1, c->m1[j], c->adj1[3 * j]);
    return 1;
#else
    (void)c;
    (void)fast1;
    return 0;
#endif
}

/* point_bounds in machine integers and 1 when every corner's
   numerator is below 2^63, its denominator and their lcm L below 2^62:
   then
   each bound num (L / den) is below 2^125 (doc/algorithm.md §10.4, "In
   machine integers"); else 0, nothing set. */
int zbounds_i128(zctx *c, const boxtoi_query_t q)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_i128 num[2][2][3], den;
    unsigned long long l = 1, d[2][2][3], g;
    int b, k, s;

    for (b = 0; b < 2; b++)
        for (s = 0; s < 2; s++)
            for (k = 0; k < 3; k++) {
                mpq_srcptr x = s == 0 ? q->box[b].min[k] : q->box[b].max[k];
                if (!boxtoi_mpz_get_i128(&num[b][s][k], mpq_numref(x), 63)
                    || !boxtoi_mpz_get_i128(&den, mpq_denref(x), 62))
                    return 0;
                d[b][s][k] = (unsigned long long)den;
                g = boxtoi_gcd_u64(l, d[b][s][k]);
                if ((boxtoi_u128)l * (d[b][s][k] / g) >> 62 != 0)
                    return 0;
                l *= d[b][s][k] / g;
            }
    mpz_set_ui(c->l, l);
    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++) {
            boxtoi_mpz_set_i128(c->lo[b][k], num[b][0][k]
                                * (boxtoi_i128)(l / d[b][0][k]));
            boxtoi_mpz_set_i128(c->hi[b][k], num[b][1][k]
                                * (boxtoi_i128)(l / d[b][1][k]));
        }
    return 1;
#else
    (void)c;
    (void)q;
    return 0;
#endif
}

/* c->fastv = 1 and c->ri, c->bi set when box 2's vertices and their
   forms against box 1 fit the bound of doc/algorithm.md §10.4 ("In
   machine integers"): |rel_ij| < 2^R, every bound of box 2 and L below
   2^V, every bound of box 1 and L below 2^U, R + V + U + 3 <= 126 (so
   each coordinate is below 2^(R + V + 2) and each form below
   2^(R + V + U + 3)); else c->fastv = 0.  The bounds were set (L
   first). */
void zfastv_check(zctx *c)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_u128 orr = 0, orb[2] = {0, 0};
    int k, b, s;

    c->fastv = 0;
    if (c->ref)
        return;
    for (k = 0; k < 16; k++) {
        if (k >= 12 && k < 15)
            continue; /* the bottom row's zeros (M1, M2 affine) */
        if (!boxtoi_mpz_get_i128(c->ri + k, c->rel[k], 100))
            return;
        orr |= boxtoi_uabs_i128(c->ri[k]);
    }
    for (b = 0; b < 2; b++) {
        if (!boxtoi_mpz_get_i128(&c->bi[b][0][3], c->l, 40))
            return;
        orb[b] = (boxtoi_u128)c->bi[b][0][3];
        for (s = 0; s < 2; s++)
            for (k = 0; k < 3; k++) {
                if (!boxtoi_mpz_get_i128(&c->bi[b][s][k],
                                         s == 0 ? c->lo[b][k]
                                                : c->hi[b][k], 40))
                    return;
                orb[b] |= boxtoi_uabs_i128(c->bi[b][s][k]);
            }
    }
    c->ubits = boxtoi_nbits_i128(orb[0]);
    c->fastv = boxtoi_nbits_i128(orr) + boxtoi_nbits_i128(orb[1])
                   + c->ubits + 3
               <= BOXTOI_LIMIT_I128;
#else
    c->fastv = 0;
#endif
}

/* zvertex then zforms for a vertex of box 2 against box 1 (b = 1),
   in 128-bit integers under zfastv_check's bound, the results (the
   same integers) set in p and f too: 1; 0 when !c->fastv. */
int zvertex_i128(zctx *c, signed char *s, mpz_t *f, zpt *p,
                        const signed char *axis)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_i128 x[4], v;
    const boxtoi_i128 *r = c->ri, l = c->bi[0][0][3];
    int i, k;

    if (!c->fastv)
        return 0;
    for (i = 0; i < 3; i++) {
        x[i] = r[4 * i + 3] * l;
        for (k = 0; k < 3; k++)
            x[i] += r[4 * i + k] * c->bi[1][axis[k] > 0][k];
    }
    x[3] = r[15] * l;
    if (x[3] < 0)
        for (k = 0; k < 4; k++)
            x[k] = -x[k];
    for (k = 0; k < 4; k++)
        boxtoi_mpz_set_i128(p->x[k], x[k]);
    for (k = 0; k < 3; k++) {
        v = x[k] * l - x[3] * c->bi[0][0][k];
        s[2 * k] = (signed char)((v > 0) - (v < 0));
        boxtoi_mpz_set_i128(f[2 * k], v);
        v = x[3] * c->bi[0][1][k] - x[k] * l;
        s[2 * k + 1] = (signed char)((v > 0) - (v < 0));
        boxtoi_mpz_set_i128(f[2 * k + 1], v);
    }
    return 1;
#else
    (void)c;
    (void)s;
    (void)f;
    (void)p;
    (void)axis;
    return 0;
#endif
}

/* zw_i128 (pointq.h): with c->fastv and p's coordinates below 2^U,
   each term of w x_i - b_i x_3 is below 2^(R + U) and w below
   2^(R + U + 1) <= 2^126 (doc/algorithm.md §10.4, "In machine
   integers"): 1 and c->w set; else 0. */
int zw_i128(zctx *c, const zpt *p)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_i128 x[4];
    int i;
    if (!c->fastv)
        return 0;
    for (i = 0; i < 4; i++)
        if (!boxtoi_mpz_get_i128(x + i, p->x[i], 63)
            || boxtoi_nbits_i128(boxtoi_uabs_i128(x[i])) > c->ubits)
            return 0;
    for (i = 0; i < 3; i++)
        boxtoi_mpz_set_i128(c->w[i], c->ri[15] * x[i]
                                         - c->ri[4 * i + 3] * x[3]);
    return 1;
#else
    (void)c;
    (void)p;
    return 0;
#endif
}

/* Each integer truncated to a double mantissa in [1/2, 1) times 2^e
   (mpz_get_d_2exp, e exact).  A product's magnitude lies in
   [2^(e - 2), 2^e) for the sum e of its factors' exponents, so
   exponents 2 or more apart (or a product 0) decide the sign exactly;
   otherwise the two mantissa products, brought to one exponent by an
   exact doubling, and their difference in doubles, which
   boxtoi_fe_sign's bound (§4.5) covers, 6 roundings deep
   (doc/algorithm.md §10.4, "The filter").  Two products 0: 2. */
int zsign_filter(mpz_srcptr a, mpz_srcptr b, mpz_srcptr c,
                        mpz_srcptr d)
{
    long ea, eb, ec, ed, e;
    double x = mpz_get_d_2exp(&ea, a) * mpz_get_d_2exp(&eb, b);
    double y = mpz_get_d_2exp(&ec, c) * mpz_get_d_2exp(&ed, d);
    if (x == 0 && y == 0)
        return 2;
    e = ea + eb - ec - ed;
    if (y == 0 || (x != 0 && e >= 2))
        return x > 0 ? 1 : -1;
    if (x == 0 || e <= -2)
        return y > 0 ? -1 : 1;
    if (e == 1)
        x *= 2;
    else if (e == -1)
        y *= 2;
    return boxtoi_fe_sign(x - y, fabs(x) + fabs(y));
}
