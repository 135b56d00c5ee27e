/* lib/io/impl.h: declarations shared inside the I/O layer (not
   installed). */
#ifndef BOXTOI_IO_IMPL_H
#define BOXTOI_IO_IMPL_H

#include <limits.h>
#include "boxtoi/io.h"
#include "boxtoi/scene.h"
#include "lib/util/impl.h"

/* Internal names carry the library's prefix _boxtoi_ (every global symbol
   of libboxtoi starts with boxtoi_ or _boxtoi_; t/symbols-t.sh checks),
   while the code keeps the short names, as GMP maps mpz_add to
   __gmpz_add. */
#define io_check_digits      _boxtoi_io_check_digits
#define io_key_names         _boxtoi_io_key_names
#define io_mpq_text          _boxtoi_io_mpq_text
#define io_parse_number      _boxtoi_io_parse_number
#define io_parse_number_w    _boxtoi_io_parse_number_w
#define io_gcd_ui            _boxtoi_io_gcd_ui
#define io_wq_lowest         _boxtoi_io_wq_lowest
#define io_quick_query       _boxtoi_io_quick_query
#define io_read_query_json   _boxtoi_io_read_query_json
#define io_wq_get_mpq        _boxtoi_io_wq_get_mpq
#define io_wq_set_mpq        _boxtoi_io_wq_set_mpq
#define io_quote             _boxtoi_io_quote
#define io_scan_line         _boxtoi_io_scan_line
#define io_scan_string       _boxtoi_io_scan_string
#define io_number_end        _boxtoi_io_number_end
#define io_number_ok         _boxtoi_io_number_ok
#define io_count_key         _boxtoi_io_count_key
#define io_truncate          _boxtoi_io_truncate
#define io_write_error_json  _boxtoi_io_write_error_json
#define io_write_explain_pieces _boxtoi_io_write_explain_pieces
#define io_write_error_text  _boxtoi_io_write_error_text
#define io_write_result_json _boxtoi_io_write_result_json
#define io_write_result_text _boxtoi_io_write_result_text
#define io_options_or_default _boxtoi_io_options_or_default
#define io_found         _boxtoi_io_found
#define io_rd_check_keys _boxtoi_io_rd_check_keys
#define io_rd_number     _boxtoi_io_rd_number
#define io_read_matrix   _boxtoi_io_read_matrix
#define io_read_motion   _boxtoi_io_read_motion
#define io_check_keys        _boxtoi_io_check_keys
#define io_geometry_put      _boxtoi_io_geometry_put
#define io_get_number        _boxtoi_io_get_number
#define io_read_numbers      _boxtoi_io_read_numbers
#define io_is_hex_text       _boxtoi_io_is_hex_text
#define io_is_scene          _boxtoi_io_is_scene
#define io_has_text          _boxtoi_io_has_text
#define io_json_contact      _boxtoi_io_json_contact
#define io_json_finish       _boxtoi_io_json_finish
#define io_json_id           _boxtoi_io_json_id
#define io_line_end          _boxtoi_io_line_end
#define io_parse_hex         _boxtoi_io_parse_hex
#define io_parse_object      _boxtoi_io_parse_object
#define io_piece_at_t        _boxtoi_io_piece_at_t
#define io_prim_process_line _boxtoi_io_prim_process_line
#define io_prim_wants        _boxtoi_io_prim_wants
#define io_process_scene     _boxtoi_io_process_scene
#define io_read_scene_line   _boxtoi_io_read_scene_line
#define io_put_double        _boxtoi_io_put_double
#define io_double_digits     _boxtoi_io_double_digits
#define io_read_body_motion  _boxtoi_io_read_body_motion
#define io_read_box          _boxtoi_io_read_box
#define io_read_prim_range   _boxtoi_io_read_prim_range
#define io_round_binary64    _boxtoi_io_round_binary64
#define io_round_binary64_w  _boxtoi_io_round_binary64_w
#define io_mpq_down_up_w     _boxtoi_io_mpq_down_up_w
#define io_time_json         _boxtoi_io_time_json
#define io_json_intervals    _boxtoi_io_json_intervals
#define io_scene_intervals   _boxtoi_io_scene_intervals
#define io_scene_label       _boxtoi_io_scene_label
#define io_write_intervals   _boxtoi_io_write_intervals
#define io_write_intervals_text _boxtoi_io_write_intervals_text

