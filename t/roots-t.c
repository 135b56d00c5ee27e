/* t/roots-t.c: tests of lib/roots (Sturm sequences, counting,
   isolation, refinement, rational roots).

   Expected values are known independently of the library: polynomials
   are built from known rational roots and known quadratic factors, so
   counts and roots are known exactly; Chebyshev counts come from the
   closed form of the roots, cos((2k - 1) pi / (2d)), by integer
   reasoning on the angles; Mignotte and perturbed-Wilkinson counts from
   Descartes' rule and the literature.  Random polynomials are
   cross-checked against a root counter written here (Descartes' rule
   after a Moebius map, with bisection, on mpz/mpq code that shares
   nothing with the library).  Every isolation result is checked
   against the invariant of roots.h with exact signs computed here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

static gmp_randstate_t st;

static long rnd(long n) /* uniform in [0, n) */
{
    return (long)gmp_urandomm_ui(st, (unsigned long)n);
}

/* ---- independent exact arithmetic ------------------------------------ */

/* Sign of q(x) by Horner over Q (the library uses integer Horner). */
static int t_sgn(const boxtoi_poly_t q, mpq_srcptr x)
{
    mpq_t v, c;
    long i;
    int s;
    mpq_init(v);
    mpq_init(c);
    for (i = q->length - 1; i >= 0; i--) {
        mpq_mul(v, v, x);
        mpq_set_z(c, q->coeffs + i);
        mpq_add(v, v, c);
    }
    s = mpq_sgn(v);
    mpq_clear(v);
    mpq_clear(c);
    return s;
}

/* Sign variations of an mpz array (zeros skipped). */
static long t_var(mpz_t *c, long len)
{
    long i, v = 0;
    int last = 0;
    for (i = 0; i < len; i++) {
        int s = mpz_sgn(c[i]);
        if (s != 0) {
            if (last != 0 && s != last)
                v++;
            last = s;
        }
    }
    return v;
}

/* Sign variations of R(x) = sum_i q_i L^i M^(n-i), L = a1 b2 + a2 b1 x,
   M = b1 b2 (1 + x), for lo = a1/b1, hi = a2/b2: a positive multiple of
   (1+x)^n q((lo + hi x)/(1 + x)).  Homogeneous Horner on polynomials. */
static long t_descartes(const boxtoi_poly_t q, mpq_srcptr lo,
                        mpq_srcptr hi)
{
    long n = q->length - 1, i, j, len = 1, v;
    mpz_t *acc, *tmp, l0, l1, m, mp;
    acc = malloc((size_t)(n + 1) * sizeof(mpz_t));
    tmp = malloc((size_t)(n + 1) * sizeof(mpz_t));
    if (acc == NULL || tmp == NULL)
        bail("out of memory");
    for (i = 0; i <= n; i++) {
        mpz_init(acc[i]);
        mpz_init(tmp[i]);
    }
    mpz_init(l0);
    mpz_init(l1);
    mpz_init(m);
    mpz_init_set_ui(mp, 1);
    mpz_mul(l0, mpq_numref(lo), mpq_denref(hi));
    mpz_mul(l1, mpq_numref(hi), mpq_denref(lo));
    mpz_mul(m, mpq_denref(lo), mpq_denref(hi));
    mpz_set(acc[0], q->coeffs + n);
    for (i = n - 1; i >= 0; i--) {
        /* acc = acc * L + q_i M^(n-i); M^k = m^k (1 + x)^k. */
        for (j = 0; j <= len; j++)
            mpz_set_ui(tmp[j], 0);
        for (j = 0; j < len; j++) {
            mpz_addmul(tmp[j], acc[j], l0);
            mpz_addmul(tmp[j + 1], acc[j], l1);
        }
        len++;
        mpz_mul(mp, mp, m);
        /* binomial coefficients of (1 + x)^(n-i) times q_i m^(n-i) */
        {
            long k = n - i;
            mpz_t b;
            mpz_init(b);
            for (j = 0; j <= k; j++) {
                mpz_bin_uiui(b, (unsigned long)k, (unsigned long)j);
                mpz_mul(b, b, mp);
                mpz_addmul(tmp[j], b, q->coeffs + i);
            }
            mpz_clear(b);
        }
        for (j = 0; j < len; j++)
            mpz_set(acc[j], tmp[j]);
    }
    v = t_var(acc, len);
    for (i = 0; i <= n; i++) {
        mpz_clear(acc[i]);
        mpz_clear(tmp[i]);
    }
    free(acc);
    free(tmp);
    mpz_clear(l0);
    mpz_clear(l1);
    mpz_clear(m);
    mpz_clear(mp);
    return v;
}

/* Number of distinct roots of the square-free q in the open (lo, hi):
   Descartes' rule, bisecting at exact midpoints until it decides. */
static long t_count_open(const boxtoi_poly_t q, mpq_srcptr lo,
                         mpq_srcptr hi)
{
    long v = t_descartes(q, lo, hi);
    mpq_t m;
    if (v <= 1)
        return v;
    mpq_init(m);
    mpq_add(m, lo, hi);
    mpq_div_2exp(m, m, 1);
    v = t_count_open(q, lo, m) + (t_sgn(q, m) == 0)
        + t_count_open(q, m, hi);
    mpq_clear(m);
    return v;
}

/* ---- building polynomials ---------------------------------------------- */

/* p *= (d t - n)^e for the root n/d. */
static void mul_root(boxtoi_poly_t p, mpq_srcptr r, unsigned long e)
{
    boxtoi_poly_t f;
    mpz_t c;
    boxtoi_poly_init(f);
    mpz_init(c);
    mpz_neg(c, mpq_numref(r));
    boxtoi_poly_set_coeff_mpz(f, 0, c);
    boxtoi_poly_set_coeff_mpz(f, 1, mpq_denref(r));
    boxtoi_poly_pow(f, f, e);
    boxtoi_poly_mul(p, p, f);
    boxtoi_poly_clear(f);
    mpz_clear(c);
}

static void mul_root_si(boxtoi_poly_t p, long n, long d, unsigned long e)
{
    mpq_t r;
    mpq_init(r);
    mpq_set_si(r, n, (unsigned long)d);
    mpq_canonicalize(r);
    mul_root(p, r, e);
    mpq_clear(r);
}

/* p *= c2 t^2 + c1 t + c0 */
static void mul_quad(boxtoi_poly_t p, long c2, long c1, long c0)
{
    boxtoi_poly_t f;
    long c[3];
    c[0] = c0;
    c[1] = c1;
    c[2] = c2;
    boxtoi_poly_init(f);
    boxtoi_poly_set_coeffs_si(f, c, 3);
    boxtoi_poly_mul(p, p, f);
    boxtoi_poly_clear(f);
}

static void set_q(mpq_t q, const char *s)
{
    if (mpq_set_str(q, s, 10) != 0)
        bail("bad rational %s", s);
    mpq_canonicalize(q);
}

/* ---- checking isolation results ----------------------------------------- */

/* Checks the invariant of roots.h on r for the interval (a, b, flags),
   with exact signs and independent counts computed here; *why names the
   first violation. */
static int t_isolation_ok(const boxtoi_roots_t r, mpq_srcptr a,
                          mpq_srcptr b, int flags, const char **why)
{
    const boxtoi_poly_struct *q = &r->sqfree;
    long i;
    for (i = 0; i < r->n; i++) {
        int c = mpq_cmp(r->lo + i, r->hi + i);
        if (c > 0)
            return *why = "lo > hi", 0;
        if (c == 0 && t_sgn(q, r->lo + i) != 0)
            return *why = "lo == hi is not a root", 0;
        if (c < 0) {
            if (t_sgn(q, r->lo + i) * t_sgn(q, r->hi + i) >= 0)
                return *why = "no strict sign change", 0;
            if (t_count_open(q, r->lo + i, r->hi + i) != 1)
                return *why = "not exactly one root inside", 0;
        }
        if (i > 0 && mpq_cmp(r->hi + i - 1, r->lo + i) >= 0)
            return *why = "intervals not disjoint and increasing", 0;
        if (a != NULL) {
            /* an interval may end at an open end that is not a root */
            c = mpq_cmp(r->lo + i, a);
            if (c < 0 || (c == 0 && (flags & BOXTOI_OPEN_LO)
                          && mpq_equal(r->lo + i, r->hi + i)))
                return *why = "outside at the lower end", 0;
        }
        if (b != NULL) {
            c = mpq_cmp(r->hi + i, b);
            if (c > 0 || (c == 0 && (flags & BOXTOI_OPEN_HI)
                          && mpq_equal(r->lo + i, r->hi + i)))
                return *why = "outside at the upper end", 0;
        }
    }
    return *why = "", 1;
}

/* Index of the interval of r containing x, or -1. */
static long find_interval(const boxtoi_roots_t r, mpq_srcptr x)
{
    long i;
    for (i = 0; i < r->n; i++)
        if (mpq_cmp(r->lo + i, x) <= 0 && mpq_cmp(x, r->hi + i) <= 0)
            return i;
    return -1;
}

/* Interval i contains sg sqrt(c) (c > 0 rational) exactly: lo^2 < c <
   hi^2 for the positive root, mirrored for the negative one. */
