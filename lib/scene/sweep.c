/* lib/scene/sweep.c: sweep and prune over boxes of doubles
   (doc/algorithm.md §8.2).

   The boxes are sorted by their lower end on one axis, the one along
   which their centres spread most (so that few boxes overlap on it);
   each box is then compared with the following ones while their lower
   ends do not pass its upper end, and every pair whose boxes meet on
   all three axes is reported.  O(m log m) plus the pairs that overlap
   on the chosen axis.  Infinite bounds (a body the enclosure could not
   bound) sort and compare correctly: such a box meets every box.
   Bodies in a grid overlap on any one axis by whole columns, so the
   sweep runs in slabs across the axis of second spread (sweep_slabs),
   each pair reported in the one slab of the larger of its lower ends;
   the boxes too wide for slabs are compared with every box. */
#include <math.h>
#include <stdlib.h>
#include "lib/util/impl.h"
#include "lib/scene/impl.h"

typedef struct {
    double lo, hi;
    long i;
} endpt;

static int cmp_endpt(const void *x, const void *y)
{
    const endpt *a = x, *b = y;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    return a->i < b->i ? -1 : a->i > b->i;
}

/* The axis along which the finite boxes' centres have the largest
   variance (0 when none is finite), and in *second the next one. */
static int spread_axis(const scene_aabb *box, long m, int *second)
{
    double s[3] = {0, 0, 0}, s2[3] = {0, 0, 0}, best = -1, v[3];
    long k, cnt = 0;
    int a, axis = 0;

    for (k = 0; k < m; k++) {
        const scene_aabb *b = box + k;
        if (!(b->lo[0] > -HUGE_VAL && b->hi[0] < HUGE_VAL
              && b->lo[1] > -HUGE_VAL && b->hi[1] < HUGE_VAL
              && b->lo[2] > -HUGE_VAL && b->hi[2] < HUGE_VAL))
            continue;
        cnt++;
        for (a = 0; a < 3; a++) {
            double c = 0.5 * b->lo[a] + 0.5 * b->hi[a];
            s[a] += c;
            s2[a] += c * c;
        }
    }
    for (a = 0; a < 3; a++) {
        v[a] = cnt > 0 ? s2[a] - s[a] * s[a] / (double)cnt : 0;
        if (v[a] > best) {
            best = v[a];
            axis = a;
        }
    }
    *second = (axis + 1) % 3;
    if (v[(axis + 2) % 3] > v[*second])
        *second = (axis + 2) % 3;
    return axis;
}

/* The output of a sweep: the pairs stored, the budget and the count. */
typedef struct {
    scene_pair **out;
    long *nout, *alloc;
    long budget, cap, found;
    int rc; /* 0, 1 over budget, -1 out of memory */
} sink;

/* Reports the pair (a, b) of meeting boxes; 0 to go on, 1 to stop. */
static int emit(sink *k, long a, long b)
{
    if (k->budget >= 0 && ++k->found > k->budget) {
        k->rc = 1; /* count on up to cap, store no more */
        return k->found > k->cap;
    }
    if (*k->nout == *k->alloc) {
        long na = *k->alloc == 0 ? 256 : 2 * *k->alloc;
        scene_pair *v = realloc(*k->out, (size_t)na * sizeof *v);
        if (v == NULL) {
            k->rc = -1;
            return 1;
        }
        *k->out = v;
        *k->alloc = na;
    }
    (*k->out)[*k->nout].a = a < b ? a : b;
    (*k->out)[*k->nout].b = a < b ? b : a;
    (*k->nout)++;
    return 0;
}

/* A box in a slab: its slab s, its first slab s0 and its lower and
   upper ends on the sweep axis. */
typedef struct {
    long s, s0;
    double lo, hi;
    long i;
} slabpt;

static int cmp_slabpt(const void *x, const void *y)
{
    const slabpt *a = x, *b = y;
    if (a->s != b->s)
        return a->s < b->s ? -1 : 1;
    if (a->lo != b->lo)
        return a->lo < b->lo ? -1 : 1;
    return a->i < b->i ? -1 : a->i > b->i;
}

/* Boxes wider than this many slabs are compared with every box. */
#define SLAB_SPAN 8

/* The slab of y: floor((y - y0) / w), monotone in y (each operation
   rounds monotonically), so the slab of the larger of two lower ends
   is the larger of their slabs. */
static long slab_of(double y, double y0, double w)
{
    return (long)floor((y - y0) / w);
}

/* 1 when [lo, hi] on the second axis is unbounded, far (slab numbers
   beyond a long) or spans more than SLAB_SPAN slabs. */
static int is_wide(double lo, double hi, double y0, double w)
{
    return !(lo > -HUGE_VAL && hi < HUGE_VAL && (hi - y0) / w < 1e18)
           || (hi - y0) / w - (lo - y0) / w > SLAB_SPAN;
}

