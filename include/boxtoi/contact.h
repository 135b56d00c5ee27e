/* boxtoi/contact.h: the first time of contact of two moving boxes.

   A query holds two boxes, each axis-aligned in its own body frame, two
   motions and a range [t0, t1] of t (t1 possibly +inf).  The answer is
   the least t in the range at which the closed solids share a point, as
   an exact real algebraic number, or "no contact".  The method is the
   seed's (doc/algorithm.md §3-§4): relative motion with box 1 static,
   route sections between octant switches, the 30 planes of the boundary
   of the Minkowski sum per section, and the first root of a plane
   polynomial at which the origin is inside all the others. */
#ifndef BOXTOI_CONTACT_H
#define BOXTOI_CONTACT_H

#include "boxtoi/motion.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A closed axis-aligned box {p : min[i] <= p[i] <= max[i]}.  A box with
   min[i] == max[i] for some i is flat (a rectangle, segment or point). */
typedef struct {
    mpq_t min[3];
    mpq_t max[3];
} boxtoi_box_struct;
typedef boxtoi_box_struct boxtoi_box_t[1];

/* Initialises b to the point box at the origin. */
BOXTOI_API void boxtoi_box_init(boxtoi_box_t b);
BOXTOI_API void boxtoi_box_clear(boxtoi_box_t b);
BOXTOI_API void boxtoi_box_set(boxtoi_box_t res, const boxtoi_box_t b);
/* b = [x0, x1] x [y0, y1] x [z0, z1] from longs (a convenience). */
BOXTOI_API void boxtoi_box_set_si(boxtoi_box_t b, long x0, long y0, long z0,
                                  long x1, long y1, long z1);

/* One query.  Defaults after init: point boxes at the origin, identity
   motions, t range [0, 1]. */
typedef struct {
    boxtoi_box_struct box[2];
    boxtoi_motion_struct motion[2];
    mpq_t t0;
    mpq_t t1;     /* ignored when t1_inf */
    int t1_inf;   /* non-zero: the range is [t0, +inf) */
} boxtoi_query_struct;
typedef boxtoi_query_struct boxtoi_query_t[1];

BOXTOI_API void boxtoi_query_init(boxtoi_query_t q);
BOXTOI_API void boxtoi_query_clear(boxtoi_query_t q);
/* res = q (boxes, motions and range); res may be q. */
BOXTOI_API void boxtoi_query_set(boxtoi_query_t res, const boxtoi_query_t q);

/* Checks a query: min[i] <= max[i] (else BOXTOI_EBOX), t0 <= t1
   (BOXTOI_ERANGE), and both motions valid on the range (see
   boxtoi_motion_check: BOXTOI_EPROJECTIVE, BOXTOI_EWEIGHT,
   BOXTOI_ESINGULAR).  err names the entry at fault. */
BOXTOI_API BOXTOI_WUR int boxtoi_query_check(const boxtoi_query_t q,
                                             boxtoi_errinfo *err);

/* Limits that refuse pathological queries with BOXTOI_ELIMIT rather than
   run for hours.  0 means "no limit". */
typedef struct {
    long max_degree; /* of a motion entry */
    long max_bits;   /* of a motion coefficient's numerator or denominator */
} boxtoi_options;

/* Fills opts with the defaults (generous for any realistic input). */
BOXTOI_API void boxtoi_options_init(boxtoi_options *opts);

enum {
    BOXTOI_NO_CONTACT = 0,
    BOXTOI_CONTACT = 1
};

/* Number of planes of the boundary of the Minkowski sum per section:
   15 directions, each with two opposite planes.  Directions 0-2 are the
   normals e_k of box 1's faces (box 1 face, box 2 vertex), 3-5 the
   normals of box 2's faces (box 2 face k has normal g_{k+1} x g_{k+2},
   indices mod 3: box 2 face, box 1 vertex), and 6 + 3 i + j is
   e_i x g_j (edge-edge).  Plane 2 d + s is the side +n_d (s = 0) or -n_d
   (s = 1) of direction d. */
#define BOXTOI_NDIRS 15
#define BOXTOI_NPLANES 30

/* A feature of a box, as coordinate constraints in its body frame:
   axis[k] = -1 (at min[k]), +1 (at max[k]) or 0 (free over
   [min[k], max[k]]).  Its dimension is the number of free axes: 0 a
   vertex, 1 an edge, 2 a face, 3 the whole solid. */
typedef struct {
    signed char axis[3];
} boxtoi_feature;

