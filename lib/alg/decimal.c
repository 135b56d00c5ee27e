/* lib/alg/decimal.c: correctly rounded decimal strings of rationals and
   real algebraic numbers (the "decimal" field of the query format,
   doc/format.md §6, "Decimal notation").

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
     E in decimal with a '-' sign when negative and no '+' ("1.50e31",
     "7.07e-21").
   - zero is "0". */
#include <stdlib.h>
#include <string.h>
#include "alg/impl.h"

/* Positional notation for decimal exponents in this range. */
#define POS_EMIN (-6)
#define POS_EMAX 30

/* t = 10^k for k >= 0. */
static void pow10_z(mpz_t t, long k)
{
    mpz_ui_pow_ui(t, 10, (unsigned long)k);
}

/* 1 iff n/d >= 10^e, for n, d > 0. */
static int ge_pow10(mpz_srcptr n, mpz_srcptr d, long e, mpz_t t)
{
    if (e >= 0) {
        pow10_z(t, e);
        mpz_mul(t, t, d);
        return mpz_cmp(n, t) >= 0;
    }
    pow10_z(t, -e);
    mpz_mul(t, t, n);
    return mpz_cmp(t, d) >= 0;
}

/* For y > 0: M, E as in the file comment, N >= 1. */
static void round_sig(mpz_t m, long *e_out, mpq_srcptr y, long n_dig)
{
    mpz_t num, den, t, r;
    long e, s;
    int c;

    mpz_init(num);
    mpz_init(den);
    mpz_init(t);
    mpz_init(r);
    /* A first guess from the digit counts, then exact adjustment so that
       10^e <= y < 10^(e+1). */
    e = (long)mpz_sizeinbase(mpq_numref(y), 10)
        - (long)mpz_sizeinbase(mpq_denref(y), 10);
    while (!ge_pow10(mpq_numref(y), mpq_denref(y), e, t))
        e--;
    while (ge_pow10(mpq_numref(y), mpq_denref(y), e + 1, t))
        e++;
    /* y 10^s with s = N-1-E lies in [10^(N-1), 10^N). */
    s = n_dig - 1 - e;
    mpz_set(num, mpq_numref(y));
    mpz_set(den, mpq_denref(y));
    if (s >= 0) {
        pow10_z(t, s);
        mpz_mul(num, num, t);
    } else {
        pow10_z(t, -s);
        mpz_mul(den, den, t);
    }
    mpz_fdiv_qr(m, r, num, den);
    mpz_mul_2exp(r, r, 1);
    c = mpz_cmp(r, den);
    if (c > 0 || (c == 0 && mpz_odd_p(m)))
        mpz_add_ui(m, m, 1);
    pow10_z(t, n_dig);
    if (mpz_cmp(m, t) == 0) {
        pow10_z(m, n_dig - 1);
        e++;
    }
    *e_out = e;
    mpz_clear(num);
    mpz_clear(den);
    mpz_clear(t);
    mpz_clear(r);
}

/* Appends sign, the N digits of m and the exponent e in the notation of
   the file comment. */
static int format_decimal(boxtoi_strbuf *sb, int neg, mpz_srcptr m, long e)
{
    boxtoi_strbuf out;
    char *dig;
    size_t n, i;
    long k;
    int rc = BOXTOI_OK;

    dig = malloc(mpz_sizeinbase(m, 10) + 2);
    if (dig == NULL)
        return BOXTOI_ENOMEM;
    mpz_get_str(dig, 10, m);
    n = strlen(dig);
    boxtoi_strbuf_init(&out);
    if (neg)
        rc |= boxtoi_strbuf_puts(&out, "-");
    if (e >= POS_EMIN && e <= POS_EMAX) {
        if (e < 0) {
            rc |= boxtoi_strbuf_puts(&out, "0.");
            for (k = 0; k < -e - 1; k++)
                rc |= boxtoi_strbuf_puts(&out, "0");
            rc |= boxtoi_strbuf_putn(&out, dig, n);
        } else if ((size_t)e + 1 >= n) {
            rc |= boxtoi_strbuf_putn(&out, dig, n);
            for (i = n; i < (size_t)e + 1; i++)
                rc |= boxtoi_strbuf_puts(&out, "0");
        } else {
            rc |= boxtoi_strbuf_putn(&out, dig, (size_t)e + 1);
            rc |= boxtoi_strbuf_puts(&out, ".");
            rc |= boxtoi_strbuf_putn(&out, dig + e + 1, n - (size_t)e - 1);
        }
    } else {
        rc |= boxtoi_strbuf_putn(&out, dig, 1);
        if (n > 1) {
            rc |= boxtoi_strbuf_puts(&out, ".");
            rc |= boxtoi_strbuf_putn(&out, dig + 1, n - 1);
        }
        rc |= boxtoi_strbuf_printf(&out, "e%ld", e);
    }
    free(dig);
    /* One append, so that sb is unchanged on failure. */
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_puts(sb, boxtoi_strbuf_str(&out));
    else
        rc = BOXTOI_ENOMEM;
    boxtoi_strbuf_clear(&out);
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
    mpq_init(y);
    mpz_init(m);
    mpq_abs(y, q);
    round_sig(m, &e, y, digits);
    rc = format_decimal(sb, mpq_sgn(q) < 0, m, e);
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
            round_sig(ml, &el, l, digits);
            round_sig(mh, &eh, h, digits);
            if (el == eh && mpz_cmp(ml, mh) == 0) {
                rc = format_decimal(sb, s < 0, ml, el);
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
