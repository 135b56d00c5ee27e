/* lib/io/quick.c: the quick reader of the common two-box line
   (io_quick_query, lib/io/impl.h).

   Method (doc/algorithm.md §12, which shows that it reads what
   lib/io/query.c reads): one left-to-right pass over the bytes of a
   line of the narrow form

     { "box1": B, "box2": B [, "motion1": M] [, "motion2": M]
       [, "t_range": [N, N or "inf"]] [, "id": "plain text"] }

   in any key order, each key once, where B is {"min": [N, N, N],
   "max": [N, N, N]} (either order), M a 4x4 matrix whose entries are
   N or a non-empty array of N, and N a number in words: a string
   "[-]D" or "[-]D/D" (D: 1 to IO_ULONG_DIGITS digits, a denominator
   not 0) or, when JSON number literals are exact (not "binary64"), a
   JSON integer -?(0|[1-9][0-9]*) of at most IO_ULONG_DIGITS digits.
   White space is JSON's (space, tab, CR, LF), as in lib/io/json.c.
   The values are built straight into the query, with the same words
   as lib/io/number.c (io_wq_lowest) and the same motion over the lcm
   of its denominators (io_words_to_motion): no JSON store, no GMP
   arithmetic, no allocation once the query's storage has grown.

   Anything else (another key, an escape, a byte outside this grammar,
   a duplicate key, a missing box, a longer number, a degree beyond
   the limit, a min above its max, t0 > t1, a motion over more than
   COEF_WORDS coefficients or beyond words) declines the line: the
   reader of lib/io/query.c then reads it as it always has, with every
   message of doc/format.md.  So the quick reader changes no output;
   t/quick-t pairs it with that reader line by line. */
#include <string.h>
#include "lib/util/impl.h"
#include "lib/util/i128.h"
#include "lib/io/impl.h"
#include "lib/io/read.h"

typedef struct {
    const char *p, *end;
    int binary64; /* JSON number literals are doubles: declined */
    long max_deg;
    coef_w w[COEF_WORDS]; /* a motion's coefficients, not 0 */
    size_t nw;
} qk;

static int is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The first byte at or after p that is not white space.  The scanners
   below keep the position in a local pointer (not k->p, which a byte
   read through a char pointer could alias, forcing a store and a load
   per byte) and store it back once. */
static inline __attribute__((always_inline)) const char *
skip_ws(const char *p, const char *end)
{
    /* JSON's white space is at or below ' ': one comparison lets the
       byte after it (a quote, digit or bracket) through */
    while (p < end && (unsigned char)*p <= ' ' && is_ws(*p))
        p++;
    return p;
}

static inline __attribute__((always_inline)) void ws(qk *k)
{
    k->p = skip_ws(k->p, k->end);
}

/* eat's way when c is not the next byte */
static int eat_ws(qk *k, char c)
{
    const char *p = skip_ws(k->p, k->end);
    k->p = p;
    if (p < k->end && *p == c) {
        k->p = p + 1;
        return 1;
    }
    return 0;
}

/* Skips white space, then the byte c: 1 when it is there.  Inline when
   c comes next, after at most one space (nearly always), which is most
   of the hundred calls of a line. */
