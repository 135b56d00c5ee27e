/* lib/motion/check.c: validity of a motion on a range of t.

   A motion is valid on [t0, t1] when it is affine (bottom row
   [0, 0, 0, w(t)]), w has no root in the closed range, and the 3x3 block
   A(t) is non-singular there (det A has no root).  Root counts are exact
   Sturm counts (doc/algorithm.md §2, §5), tried after cheaper proofs of
   no root (an MPFR interval evaluation, Descartes' rule on the range);
   a failure reports the first offending t, approximately, in the
   message.  A scaled rotation (A^T A = w^2 I) skips the determinant:
   det A = +-w^3 then; a constant block's determinant has its own paths
   (constdet.c). */
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/motion.h"
#include "lib/motion/impl.h"
#include "lib/poly/poly128.h"

#ifdef BOXTOI_HAVE_I128
/* a[0..9) = the block's numerators, w = the weight's, when they fit
   poly_i128; 0 otherwise. */
static int block_i128(poly_i128 a[9], poly_i128 *w, const boxtoi_motion_t m)
{
    int k;
    for (k = 0; k < 9; k++)
        if (!poly_i128_set_poly(a + k, m->e + 4 * (k / 3) + k % 3))
            return 0;
    return w == NULL || poly_i128_set_poly(w, m->e + 15);
}

/* The determinant in 128-bit integers when the block's entries fit
   (every product and sum checked, poly128.h).  Returns 0 (res
   untouched) otherwise. */
static int small_block_det(boxtoi_poly_t res, const boxtoi_motion_t m)
{
    poly_i128 a[9], t, det;
    int k;
    if (!block_i128(a, NULL, m))
        return 0;
    poly_i128_zero(&det);
    for (k = 0; k < 3; k++) {
        int c1 = (k + 1) % 3, c2 = (k + 2) % 3;
        /* t = e[1][c1] e[2][c2] - e[1][c2] e[2][c1] (rows 1 and 2) */
        if (!poly_i128_mul(&t, a + 3 + c1, a + 6 + c2)
            || !poly_i128_addmul(&t, a + 3 + c2, a + 6 + c1, -1)
            || !poly_i128_addmul(&det, a + k, &t, 1))
            return 0;
    }
    poly_i128_get_poly(res, &det);
    return 1;
}

#endif

void boxtoi_motion_block_det(boxtoi_poly_t res, const boxtoi_motion_t m)
{
    boxtoi_poly_t t, u;
    int k;
#ifdef BOXTOI_HAVE_I128
    if (small_block_det(res, m))
        return;
#endif
    boxtoi_poly_init(t);
    boxtoi_poly_init(u);
    boxtoi_poly_zero(res);
    for (k = 0; k < 3; k++) {
        int c1 = (k + 1) % 3, c2 = (k + 2) % 3;
        boxtoi_poly_mul(t, m->e + 4 + c1, m->e + 8 + c2);
        boxtoi_poly_mul(u, m->e + 4 + c2, m->e + 8 + c1);
        boxtoi_poly_sub(t, t, u);
        boxtoi_poly_addmul(res, m->e + k, t);
    }
    boxtoi_poly_clear(t);
    boxtoi_poly_clear(u);
}

/* Describes the least root of p in the range for an error message: its
   decimal value to 6 digits (exact rational when it is one). */
static void describe_first_root(char *buf, size_t size,
                                const boxtoi_poly_t p, mpq_srcptr t0,
                                mpq_srcptr t1)
{
    boxtoi_roots_t r;
    boxtoi_alg_t a;
    boxtoi_strbuf sb;
    mpq_t q;

    buf[0] = '\0';
    boxtoi_roots_init(r);
    boxtoi_alg_init(a);
    boxtoi_strbuf_init(&sb);
    mpq_init(q);
    if (boxtoi_roots_isolate(r, p, t0, t1, 0) == BOXTOI_OK && r->n > 0) {
        boxtoi_alg_set_root(a, r, 0);
        if (boxtoi_alg_get_mpq(q, a)) {
            if (boxtoi_strbuf_put_mpq(&sb, q) == BOXTOI_OK)
                snprintf(buf, size, " at t = %s", boxtoi_strbuf_str(&sb));
        } else if (boxtoi_alg_get_str(&sb, a, 6) == BOXTOI_OK) {
            snprintf(buf, size, " at t ~ %s", boxtoi_strbuf_str(&sb));
        }
    }
    mpq_clear(q);
    boxtoi_strbuf_clear(&sb);
    boxtoi_alg_clear(a);
    boxtoi_roots_clear(r);
}

