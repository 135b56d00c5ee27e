/* t/linear-t.c: the closed form for translational motions
   (lib/contact/linear.c and its 128-bit version lib/contact/linear128.c;
   their internal functions are compiled into the test).

   (1) Hand-derived cases, answered by the 128-bit version (it must not
   fall back on such small numbers).
   (2) The two versions against each other on seeded translational and
   grid queries of t/qgen.c: whenever the 128-bit version answers, every
   field of the result is the GMP version's.  The GMP version itself is
   checked against the independent oracle by t/xcheck-t.
   (3) Overflow: the same queries with both motions' numerators and
   denominators multiplied by 2^s1 and 2^s2 (the same motions, larger
   numbers), s1, s2 <= 48: the 128-bit version either gives the same answer or
   gives up without touching the result, and it must give up for some
   s and answer for others; boxtoi_contact_first answers the scaled
   query exactly as the original.  Also huge box denominators and a huge
   range end.
   (5) The direction table contact_dirs that both read (planes.c),
   against the directions built as vectors: for random integer blocks A,
   n = e_k, a_{k+1} x a_{k+2} and e_i x a_j by cross products, and each
   n . e_m, n . a_m must be the table's c * quantity (the quantities A,
   adj(A) by cofactors, det A by the rule of Sarrus).
   (4) The exact comparisons of the 128-bit version (a double filter,
   then 256-bit products) against mpz on random near-ties: fractions
   a/b and c/d with c = floor(a d / b) + {-1, 0, 1}, and planes that
   vanish exactly or miss by one unit, with numbers up to 2^125. */
#include <string.h>
#include "lib/util/impl.h"
#include "tap.h"
#include "qgen.h"
#include "lib/contact/impl.h"
#include "lib/contact/linear.h"

/* Are two results the same in every field the closed form sets? */
static int same_result(const boxtoi_contact_t a, const boxtoi_contact_t b)
{
    if (a->status != b->status || a->nsections != b->nsections)
        return 0;
    if (a->status != BOXTOI_CONTACT)
        return 1;
    return a->initial == b->initial && a->tight == b->tight
           && memcmp(a->feature, b->feature, sizeof a->feature) == 0
           && mpq_equal(a->t.lo, b->t.lo) && mpq_equal(a->t.hi, b->t.hi)
           && boxtoi_poly_equal(&a->t.poly, &b->t.poly);
}

/* A translation with coordinate i = c[i][0] + c[i][1] t. */
static void set_linear(boxtoi_motion_t m, const long c[3][2], long den)
{
    mpq_t tr[6];
    int i;
    for (i = 0; i < 6; i++) {
        mpq_init(tr[i]);
        mpq_set_si(tr[i], c[i / 2][i % 2], (unsigned long)den);
        mpq_canonicalize(tr[i]);
    }
    boxtoi_motion_set_translation(m, tr[0], 2);
    for (i = 0; i < 6; i++)
        mpq_clear(tr[i]);
}

/* Solves q with the 128-bit version, which must answer; checks t
   (num/den, or no contact when den == 0) and the initial flag. */
static void hand_case(const char *name, const boxtoi_query_t q, long num,
                      long den, int initial)
{
    boxtoi_contact_t r;
    mpq_t want;
    boxtoi_contact_init(r);
    mpq_init(want);
#ifdef BOXTOI_HAVE_I128
    if (!ok(contact_linear_i128(r, q), "%s: the 128-bit version answers",
            name)) {
        boxtoi_contact_clear(r);
        mpq_clear(want);
        return;
    }
#else
    /* configure --disable-int128: the 128-bit version gives up without
       writing, and the GMP version must give the hand-derived answer */
    r->nsections = -7;
    ok(!contact_linear_i128(r, q) && r->nsections == -7,
       "%s: without 128-bit integers the small version gives up", name);
    contact_linear_gmp(r, q);
#endif
    if (den == 0) {
        is_int(r->status, BOXTOI_NO_CONTACT, "%s: no contact", name);
    } else {
        mpq_set_si(want, num, (unsigned long)den);
        mpq_canonicalize(want);
        is_int(r->status, BOXTOI_CONTACT, "%s: contact", name);
        ok(mpq_equal(r->t.lo, r->t.hi), "%s: t is rational", name);
        is_mpq(r->t.lo, want, "%s: t", name);
        is_int(r->initial, initial, "%s: initial", name);
    }
    boxtoi_contact_clear(r);
    mpq_clear(want);
}

