/* t/io-t.c: tests of lib/io (numbers, queries, results, lines).

   Expected values are written by hand: every valid number form with its
   exact value as a reduced fraction worked out on paper; every invalid
   form with its code; every query error with its code and message; the
   results of constructed answers byte for byte; and end-to-end lines
   whose contact times are solved by hand (see the comments). */
#include <string.h>
#include "tap.h"

/* ---- numbers -------------------------------------------------------- */

static void number_ok(const char *s, const char *expect)
{
    mpq_t e, r;
    boxtoi_errinfo err;
    int rc;

    mpq_init(e);
    mpq_init(r);
    if (mpq_set_str(e, expect, 10) != 0)
        bail("bad expected value %s", expect);
    rc = boxtoi_io_parse_number(r, s, strlen(s), NULL, &err);
    if (!is_int(BOXTOI_OK, rc, "parse \"%s\": ok", s))
        diag("message: %s", err.msg);
    else
        is_mpq(e, r, "parse \"%s\" = %s", s, expect);
    mpq_clear(e);
    mpq_clear(r);
}

static void number_bad(const char *s, size_t len, int code)
{
    mpq_t r;
    boxtoi_errinfo err;
    mpq_init(r);
    boxtoi_errinfo_reset(&err);
    is_int(code, boxtoi_io_parse_number(r, s, len, NULL, &err),
           "refuse \"%.*s\" (%s)", (int)len, s, err.msg);
    is_int(code, err.code, "  err.code set");
    mpq_clear(r);
}

static void test_numbers(void)
{
    static const char *const bad[] = {
        "", " 1", "1 ", "\t1", "+1", "+0.5", ".5", "5.", "-.5", "1/0",
        "-1/0", "0/0", "1/-2", "-1/-2", "1/+2", "1.5/2", "1/2.5", "1/2e3",
        "1/", "/2", "1//2", "3/4/5", "0x10", "0b1", "NaN", "nan", "inf",
        "0x", "0xp0", "0x.p0", "0x1p", "0x1p+", "0x1.2.3p0", "0x1g", "0x1p1.5",
        "0x1p0x", "+0x1p0", "0x-1p0", "x1p0", "0x1e5", "--0x1p0",
        "-inf", "Infinity", "1e", "1e+", "1E-", "e5", "-", "--1", "-+1",
        "1..2", "1.2.3", "1e5e5", "1e2.5", "1,5", "1_000", "1 000",
        "true", "null", "\xd9\xa1" /* Arabic-Indic one */, "\xc2\xbd",
        "1e+-2", "0.5.", "12a", "a12"
    };
    boxtoi_io_options opts;
    boxtoi_errinfo err;
    mpq_t r, e;
    size_t i;
    int k, rc;

    number_ok("0", "0");
    number_ok("-0", "0");
    number_ok("7", "7");
    number_ok("-3", "-3");
    number_ok("007", "7");
    number_ok("-007", "-7");
    number_ok("22/7", "22/7");
    number_ok("-6/4", "-3/2");
    number_ok("0/5", "0");
    number_ok("10/100", "1/10");
    number_ok("0.125", "1/8");
    number_ok("-0.5", "-1/2");
    number_ok("00.5", "1/2");
    number_ok("0.1", "1/10");
    number_ok("0.000", "0");
    number_ok("-0.0", "0");
    number_ok("3.14159", "314159/100000");
    number_ok("1.5e-3", "3/2000");
    number_ok("-2E+4", "-20000");
    number_ok("2e4", "20000");
    number_ok("1E0", "1");
    number_ok("1e-0", "1");
    number_ok("1e+2", "100");
    number_ok("12.5E1", "125");
    number_ok("5e-1", "1/2");
    number_ok("1.25e-2", "1/80");
    number_ok("-7.5e-7", "-3/4000000"); /* 75 / 10^8 */
    number_ok("1e0000000003", "1000");
    number_ok("0e5", "0");
    number_ok("0.1000000000000000000000000001",
              "1000000000000000000000000001/"
              "10000000000000000000000000000");
    number_ok("123456789012345678901234567890",
              "123456789012345678901234567890");
    number_ok("-18446744073709551617/3", "-18446744073709551617/3");
    number_ok("1e30", "1000000000000000000000000000000");
    number_ok("1e-30", "1/1000000000000000000000000000000");
    /* around the machine-word fast path of 9 or 19 digits */
    number_ok("999999999", "999999999");
    number_ok("1000000000", "1000000000");
    number_ok("9999999999999999999", "9999999999999999999");
    number_ok("18446744073709551615", "18446744073709551615");
    number_ok("-99999999999999999999", "-99999999999999999999");
    number_ok("1234567890.123456789", "1234567890123456789/1000000000");
    number_ok("12345678901.23456789", "1234567890123456789/100000000");
    number_ok("4294967295/4294967297", "4294967295/4294967297");
    /* hex floats (C99 %a): H 2^(p - 4 f) worked out by hand;
       0x1.999999999999ap-4 is 0x1999999999999a = 7205759403792794
       over 2^(4 + 52) = 72057594037927936, i.e. 3602879701896397 /
       36028797018963968, the double nearest 0.1 */
    number_ok("0x1.999999999999ap-4", "3602879701896397/36028797018963968");
    number_ok("-0x1p+0", "-1");
    number_ok("0x1p0", "1");
    number_ok("0X1.8P1", "3");
    number_ok("0x.8p0", "1/2");
    number_ok("0x1.p-1", "1/2");
    number_ok("0xAbp-4", "171/16");
    number_ok("0x0p+0", "0");
    /* 2^-1074, the least subnormal, and 2^1023 (closed forms) */
    number_ok("-0x0.0000000000001p-1022",
              "-1/"
              "202402253307310618352495346718917307049556649764142118356901"
              "358027430339567995346891960383701437124495187077864316811911"
              "389808737385793476867013399940738509921517424276566361364466"
              "907742093216341239767678472745068562007483424692698618103355"
              "649159556340810056512358769552333414615230502532186327508646"
              "006263307707741093494784");
    number_ok("0x1p1023",
              "898846567431157953864652595394512366808988489471153286367150"
              "405788663379027504815663542386612037680105600569399356966788"
              "293948844072083112464237153197370621888839467124327426381511"
              "098006230470597265414760425028844190753411712314407369565552"
              "704136185816752553422931491199736229692398581524176781648121"
              "12068608");

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
        number_bad(bad[i], strlen(bad[i]), BOXTOI_ENUMBER);
    number_bad("1\0", 2, BOXTOI_ENUMBER);   /* embedded NUL */
    number_bad("\0" "1", 2, BOXTOI_ENUMBER);

    /* Messages quote the text and say why. */
    mpq_init(r);
    mpq_init(e);
    rc = boxtoi_io_parse_number(r, "1/0", 3, NULL, &err);
    is_str("\"1/0\" is not a number (zero denominator)", err.msg,
           "message for 1/0");
    is_int(BOXTOI_ENUMBER, rc, "1/0 is ENUMBER");
    rc = boxtoi_io_parse_number(r, "0x10", 4, NULL, &err);
    is_str("\"0x10\" is not a number (a hex number needs a binary "
           "exponent p[+-]d)", err.msg, "message for 0x10");
    rc = boxtoi_io_parse_number(r, "a\"\x01", 3, NULL, &err);
    is_str("\"a\\\"\\x01\" is not a number (a digit must come first)",
           err.msg, "message escapes quotes and control bytes");
    rc = boxtoi_io_parse_number(
        r, "1234567890123456789012345678901234567890123x", 44, NULL, &err);
    is_str("\"1234567890123456789012345678901234567890\"... is not a "
           "number (unexpected 'x')", err.msg, "long text is cut");

    /* The exponent limit (default 10000), checked before any power of
       ten is formed. */
    mpz_set_ui(mpq_numref(e), 1);
    for (k = 0; k < 10000; k++)
        mpz_mul_ui(mpq_numref(e), mpq_numref(e), 10);
    is_int(BOXTOI_OK, boxtoi_io_parse_number(r, "1e10000", 7, NULL, &err),
           "1e10000 is at the limit");
    is_mpq(e, r, "1e10000 = 10^10000 exactly");
    mpq_inv(e, e);
    is_int(BOXTOI_OK, boxtoi_io_parse_number(r, "1e-10000", 8, NULL, &err),
           "1e-10000 is at the limit");
    is_mpq(e, r, "1e-10000 = 10^-10000 exactly");
    number_bad("1e10001", 7, BOXTOI_ELIMIT);
    number_bad("1e999999999", 11, BOXTOI_ELIMIT);
    number_bad("-1e-99999999999999999999999999999", 33, BOXTOI_ELIMIT);
    number_bad("0e99999", 7, BOXTOI_ELIMIT);
    rc = boxtoi_io_parse_number(r, "1e999999999", 11, NULL, &err);
    is_str("\"1e999999999\" has an exponent beyond the limit 10000",
           err.msg, "limit message");
    boxtoi_io_options_init(&opts);
    opts.max_exponent = 20000;
    is_int(BOXTOI_OK, boxtoi_io_parse_number(r, "3e15000", 7, &opts, &err),
           "a larger configured limit");
    mpq_set_ui(e, 3, 1);
    for (k = 0; k < 15000; k++)
        mpz_mul_ui(mpq_numref(e), mpq_numref(e), 10);
    is_mpq(e, r, "3e15000 = 3 * 10^15000 exactly");
    mpq_clear(r);
    mpq_clear(e);
}

