/* lib/alg/decquot.c: correctly rounded decimal strings of quotients
   num(t)/den(t) and num(t)/sqrt(den(t)) of integer polynomials at a real
   algebraic t (boxtoi_alg_quot_get_str, boxtoi_alg_unit_get_str: the
   contact point and normal, doc/format.md §5.2): the filter in interval
   arithmetic and the exact reference (doc/algorithm.md §10.3).  The
   rounding itself, the notation and the constants' method are in
   decimal.c (alg_round_sig, alg_format_decimal). */
#include "alg/impl.h"

/* ---- numbers known through exact comparisons ----------------------

   x with a known sign s, an exact comparison sgn(|x| - b) for rational
   b > 0 and an approximation of |x| that converges as the precision
   grows (doc/algorithm.md §10.3).  The candidate is the approximation
   rounded; it is the correct rounding of x iff |x| lies strictly
   between the break points around it (the midpoints to the neighbouring
   N-digit decimals), which is decided by two exact comparisons.  |x|
   equal to a break point makes x that rational, rounded as such (ties
   to even).  Otherwise the precision doubles: the approximation decides
   nothing, it only proposes. */
typedef struct {
    int (*cmp_abs)(void *ctx, mpq_srcptr b);
    void (*approx)(void *ctx, mpq_t y, long bits);
    void *ctx;
} cmp_number;

/* b = (2 m + c) / 2 * 10^k. */
static void half_point(mpq_t b, mpz_srcptr m, long c, long k)
{
    mpz_mul_2exp(mpq_numref(b), m, 1);
    if (c >= 0)
        mpz_add_ui(mpq_numref(b), mpq_numref(b), (unsigned long)c);
    else
        mpz_sub_ui(mpq_numref(b), mpq_numref(b), (unsigned long)-c);
    mpz_set_ui(mpq_denref(b), 2);
    if (k >= 0) {
        mpz_ui_pow_ui(mpq_denref(b), 10, (unsigned long)k);
        mpz_mul(mpq_numref(b), mpq_numref(b), mpq_denref(b));
        mpz_set_ui(mpq_denref(b), 2);
    } else {
        mpz_ui_pow_ui(mpq_denref(b), 10, (unsigned long)-k);
        mpz_mul_2exp(mpq_denref(b), mpq_denref(b), 1);
    }
    mpq_canonicalize(b);
}

static int get_str_by_cmp(boxtoi_strbuf *sb, int s, const cmp_number *x,
                          long digits)
{
    mpq_t y, lo, hi;
    mpz_t m, p;
    long e, bits = 64 + 4 * digits;
    int rc = BOXTOI_OK, c, done = 0;

    if (digits < 1)
        return BOXTOI_EINVAL;
    if (s == 0)
        return boxtoi_strbuf_puts(sb, "0");
    mpq_init(y);
    mpq_init(lo);
    mpq_init(hi);
    mpz_init(m);
    mpz_init(p);
    while (!done) {
        x->approx(x->ctx, y, bits);
        bits *= 2;
        if (mpq_sgn(y) <= 0)
            continue;
        alg_round_sig(m, &e, y, digits, 1);
        half_point(hi, m, 1, e - digits + 1);
        mpz_ui_pow_ui(p, 10, (unsigned long)(digits - 1));
        if (mpz_cmp(m, p) == 0) { /* predecessor (10^N - 1) 10^(k-1) */
            mpz_mul_ui(p, p, 10);
            half_point(lo, p, -1, e - digits);
        } else {
            half_point(lo, m, -1, e - digits + 1);
        }
        c = x->cmp_abs(x->ctx, lo);
        if (c > 0) {
            c = x->cmp_abs(x->ctx, hi);
            if (c == 0)
                mpq_swap(lo, hi); /* the tie is at hi */
            else if (c < 0) {
                rc = alg_format_decimal(sb, s < 0, m, e);
                done = 1;
            }
        }
        if (c == 0) { /* |x| is the break point lo: a rational */
            if (s < 0)
                mpq_neg(lo, lo);
            rc = boxtoi_mpq_get_decimal_str(sb, lo, digits);
            done = 1;
        }
    }
    mpz_clear(m);
    mpz_clear(p);
    mpq_clear(y);
    mpq_clear(lo);
    mpq_clear(hi);
    return rc;
}

/* x = num(t) / den(t) (unit == 0) or num(t) / sqrt(den(t)) (unit != 0)
   at an algebraic t; sd is the sign of den(t). */
