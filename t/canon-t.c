/* t/canon-t.c: tests of the cofactor's canonical form (lib/alg/canon.c).

   The certificate (lib/contact/certify.c) proves by Descartes' rule that
   a plane P = v G (v without a real root in the window) has one root in
   (lo, hi), simple, and then puts G's primitive part in the number at
   once (alg_set_cofactor_root, alg_canonicalise_cofactor_rest) where it
   used to put P's square-free part and let
   alg_canonicalise_cofactor_hints swap G in (doc/algorithm.md §4.3,
   "The certificate's cofactor first").  Both paths are run here on
   random P = v G, for every root of P isolated by boxtoi_roots_isolate
   with Descartes' count 1 on its interval, and compared, polynomial and
   interval, with each other and with the plain reference
   boxtoi_alg_canonicalise on (P's square-free part, lo, hi), which
   knows nothing of G (it is itself checked against FLINT's
   factorisation in t/minpoly-t). */
#include "lib/util/impl.h"
#include "tap.h"
#include "lib/alg/impl.h"

/* f = a random product of 1 to 3 factors of degrees 1 to 4 with
   coefficients of up to bits bits (lc non-zero), times a random
   integer content and sign. */
static void random_cofactor(boxtoi_poly_t f, gmp_randstate_t st,
                            unsigned long bits)
{
    boxtoi_poly_t g;
    mpz_t c;
    int k, nf = 1 + (int)gmp_urandomm_ui(st, 3);
    long i, d;
    boxtoi_poly_init(g);
    mpz_init(c);
    boxtoi_poly_set_si(f, 1 + (long)gmp_urandomm_ui(st, 6));
    if (gmp_urandomm_ui(st, 2))
        boxtoi_poly_neg(f, f);
    for (k = 0; k < nf; k++) {
        d = 1 + (long)gmp_urandomm_ui(st, 4);
        boxtoi_poly_zero(g);
        for (i = 0; i <= d; i++) {
            mpz_urandomb(c, st, bits);
            if (i == d && mpz_sgn(c) == 0)
                mpz_set_ui(c, 1);
            if (gmp_urandomm_ui(st, 2))
                mpz_neg(c, c);
            boxtoi_poly_set_coeff_mpz(g, i, c);
        }
        boxtoi_poly_mul(f, f, g);
    }
    mpz_clear(c);
    boxtoi_poly_clear(g);
}

/* v = a t^2 + b t + c with b^2 < 4 a c, a > 0: no real root (as a
   box's weight |q|^2 in the range). */
static void random_weight(boxtoi_poly_t v, gmp_randstate_t st)
{
    long a = 1 + (long)gmp_urandomm_ui(st, 9);
    long c = 1 + (long)gmp_urandomm_ui(st, 9);
    long b = (long)gmp_urandomm_ui(st, 13) - 6;
    while (b * b >= 4 * a * c)
        b /= 2;
    boxtoi_poly_zero(v);
    boxtoi_poly_set_coeff_si(v, 0, c);
    boxtoi_poly_set_coeff_si(v, 1, b);
    boxtoi_poly_set_coeff_si(v, 2, a);
}

static int alg_same(const boxtoi_alg_t a, const boxtoi_alg_t b)
{
    return boxtoi_poly_equal(&a->poly, &b->poly) && mpq_equal(a->lo, b->lo)
           && mpq_equal(a->hi, b->hi);
}

static void weight_hint(boxtoi_poly_t res, int i, void *ctx)
{
    (void)i;
    boxtoi_poly_set(res, ctx);
}

int main(void)
{
    gmp_randstate_t st;
    boxtoi_poly_t g, v, p, sq, tmp;
    boxtoi_roots_t r;
    boxtoi_alg_t ref, old, cof;
    int t, cases = 0, bad_old = 0, bad_ref = 0, refused = 0, bad_refused = 0;
    long i;

    plan_lazy();
    tap_randinit(st);
    boxtoi_poly_init(g);
    boxtoi_poly_init(v);
    boxtoi_poly_init(p);
    boxtoi_poly_init(sq);
    boxtoi_poly_init(tmp);
    boxtoi_roots_init(r);
    boxtoi_alg_init(ref);
    boxtoi_alg_init(old);
    boxtoi_alg_init(cof);
    for (t = 0; t < 400; t++) {
        random_cofactor(g, st, 1 + (unsigned long)(t % 24));
        random_weight(v, st);
        boxtoi_poly_mul(p, v, g);
        if (boxtoi_poly_degree(g) < 1
            || boxtoi_roots_isolate(r, p, NULL, NULL, 0) != BOXTOI_OK)
            continue;
        boxtoi_poly_squarefree_part(sq, p);
        for (i = 0; i < r->n; i++) {
            int took;
            if (mpq_equal(r->lo + i, r->hi + i)
                || boxtoi_roots_descartes(p, r->lo + i, r->hi + i, tmp) != 1)
                continue;
            /* the reference: P's square-free part, canonicalised alone */
            boxtoi_poly_set(&ref->poly, sq);
            mpq_set(ref->lo, r->lo + i);
            mpq_set(ref->hi, r->hi + i);
            boxtoi_alg_set(old, ref);
            boxtoi_alg_canonicalise(ref);
            /* the path before: the square-free part, then the cofactor */
            alg_canonicalise_cofactor_hints(old, g, 1, weight_hint, v);
            /* the cofactor first */
            took = alg_set_cofactor_root(cof, g, r->lo + i, r->hi + i);
            if (!took) {
                /* only a linear G is refused here: G changes sign */
                refused++;
                bad_refused += boxtoi_poly_degree(g) >= 2;
                continue;
            }
            alg_canonicalise_cofactor_rest(cof, g, 1, weight_hint, v);
            cases++;
            bad_old += !alg_same(cof, old);
            bad_ref += !alg_same(cof, ref);
        }
    }
    ok(bad_old == 0, "the cofactor first = the square-free part first "
                     "(%d of %d differ)", bad_old, cases);
    ok(bad_ref == 0, "the cofactor first = boxtoi_alg_canonicalise on the "
                     "square-free part (%d of %d differ)", bad_ref, cases);
    ok(bad_refused == 0, "refused only for a linear G (%d of %d not)",
       bad_refused, refused);
    /* not a claim of the method, a check that the sample exercises it */
    ok(cases > 200 && refused > 0, "the sample has cases (%d) and "
                                   "refusals (%d)", cases, refused);

    /* A cofactor without a sign change on the interval is refused and
       a left as it was: v has no real root. */
    boxtoi_poly_set(&cof->poly, sq);
    mpq_set_si(cof->lo, -1, 1);
    mpq_set_si(cof->hi, 1, 1);
    boxtoi_alg_set(old, cof);
    ok(!alg_set_cofactor_root(cof, v, cof->lo, cof->hi) && alg_same(cof, old),
       "no sign change: refused, a unchanged");

    boxtoi_alg_clear(ref);
    boxtoi_alg_clear(old);
    boxtoi_alg_clear(cof);
    boxtoi_roots_clear(r);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(v);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(sq);
    boxtoi_poly_clear(tmp);
    gmp_randclear(st);
    return 0;
}
