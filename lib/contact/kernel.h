/* lib/contact/kernel.h: the plane geometry, written once for every
   number type (a template: no include guard).

   doc/algorithm.md §2 and §3.2: the relative motion M = adj(M1) M2 =
   [[w1 adj(A1) A2, adj(A1) (w1 b2 - w2 b1)], [0, det(A1) w2]] =
   [[A, b], [0, w]], its twenty quantities (A, adj A, w, det A; the
   indices Q_* of impl.h), the vector D = 2 L b + A S2 - w S1 and, for a
   direction d of the table contact_dirs (planes.c; read here as
   kernel_dirs, the same initializer, lib/contact/dirs.h),

       N_d = n_d . D = sum_m (n_d . e_m) D_m,
       R_d = |w| sum_m E1_m |n_d . e_m| + sum_m E2_m |n_d . a_m|,

   plane 2d being R_d - N_d and plane 2d + 1 R_d + N_d.  Only this file
   computes them, by reading the table; a number type is an instance,
   as in FLINT's templates (fq_poly_templates): a file defines the
   macros below, naming its element type and operations, and includes
   this file, which then defines the static functions K(adj3),
   K(quantities), K(relblock), K(reltrans), K(dvec), K(ndot) and
   K(radius) for that type.  The instances and their users:
   doc/algorithm.md §4.5.

   Small-number speed stays inside the instances (unchecked 128-bit
   arithmetic when the sizes allow, machine products of 64-bit
   operands), never as a second copy of the formulas.

   An instance defines, with kc the context argument (temporaries,
   signs, an overflow flag) and pointers to elements everywhere:
     K(name)                    the instance's name of function name
     KT, KS, KC                 the element type, the scalar type of the
                                box data (L, E, S) and the context type
     KINIT(kc, x), KCLEAR(kc, x)  make and free a temporary element
     KZERO(kc, r)               r = 0
     KADD(kc, r, a), KSUB       r = r + a, r = r - a
     KMUL(kc, r, a, b)          r = a b (r aliases neither)
     KADDMUL(kc, r, a, b), KSUBMUL  r = r + a b, r = r - a b
     KSCALE(kc, r, a, k)        r = a k, k a scalar
     KADDSCALE, KSUBSCALE       r = r + a k, r = r - a k
     KADDS(kc, r, k)            r = r + k
     KADDABS(kc, r, a, q, k)    r = r + |a| k, a being quantity q
     KMULABS(kc, r, a, q)       r = |a| r, a being quantity q
                                (polynomial instances take |a| as
                                sg[q] a, sg the signs of the section)
     KISZERO(kc, a)             1 when a is exactly zero
     KNARROW(kc, x)             tightens an enclosure (slope forms), or
                                nothing
   and may define KINLINE, how the functions are declared (default
   static inline; the instances on machine numbers force the inlining,
   which their speed depends on: doc/performance.md), and KUNROLL3
   (below). */

#ifndef KINLINE
#define KINLINE static inline
#endif

/* KUNROLL3 (optional, before the loops over a direction's three
   components): CONTACT_UNROLL3 in an instance whose callers pass a
   constant direction (linfilter.c), so that the table's entries become
   constants; by default nothing (the other instances' code stays
   small) */
#ifndef KUNROLL3
#define KUNROLL3
#endif

#ifndef BOXTOI_CONTACT_KERNEL_ONCE
#define BOXTOI_CONTACT_KERNEL_ONCE
#include "lib/contact/dirs.h"
/* adj(a)_ij = a[x] a[y] - a[z] a[u] for {x, y, z, u} = kernel_adj[3 i + j]
   (a row-major): a_{j+1,i+1} a_{j+2,i+2} - a_{j+1,i+2} a_{j+2,i+1},
   indices mod 3, as a table (no index arithmetic in the loops). */
static const unsigned char kernel_adj[9][4] = {
    {4, 8, 5, 7}, {7, 2, 8, 1}, {1, 5, 2, 4},
    {5, 6, 3, 8}, {8, 0, 6, 2}, {2, 3, 0, 5},
    {3, 7, 4, 6}, {6, 1, 7, 0}, {0, 4, 1, 3}};
/* the directions (contact_dirs), visible here as constants */
static const contact_dir kernel_dirs[BOXTOI_NDIRS] = CONTACT_DIRS_TABLE;
#endif