static inline __attribute__((always_inline)) int eat(qk *k, char c)
{
    const char *p = k->p;
    if (p < k->end && *p == ' ') /* one space, as after ':' and ',' */
        p++;
    if (p < k->end && *p == c) {
        k->p = p + 1;
        return 1;
    }
    return eat_ws(k, c);
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* *v = the 1 to IO_ULONG_DIGITS digits at *pp (returns 1, *pp after
   them), else 0. */
static int digits(const char **pp, const char *end, unsigned long *v)
{
    const char *p = *pp, *s = p;
    unsigned long x = 0;
    while (p < end && is_digit(*p))
        x = 10 * x + (unsigned long)(*p++ - '0'); /* wraps: refused */
    *v = x;
    *pp = p;
    return p > s && p - s <= IO_ULONG_DIGITS;
}

/* A number N of the grammar above into *w.  Inline at its call sites
   (about 52 calls a line). */
static inline __attribute__((always_inline)) int number(qk *k, io_wq *w)
{
    const char *p = skip_ws(k->p, k->end), *end = k->end;
    unsigned long n, d = 1;
    int neg = 0;

    if (p == end)
        return 0;
    if (*p == '"') {
        p++;
        if (p < end && *p == '-') {
            neg = 1;
            p++;
        }
        if (!digits(&p, end, &n))
            return 0;
        if (p < end && *p == '/' && (p++, !digits(&p, end, &d) || d == 0))
            return 0;
        if (p == end || *p != '"')
            return 0;
        p++;
    } else {
        if (k->binary64)
            return 0;
        if (*p == '-') {
            neg = 1;
            p++;
        }
        if (p < end && *p == '0') {
            p++; /* JSON: no digit after a leading 0 */
            n = 0;
        } else if (!digits(&p, end, &n)) {
            return 0;
        }
        if (p < end
            && (is_digit(*p) || *p == '.' || *p == 'e' || *p == 'E'))
            return 0;
    }
    k->p = p;
    if (d == 1)
        io_wq_int(w, n, neg);
    else
        io_wq_lowest(w, n, d, neg);
    return 1;
}

/* The key at k->p (after white space) and its colon: its index in
   names[0..n), or -1 (not one of them, or not plain). */
static int key(qk *k, const char *const *names, int n)
{
    const char *s, *p, *end = k->end;
    size_t len;
    int i;

    if (!eat(k, '"'))
        return -1;
    s = p = k->p;
    while (p < end && ((*p >= 'a' && *p <= 'z') || is_digit(*p) || *p == '_'))
        p++;
    if (p == end || *p != '"')
        return -1;
    len = (size_t)(p - s);
    k->p = p + 1;
    if (!eat(k, ':'))
        return -1;
    for (i = 0; i < n; i++) {
        const char *a = names[i];
        size_t j = 0;
        if (len == 0 || a[0] != s[0])
            continue;
        while (j < len && a[j] == s[j]) /* a ends in '\0', s does not */
            j++;
        if (j == len && a[j] == '\0')
            return i;
    }
    return -1;
}

/* [N, N, N] into w[0..3). */
static int triple(qk *k, io_wq *w)
{
    return eat(k, '[') && number(k, w) && eat(k, ',') && number(k, w + 1)
           && eat(k, ',') && number(k, w + 2) && eat(k, ']');
}

/* A box B: v[0] its min, v[1] its max. */
static int box(qk *k, io_wq v[2][3])
{
    static const char *const names[2] = {"min", "max"};
    int seen = 0, m;

    if (!eat(k, '{'))
        return 0;
    do {
        m = key(k, names, 2);
        if (m < 0 || (seen & (1 << m)) != 0 || !triple(k, v[m]))
            return 0;
        seen |= 1 << m;
    } while (eat(k, ','));
    return eat(k, '}') && seen == 3;
}

/* The coefficient w of t^deg in entry e, kept unless 0. */
static int coef(qk *k, const io_wq *w, int e, long deg)
{
    if (w->n == 0)
        return 1;
    if ((k->max_deg > 0 && deg > k->max_deg) || k->nw == COEF_WORDS)
        return 0;
    k->w[k->nw].q = *w;
    k->w[k->nw].e = e;
    k->w[k->nw].k = deg;
    k->nw++;
    return 1;
}

/* Entry e of a matrix: N or [N, ...]. */
static int entry(qk *k, int e)
{
    io_wq w;
    long deg = 0;

    ws(k);
    if (k->p == k->end || *k->p != '[')
        return number(k, &w) && coef(k, &w, e, 0);
    k->p++;
    do {
        if (!number(k, &w) || !coef(k, &w, e, deg++))
            return 0;
    } while (eat(k, ','));
    return eat(k, ']');
}

/* A matrix M into m. */
static int matrix(qk *k, boxtoi_motion_t m)
{
    int i, j;

    k->nw = 0;
    if (!eat(k, '['))
        return 0;
    for (i = 0; i < 4; i++) {
        if ((i > 0 && !eat(k, ',')) || !eat(k, '['))
            return 0;
        for (j = 0; j < 4; j++)
            if ((j > 0 && !eat(k, ',')) || !entry(k, 4 * i + j))
                return 0;
        if (!eat(k, ']'))
            return 0;
    }
    if (!eat(k, ']'))
        return 0;
    boxtoi_motion_zero(m);
    return io_words_to_motion(m, k->w, k->nw);
}

/* [N, N] or [N, "inf"] (then *inf = 1). */
static int range(qk *k, io_wq t[2], int *inf)
{
    if (!eat(k, '[') || !number(k, t) || !eat(k, ','))
        return 0;
    ws(k);
    if (k->end - k->p >= 5 && memcmp(k->p, "\"inf\"", 5) == 0) {
        k->p += 5;
        *inf = 1;
    } else if (!number(k, t + 1)) {
        return 0;
    }
    return eat(k, ']');
}

/* A plain string, printable ASCII but '"' and '\\' (nothing to decode
   or escape): its bytes s[0..*n). */
static int plain_string(qk *k, const char **s, size_t *n)
{
    if (!eat(k, '"'))
        return 0;
    *s = k->p;
    while (k->p < k->end && *k->p >= 0x20 && *k->p < 0x7f && *k->p != '"'
           && *k->p != '\\')
        k->p++;
    if (k->p == k->end || *k->p != '"')
        return 0;
    *n = (size_t)(k->p++ - *s);
    return 1;
}

/* a <= b, exactly. */
static int le(const io_wq *a, const io_wq *b)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_u128 x = (boxtoi_u128)a->n * b->d, y = (boxtoi_u128)b->n * a->d;
    if (a->neg != b->neg)
        return a->neg;
    return a->neg ? x >= y : x <= y;
#else
    mpq_t x, y;
    int r;
    mpq_init(x);
    mpq_init(y);
    io_wq_get_mpq(x, a);
    io_wq_get_mpq(y, b);
    r = mpq_cmp(x, y) <= 0;
    mpq_clear(x);
    mpq_clear(y);
    return r;
#endif
}