/* The answer. */
typedef struct {
    int status;             /* BOXTOI_CONTACT or BOXTOI_NO_CONTACT */
    boxtoi_alg_struct t;    /* the contact time (status CONTACT) */
    int initial;            /* t is t0 because the solids meet at t0 */
    unsigned long tight;    /* bit p set: plane p holds with equality */
    /* The features of box 1 and box 2 that carry the contact: for each
       box, the intersection of its supporting features over the tight
       planes (the whole solid when no plane is tight, an overlap). */
    boxtoi_feature feature[2];
    /* Statistics of the run, for benchmarks and --explain. */
    long nsections;         /* sections of the route examined */
    long ncandidates;       /* candidate roots tested */
    long nisolate;          /* root isolations (each builds a Sturm
                               sequence) */
    long nsign_filtered;    /* signs at an algebraic t decided by the
                               MPFR interval filter */
    long nsign_exact;       /* signs that needed the exact path */
} boxtoi_contact_struct;
typedef boxtoi_contact_struct boxtoi_contact_t[1];

BOXTOI_API void boxtoi_contact_init(boxtoi_contact_t res);
BOXTOI_API void boxtoi_contact_clear(boxtoi_contact_t res);

/* Solves query q (checked as boxtoi_query_check does, and against opts;
   opts NULL means the defaults).  On BOXTOI_OK, res->status says whether
   there is contact and, if so, res->t is the least contact time in the
   range.  Errors: those of boxtoi_query_check, BOXTOI_ELIMIT, and
   BOXTOI_EINTERNAL (a bug). */
BOXTOI_API BOXTOI_WUR int boxtoi_contact_first(boxtoi_contact_t res,
                                               const boxtoi_query_t q,
                                               const boxtoi_options *opts,
                                               boxtoi_errinfo *err);

/* Name of a feature's kind by dimension: "vertex", "edge", "face",
   "solid". */
BOXTOI_API const char *boxtoi_feature_kind(const boxtoi_feature *f);
/* Appends the seed's name of a feature: faces X (x = min) and X' (x =
   max) etc.; an edge as its two faces "X'-Y"; a vertex as its three
   faces "X'YZ'"; the solid as "interior".  (A flat axis of a box still
   names the side that was selected.) */
BOXTOI_API BOXTOI_WUR int boxtoi_feature_name(boxtoi_strbuf *sb,
                                              const boxtoi_feature *f);
/* The contact kind: "<kind of box 1's feature>-<kind of box 2's>", e.g.
   "face-vertex", "edge-edge", "face-face", or "overlap" when the solids
   share interior points at t0.  Static string. */
BOXTOI_API const char *boxtoi_contact_kind(const boxtoi_contact_t res);

/* ---- inspection: the route and its sections ------------------------

   boxtoi_contact_first builds a route and searches it; a researcher (or
   the command's --explain) can build the same route and look at it.
   All fields are read-only for the caller.

   Quantities.  In box 1's body frame box 2 moves by M = adj(M1) M2 (a
   common polynomial factor removed) = [[A, b], [0, w]].  The signs of
   twenty polynomials decide the topology: the entries A_ij (quantity
   3 i + j), the entries adj(A)_ij (9 + 3 i + j), w (18) and det A (19).
   The last two never vanish on a valid range.  The octant-switch
   polynomials are the primitive parts of the first eighteen (after the
   common factor of the A entries is removed); their real roots inside
   the range cut it into sections where no quantity changes sign. */
#define BOXTOI_NQUANT 20

typedef struct {
    boxtoi_motion_struct rel;          /* M = adj(M1) M2 / common factor */
    boxtoi_poly_struct quant[BOXTOI_NQUANT]; /* the quantities above */
    boxtoi_poly_struct sw[18];         /* switch polynomials (0: none) */
    /* Integer data of the plane polynomials, all scaled by the positive
       common denominator L of the boxes' coordinates: E1, E2 the full
       extents of the boxes; D = A L (min2 + max2) + 2 L b
       - w L (min1 + max1), which is 2 L w (c2 - c1) for the centres. */
    mpz_t e1[3], e2[3];
    boxtoi_poly_struct d[3];
    /* n_d . D for the 15 directions. */
    boxtoi_poly_struct ndot[BOXTOI_NDIRS];
    /* Sections: nsec >= 1 closed intervals [end[s], end[s + 1]];
       end[0] = t0, end[nsec] = t1 (absent when t1_inf: the last section
       is [end[nsec - 1], +inf)).  sample[s] is a rational strictly inside
       section s (or t0 when t0 == t1) and sign[s][q] is the sign of
       quantity q there. */
    long nsec;
    int t1_inf;
    boxtoi_alg_struct *end;            /* nsec + 1 (nsec if t1_inf) */
    mpq_ptr sample;                    /* nsec */
    signed char (*sign)[BOXTOI_NQUANT];/* nsec */
} boxtoi_route_struct;
typedef boxtoi_route_struct boxtoi_route_t[1];

