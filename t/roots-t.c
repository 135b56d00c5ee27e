/* t/roots-t.c: tests of lib/roots (Sturm sequences, counting,
   isolation, refinement, rational roots): trivial inputs and errors,
   square roots, square-free parts, the flags of the ends, and rational
   roots (lib/roots/rational.c).  The classical hard families are in
   t/roots-hard-t.c, the random families in t/roots-random-t.c and
   Descartes' method (lib/roots/vca.c) in t/roots-vca-t.c.

   Expected values are known independently of the library: polynomials
   are built from known rational roots and known quadratic factors, so
   counts and roots are known exactly.  Every isolation result is
   checked against the invariant of roots.h with exact signs computed
   in t/roots-check.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "roots-check.h"

/* ---- trivial inputs and errors ------------------------------------------ */

static void test_trivial(void)
{
    boxtoi_poly_t p, e;
    boxtoi_sturm_t s;
    boxtoi_roots_t r;
    mpq_t a, b, x;
    int rc;

    boxtoi_poly_init(p);
    boxtoi_poly_init(e);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    mpq_init(x);

    is_int(BOXTOI_EDOMAIN, boxtoi_sturm_set(s, p), "sturm_set(0)");
    is_int(BOXTOI_EDOMAIN, boxtoi_roots_isolate(r, p, NULL, NULL, 0),
           "isolate(0)");
    is_int(BOXTOI_EINVAL, boxtoi_roots_isolate_sturm(r, s, NULL, NULL, 0),
           "isolate_sturm with an unset sequence");
    is_int(0, boxtoi_sturm_count(s, NULL, NULL, 0), "count, unset");

    boxtoi_poly_set_si(p, -5);
    rc = boxtoi_sturm_set(s, p);
    boxtoi_poly_set_si(e, 1);
    ok(rc == 0 && s->len == 1, "constant: sequence of length 1");
    is_poly(e, boxtoi_sturm_squarefree(s), "constant: square-free part 1");
    is_int(0, boxtoi_sturm_count(s, NULL, NULL, 0), "constant: no roots");
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    ok(rc == 0 && r->n == 0, "constant: isolate finds nothing");

    /* -6t + 2 = -2 (3t - 1): one root 1/3. */
    boxtoi_poly_set_coeff_si(p, 1, -6);
    boxtoi_poly_set_coeff_si(p, 0, 2);
    boxtoi_poly_set_coeff_si(e, 1, 3);
    boxtoi_poly_set_coeff_si(e, 0, -1);
    rc = boxtoi_sturm_set(s, p);
    ok(rc == 0 && s->len == 2, "linear: sequence of length 2");
    is_poly(e, boxtoi_sturm_squarefree(s), "linear: canonical 3t - 1");
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    set_q(x, "1/3");
    ok(rc == 0 && r->n == 1 && find_interval(r, x) == 0,
       "linear: isolates 1/3");
    ok(boxtoi_roots_find_rational(r->lo, r->hi, &r->sqfree) == 1
           && mpq_equal(r->lo, x) && mpq_equal(r->hi, x),
       "linear: find_rational gives 1/3");
    set_q(a, "1/3");
    set_q(b, "1/3");
    is_int(1, boxtoi_sturm_count(s, a, b, 0), "count [1/3, 1/3]");
    is_int(0, boxtoi_sturm_count(s, a, b, BOXTOI_OPEN_LO),
           "count (1/3, 1/3]");
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 1 && mpq_equal(r->lo, x) && mpq_equal(r->hi, x),
       "isolate on [1/3, 1/3]");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_HI);
    ok(rc == 0 && r->n == 0, "isolate on [1/3, 1/3)");
    ok(boxtoi_roots_refine(a, b, &r->sqfree, 100) == 0 && mpq_equal(a, x)
           && mpq_equal(b, x),
       "refine [1/3, 1/3] (an exact root) is a no-op");
    set_q(a, "1");
    set_q(b, "0");
    is_int(0, boxtoi_sturm_count(s, a, b, 0), "count on [1, 0] (empty)");
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 0, "isolate on [1, 0] (empty)");

    /* refine: bad intervals */
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_si(p, 2, 1);
    boxtoi_poly_set_coeff_si(p, 0, -2); /* t^2 - 2 */
    set_q(a, "0");
    set_q(b, "1");
    is_int(BOXTOI_EINVAL, boxtoi_roots_refine(a, b, p, 10),
           "refine: no sign change on [0, 1]");
    set_q(a, "-2");
    set_q(b, "2");
    is_int(BOXTOI_EINVAL, boxtoi_roots_refine(a, b, p, 10),
           "refine: q(-2) = q(2) = 2, no sign change on [-2, 2]");
    set_q(a, "2");
    set_q(b, "1");
    is_int(BOXTOI_EINVAL, boxtoi_roots_refine(a, b, p, 10),
           "refine: lo > hi");
    set_q(a, "1");
    set_q(b, "1");
    is_int(BOXTOI_EINVAL, boxtoi_roots_refine(a, b, p, 10),
           "refine: lo == hi not a root");
    boxtoi_poly_zero(e);
    set_q(a, "0");
    is_int(BOXTOI_EINVAL, boxtoi_roots_refine(a, b, e, 10),
           "refine: zero polynomial");
    set_q(a, "0");
    set_q(b, "1");
    ok(boxtoi_roots_find_rational(a, b, p) == 0 && mpq_cmp_si(a, 0, 1) == 0
           && mpq_cmp_si(b, 1, 1) == 0,
       "find_rational: non-isolating interval gives 0, unchanged");

    boxtoi_poly_clear(p);
    boxtoi_poly_clear(e);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
    mpq_clear(x);
}

