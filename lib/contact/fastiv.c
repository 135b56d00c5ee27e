/* lib/contact/fastiv.c: the interval operations of the pre-filter
   exported for the tests, its context, and conversions from exact
   numbers (outward rounded; see fast.c and lib/util/interval.h). */
#include "lib/contact/fast.h"

/* c->f, initialised on first use (most queries never need MPFR). */
static void ivctx_mpfr(contact_ivctx *c)
{
    if (!c->have_f) {
        mpfr_init2(c->f, 53);
        c->have_f = 1;
    }
}

void contact_iv_set_mpq(contact_ivctx *c, contact_iv *r, mpq_srcptr x)
{
    if (boxtoi_iv_set_mpq(r, x))
        return;
    ivctx_mpfr(c);
    mpfr_set_q(c->f, x, MPFR_RNDD);
    r->lo = mpfr_get_d(c->f, MPFR_RNDD);
    mpfr_set_q(c->f, x, MPFR_RNDU);
    r->hi = mpfr_get_d(c->f, MPFR_RNDU);
    if (!(r->lo >= -DBL_MAX && r->hi <= DBL_MAX))
        c->bad = 1;
}

void contact_iv_set_mpz_2exp(contact_ivctx *c, contact_iv *r, mpz_srcptr x,
                             long e)
{
    if (e == 0 && boxtoi_iv_set_mpz(r, x))
        return;
    ivctx_mpfr(c);
    mpfr_set_z_2exp(c->f, x, e, MPFR_RNDD);
    r->lo = mpfr_get_d(c->f, MPFR_RNDD);
    mpfr_set_z_2exp(c->f, x, e, MPFR_RNDU);
    r->hi = mpfr_get_d(c->f, MPFR_RNDU);
    if (!(r->lo >= -DBL_MAX && r->hi <= DBL_MAX))
        c->bad = 1;
}

/* The exported operations (impl.h), for the tests. */
contact_iv contact_iv_add(contact_ivctx *c, contact_iv a, contact_iv b)
{
    return iv_add(c, a, b);
}

contact_iv contact_iv_sub(contact_ivctx *c, contact_iv a, contact_iv b)
{
    return iv_sub(c, a, b);
}

contact_iv contact_iv_mul(contact_ivctx *c, contact_iv a, contact_iv b)
{
    return iv_mul(c, a, b);
}

contact_iv contact_iv_neg(contact_iv a)
{
    return boxtoi_iv_neg(a);
}

contact_iv contact_iv_abs(contact_iv a)
{
    return boxtoi_iv_abs(a);
}

contact_iv contact_iv_horner(contact_ivctx *c, const contact_iv *p, long len,
                             contact_iv t)
{
    return iv_horner(c, p, len, t);
}

void contact_ivctx_init(contact_ivctx *c)
{
    c->have_f = 0; /* the MPFR scratch is made when first needed */
    iv_reset(c);
}

void contact_ivctx_reset(contact_ivctx *c)
{
    iv_reset(c);
}

int contact_ivctx_failed(contact_ivctx *c)
{
    return iv_failed(c);
}

void contact_ivctx_clear(contact_ivctx *c)
{
    if (c->have_f)
        mpfr_clear(c->f);
}
