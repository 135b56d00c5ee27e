/* lib/contact/relmotion128.c: the relative motion of route.c in 128-bit
   integers.

   contact_relative_motion computes M = adj(M1) M2 =
   [[w1 adj(A1) A2, adj(A1) (w1 b2 - w2 b1)], [0, det(A1) w2]] and divides
   out G, the canonical gcd (primitive, positive leading coefficient) of
   its entries, then their common integer content (route.c).  On the
   queries met in practice every number involved fits in 128 bits, where
   GMP's allocations cost more than the arithmetic; this file does the
   same computation there (M by the plane kernel's instance kq,
   kernel-p128.h, doc/algorithm.md §4.5) and gives the same motion, or
   gives up (returns 0, nothing written) as soon as a number would not
   fit.

   - Products and sums are checked (__builtin_*_overflow): no bound is
     assumed, an overflow only means "give up".
   - G is found by the modular method [von zur Gathen, Gerhard, "Modern
     Computer Algebra", §6.7; lib/poly/gcdmod.c]: with p = 2^61 - 1 not
     dividing lc(w), the monic gcd G_p of all entries mod p has degree
     >= deg G (G | w, so lc(G) | lc(w) and p does not divide lc(G); G
     mod p divides every entry mod p).  G / lc(G) has rational
     coefficients, recovered from G_p by rational reconstruction (ibid.
     §5.10) when they have at most 30 bits; H is their primitive integer
     multiple with a positive leading coefficient.  If H divides every
     entry exactly, H | G and deg H = deg G_p >= deg G, so H = G.
     Otherwise (an unlucky prime, or G / lc(G) with larger fractions)
     give up.
   - When A1 is a rotation scaled by w1 (A1^T A1 = w1^2 I, tested
     exactly), adj(A1) = +-w1 A1^T: M is computed with the known power
     of w1 already divided out (scaled_rotation_sign), which leaves lower
     degrees and usually G = 1.
   Reference: doc/algorithm.md §2. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/kernel-p128.h"

#ifdef BOXTOI_HAVE_I128

typedef boxtoi_i128 i128;
typedef boxtoi_u128 u128;
typedef unsigned long long u64;

/* ---- arithmetic modulo the Mersenne prime p = 2^61 - 1 -------------- */

#define RM_P ((u64)0x1fffffffffffffffULL)

static u64 mod_p128(u128 x)
{
    x = (x & RM_P) + (x >> 61); /* < 2^67 + 2^61 */
    x = (x & RM_P) + (x >> 61); /* < 2^62 */
    return (u64)(x >= RM_P ? x - RM_P : x);
}

static u64 mulmod(u64 a, u64 b)
{
    return mod_p128((u128)a * b);
}

static u64 submod(u64 a, u64 b)
{
    return a >= b ? a - b : a + RM_P - b;
}

/* a^(p-2) = a^-1 for 0 < a < p (Fermat) */
static u64 invmod(u64 a)
{
    u64 r = 1, e = RM_P - 2;
    while (e > 0) {
        if (e & 1)
            r = mulmod(r, a);
        a = mulmod(a, a);
        e >>= 1;
    }
    return r;
}

static u64 i128_mod(i128 x)
{
    u128 m = x < 0 ? -(u128)x : (u128)x;
    u64 r = mod_p128(m);
    return x < 0 && r != 0 ? RM_P - r : r;
}

/* x[0..len) = a mod p; returns the degree of the image (-1 for 0). */
static int reduce(u64 *x, const poly_i128 *a)
{
    int i, d = -1;
    for (i = 0; i < a->len; i++) {
        x[i] = i128_mod(a->c[i]);
        if (x[i] != 0)
            d = i;
    }
    return d;
}

/* u <- monic gcd(u, v) in Z_p[t] (degrees du, dv; -1 for zero); v is
   destroyed.  Returns the degree of the gcd (-1 when both are zero).
   Euclid's algorithm with remainders taken up to a non-zero factor
   (x <- lc(y) x - lc(x) t^k y), which changes no gcd over a field and
   needs no inverse until the end. */