static void test_hand(void)
{
    boxtoi_query_t q;
    boxtoi_errinfo err;
    mpq_t qa[4], qb[4], tr[6];
    int i;

    boxtoi_query_init(q);
    for (i = 0; i < 4; i++) {
        mpq_init(qa[i]);
        mpq_init(qb[i]);
    }
    for (i = 0; i < 6; i++)
        mpq_init(tr[i]);

    /* Unit cubes; box 2 at x = 3 - 2t: its face x = 3 - 2t meets box 1's
       face x = 1 at t = 1. */
    {
        static const long c[3][2] = {{3, -2}, {0, 0}, {0, 0}};
        boxtoi_box_set_si(q->box, 0, 0, 0, 1, 1, 1);
        boxtoi_box_set_si(q->box + 1, 0, 0, 0, 1, 1, 1);
        boxtoi_motion_set_identity(q->motion);
        set_linear(q->motion + 1, c, 1);
        mpq_set_si(q->t0, 0, 1);
        mpq_set_si(q->t1, 5, 1);
        q->t1_inf = 0;
        hand_case("face-face at 1", q, 1, 1, 0);
    }
    /* The same, 5 higher in y: never meets. */
    {
        static const long c[3][2] = {{3, -2}, {5, 0}, {0, 0}};
        set_linear(q->motion + 1, c, 1);
        hand_case("passes above", q, 0, 0, 0);
    }
    /* Box 2 covers x in [3 - 2t, 4 - 2t], so the cubes meet for t in
       [1, 2]; range [3/2, 5]: contact at t0 = 3/2, initial. */
    {
        static const long c[3][2] = {{3, -2}, {0, 0}, {0, 0}};
        set_linear(q->motion + 1, c, 1);
        mpq_set_si(q->t0, 3, 2);
        hand_case("overlap at t0", q, 3, 2, 1);
        /* range [5/2, +inf): box 2 has left for good */
        mpq_set_si(q->t0, 5, 2);
        q->t1_inf = 1;
        hand_case("gone after t0", q, 0, 0, 0);
        q->t1_inf = 0;
    }
    /* Box 2 = [0,2]x[0,1]x[0,1] turned by 90 degrees about z (quaternion
       (1, 0, 0, 1): (x, y, z) -> (-y, x, z)), so it covers
       [-1, 0] x [0, 2] x [0, 1] before its translation
       (13/3 - 2t, 1/2, 0): x in [10/3 - 2t, 13/3 - 2t], y in [1/2, 5/2].
       It meets box 1 = [0,1]^3 when 10/3 - 2t = 1: t = 7/6. */
    {
        mpq_set_si(qa[0], 1, 1);
        mpq_set_si(qa[1], 0, 1);
        mpq_set_si(qa[2], 0, 1);
        mpq_set_si(qa[3], 1, 1);
        for (i = 0; i < 4; i++)
            mpq_set_si(qb[i], 0, 1);
        mpq_set_si(tr[0], 13, 3);
        mpq_set_si(tr[1], -2, 1);
        mpq_set_si(tr[2], 1, 2);
        mpq_set_si(tr[3], 0, 1);
        mpq_set_si(tr[4], 0, 1);
        mpq_set_si(tr[5], 0, 1);
        ok(boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], tr[0],
                                         2, &err) == BOXTOI_OK,
           "quaternion motion built");
        boxtoi_box_set_si(q->box + 1, 0, 0, 0, 2, 1, 1);
        mpq_set_si(q->t0, 0, 1);
        mpq_set_si(q->t1, 5, 1);
        hand_case("turned box at 7/6", q, 7, 6, 0);
        /* stop short: range [0, 1] */
        mpq_set_si(q->t1, 1, 1);
        hand_case("turned box, range too short", q, 0, 0, 0);
        /* exactly long enough: [0, 7/6] closed */
        mpq_set_si(q->t1, 7, 6);
        hand_case("turned box, range ends at contact", q, 7, 6, 0);
    }
    for (i = 0; i < 4; i++) {
        mpq_clear(qa[i]);
        mpq_clear(qb[i]);
    }
    for (i = 0; i < 6; i++)
        mpq_clear(tr[i]);
    boxtoi_query_clear(q);
}

/* Is q of the closed form's kind?  (contact_linear tells, but also
   solves; its 0 answer means another kind.) */
static int is_linear_query(const boxtoi_query_t q)
{
    boxtoi_contact_t r;
    int yes;
    boxtoi_contact_init(r);
    yes = contact_linear(r, q);
    boxtoi_contact_clear(r);
    return yes;
}

