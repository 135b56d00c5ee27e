/* t/relmotion-t.c: the relative motion M = adj(M1) M2 / G of relmotion.c
   and its 128-bit version lib/contact/relmotion128.c (the internal
   functions are compiled into the test).

   (1) Hand-derived cases, answered by the 128-bit version (it must not
   fall back on such small numbers), where G is known: a rotation S(q)
   of weight w has adj(S) = w S^T (S S^T = w^2 I), so with M2 the
   identity the answer is [[S^T, 0], [0, w]] (G = w^2), negated when
   M1's numerators are multiplied by -3 or for a reflection (adj = -w
   A^T), and with a translation column; these take relmotion128.c's
   shortcut for scaled rotations, with its signs; a uniform scaling
   by 1 + t gives [[I, 0], [0, 1 + t]] (G = (1 + t)^2); M1 the identity
   gives M2 with its integer content removed (G = 1).
   (2) The two versions against each other on seeded queries of every
   family of t/qgen.c: whenever the 128-bit version answers, the motion
   is the GMP version's, entry for entry; it must answer for most rigid
   and affine queries.
   (3) Scaling: the same queries with motion b's numerators multiplied by
   2^s_b (the same motions, larger numbers), s_b <= 60: the GMP version
   gives exactly the motion of the unscaled query (G and the content are
   divided out), and the 128-bit version either gives it too or gives up
   without writing; it must give up for some s and answer for others.
   (4) The GMP version's shortcut (relmotion.c, rel_reduced: adj(M1) divided
   by h^k, h = w1's canonical form, before the product) against its
   plain product (general = 1) on the families of t/qgen.c and on rigid
   motions whose quaternion and translation coefficients have a random
   denominator each (as the rot32d workload): the same motion, entry for
   entry.  Which k is taken follows from §2.1: a rigid M1 has
   adj(A1) = w1 A1^T, so k >= 1; without a pivot its column w1 T and
   det A1 = w1^3 carry h again, so k = 2; a pivot P puts S P in the
   column, which h does not divide for random P (k = 1 seen); an affine
   blend that is not rigid falls back (k = 0 seen); M1 = [[w B, 0],
   [0, w]] with B not orthogonal is not rigid, but adj(w B) = w^2 adj B
   and det(w B) = w^3 det B give k = 2 through the adjugate.
   (5) The check's scaled-rotation verdict on motion 1 and both
   motions' numerators (motion_checked), passed to the relative motion
   through the context (contact_query_check's chk, contact_ctx's chk)
   instead of found again: on the families of t/qgen.c and on rigid
   motions, the check's verdict and message are boxtoi_query_check's
   and the context's motion is the GMP version's (a different method,
   which never reads chk); rot = 1 claimed for a block the check found
   no scaled rotation, and a kept numerator of motion 1 or 2 changed by
   one, must each give another motion (the sabotages the comparison has
   to catch), and the queries must show rot = 1 and 2 and kept
   numerators (nums = 1) for both motions.  (The sign alone is an overall factor of the motion,
   which the division by the gcd's sign-normalised form removes, so a
   flipped sign is no sabotage.) */
#include <string.h>
#include "lib/util/impl.h"
#include "tap.h"
#include "qgen.h"
#include "lib/contact/impl.h"

/* The 128-bit version answers q with want. */
static void hand_case(const char *name, const boxtoi_query_t q,
                      const boxtoi_motion_t want)
{
    boxtoi_motion_t r, g;
    boxtoi_motion_init(r);
    boxtoi_motion_init(g);
#ifdef BOXTOI_HAVE_I128
    if (ok(contact_relative_motion_i128(r, q),
           "%s: the 128-bit version answers", name))
        ok(qgen_same_motion(r, want), "%s: the expected motion", name);
    else
        ok(0, "%s: the expected motion", name);
#else
    /* configure --disable-int128: the 128-bit version gives up without
       writing (r stays the identity of init) */
    ok(!contact_relative_motion_i128(r, q),
       "%s: without 128-bit integers the small version gives up", name);
    {
        boxtoi_motion_t id;
        boxtoi_motion_init(id); /* the identity, as r after init */
        ok(qgen_same_motion(r, id), "%s: ... without writing", name);
        boxtoi_motion_clear(id);
    }
#endif
    (void)contact_relative_motion_gmp(g, q, 0);
    ok(qgen_same_motion(g, want), "%s: the GMP version agrees", name);
    boxtoi_motion_clear(r);
    boxtoi_motion_clear(g);
}

