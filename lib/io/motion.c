/* lib/io/motion.c: the motion objects of format v2 (doc/format.md §3):
   a rigid motion {"rotation", "pivot", "translation"}, keyframes,
   pieces with breaks and {"matrix": M, "rigid": true}.

   Method: the JSON is read into rationals, then the library builds the
   motion (boxtoi_motion_set_rigid, boxtoi_pmotion_set_keyframes,
   boxtoi_pmotion_set), so that the command and the C API mean the same
   thing by the same numbers.  The form of an object is told by its
   keys ("keyframes", then "breaks"/"pieces", then "matrix", else a
   rigid motion); keys of another form are refused as unknown.  Every
   message names the entry: "motion2.keyframes[1].t",
   "motion2.pieces[2][0][3]", "motion2.rotation[3][1]". */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"
#include "lib/io/read.h"

/* n * len rationals, zero-initialised; NULL when memory runs out. */
static mpq_ptr qvec_new(long n)
{
    mpq_ptr v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
    long k;
    for (k = 0; v != NULL && k < n; k++)
        mpq_init(v + k);
    return v;
}

static void qvec_free(mpq_ptr v, long n)
{
    long k;
    for (k = 0; v != NULL && k < n; k++)
        mpq_clear(v + k);
    free(v);
}

static int oom(rd_ctx *c)
{
    return boxtoi_errinfo_set(c->err, BOXTOI_ENOMEM, "out of memory");
}

/* Is a an array of n entries? */
static int is_array_of(const io_jv *a, int n)
{
    return io_jis(a, IO_JARRAY)
           && io_jlen(a) == (size_t)n;
}

/* The array a of n polynomials at path.key (each a number or an array
   of coefficients) into *out, n * (*len) rationals, polynomial i's
   coefficient of t^k at (*out)[i * len + k]. */
static int read_polys(mpq_ptr *out, long *len, const io_jv *a, int n,
                      const char *path, const char *key, rd_ctx *c)
{
    char buf[48], base[96];
    long l = 1, k, max_deg = c->opts->solver.max_degree;
    int i, rc = BOXTOI_OK;
    place at;

    *out = NULL;
    if (!is_array_of(a, n))
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s.%s: expected an array of %d "
                                  "polynomials, found %s", path, key, n,
                                  io_found(a, buf, sizeof buf));
    for (i = 0; i < n; i++) {
        const io_jv *p = io_jat(a, (size_t)i);
        if (io_jis(p, IO_JARRAY)) {
            if (io_jlen(p) == 0)
                return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                          "%s.%s[%d]: empty polynomial "
                                          "(write 0 for zero)", path, key,
                                          i);
            if ((long)io_jlen(p) > l)
                l = (long)io_jlen(p);
        }
    }
    if ((*out = qvec_new(n * l)) == NULL)
        return oom(c);
    *len = l;
    snprintf(base, sizeof base, "%s.%s", path, key);
    for (i = 0; i < n && rc == BOXTOI_OK; i++) {
        const io_jv *p = io_jat(a, (size_t)i);
        at.base = io_jis(p, IO_JARRAY) ? base : path;
        at.name = io_jis(p, IO_JARRAY) ? NULL : key;
        at.i = i;
        at.k = -1;
        if (!io_jis(p, IO_JARRAY)) {
            rc = io_rd_number(*out + i * l, p, &at, c);
            continue;
        }
        for (k = 0; k < (long)io_jlen(p) && rc == BOXTOI_OK;
             k++) {
            at.j = (int)k;
            rc = io_rd_number(*out + i * l + k,
                               io_jat(p, (size_t)k), &at,
                               c);
            if (rc == BOXTOI_OK && max_deg > 0 && k > max_deg
                && mpq_sgn(*out + i * l + k) != 0)
                rc = boxtoi_errinfo_set(c->err, BOXTOI_ELIMIT,
                                        "%s[%d]: degree %ld exceeds the "
                                        "limit %ld", base, i, k, max_deg);
        }
    }
    return rc;
}

/* out[0..n) = the array a of n numbers at path.key ("pivot"). */
static int read_numbers(mpq_ptr out, const io_jv *a, int n, const char *path,
                        const char *key, rd_ctx *c)
{
    char buf[48];
    place at;
    int i, rc = BOXTOI_OK;
    if (!is_array_of(a, n))
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s.%s: expected an array of %d numbers, "
                                  "found %s", path, key, n,
                                  io_found(a, buf, sizeof buf));
    at.base = path;
    at.name = key;
    at.j = 0;
    at.k = -1;
    for (i = 0; i < n && rc == BOXTOI_OK; i++) {
        at.i = i;
        rc = io_rd_number(out + i, io_jat(a, (size_t)i),
                           &at, c);
    }
    return rc;
}

