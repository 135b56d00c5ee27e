/* t/linfilter-t.c: the closed form's floating-point filter
   (lib/contact/linfilter.c) against the full exact path, branch by
   branch.  For every query the filter's decision f is taken and
   contact_linear_decided (which computes exactly only the deciding
   fraction, or nothing for an empty set) must give the same result,
   field by field, as contact_linear_gmp, the full exact path (itself
   checked against the independent oracle by t/xcheck-t); each kind of
   decision is counted, and every kind must occur, as must each class of
   deciding direction (box 1's faces, box 2's, edge-edge: the world
   normals of lib/contact/linworld.h).
   (1) Seeded translational and grid queries of t/qgen.c, and the same
   motions scaled by 2^s (larger numbers, the same answers).
   (2) Double queries: constant blocks I + small doubles, translations
   and boxes of random doubles (every number a binary64).
   (3) Rotated queries shaped like users' data: constant rotations from
   Pythagorean quaternions (|q_i| <= 7, entries of 12-20 bits over
   64 |q|^2 2^e, as bench's bits12) and from unit quaternions in doubles
   (nearly orthogonal, every number a binary64), linear translations.
   (4) Constructed ties: two directions entering at the same time
   (decided with alternatives, compared by the exact path; such ties
   are counted over all queries and must occur, also through the world
   path in 128 bits), and where the filter must not decide: contact
   exactly at t1, and faces touching for one instant; the same under a common rotation
   (parallel faces of both boxes entering together), touching at t0;
   and a contact at t0.
   Every query also goes through contact_linear (the dispatch) and,
   when decided and the sizes admit it, through the world path in
   128-bit integers (lib/contact/linworld128.c), each compared field by
   field with contact_linear_gmp, and a decided entry's quantity signs
   (which the world path reads instead of computing them) with the
   exact quantities from the relative motion; the seeded queries of (1)
   before scaling have small entries (as bench's 9-bit translational
   workload), so most decided contacts take that path, and both kinds
   (at t0, at an entry) must occur.  When the sizes admit it, every
   query also goes through the whole closed form in 64-bit world
   coordinates without the filter (lib/contact/linworld64.c), compared
   field by field with contact_linear_gmp: no contact, contact at t0
   and later, several tight directions, and an edge's world multiple
   w1 det(A1) < 0 (the seeded queries mirrored in z) must all occur. */
#include <math.h>
#include <string.h>
#include "lib/util/impl.h"
#include "tap.h"
#include "qgen.h"
#include "lib/motion/impl.h"
#include "lib/contact/impl.h"
#include "lib/contact/linear.h"

static long kinds[4], classes[3], mismatch, w128[2];
/* decided entries with alternatives (ties the exact path compares):
   all, and those through the world path in 128 bits */
static long ties, ties128;
/* decided entries with deferred directions (beta not told from 0):
   all, and those the world path in 128 bits accepted; last_w128: the
   last query went through that path */
static long defers, defers128;
static int last_w128;
/* queries the whole closed form in 64-bit world coordinates answered
   (lib/contact/linworld64.c): no contact, at t0, at a later time; with
   several tight directions; with an edge's multiple w1 det(A1) < 0
   (its alpha and beta negated) */
static long w64[3], w64multi, w64neg, w64no;
#ifdef BOXTOI_HAVE_I128
static long w64differ;
#endif

/* the sign of w1 det(A1) of q's first motion (constant blocks) */
static int edge_multiple_sign(const boxtoi_query_t q)
{
    boxtoi_poly_t d;
    int s;
    boxtoi_poly_init(d);
    boxtoi_motion_block_det(d, q->motion);
    s = boxtoi_poly_sgn_at_mpq(d, q->t0)
        * mpz_sgn(q->motion[0].e[15].coeffs);
    boxtoi_poly_clear(d);
    return s;
}

