/* t/contact-t.c: tests of lib/contact, the first time of contact.

   Every expected time below is derived by hand in the comment next to
   the case (closed forms from the geometry of the motion); the kinds of
   contact likewise.  The independent solver cross-check is t/xcheck-t.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"

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
static void set_box(boxtoi_box_struct *b, const char *s)
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
static void set_translation(boxtoi_motion_struct *m, const char *tx,
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

static void set_range(boxtoi_query_struct *q, const char *t0, const char *t1)
{
    mpq_set_str(q->t0, t0, 10);
    mpq_canonicalize(q->t0);
    if (strcmp(t1, "inf") == 0)
        q->t1_inf = 1;
    else {
        q->t1_inf = 0;
        mpq_set_str(q->t1, t1, 10);
        mpq_canonicalize(q->t1);
    }
}

/* Runs q and checks: status, exact time (a rational string or the root
   of the integer polynomial poly in [lo, hi]), initial flag, kind. */
static void expect(const boxtoi_query_struct *q, int status,
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

static void expect_error(const boxtoi_query_struct *q, int code,
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

/* The spec's example: box 1 = [-1,1]^3 static; box 2 = [-1/2,1/2]^3
   translated to z = 11/2 - t.  Box 2's bottom is at 5 - t and reaches
   box 1's top z = 1 at t = 4: face-face (Z' of box 1, Z of box 2). */
static void spec_example(void)
{
    boxtoi_query_t q;
    boxtoi_query_init(q);
    set_box(q->box, "-1 -1 -1 1 1 1");
    set_box(q->box + 1, "-1/2 -1/2 -1/2 1/2 1/2 1/2");
    set_translation(q->motion + 1, "0", "0", "11/2 -1");
    set_range(q, "0", "3");
    expect(q, BOXTOI_NO_CONTACT, NULL, NULL, 0, NULL, NULL, 0, NULL,
           "spec example, range [0,3]");
    set_range(q, "0", "5");
    expect(q, BOXTOI_CONTACT, "4", NULL, 0, NULL, NULL, 0, "face-face",
           "spec example, range [0,5]");
    set_range(q, "0", "4");
    expect(q, BOXTOI_CONTACT, "4", NULL, 0, NULL, NULL, 0, "face-face",
           "contact exactly at t1");
    set_range(q, "0",
              "39999999999999999999999999999999999999999/"
              "10000000000000000000000000000000000000000");
    expect(q, BOXTOI_NO_CONTACT, NULL, NULL, 0, NULL, NULL, 0, NULL,
           "contact 1e-40 after t1");
    set_range(q, "0", "inf");
    expect(q, BOXTOI_CONTACT, "4", NULL, 0, NULL, NULL, 0, "face-face",
           "t1 = inf");
    set_range(q, "4", "4");
    expect(q, BOXTOI_CONTACT, "4", NULL, 0, NULL, NULL, 1, "face-face",
           "touching exactly at t0 = t1");
    set_range(q, "9/2", "6");
    expect(q, BOXTOI_CONTACT, "9/2", NULL, 0, NULL, NULL, 1, "overlap",
           "overlap at t0");
    set_range(q, "-3", "2");
    expect(q, BOXTOI_NO_CONTACT, NULL, NULL, 0, NULL, NULL, 0, NULL,
           "negative t0");
    /* shifted by 10^60 in all coordinates' scale: 60-digit coefficients */
    set_box(q->box,
            "-1000000000000000000000000000000000000000000000000000000000000"
            " -1000000000000000000000000000000000000000000000000000000000000"
            " -1000000000000000000000000000000000000000000000000000000000000"
            " 1000000000000000000000000000000000000000000000000000000000000"
            " 1000000000000000000000000000000000000000000000000000000000000"
            " 1000000000000000000000000000000000000000000000000000000000000");
    set_box(q->box + 1,
            "-500000000000000000000000000000000000000000000000000000000000"
            " -500000000000000000000000000000000000000000000000000000000000"
            " -500000000000000000000000000000000000000000000000000000000000"
            " 500000000000000000000000000000000000000000000000000000000000"
            " 500000000000000000000000000000000000000000000000000000000000"
            " 500000000000000000000000000000000000000000000000000000000000");
    set_translation(
        q->motion + 1, "0", "0",
        "5500000000000000000000000000000000000000000000000000000000000"
        " -1000000000000000000000000000000000000000000000000000000000000");
    set_range(q, "0", "5");
    expect(q, BOXTOI_CONTACT, "4", NULL, 0, NULL, NULL, 0, "face-face",
           "60-digit coefficients");
    boxtoi_query_clear(q);
}

/* Static boxes: box 1 = [0,1]^3 and box 2 placed beside it. */
static void static_cases(void)
{
    boxtoi_query_t q;
    boxtoi_query_init(q);
    set_box(q->box, "0 0 0 1 1 1");
    set_box(q->box + 1, "1 0 0 2 1 1");
    expect(q, BOXTOI_CONTACT, "0", NULL, 0, NULL, NULL, 1, "face-face",
           "static, touching at a face");
    set_box(q->box + 1, "1 1 0 2 2 1");
    expect(q, BOXTOI_CONTACT, "0", NULL, 0, NULL, NULL, 1, "edge-edge",
           "static, touching at an edge");
    set_box(q->box + 1, "1 1 1 2 2 2");
    expect(q, BOXTOI_CONTACT, "0", NULL, 0, NULL, NULL, 1, "vertex-vertex",
           "static, touching at a vertex");
    set_box(q->box + 1, "1/2 1/2 1/2 3/2 3/2 3/2");
    expect(q, BOXTOI_CONTACT, "0", NULL, 0, NULL, NULL, 1, "overlap",
           "static, overlapping");
    set_box(q->box + 1, "1 1 1 2 2 2");
    mpq_set_si(q->box[1].min[2], 1000000001, 1000000000);
    expect(q, BOXTOI_NO_CONTACT, NULL, NULL, 0, NULL, NULL, 0, NULL,
           "static, apart by 1e-9");
    boxtoi_query_clear(q);
}

/* Translations along curves. */
static void translation_cases(void)
{
    static const long sqrt2[] = {-2, 0, 1};
    static const long cbrt2[] = {-2, 0, 0, 1};
    boxtoi_query_t q;
    boxtoi_query_init(q);

    /* Grazing: box 2 = [-1/2,1/2]^2 x [0,1] raised to z = 1 + (t - 1/2)^2
       = 5/4 - t + t^2 touches box 1's top z = 1 only at t = 1/2 (double
       root), then leaves. */
    set_box(q->box, "-1 -1 -1 1 1 1");
    set_box(q->box + 1, "-1/2 -1/2 0 1/2 1/2 1");
    set_translation(q->motion + 1, "0", "0", "5/4 -1 1");
    set_range(q, "0", "1");
    expect(q, BOXTOI_CONTACT, "1/2", NULL, 0, NULL, NULL, 0, "face-face",
           "grazing touch, double root at 1/2");
    /* z = 1 + (t^2 - 2)^2 = 5 - 4 t^2 + t^4: grazing at t = sqrt 2. */
    set_translation(q->motion + 1, "0", "0", "5 0 -4 0 1");
    set_range(q, "0", "2");
    expect(q, BOXTOI_CONTACT, NULL, sqrt2, 3, "1", "2", 0, "face-face",
           "grazing touch at sqrt 2 (quartic motion)");
    /* Lifted by 10^-40: a near miss. */
    set_translation(q->motion + 1, "0", "0",
                    "50000000000000000000000000000000000000001/"
                    "10000000000000000000000000000000000000000 0 -4 0 1");
    expect(q, BOXTOI_NO_CONTACT, NULL, NULL, 0, NULL, NULL, 0, NULL,
           "near miss by 1e-40");

    /* Cubic: box 2 = [0,1]^3 at x = t^3 - 3; its face x = t^3 - 2 meets
       box 1 = [0,1]^3 at x = 0 when t^3 = 2. */
    set_box(q->box, "0 0 0 1 1 1");
    set_box(q->box + 1, "0 0 0 1 1 1");
    set_translation(q->motion + 1, "-3 0 0 1", "0", "0");
    set_range(q, "0", "2");
    expect(q, BOXTOI_CONTACT, NULL, cbrt2, 4, "1", "2", 0, "face-face",
           "cubic translation, t = cbrt 2");
    /* The drawer: equal cross-sections sliding in x: x = t - 3 meets at
       t = 2, face-face with parallel edges everywhere. */
    set_translation(q->motion + 1, "-3 1", "0", "0");
    set_range(q, "0", "3");
    expect(q, BOXTOI_CONTACT, "2", NULL, 0, NULL, NULL, 0, "face-face",
           "aligned face-face approach");
    /* Sliding in x beside box 1, offset by exactly 1 in y: box 2 =
       [0,1]^3 + (t - 3, 1, 0) lies in y >= 1 and spans x in
       [t - 3, t - 2], which first meets [0, 1] at t = 2, in the line
       x = 0, y = 1: box 1's edge X-Y' and box 2's edge X'-Y. */
    set_translation(q->motion + 1, "-3 1", "1", "0");
    expect(q, BOXTOI_CONTACT, "2", NULL, 0, NULL, NULL, 0, "edge-edge",
           "sliding along a face, first touch at the edges");

    /* Near hit: box 2 = [-1/2,1/2]^3 at x = 3/2, z = 11/2 - t beside box
       1 = [-1,1]^3: its face x = 1 is in box 1's plane x = 1; the z
       ranges meet at t = 4 along an edge of each. */
    set_box(q->box, "-1 -1 -1 1 1 1");
    set_box(q->box + 1, "-1/2 -1/2 -1/2 1/2 1/2 1/2");
    set_translation(q->motion + 1, "3/2", "0", "11/2 -1");
    set_range(q, "0", "10");
    expect(q, BOXTOI_CONTACT, "4", NULL, 0, NULL, NULL, 0, "edge-edge",
           "near hit: edge on edge at t = 4");
    set_translation(q->motion + 1,
                    "15000000000000000000000000000000000000001/"
                    "10000000000000000000000000000000000000000",
                    "0", "11/2 -1");
    expect(q, BOXTOI_NO_CONTACT, NULL, NULL, 0, NULL, NULL, 0, NULL,
           "near miss beside, by 1e-40");

    /* A point box falling on box 1's top: face-vertex at t = 4. */
    set_box(q->box + 1, "0 0 0 0 0 0");
    set_translation(q->motion + 1, "0", "0", "5 -1");
    expect(q, BOXTOI_CONTACT, "4", NULL, 0, NULL, NULL, 0, "face-vertex",
           "a point falling on a face");
    /* A segment (flat in y and z) crossing an edge of box 1. */
    set_box(q->box + 1, "-3 0 0 3 0 0");
    set_translation(q->motion + 1, "0", "2", "3 -1");
    /* the segment y = 2 misses box 1 (|y| <= 1) */
    expect(q, BOXTOI_NO_CONTACT, NULL, NULL, 0, NULL, NULL, 0, NULL,
           "a segment passing beside");
    set_translation(q->motion + 1, "0", "1", "3 -1");
    expect(q, BOXTOI_CONTACT, "2", NULL, 0, NULL, NULL, 0, "edge-edge",
           "a segment landing on an edge");
    boxtoi_query_clear(q);
}

/* Rotations. */
static void rotation_cases(void)
{
    static const long golden[] = {-1, 1, 1}; /* t^2 + t - 1 */
    boxtoi_query_t q;
    mpq_t qa[4], qb[4];
    boxtoi_errinfo err;
    int k;

    boxtoi_query_init(q);
    for (k = 0; k < 4; k++) {
        mpq_init(qa[k]);
        mpq_init(qb[k]);
    }
    /* q(t) = (1, 0, 0, t): rotation about z by theta, tan(theta/2) = t.
       Box 2 is the segment [-4,4] x 0 x 0 (flat), box 1 =
       [-1,1] x [2,3] x [-1,1].  The rotating segment first meets box 1
       at its corner (1, 2) when tan(theta) = 2, i.e. 2t / (1 - t^2) = 2,
       t^2 + t - 1 = 0, t = (sqrt 5 - 1) / 2 (|(1,2)| = sqrt 5 <= 4).  The
       rotation axis is shared with box 1: four switch polynomials are
       identically zero. */
    mpq_set_si(qa[0], 1, 1);
    mpq_set_si(qb[3], 1, 1);
    if (boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL, 0,
                                      &err) != BOXTOI_OK)
        bail("quat: %s", err.msg);
    set_box(q->box, "-1 2 -1 1 3 1");
    set_box(q->box + 1, "-4 0 0 4 0 0");
    set_range(q, "0", "1");
    expect(q, BOXTOI_CONTACT, NULL, golden, 3, "0", "1", 0, "edge-edge",
           "rotation about a shared axis, t = (sqrt5 - 1)/2");
    /* Box 1 = [-1,1] x [4,5] x [-1,1]: the tip (4, 0) reaches y = 4 only
       at theta = 90 degrees, t = 1, where A_00 = 1 - t^2 switches sign:
       a contact exactly at a switch time. */
    set_box(q->box, "-1 4 -1 1 5 1");
    set_range(q, "0", "2");
    expect(q, BOXTOI_CONTACT, "1", NULL, 0, NULL, NULL, 0, "face-vertex",
           "contact exactly at a switch time");

    /* Both boxes turning (the rotating workload's shape, quaternions of
       degree 1): the cube box 2 = [-1,1]^3 spins about z by q2 = (1, 0,
       0, t) (cos = (1 - t^2) / (1 + t^2), sin = 2t / (1 + t^2)); the
       wall box 1 = [6/5, 3] x [-5, 5]^2 turns about x by q1 = (1, t, 0,
       0), which keeps every x coordinate and its face x = 6/5 a disc of
       radius 5 about the x axis, so only the cube's reach in x matters:
       cos + sin for the angle in [0, 90 degrees] (at its corner (1, -1),
       the edge X'-Y along z, within radius sqrt 3 of the axis).  Contact
       when (1 - t^2 + 2t) = (6/5)(1 + t^2), 11 t^2 - 10 t + 1 = 0, the
       root (5 - sqrt 14) / 11 = 0.1144 in [0, 1/2] (the other one,
       0.795, comes later).  The filter's scan approaches it from far
       away in the slope form, where its advancement rule (the zero of
       the separating plane, doc/algorithm.md §4.2) bounds it. */
    {
        static const long spin[] = {1, -10, 11}; /* 11 t^2 - 10 t + 1 */
        mpq_set_si(qb[3], 0, 1);
        mpq_set_si(qb[1], 1, 1);
        if (boxtoi_motion_set_quat_linear(q->motion, qa[0], qb[0], NULL, 0,
                                          &err) != BOXTOI_OK)
            bail("quat: %s", err.msg);
        mpq_set_si(qb[1], 0, 1);
        mpq_set_si(qb[3], 1, 1);
        if (boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL,
                                          0, &err) != BOXTOI_OK)
            bail("quat: %s", err.msg);
        set_box(q->box, "6/5 -5 -5 3 5 5");
        set_box(q->box + 1, "-1 -1 -1 1 1 1");
        set_range(q, "0", "1");
        expect(q, BOXTOI_CONTACT, NULL, spin, 3, "0", "1/2", 0, "face-edge",
               "both turning: a spinning cube reaches a turning wall at "
               "(5 - sqrt 14)/11");
    }
    for (k = 0; k < 4; k++) {
        mpq_clear(qa[k]);
        mpq_clear(qb[k]);
    }
    boxtoi_query_clear(q);
}

