/* t/poly-gcd-t.c: tests of the gcd, content and square-free part of
   lib/poly/gcd.c (and of the modular gcd of lib/poly/gcdmod.c it
   calls), moved from t/poly-t.c.

   Expected values come from hand computation, from polynomials built
   from known roots and factors (gcd(a c, b c) = canonical(c) for
   coprime a, b) and from an independent method written here: Euclid's
   algorithm over Q (ref_gcd).  Random families count their failures,
   print the first one, and report one TAP line each. */
#include <stdlib.h>
#include "poly-gen.h"

/* Product of linear factors d t - m with distinct random roots taken from
   the parity class 'cls' of the numerator (so two classes never share a
   root: even vs odd numerators over odd denominators). */
static void rand_roots_poly(boxtoi_poly_t p, long n, int cls, long bits)
{
    mpq_t *r;
    long i;
    r = malloc((size_t)(n > 0 ? n : 1) * sizeof *r);
    if (r == NULL)
        bail("out of memory");
    for (i = 0; i < n; i++) {
        mpq_init(r[i]);
        mpz_urandomb(mpq_numref(r[i]), st, (mp_bitcnt_t)bits);
        mpz_mul_2exp(mpq_numref(r[i]), mpq_numref(r[i]), 1);
        mpz_add_ui(mpq_numref(r[i]), mpq_numref(r[i]), (unsigned long)cls);
        if (rnd(2))
            mpz_neg(mpq_numref(r[i]), mpq_numref(r[i]));
        mpz_urandomb(mpq_denref(r[i]), st, 4);
        mpz_mul_2exp(mpq_denref(r[i]), mpq_denref(r[i]), 1);
        mpz_add_ui(mpq_denref(r[i]), mpq_denref(r[i]), 1);
        mpq_canonicalize(r[i]); /* parity of the numerator survives */
    }
    from_roots(p, r, n);
    for (i = 0; i < n; i++)
        mpq_clear(r[i]);
    free(r);
}

/* Reference gcd: Euclid over Q on mpq coefficient arrays (exponential
   growth, fine for the small inputs used), returned as the canonical
   integer polynomial: clear denominators, then divide by the content. */
static void ref_gcd(boxtoi_poly_t res, const boxtoi_poly_t a,
                    const boxtoi_poly_t b)
{
    mpq_t *base, *u, *v, *w, c, t;
    long du = a->length - 1, dv = b->length - 1, i, j, n;
    mpz_t l;

    n = (du > dv ? du : dv) + 1;
    base = malloc(2 * (size_t)n * sizeof *base);
    if (base == NULL)
        bail("out of memory");
    u = base;
    v = base + n;
    mpq_init(c);
    mpq_init(t);
    mpz_init(l);
    for (i = 0; i < 2 * n; i++)
        mpq_init(base[i]);
    for (i = 0; i <= du; i++)
        mpq_set_z(u[i], a->coeffs + i);
    for (i = 0; i <= dv; i++)
        mpq_set_z(v[i], b->coeffs + i);
    while (dv >= 0) {
        for (i = du; i >= dv; i--) {
            mpq_div(c, u[i], v[dv]);
            for (j = 0; j <= dv; j++) {
                mpq_mul(t, c, v[j]);
                mpq_sub(u[i - dv + j], u[i - dv + j], t);
            }
        }
        if (du >= dv)
            du = dv - 1;
        while (du >= 0 && mpq_sgn(u[du]) == 0)
            du--;
        w = u;
        u = v;
        v = w;
        i = du;
        du = dv;
        dv = i;
    }
    /* u (degree du) is the gcd up to a rational factor */
    mpz_set_ui(l, 1);
    for (i = 0; i <= du; i++)
        mpz_lcm(l, l, mpq_denref(u[i]));
    boxtoi_poly_zero(res);
    for (i = 0; i <= du; i++) {
        mpz_divexact(mpq_denref(t), l, mpq_denref(u[i]));
        mpz_mul(mpq_numref(t), mpq_numref(u[i]), mpq_denref(t));
        boxtoi_poly_set_coeff_mpz(res, i, mpq_numref(t));
    }
    mpq_set_ui(t, 0, 1);
    /* content and sign by hand, not with the library */
    mpz_set_ui(l, 0);
    for (i = 0; i <= du; i++)
        mpz_gcd(l, l, res->coeffs + i);
    if (du >= 0 && mpz_sgn(res->coeffs + du) < 0)
        mpz_neg(l, l);
    for (i = 0; i <= du; i++)
        mpz_divexact(res->coeffs + i, res->coeffs + i, l);
    for (i = 0; i < 2 * n; i++)
        mpq_clear(base[i]);
    free(base);
    mpq_clear(c);
    mpq_clear(t);
    mpz_clear(l);
}