/* r = adj(a)_k, k = 3 i + j, of the 3x3 matrix a (kernel_adj). */
KINLINE void K(adj_entry)(KC kc, KT *r, const KT *a, int k)
{
    const unsigned char *x = kernel_adj[k];
    (void)kc;
    KMUL(kc, r, a + x[0], a + x[1]);
    KSUBMUL(kc, r, a + x[2], a + x[3]);
    KNARROW(kc, r);
}

KINLINE void K(adj3)(KC kc, KT *adj, const KT *a)
{
    int k;
    (void)kc;
    for (k = 0; k < 9; k++)
        K(adj_entry)(kc, adj + k, a, k);
}

/* The quantities adj(A)_ij and det A = sum_j A_0j adj(A)_j0 from
   A = qv[0..8]: those need[k] asks for (with the adj(A)_j0 that det A
   reads), or all when need is NULL.  qv[Q_W] is the instance's. */
KINLINE void K(quantities)(KC kc, KT *qv, const int *need)
{
    int k, j;
    (void)kc;
    for (k = 0; k < 9; k++)
        if (need == NULL || need[Q_ADJ(0, 0) + k]
            || (need[Q_DET] && k % 3 == 0))
            K(adj_entry)(kc, qv + Q_ADJ(0, 0) + k, qv, k);
    if (need == NULL || need[Q_DET]) {
        KMUL(kc, qv + Q_DET, qv + Q_A(0, 0), qv + Q_ADJ(0, 0));
        for (j = 1; j < 3; j++)
            KADDMUL(kc, qv + Q_DET, qv + Q_A(0, j), qv + Q_ADJ(j, 0));
        KNARROW(kc, qv + Q_DET);
    }
}

/* The block and weight of the relative motion of two affine motions
   (blocks a1, a2, weights w1, w2): a = w1 adj(A1) A2 (into a[0..8]),
   w = det(A1) w2, with adj1 = adj(A1) and v = w1 adj(A1) left for
   K(reltrans) (nine temporaries each, initialised).  Grouped as
   (adj(A1) A2) w1, or, when the instance defines KVGROUP (128-bit
   polynomials), as (w1 adj(A1)) A2: motion 2's entries carry its large
   common denominator, so each product pairs them with motion 1's small
   ones and the operands usually fit in 64 bits (in GMP the first
   grouping is cheaper: doc/performance.md). */
KINLINE void K(relblock)(KC kc, KT *a, KT *w, KT *adj1, KT *v,
                         const KT *a1, const KT *a2, const KT *w1,
                         const KT *w2)
{
    KT t;
    int i, j, k;
    (void)kc;
    K(adj3)(kc, adj1, a1);
    KINIT(kc, &t);
#ifdef KVGROUP
    for (k = 0; k < 9; k++)
        KMUL(kc, v + k, w1, adj1 + k);
#else
    (void)v;
#endif
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
#ifdef KVGROUP
            KMUL(kc, a + 3 * i + j, v + 3 * i, a2 + j);
            for (k = 1; k < 3; k++)
                KADDMUL(kc, a + 3 * i + j, v + 3 * i + k, a2 + 3 * k + j);
#else
            KMUL(kc, &t, adj1 + 3 * i, a2 + j);
            for (k = 1; k < 3; k++)
                KADDMUL(kc, &t, adj1 + 3 * i + k, a2 + 3 * k + j);
            KMUL(kc, a + 3 * i + j, &t, w1);
#endif
        }
    KMUL(kc, &t, a1, adj1);
    for (j = 1; j < 3; j++)
        KADDMUL(kc, &t, a1 + j, adj1 + 3 * j);
    KMUL(kc, w, &t, w2);
    KCLEAR(kc, &t);
}

/* Its translation b = adj(A1) (w1 b2 - w2 b1) (three entries each: b at
   stride bs, b1 and b2 at stride ibs); with KVGROUP, as
   v b2 - w2 (adj1 b1). */
