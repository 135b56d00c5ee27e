/* lib/contact/point.h: what lib/contact/point.c (the contact point) and
   lib/contact/normal.c (the contact normal) share (not installed; query
   format §5.2, doc/algorithm.md §10). */
#ifndef BOXTOI_CONTACT_POINT_H
#define BOXTOI_CONTACT_POINT_H

#include "boxtoi/contact.h"
#include "lib/util/interval.h"

/* Internal names with the library's prefix (lib/contact/impl.h). */
#define point_hpt_init    _boxtoi_point_hpt_init
#define point_hpt_clear   _boxtoi_point_hpt_clear
#define point_hpt_vertex  _boxtoi_point_hpt_vertex
#define point_average     _boxtoi_point_average
#define point_adj3        _boxtoi_point_adj3
#define point_normal      _boxtoi_point_normal
#define point_ring_init   _boxtoi_point_ring_init
#define point_ring_clear  _boxtoi_point_ring_clear
#define point_red         _boxtoi_point_red
#define point_ring_motion _boxtoi_point_ring_motion
#define point_ring_out    _boxtoi_point_ring_out
#define point_geometry    _boxtoi_point_geometry
#define point_geometry_counted _boxtoi_point_geometry_counted
#define point_hpt_orient  _boxtoi_point_hpt_orient
#define point_geometry_q  _boxtoi_point_geometry_q
#define point_feature_vertices _boxtoi_point_feature_vertices
#define point_flip        _boxtoi_point_flip
#define point_bounds      _boxtoi_point_bounds
#define point_zctx_free   _boxtoi_point_zctx_free
#define pf_init           _boxtoi_point_pf_init
#define pf_clear          _boxtoi_point_pf_clear
#define pf_set            _boxtoi_point_pf_set
#define pf_sign           _boxtoi_point_pf_sign
#define pf_inside         _boxtoi_point_pf_inside
#define pf_cross_inside   _boxtoi_point_pf_cross_inside
#define pf_cross_point    _boxtoi_point_pf_cross_point
#define point_listed      _boxtoi_point_listed
#define point_keep        _boxtoi_point_keep
#define point_own_zero    _boxtoi_point_own_zero

/* A point y = x[0..2] / x[3] of box 1's frame, x[3](t) > 0. */
typedef struct {
    boxtoi_poly_struct x[4];
} hpt;

/* The exact data of one answer, every polynomial in the ring of
   lib/contact/pring.c (in s = a t, modulo the monic mod): s* = a t, the
   motions, the relative motion rel = adj(M1) M2 with its 3x3 block A,
   adj(A) and det A (sdet its sign at t), the boxes' bounds times their
   common denominator L, and scratch polynomials. */
typedef struct {
    boxtoi_alg_t t;                   /* s* = a t */
    boxtoi_poly_t mod;                /* monic, mod(s*) = 0 */
    mpz_t a;                          /* > 0 */
    boxtoi_motion_t m1, m2, rel;
    boxtoi_poly_struct adj[9], det;  /* adj(A), det A of rel */
    mpz_t l, lo[2][3], hi[2][3];      /* bounds times L */
    int sdet;
    long *nf;                         /* point_geometry_counted's */
    boxtoi_poly_t g, u;
    boxtoi_poly_struct y[4], w[3];    /* scratch of point.c */
} pctx;

/* Entry (i, j) of the relative motion. */
static inline const boxtoi_poly_struct *rel_e(const pctx *c, int i, int j)
{
    return c->rel->e + 4 * i + j;
}

void point_hpt_init(hpt *p);
void point_hpt_clear(hpt *p);
/* Makes x[3](t) > 0 (a point is never at infinity here). */
void point_hpt_orient(pctx *c, hpt *p);
/* The vertex of box b with axis[k] = -1 (min) or +1 (max). */
void point_hpt_vertex(pctx *c, hpt *p, int b, const signed char *axis);
/* r = the average of list[0..n-1], n >= 1 (r not in the list). */
void point_average(pctx *c, hpt *r, const hpt *list, int n);
/* adj[3 i + j] = adj(S)_ij for the 3x3 block S of e; det = det S. */
void point_adj3(pctx *c, boxtoi_poly_struct *adj, boxtoi_poly_struct *det,
                const boxtoi_poly_struct *e);
/* The normal (lib/contact/normal.c): 1 and g->normal, g->nsq set when
   the tight planes' directions span one line and the centres orient
   it, else 0. */
int point_normal(pctx *c, boxtoi_contact_geom *g, const boxtoi_contact_t res);

/* The plane forms (lib/contact/pforms.c).  A point's six plane forms
   against box b: f[2 k + side] has the sign of (coordinate k of the
   point in box b's frame) - min[k] (side 0) or max[k] - (coordinate k)
   (side 1), up to a positive factor; the point lies in box b iff all
   six are >= 0 at t.  In box 2's frame the coordinates are Y_k / D with
   Y = adj(A) (w x - b x3) and D = det A x3 (x3 > 0; both negated when
   det A < 0), so f = L Y_k - lo_k D, hi_k D - L Y_k; in box 1's frame
   Y = x, D = x3.  Y and D are computed once per point (they were once
   per plane), the signs once per plane when first asked (s[j] = 2: not
   yet). */
typedef struct {
    boxtoi_poly_struct f[6];
    signed char s[6];
    signed char eok[6];  /* 1: e[j] encloses f[j] at t (set with s[j]) */
    boxtoi_iv e[6];
} pforms;

