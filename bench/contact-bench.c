/* bench/contact-bench.c: time per query of boxtoi_contact_first on the
   seeded workloads of bench/contact-work.h (translational, ballistic,
   tumbling), with the per-query statistics of boxtoi_contact_struct.

   Each query is generated, then timed alone: the clock is read just
   before and just after boxtoi_contact_first, so generation, init and
   clear are not counted.  The clock is the process CPU time by default
   (the machine may be shared: time spent waiting for a core is left
   out) and CLOCK_MONOTONIC with --wall.  The tables give the median and
   the 99th percentile (nearest rank) of the times, and the mean, 99th
   percentile and maximum of the counts: route sections examined,
   candidate roots tested, root isolations (each builds a Sturm
   sequence), and signs at algebraic times decided by the MPFR filter or
   by the exact path.  Timings are never assertions: nothing here runs
   in `make check`.  With --verify every answer is also compared, after
   the clock has stopped, with the independent oracle of t/oracle.h
   (slow: about 1.4, 5 and 30 ms per query on the three workloads).
   See doc/performance.md, "Contact". */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "contact-work.h"
#include "../t/qgen.h"
#include "../t/oracle.h"

#define NCOUNT 5

static const char *const count_names[NCOUNT] = {
    "sections", "candidates", "isolations", "signs filtered",
    "signs exact"};

typedef struct {
    long n, ncontact, ninitial;
    long nwrong;           /* disagreements with the oracle (--verify) */
    double *time;          /* seconds, per query */
    double *count[NCOUNT]; /* per query */
    double total;
} result;

static void die(const char *msg)
{
    fprintf(stderr, "contact-bench: %s\n", msg);
    exit(1);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n == 0 ? 1 : n);
    if (p == NULL)
        die("out of memory");
    return p;
}

static void usage(FILE *f)
{
    fputs("usage: contact-bench [-n N] [--seed S] [--wall] [--raw]\n"
          "         [--only WORKLOAD] [--queries FILE] [--verify]\n"
          "  -n N           queries per workload (default 10000)\n"
          "  --seed S       seed of the first workload (default "
          "20240601;\n"
          "                 workload w uses S + w)\n"
          "  --wall         wall-clock time instead of process CPU time\n"
          "  --raw          keep qgen's ranges instead of mapping them to"
          " [0, 1]\n"
          "  --only W       one workload: translational, ballistic or"
          " tumbling\n"
          "  --queries FILE also write the queries as JSON Lines\n"
          "  --verify       check every answer with the oracle of "
          "t/oracle.h\n",
          f);
}

/* The median time of an empty timed interval: the clock's own cost,
   included in (not subtracted from) every time below. */
static double timer_cost(int wall)
{
    double d[1001], a;
    int i;
    for (i = 0; i < 1001; i++) {
        a = cw_now(wall);
        d[i] = cw_now(wall) - a;
    }
    return cw_quantile(d, 1001, 500);
}

/* 1 if the oracle finds the same answer as c on q. */
static int agrees(const boxtoi_query_t q, const boxtoi_contact_t c)
{
    boxtoi_alg_t t;
    int has, ok;
    boxtoi_alg_init(t);
    if (oracle_first_contact(&has, t, q) != BOXTOI_OK)
        die("the oracle failed");
    ok = has == (c->status == BOXTOI_CONTACT)
         && (!has || boxtoi_alg_cmp(t, &c->t) == 0);
    boxtoi_alg_clear(t);
    return ok;
}

static void run(result *r, int w, long n, unsigned long seed, int wall,
                int raw, FILE *qf, int verify)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    boxtoi_contact_t c;
    boxtoi_errinfo err;
    long i;
    int k, rc;
    double a, b;

    r->n = n;
    r->ncontact = r->ninitial = r->nwrong = 0;
    r->total = 0.0;
    r->time = xmalloc((size_t)n * sizeof *r->time);
    for (k = 0; k < NCOUNT; k++)
        r->count[k] = xmalloc((size_t)n * sizeof *r->count[k]);
    gmp_randinit_default(st);
    gmp_randseed_ui(st, seed);
    boxtoi_query_init(q);
    for (i = 0; i < n; i++) {
        cw_query(q, st, w, raw);
        if (qf != NULL)
            qgen_fprint_query(qf, q);
        boxtoi_contact_init(c);
        a = cw_now(wall);
        rc = boxtoi_contact_first(c, q, NULL, &err);
        b = cw_now(wall);
        if (rc != BOXTOI_OK) {
            fprintf(stderr, "contact-bench: %s query %ld: %s\n",
                    cw_name(w), i, boxtoi_strerror(rc));
            qgen_fprint_query(stderr, q);
            exit(1);
        }
        r->time[i] = b - a;
        r->total += b - a;
        r->ncontact += c->status == BOXTOI_CONTACT;
        r->ninitial += c->status == BOXTOI_CONTACT && c->initial;
        r->count[0][i] = (double)c->nsections;
        r->count[1][i] = (double)c->ncandidates;
        r->count[2][i] = (double)c->nisolate;
        r->count[3][i] = (double)c->nsign_filtered;
        r->count[4][i] = (double)c->nsign_exact;
        if (verify && !agrees(q, c)) {
            r->nwrong++;
            fprintf(stderr, "contact-bench: %s query %ld: the oracle "
                    "disagrees\n", cw_name(w), i);
            qgen_fprint_query(stderr, q);
        }
        boxtoi_contact_clear(c);
    }
    boxtoi_query_clear(q);
    gmp_randclear(st);
}

