/* t/motionrot-t.c: the scaled-rotation test of lib/motion/rotation128.c
   (A^T A = w^2 I at the 2 D + 1 integers 0 ... 2 D in machine words)
   against its reference, the identity coefficient by coefficient
   (motion_scaled_rotation_i128_ref), and the motion check's quadratic
   weights (check.c: a negative discriminant, no root) against t/qgen.c's
   independent validity test (Sturm counts only).  doc/algorithm.md §2.2.

   (1) Blocks S(q) from integer quaternions q of degree 1 to 3 with
   coefficients of 2 to 30 bits (built here with GMP polynomials from the
   formula of §2.1): A^T A = w^2 I and det S = w^3, so the answer is
   "yes" with adj(S) = +w S^T; with column 1 negated, "yes" with -1 (the
   determinant changes sign); with one coefficient moved by +-1, the
   reference decides.  Every verdict and sign equals the reference's;
   small coefficients take the points (e <= 62), 30-bit quaternions of
   degree 2 and 3 the coefficients (e > 62): both must occur.
   (2) Blocks whose identity vanishes at 0 ... 2 D - 1 but not at 2 D:
   A = s diag(a, w, w) with a = t^2 - 3 t + 3, w = 3 - 2 t (D = 2:
   a^2 - w^2 = t (t - 1) (t - 2) (t - 3)), s a random non-zero scale;
   the answer is "no" (sabotage: points 0 ... 2 D - 1 only say "yes").
   (3) Motions [[I, 0], [0, w]] with w quadratic, some perfect squares
   k (p t - r)^2 with the double root in the range or not, some with
   real roots, most with none: boxtoi_motion_check's verdict equals
   t/qgen.c's (sabotage: a zero discriminant taken as "no root" accepts
   a double root in the range). */
#include "lib/util/impl.h"
#include "tap.h"
#include "qgen.h"
#include "lib/motion/impl.h"

#ifdef BOXTOI_HAVE_I128

static void random_poly(boxtoi_poly_t p, gmp_randstate_t st, int deg,
                        int bits)
{
    mpz_t c;
    int i;
    mpz_init(c);
    boxtoi_poly_zero(p);
    for (i = 0; i <= deg; i++) {
        mpz_urandomb(c, st, (unsigned long)bits);
        if (gmp_urandomm_ui(st, 2))
            mpz_neg(c, c);
        boxtoi_poly_set_coeff_mpz(p, i, c);
    }
    mpz_clear(c);
}

/* s (row-major) and w = |q|^2 from q (doc/algorithm.md §2.1):
   S = (q0^2 - v.v) I + 2 v v^T + 2 q0 [v]x. */
static void quat_block(boxtoi_poly_struct *s, boxtoi_poly_t w,
                       boxtoi_poly_struct *q)
{
    boxtoi_poly_t sq[4], x, y;
    int i, j;
    boxtoi_poly_init(x);
    boxtoi_poly_init(y);
    for (i = 0; i < 4; i++) {
        boxtoi_poly_init(sq[i]);
        boxtoi_poly_mul(sq[i], q + i, q + i);
    }
    boxtoi_poly_add(w, sq[0], sq[1]);
    boxtoi_poly_add(w, w, sq[2]);
    boxtoi_poly_add(w, w, sq[3]);
    for (i = 0; i < 3; i++) {
        /* diagonal: q0^2 - v.v + 2 v_i^2 */
        boxtoi_poly_sub(s + 4 * i, sq[0], sq[1]);
        boxtoi_poly_sub(s + 4 * i, s + 4 * i, sq[2]);
        boxtoi_poly_sub(s + 4 * i, s + 4 * i, sq[3]);
        boxtoi_poly_add(s + 4 * i, s + 4 * i, sq[1 + i]);
        boxtoi_poly_add(s + 4 * i, s + 4 * i, sq[1 + i]);
        for (j = 0; j < 3; j++) {
            int k = 3 - i - j; /* the third axis */
            int e = (j - i + 3) % 3 == 1 ? -1 : 1; /* [v]x_ij = -e v_k */
            if (i == j)
                continue;
            boxtoi_poly_mul(x, q + 1 + i, q + 1 + j);
            boxtoi_poly_mul(y, q, q + 1 + k);
            if (e > 0)
                boxtoi_poly_add(x, x, y);
            else
                boxtoi_poly_sub(x, x, y);
            boxtoi_poly_scalar_mul_si(s + 3 * i + j, x, 2);
        }
    }
    for (i = 0; i < 4; i++)
        boxtoi_poly_clear(sq[i]);
    boxtoi_poly_clear(x);
    boxtoi_poly_clear(y);
}

/* One block: the test and the reference agree (verdict and sign); want
   >= 0 is the known answer (0 no, +-1 yes with that sign). */
