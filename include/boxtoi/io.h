/* boxtoi/io.h: exact numbers from text, the JSON Lines query format
   (doc/format.md).

   Three levels, each usable on its own:
   - boxtoi_io_parse_number: the number grammar, text -> exact mpq;
   - boxtoi_io_read_query: one line of JSON -> a boxtoi_query_t and the
     query's id; boxtoi_io_write_result / boxtoi_io_write_error: a result
     -> one line of JSON (or of readable text);
   - boxtoi_io_process_line: read, solve, write; what the command does
     for every line of its input.
   Every function is reentrant: the command calls process_line from
   several threads at once, each with its own output buffer. */
#ifndef BOXTOI_IO_H
#define BOXTOI_IO_H

#include "boxtoi/contact.h"
#include "boxtoi/prim.h"
#include "boxtoi/scene.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Output formats. */
enum {
    BOXTOI_IO_JSON = 0, /* one JSON object per line (the spec's result) */
    BOXTOI_IO_TEXT = 1  /* one readable summary line per query */
};

/* How JSON number literals are read (doc/format.md §1). */
enum {
    BOXTOI_IO_DECIMAL = 0, /* exactly the rational the text spells */
    BOXTOI_IO_BINARY64 = 1 /* the IEEE-754 double nearest to it, exactly */
};

/* Options of the I/O layer, with the limits that refuse pathological
   input with BOXTOI_ELIMIT instead of allocating without bound.  A
   limit of 0 means "no limit". */
typedef struct {
    boxtoi_options solver; /* passed to boxtoi_contact_first */
    long digits;        /* significant digits of "decimal" (default 30) */
    long max_digits;    /* largest accepted digits (default 100000) */
    long max_exponent;  /* largest |e| in a number "...e<e>" (10000):
                           10^e costs 3.3 e bits; the text's own length
                           bounds everything else */
    int format;         /* BOXTOI_IO_JSON (default) or BOXTOI_IO_TEXT */
    int explain;        /* non-zero: call boxtoi_io_write_explain after
                           each result (default 0) */
    int numbers;        /* BOXTOI_IO_DECIMAL (default) or
                           BOXTOI_IO_BINARY64: how JSON number literals
                           are read by every query, unless the query
                           says otherwise with its "numbers" key */
    long scene_threads; /* threads of a scene's narrow phase (default 1;
                           boxtoi_scene_set_threads: same output) */
} boxtoi_io_options;

/* Fills opts with the defaults shown above (solver: boxtoi_options_init). */
BOXTOI_API void boxtoi_io_options_init(boxtoi_io_options *opts);

/* Sets res to the exact rational spelled by the len bytes at s (no NUL
   needed; embedded NULs are just invalid characters).  The grammar, with
   no white space anywhere:

       number   = [ "-" ] digits [ "/" digits ]                (fraction)
                | [ "-" ] digits [ "." digits ] [ exponent ]   (decimal)
                | [ "-" ] ( "0x" | "0X" ) hex [ "." [ hex ] ] binexp
                | [ "-" ] ( "0x" | "0X" ) "." hex binexp       (hex float)
       exponent = ( "e" | "E" ) [ "+" | "-" ] digits
       binexp   = ( "p" | "P" ) [ "+" | "-" ] digits
       digits   = one or more of 0-9 (leading zeros allowed)
       hex      = one or more of 0-9, a-f, A-F

   so "-3", "22/7", "0.125", "1.5e-3", "-2E+4", "007",
   "0x1.999999999999ap-4" (C99 %a: exactly 0x1999999999999a / 2^56),
   "-0x1p+0" are numbers and "", " 1", "+1", ".5", "5.", "1/0", "1/-2",
   "1.5/2", "0x10" (no binary exponent), "NaN", "inf", "1e" are not.  A
   JSON number literal is always of the decimal form.  opts (NULL: the
   defaults) gives max_exponent, which bounds a binary exponent too; the
   text is always read exactly (opts->numbers concerns only JSON number
   literals in queries).
   Returns BOXTOI_OK, BOXTOI_ENUMBER (not a number, e.g. '"1/0" is not
   a number (zero denominator)'), or BOXTOI_ELIMIT (|e| beyond
   max_exponent, even for a zero mantissa).  On error res is
   unspecified and err says why; the message quotes at most the first
   40 bytes of the text, with non-printable bytes escaped. */
