/* lib/poly/arith.c: ring operations on integer polynomials.

   Addition, negation, scalar operations, shifts and derivatives work
   coefficient by coefficient and in place.  Products use the schoolbook
   method with mpz_addmul (the degrees met in boxtoi are small,
   doc/algorithm.md §5), in machine words when the coefficients are
   small enough for every sum to fit (64-bit sums, or 128-bit sums of
   products of 63-bit operands); powers use binary exponentiation
   [Knuth, TAOCP vol. 2, §4.6.3].  Outputs may alias inputs except for
   addmul and submul (see include/boxtoi/poly.h). */
#include <limits.h>
#include "poly/impl.h"

/* Makes res (unless it is a) room for a's coefficients, those beyond
   them zero: the set-up of a coefficient-wise operation. */
static void fit_like(boxtoi_poly_t res, const boxtoi_poly_t a)
{
    long i;
    if (res != a) {
        boxtoi_poly_fit_length(res, a->length);
        for (i = a->length; i < res->length; i++)
            mpz_set_ui(res->coeffs + i, 0);
    }
}

void boxtoi_poly_neg(boxtoi_poly_t res, const boxtoi_poly_t a)
{
    long i;
    fit_like(res, a);
    for (i = 0; i < a->length; i++)
        mpz_neg(res->coeffs + i, a->coeffs + i);
    res->length = a->length;
}

/* res = a + s b for s = +1 or -1. */
static void add_sub(boxtoi_poly_t res, const boxtoi_poly_t a,
                    const boxtoi_poly_t b, int s)
{
    long i, la = a->length, lb = b->length;
    long len = la > lb ? la : lb;

    /* fit_length may move res->coeffs; a and b are read through their
       structs afterwards, so aliasing res stays valid. */
    boxtoi_poly_fit_length(res, len);
    for (i = 0; i < len; i++) {
        if (i < la && i < lb) {
            if (s > 0)
                mpz_add(res->coeffs + i, a->coeffs + i, b->coeffs + i);
            else
                mpz_sub(res->coeffs + i, a->coeffs + i, b->coeffs + i);
        } else if (i < la) {
            mpz_set(res->coeffs + i, a->coeffs + i);
        } else if (s > 0) {
            mpz_set(res->coeffs + i, b->coeffs + i);
        } else {
            mpz_neg(res->coeffs + i, b->coeffs + i);
        }
    }
    /* Slots len .. old length-1 are zeroed by the normalisation. */
    if (res->length < len)
        res->length = len;
    boxtoi_poly_set_length_normalise(res, len);
}

void boxtoi_poly_add(boxtoi_poly_t res, const boxtoi_poly_t a,
                     const boxtoi_poly_t b)
{
    add_sub(res, a, b, 1);
}

void boxtoi_poly_sub(boxtoi_poly_t res, const boxtoi_poly_t a,
                     const boxtoi_poly_t b)
{
    add_sub(res, a, b, -1);
}

/* res += s a b (s = +1 or -1); res must not alias a or b. */
/* Word-size kernel: when every coefficient of a and b fits in a long and
   |a_i| < 2^ea, |b_j| < 2^eb with ea + eb + (bits of the number of
   terms of a coefficient) <= 62, each coefficient of a b is a sum that
   cannot overflow a 64-bit long, so it is accumulated exactly in one
   and added to res with a single GMP call.  Returns 0 (res untouched)
   when the operands are too large or too long. */
#define SMALL_LEN 32
#if LONG_MAX >= 9223372036854775807L
#if defined(BOXTOI_HAVE_I128) && __GNU_MP_VERSION >= 6
/* The same with sums in 128 bits, for operands of up to 63 bits whose
   products' sums stay below 2^126 (bits = ea + eb + et <= 125): each
   coefficient of a b is accumulated exactly in a 128-bit integer and
   added to res in one GMP call, through a read-only mpz on its two
   limbs (mpz_roinit_n, GMP 6).  av, bv hold a's and b's coefficients. */
