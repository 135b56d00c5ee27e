/* lib/contact/route.c: the route of box 2 relative to box 1, cut into
   homogeneous sections.

   Box 1 is made static and axis-aligned by M = adj(M1) M2 (the inverse
   up to the scalar det M1, which cancels in homogeneous coordinates).
   The topology of the Minkowski-sum boundary is fixed by the signs of
   the entries of A and adj(A); their roots inside the range are the
   seed's octant switches, and between them every sign is constant
   (doc/algorithm.md §2-§3; notes/math.md §3). */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/motion/impl.h"
#include "lib/contact/impl.h"
#include "lib/contact/kernel-gmp.h"

void boxtoi_route_init(boxtoi_route_t r)
{
    int k;
    boxtoi_motion_init(&r->rel);
    for (k = 0; k < BOXTOI_NQUANT; k++)
        boxtoi_poly_init(r->quant + k);
    for (k = 0; k < 18; k++)
        boxtoi_poly_init(r->sw + k);
    for (k = 0; k < 3; k++) {
        mpz_init(r->e1[k]);
        mpz_init(r->e2[k]);
        boxtoi_poly_init(r->d + k);
    }
    for (k = 0; k < BOXTOI_NDIRS; k++)
        boxtoi_poly_init(r->ndot + k);
    r->nsec = 0;
    r->t1_inf = 0;
    r->end = NULL;
    r->sample = NULL;
    r->sign = NULL;
}

static void route_free_sections(boxtoi_route_t r)
{
    long s;
    if (r->end == NULL)
        return;
    for (s = 0; s < r->nsec + 1; s++)
        boxtoi_alg_clear(r->end + s);
    for (s = 0; s < r->nsec; s++)
        mpq_clear(r->sample + s);
    free(r->end);
    free(r->sample);
    free(r->sign);
    r->end = NULL;
    r->sample = NULL;
    r->sign = NULL;
    r->nsec = 0;
}

void boxtoi_route_clear(boxtoi_route_t r)
{
    int k;
    route_free_sections(r);
    boxtoi_motion_clear(&r->rel);
    for (k = 0; k < BOXTOI_NQUANT; k++)
        boxtoi_poly_clear(r->quant + k);
    for (k = 0; k < 18; k++)
        boxtoi_poly_clear(r->sw + k);
    for (k = 0; k < 3; k++) {
        mpz_clear(r->e1[k]);
        mpz_clear(r->e2[k]);
        boxtoi_poly_clear(r->d + k);
    }
    for (k = 0; k < BOXTOI_NDIRS; k++)
        boxtoi_poly_clear(r->ndot + k);
}

/* Room for nsec sections (nsec + 1 ends). */
static int route_alloc_sections(boxtoi_route_t r, long nsec)
{
    long s;
    route_free_sections(r);
    r->end = malloc((size_t)(nsec + 1) * sizeof *r->end);
    r->sample = malloc((size_t)nsec * sizeof *r->sample);
    r->sign = malloc((size_t)nsec * sizeof *r->sign);
    if (r->end == NULL || r->sample == NULL || r->sign == NULL) {
        free(r->end);
        free(r->sample);
        free(r->sign);
        r->end = NULL;
        r->sample = NULL;
        r->sign = NULL;
        return BOXTOI_ENOMEM;
    }
    for (s = 0; s < nsec + 1; s++)
        boxtoi_alg_init(r->end + s);
    for (s = 0; s < nsec; s++)
        mpq_init(r->sample + s);
    r->nsec = nsec;
    return BOXTOI_OK;
}

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
   replaces (integers, not polynomials). */
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

/* The quantities, the switch polynomials, D and every direction's
   n_d . D (doc/algorithm.md §3.2), by the plane kernel (kernel.h, kp);
   R_d depends on the section's signs and is made by
   boxtoi_route_planes. */
