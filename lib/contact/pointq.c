/* lib/contact/pointq.c: the contact point and normal at a rational
   t = p/q in GMP integers (doc/algorithm.md §10.4).  The motion at t,
   the bounds, box 2's vertices, the forms and w are the steps of
   pointqstep.h, written once: their GMP instance (qz_*) is here, the
   reference and the fallback; the 128-bit instance (pointq128.c) is
   taken when a size check made first allows (§10.4, "In machine
   integers"), and the sums of products go to three limbs when every
   factor has one (zdot, pointqd.c, §10.4 "In limbs"); zctx.ref forces
   the GMP steps for t/pointq-t.

   At a rational t the ring of lib/contact/pring.c is Z: every quantity
   of point.c, pforms.c and normal.c is the integer value of a
   polynomial of degree 0, every reduction a no-op and every sign that
   of an integer.  This file takes those steps on mpz_t directly, with
   the same scalings (a motion entry e is q^N e(p/q), N the greatest
   degree of its motion; the bounds times their common denominator L)
   except that rel = adj(M1) M2 is divided by the gcd of its entries,
   which changes no point and no sign and scales the normal by a
   positive factor (§10.4): the same candidates (§10.1), the same
   average, the same normal direction (§10.2).  It builds no
   polynomial, no plane forms of polynomials and no polynomial motion
   adjugate (doc/performance.md, "Writing a result line"); a crossing
   point's forms come from its edge's vertices' forms, their signs
   through a floating-point filter (§10.4, in pointq128.c), and its
   coordinates only when it is kept: equal candidates are told by the
   planes they lie on (point_listed, §10.1 "Equal candidates"), never
   by coordinates.  When the answer's features make the contact set a
   single point, zsingle (pointqs.c, §10.5) forms it instead of the
   candidates.  The normal is in pointqn.c.  t/pointq-t compares
   it with point_geometry (both of its modes) wherever t is rational. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/pointq.h"
#include "lib/contact/kernel-gmp.h"

/* l = lcm(l, den x); the common case den x = 1 without a gcd. */
static void lcm_den(mpz_t l, mpq_srcptr x)
{
    if (mpz_cmp_ui(mpq_denref(x), 1) != 0)
        mpz_lcm(l, l, mpq_denref(x));
}

/* r = x l (an integer: den x divides l). */
static void times_l(mpz_t r, mpz_srcptr l, mpq_srcptr x)
{
    if (mpz_cmp_ui(mpq_denref(x), 1) == 0) {
        mpz_mul(r, l, mpq_numref(x));
        return;
    }
    mpz_divexact(r, l, mpq_denref(x));
    mpz_mul(r, r, mpq_numref(x));
}

/* The steps' GMP instance (pointqstep.h), the reference: every size. */
#define Q(n) qz_##n
#define QT __mpz_struct
#define QA mpz_t
#define QV(f) f
#define QSETUI(r, u) mpz_set_ui(r, u)
#define QNEG(r) mpz_neg(r, r)
#define QSGN(a) mpz_sgn(a)
#define QISONE(a) (mpz_cmp_ui(a, 1) == 0)
#define QMUL(r, a, b) mpz_mul(r, a, b)
#define QSUB(r, a, b) mpz_sub(r, a, b)
#define QADDMULZ(r, z, b) mpz_addmul(r, z, b)
#define QDOT zdot
#define QLCMDEN(c, l, x) (lcm_den(l, x), 1)
#define QTIMESL(c, r, l, x) (times_l(r, l, x), 1)
#include "lib/contact/pointqstep.h"

void point_bounds(mpz_t l, mpz_t lo[2][3], mpz_t hi[2][3],
                  const boxtoi_query_t q)
{
    (void)qz_bounds(NULL, l, lo, hi, q);
}

void zpt_orient(zpt *p)
{
    int k;
    if (mpz_sgn(p->x[3]) < 0)
        for (k = 0; k < 4; k++)
            mpz_neg(p->x[k], p->x[k]);
}

/* m = q^N e(p/q), N the greatest degree of e's entries (as
   point_ring_motion then point_red): entry sum_i c_i p^i q^(N-i) with
   the N + 1 products p^i q^(N-i) computed once; in 128-bit integers
   when the bound of zmotion_i128 holds (then kept in c->mi too, and 1
   returned), else in GMP (0). */
static int zmotion(zctx *c, mpz_t *m, const boxtoi_motion_struct *e,
                   mpq_srcptr t)
{
    long n = 0;
    int k;

    for (k = 0; k < 16; k++)
        if (boxtoi_poly_degree(e->e + k) > n)
            n = boxtoi_poly_degree(e->e + k);
    if (!c->ref && zmotion_i128(c, m, e, t, n)) {
        c->nfast[ZF_MOTION]++;
        return 1;
    }
    c->nfast[ZF_MOTION + 1]++;
    zpowers(c, n + 1);
    qz_motion(m, c->pq, e, mpq_numref(t), mpq_denref(t), n);
    return 0;
}

