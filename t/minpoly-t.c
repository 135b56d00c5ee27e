/* t/minpoly-t.c: tests of the minimal polynomial and the canonical
   isolating interval (lib/alg/minpoly.c, lib/alg/canon.c).

   The expected minimal polynomials are known by construction: products
   of polynomials proved irreducible by hand (quadratics with a
   non-square discriminant, x^3 - 2 with no rational root, x^4 - 10 x^2
   + 1 whose roots +-sqrt 2 +- sqrt 3 have degree 4) or by Eisenstein's
   criterion (random monic polynomials with every lower coefficient
   even and the constant 2 mod 4).  The factor that holds the root is
   found by a Sturm count of each factor on the root's interval (the
   library picks it by signs).  The canonical interval is found by
   walking the sequence of the format (doc/format.md §4.1): [floor t,
   floor t + 1], then halving and keeping the half holding t, until a
   cell holds no other real root of the minimal polynomial, each root
   compared exactly with the cell ends (the library uses Descartes'
   rule on the cell instead). */
#include <string.h>
#include "tap.h"

/* res = the roots of p on [-B, B] (B = 2^20, beyond every root here). */
static void all_roots(boxtoi_roots_t r, const boxtoi_poly_t p)
{
    mpq_t a, b;
    mpq_init(a);
    mpq_init(b);
    mpq_set_si(a, -(1L << 20), 1);
    mpq_set_si(b, 1L << 20, 1);
    if (boxtoi_roots_isolate(r, p, a, b, 0) != BOXTOI_OK)
        bail("isolate");
    mpq_clear(a);
    mpq_clear(b);
}

/* The canonical cell of the irrational a (any representation) as a
   root of m, its minimal polynomial, by the format's definition. */
static void walk_cell(mpq_t lo, mpq_t hi, const boxtoi_alg_t a,
                      const boxtoi_poly_t m)
{
    boxtoi_roots_t r;
    boxtoi_alg_t x;
    mpq_t mid;
    long k, other;

    boxtoi_roots_init(r);
    boxtoi_alg_init(x);
    mpq_init(mid);
    all_roots(r, m);
    /* floor t: start at floor(a->lo) and step up */
    mpz_fdiv_q(mpq_numref(lo), mpq_numref(a->lo), mpq_denref(a->lo));
    mpz_set_ui(mpq_denref(lo), 1);
    for (;;) {
        mpq_set(hi, lo);
        mpz_add(mpq_numref(hi), mpq_numref(hi), mpq_denref(hi));
        if (boxtoi_alg_cmp_mpq(a, hi) < 0)
            break;
        mpq_set(lo, hi);
    }
    for (;;) {
        other = 0;
        for (k = 0; k < r->n; k++) {
            boxtoi_alg_set_root(x, r, k);
            if (boxtoi_alg_cmp(x, a) != 0 && boxtoi_alg_cmp_mpq(x, lo) >= 0
                && boxtoi_alg_cmp_mpq(x, hi) <= 0)
                other = 1;
        }
        if (!other)
            break;
        mpq_add(mid, lo, hi);
        mpq_div_2exp(mid, mid, 1);
        if (boxtoi_alg_cmp_mpq(a, mid) < 0)
            mpq_set(hi, mid);
        else
            mpq_set(lo, mid);
    }
    mpq_clear(mid);
    boxtoi_alg_clear(x);
    boxtoi_roots_clear(r);
}

/* a = the root of p = prod of the nf factors f[i] in [lo, hi] (given
   as strings); checks minimise and canonicalise against f[want] and
   the walked cell. */
