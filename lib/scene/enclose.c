/* lib/scene/enclose.c: boxes of doubles proved to contain a moving body
   over a window of t (doc/algorithm.md §8.1).

   A world point of body b at t is x_i = (sum_j e_ij(t) p_j + e_i3(t)) /
   w(t) for a body point p in the box, e the motion's integer entries
   (the common denominator cancels).  Interval arithmetic with outward
   rounding (lib/util/interval.h) over t in the window and p_j in
   [min_j, max_j] encloses every numerator and w; when the enclosure of
   w excludes 0, the quotient interval encloses x_i.  Otherwise, or when
   a bound is not finite (an infinite window, numbers beyond doubles),
   the box is the whole space: the filter then proves nothing, and the
   pair goes on to the exact solver.  The result is never used to decide
   a contact, only to prove two bodies apart.

   A piecewise motion (keyframes, pieces) applies piece i on [b_i,
   b_{i+1}]; piece i's span is widened to doubles outward (down(b_i),
   up(b_{i+1})), and the box over a window is the hull of the boxes of
   the pieces whose span meets the window, each over that meet.  Every
   t of the window lies in the exact span of some piece, hence in its
   widened span, so the hull contains the body over the window; a piece
   evaluated a little beyond its own span only makes its box larger (or
   the whole space when its w may vanish there). */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/scene/impl.h"

/* The 13 entries used: rows 0-2 (x, y, z numerators) and w. */
static const int entry_of[13] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15};

/* *r = an enclosure of x; 0 when x is beyond the doubles' range. */
int scene_iv_of_mpq(boxtoi_iv *r, mpq_srcptr x)
{
    long e = (long)mpz_sizeinbase(mpq_numref(x), 2)
             - (long)mpz_sizeinbase(mpq_denref(x), 2);
    double d;
    if (boxtoi_iv_set_mpq(r, x))
        return 1;
    if (e > 1000 || e < -1000)
        return 0;
    /* mpq_get_d truncates towards zero: x is within one ulp of d, and
       iv_down / iv_up move by at least one ulp. */
    d = mpq_get_d(x);
    r->lo = boxtoi_iv_down(d);
    r->hi = boxtoi_iv_up(d);
    return 1;
}

static void piece_box(scene_aabb *res, const scene_piece_encl *e,
                      const boxtoi_iv ext[3], double tlo, double thi);

/* Sets the coefficients of piece e from motion m and the extents ext
   (ext_ok 0: beyond doubles, never pruned); returns BOXTOI_OK or
   BOXTOI_ENOMEM. */
static int piece_init(scene_piece_encl *e, const boxtoi_motion_struct *m,
                      const boxtoi_iv ext[3], int ext_ok)
{
    long len = 1, k, i;
    int ok = 1;

    for (k = 0; k < 13; k++) {
        long l = m->e[entry_of[k]].length;
        if (l > len)
            len = l;
    }
    e->len = len;
    e->tlo = -HUGE_VAL;
    e->thi = HUGE_VAL;
    e->coef = malloc((size_t)(13 * len) * sizeof *e->coef);
    if (e->coef == NULL)
        return BOXTOI_ENOMEM;
    for (k = 0; k < 13; k++) {
        const boxtoi_poly_struct *p = &m->e[entry_of[k]];
        for (i = 0; i < len; i++) {
            boxtoi_iv *c = e->coef + k * len + i;
            if (i < p->length)
                ok &= boxtoi_iv_set_mpz(c, p->coeffs + i);
            else
                *c = boxtoi_iv_point(0);
        }
    }
    e->unbounded = !ok || !ext_ok;
    e->rational = 0;
    for (i = 1; i < len; i++)
        e->rational |= !boxtoi_iv_is_zero(e->coef[12 * len + i]);
    e->still = 0;
    if (len == 1) {
        /* a constant motion: one box for every window, computed once
           (static fixtures are common; this halves the work of their
           pairs) */
        scene_aabb box;
        piece_box(&box, e, ext, 0, 0);
        memcpy(e->lo, box.lo, sizeof e->lo);
        memcpy(e->hi, box.hi, sizeof e->hi);
        e->still = 1;
    }
    return BOXTOI_OK;
}