BOXTOI_API BOXTOI_WUR int boxtoi_io_parse_number(mpq_t res, const char *s,
                                                 size_t len,
                                                 const boxtoi_io_options *opts,
                                                 boxtoi_errinfo *err);

/* Reads one query, a JSON object in the len bytes at line (trailing
   white space, including "\r\n", is allowed), into q, and the query's
   "id" into id.

   id (NULL if not wanted) is reset, then receives the JSON text of the
   id, ready to be echoed: a string re-serialised ("drop-1" with its
   quotes, escapes normalised by json-c, "/" unescaped), or a number's
   literal text (12, 1.50, 123456789012345678901234); it stays empty
   when the query has no id.  The id is read first, so it is set even
   when a later key is invalid (but not when the line is not JSON or the
   id itself is invalid).

   q is overwritten completely: its boxes from box1/box2, its motions
   from motion1/motion2 (the identity when absent), its range from
   t_range ([0, 1] when absent; "inf" as t1 sets t1_inf).  JSON number
   literals are read as opts->numbers says, or as the query's own
   "numbers" key ("decimal" or "binary64") says when present; a
   literal beyond the largest finite double is then BOXTOI_ENUMBER.
   The key "report" is checked ("first" or "intervals", else
   BOXTOI_ESHAPE: 'report: expected "first" or "intervals", found
   "last"') but not stored: boxtoi_io_process_line answers
   "intervals" with boxtoi_contact_intervals_piecewise; a caller of
   the reader chooses the solver itself.
   The motions are not checked here (boxtoi_contact_first does that:
   projective, degenerate weight, singular).  Beyond the spec (doc/format.md):
   duplicate keys are refused (BOXTOI_ESHAPE), unknown keys too, except
   keys that start with "_", which are free for annotations; and numbers
   are exact whatever their size (json-c's 64-bit clamping of integers
   is worked around, never seen).

   Returns BOXTOI_OK or, with err naming the key and the entry at fault:
   BOXTOI_EPARSE (not a JSON object), BOXTOI_EMISSING, BOXTOI_ESHAPE,
   BOXTOI_ENUMBER, BOXTOI_EBOX, BOXTOI_ERANGE, BOXTOI_ELIMIT (exponent;
   a motion entry of degree beyond opts->solver.max_degree) or
   BOXTOI_ENOMEM.  Example messages: 'motion2[1][3][2]: "1/0" is not a
   number (zero denominator)', 'box1.min[2] > box1.max[2] (3 > 1)'.
   After an error q and id hold unspecified values (still clearable). */
BOXTOI_API BOXTOI_WUR int boxtoi_io_read_query(boxtoi_query_t q,
                                               boxtoi_strbuf *id,
                                               const char *line, size_t len,
                                               const boxtoi_io_options *opts,
                                               boxtoi_errinfo *err);

/* boxtoi_io_read_query for every motion form of doc/format.md §3: a
   motion written with keyframes or with pieces and at least one break
   goes to pm[b] (b = 0 for motion1, 1 for motion2; pm points to two
   initialised piecewise motions) and q->motion[b] gets its first piece;
   pm[b] is emptied (boxtoi_pmotion_empty) for a motion that is one
   polynomial piece (a matrix, a rigid motion, a wrapped matrix), which
   goes to q->motion[b] as with boxtoi_io_read_query.  Solve the result
   with boxtoi_contact_first_piecewise(res, q, pm, pm + 1, ...).
   boxtoi_io_read_query itself refuses a piecewise motion with
   BOXTOI_EINVAL.  Errors as boxtoi_io_read_query, and BOXTOI_EMOTION,
   BOXTOI_EDISCONT, BOXTOI_ENOTRIGID and BOXTOI_EWEIGHT (a zero
   quaternion, or a rotation that vanishes in the range) naming the
   entry: "motion2.keyframes[2].t: the times must increase strictly (1
   after 2)". */
