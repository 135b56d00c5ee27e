/* t/linearfz-t.c: the closed form's fixed-limb instance
   (lib/contact/kernel-fz.h through contact_linear_fz, linear.c) against
   its GMP instance (contact_linear_gmp), branch by branch: the same
   template (linform.h) runs on both number types, so every field of the
   two results must agree on every query the fixed-limb version takes,
   and it must take them without its overflow guard firing (return 1,
   not 2): the size bound of linear.c must be a true bound.  The GMP
   version itself is checked against the independent oracle by
   t/xcheck-t.

   (1) Seeded translational and grid queries of t/qgen.c, and the same
   motions with their numbers multiplied by 2^s1 and 2^s2 (s up to 120:
   the same answers, larger numbers), so that the sizes sweep from a few
   bits to the bound: every query the bound admits agrees, and both
   sides of the bound occur (some scaled queries are refused).
   (2) Queries at the bound: for each query, the largest scale the bound
   admits (found by bisection on s), solved at that scale: the numbers
   are then as large as the instance takes.
   (3) The fixed-limb comparison of fractions against mpz on random
   near-ties of up to FZ_LIMBS limbs (c = floor(a d / b) + {-1, 0, 1})
   and exact ties (a = x b, c = x d), unrelated c (the bit-length
   shortcut) and c a relative 2^-k off for k <= 60 (the double filter
   deciding and not).
   (4) boxtoi_contact_first on scaled queries equals the original's
   GMP answer (the path it picks is the size-driven one).
   (5) The same queries with box 2's x-corners multiplied by 2^64 + 3:
   the box data's 128-bit corners (one-limb numerators) beside
   fixed-limb ones, both instances agreeing.
   (6) fz_mul, fz_add and fz_addmul against mpz on random operands of
   0-4 limbs (the 128-bit branches beside the mpn ones). */
#include <string.h>
#include "lib/util/impl.h"
#include "tap.h"
#include "qgen.h"
#include "lib/contact/impl.h"
#include "lib/contact/linear.h"
#include "lib/contact/kernel-fz.h"

typedef struct {
    long taken, refused, mismatch, guard, touched;
} counts;

/* q (scaled by 2^s1, 2^s2 into qs) through both instances */
static int check_one(counts *n, boxtoi_query_t qs, const boxtoi_query_t q,
                     unsigned long s1, unsigned long s2)
{
    boxtoi_contact_t a, b;
    int rc;
    boxtoi_contact_init(a);
    boxtoi_contact_init(b);
    boxtoi_query_set(qs, q);
    qgen_scale_motion(qs->motion, s1);
    qgen_scale_motion(qs->motion + 1, s2);
    contact_linear_gmp(b, q);
    a->nsections = -7;
    rc = contact_linear_fz(a, qs);
    if (rc == 0) {
        n->refused++;
        n->touched += a->nsections != -7;
    } else {
        n->taken++;
        n->guard += rc != 1;
        if (!qgen_same_result(a, b) && n->mismatch++ < 5) {
            diag("scaled by 2^%lu, 2^%lu: the instances differ:", s1, s2);
            qgen_fprint_query(stderr, qs);
        }
    }
    boxtoi_contact_clear(a);
    boxtoi_contact_clear(b);
    return rc != 0;
}

/* The same with box 2's x-corners multiplied by 2^64 + 3 (numerators
   of two limbs, the others of one: linear.c's box data mixes its
   128-bit corners and fixed-limb ones) */
static void check_wide(counts *n, boxtoi_query_t qs, const boxtoi_query_t q)
{
    boxtoi_contact_t a, b;
    mpq_t k;
    int rc;
    boxtoi_contact_init(a);
    boxtoi_contact_init(b);
    mpq_init(k);
    mpz_set_ui(mpq_numref(k), 1);
    mpz_mul_2exp(mpq_numref(k), mpq_numref(k), 64);
    mpz_add_ui(mpq_numref(k), mpq_numref(k), 3);
    boxtoi_query_set(qs, q);
    mpq_mul(qs->box[1].min[0], qs->box[1].min[0], k);
    mpq_mul(qs->box[1].max[0], qs->box[1].max[0], k);
    contact_linear_gmp(b, qs);
    rc = contact_linear_fz(a, qs);
    if (rc == 0) {
        n->refused++;
    } else {
        n->taken++;
        n->guard += rc != 1;
        if (!qgen_same_result(a, b) && n->mismatch++ < 5) {
            diag("box 2's x-corners widened: the instances differ:");
            qgen_fprint_query(stderr, qs);
        }
    }
    mpq_clear(k);
    boxtoi_contact_clear(a);
    boxtoi_contact_clear(b);
}

