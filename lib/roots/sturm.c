/* lib/roots/sturm.c: Sturm sequences over Z.

   The signed remainder sequence T_0 = p, T_1 = p', T_(i+1) =
   -rem(T_(i-1), T_i) is computed up to positive factors with the
   subresultant pseudo-remainder sequence [Knuth, TAOCP vol. 2, §4.6.1;
   Cohen, §3.3]: S_(i+1) = -sigma
   prem(S_(i-1), S_i) / |g h^delta|, where prem multiplies the true
   remainder by lc(S_i)^(delta+1), whose sign sigma is put back, and
   g h^delta, the subresultant divisor, is taken positive.  So every S_i
   is a positive multiple of T_i and Sturm's theorem applies unchanged.
   A content is removed only when a cheap test suggests a large one
   (see remove_content_cheap); that restarts the subresultant recurrence
   (g = h = 1) from the current pair.  The last non-zero S_k is a
   multiple of G = gcd(p, p'); when it is not a constant the sequence is
   rebuilt for the square-free part p / G, so seq[1] is always a
   positive multiple of seq[0]'.
   [BPR] Basu, Pollack, Roy, "Algorithms in Real Algebraic Geometry",
   ch. 2 (Sturm's theorem) and ch. 8 (subresultants); doc/algorithm.md
   §5. */
#include <stdlib.h>
#include "roots/impl.h"

void boxtoi_sturm_init(boxtoi_sturm_t s)
{
    s->seq = NULL;
    s->len = 0;
    s->alloc = 0;
}

void boxtoi_sturm_clear(boxtoi_sturm_t s)
{
    long i;
    for (i = 0; i < s->alloc; i++)
        boxtoi_poly_clear(s->seq + i);
    free(s->seq);
    s->seq = NULL;
    s->len = 0;
    s->alloc = 0;
}

const boxtoi_poly_struct *boxtoi_sturm_squarefree(const boxtoi_sturm_t s)
{
    return s->len > 0 ? s->seq : NULL;
}

/* Makes room for n polynomials; returns BOXTOI_ENOMEM on failure (s is
   unchanged then). */
static int fit(boxtoi_sturm_t s, long n)
{
    boxtoi_poly_struct *p;
    long i;
    if (n <= s->alloc)
        return BOXTOI_OK;
    if ((size_t)n > (size_t)-1 / sizeof(boxtoi_poly_struct))
        return BOXTOI_ENOMEM;
    p = realloc(s->seq, (size_t)n * sizeof(boxtoi_poly_struct));
    if (p == NULL)
        return BOXTOI_ENOMEM;
    s->seq = p;
    for (i = s->alloc; i < n; i++)
        boxtoi_poly_init(s->seq + i);
    s->alloc = n;
    return BOXTOI_OK;
}

/* Odd primes up to 47 and floor(log2 p). */
static const unsigned long small_primes[] = {3,  5,  7,  11, 13, 17, 19,
                                             23, 29, 31, 37, 41, 43, 47};
static const unsigned char small_log2[] = {1, 2, 2, 3, 3, 4, 4,
                                           4, 4, 4, 5, 5, 5, 5};

/* The p-adic valuation of x != 0 (p a small prime); tmp is scratch. */
static size_t valuation(mpz_srcptr x, unsigned long p, mpz_t tmp)
{
    mpz_t pz;
    size_t v;
    mpz_init_set_ui(pz, p);
    v = (size_t)mpz_remove(tmp, x, pz);
    mpz_clear(pz);
    return v;
}

/* Divides out the content of a (non-zero) when a cheap test suggests
   it is large: the part of gcd(lc, lowest non-zero coefficient) made of
   primes <= 47 must have at least a quarter of the bits of lc.  Returns
   1 when a changed.

   Why this test and not just gcd(lc, c_0) != 1: in the subresultant
   sequence of (p, p') every S_j below p' is divisible by lc(p) (in the
   Sylvester-type determinants, subtracting n times a row of p from a
   row of p' leaves lc(p) alone in the first column), so for random p
   that gcd is never 1, the content is about lc(p), mostly large
   primes, and removing it does not pay: it restarts the recurrence and
   costs gcds of long numbers.  The contents that do pay, in structured
   inputs (Chebyshev, Laguerre, Wilkinson), are products of small
   primes.  Valuations are found by mpz_remove (repeated squaring of p:
   O(log v) divisions), not by testing p^2, p^3, ... in turn, which
   costs one division per unit of valuation, each as long as the
   number.  The measurements behind both choices: doc/performance.md,
   "Measured choices". */
