/* t/json-t.c: the JSON reader of lib/io/json.c against json-c 0.16.

   The reader replaced io_scan_line + json-c's tree (doc/format.md §2),
   so json-c, a different parser, is the reference: on every line of a
   corpus (hand-written lines, each truncated at every byte, and each
   with every byte replaced by one of a set of troublesome bytes), the
   reader accepts the line exactly when io_scan_line and json-c (strict,
   UTF-8 checked, default depth, nothing after the object) both do; an
   accepted line gives the same tree: types, array lengths, keys in
   order, strings as json-c decoded them, numbers by their literal text
   (json-c's for a real, the value of json-c's int64 for an integer of up
   to 18 digits), and a duplicate key flagged exactly when json-c's tree
   has fewer pairs than the line.  The id writer io_jescape is compared
   with json-c's string serialiser on every byte. */
#include <stdlib.h>
#include <string.h>
#include <json.h>
#include "tap.h"
#include "lib/io/json.h"

static size_t pairs(json_object *v)
{
    size_t n = 0, i;
    if (json_object_is_type(v, json_type_object)) {
        json_object_object_foreach(v, k, x) {
            (void)k;
            n += 1 + pairs(x);
        }
    } else if (json_object_is_type(v, json_type_array)) {
        for (i = 0; i < json_object_array_length(v); i++)
            n += pairs(json_object_array_get_idx(v, i));
    }
    return n;
}

/* 1 when the store's value v is json-c's value j. */
static int same(const io_jv *v, json_object *j)
{
    size_t i;
    switch (json_object_get_type(j)) {
    case json_type_null:
        return v->type == IO_JNULL;
    case json_type_boolean:
        return v->type == IO_JBOOL && v->b == json_object_get_boolean(j);
    case json_type_double:
        return v->type == IO_JNUMBER
               && strlen(json_object_get_string(j)) == v->len
               && memcmp(json_object_get_string(j), v->s, v->len) == 0;
    case json_type_int: {
        char buf[32];
        if (v->type == IO_JNUMBER && v->len > 19)
            return 1; /* beyond 18 digits json-c clamps: no reference */
        if (v->type != IO_JNUMBER || v->len >= sizeof buf)
            return 0;
        memcpy(buf, v->s, v->len);
        buf[v->len] = '\0';
        return strtoll(buf, NULL, 10) == json_object_get_int64(j);
    }
    case json_type_string:
        return v->type == IO_JSTRING
               && (size_t)json_object_get_string_len(j) == v->len
               && memcmp(json_object_get_string(j), v->s, v->len) == 0
               && v->s[v->len] == '\0';
    case json_type_array:
        if (v->type != IO_JARRAY || v->n != json_object_array_length(j))
            return 0;
        for (i = 0; i < v->n; i++)
            if (!same(io_jat(v, i), json_object_array_get_idx(j, i)))
                return 0;
        return 1;
    case json_type_object:
        i = 0;
        if (v->type != IO_JOBJECT)
            return 0;
        json_object_object_foreach(j, k, x) {
            if (i >= v->n || strcmp(v->kid[i].key, k) != 0
                || !same(v->kid + i, x))
                return 0;
            i++;
        }
        return i == v->n;
    }
    return 0;
}

static long nlines, naccepted, nbad;