static void test_hand(void)
{
    boxtoi_query_t q;
    boxtoi_motion_t want;
    boxtoi_errinfo err;
    mpq_t qa[4], qb[4];
    int i, j, rc;

    boxtoi_query_init(q);
    boxtoi_motion_init(want);
    for (i = 0; i < 4; i++) {
        mpq_init(qa[i]);
        mpq_init(qb[i]);
    }

    /* M1 = S(q), q = (1, t, 0, 0): [[1+t^2, 0, 0], [0, 1-t^2, +-2t],
       [0, -+2t, 1-t^2]], w = 1 + t^2 (content 1); M2 = identity. */
    mpq_set_si(qa[0], 1, 1);
    mpq_set_si(qb[1], 1, 1);
    rc = boxtoi_motion_set_quat_linear(q->motion, qa[0], qb[0], NULL, 0,
                                       &err);
    is_int(rc, BOXTOI_OK, "rotation about x: built");
    boxtoi_motion_set_identity(q->motion + 1);
    boxtoi_motion_zero(want);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            boxtoi_poly_set(want->e + 4 * i + j, q->motion->e + 4 * j + i);
    boxtoi_poly_set(want->e + 15, q->motion->e + 15);
    {
        /* the premise of the expected answer, checked: w = 1 + t^2 and
           the entry (1, 1) is 1 - t^2 */
        boxtoi_poly_t p;
        static const long w[3] = {1, 0, 1}, c11[3] = {1, 0, -1};
        boxtoi_poly_init(p);
        boxtoi_poly_set_coeffs_si(p, w, 3);
        ok(boxtoi_poly_equal(p, q->motion->e + 15)
               && mpz_cmp_ui(q->motion->den, 1) == 0,
           "rotation about x: w = 1 + t^2, den 1");
        boxtoi_poly_set_coeffs_si(p, c11, 3);
        ok(boxtoi_poly_equal(p, q->motion->e + 5),
           "rotation about x: entry (1, 1) = 1 - t^2");
        boxtoi_poly_clear(p);
    }
    hand_case("rotation about x, M2 = I", q, want);

    /* The same motion M1 with its numerators times -3 (w1 with content 3
       and lc < 0): adj(-3 M1) = -27 adj(M1), so before the content is
       divided out the answer is -27 [[S^T, 0], [0, w]]: after, the
       negated answer. */
    for (i = 0; i < 16; i++) {
        boxtoi_poly_scalar_mul_si(q->motion->e + i, q->motion->e + i, -3);
        boxtoi_poly_neg(want->e + i, want->e + i);
    }
    hand_case("rotation about x times -3, M2 = I", q, want);
    rc = boxtoi_motion_set_quat_linear(q->motion, qa[0], qb[0], NULL, 0,
                                       &err);

    /* A reflection: column 1 of S negated, A1 = S diag(1, -1, 1), so
       det A1 = -w^3 and adj(A1) = -w A1^T: adj(M1) = [[-w^2 A1^T, 0],
       [0, -w^3]], over G = w^2: -[[A1^T, 0], [0, w]]. */
    for (i = 0; i < 3; i++)
        boxtoi_poly_neg(q->motion->e + 4 * i + 1, q->motion->e + 4 * i + 1);
    boxtoi_motion_zero(want);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            boxtoi_poly_neg(want->e + 4 * i + j, q->motion->e + 4 * j + i);
    boxtoi_poly_neg(want->e + 15, q->motion->e + 15);
    hand_case("reflection, M2 = I", q, want);
    for (i = 0; i < 3; i++)
        boxtoi_poly_neg(q->motion->e + 4 * i + 1, q->motion->e + 4 * i + 1);

    /* M1 = S with the translation (1, 0, 0): column 3 is w (1, 0, 0), and
       adj(M1) = [[w^2 S^T, -w S^T w (1, 0, 0)], [0, w^3]] = w^2 [[S^T,
       -S^T (1, 0, 0)], [0, w]]; S^T (1, 0, 0) is row 0 of S,
       (1 + t^2, 0, 0): the answer is [[S^T, (-1 - t^2, 0, 0)],
       [0, w]]. */
    boxtoi_motion_set_coeff_si(q->motion, 0, 3, 0, 1);
    boxtoi_motion_set_coeff_si(q->motion, 0, 3, 2, 1);
    boxtoi_motion_set_coeff_si(want, 0, 3, 0, -1);
    boxtoi_motion_set_coeff_si(want, 0, 3, 2, -1);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            boxtoi_poly_set(want->e + 4 * i + j, q->motion->e + 4 * j + i);
    boxtoi_poly_set(want->e + 15, q->motion->e + 15);
    hand_case("rotation about x and a translation, M2 = I", q, want);

    /* M1 = diag(1 + t, 1 + t, 1 + t, 1): adj(M1) = (1 + t)^2 diag(1, 1,
       1, 1 + t). */
    boxtoi_motion_set_identity(q->motion);
    for (i = 0; i < 3; i++) {
        boxtoi_motion_set_coeff_si(q->motion, i, i, 0, 1);
        boxtoi_motion_set_coeff_si(q->motion, i, i, 1, 1);
    }
    boxtoi_motion_set_identity(want);
    boxtoi_motion_set_coeff_si(want, 3, 3, 1, 1);
    hand_case("uniform scaling by 1 + t", q, want);

    /* M1 = I, M2 = 2 S(q) for q = (2, 0, 1, t) with translation
       (t, 0, 0): the answer is M2 over its content (entries of S(q) and
       w = 5 + t^2 have content 1). */
    boxtoi_motion_set_identity(q->motion);
    {
        mpq_t tr[6];
        for (i = 0; i < 6; i++)
            mpq_init(tr[i]);
        mpq_set_si(tr[1], 1, 1); /* x = t */
        for (i = 0; i < 4; i++) {
            mpq_set_si(qa[i], 0, 1);
            mpq_set_si(qb[i], 0, 1);
        }
        mpq_set_si(qa[0], 2, 1);
        mpq_set_si(qa[2], 1, 1);
        mpq_set_si(qb[3], 1, 1);
        rc = boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0],
                                           tr[0], 2, &err);
        is_int(rc, BOXTOI_OK, "turning M2: built");
        for (i = 0; i < 6; i++)
            mpq_clear(tr[i]);
    }
    boxtoi_motion_set(want, q->motion + 1);
    boxtoi_motion_normalise(want);
    mpz_set_ui(want->den, 1);
    for (i = 0; i < 16; i++)
        boxtoi_poly_scalar_mul_si(q->motion[1].e + i, q->motion[1].e + i, 2);
    hand_case("M1 = I, M2 doubled", q, want);

    for (i = 0; i < 4; i++) {
        mpq_clear(qa[i]);
        mpq_clear(qb[i]);
    }
    boxtoi_motion_clear(want);
    boxtoi_query_clear(q);
}