static int addmul_wide(boxtoi_poly_struct *res, const boxtoi_poly_t a,
                       const boxtoi_poly_t b, int s, const long *av,
                       const long *bv, int bits)
{
    long i, k, len;
    if (bits > 125 || GMP_NUMB_BITS != 64)
        return 0;
    len = a->length + b->length - 1;
    for (k = 0; k < len; k++) {
        boxtoi_i128 acc = 0;
        boxtoi_u128 m;
        mp_limb_t limbs[2];
        mpz_t t;
        long lo = k - (b->length - 1);
        for (i = lo > 0 ? lo : 0; i < a->length && i <= k; i++)
            acc += (boxtoi_i128)av[i] * bv[k - i];
        if (acc == 0)
            continue;
        if (s < 0)
            acc = -acc;
        m = boxtoi_uabs_i128(acc);
        limbs[0] = (mp_limb_t)m;
        limbs[1] = (mp_limb_t)(m >> 64);
        mpz_roinit_n(t, limbs, limbs[1] != 0 ? 2 : 1);
        if (acc > 0)
            mpz_add(res->coeffs + k, res->coeffs + k, t);
        else
            mpz_sub(res->coeffs + k, res->coeffs + k, t);
    }
    return 1;
}
#define HAVE_ADDMUL_WIDE 1
#endif

static int addmul_small(boxtoi_poly_struct *res, const boxtoi_poly_t a,
                        const boxtoi_poly_t b, int s)
{
    long av[SMALL_LEN], bv[SMALL_LEN], i, j, k, len, terms;
    unsigned long am = 0, bm = 0;
    int ea = 0, eb = 0, et = 0;

    if (a->length > SMALL_LEN || b->length > SMALL_LEN)
        return 0;
    for (i = 0; i < a->length; i++) {
        if (!mpz_fits_slong_p(a->coeffs + i))
            return 0;
        av[i] = mpz_get_si(a->coeffs + i);
        am |= av[i] < 0 ? -(unsigned long)av[i] : (unsigned long)av[i];
    }
    for (j = 0; j < b->length; j++) {
        if (!mpz_fits_slong_p(b->coeffs + j))
            return 0;
        bv[j] = mpz_get_si(b->coeffs + j);
        bm |= bv[j] < 0 ? -(unsigned long)bv[j] : (unsigned long)bv[j];
    }
    /* am, bm: or of the magnitudes, so |a_i| < 2^ea, |b_j| < 2^eb */
    while (am != 0) {
        am >>= 1;
        ea++;
    }
    while (bm != 0) {
        bm >>= 1;
        eb++;
    }
    terms = a->length < b->length ? a->length : b->length;
    while ((1L << et) < terms)
        et++;
    if (ea + eb + et > 62) {
#ifdef HAVE_ADDMUL_WIDE
        return addmul_wide(res, a, b, s, av, bv, ea + eb + et);
#else
        return 0;
#endif
    }
    len = a->length + b->length - 1;
    for (k = 0; k < len; k++) {
        long acc = 0, lo = k - (b->length - 1);
        for (i = lo > 0 ? lo : 0; i < a->length && i <= k; i++)
            acc += av[i] * bv[k - i];
        if (s < 0)
            acc = -acc;
        if (acc > 0)
            mpz_add_ui(res->coeffs + k, res->coeffs + k, (unsigned long)acc);
        else if (acc < 0)
            mpz_sub_ui(res->coeffs + k, res->coeffs + k,
                       -(unsigned long)acc);
    }
    return 1;
}
#else
static int addmul_small(boxtoi_poly_struct *res, const boxtoi_poly_t a,
                        const boxtoi_poly_t b, int s)
{
    (void)res;
    (void)a;
    (void)b;
    (void)s;
    return 0;
}
#endif

