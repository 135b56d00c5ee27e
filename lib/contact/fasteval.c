/* lib/contact/fasteval.c: the interval pre-filter's evaluation in the
   natural form (intervals and balls) and the boxes in interval form
   (fast.c describes the filter, fastrel.c builds the relative motion's
   polynomials; doc/algorithm.md §3.2, §4.2).  The geometry is the plane
   kernel's (kernel.h), instances kiv and kbl. */
#include <stdint.h>
#include "lib/contact/fast.h"

/* ---- the plane kernel (kernel.h) on double intervals: kiv ---------- */

#include "lib/contact/kernel-iv.h"
#include "lib/contact/kernel-undef.h"
#include "lib/contact/kernel-ball.h"
#include "lib/contact/kernel-undef.h"

/* sum p[i] t^i by Horner, in balls */
CONTACT_ALWAYS_INLINE fast_ball bl_horner(const fast_ball *p, long len,
                                          fast_ball t)
{
    fast_ball r;
    long i;
    if (len == 0)
        return bl_zero();
    r = p[len - 1];
    for (i = len - 2; i >= 0; i--)
        r = bl_add(bl_mul(r, t), p[i]);
    return r;
}

/* Modes 1 and 2 of fast_eval in balls, on the 13 quantities qv, dd
   (adj(A) and det A not yet computed): from the enclosures bl_range of
   N_d and R_d, as there. */
static int bl_planes(fast_query *f, fast_ball *qv, const fast_ball *dd,
                     int mode, int *plane)
{
    contact_iv n, r, v[Q_ONE];
    fast_ball bn, br;
    int d, k, nopen = 0;
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        if (d == 3)
            kbl_quantities(NULL, qv, NULL);
        if (f->bzero >> d & 1)
            continue; /* N_d = R_d = 0 */
        kbl_ndot(NULL, &bn, d, qv, dd);
        kbl_radius(NULL, &br, d, qv, f->be1, f->be2);
        n = bl_range(bn);
        r = bl_range(br);
        if (mode == 1) {
            if (!(n.hi <= r.lo && -n.lo <= r.lo))
                return 0;
            continue;
        }
        if (count_open(n, r, d, &nopen, plane))
            return 2;
    }
    if (mode == 1)
        return 1;
    for (k = 0; k < Q_ONE; k++)
        v[k] = bl_range(qv[k]);
    record_signs(f, v, 1);
    return nopen;
}

/* fast_eval in balls.  Mode 0: the same face test first, then every
   direction from the one that separated last (doc/algorithm.md §4.2,
   "Balls": about half the instructions of the outward-rounded
   intervals, doc/performance.md "rotball"); modes 1 and 2: bl_planes. */
int fast_eval_ball(fast_query *f, contact_iv ti, int mode, int *plane)
{
    fast_ball qv[Q_ONE], dd[3], n, r, t;
    int k, m, di, have_adj = 0, done = -1;
    t = bl_of(ti);
    if (mode == 0 && f->last < 3) {
        k = f->last;
        dd[k] = bl_horner(f->brel[9 + k], f->rlen[9 + k], t);
        qv[Q_W] = bl_horner(f->brel[12], f->rlen[12], t);
        for (m = 0; m < 3; m++)
            qv[Q_A(k, m)] =
                bl_horner(f->brel[3 * k + m], f->rlen[3 * k + m], t);
        kbl_ndot(NULL, &n, k, qv, dd);
        kbl_radius(NULL, &r, k, qv, f->be1, f->be2);
        if (bl_sep(n, r))
            return 1;
        done = k;
    }
    for (k = 0; k < 9; k++)
        if (k / 3 != done)
            qv[k] = bl_horner(f->brel[k], f->rlen[k], t);
    if (done < 0)
        qv[Q_W] = bl_horner(f->brel[12], f->rlen[12], t);
    for (m = 0; m < 3; m++)
        if (m != done)
            dd[m] = bl_horner(f->brel[9 + m], f->rlen[9 + m], t);
    if (mode != 0)
        return bl_planes(f, qv, dd, mode, plane);
    /* from the one that separated last; when the face test above
       failed on it (done = f->last), not again (the same balls) */
    for (di = done < 0 ? 0 : 1; di < BOXTOI_NDIRS; di++) {
        int d = (di + f->last) % BOXTOI_NDIRS;
        if (d >= 3 && !have_adj) {
            kbl_quantities(NULL, qv, NULL);
            have_adj = 1;
        }
        kbl_ndot(NULL, &n, d, qv, dd);
        kbl_radius(NULL, &r, d, qv, f->be1, f->be2);
        if (bl_sep(n, r)) {
            f->last = d;
            return 1;
        }
    }
    return 0;
}

