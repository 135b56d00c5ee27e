/* lib/contact/linform.h: the closed form for translational motions
   (linear.c, doc/algorithm.md §4.4), written once over an instance of
   the plane kernel (kernel.h); a template, no include guard.

   The includer has instantiated the kernel (its functions LK(name)) and
   defines, with kc the kernel's context:
     LF(name)                    this template's name of function name
     LT, LC                      the kernel's element and context types
     LW                          a type holding a product of two elements
     LINIT(x), LCLEAR(x)         make and free an element (LW too)
     LZERO(r), LSET(r, a), LNEG(r, a)  r = 0, r = a, r = -a (r may
                                 alias a)
     LADD(kc, r, a), LSUB        r = r + a, r = r - a
     LSWAP(a, b)                 exchange two elements
     LSGN(a)                     the sign of a
     LCMPABS(a, b)               the sign of |a| - |b|
     LCMPFRAC(x, y, a, b, c, d)  the sign of a d - c b (x, y: two LW
                                 temporaries)
     LSETZ(kc, r, z)             r = the integer z (mpz)
     LVIEW(v, lv, a, n)          an mpz_srcptr to n integers with the
                                 values a[0..n-1], v an array of n
                                 __mpz_struct that may hold them and lv
                                 one of 2 n limbs (for elements that
                                 are not limb arrays themselves)
     LMUL(kc, r, a, b), LADDMUL  r = a b (r aliasing neither), r = r + a b
     LBOXDATA(kc, l2, e1, e2, s1, s2, q)  the box data over the common
                                 denominator l of q's corners
                                 (contact_box_data) and l2 = 2 l
   and may define LSETFRAC(r, n, d) (the mpq r = n / d, canonical, for
   d > 0; else views of n and d and mpq_canonicalize)
   and calls LF(solve)(kc, res, q, f), f the filter's decision or NULL. */

/* coefficient k of entry (i, j) of m's numerators (0 beyond the
   degree) */
static inline void LF(coef)(LC kc, LT *r, const boxtoi_motion_struct *m,
                            int i, int j, long k)
{
    const boxtoi_poly_struct *p = m->e + 4 * i + j;
    (void)kc;
    if (k < p->length)
        LSETZ(kc, r, p->coeffs + k);
    else
        LZERO(r);
}

#ifndef LWORLDALL
/* The quantities quant[0..19] of the relative motion, D = d0 + d1 t
   and the box data e1, e2 (initialised elements), for a query of the
   closed form's kind: the plane kernel on the constant blocks and
   weights and on each coefficient of the translations (the motions'
   denominators are positive scalars and cancel in homogeneous form). */
