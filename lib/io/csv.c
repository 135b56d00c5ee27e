/* lib/io/csv.c: the CSV files of the continuous collision detection
   benchmark (Wang et al. 2021) as primitive queries (doc/format.md §8).

   Every 8 rows are one query; a row is one vertex position
   x_num, x_den, y_num, y_den, z_num, z_den and, optionally, the truth
   (0 or 1, the same on the 8 rows).  Rows 0-3 are the vertices at t = 0
   in the order of boxtoi_prim_query_struct, rows 4-7 the same vertices
   at t = 1.  Each field goes through the exact number grammar
   (io_parse_number), so big integers are read exactly. */
#include <string.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"

/* Reads one line of f into sb (without its "\n" or "\r\n"); returns 1,
   or 0 at the end of the input. */
static int read_row(boxtoi_strbuf *sb, FILE *f, boxtoi_errinfo *err,
                    int *rc)
{
    int c;
    char ch;

    boxtoi_strbuf_reset(sb);
    *rc = BOXTOI_OK;
    while ((c = getc(f)) != EOF && c != '\n') {
        ch = (char)c;
        if (boxtoi_strbuf_putn(sb, &ch, 1) != BOXTOI_OK) {
            *rc = boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
            return 0;
        }
    }
    if (sb->len > 0 && sb->str[sb->len - 1] == '\r')
        io_truncate(sb, sb->len - 1);
    return c != EOF || sb->len > 0;
}

/* Parses row r (0..7) of a query at line lineno into q; *truth gets the
   seventh column (-1 when there are six). */
static int parse_row(boxtoi_prim_query_t q, int *truth, const char *s,
                     size_t len, int r, long lineno,
                     const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    mpq_t num, den;
    size_t start = 0, end;
    int field = 0, rc = BOXTOI_OK;
    boxtoi_errinfo e;

    mpq_init(num);
    mpq_init(den);
    *truth = -1;
    while (rc == BOXTOI_OK && start <= len) {
        for (end = start; end < len && s[end] != ','; end++)
            ;
        if (field >= 7) {
            rc = boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                    "line %ld: more than 7 columns", lineno);
            break;
        }
        if (field == 6) {
            if (end - start == 1 && (s[start] == '0' || s[start] == '1'))
                *truth = s[start] - '0';
            else
                rc = boxtoi_errinfo_set(err, BOXTOI_ENUMBER,
                                        "line %ld, column 7: the truth must "
                                        "be 0 or 1", lineno);
        } else {
            rc = io_parse_number(field % 2 ? den : num, s + start,
                                 end - start, opts->max_exponent, 0, &e);
            if (rc != BOXTOI_OK)
                rc = boxtoi_errinfo_set(err, rc, "line %ld, column %d: %s",
                                        lineno, field + 1, e.msg);
            else if (field % 2 && mpq_sgn(den) == 0)
                rc = boxtoi_errinfo_set(err, BOXTOI_ENUMBER,
                                        "line %ld, column %d: zero "
                                        "denominator", lineno, field + 1);
            else if (field % 2)
                mpq_div(q->x[r / 4][r % 4][field / 2], num, den);
        }
        field++;
        start = end + 1;
    }
    if (rc == BOXTOI_OK && field < 6)
        rc = boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                "line %ld: %d columns, expected 6 or 7",
                                lineno, field);
    mpq_clear(den);
    mpq_clear(num);
    return rc;
}

int boxtoi_io_read_csv_query(boxtoi_prim_query_t q, int *truth, int *got,
                             FILE *f, long *lineno,
                             const boxtoi_io_options *opts,
                             boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    boxtoi_strbuf sb;
    int r = 0, t = -1, rc = BOXTOI_OK, rrc = BOXTOI_OK;

    opts = io_options_or_default(opts, &def);
    *got = 0;
    *truth = -1;
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_ui(q->t1, 1, 1);
    q->t1_inf = 0;
    boxtoi_strbuf_init(&sb);
    /* after a bad row the query's other rows are still consumed, so
       that the next query starts at the right row */
    while (r < 8 && read_row(&sb, f, err, &rrc)) {
        ++*lineno;
        if (boxtoi_io_is_blank(sb.str, sb.len))
            continue;
        if (rc == BOXTOI_OK)
            rc = parse_row(q, &t, sb.str, sb.len, r, *lineno, opts, err);
        if (rc == BOXTOI_OK && r == 0)
            *truth = t;
        else if (rc == BOXTOI_OK && t != *truth)
            rc = boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                    "line %ld: the truth column differs "
                                    "from the query's first row", *lineno);
        r++;
    }
    if (rrc != BOXTOI_OK)
        rc = rrc;
    boxtoi_strbuf_clear(&sb);
    if (rc == BOXTOI_OK && r > 0 && r < 8)
        rc = boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                "line %ld: the input ends inside a query "
                                "(%d of 8 rows)", *lineno, r);
    *got = r == 8;
    return rc;
}
