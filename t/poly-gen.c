/* t/poly-gen.c: see t/poly-gen.h.  Moved from t/poly-t.c when it was
   split by the lib/poly file each part tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "poly-gen.h"

gmp_randstate_t st;

long rnd(long n) /* uniform in [0, n) */
{
    return (long)gmp_urandomm_ui(st, (unsigned long)n);
}

/* A random polynomial of length <= len with coefficients of <= bits bits
   (signed); sometimes sparse. */
void randpoly(boxtoi_poly_t p, long len, long bits)
{
    long i;
    mpz_t c;
    int sparse = rnd(4) == 0;
    mpz_init(c);
    boxtoi_poly_zero(p);
    for (i = 0; i < len; i++) {
        if (sparse && rnd(2))
            continue;
        mpz_urandomb(c, st, (mp_bitcnt_t)(1 + rnd(bits)));
        if (rnd(2))
            mpz_neg(c, c);
        boxtoi_poly_set_coeff_mpz(p, i, c);
    }
    mpz_clear(c);
}

/* A random non-zero polynomial of degree exactly deg. */
void randpoly_deg(boxtoi_poly_t p, long deg, long bits)
{
    mpz_t c;
    randpoly(p, deg, bits);
    mpz_init(c);
    mpz_urandomb(c, st, (mp_bitcnt_t)bits);
    mpz_add_ui(c, c, 1);
    if (rnd(2))
        mpz_neg(c, c);
    boxtoi_poly_set_coeff_mpz(p, deg, c);
    mpz_clear(c);
}

void randq(mpq_t q, long bits)
{
    mpz_urandomb(mpq_numref(q), st, (mp_bitcnt_t)(1 + rnd(bits)));
    if (rnd(2))
        mpz_neg(mpq_numref(q), mpq_numref(q));
    mpz_urandomb(mpq_denref(q), st, (mp_bitcnt_t)(1 + rnd(bits)));
    mpz_add_ui(mpq_denref(q), mpq_denref(q), 1);
    mpq_canonicalize(q);
}

/* The layer's promise: invariant holds and slots length..alloc-1 are 0. */
int well_formed(const boxtoi_poly_t p)
{
    long i;
    if (p->length < 0 || p->length > p->alloc)
        return p->length == 0;
    if (p->length > 0 && mpz_sgn(p->coeffs + p->length - 1) == 0)
        return 0;
    for (i = p->length; i < p->alloc; i++)
        if (mpz_sgn(p->coeffs + i) != 0)
            return 0;
    return 1;
}

/* Reference evaluation: sum a_i x^i with rational powers, low to high. */
void ref_eval(mpq_t res, const boxtoi_poly_t a, mpq_srcptr x)
{
    mpq_t pw, t, s;
    long i;
    mpq_init(pw);
    mpq_init(t);
    mpq_init(s);
    mpq_set_ui(pw, 1, 1);
    for (i = 0; i < a->length; i++) {
        mpq_set_z(t, a->coeffs + i);
        mpq_mul(t, t, pw);
        mpq_add(s, s, t);
        mpq_mul(pw, pw, x);
    }
    mpq_set(res, s);
    mpq_clear(pw);
    mpq_clear(t);
    mpq_clear(s);
}

static void show(const char *what, const boxtoi_poly_t p)
{
    printf("#   %s = ", what);
    boxtoi_poly_fprint(stdout, p, "t");
    printf("\n");
}

/* Record a failure of a random family, showing the first one. */
long first_fail(long *bad, const char *what, const boxtoi_poly_t a,
                       const boxtoi_poly_t b)
{
    if ((*bad)++ == 0) {
        diag("first failure: %s", what);
        if (a != NULL)
            show("a", a);
        if (b != NULL)
            show("b", b);
    }
    return *bad;
}

/* p = prod (den_i t - num_i) over the given rationals. */
void from_roots(boxtoi_poly_t p, mpq_t *r, long n)
{
    boxtoi_poly_t f;
    long i;
    boxtoi_poly_init(f);
    boxtoi_poly_set_si(p, 1);
    for (i = 0; i < n; i++) {
        boxtoi_poly_set_linear_root_mpq(f, r[i]);
        boxtoi_poly_mul(p, p, f);
    }
    boxtoi_poly_clear(f);
}

void set_str_poly(boxtoi_poly_t p, const char *s)
{
    /* Coefficients c0 c1 ... as decimal integers separated by spaces. */
    mpz_t c;
    long i = 0;
    const char *q = s;
    char buf[2048];
    mpz_init(c);
    boxtoi_poly_zero(p);
    while (*q != '\0') {
        size_t n = strcspn(q, " ");
        if (n >= sizeof buf)
            bail("coefficient too long");
        memcpy(buf, q, n);
        buf[n] = '\0';
        if (mpz_set_str(c, buf, 10) != 0)
            bail("bad coefficient %s", buf);
        boxtoi_poly_set_coeff_mpz(p, i++, c);
        q += n;
        while (*q == ' ')
            q++;
    }
    mpz_clear(c);
}