/* Does Descartes' rule prove that p has no root in the open (t0, t1)?
   The Moebius map t = (t0 + t1 x) / (1 + x) sends x in (0, inf) onto
   (t0, t1); no sign variation in the coefficients of
   (1 + x)^n p((t0 + t1 x) / (1 + x)) (scaled into Z[x]) means no
   positive root [Collins and Akritas 1976]. */
static int descartes_no_root(const boxtoi_poly_t p, mpq_srcptr t0,
                             mpq_srcptr t1)
{
    boxtoi_poly_t r;
    long v;
    boxtoi_poly_init(r);
    v = boxtoi_roots_descartes(p, t0, t1, r);
    boxtoi_poly_clear(r);
    return v == 0;
}

#ifdef BOXTOI_HAVE_I128
/* *x = z when |z| < 2^60; returns 0 otherwise. */
static int get_small(boxtoi_i128 *x, mpz_srcptr z)
{
    return boxtoi_mpz_get_i128(x, z, 60);
}

static int bits128(boxtoi_i128 x)
{
    return boxtoi_nbits_i128(boxtoi_uabs_i128(x));
}

/* descartes_no_root in 128-bit integers, for small p and range ends:
   1 when p(t0) p(t1) != 0 and Descartes' rule proves no root in between
   (so none in [t0, t1]), 0 when that is not proved, -1 when the numbers
   are too large (the caller then uses GMP).  With t0 = a/b, t1 = c/d,
   t = (A + E s) / D where A = a d, E = c b - a d, D = b d, and
   q(s) = D^n p(t) = r_0 by Horner, r_n = p_n, r_k = r_{k+1} (A + E s)
   + p_k D^(n-k).  Bounds: |q's coefficients| <= (n + 1) 2^(cb + n (m+1))
   for coefficients below 2^cb and |A|, |E|, D below 2^m, and the shift
   by 1 below multiplies them by at most 2^n: all below 2^125 when
   cb + n (m + 2) + 4 <= 125 (n <= 15). */
static int small_no_root(const boxtoi_poly_t p, mpq_srcptr t0,
                         mpq_srcptr t1)
{
    boxtoi_i128 c[16], q[16], a, b, cc, d, A, E, D, Dk[16];
    long n = p->length - 1, i, k;
    int cb = 0, m, v, last;

    if (n < 1 || n > 15 || !get_small(&a, mpq_numref(t0))
        || !get_small(&b, mpq_denref(t0)) || !get_small(&cc, mpq_numref(t1))
        || !get_small(&d, mpq_denref(t1)))
        return -1;
    for (i = 0; i <= n; i++) {
        if (!get_small(c + i, p->coeffs + i))
            return -1;
        if (bits128(c[i]) > cb)
            cb = bits128(c[i]);
    }
    A = a * d;
    E = cc * b - a * d;
    D = b * d;
    m = bits128(A);
    if (bits128(E) > m)
        m = bits128(E);
    if (bits128(D) > m)
        m = bits128(D);
    if (cb + n * (m + 2) + 4 > 125)
        return -1;
    Dk[0] = 1;
    for (k = 1; k <= n; k++)
        Dk[k] = Dk[k - 1] * D;
    /* q = r_0, coefficients of s^0 .. s^n */
    for (i = 0; i <= n; i++)
        q[i] = 0;
    q[0] = c[n];
    for (k = n - 1; k >= 0; k--) {
        /* q := q (A + E s) + c_k D^(n-k); q has degree n-1-k here */
        for (i = n - k; i >= 1; i--)
            q[i] = q[i] * A + q[i - 1] * E;
        q[0] = q[0] * A + c[k] * Dk[n - k];
    }
    /* q(0) = D^n p(t0), q(1) = D^n p(t1) */
    {
        boxtoi_i128 s1 = 0;
        for (i = 0; i <= n; i++)
            s1 += q[i];
        if (q[0] == 0 || s1 == 0)
            return 0;
    }
    /* R(y) = (1 + y)^n q(1 / (1 + y)): reverse, then shift by 1 */
    for (i = 0; i < n - i; i++) {
        boxtoi_i128 x = q[i];
        q[i] = q[n - i];
        q[n - i] = x;
    }
    for (k = 0; k < n; k++)
        for (i = n - 1; i >= k; i--)
            q[i] += q[i + 1];
    v = 0;
    last = 0;
    for (i = 0; i <= n; i++) {
        int sg = (q[i] > 0) - (q[i] < 0);
        if (sg != 0) {
            v += last != 0 && sg != last;
            last = sg;
        }
    }
    return v == 0;
}

