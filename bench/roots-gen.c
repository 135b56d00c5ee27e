/* bench/roots-gen.c: the root benchmark's polynomials.

   All are generated from a fixed seed (gmp_randinit_default, SEED), so
   every run times the same polynomials: random dense ones, of degree 4
   to 20 with coefficients uniform in (-2^b, 2^b), b = 64, 128, 256,
   drawn again while they have no real root; products of random
   irreducible quadratics and quartics with 20-bit coefficients and real
   roots, of degree 8 to 12, like the contact algorithm's
   (doc/algorithm.md §6); and the classic families: Wilkinson's
   (t - 1) ... (t - n), Chebyshev's T_n, Mignotte's t^n - 2 (a t - 1)^2
   with a pair of roots about 2 a^(-(n+2)/2) apart, and n! L_n for the
   Laguerre polynomial L_n, of degree 8 to 20. */
#include <stdio.h>
#include <string.h>
#include "roots-bench.h"

static bench_poly *new_poly(bench_list *l, const char *name)
{
    bench_poly *b;
    if (l->n == MAXPOLY)
        bench_die("too many polynomials");
    b = l->v + l->n++;
    memset(b->name, 0, sizeof b->name);
    strncpy(b->name, name, sizeof b->name - 1);
    boxtoi_poly_init(b->p);
    mpq_init(b->rlo);
    mpq_init(b->rhi);
    b->has_ref = 0;
    b->t_iso = b->t_set = b->t_cnt = b->t_ref = b->t_old = -1;
    b->p_iso = b->p_cnt = b->p_ref = -1;
    b->p_nroots = b->p_count = -1;
    return b;
}

static void clear_poly(bench_poly *b)
{
    boxtoi_poly_clear(b->p);
    mpq_clear(b->rlo);
    mpq_clear(b->rhi);
}

void bench_clear(bench_list *l)
{
    int k;
    for (k = 0; k < l->n; k++)
        clear_poly(l->v + k);
    l->n = 0;
}

void bench_keep_only(bench_list *l, const char *prefix)
{
    int k, n = 0;
    for (k = 0; k < l->n; k++) {
        if (strncmp(l->v[k].name, prefix, strlen(prefix)) == 0) {
            bench_poly t = l->v[n];
            l->v[n++] = l->v[k];
            l->v[k] = t;
        }
    }
    for (k = n; k < l->n; k++)
        clear_poly(l->v + k);
    l->n = n;
}

/* A uniformly random integer in (-2^bits, 2^bits), non-zero when nz. */
static void rand_signed(mpz_t c, gmp_randstate_t st, unsigned long bits,
                        int nz)
{
    int neg;
    do {
        neg = gmp_urandomb_ui(st, 1) != 0;
        mpz_urandomb(c, st, bits);
    } while (nz && mpz_sgn(c) == 0);
    if (neg)
        mpz_neg(c, c);
}

static void rand_dense(boxtoi_poly_t p, gmp_randstate_t st, long deg,
                       unsigned long bits)
{
    mpz_t c;
    long i;
    mpz_init(c);
    boxtoi_poly_zero(p);
    for (i = 0; i <= deg; i++) {
        rand_signed(c, st, bits, i == 0 || i == deg);
        boxtoi_poly_set_coeff_mpz(p, i, c);
    }
    mpz_clear(c);
}

/* An irreducible quadratic a t^2 + b t + c (a > 0) with two real roots:
   its discriminant is positive and not a square. */
static void rand_quadratic(boxtoi_poly_t p, gmp_randstate_t st,
                           unsigned long bits)
{
    mpz_t a, b, c, d;
    mpz_init(a);
    mpz_init(b);
    mpz_init(c);
    mpz_init(d);
    do {
        mpz_urandomb(a, st, bits);
        mpz_add_ui(a, a, 1);
        rand_signed(b, st, bits, 0);
        rand_signed(c, st, bits, 1);
        mpz_mul(d, a, c);
        mpz_mul_si(d, d, -4);
        mpz_addmul(d, b, b);
    } while (mpz_sgn(d) <= 0 || mpz_perfect_square_p(d));
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_mpz(p, 0, c);
    boxtoi_poly_set_coeff_mpz(p, 1, b);
    boxtoi_poly_set_coeff_mpz(p, 2, a);
    mpz_clear(a);
    mpz_clear(b);
    mpz_clear(c);
    mpz_clear(d);
}

/* A quartic near a product of two such quadratics: the product plus a
   small constant, generically irreducible, and keeping the real roots
   unless two of them are very close. */
