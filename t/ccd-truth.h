/* t/ccd-truth.h: the truth files of the CCD benchmark's simulation
   scenes (mma_bool/NAME_mma_bool.json), for t/prim-t and bench/ccd-bench. */
#ifndef BOXTOI_T_CCD_TRUTH_H
#define BOXTOI_T_CCD_TRUTH_H

/* Reads the JSON list of booleans at path: returns a malloc'ed array
   of 0/1 (the caller frees it) and sets *n, or NULL (and *n = 0) when
   the file cannot be read or memory runs out. */
int *ccd_read_truth(const char *path, long *n);

#endif
