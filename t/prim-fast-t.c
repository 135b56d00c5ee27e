/* t/prim-fast-t.c: the branch of the certified double path
   (lib/prim/fast.c, doc/algorithm.md §9.7) for roots at the ends of
   [0, 1] only: S_0 or S_3 proved zero, the other Bernstein coefficients
   of one strict sign.  Each hand-made query below is run through the
   path alone (prim_fast after prim_to_double and prim_filter_core),
   which must decide it, and through the exact method alone
   (boxtoi_prim_first_exact); both answers are compared with the value
   derived in the comment.  (t/prim-t.c compares the path with the exact
   method on every benchmark query.) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include <boxtoi.h>
#include "prim/impl.h"

/* One query with integer coordinates times 1/4: v[k][i][j] / 4, and
   its expected answer: contact (1) or not, t (0 or 1), features. */
typedef struct {
    const char *name;
    int kind;
    int v[2][4][3];
    int contact, t, initial, f0, f1;
} hand;

/* Triangle A = (0, 0, 0), B = (1, 0, 0), C = (0, 1, 0) at rest in
   z = 0; the coplanarity cubic is f = z_P(t) (times |n| = 1).
   - start-in: P from (1/4, 1/4, 0) to (1/4, 1/4, 1): f = t, S_0 = 0
     and S_1..S_3 > 0; at t = 0 P is inside: contact at 0 (initial),
     P against the face.
   - start-out: P from (3/4, 3/4, 0) to (3/4, 3/4, 1): f = t again (the
     bounding boxes overlap, so the filter does not decide); at t = 0 P
     is outside (weight of A = 1 - 3/4 - 3/4 < 0), no other root: no
     contact.
   - end-in: P from (1/4, 1/4, 1) to (1/4, 1/4, 0): f = 1 - t, S_3 = 0,
     S_0..S_2 > 0; at t = 1 P is inside: contact at 1, not initial.
   Edge-edge, AB from (-1, 0, 0) to (1, 0, 0) at rest; CD from
   (0, -1, 1) - (0, 1, 1) down to (0, -1, 0) - (0, 1, 0):
   g = det[B - A, D - C, C - A] = 4 z_C(t) = 4 (1 - t), S_3 = 0; at t = 1
   they cross at the origin, the middle of both: contact at 1,
   interiors (3, 3). */
static const hand cases[] = {
    {"start-in", BOXTOI_PRIM_VF,
     {{{1, 1, 0}, {0, 0, 0}, {4, 0, 0}, {0, 4, 0}},
      {{1, 1, 4}, {0, 0, 0}, {4, 0, 0}, {0, 4, 0}}},
     1, 0, 1, 1, 7},
    {"start-out", BOXTOI_PRIM_VF,
     {{{3, 3, 0}, {0, 0, 0}, {4, 0, 0}, {0, 4, 0}},
      {{3, 3, 4}, {0, 0, 0}, {4, 0, 0}, {0, 4, 0}}},
     0, 0, 0, 0, 0},
    {"end-in", BOXTOI_PRIM_VF,
     {{{1, 1, 4}, {0, 0, 0}, {4, 0, 0}, {0, 4, 0}},
      {{1, 1, 0}, {0, 0, 0}, {4, 0, 0}, {0, 4, 0}}},
     1, 1, 0, 1, 7},
    {"ee-end", BOXTOI_PRIM_EE,
     {{{-4, 0, 0}, {4, 0, 0}, {0, -4, 4}, {0, 4, 4}},
      {{-4, 0, 0}, {4, 0, 0}, {0, -4, 0}, {0, 4, 0}}},
     1, 1, 0, 3, 3},
};

/* prim_get_d on n / 2^e (its exact path, lib/prim/filter.c): exact for
   |n| < 2^53 and e <= 1022 however many limbs 2^e takes (e = 70: top
   limb 2^6, e = 130: 2^2, e = 1000: 2^40), the value n 2^-e by ldexp;
   a denominator that is not a power of two (3 2^70) is not exact, the
   truncated value mpq_get_d's. */
static void get_d_cases(void)
{
    static const unsigned e[] = {0, 10, 63, 64, 70, 127, 128, 130, 1000, 1022};
    mpq_t a;
    size_t c;
    int ex;
    double v;

    mpq_init(a);
    for (c = 0; c < sizeof e / sizeof *e; c++) {
        mpz_set_si(mpq_numref(a), -((1L << 52) + 12345));
        mpz_set_ui(mpq_denref(a), 1);
        mpz_mul_2exp(mpq_denref(a), mpq_denref(a), e[c]);
        v = prim_get_d(a, &ex);
        ok(ex == 1 && v == ldexp(-(double)((1L << 52) + 12345), -(int)e[c]),
           "prim_get_d: -(2^52 + 12345) / 2^%u exact", e[c]);
    }
    mpz_set_ui(mpq_numref(a), 5);
    mpz_set_ui(mpq_denref(a), 3);
    mpz_mul_2exp(mpq_denref(a), mpq_denref(a), 70);
    v = prim_get_d(a, &ex);
    ok(ex == 0 && v == mpq_get_d(a), "prim_get_d: 5 / (3 2^70) not exact");
    mpq_clear(a);
}

