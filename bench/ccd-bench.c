/* bench/ccd-bench.c: `make bench-ccd`, boxtoi_prim_first on the CSV
   files of the continuous collision detection benchmark
   (doc/performance.md, "Mesh CCD").

   Usage: ccd-bench [--sample N] [--once [--decide]] DIR...  Every CSV
   file under each DIR (handcrafted/<scene>/{vertex-face,edge-edge}/NAME.csv with a truth
   column, or <scene>/queries/NAME.csv with the truth in
   ../mma_bool/NAME_mma_bool.json) is read into memory first; then,
   per folder and kind, one row: queries, positives (truth), false
   positives and negatives of boxtoi_prim_first, its mean time (process
   CPU time over three whole passes) and median time (each query
   repeated for 20 us on the monotonic clock), the mean time of
   boxtoi_prim_decide (the same answer with the exact time left to be
   formed on demand, three passes), the mean time of the
   double filter alone (boxtoi_prim_filter, 30 passes), the share of
   queries that filter decides, and the share decided by the double
   stages (filter and certified path, res->filtered).  --sample N keeps
   every N-th query.  --once runs each query once, untimed (for
   instruction counts: valgrind --tool=callgrind
   --toggle-collect=boxtoi_prim_first, doc/performance.md); with
   --decide that run calls boxtoi_prim_decide instead (then
   --toggle-collect=boxtoi_prim_decide).  Exit status 1 when an answer
   disagrees with the truth. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <boxtoi.h>
#include "t/ccd-truth.h"

typedef struct {
    long n, pos, fp, fn, filtered, fdec, errors;
    double *us, *fus; /* fus: means of first, filter, decide */
    long alloc;
} stats;

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Wall-clock seconds (CLOCK_MONOTONIC, read in user space: the
   process CPU clock is a system call costing about as much as a
   filtered query). */
static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The queries of one folder, read before any timing. */
typedef struct {
    boxtoi_prim_query_struct *q;
    int *truth;
    long n, alloc;
} qlist;

static void qlist_push(qlist *l, const boxtoi_prim_query_t q, int truth)
{
    int k, i, j;
    boxtoi_prim_query_struct *x;
    if (l->n == l->alloc) {
        l->alloc = l->alloc ? 2 * l->alloc : 1024;
        l->q = realloc(l->q, (size_t)l->alloc * sizeof *l->q);
        l->truth = realloc(l->truth, (size_t)l->alloc * sizeof *l->truth);
        if (l->q == NULL || l->truth == NULL) {
            fprintf(stderr, "ccd-bench: out of memory\n");
            exit(2);
        }
    }
    x = l->q + l->n;
    boxtoi_prim_query_init(x);
    x->kind = q->kind;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++)
                mpq_set(x->x[k][i][j], q->x[k][i][j]);
    l->truth[l->n++] = truth;
}

/* Reads one CSV file into l; truth from the file or from truth_path. */
static void read_file(qlist *l, const char *path, int kind,
                      const char *truth_path, long sample, long *errors)
{
    ccd_reader rd;
    boxtoi_prim_query_t q;
    boxtoi_errinfo err;
    int truth, rc;

    if (!ccd_open(&rd, NULL, path, truth_path)) {
        fprintf(stderr, "ccd-bench: cannot open %s\n", path);
        return;
    }
    boxtoi_prim_query_init(q);
    q->kind = kind;
    while (ccd_next(&rd, q, &truth, &rc, &err)) {
        if (sample > 1 && rd.k % sample != 0)
            continue;
        if (rc != BOXTOI_OK) {
            fprintf(stderr, "%s: %s\n", path, err.msg);
            ++*errors;
            continue;
        }
        qlist_push(l, q, truth);
    }
    boxtoi_prim_query_clear(q);
    ccd_close(&rd);
}

/* The answers against the truth, per-query wall times (each query
   repeated until 20 us have passed; the median is robust to the
   preemptions of a shared machine) and the mean from process CPU time
   over whole passes (three, the clock read once per pass). */
static int once, decide_only;

/* The mean process CPU time of fn per query of l over three passes,
   in us (the clock read once per pass). */
