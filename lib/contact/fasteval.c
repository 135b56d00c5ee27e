/* lib/contact/fasteval.c: the interval pre-filter's evaluation in the
   natural interval form, and the query and its relative motion in
   interval form (fast.c describes the filter; doc/algorithm.md §3.2,
   §4.2).  The geometry is the plane kernel's (kernel.h), instance kiv. */
#include <stdint.h>
#include <stdlib.h>
#include "lib/contact/fast.h"

/* ---- the plane kernel (kernel.h) on double intervals: kiv ---------- */

#include "lib/contact/kernel-iv.h"
#include "lib/contact/kernel-undef.h"
#include "lib/contact/kernel-ball.h"
#include "lib/contact/kernel-undef.h"

/* The directions whose components n . e_m are all identically zero
   (bit d): those that KISZERO finds in intervals on a piece of positive
   width, where an interval is [0, 0] only when it is built from zero
   polynomials alone (lib/util/interval.h keeps sums and products of
   [0, 0] exact and widens every other result).  The balls and Taylor
   models, whose radii never vanish, skip these directions by the mask
   (their planes are identically zero: doc/algorithm.md §4.2). */
static int zero_dirs(const fast_query *f)
{
    char z[Q_ONE];
    int k, d, m, mask = 0;
    for (k = 0; k < 9; k++)
        z[k] = f->rlen[k] == 0;
    for (k = 0; k < 9; k++) {
        const unsigned char *x = kernel_adj[k];
        z[Q_ADJ(0, 0) + k] = (z[x[0]] || z[x[1]]) && (z[x[2]] || z[x[3]]);
    }
    z[Q_W] = f->rlen[12] == 0;
    z[Q_DET] = 0;
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        int zero = 1;
        for (m = 0; m < 3; m++) {
            contact_lin l = kernel_dirs[d].nv[m];
            if (l.c != 0 && (l.q == Q_ONE || !z[l.q]))
                zero = 0;
        }
        mask |= zero << d;
    }
    return mask;
}

/* The 13 polynomials and the box extents as balls, when they fit in
   brelbuf (the same bound as relbuf's). */