/* prim_to_double on 24 coordinates at a time against mpq_get_d (the
   reference, GMP's truncation) and its exactness flag checked by
   mpq_set_d and mpq_equal (set only when true, and set for every
   n / 2^e with |n| < 2^53): random numerators of 1-60 bits (the fast path's edge
   |n| < 2^53 on both sides) over 2^e, e = 0..70 (one and two limbs),
   over 3 2^e, zero, negative, and one coordinate of 2^-201 or 2^201
   (outside the filter's range: the answer 0) in some of the sets. */
static void to_double_cases(boxtoi_prim_query_t q)
{
    prim_dbl d;
    mpq_t b;
    long n, bad = 0, out = 0, fast = 0;
    int k, i, j, want, got;
    uint64_t s = 0x9e3779b97f4a7c15u;

    mpq_init(b);
    for (n = 0; n < 3000; n++) {
        want = 1;
        for (k = 0; k < 2; k++)
            for (i = 0; i < 4; i++)
                for (j = 0; j < 3; j++) {
                    mpq_ptr a = q->x[k][i][j];
                    unsigned r;
                    s ^= s >> 12;
                    s ^= s << 25;
                    s ^= s >> 27;
                    r = (unsigned)((s * UINT64_C(2685821657736338717)) >> 32);
                    mpz_set_ui(mpq_numref(a), (unsigned long)(s >> 4));
                    mpz_tdiv_q_2exp(mpq_numref(a), mpq_numref(a),
                                    60 - 1 - r % 60);
                    mpz_set_ui(mpq_denref(a), r % 7 == 0 ? 3 : 1);
                    mpz_mul_2exp(mpq_denref(a), mpq_denref(a), (r >> 8) % 71);
                    if ((r >> 16) % 13 == 0)
                        mpz_set_ui(mpq_numref(a), 0);
                    if ((r >> 20) % 2)
                        mpz_neg(mpq_numref(a), mpq_numref(a));
                    if ((r >> 24) % 97 == 0) {
                        mpz_set_ui(mpq_numref(a), 1);
                        mpz_set_ui(mpq_denref(a), 1);
                        mpz_mul_2exp((r >> 21) % 2 ? mpq_numref(a)
                                                   : mpq_denref(a),
                                     (r >> 21) % 2 ? mpq_numref(a)
                                                   : mpq_denref(a), 201);
                        want = 0;
                    }
                    mpq_canonicalize(a);
                }
        memset(&d, 0, sizeof d);
        got = prim_to_double(&d, q);
        if (got != want) {
            bad++;
            continue;
        }
        if (!got) {
            out++;
            continue;
        }
        for (k = 0; k < 2; k++)
            for (i = 0; i < 4; i++)
                for (j = 0; j < 3; j++) {
                    mpq_srcptr a = q->x[k][i][j];
                    double v = mpq_get_d(a);
                    mpq_set_d(b, v);
                    fast += d.exact[k][i][j] != 0;
                    /* exact claimed only when true; claimed for every
                       n / 2^e with |n| < 2^53 (here e <= 70) */
                    if (d.x[k][i][j] != v
                        || (d.exact[k][i][j] && !mpq_equal(a, b))
                        || (!d.exact[k][i][j]
                            && mpz_sizeinbase(mpq_numref(a), 2) <= 53
                            && mpz_popcount(mpq_denref(a)) == 1))
                        if (bad++ < 5)
                            gmp_printf("# prim_to_double(%Qd) = %a (exact "
                                       "%d), mpq_get_d %a\n",
                                       a, d.x[k][i][j], d.exact[k][i][j], v);
                }
    }
    is_int(bad, 0, "prim_to_double: every coordinate mpq_get_d's value, "
                   "flagged exact only when mpq_set_d gives it back (%ld exact)", fast);
    ok(out > 100 && out < 2900, "prim_to_double: %ld sets out of range",
       out);
    mpq_clear(b);
}

/* prim_set_d against GMP's mpq_set_d (the reference, a different
   method) on signed zeros, subnormals, powers of two, the ends of the
   doubles, a few decimals and 2,000 random finite bit patterns. */