/* ---- square roots, square-free parts, flags --------------------------- */

static void test_sqrt2(void)
{
    boxtoi_poly_t p;
    boxtoi_roots_t r;
    mpq_t lo, hi;
    int rc;

    boxtoi_poly_init(p);
    boxtoi_roots_init(r);
    mpq_init(lo);
    mpq_init(hi);
    boxtoi_poly_set_si(p, 1);
    mul_quad(p, 1, 0, -2);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    ok(rc == 0 && r->n == 2 && contains_sqrt_si(r, 0, 2, -1)
           && contains_sqrt_si(r, 1, 2, 1),
       "t^2 - 2: intervals hold -sqrt 2 and sqrt 2");
    if (r->n != 2)
        bail("t^2 - 2: %ld roots", r->n);
    mpq_set(lo, r->lo + 1);
    mpq_set(hi, r->hi + 1);
    rc = boxtoi_roots_refine(r->lo + 1, r->hi + 1, p, 1000);
    ok(rc == 0 && contains_sqrt_si(r, 1, 2, 1)
           && width_ok(r->lo + 1, r->hi + 1, 1000)
           && !width_ok(r->lo + 1, r->hi + 1, 1010),
       "t^2 - 2: refined to 2^-1000 (not much finer), still holds sqrt 2");
    ok(boxtoi_roots_find_rational(r->lo + 1, r->hi + 1, p) == 0
           && contains_sqrt_si(r, 1, 2, 1)
           && width_ok(r->lo + 1, r->hi + 1, 1000),
       "t^2 - 2: find_rational says irrational");
    /* Non-dyadic ends. */
    set_q(lo, "1/3");
    set_q(hi, "5/3");
    rc = boxtoi_roots_refine(lo, hi, p, 64);
    mpq_swap(lo, r->lo);
    mpq_swap(hi, r->hi);
    ok(rc == 0 && contains_sqrt_si(r, 0, 2, 1) && width_ok(r->lo, r->hi, 64),
       "refine from [1/3, 5/3]");
    /* bits <= 0: already narrow enough, unchanged. */
    set_q(lo, "1/3");
    set_q(hi, "5/3");
    rc = boxtoi_roots_refine(lo, hi, p, -1);
    ok(rc == 0 && mpq_cmp_si(lo, 1, 3) == 0 && mpq_cmp_si(hi, 5, 3) == 0,
       "refine with bits = -1 keeps a width-4/3 interval");
    boxtoi_poly_clear(p);
    boxtoi_roots_clear(r);
    mpq_clear(lo);
    mpq_clear(hi);
}

