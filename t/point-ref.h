/* t/point-ref.h: the helpers of t/point-ref.c, shared by t/point-t.c
   and t/pointq-t.c (the tests of the contact point and normal). */
#ifndef BOXTOI_T_POINT_REF_H
#define BOXTOI_T_POINT_REF_H

#include "boxtoi.h"
#include "lib/contact/pointq.h"

/* 1 iff a / ad = b / bd as polynomials (a bd = b ad). */
int same_quot(const boxtoi_poly_t a, const boxtoi_poly_t ad,
              const boxtoi_poly_t b, const boxtoi_poly_t bd);
/* 1 iff the normals n and m are equal, or constants (at a rational t)
   with n = c m, c > 0, and nsq = |n|^2. */
int same_normal(const boxtoi_poly_struct *n, const boxtoi_poly_struct *nsq,
                const boxtoi_poly_struct *m);
/* 1 iff g has the values of point_geometry in both of its modes (the
   same point, number of vertices, normal up to a positive factor); nf:
   NULL or the counts of point_geometry_counted's mode 0. */
int same_geom_as_reference(const boxtoi_contact_geom *g,
                           const boxtoi_contact_t res,
                           const boxtoi_query_t q, long *nf);
/* Checks (one assertion) the contact object's point and normal written
   for a query line at the given digits. */
void check_line(const char *line, const char *expect, long digits);

#endif
