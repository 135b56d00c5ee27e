/* t/thread-t.c: thread safety of the library (TAP).

   The library keeps no global mutable state (doc/api.md, "Threads"), so
   different queries solved at the same time in several threads must
   give exactly what they give one at a time.  Method: seeded queries of
   every family of t/qgen.c are solved serially, once through
   boxtoi_contact_first on the query structs and once as JSON lines
   (qgen_fprint_query) through boxtoi_io_process_line, which adds the
   parser and the writers.  Then NTHREADS threads solve all of them at
   once, each thread in its own order (thread k starts at query
   k * n / NTHREADS and wraps around), so that at any moment different
   queries are in flight; the query structs and the lines are shared
   read-only by all threads.  Every thread's results must equal the
   serial ones exactly: the same status and, for a contact, the same
   defining polynomial and interval (boxtoi_poly_equal, mpq_equal), the
   same flags and planes; the same result line byte for byte.  The
   serial answers themselves are checked against the independent oracle
   by t/xcheck-t; here only their equality matters. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"

#define NTHREADS 4

typedef struct {
    int rc;
    int status, initial;
    unsigned long tight;
    boxtoi_feature feature[2];
    boxtoi_alg_t t;
} answer;

typedef struct {
    long n;
    boxtoi_query_struct *q;      /* n queries, shared read-only */
    char **line;                 /* n JSON lines, shared read-only */
    size_t *len;
    const answer *serial;        /* the serial answers */
    char *const *serial_out;     /* the serial result lines */
    int k;                       /* this thread's number */
    long bad_solve, bad_line;    /* mismatches seen by this thread */
} job;

static void solve(answer *a, const boxtoi_query_t q)
{
    boxtoi_contact_t res;
    boxtoi_errinfo err;

    boxtoi_contact_init(res);
    a->rc = boxtoi_contact_first(res, q, NULL, &err);
    a->status = res->status;
    a->initial = res->initial;
    a->tight = res->tight;
    memcpy(a->feature, res->feature, sizeof a->feature);
    boxtoi_alg_set(a->t, &res->t);
    boxtoi_contact_clear(res);
}

static int same(const answer *a, const answer *b)
{
    if (a->rc != b->rc)
        return 0;
    if (a->rc != BOXTOI_OK)
        return 1;
    if (a->status != b->status)
        return 0;
    if (a->status != BOXTOI_CONTACT)
        return 1;
    return a->initial == b->initial && a->tight == b->tight
           && memcmp(a->feature, b->feature, sizeof a->feature) == 0
           && boxtoi_poly_equal(&a->t->poly, &b->t->poly)
           && mpq_equal(a->t->lo, b->t->lo) && mpq_equal(a->t->hi, b->t->hi);
}

/* The result line of line i, as a malloc'ed string (NULL on failure). */
static char *process(const job *jb, long i)
{
    boxtoi_strbuf sb;
    boxtoi_errinfo err;
    char *s;
    int rc;

    boxtoi_strbuf_init(&sb);
    /* an error result is a result line too; only memory can fail */
    rc = boxtoi_io_process_line(&sb, jb->line[i], jb->len[i], i + 1, NULL,
                                &err);
    s = rc == BOXTOI_ENOMEM ? NULL : malloc(sb.len + 1);
    if (s != NULL)
        memcpy(s, boxtoi_strbuf_str(&sb), sb.len + 1);
    boxtoi_strbuf_clear(&sb);
    return s;
}

static void *worker(void *arg)
{
    job *jb = arg;
    long j, i;
    answer a;

    boxtoi_alg_init(a.t);
    for (j = 0; j < jb->n; j++) {
        char *s;
        i = (j + jb->k * jb->n / NTHREADS) % jb->n;
        /* alternate the two paths so that both run side by side */
        if ((j + jb->k) % 2 == 0) {
            solve(&a, jb->q + i);
            jb->bad_solve += !same(&a, jb->serial + i);
            s = process(jb, i);
            jb->bad_line += s == NULL || strcmp(s, jb->serial_out[i]) != 0;
        } else {
            s = process(jb, i);
            jb->bad_line += s == NULL || strcmp(s, jb->serial_out[i]) != 0;
            solve(&a, jb->q + i);
            jb->bad_solve += !same(&a, jb->serial + i);
        }
        free(s);
    }
    boxtoi_alg_clear(a.t);
    return NULL;
}

/* Reads the lines of f into line[0..n), len[0..n). */
static void read_lines(FILE *f, long n, char **line, size_t *len)
{
    char buf[1 << 16];
    long i;
    rewind(f);
    for (i = 0; i < n; i++) {
        if (fgets(buf, sizeof buf, f) == NULL)
            bail("could not read back query line %ld", i + 1);
        len[i] = strlen(buf);
        if (len[i] > 0 && buf[len[i] - 1] == '\n')
            buf[--len[i]] = '\0';
        line[i] = malloc(len[i] + 1);
        if (line[i] == NULL)
            bail("out of memory");
        memcpy(line[i], buf, len[i] + 1);
    }
}

