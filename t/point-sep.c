/* t/point-sep.c: the contact normal separates the solids just before t,
   checked exactly and without lib/contact/point.c's construction.

   Which condition.  The first idea, "at some rational t' < t every
   vertex of box 1 has n . v below every vertex of box 2", with n the
   fixed reported vector, is FALSE for correct normals: let both boxes
   turn together (the same rotation R(t), tilt angle ~ (t - t*)) while
   box 2 approaches box 1 along their common face normal with a gap
   c(t) ~ (t - t*)^2.  The true separating plane turns with the boxes;
   against the fixed direction n = R(t*) e_z the far corners of the
   tilted faces overlap by ~ |t - t*| * width > c(t), so n itself
   separates nothing just before t*.  What is true is the limit
   statement of query format §5.2: just before t* a plane separates
   the solids, and its normal tends to n as t' -> t*.  The separating
   axis theorem makes that finite and exact: two disjoint boxes are
   strictly separated by a plane normal to one of the 15 candidate
   directions d(t) (the 3 + 3 face normals and the 9 cross products of
   an edge of each), polynomial vectors in t, world frame.  So:

   1. t' = a rational in [lower, t*) such that no "event" lies in
      [t', t*): no root there of any gap polynomial
      d . (v2 - v1) (homogeneous, every d, every vertex pair) nor of
      the weights.  Found from the isolating intervals of each
      polynomial's roots in [lower, hi(t*)]: every root r < t*
      (compared exactly) pushes t' to a rational in (r, t*).
   2. At t' (rational, exact) list every direction d and orientation
      s with s d(t') . (v2 - v1) > 0 for all 64 vertex pairs: strict
      separation.  The solids are disjoint at t' < t* (t* is the first
      contact), so the list is not empty (else SEP_NONE).
   3. Each such gap polynomial keeps its sign on [t', t*), so by
      continuity s d(t*) weakly separates the solids at t*.  The check
      passes when one of them points the way of n at t*: s d(t*) and
      n(t*) parallel (cross product 0) with s d(t*) . n(t*) > 0, exact
      signs at the algebraic t*.  d is first divided by the gcd of its
      components, so d(t*) != 0 (a cross product of edges parallel at
      t* is reduced to the limit direction).
   Then the normal is the limit, as t' -> t*, of normals of planes that
   separate the solids at t' (s d(t') does for every t' in [t', t*)):
   the statement of §5.2.  A wrong orientation or a wrong direction
   fails (a normal that is not the limit of separating normals is not
   parallel to any separating candidate at t*, unless the contact's
   normal cone is wider than one ray, when any supporting plane is a
   valid answer and the check still asks that n be one of the
   candidates' limits). */
#include <stdlib.h>
#include "tap.h"
#include "point-sep.h"

typedef struct {
    boxtoi_poly_struct x[2][8][4]; /* world homogeneous vertices */
    boxtoi_poly_struct d[15][3];   /* candidate directions, reduced */
    boxtoi_poly_struct gap[15][64];
} sep_data;

static void cross(boxtoi_poly_struct *r, const boxtoi_poly_struct *a,
                  const boxtoi_poly_struct *b)
{
    int k;
    for (k = 0; k < 3; k++) {
        boxtoi_poly_mul(r + k, a + (k + 1) % 3, b + (k + 2) % 3);
        boxtoi_poly_submul(r + k, a + (k + 2) % 3, b + (k + 1) % 3);
    }
}

/* Column k of body b's 3x3 block: the world direction of its axis k
   (times the weight, whose sign is immaterial: both orientations of
   every candidate are tried). */
static void column(boxtoi_poly_struct *r, const boxtoi_query_t q, int b,
                   int k)
{
    int i;
    for (i = 0; i < 3; i++)
        boxtoi_poly_set(r + i, q->motion[b].e + 4 * i + k);
}

