/* cli/csv.c: the boxtoi command's --csv mode, the CSV files of the
   continuous collision detection benchmark (doc/boxtoi.1, doc/format.md
   §6): one result per query of 8 rows, and the count of agreements with
   the files' truth column for --check-truth.  Public API only. */
#include <errno.h>
#include <string.h>
#include "csv.h"

int cli_run_csv(FILE *in, const char *name, const boxtoi_io_options *opts,
                int kind, cli_truth *truth, long *errors)
{
    boxtoi_prim_query_t q;
    boxtoi_prim_result_t res;
    boxtoi_strbuf sb;
    boxtoi_errinfo err;
    long lineno = 0, k, start;
    int t, got, rc, status = 0;
    char id[32];

    boxtoi_prim_query_init(q);
    boxtoi_prim_result_init(res);
    boxtoi_strbuf_init(&sb);
    q->kind = kind;
    for (k = 0; status == 0; k++) {
        start = lineno + 1;
        rc = boxtoi_io_read_csv_query(q, &t, &got, in, &lineno, opts, &err);
        if (!got && rc == BOXTOI_OK)
            break;
        snprintf(id, sizeof id, "%ld", k);
        boxtoi_strbuf_reset(&sb);
        if (rc == BOXTOI_OK)
            rc = boxtoi_prim_first(res, q, &err);
        if (rc == BOXTOI_OK)
            rc = boxtoi_io_write_prim_result(&sb, res, q, id, opts, &err);
        if (rc != BOXTOI_OK) {
            ++*errors;
            if (boxtoi_io_write_error(&sb, id, start, rc, err.msg, opts)
                != BOXTOI_OK)
                status = 3;
        } else if (t < 0) {
            truth->unknown++;
        } else {
            truth->queries++;
            truth->positives += t;
            truth->fp += t == 0 && res->status == BOXTOI_PRIM_CONTACT;
            truth->fn += t == 1 && res->status != BOXTOI_PRIM_CONTACT;
        }
        if (fwrite(boxtoi_strbuf_str(&sb), 1, sb.len, stdout) != sb.len) {
            fprintf(stderr, "boxtoi: write error: %s\n", strerror(errno));
            status = 3;
        }
        if (!got)
            break;
    }
    if (status == 0 && ferror(in)) {
        fprintf(stderr, "boxtoi: %s: read error: %s\n", name,
                strerror(errno));
        status = 2;
    }
    boxtoi_strbuf_clear(&sb);
    boxtoi_prim_result_clear(res);
    boxtoi_prim_query_clear(q);
    return status;
}

void cli_truth_report(FILE *f, const char *progname, const cli_truth *t)
{
    fprintf(f, "%s: check-truth: %ld queries with a truth, %ld with "
               "collision; %ld false positives, %ld false negatives; %ld "
               "without a truth\n", progname, t->queries, t->positives,
            t->fp, t->fn, t->unknown);
}
