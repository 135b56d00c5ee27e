/* lib/roots/rational.c: is the isolated root rational?

   Method.  A rational root n/d (lowest terms) of q in Z[t] has d | lc(q)
   (rational root theorem; Gauss' lemma makes it hold for any non-zero
   q), so it lies on the lattice Z / L, L = |lc(q)|, whose points are
   1/L apart.
   1. A modular filter: for a prime p not dividing L, d is invertible
      mod p and n d^-1 is a root of q mod p.  If q mod p has no root in
      Z/pZ for one of a few small primes, q has no rational root at all.
      (An irreducible q of degree n >= 2 has no root mod p for a
      fraction >= 1/n of the primes, by Chebotarev and Jordan's theorem:
      1/2 for quadratics, about 1/e for a generic Galois group; a
      product of factors has a root mod p when any factor has, so the
      primes below 128 are tried.)
   2. Otherwise the interval is refined (boxtoi_roots_refine) to width
      < 1/L, so that it holds at most one lattice point m/L,
      m = ceil(lo L), and q(m/L) = 0 is tested exactly.  The refinement
      may meet the root itself at a grid point, which also answers.
   Linear q are solved directly.  See doc/algorithm.md §5. */
#include "roots/impl.h"

/* The primes below 128.  A product of several irreducible factors (the
   square-free part of a plane polynomial often has three) has a root
   mod p as soon as one factor has, so a prime without a root is rarer
   than for one factor (about 1 in 10 for two quadratics and a sextic);
   with ten primes half of such irrational roots went on to the
   refinement to width 1/L, with these about 1 in 20. */
static const unsigned char primes[] = {
    2,  3,  5,  7,  11, 13, 17, 19, 23,  29,  31,  37,  41,  43,  47, 53,
    59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127};
#define NPRIMES (sizeof primes / sizeof primes[0])

/* The primes in runs whose products stay below 2^32: the coefficients
   are reduced once modulo a run's product (one GMP division each), and
   modulo each prime of the run from that residue. */
static const unsigned char runs[] = {9, 5, 5, 5, 4, 3}; /* 2..23, 29..43,
                                      47..67, 71..89, 97..107, 109..127 */
#define NRUNS (sizeof runs / sizeof runs[0])

/* Returns 1 when q mod p (p < 128 prime, not dividing lc) has a root in
   Z/pZ, given c[i] = the coefficients modulo a multiple of p (below
   2^32).  Horner in 64 bits with a reduction every sixth step: the
   value is below p < 2^7 after a reduction and gains at most 7 bits
   and one addend per step, so it stays below 2^50. */
static int has_root_mod(const unsigned long long *cm, long n, unsigned long p)
{
    unsigned long long c[64] = {0}, x, v;
    long i;
    for (i = 0; i <= n && i < 64; i++)
        c[i] = cm[i] % p;
    if (c[0] == 0)
        return 1; /* x = 0 */
    for (x = 1; x < p; x++) {
        v = c[n];
        for (i = n - 1; i >= 0; i--) {
            v = v * x + c[i];
            if (i % 6 == 0)
                v %= p;
        }
        if (v % p == 0)
            return 1;
    }
    return 0;
}

/* 0 when q mod some prime below 128 not dividing lc(q) has no root in
   Z/pZ (then q has no rational root); 1 otherwise. */
static int may_have_rational_root(const boxtoi_poly_t q)
{
    unsigned long long cm[64];
    long n = q->length - 1, i;
    size_t r, j = 0, k;
    if (n >= 64)
        return 1; /* filter skipped: cannot exclude anything */
    for (r = 0; r < NRUNS; r++) {
        unsigned long prod = 1;
        for (k = 0; k < runs[r]; k++)
            prod *= primes[j + k];
        for (i = 0; i <= n; i++)
            cm[i] = mpz_fdiv_ui(q->coeffs + i, prod);
        for (k = 0; k < runs[r]; k++, j++)
            if (cm[n] % primes[j] != 0 && !has_root_mod(cm, n, primes[j]))
                return 0;
    }
    return 1;
}

int boxtoi_roots_find_rational(mpq_t lo, mpq_t hi, const boxtoi_poly_t q)
{
    long n = boxtoi_poly_degree(q);
    mpz_srcptr lc;
    mpq_t l, h, x;
    mpz_t m;
    int c, found = 0;

    if (n < 1)
        return 0;
    c = mpq_cmp(lo, hi);
    if (c > 0)
        return 0;
    if (c == 0)
        return boxtoi_poly_sgn_at_mpq(q, lo) == 0;
    mpq_init(x);
    if (n == 1) {
        /* The root -c0/c1; inside [lo, hi] unless the interval is not
           isolating. */
        mpz_neg(mpq_numref(x), q->coeffs);
        mpz_set(mpq_denref(x), q->coeffs + 1);
        mpq_canonicalize(x);
        if (mpq_cmp(lo, x) <= 0 && mpq_cmp(x, hi) <= 0) {
            mpq_set(lo, x);
            mpq_set(hi, x);
            found = 1;
        }
        mpq_clear(x);
        return found;
    }
    lc = q->coeffs + n;
    if (!may_have_rational_root(q)) {
        mpq_clear(x);
        return 0;
    }
    mpq_init(l);
    mpq_init(h);
    mpz_init(m);
    mpq_set(l, lo);
    mpq_set(h, hi);
    /* Width <= 2^-bitlen(L) < 1/L. */
    if (boxtoi_roots_refine(l, h, q, (long)mpz_sizeinbase(lc, 2))
        == BOXTOI_OK) {
        if (mpq_equal(l, h)) {
            found = 1;
        } else {
            /* m = ceil(l L): the only candidate m/L in [l, h]. */
            mpz_abs(mpq_denref(x), lc);
            mpz_mul(m, mpq_numref(l), mpq_denref(x));
            mpz_cdiv_q(m, m, mpq_denref(l));
            mpz_set(mpq_numref(x), m);
            mpq_canonicalize(x);
            if (mpq_cmp(x, h) <= 0 && boxtoi_poly_sgn_at_mpq(q, x) == 0) {
                mpq_set(l, x);
                mpq_set(h, x);
                found = 1;
            }
        }
    }
    if (found) {
        mpq_set(lo, l);
        mpq_set(hi, h);
    }
    mpq_clear(l);
    mpq_clear(h);
    mpq_clear(x);
    mpz_clear(m);
    return found;
}
