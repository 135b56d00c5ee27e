/* lib/scene/exact.c: the exact two-box solves of the narrow phase, run
   by a small pool of threads (doc/algorithm.md §8.5).

   A batch of jobs is solved at once: job j by the calling thread or one
   of up to threads - 1 others, each taking the next unsolved job under a
   mutex.  A job only reads the scene (shared, not changed during the
   batch) and writes its own query, contact and errinfo, so the threads
   share nothing else; the solver itself is thread-safe (t/thread-t.c).
   The caller reads the results in the order of the jobs, as if they had
   been solved one after the other (lib/scene/narrow.c says why the
   answer is then the same). */
#include <pthread.h>
#include <stdlib.h>
#include "lib/util/impl.h"
#include "lib/scene/impl.h"

void scene_job_init(scene_job *j)
{
    boxtoi_query_init(j->q);
    boxtoi_contact_init(j->c);
    boxtoi_errinfo_reset(&j->e);
    j->rc = BOXTOI_OK;
}

void scene_job_clear(scene_job *j)
{
    boxtoi_query_clear(j->q);
    boxtoi_contact_clear(j->c);
}

/* Solves job v[k] (its query set by set_query). */
static void solve_job(scene_job *v, long k, const boxtoi_scene_struct *s,
                      const boxtoi_options *opts)
{
    scene_job *j = v + k;
    j->rc = boxtoi_contact_first_piecewise(j->c, j->q, &s->body[j->a].pm,
                                           &s->body[j->b].pm, opts, &j->e);
}

/* j's query: the boxes and (first) motions of bodies a and b of s. */
static void set_query(scene_job *j, const boxtoi_scene_struct *s)
{
    const boxtoi_body_struct *A = s->body + j->a, *B = s->body + j->b;
    boxtoi_box_set(j->q->box, &A->box);
    boxtoi_box_set(j->q->box + 1, &B->box);
    boxtoi_motion_set(j->q->motion, &A->motion);
    boxtoi_motion_set(j->q->motion + 1, &B->motion);
}

typedef struct {
    scene_job *v;
    long n, next;
    const boxtoi_scene_struct *s;
    const boxtoi_options *opts;
    pthread_mutex_t lock;
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        long k;
        pthread_mutex_lock(&p->lock);
        k = p->next < p->n ? p->next++ : -1;
        pthread_mutex_unlock(&p->lock);
        if (k < 0)
            return NULL;
        solve_job(p->v, k, p->s, p->opts);
    }
}

void scene_jobs_run(scene_job *v, long n, long threads,
                    const boxtoi_scene_struct *s, const boxtoi_options *opts)
{
    pthread_t tid[SCENE_MAX_THREADS];
    pool p;
    long k, started = 0;

    for (k = 0; k < n; k++)
        set_query(v + k, s);
    if (threads > SCENE_MAX_THREADS)
        threads = SCENE_MAX_THREADS;
    if (threads <= 1 || n <= 1) {
        for (k = 0; k < n; k++)
            solve_job(v, k, s, opts);
        return;
    }
    p.v = v;
    p.n = n;
    p.next = 0;
    p.s = s;
    p.opts = opts;
    pthread_mutex_init(&p.lock, NULL);
    for (k = 0; k < threads - 1 && k < n - 1; k++) {
        if (pthread_create(tid + k, NULL, worker, &p) != 0)
            break; /* fewer threads: the same answer, just slower */
        started++;
    }
    (void)worker(&p);
    for (k = 0; k < started; k++)
        pthread_join(tid[k], NULL);
    pthread_mutex_destroy(&p.lock);
}
