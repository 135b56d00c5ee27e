/* fuzz/fuzz-quick.c: libFuzzer target pairing the two query readers of
   lib/io (doc/algorithm.md §12).

   Method: each input is one line, read by the quick reader
   (io_quick_query) and by the JSON store's reader (io_read_query_json),
   with JSON numbers exact and as doubles ("binary64") and with a degree
   limit of 2.  Beyond "no crash, no sanitizer report, no leak": when
   the quick reader takes the line, the store's reader must return
   BOXTOI_OK with the report "first" and the same query, field by field
   (t/quick-cmp.c); otherwise abort(), which libFuzzer reports as a
   crash with the input saved.  The seeds (fuzz/corpus/quick) are lines
   the quick reader takes, so that mutations stay near its grammar's
   edges.  Build and run: fuzz/run.sh quick (doc/testing.md §2). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"
#include "t/quick-cmp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    static boxtoi_query_t q, r;
    static boxtoi_pmotion_struct pm[2], pn[2];
    static boxtoi_strbuf id, jd;
    boxtoi_io_options o;
    boxtoi_errinfo e;
    const char *line = (const char *)data;
    int k, rep, rc;

    if (!ready) {
        boxtoi_query_init(q);
        boxtoi_query_init(r);
        for (k = 0; k < 2; k++) {
            boxtoi_pmotion_init(pm + k);
            boxtoi_pmotion_init(pn + k);
        }
        boxtoi_strbuf_init(&id);
        boxtoi_strbuf_init(&jd);
        ready = 1;
    }
    for (k = 0; k < 3; k++) {
        boxtoi_io_options_init(&o);
        if (k == 1)
            o.numbers = BOXTOI_IO_BINARY64;
        if (k == 2)
            o.solver.max_degree = 2;
        boxtoi_errinfo_reset(&e);
        rep = -1;
        if (!io_quick_query(q, pm, &id, line, size, &o))
            continue;
        rc = io_read_query_json(r, pn, &rep, &jd, line, size, &o, &e);
        if (rc != BOXTOI_OK || rep != IO_REPORT_FIRST) {
            fprintf(stderr, "fuzz-quick: taken, but the store says %s\n",
                    e.msg);
            abort();
        }
        if (!quick_same(q, pm, &id, r, pn, &jd)) {
            fprintf(stderr, "fuzz-quick: the two queries differ\n");
            abort();
        }
    }
    return 0;
}
