/* t/pointq-words-t.c: the word kernels of the contact point at a
   rational t (doc/algorithm.md §10.4) at their size limits, each
   against GMP's own arithmetic (a different method) and each path
   taken exactly when its size condition holds: zdot's sums of products
   in limbs (lib/contact/pointqd.c), adj(A) and rel in 128 bits, and
   rel's gcd from rel_33's factors or Euclid's steps
   (lib/contact/pointq128.c).  Moved from t/pointq-t.c, which tests
   the point itself against the reference modes. */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "point-ref.h"

/* zdot (lib/contact/pointqd.c) against sums of mpz_mul products, at its
   size limits: factors 0, +-1, +-(2^64 - 1) (the largest of one limb),
   +-2^64 (two: GMP) and random ones below 2^64, n = 1 .. 5 terms (5 >
   ZL_NT: GMP), every sign pattern neg; the limb path must be taken
   exactly when every factor is below 2^64 and n <= ZL_NT, and never
   with zctx.ref. */
static void zdot_cases(void)
{
    gmp_randstate_t st;
    boxtoi_contact_geom g;
    zctx *c;
    mpz_t x[10], r, want, p;
    mpz_srcptr a[5], b[5];
    long bad = 0, nlimb = 0, ngmp = 0, wrong = 0, i, before;
    int n, k, ref, small;
    unsigned neg;

    tap_randinit(st);
    boxtoi_contact_geom_init(&g);
    c = zctx_of(&g);
    mpz_init(r);
    mpz_init(want);
    mpz_init(p);
    for (k = 0; k < 10; k++)
        mpz_init(x[k]);
    for (i = 0; i < 20000; i++) {
        n = 1 + (int)gmp_urandomm_ui(st, 5);
        neg = (unsigned)gmp_urandomm_ui(st, 32);
        ref = gmp_urandomm_ui(st, 8) == 0;
        small = 1;
        for (k = 0; k < 2 * n; k++) {
            switch (gmp_urandomm_ui(st, 6)) {
            case 0:
                mpz_set_ui(x[k], gmp_urandomm_ui(st, 2));
                break;
            case 1:
                mpz_set_ui(x[k], 1);
                mpz_mul_2exp(x[k], x[k], 64);
                if (gmp_urandomm_ui(st, 4) != 0) {
                    mpz_sub_ui(x[k], x[k], 1);
                    break;
                }
                small = 0;
                break;
            default:
                mpz_urandomb(x[k], st, 1 + gmp_urandomm_ui(st, 64));
            }
            if (gmp_urandomm_ui(st, 2))
                mpz_neg(x[k], x[k]);
        }
        mpz_set_ui(want, 0);
        for (k = 0; k < n; k++) {
            a[k] = x[2 * k];
            b[k] = x[2 * k + 1];
            mpz_mul(p, x[2 * k], x[2 * k + 1]);
            if (neg >> k & 1)
                mpz_sub(want, want, p);
            else
                mpz_add(want, want, p);
        }
        c->ref = ref;
        before = c->nfast[ZF_DOT];
        zdot(c, r, n, a, b, neg);
        bad += mpz_cmp(r, want) != 0;
        k = c->nfast[ZF_DOT] != before;
        nlimb += k;
        ngmp += !k;
#ifdef BOXTOI_HAVE_I128
        wrong += k != (small && n <= ZL_NT && !ref);
#else
        (void)small; /* no limb path to predict */
        wrong += k;
#endif
    }
    c->ref = 0;
    /* the extremes: 4 (2^64 - 1)^2 = 2^130 - 2^67 + 4, added and
       subtracted (three limbs, the top one 3) */
    mpz_set_ui(x[0], 1);
    mpz_mul_2exp(x[0], x[0], 64);
    mpz_sub_ui(x[0], x[0], 1);
    for (k = 0; k < 4; k++)
        a[k] = b[k] = x[0];
    mpz_set_ui(want, 1);
    mpz_mul_2exp(want, want, 130);
    mpz_set_ui(p, 1);
    mpz_mul_2exp(p, p, 67);
    mpz_sub(want, want, p);
    mpz_add_ui(want, want, 4);
    for (neg = 0; neg <= 15; neg += 15) {
        zdot(c, r, 4, a, b, neg);
        if (neg != 0)
            mpz_neg(r, r);
        bad += mpz_cmp(r, want) != 0;
    }
    is_int(0, bad, "zdot: 20000 sums of products equal mpz_mul's");
    is_int(0, wrong, "zdot: the limb path exactly when every factor has "
                     "one limb and n <= %d, never with ref", ZL_NT);
    diag("zdot: %ld sums in limbs, %ld in GMP", nlimb, ngmp);
#ifdef BOXTOI_HAVE_I128
    ok(nlimb > 1000 && ngmp > 1000, "zdot: both branches taken");
#endif
    for (k = 0; k < 10; k++)
        mpz_clear(x[k]);
    mpz_clear(p);
    mpz_clear(want);
    mpz_clear(r);
    boxtoi_contact_geom_clear(&g);
    gmp_randclear(st);
}