/* A shear (non-rigid affine motion): box 2 = [0,1]^3 moves by
   (x, y, z) -> (x + t y - 3, y, z).  Its largest x is t - 2 (at x = 1,
   y = 1), reaching box 1 = [0,1]^3 at t = 2 along the line x = 0,
   y = 1: box 1's edge X-Y' against box 2's edge X'-Y'. */
static void affine_cases(void)
{
    boxtoi_query_t q;
    boxtoi_contact_t res;
    boxtoi_strbuf sb;
    boxtoi_errinfo err;

    boxtoi_query_init(q);
    set_box(q->box, "0 0 0 1 1 1");
    set_box(q->box + 1, "0 0 0 1 1 1");
    boxtoi_motion_set_coeff_si(q->motion + 1, 0, 1, 1, 1);
    boxtoi_motion_set_coeff_si(q->motion + 1, 0, 3, 0, -3);
    set_range(q, "0", "3");
    expect(q, BOXTOI_CONTACT, "2", NULL, 0, NULL, NULL, 0, "edge-edge",
           "shear");
    boxtoi_contact_init(res);
    boxtoi_strbuf_init(&sb);
    if (boxtoi_contact_first(res, q, NULL, &err) == BOXTOI_OK) {
        int rc = boxtoi_feature_name(&sb, res->feature);
        rc |= boxtoi_strbuf_puts(&sb, " ");
        rc |= boxtoi_feature_name(&sb, res->feature + 1);
        ok(rc == 0, "feature names");
        is_str("X-Y' X'-Y'", boxtoi_strbuf_str(&sb), "shear: the features");
    } else {
        ok(0, "feature names");
        ok(0, "shear: the features");
    }
    boxtoi_strbuf_clear(&sb);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
}

