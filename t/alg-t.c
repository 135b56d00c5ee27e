/* t/alg-t.c: tests of lib/alg (real algebraic numbers).

   Expected values are derived independently of the library:
   - comparisons of sqrt(n), cbrt(n) with rationals q by the exact sign
     of q^2 - n or q^3 - n in GMP;
   - decimal expansions of sqrt2, sqrt3, cbrt2 and 1/sqrt2 from the
     literature (checked with Python's decimal module, not with boxtoi),
     and by hand for rationals;
   - MPFR conversions against MPFR's own correctly rounded mpfr_sqrt_ui
     and mpfr_cbrt and mpfr_set_q, and against the neighbours of the
     result (nextbelow/nextabove) by exact comparisons;
   - doubles from the hex expansion of sqrt2 (1.6a09e667f3bcc908b...);
   - every decimal string is also parsed back and checked to lie within
     half a unit of its last digit, with ties to even. */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "lib/alg/impl.h"

static void qset(mpq_t q, const char *s)
{
    if (mpq_set_str(q, s, 10) != 0)
        bail("bad rational literal %s", s);
    mpq_canonicalize(q);
}

/* a = the root of c[0] + c[1] t + ... in [lo, hi] (rational literals). */
static void alg_pi(boxtoi_alg_t a, const long *c, long len, const char *lo,
                   const char *hi)
{
    boxtoi_poly_t p;
    mpq_t l, h;
    boxtoi_poly_init(p);
    mpq_init(l);
    mpq_init(h);
    boxtoi_poly_set_coeffs_si(p, c, len);
    qset(l, lo);
    qset(h, hi);
    if (boxtoi_alg_set_poly_interval(a, p, l, h) != BOXTOI_OK)
        bail("alg_pi: no unique root in [%s, %s]", lo, hi);
    boxtoi_poly_clear(p);
    mpq_clear(l);
    mpq_clear(h);
}

/* a = the root of c[0] + c[1] t + ... in [x - 2^-k / 3, x + 2^-k / 5]
   for a rational root x: a narrow interval with non-dyadic ends, so
   that code meant for roots at special points sees them before any
   refinement (which may land on a dyadic root by itself). */
static void alg_narrow(boxtoi_alg_t a, const long *c, long len,
                       const char *x, unsigned long k)
{
    boxtoi_poly_t p;
    mpq_t l, h, e;
    boxtoi_poly_init(p);
    mpq_init(l);
    mpq_init(h);
    mpq_init(e);
    boxtoi_poly_set_coeffs_si(p, c, len);
    qset(l, x);
    qset(h, x);
    mpq_set_ui(e, 1, 3);
    mpq_div_2exp(e, e, k);
    mpq_sub(l, l, e);
    mpq_set_ui(e, 1, 5);
    mpq_div_2exp(e, e, k);
    mpq_add(h, h, e);
    if (boxtoi_alg_set_poly_interval(a, p, l, h) != BOXTOI_OK
        || boxtoi_alg_is_rational_fast(a))
        bail("alg_narrow: bad example around %s", x);
    boxtoi_poly_clear(p);
    mpq_clear(l);
    mpq_clear(h);
    mpq_clear(e);
}

/* a = the root of k t^2 - n (k > 0, n given in decimal) in [lo, hi]. */
static void alg_quad(boxtoi_alg_t a, const char *k, const char *n,
                     const char *lo, const char *hi)
{
    boxtoi_poly_t p;
    mpz_t z;
    mpq_t l, h;
    boxtoi_poly_init(p);
    mpz_init_set_str(z, n, 10);
    mpz_neg(z, z);
    boxtoi_poly_set_coeff_mpz(p, 0, z);
    mpz_set_str(z, k, 10);
    boxtoi_poly_set_coeff_mpz(p, 2, z);
    mpq_init(l);
    mpq_init(h);
    qset(l, lo);
    qset(h, hi);
    if (boxtoi_alg_set_poly_interval(a, p, l, h) != BOXTOI_OK)
        bail("alg_quad: no unique root in [%s, %s]", lo, hi);
    boxtoi_poly_clear(p);
    mpz_clear(z);
    mpq_clear(l);
    mpq_clear(h);
}

static int sgn_i(int x)
{
    return (x > 0) - (x < 0);
}

/* sign of q^k - n for q > 0: the sign of q - n^(1/k). */
static int root_cmp_q(mpq_srcptr q, long n, unsigned k)
{
    mpq_t t, nn;
    int s;
    unsigned i;
    mpq_init(t);
    mpq_init(nn);
    mpq_set_ui(t, 1, 1);
    for (i = 0; i < k; i++)
        mpq_mul(t, t, q);
    mpq_set_si(nn, n, 1);
    s = mpq_cmp(t, nn);
    mpq_clear(t);
    mpq_clear(nn);
    return sgn_i(s);
}

/* ---- decimal strings ------------------------------------------------ */

static void check_str(const char *e, const boxtoi_alg_t a, long n,
                      const char *name)
{
    boxtoi_strbuf sb;
    int rc;
    boxtoi_strbuf_init(&sb);
    rc = boxtoi_alg_get_str(&sb, a, n);
    is_str(e, rc == BOXTOI_OK ? boxtoi_strbuf_str(&sb) : "(error)",
           "get_str %s, %ld digits", name, n);
    boxtoi_strbuf_clear(&sb);
}

static void check_qstr(const char *e, const char *q, long n)
{
    boxtoi_strbuf sb;
    mpq_t x;
    int rc;
    mpq_init(x);
    qset(x, q);
    boxtoi_strbuf_init(&sb);
    rc = boxtoi_mpq_get_decimal_str(&sb, x, n);
    is_str(e, rc == BOXTOI_OK ? boxtoi_strbuf_str(&sb) : "(error)",
           "mpq decimal %s, %ld digits", q, n);
    boxtoi_strbuf_clear(&sb);
    mpq_clear(x);
}

/* Parses s (the notation of query-format.md) and checks, by exact
   comparisons, that it is a's value rounded to n significant digits to
   nearest, ties to even, in the right notation.  Independent of the
   library's formatting code. */
static int decimal_ok(const char *s, const boxtoi_alg_t a, long n)
{
    const char *p = s;
    char *digs;
    long nd = 0, point = -1, ex = 0, lead, e10, i;
    int neg = 0, ok = 1, sci = 0, c1, c2;
    mpz_t m, u;
    mpq_t d, lo, hi, h;

    if (strcmp(s, "0") == 0)
        return boxtoi_alg_sgn(a) == 0;
    digs = malloc(strlen(s) + 1);
    if (*p == '-') {
        neg = 1;
        p++;
    }
    for (; *p != '\0' && *p != 'e'; p++) {
        if (*p == '.') {
            if (point >= 0)
                ok = 0;
            point = nd;
        } else if (*p >= '0' && *p <= '9') {
            digs[nd++] = *p;
        } else {
            ok = 0;
        }
    }
    digs[nd] = '\0';
    if (*p == 'e') {
        sci = 1;
        ex = strtol(p + 1, NULL, 10);
        if (p[1] == '+' || p[1] == '\0')
            ok = 0;
    }
    if (point < 0)
        point = nd;
    for (lead = 0; lead < nd && digs[lead] == '0'; lead++)
        ;
    if (!ok || nd == 0 || lead == nd) {
        free(digs);
        return 0;
    }
    /* Digit i has place value 10^(ex + point - 1 - i). */
    e10 = ex + point - 1 - lead;
    /* Scientific: exactly n digits, "d" or "d.ddd".  Positional: at
       least n significant digits, the extra ones zeros before the point
       (integer padding); no leading zeros before the point but one. */
    if (sci && (lead != 0 || nd != n || point != 1))
        ok = 0;
    if (!sci && nd - lead < n)
        ok = 0;
    for (i = lead + n; i < nd; i++)
        if (digs[i] != '0' || i >= point)
            ok = 0;
    if (strchr(s, '.') != NULL && (point == 0 || point == nd))
        ok = 0;
    if (!sci && point > 1 && digs[0] == '0')
        ok = 0;
    if (sci == (e10 >= -6 && e10 <= 30))
        ok = 0;
    mpz_init(m);
    mpz_init(u);
    mpq_init(d);
    mpq_init(lo);
    mpq_init(hi);
    mpq_init(h);
    mpz_set_str(m, digs, 10);
    if (neg)
        mpz_neg(m, m);
    mpq_set_z(d, m);
    i = ex + point - nd; /* d = m 10^i */
    mpz_ui_pow_ui(u, 10, (unsigned long)labs(i));
    if (i >= 0)
        mpz_mul(mpq_numref(d), mpq_numref(d), u);
    else
        mpz_mul(mpq_denref(d), mpq_denref(d), u);
    mpq_canonicalize(d);
    /* half a unit of the n-th significant digit: 10^(e10-n+1) / 2 */
    i = e10 - n + 1;
    mpz_ui_pow_ui(u, 10, (unsigned long)labs(i));
    mpq_set_z(h, u);
    if (i < 0)
        mpq_inv(h, h);
    mpq_div_2exp(h, h, 1);
    mpq_sub(lo, d, h);
    mpq_add(hi, d, h);
    c1 = boxtoi_alg_cmp_mpq(a, lo);
    c2 = boxtoi_alg_cmp_mpq(a, hi);
    if (c1 < 0 || c2 > 0)
        ok = 0;
    if ((c1 == 0 || c2 == 0) && (digs[lead + n - 1] - '0') % 2 != 0)
        ok = 0; /* a tie must go to the even digit */
    mpz_clear(m);
    mpz_clear(u);
    mpq_clear(d);
    mpq_clear(lo);
    mpq_clear(hi);
    mpq_clear(h);
    free(digs);
    return ok;
}

static int str_consistent(const boxtoi_alg_t a, long n)
{
    boxtoi_strbuf sb;
    int ok;
    boxtoi_strbuf_init(&sb);
    ok = boxtoi_alg_get_str(&sb, a, n) == BOXTOI_OK
         && decimal_ok(boxtoi_strbuf_str(&sb), a, n);
    if (!ok)
        diag("inconsistent decimal string \"%s\" (%ld digits)",
             boxtoi_strbuf_str(&sb), n);
    boxtoi_strbuf_clear(&sb);
    return ok;
}

/* ---- MPFR ----------------------------------------------------------- */

static void fr_to_q(mpq_t q, mpfr_srcptr f)
{
    mpz_t m;
    mpfr_exp_t e;
    mpz_init(m);
    if (mpfr_zero_p(f)) {
        mpq_set_ui(q, 0, 1);
    } else {
        e = mpfr_get_z_2exp(m, f);
        mpq_set_z(q, m);
        if (e >= 0)
            mpq_mul_2exp(q, q, (unsigned long)e);
        else
            mpq_div_2exp(q, q, (unsigned long)-e);
    }
    mpz_clear(m);
}

static const mpfr_rnd_t modes[5] = {MPFR_RNDN, MPFR_RNDZ, MPFR_RNDU,
                                    MPFR_RNDD, MPFR_RNDA};
