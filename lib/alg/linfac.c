/* lib/alg/linfac.c: the linear factors over Z of an integer polynomial,
   by lifting its roots modulo a small prime.

   Let f in Z[x] have degree n >= 1, lc a_n, and a rational root r = u/v
   (lowest terms).  Then v | a_n (rational root theorem), so for a prime
   p not dividing a_n, v is a unit modulo every power of p and r has a
   residue modulo p^k, a root of f modulo p^k.  Reduced modulo p it is
   a root rho of f mod p; when f'(rho) is not 0 mod p (a simple root),
   rho has exactly one lift to a root modulo p^k (Hensel's lemma), which
   Newton's iteration x <- x - f(x) / f'(x) computes, doubling the
   exponent at each step ([Cohen] §3.5.3).  So r is congruent to the
   lift of its rho modulo p^k, and z = a_n r = (a_n / v) u, an integer,
   is congruent to a_n times that lift.  Cauchy's bound |r| < 1 +
   max_{i<n} |a_i / a_n| gives |z| < |a_n| + max_{i<n} |a_i| = B, so once
   p^k > 2 B, z is the symmetric residue of a_n times the lift.
   Hence: with a prime p not dividing a_n at which every root of f mod p
   is simple, the rational roots of f are among the numbers
   (symmetric residue of a_n lift(rho)) / a_n, one per root rho of f mod
   p, and each candidate is tested exactly (f(r) = 0 in Q).  A prime with
   no root at all proves that f has no rational root.

   The roots mod p come from evaluating f at every residue (p < 2^8);
   among the first few admissible primes the one with the fewest roots is
   lifted.  Only exact integer arithmetic. */
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/alg.h"
#include "lib/alg/impl.h"

#define LF_MAXDEG 63 /* degrees up to this */
#define LF_TRIES 4 /* admissible primes compared for their root count */

/* v = f(x) mod p with c[] = f's coefficients mod p, n = deg f. */
static unsigned lf_eval(const unsigned *c, long n, unsigned x, unsigned p)
{
    unsigned long v = 0;
    long i;
    for (i = n; i >= 0; i--)
        v = (v * x + c[i]) % p;
    return (unsigned)v;
}

/* The roots of f mod p into rho (at most n), their count; -1 when p
   divides lc(f) or some root is not simple. */
static int lf_roots_mod(unsigned *rho, const boxtoi_poly_t f, unsigned p)
{
    unsigned c[LF_MAXDEG + 1], d[LF_MAXDEG];
    long n = boxtoi_poly_degree(f), i;
    unsigned x;
    int m = 0;
    if (n < 1 || n > LF_MAXDEG)
        return -1;
    for (i = 0; i <= n; i++)
        c[i] = (unsigned)mpz_fdiv_ui(f->coeffs + i, p);
    if (c[n] == 0)
        return -1;
    for (i = 1; i <= n; i++)
        d[i - 1] = (unsigned)((unsigned long)c[i] * (unsigned)i % p);
    for (x = 0; x < p; x++)
        if (lf_eval(c, n, x, p) == 0) {
            if (lf_eval(d, n - 1, x, p) == 0)
                return -1;
            rho[m++] = x;
        }
    return m;
}

/* v = f(x) mod m and, when dv is not NULL, dv = f'(x) mod m (Horner). */
static void lf_eval_mod(mpz_t v, mpz_t dv, const boxtoi_poly_t f,
                        const mpz_t x, const mpz_t m)
{
    long i, n = boxtoi_poly_degree(f);
    mpz_set(v, f->coeffs + n);
    mpz_set_ui(dv, 0);
    for (i = n - 1; i >= 0; i--) {
        mpz_mul(dv, dv, x);
        mpz_add(dv, dv, v);
        mpz_mod(dv, dv, m);
        mpz_mul(v, v, x);
        mpz_add(v, v, f->coeffs + i);
        mpz_mod(v, v, m);
    }
}

/* r = the candidate rational root above rho: the root of f modulo
   p^k > bound congruent to rho, times a_n, symmetric residue, over a_n. */
