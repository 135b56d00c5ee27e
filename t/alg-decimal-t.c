/* t/alg-decimal-t.c: tests of lib/alg/decimal.c (decimal strings of
   real algebraic numbers and rationals), moved from t/alg-t.c.

   Expected values are derived independently of the library: decimal
   expansions of sqrt2, sqrt3, cbrt2 and 1/sqrt2 from the literature
   (checked with Python's decimal module, not with boxtoi), and by hand
   for rationals; every random decimal string is also parsed back and
   checked to lie within half a unit of its last digit, with ties to
   even. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "alg-gen.h"

/* ---- decimal strings ------------------------------------------------ */

static void check_qstr(const char *e, const char *q, long n)
{
    boxtoi_strbuf sb;
    mpq_t x;
    int rc;
    mpq_init(x);
    qset(x, q);
    boxtoi_strbuf_init(&sb);
    rc = boxtoi_mpq_get_decimal_str(&sb, x, n);
    is_str(e, rc == BOXTOI_OK ? boxtoi_strbuf_str(&sb) : "(error)",
           "mpq decimal %s, %ld digits", q, n);
    boxtoi_strbuf_clear(&sb);
    mpq_clear(x);
}

/* Parses s (the notation of query-format.md) and checks, by exact
   comparisons, that it is a's value rounded to n significant digits to
   nearest, ties to even, in the right notation.  Independent of the
   library's formatting code. */
static int decimal_ok(const char *s, const boxtoi_alg_t a, long n)
{
    const char *p = s;
    char *digs;
    long nd = 0, point = -1, ex = 0, lead, e10, i;
    int neg = 0, ok = 1, sci = 0, c1, c2;
    mpz_t m, u;
    mpq_t d, lo, hi, h;

    if (strcmp(s, "0") == 0)
        return boxtoi_alg_sgn(a) == 0;
    digs = malloc(strlen(s) + 1);
    if (*p == '-') {
        neg = 1;
        p++;
    }
    for (; *p != '\0' && *p != 'e'; p++) {
        if (*p == '.') {
            if (point >= 0)
                ok = 0;
            point = nd;
        } else if (*p >= '0' && *p <= '9') {
            digs[nd++] = *p;
        } else {
            ok = 0;
        }
    }
    digs[nd] = '\0';
    if (*p == 'e') {
        sci = 1;
        ex = strtol(p + 1, NULL, 10);
        if (p[1] == '+' || p[1] == '\0')
            ok = 0;
    }
    if (point < 0)
        point = nd;
    for (lead = 0; lead < nd && digs[lead] == '0'; lead++)
        ;
    if (!ok || nd == 0 || lead == nd) {
        free(digs);
        return 0;
    }
    /* Digit i has place value 10^(ex + point - 1 - i). */
    e10 = ex + point - 1 - lead;
    /* Scientific: exactly n digits, "d" or "d.ddd".  Positional: at
       least n significant digits, the extra ones zeros before the point
       (integer padding); no leading zeros before the point but one. */
    if (sci && (lead != 0 || nd != n || point != 1))
        ok = 0;
    if (!sci && nd - lead < n)
        ok = 0;
    for (i = lead + n; i < nd; i++)
        if (digs[i] != '0' || i >= point)
            ok = 0;
    if (strchr(s, '.') != NULL && (point == 0 || point == nd))
        ok = 0;
    if (!sci && point > 1 && digs[0] == '0')
        ok = 0;
    if (sci == (e10 >= -6 && e10 <= 30))
        ok = 0;
    mpz_init(m);
    mpz_init(u);
    mpq_init(d);
    mpq_init(lo);
    mpq_init(hi);
    mpq_init(h);
    mpz_set_str(m, digs, 10);
    if (neg)
        mpz_neg(m, m);
    mpq_set_z(d, m);
    i = ex + point - nd; /* d = m 10^i */
    mpz_ui_pow_ui(u, 10, (unsigned long)labs(i));
    if (i >= 0)
        mpz_mul(mpq_numref(d), mpq_numref(d), u);
    else
        mpz_mul(mpq_denref(d), mpq_denref(d), u);
    mpq_canonicalize(d);
    /* half a unit of the n-th significant digit: 10^(e10-n+1) / 2 */
    i = e10 - n + 1;
    mpz_ui_pow_ui(u, 10, (unsigned long)labs(i));
    mpq_set_z(h, u);
    if (i < 0)
        mpq_inv(h, h);
    mpq_div_2exp(h, h, 1);
    mpq_sub(lo, d, h);
    mpq_add(hi, d, h);
    c1 = boxtoi_alg_cmp_mpq(a, lo);
    c2 = boxtoi_alg_cmp_mpq(a, hi);
    if (c1 < 0 || c2 > 0)
        ok = 0;
    if ((c1 == 0 || c2 == 0) && (digs[lead + n - 1] - '0') % 2 != 0)
        ok = 0; /* a tie must go to the even digit */
    mpz_clear(m);
    mpz_clear(u);
    mpq_clear(d);
    mpq_clear(lo);
    mpq_clear(hi);
    mpq_clear(h);
    free(digs);
    return ok;
}

