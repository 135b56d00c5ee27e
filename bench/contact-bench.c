/* bench/contact-bench.c: time per query of boxtoi_contact_first on the
   seeded workloads of bench/contact-work.h (translational, ballistic,
   tumbling by default; the shapes of users' data and the hard tail with
   --only) or on any query file (--queries FILE, read through
   boxtoi_io_read_query), with the per-query statistics of
   boxtoi_contact_struct.  --write FILE writes the generated queries as
   JSON Lines (with --write-only, without solving them), so that any tool
   can read the same workloads.

   Each query is generated, then timed alone: the clock is read just
   before and just after boxtoi_contact_first, so generation, init and
   clear are not counted.  One result is reused for every query of a
   workload, as the command and a GMP-style caller do, so its numbers
   keep their limbs from one query to the next; --fresh-result
   initialises a new one per query (the earlier method: each timed
   call then pays about 1k instructions of the result's growth,
   doc/performance.md, "The benchmarks' result").  The clock is the process CPU time by default
   (the machine may be shared: time spent waiting for a core is left
   out) and CLOCK_MONOTONIC with --wall.  The tables give the median and
   the 99th percentile (nearest rank) of the times, and the mean, 99th
   percentile and maximum of the counts: route sections examined,
   candidate roots tested, root isolations, and signs at algebraic times
   decided by the MPFR filter or by the exact path.  A query refused
   with an error code (a size limit) is counted under "errors", its time
   kept.  Timings are never assertions: nothing here runs in `make
   check`.  With --verify every answer is also compared, after the clock
   has stopped, with the independent oracle of t/oracle.h (slow: about
   1.4, 5 and 30 ms per query on the first three workloads).  See
   doc/performance.md, "Contact" and "Workloads shaped like users'
   data". */
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
    long nerror;           /* queries refused (error code), not timed */
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
          "         [--only LIST] [--queries FILE] [--write FILE]\n"
          "         [--write-only] [--verify] [--fresh-result]\n"
          "  -n N           queries per workload (default 10000; hard:"
          " at most 16;\n"
          "                 with --queries: the file's first N)\n"
          "  --seed S       seed of the first workload (default "
          "20240601;\n"
          "                 workload w uses S + w)\n"
          "  --wall         wall-clock time instead of process CPU time\n"
          "  --raw          keep qgen's ranges instead of mapping them to"
          " [0, 1]\n"
          "  --only LIST    the workloads named (comma-separated):\n"
          "                 translational, ballistic, tumbling (the\n"
          "                 default three), bits12, doubles, rotating,"
          " quat2,\n"
          "                 rot32, rot128, rot256, rot32d, rot128d,"
          " rot256d\n"
          "                 (\"users\": these ten), hard, rot512,"
          " rot512d; \"all\"\n"
          "  --queries FILE time the queries of FILE (JSON Lines, the\n"
          "                 query format; - for standard input) instead"
          "\n"
          "                 of the default workloads\n"
          "  --write FILE   write the generated queries as JSON Lines\n"
          "  --write-only   write them (--write) without solving\n"
          "  --verify       check every answer with the oracle of "
          "t/oracle.h\n"
          "  --fresh-result a new boxtoi_contact_t per query (default: one\n"
          "                 reused for the workload, as the command does;\n"
          "                 a fresh one adds its growth, about 1k\n"
          "                 instructions, to every timed call)\n",
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

/* Solves q into c (one result reused across queries; NULL: a fresh
   one, initialised and cleared around the call, untimed), timed, and
   records its time and counts as query i of r. */
static void time_one(result *r, long i, const boxtoi_query_t q,
                     boxtoi_contact_struct *c, const char *name, int wall,
                     int verify)
{
    boxtoi_contact_t fresh;
    boxtoi_errinfo err;
    int rc, k;
    double a, b;

    if (c == NULL) {
        boxtoi_contact_init(fresh);
        c = fresh;
    }
    a = cw_now(wall);
    rc = boxtoi_contact_first(c, q, NULL, &err);
    b = cw_now(wall);
    r->time[i] = b - a;
    if (rc != BOXTOI_OK) { /* e.g. a size limit: counted, not fatal */
        for (k = 0; k < NCOUNT; k++)
            r->count[k][i] = 0.0;
        if (r->nerror++ == 0)
            fprintf(stderr, "contact-bench: %s query %ld: %s (%s)\n",
                    name, i, boxtoi_strerror(rc), err.msg);
    } else {
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
                    "disagrees\n", name, i);
            qgen_fprint_query(stderr, q);
        }
    }
    if (c == fresh)
        boxtoi_contact_clear(fresh);
}

