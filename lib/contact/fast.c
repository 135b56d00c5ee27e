/* lib/contact/fast.c: a floating-point interval pre-filter for the first
   time of contact, whose every positive answer is a proof.

   Interval arithmetic on doubles with outward rounding, without touching
   the FPU rounding mode: each bound v is computed in round-to-nearest and
   then moved outward by |v| 2^-52 + 2^-1074, at least one spacing of the
   doubles there (the error of one IEEE 754 operation is at most half a
   spacing, so the moved bound is rigorous; see lib/util/interval.h); any
   non-finite bound makes the whole evaluation undecided.  An exact zero
   operand gives an exact zero, so directions that vanish identically
   (parallel edges) evaluate to N = R = [0, 0].

   Over a time interval T the relative motion M = [[A, b], [0, w]] is
   enclosed entry by entry: the exact one of relmotion.c (adj(M1) M2 with the
   gcd of its entries divided out, doc/algorithm.md §2), its integer
   coefficients rounded outward once (rel_exact; scaled by a power of
   two, a positive factor, when they are too large for doubles; if
   they still cannot be represented, nothing is proved).  Then D,
   adj(A), det A and
   for each of the 15 directions N_d = n_d . D and
   R_d = |w| sum E1_k |n_d . e_k| + sum E2_k |n_d . a_k| (§3.2, the table
   of planes.c; boxes unscaled, the inequality is homogeneous).  T is
   proved separated when some direction has |N_d| > R_d on all of T; a
   point t is proved in contact when every direction has |N_d| <= R_d.

   The pre-solve scans the range from the left at doubles (exact
   rationals), proving pieces separated: by depth-first bisection for
   constant orientations, and for rotating motions by pieces whose width
   grows after a success and shrinks after a failure, with a point test
   for contact after each failure (scan_adaptive).  The first piece that
   resists at the width limit gives w0 (no contact on [t0, w0)); points
   after it are tested for contact, the first success giving w1 (so t*
   lies in [w0, w1]).  A point test that intervals
   cannot decide (a direction that vanishes exactly at a point, e.g.
   parallel edges of a rotating box) is retried a few times exactly, in
   integers at the dyadic point.  The work is bounded.  Reference:
   doc/algorithm.md §3.2, §4; R. E. Moore, Interval Analysis (outward
   rounding, natural interval extensions). */
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "lib/contact/fast.h"

/* ---- the exact test at a dyadic point ------------------------------- */

/* 1 when the solids meet at the double t, exactly (contact_meet_at on
   the relative motion rel and the boxes of ctx), else 0. */
static int exact_contact_at(const boxtoi_motion_struct *rel,
                            contact_ctx *ctx, double t)
{
    mpq_t tq;
    int r;
    mpq_init(tq);
    mpq_set_d(tq, t); /* exact; the denominator is a power of two */
    r = contact_meet_at(NULL, NULL, rel, contact_ctx_boxz(ctx), tq);
    mpq_clear(tq);
    return r == 1;
}

/* Work bounds: interval evaluations for the scan (FAST_DEPTH: fast.h),
   points tried for contact, and top-level pieces [t0 + 2^(k-1) - 1,
   t0 + 2^k - 1] of an unbounded range. */
#define FAST_MAX_EVALS 60
#define FAST_POINTS 16
#define FAST_INF_PIECES 12
#define FAST_EXACT 3
#define FAST_WIDE 0.03125

/* Verdicts of the scans of one top-level piece [lo, end]. */
enum {
    SCAN_DONE,     /* all of it proved contact-free */
    SCAN_RESISTED, /* [*lo, *hi] could not be proved; no contact before
                      *lo */
    SCAN_BOUNDED   /* no contact before *lo, contact at *hi (w1) */
};

/* Depth-first bisection (constant orientations): the piece, then its
   halves, at most FAST_DEPTH levels down, moving on to the next piece
   of the same level after each success. */
static int scan_bisect(fast_query *f, double *plo, double *phi, double end)
{
    double lo = *plo, hi = end, stack[FAST_DEPTH], mid;
    int sp = 0;
    for (;;) {
        if (f->nevals >= FAST_MAX_EVALS)
            break;
        if (fast_separated(f, lo, hi)) {
            lo = hi;
            if (sp == 0) {
                *plo = lo;
                return SCAN_DONE;
            }
            hi = stack[--sp];
            continue;
        }
        mid = lo + (hi - lo) / 2;
        if (sp == FAST_DEPTH || !(lo < mid && mid < hi))
            break;
        stack[sp++] = hi;
        hi = mid;
    }
    *plo = lo;
    *phi = hi;
    return SCAN_RESISTED;
}

