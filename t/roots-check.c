/* t/roots-check.c: the independent exact arithmetic, polynomial
   builders and isolation checks shared by the tests of lib/roots
   (t/roots-t.c, t/roots-hard-t.c, t/roots-random-t.c, t/roots-vca-t.c).

   Nothing here calls the library's root code: signs are Horner over Q,
   counts are Descartes' rule after a Moebius map with bisection, on
   mpz/mpq code that shares nothing with lib/roots; the invariant of
   roots.h is checked with those exact signs and counts. */
#include <stdlib.h>
#include "roots-check.h"

gmp_randstate_t st;

long rnd(long n) /* uniform in [0, n) */
{
    return (long)gmp_urandomm_ui(st, (unsigned long)n);
}

/* ---- independent exact arithmetic ------------------------------------ */

/* Sign of q(x) by Horner over Q (the library uses integer Horner). */
int t_sgn(const boxtoi_poly_t q, mpq_srcptr x)
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
long t_count_open(const boxtoi_poly_t q, mpq_srcptr lo,
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
void mul_root(boxtoi_poly_t p, mpq_srcptr r, unsigned long e)
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

void mul_root_si(boxtoi_poly_t p, long n, long d, unsigned long e)
{
    mpq_t r;
    mpq_init(r);
    mpq_set_si(r, n, (unsigned long)d);
    mpq_canonicalize(r);
    mul_root(p, r, e);
    mpq_clear(r);
}

/* p *= c2 t^2 + c1 t + c0 */
void mul_quad(boxtoi_poly_t p, long c2, long c1, long c0)
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

void set_q(mpq_t q, const char *s)
{
    if (mpq_set_str(q, s, 10) != 0)
        bail("bad rational %s", s);
    mpq_canonicalize(q);
}

/* ---- checking isolation results ----------------------------------------- */

/* Checks the invariant of roots.h on r for the interval (a, b, flags),
   with exact signs and independent counts computed here; *why names the
   first violation. */
int t_isolation_ok(const boxtoi_roots_t r, mpq_srcptr a,
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
long find_interval(const boxtoi_roots_t r, mpq_srcptr x)
{
    long i;
    for (i = 0; i < r->n; i++)
        if (mpq_cmp(r->lo + i, x) <= 0 && mpq_cmp(x, r->hi + i) <= 0)
            return i;
    return -1;
}

/* Interval i contains sg sqrt(c) (c > 0 rational) exactly: lo^2 < c <
   hi^2 for the positive root, mirrored for the negative one. */
int contains_sqrt(const boxtoi_roots_t r, long i, mpq_srcptr c,
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

int contains_sqrt_si(const boxtoi_roots_t r, long i, long c, int sg)
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
int width_ok(mpq_srcptr lo, mpq_srcptr hi, long bits)
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

long count_in(mpq_t *roots, long k, mpq_srcptr a, mpq_srcptr b,
              int flags)
{
    long i, n = 0;
    int c;
    for (i = 0; i < k; i++) {
        int in = 1;
        if (a != NULL) {
            c = mpq_cmp(roots[i], a);
            in = c > 0 || (c == 0 && !(flags & BOXTOI_OPEN_LO));
        }
        if (b != NULL && in) {
            c = mpq_cmp(roots[i], b);
            in = c < 0 || (c == 0 && !(flags & BOXTOI_OPEN_HI));
        }
        n += in;
    }
    return n;
}

int cmp_mpq(const void *x, const void *y)
{
    return mpq_cmp((mpq_srcptr)x, (mpq_srcptr)y);
}
