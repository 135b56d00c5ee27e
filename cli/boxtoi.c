/* cli/boxtoi.c: the boxtoi command, first contact of moving boxes for
   JSON Lines queries (doc/boxtoi.1, doc/format.md).

   Reads queries, one JSON object per line, from the files named (or
   standard input) and writes one result per line, in input order.  The
   work per line is boxtoi_io_process_line; this file adds options,
   files, threads and progress.  With -j N (N >= 2), N worker threads
   solve the lines of a ring of 64 N slots while the main thread reads
   lines into free slots ahead of them and writes the finished slots
   behind them, in input order: the output bytes do not depend on N,
   memory is bounded by the ring, a slow query holds up only its own
   slot, and reading and writing overlap the solving.  With -j 1, or
   when the input is a terminal, each line is read, solved and written
   in turn.  -j N also gives each scene line N threads for its exact
   solves (boxtoi_scene_set_threads), again with the same output.  Uses
   only the public API <boxtoi.h>. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include <boxtoi.h>
#include "csv.h"

#define MAX_JOBS 1024
#define CHUNK_PER_JOB 64
#define READ_RUN 32   /* lines read before they are published */
#define CLAIM_MAX 16  /* lines a worker claims at once */

typedef struct {
    char *buf;          /* the line (getline's buffer) */
    size_t cap;
    size_t len;
    long lineno;
    double offset;      /* bytes of the stream read up to its end */
    boxtoi_strbuf out;  /* its result */
    int rc;
} slot;

/* The ring: line number k (counting from 0 in the stream) is in slot
   k % cap.  Lines [tail, head) have been read and not yet written;
   [next, head) are waiting for a worker.  All counters, flags and
   done flags are under mu.  The lock and the condition variables are
   used per run of lines, not per line: the main thread publishes the
   lines it has read in runs of up to READ_RUN, a worker claims up to
   CLAIM_MAX lines at once, the main thread writes every finished line
   at the tail before it takes the lock again, and a thread is woken
   only when it is waiting (idle, main_waits).  A wake-up per line cost
   more than the solving of a cheap line (doc/performance.md,
   "Streams"). */
typedef struct {
    slot *slots;
    int *done;
    size_t cap;
    size_t head, next, tail;
    int eof;            /* no more lines will come */
    int idle;           /* workers waiting on work */
    int main_waits;     /* the main thread waits on ready */
    size_t jobs;        /* worker threads running */
    pthread_mutex_t mu;
    pthread_cond_t work; /* lines to solve, or eof */
    pthread_cond_t ready; /* the slot at tail is done (stream: tail
                             moved) */
    const boxtoi_io_options *opts;
    int stream;         /* stdout is not a regular file: the workers
                           write and flush each finished run at once */
    int writing;        /* a worker is writing (stream) */
    int fatal;          /* its write failed (stream): 3 */
    const char *name;   /* of the stream, for the writer's messages */
    struct progress_s *prog;
    long *errors;
} batch;

/* Progress on standard error (when it is a terminal, or --progress).
   total is the size of the input being read when it is a regular file
   (else 0); done the bytes of it whose results have been written. */
typedef struct progress_s {
    int on;
    double start, last;     /* seconds on the monotonic clock */
    double fstart;          /* when the current input was opened */
    long lines, errors;
    double done, total;
    int shown;
} progress;

static double now_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0.0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static const char *progname = "boxtoi";

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
            progname);
}

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", progname);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '%s --help' for more information.\n", progname);
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

/* w: the thread's objects for a line, reused from line to line. */
static void run_slot(slot *s, boxtoi_io_line_t w,
                     const boxtoi_io_options *opts)
{
    boxtoi_strbuf_reset(&s->out);
    s->rc = boxtoi_io_line_process(w, &s->out, s->buf, s->len, s->lineno,
                                   opts, NULL);
}

static int write_slot(const slot *s, const char *name, progress *prog,
                      long *errors);

/* Stream mode, with b->mu held: unless another worker is at it, writes
   and flushes every finished line at the tail, in order, until the
   line at the tail is not finished; wakes the main thread when it
   waits for room.  The lock is released while writing. */