/* The quantities' signs a decided entry carries (f->qsg, read by the
   world path instead of its own products) against the exact ones of
   box 1's frame: A and w from the relative motion adj(M1) M2
   (relmotion.c's plain product, divided by a positive content only),
   adj(A) by cofactors and det A by the first column's expansion here;
   counted: proved and right, not proved (the world path computes
   them), proved and wrong. */
static long qproved, qopen, qwrong;

/* the sizes the filter read (contact_linfilter.nb, nt) against
   linear.c's own pass: agreeing, disagreeing, and read with a
   numerator of more than one limb */
static long sizes_same, sizes_wrong, sizes_big;

static void check_qsg(const boxtoi_query_t q, const contact_linfilter *f)
{
    boxtoi_motion_t rel;
    mpz_t a[9], adj[9], det, t;
    int s[BOXTOI_NQUANT], i, j, k;
    boxtoi_motion_init(rel);
    contact_relative_motion_gmp(rel, q, 1);
    mpz_init(det);
    mpz_init(t);
    for (k = 0; k < 9; k++) {
        const boxtoi_poly_struct *p = rel->e + 4 * (k / 3) + k % 3;
        mpz_init(adj[k]);
        mpz_init(a[k]);
        if (p->length > 0)
            mpz_set(a[k], p->coeffs);
    }
    /* adj(A)_ij = A_(j+1)(i+1) A_(j+2)(i+2) - A_(j+1)(i+2) A_(j+2)(i+1) */
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
            int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
            mpz_mul(adj[3 * i + j], a[3 * j1 + i1], a[3 * j2 + i2]);
            mpz_mul(t, a[3 * j1 + i2], a[3 * j2 + i1]);
            mpz_sub(adj[3 * i + j], adj[3 * i + j], t);
        }
    for (k = 0; k < 3; k++)
        mpz_addmul(det, a[3 * k], adj[k]); /* sum_k A_k0 adj(A)_0k */
    for (k = 0; k < 9; k++) {
        s[Q_A(k / 3, k % 3)] = mpz_sgn(a[k]);
        s[Q_ADJ(k / 3, k % 3)] = mpz_sgn(adj[k]);
    }
    s[Q_W] = rel->e[15].length > 0 ? mpz_sgn(rel->e[15].coeffs) : 0;
    s[Q_DET] = mpz_sgn(det);
    for (k = 0; k < BOXTOI_NQUANT; k++)
        if (f->qsg[k] == 2)
            qopen++;
        else if (f->qsg[k] == s[k])
            qproved++;
        else if (qwrong++ < 5) {
            diag("quantity %d: the filter's sign %d, exact %d", k,
                 f->qsg[k], s[k]);
            qgen_fprint_query(stderr, q);
        }
    for (k = 0; k < 9; k++) {
        mpz_clear(a[k]);
        mpz_clear(adj[k]);
    }
    mpz_clear(det);
    mpz_clear(t);
    boxtoi_motion_clear(rel);
}

#ifdef BOXTOI_HAVE_I128
/* Do the range's numbers have fewer than 64 bits (what the 64-bit
   world path reads them in)? */
static int range_fits_63(const boxtoi_query_t q)
{
    return mpz_sizeinbase(mpq_numref(q->t0), 2) < 64
           && mpz_sizeinbase(mpq_denref(q->t0), 2) < 64
           && (q->t1_inf || (mpz_sizeinbase(mpq_numref(q->t1), 2) < 64
                             && mpz_sizeinbase(mpq_denref(q->t1), 2) < 64));
}
#endif

/* q through the filter and both exact paths, and a decided contact
   also through the world path in 128 bits when the sizes admit it
   (w128[0] at t0, w128[1] at an entry); returns the kind */
