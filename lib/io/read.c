/* lib/io/read.c: the readers shared by the query kinds (lib/io/read.h):
   a number at a place, the keys of an object, a 4x4 matrix.

   Every number, JSON number or string, goes through io_parse_number
   from its literal text (doc/format.md §1); a matrix is put over one
   common denominator after all its coefficients are read. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"
#include "lib/io/read.h"

/* A reader's context: the options (opts non-NULL), where errors go, and
   whether JSON number literals are doubles (the command's --numbers; a
   query's "numbers" key may change it, read_numbers). */
void io_rd_init(rd_ctx *c, const boxtoi_io_options *opts,
                boxtoi_errinfo *err)
{
    c->opts = opts;
    c->err = err;
    c->binary64 = opts != NULL && opts->numbers == BOXTOI_IO_BINARY64;
    c->no_words = 0;
}

/* "an array of 2 entries", "a string", ... for messages. */
const char *io_found(const io_jv *v, char *buf, size_t size)
{
    switch (v->type) {
    case IO_JNULL:
        return "null";
    case IO_JBOOL:
        return "a boolean";
    case IO_JNUMBER:
        return "a number";
    case IO_JSTRING:
        return "a string";
    case IO_JOBJECT:
        return "an object";
    case IO_JARRAY:
        snprintf(buf, size, "an array of %lu entr%s",
                 (unsigned long)io_jlen(v),
                 io_jlen(v) == 1 ? "y" : "ies");
        return buf;
    }
    return "something else";
}

static const char *place_text(char *buf, size_t size, const place *p)
{
    if (p->name != NULL)
        snprintf(buf, size, "%s.%s[%d]", p->base, p->name, p->i);
    else if (p->i < 0)
        snprintf(buf, size, "%s", p->base);
    else if (p->k < 0)
        snprintf(buf, size, "%s[%d][%d]", p->base, p->i, p->j);
    else
        snprintf(buf, size, "%s[%d][%d][%ld]", p->base, p->i, p->j, p->k);
    return buf;
}

/* res = the number v at place at; with w not NULL, into *w instead
   when it fits in words (w->d = 0 when it went into res). */
int io_rd_number_w(mpq_t res, io_wq *w, const io_jv *v, const place *at,
                   rd_ctx *c)
{
    boxtoi_errinfo e;
    const char *s;
    size_t len;
    io_wq loc, *ww = w != NULL ? w : &loc;
    int rc, quoted, dbl;
    char buf[IO_QUOTE_SIZE], path[96];

    ww->d = 0;
    switch (v->type) {
    case IO_JSTRING:
    case IO_JNUMBER:
        /* the literal text of a number, the bytes of a string */
        s = v->s;
        len = v->len;
        quoted = v->type == IO_JSTRING;
        break;
    case IO_JNULL:
    case IO_JBOOL:
        return boxtoi_errinfo_set(c->err, BOXTOI_ENUMBER,
                                  "%s: %s is not a number",
                                  place_text(path, sizeof path, at),
                                  v->type == IO_JNULL ? "null"
                                  : v->b              ? "true"
                                                      : "false");
    default:
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s: expected a number, found %s",
                                  place_text(path, sizeof path, at),
                                  io_found(v, buf, sizeof buf));
    }
    /* a double literal is rounded in words (io_round_binary64_w) or as
       a rational (io_round_binary64) */
    dbl = !quoted && c->binary64;
    if (!dbl && w == NULL)
        ww = NULL; /* straight into res */
    rc = io_parse_number_w(res, ww, s, len, c->opts->max_exponent, quoted,
                           &e);
    if (rc != BOXTOI_OK)
        return boxtoi_errinfo_set(c->err, rc, "%s: %s",
                                  place_text(path, sizeof path, at), e.msg);
    if (ww == NULL)
        return BOXTOI_OK;
    if (dbl && ww->d != 0 && !io_round_binary64_w(ww)) {
        io_wq_get_mpq(res, ww);
        ww->d = 0;
    }
    if (dbl && ww->d == 0) {
        if (io_round_binary64(res) != 0) {
            io_quote(buf, s, len, 0);
            return boxtoi_errinfo_set(c->err, BOXTOI_ENUMBER,
                                      "%s: %s is beyond the largest double "
                                      "(\"numbers\": \"binary64\")",
                                      place_text(path, sizeof path, at),
                                      buf);
        }
        io_wq_set_mpq(ww, res);
    }
    if (w == NULL && ww->d != 0)
        io_wq_get_mpq(res, ww);
    return BOXTOI_OK;
}

