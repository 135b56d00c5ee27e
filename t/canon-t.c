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
#include "alg-gen.h"

/* f = a random product of 1 to 3 factors of degrees 1 to 4 with
   coefficients of up to bits bits (lc non-zero), times a random
   integer content and sign. */
static void random_cofactor(boxtoi_poly_t f, gmp_randstate_t st,
                            unsigned long bits)
{
    boxtoi_poly_t g;
    int k, nf = 1 + (int)gmp_urandomm_ui(st, 3);
    boxtoi_poly_init(g);
    boxtoi_poly_set_si(f, 1 + (long)gmp_urandomm_ui(st, 6));
    if (gmp_urandomm_ui(st, 2))
        boxtoi_poly_neg(f, f);
    for (k = 0; k < nf; k++) {
        random_int_poly(g, st, 1 + (long)gmp_urandomm_ui(st, 4), bits);
        boxtoi_poly_mul(f, f, g);
    }
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

/* Counts over the roots of P = v G that Descartes' rule proves single
   and simple on their isolating intervals, as the certificate does. */
typedef struct {
    int cases, bad_old, bad_ref, bad_g, refused, bad_refused;
} tally;

/* Runs both paths and the references on every such root of v g; with
   gsq (g's square-free part) not NULL, also boxtoi_alg_canonicalise on
   (gsq, lo, hi), the number alg.h's invariant allows. */
static void check_roots(tally *n, const boxtoi_poly_t g,
                        const boxtoi_poly_t v, const boxtoi_poly_struct *gsq)
{
    boxtoi_poly_t p, sq, tmp;
    boxtoi_roots_t r;
    boxtoi_alg_t ref, old, cof;
    long i;
    boxtoi_poly_init(p);
    boxtoi_poly_init(sq);
    boxtoi_poly_init(tmp);
    boxtoi_roots_init(r);
    boxtoi_alg_init(ref);
    boxtoi_alg_init(old);
    boxtoi_alg_init(cof);
    boxtoi_poly_mul(p, v, g);
    if (boxtoi_poly_degree(g) < 1
        || boxtoi_roots_isolate(r, p, NULL, NULL, 0) != BOXTOI_OK)
        r->n = 0;
    boxtoi_poly_squarefree_part(sq, p);
    for (i = 0; i < r->n; i++) {
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
        alg_canonicalise_cofactor_hints(old, g, 1, weight_hint, (void *)v);
        /* the cofactor first */
        if (!alg_set_cofactor_root(cof, g, r->lo + i, r->hi + i)) {
            /* only a linear G is refused here: G changes sign */
            n->refused++;
            n->bad_refused += boxtoi_poly_degree(g) >= 2;
            continue;
        }
        alg_canonicalise_cofactor_rest(cof, g, 1, weight_hint, (void *)v);
        n->cases++;
        n->bad_old += !alg_same(cof, old);
        n->bad_ref += !alg_same(cof, ref);
        if (gsq != NULL) {
            boxtoi_poly_set(&ref->poly, gsq);
            mpq_set(ref->lo, r->lo + i);
            mpq_set(ref->hi, r->hi + i);
            boxtoi_alg_canonicalise(ref);
            n->bad_g += !alg_same(cof, ref);
        }
    }
    boxtoi_alg_clear(ref);
    boxtoi_alg_clear(old);
    boxtoi_alg_clear(cof);
    boxtoi_roots_clear(r);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(sq);
    boxtoi_poly_clear(tmp);
}

int main(void)
{
    gmp_randstate_t st;
    boxtoi_poly_t g, v, a, gsq;
    boxtoi_alg_t cof, old;
    tally n = {0, 0, 0, 0, 0, 0}, m = {0, 0, 0, 0, 0, 0};
    int t;

    plan_lazy();
    tap_randinit(st);
    boxtoi_poly_init(g);
    boxtoi_poly_init(v);
    boxtoi_poly_init(a);
    boxtoi_poly_init(gsq);
    boxtoi_alg_init(old);
    boxtoi_alg_init(cof);
    for (t = 0; t < 400; t++) {
        random_cofactor(g, st, 1 + (unsigned long)(t % 24));
        random_weight(v, st);
        check_roots(&n, g, v, NULL);
    }
    ok(n.bad_old == 0, "the cofactor first = the square-free part first "
                       "(%d of %d differ)", n.bad_old, n.cases);
    ok(n.bad_ref == 0, "the cofactor first = boxtoi_alg_canonicalise on the "
                       "square-free part (%d of %d differ)", n.bad_ref, n.cases);
    ok(n.bad_refused == 0, "refused only for a linear G (%d of %d not)",
       n.bad_refused, n.refused);
    /* not a claim of the method, a check that the sample exercises it */
    ok(n.cases > 200 && n.refused > 0, "the sample has cases (%d) and "
                                       "refusals (%d)", n.cases, n.refused);

    /* G = A^2 H, not square-free (doc/algorithm.md §4.3, "A cofactor
       that is not square-free"): A of degree 1 (a rational double root,
       which no prime of the degree-set test or of alg_linear_factors
       admits) or 2; the roots checked are H's that Descartes' rule
       proves single on their intervals, so A's roots lie outside them.
       The number must be the one boxtoi_alg_canonicalise gives on G's
       square-free part A H (computed here by the reference
       boxtoi_poly_squarefree_part). */
    for (t = 0; t < 160; t++) {
        random_int_poly(a, st, 1 + t % 2, 1 + (unsigned long)(t % 6));
        random_cofactor(g, st, 1 + (unsigned long)(t % 12));
        boxtoi_poly_mul(gsq, g, a);
        boxtoi_poly_mul(g, gsq, a);
        boxtoi_poly_squarefree_part(gsq, g);
        random_weight(v, st);
        check_roots(&m, g, v, gsq);
    }
    ok(m.bad_g == 0 && m.bad_ref == 0 && m.bad_old == 0,
       "G with a repeated factor: = boxtoi_alg_canonicalise on G's and on "
       "P's square-free part, = the path before (%d, %d, %d of %d differ)",
       m.bad_g, m.bad_ref, m.bad_old, m.cases);
    ok(m.bad_refused == 0 && m.cases > 100, "... with cases (%d), refused "
       "only for a linear G (%d)", m.cases, m.bad_refused);

    /* A cofactor without a sign change on the interval is refused and
       a left as it was: v has no real root. */
    boxtoi_poly_set(&cof->poly, gsq);
    mpq_set_si(cof->lo, -1, 1);
    mpq_set_si(cof->hi, 1, 1);
    boxtoi_alg_set(old, cof);
    ok(!alg_set_cofactor_root(cof, v, cof->lo, cof->hi) && alg_same(cof, old),
       "no sign change: refused, a unchanged");

    boxtoi_alg_clear(old);
    boxtoi_alg_clear(cof);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(v);
    boxtoi_poly_clear(a);
    boxtoi_poly_clear(gsq);
    gmp_randclear(st);
    return 0;
}
