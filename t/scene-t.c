/* t/scene-t.c: tests of lib/scene, scenes of many moving boxes.

   - errors: empty and duplicate names, an ignore pair naming an unknown
     body, the body limit, a bad range, an invalid motion, each naming
     the entry at fault;
   - a hand-solved scene of three sliding boxes (times in the comments);
   - brute force: on seeded random scenes (2-40 bodies, every motion
     family of t/qgen.h, spread out or clustered), the scene's first
     contact equals the minimum over all pairs solved one by one with
     boxtoi_contact_first on the whole range (exact comparison of
     algebraic numbers), with the same set of touching pairs; the pairs
     report equals the sorted per-pair answers;
   - metamorphic: reversing the order of the bodies and renaming them,
     and a common translation of every body, leave the answer the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "qgen.h"

static void box_si(boxtoi_box_struct *b, long x0, long y0, long z0, long x1,
                   long y1, long z1)
{
    boxtoi_box_set_si(b, x0, y0, z0, x1, y1, z1);
}

/* m = the translation (vx t, 0, 0). */
static void slide_x(boxtoi_motion_struct *m, long vx)
{
    boxtoi_motion_set_identity(m);
    boxtoi_motion_set_coeff_si(m, 0, 3, 1, vx);
}

static void test_errors(void)
{
    boxtoi_scene_t s;
    boxtoi_box_t b;
    boxtoi_errinfo e;
    boxtoi_motion_t m;
    mpq_t a, c;
    boxtoi_scene_result_t r;

    boxtoi_scene_init(s);
    boxtoi_box_init(b);
    boxtoi_motion_init(m);
    boxtoi_scene_result_init(r);
    mpq_init(a);
    mpq_init(c);
    box_si(b, 0, 0, 0, 1, 1, 1);
    is_int(BOXTOI_ESHAPE, boxtoi_scene_add_body(s, "", b, NULL, &e),
           "empty name refused");
    is_str("scene[0]: empty name", e.msg, "message names the entry");
    is_int(BOXTOI_OK, boxtoi_scene_add_body(s, "arm", b, NULL, &e), "arm");
    is_int(BOXTOI_OK, boxtoi_scene_add_body(s, "crate", b, NULL, &e),
           "crate");
    is_int(BOXTOI_ESHAPE, boxtoi_scene_add_body(s, "arm", b, NULL, &e),
           "duplicate name refused");
    is_str("scene[2]: duplicate name \"arm\" (also scene[0])", e.msg,
           "message names both entries");
    is_int(BOXTOI_ESHAPE, boxtoi_scene_ignore(s, "arm", "table", &e),
           "ignore naming an unknown body refused");
    is_str("ignore[0]: \"table\" is not a body of the scene", e.msg,
           "message names the ignore entry and the name");
    is_int(BOXTOI_ESHAPE, boxtoi_scene_ignore(s, "arm", "arm", &e),
           "ignore of a body with itself refused");
    is_int(BOXTOI_OK, boxtoi_scene_ignore(s, "crate", "arm", &e),
           "ignore (crate, arm)");
    is_int(1, s->nignore, "one ignored pair");
    is_int(0, s->ignore[0], "stored as (0, 1)");
    is_int(2, boxtoi_scene_find(s, "crate") * 2, "find crate");
    is_int(-1, boxtoi_scene_find(s, "nothing"), "find an unknown name");
    boxtoi_scene_set_max_bodies(s, 2);
    is_int(BOXTOI_ELIMIT, boxtoi_scene_add_body(s, "x", b, NULL, &e),
           "a body over the limit refused");
    is_str("scene[2]: more than 2 bodies (the limit)", e.msg,
           "limit message");
    boxtoi_scene_set_max_bodies(s, 0);
    mpq_set_ui(b->min[1], 2, 1);
    is_int(BOXTOI_EBOX, boxtoi_scene_add_body(s, "x", b, NULL, &e),
           "min > max refused");
    mpq_set_ui(b->min[1], 0, 1);
    mpq_set_si(a, 3, 1);
    mpq_set_si(c, 1, 1);
    is_int(BOXTOI_ERANGE, boxtoi_scene_set_range(s, a, c, &e),
           "t0 > t1 refused");
    /* w(t) = 1 - 2 t vanishes at 1/2, inside [0, 1] */
    boxtoi_motion_set_coeff_si(m, 3, 3, 1, -2);
    is_int(BOXTOI_OK, boxtoi_scene_add_body(s, "bad", b, m, &e), "bad");
    is_int(BOXTOI_EWEIGHT, boxtoi_scene_first(r, s, NULL, &e),
           "degenerate weight found by the solver");
    ok(strstr(e.msg, "scene[2].motion (\"bad\")") != NULL,
       "message names the body: %s", e.msg);
    mpq_clear(a);
    mpq_clear(c);
    boxtoi_scene_result_clear(r);
    boxtoi_motion_clear(m);
    boxtoi_box_clear(b);
    boxtoi_scene_clear(s);
}

