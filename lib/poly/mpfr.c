/* lib/poly/mpfr.c: interval evaluation with MPFR as a sign filter.

   Horner's rule in interval arithmetic with outward (directed) rounding
   [Moore, "Interval Analysis", 1966; Neumaier, "Interval Methods for
   Systems of Equations", §2.1]: every step encloses the exact value, so
   an enclosure [ylo, yhi] that excludes 0 proves the sign.  A positive
   answer is a proof; 0 only means "undecided" (doc/algorithm.md §5,
   "Exact means exact").  Products use the sign case analysis on the
   argument interval so that each bound is one correctly rounded product;
   a NaN (from 0 * inf after an overflow) widens the result to the whole
   line.  The sign filter also tries the mean-value form
   a(X) in a(m) + a'(X) (X - m) [Neumaier, §2.3], which is much tighter
   than plain Horner on wide intervals, and keeps the better bound.
   Temporaries are at the precision of the outputs; nothing uses the MPFR
   default precision. */
#include <math.h>
#include "poly/impl.h"

/* Temporaries of a fixed precision: n variables (n <= TMP_MAX_VARS) at
   precision prec, in the caller's buffer buf (TMP_LIMBS limbs each, on
   its stack) with MPFR's custom interface when they fit, else
   allocated by mpfr_init2.  Either way the same precision, so the same
   values; only where the limbs live differs.  Returns 1 when they were
   allocated (tmp_clear then frees them).  Never given to mpfr_set_prec
   or mpfr_clear directly. */
#define TMP_LIMBS 24
#define TMP_MAX_VARS 10
static int tmp_init(mpfr_ptr *v, int n, mpfr_prec_t prec, mp_limb_t *buf)
{
    int i;
    if (mpfr_custom_get_size(prec) <= TMP_LIMBS * sizeof(mp_limb_t)) {
        for (i = 0; i < n; i++) {
            mpfr_custom_init(buf + i * TMP_LIMBS, prec);
            mpfr_custom_init_set(v[i], MPFR_NAN_KIND, 0, prec,
                                 buf + i * TMP_LIMBS);
        }
        return 0;
    }
    for (i = 0; i < n; i++)
        mpfr_init2(v[i], prec);
    return 1;
}

static void tmp_clear(mpfr_ptr *v, int n, int allocated)
{
    int i;
    if (allocated)
        for (i = 0; i < n; i++)
            mpfr_clear(v[i]);
}

/* [lo, hi] = [lo, hi] * [xl, xh] + c with outward rounding; t1, t2, t3
   are scratch variables (t1 at lo's precision, t2 and t3 at hi's).
   Returns 0 if a NaN appeared. */
static int horner_step(mpfr_t lo, mpfr_t hi, mpfr_srcptr xl, mpfr_srcptr xh,
                       mpz_srcptr c, mpfr_t t1, mpfr_t t2, mpfr_t t3)
{
    if (mpfr_sgn(xl) >= 0) {
        /* x >= 0: the minimum uses lo, the maximum uses hi. */
        mpfr_mul(t1, lo, mpfr_sgn(lo) >= 0 ? xl : xh, MPFR_RNDD);
        mpfr_mul(t2, hi, mpfr_sgn(hi) >= 0 ? xh : xl, MPFR_RNDU);
    } else if (mpfr_sgn(xh) <= 0) {
        /* x <= 0: the minimum uses hi, the maximum uses lo. */
        mpfr_mul(t1, hi, mpfr_sgn(hi) >= 0 ? xl : xh, MPFR_RNDD);
        mpfr_mul(t2, lo, mpfr_sgn(lo) >= 0 ? xh : xl, MPFR_RNDU);
    } else {
        /* xl < 0 < xh: the extremes are min(lo xh, hi xl) and
           max(lo xl, hi xh) whatever the signs of lo and hi. */
        mpfr_mul(t1, lo, xh, MPFR_RNDD);
        mpfr_mul(t3, hi, xl, MPFR_RNDD);
        if (mpfr_nan_p(t1) || mpfr_nan_p(t3))
            return 0;
        if (mpfr_less_p(t3, t1))
            mpfr_set(t1, t3, MPFR_RNDD);
        mpfr_mul(t2, lo, xl, MPFR_RNDU);
        mpfr_mul(t3, hi, xh, MPFR_RNDU);
        if (mpfr_nan_p(t2) || mpfr_nan_p(t3))
            return 0;
        if (mpfr_greater_p(t3, t2))
            mpfr_set(t2, t3, MPFR_RNDU);
    }
    mpfr_add_z(lo, t1, c, MPFR_RNDD);
    mpfr_add_z(hi, t2, c, MPFR_RNDU);
    return !mpfr_nan_p(lo) && !mpfr_nan_p(hi);
}

