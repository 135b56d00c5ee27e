/* bench/contact-gen.c: the contact workloads shaped like users' data
   (bench/contact-work.h, issue 16): 12-20-bit entries, doubles, both
   boxes turning, quaternions of degree 2, 32-256-bit coefficients with
   one common denominator or a denominator per entry, and the hard tail
   of near misses under fast high-degree rotations.

   A rigid motion is built from a quaternion polynomial q(t) and a
   translation tr(t) as [[S(q), w tr], [0, w]], w = |q|^2, S the
   unnormalised rotation matrix (doc/algorithm.md §1), with exact
   rational coefficients.  Box 2's translation is aimed so that its
   centre passes near box 1's centre at a random time in (0, 1), as in
   t/qgen.c, so that contacts are frequent.  Everything is drawn from
   the caller's gmp_randstate_t: a seed reproduces the workload.
   See doc/performance.md, "Workloads shaped like users' data". */
#include <math.h>
#include <stdlib.h>
#include "contact-work.h"
#include "../t/qgen.h"
#include "contact-gen.h"

/* ---- the numbers of each workload ---------------------------------- */

/* r = a random rational of about `bits` bits near x: round(x D + u) / D
   with D = den when den is not NULL, else a fresh random odd
   denominator of `bits` bits (a denominator per entry), and u uniform
   in [-D/8, D/8] when full != 0 (every digit of the numerator random:
   x moves by up to 1/8), else in {-1, 0, 1} (x rounded to the grid). */
static void perturb(mpq_t r, gmp_randstate_t st, mpq_srcptr x,
                    mpz_srcptr den, unsigned long bits, int full)
{
    mpz_t d, u, e;
    mpz_init(d);
    mpz_init(u);
    mpz_init(e);
    if (den != NULL)
        mpz_set(d, den);
    else {
        mpz_urandomb(d, st, bits);
        mpz_setbit(d, bits - 1);
        mpz_setbit(d, 0);
    }
    if (full) { /* u = [0, D/4] at random - D/8 */
        mpz_fdiv_q_2exp(u, d, 2);
        mpz_add_ui(u, u, 1);
        mpz_urandomm(u, st, u);
        mpz_fdiv_q_2exp(e, d, 3);
        mpz_sub(u, u, e);
    } else
        mpz_set_si(u, (long)qgen_ui(st, 3) - 1);
    mpz_mul(mpq_numref(r), mpq_numref(x), d);
    mpz_fdiv_q(mpq_numref(r), mpq_numref(r), mpq_denref(x));
    mpz_add(mpq_numref(r), mpq_numref(r), u);
    mpz_set(mpq_denref(r), d);
    mpq_canonicalize(r);
    mpz_clear(d);
    mpz_clear(u);
    mpz_clear(e);
}

/* The shape of a generated workload. */
typedef struct {
    int qdeg[2];     /* degree of box b's quaternion (-1: no rotation) */
    int trdeg;       /* degree of the translations */
    long qmax;       /* quaternion coefficients in [-qmax, qmax] */
    unsigned long bits; /* > 0: every coefficient perturbed to this
                           many bits (perturb) */
    int per_entry;   /* with bits: a denominator per entry */
    int pyth;        /* constant Pythagorean rotation, translations
                        over 64 |q|^2 2^e (12-20-bit entries) */
    int digits;      /* > 0: box 2's quaternion over 10^digits */
} cg_shape;

/* Rounds every coefficient of the n polynomials p to the denominator
   den, or to a fresh one each when the shape asks for a denominator
   per entry. */
static void shape_numbers(cg_poly *p, int n, gmp_randstate_t st,
                          const cg_shape *sh, mpz_srcptr den)
{
    int i, k;
    for (i = 0; i < n; i++)
        for (k = 0; k < p[i].len; k++)
            perturb(p[i].c[k], st, p[i].c[k],
                    sh->per_entry ? NULL : den, sh->bits, !sh->pyth);
}

