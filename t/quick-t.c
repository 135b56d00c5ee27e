/* t/quick-t.c: the quick reader of lib/io/quick.c against the JSON
   store's reader (io_read_query_json), line by line (issue 16, item 5).

   For every line the quick reader either declines or reads a query
   equal, field by field and exactly (mpq_equal, mpz_cmp on every motion
   coefficient and denominator, the id's text, the emptied pieces), to
   the one the JSON store's path reads with BOXTOI_OK and the report
   "first"; every line the store's path refuses must be declined.
   Lines:
   1. every line of t/data/ (all subdirectories) and examples/, hostile
      ones included;
   2. random lines of the common form (t/quick-gen.c: numbers as strings
      "[-]n[/d]" with leading zeros, JSON integers, 1-20 digits, keys in
      random order, optional motions, range, "inf" and id, odd white
      space), whose values the generator knows: the quick reader's
      boxes, range and each coefficient (over the motion's denominator)
      are checked against them;
   3. each of those mutated: truncated, a byte deleted, inserted or
      replaced (quotes, escapes, digits, brackets, white space, bytes
      beyond ASCII, NUL), a duplicate key, a long number, a '_' key;
   4. all of them again with JSON numbers as doubles ("binary64") and
      with max_degree 1;
   5. hand-written lines with values worked out by hand. */
#define _POSIX_C_SOURCE 200809L /* opendir, getline */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "lib/util/impl.h"
#include "lib/io/impl.h"
#include "quick-cmp.h"
#include "quick-gen.h"

typedef struct {
    boxtoi_query_t q;
    boxtoi_pmotion_struct pm[2];
    boxtoi_strbuf id;
} side;

static side A, B; /* the quick reader's, the store's */
static boxtoi_io_options opt[3];
static long nlines, nquick, ndeclined, nbad;

static void side_init(side *s)
{
    boxtoi_query_init(s->q);
    boxtoi_pmotion_init(s->pm);
    boxtoi_pmotion_init(s->pm + 1);
    boxtoi_strbuf_init(&s->id);
}

static void side_clear(side *s)
{
    boxtoi_query_clear(s->q);
    boxtoi_pmotion_clear(s->pm);
    boxtoi_pmotion_clear(s->pm + 1);
    boxtoi_strbuf_clear(&s->id);
}

/* Both readers on the line; returns 1 when the quick one read it. */
static int pair(const char *s, size_t len, const boxtoi_io_options *o)
{
    boxtoi_errinfo e;
    int rep = -1, rq, rc;

    boxtoi_errinfo_reset(&e);
    rq = io_quick_query(A.q, A.pm, &A.id, s, len, o);
    rc = io_read_query_json(B.q, B.pm, &rep, &B.id, s, len, o, &e);
    nlines++;
    if (!rq) {
        ndeclined++;
        return 0;
    }
    nquick++;
    if (rc != BOXTOI_OK || rep != IO_REPORT_FIRST || !quick_same(A.q, A.pm, &A.id, B.q, B.pm, &B.id)) {
        if (nbad++ < 10)
            diag("differs (store rc %d %s): %.*s", rc, e.msg,
                 (int)(len > 300 ? 300 : len), s);
    }
    return 1;
}