static int str_consistent(const boxtoi_alg_t a, long n)
{
    boxtoi_strbuf sb;
    int ok;
    boxtoi_strbuf_init(&sb);
    ok = boxtoi_alg_get_str(&sb, a, n) == BOXTOI_OK
         && decimal_ok(boxtoi_strbuf_str(&sb), a, n);
    if (!ok)
        diag("inconsistent decimal string \"%s\" (%ld digits)",
             boxtoi_strbuf_str(&sb), n);
    boxtoi_strbuf_clear(&sb);
    return ok;
}

static void test_str(void)
{
    boxtoi_alg_t a;
    gmp_randstate_t st;
    long i, n, iters = 60 * tap_multiplier();
    int ok1;

    boxtoi_alg_init(a);
    tap_randinit(st);

    alg_pi(a, P_SQRT2, 3, "1", "2");
    check_str("1.41421356237309504880168872421", a, 30, "sqrt2");
    check_str("1", a, 1, "sqrt2");
    check_str("1.4", a, 2, "sqrt2");
    check_str("1.41421356237309504880168872420969807856967187537694807317668",
              a, 60, "sqrt2");
    alg_pi(a, P_SQRT2_5, 4, "1", "2");
    check_str("1.41421356237309504880168872421", a, 30, "sqrt2'");
    alg_pi(a, P_SQRT2, 3, "-2", "-1");
    check_str("-1.41421356237309504880168872421", a, 30, "-sqrt2");
    alg_pi(a, P_SQRT3, 3, "1", "2");
    check_str("1.73205080756887729352744634151", a, 30, "sqrt3");
    alg_pi(a, P_CBRT2, 4, "1", "2");
    check_str("1.25992104989487316476721060728", a, 30, "cbrt2");
    alg_pi(a, P_CBRT2, 4, "-1", "2");
    check_str("1.25992104989487316476721060728", a, 30, "cbrt2 in [-1,2]");
    alg_pi(a, (const long[]){0, -2, 0, 1}, 4, "-1", "1");
    check_str("0", a, 3, "root 0 of t^3 - 2t");
    /* 1/(sqrt2 10^20): root of 2 10^40 t^2 - 1 (query-format's example) */
    alg_quad(a, "20000000000000000000000000000000000000000", "1", "0", "1");
    check_str("7.07106781186547524400844362105e-21", a, 30, "1/(sqrt2 1e20)");
    alg_quad(a, "1", "200000000000000000000000000000000000000000000000000"
                     "000000000000000000000000000000", "0",
             "1000000000000000000000000000000000000000000");
    check_str("1.41421356237309504880168872421e40", a, 30, "sqrt2 1e40");
    /* -sqrt2 1e-7: root of 10^14 t^2 - 2 */
    alg_quad(a, "100000000000000", "2", "-1", "0");
    check_str("-1.4142e-7", a, 5, "-sqrt2 1e-7");
    /* cbrt2 / 1000 = cbrt(2 10^-9): root of 10^9 t^3 - 2 */
    alg_pi(a, (const long[]){-2, 0, 0, 1000000000}, 4, "0", "1");
    check_str("0.001260", a, 4, "cbrt2/1000");
    /* sqrt(99.920016) = 9.996: root of 10^6 t^2 - 99920016, i.e. of
       62500 t^2 - 6245001; rational, but the poly is not linear */
    alg_quad(a, "1000000", "99920016", "0", "10");
    check_str("10.0", a, 3, "9.996 (rounding changes E)");
    check_str("9.996", a, 4, "9.996");
    /* rational ties in non-linear polys: 5/2 of (2t-5)(t^2-2) */
    alg_pi(a, (const long[]){10, -4, -5, 2}, 4, "2", "3");
    check_str("2", a, 1, "5/2 tie to even");
    check_str("2.50", a, 3, "5/2");
    alg_pi(a, (const long[]){14, -4, -7, 2}, 4, "3", "4");
    check_str("4", a, 1, "7/2 tie to even");
    alg_pi(a, (const long[]){-14, -4, 0, 7, 2}, 5, "-4", "0");
    check_str("-4", a, 1, "-7/2 tie to even");
    alg_pi(a, P_THIRD, 4, "0", "1/2");
    check_str("0.33333", a, 5, "1/3");
    /* non-dyadic ties: refinement on dyadic points never meets them */
    alg_pi(a, (const long[]){14, -40, -7, 20}, 4, "0", "1");
    check_str("0.4", a, 1, "7/20 of (20t-7)(t^2-2) tie to even");
    alg_pi(a, (const long[]){-18, 40, 9, -20}, 4, "0", "1");
    check_str("0.4", a, 1, "9/20 of -(20t-9)(t^2-2) tie to even");
    alg_pi(a, (const long[]){-14, -40, 7, 20}, 4, "-1", "0");
    check_str("-0.4", a, 1, "-7/20 tie to even");
    alg_narrow(a, (const long[]){10, -4, -5, 2}, 4, "5/2", 40);
    check_str("2", a, 1, "5/2 in a narrow interval, tie to even");

    check_qstr("2", "5/2", 1);
    check_qstr("4", "7/2", 1);
    check_qstr("-2", "-5/2", 1);
    check_qstr("0.2", "1/4", 1);
    check_qstr("0.4", "7/20", 1);
    check_qstr("0.33333", "1/3", 5);
    check_qstr("-0.666667", "-2/3", 6);
    check_qstr("0.000123", "123/1000000", 3);
    check_qstr("-0.000123", "-123/1000000", 3);
    check_qstr("1.23e-7", "123/1000000000", 3);
    check_qstr("0.000001", "1/1000000", 1);
    check_qstr("1e-7", "1/10000000", 1);
    check_qstr("0.0000010", "99999/100000000000", 2);
    check_qstr("1.00e31", "10000000000000000000000000000000", 3);
    check_qstr("1000000000000000000000000000000",
               "1000000000000000000000000000000", 3);
    check_qstr("1.00e31", "9999999999999999999999999999999", 3);
    check_qstr("10.0", "9996/1000", 3);
    check_qstr("100", "9996/100", 3);
    check_qstr("1000", "9996/10", 3);
    check_qstr("12300", "12345", 3);
    check_qstr("12345", "12345", 5);
    check_qstr("12345.0", "12345", 6);
    check_qstr("2.50", "5/2", 3);
    check_qstr("0", "0", 7);
    check_qstr("-1.5e-30", "-3/2000000000000000000000000000000", 2);

    /* random sqrt(n/d) and rationals, parsed back */
    for (i = 0, ok1 = 1; i < iters; i++) {
        char nb[40], db[40];
        unsigned long nn = gmp_urandomm_ui(st, 1000000) + 1;
        unsigned long dd = gmp_urandomm_ui(st, 1000000) + 1;
        int sh = (int)gmp_urandomm_ui(st, 30);
        n = 1 + (long)gmp_urandomm_ui(st, 25);
        if (i % 3 == 0)
            sprintf(nb, "%lu%0*d", nn, sh, 0);
        else
            sprintf(nb, "%lu", nn);
        sprintf(db, "%lu", dd);
        if (i % 3 == 1)
            sprintf(db, "%lu%0*d", dd, sh, 0);
        alg_quad(a, db, nb, "0", nb); /* sqrt(nb/db) < nb + 1 */
        ok1 = str_consistent(a, n) && ok1;
        {
            mpq_t x;
            mpq_init(x);
            mpz_set_str(mpq_numref(x), nb, 10);
            mpz_set_str(mpq_denref(x), db, 10);
            mpq_canonicalize(x);
            if (i % 2)
                mpq_neg(x, x);
            boxtoi_alg_set_mpq(a, x);
            ok1 = str_consistent(a, n) && ok1;
            mpq_clear(x);
        }
    }
    ok(ok1, "random decimal strings round correctly (parsed back)");

    gmp_randclear(st);
    boxtoi_alg_clear(a);
}

int main(void)
{
    plan_lazy();
    test_str();
    return 0;
}
