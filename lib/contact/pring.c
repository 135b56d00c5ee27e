/* lib/contact/pring.c: the ring in which the contact point and normal
   are computed (query format §5.2; doc/algorithm.md §10).

   Every quantity of point.c and normal.c is needed only through its
   value at the contact time t, and that value is unchanged when a
   multiple of a polynomial vanishing at t is subtracted.  At a rational
   t = p / q (q > 0) the quantities are integer polynomials in s = q t
   modulo s - p: a motion entry e(t) of degree at most N is replaced by
   q^N e(s / q) (the whole motion is scaled by q^N > 0, which a
   homogeneous matrix allows, doc/algorithm.md §10) and every product
   is reduced modulo s - p, i.e. evaluated at s = p by Horner's rule:
   every quantity is the integer equal to the homogeneous value at t,
   with no rational arithmetic, no polynomial products and no content
   division.  At an irrational t the ring is Z[t] itself (no
   reduction), with t refined first for the MPFR filter of the signs.
   Signs are exact (boxtoi_alg_sgn_poly at s* = p, resp. t); the results
   are mapped back to polynomials in t by s = q t. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/point.h"

void point_ring_init(pctx *c, const boxtoi_alg_struct *t0)
{
    boxtoi_alg_struct *t = c->t;
    mpq_t r;

    boxtoi_alg_init(t);
    boxtoi_poly_init(c->mod);
    mpz_init(c->a);
    mpq_init(r);
    boxtoi_alg_set(t, t0);
    if (boxtoi_alg_get_mpq(r, t)) {
        /* P = q t - p: R = s - p, s* = p */
        mpz_set(c->a, mpq_denref(r));
        boxtoi_poly_fit_length(c->mod, 2);
        mpz_neg(c->mod->coeffs + 0, mpq_numref(r));
        mpz_set_ui(c->mod->coeffs + 1, 1);
        boxtoi_poly_set_length_normalise(c->mod, 2);
        mpz_set_ui(mpq_denref(r), 1);
        boxtoi_alg_set_mpq(t, r);
        mpq_clear(r);
        return;
    }
    /* Irrational t: the ring is Z[t] itself (mod = 0, a = 1, no
       reduction).  Reducing modulo the monic a^(d-1) P(s / a) (a the
       leading coefficient of t's polynomial P, d its degree) keeps the
       degrees below d but multiplies the coefficients by powers of a:
       measured, the point and normal cost 2.1x as much on the tumbling
       workload and the mixed one (coefficients up to 1,500 bits) took
       9x as long (doc/performance.md, "The contact point and normal").
       So that the MPFR filter of boxtoi_alg_sgn_poly proves most
       non-zero signs at once (speed only): */
    boxtoi_alg_refine(t, 128);
    mpz_set_ui(c->a, 1);
    mpq_clear(r);
}

void point_ring_clear(pctx *c)
{
    boxtoi_alg_clear(c->t);
    boxtoi_poly_clear(c->mod);
    mpz_clear(c->a);
}

void point_red(pctx *c, boxtoi_poly_struct *p)
{
    long d = c->mod->length - 1, n = p->length - 1, i, j;
    const mpz_srcptr m = c->mod->coeffs;
    mpz_ptr x = p->coeffs;

    if (n < d || d < 0)
        return;
    for (i = n; i >= d; i--) {
        if (mpz_sgn(x + i) == 0)
            continue;
        for (j = 0; j < d; j++)
            mpz_submul(x + i - d + j, x + i, m + j);
        mpz_set_ui(x + i, 0);
    }
    boxtoi_poly_set_length_normalise(p, d);
}

void point_ring_motion(pctx *c, boxtoi_motion_t m, const boxtoi_motion_t e)
{
    long n = 0, i;
    int k;
    mpz_t pw;

    if (c->mod->length == 0) {
        boxtoi_motion_set(m, e);
        return;
    }
    for (k = 0; k < 16; k++)
        if (boxtoi_poly_degree(e->e + k) > n)
            n = boxtoi_poly_degree(e->e + k);
    mpz_init(pw);
    for (k = 0; k < 16; k++) {
        /* a^n e(s / a): coefficient i times a^(n - i) */
        const boxtoi_poly_struct *src = e->e + k;
        boxtoi_poly_struct *dst = m->e + k;
        boxtoi_poly_fit_length(dst, src->length);
        for (i = 0; i < src->length; i++) {
            mpz_pow_ui(pw, c->a, (unsigned long)(n - i));
            mpz_mul(dst->coeffs + i, src->coeffs + i, pw);
        }
        boxtoi_poly_set_length_normalise(dst, src->length);
        point_red(c, dst);
    }
    mpz_set_ui(m->den, 1);
    mpz_clear(pw);
}

void point_ring_out(pctx *c, boxtoi_poly_struct *p)
{
    mpz_t pw;
    long i;
    if (c->mod->length == 0)
        return;
    mpz_init_set(pw, c->a);
    for (i = 1; i < p->length; i++) {
        mpz_mul(p->coeffs + i, p->coeffs + i, pw);
        mpz_mul(pw, pw, c->a);
    }
    mpz_clear(pw);
}