int poly_mpfr_set_q(mpfr_t r, mpq_srcptr q, mpfr_rnd_t rnd)
{
    mpz_srcptr d = mpq_denref(q);
    mp_bitcnt_t e = mpz_scan1(d, 0);
    long ex;
    /* d > 0 is 2^e iff it has e + 1 bits; the value's exponent is
       within 1 of bits(num) - e, far from the range's ends below. */
    if (mpz_sizeinbase(d, 2) != e + 1 || e > (1UL << 40))
        return mpfr_set_q(r, q, rnd);
    ex = (long)mpz_sizeinbase(mpq_numref(q), 2) - (long)e;
    if (ex <= mpfr_get_emin() + 2 || ex >= mpfr_get_emax() - 2)
        return mpfr_set_q(r, q, rnd);
    return mpfr_set_z_2exp(r, mpq_numref(q), -(mpfr_exp_t)e, rnd);
}

void boxtoi_poly_eval_interval_mpfr(mpfr_t ylo, mpfr_t yhi,
                                    const boxtoi_poly_t a,
                                    mpfr_srcptr xlo, mpfr_srcptr xhi)
{
    long i, n = a->length - 1;
    mpfr_t t1, t2, t3;
    mpfr_ptr t[3] = {t1, t2, t3};
    mp_limb_t buf[3 * TMP_LIMBS];
    int okay = 1, alloc;

    if (n < 0) {
        mpfr_set_ui(ylo, 0, MPFR_RNDD);
        mpfr_set_ui(yhi, 0, MPFR_RNDU);
        return;
    }
    mpfr_set_z(ylo, a->coeffs + n, MPFR_RNDD);
    mpfr_set_z(yhi, a->coeffs + n, MPFR_RNDU);
    if (n == 0)
        return;
    if (mpfr_nan_p(xlo) || mpfr_nan_p(xhi)) {
        mpfr_set_inf(ylo, -1);
        mpfr_set_inf(yhi, 1);
        return;
    }
    if (mpfr_get_prec(ylo) == mpfr_get_prec(yhi)) {
        alloc = tmp_init(t, 3, mpfr_get_prec(yhi), buf);
    } else {
        alloc = 1;
        mpfr_init2(t1, mpfr_get_prec(ylo));
        mpfr_init2(t2, mpfr_get_prec(yhi));
        mpfr_init2(t3, mpfr_get_prec(yhi));
    }
    /* Invariant: [ylo, yhi] encloses sum_{j>i} a_j x^(j-i-1) for every
       x in [xlo, xhi]. */
    for (i = n - 1; okay && i >= 0; i--)
        okay = horner_step(ylo, yhi, xlo, xhi, a->coeffs + i, t1, t2, t3);
    if (!okay) {
        mpfr_set_inf(ylo, -1);
        mpfr_set_inf(yhi, 1);
    }
    tmp_clear(t, 3, alloc);
}

/* Tightens [yl, yh] (an enclosure of a on [xl, xh]) with the mean-value
   form around the midpoint m of [xl, xh]; all variables at precision
   prec.  Returns with [yl, yh] still an enclosure. */
static void mean_value(mpfr_t yl, mpfr_t yh, const boxtoi_poly_t a,
                       mpfr_srcptr xl, mpfr_srcptr xh, mpfr_prec_t prec)
{
    boxtoi_poly_t d;
    mpfr_t m, fl, fh, dl, dh, rl, rh, t1, t2, t3;
    mpfr_ptr v[TMP_MAX_VARS] = {m, fl, fh, dl, dh, rl, rh, t1, t2, t3};
    mp_limb_t buf[TMP_MAX_VARS * TMP_LIMBS];
    mpz_t zero;
    int alloc;

    boxtoi_poly_init(d);
    boxtoi_poly_derivative(d, a);
    alloc = tmp_init(v, TMP_MAX_VARS, prec, buf);
    mpz_init(zero);
    /* xl + xh rounded to nearest lies in [2 xl, 2 xh] (both are
       representable and rounding is monotone), so m is in [xl, xh]; the
       form below is valid for any such m. */
    mpfr_add(m, xl, xh, MPFR_RNDN);
    mpfr_div_2ui(m, m, 1, MPFR_RNDN);
    if (mpfr_number_p(m) && mpfr_lessequal_p(xl, m)
        && mpfr_lessequal_p(m, xh)) {
        boxtoi_poly_eval_interval_mpfr(fl, fh, a, m, m);
        boxtoi_poly_eval_interval_mpfr(dl, dh, d, xl, xh);
        mpfr_sub(rl, xl, m, MPFR_RNDD); /* rl <= 0 <= rh */
        mpfr_sub(rh, xh, m, MPFR_RNDU);
        /* [dl, dh] * [rl, rh] + 0, then + [fl, fh] */
        if (horner_step(dl, dh, rl, rh, zero, t1, t2, t3)) {
            mpfr_add(dl, dl, fl, MPFR_RNDD);
            mpfr_add(dh, dh, fh, MPFR_RNDU);
            /* both enclose a on [xl, xh]: intersect */
            if (!mpfr_nan_p(dl) && mpfr_greater_p(dl, yl))
                mpfr_set(yl, dl, MPFR_RNDD);
            if (!mpfr_nan_p(dh) && mpfr_less_p(dh, yh))
                mpfr_set(yh, dh, MPFR_RNDU);
        }
    }
    boxtoi_poly_clear(d);
    tmp_clear(v, TMP_MAX_VARS, alloc);
    mpz_clear(zero);
}

