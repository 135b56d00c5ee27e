/* t/roots-random-t.c: tests of lib/roots on huge and random
   polynomials: huge roots (10^200 and beyond), random products of known
   rational roots and quadratics without real roots, and random dense
   integer polynomials.  The three draw, in this order, from one random
   state, as they did in t/roots-t.c before it was split.

   Expected values are known independently of the library: polynomials
   are built from known rational roots and known quadratic factors, so
   counts and roots are known exactly.  Random dense polynomials are
   cross-checked against the root counter of t/roots-check.c (Descartes'
   rule after a Moebius map, with bisection, on mpz/mpq code that shares
   nothing with the library).  Every isolation result is checked against
   the invariant of roots.h with exact signs computed there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "roots-check.h"


/* Roots 10^200 + 1/7, 10^200 + 2/7, -10^200 and +-sqrt(2) 10^200. */
static void test_huge(void)
{
    boxtoi_poly_t p, q2;
    boxtoi_roots_t r;
    mpq_t x[3], c;
    mpz_t z;
    long i, k, bad = 0;
    const char *why;
    int rc;

    boxtoi_poly_init(p);
    boxtoi_poly_init(q2);
    boxtoi_roots_init(r);
    mpq_init(c);
    mpz_init(z);
    for (i = 0; i < 3; i++)
        mpq_init(x[i]);
    mpz_ui_pow_ui(z, 10, 200);
    mpq_set_z(x[0], z);
    mpq_neg(x[0], x[0]);
    mpq_set_ui(c, 1, 7);
    mpq_set_z(x[1], z);
    mpq_add(x[1], x[1], c);
    mpq_set_ui(c, 2, 7);
    mpq_set_z(x[2], z);
    mpq_add(x[2], x[2], c);
    boxtoi_poly_set_si(p, 1);
    for (i = 0; i < 3; i++)
        mul_root(p, x[i], 1 + (unsigned long)i);
    mpz_mul(z, z, z);
    mpz_mul_ui(z, z, 2);
    mpz_neg(z, z);
    boxtoi_poly_set_coeff_si(q2, 2, 1);
    boxtoi_poly_set_coeff_mpz(q2, 0, z); /* t^2 - 2 10^400 */
    boxtoi_poly_mul(p, p, q2);
    mpz_neg(z, z);
    mpq_set_z(c, z);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    /* Order: -sqrt2 10^200 < -10^200 < 10^200 + 1/7 < 10^200 + 2/7 <
       sqrt2 10^200. */
    ok(rc == 0 && r->n == 5 && contains_sqrt(r, 0, c, -1)
           && find_interval(r, x[0]) == 1 && find_interval(r, x[1]) == 2
           && find_interval(r, x[2]) == 3 && contains_sqrt(r, 4, c, 1)
           && t_isolation_ok(r, NULL, NULL, 0, &why),
       "roots near 10^200: isolated and ordered");
    for (i = 0; i < r->n && r->n == 5; i++) {
        int want = i >= 1 && i <= 3;
        if (boxtoi_roots_find_rational(r->lo + i, r->hi + i, &r->sqfree)
            != want)
            bad++;
        else if (want && (!mpq_equal(r->lo + i, x[i - 1])
                          || !mpq_equal(r->hi + i, x[i - 1])))
            bad++;
    }
    is_int(0, bad, "roots near 10^200: exactly the 3 rational ones found");

    /* Coefficients of thousands of bits: a random quintic times
       (t - 1/3), cross-checked with the independent counter. */
    for (k = 0; k < 3; k++) {
        boxtoi_poly_zero(p);
        for (i = 0; i <= 5; i++) {
            mpz_urandomb(z, st, 3000);
            if (rnd(2))
                mpz_neg(z, z);
            boxtoi_poly_set_coeff_mpz(p, i, z);
        }
        mul_root_si(p, 1, 3, 1);
        rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
        set_q(c, "1/3");
        i = find_interval(r, c);
        if (rc != 0 || !t_isolation_ok(r, NULL, NULL, 0, &why) || i < 0
            || !boxtoi_roots_find_rational(r->lo + i, r->hi + i, &r->sqfree)
            || !mpq_equal(r->lo + i, c))
            bad++;
    }
    is_int(0, bad, "3000-bit coefficients: isolation, 1/3 found");
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(q2);
    boxtoi_roots_clear(r);
    mpq_clear(c);
    mpz_clear(z);
    for (i = 0; i < 3; i++)
        mpq_clear(x[i]);
}

