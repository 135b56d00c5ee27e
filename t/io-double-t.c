/* t/io-double-t.c: io_put_double (lib/io/binary64.c), the shortest
   decimal of a double written for down and up (doc/format.md §4.1),
   against the exact routine it replaced.

   io_put_double rounds with the C library's "%.*e" and reads back with
   strtod.  The reference here is a different method on exact rationals:
   the same search for the least number of significant digits, each
   candidate made by boxtoi_mpq_get_decimal_str (rounding in Z) and read
   back by io_parse_number + io_round_binary64 (rounding to binary64 in
   Z, no floating point).  Every double is also checked to read back by
   strtod, and the digits one fewer to not read back (by the reference's
   exact reading).  Doubles: random bit patterns (every exponent,
   subnormals included), powers of two and their neighbours (where the
   rounding interval is lopsided), short decimals and their neighbours,
   and the extremes. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "lib/util/impl.h"
#include "lib/io/impl.h"

static int reads_back(const char *s, size_t len, mpq_srcptr x)
{
    mpq_t q;
    int same;
    mpq_init(q);
    same = io_parse_number(q, s, len, 0, 0, NULL) == BOXTOI_OK
           && io_round_binary64(q) == 0 && mpq_equal(q, x);
    mpq_clear(q);
    return same;
}

/* The n-digit rounding of q to sb; whether it reads back. */
static int probe(boxtoi_strbuf *sb, mpq_srcptr q, long n)
{
    boxtoi_strbuf_reset(sb);
    if (boxtoi_mpq_get_decimal_str(sb, q, n) != BOXTOI_OK)
        bail("out of memory");
    return reads_back(sb->str, sb->len, q);
}

/* The text that io_put_double wrote before it used the C library: the
   same search (16, 15, then bisection between the least n known to fail
   and the least known to read back), every candidate made and read back
   in exact arithmetic. */
static void reference(boxtoi_strbuf *sb, double x)
{
    boxtoi_strbuf tmp;
    mpq_t q;
    long lo = 1, hi = 17, n = 16;
    mpq_init(q);
    mpq_set_d(q, x);
    boxtoi_strbuf_init(&tmp);
    while (lo < hi) {
        if (probe(&tmp, q, n)) {
            hi = n;
            boxtoi_strbuf_reset(sb);
            if (boxtoi_strbuf_putn(sb, tmp.str, tmp.len) != BOXTOI_OK)
                bail("out of memory");
        } else
            lo = n + 1;
        n = hi == 16 ? 15 : (lo + hi) / 2;
    }
    if (hi == 17)
        (void)probe(sb, q, 17);
    boxtoi_strbuf_clear(&tmp);
    mpq_clear(q);
}

/* Whether fewer significant digits than s has would read back as x (a
   linear search, exact): the search above assumes that if n digits read
   back then n + 1 do, which fails next to some powers of two, where the
   rounding interval is narrower below x than above. */
static int shorter_exists(const char *s, double x)
{
    boxtoi_strbuf tmp;
    mpq_t q;
    long n, digits = 0;
    int found = 0;
    long zeros = 0;
    for (; *s != '\0' && *s != 'e'; s++) /* no leading/trailing zeros */
        if (*s >= '1' && *s <= '9') {
            digits += zeros + 1;
            zeros = 0;
        } else if (*s == '0' && digits > 0)
            zeros++;
    mpq_init(q);
    mpq_set_d(q, x);
    boxtoi_strbuf_init(&tmp);
    for (n = 15; n < digits && !found; n++) /* 15 and 16: the search */
        found = probe(&tmp, q, n);            /* always tries 15 */
    boxtoi_strbuf_clear(&tmp);
    mpq_clear(q);
    return found;
}

static long bad, lopsided;


static void check(double x)
{
    boxtoi_strbuf a, b;
    if (!isfinite(x))
        return; /* "inf" and "-inf": not numbers of this search */
    boxtoi_strbuf_init(&a);
    boxtoi_strbuf_init(&b);
    if (io_put_double(&a, x) != BOXTOI_OK)
        bail("io_put_double failed");
    if (x != 0)
        reference(&b, x);
    else if (boxtoi_strbuf_puts(&b, "0") != BOXTOI_OK)
        bail("out of memory");
    if (strcmp(boxtoi_strbuf_str(&a), boxtoi_strbuf_str(&b)) != 0
        || strtod(boxtoi_strbuf_str(&a), NULL) != x) {
        if (bad++ < 10)
            diag("%a: io_put_double \"%s\", reference \"%s\"", x,
                 boxtoi_strbuf_str(&a), boxtoi_strbuf_str(&b));
    }
    if (x != 0 && shorter_exists(boxtoi_strbuf_str(&a), x))
        if (lopsided++ < 3)
            diag("%a %s", x, boxtoi_strbuf_str(&a));
    boxtoi_strbuf_clear(&a);
    boxtoi_strbuf_clear(&b);
}

static uint64_t state;

static uint64_t next(void) /* splitmix64 */
{
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double from_bits(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

int main(void)
{
    long i, count = 100000 * tap_multiplier(), n0;
    int e;

    plan(4);
    state = tap_seed();
    /* every finite bit pattern equally likely: all exponents */
    for (i = 0; i < count; i++) {
        double x = from_bits(next());
        if (isfinite(x))
            check(x);
    }
    ok(bad == 0, "%ld random bit patterns as the exact reference", count);
    n0 = bad;
    for (e = -1074; e <= 1023; e++) {
        double p = ldexp(1, e);
        check(p);
        check(-p);
        check(nextafter(p, 0));
        check(nextafter(p, INFINITY));
    }
    check(DBL_MAX);
    check(DBL_MIN);
    check(ldexp(1, -1074));
    check(-ldexp(1, -1074));
    ok(bad == n0, "powers of two, their neighbours and the extremes");
    n0 = bad;
    for (i = 0; i < count / 4; i++) {
        /* short decimals m 10^k and their neighbours */
        char s[48];
        double x;
        snprintf(s, sizeof s, "%lue%d", (unsigned long)(next() % 100000),
                 (int)(next() % 640) - 330);
        x = strtod(s, NULL);
        check(x);
        check(nextafter(x, 0));
        check(nextafter(x, INFINITY));
    }
    ok(bad == n0, "short decimals and their neighbours");
    n0 = bad;
    check(0.0);
    check(-0.0);
    check(0.1);
    check(1.0 / 3);
    check(5e-324);
    check(1e23);
    check(9007199254740993.0);
    ok(bad == n0, "zeros and classic cases");
    diag("%ld doubles have 17 digits where 15 would read back", lopsided);
    return 0;
}