/* n / d = x when its numerator and denominator are below 2^31. */
static int small_mpq(int64_t *n, int64_t *d, mpq_srcptr x)
{
    if (mpz_size(mpq_numref(x)) > 1 || mpz_size(mpq_denref(x)) > 1
        || mpz_getlimbn(mpq_numref(x), 0) >> 31 != 0
        || mpz_getlimbn(mpq_denref(x), 0) >> 31 != 0)
        return 0;
    *n = (int64_t)mpz_getlimbn(mpq_numref(x), 0);
    if (mpz_sgn(mpq_numref(x)) < 0)
        *n = -*n;
    *d = (int64_t)mpz_getlimbn(mpq_denref(x), 0);
    return 1;
}

/* *r = the enclosure contact_iv_set_mpq gives for a + s b (s = +-1),
   the same bits: for numerators and denominators below 2^31 the sum
   n / d is formed in 64-bit integers (|n|, d < 2^63) and reduced by
   the gcd, which is the canonical fraction GMP's mpq_add gives; when
   both then have at most 53 bits, boxtoi_iv_set_mpq's quotient is
   taken from them (otherwise, and for larger operands, through GMP:
   x is the caller's temporary). */
static void set_sum(contact_ivctx *c, contact_iv *r, mpq_srcptr a,
                    mpq_srcptr b, int s, mpq_t x)
{
    int64_t na, da, nb, db, n, d;
    uint64_t u, v, t;
    if (small_mpq(&na, &da, a) && small_mpq(&nb, &db, b)) {
        n = na * db + s * nb * da;
        d = da * db;
        u = (uint64_t)(n < 0 ? -n : n);
        v = (uint64_t)d;
        while (v != 0) { /* gcd(|n|, d); gcd(0, d) = d gives 0 / 1 */
            t = u % v;
            u = v;
            v = t;
        }
        n /= (int64_t)u;
        d /= (int64_t)u;
        if ((uint64_t)(n < 0 ? -n : n) >> 53 == 0 && (uint64_t)d >> 53 == 0) {
            boxtoi_iv_set_quotient(r, (double)n, (double)d);
            return;
        }
    }
    if (s > 0)
        mpq_add(x, a, b);
    else
        mpq_sub(x, a, b);
    contact_iv_set_mpq(c, r, x);
}

/* Converts the boxes; returns 0 if they cannot be represented (then
   give up). */
int fast_setup(fast_query *f, const boxtoi_query_t q)
{
    int k;
    mpq_t x;

    mpq_init(x);
    for (k = 0; k < 3; k++) {
        const boxtoi_box_struct *b1 = q->box, *b2 = q->box + 1;
        set_sum(&f->c, f->s1 + k, b1->min[k], b1->max[k], 1, x);
        set_sum(&f->c, f->e1 + k, b1->max[k], b1->min[k], -1, x);
        set_sum(&f->c, f->s2 + k, b2->min[k], b2->max[k], 1, x);
        set_sum(&f->c, f->e2 + k, b2->max[k], b2->min[k], -1, x);
    }
    mpq_clear(x);
    f->last = 0;
    f->nevals = 0;
    f->wide = DBL_MAX;
    f->relc = NULL;
    f->rel_ok = 0;
    f->ivd = 0;
    f->bok = 0;
    return !iv_failed(&f->c);
}

/* The signs of the quantities (enclosures q[0..Q_DET]) proved on the
   interval of the last narrowing evaluation, for the certificate
   (contact_fast_cert.qsg); adj(A) and det A only when computed. */
void record_signs(fast_query *f, const contact_iv *q, int have_adj)
{
    int k;
    for (k = 0; k < Q_ONE; k++)
        f->qsg[k] = (k < Q_ADJ(0, 0) || k == Q_W || have_adj)
                            && !iv_failed(&f->c)
                        ? (q[k].lo > 0 ? 1 : q[k].hi < 0 ? -1 : 2)
                        : 2;
}