/* ---- queries -------------------------------------------------------- */

#define B1 "\"box1\":{\"min\":[-1,-1,-1],\"max\":[1,1,1]}"
#define B2 "\"box2\":{\"min\":[0,0,0],\"max\":[0,0,0]}"
#define MID "[[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]"

static void query_err(const char *line, int code, const char *msg,
                      const char *id)
{
    boxtoi_query_t q;
    boxtoi_strbuf sb;
    boxtoi_errinfo err;
    int rc;

    boxtoi_query_init(q);
    boxtoi_strbuf_init(&sb);
    boxtoi_errinfo_reset(&err);
    rc = boxtoi_io_read_query(q, &sb, line, strlen(line), NULL, &err);
    is_int(code, rc, "%s: %.70s", boxtoi_errname(code), line);
    is_str(msg, err.msg, "  message");
    if (id != NULL)
        is_str(id, boxtoi_strbuf_str(&sb), "  id read before the error");
    boxtoi_strbuf_clear(&sb);
    boxtoi_query_clear(q);
}

static void test_query_errors(void)
{
    query_err("nope", BOXTOI_EPARSE,
              "the line is not a JSON object (it must start with '{')",
              NULL);
    query_err("[1,2]", BOXTOI_EPARSE,
              "the line is not a JSON object (it must start with '{')",
              NULL);
#define HINT " (this looks like part of a JSON value written over " \
             "several lines: a query must be one line)"
    /* the pieces of a pretty-printed query get the hint */
    query_err("{", BOXTOI_EPARSE,
              "not valid JSON: the line ends inside the object" HINT, NULL);
    query_err("  \"box1\": {\"min\": [0, 0, 0],", BOXTOI_EPARSE,
              "the line is not a JSON object (it must start with '{')"
              HINT, NULL);
    query_err("  \"id\" : 7", BOXTOI_EPARSE,
              "the line is not a JSON object (it must start with '{')"
              HINT, NULL);
    query_err("     \"max\": [1, 1, 1]}", BOXTOI_EPARSE,
              "the line is not a JSON object (it must start with '{')"
              HINT, NULL);
    query_err("  ]", BOXTOI_EPARSE,
              "the line is not a JSON object (it must start with '{')"
              HINT, NULL);
    query_err("}\r", BOXTOI_EPARSE,
              "the line is not a JSON object (it must start with '{')"
              HINT, NULL);
    query_err("{\"id\": 1, \"box1\": {", BOXTOI_EPARSE,
              "not valid JSON: the line ends inside the object" HINT, NULL);
    /* and a string that is not a key does not */
    query_err("\"box1\"", BOXTOI_EPARSE,
              "the line is not a JSON object (it must start with '{')",
              NULL);
#undef HINT
    query_err("{\"id\":1,}", BOXTOI_EPARSE,
              "not valid JSON at column 9: unexpected character", NULL);
    /* The column is the one of the text as written, also when a long
       integer literal had to be marked for json-c. */
    query_err("{\"a\":12345678901234567890123,}", BOXTOI_EPARSE,
              "not valid JSON at column 30: unexpected character", NULL);
    query_err("{\"id\":1} x", BOXTOI_EPARSE,
              "not valid JSON at column 10: x is not a JSON value", NULL);
    query_err("{\"id\":1}{}", BOXTOI_EPARSE,
              "not valid JSON at column 9: unexpected character", NULL);
    query_err("{\"a\":NaN}", BOXTOI_EPARSE,
              "not valid JSON at column 6: NaN is not a JSON value", NULL);
    query_err("{\"a\":-Infinity}", BOXTOI_EPARSE,
              "not valid JSON at column 6: - is not a JSON number", NULL);
    query_err("{\"a\":01}", BOXTOI_EPARSE,
              "not valid JSON at column 6: 01 is not a JSON number", NULL);
    query_err("{\"a\":[1.]}", BOXTOI_EPARSE,
              "not valid JSON at column 7: 1. is not a JSON number", NULL);
    query_err("{'a':1}", BOXTOI_EPARSE,
              "not valid JSON at column 2: ' is an unexpected character",
              NULL);
    query_err("{\"a\":\"x\ty\"}", BOXTOI_EPARSE,
              "not valid JSON at column 8: control character 0x09 in a "
              "string (write it as \\u0009)", NULL);
    query_err("{\"a\":\"\xed\xa0\x80\"}", BOXTOI_EPARSE,
              "not valid JSON at column 7: a string that is not valid "
              "UTF-8", NULL);
    query_err("{\"a\":\"x}", BOXTOI_EPARSE,
              "not valid JSON at column 6: unterminated string", NULL);
    query_err("{\"a\" 1}", BOXTOI_EPARSE,
              "not valid JSON at column 6: object property name separator "
              "':' expected", NULL);

    query_err("{" B2 "}", BOXTOI_EMISSING, "missing key \"box1\"", NULL);
    query_err("{\"id\":7," B1 "}", BOXTOI_EMISSING, "missing key \"box2\"",
              "7");
    query_err("{\"box1\":{\"max\":[1,1,1]}," B2 "}", BOXTOI_EMISSING,
              "box1: missing key \"min\"", NULL);

    query_err("{\"id\":\"s\",\"box1\":[1,2,3]," B2 "}", BOXTOI_ESHAPE,
              "box1: expected an object {\"min\": [x, y, z], \"max\": [x, "
              "y, z]}, found an array of 3 entries", "\"s\"");
    query_err("{\"box1\":{\"min\":[1,1],\"max\":[1,1,1]}," B2 "}",
              BOXTOI_ESHAPE, "box1.min: expected an array of 3 numbers, "
              "found an array of 2 entries", NULL);
    query_err("{" B1 ",\"box2\":{\"min\":[0,0,0],\"max\":\"0\"}}",
              BOXTOI_ESHAPE, "box2.max: expected an array of 3 numbers, "
              "found a string", NULL);
    query_err("{" B1 ",\"box2\":{\"min\":[0,[0],0],\"max\":[0,0,0]}}",
              BOXTOI_ESHAPE, "box2.min[1]: expected a number, found an "
              "array of 1 entry", NULL);
    query_err("{" B1 "," B2 ",\"motion1\":[[1,0,0,0],[0,1,0,0],"
              "[0,0,1,0]]}", BOXTOI_ESHAPE,
              "motion1: expected an array of 4 rows, found an array of 3 "
              "entries", NULL);
    query_err("{" B1 "," B2 ",\"motion2\":[[1,0,0,0],[0,1,0],"
              "[0,0,1,0],[0,0,0,1]]}", BOXTOI_ESHAPE,
              "motion2[1]: expected a row of 4 entries, found an array of "
              "3 entries", NULL);
    query_err("{" B1 "," B2 ",\"motion2\":[[1,0,0,0],[0,1,0,0],"
              "[0,0,1,{}],[0,0,0,1]]}", BOXTOI_ESHAPE,
              "motion2[2][3]: expected a number, found an object", NULL);
    query_err("{" B1 "," B2 ",\"motion2\":[[1,0,0,0],[0,1,0,0],"
              "[0,0,1,[1,[2]]],[0,0,0,1]]}", BOXTOI_ESHAPE,
              "motion2[2][3][1]: expected a number, found an array of 1 "
              "entry", NULL);
    query_err("{" B1 "," B2 ",\"motion2\":[[1,0,0,0],[0,1,0,0],"
              "[0,0,1,[]],[0,0,0,1]]}", BOXTOI_ESHAPE,
              "motion2[2][3]: empty polynomial (write 0 for zero)", NULL);
    query_err("{" B1 "," B2 ",\"t-range\":[0,1]}", BOXTOI_ESHAPE,
              "unknown key \"t-range\" (keys starting with '_' are free)",
              NULL);
    query_err("{\"box1\":{\"min\":[0,0,0],\"max\":[1,1,1],\"mid\":0},"
              B2 "}", BOXTOI_ESHAPE,
              "box1: unknown key \"mid\" (keys starting with '_' are free)",
              NULL);
    query_err("{\"id\":1," B1 "," B1 "," B2 "}", BOXTOI_ESHAPE,
              "duplicate key \"box1\"", "1");
    /* report: "first" or "intervals" only, named in the message */
    query_err("{\"id\":2," B1 "," B2 ",\"report\":\"last\"}",
              BOXTOI_ESHAPE,
              "report: expected \"first\" or \"intervals\", found "
              "\"last\"", "2");
    query_err("{" B1 "," B2 ",\"report\":[\"intervals\"]}", BOXTOI_ESHAPE,
              "report: expected \"first\" or \"intervals\", found an "
              "array of 1 entry", NULL);
    query_err("{" B1 "," B2 ",\"report\":\"first\",\"report\":\"first\"}",
              BOXTOI_ESHAPE, "duplicate key \"report\"", NULL);
    query_err("{" B1 ",\"box2\":{\"min\":[0,0,0],\"min\":[0,0,0],"
              "\"max\":[0,0,0]}}", BOXTOI_ESHAPE,
              "box2: duplicate key \"min\"", NULL);
    query_err("{" B1 "," B2 ",\"_note\":[{\"a\":1,\"a\":2}]}",
              BOXTOI_ESHAPE, "duplicate key in an object (the keys of a "
              "JSON object must differ)", NULL);
    query_err("{" B1 "," B2 ",\"\\u0062ox1\":0}", BOXTOI_ESHAPE,
              "duplicate key in an object (the keys of a JSON object must "
              "differ)", NULL);
    query_err("{\"id\":[1]," B1 "," B2 "}", BOXTOI_ESHAPE,
              "id: expected a string or a number, found an array of 1 entry",
              "");
    query_err("{\"id\":null," B1 "," B2 "}", BOXTOI_ESHAPE,
              "id: expected a string or a number, found null", "");

    query_err("{\"id\":\"m\"," B1 "," B2 ",\"motion2\":[[1,0,0,0],"
              "[0,1,0,0],[0,0,1,[0,0,\"1/0\"]],[0,0,0,1]]}", BOXTOI_ENUMBER,
              "motion2[2][3][2]: \"1/0\" is not a number (zero "
              "denominator)", "\"m\"");
    query_err("{\"box1\":{\"min\":[true,0,0],\"max\":[1,1,1]}," B2 "}",
              BOXTOI_ENUMBER, "box1.min[0]: true is not a number", NULL);
    query_err("{\"box1\":{\"min\":[0,null,0],\"max\":[1,1,1]}," B2 "}",
              BOXTOI_ENUMBER, "box1.min[1]: null is not a number", NULL);
    query_err("{\"box1\":{\"min\":[0,0,\"\"],\"max\":[1,1,1]}," B2 "}",
              BOXTOI_ENUMBER, "box1.min[2]: \"\" is not a number (empty)",
              NULL);
    query_err("{" B1 ",\"box2\":{\"min\":[0,0,0],\"max\":[0,\"0x10\",0]}}",
              BOXTOI_ENUMBER, "box2.max[1]: \"0x10\" is not a number "
              "(a hex number needs a binary exponent p[+-]d)", NULL);
    /* binary64: the key's values; a literal beyond the largest double
       (1.7976931348623157e308 = (2^53 - 1) 2^971; the midpoint to 2^1024
       is 1.797693134862315807...e308, so ...159e308 rounds up, beyond) */
    query_err("{\"numbers\":\"double\"," B1 "," B2 "}", BOXTOI_ESHAPE,
              "numbers: expected \"decimal\" or \"binary64\", found "
              "\"double\"", NULL);
    query_err("{\"numbers\":64," B1 "," B2 "}", BOXTOI_ESHAPE,
              "numbers: expected \"decimal\" or \"binary64\", found a "
              "number", NULL);
    query_err("{\"numbers\":\"binary64\"," B1 ",\"box2\":{\"min\":[0,0,0],"
              "\"max\":[1,1.7976931348623159e308,1]}}", BOXTOI_ENUMBER,
              "box2.max[1]: 1.7976931348623159e308 is beyond the largest "
              "double (\"numbers\": \"binary64\")", NULL);
    query_err("{\"numbers\":\"binary64\",\"numbers\":\"decimal\"," B1 ","
              B2 "}", BOXTOI_ESHAPE, "duplicate key \"numbers\"", NULL);
    query_err("{" B1 "," B2 ",\"t_range\":[0,\"-inf\"]}", BOXTOI_ENUMBER,
              "t_range[1]: \"-inf\" is not a number (a digit must come "
              "first)", NULL);

    query_err("{\"id\":\"b\",\"box1\":{\"min\":[0,0,3],\"max\":[1,1,1]},"
              B2 "}", BOXTOI_EBOX, "box1.min[2] > box1.max[2] (3 > 1)",
              "\"b\"");
    query_err("{" B1 ",\"box2\":{\"min\":[\"1/3\",0,0],\"max\":[0.3,0,0]}}",
              BOXTOI_EBOX, "box2.min[0] > box2.max[0] (1/3 > 3/10)", NULL);

    query_err("{" B1 "," B2 ",\"t_range\":[3,1]}", BOXTOI_ERANGE,
              "t_range: t0 > t1 (3 > 1)", NULL);
    query_err("{" B1 "," B2 ",\"t_range\":[\"inf\",1]}", BOXTOI_ERANGE,
              "t_range[0]: \"inf\" is allowed only as t1", NULL);
    query_err("{" B1 "," B2 ",\"t_range\":[0,1,2]}", BOXTOI_ERANGE,
              "t_range: expected [t0, t1], found an array of 3 entries",
              NULL);
    query_err("{" B1 "," B2 ",\"t_range\":1}", BOXTOI_ERANGE,
              "t_range: expected [t0, t1], found a number", NULL);

    query_err("{\"box1\":{\"min\":[0,0,1e999999999],\"max\":[1,1,1]},"
              B2 "}", BOXTOI_ELIMIT, "box1.min[2]: 1e999999999 has an "
              "exponent beyond the limit 10000", NULL);
    /* Degree 25 > the default limit 24; trailing zeros do not count. */
    query_err("{" B1 "," B2 ",\"motion2\":[[1,0,0,0],[0,1,0,0],[0,0,1,"
              "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1]],"
              "[0,0,0,1]]}", BOXTOI_ELIMIT,
              "motion2[2][3]: degree 25 exceeds the limit 24", NULL);
}