BOXTOI_API void boxtoi_route_init(boxtoi_route_t r);
BOXTOI_API void boxtoi_route_clear(boxtoi_route_t r);
/* Builds the route of query q (checked first, as boxtoi_query_check
   does).  Errors as boxtoi_contact_first. */
BOXTOI_API BOXTOI_WUR int boxtoi_route_build(boxtoi_route_t r,
                                             const boxtoi_query_t q,
                                             const boxtoi_options *opts,
                                             boxtoi_errinfo *err);
/* Sets p[0..29] to the plane polynomials of section s: plane 2 d + s'
   is R_d - n_d . D (s' = 0) or R_d + n_d . D (s' = 1), where
   R_d = |w| sum_k E1_k |n_d . e_k| + sum_k E2_k |n_d . a_k| with the
   absolute values resolved by the section's signs.  In the section the
   solids meet at t iff every p[j](t) >= 0 (doc/algorithm.md §3).  p
   points to 30 initialised polynomials. */
BOXTOI_API void boxtoi_route_planes(boxtoi_poly_struct *p,
                                    const boxtoi_route_t r, long s);

/* What one plane of a section stands for: the seed's compatible pair.
   kind is "face-vertex" (a face of box 1 and a vertex of box 2: the
   seed's static vertex, moving octant), "vertex-face" or "edge-edge";
   feature[b] is the supporting feature of box b on that plane (from the
   section's signs).  degenerate is non-zero when the plane is
   identically zero (its direction vanishes, e.g. parallel edges). */
typedef struct {
    const char *kind;
    boxtoi_feature feature[2];
    int degenerate;
} boxtoi_pair;

/* Describes plane j (0 <= j < 30) of section s. */
BOXTOI_API void boxtoi_route_pair(boxtoi_pair *res, const boxtoi_route_t r,
                                  long s, int j);

/* Trace of the search, for --explain: called for every candidate root
   tried, with its section, the plane it is a root of, the verdict
   (1 accepted; 0 rejected, with the index of a plane that is negative
   there in 'by'; -1 not tried because a smaller contact is known). */
typedef struct {
    long section;
    int plane;
    const boxtoi_alg_struct *t;
    int verdict;
    int by;
} boxtoi_trace_event;
typedef void (*boxtoi_trace_fn)(void *ctx, const boxtoi_trace_event *ev);

/* boxtoi_contact_first on a route already built (by
   boxtoi_route_build), calling trace (if non-NULL) for every candidate.
   The route's end intervals may be refined. */
BOXTOI_API BOXTOI_WUR int boxtoi_contact_search(boxtoi_contact_t res,
                                                boxtoi_route_t r,
                                                boxtoi_trace_fn trace,
                                                void *ctx,
                                                boxtoi_errinfo *err);

/* ---- piecewise motions (doc/algorithm.md §7) ------------------------

   Solves query q with body b moving by the piecewise motion pm[b]
   instead of q->motion[b] when pm[b] is non-NULL and not empty
   (boxtoi_pmotion_struct, include/boxtoi/motion.h); q supplies the
   boxes, the range and the other motions.  The answer is the least
   contact time in the range, as for boxtoi_contact_first: the breaks of
   both motions inside the range, merged, cut it into closed intervals,
   and each interval, in order, is solved by boxtoi_contact_first with
   the pieces that apply there, stopping at the first contact.
   res->initial is non-zero only for a contact at q's t0; the statistics
   add up over the intervals solved.  Every piece is checked against
   opts's limits, then the boxes and the range, then every piece on its
   part of the range (boxtoi_pmotion_check, messages naming
   "motion2.pieces[1]"), before any interval is solved.  Errors: those
   of boxtoi_contact_first and boxtoi_pmotion_check. */
BOXTOI_API BOXTOI_WUR int
boxtoi_contact_first_piecewise(boxtoi_contact_t res, const boxtoi_query_t q,
                               const boxtoi_pmotion_struct *pm1,
                               const boxtoi_pmotion_struct *pm2,
                               const boxtoi_options *opts,
                               boxtoi_errinfo *err);