static int contains_sqrt(const boxtoi_roots_t r, long i, mpq_srcptr c,
                         int sg)
{
    mpq_t l2, h2;
    int ok;
    mpq_init(l2);
    mpq_init(h2);
    mpq_mul(l2, r->lo + i, r->lo + i);
    mpq_mul(h2, r->hi + i, r->hi + i);
    if (sg > 0)
        ok = mpq_sgn(r->lo + i) >= 0 && mpq_cmp(l2, c) < 0
             && mpq_cmp(c, h2) < 0;
    else
        ok = mpq_sgn(r->hi + i) <= 0 && mpq_cmp(h2, c) < 0
             && mpq_cmp(c, l2) < 0;
    mpq_clear(l2);
    mpq_clear(h2);
    return ok;
}

static int contains_sqrt_si(const boxtoi_roots_t r, long i, long c, int sg)
{
    mpq_t cq;
    int ok;
    mpq_init(cq);
    mpq_set_si(cq, c, 1);
    ok = contains_sqrt(r, i, cq, sg);
    mpq_clear(cq);
    return ok;
}

/* hi - lo <= 2^-bits */
static int width_ok(mpq_srcptr lo, mpq_srcptr hi, long bits)
{
    mpq_t w, e;
    int ok;
    mpq_init(w);
    mpq_init(e);
    mpq_sub(w, hi, lo);
    mpq_set_ui(e, 1, 1);
    if (bits >= 0)
        mpq_div_2exp(e, e, (unsigned long)bits);
    else
        mpq_mul_2exp(e, e, (unsigned long)-bits);
    ok = mpq_sgn(w) >= 0 && mpq_cmp(w, e) <= 0;
    mpq_clear(w);
    mpq_clear(e);
    return ok;
}

/* ---- trivial inputs and errors ------------------------------------------ */

static void test_trivial(void)
{
    boxtoi_poly_t p, e;
    boxtoi_sturm_t s;
    boxtoi_roots_t r;
    mpq_t a, b, x;
    int rc;

    boxtoi_poly_init(p);
    boxtoi_poly_init(e);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    mpq_init(x);

    is_int(BOXTOI_EDOMAIN, boxtoi_sturm_set(s, p), "sturm_set(0)");
    is_int(BOXTOI_EDOMAIN, boxtoi_roots_isolate(r, p, NULL, NULL, 0),
           "isolate(0)");
    is_int(BOXTOI_EINVAL, boxtoi_roots_isolate_sturm(r, s, NULL, NULL, 0),
           "isolate_sturm with an unset sequence");
    is_int(0, boxtoi_sturm_count(s, NULL, NULL, 0), "count, unset");

    boxtoi_poly_set_si(p, -5);
    rc = boxtoi_sturm_set(s, p);
    boxtoi_poly_set_si(e, 1);
    ok(rc == 0 && s->len == 1, "constant: sequence of length 1");
    is_poly(e, boxtoi_sturm_squarefree(s), "constant: square-free part 1");
    is_int(0, boxtoi_sturm_count(s, NULL, NULL, 0), "constant: no roots");
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    ok(rc == 0 && r->n == 0, "constant: isolate finds nothing");

    /* -6t + 2 = -2 (3t - 1): one root 1/3. */
    boxtoi_poly_set_coeff_si(p, 1, -6);
    boxtoi_poly_set_coeff_si(p, 0, 2);
    boxtoi_poly_set_coeff_si(e, 1, 3);
    boxtoi_poly_set_coeff_si(e, 0, -1);
    rc = boxtoi_sturm_set(s, p);
    ok(rc == 0 && s->len == 2, "linear: sequence of length 2");
    is_poly(e, boxtoi_sturm_squarefree(s), "linear: canonical 3t - 1");
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    set_q(x, "1/3");
    ok(rc == 0 && r->n == 1 && find_interval(r, x) == 0,
       "linear: isolates 1/3");
    ok(boxtoi_roots_find_rational(r->lo, r->hi, &r->sqfree) == 1
           && mpq_equal(r->lo, x) && mpq_equal(r->hi, x),
       "linear: find_rational gives 1/3");
    set_q(a, "1/3");
    set_q(b, "1/3");
    is_int(1, boxtoi_sturm_count(s, a, b, 0), "count [1/3, 1/3]");
    is_int(0, boxtoi_sturm_count(s, a, b, BOXTOI_OPEN_LO),
           "count (1/3, 1/3]");
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 1 && mpq_equal(r->lo, x) && mpq_equal(r->hi, x),
       "isolate on [1/3, 1/3]");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_HI);
    ok(rc == 0 && r->n == 0, "isolate on [1/3, 1/3)");
    ok(boxtoi_roots_refine(a, b, &r->sqfree, 100) == 0 && mpq_equal(a, x)
           && mpq_equal(b, x),
       "refine [1/3, 1/3] (an exact root) is a no-op");
    set_q(a, "1");
    set_q(b, "0");
    is_int(0, boxtoi_sturm_count(s, a, b, 0), "count on [1, 0] (empty)");
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 0, "isolate on [1, 0] (empty)");

    /* refine: bad intervals */
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_si(p, 2, 1);
    boxtoi_poly_set_coeff_si(p, 0, -2); /* t^2 - 2 */
    set_q(a, "0");
    set_q(b, "1");
    is_int(BOXTOI_EINVAL, boxtoi_roots_refine(a, b, p, 10),
           "refine: no sign change on [0, 1]");
    set_q(a, "-2");
    set_q(b, "2");
    is_int(BOXTOI_EINVAL, boxtoi_roots_refine(a, b, p, 10),
           "refine: q(-2) = q(2) = 2, no sign change on [-2, 2]");
    set_q(a, "2");
    set_q(b, "1");
    is_int(BOXTOI_EINVAL, boxtoi_roots_refine(a, b, p, 10),
           "refine: lo > hi");
    set_q(a, "1");
    set_q(b, "1");
    is_int(BOXTOI_EINVAL, boxtoi_roots_refine(a, b, p, 10),
           "refine: lo == hi not a root");
    boxtoi_poly_zero(e);
    set_q(a, "0");
    is_int(BOXTOI_EINVAL, boxtoi_roots_refine(a, b, e, 10),
           "refine: zero polynomial");
    set_q(a, "0");
    set_q(b, "1");
    ok(boxtoi_roots_find_rational(a, b, p) == 0 && mpq_cmp_si(a, 0, 1) == 0
           && mpq_cmp_si(b, 1, 1) == 0,
       "find_rational: non-isolating interval gives 0, unchanged");

    boxtoi_poly_clear(p);
    boxtoi_poly_clear(e);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
    mpq_clear(x);
}

/* ---- square roots, square-free parts, flags --------------------------- */

static void test_sqrt2(void)
{
    boxtoi_poly_t p;
    boxtoi_roots_t r;
    mpq_t lo, hi;
    int rc;

    boxtoi_poly_init(p);
    boxtoi_roots_init(r);
    mpq_init(lo);
    mpq_init(hi);
    boxtoi_poly_set_si(p, 1);
    mul_quad(p, 1, 0, -2);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    ok(rc == 0 && r->n == 2 && contains_sqrt_si(r, 0, 2, -1)
           && contains_sqrt_si(r, 1, 2, 1),
       "t^2 - 2: intervals hold -sqrt 2 and sqrt 2");
    if (r->n != 2)
        bail("t^2 - 2: %ld roots", r->n);
    mpq_set(lo, r->lo + 1);
    mpq_set(hi, r->hi + 1);
    rc = boxtoi_roots_refine(r->lo + 1, r->hi + 1, p, 1000);
    ok(rc == 0 && contains_sqrt_si(r, 1, 2, 1)
           && width_ok(r->lo + 1, r->hi + 1, 1000)
           && !width_ok(r->lo + 1, r->hi + 1, 1010),
       "t^2 - 2: refined to 2^-1000 (not much finer), still holds sqrt 2");
    ok(boxtoi_roots_find_rational(r->lo + 1, r->hi + 1, p) == 0
           && contains_sqrt_si(r, 1, 2, 1)
           && width_ok(r->lo + 1, r->hi + 1, 1000),
       "t^2 - 2: find_rational says irrational");
    /* Non-dyadic ends. */
    set_q(lo, "1/3");
    set_q(hi, "5/3");
    rc = boxtoi_roots_refine(lo, hi, p, 64);
    mpq_swap(lo, r->lo);
    mpq_swap(hi, r->hi);
    ok(rc == 0 && contains_sqrt_si(r, 0, 2, 1) && width_ok(r->lo, r->hi, 64),
       "refine from [1/3, 5/3]");
    /* bits <= 0: already narrow enough, unchanged. */
    set_q(lo, "1/3");
    set_q(hi, "5/3");
    rc = boxtoi_roots_refine(lo, hi, p, -1);
    ok(rc == 0 && mpq_cmp_si(lo, 1, 3) == 0 && mpq_cmp_si(hi, 5, 3) == 0,
       "refine with bits = -1 keeps a width-4/3 interval");
    boxtoi_poly_clear(p);
    boxtoi_roots_clear(r);
    mpq_clear(lo);
    mpq_clear(hi);
}

