/* lib/poly/content.c: the content of an integer polynomial in machine
   words, the fast path of boxtoi_poly_content (lib/poly/gcd.c) when
   every coefficient is below 2^192 (doc/algorithm.md §9.8: the binary
   gcd's exactness and end).

   content = 2^z g, z the least number of trailing zero bits of a
   non-zero coefficient and g the gcd of the coefficients' odd parts
   (the odd part of a gcd is the gcd of the odd parts).  g is found by
   the binary gcd on 192-, then 128-, then 64-bit words; once it fits in
   one word each further coefficient is reduced by mpn_mod_1 (g odd, so
   gcd(g, c) = gcd(g, c mod g)) and Euclid ends in words.

   The same words give the canonical form and the primitive part
   (boxtoi_poly_canonical, boxtoi_poly_primitive_part, and prim's
   narrow cubic on its own limbs): the power of two shifted out of the
   limbs, the odd content divided exactly, the sign set, each
   coefficient written once. */
#include <stdint.h>
#include "poly/impl.h"

#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0
/* Magnitudes below 2^192 as hi 2^128 + lo. */
typedef struct {
    boxtoi_u128 lo;
    uint64_t hi;
} w192;

/* a = a / 2^k with k its number of trailing zero bits (a not 0). */
static inline void odd_part(w192 *a)
{
    int s;
    while ((uint64_t)a->lo == 0) {
        a->lo = (a->lo >> 64) | (boxtoi_u128)a->hi << 64;
        a->hi = 0;
    }
    s = __builtin_ctzll((uint64_t)a->lo);
    if (s > 0) {
        a->lo = (a->lo >> s) | (boxtoi_u128)a->hi << (128 - s);
        a->hi >>= s;
    }
}

static boxtoi_u128 odd_u128(boxtoi_u128 x)
{
    return (uint64_t)x != 0 ? x >> __builtin_ctzll((uint64_t)x)
                            : x >> (64 + __builtin_ctzll((uint64_t)(x >> 64)));
}

/* gcd(a, b) of two odd numbers below 2^192 (binary gcd: a - b of two
   odd numbers is even, its odd part below max(a, b) / 2), in 192,
   then 128, then 64 bits. */
static w192 gcd_odd(w192 a, w192 b)
{
    boxtoi_u128 x, y;
    uint64_t u, v;
    while ((a.hi | b.hi) != 0) {
        if (a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo)) {
            w192 t = a;
            a = b;
            b = t;
        } else if (a.hi == b.hi && a.lo == b.lo) {
            return a;
        }
        a.hi -= b.hi + (a.lo < b.lo);
        a.lo -= b.lo;
        odd_part(&a);
    }
    for (x = a.lo, y = b.lo; ((x | y) >> 64) != 0 && x != y;)
        if (x > y)
            x = odd_u128(x - y);
        else
            y = odd_u128(y - x);
    if (((x | y) >> 64) == 0)
        for (u = (uint64_t)x, v = (uint64_t)y; u != v;)
            if (u > v)
                u = (u - v) >> __builtin_ctzll(u - v);
            else
                v = (v - u) >> __builtin_ctzll(v - u);
    else
        u = (uint64_t)x; /* (x = y) */
    a.lo = ((x | y) >> 64) == 0 ? u : x;
    a.hi = 0;
    return a;
}

/* The number of limbs of a (3 limbs, the top ones possibly 0). */
static mp_size_t size3(const mp_limb_t a[3])
{
    return a[2] != 0 ? 3 : a[1] != 0 ? 2 : a[0] != 0 ? 1 : 0;
}

static w192 get_w192(const mp_limb_t a[3])
{
    w192 r;
    r.lo = (boxtoi_u128)a[1] << 64 | a[0];
    r.hi = a[2];
    return r;
}

long poly_content_limbs(mp_limb_t g[3], const mp_limb_t (*a)[3], long n)
{
    long i, j, s = -1, t = -1, z = -1, b, ob[8];
    w192 c, w;

    /* z, and the two shortest odd parts s, t (ob: their bit lengths;
       the first gcd, the costly one, on the shortest pair, §9.9) */
    for (i = 0; i < n; i++) {
        mp_size_t k = size3(a[i]);
        if (k == 0)
            continue;
        b = a[i][0] != 0   ? __builtin_ctzll(a[i][0])
            : a[i][1] != 0 ? 64 + __builtin_ctzll(a[i][1])
                           : 128 + __builtin_ctzll(a[i][2]);
        z = z < 0 || b < z ? b : z;
        ob[i] = 64 * k - __builtin_clzll(a[i][k - 1]) - b;
        if (s < 0 || ob[i] < ob[s]) {
            t = s;
            s = i;
        } else if (t < 0 || ob[i] < ob[t]) {
            t = i;
        }
    }
    if (s < 0)
        return -1;
    c = get_w192(a[s]);
    odd_part(&c);
    for (j = -1; j < n && (c.hi != 0 || c.lo != 1); j++) {
        mp_size_t k;
        i = j < 0 ? t : j; /* t first, then the others in order */
        if (i < 0 || (j >= 0 && (i == s || i == t)))
            continue;
        k = size3(a[i]);
        if (k == 0)
            continue;
        if (c.hi == 0 && (c.lo >> 64) == 0) {
            /* a one-word g: the remainder, then Euclid */
            mp_limb_t r = mpn_mod_1(a[i], k, (mp_limb_t)c.lo);
            c.lo = boxtoi_gcd_u64((uint64_t)c.lo, r);
            continue;
        }
        w = get_w192(a[i]);
        odd_part(&w);
        c = gcd_odd(c, w);
    }
    g[0] = (mp_limb_t)c.lo;
    g[1] = (mp_limb_t)(c.lo >> 64);
    g[2] = c.hi;
    return z;
}