/* Whether the len bytes at s contain the NUL-terminated key, found by
   memchr for its byte key[pivot] (pivot < strlen(key)): choose one
   that is rare in the lines searched (lib/io/line.c). */
int io_has_text(const char *s, size_t len, const char *key, size_t pivot);

/* opts, or def set to the defaults when opts is NULL (every public
   entry of the layer accepts NULL options). */
const boxtoi_io_options *io_options_or_default(const boxtoi_io_options *opts,
                                               boxtoi_io_options *def);

/* Size of a buffer that holds io_quote's output: 40 bytes of text, each
   escaped to at most 4 characters, two quotes, "..." and the NUL. */
#define IO_QUOTE_SIZE (4 * 40 + 8)

/* Writes into dst (at least IO_QUOTE_SIZE bytes) the len bytes at s for
   an error message: printable ASCII as is, '"' and '\\' and every other
   byte escaped (\", \\, \xNN), at most 40 bytes of s followed by "..."
   when longer; between double quotes when quoted. */
void io_quote(char *dst, const char *s, size_t len, int quoted);

/* Writes into dst (size bytes, size >= 8) the rational q in base 10,
   cut to fit with "..." when it is too long.  For messages only. */
void io_mpq_text(char *dst, size_t size, mpq_srcptr q);

/* boxtoi_io_parse_number with an explicit exponent limit (0: none) and
   the choice of quoting the text in messages (0 for a JSON number
   literal, 1 for a string). */
int io_parse_number(mpq_t res, const char *s, size_t len, long max_exponent,
                    int quoted, boxtoi_errinfo *err);

/* A rational in machine words, (neg ? -n : n) / d in lowest terms
   (d > 0, neg = 0 for 0); d = 0 marks "not in words". */
typedef struct {
    unsigned long n, d;
    int neg;
} io_wq;

#define IO_ULONG_BITS (sizeof(unsigned long) * CHAR_BIT)

/* io_parse_number, extended: when w is not NULL and the number is one
   of the common small cases (a fraction of two parts of at most 19
   digits, a decimal of at most 19 digits with 10^-exponent in a
   word), its value goes into *w and res is left alone; otherwise
   w->d = 0 and res gets the value.  Same checks, errors and messages
   as io_parse_number, which is this function with w NULL. */
int io_parse_number_w(mpq_t res, io_wq *w, const char *s, size_t len,
                      long max_exponent, int quoted, boxtoi_errinfo *err);

/* gcd(a, b) in words (gcd(a, 0) = a). */
unsigned long io_gcd_ui(unsigned long a, unsigned long b);

/* Decimal digits that always fit in an unsigned long. */
#if ULONG_MAX > 0xffffffffUL
#define IO_ULONG_DIGITS 19
#else
#define IO_ULONG_DIGITS 9
#endif

/* *w = (neg ? -n : n) / d (d > 0) in lowest terms: the value
   io_parse_number_w gives "[-]n/d" (its small fractions go through
   here, as do the numbers of lib/io/quick.c). */
void io_wq_lowest(io_wq *w, unsigned long n, unsigned long d, int neg);

/* *w = (neg ? -n : n), an integer: io_wq_lowest with d = 1, inline for
   lib/io/quick.c, whose numbers are mostly integers. */
static inline void io_wq_int(io_wq *w, unsigned long n, int neg)
{
    w->n = n;
    w->d = 1;
    w->neg = neg && n != 0;
}

/* res = w (w->d != 0); inline (the quick reader's 13 a line). */
static inline void io_wq_get_mpq(mpq_t res, const io_wq *w)
{
    util_mpz_set_word(mpq_numref(res), w->n, w->neg);
    util_mpz_set_word(mpq_denref(res), w->d, 0);
}

/* *w = x when its numerator and denominator fit in words (returns 1),
   else w->d = 0 (returns 0). */
int io_wq_set_mpq(io_wq *w, mpq_srcptr x);

