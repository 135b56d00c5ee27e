/* bench/scene-bench.c: scenes of many moving boxes (doc/performance.md,
   "Scenes"): the time of boxtoi_scene_first and boxtoi_scene_pairs on
   two seeded families of scenes of N bodies, peak memory, and how much
   the broad phase prunes.

   - bin: N - 1 unit cubes at jittered grid places over a floor, at
     random heights, falling (z = z0 - 5 t^2) and tumbling (a quaternion
     1 + u t about a rational unit axis, so that the motion is rational
     of degree 2 over |q|^2), with small sideways drifts; range [0, 2].
   - conveyor: parts riding a belt in x at speed 1 (linear in t) past N/4
     static fixtures: gantries over the belt (clear of the parts) and,
     one in 16, a stop reaching into the belt's path; range [0, 8].

   Each scene is built (not timed), then boxtoi_scene_first and
   boxtoi_scene_pairs are timed on it (process CPU time by default, wall
   clock with --wall; the machine may be shared).  Peak memory is the
   process's maximum resident set size (getrusage), which only grows, so
   the sizes run in increasing order.  Pruning: the share of pairs (not
   ignored) that never reached the exact solver, from the statistics of
   boxtoi_scene_result_struct.  Nothing here runs in `make check`. */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include "boxtoi.h"

static int use_wall;

