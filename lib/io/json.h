/* lib/io/json.h: the JSON values of one query line (not installed).

   One pass over the line (lib/io/json.c) builds the values in a store
   owned by the caller: objects keep their keys in order, numbers keep
   their literal text (never a double), strings are decoded and
   NUL-terminated.  The pass accepts exactly the lines that the
   lexical checks of lib/io/scan.c and json-c 0.16's strict parser
   accepted together (doc/format.md §2); for any other line it only
   replays those two on the refused line for the message. */
#ifndef BOXTOI_IO_JSON_H
#define BOXTOI_IO_JSON_H

#include "lib/io/impl.h"

#define io_jdoc_init   _boxtoi_io_jdoc_init
#define io_jdoc_clear  _boxtoi_io_jdoc_clear
#define io_jdoc_parse  _boxtoi_io_jdoc_parse
#define io_jget        _boxtoi_io_jget
#define io_jnull       _boxtoi_io_jnull
#define io_jescape     _boxtoi_io_jescape
#define io_json_refused    _boxtoi_io_json_refused
#define io_json_not_object _boxtoi_io_json_not_object

enum { IO_JNULL, IO_JBOOL, IO_JNUMBER, IO_JSTRING, IO_JOBJECT, IO_JARRAY };

typedef struct io_jv io_jv;
struct io_jv {
    const char *s;    /* string: its bytes, decoded, NUL-terminated;
                         number: its literal text in the line */
    const char *key;  /* a member of an object: its key, decoded,
                         NUL-terminated (never holds a NUL); else NULL */
    const io_jv *kid; /* object, array: its n members, in order */
    size_t len;       /* bytes at s */
    size_t keylen;    /* bytes at key */
    size_t n;         /* members */
    size_t first;     /* (the parser's: index of kid in the store) */
    int type;         /* IO_J* */
    int b;            /* a boolean's value */
};

/* Values and decoded strings of a typical line fit in the store itself
   (no allocation); longer lines grow it. */
#define IO_JDOC_VALUES 160
#define IO_JDOC_STACK  64
#define IO_JDOC_CHARS  2048

typedef struct io_jdoc {
    io_jv *v, *t;       /* values (members contiguous), members being read */
    size_t nv, av, nt, at;
    char *c;            /* decoded strings, capacity ac >= line length */
    size_t nc, ac;
    const io_jv *root;  /* the line's object, after io_jdoc_parse */
    int dup;            /* some object has two equal keys */
    io_scan_info info;  /* top, box and maxdepth as io_scan_line counts */
    io_jv vin[IO_JDOC_VALUES], tin[IO_JDOC_STACK];
    char cin[IO_JDOC_CHARS];
} io_jdoc;

/* Deepest value json-c 0.16 reads with its default depth: the line's
   object is at depth 1, a value in an object or array at depth d at
   d + 1 (so "[]" may sit where "[0]" may not). */
#define IO_JSON_MAXDEPTH 32

void io_jdoc_init(io_jdoc *d);
void io_jdoc_clear(io_jdoc *d);

/* Reads the line (len bytes at s) into d: BOXTOI_OK with d->root set,
   or an error with the message the reader has always given
   (doc/format.md §2): BOXTOI_EPARSE, BOXTOI_ESHAPE (a key holding
   \u0000), BOXTOI_ELIMIT (beyond 2 GiB) or BOXTOI_ENOMEM.  Values stay
   valid until the next parse or the clear; numbers point into s. */
int io_jdoc_parse(io_jdoc *d, const char *s, size_t len, boxtoi_errinfo *err);

/* A null value (what a missing array entry reads as). */
extern const io_jv io_jnull;

/* *out = the value of key in obj (the last one when the key repeats);
   returns 0 (and leaves *out) when obj is not an object or has no
   such key.  out may be NULL. */
int io_jget(const io_jv *obj, const char *key, const io_jv **out);

static inline int io_jis(const io_jv *v, int type)
{
    return v->type == type;
}

/* Members of the array or object a. */
static inline size_t io_jlen(const io_jv *a)
{
    return a->n;
}

/* A string's bytes (NUL-terminated) and their number; a boolean. */
static inline const char *io_jstr(const io_jv *v)
{
    return v->s;
}

static inline size_t io_jstrlen(const io_jv *v)
{
    return v->len;
}

static inline int io_jbool(const io_jv *v)
{
    return v->b;
}

/* Entry i of the array a (io_jnull beyond its end). */
static inline const io_jv *io_jat(const io_jv *a, size_t i)
{
    return a->type == IO_JARRAY && i < a->n ? a->kid + i : &io_jnull;
}

/* Appends to sb the len bytes at s as a JSON string, escaped as
   json-c 0.16 writes them with JSON_C_TO_STRING_NOSLASHESCAPE ("\b",
   "\f", "\n", "\r", "\t", "\"", "\\", other bytes below 0x20 as
   "\u00xx", every other byte as is).  BOXTOI_OK or BOXTOI_ENOMEM. */
int io_jescape(boxtoi_strbuf *sb, const char *s, size_t len);

/* The messages of io_jdoc_parse (lib/io/jsonerr.c), both BOXTOI_EPARSE
   unless io_scan_line's complaint has another code or memory runs out:
   for the len bytes at s that the store refused, the first complaint
   of io_scan_line, else json-c's about the line; for a line that does
   not start with '{', that.  Each with a hint when the line looks like
   a piece of a JSON value written over several lines. */
int io_json_refused(const char *s, size_t len, boxtoi_errinfo *err);
int io_json_not_object(const char *s, size_t len, boxtoi_errinfo *err);

#endif /* BOXTOI_IO_JSON_H */
