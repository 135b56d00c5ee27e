/* t/qgen.c: seeded random first-contact queries (see t/qgen.h).

   Box 2 is aimed at box 1: at an aim time tm in the range, box 2's
   centre is at box 1's centre plus a small offset (sometimes a large
   one, for misses).  Box 2's translation is P0 + V u + A u^2 + J u^3,
   u = t - t0, P0 far away, V solved exactly for the aim.
   Affine blocks A0 + A1 t and quaternion weights are regenerated until
   w(t) and det of the block have no root in the closed range, checked
   exactly with Sturm counts.  GRID queries use integer boxes, signed
   permutation rotations and integer (or half-integer) velocities, so
   that faces, edges and vertices meet exactly and grazing contacts are
   common.  The bail() of t/tap.h reports broken invariants of the
   generator itself.  Reference: doc/algorithm.md §1 (motions). */
#include "qgen.h"
#include "tap.h"

#define QMAX 8 /* coefficients of a small polynomial with mpq coefficients */

typedef struct {
    mpq_t c[QMAX];
    int len;
} qpoly;

static void qp_init(qpoly *p)
{
    int i;
    for (i = 0; i < QMAX; i++)
        mpq_init(p->c[i]);
    p->len = 0;
}

static void qp_clear(qpoly *p)
{
    int i;
    for (i = 0; i < QMAX; i++)
        mpq_clear(p->c[i]);
}

static void qp_set_si(qpoly *p, long a)
{
    mpq_set_si(p->c[0], a, 1);
    p->len = 1;
}

const char *qgen_kind_name(int kind)
{
    static const char *const names[QGEN_NKINDS] = {
        "rigid", "affine", "translational", "ballistic", "grid"};
    return kind >= 0 && kind < QGEN_NKINDS ? names[kind] : "?";
}

unsigned long qgen_ui(gmp_randstate_t st, unsigned long n)
{
    return gmp_urandomm_ui(st, n);
}

void qgen_mpq(mpq_t r, gmp_randstate_t st, long maxnum, unsigned long maxden)
{
    long a = (long)qgen_ui(st, 2 * (unsigned long)maxnum + 1) - maxnum;
    mpq_set_si(r, a, 1 + qgen_ui(st, maxden));
    mpq_canonicalize(r);
}

void qgen_box(boxtoi_box_t b, gmp_randstate_t st, int flat_percent,
              int integral)
{
    int nflat = 0, first = (int)qgen_ui(st, 3), k;
    if ((int)qgen_ui(st, 100) < flat_percent)
        nflat = 1 + (int)qgen_ui(st, 3);
    for (k = 0; k < 3; k++) {
        int flat = (k - first + 3) % 3 < nflat;
        if (integral) {
            mpq_set_si(b->min[k], (long)qgen_ui(st, 4) - 2, 1);
            mpq_set_ui(b->max[k], flat ? 0 : 1 + qgen_ui(st, 3), 1);
        } else {
            mpq_set_si(b->min[k], (long)qgen_ui(st, 7) - 4, 2);
            mpq_set_ui(b->max[k], flat ? 0 : 1 + qgen_ui(st, 6), 2);
        }
        mpq_canonicalize(b->min[k]);
        mpq_canonicalize(b->max[k]);
        mpq_add(b->max[k], b->max[k], b->min[k]);
    }
}

/* ---- validity ------------------------------------------------------- */

static void block_det(boxtoi_poly_t d, const boxtoi_motion_t m)
{
    boxtoi_poly_t t, u;
    int j;
    boxtoi_poly_init(t);
    boxtoi_poly_init(u);
    boxtoi_poly_zero(d);
    for (j = 0; j < 3; j++) {
        int a = (j + 1) % 3, b = (j + 2) % 3;
        boxtoi_poly_mul(t, m->e + 4 + a, m->e + 8 + b);
        boxtoi_poly_submul(t, m->e + 4 + b, m->e + 8 + a);
        boxtoi_poly_mul(u, m->e + j, t);
        boxtoi_poly_add(d, d, u);
    }
    boxtoi_poly_clear(t);
    boxtoi_poly_clear(u);
}

