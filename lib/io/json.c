/* lib/io/json.c: one line of JSON into a store of values (json.h).

   Method: recursive descent over the line, one left-to-right pass that
   checks each token as io_scan_line does (the same functions of
   lib/io/scan.c: numbers of RFC 8259 §6, strings of well-formed UTF-8
   without control characters, only true/false/null) and the structure
   as json-c 0.16 in strict mode does (nothing after the object but
   white space, at most IO_JSON_MAXDEPTH levels).  So it accepts a line
   exactly when the reader before it (io_scan_line, then json-c on the
   whole line) did (t/json-t); for the message of a refused line, rare,
   it replays those two (io_json_refused, lib/io/jsonerr.c).
   The members of an object or array are collected on a stack while
   they are read and moved together into the store when it closes, so
   each container's members are contiguous and indexed in O(1).
   Strings without a backslash are copied as they are; the few with
   escapes are decoded by json-c itself (the token alone), so that the
   decoding (surrogates, U+FFFD for a lone one) is json-c's to the byte.
   Measured: doc/performance.md, "The JSON reader". */
#include <stdlib.h>
#include <string.h>
#include <json.h>
#include "lib/util/impl.h"
#include "lib/io/json.h"

#define REFUSED (-1)

const io_jv io_jnull = {NULL, NULL, NULL, 0, 0, 0, 0, IO_JNULL, 0};

void io_jdoc_init(io_jdoc *d)
{
    d->v = d->vin;
    d->av = IO_JDOC_VALUES;
    d->t = d->tin;
    d->at = IO_JDOC_STACK;
    d->c = d->cin;
    d->ac = IO_JDOC_CHARS;
    d->nv = d->nt = d->nc = 0;
    d->root = NULL;
    d->dup = 0;
}

void io_jdoc_clear(io_jdoc *d)
{
    if (d->v != d->vin)
        free(d->v);
    if (d->t != d->tin)
        free(d->t);
    if (d->c != d->cin)
        free(d->c);
    io_jdoc_init(d);
}

/* Room for one more value in the vector *p (n used, *a allocated,
   inline storage inl): doubles it when full; 0 when memory runs out. */
static int grow(io_jv **p, size_t n, size_t *a, io_jv *inl)
{
    io_jv *q;
    size_t na;
    if (n < *a)
        return 1;
    na = 2 * *a;
    if (*p == inl) {
        q = malloc(na * sizeof *q);
        if (q != NULL)
            memcpy(q, *p, n * sizeof *q);
    } else {
        q = realloc(*p, na * sizeof *q);
    }
    if (q == NULL)
        return 0;
    *p = q;
    *a = na;
    return 1;
}

typedef struct {
    const char *s;
    size_t len, i;
    io_jdoc *d;
    int top; /* io_count_key's last top-level key */
} jp;

static void skip_ws(jp *p)
{
    while (p->i < p->len && (p->s[p->i] == ' ' || p->s[p->i] == '\t'
                             || p->s[p->i] == '\r' || p->s[p->i] == '\n'))
        p->i++;
}

/* plain[c]: the byte c may stand for itself in a string that needs no
   decoding and no UTF-8 check (printable ASCII but '"' and '\\'). */
static const unsigned char plain[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* 0x00 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* 0x10 */
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  /* 0x20 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  /* 0x30 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  /* 0x40 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,  /* 0x50 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  /* 0x60 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0,  /* 0x70 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* 0x80 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* 0x90 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* 0xa0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* 0xb0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* 0xc0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* 0xd0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* 0xe0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  /* 0xf0 */
};

/* The string whose quote is at p->i, decoded into the store:
   *out, *n.  Its raw text (between the quotes) is s[*a, *b). */
static int read_string(jp *p, const char **out, size_t *n, size_t *a,
                       size_t *b)
{
    int nul;
    size_t j, m;
    const char *src;
    char *dst;
    json_tokener *tok = NULL;
    json_object *o = NULL;

    /* The usual string, printable ASCII without a backslash (plain):
       io_scan_string would accept it and there is nothing to decode;
       any other byte sends it the general way. */
    for (j = p->i + 1; j < p->len && plain[(unsigned char)p->s[j]]; j++)
        ;
    if (j < p->len && p->s[j] == '"') {
        *a = p->i + 1;
        *b = j;
        m = j - *a;
        dst = p->d->c + p->d->nc; /* room: the store is as long as the line */
        memcpy(dst, p->s + *a, m);
        dst[m] = '\0';
        p->d->nc += m + 1;
        *out = dst;
        *n = m;
        p->i = j + 1;
        return BOXTOI_OK;
    }
    j = io_scan_string(p->s, p->len, p->i, &nul, NULL);
    if (j == 0)
        return REFUSED;
    *a = p->i + 1;
    *b = j - 1;
    src = p->s + *a;
    m = *b - *a;
    if (memchr(src, '\\', m) != NULL) {
        tok = json_tokener_new();
        if (tok == NULL)
            return BOXTOI_ENOMEM;
        json_tokener_set_flags(tok, JSON_TOKENER_STRICT
                                        | JSON_TOKENER_VALIDATE_UTF8);
        o = json_tokener_parse_ex(tok, p->s + p->i, (int)(j - p->i));
        json_tokener_free(tok);
        if (!json_object_is_type(o, json_type_string)) {
            json_object_put(o);
            return REFUSED;
        }
        src = json_object_get_string(o);
        m = (size_t)json_object_get_string_len(o);
    }
    /* A decoded string is never longer than its text, so the store,
       as long as the line, has room (checked all the same). */
    if (p->d->nc + m + 1 > p->d->ac) {
        json_object_put(o);
        return REFUSED;
    }
    dst = p->d->c + p->d->nc;
    memcpy(dst, src, m);
    dst[m] = '\0';
    p->d->nc += m + 1;
    json_object_put(o);
    *out = dst;
    *n = m;
    p->i = j;
    return BOXTOI_OK;
}

