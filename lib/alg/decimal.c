/* lib/alg/decimal.c: correctly rounded decimal strings of rationals and
   real algebraic numbers (the "decimal" field of the query format,
   doc/format.md §6, "Decimal notation"); the quotients at an algebraic
   t (the contact point and normal) are in decquot.c.

   For y > 0 let E = floor(log10 y) and M = round(y 10^(N-1-E)), to
   nearest with ties to even, both computed exactly in Z; when rounding
   carries M up to 10^N the result is 10^(E+1), so M = 10^(N-1) and E
   grows by one.  The rounded value is M 10^(E-N+1) with
   10^(N-1) <= M < 10^N, and E is the decimal exponent of the rounded
   value, which chooses the notation.
   For an algebraic x the same monotonicity argument as in mpfr.c
   applies (doc/algorithm.md §5): rounding to N significant digits is a
   non-decreasing function f of |x|, so f(L) = f(H) for the ends of an
   enclosure [L, H] of |x| gives f(|x|).  The break points of f are the
   midpoints between consecutive N-digit decimals; x can be one only
   when it is rational (and a tie), so when f(L) != f(H) we test the
   break point just above f(L), the only one left once the interval is
   small, with an exact sign: a root puts x on the rational fast path.
   Formats, for the digits d1 d2 ... dN of M, sign "-" when x < 0:
   - E in [-6, 30], positional: "d1.d2...dN" with the point after digit
     E + 1, "0.000d1...dN" with -E - 1 zeros when E < 0; when N <= E + 1
     the digits are followed by E + 1 - N zeros and there is no point
     (N = 3, 12345 gives "12300"; N = 1, 2.5 gives "2").
   - otherwise scientific: "d1.d2...dN" ("d1" when N = 1), then "e" and
     E in decimal with a '-' sign when negative and no '+' (N = 3,
     1.5 x 10^31 gives "1.50e31"; a negative E is written after "e-").
   - zero is "0". */
#include <stdlib.h>
#include <string.h>
#include "alg/impl.h"

/* t = 10^k for k >= 0. */
static void pow10_z(mpz_t t, long k)
{
    mpz_ui_pow_ui(t, 10, (unsigned long)k);
}

