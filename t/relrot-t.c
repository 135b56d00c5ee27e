/* t/relrot-t.c: the 128-bit relative motion of rigid motions whose
   relative gcd is not 1 (lib/contact/relmotion128.c: G = 1 is shown from
   the weights only when no weight divides every entry, doc/algorithm.md
   §2.3; otherwise the modular gcd decides), against an expected value
   derived by hand and against the GMP version (a different method).

   M1 = [[S(q), w T], [0, w]] from a random linear quaternion q and a
   random quadratic translation T (boxtoi_motion_set_quat_linear):
   (a) M2 = M1: M1^-1 M2 = I, so the normalised relative motion is the
       identity (G = w^2 up to a constant, every entry divisible by w);
   (b) M2 = M1 with its numerators times 3: the same motion, identity;
   (c) M2 with the same q and another translation T2: a translation,
       every entry of the reduced product divisible by w's primitive
       part; compared with the GMP version entry for entry;
   (d) M2 another random rigid motion: compared with the GMP version.
   Sabotage: claiming G = 1 whenever the weights are irreducible (without
   a witness entry) fails (a) to (c). */
#include "lib/util/impl.h"
#include "tap.h"
#include "qgen.h"
#include "lib/contact/impl.h"

static void random_rigid(boxtoi_motion_t m, gmp_randstate_t st, mpq_t *qa,
                         mpq_t *qb, mpq_t *tr, int keep_q)
{
    boxtoi_errinfo err;
    int k;
    do {
        for (k = 0; k < 4 && !keep_q; k++) {
            mpq_set_si(qa[k], (long)gmp_urandomm_ui(st, 11) - 5, 1);
            mpq_set_si(qb[k], (long)gmp_urandomm_ui(st, 11) - 5, 1);
        }
        for (k = 0; k < 9; k++)
            mpq_set_si(tr[k], (long)gmp_urandomm_ui(st, 21) - 10,
                       1 + gmp_urandomm_ui(st, 4));
        keep_q = 0;
    } while (boxtoi_motion_set_quat_linear(m, qa[0], qb[0], tr[0], 3, &err)
             != BOXTOI_OK);
}

int main(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    boxtoi_motion_t r, g, id;
    mpq_t qa[4], qb[4], tr[9];
    long n = 500 * tap_multiplier(), i, bad[4] = {0, 0, 0, 0};
    long answered[4] = {0, 0, 0, 0};
    int k, kind;

    plan_lazy();
    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_motion_init(r);
    boxtoi_motion_init(g);
    boxtoi_motion_init(id);
    boxtoi_motion_set_identity(id);
    for (k = 0; k < 4; k++) {
        mpq_init(qa[k]);
        mpq_init(qb[k]);
    }
    for (k = 0; k < 9; k++)
        mpq_init(tr[k]);
    for (i = 0; i < n; i++)
        for (kind = 0; kind < 4; kind++) {
            random_rigid(q->motion, st, qa, qb, tr, 0);
            if (kind <= 1)
                boxtoi_motion_set(q->motion + 1, q->motion);
            else
                random_rigid(q->motion + 1, st, qa, qb, tr, kind == 2);
            if (kind == 1) {
                for (k = 0; k < 16; k++)
                    boxtoi_poly_scalar_mul_si(q->motion[1].e + k,
                                              q->motion[1].e + k, 3);
                mpz_mul_ui(q->motion[1].den, q->motion[1].den, 3);
            }
            if (!contact_relative_motion_i128(r, q))
                continue;
            answered[kind]++;
            (void)contact_relative_motion_gmp(g, q, 0);
            if (!qgen_same_motion(r, g)
                || (kind <= 1 && !qgen_same_motion(r, id)))
                bad[kind]++;
        }
    for (kind = 0; kind < 4; kind++) {
        is_int(0, bad[kind], "kind %c: the 128-bit relative motion is %s",
               'a' + kind, kind <= 1 ? "the identity" : "the GMP version's");
#ifdef BOXTOI_HAVE_I128
        ok(answered[kind] > n / 2, "kind %c: the 128-bit version answers "
           "(%ld of %ld)", 'a' + kind, answered[kind], n);
#else
        is_int(0, answered[kind], "kind %c: without 128-bit integers the "
               "128-bit version gives up", 'a' + kind);
#endif
    }
    for (k = 0; k < 4; k++) {
        mpq_clear(qa[k]);
        mpq_clear(qb[k]);
    }
    for (k = 0; k < 9; k++)
        mpq_clear(tr[k]);
    boxtoi_motion_clear(r);
    boxtoi_motion_clear(g);
    boxtoi_motion_clear(id);
    boxtoi_query_clear(q);
    gmp_randclear(st);
    return 0;
}