/* An order of keys (by length, then bytes), 0 for equal keys. */
static int key_order(const io_jv *x, const io_jv *y)
{
    if (x->keylen != y->keylen)
        return x->keylen < y->keylen ? -1 : 1;
    return memcmp(x->key, y->key, x->keylen);
}

static int key_cmp(const void *a, const void *b)
{
    return key_order(*(const io_jv *const *)a, *(const io_jv *const *)b);
}

/* 1 when two members of the object (n members at m) have equal keys:
   each pair compared for a few keys, else neighbours after a sort
   (O(n log n) for a line of 200,000 keys); -1 when memory runs out. */
static int has_dup(const io_jv *m, size_t n)
{
    const io_jv **p;
    size_t i, j;
    int dup = 0;

    if (n <= 16) {
        for (i = 1; i < n; i++)
            for (j = 0; j < i; j++)
                if (key_order(m + i, m + j) == 0)
                    return 1;
        return 0;
    }
    if ((p = malloc(n * sizeof *p)) == NULL)
        return -1;
    for (i = 0; i < n; i++)
        p[i] = m + i;
    qsort(p, n, sizeof *p, key_cmp);
    for (i = 1; i < n && !dup; i++)
        dup = key_order(p[i - 1], p[i]) == 0;
    free(p);
    return dup;
}

static int read_value(jp *p, io_jv *out, int depth);

/* The object (obj) or array at p->i, at nesting level. */
static int read_container(jp *p, io_jv *out, int level, int obj)
{
    io_jdoc *d = p->d;
    size_t base = d->nt, ka, kb;
    char close = obj ? '}' : ']';
    int rc;

    if (level > d->info.maxdepth)
        d->info.maxdepth = level;
    out->type = obj ? IO_JOBJECT : IO_JARRAY;
    p->i++;
    skip_ws(p);
    if (p->i < p->len && p->s[p->i] == close) {
        p->i++;
    } else {
        for (;;) {
            io_jv m;
            const char *key = NULL;
            size_t keylen = 0;
            if (obj) {
                if (p->i >= p->len || p->s[p->i] != '"')
                    return REFUSED;
                rc = read_string(p, &key, &keylen, &ka, &kb);
                if (rc != BOXTOI_OK)
                    return rc;
                if (memchr(key, '\0', keylen) != NULL)
                    return REFUSED; /* io_scan_line names it */
                io_count_key(&d->info, p->s, ka, kb, level, &p->top);
                skip_ws(p);
                if (p->i >= p->len || p->s[p->i] != ':')
                    return REFUSED;
                p->i++;
                skip_ws(p);
            }
            rc = read_value(p, &m, level);
            if (rc != BOXTOI_OK)
                return rc;
            m.key = key;
            m.keylen = keylen;
            if (d->nt == d->at && !grow(&d->t, d->nt, &d->at, d->tin))
                return BOXTOI_ENOMEM;
            d->t[d->nt++] = m;
            skip_ws(p);
            if (p->i < p->len && p->s[p->i] == ',') {
                p->i++;
                skip_ws(p);
                continue;
            }
            if (p->i < p->len && p->s[p->i] == close) {
                p->i++;
                break;
            }
            return REFUSED;
        }
    }
    out->n = d->nt - base;
    out->first = d->nv;
    while (d->nv + out->n > d->av)
        if (!grow(&d->v, d->av, &d->av, d->vin))
            return BOXTOI_ENOMEM;
    memcpy(d->v + d->nv, d->t + base, out->n * sizeof *d->v);
    d->nv += out->n;
    d->nt = base;
    if (obj && out->n > 1 && !d->dup) {
        rc = has_dup(d->v + out->first, out->n);
        if (rc < 0)
            return BOXTOI_ENOMEM;
        d->dup = rc;
    }
    return BOXTOI_OK;
}