static int check_one(const boxtoi_query_t q)
{
    int w;
    boxtoi_contact_t a, b, c;
    contact_linfilter f;
    int k = contact_linear_filter(&f, q);
    boxtoi_contact_init(a);
    boxtoi_contact_init(b);
    boxtoi_contact_init(c);
    contact_linear_decided(a, q, &f);
    contact_linear_gmp(b, q);
    kinds[k]++;
    if (f.nb >= 0) {
        if (contact_linear_sizes_agree(q, &f))
            sizes_same++;
        else if (sizes_wrong++ < 5) {
            diag("the filter's sizes %ld, %ld differ from linear.c's",
                 f.nb, f.nt);
            qgen_fprint_query(stderr, q);
        }
        sizes_big += f.nb > GMP_NUMB_BITS || f.nt > GMP_NUMB_BITS;
    }
    if (k == LIN_AT_ENTRY) { /* box 1's faces, box 2's, edge-edge */
        classes[f.dir < 3 ? 0 : f.dir < 6 ? 1 : 2]++;
        check_qsg(q, &f);
    }
    ties += k == LIN_AT_ENTRY && f.nalt > 0;
    defers += k == LIN_AT_ENTRY && f.ndef > 0;
    last_w128 = 0;
    if (!qgen_same_result(a, b) && mismatch++ < 5) {
        diag("decision %d: the filtered and exact paths differ:", k);
        qgen_fprint_query(stderr, q);
    }
    /* the dispatch itself (filter, 128-bit world or closed form, ...) */
    if (contact_linear(c, q) != 1
        || (!qgen_same_result(c, b) && mismatch++ < 5)) {
        diag("decision %d: contact_linear and the exact path differ:", k);
        qgen_fprint_query(stderr, q);
    }
    if ((k == LIN_AT_T0 || k == LIN_AT_ENTRY)
        && contact_linear_decided_w128(c, q, &f)) {
        w128[k == LIN_AT_ENTRY]++;
        ties128 += k == LIN_AT_ENTRY && f.nalt > 0;
        defers128 += k == LIN_AT_ENTRY && f.ndef > 0;
        last_w128 = 1;
        if (!qgen_same_result(c, b) && mismatch++ < 5) {
            diag("decision %d: the 128-bit world and exact paths differ:", k);
            qgen_fprint_query(stderr, q);
        }
    }
    /* the whole closed form in 64-bit world coordinates, no filter: it
       checks the sizes of what it reads, and admits exactly the queries
       that lin_sizes_of's own pass over the motions admits (when the
       range's numbers fit in 63 bits, which it also needs) */
    w = contact_linear_all_w64(c, q);
#ifdef BOXTOI_HAVE_I128
    if (range_fits_63(q) && w != contact_linear_w64_admits(q)
        && w64differ++ < 5) {
        diag("the 64-bit world path's size check differs from linear.c's");
        qgen_fprint_query(stderr, q);
    }
#endif
    w64no += !w;
    if (w) {
        w64[c->status != BOXTOI_CONTACT ? 0 : c->initial ? 1 : 2]++;
        w64multi += c->status == BOXTOI_CONTACT
                    && __builtin_popcountl(c->tight) > 1;
        w64neg += edge_multiple_sign(q) < 0;
        if (!qgen_same_result(c, b) && mismatch++ < 5) {
            diag("the 64-bit world closed form and the exact path differ:");
            qgen_fprint_query(stderr, q);
        }
    }
    boxtoi_contact_clear(a);
    boxtoi_contact_clear(b);
    boxtoi_contact_clear(c);
    return k;
}

static int is_linear(const boxtoi_query_t q)
{
    boxtoi_contact_t c;
    boxtoi_errinfo err;
    int r;
    if (boxtoi_query_check(q, &err) != BOXTOI_OK)
        return 0;
    boxtoi_contact_init(c);
    r = contact_linear(c, q);
    boxtoi_contact_clear(c);
    return r;
}

/* a random double in [-m, m] with 52 random bits */
static double rand_d(gmp_randstate_t st, double m)
{
    double x = (double)gmp_urandomb_ui(st, 26) * 0x1p-26
               + (double)gmp_urandomb_ui(st, 26) * 0x1p-52;
    return m * (2 * x - 1);
}