static void test_squarefree(void)
{
    boxtoi_poly_t p, e;
    boxtoi_sturm_t s;
    boxtoi_roots_t r;
    mpq_t a, b, x;
    long i;
    int rc, seqok;

    boxtoi_poly_init(p);
    boxtoi_poly_init(e);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    mpq_init(x);

    /* (t - 1/3)^5 (t + 2)^3 in Z[t]: (3t - 1)^5 (t + 2)^3. */
    boxtoi_poly_set_si(p, 1);
    mul_root_si(p, 1, 3, 5);
    mul_root_si(p, -2, 1, 3);
    boxtoi_poly_set_coeffs_si(e, (const long[]){-2, 5, 3}, 3);
    rc = boxtoi_sturm_set(s, p);
    is_poly(e, boxtoi_sturm_squarefree(s),
            "(3t-1)^5 (t+2)^3: square-free part 3t^2 + 5t - 2");
    seqok = rc == 0 && s->len >= 2
            && boxtoi_poly_degree(s->seq + s->len - 1) == 0;
    for (i = 1; i < s->len; i++)
        seqok = seqok && boxtoi_poly_degree(s->seq + i)
                             < boxtoi_poly_degree(s->seq + i - 1);
    ok(seqok, "sequence degrees fall strictly down to a constant");
    is_int(2, boxtoi_sturm_count(s, NULL, NULL, 0), "2 distinct roots");
    set_q(a, "-2");
    set_q(b, "1/3");
    is_int(2, boxtoi_sturm_count(s, a, b, 0), "count [-2, 1/3] = 2");
    is_int(1, boxtoi_sturm_count(s, a, b, BOXTOI_OPEN_LO),
           "count (-2, 1/3] = 1");
    is_int(1, boxtoi_sturm_count(s, a, b, BOXTOI_OPEN_HI),
           "count [-2, 1/3) = 1");
    is_int(0, boxtoi_sturm_count(s, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI),
           "count (-2, 1/3) = 0");
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    ok(rc == 0 && r->n == 2, "isolate: 2 intervals");
    if (r->n == 2) {
        ok(boxtoi_roots_find_rational(r->lo, r->hi, &r->sqfree)
               && mpq_equal(r->lo, a) && mpq_equal(r->hi, a),
           "find_rational gives exactly -2");
        ok(boxtoi_roots_find_rational(r->lo + 1, r->hi + 1, &r->sqfree)
               && mpq_equal(r->lo + 1, b) && mpq_equal(r->hi + 1, b),
           "find_rational gives exactly 1/3");
    }
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI);
    ok(rc == 0 && r->n == 0, "isolate (-2, 1/3): nothing");
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 2 && mpq_equal(r->lo, a) && mpq_equal(r->hi, a)
           && mpq_equal(r->lo + 1, b) && mpq_equal(r->hi + 1, b),
       "isolate [-2, 1/3]: both ends, exactly");

    /* -7 (t - 1)^2 (t + 1)  ->  t^2 - 1 */
    boxtoi_poly_set_si(p, -7);
    mul_root_si(p, 1, 1, 2);
    mul_root_si(p, -1, 1, 1);
    boxtoi_poly_set_coeffs_si(e, (const long[]){-1, 0, 1}, 3);
    rc = boxtoi_sturm_set(s, p);
    is_poly(e, boxtoi_sturm_squarefree(s), "-7 (t-1)^2 (t+1): t^2 - 1");

    /* (t^2 + 1)^3: square-free part t^2 + 1, no real roots. */
    boxtoi_poly_set_si(p, 1);
    for (i = 0; i < 3; i++)
        mul_quad(p, 1, 0, 1);
    boxtoi_poly_set_coeffs_si(e, (const long[]){1, 0, 1}, 3);
    rc = boxtoi_sturm_set(s, p);
    is_poly(e, boxtoi_sturm_squarefree(s), "(t^2+1)^3: t^2 + 1");
    is_int(0, boxtoi_sturm_count(s, NULL, NULL, 0), "(t^2+1)^3: no roots");

    boxtoi_poly_clear(p);
    boxtoi_poly_clear(e);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
    mpq_clear(x);
}

/* Counts with every combination of ends on (t-1)(t-2)(t-3)(t^2+1) and on
   t (t-1) (t+1); the expected values are read off the roots. */
static void test_flags(void)
{
    static const struct {
        const char *a, *b; /* NULL: infinite */
        int flags;
        long n1, n2; /* expected for the two polynomials */
    } c[] = {
        {"1", "3", 0, 3, 1},
        {"1", "3", BOXTOI_OPEN_LO, 2, 0},
        {"1", "3", BOXTOI_OPEN_HI, 2, 1},
        {"1", "3", BOXTOI_OPEN_LO | BOXTOI_OPEN_HI, 1, 0},
        {"1", "1", 0, 1, 1},
        {"1", "1", BOXTOI_OPEN_HI, 0, 0},
        {"3", "1", 0, 0, 0},
        {NULL, NULL, 0, 3, 3},
        {NULL, "1", 0, 1, 3},
        {NULL, "1", BOXTOI_OPEN_HI, 0, 2},
        {"3", NULL, 0, 1, 0},
        {"3", NULL, BOXTOI_OPEN_LO, 0, 0},
        {"-1", "0", 0, 0, 2},
        {"-1", "0", BOXTOI_OPEN_LO | BOXTOI_OPEN_HI, 0, 0},
        {"0", "0", 0, 0, 1},
        {"-1/2", "5/2", 0, 2, 2},
        {"3/2", "5/2", BOXTOI_OPEN_LO | BOXTOI_OPEN_HI, 1, 0},
        {"-100", "-1", BOXTOI_OPEN_HI, 0, 0},
        {"-100", "-1", 0, 0, 1},
    };
    boxtoi_poly_t p[2];
    boxtoi_sturm_t s[2];
    boxtoi_roots_t r;
    mpq_t a, b;
    size_t i;
    int k, rc, bad = 0;
    const char *why;

    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    for (k = 0; k < 2; k++) {
        boxtoi_poly_init(p[k]);
        boxtoi_sturm_init(s[k]);
        boxtoi_poly_set_si(p[k], 1);
    }
    mul_root_si(p[0], 1, 1, 1);
    mul_root_si(p[0], 2, 1, 1);
    mul_root_si(p[0], 3, 1, 1);
    mul_quad(p[0], 1, 0, 1);
    mul_root_si(p[1], 0, 1, 1);
    mul_root_si(p[1], 1, 1, 1);
    mul_root_si(p[1], -1, 1, 1);
    for (k = 0; k < 2; k++)
        if (boxtoi_sturm_set(s[k], p[k]) != 0)
            bail("sturm_set");
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        mpq_srcptr pa = NULL, pb = NULL;
        if (c[i].a) {
            set_q(a, c[i].a);
            pa = a;
        }
        if (c[i].b) {
            set_q(b, c[i].b);
            pb = b;
        }
        for (k = 0; k < 2; k++) {
            long want = k == 0 ? c[i].n1 : c[i].n2;
            long got = boxtoi_sturm_count(s[k], pa, pb, c[i].flags);
            rc = boxtoi_roots_isolate(r, p[k], pa, pb, c[i].flags);
            if (got != want || rc != 0 || r->n != want
                || !t_isolation_ok(r, pa, pb, c[i].flags, &why)) {
                if (!bad++)
                    diag("poly %d, %s %s flags %d: want %ld, count %ld, "
                         "isolate %ld (%s)",
                         k, c[i].a ? c[i].a : "-inf",
                         c[i].b ? c[i].b : "inf", c[i].flags, want, got,
                         r->n, rc ? "error" : why);
            }
        }
    }
    is_int(0, bad, "counts and isolation with open/closed/infinite ends");
    for (k = 0; k < 2; k++) {
        boxtoi_poly_clear(p[k]);
        boxtoi_sturm_clear(s[k]);
    }
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
}

/* ---- classical hard families ------------------------------------------- */

static void test_wilkinson(void)
{
    boxtoi_poly_t p, t19;
    boxtoi_roots_t r;
    boxtoi_sturm_t s;
    mpq_t x, a, b;
    long k, bad = 0;
    const char *why;
    int rc;

    boxtoi_poly_init(p);
    boxtoi_poly_init(t19);
    boxtoi_roots_init(r);
    boxtoi_sturm_init(s);
    mpq_init(x);
    mpq_init(a);
    mpq_init(b);
    boxtoi_poly_set_si(p, 1);
    for (k = 1; k <= 20; k++)
        mul_root_si(p, k, 1, 1);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    for (k = 1; k <= 20 && r->n == 20; k++) {
        mpq_set_si(x, k, 1);
        if (find_interval(r, x) != k - 1)
            bad++;
    }
    ok(rc == 0 && r->n == 20 && bad == 0
           && t_isolation_ok(r, NULL, NULL, 0, &why),
       "W20: 20 intervals, the k-th holds k");
    for (k = 0; k < r->n; k++) {
        mpq_set_si(x, k + 1, 1);
        if (!boxtoi_roots_find_rational(r->lo + k, r->hi + k, &r->sqfree)
            || !mpq_equal(r->lo + k, x) || !mpq_equal(r->hi + k, x))
            bad++;
    }
    is_int(0, bad, "W20: find_rational recovers 1..20");
    /* Open (1/2, 10] holds 1..10, (10, 20) holds 11..19. */
    set_q(a, "1/2");
    set_q(b, "10");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO);
    ok(rc == 0 && r->n == 10 && mpq_equal(r->lo + 9, b)
           && t_isolation_ok(r, a, b, BOXTOI_OPEN_LO, &why),
       "W20 on (1/2, 10]: 10 roots, the last exactly 10");
    set_q(a, "10");
    set_q(b, "20");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI);
    ok(rc == 0 && r->n == 9
           && t_isolation_ok(r, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI, &why),
       "W20 on (10, 20): 9 roots");

    /* Wilkinson's perturbation: coefficient of t^19 changed from -210 to
       -210 - 2^-23, i.e. 2^23 W20 - t^19.  It has 10 real roots
       (Wilkinson 1963: near 1, ..., 8.0, 8.9 and 20.8; five complex
       pairs), confirmed here with the independent Descartes counter on
       (0, 32), and no negative roots (all coefficients of p(-t) have one
       sign). */
    boxtoi_poly_scalar_mul_si(p, p, 1L << 23);
    boxtoi_poly_set_coeff_si(t19, 19, 1);
    boxtoi_poly_sub(p, p, t19);
    set_q(a, "0");
    set_q(b, "32");
    is_int(10, t_count_open(p, a, b), "perturbed W20: 10 roots "
                                      "(independent count)");
    rc = boxtoi_sturm_set(s, p);
    is_int(10, boxtoi_sturm_count(s, NULL, NULL, 0),
           "perturbed W20: Sturm count 10");
    rc = boxtoi_roots_isolate_sturm(r, s, NULL, NULL, 0);
    ok(rc == 0 && r->n == 10 && t_isolation_ok(r, NULL, NULL, 0, &why),
       "perturbed W20: 10 isolating intervals");
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(t19);
    boxtoi_roots_clear(r);
    boxtoi_sturm_clear(s);
    mpq_clear(x);
    mpq_clear(a);
    mpq_clear(b);
}

