/* t/prim-cubic-t.c: the exact coplanarity cubic in machine integers
   (prim_cubic, lib/prim/cubic.c, doc/algorithm.md §9.8), branch by
   branch, against two references: the GMP instance (prim_cubic with
   use_i128 = 0) and the exact method's cubic, built independently as
   the determinant of the vertices' linear polynomials (prim_vec_*).
   The queries are made (seeded, reproducible) to land in each branch:
   scaled coordinates below 2^62 with every difference below 2^60 (the
   narrow 64-bit instance, the rod-twist case) or not; coordinates
   spanning more than 62 bits of exponent with small differences (the
   128-bit reading, then the narrow instance) or large ones (the wide
   instance); differences just below and at 2^60; all zero.
   (t/prim-t.c makes the same comparison on every benchmark query.) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include "tap.h"
#include <boxtoi.h>
#include "prim/impl.h"
#include "prim-ref.h"

static uint64_t seed = 0x9e3779b97f4a7c15u;

/* A reproducible 64-bit pseudo-random number (xorshift64*). */
static uint64_t rnd(void)
{
    seed ^= seed >> 12;
    seed ^= seed << 25;
    seed ^= seed >> 27;
    return seed * UINT64_C(2685821657736338717);
}

/* A signed integer below 2^bits in magnitude (bits <= 52). */
static double rnd_int(int bits)
{
    int64_t m = (int64_t)(rnd() >> (64 - bits));
    return (double)(rnd() & 1 ? -m : m);
}

/* How often the narrow instance proved the cubic square-free, and how
   often it did not (sf_count[1], sf_count[0]). */
static long sf_count[2];

/* Whether the three cubics of q agree (all made canonical), and a
   square-free proof of the 128-bit instance is confirmed by the
   degree of the square-free part of the exact method's cubic. */
static int cubics_agree(const boxtoi_prim_query_t q)
{
    prim_dbl d;
    boxtoi_poly_t f1, f2, f3, sq;
    int good, sf;

    if (!prim_to_double(&d, q))
        return 0;
    boxtoi_poly_init(f1);
    boxtoi_poly_init(f2);
    boxtoi_poly_init(f3);
    prim_ref_cubic(f3, q);
    prim_cubic(f1, q, &d, 1, &sf);
    prim_cubic(f2, q, &d, 0, NULL);
    good = boxtoi_poly_equal(f1, f2) && boxtoi_poly_equal(f1, f3);
    sf_count[sf != 0]++;
    if (sf) {
        boxtoi_poly_init(sq);
        boxtoi_poly_squarefree_part(sq, f3);
        good = good && boxtoi_poly_degree(f3) >= 2
               && boxtoi_poly_degree(sq) == boxtoi_poly_degree(f3);
        boxtoi_poly_clear(sq);
    }
    boxtoi_poly_clear(f3);
    boxtoi_poly_clear(f2);
    boxtoi_poly_clear(f1);
    return good;
}

/* Sets coordinate j of every vertex at both times to
   base + rnd_int(bits) 2^unit (exact doubles: bits <= 52 and base a
   multiple of 2^unit below 2^(unit + 53) in magnitude). */
static void set_axis(boxtoi_prim_query_t q, int j, double base, int bits,
                     int unit)
{
    int k, i;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            mpq_set_d(q->x[k][i][j], base + ldexp(rnd_int(bits), unit));
}

/* count random queries of both kinds built by set_axis with the given
   (base, bits, unit) per axis; the number whose cubics disagree. */
static long random_group(long count, const double base[3],
                         const int bits[3], const int unit[3])
{
    boxtoi_prim_query_t q;
    long r, bad = 0;
    int j;
    boxtoi_prim_query_init(q);
    for (r = 0; r < count; r++) {
        q->kind = r % 2 ? BOXTOI_PRIM_EE : BOXTOI_PRIM_VF;
        for (j = 0; j < 3; j++)
            set_axis(q, j, base[j], bits[j], unit[j]);
        bad += !cubics_agree(q);
    }
    boxtoi_prim_query_clear(q);
    return bad;
}

/* Every coordinate of q set to 0, kind set. */
static void zero_query(boxtoi_prim_query_t q, int kind)
{
    int k, i, j;
    q->kind = kind;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++)
                mpq_set_ui(q->x[k][i][j], 0, 1);
}

