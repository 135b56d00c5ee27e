/* t/decimal-t.c: the two methods of the decimals of quotients and unit
   vectors at an algebraic t (lib/alg/decquot.c and decimal.c,
   doc/algorithm.md §10.3):
   the interval filter, when it decides, writes the same string as the
   exact method (the reference: exact signs at the rounding break
   points), and both branches are taken.

   Cases: sqrt 2 and 2^-1/4 on a wide and on a refined interval; 1;
   a tie at a rational t (-1/8 to 2 digits, -0.12 in t/point-t); an
   exact zero; a square root of 0 (BOXTOI_EDOMAIN); and the point and normal of the random
   contacts of t/qgen.c, at 3 and 30 digits, with t as the solver left
   it and refined as the command refines it (lib/io/write.c); the
   constants on limb arrays against the reference on mpz. */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"
#include "lib/alg/impl.h"

static long n_filter, n_exact, n_diff, n_dirty, n_const;

/* The constants' method against the exact one's result (e, re), when it
   decides. */
static void constants(const boxtoi_poly_t num, const boxtoi_poly_t den,
                      long digits, int unit, const boxtoi_strbuf *e, int re)
{
    boxtoi_strbuf c;
    int rc = BOXTOI_OK;

    boxtoi_strbuf_init(&c);
    if (alg_quot_get_str_const(&c, &rc, num, den, digits, unit)) {
        n_const++;
        if (rc != re || strcmp(c.str != NULL ? c.str : "",
                               e->str != NULL ? e->str : "") != 0) {
            n_diff++;
            diag("constants \"%s\" (%d), exact \"%s\" (%d)",
                 c.str != NULL ? c.str : "", rc,
                 e->str != NULL ? e->str : "", re);
        }
    } else {
        n_dirty += c.len != 0;
        n_diff += num->length <= 1 && den->length <= 1 && digits >= 1;
    }
    boxtoi_strbuf_clear(&c);
}

/* The methods on num/den (unit: num/sqrt den) at a; counts which one
   decided and any difference. */
static void both(const boxtoi_poly_t num, const boxtoi_poly_t den,
                 const boxtoi_alg_t a, long digits, int unit)
{
    boxtoi_strbuf f, e;
    int rf = BOXTOI_OK, re;

    boxtoi_strbuf_init(&f);
    boxtoi_strbuf_init(&e);
    re = alg_quot_get_str_exact(&e, num, den, a, digits, unit);
    constants(num, den, digits, unit, &e, re);
    if (alg_quot_get_str_filter(&f, &rf, num, den, a, digits, unit)) {
        n_filter++;
        if (rf != re || strcmp(f.str != NULL ? f.str : "",
                               e.str != NULL ? e.str : "") != 0) {
            n_diff++;
            diag("filter \"%s\" (%d), exact \"%s\" (%d)",
                 f.str != NULL ? f.str : "", rf, e.str != NULL ? e.str : "",
                 re);
        }
    } else {
        n_exact++;
        n_dirty += f.len != 0;
    }
    boxtoi_strbuf_clear(&f);
    boxtoi_strbuf_clear(&e);
}

static void hand_cases(void)
{
    static const long p2[3] = {-2, 0, 1}, t1[2] = {0, 1}, one[1] = {1};
    static const long tm[2] = {-1, 1}, m8[1] = {-8}, zero[2] = {0, 0};
    boxtoi_poly_t s, n, d, z;
    boxtoi_alg_t a;
    mpq_t lo, hi;
    long f0, e0;

    boxtoi_poly_init(s);
    boxtoi_poly_init(n);
    boxtoi_poly_init(d);
    boxtoi_poly_init(z);
    boxtoi_alg_init(a);
    mpq_init(lo);
    mpq_init(hi);
    boxtoi_poly_set_coeffs_si(s, p2, 3);
    mpq_set_ui(lo, 1, 1);
    mpq_set_ui(hi, 2, 1);
    if (boxtoi_alg_set_poly_interval(a, s, lo, hi) != BOXTOI_OK)
        bail("sqrt2");
    boxtoi_poly_set_coeffs_si(n, t1, 2);
    boxtoi_poly_set_coeffs_si(d, one, 1);
    boxtoi_poly_set_coeffs_si(z, zero, 2);
    f0 = n_filter;
    e0 = n_exact;
    both(n, d, a, 30, 0); /* t on [1, 2]: the filter cannot decide */
    both(d, n, a, 30, 1); /* 1/sqrt t */
    ok(n_exact == e0 + 2 && n_filter == f0, "wide interval: exact method");
    boxtoi_alg_refine_newton(a, 184);
    both(n, d, a, 30, 0);
    both(d, n, a, 30, 1);
    boxtoi_poly_set_coeffs_si(d, tm, 2);
    both(d, d, a, 30, 0); /* (t - 1)/(t - 1) = 1: not a break point */
    both(z, d, a, 30, 0); /* 0: the exact method */
    both(n, s, a, 30, 1); /* t/sqrt(t^2 - 2): EDOMAIN, the exact method */
    ok(n_filter == f0 + 3 && n_exact == e0 + 4,
       "refined: filter for sqrt 2, 2^-1/4 and 1; exact for 0, EDOMAIN");
    /* -1/8 at t = 0 to 2 digits, a tie: the filter decides (the enclosure
       is the point -1/8) */
    mpq_set_ui(lo, 0, 1);
    boxtoi_alg_set_mpq(a, lo);
    boxtoi_poly_set_coeffs_si(n, one, 1);
    boxtoi_poly_set_coeffs_si(d, m8, 1);
    both(n, d, a, 2, 0);
    ok(n_filter == f0 + 4, "the tie -1/8 at a rational t: filter");
    boxtoi_alg_clear(a);
    boxtoi_poly_clear(s);
    boxtoi_poly_clear(n);
    boxtoi_poly_clear(d);
    boxtoi_poly_clear(z);
    mpq_clear(lo);
    mpq_clear(hi);
}