/* Sturm counts of p = prod_(i=1..12) (3^60 t - i), whose subresultants'
   leading coefficients carry thousands of bits of powers of 3 (the
   content test of lib/roots/sturm.c reads their valuations): its roots
   are i / 3^60, so [0, (j + 1/2) / 3^60] holds exactly j of them. */
static void test_sturm_small_prime_powers(void)
{
    boxtoi_poly_t p, f;
    boxtoi_sturm_t s;
    mpz_t e;
    mpq_t a, b;
    long i, j, bad = 0;

    boxtoi_poly_init(p);
    boxtoi_poly_init(f);
    boxtoi_sturm_init(s);
    mpz_init(e);
    mpq_init(a);
    mpq_init(b);
    mpz_ui_pow_ui(e, 3, 60);
    boxtoi_poly_set_si(p, 1);
    for (i = 1; i <= 12; i++) {
        boxtoi_poly_zero(f);
        boxtoi_poly_set_coeff_mpz(f, 1, e);
        boxtoi_poly_set_coeff_si(f, 0, -i);
        boxtoi_poly_mul(p, p, f);
    }
    if (boxtoi_sturm_set(s, p) != 0)
        bail("sturm_set of prod (3^60 t - i)");
    mpq_set_ui(a, 0, 1);
    for (j = 0; j <= 12; j++) {
        mpz_set_ui(mpq_numref(b), (unsigned long)(2 * j + 1));
        mpz_mul_2exp(mpq_denref(b), e, 1);
        mpq_canonicalize(b);
        if (boxtoi_sturm_count(s, a, b, 0) != j && !bad++)
            diag("prod (3^60 t - i): count up to (%ld + 1/2) / 3^60", j);
    }
    is_int(0, bad, "prod_(i<=12) (3^60 t - i): Sturm counts i / 3^60");
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(f);
    boxtoi_sturm_clear(s);
    mpz_clear(e);
    mpq_clear(a);
    mpq_clear(b);
}

/* T_d by T_(k+1) = 2t T_k - T_(k-1).  Its roots are cos(pi u_k) with
   u_k = (2k-1)/(2d), k = 1..d.  On [0, pi], cos is decreasing and
   cos(pi/3) = 1/2, cos(pi/2) = 0, cos(2pi/3) = -1/2, so with j = 2k - 1:
   root in [1/2, 1]   <=> 3j <= 2d,
   root in [0, 1/2)   <=> 2d < 3j and j <= d,
   root in [-1/2, 0)  <=> d < j and 3j <= 4d,
   root in [-1, -1/2) <=> 4d < 3j.
   (u_k = 1/3 or 2/3 would need 6k - 3 = 2d or 4d: odd = even, so +-1/2
   is never a root and the ends' flags do not matter there.) */
static void test_chebyshev(void)
{
    static const char *ends[5] = {"-1", "-1/2", "0", "1/2", "1"};
    boxtoi_poly_t t0, t1, t2;
    boxtoi_sturm_t s;
    boxtoi_roots_t r;
    mpq_t a, b;
    long d, k, bad = 0, want[4], got;
    int bin, flags;
    const char *why = "";

    boxtoi_poly_init(t0);
    boxtoi_poly_init(t1);
    boxtoi_poly_init(t2);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    boxtoi_poly_set_si(t0, 1);
    boxtoi_poly_set_coeff_si(t1, 1, 1);
    for (d = 1; d <= 24; d++) {
        if (d > 1) {
            boxtoi_poly_shift_left(t2, t1, 1);
            boxtoi_poly_scalar_mul_si(t2, t2, 2);
            boxtoi_poly_sub(t2, t2, t0);
            boxtoi_poly_swap(t0, t1);
            boxtoi_poly_swap(t1, t2);
        }
        /* t1 = T_d */
        for (bin = 0; bin < 4; bin++)
            want[bin] = 0;
        for (k = 1; k <= d; k++) {
            long j = 2 * k - 1;
            if (3 * j > 4 * d)
                want[0]++;
            else if (j > d)
                want[1]++;
            else if (3 * j > 2 * d)
                want[2]++;
            else
                want[3]++;
        }
        if (boxtoi_sturm_set(s, t1) != 0)
            bail("sturm_set T_%ld", d);
        for (bin = 0; bin < 4; bin++) {
            set_q(a, ends[bin]);
            set_q(b, ends[bin + 1]);
            flags = bin < 3 ? BOXTOI_OPEN_HI : 0;
            got = boxtoi_sturm_count(s, a, b, flags);
            if (got != want[bin] && !bad++)
                diag("T_%ld bin %d: want %ld got %ld", d, bin, want[bin],
                     got);
            if (boxtoi_roots_isolate_sturm(r, s, a, b, flags) != 0
                || r->n != want[bin]
                || !t_isolation_ok(r, a, b, flags, &why)) {
                if (!bad++)
                    diag("T_%ld bin %d: isolate %ld %s", d, bin, r->n, why);
            }
        }
        set_q(a, "-1");
        set_q(b, "1");
        got = boxtoi_sturm_count(s, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI);
        if (got != d && !bad++)
            diag("T_%ld: %ld roots in (-1, 1)", d, got);
        if (boxtoi_roots_isolate_sturm(r, s, NULL, NULL, 0) != 0
            || r->n != d || !t_isolation_ok(r, NULL, NULL, 0, &why)) {
            if (!bad++)
                diag("T_%ld: isolate %ld %s", d, r->n, why);
        }
    }
    is_int(0, bad, "Chebyshev T_1..T_24: counts by quarter of [-1, 1]");
    boxtoi_poly_clear(t0);
    boxtoi_poly_clear(t1);
    boxtoi_poly_clear(t2);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
}

/* Mignotte-like f = t^n - 2 (a t - 1)^2.  Descartes: f has 3 sign
   variations, f(-t) has 1 for even n and 0 for odd n.  With
   delta = 2 a^-m, m = floor((n+2)/2): f(0) < 0, f(1/a - delta) < 0,
   f(1/a) > 0, f(1/a + delta) < 0, f(+inf) > 0 (checked exactly below),
   so the 3 positive roots are one in each of (1/a - delta, 1/a),
   (1/a, 1/a + delta) and beyond; for even n one more is negative. */