/* The line with one change (kind k), into buf; its length. */
static size_t mutate(char *buf, size_t size, const char *s, size_t len,
                     int k)
{
    static const char bytes[] = " \t\n\"\\,:[]{}0179-/.eE+xu\x80\xff";
    size_t at = len > 0 ? quick_rnd() % len : 0, n = 0;
    const char *tail;
    char c = bytes[quick_rnd() % (sizeof bytes - 1)];

    if (len + 64 > size)
        return 0;
    if (quick_rnd() % 16 == 0)
        c = '\0';
    switch (k) {
    case 0: /* truncated */
        memcpy(buf, s, at);
        return at;
    case 1: /* a byte deleted */
        memcpy(buf, s, at);
        memcpy(buf + at, s + at + 1, len - at - 1);
        return len - 1;
    case 2: /* a byte inserted */
        memcpy(buf, s, at);
        buf[at] = c;
        memcpy(buf + at + 1, s + at, len - at);
        return len + 1;
    case 3: /* a byte replaced */
        memcpy(buf, s, len);
        buf[at] = c;
        return len;
    default: /* something put in after the first '{' */
        tail = memchr(s, '{', len);
        if (tail == NULL)
            return 0;
        n = (size_t)(tail - s) + 1;
        memcpy(buf, s, n);
        tail = k == 4   ? "\"box1\": {\"min\": [0, 0, 0], \"max\": [1,1,1]},"
             : k == 5 ? "\"_note\": 1, "
             : k == 6 ? "\"t_range\": [\"0\", \"12345678901234567890\"], "
             : k == 7 ? "\"t_range\": [\"0\", \"9999999999999999999\"], "
             : k == 8 ? "\"id\": \"a\\u0041\", "
             : k == 9 ? "\"id\": 7, "
             : k == 10 ? "\"t_range\": [0, 1e0], "
             : k == 11 ? "\"numbers\": \"decimal\", "
                       : "\"box2\": {\"min\": [0, 0, 0], \"min\": [0,0,0]},";
        memcpy(buf + n, tail, strlen(tail));
        memcpy(buf + n + strlen(tail), s + n, len - n);
        return len + strlen(tail);
    }
}

#define NMUT 13

static void pair_all(const char *s, size_t len, int mutations)
{
    static char buf[1 << 16];
    int o, k, r;
    size_t n;
    for (o = 0; o < 3; o++) {
        pair(s, len, opt + o);
        for (k = 0; k < NMUT && mutations; k++)
            for (r = 0; r < (k < 4 ? 3 : 1); r++)
                if ((n = mutate(buf, sizeof buf, s, len, k)) > 0
                    || k == 0)
                    pair(buf, n, opt + o);
    }
}

/* 1. every .jsonl line under dir */
static void pair_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    char path[1024], *line = NULL;
    size_t cap = 0;
    ssize_t n;
    FILE *f;

    if (d == NULL)
        return;
    while ((de = readdir(d)) != NULL) {
        size_t l = strlen(de->d_name);
        if (de->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if (l > 6 && strcmp(de->d_name + l - 6, ".jsonl") == 0) {
            if ((f = fopen(path, "r")) == NULL)
                continue;
            while ((n = getline(&line, &cap, f)) > 0) {
                if (boxtoi_io_is_blank(line, (size_t)n))
                    continue;
                pair_all(line, (size_t)n, 1);
            }
            fclose(f);
        } else {
            pair_dir(path); /* a directory, or nothing */
        }
    }
    free(line);
    closedir(d);
}

/* ---- 5. lines worked out by hand ---- */