static const char *const mode_names[5] = {"N", "Z", "U", "D", "A"};

/* Checks that r (finite, non-zero) with ternary t is a rounded in mode
   rnd, by exact comparisons of a with r and its neighbours. */
static int bracket_ok(const boxtoi_alg_t a, mpfr_srcptr r, int t,
                      mpfr_rnd_t rnd)
{
    mpfr_t nb, na;
    mpq_t q, qb, qa, mid;
    int c, s = boxtoi_alg_sgn(a), ok, up;
    mpz_t m;

    if (!mpfr_number_p(r) || mpfr_zero_p(r))
        return 0;
    mpfr_init2(nb, mpfr_get_prec(r));
    mpfr_init2(na, mpfr_get_prec(r));
    mpfr_set(nb, r, MPFR_RNDN);
    mpfr_set(na, r, MPFR_RNDN);
    mpfr_nextbelow(nb);
    mpfr_nextabove(na);
    mpq_init(q);
    mpq_init(qb);
    mpq_init(qa);
    mpq_init(mid);
    fr_to_q(q, r);
    fr_to_q(qb, nb);
    fr_to_q(qa, na);
    c = boxtoi_alg_cmp_mpq(a, q);
    ok = sgn_i(t) == -c;
    if (rnd == MPFR_RNDZ)
        rnd = s > 0 ? MPFR_RNDD : MPFR_RNDU;
    else if (rnd == MPFR_RNDA)
        rnd = s > 0 ? MPFR_RNDU : MPFR_RNDD;
    if (rnd == MPFR_RNDD) {
        ok = ok && c >= 0 && boxtoi_alg_cmp_mpq(a, qa) < 0;
    } else if (rnd == MPFR_RNDU) {
        ok = ok && c <= 0 && boxtoi_alg_cmp_mpq(a, qb) > 0;
    } else {
        mpz_init(m);
        mpfr_get_z_2exp(m, r);
        up = mpz_even_p(m); /* r may take ties */
        mpz_clear(m);
        mpq_add(mid, q, qb);
        mpq_div_2exp(mid, mid, 1);
        c = boxtoi_alg_cmp_mpq(a, mid);
        ok = ok && (c > 0 || (c == 0 && up));
        mpq_add(mid, q, qa);
        mpq_div_2exp(mid, mid, 1);
        c = boxtoi_alg_cmp_mpq(a, mid);
        ok = ok && (c < 0 || (c == 0 && up));
    }
    mpfr_clear(nb);
    mpfr_clear(na);
    mpq_clear(q);
    mpq_clear(qb);
    mpq_clear(qa);
    mpq_clear(mid);
    return ok;
}

/* get_mpfr of a in every mode at precision prec: returns 1 iff each
   result brackets a correctly; when oracle is not NULL, also equal to
   oracle(rnd) with a ternary of the same sign. */
typedef int (*fr_oracle)(mpfr_t r, mpfr_rnd_t rnd, long arg);

static int fr_sqrt(mpfr_t r, mpfr_rnd_t rnd, long n)
{
    return mpfr_sqrt_ui(r, (unsigned long)n, rnd);
}

static int fr_cbrt(mpfr_t r, mpfr_rnd_t rnd, long n)
{
    mpfr_t x;
    int t;
    mpfr_init2(x, 64);
    mpfr_set_si(x, n, MPFR_RNDN); /* exact */
    t = mpfr_cbrt(r, x, rnd);
    mpfr_clear(x);
    return t;
}

static int mpfr_all_modes(const boxtoi_alg_t a, mpfr_prec_t prec,
                          fr_oracle oracle, long arg, const char *name)
{
    mpfr_t r, o;
    int i, t, to, all = 1, ok;
    mpfr_init2(r, prec);
    mpfr_init2(o, prec);
    for (i = 0; i < 5; i++) {
        t = boxtoi_alg_get_mpfr(r, a, modes[i]);
        ok = bracket_ok(a, r, t, modes[i]);
        if (oracle != NULL) {
            to = oracle(o, modes[i], arg);
            ok = ok && mpfr_equal_p(r, o) && sgn_i(t) == sgn_i(to);
        }
        if (!ok)
            diag("%s: prec %ld RND%s wrong", name, (long)prec,
                 mode_names[i]);
        all = all && ok;
    }
    mpfr_clear(r);
    mpfr_clear(o);
    return all;
}

/* For a rational x given as the root of a higher-degree poly: the
   result and ternary must be those of mpfr_set_q. */
static int mpfr_rational_modes(const boxtoi_alg_t a, const char *x,
                               mpfr_prec_t prec)
{
    mpfr_t r, o;
    mpq_t q;
    int i, t, to, all = 1;
    mpfr_init2(r, prec);
    mpfr_init2(o, prec);
    mpq_init(q);
    qset(q, x);
    for (i = 0; i < 5; i++) {
        t = boxtoi_alg_get_mpfr(r, a, modes[i]);
        to = mpfr_set_q(o, q, modes[i]);
        if (!mpfr_equal_p(r, o) || sgn_i(t) != sgn_i(to)) {
            diag("%s: prec %ld RND%s wrong", x, (long)prec, mode_names[i]);
            all = 0;
        }
    }
    mpfr_clear(r);
    mpfr_clear(o);
    mpq_clear(q);
    return all;
}

/* ---- the tests ------------------------------------------------------ */

static const long P_SQRT2[] = {-2, 0, 1};          /* t^2 - 2 */
static const long P_SQRT3[] = {-3, 0, 1};          /* t^2 - 3 */
static const long P_CBRT2[] = {-2, 0, 0, 1};       /* t^3 - 2 */
static const long P_SQRT2_5[] = {10, -2, -5, 1};   /* (t^2-2)(t-5) */
static const long P_THIRD[] = {2, -6, -1, 3};      /* (3t-1)(t^2-2) */

static void test_basic(void)
{
    boxtoi_alg_t a, b;
    boxtoi_poly_t p, e;
    mpq_t q, l, h;
    boxtoi_strbuf sb;
    int rc;

    boxtoi_alg_init(a);
    boxtoi_alg_init(b);
    boxtoi_poly_init(p);
    boxtoi_poly_init(e);
    mpq_init(q);
    mpq_init(l);
    mpq_init(h);

    ok(tap_alg_invariant(a), "init: invariant");
    is_int(0, boxtoi_alg_sgn(a), "init is 0");
    ok(boxtoi_alg_is_rational_fast(a), "init is on the fast path");
    check_str("0", a, 5, "zero");

    qset(q, "-22/7");
    boxtoi_alg_set_mpq(a, q);
    ok(tap_alg_invariant(a), "set_mpq: invariant");
    boxtoi_poly_set_coeffs_si(e, (const long[]){22, 7}, 2);
    is_poly(e, &a->poly, "set_mpq: poly is 7t + 22");
    mpq_set_ui(l, 0, 1);
    ok(boxtoi_alg_get_mpq(l, a) == 1 && mpq_equal(l, q), "get_mpq -22/7");
    boxtoi_alg_set_si(b, -3);
    is_int(-1, boxtoi_alg_cmp(a, b), "-22/7 < -3");
    is_int(1, boxtoi_alg_cmp(b, a), "-3 > -22/7");
    is_int(0, boxtoi_alg_cmp(a, a), "cmp(a, a)");

    /* set_poly_interval: errors */
    qset(l, "1");
    qset(h, "2");
    is_int(BOXTOI_EDOMAIN, boxtoi_alg_set_poly_interval(a, p, l, h),
           "set_poly_interval of 0");
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    is_int(BOXTOI_EINVAL, boxtoi_alg_set_poly_interval(a, p, h, l),
           "set_poly_interval lo > hi");
    qset(l, "-2");
    is_int(BOXTOI_EINVAL, boxtoi_alg_set_poly_interval(a, p, l, h),
           "set_poly_interval with two roots");
    qset(l, "3/2");
    is_int(BOXTOI_EINVAL, boxtoi_alg_set_poly_interval(a, p, l, h),
           "set_poly_interval with no root");
    /* a root at an end becomes the fast path */
    boxtoi_poly_set_coeffs_si(p, (const long[]){2, -2, -1, 1}, 4);
    qset(l, "1/2");
    qset(h, "1");          /* (t-1)(t^2-2): root 1 at hi */
    rc = boxtoi_alg_set_poly_interval(a, p, l, h);
    ok(rc == 0 && boxtoi_alg_is_rational_fast(a) && tap_alg_invariant(a),
       "root at hi: fast path");
    is_int(0, boxtoi_alg_cmp_mpq(a, h), "root at hi is 1");
    rc = boxtoi_alg_set_poly_interval(a, p, h, (qset(l, "5/4"), l));
    ok(rc == 0 && boxtoi_alg_is_rational_fast(a) && tap_alg_invariant(a)
           && boxtoi_alg_cmp_mpq(a, h) == 0,
       "root at lo: fast path, value 1");
    boxtoi_alg_refine(a, 50);
    ok(boxtoi_alg_is_rational_fast(a) && boxtoi_alg_cmp_mpq(a, h) == 0,
       "refine of a rational changes nothing");
    /* non-square-free input: (t^2-2)^2 */
    boxtoi_poly_set_coeffs_si(p, (const long[]){4, 0, -4, 0, 1}, 5);
    qset(l, "1");
    qset(h, "2");
    rc = boxtoi_alg_set_poly_interval(a, p, l, h);
    boxtoi_poly_set_coeffs_si(e, P_SQRT2, 3);
    ok(rc == 0 && tap_alg_invariant(a), "(t^2-2)^2 in [1, 2]");
    is_poly(e, &a->poly, "its poly is the square-free part t^2 - 2");
    /* non-canonical input -6t + 4 (root 2/3) */
    boxtoi_poly_set_coeffs_si(p, (const long[]){4, -6}, 2);
    rc = boxtoi_alg_set_poly_interval(a, p, l, h);
    ok(rc == BOXTOI_EINVAL, "-6t + 4 has no root in [1, 2]");
    qset(l, "0");
    rc = boxtoi_alg_set_poly_interval(a, p, l, h);
    qset(q, "2/3");
    boxtoi_poly_set_coeffs_si(e, (const long[]){-2, 3}, 2);
    ok(rc == 0 && boxtoi_alg_is_rational_fast(a)
           && boxtoi_alg_cmp_mpq(a, q) == 0 && tap_alg_invariant(a),
       "-6t + 4 in [0, 2] is 2/3 on the fast path");
    is_poly(e, &a->poly, "its poly is 3t - 2");
    /* aliasing: res's own poly and ends as input */
    alg_pi(a, P_SQRT2_5, 4, "0", "3");
    rc = boxtoi_alg_set_poly_interval(a, &a->poly, a->lo, a->hi);
    alg_pi(b, P_SQRT2, 3, "1", "2");
    ok(rc == 0, "set_poly_interval(a, a.poly, a.lo, a.hi)");
    is_alg(b, a, "... still sqrt2");

    /* set, swap */
    alg_pi(a, P_SQRT2, 3, "1", "2");
    boxtoi_alg_set_si(b, 7);
    boxtoi_alg_swap(a, b);
    ok(boxtoi_alg_cmp_mpq(a, (mpq_set_si(q, 7, 1), q)) == 0
           && boxtoi_alg_cmp_mpq(b, (mpq_set_si(q, 1, 1), q)) > 0
           && boxtoi_alg_cmp_mpq(b, (mpq_set_si(q, 2, 1), q)) < 0,
       "swap");
    boxtoi_alg_set(a, b);
    boxtoi_alg_set(a, a);
    is_alg(b, a, "set and self-set");

    /* refine */
    boxtoi_alg_refine(a, 100);
    mpq_sub(q, a->hi, a->lo);
    mpq_mul_2exp(q, q, 100);
    ok(mpq_cmp_ui(q, 1, 1) <= 0 && tap_alg_invariant(a),
       "refine(sqrt2, 100): width <= 2^-100");
    ok(root_cmp_q(a->lo, 2, 2) < 0 && root_cmp_q(a->hi, 2, 2) > 0,
       "refined interval still holds sqrt2");

    /* get_str argument check */
    boxtoi_strbuf_init(&sb);
    is_int(BOXTOI_EINVAL, boxtoi_alg_get_str(&sb, a, 0), "get_str 0 digits");
    is_int(BOXTOI_EINVAL, boxtoi_mpq_get_decimal_str(&sb, q, -1),
           "mpq_get_decimal_str -1 digits");
    is_str("", boxtoi_strbuf_str(&sb), "nothing appended on error");
    boxtoi_strbuf_clear(&sb);

    boxtoi_alg_clear(a);
    boxtoi_alg_clear(b);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(e);
    mpq_clear(q);
    mpq_clear(l);
    mpq_clear(h);
}

