/* t/scene-brute-t.c: tests of lib/scene against brute force.

   - brute force: on seeded random scenes (2-40 bodies, every motion
     family of t/qgen.h, and keyframed and piecewise motions built on
     them; spread out or clustered), the scene's first contact equals the
     minimum over all pairs solved one by one with
     boxtoi_contact_first_piecewise on the whole range (exact comparison
     of algebraic numbers), with the same set of touching pairs; the
     pairs report equals the sorted per-pair answers;
   - metamorphic: reversing the order of the bodies and renaming them,
     and a common motion of every body (a constant rotation and a linear
     translation, composed with each piece), leave the answer the same;
   - threads: 1, 2 and 5 threads give the same answers, statistics and
     trace, event by event;
   - window cuts: a scene whose range is cut, with contacts at the cut. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"
#include "scene-gen.h"
#include "lib/scene/impl.h"

static void box_si(boxtoi_box_struct *b, long x0, long y0, long z0, long x1,
                   long y1, long z1)
{
    boxtoi_box_set_si(b, x0, y0, z0, x1, y1, z1);
}

/* ---- brute force and metamorphic tests ------------------------------ */

static int ignored(const boxtoi_scene_t s, long a, long b)
{
    long k;
    for (k = 0; k < s->nignore; k++)
        if (s->ignore[2 * k] == a && s->ignore[2 * k + 1] == b)
            return 1;
    return 0;
}

/* The brute-force pairs report: every pair solved on the whole range,
   sorted by t then names (insertion sort, exact comparisons). */
static long brute_pairs(boxtoi_scene_contact **out, const boxtoi_scene_t s)
{
    boxtoi_query_t q;
    boxtoi_errinfo e;
    boxtoi_scene_contact *v;
    long a, b, n = 0, k;

    v = malloc((size_t)(s->n * s->n / 2 + 1) * sizeof *v);
    if (v == NULL)
        bail("out of memory");
    boxtoi_query_init(q);
    mpq_set(q->t0, s->t0);
    mpq_set(q->t1, s->t1);
    q->t1_inf = s->t1_inf;
    for (a = 0; a < s->n; a++)
        for (b = a + 1; b < s->n; b++) {
            if (ignored(s, a, b))
                continue;
            boxtoi_box_set(q->box, &s->body[a].box);
            boxtoi_box_set(q->box + 1, &s->body[b].box);
            boxtoi_motion_set(q->motion, &s->body[a].motion);
            boxtoi_motion_set(q->motion + 1, &s->body[b].motion);
            boxtoi_contact_init(&v[n].c);
            if (boxtoi_contact_first_piecewise(&v[n].c, q, &s->body[a].pm,
                                               &s->body[b].pm, NULL, &e)
                != BOXTOI_OK)
                bail("pair %ld %ld: %s", a, b, e.msg);
            if (v[n].c.status != BOXTOI_CONTACT) {
                boxtoi_contact_clear(&v[n].c);
                continue;
            }
            v[n].a = a;
            v[n].b = b;
            for (k = n; k > 0; k--) {
                boxtoi_scene_contact *u = v + k - 1, tmp;
                int c = boxtoi_alg_cmp(&u->c.t, &v[k].c.t);
                if (c == 0)
                    c = strcmp(s->body[u->a].name, s->body[v[k].a].name);
                if (c == 0)
                    c = strcmp(s->body[u->b].name, s->body[v[k].b].name);
                if (c <= 0)
                    break;
                tmp = *u;
                *u = v[k];
                v[k] = tmp;
            }
            n++;
        }
    boxtoi_query_clear(q);
    *out = v;
    return n;
}

static void free_contacts(boxtoi_scene_contact *v, long n)
{
    long k;
    for (k = 0; k < n; k++)
        boxtoi_contact_clear(&v[k].c);
    free(v);
}