/* Sweep and prune in slabs across a second axis (doc/algorithm.md
   §8.2): 1 when done, 0 when the boxes do not suit it (the caller
   sweeps them all on one axis). */
static int sweep_slabs(sink *k, const scene_aabb *box, long m, int axis,
                       int axis2)
{
    double y0 = HUGE_VAL, ext = 0, w;
    long i, j, l, n = 0, nwide = 0, cnt = 0, *wide;
    char *isw;
    slabpt *e;

    for (i = 0; i < m; i++) {
        double lo = box[i].lo[axis2], hi = box[i].hi[axis2];
        if (lo > -HUGE_VAL && hi < HUGE_VAL) {
            y0 = lo < y0 ? lo : y0;
            ext += hi - lo;
            cnt++;
        }
    }
    if (cnt < 2 || !(ext > 0) || !(ext < HUGE_VAL))
        return 0;
    w = 2 * ext / (double)cnt; /* twice the mean extent */
    for (i = 0; i < m; i++) {
        double lo = box[i].lo[axis2], hi = box[i].hi[axis2];
        if (is_wide(lo, hi, y0, w))
            nwide++;
        else
            n += slab_of(hi, y0, w) - slab_of(lo, y0, w) + 1;
    }
    if (16 * nwide > m)
        return 0;
    e = malloc((size_t)(n > 0 ? n : 1) * sizeof *e);
    wide = malloc((size_t)(nwide > 0 ? nwide : 1) * sizeof *wide);
    isw = calloc((size_t)m, 1);
    if (e == NULL || wide == NULL || isw == NULL) {
        free(e);
        free(wide);
        free(isw);
        k->rc = -1;
        return 1;
    }
    n = nwide = 0;
    for (i = 0; i < m; i++) {
        double lo = box[i].lo[axis2], hi = box[i].hi[axis2];
        long s0, s1, s;
        if (is_wide(lo, hi, y0, w)) {
            wide[nwide++] = i;
            isw[i] = 1;
            continue;
        }
        s0 = slab_of(lo, y0, w);
        s1 = slab_of(hi, y0, w);
        for (s = s0; s <= s1; s++) {
            e[n].s = s;
            e[n].s0 = s0;
            e[n].lo = box[i].lo[axis];
            e[n].hi = box[i].hi[axis];
            e[n].i = i;
            n++;
        }
    }
    qsort(e, (size_t)n, sizeof *e, cmp_slabpt);
    /* two boxes that meet share the slab of the larger of their lower
       ends, and are in it: the pair is reported there only */
    for (j = 0; j < n && k->rc >= 0; j++)
        for (l = j + 1; l < n && e[l].s == e[j].s && e[l].lo <= e[j].hi;
             l++) {
            long s = e[j].s0 > e[l].s0 ? e[j].s0 : e[l].s0;
            if (s == e[j].s && scene_aabb_meet(box + e[j].i, box + e[l].i)
                && emit(k, e[j].i, e[l].i))
                goto done;
        }
    /* the wide boxes against every other box, each pair once */
    for (j = 0; j < nwide && k->rc >= 0; j++)
        for (i = 0; i < m; i++) {
            if (i == wide[j] || (isw[i] && i < wide[j]))
                continue; /* a wide pair: reported from the smaller */
            if (scene_aabb_meet(box + wide[j], box + i)
                && emit(k, wide[j], i))
                goto done;
        }
done:
    free(e);
    free(wide);
    free(isw);
    return 1;
}

int scene_sweep(scene_pair **out, long *nout, long *alloc,
                const scene_aabb *box, long m, long budget, long cap,
                long *count)
{
    endpt *e;
    long k, l;
    int axis2, axis = spread_axis(box, m, &axis2);
    sink sk;

    *count = 0;
    if (m < 2)
        return 0;
    sk.out = out;
    sk.nout = nout;
    sk.alloc = alloc;
    sk.budget = budget;
    sk.cap = cap;
    sk.found = 0;
    sk.rc = 0;
    if (sweep_slabs(&sk, box, m, axis, axis2))
        goto done;
    e = malloc((size_t)m * sizeof *e);
    if (e == NULL)
        return -1;
    for (k = 0; k < m; k++) {
        e[k].lo = box[k].lo[axis];
        e[k].hi = box[k].hi[axis];
        e[k].i = k;
    }
    qsort(e, (size_t)m, sizeof *e, cmp_endpt);
    for (k = 0; k < m && sk.rc >= 0; k++)
        for (l = k + 1; l < m && e[l].lo <= e[k].hi; l++)
            if (scene_aabb_meet(box + e[k].i, box + e[l].i)
                && emit(&sk, e[k].i, e[l].i))
                goto stop;
stop:
    free(e);
done:
    *count = budget >= 0 && sk.found > budget ? sk.found : *nout;
    return sk.rc;
}