static void test_set_root(void)
{
    boxtoi_roots_t r;
    boxtoi_poly_t p;
    boxtoi_alg_t a;
    mpq_t q;
    long i;
    int rc, ok1 = 1;

    boxtoi_roots_init(r);
    boxtoi_poly_init(p);
    boxtoi_alg_init(a);
    mpq_init(q);
    /* (2t - 1)(t^2 - 2)(t - 3) = roots -sqrt2, 1/2, sqrt2, 3 */
    boxtoi_poly_set_coeffs_si(p, (const long[]){-6, 14, -1, -7, 2}, 5);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    ok(rc == 0 && r->n == 4, "isolate (2t-1)(t^2-2)(t-3): 4 roots");
    for (i = 0; rc == 0 && i < r->n; i++) {
        boxtoi_alg_set_root(a, r, i);
        ok1 = ok1 && tap_alg_invariant(a);
    }
    ok(ok1, "set_root: invariant for each root");
    if (rc == 0 && r->n == 4) {
        boxtoi_alg_set_root(a, r, 0);
        qset(q, "-1414213562/1000000000");
        ok(boxtoi_alg_cmp_mpq(a, q) < 0
               && boxtoi_alg_cmp_mpq(a, (qset(q, "-1414213563/1000000000"),
                                         q)) > 0,
           "root 0 is -sqrt2");
        boxtoi_alg_set_root(a, r, 1);
        mpq_set_si(q, 1, 2);
        is_int(0, boxtoi_alg_cmp_mpq(a, q), "root 1 is 1/2");
        ok(boxtoi_alg_get_mpq(q, a) && mpq_cmp_si(q, 1, 2) == 0,
           "root 1 detected as rational 1/2");
        ok(boxtoi_alg_is_rational_fast(a) && a->poly.length == 2,
           "... and put on the fast path");
        boxtoi_alg_set_root(a, r, 3);
        mpq_set_si(q, 3, 1);
        is_int(0, boxtoi_alg_cmp_mpq(a, q), "root 3 is 3");
    } else {
        ok(0, "skipped");
        ok(0, "skipped");
        ok(0, "skipped");
        ok(0, "skipped");
        ok(0, "skipped");
    }
    boxtoi_roots_clear(r);
    boxtoi_poly_clear(p);
    boxtoi_alg_clear(a);
    mpq_clear(q);
}