int io_rd_number(mpq_t res, const io_jv *v, const place *at, rd_ctx *c)
{
    return io_rd_number_w(res, NULL, v, at, c);
}

/* Refuses keys of obj (at path, "" for the top level) that are not in
   names[0..n) and do not start with '_'. */
int io_rd_check_keys(const io_jv *obj, const char *path,
                     const char *const *names, int n, rd_ctx *c)
{
    char q[IO_QUOTE_SIZE];
    size_t i;
    int k;

    for (i = 0; i < obj->n; i++) {
        const char *key = obj->kid[i].key;
        if (key[0] == '_')
            continue;
        for (k = 0; k < n; k++)
            if (strcmp(key, names[k]) == 0)
                break;
        if (k == n) {
            io_quote(q, key, strlen(key), 1);
            return boxtoi_errinfo_set(
                c->err, BOXTOI_ESHAPE,
                "%s%sunknown key %s (keys starting with '_' are free)",
                path, *path ? ": " : "", q);
        }
    }
    return BOXTOI_OK;
}

/* The coefficients of a motion as read, before they are put over a
   common denominator (io_read_matrix).  While every coefficient fits
   in machine words (io_wq) they are kept as such, in the list w (no
   GMP, no allocation: the common case).  Once one does not, or w is
   full, the list is given up (spill): integer coefficients go straight
   into the motion, over the denominator 1, and fractions are appended
   as rationals to v. */
typedef struct {
    mpq_t c;
    int e;
    long k;
} coef_in;

typedef struct {
    coef_w w[COEF_WORDS];
    size_t nw;
    int big;    /* w was given up: the rationals' path */
    coef_in *v; /* that path's fractions */
    size_t n, alloc;
} coef_list;

/* A new element at the end of l->v (its value initialised), or NULL
   when memory runs out. */
static coef_in *coef_push(coef_list *l)
{
    if (l->n == l->alloc) {
        size_t na = l->alloc == 0 ? 64 : 2 * l->alloc;
        coef_in *nv = realloc(l->v, na * sizeof *nv);
        if (nv == NULL)
            return NULL;
        l->v = nv;
        l->alloc = na;
    }
    mpq_init(l->v[l->n].c);
    return l->v + l->n++;
}

/* The coefficient x (not 0) of t^k in entry e on the rationals' path:
   an integer straight into m, a fraction appended to l->v (x is left
   0, ready to be read into again). */
static int keep_q(boxtoi_motion_t m, coef_list *l, mpq_ptr x, int e, long k,
                  rd_ctx *c)
{
    coef_in *y;
    if (mpz_cmp_ui(mpq_denref(x), 1) == 0) {
        boxtoi_poly_set_coeff_mpz(m->e + e, k, mpq_numref(x));
        return BOXTOI_OK;
    }
    if ((y = coef_push(l)) == NULL)
        return boxtoi_errinfo_set(c->err, BOXTOI_ENOMEM, "out of memory");
    mpq_swap(y->c, x);
    y->e = e;
    y->k = k;
    return BOXTOI_OK;
}