/* ---- random families ---------------------------------------------------- */

static void rand_end(mpq_t x, mpq_t *roots, long k)
{
    if (k > 0 && rnd(3) == 0) {
        mpq_set(x, roots[rnd(k)]);
    } else {
        mpz_set_si(mpq_numref(x), rnd(1L << 14) - (1L << 13));
        mpz_set_si(mpq_denref(x), 1 + rnd(64));
        mpq_canonicalize(x);
    }
}

/* Polynomials with 0..6 known distinct rational roots (multiplicity up
   to 3) times a quadratic without real roots: expected square-free
   part, counts and roots are all known. */
static void test_random_rational(void)
{
    long iters = 150 * tap_multiplier(), it, k, i, j, want, bits, nin;
    long bad_sqf = 0, bad_count = 0, bad_iso = 0, bad_ref = 0, bad_rat = 0;
    long bad_work = 0;
    mpq_t roots[6], a, b, lo, hi;
    boxtoi_poly_t p, e;
    boxtoi_sturm_t s;
    boxtoi_roots_t r, rw, rf;
    boxtoi_roots_work_t w;
    const char *why;
    int flags, rc;

    boxtoi_poly_init(p);
    boxtoi_poly_init(e);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    boxtoi_roots_init(rw);
    boxtoi_roots_init(rf);
    /* One work for every isolation of the loop (degrees 0 to 10 follow
       one another), against the expected count and a fresh work. */
    boxtoi_roots_work_init(w);
    mpq_init(a);
    mpq_init(b);
    mpq_init(lo);
    mpq_init(hi);
    for (i = 0; i < 6; i++)
        mpq_init(roots[i]);
    for (it = 0; it < iters; it++) {
        k = rnd(7);
        for (i = 0; i < k; i++) {
            mpz_set_si(mpq_numref(roots[i]), rnd(1L << 12) - (1L << 11));
            mpz_set_si(mpq_denref(roots[i]), 1 + rnd(50));
            mpq_canonicalize(roots[i]);
        }
        qsort(roots, (size_t)k, sizeof(mpq_t), cmp_mpq);
        for (i = j = 0; i < k; i++)
            if (j == 0 || !mpq_equal(roots[i], roots[j - 1]))
                mpq_swap(roots[j++], roots[i]);
        k = j;
        boxtoi_poly_set_si(p, rnd(2) ? 1 : -3);
        boxtoi_poly_set_si(e, 1);
        for (i = 0; i < k; i++) {
            mul_root(p, roots[i], rnd(3) == 0 ? 2 + rnd(2) : 1);
            mul_root(e, roots[i], 1);
        }
        if (rnd(2)) {
            long c0 = 1 + rnd(1000), c1 = rnd(61) - 30;
            /* c1^2 - 4 c0 < 0: no real roots */
            if (c1 * c1 < 4 * c0) {
                mul_quad(p, 1, c1, c0);
                mul_quad(e, 1, c1, c0);
            }
        }
        if (boxtoi_poly_degree(e) == 0)
            mul_quad(e, 0, 0, 1);
        rc = boxtoi_sturm_set(s, p);
        if (rc != 0 || !boxtoi_poly_equal(e, boxtoi_sturm_squarefree(s))) {
            if (!bad_sqf++) {
                diag("square-free part of");
                boxtoi_poly_fprint(stdout, p, "t");
                printf("\n");
            }
            continue;
        }
        for (j = 0; j < 4; j++) {
            mpq_srcptr pa = NULL, pb = NULL;
            rand_end(a, roots, k);
            rand_end(b, roots, k);
            if (rnd(6) != 0)
                pa = a;
            if (rnd(6) != 0)
                pb = b;
            if (pa && pb && mpq_cmp(a, b) > 0 && rnd(4) != 0)
                mpq_swap(a, b);
            flags = (int)rnd(4);
            /* the expected count, by comparisons */
            want = count_in(roots, k, pa, pb, flags);
            if (boxtoi_sturm_count(s, pa, pb, flags) != want && !bad_count++)
                diag("count: iteration %ld, want %ld", it, want);
            rc = boxtoi_roots_isolate_work(rw, p, pa, pb, flags, w);
            if (rc != 0 || rw->n != want
                || !t_isolation_ok(rw, pa, pb, flags, &why)
                || boxtoi_roots_isolate(rf, p, pa, pb, flags) != 0
                || rf->n != rw->n
                || !boxtoi_poly_equal(&rf->sqfree, &rw->sqfree))
                bad_work++;
            else
                for (i = 0; i < rw->n; i++)
                    if (!mpq_equal(rw->lo + i, rf->lo + i)
                        || !mpq_equal(rw->hi + i, rf->hi + i))
                        bad_work++;
            rc = boxtoi_roots_isolate_sturm(r, s, pa, pb, flags);
            if (rc != 0 || r->n != want
                || !t_isolation_ok(r, pa, pb, flags, &why)) {
                if (!bad_iso++)
                    diag("isolate: iteration %ld, want %ld got %ld: %s", it,
                         want, r->n, rc ? "error" : why);
                continue;
            }
            /* the roots inside, in order, one per interval */
            for (i = 0, nin = 0; i < k; i++) {
                long w = find_interval(r, roots[i]);
                if (w < 0)
                    continue;
                if (w != nin++ && !bad_iso++)
                    diag("isolate: iteration %ld, root %ld in interval %ld",
                         it, i, w);
            }
            if (nin != want && !bad_iso++)
                diag("isolate: iteration %ld, %ld roots found", it, nin);
            for (i = 0; i < r->n; i++) {
                long w;
                mpq_set(lo, r->lo + i);
                mpq_set(hi, r->hi + i);
                bits = rnd(200) - 10;
                rc = boxtoi_roots_refine(lo, hi, &r->sqfree, bits);
                for (w = 0; w < k; w++)
                    if (mpq_cmp(r->lo + i, roots[w]) <= 0
                        && mpq_cmp(roots[w], r->hi + i) <= 0)
                        break;
                if (rc != 0 || !width_ok(lo, hi, bits) || w == k
                    || mpq_cmp(lo, roots[w]) > 0 || mpq_cmp(roots[w], hi) > 0
                    || mpq_cmp(lo, r->lo + i) < 0
                    || mpq_cmp(hi, r->hi + i) > 0) {
                    if (!bad_ref++)
                        diag("refine: iteration %ld, interval %ld", it, i);
                    continue;
                }
                if (!boxtoi_roots_find_rational(lo, hi, &r->sqfree)
                    || !mpq_equal(lo, roots[w]) || !mpq_equal(hi, roots[w]))
                    if (!bad_rat++)
                        diag("find_rational: iteration %ld, interval %ld",
                             it, i);
            }
        }
    }
    is_int(0, bad_sqf, "random rational roots: square-free part");
    is_int(0, bad_count, "random rational roots: counts with flags");
    is_int(0, bad_iso, "random rational roots: isolation");
    is_int(0, bad_ref, "random rational roots: refinement");
    is_int(0, bad_rat, "random rational roots: find_rational");
    is_int(0, bad_work, "random rational roots: isolate_work with one work "
                        "for all, against the count and isolate");
    boxtoi_roots_clear(rw);
    boxtoi_roots_clear(rf);
    boxtoi_roots_work_clear(w);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(e);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
    mpq_clear(lo);
    mpq_clear(hi);
    for (i = 0; i < 6; i++)
        mpq_clear(roots[i]);
}