static void hand(void)
{
    static const char l1[] =
        "{\"t_range\": [\"1/3\", \"inf\"], \"box2\": {\"max\": [2, 2, "
        "3], \"min\": [\"0\", \"-4/8\", -0]}, \"id\": \"a b\", "
        "\"box1\":{\"min\":[\"-2\",\"-1\",\"-3/2\"],\"max\":[\"1/2\","
        "\"-1/2\",\"-1\"]}}\r\n";
    static const char l2[] =
        "{\"box1\": {\"min\": [0,0,0], \"max\": [1,1,1]}, \"box2\": "
        "{\"min\": [0,0,0], \"max\": [1,1,1]}, \"motion1\": [[1, 0, 0, "
        "[\"1/2\", \"1/3\"]], [0, 1, 0, \"0/7\"], [0, 0, 1, [0, 0, \"-5/4\"]],"
        " [0, 0, 0, 1]]}";
    mpq_t x;
    mpz_t z;

    mpq_init(x);
    mpz_init(z);
    ok(pair(l1, sizeof l1 - 1, opt), "hand line 1 read quickly");
    mpq_set_si(x, -3, 2);
    ok(mpq_equal(A.q->box[0].min[2], x), "box1.min[2] = -3/2");
    mpq_set_si(x, -1, 2);
    ok(mpq_equal(A.q->box[1].min[1], x), "box2.min[1] = -4/8 = -1/2");
    ok(mpq_sgn(A.q->box[1].min[2]) == 0, "box2.min[2] = -0 = 0");
    mpq_set_si(x, 3, 1);
    ok(mpq_equal(A.q->box[1].max[2], x), "box2.max[2] = 3");
    mpq_set_si(x, 1, 3);
    ok(mpq_equal(A.q->t0, x) && A.q->t1_inf, "t_range = [1/3, inf)");
    is_str("\"a b\"", boxtoi_strbuf_str(&A.id), "the id as JSON text");
    ok(mpz_cmp_ui(A.q->motion[0].den, 1) == 0
           && A.q->motion[0].e[0].length == 1
           && mpz_cmp_ui(A.q->motion[0].e[0].coeffs, 1) == 0
           && A.q->motion[0].e[1].length == 0,
       "no motion1: the identity");
    /* motion1: lcm(2, 3, 4) = 12; entry (0,3) = (6 + 4 t) / 12, (1,3) =
       0, (2,3) = -15 t^2 / 12, the diagonal 12 / 12 */
    ok(pair(l2, sizeof l2 - 1, opt), "hand line 2 read quickly");
    is_int(12, (long)mpz_get_si(A.q->motion[0].den), "den = lcm = 12");
    is_int(2, A.q->motion[0].e[3].length, "entry (0,3) of degree 1");
    is_int(6, (long)mpz_get_si(A.q->motion[0].e[3].coeffs), "6 / 12");
    is_int(4, (long)mpz_get_si(A.q->motion[0].e[3].coeffs + 1), "4 t / 12");
    is_int(0, A.q->motion[0].e[7].length, "0/7 is 0");
    is_int(3, A.q->motion[0].e[11].length, "entry (2,3) of degree 2");
    is_int(-15, (long)mpz_get_si(A.q->motion[0].e[11].coeffs + 2),
           "-5/4 t^2 = -15 t^2 / 12");
    is_int(12, (long)mpz_get_si(A.q->motion[0].e[15].coeffs), "w = 12/12");
    /* declined: a min above its max, a duplicate, an escape, a big or a
       non-integer JSON number, binary64 JSON numbers */
    ok(!pair("{\"box1\": {\"min\": [1,0,0], \"max\": [0,1,1]}, \"box2\": "
             "{\"min\": [0,0,0], \"max\": [1,1,1]}}", 77, opt),
       "min > max declined");
    ok(!pair(l1, sizeof l1 - 1, opt + 1), "binary64: JSON numbers declined");
    mpq_clear(x);
    mpz_clear(z);
}

int main(void)
{
    static char buf[1 << 16];
    const char *top = getenv("top_srcdir");
    char path[1024];
    quick_known w;
    long i, n = 3000 * tap_multiplier(), nknown = 0, wrong = 0;
    size_t len;

    plan_lazy();
    side_init(&A);
    side_init(&B);
    for (i = 0; i < 3; i++)
        boxtoi_io_options_init(opt + i);
    opt[1].numbers = BOXTOI_IO_BINARY64;
    opt[2].solver.max_degree = 1;
    hand();

    if (top == NULL)
        top = ".";
    snprintf(path, sizeof path, "%s/t/data", top);
    pair_dir(path);
    snprintf(path, sizeof path, "%s/examples", top);
    pair_dir(path);
    diag("files and their mutations: %ld lines, %ld read quickly", nlines,
         nquick);
    ok(nquick > 50, "some lines of the files are read quickly");

    quick_known_init(&w, 1);
    for (i = 0; i < n; i++) {
        memset(w.has, 0, sizeof w.has);
        len = quick_gen_line(buf, &w);
        if (pair(buf, len, opt)) {
            nknown++;
            if (!quick_known_values(&w, A.q) && wrong++ < 5)
                diag("values differ: %.*s", (int)len, buf);
        }
        pair_all(buf, len, i % 3 == 0);
    }
    quick_known_init(&w, 0);
    diag("generated: %ld read quickly with known values", nknown);
    ok(nknown > n / 2, "most generated lines are read quickly");
    is_int(0, wrong, "every value as the generator wrote it");
    diag("all: %ld lines, %ld read quickly, %ld declined", nlines, nquick,
         ndeclined);
    is_int(0, nbad, "the quick reader's query is the store's, or declined");
    side_clear(&A);
    side_clear(&B);
    return 0;
}
