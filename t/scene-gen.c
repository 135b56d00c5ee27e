/* t/scene-gen.c: random scenes for t/scene-brute-t.c, with every motion
   form: the families of t/qgen.h, pieces built on them and keyframes;
   and the metamorphic transforms of a scene. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"
#include "scene-gen.h"

/* m = translation by the constant (x, y, z), then m. */
static void shift(boxtoi_motion_struct *m, long x, long y, long z)
{
    boxtoi_motion_t t, r;
    boxtoi_motion_init(t);
    boxtoi_motion_init(r);
    boxtoi_motion_set_coeff_si(t, 0, 3, 0, x);
    boxtoi_motion_set_coeff_si(t, 1, 3, 0, y);
    boxtoi_motion_set_coeff_si(t, 2, 3, 0, z);
    boxtoi_motion_mul(r, t, m);
    boxtoi_motion_swap(r, m);
    boxtoi_motion_clear(r);
    boxtoi_motion_clear(t);
}

/* r = the point k/den of the scene's range (t0 + k/den (t1 - t0)), or
   t0 + k/4 when t1 is infinite or t0 (a range of one instant). */
static void range_point(mpq_t r, const boxtoi_scene_t s, long k, long den)
{
    mpq_t f;
    mpq_init(f);
    if (s->t1_inf || mpq_equal(s->t0, s->t1)) {
        mpq_set_si(f, k, 4);
    } else {
        mpq_sub(f, s->t1, s->t0);
        mpq_set_si(r, k, (unsigned long)den);
        mpq_canonicalize(r);
        mpq_mul(f, f, r);
    }
    mpq_add(r, s->t0, f);
    mpq_clear(f);
}

/* pm = m in 2-4 pieces: breaks at distinct points k/8 (k = 1..7) of the
   range, and piece i + 1 = a translation by d (t - b_i) (d a small
   integer vector) then piece i.  The translation is the identity at b_i,
   so the pieces meet there, and it keeps the 3x3 block and w, so every
   piece is valid where m is. */
static void random_pieces(boxtoi_pmotion_t pm, const boxtoi_motion_t m,
                          const boxtoi_scene_t s, gmp_randstate_t st)
{
    boxtoi_motion_struct pc[4];
    boxtoi_motion_t tr;
    boxtoi_errinfo e;
    mpq_t brk[3], c; /* brk: 3 consecutive rationals */
    long nb = 1 + (long)qgen_ui(st, 3), i, k = 0;
    int r;

    boxtoi_motion_init(tr);
    mpq_init(c);
    for (i = 0; i < 3; i++)
        mpq_init(brk[i]);
    for (i = 0; i <= nb; i++)
        boxtoi_motion_init(pc + i);
    boxtoi_motion_set(pc, m);
    for (i = 0; i < nb; i++) {
        /* k: increasing, leaving room for the breaks after this one */
        k += 1 + (long)qgen_ui(st, (unsigned long)(7 - k - (nb - 1 - i)));
        range_point(brk[i], s, k, 8);
        boxtoi_motion_set_identity(tr);
        for (r = 0; r < 3; r++) {
            long d = (long)qgen_ui(st, 5) - 2;
            mpq_set_si(c, -d, 1);
            mpq_mul(c, c, brk[i]);
            boxtoi_motion_set_coeff_mpq(tr, r, 3, 0, c);
            boxtoi_motion_set_coeff_si(tr, r, 3, 1, d);
        }
        boxtoi_motion_mul(pc + i + 1, tr, pc + i);
    }
    if (boxtoi_pmotion_set(pm, pc, brk[0], nb, 0, NULL, &e) != BOXTOI_OK)
        bail("pieces: %s", e.msg);
    for (i = 0; i <= nb; i++)
        boxtoi_motion_clear(pc + i);
    for (i = 0; i < 3; i++)
        mpq_clear(brk[i]);
    boxtoi_motion_clear(tr);
    mpq_clear(c);
}

/* pm = keyframes: 2-4 poses at distinct points k/6 (k = 0..6) of the
   range, each a random non-zero quaternion of small integers and a
   translation within spread + 1 of the origin, about a random pivot. */