static void random_cases(void)
{
    static const long digits[2] = {3, 30};
    gmp_randstate_t st;
    boxtoi_query_t q;
    boxtoi_contact_t res;
    boxtoi_alg_t t;
    long i, n = 30 * tap_multiplier(), f0 = n_filter, e0 = n_exact;
    int kind, k, j, r;

    tap_randinit(st);
    boxtoi_query_init(q);
    boxtoi_contact_init(res);
    boxtoi_alg_init(t);
    for (kind = 0; kind < QGEN_NKINDS; kind++)
        for (i = 0; i < n; i++) {
            boxtoi_contact_geom g;
            if (!qgen_contact_geom(&g, res, q, st, kind))
                continue;
            for (j = 0; j < 2; j++)
                for (r = 0; r < 2; r++) {
                    boxtoi_alg_set(t, &res->t);
                    if (r)
                        boxtoi_alg_refine_newton(t, 64 + 4 * digits[j]);
                    for (k = 0; k < 3; k++) {
                        both(g.point + k, &g.den, t, digits[j], 0);
                        if (g.has_normal)
                            both(g.normal + k, &g.nsq, t, digits[j], 1);
                    }
                }
            boxtoi_contact_geom_clear(&g);
        }
    diag("random contacts: %ld decimals by the filter, %ld by the exact "
         "method", n_filter - f0, n_exact - e0);
    ok(n_filter - f0 >= 100, "the filter decides often (%ld)", n_filter - f0);
    ok(n_exact - e0 >= 10, "the exact method is taken too (%ld)",
       n_exact - e0);
    boxtoi_alg_clear(t);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
    gmp_randclear(st);
}

/* Random constants num/den and num/sqrt den at a rational t, with the
   ties of both (den a square, num/sqrt den = (2m + 1)/2 10^k): the
   constants' method against the exact one. */
static void constant_cases(void)
{
    static const long digits[4] = {1, 2, 3, 30};
    gmp_randstate_t st;
    boxtoi_poly_t n, d;
    boxtoi_alg_t a;
    mpq_t r;
    mpz_t z;
    long i, c0 = n_const, nrand = 200 * tap_multiplier();
    int j, unit;

    tap_randinit(st);
    boxtoi_poly_init(n);
    boxtoi_poly_init(d);
    boxtoi_alg_init(a);
    mpq_init(r);
    mpz_init(z);
    mpq_set_si(r, 3, 7);
    boxtoi_alg_set_mpq(a, r);
    for (i = 0; i < nrand; i++)
        for (j = 0; j < 4; j++)
            for (unit = 0; unit < 2; unit++) {
                mpz_urandomb(z, st, 1 + (unsigned long)(i % 130));
                if (i % 3 == 0)
                    mpz_neg(z, z);
                boxtoi_poly_set_mpz(n, z);
                mpz_urandomb(z, st, 1 + (unsigned long)(i * 7 % 150));
                if (i % 5 == 1) /* a square: unit is rational */
                    mpz_mul(z, z, z);
                if (i % 4 == 2 && !unit)
                    mpz_neg(z, z);
                if (i % 17 == 3) /* ties: 125 / 10^k, (125 / 10^k)^2 */
                    boxtoi_poly_set_si(n, i % 2 ? 125 : -125);
                if (i % 17 == 3)
                    mpz_ui_pow_ui(z, 10, (unsigned long)(i % 9)
                                             * (1 + (unsigned long)unit));
                boxtoi_poly_set_mpz(d, z);
                both(n, d, a, digits[j], unit);
            }
    ok(n_const - c0 >= 8 * nrand, "constants: %ld decimals",
       n_const - c0);
    boxtoi_poly_clear(n);
    boxtoi_poly_clear(d);
    boxtoi_alg_clear(a);
    mpq_clear(r);
    mpz_clear(z);
    gmp_randclear(st);
}

/* y = n / d (n^2 / d for units) within 10^-k of a power of ten:
   n = 10^k - 1, 10^k + 1 or 10^k, d = 1, 10^j - 1, 10^j + 1 or 10^j
   (k = 1..61, j = 1..23), case c of NEAR_POWERS.  There the guess of
   the exponent from the top bits (guess_e, lib/alg/declimb.c) can be
   off by one, either way, and is corrected on M0. */