static int remove_content_cheap(boxtoi_poly_t a, mpz_t g)
{
    long i0 = 0, n = a->length - 1;
    mpz_srcptr lc = a->coeffs + n, c0;
    size_t k, need, have, v, vc;
    const size_t np = sizeof small_primes / sizeof small_primes[0];
    while (mpz_sgn(a->coeffs + i0) == 0)
        i0++;
    c0 = a->coeffs + i0;
    need = mpz_sizeinbase(lc, 2) / 4 + 1;
    have = mpz_scan1(lc, 0);
    v = mpz_scan1(c0, 0);
    if (v < have)
        have = v;
    for (k = 0; have < need && k < np; k++) {
        unsigned long p = small_primes[k];
        if (!mpz_divisible_ui_p(lc, p) || !mpz_divisible_ui_p(c0, p))
            continue;
        v = valuation(lc, p, g);
        vc = valuation(c0, p, g);
        have += (v < vc ? v : vc) * small_log2[k];
    }
    if (have < need)
        return 0;
    boxtoi_poly_content(g, a);
    if (mpz_cmp_ui(g, 1) == 0)
        return 0;
    boxtoi_poly_scalar_divexact_mpz(a, a, g);
    return 1;
}

/* Fills s->seq[0 .. len-1] with the sequence of the canonical a
   (deg a >= 1) and returns its length; the last element is a non-zero
   multiple of gcd(a, a') (a constant iff a is square-free). */
static int build(boxtoi_sturm_t s, const boxtoi_poly_t a, long *len)
{
    long n = boxtoi_poly_degree(a), i, delta;
    mpz_t g, h, t;
    int rc;

    if ((rc = fit(s, n + 1)) != BOXTOI_OK)
        return rc;
    mpz_init(g);
    mpz_init(h);
    mpz_init(t);
    boxtoi_poly_set(s->seq, a);
    boxtoi_poly_derivative(s->seq + 1, a);
    boxtoi_poly_primitive_part(s->seq + 1, s->seq + 1);
    mpz_set_ui(g, 1);
    mpz_set_ui(h, 1);
    i = 1;
    /* Invariant: S_0 .. S_i are positive multiples of T_0 .. T_i, and
       (S_(i-1), S_i, g, h) is a state of the subresultant recurrence
       (g, h > 0). */
    while (boxtoi_poly_degree(s->seq + i) > 0) {
        boxtoi_poly_ptr u = s->seq + i - 1, v = s->seq + i, r;
        r = s->seq + i + 1;
        delta = boxtoi_poly_degree(u) - boxtoi_poly_degree(v);
        rc = boxtoi_poly_pseudo_divrem(NULL, r, u, v);
        if (rc != BOXTOI_OK)
            break;
        if (boxtoi_poly_is_zero(r))
            break;
        /* prem = lc(v)^(delta+1) rem, and T_(i+1) = -rem. */
        if (boxtoi_poly_sgn_lc(v) > 0 || delta % 2 == 1)
            boxtoi_poly_neg(r, r);
        /* Divide by |g h^delta| > 0 (exact for subresultants). */
        mpz_pow_ui(t, h, (unsigned long)delta);
        mpz_mul(t, t, g);
        if (mpz_cmp_ui(t, 1) != 0)
            boxtoi_poly_scalar_divexact_mpz(r, r, t);
        i++;
        if (remove_content_cheap(r, t)) {
            mpz_set_ui(g, 1);
            mpz_set_ui(h, 1);
        } else {
            /* g = |lc(v)|, h = g^delta / h^(delta-1) (exact). */
            mpz_abs(g, v->coeffs + v->length - 1);
            if (delta == 1) {
                mpz_set(h, g);
            } else {
                mpz_pow_ui(t, g, (unsigned long)delta);
                mpz_pow_ui(h, h, (unsigned long)(delta - 1));
                mpz_divexact(h, t, h);
            }
        }
    }
    *len = i + 1;
    mpz_clear(g);
    mpz_clear(h);
    mpz_clear(t);
    return rc;
}

int boxtoi_sturm_set(boxtoi_sturm_t s, const boxtoi_poly_t p)
{
    long n = boxtoi_poly_degree(p), len = 0;
    boxtoi_poly_t gcd;
    int rc;

    if (n < 0)
        return BOXTOI_EDOMAIN;
    if (n == 0) {
        if ((rc = fit(s, 1)) != BOXTOI_OK)
            return rc;
        boxtoi_poly_set_si(s->seq, 1);
        s->len = 1;
        return BOXTOI_OK;
    }
    s->len = 0;
    boxtoi_poly_init(gcd);
    boxtoi_poly_canonical(gcd, p);
    rc = build(s, gcd, &len);
    if (rc == BOXTOI_OK && boxtoi_poly_degree(s->seq + len - 1) > 0) {
        /* p has multiple roots: rebuild for q = p / G, G = gcd(p, p')
           made canonical (so q is primitive with lc > 0).  Dividing the
           sequence by G instead takes about as long and leaves elements
           of about twice the size, which every later count pays for. */
        boxtoi_poly_canonical(gcd, s->seq + len - 1);
        rc = boxtoi_poly_divexact(gcd, s->seq, gcd);
        if (rc != BOXTOI_OK)
            rc = BOXTOI_EINTERNAL;
        else if (boxtoi_poly_degree(gcd) == 0) {
            boxtoi_poly_set_si(s->seq, 1);
            len = 1;
        } else
            rc = build(s, gcd, &len);
    }
    boxtoi_poly_clear(gcd);
    if (rc == BOXTOI_OK)
        s->len = len;
    return rc;
}