/* zadjrel_i128 (adj(A) of rel's block in 128-bit integers) against
   the cofactors formed here in GMP, at its size limit: entries of 1 to
   64 bits, most within two bits of 2^62; taken exactly when every entry
   is below 2^62 (and never with zctx.ref), else nothing set. */
static void adjrel_cases(void)
{
    gmp_randstate_t st;
    boxtoi_contact_geom g;
    zctx *c;
    mpz_t a[9], adj[9], det;
    long i, bad = 0, wrong = 0, nfast = 0, ngmp = 0, n = 2000;
    int j, r, bits, fits;

    tap_randinit(st);
    boxtoi_contact_geom_init(&g);
    c = zctx_of(&g);
    for (j = 0; j < 9; j++)
        mpz_inits(a[j], adj[j], NULL);
    mpz_init(det);
    for (i = 0; i < n; i++) {
        c->ref = i % 10 == 0;
        fits = 1;
        for (j = 0; j < 9; j++) {
            bits = gmp_urandomm_ui(st, 4) == 0
                       ? 1 + (int)gmp_urandomm_ui(st, 64)
                       : 60 + (int)gmp_urandomm_ui(st, 4) / 2
                             + (gmp_urandomm_ui(st, 3) == 0);
            mpz_urandomb(a[j], st, (mp_bitcnt_t)bits);
            mpz_setbit(a[j], (mp_bitcnt_t)bits - 1);
            if (gmp_urandomm_ui(st, 2))
                mpz_neg(a[j], a[j]);
            fits = fits && bits <= 62;
            mpz_set(c->rel[4 * (j / 3) + j % 3], a[j]);
        }
        /* adj_ij = a_(j+1)(i+1) a_(j+2)(i+2) - a_(j+1)(i+2) a_(j+2)(i+1) */
        for (j = 0; j < 9; j++) {
            int ri = j / 3, cj = j % 3;
            mpz_mul(adj[j], a[3 * ((cj + 1) % 3) + (ri + 1) % 3],
                    a[3 * ((cj + 2) % 3) + (ri + 2) % 3]);
            mpz_submul(adj[j], a[3 * ((cj + 1) % 3) + (ri + 2) % 3],
                       a[3 * ((cj + 2) % 3) + (ri + 1) % 3]);
        }
        mpz_mul(det, a[0], adj[0]);
        mpz_addmul(det, a[1], adj[3]);
        mpz_addmul(det, a[2], adj[6]);
        mpz_set_si(c->det, -7);
        r = zadjrel_i128(c);
#ifdef BOXTOI_HAVE_I128
        wrong += r != (fits && !c->ref);
#else
        wrong += r != 0;
#endif
        if (r) {
            nfast++;
            for (j = 0; j < 9; j++)
                bad += mpz_cmp(c->adj[j], adj[j]) != 0;
            bad += mpz_cmp(det, c->det) != 0;
        } else {
            ngmp += !c->ref; /* refused by the size check */
            bad += mpz_cmp_si(c->det, -7) != 0;
        }
    }
    c->ref = 0;
    diag("adj(A): %ld in 128-bit integers, %ld refused by size", nfast,
         ngmp);
    is_int(0, bad, "adj(A): the 128-bit cofactors and det = GMP's");
    is_int(0, wrong, "adj(A): taken exactly below 2^62");
#ifdef BOXTOI_HAVE_I128
    ok(nfast >= 100 && ngmp >= 50, "adj(A): both branches");
#endif
    for (j = 0; j < 9; j++)
        mpz_clears(a[j], adj[j], NULL);
    mpz_clear(det);
    boxtoi_contact_geom_clear(&g);
    gmp_randclear(st);
}

/* zdivide_i128 (rel over the gcd of its entries in 128-bit integers)
   against mpz_gcd and mpz_divexact: rel_33 = f1 f2, every other entry
   0 or a random multiple of f1 f2, f1 a2, a1 f2, a1 a2, a1, a2 or 1
   (f_i = a_i c_i, c_i up to 16 bits: common factors that shrink at
   random places, so the factored start's quotients made before the
   last change must be redone) of up to 126 bits, signs at random; f1
   and f2 of 1 to 65 bits.  The factored start (nfast[ZF_GCDF]) exactly
   when f1 and f2 have one limb and the entries fit, the Euclid steps
   (ZF_GCDF + 1) when they fit otherwise, nothing set when they do not
   or with zctx.ref. */
