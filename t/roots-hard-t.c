/* t/roots-hard-t.c: tests of lib/roots on the classical hard families:
   Wilkinson's polynomial and its perturbations, products of
   (3^60 t - i), Chebyshev polynomials and Mignotte-like polynomials.

   Expected values are known independently of the library: Chebyshev
   counts come from the closed form of the roots, cos((2k - 1) pi /
   (2d)), by integer reasoning on the angles; Mignotte and
   perturbed-Wilkinson counts from Descartes' rule and the literature.
   Every isolation result is checked against the invariant of roots.h
   with exact signs and counts computed in t/roots-check.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "roots-check.h"

/* ---- classical hard families ------------------------------------------- */

static void test_wilkinson(void)
{
    boxtoi_poly_t p, t19;
    boxtoi_roots_t r;
    boxtoi_sturm_t s;
    mpq_t x, a, b;
    long k, bad = 0;
    const char *why;
    int rc;

    boxtoi_poly_init(p);
    boxtoi_poly_init(t19);
    boxtoi_roots_init(r);
    boxtoi_sturm_init(s);
    mpq_init(x);
    mpq_init(a);
    mpq_init(b);
    boxtoi_poly_set_si(p, 1);
    for (k = 1; k <= 20; k++)
        mul_root_si(p, k, 1, 1);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    for (k = 1; k <= 20 && r->n == 20; k++) {
        mpq_set_si(x, k, 1);
        if (find_interval(r, x) != k - 1)
            bad++;
    }
    ok(rc == 0 && r->n == 20 && bad == 0
           && t_isolation_ok(r, NULL, NULL, 0, &why),
       "W20: 20 intervals, the k-th holds k");
    for (k = 0; k < r->n; k++) {
        mpq_set_si(x, k + 1, 1);
        if (!boxtoi_roots_find_rational(r->lo + k, r->hi + k, &r->sqfree)
            || !mpq_equal(r->lo + k, x) || !mpq_equal(r->hi + k, x))
            bad++;
    }
    is_int(0, bad, "W20: find_rational recovers 1..20");
    /* Open (1/2, 10] holds 1..10, (10, 20) holds 11..19. */
    set_q(a, "1/2");
    set_q(b, "10");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO);
    ok(rc == 0 && r->n == 10 && mpq_equal(r->lo + 9, b)
           && t_isolation_ok(r, a, b, BOXTOI_OPEN_LO, &why),
       "W20 on (1/2, 10]: 10 roots, the last exactly 10");
    set_q(a, "10");
    set_q(b, "20");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI);
    ok(rc == 0 && r->n == 9
           && t_isolation_ok(r, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI, &why),
       "W20 on (10, 20): 9 roots");

    /* Wilkinson's perturbation: coefficient of t^19 changed from -210 to
       -210 - 2^-23, i.e. 2^23 W20 - t^19.  It has 10 real roots
       (Wilkinson 1963: near 1, ..., 8.0, 8.9 and 20.8; five complex
       pairs), confirmed here with the independent Descartes counter on
       (0, 32), and no negative roots (all coefficients of p(-t) have one
       sign). */
    boxtoi_poly_scalar_mul_si(p, p, 1L << 23);
    boxtoi_poly_set_coeff_si(t19, 19, 1);
    boxtoi_poly_sub(p, p, t19);
    set_q(a, "0");
    set_q(b, "32");
    is_int(10, t_count_open(p, a, b), "perturbed W20: 10 roots "
                                      "(independent count)");
    rc = boxtoi_sturm_set(s, p);
    is_int(10, boxtoi_sturm_count(s, NULL, NULL, 0),
           "perturbed W20: Sturm count 10");
    rc = boxtoi_roots_isolate_sturm(r, s, NULL, NULL, 0);
    ok(rc == 0 && r->n == 10 && t_isolation_ok(r, NULL, NULL, 0, &why),
       "perturbed W20: 10 isolating intervals");
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(t19);
    boxtoi_roots_clear(r);
    boxtoi_sturm_clear(s);
    mpq_clear(x);
    mpq_clear(a);
    mpq_clear(b);
}

/* Sturm counts of p = prod_(i=1..12) (3^60 t - i), whose subresultants'
   leading coefficients carry thousands of bits of powers of 3 (the
   content test of lib/roots/sturm.c reads their valuations): its roots
   are i / 3^60, so [0, (j + 1/2) / 3^60] holds exactly j of them. */
