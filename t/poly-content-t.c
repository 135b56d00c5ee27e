/* t/poly-content-t.c: the content in machine words (lib/poly/content.c,
   doc/algorithm.md §9.8), the fast path of boxtoi_poly_content, on
   random polynomials of degree 0 to 7 built as a known content times a
   known primitive polynomial: coefficients at and around 2^63, 2^64,
   2^127, 2^128, 2^191 and 2^192 (the edge of the word path), negative
   and zero ones.  The expected content is |k| and the canonical form
   the primitive factor with a positive leading coefficient, both known
   by construction (the primitive factor is divided by the gcd that
   mpz_gcd gives, so the reference is GMP's gcd, not the words').  The
   canonical form and the primitive part in words
   (poly_divide_content_words, the fast path of both for at most 8
   coefficients of at most 3 limbs, and of prim's narrow cubic) are
   checked against the same construction, also in place.  Then the
   gcd of structured pairs (the binary gcd in 192, 128 and 64 bits)
   against mpz_gcd and a binary gcd on mpz_t. */
#include <stdio.h>
#include "tap.h"
#include <boxtoi.h>
#include "poly/impl.h"

/* z = a random coefficient: a power of two near a word boundary plus a
   small offset, or a random number of up to that many bits, or zero,
   with a random sign. */
static void coeff(mpz_ptr z, gmp_randstate_t rs)
{
    static const unsigned long bits[] = {1, 2, 62, 63, 64, 65, 126, 127,
                                         128, 129, 150, 190, 191, 192,
                                         193, 250};
    unsigned long k = gmp_urandomm_ui(rs, 16), e = bits[k];
    switch (gmp_urandomm_ui(rs, 4)) {
    case 0:
        mpz_set_ui(z, 0);
        break;
    case 1:
        mpz_set_ui(z, 1);
        mpz_mul_2exp(z, z, e);
        k = gmp_urandomm_ui(rs, 5);
        if (k < 2)
            mpz_sub_ui(z, z, k + 1);
        else
            mpz_add_ui(z, z, k - 2);
        break;
    default:
        mpz_urandomb(z, rs, e);
    }
    if (gmp_urandomm_ui(rs, 2))
        mpz_neg(z, z);
}

/* k = a random content: 1, a small odd number, a power of two, or an
   odd number of 64, 65, 100 or 128 bits, times a power of two, with a
   random sign. */
static void content(mpz_ptr k, gmp_randstate_t rs)
{
    static const unsigned long bits[] = {1, 3, 64, 65, 100, 128};
    mpz_urandomb(k, rs, bits[gmp_urandomm_ui(rs, 6)]);
    mpz_setbit(k, 0);
    mpz_mul_2exp(k, k, gmp_urandomm_ui(rs, 3) * gmp_urandomm_ui(rs, 70));
    if (gmp_urandomm_ui(rs, 2))
        mpz_neg(k, k);
}

#ifdef BOXTOI_HAVE_I128
/* gcd by Stein's binary method on mpz_t: the second reference of
   pairs() beside mpz_gcd (GMP's Lehmer). */
static void stein(mpz_ptr g, mpz_srcptr a0, mpz_srcptr b0)
{
    mpz_t a, b;
    mp_bitcnt_t z;
    mpz_init(a);
    mpz_init(b);
    mpz_abs(a, a0);
    mpz_abs(b, b0);
    if (mpz_sgn(a) == 0 || mpz_sgn(b) == 0) {
        mpz_add(g, a, b);
    } else {
        z = mpz_scan1(a, 0) < mpz_scan1(b, 0) ? mpz_scan1(a, 0)
                                              : mpz_scan1(b, 0);
        mpz_tdiv_q_2exp(a, a, mpz_scan1(a, 0));
        mpz_tdiv_q_2exp(b, b, mpz_scan1(b, 0));
        while (mpz_cmp(a, b) != 0) {
            if (mpz_cmp(a, b) < 0)
                mpz_swap(a, b);
            mpz_sub(a, a, b);
            mpz_tdiv_q_2exp(a, a, mpz_scan1(a, 0));
        }
        mpz_mul_2exp(g, a, z);
    }
    mpz_clear(a);
    mpz_clear(b);
}

/* The content of a + b x in words against mpz_gcd and stein, on pairs
   below 2^192 made for the gcd's stages (lib/poly/content.c): random
   sizes 1-192 bits, equal numbers, one zero, powers of two, a common
   factor of 1-130 bits, consecutive Fibonacci numbers (Euclid's worst
   case, every quotient 1) times a power of two, and sizes far apart.
   Returns the number of wrong contents. */