/* A random quaternion polynomial of degree deg (deg < 0: 1). */
static void random_quat(cg_poly q[4], gmp_randstate_t st, int deg,
                        long qmax)
{
    int i, k, zero = 1;
    for (i = 0; i < 4; i++) {
        q[i].len = deg < 0 ? 1 : deg + 1;
        for (k = 0; k < q[i].len; k++) {
            if (deg < 0)
                mpq_set_ui(q[i].c[k], i == 0, 1);
            else
                qgen_mpq(q[i].c[k], st, k == 0 ? qmax : qmax / 2 + 1, 1);
            zero = zero && (k > 0 || mpq_sgn(q[i].c[0]) == 0);
        }
    }
    if (zero)
        mpq_set_ui(q[0].c[0], 1, 1);
}

/* 1 if both motions of q are valid on its range. */
static int valid(const boxtoi_query_t q)
{
    return qgen_motion_valid(&q->motion[0], q->t0, q->t1)
           && qgen_motion_valid(&q->motion[1], q->t0, q->t1);
}

/* tr = P0 + V t + A t^2 (A = 0 when deg < 2) with tr(tm) = target and
   P0 about 6 from target along one axis (a miss when the offset added
   by the caller is large). */
static void aim(cg_poly tr[3], gmp_randstate_t st, int deg, mpq_srcptr tm,
                mpq_t *const target)
{
    mpq_t x;
    int i, push = (int)qgen_ui(st, 3);
    mpq_init(x);
    for (i = 0; i < 3; i++) {
        qgen_mpq(tr[i].c[0], st, 6, 2);
        if (i == push) {
            mpq_set_si(x, qgen_ui(st, 2) ? 6 : -6, 1);
            mpq_add(tr[i].c[0], tr[i].c[0], x);
        }
        mpq_add(tr[i].c[0], tr[i].c[0], target[i]);
        mpq_set_ui(tr[i].c[2], 0, 1);
        if (deg >= 2)
            qgen_mpq(tr[i].c[2], st, 2, 2);
        /* V = (target - P0 - A tm^2) / tm */
        mpq_mul(x, tr[i].c[2], tm);
        mpq_mul(x, x, tm);
        mpq_sub(tr[i].c[1], target[i], tr[i].c[0]);
        mpq_sub(tr[i].c[1], tr[i].c[1], x);
        mpq_div(tr[i].c[1], tr[i].c[1], tm);
        tr[i].len = deg >= 2 ? 3 : 2;
    }
    mpq_clear(x);
}

/* The centre of box b of q. */
static void centre(mpq_t *c, const boxtoi_query_t q, int b)
{
    int i;
    for (i = 0; i < 3; i++) {
        mpq_add(c[i], q->box[b].min[i], q->box[b].max[i]);
        mpq_div_2exp(c[i], c[i], 1);
    }
}

/* 64 |q|^2 2^e, e random in [0, 8]: the translations' denominator of
   the 12-20-bit workload (q constant). */
static void pyth_den(mpz_t d, gmp_randstate_t st, const cg_poly q[4])
{
    mpz_t x;
    int i;
    mpz_init(x);
    mpz_set_ui(d, 0);
    for (i = 0; i < 4; i++) {
        mpz_mul(x, mpq_numref(q[i].c[0]), mpq_numref(q[i].c[0]));
        mpz_add(d, d, x);
    }
    mpz_mul_2exp(d, d, 6 + qgen_ui(st, 9));
    mpz_clear(x);
}

