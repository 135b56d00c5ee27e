/* lib/contact/pointqstep.h: the steps of the point at a rational t
   (doc/algorithm.md §10.4) written once for every number type (a
   template: no include guard, one instance per file).  The motion at
   t, the bounds times L, a vertex of box 2 in box 1's frame, the first
   step w of a vertex of box 1's forms against box 2, and a point's six
   plane forms.  Instances, as those of kernel.h (kernel-gmp.h,
   kernel-i128.h): pointq.c on GMP integers (the reference, every size)
   and pointq128.c on 128-bit integers, called there only after the
   size check of doc/algorithm.md §10.4 ("In machine integers") that
   keeps every value below 2^126 (t/pointq-t pairs each with the GMP
   steps at the limits).

   An instance defines, with c the zctx and elements passed by pointer
   (the type QA an array of one element, as mpz_t):
     Q(name)                 the instance's name of function name
     QT, QA                  the element type and its array of one
     QV(f)                   the zctx field of this type named f
                             (rel, l, lo, hi, ylo, yhi, u)
     QSETUI(r, u), QNEG(r), QSGN(a), QISONE(a)
     QMUL(r, a, b)           r = a b (r may alias a)
     QSUB(r, a, b)           r = a - b
     QADDMULZ(r, z, b)       r = r + z b, z an mpz (fits: the caller
                             checked)
     QDOT(c, r, n, a, b, neg)  r = sum_k (-1)^(bit k of neg) a_k b_k
                             (as zdot, pointq.h)
     QLCMDEN(c, l, x)        l = lcm(l, den x), 0 when it does not fit
     QTIMESL(c, r, l, x)     r = x l, 0 when it does not fit */

/* m = q^N e(p/q) for the motion e, N = n, the greatest degree of its
   entries: entry sum_i c_i p^i q^(n-i) with the n + 1 products
   pq[i] = p^i q^(n-i) made once (as point_ring_motion then
   point_red). */
static void Q(motion)(QA *m, QA *pq, const boxtoi_motion_struct *e,
                      const QT *p, const QT *q, long n)
{
    long i;
    int k;
    QSETUI(pq[n], 1);
    for (i = n - 1; i >= 0; i--)
        QMUL(pq[i], pq[i + 1], q);
    QSETUI(m[0], 1); /* m[0] = p^i, scratch until k = 0 */
    for (i = 1; i <= n; i++) {
        QMUL(m[0], m[0], p);
        QMUL(pq[i], pq[i], m[0]);
    }
    for (k = 0; k < 16; k++) {
        const boxtoi_poly_struct *src = e->e + k;
        QSETUI(m[k], 0);
        for (i = 0; i < src->length; i++)
            if (mpz_sgn(src->coeffs + i) != 0)
                QADDMULZ(m[k], src->coeffs + i, pq[i]);
    }
}

/* l = the lcm of q's corners' denominators, lo, hi the corners times
   l (point_bounds); 0 when a value does not fit (then partly set). */
static int Q(bounds)(zctx *c, QT *l, QA lo[2][3], QA hi[2][3],
                     const boxtoi_query_t q)
{
    int b, k;
    (void)c;
    QSETUI(l, 1);
    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++)
            if (!QLCMDEN(c, l, q->box[b].min[k])
                || !QLCMDEN(c, l, q->box[b].max[k]))
                return 0;
    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++)
            if (!QTIMESL(c, lo[b][k], l, q->box[b].min[k])
                || !QTIMESL(c, hi[b][k], l, q->box[b].max[k]))
                return 0;
    return 1;
}

/* x = the vertex of box 2 with axis[k] = -1 (min) or +1 (max) in box
   1's frame, x[3] > 0 (point_hpt_vertex): rel (b, L). */
static void Q(vertex2)(zctx *c, QA *x, const signed char *axis)
{
    const QT *za[4], *zb[4];
    int i, k;
    for (k = 0; k < 3; k++)
        zb[k] = axis[k] < 0 ? c->QV(lo)[1][k] : c->QV(hi)[1][k];
    zb[3] = c->QV(l);
    for (i = 0; i < 3; i++) {
        for (k = 0; k < 4; k++)
            za[k] = c->QV(rel)[4 * i + k];
        QDOT(c, x[i], 4, za, zb, 0);
    }
    QMUL(x[3], c->QV(rel)[15], c->QV(l));
    if (QSGN(x[3]) < 0)
        for (k = 0; k < 4; k++)
            QNEG(x[k]);
}

/* w[i] = w x_i - b_i x_3 for a point x of box 1 (rel = [A, b; 0, w]),
   the first step of its forms against box 2 (zforms of pointq.c). */
static void Q(w)(zctx *c, QA *w, QA *x)
{
    int i;
    for (i = 0; i < 3; i++) {
        const QT *za[2] = {c->QV(rel)[15], c->QV(rel)[4 * i + 3]};
        const QT *zb[2] = {x[i], x[3]};
        QDOT(c, w[i], 2, za, zb, 2);
    }
}

/* The six plane forms f of the point y of box b's frame and their
   signs s (pf_set, pf_sign): f = (y_k L - y_3 lo_k, y_3 hi_k - y_k L).
   y_3 is the same for every vertex of one feature (|rel_33| L for a
   vertex of box 2 seen from box 1, |det A| L for one of box 1 seen
   from box 2), so the products y_3 lo_k, y_3 hi_k are made for the
   first vertex (first != 0) and kept in ylo, yhi; y_k L is y_k when
   L = 1. */
static void Q(forms)(zctx *c, signed char *s, QA *f, QA *y, int b,
                     int first)
{
    int k;
    if (first)
        for (k = 0; k < 3; k++) {
            QMUL(c->QV(ylo)[k], y[3], c->QV(lo)[b][k]);
            QMUL(c->QV(yhi)[k], y[3], c->QV(hi)[b][k]);
        }
    for (k = 0; k < 3; k++) {
        const QT *u = y[k];
        if (!QISONE(c->QV(l))) {
            QMUL(c->QV(u), y[k], c->QV(l));
            u = c->QV(u);
        }
        QSUB(f[2 * k], u, c->QV(ylo)[k]);
        QSUB(f[2 * k + 1], c->QV(yhi)[k], u);
    }
    for (k = 0; k < 6; k++)
        s[k] = (signed char)QSGN(f[k]);
}