static void check_case(boxtoi_poly_struct *f, int nf, int want,
                       const boxtoi_alg_t a0, const char *name)
{
    boxtoi_alg_t a, b;
    mpq_t lo, hi;
    boxtoi_poly_t m;

    boxtoi_alg_init(a);
    boxtoi_alg_init(b);
    boxtoi_poly_init(m);
    mpq_init(lo);
    mpq_init(hi);
    (void)nf;
    boxtoi_poly_canonical(m, f + want);
    boxtoi_alg_set(a, a0);
    boxtoi_alg_minimise(a);
    is_poly(m, &a->poly, "%s: minimal polynomial", name);
    ok(boxtoi_alg_cmp(a, a0) == 0 && tap_alg_invariant(a),
       "%s: same number, invariant", name);
    boxtoi_alg_set(b, a0);
    boxtoi_alg_canonicalise(b);
    is_poly(m, &b->poly, "%s: canonicalise gives it too", name);
    if (boxtoi_poly_degree(m) == 1) { /* rational: lo = hi = -m0/m1 */
        mpq_set_z(lo, m->coeffs);
        mpq_neg(lo, lo);
        mpz_set(mpq_denref(lo), m->coeffs + 1);
        mpq_canonicalize(lo);
        mpq_set(hi, lo);
    } else {
        walk_cell(lo, hi, a0, m);
    }
    is_mpq(lo, b->lo, "%s: canonical lo", name);
    is_mpq(hi, b->hi, "%s: canonical hi", name);
    mpq_clear(lo);
    mpq_clear(hi);
    boxtoi_poly_clear(m);
    boxtoi_alg_clear(a);
    boxtoi_alg_clear(b);
}

/* The root of prod f[i] (nf factors) in [lo, hi], checked. */
static void hand_case(const long *const *fc, const int *len, int nf,
                      int want, const char *lo, const char *hi,
                      const char *name)
{
    boxtoi_poly_struct f[4];
    boxtoi_poly_t p;
    boxtoi_alg_t a;
    mpq_t l, h;
    int i;

    boxtoi_poly_init(p);
    boxtoi_alg_init(a);
    mpq_init(l);
    mpq_init(h);
    boxtoi_poly_set_si(p, 1);
    for (i = 0; i < nf; i++) {
        boxtoi_poly_init(f + i);
        boxtoi_poly_set_coeffs_si(f + i, fc[i], len[i]);
        boxtoi_poly_mul(p, p, f + i);
    }
    mpq_set_str(l, lo, 10);
    mpq_set_str(h, hi, 10);
    if (boxtoi_alg_set_poly_interval(a, p, l, h) != BOXTOI_OK)
        bail("%s: set_poly_interval", name);
    check_case(f, nf, want, a, name);
    for (i = 0; i < nf; i++)
        boxtoi_poly_clear(f + i);
    mpq_clear(l);
    mpq_clear(h);
    boxtoi_alg_clear(a);
    boxtoi_poly_clear(p);
}

/* Hand-made cases.  17t^2 + 50t - 13 (discriminant 2500 + 884 = 3384,
   not a square: 58^2 = 3364 < 3384 < 3481 = 59^2) times t^2 + 1, the
   example of issue 15: its positive root (-50 + sqrt 3384)/34 ~ 0.240
   is alone in [0, 1] (the other is ~ -3.18), so [0, 1].  cbrt 2 ~
   1.26 in (t^3 - 2)(2t - 1): t^3 - 2, [1, 2].  sqrt 2 + sqrt 3 ~ 3.146
   in (t^4 - 10t^2 + 1)(t^2 - 2): t^4 - 10t^2 + 1 (reducible modulo
   every prime, so FLINT factors it), roots +-3.146, +-0.318: [3, 4].
   sqrt 2 ~ 1.414 in (t^2 - 2)(2t - 3): t^2 - 2 and [1, 2] (3/2, a
   root of the other factor, no longer matters).  125t^3 - 200t^2 +
   95t - 13 (no rational root: none of +-1, +-13 over 1, 5, 25, 125 is
   one) has three roots in (0, 1), by its signs -13, -1673/8000, 1/125,
   1/8, -29/125, 1/64, 7 at 0, 23/100, 6/25, 1/2, 21/25, 17/20, 1: so
   [0, 1] holds all three (Descartes cannot accept it, its parts outside
   the root's interval hold the other two), the root in (23/100, 6/25)
   gets [0, 1/2] and the one in (21/25, 17/20) [3/4, 1] ([1/2, 1] holds
   two). */