static int one_block(const boxtoi_poly_struct *s, const boxtoi_poly_t w,
                     int want, long *nref)
{
    poly_i128 a[9], wi;
    int k, sg = 0, sr = 0, st = 0, r, rr, rt;
    for (k = 0; k < 9; k++)
        if (!poly_i128_set_poly(a + k, s + k))
            return 1; /* too large: not this file's question */
    if (!poly_i128_set_poly(&wi, w))
        return 1;
    rt = motion_scaled_rotation_i128(&st, a, &wi);
    r = rt && st != 0; /* proved with its sign */
    sg = st;
    rr = motion_scaled_rotation_i128_ref(&sr, a, &wi);
    *nref += 1;
    if (r != rr || rt != rr || (r && (sg != sr || st != sr)))
        return 0;
    if (want == 0 && r)
        return 0;
    if (want != 0 && want != 2 && (!r || sg != want))
        return 0;
    return 1;
}

static void test_quaternions(void)
{
    gmp_randstate_t st;
    boxtoi_poly_struct q[4], s[9];
    boxtoi_poly_t w, u;
    long n = 1500 * tap_multiplier(), i, wrong = 0, nref = 0;
    long npoint = 0, ncoef = 0, nyes = 0, nno = 0;
    static const int qbits[4] = {2, 8, 15, 30};
    int k, kind;

    tap_randinit(st);
    for (k = 0; k < 4; k++)
        boxtoi_poly_init(q + k);
    for (k = 0; k < 9; k++)
        boxtoi_poly_init(s + k);
    boxtoi_poly_init(w);
    boxtoi_poly_init(u);
    for (i = 0; i < n; i++) {
        int dq = 1 + (int)gmp_urandomm_ui(st, 3);
        int qb = qbits[gmp_urandomm_ui(st, 4)];
        for (k = 0; k < 4; k++)
            random_poly(q + k, st, dq, qb);
        quat_block(s, w, q);
        if (boxtoi_poly_is_zero(w))
            continue;
        /* which path answers: the points for quaternions of at most 8
           bits (e <= 2 * 8 + 5 + 1 + 6 * 4 < 62, doc/algorithm.md
           §2.2), the coefficients for 30-bit ones of degree 2 and 3
           (the weight's leading coefficient alone has about 60 bits,
           e >= 60 + 1 + 4 * 3 > 62) */
        if (qb <= 8)
            npoint++;
        else if (qb == 30 && dq >= 2)
            ncoef++;
        for (kind = 0; kind < 3; kind++) {
            int want = kind == 0 ? 1 : kind == 1 ? -1 : 2;
            if (kind == 1)
                for (k = 0; k < 3; k++)
                    boxtoi_poly_neg(s + 3 * k + 1, s + 3 * k + 1);
            if (kind == 2) {
                int e = (int)gmp_urandomm_ui(st, 9);
                boxtoi_poly_zero(u);
                boxtoi_poly_set_coeff_si(
                    u, (long)gmp_urandomm_ui(st, (unsigned long)(2 * dq + 1)),
                    gmp_urandomm_ui(st, 2) ? 1 : -1);
                boxtoi_poly_add(s + e, s + e, u);
            }
            if (!one_block(s, w, want, &nref) && wrong++ < 3)
                diag("quaternion case %ld kind %d (degree %d, %d bits)", i,
                     kind, dq, qb);
            if (kind == 2) {
                poly_i128 a[9], wi;
                int ok1 = 1;
                for (k = 0; k < 9; k++)
                    ok1 &= poly_i128_set_poly(a + k, s + k);
                if (ok1 && poly_i128_set_poly(&wi, w)) {
                    int sgn;
                    if (motion_scaled_rotation_i128(&sgn, a, &wi) && sgn)
                        nyes++;
                    else
                        nno++;
                }
            }
        }
    }
    is_int(wrong, 0, "quaternion blocks: the points agree with the "
                     "coefficients (%ld blocks)", nref);
    ok(npoint > 100 && ncoef > 100,
       "both paths taken (%ld small, %ld large)", npoint, ncoef);
    ok(nno > 100, "perturbed blocks are not rotations (%ld no, %ld yes)",
       nno, nyes);
    for (k = 0; k < 4; k++)
        boxtoi_poly_clear(q + k);
    for (k = 0; k < 9; k++)
        boxtoi_poly_clear(s + k);
    boxtoi_poly_clear(w);
    boxtoi_poly_clear(u);
    gmp_randclear(st);
}