/* Reads line, which must be valid, into q and its id. */
static int read_ok(boxtoi_query_t q, boxtoi_strbuf *id, const char *line)
{
    boxtoi_errinfo err;
    int rc = boxtoi_io_read_query(q, id, line, strlen(line), NULL, &err);
    if (!is_int(BOXTOI_OK, rc, "read %.60s...", line))
        diag("message: %s", err.msg);
    return rc;
}

/* Checks seen against the rational written e (base 10). */
static void is_mpq_str(const char *e, mpq_srcptr seen, const char *name)
{
    mpq_t x;
    mpq_init(x);
    if (mpq_set_str(x, e, 10) != 0)
        bail("bad expected value %s", e);
    mpq_canonicalize(x);
    is_mpq(x, seen, "%s", name);
    mpq_clear(x);
}

/* Checks coefficient k of motion entry (i, j) against the rational e. */
static void is_coeff(const char *e, const boxtoi_motion_t m, int i, int j,
                     long k, const char *name)
{
    boxtoi_poly_t num;
    mpz_t den;
    mpq_t ex, seen;

    boxtoi_poly_init(num);
    mpz_init(den);
    mpq_init(ex);
    mpq_init(seen);
    mpq_set_str(ex, e, 10);
    boxtoi_motion_get_entry(num, den, m, i, j);
    boxtoi_poly_get_coeff_mpz(mpq_numref(seen), num, k);
    mpz_set(mpq_denref(seen), den);
    mpq_canonicalize(seen);
    is_mpq(ex, seen, "%s", name);
    mpq_clear(seen);
    mpq_clear(ex);
    mpz_clear(den);
    boxtoi_poly_clear(num);
}