int scene_encl_init(scene_encl *e, const boxtoi_body_struct *b)
{
    long np = b->pm.n > 0 ? b->pm.n : 1, k;
    int ok = 1, rc = BOXTOI_OK;

    for (k = 0; k < 3; k++) {
        boxtoi_iv lo, hi;
        ok &= scene_iv_of_mpq(&lo, b->box.min[k]);
        ok &= scene_iv_of_mpq(&hi, b->box.max[k]);
        e->ext[k].lo = lo.lo;
        e->ext[k].hi = hi.hi;
    }
    e->np = 0;
    e->p = calloc((size_t)np, sizeof *e->p);
    if (e->p == NULL)
        return BOXTOI_ENOMEM;
    for (k = 0; k < np && rc == BOXTOI_OK; k++) {
        boxtoi_iv br;
        rc = piece_init(e->p + k, b->pm.n > 0 ? b->pm.piece + k : &b->motion,
                        e->ext, ok);
        e->np++;
        if (k > 0 && scene_iv_of_mpq(&br, b->pm.brk + k - 1))
            e->p[k].tlo = br.lo;
        if (k + 1 < np && scene_iv_of_mpq(&br, b->pm.brk + k))
            e->p[k].thi = br.hi;
    }
    return rc;
}

void scene_encl_clear(scene_encl *e)
{
    long k;
    for (k = 0; k < e->np; k++)
        free(e->p[k].coef);
    free(e->p);
}

/* Horner's rule on intervals: an enclosure of c(t) for t in tv. */
static boxtoi_iv horner(boxtoi_ivchk *chk, const boxtoi_iv *c, long len,
                        boxtoi_iv tv)
{
    boxtoi_iv r = c[len - 1];
    long i;
    for (i = len - 2; i >= 0; i--)
        r = boxtoi_iv_add(chk, boxtoi_iv_mul(chk, r, tv), c[i]);
    return r;
}

/* Horner's rule on intervals for n(t) - cv w(t): an enclosure over tv,
   each coefficient n_i - cv w_i enclosed before the evaluation, so that
   the cancellation of the common part of n and cv w happens exactly
   in the coefficients (doc/algorithm.md §8.1). */
static boxtoi_iv horner_shifted(boxtoi_ivchk *chk, const boxtoi_iv *n,
                                const boxtoi_iv *w, boxtoi_iv cv, long len,
                                boxtoi_iv tv)
{
    boxtoi_iv r = boxtoi_iv_sub(chk, n[len - 1],
                                boxtoi_iv_mul(chk, cv, w[len - 1]));
    long i;
    for (i = len - 2; i >= 0; i--)
        r = boxtoi_iv_add(chk, boxtoi_iv_mul(chk, r, tv),
                          boxtoi_iv_sub(chk, n[i],
                                        boxtoi_iv_mul(chk, cv, w[i])));
    return r;
}

/* Horner's rule in plain doubles on the lower ends of c at t: an
   estimate, never relied on. */
static double estimate(const boxtoi_iv *c, long len, double t)
{
    double r = c[len - 1].lo;
    long i;
    for (i = len - 2; i >= 0; i--)
        r = r * t + c[i].lo;
    return r;
}

/* For a rational piece e (w not constant), the translation term of
   coordinate i over tv as e_i3 - c w, with *c (a double) an estimate of
   e_i3 / w at the middle of tv: x_i = c + (n_i - c w) / w for any c, and
   c near the translation over the window takes the large common part
   out of the division by w (doc/algorithm.md §8.1).  The caller adds c
   back after the division. */