static void test_cmp(void)
{
    boxtoi_alg_t s2, s2b, ms2, s3, c2, c3, x, y;
    mpq_t q;
    gmp_randstate_t st;
    long i, iters = 200 * tap_multiplier();
    int ok1, ok2;

    boxtoi_alg_init(s2);
    boxtoi_alg_init(s2b);
    boxtoi_alg_init(ms2);
    boxtoi_alg_init(s3);
    boxtoi_alg_init(c2);
    boxtoi_alg_init(c3);
    boxtoi_alg_init(x);
    boxtoi_alg_init(y);
    mpq_init(q);
    tap_randinit(st);

    alg_pi(s2, P_SQRT2, 3, "1", "2");
    alg_pi(ms2, P_SQRT2, 3, "-2", "-1");
    alg_pi(s3, P_SQRT3, 3, "1", "2");
    alg_pi(c2, P_CBRT2, 4, "1", "2");
    alg_pi(c3, (const long[]){-3, 0, 0, 1}, 4, "1", "2");
    ok(tap_alg_invariant(s2) && tap_alg_invariant(ms2)
           && tap_alg_invariant(c2),
       "sqrt2, -sqrt2, cbrt2: invariant");

    qset(q, "1414213562/1000000000");
    is_int(1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 > 1.414213562");
    qset(q, "1414213563/1000000000");
    is_int(-1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 < 1.414213563");
    qset(q, "141421356237309504880168872420969807856/"
            "100000000000000000000000000000000000000");
    is_int(1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 > its 39-digit cut");
    mpz_add_ui(mpq_numref(q), mpq_numref(q), 1);
    mpq_canonicalize(q);
    is_int(-1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 < 39-digit cut + ulp");
    qset(q, "2");
    is_int(-1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 < 2 (an interval end)");
    qset(q, "1");
    is_int(1, boxtoi_alg_cmp_mpq(s2, q), "sqrt2 > 1 (an interval end)");
    qset(q, "-1414213562/1000000000");
    is_int(-1, boxtoi_alg_cmp_mpq(ms2, q), "-sqrt2 < -1.414213562");
    qset(q, "1259921/1000000");
    is_int(1, boxtoi_alg_cmp_mpq(c2, q), "cbrt2 > 1.259921");
    qset(q, "1259922/1000000");
    is_int(-1, boxtoi_alg_cmp_mpq(c2, q), "cbrt2 < 1.259922");

    /* random rationals against sqrt2 and cbrt2, by squaring/cubing */
    ok1 = ok2 = 1;
    for (i = 0; i < iters; i++) {
        mpz_urandomb(mpq_numref(q), st, 40);
        mpz_urandomb(mpq_denref(q), st, 30);
        mpz_add_ui(mpq_denref(q), mpq_denref(q), 1);
        if (i % 2 == 0) { /* near sqrt2: (1414.. d + noise) / d */
            mpz_mul_ui(mpq_numref(q), mpq_denref(q), 14142135);
            mpz_tdiv_q_ui(mpq_numref(q), mpq_numref(q), 10000000);
            mpz_add_ui(mpq_numref(q), mpq_numref(q), (unsigned long)(i % 7));
        }
        mpq_canonicalize(q);
        if (mpq_sgn(q) <= 0)
            continue;
        ok1 = ok1 && boxtoi_alg_cmp_mpq(s2, q) == -root_cmp_q(q, 2, 2);
        ok2 = ok2 && boxtoi_alg_cmp_mpq(c2, q) == -root_cmp_q(q, 2, 3);
    }
    ok(ok1, "cmp_mpq(sqrt2, q) = -sgn(q^2 - 2) for random q");
    ok(ok2, "cmp_mpq(cbrt2, q) = -sgn(q^3 - 2) for random q");

    /* equal numbers from different polys and intervals */
    alg_pi(s2b, P_SQRT2_5, 4, "1", "2");
    is_int(0, boxtoi_alg_cmp(s2, s2b), "sqrt2 = root of (t^2-2)(t-5)");
    is_alg(s2, s2b, "is_alg sqrt2, (t^2-2)(t-5)");
    alg_pi(x, P_SQRT2, 3, "1", "3/2");
    alg_pi(y, P_SQRT2_5, 4, "7/5", "3/2");
    is_int(0, boxtoi_alg_cmp(x, y), "equal with a shared interval end");
    alg_pi(y, (const long[]){-8, 0, 0, 0, 0, 0, 1}, 7, "1", "2");
    is_int(0, boxtoi_alg_cmp(s2, y), "sqrt2 = 8^(1/6) (t^6 - 8)");
    alg_pi(y, (const long[]){-4, 0, 0, 0, 0, 0, 1}, 7, "0", "2");
    is_int(0, boxtoi_alg_cmp(y, c2), "cbrt2 = 4^(1/6) (t^6 - 4)");
    alg_pi(y, (const long[]){-2, 0, -2, 1, 0, 1}, 6, "1", "2");
    is_int(0, boxtoi_alg_cmp(c2, y), "cbrt2 = root of (t^3-2)(t^2+1)");
    /* equal rationals in non-linear polys */
    alg_pi(x, P_THIRD, 4, "0", "1/2");
    alg_pi(y, (const long[]){3, -9, -1, 3}, 4, "1/4", "1/2");
    is_int(0, boxtoi_alg_cmp(x, y), "1/3 from (3t-1)(t^2-2), (3t-1)(t^2-3)");
    qset(q, "1/3");
    is_int(0, boxtoi_alg_cmp_mpq(x, q), "cmp_mpq(1/3 non-linear, 1/3)");
    boxtoi_alg_set_mpq(y, q);
    is_int(0, boxtoi_alg_cmp(x, y), "cmp(1/3 non-linear, 1/3 fast)");
    is_int(0, boxtoi_alg_cmp(y, x), "cmp(1/3 fast, 1/3 non-linear)");

    /* unequal */
    is_int(-1, boxtoi_alg_cmp(ms2, s2), "-sqrt2 < sqrt2");
    is_int(1, boxtoi_alg_cmp(s2, ms2), "sqrt2 > -sqrt2");
    is_int(-1, boxtoi_alg_cmp(s2, s3), "sqrt2 < sqrt3");
    is_int(1, boxtoi_alg_cmp(s3, s2), "sqrt3 > sqrt2");
    is_int(-1, boxtoi_alg_cmp(c2, s2), "cbrt2 < sqrt2");
    is_int(-1, boxtoi_alg_cmp(c2, c3), "cbrt2 < cbrt3");
    is_int(1, boxtoi_alg_cmp(c3, c2), "cbrt3 > cbrt2");
    /* same poly (t^2-2)(2t-3), overlapping isolating intervals holding
       different roots: sqrt2 in [1, 73/50], 3/2 in [71/50, 2] */
    alg_pi(x, (const long[]){6, -4, -3, 2}, 4, "1", "73/50");
    alg_pi(y, (const long[]){6, -4, -3, 2}, 4, "71/50", "2");
    is_int(-1, boxtoi_alg_cmp(x, y), "same poly, overlapping: sqrt2 < 3/2");
    is_int(1, boxtoi_alg_cmp(y, x), "same poly, overlapping: 3/2 > sqrt2");
    /* very close numbers: sqrt2 vs the root of 10^12 t - 1414213562373
       (not of the same poly, a bit below sqrt2) */
    alg_pi(y, (const long[]){-1414213562373L, 1000000000000L}, 2, "1", "2");
    is_int(1, boxtoi_alg_cmp(s2, y), "sqrt2 > 1.414213562373");
    /* sqrt(2 + 10^-30) vs sqrt2: root of 10^30 t^2 - (2 10^30 + 1) */
    alg_quad(y, "1000000000000000000000000000000",
             "2000000000000000000000000000001", "1", "2");
    is_int(-1, boxtoi_alg_cmp(s2, y), "sqrt2 < sqrt(2 + 1e-30)");

    is_int(1, boxtoi_alg_sgn(s2), "sgn sqrt2");
    is_int(-1, boxtoi_alg_sgn(ms2), "sgn -sqrt2");
    alg_pi(x, (const long[]){0, -2, 0, 1}, 4, "-1", "1");
    is_int(0, boxtoi_alg_sgn(x), "sgn of the root 0 of t(t^2-2)");

    gmp_randclear(st);
    boxtoi_alg_clear(s2);
    boxtoi_alg_clear(s2b);
    boxtoi_alg_clear(ms2);
    boxtoi_alg_clear(s3);
    boxtoi_alg_clear(c2);
    boxtoi_alg_clear(c3);
    boxtoi_alg_clear(x);
    boxtoi_alg_clear(y);
    mpq_clear(q);
}

/* alg_sgn_poly_zero_first against boxtoi_alg_sgn_poly, branch by
   branch, at sqrt2; each expected sign holds by construction. */
static void test_sgn_poly_zero_first(void)
{
    static const long f7[] = {7, 1, 0, 1}, f1[] = {1, 1};
    boxtoi_alg_t a, a0;
    boxtoi_poly_t p, f;
    mpz_t z;
    int s, k;

    mpz_init(z);
    mpz_ui_pow_ui(z, 2, 300);
    boxtoi_alg_init(a);
    boxtoi_alg_init(a0);
    boxtoi_poly_init(p);
    boxtoi_poly_init(f);
    alg_pi(a0, P_SQRT2, 3, "1", "2");
    /* the double filter proves it */
    boxtoi_alg_set(a, a0);
    boxtoi_poly_set_coeffs_si(p, (const long[]){-141421356, 100000000}, 2);
    is_int(1, alg_sgn_poly_zero_first(a, p), "zero_first: double filter");
    /* (t^2-2)(t^3+t+7): a.poly | p proves the zero before any MPFR */
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    boxtoi_poly_set_coeffs_si(f, f7, 4);
    boxtoi_poly_mul(p, p, f);
    is_int(0, alg_sgn_poly_zero_first(a, p), "zero_first: a.poly | p");
    boxtoi_alg_set(a, a0);
    is_int(0, boxtoi_alg_sgn_poly(a, p), "reference: a.poly | p");
    /* +-(2^300 (t^2-2)(t+1) + 1), equal to +-1 at sqrt2: the double
       filter cannot prove it (coefficients of 301 bits), a.poly does not
       divide it; at 400 bits of a the MPFR filter proves it (k = 0), on
       [1, 2] only the exact path does (k = 1). */
    for (k = 0; k < 4; k++) {
        boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
        boxtoi_poly_set_coeffs_si(f, f1, 2);
        boxtoi_poly_mul(p, p, f);
        boxtoi_poly_scalar_mul_mpz(p, p, z);
        boxtoi_poly_set_si(f, 1);
        boxtoi_poly_add(p, p, f);
        s = k / 2 ? -1 : 1;
        if (s < 0)
            boxtoi_poly_neg(p, p);
        boxtoi_alg_set(a, a0);
        if (k % 2 == 0)
            boxtoi_alg_refine(a, 400);
        is_int(s, alg_sgn_poly_zero_first(a, p),
               k % 2 ? "zero_first: exact path" : "zero_first: MPFR filter");
        ok(tap_alg_invariant(a) && boxtoi_alg_cmp(a, a0) == 0,
           "zero_first keeps the invariant and the value");
        boxtoi_alg_set(a, a0);
        if (k % 2 == 0)
            boxtoi_alg_refine(a, 400);
        is_int(s, boxtoi_alg_sgn_poly(a, p), "reference, the same");
    }
    boxtoi_alg_clear(a);
    boxtoi_alg_clear(a0);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(f);
    mpz_clear(z);
}

static void test_sgn_poly(void)
{
    boxtoi_alg_t a, a0, b;
    boxtoi_poly_t p, f;
    mpz_t z;
    mpq_t q;
    gmp_randstate_t st;
    long i, iters = 100 * tap_multiplier();
    int ok1;

    boxtoi_alg_init(a);
    boxtoi_alg_init(a0);
    boxtoi_alg_init(b);
    boxtoi_poly_init(p);
    boxtoi_poly_init(f);
    mpz_init(z);
    mpq_init(q);
    tap_randinit(st);

    alg_pi(a0, P_SQRT2, 3, "1", "2");
    boxtoi_alg_set(a, a0);
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    is_int(0, boxtoi_alg_sgn_poly(a, p), "t^2-2 at sqrt2");
    ok(tap_alg_invariant(a) && boxtoi_alg_cmp(a, a0) == 0,
       "sgn_poly keeps the invariant and the value");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-141421356, 100000000}, 2);
    is_int(1, boxtoi_alg_sgn_poly(a, p), "10^8 t - 141421356 at sqrt2");
    boxtoi_poly_set_coeffs_si(p, P_SQRT3, 3);
    is_int(-1, boxtoi_alg_sgn_poly(a, p), "t^2 - 3 at sqrt2");
    /* no real root, but a naive interval evaluation over [1, 2] gives
       [-2, 4]: decided by the Sturm count */
    boxtoi_alg_set(a, a0);
    boxtoi_poly_set_coeffs_si(p, (const long[]){3, -3, 1}, 3);
    is_int(1, boxtoi_alg_sgn_poly(a, p), "t^2 - 3t + 3 at sqrt2");
    boxtoi_poly_neg(p, p);
    boxtoi_alg_set(a, a0);
    is_int(-1, boxtoi_alg_sgn_poly(a, p), "-t^2 + 3t - 3 at sqrt2");
    boxtoi_poly_set_si(p, 5);
    is_int(1, boxtoi_alg_sgn_poly(a, p), "constant 5");
    boxtoi_poly_set_si(p, -5);
    is_int(-1, boxtoi_alg_sgn_poly(a, p), "constant -5");
    boxtoi_poly_zero(p);
    is_int(0, boxtoi_alg_sgn_poly(a, p), "zero polynomial");
    /* (t^2-2)(t^3+t+7) */
    boxtoi_poly_set_coeffs_si(f, (const long[]){7, 1, 0, 1}, 4);
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    boxtoi_poly_mul(p, p, f);
    boxtoi_alg_set(a, a0);
    is_int(0, boxtoi_alg_sgn_poly(a, p), "(t^2-2)(t^3+t+7) at sqrt2");
    /* (t^2-2)^2 (-t) */
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    boxtoi_poly_mul(p, p, p);
    boxtoi_poly_set_coeffs_si(f, (const long[]){0, -1}, 2);
    boxtoi_poly_mul(p, p, f);
    is_int(0, boxtoi_alg_sgn_poly(a, p), "-t (t^2-2)^2 at sqrt2");
    /* both ways to a zero: a.poly = (t^2-2)(t^2-3) (sqrt2 in [1, 3/2])
       divides (t^4-5t^2+6)(t-7) (the exact division), and does not
       divide (t^2-2)(t^2+t+5), which vanishes at sqrt2 all the same
       (the gcd); (t^4-5t^2+6)(t-7) + 1 is 1 at sqrt2 */
    alg_pi(b, (const long[]){6, 0, -5, 0, 1}, 5, "1", "3/2");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-42, 6, 35, -5, -7, 1}, 6);
    is_int(0, boxtoi_alg_sgn_poly(b, p), "(t^4-5t^2+6)(t-7) at sqrt2: division");
    alg_pi(b, (const long[]){6, 0, -5, 0, 1}, 5, "1", "3/2");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-10, -2, 3, 1, 1}, 5);
    is_int(0, boxtoi_alg_sgn_poly(b, p), "(t^2-2)(t^2+t+5) at sqrt2: gcd");
    alg_pi(b, (const long[]){6, 0, -5, 0, 1}, 5, "1", "3/2");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-41, 6, 35, -5, -7, 1}, 6);
    is_int(1, boxtoi_alg_sgn_poly(b, p), "(t^4-5t^2+6)(t-7) + 1 at sqrt2");
    /* near misses beyond the 64-bit filter: sqrt2 =
       1.41421356237309504880168..., so 10^20 sqrt2 - 141421356237309504880
       = 0.168... > 0, and ...881 in its place gives < 0. */
    mpz_set_str(z, "100000000000000000000", 10);
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_mpz(p, 1, z);
    mpz_set_str(z, "-141421356237309504880", 10);
    boxtoi_poly_set_coeff_mpz(p, 0, z);
    boxtoi_alg_set(a, a0);
    is_int(1, boxtoi_alg_sgn_poly(a, p), "10^20 t - 141421356237309504880");
    ok(tap_alg_invariant(a) && boxtoi_alg_cmp(a, a0) == 0,
       "... refined a keeps invariant and value");
    mpz_sub_ui(z, z, 1);
    boxtoi_poly_set_coeff_mpz(p, 0, z);
    is_int(-1, boxtoi_alg_sgn_poly(a, p), "10^20 t - 141421356237309504881");
    /* its square times (t^2 - 3): + * - */
    boxtoi_poly_mul(p, p, p);
    boxtoi_poly_set_coeffs_si(f, P_SQRT3, 3);
    boxtoi_poly_mul(p, p, f);
    boxtoi_alg_set(a, a0);
    is_int(-1, boxtoi_alg_sgn_poly(a, p), "(10^20 t - ...881)^2 (t^2-3)");

    /* high degree near misses (Descartes' rule decides once a's
       interval is refined past them): with n = floor(10^50 sqrt2),
       10^50 t - n > 0 at sqrt2 (n^2 < 2 10^100, checked below), and
       ((10^50 t - n)^2 + 1)(t^2 - 3)^5 (t^2 - 3t + 3)^8, degree 28,
       has a complex pair 10^-50 from sqrt2 and the sign of
       (t^2 - 3)^5 < 0 there; times (10^50 t - n): still < 0. */
    {
        boxtoi_poly_t g;
        mpz_t n2;
        boxtoi_poly_init(g);
        mpz_init(n2);
        mpz_ui_pow_ui(z, 10, 100);
        mpz_mul_2exp(z, z, 1);
        mpz_sqrt(n2, z); /* n = floor(10^50 sqrt2) */
        mpz_submul(z, n2, n2);
        ok(mpz_sgn(z) > 0, "n^2 < 2 10^100: 10^50 sqrt2 is not n");
        boxtoi_poly_zero(f);
        mpz_ui_pow_ui(z, 10, 50);
        boxtoi_poly_set_coeff_mpz(f, 1, z);
        mpz_neg(z, n2);
        boxtoi_poly_set_coeff_mpz(f, 0, z);
        boxtoi_poly_mul(p, f, f);
        boxtoi_poly_set_coeffs_si(g, (const long[]){1}, 1);
        boxtoi_poly_add(p, p, g); /* (10^50 t - n)^2 + 1 */
        boxtoi_poly_set_coeffs_si(g, P_SQRT3, 3);
        for (i = 0; i < 5; i++)
            boxtoi_poly_mul(p, p, g);
        boxtoi_poly_set_coeffs_si(g, (const long[]){3, -3, 1}, 3);
        for (i = 0; i < 8; i++)
            boxtoi_poly_mul(p, p, g);
        boxtoi_alg_set(a, a0);
        is_int(-1, boxtoi_alg_sgn_poly(a, p),
               "((10^50 t - n)^2 + 1)(t^2-3)^5(t^2-3t+3)^8 at sqrt2");
        ok(tap_alg_invariant(a) && boxtoi_alg_cmp(a, a0) == 0,
           "... a keeps invariant and value");
        boxtoi_poly_mul(p, p, f);
        boxtoi_alg_set(a, a0);
        is_int(-1, boxtoi_alg_sgn_poly(a, p), "... times (10^50 t - n)");
        boxtoi_poly_neg(f, f);
        boxtoi_poly_mul(p, p, f);
        is_int(1, boxtoi_alg_sgn_poly(a, p), "... and by n - 10^50 t < 0");
        boxtoi_poly_clear(g);
        mpz_clear(n2);
    }

    /* rational a on a non-linear poly: the gcd makes it linear */
    alg_pi(b, P_THIRD, 4, "0", "1/2");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-1, 0, 9}, 3);
    is_int(0, boxtoi_alg_sgn_poly(b, p), "9t^2 - 1 at 1/3");
    ok(boxtoi_alg_is_rational_fast(b) && tap_alg_invariant(b)
           && boxtoi_alg_cmp_mpq(b, (qset(q, "1/3"), q)) == 0,
       "... and 1/3 is now on the fast path");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-1, 2}, 2);
    is_int(-1, boxtoi_alg_sgn_poly(b, p), "2t - 1 at 1/3");
    /* gcd replaces a.poly: sqrt2 as root of (t^2-2)(t-5) */
    alg_pi(b, P_SQRT2_5, 4, "1", "2");
    boxtoi_poly_set_coeffs_si(f, (const long[]){1, 0, 0, 1}, 4);
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    boxtoi_poly_mul(p, p, f); /* (t^2-2)(t^3+1) */
    is_int(0, boxtoi_alg_sgn_poly(b, p), "(t^2-2)(t^3+1) at sqrt2");
    ok(tap_alg_invariant(b) && boxtoi_alg_cmp(b, a0) == 0
           && boxtoi_poly_degree(&b->poly) == 2,
       "... a.poly replaced by the gcd t^2 - 2");
    /* a common factor that does not vanish at a: sqrt2 of
       (t^2-2)(2t-3) in [1, 29/20], p = (2t-3)(t^2-3t+3), whose Horner
       interval evaluation over [1, 29/20] contains 0 */
    alg_pi(b, (const long[]){6, -4, -3, 2}, 4, "1", "29/20");
    boxtoi_poly_set_coeffs_si(p, (const long[]){-9, 15, -9, 2}, 4);
    is_int(-1, boxtoi_alg_sgn_poly(b, p), "(2t-3)(t^2-3t+3) at sqrt2");
    ok(tap_alg_invariant(b) && boxtoi_alg_cmp(b, a0) == 0,
       "... a keeps invariant and value");
    alg_pi(b, P_SQRT2_5, 4, "4", "6");
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    is_int(1, boxtoi_alg_sgn_poly(b, p), "t^2 - 2 at 5 of (t^2-2)(t-5)");
    /* cube root */
    alg_pi(b, P_CBRT2, 4, "1", "2");
    boxtoi_poly_set_coeffs_si(p, P_CBRT2, 4);
    is_int(0, boxtoi_alg_sgn_poly(b, p), "t^3 - 2 at cbrt2");
    boxtoi_poly_set_coeffs_si(p, P_SQRT2, 3);
    is_int(-1, boxtoi_alg_sgn_poly(b, p), "t^2 - 2 at cbrt2");

    /* random linear and quadratic p against sgn(d sqrt2 - n) =
       sgn(2 d^2 - n^2) for n > 0 */
    ok1 = 1;
    for (i = 0; i < iters; i++) {
        mpz_t n, d;
        int e;
        mpz_init(n);
        mpz_init(d);
        mpz_urandomb(d, st, 10 + i % 90);
        mpz_add_ui(d, d, 1);
        /* n close to d sqrt2: floor(sqrt(2 d^2)) + {0, 1} */
        mpz_mul(n, d, d);
        mpz_mul_2exp(n, n, 1);
        mpz_sqrt(n, n);
        mpz_add_ui(n, n, (unsigned long)(i % 2));
        boxtoi_poly_zero(p);
        boxtoi_poly_set_coeff_mpz(p, 1, d);
        mpz_neg(z, n);
        boxtoi_poly_set_coeff_mpz(p, 0, z);
        mpz_mul(z, d, d);
        mpz_mul_2exp(z, z, 1);
        mpz_submul(z, n, n);
        e = mpz_sgn(z);
        boxtoi_alg_set(a, a0);
        ok1 = ok1 && boxtoi_alg_sgn_poly(a, p) == e;
        /* (d t - n)(t + 3): same sign at sqrt2 */
        boxtoi_poly_set_coeffs_si(f, (const long[]){3, 1}, 2);
        boxtoi_poly_mul(p, p, f);
        boxtoi_alg_set(a, a0);
        ok1 = ok1 && boxtoi_alg_sgn_poly(a, p) == e && tap_alg_invariant(a);
        mpz_clear(n);
        mpz_clear(d);
    }
    ok(ok1, "random d t - n near sqrt2: sgn_poly = sgn(2 d^2 - n^2)");

    gmp_randclear(st);
    boxtoi_alg_clear(a);
    boxtoi_alg_clear(a0);
    boxtoi_alg_clear(b);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(f);
    mpz_clear(z);
    mpq_clear(q);
}

