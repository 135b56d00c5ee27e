/* t/oracle.c: an independent exact first-contact solver for the tests:
   its frames and static test (the candidate times are in
   t/oracle-first.c).

   Method.  Box A's solid is seen in box B's body frame through the
   homogeneous map N = adj(M_B) M_A (adj(M) = w det(A) M^-1 for an affine
   M = [[A, b], [0, w]], taken blockwise), reduced by the polynomial gcd
   of its entries.  A body point p of A lands at X(t) / W(t) with X, W
   integer polynomials, W = N[3][3] (times a positive constant).  W has
   no root in the range (it divides det(A_B) w_A), so its sign there is
   its sign at any one point.

   Static test at one time t (vertex_inside, edge_face): the closed
   solids meet iff (a) a vertex of box 2 lies in box 1, or (b) a vertex
   of box 1 lies in box 2, or (c) an edge of one box meets a face
   (closed rectangle {p in box : p_k = bound}, degenerate for a flat
   box) of the other.  Proof of "only if": let x be an extreme point of
   the non-empty compact convex set K = B1 cap B2, F1, F2 the polytope
   faces of B1, B2 with x in their relative interiors.  A common
   direction of F1 and F2 would give a segment of K through x, so their
   direction spaces meet only in 0 and dim F1 + dim F2 <= 3.  dim 0 is
   (a) or (b).  Otherwise one is an edge E and the other an edge or a
   2-face.  (1, 2): E is not parallel to the face, which is one of the
   box's six rectangles.  (1, 1): E1 is not parallel to E2 and E2 lies
   on two face planes of its box (in that box's frame the planes
   x_i = const for the two axes i other than E2's, also for flat boxes,
   whose faces we keep as degenerate rectangles); E1 cannot be parallel
   to both, so it meets that face crossing its plane.  Hence an edge
   parallel to a face plane (n.d = 0) may be skipped: the pairs needed
   above never are parallel.  Also the polytope edges and 2-faces of a
   (flat) box are among its 12 edges and 6 rectangles.

   The edge/face test is exact: with f_a, f_b the values of the plane
   function at the ends (F below), the crossing parameter is
   s = f_a / (f_a - f_b), in [0, 1] iff sgn f_a sgn f_b <= 0 and not
   both vanish; the crossing point's other coordinates m satisfy
   x_m - c = (f_a g_b - f_b g_a) / ((f_a - f_b) W) up to a positive
   constant, g the plane function of the bound c on axis m.

   Candidate times.  Every sign used above is the sign of an F
   polynomial (vertex v on face plane k of the other box, both ways) or
   of f_a g_b - f_b g_a, which is a non-zero multiple of the
   coplanarity polynomial det(d1, d2, P2 - P1) of a box-1 edge line and
   a box-2 edge line (coplanarity is affine-invariant, so it has the
   same zeros in either frame), or of W (constant); sgn(f_a - f_b) is
   needed only when sgn f_a sgn f_b <= 0 and not both vanish, where it
   follows from sgn f_a and sgn f_b.  Suppose the first contact is at
   t* > t0 and no non-identically-zero candidate vanishes at t*.  Then
   on a neighbourhood J of t* every candidate is either identically
   zero or of constant non-zero sign, so the static test has the same
   outcome on all of J, but it fails just before t* and holds at t*.
   So t* is t0 or a root of a candidate that is not identically zero
   (an identically-zero one never changes sign and carries no time).
   The oracle tests t0, then the distinct roots in (t0, t1] in
   increasing order (exact comparison), and returns the first at which
   the static test holds.  A sound shortcut (outside() below, off with
   ORACLE_PURE) rejects a time at once when all vertices of one box are
   strictly outside a face plane of the other.  No floating point
   decides anything: signs at algebraic times come from
   boxtoi_alg_sgn_poly, with an MPFR interval evaluation used only when
   it excludes zero.
   References: doc/algorithm.md §4 (what the answer is); Canny's
   vertex-face/edge-edge contact conditions (J. Canny, "Collision
   detection for moving polyhedra", IEEE PAMI 8(2), 1986). */
