/* lib/poly/init.c: memory, assignment and coefficient access of
   boxtoi_poly_t.

   A polynomial is a dense array of mpz_t, constant term first, with the
   invariant length == 0 or coeffs[length-1] != 0 (doc/api.md
   "Polynomials").  Inside the layer the slots length .. alloc-1 are also
   kept at zero (lib/poly/impl.h), so a caller may grow with fit_length,
   write a few coefficients and call set_length_normalise.  The array is
   allocated with GMP's memory functions, so running out of memory
   behaves exactly as it does inside GMP (see doc/api.md "Memory"). */
#include <string.h>
#include "poly/impl.h"

void boxtoi_poly_init(boxtoi_poly_t p)
{
    p->coeffs = NULL;
    p->alloc = 0;
    p->length = 0;
}

void boxtoi_poly_init2(boxtoi_poly_t p, long alloc)
{
    boxtoi_poly_init(p);
    boxtoi_poly_fit_length(p, alloc);
}

void boxtoi_poly_clear(boxtoi_poly_t p)
{
    void (*gfree)(void *, size_t);
    long i;
    for (i = 0; i < p->alloc; i++)
        mpz_clear(p->coeffs + i);
    if (p->coeffs != NULL) {
        mp_get_memory_functions(NULL, NULL, &gfree);
        gfree(p->coeffs, (size_t)p->alloc * sizeof *p->coeffs);
    }
    boxtoi_poly_init(p);
}

void boxtoi_poly_fit_length(boxtoi_poly_t p, long len)
{
    void *(*galloc)(size_t);
    void *(*grealloc)(void *, size_t, size_t);
    long nalloc, i;

    if (len <= p->alloc)
        return;
    /* Grow geometrically so that repeated set_coeff stays linear. */
    nalloc = 2 * p->alloc > len ? 2 * p->alloc : len;
    mp_get_memory_functions(&galloc, &grealloc, NULL);
    if (p->coeffs == NULL)
        p->coeffs = galloc((size_t)nalloc * sizeof *p->coeffs);
    else
        p->coeffs = grealloc(p->coeffs,
                             (size_t)p->alloc * sizeof *p->coeffs,
                             (size_t)nalloc * sizeof *p->coeffs);
    /* New slots start at zero, as the layer's invariant requires. */
    for (i = p->alloc; i < nalloc; i++)
        mpz_init(p->coeffs + i);
    p->alloc = nalloc;
}

void boxtoi_poly_set_length_normalise(boxtoi_poly_t p, long len)
{
    long i, old = p->length < p->alloc ? p->length : p->alloc;
    if (len > p->alloc)
        len = p->alloc;
    if (len < 0)
        len = 0;
    while (len > 0 && mpz_sgn(p->coeffs + len - 1) == 0)
        len--;
    /* Dropped slots beyond the new length must read as zero. */
    for (i = len; i < old; i++)
        util_mpz_zero(p->coeffs + i);
    p->length = len;
}

void boxtoi_poly_set(boxtoi_poly_t res, const boxtoi_poly_t a)
{
    long i;
    if (res == a)
        return;
    boxtoi_poly_fit_length(res, a->length);
    for (i = 0; i < a->length; i++)
        mpz_set(res->coeffs + i, a->coeffs + i);
    for (i = a->length; i < res->length; i++)
        mpz_set_ui(res->coeffs + i, 0);
    res->length = a->length;
}

void boxtoi_poly_swap(boxtoi_poly_t a, boxtoi_poly_t b)
{
    boxtoi_poly_struct t = *a;
    *a = *b;
    *b = t;
}

void boxtoi_poly_zero(boxtoi_poly_t p)
{
    boxtoi_poly_set_length_normalise(p, 0);
}

void boxtoi_poly_set_si(boxtoi_poly_t p, long c)
{
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_si(p, 0, c);
}

void boxtoi_poly_set_mpz(boxtoi_poly_t p, mpz_srcptr c)
{
    mpz_t t;
    /* c may be a coefficient of p itself. */
    mpz_init_set(t, c);
    boxtoi_poly_zero(p);
    boxtoi_poly_set_coeff_mpz(p, 0, t);
    mpz_clear(t);
}

void boxtoi_poly_set_coeffs_si(boxtoi_poly_t p, const long *c, long len)
{
    long i;
    if (len < 0)
        len = 0;
    boxtoi_poly_fit_length(p, len);
    for (i = 0; i < len; i++)
        mpz_set_si(p->coeffs + i, c[i]);
    for (i = len; i < p->length; i++)
        mpz_set_ui(p->coeffs + i, 0);
    p->length = len;
    boxtoi_poly_set_length_normalise(p, len);
}

void boxtoi_poly_set_coeff_mpz(boxtoi_poly_t p, long i, mpz_srcptr c)
{
    if (i < 0)
        return;
    if (i >= p->length) {
        if (mpz_sgn(c) == 0)
            return;
        if (i >= p->alloc) {
            /* Growing may move the array, and c may be one of p's own
               coefficients: copy it first. */
            mpz_t t;
            mpz_init_set(t, c);
            boxtoi_poly_fit_length(p, i + 1);
            mpz_swap(p->coeffs + i, t);
            mpz_clear(t);
        } else {
            mpz_set(p->coeffs + i, c);
        }
        /* Slots length .. i-1 are already zero. */
        p->length = i + 1;
        return;
    }
    mpz_set(p->coeffs + i, c);
    if (i == p->length - 1)
        boxtoi_poly_set_length_normalise(p, p->length);
}

void boxtoi_poly_set_coeff_si(boxtoi_poly_t p, long i, long c)
{
    mpz_t t;
    mpz_init_set_si(t, c);
    boxtoi_poly_set_coeff_mpz(p, i, t);
    mpz_clear(t);
}

void boxtoi_poly_get_coeff_mpz(mpz_t res, const boxtoi_poly_t p, long i)
{
    if (i >= 0 && i < p->length)
        mpz_set(res, p->coeffs + i);
    else
        mpz_set_ui(res, 0);
}

void boxtoi_poly_set_linear_root_mpq(boxtoi_poly_t p, mpq_srcptr r)
{
    long i;
    /* d t - n with d > 0 (mpq is canonical), which is t - r when d = 1. */
    boxtoi_poly_fit_length(p, 2);
    mpz_neg(p->coeffs + 0, mpq_numref(r));
    mpz_set(p->coeffs + 1, mpq_denref(r));
    for (i = 2; i < p->length; i++)
        mpz_set_ui(p->coeffs + i, 0);
    p->length = 2;
}

long boxtoi_poly_degree(const boxtoi_poly_t p)
{
    return p->length - 1;
}

int boxtoi_poly_is_zero(const boxtoi_poly_t p)
{
    return p->length == 0;
}

int boxtoi_poly_equal(const boxtoi_poly_t a, const boxtoi_poly_t b)
{
    long i;
    if (a->length != b->length)
        return 0;
    for (i = 0; i < a->length; i++)
        if (mpz_cmp(a->coeffs + i, b->coeffs + i) != 0)
            return 0;
    return 1;
}

long boxtoi_poly_max_bits(const boxtoi_poly_t p)
{
    long i, b, m = 0;
    for (i = 0; i < p->length; i++) {
        if (mpz_sgn(p->coeffs + i) == 0)
            continue;
        b = (long)mpz_sizeinbase(p->coeffs + i, 2);
        if (b > m)
            m = b;
    }
    return m;
}

int boxtoi_poly_sgn_lc(const boxtoi_poly_t p)
{
    return p->length == 0 ? 0 : mpz_sgn(p->coeffs + p->length - 1);
}
