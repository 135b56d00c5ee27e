/* lib/contact/linsizes.h: the input sizes of a translational query
   and the bounds that choose the closed form's number type from them
   (doc/algorithm.md §4.5); included by linear.c only (static
   functions; not installed). */
#ifndef BOXTOI_CONTACT_LINSIZES_H
#define BOXTOI_CONTACT_LINSIZES_H

#include "lib/util/impl.h"
#include "lib/util/fz.h"
#include "lib/contact/impl.h"
#include "lib/contact/linear.h"

/* The sizes that bound the closed form's numbers: the largest bit
   lengths nb of the blocks and weights and nt of the translations'
   coefficients; the common denominator l of the corners (one limb below
   2^(GMP_NUMB_BITS - 2), else the sizes are not computed), nl its bit
   length and ns a bound on those of e and s (contact_box_data); nr the
   largest limb count of the range's numbers and rb their largest bit
   length. */
typedef struct {
    long nb, nt, nl, ns, nr, rb;
    mp_limb_t l;
} lin_sizes;

/* the bit length of |z| (0 for 0), from its limbs */
static inline long zbits(mpz_srcptr z)
{
    long n = (long)mpz_size(z);
    return n == 0 ? 0
                  : (n - 1) * GMP_NUMB_BITS + fz_limb_bits(mpz_getlimbn(z, n - 1));
}

static long lmax(long a, long b)
{
    return a > b ? a : b;
}

/* OR the limb of a one-limb z into *o, else the bit length into *nz */
static inline void lin_size_or(mp_limb_t *o, long *nz, mpz_srcptr z)
{
    if (mpz_size(z) <= 1)
        *o |= mpz_getlimbn(z, 0);
    else
        *nz = lmax(*nz, zbits(z));
}

/* sz's corner and range sizes for q (l, nl, ns, nr); 0 when the
   corners' denominators do not fit.  The limbs are read directly (as
   query.c's walk does: mpz_getlimbn's bounds test is not needed for
   the limb that a size of 1 guarantees), and a denominator of 1 (an
   integer corner, the common case) costs no division. */
