/* lib/util/fz.h: fixed-size integers (not installed).

   An fz is a signed integer of at most FZ_LIMBS limbs kept in place, on
   the stack: GMP's low-level functions (mpn_mul, mpn_add, mpn_sub) do
   the arithmetic, so there is no allocation, no reallocation and no
   init/clear, which is most of the cost of GMP's integers (mpz) on
   numbers of a few hundred bits (doc/performance.md, "Issue 16:
   fixed-limb integers").  A user chooses them only when a bound from
   its input sizes shows that every value fits (doc/algorithm.md §4.5);
   each operation still checks its result's limb count and sets *bad
   (and gives 0) instead of writing past the array, a guard that such a
   bound keeps from firing. */
#ifndef BOXTOI_UTIL_FZ_H
#define BOXTOI_UTIL_FZ_H

#include <limits.h>
#include <math.h>
#include <string.h>
#include <gmp.h>
#include "lib/util/i128.h"

/* 20 limbs: 1280 bits with 64-bit limbs */
#define FZ_LIMBS 20

/* |n| limbs d[0..|n|-1], least significant first, the top one non-zero;
   the sign of n is the sign of the number (GMP's convention). */
typedef struct {
    int n;
    mp_limb_t d[FZ_LIMBS];
} fz;

/* A product of two fz, for the exact comparisons of fractions. */
typedef struct {
    int n;
    mp_limb_t d[2 * FZ_LIMBS];
} fz_wide;

static inline int fz_size(int n)
{
    return n < 0 ? -n : n;
}

/* r[0..n) = a[0..n): one or two limbs (blocks, weights, normals)
   without a call to memcpy */
static inline void fz_copy(mp_limb_t *r, const mp_limb_t *a, int n)
{
    if (n > 2) {
        memcpy(r, a, (size_t)n * sizeof(mp_limb_t));
        return;
    }
    if (n > 0)
        r[0] = a[0];
    if (n > 1)
        r[1] = a[1];
}

static inline void fz_set(fz *r, const fz *a)
{
    if (r == a)
        return;
    r->n = a->n;
    fz_copy(r->d, a->d, fz_size(a->n));
}

static inline void fz_neg(fz *r, const fz *a)
{
    fz_set(r, a);
    r->n = -r->n;
}

static inline void fz_swap(fz *a, fz *b)
{
    fz t = *a;
    *a = *b;
    *b = t;
}

/* r = z when it fits (else *bad = 1, r = 0) */
static inline void fz_set_mpz(int *bad, fz *r, mpz_srcptr z)
{
    int n = (int)mpz_size(z);
    if (n > FZ_LIMBS) {
        *bad = 1;
        n = 0;
    }
    fz_copy(r->d, mpz_limbs_read(z), n);
    r->n = mpz_sgn(z) < 0 ? -n : n;
}

/* Read-only integers v[0..n-1] with the values a[0..n-1], valid while
   a is (mpz_roinit_n); returns v. */
static inline mpz_srcptr fz_view(__mpz_struct *v, const fz *a, int n)
{
    int k;
    for (k = 0; k < n; k++)
        mpz_roinit_n(v + k, a[k].d, a[k].n);
    return v;
}

/* The bit length of the limb x (0 for 0). */
static inline long fz_limb_bits(mp_limb_t x)
{
#if defined(__GNUC__) && GMP_NUMB_BITS == 64 && ULONG_MAX == 0xffffffffffffffffUL
    return x == 0 ? 0 : 64 - __builtin_clzl(x);
#else
    long n = 0;
    for (; x != 0; x >>= 1)
        n++;
    return n;
#endif
}

/* The bit length of |a| (0 for 0). */
static inline long fz_bits(const fz *a)
{
    int n = fz_size(a->n);
    return n == 0 ? 0
                  : (long)(n - 1) * GMP_NUMB_BITS + fz_limb_bits(a->d[n - 1]);
}

/* rp[0..rn-1] = ap bp, the sizes given; returns the normalised size
   (an, bn >= 1, rn = an + bn).  A single limb on either side, the usual
   case for the closed form's scalars and small entries, skips
   mpn_mul's dispatch. */
