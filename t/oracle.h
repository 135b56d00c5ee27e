/* t/oracle.h: an independent, slow, exact first-contact solver and two
   exact static intersection tests, for cross-checking the library.

   The oracle shares no code with lib/contact: it uses only the poly,
   roots and alg layers and reads motion entries from the struct.  It
   uses neither separating planes nor Minkowski sums nor route
   sections; its method (candidate times from vertex/face-plane and
   edge/edge coplanarity polynomials, then a direct vertex-in-box and
   edge-through-face test at each candidate) is described and justified
   in t/oracle.c.  Queries must be valid (see boxtoi_query_check); the
   oracle checks the weights and block determinants itself. */
#ifndef BOXTOI_T_ORACLE_H
#define BOXTOI_T_ORACLE_H

#include "boxtoi.h"

/* Sets *has_contact to 1 and t to the least t in q's range at which the
   closed solids of q share a point, or *has_contact to 0 (t unchanged)
   when there is none.  The contact is initial exactly when t == t0.
   Returns BOXTOI_OK, BOXTOI_EINVAL (a motion that is not affine or is
   degenerate somewhere in the range, or min > max) or an error of the
   roots layer. */
int oracle_first_contact(int *has_contact, boxtoi_alg_t t,
                         const boxtoi_query_t q);

/* The same with options and statistics.  flags: ORACLE_PURE turns off
   the shortcut that rejects a candidate time as soon as all vertices of
   one box are strictly outside a face plane of the other (sound, only
   faster), so that only the tests (a)-(c) decide.  st (may be NULL)
   receives the number of distinct non-constant candidate polynomials
   and of distinct candidate times examined. */
#define ORACLE_PURE 1
typedef struct {
    long npolys;
    long ncandidates;
} oracle_stats;
int oracle_first_contact_stats(int *has_contact, boxtoi_alg_t t,
                               const boxtoi_query_t q, int flags,
                               oracle_stats *st);

/* Exact static tests at a rational time t (any t at which both motions
   are valid; t need not lie in q's range).  Both return 1 when the
   closed solids share a point at t, 0 when they do not, and -1 on an
   invalid motion (singular or zero weight at t, or not affine).

   oracle_intersect_at_mpq: the oracle's own vertex-in-box and
   edge-through-face test (a)-(c), in the two boxes' body frames,
   without the shortcut (see ORACLE_PURE).

   oracle_sat_at_mpq: the separating-axis test over mpq in world
   coordinates on the 15 axes (3 + 3 face normals, 9 edge-direction
   cross products), an independent method. */
int oracle_intersect_at_mpq(const boxtoi_query_t q, mpq_srcptr t);
int oracle_sat_at_mpq(const boxtoi_query_t q, mpq_srcptr t);

/* res = a b for 4x4 matrices of integer polynomials (row-major arrays
   of 16 initialised polynomials; res must not alias a or b).  Used by
   the tests to compose motions without the library's motion_mul. */
void oracle_mat_mul(boxtoi_poly_struct *res, const boxtoi_poly_struct *a,
                    const boxtoi_poly_struct *b);

#endif /* BOXTOI_T_ORACLE_H */