/* (2) and (3) */
static void test_random(gmp_randstate_t st, long n)
{
    boxtoi_query_t q, qs;
    boxtoi_motion_t r, g, gs, id;
    long i, diff = 0, diff_scaled = 0, gmp_scaled = 0, gave_up = 0,
            answered_scaled = 0;
    int kind, b, k;

    boxtoi_query_init(q);
    boxtoi_query_init(qs);
    boxtoi_motion_init(r);
    boxtoi_motion_init(g);
    boxtoi_motion_init(gs);
    boxtoi_motion_init(id); /* the identity */
    for (kind = 0; kind < QGEN_NKINDS; kind++) {
        long answered = 0;
        for (i = 0; i < n; i++) {
            qgen_query(q, st, kind);
            (void)contact_relative_motion_gmp(g, q, 0);
            if (contact_relative_motion_i128(r, q)) {
                answered++;
                if (!qgen_same_motion(r, g)) {
                    if (diff++ == 0)
                        qgen_fprint_query(stderr, q);
                }
            }
            /* the same motions with larger numbers */
            for (b = 0; b < 2; b++) {
                unsigned long s = qgen_ui(st, 61);
                boxtoi_motion_set(qs->motion + b, q->motion + b);
                for (k = 0; k < 16; k++) {
                    boxtoi_poly_struct *e = qs->motion[b].e + k;
                    long c;
                    for (c = 0; c < e->length; c++)
                        mpz_mul_2exp(e->coeffs + c, e->coeffs + c, s);
                }
            }
            (void)contact_relative_motion_gmp(gs, qs, 0);
            if (!qgen_same_motion(gs, g))
                gmp_scaled++;
            boxtoi_motion_set_identity(r);
            if (contact_relative_motion_i128(r, qs)) {
                answered_scaled++;
                if (!qgen_same_motion(r, g))
                    diff_scaled++;
            } else {
                gave_up++;
                if (!qgen_same_motion(r, id))
                    diff_scaled++; /* gave up, but wrote */
            }
        }
#ifndef BOXTOI_HAVE_I128
        is_int(answered, 0, "%s: without 128-bit integers none is answered "
               "in 128 bits", qgen_kind_name(kind));
#else
        if (kind == QGEN_RIGID || kind == QGEN_AFFINE)
            ok(answered >= n * 9 / 10,
               "%s: the 128-bit version answers %ld of %ld",
               qgen_kind_name(kind), answered, n);
        else
            ok(answered > 0, "%s: the 128-bit version answers %ld of %ld",
               qgen_kind_name(kind), answered, n);
#endif
    }
    is_int(diff, 0, "the 128-bit version gives the GMP version's motion");
    is_int(gmp_scaled, 0,
           "scaled numerators: the GMP version gives the same motion");
    is_int(diff_scaled, 0,
           "scaled numerators: the 128-bit version gives it too, or gives "
           "up without writing");
#ifdef BOXTOI_HAVE_I128
    ok(gave_up > 0 && answered_scaled > 0,
       "scaled numerators: it gave up %ld times and answered %ld times",
       gave_up, answered_scaled);
#else
    ok(gave_up > 0 && answered_scaled == 0,
       "scaled numerators: without 128-bit integers it gave up %ld times "
       "and answered %ld times", gave_up, answered_scaled);
#endif
    boxtoi_motion_clear(r);
    boxtoi_motion_clear(g);
    boxtoi_motion_clear(gs);
    boxtoi_motion_clear(id);
    boxtoi_query_clear(q);
    boxtoi_query_clear(qs);
}