static double mean(const double *x, long n)
{
    double s = 0.0;
    long i;
    for (i = 0; i < n; i++)
        s += x[i];
    return n > 0 ? s / (double)n : 0.0;
}

int main(int argc, char **argv)
{
    long n = 10000;
    unsigned long seed = CW_SEED;
    int wall = 0, raw = 0, only = -1, verify = 0, i, w, k;
    long nwrong = 0;
    const char *qname = NULL;
    FILE *qf = NULL;
    result res[CW_NWORK];

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            n = atol(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--wall") == 0)
            wall = 1;
        else if (strcmp(argv[i], "--raw") == 0)
            raw = 1;
        else if (strcmp(argv[i], "--verify") == 0)
            verify = 1;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            only = cw_lookup(argv[++i]);
            if (only < 0)
                die("unknown workload (translational, ballistic, "
                    "tumbling)");
        } else if (strcmp(argv[i], "--queries") == 0 && i + 1 < argc)
            qname = argv[++i];
        else if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (n < 1)
        die("-n must be at least 1");
    if (qname != NULL && (qf = fopen(qname, "w")) == NULL)
        die("cannot write the --queries file");

    printf("Contact: boxtoi_contact_first, %ld queries per workload, "
           "%s, seed %lu + w\n",
           n, raw ? "qgen's ranges" : "t in [0, 1]", seed);
    printf("time per query: %s; timer cost %.3f us (included)\n\n",
           wall ? "wall clock" : "process CPU time",
           1e6 * timer_cost(wall));
    printf("%-14s %8s %8s %8s %10s %10s %10s %9s\n", "workload",
           "queries", "contacts", "initial", "median us", "p99 us",
           "max us", "total s");
    fflush(stdout);
    for (w = 0; w < CW_NWORK; w++) {
        result *r = &res[w];
        double med, p99, mx;
        if (only >= 0 && w != only)
            continue;
        run(r, w, n, seed + (unsigned long)w, wall, raw, qf, verify);
        nwrong += r->nwrong;
        med = cw_quantile(r->time, n, 500);
        p99 = cw_quantile(r->time, n, 990);
        mx = r->time[n - 1];
        printf("%-14s %8ld %8ld %8ld %10.1f %10.1f %10.1f %9.2f\n",
               cw_name(w), r->n, r->ncontact, r->ninitial, 1e6 * med,
               1e6 * p99, 1e6 * mx, r->total);
        fflush(stdout);
    }
    printf("\nper query: mean / p99 / max\n%-14s", "workload");
    for (k = 0; k < NCOUNT; k++)
        printf(" %19s", count_names[k]);
    putchar('\n');
    for (w = 0; w < CW_NWORK; w++) {
        result *r = &res[w];
        if (only >= 0 && w != only)
            continue;
        printf("%-14s", cw_name(w));
        for (k = 0; k < NCOUNT; k++) {
            double m = mean(r->count[k], n), p, x;
            char cell[40];
            p = cw_quantile(r->count[k], n, 990);
            x = r->count[k][n - 1];
            sprintf(cell, "%.2f / %.0f / %.0f", m, p, x);
            printf(" %19s", cell);
        }
        putchar('\n');
        free(r->time);
        for (k = 0; k < NCOUNT; k++)
            free(r->count[k]);
    }
    if (verify)
        printf("\nverified with the oracle of t/oracle.h: %ld wrong "
               "answers\n", nwrong);
    if (qf != NULL && fclose(qf) != 0)
        die("cannot write the --queries file");
    return nwrong != 0;
}