static void result_init(result *r, long n)
{
    int k;
    r->n = n;
    r->ncontact = r->ninitial = r->nwrong = r->nerror = 0;
    r->total = 0.0;
    r->time = xmalloc((size_t)n * sizeof *r->time);
    for (k = 0; k < NCOUNT; k++)
        r->count[k] = xmalloc((size_t)n * sizeof *r->count[k]);
}

/* Generates and times n queries of workload w; writes them to qf. */
static void run(result *r, int w, long n, unsigned long seed, int wall,
                int raw, FILE *qf, int verify, int fresh)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    boxtoi_contact_t c;
    long i;

    result_init(r, n);
    gmp_randinit_default(st);
    gmp_randseed_ui(st, seed);
    boxtoi_query_init(q);
    boxtoi_contact_init(c);
    for (i = 0; i < n; i++) {
        cw_query(q, st, w, raw, i);
        if (qf != NULL)
            qgen_fprint_query(qf, q);
        time_one(r, i, q, fresh ? NULL : c, cw_name(w), wall, verify);
    }
    boxtoi_contact_clear(c);
    boxtoi_query_clear(q);
    gmp_randclear(st);
}

/* Times every query of the file called name (-n N: the first N). */
static void run_file(result *r, const char *name, long nmax, int wall,
                     int verify, int fresh)
{
    boxtoi_contact_t c;
    boxtoi_query_struct *qs;
    long n, nbad, i;
    FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");

    if (f == NULL || cw_read_queries(&qs, &n, &nbad, f, name) != 0)
        die("cannot read the --queries file");
    if (f != stdin)
        fclose(f);
    if (nbad > 0)
        fprintf(stderr, "contact-bench: %s: %ld lines are not valid "
                "queries (skipped)\n", name, nbad);
    if (n == 0)
        die("no valid query in the --queries file");
    result_init(r, n < nmax ? n : nmax);
    boxtoi_contact_init(c);
    for (i = 0; i < r->n; i++)
        time_one(r, i, &qs[i], fresh ? NULL : c, name, wall, verify);
    boxtoi_contact_clear(c);
    for (i = 0; i < n; i++)
        boxtoi_query_clear(&qs[i]);
    free(qs);
}

static double mean(const double *x, long n)
{
    double s = 0.0;
    long i;
    for (i = 0; i < n; i++)
        s += x[i];
    return n > 0 ? s / (double)n : 0.0;
}

/* Marks in sel the workloads of the comma-separated list: names,
   "default" (the first three), "users" (the shapes of users' data,
   bits12 ... rot256d), "all"; 0 if a name is unknown. */
static int select_workloads(int *sel, const char *list)
{
    char name[32];
    int w;
    while (*list != '\0') {
        size_t len = strcspn(list, ",");
        if (len >= sizeof name)
            return 0;
        memcpy(name, list, len);
        name[len] = '\0';
        list += len + (list[len] == ',');
        for (w = 0; w < CW_NWORK; w++)
            if (strcmp(name, "all") == 0
                || (strcmp(name, "default") == 0 && w < CW_NDEFAULT)
                || (strcmp(name, "users") == 0 && w >= CW_NDEFAULT
                    && w < CW_HARD))
                sel[w] = 1;
        if ((w = cw_lookup(name)) >= 0)
            sel[w] = 1;
        else if (strcmp(name, "all") != 0 && strcmp(name, "default") != 0
                 && strcmp(name, "users") != 0)
            return 0;
    }
    return 1;
}

static void print_row(const char *name, result *r)
{
    double med = cw_quantile(r->time, r->n, 500);
    double p99 = cw_quantile(r->time, r->n, 990);
    printf("%-14s %8ld %8ld %8ld %6ld %10.1f %10.1f %10.1f %9.2f\n",
           name, r->n, r->ncontact, r->ninitial, r->nerror, 1e6 * med,
           1e6 * p99, 1e6 * r->time[r->n - 1], r->total);
    fflush(stdout);
}

