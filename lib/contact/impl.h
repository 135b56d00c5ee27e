/* lib/contact/impl.h: declarations shared inside the contact layer (not
   installed). */
#ifndef BOXTOI_CONTACT_IMPL_H
#define BOXTOI_CONTACT_IMPL_H

#include "lib/util/impl.h" /* BOXTOI_HAVE_I128: the layout of the
                               structs below depends on it */
#include "boxtoi/contact.h"
#include "lib/util/interval.h"
#include "lib/poly/poly128.h"
#include "lib/motion/impl.h" /* motion_checked */

/* Internal names carry the library's prefix _boxtoi_ (every global symbol
   of libboxtoi starts with boxtoi_ or _boxtoi_; t/symbols-t.sh checks),
   while the code keeps the short names, as GMP maps mpz_add to
   __gmpz_add. */
#define contact_box_data              _boxtoi_contact_box_data
#define contact_boxz_clear            _boxtoi_contact_boxz_clear
#define contact_boxz_init             _boxtoi_contact_boxz_init
#define contact_cert_clear            _boxtoi_contact_cert_clear
#define contact_cert_init             _boxtoi_contact_cert_init
#define contact_ctx_boxz              _boxtoi_contact_ctx_boxz
#define contact_ctx_clear             _boxtoi_contact_ctx_clear
#define contact_ctx_has_rel           _boxtoi_contact_ctx_has_rel
#define contact_ctx_init              _boxtoi_contact_ctx_init
#define contact_ctx_rel               _boxtoi_contact_ctx_rel
#define contact_ctx_rel_i128          _boxtoi_contact_ctx_rel_i128
#define contact_route_build_range     _boxtoi_contact_route_build_range
#define contact_certify               _boxtoi_contact_certify
#define contact_certify_initial       _boxtoi_contact_certify_initial
#define contact_check_limits          _boxtoi_contact_check_limits
#define contact_dir_is_zero           _boxtoi_contact_dir_is_zero
#define contact_dirs                  _boxtoi_contact_dirs
#define contact_fast_window           _boxtoi_contact_fast_window
#define contact_fast_window_cert      _boxtoi_contact_fast_window_cert
#define contact_iv_abs                _boxtoi_contact_iv_abs
#define contact_iv_add                _boxtoi_contact_iv_add
#define contact_iv_horner             _boxtoi_contact_iv_horner
#define contact_iv_mul                _boxtoi_contact_iv_mul
#define contact_iv_neg                _boxtoi_contact_iv_neg
#define contact_iv_set_mpq            _boxtoi_contact_iv_set_mpq
#define contact_iv_set_mpz_2exp       _boxtoi_contact_iv_set_mpz_2exp
#define contact_iv_sub                _boxtoi_contact_iv_sub
#define contact_ivctx_clear           _boxtoi_contact_ivctx_clear
#define contact_ivctx_failed          _boxtoi_contact_ivctx_failed
#define contact_ivctx_init            _boxtoi_contact_ivctx_init
#define contact_ivctx_reset           _boxtoi_contact_ivctx_reset
#define contact_lin_sign              _boxtoi_contact_lin_sign
#define contact_meet_at               _boxtoi_contact_meet_at
#define contact_one_root              _boxtoi_contact_one_root
#define contact_one_root_signed       _boxtoi_contact_one_root_signed
#define contact_plane_features        _boxtoi_contact_plane_features
#define contact_planes_at_mpq         _boxtoi_contact_planes_at_mpq
#define contact_rational_between      _boxtoi_contact_rational_between
#define contact_intervals_known       _boxtoi_contact_intervals_known
#define contact_intervals_of          _boxtoi_contact_intervals_of
#define contact_intervals_push        _boxtoi_contact_intervals_push
#define contact_intervals_reset       _boxtoi_contact_intervals_reset
#define contact_pieces_walk           _boxtoi_contact_pieces_walk
#define contact_prefetch_check_limits _boxtoi_contact_prefetch_check_limits
#define contact_relative_motion       _boxtoi_contact_relative_motion
#define contact_relative_motion_gmp   _boxtoi_contact_relative_motion_gmp
#define contact_rel_i128              _boxtoi_contact_rel_i128
#define contact_relative_motion_i128  _boxtoi_contact_relative_motion_i128
#define contact_reset                 _boxtoi_contact_reset
#define contact_motion_get_i128       _boxtoi_contact_motion_get_i128
#define contact_set_features          _boxtoi_contact_set_features
#define contact_set_linear_root       _boxtoi_contact_set_linear_root
#define contact_sign_on_hull          _boxtoi_contact_sign_on_hull