static void test_get_mpq(void)
{
    boxtoi_alg_t a, a0;
    mpq_t q, e;

    boxtoi_alg_init(a);
    boxtoi_alg_init(a0);
    mpq_init(q);
    mpq_init(e);
    alg_pi(a, P_THIRD, 4, "0", "1/2");
    ok(!boxtoi_alg_is_rational_fast(a), "1/3 of (3t-1)(t^2-2) is not fast");
    qset(e, "1/3");
    is_int(1, boxtoi_alg_get_mpq(q, a), "get_mpq finds 1/3");
    is_mpq(e, q, "... the value 1/3");
    ok(boxtoi_alg_is_rational_fast(a) && tap_alg_invariant(a)
           && boxtoi_poly_degree(&a->poly) == 1,
       "... and switches to the fast path");
    alg_pi(a, P_SQRT2, 3, "1", "2");
    boxtoi_alg_set(a0, a);
    mpq_set_ui(q, 5, 1);
    is_int(0, boxtoi_alg_get_mpq(q, a), "sqrt2 is not rational");
    ok(tap_alg_invariant(a) && boxtoi_alg_cmp(a, a0) == 0,
       "... and keeps its value");
    /* -7/2 as root of (2t+7)(t^3-2) in [-4, 0] */
    alg_pi(a, (const long[]){-14, -4, 0, 7, 2}, 5, "-4", "0");
    qset(e, "-7/2");
    ok(boxtoi_alg_get_mpq(q, a) == 1 && mpq_equal(q, e), "get_mpq -7/2");
    mpq_clear(q);
    mpq_clear(e);
    boxtoi_alg_clear(a);
    boxtoi_alg_clear(a0);
}

/* a = s sqrt2 2^k (s = +-1): root of t^2 - 2^(2k+1) or of
   2^(-2k) t^2 - 2. */
static void alg_sqrt2_2exp(boxtoi_alg_t a, int s, long k)
{
    boxtoi_poly_t p;
    mpz_t z;
    mpq_t l, h;
    boxtoi_poly_init(p);
    mpz_init(z);
    mpq_init(l);
    mpq_init(h);
    if (k >= 0) {
        mpz_setbit(z, (unsigned long)(2 * k + 1));
        mpz_neg(z, z);
        boxtoi_poly_set_coeff_mpz(p, 0, z);
        boxtoi_poly_set_coeff_si(p, 2, 1);
    } else {
        mpz_setbit(z, (unsigned long)(-2 * k));
        boxtoi_poly_set_coeff_mpz(p, 2, z);
        boxtoi_poly_set_coeff_si(p, 0, -2);
    }
    /* |root| < 2^(k+1) */
    mpq_set_ui(h, 1, 1);
    if (k + 1 >= 0)
        mpq_mul_2exp(h, h, (unsigned long)(k + 1));
    else
        mpq_div_2exp(h, h, (unsigned long)(-k - 1));
    if (s < 0) {
        mpq_neg(l, h);
        mpq_set_ui(h, 0, 1);
    }
    if (boxtoi_alg_set_poly_interval(a, p, l, h) != 0)
        bail("alg_sqrt2_2exp");
    boxtoi_poly_clear(p);
    mpz_clear(z);
    mpq_clear(l);
    mpq_clear(h);
}

