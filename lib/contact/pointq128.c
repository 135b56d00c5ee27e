/* lib/contact/pointq128.c: the point and normal at a rational t
   (lib/contact/pointq.c) in machine numbers.  The 128-bit paths: the
   motions at t, adj(A1) over its content, the bounds times L, and box
   2's vertices with their forms against box 1, each after a size check
   that keeps every value below 2^126 (doc/algorithm.md §10.4, "In
   machine integers"); each returns 0 and sets nothing when its check
   fails (or without 128-bit integers), and pointq.c then takes its GMP
   steps, the reference (t/pointq-t compares them branch by branch).
   And the crossings' filter in doubles (zsign_filter, §10.4 "The
   filter"). */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/pointq.h"
#include "lib/contact/kernel-i128.h"
#include "lib/util/interval.h"

#ifdef BOXTOI_HAVE_I128

/* z, known to fit (the callers' size checks read it first) */
static inline boxtoi_i128 qi_getz(mpz_srcptr z)
{
    boxtoi_i128 x = 0;
    (void)boxtoi_mpz_get_i128(&x, z, 126);
    return x;
}

/* r = sum_k (-1)^(bit k of neg) a_k b_k (zdot's integers) */
static inline void qi_dot(boxtoi_i128 *r, int n,
                          const boxtoi_i128 *const *a,
                          const boxtoi_i128 *const *b, unsigned neg)
{
    boxtoi_i128 x = 0, y;
    int k;
    for (k = 0; k < n; k++) {
        y = *a[k] * *b[k];
        x = neg >> k & 1 ? x - y : x + y;
    }
    *r = x;
}

/* l = lcm(l, den x) and 1 when den x and the lcm are below 2^62 */
static int qi_lcmden(boxtoi_i128 *l, mpq_srcptr x)
{
    boxtoi_i128 d;
    unsigned long long g, u = (unsigned long long)*l;
    if (!boxtoi_mpz_get_i128(&d, mpq_denref(x), 62))
        return 0;
    g = boxtoi_gcd_u64(u, (unsigned long long)d);
    if ((boxtoi_u128)u * ((unsigned long long)d / g) >> 62 != 0)
        return 0;
    *l = (boxtoi_i128)(u * ((unsigned long long)d / g));
    return 1;
}

/* r = x l and 1 when num x is below 2^63 (l / den x < 2^62: r is below
   2^125) */
static int qi_timesl(boxtoi_i128 *r, const boxtoi_i128 *l, mpq_srcptr x)
{
    boxtoi_i128 num, den = 1;
    if (!boxtoi_mpz_get_i128(&num, mpq_numref(x), 63))
        return 0;
    (void)boxtoi_mpz_get_i128(&den, mpq_denref(x), 62);
    *r = num * (*l / den);
    return 1;
}

/* The steps' 128-bit instance (pointqstep.h), unchecked: each is called
   after its size check below. */
#define Q(n) qi_##n
#define QT boxtoi_i128
#define QA zi_t
#define QV(f) f##_i
#define QSETUI(r, u) (*(r) = (u))
#define QNEG(r) (*(r) = -*(r))
#define QSGN(a) ((*(a) > 0) - (*(a) < 0))
#define QISONE(a) (*(a) == 1)
#define QMUL(r, a, b) (*(r) = *(a) * *(b))
#define QSUB(r, a, b) (*(r) = *(a) - *(b))
#define QADDMULZ(r, z, b) (*(r) += qi_getz(z) * *(b))
#define QDOT(c, r, n, a, b, neg) qi_dot(r, n, a, b, neg)
#define QLCMDEN(c, l, x) qi_lcmden(l, x)
#define QTIMESL(c, r, l, x) qi_timesl(r, l, x)
#include "lib/contact/pointqstep.h"

/* m[0..n) = a[0..n) */
static void qi_export(mpz_t *m, zi_t *a, int n)
{
    int k;
    for (k = 0; k < n; k++)
        boxtoi_mpz_set_i128(m[k], a[k][0]);
}

#endif /* BOXTOI_HAVE_I128 */

/* The greatest degree of a motion read in 128-bit integers. */
#define ZMAXDEG 8

/* m = q^N e(p/q) formed in 128-bit integers (kept in c->mi too) and
   1 when the size bound of
   doc/algorithm.md §10.4 ("In machine integers") holds: every
   coefficient below 2^bc, |p| and q below 2^bt (bt <= 63), N <= ZMAXDEG
   and bc + N bt + ceil(log2(N + 1)) <= 126, so that every power,
   product and sum below is under 2^126; else 0, m and c->mi unset.
   The same integers as zmotion's GMP steps. */
