/* lib/roots/vca.c: real-root isolation by Descartes' rule of signs and
   bisection (the Vincent-Collins-Akritas or "Descartes" method).

   The open interval (lo, hi) is covered by a dyadic interval
   (L, L + W), L = M 2^K, W = 2^(K+1), and q is carried to the unit
   interval: P(x) = q(L + W x) made integral by a positive factor.  A
   node of the bisection tree is the interval
   I = (L + W c / 2^j, L + W (c + 1) / 2^j) with the integer polynomial
   P_I(x), a positive multiple of q on I mapped onto (0, 1).  Its test
   is Descartes' rule on the Moebius transform
   R(x) = (1 + x)^n P_I(1 / (1 + x)), whose positive roots are the roots
   of P_I in (0, 1): var(R) = 0 proves there is none, var(R) = 1 that
   there is exactly one, and var(R) >= 2 leads to a split [Collins and
   Akritas 1976; [BPR] ch. 10; Krandick and Mehlhorn, "New bounds for
   the Descartes method", 2006, for termination on square-free q].
   The halves' polynomials are P_left(x) = 2^n P_I(x / 2) and
   P_right(x) = P_left(x + 1): one scaling and one integer Taylor shift
   by 1 (additions only), so every node costs O(n^2) additions of
   integers about the size of P_I, and no Moebius transform is computed
   from scratch.  The midpoint is a root exactly when P_right(0) = 0;
   it is emitted as [m, m].  A common power of 2 is divided out of every
   new polynomial.

   Every point the method creates is dyadic, (M 2^j + 2 c) 2^(K-j), so the
   output endpoints are dyadic except where the caller's own lo or hi
   clips a node that sticks out of (lo, hi).  For such a node with
   var(R) = 1 the single root is located against lo or hi by one exact
   sign; nodes outside (lo, hi) are dropped without a test.  Signs at a
   node's ends come for free: P_I(0) is the constant coefficient and
   P_I(1) = R(0).  A cheaper test is tried first: when P_I(0) != 0 and P_I
   itself has at most one sign variation, P_I has at most one positive
   root (Descartes), which lies in (0, 1) exactly when P_I(0) and P_I(1)
   have opposite signs.  The search is depth first, left half first, so
   roots come out in increasing order.  doc/algorithm.md §5. */
#include <stdlib.h>
#include "roots/impl.h"

/* The work stack, in the caller's roots_work w (its nodes and their
   coefficients kept between calls, so that a work reused for many
   isolations allocates them once): node i owns the n + 1 coefficients
   pool[i (n + 1) .. i (n + 1) + n] (constant term first).  Slots keep
   their mpz_t between uses, so the bisection reuses memory; every slot
   is written before it is read, so what a previous call left there
   does not matter. */
typedef struct {
    roots_work *w;
    roots_vnode *v;
    mpz_ptr pool;
    long n, top, alloc; /* alloc: nodes with a node and n + 1 slots */
    /* the grid: L = M 2^K, W = 2^(K+1) */
    mpz_ptr M;
    long K;
    mpq_srcptr lo, hi;
} vstack;

static int grow(vstack *s)
{
    roots_work *wk = s->w;
    long na = s->alloc < 16 ? 16 : 2 * s->alloc, i, w = s->n + 1;
    roots_vnode *v;
    mpz_ptr p;
    if ((size_t)na > (size_t)-1 / sizeof(roots_vnode) / 2
        || (size_t)(na * w) > (size_t)-1 / sizeof(mpz_t) / 2)
        return 0;
    if (wk->valloc < na) {
        v = realloc(wk->v, (size_t)na * sizeof(roots_vnode));
        if (v == NULL)
            return 0;
        wk->v = v;
        for (i = wk->valloc; i < na; i++)
            mpz_init(v[i].c);
        wk->valloc = na;
    }
    if (wk->palloc < na * w) {
        /* mpz_t may be moved: GMP keeps no pointers to them. */
        p = realloc(wk->pool, (size_t)(na * w) * sizeof(mpz_t));
        if (p == NULL)
            return 0;
        wk->pool = p;
        for (i = wk->palloc; i < na * w; i++)
            mpz_init(p + i); /* allocates nothing yet */
        wk->palloc = na * w;
    }
    s->v = wk->v;
    s->pool = wk->pool;
    s->alloc = na;
    return 1;
}