static void double_query(boxtoi_query_t q, gmp_randstate_t st)
{
    double a[16], lo, hi;
    boxtoi_errinfo err;
    mpq_t x;
    int b, i, k;
    mpq_init(x);
    for (b = 0; b < 2; b++) {
        for (i = 0; i < 16; i++)
            a[i] = (i == 0 || i == 5 || i == 10 || i == 15) ? 1 : 0;
        for (i = 0; i < 12; i++)
            a[i] += rand_d(st, i % 4 == 3 ? 4 : 0.5);
        if (boxtoi_motion_set_d(q->motion + b, a, &err) != BOXTOI_OK)
            continue;
        for (i = 0; i < 3; i++) {
            mpq_set_d(x, rand_d(st, 2));
            boxtoi_motion_set_coeff_mpq(q->motion + b, i, 3, 1, x);
        }
        for (k = 0; k < 3; k++) {
            lo = rand_d(st, 1);
            hi = lo + 0.1 + (rand_d(st, 1) + 1);
            mpq_set_d(q->box[b].min[k], lo);
            mpq_set_d(q->box[b].max[k], hi);
        }
    }
    mpq_set_d(q->t0, gmp_urandomm_ui(st, 2) ? 0 : rand_d(st, 1) + 1);
    mpq_set_d(x, 5 + rand_d(st, 3));
    q->t1_inf = gmp_urandomm_ui(st, 4) == 0;
    if (!q->t1_inf)
        mpq_set(q->t1, x);
    mpq_clear(x);
}

/* box b of q: a constant rotation (Pythagorean quaternion, or a unit
   quaternion in doubles when dbl) and the translation p + v t, p and v
   rationals over 64 2^e (or doubles) */
static void rot_motion(boxtoi_query_t q, int b, gmp_randstate_t st, int dbl,
                       const double *p, const double *v)
{
    mpq_t qa[4], qb[4], tr[6];
    boxtoi_errinfo err;
    double u[4], n = 0, a[16];
    int i;
    for (i = 0; i < 4; i++) {
        mpq_init(qa[i]);
        mpq_init(qb[i]);
    }
    for (i = 0; i < 6; i++)
        mpq_init(tr[i]);
    do {
        for (i = 0; i < 4; i++)
            mpq_set_si(qa[i], (long)gmp_urandomm_ui(st, 15) - 7, 1);
    } while (mpq_sgn(qa[0]) == 0 && mpq_sgn(qa[1]) == 0
             && mpq_sgn(qa[2]) == 0 && mpq_sgn(qa[3]) == 0);
    for (i = 0; i < 3; i++) {
        /* rationals over 64 2^e, or the doubles themselves */
        unsigned long den = 64UL << gmp_urandomm_ui(st, 4);
        if (dbl) {
            mpq_set_d(tr[2 * i], p[i]);
            mpq_set_d(tr[2 * i + 1], v[i]);
        } else {
            mpq_set_si(tr[2 * i], (long)(p[i] * (double)den), den);
            mpq_set_si(tr[2 * i + 1], (long)(v[i] * (double)den), den);
            mpq_canonicalize(tr[2 * i]);
            mpq_canonicalize(tr[2 * i + 1]);
        }
    }
    if (!dbl) {
        if (boxtoi_motion_set_quat_linear(q->motion + b, qa[0], qb[0], tr[0],
                                          2, &err) != BOXTOI_OK)
            boxtoi_motion_set_identity(q->motion + b);
    } else {
        double w, x, y, z;
        for (i = 0; i < 4; i++) {
            u[i] = rand_d(st, 1);
            n += u[i] * u[i];
        }
        n = sqrt(n);
        w = u[0] / n, x = u[1] / n, y = u[2] / n, z = u[3] / n;
        a[0] = 1 - 2 * (y * y + z * z);
        a[1] = 2 * (x * y - w * z);
        a[2] = 2 * (x * z + w * y);
        a[4] = 2 * (x * y + w * z);
        a[5] = 1 - 2 * (x * x + z * z);
        a[6] = 2 * (y * z - w * x);
        a[8] = 2 * (x * z - w * y);
        a[9] = 2 * (y * z + w * x);
        a[10] = 1 - 2 * (x * x + y * y);
        for (i = 0; i < 3; i++)
            a[4 * i + 3] = p[i];
        a[12] = a[13] = a[14] = 0;
        a[15] = 1;
        if (boxtoi_motion_set_d(q->motion + b, a, &err) == BOXTOI_OK)
            for (i = 0; i < 3; i++)
                boxtoi_motion_set_coeff_mpq(q->motion + b, i, 3, 1,
                                            tr[2 * i + 1]);
    }
    for (i = 0; i < 4; i++) {
        mpq_clear(qa[i]);
        mpq_clear(qb[i]);
    }
    for (i = 0; i < 6; i++)
        mpq_clear(tr[i]);
}

