/* t/contact-check.c: query building and answer checking shared by the
   tests of lib/contact (t/contact-t.c, t/contact-route-t.c) and of the
   oracle (t/static-t.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "contact-check.h"

/* Copies the next space-separated token of *s into buf; returns 0 at the
   end of the string. */
static int next_tok(const char **s, char *buf, size_t size)
{
    size_t n = 0;
    while (**s == ' ')
        (*s)++;
    if (**s == '\0')
        return 0;
    while (**s != '\0' && **s != ' ') {
        if (n + 1 < size)
            buf[n++] = **s;
        (*s)++;
    }
    buf[n] = '\0';
    return 1;
}

/* Query building helpers.  Boxes from strings "x0 y0 z0 x1 y1 z1"
   (rationals), translations from a coefficient list per coordinate. */
void set_box(boxtoi_box_struct *b, const char *s)
{
    char tok[512];
    int k = 0;
    for (; k < 6 && next_tok(&s, tok, sizeof tok); k++) {
        mpq_ptr q = k < 3 ? b->min[k] : b->max[k - 3];
        if (mpq_set_str(q, tok, 10) != 0)
            bail("bad rational %s", tok);
        mpq_canonicalize(q);
    }
}

/* motion = translation by (tx(t), ty(t), tz(t)); each a string of
   coefficients "c0 c1 c2 ..." (rationals). */
void set_translation(boxtoi_motion_struct *m, const char *tx,
                     const char *ty, const char *tz)
{
    const char *tr[3];
    int i;
    tr[0] = tx;
    tr[1] = ty;
    tr[2] = tz;
    boxtoi_motion_set_identity(m);
    for (i = 0; i < 3; i++) {
        char tok[512];
        const char *s = tr[i];
        long k = 0;
        mpq_t q;
        mpq_init(q);
        for (; next_tok(&s, tok, sizeof tok); k++) {
            if (mpq_set_str(q, tok, 10) != 0)
                bail("bad rational %s", tok);
            mpq_canonicalize(q);
            boxtoi_motion_set_coeff_mpq(m, i, 3, k, q);
        }
        mpq_clear(q);
    }
}

void set_range(boxtoi_query_struct *q, const char *t0, const char *t1)
{
    if (mpq_set_str(q->t0, t0, 10) != 0)
        bail("bad t0 %s", t0);
    mpq_canonicalize(q->t0);
    if (strcmp(t1, "inf") == 0)
        q->t1_inf = 1;
    else {
        q->t1_inf = 0;
        if (mpq_set_str(q->t1, t1, 10) != 0)
            bail("bad t1 %s", t1);
        mpq_canonicalize(q->t1);
    }
}

/* Runs q and checks: status, exact time (a rational string or the root
   of the integer polynomial poly in [lo, hi]), initial flag, kind. */
void expect(const boxtoi_query_struct *q, int status,
            const char *tval, const long *poly, long plen,
            const char *lo, const char *hi, int initial,
            const char *kind, const char *name)
{
    boxtoi_contact_t res;
    boxtoi_errinfo err;
    int rc;

    boxtoi_contact_init(res);
    rc = boxtoi_contact_first(res, q, NULL, &err);
    if (!is_int(BOXTOI_OK, rc, "%s: solves", name))
        diag("error: %s", err.msg);
    is_int(status, res->status, "%s: status", name);
    if (status == BOXTOI_CONTACT && res->status == BOXTOI_CONTACT) {
        boxtoi_alg_t e;
        boxtoi_alg_init(e);
        if (tval != NULL) {
            mpq_t v;
            mpq_init(v);
            mpq_set_str(v, tval, 10);
            mpq_canonicalize(v);
            boxtoi_alg_set_mpq(e, v);
            mpq_clear(v);
        } else {
            boxtoi_poly_t p;
            mpq_t a, b;
            boxtoi_poly_init(p);
            mpq_init(a);
            mpq_init(b);
            boxtoi_poly_set_coeffs_si(p, poly, plen);
            mpq_set_str(a, lo, 10);
            mpq_set_str(b, hi, 10);
            if (boxtoi_alg_set_poly_interval(e, p, a, b) != BOXTOI_OK)
                bail("bad expected root");
            boxtoi_poly_clear(p);
            mpq_clear(a);
            mpq_clear(b);
        }
        is_alg(e, &res->t, "%s: t", name);
        is_int(initial, res->initial, "%s: initial", name);
        if (kind != NULL)
            is_str(kind, boxtoi_contact_kind(res), "%s: kind", name);
        boxtoi_alg_clear(e);
    }
    boxtoi_contact_clear(res);
}

void expect_error(const boxtoi_query_struct *q, int code,
                  const char *needle, const char *name)
{
    boxtoi_contact_t res;
    boxtoi_errinfo err;
    int rc;
    boxtoi_contact_init(res);
    boxtoi_errinfo_reset(&err);
    rc = boxtoi_contact_first(res, q, NULL, &err);
    is_int(code, rc, "%s: error code", name);
    ok(strstr(err.msg, needle) != NULL, "%s: message names '%s' (%s)", name,
       needle, err.msg);
    boxtoi_contact_clear(res);
}
