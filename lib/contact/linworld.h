/* lib/contact/linworld.h: the deciding direction of the closed form in
   world coordinates (a template over linform.h's instance, included by
   it; no include guard).

   When the filter has decided (linfilter.c), one direction's entry time
   (or a few tied directions' entries, compared exactly, and a check of
   the directions it deferred) and the signs of the quantities the
   tight planes read are all the result needs.  In box 1's
   frame (linform.h) its numbers come from the relative motion, of
   degree up to 12 in the motions' entries; the same separating axis in
   world coordinates has numbers of degree 4 (doc/algorithm.md §4.5,
   "The deciding direction in world coordinates"): with the columns
   a1_m, a2_m of A1, A2 and D' = 2L (w1 b2 - w2 b1) + w1 A2 S2 - w2 A1 S1
   (= 2L w1 w2 times the centres' difference), the normal n is row k of
   adj(A1) (box 1's face k), row k of adj(A2) (box 2's face k) or
   a1_i x a2_j (edge-edge), and alpha + beta t = n . D',
   R = |w2| sum_m E1_m |n . a1_m| + |w1| sum_m E2_m |n . a2_m|.  These
   are box 1's frame's alpha, beta, R times det(A1) w1 (edges),
   w1^2 det(A1)^2 (box 2's faces) or 1 (box 1's faces), so the entry
   time (-R - sgn(beta) alpha) / |beta| is the same number.  The signs
   come from adj(A) = w1^2 det(A1) adj(A2) A1, det A = w1^3 det(A1)^2
   det(A2), w = det(A1) w2, A = w1 adj(A1) A2.

   Needs, besides linform.h's macros, LMUL(kc, r, a, b) (r = a b, r
   aliasing neither), LADDMUL(kc, r, a, b) (r = r + a b). */

/* r = x[0] y[0] + x[1] y[ys] + x[2] y[2 ys] */
static inline void LF(dot3)(LC kc, LT *r, const LT *x, const LT *y, int ys)
{
    (void)kc;
    LMUL(kc, r, x, y);
    LADDMUL(kc, r, x + 1, y + ys);
    LADDMUL(kc, r, x + 2, y + 2 * ys);
}

/* LINIT, LCLEAR on the n arrays p[0..n) of len elements each */
static void LF(inits)(LT **p, int n, int len)
{
    int i, k;
    (void)p;
    for (i = 0; i < n; i++)
        for (k = 0; k < len; k++)
            LINIT(p[i] + k);
}

static void LF(clears)(LT **p, int n, int len)
{
    int i, k;
    (void)p;
    for (i = 0; i < n; i++)
        for (k = 0; k < len; k++)
            LCLEAR(p[i] + k);
}

/* r = |r| */
static inline void LF(abs)(LT *r)
{
    if (LSGN(r) < 0)
        LNEG(r, r);
}

/* Entries k0, k0 + step, k0 + 2 step of adj(a), computed on first use
   (bit k of *have: entry k is there). */
static void LF(adj3)(LC kc, LT *adj, int *have, const LT *a, int k0,
                     int step)
{
    int k;
    for (k = k0; k < k0 + 3 * step; k += step)
        if (!(*have >> k & 1)) {
            LK(adj_entry)(kc, adj + k, a, k);
            *have |= 1 << k;
        }
}

/* The sign of quantity qi (Q_A, Q_ADJ or Q_DET) of box 1's frame, from
   the motions' blocks, their adjugates (computed on use: have1, have2)
   and the sign sd1 of det A1 (x a temporary). */
static int LF(qsign)(LC kc, LT *x, int qi, const LT *a1, const LT *a2,
                     LT *adj1, int *have1, LT *adj2, int *have2,
                     const LT *w1, int sd1)
{
    if (qi < Q_ADJ(0, 0)) { /* A_ij = w1 sum_r adj1_ir A2_rj */
        LF(adj3)(kc, adj1, have1, a1, 3 * (qi / 3), 1);
        LF(dot3)(kc, x, adj1 + 3 * (qi / 3), a2 + qi % 3, 3);
        return LSGN(x) * LSGN(w1);
    }
    if (qi < Q_W) { /* adj(A)_km = w1^2 det A1 (adj(A2) A1)_km */
        qi -= Q_ADJ(0, 0);
        LF(adj3)(kc, adj2, have2, a2, 3 * (qi / 3), 1);
        LF(dot3)(kc, x, adj2 + 3 * (qi / 3), a1 + qi % 3, 3);
        return LSGN(x) * sd1;
    }
    LF(adj3)(kc, adj2, have2, a2, 0, 3);
    LF(dot3)(kc, x, a2, adj2, 3); /* det A = w1^3 det(A1)^2 det A2 */
    return LSGN(x) * LSGN(w1);
}

