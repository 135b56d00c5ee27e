/* t/roots-vca-t.c: tests of Descartes' method for isolating real roots
   (boxtoi_roots_isolate, lib/roots/vca.c): hand-derived cases, and
   random inputs against Sturm bisection (boxtoi_roots_isolate_sturm).

   Every isolation result is checked against the invariant of roots.h
   with exact signs and counts computed in t/roots-check.c, which shares
   nothing with the library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "roots-check.h"

/* ---- Descartes' method against Sturm bisection ----------------------- */

/* A random end for the cross-check: a known root, a dyadic number, a
   rational with another denominator, or a point very close to a root. */
static void rand_end2(mpq_t x, mpq_t *roots, long k)
{
    long w = rnd(5);
    if (k > 0 && w == 0) {
        mpq_set(x, roots[rnd(k)]);
    } else if (k > 0 && w == 1) {
        /* a root +- 2^-e */
        mpq_set_ui(x, 1, 1);
        mpq_div_2exp(x, x, (unsigned long)(1 + rnd(60)));
        if (rnd(2))
            mpq_neg(x, x);
        mpq_add(x, x, roots[rnd(k)]);
    } else if (w == 2) {
        mpz_set_si(mpq_numref(x), rnd(1L << 10) - (1L << 9));
        mpz_set_ui(mpq_denref(x), 1UL << rnd(8));
        mpq_canonicalize(x);
    } else {
        mpz_set_si(mpq_numref(x), rnd(1L << 12) - (1L << 11));
        mpz_set_si(mpq_denref(x), 1 + rnd(100));
        mpq_canonicalize(x);
    }
}

/* The i-th intervals of r1 and r2 hold the same root: both results are
   checked isolating, with as many intervals, in increasing order, so
   overlapping i-th intervals hold the same root. */
static int same_roots(const boxtoi_roots_t r1, const boxtoi_roots_t r2)
{
    long i;
    if (r1->n != r2->n || !boxtoi_poly_equal(&r1->sqfree, &r2->sqfree))
        return 0;
    for (i = 0; i < r1->n; i++)
        if (mpq_cmp(r1->lo + i, r2->hi + i) > 0
            || mpq_cmp(r2->lo + i, r1->hi + i) > 0)
            return 0;
    return 1;
}

/* boxtoi_roots_isolate (Descartes' method, lib/roots/vca.c) against
   boxtoi_roots_isolate_sturm (Sturm bisection), on random inputs of
   four kinds: dense with wide coefficients; products of known linear
   factors, repeated ones included, with roots at dyadic points (split
   points) and at the ends; Mignotte-like t^n - 2 (m t - 1)^2 (two
   roots about m^(-(n+2)/2) apart); and pairs of rational roots 2^-e
   apart.  Ends finite or infinite, open or closed.  Where the roots are
   known, the count is checked against comparisons too. */
