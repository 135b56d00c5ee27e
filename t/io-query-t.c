/* t/io-query-t.c: tests of lib/io's query reader (lib/io/read.c,
   lib/io/query.c): every query error with its code and message, and
   the values read from valid queries.

   Expected values are written by hand. */
#include <string.h>
#include "tap.h"

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

int main(void)
{
    plan_lazy();
    test_query_errors();
    test_query_values();
    return 0;
}