/* One query of the given shape on [0, 1] (one attempt; 0 if invalid). */
static int gen_shaped(boxtoi_query_t q, gmp_randstate_t st,
                      const cg_shape *sh)
{
    cg_poly qu[2][4], tr[2][3];
    mpq_t tm, c[3], y[3], z[3], off;
    mpz_t den;
    int b, i, ok;
    mpz_init(den);
    mpq_init(tm);
    mpq_init(off);
    for (i = 0; i < 3; i++) {
        mpq_init(c[i]);
        mpq_init(y[i]);
        mpq_init(z[i]);
    }
    for (b = 0; b < 2; b++) {
        for (i = 0; i < 4; i++)
            cg_poly_init(&qu[b][i]);
        for (i = 0; i < 3; i++)
            cg_poly_init(&tr[b][i]);
        qgen_box(&q->box[b], st, 20, 0);
        random_quat(qu[b], st, sh->qdeg[b], sh->qmax);
    }
    q->t1_inf = 0;
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_ui(q->t1, 1, 1);
    mpq_set_ui(tm, 2 + qgen_ui(st, 5), 8);
    mpq_canonicalize(tm);
    /* box 1 drifts a little; box 2's centre is aimed at box 1's */
    for (i = 0; i < 3; i++) {
        int k;
        tr[0][i].len = sh->trdeg + 1;
        for (k = 0; k <= sh->trdeg; k++)
            qgen_mpq(tr[0][i].c[k], st, 2, 2);
    }
    centre(c, q, 0);
    ok = cg_rotate_at(y, qu[0], tm, c);
    for (i = 0; i < 3; i++) {
        cg_poly_eval(off, &tr[0][i], tm);
        mpq_add(y[i], y[i], off);
    }
    centre(c, q, 1);
    ok = ok && cg_rotate_at(z, qu[1], tm, c);
    for (i = 0; i < 3; i++) {
        qgen_mpq(off, st, qgen_ui(st, 6) == 0 ? 12 : 2, 2);
        mpq_add(y[i], y[i], off);
        mpq_sub(y[i], y[i], z[i]);
    }
    aim(tr[1], st, sh->trdeg, tm, y);
    if (sh->bits > 0) { /* one common denominator of `bits` bits */
        mpz_urandomb(den, st, sh->bits);
        mpz_setbit(den, sh->bits - 1);
        mpz_setbit(den, 0);
    }
    for (b = 0; b < 2; b++) {
        if (sh->pyth) {
            pyth_den(den, st, qu[b]);
            shape_numbers(tr[b], 3, st, sh, den);
        } else if (sh->bits > 0) {
            shape_numbers(qu[b], 4, st, sh, den);
            shape_numbers(tr[b], 3, st, sh, den);
        } else if (sh->digits > 0 && b == 1) {
            mpz_ui_pow_ui(den, 10, (unsigned long)sh->digits);
            shape_numbers(qu[b], 4, st, sh, den);
        }
        cg_set_motion(&q->motion[b], qu[b], tr[b]);
    }
    ok = ok && valid(q);
    for (b = 0; b < 2; b++) {
        for (i = 0; i < 4; i++)
            cg_poly_clear(&qu[b][i]);
        for (i = 0; i < 3; i++)
            cg_poly_clear(&tr[b][i]);
    }
    for (i = 0; i < 3; i++) {
        mpq_clear(c[i]);
        mpq_clear(y[i]);
        mpq_clear(z[i]);
    }
    mpz_clear(den);
    mpq_clear(tm);
    mpq_clear(off);
    return ok;
}

/* ---- doubles ---------------------------------------------------------- */

/* A double uniform in [lo, hi) with 53 random bits. */
static double rand_d(gmp_randstate_t st, double lo, double hi)
{
    mpz_t z;
    double u;
    mpz_init(z);
    mpz_urandomb(z, st, 53);
    u = ldexp(mpz_get_d(z), -53);
    mpz_clear(z);
    return lo + (hi - lo) * u;
}

/* The translational query of doubles: centred boxes with half-extents
   in [0.25, 3), constant rotations R from random unit quaternions
   computed in double (orthogonal up to rounding), translations p0 + v t
   with box 2 aimed at box 1 at a time in (0, 1).  Every number of the
   query is a double, converted exactly. */
