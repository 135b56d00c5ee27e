/* lib/roots/point.c: exact signs and values at rational points, and the
   choice of dyadic bisection points.

   A dyadic point k / 2^e is evaluated as the integer
   2^(e n) a(k / 2^e) = sum a_i k^i 2^(e (n - i)) by Horner's rule with
   shifts (boxtoi_poly_eval_2exp); other rationals go through the
   homogeneous integer Horner scheme of the poly layer.  Bisection points
   are the dyadics with the fewest bits in the middle half of an
   interval, so that the integers stay short (doc/algorithm.md §5). */
#include "roots/impl.h"

/* Returns 1 and sets *e when x has denominator 2^e. */
static int dyadic_exp(mpq_srcptr x, unsigned long *e)
{
    mpz_srcptr d = mpq_denref(x);
    unsigned long z = mpz_scan1(d, 0);
    if (mpz_sizeinbase(d, 2) != z + 1)
        return 0;
    *e = z;
    return 1;
}

int boxtoi_roots_sgn_at(const boxtoi_poly_t a, mpq_srcptr x, mpz_t tmp)
{
    unsigned long e;
    if (dyadic_exp(x, &e)) {
        if (e == 0)
            boxtoi_poly_eval_mpz(tmp, a, mpq_numref(x));
        else
            boxtoi_poly_eval_2exp(tmp, a, mpq_numref(x), e);
        return mpz_sgn(tmp);
    }
    return boxtoi_poly_sgn_at_mpq(a, x);
}

void boxtoi_roots_eval_at_tmp(mpq_t res, const boxtoi_poly_t a,
                              mpq_srcptr x, mpz_t v)
{
    unsigned long e;
    long n = boxtoi_poly_degree(a);
    if (n <= 0 || !dyadic_exp(x, &e) || e == 0) {
        boxtoi_poly_eval_mpq(res, a, x);
        return;
    }
    /* a(k / 2^e) = (2^(e n) a(k / 2^e)) / 2^(e n). */
    boxtoi_poly_eval_2exp(v, a, mpq_numref(x), e);
    mpq_set_z(res, v);
    mpq_div_2exp(res, res, e * (unsigned long)n);
}

void boxtoi_roots_eval_at(mpq_t res, const boxtoi_poly_t a, mpq_srcptr x)
{
    mpz_t v;
    mpz_init(v);
    boxtoi_roots_eval_at_tmp(res, a, x, v);
    mpz_clear(v);
}

long boxtoi_roots_clog2_tmp(mpq_srcptr x, mpz_t t)
{
    mpz_srcptr n = mpq_numref(x), d = mpq_denref(x);
    long l = (long)mpz_sizeinbase(n, 2) - (long)mpz_sizeinbase(d, 2);
    int c;
    /* 2^(l-1) < x < 2^(l+1), so the answer is l or l + 1. */
    if (l >= 0) {
        mpz_mul_2exp(t, d, (unsigned long)l);
        c = mpz_cmp(n, t);
    } else {
        mpz_mul_2exp(t, n, (unsigned long)-l);
        c = mpz_cmp(t, d);
    }
    return c <= 0 ? l : l + 1;
}

long boxtoi_roots_clog2(mpq_srcptr x)
{
    mpz_t t;
    long l;
    mpz_init(t);
    l = boxtoi_roots_clog2_tmp(x, t);
    mpz_clear(t);
    return l;
}

void boxtoi_roots_split_point(mpq_t m, mpq_srcptr lo, mpq_srcptr hi)
{
    mpq_t w, c;
    mpz_t k;
    long e;
    mpq_init(w);
    mpq_init(c);
    mpz_init(k);
    mpq_sub(w, hi, lo);
    /* w/4 < 2^-e < w/2: the middle half [lo + w/4, hi - w/4], of
       length w/2, holds a multiple of 2^-e, perhaps even one of
       2^(1-e) (fewer bits: try that first). */
    e = 2 - boxtoi_roots_clog2(w);
    mpq_div_2exp(c, w, 2);
    mpq_add(c, c, lo); /* c = lo + w/4 */
    for (;;) {
        /* k = ceil(c 2^(e-1)), the first multiple of 2^(1-e) from c. */
        long f = e - 1;
        if (f >= 0) {
            mpz_mul_2exp(k, mpq_numref(c), (unsigned long)f);
            mpz_cdiv_q(k, k, mpq_denref(c));
            mpq_set_z(m, k);
            mpq_div_2exp(m, m, (unsigned long)f);
        } else {
            mpz_mul_2exp(k, mpq_denref(c), (unsigned long)-f);
            mpz_cdiv_q(k, mpq_numref(c), k);
            mpq_set_z(m, k);
            mpq_mul_2exp(m, m, (unsigned long)-f);
        }
        /* Accept when m <= hi - w/4, i.e. m + w/4 <= hi. */
        mpq_div_2exp(c, w, 2);
        mpq_add(c, c, m);
        if (mpq_cmp(c, hi) <= 0)
            break;
        /* Retry with the finer grid (it always succeeds). */
        mpq_div_2exp(c, w, 2);
        mpq_add(c, c, lo);
        e++;
    }
    mpq_clear(w);
    mpq_clear(c);
    mpz_clear(k);
}