/* 1 when the contacts agree exactly: pair, time, initial, kind. */
static int same_contact(const boxtoi_scene_contact *u,
                        const boxtoi_scene_contact *v)
{
    return u->a == v->a && u->b == v->b
           && boxtoi_alg_cmp(&u->c.t, &v->c.t) == 0
           && u->c.initial == v->c.initial
           && strcmp(boxtoi_contact_kind(&u->c),
                     boxtoi_contact_kind(&v->c)) == 0;
}

/* Checks first and pairs of s against brute force; returns 1 if both
   agree. */
static int check_brute(const boxtoi_scene_t s, long *ncontact)
{
    boxtoi_scene_contact *v;
    boxtoi_scene_result_t r;
    boxtoi_errinfo e;
    long n = brute_pairs(&v, s), k, j, nfirst = 0;
    int good = 1;

    boxtoi_scene_result_init(r);
    if (boxtoi_scene_pairs(r, s, NULL, &e) != BOXTOI_OK)
        bail("scene pairs: %s", e.msg);
    good &= r->n == n;
    for (k = 0; k < n && good; k++)
        good &= same_contact(v + k, r->v + k);
    if (boxtoi_scene_first(r, s, NULL, &e) != BOXTOI_OK)
        bail("scene first: %s", e.msg);
    /* the brute-force first contacts: the pairs at v[0]'s time, which
       the scene lists by (a, b); v is sorted by t, so they lead v */
    for (k = 0; k < n && boxtoi_alg_cmp(&v[k].c.t, &v[0].c.t) == 0; k++)
        nfirst++;
    good &= r->status == (n > 0 ? BOXTOI_CONTACT : BOXTOI_NO_CONTACT);
    good &= r->n == nfirst;
    for (k = 0; k < r->n && good; k++) {
        for (j = 0; j < nfirst; j++)
            if (same_contact(v + j, r->v + k))
                break;
        good &= j < nfirst;
        good &= k == 0 || r->v[k - 1].a < r->v[k].a
                || (r->v[k - 1].a == r->v[k].a && r->v[k - 1].b < r->v[k].b);
    }
    *ncontact += n;
    free_contacts(v, n);
    boxtoi_scene_result_clear(r);
    return good;
}

/* The first contact of s as (time, set of pairs by name); compares two
   scenes' answers up to the renaming map name -> prefix + name. */
static int same_first(const boxtoi_scene_t s, const boxtoi_scene_t s2,
                      const char *prefix)
{
    boxtoi_scene_result_t r, r2;
    boxtoi_errinfo e;
    long k, j;
    int good;
    char x[80], y[80];

    boxtoi_scene_result_init(r);
    boxtoi_scene_result_init(r2);
    if (boxtoi_scene_first(r, s, NULL, &e) != BOXTOI_OK
        || boxtoi_scene_first(r2, s2, NULL, &e) != BOXTOI_OK)
        bail("metamorphic: %s", e.msg);
    good = r->status == r2->status && r->n == r2->n;
    for (k = 0; k < r->n && good; k++) {
        const boxtoi_scene_contact *u = r->v + k;
        snprintf(x, sizeof x, "%s%s", prefix, s->body[u->a].name);
        snprintf(y, sizeof y, "%s%s", prefix, s->body[u->b].name);
        for (j = 0; j < r2->n; j++) {
            const boxtoi_scene_contact *w = r2->v + j;
            const char *p = s2->body[w->a].name, *q = s2->body[w->b].name;
            if (((strcmp(p, x) == 0 && strcmp(q, y) == 0)
                 || (strcmp(p, y) == 0 && strcmp(q, x) == 0))
                && boxtoi_alg_cmp(&u->c.t, &w->c.t) == 0)
                break;
        }
        good &= j < r2->n;
    }
    boxtoi_scene_result_clear(r);
    boxtoi_scene_result_clear(r2);
    return good;
}

/* Window cuts: 30 equal still boxes far away, all pairs ignored (435
   pairs that no cut removes, more than n + 256 = 288, so the range is
   cut, first at t = 1/2), and two pairs that touch exactly at the cut:
   A = [0,1]^3 still and B = [2,3] x [0,1]^2 moving by -2t (2 - 2t = 1
   at t = 1/2); C = [0,1] x [5,6] x [0,1] still and D = [0,1] x [7,8] x
   [0,1] moving by -2t in y (7 - 2t = 6 at t = 1/2).  First: t = 1/2
   with (A, B) and (C, D), each once; pairs: the same two. */
