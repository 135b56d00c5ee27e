/* lib/poly/nmod.c: polynomials over Z/p as coefficient arrays
   (nmod.h). */
#include "lib/poly/nmod.h"

typedef unsigned long long u64;

/* x <- x mod y up to a non-zero factor (which changes no gcd over a
   field); returns the degree of the result.  Euclid's division takes
   one inverse of lc(y); without it, each step x <- lc(y) x - lc(x)
   t^(dx-dy) y multiplies all of x by lc(y) instead.  The inverse costs
   about 2k multiplications (k the bit length of p, nmod_pow), the
   second way dx + 1 more per step: the cheaper one is taken. */
static long rem_scaled(u64 *x, long dx, const u64 *y, long dy,
                       const nmod_t *mp)
{
    long i, j, steps = dx - dy + 1;
    if (steps <= 0)
        return dx;
    if (steps * (dx + 1) <= 2 * mp->k) {
        while (dx >= dy) {
            u64 c = x[dx], l = y[dy];
            long sh = dx - dy;
            for (i = 0; i < sh; i++)
                x[i] = nmod_mul(x[i], l, mp);
            for (j = 0; j <= dy; j++)
                x[sh + j] = nmod_sub(nmod_mul(x[sh + j], l, mp),
                                     nmod_mul(c, y[j], mp), mp);
            while (dx >= 0 && x[dx] == 0)
                dx--;
        }
        return dx;
    }
    {
        u64 inv = nmod_inv(y[dy], mp);
        for (i = dx; i >= dy; i--) {
            u64 c = nmod_mul(x[i], inv, mp);
            if (c == 0)
                continue;
            for (j = 0; j <= dy; j++)
                x[i - dy + j] = nmod_sub(x[i - dy + j],
                                         nmod_mul(c, y[j], mp), mp);
        }
    }
    dx = dy - 1;
    while (dx >= 0 && x[dx] == 0)
        dx--;
    return dx;
}

long nmod_poly_gcd(u64 *g, u64 *u, long du, u64 *v, long dv,
                   const nmod_t *mp)
{
    u64 *x = u, *y = v, *s, inv;
    long dx = du, dy = dv, i;
    while (dx >= 0 && x[dx] == 0)
        dx--;
    while (dy >= 0 && y[dy] == 0)
        dy--;
    /* invariant: gcd(x, y) is the wanted gcd */
    while (dy >= 0) {
        dx = rem_scaled(x, dx, y, dy, mp);
        s = x;
        x = y;
        y = s;
        i = dx;
        dx = dy;
        dy = i;
    }
    if (dx == 0) {
        g[0] = 1; /* coprime: the monic gcd 1, no inverse needed */
    } else if (dx > 0) {
        inv = nmod_inv(x[dx], mp);
        for (i = 0; i <= dx; i++)
            g[i] = nmod_mul(x[i], inv, mp);
    }
    return dx;
}