KINLINE void K(reltrans)(KC kc, KT *b, int bs, const KT *adj1,
                         const KT *v, const KT *b1, const KT *b2, int ibs,
                         const KT *w1, const KT *w2)
{
    KT t[3];
    int i, k;
    (void)kc;
    for (k = 0; k < 3; k++)
        KINIT(kc, t + k);
#ifdef KVGROUP
    (void)w1;
    for (i = 0; i < 3; i++) {
        KMUL(kc, t, adj1 + 3 * i, b1);
        KMUL(kc, b + i * bs, v + 3 * i, b2);
        for (k = 1; k < 3; k++) {
            KADDMUL(kc, t, adj1 + 3 * i + k, b1 + k * ibs);
            KADDMUL(kc, b + i * bs, v + 3 * i + k, b2 + k * ibs);
        }
        KSUBMUL(kc, b + i * bs, w2, t);
    }
#else
    (void)v;
    for (k = 0; k < 3; k++) { /* t_k = w1 b2_k - w2 b1_k */
        KMUL(kc, t + k, w1, b2 + k * ibs);
        KSUBMUL(kc, t + k, w2, b1 + k * ibs);
    }
    for (i = 0; i < 3; i++) {
        KMUL(kc, b + i * bs, adj1 + 3 * i, t);
        for (k = 1; k < 3; k++)
            KADDMUL(kc, b + i * bs, adj1 + 3 * i + k, t + k);
    }
#endif
    for (k = 0; k < 3; k++)
        KCLEAR(kc, t + k);
}

/* D_m = 2 L b_m + sum_j A_mj S2_j - w S1_m for the m in mask (bit m),
   b_m = b[m bs], A and w in qv, l2 = 2 L; with s1 NULL, 2 L b_m alone
   (the part that moves, for a translation linear in t). */
KINLINE void K(dvec)(KC kc, KT *dm, const KT *b, int bs,
                           const KT *qv, const KS *l2, const KS *s1,
                           const KS *s2, int mask)
{
    int j, m;
    (void)kc;
    for (m = 0; m < 3; m++) {
        if (!(mask >> m & 1))
            continue;
        KSCALE(kc, dm + m, b + m * bs, l2);
        if (s1 == NULL)
            continue;
        for (j = 0; j < 3; j++)
            KADDSCALE(kc, dm + m, qv + Q_A(m, j), s2 + j);
        KSUBSCALE(kc, dm + m, qv + Q_W, s1 + m);
    }
}

/* The components of direction d against box 1's axes that are not the
   constant 0 (bit m), i.e. the D_m that K(ndot) reads. */
KINLINE int K(dmask)(int d)
{
    const contact_lin *nv = kernel_dirs[d].nv;
    return (nv[0].c != 0) | (nv[1].c != 0) << 1 | (nv[2].c != 0) << 2;
}

/* n = N_d = sum_m (n_d . e_m) D_m.  Returns 0 when every component
   n_d . e_m is exactly zero (the direction is the zero vector: its
   planes are identically zero), else 1. */
KINLINE int K(ndot)(KC kc, KT *n, int d, const KT *qv, const KT *dm)
{
    const contact_lin *nv = kernel_dirs[d].nv;
    int m, nonzero = 0;
    (void)kc;
    KZERO(kc, n);
    KUNROLL3
    for (m = 0; m < 3; m++) {
        if (nv[m].c == 0)
            continue;
        if (nv[m].q == Q_ONE) {
            nonzero = 1;
            if (nv[m].c > 0)
                KADD(kc, n, dm + m);
            else
                KSUB(kc, n, dm + m);
            continue;
        }
        if (!KISZERO(kc, qv + nv[m].q))
            nonzero = 1;
        if (nv[m].c > 0)
            KADDMUL(kc, n, qv + nv[m].q, dm + m);
        else
            KSUBMUL(kc, n, qv + nv[m].q, dm + m);
    }
    return nonzero;
}

/* r = R_d = |w| sum_m E1_m |n_d . e_m| + sum_m E2_m |n_d . a_m|. */
KINLINE void K(radius)(KC kc, KT *r, int d, const KT *qv,
                             const KS *e1, const KS *e2)
{
    const contact_lin *nv = kernel_dirs[d].nv, *na = kernel_dirs[d].na;
    int m;
    (void)kc;
    KZERO(kc, r);
    KUNROLL3
    for (m = 0; m < 3; m++) {
        if (nv[m].c == 0)
            continue;
        if (nv[m].q == Q_ONE)
            KADDS(kc, r, e1 + m);
        else
            KADDABS(kc, r, qv + nv[m].q, nv[m].q, e1 + m);
    }
    KMULABS(kc, r, qv + Q_W, Q_W);
    KUNROLL3
    for (m = 0; m < 3; m++)
        if (na[m].c != 0) /* never the constant 1 (planes.c) */
            KADDABS(kc, r, qv + na[m].q, na[m].q, e2 + m);
}