int zmotion_i128(zctx *c, mpz_t *m, const boxtoi_motion_struct *e,
                 mpq_srcptr t, long n)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_i128 p, q, x = 0;
    zi_t pq[ZMAXDEG + 1];
    boxtoi_u128 or = 0;
    long i;
    int k, bt, lg;

    if (n > ZMAXDEG || !boxtoi_mpz_get_i128(&p, mpq_numref(t), 63)
        || !boxtoi_mpz_get_i128(&q, mpq_denref(t), 63))
        return 0;
    for (k = 0; k < 16; k++)
        for (i = 0; i < e->e[k].length; i++) {
            if (!boxtoi_mpz_get_i128(&x, e->e[k].coeffs + i, 126))
                return 0;
            or |= boxtoi_uabs_i128(x);
        }
    bt = boxtoi_nbits_i128(boxtoi_uabs_i128(p) | (boxtoi_u128)q);
    for (lg = 0; (1L << lg) < n + 1; lg++)
        ;
    if (boxtoi_nbits_i128(or) + n * bt + lg > BOXTOI_LIMIT_I128)
        return 0;
    /* pq[i] = q^(n-i) p^i below 2^(n bt) */
    qi_motion(c->mi, pq, e, &p, &q, n);
    qi_export(m, c->mi, 16);
    return 1;
#else
    (void)c;
    (void)m;
    (void)e;
    (void)t;
    (void)n;
    return 0;
#endif
}

/* c->adj1 = adj(A1) / h, c->det1 = det A1 / h for the gcd h > 0 of
   adj(A1)'s entries (a positive factor: the same rel once it is made
   primitive, §10.4) and 1 when M1 is in c->mi (fast1) with every entry
   of A1 below 2^62: the cofactors, below 2^125, and h in 128-bit
   integers (the unchecked kernel instance lu of kernel-i128.h, the same
   formulas as zadj3), det A1 / h (up to 2^188) in GMP; else 0
   (doc/algorithm.md §10.4, "In machine integers"). */
int zadj3_i128(zctx *c, int fast1)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_i128 a[9], adj[9];
    boxtoi_u128 or = 0, h;
    int j;

    if (!fast1 || c->ref)
        return 0;
    for (j = 0; j < 9; j++) {
        a[j] = c->mi[4 * (j / 3) + j % 3][0];
        or |= boxtoi_uabs_i128(a[j]);
    }
    if (boxtoi_nbits_i128(or) > 62)
        return 0;
    lu_adj3(NULL, adj, a);
    for (j = 0, h = 0; j < 9 && h != 1; j++)
        h = boxtoi_gcd_i128(h, boxtoi_uabs_i128(adj[j]));
    for (j = 0; j < 9; j++)
        boxtoi_mpz_set_i128(c->adj1[j], h > 1 ? adj[j] / (boxtoi_i128)h
                                               : adj[j]);
    mpz_set_ui(c->det1, 0);
    for (j = 0; j < 3; j++)
        mpz_addmul(c->det1, c->m1[j], c->adj1[3 * j]);
    return 1;
#else
    (void)c;
    (void)fast1;
    return 0;
#endif
}

/* c->adj = adj(A), c->det = det A for the 3x3 block A of rel (zadj3)
   and 1 when every entry of A is below 2^62: the cofactors, below
   2^125, in 128-bit integers (lu, as zadj3_i128), det A in GMP; the
   same integers as zadj3 (doc/algorithm.md §10.4, "In machine
   integers"); else 0, nothing set. */
int zadjrel_i128(zctx *c)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_i128 a[9], adj[9];
    int j;
    if (c->ref)
        return 0;
    for (j = 0; j < 9; j++)
        if (!boxtoi_mpz_get_i128(a + j, c->rel[4 * (j / 3) + j % 3], 62))
            return 0;
    lu_adj3(NULL, adj, a);
    for (j = 0; j < 9; j++)
        boxtoi_mpz_set_i128(c->adj[j], adj[j]);
    mpz_set_ui(c->det, 0);
    for (j = 0; j < 3; j++)
        mpz_addmul(c->det, c->rel[j], c->adj[3 * j]);
    return 1;
#else
    (void)c;
    return 0;
#endif
}

/* point_bounds in machine integers (qi_bounds) and 1 when every
   corner's numerator is below 2^63, its denominator and their lcm L
   below 2^62: then each bound num (L / den) is below 2^125
   (doc/algorithm.md §10.4, "In machine integers"); else 0, nothing
   set. */