/* Gives up the list of words: its coefficients go the rationals' way. */
static int spill(boxtoi_motion_t m, coef_list *l, rd_ctx *c)
{
    mpq_t y;
    size_t i;
    int rc = BOXTOI_OK;

    l->big = 1;
    mpq_init(y);
    for (i = 0; i < l->nw && rc == BOXTOI_OK; i++) {
        io_wq_get_mpq(y, &l->w[i].q);
        rc = keep_q(m, l, y, l->w[i].e, l->w[i].k, c);
    }
    mpq_clear(y);
    l->nw = 0;
    return rc;
}

/* Keeps the coefficient of t^k in entry e of m, read into *w when it
   fits in words (w->d != 0), else into x; zeros are left out. */
static int keep_coef(boxtoi_motion_t m, coef_list *l, mpq_ptr x,
                     const io_wq *w, int e, long k, rd_ctx *c)
{
    int rc;
    if (w->d != 0 ? w->n == 0 : mpq_sgn(x) == 0)
        return BOXTOI_OK;
    if (!l->big && w->d != 0 && l->nw < COEF_WORDS) {
        l->w[l->nw].q = *w;
        l->w[l->nw].e = e;
        l->w[l->nw].k = k;
        l->nw++;
        return BOXTOI_OK;
    }
    if (!l->big && (rc = spill(m, l, c)) != BOXTOI_OK)
        return rc;
    if (w->d != 0)
        io_wq_get_mpq(x, w);
    return keep_q(m, l, x, e, k, c);
}

/* Entry (i, j) of a motion (at path): a number or an array of
   coefficients, kept in l. */
static int read_entry(boxtoi_motion_t m, coef_list *l, mpq_t x,
                      const io_jv *v, const char *path, int i, int j,
                      rd_ctx *c)
{
    long max_deg = c->opts->solver.max_degree;
    size_t k, len;
    char buf[48], epath[96];
    io_wq w;
    place at;
    int rc;

    at.base = path;
    at.name = NULL;
    at.i = i;
    at.j = j;
    at.k = -1;
    if (!io_jis(v, IO_JARRAY)) {
        rc = io_rd_number_w(x, &w, v, &at, c);
        return rc == BOXTOI_OK ? keep_coef(m, l, x, &w, 4 * i + j, 0, c)
                               : rc;
    }
    len = io_jlen(v);
    if (len == 0)
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s[%d][%d]: empty polynomial (write 0 "
                                  "for zero)", path, i, j);
    for (k = 0; k < len; k++) {
        const io_jv *y = io_jat(v, k);
        at.k = (long)k;
        if (io_jis(y, IO_JARRAY)
            || io_jis(y, IO_JOBJECT))
            return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                      "%s: expected a number, found %s",
                                      place_text(epath, sizeof epath, &at),
                                      io_found(y, buf, sizeof buf));
        rc = io_rd_number_w(x, &w, y, &at, c);
        if (rc != BOXTOI_OK)
            return rc;
        if ((w.d != 0 ? w.n != 0 : mpq_sgn(x) != 0) && max_deg > 0
            && (long)k > max_deg)
            return boxtoi_errinfo_set(c->err, BOXTOI_ELIMIT,
                                      "%s[%d][%d]: degree %lu exceeds the "
                                      "limit %ld", path, i, j,
                                      (unsigned long)k, max_deg);
        rc = keep_coef(m, l, x, &w, 4 * i + j, (long)k, c);
        if (rc != BOXTOI_OK)
            return rc;
    }
    return BOXTOI_OK;
}

/* m (zero) = the coefficients w[0..nw) over their lcm L, when L and
   every numerator over it fit in words (returns 1; the motion the
   rationals' path would build, in words); else returns 0 and leaves m
   alone. */
