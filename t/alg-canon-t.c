/* t/alg-canon-t.c: tests of lib/alg/canon.c (the canonical isolating
   cell, with and without hints), moved from t/alg-t.c.  The cells are
   derived by hand (below). */
#include <string.h>
#include "alg-gen.h"

/* boxtoi_alg_canonicalise: the coarsest isolating dyadic cell, derived
   by hand, for the minimal polynomial (t/minpoly-t.c checks more).
   sqrt 2 as a root of t^2 - 2: [1, 2] (m = 0).  The same in
   (t^2 - 2)(2t - 3): the minimal polynomial is t^2 - 2, so [1, 2] again
   (3/2 is no longer a root to avoid).  (10 - sqrt 15)/17 ~ 0.36
   as a root of 17t^2 - 20t + 5: [0, 1] also holds (10 + sqrt 15)/17
   ~ 0.82, so [0, 1/2].  1/3 as a root of (3t - 1)(t^2 - 2): exact.
   Cells where Descartes' rule over-counts and the exact count decides:
   sqrt 2 - 1 ~ 0.414 as a root of (t^2 + 2t - 1)(100t^2 - 100t + 26)
   (complex roots 1/2 +- i/10): [0, 1] has 3 sign variations but one
   real root, so [0, 1].  The same root of (t^2 + 2t - 1)(8t - 1)(8t - 3):
   minimal polynomial t^2 + 2t - 1, other root -1 - sqrt 2, so [0, 1]. */
