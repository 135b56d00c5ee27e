/* lib/contact/pointqctx.c: the integers of the point at a rational t
   (lib/contact/pointq.c) kept between answers in a zctx: created on
   first use, the powers of zmotion grown on demand, freed with the
   boxtoi_contact_geom (doc/algorithm.md §10.4, "Kept integers"). */
#include <string.h>
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/pointq.h"

/* c->pq with room for n integers (kept, initialised). */
void zpowers(zctx *c, long n)
{
    void *(*galloc)(size_t);
    void *(*grealloc)(void *, size_t, size_t);
    long i;

    if (n <= c->npq)
        return;
    /* GMP's allocator: running out of memory behaves as inside GMP
       (as lib/poly/init.c) */
    mp_get_memory_functions(&galloc, &grealloc, NULL);
    c->pq = c->pq == NULL
                ? galloc((size_t)n * sizeof *c->pq)
                : grealloc(c->pq, (size_t)c->npq * sizeof *c->pq,
                           (size_t)n * sizeof *c->pq);
    for (i = c->npq; i < n; i++)
        mpz_init(c->pq[i]);
    c->npq = n;
}

/* Applies f to every integer of c (its mpz_t and its points'). */
static void zctx_each(zctx *c, void (*f)(mpz_ptr))
{
    struct {
        mpz_t *z;
        int n;
    } v[] = {{c->m1, 16}, {c->adj1, 9}, {&c->det1, 1}, {c->rel, 16},
             {c->adj, 9}, {&c->det, 1}, {&c->l, 1}, {c->lo[0], 3},
             {c->lo[1], 3}, {c->hi[0], 3}, {c->hi[1], 3}, {&c->u, 1},
             {&c->g, 1}, {c->w, 3}, {c->y, 4}, {c->ylo, 3}, {c->yhi, 3},
             {c->m2, 16},
             {c->inv, 16}, {c->n0, 3}, {c->n, 3},
             {c->avg.x, 4}, {c->cm[0].x, 4}, {c->cm[1].x, 4}};
    size_t i;
    int k;

    for (i = 0; i < sizeof v / sizeof *v; i++)
        for (k = 0; k < v[i].n; k++)
            f(v[i].z[k]);
    for (i = 0; i < 8; i++)
        for (k = 0; k < 4; k++)
            f(c->p[i].x[k]);
    for (i = 0; i < 8; i++)
        for (k = 0; k < 6; k++)
            f(c->pf[i][k]);
    for (i = 0; i < MAXCAND; i++)
        for (k = 0; k < 4; k++)
            f(c->list[i].x[k]);
}

/* Created on first use with GMP's allocator (as zpowers), kept in g
   (doc/algorithm.md §10.4, "Kept integers"). */
zctx *zctx_of(boxtoi_contact_geom *g)
{
    void *(*galloc)(size_t);
    zctx *c = g->scratch;

    if (c != NULL)
        return c;
    mp_get_memory_functions(&galloc, NULL, NULL);
    c = galloc(sizeof *c);
    zctx_each(c, mpz_init);
    c->pq = NULL;
    c->npq = 0;
    mpq_init(c->tq);
    c->nf = NULL;
    c->ref = 0;
    c->general = 0;
    memset(c->nfast, 0, sizeof c->nfast);
    g->scratch = c;
    return c;
}

void point_zctx_free(void *scratch)
{
    void (*gfree)(void *, size_t);
    zctx *c = scratch;
    long i;

    if (c == NULL)
        return;
    mp_get_memory_functions(NULL, NULL, &gfree);
    zctx_each(c, mpz_clear);
    for (i = 0; i < c->npq; i++)
        mpz_clear(c->pq[i]);
    if (c->pq != NULL)
        gfree(c->pq, (size_t)c->npq * sizeof *c->pq);
    mpq_clear(c->tq);
    gfree(c, sizeof *c);
}