/* Forces the inlining of a small function (the plane kernel's instances
   on machine numbers, kernel.h), where the compiler allows it. */
#if defined(__GNUC__)
#define CONTACT_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define CONTACT_ALWAYS_INLINE static inline
#endif

/* Unroll the loop that follows (three or fifteen iterations) where the
   compiler takes the request (GCC 8 and later, clang): a loop over the
   directions unrolled with the kernel's loops over the components, the
   kernel reads the direction table's entries as constants (kernel.h,
   KUNROLL3). */
#define CONTACT_UNROLL3 UTIL_UNROLL(3)
#define CONTACT_UNROLL15 UTIL_UNROLL(15)

/* Quantity indices (contact.h, "Quantities"); QONE is the constant 1,
   used where a direction's component is a constant. */
#define Q_A(i, j) (3 * (i) + (j))
#define Q_ADJ(i, j) (9 + 3 * (i) + (j))
#define Q_W 18
#define Q_DET 19
#define Q_ONE 20

/* A component of a direction: c * quantity q (c in {-1, 0, 1}). */
typedef struct {
    signed char c;
    signed char q;
} contact_lin;

/* A direction of the plane geometry (doc/algorithm.md §3.2): its
   components nv[m] = n . e_m against box 1's axes and na[m] = n . a_m
   against box 2's scaled axes (a_m the columns of A), each 0 or +- one
   quantity, and the kind of feature pair its planes carry.  Every
   computation of the planes (the closed form in GMP and in 128 bits,
   the route, the filter, the certificate, the exact test at a point)
   reads the directions from contact_dirs, the 15 facet normals of the
   Minkowski sum of two boxes (planes.c), through the one plane kernel
   (kernel.h, doc/algorithm.md §4.5; the kernel reads a static copy made
   from the same initializer, dirs.h, so that its entries are constants
   to the compiler): other solids would change the table, not the code
   that reads it. */
typedef struct {
    contact_lin nv[3];
    contact_lin na[3];
    const char *kind; /* "face-vertex", "vertex-face" or "edge-edge" */
} contact_dir;

extern const contact_dir contact_dirs[BOXTOI_NDIRS];

/* Sign of c * quantity q given the quantities' signs sg[0..19]. */
int contact_lin_sign(contact_lin l, const signed char *sg);

/* Supporting features on plane j given the quantities' signs sg (at a
   sample point or at the contact time): box 1's in direction +-n and
   box 2's in the opposite direction. */
void contact_plane_features(boxtoi_feature f[2], int j,
                            const signed char *sg);

/* res = the root of p, of degree 1, exactly (a rational). */
void contact_set_linear_root(boxtoi_alg_struct *res,
                             const boxtoi_poly_struct *p);

/* Sets every field of res but t to "no contact, nothing counted". */
void contact_reset(boxtoi_contact_t res);

/* Sets res->tight and res->feature from the signs sg of the quantities
   at the contact time and the planes zero[j] that vanish there; e1, e2
   point to the boxes' three (scaled) extents. */
void contact_set_features(boxtoi_contact_t res, mpz_srcptr e1, mpz_srcptr e2,
                          const signed char *sg, const int *zero);

