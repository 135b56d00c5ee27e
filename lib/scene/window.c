/* lib/scene/window.c: windows of t for the broad phase and their
   bisection (doc/algorithm.md §8.3).

   A window's ends are the scene's t0 and t1 or doubles (each exactly
   the rational it spells), so that a window is an exact rational
   interval that is also cheap to enclose in doubles.  Bisection picks a
   double strictly inside (checked exactly); an infinite window
   [lo, +inf) is cut at lo + max(1, |lo|), so the finite parts grow
   geometrically. */
#include <math.h>
#include "lib/util/impl.h"
#include "lib/scene/impl.h"

void scene_window_root(scene_window *w, const boxtoi_scene_struct *s)
{
    boxtoi_iv r;
    w->lo = w->hi = 0;
    w->lo_t0 = w->hi_t1 = 1;
    w->dlo = scene_iv_of_mpq(&r, s->t0) ? r.lo : -HUGE_VAL;
    w->dhi = !s->t1_inf && scene_iv_of_mpq(&r, s->t1) ? r.hi : HUGE_VAL;
}

void scene_window_lo(mpq_t res, const scene_window *w,
                     const boxtoi_scene_struct *s)
{
    if (w->lo_t0)
        mpq_set(res, s->t0);
    else
        mpq_set_d(res, w->lo);
}

/* -1, 0, 1 as the exact end (t0 or t1 when flagged, else x) compares
   with the double m. */
static int cmp_end(int flagged, mpq_srcptr t, double x, double m, mpq_t tmp)
{
    if (!flagged)
        return x < m ? -1 : x > m;
    mpq_set_d(tmp, m);
    return mpq_cmp(t, tmp);
}

int scene_window_split(scene_window *left, scene_window *right,
                       const scene_window *w, const boxtoi_scene_struct *s,
                       mpq_t tmp)
{
    double m;
    int inf = w->hi_t1 && s->t1_inf;

    if (!(w->dlo > -HUGE_VAL) || (!inf && !(w->dhi < HUGE_VAL)))
        return 0;
    if (inf)
        m = w->dlo + (fabs(w->dlo) > 1 ? fabs(w->dlo) : 1);
    else
        m = w->dlo + (w->dhi - w->dlo) / 2;
    if (!(m < HUGE_VAL))
        return 0;
    /* m strictly inside the exact window */
    if (cmp_end(w->lo_t0, s->t0, w->lo, m, tmp) >= 0)
        return 0;
    if (!inf && cmp_end(w->hi_t1, s->t1, w->hi, m, tmp) <= 0)
        return 0;
    *left = *w;
    *right = *w;
    left->hi = left->dhi = m;
    left->hi_t1 = 0;
    right->lo = right->dlo = m;
    right->lo_t0 = 0;
    return 1;
}
