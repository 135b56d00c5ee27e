/* t/contact-t.c: tests of lib/contact, the first time of contact.
   The route (lib/contact/route.c) and the certified path
   (lib/contact/certify.c) are tested in t/contact-route-t.c.

   Every expected time below is derived by hand in the comment next to
   the case (closed forms from the geometry of the motion); the kinds of
   contact likewise.  The independent solver cross-check is t/xcheck-t.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "contact-check.h"
#include "qgen.h"


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
    return 0;
}
