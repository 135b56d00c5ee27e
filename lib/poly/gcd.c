/* lib/poly/gcd.c: content, pseudo-division, exact division, gcd and
   square-free part in Z[t].

   Everything stays in Z[t]; no rational arithmetic.  Pseudo-division
   follows [Cohen, Algorithm 3.1.2] with the full exponent
   deg a - deg b + 1 (callers such as Sturm sequences rely on the exact
   power of lc(b)).  Exact division runs the school method and fails as
   soon as a leading coefficient is not divisible by lc(b): the quotient
   in Q[t] is unique, so that proves b does not divide a in Z[t].  The gcd
   comes from the modular method of lib/poly/gcdmod.c, with a fallback on
   the primitive part of the last non-zero term of the primitive
   polynomial remainder sequence [Cohen, Algorithm 3.3.1] (Gauss's lemma:
   gcd(a, b) = gcd(pp a, pp b) up to a unit, and the primitive parts of the
   pseudo-remainders keep the same gcd).  See doc/algorithm.md §5. */
#include <limits.h>
#include "poly/impl.h"

void boxtoi_poly_content(mpz_t res, const boxtoi_poly_t a)
{
    long i;
    mpz_t g;
    if (poly_content_words(res, a))
        return;
    mpz_init(g);
    /* From the top: the leading coefficient is non-zero, and small
       gcds end the loop early. */
    for (i = a->length - 1; i >= 0; i--) {
        mpz_gcd(g, g, a->coeffs + i);
        if (mpz_cmp_ui(g, 1) == 0)
            break;
    }
    mpz_swap(res, g);
    mpz_clear(g);
}

/* res = a / content(a), negated too when sign_lc and lc(a) < 0. */
static void divide_content(boxtoi_poly_t res, const boxtoi_poly_t a,
                           int sign_lc)
{
    mpz_t c;
    if (a->length == 0) {
        boxtoi_poly_zero(res);
        return;
    }
    if (poly_divide_content_words(res, a, sign_lc))
        return;
    mpz_init(c);
    boxtoi_poly_content(c, a);
    if (sign_lc && boxtoi_poly_sgn_lc(a) < 0)
        mpz_neg(c, c);
    if (mpz_scan1(c, 0) + 1 == mpz_sizeinbase(c, 2)) {
        /* |c| = 2^z (1 included): a shift and the sign, exact since c
           divides every coefficient; cheaper than a division */
        mp_bitcnt_t z = mpz_scan1(c, 0);
        long i;
        boxtoi_poly_set(res, a);
        for (i = 0; i < res->length; i++) {
            if (z > 0)
                mpz_tdiv_q_2exp(res->coeffs + i, res->coeffs + i, z);
            if (mpz_sgn(c) < 0)
                mpz_neg(res->coeffs + i, res->coeffs + i);
        }
    } else
        boxtoi_poly_scalar_divexact_mpz(res, a, c);
    mpz_clear(c);
}

void boxtoi_poly_primitive_part(boxtoi_poly_t res, const boxtoi_poly_t a)
{
    divide_content(res, a, 0);
}

void boxtoi_poly_canonical(boxtoi_poly_t res, const boxtoi_poly_t a)
{
    divide_content(res, a, 1);
}