static void check(io_jdoc *d, const char *s, size_t len)
{
    io_scan_info info;
    json_tokener *tok = json_tokener_new();
    json_object *o = NULL;
    size_t i = 0;
    int want, rc, lex, jdup;

    while (i < len && strchr(" \t\r\n", s[i]) != NULL && s[i] != '\0')
        i++;
    lex = i < len && s[i] == '{' && io_scan_line(&info, s, len, NULL) == 0;
    if (lex) {
        json_tokener_set_flags(tok, JSON_TOKENER_STRICT
                                        | JSON_TOKENER_VALIDATE_UTF8);
        o = json_tokener_parse_ex(tok, s, (int)len);
        if (o != NULL && json_tokener_get_parse_end(tok) != len) {
            json_object_put(o);
            o = NULL;
        }
    }
    json_tokener_free(tok);
    want = o != NULL;
    rc = io_jdoc_parse(d, s, len, NULL);
    nlines++;
    jdup = want && pairs(o) != info.npairs;
    /* a line with a duplicate key is refused (json-c merged the keys) */
    if ((rc == 0) != want
        || (want && (d->dup != jdup || (!jdup && !same(d->root, o))))) {
        if (nbad++ < 5)
            diag("differs (reader %d, json-c %d): %.*s", rc, want,
                 (int)(len > 200 ? 200 : len), s);
    }
    naccepted += want;
    json_object_put(o);
}

static const char *const seeds[] = {
    "{\"id\":\"a\\u00e9\\n\\\"x\\ud83d\\ude00\",\"box1\":{\"min\":[0,0,0],"
    "\"max\":[1,1,1]},\"_x\":[true,false,null,-0,1e5,1.5E-3,\"\"],"
    "\"t_range\":[0,\"inf\"]}",
    "{\"box1\":{\"min\":[\"-1\",\"1/2\",0.5],\"max\":[1,1,1],\"min\":[]},"
    "\"motion2\":{\"rotation\":[1,0,0,[0,1]],\"translation\":[[0,-1],0,0]}"
    ",\"n\":12345678901234567890123}",
    " {\"a\":[[[]],{}],\"\\u0061\":{\"b\":\"\\ud800\\u0041\\/\"}} ",
    "{\"k\":\"\\u0000\",\"id\":-1234567890.5e-3,\"x\":[1,[2,[3,[4]]]]}",
};

int main(void)
{
    static const char muts[] = "\"\\{}[],:x\0\xff\xc3" "1 -.eu\x1f";
    io_jdoc d;
    char buf[512];
    size_t k, i, n, m, c;

    plan(3);
    io_jdoc_init(&d);
    for (k = 0; k < sizeof seeds / sizeof *seeds; k++) {
        n = strlen(seeds[k]);
        for (i = 0; i <= n; i++)
            check(&d, seeds[k], i);
        for (i = 0; i < n; i++)
            for (m = 0; m < sizeof muts - 1; m++) {
                memcpy(buf, seeds[k], n);
                buf[i] = muts[m];
                check(&d, buf, n);
            }
    }
    for (c = 28; c <= 34; c++) { /* json-c's depth limit: 32 values */
        for (k = 0; k < 3; k++) {
            n = 0;
            n += (size_t)sprintf(buf + n, "{\"a\":");
            for (i = 0; i < c; i++)
                buf[n++] = '[';
            n += (size_t)sprintf(buf + n, "%s", k == 0 ? "" : k == 1 ? "1"
                                                               : "{}");
            for (i = 0; i < c; i++)
                buf[n++] = ']';
            buf[n++] = '}';
            check(&d, buf, n);
        }
    }
    is_int(nbad, 0, "%ld lines (%ld accepted): the reader agrees with "
           "io_scan_line + json-c", nlines, naccepted);
    ok(naccepted > 50 && naccepted < nlines / 2,
       "the corpus has both accepted and refused lines");

    nbad = 0;
    for (c = 0; c < 256; c++) {
        char s[3] = {'a', (char)c, 'b'};
        boxtoi_strbuf sb;
        json_object *o = json_object_new_string_len(s, 3);
        const char *want = json_object_to_json_string_ext(
            o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
        boxtoi_strbuf_init(&sb);
        if (io_jescape(&sb, s, 3) != 0 || strcmp(sb.str, want) != 0)
            nbad++;
        boxtoi_strbuf_clear(&sb);
        json_object_put(o);
    }
    is_int(nbad, 0, "io_jescape writes every byte as json-c does");
    io_jdoc_clear(&d);
    return 0;
}
