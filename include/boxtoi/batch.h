/* boxtoi/batch.h: many queries per call, for bindings (the Python
   package, doc/python.md) and programs that hold their queries in
   arrays.

   Every function here takes only pointers to bytes, numbers and
   arrays of doubles, plus the three caller-allocated records of
   boxtoi/err.h and boxtoi/io.h, so that a binding without a C compiler
   (Python's ctypes) can call it with a layout it never copies from a
   header: options are set by name, and boxtoi_io_options_size tells
   how many bytes to allocate for them.  Every function is reentrant;
   calls on different outputs may run in parallel threads. */
#ifndef BOXTOI_BATCH_H
#define BOXTOI_BATCH_H

#include "boxtoi/io.h"

#ifdef __cplusplus
extern "C" {
#endif

/* sizeof(boxtoi_io_options): the bytes a binding allocates before it
   calls boxtoi_io_options_init on them. */
BOXTOI_API size_t boxtoi_io_options_size(void);

/* Sets the option called name, the command's long option without its
   dashes, to value: "digits" (1 <= value <= max-digits), "max-digits",
   "max-exponent", "max-degree", "max-bits" (each >= 0, 0 meaning no
   limit); and "scene-threads" (>= 1), the threads of each scene line's
   exact solves (scene_threads, which the command's -j N sets; the same
   output with any number).  Returns BOXTOI_OK, or BOXTOI_EINVAL for an unknown name or
   a value out of range, with err (may be NULL) saying which. */
BOXTOI_API BOXTOI_WUR int boxtoi_io_options_set(boxtoi_io_options *opts,
                                                const char *name, long value,
                                                boxtoi_errinfo *err);

/* Flags of boxtoi_io_process_lines. */
enum {
    BOXTOI_LINES_SKIP_BLANK = 1 /* a blank line gives no result (as the
                                   command does); otherwise it gives an
                                   invalid_json error result */
};

/* Processes n lines with boxtoi_io_process_line: line i is the bytes
   [ends[i - 1], ends[i]) of text (from 0 for i = 0; each may end in
   "\n"), numbered lineno + i in error results.  Each result is
   appended to sb as one line; an error in a line becomes that line's
   error result and the next line is processed.  opts NULL means the
   defaults; opts->explain is ignored (one line per result).  Returns
   BOXTOI_OK, or BOXTOI_ENOMEM when a result could not be appended (sb
   then holds the results of the lines before it, *done, if not NULL,
   their number; it is n on success). */
BOXTOI_API BOXTOI_WUR int boxtoi_io_process_lines(boxtoi_strbuf *sb,
                                                  size_t *done,
                                                  const char *text,
                                                  const size_t *ends,
                                                  size_t n, long lineno,
                                                  int flags,
                                                  const boxtoi_io_options *opts);

/* Solves n rigid-motion queries given as doubles, each read exactly
   (a double is a dyadic rational): query i has
     box 1 [box1_min[3i + c], box1_max[3i + c]] (c = 0, 1, 2), box 2 alike;
     motion b (b = 1, 2): p -> R(q_b(t)) p + tr_b(t), where
       coordinate c of tr_b(t) = sum_k trb[(3 i + c) kb + k] t^k
       (kb = 0: no translation, trb may be NULL), and
       component j (w, x, y, z) of the quaternion q_b(t) =
       sum_k qb[(4 i + j) kqb + k] t^k with kqb = 0 (no rotation, qb may
       be NULL), 1 (constant) or 2 (linear), R(q) = S(q) / |q|^2 as in
       boxtoi_motion_set_quat_linear (spec v2 §3.2, pivot at the body
       origin);
   and the range [t0, t1] spelled as numbers of boxtoi_io_parse_number
   (t1 may be "inf").  For each i:
     status[i] = 1 (contact), 0 (no contact) or -1 (error, code[i]
       the BOXTOI_E* code; code[i] = 0 otherwise);
     t_down[i], t_up[i] = the largest double <= t and the smallest
       double >= t (boxtoi_alg_get_d), NaN without contact;
     initial[i] = 1 when t = t0 because the boxes meet at t0, else 0.
   The answer is that of boxtoi_contact_first on the same query
   (opts NULL: the defaults).  Returns BOXTOI_OK; BOXTOI_EINVAL when kq1
   or kq2 is not 0, 1 or 2; or the error of t0 or t1 (BOXTOI_ENUMBER,
   BOXTOI_ERANGE, with err), before any query is solved. */
BOXTOI_API BOXTOI_WUR int
boxtoi_batch_rigid(signed char *status, double *t_down, double *t_up,
                   unsigned char *initial, int *code, size_t n,
                   const double *box1_min, const double *box1_max,
                   const double *box2_min, const double *box2_max,
                   const double *tr1, long k1, const double *q1, long kq1,
                   const double *tr2, long k2, const double *q2, long kq2,
                   const char *t0, const char *t1,
                   const boxtoi_io_options *opts, boxtoi_errinfo *err);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_BATCH_H */