/* t = L + W c / 2^j = (M 2^j + 2 c) 2^(K - j), dyadic. */
static void point(mpq_t t, const vstack *s, mpz_srcptr c, long j)
{
    mpz_mul_2exp(mpq_numref(t), s->M, (unsigned long)j);
    mpz_addmul_ui(mpq_numref(t), c, 2);
    mpz_set_ui(mpq_denref(t), 1);
    if (s->K >= j)
        mpq_mul_2exp(t, t, (unsigned long)(s->K - j));
    else
        mpq_div_2exp(t, t, (unsigned long)(j - s->K));
}

/* Sign variations of x[0..n], zeros dropped, but stopping at 2. */
static int var2(mpz_srcptr x, long n)
{
    long i;
    int v = 0, last = 0, sg;
    for (i = 0; i <= n && v < 2; i++) {
        sg = mpz_sgn(x + i);
        if (sg != 0) {
            if (last != 0 && sg != last)
                v++;
            last = sg;
        }
    }
    return v;
}

/* min(var(R), 2) for R(x) = (1 + x)^n P(1 / (1 + x)), the number of
   roots of P in (0, 1) when that is 0 or 1, and *s1 = sgn P(1) (set
   whenever the result is 0 or 1).  T is scratch for n + 1 integers. */
static int descartes_unit(mpz_srcptr P, long n, mpz_ptr T, int *s1)
{
    long i, j;
    int v, last, sg, sn;
    int s0 = mpz_sgn(P);

    *s1 = 0;
    if (s0 != 0 && (v = var2(P, n)) <= 1) {
        /* At most one positive root, in (0, 1) iff P(0) P(1) < 0. */
        mpz_set(T, P);
        for (i = 1; i <= n; i++)
            mpz_add(T, T, P + i);
        *s1 = mpz_sgn(T);
        return v == 1 && *s1 != 0 && *s1 != s0;
    }
    /* R = reverse(P) shifted by 1.  Round i of the shift fixes R's
       coefficient i; var of (R_0 .. R_i, R_n) is a lower bound on
       var(R) (a subsequence has no more sign changes), so the shift
       stops as soon as that reaches 2.  R_n = P(0) never changes. */
    sn = s0;
    v = 0;
    last = 0;
    for (i = 0; i < n; i++) {
        if (i == 0) {
            /* Round 0 reads reverse(P) straight from P. */
            mpz_set(T + n, P);
            for (j = n - 1; j >= 0; j--)
                mpz_add(T + j, P + n - j, T + j + 1);
        } else {
            for (j = n - 1; j >= i; j--)
                mpz_add(T + j, T + j, T + j + 1);
        }
        sg = mpz_sgn(T + i);
        if (i == 0)
            *s1 = sg; /* R(0) = P(1) */
        if (sg != 0) {
            if (last != 0 && sg != last)
                v++;
            last = sg;
        }
        if (v + (last != 0 && sn != 0 && sn != last) >= 2)
            return 2;
    }
    return v + (last != 0 && sn != 0 && sn != last);
}

/* x[0..n] = 2^n x(t / 2) / 2^v, with 2^v the largest power of 2 that
   divides every coefficient of 2^n x(t / 2) (a positive factor). */
static void halve(mpz_ptr x, long n)
{
    long i, e;
    unsigned long v = (unsigned long)-1, vi;
    for (i = 0; i <= n; i++) {
        if (mpz_sgn(x + i) == 0)
            continue;
        vi = mpz_scan1(x + i, 0) + (unsigned long)(n - i);
        if (vi < v)
            v = vi;
    }
    for (i = 0; i <= n; i++) {
        /* v <= scan1(x_i) + n - i, so a right shift is exact. */
        e = (n - i) - (long)v;
        if (e > 0)
            mpz_mul_2exp(x + i, x + i, (unsigned long)e);
        else if (e < 0)
            mpz_tdiv_q_2exp(x + i, x + i, (unsigned long)-e);
    }
}

