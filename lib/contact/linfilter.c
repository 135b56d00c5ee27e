/* lib/contact/linfilter.c: the closed form's floating-point filter.

   The closed form (linear.c, doc/algorithm.md §4.4) intersects the
   range with the fifteen intervals {t : |alpha_d + beta_d t| <= R_d}.
   Here the same quantities are enclosed in outward-rounded double
   intervals (the plane kernel's instance kiv, kernel-iv.h, on the
   query's numbers divided by the common denominator l of the corners:
   N_d and R_d scale by 1/l, the times do not), and the entry and exit
   times by outward-rounded quotients.  Every enclosure contains the
   exact value, so a strict separation of enclosures proves the exact
   order; the answer is given only when every comparison the exact path
   makes is proved this way, else LIN_OPEN (ties, a beta_d or a
   boundary that cannot be told from zero, a bound that is not finite):
   doc/algorithm.md §4.5. */
#include "lib/contact/fast.h"

#include "lib/contact/kernel-iv.h"
#include "lib/contact/kernel-undef.h"

/* q = a / c for c > 0 (c.lo > 0): each bound a quotient rounded to
   nearest, moved outward (boxtoi_iv_widen: the argument of interval.h
   holds for any correctly rounded operation). */
static contact_iv iv_div_pos(contact_ivctx *c, contact_iv a, contact_iv d)
{
    return boxtoi_iv_widen(&c->chk, a.lo / (a.lo >= 0 ? d.hi : d.lo),
                           a.hi / (a.hi >= 0 ? d.lo : d.hi));
}

/* coefficient k of entry (i, j) of m's numerators, enclosed; 0 when it
   has too many bits */
static int lfi_coef(contact_iv *r, const boxtoi_motion_struct *m, int i,
                    int j, long k)
{
    const boxtoi_poly_struct *p = m->e + 4 * i + j;
    if (k >= p->length) {
        *r = boxtoi_iv_point(0);
        return 1;
    }
    return boxtoi_iv_set_mpz(r, p->coeffs + k);
}

/* The relative motion's quantities, D = d0 + d1 t and the box data
   e1, e2 (divided by l), as LF(motion) of linform.h computes them
   exactly; 0 when an input is not representable. */
static int lfi_motion(contact_ivctx *c, contact_iv *quant, contact_iv *d0,
                      contact_iv *d1, contact_iv *e1, contact_iv *e2,
                      const boxtoi_query_t q)
{
    contact_iv a1[9], a2[9], adj1[9], v[9], b1[2][3], b2[2][3], b[2][3];
    contact_iv s1[3], s2[3], l2 = boxtoi_iv_point(2), w1, w2, lo, hi;
    int i, k, ok = 1;

    for (k = 0; k < 9; k++) {
        ok &= lfi_coef(a1 + k, q->motion, k / 3, k % 3, 0);
        ok &= lfi_coef(a2 + k, q->motion + 1, k / 3, k % 3, 0);
    }
    for (i = 0; i < 6; i++) {
        ok &= lfi_coef(b1[i / 3] + i % 3, q->motion, i % 3, 3, i / 3);
        ok &= lfi_coef(b2[i / 3] + i % 3, q->motion + 1, i % 3, 3, i / 3);
    }
    ok &= lfi_coef(&w1, q->motion, 3, 3, 0);
    ok &= lfi_coef(&w2, q->motion + 1, 3, 3, 0);
    if (!ok)
        return 0;
    for (k = 0; k < 3; k++) {
        /* e = max - min, s = max + min (contact_box_data over l = 1) */
        contact_iv_set_mpq(c, &lo, q->box[0].min[k]);
        contact_iv_set_mpq(c, &hi, q->box[0].max[k]);
        e1[k] = iv_sub(c, hi, lo);
        s1[k] = iv_add(c, hi, lo);
        contact_iv_set_mpq(c, &lo, q->box[1].min[k]);
        contact_iv_set_mpq(c, &hi, q->box[1].max[k]);
        e2[k] = iv_sub(c, hi, lo);
        s2[k] = iv_add(c, hi, lo);
    }
    kiv_relblock(c, quant, quant + Q_W, adj1, v, a1, a2, &w1, &w2);
    for (k = 0; k < 2; k++)
        kiv_reltrans(c, b[k], 1, adj1, v, b1[k], b2[k], 1, &w1, &w2);
    kiv_quantities(c, quant, NULL);
    kiv_dvec(c, d0, b[0], 1, quant, &l2, s1, s2, 7);
    kiv_dvec(c, d1, b[1], 1, quant, &l2, NULL, NULL, 7);
    return !iv_failed(c);
}

