/* t/nmod-t.c: tests of lib/poly/nmod.c and lib/poly/nmod.h (arithmetic
   and gcd of polynomials mod p), moved from t/poly-t.c. */
#include "poly-gen.h"
#include "lib/poly/nmod.h"

/* ---- arithmetic mod p (lib/poly/nmod.h) ------------------------------

   nmod_mul against GMP's product and remainder; nmod_poly_gcd on
   products of distinct linear factors, where the monic gcd is known by
   construction: gcd(a c, b c) = c for a, b, c products of (t - r) with
   all roots distinct mod p.  The degrees reach both of its elimination
   steps (inverse-free for short remainders, Euclid's with an inverse
   for long ones); p = 2^61 - 1 is the modulus of lib/contact/
   relmotion128.c, the others those of gcdmod.c. */

/* x[0..n] = prod_{i < n} (t - (r0 + i)) mod p; its degree n */
static long roots_poly(unsigned long long *x, long n, unsigned long long r0,
                       const nmod_t *mp)
{
    long i, j;
    x[0] = 1;
    for (i = 0; i < n; i++) {
        unsigned long long r = (r0 + (unsigned long long)i) % mp->p;
        x[i + 1] = 0;
        for (j = i + 1; j >= 1; j--)
            x[j] = nmod_sub(x[j - 1], nmod_mul(r, x[j], mp), mp);
        x[0] = nmod_sub(0, nmod_mul(r, x[0], mp), mp);
    }
    return n;
}

static void mul_naive(unsigned long long *r, const unsigned long long *a,
                      long da, const unsigned long long *b, long db,
                      const nmod_t *mp)
{
    long i, j;
    for (i = 0; i <= da + db; i++)
        r[i] = 0;
    for (i = 0; i <= da; i++)
        for (j = 0; j <= db; j++)
            r[i + j] = (r[i + j] + nmod_mul(a[i], b[j], mp)) % mp->p;
}

static void test_nmod(void)
{
    static const unsigned long long mods[] = {
        3, 65537, 2147483629ULL, 2147483647ULL,
#ifdef BOXTOI_HAVE_I128
        0x1fffffffffffffffULL, 0x3fffffffffffffc7ULL, /* 2^62 - 57 */
        1000000007ULL * 3ULL,
#endif
    };
    int nm = (int)(sizeof mods / sizeof mods[0]), k, bad_mul = 0;
    int bad_gcd = 0, tried = 0;
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    for (k = 0; k < nm; k++) {
        nmod_t mp;
        long i;
        nmod_init(&mp, mods[k]);
        for (i = 0; i < 20000; i++) {
            unsigned long long a, b, r;
            a = i < 4 ? mods[k] - 1 - (unsigned long long)i % mods[k]
                      : gmp_urandomm_ui(st, 1UL << 62) % mods[k];
            b = i < 4 ? mods[k] - 1 : gmp_urandomm_ui(st, 1UL << 62) % mods[k];
            r = nmod_mul(a, b, &mp);
            mpz_set_ui(x, a);
            mpz_mul_ui(x, x, b);
            if (mpz_fdiv_ui(x, mods[k]) != r && bad_mul++ == 0)
                diag("%llu * %llu mod %llu: %llu", a, b, mods[k], r);
        }
    }
    for (k = 1; k < nm; k++) {
        nmod_t mp;
        long da, db, dc;
        if (k == 6)
            continue; /* not a prime */
        nmod_init(&mp, mods[k]);
        for (da = 0; da <= 14; da += 2)
            for (db = 0; db <= 14; db += 3)
                for (dc = 0; dc <= 8; dc++) {
                    unsigned long long a[16], b[16], c[10], u[26], v[26],
                        g[26];
                    long dg, i;
                    roots_poly(a, da, 1, &mp);
                    roots_poly(b, db, 100, &mp);
                    roots_poly(c, dc, 1000, &mp);
                    mul_naive(u, a, da, c, dc, &mp);
                    mul_naive(v, b, db, c, dc, &mp);
                    dg = nmod_poly_gcd(g, u, da + dc, v, db + dc, &mp);
                    tried++;
                    if (dg != dc) {
                        bad_gcd++;
                        continue;
                    }
                    for (i = 0; i <= dc; i++)
                        if (g[i] != c[i]) {
                            bad_gcd++;
                            break;
                        }
                }
    }
    is_int(0, bad_mul, "nmod_mul is GMP's a b mod p (%d moduli)", nm);
    is_int(0, bad_gcd, "nmod_poly_gcd(a c, b c) = c (%d products)", tried);
    mpz_clears(x, y, NULL);
}

int main(void)
{
    plan_lazy();
    tap_randinit(st);
    test_nmod();
    gmp_randclear(st);
    return 0;
}
