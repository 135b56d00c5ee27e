/* lib/roots/isolate.c: isolating intervals of the real roots in an
   interval.

   Both methods share the handling of the ends and the final separation
   pass here.  boxtoi_roots_isolate takes the square-free part by the
   poly layer's gcd and bisects by Descartes' rule of signs (vca.c);
   boxtoi_roots_isolate_sturm bisects as follows.

   Bisection driven by Sturm counts ([BPR] ch. 10, real root
   isolation): a work stack holds open intervals (lo, hi) with
   their number of roots c, from V(lo) - V(hi) (less one when hi is a
   root, since V(hi) = V(hi+)).  c = 0: dropped; c = 1 and q(lo), q(hi)
   != 0: an isolating interval (q is square-free, so the simple root is
   a sign change); otherwise the interval is split at a short dyadic
   point m of its middle half and V(m) gives both halves' counts.
   q(m) = 0 is an exact rational root, emitted as [m, m].  Left halves
   are processed first, so the output is increasing.  Infinite ends are
   replaced by -/+2^k from boxtoi_poly_root_bound_2exp (every root
   strictly inside), and roots exactly at a finite end are settled with
   its flags first.  A last pass separates intervals that share an
   endpoint by bisecting one of them.

   Exclusion test: on a bounded interval, Descartes' rule on (a, b)
   (descartes.c) is tried first; 0 or 1 sign variations settle the
   count without the two Sturm evaluations.  Inside the bisection it
   does not pay (doc/performance.md, "Measured choices"): near clusters
   it fails at every level.  See doc/algorithm.md §5. */
#include <stdlib.h>
#include "roots/impl.h"

void boxtoi_roots_init(boxtoi_roots_t r)
{
    boxtoi_poly_init(&r->sqfree);
    r->lo = NULL;
    r->hi = NULL;
    r->n = 0;
    r->alloc = 0;
}

void boxtoi_roots_clear(boxtoi_roots_t r)
{
    long i;
    for (i = 0; i < r->alloc; i++) {
        mpq_clear(r->lo + i);
        mpq_clear(r->hi + i);
    }
    free(r->lo);
    free(r->hi);
    boxtoi_poly_clear(&r->sqfree);
    r->lo = NULL;
    r->hi = NULL;
    r->n = 0;
    r->alloc = 0;
}

int boxtoi_roots_append(boxtoi_roots_t r, mpq_srcptr lo, mpq_srcptr hi)
{
    if (r->n == r->alloc) {
        long na = r->alloc < 4 ? 4 : 2 * r->alloc, i;
        mpq_ptr l, h;
        if ((size_t)na > (size_t)-1 / sizeof(mpq_t))
            return BOXTOI_ENOMEM;
        l = realloc(r->lo, (size_t)na * sizeof(mpq_t));
        if (l == NULL)
            return BOXTOI_ENOMEM;
        r->lo = l;
        h = realloc(r->hi, (size_t)na * sizeof(mpq_t));
        if (h == NULL)
            return BOXTOI_ENOMEM;
        r->hi = h;
        for (i = r->alloc; i < na; i++) {
            mpq_init(r->lo + i);
            mpq_init(r->hi + i);
        }
        r->alloc = na;
    }
    mpq_set(r->lo + r->n, lo);
    mpq_set(r->hi + r->n, hi);
    r->n++;
    return BOXTOI_OK;
}

/* A pending open interval (lo, hi) holding c roots, or (root != 0) the
   exact root lo. */
typedef struct {
    mpq_t lo, hi;
    long c;
    long vlo, vhi; /* Sturm variations at the ends, or -1: not known */
    int zlo, zhi;  /* q(lo) == 0, q(hi) == 0 */
    int root;
} node;

typedef struct {
    node *v;
    long n, alloc; /* alloc nodes have initialised mpq_t */
} stack;

/* Returns a fresh top slot (its mpq_t initialised), or NULL. */
static node *push(stack *st)
{
    if (st->n == st->alloc) {
        long na = st->alloc < 8 ? 8 : 2 * st->alloc, i;
        node *v;
        if ((size_t)na > (size_t)-1 / sizeof(node))
            return NULL;
        v = realloc(st->v, (size_t)na * sizeof(node));
        if (v == NULL)
            return NULL;
        st->v = v;
        for (i = st->alloc; i < na; i++) {
            mpq_init(v[i].lo);
            mpq_init(v[i].hi);
        }
        st->alloc = na;
    }
    st->v[st->n].root = 0;
    return st->v + st->n++;
}

/* Pushes the interval (lo, hi) with its data; 0 when memory runs out. */
static int push_interval(stack *st, mpq_srcptr lo, mpq_srcptr hi, long c,
                         long vlo, long vhi, int zlo, int zhi)
{
    node *nd = push(st);
    if (nd == NULL)
        return 0;
    mpq_set(nd->lo, lo);
    mpq_set(nd->hi, hi);
    nd->c = c;
    nd->vlo = vlo;
    nd->vhi = vhi;
    nd->zlo = zlo;
    nd->zhi = zhi;
    return 1;
}