/* A query printed as the test generator prints it (t/qgen-print.c). */
static char *query_text(const boxtoi_query_t q)
{
    FILE *f = tmpfile();
    char *buf;
    long len;

    if (f == NULL)
        bail("tmpfile failed");
    qgen_fprint_query(f, q);
    len = ftell(f);
    rewind(f);
    buf = malloc((size_t)len + 1);
    if (buf == NULL || fread(buf, 1, (size_t)len, f) != (size_t)len)
        bail("reading back a printed query failed");
    buf[len] = '\0';
    fclose(f);
    return buf;
}

/* boxtoi_query_set: a deep copy of every field, compared through the
   generator's printer; changing the copy leaves the original alone. */
static void query_set_cases(void)
{
    boxtoi_query_t q, r;
    gmp_randstate_t st;
    char *a, *b, *c;
    int i;

    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_query_init(r);
    for (i = 0; i < 20; i++) {
        qgen_query(q, st, i % QGEN_NKINDS);
        q->t1_inf = i % 3 == 0;
        boxtoi_query_set(r, q);
        a = query_text(q);
        b = query_text(r);
        ok(strcmp(a, b) == 0, "query_set: copy %d prints as the original", i);
        mpq_set_si(r->t0, -7, 3);
        boxtoi_motion_zero(r->motion);
        boxtoi_query_set(q, q);
        c = query_text(q);
        ok(strcmp(a, c) == 0, "query_set: original %d unchanged", i);
        free(a);
        free(b);
        free(c);
    }
    boxtoi_query_clear(q);
    boxtoi_query_clear(r);
    gmp_randclear(st);
}