static int gen_doubles(boxtoi_query_t q, gmp_randstate_t st)
{
    double r[2][9], p[2][3], v[2][3], tm = rand_d(st, 0.25, 0.875);
    mpq_t x;
    int b, i, j, push = (int)qgen_ui(st, 3), miss = qgen_ui(st, 6) == 0;
    mpq_init(x);
    for (b = 0; b < 2; b++) {
        double u[4], n = 0.0, w, xx, y, z;
        for (i = 0; i < 4; i++) {
            u[i] = rand_d(st, -1.0, 1.0);
            n += u[i] * u[i];
        }
        n = sqrt(n);
        w = u[0] / n, xx = u[1] / n, y = u[2] / n, z = u[3] / n;
        r[b][0] = 1 - 2 * (y * y + z * z);
        r[b][1] = 2 * (xx * y - w * z);
        r[b][2] = 2 * (xx * z + w * y);
        r[b][3] = 2 * (xx * y + w * z);
        r[b][4] = 1 - 2 * (xx * xx + z * z);
        r[b][5] = 2 * (y * z - w * xx);
        r[b][6] = 2 * (xx * z - w * y);
        r[b][7] = 2 * (y * z + w * xx);
        r[b][8] = 1 - 2 * (xx * xx + y * y);
        for (i = 0; i < 3; i++) {
            mpq_set_d(x, rand_d(st, 0.25, 3.0));
            mpq_set(q->box[b].max[i], x);
            mpq_neg(q->box[b].min[i], x);
        }
    }
    for (i = 0; i < 3; i++) {
        double target;
        p[0][i] = rand_d(st, -1.0, 1.0);
        v[0][i] = rand_d(st, -1.0, 1.0);
        target = p[0][i] + v[0][i] * tm
                 + rand_d(st, -1.0, 1.0) * (miss ? 6.0 : 1.0);
        p[1][i] = target + rand_d(st, -3.0, 3.0)
                  + (i == push ? (qgen_ui(st, 2) ? 6.0 : -6.0) : 0.0);
        v[1][i] = (target - p[1][i]) / tm;
    }
    for (b = 0; b < 2; b++) {
        boxtoi_motion_struct *m = &q->motion[b];
        boxtoi_motion_zero(m);
        for (i = 0; i < 3; i++) {
            for (j = 0; j < 3; j++) {
                mpq_set_d(x, r[b][3 * i + j]);
                boxtoi_motion_set_coeff_mpq(m, i, j, 0, x);
            }
            mpq_set_d(x, p[b][i]);
            boxtoi_motion_set_coeff_mpq(m, i, 3, 0, x);
            mpq_set_d(x, v[b][i]);
            boxtoi_motion_set_coeff_mpq(m, i, 3, 1, x);
        }
        boxtoi_motion_set_coeff_si(m, 3, 3, 0, 1);
    }
    q->t1_inf = 0;
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_ui(q->t1, 1, 1);
    mpq_clear(x);
    return valid(q);
}

/* ---- the hard tail (issue 16, item 6) -------------------------------- */

/* Spins: box 1 = [-3, 3] x [-4, 4] x [-1, 1] turns about z by
   q = (1 + k t K)^n written out (K the quaternion unit k; the real and
   K parts of the complex power (1 + i k t)^n), its corners reaching
   radius 5, past the static wall x >= 5 + 10^-50: a near miss, never a
   contact.  Then cubic quaternions with 30-digit coefficients for box 2
   and quadratic ones for box 1, aimed as the other workloads. */
static const struct {
    int n, k, inf;
} spins[] = {{6, 1, 0},  {7, 1, 0},  {8, 1, 0}, {9, 1, 0},
             {10, 1, 0}, {11, 1, 0}, {12, 1, 0}, {6, 3, 1},
             {9, 3, 1},  {12, 3, 1}};
#define NSPIN ((long)(sizeof spins / sizeof spins[0]))
#define NCUBIC 6

long cw_hard_count(void)
{
    return NSPIN + NCUBIC;
}

