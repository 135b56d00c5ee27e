/* lib/poly/gcdmod.c: gcd in Z[t] by the small-primes modular method.

   Brown's method in its "trial division" form [Geddes, Czapor, Labahn,
   "Algorithms for Computer Algebra", §7.4; von zur Gathen and Gerhard,
   "Modern Computer Algebra", Algorithm 6.38]: for primitive A, B and
   g = gcd(lc A, lc B), the images G_p = g * monic gcd(A mod p, B mod p)
   for primes p not dividing lc(A) lc(B) are combined by the Chinese
   remainder theorem into H; when H stops changing, pp(H) is tried as a
   common divisor of A and B.

   Why the answer is exact: D = gcd(A, B) reduces mod p to a common
   divisor of the images, and p does not divide lc(D) (it divides lc A),
   so deg G_p >= deg D for every prime used.  Only images of the least
   degree seen are combined.  If pp(H) divides A and B then pp(H) | D,
   so deg D >= deg H = deg G_p >= deg D: pp(H) = +-D.  A degree-0 image
   proves gcd = 1 at once, the common case.  Primes are below 2^31 and
   proved prime by deterministic Miller-Rabin (bases 2, 3, 5, 7 suffice
   below 3215031751 [Pomerance, Selfridge, Wagstaff 1980]), so that
   products fit in 64 bits. */
#include <stdlib.h>
#include "poly/impl.h"
#include "lib/poly/nmod.h"

typedef unsigned long long u64;

/* The 64 largest primes below 2^31, in decreasing order (PARI/GP:
   precprime), the moduli of the images; beyond them the search goes on
   with is_prime. */
static const unsigned primes31[64] = {
    2147483647U, 2147483629U, 2147483587U, 2147483579U,
    2147483563U, 2147483549U, 2147483543U, 2147483497U,
    2147483489U, 2147483477U, 2147483423U, 2147483399U,
    2147483353U, 2147483323U, 2147483269U, 2147483249U,
    2147483237U, 2147483179U, 2147483171U, 2147483137U,
    2147483123U, 2147483077U, 2147483069U, 2147483059U,
    2147483053U, 2147483033U, 2147483029U, 2147482951U,
    2147482949U, 2147482943U, 2147482937U, 2147482921U,
    2147482877U, 2147482873U, 2147482867U, 2147482859U,
    2147482819U, 2147482817U, 2147482811U, 2147482801U,
    2147482763U, 2147482739U, 2147482697U, 2147482693U,
    2147482681U, 2147482663U, 2147482661U, 2147482621U,
    2147482591U, 2147482583U, 2147482577U, 2147482507U,
    2147482501U, 2147482481U, 2147482417U, 2147482409U,
    2147482367U, 2147482361U, 2147482349U, 2147482343U,
    2147482327U, 2147482291U, 2147482273U, 2147482237U};

/* Deterministic primality for n < 2^31. */
static int is_prime(u64 n)
{
    static const u64 bases[4] = {2, 3, 5, 7};
    u64 d = n - 1, x;
    int s = 0, i, j;
    nmod_t mn;
    if (n < 2)
        return 0;
    for (i = 0; i < 4; i++)
        if (n % bases[i] == 0)
            return n == bases[i];
    nmod_init(&mn, n);
    while (d % 2 == 0) {
        d /= 2;
        s++;
    }
    for (i = 0; i < 4; i++) {
        x = nmod_pow(bases[i], d, &mn);
        if (x == 1 || x == n - 1)
            continue;
        for (j = 1; j < s && x != n - 1; j++)
            x = nmod_mul(x, x, &mn);
        if (x != n - 1)
            return 0;
    }
    return 1;
}

/* x[0..n] = a mod p; returns deg (a's degree: p does not divide lc). */
static void reduce(u64 *x, const boxtoi_poly_t a, u64 p)
{
    long i;
    for (i = 0; i < a->length; i++)
        x[i] = mpz_fdiv_ui(a->coeffs + i, (unsigned long)p);
}

/* Sets res to gcd(a, b) (canonical) for primitive a, b of degree >= 1.
   Returns 0 on success, or -1 to ask for the PRS fallback (a safety net
   that the bound below should never trigger). */