/* One query: every coordinate 0 except vertex 1's x at time 0, set to
   a, and vertex 2's y at time 1 and vertex 3's z at both times, set to
   b (so that the cubic is not identically zero), and a tiny coordinate
   2^tiny on vertex 0's z at time 1 (0 for none). */
static int edge_case(int kind, double a, double b, int tiny)
{
    boxtoi_prim_query_t q;
    int good;
    boxtoi_prim_query_init(q);
    zero_query(q, kind);
    mpq_set_d(q->x[0][1][0], a);
    mpq_set_d(q->x[1][2][1], b);
    mpq_set_d(q->x[0][3][2], b);
    mpq_set_d(q->x[1][3][2], -b);
    if (tiny != 0)
        mpq_set_d(q->x[1][0][2], ldexp(1.0, tiny));
    good = cubics_agree(q);
    boxtoi_prim_query_clear(q);
    return good;
}

/* The canonical form in words (set_canonical): the triangle A = 0,
   B = (1/2, 0, 0), C = (0, 1/2, 0) at rest and P = (3 2^-40, 5 2^-40,
   z0) to (3 2^-40, 5 2^-40, z1), so that L = 2^40 and the cubic times
   L^3 is (1/4) z_P(t) L^3 = 2^78 (z0 + (z1 - z0) t) for z0, z1 = -+1/2
   (2^77 each): a content of 2^78 (a shift above one limb) and degree
   1.  Down (z0 = 1/2): canonical 2 t - 1 (leading coefficient made
   positive); up: 2 t - 1 as well.  With P's z at 0 throughout the four
   points are coplanar: the cubic is 0.  Returns whether prim_cubic
   (both instances) gives expect[0] + expect[1] t, and the exact
   method's cubic agrees. */
/* Whether the three cubics of q agree and prim_cubic's is
   c[0] + c[1] t + ... + c[n-1] t^(n-1); *sf (when not NULL) its
   square-free flag. */
static int hand_cubic(const boxtoi_prim_query_t q, const long *c, int n,
                      int *sf)
{
    boxtoi_poly_t f, e;
    prim_dbl d;
    int i, good;
    boxtoi_poly_init(f);
    boxtoi_poly_init(e);
    for (i = 0; i < n; i++)
        boxtoi_poly_set_coeff_si(e, i, c[i]);
    good = prim_to_double(&d, q) && cubics_agree(q);
    if (good) {
        prim_cubic(f, q, &d, 1, sf);
        good = boxtoi_poly_equal(f, e);
    }
    boxtoi_poly_clear(e);
    boxtoi_poly_clear(f);
    return good;
}

static int vf_case(double z0, double z1, long c0, long c1)
{
    boxtoi_prim_query_t q;
    long c[2];
    int k, good;
    boxtoi_prim_query_init(q);
    zero_query(q, BOXTOI_PRIM_VF);
    for (k = 0; k < 2; k++) {
        mpq_set_d(q->x[k][0][0], 3 * 0x1p-40);
        mpq_set_d(q->x[k][0][1], 5 * 0x1p-40);
        mpq_set_d(q->x[k][0][2], k == 0 ? z0 : z1);
        mpq_set_d(q->x[k][2][0], 0.5);
        mpq_set_d(q->x[k][3][1], 0.5);
    }
    c[0] = c0;
    c[1] = c1;
    good = hand_cubic(q, c, 2, NULL);
    boxtoi_prim_query_clear(q);
    return good;
}

/* A double root through the narrow instance: A = 0, B = (1, 0, 0) at
   rest, C = (0, 1, -1) to (0, 1, 1), P = (1/4, -1, 0) to (1/4, 1, 0):
   n = AB x AC = (0, -z_C, 1) and f = n . P = -z_C y_P = -(2 t - 1)^2
   (times L^3 = 64); its discriminant is 0, so the residue proves
   nothing (sf = 0) and prim_squarefree says not square-free. */
static int double_root_case(void)
{
    static const int v[2][4][3] = {{{1, -4, 0}, {0, 0, 0}, {4, 0, 0},
                                    {0, 4, -4}},
                                   {{1, 4, 0}, {0, 0, 0}, {4, 0, 0},
                                    {0, 4, 4}}};
    static const long c[3] = {1, -4, 4};
    boxtoi_prim_query_t q;
    boxtoi_poly_t e;
    int k, i, j, sf = -1, good;
    boxtoi_prim_query_init(q);
    boxtoi_poly_init(e);
    q->kind = BOXTOI_PRIM_VF;
    for (k = 0; k < 2; k++)
        for (i = 0; i < 4; i++)
            for (j = 0; j < 3; j++)
                mpq_set_si(q->x[k][i][j], v[k][i][j], 4);
    for (i = 0; i < 3; i++)
        boxtoi_poly_set_coeff_si(e, i, c[i]);
    good = hand_cubic(q, c, 3, &sf) && sf == 0 && !prim_squarefree(e);
    boxtoi_poly_clear(e);
    boxtoi_prim_query_clear(q);
    return good;
}

