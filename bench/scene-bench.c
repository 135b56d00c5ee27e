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
   boxtoi_scene_result_struct.  -j N gives the narrow phase N threads
   (boxtoi_scene_set_threads); --queries FILE also times every scene
   line of a query file.  Built with configure --enable-peer-bench, each
   scene also runs FCL's pipeline (bench/scene-fcl.cc: a dynamic AABB
   tree on swept boxes and conservative advancement on every candidate
   pair) in the same run.  Nothing here runs in `make check`. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include "boxtoi.h"
#ifdef SCENE_FCL
#include "scene-fcl.h"
#endif

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

static long nthreads = 1, fcl_steps = 16;
static const char *only; /* one family, or NULL: both */
static int fcl_on = 1;

/* Times the reports of scene s (built, not timed) and prints its row;
   pairs: run the pairs report too. */
static void bench_scene(const char *label, boxtoi_scene_t s, int pairs)
{
    boxtoi_scene_result_t r;
    boxtoi_errinfo e;
    double t, tf, tp = 0, tfirst = -1;
    long nf, np = 0, exf, exp = 0;
    boxtoi_scene_stats st;
    char fcl[96] = " - | - |", ptxt[64] = "- | - | -";

    boxtoi_scene_result_init(r);
    boxtoi_scene_set_threads(s, nthreads);
    t = now();
    if (boxtoi_scene_first(r, s, NULL, &e) != BOXTOI_OK)
        die(e.msg);
    tf = now() - t;
    nf = r->n;
    exf = r->stats.nexact;
    st = r->stats;
    if (r->status == BOXTOI_CONTACT) {
        boxtoi_strbuf d;
        boxtoi_strbuf_init(&d);
        if (boxtoi_alg_get_str(&d, &r->v[0].c.t, 17) == BOXTOI_OK)
            tfirst = strtod(boxtoi_strbuf_str(&d), NULL);
        boxtoi_strbuf_clear(&d);
    }
    if (pairs) {
        t = now();
        if (boxtoi_scene_pairs(r, s, NULL, &e) != BOXTOI_OK)
            die(e.msg);
        tp = now() - t;
        np = r->n;
        exp = r->stats.nexact;
        st = r->stats;
    }
#ifdef SCENE_FCL
    if (fcl_on) {
        scene_fcl_result fr;
        if (scene_fcl_first(s, fcl_steps, use_wall, &fr) == 0)
            snprintf(fcl, sizeof fcl, " %8.3f | %s%.6g (%.6g) |", fr.sec,
                     fr.hit ? "" : "none ", fr.hit ? fr.toc : 0.0,
                     tfirst);
        if (getenv("SCENE_BENCH_STATS") != NULL)
            printf("#   %s %ld: FCL candidates %ld, CA runs %ld\n", label,
                   s->n, fr.ncandidate, fr.nca);
    }
#else
    (void)tfirst;
#endif
    if (pairs)
        snprintf(ptxt, sizeof ptxt, "%9.3f | %7ld | %8ld", tp, np, exp);
    printf("| %-8s | %7ld | %9.3f | %5ld | %6ld | %s | %8ld | %6.3f%% "
           "| %8ld |%s\n",
           label, s->n, tf, nf, exf, ptxt, st.nwindows,
           100.0 * (1.0 - (double)(pairs ? exp : exf) / (double)st.npairs),
           peak_kib() / 1024, fcl);
    if (getenv("SCENE_BENCH_STATS") != NULL)
        printf("#   %s %ld: candidates %ld, not solved %ld, exact %ld\n",
               label, s->n, st.ncandidate, st.nrefined, st.nexact);
    fflush(stdout);
    boxtoi_scene_result_clear(r);
}

static void run(const char *family, long n, int pairs)
{
    boxtoi_scene_t s;

    if (only != NULL && strcmp(only, family) != 0)
        return;
    boxtoi_scene_init(s);
    rng_state = 12345 + (unsigned long long)n;
    if (strcmp(family, "bin") == 0)
        bin_scene(s, n);
    else
        conveyor_scene(s, n);
    bench_scene(family, s, pairs);
    boxtoi_scene_clear(s);
}

/* Every scene line of file (boxtoi_io_read_scene), labelled "line N";
   other lines and errors are skipped with a note. */
static void run_file(const char *file, long maxpairs)
{
    FILE *f = fopen(file, "r");
    char *line = NULL, label[32];
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;

    if (f == NULL)
        die("cannot open the queries file");
    while ((len = getline(&line, &cap, f)) >= 0) {
        boxtoi_scene_t s;
        boxtoi_errinfo e;
        int report;
        lineno++;
        boxtoi_scene_init(s);
        if (boxtoi_io_read_scene(s, &report, NULL, line, (size_t)len, NULL,
                                 &e) == BOXTOI_OK) {
            snprintf(label, sizeof label, "line %ld", lineno);
            bench_scene(label, s, s->n <= maxpairs);
        } else if (!boxtoi_io_is_blank(line, (size_t)len)) {
            printf("#   line %ld: not a scene (%s)\n", lineno, e.msg);
        }
        boxtoi_scene_clear(s);
    }
    free(line);
    fclose(f);
}

static int usage(void)
{
    fprintf(stderr, "usage: scene-bench [--wall] [-j N] [--pairs-max N] "
                    "[--steps K] [--no-fcl] [--only bin|conveyor]\n"
                    "                   [--queries FILE] [SIZE...]\n");
    return 2;
}

int main(int argc, char **argv)
{
    long sizes[8], nsizes = 0, k, maxpairs = 10000;
    const char *queries = NULL;
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--wall") == 0)
            use_wall = 1;
        else if (strcmp(argv[i], "--pairs-max") == 0 && i + 1 < argc)
            maxpairs = atol(argv[++i]);
        else if (strcmp(argv[i], "-j") == 0 && i + 1 < argc)
            nthreads = atol(argv[++i]);
        else if (strcmp(argv[i], "--steps") == 0 && i + 1 < argc)
            fcl_steps = atol(argv[++i]);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--no-fcl") == 0)
            fcl_on = 0;
        else if (strcmp(argv[i], "--queries") == 0 && i + 1 < argc)
            queries = argv[++i];
        else if (nsizes < 8 && atol(argv[i]) > 1)
            sizes[nsizes++] = atol(argv[i]);
        else
            return usage();
    }
    if (nsizes == 0 && queries == NULL) {
        sizes[0] = 100;
        sizes[1] = 1000;
        sizes[2] = 10000;
        nsizes = 3;
    }
    printf("# %s time in seconds; %ld thread(s); pairs report timed up to "
           "N = %ld\n", use_wall ? "wall-clock" : "process CPU", nthreads,
           maxpairs);
#ifdef SCENE_FCL
    if (fcl_on)
        printf("# FCL: DynamicAABBTreeCollisionManager on swept boxes, "
               "%ld steps, conservative advancement (libccd) per "
               "candidate\n", fcl_steps);
#endif
    printf("| scene    |       N | first (s) | pairs | exact  | pairs (s) "
           "| touching | exact    | windows  | pruned  | peak MiB "
           "| FCL first (s) | FCL t (boxtoi t) |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    if (queries != NULL)
        run_file(queries, maxpairs);
    for (k = 0; k < nsizes; k++) {
        run("bin", sizes[k], sizes[k] <= maxpairs);
        run("conveyor", sizes[k], sizes[k] <= maxpairs);
    }
    return 0;
}