static inline int fz_mul_limbs(mp_limb_t *rp, const mp_limb_t *ap, int an,
                               const mp_limb_t *bp, int bn)
{
    int rn = an + bn;
    if (an < bn) {
        const mp_limb_t *tp = ap;
        ap = bp;
        bp = tp;
        bn = an;
        an = rn - bn;
    }
#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64
    /* two limbs by one or two (the world path's normals, blocks and
       weights) by schoolbook in 128 bits: each partial sum fits
       (doc/algorithm.md §4.5, "Small cases of kf in 128 bits") */
    if (an == 2 && bn <= 2) {
        boxtoi_u128 t = (boxtoi_u128)ap[0] * bp[0], u;
        rp[0] = (mp_limb_t)t;
        u = (boxtoi_u128)ap[1] * bp[0] + (t >> 64);
        if (bn == 1) {
            rp[1] = (mp_limb_t)u;
            rp[2] = (mp_limb_t)(u >> 64);
        } else {
            t = (boxtoi_u128)ap[0] * bp[1] + (mp_limb_t)u;
            rp[1] = (mp_limb_t)t;
            t = (boxtoi_u128)ap[1] * bp[1] + (u >> 64) + (t >> 64);
            rp[2] = (mp_limb_t)t;
            rp[3] = (mp_limb_t)(t >> 64);
        }
        return rn - (rp[rn - 1] == 0);
    }
#endif
    if (bn > 1) {
        mpn_mul(rp, ap, an, bp, bn);
    } else {
#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64
        if (an == 1) {
            boxtoi_u128 p = (boxtoi_u128)ap[0] * bp[0];
            rp[0] = (mp_limb_t)p;
            rp[1] = (mp_limb_t)(p >> 64);
        } else
#endif
            rp[an] = mpn_mul_1(rp, ap, an, bp[0]);
    }
    return rn - (rp[rn - 1] == 0);
}

/* r = a b (r aliases neither) */
static inline void fz_mul(int *bad, fz *r, const fz *a, const fz *b)
{
    int an = fz_size(a->n), bn = fz_size(b->n), rn;
    if (an == 0 || bn == 0 || an + bn > FZ_LIMBS) {
        *bad |= an != 0 && bn != 0;
        r->n = 0;
        return;
    }
    rn = fz_mul_limbs(r->d, a->d, an, b->d, bn);
    r->n = (a->n < 0) != (b->n < 0) ? -rn : rn;
}

#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64
/* |a| of at most two limbs */
static inline boxtoi_u128 fz_get_u128(const fz *a, int an)
{
    return an == 0 ? 0
                   : an == 1 ? a->d[0]
                             : a->d[0] | (boxtoi_u128)a->d[1] << 64;
}
#endif

/* r = r + a, or r - a when neg (a does not alias r) */
static inline void fz_add(int *bad, fz *r, const fz *a, int neg)
{
    int an = fz_size(a->n), rn = fz_size(r->n), n, c;
    int sa = (a->n < 0) ^ neg, sr = r->n < 0, s;
    mp_limb_t cy;
    if (an == 0)
        return;
    if (rn == 0) {
        fz_set(r, a);
        r->n = sa ? -an : an;
        return;
    }
#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64
    if (rn <= 2 && an <= 2) { /* in 128 bits, a carry into a third limb
                                   (§4.5, "Small cases of kf in 128 bits") */
        boxtoi_u128 x = fz_get_u128(r, rn), y = fz_get_u128(a, an), z;
        s = sr;
        if (sa == sr) {
            z = x + y;
            r->d[2] = z < x; /* FZ_LIMBS >= 3 */
        } else {
            z = x >= y ? x - y : y - x;
            s = x >= y ? sr : sa;
            r->d[2] = 0;
        }
        r->d[0] = (mp_limb_t)z;
        r->d[1] = (mp_limb_t)(z >> 64);
        n = r->d[2] != 0 ? 3 : r->d[1] != 0 ? 2 : r->d[0] != 0;
        r->n = s ? -n : n;
        return;
    }
#endif
    if (sa == sr) { /* |r| + |a| */
        if (rn >= an) {
            cy = mpn_add(r->d, r->d, rn, a->d, an);
            n = rn;
        } else { /* exact overlap of r->d with the second source */
            cy = mpn_add(r->d, a->d, an, r->d, rn);
            n = an;
        }
        if (cy != 0) {
            if (n == FZ_LIMBS) {
                *bad = 1;
                r->n = 0;
                return;
            }
            r->d[n++] = cy;
        }
        r->n = sr ? -n : n;
        return;
    }
    /* opposite signs: the larger magnitude minus the smaller */
    c = rn != an ? (rn > an ? 1 : -1) : mpn_cmp(r->d, a->d, rn);
    if (c == 0) {
        r->n = 0;
        return;
    }
    if (c > 0) {
        mpn_sub(r->d, r->d, rn, a->d, an);
        n = rn;
        s = sr;
    } else {
        mpn_sub(r->d, a->d, an, r->d, rn);
        n = an;
        s = sa;
    }
    while (n > 0 && r->d[n - 1] == 0)
        n--;
    r->n = s ? -n : n;
}