/* Non-zero when the len bytes at s start like a hex literal: "0x",
   "0X", "-0x" or "-0X" (lib/io/binary64.c). */
int io_is_hex_text(const char *s, size_t len);

/* io_parse_number for a text on which io_is_hex_text holds: the C99
   hexadecimal floating-point literal [-]0x H[.H] p[+-]D (at least one
   hex digit H, the binary exponent D mandatory, decimal, |D| at most
   max_exponent unless 0).  Same returns as io_parse_number. */
int io_parse_hex(mpq_t res, const char *s, size_t len, long max_exponent,
                 int quoted, boxtoi_errinfo *err);

/* du[0] = the largest double <= t and du[1] = the next double above
   it, or du[1] = du[0] when t is a double: "down" and "up" of a rational
   contact time (lib/io/write.c), in 128-bit integers when the
   numerator and denominator of t (canonical, not 0) fit in a word
   (returns 1); else 0 (the caller's reference: boxtoi_alg_get_d
   rounding down, an exact comparison for up; t/io-double-t pairs
   them). */
int io_mpq_down_up_w(double du[2], mpq_srcptr t);

/* Replaces q by the IEEE-754 binary64 double nearest to it (ties to
   even; below the normal range on the subnormals' grid, so tiny values
   become 0), exactly, as a rational.  Returns 0, or 1 (q unchanged)
   when q rounds beyond the largest finite double. */
int io_round_binary64(mpq_t q);

/* io_round_binary64 in words, for w (w->d != 0) with |w| < 2^64 and
   1 / w->d >= 2^-64 as a word's numerator and denominator make it:
   returns 1 with w the double nearest to it, or 0 (w unchanged) when
   that double is not in words or there are no 128-bit integers. */
int io_round_binary64_w(io_wq *w);

/* Appends to sb the double x as the shortest decimal that reads back
   as x (the fewest significant digits, rounded to nearest, in the
   notation of boxtoi_alg_get_str; 17 where 15 but not 16 would read
   back, doc/algorithm.md §4.3), "inf" or "-inf" beyond the finite
   doubles, and "0" for both zeros (doc/format.md §4.1, down and up).
   Returns BOXTOI_OK or BOXTOI_ENOMEM. */
int io_put_double(boxtoi_strbuf *sb, double x);
/* x != 0 finite rounded to n in [1, 17] significant digits: the digits
   to dig[0..n), the decimal exponent to *e; returns whether they read
   back as x.  ref != 0: by the C library's printf and strtod (the
   reference); else in 128-bit integers where they apply
   (lib/io/binary64.c, probe_words). */
int io_double_digits(char dig[18], long *e, double x, long n, int ref);

/* What the lexical scan of a line found (lib/io/scan.c). */
enum { IO_KEY_ID, IO_KEY_BOX1, IO_KEY_BOX2, IO_KEY_MOTION1, IO_KEY_MOTION2,
       IO_KEY_T_RANGE, IO_KEY_NUMBERS, IO_KEY_REPORT, IO_NKEYS };
typedef struct {
    size_t npairs;          /* key-value pairs in all objects */
    size_t nbig;            /* integer literals of more than 18 digits */
    int top[IO_NKEYS];      /* occurrences of each known top-level key */
    int box[2][2];          /* occurrences of "min", "max" in box1/box2 */
    int maxdepth;           /* deepest nesting of objects and arrays */
} io_scan_info;

/* Names of the known top-level keys, in IO_KEY_* order. */
extern const char *const io_key_names[IO_NKEYS];

/* Scans the len bytes at s (a line) for what json-c accepts but JSON
   does not, and for what json-c loses (lib/io/json.c replays it for the
   message of a line it refuses):
   - outside strings only JSON white space, structural characters,
     true/false/null and numbers of the JSON grammar; inside strings
     well-formed UTF-8 and no control characters; no "\u0000" in a key;
   - counts the key-value pairs (to detect duplicate keys, which json-c
     silently merges) and the integers json-c would clamp to 64 bits.
   Returns BOXTOI_OK, BOXTOI_EPARSE or BOXTOI_ESHAPE (NUL in a key), with
   the column in the message. */
int io_scan_line(io_scan_info *info, const char *s, size_t len,
                 boxtoi_errinfo *err);