/* {"rotation": [4 polynomials], "pivot": [3], "translation": [3
   polynomials]}, every key optional. */
static int read_rigid(boxtoi_motion_t m, int *kind, const io_jv *v,
                      const char *path, rd_ctx *c)
{
    static const char *const names[3] = {"rotation", "pivot", "translation"};
    mpq_ptr q = NULL, tr = NULL, pv = NULL;
    long qlen = 0, trlen = 0;
    const io_jv *x;
    int rc = io_rd_check_keys(v, path, names, 3, c);

    if (rc == BOXTOI_OK && io_jget(v, "rotation", &x))
        rc = read_polys(&q, &qlen, x, 4, path, "rotation", c);
    if (rc == BOXTOI_OK && io_jget(v, "pivot", &x)) {
        if ((pv = qvec_new(3)) == NULL)
            rc = oom(c);
        else
            rc = read_numbers(pv, x, 3, path, "pivot", c);
    }
    if (rc == BOXTOI_OK && io_jget(v, "translation", &x))
        rc = read_polys(&tr, &trlen, x, 3, path, "translation", c);
    if (rc == BOXTOI_OK) {
        boxtoi_errinfo e;
        long max_deg = c->opts->solver.max_degree;
        rc = boxtoi_motion_set_rigid(m, q, q != NULL ? qlen : 0, pv, tr,
                                     tr != NULL ? trlen : 0, &e);
        if (rc != BOXTOI_OK)
            boxtoi_errinfo_set(c->err, rc, "%s.%s", path, e.msg);
        else if (max_deg > 0 && boxtoi_motion_degree(m) > max_deg)
            /* the solver would name an entry the query does not spell */
            rc = boxtoi_errinfo_set(c->err, BOXTOI_ELIMIT,
                                    "%s: the motion's matrix has degree "
                                    "%ld (2 deg rotation + deg "
                                    "translation), beyond the limit %ld",
                                    path, boxtoi_motion_degree(m), max_deg);
    }
    *kind = q != NULL ? IO_MOTION_RIGID : IO_MOTION_MATRIX;
    qvec_free(q, 4 * qlen);
    qvec_free(tr, 3 * trlen);
    qvec_free(pv, pv != NULL ? 3 : 0);
    return rc;
}

/* {"matrix": M, "rigid": true or false}. */
static int read_wrapped(boxtoi_motion_t m, const io_jv *v, const char *path,
                        rd_ctx *c)
{
    static const char *const names[2] = {"matrix", "rigid"};
    char p[96], buf[48];
    const io_jv *x, *r = NULL;
    int rc = io_rd_check_keys(v, path, names, 2, c);

    if (rc != BOXTOI_OK)
        return rc;
    if (io_jget(v, "rigid", &r)
        && !io_jis(r, IO_JBOOL))
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s.rigid: expected true or false, found "
                                  "%s", path, io_found(r, buf, sizeof buf));
    if (!io_jget(v, "matrix", &x))
        return boxtoi_errinfo_set(c->err, BOXTOI_EMISSING,
                                  "%s: missing key \"matrix\"", path);
    snprintf(p, sizeof p, "%s.matrix", path);
    rc = io_read_matrix(m, x, p, c);
    if (rc == BOXTOI_OK && r != NULL && io_jbool(r))
        rc = boxtoi_motion_check_rigid(m, p, c->err);
    return rc;
}

/* A motion that is one polynomial piece: a matrix, a rigid motion or a
   wrapped matrix; keyframes and pieces are refused (what is). */
static int read_single(boxtoi_motion_t m, int *kind, const io_jv *v,
                       const char *path, const char *what, rd_ctx *c)
{
    char buf[48];
    *kind = IO_MOTION_MATRIX;
    if (io_jis(v, IO_JARRAY))
        return io_read_matrix(m, v, path, c);
    if (!io_jis(v, IO_JOBJECT))
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s: expected a 4x4 matrix or a motion "
                                  "object, found %s", path,
                                  io_found(v, buf, sizeof buf));
    if (io_jget(v, "keyframes", NULL)
        || io_jget(v, "breaks", NULL)
        || io_jget(v, "pieces", NULL))
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s: %s must be a matrix or a rigid "
                                  "motion, not keyframes or pieces", path,
                                  what);
    if (io_jget(v, "matrix", NULL)
        || io_jget(v, "rigid", NULL))
        return read_wrapped(m, v, path, c);
    return read_rigid(m, kind, v, path, c);
}