/* floor(a / b) for b > 0. */
static long floor_div(long a, long b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* For y > 0: M, E as in the file comment, N >= 1, of y itself
   (root == 1) or of sqrt y (root == 2; doc/algorithm.md §10.3,
   "Constants").  E is guessed from the bit sizes (a guess only: it is
   checked exactly) and m = floor(y^(1/root) 10^s), s = N-1-E, computed
   in Z: 10^E <= y^(1/root) < 10^(E+1) iff 10^(N-1) <= m < 10^N (10^k
   being integers, floor(x) >= 10^k iff x >= 10^k), so m outside
   [10^(N-1), 10^N) moves the guess by one and m is computed again;
   inside, m is floor(y^(1/root) 10^s).  floor(sqrt(y 10^(2s))) is the
   integer square root of floor(y 10^(2s)); sqrt(Y) > m + 1/2 iff
   4 Y > (2m + 1)^2, equality being the tie.  y's fraction need not be
   canonical. */
void alg_round_sig(mpz_t m, long *e_out, mpq_srcptr y, long n_dig,
                      int root)
{
    mpz_t num, den, t, r;
    long e, s, d;
    int c;

    mpz_init(num);
    mpz_init(den);
    mpz_init(t);
    mpz_init(r);
    /* y in [2^(d-1), 2^(d+1)); log10 2 < 30103/100000 */
    d = (long)mpz_sizeinbase(mpq_numref(y), 2)
        - (long)mpz_sizeinbase(mpq_denref(y), 2);
    e = floor_div(d * 30103, 100000L * root);
    pow10_z(r, n_dig - 1); /* r = 10^(N-1) until the rounding */
    for (;;) {
        s = n_dig - 1 - e;
        if (s >= 0) {
            pow10_z(t, root * s);
            mpz_mul(num, mpq_numref(y), t);
            mpz_set(den, mpq_denref(y));
        } else {
            pow10_z(t, -root * s);
            mpz_mul(den, mpq_denref(y), t);
            mpz_set(num, mpq_numref(y));
        }
        mpz_fdiv_q(m, num, den);
        if (root == 2)
            mpz_sqrt(m, m);
        if (mpz_cmp(m, r) < 0) {
            e--;
            continue;
        }
        mpz_mul_ui(t, r, 10);
        if (mpz_cmp(m, t) >= 0) {
            e++;
            continue;
        }
        break;
    }
    if (root == 1) {
        mpz_mul(r, m, den);
        mpz_sub(r, num, r);
        mpz_mul_2exp(r, r, 1);
        c = mpz_cmp(r, den);
    } else {
        mpz_mul_2exp(r, m, 1);
        mpz_add_ui(r, r, 1);
        mpz_mul(r, r, r);
        mpz_mul(r, r, den);
        mpz_mul_2exp(num, num, 2);
        c = mpz_cmp(num, r);
    }
    if (c > 0 || (c == 0 && mpz_odd_p(m)))
        mpz_add_ui(m, m, 1);
    if (mpz_cmp(m, t) == 0) { /* t = 10^N */
        mpz_divexact_ui(m, m, 10);
        e++;
    }
    *e_out = e;
    mpz_clear(num);
    mpz_clear(den);
    mpz_clear(t);
    mpz_clear(r);
}

/* Appends sign, the N digits of m and the exponent e in the notation of
   the file comment (util_put_decimal). */
int alg_format_decimal(boxtoi_strbuf *sb, int neg, mpz_srcptr m, long e)
{
    char small[64], *dig = small;
    size_t n = mpz_sizeinbase(m, 10) + 2;
    int rc;

    if (n > sizeof small && (dig = malloc(n)) == NULL)
        return BOXTOI_ENOMEM;
    mpz_get_str(dig, 10, m);
    rc = util_put_decimal(sb, neg, dig, strlen(dig), e);
    if (dig != small)
        free(dig);
    return rc;
}

int boxtoi_mpq_get_decimal_str(boxtoi_strbuf *sb, mpq_srcptr q, long digits)
{
    mpq_t y;
    mpz_t m;
    long e;
    int rc;

    if (digits < 1)
        return BOXTOI_EINVAL;
    if (mpq_sgn(q) == 0)
        return boxtoi_strbuf_puts(sb, "0");
    /* the same rounding on limb arrays, without allocation (declimb.c;
       t/decimal-t pairs the two) */
    if (alg_const_get_str_limbs(sb, &rc, mpq_numref(q), mpq_denref(q),
                                digits, 0, mpq_sgn(q) < 0))
        return rc;
    mpq_init(y);
    mpz_init(m);
    mpq_abs(y, q);
    alg_round_sig(m, &e, y, digits, 1);
    rc = alg_format_decimal(sb, mpq_sgn(q) < 0, m, e);
    mpz_clear(m);
    mpq_clear(y);
    return rc;
}

int boxtoi_alg_get_str(boxtoi_strbuf *sb, const boxtoi_alg_t a, long digits)
{
    boxtoi_alg_t x;
    mpq_t l, h, c;
    mpz_t ml, mh;
    long el, eh, target = 0;
    int s, rc;

    if (digits < 1)
        return BOXTOI_EINVAL;
    if (mpq_equal(a->lo, a->hi))
        return boxtoi_mpq_get_decimal_str(sb, a->lo, digits);
    s = boxtoi_alg_sgn(a);
    if (s == 0)
        return boxtoi_strbuf_puts(sb, "0");
    boxtoi_alg_init(x);
    boxtoi_alg_set(x, a);
    mpq_init(l);
    mpq_init(h);
    mpq_init(c);
    mpz_init(ml);
    mpz_init(mh);
    /* x != 0, so 0 is not a root: cut the interval at 0 to one side. */
    if (mpq_sgn(x->lo) < 0 && mpq_sgn(x->hi) > 0)
        (void)boxtoi_alg_split_at(x, c);
    for (;;) {
        if (mpq_equal(x->lo, x->hi)) {
            rc = boxtoi_mpq_get_decimal_str(sb, x->lo, digits);
            break;
        }
        /* [l, h] encloses |x|, l >= 0. */
        if (s > 0) {
            mpq_set(l, x->lo);
            mpq_set(h, x->hi);
        } else {
            mpq_neg(l, x->hi);
            mpq_neg(h, x->lo);
        }
        if (mpq_sgn(l) > 0) {
            alg_round_sig(ml, &el, l, digits, 1);
            alg_round_sig(mh, &eh, h, digits, 1);
            if (el == eh && mpz_cmp(ml, mh) == 0) {
                rc = alg_format_decimal(sb, s < 0, ml, el);
                break;
            }
            /* The break point above f(l): (ml + 1/2) 10^(el-N+1). */
            mpz_mul_2exp(mpq_numref(c), ml, 1);
            mpz_add_ui(mpq_numref(c), mpq_numref(c), 1);
            mpz_set_ui(mpq_denref(c), 2);
            if (el - digits + 1 >= 0) {
                mpz_ui_pow_ui(ml, 10, (unsigned long)(el - digits + 1));
                mpz_mul(mpq_numref(c), mpq_numref(c), ml);
            } else {
                mpz_ui_pow_ui(ml, 10, (unsigned long)(digits - 1 - el));
                mpz_mul(mpq_denref(c), mpq_denref(c), ml);
            }
            mpq_canonicalize(c);
            if (s < 0)
                mpq_neg(c, c);
            if (mpq_cmp(x->lo, c) < 0 && mpq_cmp(c, x->hi) < 0
                && boxtoi_alg_split_at(x, c))
                continue;
        }
        boxtoi_alg_refine_step(x, &target);
    }
    mpz_clear(ml);
    mpz_clear(mh);
    mpq_clear(l);
    mpq_clear(h);
    mpq_clear(c);
    boxtoi_alg_clear(x);
    return rc;
}

/* Constants (doc/algorithm.md §10.3, "Constants"): num and den of
   degree <= 0 make x = num/den (a rational) or num/sqrt(den) (the
   square root of the rational num^2/den) independent of t, rounded
   directly in Z: on the stack by alg_const_get_str_limbs (declimb.c),
   else (large sizes) by alg_round_sig.  Returns 1 with *rc set (BOXTOI_EDOMAIN
   for den = 0, or den < 0 for a unit, as the exact method), 0 when num
   or den is not a constant or digits < 1 (sb untouched). */
int alg_quot_get_str_const(boxtoi_strbuf *sb, int *rc,
                           const boxtoi_poly_t num, const boxtoi_poly_t den,
                           long digits, int unit)
{
    mpq_t y;
    mpz_t m;
    long e;
    int sn, sd;

    if (num->length > 1 || den->length > 1 || digits < 1)
        return 0;
    sd = den->length == 0 ? 0 : mpz_sgn(den->coeffs);
    if (sd == 0 || (unit && sd < 0)) {
        *rc = BOXTOI_EDOMAIN;
        return 1;
    }
    if (num->length == 0) {
        *rc = boxtoi_strbuf_puts(sb, "0");
        return 1;
    }
    sn = mpz_sgn(num->coeffs);
    if (alg_const_get_str_limbs(sb, rc, num->coeffs, den->coeffs, digits,
                                unit, sn * (unit ? 1 : sd) < 0))
        return 1;
    mpq_init(y);
    mpz_init(m);
    if (unit) /* |x| = sqrt(num^2 / den) */
        mpz_mul(mpq_numref(y), num->coeffs, num->coeffs);
    else
        mpz_abs(mpq_numref(y), num->coeffs);
    mpz_abs(mpq_denref(y), den->coeffs);
    alg_round_sig(m, &e, y, digits, unit ? 2 : 1);
    *rc = alg_format_decimal(sb, sn * (unit ? 1 : sd) < 0, m, e);
    mpz_clear(m);
    mpq_clear(y);
    return 1;
}

