/* t/motion-pieces.c: tests of lib/motion/rigid.c and lib/motion/pieces.c,
   run by t/motion-t.

   Rigid motions are compared with the matrix expanded in t/rpoly.c from
   the formula of doc/format.md §3.2 (rationals, the vector form of S),
   as homogeneous matrices (a_ij b_33 = b_ij a_33, polynomial
   identities).  Continuity is checked at exact near-misses (a jump of
   10^-30); keyframes against pieces written from the two-point form of
   the line, not the library's slope and intercept. */
#include <string.h>
#include "tap.h"
#include "rpoly.h"

void test_motion_pieces(void);

/* r = a random small rational (numerator in [-4, 4], denominator
   1..3). */
static void rnd_q(mpq_t r, gmp_randstate_t st)
{
    mpq_set_si(r, (long)gmp_urandomm_ui(st, 9) - 4,
               1 + gmp_urandomm_ui(st, 3));
    mpq_canonicalize(r);
}

/* m[0..16) = the entries of the library's motion as rationals. */
static void motion_rp(rp *m, const boxtoi_motion_t lib)
{
    int k;
    for (k = 0; k < 16; k++)
        rp_from_motion(m + k, lib, k);
}

/* set_rigid against the expansion, on random quaternions of degree
   <= 2, pivots and translations of degree <= 2. */
static void test_rigid_random(void)
{
    gmp_randstate_t st;
    boxtoi_motion_t m;
    boxtoi_errinfo err;
    rp q[4], T[3], e[16], got[16];
    mpq_t qc[12], tc[9], P[3];
    long n = 300 * tap_multiplier(), i, bad = 0, notrigid = 0;
    int k, c;

    tap_randinit(st);
    boxtoi_motion_init(m);
    rp_init_n(q, 4);
    rp_init_n(T, 3);
    rp_init_n(e, 16);
    rp_init_n(got, 16);
    for (k = 0; k < 12; k++)
        mpq_init(qc[k]);
    for (k = 0; k < 9; k++)
        mpq_init(tc[k]);
    for (k = 0; k < 3; k++)
        mpq_init(P[k]);
    for (i = 0; i < n; i++) {
        long qlen = 1 + (long)gmp_urandomm_ui(st, 3);
        for (c = 0; c < 4; c++) {
            rp_set_si(q + c, 0);
            for (k = 0; k < qlen; k++) {
                rnd_q(qc[c * qlen + k], st);
                mpq_set(q[c].c[k], qc[c * qlen + k]);
            }
        }
        for (c = 0; c < 3; c++) {
            rp_set_si(T + c, 0);
            for (k = 0; k < 3; k++) {
                rnd_q(tc[c * 3 + k], st);
                mpq_set(T[c].c[k], tc[c * 3 + k]);
            }
            rnd_q(P[c], st);
        }
        if (boxtoi_motion_set_rigid(m, qc[0], qlen, P[0], tc[0], 3, &err)
            != BOXTOI_OK) {
            /* only a zero quaternion is refused */
            for (c = 0; c < 4 && rp_is_zero(q + c); c++)
                ;
            bad += c < 4;
            continue;
        }
        rp_expand_rigid(e, q, P[0], T);
        motion_rp(got, m);
        if (!rp_same_motion(e, got))
            bad++;
        notrigid += boxtoi_motion_check_rigid(m, "m", &err) != BOXTOI_OK;
    }
    is_int(0, bad, "set_rigid is the expanded [[S, wT - SP], [0, w]] "
                   "(%ld random cases)", n);
    is_int(0, notrigid, "every set_rigid motion passes check_rigid");
    for (k = 0; k < 12; k++)
        mpq_clear(qc[k]);
    for (k = 0; k < 9; k++)
        mpq_clear(tc[k]);
    for (k = 0; k < 3; k++)
        mpq_clear(P[k]);
    rp_clear_n(q, 4);
    rp_clear_n(T, 3);
    rp_clear_n(e, 16);
    rp_clear_n(got, 16);
    boxtoi_motion_clear(m);
    gmp_randclear(st);
}

/* The three mistakes of issue 15 are refused as not rigid, naming the
   row. */
