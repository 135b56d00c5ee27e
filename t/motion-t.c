/* t/motion-t.c: tests of lib/motion (entries, constructors, products,
   adjugate, validity).  Identities checked exactly: S^T S = w^2 I for the
   quaternion matrix, adj(M) M = det(M) I, associativity of products.
   Validity is cross-checked with the independent test of t/qgen.c
   (its own determinant, Sturm counts only) on random motions, each also
   with its numbers scaled up (the same motion), which must give the
   same verdict and message: small numbers take the 128-bit determinant
   and the cheap proofs, large ones the polynomial products. */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"

void test_motion_pieces(void); /* t/motion-pieces.c */

/* A random motion: block entries of degree 0 to 2 with small integer
   coefficients (often a constant, sometimes zero), w(t) = c + d t + t^2
   or a constant; some blocks singular somewhere near [0, 2]. */
static void random_motion(boxtoi_motion_t m, gmp_randstate_t st)
{
    int i, j, k;
    boxtoi_motion_zero(m);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            int deg = (int)gmp_urandomm_ui(st, 4) - 1; /* -1: zero */
            if (i == j && deg < 0)
                deg = 0;
            for (k = 0; k <= deg; k++)
                boxtoi_motion_set_coeff_si(
                    m, i, j, k, (long)gmp_urandomm_ui(st, 9) - 4);
        }
    boxtoi_motion_set_coeff_si(m, 3, 3, 0,
                               (long)gmp_urandomm_ui(st, 7) - 3);
    if (gmp_urandomm_ui(st, 2)) {
        boxtoi_motion_set_coeff_si(m, 3, 3, 1,
                                   (long)gmp_urandomm_ui(st, 5) - 2);
        boxtoi_motion_set_coeff_si(m, 3, 3, 2, 1);
    }
}

static void test_check_random(void)
{
    gmp_randstate_t st;
    boxtoi_motion_t m, ms;
    boxtoi_errinfo err, errs;
    mpq_t t0, t1;
    long n = 2000 * tap_multiplier(), i, wrong = 0, differ = 0;
    long nvalid = 0, nsingular = 0, nweight = 0;
    int k;

    tap_randinit(st);
    boxtoi_motion_init(m);
    boxtoi_motion_init(ms);
    mpq_init(t0);
    mpq_init(t1);
    for (i = 0; i < n; i++) {
        int rc, rcs, inf = gmp_urandomm_ui(st, 5) == 0;
        random_motion(m, st);
        if (boxtoi_poly_is_zero(m->e + 15))
            continue;
        mpq_set_si(t0, (long)gmp_urandomm_ui(st, 5) - 2,
                   1 + gmp_urandomm_ui(st, 3));
        mpq_canonicalize(t0);
        mpq_set_si(t1, (long)gmp_urandomm_ui(st, 4) + 1,
                   1 + gmp_urandomm_ui(st, 3));
        mpq_canonicalize(t1);
        mpq_add(t1, t1, t0);
        rc = boxtoi_motion_check(m, t0, inf ? NULL : t1, "m", &err);
        nvalid += rc == BOXTOI_OK;
        nsingular += rc == BOXTOI_ESINGULAR;
        nweight += rc == BOXTOI_EWEIGHT;
        if ((rc == BOXTOI_OK) != qgen_motion_valid(m, t0, inf ? NULL : t1)
            && wrong++ < 3)
            diag("motion %ld: boxtoi_motion_check %d, t/qgen.c %d", i, rc,
                 qgen_motion_valid(m, t0, inf ? NULL : t1));
        /* the same motion with numerators and denominator times 2^50 */
        boxtoi_motion_set(ms, m);
        for (k = 0; k < 16; k++) {
            long c;
            for (c = 0; c < ms->e[k].length; c++)
                mpz_mul_2exp(ms->e[k].coeffs + c, ms->e[k].coeffs + c, 50);
        }
        mpz_mul_2exp(ms->den, ms->den, 50);
        rcs = boxtoi_motion_check(ms, t0, inf ? NULL : t1, "m", &errs);
        if ((rcs != rc || (rc != BOXTOI_OK && strcmp(err.msg, errs.msg)))
            && differ++ < 3)
            diag("motion %ld scaled: %d \"%s\" vs %d \"%s\"", i, rcs,
                 rcs != BOXTOI_OK ? errs.msg : "", rc,
                 rc != BOXTOI_OK ? err.msg : "");
    }
    diag("%ld random motions: %ld valid, %ld singular, %ld with w = 0 in "
         "the range", n, nvalid, nsingular, nweight);
    is_int(wrong, 0, "motion_check agrees with t/qgen.c's validity test");
    is_int(differ, 0, "scaled numbers: the same verdicts and messages");
    ok(nvalid > n / 10 && nsingular > n / 20 && nweight > n / 20,
       "valid, singular and vanishing-weight motions all occur");
    mpq_clear(t0);
    mpq_clear(t1);
    boxtoi_motion_clear(m);
    boxtoi_motion_clear(ms);
    gmp_randclear(st);
}