/* The steps of io_scan_line, shared with lib/io/json.c: the end of the
   number token starting at s[i]; 1 if s[a..b) is a JSON number (*big
   set for an integer of more than 18 digits); the index after the
   string whose quote is s[i], or 0 when it is refused (err set, may be
   NULL; *nul set when it has the escape \u0000); and the counts of
   info->top and info->box for the key s[a..b) at depth (*top: the last
   top-level key). */
size_t io_number_end(const char *s, size_t len, size_t i);
int io_number_ok(const char *s, size_t a, size_t b, int *big);
size_t io_scan_string(const char *s, size_t len, size_t i, int *nul,
                      boxtoi_errinfo *err);
void io_count_key(io_scan_info *info, const char *s, size_t a, size_t b,
                  int depth, int *top);

/* Cuts sb back to its first len bytes (after a failed append). */
void io_truncate(boxtoi_strbuf *sb, size_t len);

/* BOXTOI_EINVAL if opts->digits < 1, BOXTOI_ELIMIT beyond max_digits. */
int io_check_digits(const boxtoi_io_options *opts, boxtoi_errinfo *err);

/* The two formats of boxtoi_io_write_result / boxtoi_io_write_error
   (lib/io/write.c, lib/io/text.c); same contracts, opts non-NULL and
   digits already checked. */
/* The contact point and (when there is one) the normal of res (§5.2),
   appended to sb as open[0] x mid y mid z close, then open[1] a mid b
   mid c close for the normal, each coordinate a decimal (lib/io/write.c:
   written in place, no string per decimal); tr is res->t or a copy of
   it already refined (once for the line); g is NULL or a
   boxtoi_contact_geom kept by the caller for its memory (the line's
   geometry is computed into it).  BOXTOI_OK or an error of
   boxtoi_contact_geometry / the strbuf (sb then holds a part of it:
   the callers cut the line back). */
int io_geometry_put(boxtoi_strbuf *sb, const char *const open[2],
                    const char *mid, const char *close,
                    boxtoi_contact_geom *g, const boxtoi_contact_t res,
                    const boxtoi_query_t q, const boxtoi_alg_struct *tr,
                    long digits);
/* g as for io_geometry_put. */
int io_write_result_json(boxtoi_strbuf *sb, boxtoi_contact_t res,
                         const char *id, const boxtoi_query_t q,
                         const boxtoi_io_options *opts,
                         boxtoi_contact_geom *g, boxtoi_errinfo *err);
/* --explain for a query with a motion in pieces or keyframes (pm[0],
   pm[1] as from boxtoi_io_read_query_pieces): each interval between
   breaks explained as its own query, up to the first with a contact
   (explain.c). */
int io_write_explain_pieces(boxtoi_strbuf *sb, const boxtoi_query_t q,
                            const boxtoi_pmotion_struct *pm,
                            const boxtoi_io_options *opts,
                            boxtoi_errinfo *err);
int io_write_error_json(boxtoi_strbuf *sb, const char *id, long line,
                        int code, const char *msg);
int io_write_result_text(boxtoi_strbuf *sb, boxtoi_contact_t res,
                         const char *id, long line, const boxtoi_query_t q,
                         const boxtoi_io_options *opts,
                         boxtoi_contact_geom *g, boxtoi_errinfo *err);
int io_write_error_text(boxtoi_strbuf *sb, const char *id, long line,
                        int code, const char *msg);

/* ---- shared with lib/io/prim.c and lib/io/csv.c (other query kinds) */
struct json_object;
struct io_jv;
struct io_jdoc;

/* The first steps of boxtoi_io_read_query: parses the line into doc
   (lib/io/json.h; the caller clears it, also on error), reads the id
   into id and refuses duplicate keys. */
int io_parse_object(struct io_jdoc *doc, boxtoi_strbuf *id,
                    const char *line, size_t len,
                    const boxtoi_io_options *opts, boxtoi_errinfo *err);

/* o->numbers from a query's "numbers" key v ("decimal" or "binary64",
   format.md §1); invalid_shape naming the key for anything else. */
int io_read_numbers(boxtoi_io_options *o, const struct io_jv *v,
                    boxtoi_errinfo *err);