static void test_cut(void)
{
    boxtoi_scene_t s;
    boxtoi_box_t b;
    boxtoi_motion_t m;
    boxtoi_scene_result_t r;
    boxtoi_errinfo e;
    char name[32], other[32]; /* "k" and any long */
    long i, j, ncontact = 0;
    mpq_t half;

    boxtoi_scene_init(s);
    boxtoi_box_init(b);
    boxtoi_motion_init(m);
    boxtoi_scene_result_init(r);
    mpq_init(half);
    mpq_set_ui(half, 1, 2);
    box_si(b, 0, 0, 0, 1, 1, 1);
    if (boxtoi_scene_add_body(s, "A", b, NULL, &e) != BOXTOI_OK)
        bail("A");
    box_si(b, 2, 0, 0, 3, 1, 1);
    boxtoi_motion_set_identity(m);
    boxtoi_motion_set_coeff_si(m, 0, 3, 1, -2);
    if (boxtoi_scene_add_body(s, "B", b, m, &e) != BOXTOI_OK)
        bail("B");
    box_si(b, 0, 5, 0, 1, 6, 1);
    if (boxtoi_scene_add_body(s, "C", b, NULL, &e) != BOXTOI_OK)
        bail("C");
    box_si(b, 0, 7, 0, 1, 8, 1);
    boxtoi_motion_set_identity(m);
    boxtoi_motion_set_coeff_si(m, 1, 3, 1, -2);
    if (boxtoi_scene_add_body(s, "D", b, m, &e) != BOXTOI_OK)
        bail("D");
    box_si(b, 50, 50, 50, 52, 52, 52);
    for (i = 0; i < 30; i++) {
        snprintf(name, sizeof name, "k%ld", i);
        if (boxtoi_scene_add_body(s, name, b, NULL, &e) != BOXTOI_OK)
            bail("k");
        for (j = 0; j < i; j++) {
            snprintf(other, sizeof other, "k%ld", j);
            if (boxtoi_scene_ignore(s, name, other, &e) != BOXTOI_OK)
                bail("ignore");
        }
    }
    if (boxtoi_scene_first(r, s, NULL, &e) != BOXTOI_OK)
        bail("first: %s", e.msg);
    ok(r->n == 2 && boxtoi_alg_cmp_mpq(&r->v[0].c.t, half) == 0
           && r->v[0].a == 0 && r->v[0].b == 1 && r->v[1].a == 2
           && r->v[1].b == 3,
       "cut at 1/2: (A, B) and (C, D) touch there, each listed once");
    ok(r->stats.nwindows > 1, "the range was cut (%ld windows)",
       r->stats.nwindows);
    if (boxtoi_scene_pairs(r, s, NULL, &e) != BOXTOI_OK)
        bail("pairs: %s", e.msg);
    is_int(2, r->n, "cut at 1/2: two pairs in the pairs report");
    ok(check_brute(s, &ncontact), "cut at 1/2: agrees with brute force");
    mpq_clear(half);
    boxtoi_scene_result_clear(r);
    boxtoi_motion_clear(m);
    boxtoi_box_clear(b);
    boxtoi_scene_clear(s);
}

/* Appends the event to the text of a trace (ctx: a strbuf). */
static void trace_text(void *ctx, const boxtoi_scene_event *ev)
{
    boxtoi_strbuf *sb = ctx;
    int rc = boxtoi_strbuf_printf(sb, "%d %ld %ld %ld %ld [", ev->kind,
                                  ev->npairs, ev->ncand, ev->a, ev->b);
    rc |= boxtoi_strbuf_put_mpq(sb, ev->lo);
    rc |= boxtoi_strbuf_puts(sb, ", ");
    rc |= ev->hi != NULL ? boxtoi_strbuf_put_mpq(sb, ev->hi)
                         : boxtoi_strbuf_puts(sb, "inf");
    if (ev->kind == BOXTOI_SCENE_SOLVE && ev->c->status == BOXTOI_CONTACT) {
        rc |= boxtoi_strbuf_printf(sb, "] contact %d ", ev->c->initial);
        rc |= boxtoi_alg_get_str(sb, &ev->c->t, 25);
    } else if (ev->kind == BOXTOI_SCENE_SOLVE) {
        rc |= boxtoi_strbuf_puts(sb, "] none");
    }
    rc |= boxtoi_strbuf_puts(sb, "\n");
    if (rc != BOXTOI_OK)
        bail("out of memory");
}