/* Random dense integer polynomials (unknown roots): the Sturm counts
   against the independent Descartes counter, the isolation invariant
   against exact signs and that counter, and refinement. */
static void test_random_integer(void)
{
    long iters = 40 * tap_multiplier(), it, i, n, bits, want, got;
    long bad_count = 0, bad_iso = 0, bad_ref = 0;
    boxtoi_poly_t p, d, g;
    boxtoi_sturm_t s;
    boxtoi_roots_t r;
    mpq_t a, b;
    mpz_t z;
    const char *why;
    int rc, sa, sb;

    boxtoi_poly_init(p);
    boxtoi_poly_init(d);
    boxtoi_poly_init(g);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    mpz_init(z);
    for (it = 0; it < iters; it++) {
        n = 1 + rnd(12);
        bits = 1 + rnd(128);
        boxtoi_poly_zero(p);
        for (i = 0; i <= n; i++) {
            mpz_urandomb(z, st, (mp_bitcnt_t)bits);
            if (i == n && mpz_sgn(z) == 0)
                mpz_set_ui(z, 1);
            if (rnd(2))
                mpz_neg(z, z);
            boxtoi_poly_set_coeff_mpz(p, i, z);
        }
        /* keep square-free inputs only (checked by the poly layer's gcd)
           so that the independent counter applies to p itself */
        boxtoi_poly_derivative(d, p);
        boxtoi_poly_gcd(g, p, d);
        if (boxtoi_poly_degree(g) > 0)
            continue;
        if (boxtoi_sturm_set(s, p) != 0)
            bail("sturm_set");
        mpz_set_si(mpq_numref(a), rnd(1L << 10) - (1L << 9));
        mpz_set_si(mpq_denref(a), 1 + rnd(32));
        mpq_canonicalize(a);
        mpz_set_si(mpq_numref(b), rnd(1L << 10) - (1L << 9));
        mpz_set_si(mpq_denref(b), 1 + rnd(32));
        mpq_canonicalize(b);
        if (mpq_cmp(a, b) > 0)
            mpq_swap(a, b);
        if (mpq_equal(a, b))
            continue;
        sa = t_sgn(p, a) == 0;
        sb = t_sgn(p, b) == 0;
        want = t_count_open(p, a, b) + sa + sb;
        got = boxtoi_sturm_count(s, a, b, 0);
        if (got != want && !bad_count++)
            diag("count: iteration %ld: want %ld got %ld", it, want, got);
        rc = boxtoi_roots_isolate_sturm(r, s, a, b, 0);
        if (rc != 0 || r->n != want || !t_isolation_ok(r, a, b, 0, &why)) {
            if (!bad_iso++)
                diag("isolate: iteration %ld: want %ld got %ld %s", it, want,
                     r->n, rc ? "error" : why);
            continue;
        }
        /* every root: no more roots than intervals, on the whole line */
        rc = boxtoi_roots_isolate_sturm(r, s, NULL, NULL, 0);
        if (rc != 0 || !t_isolation_ok(r, NULL, NULL, 0, &why)) {
            if (!bad_iso++)
                diag("isolate all: iteration %ld: %s", it, why);
            continue;
        }
        for (i = 0; i < r->n; i++) {
            mpq_set(a, r->lo + i);
            mpq_set(b, r->hi + i);
            rc = boxtoi_roots_refine(a, b, p, 300);
            if (rc != 0 || !width_ok(a, b, 300)
                || mpq_cmp(a, r->lo + i) < 0 || mpq_cmp(b, r->hi + i) > 0
                || (mpq_cmp(a, b) < 0 && t_sgn(p, a) * t_sgn(p, b) >= 0)
                || (mpq_cmp(a, b) == 0 && t_sgn(p, a) != 0)) {
                if (!bad_ref++)
                    diag("refine: iteration %ld interval %ld", it, i);
            }
        }
    }
    is_int(0, bad_count, "random integer polynomials: Sturm vs Descartes");
    is_int(0, bad_iso, "random integer polynomials: isolation invariant");
    is_int(0, bad_ref, "random integer polynomials: refine to 2^-300");
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(d);
    boxtoi_poly_clear(g);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
    mpz_clear(z);
}

int main(void)
{
    tap_randinit(st);
    plan_lazy();
    test_huge();
    test_random_rational();
    test_random_integer();
    gmp_randclear(st);
    return 0;
}