static void error_cases(void)
{
    boxtoi_query_t q;
    boxtoi_query_init(q);
    set_box(q->box, "0 0 0 1 1 1");
    set_box(q->box + 1, "0 0 0 1 -1 1");
    expect_error(q, BOXTOI_EBOX, "box2", "min > max");
    set_box(q->box + 1, "0 0 0 1 1 1");
    set_range(q, "2", "1");
    expect_error(q, BOXTOI_ERANGE, "t0 > t1", "t0 > t1");
    set_range(q, "0", "1");
    boxtoi_motion_set_coeff_si(q->motion, 3, 1, 1, 1);
    expect_error(q, BOXTOI_EPROJECTIVE, "motion1[3][1]", "projective");
    boxtoi_motion_set_identity(q->motion);
    /* w(t) = 2 t - 1 vanishes at 1/2 in [0, 1] but not in [0, 1/3] */
    boxtoi_motion_set_coeff_si(q->motion + 1, 3, 3, 0, -1);
    boxtoi_motion_set_coeff_si(q->motion + 1, 3, 3, 1, 2);
    expect_error(q, BOXTOI_EWEIGHT, "t = 1/2", "w vanishes in the range");
    set_range(q, "0", "1/3");
    expect(q, BOXTOI_CONTACT, "0", NULL, 0, NULL, NULL, 1, NULL,
           "w vanishing outside the range is fine");
    boxtoi_motion_set_identity(q->motion + 1);
    /* A = diag(t^2 - 2, 1, 1): singular at sqrt 2 */
    boxtoi_motion_set_coeff_si(q->motion + 1, 0, 0, 0, -2);
    boxtoi_motion_set_coeff_si(q->motion + 1, 0, 0, 2, 1);
    set_range(q, "0", "2");
    expect_error(q, BOXTOI_ESINGULAR, "motion2", "singular 3x3 block");
    boxtoi_motion_zero(q->motion + 1);
    boxtoi_motion_set_coeff_si(q->motion + 1, 3, 3, 0, 1);
    expect_error(q, BOXTOI_ESINGULAR, "every t", "zero 3x3 block");
    boxtoi_query_clear(q);
}