/* adj = adj(S), det = det S for the 3x3 block S of e (point_adj3). */
void zadj3(mpz_t *adj, mpz_t det, mpz_t *e)
{
    __mpz_struct a[9], r[9]; /* views of S's entries, only read */
    int j;
    for (j = 0; j < 9; j++) {
        a[j] = *e[4 * (j / 3) + j % 3];
        r[j] = *adj[j];
    }
    kz_adj3(NULL, r, a);
    for (j = 0; j < 9; j++)
        *adj[j] = r[j];
    mpz_set_ui(det, 0);
    for (j = 0; j < 3; j++)
        mpz_addmul(det, e[j], adj[3 * j]);
}

/* m[0..15] over the gcd g of its entries (g > 0).  g is the gcd of
   the entries seen so far; an entry that g divides leaves it as it is,
   which a divisibility test (one division) shows more cheaply than a
   gcd (doc/algorithm.md §10.4, "The gcd"; mpz_divisible_p(m, 0) holds
   only for m = 0, which leaves g = 0 as it should). */
static void zdivide_common(mpz_t *m, mpz_t g)
{
    int k;
    for (k = 0, mpz_set_ui(g, 0); k < 16 && mpz_cmp_ui(g, 1) != 0; k++)
        if (!mpz_divisible_p(m[k], g))
            mpz_gcd(g, g, m[k]);
    for (k = 0; k < 16 && mpz_cmp_ui(g, 1) > 0; k++)
        mpz_divexact(m[k], m[k], g);
}

/* rel = adj(M1) M2 (boxtoi_motion_adjugate, boxtoi_motion_mul) over the
   common factor of its entries (the same primitive matrix as with
   adj(M1) divided first: measured cheaper without).  M1 is affine (boxtoi_query_check), so
   adj(M1) = [w1 adj(A1), -adj(A1) b1; 0, det A1], the adjugate's
   cofactors with the bottom row's zeros dropped; dividing a homogeneous
   matrix by a positive factor changes no value and no sign of what
   follows, every quantity being homogeneous in rel (doc/algorithm.md
   §10.4). */
static void zrel(zctx *c, mpz_t *m1, mpz_t *m2, int fast1)
{
    mpz_t *inv = c->inv;
    mpz_srcptr a[4], b[4];
    int i, j, k;

    if (zadj3_i128(c, fast1)) {
        c->nfast[ZF_ADJ1]++;
    } else {
        c->nfast[ZF_ADJ1 + 1]++;
        zadj3(c->adj1, c->det1, m1);
    }
    for (i = 0; i < 3; i++) {
        mpz_set_ui(inv[12 + i], 0);
        for (j = 0; j < 3; j++) {
            mpz_mul(inv[4 * i + j], c->adj1[3 * i + j], m1[15]);
            a[j] = c->adj1[3 * i + j];
            b[j] = m1[4 * j + 3];
        }
        zdot(c, inv[4 * i + 3], 3, a, b, 7);
    }
    mpz_set(inv[15], c->det1);
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            for (k = 0; k < 4; k++) {
                a[k] = inv[4 * i + k];
                b[k] = m2[4 * k + j];
            }
            zdot(c, c->rel[4 * i + j], 4, a, b, 0);
        }
    if (zdivide_i128(c, inv[15], m2[15])) { /* rel_33 = det A1 w2 */
        c->nfast[ZF_GCD]++;
    } else {
        c->nfast[ZF_GCD + 1]++;
        zdivide_common(c->rel, c->g);
    }
}

void zadjrel(zctx *c)
{
    if (c->adjset)
        return;
    c->adjset = 1;
    if (zadjrel_i128(c)) {
        c->nfast[ZF_ADJ]++;
    } else {
        c->nfast[ZF_ADJ + 1]++;
        zadj3(c->adj, c->det, c->rel);
    }
    c->sdet = mpz_sgn(c->det);
}

/* c's integers of the answer at t to query q (zctx: nothing of an
   earlier answer is read). */
static void zctx_set(zctx *c, mpq_srcptr t, const boxtoi_query_t q)
{
    int fast1;
    zmotion(c, c->m2, q->motion + 1, t);
    fast1 = zmotion(c, c->m1, q->motion, t); /* c->mi: M1's */
    zrel(c, c->m1, c->m2, fast1);
    c->adjset = 0;
    if (!c->ref && zbounds_i128(c, q)) {
        c->nfast[ZF_BOUNDS]++;
    } else {
        c->nfast[ZF_BOUNDS + 1]++;
        qz_bounds(c, c->l, c->lo, c->hi, q);
    }
    zfastv_check(c);
    c->nfast[ZF_VERT + !c->fastv]++;
}

