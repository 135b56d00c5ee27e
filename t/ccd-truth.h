/* t/ccd-truth.h: the truth files of the CCD benchmark's simulation
   scenes (mma_bool/NAME_mma_bool.json), for t/prim-t and bench/ccd-bench. */
#ifndef BOXTOI_T_CCD_TRUTH_H
#define BOXTOI_T_CCD_TRUTH_H

#include <stdio.h>
#include <boxtoi.h>

/* Reads the JSON list of booleans at path: returns a malloc'ed array
   of 0/1 (the caller frees it) and sets *n, or NULL (and *n = 0) when
   the file cannot be read or memory runs out. */
int *ccd_read_truth(const char *path, long *n);

/* The benchmark sample's folder: $BOXTOI_CCD_DIR, else
   $top_srcdir/../shared/data/ccd-benchmark (top_srcdir "." when
   unset). */
void ccd_dir(char *buf, unsigned long size);

/* Calls fn(dir, file, kind, truth_file) for every CSV file of the
   sample, in a fixed order: the handcrafted scenes (kind 0 vertex-face,
   1 edge-edge; truth_file NULL, the truth is a column), then the
   rod-twist files with their truth files (paths relative to dir). */
void ccd_each_file(const char *dir,
                   void (*fn)(const char *dir, const char *file, int kind,
                              const char *truth_file));

/* A CSV file of the benchmark read query by query, with the truth
   from its column or from a truth file. */
typedef struct {
    FILE *f;
    int *tv;
    long tn, lineno, k; /* k: index of the query last read */
} ccd_reader;

/* Opens dir/file, and dir/truth_file when truth_file is not NULL: 0
   when dir/file cannot be opened.  With dir NULL, file and truth_file
   are paths as given (bench/ccd-bench walks full paths). */
int ccd_open(ccd_reader *r, const char *dir, const char *file,
             const char *truth_file);
/* Reads the next query into q (q->kind set by the caller): 0 at the
   end, else 1 with *rc the reader's status (err says what) and *truth
   the truth (-1 when unknown). */
int ccd_next(ccd_reader *r, boxtoi_prim_query_t q, int *truth, int *rc,
             boxtoi_errinfo *err);
void ccd_close(ccd_reader *r);

#endif