int zbounds_i128(zctx *c, const boxtoi_query_t q)
{
#ifdef BOXTOI_HAVE_I128
    int b;
    if (!qi_bounds(c, c->l_i, c->lo_i, c->hi_i, q))
        return 0;
    boxtoi_mpz_set_i128(c->l, c->l_i[0]);
    for (b = 0; b < 2; b++) {
        qi_export(c->lo[b], c->lo_i[b], 3);
        qi_export(c->hi[b], c->hi_i[b], 3);
    }
    return 1;
#else
    (void)c;
    (void)q;
    return 0;
#endif
}

/* c->fastv = 1 and c->rel_i, c->l_i, c->lo_i, c->hi_i set when box 2's
   vertices and their forms against box 1 fit the bound of
   doc/algorithm.md §10.4 ("In machine integers"): |rel_ij| < 2^R,
   every bound of box 2 and L below 2^V, every bound of box 1 and L
   below 2^U, R + V + U + 3 <= 126 (so each coordinate is below
   2^(R + V + 2) and each form below 2^(R + V + U + 3)); else
   c->fastv = 0.  The bounds were set (L first). */
void zfastv_check(zctx *c)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_u128 orr = 0, orb[2];
    int k, b;

    c->fastv = 0;
    if (c->ref)
        return;
    for (k = 0; k < 16; k++) {
        if (k >= 12 && k < 15)
            continue; /* the bottom row's zeros (M1, M2 affine) */
        if (!boxtoi_mpz_get_i128(c->rel_i[k], c->rel[k], 100))
            return;
        orr |= boxtoi_uabs_i128(c->rel_i[k][0]);
    }
    if (!boxtoi_mpz_get_i128(c->l_i, c->l, 40))
        return;
    for (b = 0; b < 2; b++) {
        orb[b] = (boxtoi_u128)c->l_i[0];
        for (k = 0; k < 3; k++) {
            if (!boxtoi_mpz_get_i128(c->lo_i[b][k], c->lo[b][k], 40)
                || !boxtoi_mpz_get_i128(c->hi_i[b][k], c->hi[b][k], 40))
                return;
            orb[b] |= boxtoi_uabs_i128(c->lo_i[b][k][0])
                      | boxtoi_uabs_i128(c->hi_i[b][k][0]);
        }
    }
    c->ubits = boxtoi_nbits_i128(orb[0]);
    c->fastv = boxtoi_nbits_i128(orr) + boxtoi_nbits_i128(orb[1])
                   + c->ubits + 3
               <= BOXTOI_LIMIT_I128;
#else
    c->fastv = 0;
#endif
}

/* zvertex then zforms for a vertex of box 2 against box 1 (b = 1),
   qi_vertex2 then qi_forms under zfastv_check's bound, the results
   (the same integers) set in p and f too: 1; 0 when !c->fastv. */
int zvertex_i128(zctx *c, signed char *s, mpz_t *f, zpt *p,
                 const signed char *axis, int first)
{
#ifdef BOXTOI_HAVE_I128
    zi_t x[4], fi[6];
    if (!c->fastv)
        return 0;
    qi_vertex2(c, x, axis);
    qi_export(p->x, x, 4);
    qi_forms(c, s, fi, x, 0, first);
    qi_export(f, fi, 6);
    return 1;
#else
    (void)c;
    (void)s;
    (void)f;
    (void)p;
    (void)axis;
    (void)first;
    return 0;
#endif
}

/* zw_i128 (pointq.h): with c->fastv and p's coordinates below 2^U,
   each term of w x_i - b_i x_3 is below 2^(R + U) and w below
   2^(R + U + 1) <= 2^126 (doc/algorithm.md §10.4, "In machine
   integers"): qi_w, 1 and c->w set; else 0. */
int zw_i128(zctx *c, const zpt *p)
{
#ifdef BOXTOI_HAVE_I128
    zi_t x[4], w[3];
    int i;
    if (!c->fastv)
        return 0;
    for (i = 0; i < 4; i++)
        if (!boxtoi_mpz_get_i128(x[i], p->x[i], 63)
            || boxtoi_nbits_i128(boxtoi_uabs_i128(x[i][0])) > c->ubits)
            return 0;
    qi_w(c, w, x);
    qi_export(c->w, w, 3);
    return 1;
#else
    (void)c;
    (void)p;
    return 0;
#endif
}

#ifdef BOXTOI_HAVE_I128
/* u / d with d = gcd(d, u) first (d > 0; *last = k when d changed):
   a step of qi_gcd_factored */
static inline boxtoi_u128 qi_gcd_step(unsigned long long *d, boxtoi_u128 u,
                                      int k, int *last)
{
    boxtoi_u128 q = u / *d;
    if (q * *d != u) { /* gcd(d, u) = gcd(d, u mod d) */
        *d = boxtoi_gcd_u64(*d, (unsigned long long)(u - q * *d));
        *last = k;
        q = u / *d;
    }
    return q;
}

