/* t/util-t.c: tests of lib/util (error tables, errinfo, strbuf). */
#include <string.h>
#include "tap.h"

int main(void)
{
    boxtoi_errinfo err;
    boxtoi_strbuf sb;
    mpz_t z;
    mpq_t q;
    int code, i, rc;

    plan(14 + BOXTOI_NERRORS);

    /* The JSON codes of the spec, in its table's order. */
    is_str("invalid_json", boxtoi_errname(BOXTOI_EPARSE), "invalid_json");
    is_str("missing_key", boxtoi_errname(BOXTOI_EMISSING), "missing_key");
    is_str("limit_exceeded", boxtoi_errname(BOXTOI_ELIMIT), "limit_exceeded");
    is_str("unknown", boxtoi_errname(-1), "errname of a non-code");
    for (code = 0; code < BOXTOI_NERRORS; code++)
        ok(strlen(boxtoi_strerror(code)) > 0
               && strcmp(boxtoi_errname(code), "unknown") != 0,
           "code %d has a name and a text", code);

    code = boxtoi_errinfo_set(&err, BOXTOI_EBOX, "box%d.min[%d] > max", 2, 1);
    is_int(BOXTOI_EBOX, code, "errinfo_set returns its code");
    is_str("box2.min[1] > max", err.msg, "errinfo_set formats");
    boxtoi_errinfo_reset(&err);
    is_int(0, err.code, "errinfo_reset");
    is_int(BOXTOI_EDOMAIN, boxtoi_errinfo_set(NULL, BOXTOI_EDOMAIN, "x"),
           "errinfo_set accepts NULL");

    boxtoi_strbuf_init(&sb);
    is_str("", boxtoi_strbuf_str(&sb), "empty strbuf reads as \"\"");
    rc = 0;
    for (i = 0; i < 1000; i++)
        rc |= boxtoi_strbuf_printf(&sb, "%d,", i % 10);
    ok(rc == 0 && sb.len == 2000, "strbuf grows to 2000 characters");
    boxtoi_strbuf_reset(&sb);
    mpz_init_set_str(z, "-123456789012345678901234567890", 10);
    mpq_init(q);
    mpq_set_si(q, -22, 7);
    rc = boxtoi_strbuf_put_mpz(&sb, z);
    rc |= boxtoi_strbuf_puts(&sb, " ");
    rc |= boxtoi_strbuf_put_mpq(&sb, q);
    is_str("-123456789012345678901234567890 -22/7", boxtoi_strbuf_str(&sb),
           "put_mpz and put_mpq");
    mpq_set_si(q, 5, 1);
    boxtoi_strbuf_reset(&sb);
    rc |= boxtoi_strbuf_put_mpq(&sb, q);
    is_str("5", boxtoi_strbuf_str(&sb), "an integral mpq has no /1");
    ok(rc == 0, "no strbuf call failed");
    is_int(1, (long)sb.len, "length after reset and put");
    mpz_clear(z);
    mpq_clear(q);
    boxtoi_strbuf_clear(&sb);
    return 0;
}
