/* lib/alg/degset.c: the degree-set test of irreducibility over Z.

   A factor over Z of degree k of a primitive f reduces, modulo a prime p
   not dividing lc(f) with f mod p square-free, to a product of
   irreducible factors mod p of total degree k.  So the set of subset
   sums of the factor degrees mod p contains k for every such p; when
   the intersection over a few primes holds only 0 and deg f, f is
   irreducible ([Cohen] §3.5; the first step of Zassenhaus' method).
   The degrees mod p come from distinct-degree factorisation ([Cohen]
   Algorithm 3.4.3): the product of the factors of degree d is
   gcd(x^(p^d) - x, g) once those of lower degree are divided out of g.

   The polynomials here have degree < 64 and p < 2^8, so coefficients
   are small integers in plain arrays and every product of two fits in
   32 bits: FLINT's general nmod_poly routines cost about ten times more
   per operation at these sizes (doc/performance.md, "Minimal
   polynomial").  Only exact integer arithmetic. */
#include "lib/util/impl.h"
#include "boxtoi/alg.h"
#include "lib/alg/impl.h"

#define DS_MAX 64 /* degrees below this */

/* Polynomials mod p: c[0..len), c[len-1] != 0, len 0 for zero. */
typedef struct {
    unsigned c[2 * DS_MAX];
    int len;
} ds_poly;

/* a^-1 mod p (p prime, a not divisible by p), by the extended
   Euclidean algorithm on words: r_i = s_i a mod p throughout, and the
   last non-zero r is gcd(a, p) = 1 (it was Fermat's a^(p-2), about
   three times the instructions, in every remainder step). */
static unsigned inv_mod(unsigned a, unsigned p)
{
    long r0 = p, r1 = a % p, s0 = 0, s1 = 1, q, t;
    while (r1 != 0) {
        q = r0 / r1;
        t = r0 - q * r1;
        r0 = r1;
        r1 = t;
        t = s0 - q * s1;
        s0 = s1;
        s1 = t;
    }
    return (unsigned)(s0 < 0 ? s0 + (long)p : s0);
}

/* a = b, only the coefficients in use (the whole struct is 129 words). */
static void ds_copy(ds_poly *a, const ds_poly *b)
{
    int i;
    for (i = 0; i < b->len; i++)
        a->c[i] = b->c[i];
    a->len = b->len;
}

static void ds_norm(ds_poly *a)
{
    while (a->len > 0 && a->c[a->len - 1] == 0)
        a->len--;
}

/* r = acc mod b, for acc[0..len) of unreduced residues below 2^40 (b
   non-zero, r->c of length len at least).  The reduction by p is
   deferred: each step reduces only the leading coefficient and adds
   (p - q) b_i < 2^16 to the lower ones, at most 2 DS_MAX steps, so the
   sums stay below 2^41 before the final reduction.  The remainder
   modulo b is unique, so this is the remainder of the reduced acc. */
static void ds_rem_acc(ds_poly *r, unsigned long *acc, int len,
                       const ds_poly *b, unsigned p)
{
    unsigned long lb = b->c[b->len - 1], il, q;
    int i, k, n = b->len - 1;
    il = lb == 1 ? 1 : inv_mod((unsigned)lb, p);
    for (k = len - 1 - n; k >= 0; k--) {
        q = acc[k + n] % p * il % p;
        if (q != 0)
            for (i = 0; i < n; i++)
                acc[i + k] += (p - q) * b->c[i];
    }
    r->len = len < n ? len : n;
    for (i = 0; i < r->len; i++)
        r->c[i] = (unsigned)(acc[i] % p);
    ds_norm(r);
}

/* a = a mod b (b non-zero). */
static void ds_rem(ds_poly *a, const ds_poly *b, unsigned p)
{
    unsigned long acc[2 * DS_MAX];
    int i;
    if (a->len < b->len)
        return;
    for (i = 0; i < a->len; i++)
        acc[i] = a->c[i];
    ds_rem_acc(a, acc, a->len, b, p);
}