static void id_is(const char *json, const char *expect)
{
    char line[512];
    boxtoi_query_t q;
    boxtoi_strbuf id;

    boxtoi_query_init(q);
    boxtoi_strbuf_init(&id);
    snprintf(line, sizeof line, "{\"id\":%s," B1 "," B2 "}", json);
    if (read_ok(q, &id, line) == BOXTOI_OK)
        is_str(expect, boxtoi_strbuf_str(&id), "id %s echoes as %s", json,
               expect);
    boxtoi_strbuf_clear(&id);
    boxtoi_query_clear(q);
}

static void test_query_values(void)
{
    boxtoi_query_t q;
    boxtoi_strbuf id;
    const char *line;
    mpq_t e;

    boxtoi_query_init(q);
    boxtoi_strbuf_init(&id);
    mpq_init(e);

    /* JSON numbers mean their literal text; json-c's 64-bit clamping of
       integers must not show. */
    if (read_ok(q, &id,
                "{\"box1\":{\"min\":[0.1,-12345678901234567890123,"
                "-9223372036854775809],\"max\":[0.1000000000000000000000001,"
                "18446744073709551616,1e400]},\"box2\":{\"min\":"
                "[123456789012345678,-0.0,\"-0\"],\"max\":"
                "[18446744073709551615,9223372036854775807,1E-2]}}  \r\n")
        == BOXTOI_OK) {
        mpq_set_str(e, "1/10", 10);
        is_mpq(e, q->box[0].min[0], "0.1 is 1/10");
        mpq_set_str(e, "-12345678901234567890123", 10);
        is_mpq(e, q->box[0].min[1], "a negative integer beyond 64 bits");
        mpq_set_str(e, "-9223372036854775809", 10);
        is_mpq(e, q->box[0].min[2], "INT64_MIN - 1");
        mpq_set_str(e, "1000000000000000000000001/"
                       "10000000000000000000000000", 10);
        is_mpq(e, q->box[0].max[0], "a decimal beyond double precision");
        mpq_set_str(e, "18446744073709551616", 10);
        is_mpq(e, q->box[0].max[1], "UINT64_MAX + 1");
        mpz_ui_pow_ui(mpq_numref(e), 10, 400);
        mpz_set_ui(mpq_denref(e), 1);
        is_mpq(e, q->box[0].max[2], "1e400 (a double overflow) exactly");
        mpq_set_str(e, "123456789012345678", 10);
        is_mpq(e, q->box[1].min[0], "an 18-digit integer");
        mpq_set_ui(e, 0, 1);
        is_mpq(e, q->box[1].min[1], "-0.0 is 0");
        is_mpq(e, q->box[1].min[2], "\"-0\" is 0");
        mpq_set_str(e, "18446744073709551615", 10);
        is_mpq(e, q->box[1].max[0], "UINT64_MAX itself");
        mpq_set_str(e, "9223372036854775807", 10);
        is_mpq(e, q->box[1].max[1], "INT64_MAX itself");
        mpq_set_str(e, "1/100", 10);
        is_mpq(e, q->box[1].max[2], "1E-2");
        ok(q->t1_inf == 0 && mpq_cmp_ui(q->t0, 0, 1) == 0
               && mpq_cmp_ui(q->t1, 1, 1) == 0,
           "t_range defaults to [0, 1]");
        is_str("", boxtoi_strbuf_str(&id), "no id: empty");
        is_coeff("1", q->motion, 0, 0, 0, "motion1 defaults to I: (0,0)");
        is_coeff("0", q->motion, 0, 1, 0, "motion1 defaults to I: (0,1)");
        is_coeff("1", q->motion, 3, 3, 0, "motion1 defaults to I: (3,3)");
        is_coeff("1", q->motion + 1, 3, 3, 0, "motion2 identity: w = 1");
    }

    /* binary64: JSON number literals become doubles, strings stay exact
       (0.1 -> 3602879701896397 / 2^55; 9007199254740993 = 2^53 + 1 is a
       tie between 2^53 and 2^53 + 2 and goes to the even 2^53;
       1.7976931348623158e308 is below the midpoint, so DBL_MAX =
       (2^53 - 1) 2^971; 1e-400 is below half the least subnormal: 0) */
    if (read_ok(q, &id,
                "{\"numbers\":\"binary64\",\"box1\":{\"min\":[0.1,"
                "\"0x1p-1074\",-9007199254740993],\"max\":["
                "1.7976931348623158e308,\"0.1\",1e-400]}," B2 "}")
        == BOXTOI_OK) {
        is_mpq_str("3602879701896397/36028797018963968", q->box[0].min[0],
                   "binary64: 0.1 is the double");
        is_mpq_str("1/10", q->box[0].max[1],
                   "binary64: \"0.1\" is still 1/10");
        is_mpq_str("-9007199254740992", q->box[0].min[2],
                   "binary64: 2^53 + 1 ties to 2^53");
        mpz_set_ui(mpq_numref(e), 1);
        mpz_mul_2exp(mpq_numref(e), mpq_numref(e), 53);
        mpz_sub_ui(mpq_numref(e), mpq_numref(e), 1);
        mpz_mul_2exp(mpq_numref(e), mpq_numref(e), 971);
        mpz_set_ui(mpq_denref(e), 1);
        is_mpq(e, q->box[0].max[0], "binary64: DBL_MAX");
        is_mpq_str("0", q->box[0].max[2], "binary64: 1e-400 is 0");
    }

    /* Motions: constants, polynomials, exact rationals; the range. */
    if (read_ok(q, &id,
                "{\"_comment\":{\"any\":[1,true]}," B1 "," B2
                ",\"motion2\":[[1,0,0,\"-1/3\"],[0,1,0,0],"
                "[0,0,1,[\"11/2\",0,-1]],[0,0,0,[2,0.5]]],"
                "\"motion1\":" MID ",\"t_range\":[\"-1/2\",\"inf\"]}")
        == BOXTOI_OK) {
        is_coeff("-1/3", q->motion + 1, 0, 3, 0, "motion2[0][3]");
        is_coeff("11/2", q->motion + 1, 2, 3, 0, "motion2[2][3] t^0");
        is_coeff("0", q->motion + 1, 2, 3, 1, "motion2[2][3] t^1");
        is_coeff("-1", q->motion + 1, 2, 3, 2, "motion2[2][3] t^2");
        is_coeff("2", q->motion + 1, 3, 3, 0, "w t^0");
        is_coeff("1/2", q->motion + 1, 3, 3, 1, "w t^1");
        is_coeff("0", q->motion + 1, 1, 0, 0, "motion2[1][0]");
        is_coeff("1", q->motion + 1, 1, 1, 0, "motion2[1][1]");
        is_int(2, boxtoi_motion_degree(q->motion + 1), "degree 2");
        mpq_set_str(e, "-1/2", 10);
        is_mpq(e, q->t0, "t0 = -1/2");
        ok(q->t1_inf, "t1 = inf");
    }

    /* id NULL: not stored, still checked. */
    line = "{\"id\":3," B1 "," B2 "}";
    is_int(BOXTOI_OK, boxtoi_io_read_query(q, NULL, line, strlen(line),
                                           NULL, NULL),
           "read without an id buffer");
    line = "{\"id\":{}," B1 "," B2 "}";
    is_int(BOXTOI_ESHAPE, boxtoi_io_read_query(q, NULL, line, strlen(line),
                                               NULL, NULL),
           "an invalid id is refused without an id buffer");

    id_is("\"drop-1\"", "\"drop-1\"");
    id_is("\"a/b\"", "\"a/b\"");
    id_is("\"tab\\there\"", "\"tab\\there\"");
    id_is("\"\\u00e9\"", "\"\xc3\xa9\"");
    id_is("12", "12");
    id_is("-3", "-3");
    id_is("1.50", "1.50");
    id_is("2E+3", "2E+3");
    id_is("12345678901234567890123", "12345678901234567890123");
    id_is("-98765432109876543210", "-98765432109876543210");

    mpq_clear(e);
    boxtoi_strbuf_clear(&id);
    boxtoi_query_clear(q);
}