/* 1 when p has degree 2 and a negative discriminant c1^2 - 4 c0 c2,
   hence no real root (doc/algorithm.md §2.2; the weight |q|^2 of a
   quaternion motion of degree 1); 0 when that is not shown (another
   degree, a discriminant >= 0, coefficients of 62 bits or more). */
static int quadratic_no_root(const boxtoi_poly_t p)
{
    boxtoi_i128 c0, c1, c2;
    if (p->length != 3 || !boxtoi_mpz_get_i128(&c0, p->coeffs, 62)
        || !boxtoi_mpz_get_i128(&c1, p->coeffs + 1, 62)
        || !boxtoi_mpz_get_i128(&c2, p->coeffs + 2, 62))
        return 0;
    return c1 * c1 < 4 * c0 * c2; /* |c1^2|, |4 c0 c2| < 2^126 */
}
#endif

/* Returns 1 if p (non-zero) has a root in [t0, t1] (t1 NULL: +inf).
   Cheap proofs that there is none come first: a quadratic's negative
   discriminant, an MPFR interval
   evaluation over the closed range that excludes zero; for a finite
   range, p(t0) p(t1) != 0 and Descartes' rule on (t0, t1); for
   [t0, +inf), p(t0) != 0 and no sign variation in the coefficients of
   p(t0 + s).  Otherwise the Sturm count decides. */
static int has_root_in(const boxtoi_poly_t p, mpq_srcptr t0, mpq_srcptr t1)
{
    boxtoi_sturm_t s;
    long n = 0;
    if (boxtoi_poly_degree(p) <= 0)
        return 0;
#ifdef BOXTOI_HAVE_I128
    if (quadratic_no_root(p))
        return 0;
#endif
    if (t1 != NULL) {
#ifdef BOXTOI_HAVE_I128
        if (mpq_cmp(t0, t1) < 0 && small_no_root(p, t0, t1) == 1)
            return 0;
#endif
        /* Descartes first (decided in interval arithmetic when it can;
           the order: doc/performance.md, "Measured choices"), then
           MPFR, which may prove what Descartes' over-count does not */
        if (mpq_cmp(t0, t1) < 0 && boxtoi_poly_sgn_at_mpq(p, t0) != 0
            && boxtoi_poly_sgn_at_mpq(p, t1) != 0
            && descartes_no_root(p, t0, t1))
            return 0;
        if (boxtoi_poly_sgn_on_interval_mpfr(p, t0, t1, 64) != 0)
            return 0;
    } else if (boxtoi_poly_sgn_at_mpq(p, t0) != 0) {
        boxtoi_poly_t sh;
        long v;
        boxtoi_poly_init(sh);
        boxtoi_poly_taylor_shift_mpq(sh, p, t0);
        v = boxtoi_poly_sign_variations(sh);
        boxtoi_poly_clear(sh);
        if (v == 0)
            return 0;
    }
    boxtoi_sturm_init(s);
    if (boxtoi_sturm_set(s, p) == BOXTOI_OK)
        n = boxtoi_sturm_count(s, t0, t1, 0);
    boxtoi_sturm_clear(s);
    return n > 0;
}

