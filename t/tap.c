/* t/tap.c: the TAP helpers declared in t/tap.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

static long tap_planned = -1;
static long tap_count = 0;
static long tap_failed = 0;
static int tap_lazy = 0;

static void tap_atexit(void)
{
    if (tap_lazy)
        printf("1..%ld\n", tap_count);
    else if (tap_planned >= 0 && tap_planned != tap_count)
        printf("# planned %ld tests but ran %ld\n", tap_planned, tap_count);
    if (tap_failed)
        printf("# %ld of %ld tests failed\n", tap_failed, tap_count);
    fflush(stdout);
}

void plan(long n)
{
    tap_planned = n;
    printf("1..%ld\n", n);
    fflush(stdout);
    atexit(tap_atexit);
}

void plan_lazy(void)
{
    tap_lazy = 1;
    atexit(tap_atexit);
}

void skip_all(const char *why, ...)
{
    va_list ap;
    printf("1..0 # SKIP ");
    va_start(ap, why);
    vprintf(why, ap);
    va_end(ap);
    printf("\n");
    exit(0);
}

static void vdiag(const char *fmt, va_list ap)
{
    printf("# ");
    vprintf(fmt, ap);
    printf("\n");
    fflush(stdout);
}

void diag(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(fmt, ap);
    va_end(ap);
}

void bail(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    printf("Bail out! ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
    exit(255);
}

static int report(const char *file, int line, int c, const char *fmt,
                  va_list ap)
{
    tap_count++;
    if (!c)
        tap_failed++;
    printf("%sok %ld - ", c ? "" : "not ", tap_count);
    vprintf(fmt, ap);
    printf("\n");
    if (!c)
        printf("#   failed at %s:%d\n", file, line);
    fflush(stdout);
    return c;
}

int tap_ok(const char *file, int line, int c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(file, line, c, fmt, ap);
    va_end(ap);
    return c;
}

int tap_is_int(const char *file, int line, long e, long s,
               const char *fmt, ...)
{
    va_list ap;
    int c = (e == s);
    va_start(ap, fmt);
    report(file, line, c, fmt, ap);
    va_end(ap);
    if (!c)
        printf("#   expected: %ld\n#       seen: %ld\n", e, s);
    return c;
}

int tap_is_str(const char *file, int line, const char *e, const char *s,
               const char *fmt, ...)
{
    va_list ap;
    int c = (e == NULL && s == NULL)
            || (e != NULL && s != NULL && strcmp(e, s) == 0);
    va_start(ap, fmt);
    report(file, line, c, fmt, ap);
    va_end(ap);
    if (!c)
        printf("#   expected: %s\n#       seen: %s\n", e ? e : "(null)",
               s ? s : "(null)");
    return c;
}

int tap_is_mpz(const char *file, int line, mpz_srcptr e, mpz_srcptr s,
               const char *fmt, ...)
{
    va_list ap;
    int c = mpz_cmp(e, s) == 0;
    va_start(ap, fmt);
    report(file, line, c, fmt, ap);
    va_end(ap);
    if (!c)
        gmp_printf("#   expected: %Zd\n#       seen: %Zd\n", e, s);
    return c;
}

int tap_is_mpq(const char *file, int line, mpq_srcptr e, mpq_srcptr s,
               const char *fmt, ...)
{
    va_list ap;
    int c = mpq_equal(e, s) != 0;
    va_start(ap, fmt);
    report(file, line, c, fmt, ap);
    va_end(ap);
    if (!c)
        gmp_printf("#   expected: %Qd\n#       seen: %Qd\n", e, s);
    return c;
}

int tap_is_poly(const char *file, int line, const boxtoi_poly_struct *e,
                const boxtoi_poly_struct *s, const char *fmt, ...)
{
    va_list ap;
    int c = boxtoi_poly_equal(e, s);
    va_start(ap, fmt);
    report(file, line, c, fmt, ap);
    va_end(ap);
    if (!c) {
        printf("#   expected: ");
        boxtoi_poly_fprint(stdout, e, "t");
        printf("\n#       seen: ");
        boxtoi_poly_fprint(stdout, s, "t");
        printf("\n");
    }
    return c;
}

int tap_alg_invariant(const boxtoi_alg_struct *a)
{
    int ok = 1, slo, shi;
    boxtoi_poly_t d, g;
    mpz_t cont;

    if (boxtoi_poly_degree(&a->poly) < 1 || boxtoi_poly_sgn_lc(&a->poly) <= 0)
        return 0;
    mpz_init(cont);
    boxtoi_poly_content(cont, &a->poly);
    if (mpz_cmp_ui(cont, 1) != 0)
        ok = 0;
    mpz_clear(cont);
    /* square-free: gcd(p, p') is a constant */
    boxtoi_poly_init(d);
    boxtoi_poly_init(g);
    boxtoi_poly_derivative(d, &a->poly);
    boxtoi_poly_gcd(g, &a->poly, d);
    if (boxtoi_poly_degree(g) > 0)
        ok = 0;
    boxtoi_poly_clear(d);
    boxtoi_poly_clear(g);
    if (mpq_cmp(a->lo, a->hi) > 0)
        return 0;
    slo = boxtoi_poly_sgn_at_mpq(&a->poly, a->lo);
    shi = boxtoi_poly_sgn_at_mpq(&a->poly, a->hi);
    if (mpq_equal(a->lo, a->hi))
        return ok && slo == 0;
    if (!(slo * shi < 0))
        return 0;
    /* exactly one root inside, by a Sturm count */
    {
        boxtoi_sturm_t st;
        boxtoi_sturm_init(st);
        if (boxtoi_sturm_set(st, &a->poly) != BOXTOI_OK
            || boxtoi_sturm_count(st, a->lo, a->hi, 0) != 1)
            ok = 0;
        boxtoi_sturm_clear(st);
    }
    return ok;
}