static void gen_spin(boxtoi_query_t q, int n, long k, int inf)
{
    cg_poly qu[4], tr[3];
    mpz_t re, x;
    int i, d;
    for (i = 0; i < 4; i++)
        cg_poly_init(&qu[i]);
    for (i = 0; i < 3; i++)
        cg_poly_init(&tr[i]);
    mpz_init(re);
    mpz_init(x);
    /* (1 + i k t)^n = sum_d C(n, d) (i k t)^d */
    qu[0].len = qu[3].len = n + 1;
    qu[1].len = qu[2].len = 1;
    for (d = 0; d <= n; d++) {
        mpz_bin_uiui(x, (unsigned long)n, (unsigned long)d);
        mpz_ui_pow_ui(re, (unsigned long)k, (unsigned long)d);
        mpz_mul(x, x, re);
        if (d % 4 >= 2)
            mpz_neg(x, x);
        mpq_set_z(qu[d % 2 ? 3 : 0].c[d], x);
    }
    cg_set_motion(&q->motion[0], qu, tr);
    boxtoi_motion_set_identity(&q->motion[1]);
    for (i = 0; i < 3; i++) {
        static const long h[3] = {3, 4, 1};
        mpq_set_si(q->box[0].min[i], -h[i], 1);
        mpq_set_si(q->box[0].max[i], h[i], 1);
        mpq_set_si(q->box[1].min[i], -10, 1);
        mpq_set_si(q->box[1].max[i], 10, 1);
    }
    mpz_ui_pow_ui(x, 10, 50);
    mpz_mul_ui(mpq_numref(q->box[1].min[0]), x, 5);
    mpz_add_ui(mpq_numref(q->box[1].min[0]),
               mpq_numref(q->box[1].min[0]), 1);
    mpz_set(mpq_denref(q->box[1].min[0]), x);
    mpq_set_ui(q->box[1].max[0], 6, 1);
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_ui(q->t1, 40, 1);
    q->t1_inf = inf;
    for (i = 0; i < 4; i++)
        cg_poly_clear(&qu[i]);
    for (i = 0; i < 3; i++)
        cg_poly_clear(&tr[i]);
    mpz_clear(re);
    mpz_clear(x);
}

/* ---- the workloads ---------------------------------------------------- */

/* The shapes of CW_BITS12 ... CW_ROT256D, in the order of the enum
   (contact-work.h), then of CW_ROT512 and CW_ROT512D; doubles and hard
   have generators of their own. */
static const cg_shape shapes[] = {
    /* bits12: constant Pythagorean rotations (|q_i| <= 7), linear
       translations over 64 |q|^2 2^e */
    {{0, 0}, 1, 7, 0, 0, 1, 0},
    /* doubles: gen_doubles */
    {{0, 0}, 1, 0, 0, 0, 0, 0},
    /* rotating: both boxes turn, q = qa + qb t, quadratic translations */
    {{1, 1}, 2, 2, 0, 0, 0, 0},
    /* quat2: quaternions of degree 2 */
    {{2, 2}, 2, 2, 0, 0, 0, 0},
    /* rot32 ... rot256: as rotating, B-bit coefficients over one
       common B-bit denominator; rot32d ...: a denominator per entry */
    {{1, 1}, 2, 2, 32, 0, 0, 0},
    {{1, 1}, 2, 2, 128, 0, 0, 0},
    {{1, 1}, 2, 2, 256, 0, 0, 0},
    {{1, 1}, 2, 2, 32, 1, 0, 0},
    {{1, 1}, 2, 2, 128, 1, 0, 0},
    {{1, 1}, 2, 2, 256, 1, 0, 0},
    /* rot512, rot512d */
    {{1, 1}, 2, 2, 512, 0, 0, 0},
    {{1, 1}, 2, 2, 512, 1, 0, 0},
};

/* hard, after the spins: box 1 quadratic, box 2 cubic over 10^30 */
static const cg_shape cubic = {{2, 3}, 2, 3, 0, 0, 0, 30};

void cw_gen_query(boxtoi_query_t q, gmp_randstate_t st, int w, long i)
{
    if (w == CW_HARD && i % cw_hard_count() < NSPIN) {
        i %= cw_hard_count();
        gen_spin(q, spins[i].n, spins[i].k, spins[i].inf);
        return;
    }
    const cg_shape *sh = w == CW_HARD ? &cubic
                         : w > CW_HARD ? &shapes[w - CW_BITS12 - 1]
                                       : &shapes[w - CW_BITS12];
    for (;;)
        if (w == CW_DOUBLES ? gen_doubles(q, st) : gen_shaped(q, st, sh))
            return;
}