static int gcd_modp(u64 *u, int du, u64 *v, int dv)
{
    u64 *x = u, *y = v, *s;
    int dx = du, dy = dv, i, k, ds;
    while (dy >= 0) {
        while (dx >= dy) {
            u64 c = x[dx], l = y[dy];
            int sh = dx - dy;
            for (i = 0; i < sh; i++)
                x[i] = mulmod(x[i], l);
            for (k = 0; k <= dy; k++)
                x[sh + k] = submod(mulmod(x[sh + k], l), mulmod(c, y[k]));
            while (dx >= 0 && x[dx] == 0)
                dx--;
        }
        s = x;
        x = y;
        y = s;
        ds = dx;
        dx = dy;
        dy = ds;
    }
    if (dx == 0) {
        u[0] = 1; /* coprime: the monic gcd 1, no inverse needed */
    } else if (dx > 0) {
        u64 inv = x[dx] == 1 ? 1 : invmod(x[dx]);
        for (i = 0; i <= dx; i++)
            u[i] = mulmod(x[i], inv);
    }
    return dx;
}

/* Rational reconstruction [von zur Gathen, Gerhard, §5.10]: n / d with
   n = a d mod p, |n|, d <= 2^30 (about sqrt(p / 2)), when it exists
   (returns 0 otherwise). */
static int ratrecon(long long *n, long long *d, u64 a)
{
    const long long bound = 1LL << 30;
    long long r0 = (long long)RM_P, r1 = (long long)a, t0 = 0, t1 = 1;
    while (r1 > bound) {
        long long q = r0 / r1, t;
        t = r0 - q * r1;
        r0 = r1;
        r1 = t;
        t = t0 - q * t1; /* |t| <= p / r1 < 2^61: no overflow */
        t0 = t1;
        t1 = t;
    }
    if (t1 == 0 || t1 > bound || t1 < -bound)
        return 0;
    *n = t1 < 0 ? -r1 : r1;
    *d = t1 < 0 ? -t1 : t1;
    return 1;
}

/* x <- x mod y for a monic y of degree dy >= 0; returns x's degree. */
static int rem_monic(u64 *x, int dx, const u64 *y, int dy)
{
    int k;
    while (dx >= dy) {
        u64 c = x[dx];
        for (k = 0; k <= dy; k++)
            x[dx - dy + k] = submod(x[dx - dy + k], mulmod(c, y[k]));
        while (dx >= 0 && x[dx] == 0)
            dx--;
    }
    return dx;
}

/* For a block A of motion 1 that is a rotation scaled by its weight w,
   A^T A = w^2 I (every quaternion motion): sets *sg = +-1 with
   adj(A) = sg w A^T and returns 1; returns 0 when A is not such a block
   (or a number does not fit).  A^{-1} = A^T / w^2 and det A = +-w^3
   ((det A)^2 = w^6), so adj(A) = det(A) A^{-1} = +-w A^T; the sign is
   read off one entry adj(A)_0j = sg w A_j0 with A_j0 != 0 (column 0 is
   not zero: its squared norm is w^2). */