static void test_mignotte(void)
{
    static const struct {
        long n;
        const char *a;
    } c[] = {{10, "100"}, {11, "100"}, {16, "1000000"},
             {12, "1000000000000000000000000000000"}, {7, "65536"}};
    boxtoi_poly_t f, g;
    boxtoi_sturm_t s;
    boxtoi_roots_t r;
    mpz_t az;
    mpq_t ia, delta, lo, hi;
    size_t i;
    long m, j, want;
    int rc, signs;
    const char *why;

    boxtoi_poly_init(f);
    boxtoi_poly_init(g);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    mpz_init(az);
    mpq_init(ia);
    mpq_init(delta);
    mpq_init(lo);
    mpq_init(hi);
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        mpz_set_str(az, c[i].a, 10);
        boxtoi_poly_zero(g);
        boxtoi_poly_set_coeff_mpz(g, 1, az);
        boxtoi_poly_set_coeff_si(g, 0, -1);
        boxtoi_poly_pow(g, g, 2);
        boxtoi_poly_scalar_mul_si(g, g, -2);
        boxtoi_poly_zero(f);
        boxtoi_poly_set_coeff_si(f, c[i].n, 1);
        boxtoi_poly_add(f, f, g);
        m = (c[i].n + 2) / 2;
        mpq_set_z(ia, az);
        mpq_inv(ia, ia);
        mpq_set_ui(delta, 2, 1);
        for (j = 0; j < m; j++)
            mpq_mul(delta, delta, ia);
        mpq_sub(lo, ia, delta);
        mpq_add(hi, ia, delta);
        signs = t_sgn(f, lo) < 0 && t_sgn(f, ia) > 0 && t_sgn(f, hi) < 0;
        want = c[i].n % 2 == 0 ? 4 : 3;
        rc = boxtoi_sturm_set(s, f);
        ok(signs && rc == 0 && boxtoi_sturm_count(s, NULL, NULL, 0) == want
               && boxtoi_sturm_count(s, lo, hi, 0) == 2,
           "Mignotte n=%ld a=%s: %ld roots, 2 within 2a^-%ld of 1/a",
           c[i].n, c[i].a, want, m);
        rc = boxtoi_roots_isolate_sturm(r, s, NULL, NULL, 0);
        ok(rc == 0 && r->n == want && t_isolation_ok(r, NULL, NULL, 0, &why),
           "Mignotte n=%ld a=%s: isolation", c[i].n, c[i].a);
        rc = boxtoi_roots_isolate_sturm(r, s, lo, hi, 0);
        ok(rc == 0 && r->n == 2 && t_isolation_ok(r, lo, hi, 0, &why),
           "Mignotte n=%ld: the close pair is separated", c[i].n);
        if (r->n == 2) {
            rc = boxtoi_roots_refine(r->lo, r->hi, &r->sqfree, 3000);
            ok(rc == 0 && width_ok(r->lo, r->hi, 3000)
                   && t_sgn(&r->sqfree, r->lo) * t_sgn(&r->sqfree, r->hi) < 0
                   && mpq_cmp(lo, r->lo) <= 0 && mpq_cmp(r->hi, ia) <= 0,
               "Mignotte n=%ld: refine a clustered root to 2^-3000",
               c[i].n);
        }
    }
    boxtoi_poly_clear(f);
    boxtoi_poly_clear(g);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpz_clear(az);
    mpq_clear(ia);
    mpq_clear(delta);
    mpq_clear(lo);
    mpq_clear(hi);
}

/* Roots 10^200 + 1/7, 10^200 + 2/7, -10^200 and +-sqrt(2) 10^200. */
static void test_huge(void)
{
    boxtoi_poly_t p, q2;
    boxtoi_roots_t r;
    mpq_t x[3], c;
    mpz_t z;
    long i, k, bad = 0;
    const char *why;
    int rc;

    boxtoi_poly_init(p);
    boxtoi_poly_init(q2);
    boxtoi_roots_init(r);
    mpq_init(c);
    mpz_init(z);
    for (i = 0; i < 3; i++)
        mpq_init(x[i]);
    mpz_ui_pow_ui(z, 10, 200);
    mpq_set_z(x[0], z);
    mpq_neg(x[0], x[0]);
    mpq_set_ui(c, 1, 7);
    mpq_set_z(x[1], z);
    mpq_add(x[1], x[1], c);
    mpq_set_ui(c, 2, 7);
    mpq_set_z(x[2], z);
    mpq_add(x[2], x[2], c);
    boxtoi_poly_set_si(p, 1);
    for (i = 0; i < 3; i++)
        mul_root(p, x[i], 1 + (unsigned long)i);
    mpz_mul(z, z, z);
    mpz_mul_ui(z, z, 2);
    mpz_neg(z, z);
    boxtoi_poly_set_coeff_si(q2, 2, 1);
    boxtoi_poly_set_coeff_mpz(q2, 0, z); /* t^2 - 2 10^400 */
    boxtoi_poly_mul(p, p, q2);
    mpz_neg(z, z);
    mpq_set_z(c, z);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    /* Order: -sqrt2 10^200 < -10^200 < 10^200 + 1/7 < 10^200 + 2/7 <
       sqrt2 10^200. */
    ok(rc == 0 && r->n == 5 && contains_sqrt(r, 0, c, -1)
           && find_interval(r, x[0]) == 1 && find_interval(r, x[1]) == 2
           && find_interval(r, x[2]) == 3 && contains_sqrt(r, 4, c, 1)
           && t_isolation_ok(r, NULL, NULL, 0, &why),
       "roots near 10^200: isolated and ordered");
    for (i = 0; i < r->n && r->n == 5; i++) {
        int want = i >= 1 && i <= 3;
        if (boxtoi_roots_find_rational(r->lo + i, r->hi + i, &r->sqfree)
            != want)
            bad++;
        else if (want && (!mpq_equal(r->lo + i, x[i - 1])
                          || !mpq_equal(r->hi + i, x[i - 1])))
            bad++;
    }
    is_int(0, bad, "roots near 10^200: exactly the 3 rational ones found");

    /* Coefficients of thousands of bits: a random quintic times
       (t - 1/3), cross-checked with the independent counter. */
    for (k = 0; k < 3; k++) {
        boxtoi_poly_zero(p);
        for (i = 0; i <= 5; i++) {
            mpz_urandomb(z, st, 3000);
            if (rnd(2))
                mpz_neg(z, z);
            boxtoi_poly_set_coeff_mpz(p, i, z);
        }
        mul_root_si(p, 1, 3, 1);
        rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
        set_q(c, "1/3");
        i = find_interval(r, c);
        if (rc != 0 || !t_isolation_ok(r, NULL, NULL, 0, &why) || i < 0
            || !boxtoi_roots_find_rational(r->lo + i, r->hi + i, &r->sqfree)
            || !mpq_equal(r->lo + i, c))
            bad++;
    }
    is_int(0, bad, "3000-bit coefficients: isolation, 1/3 found");
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(q2);
    boxtoi_roots_clear(r);
    mpq_clear(c);
    mpz_clear(z);
    for (i = 0; i < 3; i++)
        mpq_clear(x[i]);
}

/* ---- random families ---------------------------------------------------- */

static int cmp_mpq(const void *x, const void *y)
{
    return mpq_cmp((mpq_srcptr)x, (mpq_srcptr)y);
}

static void rand_end(mpq_t x, mpq_t *roots, long k)
{
    if (k > 0 && rnd(3) == 0) {
        mpq_set(x, roots[rnd(k)]);
    } else {
        mpz_set_si(mpq_numref(x), rnd(1L << 14) - (1L << 13));
        mpz_set_si(mpq_denref(x), 1 + rnd(64));
        mpq_canonicalize(x);
    }
}

/* Polynomials with 0..6 known distinct rational roots (multiplicity up
   to 3) times a quadratic without real roots: expected square-free
   part, counts and roots are all known. */