static void ball_setup(fast_query *f)
{
    long k, i;
    fast_ball *p = f->brelbuf;
    f->bok = 0;
    if (f->rel_ok <= 0 || f->relc != f->relbuf)
        return;
    for (k = 0; k < 13; k++) {
        f->brel[k] = p;
        for (i = 0; i < f->rlen[k]; i++)
            p[i] = bl_of(f->rel[k][i]);
        p += f->rlen[k];
    }
    for (k = 0; k < 3; k++) {
        f->be1[k] = bl_of(f->e1[k]);
        f->be2[k] = bl_of(f->e2[k]);
    }
    f->bzero = zero_dirs(f);
    f->bok = 1;
}

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
    for (di = 0; di < BOXTOI_NDIRS; di++) {
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

/* ---- the relative motion as interval polynomials ------------------- */

#ifdef BOXTOI_HAVE_I128
/* *r = an enclosure of x, the same as boxtoi_iv_set_mpz's for the same
   number: exact up to 53 bits, else x truncated to 53 bits (as
   mpz_get_d) and the next double away from zero. */
static void iv_set_i128(contact_iv *r, boxtoi_i128 x)
{
    boxtoi_u128 u = boxtoi_uabs_i128(x);
    int b = boxtoi_nbits_i128(u);
    double d;
    if (b > 53)
        u = u >> (b - 53) << (b - 53);
    d = (double)u; /* exact: at most 53 significant bits */
    boxtoi_iv_set_truncated(r, x < 0 ? -d : d, b <= 53);
}
#endif

/* The storage of the 13 interval polynomials, of length up to lmax;
   0 (rel_ok -1) when out of memory. */
static int rel_storage(fast_query *f, long lmax)
{
    long total = 13 * (lmax + 1), k;
    contact_iv *p;
    /* in the query's own storage when it fits (degree < FAST_RELDEG; a
       heap block of this size can cost a consolidation of the
       allocator's free lists: doc/performance.md, "Measured choices") */
    f->relc = total <= 13 * FAST_RELDEG
                  ? f->relbuf
                  : malloc((size_t)total * sizeof *f->relc);
    if (f->relc == NULL) {
        f->rel_ok = -1;
        return 0;
    }
    p = f->relc;
    for (k = 0; k < 13; k++, p += lmax + 1)
        f->rel[k] = p;
    return 1;
}

/* The entry of the motion that interval polynomial k holds: A_ij at
   k = 3 i + j, b_m at 9 + m (made D_m by rel_finish), w at 12. */
static int rel_entry(int k)
{
    return k < 9 ? 4 * (k / 3) + k % 3 : k < 12 ? 4 * (k - 9) + 3 : 15;
}

/* D_m = 2 b_m + sum_j A_mj S2_j - w S1_m from b_m (the boxes unscaled,
   L = 1), coefficient by coefficient by the kernel (kiv_dvec). */
static void rel_finish(fast_query *f)
{
    contact_ivctx *c = &f->c;
    contact_iv two, qv[Q_ONE], b[3], dm[3];
    long i, k, m, len[3], lmax = 0;
    two.lo = two.hi = 2;
    for (m = 0; m < 3; m++) {
        len[m] = f->rlen[9 + m];
        for (k = 0; k < 3; k++)
            if (f->rlen[3 * m + k] > len[m])
                len[m] = f->rlen[3 * m + k];
        if (f->rlen[12] > len[m])
            len[m] = f->rlen[12];
        if (len[m] > lmax)
            lmax = len[m];
    }
    for (i = 0; i < lmax; i++) {
        for (k = 0; k < 9; k++)
            qv[k] = i < f->rlen[k] ? f->rel[k][i] : boxtoi_iv_point(0);
        qv[Q_W] = i < f->rlen[12] ? f->rel[12][i] : boxtoi_iv_point(0);
        for (m = 0; m < 3; m++)
            b[m] = i < f->rlen[9 + m] ? f->rel[9 + m][i] : boxtoi_iv_point(0);
        kiv_dvec(c, dm, b, 1, qv, &two, f->s1, f->s2, 7);
        for (m = 0; m < 3; m++)
            if (i < len[m])
                f->rel[9 + m][i] = dm[m];
    }
    for (m = 0; m < 3; m++) {
        long l = len[m];
        while (l > 0 && boxtoi_iv_is_zero(f->rel[9 + m][l - 1]))
            l--;
        f->rlen[9 + m] = l;
    }
    f->rel_ok = iv_failed(c) ? -1 : 1;
    iv_reset(c);
    ball_setup(f);
}

/* Builds A_ij, D_m and w as interval polynomials from the exact
   relative motion rel (relmotion.c: adj(M1) M2 divided by the gcd G of its
   entries, which has no root in the range).  Every test here is
   homogeneous in the motion (|N_d| <= R_d scales by |G|^k), so the
   verdicts are those of the unreduced motion; only the orientation of
   the planes 2d, 2d + 1 may be swapped where G < 0, which
   contact_fast_cert allows.  rel's entries have lower degrees than the
   unreduced product of rel_setup and are rounded once, coefficient by
   coefficient, so the enclosures are tighter and cheaper to evaluate.
   D_m = 2 b_m + sum_j A_mj s2_j - w s1_m as in rel_setup. */
void rel_exact(fast_query *f, const boxtoi_motion_struct *rel)
{
    contact_ivctx *c = &f->c;
    long lmax = 0, k, i, e, maxbits = 0;

    iv_reset(c);
    for (k = 0; k < 16; k++) {
        if (rel->e[k].length > lmax)
            lmax = rel->e[k].length;
        if (boxtoi_poly_max_bits(rel->e + k) > maxbits)
            maxbits = boxtoi_poly_max_bits(rel->e + k);
    }
    if (rel->e[15].length == 0) {
        f->rel_ok = -1;
        return;
    }
    /* a positive multiple: entries below 2^300, so that the quantities
       the filter evaluates (cubic in the entries) stay inside the double
       range (2^1023); at 2^512 they overflowed and every 128-bit-and-up
       rotating query lost its certificate (doc/performance.md, issue 16) */
    e = maxbits > 300 ? 300 - maxbits : 0;
    if (!rel_storage(f, lmax))
        return;
    for (k = 0; k < 13; k++) {
        const boxtoi_poly_struct *x = rel->e + rel_entry((int)k);
        for (i = 0; i < x->length; i++)
            contact_iv_set_mpz_2exp(c, f->rel[k] + i, x->coeffs + i, e);
        f->rlen[k] = x->length;
    }
    rel_finish(f);
}

#ifdef BOXTOI_HAVE_I128
/* rel_exact from the motion in 128-bit integers (coefficients below
   2^126: never scaled), with the same enclosures. */
void rel_exact_rm(fast_query *f, const poly_i128 *mr)
{
    long lmax = 0, k, i;

    iv_reset(&f->c);
    for (k = 0; k < 16; k++)
        if (mr[k].len > lmax)
            lmax = mr[k].len;
    if (mr[15].len == 0) {
        f->rel_ok = -1;
        return;
    }
    if (!rel_storage(f, lmax))
        return;
    for (k = 0; k < 13; k++) {
        const poly_i128 *x = mr + rel_entry((int)k);
        for (i = 0; i < x->len; i++)
            iv_set_i128(f->rel[k] + i, x->c[i]);
        f->rlen[k] = x->len;
    }
    rel_finish(f);
}
#endif