static long pairs(gmp_randstate_t rs, long n)
{
    boxtoi_poly_t p;
    mpz_t a, b, g, h, w, f0, f1;
    long it, bad = 0;
    unsigned long e, kind;
    boxtoi_poly_init(p);
    mpz_init(a);
    mpz_init(b);
    mpz_init(g);
    mpz_init(h);
    mpz_init(w);
    mpz_init(f0);
    mpz_init(f1);
    for (it = 0; it < n; it++) {
        kind = it % 7;
        switch (kind) {
        case 0:
            mpz_urandomb(a, rs, 1 + gmp_urandomm_ui(rs, 192));
            mpz_urandomb(b, rs, 1 + gmp_urandomm_ui(rs, 192));
            break;
        case 1:
            mpz_urandomb(a, rs, 1 + gmp_urandomm_ui(rs, 192));
            mpz_set(b, a);
            break;
        case 2:
            mpz_urandomb(a, rs, 1 + gmp_urandomm_ui(rs, 192));
            mpz_set_ui(b, 0);
            break;
        case 3:
            mpz_set_ui(a, 0);
            mpz_setbit(a, gmp_urandomm_ui(rs, 192));
            mpz_set_ui(b, 0);
            mpz_setbit(b, gmp_urandomm_ui(rs, 192));
            if (gmp_urandomm_ui(rs, 2))
                mpz_add_ui(b, b, 1 + 2 * gmp_urandomm_ui(rs, 1000));
            break;
        case 4: /* g u, g v with g of 1-130 bits */
            e = 1 + gmp_urandomm_ui(rs, 130);
            mpz_urandomb(g, rs, e);
            mpz_setbit(g, e - 1);
            mpz_urandomb(a, rs, 1 + gmp_urandomm_ui(rs, 192 - e));
            mpz_urandomb(b, rs, 1 + gmp_urandomm_ui(rs, 192 - e));
            mpz_mul(a, a, g);
            mpz_mul(b, b, g);
            break;
        case 5: /* F_e, F_(e+1) < 2^192, times 2^k */
            e = 1 + gmp_urandomm_ui(rs, 274);
            mpz_fib2_ui(f1, f0, e);
            mpz_set(a, f1);
            mpz_add(b, f1, f0);
            e = gmp_urandomm_ui(rs, 4);
            if (mpz_sizeinbase(b, 2) + e <= 192) {
                mpz_mul_2exp(a, a, e);
                mpz_mul_2exp(b, b, e);
            }
            if (gmp_urandomm_ui(rs, 2))
                mpz_swap(a, b);
            break;
        default: /* far apart: 150-192 and 1-70 bits */
            mpz_urandomb(a, rs, 150 + gmp_urandomm_ui(rs, 43));
            mpz_urandomb(b, rs, 1 + gmp_urandomm_ui(rs, 70));
            mpz_setbit(b, 0);
        }
        if (gmp_urandomm_ui(rs, 2))
            mpz_neg(a, a);
        boxtoi_poly_zero(p);
        boxtoi_poly_set_coeff_mpz(p, 0, a);
        boxtoi_poly_set_coeff_mpz(p, 1, b);
        mpz_gcd(g, a, b);
        stein(h, a, b);
        mpz_set_si(w, -7);
        if (mpz_cmp(g, h) != 0 || !poly_content_words(w, p)
            || mpz_cmp(w, g) != 0) {
            if (bad++ < 5)
                gmp_printf("# pair %lu: gcd(%Zd, %Zd) = %Zd, stein %Zd, "
                           "words %Zd\n", kind, a, b, g, h, w);
        }
    }
    mpz_clear(f1);
    mpz_clear(f0);
    mpz_clear(w);
    mpz_clear(h);
    mpz_clear(g);
    mpz_clear(b);
    mpz_clear(a);
    boxtoi_poly_clear(p);
    return bad;
}
#endif