static void write_ready(batch *b)
{
    if (b->writing || b->fatal)
        return;
    b->writing = 1;
    while (!b->fatal && b->tail < b->head && b->done[b->tail % b->cap]) {
        size_t t = b->tail, end = t;
        int rc = 0;
        while (end < b->head && b->done[end % b->cap])
            end++;
        pthread_mutex_unlock(&b->mu);
        while (rc == 0 && t < end)
            rc = write_slot(b->slots + t++ % b->cap, b->name, b->prog,
                            b->errors);
        if (rc == 0 && fflush(stdout) != 0) {
            fprintf(stderr, "%s: write error: %s\n", progname,
                    strerror(errno));
            rc = 3;
        }
        pthread_mutex_lock(&b->mu);
        b->tail = end;
        b->fatal = rc;
        if (b->main_waits)
            pthread_cond_signal(&b->ready);
    }
    b->writing = 0;
}

/* A worker claims a share of the waiting lines (at most CLAIM_MAX, and
   no more than its share of them when there are few, so that the
   others get work too), solves them, and marks them done; in stream
   mode it then writes what is ready (write_ready). */
static void *worker(void *arg)
{
    batch *b = arg;
    boxtoi_io_line_t w;
    size_t i, n, k;
    boxtoi_io_line_init(w);
    pthread_mutex_lock(&b->mu);
    for (;;) {
        while (b->next == b->head && !b->eof) {
            b->idle++;
            pthread_cond_wait(&b->work, &b->mu);
            b->idle--;
        }
        if (b->next == b->head)
            break; /* eof and nothing left */
        n = (b->head - b->next) / (2 * b->jobs);
        if (n < 1)
            n = 1;
        else if (n > CLAIM_MAX)
            n = CLAIM_MAX;
        i = b->next;
        b->next += n;
        pthread_mutex_unlock(&b->mu);
        for (k = 0; k < n; k++)
            run_slot(b->slots + (i + k) % b->cap, w, b->opts);
        pthread_mutex_lock(&b->mu);
        for (k = 0; k < n; k++)
            b->done[(i + k) % b->cap] = 1;
        if (b->stream)
            write_ready(b);
        else if (b->main_waits && b->done[b->tail % b->cap])
            pthread_cond_signal(&b->ready);
    }
    pthread_mutex_unlock(&b->mu);
    boxtoi_io_line_clear(w);
    return NULL;
}

/* Shows the counts once the batch has run for a second, then at most
   once a second; final erases the line.  With the size of the input
   known: bytes done / total, the percentage, and the time left at the
   mean rate so far. */
static void progress_update(progress *p, int final)
{
    double now, left;
    if (!p->on)
        return;
    if (final) {
        if (p->shown)
            fputs("\r\033[K", stderr);
        p->shown = 0;
        return;
    }
    now = now_seconds();
    if (now - p->start < 1.0 || now - p->last < 1.0)
        return;
    p->last = now;
    p->shown = 1;
    fprintf(stderr, "\r\033[K%s: %ld lines, %ld errors", progname, p->lines,
            p->errors);
    if (p->total > 0) {
        fprintf(stderr, ", %.1f/%.1f MB (%.0f%%)", p->done / 1e6,
                p->total / 1e6, 100.0 * p->done / p->total);
        if (p->done > 0) {
            left = (now - p->fstart) * (p->total - p->done) / p->done;
            fprintf(stderr, ", %ld:%02ld left", (long)left / 60,
                    (long)left % 60);
        }
    }
}

/* Reads the next non-blank line of in into s; returns 0 at the end of
   the input.  A UTF-8 byte-order mark at the start of the input is
   skipped (doc/format.md §7).  *offset counts the bytes read. */
static int read_line(FILE *in, slot *s, long *lineno, double *offset)
{
    for (;;) {
        ssize_t got = getline(&s->buf, &s->cap, in);
        if (got < 0)
            return 0;
        *offset += (double)got;
        s->offset = *offset;
        s->len = (size_t)got;
        if (++*lineno == 1 && s->len >= 3
            && memcmp(s->buf, "\xef\xbb\xbf", 3) == 0) {
            memmove(s->buf, s->buf + 3, s->len - 3);
            s->len -= 3;
        }
        if (s->len > 0 && s->buf[s->len - 1] == '\n')
            s->len--;
        if (!boxtoi_io_is_blank(s->buf, s->len)) {
            s->lineno = *lineno;
            return 1;
        }
    }
}

/* Writes the result of s; returns 0, or 3 (with a message) when the
   line ran out of memory before it had a result or the output cannot be
   written (then the rest of the input is not solved for nothing). */
