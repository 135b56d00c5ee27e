/* t/io-t.c: tests of lib/io: exact numbers (lib/io/number.c) and
   results (lib/io/write.c).  Queries are tested in t/io-query-t.c,
   whole lines in t/io-line-t.c.

   Expected values are written by hand: every valid number form with its
   exact value as a reduced fraction worked out on paper; every invalid
   form with its code; the results of constructed answers byte for
   byte. */
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

int main(void)
{
    plan_lazy();
    test_numbers();
    test_write();
    return 0;
}