/* ---- contact intervals (query format §5.3, doc/algorithm.md §11) ---

   The set of t in the range at which the closed solids share a point is
   a finite union of disjoint closed intervals, some of them single
   instants.  A result lists them in increasing order: interval i is
   [from[i], to[i]], with from[i] == to[i] for an instant, and
   to[i] < from[i + 1]; when to_inf is non-zero the last one is
   [from[n - 1], +inf) (to[n - 1] is then not meaningful).  Every end is
   canonical (boxtoi_alg_canonicalise: the minimal polynomial and the
   canonical interval), so equal ends compare equal byte for byte.  All
   fields are read-only for the caller. */
typedef struct {
    long n;                   /* number of intervals */
    boxtoi_alg_struct *from;  /* n starts */
    boxtoi_alg_struct *to;    /* n ends */
    int to_inf;               /* the last interval runs to +inf */
    long alloc;               /* entries allocated (and initialised) */
    /* Statistics of the run, for benchmarks. */
    long nsections;           /* route sections examined */
    long ncandidates;         /* candidate points tested (section ends
                                 and roots of the planes) */
    long nisolate;            /* root isolations */
} boxtoi_intervals_struct;
typedef boxtoi_intervals_struct boxtoi_intervals_t[1];

/* Initialises res to the empty list (no allocation). */
BOXTOI_API void boxtoi_intervals_init(boxtoi_intervals_t res);
BOXTOI_API void boxtoi_intervals_clear(boxtoi_intervals_t res);

/* Every maximal closed interval of q's range during which the solids
   share a point, into res (overwritten).  Checks as boxtoi_contact_first
   (limits, then boxtoi_query_check).  When res->n > 0, from[0] is the
   answer of boxtoi_contact_first.  Errors: those of
   boxtoi_contact_first, BOXTOI_ENOMEM, and BOXTOI_EINTERNAL (a bug). */
BOXTOI_API BOXTOI_WUR int boxtoi_contact_intervals(boxtoi_intervals_t res,
                                                   const boxtoi_query_t q,
                                                   const boxtoi_options *opts,
                                                   boxtoi_errinfo *err);

/* The same with piecewise motions, as boxtoi_contact_first_piecewise:
   the intervals of each interval between breaks, in order, an interval
   that ends at a break joined with one that starts there.  Checks and
   errors as boxtoi_contact_first_piecewise. */
BOXTOI_API BOXTOI_WUR int
boxtoi_contact_intervals_piecewise(boxtoi_intervals_t res,
                                   const boxtoi_query_t q,
                                   const boxtoi_pmotion_struct *pm1,
                                   const boxtoi_pmotion_struct *pm2,
                                   const boxtoi_options *opts,
                                   boxtoi_errinfo *err);

/* ---- contact point and normal (query format §5.2) ------------------

   Exact polynomials in t, to be evaluated at the answer's t (e.g. by
   boxtoi_alg_quot_get_str and boxtoi_alg_unit_get_str): the point
   point[i](t) / den(t) (world coordinates) is the average of the nvert
   vertices of the contact region B1 ∩ B2 at t, hence shared by both
   solids; when has_normal, normal[i](t) is a positive multiple of the
   unit normal, pointing from box 1 towards box 2, of the plane that
   touches both solids at t and separates them just before t, and nsq is
   normal[0]^2 + normal[1]^2 + normal[2]^2.  No normal for an initial
   contact or when the tight planes do not share one direction.  See
   doc/algorithm.md §10.  scratch is internal: memory that
   boxtoi_contact_geometry keeps in g between calls, so that a g reused
   for many answers (one per thread) allocates its integers once. */
typedef struct {
    boxtoi_poly_struct point[3];
    boxtoi_poly_struct den;
    int nvert;
    int has_normal;
    boxtoi_poly_struct normal[3];
    boxtoi_poly_struct nsq;
    void *scratch;
} boxtoi_contact_geom;

BOXTOI_API void boxtoi_contact_geom_init(boxtoi_contact_geom *g);
BOXTOI_API void boxtoi_contact_geom_clear(boxtoi_contact_geom *g);
/* Sets g from an answer res (status BOXTOI_CONTACT, else BOXTOI_EINVAL)
   of query q.  Errors: BOXTOI_ENOMEM, BOXTOI_EINTERNAL (a bug: no vertex
   found). */
BOXTOI_API BOXTOI_WUR int boxtoi_contact_geometry(boxtoi_contact_geom *g,
                                                  const boxtoi_contact_t res,
                                                  const boxtoi_query_t q);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_CONTACT_H */