/* The translational closed form's internals (contact_linear, its number
   types, the floating-point filter's decision, the word paths) are in
   lib/contact/linear.h. */

#ifdef BOXTOI_HAVE_I128
/* contact_relative_motion in 128-bit integers (relmotion128.c): its 16
   entries (den 1), or 0 when a number does not fit; and the conversion
   of such a motion to GMP.  chk (NULL when unknown) is what the check
   learnt about motions 1 and 2 (contact_ctx's chk, motion_checked in
   lib/motion/impl.h): motion 1's verdict and both motions' numerators,
   used instead of being found again here. */
int contact_rel_i128(poly_i128 out[16], const boxtoi_query_t q,
                     const motion_checked *chk);
void contact_motion_get_i128(boxtoi_motion_t rel, const poly_i128 m[16]);
#endif

/* Returns 1 if direction d is the zero vector where the quantities have
   signs sg. */
int contact_dir_is_zero(int d, const signed char *sg);

/* Sets x to a rational strictly between the algebraic numbers a < b,
   refining their intervals until they are apart (route.c: a section's
   sample; intervals.c: a point of a gap). */
void contact_rational_between(mpq_t x, boxtoi_alg_t a, boxtoi_alg_t b);

/* Values of the 30 planes at a rational t (absolute values taken at t,
   valid in any section containing t); val[0..29] initialised. */
void contact_planes_at_mpq(mpq_ptr val, mpq_srcptr t,
                           const boxtoi_route_t r);

/* +1 (resp. -1) when p is proved positive (negative) on the whole
   closed interval [lo, hi] (hi NULL: [lo, +inf)), by an MPFR interval
   evaluation or by Descartes' rule; 0 when not proved (p may have a root
   there).  tmp is scratch space. */
int contact_sign_on_hull(const boxtoi_poly_t p, mpq_srcptr lo, mpq_srcptr hi,
                         boxtoi_poly_t tmp);

/* If p (degree >= 2) changes sign strictly between lo < hi and has
   exactly one root there by Descartes' rule, sets c to that root (the
   canonical square-free part of p with the interval [lo, hi], which
   satisfies the invariant of alg.h) and returns 1, with no Sturm
   sequence; otherwise returns 0.  tmp is scratch. */
int contact_one_root(boxtoi_alg_t c, const boxtoi_poly_t p, mpq_srcptr lo,
                     mpq_srcptr hi, boxtoi_poly_t tmp);
/* The same when the caller has proved p(lo) p(hi) < 0 (and deg p >= 2,
   lo < hi). */
int contact_one_root_signed(boxtoi_alg_t c, const boxtoi_poly_t p,
                            mpq_srcptr lo, mpq_srcptr hi, boxtoi_poly_t tmp);

/* Limits check of a query against opts. */
int contact_check_limits(const boxtoi_query_t q, const boxtoi_options *opts,
                         boxtoi_errinfo *err);

/* The same, and on the same walk starts loading q's numbers into the
   caches (no effect on any result; see query.c). */
int contact_prefetch_check_limits(const boxtoi_query_t q,
                                  const boxtoi_options *opts,
                                  boxtoi_errinfo *err);

/* The relative motion adj(M1) M2 with the gcd of its entries divided
   out, normalised, den 1 (doc/algorithm.md §2; relmotion.c).  q valid. */
void contact_relative_motion(boxtoi_motion_t rel, const boxtoi_query_t q);

/* Its two implementations: in 128-bit integers (relmotion128.c; returns
   0 without touching rel when a number does not fit, or without 128-bit
   integers) and in GMP.  They give the same motion.  The GMP version
   first divides adj(M1) by a power h^k (k = 1, 2) of motion 1's weight
   when h divides it exactly (relmotion.c, rel_reduced: a rigid M1) and
   returns k; with general != 0 it takes the plain product (k = 0), the
   reference the tests compare it with. */