/* A rotated query: centred boxes of half-extents in [1/4, 3), box 2
   aimed at box 1 at a time in (0, 1) from 6 away along some axis. */
static void rot_query(boxtoi_query_t q, gmp_randstate_t st, int dbl)
{
    double p[2][3], v[2][3], tm = 0.25 + 0.5 * (rand_d(st, 1) + 1);
    int b, i, push = (int)gmp_urandomm_ui(st, 3);
    for (b = 0; b < 2; b++)
        for (i = 0; i < 3; i++) {
            double h = 1.625 + rand_d(st, 1.375);
            if (!dbl)
                h = (double)(long)(h * 64) / 64;
            mpq_set_d(q->box[b].max[i], h);
            mpq_set_d(q->box[b].min[i], -h);
        }
    for (i = 0; i < 3; i++) {
        double target;
        p[0][i] = rand_d(st, 1);
        v[0][i] = rand_d(st, 1);
        target = p[0][i] + v[0][i] * tm + rand_d(st, 2);
        p[1][i] = target + rand_d(st, 3) + (i == push ? 6 : 0);
        v[1][i] = (target - p[1][i]) / tm;
    }
    for (b = 0; b < 2; b++)
        rot_motion(q, b, st, dbl, p[b], v[b]);
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_ui(q->t1, 1, 1);
    q->t1_inf = gmp_urandomm_ui(st, 4) == 0;
}

static void test_rotated(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    long i, nq = 400 * tap_multiplier(), n[2] = {0, 0}, dec[2] = {0, 0};
    int dbl;
    gmp_randinit_default(st);
    gmp_randseed_ui(st, tap_seed() + 1);
    boxtoi_query_init(q);
    for (dbl = 0; dbl < 2; dbl++)
        for (i = 0; i < nq; i++) {
            rot_query(q, st, dbl);
            if (!is_linear(q))
                continue;
            n[dbl]++;
            dec[dbl] += check_one(q) != LIN_OPEN;
        }
    ok(n[0] >= nq / 2 && n[1] >= nq / 2 && 4 * dec[0] >= 3 * n[0]
           && 4 * dec[1] >= 3 * n[1],
       "rotated queries: %ld Pythagorean (%ld decided), %ld double (%ld "
       "decided)", n[0], dec[0], n[1], dec[1]);
    boxtoi_query_clear(q);
    gmp_randclear(st);
}

/* m := -m entry by entry (the same motion, in homogeneous form) */
static void negate_motion(boxtoi_motion_t m)
{
    long i, k;
    for (i = 0; i < 16; i++)
        for (k = 0; k < m->e[i].length; k++)
            mpz_neg(m->e[i].coeffs + k, m->e[i].coeffs + k);
}