/* Direction d's entry (-R - sgn(beta) alpha) / |beta| as *ln / *ld
   from the world numbers: the blocks a1, a2, their adjugates (computed
   on use: have1, have2), D' = d0 + d1 t, the extents e1, e2 and the
   weights w1, w2; t[0..8) temporaries. */
static void LF(entry)(LC kc, LT *ln, LT *ld, int d, const LT *a1,
                      const LT *a2, LT *adj1, int *have1, LT *adj2,
                      int *have2, const LT *d0, const LT *d1, const LT *e1,
                      const LT *e2, const LT *w1, const LT *w2, LT *t)
{
    LT *n = t, *al = t + 3, *be = t + 4, *r = t + 5, *x = t + 6, *y = t + 7;
    int i, j, k, m;
    /* the normal */
    if (d < 6) {
        if (d < 3)
            LF(adj3)(kc, adj1, have1, a1, 3 * d, 1);
        else
            LF(adj3)(kc, adj2, have2, a2, 3 * (d - 3), 1);
        for (m = 0; m < 3; m++)
            LSET(n + m, (d < 3 ? adj1 + 3 * d : adj2 + 3 * (d - 3)) + m);
    } else { /* a1_i x a2_j */
        i = (d - 6) / 3;
        j = (d - 6) % 3;
        for (m = 0; m < 3; m++) {
            int m1 = (m + 1) % 3, m2 = (m + 2) % 3;
            LMUL(kc, n + m, a1 + 3 * m1 + i, a2 + 3 * m2 + j);
            LMUL(kc, x, a1 + 3 * m2 + i, a2 + 3 * m1 + j);
            LSUB(kc, n + m, x);
        }
    }
    LF(dot3)(kc, al, n, d0, 1);
    LF(dot3)(kc, be, n, d1, 1);
    /* R = |w2| sum E1_m |n . a1_m| + |w1| sum E2_m |n . a2_m| */
    LZERO(r);
    for (k = 0; k < 2; k++) {
        LZERO(ln);
        for (m = 0; m < 3; m++) {
            LF(dot3)(kc, x, n, (k == 0 ? a1 : a2) + m, 3);
            LF(abs)(x);
            LMUL(kc, y, x, (k == 0 ? e1 : e2) + m);
            LADD(kc, ln, y);
        }
        LSET(x, k == 0 ? w2 : w1);
        LF(abs)(x);
        LMUL(kc, y, x, ln);
        LADD(kc, r, y);
    }
    /* the entry (-R - sgn(beta) alpha) / |beta| */
    LNEG(ln, r);
    if (LSGN(be) > 0) {
        LSUB(kc, ln, al);
        LSET(ld, be);
    } else {
        LADD(kc, ln, al);
        LNEG(ld, be);
    }
}

/* The world numbers every direction reads (a1, a2, w1, w2, D' = d0 +
   d1 t, the box data e1, e2: initialised elements), from q. */
static void LF(world_setup)(LC kc, LT *a1, LT *a2, LT *w1, LT *w2, LT *d0,
                            LT *d1, LT *e1, LT *e2, const boxtoi_query_t q)
{
    LT c[2][3], s1[3], s2[3], l2, x, y;
    LT *one[] = {&l2, &x, &y};
    LT *three[] = {c[0], c[1], s1, s2};
    int k, m;

    LF(inits)(one, 3, 1);
    LF(inits)(three, 4, 3);
    for (k = 0; k < 9; k++) {
        LF(coef)(kc, a1 + k, q->motion, k / 3, k % 3, 0);
        LF(coef)(kc, a2 + k, q->motion + 1, k / 3, k % 3, 0);
    }
    LF(coef)(kc, w1, q->motion, 3, 3, 0);
    LF(coef)(kc, w2, q->motion + 1, 3, 3, 0);
    /* c_k = w1 b2 - w2 b1 (coefficient k), D' = d0 + d1 t */
    for (k = 0; k < 2; k++)
        for (m = 0; m < 3; m++) {
            LF(coef)(kc, &x, q->motion + 1, m, 3, k);
            LMUL(kc, c[k] + m, w1, &x);
            LF(coef)(kc, &x, q->motion, m, 3, k);
            LMUL(kc, &y, w2, &x);
            LSUB(kc, c[k] + m, &y);
        }
    LBOXDATA(kc, &l2, e1, e2, s1, s2, q);
    for (m = 0; m < 3; m++) {
        LMUL(kc, d0 + m, &l2, c[0] + m);
        LF(dot3)(kc, &x, a2 + 3 * m, s2, 1);
        LMUL(kc, &y, w1, &x);
        LADD(kc, d0 + m, &y);
        LF(dot3)(kc, &x, a1 + 3 * m, s1, 1);
        LMUL(kc, &y, w2, &x);
        LSUB(kc, d0 + m, &y);
        LMUL(kc, d1 + m, &l2, c[1] + m);
    }
    LF(clears)(one, 3, 1);
    LF(clears)(three, 4, 3);
}