/* The entry and exit times of direction d, *in and *out, and their
   planes; 0: no bound (beta_d = 0 and |alpha_d| < R_d proved), 1:
   bounds set, 2: empty proved (beta_d = 0, |alpha_d| > R_d), -1: not
   proved either way. */
static int lfi_bounds(contact_ivctx *c, contact_iv *in, contact_iv *out,
                      int *pin, int d, contact_iv al, contact_iv be,
                      contact_iv r)
{
    contact_iv na = boxtoi_iv_neg(al);
    if (boxtoi_iv_is_zero(be)) {
        double m = na.hi > al.hi ? na.hi : al.hi; /* max |alpha| */
        if (al.lo > r.hi || al.hi < -r.hi)
            return 2;
        return r.lo > m ? 0 : -1;
    }
    if (be.lo > 0) { /* t between (-R - alpha) / beta and (R - alpha) / beta */
        *in = iv_div_pos(c, iv_sub(c, na, r), be);
        *out = iv_div_pos(c, iv_add(c, na, r), be);
        *pin = 2 * d + 1; /* R + N = 0 */
        return 1;
    }
    if (be.hi < 0) { /* between (alpha - R) / -beta and (alpha + R) / -beta */
        be = boxtoi_iv_neg(be);
        *in = iv_div_pos(c, iv_sub(c, al, r), be);
        *out = iv_div_pos(c, iv_add(c, al, r), be);
        *pin = 2 * d; /* R - N = 0 */
        return 1;
    }
    return -1;
}

/* The decision from the enclosures of t0, t1 (hi_inf: none) and the
   n entries in[] and exits out[] (planes pin[], directions dir[]). */
static int lfi_decide(contact_linfilter *f, contact_iv t0, contact_iv t1,
                      int hi_inf, const contact_iv *in, const contact_iv *out,
                      const int *pin, const int *dir, int n)
{
    contact_iv win = t0;
    int k, w = -1;
    double up = hi_inf ? HUGE_VAL : t1.lo, uphi = hi_inf ? HUGE_VAL : t1.hi;
    for (k = 0; k < n; k++) {
        if (in[k].lo > win.lo) {
            win = in[k];
            w = k;
        }
        up = out[k].lo < up ? out[k].lo : up;
        uphi = out[k].hi < uphi ? out[k].hi : uphi;
    }
    if (win.lo > uphi)
        return f->kind = LIN_EMPTY; /* latest entry > earliest exit */
    if (!(win.hi < up))
        return f->kind = LIN_OPEN;
    /* the winner strictly after every other lower bound */
    if (w >= 0 && !(win.lo > t0.hi))
        return f->kind = LIN_OPEN;
    for (k = 0; k < n; k++)
        if (k != w && !(win.lo > in[k].hi))
            return f->kind = LIN_OPEN;
    if (w < 0)
        return f->kind = LIN_AT_T0;
    f->dir = dir[w];
    f->plane = pin[w];
    return f->kind = LIN_AT_ENTRY;
}

int contact_linear_filter(contact_linfilter *f, const boxtoi_query_t q)
{
    contact_ivctx c;
    contact_iv quant[BOXTOI_NQUANT], d0[3], d1[3], e1[3], e2[3];
    contact_iv in[BOXTOI_NDIRS], out[BOXTOI_NDIRS], t0, t1, al, be, r;
    int pin[BOXTOI_NDIRS], dir[BOXTOI_NDIRS], d, n = 0, s;

    f->kind = LIN_OPEN;
    contact_ivctx_init(&c);
    if (!lfi_motion(&c, quant, d0, d1, e1, e2, q))
        goto done;
    contact_iv_set_mpq(&c, &t0, q->t0);
    if (!q->t1_inf)
        contact_iv_set_mpq(&c, &t1, q->t1);
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        f->zdir[d] = !kiv_ndot(&c, &al, d, quant, d0);
        kiv_ndot(&c, &be, d, quant, d1);
        kiv_radius(&c, &r, d, quant, e1, e2);
        if (f->zdir[d])
            continue; /* alpha = beta = R = 0: no constraint */
        s = lfi_bounds(&c, in + n, out + n, pin + n, d, al, be, r);
        if (s < 0)
            goto done;
        if (s == 2) {
            f->kind = LIN_EMPTY;
            goto done;
        }
        if (s == 1)
            dir[n++] = d;
    }
    if (!iv_failed(&c))
        lfi_decide(f, t0, t1, q->t1_inf, in, out, pin, dir, n);
done:
    if (iv_failed(&c))
        f->kind = LIN_OPEN;
    contact_ivctx_clear(&c);
    return f->kind;
}