/* Isolates the roots of q = s->seq[0] in the open interval (lo, hi)
   (lo < hi finite; zlo, zhi say whether they are roots) and appends
   them to r.  With descartes set, Descartes' rule is tried on (lo, hi)
   before the Sturm count. */
static int bisect(boxtoi_roots_t r, const boxtoi_sturm_t s, mpq_srcptr lo,
                  mpq_srcptr hi, int zlo, int zhi, int descartes)
{
    const boxtoi_poly_struct *q = s->seq;
    stack st = {NULL, 0, 0};
    node cur, *nd;
    boxtoi_poly_t tmpp;
    mpq_t m;
    mpz_t tmp;
    long vm, vlo, vhi, c, cl, i;
    int sm, rc = BOXTOI_OK;

    mpq_init(cur.lo);
    mpq_init(cur.hi);
    mpq_init(m);
    mpz_init(tmp);
    boxtoi_poly_init(tmpp);
    c = descartes ? boxtoi_roots_descartes(q, lo, hi, tmpp) : 2;
    vlo = vhi = -1;
    if (c > 1) {
        vlo = boxtoi_sturm_var_at(s, lo, NULL, tmp);
        vhi = boxtoi_sturm_var_at(s, hi, NULL, tmp);
        c = vlo - vhi - zhi; /* V(hi) = V(hi+): drop a root at hi */
    }
    if (!push_interval(&st, lo, hi, c, vlo, vhi, zlo, zhi))
        rc = BOXTOI_ENOMEM;
    while (st.n > 0 && rc == BOXTOI_OK) {
        /* Move the top into cur: pushes may move the stack. */
        nd = st.v + --st.n;
        mpq_swap(cur.lo, nd->lo);
        mpq_swap(cur.hi, nd->hi);
        cur.c = nd->c;
        cur.vlo = nd->vlo;
        cur.vhi = nd->vhi;
        cur.zlo = nd->zlo;
        cur.zhi = nd->zhi;
        cur.root = nd->root;
        if (cur.root) {
            rc = boxtoi_roots_append(r, cur.lo, cur.lo);
            continue;
        }
        if (cur.c <= 0)
            continue;
        if (cur.c == 1 && !cur.zlo && !cur.zhi) {
            rc = boxtoi_roots_append(r, cur.lo, cur.hi);
            continue;
        }
        boxtoi_roots_split_point(m, cur.lo, cur.hi);
        /* Children's counts: cl in (lo, m), c - cl - [q(m) = 0] in
           (m, hi).  V(lo) may be unknown when Descartes counted. */
        vm = boxtoi_sturm_var_at(s, m, &sm, tmp);
        if (cur.vlo < 0 && cur.vhi < 0)
            cur.vlo = boxtoi_sturm_var_at(s, cur.lo, NULL, tmp);
        if (cur.vlo >= 0)
            cl = cur.vlo - vm - (sm == 0);
        else
            cl = cur.c - (vm - cur.vhi - cur.zhi) - (sm == 0);
        /* Right half, then m itself, then the left half on top. */
        if (!push_interval(&st, m, cur.hi, cur.c - cl - (sm == 0), vm,
                           cur.vhi, sm == 0, cur.zhi)) {
            rc = BOXTOI_ENOMEM;
            break;
        }
        if (sm == 0) {
            if ((nd = push(&st)) == NULL) {
                rc = BOXTOI_ENOMEM;
                break;
            }
            mpq_set(nd->lo, m);
            nd->root = 1;
        }
        if (!push_interval(&st, cur.lo, m, cl, cur.vlo, vm, cur.zlo,
                           sm == 0)) {
            rc = BOXTOI_ENOMEM;
            break;
        }
    }
    for (i = 0; i < st.alloc; i++) {
        mpq_clear(st.v[i].lo);
        mpq_clear(st.v[i].hi);
    }
    free(st.v);
    mpq_clear(cur.lo);
    mpq_clear(cur.hi);
    mpq_clear(m);
    mpz_clear(tmp);
    boxtoi_poly_clear(tmpp);
    return rc;
}

/* Makes hi[i] < lo[i+1] where they are equal, by bisecting interval i
   (its root is below hi[i], so its upper end eventually moves).
   Returns BOXTOI_EINTERNAL, rather than looping for ever, if interval i
   has no sign change (a bug upstream). */
static int separate(boxtoi_roots_t r, const boxtoi_poly_t q, mpq_ptr m,
                    mpz_ptr tmp)
{
    long i;
    int slo, sm, rc = BOXTOI_OK;
    for (i = 0; i + 1 < r->n; i++) {
        if (!mpq_equal(r->hi + i, r->lo + i + 1))
            continue;
        slo = boxtoi_roots_sgn_at(q, r->lo + i, tmp);
        if (slo == 0 || boxtoi_roots_sgn_at(q, r->hi + i, tmp) != -slo) {
            rc = BOXTOI_EINTERNAL;
            break;
        }
        while (mpq_equal(r->hi + i, r->lo + i + 1)) {
            boxtoi_roots_split_point(m, r->lo + i, r->hi + i);
            sm = boxtoi_roots_sgn_at(q, m, tmp);
            if (sm == 0) {
                mpq_set(r->lo + i, m);
                mpq_set(r->hi + i, m);
            } else if (sm == slo) {
                mpq_set(r->lo + i, m);
            } else {
                mpq_set(r->hi + i, m);
            }
        }
    }
    return rc;
}