int boxtoi_poly_pseudo_divrem(boxtoi_poly_t q, boxtoi_poly_t r,
                              const boxtoi_poly_t a, const boxtoi_poly_t b)
{
    long da = a->length - 1, db = b->length - 1, i, j, s;
    boxtoi_poly_t qq, rr;
    mpz_srcptr lcb;
    mpz_t c;

    if (b->length == 0)
        return BOXTOI_EDOMAIN;
    if (da < db) {
        /* The exponent is taken as 0: q = 0, r = a. */
        if (r != NULL)
            boxtoi_poly_set(r, a);
        if (q != NULL)
            boxtoi_poly_zero(q);
        return BOXTOI_OK;
    }
    boxtoi_poly_init(qq);
    boxtoi_poly_init(rr);
    boxtoi_poly_set(rr, a);
    if (q != NULL)
        boxtoi_poly_fit_length(qq, da - db + 1);
    mpz_init(c);
    lcb = b->coeffs + db;
    /* Invariant after the step for index i: lc(b)^(da-i+1) a = qq b + rr
       with rr[j] = 0 for j >= i. */
    for (i = da; i >= db; i--) {
        s = i - db;
        mpz_swap(c, rr->coeffs + i);
        mpz_set_ui(rr->coeffs + i, 0);
        if (q != NULL) {
            for (j = s + 1; j <= da - db; j++)
                mpz_mul(qq->coeffs + j, qq->coeffs + j, lcb);
            mpz_set(qq->coeffs + s, c);
        }
        for (j = 0; j < i; j++)
            mpz_mul(rr->coeffs + j, rr->coeffs + j, lcb);
        if (mpz_sgn(c) != 0)
            for (j = 0; j < db; j++)
                mpz_submul(rr->coeffs + s + j, c, b->coeffs + j);
    }
    mpz_clear(c);
    /* rr's slots >= db are zero now; only its length is stale. */
    boxtoi_poly_set_length_normalise(rr, db);
    if (q != NULL) {
        qq->length = da - db + 1;
        boxtoi_poly_set_length_normalise(qq, da - db + 1);
        boxtoi_poly_swap(q, qq);
    }
    if (r != NULL)
        boxtoi_poly_swap(r, rr);
    boxtoi_poly_clear(qq);
    boxtoi_poly_clear(rr);
    return BOXTOI_OK;
}

/* Word-size exact division: the schoolbook algorithm of
   boxtoi_poly_divexact in 64-bit longs, for |a_i| < 2^62, |b_j| < 2^31,
   leaving as soon as a quotient coefficient reaches 2^31 or a remainder
   coefficient 2^62 (so no product or difference can overflow).
   Returns 1 with q = a / b, -1 when b does not divide a (decided
   exactly: every value is exact), 0 when the operands are too large
   (q untouched).  Preconditions of the caller: a, b non-zero,
   deg a >= deg b. */
#define SMALL_DIV 64
#if LONG_MAX >= 9223372036854775807L
static int divexact_small(boxtoi_poly_t q, const boxtoi_poly_t a,
                          const boxtoi_poly_t b)
{
    long rr[SMALL_DIV], bv[SMALL_DIV], qv[SMALL_DIV];
    long da = a->length - 1, db = b->length - 1, i, j, s, lcb;
    const long big = 1L << 62, mid = 1L << 31;

    if (a->length > SMALL_DIV)
        return 0;
    for (i = 0; i <= da; i++) {
        if (!mpz_fits_slong_p(a->coeffs + i))
            return 0;
        rr[i] = mpz_get_si(a->coeffs + i);
        if (rr[i] >= big || rr[i] <= -big)
            return 0;
    }
    for (j = 0; j <= db; j++) {
        if (!mpz_fits_slong_p(b->coeffs + j))
            return 0;
        bv[j] = mpz_get_si(b->coeffs + j);
        if (bv[j] >= mid || bv[j] <= -mid)
            return 0;
    }
    lcb = mpz_get_si(b->coeffs + db); /* = bv[db], checked above */
    for (i = da; i >= db; i--) {
        s = i - db;
        qv[s] = 0;
        if (rr[i] == 0)
            continue;
        if (rr[i] % lcb != 0)
            return -1;
        qv[s] = rr[i] / lcb;
        if (qv[s] >= mid || qv[s] <= -mid)
            return 0;
        rr[i] = 0;
        for (j = 0; j < db; j++) {
            /* |qv bv| < 2^62 and |rr| < 2^62: no overflow */
            rr[s + j] -= qv[s] * bv[j];
            if (rr[s + j] >= big || rr[s + j] <= -big)
                return 0;
        }
    }
    for (i = 0; i < db; i++)
        if (rr[i] != 0)
            return -1;
    boxtoi_poly_zero(q);
    boxtoi_poly_fit_length(q, da - db + 1);
    for (i = 0; i <= da - db; i++)
        mpz_set_si(q->coeffs + i, qv[i]);
    boxtoi_poly_set_length_normalise(q, da - db + 1);
    return 1;
}
#else
static int divexact_small(boxtoi_poly_t q, const boxtoi_poly_t a,
                          const boxtoi_poly_t b)
{
    (void)q;
    (void)a;
    (void)b;
    return 0;
}
#endif

