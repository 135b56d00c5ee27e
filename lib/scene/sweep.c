/* lib/scene/sweep.c: sweep and prune over boxes of doubles
   (doc/algorithm.md §8.2).

   The boxes are sorted by their lower end on one axis, the one along
   which their centres spread most (so that few boxes overlap on it);
   each box is then compared with the following ones while their lower
   ends do not pass its upper end, and every pair whose boxes meet on
   all three axes is reported.  O(m log m) plus the pairs that overlap
   on the chosen axis.  Infinite bounds (a body the enclosure could not
   bound) sort and compare correctly: such a box meets every box. */
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
   variance (0 when none is finite). */
static int spread_axis(const scene_aabb *box, long m)
{
    double s[3] = {0, 0, 0}, s2[3] = {0, 0, 0}, best = -1;
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
    for (a = 0; a < 3 && cnt > 0; a++) {
        double v = s2[a] - s[a] * s[a] / (double)cnt;
        if (v > best) {
            best = v;
            axis = a;
        }
    }
    return axis;
}

int scene_sweep(scene_pair **out, long *nout, long *alloc,
                const scene_aabb *box, long m, long budget, long cap,
                long *count)
{
    endpt *e;
    long k, l, found = 0;
    int axis = spread_axis(box, m), rc = 0;

    *count = 0;
    if (m < 2)
        return 0;
    e = malloc((size_t)m * sizeof *e);
    if (e == NULL)
        return -1;
    for (k = 0; k < m; k++) {
        e[k].lo = box[k].lo[axis];
        e[k].hi = box[k].hi[axis];
        e[k].i = k;
    }
    qsort(e, (size_t)m, sizeof *e, cmp_endpt);
    for (k = 0; k < m && rc >= 0 && !(rc == 1 && found > cap); k++)
        for (l = k + 1; l < m && e[l].lo <= e[k].hi; l++) {
            long a = e[k].i, b = e[l].i;
            if (!scene_aabb_meet(box + a, box + b))
                continue;
            if (budget >= 0 && ++found > budget) {
                rc = 1; /* count on up to cap, store no more */
                if (found > cap)
                    break;
                continue;
            }
            if (*nout == *alloc) {
                long na = *alloc == 0 ? 256 : 2 * *alloc;
                scene_pair *v = realloc(*out, (size_t)na * sizeof *v);
                if (v == NULL) {
                    rc = -1;
                    break;
                }
                *out = v;
                *alloc = na;
            }
            (*out)[*nout].a = a < b ? a : b;
            (*out)[*nout].b = a < b ? b : a;
            (*nout)++;
        }
    free(e);
    *count = budget >= 0 && found > budget ? found : *nout;
    return rc;
}