/* Adaptive steps (rotating motions): pieces of width w, starting at
   twice the width where the slope form takes over (a 16th of the range:
   the first pieces, far from any contact, in the cheaper natural form),
   w grown by a quarter after a success and halved after a failure (both
   choices measured: doc/performance.md, "Measured choices"); once a
   piece has been halved (the scan nears a contact or a near miss), the
   first success after each halving keeps w, and the others grow it by
   an eighth (fewer failed evaluations, which cost several successful
   ones: doc/performance.md, "win5").  A piece proved in part (up to
   f->reach) moves lo instead.  Resists after FAST_DEPTH halvings in a
   row.  After a failure on a narrow piece [lo, h] (h <= tin, h >= t0),
   one point test at h: a contact there bounds the first contact in
   [lo, h] at once, so the narrowing starts from a window that is often
   already narrow enough for a certificate; w1 is set to h then.  After
   a success in slope form, one point test past the separating plane's
   guessed zero when it is close (proved advancement, doc/algorithm.md
   §4.2). */
static int scan_adaptive(fast_query *f, double *plo, double *phi, double end,
                         double tin, mpq_t w1, mpq_srcptr t0)
{
    double lo = *plo, hi, tried = -1, g;
    double minw = (end - lo) / (2 << FAST_DEPTH);
    double w = f->wide > 0 && 2 * f->wide < end - lo ? 2 * f->wide
                                                     : end - lo;
    int halvings = 0, near = 0; /* 1 just halved, 2 halved before */
    for (;;) {
        hi = lo + w;
        if (!(hi < end - minw / 2))
            hi = end;
        if (f->nevals >= FAST_MAX_EVALS)
            break;
        if (fast_separated(f, lo, hi)) {
            lo = hi;
            if (lo >= end) {
                *plo = lo;
                return SCAN_DONE;
            }
            halvings = 0;
            if (near == 1)
                near = 2;
            else
                w *= near ? 1.125 : 1.25;
            /* proved advancement (doc/algorithm.md §4.2): when the
               separating plane's zero lies close ahead (f->ahead), the
               gap probably closes there; one point test past it may
               bound the first contact at once */
            g = f->ahead - lo;
            if (g > 0 && g < f->wide / 4 && lo + 2 * g <= tin
                && lo + 2 * g != tried) {
                tried = lo + 2 * g;
                mpq_set_d(w1, tried);
                if (mpq_cmp(w1, t0) >= 0 && fast_contact_at(f, tried)) {
                    *plo = lo;
                    *phi = tried;
                    return SCAN_BOUNDED;
                }
            }
            continue;
        }
        if (hi - lo <= f->wide && hi != tried && hi <= tin) {
            tried = hi;
            mpq_set_d(w1, hi);
            if (mpq_cmp(w1, t0) >= 0 && fast_contact_at(f, hi)) {
                *plo = f->reach > lo && f->reach < hi ? f->reach : lo;
                *phi = hi;
                return SCAN_BOUNDED;
            }
        }
        if (f->reach > lo && f->reach < hi) {
            lo = f->reach; /* [lo, reach] proved: go on from there */
            w = hi - lo;
            halvings = 0;
            continue;
        }
        near = 1;
        w /= 2;
        if (++halvings > FAST_DEPTH || !(lo < lo + w))
            break;
    }
    *plo = lo;
    *phi = hi;
    return SCAN_RESISTED;
}

/* A double <= x (rnd MPFR_RNDD) or >= x (MPFR_RNDU): x itself when x is
   a double, within two spacings of x when it is another 53-bit
   fraction, MPFR's directed rounding otherwise. */
static double mpq_get_d_dir(fast_query *f, mpq_srcptr x, mpfr_rnd_t rnd)
{
    contact_iv r;
    contact_iv_set_mpq(&f->c, &r, x); /* lo <= x <= hi */
    return rnd == MPFR_RNDD ? r.lo : r.hi;
}

void contact_cert_init(contact_fast_cert *cert)
{
    mpq_init(cert->a);
    mpq_init(cert->b);
    cert->plane = -1;
    cert->gmp_planes = 0;
}

void contact_cert_clear(contact_fast_cert *cert)
{
    mpq_clear(cert->a);
    mpq_clear(cert->b);
}

int contact_fast_window(mpq_t w0, mpq_t w1, const boxtoi_query_t q)
{
    contact_ctx ctx;
    int v;
    contact_ctx_init(&ctx, q);
    v = contact_fast_window_cert(w0, w1, NULL, &ctx);
    contact_ctx_clear(&ctx);
    return v;
}