int tap_is_alg(const char *file, int line, const boxtoi_alg_struct *e,
               const boxtoi_alg_struct *s, const char *fmt, ...)
{
    va_list ap;
    int inv = tap_alg_invariant(s);
    int c = inv && boxtoi_alg_cmp(e, s) == 0;
    va_start(ap, fmt);
    report(file, line, c, fmt, ap);
    va_end(ap);
    if (!c) {
        if (!inv)
            printf("#   seen value breaks the algebraic-number invariant\n");
        printf("#   expected: root of ");
        boxtoi_poly_fprint(stdout, &e->poly, "t");
        gmp_printf(" in [%Qd, %Qd]\n#       seen: root of ", e->lo, e->hi);
        boxtoi_poly_fprint(stdout, &s->poly, "t");
        gmp_printf(" in [%Qd, %Qd]\n", s->lo, s->hi);
    }
    return c;
}

unsigned long tap_seed(void)
{
    static int shown = 0; /* test-only state; the library has none */
    const char *env = getenv("BOXTOI_TEST_SEED");
    unsigned long seed = env ? strtoul(env, NULL, 10) : 20261122UL;
    if (!shown) {
        diag("random seed %lu (set BOXTOI_TEST_SEED to change)", seed);
        shown = 1;
    }
    return seed;
}

long tap_multiplier(void)
{
    const char *env = getenv("BOXTOI_TEST_MULTIPLIER");
    long m = env ? strtol(env, NULL, 10) : 1;
    return m > 0 ? m : 1;
}

void tap_randinit(gmp_randstate_t st)
{
    gmp_randinit_default(st);
    gmp_randseed_ui(st, tap_seed());
}

void tap_eisenstein(boxtoi_poly_t f, long d, unsigned long r,
                    unsigned long c, gmp_randstate_t st)
{
    long i;
    boxtoi_poly_zero(f);
    boxtoi_poly_set_coeff_si(f, d, 1);
    for (i = 1; i < d; i++)
        boxtoi_poly_set_coeff_si(
            f, i, 2 * ((long)gmp_urandomm_ui(st, 2 * r + 1) - (long)r));
    boxtoi_poly_set_coeff_si(f, 0,
                             (gmp_urandomm_ui(st, 2) ? 2 : -2)
                                 * (2 * (long)gmp_urandomm_ui(st, c) + 1));
}
