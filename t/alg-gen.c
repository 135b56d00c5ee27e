/* t/alg-gen.c: see t/alg-gen.h.  Moved from t/alg-t.c when it was
   split by the lib/alg file each part tests. */
#include "alg-gen.h"

const long P_SQRT2[] = {-2, 0, 1}; /* t^2 - 2 */
const long P_SQRT3[] = {-3, 0, 1}; /* t^2 - 3 */
const long P_CBRT2[] = {-2, 0, 0, 1}; /* t^3 - 2 */
const long P_SQRT2_5[] = {10, -2, -5, 1}; /* (t^2-2)(t-5) */
const long P_THIRD[] = {2, -6, -1, 3}; /* (3t-1)(t^2-2) */

void qset(mpq_t q, const char *s)
{
    if (mpq_set_str(q, s, 10) != 0)
        bail("bad rational literal %s", s);
    mpq_canonicalize(q);
}

/* a = the root of c[0] + c[1] t + ... in [lo, hi] (rational literals). */
void alg_pi(boxtoi_alg_t a, const long *c, long len, const char *lo,
                   const char *hi)
{
    boxtoi_poly_t p;
    mpq_t l, h;
    boxtoi_poly_init(p);
    mpq_init(l);
    mpq_init(h);
    boxtoi_poly_set_coeffs_si(p, c, len);
    qset(l, lo);
    qset(h, hi);
    if (boxtoi_alg_set_poly_interval(a, p, l, h) != BOXTOI_OK)
        bail("alg_pi: no unique root in [%s, %s]", lo, hi);
    boxtoi_poly_clear(p);
    mpq_clear(l);
    mpq_clear(h);
}

/* a = the root of c[0] + c[1] t + ... in [x - 2^-k / 3, x + 2^-k / 5]
   for a rational root x: a narrow interval with non-dyadic ends, so
   that code meant for roots at special points sees them before any
   refinement (which may land on a dyadic root by itself). */
void alg_narrow(boxtoi_alg_t a, const long *c, long len,
                       const char *x, unsigned long k)
{
    boxtoi_poly_t p;
    mpq_t l, h, e;
    boxtoi_poly_init(p);
    mpq_init(l);
    mpq_init(h);
    mpq_init(e);
    boxtoi_poly_set_coeffs_si(p, c, len);
    qset(l, x);
    qset(h, x);
    mpq_set_ui(e, 1, 3);
    mpq_div_2exp(e, e, k);
    mpq_sub(l, l, e);
    mpq_set_ui(e, 1, 5);
    mpq_div_2exp(e, e, k);
    mpq_add(h, h, e);
    if (boxtoi_alg_set_poly_interval(a, p, l, h) != BOXTOI_OK
        || boxtoi_alg_is_rational_fast(a))
        bail("alg_narrow: bad example around %s", x);
    boxtoi_poly_clear(p);
    mpq_clear(l);
    mpq_clear(h);
    mpq_clear(e);
}

/* a = the root of k t^2 - n (k > 0, n given in decimal) in [lo, hi]. */
void alg_quad(boxtoi_alg_t a, const char *k, const char *n,
                     const char *lo, const char *hi)
{
    boxtoi_poly_t p;
    mpz_t z;
    mpq_t l, h;
    boxtoi_poly_init(p);
    mpz_init_set_str(z, n, 10);
    mpz_neg(z, z);
    boxtoi_poly_set_coeff_mpz(p, 0, z);
    mpz_set_str(z, k, 10);
    boxtoi_poly_set_coeff_mpz(p, 2, z);
    mpq_init(l);
    mpq_init(h);
    qset(l, lo);
    qset(h, hi);
    if (boxtoi_alg_set_poly_interval(a, p, l, h) != BOXTOI_OK)
        bail("alg_quad: no unique root in [%s, %s]", lo, hi);
    boxtoi_poly_clear(p);
    mpz_clear(z);
    mpq_clear(l);
    mpq_clear(h);
}

int sgn_i(int x)
{
    return (x > 0) - (x < 0);
}

/* sign of q^k - n for q > 0: the sign of q - n^(1/k). */
int root_cmp_q(mpq_srcptr q, long n, unsigned k)
{
    mpq_t t, nn;
    int s;
    unsigned i;
    mpq_init(t);
    mpq_init(nn);
    mpq_set_ui(t, 1, 1);
    for (i = 0; i < k; i++)
        mpq_mul(t, t, q);
    mpq_set_si(nn, n, 1);
    s = mpq_cmp(t, nn);
    mpq_clear(t);
    mpq_clear(nn);
    return sgn_i(s);
}

void check_str(const char *e, const boxtoi_alg_t a, long n,
                      const char *name)
{
    boxtoi_strbuf sb;
    int rc;
    boxtoi_strbuf_init(&sb);
    rc = boxtoi_alg_get_str(&sb, a, n);
    is_str(e, rc == BOXTOI_OK ? boxtoi_strbuf_str(&sb) : "(error)",
           "get_str %s, %ld digits", name, n);
    boxtoi_strbuf_clear(&sb);
}

/* a = s sqrt2 2^k (s = +-1): root of t^2 - 2^(2k+1) or of
   2^(-2k) t^2 - 2. */
void alg_sqrt2_2exp(boxtoi_alg_t a, int s, long k)
{
    boxtoi_poly_t p;
    mpz_t z;
    mpq_t l, h;
    boxtoi_poly_init(p);
    mpz_init(z);
    mpq_init(l);
    mpq_init(h);
    if (k >= 0) {
        mpz_setbit(z, (unsigned long)(2 * k + 1));
        mpz_neg(z, z);
        boxtoi_poly_set_coeff_mpz(p, 0, z);
        boxtoi_poly_set_coeff_si(p, 2, 1);
    } else {
        mpz_setbit(z, (unsigned long)(-2 * k));
        boxtoi_poly_set_coeff_mpz(p, 2, z);
        boxtoi_poly_set_coeff_si(p, 0, -2);
    }
    /* |root| < 2^(k+1) */
    mpq_set_ui(h, 1, 1);
    if (k + 1 >= 0)
        mpq_mul_2exp(h, h, (unsigned long)(k + 1));
    else
        mpq_div_2exp(h, h, (unsigned long)(-k - 1));
    if (s < 0) {
        mpq_neg(l, h);
        mpq_set_ui(h, 0, 1);
    }
    if (boxtoi_alg_set_poly_interval(a, p, l, h) != 0)
        bail("alg_sqrt2_2exp");
    boxtoi_poly_clear(p);
    mpz_clear(z);
    mpq_clear(l);
    mpq_clear(h);
}

void random_int_poly(boxtoi_poly_t g, gmp_randstate_t st, long d,
                     unsigned long bits)
{
    mpz_t c;
    long i;
    mpz_init(c);
    boxtoi_poly_zero(g);
    for (i = 0; i <= d; i++) {
        mpz_urandomb(c, st, bits);
        if (i == d && mpz_sgn(c) == 0)
            mpz_set_ui(c, 1);
        if (gmp_urandomm_ui(st, 2))
            mpz_neg(c, c);
        boxtoi_poly_set_coeff_mpz(g, i, c);
    }
    mpz_clear(c);
}