#include <stdlib.h>
#include <string.h>
#include "oracle-impl.h"
#include "tap.h"

#define P(m, i, j) ((m) + 4 * (i) + (j))

/* ---- 4x4 polynomial matrices --------------------------------------- */

void oracle_mat_mul(boxtoi_poly_struct *res, const boxtoi_poly_struct *a,
                    const boxtoi_poly_struct *b)
{
    int i, j, k;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            boxtoi_poly_zero(P(res, i, j));
            for (k = 0; k < 4; k++)
                boxtoi_poly_addmul(P(res, i, j), P(a, i, k), P(b, k, j));
        }
}

/* res = det of the upper-left 3x3 block of m (4x4, row-major). */
static void block_det(boxtoi_poly_t res, const boxtoi_poly_struct *m)
{
    boxtoi_poly_t t, u;
    int j;
    boxtoi_poly_init(t);
    boxtoi_poly_init(u);
    boxtoi_poly_zero(res);
    for (j = 0; j < 3; j++) { /* expansion along row 0 */
        int c0 = (j + 1) % 3, c1 = (j + 2) % 3;
        boxtoi_poly_mul(t, P(m, 1, c0), P(m, 2, c1));
        boxtoi_poly_submul(t, P(m, 1, c1), P(m, 2, c0));
        boxtoi_poly_mul(u, P(m, 0, j), t);
        boxtoi_poly_add(res, res, u); /* cyclic cofactor: sign + */
    }
    boxtoi_poly_clear(t);
    boxtoi_poly_clear(u);
}

/* Divides the n polynomials by their polynomial gcd (content included).
   Used only on homogeneous matrices whose entries' gcd divides a factor
   without roots in the range, so the map is unchanged. */
static void reduce(boxtoi_poly_struct *p, int n)
{
    boxtoi_poly_t g;
    mpz_t c, d;
    int i;
    boxtoi_poly_init(g);
    mpz_init(c);
    mpz_init(d);
    for (i = 0; i < n; i++)
        if (!boxtoi_poly_is_zero(p + i)) {
            boxtoi_poly_gcd(g, g, p + i);
            boxtoi_poly_content(d, p + i);
            mpz_gcd(c, c, d);
        }
    /* g is primitive, so (Gauss) dividing by it keeps the contents */
    if (boxtoi_poly_degree(g) > 0)
        for (i = 0; i < n; i++)
            if (boxtoi_poly_divexact(p + i, p + i, g) != BOXTOI_OK)
                bail("oracle: gcd does not divide an entry");
    if (mpz_cmp_ui(c, 1) > 0)
        for (i = 0; i < n; i++)
            boxtoi_poly_scalar_divexact_mpz(p + i, p + i, c);
    boxtoi_poly_clear(g);
    mpz_clear(c);
    mpz_clear(d);
}

/* res = adj(m) (up to the scalar factor kept in it) for an affine m:
   [[w adj(A), -adj(A) b], [0, det A]] = w det(A) m^-1.  Returns 0 if
   m's bottom row is not [0, 0, 0, w] with w != 0. */
static int inverse(boxtoi_poly_struct *res, const boxtoi_poly_struct *m)
{
    boxtoi_poly_t adj[9];
    int i, j;
    if (!boxtoi_poly_is_zero(P(m, 3, 0)) || !boxtoi_poly_is_zero(P(m, 3, 1))
        || !boxtoi_poly_is_zero(P(m, 3, 2)) || boxtoi_poly_is_zero(P(m, 3, 3)))
        return 0;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            /* adj(A)[i][j] = cofactor (j, i): the minor without row j and
               column i, cyclic indices absorb the sign */
            int r0 = (j + 1) % 3, r1 = (j + 2) % 3;
            int c0 = (i + 1) % 3, c1 = (i + 2) % 3;
            boxtoi_poly_init(adj[3 * i + j]);
            boxtoi_poly_mul(adj[3 * i + j], P(m, r0, c0), P(m, r1, c1));
            boxtoi_poly_submul(adj[3 * i + j], P(m, r0, c1), P(m, r1, c0));
        }
    for (i = 0; i < 3; i++) {
        boxtoi_poly_zero(P(res, i, 3));
        for (j = 0; j < 3; j++) {
            boxtoi_poly_mul(P(res, i, j), adj[3 * i + j], P(m, 3, 3));
            boxtoi_poly_submul(P(res, i, 3), adj[3 * i + j], P(m, j, 3));
        }
        boxtoi_poly_zero(P(res, 3, i));
    }
    block_det(P(res, 3, 3), m);
    for (i = 0; i < 9; i++)
        boxtoi_poly_clear(adj[i]);
    return 1;
}

