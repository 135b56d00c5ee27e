/* t/qgen.h: seeded random first-contact queries for tests and benchmarks.

   Every generator draws from a caller-owned gmp_randstate_t, so a seed
   reproduces the same queries.  Queries are valid (both motions affine
   and non-degenerate on the closed range, checked exactly with Sturm
   counts) and box 2 is aimed at box 1 so that contact is frequent. */
#ifndef BOXTOI_T_QGEN_H
#define BOXTOI_T_QGEN_H

#include "boxtoi.h"

/* Query families. */
enum {
    QGEN_RIGID,         /* quaternions qa + qb t, quadratic translations */
    QGEN_AFFINE,        /* 3x3 blocks A0 + A1 t or constant, weights w(t)
                           of either sign, quadratic translations */
    QGEN_TRANSLATIONAL, /* constant rotations, linear translations */
    QGEN_BALLISTIC,     /* constant rotations, quadratic (sometimes
                           cubic) translations */
    QGEN_GRID,          /* integer boxes, right-angle rotations, integer
                           velocities: many exact touching contacts */
    QGEN_NKINDS
};

/* A short name of a family ("rigid", "affine", ...). */
const char *qgen_kind_name(int kind);

/* Uniform integer in [0, n), n >= 1. */
unsigned long qgen_ui(gmp_randstate_t st, unsigned long n);
/* r = a / b with a uniform in [-maxnum, maxnum] and b in [1, maxden]. */
void qgen_mpq(mpq_t r, gmp_randstate_t st, long maxnum, unsigned long maxden);

/* A random small box (coordinates with denominator 1 or 2, or integers
   when integral != 0); flat in one or more axes with probability
   flat_percent / 100. */
void qgen_box(boxtoi_box_t b, gmp_randstate_t st, int flat_percent,
              int integral);

/* Replaces q by a random valid query of the given family (see above);
   the range is [0, 1], [0, r], [t0, t1] with t0 < 0 sometimes, rarely
   a single point, or [t0, +inf). */
void qgen_query(boxtoi_query_t q, gmp_randstate_t st, int kind);

/* 1 if m is affine with w and the 3x3 block determinant free of roots on
   the closed range [t0, t1] (t1 NULL: [t0, +inf)), else 0. */
int qgen_motion_valid(const boxtoi_motion_t m, mpq_srcptr t0,
                      mpq_srcptr t1);

/* Writes q as one JSON line in the query format of
   shared/spec/query-format.md (numbers as exact strings), for
   reproducing a failing case with the command-line tool. */
void qgen_fprint_query(FILE *f, const boxtoi_query_t q);

/* 1 when a and b are the same answer, field by field, as the output
   formats print it (status, t's polynomial and interval, initial,
   tight planes, features). */
int qgen_same_result(const boxtoi_contact_t a, const boxtoi_contact_t b);

/* 1 when a and b have the same 16 numerators and the same denominator
   (the same representation, not only the same motion). */
int qgen_same_motion(const boxtoi_motion_t a, const boxtoi_motion_t b);

/* Multiplies every numerator of m and its denominator by 2^s: the same
   motion with larger numbers. */
void qgen_scale_motion(boxtoi_motion_t m, unsigned long s);

/* Draws a query of the kind into q and solves it into res; when there
   is a contact, initialises g with its point and normal
   (boxtoi_contact_geometry; the caller clears g) and returns 1, else
   returns 0.  Bails when the solve or the geometry fails. */
int qgen_contact_geom(boxtoi_contact_geom *g, boxtoi_contact_t res,
                      boxtoi_query_t q, gmp_randstate_t st, int kind);

#endif /* BOXTOI_T_QGEN_H */