/* The gcd g of x[0..16) when f1 f2 is one of them (rel_33 = det A1 w2)
   and f1, f2 are in [1, 2^64): g kept as ga gb with ga | f1, gb | f2,
   each entry u taking ga' = gcd(ga, u) and gb' = gcd(gb, u / ga'),
   whose product is gcd(ga gb, u) (doc/algorithm.md §10.4, "The gcd"):
   64-bit gcds of a remainder and a division by ga and by gb per entry
   instead of Euclid's 128-bit steps.  y[k] = x[k] / g. */
static boxtoi_u128 qi_gcd_factored(boxtoi_i128 *y, const boxtoi_i128 *x,
                                   unsigned long long ga,
                                   unsigned long long gb)
{
    boxtoi_u128 u, g;
    int k, last = 0;
    for (k = 0; k < 16; k++) {
        u = boxtoi_uabs_i128(x[k]);
        if (u != 0 && ga > 1)
            u = qi_gcd_step(&ga, u, k, &last);
        if (u != 0 && gb > 1)
            u = qi_gcd_step(&gb, u, k, &last);
        y[k] = x[k] < 0 ? -(boxtoi_i128)u : (boxtoi_i128)u;
    }
    /* the entries before the last change went over a multiple of g */
    g = (boxtoi_u128)ga * gb;
    for (k = 0; k < last; k++)
        y[k] = x[k] / (boxtoi_i128)g;
    return g;
}
#endif

/* rel over the gcd g > 0 of its entries (zdivide_common of pointq.c)
   and 1 when every entry is below 2^126: g by remainders of
   magnitudes (boxtoi_gcd_i128; a divisibility test first, as in
   zdivide_common, measured slower here) and the exact quotients, which only
   shrink, in 128-bit integers: the same integers as the GMP steps
   (doc/algorithm.md §10.4, "The gcd"); else 0, rel unchanged. */
int zdivide_i128(zctx *c, mpz_srcptr f1, mpz_srcptr f2)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_i128 x[16];
    boxtoi_u128 g = 0;
    int k;
    if (c->ref)
        return 0;
    for (k = 0; k < 16; k++)
        if (!boxtoi_mpz_get_i128(x + k, c->rel[k], 126))
            return 0;
    if (mpz_size(f1) == 1 && mpz_size(f2) == 1) {
        boxtoi_i128 y[16];
        c->nfast[ZF_GCDF]++;
        if (qi_gcd_factored(y, x, mpz_getlimbn(f1, 0), mpz_getlimbn(f2, 0))
            > 1)
            for (k = 0; k < 16; k++)
                boxtoi_mpz_set_i128(c->rel[k], y[k]);
        return 1;
    }
    c->nfast[ZF_GCDF + 1]++;
    for (k = 0; k < 16 && g != 1; k++)
        g = boxtoi_gcd_i128(g, boxtoi_uabs_i128(x[k]));
    if (g > 1)
        for (k = 0; k < 16; k++)
            boxtoi_mpz_set_i128(c->rel[k], x[k] / (boxtoi_i128)g);
    return 1;
#else
    (void)c;
    (void)f1;
    (void)f2;
    return 0;
#endif
}

/* Each integer truncated to a double mantissa in [1/2, 1) times 2^e
   (mpz_get_d_2exp, e exact).  A product's magnitude lies in
   [2^(e - 2), 2^e) for the sum e of its factors' exponents, so
   exponents 2 or more apart (or a product 0) decide the sign exactly;
   otherwise the two mantissa products, brought to one exponent by an
   exact doubling, and their difference in doubles, which
   boxtoi_fe_sign's bound (§4.5) covers, 6 roundings deep
   (doc/algorithm.md §10.4, "The filter").  Two products 0: 2. */
int zsign_filter(mpz_srcptr a, mpz_srcptr b, mpz_srcptr c,
                        mpz_srcptr d)
{
    long ea, eb, ec, ed, e;
    double x = mpz_get_d_2exp(&ea, a) * mpz_get_d_2exp(&eb, b);
    double y = mpz_get_d_2exp(&ec, c) * mpz_get_d_2exp(&ed, d);
    if (x == 0 && y == 0)
        return 2;
    e = ea + eb - ec - ed;
    if (y == 0 || (x != 0 && e >= 2))
        return x > 0 ? 1 : -1;
    if (x == 0 || e <= -2)
        return y > 0 ? -1 : 1;
    if (e == 1)
        x *= 2;
    else if (e == -1)
        y *= 2;
    return boxtoi_fe_sign(x - y, fabs(x) + fabs(y));
}
