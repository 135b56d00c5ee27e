/* lib/roots/count.c: counting distinct real roots with a Sturm sequence.

   For the square-free q = seq[0] and a < b, Sturm's theorem gives
   #{roots in (a, b]} = V(a) - V(b), V(x) being the number of sign
   changes of (seq[i](x)) with zeros dropped (a root at a is not
   counted because V(a) = V(a+)).  Closed and open ends are then settled
   with the exact sign of q at the ends.

   Exclusion test: a bounded interval first goes through Descartes' rule
   on the open (a, b) (descartes.c), whose 0 or 1 sign variations prove
   0 or 1 roots there; the ends are then settled with q alone (one
   Descartes test against the two evaluations of the whole sequence
   that a Sturm count needs: doc/performance.md, "Measured choices").
   [BPR] ch. 2 (Sturm's theorem). */
#include "roots/impl.h"

long boxtoi_sturm_var_at(const boxtoi_sturm_t s, mpq_srcptr x, int *sq,
                         mpz_t tmp)
{
    long i, v = 0;
    int last = 0, c;
    for (i = 0; i < s->len; i++) {
        c = boxtoi_roots_sgn_at(s->seq + i, x, tmp);
        if (i == 0 && sq != NULL)
            *sq = c;
        if (c != 0) {
            if (last != 0 && c != last)
                v++;
            last = c;
        }
    }
    return v;
}

long boxtoi_sturm_var_inf(const boxtoi_sturm_t s, int dir)
{
    long i, v = 0;
    int last = 0, c;
    for (i = 0; i < s->len; i++) {
        c = boxtoi_poly_sgn_at_inf(s->seq + i, dir);
        if (last != 0 && c != last)
            v++;
        last = c;
    }
    return v;
}

long boxtoi_sturm_count(const boxtoi_sturm_t s, mpq_srcptr a, mpq_srcptr b,
                        int flags)
{
    const boxtoi_poly_struct *q;
    long va, vb, n;
    int sa = 1, sb = 1;
    boxtoi_poly_t t;
    mpz_t tmp;

    if (s->len == 0)
        return 0;
    q = s->seq;
    if (boxtoi_poly_degree(q) <= 0)
        return 0;
    if (a != NULL && b != NULL) {
        int c = mpq_cmp(a, b);
        if (c > 0)
            return 0;
        if (c == 0) {
            if (flags & (BOXTOI_OPEN_LO | BOXTOI_OPEN_HI))
                return 0;
            return boxtoi_poly_sgn_at_mpq(q, a) == 0;
        }
        boxtoi_poly_init(t);
        n = boxtoi_roots_descartes(q, a, b, t);
        boxtoi_poly_clear(t);
        if (n <= 1) {
            mpz_init(tmp);
            if (!(flags & BOXTOI_OPEN_LO))
                n += boxtoi_roots_sgn_at(q, a, tmp) == 0;
            if (!(flags & BOXTOI_OPEN_HI))
                n += boxtoi_roots_sgn_at(q, b, tmp) == 0;
            mpz_clear(tmp);
            return n;
        }
    }
    mpz_init(tmp);
    va = a != NULL ? boxtoi_sturm_var_at(s, a, &sa, tmp)
                   : boxtoi_sturm_var_inf(s, -1);
    vb = b != NULL ? boxtoi_sturm_var_at(s, b, &sb, tmp)
                   : boxtoi_sturm_var_inf(s, 1);
    mpz_clear(tmp);
    /* n = #roots in (a, b]. */
    n = va - vb;
    if (sa == 0 && !(flags & BOXTOI_OPEN_LO))
        n++;
    if (sb == 0 && (flags & BOXTOI_OPEN_HI))
        n--;
    return n;
}