/* q = a / b exactly, a destroyed (b monic). */
static void ds_div(ds_poly *q, ds_poly *a, const ds_poly *b, unsigned p)
{
    int i, k;
    q->len = a->len - b->len + 1;
    for (k = q->len - 1; k >= 0; k--) {
        unsigned c = a->c[k + b->len - 1];
        q->c[k] = c;
        for (i = 0; i < b->len; i++)
            a->c[i + k] = (unsigned)((a->c[i + k] + (unsigned long)(p - c)
                                                        * b->c[i]) % p);
    }
    ds_norm(q);
}

/* r = a b mod g (r may alias a or b); a and b reduced modulo g, so
   each coefficient of the product is a sum of fewer than DS_MAX
   products below 2^16. */
static void ds_mulmod(ds_poly *r, const ds_poly *a, const ds_poly *b,
                      const ds_poly *g, unsigned p)
{
    unsigned long acc[2 * DS_MAX];
    int i, j, len = a->len + b->len - 1;
    if (a->len == 0 || b->len == 0) {
        r->len = 0;
        return;
    }
    for (i = 0; i < len; i++)
        acc[i] = 0;
    for (i = 0; i < a->len; i++)
        if (a->c[i] != 0)
            for (j = 0; j < b->len; j++)
                acc[i + j] += (unsigned long)a->c[i] * b->c[j];
    ds_rem_acc(r, acc, len, g, p);
}

/* g = gcd(a, b), monic; a and b destroyed. */
static void ds_gcd(ds_poly *g, ds_poly *a, ds_poly *b, unsigned p)
{
    ds_poly *x = a, *y = b, *s;
    unsigned il;
    int i;
    while (y->len > 0) {
        ds_rem(x, y, p);
        s = x;
        x = y;
        y = s;
    }
    ds_copy(g, x);
    if (g->len > 0) {
        il = inv_mod(g->c[g->len - 1], p);
        for (i = 0; i < g->len; i++)
            g->c[i] = (unsigned)((unsigned long)g->c[i] * il % p);
    }
}

/* The matrix of the Frobenius map h -> h^p on F_p[x] / (g): row i is
   x^(p i) mod g, i < n = deg g (n >= 1). */
typedef struct {
    unsigned c[DS_MAX][DS_MAX];
    int n;
} ds_frob;

static void ds_frobenius(ds_frob *f, const ds_poly *g, const ds_poly *u,
                         unsigned p)
{
    ds_poly row;
    int i, j;
    f->n = g->len - 1;
    row.len = 1;
    row.c[0] = 1;
    for (i = 0; i < f->n; i++) {
        for (j = 0; j < f->n; j++)
            f->c[i][j] = j < row.len ? row.c[j] : 0;
        ds_mulmod(&row, &row, u, g, p);
    }
}

/* r = a^2 x^s mod g (s 0 or 1; r may alias a), a reduced modulo g:
   each cross product a_i a_j (i < j) is formed once and doubled, about
   half the products of ds_mulmod, and the factor x is a shift of the
   unreduced square, so one reduction serves both.  The sums stay below
   2 DS_MAX 2^16 < 2^23 before ds_rem_acc, and the shifted square has
   length 2 len(a) <= 2 DS_MAX. */
static void ds_sqrmod(ds_poly *r, const ds_poly *a, int s, const ds_poly *g,
                      unsigned p)
{
    unsigned long acc[2 * DS_MAX];
    int i, j, n = a->len, len = 2 * n - 1 + s;
    if (n == 0) {
        r->len = 0;
        return;
    }
    for (i = 0; i < len; i++)
        acc[i] = 0;
    for (i = 0; i < n; i++)
        if (a->c[i] != 0)
            for (j = i + 1; j < n; j++)
                acc[i + j + s] += (unsigned long)a->c[i] * a->c[j];
    for (i = s; i < len; i++)
        acc[i] *= 2;
    for (i = 0; i < n; i++)
        acc[2 * i + s] += (unsigned long)a->c[i] * a->c[i];
    ds_rem_acc(r, acc, len, g, p);
}