/* Double-precision pre-pass of the sign filter.  Each bound is computed
   in round-to-nearest (error at most half an ulp) and then moved one
   double outward, so every interval encloses the exact value; any
   non-finite bound gives up.  Conversions: mpz_get_d and mpq_get_d
   truncate toward zero (error below one ulp), so the truncated value
   moved one ulp outward on both sides encloses the input. */
static void d_widen(double *lo, double *hi)
{
    *lo = nextafter(*lo, -HUGE_VAL);
    *hi = nextafter(*hi, HUGE_VAL);
}

int poly_sgn_on_interval_d(const boxtoi_poly_t a, mpq_srcptr lo,
                           mpq_srcptr hi)
{
    double yl, yh;
    if (!poly_enclose_on_interval_d(&yl, &yh, a, lo, hi))
        return 0;
    return yl > 0 ? 1 : yh < 0 ? -1 : 0;
}

int poly_enclose_on_interval_d(double *ylo, double *yhi,
                               const boxtoi_poly_t a, mpq_srcptr lo,
                               mpq_srcptr hi)
{
    double xl, xh, yl, yh, p[4], mn, mx, cl, ch;
    long i;
    int k;

    if (a->length == 0) {
        *ylo = *yhi = 0;
        return 1;
    }
    for (i = 0; i < a->length; i++)
        if (mpz_sizeinbase(a->coeffs + i, 2) > 1000)
            return 0;
    xl = mpq_get_d(lo);
    xh = mpq_get_d(hi);
    d_widen(&xl, &xh);
    if (!isfinite(xl) || !isfinite(xh))
        return 0;
    yl = yh = mpz_get_d(a->coeffs + a->length - 1);
    d_widen(&yl, &yh);
    for (i = a->length - 2; i >= 0; i--) {
        p[0] = yl * xl;
        p[1] = yl * xh;
        p[2] = yh * xl;
        p[3] = yh * xh;
        mn = mx = p[0];
        for (k = 1; k < 4; k++) {
            mn = p[k] < mn ? p[k] : mn;
            mx = p[k] > mx ? p[k] : mx;
        }
        cl = ch = mpz_get_d(a->coeffs + i);
        d_widen(&cl, &ch);
        yl = mn + cl;
        yh = mx + ch;
        d_widen(&yl, &yh);
        if (!isfinite(yl) || !isfinite(yh))
            return 0;
    }
    if (!isfinite(yl) || !isfinite(yh))
        return 0;
    *ylo = yl;
    *yhi = yh;
    return 1;
}

int boxtoi_poly_sgn_on_interval_mpfr(const boxtoi_poly_t a, mpq_srcptr lo,
                                     mpq_srcptr hi, mpfr_prec_t prec)
{
    mpfr_t xl, xh, yl, yh;
    mpfr_ptr v[4] = {xl, xh, yl, yh};
    mp_limb_t buf[4 * TMP_LIMBS];
    int s = 0, alloc;

    if (a->length <= 1)
        return boxtoi_poly_sgn_lc(a);
    if (mpq_cmp(lo, hi) > 0)
        return 0; /* precondition violated: claim nothing */
    s = poly_sgn_on_interval_d(a, lo, hi);
    if (s != 0)
        return s;
    if (prec < MPFR_PREC_MIN)
        prec = MPFR_PREC_MIN;
    if (prec > MPFR_PREC_MAX)
        prec = MPFR_PREC_MAX;
    alloc = tmp_init(v, 4, prec, buf);
    /* Outward rounding: [xl, xh] contains [lo, hi]. */
    poly_mpfr_set_q(xl, lo, MPFR_RNDD);
    poly_mpfr_set_q(xh, hi, MPFR_RNDU);
    boxtoi_poly_eval_interval_mpfr(yl, yh, a, xl, xh);
    /* Plain Horner is exact enough for lines and points. */
    if (mpfr_sgn(yl) <= 0 && mpfr_sgn(yh) >= 0 && a->length > 2
        && mpfr_less_p(xl, xh))
        mean_value(yl, yh, a, xl, xh, prec);
    if (mpfr_sgn(yl) > 0)
        s = 1;
    else if (mpfr_sgn(yh) < 0)
        s = -1;
    tmp_clear(v, 4, alloc);
    return s;
}