/* d divided by the gcd of its components (0 stays 0). */
static void reduce(boxtoi_poly_struct *d)
{
    boxtoi_poly_t g, u;
    int k;
    boxtoi_poly_init(g);
    boxtoi_poly_init(u);
    for (k = 0; k < 3; k++)
        boxtoi_poly_gcd(g, g, d + k);
    if (!boxtoi_poly_is_zero(g))
        for (k = 0; k < 3; k++) {
            if (boxtoi_poly_divexact(u, d + k, g) != BOXTOI_OK)
                bail("gcd does not divide");
            boxtoi_poly_swap(u, d + k);
        }
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(u);
}

static void build(sep_data *s, const boxtoi_query_t q)
{
    boxtoi_poly_struct c[2][3][3];
    boxtoi_poly_t u;
    mpz_t l, v;
    int b, i, j, k, r;

    boxtoi_poly_init(u);
    mpz_init(l);
    mpz_init(v);
    for (b = 0; b < 2; b++) {
        /* body vertices [L x; L] with L the boxes' common denominator */
        mpz_set_ui(l, 1);
        for (k = 0; k < 3; k++) {
            mpz_lcm(l, l, mpq_denref(q->box[b].min[k]));
            mpz_lcm(l, l, mpq_denref(q->box[b].max[k]));
        }
        for (i = 0; i < 8; i++)
            for (r = 0; r < 4; r++) {
                boxtoi_poly_struct *x = s->x[b][i] + r;
                boxtoi_poly_scalar_mul_mpz(x, q->motion[b].e + 4 * r + 3, l);
                for (k = 0; k < 3; k++) {
                    mpq_srcptr e = i >> k & 1 ? q->box[b].max[k]
                                              : q->box[b].min[k];
                    mpz_divexact(v, l, mpq_denref(e));
                    mpz_mul(v, v, mpq_numref(e));
                    boxtoi_poly_scalar_mul_mpz(u, q->motion[b].e + 4 * r + k,
                                               v);
                    boxtoi_poly_add(x, x, u);
                }
            }
        for (k = 0; k < 3; k++) {
            for (r = 0; r < 3; r++)
                boxtoi_poly_init(c[b][k] + r);
            column(c[b][k], q, b, k);
        }
    }
    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++)
            cross(s->d[3 * b + k], c[b][(k + 1) % 3], c[b][(k + 2) % 3]);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            cross(s->d[6 + 3 * i + j], c[0][i], c[1][j]);
    for (k = 0; k < 15; k++)
        reduce(s->d[k]);
    /* gap[k][8 i + j] = d . (X_j W_i - X_i W_j), box-1 vertex i, box-2
       vertex j: the sign of d . (v2 - v1) times sgn(W_i W_j) */
    for (k = 0; k < 15; k++)
        for (i = 0; i < 8; i++)
            for (j = 0; j < 8; j++) {
                boxtoi_poly_struct *g = s->gap[k] + 8 * i + j;
                boxtoi_poly_zero(g);
                for (r = 0; r < 3; r++) {
                    boxtoi_poly_mul(u, s->x[1][j] + r, s->x[0][i] + 3);
                    boxtoi_poly_submul(u, s->x[0][i] + r, s->x[1][j] + 3);
                    boxtoi_poly_addmul(g, s->d[k] + r, u);
                }
            }
    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++)
            for (r = 0; r < 3; r++)
                boxtoi_poly_clear(c[b][k] + r);
    boxtoi_poly_clear(u);
    mpz_clear(l);
    mpz_clear(v);
}

/* a = a rational in (r, t), r < t. */
static void between(mpq_t a, const boxtoi_alg_t r, const boxtoi_alg_t t)
{
    boxtoi_alg_t x, y;
    long bits;
    boxtoi_alg_init(x);
    boxtoi_alg_init(y);
    boxtoi_alg_set(x, r);
    boxtoi_alg_set(y, t);
    for (bits = 8;; bits *= 2) {
        if (mpq_cmp(x->hi, y->lo) < 0)
            break;
        boxtoi_alg_refine(x, bits);
        boxtoi_alg_refine(y, bits);
    }
    mpq_add(a, x->hi, y->lo);
    mpq_div_2exp(a, a, 1);
    boxtoi_alg_clear(x);
    boxtoi_alg_clear(y);
}