static void test_check_rigid(void)
{
    boxtoi_motion_t m;
    boxtoi_errinfo err;
    mpq_t q[8];
    int k;

    boxtoi_motion_init(m);
    for (k = 0; k < 8; k++)
        mpq_init(q[k]);
    /* a quarter turn about z at t = 1: q = (1, 0, 0, t) */
    mpq_set_ui(q[0], 1, 1);
    mpq_set_ui(q[7], 1, 1);
    if (boxtoi_motion_set_rigid(m, q[0], 2, NULL, NULL, 0, &err)
        != BOXTOI_OK)
        bail("set_rigid: %s", err.msg);
    is_int(BOXTOI_OK, boxtoi_motion_check_rigid(m, "m", &err),
           "the quaternion matrix is rigid");
    /* the z row left as [0, 0, 1] (not multiplied by w = 1 + t^2) */
    boxtoi_poly_set_si(m->e + 10, 1);
    is_int(BOXTOI_ENOTRIGID, boxtoi_motion_check_rigid(m, "m", &err),
           "z row left as [0, 0, 1, 0]: not_rigid");
    ok(strstr(err.msg, "m: row 2") != NULL, "names row 2: %s", err.msg);
    /* the weight left as 1 */
    if (boxtoi_motion_set_rigid(m, q[0], 2, NULL, NULL, 0, &err)
        != BOXTOI_OK)
        bail("set_rigid: %s", err.msg);
    boxtoi_poly_set_si(m->e + 15, 1);
    is_int(BOXTOI_ENOTRIGID, boxtoi_motion_check_rigid(m, "m", &err),
           "weight left as 1: not_rigid");
    ok(strstr(err.msg, "row 0") != NULL, "names row 0: %s", err.msg);
    /* the blend (1 - t) I + t Rz(90): rows of length^2 (1-t)^2 + t^2 */
    boxtoi_motion_set_identity(m);
    boxtoi_motion_set_coeff_si(m, 0, 0, 1, -1);
    boxtoi_motion_set_coeff_si(m, 1, 1, 1, -1);
    boxtoi_motion_set_coeff_si(m, 0, 1, 1, -1);
    boxtoi_motion_set_coeff_si(m, 1, 0, 1, 1);
    is_int(BOXTOI_ENOTRIGID, boxtoi_motion_check_rigid(m, "m", &err),
           "blend of two rotation matrices: not_rigid");
    ok(strstr(err.msg, "row 0") != NULL, "names row 0: %s", err.msg);
    /* rows (0, 1, 0), (0, 1, 0), (0, 0, 1): unit rows, 0 and 1 not
       orthogonal */
    boxtoi_motion_set_identity(m);
    boxtoi_motion_set_coeff_si(m, 0, 1, 0, 1);
    boxtoi_motion_set_coeff_si(m, 0, 0, 0, 0);
    is_int(BOXTOI_ENOTRIGID, boxtoi_motion_check_rigid(m, "m", &err),
           "rows (0, 1, 0) twice: not_rigid");
    ok(strstr(err.msg, "rows 0 and 1") != NULL, "names rows 0 and 1: %s",
       err.msg);
    for (k = 0; k < 8; k++)
        mpq_clear(q[k]);
    boxtoi_motion_clear(m);
}

/* x-translations: piece i is x = a_i + b_i t (over den). */
static void set_xline(boxtoi_motion_t m, const char *a, const char *b)
{
    mpq_t x;
    mpq_init(x);
    boxtoi_motion_set_identity(m);
    mpq_set_str(x, a, 10);
    mpq_canonicalize(x);
    boxtoi_motion_set_coeff_mpq(m, 0, 3, 0, x);
    mpq_set_str(x, b, 10);
    mpq_canonicalize(x);
    boxtoi_motion_set_coeff_mpq(m, 0, 3, 1, x);
    mpq_clear(x);
}