/* res = the number v (a JSON number or string) at path, exactly. */
int io_get_number(mpq_t res, const struct io_jv *v, const char *path,
                  const boxtoi_io_options *opts, boxtoi_errinfo *err);
/* Refuses keys of obj not in names[0..n) that do not start with '_'. */
int io_check_keys(const struct io_jv *obj, const char *path,
                  const char *const *names, int n,
                  const boxtoi_io_options *opts, boxtoi_errinfo *err);
/* "an array of 2 entries", "a string", ... for messages. */
const char *io_found(const struct io_jv *v, char *buf, size_t size);
/* A t_range [t0, t1], *t1_inf set (and t1 = 0) when t1 is "inf". */
int io_read_prim_range(mpq_t t0, mpq_t t1, int *t1_inf,
                       const struct io_jv *v, const boxtoi_io_options *opts,
                       boxtoi_errinfo *err);
/* The "t" object of a result (NULL when memory runs out). */
struct json_object *io_time_json(boxtoi_alg_t t, long digits);
/* Non-zero when the line has the text "vertex_face" or "edge_edge" with
   its quotes (a cheap test before io_prim_process_line). */
int io_prim_wants(const char *line, size_t len);
/* boxtoi_io_process_line for a vertex_face or edge_edge query, solved
   into res (initialised; the line's boxtoi_io_line_t keeps it, so that
   the exact method's memory in it serves every line); returns -1 (and
   writes nothing) when the line holds neither key. */
int io_prim_process_line(boxtoi_prim_result_t res, boxtoi_strbuf *sb,
                         const char *line, size_t len, long lineno,
                         const boxtoi_io_options *opts, boxtoi_errinfo *err);

/* ---- shared with lib/io/scene.c and sceneread.c (scene queries) ---- */

/* The readers of lib/io/query.c for a box and a motion at path (same
   messages as for box1 and motion1, e.g. "scene[3].box.min[2] > ...").
   A body's motion is any form of doc/format.md §3: keyframes and pieces
   with a break go to pm (emptied otherwise) and m gets their first
   piece, as in boxtoi_io_read_query_pieces; pm NULL refuses them,
   naming path. */
int io_read_box(boxtoi_box_struct *box, const struct io_jv *v,
                const char *path, const boxtoi_io_options *opts,
                boxtoi_errinfo *err);
int io_read_body_motion(boxtoi_motion_struct *m, boxtoi_pmotion_struct *pm,
                        const struct io_jv *v, const char *path,
                        const boxtoi_io_options *opts, boxtoi_errinfo *err);
/* The builders of lib/io/write.c: the "contact" object of a contact
   of query q (with its point and normal), the id (NULL when out of memory), and the serialisation of root
   (consumed) onto sb with "\n" (fail non-zero: a part could not be
   built, BOXTOI_ENOMEM). */
struct json_object *io_json_contact(const boxtoi_contact_struct *res,
                                   const boxtoi_query_struct *q, long digits);
struct json_object *io_json_id(const char *id);
int io_json_finish(boxtoi_strbuf *sb, struct json_object *root, int fail,
                   boxtoi_errinfo *err);
/* The end of boxtoi_io_process_line for any query: when rc is an
   error, appends the error result (id, lineno, e's message) to sb;
   copies *e to *err (if non-NULL); returns rc, or BOXTOI_ENOMEM when
   the error result could not be written. */
int io_line_end(boxtoi_strbuf *sb, int rc, boxtoi_errinfo *e,
                const char *id, long lineno, const boxtoi_io_options *opts,
                boxtoi_errinfo *err);
/* The index of the piece of pm (not empty) that applies at the contact
   time of res, for the writer (lib/io/line.c says which). */
long io_piece_at_t(const boxtoi_pmotion_struct *pm,
                   const boxtoi_contact_struct *res);
/* 1 when the line is a JSON object with a top-level key "scene" (a
   lexical test, without parsing). */
int io_is_scene(const char *line, size_t len);
/* Reads the scene line into s and *report (an IO_REPORT_ value); the id
   into id (lib/io/sceneread.c). */
