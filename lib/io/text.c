/* lib/io/text.c: the readable one-line summary of a result (the
   command's --text; doc/format.md §5).

   Method: straight formatting of the same data as the JSON result; an
   algebraic t is shown by its decimal and its defining polynomial in
   the usual notation ("t^2 - 2"; the decimal tells which root), a
   rational one by its exact value. */
#include <string.h>
#include "lib/util/impl.h"
#include "lib/poly/impl.h"
#include "lib/io/impl.h"

/* The label of a result: the id (a string without its quotes, when it
   has no escapes), else "line N". */
static int put_label(boxtoi_strbuf *sb, const char *id, long line,
                     int with_line)
{
    int rc = BOXTOI_OK;
    size_t n;

    if (id != NULL && *id != '\0') {
        n = strlen(id);
        if (id[0] == '"' && n >= 2 && strchr(id, '\\') == NULL)
            rc = boxtoi_strbuf_putn(sb, id + 1, n - 2);
        else
            rc = boxtoi_strbuf_puts(sb, id);
        if (rc == BOXTOI_OK && with_line && line > 0)
            rc = boxtoi_strbuf_printf(sb, ", line %ld", line);
    } else if (line > 0) {
        rc = boxtoi_strbuf_printf(sb, "line %ld", line);
    } else {
        rc = boxtoi_strbuf_puts(sb, "query");
    }
    return rc;
}

static int put_feature(boxtoi_strbuf *sb, int box, const boxtoi_feature *f)
{
    int rc = boxtoi_strbuf_printf(sb, "box%d %s ", box,
                                  boxtoi_feature_kind(f));
    if (rc == BOXTOI_OK)
        rc = boxtoi_feature_name(sb, f);
    return rc;
}

static int put_time(boxtoi_strbuf *sb, boxtoi_contact_t res, long digits)
{
    boxtoi_alg_struct *t = &res->t;
    const char *initial = res->initial ? ", initial" : "";
    mpq_t r;
    int rc;

    mpq_init(r);
    if (boxtoi_alg_get_mpq(r, t)) {
        rc = boxtoi_strbuf_puts(sb, "contact at t = ");
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_put_mpq(sb, r);
        if (rc == BOXTOI_OK && mpz_cmp_ui(mpq_denref(r), 1) != 0) {
            rc = boxtoi_strbuf_puts(sb, " (exact; ~ ");
            if (rc == BOXTOI_OK)
                rc = boxtoi_mpq_get_decimal_str(sb, r, digits);
            if (rc == BOXTOI_OK)
                rc = boxtoi_strbuf_printf(sb, "%s)", initial);
        } else if (rc == BOXTOI_OK) {
            rc = boxtoi_strbuf_printf(sb, " (exact%s)", initial);
        }
    } else {
        rc = boxtoi_strbuf_puts(sb, "contact at t ~ ");
        if (rc == BOXTOI_OK)
            rc = boxtoi_alg_get_str(sb, t, digits);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, " (root of ");
        if (rc == BOXTOI_OK)
            rc = poly_get_str_mul(sb, &t->poly, "t", "");
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_printf(sb, "%s)", initial);
    }
    mpq_clear(r);
    return rc;
}

/* ", point (x, y, z)" and ", normal (a, b, c)" when there is one. */
static int put_geometry(boxtoi_strbuf *sb, const boxtoi_contact_t res,
                        const boxtoi_query_t q, boxtoi_contact_geom *g,
                        long digits)
{
    static const char *const open[2] = {", point (", ", normal ("};
    return io_geometry_put(sb, open, ", ", ")", g, res, q, &res->t, digits);
}

/* Ends a result line: "\n" when rc is BOXTOI_OK, else sb cut back to
   len0 and the error in err. */
static int end_line(boxtoi_strbuf *sb, int rc, size_t len0,
                    boxtoi_errinfo *err)
{
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_puts(sb, "\n");
    if (rc != BOXTOI_OK) {
        io_truncate(sb, len0);
        return boxtoi_errinfo_set(err, rc, "%s", boxtoi_strerror(rc));
    }
    return BOXTOI_OK;
}