int boxtoi_poly_divexact(boxtoi_poly_t q, const boxtoi_poly_t a,
                         const boxtoi_poly_t b)
{
    long da = a->length - 1, db = b->length - 1, i, j, s;
    boxtoi_poly_t qq, rr;
    mpz_srcptr lcb;
    int rc = BOXTOI_OK;

    if (b->length == 0)
        return BOXTOI_EDOMAIN;
    if (a->length == 0) {
        boxtoi_poly_zero(q);
        return BOXTOI_OK;
    }
    if (da < db)
        return BOXTOI_EDOMAIN;
    /* Cheap necessary condition: b(0) divides a(0). */
    if (mpz_sgn(b->coeffs) != 0 && !mpz_divisible_p(a->coeffs, b->coeffs))
        return BOXTOI_EDOMAIN;
    /* small operands: in machine words (q is written only after a and b
       have been read, so it may alias them) */
    i = divexact_small(q, a, b);
    if (i != 0)
        return i > 0 ? BOXTOI_OK : BOXTOI_EDOMAIN;
    boxtoi_poly_init(rr);
    boxtoi_poly_init2(qq, da - db + 1);
    boxtoi_poly_set(rr, a);
    lcb = b->coeffs + db;
    for (i = da; i >= db; i--) {
        s = i - db;
        if (mpz_sgn(rr->coeffs + i) == 0)
            continue;
        if (!mpz_divisible_p(rr->coeffs + i, lcb)) {
            rc = BOXTOI_EDOMAIN;
            break;
        }
        mpz_divexact(qq->coeffs + s, rr->coeffs + i, lcb);
        mpz_set_ui(rr->coeffs + i, 0);
        for (j = 0; j < db; j++)
            mpz_submul(rr->coeffs + s + j, qq->coeffs + s, b->coeffs + j);
    }
    /* The remainder (below degree db) must vanish. */
    for (i = 0; rc == BOXTOI_OK && i < db; i++)
        if (mpz_sgn(rr->coeffs + i) != 0)
            rc = BOXTOI_EDOMAIN;
    if (rc == BOXTOI_OK) {
        qq->length = da - db + 1;
        boxtoi_poly_set_length_normalise(qq, da - db + 1);
        boxtoi_poly_swap(q, qq);
    }
    /* rr's coefficients may be non-zero beyond a stale length; clearing
       does not care. */
    boxtoi_poly_clear(qq);
    boxtoi_poly_clear(rr);
    return rc;
}

