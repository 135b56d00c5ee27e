/* bench/contact-work.c: the seeded contact workloads of the benchmarks
   (bench/contact-work.h).

   A workload is a family of t/qgen.h drawn from a fixed seed.  FCL and
   Bullet compute contacts for t in [0, 1] only, so by default a query
   with a finite range [t0, t1], t0 < t1, is rewritten for s in [0, 1]
   through t = t0 + h s, h = t1 - t0 > 0: each motion entry e(t) becomes
   e(t0 + h s), expanded with exact rationals, so the geometry at s is
   the geometry at t and the first contact moves from t* to
   (t* - t0) / h.  Queries with a point or an unbounded range are
   skipped.  Reference: doc/algorithm.md §1 (motions);
   doc/performance.md, "Contact". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "contact-work.h"
#include "../t/qgen.h"

static const char *const names[CW_NWORK] = {
    "translational", "ballistic", "tumbling", "bits12", "doubles",
    "rotating", "quat2", "rot32", "rot128", "rot256", "rot32d",
    "rot128d", "rot256d", "hard", "rot512", "rot512d"};
static const int kinds[CW_NDEFAULT] = {
    QGEN_TRANSLATIONAL, QGEN_BALLISTIC, QGEN_RIGID};

const char *cw_name(int w)
{
    return w >= 0 && w < CW_NWORK ? names[w] : NULL;
}

int cw_lookup(const char *name)
{
    int w;
    for (w = 0; w < CW_NWORK; w++)
        if (strcmp(name, names[w]) == 0)
            return w;
    return -1;
}

long cw_count(int w, long n)
{
    return w == CW_HARD && n > cw_hard_count() ? cw_hard_count() : n;
}

/* m(t) := m(t0 + h s) as a polynomial in s.  Coefficient k of the new
   entry is sum_{n >= k} a_n C(n, k) t0^(n - k) h^k (a_n the entry's
   rational coefficients), accumulated with Horner's rule in
   (t0 + h s): res = res (t0 + h s) + a_n from the top down. */
static void reparametrise(boxtoi_motion_t m, mpq_srcptr t0, mpq_srcptr h)
{
    boxtoi_motion_t r;
    mpq_t *c, a, x;
    long deg = boxtoi_motion_degree(m), n, k;
    int e;

    c = malloc((size_t)(deg + 2) * sizeof *c);
    if (c == NULL) {
        fputs("contact-work: out of memory\n", stderr);
        exit(1);
    }
    for (k = 0; k <= deg + 1; k++)
        mpq_init(c[k]);
    mpq_init(a);
    mpq_init(x);
    boxtoi_motion_init(r);
    boxtoi_motion_zero(r);
    for (e = 0; e < 16; e++) {
        for (k = 0; k <= deg + 1; k++)
            mpq_set_ui(c[k], 0, 1);
        for (n = boxtoi_poly_degree(m->e + e); n >= 0; n--) {
            /* c := c (t0 + h s): c[k] = t0 c[k] + h c[k - 1] */
            for (k = deg; k >= 0; k--) {
                mpq_mul(c[k], c[k], t0);
                if (k > 0) {
                    mpq_mul(x, c[k - 1], h);
                    mpq_add(c[k], c[k], x);
                }
            }
            boxtoi_poly_get_coeff_mpz(mpq_numref(a), m->e + e, n);
            mpz_set(mpq_denref(a), m->den);
            mpq_canonicalize(a);
            mpq_add(c[0], c[0], a);
        }
        for (k = 0; k <= deg; k++)
            if (mpq_sgn(c[k]) != 0)
                boxtoi_motion_set_coeff_mpq(r, e / 4, e % 4, k, c[k]);
    }
    boxtoi_motion_normalise(r);
    boxtoi_motion_swap(m, r);
    boxtoi_motion_clear(r);
    for (k = 0; k <= deg + 1; k++)
        mpq_clear(c[k]);
    free(c);
    mpq_clear(a);
    mpq_clear(x);
}

int cw_unit_range(boxtoi_query_t q)
{
    mpq_t h;
    int b;

    if (q->t1_inf || mpq_cmp(q->t0, q->t1) >= 0)
        return 0;
    mpq_init(h);
    mpq_sub(h, q->t1, q->t0);
    for (b = 0; b < 2; b++)
        reparametrise(&q->motion[b], q->t0, h);
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_ui(q->t1, 1, 1);
    mpq_clear(h);
    return 1;
}

void cw_query(boxtoi_query_t q, gmp_randstate_t st, int w, int raw,
              long i)
{
    if (w >= CW_NDEFAULT) {
        cw_gen_query(q, st, w, i);
        return;
    }
    for (;;) {
        qgen_query(q, st, kinds[w]);
        if (raw || (!q->t1_inf && mpq_cmp(q->t0, q->t1) < 0))
            break;
    }
    if (!raw)
        cw_unit_range(q);
}

int cw_read_queries(boxtoi_query_struct **qs, long *n, long *nbad,
                    FILE *f, const char *name)
{
    boxtoi_io_options opts;
    boxtoi_errinfo err;
    char *line = NULL;
    size_t cap = 0, alloc = 0;
    ssize_t len;
    long lineno = 0;
    int rc = 0;

    boxtoi_io_options_init(&opts);
    *qs = NULL;
    *n = *nbad = 0;
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if (boxtoi_io_is_blank(line, (size_t)len))
            continue;
        if ((size_t)*n == alloc) {
            boxtoi_query_struct *a;
            alloc = alloc ? 2 * alloc : 64;
            a = realloc(*qs, alloc * sizeof *a);
            if (a == NULL) {
                rc = -1;
                break;
            }
            *qs = a;
        }
        boxtoi_query_init(&(*qs)[*n]);
        if (boxtoi_io_read_query(&(*qs)[*n], NULL, line, (size_t)len,
                                 &opts, &err) != BOXTOI_OK) {
            fprintf(stderr, "%s:%ld: %s\n", name, lineno, err.msg);
            boxtoi_query_clear(&(*qs)[*n]);
            ++*nbad;
            continue;
        }
        ++*n;
    }
    if (ferror(f))
        rc = -1;
    free(line);
    return rc;
}

double cw_now(int wall)
{
    struct timespec ts;
    clock_gettime(wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double cw_quantile(double *x, long n, long pm)
{
    long r;
    if (n <= 0)
        return 0.0;
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    r = (pm * n + 999) / 1000; /* ceil(pm n / 1000) */
    if (r < 1)
        r = 1;
    if (r > n)
        r = n;
    return x[r - 1];
}