/* boxtoi_poly_squarefree_part_hint: the same result as the general
   square-free part whether the hint applies or not.  Expected values are
   products written out by hand. */
static void test_squarefree_hint(void)
{
    boxtoi_poly_t a, f, g, e, w;

    boxtoi_poly_init(a);
    boxtoi_poly_init(f);
    boxtoi_poly_init(g);
    boxtoi_poly_init(e);
    boxtoi_poly_init(w);
    /* a = -6 (2 t^2 + 2)^2 (t - 3) = -24 (t^2 + 1)^2 (t - 3): the hint
       f = 2 t^2 + 2 has content 2; square-free part
       (t^2 + 1)(t - 3) = t^3 - 3 t^2 + t - 3 */
    set_str_poly(w, "1 0 1");
    boxtoi_poly_mul(a, w, w);
    set_str_poly(f, "-3 1");
    boxtoi_poly_mul(a, a, f);
    boxtoi_poly_scalar_mul_si(a, a, -24);
    set_str_poly(f, "2 0 2");
    set_str_poly(e, "-3 1 -3 1");
    boxtoi_poly_squarefree_part_hint(g, a, f);
    is_poly(e, g, "hint w^2 (t - 3), w with content");
    /* the hint cubed: a / f = (t^2 + 1)^2 (t - 3) is not square-free,
       the general path gives the same e */
    boxtoi_poly_mul(a, a, w);
    boxtoi_poly_squarefree_part_hint(g, a, f);
    is_poly(e, g, "hint whose cube divides a");
    /* f divides a once only: a = (t^2 + 1)(t - 3)^2 */
    set_str_poly(f, "-3 1");
    boxtoi_poly_mul(a, w, f);
    boxtoi_poly_mul(a, a, f);
    boxtoi_poly_squarefree_part_hint(g, a, w);
    is_poly(e, g, "hint dividing a once");
    /* a hint that does not divide a: (t - 3)^2 (t^2 + 1) with t + 5 */
    set_str_poly(f, "5 1");
    boxtoi_poly_squarefree_part_hint(g, a, f);
    is_poly(e, g, "hint that does not divide a");
    /* (t - 3)^2 (t + 2)^2 with hint t - 3: a / f = (t - 3)(t + 2)^2 is
       not square-free; expected (t - 3)(t + 2) = t^2 - t - 6 */
    set_str_poly(a, "-3 1");
    set_str_poly(f, "2 1");
    boxtoi_poly_mul(a, a, f);
    boxtoi_poly_mul(a, a, a);
    set_str_poly(f, "-3 1");
    set_str_poly(e, "-6 -1 1");
    boxtoi_poly_squarefree_part_hint(g, a, f);
    is_poly(e, g, "hint with another square factor left");
    /* constant hint and in place */
    set_str_poly(f, "4");
    boxtoi_poly_squarefree_part_hint(a, a, f);
    is_poly(e, a, "constant hint, in place");
    boxtoi_poly_clear(a);
    boxtoi_poly_clear(f);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(e);
    boxtoi_poly_clear(w);
}

