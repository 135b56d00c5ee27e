/* t/point-sep.h: an exact check, independent of lib/contact/point.c,
   that a reported contact normal separates the solids just before the
   contact time (t/point-sep.c says why the condition is the right one). */
#ifndef BOXTOI_T_POINT_SEP_H
#define BOXTOI_T_POINT_SEP_H

#include "boxtoi.h"

enum {
    SEP_OK = 1,        /* verified */
    SEP_WRONG = 0,     /* a separating direction exists, none matches n */
    SEP_NONE = -1      /* nothing separates at t': not disjoint before t */
};

/* The motions of q are those that apply on [lower, t] (for a piecewise
   motion: the piece before t); lower < t is rational.  Picks a rational
   t' in [lower, t) with no event in [t', t) (stored in tprime) and
   checks the world normal n (three polynomials, evaluated at t) against
   the 15 candidate directions at t' and at t.  Returns a SEP_ code. */
int sep_check(mpq_t tprime, const boxtoi_query_t q, const boxtoi_alg_t t,
              mpq_srcptr lower, const boxtoi_poly_struct *n);

#endif