static void test_mpfr(void)
{
    static const mpfr_prec_t precs[] = {2, 3, 10, 24, 53, 64, 100, 300};
    boxtoi_alg_t a;
    mpfr_t r, o;
    gmp_randstate_t st;
    size_t k;
    long i, iters = 20 * tap_multiplier();
    int ok1, t, j;

    boxtoi_alg_init(a);
    tap_randinit(st);
    mpfr_init2(r, 53);
    mpfr_init2(o, 53);

    alg_pi(a, P_SQRT2, 3, "1", "2");
    for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
        ok1 = mpfr_all_modes(a, precs[k], fr_sqrt, 2, "sqrt2") && ok1;
    ok(ok1, "sqrt2 to MPFR, all modes and precisions, = mpfr_sqrt_ui");
    alg_pi(a, P_SQRT2_5, 4, "1", "2");
    for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
        ok1 = mpfr_all_modes(a, precs[k], fr_sqrt, 2, "sqrt2'") && ok1;
    ok(ok1, "sqrt2 from (t^2-2)(t-5) to MPFR");
    alg_pi(a, P_CBRT2, 4, "1", "2");
    for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
        ok1 = mpfr_all_modes(a, precs[k], fr_cbrt, 2, "cbrt2") && ok1;
    ok(ok1, "cbrt2 to MPFR = mpfr_cbrt");
    alg_pi(a, (const long[]){3, 0, 0, 1}, 4, "-2", "-1");
    for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
        ok1 = mpfr_all_modes(a, precs[k], fr_cbrt, -3, "cbrt-3") && ok1;
    ok(ok1, "cbrt(-3) to MPFR = mpfr_cbrt");
    /* sqrt(2) 2^-600 and 2^600: roots of 2^1200 t^2 - 2 and t^2 - 2^1201 */
    {
        boxtoi_poly_t p;
        mpz_t z;
        mpq_t l, h;
        boxtoi_poly_init(p);
        mpz_init(z);
        mpq_init(l);
        mpq_init(h);
        mpz_setbit(z, 1200);
        boxtoi_poly_set_coeff_mpz(p, 2, z);
        boxtoi_poly_set_coeff_si(p, 0, -2);
        mpq_set_ui(l, 0, 1);
        mpq_set_ui(h, 1, 1);
        if (boxtoi_alg_set_poly_interval(a, p, l, h) != 0)
            bail("sqrt2 2^-600");
        for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
            ok1 = mpfr_all_modes(a, precs[k], NULL, 0, "sqrt2/2^600") && ok1;
        ok(ok1, "sqrt2 2^-600 to MPFR (neighbours bracket it)");
        boxtoi_poly_zero(p);
        boxtoi_poly_set_coeff_si(p, 2, 1);
        mpz_set_ui(z, 0);
        mpz_setbit(z, 1201);
        mpz_neg(z, z);
        boxtoi_poly_set_coeff_mpz(p, 0, z);
        mpz_neg(z, z);
        mpq_set_z(h, z);
        if (boxtoi_alg_set_poly_interval(a, p, l, h) != 0)
            bail("sqrt2 2^600");
        for (k = 0, ok1 = 1; k < sizeof precs / sizeof *precs; k++)
            ok1 = mpfr_all_modes(a, precs[k], NULL, 0, "sqrt2 2^600") && ok1;
        ok(ok1, "sqrt2 2^600 to MPFR (neighbours bracket it)");
        boxtoi_poly_clear(p);
        mpz_clear(z);
        mpq_clear(l);
        mpq_clear(h);
    }
    /* random sqrt(n) against mpfr_sqrt_ui */
    for (i = 0, ok1 = 1; i < iters; i++) {
        unsigned long n = gmp_urandomm_ui(st, 1000000) + 2;
        char buf[32];
        mpfr_prec_t prec = 2 + (mpfr_prec_t)gmp_urandomm_ui(st, 150);
        sprintf(buf, "%lu", n);
        alg_quad(a, "1", buf, "0", buf);
        ok1 = mpfr_all_modes(a, prec, fr_sqrt, (long)n, buf) && ok1;
    }
    ok(ok1, "random sqrt(n) to MPFR = mpfr_sqrt_ui");

    /* rationals hidden in higher-degree polys, at break points */
    alg_pi(a, (const long[]){10, -8, -5, 4}, 4, "6/5", "13/10");
    ok(mpfr_rational_modes(a, "5/4", 2), "5/4 (a midpoint at 2 bits)");
    ok(mpfr_rational_modes(a, "5/4", 3), "5/4 (exact at 3 bits)");
    ok(mpfr_rational_modes(a, "5/4", 53), "5/4 at 53 bits");
    alg_pi(a, (const long[]){14, -4, -7, 2}, 4, "3", "4");
    ok(mpfr_rational_modes(a, "7/2", 2), "7/2 (a midpoint at 2 bits)");
    alg_pi(a, (const long[]){-14, 4, 7, -2}, 4, "3", "4");
    ok(mpfr_rational_modes(a, "7/2", 3), "7/2 from -(2t-7)(t^2-2)");
    alg_pi(a, (const long[]){-14, -4, 0, 7, 2}, 5, "-4", "0");
    ok(mpfr_rational_modes(a, "-7/2", 2), "-7/2 (a midpoint at 2 bits)");
    ok(mpfr_rational_modes(a, "-7/2", 10), "-7/2 at 10 bits");
    alg_pi(a, P_THIRD, 4, "0", "1/2");
    ok(mpfr_rational_modes(a, "1/3", 53), "1/3 at 53 bits");
    /* 1/4 of (4t-1)(t^2-2), with non-dyadic interval ends 2/3 and 1/3 */
    alg_pi(a, (const long[]){2, -8, -1, 4}, 4, "1/5", "2/3");
    ok(mpfr_rational_modes(a, "1/4", 2), "1/4 in [1/5, 2/3]");
    alg_pi(a, (const long[]){2, -8, -1, 4}, 4, "1/5", "1/3");
    ok(mpfr_rational_modes(a, "1/4", 7), "1/4 in [1/5, 1/3]");
    boxtoi_alg_set_si(a, -9);
    ok(mpfr_rational_modes(a, "-9", 2), "-9 on the fast path");
    /* break points met before any refinement */
    alg_narrow(a, (const long[]){10, -8, -5, 4}, 4, "5/4", 60);
    ok(mpfr_rational_modes(a, "5/4", 3), "5/4, narrow, exact at 3 bits");
    alg_narrow(a, (const long[]){10, -8, -5, 4}, 4, "5/4", 60);
    ok(mpfr_rational_modes(a, "5/4", 2), "5/4, narrow, a midpoint at 2");
    alg_narrow(a, (const long[]){-14, -4, 0, 7, 2}, 5, "-7/2", 50);
    ok(mpfr_rational_modes(a, "-7/2", 3), "-7/2, narrow, exact at 3 bits");
    alg_narrow(a, (const long[]){-14, -4, 0, 7, 2}, 5, "-7/2", 50);
    ok(mpfr_rational_modes(a, "-7/2", 2), "-7/2, narrow, midpoint at 2");
    /* cbrt2 with an interval around 0 */
    alg_pi(a, P_CBRT2, 4, "-1", "2");
    ok(mpfr_all_modes(a, 20, fr_cbrt, 2, "cbrt2 [-1,2]"),
       "cbrt2 in [-1, 2] to MPFR");
#if MPFR_VERSION_MAJOR >= 4
    {
        mpfr_t d, u;
        mpfr_init2(d, 20);
        mpfr_init2(u, 20);
        (void)boxtoi_alg_get_mpfr(d, a, MPFR_RNDD);
        (void)boxtoi_alg_get_mpfr(u, a, MPFR_RNDU);
        (void)boxtoi_alg_get_mpfr(r, a, MPFR_RNDF);
        mpfr_set_prec(r, 20);
        (void)boxtoi_alg_get_mpfr(r, a, MPFR_RNDF);
        ok(mpfr_equal_p(r, d) || mpfr_equal_p(r, u), "RNDF is faithful");
        mpfr_clear(d);
        mpfr_clear(u);
    }
#endif
    /* overflow and underflow in a reduced exponent range (the test sets
       it; the library never does) */
    {
        mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
        mpfr_set_prec(r, 10);
        mpfr_set_prec(o, 10);
        if (mpfr_set_emax(100) != 0 || mpfr_set_emin(-100) != 0)
            bail("cannot set the exponent range");
        alg_sqrt2_2exp(a, 1, 200);
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDN);
        ok(mpfr_inf_p(r) && mpfr_sgn(r) > 0 && t > 0, "overflow RNDN: +inf");
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDZ);
        mpfr_set(o, r, MPFR_RNDN);
        mpfr_nextabove(o);
        ok(mpfr_number_p(r) && mpfr_inf_p(o) && t < 0,
           "overflow RNDZ: the largest finite number");
        alg_sqrt2_2exp(a, -1, 200);
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDU);
        mpfr_set(o, r, MPFR_RNDN);
        mpfr_nextbelow(o);
        ok(mpfr_number_p(r) && mpfr_inf_p(o) && mpfr_sgn(r) < 0 && t > 0,
           "negative overflow RNDU: -(largest finite)");
        alg_sqrt2_2exp(a, 1, -200);
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDN);
        ok(mpfr_zero_p(r) && !mpfr_signbit(r) && t < 0, "underflow RNDN: +0");
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDU);
        ok(mpfr_cmp_ui_2exp(r, 1, -101) == 0 && t > 0,
           "underflow RNDU: 2^(emin-1)");
        alg_sqrt2_2exp(a, -1, -200);
        t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDZ);
        ok(mpfr_zero_p(r) && mpfr_signbit(r) && t > 0, "underflow RNDZ: -0");
        /* 2^-200 of (2^200 t - 1)(t^2 - 2) in [-2^-150, 2^-150]: the
           ends round to -0 and +0, which must not count as agreement */
        {
            boxtoi_poly_t p, f;
            mpz_t z;
            mpq_t l, h;
            boxtoi_poly_init(p);
            boxtoi_poly_init(f);
            mpz_init(z);
            mpq_init(l);
            mpq_init(h);
            mpz_setbit(z, 200);
            boxtoi_poly_set_coeff_mpz(p, 1, z);
            boxtoi_poly_set_coeff_si(p, 0, -1);
            boxtoi_poly_set_coeffs_si(f, P_SQRT2, 3);
            boxtoi_poly_mul(p, p, f);
            mpq_set_ui(h, 1, 1);
            mpq_div_2exp(h, h, 150);
            mpq_neg(l, h);
            if (boxtoi_alg_set_poly_interval(a, p, l, h) != 0)
                bail("2^-200");
            t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDN);
            ok(mpfr_zero_p(r) && !mpfr_signbit(r) && t < 0,
               "2^-200 around 0, underflow RNDN: +0");
            t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDA);
            ok(mpfr_cmp_ui_2exp(r, 1, -101) == 0 && t > 0,
               "2^-200 around 0, underflow RNDA: 2^(emin-1)");
            boxtoi_poly_clear(p);
            boxtoi_poly_clear(f);
            mpz_clear(z);
            mpq_clear(l);
            mpq_clear(h);
        }
        mpfr_set_emin(emin);
        mpfr_set_emax(emax);
    }
    alg_pi(a, (const long[]){0, -2, 0, 1}, 4, "-1", "1");
    t = boxtoi_alg_get_mpfr(r, a, MPFR_RNDD);
    ok(t == 0 && mpfr_zero_p(r) && !mpfr_signbit(r), "0 -> +0, exact");
    for (j = 0, ok1 = 1; j < 5; j++) {
        t = boxtoi_alg_get_mpfr(r, a, modes[j]);
        ok1 = ok1 && t == 0 && mpfr_zero_p(r);
    }
    ok(ok1, "0 in every mode");

    mpfr_clear(r);
    mpfr_clear(o);
    gmp_randclear(st);
    boxtoi_alg_clear(a);
}