/* The signs of w and of direction d's quantities into sg (sd1 the sign
   of det A1, x a temporary). */
static void LF(dir_signs)(LC kc, signed char *sg, int d, LT *x,
                          const LT *a1, const LT *a2, LT *adj1, int *have1,
                          LT *adj2, int *have2, const LT *w1, int sd1)
{
    int m;
    for (m = 0; m < 6; m++) {
        contact_lin l = m < 3 ? contact_dirs[d].nv[m]
                              : contact_dirs[d].na[m - 3];
        if (l.c != 0 && l.q != Q_ONE)
            sg[(int)l.q] = (signed char)LF(qsign)(kc, x, l.q, a1, a2, adj1,
                                                 have1, adj2, have2, w1, sd1);
    }
}

/* The sign of det A1 (adj1 completed as needed, x a temporary). */
static int LF(sdet1)(LC kc, LT *x, const LT *a1, LT *adj1, int *have1)
{
    LF(adj3)(kc, adj1, have1, a1, 0, 3);
    LF(dot3)(kc, x, a1, adj1, 3);
    return LSGN(x);
}

#ifndef LWORLDALL
/* The result of the filter's decision f at the entry of f->dir (or at
   the latest of its entry and its alternatives', compared exactly:
   equal entries are the same number in box 1's frame too), from the
   world numbers above; the tight planes are the latest entries'.
   Returns 0 (res untouched) when a deferred direction of f has beta
   != 0 or R <= |alpha| without being the zero vector: the decision
   does not hold, the full closed form answers. */
static int LF(world)(LC kc, boxtoi_contact_t res, const boxtoi_query_t q,
                     const contact_linfilter *f)
{
    LT a1[9], a2[9], adj1[9], adj2[9], d0[3], d1[3], t[8];
    LT e1[3], e2[3], w1, w2, x, ln, ld, an, ad;
    LW wx, wy;
    signed char sg[BOXTOI_NQUANT];
    int zero[BOXTOI_NPLANES], tight[BOXTOI_NDIRS], have1 = 0, have2 = 0;
    int nt = 1, accepted, i, j, k;
    LT *one[] = {&w1, &w2, &x, &ln, &ld, &an, &ad};
    LT *nine[] = {a1, a2, adj1, adj2};
    LT *three[] = {d0, d1, e1, e2};

    LF(inits)(one, 7, 1);
    LF(inits)(nine, 4, 9);
    LF(inits)(three, 4, 3);
    for (k = 0; k < 8; k++)
        LINIT(t + k);
    LINIT(&wx);
    LINIT(&wy);
    LF(world_setup)(kc, a1, a2, &w1, &w2, d0, d1, e1, e2, q);
    for (j = 0; j < BOXTOI_NPLANES; j++)
        zero[j] = f->zdir[j / 2];
    /* the deferred directions: no constraint, or the zero vector (the
       world normal is a non-zero multiple of box 1's frame's, or zero
       with it), whose planes vanish; alpha, beta, R are t[3..6) */
    for (i = 0; i < f->ndef; i++) {
        LF(entry)(kc, &an, &ad, f->def[i], a1, a2, adj1, &have1, adj2,
                  &have2, d0, d1, e1, e2, &w1, &w2, t);
        if (LSGN(t) == 0 && LSGN(t + 1) == 0 && LSGN(t + 2) == 0)
            zero[2 * f->def[i]] = zero[2 * f->def[i] + 1] = 1;
        else if (LSGN(t + 4) != 0 || LCMPABS(t + 5, t + 3) <= 0)
            break;
    }
    accepted = i == f->ndef;
    if (!accepted)
        goto done; /* refused: res untouched */
    LF(entry)(kc, &ln, &ld, f->dir, a1, a2, adj1, &have1, adj2, &have2, d0,
              d1, e1, e2, &w1, &w2, t);
    tight[0] = -1; /* f->dir */
    for (i = 0; i < f->nalt; i++) {
        LF(entry)(kc, &an, &ad, f->adir[i], a1, a2, adj1, &have1, adj2,
                  &have2, d0, d1, e1, e2, &w1, &w2, t);
        k = LCMPFRAC(&wx, &wy, &an, &ad, &ln, &ld);
        if (k > 0) { /* later: the only latest so far */
            LSWAP(&ln, &an);
            LSWAP(&ld, &ad);
            nt = 0;
        }
        if (k >= 0)
            tight[nt++] = i;
    }
    /* the signs that the tight planes read */
    for (k = 0; k < BOXTOI_NQUANT; k++)
        sg[k] = 0;
    k = LF(sdet1)(kc, &x, a1, adj1, &have1);
    sg[Q_W] = (signed char)(k * LSGN(&w2));
    for (i = 0; i < nt; i++) {
        int d = tight[i] < 0 ? f->dir : f->adir[tight[i]];
        zero[tight[i] < 0 ? f->plane : f->aplane[tight[i]]] = 1;
        LF(dir_signs)(kc, sg, d, &x, a1, a2, adj1, &have1, adj2, &have2,
                      &w1, k);
    }
    contact_reset(res);
    res->status = BOXTOI_CONTACT;
    res->nsections = 1;
    LF(result_sg)(res, q, &ln, &ld, sg, e1, e2, zero);
done:
    LF(clears)(one, 7, 1);
    LF(clears)(nine, 4, 9);
    LF(clears)(three, 4, 3);
    for (k = 0; k < 8; k++)
        LCLEAR(t + k);
    LCLEAR(&wx);
    LCLEAR(&wy);
    return accepted;
}
#else
/* The whole closed form in world coordinates, without the filter
   (doc/algorithm.md §4.5, "The closed form in world coordinates"):
   every direction's alpha, beta, R from the world numbers, made a
   positive multiple of box 1's frame's (an edge's are w1 det(A1)
   times them: negated when that is negative), then the contact set
   as LF(interval) computes it, and the signs of the quantities that
   the tight planes read. */