static void test_squarefree(void)
{
    boxtoi_poly_t p, e;
    boxtoi_sturm_t s;
    boxtoi_roots_t r;
    mpq_t a, b, x;
    long i;
    int rc, seqok;

    boxtoi_poly_init(p);
    boxtoi_poly_init(e);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    mpq_init(x);

    /* (t - 1/3)^5 (t + 2)^3 in Z[t]: (3t - 1)^5 (t + 2)^3. */
    boxtoi_poly_set_si(p, 1);
    mul_root_si(p, 1, 3, 5);
    mul_root_si(p, -2, 1, 3);
    boxtoi_poly_set_coeffs_si(e, (const long[]){-2, 5, 3}, 3);
    rc = boxtoi_sturm_set(s, p);
    is_poly(e, boxtoi_sturm_squarefree(s),
            "(3t-1)^5 (t+2)^3: square-free part 3t^2 + 5t - 2");
    seqok = rc == 0 && s->len >= 2
            && boxtoi_poly_degree(s->seq + s->len - 1) == 0;
    for (i = 1; i < s->len; i++)
        seqok = seqok && boxtoi_poly_degree(s->seq + i)
                             < boxtoi_poly_degree(s->seq + i - 1);
    ok(seqok, "sequence degrees fall strictly down to a constant");
    is_int(2, boxtoi_sturm_count(s, NULL, NULL, 0), "2 distinct roots");
    set_q(a, "-2");
    set_q(b, "1/3");
    is_int(2, boxtoi_sturm_count(s, a, b, 0), "count [-2, 1/3] = 2");
    is_int(1, boxtoi_sturm_count(s, a, b, BOXTOI_OPEN_LO),
           "count (-2, 1/3] = 1");
    is_int(1, boxtoi_sturm_count(s, a, b, BOXTOI_OPEN_HI),
           "count [-2, 1/3) = 1");
    is_int(0, boxtoi_sturm_count(s, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI),
           "count (-2, 1/3) = 0");
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    ok(rc == 0 && r->n == 2, "isolate: 2 intervals");
    if (r->n == 2) {
        ok(boxtoi_roots_find_rational(r->lo, r->hi, &r->sqfree)
               && mpq_equal(r->lo, a) && mpq_equal(r->hi, a),
           "find_rational gives exactly -2");
        ok(boxtoi_roots_find_rational(r->lo + 1, r->hi + 1, &r->sqfree)
               && mpq_equal(r->lo + 1, b) && mpq_equal(r->hi + 1, b),
           "find_rational gives exactly 1/3");
    }
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI);
    ok(rc == 0 && r->n == 0, "isolate (-2, 1/3): nothing");
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 2 && mpq_equal(r->lo, a) && mpq_equal(r->hi, a)
           && mpq_equal(r->lo + 1, b) && mpq_equal(r->hi + 1, b),
       "isolate [-2, 1/3]: both ends, exactly");

    /* -7 (t - 1)^2 (t + 1)  ->  t^2 - 1 */
    boxtoi_poly_set_si(p, -7);
    mul_root_si(p, 1, 1, 2);
    mul_root_si(p, -1, 1, 1);
    boxtoi_poly_set_coeffs_si(e, (const long[]){-1, 0, 1}, 3);
    rc = boxtoi_sturm_set(s, p);
    is_poly(e, boxtoi_sturm_squarefree(s), "-7 (t-1)^2 (t+1): t^2 - 1");

    /* (t^2 + 1)^3: square-free part t^2 + 1, no real roots. */
    boxtoi_poly_set_si(p, 1);
    for (i = 0; i < 3; i++)
        mul_quad(p, 1, 0, 1);
    boxtoi_poly_set_coeffs_si(e, (const long[]){1, 0, 1}, 3);
    rc = boxtoi_sturm_set(s, p);
    is_poly(e, boxtoi_sturm_squarefree(s), "(t^2+1)^3: t^2 + 1");
    is_int(0, boxtoi_sturm_count(s, NULL, NULL, 0), "(t^2+1)^3: no roots");

    boxtoi_poly_clear(p);
    boxtoi_poly_clear(e);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
    mpq_clear(x);
}