static void test_breaks(void)
{
    boxtoi_motion_struct pc[3];
    boxtoi_pmotion_t pm;
    boxtoi_errinfo err;
    mpq_t br[2], t0, t1;
    int k, rc;
    const char *tiny = "1/1000000000000000000000000000000";

    boxtoi_errinfo_reset(&err);
    for (k = 0; k < 3; k++)
        boxtoi_motion_init(pc + k);
    mpq_init(br[0]);
    mpq_init(br[1]);
    mpq_init(t0);
    mpq_init(t1);
    boxtoi_pmotion_init(pm);
    mpq_set_ui(br[0], 1, 1);
    mpq_set_ui(br[1], 2, 1);
    /* x = 5, then 6 - t on [1, 2], then 3 + t/2 */
    set_xline(pc + 0, "5", "0");
    set_xline(pc + 1, "6", "-1");
    set_xline(pc + 2, "3", "1/2");
    is_int(BOXTOI_OK, boxtoi_pmotion_set(pm, pc, br[0], 2, 0, "m", &err),
           "continuous pieces: %s", err.msg);
    is_int(3, pm->n, "three pieces");
    is_int(0, boxtoi_pmotion_piece_at(pm, t0), "piece at 0");
    is_int(1, boxtoi_pmotion_piece_at(pm, br[0]), "piece at the break 1");
    is_int(2, boxtoi_pmotion_piece_at(pm, br[1]), "piece at the break 2");
    /* the same pose from a matrix scaled by 3: still continuous */
    for (k = 0; k < 16; k++)
        boxtoi_poly_scalar_mul_si(pc[1].e + k, pc[1].e + k, 3);
    is_int(BOXTOI_OK, boxtoi_pmotion_set(pm, pc, br[0], 2, 0, "m", &err),
           "a piece scaled by 3 is the same motion");
    /* a jump of 10^-30 at t = 2 */
    set_xline(pc + 2,
              "3000000000000000000000000000001/"
              "1000000000000000000000000000000", "1/2");
    rc = boxtoi_pmotion_set(pm, pc, br[0], 2, 0, "m", &err);
    is_int(BOXTOI_EDISCONT, rc, "a jump of 1e-30 is discontinuous_motion");
    ok(strstr(err.msg, "m.breaks[1] (t = 2)") != NULL
           && strstr(err.msg, "pieces[1] and pieces[2]") != NULL
           && strstr(err.msg, "entry [0][3]") != NULL
           && strstr(err.msg, tiny) != NULL,
       "names the break, the pieces, the entry and the jump: %s", err.msg);
    is_int(0, pm->n, "empty after an error");
    /* breaks out of order */
    set_xline(pc + 2, "3", "1/2");
    mpq_set_ui(br[1], 1, 1);
    is_int(BOXTOI_EMOTION, boxtoi_pmotion_set(pm, pc, br[0], 2, 0, "m", &err),
           "equal breaks: invalid_motion");
    ok(strstr(err.msg, "m.breaks[1]") != NULL, "names breaks[1]: %s",
       err.msg);
    /* local: piece 1 written in s = t - 1 is x = 5 - s, piece 2 in
       s = t - 2 is x = 4 + s/2; by hand in t: 6 - t and 3 + t/2 */
    mpq_set_ui(br[1], 2, 1);
    set_xline(pc + 1, "5", "-1");
    set_xline(pc + 2, "4", "1/2");
    is_int(BOXTOI_OK, boxtoi_pmotion_set(pm, pc, br[0], 2, 1, "m", &err),
           "local pieces meet: %s", err.msg);
    {
        rp a[16], b[16];
        rp_init_n(a, 16);
        rp_init_n(b, 16);
        set_xline(pc + 1, "6", "-1");
        set_xline(pc + 2, "3", "1/2");
        motion_rp(a, pm->piece + 1);
        motion_rp(b, pc + 1);
        ok(rp_same_motion(a, b), "local piece 1 is 6 - t in t");
        motion_rp(a, pm->piece + 2);
        motion_rp(b, pc + 2);
        ok(rp_same_motion(a, b), "local piece 2 is 3 + t/2 in t");
        rp_clear_n(a, 16);
        rp_clear_n(b, 16);
    }
    /* local with a rational break and a quadratic entry: x = s^2 at
       s = t - 1/3 is t^2 - 2t/3 + 1/9 */
    mpq_set_si(br[0], 1, 3);
    set_xline(pc + 0, "0", "0");
    set_xline(pc + 1, "0", "0");
    boxtoi_motion_set_coeff_si(pc + 1, 0, 3, 2, 1);
    is_int(BOXTOI_OK, boxtoi_pmotion_set(pm, pc, br[0], 1, 1, "m", &err),
           "local quadratic piece meets x = 0 at 1/3: %s", err.msg);
    {
        rp a[16], b[16];
        rp_init_n(a, 16);
        rp_init_n(b, 16);
        set_xline(pc + 1, "1/9", "-2/3");
        boxtoi_motion_set_coeff_si(pc + 1, 0, 3, 2, 1);
        motion_rp(a, pm->piece + 1);
        motion_rp(b, pc + 1);
        ok(rp_same_motion(a, b), "s^2 at s = t - 1/3 is t^2 - 2t/3 + 1/9");
        rp_clear_n(a, 16);
        rp_clear_n(b, 16);
    }
    /* w = 0 at the break: no pose there */
    set_xline(pc + 1, "0", "0");
    boxtoi_poly_zero(pc[1].e + 15);
    boxtoi_motion_set_coeff_si(pc + 1, 3, 3, 0, -1);
    boxtoi_motion_set_coeff_si(pc + 1, 3, 3, 1, 3); /* w = 3t - 1 */
    is_int(BOXTOI_EDISCONT, boxtoi_pmotion_set(pm, pc, br[0], 1, 0, "m", &err),
           "w = 0 at the break: discontinuous_motion");
    /* validity per piece: piece 1 singular only after t = 1/3 */
    set_xline(pc + 0, "0", "0");
    set_xline(pc + 1, "0", "0");
    for (k = 0; k < 4; k++) /* (1 - t) I: the identity pose until t = 1 */
        boxtoi_motion_set_coeff_si(pc + 0, k, k, 1, -1);
    is_int(BOXTOI_OK, boxtoi_pmotion_set(pm, pc, br[0], 1, 0, "m", &err),
           "(1 - t) I, then I: the same pose at 1/3");
    mpq_set_si(t0, 0, 1);
    mpq_set_si(t1, 5, 1);
    is_int(BOXTOI_OK, boxtoi_pmotion_check(pm, t0, t1, "m", &err),
           "piece 0 ((1 - t) I) is only used on [0, 1/3]: valid");
    boxtoi_motion_set_coeff_si(pm->piece + 1, 3, 3, 1, -1);
    boxtoi_motion_set_coeff_si(pm->piece + 1, 3, 3, 0, 1); /* 1 - t */
    is_int(BOXTOI_EWEIGHT, boxtoi_pmotion_check(pm, t0, t1, "m", &err),
           "piece 1 with w = 1 - t on [1/3, 5]: degenerate_weight");
    ok(strstr(err.msg, "m.pieces[1]") != NULL, "names pieces[1]: %s",
       err.msg);
    mpq_set_si(t1, 1, 4);
    is_int(BOXTOI_OK, boxtoi_pmotion_check(pm, t0, t1, "m", &err),
           "on [0, 1/4] piece 1 is not used");
    boxtoi_pmotion_clear(pm);
    for (k = 0; k < 3; k++)
        boxtoi_motion_clear(pc + k);
    mpq_clear(br[0]);
    mpq_clear(br[1]);
    mpq_clear(t0);
    mpq_clear(t1);
}

