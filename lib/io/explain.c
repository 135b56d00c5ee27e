/* lib/io/explain.c: the command's --explain, a readable account of how
   an answer was found.

   It rebuilds the route of the query (boxtoi_route_build) and reruns the
   search with a trace callback, then prints what the seed's algorithm
   looks at (doc/algorithm.md §2-§4): the query as read, the relative
   motion, the octant-switch polynomials, the sections with their ends
   and sample points, the 30 planes of each section with their
   compatible pairs, and every candidate root tried with its verdict.  Every line starts with
   "# " so that a JSON Lines reader can skip them. */
#include <string.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"

/* A time for people: exact when rational, else 12 digits and "~". */
static int put_time(boxtoi_strbuf *sb, const boxtoi_alg_struct *a)
{
    boxtoi_alg_t c;
    mpq_t q;
    int rc;
    boxtoi_alg_init(c);
    mpq_init(q);
    boxtoi_alg_set(c, a);
    if (boxtoi_alg_get_mpq(q, c))
        rc = boxtoi_strbuf_put_mpq(sb, q);
    else {
        rc = boxtoi_strbuf_puts(sb, "~");
        if (rc == BOXTOI_OK)
            rc = boxtoi_alg_get_str(sb, c, 12);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, " (root of ");
        if (rc == BOXTOI_OK)
            rc = boxtoi_poly_get_str(sb, &c->poly, "t");
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, ")");
    }
    mpq_clear(q);
    boxtoi_alg_clear(c);
    return rc;
}

static int put_poly_line(boxtoi_strbuf *sb, const char *label,
                         const boxtoi_poly_t p)
{
    int rc = boxtoi_strbuf_printf(sb, "#   %s = ", label);
    if (rc == BOXTOI_OK)
        rc = boxtoi_poly_get_str(sb, p, "t");
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_puts(sb, "\n");
    return rc;
}

/* The trace: one line per candidate, into the context's buffer. */
typedef struct {
    boxtoi_strbuf *sb;
    int rc;
    long n;
} explain_ctx;

static void explain_trace(void *vctx, const boxtoi_trace_event *ev)
{
    explain_ctx *ctx = vctx;
    int rc = ctx->rc;
    if (rc != BOXTOI_OK)
        return;
    ctx->n++;
    rc = boxtoi_strbuf_printf(ctx->sb, "#   section %ld, plane %d: t = ",
                              ev->section, ev->plane);
    if (rc == BOXTOI_OK)
        rc = put_time(ctx->sb, ev->t);
    if (rc == BOXTOI_OK) {
        if (ev->verdict > 0)
            rc = boxtoi_strbuf_puts(ctx->sb,
                                    ": accepted (every plane >= 0)\n");
        else if (ev->verdict == 0)
            rc = boxtoi_strbuf_printf(ctx->sb,
                                      ": rejected (plane %d < 0 there)\n",
                                      ev->by);
        else
            rc = boxtoi_strbuf_puts(
                ctx->sb, ": not tried (not before the best so far)\n");
    }
    ctx->rc = rc;
}

static int put_feature(boxtoi_strbuf *sb, const boxtoi_feature *f)
{
    int rc = boxtoi_strbuf_printf(sb, "%s ", boxtoi_feature_kind(f));
    if (rc == BOXTOI_OK)
        rc = boxtoi_feature_name(sb, f);
    return rc;
}

/* The sections and their planes. */
static int put_sections(boxtoi_strbuf *sb, const boxtoi_route_t r)
{
    boxtoi_poly_struct p[BOXTOI_NPLANES];
    long s;
    int j, rc = BOXTOI_OK;

    for (j = 0; j < BOXTOI_NPLANES; j++)
        boxtoi_poly_init(p + j);
    rc = boxtoi_strbuf_printf(sb, "# sections: %ld\n", r->nsec);
    for (s = 0; s < r->nsec && rc == BOXTOI_OK; s++) {
        rc = boxtoi_strbuf_printf(sb, "#  section %ld: [", s);
        if (rc == BOXTOI_OK)
            rc = put_time(sb, r->end + s);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, ", ");
        if (rc == BOXTOI_OK) {
            if (r->t1_inf && s + 1 == r->nsec)
                rc = boxtoi_strbuf_puts(sb, "inf");
            else
                rc = put_time(sb, r->end + s + 1);
        }
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, "], sampled at ");
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_put_mpq(sb, r->sample + s);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, "\n");
        boxtoi_route_planes(p, r, s);
        for (j = 0; j < BOXTOI_NPLANES && rc == BOXTOI_OK; j++) {
            boxtoi_pair pair;
            boxtoi_route_pair(&pair, r, s, j);
            rc = boxtoi_strbuf_printf(sb, "#    plane %2d %-11s ", j,
                                      pair.kind);
            if (rc == BOXTOI_OK && pair.degenerate)
                rc = boxtoi_strbuf_puts(sb, "(direction vanishes)\n");
            else {
                if (rc == BOXTOI_OK)
                    rc = boxtoi_strbuf_puts(sb, "box1 ");
                if (rc == BOXTOI_OK)
                    rc = put_feature(sb, pair.feature);
                if (rc == BOXTOI_OK)
                    rc = boxtoi_strbuf_puts(sb, " / box2 ");
                if (rc == BOXTOI_OK)
                    rc = put_feature(sb, pair.feature + 1);
                if (rc == BOXTOI_OK)
                    rc = boxtoi_strbuf_puts(sb, ": P = ");
                if (rc == BOXTOI_OK)
                    rc = boxtoi_poly_get_str(sb, p + j, "t");
                if (rc == BOXTOI_OK)
                    rc = boxtoi_strbuf_puts(sb, "\n");
            }
        }
    }
    for (j = 0; j < BOXTOI_NPLANES; j++)
        boxtoi_poly_clear(p + j);
    return rc;
}