/* A random rational with a numerator of up to `bits` bits and a random
   odd denominator of `bits` bits. */
static void rand_entry(mpq_t r, gmp_randstate_t st, unsigned long bits)
{
    mpz_urandomb(mpq_numref(r), st, bits);
    if (qgen_ui(st, 2))
        mpz_neg(mpq_numref(r), mpq_numref(r));
    mpz_urandomb(mpq_denref(r), st, bits);
    mpz_setbit(mpq_denref(r), bits - 1);
    mpz_setbit(mpq_denref(r), 0);
    mpq_canonicalize(r);
}

/* Motion b of q: rigid, quaternion linear in t, translation quadratic,
   every coefficient over its own denominator; with a random pivot when
   pivot != 0.  Returns 0 if the quaternion came out invalid. */
static int rand_rigid(boxtoi_query_t q, int b, gmp_randstate_t st,
                      unsigned long bits, int pivot)
{
    mpq_t c[8 + 9 + 3];
    boxtoi_errinfo err;
    int k, rc;
    for (k = 0; k < 20; k++) {
        mpq_init(c[k]);
        rand_entry(c[k], st, bits);
    }
    rc = boxtoi_motion_set_rigid(q->motion + b, c[0], 2,
                                 pivot ? c[17] : NULL, c[8], 3, &err);
    for (k = 0; k < 20; k++)
        mpq_clear(c[k]);
    return rc == BOXTOI_OK;
}

