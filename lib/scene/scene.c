/* lib/scene/scene.c: the scene container: bodies with unique names, the
   ignored pairs, the range, and the result type.

   Names are found through an open-addressing table of indices (FNV-1a
   hash, linear probing, load <= 1/2), so adding n bodies costs O(n)
   expected, and duplicate names are refused as they are added, naming
   both entries (doc/format.md, "Scenes"). */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/scene/impl.h"

void boxtoi_scene_init(boxtoi_scene_t s)
{
    s->body = NULL;
    s->n = s->alloc = 0;
    s->ignore = NULL;
    s->nignore = s->ignore_alloc = 0;
    s->hash = NULL;
    s->hash_size = 0;
    mpq_init(s->t0);
    mpq_init(s->t1);
    mpq_set_ui(s->t1, 1, 1);
    s->t1_inf = 0;
    s->max_bodies = BOXTOI_SCENE_MAX_BODIES;
    s->threads = 1;
}

void boxtoi_scene_clear(boxtoi_scene_t s)
{
    long i;
    for (i = 0; i < s->n; i++) {
        free(s->body[i].name);
        boxtoi_box_clear(&s->body[i].box);
        boxtoi_motion_clear(&s->body[i].motion);
        boxtoi_pmotion_clear(&s->body[i].pm);
    }
    free(s->body);
    free(s->ignore);
    free(s->hash);
    mpq_clear(s->t0);
    mpq_clear(s->t1);
}

void boxtoi_scene_set_max_bodies(boxtoi_scene_t s, long max)
{
    s->max_bodies = max < 0 ? 0 : max;
}

void boxtoi_scene_set_threads(boxtoi_scene_t s, long n)
{
    s->threads = n < 1 ? 1 : n;
}

static unsigned long name_hash(const char *name)
{
    unsigned long h = 2166136261UL;
    for (; *name; name++)
        h = (h ^ (unsigned char)*name) * 16777619UL;
    return h;
}

/* The slot of name in the table: the one holding its index, or the
   empty slot (-1) where it would go. */
static long slot_of(const boxtoi_scene_struct *s, const char *name)
{
    unsigned long mask = (unsigned long)s->hash_size - 1;
    unsigned long k = name_hash(name) & mask;
    while (s->hash[k] >= 0 && strcmp(s->body[s->hash[k]].name, name) != 0)
        k = (k + 1) & mask;
    return (long)k;
}

long boxtoi_scene_find(const boxtoi_scene_t s, const char *name)
{
    if (s->hash_size == 0)
        return -1;
    return s->hash[slot_of(s, name)];
}

/* Doubles the name table (or creates it); 0 or -1 (out of memory). */
static int grow_hash(boxtoi_scene_struct *s)
{
    long size = s->hash_size == 0 ? 16 : 2 * s->hash_size, i;
    long *h = malloc((size_t)size * sizeof *h);
    if (h == NULL)
        return -1;
    for (i = 0; i < size; i++)
        h[i] = -1;
    free(s->hash);
    s->hash = h;
    s->hash_size = size;
    for (i = 0; i < s->n; i++)
        s->hash[slot_of(s, s->body[i].name)] = i;
    return 0;
}

