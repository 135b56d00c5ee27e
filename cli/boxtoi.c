/* cli/boxtoi.c: the boxtoi command, first contact of moving boxes for
   JSON Lines queries (doc/boxtoi.1, doc/format.md).

   Reads queries, one JSON object per line, from the files named (or
   standard input) and writes one result per line, in input order.  The
   work per line is boxtoi_io_process_line; this file adds options,
   files, threads and progress.  With -j N (N >= 2), N threads (the main
   thread and N - 1 others) solve the lines of a ring of 128 N slots and
   take turns to read lines into free slots ahead of them and to write
   the finished slots behind them, in input order (so N threads are
   runnable, not N + 1): the output bytes do not depend on N,
   memory is bounded by the ring, a slow query holds up only its own
   slot, and reading and writing overlap the solving.  With -j 1, or
   when the input is a terminal, each line is read, solved and written
   in turn.  -j N also gives each scene line N threads for its exact
   solves (boxtoi_scene_set_threads), again with the same output.  Uses
   only the public API <boxtoi.h>.  This file: the options and the
   files; the lines of a stream, the ring and the progress line are in
   cli/ring.c, --csv in cli/csv.c. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <boxtoi.h>
#include "csv.h"
#include "ring.h"

static void usage(FILE *f)
{
    fprintf(f,
"Usage: %s [OPTION]... [FILE]...\n"
"Exact first time of contact of two moving boxes.\n"
"\n"
"Reads queries, one JSON object per line (JSON Lines), from the FILEs\n"
"or standard input (also for FILE \"-\") and writes one result per line\n"
"in input order.  Blank lines are skipped.  See boxtoi(1).\n"
"\n"
"  --digits N   significant digits of \"decimal\" (default 30)\n"
"  --text       a readable summary per query instead of JSON\n"
"  --progress   show progress on standard error (default: only when it\n"
"               is a terminal and standard output is not)\n"
"  --explain    explain how each answer was found (lines \"# ...\")\n"
"  --numbers binary64  read every JSON number literal as the double\n"
"               nearest to it, as a query's \"numbers\" key does\n"
"               (default: decimal, exactly the number written)\n"
"  -j N, --jobs N  solve with N threads (default 1; same output)\n"
"  --csv KIND   read the CCD benchmark's CSV files, KIND vertex_face\n"
"               or edge_edge (8 rows per query)\n"
"  --check-truth  with --csv: summary of agreement with the truth\n"
"               column on standard error (exit 1 on a disagreement)\n"
"  -h, --help   show this help and exit\n"
"  --version    show the version and exit\n"
"\n"
"Exit status: 0 if every line was answered, 1 if some line gave an\n"
"error result, 2 for a usage error or a file that cannot be read.\n",
            cli_progname);
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", cli_progname);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '%s --help' for more information.\n", cli_progname);
    return 2;
}

/* Parses a decimal long in [lo, hi]; returns 0 on success. */
static int parse_long(const char *s, long lo, long hi, long *res)
{
    char *end;
    long v;
    errno = 0;
    if (*s < '0' || *s > '9')
        return -1;
    v = strtol(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < lo || v > hi)
        return -1;
    *res = v;
    return 0;
}

/* stdio's buffers of the input file being read and of standard output
   when it is a regular file (main) */
static char inbuf[IO_BUFSIZE], outbuf[IO_BUFSIZE];