static int scaled_rotation_sign(int *sg, const poly_i128 *a,
                                const poly_i128 *w)
{
    poly_i128 s, x, y;
    int i, j, k;
    for (i = 0; i < 3; i++)
        for (j = i; j < 3; j++) {
            poly_i128_zero(&s);
            for (k = 0; k < 3; k++)
                if (!poly_i128_addmul(&s, a + 3 * k + i, a + 3 * k + j, 1))
                    return 0;
            if (i == j && !poly_i128_addmul(&s, w, w, -1))
                return 0;
            if (s.len != 0)
                return 0;
        }
    for (j = 0; j < 3 && a[3 * j].len == 0; j++)
        ;
    if (j == 3)
        return 0;
    /* adj(A)_0j = A_{j1,1} A_{j2,2} - A_{j1,2} A_{j2,1} (adj3 below) */
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

/* M / (sign(c) w1) or M / (|c| v^2) (below) for a block A1 that is a
   rotation scaled by w1 with adj(A1) = sg w1 A1^T (scaled_rotation_sign):
   a multiple of the relative motion by a positive constant over a
   power of v, in m[16]; 0 on overflow. */
static int rotation_motion(poly_i128 m[16], const poly_i128 *a1,
                           const poly_i128 *a2,
                           const poly_i128 *b1,
                           const poly_i128 *b2,
                           const poly_i128 *w1p,
                           const poly_i128 *w2p, int sg)
{
    poly_i128 w1 = *w1p, w2 = *w2p, t;
    int i, j, k;
    /* adj(A1) = sg w1 A1^T: M = sg w1 M' with
       M' = [[w1 A1^T A2, A1^T (w1 b2 - w2 b1)], [0, w1^2 w2]].
       Let w1 = c v, v (pv) primitive with lc(v) > 0.  When moreover
       b1 = v tau in Z[t] (motion 1's translation is a polynomial, as
       from boxtoi_motion_set_quat_linear),
       M = sg c v^2 N, N = [[c A1^T A2, A1^T (c b2 - w2 tau)],
       [0, c w1 w2]], and sigma N = M / (|c| v^2) is computed with
       sigma = sg sign(c); otherwise sigma M' = M / (sign(c) w1).
       Either way the entries' gcd is G divided by a power of v, the
       quotient by it differs from M / G by a positive constant, and
       the content removes that below: the same motion, with smaller
       degrees on the way. */
    poly_i128 pv;
    int tau = w1.len > 1 && poly_i128_primitive(&pv, &w1);
    int sigma = w1.c[w1.len - 1] < 0 ? -sg : sg;
    poly_i128 x[3], tq, cw;
    for (i = 0; i < 3 && tau; i++)
        if (!poly_i128_divexact(x + i, b1 + i, &pv))
            tau = 0;
    if (tau) {
        poly_i128_zero(&cw); /* the constant c = w1 / v */
        cw.len = 1;
        cw.c[0] = w1.c[w1.len - 1] / pv.c[pv.len - 1];
        cw.bits = poly_i128_bits(&cw);
        for (i = 0; i < 3; i++) {
            /* x = c b2 - w2 tau (tau was in x) */
            tq = x[i];
            if (!poly_i128_mul(x + i, &cw, b2 + i)
                || !poly_i128_addmul(x + i, &w2, &tq, -1))
                return 0;
        }
    } else {
        cw = w1;
        for (i = 0; i < 3; i++)
            if (!poly_i128_mul(x + i, &w1, b2 + i)
                || !poly_i128_addmul(x + i, &w2, b1 + i, -1))
                return 0;
    }
    /* the block: cw A1^T A2, cw = c or w1 */
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++) {
            poly_i128_zero(&t);
            for (k = 0; k < 3; k++)
                if (!poly_i128_addmul(&t, a1 + 3 * k + i,
                                       a2 + 3 * k + j, 1))
                    return 0;
            if (!poly_i128_mul(m + 4 * i + j, &t, &cw))
                return 0;
        }
        poly_i128_zero(m + 4 * i + 3);
        for (k = 0; k < 3; k++)
            if (!poly_i128_addmul(m + 4 * i + 3, a1 + 3 * k + i, x + k,
                                   1))
                return 0;
        poly_i128_zero(m + 12 + i);
    }
    /* w: c w1 w2 or w1^2 w2 */
    if (!poly_i128_mul(&t, &cw, &w1) || !poly_i128_mul(m + 15, &t, &w2)
        || m[15].len == 0)
        return 0;
    if (sigma < 0)
        for (k = 0; k < 16; k++)
            for (i = 0; i < m[k].len; i++)
                m[k].c[i] = -m[k].c[i];
    return 1;
}

/* out = m / G with G the gcd of m's entries and the integer content
   divided out (as boxtoi_motion_normalise): G by its image mod p,
   recovered by rational reconstruction and proved by exact division.
   0 when a step fails (the caller then runs the GMP version). */
