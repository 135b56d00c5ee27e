/* lib/io/batch.c: many queries per call, for bindings (boxtoi/batch.h,
   doc/python.md).

   Options by name and their size, so that a binding never copies the
   layout of boxtoi_io_options; a run of lines through
   boxtoi_io_process_line, so that a binding pays its call overhead once
   per run rather than once per line; and rigid-motion queries
   (translations, quaternions of degree at most 1) read from arrays of
   doubles without any text, the vectorised entry of the Python
   package.  A double is a dyadic rational and mpq_set_d converts
   it exactly; the answers are boxtoi_contact_first's, and the doubles
   around t are boxtoi_alg_get_d's directed roundings. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"
#include "boxtoi/batch.h"

size_t boxtoi_io_options_size(void)
{
    return sizeof(boxtoi_io_options);
}

int boxtoi_io_options_set(boxtoi_io_options *opts, const char *name,
                          long value, boxtoi_errinfo *err)
{
    long *field = NULL;
    long min = 0;

    if (strcmp(name, "digits") == 0) {
        field = &opts->digits;
        min = 1;
    } else if (strcmp(name, "max-digits") == 0) {
        field = &opts->max_digits;
    } else if (strcmp(name, "max-exponent") == 0) {
        field = &opts->max_exponent;
    } else if (strcmp(name, "max-degree") == 0) {
        field = &opts->solver.max_degree;
    } else if (strcmp(name, "max-bits") == 0) {
        field = &opts->solver.max_bits;
    } else if (strcmp(name, "scene-threads") == 0) {
        field = &opts->scene_threads;
        min = 1;
    } else {
        return boxtoi_errinfo_set(err, BOXTOI_EINVAL,
                                  "unknown option \"%.40s\"", name);
    }
    if (value < min
        || (field == &opts->digits && opts->max_digits > 0
            && value > opts->max_digits))
        return boxtoi_errinfo_set(err, BOXTOI_EINVAL,
                                  "option %s: %ld is out of range", name,
                                  value);
    *field = value;
    return BOXTOI_OK;
}

int boxtoi_io_process_lines(boxtoi_strbuf *sb, size_t *done,
                            const char *text, const size_t *ends, size_t n,
                            long lineno, int flags,
                            const boxtoi_io_options *opts)
{
    boxtoi_io_options o;
    boxtoi_io_line_t w;
    boxtoi_errinfo e;
    size_t i, start = 0;
    int rc;

    if (opts == NULL)
        boxtoi_io_options_init(&o);
    else
        o = *opts;
    o.explain = 0; /* one line per result */
    boxtoi_io_line_init(w); /* reused by every line */
    for (i = 0; i < n; i++) {
        const char *line = text + start;
        size_t len = ends[i] - start;

        start = ends[i];
        if ((flags & BOXTOI_LINES_SKIP_BLANK) && boxtoi_io_is_blank(line, len))
            continue;
        rc = boxtoi_io_line_process(w, sb, line, len, lineno + (long)i, &o,
                                    &e);
        if (rc == BOXTOI_ENOMEM && e.code == BOXTOI_ENOMEM) {
            if (done != NULL)
                *done = i;
            boxtoi_io_line_clear(w);
            return BOXTOI_ENOMEM;
        }
    }
    boxtoi_io_line_clear(w);
    if (done != NULL)
        *done = n;
    return BOXTOI_OK;
}

/* Sets dst[0..n) to the doubles at src, exactly; BOXTOI_ENUMBER (err
   names what and where) if one is not finite. */
static int batch_mpq_set(mpq_ptr dst, const double *src, long n,
                         long width, const char *what, int body,
                         boxtoi_errinfo *err)
{
    long j;

    for (j = 0; j < n; j++) {
        if (!isfinite(src[j]))
            return boxtoi_errinfo_set(err, BOXTOI_ENUMBER,
                                      "%s%d[%ld][%ld]: not a finite double",
                                      what, body, j / width, j % width);
        mpq_set_d(dst + j, src[j]);
    }
    return BOXTOI_OK;
}

/* Sets m to p -> R(q(t)) p + tr(t) from k coefficients per translation
   coordinate and kq (0, 1 or 2) per quaternion component.  scratch
   holds at least 8 + 3 k rationals: the quaternion's constant and
   linear terms, then the translation. */
static int batch_motion_set(boxtoi_motion_t m, mpq_ptr scratch,
                            const double *tr, long k, const double *q,
                            long kq, int body, boxtoi_errinfo *err)
{
    mpq_ptr qa = scratch, qb = scratch + 4, t = scratch + 8;
    int c, rc;

    rc = batch_mpq_set(t, tr, 3 * k, k, "translation", body, err);
    if (rc != BOXTOI_OK)
        return rc;
    if (kq == 0) {
        if (k == 0)
            boxtoi_motion_set_identity(m);
        else
            boxtoi_motion_set_translation(m, t, k);
        return BOXTOI_OK;
    }
    for (c = 0; c < 4; c++) { /* component c: q[c kq], q[c kq + 1] */
        rc = batch_mpq_set(qa + c, q + c * kq, 1, 1, "rotation", body, err);
        if (rc == BOXTOI_OK && kq == 2)
            rc = batch_mpq_set(qb + c, q + c * kq + 1, 1, 1, "rotation",
                               body, err);
        if (rc != BOXTOI_OK)
            return rc;
        if (kq == 1)
            mpq_set_ui(qb + c, 0, 1);
    }
    return boxtoi_motion_set_quat_linear(m, qa, qb, t, k, err);
}