static int lin_corner_sizes(lin_sizes *sz, const boxtoi_query_t q)
{
    const mp_limb_t top = (mp_limb_t)1 << (GMP_NUMB_BITS - 2);
    mp_limb_t l = 1, den[12];
    long ns = 0;
    int i;
    UTIL_UNROLL(12) /* which box and corner: constants */
    for (i = 0; i < 12; i++) {
        const boxtoi_box_struct *bx = q->box + i / 6;
        mpz_srcptr d = mpq_denref(i % 6 < 3 ? bx->min[i % 3]
                                             : bx->max[i % 3]);
        mp_limb_t dv, g;
        if (d->_mp_size != 1) /* positive: one limb */
            return 0;
        den[i] = dv = d->_mp_d[0];
        if (dv == 1 || l % dv == 0)
            continue; /* most corners share their denominators */
        g = (mp_limb_t)boxtoi_gcd_u64(l, dv);
        if (l / g > (top - 1) / dv)
            return 0;
        l = l / g * dv;
    }
    UTIL_UNROLL(12)
    for (i = 0; i < 12; i++) {
        const boxtoi_box_struct *bx = q->box + i / 6;
        mpz_srcptr n = mpq_numref(i % 6 < 3 ? bx->min[i % 3]
                                             : bx->max[i % 3]);
        long nn = n->_mp_size < 0 ? -(long)n->_mp_size : n->_mp_size;
        ns = lmax(ns, (nn == 0 ? 0
                               : (nn - 1) * GMP_NUMB_BITS
                                     + fz_limb_bits(n->_mp_d[nn - 1]))
                          + fz_limb_bits(den[i] == 1 ? l : l / den[i]));
    }
    sz->ns = ns + 1; /* e and s are sums of two */
    sz->l = l;
    sz->nl = fz_limb_bits(l);
    sz->rb = lmax(zbits(mpq_numref(q->t0)), zbits(mpq_denref(q->t0)));
    if (!q->t1_inf)
        sz->rb = lmax(sz->rb, lmax(zbits(mpq_numref(q->t1)),
                                   zbits(mpq_denref(q->t1))));
    sz->nr = (sz->rb + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS;
    return 1;
}

/* sz for q, whose motions are of the closed form's kind
   (is_linear_motion: every entry of length at most 2), nb and nt taken
   from the filter's f when it read them (else f NULL or f->nb < 0);
   0 when the corners' denominators do not fit */
static int lin_sizes_of(lin_sizes *sz, const boxtoi_query_t q,
                        const contact_linfilter *f)
{
    mp_limb_t ob = 0, ot = 0;
    long nb = 0, nt = 0;
    int b, j, k;
    if (f != NULL && f->nb >= 0) {
        nb = f->nb;
        nt = f->nt;
        b = 2; /* the motions' pass below is skipped */
    } else
        b = 0;
    for (; b < 2; b++) {
        const boxtoi_poly_struct *e = q->motion[b].e;
        UTIL_UNROLL(16) /* which entries are the translation's: constant */
        for (j = 0; j < 16; j++) {
            /* entries 3, 7, 11 are the translation's (degree <= 1),
               the others the block's, the weight's and the (zero)
               bottom row's (constants) */
            if ((j & 3) == 3 && j != 15) {
                for (k = 0; k < e[j].length; k++)
                    lin_size_or(&ot, &nt, e[j].coeffs + k);
            } else if (e[j].length > 0)
                lin_size_or(&ob, &nb, e[j].coeffs);
        }
    }
    sz->nb = lmax(nb, fz_limb_bits(ob));
    sz->nt = lmax(nt, fz_limb_bits(ot));
    return lin_corner_sizes(sz, q);
}

/* The bound on the closed form's numbers (doc/algorithm.md §4.5): with
   B, T, L, S = nb, nt, nl, ns, adj(A1) < 2^(2B+1), A and w < 2^(4B+3),
   adj(A) < 2^(8B+7), det A < 2^(12B+12) (so every quantity is below
   2^mq, mq = 12B+12), b < 2^(3B+T+4) and D < 2^md, md = max(L+3B+T+5,
   4B+S+3) + 3 (five terms); alpha_d, beta_d (three products of a
   quantity and a D_m) and R_d (at most four terms |w| E1 |q| or
   E2 |q|, or |w| E1) are below 2^top, top = max(mq + max(md, S),
   mq + S + 4B+3) + 3, every partial sum and product on the way too,
   and the interval's t, u and alpha +- R below 2^(top+1). */
static long lin_top_bits(const lin_sizes *sz)
{
    long mq = 12 * sz->nb + 12, mw = 4 * sz->nb + 3;
    long md = lmax(sz->nl + 3 * sz->nb + sz->nt + 5,
                   4 * sz->nb + sz->ns + 3) + 3;
    return lmax(mq + lmax(md, sz->ns), mq + sz->ns + mw) + 3;
}

/* Do the sizes admit the fixed-limb instance?  A product of two values
   of a and b bits (a + b <= top + 2) takes at most (a + 63) / 64 +
   (b + 63) / 64 limbs before normalisation (64 for GMP_NUMB_BITS): top
   + 2 + 2 GMP_NUMB_BITS bits suffice. */
static int lin_fits_fz(const lin_sizes *sz)
{
    return sz->nr <= FZ_LIMBS
           && lin_top_bits(sz) + 2 + 2 * GMP_NUMB_BITS
                  <= (long)FZ_LIMBS * GMP_NUMB_BITS;
}

/* Do the sizes admit the deciding direction in world coordinates in
   128 bits (linworld128.c)?  With B, T, L, S as in lin_top_bits, the
   world numbers of linworld.h are bounded so (doc/algorithm.md §4.5,
   "The world path in 128 bits"): the normal n < 2^(2B+1), D' < 2^md,
   md = max(L+B+T+2, 2B+S+2) + 2, alpha, beta < 2^(2B+md+3),
   R < 2^(4B+S+6), the entry's numerator below 2^top, top =
   max(2B+md+3, 4B+S+6) + 1, and the signs' products below 2^(3B+3);
   every value below 2^(BOXTOI_LIMIT_I128 - 1) when top is, and the
   entries and the range's ends are read in 63 bits: a larger end is
   refused here, before the path is tried (the path's reader would set
   its flag and leave 0, which t in lowest terms must never divide by:
   t/data/regress/004). */
static long lin_world_top(const lin_sizes *sz)
{
    long b = sz->nb, md = lmax(sz->nl + b + sz->nt + 2, 2 * b + sz->ns + 2)
                          + 2;
    return lmax(2 * b + md + 3, 4 * b + sz->ns + 6) + 1;
}

static int lin_fits_w128(const lin_sizes *sz)
{
#ifdef BOXTOI_HAVE_I128
    return sz->nb <= 62 && sz->nt <= 62 && sz->rb <= 63
           && lin_world_top(sz) <= BOXTOI_LIMIT_I128 - 1;
#else
    (void)sz;
    return 0;
#endif
}

/* Do the sizes admit the whole closed form in world coordinates in
   64-bit integers (linworld64.c)?  When top (lin_world_top) is at most
   62, every world number is below 2^62 (doc/algorithm.md §4.5, "The
   closed form in world coordinates"); the range's ends are read in 63
   bits, as in lin_fits_w128. */
static int lin_fits_w64(const lin_sizes *sz)
{
    return sz->nb <= 62 && sz->nt <= 62 && sz->rb <= 63
           && lin_world_top(sz) <= 62;
}

#endif
