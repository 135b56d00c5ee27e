/* lib/alg/decimal.c: correctly rounded decimal strings of rationals and
   real algebraic numbers (the "decimal" field of the query format,
   doc/format.md §6, "Decimal notation").

   For y > 0 let E = floor(log10 y) and M = round(y 10^(N-1-E)), to
   nearest with ties to even, both computed exactly in Z; when rounding
   carries M up to 10^N the result is 10^(E+1), so M = 10^(N-1) and E
   grows by one.  The rounded value is M 10^(E-N+1) with
   10^(N-1) <= M < 10^N, and E is the decimal exponent of the rounded
   value, which chooses the notation.
   For an algebraic x the same monotonicity argument as in mpfr.c
   applies (doc/algorithm.md §5): rounding to N significant digits is a
   non-decreasing function f of |x|, so f(L) = f(H) for the ends of an
   enclosure [L, H] of |x| gives f(|x|).  The break points of f are the
   midpoints between consecutive N-digit decimals; x can be one only
   when it is rational (and a tie), so when f(L) != f(H) we test the
   break point just above f(L), the only one left once the interval is
   small, with an exact sign: a root puts x on the rational fast path.
   Formats, for the digits d1 d2 ... dN of M, sign "-" when x < 0:
   - E in [-6, 30], positional: "d1.d2...dN" with the point after digit
     E + 1, "0.000d1...dN" with -E - 1 zeros when E < 0; when N <= E + 1
     the digits are followed by E + 1 - N zeros and there is no point
     (N = 3, 12345 gives "12300"; N = 1, 2.5 gives "2").
   - otherwise scientific: "d1.d2...dN" ("d1" when N = 1), then "e" and
     E in decimal with a '-' sign when negative and no '+' (N = 3,
     1.5 x 10^31 gives "1.50e31"; a negative E is written after "e-").
   - zero is "0". */
#include <stdlib.h>
#include <string.h>
#include "alg/impl.h"

/* t = 10^k for k >= 0. */
static void pow10_z(mpz_t t, long k)
{
    mpz_ui_pow_ui(t, 10, (unsigned long)k);
}