int main(int argc, char **argv)
{
    boxtoi_io_options opts;
    batch b;
    progress prog;
    long jobs = 1, errors = 0, v;
    int csv_kind = -1, check_truth = 0;
    cli_truth truth = {0, 0, 0, 0, 0};
    size_t cap, i;
    int k, nfiles = 0, status = 0, opts_done = 0, force_progress = 0;
    char **files;

    if (argc > 0 && argv[0] != NULL && *argv[0] != '\0') {
        const char *slash = strrchr(argv[0], '/');
        cli_progname = slash != NULL ? slash + 1 : argv[0];
    }
    boxtoi_io_options_init(&opts);
    files = malloc(((size_t)argc + 1) * sizeof *files);
    if (files == NULL) {
        fprintf(stderr, "%s: out of memory\n", cli_progname);
        return 2;
    }
    for (k = 1; k < argc; k++) {
        const char *a = argv[k], *val = NULL;
        if (opts_done || a[0] != '-' || strcmp(a, "-") == 0) {
            files[nfiles++] = argv[k];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            opts_done = 1;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            free(files);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("boxtoi %s\n", BOXTOI_VERSION_STRING);
            free(files);
            return 0;
        } else if (strcmp(a, "--progress") == 0) {
            force_progress = 1;
        } else if (strcmp(a, "--text") == 0) {
            opts.format = BOXTOI_IO_TEXT;
        } else if (strcmp(a, "--csv") == 0) {
            val = k + 1 < argc ? argv[++k] : "";
            csv_kind = strcmp(val, "vertex_face") == 0 ? BOXTOI_PRIM_VF
                       : strcmp(val, "edge_edge") == 0 ? BOXTOI_PRIM_EE : -2;
            if (csv_kind == -2) {
                free(files);
                return usage_error("--csv needs vertex_face or edge_edge, "
                                   "not '%s'", val);
            }
        } else if (strcmp(a, "--check-truth") == 0) {
            check_truth = 1;
        } else if (strcmp(a, "--explain") == 0) {
            opts.explain = 1;
        } else if (strcmp(a, "--numbers") == 0
                   || strncmp(a, "--numbers=", 10) == 0) {
            val = a[9] == '=' ? a + 10 : (k + 1 < argc ? argv[++k] : NULL);
            if (val != NULL && strcmp(val, "binary64") == 0)
                opts.numbers = BOXTOI_IO_BINARY64;
            else if (val != NULL && strcmp(val, "decimal") == 0)
                opts.numbers = BOXTOI_IO_DECIMAL;
            else {
                free(files);
                return usage_error("--numbers needs 'decimal' or "
                                   "'binary64', not '%s'",
                                   val != NULL ? val : "");
            }
        } else if (strcmp(a, "--digits") == 0
                   || strncmp(a, "--digits=", 9) == 0) {
            val = a[8] == '=' ? a + 9 : (k + 1 < argc ? argv[++k] : NULL);
            if (val == NULL || parse_long(val, 1, opts.max_digits, &v) != 0) {
                free(files);
                return usage_error("--digits needs a number of digits "
                                   "from 1 to 100000, not '%s'",
                                   val != NULL ? val : "");
            }
            opts.digits = v;
        } else if (strcmp(a, "-j") == 0 || strcmp(a, "--jobs") == 0
                   || strncmp(a, "--jobs=", 7) == 0
                   || (a[1] == 'j' && a[2] != '\0')) {
            if (a[1] == 'j')
                val = a[2] != '\0' ? a + 2
                                   : (k + 1 < argc ? argv[++k] : NULL);
            else
                val = a[6] == '=' ? a + 7
                                  : (k + 1 < argc ? argv[++k] : NULL);
            if (val == NULL || parse_long(val, 1, MAX_JOBS, &v) != 0) {
                free(files);
                return usage_error("-j needs a number of threads from 1 "
                                   "to 1024, not '%s'",
                                   val != NULL ? val : "");
            }
            jobs = v;
            opts.scene_threads = v; /* a scene's pairs, in parallel */
        } else {
            free(files);
            return usage_error("unknown option '%s'", a);
        }
    }
    if (nfiles == 0)
        files[nfiles++] = "-";

    cap = jobs == 1 ? 1 : (size_t)jobs * CHUNK_PER_JOB;
    b.slots = calloc(cap, sizeof *b.slots);
    b.done = calloc(cap, sizeof *b.done);
    b.cap = cap;
    if (b.slots == NULL || b.done == NULL) {
        free(b.slots);
        free(b.done);
        fprintf(stderr, "%s: out of memory\n", cli_progname);
        free(files);
        return 2;
    }
    for (i = 0; i < cap; i++)
        boxtoi_strbuf_init(&b.slots[i].out);
    pthread_mutex_init(&b.mu, NULL);
    pthread_cond_init(&b.work, NULL);
    b.opts = &opts;
    b.stream = !cli_is_regular(stdout);
    /* a file's results in 64 KiB writes instead of stdio's 4 KiB (a
       stream flushes each run of results itself); glibc takes the size
       only with a buffer given */
    if (!b.stream)
        setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);

    memset(&prog, 0, sizeof prog);
    prog.on = force_progress
              || (isatty(fileno(stderr)) && !isatty(fileno(stdout)));
    prog.start = cli_now_seconds();

    /* A file that cannot be read is reported and skipped (status 2);
       a write error stops everything. */
    for (k = 0; k < nfiles && status < 3; k++) {
        const char *name = files[k];
        FILE *in = stdin;
        int rc;
        if (strcmp(name, "-") != 0) {
            in = fopen(name, "r");
            if (in != NULL) /* 64 KiB reads: 16x fewer system calls;
                               one file is open at a time */
                setvbuf(in, inbuf, _IOFBF, sizeof inbuf);
            if (in == NULL) {
                cli_progress_update(&prog, 1);
                fprintf(stderr, "%s: %s: %s\n", cli_progname, name,
                        strerror(errno));
                status = 2;
                continue;
            }
        } else {
            name = "(standard input)";
        }
        {
            struct stat st;
            prog.total = fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode)
                             ? (double)st.st_size
                             : 0;
            prog.done = 0;
            prog.fstart = cli_now_seconds();
        }
        rc = csv_kind >= 0
                 ? cli_run_csv(in, name, &opts, csv_kind, &truth, &errors)
                 : cli_run_stream(in, name, &b, jobs, &prog, &errors);
        if (in != stdin)
            fclose(in);
        if (rc != 0)
            status = rc;
    }
    cli_progress_update(&prog, 1);
    if (status < 3 && (fflush(stdout) != 0 || ferror(stdout))) {
        fprintf(stderr, "%s: write error: %s\n", cli_progname, strerror(errno));
        status = 2;
    }
    if (status > 2)
        status = 2;
    if (status == 0 && errors > 0)
        status = 1;
    if (check_truth) {
        cli_truth_report(stderr, cli_progname, &truth);
        if (status == 0 && truth.fp + truth.fn > 0)
            status = 1;
    }

    for (i = 0; i < cap; i++) {
        free(b.slots[i].buf);
        boxtoi_strbuf_clear(&b.slots[i].out);
    }
    pthread_cond_destroy(&b.work);
    pthread_mutex_destroy(&b.mu);
    free(b.slots);
    free(b.done);
    free(files);
    return status;
}
