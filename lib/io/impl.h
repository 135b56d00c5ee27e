/* lib/io/impl.h: declarations shared inside the I/O layer (not
   installed). */
#ifndef BOXTOI_IO_IMPL_H
#define BOXTOI_IO_IMPL_H

#include "boxtoi/io.h"

/* Internal names carry the library's prefix _boxtoi_ (every global symbol
   of libboxtoi starts with boxtoi_ or _boxtoi_; t/symbols-t.sh checks),
   while the code keeps the short names, as GMP maps mpz_add to
   __gmpz_add. */
#define io_check_digits      _boxtoi_io_check_digits
#define io_key_names         _boxtoi_io_key_names
#define io_mpq_text          _boxtoi_io_mpq_text
#define io_parse_number      _boxtoi_io_parse_number
#define io_quote             _boxtoi_io_quote
#define io_rewrite_big       _boxtoi_io_rewrite_big
#define io_scan_line         _boxtoi_io_scan_line
#define io_truncate          _boxtoi_io_truncate
#define io_write_error_json  _boxtoi_io_write_error_json
#define io_write_error_text  _boxtoi_io_write_error_text
#define io_write_result_json _boxtoi_io_write_result_json
#define io_write_result_text _boxtoi_io_write_result_text

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

/* What the lexical scan of a line found (lib/io/scan.c). */
enum { IO_KEY_ID, IO_KEY_BOX1, IO_KEY_BOX2, IO_KEY_MOTION1, IO_KEY_MOTION2,
       IO_KEY_T_RANGE, IO_NKEYS };
typedef struct {
    size_t npairs;          /* key-value pairs in all objects */
    size_t nbig;            /* integer literals of more than 18 digits */
    int top[IO_NKEYS];      /* occurrences of each known top-level key */
    int box[2][2];          /* occurrences of "min", "max" in box1/box2 */
    int maxdepth;           /* deepest nesting of objects and arrays */
} io_scan_info;

/* Names of the known top-level keys, in IO_KEY_* order. */
extern const char *const io_key_names[IO_NKEYS];

/* Scans the len bytes at s (a line json-c will parse) for what json-c
   accepts but JSON does not, and for what json-c loses:
   - outside strings only JSON white space, structural characters,
     true/false/null and numbers of the JSON grammar; inside strings
     well-formed UTF-8 and no control characters; no "\u0000" in a key;
   - counts the key-value pairs (to detect duplicate keys, which json-c
     silently merges) and the integers json-c would clamp to 64 bits.
   Returns BOXTOI_OK, BOXTOI_EPARSE or BOXTOI_ESHAPE (NUL in a key), with
   the column in the message. */
int io_scan_line(io_scan_info *info, const char *s, size_t len,
                 boxtoi_errinfo *err);

/* Appends to sb the len bytes at s with a '.' after each integer literal
   of more than 18 digits: json-c then keeps it as a double with its
   literal text ("123...9."), which JSON never spells (io_scan_line
   refuses "1."), so the trailing '.' marks exactly these literals.
   Returns BOXTOI_OK or BOXTOI_ENOMEM. */
int io_rewrite_big(boxtoi_strbuf *sb, const char *s, size_t len);

/* Cuts sb back to its first len bytes (after a failed append). */
void io_truncate(boxtoi_strbuf *sb, size_t len);

/* BOXTOI_EINVAL if opts->digits < 1, BOXTOI_ELIMIT beyond max_digits. */
int io_check_digits(const boxtoi_io_options *opts, boxtoi_errinfo *err);

/* The two formats of boxtoi_io_write_result / boxtoi_io_write_error
   (lib/io/write.c, lib/io/text.c); same contracts, opts non-NULL and
   digits already checked. */
int io_write_result_json(boxtoi_strbuf *sb, boxtoi_contact_t res,
                         const char *id, const boxtoi_io_options *opts,
                         boxtoi_errinfo *err);
int io_write_error_json(boxtoi_strbuf *sb, const char *id, long line,
                        int code, const char *msg);
int io_write_result_text(boxtoi_strbuf *sb, boxtoi_contact_t res,
                         const char *id, long line, const boxtoi_query_t q,
                         const boxtoi_io_options *opts, boxtoi_errinfo *err);
int io_write_error_text(boxtoi_strbuf *sb, const char *id, long line,
                        int code, const char *msg);

#endif /* BOXTOI_IO_IMPL_H */
