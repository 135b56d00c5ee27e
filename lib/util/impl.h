/* lib/util/impl.h: internal helpers shared by all layers (not
   installed). */
#ifndef BOXTOI_UTIL_IMPL_H
#define BOXTOI_UTIL_IMPL_H

#include "config.h"
#include "boxtoi/err.h"

/* Internal invariant checks: active only in --enable-assert builds,
   where a broken invariant is a bug worth stopping for in development.
   Release builds compile them away; code that can cheaply detect a
   broken invariant returns BOXTOI_EINTERNAL instead. */
#ifdef BOXTOI_WANT_ASSERT
#include <stdio.h>
#include <stdlib.h>
#define BOXTOI_ASSERT(c)                                                  \
    do {                                                                  \
        if (!(c)) {                                                       \
            fprintf(stderr, "%s:%d: boxtoi invariant failed: %s\n",       \
                    __FILE__, __LINE__, #c);                              \
            abort();                                                      \
        }                                                                 \
    } while (0)
#else
#define BOXTOI_ASSERT(c) ((void)0)
#endif

/* The small-integer toolkit: boxtoi_i128 and its helpers. */
#include "lib/util/i128.h"

#endif /* BOXTOI_UTIL_IMPL_H */