static void rand_quartic(boxtoi_poly_t p, gmp_randstate_t st,
                         unsigned long bits)
{
    boxtoi_poly_t q;
    mpz_t c, d;
    boxtoi_poly_init(q);
    mpz_init(c);
    mpz_init(d);
    rand_quadratic(p, st, bits);
    rand_quadratic(q, st, bits);
    boxtoi_poly_mul(p, p, q);
    rand_signed(c, st, 8, 1);
    boxtoi_poly_get_coeff_mpz(d, p, 0);
    mpz_add(d, d, c);
    boxtoi_poly_set_coeff_mpz(p, 0, d);
    boxtoi_poly_clear(q);
    mpz_clear(c);
    mpz_clear(d);
}

/* Like the contact algorithm's: nq quadratics times n4 quartics with
   bits-bit coefficients. */
static void contact_like(boxtoi_poly_t p, gmp_randstate_t st, int nq,
                         int n4, unsigned long bits)
{
    boxtoi_poly_t f;
    int i;
    boxtoi_poly_init(f);
    boxtoi_poly_set_si(p, 1);
    for (i = 0; i < nq + n4; i++) {
        if (i < nq)
            rand_quadratic(f, st, bits);
        else
            rand_quartic(f, st, bits);
        boxtoi_poly_mul(p, p, f);
    }
    boxtoi_poly_clear(f);
}

/* Wilkinson: (t - 1)(t - 2) ... (t - n). */
static void wilkinson(boxtoi_poly_t p, long n)
{
    boxtoi_poly_t f;
    long k, c[2];
    boxtoi_poly_init(f);
    boxtoi_poly_set_si(p, 1);
    for (k = 1; k <= n; k++) {
        c[0] = -k;
        c[1] = 1;
        boxtoi_poly_set_coeffs_si(f, c, 2);
        boxtoi_poly_mul(p, p, f);
    }
    boxtoi_poly_clear(f);
}

/* Chebyshev T_n: T_0 = 1, T_1 = t, T_(k+1) = 2t T_k - T_(k-1). */
static void chebyshev(boxtoi_poly_t p, long n)
{
    boxtoi_poly_t a, b, t2;
    long k, c[2] = {0, 2};
    boxtoi_poly_init(a);
    boxtoi_poly_init(b);
    boxtoi_poly_init(t2);
    boxtoi_poly_set_si(a, 1);
    c[1] = 1;
    boxtoi_poly_set_coeffs_si(b, c, 2);
    c[1] = 2;
    boxtoi_poly_set_coeffs_si(t2, c, 2);
    for (k = 1; k < n; k++) {
        boxtoi_poly_neg(a, a);
        boxtoi_poly_addmul(a, t2, b); /* a = 2t T_k - T_(k-1) */
        boxtoi_poly_swap(a, b);
    }
    boxtoi_poly_swap(p, n == 0 ? a : b);
    boxtoi_poly_clear(a);
    boxtoi_poly_clear(b);
    boxtoi_poly_clear(t2);
}

/* Mignotte: t^n - 2 (a t - 1)^2, two real roots about 2 a^(-(n+2)/2)
   apart near 1/a. */
static void mignotte(boxtoi_poly_t p, long n, long a)
{
    boxtoi_poly_t f;
    long c[2];
    boxtoi_poly_init(f);
    c[0] = -1;
    c[1] = a;
    boxtoi_poly_set_coeffs_si(f, c, 2);
    boxtoi_poly_mul(f, f, f);
    boxtoi_poly_scalar_mul_si(f, f, -2);
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_si(p, n, 1);
    boxtoi_poly_add(p, p, f);
    boxtoi_poly_clear(f);
}

/* Laguerre: n! L_n(t) = sum_k (-1)^k binomial(n, k) n!/k! t^k, with n
   positive real roots. */
static void laguerre(boxtoi_poly_t p, long n)
{
    mpz_t c, f;
    long k;
    mpz_init(c);
    mpz_init(f);
    boxtoi_poly_zero(p);
    for (k = 0; k <= n; k++) {
        mpz_bin_uiui(c, (unsigned long)n, (unsigned long)k);
        mpz_fac_ui(f, (unsigned long)n);
        mpz_mul(c, c, f);
        mpz_fac_ui(f, (unsigned long)k);
        mpz_divexact(c, c, f);
        if (k % 2 == 1)
            mpz_neg(c, c);
        boxtoi_poly_set_coeff_mpz(p, k, c);
    }
    mpz_clear(c);
    mpz_clear(f);
}

/* Isolates the roots of b->p once: the root count, the count in the
   fixed interval, and the interval to refine (the middle root, or the
   nearest one to it that is not known exactly). */
