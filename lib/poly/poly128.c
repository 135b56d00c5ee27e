/* lib/poly/poly128.c: polynomials with 128-bit integer coefficients
   (poly_i128, poly128.h), for the exact computations that usually fit
   there: the relative motion (lib/contact/relmotion128.c) and the
   certificate's plane polynomial (lib/contact/certify.c).  Every
   operation reports an overflow instead of assuming a bound; the caller
   then runs its GMP version. */
#include "lib/util/impl.h"
#include "boxtoi/poly.h"
#include "lib/poly/poly128.h"

#ifdef BOXTOI_HAVE_I128

typedef boxtoi_i128 i128;
typedef boxtoi_u128 u128;

void poly_i128_trim(poly_i128 *p)
{
    while (p->len > 0 && p->c[p->len - 1] == 0)
        p->len--;
}

/* The bit length of the largest |coefficient| of p (an OR of the
   magnitudes has the same bit length). */
int poly_i128_bits(const poly_i128 *p)
{
    u128 o = 0;
    int i;
    for (i = 0; i < p->len; i++)
        o |= boxtoi_uabs_i128(p->c[i]);
    return boxtoi_nbits_i128(o);
}

/* r += s a b (s = +1 or -1); r must not alias a or b.  0 on overflow.
   When the sizes bound every result below 2^126 (|r_k| < 2^br and each
   new coefficient adds at most min(la, lb) products below 2^(ba+bb)),
   the products are not checked one by one. */
int poly_i128_addmul(poly_i128 *r, const poly_i128 *a,
                      const poly_i128 *b, int s)
{
    int i, j, len, lg = 0, terms;
    if (a->len == 0 || b->len == 0)
        return 1;
    len = a->len + b->len - 1;
    if (len > POLY_I128_LEN)
        return 0;
    terms = a->len < b->len ? a->len : b->len;
    while ((1 << lg) < terms)
        lg++;
    for (i = r->len; i < len; i++)
        r->c[i] = 0;
    if (len > r->len)
        r->len = len;
    if (a->bits + b->bits + lg <= 125 && r->bits <= 125) {
        if (a->bits <= 62 && b->bits <= 62) {
            /* 64-bit operands: one 64 x 64 -> 128-bit multiplication */
            for (i = 0; i < a->len; i++) {
                long long x = (long long)(s > 0 ? a->c[i] : -a->c[i]);
                for (j = 0; j < b->len; j++)
                    r->c[i + j] += (i128)x * (long long)b->c[j];
            }
        } else {
            for (i = 0; i < a->len; i++) {
                i128 x = s > 0 ? a->c[i] : -a->c[i];
                for (j = 0; j < b->len; j++)
                    r->c[i + j] += x * b->c[j];
            }
        }
        poly_i128_trim(r);
        /* an upper bound is enough (the tests above only need one):
           each new coefficient is below 2^r->bits + 2^(ab + lg) */
        {
            int ab = a->bits + b->bits + lg;
            r->bits = (r->bits > ab ? r->bits : ab) + 1;
        }
        return 1;
    }
    for (i = 0; i < a->len; i++) {
        if (a->c[i] == 0)
            continue;
        for (j = 0; j < b->len; j++) {
            i128 p;
            if (__builtin_mul_overflow(a->c[i], b->c[j], &p))
                return 0;
            if (s > 0 ? __builtin_add_overflow(r->c[i + j], p, &r->c[i + j])
                      : __builtin_sub_overflow(r->c[i + j], p, &r->c[i + j]))
                return 0;
        }
    }
    poly_i128_trim(r);
    r->bits = poly_i128_bits(r);
    return 1;
}

/* poly_i128_dot when every product and partial sum is below 2^62 (the
   caller's bound: the usual sizes, entries of 10-30 bits): 64-bit words,
   and the product of two quadratics (a quaternion of degree 1 gives a
   rotation of degree 2) written out. */