static void test_get_d(void)
{
    /* sqrt2 = 0x1.6a09e667f3bcc908b2f...: 53 bits 1.6a09e667f3bcc, next
       bits 1001 so it rounds up to ...bcd. */
    const double lo = 0x1.6a09e667f3bccp+0, hi = 0x1.6a09e667f3bcdp+0;
    const double dmax = 0x1.fffffffffffffp+1023, q = 0x1p-1074;
    boxtoi_alg_t a;
    double d;

    boxtoi_alg_init(a);
    alg_pi(a, P_SQRT2, 3, "1", "2");
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == hi, "sqrt2 RNDN double");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == hi, "sqrt2 RNDU double");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == lo, "sqrt2 RNDD double");
    {
        mpq_t x;
        mpq_init(x);
        mpq_set_d(x, lo);
        ok(boxtoi_alg_cmp_mpq(a, x) > 0, "exact: RNDD double < sqrt2");
        mpq_set_d(x, hi);
        ok(boxtoi_alg_cmp_mpq(a, x) < 0, "exact: RNDU double > sqrt2");
        mpq_clear(x);
    }
    alg_pi(a, P_SQRT2, 3, "-2", "-1");
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == -hi, "-sqrt2 RNDN double");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == -lo, "-sqrt2 RNDU double");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == -hi, "-sqrt2 RNDD double");
    alg_pi(a, P_THIRD, 4, "0", "1/2");
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == 1.0 / 3.0, "1/3 RNDN double");
    alg_pi(a, (const long[]){0, -2, 0, 1}, 4, "-1", "1");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == 0.0, "0 (root of t^3 - 2t)");
    /* overflow: sqrt2 2^1100 */
    alg_sqrt2_2exp(a, 1, 1100);
    d = boxtoi_alg_get_d(a, MPFR_RNDN);
    ok(d > dmax, "sqrt2 2^1100 RNDN -> +inf");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == dmax, "... RNDD -> DBL_MAX");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) > dmax, "... RNDU -> +inf");
    alg_sqrt2_2exp(a, -1, 1100);
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) < -dmax, "-sqrt2 2^1100 RNDD -inf");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == -dmax, "... RNDU -> -DBL_MAX");
    /* normal, small: sqrt2 2^-1000 = hi 2^-1000 exactly scaled */
    alg_sqrt2_2exp(a, 1, -1000);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == hi * 0x1p-1000, "sqrt2 2^-1000");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == lo * 0x1p-1000, "... RNDD");
    /* subnormal: sqrt2 2^-1060 = 23170.475... quanta (2^14 sqrt2) */
    alg_sqrt2_2exp(a, 1, -1060);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == 23170 * q, "sqrt2 2^-1060 RNDN");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == 23171 * q, "... RNDU");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == 23170 * q, "... RNDD");
    alg_sqrt2_2exp(a, -1, -1060);
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == -23171 * q, "-sqrt2 2^-1060 RNDD");
    /* 1.414 quanta, 0.707 quanta, 0.354 quanta */
    alg_sqrt2_2exp(a, 1, -1074);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == q, "1.41 quanta RNDN -> 1");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == 2 * q, "1.41 quanta RNDU -> 2");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == q, "1.41 quanta RNDD -> 1");
    alg_sqrt2_2exp(a, 1, -1075);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == q, "0.71 quanta RNDN -> 1");
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == 0.0, "0.71 quanta RNDD -> 0");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == q, "0.71 quanta RNDU -> 1");
    alg_sqrt2_2exp(a, 1, -1076);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == 0.0, "0.35 quanta RNDN -> 0");
    ok(boxtoi_alg_get_d(a, MPFR_RNDU) == q, "0.35 quanta RNDU -> 1");
    alg_sqrt2_2exp(a, -1, -1076);
    ok(boxtoi_alg_get_d(a, MPFR_RNDD) == -q, "-0.35 quanta RNDD -> -1");
    d = boxtoi_alg_get_d(a, MPFR_RNDU);
    ok(d == 0.0 && 1.0 / d < 0, "-0.35 quanta RNDU -> -0");
    ok(boxtoi_alg_get_d(a, MPFR_RNDZ) == -0.0
           && boxtoi_alg_get_d(a, MPFR_RNDA) == -q,
       "-0.35 quanta RNDZ -> -0, RNDA -> -1");
    alg_sqrt2_2exp(a, 1, -1200);
    ok(boxtoi_alg_get_d(a, MPFR_RNDN) == 0.0
           && boxtoi_alg_get_d(a, MPFR_RNDU) == q,
       "sqrt2 2^-1200: RNDN 0, RNDU 1 quantum");
    /* ties in the subnormal range: 1/2 and 3/2 quanta, as roots of
       (2^1075 t - k)(t^2 - 2) */
    {
        boxtoi_poly_t p, f;
        mpz_t z;
        mpq_t l, h;
        int k;
        boxtoi_poly_init(p);
        boxtoi_poly_init(f);
        mpz_init(z);
        mpq_init(l);
        mpq_init(h);
        for (k = 1; k <= 3; k += 2) {
            mpz_set_ui(z, 0);
            mpz_setbit(z, 1075);
            boxtoi_poly_zero(p);
            boxtoi_poly_set_coeff_mpz(p, 1, z);
            boxtoi_poly_set_coeff_si(p, 0, -k);
            boxtoi_poly_set_coeffs_si(f, P_SQRT2, 3);
            boxtoi_poly_mul(p, p, f);
            mpq_set_ui(l, 0, 1);
            mpq_set_ui(h, 1, 1);
            if (boxtoi_alg_set_poly_interval(a, p, l, h) != 0)
                bail("tie subnormal");
            d = boxtoi_alg_get_d(a, MPFR_RNDN);
            ok(d == (k == 1 ? 0.0 : 2 * q), "%d/2 quanta RNDN (tie)", k);
            ok(boxtoi_alg_get_d(a, MPFR_RNDU) == (k + 1) / 2 * q,
               "%d/2 quanta RNDU", k);
            ok(boxtoi_alg_get_d(a, MPFR_RNDD) == (k - 1) / 2 * q,
               "%d/2 quanta RNDD", k);
        }
        boxtoi_poly_clear(p);
        boxtoi_poly_clear(f);
        mpz_clear(z);
        mpq_clear(l);
        mpq_clear(h);
    }
    boxtoi_alg_clear(a);
}

static void test_str(void)
{
    boxtoi_alg_t a;
    gmp_randstate_t st;
    long i, n, iters = 60 * tap_multiplier();
    int ok1;

    boxtoi_alg_init(a);
    tap_randinit(st);

    alg_pi(a, P_SQRT2, 3, "1", "2");
    check_str("1.41421356237309504880168872421", a, 30, "sqrt2");
    check_str("1", a, 1, "sqrt2");
    check_str("1.4", a, 2, "sqrt2");
    check_str("1.41421356237309504880168872420969807856967187537694807317668",
              a, 60, "sqrt2");
    alg_pi(a, P_SQRT2_5, 4, "1", "2");
    check_str("1.41421356237309504880168872421", a, 30, "sqrt2'");
    alg_pi(a, P_SQRT2, 3, "-2", "-1");
    check_str("-1.41421356237309504880168872421", a, 30, "-sqrt2");
    alg_pi(a, P_SQRT3, 3, "1", "2");
    check_str("1.73205080756887729352744634151", a, 30, "sqrt3");
    alg_pi(a, P_CBRT2, 4, "1", "2");
    check_str("1.25992104989487316476721060728", a, 30, "cbrt2");
    alg_pi(a, P_CBRT2, 4, "-1", "2");
    check_str("1.25992104989487316476721060728", a, 30, "cbrt2 in [-1,2]");
    alg_pi(a, (const long[]){0, -2, 0, 1}, 4, "-1", "1");
    check_str("0", a, 3, "root 0 of t^3 - 2t");
    /* 1/(sqrt2 10^20): root of 2 10^40 t^2 - 1 (query-format's example) */
    alg_quad(a, "20000000000000000000000000000000000000000", "1", "0", "1");
    check_str("7.07106781186547524400844362105e-21", a, 30, "1/(sqrt2 1e20)");
    alg_quad(a, "1", "200000000000000000000000000000000000000000000000000"
                     "000000000000000000000000000000", "0",
             "1000000000000000000000000000000000000000000");
    check_str("1.41421356237309504880168872421e40", a, 30, "sqrt2 1e40");
    /* -sqrt2 1e-7: root of 10^14 t^2 - 2 */
    alg_quad(a, "100000000000000", "2", "-1", "0");
    check_str("-1.4142e-7", a, 5, "-sqrt2 1e-7");
    /* cbrt2 / 1000 = cbrt(2 10^-9): root of 10^9 t^3 - 2 */
    alg_pi(a, (const long[]){-2, 0, 0, 1000000000}, 4, "0", "1");
    check_str("0.001260", a, 4, "cbrt2/1000");
    /* sqrt(99.920016) = 9.996: root of 10^6 t^2 - 99920016, i.e. of
       62500 t^2 - 6245001; rational, but the poly is not linear */
    alg_quad(a, "1000000", "99920016", "0", "10");
    check_str("10.0", a, 3, "9.996 (rounding changes E)");
    check_str("9.996", a, 4, "9.996");
    /* rational ties in non-linear polys: 5/2 of (2t-5)(t^2-2) */
    alg_pi(a, (const long[]){10, -4, -5, 2}, 4, "2", "3");
    check_str("2", a, 1, "5/2 tie to even");
    check_str("2.50", a, 3, "5/2");
    alg_pi(a, (const long[]){14, -4, -7, 2}, 4, "3", "4");
    check_str("4", a, 1, "7/2 tie to even");
    alg_pi(a, (const long[]){-14, -4, 0, 7, 2}, 5, "-4", "0");
    check_str("-4", a, 1, "-7/2 tie to even");
    alg_pi(a, P_THIRD, 4, "0", "1/2");
    check_str("0.33333", a, 5, "1/3");
    /* non-dyadic ties: refinement on dyadic points never meets them */
    alg_pi(a, (const long[]){14, -40, -7, 20}, 4, "0", "1");
    check_str("0.4", a, 1, "7/20 of (20t-7)(t^2-2) tie to even");
    alg_pi(a, (const long[]){-18, 40, 9, -20}, 4, "0", "1");
    check_str("0.4", a, 1, "9/20 of -(20t-9)(t^2-2) tie to even");
    alg_pi(a, (const long[]){-14, -40, 7, 20}, 4, "-1", "0");
    check_str("-0.4", a, 1, "-7/20 tie to even");
    alg_narrow(a, (const long[]){10, -4, -5, 2}, 4, "5/2", 40);
    check_str("2", a, 1, "5/2 in a narrow interval, tie to even");

    check_qstr("2", "5/2", 1);
    check_qstr("4", "7/2", 1);
    check_qstr("-2", "-5/2", 1);
    check_qstr("0.2", "1/4", 1);
    check_qstr("0.4", "7/20", 1);
    check_qstr("0.33333", "1/3", 5);
    check_qstr("-0.666667", "-2/3", 6);
    check_qstr("0.000123", "123/1000000", 3);
    check_qstr("-0.000123", "-123/1000000", 3);
    check_qstr("1.23e-7", "123/1000000000", 3);
    check_qstr("0.000001", "1/1000000", 1);
    check_qstr("1e-7", "1/10000000", 1);
    check_qstr("0.0000010", "99999/100000000000", 2);
    check_qstr("1.00e31", "10000000000000000000000000000000", 3);
    check_qstr("1000000000000000000000000000000",
               "1000000000000000000000000000000", 3);
    check_qstr("1.00e31", "9999999999999999999999999999999", 3);
    check_qstr("10.0", "9996/1000", 3);
    check_qstr("100", "9996/100", 3);
    check_qstr("1000", "9996/10", 3);
    check_qstr("12300", "12345", 3);
    check_qstr("12345", "12345", 5);
    check_qstr("12345.0", "12345", 6);
    check_qstr("2.50", "5/2", 3);
    check_qstr("0", "0", 7);
    check_qstr("-1.5e-30", "-3/2000000000000000000000000000000", 2);

    /* random sqrt(n/d) and rationals, parsed back */
    for (i = 0, ok1 = 1; i < iters; i++) {
        char nb[40], db[40];
        unsigned long nn = gmp_urandomm_ui(st, 1000000) + 1;
        unsigned long dd = gmp_urandomm_ui(st, 1000000) + 1;
        int sh = (int)gmp_urandomm_ui(st, 30);
        n = 1 + (long)gmp_urandomm_ui(st, 25);
        if (i % 3 == 0)
            sprintf(nb, "%lu%0*d", nn, sh, 0);
        else
            sprintf(nb, "%lu", nn);
        sprintf(db, "%lu", dd);
        if (i % 3 == 1)
            sprintf(db, "%lu%0*d", dd, sh, 0);
        alg_quad(a, db, nb, "0", nb); /* sqrt(nb/db) < nb + 1 */
        ok1 = str_consistent(a, n) && ok1;
        {
            mpq_t x;
            mpq_init(x);
            mpz_set_str(mpq_numref(x), nb, 10);
            mpz_set_str(mpq_denref(x), db, 10);
            mpq_canonicalize(x);
            if (i % 2)
                mpq_neg(x, x);
            boxtoi_alg_set_mpq(a, x);
            ok1 = str_consistent(a, n) && ok1;
            mpq_clear(x);
        }
    }
    ok(ok1, "random decimal strings round correctly (parsed back)");

    gmp_randclear(st);
    boxtoi_alg_clear(a);
}