static boxtoi_iv translation(boxtoi_ivchk *chk, double *c,
                             const scene_piece_encl *e, int i, boxtoi_iv tv)
{
    long len = e->len;
    double tm = tv.lo + (tv.hi - tv.lo) / 2;
    *c = estimate(e->coef + (4 * i + 3) * len, len, tm)
         / estimate(e->coef + 12 * len, len, tm);
    if (!isfinite(*c))
        *c = 0;
    return horner_shifted(chk, e->coef + (4 * i + 3) * len,
                          e->coef + 12 * len, boxtoi_iv_point(*c), len, tv);
}

static void whole_space(scene_aabb *res)
{
    int k;
    for (k = 0; k < 3; k++) {
        res->lo[k] = -HUGE_VAL;
        res->hi[k] = HUGE_VAL;
    }
}

/* res = a box containing the body over [tlo, thi] when it moves by the
   piece e (box extents ext). */
static void piece_box(scene_aabb *res, const scene_piece_encl *e,
                      const boxtoi_iv ext[3], double tlo, double thi)
{
    boxtoi_ivchk chk = 0;
    boxtoi_iv tv, w, inv, num, tr[3];
    double c[3];
    long len = e->len;
    int i, j;

    if (e->unbounded) {
        whole_space(res);
        return;
    }
    if (e->still) {
        memcpy(res->lo, e->lo, sizeof e->lo);
        memcpy(res->hi, e->hi, sizeof e->hi);
        return;
    }
    tv.lo = tlo;
    tv.hi = thi;
    w = horner(&chk, e->coef + 12 * len, len, tv);
    if (boxtoi_iv_failed(chk) || (w.lo <= 0 && w.hi >= 0)) {
        whole_space(res);
        return;
    }
    /* 1 / w over [w.lo, w.hi], which excludes 0: [1 / w.hi, 1 / w.lo]
       (1 / x decreases on each side of 0), each bound rounded to
       nearest, then moved outward (an error of at most half an ulp, a
       move of at least one). */
    inv.lo = boxtoi_iv_down(1 / w.hi);
    inv.hi = boxtoi_iv_up(1 / w.lo);
    /* the translation terms first (apart for a rational piece) */
    if (e->rational)
        for (i = 0; i < 3; i++)
            tr[i] = translation(&chk, c + i, e, i, tv);
    else
        for (i = 0; i < 3; i++) {
            tr[i] = horner(&chk, e->coef + (4 * i + 3) * len, len, tv);
            c[i] = 0;
        }
    for (i = 0; i < 3; i++) {
        num = tr[i];
        for (j = 0; j < 3; j++)
            num = boxtoi_iv_add(&chk, num,
                                boxtoi_iv_mul(&chk,
                                              horner(&chk,
                                                     e->coef
                                                         + (4 * i + j) * len,
                                                     len, tv),
                                              ext[j]));
        num = boxtoi_iv_mul(&chk, num, inv);
        if (c[i] != 0)
            num = boxtoi_iv_add(&chk, num, boxtoi_iv_point(c[i]));
        res->lo[i] = num.lo;
        res->hi[i] = num.hi;
    }
    if (boxtoi_iv_failed(chk))
        whole_space(res);
}

void scene_encl_box(scene_aabb *res, const scene_encl *e, double tlo,
                    double thi)
{
    scene_aabb pb;
    long k;
    int i, any = 0;

    if (e->np == 1) {
        piece_box(res, e->p, e->ext, tlo, thi);
        return;
    }
    for (k = 0; k < e->np; k++) {
        const scene_piece_encl *p = e->p + k;
        double lo = tlo > p->tlo ? tlo : p->tlo;
        double hi = thi < p->thi ? thi : p->thi;
        if (lo > hi)
            continue;
        piece_box(any ? &pb : res, p, e->ext, lo, hi);
        if (any)
            for (i = 0; i < 3; i++) {
                if (pb.lo[i] < res->lo[i])
                    res->lo[i] = pb.lo[i];
                if (pb.hi[i] > res->hi[i])
                    res->hi[i] = pb.hi[i];
            }
        any = 1;
    }
    if (!any) /* a window outside every span: cannot happen; be safe */
        whole_space(res);
}