/* gcd(a, b) = e, the polynomials given as coefficient lists. */
static void gcd_is(const char *as, const char *bs, const char *es,
                   const char *name)
{
    boxtoi_poly_t a, b, e, g;
    boxtoi_poly_init(a);
    boxtoi_poly_init(b);
    boxtoi_poly_init(e);
    boxtoi_poly_init(g);
    set_str_poly(a, as);
    set_str_poly(b, bs);
    set_str_poly(e, es);
    boxtoi_poly_gcd(g, a, b);
    is_poly(e, g, "%s", name);
    boxtoi_poly_clear(a);
    boxtoi_poly_clear(b);
    boxtoi_poly_clear(e);
    boxtoi_poly_clear(g);
}

static void test_gcd(void)
{
    boxtoi_poly_t a, b, c, g, h, e;
    long it, n = 120 * tap_multiplier(), bad = 0, bad_sq = 0, bad_ct = 0;
    mpz_t z;

    boxtoi_poly_init(a);
    boxtoi_poly_init(b);
    boxtoi_poly_init(c);
    boxtoi_poly_init(g);
    boxtoi_poly_init(h);
    boxtoi_poly_init(e);
    mpz_init(z);

    for (it = 0; it < n; it++) {
        long bits = it % 10 == 0 ? 1500 : 1 + rnd(30);
        /* gcd(a c, b c) = canonical(c) since gcd(a, b) = 1: the roots
           of a and b have numerators of different parity. */
        rand_roots_poly(a, rnd(5), 0, 1 + rnd(20));
        rand_roots_poly(b, rnd(5), 1, 1 + rnd(20));
        mpz_set_si(z, (long)(1 + rnd(1000)) * (rnd(2) ? -1 : 1));
        boxtoi_poly_scalar_mul_mpz(a, a, z);
        randpoly_deg(c, rnd(6), bits);
        boxtoi_poly_mul(g, a, c);
        boxtoi_poly_mul(h, b, c);
        boxtoi_poly_canonical(e, c);
        boxtoi_poly_gcd(g, g, h); /* aliasing res = a */
        if (!boxtoi_poly_equal(g, e) || !well_formed(g))
            first_fail(&bad, "gcd(a c, b c) = canonical(c)", a, c);
        boxtoi_poly_mul(g, a, c);
        boxtoi_poly_gcd(h, g, h); /* aliasing res = b */
        boxtoi_poly_gcd(g, g, g); /* gcd(x, x) = canonical(x) */
        boxtoi_poly_mul(a, a, c);
        boxtoi_poly_canonical(a, a);
        if (!boxtoi_poly_equal(h, e) || !boxtoi_poly_equal(g, a))
            first_fail(&bad, "gcd aliasing", a, c);

        /* content and primitive part: content(z c) = |z| content(c) */
        boxtoi_poly_content(z, c);
        boxtoi_poly_primitive_part(g, c);
        boxtoi_poly_scalar_mul_mpz(h, g, z);
        boxtoi_poly_content(z, g);
        if (!boxtoi_poly_equal(h, c) || mpz_cmp_ui(z, 1) != 0
            || boxtoi_poly_sgn_lc(g) != boxtoi_poly_sgn_lc(c))
            first_fail(&bad_ct, "content * primitive part", c, NULL);

        /* square-free part of a product of distinct linear factors with
           multiplicities is their product (canonical). */
        {
            /* roots r_k = off + k + u_k, u_k in [0, 1): distinct; b is
               -3 prod (d_k t - m_k)^(e_k), expected prod (d_k t - m_k)
               made canonical */
            long k, m = 1 + rnd(5), off = rnd(21) - 10;
            boxtoi_poly_t f;
            mpq_t rk;
            boxtoi_poly_init(f);
            mpq_init(rk);
            boxtoi_poly_set_si(a, 1);
            boxtoi_poly_set_si(b, -3);
            for (k = 0; k < m; k++) {
                mpz_urandomb(mpq_denref(rk), st, 1 + (mp_bitcnt_t)rnd(20));
                mpz_add_ui(mpq_denref(rk), mpq_denref(rk), 1);
                mpz_urandomm(mpq_numref(rk), st, mpq_denref(rk));
                mpz_addmul_ui(mpq_numref(rk), mpq_denref(rk),
                              (unsigned long)(k + 10));
                mpz_submul_ui(mpq_numref(rk), mpq_denref(rk), 10);
                mpz_set_si(z, off);
                mpz_addmul(mpq_numref(rk), mpq_denref(rk), z);
                mpq_canonicalize(rk);
                boxtoi_poly_set_linear_root_mpq(f, rk);
                boxtoi_poly_mul(a, a, f);
                boxtoi_poly_pow(f, f, 1 + (unsigned long)rnd(4));
                boxtoi_poly_mul(b, b, f);
            }
            boxtoi_poly_canonical(e, a);
            boxtoi_poly_squarefree_part(g, b);
            if (!boxtoi_poly_equal(g, e) || !well_formed(g))
                first_fail(&bad_sq, "squarefree part", b, NULL);
            boxtoi_poly_clear(f);
            mpq_clear(rk);
        }
    }
    ok(bad == 0, "gcd(a c, b c) = canonical(c) (%ld random)", n);

    /* against Euclid over Q on small inputs with planted factors */
    {
        long bad_q = 0;
        for (it = 0; it < n; it++) {
            randpoly(a, 1 + rnd(5), 1 + rnd(8));
            randpoly(b, 1 + rnd(5), 1 + rnd(8));
            randpoly(c, 1 + rnd(4), 1 + rnd(8));
            if (rnd(4) != 0) {
                boxtoi_poly_mul(a, a, c);
                boxtoi_poly_mul(b, b, c);
            }
            if (rnd(4) == 0)
                boxtoi_poly_mul(b, b, a);
            if (a->length == 0 || b->length == 0)
                continue;
            ref_gcd(e, a, b);
            boxtoi_poly_gcd(g, a, b);
            if (!boxtoi_poly_equal(g, e))
                first_fail(&bad_q, "gcd vs Euclid over Q", a, b);
        }
        ok(bad_q == 0, "gcd agrees with Euclid over Q");
    }
    ok(bad_ct == 0, "content and primitive part");
    ok(bad_sq == 0, "square-free part of powers of distinct factors");

    /* (t-1)^3 (t+2)^2 (t^2-2) times -6 -> (t-1)(t+2)(t^2-2) */
    set_str_poly(a, "-1 1");
    boxtoi_poly_pow(a, a, 3);
    set_str_poly(b, "2 1");
    boxtoi_poly_pow(b, b, 2);
    boxtoi_poly_mul(a, a, b);
    set_str_poly(b, "-2 0 1");
    boxtoi_poly_mul(a, a, b);
    boxtoi_poly_scalar_mul_si(a, a, -6);
    boxtoi_poly_squarefree_part(g, a);
    /* (t-1)(t+2) = t^2 + t - 2; times t^2 - 2: t^4 + t^3 - 4t^2 - 2t + 4 */
    set_str_poly(e, "4 -2 -4 1 1");
    is_poly(e, g, "square-free part of -6 (t-1)^3 (t+2)^2 (t^2-2)");
    boxtoi_poly_squarefree_part(a, a); /* aliasing */
    is_poly(e, a, "square-free part in place");

    /* primes near 2^31 that the modular gcd meets first: 2147483647 is
       prime, 2147483629 the next prime below it.  t (t+1) and
       (t + p)(t+1) have gcd t + 1 but a degree-2 image mod p. */
    {
        const char *pr[2] = {"2147483647", "2147483629"};
        int k;
        for (k = 0; k < 2; k++) {
            set_str_poly(a, "0 1 1");
            mpz_set_str(z, pr[k], 10);
            boxtoi_poly_set_si(b, 1);
            boxtoi_poly_shift_left(b, b, 1);
            boxtoi_poly_set_coeff_mpz(b, 0, z);
            set_str_poly(c, "1 1");
            boxtoi_poly_mul(b, b, c);
            boxtoi_poly_gcd(g, a, b);
            is_poly(c, g, "gcd with the unlucky prime %s", pr[k]);
            /* coprime apart from the unlucky prime: t and t + p */
            set_str_poly(a, "0 1");
            boxtoi_poly_set_si(b, 1);
            boxtoi_poly_shift_left(b, b, 1);
            boxtoi_poly_set_coeff_mpz(b, 0, z);
            boxtoi_poly_gcd(g, a, b);
            set_str_poly(e, "1");
            is_poly(e, g, "gcd(t, t + %s) = 1", pr[k]);
            /* a leading coefficient divisible by the prime:
               (p t + 1)(t - 3) and (t - 3)(t + 5) */
            boxtoi_poly_set_si(a, 1);
            boxtoi_poly_set_coeff_mpz(a, 1, z);
            set_str_poly(c, "-3 1");
            boxtoi_poly_mul(a, a, c);
            set_str_poly(b, "-15 2 1");
            boxtoi_poly_gcd(g, a, b);
            is_poly(c, g, "gcd with lc divisible by %s", pr[k]);
        }
    }

    /* small cases */
    boxtoi_poly_zero(a);
    boxtoi_poly_zero(b);
    boxtoi_poly_gcd(g, a, b);
    ok(boxtoi_poly_is_zero(g), "gcd(0, 0) = 0");
    set_str_poly(a, "-4 -2");
    boxtoi_poly_gcd(g, a, b);
    set_str_poly(e, "2 1");
    is_poly(e, g, "gcd(-2t - 4, 0) = t + 2");
    boxtoi_poly_gcd(g, b, a);
    is_poly(e, g, "gcd(0, -2t - 4) = t + 2");
    gcd_is("6", "4", "1", "gcd(6, 4) = 1 (primitive)");
    gcd_is("0 2", "0 4", "0 1", "gcd(2t, 4t) = t");
    /* (t-1)(t+1) and (t+1)^2 */
    gcd_is("-1 0 1", "1 2 1", "1 1", "gcd(t^2 - 1, (t+1)^2) = t + 1");
    gcd_is("1 0 1", "-1 0 1", "1", "gcd(t^2 + 1, t^2 - 1) = 1");
    set_str_poly(e, "1");
    set_str_poly(a, "-7");
    boxtoi_poly_squarefree_part(g, a);
    is_poly(e, g, "square-free part of -7 is 1");
    boxtoi_poly_zero(a);
    boxtoi_poly_squarefree_part(g, a);
    ok(boxtoi_poly_is_zero(g), "square-free part of 0 is 0");
    boxtoi_poly_content(z, a);
    is_int(0, mpz_sgn(z), "content(0) = 0");
    boxtoi_poly_primitive_part(g, a);
    boxtoi_poly_canonical(h, a);
    ok(boxtoi_poly_is_zero(g) && boxtoi_poly_is_zero(h),
       "primitive part and canonical form of 0");
    set_str_poly(a, "6 0 -9");
    boxtoi_poly_content(z, a);
    is_int(3, mpz_get_si(z), "content(-9t^2 + 6) = 3");
    boxtoi_poly_primitive_part(g, a);
    set_str_poly(e, "2 0 -3");
    is_poly(e, g, "primitive part keeps the sign");
    boxtoi_poly_canonical(a, a);
    set_str_poly(e, "-2 0 3");
    is_poly(e, a, "canonical makes lc > 0");

    boxtoi_poly_clear(a);
    boxtoi_poly_clear(b);
    boxtoi_poly_clear(c);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(h);
    boxtoi_poly_clear(e);
    mpz_clear(z);
}

int main(void)
{
    plan_lazy();
    tap_randinit(st);
    test_gcd();
    test_squarefree_hint();
    gmp_randclear(st);
    return 0;
}