/* boxtoi_alg_canonicalise: the coarsest isolating dyadic cell, derived
   by hand, for the minimal polynomial (t/minpoly-t.c checks more).
   sqrt 2 as a root of t^2 - 2: [1, 2] (m = 0).  The same in
   (t^2 - 2)(2t - 3): the minimal polynomial is t^2 - 2, so [1, 2] again
   (3/2 is no longer a root to avoid).  (10 - sqrt 15)/17 ~ 0.36
   as a root of 17t^2 - 20t + 5: [0, 1] also holds (10 + sqrt 15)/17
   ~ 0.82, so [0, 1/2].  1/3 as a root of (3t - 1)(t^2 - 2): exact.
   Cells where Descartes' rule over-counts and the exact count decides:
   sqrt 2 - 1 ~ 0.414 as a root of (t^2 + 2t - 1)(100t^2 - 100t + 26)
   (complex roots 1/2 +- i/10): [0, 1] has 3 sign variations but one
   real root, so [0, 1].  The same root of (t^2 + 2t - 1)(8t - 1)(8t - 3):
   minimal polynomial t^2 + 2t - 1, other root -1 - sqrt 2, so [0, 1]. */
static void test_canonicalise(void)
{
    static const long p1[] = {-2, 0, 1};
    static const long p2[] = {6, -4, -3, 2};   /* (t^2 - 2)(2t - 3) */
    static const long p3[] = {5, -20, 17};
    static const long p4[] = {2, -6, -1, 3};   /* (3t - 1)(t^2 - 2) */
    static const long p5[] = {-26, 152, -274, 100, 100};
    static const long p6[] = {-3, 38, -125, 96, 64};
    boxtoi_poly_t p;
    boxtoi_alg_t a;
    mpq_t lo, hi, e;

    boxtoi_poly_init(p);
    boxtoi_alg_init(a);
    mpq_init(lo);
    mpq_init(hi);
    mpq_init(e);

    boxtoi_poly_set_coeffs_si(p, p1, 3);
    mpq_set_str(lo, "181/128", 10);
    mpq_set_str(hi, "1449/1024", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: sqrt 2");
    boxtoi_alg_canonicalise(a);
    mpq_set_ui(e, 1, 1);
    is_mpq(e, a->lo, "canonical cell of sqrt 2: lo = 1");
    mpq_set_ui(e, 2, 1);
    is_mpq(e, a->hi, "canonical cell of sqrt 2: hi = 2");

    boxtoi_poly_set_coeffs_si(p, p2, 4);
    mpq_set_str(lo, "7/5", 10);
    mpq_set_str(hi, "10/7", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: sqrt 2 next to 3/2");
    boxtoi_alg_canonicalise(a);
    mpq_set_str(e, "1", 10);
    is_mpq(e, a->lo, "a factor's root no longer matters: lo = 1");
    mpq_set_str(e, "2", 10);
    is_mpq(e, a->hi, "a factor's root no longer matters: hi = 2");
    ok(tap_alg_invariant(a), "canonical cell keeps the invariant");

    boxtoi_poly_set_coeffs_si(p, p3, 3);
    mpq_set_str(lo, "1/4", 10);
    mpq_set_str(hi, "2/5", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: crate");
    boxtoi_alg_canonicalise(a);
    mpq_set_ui(e, 0, 1);
    is_mpq(e, a->lo, "(10 - sqrt 15)/17: lo = 0");
    mpq_set_str(e, "1/2", 10);
    is_mpq(e, a->hi, "(10 - sqrt 15)/17: hi = 1/2");

    boxtoi_poly_set_coeffs_si(p, p4, 4);
    mpq_set_str(lo, "1/4", 10);
    mpq_set_str(hi, "1/2", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: 1/3");
    boxtoi_alg_canonicalise(a);
    mpq_set_str(e, "1/3", 10);
    ok(mpq_equal(a->lo, e) && mpq_equal(a->hi, e),
       "a rational root becomes exact: [1/3, 1/3]");

    boxtoi_poly_set_coeffs_si(p, p5, 5);
    mpq_set_str(lo, "2/5", 10);
    mpq_set_str(hi, "1/2", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: sqrt 2 - 1 next to complex roots");
    boxtoi_alg_canonicalise(a);
    mpq_set_ui(e, 0, 1);
    is_mpq(e, a->lo, "Descartes over-counts, the exact count accepts: lo = 0");
    mpq_set_ui(e, 1, 1);
    is_mpq(e, a->hi, "Descartes over-counts, the exact count accepts: hi = 1");

    boxtoi_poly_set_coeffs_si(p, p6, 5);
    mpq_set_str(lo, "2/5", 10);
    mpq_set_str(hi, "1/2", 10);
    if (boxtoi_alg_set_poly_interval(a, p, lo, hi) != BOXTOI_OK)
        bail("canonicalise: sqrt 2 - 1 among 1/8 and 3/8");
    boxtoi_alg_canonicalise(a);
    mpq_set_str(e, "0", 10);
    is_mpq(e, a->lo, "roots of the other factors do not count: lo = 0");
    mpq_set_str(e, "1", 10);
    is_mpq(e, a->hi, "roots of the other factors do not count: hi = 1");
    ok(tap_alg_invariant(a), "canonical cell keeps the invariant");

    mpq_clear(lo);
    mpq_clear(hi);
    mpq_clear(e);
    boxtoi_alg_clear(a);
    boxtoi_poly_clear(p);
}

/* boxtoi_alg_canonicalise_hint: the results of test_canonicalise's
   hand derivations, with hints.  (t^2 + 1)(t^2 - 2) = t^4 - t^2 - 2
   with the hint 2t^2 + 2 (content 2, no real root): sqrt 2 gets [1, 2]
   as for t^2 - 2, since t^2 + 1 > 0 changes no sign.  (t^2 + 1)(2t - 3)
   = 2t^3 - 3t^2 + 2t - 3 with the hint t^2 + 1: 3/2, exact.  The same
   with the hint 2t - 3, which vanishes at the number: not usable (the
   cofactor t^2 + 1 has no rational root, yet the value is rational),
   still 3/2.  A hint that does not divide: t + 5 for sqrt 2 in
   t^2 - 2: [1, 2]. */
/* a = the root of pc in [lo, hi], canonicalised with the hint hc (hn
   coefficients): expect the interval [elo, ehi] (elo = ehi: exact). */
static void hint_case(const long *pc, long pn, const long *hc, long hn,
                      const char *lo, const char *hi, const char *elo,
                      const char *ehi, const char *name)
{
    boxtoi_alg_t a;
    boxtoi_poly_t h;
    mpq_t e;
    boxtoi_alg_init(a);
    boxtoi_poly_init(h);
    mpq_init(e);
    alg_pi(a, pc, pn, lo, hi);
    boxtoi_poly_set_coeffs_si(h, hc, hn);
    boxtoi_alg_canonicalise_hint(a, h);
    qset(e, elo);
    is_mpq(e, a->lo, "%s: lo = %s", name, elo);
    qset(e, ehi);
    is_mpq(e, a->hi, "%s: hi = %s", name, ehi);
    ok(tap_alg_invariant(a)
           && (strcmp(elo, ehi) != 0 || boxtoi_poly_degree(&a->poly) == 1),
       "%s: the invariant holds", name);
    mpq_clear(e);
    boxtoi_poly_clear(h);
    boxtoi_alg_clear(a);
}

static void test_canonicalise_hint(void)
{
    static const long p1h[] = {2, 0, 2}, p2[] = {-2, 0, -1, 0, 1};
    static const long p3[] = {-3, 2, -3, 2}, h3[] = {1, 0, 1};
    static const long h3b[] = {-3, 2}, h4[] = {5, 1}, p4[] = {-2, 0, 1};

    hint_case(p2, 5, p1h, 3, "181/128", "1449/1024", "1", "2",
              "hint 2t^2 + 2, sqrt 2");
    hint_case(p3, 4, h3, 3, "7/5", "8/5", "3/2", "3/2",
              "hint t^2 + 1, 3/2 becomes exact");
    hint_case(p3, 4, h3b, 2, "7/5", "8/5", "3/2", "3/2",
              "a hint that vanishes at the number is not used");
    hint_case(p4, 3, h4, 2, "7/5", "3/2", "1", "2",
              "a hint that does not divide");
}

int main(void)
{
    plan_lazy();
    test_basic();
    test_set_root();
    test_cmp();
    test_sgn_poly();
    test_sgn_poly_zero_first();
    test_get_mpq();
    test_mpfr();
    test_get_d();
    test_str();
    test_canonicalise();
    test_canonicalise_hint();
    return 0;
}
