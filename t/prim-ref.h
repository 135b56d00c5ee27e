/* t/prim-ref.h: the exact method's coplanarity cubic, the reference of
   t/prim-t and t/prim-cubic-t for prim_cubic (lib/prim/cubic.c). */
#ifndef BOXTOI_T_PRIM_REF_H
#define BOXTOI_T_PRIM_REF_H

#include <boxtoi.h>

/* f = the coplanarity cubic of q built as the exact method builds it,
   the determinant of the vertices' linear polynomials (prim_vec_*,
   doc/algorithm.md §9.2), made canonical. */
void prim_ref_cubic(boxtoi_poly_t f, const boxtoi_prim_query_t q);

/* S[m] = the Bernstein coefficient sum over i + j + k = m of
   det[u_i, v_j, w_k] of q's edge vectors u, v, w at t = 0 (index 0) and
   t = 1 (doc/algorithm.md §9.5), in rationals, each determinant by its
   six signed products (the definition, not the filter's grouping);
   S[0..3] initialised by the caller. */
void prim_ref_bernstein(mpq_t S[4], const boxtoi_prim_query_t q);

#endif