static void random_keyframes(boxtoi_pmotion_t pm, const boxtoi_scene_t s,
                             gmp_randstate_t st, long spread)
{
    mpq_t t[4], rot[16], tr[12], pv[3]; /* consecutive rationals */
    boxtoi_errinfo e;
    long n = 2 + (long)qgen_ui(st, 3), i, k = -1;
    int c;

    for (i = 0; i < 16; i++)
        mpq_init(rot[i]);
    for (i = 0; i < 12; i++)
        mpq_init(tr[i]);
    for (i = 0; i < 4; i++)
        mpq_init(t[i]);
    for (i = 0; i < 3; i++) {
        mpq_init(pv[i]);
        qgen_mpq(pv[i], st, 2, 2);
    }
    for (i = 0; i < n; i++) {
        k += 1 + (long)qgen_ui(st, (unsigned long)(6 - k - (n - 1 - i)));
        range_point(t[i], s, k, 6);
        for (c = 0; c < 4; c++)
            mpq_set_si(rot[4 * i + c], (long)qgen_ui(st, 5) - 2, 1);
        if (mpq_sgn(rot[4 * i]) == 0)
            mpq_set_si(rot[4 * i], 1, 1); /* never the zero quaternion */
        for (c = 0; c < 3; c++)
            qgen_mpq(tr[3 * i + c], st, spread + 1, 2);
    }
    if (boxtoi_pmotion_set_keyframes(pm, n, t[0], rot[0], tr[0], pv[0],
                                     "keyframes", &e) != BOXTOI_OK)
        bail("keyframes: %s", e.msg);
    for (i = 0; i < 16; i++)
        mpq_clear(rot[i]);
    for (i = 0; i < 12; i++)
        mpq_clear(tr[i]);
    for (i = 0; i < 4; i++)
        mpq_clear(t[i]);
    for (i = 0; i < 3; i++)
        mpq_clear(pv[i]);
}

/* s = a random scene of n bodies: the range of a random query of
   t/qgen.h, bodies with box 2 and motion 2 of random queries (of every
   family) valid on that range, spread by integer offsets in
   [-spread, spread], a quarter of them cut into pieces and a quarter
   replaced by keyframes; sometimes a few ignored pairs. */
void scenegen_random(boxtoi_scene_t s, gmp_randstate_t st, long n)
{
    boxtoi_query_t q;
    boxtoi_errinfo e;
    static const long spreads[4] = {0, 1, 3, 8};
    long i, spread = spreads[qgen_ui(st, 4)], tries;
    boxtoi_pmotion_t pm;
    char name[32];
    int form;

    boxtoi_query_init(q);
    boxtoi_pmotion_init(pm);
    qgen_query(q, st, (int)qgen_ui(st, QGEN_NKINDS));
    if (boxtoi_scene_set_range(s, q->t0, q->t1_inf ? NULL : q->t1, &e)
        != BOXTOI_OK)
        bail("range: %s", e.msg);
    for (i = 0; i < n; i++) {
        boxtoi_motion_struct *m = q->motion + 1;
        for (tries = 0; tries < 50; tries++) {
            qgen_query(q, st, (int)qgen_ui(st, QGEN_NKINDS));
            if (qgen_motion_valid(m, s->t0, s->t1_inf ? NULL : s->t1))
                break;
        }
        if (tries == 50)
            boxtoi_motion_set_identity(m);
        if (spread > 0)
            shift(m, (long)qgen_ui(st, 2 * spread + 1) - spread,
                  (long)qgen_ui(st, 2 * spread + 1) - spread,
                  (long)qgen_ui(st, 2 * spread + 1) - spread);
        snprintf(name, sizeof name, "n%02lu-%ld", qgen_ui(st, 100), i);
        form = (int)qgen_ui(st, 4);
        if (form == 0)
            random_pieces(pm, m, s, st);
        else if (form == 1)
            random_keyframes(pm, s, st, spread);
        if ((form <= 1
             ? boxtoi_scene_add_body_pieces(s, name, q->box + 1, pm, &e)
             : boxtoi_scene_add_body(s, name, q->box + 1, m, &e))
            != BOXTOI_OK)
            bail("add: %s", e.msg);
    }
    if (qgen_ui(st, 5) == 0)
        for (i = 0; i < 3; i++) {
            long a = (long)qgen_ui(st, (unsigned long)n);
            long b = (long)qgen_ui(st, (unsigned long)n);
            if (a != b
                && boxtoi_scene_ignore(s, s->body[a].name, s->body[b].name,
                                       &e) != BOXTOI_OK)
                bail("ignore: %s", e.msg);
        }
    boxtoi_pmotion_clear(pm);
    boxtoi_query_clear(q);
}