static void addmul_sub(boxtoi_poly_t res, const boxtoi_poly_t a,
                       const boxtoi_poly_t b, int s)
{
    long i, j, len;
    if (a->length == 0 || b->length == 0)
        return;
    if (a->length == 1 && b->length == 1) {
        /* constants (the contact point at a rational t): only the
           constant coefficient changes */
        boxtoi_poly_fit_length(res, 1);
        if (s > 0)
            mpz_addmul(res->coeffs, a->coeffs, b->coeffs);
        else
            mpz_submul(res->coeffs, a->coeffs, b->coeffs);
        if (res->length <= 1)
            boxtoi_poly_set_length_normalise(res, 1);
        return;
    }
    len = a->length + b->length - 1;
    boxtoi_poly_fit_length(res, len);
    if (addmul_small(res, a, b, s)) {
        if (len < res->length)
            len = res->length;
        res->length = len;
        boxtoi_poly_set_length_normalise(res, len);
        return;
    }
    /* Slots beyond res->length are zero, so accumulating into them is
       right. */
    for (i = 0; i < a->length; i++) {
        if (mpz_sgn(a->coeffs + i) == 0)
            continue;
        for (j = 0; j < b->length; j++) {
            if (s > 0)
                mpz_addmul(res->coeffs + i + j, a->coeffs + i,
                           b->coeffs + j);
            else
                mpz_submul(res->coeffs + i + j, a->coeffs + i,
                           b->coeffs + j);
        }
    }
    if (len < res->length)
        len = res->length;
    res->length = len;
    boxtoi_poly_set_length_normalise(res, len);
}

void boxtoi_poly_addmul(boxtoi_poly_t res, const boxtoi_poly_t a,
                        const boxtoi_poly_t b)
{
    addmul_sub(res, a, b, 1);
}

void boxtoi_poly_submul(boxtoi_poly_t res, const boxtoi_poly_t a,
                        const boxtoi_poly_t b)
{
    addmul_sub(res, a, b, -1);
}

void boxtoi_poly_mul(boxtoi_poly_t res, const boxtoi_poly_t a,
                     const boxtoi_poly_t b)
{
    boxtoi_poly_t t;
    if (a->length == 0 || b->length == 0) {
        boxtoi_poly_zero(res);
        return;
    }
    if (a->length == 1 && b->length == 1) {
        /* constants: one product, aliasing allowed by GMP */
        boxtoi_poly_fit_length(res, 1);
        mpz_mul(res->coeffs, a->coeffs, b->coeffs);
        boxtoi_poly_set_length_normalise(res, 1);
        return;
    }
    if (res != a && res != b) {
        /* no aliasing: accumulate into res itself, keeping its
           allocations */
        boxtoi_poly_zero(res);
        addmul_sub(res, a, b, 1);
        return;
    }
    /* A fresh product, swapped in, makes every aliasing case safe. */
    boxtoi_poly_init2(t, a->length + b->length - 1);
    addmul_sub(t, a, b, 1);
    boxtoi_poly_swap(res, t);
    boxtoi_poly_clear(t);
}

/* 1 iff c is one of the coefficient slots of p. */
static int is_coeff_of(mpz_srcptr c, const boxtoi_poly_t p)
{
    long i;
    for (i = 0; i < p->alloc; i++)
        if (c == p->coeffs + i)
            return 1;
    return 0;
}

/* res = a op c coefficient by coefficient (op: mpz_mul or
   mpz_divexact), for c != 0, which may be a coefficient of res or a
   (then it is copied first: the only case that allocates). */
static void scalar_op(boxtoi_poly_t res, const boxtoi_poly_t a,
                      mpz_srcptr c,
                      void (*op)(mpz_ptr, mpz_srcptr, mpz_srcptr))
{
    long i;
    mpz_t cc;
    int copy = is_coeff_of(c, res) || is_coeff_of(c, a);
    if (copy) {
        mpz_init_set(cc, c);
        c = cc;
    }
    fit_like(res, a);
    for (i = 0; i < a->length; i++)
        op(res->coeffs + i, a->coeffs + i, c);
    res->length = a->length;
    if (copy)
        mpz_clear(cc);
}