/* z = (neg ? -1 : 1) m / 2^k, exact (m's k low bits are 0), its limbs
   written directly. */
static void set_shifted(mpz_ptr z, const mp_limb_t m[3], int neg,
                        unsigned long k)
{
    mp_limb_t r[3] = {0, 0, 0}, *p;
    unsigned long w = k / 64, b = k % 64, i;
    int n;
    for (i = 0; i + w < 3; i++) {
        r[i] = m[i + w] >> b;
        if (b != 0 && i + w + 1 < 3)
            r[i] |= m[i + w + 1] << (64 - b);
    }
    n = (int)size3(r);
    p = mpz_limbs_write(z, 3);
    p[0] = r[0];
    p[1] = r[1];
    p[2] = r[2];
    mpz_limbs_finish(z, neg ? -n : n);
}

int poly_divide_content_limbs(boxtoi_poly_t res, const mp_limb_t (*m)[3],
                              const int *neg, long n, int sign_lc)
{
    mp_limb_t g[3];
    long z = poly_content_limbs(g, m, n), i, top = 0;
    int flip, one;
    mpz_t gz;

    if (z < 0) { /* every coefficient 0 */
        boxtoi_poly_zero(res);
        return 1;
    }
    for (i = 0; i < n; i++)
        if (size3(m[i]) != 0)
            top = i;
    flip = sign_lc && neg[top];
    one = g[0] == 1 && g[1] == 0 && g[2] == 0;
    boxtoi_poly_fit_length(res, n);
    for (i = 0; i < n; i++) {
        /* 2^z first, by a shift; then the odd g, exactly (GMP's
           division by a divisor known to divide) */
        set_shifted(res->coeffs + i, m[i], neg[i] != flip,
                    (unsigned long)z);
        if (!one)
            mpz_divexact(res->coeffs + i, res->coeffs + i,
                         mpz_roinit_n(gz, g, size3(g)));
    }
    boxtoi_poly_set_length_normalise(res, n);
    return 1;
}

int poly_divide_content_words(boxtoi_poly_t res, const boxtoi_poly_t a,
                              int sign_lc)
{
    mp_limb_t m[8][3];
    int neg[8];
    long i, n = a->length;

    if (n > 8)
        return 0;
    for (i = 0; i < n; i++) {
        if (mpz_size(a->coeffs + i) > 3)
            return 0;
        m[i][0] = mpz_getlimbn(a->coeffs + i, 0);
        m[i][1] = mpz_getlimbn(a->coeffs + i, 1);
        m[i][2] = mpz_getlimbn(a->coeffs + i, 2);
        neg[i] = mpz_sgn(a->coeffs + i) < 0;
    }
    return poly_divide_content_limbs(res, (const mp_limb_t(*)[3])m, neg, n,
                                     sign_lc);
}

int poly_content_words(mpz_t res, const boxtoi_poly_t p)
{
    mp_limb_t a[8][3], g[3];
    long i, j, m, n = p->length, z;

    for (i = 0; i < n; i++)
        if (mpz_size(p->coeffs + i) > 3)
            return 0;
    mpz_set_ui(res, 0); /* (every coefficient 0) */
    /* seven coefficients at a time, with the content of those before
       as an eighth magnitude (its odd part and trailing zeros are
       theirs); a content of 1 ends it */
    for (i = 0; i < n && mpz_cmp_ui(res, 1) != 0; i += 7) {
        m = 0;
        if (mpz_sgn(res) != 0) {
            a[0][0] = a[0][1] = a[0][2] = 0;
            mpz_export(a[0], NULL, -1, sizeof a[0][0], 0, 0, res);
            m = 1;
        }
        for (j = i; j < n && j < i + 7; j++, m++) {
            a[m][0] = mpz_getlimbn(p->coeffs + j, 0);
            a[m][1] = mpz_getlimbn(p->coeffs + j, 1);
            a[m][2] = mpz_getlimbn(p->coeffs + j, 2);
        }
        z = poly_content_limbs(g, (const mp_limb_t(*)[3])a, m);
        if (z < 0)
            continue;
        mpz_import(res, 3, -1, sizeof g[0], 0, 0, g);
        mpz_mul_2exp(res, res, (mp_bitcnt_t)z);
    }
    return 1;
}
#else
long poly_content_limbs(mp_limb_t g[3], const mp_limb_t (*a)[3], long n)
{
    (void)g;
    (void)a;
    (void)n;
    return -2;
}

int poly_divide_content_limbs(boxtoi_poly_t res, const mp_limb_t (*m)[3],
                              const int *neg, long n, int sign_lc)
{
    (void)res;
    (void)m;
    (void)neg;
    (void)n;
    (void)sign_lc;
    return 0;
}

int poly_divide_content_words(boxtoi_poly_t res, const boxtoi_poly_t a,
                              int sign_lc)
{
    (void)res;
    (void)a;
    (void)sign_lc;
    return 0;
}

int poly_content_words(mpz_t res, const boxtoi_poly_t p)
{
    (void)res;
    (void)p;
    return 0;
}
#endif