/* Counts with every combination of ends on (t-1)(t-2)(t-3)(t^2+1) and on
   t (t-1) (t+1); the expected values are read off the roots. */
static void test_flags(void)
{
    static const struct {
        const char *a, *b; /* NULL: infinite */
        int flags;
        long n1, n2; /* expected for the two polynomials */
    } c[] = {
        {"1", "3", 0, 3, 1},
        {"1", "3", BOXTOI_OPEN_LO, 2, 0},
        {"1", "3", BOXTOI_OPEN_HI, 2, 1},
        {"1", "3", BOXTOI_OPEN_LO | BOXTOI_OPEN_HI, 1, 0},
        {"1", "1", 0, 1, 1},
        {"1", "1", BOXTOI_OPEN_HI, 0, 0},
        {"3", "1", 0, 0, 0},
        {NULL, NULL, 0, 3, 3},
        {NULL, "1", 0, 1, 3},
        {NULL, "1", BOXTOI_OPEN_HI, 0, 2},
        {"3", NULL, 0, 1, 0},
        {"3", NULL, BOXTOI_OPEN_LO, 0, 0},
        {"-1", "0", 0, 0, 2},
        {"-1", "0", BOXTOI_OPEN_LO | BOXTOI_OPEN_HI, 0, 0},
        {"0", "0", 0, 0, 1},
        {"-1/2", "5/2", 0, 2, 2},
        {"3/2", "5/2", BOXTOI_OPEN_LO | BOXTOI_OPEN_HI, 1, 0},
        {"-100", "-1", BOXTOI_OPEN_HI, 0, 0},
        {"-100", "-1", 0, 0, 1},
    };
    boxtoi_poly_t p[2];
    boxtoi_sturm_t s[2];
    boxtoi_roots_t r;
    mpq_t a, b;
    size_t i;
    int k, rc, bad = 0;
    const char *why;

    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    for (k = 0; k < 2; k++) {
        boxtoi_poly_init(p[k]);
        boxtoi_sturm_init(s[k]);
        boxtoi_poly_set_si(p[k], 1);
    }
    mul_root_si(p[0], 1, 1, 1);
    mul_root_si(p[0], 2, 1, 1);
    mul_root_si(p[0], 3, 1, 1);
    mul_quad(p[0], 1, 0, 1);
    mul_root_si(p[1], 0, 1, 1);
    mul_root_si(p[1], 1, 1, 1);
    mul_root_si(p[1], -1, 1, 1);
    for (k = 0; k < 2; k++)
        if (boxtoi_sturm_set(s[k], p[k]) != 0)
            bail("sturm_set");
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        mpq_srcptr pa = NULL, pb = NULL;
        if (c[i].a) {
            set_q(a, c[i].a);
            pa = a;
        }
        if (c[i].b) {
            set_q(b, c[i].b);
            pb = b;
        }
        for (k = 0; k < 2; k++) {
            long want = k == 0 ? c[i].n1 : c[i].n2;
            long got = boxtoi_sturm_count(s[k], pa, pb, c[i].flags);
            rc = boxtoi_roots_isolate(r, p[k], pa, pb, c[i].flags);
            if (got != want || rc != 0 || r->n != want
                || !t_isolation_ok(r, pa, pb, c[i].flags, &why)) {
                if (!bad++)
                    diag("poly %d, %s %s flags %d: want %ld, count %ld, "
                         "isolate %ld (%s)",
                         k, c[i].a ? c[i].a : "-inf",
                         c[i].b ? c[i].b : "inf", c[i].flags, want, got,
                         r->n, rc ? "error" : why);
            }
        }
    }
    is_int(0, bad, "counts and isolation with open/closed/infinite ends");
    for (k = 0; k < 2; k++) {
        boxtoi_poly_clear(p[k]);
        boxtoi_sturm_clear(s[k]);
    }
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
}

/* ---- rational roots --------------------------------------------------- */