/* 1 when s solved with 1, 2 and 5 threads gives the same answers
   (exactly: pairs, times, initial, kinds), statistics and traces (event
   by event, with the ranges solved), for both reports. */
static int same_threads(boxtoi_scene_t s)
{
    static const long nth[3] = {1, 2, 5};
    boxtoi_scene_result_t r[3];
    boxtoi_strbuf tr[3];
    boxtoi_errinfo e;
    int report, k, good = 1;
    long j;

    for (report = BOXTOI_SCENE_FIRST; report <= BOXTOI_SCENE_PAIRS;
         report++) {
        for (k = 0; k < 3; k++) {
            boxtoi_scene_result_init(r[k]);
            boxtoi_strbuf_init(tr + k);
            boxtoi_scene_set_threads(s, nth[k]);
            if (boxtoi_scene_solve(r[k], s, report, NULL, trace_text, tr + k,
                                   &e) != BOXTOI_OK)
                bail("threads: %s", e.msg);
        }
        for (k = 1; k < 3; k++) {
            good &= r[k]->status == r[0]->status && r[k]->n == r[0]->n;
            for (j = 0; j < r[0]->n && good; j++)
                good &= same_contact(r[0]->v + j, r[k]->v + j);
            good &= memcmp(&r[k]->stats, &r[0]->stats, sizeof r[0]->stats)
                    == 0;
            good &= strcmp(boxtoi_strbuf_str(tr + k),
                           boxtoi_strbuf_str(tr)) == 0;
        }
        for (k = 0; k < 3; k++) {
            boxtoi_scene_result_clear(r[k]);
            boxtoi_strbuf_clear(tr + k);
        }
    }
    boxtoi_scene_set_threads(s, 1);
    return good;
}

static void test_brute(void)
{
    gmp_randstate_t st;
    long nscene = 300 * tap_multiplier(), k, agree = 0, ncontact = 0;
    long meta = 0, nmeta = 0, nthread = 0, threads_agree = 0;

    tap_randinit(st);
    diag("seed %lu", tap_seed());
    for (k = 0; k < nscene; k++) {
        boxtoi_scene_t s, s2;
        long n = k % 20 == 19 ? 11 + (long)qgen_ui(st, 30)
                             : 2 + (long)qgen_ui(st, 9);
        boxtoi_scene_init(s);
        scenegen_random(s, st, n);
        if (check_brute(s, &ncontact))
            agree++;
        else
            diag("scene %ld (%ld bodies) disagrees with brute force", k, n);
        if (k % 3 == 0) {
            int sh;
            boxtoi_motion_t cm;
            boxtoi_motion_init(cm);
            scenegen_common(cm, st);
            for (sh = 0; sh < 2; sh++) {
                boxtoi_scene_init(s2);
                scenegen_transform(s2, s, sh ? cm : NULL);
                nmeta++;
                if (same_first(s, s2, sh ? "" : "r"))
                    meta++;
                else
                    diag("scene %ld: metamorphic %s differs", k,
                         sh ? "common motion" : "reorder/rename");
                boxtoi_scene_clear(s2);
            }
            boxtoi_motion_clear(cm);
        }
        if (k % 4 == 1) {
            nthread++;
            if (same_threads(s))
                threads_agree++;
            else
                diag("scene %ld: threads change the answer", k);
        }
        boxtoi_scene_clear(s);
    }
    is_int(nscene, agree, "scenes agreeing with brute force "
           "(first and pairs; %ld contacts)", ncontact);
    is_int(nmeta, meta, "metamorphic scenes agreeing");
    is_int(nthread, threads_agree, "scenes with the same answers and "
           "traces with 1, 2 and 5 threads");
    gmp_randclear(st);
}