/* u = x^p mod g (deg g = n >= 2), the bits of p from the top: the
   leading bits e = p >> b with e < n give x^e, already reduced, and
   each further bit a squaring, times x when it is set (ds_sqrmod). */
static void ds_xpow(ds_poly *u, const ds_poly *g, unsigned p)
{
    int b = 0, i, e;
    while ((int)(p >> b) >= g->len - 1)
        b++;
    e = (int)(p >> b);
    for (i = 0; i < e; i++)
        u->c[i] = 0;
    u->c[e] = 1;
    u->len = e + 1;
    while (b-- > 0)
        ds_sqrmod(u, u, (int)(p >> b & 1), g, p);
}

/* h = h^p mod g = sum_i h_i x^(p i) (h_i^p = h_i in F_p), h reduced
   modulo g.  Each product is below 2^16 and there are fewer than 64 per
   coefficient, so the sums fit in 32 bits before the one reduction. */
static void ds_frob_apply(ds_poly *h, const ds_frob *f, unsigned p)
{
    unsigned long acc[DS_MAX] = {0};
    int i, j;
    for (i = 0; i < h->len; i++)
        if (h->c[i] != 0)
            for (j = 0; j < f->n; j++)
                acc[j] += (unsigned long)h->c[i] * f->c[i][j];
    h->len = f->n;
    for (j = 0; j < f->n; j++)
        h->c[j] = (unsigned)(acc[j] % p);
    ds_norm(h);
}

/* The subset sums of the factor degrees of g (monic, square-free, mod
   p) as a bit mask, or all ones when they cannot narrow all (below).
   h runs through x^(p^d) modulo g, one product by the Frobenius matrix
   per step (it was a repeated squaring per step); the gcds use g as
   factors are divided out of it, which is right since h modulo g is h
   modulo any divisor.  The matrix is built only for d >= 2, modulo g
   as it is then (of lower degree once linear factors are out).

   Stopping early (doc/algorithm.md §4.3): with sums the subset sums of
   the factors found so far and r the degree of what is left of g, the
   final set holds sums and sums + r (the rest is a product of total
   degree r); when these already cover all, the intersection cannot
   change and the prime is left there. */
static unsigned long long ds_sums(ds_poly *g, unsigned p,
                                  unsigned long long all)
{
    unsigned long long sums = 1;
    ds_frob f;
    ds_poly h, t, u, q;
    int d, k, c, r;

    f.n = 0;
    ds_xpow(&h, g, p); /* x^p mod g */
    for (d = 1; 2 * d <= (r = g->len - 1); d++) {
        if ((all & ~(sums | sums << r)) == 0)
            return ~0ULL;
        if (d > 1) {
            if (f.n == 0) { /* h = x^p mod the original g */
                ds_rem(&h, g, p);
                ds_frobenius(&f, g, &h, p);
            }
            ds_frob_apply(&h, &f, p); /* h = x^(p^d) */
        }
        ds_copy(&t, &h); /* t = h - x */
        while (t.len < 2)
            t.c[t.len++] = 0;
        t.c[1] = (t.c[1] + p - 1) % p;
        ds_norm(&t);
        ds_copy(&u, g);
        ds_gcd(&q, &u, &t, p);
        c = (q.len - 1) / d;
        for (k = 0; k < c; k++)
            sums |= sums << d;
        if (c > 0) {
            ds_copy(&u, g);
            ds_div(g, &u, &q, p);
        }
    }
    if (g->len > 1)
        sums |= sums << (g->len - 1);
    return sums;
}