int contact_relative_motion_i128(boxtoi_motion_t rel,
                                 const boxtoi_query_t q);
int contact_relative_motion_gmp(boxtoi_motion_t rel,
                                const boxtoi_query_t q, int general);

/* Integer box data over the common denominator l of all corners:
   e_b[k] = l (max_b - min_b)[k], s_b[k] = l (max_b + min_b)[k] for the
   arrays e1, e2, s1, s2 of three initialised integers each. */
void contact_box_data(mpz_ptr l, mpz_ptr e1, mpz_ptr e2, mpz_ptr s1,
                      mpz_ptr s2, const boxtoi_query_t q);

/* The same data as one value: contact_boxz_init initialises the
   integers and sets them from q (contact_box_data); contact_boxz_clear
   frees them. */
typedef struct {
    mpz_t l, e1[3], e2[3], s1[3], s2[3];
} contact_boxz;

void contact_boxz_init(contact_boxz *b, const boxtoi_query_t q);
void contact_boxz_clear(contact_boxz *b);

/* The per-query context (ctx.c): what the closed form, the filter,
   the certificate and the route share, computed once per query and on
   first use: the query (already checked by boxtoi_query_check and
   against the limits, so never validated again), its boxes in integer
   form, and its relative motion (contact_relative_motion) in 128-bit
   integers when it fits and as GMP polynomials.  Set up by
   contact_ctx_init, freed by contact_ctx_clear. */
typedef struct {
    const boxtoi_query_struct *q;
    contact_boxz bz;
    int bz_ready;
#ifdef BOXTOI_HAVE_I128
    poly_i128 rel_i128[16];
    int rel_i128_state; /* 0 not tried, 1 in rel_i128, -1 does not fit */
#endif
    boxtoi_motion_struct rel;
    int rel_ready;
    /* what the check learnt about motions 1 and 2 (motion_checked,
       lib/motion/impl.h; NULL unknown): storage of the caller, filled by
       contact_query_check, read by the 128-bit relative motion */
    const motion_checked *chk;
} contact_ctx;

void contact_ctx_init(contact_ctx *ctx, const boxtoi_query_t q);
#define contact_query_check _boxtoi_contact_query_check
/* boxtoi_query_check, the same verdict and message; when chk is not
   NULL, chk[b] also receives what the check learnt about motion b + 1
   (motion_check), for contact_ctx's chk. */
int contact_query_check(const boxtoi_query_t q, boxtoi_errinfo *err,
                        motion_checked chk[2]);
void contact_ctx_clear(contact_ctx *ctx);
/* The boxes in integer form. */
const contact_boxz *contact_ctx_boxz(contact_ctx *ctx);
/* The relative motion as GMP polynomials (from the 128-bit one when
   that was built). */
const boxtoi_motion_struct *contact_ctx_rel(contact_ctx *ctx);
/* 1 once the relative motion has been built in either form. */
int contact_ctx_has_rel(const contact_ctx *ctx);
#ifdef BOXTOI_HAVE_I128
/* The relative motion in 128-bit integers, or NULL when it does not
   fit. */
const poly_i128 *contact_ctx_rel_i128(contact_ctx *ctx);
#endif

/* The 30 planes at the rational t, exactly, from the relative motion rel
   of the valid query q (contact_relative_motion) and q's box data bz
   (contact_boxz_init), without the route:
   returns 1 when every plane is >= 0 there (the solids meet), 0 when
   not, -1 when rel's degree is too large to try.  When not NULL,
   sg[0..19] receives the quantities' signs and zero[0..29] whether each
   plane vanishes (then every plane is evaluated); these are the route's
   at t (planes.c). */
int contact_meet_at(signed char *sg, int *zero, const boxtoi_motion_struct *rel,
                    const contact_boxz *bz, mpq_srcptr t);

/* ---- the interval pre-filter (lib/contact/fast.c) ------------------ */