static void LF(motion)(LC kc, LT *quant, LT *d0, LT *d1, LT *e1, LT *e2,
                       const boxtoi_query_t q)
{
    LT a1[9], a2[9], adj1[9], v[9], b1[2][3], b2[2][3], b[2][3];
    LT s1[3], s2[3], l2, w1, w2;
    int i, k;

    for (k = 0; k < 9; k++) {
        LINIT(a1 + k);
        LINIT(a2 + k);
        LINIT(adj1 + k);
        LINIT(v + k);
        LF(coef)(kc, a1 + k, q->motion, k / 3, k % 3, 0);
        LF(coef)(kc, a2 + k, q->motion + 1, k / 3, k % 3, 0);
    }
    for (i = 0; i < 6; i++) {
        LINIT(b1[i / 3] + i % 3);
        LINIT(b2[i / 3] + i % 3);
        LINIT(b[i / 3] + i % 3);
        LF(coef)(kc, b1[i / 3] + i % 3, q->motion, i % 3, 3, i / 3);
        LF(coef)(kc, b2[i / 3] + i % 3, q->motion + 1, i % 3, 3, i / 3);
    }
    for (k = 0; k < 3; k++) {
        LINIT(s1 + k);
        LINIT(s2 + k);
    }
    LINIT(&l2);
    LINIT(&w1);
    LINIT(&w2);
    LF(coef)(kc, &w1, q->motion, 3, 3, 0);
    LF(coef)(kc, &w2, q->motion + 1, 3, 3, 0);

    LK(relblock)(kc, quant, quant + Q_W, adj1, v, a1, a2, &w1, &w2);
    for (k = 0; k < 2; k++)
        LK(reltrans)(kc, b[k], 1, adj1, v, b1[k], b2[k], 1, &w1, &w2);
    LK(quantities)(kc, quant, NULL);
    /* box data over the common denominator l (route.c); D = d0 + d1 t */
    LBOXDATA(kc, &l2, e1, e2, s1, s2, q);
    LK(dvec)(kc, d0, b[0], 1, quant, &l2, s1, s2, 7);
    LK(dvec)(kc, d1, b[1], 1, quant, &l2, NULL, NULL, 7);

    for (k = 0; k < 9; k++) {
        LCLEAR(a1 + k);
        LCLEAR(a2 + k);
        LCLEAR(adj1 + k);
        LCLEAR(v + k);
    }
    for (i = 0; i < 6; i++) {
        LCLEAR(b1[i / 3] + i % 3);
        LCLEAR(b2[i / 3] + i % 3);
        LCLEAR(b[i / 3] + i % 3);
    }
    for (k = 0; k < 3; k++) {
        LCLEAR(s1 + k);
        LCLEAR(s2 + k);
    }
    LCLEAR(&l2);
    LCLEAR(&w1);
    LCLEAR(&w2);
}

#endif

/* The result of a contact at ln / ld (ld > 0) with the tight planes
   zero[] (the quantities' signs sg, the extents' from e1, e2). */
static void LF(result_sg)(boxtoi_contact_t res, const boxtoi_query_t q,
                          const LT *ln, const LT *ld, const signed char *sg,
                          const LT *e1, const LT *e2, const int *zero)
{
    __mpz_struct v[6];
    mp_limb_t lv[12];
#ifdef LSETFRAC
    LSETFRAC(res->t.lo, ln, ld);
#else
    mpq_set_num(res->t.lo, LVIEW(v, lv, ln, 1));
    mpq_set_den(res->t.lo, LVIEW(v, lv, ld, 1));
    mpq_canonicalize(res->t.lo);
#endif
    boxtoi_alg_set_mpq(&res->t, res->t.lo);
    res->initial = mpq_equal(res->t.lo, q->t0);
    contact_set_features(res, LVIEW(v, lv, e1, 3),
                         LVIEW(v + 3, lv + 6, e2, 3), sg, zero);
}

#ifndef LWORLDALL
/* the same with the signs of the quantities quant */
static void LF(result)(boxtoi_contact_t res, const boxtoi_query_t q,
                       const LT *ln, const LT *ld, const LT *quant,
                       const LT *e1, const LT *e2, const int *zero)
{
    signed char sg[BOXTOI_NQUANT];
    int k;
    for (k = 0; k < BOXTOI_NQUANT; k++)
        sg[k] = (signed char)LSGN(quant + k);
    LF(result_sg)(res, q, ln, ld, sg, e1, e2, zero);
}

#endif

/* The contact set {t : |alpha_d + beta_d t| <= R_d for all d} within
   the range, [ln/ld, hn/hd], kept as fractions with positive
   denominators and compared by cross-multiplication (no gcds on the
   way): returns 1 when it is empty, else 0 with its left end *ln / *ld
   (initialised elements) and the planes that vanish there, zero[].
   A plane with beta != 0 vanishes at ln/ld only where it bounds its
   direction's interval there, so it is tested only when it may
   (chk[d]): the lower bound's plane (R + N = 0, plane 2d + 1, for beta
   > 0; R - N, 2d, for beta < 0) is not when the bound was below the
   left end so far (then below the final left end, which only grows),
   the upper bound's when it was above the right end so far (then above
   the final right end, which only shrinks, and so above the left end
   of a set that is not empty). */