BOXTOI_API BOXTOI_WUR int
boxtoi_io_read_query_pieces(boxtoi_query_t q, boxtoi_pmotion_struct *pm,
                            boxtoi_strbuf *id, const char *line, size_t len,
                            const boxtoi_io_options *opts,
                            boxtoi_errinfo *err);

/* Appends the result of a solved query to sb as one line ending in
   "\n".  id is the JSON text of the id (as from boxtoi_io_read_query),
   written verbatim, or NULL or "" for none; line is the input line
   number (only the text format shows it, when there is no id); q is
   the query (the text format shows its range); res is its answer,
   which is refined in place (its value unchanged) to decide whether t
   is rational.

   JSON format (keys always in this order; no spaces):
     {"id":ID,"status":"no_contact"}
     {"id":ID,"status":"contact","t":{"poly":["c0","c1",...],"lo":"..",
      "hi":"..","rational":"..","decimal":"..","down":"..","up":".."},
      "initial":false,"contact":{"kind":"face-vertex","box1":{"feature":
      "face","name":"Z'"},"box2":{"feature":"vertex","name":"XYZ"},
      "planes":[4,5],"point":["x","y","z"],"normal":["a","b","c"]}}
   with "id" omitted when there is none.  poly is res->t's polynomial
   as it stands, constant term first, with exactly one root in [lo,
   hi]: the minimal polynomial and the canonical interval when res
   comes from boxtoi_contact_first (boxtoi_alg_canonicalise); for a
   rational t = n/d (d > 0, lowest terms) it is the linear ["-n","d"]
   with lo = hi = rational = "n/d" (or "n" when d = 1).  decimal is t
   correctly rounded to opts->digits significant digits
   (boxtoi_alg_get_str); down and up are the largest double <= t and
   the smallest >= t, with the fewest significant digits that read back
   ("inf"/"-inf" beyond the doubles, "0" for zero, never "-0").  planes
   lists the tight planes (bits of res->tight) in increasing order.
   point and normal (query format §5.2; normal absent when initial or
   not unique) are those of boxtoi_contact_geometry for res and the
   query q it answers, as correctly rounded decimals.

   Text format, for a person:
     drop-1: contact at t = 4 (exact), face-face: box1 face Z' / box2 face Z,
         point (0, 0, 1.00...), normal (0, 0, 1.00...)
     q7: contact at t ~ 1.41421356237309504880168872421 (root of
         t^2 - 2), edge-edge: box1 edge X'-Y / box2 edge Y-Z'
     drop-1: no contact in [0, 3]
   (on one line each; "(exact, initial)" when the solids meet at t0; the
   label is the id, a string without its quotes, else "line N").

   Returns BOXTOI_OK, BOXTOI_ELIMIT (opts->digits beyond max_digits),
   BOXTOI_EINVAL (digits < 1) or BOXTOI_ENOMEM; on error sb is restored
   to its length before the call. */
BOXTOI_API BOXTOI_WUR int boxtoi_io_write_result(boxtoi_strbuf *sb,
                                                 boxtoi_contact_t res,
                                                 const char *id, long line,
                                                 const boxtoi_query_t q,
                                                 const boxtoi_io_options *opts,
                                                 boxtoi_errinfo *err);

/* Appends an error result to sb as one line ending in "\n":
     {"id":ID,"line":N,"status":"error","error":{"code":"invalid_box",
      "message":"box1.min[2] > box1.max[2] (3 > 1)"}}
   code is a BOXTOI_E* status (its token from boxtoi_errname), msg the
   message (NULL: boxtoi_strerror(code)); "id" is omitted when id is NULL
   or "", "line" when line <= 0.  Text format:
     line 3: error invalid_box: box1.min[2] > box1.max[2] (3 > 1)
   (prefixed with "ID, " when there is an id).
   Returns BOXTOI_OK or BOXTOI_ENOMEM (sb restored). */