enum { K_BOX1, K_BOX2, K_MOTION1, K_MOTION2, K_RANGE, K_ID, K_N };

/* The line's object: the boxes into b, the motions into q, the range
   into t and *inf, the id's text into *id, *idlen; *seen the keys. */
static int top(qk *k, boxtoi_query_t q, io_wq b[2][2][3], io_wq t[2],
               int *inf, const char **id, size_t *idlen, int *seen)
{
    static const char *const names[K_N] = {"box1",    "box2",    "motion1",
                                           "motion2", "t_range", "id"};
    int key_at, ok;

    if (!eat(k, '{'))
        return 0;
    do {
        key_at = key(k, names, K_N);
        if (key_at < 0 || (*seen & (1 << key_at)) != 0)
            return 0;
        *seen |= 1 << key_at;
        switch (key_at) {
        case K_BOX1:
        case K_BOX2:
            ok = box(k, b[key_at - K_BOX1]);
            break;
        case K_MOTION1:
        case K_MOTION2:
            ok = matrix(k, q->motion + (key_at - K_MOTION1));
            break;
        case K_RANGE:
            ok = range(k, t, inf);
            break;
        default:
            ok = plain_string(k, id, idlen);
            break;
        }
        if (!ok)
            return 0;
    } while (eat(k, ','));
    if (!eat(k, '}'))
        return 0;
    ws(k);
    return k->p == k->end;
}

int io_quick_query(boxtoi_query_t q, boxtoi_pmotion_struct *pm,
                   boxtoi_strbuf *id, const char *line, size_t len,
                   const boxtoi_io_options *opts)
{
    qk k;
    io_wq b[2][2][3], t[2];
    const char *ids = NULL;
    size_t idlen = 0;
    int seen = 0, inf = 0, i, j;

    if (len > (size_t)0x7fffffff) /* the JSON store's limit */
        return 0;
    k.p = line;
    k.end = line + len;
    k.binary64 = opts->numbers == BOXTOI_IO_BINARY64;
    k.max_deg = opts->solver.max_degree;
    if (!top(&k, q, b, t, &inf, &ids, &idlen, &seen)
        || (seen & 3) != 3)
        return 0;
    for (i = 0; i < 2; i++)
        for (j = 0; j < 3; j++)
            if (!le(&b[i][0][j], &b[i][1][j]))
                return 0;
    if ((seen & (1 << K_RANGE)) != 0 && !inf && !le(t, t + 1))
        return 0;
    if (id != NULL) {
        boxtoi_strbuf_reset(id);
        if (ids != NULL && io_jescape(id, ids, idlen) != BOXTOI_OK)
            return 0;
    }
    for (i = 0; i < 2; i++) {
        for (j = 0; j < 3; j++) {
            io_wq_get_mpq(q->box[i].min[j], &b[i][0][j]);
            io_wq_get_mpq(q->box[i].max[j], &b[i][1][j]);
        }
        if ((seen & (1 << (K_MOTION1 + i))) == 0)
            boxtoi_motion_set_identity(q->motion + i);
        if (pm != NULL)
            boxtoi_pmotion_empty(pm + i);
    }
    q->t1_inf = inf;
    if ((seen & (1 << K_RANGE)) != 0) {
        io_wq_get_mpq(q->t0, t);
        if (!inf)
            io_wq_get_mpq(q->t1, t + 1);
    } else {
        mpq_set_ui(q->t0, 0, 1);
        mpq_set_ui(q->t1, 1, 1);
    }
    return 1;
}