/* x(t) = x(t + 1) in place: Horner-style synthetic divisions, n (n + 1)
   / 2 additions; rounds i0 .. n - 1 only (the earlier ones done). */
static void shift1_from(mpz_ptr x, long n, long i0)
{
    long i, j;
    for (i = i0; i < n; i++)
        for (j = n - 1; j >= i; j--)
            mpz_add(x + j, x + j, x + j + 1);
}

/* Sign of P(2^-e): the sign of sum_i P_i 2^(e (n - i)), by Horner in
   y = 2^e from P_0.  r is scratch. */
static int sgn_at_2exp(mpz_srcptr P, long n, unsigned long e, mpz_ptr r)
{
    long i;
    mpz_set(r, P);
    for (i = 1; i <= n; i++) {
        mpz_mul_2exp(r, r, e);
        mpz_add(r, r, P + i);
    }
    return mpz_sgn(r);
}

/* Pushes a node; returns its index, or -1 when memory runs out. */
static long push(vstack *s, mpz_srcptr c, long j, int root, int inside)
{
    roots_vnode *nd;
    if (s->top == s->alloc && !grow(s))
        return -1;
    nd = s->v + s->top;
    mpz_set(nd->c, c);
    nd->j = j;
    nd->root = root;
    nd->inside = inside;
    return s->top++;
}

/* Chooses the grid: K and M = floor(lo / 2^K) with
   L + W = (M + 2) 2^K >= hi, starting from the K with
   2^(K+1) >= hi - lo > 2^K.  If that fails, K + 1 works:
   (M' + 2) 2^(K+1) > lo + 2^(K+1) >= hi.  So W < 4 (hi - lo). */
static void set_grid(vstack *s, mpq_srcptr lo, mpq_srcptr hi, mpq_t t)
{
    mpq_sub(t, hi, lo);
    s->K = boxtoi_roots_clog2(t) - 1;
    for (;;) {
        if (s->K >= 0)
            mpq_div_2exp(t, lo, (unsigned long)s->K);
        else
            mpq_mul_2exp(t, lo, (unsigned long)-s->K);
        mpz_fdiv_q(s->M, mpq_numref(t), mpq_denref(t));
        mpz_add_ui(mpq_numref(t), s->M, 2);
        mpz_set_ui(mpq_denref(t), 1);
        if (s->K >= 0)
            mpq_mul_2exp(t, t, (unsigned long)s->K);
        else
            mpq_div_2exp(t, t, (unsigned long)-s->K);
        if (mpq_cmp(t, hi) >= 0)
            return;
        s->K++;
    }
}

/* Splits node k (just popped, s->top == k): slot k becomes the right
   half, the left half goes on top so that it is processed first, and
   an exact root at the midpoint, if it lies in (lo, hi), in between.
   Returns 0 when memory runs out. */
static int split(vstack *s, long k, mpz_t cl, mpz_t cr, mpq_t t)
{
    long w = s->n + 1, i, j = s->v[k].j + 1;
    int inside = s->v[k].inside, in;
    mpz_ptr P;

    mpz_mul_2exp(cl, s->v[k].c, 1);
    mpz_add_ui(cr, cl, 1);
    halve(s->pool + k * w, s->n);
    if (push(s, cr, j, 0, inside) < 0 || push(s, cl, j, 0, inside) < 0)
        return 0;
    P = s->pool + k * w; /* the pool may have moved */
    /* P_left moves up to slot k + 1; slot k gets P_left(x + 1), whose
       first round of synthetic division reads P_left there. */
    for (i = 0; i < w; i++)
        mpz_swap(P + w + i, P + i);
    mpz_set(P + s->n, P + w + s->n);
    for (i = s->n - 1; i >= 0; i--)
        mpz_add(P + i, P + w + i, P + i + 1);
    shift1_from(P, s->n, 1);
    if (mpz_sgn(P) != 0)
        return 1;
    /* q vanishes at the midpoint, the right half's left end. */
    in = inside;
    if (!in) {
        point(t, s, cr, j);
        in = mpq_cmp(t, s->lo) > 0 && mpq_cmp(t, s->hi) < 0;
    }
    if (!in)
        return 1;
    if (push(s, cl, j, 0, inside) < 0)
        return 0;
    P = s->pool + (k + 1) * w;
    for (i = 0; i < w; i++)
        mpz_swap(P + i, P + w + i);
    mpz_set(s->v[k + 1].c, cr);
    s->v[k + 1].root = 1;
    return 1;
}