static void test_descartes_vs_sturm(void)
{
    long iters = 300 * tap_multiplier(), it, i, j, k, n, kind, want;
    long bad_iso = 0, bad_cmp = 0, bad_count = 0, tried = 0;
    mpq_t roots[8], a, b;
    boxtoi_poly_t p;
    boxtoi_sturm_t s;
    boxtoi_roots_t r, r2;
    mpz_t z;
    const char *why;
    int flags, rc, rc2;

    boxtoi_poly_init(p);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    boxtoi_roots_init(r2);
    mpq_init(a);
    mpq_init(b);
    mpz_init(z);
    for (i = 0; i < 8; i++)
        mpq_init(roots[i]);
    for (it = 0; it < iters; it++) {
        kind = it % 4;
        k = 0; /* number of known roots, -1: unknown */
        if (kind == 0) {
            long bits = 1 + rnd(300);
            n = 1 + rnd(14);
            boxtoi_poly_zero(p);
            for (i = 0; i <= n; i++) {
                mpz_urandomb(z, st, (mp_bitcnt_t)bits);
                if (i == n && mpz_sgn(z) == 0)
                    mpz_set_ui(z, 1);
                if (rnd(2))
                    mpz_neg(z, z);
                boxtoi_poly_set_coeff_mpz(p, i, z);
            }
            k = -1;
        } else if (kind == 1) {
            k = 1 + rnd(8);
            for (i = 0; i < k; i++) {
                mpz_set_si(mpq_numref(roots[i]), rnd(1L << 9) - (1L << 8));
                /* half of them dyadic */
                if (rnd(2))
                    mpz_set_ui(mpq_denref(roots[i]), 1UL << rnd(6));
                else
                    mpz_set_si(mpq_denref(roots[i]), 1 + rnd(40));
                mpq_canonicalize(roots[i]);
            }
        } else if (kind == 2) {
            long m = 3 + rnd(300), c1[3];
            n = 4 + rnd(11);
            c1[0] = -2;
            c1[1] = 4 * m;
            c1[2] = -2 * m * m;
            boxtoi_poly_set_coeffs_si(p, c1, 3);
            boxtoi_poly_set_coeff_si(p, n, rnd(2) ? 1 : -1);
            k = -1;
        } else {
            /* r, r + 2^-e, and some other roots */
            long e = 1 + rnd(80);
            k = 2 + rnd(3);
            mpz_set_si(mpq_numref(roots[0]), rnd(1L << 10) - (1L << 9));
            mpz_set_si(mpq_denref(roots[0]), 1 + rnd(30));
            mpq_canonicalize(roots[0]);
            mpq_set_ui(roots[1], 1, 1);
            mpq_div_2exp(roots[1], roots[1], (unsigned long)e);
            mpq_add(roots[1], roots[1], roots[0]);
            for (i = 2; i < k; i++) {
                mpz_set_si(mpq_numref(roots[i]), rnd(1L << 9) - (1L << 8));
                mpz_set_si(mpq_denref(roots[i]), 1 + rnd(9));
                mpq_canonicalize(roots[i]);
            }
        }
        if (k > 0) {
            qsort(roots, (size_t)k, sizeof(mpq_t), cmp_mpq);
            for (i = j = 0; i < k; i++)
                if (j == 0 || !mpq_equal(roots[i], roots[j - 1]))
                    mpq_swap(roots[j++], roots[i]);
            k = j;
            boxtoi_poly_set_si(p, rnd(2) ? 1 : -5);
            for (i = 0; i < k; i++)
                mul_root(p, roots[i], rnd(4) == 0 ? 2 + rnd(2) : 1);
            if (rnd(2)) /* a factor without real roots */
                mul_quad(p, 1 + rnd(5), rnd(7) - 3, 20 + rnd(100));
        }
        if (boxtoi_sturm_set(s, p) != 0)
            bail("sturm_set");
        for (j = 0; j < 6; j++) {
            mpq_srcptr pa = NULL, pb = NULL;
            rand_end2(a, roots, k > 0 ? k : 0);
            rand_end2(b, roots, k > 0 ? k : 0);
            if (rnd(5) != 0)
                pa = a;
            if (rnd(5) != 0)
                pb = b;
            if (pa && pb && mpq_cmp(a, b) > 0 && rnd(6) != 0)
                mpq_swap(a, b);
            flags = (int)rnd(4);
            tried++;
            rc = boxtoi_roots_isolate(r, p, pa, pb, flags);
            rc2 = boxtoi_roots_isolate_sturm(r2, s, pa, pb, flags);
            if (rc != 0 || rc2 != 0
                || !t_isolation_ok(r, pa, pb, flags, &why)) {
                if (!bad_iso++)
                    diag("descartes: iteration %ld.%ld (kind %ld): %s", it,
                         j, kind, rc ? "error" : why);
                continue;
            }
            if (!same_roots(r, r2) && !bad_cmp++)
                diag("descartes vs sturm: iteration %ld.%ld (kind %ld): "
                     "%ld and %ld roots", it, j, kind, r->n, r2->n);
            if (k <= 0)
                continue;
            want = count_in(roots, k, pa, pb, flags);
            if (r->n != want && !bad_count++)
                diag("descartes: iteration %ld.%ld: want %ld got %ld", it, j,
                     want, r->n);
        }
    }
    diag("descartes vs sturm: %ld isolations", tried);
    is_int(0, bad_iso, "Descartes isolation: invariant of roots.h");
    is_int(0, bad_cmp, "Descartes isolation: same roots as Sturm's");
    is_int(0, bad_count, "Descartes isolation: counts of known roots");
    boxtoi_poly_clear(p);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    boxtoi_roots_clear(r2);
    mpq_clear(a);
    mpq_clear(b);
    mpz_clear(z);
    for (i = 0; i < 8; i++)
        mpq_clear(roots[i]);
}

