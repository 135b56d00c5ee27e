/* t/degset-t.c: tests of the degree-set test of irreducibility
   (lib/alg/degset.c) against FLINT.

   For random products of random factors, the test's state after a run
   (the intersection of the subset sums of the factor degrees modulo
   each prime it used) is compared with the same intersection computed
   from FLINT's factorisation modulo each of those primes
   (nmod_poly_factor: Cantor-Zassenhaus, a different method from the
   distinct-degree steps of degset.c, which also stop a prime early when
   it cannot narrow the intersection).  Every polynomial the test proves
   irreducible is irreducible by FLINT's factorisation over Z; a run
   stopped early (-1) and resumed gives what one full run gives. */
#include <flint/fmpz_poly.h>
#include <flint/nmod_poly.h>
#include "lib/util/impl.h"
#include "tap.h"
#include "lib/alg/impl.h"
#include "alg-gen.h"

/* The primes of lib/alg/degset.c, in its order. */
static const unsigned primes[] = {
    101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157,
    163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227,
    229, 233, 239, 241, 251};

static void to_flint(fmpz_poly_t x, const boxtoi_poly_t f)
{
    long i;
    fmpz_poly_zero(x);
    for (i = 0; i <= boxtoi_poly_degree(f); i++)
        fmpz_poly_set_coeff_mpz(x, i, f->coeffs + i);
}

/* The intersection over primes[0 .. next) of the subset sums of the
   degrees of the factors of f mod p, for the p not dividing lc(f) with
   f mod p square-free (as a bit mask). */
static unsigned long long ref_sums(const fmpz_poly_t x, long n, int next)
{
    unsigned long long all = ~0ULL;
    int k;
    slong i, j;
    for (k = 0; k < next; k++) {
        nmod_poly_t g;
        nmod_poly_factor_t fac;
        unsigned long long s = 1;
        nmod_poly_init(g, primes[k]);
        fmpz_poly_get_nmod_poly(g, x);
        if (nmod_poly_degree(g) == n && nmod_poly_is_squarefree(g)) {
            nmod_poly_factor_init(fac);
            nmod_poly_factor(fac, g);
            for (i = 0; i < fac->num; i++)
                for (j = 0; j < fac->exp[i]; j++)
                    s |= s << nmod_poly_degree(fac->p + i);
            nmod_poly_factor_clear(fac);
            all &= s;
        }
        nmod_poly_clear(g);
    }
    return all;
}

/* f = a random product of 1 to 3 factors of degrees 1 to 6 with
   coefficients of up to bits bits (lc non-zero). */
static void random_product(boxtoi_poly_t f, gmp_randstate_t st,
                           unsigned long bits)
{
    boxtoi_poly_t g;
    int k, nf = 1 + (int)gmp_urandomm_ui(st, 3);
    boxtoi_poly_init(g);
    boxtoi_poly_set_si(f, 1);
    for (k = 0; k < nf; k++) {
        random_int_poly(g, st, 1 + (long)gmp_urandomm_ui(st, 6), bits);
        boxtoi_poly_mul(f, f, g);
    }
    boxtoi_poly_clear(g);
}

int main(void)
{
    gmp_randstate_t st;
    boxtoi_poly_t f;
    fmpz_poly_t x;
    fmpz_poly_factor_t fac;
    int t, bad_sums = 0, bad_proof = 0, bad_resume = 0, proved = 0;
    int stopped = 0, irreducible = 0;

    plan_lazy();
    tap_randinit(st);
    boxtoi_poly_init(f);
    fmpz_poly_init(x);
    for (t = 0; t < 3000; t++) {
        alg_degset s, s2;
        long n;
        int r, r2;
        random_product(f, st, 1 + (unsigned long)(t % 40));
        n = boxtoi_poly_degree(f);
        if (n < 2)
            continue;
        to_flint(x, f);
        fmpz_poly_factor_init(fac);
        fmpz_poly_factor(fac, x);
        irreducible += fac->num == 1 && fac->exp[0] == 1;
        alg_degset_init(&s);
        r = alg_degset_run(&s, f, 1);
        if (s.all != ref_sums(x, n, s.next))
            bad_sums++;
        if (r == -1) { /* resumed: as one full run */
            stopped++;
            r = alg_degset_run(&s, f, 0);
            alg_degset_init(&s2);
            r2 = alg_degset_run(&s2, f, 0);
            if (r != r2 || s.all != s2.all || s.next != s2.next)
                bad_resume++;
            if (s.all != ref_sums(x, n, s.next))
                bad_sums++;
        }
        if (r == 1) {
            proved++;
            if (!(fac->num == 1 && fac->exp[0] == 1))
                bad_proof++;
        }
        if (r != (alg_irreducible_by_degrees(f) ? 1 : 0))
            bad_resume++;
        fmpz_poly_factor_clear(fac);
    }
    ok(bad_sums == 0, "degree sets as FLINT's factors modulo each prime "
                      "(%d differ)", bad_sums);
    ok(bad_proof == 0, "every proof irreducible by FLINT (%d of %d not)",
       bad_proof, proved);
    ok(bad_resume == 0, "a stopped run resumed = one full run (%d of %d "
                        "stopped differ)", bad_resume, stopped);
    /* not a claim of the method, a check that the sample exercises it */
    ok(proved > irreducible / 2 && stopped > 0,
       "the sample has proofs (%d of %d irreducible) and early stops (%d)",
       proved, irreducible, stopped);
    fmpz_poly_clear(x);
    boxtoi_poly_clear(f);
    gmp_randclear(st);
    flint_cleanup();
    return 0;
}
