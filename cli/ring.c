/* cli/ring.c: the lines of one input stream, solved in turn or by a
   ring of worker threads, and written in input order (the method is
   told in cli/boxtoi.c's opening comment and at batch in ring.h); the
   progress line on standard error. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include <boxtoi.h>
#include "ring.h"

const char *cli_progname = "boxtoi";

double cli_now_seconds(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0.0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
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

/* With b->mu held: unless another thread is at it, writes every
   finished line at the tail, in order, until the line at the tail is
   not finished; in stream mode each run of them is flushed at once.
   The lock is released while writing.  The threads waiting (for room
   in the ring, or for a reader that may have filled it meanwhile) are
   woken when the tail moves: they wait rarely (doc/performance.md,
   `cmd7`). */
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
        if (rc == 0 && b->stream && fflush(stdout) != 0) {
            fprintf(stderr, "%s: write error: %s\n", cli_progname,
                    strerror(errno));
            rc = 3;
        }
        pthread_mutex_lock(&b->mu);
        b->tail = end;
        b->fatal = rc;
        if (b->idle > 0) /* room to read, or the end */
            pthread_cond_broadcast(&b->work);
    }
    b->writing = 0;
}

static int read_line(FILE *in, slot *s, long *lineno, double *offset);

/* With b->mu held, no other thread reading and room in the ring: reads
   up to b->run lines into the free slots from head on (only the reader
   touches them until head moves; the lock is released meanwhile),
   publishes them, and wakes the threads waiting for work. */
static void read_run(batch *b)
{
    size_t h = b->head, room = b->cap - (b->head - b->tail), n = 0, k;
    int got = 1;
    if (room > b->run)
        room = b->run;
    b->reading = 1;
    pthread_mutex_unlock(&b->mu);
    while (n < room
           && (got = read_line(b->in, b->slots + (h + n) % b->cap,
                               &b->lineno, &b->offset)))
        n++;
    pthread_mutex_lock(&b->mu);
    b->reading = 0;
    for (k = 0; k < n; k++)
        b->done[(h + k) % b->cap] = 0;
    b->head += n;
    if (!got)
        b->eof = 1;
    if (b->idle > 0)
        pthread_cond_broadcast(&b->work);
}

/* One of the -j N threads (the main thread is one of them): each reads
   a run of lines when the waiting ones run low and nobody else reads,
   else claims a share of the waiting lines (at most CLAIM_MAX, and no
   more than its share of them when there are few, so that the others
   get work too), solves them, marks them done, and writes what is
   ready at the tail (write_ready).  So N threads are runnable for
   -j N, not N + 1 (doc/performance.md, `cmd7`). */
static void *ring_thread(void *arg)
{
    batch *b = arg;
    boxtoi_io_line_t w;
    size_t i, n, k;
    boxtoi_io_line_init(w);
    pthread_mutex_lock(&b->mu);
    while (!b->fatal) {
        if (!b->eof && !b->reading && b->head - b->tail < b->cap
            && b->head - b->next < b->run) {
            read_run(b);
            continue;
        }
        if (b->next == b->head) {
            if (b->eof)
                break; /* nothing left to claim */
            /* another thread reads, or the ring is full of claimed
               lines: wait until lines come or the tail moves */
            b->idle++;
            pthread_cond_wait(&b->work, &b->mu);
            b->idle--;
            continue;
        }
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
        write_ready(b);
    }
    pthread_mutex_unlock(&b->mu);
    boxtoi_io_line_clear(w);
    return NULL;
}

/* Shows the counts once the batch has run for a second, then at most
   once a second; final erases the line.  With the size of the input
   known: bytes done / total, the percentage, and the time left at the
   mean rate so far. */
void cli_progress_update(progress *p, int final)
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
    now = cli_now_seconds();
    if (now - p->start < 1.0 || now - p->last < 1.0)
        return;
    p->last = now;
    p->shown = 1;
    fprintf(stderr, "\r\033[K%s: %ld lines, %ld errors", cli_progname, p->lines,
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
        fprintf(stderr, "%s: %s:%ld: out of memory\n", cli_progname, name,
                s->lineno);
        return 3;
    }
    if (fwrite(boxtoi_strbuf_str(&s->out), 1, s->out.len, stdout)
            != s->out.len
        || ferror(stdout)) {
        fprintf(stderr, "%s: write error: %s\n", cli_progname, strerror(errno));
        return 3;
    }
    prog->lines++;
    prog->done = s->offset;
    cli_progress_update(prog, 0);
    return 0;
}

int cli_is_regular(FILE *f)
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
            fprintf(stderr, "%s: write error: %s\n", cli_progname,
                    strerror(errno));
            rc = 3;
        }
    }
    boxtoi_io_line_clear(w);
    return rc;
}

/* With jobs >= 2 threads: the ring of b (see batch), run by this
   thread and jobs - 1 others.  Returns 0, or 3 (fatal, with a
   message). */
static int run_ring(FILE *in, const char *name, batch *b, long jobs,
                    progress *prog, long *errors)
{
    pthread_t tid[MAX_JOBS];
    long k, started = 0;

    b->head = b->next = b->tail = 0;
    b->eof = 0;
    b->idle = 0;
    b->reading = 0;
    b->writing = 0;
    b->fatal = 0;
    b->in = in;
    b->lineno = 0;
    b->offset = 0;
    b->name = name;
    b->prog = prog;
    b->errors = errors;
    b->run = READ_RUN;
    if (b->stream && !cli_is_regular(in))
        b->run = 1; /* publish each line as it comes: the next may not */
    b->jobs = (size_t)jobs; /* set before the threads read it */
    for (k = 1; k < jobs; k++) {
        if (pthread_create(tid + started, NULL, ring_thread, b) != 0)
            break; /* fewer threads: same output, just slower */
        started++;
    }
    if (started + 1 < jobs) {
        pthread_mutex_lock(&b->mu);
        b->jobs = (size_t)started + 1;
        pthread_mutex_unlock(&b->mu);
    }
    ring_thread(b);
    for (k = 0; k < started; k++)
        pthread_join(tid[k], NULL);
    return b->fatal;
}

/* Processes one stream.  Returns 0, 2 on a read error or 3 on a write
   error or exhausted memory (fatal), with a message. */
int cli_run_stream(FILE *in, const char *name, batch *b, long jobs,
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
        fprintf(stderr, "%s: %s: read error: %s\n", cli_progname, name,
                strerror(errno));
        rc = 2;
    }
    return rc;
}