/* Counts the events of boxtoi_scene_solve's trace. */
static void count_events(void *ctx, const boxtoi_scene_event *ev)
{
    long *n = ctx;
    n[ev->kind == BOXTOI_SCENE_SOLVE]++;
    if (ev->kind == BOXTOI_SCENE_SOLVE && ev->c->status == BOXTOI_CONTACT)
        n[2]++;
}

/* A = [0,1]^3 still; B = [2,3] x [0,1]^2 moving by -t in x; C = [5,6] x
   [0,1]^2 moving by -2t; range [0, 3].  B meets A when 2 - t = 1: t = 1.
   C meets B when 5 - 2t = 3 - t: t = 2, and A when 5 - 2t = 1: t = 2.
   So first = 1 {(A,B)}; ignoring (A,B): first = 2 {(A,C), (B,C)};
   pairs = (A,B) 1, (A,C) 2, (B,C) 2. */
static void test_hand(void)
{
    boxtoi_scene_t s;
    boxtoi_box_t b;
    boxtoi_motion_t m;
    boxtoi_scene_result_t r;
    boxtoi_errinfo e;
    mpq_t t0, t1, q;

    boxtoi_scene_init(s);
    boxtoi_box_init(b);
    boxtoi_motion_init(m);
    boxtoi_scene_result_init(r);
    mpq_init(t0);
    mpq_init(t1);
    mpq_init(q);
    mpq_set_ui(t1, 3, 1);
    if (boxtoi_scene_set_range(s, t0, t1, &e) != BOXTOI_OK)
        bail("range");
    box_si(b, 0, 0, 0, 1, 1, 1);
    if (boxtoi_scene_add_body(s, "A", b, NULL, &e) != BOXTOI_OK)
        bail("A");
    box_si(b, 2, 0, 0, 3, 1, 1);
    slide_x(m, -1);
    if (boxtoi_scene_add_body(s, "B", b, m, &e) != BOXTOI_OK)
        bail("B");
    box_si(b, 5, 0, 0, 6, 1, 1);
    slide_x(m, -2);
    if (boxtoi_scene_add_body(s, "C", b, m, &e) != BOXTOI_OK)
        bail("C");

    is_int(BOXTOI_OK, boxtoi_scene_first(r, s, NULL, &e), "first");
    is_int(BOXTOI_CONTACT, r->status, "contact");
    is_int(1, r->n, "one pair at the first contact");
    mpq_set_ui(q, 1, 1);
    ok(r->n == 1 && boxtoi_alg_cmp_mpq(&r->v[0].c.t, q) == 0
           && r->v[0].a == 0 && r->v[0].b == 1,
       "(A, B) at t = 1");

    is_int(BOXTOI_OK, boxtoi_scene_pairs(r, s, NULL, &e), "pairs");
    is_int(3, r->n, "three pairs touch");
    if (r->n == 3) {
        ok(boxtoi_alg_cmp_mpq(&r->v[0].c.t, q) == 0 && r->v[0].b == 1,
           "(A, B) at 1 first");
        mpq_set_ui(q, 2, 1);
        ok(boxtoi_alg_cmp_mpq(&r->v[1].c.t, q) == 0 && r->v[1].a == 0
               && r->v[1].b == 2, "(A, C) at 2 second");
        ok(boxtoi_alg_cmp_mpq(&r->v[2].c.t, q) == 0 && r->v[2].a == 1
               && r->v[2].b == 2, "(B, C) at 2 third");
    }

    if (boxtoi_scene_ignore(s, "B", "A", &e) != BOXTOI_OK)
        bail("ignore");
    is_int(BOXTOI_OK, boxtoi_scene_first(r, s, NULL, &e), "first, ignore");
    is_int(2, r->n, "two pairs touch at the same instant");
    mpq_set_ui(q, 2, 1);
    ok(r->n == 2 && boxtoi_alg_cmp_mpq(&r->v[0].c.t, q) == 0
           && boxtoi_alg_cmp_mpq(&r->v[1].c.t, q) == 0
           && r->v[0].a == 0 && r->v[0].b == 2 && r->v[1].a == 1
           && r->v[1].b == 2,
       "(A, C) and (B, C) at t = 2");
    is_int(2, r->stats.npairs, "two pairs not ignored");
    {
        long n[3] = {0, 0, 0};
        is_int(BOXTOI_OK, boxtoi_scene_solve(r, s, BOXTOI_SCENE_PAIRS, NULL,
                                             count_events, n, &e),
               "solve with a trace");
        is_int(r->stats.nwindows, n[0], "one event per window");
        is_int(r->stats.nexact, n[1], "one event per exact solve");
        is_int(2, n[2], "two solves found a contact");
        is_int(BOXTOI_EINVAL, boxtoi_scene_solve(r, s, 7, NULL, NULL, NULL,
                                                 &e), "unknown report");
    }

    mpq_clear(q);
    mpq_clear(t0);
    mpq_clear(t1);
    boxtoi_scene_result_clear(r);
    boxtoi_motion_clear(m);
    boxtoi_box_clear(b);
    boxtoi_scene_clear(s);
}