/* Moves a (< t) up past every root of p below t. */
static void past_roots(mpq_t a, const boxtoi_poly_t p, const boxtoi_alg_t t)
{
    boxtoi_roots_t rr;
    boxtoi_alg_t r;
    long i;
    if (boxtoi_poly_degree(p) < 1)
        return;
    boxtoi_roots_init(rr);
    boxtoi_alg_init(r);
    if (boxtoi_roots_isolate(rr, p, a, t->hi, 0) != BOXTOI_OK)
        bail("roots_isolate");
    for (i = 0; i < rr->n; i++) {
        boxtoi_alg_set_root(r, rr, i);
        if (boxtoi_alg_cmp(r, t) < 0)
            between(a, r, t);
    }
    boxtoi_alg_clear(r);
    boxtoi_roots_clear(rr);
}

/* 1 iff s d(t*) is parallel to n(t*) and points its way. */
static int matches(boxtoi_alg_t t, const boxtoi_poly_struct *d, int s,
                   const boxtoi_poly_struct *n)
{
    boxtoi_poly_struct c[3];
    boxtoi_poly_t dot;
    int k, ok = 1;
    boxtoi_poly_init(dot);
    for (k = 0; k < 3; k++) {
        boxtoi_poly_init(c + k);
        boxtoi_poly_addmul(dot, d + k, n + k);
    }
    cross(c, d, n);
    for (k = 0; k < 3; k++)
        ok &= boxtoi_alg_sgn_poly(t, c + k) == 0;
    ok &= s * boxtoi_alg_sgn_poly(t, dot) > 0;
    for (k = 0; k < 3; k++)
        boxtoi_poly_clear(c + k);
    boxtoi_poly_clear(dot);
    return ok;
}

int sep_check(mpq_t tprime, const boxtoi_query_t q, const boxtoi_alg_t t,
              mpq_srcptr lower, const boxtoi_poly_struct *n)
{
    sep_data *s = malloc(sizeof *s);
    boxtoi_alg_t tt;
    int b, i, j, k, r, sg, nsep = 0, found = 0, sw;

    if (s == NULL)
        bail("out of memory");
    for (b = 0; b < 2; b++)
        for (i = 0; i < 8; i++)
            for (r = 0; r < 4; r++)
                boxtoi_poly_init(s->x[b][i] + r);
    for (k = 0; k < 15; k++) {
        for (r = 0; r < 3; r++)
            boxtoi_poly_init(s->d[k] + r);
        for (i = 0; i < 64; i++)
            boxtoi_poly_init(s->gap[k] + i);
    }
    boxtoi_alg_init(tt);
    boxtoi_alg_set(tt, t);
    build(s, q);
    /* step 1: t' past every event below t* */
    mpq_set(tprime, lower);
    past_roots(tprime, s->x[0][0] + 3, tt);
    past_roots(tprime, s->x[1][0] + 3, tt);
    for (k = 0; k < 15; k++)
        for (i = 0; i < 64; i++)
            past_roots(tprime, s->gap[k] + i, tt);
    /* steps 2 and 3 */
    sw = boxtoi_poly_sgn_at_mpq(s->x[0][0] + 3, tprime)
         * boxtoi_poly_sgn_at_mpq(s->x[1][0] + 3, tprime);
    for (k = 0; k < 15; k++)
        for (sg = -1; sg <= 1; sg += 2) {
            int sep = 1;
            for (i = 0; i < 64 && sep; i++)
                sep = sg * sw * boxtoi_poly_sgn_at_mpq(s->gap[k] + i, tprime)
                      > 0;
            if (!sep)
                continue;
            nsep++;
            found |= matches(tt, s->d[k], sg, n);
        }
    for (b = 0; b < 2; b++)
        for (i = 0; i < 8; i++)
            for (r = 0; r < 4; r++)
                boxtoi_poly_clear(s->x[b][i] + r);
    for (k = 0; k < 15; k++) {
        for (r = 0; r < 3; r++)
            boxtoi_poly_clear(s->d[k] + r);
        for (j = 0; j < 64; j++)
            boxtoi_poly_clear(s->gap[k] + j);
    }
    boxtoi_alg_clear(tt);
    free(s);
    return nsep == 0 ? SEP_NONE : found ? SEP_OK : SEP_WRONG;
}