static void prepare(bench_poly *b, mpq_srcptr clo, mpq_srcptr chi)
{
    boxtoi_roots_t r, r2;
    boxtoi_sturm_t s;
    long i, j;
    boxtoi_roots_init(r);
    boxtoi_roots_init(r2);
    boxtoi_sturm_init(s);
    bench_check(boxtoi_roots_isolate(r, b->p, NULL, NULL, 0), b->name);
    bench_check(boxtoi_sturm_set(s, b->p), b->name);
    b->nroots = r->n;
    b->count = boxtoi_sturm_count(s, clo, chi, 0);
    /* Descartes' method (boxtoi_roots_isolate) and Sturm bisection
       must find as many roots. */
    bench_check(boxtoi_roots_isolate_sturm(r2, s, NULL, NULL, 0), b->name);
    if (r2->n != r->n)
        bench_die("boxtoi_roots_isolate and _isolate_sturm disagree");
    b->has_ref = r->n > 0;
    if (r->n > 0) {
        i = r->n / 2;
        for (j = 0; j < r->n; j++) {
            long k = i + (j % 2 == 0 ? j / 2 : -(j / 2 + 1));
            if (k >= 0 && k < r->n && !mpq_equal(r->lo + k, r->hi + k)) {
                i = k;
                break;
            }
        }
        mpq_set(b->rlo, r->lo + i);
        mpq_set(b->rhi, r->hi + i);
    }
    boxtoi_roots_clear(r);
    boxtoi_roots_clear(r2);
    boxtoi_sturm_clear(s);
}

void bench_make_polys(bench_list *l, mpq_srcptr clo, mpq_srcptr chi)
{
    static const long rdeg[] = {4, 6, 8, 10, 12, 16, 20};
    static const unsigned long rbits[] = {64, 128, 256};
    static const long fdeg[] = {8, 12, 16, 20};
    gmp_randstate_t st;
    char name[24];
    bench_poly *b;
    size_t i, j;
    int k;

    gmp_randinit_default(st);
    gmp_randseed_ui(st, SEED);
    for (j = 0; j < sizeof rbits / sizeof *rbits; j++)
        for (i = 0; i < sizeof rdeg / sizeof *rdeg; i++) {
            sprintf(name, "rand-%ld-%lu", rdeg[i], rbits[j]);
            b = new_poly(l, name);
            /* Draw again until there is a real root to refine. */
            do {
                rand_dense(b->p, st, rdeg[i], rbits[j]);
                prepare(b, clo, chi);
            } while (b->nroots == 0);
        }
    for (k = 0; k < 4; k++) {
        static const int nq[] = {2, 1, 2, 0}, n4[] = {1, 2, 2, 3};
        sprintf(name, "contact-%d%c", 2 * nq[k] + 4 * n4[k],
                k == 3 ? 'b' : 'a');
        b = new_poly(l, name);
        contact_like(b->p, st, nq[k], n4[k], 20);
        prepare(b, clo, chi);
    }
    for (i = 0; i < sizeof fdeg / sizeof *fdeg; i++) {
        sprintf(name, "wilkinson-%ld", fdeg[i]);
        b = new_poly(l, name);
        wilkinson(b->p, fdeg[i]);
        prepare(b, clo, chi);
    }
    for (i = 0; i < sizeof fdeg / sizeof *fdeg; i++) {
        sprintf(name, "chebyshev-%ld", fdeg[i]);
        b = new_poly(l, name);
        chebyshev(b->p, fdeg[i]);
        prepare(b, clo, chi);
    }
    for (i = 0; i < sizeof fdeg / sizeof *fdeg; i++) {
        sprintf(name, "mignotte-%ld", fdeg[i]);
        b = new_poly(l, name);
        mignotte(b->p, fdeg[i], 1023);
        prepare(b, clo, chi);
    }
    for (i = 0; i < sizeof fdeg / sizeof *fdeg; i++) {
        sprintf(name, "laguerre-%ld", fdeg[i]);
        b = new_poly(l, name);
        laguerre(b->p, fdeg[i]);
        prepare(b, clo, chi);
    }
    /* The contact algorithm's own plane polynomials, from their own
       seed so that the polynomials above stay the same. */
    gmp_randseed_ui(st, SEED + 1);
    for (k = 0; k < NROUTE; k++) {
        b = new_poly(l, "route");
        do {
            bench_route_poly(b->p, st, 4);
            prepare(b, clo, chi);
        } while (b->nroots == 0);
        sprintf(b->name, "route-%ld%c", boxtoi_poly_degree(b->p), 'a' + k);
    }
    gmp_randclear(st);
}