static void test_sturm_small_prime_powers(void)
{
    boxtoi_poly_t p, f;
    boxtoi_sturm_t s;
    mpz_t e;
    mpq_t a, b;
    long i, j, bad = 0;

    boxtoi_poly_init(p);
    boxtoi_poly_init(f);
    boxtoi_sturm_init(s);
    mpz_init(e);
    mpq_init(a);
    mpq_init(b);
    mpz_ui_pow_ui(e, 3, 60);
    boxtoi_poly_set_si(p, 1);
    for (i = 1; i <= 12; i++) {
        boxtoi_poly_zero(f);
        boxtoi_poly_set_coeff_mpz(f, 1, e);
        boxtoi_poly_set_coeff_si(f, 0, -i);
        boxtoi_poly_mul(p, p, f);
    }
    if (boxtoi_sturm_set(s, p) != 0)
        bail("sturm_set of prod (3^60 t - i)");
    mpq_set_ui(a, 0, 1);
    for (j = 0; j <= 12; j++) {
        mpz_set_ui(mpq_numref(b), (unsigned long)(2 * j + 1));
        mpz_mul_2exp(mpq_denref(b), e, 1);
        mpq_canonicalize(b);
        if (boxtoi_sturm_count(s, a, b, 0) != j && !bad++)
            diag("prod (3^60 t - i): count up to (%ld + 1/2) / 3^60", j);
    }
    is_int(0, bad, "prod_(i<=12) (3^60 t - i): Sturm counts i / 3^60");
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(f);
    boxtoi_sturm_clear(s);
    mpz_clear(e);
    mpq_clear(a);
    mpq_clear(b);
}

/* T_d by T_(k+1) = 2t T_k - T_(k-1).  Its roots are cos(pi u_k) with
   u_k = (2k-1)/(2d), k = 1..d.  On [0, pi], cos is decreasing and
   cos(pi/3) = 1/2, cos(pi/2) = 0, cos(2pi/3) = -1/2, so with j = 2k - 1:
   root in [1/2, 1]   <=> 3j <= 2d,
   root in [0, 1/2)   <=> 2d < 3j and j <= d,
   root in [-1/2, 0)  <=> d < j and 3j <= 4d,
   root in [-1, -1/2) <=> 4d < 3j.
   (u_k = 1/3 or 2/3 would need 6k - 3 = 2d or 4d: odd = even, so +-1/2
   is never a root and the ends' flags do not matter there.) */
static void test_chebyshev(void)
{
    static const char *ends[5] = {"-1", "-1/2", "0", "1/2", "1"};
    boxtoi_poly_t t0, t1, t2;
    boxtoi_sturm_t s;
    boxtoi_roots_t r;
    mpq_t a, b;
    long d, k, bad = 0, want[4], got;
    int bin, flags;
    const char *why = "";

    boxtoi_poly_init(t0);
    boxtoi_poly_init(t1);
    boxtoi_poly_init(t2);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    boxtoi_poly_set_si(t0, 1);
    boxtoi_poly_set_coeff_si(t1, 1, 1);
    for (d = 1; d <= 24; d++) {
        if (d > 1) {
            boxtoi_poly_shift_left(t2, t1, 1);
            boxtoi_poly_scalar_mul_si(t2, t2, 2);
            boxtoi_poly_sub(t2, t2, t0);
            boxtoi_poly_swap(t0, t1);
            boxtoi_poly_swap(t1, t2);
        }
        /* t1 = T_d */
        for (bin = 0; bin < 4; bin++)
            want[bin] = 0;
        for (k = 1; k <= d; k++) {
            long j = 2 * k - 1;
            if (3 * j > 4 * d)
                want[0]++;
            else if (j > d)
                want[1]++;
            else if (3 * j > 2 * d)
                want[2]++;
            else
                want[3]++;
        }
        if (boxtoi_sturm_set(s, t1) != 0)
            bail("sturm_set T_%ld", d);
        for (bin = 0; bin < 4; bin++) {
            set_q(a, ends[bin]);
            set_q(b, ends[bin + 1]);
            flags = bin < 3 ? BOXTOI_OPEN_HI : 0;
            got = boxtoi_sturm_count(s, a, b, flags);
            if (got != want[bin] && !bad++)
                diag("T_%ld bin %d: want %ld got %ld", d, bin, want[bin],
                     got);
            if (boxtoi_roots_isolate_sturm(r, s, a, b, flags) != 0
                || r->n != want[bin]
                || !t_isolation_ok(r, a, b, flags, &why)) {
                if (!bad++)
                    diag("T_%ld bin %d: isolate %ld %s", d, bin, r->n, why);
            }
        }
        set_q(a, "-1");
        set_q(b, "1");
        got = boxtoi_sturm_count(s, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI);
        if (got != d && !bad++)
            diag("T_%ld: %ld roots in (-1, 1)", d, got);
        if (boxtoi_roots_isolate_sturm(r, s, NULL, NULL, 0) != 0
            || r->n != d || !t_isolation_ok(r, NULL, NULL, 0, &why)) {
            if (!bad++)
                diag("T_%ld: isolate %ld %s", d, r->n, why);
        }
    }
    is_int(0, bad, "Chebyshev T_1..T_24: counts by quarter of [-1, 1]");
    boxtoi_poly_clear(t0);
    boxtoi_poly_clear(t1);
    boxtoi_poly_clear(t2);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
}