static int no_root(const boxtoi_poly_t p, mpq_srcptr t0, mpq_srcptr t1)
{
    boxtoi_sturm_t s;
    int ok;
    if (boxtoi_poly_is_zero(p))
        return 0;
    boxtoi_sturm_init(s);
    ok = boxtoi_sturm_set(s, p) == BOXTOI_OK
         && boxtoi_sturm_count(s, t0, t1, 0) == 0;
    boxtoi_sturm_clear(s);
    return ok;
}

int qgen_motion_valid(const boxtoi_motion_t m, mpq_srcptr t0, mpq_srcptr t1)
{
    boxtoi_poly_t d;
    int ok;
    if (!boxtoi_poly_is_zero(m->e + 12) || !boxtoi_poly_is_zero(m->e + 13)
        || !boxtoi_poly_is_zero(m->e + 14))
        return 0;
    boxtoi_poly_init(d);
    block_det(d, m);
    ok = no_root(m->e + 15, t0, t1) && no_root(d, t0, t1);
    boxtoi_poly_clear(d);
    return ok;
}

/* ---- pieces of motions ---------------------------------------------- */

static void gen_range(boxtoi_query_t q, gmp_randstate_t st)
{
    unsigned long r = qgen_ui(st, 20);
    q->t1_inf = 0;
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_ui(q->t1, 1, 1);
    if (r >= 8 && r < 12)
        mpq_set_ui(q->t1, 1 + qgen_ui(st, 16), 4);
    else if (r >= 12 && r < 15) {
        mpq_set_si(q->t0, -1 - (long)qgen_ui(st, 8), 4);
        mpq_set_ui(q->t1, 1 + qgen_ui(st, 12), 4);
        mpq_canonicalize(q->t1);
        mpq_add(q->t1, q->t1, q->t0);
    } else if (r == 15) {
        mpq_set_ui(q->t0, qgen_ui(st, 5), 2);
        mpq_canonicalize(q->t0);
        mpq_set(q->t1, q->t0);
    } else if (r >= 16) {
        mpq_set_si(q->t0, (long)qgen_ui(st, 3) - 1, 2);
        q->t1_inf = 1;
    }
    mpq_canonicalize(q->t0);
    mpq_canonicalize(q->t1);
}

/* tm: a time after t0 inside the range when it has positive length. */
static void aim_time(mpq_t tm, const boxtoi_query_t q, gmp_randstate_t st)
{
    mpq_t u;
    mpq_init(u);
    if (q->t1_inf || mpq_equal(q->t0, q->t1)) {
        mpq_set_ui(tm, 1, 1);
        mpq_set_ui(u, 2 + qgen_ui(st, 5), 2);
    } else {
        mpq_sub(tm, q->t1, q->t0);
        mpq_set_ui(u, 2 + qgen_ui(st, 5), 8);
    }
    mpq_canonicalize(u);
    mpq_mul(tm, tm, u);
    mpq_add(tm, tm, q->t0);
    mpq_clear(u);
}

/* tr = P0 + V u + A u^2 + J u^3, u = t - t0, with tr(tm) = target,
   |P0 - target| about dist, A = 0 unless deg >= 2, J = 0 unless
   deg == 3 (small rationals otherwise). */
static void aim_translation(qpoly tr[3], gmp_randstate_t st, int deg,
                            mpq_srcptr t0, mpq_srcptr tm, mpq_t *target,
                            long dist)
{
    mpq_t c[4], d, x, nt0;
    int i, k, j, push = (int)qgen_ui(st, 3);
    for (k = 0; k < 4; k++)
        mpq_init(c[k]);
    mpq_init(d);
    mpq_init(x);
    mpq_init(nt0);
    mpq_sub(d, tm, t0);
    mpq_neg(nt0, t0);
    for (i = 0; i < 3; i++) {
        qgen_mpq(c[0], st, dist, 2); /* P0 - target, far along "push" */
        if (i == push)
            mpq_set_si(x, qgen_ui(st, 2) ? dist : -dist, 1);
        else
            mpq_set_ui(x, 0, 1);
        mpq_add(c[0], c[0], x);
        mpq_add(c[0], c[0], target[i]);
        for (k = 2; k < 4; k++)
            if (k <= deg)
                qgen_mpq(c[k], st, 2, 2);
            else
                mpq_set_ui(c[k], 0, 1);
        /* V = (target - P0 - A d^2 - J d^3) / d */
        mpq_sub(c[1], target[i], c[0]);
        mpq_mul(x, c[3], d);
        mpq_add(x, x, c[2]);
        mpq_mul(x, x, d);
        mpq_mul(x, x, d);
        mpq_sub(c[1], c[1], x);
        mpq_div(c[1], c[1], d);
        /* expand in t by Horner: tr = (..(J (t - t0) + A) (t - t0)..) */
        for (k = 0; k < 4; k++)
            mpq_set_ui(tr[i].c[k], 0, 1);
        for (k = 3; k >= 0; k--) {
            for (j = 3 - k; j >= 0; j--) {
                mpq_mul(tr[i].c[j], tr[i].c[j], nt0);
                if (j > 0)
                    mpq_add(tr[i].c[j], tr[i].c[j], tr[i].c[j - 1]);
            }
            mpq_add(tr[i].c[0], tr[i].c[0], c[k]);
        }
        tr[i].len = 4;
    }
    for (k = 0; k < 4; k++)
        mpq_clear(c[k]);
    mpq_clear(d);
    mpq_clear(x);
    mpq_clear(nt0);
}

