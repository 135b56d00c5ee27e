/* lib/poly/compose.c: substitutions t -> t + c, t -> c t, t -> 1/t and
   t -> b(t).

   The integer Taylor shift is the classical quadratic scheme of repeated
   synthetic division by (t - c) [Knuth, TAOCP vol. 2, §4.6.4; von zur
   Gathen and Gerhard, "Fast algorithms for Taylor shifts", method B].
   Rational shifts and scalings are reduced to it through the identity
   d^n a(t + m/d) = b(d t) with b(t) = c(t + m), c(t) = d^n a(t / d)
   (coefficient i of c is a_i d^(n-i)), so nothing leaves Z[t].  Composition
   is Horner's rule with polynomial products.  See doc/algorithm.md §5. */
#include "poly/impl.h"

void boxtoi_poly_taylor_shift_mpz(boxtoi_poly_t res, const boxtoi_poly_t a,
                                  mpz_srcptr c)
{
    long n = a->length - 1, i, j;
    mpz_ptr x;
    mpz_t cc;

    mpz_init_set(cc, c); /* c may be a coefficient of res */
    boxtoi_poly_set(res, a);
    x = res->coeffs;
    if (mpz_sgn(cc) != 0) {
        /* After round i, x[i..n] hold the top coefficients of a(t + c)
           in the basis of synthetic divisions; the final x is a(t + c). */
        for (i = 0; i < n; i++) {
            for (j = n - 1; j >= i; j--) {
                if (mpz_cmp_ui(cc, 1) == 0)
                    mpz_add(x + j, x + j, x + j + 1);
                else if (mpz_cmp_si(cc, -1) == 0)
                    mpz_sub(x + j, x + j, x + j + 1);
                else
                    mpz_addmul(x + j, x + j + 1, cc);
            }
        }
    }
    mpz_clear(cc);
}

void boxtoi_poly_scale_frac_raw(boxtoi_poly_t res, const boxtoi_poly_t a,
                                mpz_srcptr p, mpz_srcptr c)
{
    long n = a->length - 1, i;
    mpz_t pw, pp, cc;

    if (a->length == 0) {
        boxtoi_poly_zero(res);
        return;
    }
    mpz_init_set_ui(pw, 1);
    mpz_init_set(pp, p);
    mpz_init_set(cc, c);
    boxtoi_poly_set(res, a);
    /* Two passes: times p^i upwards, then times c^(n-i) downwards. */
    if (mpz_cmp_ui(pp, 1) != 0) {
        for (i = 1; i <= n; i++) {
            mpz_mul(pw, pw, pp);
            mpz_mul(res->coeffs + i, res->coeffs + i, pw);
        }
    }
    if (mpz_cmp_ui(cc, 1) != 0) {
        mpz_set_ui(pw, 1);
        for (i = n - 1; i >= 0; i--) {
            mpz_mul(pw, pw, cc);
            mpz_mul(res->coeffs + i, res->coeffs + i, pw);
        }
    }
    /* p = 0 makes the upper coefficients vanish. */
    boxtoi_poly_set_length_normalise(res, res->length);
    mpz_clear(pw);
    mpz_clear(pp);
    mpz_clear(cc);
}

void boxtoi_poly_taylor_shift_mpq(boxtoi_poly_t res, const boxtoi_poly_t a,
                                  mpq_srcptr c)
{
    mpz_t one, m, d;
    if (mpz_cmp_ui(mpq_denref(c), 1) == 0) {
        boxtoi_poly_taylor_shift_mpz(res, a, mpq_numref(c));
        return;
    }
    mpz_init_set_ui(one, 1);
    mpz_init_set(m, mpq_numref(c));
    mpz_init_set(d, mpq_denref(c));
    /* d^n a(t + m/d) = b(d t) with b(t) = e(t + m), e(t) = d^n a(t/d). */
    boxtoi_poly_scale_frac_raw(res, a, one, d);
    boxtoi_poly_taylor_shift_mpz(res, res, m);
    boxtoi_poly_scale_frac_raw(res, res, d, one);
    mpz_clear(one);
    mpz_clear(m);
    mpz_clear(d);
}

void boxtoi_poly_scale_2exp(boxtoi_poly_t res, const boxtoi_poly_t a,
                            long e)
{
    long n = a->length - 1, i;
    unsigned long ue, k;
    boxtoi_poly_set(res, a);
    if (e == 0)
        return;
    ue = e > 0 ? (unsigned long)e : 0UL - (unsigned long)e;
    for (i = 0; i <= n; i++) {
        /* a_i 2^(e i) for e > 0, a_i 2^(|e| (n - i)) for e < 0. */
        k = ue * (unsigned long)(e > 0 ? i : n - i);
        mpz_mul_2exp(res->coeffs + i, res->coeffs + i, k);
    }
}

void boxtoi_poly_scale_mpq(boxtoi_poly_t res, const boxtoi_poly_t a,
                           mpq_srcptr c)
{
    boxtoi_poly_scale_frac_raw(res, a, mpq_numref(c), mpq_denref(c));
}

void boxtoi_poly_reverse(boxtoi_poly_t res, const boxtoi_poly_t a)
{
    long n = a->length - 1, i;
    boxtoi_poly_set(res, a);
    for (i = 0; i < n - i; i++)
        mpz_swap(res->coeffs + i, res->coeffs + n - i);
    /* Trailing zeros of a became leading zeros. */
    boxtoi_poly_set_length_normalise(res, res->length);
}

void boxtoi_poly_compose(boxtoi_poly_t res, const boxtoi_poly_t a,
                         const boxtoi_poly_t b)
{
    boxtoi_poly_t acc;
    long i;
    if (a->length <= 1 || b->length == 0) {
        /* A constant a, or a(0) when b = 0. */
        mpz_t c;
        mpz_init(c);
        boxtoi_poly_get_coeff_mpz(c, a, 0);
        boxtoi_poly_set_mpz(res, c);
        mpz_clear(c);
        return;
    }
    boxtoi_poly_init(acc);
    /* Horner: acc = (...(a_n b + a_{n-1}) b + ...) + a_0. */
    boxtoi_poly_set_mpz(acc, a->coeffs + a->length - 1);
    for (i = a->length - 2; i >= 0; i--) {
        boxtoi_poly_t t;
        mpz_t s;
        boxtoi_poly_init(t);
        boxtoi_poly_mul(t, acc, b);
        mpz_init(s);
        boxtoi_poly_get_coeff_mpz(s, t, 0);
        mpz_add(s, s, a->coeffs + i);
        boxtoi_poly_set_coeff_mpz(t, 0, s);
        mpz_clear(s);
        boxtoi_poly_swap(acc, t);
        boxtoi_poly_clear(t);
    }
    boxtoi_poly_swap(res, acc);
    boxtoi_poly_clear(acc);
}