/* Every prime from 101 to 251: alg_degset_run stops at the first
   proof, so the later ones cost only where the earlier ones leave a
   common proper subset sum (doc/performance.md, "Minimal polynomial":
   with eight primes, 7 of 89 irreducible sextics of the rotating
   workload went on to FLINT's factorisation). */
static const unsigned char primes[] = {
    101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157,
    163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227,
    229, 233, 239, 241, 251};
#define DS_NPRIMES ((int)(sizeof primes / sizeof primes[0]))

/* g = f mod primes[k] (f of degree n < DS_MAX, g of length n + 1).
   The coefficients are reduced once modulo the product P of k's group
   of four primes (P <= 251^4 < 2^32) and kept in res (group says which
   group they are for, -1 for none), so the group's other primes reduce
   words, x mod p = (x mod P) mod p as p | P, in place of GMP integers
   (as lib/roots/rational.c does). */
static void ds_reduce(ds_poly *g, unsigned long *res, int *group,
                      const boxtoi_poly_t f, int k)
{
    long i, n = boxtoi_poly_degree(f);
    unsigned long p = primes[k], P = 1;
    if (*group != k / 4) {
        *group = k / 4;
        for (i = 4 * *group; i < 4 * *group + 4 && i < DS_NPRIMES; i++)
            P *= primes[i];
        for (i = 0; i <= n; i++)
            res[i] = mpz_fdiv_ui(f->coeffs + i, P);
    }
    g->len = (int)n + 1;
    for (i = 0; i <= n; i++)
        g->c[i] = (unsigned)(res[i] % p);
}

/* After this many primes used, each with a root modulo p (a factor of
   degree 1), alg_irreducible_by_degrees_or_linear gives up: a rational
   root is then likely, and dividing the rational roots out
   (lib/alg/linfac.c) costs about as much as five primes, where the
   test would go on through all 29 (doc/performance.md, "Minimal
   polynomial"). */
#define DS_LINEAR_STOP 8

int alg_irreducible_by_degrees(const boxtoi_poly_t f)
{
    return alg_irreducible_by_degrees_or_linear(f, 0) == 1;
}

int alg_irreducible_by_degrees_or_linear(const boxtoi_poly_t f, int stop)
{
    alg_degset s;
    alg_degset_init(&s);
    return alg_degset_run(&s, f, stop);
}

void alg_degset_init(alg_degset *s)
{
    s->all = ~0ULL;
    s->next = 0;
    s->used = 0;
}

int alg_degset_run(alg_degset *s, const boxtoi_poly_t f, int stop)
{
    long n = boxtoi_poly_degree(f), i;
    unsigned long long want;
    unsigned long res[DS_MAX];
    int group = -1;

    if (n < 2 || n >= DS_MAX)
        return 0;
    want = 1ULL | (1ULL << n);
    while (s->next < DS_NPRIMES) {
        unsigned p = primes[s->next++], il;
        ds_poly g, dg, a, b;
        ds_reduce(&g, res, &group, f, s->next - 1);
        if (g.c[n] == 0)
            continue; /* p | lc: the degree would drop */
        il = inv_mod(g.c[n], p);
        for (i = 0; i <= n; i++)
            g.c[i] = (unsigned)((unsigned long)g.c[i] * il % p);
        dg.len = (int)n;
        for (i = 1; i <= n; i++)
            dg.c[i - 1] = (unsigned)((unsigned long)g.c[i] * (unsigned)i % p);
        ds_norm(&dg);
        ds_copy(&a, &g);
        ds_copy(&b, &dg);
        ds_gcd(&a, &a, &b, p);
        if (a.len != 1)
            continue; /* not square-free mod p */
        s->all &= ds_sums(&g, p, s->all);
        if ((s->all & ((1ULL << n) - 1)) == 1)
            return (s->all & want) == want;
        if (stop && ++s->used == DS_LINEAR_STOP && (s->all & 2))
            return -1;
    }
    return 0;
}
