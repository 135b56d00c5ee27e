/* lib/roots/descartes.c: Descartes' rule of signs on an interval.

   The Moebius map t = (lo + hi x) / (1 + x) sends x in (0, inf) onto
   t in (lo, hi).  With b(s) = a(lo + (hi - lo) s) (scaled into Z[s]),
   R(x) = (1 + x)^n b(1 / (1 + x)) is x^n b(1/x) shifted by 1, and its
   positive roots correspond one to one to the roots of a in (lo, hi).
   Descartes' rule bounds their number by the sign variations of R, with
   the same parity [Collins and Akritas 1976; [BPR] ch. 2 (Descartes'
   law of signs) and ch. 10 (Bernstein basis)].  All steps are integer
   Taylor shifts and scalings from the poly layer. */
#include "roots/impl.h"

long boxtoi_roots_descartes(const boxtoi_poly_t a, mpq_srcptr lo,
                            mpq_srcptr hi, boxtoi_poly_t tmp)
{
    mpq_t w;
    mpz_t one;
    mpq_init(w);
    mpz_init_set_ui(one, 1);
    mpq_sub(w, hi, lo);
    boxtoi_poly_taylor_shift_mpq(tmp, a, lo);
    boxtoi_poly_scale_mpq(tmp, tmp, w);
    boxtoi_poly_reverse(tmp, tmp);
    boxtoi_poly_taylor_shift_mpz(tmp, tmp, one);
    mpq_clear(w);
    mpz_clear(one);
    return boxtoi_poly_sign_variations(tmp);
}