void zvertex(zctx *c, zpt *p, int b, const signed char *axis)
{
    int k;
    if (b == 1) {
        qz_vertex2(c, p->x, axis);
        return;
    }
    for (k = 0; k < 3; k++)
        mpz_set(p->x[k], axis[k] < 0 ? c->lo[0][k] : c->hi[0][k]);
    mpz_set(p->x[3], c->l);
}

/* The signs of p's six plane forms against box b (qz_forms): y = p
   in box b's frame, for b = 1 (a vertex of box 1) adj(A) w with w
   from qz_w (or zw_i128) and y_3 = det(A) x_3, made positive. */
static void zforms(zctx *c, signed char *s, mpz_t *f, zpt *p, int b,
                   int first)
{
    mpz_t *y = c->y;
    int k;
    if (b == 0) {
        qz_forms(c, s, f, p->x, 0, first);
        return;
    }
    if (!zw_i128(c, p))
        qz_w(c, c->w, p->x);
    for (k = 0; k < 3; k++) {
        mpz_srcptr za[3] = {c->adj[3 * k], c->adj[3 * k + 1],
                            c->adj[3 * k + 2]};
        mpz_srcptr zb[3] = {c->w[0], c->w[1], c->w[2]};
        zdot(c, y[k], 3, za, zb, 0);
    }
    mpz_mul(y[3], c->det, p->x[3]);
    if (c->sdet < 0)
        for (k = 0; k < 4; k++)
            mpz_neg(y[k], y[k]);
    qz_forms(c, s, f, y, 1, first);
}

static int zinside(const signed char *s)
{
    int j;
    for (j = 0; j < 6; j++)
        if (s[j] < 0)
            return 0;
    return 1;
}

/* Appends the candidate on the planes z to the list unless one on the
   same planes is there (doc/algorithm.md §10.1, "Equal candidates",
   point_listed): then 0 (counted in c->nf[2], and in c->nf[3] too
   for a vertex), else 1 and list[*n - 1] is its slot, for the caller
   to set. */
static int zkeep(zctx *c, int *n, unsigned z, int vertex)
{
    if (point_listed(c->zero, *n, z)) {
        if (c->nf != NULL) {
            c->nf[2]++;
            c->nf[3] += vertex;
        }
        return 0;
    }
    c->zero[(*n)++] = z;
    return 1;
}

/* The sign of form k at the crossing r of the edge from vertex i to
   vertex q with plane j (sgn f_j(p_i) = sp = -sgn f_j(p_q) != 0), from
   the vertices' forms (cross_sign of pforms.c, doc/algorithm.md §10.1):
   read off the signs unless they are strictly opposite, else
   sp sgn(f_j(p_i) f_k(p_q) - f_j(p_q) f_k(p_i)), filtered (counted in
   c->nf: [0] decided, [1] fallen back to the integers). */
static int zcross_sign(zctx *c, signed char s[8][6], int i, int q,
                       int j, int k)
{
    mpz_t *fi = c->pf[i], *fq = c->pf[q];
    int a = s[i][k], b = s[q][k], sg;
    if (a >= 0 && b >= 0)
        return a > 0 || b > 0;
    if (a <= 0 && b <= 0)
        return -(a < 0 || b < 0);
    sg = zsign_filter(fi[j], fq[k], fq[j], fi[k]);
    if (c->nf != NULL)
        c->nf[sg == 2]++;
    if (sg == 2) {
        mpz_srcptr za[2] = {fi[j], fq[j]}, zb[2] = {fq[k], fi[k]};
        zdot(c, c->g, 2, za, zb, 2);
        sg = mpz_sgn(c->g);
    }
    return s[i][j] * sg;
}

/* The candidates of feature f of box b (candidates of point.c,
   doc/algorithm.md §10.1): its vertices inside box 1 - b, and the
   points x_r = f_j(p) x_q - f_j(q) x_p where an edge crosses a plane j
   of box 1 - b strictly, inside it (r's forms from the vertices'),
   each told from the earlier ones by the planes it lies on and its
   coordinates set only when it is new. */
