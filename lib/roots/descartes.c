/* lib/roots/descartes.c: Descartes' rule of signs on an interval.

   The Moebius map t = (lo + hi x) / (1 + x) sends x in (0, inf) onto
   t in (lo, hi).  With b(s) = a(lo + (hi - lo) s) (scaled into Z[s]),
   R(x) = (1 + x)^n b(1 / (1 + x)) is x^n b(1/x) shifted by 1, and its
   positive roots correspond one to one to the roots of a in (lo, hi).
   Descartes' rule bounds their number by the sign variations of R, with
   the same parity [Collins and Akritas 1976; [BPR] ch. 2 (Descartes'
   law of signs) and ch. 10 (Bernstein basis)].  The steps are run first
   in double-precision interval arithmetic, which decides when every
   coefficient's sign is proved; otherwise in exact integer Taylor shifts
   and scalings from the poly layer. */
#include "roots/impl.h"
#include "lib/util/interval.h"

/* The same count in double-precision interval arithmetic
   (lib/util/interval.h): every coefficient of R is enclosed, so when
   none of the enclosures straddles 0 their signs are the exact ones and
   the count is exact ([0, 0] only arises from exact zeros, which do not
   count).  Returns -1 when it cannot decide: a sign not proved, a bound
   not finite, numbers too large for doubles, or an end that is not a
   53-bit fraction. */
#define DESC_MAX 48
long boxtoi_roots_descartes_filter(const boxtoi_poly_t a, mpq_srcptr lo,
                                   mpq_srcptr hi)
{
    boxtoi_iv c[DESC_MAX + 1], l, h, w, wp;
    boxtoi_ivchk chk = 0;
    long n = a->length - 1, i, j, v = 0;
    int last = 0;

    if (n < 1 || n > DESC_MAX || !boxtoi_iv_set_mpq(&l, lo)
        || !boxtoi_iv_set_mpq(&h, hi))
        return -1;
    for (i = 0; i <= n; i++)
        if (!boxtoi_iv_set_mpz(c + i, a->coeffs + i))
            return -1;
    /* a(lo + s): Taylor shift by lo (synthetic divisions) */
    for (i = 0; i < n; i++)
        for (j = n - 1; j >= i; j--)
            c[j] = boxtoi_iv_add(&chk, c[j], boxtoi_iv_mul(&chk, l, c[j + 1]));
    /* b(s) = a(lo + w s), w = hi - lo > 0 */
    w = boxtoi_iv_sub(&chk, h, l);
    wp = w;
    for (i = 1; i <= n; i++) {
        c[i] = boxtoi_iv_mul(&chk, c[i], wp);
        wp = boxtoi_iv_mul(&chk, wp, w);
    }
    /* x^n b(1/x): reverse; then the shift by 1 (additions only) */
    for (i = 0; i < n - i; i++) {
        boxtoi_iv t = c[i];
        c[i] = c[n - i];
        c[n - i] = t;
    }
    for (i = 0; i < n; i++)
        for (j = n - 1; j >= i; j--)
            c[j] = boxtoi_iv_add(&chk, c[j], c[j + 1]);
    if (boxtoi_iv_failed(chk))
        return -1;
    for (i = 0; i <= n; i++) {
        int sg;
        if (boxtoi_iv_is_zero(c[i]))
            continue;
        if (c[i].lo > 0)
            sg = 1;
        else if (c[i].hi < 0)
            sg = -1;
        else
            return -1;
        if (last != 0 && sg != last)
            v++;
        last = sg;
    }
    return v;
}

long boxtoi_roots_descartes_exact(const boxtoi_poly_t a, mpq_srcptr lo,
                                  mpq_srcptr hi, boxtoi_poly_t tmp)
{
    mpq_t w;
    mpz_t one;
    mpq_init(w);
    mpz_init_set_ui(one, 1);
    mpq_sub(w, hi, lo);
    boxtoi_poly_taylor_shift_mpq(tmp, a, lo);
    boxtoi_poly_scale_mpq(tmp, tmp, w);
    boxtoi_poly_reverse(tmp, tmp);
    boxtoi_poly_taylor_shift_mpz(tmp, tmp, one);
    mpq_clear(w);
    mpz_clear(one);
    return boxtoi_poly_sign_variations(tmp);
}

long boxtoi_roots_descartes(const boxtoi_poly_t a, mpq_srcptr lo,
                            mpq_srcptr hi, boxtoi_poly_t tmp)
{
    long v = boxtoi_roots_descartes_filter(a, lo, hi);
    return v >= 0 ? v : boxtoi_roots_descartes_exact(a, lo, hi, tmp);
}