/* ---- brute force and metamorphic tests ------------------------------ */

/* m = translation by the constant (x, y, z), then m. */
static void shift(boxtoi_motion_struct *m, long x, long y, long z)
{
    boxtoi_motion_t t, r;
    boxtoi_motion_init(t);
    boxtoi_motion_init(r);
    boxtoi_motion_set_coeff_si(t, 0, 3, 0, x);
    boxtoi_motion_set_coeff_si(t, 1, 3, 0, y);
    boxtoi_motion_set_coeff_si(t, 2, 3, 0, z);
    boxtoi_motion_mul(r, t, m);
    boxtoi_motion_swap(r, m);
    boxtoi_motion_clear(r);
    boxtoi_motion_clear(t);
}

/* s = a random scene of n bodies: the range of a random query of
   t/qgen.h, bodies with box 2 and motion 2 of random queries (of every
   family) valid on that range, spread by integer offsets in
   [-spread, spread]; sometimes a few ignored pairs. */
static void random_scene(boxtoi_scene_t s, gmp_randstate_t st, long n)
{
    boxtoi_query_t q;
    boxtoi_errinfo e;
    static const long spreads[4] = {0, 1, 3, 8};
    long i, spread = spreads[qgen_ui(st, 4)], tries;
    char name[32];

    boxtoi_query_init(q);
    qgen_query(q, st, (int)qgen_ui(st, QGEN_NKINDS));
    if (boxtoi_scene_set_range(s, q->t0, q->t1_inf ? NULL : q->t1, &e)
        != BOXTOI_OK)
        bail("range: %s", e.msg);
    for (i = 0; i < n; i++) {
        boxtoi_motion_struct *m = q->motion + 1;
        for (tries = 0; tries < 50; tries++) {
            qgen_query(q, st, (int)qgen_ui(st, QGEN_NKINDS));
            if (qgen_motion_valid(m, s->t0, s->t1_inf ? NULL : s->t1))
                break;
        }
        if (tries == 50)
            boxtoi_motion_set_identity(m);
        if (spread > 0)
            shift(m, (long)qgen_ui(st, 2 * spread + 1) - spread,
                  (long)qgen_ui(st, 2 * spread + 1) - spread,
                  (long)qgen_ui(st, 2 * spread + 1) - spread);
        snprintf(name, sizeof name, "n%02lu-%ld", qgen_ui(st, 100), i);
        if (boxtoi_scene_add_body(s, name, q->box + 1, m, &e) != BOXTOI_OK)
            bail("add: %s", e.msg);
    }
    if (qgen_ui(st, 5) == 0)
        for (i = 0; i < 3; i++) {
            long a = (long)qgen_ui(st, (unsigned long)n);
            long b = (long)qgen_ui(st, (unsigned long)n);
            if (a != b
                && boxtoi_scene_ignore(s, s->body[a].name, s->body[b].name,
                                       &e) != BOXTOI_OK)
                bail("ignore: %s", e.msg);
        }
    boxtoi_query_clear(q);
}

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
            if (boxtoi_contact_first(&v[n].c, q, NULL, &e) != BOXTOI_OK)
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