static void test_random_rational(void)
{
    long iters = 150 * tap_multiplier(), it, k, i, j, want, bits, nin;
    long bad_sqf = 0, bad_count = 0, bad_iso = 0, bad_ref = 0, bad_rat = 0;
    long bad_work = 0;
    mpq_t roots[6], a, b, lo, hi;
    boxtoi_poly_t p, e;
    boxtoi_sturm_t s;
    boxtoi_roots_t r, rw, rf;
    boxtoi_roots_work_t w;
    const char *why;
    int flags, c, rc;

    boxtoi_poly_init(p);
    boxtoi_poly_init(e);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    boxtoi_roots_init(rw);
    boxtoi_roots_init(rf);
    /* One work for every isolation of the loop (degrees 0 to 10 follow
       one another), against the expected count and a fresh work. */
    boxtoi_roots_work_init(w);
    mpq_init(a);
    mpq_init(b);
    mpq_init(lo);
    mpq_init(hi);
    for (i = 0; i < 6; i++)
        mpq_init(roots[i]);
    for (it = 0; it < iters; it++) {
        k = rnd(7);
        for (i = 0; i < k; i++) {
            mpz_set_si(mpq_numref(roots[i]), rnd(1L << 12) - (1L << 11));
            mpz_set_si(mpq_denref(roots[i]), 1 + rnd(50));
            mpq_canonicalize(roots[i]);
        }
        qsort(roots, (size_t)k, sizeof(mpq_t), cmp_mpq);
        for (i = j = 0; i < k; i++)
            if (j == 0 || !mpq_equal(roots[i], roots[j - 1]))
                mpq_swap(roots[j++], roots[i]);
        k = j;
        boxtoi_poly_set_si(p, rnd(2) ? 1 : -3);
        boxtoi_poly_set_si(e, 1);
        for (i = 0; i < k; i++) {
            mul_root(p, roots[i], rnd(3) == 0 ? 2 + rnd(2) : 1);
            mul_root(e, roots[i], 1);
        }
        if (rnd(2)) {
            long c0 = 1 + rnd(1000), c1 = rnd(61) - 30;
            /* c1^2 - 4 c0 < 0: no real roots */
            if (c1 * c1 < 4 * c0) {
                mul_quad(p, 1, c1, c0);
                mul_quad(e, 1, c1, c0);
            }
        }
        if (boxtoi_poly_degree(e) == 0)
            mul_quad(e, 0, 0, 1);
        rc = boxtoi_sturm_set(s, p);
        if (rc != 0 || !boxtoi_poly_equal(e, boxtoi_sturm_squarefree(s))) {
            if (!bad_sqf++) {
                diag("square-free part of");
                boxtoi_poly_fprint(stdout, p, "t");
                printf("\n");
            }
            continue;
        }
        for (j = 0; j < 4; j++) {
            mpq_srcptr pa = NULL, pb = NULL;
            rand_end(a, roots, k);
            rand_end(b, roots, k);
            if (rnd(6) != 0)
                pa = a;
            if (rnd(6) != 0)
                pb = b;
            if (pa && pb && mpq_cmp(a, b) > 0 && rnd(4) != 0)
                mpq_swap(a, b);
            flags = (int)rnd(4);
            /* the expected count, by comparisons */
            want = 0;
            for (i = 0; i < k; i++) {
                int in = 1;
                if (pa) {
                    c = mpq_cmp(roots[i], a);
                    in = c > 0 || (c == 0 && !(flags & BOXTOI_OPEN_LO));
                }
                if (pb && in) {
                    c = mpq_cmp(roots[i], b);
                    in = c < 0 || (c == 0 && !(flags & BOXTOI_OPEN_HI));
                }
                want += in;
            }
            if (boxtoi_sturm_count(s, pa, pb, flags) != want && !bad_count++)
                diag("count: iteration %ld, want %ld", it, want);
            rc = boxtoi_roots_isolate_work(rw, p, pa, pb, flags, w);
            if (rc != 0 || rw->n != want
                || !t_isolation_ok(rw, pa, pb, flags, &why)
                || boxtoi_roots_isolate(rf, p, pa, pb, flags) != 0
                || rf->n != rw->n
                || !boxtoi_poly_equal(&rf->sqfree, &rw->sqfree))
                bad_work++;
            else
                for (i = 0; i < rw->n; i++)
                    if (!mpq_equal(rw->lo + i, rf->lo + i)
                        || !mpq_equal(rw->hi + i, rf->hi + i))
                        bad_work++;
            rc = boxtoi_roots_isolate_sturm(r, s, pa, pb, flags);
            if (rc != 0 || r->n != want
                || !t_isolation_ok(r, pa, pb, flags, &why)) {
                if (!bad_iso++)
                    diag("isolate: iteration %ld, want %ld got %ld: %s", it,
                         want, r->n, rc ? "error" : why);
                continue;
            }
            /* the roots inside, in order, one per interval */
            for (i = 0, nin = 0; i < k; i++) {
                long w = find_interval(r, roots[i]);
                if (w < 0)
                    continue;
                if (w != nin++ && !bad_iso++)
                    diag("isolate: iteration %ld, root %ld in interval %ld",
                         it, i, w);
            }
            if (nin != want && !bad_iso++)
                diag("isolate: iteration %ld, %ld roots found", it, nin);
            for (i = 0; i < r->n; i++) {
                long w;
                mpq_set(lo, r->lo + i);
                mpq_set(hi, r->hi + i);
                bits = rnd(200) - 10;
                rc = boxtoi_roots_refine(lo, hi, &r->sqfree, bits);
                for (w = 0; w < k; w++)
                    if (mpq_cmp(r->lo + i, roots[w]) <= 0
                        && mpq_cmp(roots[w], r->hi + i) <= 0)
                        break;
                if (rc != 0 || !width_ok(lo, hi, bits) || w == k
                    || mpq_cmp(lo, roots[w]) > 0 || mpq_cmp(roots[w], hi) > 0
                    || mpq_cmp(lo, r->lo + i) < 0
                    || mpq_cmp(hi, r->hi + i) > 0) {
                    if (!bad_ref++)
                        diag("refine: iteration %ld, interval %ld", it, i);
                    continue;
                }
                if (!boxtoi_roots_find_rational(lo, hi, &r->sqfree)
                    || !mpq_equal(lo, roots[w]) || !mpq_equal(hi, roots[w]))
                    if (!bad_rat++)
                        diag("find_rational: iteration %ld, interval %ld",
                             it, i);
            }
        }
    }
    is_int(0, bad_sqf, "random rational roots: square-free part");
    is_int(0, bad_count, "random rational roots: counts with flags");
    is_int(0, bad_iso, "random rational roots: isolation");
    is_int(0, bad_ref, "random rational roots: refinement");
    is_int(0, bad_rat, "random rational roots: find_rational");
    is_int(0, bad_work, "random rational roots: isolate_work with one work "
                        "for all, against the count and isolate");
    boxtoi_roots_clear(rw);
    boxtoi_roots_clear(rf);
    boxtoi_roots_work_clear(w);
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(e);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
    mpq_clear(lo);
    mpq_clear(hi);
    for (i = 0; i < 6; i++)
        mpq_clear(roots[i]);
}

/* Random dense integer polynomials (unknown roots): the Sturm counts
   against the independent Descartes counter, the isolation invariant
   against exact signs and that counter, and refinement. */
static void test_random_integer(void)
{
    long iters = 40 * tap_multiplier(), it, i, n, bits, want, got;
    long bad_count = 0, bad_iso = 0, bad_ref = 0;
    boxtoi_poly_t p, d, g;
    boxtoi_sturm_t s;
    boxtoi_roots_t r;
    mpq_t a, b;
    mpz_t z;
    const char *why;
    int rc, sa, sb;

    boxtoi_poly_init(p);
    boxtoi_poly_init(d);
    boxtoi_poly_init(g);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    mpz_init(z);
    for (it = 0; it < iters; it++) {
        n = 1 + rnd(12);
        bits = 1 + rnd(128);
        boxtoi_poly_zero(p);
        for (i = 0; i <= n; i++) {
            mpz_urandomb(z, st, (mp_bitcnt_t)bits);
            if (i == n && mpz_sgn(z) == 0)
                mpz_set_ui(z, 1);
            if (rnd(2))
                mpz_neg(z, z);
            boxtoi_poly_set_coeff_mpz(p, i, z);
        }
        /* keep square-free inputs only (checked by the poly layer's gcd)
           so that the independent counter applies to p itself */
        boxtoi_poly_derivative(d, p);
        boxtoi_poly_gcd(g, p, d);
        if (boxtoi_poly_degree(g) > 0)
            continue;
        if (boxtoi_sturm_set(s, p) != 0)
            bail("sturm_set");
        mpz_set_si(mpq_numref(a), rnd(1L << 10) - (1L << 9));
        mpz_set_si(mpq_denref(a), 1 + rnd(32));
        mpq_canonicalize(a);
        mpz_set_si(mpq_numref(b), rnd(1L << 10) - (1L << 9));
        mpz_set_si(mpq_denref(b), 1 + rnd(32));
        mpq_canonicalize(b);
        if (mpq_cmp(a, b) > 0)
            mpq_swap(a, b);
        if (mpq_equal(a, b))
            continue;
        sa = t_sgn(p, a) == 0;
        sb = t_sgn(p, b) == 0;
        want = t_count_open(p, a, b) + sa + sb;
        got = boxtoi_sturm_count(s, a, b, 0);
        if (got != want && !bad_count++)
            diag("count: iteration %ld: want %ld got %ld", it, want, got);
        rc = boxtoi_roots_isolate_sturm(r, s, a, b, 0);
        if (rc != 0 || r->n != want || !t_isolation_ok(r, a, b, 0, &why)) {
            if (!bad_iso++)
                diag("isolate: iteration %ld: want %ld got %ld %s", it, want,
                     r->n, rc ? "error" : why);
            continue;
        }
        /* every root: no more roots than intervals, on the whole line */
        rc = boxtoi_roots_isolate_sturm(r, s, NULL, NULL, 0);
        if (rc != 0 || !t_isolation_ok(r, NULL, NULL, 0, &why)) {
            if (!bad_iso++)
                diag("isolate all: iteration %ld: %s", it, why);
            continue;
        }
        for (i = 0; i < r->n; i++) {
            mpq_set(a, r->lo + i);
            mpq_set(b, r->hi + i);
            rc = boxtoi_roots_refine(a, b, p, 300);
            if (rc != 0 || !width_ok(a, b, 300)
                || mpq_cmp(a, r->lo + i) < 0 || mpq_cmp(b, r->hi + i) > 0
                || (mpq_cmp(a, b) < 0 && t_sgn(p, a) * t_sgn(p, b) >= 0)
                || (mpq_cmp(a, b) == 0 && t_sgn(p, a) != 0)) {
                if (!bad_ref++)
                    diag("refine: iteration %ld interval %ld", it, i);
            }
        }
    }
    is_int(0, bad_count, "random integer polynomials: Sturm vs Descartes");
    is_int(0, bad_iso, "random integer polynomials: isolation invariant");
    is_int(0, bad_ref, "random integer polynomials: refine to 2^-300");
    boxtoi_poly_clear(p);
    boxtoi_poly_clear(d);
    boxtoi_poly_clear(g);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
    mpz_clear(z);
}

/* ---- rational roots --------------------------------------------------- */