static double mean_us(stats *s, qlist *l, boxtoi_prim_result_t res,
                      int (*fn)(boxtoi_prim_result_t,
                                const boxtoi_prim_query_t, boxtoi_errinfo *))
{
    double cpu = cpu_seconds();
    long r, i;
    for (r = 0; r < 3; r++)
        for (i = 0; i < l->n; i++)
            if (fn(res, l->q + i, NULL) != BOXTOI_OK)
                s->errors++;
    return 1e6 * (cpu_seconds() - cpu) / (3.0 * (double)l->n);
}

static void run_list(stats *s, qlist *l, const char *label)
{
    boxtoi_prim_result_t res;
    double t0, t, cpu;
    long i, k, r;
    int status, dec = 0;


    boxtoi_prim_result_init(res);
    s->alloc = l->n;
    s->us = malloc((size_t)(l->n + 1) * sizeof *s->us);
    s->fus = malloc((size_t)(l->n + 3) * sizeof *s->fus);
    for (i = 0; i < l->n; i++) {
        status = (decide_only ? boxtoi_prim_decide(res, l->q + i, NULL)
                              : boxtoi_prim_first(res, l->q + i, NULL))
                         == BOXTOI_OK
                     ? res->status : -1;
        s->filtered += status >= 0 && res->filtered;
        s->fdec += boxtoi_prim_filter(l->q + i) == 0;
        if (status < 0)
            s->errors++;
        s->pos += l->truth[i] == 1;
        if (status == 1 && l->truth[i] == 0) {
            s->fp++;
            printf("# FP %s query %ld\n", label, i);
        }
        if (status == 0 && l->truth[i] == 1) {
            s->fn++;
            printf("# FN %s query %ld\n", label, i);
        }
        if (once)
            continue;
        t0 = wall_seconds();
        k = 0;
        do {
            if (boxtoi_prim_first(res, l->q + i, NULL) != BOXTOI_OK)
                s->errors++;
            k++;
            t = wall_seconds() - t0;
        } while (t < 20e-6);
        s->us[i] = 1e6 * t / (double)k;
    }
    s->n = l->n;
    if (once) {
        memset(s->us, 0, (size_t)(l->n + 1) * sizeof *s->us);
        s->fus[0] = s->fus[1] = s->fus[2] = 0.0;
        boxtoi_prim_result_clear(res);
        return;
    }
    /* means over whole passes, process CPU time */
    s->fus[0] = mean_us(s, l, res, boxtoi_prim_first);
    cpu = cpu_seconds();
    for (r = 0; r < 30; r++)
        for (i = 0; i < l->n; i++)
            dec += boxtoi_prim_filter(l->q + i);
    s->fus[1] = 1e6 * (cpu_seconds() - cpu) / (30.0 * (double)l->n);
    s->fus[2] = mean_us(s, l, res, boxtoi_prim_decide);
    boxtoi_prim_result_clear(res);
}

#define MAX_ROWS 64
#define MAX_FILES 4096

typedef struct {
    char label[256];
    stats s;
    qlist l;
} row;

static char *files[MAX_FILES];
static long nfiles;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096];
    size_t n;

    if (d == NULL)
        return;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        n = strlen(path);
        if (n > 4 && strcmp(path + n - 4, ".csv") == 0) {
            if (nfiles < MAX_FILES)
                files[nfiles++] = strdup(path);
        } else {
            walk(path);
        }
    }
    closedir(d);
}

/* The kind of a file from its path, -1 when unknown. */
static int kind_of_path(const char *p)
{
    size_t n = strlen(p);
    if (strstr(p, "vertex-face") != NULL
        || (n >= 6 && strcmp(p + n - 6, "vf.csv") == 0))
        return BOXTOI_PRIM_VF;
    if (strstr(p, "edge-edge") != NULL
        || (n >= 6 && strcmp(p + n - 6, "ee.csv") == 0))
        return BOXTOI_PRIM_EE;
    return -1;
}

/* The folder label: the path under root up to the file's kind folder
   (or its queries/ folder), then the kind. */