/* the scene mirrored in z: row 2 of both motions negated (the same
   contact time; det A1 changes sign, w1 does not) */
static void mirror_z(boxtoi_query_t q)
{
    long b, i, k;
    for (b = 0; b < 2; b++)
        for (i = 8; i < 12; i++)
            for (k = 0; k < q->motion[b].e[i].length; k++)
                mpz_neg(q->motion[b].e[i].coeffs + k,
                        q->motion[b].e[i].coeffs + k);
}

/* motion b's translation times 2^s (a longer move along the same
   line: the blocks' sizes unchanged, the translations' grown) */
static void scale_translation(boxtoi_query_t q, int b, unsigned long s)
{
    long i, k;
    for (i = 3; i < 12; i += 4)
        for (k = 0; k < q->motion[b].e[i].length; k++)
            mpz_mul_2exp(q->motion[b].e[i].coeffs + k,
                         q->motion[b].e[i].coeffs + k, s);
}

static void test_random(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    long i, nq = 300 * tap_multiplier(), nlin = 0, nd = 0;
    gmp_randinit_default(st);
    gmp_randseed_ui(st, tap_seed());
    boxtoi_query_init(q);
    for (i = 0; i < nq; i++) {
        qgen_query(q, st, i % 3 == 0 ? QGEN_GRID : QGEN_TRANSLATIONAL);
        if (!is_linear(q))
            continue;
        nlin++;
        check_one(q);
        if (i % 15 == 1) {
            /* the translations' sizes across the 64-bit world path's
               bound, one bit at a time */
            boxtoi_query_t q2;
            unsigned long sh;
            boxtoi_query_init(q2);
            for (sh = 0; sh <= 40; sh++) {
                boxtoi_query_set(q2, q);
                scale_translation(q2, (int)(sh & 1), sh);
                check_one(q2);
            }
            boxtoi_query_clear(q2);
        }
        mirror_z(q);
        check_one(q);
        qgen_scale_motion(q->motion, gmp_urandomm_ui(st, 100));
        qgen_scale_motion(q->motion + 1, gmp_urandomm_ui(st, 100));
        check_one(q);
        /* the same motions negated (w < 0, det of the other sign; w1
           det(A1) unchanged, the mirror above changes it) */
        negate_motion(q->motion + gmp_urandomm_ui(st, 2));
        check_one(q);
    }
    for (i = 0; i < nq; i++) {
        double_query(q, st);
        if (!is_linear(q))
            continue;
        nd++;
        check_one(q);
    }
    ok(nlin >= nq / 2 && nd >= nq / 2,
       "generated closed-form queries: %ld rational, %ld double", nlin, nd);
    boxtoi_query_clear(q);
    gmp_randclear(st);
}

/* box 2 = [0,1]^3 at (x0 + vx t, y0 + vy t, 0), box 1 = [0,1]^3 fixed;
   range [t0n/t0d, t1] */
static int hand(long x0, long vx, long y0, long vy, long t0n, long t0d,
                long t1)
{
    boxtoi_query_t q;
    mpq_t tr[6];
    int i, k;
    boxtoi_query_init(q);
    for (i = 0; i < 6; i++)
        mpq_init(tr[i]);
    mpq_set_si(tr[0], x0, 1);
    mpq_set_si(tr[1], vx, 1);
    mpq_set_si(tr[2], y0, 1);
    mpq_set_si(tr[3], vy, 1);
    boxtoi_box_set_si(q->box, 0, 0, 0, 1, 1, 1);
    boxtoi_box_set_si(q->box + 1, 0, 0, 0, 1, 1, 1);
    boxtoi_motion_set_identity(q->motion);
    boxtoi_motion_set_translation(q->motion + 1, tr[0], 2);
    mpq_set_si(q->t0, t0n, (unsigned long)t0d);
    mpq_set_si(q->t1, t1, 1);
    q->t1_inf = 0;
    k = is_linear(q) ? check_one(q) : -1;
    for (i = 0; i < 6; i++)
        mpq_clear(tr[i]);
    boxtoi_query_clear(q);
    return k;
}