static void print_counts(const char *name, result *r)
{
    int k;
    printf("%-14s", name);
    for (k = 0; k < NCOUNT; k++) {
        double m = mean(r->count[k], r->n), p, x;
        char cell[40];
        p = cw_quantile(r->count[k], r->n, 990);
        x = r->count[k][r->n - 1];
        sprintf(cell, "%.2f / %.0f / %.0f", m, p, x);
        printf(" %19s", cell);
    }
    putchar('\n');
    free(r->time);
    for (k = 0; k < NCOUNT; k++)
        free(r->count[k]);
}

/* Writes the selected workloads to qf without solving them. */
static void write_only(const int *sel, long n, unsigned long seed, int raw,
                       FILE *qf)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    long i;
    int w;
    boxtoi_query_init(q);
    for (w = 0; w < CW_NWORK; w++) {
        if (!sel[w])
            continue;
        gmp_randinit_default(st);
        gmp_randseed_ui(st, seed + (unsigned long)w);
        for (i = 0; i < cw_count(w, n); i++) {
            cw_query(q, st, w, raw, i);
            qgen_fprint_query(qf, q);
        }
        gmp_randclear(st);
    }
    boxtoi_query_clear(q);
}

int main(int argc, char **argv)
{
    long n = 10000;
    unsigned long seed = CW_SEED;
    int wall = 0, raw = 0, verify = 0, only = 0, wonly = 0, fresh = 0, i, w;
    int sel[CW_NWORK] = {0};
    long nwrong = 0;
    const char *wname = NULL, *qname = NULL;
    FILE *qf = NULL;
    result res[CW_NWORK + 1];

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
        else if (strcmp(argv[i], "--fresh-result") == 0)
            fresh = 1;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            only = 1;
            if (!select_workloads(sel, argv[++i]))
                die("unknown workload (see --help)");
        } else if (strcmp(argv[i], "--queries") == 0 && i + 1 < argc)
            qname = argv[++i];
        else if (strcmp(argv[i], "--write") == 0 && i + 1 < argc)
            wname = argv[++i];
        else if (strcmp(argv[i], "--write-only") == 0)
            wonly = 1;
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
    if (!only && qname == NULL)
        for (w = 0; w < CW_NDEFAULT; w++)
            sel[w] = 1;
    if (wname != NULL && (qf = fopen(wname, "w")) == NULL)
        die("cannot write the --write file");
    if (wonly) {
        if (qf == NULL)
            die("--write-only needs --write FILE");
        write_only(sel, n, seed, raw, qf);
        return fclose(qf) != 0;
    }

    printf("Contact: boxtoi_contact_first, %ld queries per workload, "
           "%s, seed %lu + w\n",
           n, raw ? "qgen's ranges" : "t in [0, 1]", seed);
    printf("time per query: %s; timer cost %.3f us (included); %s\n\n",
           wall ? "wall clock" : "process CPU time",
           1e6 * timer_cost(wall),
           fresh ? "a fresh result per query" : "one result reused");
    printf("%-14s %8s %8s %8s %6s %10s %10s %10s %9s\n", "workload",
           "queries", "contacts", "initial", "errors", "median us",
           "p99 us", "max us", "total s");
    fflush(stdout);
    if (qname != NULL) {
        run_file(&res[CW_NWORK], qname, n, wall, verify, fresh);
        nwrong += res[CW_NWORK].nwrong;
        print_row("file", &res[CW_NWORK]);
    }
    for (w = 0; w < CW_NWORK; w++) {
        if (!sel[w])
            continue;
        run(&res[w], w, cw_count(w, n), seed + (unsigned long)w, wall, raw,
            qf, verify, fresh);
        nwrong += res[w].nwrong;
        print_row(cw_name(w), &res[w]);
    }
    printf("\nper query: mean / p99 / max\n%-14s", "workload");
    for (i = 0; i < NCOUNT; i++)
        printf(" %19s", count_names[i]);
    putchar('\n');
    if (qname != NULL)
        print_counts("file", &res[CW_NWORK]);
    for (w = 0; w < CW_NWORK; w++)
        if (sel[w])
            print_counts(cw_name(w), &res[w]);
    if (verify)
        printf("\nverified with the oracle of t/oracle.h: %ld wrong "
               "answers\n", nwrong);
    if (qf != NULL && fclose(qf) != 0)
        die("cannot write the --write file");
    return nwrong != 0;
}