static void route_polys(boxtoi_route_t r, const boxtoi_query_t q)
{
    boxtoi_poly_t g, t, a2[9], adj2[9];
    mpz_t l, s1[3], s2[3];
    kp_ctx kc;
    int i, j, k;

    boxtoi_poly_init(g);
    boxtoi_poly_init(t);
    mpz_init(l);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            boxtoi_poly_set(r->quant + Q_A(i, j), r->rel.e + 4 * i + j);
    boxtoi_poly_set(r->quant + Q_W, r->rel.e + 15);
    kp_quantities(NULL, r->quant, NULL);

    /* Switch polynomials from A' = A / gcd(A entries): the gcd has no
       root in the range (there it would make det A vanish), so A' and
       adj(A') = adj(A) / g^2 change sign exactly where A and adj(A) do,
       with smaller degrees. */
    boxtoi_poly_zero(g);
    for (k = 0; k < 9; k++)
        boxtoi_poly_gcd(g, g, r->quant + k);
    for (k = 0; k < 9; k++) {
        boxtoi_poly_init(a2[k]);
        boxtoi_poly_init(adj2[k]);
        if (boxtoi_poly_divexact(a2[k], r->quant + k, g) != BOXTOI_OK)
            boxtoi_poly_set(a2[k], r->quant + k);
    }
    kp_adj3(NULL, adj2[0], a2[0]);
    for (k = 0; k < 9; k++) {
        boxtoi_poly_canonical(r->sw + k, a2[k]);
        boxtoi_poly_canonical(r->sw + 9 + k, adj2[k]);
    }
    /* For a rigid motion adj(A') = s A'^T with s a scalar polynomial
       without roots in the range, so adj(A')_ij vanishes exactly where
       A'_ji does: divide out gcd(adj(A')_ij, A'_ji), whose roots are
       already A'_ji's, so that each switch time is found once. */
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            boxtoi_poly_struct *sa = r->sw + 9 + 3 * i + j;
            if (boxtoi_poly_degree(sa) < 1
                || boxtoi_poly_degree(r->sw + 3 * j + i) < 1)
                continue;
            boxtoi_poly_gcd(g, sa, r->sw + 3 * j + i);
            if (boxtoi_poly_degree(g) >= 1
                && boxtoi_poly_divexact(t, sa, g) == BOXTOI_OK)
                boxtoi_poly_swap(sa, t);
        }
    for (k = 0; k < 9; k++) {
        boxtoi_poly_clear(a2[k]);
        boxtoi_poly_clear(adj2[k]);
    }

    for (k = 0; k < 3; k++) {
        mpz_init(s1[k]);
        mpz_init(s2[k]);
    }
    contact_box_data(l, r->e1[0], r->e2[0], s1[0], s2[0], q);
    /* D = 2 L b + A S2 - w S1 = 2 L w (c2 - c1) and n_d . D */
    mpz_mul_2exp(l, l, 1);
    kp_ctx_init(&kc, NULL);
    kp_dvec(&kc, r->d, r->rel.e + 3, 4, r->quant, l, s1[0], s2[0], 7);
    kp_ctx_clear(&kc);
    for (k = 0; k < BOXTOI_NDIRS; k++)
        kp_ndot(NULL, r->ndot + k, k, r->quant, r->d);
    for (k = 0; k < 3; k++) {
        mpz_clear(s1[k]);
        mpz_clear(s2[k]);
    }
    mpz_clear(l);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(t);
}

/* Sorted distinct octant-switch times in the open range (t0, t1): the
   real roots of the switch polynomials.  A polynomial equal to an
   earlier one, or proved one-signed on the closed range (MPFR or
   Descartes, contact_sign_on_hull), offers nothing; the others are
   isolated, and a root equal to one already found (exact comparison;
   e.g. A'_ij and adj(A')_ji vanish together for rigid motions) is
   dropped.  On success *out holds n algebraic numbers (caller clears
   and frees). */
static int switch_times(boxtoi_alg_struct **out, long *nout,
                        const boxtoi_route_t r, mpq_srcptr t0, mpq_srcptr t1)
{
    boxtoi_poly_t tmp;
    boxtoi_roots_t rts;
    boxtoi_alg_struct *v = NULL, t;
    long n = 0, alloc = 0, i, j;
    int k, l, c, dup, rc = BOXTOI_OK;

    boxtoi_poly_init(tmp);
    boxtoi_roots_init(rts);
    for (k = 0; k < 18 && rc == BOXTOI_OK; k++) {
        if (boxtoi_poly_degree(r->sw + k) < 1)
            continue; /* identically zero or constant: never switches */
        for (l = 0, dup = 0; l < k && !dup; l++)
            dup = boxtoi_poly_equal(r->sw + k, r->sw + l);
        if (dup || contact_sign_on_hull(r->sw + k, t0, t1, tmp) != 0)
            continue;
        rc = boxtoi_roots_isolate(rts, r->sw + k, t0, t1,
                                  BOXTOI_OPEN_LO | BOXTOI_OPEN_HI);
        for (i = 0; rc == BOXTOI_OK && i < rts->n; i++) {
            if (n == alloc) {
                boxtoi_alg_struct *nv;
                alloc = alloc ? 2 * alloc : 16;
                nv = realloc(v, (size_t)alloc * sizeof *v);
                if (nv == NULL) {
                    rc = BOXTOI_ENOMEM;
                    break;
                }
                v = nv;
            }
            boxtoi_alg_init(v + n);
            boxtoi_alg_set_root(v + n, rts, i);
            /* insertion into the sorted list, dropping a repeat */
            for (j = n, c = 1; j > 0; j--) {
                c = boxtoi_alg_cmp(v + j - 1, v + j);
                if (c <= 0)
                    break;
                t = v[j - 1];
                v[j - 1] = v[j];
                v[j] = t;
            }
            if (c == 0 && j > 0) {
                /* v[j] repeats v[j-1]: remove it */
                boxtoi_alg_clear(v + j);
                memmove(v + j, v + j + 1, (size_t)(n - j) * sizeof *v);
                continue;
            }
            n++;
        }
    }
    boxtoi_poly_clear(tmp);
    boxtoi_roots_clear(rts);
    if (rc != BOXTOI_OK) {
        for (i = 0; i < n; i++)
            boxtoi_alg_clear(v + i);
        free(v);
        return rc;
    }
    *out = v;
    *nout = n;
    return BOXTOI_OK;
}