/* Constant blocks at every size of the determinant's paths (64-bit
   integers up to 20 bits, 128-bit up to 40, the filter on one limb
   below 2^63 (entries of 2^62 and 2^63 at shifts 61 and 62), fixed
   limbs up to 6 limbs, polynomials
   beyond, lib/motion/check.c): random integer blocks in [-2, 2] (often
   singular), each with its numbers times 2^s for s from 0 to 400 (the
   same motion), must get t/qgen.c's independent verdict at every s. */
static void test_check_const_sizes(void)
{
    static const unsigned long sh[] = {0, 18, 38, 41, 61, 62, 100, 250,
                                       317, 318, 380, 400};
    gmp_randstate_t st;
    boxtoi_motion_t m, ms;
    boxtoi_errinfo err;
    mpq_t t0;
    long n = 300 * tap_multiplier(), i, wrong = 0, nsing = 0;
    size_t j;
    int k;

    tap_randinit(st);
    boxtoi_motion_init(m);
    boxtoi_motion_init(ms);
    mpq_init(t0);
    for (i = 0; i < n; i++) {
        int valid;
        boxtoi_motion_zero(m);
        for (k = 0; k < 9; k++)
            boxtoi_motion_set_coeff_si(m, k / 3, k % 3, 0,
                                       (long)gmp_urandomm_ui(st, 5) - 2);
        boxtoi_motion_set_coeff_si(m, 3, 3, 0, 1);
        valid = qgen_motion_valid(m, t0, NULL);
        nsing += !valid;
        for (j = 0; j < sizeof sh / sizeof sh[0]; j++) {
            boxtoi_motion_set(ms, m);
            for (k = 0; k < 16; k++)
                if (ms->e[k].length > 0)
                    mpz_mul_2exp(ms->e[k].coeffs, ms->e[k].coeffs, sh[j]);
            mpz_mul_2exp(ms->den, ms->den, sh[j]);
            if ((boxtoi_motion_check(ms, t0, NULL, "m", &err) == BOXTOI_OK)
                    != valid
                && wrong++ < 3)
                diag("block %ld scaled by 2^%lu: wrong verdict", i, sh[j]);
        }
    }
    is_int(wrong, 0, "constant blocks of 1 to 7 limbs: t/qgen.c's verdicts");
    ok(nsing > 0 && nsing < n, "singular and regular blocks occur");
    mpq_clear(t0);
    boxtoi_motion_clear(m);
    boxtoi_motion_clear(ms);
    gmp_randclear(st);
}

/* Scaled rotations (A^T A = w^2 I: boxtoi_motion_check needs no
   determinant for them, since det A = +-w^3): random quaternion motions
   q(t) = qa + qb t, the same with a column negated (a reflection,
   det A = -w^3) and with one entry perturbed (no longer a scaled
   rotation: the general path), each checked against t/qgen.c's
   independent test.  w = |q(t)|^2 vanishes only where q(t) = 0, and
   with q(t) of integer coordinates in [-3, 3], q(t) = 0 needs qb
   parallel to qa; the first two kinds are valid exactly when w has no
   root in the range. */