static void zcandidates(zctx *c, zpt *list, int *n, int b,
                        const boxtoi_feature *f)
{
    signed char v[8][3], s[8][6];
    zpt *p = c->p;
    int nv, i, k, j, m, q, sg, o = 6 * (1 - b);
    unsigned z;

    nv = point_feature_vertices(v, f);
    for (i = 0; i < nv; i++) {
        if (b == 0 || !zvertex_i128(c, s[i], c->pf[i], p + i, v[i],
                                          i == 0)) {
            zvertex(c, p + i, b, v[i]);
            zforms(c, s[i], c->pf[i], p + i, 1 - b, i == 0);
        }
        if (zinside(s[i])) {
            z = point_own_zero(c->lo[b], c->hi[b], v[i], b, -1);
            for (j = 0; j < 6; j++)
                z |= (unsigned)(s[i][j] == 0) << (o + j);
            if (zkeep(c, n, z, 1))
                for (m = 0; m < 4; m++)
                    mpz_set(list[*n - 1].x[m], p[i].x[m]);
        }
    }
    for (i = 0; i < nv; i++)
        for (k = 0; k < 3; k++) {
            if (f->axis[k] != 0 || v[i][k] > 0)
                continue;
            q = point_flip(v, nv, i, k);
            for (j = 0; j < 6; j++) {
                if (s[i][j] * s[q][j] >= 0)
                    continue;
                z = 1u << j;
                for (m = 0; m < 6; m++) {
                    if (m == j)
                        continue;
                    sg = zcross_sign(c, s, i, q, j, m);
                    if (sg < 0)
                        break;
                    z |= (unsigned)(sg == 0) << m;
                }
                if (m < 6)
                    continue;
                z = point_own_zero(c->lo[b], c->hi[b], v[i], b, k) | z << o;
                if (!zkeep(c, n, z, 0))
                    continue;
                for (m = 0; m < 4; m++) {
                    mpz_srcptr za[2] = {c->pf[i][j], c->pf[q][j]};
                    mpz_srcptr zb[2] = {p[q].x[m], p[i].x[m]};
                    zdot(c, list[*n - 1].x[m], 2, za, zb, 2);
                }
                zpt_orient(list + *n - 1);
            }
        }
}

/* r = the average of list[0..n-1], n >= 1 (point_average). */
static void zaverage(zctx *c, zpt *r, zpt *list, int n, mpz_t u)
{
    int i, k;
    for (k = 0; k < 4; k++)
        mpz_set(r->x[k], list[0].x[k]);
    for (i = 1; i < n; i++) {
        for (k = 0; k < 3; k++) {
            mpz_srcptr za[2] = {r->x[k], list[i].x[k]};
            mpz_srcptr zb[2] = {list[i].x[3], r->x[3]};
            zdot(c, u, 2, za, zb, 0);
            mpz_swap(u, r->x[k]);
        }
        mpz_mul(r->x[3], r->x[3], list[i].x[3]);
    }
    mpz_mul_si(r->x[3], r->x[3], n);
}

/* (pointq.h) boxtoi_poly_zero leaves every slot 0 (lib/poly's
   invariant), so z gets 0 and p the value, normalised as a constant. */
void zput(boxtoi_poly_struct *p, mpz_ptr z)
{
    boxtoi_poly_zero(p);
    boxtoi_poly_fit_length(p, 1);
    mpz_swap(p->coeffs, z);
    boxtoi_poly_set_length_normalise(p, 1);
}

int point_geometry_q(boxtoi_contact_geom *g, const boxtoi_contact_t res,
                     const boxtoi_query_t q, mpq_srcptr t, long *nf)
{
    zctx *c;
    zpt *list, *avg;
    int n = 0, k, r;

    if (res->status != BOXTOI_CONTACT)
        return BOXTOI_EINVAL;
    c = zctx_of(g);
    list = c->list;
    avg = &c->avg;
    zctx_set(c, t, q);
    c->nf = nf;
    if (zsingle(c, list, res)) {
        c->nfast[ZF_SINGLE]++;
        n = 1;
    } else {
        c->nfast[ZF_SINGLE + 1]++;
        zadjrel(c);
        zcandidates(c, list, &n, 0, res->feature);
        zcandidates(c, list, &n, 1, res->feature + 1);
    }
    if (n == 0) {
        /* the whole solids (point_geometry, doc/algorithm.md §10.1) */
        static const boxtoi_feature solid = {{0, 0, 0}};
        zcandidates(c, list, &n, 0, &solid);
        zcandidates(c, list, &n, 1, &solid);
    }
    g->nvert = n;
    g->has_normal = 0;
    if (n > 0) {
        zaverage(c, avg, list, n, c->u);
        /* world = M1 [y; 1]: (e1_r . (x, x3)) / (w1 x3) */
        for (r = 0; r < 3; r++) {
            mpz_srcptr za[4], zb[4];
            for (k = 0; k < 4; k++) {
                za[k] = c->m1[4 * r + k];
                zb[k] = avg->x[k];
            }
            zdot(c, c->g, 4, za, zb, 0);
            zput(g->point + r, c->g);
        }
        mpz_mul(c->g, c->m1[15], avg->x[3]);
        zput(&g->den, c->g);
        g->has_normal = !res->initial && znormal(c, g, res);
    }
    c->nf = NULL;
    return n > 0 ? BOXTOI_OK : BOXTOI_EINTERNAL;
}