static int dot_word(poly_i128 *r, int n, const poly_i128 *const *a,
                    const poly_i128 *const *b, const int *s, int len,
                    int bits)
{
    long long w[POLY_I128_LEN];
    int i, j, k;
    for (i = 0; i < len; i++)
        w[i] = 0;
    for (k = 0; k < n; k++) {
        const i128 *x = a[k]->c, *y = b[k]->c;
        int la = a[k]->len, lb = b[k]->len;
        long long sg = s != NULL && s[k] < 0 ? -1 : 1;
        if (la == 3 && lb == 3) {
            long long x0 = sg * (long long)x[0], x1 = sg * (long long)x[1];
            long long x2 = sg * (long long)x[2], y0 = (long long)y[0];
            long long y1 = (long long)y[1], y2 = (long long)y[2];
            w[0] += x0 * y0;
            w[1] += x0 * y1 + x1 * y0;
            w[2] += x0 * y2 + x1 * y1 + x2 * y0;
            w[3] += x1 * y2 + x2 * y1;
            w[4] += x2 * y2;
            continue;
        }
        for (i = 0; i < la; i++) {
            long long xi = sg * (long long)x[i];
            for (j = 0; j < lb; j++)
                w[i + j] += xi * (long long)y[j];
        }
    }
    while (len > 0 && w[len - 1] == 0)
        len--;
    for (i = 0; i < len; i++)
        r->c[i] = w[i];
    r->len = len;
    r->bits = len == 0 ? 0 : bits;
    return 1;
}

/* r = sum_k s_k a_k b_k (k < n, s_k = +1 or -1, s NULL: all +1); r must
   not alias an operand.  0 on overflow.  The sum of a few products in
   one pass (the entries of A^T A and adj(A1) A2 of the relative motion,
   relmotion128.c, and of the motion check): when the sizes bound every
   coefficient below 2^126 (each is a sum of at most `terms` products
   below 2^ab), no product is checked and r is zeroed, trimmed and
   sized once instead of once per product; otherwise the products are
   added by poly_i128_addmul, the reference (t/poly128-t.c compares the
   two). */
int poly_i128_dot(poly_i128 *r, int n, const poly_i128 *const *a,
                  const poly_i128 *const *b, const int *s)
{
    int i, j, k, len = 0, lg = 0, terms = 0, ab = 0, narrow = 1;
    for (k = 0; k < n; k++) {
        int la = a[k]->len, lb = b[k]->len;
        if (la == 0 || lb == 0)
            continue;
        if (la + lb - 1 > len)
            len = la + lb - 1;
        terms += la < lb ? la : lb;
        if (a[k]->bits + b[k]->bits > ab)
            ab = a[k]->bits + b[k]->bits;
        if (a[k]->bits > 62 || b[k]->bits > 62)
            narrow = 0;
    }
    if (terms > 1)
        lg = 32 - __builtin_clz((unsigned)terms - 1); /* 2^lg >= terms */
    if (len > POLY_I128_LEN || ab + lg > 125) {
        poly_i128_zero(r);
        for (k = 0; k < n; k++)
            if (!poly_i128_addmul(r, a[k], b[k], s == NULL ? 1 : s[k]))
                return 0;
        return 1;
    }
    if (ab + lg <= 62)
        return dot_word(r, n, a, b, s, len, ab + lg);
    for (i = 0; i < len; i++)
        r->c[i] = 0;
    for (k = 0; k < n; k++) {
        const poly_i128 *x = a[k], *y = b[k];
        int neg = s != NULL && s[k] < 0;
        if (narrow) /* 64 x 64 -> 128-bit products */
            for (i = 0; i < x->len; i++) {
                long long xi = (long long)(neg ? -x->c[i] : x->c[i]);
                for (j = 0; j < y->len; j++)
                    r->c[i + j] += (i128)xi * (long long)y->c[j];
            }
        else
            for (i = 0; i < x->len; i++) {
                i128 xi = neg ? -x->c[i] : x->c[i];
                for (j = 0; j < y->len; j++)
                    r->c[i + j] += xi * y->c[j];
            }
    }
    r->len = len;
    poly_i128_trim(r);
    r->bits = r->len == 0 ? 0 : ab + lg; /* |c_i| < terms 2^ab */
    return 1;
}

/* r = a b; r must not alias a or b.  A constant factor (the relative
   motion's c, doc/algorithm.md §2) is a scaling: one product a
   coefficient, no accumulation, the bit length in the same pass;
   checked only when the sizes do not bound the products below 2^126
   (64 x 64-bit products when both fit). */