static void test_random(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q, qs;
    boxtoi_contact_t c, g;
    boxtoi_errinfo err;
    counts n, nb, nw;
    long i, nq = 400 * tap_multiplier(), nfirst = 0, nlinear = 0;

    memset(&n, 0, sizeof n);
    memset(&nb, 0, sizeof nb);
    memset(&nw, 0, sizeof nw);
    gmp_randinit_default(st);
    gmp_randseed_ui(st, tap_seed());
    boxtoi_query_init(q);
    boxtoi_query_init(qs);
    boxtoi_contact_init(c);
    boxtoi_contact_init(g);
    for (i = 0; i < nq; i++) {
        unsigned long s1, s2, lo, hi;
        qgen_query(q, st, i % 3 == 0 ? QGEN_GRID : QGEN_TRANSLATIONAL);
        /* contact_linear answers 0 for a query not of its kind */
        if (boxtoi_query_check(q, &err) != BOXTOI_OK || !contact_linear(c, q))
            continue;
        nlinear++;
        check_one(&n, qs, q, 0, 0);
        check_wide(&nw, qs, q);
        s1 = gmp_urandomm_ui(st, 121);
        s2 = gmp_urandomm_ui(st, 121);
        check_one(&n, qs, q, s1, s2);
        /* (2) the largest common scale the bound admits */
        lo = 0;
        hi = 200;
        while (hi - lo > 1) {
            unsigned long mid = (lo + hi) / 2;
            counts tmp;
            memset(&tmp, 0, sizeof tmp);
            if (check_one(&tmp, qs, q, mid, mid))
                lo = mid;
            else
                hi = mid;
        }
        check_one(&nb, qs, q, lo, lo);
        check_one(&nb, qs, q, hi, hi);
        /* (4) */
        if (i % 4 == 0) {
            boxtoi_query_set(qs, q);
            qgen_scale_motion(qs->motion, s1);
            qgen_scale_motion(qs->motion + 1, s2);
            contact_linear_gmp(g, q);
            if (boxtoi_contact_first(c, qs, NULL, &err) != BOXTOI_OK
                || !qgen_same_result(c, g))
                nfirst++;
        }
    }
    diag("%ld closed-form queries: %ld taken, %ld refused; at the bound "
         "%ld taken, %ld refused", nlinear, n.taken, n.refused, nb.taken,
         nb.refused);
    ok(nlinear >= nq / 2, "most generated queries are of the closed form's "
                          "kind (%ld of %ld)", nlinear, nq);
    ok(n.taken > nlinear && n.refused > 0,
       "scaled: the fixed-limb version both takes and refuses");
    is_int(n.mismatch + nb.mismatch, 0,
           "the fixed-limb and GMP instances give the same results");
    is_int(n.guard + nb.guard, 0,
           "the overflow guard never fires: the size bound holds");
    is_int(n.touched + nb.touched, 0, "refusing leaves the result untouched");
    is_int(nb.taken, nb.refused,
           "at the bound: one scale taken, the next refused, each query");
    ok(nw.taken > 0 && nw.mismatch == 0 && nw.guard == 0,
       "two-limb corners beside one-limb ones: the instances agree (%ld "
       "taken)", nw.taken);
    is_int(nfirst, 0, "boxtoi_contact_first answers the scaled queries "
                      "exactly as the originals");
    boxtoi_contact_clear(c);
    boxtoi_contact_clear(g);
    boxtoi_query_clear(q);
    boxtoi_query_clear(qs);
    gmp_randclear(st);
}

/* z = a random integer of up to maxbits bits, either sign */
static void rand_z(mpz_t z, gmp_randstate_t st, unsigned long maxbits)
{
    mpz_urandomb(z, st, 1 + gmp_urandomm_ui(st, maxbits));
    if (gmp_urandomm_ui(st, 2))
        mpz_neg(z, z);
}

