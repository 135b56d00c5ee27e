/* t/ccd-truth.h: the truth files of the CCD benchmark's simulation
   scenes (mma_bool/NAME_mma_bool.json), for t/prim-t and bench/ccd-bench. */
#ifndef BOXTOI_T_CCD_TRUTH_H
#define BOXTOI_T_CCD_TRUTH_H

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

#endif
