/* t/quick-cmp.c: the two query readers' queries compared
   (t/quick-cmp.h). */
#include <string.h>
#include "quick-cmp.h"

static int same_motion(const boxtoi_motion_struct *x,
                       const boxtoi_motion_struct *y)
{
    int e;
    long k;
    if (mpz_cmp(x->den, y->den) != 0)
        return 0;
    for (e = 0; e < 16; e++) {
        if (x->e[e].length != y->e[e].length)
            return 0;
        for (k = 0; k < x->e[e].length; k++)
            if (mpz_cmp(x->e[e].coeffs + k, y->e[e].coeffs + k) != 0)
                return 0;
        /* a poly's slots beyond its length are 0 (the readers reuse the
           query: an old coefficient must not show through) */
        for (k = x->e[e].length; k < x->e[e].alloc; k++)
            if (mpz_sgn(x->e[e].coeffs + k) != 0)
                return 0;
        for (k = y->e[e].length; k < y->e[e].alloc; k++)
            if (mpz_sgn(y->e[e].coeffs + k) != 0)
                return 0;
    }
    return 1;
}

int quick_same(const boxtoi_query_struct *q, const boxtoi_pmotion_struct *pm,
               const boxtoi_strbuf *id, const boxtoi_query_struct *r,
               const boxtoi_pmotion_struct *pn, const boxtoi_strbuf *jd)
{
    int b, k;
    for (b = 0; b < 2; b++) {
        for (k = 0; k < 3; k++)
            if (!mpq_equal(q->box[b].min[k], r->box[b].min[k])
                || !mpq_equal(q->box[b].max[k], r->box[b].max[k]))
                return 0;
        if (!same_motion(q->motion + b, r->motion + b) || pm[b].n != 0
            || pn[b].n != 0)
            return 0;
    }
    return mpq_equal(q->t0, r->t0) && q->t1_inf == r->t1_inf
           && (q->t1_inf || mpq_equal(q->t1, r->t1))
           && strcmp(boxtoi_strbuf_str(id), boxtoi_strbuf_str(jd)) == 0;
}