/* Mignotte-like f = t^n - 2 (a t - 1)^2.  Descartes: f has 3 sign
   variations, f(-t) has 1 for even n and 0 for odd n.  With
   delta = 2 a^-m, m = floor((n+2)/2): f(0) < 0, f(1/a - delta) < 0,
   f(1/a) > 0, f(1/a + delta) < 0, f(+inf) > 0 (checked exactly below),
   so the 3 positive roots are one in each of (1/a - delta, 1/a),
   (1/a, 1/a + delta) and beyond; for even n one more is negative. */
static void test_mignotte(void)
{
    static const struct {
        long n;
        const char *a;
    } c[] = {{10, "100"}, {11, "100"}, {16, "1000000"},
             {12, "1000000000000000000000000000000"}, {7, "65536"}};
    boxtoi_poly_t f, g;
    boxtoi_sturm_t s;
    boxtoi_roots_t r;
    mpz_t az;
    mpq_t ia, delta, lo, hi;
    size_t i;
    long m, j, want;
    int rc, signs;
    const char *why;

    boxtoi_poly_init(f);
    boxtoi_poly_init(g);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    mpz_init(az);
    mpq_init(ia);
    mpq_init(delta);
    mpq_init(lo);
    mpq_init(hi);
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        mpz_set_str(az, c[i].a, 10);
        boxtoi_poly_zero(g);
        boxtoi_poly_set_coeff_mpz(g, 1, az);
        boxtoi_poly_set_coeff_si(g, 0, -1);
        boxtoi_poly_pow(g, g, 2);
        boxtoi_poly_scalar_mul_si(g, g, -2);
        boxtoi_poly_zero(f);
        boxtoi_poly_set_coeff_si(f, c[i].n, 1);
        boxtoi_poly_add(f, f, g);
        m = (c[i].n + 2) / 2;
        mpq_set_z(ia, az);
        mpq_inv(ia, ia);
        mpq_set_ui(delta, 2, 1);
        for (j = 0; j < m; j++)
            mpq_mul(delta, delta, ia);
        mpq_sub(lo, ia, delta);
        mpq_add(hi, ia, delta);
        signs = t_sgn(f, lo) < 0 && t_sgn(f, ia) > 0 && t_sgn(f, hi) < 0;
        want = c[i].n % 2 == 0 ? 4 : 3;
        rc = boxtoi_sturm_set(s, f);
        ok(signs && rc == 0 && boxtoi_sturm_count(s, NULL, NULL, 0) == want
               && boxtoi_sturm_count(s, lo, hi, 0) == 2,
           "Mignotte n=%ld a=%s: %ld roots, 2 within 2a^-%ld of 1/a",
           c[i].n, c[i].a, want, m);
        rc = boxtoi_roots_isolate_sturm(r, s, NULL, NULL, 0);
        ok(rc == 0 && r->n == want && t_isolation_ok(r, NULL, NULL, 0, &why),
           "Mignotte n=%ld a=%s: isolation", c[i].n, c[i].a);
        rc = boxtoi_roots_isolate_sturm(r, s, lo, hi, 0);
        ok(rc == 0 && r->n == 2 && t_isolation_ok(r, lo, hi, 0, &why),
           "Mignotte n=%ld: the close pair is separated", c[i].n);
        if (r->n == 2) {
            rc = boxtoi_roots_refine(r->lo, r->hi, &r->sqfree, 3000);
            ok(rc == 0 && width_ok(r->lo, r->hi, 3000)
                   && t_sgn(&r->sqfree, r->lo) * t_sgn(&r->sqfree, r->hi) < 0
                   && mpq_cmp(lo, r->lo) <= 0 && mpq_cmp(r->hi, ia) <= 0,
               "Mignotte n=%ld: refine a clustered root to 2^-3000",
               c[i].n);
        }
    }
    boxtoi_poly_clear(f);
    boxtoi_poly_clear(g);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpz_clear(az);
    mpq_clear(ia);
    mpq_clear(delta);
    mpq_clear(lo);
    mpq_clear(hi);
}
int main(void)
{
    plan_lazy();
    test_wilkinson();
    test_chebyshev();
    test_sturm_small_prime_powers();
    test_mignotte();
    return 0;
}
