/* lib/contact/pointq.h: what lib/contact/pointq.c (the point at a
   rational t) and lib/contact/pointqn.c (the normal) share (not
   installed; doc/algorithm.md §10.4). */
#ifndef BOXTOI_CONTACT_POINTQ_H
#define BOXTOI_CONTACT_POINTQ_H

#include "lib/util/impl.h" /* BOXTOI_HAVE_I128: zctx's layout depends on it */
#include "lib/contact/point.h"

/* Internal names with the library's prefix (lib/contact/impl.h). */
#define zadj3      _boxtoi_point_zadj3
#define znormal    _boxtoi_point_znormal
#define zsign_filter _boxtoi_point_zsign_filter
#define zctx_of    _boxtoi_point_zctx_of
#define zpowers    _boxtoi_point_zpowers
#define zmotion_i128 _boxtoi_point_zmotion_i128
#define zadj3_i128 _boxtoi_point_zadj3_i128
#define zbounds_i128 _boxtoi_point_zbounds_i128
#define zfastv_check _boxtoi_point_zfastv_check
#define zvertex_i128 _boxtoi_point_zvertex_i128
#define zw_i128    _boxtoi_point_zw_i128
#define zdivide_i128 _boxtoi_point_zdivide_i128
#define zadjrel_i128 _boxtoi_point_zadjrel_i128
#define zdot       _boxtoi_point_zdot
#define zvertex    _boxtoi_point_zvertex
#define zpt_orient _boxtoi_point_zpt_orient
#define zsingle    _boxtoi_point_zsingle
#define zadjrel    _boxtoi_point_zadjrel
#define zput       _boxtoi_point_zput

/* The steps at a rational t with a 128-bit path (doc/algorithm.md
   §10.4, "In machine integers"), each counted in zctx.nfast when taken
   (ZF_x) and when left to GMP (ZF_x + 1): the motions at t (per
   motion), adj(A1) (per answer), the bounds times L (per answer), box
   2's vertices and their forms against box 1 (per answer), rel over
   the gcd of its entries and adj(A) of rel (per answer). */
enum {
    ZF_MOTION = 0,
    ZF_ADJ1 = 2,
    ZF_BOUNDS = 4,
    ZF_VERT = 6,
    ZF_DOT = 8, /* zdot's sums of products, per sum */
    ZF_GCD = 10,
    ZF_ADJ = 12,
    ZF_SINGLE = 14, /* the single point from the features (per answer) */
    ZF_SIDE = 16,   /* the normal's side from the tight plane (znormal) */
    ZF_GCDF = 18,   /* rel's gcd from rel_33's factors (zdivide_i128) */
    ZF_N = 20
};

/* zdot's limb path (lib/contact/pointqd.c, doc/algorithm.md §10.4,
   "In limbs"): sums of at most ZL_NT products of one-limb factors. */
#define ZL_NT 4

#ifdef BOXTOI_HAVE_I128
/* a 128-bit integer as an array of one, as mpz_t (pointqstep.h) */
typedef boxtoi_i128 zi_t[1];
#endif

/* A homogeneous point x[0..2] / x[3] of box 1's frame, x[3] > 0. */
typedef struct {
    mpz_t x[4];
} zpt;

/* The integers of one answer at t: the motion M1 at t with adj(A1),
   det A1 of its 3x3 block, the relative
   motion rel with adj(A), det A of its 3x3 block A (sdet its sign), the
   bounds times their common denominator L, scratch, the candidates'
   vertices p with their forms pf, the candidates list with the planes
   each lies on (zero, as clist's) and their average avg, the normal's directions n0, n
   and the boxes' centres cm, the powers pq[0..npq) of zmotion, t as
   a fraction tq, and nf: NULL or the counts
   (point_geometry_q).  Every integer is set before it is read, so one
   zctx serves any number of answers: it is the memory a
   boxtoi_contact_geom keeps between calls (g->scratch, created by the
   first call of boxtoi_contact_geometry at a rational t, freed by
   boxtoi_contact_geom_clear), its integers allocated once instead of
   per answer (doc/algorithm.md §10.4, "Kept integers"). */
typedef struct {
    mpz_t m1[16], adj1[9], det1, rel[16], adj[9], det;
    mpz_t l, lo[2][3], hi[2][3];
    mpz_t u, g, w[3], y[4], ylo[3], yhi[3];
    int sdet;
    zpt p[8];
    mpz_t pf[8][6];
    zpt list[MAXCAND], avg, cm[2];
    unsigned zero[MAXCAND];
    mpz_t m2[16], inv[16], n0[3], n[3];
    mpz_t *pq;
    long npq;
    mpq_t tq;
    long *nf;
    /* ref != 0: the machine-integer steps are skipped (the reference,
       for t/pointq-t); nfast[ZF_*]: how often each step took them or
       GMP (counted, never reset) */
    int ref;
    long nfast[ZF_N];
    /* general != 0: the point always by the candidates, never zsingle,
       and the normal's side always by the centres (their reference,
       for t/pointqs-t; pointqctx.c sets 0) */
    int general;
    /* adjset: adj, det and sdet are this answer's (zadjrel) */
    int adjset;
    int fastv; /* zfastv_check's verdict for this answer */
    int ubits; /* with fastv: U, the bits of box 1's bounds and L */
#ifdef BOXTOI_HAVE_I128
    /* the 128-bit instance's copies (pointq128.c): mi the last motion
       zmotion made in them, and for box 2's vertices and their forms
       against box 1 (zvertex_i128) rel, L and the bounds times L (set
       by zfastv_check), the kept products and scratch of qi_forms */
    zi_t mi[16], rel_i[16], l_i, lo_i[2][3], hi_i[2][3];
    zi_t ylo_i[3], yhi_i[3], u_i;
#endif
} zctx;