/* ---- frames ---------------------------------------------------------- */

static void frame_init(oracle_frame *f)
{
    int v, k;
    for (v = 0; v < 8; v++)
        for (k = 0; k < 3; k++) {
            boxtoi_poly_init(&f->X[v][k]);
            boxtoi_poly_init(&f->F[v][k][0]);
            boxtoi_poly_init(&f->F[v][k][1]);
        }
    boxtoi_poly_init(&f->W);
    f->sw = 0;
}

static void frame_clear(oracle_frame *f)
{
    int v, k;
    for (v = 0; v < 8; v++)
        for (k = 0; k < 3; k++) {
            boxtoi_poly_clear(&f->X[v][k]);
            boxtoi_poly_clear(&f->F[v][k][0]);
            boxtoi_poly_clear(&f->F[v][k][1]);
        }
    boxtoi_poly_clear(&f->W);
}

mpq_srcptr oracle_bound(const boxtoi_box_struct *b, int k, int s)
{
    return s ? b->max[k] : b->min[k];
}

/* Builds f for guest box g moved by mg, host box h moved by mh.  Returns
   0 if mh is not affine (the caller checks validity on the range). */
static int frame_build(oracle_frame *f, const boxtoi_box_struct *h,
                       const boxtoi_motion_struct *mh,
                       const boxtoi_box_struct *g,
                       const boxtoi_motion_struct *mg)
{
    boxtoi_poly_struct inv[16], n[16];
    boxtoi_poly_t t;
    mpz_t d, c;
    int i, j, v, s, ok;
    for (i = 0; i < 16; i++) {
        boxtoi_poly_init(inv + i);
        boxtoi_poly_init(n + i);
    }
    boxtoi_poly_init(t);
    mpz_init(d);
    mpz_init(c);
    ok = inverse(inv, mh->e);
    if (ok) {
        reduce(inv, 16);
        oracle_mat_mul(n, inv, mg->e);
        reduce(n, 16);
        /* d: common denominator of the guest's coordinates; the guest's
           vertex p goes to N [d p; d], an integer combination */
        mpz_set_ui(d, 1);
        for (j = 0; j < 3; j++) {
            mpz_lcm(d, d, mpq_denref(g->min[j]));
            mpz_lcm(d, d, mpq_denref(g->max[j]));
        }
        boxtoi_poly_scalar_mul_mpz(&f->W, P(n, 3, 3), d);
        for (v = 0; v < 8; v++)
            for (i = 0; i < 3; i++) {
                boxtoi_poly_struct *x = &f->X[v][i];
                boxtoi_poly_scalar_mul_mpz(x, P(n, i, 3), d);
                for (j = 0; j < 3; j++) {
                    mpq_srcptr p = oracle_bound(g, j, (v >> j) & 1);
                    mpz_divexact(c, d, mpq_denref(p));
                    mpz_mul(c, c, mpq_numref(p));
                    boxtoi_poly_scalar_mul_mpz(t, P(n, i, j), c);
                    boxtoi_poly_add(x, x, t);
                }
                for (s = 0; s < 2; s++) {
                    mpq_srcptr b = oracle_bound(h, i, s);
                    boxtoi_poly_scalar_mul_mpz(&f->F[v][i][s], x,
                                               mpq_denref(b));
                    boxtoi_poly_scalar_mul_mpz(t, &f->W, mpq_numref(b));
                    boxtoi_poly_sub(&f->F[v][i][s], &f->F[v][i][s], t);
                }
            }
    }
    for (i = 0; i < 16; i++) {
        boxtoi_poly_clear(inv + i);
        boxtoi_poly_clear(n + i);
    }
    boxtoi_poly_clear(t);
    mpz_clear(d);
    mpz_clear(c);
    return ok;
}

