/* t/fastrand.c: random doubles, intervals and points in them, shared by
   the tests of the interval pre-filter (t/fast-t.c, t/fast-model-t.c). */
#include "fastrand.h"

/* A random double: sign, a mantissa of up to 53 bits and an exponent
   from the subnormal range to about 2^80, or near the top of the range
   (so that sums and products overflow); sometimes 0 or a small
   integer. */
double fastrand_double(gmp_randstate_t st)
{
    unsigned long kind = gmp_urandomm_ui(st, 10);
    mpz_t m;
    mpfr_t f;
    double x;
    long e;
    if (kind == 0)
        return 0;
    if (kind == 1)
        return (double)((long)gmp_urandomm_ui(st, 21) - 10);
    mpz_init(m);
    mpfr_init2(f, 53);
    mpz_urandomb(m, st, 1 + gmp_urandomm_ui(st, 53));
    if (kind == 2)
        e = -1074 - (long)gmp_urandomm_ui(st, 20); /* subnormal or 0 */
    else if (kind == 3)
        e = 900 + (long)gmp_urandomm_ui(st, 71); /* products overflow */
    else
        e = (long)gmp_urandomm_ui(st, 160) - 100;
    mpfr_set_z_2exp(f, m, e, MPFR_RNDN); /* exact: 53 bits */
    x = mpfr_get_d(f, MPFR_RNDN);        /* may round a subnormal */
    if (gmp_urandomm_ui(st, 2))
        x = -x;
    mpfr_clear(f);
    mpz_clear(m);
    return x;
}

contact_iv fastrand_iv(gmp_randstate_t st)
{
    contact_iv r;
    double a = fastrand_double(st), b = gmp_urandomm_ui(st, 4) == 0
                                        ? a
                                        : fastrand_double(st);
    r.lo = a < b ? a : b;
    r.hi = a < b ? b : a;
    return r;
}

/* x = a point of a: a corner (which 0, 1) or a random rational. */
void fastrand_point(mpq_t x, contact_iv a, int which, gmp_randstate_t st)
{
    mpq_t u, v;
    if (which < 2) {
        mpq_set_d(x, which == 0 ? a.lo : a.hi);
        return;
    }
    mpq_init(u);
    mpq_init(v);
    mpq_set_d(u, a.lo);
    mpq_set_d(v, a.hi);
    mpq_sub(v, v, u);
    mpz_urandomb(mpq_numref(x), st, 30);
    mpz_set_ui(mpq_denref(x), 1);
    mpz_mul_2exp(mpq_denref(x), mpq_denref(x), 30);
    mpq_canonicalize(x);
    mpq_mul(x, x, v);
    mpq_add(x, x, u);
    mpq_clear(u);
    mpq_clear(v);
}

/* 1 if r.lo <= x <= r.hi exactly. */
int fastrand_contains(contact_iv r, mpq_srcptr x)
{
    mpq_t b;
    int ok;
    mpq_init(b);
    mpq_set_d(b, r.lo);
    ok = mpq_cmp(b, x) <= 0;
    mpq_set_d(b, r.hi);
    ok = ok && mpq_cmp(x, b) <= 0;
    mpq_clear(b);
    return ok;
}

void fastrand_exact(mpq_t z, int op, mpq_srcptr x, mpq_srcptr y)
{
    if (op == 0)
        mpq_add(z, x, y);
    else if (op == 1)
        mpq_sub(z, x, y);
    else if (op == 2)
        mpq_mul(z, x, y);
    else
        mpq_abs(z, x);
}