/* The query as read, for tools that draw it (python/boxtoi/plot.py):
   each box's corners and each motion, one row per line,
   "#   motion2[2] = [0, 0, 1000, -4905*t^2 + 1200] / 1000" meaning row 2
   of M2(t) is those integer polynomials over the denominator. */
static int put_query(boxtoi_strbuf *sb, const boxtoi_query_t q)
{
    int b, i, k, rc;
    rc = boxtoi_strbuf_puts(sb, "# query as read (a body point p is at "
                                "(M [p;1])[0..2] / (M [p;1])[3]):\n");
    for (b = 0; b < 2 && rc == BOXTOI_OK; b++) {
        const boxtoi_box_struct *x = q->box + b;
        rc = boxtoi_strbuf_printf(sb, "#   box%d = [", b + 1);
        for (k = 0; k < 6 && rc == BOXTOI_OK; k++) {
            rc = boxtoi_strbuf_puts(sb, k == 0 ? "" : k == 3 ? "] to ["
                                                            : ", ");
            if (rc == BOXTOI_OK)
                rc = boxtoi_strbuf_put_mpq(sb, k < 3 ? x->min[k]
                                                     : x->max[k - 3]);
        }
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, "]\n");
    }
    for (b = 0; b < 2 && rc == BOXTOI_OK; b++)
        for (i = 0; i < 4 && rc == BOXTOI_OK; i++) {
            const boxtoi_motion_struct *m = q->motion + b;
            rc = boxtoi_strbuf_printf(sb, "#   motion%d[%d] = [", b + 1, i);
            for (k = 0; k < 4 && rc == BOXTOI_OK; k++) {
                rc = boxtoi_strbuf_puts(sb, k == 0 ? "" : ", ");
                if (rc == BOXTOI_OK)
                    rc = boxtoi_poly_get_str(sb, m->e + 4 * i + k, "t");
            }
            if (rc == BOXTOI_OK)
                rc = boxtoi_strbuf_puts(sb, "] / ");
            if (rc == BOXTOI_OK)
                rc = boxtoi_strbuf_put_mpz(sb, m->den);
            if (rc == BOXTOI_OK)
                rc = boxtoi_strbuf_puts(sb, "\n");
        }
    return rc;
}

int boxtoi_io_write_explain(boxtoi_strbuf *sb, const boxtoi_query_t q,
                            boxtoi_contact_t res,
                            const boxtoi_io_options *opts,
                            boxtoi_errinfo *err)
{
    static const char *const qname[2] = {"A", "adj(A)"};
    boxtoi_route_t r;
    boxtoi_contact_t again;
    explain_ctx ctx;
    size_t len0 = sb->len;
    int i, j, rc, nzero = 0;
    char label[32];

    (void)res;
    boxtoi_route_init(r);
    boxtoi_contact_init(again);
    rc = boxtoi_route_build(r, q, opts != NULL ? &opts->solver : NULL, err);
    if (rc == BOXTOI_OK)
        rc = put_query(sb, q);
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_puts(
            sb, "# relative motion M = adj(M1) M2 = [[A, b], [0, w]]"
                " (box 2 in box 1's frame):\n");
    for (i = 0; i < 3 && rc == BOXTOI_OK; i++)
        for (j = 0; j < 4 && rc == BOXTOI_OK; j++) {
            if (j < 3)
                snprintf(label, sizeof label, "A[%d][%d]", i, j);
            else
                snprintf(label, sizeof label, "b[%d]", i);
            rc = put_poly_line(sb, label, r->rel.e + 4 * i + j);
        }
    if (rc == BOXTOI_OK)
        rc = put_poly_line(sb, "w", r->quant + 18);
    if (rc == BOXTOI_OK)
        rc = put_poly_line(sb, "det A", r->quant + 19);
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_puts(sb, "# octant-switch polynomials "
                                    "(their roots in the range cut the "
                                    "route):\n");
    for (i = 0; i < 18 && rc == BOXTOI_OK; i++) {
        snprintf(label, sizeof label, "%s'[%d][%d]", qname[i / 9],
                 (i % 9) / 3, i % 3);
        if (boxtoi_poly_degree(r->sw + i) < 1) {
            nzero += boxtoi_poly_is_zero(r->sw + i);
            continue;
        }
        rc = put_poly_line(sb, label, r->sw + i);
    }
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_printf(sb,
                                  "#   (%d identically zero, skipped; the "
                                  "others constant)\n", nzero);
    if (rc == BOXTOI_OK)
        rc = put_sections(sb, r);
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_puts(sb, "# candidates (t0 is tested first, "
                                    "exactly):\n");
    if (rc == BOXTOI_OK) {
        ctx.sb = sb;
        ctx.rc = BOXTOI_OK;
        ctx.n = 0;
        rc = boxtoi_contact_search(again, r, explain_trace, &ctx, err);
        if (rc == BOXTOI_OK)
            rc = ctx.rc;
        if (rc == BOXTOI_OK && again->initial)
            rc = boxtoi_strbuf_puts(sb, "#   t0: every plane >= 0 there: "
                                        "the solids meet at t0\n");
        else if (rc == BOXTOI_OK && ctx.n == 0)
            rc = boxtoi_strbuf_puts(sb, "#   none\n");
    }
    if (rc == BOXTOI_OK)
        rc = boxtoi_strbuf_printf(
            sb, "# %ld section(s) searched, %ld candidate(s) tested, %ld "
                "isolation(s), %ld sign(s) by the MPFR filter, %ld "
                "exact\n",
            again->nsections, again->ncandidates, again->nisolate,
            again->nsign_filtered, again->nsign_exact);
    if (rc != BOXTOI_OK)
        io_truncate(sb, len0);
    boxtoi_contact_clear(again);
    boxtoi_route_clear(r);
    return rc;
}

