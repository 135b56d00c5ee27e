/* lib/io/line.c: one input line to one output line, the work of the
   command for each line (doc/format.md §4-§5).

   Method: boxtoi_io_read_query, boxtoi_contact_first, then the writer
   of the chosen format; any failure on the way becomes an error result
   that carries the id when it was read.  The objects a line needs are
   those of a boxtoi_io_line_t, which a caller of many lines keeps (the
   command: one per thread) so that their memory is reused; calls on
   different objects and buffers may run in parallel threads. */
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

int io_has_text(const char *s, size_t len, const char *key, size_t pivot)
{
    size_t n = strlen(key), i = pivot;
    const char *h;
    while (i < len && (h = memchr(s + i, key[pivot], len - i)) != NULL) {
        i = (size_t)(h - s);
        if (i - pivot + n <= len && memcmp(s + i - pivot, key, n) == 0)
            return 1;
        i++;
    }
    return 0;
}

const boxtoi_io_options *io_options_or_default(const boxtoi_io_options *opts,
                                               boxtoi_io_options *def)
{
    if (opts != NULL)
        return opts;
    boxtoi_io_options_init(def);
    return def;
}

/* boxtoi_io_write_result with g: NULL or a geometry kept by the
   caller for its memory (io_geometry_put). */
static int write_result(boxtoi_strbuf *sb, boxtoi_contact_t res,
                        const char *id, long line, const boxtoi_query_t q,
                        const boxtoi_io_options *opts,
                        boxtoi_contact_geom *g, boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    int rc;

    opts = io_options_or_default(opts, &def);
    rc = io_check_digits(opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    if (opts->format == BOXTOI_IO_TEXT)
        return io_write_result_text(sb, res, id, line, q, opts, g, err);
    return io_write_result_json(sb, res, id, q, opts, g, err);
}

int boxtoi_io_write_result(boxtoi_strbuf *sb, boxtoi_contact_t res,
                           const char *id, long line, const boxtoi_query_t q,
                           const boxtoi_io_options *opts,
                           boxtoi_errinfo *err)
{
    return write_result(sb, res, id, line, q, opts, NULL, err);
}

int boxtoi_io_write_error(boxtoi_strbuf *sb, const char *id, long line,
                          int code, const char *msg,
                          const boxtoi_io_options *opts)
{
    if (opts != NULL && opts->format == BOXTOI_IO_TEXT)
        return io_write_error_text(sb, id, line, code, msg);
    return io_write_error_json(sb, id, line, code, msg);
}

int io_line_end(boxtoi_strbuf *sb, int rc, boxtoi_errinfo *e,
                const char *id, long lineno, const boxtoi_io_options *opts,
                boxtoi_errinfo *err)
{
    int wrc;

    if (rc != BOXTOI_OK) {
        if (e->code == BOXTOI_OK) /* a callee that forgot its message */
            boxtoi_errinfo_set(e, rc, "%s", boxtoi_strerror(rc));
        e->code = rc;
        wrc = boxtoi_io_write_error(sb, id, lineno, rc, e->msg, opts);
        if (wrc != BOXTOI_OK) {
            rc = wrc;
            boxtoi_errinfo_set(e, rc, "out of memory");
        }
    }
    if (err != NULL)
        *err = *e;
    return rc;
}

/* For a contact under a piecewise motion, q's motion of body k becomes,
   for the writer (the contact point and normal), the piece that applies
   at the contact time t: the one after the last break <= t (compared
   exactly; at a break both neighbours give the same pose).  held keeps
   q's own motions; pieces_out puts them back. */
long io_piece_at_t(const boxtoi_pmotion_struct *pm,
                   const boxtoi_contact_struct *res)
{
    long i = 0;
    while (i + 1 < pm->n && boxtoi_alg_cmp_mpq(&res->t, pm->brk + i) >= 0)
        i++;
    return i;
}

static void pieces_in(boxtoi_motion_struct held[2], boxtoi_query_t q,
                      const boxtoi_pmotion_struct pm[2],
                      const boxtoi_contact_struct *res)
{
    int k;
    for (k = 0; k < 2; k++) {
        held[k] = q->motion[k];
        if (pm[k].n > 0 && res->status == BOXTOI_CONTACT)
            q->motion[k] = pm[k].piece[io_piece_at_t(pm + k, res)];
    }
}

static void pieces_out(const boxtoi_motion_struct held[2], boxtoi_query_t q)
{
    q->motion[0] = held[0];
    q->motion[1] = held[1];
}

/* report "intervals": solve and write (no --explain: the route and the
   search it shows are those of the first contact). */
static int process_intervals(boxtoi_strbuf *sb, boxtoi_query_t q,
                             const boxtoi_pmotion_struct pm[2],
                             const char *id, long lineno,
                             const boxtoi_io_options *opts,
                             boxtoi_errinfo *e)
{
    boxtoi_intervals_t iv;
    int rc;
    boxtoi_intervals_init(iv);
    rc = boxtoi_contact_intervals_piecewise(iv, q, pm, pm + 1,
                                            &opts->solver, e);
    if (rc == BOXTOI_OK)
        rc = io_write_intervals(sb, iv, id, lineno, q, opts, e);
    if (rc == BOXTOI_OK && opts->explain)
        rc = boxtoi_strbuf_puts(sb, "# explain: not available for report "
                                    "\"intervals\" (ask for the first "
                                    "contact)\n");
    boxtoi_intervals_clear(iv);
    return rc;
}

void boxtoi_io_line_init(boxtoi_io_line_t w)
{
    boxtoi_query_init(w->q);
    boxtoi_pmotion_init(w->pm); /* no allocation until used */
    boxtoi_pmotion_init(w->pm + 1);
    boxtoi_contact_init(w->res);
    boxtoi_strbuf_init(&w->id);
    boxtoi_contact_geom_init(&w->geom);
    boxtoi_prim_result_init(w->prim);
}

void boxtoi_io_line_clear(boxtoi_io_line_t w)
{
    boxtoi_prim_result_clear(w->prim);
    boxtoi_contact_geom_clear(&w->geom);
    boxtoi_strbuf_clear(&w->id);
    boxtoi_contact_clear(w->res);
    boxtoi_pmotion_clear(w->pm);
    boxtoi_pmotion_clear(w->pm + 1);
    boxtoi_query_clear(w->q);
}

/* Everything a line reads into w is set by the reader before it is
   used (boxes, motions, pieces emptied or set, range), and the result
   by the solver, so nothing of an earlier line shows through. */
int boxtoi_io_line_process(boxtoi_io_line_t w, boxtoi_strbuf *sb,
                           const char *line, size_t len, long lineno,
                           const boxtoi_io_options *opts,
                           boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    boxtoi_query_struct *q = w->q;
    boxtoi_pmotion_struct *pm = w->pm;
    boxtoi_contact_struct *res = w->res;
    boxtoi_errinfo e;
    size_t len0 = sb->len;
    int rc, report = IO_REPORT_FIRST;

    opts = io_options_or_default(opts, &def);
    boxtoi_errinfo_reset(&e);
    boxtoi_strbuf_reset(&w->id);
    rc = io_check_digits(opts, &e);
    /* the common two-box line first (lib/io/quick.c): it has no key
       but box1, box2, motion1, motion2, t_range and id, so it is
       neither a scene nor a primitive line, and the tests of the kind
       (scans of the line) are left to the other lines */
    if (rc != BOXTOI_OK || !io_quick_query(q, pm, &w->id, line, len, opts))
    {
        if (io_is_scene(line, len))
            return io_process_scene(sb, line, len, lineno, opts, err);
        if (rc == BOXTOI_OK && io_prim_wants(line, len)
            && (rc = io_prim_process_line(w->prim, sb, line, len, lineno,
                                          opts, err))
                   != -1)
            return rc;
        if (rc == BOXTOI_OK || rc == -1)
            rc = io_read_query_json(q, pm, &report, &w->id, line, len, opts,
                                    &e);
    }
    if (rc == BOXTOI_OK && report == IO_REPORT_INTERVALS) {
        rc = process_intervals(sb, q, pm, boxtoi_strbuf_str(&w->id),
                               lineno, opts, &e);
        goto end;
    }
    if (rc == BOXTOI_OK)
        rc = boxtoi_contact_first_piecewise(res, q, pm, pm + 1,
                                            &opts->solver, &e);
    if (rc == BOXTOI_OK) {
        boxtoi_motion_struct held[2];
        pieces_in(held, q, pm, res);
        rc = write_result(sb, res, boxtoi_strbuf_str(&w->id), lineno, q,
                          opts, &w->geom, &e);
        pieces_out(held, q);
        if (rc == BOXTOI_OK && opts->explain) {
            /* a route per interval between breaks (explain.c) */
            if (pm[0].n > 0 || pm[1].n > 0)
                rc = io_write_explain_pieces(sb, q, pm, opts, &e);
            else
                rc = boxtoi_io_write_explain(sb, q, res, opts, &e);
            if (rc != BOXTOI_OK)
                io_truncate(sb, len0);
        }
    }
end:
    return io_line_end(sb, rc, &e, boxtoi_strbuf_str(&w->id), lineno, opts,
                       err);
}

int boxtoi_io_process_line(boxtoi_strbuf *sb, const char *line, size_t len,
                           long lineno, const boxtoi_io_options *opts,
                           boxtoi_errinfo *err)
{
    boxtoi_io_line_t w;
    int rc;
    boxtoi_io_line_init(w);
    rc = boxtoi_io_line_process(w, sb, line, len, lineno, opts, err);
    boxtoi_io_line_clear(w);
    return rc;
}