int boxtoi_roots_bisect_descartes(boxtoi_roots_t r, const boxtoi_poly_t q,
                                  mpq_srcptr lo, mpq_srcptr hi, int zlo,
                                  int zhi, roots_work *wk)
{
    long n = boxtoi_poly_degree(q), i, k, w = n + 1, j;
    vstack s;
    mpz_ptr T, P, c = wk->c, c2 = wk->c2;
    mpq_ptr l = wk->l, h = wk->h, t = wk->t;
    int rc = BOXTOI_OK, v, s1, inside, sl, sh;

    if (n <= 0)
        return BOXTOI_OK;
    if (wk->talloc < w) {
        T = realloc(wk->T, (size_t)w * sizeof(mpz_t));
        if (T == NULL)
            return BOXTOI_ENOMEM;
        wk->T = T;
        for (i = wk->talloc; i < w; i++)
            mpz_init(T + i);
        wk->talloc = w;
    }
    T = wk->T;
    s.w = wk;
    s.v = wk->v;
    s.pool = wk->pool;
    s.n = n;
    s.top = 0;
    s.alloc = wk->valloc < wk->palloc / w ? wk->valloc : wk->palloc / w;
    s.lo = lo;
    s.hi = hi;
    s.M = wk->M;
    mpz_set_ui(c, 0);
    set_grid(&s, lo, hi, t);

    /* The root node: P(x) = q(2^K (M + 2 x)), made integral by a
       positive factor, then primitive. */
    {
        boxtoi_poly_t P0;
        boxtoi_poly_init(P0);
        boxtoi_poly_scale_2exp(P0, q, s.K);
        boxtoi_poly_taylor_shift_mpz(P0, P0, s.M);
        boxtoi_poly_scale_2exp(P0, P0, 1);
        boxtoi_poly_primitive_part(P0, P0);
        if (push(&s, c, 0, 0, 0) < 0)
            rc = BOXTOI_ENOMEM;
        else
            for (i = 0; i < w; i++)
                mpz_swap(s.pool + i, P0->coeffs + i);
        boxtoi_poly_clear(P0);
        if (rc != BOXTOI_OK)
            goto done;
    }
    point(l, &s, c, 0);
    mpz_set_ui(c, 1);
    point(h, &s, c, 0);
    s.v[0].inside = mpq_cmp(l, lo) >= 0 && mpq_cmp(h, hi) <= 0;

    while (s.top > 0) {
        k = --s.top;
        P = s.pool + k * w;
        j = s.v[k].j;
        inside = s.v[k].inside;
        if (s.v[k].root) {
            point(l, &s, s.v[k].c, j);
            if ((rc = boxtoi_roots_append(r, l, l)) != BOXTOI_OK)
                break;
            continue;
        }
        if (!inside) {
            point(l, &s, s.v[k].c, j);
            mpz_add_ui(c, s.v[k].c, 1);
            point(h, &s, c, j);
            if (mpq_cmp(h, lo) <= 0 || mpq_cmp(l, hi) >= 0)
                continue; /* outside (lo, hi) */
            inside = mpq_cmp(l, lo) >= 0 && mpq_cmp(h, hi) <= 0;
            s.v[k].inside = inside;
        }
        v = descartes_unit(P, n, T, &s1);
        if (v == 0)
            continue;
        if (v >= 2 || mpz_sgn(P) == 0 || s1 == 0) {
            /* Several roots, or a root at an end of the node, where the
               isolating interval may not end: split. */
            if (!split(&s, k, c, c2, t)) {
                rc = BOXTOI_ENOMEM;
                break;
            }
            continue;
        }
        /* One root in the open node, and neither end is a root (q is
           square-free, so the root is a sign change).  A node sticking
           out of (lo, hi) is clipped, and its root located by the signs
           at the clipped ends; a root at lo or hi is then the node's
           only root, and not in the open (lo, hi). */
        sl = mpz_sgn(P);
        sh = s1;
        if (inside) {
            point(l, &s, s.v[k].c, j);
            if (r->n > 0 && mpq_equal(r->hi + r->n - 1, l)) {
                /* The previous interval ends at l (a sibling's
                   isolating interval): move l into the node, to the
                   first 2^-e with the sign of P(0) (the root lies
                   beyond it), or stop at 2^-e if it is the root.  This
                   spares the separation pass its rational bisection. */
                unsigned long e = 0;
                do
                    e++;
                while ((sh = sgn_at_2exp(P, n, e, T)) == -sl);
                mpz_mul_2exp(c, s.v[k].c, e);
                mpz_add_ui(c, c, 1);
                point(l, &s, c, j + (long)e);
                if (sh == 0) {
                    if ((rc = boxtoi_roots_append(r, l, l)) != BOXTOI_OK)
                        break;
                    continue;
                }
                mpz_add_ui(c, c, 1);
                point(h, &s, c, j + (long)e);
            } else {
                mpz_add_ui(c, s.v[k].c, 1);
                point(h, &s, c, j);
            }
            if ((rc = boxtoi_roots_append(r, l, h)) != BOXTOI_OK)
                break;
            continue;
        }
        if (mpq_cmp(l, lo) < 0) {
            if (zlo)
                continue;
            mpq_set(l, lo);
            sl = boxtoi_roots_sgn_at(q, lo, c);
        }
        if (mpq_cmp(h, hi) > 0) {
            if (zhi)
                continue;
            mpq_set(h, hi);
            sh = boxtoi_roots_sgn_at(q, hi, c);
        }
        if (sl != sh && (rc = boxtoi_roots_append(r, l, h)) != BOXTOI_OK)
            break;
    }
done:
    return rc;
}