int boxtoi_scene_add_body(boxtoi_scene_t s, const char *name,
                          const boxtoi_box_t b, const boxtoi_motion_t m,
                          boxtoi_errinfo *err)
{
    boxtoi_body_struct *body;
    long k, i;
    size_t len = strlen(name);

    if (len == 0)
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "scene[%ld]: empty name", s->n);
    if (s->max_bodies > 0 && s->n >= s->max_bodies)
        return boxtoi_errinfo_set(err, BOXTOI_ELIMIT,
                                  "scene[%ld]: more than %ld bodies (the "
                                  "limit)", s->n, s->max_bodies);
    for (k = 0; k < 3; k++)
        if (mpq_cmp(b->min[k], b->max[k]) > 0)
            return boxtoi_errinfo_set(err, BOXTOI_EBOX,
                                      "scene[%ld].box.min[%ld] > "
                                      "box.max[%ld]", s->n, k, k);
    i = boxtoi_scene_find(s, name);
    if (i >= 0)
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "scene[%ld]: duplicate name \"%.60s\" "
                                  "(also scene[%ld])", s->n, name, i);
    if (2 * (s->n + 1) > s->hash_size && grow_hash(s) != 0)
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    if (s->n == s->alloc) {
        long na = s->alloc == 0 ? 8 : 2 * s->alloc;
        body = realloc(s->body, (size_t)na * sizeof *body);
        if (body == NULL)
            return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
        s->body = body;
        s->alloc = na;
    }
    body = s->body + s->n;
    body->name = malloc(len + 1);
    if (body->name == NULL)
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    memcpy(body->name, name, len + 1);
    boxtoi_box_init(&body->box);
    boxtoi_box_set(&body->box, b);
    boxtoi_motion_init(&body->motion);
    if (m != NULL)
        boxtoi_motion_set(&body->motion, m);
    boxtoi_pmotion_init(&body->pm);
    s->hash[slot_of(s, name)] = s->n;
    s->n++;
    return BOXTOI_OK;
}

int boxtoi_scene_add_body_pieces(boxtoi_scene_t s, const char *name,
                                 const boxtoi_box_t b,
                                 const boxtoi_pmotion_t pm,
                                 boxtoi_errinfo *err)
{
    boxtoi_pmotion_t copy;
    int rc = BOXTOI_OK;

    if (pm->n < 1)
        return boxtoi_errinfo_set(err, BOXTOI_EINVAL,
                                  "scene[%ld]: an empty piecewise motion",
                                  s->n);
    boxtoi_pmotion_init(copy);
    /* the pieces meet at the breaks (pm's invariant): this only copies */
    if (pm->n > 1)
        rc = boxtoi_pmotion_set(copy, pm->piece, pm->brk, pm->n - 1, 0,
                                NULL, err);
    if (rc == BOXTOI_OK)
        rc = boxtoi_scene_add_body(s, name, b, pm->piece, err);
    if (rc == BOXTOI_OK) {
        /* the body's pm is empty and owns nothing: take copy's memory */
        s->body[s->n - 1].pm = *copy;
        boxtoi_pmotion_init(copy);
    }
    boxtoi_pmotion_clear(copy);
    return rc;
}

int boxtoi_scene_ignore(boxtoi_scene_t s, const char *a, const char *b,
                        boxtoi_errinfo *err)
{
    long i = boxtoi_scene_find(s, a), j = boxtoi_scene_find(s, b);

    if (i < 0 || j < 0)
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "ignore[%ld]: \"%.60s\" is not a body of "
                                  "the scene", s->nignore, i < 0 ? a : b);
    if (i == j)
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "ignore[%ld]: a pair of the same body "
                                  "\"%.60s\"", s->nignore, a);
    if (s->nignore == s->ignore_alloc) {
        long na = s->ignore_alloc == 0 ? 8 : 2 * s->ignore_alloc;
        long *v = realloc(s->ignore, (size_t)(2 * na) * sizeof *v);
        if (v == NULL)
            return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
        s->ignore = v;
        s->ignore_alloc = na;
    }
    s->ignore[2 * s->nignore] = i < j ? i : j;
    s->ignore[2 * s->nignore + 1] = i < j ? j : i;
    s->nignore++;
    return BOXTOI_OK;
}

int boxtoi_scene_set_range(boxtoi_scene_t s, mpq_srcptr t0, mpq_srcptr t1,
                           boxtoi_errinfo *err)
{
    if (t1 != NULL && mpq_cmp(t0, t1) > 0)
        return boxtoi_errinfo_set(err, BOXTOI_ERANGE,
                                  "t_range: t0 > t1");
    mpq_set(s->t0, t0);
    s->t1_inf = t1 == NULL;
    if (t1 != NULL)
        mpq_set(s->t1, t1);
    return BOXTOI_OK;
}

/* Checks body b's motion (piecewise or not) on the scene's range; name
   is the entry named in err's message. */