static void test_hand(void)
{
    static const long a1[] = {-13, 50, 17}, a2[] = {1, 0, 1};
    static const long b1[] = {-2, 0, 0, 1}, b2[] = {-1, 2};
    static const long c1[] = {1, 0, -10, 0, 1}, c2[] = {-2, 0, 1};
    static const long d1[] = {-2, 0, 1}, d2[] = {-3, 2};
    static const long e1[] = {-13, 95, -200, 125};
    const long *fa[] = {a1, a2}, *fb[] = {b1, b2}, *fc[] = {c1, c2},
               *fd[] = {d1, d2}, *fe[] = {e1};
    const int la[] = {3, 3}, lb[] = {4, 2}, lc[] = {5, 3}, ld[] = {3, 2},
              le[] = {4};

    hand_case(fa, la, 2, 0, "1/5", "1/4", "(17t^2+50t-13)(t^2+1)");
    hand_case(fb, lb, 2, 0, "5/4", "4/3", "(t^3-2)(2t-1)");
    hand_case(fc, lc, 2, 0, "3", "16/5", "(t^4-10t^2+1)(t^2-2)");
    hand_case(fc, lc, 2, 0, "3/10", "1/3", "(t^4-10t^2+1)(t^2-2), 0.318");
    hand_case(fd, ld, 2, 0, "7/5", "10/7", "(t^2-2)(2t-3)");
    hand_case(fe, le, 1, 0, "23/100", "6/25", "three roots in [0, 1], 0.24");
    hand_case(fe, le, 1, 0, "21/25", "17/20", "three roots in [0, 1], 0.85");
}

/* Random monic Eisenstein polynomial of degree d >= 2 at p = 2:
   t^d + (even) t^(d-1) + ... + (2 mod 4); degree 1: a t + b. */
static void random_factor(boxtoi_poly_t f, long d, gmp_randstate_t st)
{
    boxtoi_poly_zero(f);
    if (d == 1) {
        boxtoi_poly_set_coeff_si(f, 1, 1 + (long)gmp_urandomm_ui(st, 5));
        boxtoi_poly_set_coeff_si(f, 0, (long)gmp_urandomm_ui(st, 21) - 10);
        return;
    }
    tap_eisenstein(f, d, 4, 4, st);
}

static void test_random(void)
{
    boxtoi_poly_struct f[3];
    boxtoi_poly_t p;
    boxtoi_roots_t r;
    boxtoi_sturm_t sq;
    boxtoi_alg_t a;
    gmp_randstate_t st;
    long i, k, iters = 150 * tap_multiplier();
    int j, nf, want;
    char name[64];

    tap_randinit(st);
    boxtoi_poly_init(p);
    boxtoi_roots_init(r);
    boxtoi_sturm_init(sq);
    boxtoi_alg_init(a);
    for (j = 0; j < 3; j++)
        boxtoi_poly_init(f + j);
    for (i = 0; i < iters; i++) {
        nf = 2 + (int)gmp_urandomm_ui(st, 2);
        boxtoi_poly_set_si(p, 1);
        for (j = 0; j < nf; j++) {
            random_factor(f + j, 1 + (long)gmp_urandomm_ui(st, 5), st);
            boxtoi_poly_mul(p, p, f + j);
        }
        all_roots(r, p);
        if (r->n == 0)
            continue;
        k = (long)gmp_urandomm_ui(st, (unsigned long)r->n);
        boxtoi_alg_set_root(a, r, k);
        /* the factor with a root in the root's interval (Sturm) */
        want = -1;
        for (j = 0; j < nf && want < 0; j++) {
            if (boxtoi_sturm_set(sq, f + j) != BOXTOI_OK)
                bail("sturm_set");
            if (boxtoi_sturm_count(sq, r->lo + k, r->hi + k, 0) > 0)
                want = j;
        }
        if (want < 0)
            bail("no factor holds root %ld", k);
        snprintf(name, sizeof name, "random %ld (root %ld of %ld)", i, k,
                 r->n);
        check_case(f, nf, want, a, name);
    }
    for (j = 0; j < 3; j++)
        boxtoi_poly_clear(f + j);
    boxtoi_alg_clear(a);
    boxtoi_sturm_clear(sq);
    boxtoi_roots_clear(r);
    boxtoi_poly_clear(p);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    test_hand();
    test_random();
    return 0;
}
