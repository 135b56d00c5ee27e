/* lib/contact/pointqs.c: the contact point at a rational t when the
   answer's features make the contact set a single point
   (doc/algorithm.md §10.5): a vertex of either box, or the crossing of
   an edge of box 2 with a facet plane of box 1 that holds box 1's
   feature.  The candidates of pointq.c (§10.1) stay the general method
   and the reference: whenever a test below is not met, zsingle
   declines and they run; t/pointqs-t pairs the two on every answer. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/pointq.h"

/* The number of f's axes at a bound (3: a vertex, 2: an edge). */
static int naxes(const boxtoi_feature *f)
{
    return (f->axis[0] != 0) + (f->axis[1] != 0) + (f->axis[2] != 0);
}

int zsingle(zctx *c, zpt *list, const boxtoi_contact_t res)
{
    const boxtoi_feature *f = res->feature;
    zpt *p = c->p;
    signed char v[3];
    mpz_srcptr bound;
    int i, k, e;

    /* §10.5: the contact set R lies in F1 and F2 when the answer is a
       first contact after t0 with w > 0 (§10.1) */
    if (c->general || res->initial || mpz_sgn(c->rel[15]) <= 0)
        return 0;
    /* a vertex feature: R is that vertex */
    if (naxes(f) == 3) {
        zvertex(c, list, 0, f[0].axis);
        return 1;
    }
    if (naxes(f + 1) == 3) {
        zvertex(c, list, 1, f[1].axis);
        return 1;
    }
    /* an edge of box 2 from p[0] to p[1] (along axis e) and a plane
       x_i = bound of box 1 holding F1 that its line crosses once */
    if (naxes(f + 1) != 2)
        return 0;
    for (e = 0; f[1].axis[e] != 0; e++)
        ;
    for (k = 0; k < 3; k++)
        v[k] = f[1].axis[k];
    for (k = 0; k < 2; k++) {
        v[e] = (signed char)(2 * k - 1);
        zvertex(c, p + k, 1, v);
    }
    /* p[0], p[1] have the same x_3 (|rel_33| L), so the plane's form
       g(x) = x_i L - x_3 bound differs at them iff x_i does */
    for (i = 0; i < 3; i++)
        if (f[0].axis[i] != 0 && mpz_cmp(p[0].x[i], p[1].x[i]) != 0)
            break;
    if (i == 3)
        return 0;
    bound = f[0].axis[i] < 0 ? c->lo[0][i] : c->hi[0][i];
    for (k = 0; k < 2; k++) {
        mpz_srcptr za[2] = {p[k].x[i], p[k].x[3]}, zb[2] = {c->l, bound};
        zdot(c, c->pf[k][0], 2, za, zb, 2);
    }
    /* the crossing g(p0) p1 - g(p1) p0, as zcandidates' */
    for (k = 0; k < 4; k++) {
        mpz_srcptr za[2] = {c->pf[0][0], c->pf[1][0]};
        mpz_srcptr zb[2] = {p[1].x[k], p[0].x[k]};
        zdot(c, list->x[k], 2, za, zb, 2);
    }
    zpt_orient(list);
    return 1;
}