void contact_rational_between(mpq_t x, boxtoi_alg_t a, boxtoi_alg_t b)
{
    long bits = 8;
    while (mpq_cmp(a->hi, b->lo) >= 0) {
        boxtoi_alg_refine(a, bits);
        boxtoi_alg_refine(b, bits);
        bits *= 2;
    }
    mpq_add(x, a->hi, b->lo);
    mpq_div_2exp(x, x, 1);
}

int boxtoi_route_build(boxtoi_route_t r, const boxtoi_query_t q,
                       const boxtoi_options *opts, boxtoi_errinfo *err)
{
    contact_ctx ctx;
    int rc;

    /* limits first: checking the validity of a huge query is itself
       the slow part (t/data/regress/001-limits-before-validity) */
    rc = contact_check_limits(q, opts, err);
    if (rc == BOXTOI_OK)
        rc = boxtoi_query_check(q, err);
    if (rc != BOXTOI_OK)
        return rc;
    contact_ctx_init(&ctx, q);
    rc = contact_route_build_range(r, &ctx, q->t0, q->t1_inf ? NULL : q->t1,
                                   err);
    contact_ctx_clear(&ctx);
    return rc;
}

int contact_route_build_range(boxtoi_route_t r, contact_ctx *ctx,
                              mpq_srcptr t0, mpq_srcptr t1,
                              boxtoi_errinfo *err)
{
    boxtoi_alg_struct *sw = NULL;
    long nsw = 0, s, i;
    int rc, k, point = t1 != NULL && mpq_equal(t0, t1);

    boxtoi_motion_set(&r->rel, contact_ctx_rel(ctx));
    route_polys(r, ctx->q);
    r->t1_inf = t1 == NULL;
    if (point) {
        nsw = 0; /* a single instant: one degenerate section */
    } else {
        rc = switch_times(&sw, &nsw, r, t0, t1);
        if (rc != BOXTOI_OK)
            return boxtoi_errinfo_set(err, rc, "while dividing the route: %s",
                                      boxtoi_strerror(rc));
    }
    rc = route_alloc_sections(r, nsw + 1);
    if (rc != BOXTOI_OK) {
        for (i = 0; i < nsw; i++)
            boxtoi_alg_clear(sw + i);
        free(sw);
        return boxtoi_errinfo_set(err, rc, "route: out of memory");
    }
    boxtoi_alg_set_mpq(r->end, t0);
    for (i = 0; i < nsw; i++) {
        boxtoi_alg_swap(r->end + 1 + i, sw + i);
        boxtoi_alg_clear(sw + i);
    }
    free(sw);
    if (t1 != NULL)
        boxtoi_alg_set_mpq(r->end + r->nsec, t1);
    for (s = 0; s < r->nsec; s++) {
        if (point)
            mpq_set(r->sample + s, t0);
        else if (s + 1 == r->nsec && t1 == NULL) {
            /* any rational beyond the last end */
            mpq_set_ui(r->sample + s, 1, 1);
            mpq_add(r->sample + s, r->sample + s, r->end[s].hi);
        } else
            contact_rational_between(r->sample + s, r->end + s, r->end + s + 1);
        for (k = 0; k < BOXTOI_NQUANT; k++)
            r->sign[s][k] =
                (signed char)boxtoi_poly_sgn_at_mpq(r->quant + k,
                                                    r->sample + s);
    }
    return BOXTOI_OK;
}
