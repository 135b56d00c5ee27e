/* lib/prim/sqfree.c: the proof that the exact coplanarity cubic is
   square-free, for the certified double path (doc/algorithm.md §9.8):
   its discriminant is not zero, proved by its residue modulo the prime
   2^61 - 1, else by an interval enclosure, else computed exactly. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include "lib/util/i128.h"
#include "lib/util/interval.h"
#include "prim/impl.h"

#define ADD(a, b) boxtoi_iv_add(chk, a, b)
#define SUB(a, b) boxtoi_iv_sub(chk, a, b)
#define MUL(a, b) boxtoi_iv_mul(chk, a, b)

/* An enclosure of the discriminant of the binary cubic form
   c[3] X^3 + c[2] X^2 Y + c[1] X Y^2 + c[0] Y^3, with a = c[3],
   b = c[2], c = c[1], d = c[0]: 18abcd - 4b^3 d + b^2 c^2 - 4ac^3
   - 27a^2 d^2 (the same for c reversed). */
static boxtoi_iv disc3(boxtoi_ivchk *chk, const boxtoi_iv c[4])
{
    boxtoi_iv k18 = {18, 18}, k27 = {27, 27}, four = {4, 4}, x, y, r;
    x = MUL(c[3], c[0]); /* ad */
    y = MUL(c[2], c[1]); /* bc */
    r = MUL(k18, MUL(x, y));
    r = SUB(r, MUL(four, MUL(MUL(c[2], c[2]), MUL(c[2], c[0]))));
    r = ADD(r, MUL(y, y));
    r = SUB(r, MUL(four, MUL(MUL(c[3], c[1]), MUL(c[1], c[1]))));
    return SUB(r, MUL(k27, MUL(x, x)));
}

#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0
/* Arithmetic modulo the prime M = 2^61 - 1, on residues in [0, M). */
#define M61 ((UINT64_C(1) << 61) - 1)

/* x mod M for any 64-bit x: 2^61 = 1 (mod M). */
static inline uint64_t red61(uint64_t x)
{
    x = (x & M61) + (x >> 61); /* <= M + 7 */
    return x >= M61 ? x - M61 : x;
}

static inline uint64_t mul61(uint64_t a, uint64_t b)
{
    boxtoi_u128 p = (boxtoi_u128)a * b; /* < 2^122 */
    return red61(((uint64_t)p & M61) + (uint64_t)(p >> 61));
}

static inline uint64_t sub61(uint64_t a, uint64_t b)
{
    return a >= b ? a - b : a + M61 - b;
}

/* (neg ? -1 : 1) times the n limbs p, mod M: limb i weighs 2^(64 i) = 2^(3 i mod 61) (mod M, as 2^64 =
   8 and 2^61 = 1: w = 2^k becomes 2^(k + 3), or 2^(k - 58) from k =
   58 on); the sum is folded after each term (x = (x mod 2^61)
   + floor(x / 2^61) keeps x mod M and x below 2^65, so that a term,
   below 2^124, never overflows 128 bits). */
uint64_t prim_mod61(const mp_limb_t *p, size_t n, int neg)
{
    size_t i;
    boxtoi_u128 acc = 0;
    uint64_t r, w = 1; /* w = 2^(3 i mod 61) */
    if (n <= 3) {
        /* weights 1, 8, 64: the sum below 2^64 + 2^67 + 2^70, folded
           twice (below 2^62, then M + 1) */
        acc = (boxtoi_u128)(n > 0 ? p[0] : 0)
              + ((boxtoi_u128)(n > 1 ? p[1] : 0) << 3)
              + ((boxtoi_u128)(n > 2 ? p[2] : 0) << 6);
        acc = (acc & M61) + (acc >> 61);
        r = red61((uint64_t)acc);
        return neg && r != 0 ? M61 - r : r;
    }
    for (i = 0; i < n; i++) {
        acc += (boxtoi_u128)p[i] * w;
        acc = (acc & M61) + (acc >> 61);
        w = w >> 58 != 0 ? w >> 58 : w << 3;
    }
    r = red61((uint64_t)((acc & M61) + (acc >> 61)));
    return neg && r != 0 ? M61 - r : r;
}

static uint64_t mpz_mod61(mpz_srcptr z)
{
    return prim_mod61(mpz_limbs_read(z), mpz_size(z), mpz_sgn(z) < 0);
}

int prim_disc_mod61(const uint64_t r[4], int n)
{
    uint64_t a, b = r[2], c = r[1], d = r[0], x, y, v;
    if (n == 2)
        return sub61(mul61(c, c), mul61(4, mul61(b, d))) != 0;
    a = r[3];
    /* 18abcd - 4b^3 d + b^2 c^2 - 4ac^3 - 27a^2 d^2 with x = ad,
       y = bc: y^2 + 18xy - 27x^2 - 4(b^3 d + a c^3) */
    x = mul61(a, d);
    y = mul61(b, c);
    v = red61(mul61(y, y) + mul61(18, mul61(x, y)));
    v = sub61(v, mul61(27, mul61(x, x)));
    v = sub61(v, mul61(4, red61(mul61(mul61(b, b), mul61(b, d))
                                + mul61(mul61(c, c), mul61(a, c)))));
    return v != 0;
}

