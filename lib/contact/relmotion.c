/* lib/contact/relmotion.c: the relative motion M = adj(M1) M2 of a
   query in GMP integers, the weight of motion 1 and constant factors
   divided out before the product when they divide (doc/algorithm.md §2).
   relmotion128.c is the 128-bit instance for small entries; this file is
   the general path and the reference the tests compare it with. */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/motion/impl.h"
#include "lib/contact/impl.h"
#include "lib/contact/kernel-gmp.h"

/* The relative motion M = adj(M1) M2 with the polynomial gcd g of its
   entries divided out.  For the affine M1 = [[A1, b1], [0, w1]],
   adj(M1) = [[w1 adj(A1), -adj(A1) b1], [0, det A1]], so
       M = [[w1 adj(A1) A2, adj(A1) (w1 b2 - w2 b1)], [0, det(A1) w2]]
   (notes/math.md §1), cheaper than a general 4x4 adjugate.  g divides
   w = det(A1) w2, which has no root in the range, so the division
   changes the motion only by a scalar factor that does not vanish there
   (harmless in homogeneous form). */
void contact_relative_motion(boxtoi_motion_t rel, const boxtoi_query_t q)
{
    if (!contact_relative_motion_i128(rel, q))
        (void)contact_relative_motion_gmp(rel, q, 0);
}

/* 1 when f divides every coefficient of the n polynomials p. */
static int divides_all(const boxtoi_poly_struct *p, int n, mpz_srcptr f)
{
    long i;
    int k;
    for (k = 0; k < n; k++)
        for (i = 0; i < p[k].length; i++)
            if (!mpz_divisible_p(p[k].coeffs + i, f))
                return 0;
    return 1;
}

/* Divides U (9 entries) and d by c^2, or else by |c|, when that divides
   them all: the relative motion is linear in (U, d), so a positive
   constant factor of both is a factor of every entry (harmless in
   homogeneous form; the content is divided out later anyway, but on
   numbers twice as large).  For a rigid M1, U = +-c A1^T (c = w1 / h),
   and A1 = c A1' when the motion was put over one denominator: c^2
   divides U and d = +-c^3 h. */
static void drop_constant(boxtoi_poly_struct *u, boxtoi_poly_t d,
                          mpz_srcptr c)
{
    mpz_t f;
    int k, pass;
    if (mpz_cmpabs_ui(c, 1) == 0)
        return;
    mpz_init(f);
    mpz_mul(f, c, c);
    for (pass = 0; pass < 2; pass++, mpz_abs(f, c))
        if (divides_all(u, 9, f) && divides_all(d, 1, f)) {
            for (k = 0; k < 9; k++)
                boxtoi_poly_scalar_divexact_mpz(u + k, u + k, f);
            boxtoi_poly_scalar_divexact_mpz(d, d, f);
            break;
        }
    mpz_clear(f);
}

/* eps = +-1 when A A^T = w^2 I (a, w a rigid motion's block and
   weight; then det A = eps w^3, since det^2 = w^6 in the UFD Q[t]), 0
   when not.  Each entry of A A^T - w^2 I has degree at most 2 D (D the
   largest degree of a and w), so that it vanishes at the 2 D + 1
   integers 0 ... 2 D proves it zero; eps is read where w != 0, which
   holds at D + 1 of them at least.  Cheaper than the adjugate it
   replaces (integers, not polynomials).  The same test as
   lib/motion/rotation128.c's in machine words (doc/algorithm.md §2.2),
   here in GMP integers for the entries that do not fit there. */
static int rigid_sign(const boxtoi_poly_struct *a, const boxtoi_poly_struct *w)
{
    mpz_t v[9], x, vw, s, w2;
    long deg = boxtoi_poly_degree(w), n;
    int i, j, k, ok = 1, eps = 0;

    for (k = 0; k < 9; k++)
        if (boxtoi_poly_degree(a + k) > deg)
            deg = boxtoi_poly_degree(a + k);
    for (k = 0; k < 9; k++)
        mpz_init(v[k]);
    mpz_init(x);
    mpz_init(vw);
    mpz_init(s);
    mpz_init(w2);
    for (n = 0; n <= 2 * deg && ok; n++) {
        mpz_set_si(x, n);
        for (k = 0; k < 9; k++)
            boxtoi_poly_eval_mpz(v[k], a + k, x);
        boxtoi_poly_eval_mpz(vw, w, x);
        mpz_mul(w2, vw, vw);
        for (i = 0; i < 3 && ok; i++)
            for (j = i; j < 3 && ok; j++) {
                mpz_mul(s, v[3 * i], v[3 * j]);
                mpz_addmul(s, v[3 * i + 1], v[3 * j + 1]);
                mpz_addmul(s, v[3 * i + 2], v[3 * j + 2]);
                ok = i == j ? mpz_cmp(s, w2) == 0 : mpz_sgn(s) == 0;
            }
        if (ok && eps == 0 && mpz_sgn(vw) != 0) { /* sgn det A / w^3 */
            mpz_mul(s, v[4], v[8]);
            mpz_submul(s, v[5], v[7]);
            mpz_mul(w2, v[0], s);
            mpz_mul(s, v[3], v[8]);
            mpz_submul(s, v[5], v[6]);
            mpz_submul(w2, v[1], s);
            mpz_mul(s, v[3], v[7]);
            mpz_submul(s, v[4], v[6]);
            mpz_addmul(w2, v[2], s);
            eps = mpz_sgn(w2) * mpz_sgn(vw);
        }
    }
    for (k = 0; k < 9; k++)
        mpz_clear(v[k]);
    mpz_clear(x);
    mpz_clear(vw);
    mpz_clear(s);
    mpz_clear(w2);
    return ok ? eps : 0;
}