/* (4) */
static void test_reduced(gmp_randstate_t st, long n)
{
    boxtoi_query_t q;
    boxtoi_motion_t g, r;
    long i, diff = 0, seen[4][3] = {{0}}, wrongk = 0;
    int kind, k, pv;

    boxtoi_query_init(q);
    boxtoi_motion_init(g);
    boxtoi_motion_init(r);
    for (kind = 0; kind < QGEN_NKINDS; kind++)
        for (i = 0; i < n; i++) {
            qgen_query(q, st, kind);
            k = contact_relative_motion_gmp(g, q, 0);
            if (contact_relative_motion_gmp(r, q, 1) != 0)
                wrongk++;
            if (!qgen_same_motion(g, r) && diff++ == 0)
                qgen_fprint_query(stderr, q);
            if (kind == QGEN_AFFINE)
                seen[0][k]++;
        }
    for (i = 0; i < n; i++)
        for (pv = 0; pv < 2; pv++) {
            unsigned long bits = 8 + qgen_ui(st, 57);
            if (!rand_rigid(q, 0, st, bits, pv)
                || !rand_rigid(q, 1, st, bits, (int)qgen_ui(st, 2)))
                continue;
            k = contact_relative_motion_gmp(g, q, 0);
            (void)contact_relative_motion_gmp(r, q, 1);
            if (!qgen_same_motion(g, r) && diff++ == 0)
                qgen_fprint_query(stderr, q);
            seen[1 + pv][k]++;
        }
    /* M1 = [[w B, 0], [0, w]], B a random integer matrix, w = w0 + w2 t^2
       (w0, w2 > 0): not rigid unless B B^T = I, but adj(w B) = w^2 adj(B)
       and det(w B) = w^3 det B, so h = w divides them and the zero column:
       k = 2 by the adjugate, not by the rigid shortcut */
    for (i = 0; i < n; i++) {
        long bb[9], dot;
        int r1, r2, nonorth = 0;
        for (k = 0; k < 9; k++)
            bb[k] = (long)qgen_ui(st, 11) - 5;
        for (r1 = 0; r1 < 3; r1++)
            for (r2 = 0; r2 < 3; r2++) {
                dot = bb[3 * r1] * bb[3 * r2]
                      + bb[3 * r1 + 1] * bb[3 * r2 + 1]
                      + bb[3 * r1 + 2] * bb[3 * r2 + 2];
                nonorth |= dot != (r1 == r2);
            }
        if (bb[0] * (bb[4] * bb[8] - bb[5] * bb[7])
                - bb[1] * (bb[3] * bb[8] - bb[5] * bb[6])
                + bb[2] * (bb[3] * bb[7] - bb[4] * bb[6])
            == 0)
            continue; /* singular: not a motion */
        qgen_query(q, st, QGEN_RIGID);
        boxtoi_motion_zero(q->motion);
        boxtoi_motion_set_coeff_si(q->motion, 3, 3, 0,
                                   1 + (long)qgen_ui(st, 9));
        boxtoi_motion_set_coeff_si(q->motion, 3, 3, 2,
                                   1 + (long)qgen_ui(st, 9));
        for (k = 0; k < 9; k++)
            boxtoi_poly_scalar_mul_si(q->motion->e + 4 * (k / 3) + k % 3,
                                      q->motion->e + 15, bb[k]);
        k = contact_relative_motion_gmp(g, q, 0);
        (void)contact_relative_motion_gmp(r, q, 1);
        if (!qgen_same_motion(g, r) && diff++ == 0)
            qgen_fprint_query(stderr, q);
        if (nonorth)
            seen[3][k]++;
    }
    is_int(diff, 0, "the shortcut gives the plain product's motion");
    is_int(wrongk, 0, "general = 1 takes the plain product");
    ok(seen[0][0] > 0, "affine: not rigid, no shortcut, %ld times",
       seen[0][0]);
    ok(seen[3][2] > 0 && seen[3][0] + seen[3][1] == 0,
       "w B, B not orthogonal: k = 2 by the adjugate (%ld times)",
       seen[3][2]);
    ok(seen[1][2] > 0 && seen[1][0] + seen[1][1] == 0,
       "rigid, per-entry denominators, no pivot: k = 2 (%ld times)",
       seen[1][2]);
    ok(seen[2][1] > 0 && seen[2][0] == 0,
       "rigid with a pivot: k >= 1, k = 1 %ld times", seen[2][1]);
    boxtoi_motion_clear(g);
    boxtoi_motion_clear(r);
    boxtoi_query_clear(q);
}

/* The motion of the context (contact_ctx_rel) with chk as given;
   returns 1 when the 128-bit version built it. */
static int ctx_motion(boxtoi_motion_t r, const boxtoi_query_t q,
                      const motion_checked *chk)
{
    contact_ctx ctx;
    int small = 0;
    contact_ctx_init(&ctx, q);
    ctx.chk = chk;
#ifdef BOXTOI_HAVE_I128
    /* first, as the filter does: then contact_ctx_rel converts it */
    small = contact_ctx_rel_i128(&ctx) != NULL;
#endif
    boxtoi_motion_set(r, contact_ctx_rel(&ctx));
    contact_ctx_clear(&ctx);
    return small;
}

#ifdef BOXTOI_HAVE_I128
/* The sabotage of a kept numerator: chk[b]'s first non-zero block
   coefficient moved by one (bits kept valid); 0 when there is none. */