typedef struct {
    boxtoi_alg_t t;
    const boxtoi_poly_struct *num, *den;
    boxtoi_poly_t sq, p, r;
    int sn, sd, unit;
} quot_ctx;

/* sgn(|x| - bn/bd): the sign at t of sn bd num - sd bn den, or of
   bd^2 num^2 - bn^2 den for a unit (squares: both sides are >= 0). */
static int quot_cmp(void *vc, mpq_srcptr b)
{
    quot_ctx *q = vc;
    if (q->unit) {
        boxtoi_poly_scalar_mul_mpz(q->p, q->sq, mpq_denref(b));
        boxtoi_poly_scalar_mul_mpz(q->p, q->p, mpq_denref(b));
        boxtoi_poly_scalar_mul_mpz(q->r, q->den, mpq_numref(b));
        boxtoi_poly_scalar_mul_mpz(q->r, q->r, mpq_numref(b));
    } else {
        boxtoi_poly_scalar_mul_mpz(q->p, q->num, mpq_denref(b));
        boxtoi_poly_scalar_mul_mpz(q->r, q->den, mpq_numref(b));
        boxtoi_poly_scalar_mul_si(q->p, q->p, q->sn);
        boxtoi_poly_scalar_mul_si(q->r, q->r, q->sd);
    }
    boxtoi_poly_sub(q->p, q->p, q->r);
    return boxtoi_alg_sgn_poly(q->t, q->p);
}

/* |x| at an end of t's interval refined to width 2^-bits (den has no
   root there once the interval is small), evaluated and divided in MPFR
   at bits + 32 bits: only a proposal, checked by quot_cmp (an exact
   evaluation at the end, a rational of about bits bits, cost several
   times more and decided nothing either). */
static void quot_approx(void *vc, mpq_t y, long bits)
{
    quot_ctx *q = vc;
    mpfr_t x, n, d;

    boxtoi_alg_refine(q->t, bits);
    mpfr_init2(x, (mpfr_prec_t)bits + 32);
    mpfr_init2(n, (mpfr_prec_t)bits + 32);
    mpfr_init2(d, (mpfr_prec_t)bits + 32);
    mpfr_set_q(x, q->t->lo, MPFR_RNDN);
    alg_horner_mpfr(n, NULL, q->num, x);
    alg_horner_mpfr(d, NULL, q->den, x);
    mpq_set_ui(y, 0, 1); /* no proposal: get_str_by_cmp doubles bits */
    if (mpfr_regular_p(d) && mpfr_number_p(n)
        && (!q->unit || mpfr_sgn(d) > 0)) {
        if (q->unit)
            mpfr_sqr(n, n, MPFR_RNDN);
        mpfr_div(n, n, d, MPFR_RNDN);
        mpfr_abs(n, n, MPFR_RNDN);
        if (q->unit)
            mpfr_sqrt(n, n, MPFR_RNDN);
        if (mpfr_regular_p(n))
            mpfr_get_q(y, n);
    }
    mpfr_clear(x);
    mpfr_clear(n);
    mpfr_clear(d);
}

/* [l, h] = [|lo|, |hi|] for an interval [lo, hi] not containing 0 (a
   negation is exact); its sign. */
static int abs_iv(mpfr_t lo, mpfr_t hi)
{
    if (mpfr_sgn(lo) > 0)
        return 1;
    mpfr_neg(lo, lo, MPFR_RNDN);
    mpfr_neg(hi, hi, MPFR_RNDN);
    mpfr_swap(lo, hi);
    return -1;
}

/* The filter (doc/algorithm.md §10.3, "The filter"): num and den
   enclosed once in interval arithmetic on t's interval at 96 + 4N
   bits, |x| enclosed by outward-rounded division (and square root),
   [L, H]; f(L) = f(H) for the rounding f to N digits (non-decreasing,
   the file comment) is f(|x|).  Returns 1 with *rc set when it decided,
   0 when not (an enclosure of num or den contains 0, or [L, H] holds a
   break point). */