/* ---- the static test at one time -------------------------------------- */

void oracle_ctx_init(oracle_ctx *c)
{
    frame_init(&c->fr[0]);
    frame_init(&c->fr[1]);
    mpq_init(c->tq);
    boxtoi_alg_init(c->ta);
    boxtoi_poly_init(c->u);
    c->fast = 1;
}

void oracle_ctx_clear(oracle_ctx *c)
{
    frame_clear(&c->fr[0]);
    frame_clear(&c->fr[1]);
    mpq_clear(c->tq);
    boxtoi_alg_clear(c->ta);
    boxtoi_poly_clear(c->u);
}

void oracle_ctx_set_mpq(oracle_ctx *c, mpq_srcptr t)
{
    c->rational = 1;
    mpq_set(c->tq, t);
    memset(c->sf, 2, sizeof c->sf);
}

void oracle_ctx_set_alg(oracle_ctx *c, const boxtoi_alg_t t)
{
    boxtoi_alg_set(c->ta, t);
    if (!boxtoi_alg_is_rational_fast(c->ta))
        boxtoi_alg_refine(c->ta, 64); /* helps the MPFR filter below */
    /* refinement may land on the root: then it is rational */
    c->rational = boxtoi_alg_is_rational_fast(c->ta)
                  || mpq_equal(c->ta->lo, c->ta->hi);
    if (c->rational)
        mpq_set(c->tq, c->ta->lo);
    memset(c->sf, 2, sizeof c->sf);
}

/* Exact sign of p at the current time. */
static int sgn_at(oracle_ctx *c, const boxtoi_poly_t p)
{
    int s;
    if (c->rational)
        return boxtoi_poly_sgn_at_mpq(p, c->tq);
    /* a filter: a non-zero answer is a proof of the sign on [lo, hi] */
    s = boxtoi_poly_sgn_on_interval_mpfr(p, c->ta->lo, c->ta->hi, 128);
    if (s != 0)
        return s;
    return boxtoi_alg_sgn_poly(c->ta, p);
}

static int sgn_f(oracle_ctx *c, int f, int v, int k, int s)
{
    if (c->sf[f][v][k][s] == 2)
        c->sf[f][v][k][s] = (signed char)sgn_at(c, &c->fr[f].F[v][k][s]);
    return c->sf[f][v][k][s];
}

/* (a)/(b): guest vertex v of oracle_frame f inside the host box. */
static int vertex_inside(oracle_ctx *c, int f, int v)
{
    int k, sw = c->fr[f].sw;
    for (k = 0; k < 3; k++)
        if (sgn_f(c, f, v, k, 0) * sw < 0 || sgn_f(c, f, v, k, 1) * sw > 0)
            return 0;
    return 1;
}

/* (c): the guest edge a-b of oracle_frame f meets the host face {x_k = bound
   (k, s)}.  See the file comment for the formulas. */
static int edge_face(oracle_ctx *c, int f, int a, int b, int k, int s)
{
    oracle_frame *fr = &c->fr[f];
    int fa = sgn_f(c, f, a, k, s), fb = sgn_f(c, f, b, k, s);
    int sd, i, side;
    if (fa * fb > 0 || (fa == 0 && fb == 0))
        return 0; /* misses the plane, or parallel (skipped, see above) */
    sd = fa != 0 ? fa : -fb; /* sign of f_a - f_b */
    for (i = 1; i < 3; i++) {
        int m = (k + i) % 3;
        for (side = 0; side < 2; side++) {
            int d; /* sign of f_a g_b - f_b g_a */
            if (fa == 0)
                d = -fb * sgn_f(c, f, a, m, side);
            else if (fb == 0)
                d = fa * sgn_f(c, f, b, m, side);
            else {
                boxtoi_poly_mul(c->u, &fr->F[a][k][s], &fr->F[b][m][side]);
                boxtoi_poly_submul(c->u, &fr->F[b][k][s],
                                   &fr->F[a][m][side]);
                d = sgn_at(c, c->u);
            }
            d *= sd * fr->sw; /* sign of x_m - oracle_bound(m, side) */
            if ((side == 0 && d < 0) || (side == 1 && d > 0))
                return 0;
        }
    }
    return 1;
}

