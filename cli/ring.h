/* cli/ring.h: the command's lines in turn or in a ring of threads
   (cli/ring.c), its progress line, and the types main sets up. */
#ifndef BOXTOI_CLI_RING_H
#define BOXTOI_CLI_RING_H

#include <pthread.h>
#include <stdio.h>
#include <boxtoi.h>

#define MAX_JOBS 1024
#define CHUNK_PER_JOB 128
#define READ_RUN 64   /* lines read before they are published */
#define CLAIM_MAX 32  /* lines a worker claims at once */
#define IO_BUFSIZE 65536 /* stdio's buffer of an input file and of a
                            regular output file */

/* the command's name in messages (main sets it from argv[0]) */
extern const char *cli_progname;

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
   [next, head) are waiting for a thread.  All counters, flags and done
   flags are under mu.  Each of the N threads of -j N (the main thread
   is one of them) takes whichever part is due: it reads a run of up
   to READ_RUN lines when fewer than that wait and nobody else reads,
   else claims up to CLAIM_MAX waiting lines and solves them, and the
   thread that finishes the line at the tail writes it and every
   finished line after it.  So -j N keeps N threads runnable, not a
   reader-writer beside N solvers.  The lock and the condition variable
   are used per run of lines, not per line, and a thread is woken only
   when it waits (idle).  A wake-up per line cost more than the solving
   of a cheap line (doc/performance.md, "Streams"). */
typedef struct {
    slot *slots;
    int *done;
    size_t cap;
    size_t head, next, tail;
    size_t run;         /* lines read before they are published */
    int eof;            /* no more lines will come */
    int idle;           /* threads waiting on work */
    int reading;        /* a thread is reading */
    size_t jobs;        /* threads running */
    pthread_mutex_t mu;
    pthread_cond_t work; /* lines to solve, room to read, eof, fatal */
    FILE *in;           /* the stream read, with the reader's counts: */
    long lineno;        /* lines read */
    double offset;      /* bytes read */
    const boxtoi_io_options *opts;
    int stream;         /* stdout is not a regular file: each finished
                           run is flushed at once */
    int writing;        /* a thread is writing */
    int fatal;          /* a write failed or a line ran out of memory: 3 */
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

/* 1 when f is a regular file */
int cli_is_regular(FILE *f);

/* seconds on the monotonic clock */
double cli_now_seconds(void);

/* The progress line (see progress): shown once the batch has run for a
   second, then at most once a second; final erases it. */
void cli_progress_update(progress *p, int final);

/* Processes one stream: its lines in turn (jobs == 1, or a terminal)
   or in the ring of b with jobs threads (this one and jobs - 1
   others); results on standard output in
   input order.  Returns 0, 2 on a read error or 3 on a write error or
   exhausted memory (fatal), with a message. */
int cli_run_stream(FILE *in, const char *name, batch *b, long jobs,
                   progress *prog, long *errors);

#endif /* BOXTOI_CLI_RING_H */