/* A small translation of degree deg (for box 1). */
static void small_translation(qpoly tr[3], gmp_randstate_t st, int deg)
{
    int i, k;
    for (i = 0; i < 3; i++) {
        for (k = 0; k <= deg; k++)
            qgen_mpq(tr[i].c[k], st, 2, 2);
        tr[i].len = deg + 1;
    }
}

/* Adds the translation tr to m (whose column 3 is zero): column 3
   becomes w(t) tr(t), so that p goes to A p / w + tr. */
static void add_translation(boxtoi_motion_t m, qpoly tr[3])
{
    mpq_t c[3][QMAX + 4], w[QMAX + 4], x;
    int i, k, l, wl = (int)boxtoi_poly_degree(m->e + 15) + 1;
    if (wl > QMAX + 4)
        wl = QMAX + 4; /* never: weights here are at most quadratic */
    mpq_init(x);
    for (k = 0; k < QMAX + 4; k++) {
        mpq_init(w[k]);
        for (i = 0; i < 3; i++)
            mpq_init(c[i][k]);
    }
    for (k = 0; k < wl; k++) {
        boxtoi_poly_get_coeff_mpz(mpq_numref(w[k]), m->e + 15, k);
        mpz_set(mpq_denref(w[k]), m->den);
        mpq_canonicalize(w[k]);
    }
    /* all coefficients first: setting one may rescale m's entries */
    for (i = 0; i < 3; i++)
        for (k = 0; k < tr[i].len; k++)
            for (l = 0; l < wl && k + l < QMAX + 4; l++) {
                mpq_mul(x, tr[i].c[k], w[l]);
                mpq_add(c[i][k + l], c[i][k + l], x);
            }
    for (i = 0; i < 3; i++)
        for (k = 0; k < QMAX + 4; k++)
            if (mpq_sgn(c[i][k]) != 0)
                boxtoi_motion_set_coeff_mpq(m, i, 3, k, c[i][k]);
    mpq_clear(x);
    for (k = 0; k < QMAX + 4; k++) {
        mpq_clear(w[k]);
        for (i = 0; i < 3; i++)
            mpq_clear(c[i][k]);
    }
}

/* y = the image under m at time t of the point p (3 rationals). */
static void apply(mpq_t *y, const boxtoi_motion_t m, mpq_srcptr t,
                  mpq_t *const p)
{
    mpq_t e, w;
    int i, j;
    mpq_init(e);
    mpq_init(w);
    boxtoi_poly_eval_mpq(w, m->e + 15, t);
    for (i = 0; i < 3; i++) {
        boxtoi_poly_eval_mpq(y[i], m->e + 4 * i + 3, t);
        for (j = 0; j < 3; j++) {
            boxtoi_poly_eval_mpq(e, m->e + 4 * i + j, t);
            mpq_mul(e, e, p[j]);
            mpq_add(y[i], y[i], e);
        }
        mpq_div(y[i], y[i], w); /* w(t) != 0 on a valid range */
    }
    mpq_clear(e);
    mpq_clear(w);
}

/* Rotation by qa + qb t (no translation): qa = fixed if not NULL (then
   qb = 0), else random small integers; qb = 0 when qbnum == 0. */