int main(void)
{
    /* scaled by 2^40: coordinates below 2^51, differences below 2^52
       (narrow, 64-bit reading) */
    static const double b0[3] = {0.5, -0.25, 0.125};
    static const int n0[3] = {50, 50, 50}, u0[3] = {-40, -40, -40};
    /* one axis near 2^21 (scaled: 2^61), differences up to 2^61 (wide,
       64-bit reading) */
    static const int n1[3] = {52, 50, 50}, u1[3] = {-31, -40, -40};
    /* axis 0 near 2^10 in steps of 2^-42, axis 1 in steps of 2^-63: a
       span of 74 bits (128-bit reading), differences below 2^58
       (narrow); denominators up to 2^63, one limb, so that the
       coordinates read as exact doubles */
    static const double b2[3] = {1024.0, 0.0, 0.0};
    static const int n2[3] = {36, 40, 30}, u2[3] = {-42, -63, -60};
    /* axis 0 spread over (-2^10, 2^10) (wide, 128-bit reading) */
    static const int n3[3] = {52, 40, 30}, u3[3] = {-42, -63, -60};
    /* a span of 115 bits, near the most that coordinates read as exact
       doubles allow (numerators below 2^53, denominators in one limb):
       axis 0 integers below 2^52 */
    static const int n4[3] = {52, 52, 52}, u4[3] = {0, -63, -40};
    static const double zero[3] = {0.0, 0.0, 0.0};
    int kind;

    plan_lazy();
    is_int(0, random_group(400, b0, n0, u0),
           "narrow, 64-bit reading: 128-bit, GMP and exact cubics equal");
    is_int(0, random_group(400, zero, n1, u1),
           "wide, 64-bit reading: 128-bit, GMP and exact cubics equal");
    is_int(0, random_group(400, b2, n2, u2),
           "narrow, 128-bit reading: 128-bit, GMP and exact cubics equal");
    is_int(0, random_group(400, zero, n3, u3),
           "wide, 128-bit reading: 128-bit, GMP and exact cubics equal");
    is_int(0, random_group(200, zero, n4, u4),
           "wide, a span of 115 bits: the three cubics equal");
    ok(vf_case(0.5, -0.5, -1, 2),
       "content 2^78, leading coefficient < 0: 2 t - 1");
    ok(vf_case(-0.5, 0.5, -1, 2),
       "content 2^78, leading coefficient > 0: 2 t - 1");
    ok(vf_case(0.0, 0.0, 0, 0), "coplanar: the cubic 0 (narrow)");
    ok(double_root_case(), "a double root: 4 t^2 - 4 t + 1, not proved "
                           "square-free (narrow)");
    for (kind = 0; kind < 2; kind++) {
        const char *k = kind == 0 ? "vf" : "ee";
        int pk = kind == 0 ? BOXTOI_PRIM_VF : BOXTOI_PRIM_EE;
        /* with the tiny coordinate 2^-60, a difference a 2^60 */
        ok(edge_case(pk, 1.0 - 0x1p-52, 0.5, -60),
           "%s: a difference 2^60 - 2^8 (narrow)", k);
        ok(edge_case(pk, 1.0, 0.5, -60), "%s: a difference 2^60 (wide)", k);
        ok(edge_case(pk, -1.0, 0.5, -60), "%s: a difference -2^60 (wide)",
           k);
        ok(edge_case(pk, 0x1p+2, 0x1p+2, -60),
           "%s: a span of 63 bits (128-bit reading, wide)", k);
        ok(edge_case(pk, 0.0, 0.0, 0), "%s: all zero", k);
    }
#ifdef BOXTOI_HAVE_I128
    ok(sf_count[1] > 500 && sf_count[0] > 10,
       "the narrow square-free proof both taken (%ld) and not (%ld)",
       sf_count[1], sf_count[0]);
#else
    ok(sf_count[1] == 0, "no narrow instance without 128-bit integers");
#endif
    return 0;
}