/* The piece of pm that applies on [a, next break] (-1: pm not used)
   and that break (NULL: none). */
static long piece_from(const boxtoi_pmotion_struct *pm, mpq_srcptr a,
                       mpq_srcptr *next)
{
    long i;
    *next = NULL;
    if (pm->n == 0)
        return -1;
    i = boxtoi_pmotion_piece_at(pm, a);
    if (i < pm->n - 1)
        *next = pm->brk + i;
    return i;
}

/* --explain for a piecewise query (doc/format.md, "--explain"): the
   range is cut at the breaks of both motions, as
   boxtoi_contact_first_piecewise cuts it, and each interval is
   explained as the query on that interval with the pieces that apply
   there, in order, up to the first interval with a contact (the
   solver stops there too). */
int io_write_explain_pieces(boxtoi_strbuf *sb, const boxtoi_query_t q,
                            const boxtoi_pmotion_struct *pm,
                            const boxtoi_io_options *opts,
                            boxtoi_errinfo *err)
{
    boxtoi_query_t sub;
    boxtoi_contact_t res;
    long piece[2], k;
    int b, rc = BOXTOI_OK, last = 0;
    size_t len0 = sb->len;

    boxtoi_query_init(sub);
    boxtoi_contact_init(res);
    for (b = 0; b < 2; b++) {
        boxtoi_box_set(sub->box + b, q->box + b);
        boxtoi_motion_set(sub->motion + b, q->motion + b);
    }
    mpq_set(sub->t0, q->t0);
    for (k = 0; !last && rc == BOXTOI_OK; k++) {
        mpq_srcptr next[2], e = NULL;
        for (b = 0; b < 2; b++) {
            piece[b] = piece_from(pm + b, sub->t0, next + b);
            if (piece[b] >= 0)
                boxtoi_motion_set(sub->motion + b, pm[b].piece + piece[b]);
            if (next[b] != NULL && (e == NULL || mpq_cmp(next[b], e) < 0))
                e = next[b];
        }
        last = e == NULL || (!q->t1_inf && mpq_cmp(e, q->t1) >= 0);
        sub->t1_inf = last && q->t1_inf;
        mpq_set(sub->t1, last ? q->t1 : e);
        rc = boxtoi_strbuf_printf(sb, "# interval %ld of the range, [", k);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_put_mpq(sb, sub->t0);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, ", ");
        if (rc == BOXTOI_OK)
            rc = sub->t1_inf ? boxtoi_strbuf_puts(sb, "inf")
                             : boxtoi_strbuf_put_mpq(sb, sub->t1);
        for (b = 0; b < 2 && rc == BOXTOI_OK; b++)
            rc = piece[b] < 0
                     ? boxtoi_strbuf_printf(sb, "%smotion%d one piece",
                                            b == 0 ? "]: " : ", ", b + 1)
                     : boxtoi_strbuf_printf(sb, "%smotion%d piece %ld",
                                            b == 0 ? "]: " : ", ", b + 1,
                                            piece[b]);
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_puts(sb, "\n");
        if (rc == BOXTOI_OK)
            rc = boxtoi_contact_first(res, sub, &opts->solver, err);
        if (rc == BOXTOI_OK)
            rc = boxtoi_io_write_explain(sb, sub, res, opts, err);
        if (rc == BOXTOI_OK && res->status == BOXTOI_CONTACT) {
            rc = boxtoi_strbuf_puts(sb, "# the first contact is in this "
                                        "interval; later ones are not "
                                        "solved\n");
            last = 1;
        }
        if (!last)
            mpq_set(sub->t0, sub->t1);
    }
    if (rc != BOXTOI_OK)
        io_truncate(sb, len0);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(sub);
    return rc;
}