/* Both boxes [-1,1]^3 turned by the same rotation (quaternion
   (2, 1, 0, 0): faces of both boxes parallel), box 2 at x0 along box 1's
   turned x axis, moving back at speed 1: its face reaches box 1's at
   t = x0 - 2, a tie between the two boxes' face directions; with
   x0 = 2 they touch at t0 = 0. */
static int rot_tie(long x0, long vx)
{
    boxtoi_errinfo err;
    boxtoi_query_t q;
    mpq_t qa[4], qb[4], tr[6];
    int i, k, b;
    boxtoi_query_init(q);
    for (i = 0; i < 4; i++) {
        mpq_init(qa[i]);
        mpq_init(qb[i]);
    }
    for (i = 0; i < 6; i++)
        mpq_init(tr[i]);
    mpq_set_si(qa[0], 2, 1);
    mpq_set_si(qa[1], 1, 1);
    for (b = 0; b < 2; b++) {
        boxtoi_box_set_si(q->box + b, -1, -1, -1, 1, 1, 1);
        /* R e_x = e_x for a rotation about x */
        mpq_set_si(tr[0], b == 0 ? 0 : x0, 1);
        mpq_set_si(tr[1], b == 0 ? 0 : vx, 1);
        if (boxtoi_motion_set_quat_linear(q->motion + b, qa[0], qb[0], tr[0],
                                          2, &err) != BOXTOI_OK)
            return -2;
    }
    mpq_set_ui(q->t0, 0, 1);
    mpq_set_ui(q->t1, 10, 1);
    q->t1_inf = 0;
    k = is_linear(q) ? check_one(q) : -1;
    for (i = 0; i < 4; i++) {
        mpq_clear(qa[i]);
        mpq_clear(qb[i]);
    }
    for (i = 0; i < 6; i++)
        mpq_clear(tr[i]);
    boxtoi_query_clear(q);
    return k;
}

static void test_ties(void)
{
    /* the edge directions' beta vanish by cancellation: deferred to
       the world path, which finds them the zero vector or R > |alpha| */
    is_int(rot_tie(5, -1), LIN_AT_ENTRY,
           "rotated parallel faces of both boxes entering together at t = 3: "
           "decided, directions deferred");
#ifdef BOXTOI_HAVE_I128
    ok(last_w128, "... and the 128-bit world path accepts the deferral");
#endif
    is_int(rot_tie(2, 1), LIN_OPEN,
           "rotated faces touching at t0, moving apart: not decided");
    is_int(rot_tie(2, -1), LIN_OPEN,
           "rotated faces touching at t0, moving in: not decided");
    /* the edge directions e_i x a_i vanish by cancellation (A =
       w1 adj(A1) A2 is diagonal, its terms are not): alpha = R = 0 is
       not proved, so not R > |alpha| */
    is_int(rot_tie(1, 0), LIN_OPEN,
           "rotated boxes overlapping at rest, directions vanishing by "
           "cancellation: not decided");
    /* box 2 covers [3 - 2t, 4 - 2t] in x and in y: it reaches box 1's
       faces x = 1 and y = 1 both at t = 1 (3 - 2t = 1) */
    /* (the filter leaves the tie to the exact path: decided at an
       entry with alternatives, compared there exactly; check_one
       compares the result, t = 1 and the tight planes, with
       contact_linear_gmp's) */
    is_int(hand(3, -2, 3, -2, 0, 1, 5), LIN_AT_ENTRY,
           "two directions entering at t = 1: decided, the tie left to "
           "the exact comparison");
    /* x = 3 - 2t alone: every direction parallel to x enters at 1 (the
       faces of both boxes: ties) */
    is_int(hand(3, -2, 0, 0, 0, 1, 5), LIN_AT_ENTRY,
           "parallel faces entering together: decided, the tie left to "
           "the exact comparison");
    /* the range ends at the contact, t1 = 1 */
    is_int(hand(3, -2, 1, 0, 0, 1, 1), LIN_OPEN,
           "contact exactly at t1: not decided");
    /* faces y touch for ever (y0 = 1): |alpha| = R in direction y */
    is_int(hand(3, -2, 1, 0, 0, 1, 5), LIN_AT_ENTRY,
           "touching faces (|alpha| = R): decided, direction y deferred");
    ok(!last_w128, "... and the world path refuses it (R = |alpha|): the "
       "full closed form answers");
    /* overlapping on [1, 2], range from 3/2: contact at t0 */
    is_int(hand(3, -2, 0, 0, 3, 2, 5), LIN_AT_T0,
           "overlap at t0 = 3/2: decided, contact at t0");
    /* passes 5 above: empty, beta = 0 in y */
    is_int(hand(3, -2, 5, 0, 0, 1, 5), LIN_EMPTY, "passing above: empty");
}