/* Keyframes against rigid pieces built from the two-point form
   q(t) = ((t_j - t) q_i + (t - t_i) q_j') / (t_j - t_i), on random
   poses, including opposite quaternions (the flip). */
static void test_keyframes(void)
{
    gmp_randstate_t st;
    boxtoi_pmotion_t pm;
    boxtoi_motion_t m;
    boxtoi_errinfo err;
    mpq_t tm[4], rot[16], tr[12], P[3], x, dt;
    rp q[4], T[3], e[16], got[16];
    long n = 100 * tap_multiplier(), it, bad = 0, flips = 0;
    int i, k, c;

    tap_randinit(st);
    boxtoi_pmotion_init(pm);
    boxtoi_motion_init(m);
    for (k = 0; k < 4; k++)
        mpq_init(tm[k]);
    for (k = 0; k < 16; k++)
        mpq_init(rot[k]);
    for (k = 0; k < 12; k++)
        mpq_init(tr[k]);
    for (k = 0; k < 3; k++)
        mpq_init(P[k]);
    mpq_init(x);
    mpq_init(dt);
    rp_init_n(q, 4);
    rp_init_n(T, 3);
    rp_init_n(e, 16);
    rp_init_n(got, 16);
    for (it = 0; it < n; it++) {
        mpq_set_si(tm[0], (long)gmp_urandomm_ui(st, 5) - 2, 1);
        for (i = 1; i < 4; i++) {
            rnd_q(x, st);
            mpq_abs(x, x);
            mpq_set_si(dt, 1, 2);
            mpq_add(x, x, dt);
            mpq_add(tm[i], tm[i - 1], x);
        }
        for (k = 0; k < 16; k++)
            rnd_q(rot[k], st);
        for (i = 0; i < 4; i++)
            if (mpq_sgn(rot[4 * i]) == 0)
                mpq_set_ui(rot[4 * i], 1, 1);
        for (k = 0; k < 12; k++)
            rnd_q(tr[k], st);
        for (k = 0; k < 3; k++)
            rnd_q(P[k], st);
        if (boxtoi_pmotion_set_keyframes(pm, 4, tm[0], rot[0], tr[0], P[0],
                                         "m", &err) != BOXTOI_OK) {
            bad++;
            continue;
        }
        bad += pm->n != 5;
        for (i = 0; i < 4; i++)
            bad += !mpq_equal(pm->brk + i, tm[i]);
        /* pieces 1..3 between keyframes i-1 and i */
        for (i = 1; i < 4 && pm->n == 5; i++) {
            int sg;
            mpq_set_ui(x, 0, 1);
            for (c = 0; c < 4; c++) {
                mpq_mul(dt, rot[4 * (i - 1) + c], rot[4 * i + c]);
                mpq_add(x, x, dt);
            }
            sg = mpq_sgn(x) < 0 ? -1 : 1;
            flips += sg < 0;
            mpq_sub(dt, tm[i], tm[i - 1]);
            for (c = 0; c < 4 + 3; c++) {
                rp *p = c < 4 ? q + c : T + c - 4;
                mpq_srcptr a = c < 4 ? rot[4 * (i - 1) + c]
                                     : tr[3 * (i - 1) + c - 4];
                mpq_srcptr b = c < 4 ? rot[4 * i + c] : tr[3 * i + c - 4];
                /* (t_j a - t_i b') / dt + t (b' - a) / dt */
                rp_set_si(p, 0);
                mpq_mul(x, tm[i], a);
                mpq_set(p->c[0], x);
                mpq_mul(x, tm[i - 1], b);
                if (c < 4 && sg < 0)
                    mpq_add(p->c[0], p->c[0], x);
                else
                    mpq_sub(p->c[0], p->c[0], x);
                mpq_div(p->c[0], p->c[0], dt);
                if (c < 4 && sg < 0)
                    mpq_neg(x, b);
                else
                    mpq_set(x, b);
                mpq_sub(x, x, a);
                mpq_div(p->c[1], x, dt);
            }
            rp_expand_rigid(e, q, P[0], T);
            motion_rp(got, pm->piece + i);
            bad += !rp_same_motion(e, got);
        }
        /* the held poses */
        for (i = 0; i < 2 && pm->n == 5; i++) {
            int kf = i == 0 ? 0 : 3;
            for (c = 0; c < 4; c++) {
                rp_set_si(q + c, 0);
                mpq_set(q[c].c[0], rot[4 * kf + c]);
            }
            for (c = 0; c < 3; c++) {
                rp_set_si(T + c, 0);
                mpq_set(T[c].c[0], tr[3 * kf + c]);
            }
            rp_expand_rigid(e, q, P[0], T);
            motion_rp(got, pm->piece + (i == 0 ? 0 : 4));
            bad += !rp_same_motion(e, got);
        }
    }
    is_int(0, bad, "keyframes are the hand-written rigid pieces (%ld "
                   "cases, %ld flipped quaternions)", n, flips);
    ok(flips > 0, "some pairs needed the flip");
    /* errors */
    is_int(BOXTOI_EMOTION, boxtoi_pmotion_set_keyframes(pm, 1, tm[0], NULL,
                                                         NULL, NULL, "m",
                                                         &err),
           "one keyframe: invalid_motion");
    ok(strstr(err.msg, "m.keyframes: at least two") != NULL, "%s", err.msg);
    mpq_set(tm[2], tm[1]);
    is_int(BOXTOI_EMOTION, boxtoi_pmotion_set_keyframes(pm, 4, tm[0], NULL,
                                                         NULL, NULL, "m",
                                                         &err),
           "equal times: invalid_motion");
    ok(strstr(err.msg, "m.keyframes[2].t") != NULL, "names keyframes[2].t: "
                                                    "%s", err.msg);
    mpq_set_ui(x, 1, 1);
    mpq_add(tm[2], tm[1], x);
    mpq_add(tm[3], tm[2], x);
    for (c = 0; c < 4; c++)
        mpq_set_ui(rot[4 + c], 0, 1);
    is_int(BOXTOI_EWEIGHT, boxtoi_pmotion_set_keyframes(pm, 4, tm[0], rot[0],
                                                         NULL, NULL, "m",
                                                         &err),
           "a zero quaternion: degenerate_weight");
    ok(strstr(err.msg, "m.keyframes[1].rotation") != NULL, "%s", err.msg);
    for (k = 0; k < 4; k++)
        mpq_clear(tm[k]);
    for (k = 0; k < 16; k++)
        mpq_clear(rot[k]);
    for (k = 0; k < 12; k++)
        mpq_clear(tr[k]);
    for (k = 0; k < 3; k++)
        mpq_clear(P[k]);
    mpq_clear(x);
    mpq_clear(dt);
    rp_clear_n(q, 4);
    rp_clear_n(T, 3);
    rp_clear_n(e, 16);
    rp_clear_n(got, 16);
    boxtoi_motion_clear(m);
    boxtoi_pmotion_clear(pm);
    gmp_randclear(st);
}

void test_motion_pieces(void)
{
    test_rigid_random();
    test_check_rigid();
    test_breaks();
    test_keyframes();
}
