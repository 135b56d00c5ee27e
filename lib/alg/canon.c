/* lib/alg/canon.c: a canonical isolating interval.

   The interval an algebraic number carries depends on how it was found
   (which isolation, which refinements).  For output that any user can
   reproduce bit for bit whatever the internal path, boxtoi reports the
   coarsest dyadic cell [k 2^-m, (k + 1) 2^-m] (least m >= 0) that
   isolates the number's root of its polynomial with non-zero values at
   both ends, or the exact value when the number is rational
   (doc/algorithm.md §5). */
#include "lib/util/impl.h"
#include "boxtoi/alg.h"

void boxtoi_alg_canonicalise(boxtoi_alg_t a)
{
    boxtoi_sturm_t s;
    mpq_t q, clo, chi;
    mpz_t k, kh;
    unsigned long m;
    long bits = 4;

    mpq_init(q);
    if (boxtoi_alg_get_mpq(q, a)) {
        mpq_clear(q);
        return; /* rational: lo == hi is canonical */
    }
    mpq_init(clo);
    mpq_init(chi);
    mpz_init(k);
    mpz_init(kh);
    boxtoi_sturm_init(s);
    if (boxtoi_sturm_set(s, &a->poly) != BOXTOI_OK)
        goto done; /* cannot happen: poly has degree >= 1 */
    for (m = 0;; m++) {
        /* refine until lo and hi lie in one cell of width 2^-m; the root
           is irrational, so it is not a cell end and this terminates */
        for (;;) {
            mpq_mul_2exp(q, a->lo, m);
            mpz_fdiv_q(k, mpq_numref(q), mpq_denref(q));
            mpq_mul_2exp(q, a->hi, m);
            mpz_fdiv_q(kh, mpq_numref(q), mpq_denref(q));
            if (mpz_cmp(k, kh) == 0)
                break;
            boxtoi_alg_refine(a, bits);
            bits += 4;
        }
        mpq_set_z(clo, k);
        mpq_div_2exp(clo, clo, m);
        mpz_add_ui(kh, k, 1);
        mpq_set_z(chi, kh);
        mpq_div_2exp(chi, chi, m);
        if (boxtoi_poly_sgn_at_mpq(&a->poly, clo) != 0
            && boxtoi_poly_sgn_at_mpq(&a->poly, chi) != 0
            && boxtoi_sturm_count(s, clo, chi, 0) == 1) {
            mpq_swap(a->lo, clo);
            mpq_swap(a->hi, chi);
            break;
        }
    }
done:
    boxtoi_sturm_clear(s);
    mpz_clear(k);
    mpz_clear(kh);
    mpq_clear(clo);
    mpq_clear(chi);
    mpq_clear(q);
}
