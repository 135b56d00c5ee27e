/* lib/contact/fastrel.c: the relative motion made ready for the
   interval pre-filter (fast.c describes the filter; doc/algorithm.md
   §3.2, §4.2): the 13 polynomials A, D and w as interval polynomials
   and as balls, D in balls at once and in intervals only when an
   interval evaluation needs it (doc/performance.md, "filt7"). */
#include <stdlib.h>
#include "lib/contact/fast.h"

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
   brelbuf (the same bound as relbuf's): A and w from their intervals,
   D from them and b (kbl_dvec; f->rel[9 + m] still holds b_m). */
static void ball_setup(fast_query *f)
{
    long k, i, lmax = 0;
    fast_ball *p = f->brelbuf, qv[Q_ONE], b[3], dm[3], two, bs1[3], bs2[3];
    f->bok = 0;
    if (f->rel_ok <= 0 || f->relc != f->relbuf)
        return;
    for (k = 0; k < 13; k++) {
        f->brel[k] = p;
        if (k < 9 || k == 12)
            for (i = 0; i < f->rlen[k]; i++)
                p[i] = bl_of(f->rel[k][i]);
        p += f->rlen[k];
    }
    for (k = 0; k < 3; k++) {
        bs1[k] = bl_of(f->s1[k]);
        bs2[k] = bl_of(f->s2[k]);
        if (f->rlen[9 + k] > lmax)
            lmax = f->rlen[9 + k];
    }
    /* D_m coefficient by coefficient by the kernel's ball instance, as
       rel_finish_iv does in intervals (doc/algorithm.md §4.2, "Balls":
       k <= 28); a coefficient past a polynomial's length is 0 */
    two.c = 2;
    two.r = 0;
    for (i = 0; i < lmax; i++) {
        for (k = 0; k < 9; k++)
            qv[k] = i < f->rlen[k] ? f->brel[k][i] : bl_zero();
        qv[Q_W] = i < f->rlen[12] ? f->brel[12][i] : bl_zero();
        for (k = 0; k < 3; k++)
            b[k] = i < f->blen[k] ? bl_of(f->rel[9 + k][i]) : bl_zero();
        kbl_dvec(NULL, dm, b, 1, qv, &two, bs1, bs2, 7);
        for (k = 0; k < 3; k++)
            if (i < f->rlen[9 + k])
                f->brel[9 + k][i] = dm[k];
    }
    for (k = 0; k < 3; k++) {
        f->be1[k] = bl_of(f->e1[k]);
        f->be2[k] = bl_of(f->e2[k]);
    }
    f->bzero = zero_dirs(f);
    f->bok = 1;
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

/* 1 when term i of D_m's sum (doc/algorithm.md §4.2, "The relative
   motion's D in balls") is exactly zero: k = 9 + m for 2 b_m (length
   f->blen[m]), else A_mj or w, whose scalar s (S2_j or S1_m) may be
   zero.  D_m's coefficient i is exactly [0, 0] in intervals when every
   term is (a sum or product with a nonzero operand is widened). */
static inline int d_term_zero(const fast_query *f, int k, long i,
                              contact_iv s)
{
    long len = k >= 9 && k < 12 ? f->blen[k - 9] : f->rlen[k];
    return i >= len || boxtoi_iv_is_zero(f->rel[k][i])
           || (k < 9 || k == 12 ? boxtoi_iv_is_zero(s) : 0);
}

/* The lengths of D_m: one past its last coefficient with a nonzero
   term (f->blen keeps b_m's). */
static void d_lengths(fast_query *f)
{
    long i, m, j, len;
    for (m = 0; m < 3; m++) {
        f->blen[m] = f->rlen[9 + m];
        len = f->rlen[9 + m];
        for (j = 0; j < 3; j++)
            if (f->rlen[3 * m + j] > len)
                len = f->rlen[3 * m + j];
        if (f->rlen[12] > len)
            len = f->rlen[12];
        for (i = len - 1; i >= 0; i--) {
            int z = d_term_zero(f, 9 + (int)m, i, f->s1[m])
                    && d_term_zero(f, 12, i, f->s1[m]);
            for (j = 0; j < 3; j++)
                z = z && d_term_zero(f, 3 * (int)m + (int)j, i, f->s2[j]);
            if (!z)
                break;
        }
        f->rlen[9 + m] = i + 1;
    }
}

/* D_m = 2 b_m + sum_j A_mj S2_j - w S1_m from b_m (the boxes unscaled,
   L = 1), coefficient by coefficient by the kernel (kiv_dvec), in
   place of b_m; only when an interval evaluation needs it (the balls
   have their own D, ball_setup).  f->ivd 1 then, -1 on overflow. */
static void rel_finish_iv(fast_query *f)
{
    contact_ivctx *c = &f->c;
    contact_iv two, qv[Q_ONE], b[3], dm[3];
    long i, k, m, lmax = 0;
    two.lo = two.hi = 2;
    iv_reset(c);
    for (m = 0; m < 3; m++)
        if (f->rlen[9 + m] > lmax)
            lmax = f->rlen[9 + m];
    for (i = 0; i < lmax; i++) {
        for (k = 0; k < 9; k++)
            qv[k] = i < f->rlen[k] ? f->rel[k][i] : boxtoi_iv_point(0);
        qv[Q_W] = i < f->rlen[12] ? f->rel[12][i] : boxtoi_iv_point(0);
        for (m = 0; m < 3; m++)
            b[m] = i < f->blen[m] ? f->rel[9 + m][i] : boxtoi_iv_point(0);
        kiv_dvec(c, dm, b, 1, qv, &two, f->s1, f->s2, 7);
        for (m = 0; m < 3; m++)
            if (i < f->rlen[9 + m])
                f->rel[9 + m][i] = dm[m];
    }
    f->ivd = iv_failed(c) ? -1 : 1;
    iv_reset(c);
}

int rel_iv_ready(fast_query *f)
{
    if (f->ivd == 0)
        rel_finish_iv(f);
    return f->ivd > 0;
}

/* The relative motion made ready for the filter: D_m's lengths, and
   the balls when they fit (with D_m in balls); otherwise D_m in
   intervals now. */
static void rel_finish(fast_query *f)
{
    f->rel_ok = iv_failed(&f->c) ? -1 : 1;
    iv_reset(&f->c);
    f->ivd = 0;
    d_lengths(f);
    ball_setup(f);
    if (!f->bok && !rel_iv_ready(f))
        f->rel_ok = -1;
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