static int set_rigid(boxtoi_motion_t m, gmp_randstate_t st,
                     const signed char *fixed, long qbnum,
                     unsigned long qbden)
{
    mpq_t qa[4], qb[4];
    int i, rc, zero = 1;
    for (i = 0; i < 4; i++) {
        mpq_init(qa[i]);
        mpq_init(qb[i]);
        if (fixed != NULL)
            mpq_set_si(qa[i], fixed[i], 1);
        else
            qgen_mpq(qa[i], st, 2, 1);
        zero = zero && mpq_sgn(qa[i]) == 0;
        if (qbnum > 0 && fixed == NULL)
            qgen_mpq(qb[i], st, qbnum, qbden);
    }
    if (zero)
        mpq_set_ui(qa[0], 1, 1);
    rc = boxtoi_motion_set_quat_linear(m, qa[0], qb[0], NULL, 0, NULL);
    for (i = 0; i < 4; i++) {
        mpq_clear(qa[i]);
        mpq_clear(qb[i]);
    }
    return rc == BOXTOI_OK;
}

/* m = [[A0 + A1 t, 0], [0, w]]: A0 = l I + small, a row negated
   sometimes, A1 small or 0; w one of 1, -1, 3, 1 + t^2, -1 - t^2. */
static void set_affine(boxtoi_motion_t m, gmp_randstate_t st)
{
    static const long ws[5][3] = {
        {1, 0, 0}, {-1, 0, 0}, {3, 0, 0}, {1, 0, 1}, {-1, 0, -1}};
    mpq_t x, y;
    int i, j, k, wi = (int)qgen_ui(st, 5), lin = qgen_ui(st, 3) != 0;
    int neg = qgen_ui(st, 4) == 0 ? (int)qgen_ui(st, 3) : -1;
    mpq_init(x);
    mpq_init(y);
    boxtoi_motion_zero(m);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            qgen_mpq(x, st, 1, 1);
            if (i == j) {
                mpq_set_si(y, 1 + (long)qgen_ui(st, 2), 1);
                mpq_add(x, x, y);
            }
            if (i == neg)
                mpq_neg(x, x);
            boxtoi_motion_set_coeff_mpq(m, i, j, 0, x);
            if (lin) {
                qgen_mpq(x, st, 1, 2);
                boxtoi_motion_set_coeff_mpq(m, i, j, 1, x);
            }
        }
    for (k = 0; k < 3; k++)
        boxtoi_motion_set_coeff_si(m, 3, 3, k, ws[wi][k]);
    mpq_clear(x);
    mpq_clear(y);
}

/* ---- queries --------------------------------------------------------- */

/* Quaternions of signed permutation rotations (and the identity). */
static const signed char rquat[][4] = {
    {1, 0, 0, 0},  {1, 1, 0, 0}, {1, 0, 1, 0},  {1, 0, 0, 1},
    {1, -1, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 1},  {1, 1, 1, 1},
    {1, -1, 1, -1}, {0, 1, 1, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}};
#define NRQUAT ((unsigned long)(sizeof rquat / sizeof rquat[0]))

/* Grid queries: box 2's body origin moves with an integer (or
   half-integer) velocity v and passes box 1's body origin plus an
   integer offset at the integer time delta. */
static void gen_grid(boxtoi_query_t q, gmp_randstate_t st, qpoly tr1[3],
                     qpoly tr2[3])
{
    long v[3], delta, t1 = 1 + (long)qgen_ui(st, 6), off;
    int i, axis = qgen_ui(st, 2) == 0, half = qgen_ui(st, 4) == 0;
    int far = qgen_ui(st, 5) == 0;
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_si(q->t1, t1, 1);
    q->t1_inf = qgen_ui(st, 5) == 0;
    delta = 1 + (long)qgen_ui(st, t1 < 3 ? (unsigned long)t1 : 3);
    do {
        for (i = 0; i < 3; i++)
            v[i] = (long)qgen_ui(st, 3) - 1;
        if (axis) {
            i = (int)qgen_ui(st, 3);
            v[0] = v[1] = v[2] = 0;
            v[i] = (long)qgen_ui(st, 2) ? 1 + (long)qgen_ui(st, 2) : -1;
        }
    } while (v[0] == 0 && v[1] == 0 && v[2] == 0);
    for (i = 0; i < 3; i++) {
        long b = (long)qgen_ui(st, 3) - 1, h = half ? 2 : 1;
        off = far ? (long)qgen_ui(st, 7) - 3 : (long)qgen_ui(st, 3) - 1;
        qp_set_si(&tr1[i], b);
        /* tr2 = (v t + p0) / h with tr2(delta) = b + off, the target */
        mpq_set_si(tr2[i].c[1], v[i], (unsigned long)h);
        mpq_set_si(tr2[i].c[0], (b + off) * h - v[i] * delta,
                   (unsigned long)h);
        mpq_canonicalize(tr2[i].c[0]);
        mpq_canonicalize(tr2[i].c[1]);
        tr2[i].len = 2;
    }
    if (!set_rigid(&q->motion[0], st, rquat[qgen_ui(st, NRQUAT)], 0, 1)
        || !set_rigid(&q->motion[1], st, rquat[qgen_ui(st, NRQUAT)], 0, 1))
        bail("qgen: constant rotation refused");
    add_translation(&q->motion[0], tr1);
    add_translation(&q->motion[1], tr2);
}