int io_words_to_motion(boxtoi_motion_t m, const coef_w *w, size_t nw)
{
    unsigned long den = 1, f, d, v[COEF_WORDS];
    size_t i;

    if (nw > COEF_WORDS)
        return 0;
    for (i = 0; i < nw; i++) {
        d = w[i].q.d;
        if (d != 1 && den % d != 0) { /* an integer divides any den */
            f = d / io_gcd_ui(den, d);
            if (den > ULONG_MAX / f)
                return 0;
            den *= f;
        }
    }
    /* each numerator over den, checked, before m is touched: one
       division for a fraction, none for an integer */
    for (i = 0; i < nw; i++) {
        d = w[i].q.d;
        if (__builtin_mul_overflow(w[i].q.n, d == 1 ? den : den / d, v + i))
            return 0;
    }
    for (i = 0; i < nw; i++) {
        const coef_w *y = w + i;
        boxtoi_poly_ptr p = m->e + y->e;
        if (p->alloc <= y->k)
            boxtoi_poly_fit_length(p, y->k + 1);
        util_mpz_set_word(p->coeffs + y->k, v[i], y->q.neg);
        if (p->length <= y->k)
            p->length = y->k + 1; /* v[i] != 0; the rest of p is 0 */
    }
    util_mpz_set_word(m->den, den, 0);
    return 1;
}

/* Reads all coefficients first, then puts m over one common
   denominator, the lcm of theirs: the motion boxtoi_motion_set_coeff_mpq
   would build one coefficient at a time, without rescaling all entries
   at each new denominator.  In words when everything fits (no GMP
   arithmetic, no allocation once m's storage has grown: the command
   reuses its query from line to line); otherwise integer coefficients
   go straight into m and only the fractions are kept aside, so that a
   coefficient costs no rational of its own (issue 16).  t/io-words-t checks
   that both ways give the same motion. */
int io_read_matrix(boxtoi_motion_t m, const io_jv *v, const char *path,
                   rd_ctx *c)
{
    char buf[48];
    coef_list l;
    mpz_t f;
    mpq_t x;
    size_t n;
    int i, j, rc = BOXTOI_OK;

    if (!io_jis(v, IO_JARRAY)
        || io_jlen(v) != 4)
        return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                  "%s: expected an array of 4 rows, found "
                                  "%s", path, io_found(v, buf, sizeof buf));
    for (i = 0; i < 4; i++) {
        const io_jv *row = io_jat(v, (size_t)i);
        if (!io_jis(row, IO_JARRAY)
            || io_jlen(row) != 4)
            return boxtoi_errinfo_set(c->err, BOXTOI_ESHAPE,
                                      "%s[%d]: expected a row of 4 "
                                      "entries, found %s", path, i,
                                      io_found(row, buf, sizeof buf));
    }
    boxtoi_motion_zero(m);
    l.nw = l.n = l.alloc = 0;
    l.big = c->no_words;
    l.v = NULL;
    mpq_init(x);
    for (i = 0; i < 4 && rc == BOXTOI_OK; i++) {
        const io_jv *row = io_jat(v, (size_t)i);
        for (j = 0; j < 4 && rc == BOXTOI_OK; j++)
            rc = read_entry(m, &l, x, io_jat(row, (size_t)j), path, i, j,
                            c);
    }
    mpq_clear(x);
    if (rc == BOXTOI_OK && !l.big && !io_words_to_motion(m, l.w, l.nw))
        rc = spill(m, &l, c);
    if (rc == BOXTOI_OK && l.n > 0) {
        mpz_init(f);
        for (n = 0; n < l.n; n++) {
            mpz_srcptr d = mpq_denref(l.v[n].c);
            if (!mpz_divisible_p(m->den, d))
                mpz_lcm(m->den, m->den, d);
        }
        for (i = 0; i < 16; i++) /* the integers, over m->den */
            boxtoi_poly_scalar_mul_mpz(m->e + i, m->e + i, m->den);
        for (n = 0; n < l.n; n++) {
            mpq_ptr y = l.v[n].c;
            mpz_divexact(f, m->den, mpq_denref(y));
            mpz_mul(f, f, mpq_numref(y));
            boxtoi_poly_set_coeff_mpz(m->e + l.v[n].e, l.v[n].k, f);
        }
        mpz_clear(f);
    }
    for (n = 0; n < l.n; n++)
        mpq_clear(l.v[n].c);
    free(l.v);
    return rc;
}
