/* t/ccd-truth.c: see t/ccd-truth.h.  Each word starting with 't' or
   'f' outside strings is one boolean (the files hold nothing else). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ccd-truth.h"

int *ccd_read_truth(const char *path, long *n)
{
    FILE *f = fopen(path, "r");
    int *v = NULL, *nv, c, inword = 0;
    long alloc = 0;

    *n = 0;
    if (f == NULL)
        return NULL;
    while ((c = getc(f)) != EOF) {
        int letter = c >= 'a' && c <= 'z';
        if (letter && !inword && (c == 't' || c == 'f')) {
            if (*n == alloc) {
                alloc = alloc ? 2 * alloc : 1024;
                nv = realloc(v, (size_t)alloc * sizeof *v);
                if (nv == NULL) {
                    free(v);
                    fclose(f);
                    *n = 0;
                    return NULL;
                }
                v = nv;
            }
            v[(*n)++] = c == 't';
        }
        inword = letter;
    }
    fclose(f);
    return v;
}

void ccd_dir(char *buf, unsigned long size)
{
    const char *top = getenv("top_srcdir");
    if (getenv("BOXTOI_CCD_DIR") != NULL)
        snprintf(buf, size, "%s", getenv("BOXTOI_CCD_DIR"));
    else
        snprintf(buf, size, "%s/../shared/data/ccd-benchmark",
                 top != NULL ? top : ".");
}

void ccd_each_file(const char *dir,
                   void (*fn)(const char *dir, const char *file, int kind,
                              const char *truth_file))
{
    static const char *const scenes[] = {
        "erleben-cube-cliff-edges", "erleben-cube-internal-edges",
        "erleben-sliding-spike", "erleben-sliding-wedge",
        "erleben-spike-crack", "erleben-spike-hole", "erleben-spike-wedge",
        "erleben-spikes", "erleben-wedge-crack", "erleben-wedges",
        "unit-tests"};
    char file[256];
    size_t i;
    int k, kind;

    for (i = 0; i < sizeof scenes / sizeof *scenes; i++)
        for (kind = 0; kind < 2; kind++)
            for (k = 0; k < 2; k++) {
                if (k == 1 && strcmp(scenes[i], "erleben-spike-hole") == 0)
                    continue;
                snprintf(file, sizeof file, "handcrafted/%s/%s/data_0_%d.csv",
                         scenes[i], kind == 0 ? "vertex-face" : "edge-edge",
                         k);
                fn(dir, file, kind, NULL);
            }
    fn(dir, "rod-twist/queries/3036vf.csv", 0,
       "rod-twist/mma_bool/3036vf_mma_bool.json");
    fn(dir, "rod-twist/queries/3036ee.csv", 1,
       "rod-twist/mma_bool/3036ee_mma_bool.json");
}

/* path = dir/name, or name alone when dir is NULL */
static void join(char *path, size_t size, const char *dir, const char *name)
{
    if (dir == NULL)
        snprintf(path, size, "%s", name);
    else
        snprintf(path, size, "%s/%s", dir, name);
}

int ccd_open(ccd_reader *r, const char *dir, const char *file,
             const char *truth_file)
{
    char path[4096];
    join(path, sizeof path, dir, file);
    r->f = fopen(path, "r");
    r->tv = NULL;
    r->tn = r->lineno = 0;
    r->k = -1;
    if (r->f == NULL)
        return 0;
    if (truth_file != NULL) {
        join(path, sizeof path, dir, truth_file);
        r->tv = ccd_read_truth(path, &r->tn);
    }
    return 1;
}

int ccd_next(ccd_reader *r, boxtoi_prim_query_t q, int *truth, int *rc,
             boxtoi_errinfo *err)
{
    int got;
    *rc = boxtoi_io_read_csv_query(q, truth, &got, r->f, &r->lineno, NULL,
                                   err);
    if (!got)
        return 0;
    r->k++;
    if (*truth < 0)
        *truth = r->tv != NULL && r->k < r->tn ? r->tv[r->k] : -1;
    return 1;
}

void ccd_close(ccd_reader *r)
{
    free(r->tv);
    if (r->f != NULL)
        fclose(r->f);
}