/* A closed interval of doubles [lo, hi].  The operations below return
   an interval containing every exact result of the operation on points
   of the operands (outward rounding), unless a bound is not finite,
   which contact_ivctx_failed reports afterwards (the value is then
   junk). */
typedef boxtoi_iv contact_iv;

typedef struct {
    mpfr_t f;   /* 53-bit scratch for conversions, when have_f */
    int have_f;
    int bad;    /* sticky: some bound was not finite */
    boxtoi_ivchk chk; /* check word of lib/util/interval.h: 0 while all
                         bounds are finite; read through
                         contact_ivctx_failed */
} contact_ivctx;

void contact_ivctx_init(contact_ivctx *c);
/* Forgets earlier failures; 1 if some bound computed since the last
   reset was not finite (the results are then junk). */
void contact_ivctx_reset(contact_ivctx *c);
int contact_ivctx_failed(contact_ivctx *c);
void contact_ivctx_clear(contact_ivctx *c);
contact_iv contact_iv_add(contact_ivctx *c, contact_iv a, contact_iv b);
contact_iv contact_iv_sub(contact_ivctx *c, contact_iv a, contact_iv b);
contact_iv contact_iv_mul(contact_ivctx *c, contact_iv a, contact_iv b);
contact_iv contact_iv_neg(contact_iv a);
contact_iv contact_iv_abs(contact_iv a);
/* *r = an interval containing x (resp. x 2^e). */
void contact_iv_set_mpq(contact_ivctx *c, contact_iv *r, mpq_srcptr x);
void contact_iv_set_mpz_2exp(contact_ivctx *c, contact_iv *r, mpz_srcptr x,
                             long e);
/* Encloses sum p[i] t^i over t (Horner); len 0 gives [0, 0]. */
contact_iv contact_iv_horner(contact_ivctx *c, const contact_iv *p, long len,
                             contact_iv t);

/* Verdicts of contact_fast_window. */
enum {
    CONTACT_FAST_SEPARATED, /* proved: no contact in the whole range */
    CONTACT_FAST_WINDOW,    /* proved: no contact in [t0, w0) */
    CONTACT_FAST_BOUNDED    /* proved: no contact in [t0, w0), contact at
                               w1, t0 <= w0 <= w1 <= t1 */
};

/* Interval pre-solve of a valid query q (doc/algorithm.md §4; see
   fast.c).  Sets w0 (t0 <= w0, a double or t0; w0 = t0 when nothing was
   proved) and, for CONTACT_FAST_BOUNDED, w1 (a double); w1 is untouched
   otherwise.  Never fails: when in doubt it proves less. */
int contact_fast_window(mpq_t w0, mpq_t w1, const boxtoi_query_t q);

/* A certificate window of the pre-filter: no contact on [t0, a) (a a
   double, possibly below t0), contact at b > a, and every plane but
   plane on all of [a, b] either proved positive or identically zero
   with a zero direction; the planes are numbered in the orientation of
   the unreduced relative motion adj(M1) M2 (a positive or negative
   polynomial multiple of the route's: the pair of planes of a
   direction may be swapped).  plane = -1: no certificate.  Set up by
   contact_cert_init, released by contact_cert_clear. */
typedef struct {
    mpq_t a, b;
    int plane;
    /* the quantities' signs on all of [a, b] (of rel's, in the order of
       contact.h) proved by the interval evaluation that found the
       window: +-1, or 2 when not proved; valid when plane >= 0 */
    signed char qsg[BOXTOI_NQUANT];
    /* set by contact_certify: 1 when it built the plane polynomials
       with GMP (the relative motion or a plane did not fit in 128 bits,
       or no 128-bit integers), 0 in 128-bit integers (t/fast-t.c pairs
       the two) */
    int gmp_planes;
} contact_fast_cert;

void contact_cert_init(contact_fast_cert *cert);
void contact_cert_clear(contact_fast_cert *cert);