/* r = r + a b, or r - a b when neg */
static inline void fz_addmul(int *bad, fz *r, const fz *a, const fz *b,
                             int neg)
{
    fz t;
    int an = fz_size(a->n), rn = fz_size(r->n);
    /* |r| + |a| b0 in place when b is one limb, the signs add and r is
       at least as long as a (a scalar times a quantity, mostly) */
    if (fz_size(b->n) == 1 && an != 0 && rn >= an
        && ((a->n < 0) ^ (b->n < 0) ^ neg) == (r->n < 0)) {
        mp_limb_t cy = mpn_addmul_1(r->d, a->d, an, b->d[0]);
        if (rn > an)
            cy = mpn_add_1(r->d + an, r->d + an, rn - an, cy);
        if (cy != 0) {
            if (rn == FZ_LIMBS) {
                *bad = 1;
                r->n = 0;
                return;
            }
            r->d[rn++] = cy;
        }
        r->n = r->n < 0 ? -rn : rn;
        return;
    }
    fz_mul(bad, &t, a, b);
    fz_add(bad, r, &t, neg);
}

/* r = |a| r */
static inline void fz_mulabs(int *bad, fz *r, const fz *a)
{
    fz t;
    fz_mul(bad, &t, r, a);
    fz_set(r, &t);
    if (a->n < 0)
        r->n = -r->n;
}

/* |a| ~ m 2^e from its top two limbs (a != 0, GMP_NUMB_BITS = 64):
   m = fl(fl(h) 2^64 + fl(l)), e = 64 (n - 2), within a relative 2^-51
   of |a| (doc/algorithm.md §4.5). */
static inline double fz_top_d(const fz *a, long *e)
{
    int n = fz_size(a->n);
    double h = (double)a->d[n - 1], l = n >= 2 ? (double)a->d[n - 2] : 0.0;
    *e = 64L * (n - 2);
    return h * 0x1p64 + l;
}

/* The sign of a d - c b (any sizes up to FZ_LIMBS).  Decided, in this
   order, by the signs, by bit lengths two apart, by a double-precision
   filter whose error bound is derived in doc/algorithm.md §4.5 (it
   decides only when the products differ by more than a relative
   2^-47), else by the products formed in full, in x and y. */
static inline int fz_cmp_frac(fz_wide *x, fz_wide *y, const fz *a,
                              const fz *b, const fz *c, const fz *d)
{
    int sx = (a->n > 0) - (a->n < 0), sy = (c->n > 0) - (c->n < 0);
    int k;
    sx *= (d->n > 0) - (d->n < 0);
    sy *= (b->n > 0) - (b->n < 0);
    if (sx != sy || sx == 0)
        return sx > sy ? 1 : sx < sy ? -1 : 0;
    /* 2^(ba+bd-2) <= |a d| < 2^(ba+bd) for bit lengths ba, bd: lengths
       two apart decide without the products */
    k = fz_bits(a) + fz_bits(d) - fz_bits(c) - fz_bits(b);
    if (k >= 2 || k <= -2)
        return k > 0 ? sx : -sx;
#if GMP_NUMB_BITS == 64
    {
        long ea, eb, ec, ed;
        double xa = fz_top_d(a, &ea) * fz_top_d(d, &ed);
        double ya = fz_top_d(c, &ec) * fz_top_d(b, &eb);
        /* common scale: exact (|ea + ed - ec - eb| <= 256 here, the
           values far from overflow and underflow) */
        double xs = ldexp(xa, (int)(ea + ed - ec - eb)), diff = xs - ya;
        if (fabs(diff) > 0x1p-47 * (xs + ya))
            return (diff > 0) == (sx > 0) ? 1 : -1;
    }
#endif
    x->n = fz_mul_limbs(x->d, a->d, fz_size(a->n), d->d, fz_size(d->n));
    y->n = fz_mul_limbs(y->d, c->d, fz_size(c->n), b->d, fz_size(b->n));
    k = x->n != y->n ? (x->n > y->n ? 1 : -1) : mpn_cmp(x->d, y->d, x->n);
    return sx > 0 ? k : -k;
}

/* The sign of |a| - |b| */
static inline int fz_cmpabs(const fz *a, const fz *b)
{
    int an = fz_size(a->n), bn = fz_size(b->n);
    if (an != bn)
        return an > bn ? 1 : -1;
    return mpn_cmp(a->d, b->d, an);
}

#endif /* BOXTOI_UTIL_FZ_H */