int poly_i128_mul(poly_i128 *r, const poly_i128 *a,
                   const poly_i128 *b)
{
    int i;
    if (b->len == 1) {
        i128 f = b->c[0];
        u128 o = 0; /* the bits in the same pass (poly_i128_bits) */
        if (a->bits <= 63 && b->bits <= 63) /* 64 x 64 -> 128 bits */
            for (i = 0; i < a->len; i++) {
                r->c[i] = (i128)(long long)a->c[i] * (long long)f;
                o |= boxtoi_uabs_i128(r->c[i]);
            }
        else if (a->bits + b->bits <= 126) /* below 2^126: unchecked */
            for (i = 0; i < a->len; i++) {
                r->c[i] = a->c[i] * f;
                o |= boxtoi_uabs_i128(r->c[i]);
            }
        else
            for (i = 0; i < a->len; i++) {
                if (__builtin_mul_overflow(a->c[i], f, r->c + i))
                    return 0;
                o |= boxtoi_uabs_i128(r->c[i]);
            }
        r->len = f == 0 ? 0 : a->len;
        r->bits = boxtoi_nbits_i128(o);
        return 1;
    }
    poly_i128_zero(r);
    return poly_i128_addmul(r, a, b, 1);
}

/* p = a when its length is at most POLY_I128_LEN and every
   coefficient is below 2^126 in absolute value. */
int poly_i128_set_poly(poly_i128 *p, const boxtoi_poly_struct *a)
{
    long i;
    u128 o = 0; /* the bits in the same pass (as poly_i128_bits) */
    if (a->length > POLY_I128_LEN)
        return 0;
    for (i = 0; i < a->length; i++) {
        if (!boxtoi_mpz_get_i128(p->c + i, a->coeffs + i, 126))
            return 0;
        o |= boxtoi_uabs_i128(p->c[i]);
    }
    p->len = (int)a->length;
    p->bits = boxtoi_nbits_i128(o);
    return 1;
}

void poly_i128_get_poly(boxtoi_poly_struct *res, const poly_i128 *a)
{
    int i;
    boxtoi_poly_fit_length(res, a->len);
    for (i = 0; i < a->len; i++)
        boxtoi_mpz_set_i128(res->coeffs + i, a->c[i]);
    if (res->length < a->len)
        res->length = a->len;
    boxtoi_poly_set_length_normalise(res, a->len);
}

int poly_i128_divexact(poly_i128 *q, const poly_i128 *a,
                        const poly_i128 *h)
{
    poly_i128 r = *a;
    int i, k, dh = h->len - 1, hnarrow = 1;
    i128 lc = h->c[dh];
    for (k = 0; k <= dh; k++) /* (not h->bits: read the numbers) */
        if (h->c[k] <= -((i128)1 << 62) || h->c[k] >= ((i128)1 << 62))
            hnarrow = 0;
    poly_i128_zero(q);
    if (r.len == 0)
        return 1;
    if (r.len < h->len)
        return 0;
    q->len = r.len - dh;
    for (i = r.len - 1; i >= dh; i--) {
        i128 c = r.c[i];
        /* h and c below 2^62 (the usual sizes): the quotient in 64-bit
           words and c h_k < 2^124 unchecked; the same numbers */
        int narrow = hnarrow && c > -((i128)1 << 62)
                     && c < ((i128)1 << 62);
        if (narrow) {
            long long cc = (long long)c, l = (long long)lc;
            if (cc % l != 0)
                return 0;
            c = cc / l;
        } else {
            if (c % lc != 0)
                return 0;
            c /= lc;
        }
        q->c[i - dh] = c;
        for (k = 0; k <= dh; k++) {
            i128 p;
            if (narrow)
                p = c * h->c[k];
            else if (__builtin_mul_overflow(c, h->c[k], &p))
                return 0;
            if (__builtin_sub_overflow(r.c[i - dh + k], p, &r.c[i - dh + k]))
                return 0;
        }
    }
    for (i = 0; i < dh; i++)
        if (r.c[i] != 0)
            return 0;
    poly_i128_trim(q);
    q->bits = poly_i128_bits(q);
    return 1;
}

int poly_i128_primitive(poly_i128 *r, const poly_i128 *a)
{
    u128 c = 0;
    int i;
    for (i = 0; i < a->len; i++)
        c = boxtoi_gcd_i128(c, boxtoi_uabs_i128(a->c[i]));
    if (c == 0 || (c >> 126) != 0)
        return 0;
    *r = *a;
    for (i = 0; i < r->len; i++)
        r->c[i] /= a->c[a->len - 1] < 0 ? -(i128)c : (i128)c;
    r->bits = poly_i128_bits(r);
    return 1;
}

#endif /* BOXTOI_HAVE_I128 */