static int LF(span)(LC kc, LT *ln, LT *ld, int *zero, const boxtoi_query_t q,
                    const LT *alpha, const LT *beta, const LT *r)
{
    LT t, u, c, hn, hd;
    LW x, y;
    int d, k, empty = 0, hi_inf = q->t1_inf;
    unsigned char chk[BOXTOI_NDIRS]; /* bit k: test plane 2d + k */

    (void)kc;
    LINIT(&t);
    LINIT(&u);
    LINIT(&c);
    LINIT(&hn);
    LINIT(&hd);
    LINIT(&x);
    LINIT(&y);
    LSETZ(kc, ln, mpq_numref(q->t0));
    LSETZ(kc, ld, mpq_denref(q->t0));
    if (!hi_inf) {
        LSETZ(kc, &hn, mpq_numref(q->t1));
        LSETZ(kc, &hd, mpq_denref(q->t1));
    }
    for (d = 0; d < BOXTOI_NDIRS && !empty; d++) {
        int sb = LSGN(beta + d);
        if (sb == 0) {
            empty = LCMPABS(alpha + d, r + d) > 0;
            chk[d] = 3;
            continue;
        }
        /* -R <= alpha + beta t <= R: t between (-R - alpha) / beta and
           (R - alpha) / beta; with beta < 0 negate both so that the
           denominator |beta| is positive */
        LNEG(&t, r + d);
        LSUB(kc, &t, alpha + d);
        LSET(&u, r + d);
        LSUB(kc, &u, alpha + d);
        LSET(&c, beta + d);
        if (sb < 0) {
            LNEG(&c, &c);
            LNEG(&t, &t);
            LNEG(&u, &u);
            LSWAP(&t, &u);
        }
        /* lower bound t / c, upper bound u / c */
        k = LCMPFRAC(&x, &y, &t, &c, ln, ld);
        if (k > 0) {
            LSET(ln, &t);
            LSET(ld, &c);
        }
        chk[d] = k >= 0 ? (sb > 0 ? 2 : 1) : 0;
        k = hi_inf ? -1 : LCMPFRAC(&x, &y, &u, &c, &hn, &hd);
        if (k < 0) {
            LSET(&hn, &u);
            LSET(&hd, &c);
            hi_inf = 0;
        }
        if (k <= 0)
            chk[d] |= sb > 0 ? 1 : 2;
    }
    if (!empty && !hi_inf)
        empty = LCMPFRAC(&x, &y, ln, ld, &hn, &hd) > 0;
    for (d = 0; d < BOXTOI_NDIRS && !empty; d++) {
        /* N = alpha + beta ln / ld, the planes R - N and R + N vanish
           when (alpha -+ R) ld + beta ln = 0, i.e. when
           (alpha -+ R) / -beta equals ln / ld (LCMPFRAC with b = ln,
           c = -beta) */
        zero[2 * d] = zero[2 * d + 1] = 0;
        if (chk[d] == 0)
            continue;
        LNEG(&c, beta + d);
        if (chk[d] & 1) {
            LSET(&t, alpha + d);
            LSUB(kc, &t, r + d);
            zero[2 * d] = LCMPFRAC(&x, &y, &t, ln, &c, ld) == 0;
        }
        if (chk[d] & 2) {
            LSET(&t, alpha + d);
            LADD(kc, &t, r + d);
            zero[2 * d + 1] = LCMPFRAC(&x, &y, &t, ln, &c, ld) == 0;
        }
    }

    LCLEAR(&t);
    LCLEAR(&u);
    LCLEAR(&c);
    LCLEAR(&hn);
    LCLEAR(&hd);
    LCLEAR(&x);
    LCLEAR(&y);
    return empty;
}

#ifndef LWORLDALL
/* The closed form's answer from the contact set of LF(span) (the
   result from the quantities' signs when it is not empty). */
