/* lib/alg/quartic.c: the factors of degree 2 of an integer quartic,
   from its resolvent cubic.

   Let f = a4 x^4 + a3 x^3 + a2 x^2 + a1 x + a0 in Z[x] (a4 != 0) and
   g(y) = a4^3 f(y / a4) = y^4 + A y^3 + B y^2 + C y + D with A = a3,
   B = a2 a4, C = a1 a4^2, D = a0 a4^3: monic, in Z[y], with the roots
   a4 x_i; f and g have factors of the same degrees over Q.  With the
   roots y1 .. y4 of g, the resolvent cubic

       R(z) = z^3 - B z^2 + (A C - 4 D) z - (A^2 D - 4 B D + C^2)

   has the roots y1 y2 + y3 y4, y1 y3 + y2 y4, y1 y4 + y2 y3 ([Cohen]
   §6.3; expanding g = (y^2 + u1 y + v1)(y^2 + u2 y + v2) gives
   R(v1 + v2) = 0 identically), distinct when g is square-free (the
   difference of the first two is (y1 - y4)(y2 - y3)).
   If g = (y^2 + u1 y + v1)(y^2 + u2 y + v2) over Q, the factors are in
   Z[y] (Gauss' lemma, g monic), and theta = v1 + v2 is a root of R, an
   integer, with u1 + u2 = A, u1 u2 = B - theta, v1 v2 = D: so
   A^2 - 4 (B - theta) = (u1 - u2)^2 and theta^2 - 4 D = (v1 - v2)^2
   are squares, and with su, sv their square roots, u = (A + su) / 2 is
   the larger of u1, u2 and one of (theta +- sv) / 2 is its v.  Hence:
   every rational root theta of R is tried (all of them, by
   lib/alg/linfac.c), and for each with both numbers squares the two
   candidates y^2 + u y + v; a candidate is a factor when the exact
   division of f by the primitive part of a4^2 x^2 + u a4 x + v (the
   candidate at y = a4 x) succeeds.  When no candidate divides, f has
   no factor of degree 2 over Q.  Only exact integer arithmetic. */
#include "lib/util/impl.h"
#include "boxtoi/alg.h"
#include "lib/alg/impl.h"

/* 1 with q = the factor of f that y^2 + u y + v gives at y = a4 x
   (primitive, lc > 0), when it divides f; else 0.  u2, v2 are 2 u and
   2 v (odd: no integer candidate). */
static int try_factor(boxtoi_poly_t q, const boxtoi_poly_t f,
                      mpz_srcptr u2, mpz_srcptr v2, boxtoi_poly_t r,
                      mpz_t t)
{
    mpz_srcptr a4 = f->coeffs + 4;
    if (mpz_odd_p(u2) || mpz_odd_p(v2))
        return 0;
    boxtoi_poly_zero(q);
    mpz_divexact_ui(t, v2, 2);
    boxtoi_poly_set_coeff_mpz(q, 0, t);
    mpz_divexact_ui(t, u2, 2);
    mpz_mul(t, t, a4);
    boxtoi_poly_set_coeff_mpz(q, 1, t);
    mpz_mul(t, a4, a4);
    boxtoi_poly_set_coeff_mpz(q, 2, t);
    boxtoi_poly_primitive_part(q, q);
    if (boxtoi_poly_divexact(r, f, q) != BOXTOI_OK)
        return 0;
    if (boxtoi_poly_sgn_lc(q) < 0)
        boxtoi_poly_neg(q, q);
    return 1;
}

int alg_quartic_split(boxtoi_poly_t q, const boxtoi_poly_t f)
{
    mpz_t A, B, C, D, t, du, dv, su, sv, x;
    mpq_t th[3];
    boxtoi_poly_t res, h;
    int n, i, s, found = 0;

    if (boxtoi_poly_degree(f) != 4)
        return -1;
    mpz_inits(A, B, C, D, t, du, dv, su, sv, x, NULL);
    for (i = 0; i < 3; i++)
        mpq_init(th[i]);
    boxtoi_poly_init(res);
    boxtoi_poly_init(h);
    /* g's coefficients */
    mpz_set(A, f->coeffs + 3);
    mpz_mul(B, f->coeffs + 2, f->coeffs + 4);
    mpz_mul(t, f->coeffs + 4, f->coeffs + 4);
    mpz_mul(C, f->coeffs + 1, t);
    mpz_mul(t, t, f->coeffs + 4);
    mpz_mul(D, f->coeffs, t);
    /* R = z^3 - B z^2 + (A C - 4 D) z - (A^2 D - 4 B D + C^2) */
    boxtoi_poly_set_coeff_si(res, 3, 1);
    mpz_neg(t, B);
    boxtoi_poly_set_coeff_mpz(res, 2, t);
    mpz_mul(t, A, C);
    mpz_submul_ui(t, D, 4);
    boxtoi_poly_set_coeff_mpz(res, 1, t);
    mpz_mul(t, A, A);
    mpz_submul_ui(t, B, 4);
    mpz_mul(t, t, D);
    mpz_addmul(t, C, C);
    mpz_neg(t, t);
    boxtoi_poly_set_coeff_mpz(res, 0, t);
    n = alg_linear_factors(h, th, res);
    for (i = 0; i < n && !found; i++) {
        /* R is monic: its rational roots are integers */
        mpz_srcptr z = mpq_numref(th[i]);
        if (mpz_cmp_ui(mpq_denref(th[i]), 1) != 0)
            continue;
        mpz_sub(du, z, B);
        mpz_mul_2exp(du, du, 2);
        mpz_addmul(du, A, A); /* A^2 - 4 (B - theta) */
        mpz_mul(dv, z, z);
        mpz_submul_ui(dv, D, 4); /* theta^2 - 4 D */
        if (mpz_sgn(du) < 0 || mpz_sgn(dv) < 0 || !mpz_perfect_square_p(du)
            || !mpz_perfect_square_p(dv))
            continue;
        mpz_sqrt(su, du);
        mpz_sqrt(sv, dv);
        mpz_add(x, A, su); /* 2 u */
        for (s = 0; s < 2 && !found; s++) {
            if (s == 0)
                mpz_add(t, z, sv); /* 2 v */
            else
                mpz_sub(t, z, sv);
            found = try_factor(q, f, x, t, h, du);
        }
    }
    boxtoi_poly_clear(res);
    boxtoi_poly_clear(h);
    for (i = 0; i < 3; i++)
        mpq_clear(th[i]);
    mpz_clears(A, B, C, D, t, du, dv, su, sv, x, NULL);
    return n < 0 ? -1 : found;
}
