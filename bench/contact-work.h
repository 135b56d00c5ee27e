/* bench/contact-work.h: the seeded contact workloads shared by
   bench/contact-bench.c and bench/peer-bench.cc, the reading of query
   files, plus their timer and order statistics (doc/performance.md,
   "Contact" and "Workloads shaped like users' data"). */
#ifndef BOXTOI_BENCH_CONTACT_WORK_H
#define BOXTOI_BENCH_CONTACT_WORK_H

#include <stdio.h>
#include "boxtoi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The workloads, each drawn from one family of t/qgen.h. */
enum {
    CW_TRANSLATIONAL, /* QGEN_TRANSLATIONAL: constant rotations, linear
                         translations */
    CW_BALLISTIC,     /* QGEN_BALLISTIC: constant rotations, quadratic
                         (a quarter cubic) translations */
    CW_TUMBLING,      /* QGEN_RIGID: quaternions linear in t, quadratic
                         translations */
    /* shaped like users' data (bench/contact-gen.c), t in [0, 1]: */
    CW_BITS12,   /* constant Pythagorean rotations, translations over
                    64 |q|^2 2^e: 12-20-bit entries */
    CW_DOUBLES,  /* constant rotations, linear translations, boxes:
                    every number a binary64 */
    CW_ROTATING, /* both boxes turn by qa + qb t, quadratic
                    translations */
    CW_QUAT2,    /* quaternions of degree 2 */
    CW_ROT32,    /* rotating with 32-, 128-, 256-bit coefficients over */
    CW_ROT128,   /* one common denominator */
    CW_ROT256,
    CW_ROT32D,   /* the same with a denominator per entry */
    CW_ROT128D,
    CW_ROT256D,
    CW_HARD,     /* issue 16's hard tail: fast high-degree spins past a
                    wall at 1e-50 (ranges [0, 40] and [0, inf)), cubic
                    quaternions with 30-digit coefficients; a fixed list
                    of cw_hard_count() queries */
    CW_ROT512,   /* rot32 ... at 512 bits (after hard, so that the seeds
                    CW_SEED + w of the others stay as they were) */
    CW_ROT512D,
    CW_NWORK
};

/* The workloads run when none is named: the first three. */
#define CW_NDEFAULT 3

/* The default seed of workload w (CW_SEED + w), the same in both
   programs so that they see identical queries. */
#define CW_SEED 20240601UL

/* "translational", "ballistic", "tumbling", "bits12", "doubles",
   "rotating", "quat2", "rot32", ..., "rot256d", "hard", "rot512",
   "rot512d"; NULL if w is
   out of range. */
const char *cw_name(int w);
/* The workload called name, or -1. */
int cw_lookup(const char *name);
/* The number of queries to run of workload w when n are asked for
   (at most cw_hard_count() for hard). */
long cw_count(int w, long n);

/* Replaces q by the next query of workload w from st.  Queries come from
   qgen_query; those whose range is a point or unbounded are skipped, and
   the others are mapped to t in [0, 1] by t = t0 + (t1 - t0) s, which
   keeps every degree and the validity of the motions (an increasing
   affine change of parameter).  With raw != 0 qgen's query is kept as
   it is (ranges [t0, t1], points and [t0, +inf)).  The workloads from
   CW_BITS12 on are generated on [0, 1] already (hard: as listed);
   i is the query's index (hard: which query of the list). */
void cw_query(boxtoi_query_t q, gmp_randstate_t st, int w, int raw,
              long i);
/* The generator of the workloads from CW_BITS12 on (contact-gen.c). */
void cw_gen_query(boxtoi_query_t q, gmp_randstate_t st, int w, long i);
long cw_hard_count(void);

/* Rewrites q for s in [0, 1] as cw_query does (t = t0 + (t1 - t0) s);
   returns 0, leaving q alone, when its range is a point or
   unbounded. */
int cw_unit_range(boxtoi_query_t q);

/* Reads the query file f (JSON Lines in the format of doc/format.md,
   through boxtoi_io_read_query; blank lines skipped) into a new array
   *qs of *n initialised queries (the caller clears them and frees the
   array).  A line that is not a valid query is reported on stderr with
   its line number and skipped; *nbad counts those.  Returns 0, or -1
   when memory runs out or f cannot be read. */
int cw_read_queries(boxtoi_query_struct **qs, long *n, long *nbad,
                    FILE *f, const char *name);

/* Seconds from an arbitrary origin: process CPU time, or wall-clock
   time (CLOCK_MONOTONIC) when wall != 0. */
double cw_now(int wall);

/* The quantile of x[0..n-1] at pm per mille (0 < pm <= 1000) by
   nearest rank: the ceil(pm n / 1000)-th smallest value (500: the
   median, 990: the 99th percentile).  Sorts x; 0 if n == 0. */
double cw_quantile(double *x, long n, long pm);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_BENCH_CONTACT_WORK_H */