static void test_find_rational(void)
{
    boxtoi_poly_t p;
    boxtoi_roots_t r;
    mpq_t x;
    mpz_t z;
    long i, nrat;
    int rc;
    const char *why;

    boxtoi_poly_init(p);
    boxtoi_roots_init(r);
    mpq_init(x);
    mpz_init(z);

    /* (2^100 t - 3)(t^2 + t - 1): 3/2^100 and (-1 +- sqrt 5)/2 */
    boxtoi_poly_set_si(p, 1);
    mpq_set_ui(x, 3, 1);
    mpq_div_2exp(x, x, 100);
    mul_root(p, x, 1);
    mul_quad(p, 1, 1, -1);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    for (i = 0, nrat = 0; i < r->n; i++)
        if (boxtoi_roots_find_rational(r->lo + i, r->hi + i, &r->sqfree)) {
            nrat++;
            if (!mpq_equal(r->lo + i, x) || !mpq_equal(r->hi + i, x))
                nrat += 100;
        }
    ok(rc == 0 && r->n == 3 && nrat == 1
           && t_isolation_ok(r, NULL, NULL, 0, &why),
       "(2^100 t - 3)(t^2 + t - 1): only 3/2^100 is rational");

    /* lc 6 = 2 * 3 makes the modular filter skip 2 and 3:
       (6t - 5)(t^2 - 3) and (6t^2 - 1) (t - 7/5). */
    boxtoi_poly_set_si(p, 1);
    mul_root_si(p, 5, 6, 1);
    mul_quad(p, 1, 0, -3);
    mul_quad(p, 6, 0, -1);
    mul_root_si(p, 7, 5, 1);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    for (i = 0, nrat = 0; i < r->n; i++)
        if (boxtoi_roots_find_rational(r->lo + i, r->hi + i, &r->sqfree)) {
            mpq_set_si(x, 5, 6);
            if (mpq_equal(r->lo + i, x))
                nrat++;
            mpq_set_si(x, 7, 5);
            if (mpq_equal(r->lo + i, x))
                nrat++;
            if (!mpq_equal(r->lo + i, r->hi + i))
                nrat += 100;
        }
    ok(rc == 0 && r->n == 6 && nrat == 2
           && t_isolation_ok(r, NULL, NULL, 0, &why),
       "(6t-5)(t^2-3)(6t^2-1)(5t-7): 5/6 and 7/5 only");

    /* A root at 0 with the others irrational: t (t^2 - 2). */
    boxtoi_poly_set_si(p, 1);
    mul_root_si(p, 0, 1, 1);
    mul_quad(p, 1, 0, -2);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    ok(rc == 0 && r->n == 3 && contains_sqrt_si(r, 0, 2, -1)
           && contains_sqrt_si(r, 2, 2, 1)
           && boxtoi_roots_find_rational(r->lo + 1, r->hi + 1, &r->sqfree)
           && mpq_sgn(r->lo + 1) == 0 && mpq_sgn(r->hi + 1) == 0,
       "t (t^2 - 2): 0 found exactly");

    /* Degree 72, above the modular filter's limit:
       (t - 1/3)^2 (t^70 - 2), roots -2^(1/70) < 1/3 < 2^(1/70). */
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_si(p, 70, 1);
    boxtoi_poly_set_coeff_si(p, 0, -2);
    mul_root_si(p, 1, 3, 2);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    mpq_set_si(x, 1, 3);
    ok(rc == 0 && r->n == 3 && find_interval(r, x) == 1
           && !boxtoi_roots_find_rational(r->lo, r->hi, &r->sqfree)
           && boxtoi_roots_find_rational(r->lo + 1, r->hi + 1, &r->sqfree)
           && mpq_equal(r->lo + 1, x)
           && !boxtoi_roots_find_rational(r->lo + 2, r->hi + 2, &r->sqfree),
       "(3t - 1)^2 (t^70 - 2): 1/3 found, +-2^(1/70) not");
    boxtoi_poly_clear(p);
    boxtoi_roots_clear(r);
    mpq_clear(x);
    mpz_clear(z);
}

/* ---- Descartes' method against Sturm bisection ----------------------- */

/* A random end for the cross-check: a known root, a dyadic number, a
   rational with another denominator, or a point very close to a root. */
static void rand_end2(mpq_t x, mpq_t *roots, long k)
{
    long w = rnd(5);
    if (k > 0 && w == 0) {
        mpq_set(x, roots[rnd(k)]);
    } else if (k > 0 && w == 1) {
        /* a root +- 2^-e */
        mpq_set_ui(x, 1, 1);
        mpq_div_2exp(x, x, (unsigned long)(1 + rnd(60)));
        if (rnd(2))
            mpq_neg(x, x);
        mpq_add(x, x, roots[rnd(k)]);
    } else if (w == 2) {
        mpz_set_si(mpq_numref(x), rnd(1L << 10) - (1L << 9));
        mpz_set_ui(mpq_denref(x), 1UL << rnd(8));
        mpq_canonicalize(x);
    } else {
        mpz_set_si(mpq_numref(x), rnd(1L << 12) - (1L << 11));
        mpz_set_si(mpq_denref(x), 1 + rnd(100));
        mpq_canonicalize(x);
    }
}

/* The i-th intervals of r1 and r2 hold the same root: both results are
   checked isolating, with as many intervals, in increasing order, so
   overlapping i-th intervals hold the same root. */
static int same_roots(const boxtoi_roots_t r1, const boxtoi_roots_t r2)
{
    long i;
    if (r1->n != r2->n || !boxtoi_poly_equal(&r1->sqfree, &r2->sqfree))
        return 0;
    for (i = 0; i < r1->n; i++)
        if (mpq_cmp(r1->lo + i, r2->hi + i) > 0
            || mpq_cmp(r2->lo + i, r1->hi + i) > 0)
            return 0;
    return 1;
}

/* boxtoi_roots_isolate (Descartes' method, lib/roots/vca.c) against
   boxtoi_roots_isolate_sturm (Sturm bisection), on random inputs of
   four kinds: dense with wide coefficients; products of known linear
   factors, repeated ones included, with roots at dyadic points (split
   points) and at the ends; Mignotte-like t^n - 2 (m t - 1)^2 (two
   roots about m^(-(n+2)/2) apart); and pairs of rational roots 2^-e
   apart.  Ends finite or infinite, open or closed.  Where the roots are
   known, the count is checked against comparisons too. */
static void test_descartes_vs_sturm(void)
{
    long iters = 300 * tap_multiplier(), it, i, j, k, n, kind, want;
    long bad_iso = 0, bad_cmp = 0, bad_count = 0, tried = 0;
    mpq_t roots[8], a, b;
    boxtoi_poly_t p;
    boxtoi_sturm_t s;
    boxtoi_roots_t r, r2;
    mpz_t z;
    const char *why;
    int flags, rc, rc2, c;

    boxtoi_poly_init(p);
    boxtoi_sturm_init(s);
    boxtoi_roots_init(r);
    boxtoi_roots_init(r2);
    mpq_init(a);
    mpq_init(b);
    mpz_init(z);
    for (i = 0; i < 8; i++)
        mpq_init(roots[i]);
    for (it = 0; it < iters; it++) {
        kind = it % 4;
        k = 0; /* number of known roots, -1: unknown */
        if (kind == 0) {
            long bits = 1 + rnd(300);
            n = 1 + rnd(14);
            boxtoi_poly_zero(p);
            for (i = 0; i <= n; i++) {
                mpz_urandomb(z, st, (mp_bitcnt_t)bits);
                if (i == n && mpz_sgn(z) == 0)
                    mpz_set_ui(z, 1);
                if (rnd(2))
                    mpz_neg(z, z);
                boxtoi_poly_set_coeff_mpz(p, i, z);
            }
            k = -1;
        } else if (kind == 1) {
            k = 1 + rnd(8);
            for (i = 0; i < k; i++) {
                mpz_set_si(mpq_numref(roots[i]), rnd(1L << 9) - (1L << 8));
                /* half of them dyadic */
                if (rnd(2))
                    mpz_set_ui(mpq_denref(roots[i]), 1UL << rnd(6));
                else
                    mpz_set_si(mpq_denref(roots[i]), 1 + rnd(40));
                mpq_canonicalize(roots[i]);
            }
        } else if (kind == 2) {
            long m = 3 + rnd(300), c1[3];
            n = 4 + rnd(11);
            c1[0] = -2;
            c1[1] = 4 * m;
            c1[2] = -2 * m * m;
            boxtoi_poly_set_coeffs_si(p, c1, 3);
            boxtoi_poly_set_coeff_si(p, n, rnd(2) ? 1 : -1);
            k = -1;
        } else {
            /* r, r + 2^-e, and some other roots */
            long e = 1 + rnd(80);
            k = 2 + rnd(3);
            mpz_set_si(mpq_numref(roots[0]), rnd(1L << 10) - (1L << 9));
            mpz_set_si(mpq_denref(roots[0]), 1 + rnd(30));
            mpq_canonicalize(roots[0]);
            mpq_set_ui(roots[1], 1, 1);
            mpq_div_2exp(roots[1], roots[1], (unsigned long)e);
            mpq_add(roots[1], roots[1], roots[0]);
            for (i = 2; i < k; i++) {
                mpz_set_si(mpq_numref(roots[i]), rnd(1L << 9) - (1L << 8));
                mpz_set_si(mpq_denref(roots[i]), 1 + rnd(9));
                mpq_canonicalize(roots[i]);
            }
        }
        if (k > 0) {
            qsort(roots, (size_t)k, sizeof(mpq_t), cmp_mpq);
            for (i = j = 0; i < k; i++)
                if (j == 0 || !mpq_equal(roots[i], roots[j - 1]))
                    mpq_swap(roots[j++], roots[i]);
            k = j;
            boxtoi_poly_set_si(p, rnd(2) ? 1 : -5);
            for (i = 0; i < k; i++)
                mul_root(p, roots[i], rnd(4) == 0 ? 2 + rnd(2) : 1);
            if (rnd(2)) /* a factor without real roots */
                mul_quad(p, 1 + rnd(5), rnd(7) - 3, 20 + rnd(100));
        }
        if (boxtoi_sturm_set(s, p) != 0)
            bail("sturm_set");
        for (j = 0; j < 6; j++) {
            mpq_srcptr pa = NULL, pb = NULL;
            rand_end2(a, roots, k > 0 ? k : 0);
            rand_end2(b, roots, k > 0 ? k : 0);
            if (rnd(5) != 0)
                pa = a;
            if (rnd(5) != 0)
                pb = b;
            if (pa && pb && mpq_cmp(a, b) > 0 && rnd(6) != 0)
                mpq_swap(a, b);
            flags = (int)rnd(4);
            tried++;
            rc = boxtoi_roots_isolate(r, p, pa, pb, flags);
            rc2 = boxtoi_roots_isolate_sturm(r2, s, pa, pb, flags);
            if (rc != 0 || rc2 != 0
                || !t_isolation_ok(r, pa, pb, flags, &why)) {
                if (!bad_iso++)
                    diag("descartes: iteration %ld.%ld (kind %ld): %s", it,
                         j, kind, rc ? "error" : why);
                continue;
            }
            if (!same_roots(r, r2) && !bad_cmp++)
                diag("descartes vs sturm: iteration %ld.%ld (kind %ld): "
                     "%ld and %ld roots", it, j, kind, r->n, r2->n);
            if (k <= 0)
                continue;
            for (i = 0, want = 0; i < k; i++) {
                int in = 1;
                if (pa) {
                    c = mpq_cmp(roots[i], a);
                    in = c > 0 || (c == 0 && !(flags & BOXTOI_OPEN_LO));
                }
                if (pb && in) {
                    c = mpq_cmp(roots[i], b);
                    in = c < 0 || (c == 0 && !(flags & BOXTOI_OPEN_HI));
                }
                want += in;
            }
            if (r->n != want && !bad_count++)
                diag("descartes: iteration %ld.%ld: want %ld got %ld", it, j,
                     want, r->n);
        }
    }
    diag("descartes vs sturm: %ld isolations", tried);
    is_int(0, bad_iso, "Descartes isolation: invariant of roots.h");
    is_int(0, bad_cmp, "Descartes isolation: same roots as Sturm's");
    is_int(0, bad_count, "Descartes isolation: counts of known roots");
    boxtoi_poly_clear(p);
    boxtoi_sturm_clear(s);
    boxtoi_roots_clear(r);
    boxtoi_roots_clear(r2);
    mpq_clear(a);
    mpq_clear(b);
    mpz_clear(z);
    for (i = 0; i < 8; i++)
        mpq_clear(roots[i]);
}

