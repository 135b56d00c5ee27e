/* t/scene-encl-t.c: the enclosures of lib/scene/enclose.c
   (doc/algorithm.md §8.1).

   - soundness: on seeded random scenes of t/scene-gen.c (every motion
     family of t/qgen.h, keyframes and pieces), each body's box over a
     random window [a, b] of doubles contains, exactly, the 8 corners of
     the body at a, b and three rationals between them: each corner
     computed in rationals from the motion that applies at t (x_k =
     (sum_l e_kl(t) p_l + e_k3(t)) / w(t)), compared with the box's
     bounds as exact rationals.  A body is convex (a box under an affine
     map), so its corners in the box put all of it there;
   - tightness (by hand): a unit cube turning by the quaternion 1 + u t
     (u = (1, 2, 2) / 6, |u|^2 = 1/4) about its corner at (1000 + t, 0,
     0) over [0, 1]: every point of the cube is within sqrt 3 of that
     corner, which moves by 1, so the body spans at most 1 + 2 sqrt 3 <
     4.5 in x.  Without taking the translation out of the division by
     w (w = 1 + t^2 / 4 in [1, 5/4]) the box would be at least
     1000 (5/4 - 4/5) = 450 wide; with it, the overestimation left is
     that of the rotation terms (each entry of R enclosed within
     [-3/2, 3/2], three of them), so the box must be narrower than 16
     and contain [1000, 1001] (the corner's path). */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"
#include "scene-gen.h"
#include "lib/scene/impl.h"

/* 1 when lo <= x <= hi, as exact rationals (tmp: scratch). */
static int within(mpq_srcptr x, double lo, double hi, mpq_t tmp)
{
    if (lo > -HUGE_VAL) {
        mpq_set_d(tmp, lo);
        if (mpq_cmp(x, tmp) < 0)
            return 0;
    }
    if (hi < HUGE_VAL) {
        mpq_set_d(tmp, hi);
        if (mpq_cmp(x, tmp) > 0)
            return 0;
    }
    return 1;
}

/* 1 when box holds the 8 corners of body b at t (exact). */
static int corners_in(const scene_aabb *box, const boxtoi_body_struct *b,
                      mpq_srcptr t)
{
    /* pm: a read-only view of b->pm (gcc 12 -O1 with ASan takes &b->pm
       for an 8-byte region, -Wstringop-overread) */
    boxtoi_pmotion_struct pm = b->pm;
    const boxtoi_motion_struct *m =
        pm.n > 0 ? pm.piece + boxtoi_pmotion_piece_at(&pm, t) : &b->motion;
    mpq_t e[16], x, y, tmp;
    int i, k, l, good = 1;

    mpq_init(x);
    mpq_init(y);
    mpq_init(tmp);
    for (i = 0; i < 16; i++) {
        mpq_init(e[i]);
        boxtoi_poly_eval_mpq(e[i], m->e + i, t);
    }
    for (i = 0; i < 8 && good; i++)
        for (k = 0; k < 3 && good; k++) {
            mpq_set(x, e[4 * k + 3]);
            for (l = 0; l < 3; l++) {
                mpq_mul(y, e[4 * k + l],
                        (i >> l) & 1 ? b->box.max[l] : b->box.min[l]);
                mpq_add(x, x, y);
            }
            mpq_div(x, x, e[15]);
            good = within(x, box->lo[k], box->hi[k], tmp);
        }
    for (i = 0; i < 16; i++)
        mpq_clear(e[i]);
    mpq_clear(x);
    mpq_clear(y);
    mpq_clear(tmp);
    return good;
}

/* A double in the scene's range, about k / 8 of the way (the range
   [t0, t0 + 8] when t1 is infinite). */
static double range_double(const boxtoi_scene_t s, unsigned long k)
{
    double t0 = mpq_get_d(s->t0), t1 = s->t1_inf ? t0 + 8 : mpq_get_d(s->t1);
    double t = t0 + (t1 - t0) * (double)k / 8;
    mpq_t q;
    mpq_init(q);
    mpq_set_d(q, t);
    /* inside the exact range (mpq_get_d truncates) */
    if (mpq_cmp(q, s->t0) < 0)
        t = nextafter(t, HUGE_VAL);
    mpq_set_d(q, t);
    if (!s->t1_inf && mpq_cmp(q, s->t1) > 0)
        t = nextafter(t, -HUGE_VAL);
    mpq_clear(q);
    return t;
}