/* The SAT quantities over t (doc/algorithm.md §3.2).  mode 0: returns 1
   when some direction has |N_d| > R_d on all of t (separated); mode 1:
   returns 1 when every direction has |N_d| <= R_d on all of t (contact;
   used with a point t).  0: not proved.  mode 2: returns the number of
   planes (0, 1, or 2 meaning "two or more") not proved positive on all
   of t, with *plane set to one of them: plane 2d is R_d - N_d and plane
   2d + 1 is R_d + N_d (in the orientation of the unreduced relative
   motion), proved positive when the lower bound of the enclosure is;
   a direction whose components n . e_m are all exactly [0, 0] is the
   zero vector on all of t, and its planes (identically zero, constrain
   nothing, never tight) are not counted.  Returns 2 when any bound is
   not finite. */
int fast_eval(fast_query *f, contact_iv t, int mode, int *plane)
{
    contact_ivctx *c = &f->c;
    contact_iv qv[Q_ONE], dd[3], n, r;
    int k, m, di, have_adj = 0, nonzero, nopen = 0, done = -1;

    f->nevals++;
    iv_reset(c);
    f->ahead = -1;
    if (f->rel_ok <= 0)
        return mode == 2 ? 2 : 0;
    if (f->bok) /* the same tests in balls */
        return fast_eval_ball(f, t, mode, plane);
    if (!rel_iv_ready(f))
        return mode == 2 ? 2 : 0;
    if (mode == 0 && f->last < 3) {
        /* The direction that separated last time is a face of box 1,
           n = e_k, as most often: N = D_k, R = |w| E1_k + sum_m E2_m
           |A_km| need 5 of the 13 polynomials; try it with those alone
           (the full evaluation below repeats it if it fails). */
        k = f->last;
        dd[k] = iv_horner(c, f->rel[9 + k], f->rlen[9 + k], t);
        qv[Q_W] = iv_horner(c, f->rel[12], f->rlen[12], t);
        for (m = 0; m < 3; m++)
            qv[Q_A(k, m)] =
                iv_horner(c, f->rel[3 * k + m], f->rlen[3 * k + m], t);
        kiv_ndot(c, &n, k, qv, dd);
        kiv_radius(c, &r, k, qv, f->e1, f->e2);
        if (!iv_failed(c)) {
            if (n.lo > r.hi || n.hi < -r.hi)
                return 1;
            done = k; /* its 5 enclosures are kept below */
        }
        iv_reset(c);
    }
    /* A, w and D from the relative motion (rel_exact), but for those
       the face test above computed already (the same enclosures) */
    for (k = 0; k < 9; k++)
        if (k / 3 != done)
            qv[k] = iv_horner(c, f->rel[k], f->rlen[k], t);
    if (done < 0)
        qv[Q_W] = iv_horner(c, f->rel[12], f->rlen[12], t);
    for (m = 0; m < 3; m++)
        if (m != done)
            dd[m] = iv_horner(c, f->rel[9 + m], f->rlen[9 + m], t);
    if (iv_failed(c))
        return mode == 2 ? 2 : 0;
    for (di = 0; di < BOXTOI_NDIRS; di++) {
        /* separation: try first the direction that worked last time */
        int d = mode == 0 ? (di + f->last) % BOXTOI_NDIRS : di;
        if (d >= 3 && !have_adj) {
            /* adj(A) and det A only for the directions that use them */
            kiv_quantities(c, qv, NULL);
            have_adj = 1;
        }
        nonzero = kiv_ndot(c, &n, d, qv, dd);
        kiv_radius(c, &r, d, qv, f->e1, f->e2);
        if (iv_failed(c))
            return mode == 2 ? 2 : 0;
        if (mode == 2) {
            if (!nonzero)
                continue;
            if (count_open(n, r, d, &nopen, plane))
                return 2;
        } else if (mode == 0) {
            if (n.lo > r.hi || n.hi < -r.hi) {
                f->last = d;
                return 1;
            }
        } else if (n.hi > r.lo || -n.lo > r.lo) {
            return 0;
        }
    }
    if (mode == 2)
        record_signs(f, qv, have_adj);
    return mode == 2 ? nopen : mode == 1;
}
