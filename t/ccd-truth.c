/* t/ccd-truth.c: see t/ccd-truth.h.  Each word starting with 't' or
   'f' outside strings is one boolean (the files hold nothing else). */
#include <stdio.h>
#include <stdlib.h>
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