static double now(void)
{
    struct timespec ts;
    clock_gettime(use_wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID,
                  &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static long peak_kib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

static void die(const char *msg)
{
    fprintf(stderr, "scene-bench: %s\n", msg);
    exit(1);
}

/* A small linear congruential generator: the scenes depend on the seed
   only (no global state of the C library). */
static unsigned long long rng_state;
static long rnd(long n)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (long)((rng_state >> 33) % (unsigned long long)n);
}

static void add(boxtoi_scene_t s, const char *name, const boxtoi_box_t b,
                const boxtoi_motion_t m)
{
    boxtoi_errinfo e;
    if (boxtoi_scene_add_body(s, name, b, m, &e) != BOXTOI_OK)
        die(e.msg);
}

/* Rational unit axes from Pythagorean quadruples (a, b, c, d), a^2 +
   b^2 + c^2 = d^2. */
static const long axes[4][4] = {
    {1, 2, 2, 3}, {2, 3, 6, 7}, {1, 4, 8, 9}, {2, 6, 9, 11}};

static void bin_scene(boxtoi_scene_t s, long n)
{
    boxtoi_box_t b;
    boxtoi_motion_t m;
    mpq_t qa[4], qb[4], tr[9], t0, t1;
    long k = 1, i, j, side;
    char name[32];
    boxtoi_errinfo e;

    while (k * k < n)
        k++;
    side = 3 * k;
    boxtoi_box_init(b);
    boxtoi_motion_init(m);
    for (i = 0; i < 4; i++) {
        mpq_init(qa[i]);
        mpq_init(qb[i]);
    }
    for (i = 0; i < 9; i++)
        mpq_init(tr[i]);
    mpq_init(t0);
    mpq_init(t1);
    mpq_set_ui(t1, 2, 1);
    if (boxtoi_scene_set_range(s, t0, t1, &e) != BOXTOI_OK)
        die(e.msg);
    boxtoi_box_set_si(b, -1, -1, -1, side + 1, side + 1, 0);
    add(s, "floor", b, NULL);
    boxtoi_box_set_si(b, 0, 0, 0, 1, 1, 1);
    for (i = 1; i < n; i++) {
        const long *ax = axes[rnd(4)];
        long cell = i - 1;
        mpq_set_ui(qa[0], 1, 1);
        for (j = 1; j < 4; j++) {
            mpq_set_si(qb[j], ax[j - 1] * (rnd(5) - 2), ax[3] * 4);
            mpq_canonicalize(qb[j]);
        }
        /* x = 3 (cell mod k) + jitter + drift t; z = z0 - 5 t^2 */
        mpq_set_si(tr[0], 3 * (cell % k) + 1, 1);
        mpq_set_si(tr[1], rnd(5) - 2, 4);
        mpq_canonicalize(tr[1]);
        mpq_set_si(tr[3], 3 * (cell / k) + 1, 1);
        mpq_set_si(tr[4], rnd(5) - 2, 4);
        mpq_canonicalize(tr[4]);
        mpq_set_si(tr[6], 2 + rnd(40), 2);
        mpq_canonicalize(tr[6]);
        mpq_set_si(tr[8], -5, 1);
        if (boxtoi_motion_set_quat_linear(m, qa[0], qb[0], tr[0], 3, &e)
            != BOXTOI_OK)
            die(e.msg);
        snprintf(name, sizeof name, "part%ld", i);
        add(s, name, b, m);
    }
    for (i = 0; i < 4; i++) {
        mpq_clear(qa[i]);
        mpq_clear(qb[i]);
    }
    for (i = 0; i < 9; i++)
        mpq_clear(tr[i]);
    mpq_clear(t0);
    mpq_clear(t1);
    boxtoi_motion_clear(m);
    boxtoi_box_clear(b);
}

static void conveyor_scene(boxtoi_scene_t s, long n)
{
    boxtoi_box_t b;
    boxtoi_motion_t m;
    mpq_t t0, t1;
    long nfix = n / 4, npart = n - nfix, i, x;
    char name[32];
    boxtoi_errinfo e;

    boxtoi_box_init(b);
    boxtoi_motion_init(m);
    mpq_init(t0);
    mpq_init(t1);
    mpq_set_ui(t1, 8, 1);
    if (boxtoi_scene_set_range(s, t0, t1, &e) != BOXTOI_OK)
        die(e.msg);
    /* fixtures every 12 units along x: a gantry over the belt (z >= 3,
       the parts are at most 2 high), or one in 16 a stop at z in [1, 3]
       (parts hit it) */
    for (i = 0; i < nfix; i++) {
        x = 12 * i + 6 + rnd(4);
        if (i % 16 == 15)
            boxtoi_box_set_si(b, x, 0, 1, x + 1, 2, 3);
        else
            boxtoi_box_set_si(b, x, -1, 3, x + 2, 3, 4);
        snprintf(name, sizeof name, "fixture%ld", i);
        add(s, name, b, NULL);
    }
    /* parts: 2 units long, 3 apart on the belt, moving at speed 1 */
    for (i = 0; i < npart; i++) {
        long h = 1 + rnd(2);
        x = (12 * nfix * i) / (npart > 0 ? npart : 1);
        boxtoi_box_set_si(b, x, 0, 0, x + 2, 2, h);
        boxtoi_motion_set_identity(m);
        boxtoi_motion_set_coeff_si(m, 0, 3, 1, 1);
        snprintf(name, sizeof name, "part%ld", i);
        add(s, name, b, m);
    }
    mpq_clear(t0);
    mpq_clear(t1);
    boxtoi_motion_clear(m);
    boxtoi_box_clear(b);
}

static void run(const char *family, long n, int pairs)
{
    boxtoi_scene_t s;
    boxtoi_scene_result_t r;
    boxtoi_errinfo e;
    double t, tf, tp = -1;
    long nf, np = -1, exf, exp = -1;
    boxtoi_scene_stats st;

    boxtoi_scene_init(s);
    boxtoi_scene_result_init(r);
    rng_state = 12345 + (unsigned long long)n;
    if (strcmp(family, "bin") == 0)
        bin_scene(s, n);
    else
        conveyor_scene(s, n);
    t = now();
    if (boxtoi_scene_first(r, s, NULL, &e) != BOXTOI_OK)
        die(e.msg);
    tf = now() - t;
    nf = r->n;
    exf = r->stats.nexact;
    st = r->stats;
    if (pairs) {
        t = now();
        if (boxtoi_scene_pairs(r, s, NULL, &e) != BOXTOI_OK)
            die(e.msg);
        tp = now() - t;
        np = r->n;
        exp = r->stats.nexact;
        st = r->stats;
    }
    printf("| %-8s | %7ld | %9.3f | %5ld | %6ld | %9.3f | %7ld | %8ld "
           "| %8ld | %6.3f%% | %8ld |\n",
           family, n, tf, nf, exf, tp, np, exp, st.nwindows,
           100.0 * (1.0 - (double)(pairs ? exp : exf) / (double)st.npairs),
           peak_kib() / 1024);
    if (getenv("SCENE_BENCH_STATS") != NULL)
        printf("#   %s %ld: candidates %ld, not solved %ld, exact %ld\n",
               family, n, st.ncandidate, st.nrefined, st.nexact);
    fflush(stdout);
    boxtoi_scene_result_clear(r);
    boxtoi_scene_clear(s);
}

int main(int argc, char **argv)
{
    long sizes[8], nsizes = 0, k, maxpairs = 10000;
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--wall") == 0)
            use_wall = 1;
        else if (strcmp(argv[i], "--pairs-max") == 0 && i + 1 < argc)
            maxpairs = atol(argv[++i]);
        else if (nsizes < 8 && atol(argv[i]) > 1)
            sizes[nsizes++] = atol(argv[i]);
        else {
            fprintf(stderr, "usage: scene-bench [--wall] [--pairs-max N] "
                            "[SIZE...]\n");
            return 2;
        }
    }
    if (nsizes == 0) {
        sizes[0] = 100;
        sizes[1] = 1000;
        sizes[2] = 10000;
        nsizes = 3;
    }
    printf("# %s time in seconds; pairs report timed up to N = %ld\n",
           use_wall ? "wall-clock" : "process CPU", maxpairs);
    printf("| scene    |       N | first (s) | pairs | exact  | pairs (s) "
           "| touching | exact    | windows  | pruned  | peak MiB |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (k = 0; k < nsizes; k++) {
        run("bin", sizes[k], sizes[k] <= maxpairs);
        run("conveyor", sizes[k], sizes[k] <= maxpairs);
    }
    return 0;
}