static int divide_gcd(poly_i128 out[16], poly_i128 m[16])
{
    poly_i128 t, u;
    u64 g[POLY_I128_LEN], h[POLY_I128_LEN];
    int i, k, dg;
    u128 cont;

    /* G mod p: the monic gcd of all entries' images */
    if (i128_mod(m[15].c[m[15].len - 1]) == 0)
        return 0; /* p | lc(w): the degree argument fails */
    dg = reduce(g, m + 15);
    dg = gcd_modp(g, dg, h, -1); /* made monic */
    for (k = 0; k < 12 && dg > 0; k++) {
        /* usually g already divides the entry: one remainder, no
           inverse */
        int dh = reduce(h, m + k);
        if (dh >= 0)
            dh = rem_monic(h, dh, g, dg);
        if (dh >= 0)
            dg = gcd_modp(g, dg, h, dh);
    }
    if (dg > 0) {
        /* H: the coefficients of G_p (monic) as fractions n / d of at
           most 30 bits each, over their common denominator, made
           primitive with a positive leading coefficient */
        long long num[POLY_I128_LEN], den[POLY_I128_LEN];
        u128 lcm = 1, hc = 0;
        for (i = 0; i <= dg; i++) {
            if (!ratrecon(num + i, den + i, g[i]))
                return 0;
            lcm = lcm / boxtoi_gcd_u128(lcm, (u128)den[i]) * (u128)den[i];
            if ((lcm >> 62) != 0)
                return 0;
        }
        u.len = dg + 1;
        for (i = 0; i <= dg; i++) {
            u.c[i] = (i128)num[i] * (i128)(lcm / (u128)den[i]);
            hc = boxtoi_gcd_u128(hc, boxtoi_uabs_i128(u.c[i]));
        }
        for (i = 0; i <= dg; i++)
            u.c[i] /= (i128)hc;
        if (u.c[dg] < 0)
            for (i = 0; i <= dg; i++)
                u.c[i] = -u.c[i];
        /* H must divide every entry; then H = G */
        for (k = 0; k < 16; k++) {
            if (!poly_i128_divexact(&t, m + k, &u))
                return 0;
            m[k] = t;
        }
    }
    /* the integer content of all entries, as boxtoi_motion_normalise */
    cont = 0;
    for (k = 0; k < 16; k++)
        for (i = 0; i < m[k].len; i++)
            cont = boxtoi_gcd_u128(cont, boxtoi_uabs_i128(m[k].c[i]));
    for (k = 0; k < 16; k++) {
        out[k] = m[k];
        if (cont > 1)
            for (i = 0; i < m[k].len; i++)
                out[k].c[i] /= (i128)cont;
        out[k].bits = poly_i128_bits(out + k);
    }
    return 1;
}

int contact_relative_motion_rm(poly_i128 out[16],
                               const boxtoi_query_t q)
{
    const boxtoi_motion_struct *m1 = q->motion, *m2 = q->motion + 1;
    poly_i128 a1[9], a2[9], b1[3], b2[3], w1, w2, ad[18], v[9];
    poly_i128 m[16];
    kq_ctx kc;
    int i, k, sg;

    for (k = 0; k < 9; k++)
        if (!poly_i128_set_poly(a1 + k, m1->e + 4 * (k / 3) + k % 3)
            || !poly_i128_set_poly(a2 + k, m2->e + 4 * (k / 3) + k % 3))
            return 0;
    for (i = 0; i < 3; i++)
        if (!poly_i128_set_poly(b1 + i, m1->e + 4 * i + 3)
            || !poly_i128_set_poly(b2 + i, m2->e + 4 * i + 3))
            return 0;
    if (!poly_i128_set_poly(&w1, m1->e + 15)
        || !poly_i128_set_poly(&w2, m2->e + 15))
        return 0;

    if (scaled_rotation_sign(&sg, a1, &w1)) {
        if (!rotation_motion(m, a1, a2, b1, b2, &w1, &w2, sg))
            return 0;
        return divide_gcd(out, m);
    }
    /* M = [[w1 adj(A1) A2, adj(A1) (w1 b2 - w2 b1)], [0, det(A1) w2]]
       by the plane kernel (kernel.h, kq) */
    kc.bad = 0;
    kc.sg = NULL;
    kq_relblock(&kc, v, m + 15, ad, ad + 9, a1, a2, &w1, &w2);
    kq_reltrans(&kc, m + 3, 4, ad, ad + 9, b1, b2, 1, &w1, &w2);
    if (kc.bad || m[15].len == 0)
        return 0; /* (w = 0 cannot happen in a valid query) */
    for (k = 0; k < 9; k++)
        m[4 * (k / 3) + k % 3] = v[k];
    for (k = 12; k < 15; k++)
        poly_i128_zero(m + k);
    return divide_gcd(out, m);
}

void contact_rm_motion_get(boxtoi_motion_t rel, const poly_i128 m[16])
{
    int k;
    for (k = 0; k < 16; k++)
        poly_i128_get_poly(rel->e + k, m + k);
    mpz_set_ui(rel->den, 1);
}

int contact_relative_motion_small(boxtoi_motion_t rel,
                                  const boxtoi_query_t q)
{
    poly_i128 m[16];
    if (!contact_relative_motion_rm(m, q))
        return 0;
    contact_rm_motion_get(rel, m);
    return 1;
}

#else

int contact_relative_motion_small(boxtoi_motion_t rel,
                                  const boxtoi_query_t q)
{
    (void)rel;
    (void)q;
    return 0;
}

#endif /* BOXTOI_HAVE_I128 */
