/* lib/contact/relmotion128.c: the relative motion of relmotion.c in 128-bit
   integers.

   contact_relative_motion computes M = adj(M1) M2 =
   [[w1 adj(A1) A2, adj(A1) (w1 b2 - w2 b1)], [0, det(A1) w2]] and divides
   out G, the canonical gcd (primitive, positive leading coefficient) of
   its entries, then their common integer content (relmotion.c).  On the
   queries met in practice every number involved fits in 128 bits, where
   GMP's allocations cost more than the arithmetic; this file does the
   same computation there (M by the plane kernel's instance kq,
   kernel-p128.h, doc/algorithm.md §4.5) and gives the same motion, or
   gives up (returns 0, nothing written) as soon as a number would not
   fit.

   - Products and sums are checked (__builtin_*_overflow): no bound is
     assumed, an overflow only means "give up".
   - On the rotation path G = 1 is first shown from the weights
     (irreducible, each not dividing some entry: doc/algorithm.md §2.3);
     otherwise G is found modulo p = 2^61 - 1 (lib/poly/nmod.h),
     recovered by rational reconstruction and proved by exact division;
     why that gives G or gives up: doc/algorithm.md §2.
   - When A1 is a rotation scaled by w1 (A1^T A1 = w1^2 I, tested
     exactly by motion_scaled_rotation_i128), adj(A1) = +-w1 A1^T: M is
     computed with the known power of w1 already divided out, which
     leaves lower degrees and usually G = 1.
   Reference: doc/algorithm.md §2. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/poly/nmod.h"
#include "lib/motion/impl.h"
#include "lib/contact/kernel-p128.h"

#ifdef BOXTOI_HAVE_I128

typedef boxtoi_i128 i128;
typedef boxtoi_u128 u128;
typedef unsigned long long u64;

/* ---- the image modulo the Mersenne prime p = 2^61 - 1 ------------- */

#define RM_P ((u64)0x1fffffffffffffffULL)