/* g's zctx, created (all integers initialised) on first use; c->pq
   with room for n integers (kept, initialised; lib/contact/pointqctx.c). */
zctx *zctx_of(boxtoi_contact_geom *g);
void zpowers(zctx *c, long n);

/* The 128-bit paths (lib/contact/pointq128.c, doc/algorithm.md §10.4,
   "In machine integers"): 1 when taken, 0 (nothing set) when the size
   check refuses.  m = q^N e(p/q) for N = n, the greatest degree of e's
   entries (kept in c->mi too); */
int zmotion_i128(zctx *c, mpz_t *m, const boxtoi_motion_struct *e,
                 mpq_srcptr t, long n);
/* c->adj1, c->det1 from c->mi (M1; fast1: it was formed there), adj(A1)
   over the gcd of its entries; */
int zadj3_i128(zctx *c, int fast1);
/* c->l, c->lo, c->hi (point_bounds); */
int zbounds_i128(zctx *c, const boxtoi_query_t q);
/* c->fastv, and when it is 1 c->ri, c->bi for zvertex_i128; */
void zfastv_check(zctx *c);
/* a vertex of box 2 (pattern axis) into p, its six forms against box 1
   into f and their signs into s (zvertex then zforms of pointq.c;
   first: the feature's first vertex, as qz_forms); */
int zvertex_i128(zctx *c, signed char *s, mpz_t *f, zpt *p,
                 const signed char *axis, int first);
/* c->w[i] = w x_i - b_i x_3 for a point p of box 1 (a vertex: its
   coordinates below 2^U, zfastv_check's), the first step of its forms
   against box 2 (zforms of pointq.c). */
int zw_i128(zctx *c, const zpt *p);
/* c->rel over the gcd of its entries (zdivide_common of pointq.c) when
   every entry is below 2^126; rel_33 = f1 f2, and when both have one
   limb the gcd starts from them (counted in nfast[ZF_GCDF], else
   ZF_GCDF + 1). */
int zdivide_i128(zctx *c, mpz_srcptr f1, mpz_srcptr f2);
/* c->adj, c->det (zadj3 of rel's block) when its entries are below
   2^62. */
int zadjrel_i128(zctx *c);

/* r = sum_k (-1)^(bit k of neg) a_k b_k, k < n: in three limbs when
   n <= ZL_NT and every a_k, b_k is below 2^64 in absolute value (one
   limb; checked first, counted in nfast[ZF_DOT]), else in GMP
   (nfast[ZF_DOT + 1]; always with c->ref); n >= 1, r may be none of
   the a_k, b_k. */
void zdot(zctx *c, mpz_ptr r, int n, mpz_srcptr const *a,
          mpz_srcptr const *b, unsigned neg);

/* p = the vertex of box b with axis[k] = -1 (min) or +1 (max) in box
   1's frame, p->x[3] > 0 (point_hpt_vertex; pointq.c). */
void zvertex(zctx *c, zpt *p, int b, const signed char *axis);
/* p = the constant z, moved (swapped) into p's constant slot rather
   than copied; z is left 0 (pointq.c): the outputs g->point, g->den,
   g->normal, g->nsq from a scratch integer without the copy and the
   temporary that boxtoi_poly_set_mpz makes (z may be p's own
   coefficient there). */
void zput(boxtoi_poly_struct *p, mpz_ptr z);
/* p oriented to p->x[3] >= 0 (negated when x[3] < 0). */
void zpt_orient(zpt *p);
/* 1 and list[0] = the contact point when the answer's features make
   the contact set a single point (lib/contact/pointqs.c,
   doc/algorithm.md §10.5), else 0 (nothing of list set): never with
   c->general. */
int zsingle(zctx *c, zpt *list, const boxtoi_contact_t res);

/* c->adj, c->det, c->sdet of rel's 3x3 block A, formed at the first
   call for an answer (zctx_set clears c->adjset): the candidates and
   the normal's directions from adj(A) read them, the single point of
   zsingle does not (pointq.c). */
void zadjrel(zctx *c);
/* adj = adj(S), det = det S for the 3x3 block S of e (point_adj3). */
void zadj3(mpz_t *adj, mpz_t det, mpz_t *e);
/* sgn(a b - c d) when a static relative-error filter in doubles
   proves it, else 2 (lib/contact/pointq.c; t/point-t compares). */
int zsign_filter(mpz_srcptr a, mpz_srcptr b, mpz_srcptr c, mpz_srcptr d);
/* The normal (point_normal, doc/algorithm.md §10.2): 1 and g->normal,
   g->nsq set when the tight planes' directions span one line and the
   centres orient it (lib/contact/pointqn.c). */
int znormal(zctx *c, boxtoi_contact_geom *g, const boxtoi_contact_t res);

#endif