/* Hand-derived cases of boxtoi_roots_isolate. */
static void test_descartes_hand(void)
{
    boxtoi_poly_t p, e;
    boxtoi_roots_t r;
    mpq_t a, b, x;
    const char *why;
    int rc;

    boxtoi_poly_init(p);
    boxtoi_poly_init(e);
    boxtoi_roots_init(r);
    mpq_init(a);
    mpq_init(b);
    mpq_init(x);

    /* t^2 - 2 on [1, 2]: only sqrt 2 (1 - 2 < 0 < 4 - 2). */
    boxtoi_poly_set_coeff_si(p, 2, 1);
    boxtoi_poly_set_coeff_si(p, 0, -2);
    mpq_set_ui(a, 1, 1);
    mpq_set_ui(b, 2, 1);
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 1 && contains_sqrt_si(r, 0, 2, 1)
           && mpq_cmp(r->lo, a) >= 0 && mpq_cmp(r->hi, b) <= 0,
       "t^2 - 2 on [1, 2]: one interval, holding sqrt 2");
    /* on [-2, 2]: both, -sqrt 2 first */
    mpq_set_si(a, -2, 1);
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 2 && contains_sqrt_si(r, 0, 2, -1)
           && contains_sqrt_si(r, 1, 2, 1),
       "t^2 - 2 on [-2, 2]: -sqrt 2, then sqrt 2");
    /* on (1/3, 7/5): none, 7/5 < sqrt 2 (49 < 50) */
    set_q(a, "1/3");
    set_q(b, "7/5");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO);
    ok(rc == 0 && r->n == 0, "t^2 - 2 on (1/3, 7/5]: none");
    /* on [7/5, 17/12]: sqrt 2, as (7/5)^2 = 49/25 < 2 < 289/144 =
       (17/12)^2; the interval lies within these non-dyadic ends */
    set_q(b, "17/12");
    set_q(a, "7/5");
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 1 && contains_sqrt_si(r, 0, 2, 1)
           && mpq_cmp(r->lo, a) >= 0 && mpq_cmp(r->hi, b) <= 0
           && t_isolation_ok(r, a, b, 0, &why),
       "t^2 - 2 on [7/5, 17/12]: sqrt 2, inside the ends");

    /* (2t - 1)^2 (t + 3): square-free part (2t - 1)(t + 3) =
       2t^2 + 5t - 3, roots -3 and 1/2, both found by find_rational. */
    boxtoi_poly_set_si(p, 1);
    mul_root_si(p, 1, 2, 2);
    mul_root_si(p, -3, 1, 1);
    boxtoi_poly_zero(e);
    boxtoi_poly_set_coeff_si(e, 2, 2);
    boxtoi_poly_set_coeff_si(e, 1, 5);
    boxtoi_poly_set_coeff_si(e, 0, -3);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    is_poly(e, &r->sqfree, "(2t - 1)^2 (t + 3): square-free part");
    mpq_set_si(a, -3, 1);
    mpq_set_si(b, 1, 2);
    ok(rc == 0 && r->n == 2
           && boxtoi_roots_find_rational(r->lo, r->hi, &r->sqfree)
           && boxtoi_roots_find_rational(r->lo + 1, r->hi + 1, &r->sqfree)
           && mpq_equal(r->lo, a) && mpq_equal(r->hi, a)
           && mpq_equal(r->lo + 1, b) && mpq_equal(r->hi + 1, b),
       "(2t - 1)^2 (t + 3): roots -3 and 1/2 exactly");
    /* ends at the roots: [-3, 1/2] keeps both, exactly at the ends;
       (-3, 1/2) none; (-3, 1/2] only 1/2 */
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 2 && mpq_equal(r->lo, a) && mpq_equal(r->hi, a)
           && mpq_equal(r->lo + 1, b) && mpq_equal(r->hi + 1, b),
       "(2t - 1)^2 (t + 3) on [-3, 1/2]: [-3, -3] and [1/2, 1/2]");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO | BOXTOI_OPEN_HI);
    ok(rc == 0 && r->n == 0, "(2t - 1)^2 (t + 3) on (-3, 1/2): none");
    rc = boxtoi_roots_isolate(r, p, a, b, BOXTOI_OPEN_LO);
    ok(rc == 0 && r->n == 1 && mpq_equal(r->lo, b) && mpq_equal(r->hi, b),
       "(2t - 1)^2 (t + 3) on (-3, 1/2]: [1/2, 1/2]");

    /* (t + 1) t (t - 1) on [-2, 2]: the bisection of the dyadic
       [-2, 2] splits at 0, then at -1 and 1, so all three roots are
       split points, reported as [x, x]. */
    boxtoi_poly_set_si(p, 1);
    mul_root_si(p, -1, 1, 1);
    mul_root_si(p, 0, 1, 1);
    mul_root_si(p, 1, 1, 1);
    mpq_set_si(a, -2, 1);
    mpq_set_si(b, 2, 1);
    rc = boxtoi_roots_isolate(r, p, a, b, 0);
    ok(rc == 0 && r->n == 3 && mpz_cmp_si(mpq_numref(r->lo), -1) == 0
           && mpq_equal(r->lo, r->hi) && mpq_sgn(r->lo + 1) == 0
           && mpq_sgn(r->hi + 1) == 0 && mpq_cmp_si(r->lo + 2, 1, 1) == 0
           && mpq_cmp_si(r->hi + 2, 1, 1) == 0
           && mpz_cmp_ui(mpq_denref(r->lo), 1) == 0,
       "(t + 1) t (t - 1) on [-2, 2]: [-1, -1], [0, 0], [1, 1]");

    /* t^2 - 2 (1000 t - 1)^2, the Mignotte-like degree-2 case: two
       roots, 1/(1000 +- 1/sqrt 2), about 1.4 10^-6 apart; both
       intervals inside (0, 1/500). */
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_si(p, 2, 1 - 2000000L);
    boxtoi_poly_set_coeff_si(p, 1, 4000);
    boxtoi_poly_set_coeff_si(p, 0, -2);
    rc = boxtoi_roots_isolate(r, p, NULL, NULL, 0);
    set_q(b, "1/500");
    ok(rc == 0 && r->n == 2 && mpq_sgn(r->lo) >= 0
           && mpq_cmp(r->hi + 1, b) <= 0
           && t_isolation_ok(r, NULL, NULL, 0, &why),
       "t^2 - 2 (1000 t - 1)^2: two close roots separated");

    boxtoi_poly_clear(p);
    boxtoi_poly_clear(e);
    boxtoi_roots_clear(r);
    mpq_clear(a);
    mpq_clear(b);
    mpq_clear(x);
}

int main(void)
{
    tap_randinit(st);
    plan_lazy();
    test_trivial();
    test_sqrt2();
    test_squarefree();
    test_flags();
    test_wilkinson();
    test_chebyshev();
    test_sturm_small_prime_powers();
    test_mignotte();
    test_huge();
    test_random_rational();
    test_random_integer();
    test_find_rational();
    test_descartes_hand();
    test_descartes_vs_sturm();
    gmp_randclear(st);
    return 0;
}
