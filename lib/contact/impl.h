/* lib/contact/impl.h: declarations shared inside the contact layer (not
   installed). */
#ifndef BOXTOI_CONTACT_IMPL_H
#define BOXTOI_CONTACT_IMPL_H

#include "boxtoi/contact.h"

/* Quantity indices (contact.h, "Quantities"); QONE is the constant 1,
   used where a direction's component is a constant. */
#define Q_A(i, j) (3 * (i) + (j))
#define Q_ADJ(i, j) (9 + 3 * (i) + (j))
#define Q_W 18
#define Q_DET 19
#define Q_ONE 20

/* A component of a direction: c * quantity q (c in {-1, 0, 1}). */
typedef struct {
    signed char c;
    signed char q;
} contact_lin;

/* The direction table: for direction d (0 <= d < 15), nv[m] = n_d . e_m
   and na[m] = n_d . a_m (a_m the columns of A), each 0 or +- one
   quantity (doc/algorithm.md §3.2). */
void contact_dir_table(int d, contact_lin nv[3], contact_lin na[3]);

/* Sign of c * quantity q given the quantities' signs sg[0..19]. */
int contact_lin_sign(contact_lin l, const signed char *sg);

/* Supporting features on plane j given the quantities' signs sg (at a
   sample point or at the contact time): box 1's in direction +-n and
   box 2's in the opposite direction. */
void contact_plane_features(boxtoi_feature f[2], int j,
                            const signed char *sg);

/* Returns 1 if direction d is the zero vector where the quantities have
   signs sg. */
int contact_dir_is_zero(int d, const signed char *sg);

/* Values of the 30 planes at a rational t (absolute values taken at t,
   valid in any section containing t); val[0..29] initialised. */
void contact_planes_at_mpq(mpq_ptr val, mpq_srcptr t,
                           const boxtoi_route_t r);

/* +1 (resp. -1) when p is proved positive (negative) on the whole
   closed interval [lo, hi] (hi NULL: [lo, +inf)), by an MPFR interval
   evaluation or by Descartes' rule; 0 when not proved (p may have a root
   there).  tmp is scratch space. */
int contact_sign_on_hull(const boxtoi_poly_t p, mpq_srcptr lo, mpq_srcptr hi,
                         boxtoi_poly_t tmp);

/* Limits check of a query against opts. */
int contact_check_limits(const boxtoi_query_t q, const boxtoi_options *opts,
                         boxtoi_errinfo *err);

#endif /* BOXTOI_CONTACT_IMPL_H */