/* floor(a / b) for b > 0. */
static long floor_div(long a, long b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* For y > 0: M, E as in the file comment, N >= 1, of y itself
   (root == 1) or of sqrt y (root == 2; doc/algorithm.md §10.3,
   "Constants").  E is guessed from the bit sizes (a guess only: it is
   checked exactly) and m = floor(y^(1/root) 10^s), s = N-1-E, computed
   in Z: 10^E <= y^(1/root) < 10^(E+1) iff 10^(N-1) <= m < 10^N (10^k
   being integers, floor(x) >= 10^k iff x >= 10^k), so m outside
   [10^(N-1), 10^N) moves the guess by one and m is computed again;
   inside, m is floor(y^(1/root) 10^s).  floor(sqrt(y 10^(2s))) is the
   integer square root of floor(y 10^(2s)); sqrt(Y) > m + 1/2 iff
   4 Y > (2m + 1)^2, equality being the tie.  y's fraction need not be
   canonical. */
static void round_sig(mpz_t m, long *e_out, mpq_srcptr y, long n_dig,
                      int root)
{
    mpz_t num, den, t, r;
    long e, s, d;
    int c;

    mpz_init(num);
    mpz_init(den);
    mpz_init(t);
    mpz_init(r);
    /* y in [2^(d-1), 2^(d+1)); log10 2 < 30103/100000 */
    d = (long)mpz_sizeinbase(mpq_numref(y), 2)
        - (long)mpz_sizeinbase(mpq_denref(y), 2);
    e = floor_div(d * 30103, 100000L * root);
    pow10_z(r, n_dig - 1); /* r = 10^(N-1) until the rounding */
    for (;;) {
        s = n_dig - 1 - e;
        if (s >= 0) {
            pow10_z(t, root * s);
            mpz_mul(num, mpq_numref(y), t);
            mpz_set(den, mpq_denref(y));
        } else {
            pow10_z(t, -root * s);
            mpz_mul(den, mpq_denref(y), t);
            mpz_set(num, mpq_numref(y));
        }
        mpz_fdiv_q(m, num, den);
        if (root == 2)
            mpz_sqrt(m, m);
        if (mpz_cmp(m, r) < 0) {
            e--;
            continue;
        }
        mpz_mul_ui(t, r, 10);
        if (mpz_cmp(m, t) >= 0) {
            e++;
            continue;
        }
        break;
    }
    if (root == 1) {
        mpz_mul(r, m, den);
        mpz_sub(r, num, r);
        mpz_mul_2exp(r, r, 1);
        c = mpz_cmp(r, den);
    } else {
        mpz_mul_2exp(r, m, 1);
        mpz_add_ui(r, r, 1);
        mpz_mul(r, r, r);
        mpz_mul(r, r, den);
        mpz_mul_2exp(num, num, 2);
        c = mpz_cmp(num, r);
    }
    if (c > 0 || (c == 0 && mpz_odd_p(m)))
        mpz_add_ui(m, m, 1);
    if (mpz_cmp(m, t) == 0) { /* t = 10^N */
        mpz_divexact_ui(m, m, 10);
        e++;
    }
    *e_out = e;
    mpz_clear(num);
    mpz_clear(den);
    mpz_clear(t);
    mpz_clear(r);
}

/* Appends sign, the N digits of m and the exponent e in the notation of
   the file comment (util_put_decimal). */
static int format_decimal(boxtoi_strbuf *sb, int neg, mpz_srcptr m, long e)
{
    char small[64], *dig = small;
    size_t n = mpz_sizeinbase(m, 10) + 2;
    int rc;

    if (n > sizeof small && (dig = malloc(n)) == NULL)
        return BOXTOI_ENOMEM;
    mpz_get_str(dig, 10, m);
    rc = util_put_decimal(sb, neg, dig, strlen(dig), e);
    if (dig != small)
        free(dig);
    return rc;
}

int boxtoi_mpq_get_decimal_str(boxtoi_strbuf *sb, mpq_srcptr q, long digits)
{
    mpq_t y;
    mpz_t m;
    long e;
    int rc;

    if (digits < 1)
        return BOXTOI_EINVAL;
    if (mpq_sgn(q) == 0)
        return boxtoi_strbuf_puts(sb, "0");
    mpq_init(y);
    mpz_init(m);
    mpq_abs(y, q);
    round_sig(m, &e, y, digits, 1);
    rc = format_decimal(sb, mpq_sgn(q) < 0, m, e);
    mpz_clear(m);
    mpq_clear(y);
    return rc;
}

int boxtoi_alg_get_str(boxtoi_strbuf *sb, const boxtoi_alg_t a, long digits)
{
    boxtoi_alg_t x;
    mpq_t l, h, c;
    mpz_t ml, mh;
    long el, eh, target = 0;
    int s, rc;

    if (digits < 1)
        return BOXTOI_EINVAL;
    if (mpq_equal(a->lo, a->hi))
        return boxtoi_mpq_get_decimal_str(sb, a->lo, digits);
    s = boxtoi_alg_sgn(a);
    if (s == 0)
        return boxtoi_strbuf_puts(sb, "0");
    boxtoi_alg_init(x);
    boxtoi_alg_set(x, a);
    mpq_init(l);
    mpq_init(h);
    mpq_init(c);
    mpz_init(ml);
    mpz_init(mh);
    /* x != 0, so 0 is not a root: cut the interval at 0 to one side. */
    if (mpq_sgn(x->lo) < 0 && mpq_sgn(x->hi) > 0)
        (void)boxtoi_alg_split_at(x, c);
    for (;;) {
        if (mpq_equal(x->lo, x->hi)) {
            rc = boxtoi_mpq_get_decimal_str(sb, x->lo, digits);
            break;
        }
        /* [l, h] encloses |x|, l >= 0. */
        if (s > 0) {
            mpq_set(l, x->lo);
            mpq_set(h, x->hi);
        } else {
            mpq_neg(l, x->hi);
            mpq_neg(h, x->lo);
        }
        if (mpq_sgn(l) > 0) {
            round_sig(ml, &el, l, digits, 1);
            round_sig(mh, &eh, h, digits, 1);
            if (el == eh && mpz_cmp(ml, mh) == 0) {
                rc = format_decimal(sb, s < 0, ml, el);
                break;
            }
            /* The break point above f(l): (ml + 1/2) 10^(el-N+1). */
            mpz_mul_2exp(mpq_numref(c), ml, 1);
            mpz_add_ui(mpq_numref(c), mpq_numref(c), 1);
            mpz_set_ui(mpq_denref(c), 2);
            if (el - digits + 1 >= 0) {
                mpz_ui_pow_ui(ml, 10, (unsigned long)(el - digits + 1));
                mpz_mul(mpq_numref(c), mpq_numref(c), ml);
            } else {
                mpz_ui_pow_ui(ml, 10, (unsigned long)(digits - 1 - el));
                mpz_mul(mpq_denref(c), mpq_denref(c), ml);
            }
            mpq_canonicalize(c);
            if (s < 0)
                mpq_neg(c, c);
            if (mpq_cmp(x->lo, c) < 0 && mpq_cmp(c, x->hi) < 0
                && boxtoi_alg_split_at(x, c))
                continue;
        }
        boxtoi_alg_refine_step(x, &target);
    }
    mpz_clear(ml);
    mpz_clear(mh);
    mpq_clear(l);
    mpq_clear(h);
    mpq_clear(c);
    boxtoi_alg_clear(x);
    return rc;
}

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
        round_sig(m, &e, y, digits, 1);
        half_point(hi, m, 1, e - digits + 1);
        pow10_z(p, digits - 1);
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
                rc = format_decimal(sb, s < 0, m, e);
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

/* Constants (doc/algorithm.md §10.3, "Constants"): num and den of
   degree <= 0 make x = num/den (a rational) or num/sqrt(den) (the
   square root of the rational num^2/den) independent of t, rounded
   directly in Z by round_sig.  Returns 1 with *rc set (BOXTOI_EDOMAIN
   for den = 0, or den < 0 for a unit, as the exact method), 0 when num
   or den is not a constant or digits < 1 (sb untouched). */
int alg_quot_get_str_const(boxtoi_strbuf *sb, int *rc,
                           const boxtoi_poly_t num, const boxtoi_poly_t den,
                           long digits, int unit)
{
    mpq_t y;
    mpz_t m;
    long e;
    int sn, sd;

    if (num->length > 1 || den->length > 1 || digits < 1)
        return 0;
    sd = den->length == 0 ? 0 : mpz_sgn(den->coeffs);
    if (sd == 0 || (unit && sd < 0)) {
        *rc = BOXTOI_EDOMAIN;
        return 1;
    }
    if (num->length == 0) {
        *rc = boxtoi_strbuf_puts(sb, "0");
        return 1;
    }
    sn = mpz_sgn(num->coeffs);
    mpq_init(y);
    mpz_init(m);
    if (unit) /* |x| = sqrt(num^2 / den) */
        mpz_mul(mpq_numref(y), num->coeffs, num->coeffs);
    else
        mpz_abs(mpq_numref(y), num->coeffs);
    mpz_abs(mpq_denref(y), den->coeffs);
    round_sig(m, &e, y, digits, unit ? 2 : 1);
    *rc = format_decimal(sb, sn * (unit ? 1 : sd) < 0, m, e);
    mpz_clear(m);
    mpq_clear(y);
    return 1;
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
            round_sig(ml, &el, l, digits, 1);
            round_sig(mh, &eh, h, digits, 1);
            if (el == eh && mpz_cmp(ml, mh) == 0) {
                *rc = format_decimal(sb, s < 0, ml, el);
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