/* Inspection: a generic tumbling motion has, in every section, 6 + 6 +
   18 non-degenerate planes (seed: 6 VO, 6 OV, 18 EE pairs), and planes
   2d, 2d + 1 are antipodal (box 1's features are opposite). */
static void route_cases(void)
{
    boxtoi_query_t q;
    boxtoi_route_t r;
    boxtoi_errinfo err;
    mpq_t qa[4], qb[4];
    long s;
    int k, good_counts = 1, antipodal = 1;

    boxtoi_query_init(q);
    for (k = 0; k < 4; k++) {
        mpq_init(qa[k]);
        mpq_init(qb[k]);
    }
    mpq_set_si(qa[0], 1, 1);
    mpq_set_si(qa[1], 1, 3);
    mpq_set_si(qa[2], -1, 2);
    mpq_set_si(qb[1], 2, 1);
    mpq_set_si(qb[2], 1, 1);
    mpq_set_si(qb[3], 3, 1);
    if (boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL, 0,
                                      &err) != BOXTOI_OK)
        bail("quat");
    set_box(q->box, "-1 -2 -3 1 2 3");
    set_box(q->box + 1, "0 0 0 1 2 3");
    set_range(q, "-2", "2");
    boxtoi_route_init(r);
    is_int(BOXTOI_OK, boxtoi_route_build(r, q, NULL, &err), "route builds");
    ok(r->nsec > 1, "a tumbling route has several sections (%ld)", r->nsec);
    for (s = 0; s < r->nsec; s++) {
        int n[3] = {0, 0, 0}, j;
        for (j = 0; j < BOXTOI_NPLANES; j++) {
            boxtoi_pair p, p2;
            boxtoi_route_pair(&p, r, s, j);
            if (!p.degenerate)
                n[j < 6 ? 0 : j < 12 ? 1 : 2]++;
            if (j % 2 == 0) {
                boxtoi_route_pair(&p2, r, s, j + 1);
                for (k = 0; k < 3; k++)
                    if (p.feature[0].axis[k] != -p2.feature[0].axis[k]
                        || p.feature[1].axis[k] != -p2.feature[1].axis[k])
                        antipodal = 0;
            }
        }
        if (n[0] != 6 || n[1] != 6 || n[2] != 18)
            good_counts = 0;
    }
    ok(good_counts, "6 + 6 + 18 planes in every section");
    ok(antipodal, "planes 2d and 2d+1 are antipodal");
    /* each section's ends are increasing */
    for (s = 1, k = 1; s + 1 < r->nsec; s++)
        if (boxtoi_alg_cmp(r->end + s, r->end + s + 1) >= 0)
            k = 0;
    ok(k, "section ends increase");
    boxtoi_route_clear(r);
    for (k = 0; k < 4; k++) {
        mpq_clear(qa[k]);
        mpq_clear(qb[k]);
    }
    boxtoi_query_clear(q);
}

