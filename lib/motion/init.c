/* lib/motion/init.c: memory, assignment and entry access of motions.

   A motion is 16 integer polynomials over one positive common
   denominator (include/boxtoi/motion.h).  Setting a rational coefficient
   rescales the whole matrix when the denominator must grow, so that
   every entry keeps its exact rational value; doc/algorithm.md §2. */
#include "lib/util/impl.h"
#include "boxtoi/motion.h"

void boxtoi_motion_init(boxtoi_motion_t m)
{
    int k;
    for (k = 0; k < 16; k++)
        boxtoi_poly_init(m->e + k);
    mpz_init_set_ui(m->den, 1);
    boxtoi_motion_set_identity(m);
}

void boxtoi_motion_clear(boxtoi_motion_t m)
{
    int k;
    for (k = 0; k < 16; k++)
        boxtoi_poly_clear(m->e + k);
    mpz_clear(m->den);
}

void boxtoi_motion_set(boxtoi_motion_t res, const boxtoi_motion_t a)
{
    int k;
    if (res == a)
        return;
    for (k = 0; k < 16; k++)
        boxtoi_poly_set(res->e + k, a->e + k);
    mpz_set(res->den, a->den);
}

void boxtoi_motion_swap(boxtoi_motion_t a, boxtoi_motion_t b)
{
    boxtoi_motion_struct tmp = *a;
    *a = *b;
    *b = tmp;
}

/* boxtoi_poly_zero of each entry, inline: only the slots below an
   entry's length can be non-zero (lib/poly's invariant), and a store
   each without a call is most of the work (the command zeroes two
   motions per line; doc/performance.md, `read3`). */
void boxtoi_motion_zero(boxtoi_motion_t m)
{
    int k;
    long i;
    for (k = 0; k < 16; k++) {
        boxtoi_poly_struct *p = m->e + k;
        long n = p->length < p->alloc ? p->length : p->alloc;
        for (i = 0; i < n; i++)
            util_mpz_zero(p->coeffs + i);
        p->length = 0;
    }
    util_mpz_set_word(m->den, 1, 0);
}

void boxtoi_motion_set_identity(boxtoi_motion_t m)
{
    int k;
    boxtoi_motion_zero(m);
    for (k = 0; k < 4; k++)
        boxtoi_poly_set_si(m->e + 5 * k, 1);
}

void boxtoi_motion_set_coeff_mpq(boxtoi_motion_t m, int i, int j, long k,
                                 mpq_srcptr c)
{
    mpz_t g, f, v;
    int l;

    mpz_init(g);
    mpz_init(f);
    mpz_init(v);
    /* New common denominator L = lcm(den, denom(c)); scale by f = L/den. */
    mpz_lcm(g, m->den, mpq_denref(c));
    mpz_divexact(f, g, m->den);
    if (mpz_cmp_ui(f, 1) != 0) {
        for (l = 0; l < 16; l++)
            boxtoi_poly_scalar_mul_mpz(m->e + l, m->e + l, f);
        mpz_set(m->den, g);
    }
    /* The coefficient's numerator over L is num(c) * L / den(c). */
    mpz_divexact(v, m->den, mpq_denref(c));
    mpz_mul(v, v, mpq_numref(c));
    boxtoi_poly_set_coeff_mpz(m->e + 4 * i + j, k, v);
    mpz_clear(g);
    mpz_clear(f);
    mpz_clear(v);
}

void boxtoi_motion_set_coeff_si(boxtoi_motion_t m, int i, int j, long k,
                                long c)
{
    mpq_t q;
    mpq_init(q);
    mpq_set_si(q, c, 1);
    boxtoi_motion_set_coeff_mpq(m, i, j, k, q);
    mpq_clear(q);
}

void boxtoi_motion_get_entry(boxtoi_poly_t num, mpz_t den,
                             const boxtoi_motion_t m, int i, int j)
{
    boxtoi_poly_set(num, m->e + 4 * i + j);
    mpz_set(den, m->den);
}

long boxtoi_motion_degree(const boxtoi_motion_t m)
{
    long d = -1;
    int k;
    for (k = 0; k < 16; k++)
        if (boxtoi_poly_degree(m->e + k) > d)
            d = boxtoi_poly_degree(m->e + k);
    return d;
}

void boxtoi_motion_normalise(boxtoi_motion_t m)
{
    mpz_t g, c;
    long i;
    int k;
    mpz_init(g);
    mpz_init(c);
    /* One running gcd over every coefficient, not a content per entry
       (each starts with a gcd of two full-size numbers): once g is
       small, each further gcd is about one division; 1 ends it. */
    for (k = 0; k < 16 && mpz_cmp_ui(g, 1) != 0; k++)
        for (i = m->e[k].length - 1; i >= 0 && mpz_cmp_ui(g, 1) != 0; i--)
            mpz_gcd(g, g, m->e[k].coeffs + i);
    if (mpz_sgn(g) != 0 && mpz_cmp_ui(g, 1) != 0) {
        for (k = 0; k < 16; k++)
            boxtoi_poly_scalar_divexact_mpz(m->e + k, m->e + k, g);
        /* e / den = (e / g) / (den / g) when g | den; otherwise only the
           geometry is kept (positive factor), as the header says. */
        mpz_gcd(c, g, m->den);
        mpz_divexact(m->den, m->den, c);
    }
    mpz_clear(g);
    mpz_clear(c);
}