/* ---- results -------------------------------------------------------- */

static void test_write(void)
{
    boxtoi_contact_t res;
    boxtoi_query_t q;
    boxtoi_io_options opts;
    boxtoi_strbuf sb, iv;
    boxtoi_poly_t p;
    boxtoi_errinfo err;
    mpq_t r, lo, hi;
    const char *s;
    int rc;

    boxtoi_contact_init(res);
    boxtoi_query_init(q);
    boxtoi_io_options_init(&opts);
    boxtoi_strbuf_init(&sb);
    boxtoi_poly_init(p);
    mpq_init(r);
    mpq_init(lo);
    mpq_init(hi);

    /* A rational contact, built by hand: t = 7/2, box 1's face z = max
       against box 2's vertex at its min corner, planes 4 and 5. */
    res->status = BOXTOI_CONTACT;
    mpq_set_si(r, 7, 2);
    boxtoi_alg_set_mpq(&res->t, r);
    res->initial = 0;
    res->tight = (1UL << 4) | (1UL << 5);
    res->feature[0].axis[0] = 0;
    res->feature[0].axis[1] = 0;
    res->feature[0].axis[2] = 1;
    res->feature[1].axis[0] = -1;
    res->feature[1].axis[1] = -1;
    res->feature[1].axis[2] = -1;
    rc = boxtoi_io_write_result(&sb, res, "\"q\"", 0, q, &opts, &err);
    is_int(BOXTOI_OK, rc, "write a rational contact");
    is_str("{\"id\":\"q\",\"status\":\"contact\",\"t\":{\"poly\":[\"-7\","
           "\"2\"],\"lo\":\"7/2\",\"hi\":\"7/2\",\"rational\":\"7/2\","
           "\"decimal\":\"3.50000000000000000000000000000\",\"down\":\"3.5\","
           "\"up\":\"3.5\"},\"initial\":"
           "false,\"contact\":{\"kind\":\"face-vertex\",\"box1\":{"
           "\"feature\":\"face\",\"name\":\"Z'\"},\"box2\":{\"feature\":"
           "\"vertex\",\"name\":\"XYZ\"},\"planes\":[4,5],"
           "\"point\":[\"0\",\"0\",\"0\"]}}\n",
           boxtoi_strbuf_str(&sb), "rational contact, JSON");

    boxtoi_strbuf_reset(&sb);
    opts.format = BOXTOI_IO_TEXT;
    rc = boxtoi_io_write_result(&sb, res, "\"q\"", 0, q, &opts, &err);
    is_str("q: contact at t = 7/2 (exact; ~ 3.50000000000000000000000000000)"
           ", face-vertex: box1 face Z' / box2 vertex XYZ, point (0, 0, 0)\n",
           boxtoi_strbuf_str(&sb), "rational contact, text");

    /* Initial contact at t0 = -2, the solids overlapping. */
    boxtoi_strbuf_reset(&sb);
    boxtoi_alg_set_si(&res->t, -2);
    res->initial = 1;
    res->tight = 0;
    memset(res->feature, 0, sizeof res->feature);
    rc = boxtoi_io_write_result(&sb, res, NULL, 7, q, &opts, &err);
    is_str("line 7: contact at t = -2 (exact, initial), overlap: box1 solid "
           "interior / box2 solid interior, point (0, 0, 0)\n",
           boxtoi_strbuf_str(&sb),
           "initial overlap, text");
    boxtoi_strbuf_reset(&sb);
    opts.format = BOXTOI_IO_JSON;
    opts.digits = 3;
    rc = boxtoi_io_write_result(&sb, res, "5", 7, q, &opts, &err);
    is_str("{\"id\":5,\"status\":\"contact\",\"t\":{\"poly\":[\"2\",\"1\"],"
           "\"lo\":\"-2\",\"hi\":\"-2\",\"rational\":\"-2\",\"decimal\":"
           "\"-2.00\",\"down\":\"-2\",\"up\":\"-2\"},\"initial\":true,"
           "\"contact\":{\"kind\":\"overlap\","
           "\"box1\":{\"feature\":\"solid\",\"name\":\"interior\"},\"box2\":"
           "{\"feature\":\"solid\",\"name\":\"interior\"},\"planes\":[],"
           "\"point\":[\"0\",\"0\",\"0\"]}}\n",
           boxtoi_strbuf_str(&sb), "initial overlap, JSON, 3 digits");

    /* An irrational t: sqrt(2), the root of t^2 - 2 in [1, 2]. */
    boxtoi_poly_set_coeff_si(p, 0, -2);
    boxtoi_poly_set_coeff_si(p, 2, 1);
    mpq_set_si(lo, 1, 1);
    mpq_set_si(hi, 2, 1);
    rc = boxtoi_alg_set_poly_interval(&res->t, p, lo, hi);
    is_int(BOXTOI_OK, rc, "sqrt(2) built");
    res->initial = 0;
    opts.digits = 30;
    boxtoi_strbuf_reset(&sb);
    rc = boxtoi_io_write_result(&sb, res, NULL, 0, q, &opts, &err);
    s = boxtoi_strbuf_str(&sb);
    ok(strncmp(s, "{\"status\":\"contact\",\"t\":{\"poly\":[\"-2\",\"0\","
                  "\"1\"],\"lo\":\"", 48) == 0, "sqrt(2): poly %.60s", s);
    /* down and up: 6369051672525772^2 < 2^105 < 6369051672525773^2, so
       the doubles around sqrt 2 are those numerators over 2^52, whose
       shortest decimals are 1.414213562373095 and 1.4142135623730951
       (the 15-digit 1.41421356237310 reads as another double) */
    ok(strstr(s, "\"decimal\":\"1.41421356237309504880168872421\","
                 "\"down\":\"1.414213562373095\","
                 "\"up\":\"1.4142135623730951\"},\"initial\":false,")
           != NULL,
       "sqrt(2): 30 digits, down, up, no \"rational\"");
    ok(strstr(s, "rational") == NULL, "sqrt(2) is not rational");
    /* The interval written must hold sqrt(2): lo^2 <= 2 <= hi^2. */
    mpq_mul(lo, res->t.lo, res->t.lo);
    mpq_mul(hi, res->t.hi, res->t.hi);
    ok(mpq_sgn(res->t.lo) > 0 && mpq_cmp_ui(lo, 2, 1) <= 0
           && mpq_cmp_ui(hi, 2, 1) >= 0, "the interval holds sqrt(2)");
    /* ... and it is the one written. */
    boxtoi_strbuf_init(&iv);
    rc = boxtoi_strbuf_puts(&iv, "\"lo\":\"");
    rc |= boxtoi_strbuf_put_mpq(&iv, res->t.lo);
    rc |= boxtoi_strbuf_puts(&iv, "\",\"hi\":\"");
    rc |= boxtoi_strbuf_put_mpq(&iv, res->t.hi);
    rc |= boxtoi_strbuf_puts(&iv, "\",\"decimal\"");
    ok(rc == 0 && strstr(s, boxtoi_strbuf_str(&iv)) != NULL,
       "sqrt(2): the interval written is the number's (%s)",
       boxtoi_strbuf_str(&iv));
    boxtoi_strbuf_clear(&iv);

    /* No contact; digits out of range. */
    boxtoi_strbuf_reset(&sb);
    res->status = BOXTOI_NO_CONTACT;
    rc = boxtoi_io_write_result(&sb, res, "12", 0, q, &opts, &err);
    is_str("{\"id\":12,\"status\":\"no_contact\"}\n", boxtoi_strbuf_str(&sb),
           "no contact, JSON");
    opts.format = BOXTOI_IO_TEXT;
    q->t1_inf = 1;
    mpq_set_si(q->t0, -1, 3);
    boxtoi_strbuf_reset(&sb);
    rc = boxtoi_io_write_result(&sb, res, "\"n\\\"x\"", 0, q, &opts, &err);
    is_str("\"n\\\"x\": no contact in [-1/3, inf)\n", boxtoi_strbuf_str(&sb),
           "no contact, text, an id with an escape keeps its quotes");
    opts.digits = 0;
    is_int(BOXTOI_EINVAL,
           boxtoi_io_write_result(&sb, res, NULL, 0, q, &opts, &err),
           "digits 0 refused");
    opts.digits = opts.max_digits + 1;
    is_int(BOXTOI_ELIMIT,
           boxtoi_io_write_result(&sb, res, NULL, 0, q, &opts, &err),
           "digits beyond the limit refused");
    is_int(BOXTOI_ELIMIT, err.code, "  with the code in err");

    /* Errors. */
    boxtoi_strbuf_reset(&sb);
    rc = boxtoi_io_write_error(&sb, "\"x\"", 3, BOXTOI_EBOX,
                               "box1.min[2] > box1.max[2] (3 > 1)", NULL);
    is_int(BOXTOI_OK, rc, "write an error");
    rc = boxtoi_io_write_error(&sb, NULL, 0, BOXTOI_EPARSE,
                               "q\"\\\x01/", NULL);
    rc = boxtoi_io_write_error(&sb, "", 4, BOXTOI_ESINGULAR, NULL, NULL);
    is_str("{\"id\":\"x\",\"line\":3,\"status\":\"error\",\"error\":{\"code\":"
           "\"invalid_box\",\"message\":\"box1.min[2] > box1.max[2] (3 > 1)"
           "\"}}\n"
           "{\"status\":\"error\",\"error\":{\"code\":\"invalid_json\","
           "\"message\":\"q\\\"\\\\\\u0001/\"}}\n"
           "{\"line\":4,\"status\":\"error\",\"error\":{\"code\":"
           "\"singular_motion\",\"message\":\"the 3x3 block of the motion "
           "is singular in the range\"}}\n",
           boxtoi_strbuf_str(&sb), "error results, JSON, escaped");
    boxtoi_strbuf_reset(&sb);
    opts.digits = 30;
    rc = boxtoi_io_write_error(&sb, "\"x\"", 3, BOXTOI_EBOX, "m1", &opts);
    rc = boxtoi_io_write_error(&sb, NULL, 9, BOXTOI_EPARSE, "m2", &opts);
    is_str("x, line 3: error invalid_box: m1\n"
           "line 9: error invalid_json: m2\n", boxtoi_strbuf_str(&sb),
           "error results, text");

    mpq_clear(hi);
    mpq_clear(lo);
    mpq_clear(r);
    boxtoi_poly_clear(p);
    boxtoi_strbuf_clear(&sb);
    boxtoi_query_clear(q);
    boxtoi_contact_clear(res);
}

