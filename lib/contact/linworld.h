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
   time (-R - sgn(beta) alpha) / |beta| is the same number.  Every
   n . a1_m and n . a2_m is, up to its sign, an entry of P = adj(A1) A2,
   of Q = adj(A2) A1, det A1, det A2 or 0 (doc/algorithm.md §4.5, "The
   closed form in world coordinates"), so R reads those, computed once
   per query on first use.  The signs come from adj(A) = w1^2 det(A1)
   Q, det A = w1^3 det(A1)^2 det(A2), w = det(A1) w2, A = w1 P.

   Needs, besides linform.h's macros, LMUL(kc, r, a, b) (r = a b, r
   aliasing neither), LADDMUL(kc, r, a, b) (r = r + a b), and with
   LWORLDALL, LWFITS(kc, w, tr, q): 1 when the entries read (LF(wn) *w
   and tr of LF(world_read)) admit the instance, else 0 with the flag
   set. */

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

/* A query's world numbers (LF(world_setup)): the blocks a1, a2
   (row-major), the weights, D' = d0 + d1 t, the box data e1, e2; and
   what the directions read, computed on first use (bit k of have):
   adj[0..9) = adj(A1), adj[9..18) = adj(A2) (bits 0..17), pq[0..9) =
   P = adj(A1) A2, pq[9..18) = Q = adj(A2) A1, pq[18] = det A1, pq[19] =
   det A2 (bits 18..37). */
typedef struct {
    LT a1[9], a2[9], adj[18], pq[20], d0[3], d1[3], e1[3], e2[3], w1, w2;
    long have;
} LF(wn);

/* have with every bit set (LF(pq_all)) */
#define LW_ALL ((1L << 38) - 1)

#ifndef LWORLDALL /* LF(world_all) needs neither (linworld-all.h) */
static void LF(wn_init)(LF(wn) *w)
{
    LT *nine[] = {w->a1, w->a2};
    LT *three[] = {w->d0, w->d1, w->e1, w->e2, w->adj, w->adj + 3,
                   w->adj + 6, w->adj + 9, w->adj + 12, w->adj + 15};
    LT *one[] = {&w->w1, &w->w2};
    LF(inits)(nine, 2, 9);
    LF(inits)(three, 10, 3);
    LF(inits)(one, 2, 1);
    {
        LT *twenty[] = {w->pq};
        LF(inits)(twenty, 1, 20);
    }
    w->have = 0;
}

static void LF(wn_clear)(LF(wn) *w)
{
    LT *nine[] = {w->a1, w->a2};
    LT *three[] = {w->d0, w->d1, w->e1, w->e2, w->adj, w->adj + 3,
                   w->adj + 6, w->adj + 9, w->adj + 12, w->adj + 15};
    LT *one[] = {&w->w1, &w->w2};
    LT *twenty[] = {w->pq};
    LF(clears)(nine, 2, 9);
    LF(clears)(three, 10, 3);
    LF(clears)(one, 2, 1);
    LF(clears)(twenty, 1, 20);
}
#endif

/* Row k of adj(A1) (b = 0) or adj(A2) (b = 1), computed on first use. */
static inline const LT *LF(adjrow)(LC kc, LF(wn) *w, int b, int k)
{
    int i, o = 9 * b + 3 * k;
#ifdef LWORLDALL
    if (w->have == LW_ALL) /* LF(pq_all): known at compile time */
        return w->adj + o;
#endif
    if ((w->have >> o & 7) != 7) {
        for (i = 3 * k; i < 3 * k + 3; i++)
            LK(adj_entry)(kc, w->adj + 9 * b + i, b == 0 ? w->a1 : w->a2,
                          i);
        w->have |= 7L << o;
    }
    return w->adj + o;
}

/* pq[x] (P_km = row k of adj(A1) times column m of A2 for x = 3 k + m,
   Q_km = row k of adj(A2) times column m of A1 for x = 9 + 3 k + m,
   det A1 = row r of adj(A1) times column r of A1 for any r, the first
   row already computed (a face's, LF(entry)) or row 0, det A2 likewise:
   adj(A) A = det(A) I, so every r gives the same integer (doc/algorithm.md
   §4.5, "The closed form in world coordinates"). */
static void LF(pq_fill)(LC kc, LF(wn) *w, int x)
{
    int b = x < 9 ? 0 : x < 18 ? 1 : x - 18, y = x < 18 ? x % 9 : 0;
    const LT *col = x < 9 || x == 19 ? w->a2 : w->a1;
    if (x >= 18) {
        int r = 0;
        while (r < 2 && (w->have >> (9 * b + 3 * r) & 7) != 7)
            r++;
        if ((w->have >> (9 * b + 3 * r) & 7) != 7)
            r = 0;
        y = 4 * r; /* row r, column r */
    }
    LF(dot3)(kc, w->pq + x, LF(adjrow)(kc, w, b, y / 3), col + y % 3, 3);
    w->have |= 1L << (18 + x);
}

