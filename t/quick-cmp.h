/* t/quick-cmp.h: the two query readers of lib/io compared, for
   t/quick-t and fuzz/fuzz-quick (doc/algorithm.md §12). */
#ifndef BOXTOI_T_QUICK_CMP_H
#define BOXTOI_T_QUICK_CMP_H

#include "boxtoi.h"

/* 1 when (q, pm, id) and (r, pn, jd) are the same query exactly: boxes
   and range by mpq_equal (t1 only when finite), every coefficient and
   denominator of both motions by mpz_cmp, the ids' text, and all four
   piecewise motions empty (what a line the quick reader takes gives). */
int quick_same(const boxtoi_query_struct *q, const boxtoi_pmotion_struct *pm,
               const boxtoi_strbuf *id, const boxtoi_query_struct *r,
               const boxtoi_pmotion_struct *pn, const boxtoi_strbuf *jd);

#endif