void boxtoi_poly_scalar_mul_mpz(boxtoi_poly_t res, const boxtoi_poly_t a,
                                mpz_srcptr c)
{
    if (mpz_sgn(c) == 0)
        boxtoi_poly_zero(res);
    else
        scalar_op(res, a, c, mpz_mul);
}

void boxtoi_poly_scalar_mul_si(boxtoi_poly_t res, const boxtoi_poly_t a,
                               long c)
{
    long i;
    if (c == 0) {
        boxtoi_poly_zero(res);
        return;
    }
    fit_like(res, a);
    for (i = 0; i < a->length; i++)
        mpz_mul_si(res->coeffs + i, a->coeffs + i, c);
    res->length = a->length;
}

void boxtoi_poly_scalar_divexact_mpz(boxtoi_poly_t res,
                                     const boxtoi_poly_t a, mpz_srcptr c)
{
    /* c = 0 violates the precondition (the quotient is undefined):
       leave a well-formed value rather than divide by zero */
    if (mpz_sgn(c) == 0)
        boxtoi_poly_zero(res);
    else
        scalar_op(res, a, c, mpz_divexact);
}

void boxtoi_poly_shift_left(boxtoi_poly_t res, const boxtoi_poly_t a,
                            long n)
{
    long i, len;
    if (n <= 0 || a->length == 0) {
        boxtoi_poly_set(res, a);
        return;
    }
    len = a->length + n;
    boxtoi_poly_fit_length(res, len);
    /* Downwards, so that res == a is safe. */
    for (i = a->length - 1; i >= 0; i--)
        mpz_set(res->coeffs + i + n, a->coeffs + i);
    for (i = 0; i < n; i++)
        mpz_set_ui(res->coeffs + i, 0);
    for (i = len; i < res->length; i++)
        mpz_set_ui(res->coeffs + i, 0);
    res->length = len;
}

void boxtoi_poly_pow(boxtoi_poly_t res, const boxtoi_poly_t a,
                     unsigned long e)
{
    boxtoi_poly_t base, acc;
    if (e == 0) {
        boxtoi_poly_set_si(res, 1);
        return;
    }
    if (e == 1 || a->length == 0) {
        boxtoi_poly_set(res, a);
        return;
    }
    boxtoi_poly_init(base);
    boxtoi_poly_init(acc);
    boxtoi_poly_set(base, a);
    boxtoi_poly_set_si(acc, 1);
    /* Invariant: acc * base^e is the wanted power. */
    for (;;) {
        if (e & 1)
            boxtoi_poly_mul(acc, acc, base);
        e >>= 1;
        if (e == 0)
            break;
        boxtoi_poly_mul(base, base, base);
    }
    boxtoi_poly_swap(res, acc);
    boxtoi_poly_clear(base);
    boxtoi_poly_clear(acc);
}

void boxtoi_poly_derivative(boxtoi_poly_t res, const boxtoi_poly_t a)
{
    long i, len = a->length;
    if (len <= 1) {
        boxtoi_poly_zero(res);
        return;
    }
    boxtoi_poly_fit_length(res, len - 1);
    /* Upwards: slot i-1 is written after slot i-1 of a was read. */
    for (i = 1; i < len; i++)
        mpz_mul_ui(res->coeffs + i - 1, a->coeffs + i, (unsigned long)i);
    /* Slot len-1 (when res == a) and any longer old tail must read as
       zero; the new leading coefficient (len-1) a_{len-1} is non-zero. */
    for (i = len - 1; i < res->length; i++)
        mpz_set_ui(res->coeffs + i, 0);
    res->length = len - 1;
}