/* The common part of both methods: q = r->sqfree is set (canonical,
   square-free); with s NULL the roots are isolated by Descartes'
   method (vca.c), otherwise by Sturm bisection on s; wk: the memory. */
static int isolate_in(boxtoi_roots_t r, const boxtoi_sturm_t s,
                      mpq_srcptr a, mpq_srcptr b, int flags,
                      roots_work *wk)
{
    const boxtoi_poly_struct *q = &r->sqfree;
    mpq_ptr lo = wk->lo, hi = wk->hi;
    mpz_ptr tmp = wk->tmp;
    int rc = BOXTOI_OK, ra = 0, rb = 0;

    if (boxtoi_poly_degree(q) <= 0)
        return BOXTOI_OK;
    if (a != NULL && b != NULL) {
        int c = mpq_cmp(a, b);
        if (c > 0)
            return BOXTOI_OK;
        if (c == 0) {
            if (!(flags & (BOXTOI_OPEN_LO | BOXTOI_OPEN_HI))
                && boxtoi_poly_sgn_at_mpq(q, a) == 0)
                rc = boxtoi_roots_append(r, a, a);
            return rc;
        }
    }
    /* Every root lies in (-2^k, 2^k): clip the interval to that. */
    mpz_set_ui(tmp, 1);
    mpz_mul_2exp(tmp, tmp, (unsigned long)boxtoi_poly_root_bound_2exp(q));
    mpq_set_z(hi, tmp);
    mpq_neg(lo, hi);
    if (a != NULL && mpq_cmp(a, lo) > 0) {
        mpq_set(lo, a);
        ra = boxtoi_roots_sgn_at(q, a, tmp) == 0;
    }
    if (b != NULL && mpq_cmp(b, hi) < 0) {
        mpq_set(hi, b);
        rb = boxtoi_roots_sgn_at(q, b, tmp) == 0;
    }
    if (ra && !(flags & BOXTOI_OPEN_LO))
        rc = boxtoi_roots_append(r, lo, lo);
    if (rc == BOXTOI_OK && mpq_cmp(lo, hi) < 0) {
        if (s == NULL)
            rc = boxtoi_roots_bisect_descartes(r, q, lo, hi, ra, rb, wk);
        else
            rc = bisect(r, s, lo, hi, ra, rb, a != NULL && b != NULL);
    }
    if (rc == BOXTOI_OK && rb && !(flags & BOXTOI_OPEN_HI))
        rc = boxtoi_roots_append(r, hi, hi);
    if (rc == BOXTOI_OK)
        rc = separate(r, q, wk->m, tmp);
    return rc;
}

int boxtoi_roots_isolate_sturm(boxtoi_roots_t r, const boxtoi_sturm_t s,
                               mpq_srcptr a, mpq_srcptr b, int flags)
{
    roots_work *wk;
    int rc;
    r->n = 0;
    if (s->len == 0)
        return BOXTOI_EINVAL;
    boxtoi_poly_set(&r->sqfree, s->seq);
    if ((wk = roots_work_new()) == NULL)
        return BOXTOI_ENOMEM;
    rc = isolate_in(r, s, a, b, flags, wk);
    roots_work_free(wk);
    return rc;
}

void boxtoi_roots_work_init(boxtoi_roots_work_t w)
{
    w->p = NULL;
}

void boxtoi_roots_work_clear(boxtoi_roots_work_t w)
{
    roots_work_free(w->p);
    w->p = NULL;
}

int boxtoi_roots_isolate_work(boxtoi_roots_t r, const boxtoi_poly_t p,
                              mpq_srcptr a, mpq_srcptr b, int flags,
                              boxtoi_roots_work_t w)
{
    r->n = 0;
    if (boxtoi_poly_is_zero(p))
        return BOXTOI_EDOMAIN;
    if (w->p == NULL && (w->p = roots_work_new()) == NULL)
        return BOXTOI_ENOMEM;
    /* The canonical square-free part, as boxtoi_sturm_set makes it; the
       modular gcd proves gcd(p, p') = 1 at once in the common case. */
    boxtoi_poly_squarefree_part(&r->sqfree, p);
    return isolate_in(r, NULL, a, b, flags, w->p);
}

int boxtoi_roots_isolate(boxtoi_roots_t r, const boxtoi_poly_t p,
                         mpq_srcptr a, mpq_srcptr b, int flags)
{
    boxtoi_roots_work_t w;
    int rc;
    boxtoi_roots_work_init(w);
    rc = boxtoi_roots_isolate_work(r, p, a, b, flags, w);
    boxtoi_roots_work_clear(w);
    return rc;
}
