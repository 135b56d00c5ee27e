/* lib/util/err.c: the status-code tables and boxtoi_errinfo.

   Two static const tables, indexed by code, give the stable token (the
   JSON "code" of doc/format.md §4.3) and an English
   description.  No buffers, no global state. */
#include <stdarg.h>
#include <stdio.h>
#include "boxtoi/err.h"

static const char *const err_names[BOXTOI_NERRORS] = {
    "ok",
    "invalid_argument",
    "invalid_json",
    "domain_error",
    "out_of_memory",
    "internal_error",
    "missing_key",
    "invalid_shape",
    "invalid_number",
    "invalid_box",
    "invalid_range",
    "projective_motion",
    "degenerate_weight",
    "singular_motion",
    "limit_exceeded",
    "invalid_motion",
    "discontinuous_motion",
    "not_rigid",
};

static const char *const err_texts[BOXTOI_NERRORS] = {
    "success",
    "invalid argument",
    "the line is not a JSON object",
    "mathematically undefined operation",
    "out of memory",
    "internal error (a bug in boxtoi)",
    "a required key is missing",
    "wrong array length or value type",
    "not an exact number",
    "box min[i] > max[i]",
    "invalid t range",
    "projective motion (bottom row is not [0, 0, 0, w(t)])",
    "w(t) vanishes in the range",
    "the 3x3 block of the motion is singular in the range",
    "the query exceeds a configured size limit",
    "keyframes or breaks out of order, too few keyframes, or a piece "
    "count that does not match the breaks",
    "the pieces of a motion do not meet at a break",
    "a motion marked rigid is not a rotation scaled by w(t)",
};

const char *boxtoi_errname(int code)
{
    if (code < 0 || code >= BOXTOI_NERRORS)
        return "unknown";
    return err_names[code];
}

const char *boxtoi_strerror(int code)
{
    if (code < 0 || code >= BOXTOI_NERRORS)
        return "unknown error";
    return err_texts[code];
}

void boxtoi_errinfo_reset(boxtoi_errinfo *err)
{
    if (err == NULL)
        return;
    err->code = BOXTOI_OK;
    err->msg[0] = '\0';
}

int boxtoi_errinfo_set(boxtoi_errinfo *err, int code, const char *fmt, ...)
{
    va_list ap;
    if (err == NULL)
        return code;
    err->code = code;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return code;
}
