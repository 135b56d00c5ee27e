/* lib/contact/fastnarrow.c: the interval pre-filter's narrowing of a
   proved window to a certificate window, in which one plane alone is
   not proved positive (fast.c describes the filter and finds the
   window; contact_certify in certify.c takes the result;
   doc/algorithm.md §4.2). */
#include "lib/contact/fast.h"

/* The right end of the longest prefix of [lo, hi] proved separated by
   depth-first bisection (at most depth levels, as the scan): lo when
   nothing is proved. */
static double fast_prefix(fast_query *f, double lo, double hi, int depth)
{
    double stack[FAST_DEPTH], mid;
    int sp = 0;
    for (;;) {
        if (f->nevals >= f->limit)
            return lo;
        if (f->wide < 0 ? fast_separated(f, lo, hi)
                        : fast_separated_slope(f, lo, hi)) {
            lo = hi;
            if (sp == 0)
                return lo;
            hi = stack[--sp];
            continue;
        }
        if (f->reach > lo && f->reach < hi) {
            lo = f->reach;
            continue;
        }
        mid = lo + (hi - lo) / 2;
        if (sp == depth || !(lo < mid && mid < hi))
            return lo;
        stack[sp++] = hi;
        hi = mid;
    }
}

/* After a proved window [a, b] (no contact on [t0, a), contact at b):
   narrow it, keeping that property, until exactly one plane is not
   proved positive on all of it (*plane), or give up (returns 0).  The
   work is bounded by FAST_NARROW more interval evaluations. */
int fast_narrow(fast_query *f, double *pa, double *pb, int *plane)
{
    double a = *pa, b = *pb, mid, na;
    contact_iv t;
    int n;

    /* constant orientations: half the budget (their refusals are
       mostly face-face contacts, where no narrowing helps; measured) */
    f->limit = f->nevals + (f->wide < 0 ? FAST_NARROW / 2 : FAST_NARROW);
    while (f->nevals < f->limit) {
        t.lo = a;
        t.hi = b;
        /* the natural form first: on the narrow windows met here it
           often proves every plane but one positive already, at a
           fifth of the cost, and it gives up early when it cannot
           (doc/performance.md, "Measured choices");
           constant orientations (wide < 0) use it alone, as the scan */
        n = fast_eval(f, t, 2, plane);
        if (n == 2 && f->wide >= 0)
            n = fast_eval_slope(f, t, 2, plane);
        if (n == 1) {
            *pa = a;
            *pb = b;
            return 1;
        }
        if (n == 0)
            return 0; /* every plane positive: contact on all of [a, b] */
        if (f->wide > 0 && f->zlast > a && f->zlast < b) {
            /* Guided step: a window of half-width g around the guess of
               the first contact, g half the distance to the next guess
               (the planes' zeros often lie close together: a corner
               meeting a face near its edge) but at most an eighth of
               [a, b] (measured: the work hardly depends on these two
               fractions).  Kept only as far as it is proved: by one
               evaluation of [a, z - g] carried on from the part it
               proves (f->reach), without bisection, which mostly
               stalled near the first contact (measured: depth 3 to 0
               gave 75.89, 75.53, 75.29, 75.10 M instructions on 200
               rotating queries, 67.1 to 62.1 M on the slowest 40 of
               2,000; doc/performance.md). */
            double z = f->zlast, g = (b - a) / 8, nb, na2;
            if (f->zprev > a && (z - f->zprev) / 2 < g)
                g = (z - f->zprev) / 2;
            nb = z + g;
            na2 = z - g;
            if (g > 0 && nb < b && na2 > a && fast_contact_at(f, nb)) {
                b = nb;
                na = fast_prefix(f, a, na2, 0);
                if (na > a)
                    a = na;
                continue;
            }
        }
        mid = a + (b - a) / 2;
        if (!(a < mid && mid < b))
            return 0;
        if (fast_contact_at(f, mid)) {
            b = mid;
            continue;
        }
        /* the first contact is probably after mid: prove what can be
           proved of [a, mid] separated */
        na = fast_prefix(f, a, mid, 4);
        if (!(na > a))
            return 0;
        a = na;
    }
    return 0;
}
