/* lib/scene/heap.c: the priority queue of the narrow phase
   (doc/algorithm.md §8.4), a binary min-heap of (candidate, sub-window)
   nodes keyed by the sub-window's lower end.  The ends are doubles or
   t0 (the least time of the range), so the key order is exact. */
#include <math.h>
#include <stdlib.h>
#include "lib/util/impl.h"
#include "lib/scene/impl.h"

static int less(const scene_node *u, const scene_node *v)
{
    double a = u->w.lo_t0 ? -HUGE_VAL : u->w.lo;
    double b = v->w.lo_t0 ? -HUGE_VAL : v->w.lo;
    if (a != b)
        return a < b;
    if (u->cand != v->cand)
        return u->cand < v->cand;
    return u->depth < v->depth;
}

int scene_heap_push(scene_heap *h, const scene_node *x)
{
    long i;
    if (h->n == h->alloc) {
        long na = h->alloc == 0 ? 256 : 2 * h->alloc;
        scene_node *v = realloc(h->v, (size_t)na * sizeof *v);
        if (v == NULL)
            return -1;
        h->v = v;
        h->alloc = na;
    }
    for (i = h->n++; i > 0 && less(x, h->v + (i - 1) / 2); i = (i - 1) / 2)
        h->v[i] = h->v[(i - 1) / 2];
    h->v[i] = *x;
    return 0;
}

void scene_heap_pop(scene_heap *h, scene_node *res)
{
    scene_node last;
    long i = 0, c;

    *res = h->v[0];
    last = h->v[--h->n];
    for (;;) {
        c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && less(h->v + c + 1, h->v + c))
            c++;
        if (!less(h->v + c, &last))
            break;
        h->v[i] = h->v[c];
        i = c;
    }
    if (h->n > 0)
        h->v[i] = last;
}