#ifdef BOXTOI_HAVE_I128
/* Is the block a rotation scaled by w, A^T A = w^2 I, exactly (every
   quaternion motion)?  Then det A = +-w^3 has the roots of w, none in
   the range once w is checked, and no determinant is needed
   (doc/algorithm.md §1).  The entries' numerators share the
   denominator, which cancels from both sides.  Returns 1 when proved,
   0 otherwise (also when the numbers are too large).  With out not
   NULL, the verdict for the relative motion (motion_checked in impl.h):
   out->rot = sg when proved with its sign, else 2, and the numerators
   read for the test kept in out (nums = 1 when they all fit). */
static int scaled_rotation(const boxtoi_motion_t m, motion_checked *out)
{
    poly_i128 ab[9], wb, *a = out != NULL ? out->a : ab;
    poly_i128 *w = out != NULL ? &out->w : &wb;
    int sg = 0, r, nums;
    nums = block_i128(a, w, m);
    r = nums && motion_scaled_rotation_i128(&sg, a, w);
    if (out != NULL) {
        out->rot = r && sg != 0 ? sg : 2;
        out->nums = nums;
    }
    return r;
}
#endif

int boxtoi_motion_check(const boxtoi_motion_t m, mpq_srcptr t0,
                        mpq_srcptr t1, const char *name,
                        boxtoi_errinfo *err)
{
    return motion_check(m, t0, t1, name, err, NULL);
}

int motion_check(const boxtoi_motion_t m, mpq_srcptr t0, mpq_srcptr t1,
                 const char *name, boxtoi_errinfo *err, motion_checked *out)
{
    boxtoi_poly_t d;
    char where[96];
    int j, rc = BOXTOI_OK;

    if (out != NULL) {
        out->rot = 0;
#ifdef BOXTOI_HAVE_I128
        out->nums = 0;
#endif
    }
    for (j = 0; j < 3; j++) /* lengths inline: before every solve */
        if (m->e[12 + j].length != 0)
            return boxtoi_errinfo_set(
                err, BOXTOI_EPROJECTIVE,
                "%s[3][%d]: the bottom row must be [0, 0, 0, w(t)] "
                "(projective motions are not supported)", name, j);
    if (m->e[15].length == 0)
        return boxtoi_errinfo_set(err, BOXTOI_EWEIGHT,
                                  "%s[3][3]: w(t) is identically zero", name);
    /* a non-zero constant w has no root (has_root_in's first test) */
    if (m->e[15].length > 1 && has_root_in(m->e + 15, t0, t1)) {
        describe_first_root(where, sizeof where, m->e + 15, t0, t1);
        return boxtoi_errinfo_set(err, BOXTOI_EWEIGHT,
                                  "%s[3][3]: w(t) vanishes in the range%s",
                                  name, where);
    }
    {
        /* constant orientations, the common case: no polynomial */
        int sgn;
        if (motion_const_det_sign(&sgn, m))
            return sgn != 0 ? BOXTOI_OK
                            : boxtoi_errinfo_set(
                                  err, BOXTOI_ESINGULAR,
                                  "%s: the 3x3 block is singular for "
                                  "every t", name);
    }
#ifdef BOXTOI_HAVE_I128
    /* w has no root in the range (checked above) */
    if (scaled_rotation(m, out))
        return BOXTOI_OK;
#endif
    boxtoi_poly_init(d);
    boxtoi_motion_block_det(d, m);
    if (boxtoi_poly_is_zero(d)) {
        rc = boxtoi_errinfo_set(err, BOXTOI_ESINGULAR,
                                "%s: the 3x3 block is singular for every t",
                                name);
    } else if (has_root_in(d, t0, t1)) {
        describe_first_root(where, sizeof where, d, t0, t1);
        rc = boxtoi_errinfo_set(err, BOXTOI_ESINGULAR,
                                "%s: the 3x3 block is singular in the "
                                "range%s", name, where);
    }
    boxtoi_poly_clear(d);
    return rc;
}
