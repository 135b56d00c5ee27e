/* t/poly-t.c: tests of lib/poly/init.c and lib/poly/print.c (the
   representation, its accessors and the text form).

   Expected values come from hand computation.  The rest of lib/poly is
   tested file by file: t/poly-arith-t.c, t/poly-div-t.c,
   t/poly-gcd-t.c, t/poly-content-t.c, t/poly-eval-t.c,
   t/poly-compose-t.c, t/poly-mpfr-t.c, t/nmod-t.c and t/poly128-t.c,
   with the helpers of t/poly-gen.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "poly-gen.h"

/* ---- basics ------------------------------------------------------------ */

static void test_basics(void)
{
    boxtoi_poly_t p, q;
    long c4[4] = {1, 2, 0, 0};
    mpz_t z, w;
    mpq_t r;

    boxtoi_poly_init(p);
    boxtoi_poly_init2(q, 7);
    mpz_init(z);
    mpz_init(w);
    mpq_init(r);

    is_int(-1, boxtoi_poly_degree(p), "deg 0 = -1");
    ok(boxtoi_poly_is_zero(p) && boxtoi_poly_is_zero(q), "init gives 0");
    ok(boxtoi_poly_equal(p, q), "0 == 0 whatever the allocation");
    is_int(0, boxtoi_poly_sgn_lc(p), "sgn lc of 0");
    is_int(0, boxtoi_poly_max_bits(p), "max_bits of 0");

    boxtoi_poly_set_coeffs_si(p, c4, 4);
    is_int(1, boxtoi_poly_degree(p), "set_coeffs_si drops leading zeros");
    ok(well_formed(p), "well formed after set_coeffs_si");
    boxtoi_poly_set_coeff_si(p, 5, -3);
    is_int(5, boxtoi_poly_degree(p), "set_coeff beyond the degree grows");
    boxtoi_poly_get_coeff_mpz(z, p, 3);
    is_int(0, mpz_sgn(z), "gap coefficient reads 0");
    boxtoi_poly_get_coeff_mpz(z, p, 99);
    is_int(0, mpz_sgn(z), "coefficient beyond degree reads 0");
    boxtoi_poly_get_coeff_mpz(z, p, 5);
    is_int(-3, mpz_get_si(z), "coefficient 5");
    is_int(-1, boxtoi_poly_sgn_lc(p), "sgn lc");
    boxtoi_poly_set_coeff_si(p, 5, 0);
    is_int(1, boxtoi_poly_degree(p), "zeroing the top renormalises");
    ok(well_formed(p), "well formed after zeroing the top");
    boxtoi_poly_set_coeff_si(p, 9, 0);
    is_int(1, boxtoi_poly_degree(p), "setting 0 beyond the degree");

    /* Direct writes after fit_length, then normalisation. */
    boxtoi_poly_fit_length(p, 10);
    mpz_set_si(p->coeffs + 6, 4);
    boxtoi_poly_set_length_normalise(p, 8);
    is_int(6, boxtoi_poly_degree(p), "set_length_normalise");
    mpz_set_si(p->coeffs + 6, 0);
    boxtoi_poly_set_length_normalise(p, 7);
    is_int(1, boxtoi_poly_degree(p), "set_length_normalise drops zeros");
    ok(well_formed(p), "well formed after set_length_normalise");

    mpz_set_str(z, "-1000000000000000000000000000000", 10);
    boxtoi_poly_set_mpz(p, z);
    is_int(0, boxtoi_poly_degree(p), "set_mpz degree");
    is_int(100, boxtoi_poly_max_bits(p), "max_bits of 10^30");
    boxtoi_poly_set_mpz(p, p->coeffs + 0);
    boxtoi_poly_get_coeff_mpz(w, p, 0);
    is_mpz(z, w, "set_mpz from its own coefficient");
    /* set_coeff from p's own coefficient while p must grow */
    boxtoi_poly_set_coeff_mpz(p, p->alloc + 40, p->coeffs + 0);
    boxtoi_poly_get_coeff_mpz(w, p, boxtoi_poly_degree(p));
    ok(mpz_cmp(w, z) == 0 && well_formed(p),
       "set_coeff_mpz from its own coefficient, growing");
    boxtoi_poly_set_si(p, 0);
    ok(boxtoi_poly_is_zero(p) && well_formed(p), "set_si(0) is 0");

    mpq_set_si(r, 3, 2);
    boxtoi_poly_set_linear_root_mpq(p, r);
    set_str_poly(q, "-3 2");
    is_poly(q, p, "linear root 3/2 gives 2t - 3");
    mpq_set_si(r, -7, 1);
    boxtoi_poly_set_linear_root_mpq(p, r);
    set_str_poly(q, "7 1");
    is_poly(q, p, "linear root -7 gives t + 7");
    mpq_set_si(r, 0, 1);
    boxtoi_poly_set_coeff_si(p, 4, 1);
    boxtoi_poly_set_linear_root_mpq(p, r);
    set_str_poly(q, "0 1");
    ok(boxtoi_poly_equal(q, p) && well_formed(p), "linear root 0 gives t");

    boxtoi_poly_set_coeffs_si(q, c4, 2);
    boxtoi_poly_set_si(p, 5);
    boxtoi_poly_swap(p, q);
    ok(boxtoi_poly_degree(q) == 0 && mpz_cmp_si(q->coeffs, 5) == 0
           && boxtoi_poly_degree(p) == 1 && mpz_cmp_si(p->coeffs + 1, 2) == 0,
       "swap");
    boxtoi_poly_set(p, p);
    is_int(1, boxtoi_poly_degree(p), "set to itself");

    boxtoi_poly_clear(p);
    boxtoi_poly_clear(q);
    mpz_clear(z);
    mpz_clear(w);
    mpq_clear(r);
}

/* ---- text -------------------------------------------------------------- */

static void check_str(const char *coeffs, const char *var, const char *e)
{
    boxtoi_poly_t p;
    boxtoi_strbuf sb;
    FILE *f;
    char buf[256];
    size_t n;
    int rc;

    boxtoi_poly_init(p);
    set_str_poly(p, coeffs);
    boxtoi_strbuf_init(&sb);
    rc = boxtoi_strbuf_puts(&sb, "[");
    rc |= boxtoi_poly_get_str(&sb, p, var);
    is_int(0, rc, "get_str status for %s", e);
    is_str(e, boxtoi_strbuf_str(&sb) + 1, "get_str %s", e);
    f = tmpfile();
    if (f == NULL)
        bail("tmpfile");
    boxtoi_poly_fprint(f, p, var);
    rewind(f);
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    is_str(e, buf, "fprint %s", e);
    boxtoi_strbuf_clear(&sb);
    boxtoi_poly_clear(p);
}

static void test_text(void)
{
    check_str("7 -1 3", "t", "3*t^2 - t + 7");
    check_str("0 -1", "t", "-t");
    check_str("0 0 0 1", "t", "t^3");
    check_str("", "t", "0");
    check_str("-5", "t", "-5");
    check_str("1", "t", "1");
    check_str("-1 1", "x", "x - 1");
    check_str("0 1 0 2", NULL, "2*t^3 + t");
    check_str("-1 0 0 0 0 0 0 0 0 0 -12", "s", "-12*s^10 - 1");
    check_str("123456789012345678901234567890 0 -1", "t",
              "-t^2 + 123456789012345678901234567890");
}

int main(void)
{
    plan_lazy();
    test_basics();
    test_text();
    return 0;
}