static int check_motion(const boxtoi_body_struct *b, const boxtoi_scene_t s,
                        const char *name, boxtoi_errinfo *err)
{
    if (b->pm.n > 0) {
        /* a read-only view: gcc 12 -O1 -fsanitize=address takes
           &b->pm for an 8-byte region (-Wstringop-overread) */
        boxtoi_pmotion_struct pm = b->pm;
        return boxtoi_pmotion_check(&pm, s->t0, s->t1_inf ? NULL : s->t1,
                                    name, err);
    }
    return boxtoi_motion_check(&b->motion, s->t0, s->t1_inf ? NULL : s->t1,
                               name, err);
}

int boxtoi_scene_check(const boxtoi_scene_t s, const boxtoi_options *opts,
                       boxtoi_errinfo *err)
{
    boxtoi_options def;
    char where[96];
    long i;
    int rc;

    if (opts == NULL) {
        boxtoi_options_init(&def);
        opts = &def;
    }
    for (i = 0; i < s->n; i++) {
        const boxtoi_body_struct *b = s->body + i;
        long np = b->pm.n > 0 ? b->pm.n : 1, k;
        for (k = 0; k < np; k++) {
            const boxtoi_motion_struct *m = b->pm.n > 0 ? b->pm.piece + k
                                                        : &b->motion;
            if (opts->max_degree > 0
                && boxtoi_motion_degree(m) > opts->max_degree)
                return boxtoi_errinfo_set(err, BOXTOI_ELIMIT,
                                          "scene[%ld] (\"%.60s\"): motion "
                                          "of degree %ld exceeds the limit "
                                          "%ld", i, b->name,
                                          boxtoi_motion_degree(m),
                                          opts->max_degree);
        }
        /* the entry's name is formatted only for a motion that fails:
           the check is run again with it (it is deterministic), so a
           valid scene does not pay a snprintf per body */
        rc = check_motion(b, s, "", err);
        if (rc != BOXTOI_OK) {
            snprintf(where, sizeof where, "scene[%ld].motion (\"%.40s\")",
                     i, b->name);
            rc = check_motion(b, s, where, err);
        }
        if (rc != BOXTOI_OK)
            return rc;
    }
    return BOXTOI_OK;
}

void boxtoi_scene_result_init(boxtoi_scene_result_t res)
{
    res->status = BOXTOI_NO_CONTACT;
    res->v = NULL;
    res->n = res->alloc = 0;
    memset(&res->stats, 0, sizeof res->stats);
}

void boxtoi_scene_result_clear(boxtoi_scene_result_t res)
{
    long k;
    for (k = 0; k < res->n; k++)
        boxtoi_contact_clear(&res->v[k].c);
    free(res->v);
}

/* ---- sets of pairs ---------------------------------------------- */

void scene_set_init(scene_set *h)
{
    h->slot = NULL;
    h->size = h->count = 0;
}

void scene_set_clear(scene_set *h)
{
    free(h->slot);
}

static int set_grow(scene_set *h)
{
    size_t size = h->size == 0 ? 64 : 2 * h->size, i;
    uint64_t *old = h->slot, *v = malloc(size * sizeof *v);
    size_t osize = h->size;
    if (v == NULL)
        return -1;
    for (i = 0; i < size; i++)
        v[i] = UINT64_MAX;
    h->slot = v;
    h->size = size;
    h->count = 0;
    for (i = 0; i < osize; i++)
        if (old[i] != UINT64_MAX)
            (void)scene_set_add(h, old[i]);
    free(old);
    return 0;
}

int scene_set_add(scene_set *h, uint64_t k)
{
    size_t i;
    if (2 * (h->count + 1) > h->size && set_grow(h) != 0)
        return -1;
    i = (size_t)scene_mix(k) & (h->size - 1);
    while (h->slot[i] != UINT64_MAX) {
        if (h->slot[i] == k)
            return 0;
        i = (i + 1) & (h->size - 1);
    }
    h->slot[i] = k;
    h->count++;
    return 1;
}

int scene_set_has(const scene_set *h, uint64_t k)
{
    size_t i;
    if (h->size == 0)
        return 0;
    i = (size_t)scene_mix(k) & (h->size - 1);
    while (h->slot[i] != UINT64_MAX) {
        if (h->slot[i] == k)
            return 1;
        i = (i + 1) & (h->size - 1);
    }
    return 0;
}
