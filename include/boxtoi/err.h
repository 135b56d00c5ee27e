/* boxtoi/err.h: status codes, error information, text buffers.

   Every boxtoi function that can fail on its inputs returns one of the
   BOXTOI_* status codes below (0 is success) and, when the caller passes
   a non-NULL boxtoi_errinfo, fills it with the code and a short message
   saying what is wrong and where.  This header is included by every
   other boxtoi header. */
#ifndef BOXTOI_ERR_H
#define BOXTOI_ERR_H

#include <stddef.h>
#include <stdio.h>
#include <gmp.h>

#if defined(BOXTOI_BUILDING) && defined(__GNUC__)
#define BOXTOI_API __attribute__((visibility("default")))
#else
#define BOXTOI_API
#endif

#if defined(__GNUC__)
#define BOXTOI_WUR __attribute__((warn_unused_result))
#else
#define BOXTOI_WUR
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes.  The names in the comments are the stable tokens returned
   by boxtoi_errname() and used as the "code" of a JSON error result
   (doc/format.md §4.3); keep both in step. */
enum {
    BOXTOI_OK = 0,        /* "ok" */
    BOXTOI_EINVAL,        /* "invalid_argument": a precondition is violated */
    BOXTOI_EPARSE,        /* "invalid_json": text that is not a JSON object */
    BOXTOI_EDOMAIN,       /* "domain_error": mathematically undefined */
    BOXTOI_ENOMEM,        /* "out_of_memory" */
    BOXTOI_EINTERNAL,     /* "internal_error": a broken invariant (a bug) */
    BOXTOI_EMISSING,      /* "missing_key" */
    BOXTOI_ESHAPE,        /* "invalid_shape" */
    BOXTOI_ENUMBER,       /* "invalid_number" */
    BOXTOI_EBOX,          /* "invalid_box": min[i] > max[i] */
    BOXTOI_ERANGE,        /* "invalid_range": t0 > t1 or malformed range */
    BOXTOI_EPROJECTIVE,   /* "projective_motion": bottom row not [0,0,0,w] */
    BOXTOI_EWEIGHT,       /* "degenerate_weight": w(t) = 0 in the range */
    BOXTOI_ESINGULAR,     /* "singular_motion": det of 3x3 block = 0 */
    BOXTOI_ELIMIT,        /* "limit_exceeded": beyond a configured limit */
    BOXTOI_EMOTION,       /* "invalid_motion": keyframes or breaks out of
                             order, too few keyframes, a piece count that
                             does not match the breaks */
    BOXTOI_EDISCONT,      /* "discontinuous_motion": pieces that do not
                             meet at a break */
    BOXTOI_ENOTRIGID,     /* "not_rigid": a motion marked rigid is not */
    BOXTOI_NERRORS        /* number of codes, not a code */
};

/* Returns a static, constant English description of CODE ("unknown
   error" for a value that is not a code).  Never NULL. */
BOXTOI_API const char *boxtoi_strerror(int code);

/* Returns the stable token of CODE shown in the comments above
   ("unknown" for a value that is not a code).  Never NULL. */
BOXTOI_API const char *boxtoi_errname(int code);

/* Caller-allocated error information: the code and a NUL-terminated
   message naming what is wrong and where, e.g.
   'motion2[3][0]: bottom row must be [0, 0, 0, w(t)]'. */
#define BOXTOI_ERRMSG_SIZE 256
typedef struct {
    int code;
    char msg[BOXTOI_ERRMSG_SIZE];
} boxtoi_errinfo;

/* Sets err to "no error" (code 0, empty message).  err owns no memory,
   so there is nothing to clear (free). */
BOXTOI_API void boxtoi_errinfo_reset(boxtoi_errinfo *err);
/* The former name of boxtoi_errinfo_reset (it frees nothing, and every
   other _clear frees); kept for source compatibility. */
#define boxtoi_errinfo_clear boxtoi_errinfo_reset

/* If err is non-NULL, sets its code and formats the message like printf
   (truncated to fit).  Returns code, so that a failing function can
   "return boxtoi_errinfo_set(err, BOXTOI_EBOX, "...", ...);". */
BOXTOI_API int boxtoi_errinfo_set(boxtoi_errinfo *err, int code,
                                  const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A growable, caller-owned text buffer, always NUL-terminated.
   Invariant: str[len] == '\0', len < alloc (str may be NULL while
   alloc == 0; boxtoi_strbuf_str() then returns ""). */
typedef struct {
    char *str;
    size_t len;
    size_t alloc;
} boxtoi_strbuf;

BOXTOI_API void boxtoi_strbuf_init(boxtoi_strbuf *sb);
BOXTOI_API void boxtoi_strbuf_clear(boxtoi_strbuf *sb);
/* Empties sb, keeping its memory. */
BOXTOI_API void boxtoi_strbuf_reset(boxtoi_strbuf *sb);
/* Returns the contents, valid until the next change of sb.  Never NULL. */
BOXTOI_API const char *boxtoi_strbuf_str(const boxtoi_strbuf *sb);
/* Append text; return BOXTOI_OK or BOXTOI_ENOMEM (sb is unchanged then). */
BOXTOI_API BOXTOI_WUR int boxtoi_strbuf_puts(boxtoi_strbuf *sb,
                                             const char *s);
BOXTOI_API BOXTOI_WUR int boxtoi_strbuf_putn(boxtoi_strbuf *sb,
                                             const char *s, size_t n);
BOXTOI_API BOXTOI_WUR int boxtoi_strbuf_printf(boxtoi_strbuf *sb,
                                               const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Append an integer or rational in base 10 ("-3", "22/7"). */
BOXTOI_API BOXTOI_WUR int boxtoi_strbuf_put_mpz(boxtoi_strbuf *sb,
                                                mpz_srcptr z);
BOXTOI_API BOXTOI_WUR int boxtoi_strbuf_put_mpq(boxtoi_strbuf *sb,
                                                mpq_srcptr q);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_ERR_H */
