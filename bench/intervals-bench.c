/* bench/intervals-bench.c: the cost of report "intervals" against
   report "first" (doc/performance.md, "Contact intervals").

   For each family of t/qgen.h, N seeded queries (default 200) are
   solved by boxtoi_contact_first and by boxtoi_contact_intervals, each
   query R times (default 3) in turn, and the process CPU time of each
   solver is summed (--wall: wall-clock).  The table gives the time per
   query of both, their ratio, and how many intervals were found.  The
   answers are checked to agree (the first interval starts at the first
   contact) so a wrong fast answer cannot pass unnoticed.  --family K
   runs family K only (the same queries as in a full run), e.g. under
   valgrind --tool=callgrind to count instructions per family. */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "boxtoi.h"
#include "t/qgen.h"

static int wall;

static double now(void)
{
    struct timespec ts;
    clock_gettime(wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    gmp_randstate_t st;
    boxtoi_query_t *q;
    boxtoi_contact_t c;
    boxtoi_intervals_t iv;
    boxtoi_errinfo err;
    long n = 200, reps = 3, i, r, nint, ncontact;
    unsigned long seed = 20261127;
    double tf, ti, t;
    int k, bad = 0, only = -1;

    for (k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-n") == 0 && k + 1 < argc)
            n = atol(argv[++k]);
        else if (strcmp(argv[k], "-r") == 0 && k + 1 < argc)
            reps = atol(argv[++k]);
        else if (strcmp(argv[k], "--seed") == 0 && k + 1 < argc)
            seed = strtoul(argv[++k], NULL, 10);
        else if (strcmp(argv[k], "--wall") == 0)
            wall = 1;
        else if (strcmp(argv[k], "--family") == 0 && k + 1 < argc)
            only = atoi(argv[++k]);
        else {
            fprintf(stderr, "usage: intervals-bench [-n N] [-r R] "
                            "[--seed S] [--wall] [--family K]\n");
            return 2;
        }
    }
    q = malloc((size_t)n * sizeof *q);
    if (q == NULL)
        return 1;
    gmp_randinit_default(st);
    gmp_randseed_ui(st, seed);
    boxtoi_contact_init(c);
    boxtoi_intervals_init(iv);
    printf("# %ld queries per family, %ld runs each, seed %lu, %s time\n",
           n, reps, seed, wall ? "wall-clock" : "process CPU");
    printf("%-14s %10s %10s %7s %9s %10s\n", "family", "first us",
           "interv us", "ratio", "contacts", "intervals");
    for (k = 0; k < QGEN_NKINDS; k++) {
        for (i = 0; i < n; i++) {
            boxtoi_query_init(q[i]);
            qgen_query(q[i], st, k);
        }
        if (only >= 0 && k != only) {
            for (i = 0; i < n; i++)
                boxtoi_query_clear(q[i]);
            continue; /* the same queries as a full run */
        }
        tf = ti = 0;
        nint = ncontact = 0;
        for (r = 0; r < reps; r++)
            for (i = 0; i < n; i++) {
                t = now();
                if (boxtoi_contact_first(c, q[i], NULL, &err) != BOXTOI_OK)
                    bad++;
                tf += now() - t;
                t = now();
                if (boxtoi_contact_intervals(iv, q[i], NULL, &err)
                    != BOXTOI_OK)
                    bad++;
                ti += now() - t;
                if ((iv->n > 0) != (c->status == BOXTOI_CONTACT)
                    || (iv->n > 0 && boxtoi_alg_cmp(iv->from, &c->t) != 0))
                    bad++;
                if (r == 0) {
                    nint += iv->n;
                    ncontact += c->status == BOXTOI_CONTACT;
                }
            }
        printf("%-14s %10.1f %10.1f %7.2f %9ld %10ld\n", qgen_kind_name(k),
               1e6 * tf / (double)(n * reps), 1e6 * ti / (double)(n * reps),
               tf > 0 ? ti / tf : 0.0, ncontact, nint);
        for (i = 0; i < n; i++)
            boxtoi_query_clear(q[i]);
    }
    boxtoi_intervals_clear(iv);
    boxtoi_contact_clear(c);
    gmp_randclear(st);
    free(q);
    if (bad)
        printf("# %d disagreements or errors\n", bad);
    return bad != 0;
}