/* Whether p's discriminant (degree 2 or 3) is proved non-zero by its
   residue modulo M: a non-zero residue is a proof; a zero one (the
   discriminant is 0, or a multiple of M) proves nothing. */
static int disc_nonzero_mod(const boxtoi_poly_t p)
{
    uint64_t r[4] = {0, 0, 0, 0};
    long i, n = p->length - 1;
    for (i = 0; i <= n; i++)
        r[i] = mpz_mod61(p->coeffs + i);
    return prim_disc_mod61(r, (int)n);
}
#else
uint64_t prim_mod61(const mp_limb_t *p, size_t n, int neg)
{
    (void)p;
    (void)n;
    (void)neg;
    return 0;
}

int prim_disc_mod61(const uint64_t r[4], int n)
{
    (void)r;
    (void)n;
    return 0;
}

static int disc_nonzero_mod(const boxtoi_poly_t p)
{
    (void)p;
    return 0;
}
#endif

/* Proves that p (degree 2 or 3) has a non-zero discriminant, in
   intervals (§9.8): the coefficients scaled by one power of two 2^-e
   (the discriminant is homogeneous, so its sign is kept) so that the
   largest is below 1 and nothing overflows.  Returns 0 when not
   proved. */
static int disc_nonzero_iv(const boxtoi_poly_t p)
{
    boxtoi_ivchk chk0 = 0, *chk = &chk0;
    boxtoi_iv c[4], r, four = {4, 4};
    long n = p->length - 1, i, ex[4], emax = LONG_MIN;
    double m[4];

    for (i = 0; i <= n; i++) {
        /* |x| = (m + delta) 2^ex with 0 <= delta < 2^-53 (truncation) */
        m[i] = mpz_get_d_2exp(ex + i, p->coeffs + i);
        if (m[i] != 0.0 && ex[i] > emax)
            emax = ex[i];
    }
    for (i = 0; i <= n; i++) {
        double a = fabs(m[i]), lo, hi;
        if (a == 0.0) {
            c[i] = boxtoi_iv_point(0.0);
            continue;
        }
        lo = ldexp(a, (int)(ex[i] - emax));
        hi = ldexp(a + 0x1p-53, (int)(ex[i] - emax));
        c[i] = boxtoi_iv_widen(chk, lo, hi);
        if (m[i] < 0.0)
            c[i] = boxtoi_iv_neg(c[i]);
    }
    if (n == 2) {
        /* c1^2 - 4 c2 c0 */
        r = SUB(MUL(c[1], c[1]), MUL(four, MUL(c[2], c[0])));
    } else {
        r = disc3(chk, c);
    }
    return !boxtoi_iv_failed(chk0) && (r.lo > 0.0 || r.hi < 0.0);
}

/* Non-zero when p (degree 1 to 3) is square-free: its discriminant
   (c^2 - 4bd for b t^2 + c t + d; for a t^3 + b t^2 + c t + d,
   18abcd - 4b^3 d + b^2 c^2 - 4ac^3 - 27a^2 d^2) is not zero. */
static int squarefree_mpz(const boxtoi_poly_t p)
{
    long n = boxtoi_poly_degree(p);
    mpz_srcptr d = p->coeffs, c = p->coeffs + 1, b, a;
    mpz_t r, x;
    int res;

    if (n <= 1)
        return n == 1;
    mpz_init(r);
    mpz_init(x);
    b = p->coeffs + 2;
    if (n == 2) {
        mpz_mul(r, c, c);
        mpz_mul(x, b, d);
        mpz_submul_ui(r, x, 4);
    } else {
        a = p->coeffs + 3;
        mpz_mul(r, a, b);
        mpz_mul(r, r, c);
        mpz_mul(r, r, d);
        mpz_mul_ui(r, r, 18);
        mpz_mul(x, b, b);
        mpz_mul(x, x, b);
        mpz_mul(x, x, d);
        mpz_submul_ui(r, x, 4);
        mpz_mul(x, b, c);
        mpz_addmul(r, x, x);
        mpz_mul(x, c, c);
        mpz_mul(x, x, c);
        mpz_mul(x, x, a);
        mpz_submul_ui(r, x, 4);
        mpz_mul(x, a, d);
        mpz_mul(x, x, x);
        mpz_submul_ui(r, x, 27);
    }
    res = mpz_sgn(r) != 0;
    mpz_clear(x);
    mpz_clear(r);
    return res;
}

int prim_squarefree(const boxtoi_poly_t p)
{
    if (boxtoi_poly_degree(p) >= 2
        && (disc_nonzero_mod(p) || disc_nonzero_iv(p)))
        return 1;
    return squarefree_mpz(p);
}