/* ---- the sweep against all pairs (lib/scene/sweep.c) -------------- */

static int cmp_pair(const void *x, const void *y)
{
    const scene_pair *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

/* Random boxes: on a grid (the bin's layout), clustered, with some
   unbounded or huge bounds and some flat ones. */
static void random_boxes(scene_aabb *v, long m, gmp_randstate_t st)
{
    long i;
    int k, layout = (int)qgen_ui(st, 3);
    long side = 1;
    while (side * side < m)
        side++;
    for (i = 0; i < m; i++)
        for (k = 0; k < 3; k++) {
            double c = layout == 0 ? (double)(k == 0   ? 3 * (i % side)
                                              : k == 1 ? 3 * (i / side)
                                                       : (long)qgen_ui(st, 20))
                                   : (double)qgen_ui(st, layout == 1 ? 8 : 200);
            double ext = (double)qgen_ui(st, 9) / 2;
            v[i].lo[k] = c + (double)qgen_ui(st, 3) / 4;
            v[i].hi[k] = v[i].lo[k] + ext;
            if (qgen_ui(st, 200) == 0)
                v[i].lo[k] = -HUGE_VAL;
            if (qgen_ui(st, 200) == 0)
                v[i].hi[k] = HUGE_VAL;
            if (qgen_ui(st, 500) == 0)
                v[i].hi[k] = 1e300;
        }
}

/* scene_sweep lists exactly the pairs of boxes that meet (brute force
   over all pairs), with and without a budget. */
static void test_sweep(void)
{
    gmp_randstate_t st;
    long round, agree = 0, nround = 200, npairs = 0;

    tap_randinit(st);
    for (round = 0; round < nround; round++) {
        long m = 2 + (long)qgen_ui(st, round % 10 == 9 ? 3000 : 200);
        scene_aabb *v = malloc((size_t)m * sizeof *v);
        scene_pair *out = NULL;
        scene_pair *want = malloc((size_t)(m * (m - 1) / 2 + 1)
                                  * sizeof *want);
        long nout = 0, alloc = 0, n = 0, a, b, count;
        int rc;
        if (v == NULL || want == NULL)
            bail("out of memory");
        random_boxes(v, m, st);
        for (a = 0; a < m; a++)
            for (b = a + 1; b < m; b++)
                if (scene_aabb_meet(v + a, v + b)) {
                    want[n].a = a;
                    want[n++].b = b;
                }
        rc = scene_sweep(&out, &nout, &alloc, v, m, -1, -1, &count);
        if (nout > 0)
            qsort(out, (size_t)nout, sizeof *out, cmp_pair);
        if (rc == 0 && nout == n && count == n
            && (n == 0 || memcmp(out, want, (size_t)n * sizeof *out) == 0))
            agree++;
        else
            diag("sweep round %ld: %ld boxes, %ld pairs listed of %ld", round,
                 m, nout, n);
        /* with a budget: the count goes on to cap + 1 */
        nout = 0;
        rc = scene_sweep(&out, &nout, &alloc, v, m, n / 2, n / 2, &count);
        if (!(n == 0 ? rc == 0 && count == 0
                     : (n / 2 < n ? rc == 1 && count == n / 2 + 1
                                      && nout == n / 2
                                  : rc == 0)))
            diag("sweep round %ld: budget %ld of %ld pairs: rc %d count %ld",
                 round, n / 2, n, rc, count);
        npairs += n;
        free(out);
        free(want);
        free(v);
    }
    is_int(nround, agree, "sweep: exactly the meeting pairs (%ld in all)",
           npairs);
    gmp_randclear(st);
}

int main(void)
{
    plan_lazy();
    test_sweep();
    test_cut();
    test_brute();
    return 0;
}
