/* t/prim-sqfree-t.c: prim_squarefree (lib/prim/sqfree.c,
   doc/algorithm.md §9.8) on hand-made polynomials whose discriminants
   are known by construction, one group per branch of the proof: the
   residue modulo M = 2^61 - 1, the interval enclosure, the exact
   discriminant.  (t/prim-t.c compares it with the square-free part on
   every benchmark cubic.) */
#include <stdio.h>
#include "tap.h"
#include <boxtoi.h>
#include "prim/impl.h"

/* p = c[0] + c[1] t + ... from decimal strings. */
static void set_poly(boxtoi_poly_t p, const char *const c[4], int len)
{
    mpz_t z;
    int i;
    mpz_init(z);
    boxtoi_poly_zero(p);
    for (i = 0; i < len; i++) {
        mpz_set_str(z, c[i], 10);
        boxtoi_poly_set_coeff_mpz(p, i, z);
    }
    mpz_clear(z);
}

/* p = c0 + c1 t + c2 t^2; the answer of prim_squarefree. */
static int squarefree2(boxtoi_poly_t p, mpz_srcptr c0, mpz_srcptr c1,
                       mpz_srcptr c2)
{
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_mpz(p, 0, c0);
    boxtoi_poly_set_coeff_mpz(p, 1, c1);
    boxtoi_poly_set_coeff_mpz(p, 2, c2);
    return prim_squarefree(p) != 0;
}

/* (2t + (k + M))^2 = 4 t^2 + 4 (k + M) t + (k + M)^2 (M = 2^61 - 1):
   disc 0, every branch fails to prove it non-zero; the answer of
   prim_squarefree. */
static int square_case(boxtoi_poly_t p, mpz_srcptr k)
{
    mpz_t c0, c1, c2;
    int r;
    mpz_init(c0);
    mpz_init(c1);
    mpz_init_set_ui(c2, 1);
    mpz_mul_2exp(c2, c2, 61);
    mpz_sub_ui(c2, c2, 1);
    mpz_add(c2, c2, k);
    mpz_mul(c0, c2, c2);
    mpz_mul_ui(c1, c2, 4);
    mpz_set_ui(c2, 4);
    r = squarefree2(p, c0, c1, c2);
    mpz_clear(c2);
    mpz_clear(c1);
    mpz_clear(c0);
    return r;
}

int main(void)
{
    /* Small cases (the residue decides, or the discriminant is 0):
       (t - 1)^2 (t - 2) (disc 0), (t - 1)(t - 2)(t - 3) (disc 4), t^3
       (0), t^2 + 1 (-4), (2t - 1)^2 (0), t^3 - 2 (-108); and
       t^2 + t + 2^59, disc 1 - 2^61 = -M: residue 0, so the interval
       enclosure decides (|disc| is near the coefficients' scale). */
    static const struct {
        const char *c[4];
        int len, sf;
    } cases[] = {
        {{"-2", "5", "-4", "1"}, 4, 0},
        {{"-6", "11", "-6", "1"}, 4, 1},
        {{"0", "0", "0", "1"}, 4, 0},
        {{"1", "0", "1"}, 3, 1},
        {{"1", "-4", "4"}, 3, 0},
        {{"-2", "0", "0", "1"}, 4, 1},
        {{"576460752303423488", "1", "1"}, 3, 1},
    };
    boxtoi_poly_t p;
    mpz_t k, c0, c1, c2;
    size_t i;

    plan_lazy();
    boxtoi_poly_init(p);
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        set_poly(p, cases[i].c, cases[i].len);
        is_int(cases[i].sf, prim_squarefree(p) != 0,
               "prim_squarefree, case %d", (int)i);
    }
    /* the large cases, built with GMP: k = 2^100, M = 2^61 - 1 */
    mpz_init(k);
    mpz_init(c0);
    mpz_init(c1);
    mpz_init(c2);
    mpz_ui_pow_ui(k, 2, 100);
    /* (2k + 1) t + t^2 + (k^2 + k + 2^59): disc 1 - 2^61 = -M, residue
       0 and 2^-141 of c1^2, so only the exact value decides */
    mpz_mul_2exp(c1, k, 1);
    mpz_add_ui(c1, c1, 1);
    mpz_mul(c0, k, k);
    mpz_add(c0, c0, k);
    mpz_set_ui(c2, 1);
    mpz_mul_2exp(c2, c2, 59);
    mpz_add(c0, c0, c2);
    mpz_set_ui(c2, 1);
    ok(squarefree2(p, c0, c1, c2), "disc = -M, tiny against the "
                                   "coefficients: square-free");
    /* (k + 1) t + t^2 + (k^2 / 4 + k / 2): disc (k + 1)^2 - k^2 - 2k = 1,
       which only the residue (1) decides quickly */
    mpz_add_ui(c1, k, 1);
    mpz_mul(c0, k, k);
    mpz_fdiv_q_2exp(c0, c0, 2);
    mpz_fdiv_q_2exp(c2, k, 1);
    mpz_add(c0, c0, c2);
    mpz_set_ui(c2, 1);
    ok(squarefree2(p, c0, c1, c2), "disc = 1 with 200-bit coefficients: "
                                   "square-free");
    ok(!square_case(p, k), "a square with 100-bit coefficients: "
                           "not square-free");
    /* the same with k = 3^1300 (2061 bits: coefficients of 33 to 65
       limbs, so that the residue's limb weights 2^(3 i mod 61) wrap
       around), disc 0; and (t - k)^2 (t - k - 1), a double root, disc 0 */
    mpz_ui_pow_ui(k, 3, 1300);
    ok(!square_case(p, k), "a square with 2061-bit coefficients: "
                           "not square-free");
    {
        /* (t - k)^2 (t - k - 1) = t^3 - (3k + 1) t^2 + (3k^2 + 2k) t
           - (k^3 + k^2) */
        mpz_t c3;
        mpz_init(c3);
        mpz_mul(c0, k, k);
        mpz_mul(c3, c0, k);
        mpz_add(c0, c0, c3);
        mpz_neg(c0, c0);
        mpz_mul(c1, k, k);
        mpz_mul_ui(c1, c1, 3);
        mpz_addmul_ui(c1, k, 2);
        mpz_mul_ui(c2, k, 3);
        mpz_add_ui(c2, c2, 1);
        mpz_neg(c2, c2);
        boxtoi_poly_zero(p);
        boxtoi_poly_set_coeff_mpz(p, 0, c0);
        boxtoi_poly_set_coeff_mpz(p, 1, c1);
        boxtoi_poly_set_coeff_mpz(p, 2, c2);
        boxtoi_poly_set_coeff_si(p, 3, 1);
        ok(!prim_squarefree(p), "a double root, 6183-bit coefficients: "
                                "not square-free");
        mpz_clear(c3);
    }
    mpz_clear(c2);
    mpz_clear(c1);
    mpz_clear(c0);
    mpz_clear(k);
    boxtoi_poly_clear(p);
    return 0;
}