static void test_random(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q, qs;
    boxtoi_contact_t a, b, c;
    boxtoi_errinfo err;
    long n = 1500 * tap_multiplier(), i, nsmall = 0, nlinear = 0;
    long nmismatch = 0, ntouched = 0, ngaveup = 0, nanswered = 0, nfirst = 0;
    long nscaled = 0;

    gmp_randinit_default(st);
    gmp_randseed_ui(st, tap_seed());
    boxtoi_query_init(q);
    boxtoi_query_init(qs);
    boxtoi_contact_init(a);
    boxtoi_contact_init(b);
    boxtoi_contact_init(c);
    for (i = 0; i < n; i++) {
        unsigned long s1, s2;
        qgen_query(q, st, i % 3 == 0 ? QGEN_GRID : QGEN_TRANSLATIONAL);
        if (boxtoi_query_check(q, &err) != BOXTOI_OK || !is_linear_query(q))
            continue;
        nlinear++;
        contact_linear_gmp(b, q);
        a->nsections = -7;
        if (contact_linear_i128(a, q)) {
            nsmall++;
            if (!same_result(a, b) && nmismatch++ < 5) {
                diag("query %ld: the versions differ:", i);
                qgen_fprint_query(stderr, q);
            }
        } else if (a->nsections != -7) {
            ntouched++;
        }
        /* the same motions with larger numbers */
        s1 = gmp_urandomm_ui(st, 49);
        s2 = gmp_urandomm_ui(st, 49);
        boxtoi_query_set(qs, q);
        qgen_scale_motion(qs->motion, s1);
        qgen_scale_motion(qs->motion + 1, s2);
        a->nsections = -7;
        if (contact_linear_i128(a, qs)) {
            nanswered++;
            if (!same_result(a, b) && nmismatch++ < 5) {
                diag("query %ld scaled by 2^%lu, 2^%lu: differs:", i, s1,
                     s2);
                qgen_fprint_query(stderr, qs);
            }
        } else if (a->nsections != -7) {
            ntouched++;
        } else {
            ngaveup++;
        }
        if (nscaled < 200) {
            nscaled++;
            if (boxtoi_contact_first(c, qs, NULL, &err) != BOXTOI_OK
                || !same_result(c, b))
                nfirst++;
        }
    }
    diag("%ld closed-form queries: %ld answered in 128 bits; scaled: %ld "
         "answered, %ld gave up", nlinear, nsmall, nanswered, ngaveup);
    ok(nlinear >= n / 2, "most generated queries are of the closed form's "
                         "kind (%ld of %ld)", nlinear, n);
#ifdef BOXTOI_HAVE_I128
    ok(nsmall * 10 >= nlinear * 9,
       "the 128-bit version answers at least 90%% of them");
#else
    is_int(nsmall, 0, "without 128-bit integers none is answered in 128 bits");
#endif
    is_int(nmismatch, 0, "the two versions give the same results");
    is_int(ntouched, 0, "giving up leaves the result untouched");
#ifdef BOXTOI_HAVE_I128
    ok(ngaveup > 0 && nanswered > 0,
       "scaled: the 128-bit version both gives up and answers");
#else
    ok(ngaveup > 0 && nanswered == 0,
       "scaled: without 128-bit integers the small version always gives up");
#endif
    is_int(nfirst, 0, "boxtoi_contact_first answers the scaled queries "
                      "exactly as the originals");

    /* huge box denominators (their lcm does not fit) and a huge t1 */
    {
        mpq_t x;
        mpq_init(x);
        qgen_query(q, st, QGEN_TRANSLATIONAL);
        while (!is_linear_query(q))
            qgen_query(q, st, QGEN_TRANSLATIONAL);
        contact_linear_gmp(b, q);
        boxtoi_query_set(qs, q);
        mpq_set_ui(x, 1, 1);
        mpz_mul_2exp(mpq_denref(x), mpq_denref(x), 40);
        mpz_sub_ui(mpq_denref(x), mpq_denref(x), 1); /* 2^40 - 1 */
        mpq_sub(qs->box[0].min[0], qs->box[0].min[0], x);
        mpq_add(qs->box[1].max[1], qs->box[1].max[1], x);
        mpz_add_ui(mpq_denref(x), mpq_denref(x), 2); /* 2^40 + 1 */
        mpq_canonicalize(x);
        mpq_add(qs->box[1].max[2], qs->box[1].max[2], x);
        a->nsections = -7;
        ok(!contact_linear_i128(a, qs) && a->nsections == -7,
           "box denominators with an lcm of 120 bits: gives up");
        contact_linear_gmp(c, qs);
        ok(boxtoi_contact_first(a, qs, NULL, &err) == BOXTOI_OK
               && same_result(a, c),
           "... and boxtoi_contact_first gives the GMP answer");
        /* t1 = t0 + 1 + 1/(2^70 + 1) */
        boxtoi_query_set(qs, q);
        qs->t1_inf = 0;
        mpq_set_ui(x, 1, 1);
        mpz_mul_2exp(mpq_denref(x), mpq_denref(x), 70);
        mpz_add_ui(mpq_denref(x), mpq_denref(x), 1);
        mpq_add(qs->t1, qs->t0, x);
        mpz_add(mpq_numref(qs->t1), mpq_numref(qs->t1),
                mpq_denref(qs->t1));
        a->nsections = -7;
        ok(!contact_linear_i128(a, qs) && a->nsections == -7,
           "a range end with a 71-bit denominator: gives up");
        contact_linear_gmp(c, qs);
        ok(boxtoi_contact_first(a, qs, NULL, &err) == BOXTOI_OK
               && same_result(a, c),
           "... and boxtoi_contact_first gives the GMP answer");
        mpq_clear(x);
    }
    boxtoi_contact_clear(a);
    boxtoi_contact_clear(b);
    boxtoi_contact_clear(c);
    boxtoi_query_clear(q);
    boxtoi_query_clear(qs);
    gmp_randclear(st);
}

