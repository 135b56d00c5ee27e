/* lib/motion/check.c: validity of a motion on a range of t.

   A motion is valid on [t0, t1] when it is affine (bottom row
   [0, 0, 0, w(t)]), w has no root in the closed range, and the 3x3 block
   A(t) is non-singular there (det A has no root).  Root counts are exact
   Sturm counts (doc/algorithm.md §2, §5), tried after cheaper proofs of
   no root (an MPFR interval evaluation, Descartes' rule on an unbounded
   range); a failure reports the first offending t, approximately, in
   the message. */
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/motion.h"
#include "lib/motion/impl.h"

void boxtoi_motion_block_det(boxtoi_poly_t res, const boxtoi_motion_t m)
{
    boxtoi_poly_t t, u;
    int k;
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

/* Returns 1 if p (non-zero) has a root in [t0, t1] (t1 NULL: +inf).
   Two cheap proofs that there is none come first: an MPFR interval
   evaluation over the closed range that excludes zero, or, for
   [t0, +inf), p(t0) != 0 and no sign variation in the coefficients of
   p(t0 + s) (Descartes: no positive root).  Otherwise the Sturm count
   decides. */
static int has_root_in(const boxtoi_poly_t p, mpq_srcptr t0, mpq_srcptr t1)
{
    boxtoi_sturm_t s;
    long n = 0;
    if (boxtoi_poly_degree(p) <= 0)
        return 0;
    if (t1 != NULL) {
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
/* For a constant 3x3 block whose numerators all have at most 40 bits:
   sets *sgn to the sign of its determinant, exactly (each of the six
   products has at most 120 bits, their sum at most 123) and returns 1.
   Returns 0 otherwise (the general path then decides). */
static int const_det_sign(int *sgn, const boxtoi_motion_t m)
{
    boxtoi_i128 a[9], det = 0;
    int k;
    for (k = 0; k < 9; k++) {
        const boxtoi_poly_struct *e = m->e + 4 * (k / 3) + k % 3;
        mp_limb_t x;
        if (e->length > 1)
            return 0;
        a[k] = 0;
        if (e->length == 0)
            continue;
        if (mpz_size(e->coeffs) != 1)
            return 0;
        x = mpz_getlimbn(e->coeffs, 0);
        if (x >> 20 >> 20 != 0) /* (two shifts: limbs may have 32 bits) */
            return 0;
        a[k] = mpz_sgn(e->coeffs) < 0 ? -(boxtoi_i128)x : (boxtoi_i128)x;
    }
    for (k = 0; k < 3; k++) {
        int c1 = (k + 1) % 3, c2 = (k + 2) % 3;
        det += a[k] * (a[3 + c1] * a[6 + c2] - a[3 + c2] * a[6 + c1]);
    }
    *sgn = (det > 0) - (det < 0);
    return 1;
}
#endif

int boxtoi_motion_check(const boxtoi_motion_t m, mpq_srcptr t0,
                        mpq_srcptr t1, const char *name,
                        boxtoi_errinfo *err)
{
    boxtoi_poly_t d;
    char where[96];
    int j, rc = BOXTOI_OK;

    for (j = 0; j < 3; j++)
        if (!boxtoi_poly_is_zero(m->e + 12 + j))
            return boxtoi_errinfo_set(
                err, BOXTOI_EPROJECTIVE,
                "%s[3][%d]: the bottom row must be [0, 0, 0, w(t)] "
                "(projective motions are not supported)", name, j);
    if (boxtoi_poly_is_zero(m->e + 15))
        return boxtoi_errinfo_set(err, BOXTOI_EWEIGHT,
                                  "%s[3][3]: w(t) is identically zero", name);
    if (has_root_in(m->e + 15, t0, t1)) {
        describe_first_root(where, sizeof where, m->e + 15, t0, t1);
        return boxtoi_errinfo_set(err, BOXTOI_EWEIGHT,
                                  "%s[3][3]: w(t) vanishes in the range%s",
                                  name, where);
    }
#ifdef BOXTOI_HAVE_I128
    {
        /* constant orientations, the common case: no polynomial */
        int sgn;
        if (const_det_sign(&sgn, m))
            return sgn != 0 ? BOXTOI_OK
                            : boxtoi_errinfo_set(
                                  err, BOXTOI_ESINGULAR,
                                  "%s: the 3x3 block is singular for "
                                  "every t", name);
    }
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