/* pq[x], computed on first use */
static inline const LT *LF(pq)(LC kc, LF(wn) *w, int x)
{
#ifdef LWORLDALL
    if (w->have == LW_ALL)
        return w->pq + x;
#endif
    if (!(w->have >> (18 + x) & 1))
        LF(pq_fill)(kc, w, x);
    return w->pq + x;
}

#ifdef LWORLDALL
/* every adj and pq entry (when every direction is read) */
static void LF(pq_all)(LC kc, LF(wn) *w)
{
    int b, k, m;
    for (b = 0; b < 2; b++)
        for (k = 0; k < 9; k++)
            LK(adj_entry)(kc, w->adj + 9 * b + k, b == 0 ? w->a1 : w->a2, k);
    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++)
            for (m = 0; m < 3; m++)
                LF(dot3)(kc, w->pq + 9 * b + 3 * k + m, w->adj + 9 * b + 3 * k,
                         (b == 0 ? w->a2 : w->a1) + m, 3);
    LF(dot3)(kc, w->pq + 18, w->adj, w->a1, 3);
    LF(dot3)(kc, w->pq + 19, w->adj + 9, w->a2, 3);
    w->have = LW_ALL;
}
#endif

/* The sign of det A1 into *sd1 on first use (2 before) */
static int LF(sdet1)(LC kc, LF(wn) *w, int *sd1)
{
    if (*sd1 == 2)
        *sd1 = LSGN(LF(pq)(kc, w, 18));
    return *sd1;
}

/* The sign of quantity qi (Q_A, Q_ADJ or Q_DET) of box 1's frame, from
   A = w1 P, adj(A) = w1^2 det(A1) Q, det A = w1^3 det(A1)^2 det(A2),
   *sd1 the sign of det A1, computed here on first use (2 before). */
static int LF(qsign)(LC kc, LF(wn) *w, int qi, int *sd1)
{
    if (qi < Q_ADJ(0, 0))
        return LSGN(LF(pq)(kc, w, qi)) * LSGN(&w->w1);
    if (qi < Q_W)
        return LSGN(LF(pq)(kc, w, 9 + qi - Q_ADJ(0, 0)))
               * LF(sdet1)(kc, w, sd1);
    return LSGN(LF(pq)(kc, w, 19)) * LSGN(&w->w1);
}

/* the next and previous axis, m + 1 and m + 2 mod 3 */
#define LW_NEXT(m) ((m) == 2 ? 0 : (m) + 1)
#define LW_PREV(m) ((m) == 0 ? 2 : (m) - 1)

/* Direction d's entry (-R - sgn(beta) alpha) / |beta| as *ln / *ld
   from the world numbers w; t[0..8) temporaries: the normal n in
   t[0..3), alpha, beta, R in t[3], t[4], t[5].  R = |w2| sum_m E1_m
   |n . a1_m| + |w1| sum_m E2_m |n . a2_m| reads, for box 1's face k
   (n . a1_m = det(A1) [m = k], n . a2_m = P_km), box 2's face k
   (n . a1_m = Q_km, n . a2_m = det(A2) [m = k]) and the edge
   a1_i x a2_j (n . a1_i = 0, |n . a1_(i+1)| = |P_(i+2)j|,
   |n . a1_(i+2)| = |P_(i+1)j|, likewise |Q_(j+2)i|, |Q_(j+1)i| for
   a2_(j+1), a2_(j+2)) the terms listed in ie (the extent) and ix (the
   entry of pq), box 1's side first (doc/algorithm.md §4.5). */
