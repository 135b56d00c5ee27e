/* t/descartes-t.c: Descartes' rule of signs on an interval
   (lib/roots/descartes.c, compiled into the test): its double-precision
   interval filter against the exact integer computation.

   (1) Hand-derived counts of sign variations of
   R(x) = (1 + x)^n p((lo + hi x) / (1 + x)).  p = (3t - 1)(3t - 2)
   = 9t^2 - 9t + 2: on (0, 1), R = 2x^2 - 5x + 2, two variations; on
   (0, 1/2), R = 2x^2 - x/2 - 1/4, one; on (2/5, 3/5), where p < 0,
   R = -4x^2 - 17x - 4, none; on (1, 2), R = 2x^2 + 13x + 20, and on
   (-1, 0), R = 20x^2 + 13x + 2, none.  p = t^3 - 1: on (0, 2),
   R = 8 - (1 + x)^3 = -x^3 - 3x^2 - 3x + 7, one; on (-2, 0),
   R = -8x^3 - (1 + x)^3, none; on (1/2, 3/2),
   R = ((3 + x)^3 - 8 (1 + x)^3) / 8 = (-7x^3 - 15x^2 + 3x + 19) / 8,
   one.  The filter must decide these (small exact numbers) and agree.
   (2) Random: polynomials of degree 1 to 20 with coefficients of 1 to
   200 bits, products of linear factors with roots inside, at and near
   the ends of the interval, and intervals with dyadic and general
   rational ends; whenever the filter decides, its count is the exact
   one.  It must decide most of the cases with dyadic ends (as the
   certificate's, which are doubles) and no root at an end, and leave
   some (roots at an end, where the count is not decided by
   signs, huge coefficients, ends that are not 53-bit fractions) to the
   exact path. */
#include "lib/util/impl.h"
#include "tap.h"
#include "lib/roots/impl.h"

static void hand(const long *c, long len, const char *lo, const char *hi,
                 long want, const char *name)
{
    boxtoi_poly_t p, tmp;
    mpq_t l, h;
    boxtoi_poly_init(p);
    boxtoi_poly_init(tmp);
    mpq_init(l);
    mpq_init(h);
    boxtoi_poly_set_coeffs_si(p, c, len);
    mpq_set_str(l, lo, 10);
    mpq_set_str(h, hi, 10);
    mpq_canonicalize(l);
    mpq_canonicalize(h);
    is_int(boxtoi_roots_descartes_exact(p, l, h, tmp), want,
           "%s: exact count", name);
    is_int(boxtoi_roots_descartes_filter(p, l, h), want,
           "%s: the filter decides it", name);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(tmp);
    mpq_clear(l);
    mpq_clear(h);
}

/* p = product of (d_i t - n_i) times a random polynomial of degree
   extra with coefficients of bits bits. */
static void random_poly(boxtoi_poly_t p, gmp_randstate_t st, mpq_srcptr lo,
                        mpq_srcptr hi, int at_ends)
{
    boxtoi_poly_t f;
    long nlin = (long)gmp_urandomm_ui(st, 5), extra, i;
    unsigned long bits = 1 + gmp_urandomm_ui(st, 200);
    mpq_t r, w;
    boxtoi_poly_init(f);
    mpq_init(r);
    mpq_init(w);
    extra = (long)gmp_urandomm_ui(st, 16) + (nlin == 0);
    boxtoi_poly_zero(p);
    boxtoi_poly_fit_length(p, extra + 1);
    for (i = 0; i <= extra; i++) {
        mpz_urandomb(p->coeffs + i, st, bits);
        if (gmp_urandomm_ui(st, 2))
            mpz_neg(p->coeffs + i, p->coeffs + i);
    }
    if (mpz_sgn(p->coeffs + extra) == 0)
        mpz_set_ui(p->coeffs + extra, 1);
    p->length = extra + 1;
    boxtoi_poly_set_length_normalise(p, extra + 1);
    mpq_sub(w, hi, lo);
    for (i = 0; i < nlin; i++) {
        /* a root inside, at an end (if at_ends), or just outside */
        unsigned long kind = gmp_urandomm_ui(st, 4);
        if (!at_ends && kind < 2)
            kind += 2;
        if (kind == 0)
            mpq_set(r, lo);
        else if (kind == 1)
            mpq_set(r, hi);
        else {
            mpz_urandomb(mpq_numref(r), st, 20);
            mpz_set_ui(mpq_denref(r), 1);
            mpz_mul_2exp(mpq_denref(r), mpq_denref(r), 19);
            mpq_canonicalize(r); /* in [0, 2) */
            mpq_mul(r, r, w);
            mpq_add(r, r, lo); /* in [lo, lo + 2w) */
        }
        mpz_neg(mpq_numref(r), mpq_numref(r));
        boxtoi_poly_zero(f);
        boxtoi_poly_set_coeff_mpz(f, 0, mpq_numref(r));
        boxtoi_poly_set_coeff_mpz(f, 1, mpq_denref(r));
        boxtoi_poly_mul(p, p, f);
    }
    boxtoi_poly_clear(f);
    mpq_clear(r);
    mpq_clear(w);
}