#ifdef BOXTOI_HAVE_I128
static boxtoi_i128 to_i128(mpz_srcptr z)
{
    boxtoi_u128 u = 0;
    size_t k;
    for (k = mpz_size(z); k-- > 0;)
        u = (u << 64) | mpz_getlimbn(z, (mp_size_t)k);
    return mpz_sgn(z) < 0 ? -(boxtoi_i128)u : (boxtoi_i128)u;
}

/* a random integer of up to maxbits bits, either sign (b > 0: positive) */
static void rand_z(mpz_t z, gmp_randstate_t st, unsigned long maxbits,
                   int positive)
{
    mpz_urandomb(z, st, 1 + gmp_urandomm_ui(st, maxbits));
    if (positive)
        mpz_add_ui(z, z, 1);
    else if (gmp_urandomm_ui(st, 2))
        mpz_neg(z, z);
}

static void add_si(mpz_t z, long v)
{
    if (v >= 0)
        mpz_add_ui(z, z, (unsigned long)v);
    else
        mpz_sub_ui(z, z, (unsigned long)-v);
}

static void test_exact_ops(void)
{
    gmp_randstate_t st;
    mpz_t a, b, c, d, x, y, lim;
    long n = 20000 * tap_multiplier(), i, bad_cmp = 0, bad_zero = 0;
    long nzero = 0;

    tap_randinit(st);
    mpz_inits(a, b, c, d, x, y, lim, NULL);
    mpz_setbit(lim, 125);
    for (i = 0; i < n; i++) {
        int want, got, sgn = i % 2 ? 1 : -1;
        rand_z(a, st, 125, 0);
        rand_z(b, st, 125, 1);
        rand_z(d, st, 125, 1);
        /* c = floor(a d / b) + {-1, 0, 1}: a/b and c/d nearly equal */
        mpz_mul(x, a, d);
        mpz_fdiv_q(c, x, b);
        add_si(c, (long)gmp_urandomm_ui(st, 3) - 1);
        if (mpz_cmpabs(c, lim) >= 0 || mpz_cmpabs(a, lim) >= 0
            || mpz_cmpabs(b, lim) >= 0 || mpz_cmpabs(d, lim) >= 0)
            continue;
        mpz_mul(y, c, b);
        want = mpz_cmp(x, y);
        want = (want > 0) - (want < 0);
        got = contact_cmp_frac_i128(to_i128(a), to_i128(b), to_i128(c),
                                    to_i128(d));
        if (got != want && bad_cmp++ < 5)
            gmp_fprintf(stderr, "cmp_frac wrong: %Zd/%Zd vs %Zd/%Zd: %d, "
                        "not %d\n", a, b, c, d, got, want);
        /* a plane alpha + beta n/dd = sgn R, with alpha = a, beta = c,
           n = b, dd = d and R = sgn floor((a d + c b)/d), sometimes one
           off: bit 0 of the answer for sgn = 1, bit 1 for sgn = -1 */
        mpz_mul(x, a, d);
        mpz_addmul(x, c, b);
        mpz_fdiv_q(y, x, d);
        if (gmp_urandomm_ui(st, 2))
            add_si(y, (long)gmp_urandomm_ui(st, 3) - 1);
        if (sgn < 0)
            mpz_neg(y, y);
        if (mpz_cmpabs(y, lim) >= 0)
            continue;
        mpz_mul(lim, y, d);
        if (sgn < 0)
            mpz_neg(lim, lim);
        want = mpz_cmp(x, lim) == 0;
        mpz_set_ui(lim, 0);
        mpz_setbit(lim, 125);
        nzero += want;
        got = contact_plane_zero_i128(to_i128(a), to_i128(c), to_i128(y),
                                      to_i128(b), to_i128(d));
        got = sgn > 0 ? got & 1 : got >> 1;
        if (got != want && bad_zero++ < 5)
            gmp_fprintf(stderr, "plane_zero wrong: %Zd + %Zd %Zd/%Zd = "
                        "%d %Zd: %d, not %d\n", a, c, b, d, sgn, y, got,
                        want);
    }
    is_int(bad_cmp, 0, "near-tie fraction comparisons are exact");
    is_int(bad_zero, 0, "vanishing planes are found exactly");
    ok(nzero > 0, "some planes vanish exactly (%ld)", nzero);
    mpz_clears(a, b, c, d, x, y, lim, NULL);
    gmp_randclear(st);
}
#endif