/* s2 = s with the bodies in reverse order and renamed "r" + name (shift
   0), or s with every body translated by (dx, dy, dz) (shift 1). */
static void transform(boxtoi_scene_t s2, const boxtoi_scene_t s, int sh,
                      long dx, long dy, long dz)
{
    boxtoi_motion_t m;
    boxtoi_errinfo e;
    char name[80];
    long i, k;

    boxtoi_motion_init(m);
    if (boxtoi_scene_set_range(s2, s->t0, s->t1_inf ? NULL : s->t1, &e)
        != BOXTOI_OK)
        bail("range");
    for (k = 0; k < s->n; k++) {
        i = sh ? k : s->n - 1 - k;
        boxtoi_motion_set(m, &s->body[i].motion);
        if (sh)
            shift(m, dx, dy, dz);
        snprintf(name, sizeof name, "%s%s", sh ? "" : "r", s->body[i].name);
        if (boxtoi_scene_add_body(s2, name, &s->body[i].box, m, &e)
            != BOXTOI_OK)
            bail("add: %s", e.msg);
    }
    for (k = 0; k < s->nignore; k++) {
        char a[80];
        snprintf(a, sizeof a, "%s%s", sh ? "" : "r",
                 s->body[s->ignore[2 * k]].name);
        snprintf(name, sizeof name, "%s%s", sh ? "" : "r",
                 s->body[s->ignore[2 * k + 1]].name);
        if (boxtoi_scene_ignore(s2, a, name, &e) != BOXTOI_OK)
            bail("ignore");
    }
    boxtoi_motion_clear(m);
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
    slide_x(m, -2);
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

static void test_brute(void)
{
    gmp_randstate_t st;
    long nscene = 300 * tap_multiplier(), k, agree = 0, ncontact = 0;
    long meta = 0, nmeta = 0;

    tap_randinit(st);
    diag("seed %lu", tap_seed());
    for (k = 0; k < nscene; k++) {
        boxtoi_scene_t s, s2;
        long n = k % 20 == 19 ? 11 + (long)qgen_ui(st, 30)
                             : 2 + (long)qgen_ui(st, 9);
        boxtoi_scene_init(s);
        random_scene(s, st, n);
        if (check_brute(s, &ncontact))
            agree++;
        else
            diag("scene %ld (%ld bodies) disagrees with brute force", k, n);
        if (k % 3 == 0) {
            int sh;
            for (sh = 0; sh < 2; sh++) {
                boxtoi_scene_init(s2);
                transform(s2, s, sh, (long)qgen_ui(st, 21) - 10,
                          (long)qgen_ui(st, 21) - 10,
                          (long)qgen_ui(st, 21) - 10);
                nmeta++;
                if (same_first(s, s2, sh ? "" : "r"))
                    meta++;
                else
                    diag("scene %ld: metamorphic %s differs", k,
                         sh ? "translation" : "reorder/rename");
                boxtoi_scene_clear(s2);
            }
        }
        boxtoi_scene_clear(s);
    }
    is_int(nscene, agree, "scenes agreeing with brute force "
           "(first and pairs; %ld contacts)", ncontact);
    is_int(nmeta, meta, "metamorphic scenes agreeing");
    gmp_randclear(st);
}

/* ---- scene lines through boxtoi_io_process_line (lib/io/scene.c) --- */

/* The output of one line, compared with want. */
static void is_line(const char *line, int format, const char *want,
                    const char *name)
{
    boxtoi_strbuf sb;
    boxtoi_io_options o;
    boxtoi_errinfo e;

    boxtoi_io_options_init(&o);
    o.format = format;
    boxtoi_strbuf_init(&sb);
    if (boxtoi_io_process_line(&sb, line, strlen(line), 7, &o, &e)
        == BOXTOI_ENOMEM)
        bail("out of memory");
    is_str(want, boxtoi_strbuf_str(&sb), "%s", name);
    boxtoi_strbuf_clear(&sb);
}

#define BOX01 "\"box\":{\"min\":[0,0,0],\"max\":[1,1,1]}"
#define SLIDE(v) "\"motion\":[[1,0,0,[0," v "]],[0,1,0,0],[0,0,1,0],[0,0,0,1]]"

static void test_io(void)
{
    /* the scene of test_hand: (A, B) at 1; (A, C), (B, C) at 2 */
    const char *hand =
        "{\"id\":\"h\",\"scene\":[{\"name\":\"A\"," BOX01 "},"
        "{\"name\":\"B\",\"box\":{\"min\":[2,0,0],\"max\":[3,1,1]},"
        SLIDE("-1") "},{\"name\":\"C\",\"box\":{\"min\":[5,0,0],"
        "\"max\":[6,1,1]}," SLIDE("-2") "}],\"t_range\":[0,3],"
        "\"ignore\":[[\"B\",\"A\"]]}";

    /* at t = 2, A = B = [0,1]^3 and C = [1,2] x [0,1]^2: each pair shares
       the square x = 1, whose vertices average to (1, 1/2, 1/2), and
       x = 1 separates them before, normal +x (from A, resp. B, to C) */
    is_line(hand, BOXTOI_IO_TEXT,
            "h A/C: contact at t = 2 (exact), face-face: box1 face X' / "
            "box2 face X, point (1.00000000000000000000000000000, "
            "0.500000000000000000000000000000, "
            "0.500000000000000000000000000000), normal "
            "(1.00000000000000000000000000000, 0, 0)\n"
            "h B/C: contact at t = 2 (exact), face-face: box1 face X' / "
            "box2 face X, point (1.00000000000000000000000000000, "
            "0.500000000000000000000000000000, "
            "0.500000000000000000000000000000), normal "
            "(1.00000000000000000000000000000, 0, 0)\n",
            "text: two pairs at t = 2, in scene order");
    is_line("{\"scene\":[{\"name\":\"A\"," BOX01 "},{\"name\":\"A\"," BOX01
            "}]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"scene[1]: duplicate name "
            "\\\"A\\\" (also scene[0])\"}}\n", "duplicate name");
    is_line("{\"id\":1,\"scene\":[{\"name\":\"A\"," BOX01 "}],"
            "\"ignore\":[[\"A\",\"Z\"]]}", BOXTOI_IO_JSON,
            "{\"id\":1,\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"ignore[0]: \\\"Z\\\" is not a "
            "body of the scene\"}}\n", "ignore naming an unknown body");
    is_line("{\"scene\":[{\"name\":\"A\",\"box\":{\"min\":[0,0,3],"
            "\"max\":[1,1,1]}}]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_box\",\"message\":\"scene[0].box.min[2] > "
            "scene[0].box.max[2] (3 > 1)\"}}\n", "bad box named");
    is_line("{\"scene\":[{\"name\":\"A\"," BOX01 ",\"mass\":1}]}",
            BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"scene[0]: unknown key "
            "\\\"mass\\\" (keys starting with '_' are free)\"}}\n",
            "unknown body key");
    is_line("{\"scene\":[],\"t_range\":[0,\"inf\"],\"report\":\"pairs\"}",
            BOXTOI_IO_JSON,
            "{\"status\":\"no_contact\",\"contacts\":[]}\n",
            "empty scene, pairs report");
    is_line("{\"scene\":[{\"name\":3," BOX01 "}]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"scene[0].name: expected a "
            "string, found a number\"}}\n", "a name that is not a string");
    is_line("{\"scene\":[[]]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"scene[0]: expected an object "
            "{\\\"name\\\": ..., \\\"box\\\": ..., \\\"motion\\\": ...}, "
            "found an array of 0 entries\"}}\n",
            "a body that is not an object");
    is_line("{\"scene\":[{\"name\":\"A\"}]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"missing_key\",\"message\":\"scene[0]: missing key "
            "\\\"box\\\"\"}}\n", "a body without a box");
    /* "scene" as a value or in a nested object is not a scene query */
    is_line("{\"id\":\"scene\",\"_a\":{\"scene\":1},\"box1\":{\"min\":[0,0,"
            "0],\"max\":[1,1,1]},\"box2\":{\"min\":[2,0,0],\"max\":[3,1,"
            "1]}}", BOXTOI_IO_JSON,
            "{\"id\":\"scene\",\"status\":\"no_contact\"}\n",
            "a two-box line mentioning \"scene\"");
}

int main(void)
{
    plan_lazy();
    test_errors();
    test_hand();
    test_io();
    test_cut();
    test_brute();
    return 0;
}