static u64 i128_mod(i128 x)
{
    u64 r = (u64)(boxtoi_uabs_i128(x) % RM_P);
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

/* M / (sign(c) w1) or M / (|c| v^2) (below) for a block A1 that is a
   rotation scaled by w1 with adj(A1) = sg w1 A1^T
   (motion_scaled_rotation_i128): a multiple of the relative motion by a positive constant over a
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
    static const int sgn[2] = {1, -1};
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
            const poly_i128 *u[2], *v[2];
            tq = x[i];
            u[0] = &cw;
            v[0] = b2 + i;
            u[1] = &w2;
            v[1] = &tq;
            if (!poly_i128_dot(x + i, 2, u, v, sgn))
                return 0;
        }
    } else {
        cw = w1;
        for (i = 0; i < 3; i++) {
            const poly_i128 *u[2], *v[2];
            u[0] = &w1;
            v[0] = b2 + i;
            u[1] = &w2;
            v[1] = b1 + i;
            if (!poly_i128_dot(x + i, 2, u, v, sgn))
                return 0;
        }
    }
    /* the block: cw A1^T A2, cw = c or w1; each sum of three products
       in one pass (poly_i128_dot) */
    for (i = 0; i < 3; i++) {
        const poly_i128 *u[3], *v[3];
        for (k = 0; k < 3; k++)
            u[k] = a1 + 3 * k + i;
        for (j = 0; j < 3; j++) {
            for (k = 0; k < 3; k++)
                v[k] = a2 + 3 * k + j;
            if (!poly_i128_dot(&t, 3, u, v, NULL)
                || !poly_i128_mul(m + 4 * i + j, &t, &cw))
                return 0;
        }
        for (k = 0; k < 3; k++)
            v[k] = x + k;
        if (!poly_i128_dot(m + 4 * i + 3, 3, u, v, NULL))
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

/* x / c for c > 1 dividing x: a 64-bit division when both fit (the
   usual sizes), the 128-bit one otherwise; the same quotient. */
static i128 quo_exact(i128 x, u128 c)
{
    if (x >= -((i128)1 << 62) && x < ((i128)1 << 62) && (c >> 62) == 0)
        return (i128)((long long)x / (long long)c);
    return x / (i128)c;
}

/* Is the pseudo-remainder of e by f (deg f >= 1) non-zero, i.e. does f
   not divide e in Q[t]?  lc(f)^s e = Q f + R exactly in Z[t] (s steps
   of r = lc(f) r - r_top f t^j), run when the sizes bound every value:
   |r| < 2^(bits(e) + s (bits(f) + 1)) <= 2^126.  1 when R != 0, 0 when
   R = 0 or the bound does not hold. */
static int prem_nonzero(const poly_i128 *e, const poly_i128 *f)
{
    i128 r[POLY_I128_LEN], lc = f->c[f->len - 1];
    int df = f->len - 1, s = e->len - df, i, j;
    if (s <= 0)
        return e->len > 0;
    if (e->bits + s * (f->bits + 1) > 126)
        return 0;
    for (i = 0; i < e->len; i++)
        r[i] = e->c[i];
    for (i = e->len - 1; i >= df; i--) {
        i128 top = r[i];
        for (j = 0; j < i; j++)
            r[j] *= lc;
        for (j = 0; j < df; j++)
            r[i - df + j] -= top * f->c[j];
    }
    for (i = 0; i < df; i++)
        if (r[i] != 0)
            return 1;
    return 0;
}

/* G = 1 from the weights (doc/algorithm.md §2.3): w = m[15] is a
   constant times a product of powers of the weights wt[0..n) (the
   rotation path), each of which is a constant or irreducible (degree
   1, or 2 with a negative discriminant); then G = 1 when every
   non-constant weight fails to divide some entry m[0..15).  0 when
   that is not shown (the modular gcd then decides). */
static int weights_coprime(const poly_i128 m[16], const poly_i128 *const *wt,
                           int n)
{
    int i, k;
    if (n == 0)
        return 0; /* w not known to be made of weights */
    for (i = 0; i < n; i++) {
        const poly_i128 *f = wt[i];
        if (f->len <= 1)
            continue;
        if (f->len > 3
            || (f->len == 3
                && (f->bits > 62
                    || f->c[1] * f->c[1] >= 4 * f->c[0] * f->c[2])))
            return 0;
        for (k = 0; k < 15 && !prem_nonzero(m + k, f); k++)
            ;
        if (k == 15)
            return 0;
    }
    return 1;
}

/* m = m / G, G the gcd of m's entries, by its image mod p, recovered
   by rational reconstruction and proved by exact division.  0 when a
   step fails (the caller then runs the GMP version). */
static int remove_gcd(poly_i128 m[16])
{
    poly_i128 t, u;
    u64 g[POLY_I128_LEN], h[POLY_I128_LEN];
    int i, k, dg, monic = 0;
    nmod_t mp;

    /* G mod p: the monic gcd of all entries' images */
    if (i128_mod(m[15].c[m[15].len - 1]) == 0)
        return 0; /* p | lc(w): the degree argument fails */
    nmod_init(&mp, RM_P);
    dg = reduce(g, m + 15);
    for (k = 0; k < 12 && dg > 0; k++) {
        /* usually g already divides the entry, or the two are coprime
           (G = 1, the common case): the remainders need no inverse, and
           g is made monic (one inverse, a power mod p) only when a
           gcd of degree >= 1 is returned */
        int dh = reduce(h, m + k);
        if (dh >= 0) {
            dg = (int)nmod_poly_gcd(g, h, dh, g, dg, &mp);
            monic = 1;
        }
    }
    if (dg > 0 && !monic)
        dg = (int)nmod_poly_gcd(g, g, dg, h, -1, &mp); /* made monic */
    if (dg > 0) {
        /* H: the coefficients of G_p (monic) as fractions n / d of at
           most 30 bits each, over their common denominator, made
           primitive with a positive leading coefficient */
        long long num[POLY_I128_LEN], den[POLY_I128_LEN];
        u128 lcm = 1, hc = 0;
        for (i = 0; i <= dg; i++) {
            if (!ratrecon(num + i, den + i, g[i]))
                return 0;
            lcm = lcm / boxtoi_gcd_i128(lcm, (u128)den[i]) * (u128)den[i];
            if ((lcm >> 62) != 0)
                return 0;
        }
        u.len = dg + 1;
        for (i = 0; i <= dg; i++) {
            u.c[i] = (i128)num[i] * (i128)(lcm / (u128)den[i]);
            hc = boxtoi_gcd_i128(hc, boxtoi_uabs_i128(u.c[i]));
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
    return 1;
}

/* out = m / G with G the gcd of m's entries and the integer content
   divided out (as boxtoi_motion_normalise): G = 1 shown from the weights
   wt[0..n) when m[15] is made of them (weights_coprime), else found by
   remove_gcd.  0 when a step fails (the caller then runs the GMP
   version). */
static int divide_gcd(poly_i128 out[16], poly_i128 m[16],
                      const poly_i128 *const *wt, int n)
{
    int i, k, sh = 0;
    u128 cont;
    u64 odd = 0, inv = 1;

    if (!weights_coprime(m, wt, n) && !remove_gcd(m))
        return 0;
    /* the integer content of all entries, as boxtoi_motion_normalise */
    cont = 0;
    for (k = 0; k < 16 && cont != 1; k++)
        for (i = 0; i < m[k].len && cont != 1; i++) {
            u128 x = boxtoi_uabs_i128(m[k].c[i]);
            if (cont != 0 && ((cont | x) >> 64) == 0) {
                /* gcd(cont, x) = gcd(cont, x mod cont): usually cont
                   divides x, one 64-bit remainder */
                u64 r = (u64)x % (u64)cont;
                if (r != 0)
                    cont = boxtoi_gcd_u64((u64)cont, r);
            } else {
                cont = boxtoi_gcd_i128(cont, x);
            }
        }
    if (cont > 1 && (cont >> 62) == 0) {
        /* x / cont = ((x >> sh) inv) mod 2^64 for |x| < 2^62, with
           cont = 2^sh odd and inv = 1 / odd mod 2^64 (Newton's steps
           from odd, right mod 8: 3, 6, ..., 96 bits; doc/algorithm.md
           §2.3): no division per coefficient */
        sh = __builtin_ctzll((u64)cont);
        odd = (u64)cont >> sh;
        inv = odd;
        for (i = 0; i < 5; i++)
            inv *= 2 - odd * inv;
    }
    for (k = 0; k < 16; k++) {
        u128 o = 0; /* the bits in the same pass (poly_i128_bits) */
        out[k].len = m[k].len;
        for (i = 0; i < m[k].len; i++) {
            i128 x = m[k].c[i];
            if (odd != 0 && x > -((i128)1 << 62) && x < ((i128)1 << 62))
                x = (long long)((u64)((long long)x >> sh) * inv);
            else if (cont > 1)
                x = quo_exact(x, cont);
            out[k].c[i] = x;
            o |= boxtoi_uabs_i128(x);
        }
        out[k].bits = boxtoi_nbits_i128(o);
    }
    return 1;
}

/* a[0..9) = motion m's block numerators, w = its weight's, read unless
   the check kept them (c: motion_checked, NULL or nums = 0 when not);
   *ap, *wp point to them.  0 when a number does not fit. */
static int numerators(const poly_i128 **ap, const poly_i128 **wp,
                      poly_i128 a[9], poly_i128 *w,
                      const boxtoi_motion_struct *m, const motion_checked *c)
{
    int k;
    if (c != NULL && c->nums) { /* the same poly_i128_set_poly's */
        *ap = c->a;
        *wp = &c->w;
        return 1;
    }
    for (k = 0; k < 9; k++)
        if (!poly_i128_set_poly(a + k, m->e + 4 * (k / 3) + k % 3))
            return 0;
    *ap = a;
    *wp = w;
    return poly_i128_set_poly(w, m->e + 15);
}

int contact_rel_i128(poly_i128 out[16], const boxtoi_query_t q,
                     const motion_checked *chk)
{
    const boxtoi_motion_struct *m1 = q->motion, *m2 = q->motion + 1;
    poly_i128 a1b[9], a2b[9], b1[3], b2[3], w1b, w2b, ad[18], v[9];
    const poly_i128 *a1, *a2, *w1, *w2;
    poly_i128 m[16];
    kq_ctx kc;
    int i, k, sg, rot1 = chk != NULL ? chk[0].rot : 0;

    if (!numerators(&a1, &w1, a1b, &w1b, m1, chk)
        || !numerators(&a2, &w2, a2b, &w2b, m2, chk != NULL ? chk + 1 : NULL))
        return 0;
    for (i = 0; i < 3; i++)
        if (!poly_i128_set_poly(b1 + i, m1->e + 4 * i + 3)
            || !poly_i128_set_poly(b2 + i, m2->e + 4 * i + 3))
            return 0;

    /* motion 1's scaled-rotation test, unless the check did it
       (rot1: motion_check's verdict on the same numbers) */
    sg = rot1;
    if (rot1 == 1 || rot1 == -1
        || (rot1 == 0 && motion_scaled_rotation_i128(&sg, a1, w1)
            && sg != 0)) {
        const poly_i128 *wt[2];
        wt[0] = w1;
        wt[1] = w2;
        if (!rotation_motion(m, a1, a2, b1, b2, w1, w2, sg))
            return 0;
        return divide_gcd(out, m, wt, 2);
    }
    /* M = [[w1 adj(A1) A2, adj(A1) (w1 b2 - w2 b1)], [0, det(A1) w2]]
       by the plane kernel (kernel.h, kq) */
    kc.bad = 0;
    kc.sg = NULL;
    kq_relblock(&kc, v, m + 15, ad, ad + 9, a1, a2, w1, w2);
    kq_reltrans(&kc, m + 3, 4, ad, ad + 9, b1, b2, 1, w1, w2);
    if (kc.bad || m[15].len == 0)
        return 0; /* (w = 0 cannot happen in a valid query) */
    for (k = 0; k < 9; k++)
        m[4 * (k / 3) + k % 3] = v[k];
    for (k = 12; k < 15; k++)
        poly_i128_zero(m + k);
    return divide_gcd(out, m, NULL, 0);
}

void contact_motion_get_i128(boxtoi_motion_t rel, const poly_i128 m[16])
{
    int k;
    for (k = 0; k < 16; k++)
        poly_i128_get_poly(rel->e + k, m + k);
    mpz_set_ui(rel->den, 1);
}

int contact_relative_motion_i128(boxtoi_motion_t rel,
                                 const boxtoi_query_t q)
{
    poly_i128 m[16];
    if (!contact_rel_i128(m, q, NULL))
        return 0;
    contact_motion_get_i128(rel, m);
    return 1;
}

#else

int contact_relative_motion_i128(boxtoi_motion_t rel,
                                 const boxtoi_query_t q)
{
    (void)rel;
    (void)q;
    return 0;
}

#endif /* BOXTOI_HAVE_I128 */
