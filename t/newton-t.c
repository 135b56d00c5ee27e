/* t/newton-t.c: tests of boxtoi_alg_refine_newton (lib/alg/newton.c).

   The numbers are square roots x = sqrt(n/k), the positive root of
   k t^2 - n, times other factors (a far rational root, a second
   quadratic, a root at 2^-121.5 from x): an interval [lo, hi] holds x
   iff k lo^2 - n <= 0 <= k hi^2 - n, checked here in GMP without the
   library.  Each result is also paired with the reference refinement
   boxtoi_alg_refine: the 30-digit decimal and the doubles below and
   above must be the same strings and values. */
#include <stdlib.h>
#include <string.h>
#include "tap.h"

/* k t^2 - n at q, sign. */
static int sq_sgn(mpq_srcptr q, long k, mpz_srcptr n)
{
    mpq_t v, w;
    int s;
    mpq_init(v);
    mpq_init(w);
    mpq_mul(v, q, q);
    mpz_mul_si(mpq_numref(v), mpq_numref(v), k);
    mpq_canonicalize(v);
    mpq_set_z(w, n);
    s = mpq_cmp(v, w);
    mpq_clear(v);
    mpq_clear(w);
    return s;
}

/* hi - lo <= 2^-bits. */
static int narrow(const boxtoi_alg_t a, long bits)
{
    mpq_t w, e;
    int r;
    mpq_init(w);
    mpq_init(e);
    mpq_sub(w, a->hi, a->lo);
    mpq_set_ui(e, 1, 1);
    mpq_div_2exp(e, e, (unsigned long)bits);
    r = mpq_sgn(w) >= 0 && mpq_cmp(w, e) <= 0;
    mpq_clear(w);
    mpq_clear(e);
    return r;
}

/* Refines a copy of a with both methods to bits and checks the
   enclosure of sqrt(n/k), the width and the roundings. */
static void check(const boxtoi_alg_t a, long k, mpz_srcptr n, long bits,
                  const char *name)
{
    boxtoi_alg_t x, y;
    boxtoi_strbuf s1, s2;

    boxtoi_alg_init(x);
    boxtoi_alg_init(y);
    boxtoi_alg_set(x, a);
    boxtoi_alg_set(y, a);
    boxtoi_alg_refine_newton(x, bits);
    boxtoi_alg_refine(y, bits);
    ok(sq_sgn(x->lo, k, n) <= 0 && sq_sgn(x->hi, k, n) >= 0
           && mpq_cmp(a->lo, x->lo) <= 0 && mpq_cmp(x->hi, a->hi) <= 0,
       "%s: the interval holds the root, inside the old one", name);
    ok(narrow(x, bits), "%s: width <= 2^-%ld", name, bits);
    ok(tap_alg_invariant(x), "%s: invariant", name);
    boxtoi_strbuf_init(&s1);
    boxtoi_strbuf_init(&s2);
    if (boxtoi_alg_get_str(&s1, x, 30) != BOXTOI_OK
        || boxtoi_alg_get_str(&s2, y, 30) != BOXTOI_OK)
        bail("get_str failed");
    is_str(boxtoi_strbuf_str(&s2), boxtoi_strbuf_str(&s1),
           "%s: same decimal as after boxtoi_alg_refine", name);
    ok(boxtoi_alg_get_d(x, MPFR_RNDD) == boxtoi_alg_get_d(y, MPFR_RNDD)
           && boxtoi_alg_get_d(x, MPFR_RNDU)
                  == boxtoi_alg_get_d(y, MPFR_RNDU),
       "%s: same doubles down and up", name);
    boxtoi_strbuf_clear(&s1);
    boxtoi_strbuf_clear(&s2);
    boxtoi_alg_clear(x);
    boxtoi_alg_clear(y);
}

/* a = the root of p in [lo, hi]. */
static void set(boxtoi_alg_t a, const boxtoi_poly_t p, mpq_srcptr lo,
                mpq_srcptr hi)
{
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("no unique root in the interval");
}

/* p = (k t^2 - n) f. */
static void quad_times(boxtoi_poly_t p, long k, mpz_srcptr n,
                       const boxtoi_poly_t f)
{
    boxtoi_poly_t q;
    mpz_t c;
    boxtoi_poly_init(q);
    mpz_init(c);
    mpz_neg(c, n);
    boxtoi_poly_set_coeff_mpz(q, 0, c);
    boxtoi_poly_set_coeff_si(q, 2, k);
    boxtoi_poly_mul(p, q, f);
    boxtoi_poly_clear(q);
    mpz_clear(c);
}

