/* t/contact-check.h: query building and answer checking shared by the
   tests of lib/contact (t/contact-t.c, t/contact-route-t.c) and of the
   oracle (t/static-t.c; t/contact-check.c). */
#ifndef BOXTOI_T_CONTACT_CHECK_H
#define BOXTOI_T_CONTACT_CHECK_H

#include "tap.h"

/* b = the box "x0 y0 z0 x1 y1 z1" (space-separated rationals). */
void set_box(boxtoi_box_struct *b, const char *s);
/* m = the translation by (tx, ty, tz), each a space-separated list of
   the coefficients of a polynomial in t, constant first. */
void set_translation(boxtoi_motion_struct *m, const char *tx,
                     const char *ty, const char *tz);
/* q's range = [t0, t1] (t1 "inf": [t0, +inf)). */
void set_range(boxtoi_query_struct *q, const char *t0, const char *t1);
/* Runs q and checks: status, exact time (the rational string tval, or
   if tval is NULL the root of the integer polynomial poly[0..plen) in
   [lo, hi]), initial flag, kind (unless NULL). */
void expect(const boxtoi_query_struct *q, int status, const char *tval,
            const long *poly, long plen, const char *lo, const char *hi,
            int initial, const char *kind, const char *name);
/* Runs q and checks that it fails with code and a message containing
   needle. */
void expect_error(const boxtoi_query_struct *q, int code,
                  const char *needle, const char *name);

#endif /* BOXTOI_T_CONTACT_CHECK_H */