void boxtoi_poly_gcd(boxtoi_poly_t res, const boxtoi_poly_t a,
                     const boxtoi_poly_t b)
{
    boxtoi_poly_t u, v, w;
    int rc;

    if (a->length == 0) {
        boxtoi_poly_canonical(res, b);
        return;
    }
    if (b->length == 0) {
        boxtoi_poly_canonical(res, a);
        return;
    }
    boxtoi_poly_init(u);
    boxtoi_poly_init(v);
    boxtoi_poly_init(w);
    if (a->length >= b->length) {
        boxtoi_poly_primitive_part(u, a);
        boxtoi_poly_primitive_part(v, b);
    } else {
        boxtoi_poly_primitive_part(u, b);
        boxtoi_poly_primitive_part(v, a);
    }
    /* The modular method is much faster; the PRS below is its fallback
       and handles the constant cases. */
    if (v->length >= 2 && boxtoi_poly_gcd_modular_raw(w, u, v) == 0) {
        boxtoi_poly_swap(res, w);
        boxtoi_poly_clear(u);
        boxtoi_poly_clear(v);
        boxtoi_poly_clear(w);
        return;
    }
    /* Invariant: u, v primitive, deg u >= deg v >= 0, and
       gcd(u, v) = gcd(a, b) up to sign. */
    for (;;) {
        if (v->length == 1) {
            /* A primitive constant is +-1. */
            boxtoi_poly_set_si(u, 1);
            break;
        }
        rc = boxtoi_poly_pseudo_divrem(NULL, w, u, v);
        (void)rc; /* v != 0 here, so rc is BOXTOI_OK */
        if (w->length == 0) {
            boxtoi_poly_swap(u, v);
            break;
        }
        boxtoi_poly_primitive_part(w, w);
        boxtoi_poly_swap(u, v);
        boxtoi_poly_swap(v, w);
    }
    if (boxtoi_poly_sgn_lc(u) < 0)
        boxtoi_poly_neg(u, u);
    boxtoi_poly_swap(res, u);
    boxtoi_poly_clear(u);
    boxtoi_poly_clear(v);
    boxtoi_poly_clear(w);
}

void boxtoi_poly_squarefree_part(boxtoi_poly_t res, const boxtoi_poly_t a)
{
    boxtoi_poly_t d, g, c;
    int rc;
    if (a->length <= 1) {
        if (a->length == 0)
            boxtoi_poly_zero(res);
        else
            boxtoi_poly_set_si(res, 1);
        return;
    }
    if (boxtoi_poly_squarefree_modular_raw(a)) {
        boxtoi_poly_canonical(res, a); /* gcd(a, a') = 1 */
        return;
    }
    boxtoi_poly_init(d);
    boxtoi_poly_init(g);
    boxtoi_poly_init(c);
    boxtoi_poly_derivative(d, a);
    boxtoi_poly_gcd(g, a, d);
    boxtoi_poly_canonical(c, a);
    /* g is primitive and divides a, hence divides canonical(a) in Z[t]
       (Gauss's lemma); the quotient is primitive with lc > 0. */
    rc = boxtoi_poly_divexact(res, c, g);
    BOXTOI_ASSERT(rc == BOXTOI_OK);
    (void)rc;
    boxtoi_poly_clear(d);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(c);
}

/* If a = f^2 g (f non-constant) and q = a / f is square-free, then q is
   a's square-free part up to a unit: every irreducible factor of a
   divides f or q, those of f divide q = f g, and q has each only once.
   f is made primitive first, so that it divides a in Z[t] when it does
   in Q[t] (Gauss's lemma); a failed division costs little (most fail at
   the constant coefficients). */
void boxtoi_poly_squarefree_part_hint(boxtoi_poly_t res,
                                      const boxtoi_poly_t a,
                                      const boxtoi_poly_t f)
{
    boxtoi_poly_t g, q, r;
    int ok;
    if (boxtoi_poly_degree(f) < 1 || boxtoi_poly_degree(a) < 2) {
        boxtoi_poly_squarefree_part(res, a);
        return;
    }
    boxtoi_poly_init(g);
    boxtoi_poly_init(q);
    boxtoi_poly_init(r);
    boxtoi_poly_primitive_part(g, f);
    ok = boxtoi_poly_divexact(q, a, g) == BOXTOI_OK
         && boxtoi_poly_divexact(r, q, g) == BOXTOI_OK
         && boxtoi_poly_squarefree_modular_raw(q);
    if (ok)
        boxtoi_poly_canonical(res, q);
    else
        boxtoi_poly_squarefree_part(res, a);
    boxtoi_poly_clear(g);
    boxtoi_poly_clear(q);
    boxtoi_poly_clear(r);
}
