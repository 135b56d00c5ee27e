/* lib/io/read.h: the JSON readers shared by lib/io/query.c,
   lib/io/read.c and lib/io/motion.c (not installed). */
#ifndef BOXTOI_IO_READ_H
#define BOXTOI_IO_READ_H

#include "boxtoi/io.h"
#include "lib/io/impl.h" /* the _boxtoi_ names */
#include "lib/io/json.h"

typedef struct {
    const boxtoi_io_options *opts;
    boxtoi_errinfo *err;
    int binary64; /* JSON number literals are read as doubles (§1) */
    int no_words; /* io_read_matrix without its words (t/io-words-t compares) */
} rd_ctx;

#define io_rd_init _boxtoi_io_rd_init
#define io_rd_number_w _boxtoi_io_rd_number_w

/* A reader's context: the options (opts non-NULL), where errors go, and
   whether JSON number literals are doubles (the command's --numbers; a
   query's "numbers" key may change it). */
void io_rd_init(rd_ctx *c, const boxtoi_io_options *opts,
                boxtoi_errinfo *err);

/* Where a number is, for messages: base (e.g. "box1", "motion2",
   "t_range[0]"), then ".name[i]" when name is set, else "[i][j]" when
   i >= 0 and "[k]" when also k >= 0.  The text is only made for an
   error (place_text in lib/io/read.c): formatting it for every number
   cost as much as reading the number. */
typedef struct {
    const char *base;
    const char *name;
    int i, j;
    long k;
} place;


/* "an array of 2 entries", "a string", ... for messages. */
const char *io_found(const io_jv *v, char *buf, size_t size);

/* res = the number v at place at (doc/format.md §1). */
int io_rd_number(mpq_t res, const io_jv *v, const place *at, rd_ctx *c);

/* io_rd_number, or into *w when w is not NULL and the number is in
   words (io_parse_number_w; then w->d != 0 and res is left alone). */
int io_rd_number_w(mpq_t res, io_wq *w, const io_jv *v, const place *at,
                   rd_ctx *c);

/* Refuses keys of obj (at path, "" for the top level) that are not in
   names[0..n) and do not start with '_' (BOXTOI_ESHAPE). */
int io_rd_check_keys(const io_jv *obj, const char *path,
                  const char *const *names, int n, rd_ctx *c);

/* A coefficient of a motion in words: q t^k in entry e = 4 i + j. */
typedef struct {
    io_wq q;
    int e;  /* entry 4 i + j */
    long k; /* power of t */
} coef_w;

/* Room for a cubic 4x4 matrix with every coefficient given. */
#define COEF_WORDS 64

#define io_words_to_motion _boxtoi_io_words_to_motion

/* m (zero) = the coefficients w[0..nw) (none 0, no two at the same
   place) over the lcm L of their denominators, when L and every
   numerator over it fit in words: returns 1, m being the motion that
   boxtoi_motion_set_coeff_mpq would build one coefficient at a time;
   else returns 0 and leaves m alone (io_read_matrix, lib/io/quick.c). */
int io_words_to_motion(boxtoi_motion_t m, const coef_w *w, size_t nw);

/* m = the 4x4 matrix of polynomials v (doc/format.md §3.1), path naming
   it in messages ("motion2", "motion2.pieces[1]"). */
int io_read_matrix(boxtoi_motion_t m, const io_jv *v, const char *path,
                   rd_ctx *c);

/* What io_read_motion read. */
enum {
    IO_MOTION_MATRIX, /* a matrix, plain or marked rigid */
    IO_MOTION_RIGID,  /* a rigid motion object with a rotation */
    IO_MOTION_PIECES  /* keyframes or pieces with at least one break */
};

/* Reads any motion of doc/format.md §3 at path: a matrix, a rigid
   motion object, {"matrix": M, "rigid": true}, keyframes or pieces.
   A single polynomial motion goes to m and *kind is IO_MOTION_MATRIX or
   IO_MOTION_RIGID; a piecewise one goes to pm (which is emptied
   otherwise), m gets its first piece and *kind is IO_MOTION_PIECES.
   pm NULL refuses a piecewise motion (BOXTOI_EINVAL). */
int io_read_motion(boxtoi_motion_t m, boxtoi_pmotion_struct *pm, int *kind,
                   const io_jv *v, const char *path, rd_ctx *c);

#endif /* BOXTOI_IO_READ_H */
