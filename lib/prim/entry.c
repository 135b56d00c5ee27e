/* lib/prim/entry.c: the entry points of the primitive queries
   (doc/algorithm.md §9): the double stages (lib/prim/filter.c,
   fast.c), then the exact method (lib/prim/first.c); the decision and
   the exact time in two steps (boxtoi_prim_decide, boxtoi_prim_time,
   §9.7). */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "lib/util/interval.h"
#include "prim/impl.h"

/* A double <= a (up = 0) or >= a (up = 1): the truncated double, moved
   out by at least one step when inexact (lib/util/interval.h). */
static double bound_d(mpq_srcptr a, int up)
{
    int ex;
    double d = prim_get_d(a, &ex);
    if (ex)
        return d;
    if (isinf(d)) /* (beyond the doubles) */
        return up ? (d > 0 ? d : -DBL_MAX) : (d < 0 ? d : DBL_MAX);
    return up ? boxtoi_iv_up(d) : boxtoi_iv_down(d);
}

void prim_set_d(mpq_ptr r, double x)
{
    uint64_t b, m;
    int e, z;
    memcpy(&b, &x, sizeof b);
#if ULONG_MAX < UINT64_MAX
    mpq_set_d(r, x); /* (m below needs a 64-bit unsigned long) */
    return;
#endif
    e = (int)((b >> 52) & 0x7ff);
    m = b & ((UINT64_C(1) << 52) - 1);
    if (e == 0x7ff) { /* (not finite: mpq_set_d's own behaviour) */
        mpq_set_d(r, x);
        return;
    }
    if (m == 0 && e == 0) {
        mpq_set_ui(r, 0, 1);
        return;
    }
    if (e != 0) /* normal: the hidden bit; subnormal: exponent as e = 1 */
        m |= UINT64_C(1) << 52;
    else
        e = 1;
    /* |x| = m 2^(e - 1075); in lowest terms m odd, or the power of two
       in the numerator */
#if defined(__GNUC__)
    z = __builtin_ctzll(m);
#else
    for (z = 0; ((m >> z) & 1) == 0; z++)
        ;
#endif
    m >>= z;
    e += z - 1075;
    mpz_set_ui(mpq_numref(r), (unsigned long)m);
    if (e >= 0) {
        mpz_mul_2exp(mpq_numref(r), mpq_numref(r), (mp_bitcnt_t)e);
        mpz_set_ui(mpq_denref(r), 1);
    } else {
        mpz_set_ui(mpq_denref(r), 0);
        mpz_setbit(mpq_denref(r), (mp_bitcnt_t)-e);
    }
    if (b >> 63)
        mpz_neg(mpq_numref(r), mpq_numref(r));
}

void prim_bounds(boxtoi_prim_result_t res)
{
    /* t's isolating interval rounded outward (no refinement) */
    res->t_lo = bound_d(res->t.lo, 0);
    res->t_hi = bound_d(res->t.hi, 1);
}

int boxtoi_prim_first_exact(boxtoi_prim_result_t res,
                            const boxtoi_prim_query_t q, boxtoi_errinfo *err)
{
    return prim_search(res, q, NULL, err);
}

/* boxtoi_prim_decide with the query's doubles in *d (filled here). */
static int decide(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
                  prim_dbl *d, boxtoi_errinfo *err)
{
    int rc = prim_check(q, err);
    if (rc != BOXTOI_OK)
        return rc;
    prim_result_reset(res, 1);
    if (!prim_to_double(d, q))
        return prim_search(res, q, NULL, err);
    if (prim_filter_core(d, q) == 0 || prim_fast(res, q, d))
        return BOXTOI_OK;
    return prim_search(res, q, d, err);
}

/* The contact time left by prim_fast (§9.7), from q's doubles d: the
   exact cubic with the bracket [t_lo, t_hi] when it is square-free,
   else the exact method (the same answer, proved; only t's
   representation differs). */
static int form_time(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
                     const prim_dbl *d, boxtoi_errinfo *err)
{
    int sf;
    res->pending = 0;
    prim_cubic(&res->t.poly, q, d, 1, &sf);
    if (!sf && !prim_squarefree(&res->t.poly))
        return prim_search(res, q, d, err);
    prim_set_d(res->t.lo, res->t_lo);
    prim_set_d(res->t.hi, res->t_hi);
    return BOXTOI_OK;
}

int boxtoi_prim_decide(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
                       boxtoi_errinfo *err)
{
    prim_dbl d;
    return decide(res, q, &d, err);
}

int boxtoi_prim_time(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
                     boxtoi_errinfo *err)
{
    prim_dbl d;
    if (!res->pending)
        return BOXTOI_OK;
    /* a pending time comes from prim_fast, on q's doubles */
    if (!prim_to_double(&d, q))
        return boxtoi_errinfo_set(err, BOXTOI_EINTERNAL,
                                  "pending time of a query without doubles");
    return form_time(res, q, &d, err);
}

int boxtoi_prim_first(boxtoi_prim_result_t res, const boxtoi_prim_query_t q,
                      boxtoi_errinfo *err)
{
    prim_dbl d;
    int rc = decide(res, q, &d, err);
    if (rc != BOXTOI_OK || !res->pending)
        return rc;
    return form_time(res, q, &d, err);
}
