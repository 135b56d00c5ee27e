/* lib/poly/eval.c: exact evaluation, signs, Descartes' sign variations
   and a power-of-two root bound.

   Evaluation at a rational or dyadic point stays in Z: for c = m/d,
   d^n a(c) = sum a_i m^i d^(n-i) is computed by Horner's rule with the
   powers of d carried along, and its sign is the sign of a(c) because
   d > 0.  Signs are tried first in double-precision interval
   arithmetic (sgn_filter), whose answer is a proof when the enclosure
   excludes 0.  The root bound is a Fujiwara-type bound [Fujiwara 1916;
   Yap, "Fundamental Problems of Algorithmic Algebra", §6.2] made exact
   with integer bit lengths; the proof is at root_bound_ok below.  See
   doc/algorithm.md §5. */
#include "poly/impl.h"
#include "lib/util/interval.h"

void boxtoi_poly_eval_mpz(mpz_t res, const boxtoi_poly_t a, mpz_srcptr c)
{
    long i;
    mpz_t r;
    mpz_init(r);
    for (i = a->length - 1; i >= 0; i--) {
        mpz_mul(r, r, c);
        mpz_add(r, r, a->coeffs + i);
    }
    mpz_swap(res, r);
    mpz_clear(r);
}

/* r = d^n a(m/d) for n = deg a (0 for a = 0): r = sum a_i m^i d^(n-i). */
static void eval_frac(mpz_t r, const boxtoi_poly_t a, mpz_srcptr m,
                      mpz_srcptr d)
{
    long i;
    mpz_t dp;
    mpz_set_ui(r, 0);
    if (a->length == 0)
        return;
    mpz_init_set_ui(dp, 1);
    mpz_set(r, a->coeffs + a->length - 1);
    /* Invariant: r = sum_{j >= i+1} a_j m^(j-i-1) d^(n-j), dp = d^(n-i-1)
       before the step for i. */
    for (i = a->length - 2; i >= 0; i--) {
        mpz_mul(dp, dp, d);
        mpz_mul(r, r, m);
        mpz_addmul(r, a->coeffs + i, dp);
    }
    mpz_clear(dp);
}

void boxtoi_poly_eval_mpq(mpq_t res, const boxtoi_poly_t a, mpq_srcptr c)
{
    mpz_t r, dn;
    long n = a->length - 1;
    if (mpz_cmp_ui(mpq_denref(c), 1) == 0) {
        mpz_init(r);
        boxtoi_poly_eval_mpz(r, a, mpq_numref(c));
        mpq_set_z(res, r);
        mpz_clear(r);
        return;
    }
    mpz_init(r);
    mpz_init(dn);
    eval_frac(r, a, mpq_numref(c), mpq_denref(c));
    if (n > 0)
        mpz_pow_ui(dn, mpq_denref(c), (unsigned long)n);
    else
        mpz_set_ui(dn, 1);
    /* res may alias c: c is not read any more. */
    mpz_swap(mpq_numref(res), r);
    mpz_swap(mpq_denref(res), dn);
    mpq_canonicalize(res);
    mpz_clear(r);
    mpz_clear(dn);
}

void boxtoi_poly_eval_2exp(mpz_t res, const boxtoi_poly_t a, mpz_srcptr m,
                           unsigned long e)
{
    long i, n = a->length - 1;
    mpz_t r, t;
    mpz_init(r);
    mpz_init(t);
    if (n >= 0)
        mpz_set(r, a->coeffs + n);
    /* r = sum a_i m^i 2^(e (n-i)) by Horner; 2^(e (n-i)) is a shift. */
    for (i = n - 1; i >= 0; i--) {
        mpz_mul(r, r, m);
        mpz_mul_2exp(t, a->coeffs + i, e * (unsigned long)(n - i));
        mpz_add(r, r, t);
    }
    mpz_swap(res, r);
    mpz_clear(r);
    mpz_clear(t);
}

/* The sign of a(c) from a double-precision interval evaluation (Horner
   with outward rounding, lib/util/interval.h), or 0 when the enclosure
   does not exclude 0 or cannot be formed (c not a 53-bit fraction or a
   double, coefficients of more than 1000 bits, a bound not finite): a
   filter whose answer is a proof. */
static int sgn_filter(const boxtoi_poly_t a, mpq_srcptr c)
{
    boxtoi_iv x, r, k;
    boxtoi_ivchk chk = 0;
    long i;
    if (a->length == 0 || !boxtoi_iv_set_mpq(&x, c)
        || !boxtoi_iv_set_mpz(&r, a->coeffs + a->length - 1))
        return 0;
    for (i = a->length - 2; i >= 0; i--) {
        if (!boxtoi_iv_set_mpz(&k, a->coeffs + i))
            return 0;
        r = boxtoi_iv_add(&chk, boxtoi_iv_mul(&chk, r, x), k);
    }
    if (boxtoi_iv_failed(chk))
        return 0;
    return r.lo > 0 ? 1 : r.hi < 0 ? -1 : 0;
}