static void label_of(char *buf, size_t size, const char *root,
                     const char *p, int kind)
{
    const char *rel = p + strlen(root);
    const char *end = strstr(rel, kind == 0 ? "/vertex-face" : "/edge-edge");
    int len;
    if (end == NULL)
        end = strstr(rel, "/queries");
    if (end == NULL)
        end = strrchr(rel, '/');
    while (*rel == '/')
        rel++;
    len = (int)(end - rel);
    snprintf(buf, size, "%.*s %s", len > 0 ? len : 0, rel,
             kind == 0 ? "vf" : "ee");
}

/* The truth file of a file under queries/,
   ../mma_bool/<stem>_mma_bool.json, in buf; NULL for other files. */
static const char *truth_for(char *buf, size_t size, const char *p)
{
    const char *q = strstr(p, "/queries/");
    const char *stem, *dot;
    if (q == NULL)
        return NULL;
    stem = q + 9;
    dot = strrchr(stem, '.');
    snprintf(buf, size, "%.*s/mma_bool/%.*s_mma_bool.json", (int)(q - p), p,
             (int)(dot - stem), stem);
    return buf;
}

static void print_row(const row *r)
{
    const stats *s = &r->s;
    double med;
    if (s->n == 0)
        return;
    qsort(s->us, (size_t)s->n, sizeof *s->us, cmp_double);
    med = s->us[s->n / 2];
    printf("| %-38s | %6ld | %5ld | %3ld | %3ld | %8.2f | %7.2f | %8.2f "
           "| %6.3f | %5.1f%% | %5.1f%% |\n", r->label, s->n, s->pos, s->fp,
           s->fn, s->fus[0], med, s->fus[2], s->fus[1],
           100.0 * (double)s->fdec / (double)s->n,
           100.0 * (double)s->filtered / (double)s->n);
}

int main(int argc, char **argv)
{
    static row rows[MAX_ROWS];
    long nrows = 0, sample = 1, i, j, bad = 0;
    int a = 1, kind;
    char label[256], tpath[4096];

    for (; a < argc && strncmp(argv[a], "--", 2) == 0; a++) {
        if (strcmp(argv[a], "--once") == 0)
            once = 1;
        else if (strcmp(argv[a], "--decide") == 0)
            decide_only = 1;
        else if (strcmp(argv[a], "--sample") == 0 && a + 1 < argc)
            sample = atol(argv[++a]);
    }
    printf("| folder | queries | positives | FP | FN | mean us (CPU) "
           "| median us (wall) | decide: mean us (CPU) "
           "| filter alone: mean us | filter decides "
           "| double stages decide |\n"
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- "
           "| --- |\n");
    for (; a < argc; a++) {
        nfiles = 0;
        walk(argv[a]);
        qsort(files, (size_t)nfiles, sizeof *files, cmp_str);
        for (i = 0; i < nfiles; i++) {
            kind = kind_of_path(files[i]);
            if (kind < 0)
                continue;
            label_of(label, sizeof label, argv[a], files[i], kind);
            for (j = 0; j < nrows && strcmp(rows[j].label, label) != 0; j++)
                ;
            if (j == nrows && nrows < MAX_ROWS)
                snprintf(rows[nrows++].label, sizeof rows[0].label, "%s",
                         label);
            if (j == MAX_ROWS)
                continue;
            read_file(&rows[j].l, files[i], kind,
                      truth_for(tpath, sizeof tpath, files[i]), sample,
                      &rows[j].s.errors);
            free(files[i]);
        }
    }
    for (j = 0; j < nrows; j++) {
        run_list(&rows[j].s, &rows[j].l, rows[j].label);
        print_row(rows + j);
        fflush(stdout);
        for (i = 0; i < rows[j].l.n; i++)
            boxtoi_prim_query_clear(rows[j].l.q + i);
        free(rows[j].l.q);
        free(rows[j].l.truth);
        bad += rows[j].s.fp + rows[j].s.fn + rows[j].s.errors;
        free(rows[j].s.us);
        free(rows[j].s.fus);
    }
    return bad > 0;
}