int contact_fast_window_cert(mpq_t w0, mpq_t w1, contact_fast_cert *cert,
                             contact_ctx *ctx)
{
    const boxtoi_query_struct *q = ctx->q;
    fast_query f;
    double lo, hi, ta, tb = 0, tin = 0, width, step;
    boxtoi_motion_struct relm, *rel = NULL;
    int piece, k, b, linear = 1, nexact = 0, rotating = 0;
    int verdict = CONTACT_FAST_WINDOW;

    if (cert != NULL)
        cert->plane = -1;
    mpq_set(w0, q->t0);
    if (!q->t1_inf && mpq_equal(q->t0, q->t1))
        return CONTACT_FAST_WINDOW; /* one instant: the exact test */
    /* When every motion entry has degree <= 1 the exact search is cheap
       (linear planes, rational roots) and the filter does not pay for
       itself (measured): leave it to the exact code. */
    for (b = 0; b < 2; b++)
        for (k = 0; k < 16; k++)
            if (used_entry(k) && boxtoi_poly_degree(q->motion[b].e + k) > 1)
                linear = 0;
    if (linear)
        return CONTACT_FAST_WINDOW;
    for (b = 0; b < 2; b++)
        for (k = 0; k < 16; k++)
            if ((k % 4 != 3 || k == 15) && used_entry(k)
                && boxtoi_poly_degree(q->motion[b].e + k) > 0)
                rotating = 1;
    contact_ivctx_init(&f.c);
    if (!fast_setup(&f, q)) {
        if (f.relc != f.relbuf)
            free(f.relc);
        contact_ivctx_clear(&f.c);
        return CONTACT_FAST_WINDOW;
    }
    /* The exact relative motion, for the enclosures, the exact point
       tests and the caller's certificate (contact_certify): ctx's, in
       128-bit integers when it fits there (GMP polynomials are then
       built only if an exact test needs them, contact_ctx_rel) */
    if (cert == NULL) {
        rel = &relm;
        boxtoi_motion_init(&relm);
        contact_relative_motion(rel, q);
        rel_exact(&f, rel);
    } else {
#ifdef BOXTOI_HAVE_I128
        const poly_i128 *relrm = contact_ctx_rel_i128(ctx);
        if (relrm != NULL)
            rel_exact_rm(&f, relrm);
        else
#endif
            rel_exact(&f, contact_ctx_rel(ctx));
    }
    if (f.rel_ok <= 0)
        goto done; /* not representable: prove nothing */
    ta = mpq_get_d_dir(&f, q->t0, MPFR_RNDD);
    if (!q->t1_inf) {
        tb = mpq_get_d_dir(&f, q->t1, MPFR_RNDU);
        tin = mpq_get_d_dir(&f, q->t1, MPFR_RNDD); /* <= t1 */
    }
    if (!(ta >= -DBL_MAX && tb <= DBL_MAX && tin >= -DBL_MAX))
        goto done;

    /* From the left, piece by piece: [ta, lo) is proved contact-free.
       Constant orientations (A and w of degree 0) use the natural form
       throughout (tight enough and cheaper, measured); rotating motions
       the slope form on pieces narrower than wide. */
    lo = ta;
    width = 1;
    f.wide = rotating ? (q->t1_inf ? 1 : tb - ta) * FAST_WIDE : -1;
    for (piece = 0;; piece++) {
        double end;
        int sv;
        if (!q->t1_inf)
            end = tb;
        else if (piece == FAST_INF_PIECES)
            goto give_w0; /* [t0, lo) proved; the tail is left exact */
        else {
            end = lo + width; /* widths 1, 1, 2, 4, ... */
            width *= piece > 0 ? 2 : 1;
        }
        if (!(end > lo && end <= DBL_MAX))
            goto give_w0;
        sv = rotating ? scan_adaptive(&f, &lo, &hi, end, tin, w1, q->t0)
                      : scan_bisect(&f, &lo, &hi, end);
        if (sv == SCAN_RESISTED)
            goto resisted;
        if (sv == SCAN_BOUNDED) {
            verdict = CONTACT_FAST_BOUNDED;
            goto bounded;
        }
        if (!q->t1_inf) {
            verdict = CONTACT_FAST_SEPARATED; /* [ta, tb] covers the range */
            goto done;
        }
    }

resisted:
    /* [lo, hi] resists: no contact before lo.  Try points from hi on,
       at growing distances, for a proved contact. */
    for (k = 0, step = hi - lo; k < FAST_POINTS; k++, step *= 2) {
        double x = lo + step;
        if (!(x <= DBL_MAX) || (!q->t1_inf && x > tin))
            break; /* x <= tin <= t1 from here on */
        mpq_set_d(w1, x);
        if (mpq_cmp(w1, q->t0) < 0)
            continue;
        if (fast_contact_at(&f, x)) {
            verdict = CONTACT_FAST_BOUNDED;
            break;
        }
        /* Intervals cannot see a direction that vanishes exactly
           (parallel edges): a few exact tests in integers. */
        if (nexact < FAST_EXACT) {
            nexact++;
            if (exact_contact_at(cert != NULL ? contact_ctx_rel(ctx) : rel,
                                 ctx, x)) {
                verdict = CONTACT_FAST_BOUNDED;
                break;
            }
        }
    }
bounded:
    if (verdict == CONTACT_FAST_BOUNDED && cert != NULL) {
        /* x is where contact was proved (by intervals or exactly) */
        double a = lo, b = mpq_get_d(w1); /* exact: w1 is the double x */
        if (fast_narrow(&f, &a, &b, &cert->plane)) {
            mpq_set_d(cert->a, a);
            mpq_set_d(cert->b, b);
            memcpy(cert->qsg, f.qsg, sizeof cert->qsg);
        } else {
            cert->plane = -1;
        }
    }
give_w0:
    mpq_set_d(w0, lo);
    if (mpq_cmp(w0, q->t0) < 0)
        mpq_set(w0, q->t0);
done:
    if (rel == &relm)
        boxtoi_motion_clear(&relm);
    if (f.relc != f.relbuf)
        free(f.relc);
    contact_ivctx_clear(&f.c);
    return verdict;
}
