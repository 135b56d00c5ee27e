/* bench/contact-work.h: the seeded contact workloads shared by
   bench/contact-bench.c and bench/peer-bench.cc, plus their timer and
   order statistics (doc/performance.md, "Contact"). */
#ifndef BOXTOI_BENCH_CONTACT_WORK_H
#define BOXTOI_BENCH_CONTACT_WORK_H

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
    CW_NWORK
};

/* The default seed of workload w (CW_SEED + w), the same in both
   programs so that they see identical queries. */
#define CW_SEED 20240601UL

/* "translational", "ballistic", "tumbling"; NULL if w is out of range. */
const char *cw_name(int w);
/* The workload called name, or -1. */
int cw_lookup(const char *name);

/* Replaces q by the next query of workload w from st.  Queries come from
   qgen_query; those whose range is a point or unbounded are skipped, and
   the others are mapped to t in [0, 1] by t = t0 + (t1 - t0) s, which
   keeps every degree and the validity of the motions (an increasing
   affine change of parameter).  With raw != 0 qgen's query is kept as
   it is (ranges [t0, t1], points and [t0, +inf)). */
void cw_query(boxtoi_query_t q, gmp_randstate_t st, int w, int raw);

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