static void test_sound(void)
{
    gmp_randstate_t st;
    long nscene = 150 * tap_multiplier(), k, i, nbox = 0, nfinite = 0;
    long bad = 0;
    mpq_t t, a, d;

    tap_randinit(st);
    mpq_init(t);
    mpq_init(a);
    mpq_init(d);
    for (k = 0; k < nscene; k++) {
        boxtoi_scene_t s;
        boxtoi_scene_init(s);
        scenegen_random(s, st, 2 + (long)qgen_ui(st, 6));
        for (i = 0; i < s->n; i++) {
            scene_encl e;
            scene_aabb box;
            unsigned long u = qgen_ui(st, 9), v = qgen_ui(st, 9), j;
            double lo = range_double(s, u < v ? u : v);
            double hi = range_double(s, u < v ? v : u);
            if (lo > hi)
                continue;
            if (scene_encl_init(&e, s->body + i) != BOXTOI_OK)
                bail("out of memory");
            scene_encl_box(&box, &e, lo, hi);
            nbox++;
            nfinite += box.lo[0] > -HUGE_VAL && box.hi[0] < HUGE_VAL;
            /* a, b and three rationals between */
            mpq_set_d(a, lo);
            mpq_set_d(d, hi);
            mpq_sub(d, d, a);
            for (j = 0; j <= 4; j++) {
                mpq_set_ui(t, j, 4);
                mpq_mul(t, t, d);
                mpq_add(t, t, a);
                if (!corners_in(&box, s->body + i, t)) {
                    bad++;
                    diag("scene %ld body %ld: a corner outside the box "
                         "over [%.17g, %.17g] at t = %ld/4 of it", k, i,
                         lo, hi, (long)j);
                    break;
                }
            }
            scene_encl_clear(&e);
        }
        boxtoi_scene_clear(s);
    }
    is_int(0, bad, "every corner in its box (%ld boxes, %ld of them "
           "finite)", nbox, nfinite);
    ok(nfinite > nbox / 2, "most boxes finite: the test is not vacuous");
    mpq_clear(t);
    mpq_clear(a);
    mpq_clear(d);
    gmp_randclear(st);
}

static void test_tight(void)
{
    boxtoi_box_t b;
    boxtoi_motion_t m;
    boxtoi_body_struct body;
    boxtoi_errinfo e;
    mpq_t qa[4], qb[4], tr[6];
    scene_encl en;
    scene_aabb box;
    int i;

    boxtoi_box_init(b);
    boxtoi_motion_init(m);
    for (i = 0; i < 4; i++) {
        mpq_init(qa[i]);
        mpq_init(qb[i]);
    }
    for (i = 0; i < 6; i++)
        mpq_init(tr[i]);
    mpq_set_ui(qa[0], 1, 1);
    mpq_set_ui(qb[1], 1, 6);
    mpq_set_ui(qb[2], 1, 3);
    mpq_set_ui(qb[3], 1, 3);
    mpq_set_ui(tr[0], 1000, 1); /* x = 1000 + t */
    mpq_set_ui(tr[1], 1, 1);
    if (boxtoi_motion_set_quat_linear(m, qa[0], qb[0], tr[0], 2, &e)
        != BOXTOI_OK)
        bail("motion: %s", e.msg);
    boxtoi_box_set_si(b, 0, 0, 0, 1, 1, 1);
    /* a body of one motion: the fields scene_encl_init reads */
    memset(&body, 0, sizeof body);
    memcpy(&body.box, b, sizeof body.box);
    memcpy(&body.motion, m, sizeof body.motion);
    if (scene_encl_init(&en, &body) != BOXTOI_OK)
        bail("out of memory");
    scene_encl_box(&box, &en, 0, 1);
    ok(box.lo[0] <= 1000 && box.hi[0] >= 1001,
       "the box holds the corner's path x in [1000, 1001]: [%.17g, %.17g]",
       box.lo[0], box.hi[0]);
    ok(box.hi[0] - box.lo[0] < 16,
       "a cube turning 1000 from the origin: a box %.3g wide, not ~450",
       box.hi[0] - box.lo[0]);
    scene_encl_clear(&en);
    for (i = 0; i < 4; i++) {
        mpq_clear(qa[i]);
        mpq_clear(qb[i]);
    }
    for (i = 0; i < 6; i++)
        mpq_clear(tr[i]);
    boxtoi_motion_clear(m);
    boxtoi_box_clear(b);
}

int main(void)
{
    plan_lazy();
    test_sound();
    test_tight();
    return 0;
}