static void test_canonicalise(void)
{
    static const long p1[] = {-2, 0, 1};
    static const long p2[] = {6, -4, -3, 2};   /* (t^2 - 2)(2t - 3) */
    static const long p3[] = {5, -20, 17};
    static const long p4[] = {2, -6, -1, 3};   /* (3t - 1)(t^2 - 2) */
    static const long p5[] = {-26, 152, -274, 100, 100};
    static const long p6[] = {-3, 38, -125, 96, 64};
    boxtoi_poly_t p;
    boxtoi_alg_t a;
    mpq_t lo, hi, e;

    boxtoi_poly_init(p);
    boxtoi_alg_init(a);
    mpq_init(lo);
    mpq_init(hi);
    mpq_init(e);

    boxtoi_poly_set_coeffs_si(p, p1, 3);
    mpq_set_str(lo, "181/128", 10);
    mpq_set_str(hi, "1449/1024", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: sqrt 2");
    boxtoi_alg_canonicalise(a);
    mpq_set_ui(e, 1, 1);
    is_mpq(e, a->lo, "canonical cell of sqrt 2: lo = 1");
    mpq_set_ui(e, 2, 1);
    is_mpq(e, a->hi, "canonical cell of sqrt 2: hi = 2");

    boxtoi_poly_set_coeffs_si(p, p2, 4);
    mpq_set_str(lo, "7/5", 10);
    mpq_set_str(hi, "10/7", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: sqrt 2 next to 3/2");
    boxtoi_alg_canonicalise(a);
    mpq_set_str(e, "1", 10);
    is_mpq(e, a->lo, "a factor's root no longer matters: lo = 1");
    mpq_set_str(e, "2", 10);
    is_mpq(e, a->hi, "a factor's root no longer matters: hi = 2");
    ok(tap_alg_invariant(a), "canonical cell keeps the invariant");

    boxtoi_poly_set_coeffs_si(p, p3, 3);
    mpq_set_str(lo, "1/4", 10);
    mpq_set_str(hi, "2/5", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: crate");
    boxtoi_alg_canonicalise(a);
    mpq_set_ui(e, 0, 1);
    is_mpq(e, a->lo, "(10 - sqrt 15)/17: lo = 0");
    mpq_set_str(e, "1/2", 10);
    is_mpq(e, a->hi, "(10 - sqrt 15)/17: hi = 1/2");

    boxtoi_poly_set_coeffs_si(p, p4, 4);
    mpq_set_str(lo, "1/4", 10);
    mpq_set_str(hi, "1/2", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: 1/3");
    boxtoi_alg_canonicalise(a);
    mpq_set_str(e, "1/3", 10);
    ok(mpq_equal(a->lo, e) && mpq_equal(a->hi, e),
       "a rational root becomes exact: [1/3, 1/3]");

    boxtoi_poly_set_coeffs_si(p, p5, 5);
    mpq_set_str(lo, "2/5", 10);
    mpq_set_str(hi, "1/2", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: sqrt 2 - 1 next to complex roots");
    boxtoi_alg_canonicalise(a);
    mpq_set_ui(e, 0, 1);
    is_mpq(e, a->lo, "Descartes over-counts, the exact count accepts: lo = 0");
    mpq_set_ui(e, 1, 1);
    is_mpq(e, a->hi, "Descartes over-counts, the exact count accepts: hi = 1");

    boxtoi_poly_set_coeffs_si(p, p6, 5);
    mpq_set_str(lo, "2/5", 10);
    mpq_set_str(hi, "1/2", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: sqrt 2 - 1 among 1/8 and 3/8");
    boxtoi_alg_canonicalise(a);
    mpq_set_str(e, "0", 10);
    is_mpq(e, a->lo, "roots of the other factors do not count: lo = 0");
    mpq_set_str(e, "1", 10);
    is_mpq(e, a->hi, "roots of the other factors do not count: hi = 1");
    ok(tap_alg_invariant(a), "canonical cell keeps the invariant");

    mpq_clear(lo);
    mpq_clear(hi);
    mpq_clear(e);
    boxtoi_alg_clear(a);
    boxtoi_poly_clear(p);
}

/* boxtoi_alg_canonicalise_hint: the results of test_canonicalise's
   hand derivations, with hints.  (t^2 + 1)(t^2 - 2) = t^4 - t^2 - 2
   with the hint 2t^2 + 2 (content 2, no real root): sqrt 2 gets [1, 2]
   as for t^2 - 2, since t^2 + 1 > 0 changes no sign.  (t^2 + 1)(2t - 3)
   = 2t^3 - 3t^2 + 2t - 3 with the hint t^2 + 1: 3/2, exact.  The same
   with the hint 2t - 3, which vanishes at the number: not usable (the
   cofactor t^2 + 1 has no rational root, yet the value is rational),
   still 3/2.  A hint that does not divide: t + 5 for sqrt 2 in
   t^2 - 2: [1, 2]. */
/* a = the root of pc in [lo, hi], canonicalised with the hint hc (hn
   coefficients): expect the interval [elo, ehi] (elo = ehi: exact). */
static void hint_case(const long *pc, long pn, const long *hc, long hn,
                      const char *lo, const char *hi, const char *elo,
                      const char *ehi, const char *name)
{
    boxtoi_alg_t a;
    boxtoi_poly_t h;
    mpq_t e;
    boxtoi_alg_init(a);
    boxtoi_poly_init(h);
    mpq_init(e);
    alg_pi(a, pc, pn, lo, hi);
    boxtoi_poly_set_coeffs_si(h, hc, hn);
    boxtoi_alg_canonicalise_hint(a, h);
    qset(e, elo);
    is_mpq(e, a->lo, "%s: lo = %s", name, elo);
    qset(e, ehi);
    is_mpq(e, a->hi, "%s: hi = %s", name, ehi);
    ok(tap_alg_invariant(a)
           && (strcmp(elo, ehi) != 0 || boxtoi_poly_degree(&a->poly) == 1),
       "%s: the invariant holds", name);
    mpq_clear(e);
    boxtoi_poly_clear(h);
    boxtoi_alg_clear(a);
}

static void test_canonicalise_hint(void)
{
    static const long p1h[] = {2, 0, 2}, p2[] = {-2, 0, -1, 0, 1};
    static const long p3[] = {-3, 2, -3, 2}, h3[] = {1, 0, 1};
    static const long h3b[] = {-3, 2}, h4[] = {5, 1}, p4[] = {-2, 0, 1};

    hint_case(p2, 5, p1h, 3, "181/128", "1449/1024", "1", "2",
              "hint 2t^2 + 2, sqrt 2");
    hint_case(p3, 4, h3, 3, "7/5", "8/5", "3/2", "3/2",
              "hint t^2 + 1, 3/2 becomes exact");
    hint_case(p3, 4, h3b, 2, "7/5", "8/5", "3/2", "3/2",
              "a hint that vanishes at the number is not used");
    hint_case(p4, 3, h4, 2, "7/5", "3/2", "1", "2",
              "a hint that does not divide");
}

int main(void)
{
    plan_lazy();
    test_canonicalise();
    test_canonicalise_hint();
    return 0;
}