static int read_value(jp *p, io_jv *out, int depth)
{
    const char *s = p->s;
    size_t i = p->i, j, a, b;
    int big;

    memset(out, 0, sizeof *out);
    if (i >= p->len || depth + 1 > IO_JSON_MAXDEPTH)
        return REFUSED;
    switch (s[i]) {
    case '{':
        return read_container(p, out, depth + 1, 1);
    case '[':
        return read_container(p, out, depth + 1, 0);
    case '"':
        out->type = IO_JSTRING;
        return read_string(p, &out->s, &out->len, &a, &b);
    case 't':
    case 'f':
    case 'n':
        for (j = i; j < p->len && ((s[j] >= 'a' && s[j] <= 'z')
                                   || (s[j] >= 'A' && s[j] <= 'Z'));
             j++)
            ;
        if (j - i == 4 && memcmp(s + i, "true", 4) == 0) {
            out->type = IO_JBOOL;
            out->b = 1;
        } else if (j - i == 5 && memcmp(s + i, "false", 5) == 0) {
            out->type = IO_JBOOL;
        } else if (j - i == 4 && memcmp(s + i, "null", 4) == 0) {
            out->type = IO_JNULL;
        } else {
            return REFUSED;
        }
        p->i = j;
        return BOXTOI_OK;
    default:
        if (s[i] != '-' && (s[i] < '0' || s[i] > '9'))
            return REFUSED;
        j = io_number_end(s, p->len, i);
        if (!io_number_ok(s, i, j, &big))
            return REFUSED;
        out->type = IO_JNUMBER;
        out->s = s + i;
        out->len = j - i;
        p->i = j;
        return BOXTOI_OK;
    }
}

/* The line's object into d (no message). */
static int parse(io_jdoc *d, const char *s, size_t len)
{
    jp p;
    io_jv root;
    size_t k;
    int rc;

    if (len + 1 > d->ac) {
        char *c = malloc(len + 1);
        if (c == NULL)
            return BOXTOI_ENOMEM;
        if (d->c != d->cin)
            free(d->c);
        d->c = c;
        d->ac = len + 1;
    }
    p.s = s;
    p.len = len;
    p.i = 0;
    p.d = d;
    p.top = -1;
    skip_ws(&p);
    rc = read_value(&p, &root, 0);
    if (rc != BOXTOI_OK)
        return rc;
    skip_ws(&p);
    if (p.i != len)
        return REFUSED;
    if (!grow(&d->v, d->nv, &d->av, d->vin))
        return BOXTOI_ENOMEM;
    d->v[d->nv++] = root;
    /* The store no longer moves: members become pointers. */
    for (k = 0; k < d->nv; k++)
        if (d->v[k].type == IO_JOBJECT || d->v[k].type == IO_JARRAY)
            d->v[k].kid = d->v + d->v[k].first;
    d->root = d->v + d->nv - 1;
    return BOXTOI_OK;
}

int io_jdoc_parse(io_jdoc *d, const char *s, size_t len, boxtoi_errinfo *err)
{
    size_t i;
    int rc;

    d->nv = d->nt = d->nc = 0;
    d->root = NULL;
    d->dup = 0;
    memset(&d->info, 0, sizeof d->info);
    for (i = 0; i < len && boxtoi_io_is_blank(s + i, 1); i++)
        ;
    if (i == len || s[i] != '{')
        return io_json_not_object(s, len, err);
    if (len > (size_t)0x7fffffff)
        return boxtoi_errinfo_set(err, BOXTOI_ELIMIT,
                                  "the line is longer than 2 GiB");
    rc = parse(d, s, len);
    if (rc == REFUSED) {
        d->root = NULL;
        return io_json_refused(s, len, err);
    }
    if (rc != BOXTOI_OK) {
        d->root = NULL;
        return boxtoi_errinfo_set(err, rc, "out of memory");
    }
    return BOXTOI_OK;
}

int io_jget(const io_jv *obj, const char *key, const io_jv **out)
{
    size_t n = strlen(key), k;
    if (obj->type != IO_JOBJECT)
        return 0;
    for (k = obj->n; k-- > 0;)
        if (obj->kid[k].keylen == n && memcmp(obj->kid[k].key, key, n) == 0) {
            if (out != NULL)
                *out = obj->kid + k;
            return 1;
        }
    return 0;
}

int io_jescape(boxtoi_strbuf *sb, const char *s, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    size_t i, done = 0;
    char e[7];
    int ok = boxtoi_strbuf_putn(sb, "\"", 1) == BOXTOI_OK;

    for (i = 0; i < len && ok; i++) {
        unsigned char c = (unsigned char)s[i];
        size_t n = 2;
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        e[0] = '\\';
        e[1] = c == '\b' ? 'b' : c == '\f' ? 'f' : c == '\n' ? 'n'
             : c == '\r' ? 'r' : c == '\t' ? 't' : (char)c;
        if (c < 0x20 && e[1] == (char)c) {
            memcpy(e + 1, "u00", 3);
            e[4] = hex[c >> 4];
            e[5] = hex[c & 15];
            n = 6;
        }
        ok = boxtoi_strbuf_putn(sb, s + done, i - done) == BOXTOI_OK
             && boxtoi_strbuf_putn(sb, e, n) == BOXTOI_OK;
        done = i + 1;
    }
    ok = ok && boxtoi_strbuf_putn(sb, s + done, len - done) == BOXTOI_OK
         && boxtoi_strbuf_putn(sb, "\"", 1) == BOXTOI_OK;
    return ok ? BOXTOI_OK : BOXTOI_ENOMEM;
}