int alg_quot_get_str_filter(boxtoi_strbuf *sb, int *rc,
                            const boxtoi_poly_t num, const boxtoi_poly_t den,
                            const boxtoi_alg_t a, long digits, int unit)
{
    mpfr_t xl, xh, nl, nh, dl, dh;
    mpq_t l, h;
    mpz_t ml, mh;
    long el, eh;
    int s, done = 0;

    if (digits < 1)
        return 0;
    mpfr_inits2((mpfr_prec_t)(96 + 4 * digits), xl, xh, nl, nh, dl, dh,
                (mpfr_ptr)0);
    mpfr_set_q(xl, a->lo, MPFR_RNDD);
    mpfr_set_q(xh, a->hi, MPFR_RNDU);
    boxtoi_poly_eval_interval_mpfr(nl, nh, num, xl, xh);
    boxtoi_poly_eval_interval_mpfr(dl, dh, den, xl, xh);
    if (mpfr_sgn(nl) * mpfr_sgn(nh) > 0 && mpfr_sgn(dl) * mpfr_sgn(dh) > 0
        && !(unit && mpfr_sgn(dl) < 0)) {
        s = abs_iv(nl, nh) * abs_iv(dl, dh);
        if (unit) { /* |x| = sqrt(num^2 / den) */
            mpfr_sqr(nl, nl, MPFR_RNDD);
            mpfr_sqr(nh, nh, MPFR_RNDU);
        }
        mpfr_div(nl, nl, dh, MPFR_RNDD);
        mpfr_div(nh, nh, dl, MPFR_RNDU);
        if (unit) {
            mpfr_sqrt(nl, nl, MPFR_RNDD);
            mpfr_sqrt(nh, nh, MPFR_RNDU);
        }
        if (mpfr_regular_p(nl) && mpfr_regular_p(nh) && mpfr_sgn(nl) > 0) {
            mpq_inits(l, h, (mpq_ptr)0);
            mpz_inits(ml, mh, (mpz_ptr)0);
            mpfr_get_q(l, nl);
            mpfr_get_q(h, nh);
            alg_round_sig(ml, &el, l, digits, 1);
            alg_round_sig(mh, &eh, h, digits, 1);
            if (el == eh && mpz_cmp(ml, mh) == 0) {
                *rc = alg_format_decimal(sb, s < 0, ml, el);
                done = 1;
            }
            mpq_clears(l, h, (mpq_ptr)0);
            mpz_clears(ml, mh, (mpz_ptr)0);
        }
    }
    mpfr_clears(xl, xh, nl, nh, dl, dh, (mpfr_ptr)0);
    return done;
}

/* The reference: exact signs and exact comparisons only. */
int alg_quot_get_str_exact(boxtoi_strbuf *sb, const boxtoi_poly_t num,
                           const boxtoi_poly_t den, const boxtoi_alg_t a,
                           long digits, int unit)
{
    quot_ctx q;
    cmp_number x;
    int rc;

    boxtoi_alg_init(q.t);
    boxtoi_alg_set(q.t, a);
    q.sd = boxtoi_alg_sgn_poly(q.t, den);
    if (q.sd == 0 || (unit && q.sd < 0)) {
        boxtoi_alg_clear(q.t);
        return BOXTOI_EDOMAIN;
    }
    q.sn = boxtoi_alg_sgn_poly(q.t, num);
    q.num = num;
    q.den = den;
    q.unit = unit;
    boxtoi_poly_init(q.sq);
    boxtoi_poly_init(q.p);
    boxtoi_poly_init(q.r);
    if (unit)
        boxtoi_poly_mul(q.sq, num, num);
    x.cmp_abs = quot_cmp;
    x.approx = quot_approx;
    x.ctx = &q;
    rc = get_str_by_cmp(sb, q.sn * (unit ? 1 : q.sd), &x, digits);
    boxtoi_poly_clear(q.sq);
    boxtoi_poly_clear(q.p);
    boxtoi_poly_clear(q.r);
    boxtoi_alg_clear(q.t);
    return rc;
}

static int quot_get_str(boxtoi_strbuf *sb, const boxtoi_poly_t num,
                        const boxtoi_poly_t den, const boxtoi_alg_t a,
                        long digits, int unit)
{
    int rc;
    if (alg_quot_get_str_const(sb, &rc, num, den, digits, unit)
        || alg_quot_get_str_filter(sb, &rc, num, den, a, digits, unit))
        return rc;
    return alg_quot_get_str_exact(sb, num, den, a, digits, unit);
}

int boxtoi_alg_quot_get_str(boxtoi_strbuf *sb, const boxtoi_poly_t num,
                            const boxtoi_poly_t den, const boxtoi_alg_t a,
                            long digits)
{
    return quot_get_str(sb, num, den, a, digits, 0);
}

int boxtoi_alg_unit_get_str(boxtoi_strbuf *sb, const boxtoi_poly_t num,
                            const boxtoi_poly_t sq, const boxtoi_alg_t a,
                            long digits)
{
    return quot_get_str(sb, num, sq, a, digits, 1);
}