int io_write_result_text(boxtoi_strbuf *sb, boxtoi_contact_t res,
                         const char *id, long line, const boxtoi_query_t q,
                         const boxtoi_io_options *opts,
                         boxtoi_contact_geom *g, boxtoi_errinfo *err)
{
    size_t len0 = sb->len;
    int rc = put_label(sb, id, line, 0);

    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_puts(sb, ": ");
    if (rc == BOXTOI_OK && res->status != BOXTOI_CONTACT) {
        rc = boxtoi_strbuf_puts(sb, "no contact in [");
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_put_mpq(sb, q->t0);
        if (rc == BOXTOI_OK && q->t1_inf)
            rc = boxtoi_strbuf_puts(sb, ", inf)");
        else if (rc == BOXTOI_OK) {
            rc = boxtoi_strbuf_puts(sb, ", ");
            if (rc == BOXTOI_OK)
                rc = boxtoi_strbuf_put_mpq(sb, q->t1);
            if (rc == BOXTOI_OK)
                rc = boxtoi_strbuf_puts(sb, "]");
        }
    } else if (rc == BOXTOI_OK) {
        rc = put_time(sb, res, opts->digits);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_printf(sb, ", %s: ",
                                      boxtoi_contact_kind(res));
        if (rc == BOXTOI_OK)
            rc = put_feature(sb, 1, res->feature);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, " / ");
        if (rc == BOXTOI_OK)
            rc = put_feature(sb, 2, res->feature + 1);
        if (rc == BOXTOI_OK)
            rc = put_geometry(sb, res, q, g, opts->digits);
    }
    return end_line(sb, rc, len0, err);
}

int io_write_error_text(boxtoi_strbuf *sb, const char *id, long line,
                        int code, const char *msg)
{
    size_t len0 = sb->len;
    int rc = put_label(sb, id, line, 1);

    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_printf(sb, ": error %s: %s\n",
                                  boxtoi_errname(code),
                                  msg != NULL ? msg : boxtoi_strerror(code));
    if (rc != BOXTOI_OK)
        io_truncate(sb, len0);
    return rc;
}

/* An end of an interval: a rational exactly, otherwise its decimal. */
static int put_end(boxtoi_strbuf *sb, boxtoi_alg_t t, long digits)
{
    mpq_t r;
    int rc;
    mpq_init(r);
    if (boxtoi_alg_get_mpq(r, t))
        rc = boxtoi_strbuf_put_mpq(sb, r);
    else
        rc = boxtoi_alg_get_str(sb, t, digits);
    mpq_clear(r);
    return rc;
}

int io_write_intervals_text(boxtoi_strbuf *sb, boxtoi_intervals_t iv,
                            const char *id, long line,
                            const boxtoi_query_t q,
                            const boxtoi_io_options *opts,
                            boxtoi_errinfo *err)
{
    size_t len0 = sb->len;
    long i;
    int rc;

    if (iv->n == 0) {
        boxtoi_contact_t none; /* status BOXTOI_NO_CONTACT */
        boxtoi_contact_init(none);
        rc = io_write_result_text(sb, none, id, line, q, opts, NULL, err);
        boxtoi_contact_clear(none);
        return rc;
    }
    rc = put_label(sb, id, line, 0);
    /* "contact during [a, b], at c" or "contact at c, [a, b]" */
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_puts(sb, !(iv->to_inf && iv->n == 1)
                                            && boxtoi_alg_cmp(iv->from,
                                                              iv->to) == 0
                                        ? ": contact "
                                        : ": contact during ");
    for (i = 0; i < iv->n && rc == BOXTOI_OK; i++) {
        int inf = i == iv->n - 1 && iv->to_inf;
        if (i > 0)
            rc = boxtoi_strbuf_puts(sb, ", ");
        if (rc == BOXTOI_OK && !inf
            && boxtoi_alg_cmp(iv->from + i, iv->to + i) == 0) {
            rc = boxtoi_strbuf_puts(sb, "at ");
            if (rc == BOXTOI_OK)
                rc = put_end(sb, iv->from + i, opts->digits);
            continue;
        }
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, "[");
        if (rc == BOXTOI_OK)
            rc = put_end(sb, iv->from + i, opts->digits);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, ", ");
        if (rc == BOXTOI_OK)
            rc = inf ? boxtoi_strbuf_puts(sb, "inf)")
                     : put_end(sb, iv->to + i, opts->digits);
        if (rc == BOXTOI_OK && !inf)
            rc = boxtoi_strbuf_puts(sb, "]");
    }
    return end_line(sb, rc, len0, err);
}