/* The keyframes' times, quaternions (NULL when none has a rotation)
   and translations (NULL when none has one) into t, q, tr (n entries
   each, allocated here). */
static int read_poses(mpq_ptr *t, mpq_ptr *q, mpq_ptr *tr, const io_jv *a,
                      long n, const char *path, rd_ctx *c)
{
    static const char *const names[3] = {"t", "rotation", "translation"};
    char p[96], pt[100], buf[48];
    long i;
    int rc = BOXTOI_OK;

    *t = qvec_new(n);
    *q = qvec_new(4 * n);
    *tr = qvec_new(3 * n);
    if (*t == NULL || *q == NULL || *tr == NULL)
        return oom(c);
    for (i = 0; i < n && rc == BOXTOI_OK; i++) {
        const io_jv *k = io_jat(a, (size_t)i), *x;
        place at;
        snprintf(p, sizeof p, "%s.keyframes[%ld]", path, i);
        mpq_set_ui(*q + 4 * i, 1, 1); /* identity unless given */
        if (!io_jis(k, IO_JOBJECT))
            return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                      "%s: expected an object {\"t\": ..., "
                                      "\"rotation\": ..., \"translation\": "
                                      "...}, found %s", p,
                                      io_found(k, buf, sizeof buf));
        rc = io_rd_check_keys(k, p, names, 3, c);
        if (rc != BOXTOI_OK)
            break;
        if (!io_jget(k, "t", &x))
            return boxtoi_errinfo_set(c->err, BOXTOI_EMISSING,
                                      "%s: missing key \"t\"", p);
        snprintf(pt, sizeof pt, "%s.t", p);
        at.base = pt;
        at.name = NULL;
        at.i = -1;
        rc = io_rd_number(*t + i, x, &at, c);
        if (rc == BOXTOI_OK && io_jget(k, "rotation", &x))
            rc = read_numbers(*q + 4 * i, x, 4, p, "rotation", c);
        if (rc == BOXTOI_OK
            && io_jget(k, "translation", &x))
            rc = read_numbers(*tr + 3 * i, x, 3, p, "translation", c);
    }
    return rc;
}

/* {"keyframes": [...], "pivot": [x, y, z]}. */
static int read_keyframes(boxtoi_pmotion_struct *pm, const io_jv *v,
                          const char *path, rd_ctx *c)
{
    static const char *const names[2] = {"keyframes", "pivot"};
    mpq_ptr t = NULL, q = NULL, tr = NULL, pv = NULL;
    const io_jv *a, *x;
    char buf[48];
    long n = 0;
    int rc = io_rd_check_keys(v, path, names, 2, c);

    io_jget(v, "keyframes", &a);
    if (rc == BOXTOI_OK && !io_jis(a, IO_JARRAY))
        rc = boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                "%s.keyframes: expected an array of "
                                "keyframes, found %s", path,
                                io_found(a, buf, sizeof buf));
    if (rc == BOXTOI_OK) {
        n = (long)io_jlen(a);
        rc = read_poses(&t, &q, &tr, a, n, path, c);
    }
    if (rc == BOXTOI_OK && io_jget(v, "pivot", &x)) {
        if ((pv = qvec_new(3)) == NULL)
            rc = oom(c);
        else
            rc = read_numbers(pv, x, 3, path, "pivot", c);
    }
    if (rc == BOXTOI_OK)
        rc = boxtoi_pmotion_set_keyframes(pm, n, t, q, tr, pv, path, c->err);
    qvec_free(t, n);
    qvec_free(q, 4 * n);
    qvec_free(tr, 3 * n);
    qvec_free(pv, pv != NULL ? 3 : 0);
    return rc;
}

/* The pieces' motions (array a of n) into pc (n initialised motions). */
static int read_piece_list(boxtoi_motion_struct *pc, const io_jv *a, long n,
                           const char *path, rd_ctx *c)
{
    char p[96];
    long i;
    int kind, rc = BOXTOI_OK;
    for (i = 0; i < n && rc == BOXTOI_OK; i++) {
        snprintf(p, sizeof p, "%s.pieces[%ld]", path, i);
        rc = read_single(pc + i, &kind,
                         io_jat(a, (size_t)i), p,
                         "a piece", c);
    }
    return rc;
}