static void test_find_rational(void)
{
    boxtoi_poly_t p;
    boxtoi_roots_t r;
    mpq_t x;
    mpz_t z;
    long i, nrat;
    int rc;
    const char *why;

    boxtoi_poly_init(p);
    boxtoi_roots_init(r);
    mpq_init(x);
    mpz_init(z);

    /* (2^100 t - 3)(t^2 + t - 1): 3/2^100 and (-1 +- sqrt 5)/2 */
    boxtoi_poly_set_si(p, 1);
    mpq_set_ui(x, 3, 1);
    mpq_div_2exp(x, x, 100);
    mul_root(p, x, 1);
    mul_quad(p, 1, 1, -1);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    for (i = 0, nrat = 0; i < r->n; i++)
        if (boxtoi_roots_find_rational(r->lo + i, r->hi + i, &r->sqfree)) {
            nrat++;
            if (!mpq_equal(r->lo + i, x) || !mpq_equal(r->hi + i, x))
                nrat += 100;
        }
    ok(rc == 0 && r->n == 3 && nrat == 1
           && t_isolation_ok(r, NULL, NULL, 0, &why),
       "(2^100 t - 3)(t^2 + t - 1): only 3/2^100 is rational");

    /* lc 6 = 2 * 3 makes the modular filter skip 2 and 3:
       (6t - 5)(t^2 - 3) and (6t^2 - 1) (t - 7/5). */
    boxtoi_poly_set_si(p, 1);
    mul_root_si(p, 5, 6, 1);
    mul_quad(p, 1, 0, -3);
    mul_quad(p, 6, 0, -1);
    mul_root_si(p, 7, 5, 1);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    for (i = 0, nrat = 0; i < r->n; i++)
        if (boxtoi_roots_find_rational(r->lo + i, r->hi + i, &r->sqfree)) {
            mpq_set_si(x, 5, 6);
            if (mpq_equal(r->lo + i, x))
                nrat++;
            mpq_set_si(x, 7, 5);
            if (mpq_equal(r->lo + i, x))
                nrat++;
            if (!mpq_equal(r->lo + i, r->hi + i))
                nrat += 100;
        }
    ok(rc == 0 && r->n == 6 && nrat == 2
           && t_isolation_ok(r, NULL, NULL, 0, &why),
       "(6t-5)(t^2-3)(6t^2-1)(5t-7): 5/6 and 7/5 only");

    /* A root at 0 with the others irrational: t (t^2 - 2). */
    boxtoi_poly_set_si(p, 1);
    mul_root_si(p, 0, 1, 1);
    mul_quad(p, 1, 0, -2);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    ok(rc == 0 && r->n == 3 && contains_sqrt_si(r, 0, 2, -1)
           && contains_sqrt_si(r, 2, 2, 1)
           && boxtoi_roots_find_rational(r->lo + 1, r->hi + 1, &r->sqfree)
           && mpq_sgn(r->lo + 1) == 0 && mpq_sgn(r->hi + 1) == 0,
       "t (t^2 - 2): 0 found exactly");

    /* Degree 72, above the modular filter's limit:
       (t - 1/3)^2 (t^70 - 2), roots -2^(1/70) < 1/3 < 2^(1/70). */
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_si(p, 70, 1);
    boxtoi_poly_set_coeff_si(p, 0, -2);
    mul_root_si(p, 1, 3, 2);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    mpq_set_si(x, 1, 3);
    ok(rc == 0 && r->n == 3 && find_interval(r, x) == 1
           && !boxtoi_roots_find_rational(r->lo, r->hi, &r->sqfree)
           && boxtoi_roots_find_rational(r->lo + 1, r->hi + 1, &r->sqfree)
           && mpq_equal(r->lo + 1, x)
           && !boxtoi_roots_find_rational(r->lo + 2, r->hi + 2, &r->sqfree),
       "(3t - 1)^2 (t^70 - 2): 1/3 found, +-2^(1/70) not");
    boxtoi_poly_clear(p);
    boxtoi_roots_clear(r);
    mpq_clear(x);
    mpz_clear(z);
}

int main(void)
{
    plan_lazy();
    test_trivial();
    test_sqrt2();
    test_squarefree();
    test_flags();
    test_find_rational();
    return 0;
}