/* Sets box b of q from three doubles per corner. */
static int batch_box_set(boxtoi_box_t b, const double *lo, const double *hi,
                         int body, boxtoi_errinfo *err)
{
    int c;

    for (c = 0; c < 3; c++) {
        if (!isfinite(lo[c]) || !isfinite(hi[c]))
            return boxtoi_errinfo_set(err, BOXTOI_ENUMBER,
                                      "box%d[%d]: not a finite double",
                                      body, c);
        mpq_set_d(b->min[c], lo[c]);
        mpq_set_d(b->max[c], hi[c]);
    }
    return BOXTOI_OK;
}

/* Reads t0 and t1 ("inf" allowed) into q's range and checks t0 <= t1. */
static int batch_range_set(boxtoi_query_t q, const char *t0, const char *t1,
                           const boxtoi_io_options *opts,
                           boxtoi_errinfo *err)
{
    int rc = boxtoi_io_parse_number(q->t0, t0, strlen(t0), opts, err);

    if (rc != BOXTOI_OK)
        return rc;
    q->t1_inf = strcmp(t1, "inf") == 0;
    if (!q->t1_inf) {
        rc = boxtoi_io_parse_number(q->t1, t1, strlen(t1), opts, err);
        if (rc != BOXTOI_OK)
            return rc;
        if (mpq_cmp(q->t0, q->t1) > 0)
            return boxtoi_errinfo_set(err, BOXTOI_ERANGE,
                                      "t_range: t0 > t1");
    }
    return BOXTOI_OK;
}

int boxtoi_batch_rigid(signed char *status, double *t_down, double *t_up,
                       unsigned char *initial, int *code, size_t n,
                       const double *box1_min, const double *box1_max,
                       const double *box2_min, const double *box2_max,
                       const double *tr1, long k1, const double *q1,
                       long kq1, const double *tr2, long k2,
                       const double *q2, long kq2, const char *t0,
                       const char *t1, const boxtoi_io_options *opts,
                       boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    boxtoi_query_t q;
    boxtoi_contact_t res;
    boxtoi_errinfo e;
    mpq_ptr scratch;
    long j, kmax = k1 > k2 ? k1 : k2;
    size_t i;
    int rc;

    opts = io_options_or_default(opts, &def);
    if (kq1 < 0 || kq1 > 2 || kq2 < 0 || kq2 > 2 || k1 < 0 || k2 < 0)
        return boxtoi_errinfo_set(err, BOXTOI_EINVAL,
                                  "quaternions of degree at most 1");
    boxtoi_query_init(q);
    rc = batch_range_set(q, t0, t1, opts, err);
    if (rc != BOXTOI_OK) {
        boxtoi_query_clear(q);
        return rc;
    }
    scratch = malloc((size_t)(8 + 3 * kmax) * sizeof(*scratch));
    if (scratch == NULL) {
        boxtoi_query_clear(q);
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    }
    for (j = 0; j < 8 + 3 * kmax; j++)
        mpq_init(scratch + j);
    boxtoi_contact_init(res);
    for (i = 0; i < n; i++) {
        rc = batch_box_set(q->box + 0, box1_min + 3 * i, box1_max + 3 * i,
                           1, &e);
        if (rc == BOXTOI_OK)
            rc = batch_box_set(q->box + 1, box2_min + 3 * i,
                               box2_max + 3 * i, 2, &e);
        /* (no arithmetic on the NULL of an absent array) */
        if (rc == BOXTOI_OK)
            rc = batch_motion_set(q->motion + 0, scratch,
                                  k1 ? tr1 + 3 * k1 * i : NULL, k1,
                                  kq1 ? q1 + 4 * kq1 * i : NULL, kq1, 1, &e);
        if (rc == BOXTOI_OK)
            rc = batch_motion_set(q->motion + 1, scratch,
                                  k2 ? tr2 + 3 * k2 * i : NULL, k2,
                                  kq2 ? q2 + 4 * kq2 * i : NULL, kq2, 2, &e);
        if (rc == BOXTOI_OK)
            rc = boxtoi_contact_first(res, q, &opts->solver, &e);
        code[i] = rc;
        initial[i] = rc == BOXTOI_OK && res->status == BOXTOI_CONTACT
                     && res->initial;
        if (rc != BOXTOI_OK || res->status != BOXTOI_CONTACT) {
            status[i] = rc != BOXTOI_OK ? -1 : 0;
            t_down[i] = t_up[i] = NAN;
            continue;
        }
        status[i] = 1;
        t_down[i] = boxtoi_alg_get_d(&res->t, MPFR_RNDD);
        t_up[i] = boxtoi_alg_get_d(&res->t, MPFR_RNDU);
    }
    boxtoi_contact_clear(res);
    for (j = 0; j < 8 + 3 * kmax; j++)
        mpq_clear(scratch + j);
    free(scratch);
    boxtoi_query_clear(q);
    return BOXTOI_OK;
}