static void LF(world_all)(LC kc, boxtoi_contact_t res, const boxtoi_query_t q)
{
    LT a1[9], a2[9], adj1[9], adj2[9], d0[3], d1[3], t[8];
    LT e1[3], e2[3], w1, w2, x, ln, ld;
    LT alpha[BOXTOI_NDIRS], beta[BOXTOI_NDIRS], r[BOXTOI_NDIRS];
    signed char sg[BOXTOI_NQUANT];
    int zero[BOXTOI_NPLANES], have1 = 0, have2 = 0, sd1, se, d, k;
    LT *one[] = {&w1, &w2, &x, &ln, &ld};
    LT *nine[] = {a1, a2, adj1, adj2};
    LT *three[] = {d0, d1, e1, e2};
    LT *dirs[] = {alpha, beta, r};

    LF(inits)(one, 5, 1);
    LF(inits)(nine, 4, 9);
    LF(inits)(three, 4, 3);
    LF(inits)(dirs, 3, BOXTOI_NDIRS);
    for (k = 0; k < 8; k++)
        LINIT(t + k);
    LF(world_setup)(kc, a1, a2, &w1, &w2, d0, d1, e1, e2, q);
    sd1 = LF(sdet1)(kc, &x, a1, adj1, &have1);
    se = sd1 * LSGN(&w1); /* the sign of an edge's multiple */
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        LF(entry)(kc, &ln, &ld, d, a1, a2, adj1, &have1, adj2, &have2, d0,
                  d1, e1, e2, &w1, &w2, t);
        if (d >= 6 && se < 0) {
            LNEG(t + 3, t + 3);
            LNEG(t + 4, t + 4);
        }
        LSWAP(alpha + d, t + 3);
        LSWAP(beta + d, t + 4);
        LSWAP(r + d, t + 5);
    }
    contact_reset(res);
    res->nsections = 1;
    if (LF(span)(kc, &ln, &ld, zero, q, alpha, beta, r)) {
        res->status = BOXTOI_NO_CONTACT;
    } else {
        res->status = BOXTOI_CONTACT;
        for (k = 0; k < BOXTOI_NQUANT; k++)
            sg[k] = 0;
        sg[Q_W] = (signed char)(sd1 * LSGN(&w2));
        for (d = 0; d < BOXTOI_NDIRS; d++)
            if (zero[2 * d] || zero[2 * d + 1])
                LF(dir_signs)(kc, sg, d, &x, a1, a2, adj1, &have1, adj2,
                              &have2, &w1, sd1);
        LF(result_sg)(res, q, &ln, &ld, sg, e1, e2, zero);
    }
    LF(clears)(one, 5, 1);
    LF(clears)(nine, 4, 9);
    LF(clears)(three, 4, 3);
    LF(clears)(dirs, 3, BOXTOI_NDIRS);
    for (k = 0; k < 8; k++)
        LCLEAR(t + k);
}
#endif