static void LF(interval)(LC kc, boxtoi_contact_t res, const boxtoi_query_t q,
                         const LT *alpha, const LT *beta, const LT *r,
                         const LT *quant, const LT *e1, const LT *e2)
{
    LT ln, ld;
    int zero[BOXTOI_NPLANES], empty;

    LINIT(&ln);
    LINIT(&ld);
    empty = LF(span)(kc, &ln, &ld, zero, q, alpha, beta, r);
    contact_reset(res);
    res->status = empty ? BOXTOI_NO_CONTACT : BOXTOI_CONTACT;
    res->nsections = 1;
    if (!empty)
        LF(result)(res, q, &ln, &ld, quant, e1, e2, zero);
    LCLEAR(&ln);
    LCLEAR(&ld);
}

/* The result when the filter decided a contact at t0 (f: LIN_AT_T0,
   linfilter.c): the tight planes are the zero directions' (they vanish
   identically, as the comparisons of LF(interval) find), which
   contact_set_features skips: no quantity is needed (their signs are
   given as 0, the zero directions' true signs). */
static void LF(at_t0)(LC kc, boxtoi_contact_t res, const boxtoi_query_t q,
                      const contact_linfilter *f, const LT *e1, const LT *e2)
{
    LT ln, ld;
    signed char sg[BOXTOI_NQUANT];
    int zero[BOXTOI_NPLANES], j;

    (void)kc;
    LINIT(&ln);
    LINIT(&ld);
    for (j = 0; j < BOXTOI_NQUANT; j++)
        sg[j] = 0;
    for (j = 0; j < BOXTOI_NPLANES; j++)
        zero[j] = f->zdir[j / 2];
    LSETZ(kc, &ln, mpq_numref(q->t0));
    LSETZ(kc, &ld, mpq_denref(q->t0));
    contact_reset(res);
    res->status = BOXTOI_CONTACT;
    res->nsections = 1;
    LF(result_sg)(res, q, &ln, &ld, sg, e1, e2, zero);
    LCLEAR(&ln);
    LCLEAR(&ld);
}

#endif

#include "lib/contact/linworld.h"

#ifndef LWORLDALL
/* The closed form; with f (not NULL) the filter's decision. */
static void LF(solve)(LC kc, boxtoi_contact_t res, const boxtoi_query_t q,
                      const contact_linfilter *f)
{
    LT quant[BOXTOI_NQUANT], d0[3], d1[3], e1[3], e2[3];
    LT alpha[BOXTOI_NDIRS], beta[BOXTOI_NDIRS], r[BOXTOI_NDIRS];
    int k, d;

    for (k = 0; k < BOXTOI_NQUANT; k++)
        LINIT(quant + k);
    for (k = 0; k < 3; k++) {
        LINIT(d0 + k);
        LINIT(d1 + k);
        LINIT(e1 + k);
        LINIT(e2 + k);
    }
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        LINIT(alpha + d);
        LINIT(beta + d);
        LINIT(r + d);
    }
    if (f != NULL && f->kind == LIN_AT_ENTRY && LF(world)(kc, res, q, f)) {
        /* decided in world coordinates */
    } else if (f != NULL && f->kind != LIN_AT_ENTRY) {
        LF(at_t0)(kc, res, q, f, e1, e2);
    } else {
        LF(motion)(kc, quant, d0, d1, e1, e2, q);
        /* alpha_d + beta_d t = N_d and R_d, true absolute values */
        for (d = 0; d < BOXTOI_NDIRS; d++) {
            LK(ndot)(kc, alpha + d, d, quant, d0);
            LK(ndot)(kc, beta + d, d, quant, d1);
            LK(radius)(kc, r + d, d, quant, e1, e2);
        }
        LF(interval)(kc, res, q, alpha, beta, r, quant, e1, e2);
    }

    for (k = 0; k < BOXTOI_NQUANT; k++)
        LCLEAR(quant + k);
    for (k = 0; k < 3; k++) {
        LCLEAR(d0 + k);
        LCLEAR(d1 + k);
        LCLEAR(e1 + k);
        LCLEAR(e2 + k);
    }
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        LCLEAR(alpha + d);
        LCLEAR(beta + d);
        LCLEAR(r + d);
    }
}
#endif