static void test_random(gmp_randstate_t st, long n)
{
    boxtoi_poly_t p, tmp;
    mpq_t lo, hi;
    long i, decided = 0, undecided = 0, wrong = 0, plain = 0;
    boxtoi_poly_init(p);
    boxtoi_poly_init(tmp);
    mpq_init(lo);
    mpq_init(hi);
    for (i = 0; i < n; i++) {
        long vf, ve;
        /* ends: dyadic (as the certificate's doubles), or any rationals
           (sometimes with more than 53 bits) */
        if (i % 3 != 2) {
            /* a double in (-256, 256) */
            mpz_urandomb(mpq_numref(lo), st, 53);
            mpz_set_ui(mpq_denref(lo), 1);
            mpz_mul_2exp(mpq_denref(lo), mpq_denref(lo),
                         45 + gmp_urandomm_ui(st, 20));
        } else {
            /* a fraction of up to 80 bits over 80 bits, below 2^8 */
            mpz_urandomb(mpq_numref(lo), st, 1 + gmp_urandomm_ui(st, 80));
            mpz_urandomb(mpq_denref(lo), st, 1 + gmp_urandomm_ui(st, 80));
            mpz_add_ui(mpq_denref(lo), mpq_denref(lo), 1);
            mpz_mul_2exp(mpq_denref(lo), mpq_denref(lo), 10);
        }
        if (gmp_urandomm_ui(st, 2))
            mpz_neg(mpq_numref(lo), mpq_numref(lo));
        mpq_canonicalize(lo);
        /* width 2^-24 .. 8 */
        mpz_urandomb(mpq_numref(hi), st, 1 + gmp_urandomm_ui(st, 20));
        mpz_add_ui(mpq_numref(hi), mpq_numref(hi), 1);
        mpz_set_ui(mpq_denref(hi), 1);
        mpz_mul_2exp(mpq_denref(hi), mpq_denref(hi),
                     17 + gmp_urandomm_ui(st, 28));
        mpq_canonicalize(hi);
        mpq_add(hi, hi, lo); /* lo < hi */
        /* every other case without roots at the ends */
        random_poly(p, st, lo, hi, i % 2);
        vf = boxtoi_roots_descartes_filter(p, lo, hi);
        ve = boxtoi_roots_descartes_exact(p, lo, hi, tmp);
        if (vf < 0) {
            undecided++;
        } else {
            decided += i % 2 == 0 && i % 3 != 2;
            if (vf != ve && wrong++ == 0)
                diag("filter %ld, exact %ld", vf, ve);
        }
        if (boxtoi_roots_descartes(p, lo, hi, tmp) != ve)
            wrong++;
    }
    is_int(wrong, 0, "the filter's counts are the exact ones");
    for (i = 0; i < n; i++)
        plain += i % 2 == 0 && i % 3 != 2;
    ok(decided > plain / 2,
       "with dyadic ends and no root at them the filter decides most "
       "cases (%ld of %ld)", decided, plain);
    ok(undecided > 0, "and leaves some to the exact path (%ld)", undecided);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(tmp);
    mpq_clear(lo);
    mpq_clear(hi);
}

int main(void)
{
    static const long q[] = {2, -9, 9};    /* (3t - 1)(3t - 2) */
    static const long cube[] = {-1, 0, 0, 1}; /* t^3 - 1 */
    gmp_randstate_t st;
    plan(8 * 2 + 3);
    hand(q, 3, "0", "1", 2, "(3t-1)(3t-2) on (0, 1)");
    hand(q, 3, "0", "1/2", 1, "(3t-1)(3t-2) on (0, 1/2)");
    hand(q, 3, "2/5", "3/5", 0, "(3t-1)(3t-2) on (2/5, 3/5)");
    hand(q, 3, "1", "2", 0, "(3t-1)(3t-2) on (1, 2)");
    hand(q, 3, "-1", "0", 0, "(3t-1)(3t-2) on (-1, 0)");
    hand(cube, 4, "0", "2", 1, "t^3 - 1 on (0, 2)");
    hand(cube, 4, "-2", "0", 0, "t^3 - 1 on (-2, 0)");
    hand(cube, 4, "1/2", "3/2", 1, "t^3 - 1 on (1/2, 3/2)");
    tap_randinit(st);
    test_random(st, 3000 * tap_multiplier());
    gmp_randclear(st);
    return 0;
}