void roots_work_free(roots_work *wk)
{
    long i;
    if (wk == NULL)
        return;
    for (i = 0; i < wk->valloc; i++)
        mpz_clear(wk->v[i].c);
    for (i = 0; i < wk->palloc; i++)
        mpz_clear(wk->pool + i);
    for (i = 0; i < wk->talloc; i++)
        mpz_clear(wk->T + i);
    free(wk->v);
    free(wk->pool);
    free(wk->T);
    mpz_clear(wk->M);
    mpz_clear(wk->c);
    mpz_clear(wk->c2);
    mpz_clear(wk->tmp);
    mpq_clear(wk->l);
    mpq_clear(wk->h);
    mpq_clear(wk->t);
    mpq_clear(wk->lo);
    mpq_clear(wk->hi);
    mpq_clear(wk->m);
    free(wk);
}

roots_work *roots_work_new(void)
{
    roots_work *wk = malloc(sizeof(*wk));
    if (wk == NULL)
        return NULL;
    wk->v = NULL;
    wk->pool = NULL;
    wk->T = NULL;
    wk->valloc = wk->palloc = wk->talloc = 0;
    mpz_init(wk->M);
    mpz_init(wk->c);
    mpz_init(wk->c2);
    mpz_init(wk->tmp);
    mpq_init(wk->l);
    mpq_init(wk->h);
    mpq_init(wk->t);
    mpq_init(wk->lo);
    mpq_init(wk->hi);
    mpq_init(wk->m);
    return wk;
}