int boxtoi_poly_gcd_modular_raw(boxtoi_poly_t res, const boxtoi_poly_t a,
                                const boxtoi_poly_t b)
{
    long da = a->length - 1, db = b->length - 1, dmin, dg, i;
    long bound, nmax = da > db ? da : db;
    u64 p = 2147483648ULL, *ua, *ub, *gp, gmodp, minv, t;
    int np = 0; /* primes31 used */
    mpz_t g, m, h, hh;
    boxtoi_poly_t hp, cand, q;
    int rc = -1, changed;

    ua = malloc((size_t)(nmax + 1) * 3 * sizeof *ua);
    if (ua == NULL)
        return -1;
    ub = ua + nmax + 1;
    gp = ub + nmax + 1;
    mpz_init(g);
    mpz_init_set_ui(m, 1);
    mpz_init(h);
    mpz_init(hh);
    boxtoi_poly_init(hp);
    boxtoi_poly_init(cand);
    boxtoi_poly_init(q);
    mpz_gcd(g, a->coeffs + da, b->coeffs + db);
    /* Give up (to the PRS) only far beyond the Mignotte bound
       2^d sqrt(d+1) |A|_inf on |D|_inf, times g: then H would be exact
       for every prime of minimal degree. */
    bound = (long)mpz_sizeinbase(g, 2) + 2 * (boxtoi_poly_max_bits(a) + nmax)
            + 256;
    dmin = (da < db ? da : db) + 1; /* no image yet */
    while (p > 1000000 && (long)mpz_sizeinbase(m, 2) <= bound) {
        nmod_t mp;
        /* next prime below p not dividing lc(a) lc(b) */
        do {
            if (np < 64)
                p = primes31[np++];
            else
                do
                    p--;
                while (!is_prime(p));
        } while (mpz_fdiv_ui(a->coeffs + da, (unsigned long)p) == 0
                 || mpz_fdiv_ui(b->coeffs + db, (unsigned long)p) == 0);
        nmod_init(&mp, p);
        reduce(ua, a, p);
        reduce(ub, b, p);
        dg = nmod_poly_gcd(gp, ua, da, ub, db, &mp);
        if (dg == 0) {
            /* deg D <= 0: A and B are coprime. */
            boxtoi_poly_set_si(res, 1);
            rc = 0;
            break;
        }
        if (dg > dmin)
            continue; /* unlucky prime */
        gmodp = mpz_fdiv_ui(g, (unsigned long)p);
        for (i = 0; i <= dg; i++)
            gp[i] = nmod_mul(gp[i], gmodp, &mp);
        if (dg < dmin) {
            /* first image, or all previous primes were unlucky */
            dmin = dg;
            boxtoi_poly_zero(hp);
            boxtoi_poly_fit_length(hp, dg + 1);
            for (i = 0; i <= dg; i++) {
                /* symmetric range */
                if (gp[i] > p / 2)
                    mpz_set_si(hp->coeffs + i, -(long)(p - gp[i]));
                else
                    mpz_set_ui(hp->coeffs + i, (unsigned long)gp[i]);
            }
            hp->length = dg + 1;
            boxtoi_poly_set_length_normalise(hp, dg + 1);
            mpz_set_ui(m, (unsigned long)p);
            changed = 1;
        } else {
            /* CRT: h += m ((gp - h) m^-1 mod p), then back to the
               symmetric range (-m p / 2, m p / 2], so that a stable
               coefficient, negative or not, gets t = 0. */
            minv = nmod_inv(mpz_fdiv_ui(m, (unsigned long)p), &mp);
            changed = 0;
            mpz_mul_ui(h, m, (unsigned long)p);
            mpz_fdiv_q_2exp(hh, h, 1);
            for (i = 0; i <= dg; i++) {
                t = mpz_fdiv_ui(hp->coeffs + i, (unsigned long)p);
                t = nmod_mul((gp[i] + p - t) % p, minv, &mp);
                if (t != 0) {
                    mpz_addmul_ui(hp->coeffs + i, m, (unsigned long)t);
                    if (mpz_cmp(hp->coeffs + i, hh) > 0)
                        mpz_sub(hp->coeffs + i, hp->coeffs + i, h);
                    changed = 1;
                }
            }
            mpz_swap(m, h);
        }
        if (!changed) {
            /* H is stable: try pp(H). */
            boxtoi_poly_canonical(cand, hp);
            if (boxtoi_poly_degree(cand) == dg
                && boxtoi_poly_divexact(q, a, cand) == BOXTOI_OK
                && boxtoi_poly_divexact(q, b, cand) == BOXTOI_OK) {
                boxtoi_poly_swap(res, cand);
                rc = 0;
                break;
            }
        }
    }
    free(ua);
    mpz_clear(g);
    mpz_clear(m);
    mpz_clear(h);
    mpz_clear(hh);
    boxtoi_poly_clear(hp);
    boxtoi_poly_clear(cand);
    boxtoi_poly_clear(q);
    return rc;
}

int boxtoi_poly_squarefree_modular_raw(const boxtoi_poly_t a)
{
    long n = a->length - 1, i;
    u64 p = primes31[1], *u, *v, *g; /* a prime below 2^31 */
    nmod_t mp;
    int r = 0;
    if (n < 1)
        return 0;
    nmod_init(&mp, p);
    /* p must not divide lc(a); deg(a mod p) = n then */
    if (mpz_fdiv_ui(a->coeffs + n, (unsigned long)p) == 0)
        return 0;
    u = malloc((size_t)(n + 1) * 3 * sizeof *u);
    if (u == NULL)
        return 0;
    v = u + n + 1;
    g = v + n + 1;
    reduce(u, a, p);
    for (i = 1; i <= n; i++)
        v[i - 1] = nmod_mul(u[i], (u64)i % p, &mp); /* a' mod p */
    r = nmod_poly_gcd(g, u, n, v, n - 1, &mp) == 0;
    free(u);
    return r;
}