int io_read_scene_line(boxtoi_scene_t s, int *report, boxtoi_strbuf *id,
                       const char *line, size_t len,
                       const boxtoi_io_options *opts, boxtoi_errinfo *err);
/* boxtoi_io_process_line for a scene line (doc/format.md, "Scenes"). */
int io_process_scene(boxtoi_strbuf *sb, const char *line, size_t len,
                     long lineno, const boxtoi_io_options *opts,
                     boxtoi_errinfo *err);

/* ---- report "intervals" (doc/format.md §4.4; lib/io/intervals.c) -- */

/* The values of a query's or a scene line's "report" key. */
enum { IO_REPORT_FIRST, IO_REPORT_PAIRS, IO_REPORT_INTERVALS };

/* boxtoi_io_read_query_pieces without the quick reader (the JSON
   store's path alone; t/quick-t pairs the two) that also reads the
   "report" key into *report: IO_REPORT_FIRST when absent or "first",
   IO_REPORT_INTERVALS for "intervals"; anything else is BOXTOI_ESHAPE
   naming the key.  boxtoi_io_line_process tries io_quick_query first. */
int io_read_query_json(boxtoi_query_t q, boxtoi_pmotion_struct *pm,
                       int *report, boxtoi_strbuf *id, const char *line,
                       size_t len, const boxtoi_io_options *opts,
                       boxtoi_errinfo *err);

/* The quick reader of the common two-box line (lib/io/quick.c,
   doc/algorithm.md §12): returns 1 when it read the
   line into q, pm (emptied when not NULL) and id (reset, then the id)
   exactly as io_read_query_json would with BOXTOI_OK and the report
   "first"; returns 0 ("declined") for any line it does not fully
   handle, every line with an error among them, and then q, pm and id
   hold anything: the caller reads the line the JSON store's way. */
int io_quick_query(boxtoi_query_t q, boxtoi_pmotion_struct *pm,
                   boxtoi_strbuf *id, const char *line, size_t len,
                   const boxtoi_io_options *opts);
/* The array [{"from": T, "to": T or "inf"}, ...] of iv (ends refined in
   place, values unchanged); NULL when memory runs out. */
struct json_object *io_json_intervals(boxtoi_intervals_t iv, long digits);
/* Appends the result of a two-box query with report "intervals" (JSON
   or text as opts->format says), as boxtoi_io_write_result does. */
int io_write_intervals(boxtoi_strbuf *sb, boxtoi_intervals_t iv,
                       const char *id, long line, const boxtoi_query_t q,
                       const boxtoi_io_options *opts, boxtoi_errinfo *err);
/* Its text form (lib/io/text.c): "LABEL: contact during [a, b], at c,
   [d, inf)" or "LABEL: contact at c, [a, b]" (rational ends exactly, others as decimals of opts->digits
   digits), or the "no contact in [t0, t1]" line of
   io_write_result_text. */
int io_write_intervals_text(boxtoi_strbuf *sb, boxtoi_intervals_t iv,
                            const char *id, long line,
                            const boxtoi_query_t q,
                            const boxtoi_io_options *opts,
                            boxtoi_errinfo *err);

/* label = "ID a/b" for the pair a < b of s (a < 0: "ID" alone), the id
   without its quotes when it is a string without escapes, "line N"
   when there is no id (lib/io/scene.c, the --text label). */
int io_scene_label(boxtoi_strbuf *label, const char *id, long lineno,
                   const boxtoi_scene_struct *s, long a, long b);
/* A scene line with report "intervals" (read by lib/io/sceneread.c into
   s): solves it with boxtoi_scene_intervals_solve (trace and ctx passed
   on) and appends the result: JSON {"id":..,"status":..,"contacts":
   [{"pair":[a,b],"intervals":[...]},...]}, or with --text one line
   per pair labelled "ID a/b" (lib/io/intervals.c). */
int io_scene_intervals(boxtoi_strbuf *sb, const boxtoi_scene_struct *s,
                       const char *id, long lineno,
                       const boxtoi_io_options *opts,
                       boxtoi_scene_trace_fn trace, void *ctx,
                       boxtoi_errinfo *err);

#endif /* BOXTOI_IO_IMPL_H */