/* 1 if every guest vertex of oracle_frame f lies strictly outside the host's
   face plane (k, s): then the guest lies in an open half-space that
   misses the host, and the solids are disjoint.  Only a shortcut for
   the common far-apart case; (a)-(c) decide everything else. */
static int outside(oracle_ctx *c, int f, int k, int s)
{
    int v, want = s ? 1 : -1;
    for (v = 0; v < 8; v++)
        if (sgn_f(c, f, v, k, s) * c->fr[f].sw != want)
            return 0;
    return 1;
}

/* The static test (a)-(c) at the current time of c. */
int oracle_meet(oracle_ctx *c)
{
    int f, v, i, k, s;
    if (c->fast)
        for (f = 0; f < 2; f++)
            for (k = 0; k < 3; k++)
                for (s = 0; s < 2; s++)
                    if (outside(c, f, k, s))
                        return 0;
    for (f = 0; f < 2; f++)
        for (v = 0; v < 8; v++)
            if (vertex_inside(c, f, v))
                return 1;
    for (f = 0; f < 2; f++)
        for (i = 0; i < 3; i++)
            for (v = 0; v < 8; v++) {
                if ((v >> i) & 1)
                    continue;
                for (k = 0; k < 3; k++)
                    for (s = 0; s < 2; s++)
                        if (edge_face(c, f, v, v | (1 << i), k, s))
                            return 1;
            }
    return 0;
}

/* Builds both frames of q into c.  Returns 0 if a motion is not affine. */
int oracle_ctx_build(oracle_ctx *c, const boxtoi_query_t q)
{
    return frame_build(&c->fr[0], &q->box[0], &q->motion[0], &q->box[1],
                       &q->motion[1])
           && frame_build(&c->fr[1], &q->box[1], &q->motion[1], &q->box[0],
                          &q->motion[0]);
}

int oracle_motion_ok(const boxtoi_motion_struct *m, mpq_srcptr t0,
                     mpq_srcptr t1)
{
    boxtoi_poly_t d;
    boxtoi_sturm_t st;
    int i, ok = 1;
    if (!boxtoi_poly_is_zero(P(m->e, 3, 0))
        || !boxtoi_poly_is_zero(P(m->e, 3, 1))
        || !boxtoi_poly_is_zero(P(m->e, 3, 2)))
        return 0;
    boxtoi_poly_init(d);
    boxtoi_sturm_init(st);
    block_det(d, m->e);
    for (i = 0; i < 2 && ok; i++) {
        const boxtoi_poly_struct *p = i ? d : P(m->e, 3, 3);
        if (boxtoi_poly_is_zero(p))
            ok = 0;
        else if (t1 != NULL && mpq_equal(t0, t1))
            ok = boxtoi_poly_sgn_at_mpq(p, t0) != 0;
        else if (boxtoi_sturm_set(st, p) != BOXTOI_OK
                 || boxtoi_sturm_count(st, t0, t1, 0) != 0)
            ok = 0;
    }
    boxtoi_poly_clear(d);
    boxtoi_sturm_clear(st);
    return ok;
}

int oracle_intersect_at_mpq(const boxtoi_query_t q, mpq_srcptr t)
{
    oracle_ctx c;
    int r = -1;
    if (!oracle_motion_ok(&q->motion[0], t, t)
        || !oracle_motion_ok(&q->motion[1], t, t))
        return -1;
    oracle_ctx_init(&c);
    if (oracle_ctx_build(&c, q)) {
        /* W divides det(A) w of the motions, so it is non-zero at t */
        c.fr[0].sw = boxtoi_poly_sgn_at_mpq(&c.fr[0].W, t);
        c.fr[1].sw = boxtoi_poly_sgn_at_mpq(&c.fr[1].W, t);
        c.fast = 0;
        oracle_ctx_set_mpq(&c, t);
        r = oracle_meet(&c);
    }
    oracle_ctx_clear(&c);
    return r;
}
