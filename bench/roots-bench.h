/* bench/roots-bench.h: what the files of the root benchmark share
   (bench/roots-bench.c: timing and tables; bench/roots-gen.c: the
   polynomials; bench/roots-gp.c: the PARI/GP side).  Not installed. */
#ifndef BOXTOI_BENCH_ROOTS_H
#define BOXTOI_BENCH_ROOTS_H

#include <gmp.h>
#include <boxtoi.h>

#define SEED 20240611UL
#define ROUNDS 5      /* timing rounds; the median is reported */
#define MIN_MS 25     /* a round lasts about this long */
#define CAL_MS 10     /* calibration: double k until k calls take this */
#define REFINE_BITS 100
#define COUNT_LO "-1/3"
#define COUNT_HI "12/5"
#define MAXPOLY 64
#define SMALL_DEG 12  /* the sizes the contact algorithm produces */
#define NROUTE 6      /* route-* polynomials (bench/roots-route.c) */

/* One benchmark polynomial and what is measured on it. */
typedef struct {
    char name[24];
    boxtoi_poly_t p;
    long nroots;     /* distinct real roots (from isolation) */
    long count;      /* distinct roots in [COUNT_LO, COUNT_HI] */
    int has_ref;     /* there is a root to refine */
    mpq_t rlo, rhi;  /* its isolating interval */
    double t_iso, t_set, t_cnt, t_ref; /* boxtoi, seconds per call */
    double t_old;    /* boxtoi_sturm_set + boxtoi_roots_isolate_sturm */
    double p_iso, p_cnt, p_ref;        /* PARI, seconds; < 0: absent */
    long p_nroots, p_count;            /* PARI's answers; -1: absent */
} bench_poly;

typedef struct {
    bench_poly v[MAXPOLY];
    int n;
} bench_list;

/* Print "roots-bench: what" (and the status code's text) and exit 1. */
void bench_die(const char *what);
void bench_check(int rc, const char *what);

/* Fills l with the benchmark's polynomials, always the same ones, with
   their root counts, counts in [clo, chi] and intervals to refine. */
void bench_make_polys(bench_list *l, mpq_srcptr clo, mpq_srcptr chi);
void bench_clear(bench_list *l);
/* Sets p to a plane polynomial of degree >= mindeg of the contact
   algorithm on a seeded tumbling query (bench/roots-route.c). */
void bench_route_poly(boxtoi_poly_t p, gmp_randstate_t st, long mindeg);
/* Keeps only the polynomials whose names start with prefix. */
void bench_keep_only(bench_list *l, const char *prefix);

/* Writes the GP script that times PARI on l's polynomials (with
   getwalltime() when wall, else getabstime()). */
void bench_write_gp(const bench_list *l, const char *path, int wall);
/* Reads that script's output into l's p_* fields. */
void bench_read_pari(bench_list *l, const char *path);

#endif /* BOXTOI_BENCH_ROOTS_H */