/* The two features of res, named as in the output ("box 1 box 2"). */
static void is_features(const boxtoi_contact_t res, const char *want,
                        const char *name)
{
    boxtoi_strbuf sb;
    boxtoi_strbuf_init(&sb);
    if (boxtoi_feature_name(&sb, res->feature) != BOXTOI_OK
        || boxtoi_strbuf_puts(&sb, " ") != BOXTOI_OK
        || boxtoi_feature_name(&sb, res->feature + 1) != BOXTOI_OK)
        bail("%s: feature names", name);
    is_str(want, boxtoi_strbuf_str(&sb), "%s", name);
    boxtoi_strbuf_clear(&sb);
}

/* The certified path of lib/contact/certify.c (doc/algorithm.md §4.2)
   against the route search on the whole range (boxtoi_route_build and
   boxtoi_contact_search, which never certify): identical answers
   (polynomial, interval, initial flag, tight planes, features) on
   seeded rigid (tumbling) and ballistic queries of t/qgen.c.  A
   non-initial contact with no section examined was certified; one with
   sections went through the search (the certificate was refused or not
   found).  Both must occur.  Hand-made: the cube dropped face down on
   a cube (t^2 = 5/2: several planes vanish together at a face-face
   contact, so the certificate must be refused) and the spinning crate
   of examples/tumbling-crate.jsonl (face-vertex, one plane: it is
   certified), and two contacts at t0 while turning, decided from the
   relative motion alone (contact_certify_initial). */