/* Hand-derived cases of boxtoi_roots_isolate. */
static void test_descartes_hand(void)
{
    boxtoi_poly_t p, e;
    boxtoi_roots_t r;
    mpq_t a, b, x;
    const char *why;
    int rc;

    boxtoi_poly_init(p);
    boxtoi_poly_init(e);
    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    mpq_init(x);

    /* t^2 - 2 on [1, 2]: only sqrt 2 (1 - 2 < 0 < 4 - 2). */
    boxtoi_poly_set_coeff_si(p, 2, 1);
    boxtoi_poly_set_coeff_si(p, 0, -2);
    mpq_set_ui(a, 1, 1);
    mpq_set_ui(b, 2, 1);
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 1 && contains_sqrt_si(r, 0, 2, 1)
           && mpq_cmp(r->lo, a) >= 0 && mpq_cmp(r->hi, b) <= 0,
       "t^2 - 2 on [1, 2]: one interval, holding sqrt 2");
    /* on [-2, 2]: both, -sqrt 2 first */
    mpq_set_si(a, -2, 1);
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 2 && contains_sqrt_si(r, 0, 2, -1)
           && contains_sqrt_si(r, 1, 2, 1),
       "t^2 - 2 on [-2, 2]: -sqrt 2, then sqrt 2");
    /* on (1/3, 7/5): none, 7/5 < sqrt 2 (49 < 50) */
    set_q(a, "1/3");
    set_q(b, "7/5");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO);
    ok(rc == 0 && r->n == 0, "t^2 - 2 on (1/3, 7/5]: none");
    /* on [7/5, 17/12]: sqrt 2, as (7/5)^2 = 49/25 < 2 < 289/144 =
       (17/12)^2; the interval lies within these non-dyadic ends */
    set_q(b, "17/12");
    set_q(a, "7/5");
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 1 && contains_sqrt_si(r, 0, 2, 1)
           && mpq_cmp(r->lo, a) >= 0 && mpq_cmp(r->hi, b) <= 0
           && t_isolation_ok(r, a, b, 0, &why),
       "t^2 - 2 on [7/5, 17/12]: sqrt 2, inside the ends");

    /* (2t - 1)^2 (t + 3): square-free part (2t - 1)(t + 3) =
       2t^2 + 5t - 3, roots -3 and 1/2, both found by find_rational. */
    boxtoi_poly_set_si(p, 1);
    mul_root_si(p, 1, 2, 2);
    mul_root_si(p, -3, 1, 1);
    boxtoi_poly_zero(e);
    boxtoi_poly_set_coeff_si(e, 2, 2);
    boxtoi_poly_set_coeff_si(e, 1, 5);
    boxtoi_poly_set_coeff_si(e, 0, -3);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    is_poly(e, &r->sqfree, "(2t - 1)^2 (t + 3): square-free part");
    mpq_set_si(a, -3, 1);
    mpq_set_si(b, 1, 2);
    ok(rc == 0 && r->n == 2
           && boxtoi_roots_find_rational(r->lo, r->hi, &r->sqfree)
           && boxtoi_roots_find_rational(r->lo + 1, r->hi + 1, &r->sqfree)
           && mpq_equal(r->lo, a) && mpq_equal(r->hi, a)
           && mpq_equal(r->lo + 1, b) && mpq_equal(r->hi + 1, b),
       "(2t - 1)^2 (t + 3): roots -3 and 1/2 exactly");
    /* ends at the roots: [-3, 1/2] keeps both, exactly at the ends;
       (-3, 1/2) none; (-3, 1/2] only 1/2 */
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 2 && mpq_equal(r->lo, a) && mpq_equal(r->hi, a)
           && mpq_equal(r->lo + 1, b) && mpq_equal(r->hi + 1, b),
       "(2t - 1)^2 (t + 3) on [-3, 1/2]: [-3, -3] and [1/2, 1/2]");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI);
    ok(rc == 0 && r->n == 0, "(2t - 1)^2 (t + 3) on (-3, 1/2): none");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO);
    ok(rc == 0 && r->n == 1 && mpq_equal(r->lo, b) && mpq_equal(r->hi, b),
       "(2t - 1)^2 (t + 3) on (-3, 1/2]: [1/2, 1/2]");

    /* (t + 1) t (t - 1) on [-2, 2]: the bisection of the dyadic
       [-2, 2] splits at 0, then at -1 and 1, so all three roots are
       split points, reported as [x, x]. */
    boxtoi_poly_set_si(p, 1);
    mul_root_si(p, -1, 1, 1);
    mul_root_si(p, 0, 1, 1);
    mul_root_si(p, 1, 1, 1);
    mpq_set_si(a, -2, 1);
    mpq_set_si(b, 2, 1);
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 3 && mpz_cmp_si(mpq_numref(r->lo), -1) == 0
           && mpq_equal(r->lo, r->hi) && mpq_sgn(r->lo + 1) == 0
           && mpq_sgn(r->hi + 1) == 0 && mpq_cmp_si(r->lo + 2, 1, 1) == 0
           && mpq_cmp_si(r->hi + 2, 1, 1) == 0
           && mpz_cmp_ui(mpq_denref(r->lo), 1) == 0,
       "(t + 1) t (t - 1) on [-2, 2]: [-1, -1], [0, 0], [1, 1]");

    /* t^2 - 2 (1000 t - 1)^2, the Mignotte-like degree-2 case: two
       roots, 1/(1000 +- 1/sqrt 2), about 1.4 10^-6 apart; both
       intervals inside (0, 1/500). */
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_si(p, 2, 1 - 2000000L);
    boxtoi_poly_set_coeff_si(p, 1, 4000);
    boxtoi_poly_set_coeff_si(p, 0, -2);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    set_q(b, "1/500");
    ok(rc == 0 && r->n == 2 && mpq_sgn(r->lo) >= 0
           && mpq_cmp(r->hi + 1, b) <= 0
           && t_isolation_ok(r, NULL, NULL, 0, &why),
       "t^2 - 2 (1000 t - 1)^2: two close roots separated");

    boxtoi_poly_clear(p);
    boxtoi_poly_clear(e);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
    mpq_clear(x);
}

int main(void)
{
    tap_randinit(st);
    plan_lazy();
    test_descartes_hand();
    test_descartes_vs_sturm();
    gmp_randclear(st);
    return 0;
}