/* contact_fast_window on the query of ctx, and when the verdict is
   CONTACT_FAST_BOUNDED and cert is not NULL, a certificate window
   inside [w0, w1] (cert->plane >= 0) if the bisection finds one.  With
   cert, the filter reads the relative motion of ctx (in 128-bit
   integers when it fits); without, it computes its own in GMP (the
   reference branch, t/fast-t.c). */
int contact_fast_window_cert(mpq_t w0, mpq_t w1, contact_fast_cert *cert,
                             contact_ctx *ctx);

/* The certified path (certify.c, doc/algorithm.md §4.2): given a
   certificate window of the pre-filter (contact_fast_window_cert) of
   the query of ctx, proves the first contact to be the only root of
   one exact plane polynomial in it and sets res exactly as the search
   would (returns 1), or returns 0 and leaves res alone when any step
   fails to prove its claim. */
int contact_certify(boxtoi_contact_t res, contact_ctx *ctx,
                    contact_fast_cert *cert);

/* If the solids of the query of ctx meet at t0 (decided exactly from
   its relative motion, without the route), sets res as the search would
   (initial contact at t0, tight planes, features) and returns 1;
   otherwise returns 0 and leaves res alone (certify.c). */
int contact_certify_initial(boxtoi_contact_t res, contact_ctx *ctx);

/* The route of the query of ctx on the range [t0, t1] (t1 NULL: +inf)
   inside the query's, without checking the query again (route.c): a
   window of the filter is a range, not a copied query. */
int contact_route_build_range(boxtoi_route_t r, contact_ctx *ctx,
                              mpq_srcptr t0, mpq_srcptr t1,
                              boxtoi_errinfo *err);

/* The driver over the pieces (pieces.c, doc/algorithm.md §7): checks
   the limits of opts on every piece, the boxes and the range of q and
   every motion on its part of the range (as
   boxtoi_contact_first_piecewise), then calls fn with sub, a query with
   q's boxes, the pieces in force and the range I_j, for the intervals
   I_0, I_1, ... between the breaks in order, until fn returns an error
   or sets *stop. */
typedef int (*contact_piece_fn)(void *arg, const boxtoi_query_t sub, long j,
                                int *stop, boxtoi_errinfo *err);
int contact_pieces_walk(const boxtoi_query_t q,
                        const boxtoi_pmotion_struct *pm1,
                        const boxtoi_pmotion_struct *pm2,
                        const boxtoi_options *opts, contact_piece_fn fn,
                        void *arg, boxtoi_errinfo *err);

/* lib/contact/intervals.c's steps, for the piecewise intervals of
   pieces.c: the intervals of q, whose first contact is *known when not
   NULL (then only checked, not solved); appending [x, x] to res;
   emptying res (keeping its allocation). */
int contact_intervals_of(boxtoi_intervals_t res, const boxtoi_query_t q,
                         const boxtoi_alg_struct *known,
                         const boxtoi_options *opts, boxtoi_errinfo *err);
int contact_intervals_push(boxtoi_intervals_t res, const boxtoi_alg_t x);
void contact_intervals_reset(boxtoi_intervals_t res);

/* boxtoi_contact_intervals_piecewise given known, the first contact of
   the solids on q's range as boxtoi_contact_first_piecewise gives it
   (canonical; NULL: solved here): the solve is skipped, the checks are
   not (lib/contact/intervals.c; for the scene's intervals, whose pairs
   report found it already).  BOXTOI_EINTERNAL when the intervals do not
   start at known. */
int contact_intervals_known(boxtoi_intervals_t res, const boxtoi_query_t q,
                            const boxtoi_pmotion_struct *pm1,
                            const boxtoi_pmotion_struct *pm2,
                            const boxtoi_alg_struct *known,
                            const boxtoi_options *opts, boxtoi_errinfo *err);

#endif /* BOXTOI_CONTACT_IMPL_H */
