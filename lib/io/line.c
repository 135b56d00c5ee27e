/* lib/io/line.c: one input line to one output line, the work of the
   command for each line (doc/format.md §4-§5).

   Method: boxtoi_io_read_query, boxtoi_contact_first, then the writer
   of the chosen format; any failure on the way becomes an error result
   that carries the id when it was read.  Everything a line needs is
   allocated and released here, so memory per line is bounded by the
   line and its answer, and calls on different buffers may run in
   parallel threads. */
#include <string.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"

int boxtoi_io_is_blank(const char *line, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r'
            && line[i] != '\n')
            return 0;
    return 1;
}

int boxtoi_io_write_result(boxtoi_strbuf *sb, boxtoi_contact_t res,
                           const char *id, long line, const boxtoi_query_t q,
                           const boxtoi_io_options *opts,
                           boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    int rc;

    if (opts == NULL) {
        boxtoi_io_options_init(&def);
        opts = &def;
    }
    rc = io_check_digits(opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    if (opts->format == BOXTOI_IO_TEXT)
        return io_write_result_text(sb, res, id, line, q, opts, err);
    return io_write_result_json(sb, res, id, opts, err);
}

int boxtoi_io_write_error(boxtoi_strbuf *sb, const char *id, long line,
                          int code, const char *msg,
                          const boxtoi_io_options *opts)
{
    if (opts != NULL && opts->format == BOXTOI_IO_TEXT)
        return io_write_error_text(sb, id, line, code, msg);
    return io_write_error_json(sb, id, line, code, msg);
}

int boxtoi_io_process_line(boxtoi_strbuf *sb, const char *line, size_t len,
                           long lineno, const boxtoi_io_options *opts,
                           boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    boxtoi_query_t q;
    boxtoi_contact_t res;
    boxtoi_strbuf id;
    boxtoi_errinfo e;
    size_t len0 = sb->len;
    int rc, wrc;

    if (opts == NULL) {
        boxtoi_io_options_init(&def);
        opts = &def;
    }
    boxtoi_errinfo_reset(&e);
    boxtoi_query_init(q);
    boxtoi_contact_init(res);
    boxtoi_strbuf_init(&id);

    rc = io_check_digits(opts, &e);
    if (rc == BOXTOI_OK)
        rc = boxtoi_io_read_query(q, &id, line, len, opts, &e);
    if (rc == BOXTOI_OK)
        rc = boxtoi_contact_first(res, q, &opts->solver, &e);
    if (rc == BOXTOI_OK) {
        rc = boxtoi_io_write_result(sb, res, boxtoi_strbuf_str(&id), lineno,
                                    q, opts, &e);
        if (rc == BOXTOI_OK && opts->explain) {
            rc = boxtoi_io_write_explain(sb, q, res, opts, &e);
            if (rc != BOXTOI_OK)
                io_truncate(sb, len0);
        }
    }
    if (rc != BOXTOI_OK) {
        if (e.code == BOXTOI_OK) /* a callee that forgot its message */
            boxtoi_errinfo_set(&e, rc, "%s", boxtoi_strerror(rc));
        e.code = rc;
        wrc = boxtoi_io_write_error(sb, boxtoi_strbuf_str(&id), lineno, rc,
                                    e.msg, opts);
        if (wrc != BOXTOI_OK) {
            rc = wrc;
            boxtoi_errinfo_set(&e, rc, "out of memory");
        }
    }
    if (err != NULL)
        *err = e;
    boxtoi_strbuf_clear(&id);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
    return rc;
}
