/* lib/contact/filter.c: cheap exact tests that a plane polynomial keeps
   one sign on a whole section.

   A plane that is positive throughout a section can never be the one
   that reaches zero at the first contact, and a plane negative
   throughout rules out the whole section; either way no Sturm sequence
   is needed.  Two tests, both proofs: an MPFR interval evaluation over
   the section's rational hull that excludes zero (its answer is a
   rigorous enclosure), then Descartes' rule of signs after the Moebius
   map t = (lo + hi x) / (1 + x) that sends (lo, hi) to (0, +inf) (no
   sign variation: no root inside), with exact signs at the ends
   (doc/algorithm.md §4; [BPR] Descartes' law of signs). */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"

int contact_sign_on_hull(const boxtoi_poly_t p, mpq_srcptr lo, mpq_srcptr hi,
                         boxtoi_poly_t tmp)
{
    int slo, shi;

    if (boxtoi_poly_degree(p) < 1)
        return boxtoi_poly_sgn_lc(p);
    slo = boxtoi_poly_sgn_at_mpq(p, lo);
    if (slo == 0)
        return 0;
    if (hi == NULL) {
        /* [lo, +inf): the roots of p(t + lo) that are positive */
        if (boxtoi_poly_sgn_at_inf(p, 1) != slo)
            return 0;
        boxtoi_poly_taylor_shift_mpq(tmp, p, lo);
        return boxtoi_poly_sign_variations(tmp) == 0 ? slo : 0;
    }
    shi = boxtoi_poly_sgn_at_mpq(p, hi);
    if (shi != slo)
        return 0;
    if (mpq_equal(lo, hi))
        return slo;
    if (boxtoi_roots_descartes(p, lo, hi, tmp) == 0)
        return slo;
    /* the MPFR enclosure may still prove it where Descartes' bound,
       over-counting, does not */
    return boxtoi_poly_sgn_on_interval_mpfr(p, lo, hi, 64) == slo ? slo : 0;
}

int contact_one_root(boxtoi_alg_t c, const boxtoi_poly_t p, mpq_srcptr lo,
                     mpq_srcptr hi, boxtoi_poly_t tmp)
{
    if (boxtoi_poly_degree(p) < 2 || mpq_cmp(lo, hi) >= 0
        || boxtoi_poly_sgn_at_mpq(p, lo) * boxtoi_poly_sgn_at_mpq(p, hi) >= 0)
        return 0;
    return contact_one_root_signed(c, p, lo, hi, tmp);
}

int contact_one_root_signed(boxtoi_alg_t c, const boxtoi_poly_t p,
                            mpq_srcptr lo, mpq_srcptr hi, boxtoi_poly_t tmp)
{
    /* Descartes on the Moebius image of (lo, hi): one sign variation
       means exactly one root, counted with multiplicity, so a simple
       one. */
    if (boxtoi_roots_descartes(p, lo, hi, tmp) != 1)
        return 0;
    /* The square-free part p / gcd(p, p'): the gcd has no root in
       [lo, hi] (its roots are multiple roots of p), so the quotient
       keeps the sign change and the single root: an isolating interval
       in the sense of alg.h. */
    boxtoi_poly_squarefree_part(&c->poly, p);
    mpq_set(c->lo, lo);
    mpq_set(c->hi, hi);
    return 1;
}