BOXTOI_API BOXTOI_WUR int boxtoi_io_write_error(boxtoi_strbuf *sb,
                                                const char *id, long line,
                                                int code, const char *msg,
                                                const boxtoi_io_options *opts);

/* --explain: appends a readable account of how the answer to q is
   found, as lines starting with "# " (so a JSON Lines reader can skip
   them): the relative motion, the octant-switch polynomials, the
   sections with their ends and sample points, the 30 planes of each
   section with their compatible pairs and polynomials, and every
   candidate root tried with its verdict.  It rebuilds the route with
   boxtoi_route_build and reruns boxtoi_contact_search with a trace; res
   is not used.  Returns BOXTOI_OK, BOXTOI_ENOMEM or the solver's error
   (sb restored on error). */
BOXTOI_API BOXTOI_WUR int
boxtoi_io_write_explain(boxtoi_strbuf *sb, const boxtoi_query_t q,
                        boxtoi_contact_t res, const boxtoi_io_options *opts,
                        boxtoi_errinfo *err);

/* Returns non-zero when the len bytes at line are only JSON white space
   (space, tab, CR, LF) or len == 0: a line the command skips. */
BOXTOI_API int boxtoi_io_is_blank(const char *line, size_t len);

/* Processes one input line: reads the query, solves it with
   boxtoi_contact_first (with boxtoi_contact_intervals_piecewise for
   "report": "intervals", written as doc/format.md §4.4 says) and
   appends its result (or, on any error, an
   error result carrying the id when it was read and the line number
   lineno) to sb, then the explanation when opts->explain.  opts NULL
   means the defaults.  Returns BOXTOI_OK when the line gave a
   "contact" or "no_contact" result; otherwise the line's error code
   (err holds it and the message, and the error result has been
   appended), or BOXTOI_ENOMEM when even the result could not be
   written (sb is then restored to its length before the call). */
BOXTOI_API BOXTOI_WUR int boxtoi_io_process_line(boxtoi_strbuf *sb,
                                                 const char *line,
                                                 size_t len, long lineno,
                                                 const boxtoi_io_options *opts,
                                                 boxtoi_errinfo *err);

/* The objects boxtoi_io_process_line needs for a line (query, motions
   in pieces, result, id, the contact's geometry, the result of a
   vertex_face or edge_edge line), kept by a caller that processes many
   lines, so that their memory is reused instead of allocated and freed
   per line.  One per thread. */
typedef struct {
    boxtoi_query_t q;
    boxtoi_pmotion_struct pm[2];
    boxtoi_contact_t res;
    boxtoi_strbuf id;
    boxtoi_contact_geom geom;
    boxtoi_prim_result_t prim;
} boxtoi_io_line_struct;
typedef boxtoi_io_line_struct boxtoi_io_line_t[1];

BOXTOI_API void boxtoi_io_line_init(boxtoi_io_line_t w);
BOXTOI_API void boxtoi_io_line_clear(boxtoi_io_line_t w);

/* boxtoi_io_process_line with the objects of w (initialised): the same
   result, byte for byte, whatever lines w processed before. */
BOXTOI_API BOXTOI_WUR int
boxtoi_io_line_process(boxtoi_io_line_t w, boxtoi_strbuf *sb,
                       const char *line, size_t len, long lineno,
                       const boxtoi_io_options *opts, boxtoi_errinfo *err);

/* Reads one scene query (doc/format.md §10), a JSON object with the
   key "scene" in the len bytes at line, into s (initialised, empty) and
   its id into id (NULL: not kept; as boxtoi_io_read_query does), and the report into
   *report (BOXTOI_SCENE_FIRST or BOXTOI_SCENE_PAIRS), to be solved with
   boxtoi_scene_solve.  Returns BOXTOI_OK or the error that
   boxtoi_io_process_line would write for the line, with err naming the
   entry ("scene[1]: duplicate name \"A\" (also scene[0])"). */