/* m = cm then m (the common motion cm applied to m's world). */
static void compose(boxtoi_motion_struct *m, const boxtoi_motion_t cm)
{
    boxtoi_motion_t r;
    boxtoi_motion_init(r);
    boxtoi_motion_mul(r, cm, m);
    boxtoi_motion_swap(r, m);
    boxtoi_motion_clear(r);
}

/* s2 = s with the bodies in reverse order and renamed "r" + name (cm
   NULL), or s with every body (every piece) moved on by cm. */
void scenegen_transform(boxtoi_scene_t s2, const boxtoi_scene_t s,
                      const boxtoi_motion_t cm)
{
    boxtoi_motion_t m;
    boxtoi_pmotion_t pm;
    boxtoi_errinfo e;
    const char *pre = cm != NULL ? "" : "r";
    char name[80];
    long i, k, j;
    int rc;

    boxtoi_motion_init(m);
    boxtoi_pmotion_init(pm);
    if (boxtoi_scene_set_range(s2, s->t0, s->t1_inf ? NULL : s->t1, &e)
        != BOXTOI_OK)
        bail("range");
    for (k = 0; k < s->n; k++) {
        const boxtoi_body_struct *b;
        i = cm != NULL ? k : s->n - 1 - k;
        b = s->body + i;
        snprintf(name, sizeof name, "%s%s", pre, b->name);
        if (b->pm.n > 0) {
            boxtoi_motion_struct *pc = malloc((size_t)b->pm.n * sizeof *pc);
            if (pc == NULL)
                bail("out of memory");
            for (j = 0; j < b->pm.n; j++) {
                boxtoi_motion_init(pc + j);
                boxtoi_motion_set(pc + j, b->pm.piece + j);
                if (cm != NULL)
                    compose(pc + j, cm);
            }
            if (boxtoi_pmotion_set(pm, pc, b->pm.brk, b->pm.n - 1, 0, NULL,
                                   &e) != BOXTOI_OK)
                bail("pieces: %s", e.msg);
            for (j = 0; j < b->pm.n; j++)
                boxtoi_motion_clear(pc + j);
            free(pc);
            rc = boxtoi_scene_add_body_pieces(s2, name, &b->box, pm, &e);
        } else {
            boxtoi_motion_set(m, &b->motion);
            if (cm != NULL)
                compose(m, cm);
            rc = boxtoi_scene_add_body(s2, name, &b->box, m, &e);
        }
        if (rc != BOXTOI_OK)
            bail("add: %s", e.msg);
    }
    for (k = 0; k < s->nignore; k++) {
        char a[80];
        snprintf(a, sizeof a, "%s%s", pre, s->body[s->ignore[2 * k]].name);
        snprintf(name, sizeof name, "%s%s", pre,
                 s->body[s->ignore[2 * k + 1]].name);
        if (boxtoi_scene_ignore(s2, a, name, &e) != BOXTOI_OK)
            bail("ignore");
    }
    boxtoi_pmotion_clear(pm);
    boxtoi_motion_clear(m);
}

/* cm = a random common motion: a constant rotation by a quaternion of
   small integers, then a translation (a + b t), a and b small integer
   vectors. */
void scenegen_common(boxtoi_motion_t cm, gmp_randstate_t st)
{
    mpq_t q[4], tr[6];
    boxtoi_errinfo e;
    int k;

    for (k = 0; k < 4; k++) {
        mpq_init(q[k]);
        mpq_set_si(q[k], (long)qgen_ui(st, 5) - 2, 1);
    }
    if (mpq_sgn(q[0]) == 0)
        mpq_set_si(q[0], 1, 1);
    for (k = 0; k < 6; k++) {
        mpq_init(tr[k]);
        mpq_set_si(tr[k], (long)qgen_ui(st, 21) - 10, 1);
    }
    /* tr: the coefficients of x, y, z, 2 each (constant first) */
    if (boxtoi_motion_set_rigid(cm, q[0], 1, NULL, tr[0], 2, &e)
        != BOXTOI_OK)
        bail("common motion: %s", e.msg);
    for (k = 0; k < 4; k++)
        mpq_clear(q[k]);
    for (k = 0; k < 6; k++)
        mpq_clear(tr[k]);
}