int main(void)
{
    gmp_randstate_t st;
    long n = 10 * QGEN_NKINDS * tap_multiplier(), i, contacts = 0;
    boxtoi_query_struct *q;
    answer *serial;
    char **line, **out;
    size_t *len;
    job jobs[NTHREADS];
    pthread_t tid[NTHREADS];
    FILE *f;
    int k;

    plan(2 + 2 * NTHREADS + 2 + 1);
    tap_randinit(st);
    q = malloc((size_t)n * sizeof *q);
    serial = malloc((size_t)n * sizeof *serial);
    line = malloc((size_t)n * sizeof *line);
    out = malloc((size_t)n * sizeof *out);
    len = malloc((size_t)n * sizeof *len);
    f = tmpfile();
    if (q == NULL || serial == NULL || line == NULL || out == NULL
        || len == NULL || f == NULL)
        bail("out of memory or no temporary file");

    /* The queries, as structs and as JSON lines. */
    for (i = 0; i < n; i++) {
        boxtoi_query_init(q + i);
        qgen_query(q + i, st, (int)(i % QGEN_NKINDS));
        qgen_fprint_query(f, q + i);
    }
    read_lines(f, n, line, len);
    fclose(f);

    /* Serially. */
    for (i = 0; i < n; i++) {
        boxtoi_alg_init(serial[i].t);
        solve(serial + i, q + i);
        contacts += serial[i].rc == BOXTOI_OK
                    && serial[i].status == BOXTOI_CONTACT;
    }
    {
        job one;
        memset(&one, 0, sizeof one);
        one.n = n;
        one.line = line;
        one.len = len;
        for (i = 0; i < n; i++) {
            out[i] = process(&one, i);
            if (out[i] == NULL)
                bail("out of memory");
        }
    }
    ok(contacts > 0 && contacts < n, "%ld queries, %ld with contact", n,
       contacts);
    for (i = 0; i < n && strstr(out[i], "\"status\":\"error\"") == NULL;
         i++)
        ;
    ok(i == n, "every line is answered serially");

    /* NTHREADS threads at once. */
    for (k = 0; k < NTHREADS; k++) {
        jobs[k].n = n;
        jobs[k].q = q;
        jobs[k].line = line;
        jobs[k].len = len;
        jobs[k].serial = serial;
        jobs[k].serial_out = out;
        jobs[k].k = k;
        jobs[k].bad_solve = 0;
        jobs[k].bad_line = 0;
        if (pthread_create(tid + k, NULL, worker, jobs + k) != 0)
            bail("pthread_create failed");
    }
    for (k = 0; k < NTHREADS; k++)
        if (pthread_join(tid[k], NULL) != 0)
            bail("pthread_join failed");
    for (k = 0; k < NTHREADS; k++) {
        is_int(0, jobs[k].bad_solve,
               "thread %d: %ld answers of boxtoi_contact_first as serial",
               k, n);
        is_int(0, jobs[k].bad_line,
               "thread %d: %ld result lines of boxtoi_io_process_line as "
               "serial", k, n);
    }

    /* The same again in this thread: nothing was disturbed. */
    {
        job again;
        memset(&again, 0, sizeof again);
        again.n = n;
        again.q = q;
        again.line = line;
        again.len = len;
        again.serial = serial;
        again.serial_out = out;
        again.k = 0;
        worker(&again);
        is_int(0, again.bad_solve, "serial again: the same answers");
        is_int(0, again.bad_line, "serial again: the same lines");
    }

    /* One boxtoi_io_line_t for every line, backwards (each line after
       lines of other kinds): the lines of boxtoi_io_process_line. */
    {
        boxtoi_io_line_t w;
        boxtoi_strbuf sb;
        long bad = 0;
        boxtoi_io_line_init(w);
        boxtoi_strbuf_init(&sb);
        for (i = n - 1; i >= 0; i--) {
            boxtoi_strbuf_reset(&sb);
            if (boxtoi_io_line_process(w, &sb, line[i], len[i], i + 1, NULL,
                                       NULL) == BOXTOI_ENOMEM)
                bail("out of memory");
            bad += strcmp(boxtoi_strbuf_str(&sb), out[i]) != 0;
        }
        boxtoi_strbuf_clear(&sb);
        boxtoi_io_line_clear(w);
        is_int(0, bad, "one boxtoi_io_line_t reused for %ld lines: the "
               "same lines", n);
    }

    for (i = 0; i < n; i++) {
        boxtoi_query_clear(q + i);
        boxtoi_alg_clear(serial[i].t);
        free(line[i]);
        free(out[i]);
    }
    free(q);
    free(serial);
    free(line);
    free(out);
    free(len);
    gmp_randclear(st);
    return 0;
}