BOXTOI_API BOXTOI_WUR int boxtoi_io_read_scene(boxtoi_scene_t s, int *report,
                                               boxtoi_strbuf *id,
                                               const char *line, size_t len,
                                               const boxtoi_io_options *opts,
                                               boxtoi_errinfo *err);

/* ---- moving points, segments and triangles (doc/format.md §6) ---- */

/* Reads one vertex_face or edge_edge query (shared/spec §4.2), a JSON
   object in the len bytes at line, into q and its id into id (as
   boxtoi_io_read_query does):
     {"id": ..., "vertex_face": {"t0": [P, A, B, C], "t1": [P, A, B, C]}}
     {"id": ..., "edge_edge": {"t0": [A, B, C, D], "t1": [A, B, C, D]}}
   each letter a point [x, y, z] of numbers; optional "t_range" ([0, 1]
   when absent; t1 may be "inf") and "numbers" ("decimal" only).  Returns BOXTOI_OK
   or, with err naming the entry at fault, BOXTOI_EPARSE,
   BOXTOI_EMISSING (neither key), BOXTOI_ESHAPE, BOXTOI_ENUMBER,
   BOXTOI_ERANGE, BOXTOI_ELIMIT or BOXTOI_ENOMEM. */
BOXTOI_API BOXTOI_WUR int
boxtoi_io_read_prim_query(boxtoi_prim_query_t q, boxtoi_strbuf *id,
                          const char *line, size_t len,
                          const boxtoi_io_options *opts, boxtoi_errinfo *err);

/* Appends the result of a solved primitive query to sb as one line:
     {"id":ID,"status":"no_contact"}
     {"id":ID,"status":"contact","t":{...},"initial":false,
      "contact":{"kind":"vertex-face","body1":{"feature":"vertex",
      "name":"P"},"body2":{"feature":"face","name":"ABC"},
      "point":["x","y","z"]}}
   (the "t" object as in boxtoi_io_write_result; "point" from
   boxtoi_prim_point, left out when not available).  The text format
   gives one readable line.  res is refined in place (value unchanged).
   Returns BOXTOI_OK, BOXTOI_EINVAL or BOXTOI_ELIMIT (digits) or
   BOXTOI_ENOMEM; on error sb is restored. */
BOXTOI_API BOXTOI_WUR int
boxtoi_io_write_prim_result(boxtoi_strbuf *sb, boxtoi_prim_result_t res,
                            const boxtoi_prim_query_t q, const char *id,
                            const boxtoi_io_options *opts,
                            boxtoi_errinfo *err);

/* Reads the next query of a CSV file of the continuous collision
   detection benchmark from f: 8 non-blank rows "x_num,x_den,y_num,
   y_den,z_num,z_den[,truth]", vertices at t = 0 then at t = 1 in the
   order of boxtoi_prim_query_struct.  q->kind is left as the caller set
   it; the range becomes [0, 1].  *lineno counts the lines read.  *got is
   1 when 8 rows were consumed (even if one was bad), 0 at the end of the
   input; *truth is the seventh column (0 or 1) or -1 without it.
   Returns BOXTOI_OK, BOXTOI_ENUMBER (a field that is not a number, a
   zero denominator, a truth not 0 or 1), BOXTOI_ESHAPE (column count,
   truth differing between rows, input ending inside a query),
   BOXTOI_ELIMIT or BOXTOI_ENOMEM, with the line in err's message. */
BOXTOI_API BOXTOI_WUR int
boxtoi_io_read_csv_query(boxtoi_prim_query_t q, int *truth, int *got,
                         FILE *f, long *lineno, const boxtoi_io_options *opts,
                         boxtoi_errinfo *err);

#ifdef __cplusplus
}
#endif

#endif /* BOXTOI_IO_H */