static int spoil_numerator(motion_checked *c)
{
    int k;
    for (k = 0; k < 9; k++)
        if (c->a[k].len > 0) {
            c->a[k].c[0] += c->a[k].c[0] > 0 ? -1 : 1;
            poly_i128_trim(c->a + k);
            return 1;
        }
    return 0;
}
#endif

/* (5) */
static void test_ctx_rot(gmp_randstate_t st, long n)
{
    boxtoi_query_t q;
    boxtoi_motion_t g, r;
    boxtoi_errinfo e1, e2;
    motion_checked chk[2], bad[2];
    long i, diff = 0, verdict = 0, seen[4] = {0}, caught = 0, flipped = 0;
    long kept[2] = {0}, spoilt = 0, spcaught = 0;
    int kind, rc, small, b;

    boxtoi_query_init(q);
    boxtoi_motion_init(g);
    boxtoi_motion_init(r);
    for (kind = 0; kind <= QGEN_NKINDS; kind++)
        for (i = 0; i < n; i++) {
            if (kind < QGEN_NKINDS)
                qgen_query(q, st, kind);
            else if (!rand_rigid(q, 0, st, 8 + qgen_ui(st, 30), 1)
                     || !rand_rigid(q, 1, st, 8 + qgen_ui(st, 30), 0))
                continue;
            rc = contact_query_check(q, &e1, chk);
            if (rc != boxtoi_query_check(q, &e2)
                || (rc != BOXTOI_OK && strcmp(e1.msg, e2.msg) != 0))
                verdict++;
            if (rc != BOXTOI_OK)
                continue;
            seen[chk[0].rot == 2 ? 3 : chk[0].rot + 1]++;
            (void)contact_relative_motion_gmp(g, q, 0);
            small = ctx_motion(r, q, chk);
            if (!qgen_same_motion(r, g) && diff++ == 0)
                qgen_fprint_query(stderr, q);
            if (small && chk[0].rot == 2) {
                /* sabotage: a rotation claimed where the check found
                   none must show */
                flipped++;
                bad[0] = chk[0];
                bad[1] = chk[1];
                bad[0].rot = 1;
                (void)ctx_motion(r, q, bad);
                caught += !qgen_same_motion(r, g);
            }
#ifdef BOXTOI_HAVE_I128
            for (b = 0; b < 2; b++) {
                kept[b] += chk[b].nums;
                bad[0] = chk[0];
                bad[1] = chk[1];
                if (!small || !chk[b].nums || !spoil_numerator(bad + b))
                    continue;
                /* sabotage: the relative motion reads the kept
                   numerators, not the motion's */
                spoilt++;
                if (!ctx_motion(r, q, bad))
                    spcaught++; /* (a spoilt block gave up: also seen) */
                else
                    spcaught += !qgen_same_motion(r, g);
            }
#else
            (void)b;
#endif
        }
    is_int(verdict, 0, "the check with chk gives boxtoi_query_check's "
           "verdict and message");
    is_int(diff, 0, "the context's motion with the check's chk is the "
           "GMP version's");
#ifdef BOXTOI_HAVE_I128
    ok(seen[2] > 0 && seen[3] > 0,
       "rot seen: +1 %ld, -1 %ld, 2 %ld, 0 %ld times", seen[2], seen[0],
       seen[3], seen[1]);
    ok(flipped > 0 && caught == flipped,
       "rot = 1 claimed for a block that is no rotation gives another "
       "motion (%ld of %ld)", caught, flipped);
    ok(kept[0] > 0 && kept[1] > 0 && spoilt > 0 && spcaught == spoilt,
       "numerators kept (motion 1 %ld, motion 2 %ld times); one changed "
       "gives another motion (%ld of %ld)", kept[0], kept[1], spcaught,
       spoilt);
#else
    ok(seen[0] + seen[2] + seen[3] == 0,
       "without 128-bit integers rot stays 0 (%ld times)", seen[1]);
    ok(1, "(no 128-bit sabotage to run)");
    ok(kept[0] + kept[1] + spoilt + spcaught == 0,
       "(no numerators kept without 128-bit integers)");
#endif
    boxtoi_motion_clear(g);
    boxtoi_motion_clear(r);
    boxtoi_query_clear(q);
}

int main(void)
{
    gmp_randstate_t st;
    plan(22 + QGEN_NKINDS + 4 + 6 + 5);
    test_hand();
    tap_randinit(st);
    test_random(st, 300);
    test_reduced(st, 100);
    test_ctx_rot(st, 100);
    gmp_randclear(st);
    return 0;
}