/* The linear part (no translation) of motion b of a non-grid family;
   1 if valid on the range. */
static int gen_linear(boxtoi_query_t q, gmp_randstate_t st, int kind, int b)
{
    boxtoi_motion_struct *m = &q->motion[b];
    int ok = 1;
    switch (kind) {
    case QGEN_RIGID: /* box 1 turns slowly */
        ok = b ? set_rigid(m, st, NULL, 2, 2) : set_rigid(m, st, NULL, 1, 4);
        break;
    case QGEN_AFFINE:
        set_affine(m, st);
        break;
    default:
        ok = set_rigid(m, st, NULL, 0, 1);
    }
    return ok && qgen_motion_valid(m, q->t0, q->t1_inf ? NULL : q->t1);
}

void qgen_query(boxtoi_query_t q, gmp_randstate_t st, int kind)
{
    qpoly tr1[3], tr2[3];
    mpq_t tm, target[3], c[2][3], y[3], off;
    int i, b, tries, deg, miss;
    for (i = 0; i < 3; i++) {
        qp_init(&tr1[i]);
        qp_init(&tr2[i]);
        mpq_init(target[i]);
        mpq_init(y[i]);
        mpq_init(c[0][i]);
        mpq_init(c[1][i]);
    }
    mpq_init(tm);
    mpq_init(off);
    qgen_box(&q->box[0], st, 20, kind == QGEN_GRID);
    qgen_box(&q->box[1], st, 20, kind == QGEN_GRID);
    if (kind == QGEN_GRID) {
        gen_grid(q, st, tr1, tr2);
        goto done;
    }
    gen_range(q, st);
    aim_time(tm, q, st);
    for (b = 0; b < 2; b++) { /* the boxes' centres */
        for (i = 0; i < 3; i++) {
            mpq_add(c[b][i], q->box[b].min[i], q->box[b].max[i]);
            mpq_div_2exp(c[b][i], c[b][i], 1);
        }
        for (tries = 0; tries < 100; tries++)
            if (gen_linear(q, st, kind, b))
                break;
        if (tries == 100)
            boxtoi_motion_set_identity(&q->motion[b]);
    }
    deg = kind == QGEN_TRANSLATIONAL ? 1 : 2;
    if (kind == QGEN_BALLISTIC && qgen_ui(st, 4) == 0)
        deg = 3; /* a cubic term: entries beyond the seed's degree 2 */
    small_translation(tr1, st, kind == QGEN_RIGID ? 2 : deg - 1);
    add_translation(&q->motion[0], tr1);
    /* aim box 2's centre at box 1's centre at tm, plus an offset (a
       large one: likely a miss) */
    miss = qgen_ui(st, 6) == 0;
    apply(target, &q->motion[0], tm, c[0]);
    apply(y, &q->motion[1], tm, c[1]);
    for (i = 0; i < 3; i++) {
        qgen_mpq(off, st, miss ? 12 : 2, 2);
        mpq_add(target[i], target[i], off);
        mpq_sub(target[i], target[i], y[i]);
    }
    aim_translation(tr2, st, deg, q->t0, tm, target, 6);
    add_translation(&q->motion[1], tr2);
done:
    for (i = 0; i < 3; i++) {
        qp_clear(&tr1[i]);
        qp_clear(&tr2[i]);
        mpq_clear(target[i]);
        mpq_clear(y[i]);
        mpq_clear(c[0][i]);
        mpq_clear(c[1][i]);
    }
    mpq_clear(tm);
    mpq_clear(off);
}