static void gcd_cases(void)
{
    gmp_randstate_t st;
    boxtoi_contact_geom g;
    zctx *c;
    mpz_t f[2], a[2], m[7], x[16], want;
    long i, bad = 0, wrong = 0, n[3] = {0, 0, 0}, before[2];
    int k, r, fits, one, taken;

    tap_randinit(st);
    boxtoi_contact_geom_init(&g);
    c = zctx_of(&g);
    mpz_inits(f[0], f[1], a[0], a[1], want, NULL);
    for (k = 0; k < 7; k++)
        mpz_init(m[k]);
    for (k = 0; k < 16; k++)
        mpz_init(x[k]);
    for (i = 0; i < 4000; i++) {
        c->ref = i % 16 == 0;
        one = 1;
        for (k = 0; k < 2; k++) {
            mpz_urandomb(a[k], st, 1 + gmp_urandomm_ui(st, 48));
            mpz_add_ui(a[k], a[k], 1);
            mpz_urandomb(f[k], st, 1 + gmp_urandomm_ui(st, 16));
            mpz_add_ui(f[k], f[k], 1);
            mpz_mul(f[k], f[k], a[k]);
            if (gmp_urandomm_ui(st, 8) == 0) /* 65 bits: two limbs */
                mpz_setbit(f[k], 64);
            while (mpz_sizeinbase(f[k], 2) > 65)
                mpz_tdiv_q_2exp(f[k], f[k], 1);
            one = one && mpz_size(f[k]) == 1;
        }
        mpz_mul(m[0], f[0], f[1]);
        mpz_mul(m[1], f[0], a[1]);
        mpz_mul(m[2], a[0], f[1]);
        mpz_mul(m[3], a[0], a[1]);
        mpz_set(m[4], a[0]);
        mpz_set(m[5], a[1]);
        mpz_set_ui(m[6], 1);
        fits = mpz_sizeinbase(m[0], 2) <= 126;
        for (k = 0; k < 15; k++) {
            r = (int)gmp_urandomm_ui(st, 9);
            if (r >= 7) {
                mpz_set_ui(x[k], 0);
            } else {
                size_t b = mpz_sizeinbase(m[r], 2);
                mpz_urandomb(x[k], st, b < 126 ? 126 - b : 1);
                mpz_mul(x[k], x[k], m[r]);
                if (gmp_urandomm_ui(st, 32) == 0)
                    mpz_setbit(x[k], 126); /* too large */
            }
            if (gmp_urandomm_ui(st, 2))
                mpz_neg(x[k], x[k]);
            fits = fits && mpz_sizeinbase(x[k], 2) <= 126;
        }
        if (gmp_urandomm_ui(st, 2)) /* rel_33 = (-f1) f2: any signs */
            mpz_neg(f[0], f[0]);
        mpz_mul(x[15], f[0], f[1]);
        mpz_set_ui(want, 0);
        for (k = 0; k < 16; k++) {
            mpz_gcd(want, want, x[k]);
            mpz_set(c->rel[k], x[k]);
        }
        before[0] = c->nfast[ZF_GCDF];
        before[1] = c->nfast[ZF_GCDF + 1];
        r = zdivide_i128(c, f[0], f[1]);
        taken = c->nfast[ZF_GCDF] != before[0] ? 0
                : c->nfast[ZF_GCDF + 1] != before[1] ? 1 : 2;
#ifdef BOXTOI_HAVE_I128
        wrong += r != (fits && !c->ref)
                 || (r && taken != (one ? 0 : 1));
#else
        wrong += r != 0;
#endif
        n[r ? taken : 2]++;
        for (k = 0; k < 16; k++) {
            if (r)
                mpz_divexact(x[k], x[k], want);
            bad += mpz_cmp(c->rel[k], x[k]) != 0;
        }
    }
    c->ref = 0;
    diag("rel's gcd: %ld from rel_33's factors, %ld by Euclid's steps, "
         "%ld left to GMP", n[0], n[1], n[2]);
    is_int(0, bad, "rel's gcd: the 128-bit quotients = mpz_gcd's");
    is_int(0, wrong, "rel's gcd: factored exactly with one-limb factors");
#ifdef BOXTOI_HAVE_I128
    ok(n[0] >= 1000 && n[1] >= 100 && n[2] >= 100, "rel's gcd: every branch");
#endif
    mpz_clears(f[0], f[1], a[0], a[1], want, NULL);
    for (k = 0; k < 7; k++)
        mpz_clear(m[k]);
    for (k = 0; k < 16; k++)
        mpz_clear(x[k]);
    boxtoi_contact_geom_clear(&g);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    zdot_cases();
    adjrel_cases();
    gcd_cases();
    return 0;
}