static void test_check_rotations(void)
{
    gmp_randstate_t st;
    boxtoi_motion_t m;
    boxtoi_errinfo err;
    mpq_t qa[4], qb[4], t0, t1;
    long n = 300 * tap_multiplier(), i, wrong = 0, nrot = 0, rotbad = 0;
    long nweight = 0, nsing = 0;
    int k, kind;

    tap_randinit(st);
    boxtoi_motion_init(m);
    for (k = 0; k < 4; k++) {
        mpq_init(qa[k]);
        mpq_init(qb[k]);
    }
    mpq_init(t0);
    mpq_init(t1);
    for (i = 0; i < n; i++) {
        for (k = 0; k < 4; k++) {
            mpq_set_si(qa[k], (long)gmp_urandomm_ui(st, 7) - 3, 1);
            mpq_set_si(qb[k], (long)gmp_urandomm_ui(st, 7) - 3, 1);
        }
        if (i % 5 == 0) /* q(t) = (1 - 2t) qa: w = 0 at t = 1/2 */
            for (k = 0; k < 4; k++) {
                mpq_neg(qb[k], qa[k]);
                mpq_add(qb[k], qb[k], qb[k]);
            }
        if (boxtoi_motion_set_quat_linear(m, qa[0], qb[0], NULL, 0, &err)
            != BOXTOI_OK)
            continue;
        mpq_set_si(t0, -(long)gmp_urandomm_ui(st, 3), 1);
        mpq_set_si(t1, 1 + (long)gmp_urandomm_ui(st, 3), 1);
        for (kind = 0; kind < 3; kind++) {
            int rc, valid;
            if (kind == 1) /* negate column 1 */
                for (k = 0; k < 3; k++)
                    boxtoi_poly_neg(m->e + 4 * k + 1, m->e + 4 * k + 1);
            if (kind == 2) { /* A_00 += c t den, c in [-40, 40] */
                boxtoi_poly_t u;
                boxtoi_poly_init(u);
                boxtoi_poly_set_coeff_mpz(u, 1, m->den);
                boxtoi_poly_scalar_mul_si(
                    u, u, (long)gmp_urandomm_ui(st, 81) - 40);
                boxtoi_poly_add(m->e, m->e, u);
                boxtoi_poly_clear(u);
            }
            rc = boxtoi_motion_check(m, t0, t1, "m", &err);
            valid = qgen_motion_valid(m, t0, t1);
            if ((rc == BOXTOI_OK) != valid && wrong++ < 3)
                diag("rotation %ld kind %d: boxtoi_motion_check %d, "
                     "t/qgen.c %d", i, kind, rc, valid);
            nweight += rc == BOXTOI_EWEIGHT;
            nsing += rc == BOXTOI_ESINGULAR;
            if (kind < 2) {
                nrot++;
                if (rc != BOXTOI_OK && rc != BOXTOI_EWEIGHT)
                    rotbad++;
            }
        }
    }
    is_int(wrong, 0, "scaled rotations: motion_check agrees with t/qgen.c");
    is_int(rotbad, 0, "a scaled rotation is valid unless w vanishes "
                      "(%ld tried)", nrot);
    ok(nweight > 0 && nsing > 0,
       "vanishing w and singular perturbed blocks occur (%ld, %ld)",
       nweight, nsing);
    for (k = 0; k < 4; k++) {
        mpq_clear(qa[k]);
        mpq_clear(qb[k]);
    }
    mpq_clear(t0);
    mpq_clear(t1);
    boxtoi_motion_clear(m);
    gmp_randclear(st);
}

/* res = determinant of the 4x4 numerator matrix (cofactor expansion,
   written independently of the library's adjugate). */
static void det4(boxtoi_poly_t res, const boxtoi_motion_struct *m)
{
    /* Leibniz formula over the 24 permutations */
    static const int perm[24][4] = {
        {0,1,2,3},{0,1,3,2},{0,2,1,3},{0,2,3,1},{0,3,1,2},{0,3,2,1},
        {1,0,2,3},{1,0,3,2},{1,2,0,3},{1,2,3,0},{1,3,0,2},{1,3,2,0},
        {2,0,1,3},{2,0,3,1},{2,1,0,3},{2,1,3,0},{2,3,0,1},{2,3,1,0},
        {3,0,1,2},{3,0,2,1},{3,1,0,2},{3,1,2,0},{3,2,0,1},{3,2,1,0}};
    boxtoi_poly_t t;
    int p, i, j, inv;
    boxtoi_poly_init(t);
    boxtoi_poly_zero(res);
    for (p = 0; p < 24; p++) {
        inv = 0;
        for (i = 0; i < 4; i++)
            for (j = i + 1; j < 4; j++)
                inv += perm[p][i] > perm[p][j];
        boxtoi_poly_set_si(t, inv % 2 ? -1 : 1);
        for (i = 0; i < 4; i++)
            boxtoi_poly_mul(t, t, m->e + 4 * i + perm[p][i]);
        boxtoi_poly_add(res, res, t);
    }
    boxtoi_poly_clear(t);
}