void pf_init(pforms *pf);
void pf_clear(pforms *pf);
/* pf = the forms of point p against box b, no sign known yet. */
void pf_set(pctx *c, pforms *pf, const hpt *p, int b);
/* The sign at t of form j (computed once). */
int pf_sign(pctx *c, pforms *pf, int j);
/* 1 iff the point lies in the box (plane skip is known to hold). */
int pf_inside(pctx *c, pforms *pf, int skip);
/* 1 iff the crossing point r of the edge from vertex i to vertex q of
   p[] (forms pf[], against box 1 - b) with plane j lies in box 1 - b;
   bit k of *zero then says that r lies on plane k of box 1 - b.
   ref != 0: the reference method (r's own forms, in rf), and r is set
   when it lies in the box; ref = 0: r is not set (pf_cross_point). */
int pf_cross_inside(pctx *c, hpt *r, pforms *rf, hpt *p, pforms *pf,
                    int i, int q, int j, int b, int ref, unsigned *zero);
/* r = that crossing point, oriented: f_j(p) x_q - f_j(q) x_p. */
void pf_cross_point(pctx *c, hpt *r, hpt *p, pforms *pf, int i, int q,
                    int j);

/* The candidates kept so far: the points, and for each the planes of
   both boxes it lies on (bit 6 b + j: plane j of box b). */
typedef struct {
    hpt *p;
    unsigned *zero;
    int n;
    int ref;
} clist;

/* Appends p to the list unless it is there already.  Kept candidates
   are vertices of R, so two are the same point iff they lie on the same
   planes (doc/algorithm.md §10.1, "Equal candidates"); the reference
   (ref != 0) compares their coordinates exactly. */
/* 1 iff zero is among zeros[0..n) (the planes of the candidates kept
   so far: one on the planes zero is listed; pointq.c shares it). */
int point_listed(const unsigned *zeros, int n, unsigned zero);
/* Appends p (taking its polynomials) to l unless it is there already
   (doc/algorithm.md §10.1, "Equal candidates"). */
void point_keep(pctx *c, clist *l, hpt *p, unsigned zero);
/* The planes of its own box b (bits 6 b ..; lo, hi: its bounds times L,
   c->lo[b], c->hi[b]) that the vertex with axis pattern v lies on, the
   coordinate along axis free (-1: none) strictly inside. */
unsigned point_own_zero(mpz_t *lo, mpz_t *hi, const signed char *v, int b,
                        int free);

/* The most candidates of point_geometry: 8 + 8 vertices and the
   crossings of 12 edges with 6 planes, twice. */
#define MAXCAND (8 + 8 + 2 * 12 * 6)

/* The vertices of feature f: v[i] the axis pattern of vertex i; returns
   their number (2^dim). */
int point_feature_vertices(signed char v[8][3], const boxtoi_feature *f);
/* The index in v[0..nv) of vertex i with axis k set to max. */
int point_flip(signed char v[8][3], int nv, int i, int k);

/* l = the common denominator L of the boxes' bounds, lo[b][k] and
   hi[b][k] the bounds of box b times L (all initialised by the
   caller; lib/contact/pointq.c, the GMP instance of pointqstep.h). */
void point_bounds(mpz_t l, mpz_t lo[2][3], mpz_t hi[2][3],
                  const boxtoi_query_t q);

/* point_geometry at a rational t (its value, t): the same quantities
   in integers (lib/contact/pointq.c, doc/algorithm.md §10.4).  nf:
   NULL, or counts incremented for the crossing signs the filter
   decided (nf[0]) and left to the integers (nf[1]) and the candidates
   dropped as equal to an earlier one by their planes (nf[2]; nf[3]
   those of them that are vertices), for the tests. */
int point_geometry_q(boxtoi_contact_geom *g, const boxtoi_contact_t res,
                     const boxtoi_query_t q, mpq_srcptr t, long *nf);

/* Frees the scratch of a boxtoi_contact_geom (pointq.c; NULL: none). */
void point_zctx_free(void *scratch);

/* boxtoi_contact_geometry at an irrational t, and the reference at a
   rational one (t/point-t compares); with ref != 0 the reference method for the
   crossing points' tests (their plane forms built), for the tests. */
int point_geometry(boxtoi_contact_geom *g, const boxtoi_contact_t res,
                   const boxtoi_query_t q, int ref);
/* The same, counting in nf (NULL: not) the crossing signs at an
   irrational t that the enclosures decided (nf[0]) and left to the
   polynomials (nf[1]), and the candidates dropped as equal to an
   earlier one (nf[2]), for the tests. */
int point_geometry_counted(boxtoi_contact_geom *g,
                           const boxtoi_contact_t res,
                           const boxtoi_query_t q, int ref, long *nf);

/* The ring (lib/contact/pring.c).  Sets c->t, c->mod, c->a from t0. */
void point_ring_init(pctx *c, const boxtoi_alg_struct *t0);
void point_ring_clear(pctx *c);
/* p = p modulo c->mod (the same value at s*). */
void point_red(pctx *c, boxtoi_poly_struct *p);
/* m = a^N e(s / a) reduced, N the greatest degree of e's entries. */
void point_ring_motion(pctx *c, boxtoi_motion_t m, const boxtoi_motion_t e);
/* p(s) -> p(a t), a polynomial in t with the same value at t. */
void point_ring_out(pctx *c, boxtoi_poly_struct *p);

#endif