/* (2): the identity vanishes at 0 ... 3 but not at 4 = 2 D. */
static void test_four_roots(void)
{
    gmp_randstate_t st;
    boxtoi_poly_struct s[9];
    boxtoi_poly_t w;
    long n = 200 * tap_multiplier(), i, wrong = 0, nref = 0;
    int k;

    tap_randinit(st);
    for (k = 0; k < 9; k++)
        boxtoi_poly_init(s + k);
    boxtoi_poly_init(w);
    for (i = 0; i < n; i++) {
        long sc = 1 + (long)gmp_urandomm_ui(st, 1UL << 20);
        int slot = (int)gmp_urandomm_ui(st, 3);
        if (gmp_urandomm_ui(st, 2))
            sc = -sc;
        for (k = 0; k < 9; k++)
            boxtoi_poly_zero(s + k);
        boxtoi_poly_zero(w);
        boxtoi_poly_set_coeff_si(w, 0, 3 * sc);
        boxtoi_poly_set_coeff_si(w, 1, -2 * sc);
        for (k = 0; k < 3; k++)
            boxtoi_poly_set(s + 4 * k, w);
        boxtoi_poly_set_coeff_si(s + 4 * slot, 0, 3 * sc);
        boxtoi_poly_set_coeff_si(s + 4 * slot, 1, -3 * sc);
        boxtoi_poly_set_coeff_si(s + 4 * slot, 2, sc);
        if (!one_block(s, w, 0, &nref) && wrong++ < 3)
            diag("four roots, case %ld", i);
    }
    is_int(wrong, 0, "an identity vanishing at 0 ... 2 D - 1 only is "
                     "refused (%ld blocks)", nref);
    for (k = 0; k < 9; k++)
        boxtoi_poly_clear(s + k);
    boxtoi_poly_clear(w);
    gmp_randclear(st);
}

/* (3): quadratic weights through boxtoi_motion_check. */
static void test_quadratic_weights(void)
{
    gmp_randstate_t st;
    boxtoi_motion_t m;
    boxtoi_errinfo err;
    mpq_t t0, t1;
    long n = 3000 * tap_multiplier(), i, wrong = 0;
    long nneg = 0, nsq = 0, nsqin = 0;

    tap_randinit(st);
    boxtoi_motion_init(m);
    mpq_init(t0);
    mpq_init(t1);
    for (i = 0; i < n; i++) {
        int kind = (int)gmp_urandomm_ui(st, 3), inf, rc, valid;
        long c0, c1, c2, kk = 1 + (long)gmp_urandomm_ui(st, 5);
        boxtoi_motion_zero(m);
        boxtoi_motion_set_coeff_si(m, 0, 0, 0, 1);
        boxtoi_motion_set_coeff_si(m, 1, 1, 0, 1);
        boxtoi_motion_set_coeff_si(m, 2, 2, 0, 1);
        if (kind == 0) { /* k (p t - r)^2: a double root r / p */
            long p = 1 + (long)gmp_urandomm_ui(st, 4);
            long r = (long)gmp_urandomm_ui(st, 13) - 6;
            c2 = kk * p * p;
            c1 = -2 * kk * p * r;
            c0 = kk * r * r;
        } else {
            c2 = 1 + (long)gmp_urandomm_ui(st, 9);
            c1 = (long)gmp_urandomm_ui(st, 41) - 20;
            c0 = (long)gmp_urandomm_ui(st, 41) - 20;
        }
        if (gmp_urandomm_ui(st, 2)) {
            c0 = -c0;
            c1 = -c1;
            c2 = -c2;
        }
        boxtoi_motion_set_coeff_si(m, 3, 3, 0, c0);
        boxtoi_motion_set_coeff_si(m, 3, 3, 1, c1);
        boxtoi_motion_set_coeff_si(m, 3, 3, 2, c2);
        mpq_set_si(t0, (long)gmp_urandomm_ui(st, 9) - 4,
                   1 + gmp_urandomm_ui(st, 3));
        mpq_set_si(t1, (long)gmp_urandomm_ui(st, 9) - 2,
                   1 + gmp_urandomm_ui(st, 3));
        mpq_canonicalize(t0);
        mpq_canonicalize(t1);
        if (mpq_cmp(t0, t1) > 0)
            mpq_swap(t0, t1);
        inf = gmp_urandomm_ui(st, 5) == 0;
        rc = boxtoi_motion_check(m, t0, inf ? NULL : t1, "m", &err);
        valid = qgen_motion_valid(m, t0, inf ? NULL : t1);
        if ((rc == BOXTOI_OK) != valid && wrong++ < 3)
            diag("quadratic weight %ld: %ld + %ld t + %ld t^2, check %d, "
                 "t/qgen.c %d", i, c0, c1, c2, rc, valid);
        nneg += c1 * c1 < 4 * c0 * c2;
        if (kind == 0) {
            nsq++;
            nsqin += !valid;
        }
    }
    is_int(wrong, 0, "quadratic weights: motion_check agrees with "
                     "t/qgen.c");
    ok(nneg > 300 && nsqin > 50 && nsq - nsqin > 50,
       "negative discriminants (%ld), double roots in (%ld) and out of "
       "(%ld) the range", nneg, nsqin, nsq - nsqin);
    mpq_clear(t0);
    mpq_clear(t1);
    boxtoi_motion_clear(m);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    test_quaternions();
    test_four_roots();
    test_quadratic_weights();
    return 0;
}

#else

int main(void)
{
    plan_lazy();
    ok(1, "no 128-bit integers: nothing to compare");
    return 0;
}

#endif