/* ---- whole lines ---------------------------------------------------- */

/* The spec's example: box 1 the cube [-1, 1]^3 at rest; box 2 the cube
   [-1/2, 1/2]^3 whose centre is at z = 11/2 - t^2.  Its bottom face
   z = 5 - t^2 meets box 1's top face z = 1 when t^2 = 4: t = 2, inside
   [0, 3].  Face-face, box 1's Z' against box 2's Z; the tight planes are
   those with normal +z (contact.h's numbering: direction 2 = e_z side
   +, plane 4; direction 5 = g_x x g_y = e_z side +, plane 10;
   direction 6 + 3*0 + 1 = e_x x g_y = e_z side +, plane 14; direction
   6 + 3*1 + 0 = e_y x g_x = -e_z side -, plane 19). */
#define SPEC "\"box1\":{\"min\":[-1,-1,-1],\"max\":[1,1,1]},\"box2\":" \
    "{\"min\":[\"-1/2\",\"-1/2\",\"-1/2\"],\"max\":[\"1/2\",\"1/2\"," \
    "\"1/2\"]},\"motion1\":[[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]," \
    "\"motion2\":[[1,0,0,0],[0,1,0,0],[0,0,1,[\"11/2\",0,-1]],[0,0,0,1]]"

static void line_is(const char *line, int code, const char *expect,
                    const boxtoi_io_options *opts, const char *name)
{
    boxtoi_strbuf sb;
    boxtoi_errinfo err;
    int rc;

    boxtoi_strbuf_init(&sb);
    if (boxtoi_strbuf_puts(&sb, "previous\n") != BOXTOI_OK)
        bail("out of memory");
    rc = boxtoi_io_process_line(&sb, line, strlen(line), 5, opts, &err);
    is_int(code, rc, "%s: status", name);
    is_int(code, err.code, "%s: err.code", name);
    if (expect != NULL)
        is_str(expect, boxtoi_strbuf_str(&sb) + 9, "%s: output", name);
    else
        ok(strncmp(boxtoi_strbuf_str(&sb), "previous\n", 9) == 0
               && strstr(boxtoi_strbuf_str(&sb), boxtoi_errname(code))
                      != NULL, "%s: error line %.*s", name,
           (int)sb.len - 10, boxtoi_strbuf_str(&sb) + 9);
    boxtoi_strbuf_clear(&sb);
}