static void test_fixed(void)
{
    boxtoi_alg_t a;
    boxtoi_poly_t p, one;
    mpq_t lo, hi;
    mpz_t n, m;

    boxtoi_alg_init(a);
    boxtoi_poly_init(p);
    boxtoi_poly_init(one);
    mpq_init(lo);
    mpq_init(hi);
    mpz_init(n);
    mpz_init(m);
    boxtoi_poly_set_si(one, 1);

    /* sqrt2 in [1, 2] */
    mpz_set_ui(n, 2);
    quad_times(p, 1, n, one);
    mpq_set_ui(lo, 1, 1);
    mpq_set_ui(hi, 2, 1);
    set(a, p, lo, hi);
    check(a, 1, n, 100, "sqrt2");
    check(a, 1, n, 1000, "sqrt2 to 1000 bits");

    /* a huge range, beyond the doubles: sqrt(2^3001) in [0, 2^1600]
       (the proposal fails, boxtoi_alg_refine takes over) */
    mpz_setbit(m, 3001);
    quad_times(p, 1, m, one);
    mpq_set_ui(lo, 0, 1);
    mpq_set_ui(hi, 1, 1);
    mpq_mul_2exp(hi, hi, 1600);
    set(a, p, lo, hi);
    check(a, 1, m, 10, "sqrt(2^3001)");

    /* a tiny root: 2^201 t^2 - 1, root 2^-100.5, in [0, 1] */
    mpz_set_ui(m, 1);
    quad_times(p, 1, m, one);
    mpz_set_ui(m, 0);
    mpz_setbit(m, 201);
    boxtoi_poly_set_coeff_mpz(p, 2, m);
    mpq_set_ui(hi, 1, 1);
    mpq_set_ui(lo, 0, 1);
    set(a, p, lo, hi);
    mpz_set_ui(n, 1);
    {
        /* k = 2^201 does not fit a long: check on 2^201 x^2 = 1 via
           x' = 2^100 x, 2 x'^2 = 1 */
        boxtoi_alg_t x;
        boxtoi_alg_init(x);
        boxtoi_alg_set(x, a);
        boxtoi_alg_refine_newton(x, 200);
        mpq_mul_2exp(lo, x->lo, 100);
        mpq_mul_2exp(hi, x->hi, 100);
        ok(sq_sgn(lo, 2, n) <= 0 && sq_sgn(hi, 2, n) >= 0 && narrow(x, 200),
           "2^-100.5: held, width <= 2^-200");
        boxtoi_alg_clear(x);
    }

    /* a cluster: (t^2 - 2)(2^120 t^2 - 2^121 - 1), the second root
       sqrt(2 + 2^-120) about 2^-121.5 above sqrt2; [1, m] with m =
       ceil(sqrt2 2^123) / 2^123 isolates sqrt2 */
    mpz_set_ui(m, 0);
    mpz_setbit(m, 121);
    mpz_add_ui(m, m, 1);
    mpz_neg(m, m);
    boxtoi_poly_set_coeff_mpz(one, 0, m);
    mpz_set_ui(m, 0);
    mpz_setbit(m, 120);
    boxtoi_poly_set_coeff_mpz(one, 2, m);
    mpz_set_ui(n, 2);
    quad_times(p, 1, n, one);
    mpz_set_ui(m, 0);
    mpz_setbit(m, 247);
    mpz_sqrt(m, m);
    mpz_add_ui(m, m, 1);
    mpq_set_z(hi, m);
    mpq_div_2exp(hi, hi, 123);
    mpq_set_ui(lo, 1, 1);
    set(a, p, lo, hi);
    check(a, 1, n, 300, "sqrt2 beside a root 2^-121.5 away");

    mpz_clear(n);
    mpz_clear(m);
    mpq_clear(lo);
    mpq_clear(hi);
    boxtoi_poly_clear(one);
    boxtoi_poly_clear(p);
    boxtoi_alg_clear(a);
}

/* sqrt(n/k) for random k, n times a random far factor (t - r) or a
   quadratic without real roots, from the interval [floor, floor + 1]
   of x. */
static void test_random(void)
{
    gmp_randstate_t st;
    boxtoi_alg_t a;
    boxtoi_poly_t p, f;
    mpq_t lo, hi;
    mpz_t n, s;
    long i, iters = 200 * tap_multiplier(), k, done = 0;
    char name[64];

    tap_randinit(st);
    boxtoi_alg_init(a);
    boxtoi_poly_init(p);
    boxtoi_poly_init(f);
    mpq_init(lo);
    mpq_init(hi);
    mpz_init(n);
    mpz_init(s);
    for (i = 0; i < iters; i++) {
        k = 1 + (long)gmp_urandomm_ui(st, 1000);
        mpz_urandomb(n, st, 1 + gmp_urandomm_ui(st, 60));
        mpz_add_ui(n, n, 1);
        mpz_mul_si(s, n, k);
        if (mpz_perfect_square_p(s))
            continue; /* rational */
        /* floor(sqrt(n/k)) = floor(sqrt(n k) / k) */
        mpz_sqrt(s, s);
        mpz_fdiv_q_ui(s, s, (unsigned long)k);
        mpq_set_z(lo, s);
        mpz_add_ui(s, s, 1);
        mpq_set_z(hi, s);
        boxtoi_poly_zero(f);
        if (i % 2 == 0) { /* t - r, r below lo */
            boxtoi_poly_set_coeff_si(f, 1, 1);
            mpz_sub_ui(s, s, 2 + gmp_urandomm_ui(st, 5));
            mpz_neg(s, s);
            boxtoi_poly_set_coeff_mpz(f, 0, s);
        } else { /* t^2 + c, no real root */
            boxtoi_poly_set_coeff_si(f, 2, 1);
            boxtoi_poly_set_coeff_si(f, 0,
                                     1 + (long)gmp_urandomm_ui(st, 99));
        }
        quad_times(p, k, n, f);
        set(a, p, lo, hi); /* -x and r lie below lo */
        snprintf(name, sizeof name, "random %ld", i);
        check(a, k, n, 64 + 4 * 30, name);
        done++;
    }
    ok(done > iters / 2, "%ld random cases", done);
    mpz_clear(n);
    mpz_clear(s);
    mpq_clear(lo);
    mpq_clear(hi);
    boxtoi_poly_clear(f);
    boxtoi_poly_clear(p);
    boxtoi_alg_clear(a);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    test_fixed();
    test_random();
    return 0;
}