static void certify_cases(void)
{
    static const int kinds[2] = {QGEN_RIGID, QGEN_BALLISTIC};
    static const long crate[] = {5, -20, 17}; /* 17 t^2 - 20 t + 5 */
    static const long drop[] = {-5, 0, 2};    /* 2 t^2 - 5 */
    gmp_randstate_t st;
    boxtoi_query_t q;
    boxtoi_route_t r;
    boxtoi_contact_t a, b;
    boxtoi_errinfo err;
    mpq_t qa[4], qb[4];
    long i, n = 300 * tap_multiplier(), bad = 0, cert = 0, searched = 0;
    long initial = 0;
    int k;

    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_contact_init(a);
    boxtoi_contact_init(b);
    for (i = 0; i < n; i++) {
        int rc1, rc2;
        qgen_query(q, st, kinds[i % 2]);
        rc1 = boxtoi_contact_first(a, q, NULL, NULL);
        boxtoi_route_init(r);
        rc2 = boxtoi_route_build(r, q, NULL, NULL);
        if (rc2 == BOXTOI_OK)
            rc2 = boxtoi_contact_search(b, r, NULL, NULL, NULL);
        boxtoi_route_clear(r);
        if (rc1 != rc2 || (rc1 == BOXTOI_OK && !qgen_same_result(a, b))) {
            bad++;
            diag("query %ld differs between the two paths:", i);
            printf("# ");
            qgen_fprint_query(stdout, q);
        }
        if (rc1 == BOXTOI_OK && a->status == BOXTOI_CONTACT && !a->initial) {
            if (a->nsections == 0)
                cert++;
            else
                searched++;
        }
        if (rc1 == BOXTOI_OK && a->status == BOXTOI_CONTACT && a->initial)
            initial++; /* at t0 (contact_certify_initial), compared above */
    }
    is_int(0, bad, "certified path and route search give the same answers");
    diag("contacts: %ld certified, %ld by the search, %ld at t0", cert,
         searched, initial);
    ok(cert > 0, "some contacts are certified without the route");
    ok(searched > 0, "some certificates are refused (the search runs)");
    ok(initial > 0, "some meet at t0 (contact_certify_initial)");

    /* Touching at t0 while turning: box 2 = [-1, 0] x [0, 1] x [0, 1]
       turns about the x axis by q = (1, t, 0, 0), which keeps every x
       coordinate, so its face x = 0 (X') stays on box 1's face x = 0
       (X) of [0, 1]^3: face-face from t0 = 0 on (the square [0, 1]^2 at
       t = 0), initial; the features X and X'. */
    for (k = 0; k < 4; k++) {
        mpq_init(qa[k]);
        mpq_init(qb[k]);
    }
    mpq_set_si(qa[0], 1, 1);
    mpq_set_si(qb[1], 1, 1);
    boxtoi_motion_set_identity(q->motion);
    if (boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL, 0,
                                      &err) != BOXTOI_OK)
        bail("quat: %s", err.msg);
    set_box(q->box, "0 0 0 1 1 1");
    set_box(q->box + 1, "-1 0 0 0 1 1");
    set_range(q, "0", "1");
    expect(q, BOXTOI_CONTACT, "0", NULL, 0, NULL, NULL, 1, "face-face",
           "turning about the shared face's normal: touching at t0");
    if (boxtoi_contact_first(a, q, NULL, &err) != BOXTOI_OK)
        bail("turning: %s", err.msg);
    is_features(a, "X X'", "turning: the features");
    ok(a->nsections == 0, "turning: decided without the route");

    /* An edge on a face at t0 while turning: q = (2, 0, 0, 1 + t) turns
       about z, by arctan(4/3) at t = 0 (S(q) / 5 = [[3/5, -4/5, 0],
       [4/5, 3/5, 0], [0, 0, 1]]), by 90 degrees at t = 1.  Box 2 =
       [0, 1]^3 then has its corners (x, y) at (0, 0), (3/5, 4/5),
       (-4/5, 3/5), (-1/5, 7/5): all at y >= 0, and only its edge at
       body x = y = 0 (X-Y) on y = 0, which is box 1's face Y' for box 1
       = [-2, 2] x [-1, 0] x [0, 1].  On [0, 1/2] it keeps turning about
       that edge: touching from t0 = 0, face-edge, features Y' and X-Y. */
    mpq_set_si(qa[0], 2, 1);
    mpq_set_si(qa[1], 0, 1);
    mpq_set_si(qa[3], 1, 1);
    mpq_set_si(qb[1], 0, 1);
    mpq_set_si(qb[3], 1, 1);
    if (boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL, 0,
                                      &err) != BOXTOI_OK)
        bail("quat: %s", err.msg);
    set_box(q->box, "-2 -1 0 2 0 1");
    set_box(q->box + 1, "0 0 0 1 1 1");
    set_range(q, "0", "1/2");
    expect(q, BOXTOI_CONTACT, "0", NULL, 0, NULL, NULL, 1, "face-edge",
           "an edge on a face at t0, turning about it");
    if (boxtoi_contact_first(a, q, NULL, &err) != BOXTOI_OK)
        bail("edge on a face: %s", err.msg);
    is_features(a, "Y' X-Y", "an edge on a face: the features");
    for (k = 0; k < 4; k++) {
        mpq_clear(qa[k]);
        mpq_clear(qb[k]);
    }

    /* the drop: face-face, refused */
    set_box(q->box, "-1 -1 -1 1 1 1");
    set_box(q->box + 1, "-1/2 -1/2 -1/2 1/2 1/2 1/2");
    boxtoi_motion_set_identity(q->motion);
    set_translation(q->motion + 1, "0", "0", "4 0 -1");
    set_range(q, "0", "2");
    expect(q, BOXTOI_CONTACT, NULL, drop, 3, "1", "2", 0, "face-face",
           "drop: face-face at sqrt(5/2)");
    if (boxtoi_contact_first(a, q, NULL, &err) != BOXTOI_OK)
        bail("drop: %s", err.msg);
    ok(a->nsections > 0, "drop: the certificate is refused (face-face)");

    /* the spinning crate of examples/tumbling-crate.jsonl: the
       quaternion (2, 0, 1, t), box 2 = [-1/2,1/2] x [-3/10,3/10] x
       [-1/5,1/5] next to the wall [13/25, 1] x [-2,2] x [-2,2]; its
       corner X'YZ' touches the wall face X at the root of
       17 t^2 - 20 t + 5 in [0, 1/2] (README), a single plane:
       certified */
    for (k = 0; k < 4; k++) {
        mpq_init(qa[k]);
        mpq_init(qb[k]);
    }
    mpq_set_si(qa[0], 2, 1);
    mpq_set_si(qa[2], 1, 1);
    mpq_set_si(qb[3], 1, 1);
    if (boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL, 0,
                                      &err) != BOXTOI_OK)
        bail("quat: %s", err.msg);
    set_box(q->box, "13/25 -2 -2 1 2 2");
    set_box(q->box + 1, "-1/2 -3/10 -1/5 1/2 3/10 1/5");
    set_range(q, "0", "10");
    if (boxtoi_contact_first(a, q, NULL, &err) != BOXTOI_OK)
        bail("crate: %s", err.msg);
    ok(a->status == BOXTOI_CONTACT && a->nsections == 0,
       "crate: certified without the route");
    expect(q, BOXTOI_CONTACT, NULL, crate, 3, "0", "1/2", 0, "face-vertex",
           "crate: t = (10 - sqrt 15)/17, certified");
    boxtoi_route_init(r);
    if (boxtoi_route_build(r, q, NULL, NULL) != BOXTOI_OK
        || boxtoi_contact_search(b, r, NULL, NULL, NULL) != BOXTOI_OK)
        bail("crate: search");
    boxtoi_route_clear(r);
    ok(qgen_same_result(a, b), "crate: the search gives the same answer");
    for (k = 0; k < 4; k++) {
        mpq_clear(qa[k]);
        mpq_clear(qb[k]);
    }
    boxtoi_contact_clear(a);
    boxtoi_contact_clear(b);
    boxtoi_query_clear(q);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    spec_example();
    static_cases();
    translation_cases();
    rotation_cases();
    affine_cases();
    error_cases();
    query_set_cases();
    route_cases();
    certify_cases();
    return 0;
}
