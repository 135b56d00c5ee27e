/* lib/poly/print.c: the readable text form of a polynomial.

   Terms from the highest degree down, zero coefficients skipped, unit
   coefficients and exponents 0 and 1 elided: "3*t^2 - t + 7", "-t",
   "t^3", "0".  The same walk feeds a strbuf or a FILE (doc/api.md
   "Polynomials"); poly_get_str_mul also serves the --text summary of
   lib/io/text.c, which writes "2t^3" without the "*". */
#include <string.h>
#include "poly/impl.h"

int poly_get_str_mul(boxtoi_strbuf *sb, const boxtoi_poly_t a,
                     const char *var, const char *mul)
{
    size_t old = sb->len;
    long i;
    int rc = BOXTOI_OK, first = 1, s;
    mpz_t c;

    if (var == NULL)
        var = "t";
    if (a->length == 0)
        return boxtoi_strbuf_puts(sb, "0");
    mpz_init(c);
    for (i = a->length - 1; rc == BOXTOI_OK && i >= 0; i--) {
        s = mpz_sgn(a->coeffs + i);
        if (s == 0)
            continue;
        if (first)
            rc = boxtoi_strbuf_puts(sb, s < 0 ? "-" : "");
        else
            rc = boxtoi_strbuf_puts(sb, s < 0 ? " - " : " + ");
        first = 0;
        mpz_abs(c, a->coeffs + i);
        if (rc == BOXTOI_OK && (i == 0 || mpz_cmp_ui(c, 1) != 0)) {
            rc = boxtoi_strbuf_put_mpz(sb, c);
            if (rc == BOXTOI_OK && i > 0)
                rc = boxtoi_strbuf_puts(sb, mul);
        }
        if (rc == BOXTOI_OK && i > 0)
            rc = boxtoi_strbuf_puts(sb, var);
        if (rc == BOXTOI_OK && i > 1)
            rc = boxtoi_strbuf_printf(sb, "^%ld", i);
    }
    mpz_clear(c);
    if (rc != BOXTOI_OK && sb->str != NULL) {
        /* Leave sb as it was. */
        sb->len = old;
        sb->str[old] = '\0';
    }
    return rc;
}

int boxtoi_poly_get_str(boxtoi_strbuf *sb, const boxtoi_poly_t a,
                        const char *var)
{
    return poly_get_str_mul(sb, a, var, "*");
}

void boxtoi_poly_fprint(FILE *f, const boxtoi_poly_t a, const char *var)
{
    long i;
    int first = 1, s;
    mpz_t c;

    if (var == NULL)
        var = "t";
    if (a->length == 0) {
        fputs("0", f);
        return;
    }
    mpz_init(c);
    /* The same walk as get_str, straight to f (no buffer to fail). */
    for (i = a->length - 1; i >= 0; i--) {
        s = mpz_sgn(a->coeffs + i);
        if (s == 0)
            continue;
        if (first)
            fputs(s < 0 ? "-" : "", f);
        else
            fputs(s < 0 ? " - " : " + ", f);
        first = 0;
        mpz_abs(c, a->coeffs + i);
        if (i == 0 || mpz_cmp_ui(c, 1) != 0) {
            mpz_out_str(f, 10, c);
            if (i > 0)
                fputs("*", f);
        }
        if (i > 0)
            fputs(var, f);
        if (i > 1)
            fprintf(f, "^%ld", i);
    }
    mpz_clear(c);
}