static void cross(long *r, const long *x, const long *y)
{
    r[0] = x[1] * y[2] - x[2] * y[1];
    r[1] = x[2] * y[0] - x[0] * y[2];
    r[2] = x[0] * y[1] - x[1] * y[0];
}

/* (5) */
static void test_dir_table(void)
{
    gmp_randstate_t st;
    long n = 200 * tap_multiplier(), it, bad = 0;
    int d, m, i, j;
    tap_randinit(st);
    for (it = 0; it < n; it++) {
        long a[3][3], col[3][3], quant[Q_ONE + 1], v[3], e[3];
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++)
                a[i][j] = (long)gmp_urandomm_ui(st, 11) - 5;
        for (m = 0; m < 3; m++)
            for (i = 0; i < 3; i++)
                col[m][i] = a[i][m]; /* a_m, column m */
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                /* adj(A)_ij = cofactor C_ji = (-1)^(i+j) minor_ji */
                int r0 = j == 0 ? 1 : 0, r1 = j == 2 ? 1 : 2;
                int c0 = i == 0 ? 1 : 0, c1 = i == 2 ? 1 : 2;
                long minor = a[r0][c0] * a[r1][c1] - a[r0][c1] * a[r1][c0];
                quant[Q_A(i, j)] = a[i][j];
                quant[Q_ADJ(i, j)] = (i + j) % 2 ? -minor : minor;
            }
        quant[Q_W] = 1;
        quant[Q_DET] = a[0][0] * a[1][1] * a[2][2]
                       + a[0][1] * a[1][2] * a[2][0]
                       + a[0][2] * a[1][0] * a[2][1]
                       - a[0][2] * a[1][1] * a[2][0]
                       - a[0][0] * a[1][2] * a[2][1]
                       - a[0][1] * a[1][0] * a[2][2];
        quant[Q_ONE] = 1;
        for (d = 0; d < BOXTOI_NDIRS; d++) {
            const contact_dir *dir = contact_dirs + d;
            for (m = 0; m < 3; m++)
                e[m] = 0;
            if (d < 3) {
                for (m = 0; m < 3; m++)
                    v[m] = m == d;
            } else if (d < 6) {
                cross(v, col[(d - 3 + 1) % 3], col[(d - 3 + 2) % 3]);
            } else {
                e[(d - 6) / 3] = 1;
                cross(v, e, col[(d - 6) % 3]);
            }
            for (m = 0; m < 3; m++) {
                long ne = v[m], na = 0;
                for (i = 0; i < 3; i++)
                    na += v[i] * col[m][i];
                if (ne != dir->nv[m].c * quant[(int)dir->nv[m].q]
                    || na != dir->na[m].c * quant[(int)dir->na[m].q])
                    bad++;
            }
        }
    }
    is_int(0, bad, "the direction table is the directions' components "
                   "(%ld random blocks)", n);
    ok(strcmp(contact_dirs[0].kind, "face-vertex") == 0
           && strcmp(contact_dirs[3].kind, "vertex-face") == 0
           && strcmp(contact_dirs[6].kind, "edge-edge") == 0,
       "the kinds of the three families of directions");
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
#ifdef BOXTOI_HAVE_I128
    test_exact_ops();
#endif
    test_hand();
    test_random();
    test_dir_table();
    return 0;
}