#define NEAR_POWERS (61 * 3 * 4)
static void near_power(mpz_t n, mpz_t d, long c)
{
    mpz_ui_pow_ui(n, 10, (unsigned long)(1 + c / 12));
    if (c % 3 == 0)
        mpz_sub_ui(n, n, 1);
    else if (c % 3 == 1)
        mpz_add_ui(n, n, 1);
    mpz_ui_pow_ui(d, 10, (unsigned long)(1 + c / 12 % 23));
    if (c / 3 % 4 == 0)
        mpz_set_ui(d, 1);
    else if (c / 3 % 4 == 1)
        mpz_sub_ui(d, d, 1);
    else if (c / 3 % 4 == 2)
        mpz_add_ui(d, d, 1);
}

/* The constants on limb arrays (lib/alg/declimb.c) against the
   reference alg_round_sig on mpz, for |num| and |den| of 1 to 3000
   bits, 1 to 60 and 200 digits (some beyond its buffers: it must then
   decline and write nothing), ties included, and near powers of ten
   (near_power). */
static void limb_cases(void)
{
    /* 20, 30, 38 and 39 digits: a result of two limbs, written by
       declimb.c's word divisions (39: up to two divisions by 10^19);
       up to 38 digits 10^(N-1) and 10^N come from the table, from 39
       on by pow10_n */
    static const long digits[9] = {1, 2, 17, 20, 30, 38, 39, 60, 200};
    gmp_randstate_t st;
    boxtoi_strbuf l, r;
    mpq_t y;
    mpz_t n, d, m;
    long i, e, nl = 0, nz = 0, bad = 0, nrand = 300 * tap_multiplier();
    int j, unit, rl, rr, neg;

    tap_randinit(st);
    mpq_init(y);
    mpz_inits(n, d, m, (mpz_ptr)0);
    for (i = 0; i < nrand + NEAR_POWERS; i++)
        for (j = 0; j < 9; j++)
            for (unit = 0; unit < 2; unit++) {
                mpz_urandomb(n, st, 1 + (unsigned long)(i * 37 % 3000));
                mpz_urandomb(d, st, 1 + (unsigned long)(i * 53 % 2900));
                mpz_add_ui(n, n, 1);
                mpz_add_ui(d, d, 1);
                if (i % 7 == 3) { /* ties: 5^3 / 10^k, its square */
                    mpz_set_ui(n, 125);
                    mpz_ui_pow_ui(d, 10, (unsigned long)(i % 40)
                                             * (1 + (unsigned long)unit));
                }
                if (i % 11 == 5) /* a power of ten: the carry to 10^N */
                    mpz_ui_pow_ui(n, 10, (unsigned long)(i % 50));
                if (i >= nrand) /* y near a power of ten, below */
                    near_power(n, d, i - nrand);
                neg = i % 3 == 0;
                boxtoi_strbuf_init(&l);
                boxtoi_strbuf_init(&r);
                rl = BOXTOI_OK;
                if (unit)
                    mpz_mul(mpq_numref(y), n, n);
                else
                    mpz_set(mpq_numref(y), n);
                mpz_set(mpq_denref(y), d);
                alg_round_sig(m, &e, y, digits[j], unit ? 2 : 1);
                rr = alg_format_decimal(&r, neg, m, e);
                if (alg_const_get_str_limbs(&l, &rl, n, d,
                                            digits[j], unit, neg)) {
                    nl++;
                    if (rl != rr || strcmp(l.str, r.str) != 0) {
                        bad++;
                        diag("limbs \"%s\", reference \"%s\"", l.str,
                             r.str);
                    }
                } else {
                    nz++;
                    bad += l.len != 0;
                }
                if (!unit) { /* boxtoi_mpq_get_decimal_str, which takes
                                the limbs when they accept */
                    boxtoi_strbuf_reset(&l);
                    mpq_canonicalize(y);
                    if (neg)
                        mpq_neg(y, y);
                    if (boxtoi_mpq_get_decimal_str(&l, y, digits[j]) != rr
                        || strcmp(boxtoi_strbuf_str(&l), r.str) != 0) {
                        bad++;
                        diag("mpq \"%s\", reference \"%s\"",
                             boxtoi_strbuf_str(&l), r.str);
                    }
                }
                boxtoi_strbuf_clear(&l);
                boxtoi_strbuf_clear(&r);
            }
    is_int(0, bad, "constants on limbs, and boxtoi_mpq_get_decimal_str, = "
                   "the reference on mpz (%ld on limbs, %ld declined)",
           nl, nz);
    ok(nl >= 8 * nrand && nz >= nrand / 2, "both branches are taken");
    mpq_clear(y);
    mpz_clears(n, d, m, (mpz_ptr)0);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    hand_cases();
    random_cases();
    constant_cases();
    limb_cases();
    diag("constants' method: %ld decimals", n_const);
    is_int(0, n_diff, "the filter's and the constants' strings = the "
                      "exact method's");
    is_int(0, n_dirty, "an undecided filter writes nothing");
    return 0;
}