int main(void)
{
    gmp_randstate_t rs;
    boxtoi_poly_t q, p, r;
    mpz_t z, g, k;
    long it, n = 4000 * (long)tap_multiplier(), i, len, fails[2] = {0, 0};
    long words = 0, wrong = 0, big = 0, dwords = 0, dwrong = 0;

    plan(8);
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, tap_seed());
    boxtoi_poly_init(q);
    boxtoi_poly_init(p);
    boxtoi_poly_init(r);
    mpz_init(z);
    mpz_init(g);
    mpz_init(k);
    for (it = 0; it < n; it++) {
        /* q: a primitive polynomial with lc > 0 (divided by the gcd of
           its coefficients, sign fixed); p = k q */
        boxtoi_poly_zero(q);
        len = 1 + (long)gmp_urandomm_ui(rs, 8);
        for (i = 0; i < len; i++) {
            coeff(z, rs);
            boxtoi_poly_set_coeff_mpz(q, i, z);
        }
        if (boxtoi_poly_is_zero(q))
            continue;
        mpz_set_ui(g, 0);
        for (i = 0; i < q->length; i++)
            mpz_gcd(g, g, q->coeffs + i);
        if (mpz_sgn(q->coeffs + q->length - 1) < 0)
            mpz_neg(g, g);
        boxtoi_poly_zero(p);
        content(k, rs);
        for (i = 0; i < q->length; i++) {
            mpz_divexact(z, q->coeffs + i, g);
            boxtoi_poly_set_coeff_mpz(q, i, z);
            mpz_mul(z, z, k);
            boxtoi_poly_set_coeff_mpz(p, i, z);
        }
        boxtoi_poly_canonical(r, p);
        if (!boxtoi_poly_equal(r, q) && fails[0]++ < 5)
            gmp_printf("# canonical: content %Zd of a degree %ld "
                       "polynomial\n", k, q->length - 1);
        /* the primitive part keeps the sign of k; in place */
        boxtoi_poly_set(r, p);
        boxtoi_poly_primitive_part(r, r);
        if (mpz_sgn(k) < 0)
            boxtoi_poly_neg(r, r);
        if (!boxtoi_poly_equal(r, q) && dwrong++ < 5)
            gmp_printf("# primitive part: content %Zd\n", k);
        boxtoi_poly_zero(r);
        if (poly_divide_content_words(r, p, 1)) {
            dwords++;
            if (!boxtoi_poly_equal(r, q) && dwrong++ < 5)
                gmp_printf("# canonical in words: content %Zd\n", k);
        } else if (!boxtoi_poly_is_zero(r))
            dwrong++;
        boxtoi_poly_content(z, p);
        mpz_abs(k, k);
        if (mpz_cmp(z, k) != 0 && fails[1]++ < 5)
            gmp_printf("# content: %Zd, expected %Zd\n", z, k);
        mpz_set_si(z, -7); /* untouched when the words give up */
        if (poly_content_words(z, p)) {
            words++;
            if (mpz_cmp(z, k) != 0 && wrong++ < 5)
                gmp_printf("# words: %Zd, expected %Zd\n", z, k);
        } else {
            big++;
            if (mpz_cmp_si(z, -7) != 0)
                wrong++;
        }
    }
    is_int(fails[0], 0, "boxtoi_poly_canonical: every random polynomial "
                        "canonical");
    is_int(fails[1], 0, "boxtoi_poly_content: the content of every random "
                        "polynomial");
    is_int(wrong, 0, "the content in words: equal to the construction's, "
                     "res untouched when it gives up");
    is_int(dwrong, 0, "the primitive part and the canonical form in "
                      "words: equal to the construction's");
#ifdef BOXTOI_HAVE_I128
    ok(dwords > n / 8 && dwords < n - n / 20,
       "both sides of the canonical form's word path: %ld in words",
       dwords);
#else
    ok(dwords == 0, "no canonical form in words without 128-bit "
                    "integers (%ld)", dwords);
#endif
#ifdef BOXTOI_HAVE_I128
    ok(words > n / 4 && big > n / 20,
       "both sides of the word path's edge: %ld in words, %ld beyond",
       words, big);
#else
    ok(words == 0, "no word path without 128-bit integers (%ld)", words);
#endif
#ifdef BOXTOI_HAVE_I128
    is_int(pairs(rs, 7000 * (long)tap_multiplier()), 0,
           "the gcd in words of structured pairs: equal to mpz_gcd's and "
           "the binary gcd's");
#else
    ok(1, "no gcd in words without 128-bit integers");
#endif
    boxtoi_poly_zero(r);
    boxtoi_poly_canonical(r, r);
    ok(boxtoi_poly_is_zero(r), "zero stays zero");
    mpz_clear(k);
    mpz_clear(g);
    mpz_clear(z);
    boxtoi_poly_clear(r);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(q);
    gmp_randclear(rs);
    return 0;
}