/* rel = adj(M1) M2 / h^k with h the canonical form of w1 (primitive,
   leading coefficient > 0, degree >= 1), k = 1 when h divides every
   entry of adj(A1), k = 2 when it also divides b1 and det(A1) / h;
   returns k, or 0, leaving rel alone, when h does not divide adj(A1).
   For a rigid M1 (A1 A1^T = w1^2 I, doc/algorithm.md §2.1)
   adj(A1) = det(A1) A1^T / w1^2 = +-w1 A1^T, so k >= 1 always, and
   k = 2 when the translation column carries w1 (pivot 0); nothing is
   assumed, every division is exact or the shortcut is not taken.  With
   U = adj(A1) / h and d = det(A1) / h = sum_j A1_0j U_j0,
       k = 1: M / h = [[w1 U A2, U (w1 b2 - w2 b1)], [0, d w2]],
       k = 2: M / h^2 = [[c U A2, U (c b2 - w2 T)], [0, (d / h) w2]],
   c = w1 / h a constant, T = b1 / h.  Since h is primitive with a
   positive leading coefficient, the gcd of M's entries is h^k times the
   gcd of these (Gauss's lemma), so once the gcd and the content are
   divided out the motion is the same, entry for entry, while the
   products and the gcd run on numbers of half the size (doc/algorithm.md
   §2; doc/performance.md, "Per-entry denominators"). */
static int rel_reduced(boxtoi_motion_t rel, const boxtoi_motion_struct *m1,
                       const boxtoi_motion_struct *m2)
{
    const boxtoi_poly_struct *w1 = m1->e + 15, *w2 = m2->e + 15;
    boxtoi_poly_struct a1[9], u[9], t[3];
    boxtoi_poly_t h, d, s;
    mpz_t c, f;
    int i, j, k, two = 0, ok = 0, eps;

    for (k = 0; k < 9; k++) {
        a1[k] = m1->e[4 * (k / 3) + k % 3]; /* shallow, read only */
        boxtoi_poly_init(u + k);
    }
    for (i = 0; i < 3; i++)
        boxtoi_poly_init(t + i);
    boxtoi_poly_init(h);
    boxtoi_poly_init(d);
    boxtoi_poly_init(s);
    mpz_init(c);
    mpz_init(f);
    boxtoi_poly_canonical(h, w1);
    if (boxtoi_poly_degree(h) < 1)
        goto done;
    mpz_divexact(c, w1->coeffs + w1->length - 1, h->coeffs + h->length - 1);
    eps = rigid_sign(a1, w1);
    if (eps != 0) { /* U = eps w1 A1^T / h = eps c A1^T, d = eps c^3 h^2 */
        mpz_mul_si(f, c, eps);
        for (k = 0; k < 9; k++)
            boxtoi_poly_scalar_mul_mpz(u + k, a1 + 3 * (k % 3) + k / 3, f);
        mpz_mul(f, f, c);
        mpz_mul(f, f, c);
        boxtoi_poly_mul(d, h, h);
        boxtoi_poly_scalar_mul_mpz(d, d, f);
    } else {
        for (k = 0; k < 9; k++) {
            kp_adj_entry(NULL, u + k, a1, k);
            if (boxtoi_poly_divexact(u + k, u + k, h) != BOXTOI_OK)
                goto done;
        }
        boxtoi_poly_mul(d, a1, u);
        for (j = 1; j < 3; j++)
            boxtoi_poly_addmul(d, a1 + j, u + 3 * j);
    }
    two = boxtoi_poly_divexact(s, d, h) == BOXTOI_OK;
    for (i = 0; i < 3 && two; i++)
        two = boxtoi_poly_divexact(t + i, m1->e + 4 * i + 3, h) == BOXTOI_OK;
    if (two) /* d = det(A1) / h^2 */
        boxtoi_poly_swap(d, s);
    drop_constant(u, d, c);
    if (two) { /* c = w1 / h, T = b1 / h */
        for (i = 0; i < 3; i++) { /* t_i = c b2_i - w2 T_i */
            boxtoi_poly_mul(s, w2, t + i);
            boxtoi_poly_scalar_mul_mpz(t + i, m2->e + 4 * i + 3, c);
            boxtoi_poly_sub(t + i, t + i, s);
        }
    } else
        for (i = 0; i < 3; i++) { /* t_i = w1 b2_i - w2 b1_i */
            boxtoi_poly_mul(t + i, w1, m2->e + 4 * i + 3);
            boxtoi_poly_submul(t + i, w2, m1->e + 4 * i + 3);
        }
    boxtoi_motion_zero(rel);
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++) { /* (U A2)_ij times c or w1 */
            boxtoi_poly_mul(s, u + 3 * i, m2->e + j);
            for (k = 1; k < 3; k++)
                boxtoi_poly_addmul(s, u + 3 * i + k, m2->e + 4 * k + j);
            if (two)
                boxtoi_poly_scalar_mul_mpz(rel->e + 4 * i + j, s, c);
            else
                boxtoi_poly_mul(rel->e + 4 * i + j, s, w1);
        }
        boxtoi_poly_mul(rel->e + 4 * i + 3, u + 3 * i, t);
        for (k = 1; k < 3; k++)
            boxtoi_poly_addmul(rel->e + 4 * i + 3, u + 3 * i + k, t + k);
    }
    boxtoi_poly_mul(rel->e + 15, d, w2);
    ok = two ? 2 : 1;