static void lf_lift(mpq_t r, const boxtoi_poly_t f, unsigned rho, unsigned p,
                    const mpz_t bound)
{
    mpz_t m, x, v, dv;
    long n = boxtoi_poly_degree(f);
    mpz_init_set_ui(m, p);
    mpz_init_set_ui(x, rho);
    mpz_init(v);
    mpz_init(dv);
    while (mpz_cmp(m, bound) <= 0) {
        /* f(x) = 0 mod m, f'(x) a unit: x - f(x)/f'(x) mod m^2 */
        mpz_mul(m, m, m);
        lf_eval_mod(v, dv, f, x, m);
        if (!mpz_invert(dv, dv, m))
            break; /* not reached: f'(x) = f'(rho) != 0 mod p */
        mpz_mul(v, v, dv);
        mpz_sub(x, x, v);
        mpz_mod(x, x, m);
    }
    mpz_mul(x, x, f->coeffs + n);
    mpz_mod(x, x, m);
    mpz_fdiv_q_2exp(v, m, 1);
    if (mpz_cmp(x, v) > 0)
        mpz_sub(x, x, m);
    mpz_set(mpq_numref(r), x);
    mpz_set(mpq_denref(r), f->coeffs + n);
    mpq_canonicalize(r);
    mpz_clear(m);
    mpz_clear(x);
    mpz_clear(v);
    mpz_clear(dv);
}

int alg_remove_linear_factors(boxtoi_poly_t h, const boxtoi_poly_t f)
{
    return alg_linear_factors(h, NULL, f);
}

int alg_linear_factors(boxtoi_poly_t h, mpq_t *roots, const boxtoi_poly_t f)
{
    static const unsigned char primes[] = {101, 103, 107, 109, 113, 127,
                                           131, 137, 139, 149, 151, 157};
    unsigned rho[LF_MAXDEG], best[LF_MAXDEG];
    long n = boxtoi_poly_degree(f), i;
    int k, m, nbest = -1, tries = 0, removed = 0;
    unsigned pbest = 0;
    mpz_t bound;
    mpq_t r;
    boxtoi_poly_t lin, q;

    if (n < 1 || n > LF_MAXDEG)
        return -1;
    for (k = 0; k < (int)sizeof primes && tries < LF_TRIES && nbest != 0;
         k++) {
        m = lf_roots_mod(rho, f, primes[k]);
        if (m < 0)
            continue;
        tries++;
        if (nbest < 0 || m < nbest) {
            nbest = m;
            pbest = primes[k];
            memcpy(best, rho, (size_t)m * sizeof rho[0]);
        }
    }
    if (nbest < 0)
        return -1; /* no admissible prime: undecided */
    boxtoi_poly_set(h, f);
    if (nbest == 0)
        return 0;
    /* bound = 2 (|a_n| + max_{i<n} |a_i|) */
    mpz_init(bound);
    for (i = 0; i < n; i++)
        if (mpz_cmpabs(f->coeffs + i, bound) > 0)
            mpz_abs(bound, f->coeffs + i);
    mpq_init(r);
    mpz_abs(mpq_numref(r), f->coeffs + n);
    mpz_add(bound, bound, mpq_numref(r));
    mpz_mul_2exp(bound, bound, 1);
    boxtoi_poly_init(lin);
    boxtoi_poly_init(q);
    for (k = 0; k < nbest; k++) {
        lf_lift(r, f, best[k], pbest, bound);
        if (boxtoi_poly_sgn_at_mpq(f, r) != 0)
            continue;
        /* d t - n is primitive and divides f in Q[t], so in Z[t]
           (Gauss' lemma); the roots are distinct, so each divides h */
        boxtoi_poly_set_linear_root_mpq(lin, r);
        if (boxtoi_poly_divexact(q, h, lin) == BOXTOI_OK) {
            boxtoi_poly_swap(h, q);
            if (roots != NULL)
                mpq_set(roots[removed], r);
            removed++;
        }
    }
    boxtoi_poly_clear(q);
    boxtoi_poly_clear(lin);
    mpq_clear(r);
    mpz_clear(bound);
    return removed;
}