static void test_lines(void)
{
    boxtoi_io_options text;

    boxtoi_io_options_init(&text);
    text.format = BOXTOI_IO_TEXT;
    ok(boxtoi_io_is_blank("", 0) && boxtoi_io_is_blank(" \t\r\n", 4)
           && !boxtoi_io_is_blank(" x", 2) && !boxtoi_io_is_blank("\f", 1),
       "is_blank");

    /* report "intervals" on the spec's example: z = 11/2 - t^2 against
       |z| <= 3/2 gives t^2 in [4, 7], [2, sqrt 7] in [0, 3]; sqrt 7 =
       2.64575131106459059050161575363|926..., the doubles around it
       2.6457513110645903 and 2.6457513110645907 (exact squares
       compared with 7 in Python fractions) */
    line_is("{\"id\":\"iv\"," SPEC ",\"t_range\":[0,3],"
            "\"report\":\"intervals\"}", BOXTOI_OK,
            "{\"id\":\"iv\",\"status\":\"contact\",\"intervals\":[{\"from\":"
            "{\"poly\":[\"-2\",\"1\"],\"lo\":\"2\",\"hi\":\"2\",\"rational\":"
            "\"2\",\"decimal\":\"2.00000000000000000000000000000\",\"down\":"
            "\"2\",\"up\":\"2\"},\"to\":{\"poly\":[\"-7\",\"0\",\"1\"],\"lo\":"
            "\"2\",\"hi\":\"3\",\"decimal\":\"2.64575131106459059050161575364\","
            "\"down\":\"2.6457513110645903\",\"up\":\"2.6457513110645907\"}}]}\n",
            NULL, "report intervals");
    line_is("{\"id\":\"iv\"," SPEC ",\"t_range\":[0,3],"
            "\"report\":\"intervals\"}", BOXTOI_OK,
            "iv: contact during [2, 2.64575131106459059050161575364]\n",
            &text, "report intervals, text");
    line_is("{\"id\":\"iv\"," SPEC ",\"t_range\":[0,1],"
            "\"report\":\"intervals\"}", BOXTOI_OK,
            "{\"id\":\"iv\",\"status\":\"no_contact\",\"intervals\":[]}\n",
            NULL, "report intervals, no contact");
    line_is("{\"id\":\"iv\"," SPEC ",\"t_range\":[0,1],"
            "\"report\":\"later\"}", BOXTOI_ESHAPE, NULL, NULL,
            "report unknown");
    /* a scene: B (the cube [-1/2, 1/2]^3 at z = 5 - 2t) passes through
       A ([-1, 1]^3) while |5 - 2t| <= 3/2, t in [7/4, 13/4]; C is
       far away and never meets either */
#define SC_A "{\"name\":\"A\",\"box\":{\"min\":[-1,-1,-1],\"max\":[1,1,1]}}"
#define SC_B "{\"name\":\"B\",\"box\":{\"min\":[\"-1/2\",\"-1/2\",\"-1/2\"]," \
    "\"max\":[\"1/2\",\"1/2\",\"1/2\"]},\"motion\":[[1,0,0,0],[0,1,0,0]," \
    "[0,0,1,[5,-2]],[0,0,0,1]]}"
#define SC_C "{\"name\":\"C\",\"box\":{\"min\":[10,10,10],\"max\":[11,11,11]}}"
    line_is("{\"id\":\"sc\",\"scene\":[" SC_A "," SC_B "," SC_C "],"
            "\"t_range\":[0,5],\"report\":\"intervals\"}", BOXTOI_OK,
            "{\"id\":\"sc\",\"status\":\"contact\",\"contacts\":[{\"pair\":"
            "[\"A\",\"B\"],\"intervals\":[{\"from\":{\"poly\":[\"-7\",\"4\"],"
            "\"lo\":\"7/4\",\"hi\":\"7/4\",\"rational\":\"7/4\",\"decimal\":"
            "\"1.75000000000000000000000000000\",\"down\":\"1.75\",\"up\":"
            "\"1.75\"},\"to\":{\"poly\":[\"-13\",\"4\"],\"lo\":\"13/4\",\"hi\":"
            "\"13/4\",\"rational\":\"13/4\",\"decimal\":"
            "\"3.25000000000000000000000000000\",\"down\":\"3.25\",\"up\":"
            "\"3.25\"}}]}]}\n",
            NULL, "scene report intervals");
    line_is("{\"id\":\"sc\",\"scene\":[" SC_A "," SC_B "," SC_C "],"
            "\"t_range\":[0,5],\"report\":\"intervals\"}", BOXTOI_OK,
            "sc A/B: contact during [7/4, 13/4]\n", &text,
            "scene report intervals, text");
    line_is("{\"id\":\"sc\",\"scene\":[" SC_A "," SC_B "," SC_C "],"
            "\"t_range\":[0,1],\"report\":\"intervals\"}", BOXTOI_OK,
            "{\"id\":\"sc\",\"status\":\"no_contact\",\"contacts\":[]}\n",
            NULL, "scene report intervals, no contact");
    /* a scene body in keyframes: D ([0, 1]^3) goes from x = -3 at t = 0
       to x = 3 at t = 1 and back at t = 2, so it overlaps E ([0, 1]^3,
       at rest) while |x| <= 1: x = 6t - 3 gives [1/3, 2/3], x = 9 - 6t
       gives [4/3, 5/3] (the pieces after the first one count) */
#define SC_D "{\"name\":\"D\",\"box\":{\"min\":[0,0,0],\"max\":[1,1,1]}," \
    "\"motion\":{\"keyframes\":[{\"t\":0,\"translation\":[-3,0,0]}," \
    "{\"t\":1,\"translation\":[3,0,0]},{\"t\":2,\"translation\":" \
    "[-3,0,0]}]}}"
#define SC_E "{\"name\":\"E\",\"box\":{\"min\":[0,0,0],\"max\":[1,1,1]}}"
    line_is("{\"id\":\"kf\",\"scene\":[" SC_E "," SC_D "],"
            "\"t_range\":[0,2],\"report\":\"intervals\"}", BOXTOI_OK,
            "kf E/D: contact during [1/3, 2/3], [4/3, 5/3]\n", &text,
            "scene report intervals, a body in keyframes");
    line_is("{\"id\":\"sc\",\"scene\":[" SC_A "," SC_B "," SC_C "],"
            "\"t_range\":[0,1],\"report\":\"intervals\"}", BOXTOI_OK,
            "sc: no contact in [0, 1]\n", &text,
            "scene report intervals, no contact, text");
    line_is("{\"id\":\"sc\",\"scene\":[" SC_A "],\"report\":\"all\"}",
            BOXTOI_ESHAPE,
            "{\"id\":\"sc\",\"line\":5,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"report: expected \\\"first\\\", "
            "\\\"pairs\\\" or \\\"intervals\\\"\"}}\n",
            NULL, "scene report unknown");
    line_is("{\"id\":\"drop-1\"," SPEC ",\"t_range\":[0,3]}", BOXTOI_OK,
            "{\"id\":\"drop-1\",\"status\":\"contact\",\"t\":{\"poly\":"
            "[\"-2\",\"1\"],\"lo\":\"2\",\"hi\":\"2\",\"rational\":\"2\","
            "\"decimal\":\"2.00000000000000000000000000000\",\"down\":\"2\","
            "\"up\":\"2\"},\"initial\":"
            "false,\"contact\":{\"kind\":\"face-face\",\"box1\":{\"feature\":"
            "\"face\",\"name\":\"Z'\"},\"box2\":{\"feature\":\"face\","
            "\"name\":\"Z\"},\"planes\":[4,10,14,19],\"point\":[\"0\",\"0\","
            "\"1.00000000000000000000000000000\"],\"normal\":[\"0\",\"0\","
            "\"1.00000000000000000000000000000\"]}}\n", NULL,
            "the spec's example");
    line_is("{\"id\":\"drop-1\"," SPEC ",\"t_range\":[0,3]}", BOXTOI_OK,
            "drop-1: contact at t = 2 (exact), face-face: box1 face Z' / "
            "box2 face Z, point (0, 0, 1.00000000000000000000000000000), "
            "normal (0, 0, 1.00000000000000000000000000000)\n", &text,
            "the spec's example, text");
    /* At t = 1 the bottom of box 2 is at 5 - 1 = 4 > 1: no contact. */
    line_is("{" SPEC ",\"t_range\":[0,1]}", BOXTOI_OK,
            "{\"status\":\"no_contact\"}\n", NULL, "no contact in [0, 1]");
    line_is("{\"id\":4," SPEC ",\"t_range\":[0,1]}", BOXTOI_OK,
            "4: no contact in [0, 1]\n", &text, "no contact, text");
    /* Errors of the solver's checks keep the id and the line. */
    line_is("{\"id\":\"p\"," B1 "," B2 ",\"motion2\":[[1,0,0,0],[0,1,0,0],"
            "[0,0,1,0],[0,0,1,1]]}", BOXTOI_EPROJECTIVE, NULL, NULL,
            "projective motion");
    line_is("{\"id\":\"w\"," B1 "," B2 ",\"motion2\":[[1,0,0,0],[0,1,0,0],"
            "[0,0,1,0],[0,0,0,[1,-1]]],\"t_range\":[0,3]}", BOXTOI_EWEIGHT,
            NULL, NULL, "w(t) = 1 - t vanishes at 1");
    line_is("{\"id\":\"s\"," B1 "," B2 ",\"motion1\":[[0,0,0,0],[0,1,0,0],"
            "[0,0,1,0],[0,0,0,1]]}", BOXTOI_ESINGULAR, NULL, NULL,
            "singular motion");
    line_is("{\"id\":\"b\",\"box1\":{\"min\":[0,0,3],\"max\":[1,1,1]}," B2
            "}", BOXTOI_EBOX,
            "{\"id\":\"b\",\"line\":5,\"status\":\"error\",\"error\":{"
            "\"code\":\"invalid_box\",\"message\":\"box1.min[2] > "
            "box1.max[2] (3 > 1)\"}}\n", NULL, "invalid box");
    line_is("{\"id\":\"b\",", BOXTOI_EPARSE,
            "{\"line\":5,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_json\",\"message\":\"not valid JSON: the line ends "
            "inside the object (this looks like part of a JSON value "
            "written over several lines: a query must be one line)\"}}\n",
            NULL, "truncated line, no id");
    line_is("{\"id\":\"b\",", BOXTOI_EPARSE,
            "line 5: error invalid_json: not valid JSON: the line ends "
            "inside the object (this looks like part of a JSON value "
            "written over several lines: a query must be one line)\n",
            &text, "truncated line, text");
}

int main(void)
{
    plan_lazy();
    test_numbers();
    test_query_errors();
    test_query_values();
    test_write();
    test_lines();
    return 0;
}