static int write_slot(const slot *s, const char *name, progress *prog,
                      long *errors)
{
    if (s->rc != BOXTOI_OK) {
        (*errors)++;
        prog->errors++;
    }
    if (s->rc == BOXTOI_ENOMEM && s->out.len == 0) {
        fprintf(stderr, "%s: %s:%ld: out of memory\n", progname, name,
                s->lineno);
        return 3;
    }
    if (fwrite(boxtoi_strbuf_str(&s->out), 1, s->out.len, stdout)
            != s->out.len
        || ferror(stdout)) {
        fprintf(stderr, "%s: write error: %s\n", progname, strerror(errno));
        return 3;
    }
    prog->lines++;
    prog->done = s->offset;
    progress_update(prog, 0);
    return 0;
}

static int is_regular(FILE *f)
{
    struct stat st;
    return fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
}

/* One line at a time in this thread; in stream mode each result is
   flushed at once.  Returns 0, or 3 (fatal, with a message). */
static int run_serial(FILE *in, const char *name, batch *b,
                      progress *prog, long *errors)
{
    slot *s = b->slots;
    boxtoi_io_line_t w;
    long lineno = 0;
    double offset = 0;
    int rc = 0;

    boxtoi_io_line_init(w);
    while (rc == 0 && read_line(in, s, &lineno, &offset)) {
        run_slot(s, w, b->opts);
        rc = write_slot(s, name, prog, errors);
        if (rc == 0 && b->stream && fflush(stdout) != 0) {
            fprintf(stderr, "%s: write error: %s\n", progname,
                    strerror(errno));
            rc = 3;
        }
    }
    boxtoi_io_line_clear(w);
    return rc;
}

/* With jobs >= 2 threads: the ring of b (see batch).  Returns 0, or 3
   (fatal, with a message). */
static int run_ring(FILE *in, const char *name, batch *b, long jobs,
                    progress *prog, long *errors)
{
    pthread_t tid[MAX_JOBS];
    long k, started = 0, lineno = 0;
    size_t run = READ_RUN;
    double offset = 0;
    int rc = 0;

    b->head = b->next = b->tail = 0;
    b->eof = 0;
    b->idle = 0;
    b->main_waits = 0;
    b->writing = 0;
    b->fatal = 0;
    b->name = name;
    b->prog = prog;
    b->errors = errors;
    b->jobs = (size_t)jobs;
    if (b->stream && !is_regular(in))
        run = 1; /* publish each line as it comes: the next may not */
    for (k = 0; k < jobs; k++) {
        if (pthread_create(tid + started, NULL, worker, b) != 0)
            break; /* fewer threads: same output, just slower */
        started++;
    }
    if (started == 0) /* no thread at all: solve in this one */
        return run_serial(in, name, b, prog, errors);
    b->jobs = (size_t)started;
    pthread_mutex_lock(&b->mu);
    while (rc == 0) {
        /* read a run of lines into free slots (slots from head on are
           free when the ring is not full, and only this thread touches
           them until head moves) */
        if (!b->eof && b->head - b->tail < b->cap) {
            size_t h = b->head, room = b->cap - (b->head - b->tail), n = 0;
            int got = 1;
            if (room > run)
                room = run;
            pthread_mutex_unlock(&b->mu);
            while (n < room
                   && (got = read_line(in, b->slots + (h + n) % b->cap,
                                       &lineno, &offset)))
                n++;
            pthread_mutex_lock(&b->mu);
            for (k = 0; k < (long)n; k++)
                b->done[(h + (size_t)k) % b->cap] = 0;
            b->head += n;
            if (!got)
                b->eof = 1;
            if (b->idle > 0 && (n > 0 || b->eof))
                pthread_cond_broadcast(&b->work);
        }
        if (b->stream) {
            /* the workers write (write_ready); wait while there is
               nothing to read (end, or the ring is full) */
            rc = b->fatal;
            if (rc != 0 || (b->eof && b->tail == b->head))
                break;
            if (b->eof || b->head - b->tail == b->cap) {
                b->main_waits = 1;
                pthread_cond_wait(&b->ready, &b->mu);
                b->main_waits = 0;
            }
            continue;
        }
        /* write every finished line at the tail, in order */
        if (b->tail < b->head && b->done[b->tail % b->cap]) {
            size_t t = b->tail, end = t;
            while (end < b->head && b->done[end % b->cap])
                end++;
            pthread_mutex_unlock(&b->mu);
            while (rc == 0 && t < end)
                rc = write_slot(b->slots + t++ % b->cap, name, prog, errors);
            pthread_mutex_lock(&b->mu);
            b->tail = t;
            continue;
        }
        if (b->eof && b->tail == b->head)
            break;
        /* nothing to read (end, or the ring is full) and nothing to
           write: wait for the oldest line */
        if (b->eof || b->head - b->tail == b->cap) {
            b->main_waits = 1;
            while (!b->done[b->tail % b->cap])
                pthread_cond_wait(&b->ready, &b->mu);
            b->main_waits = 0;
        }
    }
    /* on a fatal error the workers still finish the lines they hold */
    b->eof = 1;
    b->head = b->next;
    pthread_cond_broadcast(&b->work);
    pthread_mutex_unlock(&b->mu);
    for (k = 0; k < started; k++)
        pthread_join(tid[k], NULL);
    return rc;
}