static void test_cmp_frac(void)
{
    gmp_randstate_t st;
    mpz_t a, b, c, d, x, y;
    fz fa, fb, fc, fd;
    fz_wide wx, wy;
    int over = 0;
    long i, bad = 0, n = 3000 * tap_multiplier(), ties = 0;
    unsigned long maxbits = FZ_LIMBS * GMP_NUMB_BITS - 1;

    gmp_randinit_default(st);
    gmp_randseed_ui(st, tap_seed() + 1);
    mpz_inits(a, b, c, d, x, y, NULL);
    for (i = 0; i < n; i++) {
        int want, got;
        rand_z(a, st, maxbits);
        do
            rand_z(b, st, maxbits);
        while (mpz_sgn(b) == 0);
        mpz_abs(b, b);
        rand_z(d, st, maxbits / 2);
        mpz_abs(d, d);
        mpz_add_ui(d, d, 1);
        /* c = floor(a d / b) + {-1, 0, 1}: a near-tie, sometimes exact;
           every third case a = x b (b of at most half the bits), so that
           c = x d is an exact tie */
        if (i % 3 == 0) {
            mpz_fdiv_q_2exp(b, b, maxbits / 2);
            mpz_add_ui(b, b, 1);
            rand_z(x, st, maxbits / 2 - 2);
            mpz_mul(a, x, b);
        }
        mpz_mul(c, a, d);
        mpz_fdiv_q(c, c, b);
        if (i % 4 == 1) /* far apart: the bit-length shortcut decides */
            rand_z(c, st, maxbits);
        if (i % 4 == 2) { /* a relative 2^-k apart, k <= 60: the filter
                             decides for small k, not near 2^-47 */
            mpz_tdiv_q_2exp(x, c, gmp_urandomm_ui(st, 61));
            mpz_add(c, c, x);
        }
        switch (gmp_urandomm_ui(st, 3)) {
        case 0:
            mpz_sub_ui(c, c, 1);
            break;
        case 1:
            mpz_add_ui(c, c, 1);
            break;
        }
        if (mpz_sizeinbase(c, 2) > maxbits)
            continue;
        mpz_mul(x, a, d);
        mpz_mul(y, c, b);
        want = mpz_cmp(x, y);
        want = (want > 0) - (want < 0);
        ties += want == 0;
        fz_set_mpz(&over, &fa, a);
        fz_set_mpz(&over, &fb, b);
        fz_set_mpz(&over, &fc, c);
        fz_set_mpz(&over, &fd, d);
        got = fz_cmp_frac(&wx, &wy, &fa, &fb, &fc, &fd);
        bad += got != want;
    }
    diag("%ld exact ties", ties);
    is_int(bad + over, 0, "fz_cmp_frac is the sign of a d - c b");
    ok(ties > 0, "the near-ties include exact ties");
    mpz_clears(a, b, c, d, x, y, NULL);
    gmp_randclear(st);
}

/* fz_mul, fz_add (both signs) and fz_addmul against mpz on random
   operands of 0 to 4 limbs, either sign, often with full limbs (the
   128-bit schoolbook of two limbs and the 128-bit sums and differences
   with their carries, beside the mpn paths) */
static void test_arith(void)
{
    gmp_randstate_t st;
    mpz_t a, b, r, x, y;
    fz fa, fb, fr, ft;
    __mpz_struct v;
    long i, bad = 0, n = 20000 * tap_multiplier();
    int guard = 0, k;

    gmp_randinit_default(st);
    gmp_randseed_ui(st, tap_seed() + 2);
    mpz_inits(a, b, r, x, y, NULL);
    for (i = 0; i < n; i++) {
        mpz_ptr z[3] = {a, b, r};
        for (k = 0; k < 3; k++) {
            unsigned long limbs = gmp_urandomm_ui(st, 5);
            if (gmp_urandomm_ui(st, 2)) { /* all ones: carries */
                mpz_set_ui(z[k], 0);
                mpz_setbit(z[k], 64 * limbs);
                mpz_sub_ui(z[k], z[k], 1);
            } else
                mpz_urandomb(z[k], st, 64 * limbs);
            if (gmp_urandomm_ui(st, 2))
                mpz_neg(z[k], z[k]);
        }
        fz_set_mpz(&guard, &fa, a);
        fz_set_mpz(&guard, &fb, b);
        fz_set_mpz(&guard, &fr, r);
        fz_mul(&guard, &ft, &fa, &fb); /* a b */
        mpz_mul(x, a, b);
        bad += mpz_cmp(x, fz_view(&v, &ft, 1)) != 0;
        k = (int)gmp_urandomm_ui(st, 2);
        fz_set(&ft, &fr);
        fz_add(&guard, &ft, &fa, k); /* r +- a */
        (k ? mpz_sub : mpz_add)(y, r, a);
        bad += mpz_cmp(y, fz_view(&v, &ft, 1)) != 0;
        fz_addmul(&guard, &fr, &fa, &fb, k); /* r +- a b */
        (k ? mpz_submul : mpz_addmul)(r, a, b);
        bad += mpz_cmp(r, fz_view(&v, &fr, 1)) != 0;
    }
    is_int(bad + guard, 0, "fz_mul, fz_add and fz_addmul are mpz's on %ld "
                           "operands of 0-4 limbs", n);
    mpz_clears(a, b, r, x, y, NULL);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    test_random();
    test_cmp_frac();
    test_arith();
    return 0;
}