int main(void)
{
    plan_lazy();
    test_random();
    test_rotated();
    test_ties();
    is_int(mismatch, 0, "the filtered and exact paths give the same results");
    diag("decisions: %ld open (exact path), %ld empty, %ld at t0, %ld at an "
         "entry", kinds[LIN_OPEN], kinds[LIN_EMPTY], kinds[LIN_AT_T0],
         kinds[LIN_AT_ENTRY]);
    ok(kinds[LIN_OPEN] > 0 && kinds[LIN_EMPTY] > 0 && kinds[LIN_AT_T0] > 0
           && kinds[LIN_AT_ENTRY] > 0,
       "every branch is exercised (the exact fallback and each decision)");
    ok(ties >= 10, "entries tied with alternatives decided exactly: %ld",
       ties);
    ok(defers >= 10, "entries decided with deferred directions: %ld",
       defers);
#ifdef BOXTOI_HAVE_I128
    ok(defers128 >= 10 && defers128 < defers,
       "... accepted by the 128-bit world path: %ld (others refused)",
       defers128);
    ok(ties128 >= 10, "... of them through the 128-bit world path: %ld",
       ties128);
    ok(w128[0] > 0 && w128[1] >= 100,
       "decided contacts in 128-bit world coordinates, the same results: "
       "%ld at t0, %ld at an entry", w128[0], w128[1]);
    ok(w64[0] >= 100 && w64[1] > 0 && w64[2] >= 100 && w64multi > 0
           && w64neg >= 10,
       "the whole closed form in 64-bit world coordinates, the same "
       "results: %ld no contact, %ld at t0, %ld later (%ld with several "
       "tight directions, %ld with w1 det(A1) < 0)",
       w64[0], w64[1], w64[2], w64multi, w64neg);
    ok(w64differ == 0 && w64no >= 100,
       "... admitted by the sizes it reads exactly when linear.c's pass "
       "over the motions admits it (%ld not admitted, %ld differ)", w64no,
       w64differ);
#endif
    is_int(qwrong, 0, "the quantities' signs the filter proved are the "
           "exact ones (%ld)", qproved);
    ok(qproved > 0 && qopen > 0,
       "... and some are left to the world path's products (%ld)", qopen);
    diag("entries decided: %ld box 1's faces, %ld box 2's faces, %ld "
         "edge-edge", classes[0], classes[1], classes[2]);
    ok(classes[0] > 0 && classes[1] > 0 && classes[2] > 0,
       "each class of deciding direction occurs (linworld.h's normals)");
    is_int(sizes_wrong, 0, "the sizes the filter read are linear.c's own "
           "(%ld queries, %ld with numerators of several limbs)",
           sizes_same, sizes_big);
    ok(sizes_same >= 100 && sizes_big >= 10,
       "... on one-limb and larger numerators");
    return 0;
}