int main(void)
{
    boxtoi_motion_t m, a, b, c, ab, ab_c, bc, a_bc;
    boxtoi_poly_t p, w, d, x;
    mpq_t qa[4], qb[4], qz[4], tr[6], v;
    mpz_t den;
    boxtoi_errinfo err;
    double dm[16];
    int i, j, k, good;

    plan_lazy();
    boxtoi_motion_init(m);
    boxtoi_motion_init(a);
    boxtoi_motion_init(b);
    boxtoi_motion_init(c);
    boxtoi_motion_init(ab);
    boxtoi_motion_init(ab_c);
    boxtoi_motion_init(bc);
    boxtoi_motion_init(a_bc);
    boxtoi_poly_init(p);
    boxtoi_poly_init(w);
    boxtoi_poly_init(d);
    boxtoi_poly_init(x);
    mpz_init(den);
    mpq_init(v);
    for (k = 0; k < 4; k++) {
        mpq_init(qa[k]);
        mpq_init(qb[k]);
        mpq_init(qz[k]);
    }
    for (k = 0; k < 6; k++)
        mpq_init(tr[k]);

    /* identity after init */
    good = 1;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            boxtoi_motion_get_entry(p, den, m, i, j);
            if (boxtoi_poly_degree(p) != (i == j ? 0 : -1))
                good = 0;
        }
    ok(good, "init gives the identity");
    is_int(0, boxtoi_motion_degree(m), "identity has degree 0");

    /* rational coefficients keep their exact values: entry (1,2) =
       1/3 + (5/7) t, entry (0,0) = 1 */
    mpq_set_si(v, 1, 3);
    boxtoi_motion_set_coeff_mpq(m, 1, 2, 0, v);
    mpq_set_si(v, 5, 7);
    boxtoi_motion_set_coeff_mpq(m, 1, 2, 1, v);
    boxtoi_motion_get_entry(p, den, m, 1, 2);
    {
        mpq_t e, s;
        mpz_t cz;
        mpq_init(e);
        mpq_init(s);
        mpz_init(cz);
        boxtoi_poly_get_coeff_mpz(cz, p, 1);
        mpq_set_num(s, cz);
        mpq_set_den(s, den);
        mpq_canonicalize(s);
        mpq_set_si(e, 5, 7);
        is_mpq(e, s, "coefficient 5/7 kept exactly");
        boxtoi_motion_get_entry(p, den, m, 0, 0);
        boxtoi_poly_get_coeff_mpz(cz, p, 0);
        mpq_set_num(s, cz);
        mpq_set_den(s, den);
        mpq_canonicalize(s);
        mpq_set_si(e, 1, 1);
        is_mpq(e, s, "entry (0,0) still 1 after rescaling");
        mpq_clear(e);
        mpq_clear(s);
        mpz_clear(cz);
    }

    /* Quaternion q = (1, 1/2, -1/3, 2) + (0, 1, 1, -1) t:
       S^T S = w^2 I and det S = w^3 exactly. */
    mpq_set_si(qa[0], 1, 1);
    mpq_set_si(qa[1], 1, 2);
    mpq_set_si(qa[2], -1, 3);
    mpq_set_si(qa[3], 2, 1);
    mpq_set_si(qb[1], 1, 1);
    mpq_set_si(qb[2], 1, 1);
    mpq_set_si(qb[3], -1, 1);
    mpq_set_si(tr[0], 3, 1);  /* x = 3 + t */
    mpq_set_si(tr[1], 1, 1);
    mpq_set_si(tr[4], -1, 2); /* z = -1/2 */
    is_int(BOXTOI_OK,
           boxtoi_motion_set_quat_linear(a, qa[0], qb[0], tr[0], 2, &err),
           "quaternion motion");
    boxtoi_motion_get_entry(w, den, a, 3, 3);
    good = 1;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            boxtoi_poly_zero(p);
            for (k = 0; k < 3; k++)
                boxtoi_poly_addmul(p, a->e + 4 * k + i, a->e + 4 * k + j);
            boxtoi_poly_mul(x, w, w);
            if (!boxtoi_poly_equal(p, i == j ? x : d)) /* d is 0 here */
                good = 0;
        }
    ok(good, "S^T S = w^2 I");
    /* translation column = w * tr */
    boxtoi_poly_set_coeffs_si(p, (const long[]){3, 1}, 2);
    boxtoi_poly_mul(p, p, w);
    is_poly(p, a->e + 3, "column 3 is w (3 + t)");
    is_int(BOXTOI_EWEIGHT,
           boxtoi_motion_set_quat_linear(b, qz[0], qz[0], NULL, 0, &err),
           "zero quaternion rejected");

    /* adj(M) M = det(M) I for the quaternion motion with a shear */
    boxtoi_motion_set_coeff_si(a, 0, 1, 2, 7);
    boxtoi_motion_adjugate(b, a);
    boxtoi_motion_mul(c, b, a);
    det4(d, a);
    good = 1;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            boxtoi_poly_zero(x);
            if (!boxtoi_poly_equal(c->e + 4 * i + j, i == j ? d : x))
                good = 0;
        }
    ok(good, "adj(M) M = det(M) I");
    /* aliasing: adjugate in place */
    boxtoi_motion_set(c, a);
    boxtoi_motion_adjugate(c, c);
    good = 1;
    for (k = 0; k < 16; k++)
        if (!boxtoi_poly_equal(c->e + k, b->e + k))
            good = 0;
    ok(good, "adjugate may alias its input");

    /* associativity (a b) c = a (b c) and aliasing of mul */
    boxtoi_motion_set_translation(c, tr[0], 2);
    boxtoi_motion_mul(ab, a, b);
    boxtoi_motion_mul(ab_c, ab, c);
    boxtoi_motion_mul(bc, b, c);
    boxtoi_motion_mul(a_bc, a, bc);
    good = 1;
    for (k = 0; k < 16; k++)
        if (!boxtoi_poly_equal(ab_c->e + k, a_bc->e + k))
            good = 0;
    ok(good, "(a b) c = a (b c)");
    boxtoi_motion_set(ab, a);
    boxtoi_motion_mul(ab, ab, b);
    boxtoi_motion_mul(bc, a, b);
    good = 1;
    for (k = 0; k < 16; k++)
        if (!boxtoi_poly_equal(ab->e + k, bc->e + k))
            good = 0;
    ok(good, "mul may alias its first input");

    /* doubles convert exactly: 0.1 is 3602879701896397 / 2^55 */
    memset(dm, 0, sizeof dm);
    dm[0] = dm[5] = dm[10] = dm[15] = 1.0;
    dm[3] = 0.1;
    is_int(BOXTOI_OK, boxtoi_motion_set_d(m, dm, &err), "set_d");
    boxtoi_motion_get_entry(p, den, m, 0, 3);
    {
        mpq_t e, s;
        mpz_t cz;
        mpq_init(e);
        mpq_init(s);
        mpz_init(cz);
        boxtoi_poly_get_coeff_mpz(cz, p, 0);
        mpq_set_num(s, cz);
        mpq_set_den(s, den);
        mpq_canonicalize(s);
        mpq_set_str(e, "3602879701896397/36028797018963968", 10);
        is_mpq(e, s, "0.1 as a double is converted exactly");
        mpq_clear(e);
        mpq_clear(s);
        mpz_clear(cz);
    }
    dm[7] = NAN;
    is_int(BOXTOI_ENUMBER, boxtoi_motion_set_d(m, dm, &err),
           "set_d rejects NaN");
    ok(strstr(err.msg, "[1][3]") != NULL, "and names the entry: %s",
       err.msg);

    /* validity */
    mpq_set_si(v, 0, 1);
    is_int(BOXTOI_OK, boxtoi_motion_check(a, v, NULL, "m", &err),
           "a quaternion motion is valid on [0, inf)");
    boxtoi_motion_set_identity(m);
    boxtoi_motion_set_coeff_si(m, 3, 2, 0, 1);
    is_int(BOXTOI_EPROJECTIVE, boxtoi_motion_check(m, v, NULL, "m", &err),
           "projective bottom row");
    ok(strstr(err.msg, "m[3][2]") != NULL, "names the entry: %s", err.msg);
    test_check_random();
    test_check_const_sizes();
    test_check_rotations();
    test_motion_pieces();

    for (k = 0; k < 4; k++) {
        mpq_clear(qa[k]);
        mpq_clear(qb[k]);
        mpq_clear(qz[k]);
    }
    for (k = 0; k < 6; k++)
        mpq_clear(tr[k]);
    mpq_clear(v);
    mpz_clear(den);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(w);
    boxtoi_poly_clear(d);
    boxtoi_poly_clear(x);
    boxtoi_motion_clear(m);
    boxtoi_motion_clear(a);
    boxtoi_motion_clear(b);
    boxtoi_motion_clear(c);
    boxtoi_motion_clear(ab);
    boxtoi_motion_clear(ab_c);
    boxtoi_motion_clear(bc);
    boxtoi_motion_clear(a_bc);
    return 0;
}
