/* bench/roots-bench.c: timing of real-root isolation, counting and
   refinement (include/boxtoi/roots.h), side by side with PARI/GP.

   The polynomials come from bench/roots-gen.c (fixed seed).  Each task
   is timed as the median over ROUNDS rounds of k calls, k chosen so
   that a round lasts about MIN_MS milliseconds of process CPU time
   (clock_gettime; CLOCK_MONOTONIC with --wall): (a) boxtoi_roots_isolate
   on the whole line (Descartes' method), and for comparison Sturm
   bisection, boxtoi_sturm_set + boxtoi_roots_isolate_sturm; (b)
   boxtoi_sturm_count on a fixed interval with a prebuilt sequence;
   (c) boxtoi_roots_refine of one isolating interval to width
   2^-REFINE_BITS.  CPU time is the default because
   the machine may be shared: it leaves out the time spent waiting for
   a core, on both sides.

   With --gp FILE the program writes a GP script instead, which puts the
   same polynomials through PARI's polrootsreal and polsturm with the
   same timing scheme (bench/roots-gp.c); bench/roots-pari.sh runs gp on
   it and hands the output back with --pari FILE, and the tables then
   show PARI's times and the ratios.  --only NAME keeps the polynomials
   whose names start with NAME (for profiling).  Timings are never
   assertions: nothing here is part of `make check`. */
#define _POSIX_C_SOURCE 200112L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "roots-bench.h"

void bench_die(const char *what)
{
    fprintf(stderr, "roots-bench: %s\n", what);
    exit(1);
}

void bench_check(int rc, const char *what)
{
    if (rc != BOXTOI_OK) {
        fprintf(stderr, "roots-bench: %s: %s\n", what,
                boxtoi_strerror(rc));
        exit(1);
    }
}

typedef struct {
    int task; /* 0 isolate, 1 sturm_set, 2 count, 3 refine, 4 sturm */
    bench_poly *b;
    boxtoi_roots_t r, r2;
    boxtoi_sturm_t s;
    mpq_t clo, chi, lo, hi;
} ctx;

static void call(ctx *c)
{
    switch (c->task) {
    case 0:
        bench_check(boxtoi_roots_isolate(c->r, c->b->p, NULL, NULL, 0),
                    "isolate");
        break;
    case 1:
        bench_check(boxtoi_sturm_set(c->s, c->b->p), "sturm_set");
        break;
    case 2:
        if (boxtoi_sturm_count(c->s, c->clo, c->chi, 0) != c->b->count) {
            fprintf(stderr, "roots-bench: %s: the count changed\n",
                    c->b->name);
            exit(1);
        }
        break;
    case 4:
        bench_check(boxtoi_sturm_set(c->s, c->b->p), "sturm_set");
        bench_check(boxtoi_roots_isolate_sturm(c->r2, c->s, NULL, NULL, 0),
                    "isolate_sturm");
        break;
    default:
        mpq_set(c->lo, c->b->rlo);
        mpq_set(c->hi, c->b->rhi);
        bench_check(boxtoi_roots_refine(c->lo, c->hi, &c->r->sqfree,
                                        REFINE_BITS),
                    "refine");
        break;
    }
}

/* Process CPU time, or wall-clock time with --wall. */
static int use_wall;