static void set_d_cases(void)
{
    static const double fixed[] = {0.0, -0.0, 0x1p-1074, -0x1p-1074,
                                   0x1.8p-1070, 0x1p-1022, 0x1.fffffffffffffp-1023,
                                   0.5, 1.0, -1.0, 0.1, 0.3611, 3.0, 0x1p52,
                                   0x1.fffffffffffffp52, 0x1p53, 0x1p60 * 3,
                                   0x1p1023, 0x1.fffffffffffffp1023};
    mpq_t a, b;
    size_t c;
    long bad = 0, n;
    uint64_t s = 0x243f6a8885a308d3u, bits;
    double x;

    mpq_init(a);
    mpq_init(b);
    for (c = 0; c < sizeof fixed / sizeof *fixed; c++) {
        prim_set_d(a, fixed[c]);
        mpq_set_d(b, fixed[c]);
        ok(mpq_equal(a, b) && mpz_cmp_ui(mpq_denref(a), 0) > 0,
           "prim_set_d(%a) = mpq_set_d's", fixed[c]);
    }
    for (n = 0; n < 2000; n++) {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        bits = s * UINT64_C(2685821657736338717);
        memcpy(&x, &bits, sizeof x);
        if (!isfinite(x))
            continue;
        prim_set_d(a, x);
        mpq_set_d(b, x);
        bad += !mpq_equal(a, b);
    }
    is_int(bad, 0, "prim_set_d = mpq_set_d on random finite doubles");
    mpq_clear(b);
    mpq_clear(a);
}

/* prim_newton's stop once a step is at most tol (§9.9): on
   (t - r)(t^2 + a) with the root r = k/64 known by construction, from
   starts across [0, 1], the proposal is within 2^-42 of r, inside the
   2^-40 half-width of the bracket it feeds, for tol = 2^-44 (the
   path's) and for tol = 0. */
static void newton_cases(void)
{
    static const double as[] = {0.25, 1.0, 4.0}, x0s[] = {0.5, 0.01, 0.99};
    static const double tols[] = {0x1p-44, 0.0};
    int k, ia, ix, it, bad = 0, n = 0;
    for (k = 1; k < 64; k++)
        for (ia = 0; ia < 3; ia++)
            for (ix = 0; ix < 3; ix++)
                for (it = 0; it < 2; it++) {
                    double r = k / 64.0, a = as[ia];
                    /* (t - r)(t^2 + a) = t^3 - r t^2 + a t - a r: exact
                       doubles (r and a are dyadic with few bits) */
                    double c[4] = {-a * r, a, -r, 1.0};
                    double x = prim_newton(c, 3, 0.0, 1.0, -1, x0s[ix],
                                           tols[it]);
                    n++;
                    bad += !(fabs(x - r) <= 0x1p-42);
                }
    ok(bad == 0, "prim_newton: %d of %d proposals within 2^-42 of the root",
       n - bad, n);
}

int main(void)
{
    boxtoi_prim_query_t q;
    boxtoi_prim_result_t res, ref;
    mpq_t t;
    size_t c;
    int k, i, j;

    plan_lazy();
    boxtoi_prim_query_init(q);
    boxtoi_prim_result_init(res);
    boxtoi_prim_result_init(ref);
    mpq_init(t);
    get_d_cases();
    set_d_cases();
    to_double_cases(q);
    newton_cases();
    for (c = 0; c < sizeof cases / sizeof *cases; c++) {
        const hand *h = cases + c;
        prim_dbl d;
        int decided;
        q->kind = h->kind;
        for (k = 0; k < 2; k++)
            for (i = 0; i < 4; i++)
                for (j = 0; j < 3; j++)
                    mpq_set_si(q->x[k][i][j], h->v[k][i][j], 4);
        mpq_set_si(t, h->t, 1);
        memset(&d, 0, sizeof d);
        decided = prim_to_double(&d, q) && prim_filter_core(&d, q) != 0
                  && prim_fast(res, q, &d)
                  && boxtoi_prim_time(res, q, NULL) == BOXTOI_OK;
        ok(decided, "%s: the certified path decides", h->name);
        ok(boxtoi_prim_first_exact(ref, q, NULL) == BOXTOI_OK,
           "%s: the exact method runs", h->name);
        for (k = 0; k < 2; k++) {
            boxtoi_prim_result_struct *r = k == 0 ? res : ref;
            const char *who = k == 0 ? "path" : "exact";
            if (!decided && k == 0)
                continue;
            is_int(h->contact, r->status == BOXTOI_PRIM_CONTACT,
                   "%s (%s): contact", h->name, who);
            if (!h->contact || r->status != BOXTOI_PRIM_CONTACT)
                continue;
            ok(boxtoi_alg_cmp_mpq(&r->t, t) == 0, "%s (%s): t = %d",
               h->name, who, h->t);
            is_int(h->initial, r->initial, "%s (%s): initial", h->name, who);
            is_int(h->f0, r->feature[0], "%s (%s): feature 0", h->name, who);
            is_int(h->f1, r->feature[1], "%s (%s): feature 1", h->name, who);
        }
    }
    mpq_clear(t);
    boxtoi_prim_result_clear(ref);
    boxtoi_prim_result_clear(res);
    boxtoi_prim_query_clear(q);
    return 0;
}