#ifdef LWORLDALL
CONTACT_ALWAYS_INLINE /* in LF(world_all)'s unrolled loop: d a constant */
#else
static
#endif
void LF(entry)(LC kc, LT *ln, LT *ld, int d, LF(wn) *w, LT *t)
{
    LT *n = t, *al = t + 3, *be = t + 4, *r = t + 5, *x = t + 6, *y = t + 7;
    int ie[2][3], ix[2][3], nt[2], i, j, m, s;
    if (d < 6) { /* a face: row k of an adjugate */
        int k = d % 3, b = d / 3;
        const LT *row = LF(adjrow)(kc, w, b, k);
        CONTACT_UNROLL3
        for (m = 0; m < 3; m++)
            LSET(n + m, row + m);
        nt[b] = 1;
        ie[b][0] = k;
        ix[b][0] = 18 + b;
        nt[1 - b] = 3;
        CONTACT_UNROLL3
        for (m = 0; m < 3; m++) {
            ie[1 - b][m] = m;
            ix[1 - b][m] = 9 * b + 3 * k + m;
        }
    } else { /* a1_i x a2_j */
        i = (d - 6) / 3;
        j = (d - 6) % 3;
        CONTACT_UNROLL3
        for (m = 0; m < 3; m++) {
            int m1 = LW_NEXT(m), m2 = LW_PREV(m);
            LMUL(kc, n + m, w->a1 + 3 * m1 + i, w->a2 + 3 * m2 + j);
            LMUL(kc, x, w->a1 + 3 * m2 + i, w->a2 + 3 * m1 + j);
            LSUB(kc, n + m, x);
        }
        nt[0] = nt[1] = 2;
        ie[0][0] = LW_NEXT(i);
        ix[0][0] = 3 * LW_PREV(i) + j;
        ie[0][1] = LW_PREV(i);
        ix[0][1] = 3 * LW_NEXT(i) + j;
        ie[1][0] = LW_NEXT(j);
        ix[1][0] = 9 + 3 * LW_PREV(j) + i;
        ie[1][1] = LW_PREV(j);
        ix[1][1] = 9 + 3 * LW_NEXT(j) + i;
    }
    LF(dot3)(kc, al, n, w->d0, 1);
    LF(dot3)(kc, be, n, w->d1, 1);
    LZERO(r);
    CONTACT_UNROLL3
    for (s = 0; s < 2; s++) { /* box 1's side times |w2|, box 2's |w1| */
        LZERO(ln);
        CONTACT_UNROLL3
        for (m = 0; m < nt[s]; m++) {
            LSET(x, LF(pq)(kc, w, ix[s][m]));
            LF(abs)(x);
            LMUL(kc, y, x, (s == 0 ? w->e1 : w->e2) + ie[s][m]);
            LADD(kc, ln, y);
        }
        LSET(x, s == 0 ? &w->w2 : &w->w1);
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

#undef LW_NEXT
#undef LW_PREV

/* The entries of q's motions into w (initialised): the blocks, the
   weights, and the translations' coefficients into tr (tr[k][b][m]:
   coefficient k of motion b + 1's row m); nothing is computed yet, so
   that a machine instance can check the sizes of what it read first
   (LWFITS, linworld64.c). */
static void LF(world_read)(LC kc, LF(wn) *w, LT tr[2][2][3],
                           const boxtoi_query_t q)
{
    int k, m;
    for (k = 0; k < 9; k++) {
        LF(coef)(kc, w->a1 + k, q->motion, k / 3, k % 3, 0);
        LF(coef)(kc, w->a2 + k, q->motion + 1, k / 3, k % 3, 0);
    }
    LF(coef)(kc, &w->w1, q->motion, 3, 3, 0);
    LF(coef)(kc, &w->w2, q->motion + 1, 3, 3, 0);
    for (k = 0; k < 2; k++)
        for (m = 0; m < 3; m++) {
            LF(coef)(kc, tr[k][0] + m, q->motion, m, 3, k);
            LF(coef)(kc, tr[k][1] + m, q->motion + 1, m, 3, k);
        }
}

/* The rest of the world numbers of q into w, from what LF(world_read)
   read (w, tr). */
static void LF(world_derive)(LC kc, LF(wn) *w, LT tr[2][2][3],
                             const boxtoi_query_t q)
{
    LT c[2][3], s1[3], s2[3], l2, x, y;
    LT *one[] = {&l2, &x, &y};
    LT *three[] = {c[0], c[1], s1, s2};
    int k, m;

    LF(inits)(one, 3, 1);
    LF(inits)(three, 4, 3);
    /* c_k = w1 b2 - w2 b1 (coefficient k), D' = d0 + d1 t */
    for (k = 0; k < 2; k++)
        for (m = 0; m < 3; m++) {
            LMUL(kc, c[k] + m, &w->w1, tr[k][1] + m);
            LMUL(kc, &y, &w->w2, tr[k][0] + m);
            LSUB(kc, c[k] + m, &y);
        }
    LBOXDATA(kc, &l2, w->e1, w->e2, s1, s2, q);
    for (m = 0; m < 3; m++) {
        LMUL(kc, w->d0 + m, &l2, c[0] + m);
        LF(dot3)(kc, &x, w->a2 + 3 * m, s2, 1);
        LMUL(kc, &y, &w->w1, &x);
        LADD(kc, w->d0 + m, &y);
        LF(dot3)(kc, &x, w->a1 + 3 * m, s1, 1);
        LMUL(kc, &y, &w->w2, &x);
        LSUB(kc, w->d0 + m, &y);
        LMUL(kc, w->d1 + m, &l2, c[1] + m);
    }
    w->have = 0;
    LF(clears)(one, 3, 1);
    LF(clears)(three, 4, 3);
}

#ifndef LWORLDALL
/* The world numbers of q into w (initialised). */
static void LF(world_setup)(LC kc, LF(wn) *w, const boxtoi_query_t q)
{
    LT tr[2][2][3];
    LT *six[] = {tr[0][0], tr[0][1], tr[1][0], tr[1][1]};
    LF(inits)(six, 4, 3);
    LF(world_read)(kc, w, tr, q);
    LF(world_derive)(kc, w, tr, q);
    LF(clears)(six, 4, 3);
}
#endif

/* The signs of direction d's quantities into sg: known[k] when it is
   not 2 (the filter's proved signs, contact_linfilter.qsg; known may
   be NULL), the others from the world numbers (*sd1 as in LF(qsign)). */
static void LF(dir_signs)(LC kc, signed char *sg, int d, LF(wn) *w,
                          const signed char *known, int *sd1)
{
    int m;
    for (m = 0; m < 6; m++) {
        contact_lin l = m < 3 ? contact_dirs[d].nv[m]
                              : contact_dirs[d].na[m - 3];
        if (l.c != 0 && l.q != Q_ONE)
            sg[(int)l.q] = known && known[(int)l.q] != 2
                               ? known[(int)l.q]
                               : (signed char)LF(qsign)(kc, w, l.q, sd1);
    }
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
    LF(wn) w;
    LT t[8], ln, ld, an, ad;
    LW wx, wy;
    signed char sg[BOXTOI_NQUANT];
    int zero[BOXTOI_NPLANES], tight[BOXTOI_NDIRS];
    int nt = 1, sd1, accepted, i, j, k;
    LT *one[] = {&ln, &ld, &an, &ad, t};

    LF(wn_init)(&w);
    LF(inits)(one, 4, 1);
    LF(inits)(one + 4, 1, 8);
    LINIT(&wx);
    LINIT(&wy);
    LF(world_setup)(kc, &w, q);
    for (j = 0; j < BOXTOI_NPLANES; j++)
        zero[j] = f->zdir[j / 2];
    /* the deferred directions: no constraint, or the zero vector (the
       world normal is a non-zero multiple of box 1's frame's, or zero
       with it), whose planes vanish; alpha, beta, R are t[3..6) */
    for (i = 0; i < f->ndef; i++) {
        LF(entry)(kc, &an, &ad, f->def[i], &w, t);
        if (LSGN(t) == 0 && LSGN(t + 1) == 0 && LSGN(t + 2) == 0)
            zero[2 * f->def[i]] = zero[2 * f->def[i] + 1] = 1;
        else if (LSGN(t + 4) != 0 || LCMPABS(t + 5, t + 3) <= 0)
            break;
    }
    accepted = i == f->ndef;
    if (!accepted)
        goto done; /* refused: res untouched */
    LF(entry)(kc, &ln, &ld, f->dir, &w, t);
    tight[0] = -1; /* f->dir */
    for (i = 0; i < f->nalt; i++) {
        LF(entry)(kc, &an, &ad, f->adir[i], &w, t);
        k = LCMPFRAC(&wx, &wy, &an, &ad, &ln, &ld);
        if (k > 0) { /* later: the only latest so far */
            LSWAP(&ln, &an);
            LSWAP(&ld, &ad);
            nt = 0;
        }
        if (k >= 0)
            tight[nt++] = i;
    }
    /* the signs that the tight planes read: those the filter proved
       (f->qsg), the others from the world numbers */
    for (k = 0; k < BOXTOI_NQUANT; k++)
        sg[k] = 0;
    sd1 = 2;
    sg[Q_W] = f->qsg[Q_W] != 2 ? f->qsg[Q_W]
                               : (signed char)(LF(sdet1)(kc, &w, &sd1)
                                               * LSGN(&w.w2));
    for (i = 0; i < nt; i++) {
        int d = tight[i] < 0 ? f->dir : f->adir[tight[i]];
        zero[tight[i] < 0 ? f->plane : f->aplane[tight[i]]] = 1;
        LF(dir_signs)(kc, sg, d, &w, f->qsg, &sd1);
    }
    contact_reset(res);
    res->status = BOXTOI_CONTACT;
    res->nsections = 1;
    LF(result_sg)(res, q, &ln, &ld, sg, w.e1, w.e2, zero);
done:
    LF(wn_clear)(&w);
    LF(clears)(one, 4, 1);
    LF(clears)(one + 4, 1, 8);
    LCLEAR(&wx);
    LCLEAR(&wy);
    return accepted;
}
#else /* LF(world_all), the whole closed form in world coordinates */
#include "lib/contact/linworld-all.h"
#endif