/* {"breaks": [...], "pieces": [...], "local": false}. */
static int read_pieces(boxtoi_motion_t m, boxtoi_pmotion_struct *pm,
                       int *kind, const io_jv *v, const char *path,
                       rd_ctx *c)
{
    static const char *const names[3] = {"breaks", "pieces", "local"};
    boxtoi_motion_struct *pc = NULL;
    const io_jv *br, *a, *lo = NULL;
    mpq_ptr b = NULL;
    char buf[48];
    place at;
    long k = 0, n = 0, i;
    int rc = io_rd_check_keys(v, path, names, 3, c);

    for (i = 0; i < 2 && rc == BOXTOI_OK; i++)
        if (!io_jget(v, names[i], i == 0 ? &br : &a))
            rc = boxtoi_errinfo_set(c->err, BOXTOI_EMISSING,
                                    "%s: missing key \"%s\"", path,
                                    names[i]);
        else if (!io_jis(i == 0 ? br : a, IO_JARRAY))
            rc = boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                    "%s.%s: expected an array, found %s",
                                    path, names[i],
                                    io_found(i == 0 ? br : a, buf,
                                             sizeof buf));
    if (rc == BOXTOI_OK && io_jget(v, "local", &lo)
        && !io_jis(lo, IO_JBOOL))
        rc = boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                "%s.local: expected true or false, found "
                                "%s", path, io_found(lo, buf, sizeof buf));
    if (rc != BOXTOI_OK)
        return rc;
    k = (long)io_jlen(br);
    n = (long)io_jlen(a);
    if (n != k + 1)
        return boxtoi_errinfo_set(c->err, BOXTOI_EMOTION,
                                  "%s.pieces: %ld breaks need %ld pieces, "
                                  "found %ld", path, k, k + 1, n);
    if ((b = qvec_new(k)) == NULL
        || (pc = malloc((size_t)n * sizeof *pc)) == NULL) {
        qvec_free(b, k);
        return oom(c);
    }
    for (i = 0; i < n; i++)
        boxtoi_motion_init(pc + i);
    at.base = path;
    at.name = "breaks";
    at.k = -1;
    for (i = 0; i < k && rc == BOXTOI_OK; i++) {
        at.i = (int)i;
        rc = io_rd_number(b + i, io_jat(br, (size_t)i),
                           &at, c);
    }
    if (rc == BOXTOI_OK)
        rc = read_piece_list(pc, a, n, path, c);
    if (rc == BOXTOI_OK && k == 0) {
        boxtoi_motion_set(m, pc); /* one piece: a polynomial motion */
        *kind = IO_MOTION_MATRIX;
    } else if (rc == BOXTOI_OK && pm == NULL) {
        rc = boxtoi_errinfo_set(c->err, BOXTOI_EINVAL,
                                "%s: a piecewise motion needs "
                                "boxtoi_io_read_query_pieces", path);
    } else if (rc == BOXTOI_OK) {
        rc = boxtoi_pmotion_set(pm, pc, b, k,
                                lo != NULL && io_jbool(lo),
                                path, c->err);
        *kind = IO_MOTION_PIECES;
    }
    for (i = 0; i < n; i++)
        boxtoi_motion_clear(pc + i);
    free(pc);
    qvec_free(b, k);
    return rc;
}

int io_read_motion(boxtoi_motion_t m, boxtoi_pmotion_struct *pm, int *kind,
                   const io_jv *v, const char *path, rd_ctx *c)
{
    int rc;
    if (pm != NULL)
        boxtoi_pmotion_empty(pm);
    *kind = IO_MOTION_MATRIX;
    if (io_jis(v, IO_JOBJECT)
        && io_jget(v, "keyframes", NULL)) {
        if (pm == NULL)
            return boxtoi_errinfo_set(c->err, BOXTOI_EINVAL,
                                      "%s: a piecewise motion needs "
                                      "boxtoi_io_read_query_pieces", path);
        rc = read_keyframes(pm, v, path, c);
        if (rc == BOXTOI_OK) {
            *kind = IO_MOTION_PIECES;
            boxtoi_motion_set(m, pm->piece);
        }
        return rc;
    }
    if (io_jis(v, IO_JOBJECT)
        && (io_jget(v, "breaks", NULL)
            || io_jget(v, "pieces", NULL))) {
        rc = read_pieces(m, pm, kind, v, path, c);
        if (rc == BOXTOI_OK && *kind == IO_MOTION_PIECES)
            boxtoi_motion_set(m, pm->piece);
        return rc;
    }
    return read_single(m, kind, v, path, "a motion", c);
}
