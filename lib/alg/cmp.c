/* lib/alg/cmp.c: exact comparison of real algebraic numbers with each
   other and with rationals.

   Against a rational q one exact sign suffices: the root of an isolating
   interval with lo < hi lies strictly inside, and the sign of poly at q
   tells on which side of q the sign change is.  Two numbers are compared
   by refining copies of their intervals until they are disjoint.  That
   alone never ends when the numbers are equal, so once the intervals
   still overlap after a few rounds (at once when the polynomials are
   equal) equality is decided exactly: with g = gcd(pa, pb), a = b iff g
   has a root in the intersection of the two isolating intervals (such a
   root is a root of pa in a's interval, hence a, and likewise b), which
   a Sturm count of g decides (Sturm's theorem [BPR]).  After a negative
   answer the numbers differ and refinement must separate them.
   See doc/algorithm.md §5. */
#include "alg/impl.h"

int boxtoi_alg_cmp_mpq(const boxtoi_alg_t a, mpq_srcptr q)
{
    int sq;
    if (mpq_equal(a->lo, a->hi))
        return mpq_cmp(a->lo, q);
    /* lo < a < hi strictly, since poly(lo) poly(hi) < 0. */
    if (mpq_cmp(q, a->lo) <= 0)
        return 1;
    if (mpq_cmp(q, a->hi) >= 0)
        return -1;
    sq = boxtoi_poly_sgn_at_mpq(&a->poly, q);
    if (sq == 0)
        return 0; /* q is a root in (lo, hi), hence a */
    /* Same sign at q as at lo: the sign change is in (q, hi). */
    return sq == boxtoi_poly_sgn_at_mpq(&a->poly, a->lo) ? 1 : -1;
}

int boxtoi_alg_sgn(const boxtoi_alg_t a)
{
    int s;
    mpq_t z;
    mpq_init(z);
    s = boxtoi_alg_cmp_mpq(a, z);
    mpq_clear(z);
    return s;
}

/* 1 iff a = b, for a, b with lo < hi and overlapping intervals. */
static int common_root(const boxtoi_alg_t a, const boxtoi_alg_t b)
{
    boxtoi_poly_t g;
    boxtoi_sturm_t s;
    mpq_srcptr l, h;
    int eq = 0;

    boxtoi_poly_init(g);
    boxtoi_sturm_init(s);
    boxtoi_poly_gcd(g, &a->poly, &b->poly);
    l = mpq_cmp(a->lo, b->lo) >= 0 ? a->lo : b->lo;
    h = mpq_cmp(a->hi, b->hi) <= 0 ? a->hi : b->hi;
    /* Both intervals are isolating, so any root of g in [l, h] is both a
       and b. */
    if (boxtoi_poly_degree(g) >= 1 && mpq_cmp(l, h) <= 0
        && boxtoi_sturm_set(s, g) == BOXTOI_OK)
        eq = boxtoi_sturm_count(s, l, h, 0) > 0;
    boxtoi_sturm_clear(s);
    boxtoi_poly_clear(g);
    return eq;
}

/* Rounds of refinement before the gcd test when the polynomials
   differ: distinct numbers are usually separated by then, and the gcd
   is the expensive part. */
#define CMP_ROUNDS_BEFORE_GCD 2

int boxtoi_alg_cmp(const boxtoi_alg_t a, const boxtoi_alg_t b)
{
    boxtoi_alg_t x, y;
    long tx = 0, ty = 0, round;
    int res, tested;

    if (a == b)
        return 0;
    if (mpq_equal(a->lo, a->hi))
        return -boxtoi_alg_cmp_mpq(b, a->lo);
    if (mpq_equal(b->lo, b->hi))
        return boxtoi_alg_cmp_mpq(a, b->lo);
    /* Both roots lie strictly inside their intervals, so touching ends
       already separate them. */
    if (mpq_cmp(a->hi, b->lo) <= 0)
        return -1;
    if (mpq_cmp(b->hi, a->lo) <= 0)
        return 1;

    boxtoi_alg_init(x);
    boxtoi_alg_init(y);
    boxtoi_alg_set(x, a);
    boxtoi_alg_set(y, b);
    tested = 0;
    for (round = 0;; round++) {
        if (mpq_equal(x->lo, x->hi)) {
            res = -boxtoi_alg_cmp_mpq(y, x->lo);
            break;
        }
        if (mpq_equal(y->lo, y->hi)) {
            res = boxtoi_alg_cmp_mpq(x, y->lo);
            break;
        }
        if (mpq_cmp(x->hi, y->lo) <= 0) {
            res = -1;
            break;
        }
        if (mpq_cmp(y->hi, x->lo) <= 0) {
            res = 1;
            break;
        }
        if (!tested
            && (round >= CMP_ROUNDS_BEFORE_GCD
                || boxtoi_poly_equal(&x->poly, &y->poly))) {
            if (common_root(x, y)) {
                res = 0;
                break;
            }
            /* a != b: refinement separates them in finitely many
               rounds, as both widths tend to 0. */
            tested = 1;
        }
        boxtoi_alg_refine_step(x, &tx);
        boxtoi_alg_refine_step(y, &ty);
    }
    boxtoi_alg_clear(x);
    boxtoi_alg_clear(y);
    return res;
}