static double now(void)
{
    struct timespec ts;
    clock_gettime(use_wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID,
                  &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Seconds per call: the median over ROUNDS rounds of k calls.  k is
   doubled until k calls take CAL_MS, then scaled so that a round takes
   about MIN_MS (the same scheme as the GP side). */
static double measure(ctx *c)
{
    double t[ROUNDS], t0, dt;
    long k = 1, i;
    int j;
    call(c); /* warm up */
    for (;;) {
        t0 = now();
        for (i = 0; i < k; i++)
            call(c);
        dt = now() - t0;
        if (dt >= CAL_MS * 1e-3)
            break;
        k *= 2;
    }
    if (dt < MIN_MS * 1e-3)
        k = (long)ceil((double)k * MIN_MS * 1e-3 / dt);
    for (j = 0; j < ROUNDS; j++) {
        t0 = now();
        for (i = 0; i < k; i++)
            call(c);
        t[j] = (now() - t0) / (double)k;
    }
    qsort(t, ROUNDS, sizeof *t, cmp_double);
    return t[ROUNDS / 2];
}

static void time_all(bench_list *l, mpq_srcptr clo, mpq_srcptr chi)
{
    ctx c;
    int k;
    boxtoi_roots_init(c.r);
    boxtoi_roots_init(c.r2);
    boxtoi_sturm_init(c.s);
    mpq_init(c.clo);
    mpq_init(c.chi);
    mpq_init(c.lo);
    mpq_init(c.hi);
    mpq_set(c.clo, clo);
    mpq_set(c.chi, chi);
    for (k = 0; k < l->n; k++) {
        c.b = l->v + k;
        c.task = 0;
        c.b->t_iso = measure(&c);
        c.task = 4;
        c.b->t_old = measure(&c);
        c.task = 1;
        c.b->t_set = measure(&c);
        c.task = 2;
        c.b->t_cnt = measure(&c);
        if (c.b->has_ref) {
            /* c.r->sqfree is b's square-free part after task 0. */
            c.task = 3;
            c.b->t_ref = measure(&c);
        }
    }
    boxtoi_roots_clear(c.r);
    boxtoi_roots_clear(c.r2);
    boxtoi_sturm_clear(c.s);
    mpq_clear(c.clo);
    mpq_clear(c.chi);
    mpq_clear(c.lo);
    mpq_clear(c.hi);
}

/* Prints a time in microseconds, or "-" when absent. */
static void put_us(double t)
{
    if (t < 0)
        printf(" %10s", "-");
    else
        printf(" %10.2f", t * 1e6);
}

static void put_ratio(double a, double b)
{
    if (a < 0 || b <= 0)
        printf(" %6s", "-");
    else
        printf(" %6.2f", a / b);
}

static void row_head(const bench_poly *b)
{
    printf("%-14s %3ld %5ld %5ld", b->name, boxtoi_poly_degree(b->p),
           boxtoi_poly_max_bits(b->p), b->nroots);
}

/* Geometric mean of boxtoi/PARI over the rows with degree <= SMALL_DEG
   (small == 1) or above (small == 0), or over the route-* rows
   (small == 2); task 0, 1, 2 as in the tables. */
static void summary(const bench_list *l, int task, int small)
{
    double s = 0, worst = 0;
    int n = 0, k;
    const char *wname = "";
    for (k = 0; k < l->n; k++) {
        const bench_poly *b = l->v + k;
        double x, y;
        if (small == 2 ? strncmp(b->name, "route-", 6) != 0
                       : (boxtoi_poly_degree(b->p) <= SMALL_DEG)
                             != (small != 0))
            continue;
        x = task == 0 ? b->t_iso : task == 1 ? b->t_set + b->t_cnt
                                              : b->t_ref;
        y = task == 0 ? b->p_iso : task == 1 ? b->p_cnt : b->p_ref;
        if (x < 0 || y <= 0)
            continue;
        s += log(x / y);
        n++;
        if (x / y > worst) {
            worst = x / y;
            wname = b->name;
        }
    }
    if (n == 0)
        return;
    if (small == 2)
        printf("  route-*:     geometric mean ratio %.2f over %d, worst "
               "%.2f (%s)\n",
               exp(s / n), n, worst, wname);
    else
        printf("  degree %s %d: geometric mean ratio %.2f over %d, worst "
               "%.2f (%s)\n",
               small ? "<=" : "> ", SMALL_DEG, exp(s / n), n, worst, wname);
}

static void print_tables(const bench_list *l, int have_pari)
{
    int k, bad = 0;
    printf("boxtoi root benchmark: %d polynomials, seed %lu.\nTimes: "
           "microseconds of %s time per call, the median of %d rounds\n"
           "of about %d ms each; ratio = boxtoi / PARI.\n",
           l->n, SEED, use_wall ? "wall-clock" : "CPU", ROUNDS, MIN_MS);
    if (!have_pari)
        printf("PARI/GP (gp) not found: the PARI columns are skipped.\n");
    printf("\n(a) isolate all real roots: boxtoi_roots_isolate(p, -oo, "
           "+oo) (Descartes'\n    method); sturm: boxtoi_sturm_set + "
           "boxtoi_roots_isolate_sturm (Sturm\n    bisection, for "
           "comparison); PARI: localbitprec(64); polrootsreal(p);\n"
           "    ratio = isolate / PARI\n\n");
    printf("%-14s %3s %5s %5s %10s %10s %10s %6s\n", "polynomial", "deg",
           "bits", "roots", "isolate", "sturm", "PARI", "ratio");
    for (k = 0; k < l->n; k++) {
        const bench_poly *b = l->v + k;
        row_head(b);
        put_us(b->t_iso);
        put_us(b->t_old);
        put_us(b->p_iso);
        put_ratio(b->t_iso, b->p_iso);
        printf("\n");
    }
    if (have_pari) {
        summary(l, 0, 1);
        summary(l, 0, 0);
        summary(l, 0, 2);
    }
    printf("\n(b) count the roots in [%s, %s]: boxtoi_sturm_count with a "
           "prebuilt\n    sequence; set+count adds boxtoi_sturm_set;\n"
           "    PARI: polsturm(p, [%s, %s]); ratio = set+count / "
           "PARI\n\n",
           COUNT_LO, COUNT_HI, COUNT_LO, COUNT_HI);
    printf("%-14s %3s %5s %5s %10s %10s %10s %6s\n", "polynomial", "deg",
           "bits", "count", "count", "set+count", "PARI", "ratio");
    for (k = 0; k < l->n; k++) {
        const bench_poly *b = l->v + k;
        printf("%-14s %3ld %5ld %5ld", b->name, boxtoi_poly_degree(b->p),
               boxtoi_poly_max_bits(b->p), b->count);
        put_us(b->t_cnt);
        put_us(b->t_set + b->t_cnt);
        put_us(b->p_cnt);
        put_ratio(b->t_set + b->t_cnt, b->p_cnt);
        printf("\n");
    }
    if (have_pari) {
        summary(l, 1, 1);
        summary(l, 1, 0);
        summary(l, 1, 2);
    }
    printf("\n(c) refine one isolating interval (of the middle root) to "
           "width 2^-%d:\n    boxtoi_roots_refine; PARI, on the same "
           "interval: localbitprec(%d + e);\n    polrootsreal(p, [lo, hi]),"
           " where 2^(e-1) <= |root| < 2^e (at least 64)\n\n",
           REFINE_BITS, REFINE_BITS);
    printf("%-14s %3s %5s %5s %10s %10s %6s\n", "polynomial", "deg", "bits",
           "roots", "refine", "PARI", "ratio");
    for (k = 0; k < l->n; k++) {
        const bench_poly *b = l->v + k;
        row_head(b);
        put_us(b->t_ref);
        put_us(b->p_ref);
        put_ratio(b->t_ref, b->p_ref);
        if (b->has_ref && mpq_equal(b->rlo, b->rhi))
            printf("  (exact root)");
        printf("\n");
    }
    if (have_pari) {
        summary(l, 2, 1);
        summary(l, 2, 0);
        summary(l, 2, 2);
    }
    for (k = 0; k < l->n && have_pari; k++) {
        const bench_poly *b = l->v + k;
        if (b->p_nroots != b->nroots || b->p_count != b->count) {
            printf("%sMISMATCH %s: boxtoi %ld roots, %ld in the interval;"
                   " PARI %ld, %ld\n",
                   bad ? "" : "\n", b->name, b->nroots, b->count,
                   b->p_nroots, b->p_count);
            bad = 1;
        }
    }
    if (have_pari && !bad)
        printf("\nAll root counts agree with PARI's.\n");
}

int main(int argc, char **argv)
{
    static bench_list list;
    const char *gp = NULL, *pari = NULL, *only = NULL;
    mpq_t clo, chi;
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--gp") == 0 && i + 1 < argc)
            gp = argv[++i];
        else if (strcmp(argv[i], "--pari") == 0 && i + 1 < argc)
            pari = argv[++i];
        else if (strcmp(argv[i], "--wall") == 0)
            use_wall = 1;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else {
            fprintf(stderr, "usage: roots-bench [--wall] [--only NAME] "
                            "[--gp FILE | --pari FILE]\n");
            return 2;
        }
    }
    mpq_init(clo);
    mpq_init(chi);
    if (mpq_set_str(clo, COUNT_LO, 10) != 0
        || mpq_set_str(chi, COUNT_HI, 10) != 0)
        bench_die("bad count interval");
    bench_make_polys(&list, clo, chi);
    if (only != NULL)
        bench_keep_only(&list, only);
    if (gp != NULL) {
        bench_write_gp(&list, gp, use_wall);
    } else {
        if (pari != NULL)
            bench_read_pari(&list, pari);
        time_all(&list, clo, chi);
        print_tables(&list, pari != NULL);
    }
    bench_clear(&list);
    mpq_clear(clo);
    mpq_clear(chi);
    return 0;
}