/* Processes one stream.  Returns 0, 2 on a read error or 3 on a write
   error or exhausted memory (fatal), with a message. */
static int run_stream(FILE *in, const char *name, batch *b, long jobs,
                      progress *prog, long *errors)
{
    int rc;

    if (jobs == 1 || isatty(fileno(in))) {
        /* one line at a time (a person typing wants each answer at
           once) */
        rc = run_serial(in, name, b, prog, errors);
    } else {
        rc = run_ring(in, name, b, jobs, prog, errors);
    }
    if (rc == 0 && ferror(in)) {
        fprintf(stderr, "%s: %s: read error: %s\n", progname, name,
                strerror(errno));
        rc = 2;
    }
    return rc;
}

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
        progname = slash != NULL ? slash + 1 : argv[0];
    }
    boxtoi_io_options_init(&opts);
    files = malloc(((size_t)argc + 1) * sizeof *files);
    if (files == NULL) {
        fprintf(stderr, "%s: out of memory\n", progname);
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
        fprintf(stderr, "%s: out of memory\n", progname);
        free(files);
        return 2;
    }
    for (i = 0; i < cap; i++)
        boxtoi_strbuf_init(&b.slots[i].out);
    pthread_mutex_init(&b.mu, NULL);
    pthread_cond_init(&b.work, NULL);
    pthread_cond_init(&b.ready, NULL);
    b.opts = &opts;
    b.stream = !is_regular(stdout);

    memset(&prog, 0, sizeof prog);
    prog.on = force_progress
              || (isatty(fileno(stderr)) && !isatty(fileno(stdout)));
    prog.start = now_seconds();

    /* A file that cannot be read is reported and skipped (status 2);
       a write error stops everything. */
    for (k = 0; k < nfiles && status < 3; k++) {
        const char *name = files[k];
        FILE *in = stdin;
        int rc;
        if (strcmp(name, "-") != 0) {
            in = fopen(name, "r");
            if (in == NULL) {
                progress_update(&prog, 1);
                fprintf(stderr, "%s: %s: %s\n", progname, name,
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
            prog.fstart = now_seconds();
        }
        rc = csv_kind >= 0
                 ? cli_run_csv(in, name, &opts, csv_kind, &truth, &errors)
                 : run_stream(in, name, &b, jobs, &prog, &errors);
        if (in != stdin)
            fclose(in);
        if (rc != 0)
            status = rc;
    }
    progress_update(&prog, 1);
    if (status < 3 && (fflush(stdout) != 0 || ferror(stdout))) {
        fprintf(stderr, "%s: write error: %s\n", progname, strerror(errno));
        status = 2;
    }
    if (status > 2)
        status = 2;
    if (status == 0 && errors > 0)
        status = 1;
    if (check_truth) {
        cli_truth_report(stderr, progname, &truth);
        if (status == 0 && truth.fp + truth.fn > 0)
            status = 1;
    }

    for (i = 0; i < cap; i++) {
        free(b.slots[i].buf);
        boxtoi_strbuf_clear(&b.slots[i].out);
    }
    pthread_cond_destroy(&b.work);
    pthread_cond_destroy(&b.ready);
    pthread_mutex_destroy(&b.mu);
    free(b.slots);
    free(b.done);
    free(files);
    return status;
}