int boxtoi_poly_sgn_at_mpq(const boxtoi_poly_t a, mpq_srcptr c)
{
    mpz_t r;
    int s = sgn_filter(a, c);
    if (s != 0)
        return s;
    mpz_init(r);
    if (mpz_cmp_ui(mpq_denref(c), 1) == 0)
        boxtoi_poly_eval_mpz(r, a, mpq_numref(c));
    else
        eval_frac(r, a, mpq_numref(c), mpq_denref(c));
    s = mpz_sgn(r);
    mpz_clear(r);
    return s;
}

int boxtoi_poly_sgn_at_si(const boxtoi_poly_t a, long c)
{
    mpz_t r, cc;
    int s;
    mpz_init(r);
    mpz_init_set_si(cc, c);
    boxtoi_poly_eval_mpz(r, a, cc);
    s = mpz_sgn(r);
    mpz_clear(r);
    mpz_clear(cc);
    return s;
}

int boxtoi_poly_sgn_at_inf(const boxtoi_poly_t a, int dir)
{
    int s = boxtoi_poly_sgn_lc(a);
    /* Towards -inf the leading term has the sign (-1)^n lc. */
    if (dir < 0 && (a->length - 1) % 2 == 1)
        s = -s;
    return s;
}

long boxtoi_poly_sign_variations(const boxtoi_poly_t a)
{
    long i, v = 0;
    int prev = 0, s;
    for (i = 0; i < a->length; i++) {
        s = mpz_sgn(a->coeffs + i);
        if (s == 0)
            continue;
        if (prev != 0 && s != prev)
            v++;
        prev = s;
    }
    return v;
}

/* Returns 1 iff |a_i| <= |a_n| 2^((k-1)(n-i)) for every i < n, exactly.

   Claim: then every complex root z of a has |z| < 2^k.  Proof: let
   B = 2^k and |z| >= B.  Then |a_i| <= |a_n| (B/2)^(n-i) <=
   |a_n| (|z|/2)^(n-i), so
     |sum_{i<n} a_i z^i| <= |a_n| |z|^n sum_{j=1..n} 2^(-j)
                          < |a_n| |z|^n = |a_n z^n|,
   hence a(z) != 0.  (This is Fujiwara's bound with the factor 2 spread
   geometrically, rounded to a power of two.) */
static int root_bound_ok(const boxtoi_poly_t a, long k)
{
    long i, n = a->length - 1;
    unsigned long sh;
    mpz_t l, r;
    int ok = 1;
    mpz_init(l);
    mpz_init(r);
    for (i = 0; ok && i < n; i++) {
        if (mpz_sgn(a->coeffs + i) == 0)
            continue;
        /* Compare |a_i| 2^s with |a_n| 2^t, s, t >= 0. */
        mpz_abs(l, a->coeffs + i);
        mpz_abs(r, a->coeffs + n);
        sh = (unsigned long)(k >= 1 ? k - 1 : 1 - k) * (unsigned long)(n - i);
        if (k >= 1)
            mpz_mul_2exp(r, r, sh);
        else
            mpz_mul_2exp(l, l, sh);
        if (mpz_cmp(l, r) > 0)
            ok = 0;
    }
    mpz_clear(l);
    mpz_clear(r);
    return ok;
}

/* ceil(x / y) for y > 0. */
static long ceil_div(long x, long y)
{
    return x >= 0 ? (x + y - 1) / y : -((-x) / y);
}

long boxtoi_poly_root_bound_2exp(const boxtoi_poly_t a)
{
    long n = a->length - 1, i, k = 0, ki, bn, bi;
    if (n <= 0)
        return 0; /* no roots (or a = 0, outside the contract) */
    /* With bits b_i of |a_i|: |a_i| < 2^b_i and |a_n| >= 2^(b_n - 1), so
       (k-1)(n-i) >= b_i - b_n + 1 implies root_bound_ok's condition.  This
       estimate is at most 2 above the least k passing the exact test. */
    bn = (long)mpz_sizeinbase(a->coeffs + n, 2);
    for (i = 0; i < n; i++) {
        if (mpz_sgn(a->coeffs + i) == 0)
            continue;
        bi = (long)mpz_sizeinbase(a->coeffs + i, 2);
        ki = 1 + ceil_div(bi - bn + 1, n - i);
        if (ki > k)
            k = ki;
    }
    /* Tighten with the exact test; k stays valid at every step. */
    while (k > 0 && root_bound_ok(a, k - 1))
        k--;
    return k;
}
