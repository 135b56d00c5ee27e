/* cli/csv.h: the command's --csv mode (cli/csv.c). */
#ifndef BOXTOI_CLI_CSV_H
#define BOXTOI_CLI_CSV_H

#include <stdio.h>
#include <boxtoi.h>

/* Agreement with the truth column, over all files. */
typedef struct {
    long queries, positives, fp, fn, unknown;
} cli_truth;

/* Reads the benchmark CSV queries of kind (BOXTOI_PRIM_VF or _EE) from
   in (named name in messages), writes one result per query to stdout
   with the query's 0-based index in the file as its id, and adds to
   *truth and *errors.  Returns 0, or 3 on a write error. */
int cli_run_csv(FILE *in, const char *name, const boxtoi_io_options *opts,
                int kind, cli_truth *truth, long *errors);

/* Prints the summary of --check-truth to f. */
void cli_truth_report(FILE *f, const char *progname, const cli_truth *t);

#endif /* BOXTOI_CLI_CSV_H */