done:
    for (k = 0; k < 9; k++)
        boxtoi_poly_clear(u + k);
    for (i = 0; i < 3; i++)
        boxtoi_poly_clear(t + i);
    boxtoi_poly_clear(h);
    boxtoi_poly_clear(d);
    boxtoi_poly_clear(s);
    mpz_clear(c);
    mpz_clear(f);
    return ok;
}

/* rel = adj(M1) M2 by the kernel (kp), the general product. */
static void rel_product(boxtoi_motion_t rel, const boxtoi_motion_struct *m1,
                        const boxtoi_motion_struct *m2)
{
    boxtoi_poly_struct a1[9], a2[9], a[9], ad[9], v[9];
    int k;

    /* the blocks (shallow copies, read only) */
    for (k = 0; k < 9; k++) {
        a1[k] = m1->e[4 * (k / 3) + k % 3];
        a2[k] = m2->e[4 * (k / 3) + k % 3];
        boxtoi_poly_init(a + k);
        boxtoi_poly_init(ad + k);
        boxtoi_poly_init(v + k);
    }
    boxtoi_motion_zero(rel);
    kp_relblock(NULL, a, rel->e + 15, ad, v, a1, a2, m1->e + 15, m2->e + 15);
    kp_reltrans(NULL, rel->e + 3, 4, ad, v, m1->e + 3, m2->e + 3, 4,
                m1->e + 15, m2->e + 15);
    for (k = 0; k < 9; k++) {
        boxtoi_poly_swap(rel->e + 4 * (k / 3) + k % 3, a + k);
        boxtoi_poly_clear(a + k);
        boxtoi_poly_clear(ad + k);
        boxtoi_poly_clear(v + k);
    }
}

int contact_relative_motion_gmp(boxtoi_motion_t rel, const boxtoi_query_t q,
                                int general)
{
    const boxtoi_motion_struct *m1 = q->motion, *m2 = q->motion + 1;
    boxtoi_poly_struct quo[16];
    boxtoi_poly_t g;
    int k, shrunk = 0, reduced = 0;

    boxtoi_poly_init(g);
    if (general || (reduced = rel_reduced(rel, m1, m2)) == 0)
        rel_product(rel, m1, m2);

    /* g = gcd of all entries, found as gcd(w, A_00) and then shrunk only
       when an exact division by it fails (a division is much cheaper
       than a gcd, and usually every entry is divisible). */
    /* The quotients of the check are kept (quo), and reused unless g
       shrank on the way. */
    for (k = 0; k < 16; k++)
        boxtoi_poly_init(quo + k);
    boxtoi_poly_gcd(g, rel->e + 15, rel->e);
    for (k = 1; k < 15 && boxtoi_poly_degree(g) >= 1; k++)
        if (boxtoi_poly_divexact(quo + k, rel->e + k, g) != BOXTOI_OK) {
            boxtoi_poly_gcd(g, g, rel->e + k);
            shrunk = 1;
        }
    if (boxtoi_poly_degree(g) >= 1)
        for (k = 0; k < 16; k++) {
            if (!shrunk && k >= 1 && k < 15)
                boxtoi_poly_swap(rel->e + k, quo + k);
            else if (boxtoi_poly_divexact(rel->e + k, rel->e + k, g)
                     != BOXTOI_OK)
                break; /* cannot happen: g divides every entry */
        }
    for (k = 0; k < 16; k++)
        boxtoi_poly_clear(quo + k);
    boxtoi_motion_normalise(rel);
    mpz_set_ui(rel->den, 1); /* only the geometry matters from here on */
    boxtoi_poly_clear(g);
    return reduced;
}
