/* t/io-words-t.c: the machine-word paths of the reader against the
   general ones (issue 16, item 5).

   1. io_parse_number_w, which gives the common small numbers in words
      (io_wq), against io_parse_number (the same text into a rational)
      and against a reference written here by a different method: the
      digit strings handed to mpz_set_str, the power of ten made by
      mpz_ui_pow_ui, the quotient reduced by mpq_canonicalize.  Texts:
      random fractions and decimals (long digit strings, leading zeros,
      signs, exponents, -0) and hand-picked edges (19 and 20 digits,
      2^63 and 2^64 and their neighbours, a fraction with a 20-digit
      numerator, the least subnormal, the largest double).
   2. io_round_binary64_w, the nearest double in words, against
      io_round_binary64 (GMP): decimals m / 10^k, any denominators,
      ties (odd integers of 54-64 bits, half-integers), neighbours of
      powers of two.
   3. io_read_matrix in words against io_read_matrix on the rationals'
      path alone (rd_ctx.no_words), on random 4x4 matrices of such
      numbers (strings, and JSON numbers read as doubles in binary64
      mode), some with more coefficients than the list of words holds
      or with denominators whose lcm leaves the words, so that every
      way out of the words is taken; and each coefficient of the motion
      read against the reference value of its text.
   4. io_wq_lowest against mpq_canonicalize (test_lowest). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "lib/util/impl.h"
#include "lib/io/impl.h"
#include "lib/io/read.h"

/* The reference: [-]D[/D] or [-]D[.D][e[+-]D] into r; 0 when the text
   is not of that form (or has a zero denominator). */
static int ref_parse(mpq_t r, const char *s)
{
    char num[256], den[256];
    const char *p = s, *slash, *e;
    size_t n = 0;
    long ex = 0, nfrac = 0;
    int neg = 0;
    mpz_t t;

    if (*p == '-') {
        neg = 1;
        p++;
    }
    slash = strchr(p, '/');
    if (slash != NULL) {
        memcpy(num, p, (size_t)(slash - p));
        num[slash - p] = '\0';
        if (strlen(slash + 1) >= sizeof den)
            return 0;
        strcpy(den, slash + 1);
        if (mpz_set_str(mpq_numref(r), num, 10) != 0
            || mpz_set_str(mpq_denref(r), den, 10) != 0
            || mpz_sgn(mpq_denref(r)) == 0)
            return 0;
    } else {
        e = strpbrk(p, "eE");
        while (*p != '\0' && p != e) {
            if (*p == '.') {
                nfrac = (long)strlen(p + 1) - (e != NULL ? (long)strlen(e) : 0);
            } else {
                num[n++] = *p;
            }
            p++;
        }
        num[n] = '\0';
        if (e != NULL)
            ex = strtol(e + 1, NULL, 10);
        if (mpz_set_str(mpq_numref(r), num, 10) != 0)
            return 0;
        ex -= nfrac;
        mpz_init(t);
        mpz_ui_pow_ui(t, 10, (unsigned long)(ex < 0 ? -ex : ex));
        if (ex >= 0) {
            mpz_mul(mpq_numref(r), mpq_numref(r), t);
            mpz_set_ui(mpq_denref(r), 1);
        } else {
            mpz_set(mpq_denref(r), t);
        }
        mpz_clear(t);
    }
    mpq_canonicalize(r);
    if (neg)
        mpq_neg(r, r);
    return 1;
}

static void digits(char *dst, int n, gmp_randstate_t st)
{
    int i;
    for (i = 0; i < n; i++)
        dst[i] = (char)('0' + gmp_urandomm_ui(st, 10));
    dst[n] = '\0';
}

/* A random number text of the reference's forms, up to 24 digits a
   part (so both sides of the 19 digits of a word). */
static void random_number(char *s, gmp_randstate_t st)
{
    char a[32], b[32];
    int na = 1 + (int)gmp_urandomm_ui(st, 24), nb;
    const char *sign = gmp_urandomm_ui(st, 3) == 0 ? "-" : "";

    if (gmp_urandomm_ui(st, 4) == 0)
        na = 1 + (int)gmp_urandomm_ui(st, 4); /* small ones, often 0 */
    digits(a, na, st);
    switch (gmp_urandomm_ui(st, 4)) {
    case 0: /* integer */
        sprintf(s, "%s%s", sign, a);
        break;
    case 1: /* fraction */
        nb = 1 + (int)gmp_urandomm_ui(st, 22);
        digits(b, nb, st);
        if (strspn(b, "0") == strlen(b))
            b[nb - 1] = '7';
        sprintf(s, "%s%s/%s", sign, a, b);
        break;
    case 2: /* power-of-two denominator, as doubles have */
        sprintf(s, "%s%s/%lu", sign, a, 1UL << gmp_urandomm_ui(st, 64));
        break;
    default: /* decimal, maybe with an exponent */
        nb = (int)gmp_urandomm_ui(st, 22);
        digits(b, nb, st);
        sprintf(s, "%s%s%s%s", sign, a, nb > 0 ? "." : "", b);
        if (gmp_urandomm_ui(st, 2) == 0)
            sprintf(s + strlen(s), "e%s%lu",
                    gmp_urandomm_ui(st, 2) ? "-" : "",
                    gmp_urandomm_ui(st, 40));
        break;
    }
}

/* Parses s both ways; 1 when they agree with each other and with the
   reference (and the words are in lowest terms). */
static int same_number(const char *s, long *in_words)
{
    mpq_t r1, r2, ref, v;
    io_wq w;
    int rc1, rc2, refok, good;

    mpq_init(r1);
    mpq_init(r2);
    mpq_init(ref);
    mpq_init(v);
    rc1 = io_parse_number_w(r1, &w, s, strlen(s), 10000, 1, NULL);
    rc2 = io_parse_number(r2, s, strlen(s), 10000, 1, NULL);
    refok = ref_parse(ref, s);
    good = rc1 == rc2 && (rc1 == BOXTOI_OK) == (refok != 0);
    if (good && rc1 == BOXTOI_OK) {
        if (w.d != 0) {
            ++*in_words;
            io_wq_get_mpq(v, &w);
            good = io_gcd_ui(w.n, w.d) == 1 && (w.n != 0 || !w.neg);
        } else {
            mpq_set(v, r1);
        }
        good = good && mpq_equal(v, r2) && mpq_equal(v, ref);
    }
    if (!good)
        diag("%s: rc %d/%d, ref %d", s, rc1, rc2, refok);
    mpq_clear(r1);
    mpq_clear(r2);
    mpq_clear(ref);
    mpq_clear(v);
    return good;
}

static void test_numbers(gmp_randstate_t st)
{
    static const char *const edges[] = {
        "0", "-0", "-0/5", "0/7", "00000", "-0.000e5", "1", "-1",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615",
        "18446744073709551616", "9999999999999999999",
        "10000000000000000000", "1/9999999999999999999",
        "9999999999999999999/9999999999999999999",
        "12345678901234567890/3", "-12345678901234567890/12345678901234567890",
        "18446744073709551615/18446744073709551614",
        "0.0000000000000000001", "0.00000000000000000001", "1e19", "1e-19",
        "1e-20", "999999999.9999999999", "9999999999.999999999e-9",
        "4.9406564584124654e-324", "2.2250738585072014e-308",
        "1.7976931348623157e308", "123456789012345678e-5",
        "2443642545011807/1125899906842624", "-1/72057594037927936",
        "3602879701896397/36028797018963968", "1e10000", "1e-10000",
        "1.5e+3", "1E-3", "007/014"
    };
    long n = 20000 * tap_multiplier(), words = 0, bad = 0, i;
    char s[128];

    for (i = 0; i < (long)(sizeof edges / sizeof *edges); i++)
        bad += !same_number(edges[i], &words);
    ok(bad == 0, "%ld edge cases: words, rationals and the reference "
       "agree", (long)(sizeof edges / sizeof *edges));
    bad = 0;
    for (i = 0; i < n; i++) {
        random_number(s, st);
        bad += !same_number(s, &words);
    }
    ok(bad == 0, "%ld random numbers: the same (%ld of all in words)", n,
       words);
    ok(words > n / 4, "the words are used (%ld)", words);
}

/* io_round_binary64_w against io_round_binary64 on w; 1 when they agree
   (or the words decline, and the double is then not in words). */
static int same_double(unsigned long n, unsigned long d, int neg,
                       long *in_words)
{
    io_wq w, v;
    mpq_t x, y;
    int good = 1, g;

    g = (int)io_gcd_ui(n, d);
    w.n = n / (unsigned long)g;
    w.d = d / (unsigned long)g;
    w.neg = neg && n != 0;
    v = w;
    mpq_init(x);
    mpq_init(y);
    io_wq_get_mpq(x, &w);
    if (io_round_binary64(x) != 0)
        bail("%lu/%lu beyond the doubles", n, d);
    if (io_round_binary64_w(&w)) {
        ++*in_words;
        io_wq_get_mpq(y, &w);
        good = mpq_equal(x, y) && io_gcd_ui(w.n, w.d) == 1 && w.neg == v.neg;
    } else {
#ifdef BOXTOI_HAVE_I128
        good = !io_wq_set_mpq(&v, x); /* declined: not in words */
#else
        good = 1; /* no 128-bit integers: every value is declined */
#endif
    }
    if (!good)
        diag("%s%lu/%lu rounds differently in words", neg ? "-" : "", n, d);
    mpq_clear(x);
    mpq_clear(y);
    return good;
}

static void test_doubles(gmp_randstate_t st)
{
    long n = 20000 * tap_multiplier(), i, words = 0, bad = 0;
    unsigned long ten[20], m, k;

    ten[0] = 1;
    for (i = 1; i < 20; i++)
        ten[i] = 10 * ten[i - 1];
    for (i = 0; i < n; i++) {
        int neg = (int)gmp_urandomm_ui(st, 2);
        unsigned long nb = 1 + gmp_urandomm_ui(st, 64);
        m = gmp_urandomb_ui(st, nb > 32 ? 32 : nb);
        if (nb > 32)
            m = (m << (nb - 32)) | gmp_urandomb_ui(st, nb - 32);
        m |= 1UL << (nb - 1);
        switch (i % 4) {
        case 0: /* a decimal: m / 10^k */
            bad += !same_double(m, ten[gmp_urandomm_ui(st, 20)], neg, &words);
            break;
        case 1: /* any denominator */
            k = gmp_urandomb_ui(st, 32) << 32 | gmp_urandomb_ui(st, 32);
            bad += !same_double(m, k | 1, neg, &words);
            break;
        case 2: /* a tie: (2 j + 1) / 2 with 2 j + 1 of 54 bits, or an
                   odd integer of 54 to 64 bits */
            k = (1UL << 53) | gmp_urandomb_ui(st, 53) | 1;
            bad += !same_double(k, 2, neg, &words);
            k = (1UL << 63) | gmp_urandomb_ui(st, 63) | 1;
            bad += !same_double(k >> gmp_urandomm_ui(st, 11), 1, neg,
                                &words);
            break;
        default: /* near a power of two */
            k = 1UL << gmp_urandomm_ui(st, 64);
            bad += !same_double(k + gmp_urandomm_ui(st, 3) - 1 + (k == 1),
                                ten[gmp_urandomm_ui(st, 20)], neg, &words);
            break;
        }
    }
    bad += !same_double(0, 1, 1, &words);
    bad += !same_double(ULONG_MAX, 1, 0, &words);
    bad += !same_double(1, ULONG_MAX, 0, &words);
    bad += !same_double(9007199254740993UL, 1, 0, &words);
    ok(bad == 0, "%ld doubles rounded in words as by io_round_binary64 "
       "(%ld in words)", n, words);
}

/* ---- matrices -------------------------------------------------------- */

static void put(boxtoi_strbuf *sb, const char *s)
{
    if (boxtoi_strbuf_puts(sb, s) != BOXTOI_OK)
        bail("out of memory");
}

/* A random matrix of the numbers above as one JSON line {"m": M}; the
   texts of its coefficients in txt[16][kmax] ("" where none). */
#define KMAX 8
static void random_matrix(boxtoi_strbuf *sb, char txt[16][KMAX][128],
                          int dbl, int big, gmp_randstate_t st)
{
    int e, k, len;
    boxtoi_strbuf_reset(sb);
    put(sb, "{\"m\": [");
    for (e = 0; e < 16; e++) {
        len = (int)gmp_urandomm_ui(st, big ? KMAX : 3);
        put(sb, e % 4 == 0 ? (e > 0 ? "], [" : "[") : ", ");
        for (k = 0; k < KMAX; k++)
            txt[e][k][0] = '\0';
        if (len > 0)
            put(sb, "[");
        for (k = 0; k < (len > 0 ? len : 1); k++) {
            char *s = txt[e][k];
            if (gmp_urandomm_ui(st, 4) == 0)
                strcpy(s, gmp_urandomm_ui(st, 2) ? "0" : "-0");
            else if (dbl)
                sprintf(s, "%.17g", (gmp_urandomm_ui(st, 2) ? -1.0 : 1.0)
                        * (double)gmp_urandomm_ui(st, 1000000)
                        / (double)(1UL << gmp_urandomm_ui(st, 40)));
            else
                do
                    random_number(s, st);
                while (strchr(s, 'e') != NULL || strlen(s) > (big ? 60 : 12));
            if (k > 0)
                put(sb, ", ");
            if (!dbl)
                put(sb, "\"");
            put(sb, s);
            if (!dbl)
                put(sb, "\"");
        }
        if (len > 0)
            put(sb, "]");
    }
    put(sb, "]]}");
}

/* The matrix of the line read with and without the words; 1 when the
   motions are equal and every coefficient is its text's value. */
static int same_matrix(const boxtoi_strbuf *sb, char txt[16][KMAX][128],
                       int dbl)
{
    boxtoi_io_options opts;
    boxtoi_motion_t a, b;
    boxtoi_errinfo err;
    io_jdoc doc;
    rd_ctx c;
    mpq_t ref, got;
    const io_jv *m;
    int e, k, rc1, rc2, good = 1;

    boxtoi_io_options_init(&opts);
    opts.numbers = dbl ? BOXTOI_IO_BINARY64 : BOXTOI_IO_DECIMAL;
    boxtoi_motion_init(a);
    boxtoi_motion_init(b);
    mpq_init(ref);
    mpq_init(got);
    io_jdoc_init(&doc);
    if (io_jdoc_parse(&doc, boxtoi_strbuf_str(sb), sb->len, &err)
            != BOXTOI_OK
        || !io_jget(doc.root, "m", &m))
        bail("the test's line does not parse: %s", boxtoi_strbuf_str(sb));
    io_rd_init(&c, &opts, &err);
    rc1 = io_read_matrix(a, m, "m", &c);
    c.no_words = 1;
    rc2 = io_read_matrix(b, m, "m", &c);
    good = rc1 == BOXTOI_OK && rc2 == BOXTOI_OK
           && mpz_cmp(a->den, b->den) == 0;
    for (e = 0; good && e < 16; e++) {
        good = boxtoi_poly_equal(a->e + e, b->e + e);
        for (k = 0; good && k < KMAX; k++) {
            if (txt[e][k][0] == '\0')
                continue;
            if (dbl)
                mpq_set_d(ref, strtod(txt[e][k], NULL));
            else if (!ref_parse(ref, txt[e][k]))
                bail("bad reference text %s", txt[e][k]);
            boxtoi_poly_get_coeff_mpz(mpq_numref(got), a->e + e, k);
            mpz_set(mpq_denref(got), a->den);
            mpq_canonicalize(got);
            good = mpq_equal(ref, got);
        }
    }
    if (!good)
        diag("differ (rc %d/%d): %s", rc1, rc2, boxtoi_strbuf_str(sb));
    io_jdoc_clear(&doc);
    mpq_clear(ref);
    mpq_clear(got);
    boxtoi_motion_clear(a);
    boxtoi_motion_clear(b);
    return good;
}

static void test_matrices(gmp_randstate_t st)
{
    static char txt[16][KMAX][128];
    boxtoi_strbuf sb;
    long n = 2000 * tap_multiplier(), i;
    int kind, bad;
    static const char *const name[3] = {
        "small strings", "long strings, more than 64 coefficients",
        "JSON numbers as doubles (binary64)"
    };

    boxtoi_strbuf_init(&sb);
    for (kind = 0; kind < 3; kind++) {
        bad = 0;
        for (i = 0; i < n; i++) {
            random_matrix(&sb, txt, kind == 2, kind == 1, st);
            bad += !same_matrix(&sb, txt, kind == 2);
        }
        ok(bad == 0, "%ld matrices of %s: words = rationals = the texts",
           n, name[kind]);
    }
    boxtoi_strbuf_clear(&sb);
}

/* io_wq_lowest(n, d) against mpq_canonicalize of n/d: d = 1 (io_wq_int),
   d = 2^j (the shifts) and any d (the gcd), on 0, 1, 2^k, 2^k +- 1,
   2^64 - 1, n with more, as many and fewer factors 2 than d, and random
   words of 1 to 64 bits shifted left by 0 to 63, both signs. */
static void test_lowest(gmp_randstate_t st)
{
    static const unsigned long fixed[] = {0, 1, 2, 3, 6, 12, 1024, 3072,
                                          ULONG_MAX, ULONG_MAX - 1};
    long bad = 0, count = 0;
    int i, j, k, neg;
    mpq_t x, y;
    mpq_init(x);
    mpq_init(y);
    for (i = 0; i < 2600; i++) {
        unsigned long n, d;
        io_wq w;
        if (i < 100) {
            n = fixed[i % 10];
            d = fixed[i / 10 % 10];
        } else {
            n = gmp_urandomb_ui(st, 1 + (int)gmp_urandomm_ui(st, 64));
            n <<= gmp_urandomm_ui(st, 64);
            j = (int)gmp_urandomm_ui(st, 64);
            k = (int)gmp_urandomm_ui(st, 3);
            d = k == 0 ? 1UL << j
                       : k == 1 ? (1UL << j) + (j > 0 ? 1 : 0)
                                : (1UL << j) | gmp_urandomb_ui(st, j);
        }
        if (d == 0)
            continue;
        for (neg = 0; neg < 2; neg++) {
            io_wq_lowest(&w, n, d, neg);
            mpz_set_ui(mpq_numref(x), n);
            if (neg)
                mpz_neg(mpq_numref(x), mpq_numref(x));
            mpz_set_ui(mpq_denref(x), d);
            mpq_canonicalize(x);
            io_wq_get_mpq(y, &w);
            count++;
            if (!mpq_equal(x, y) || w.neg != (mpq_sgn(x) < 0)
                || io_gcd_ui(w.n, w.d) != 1) {
                bad++;
                diag("%s%lu/%lu in lowest terms", neg ? "-" : "", n, d);
            }
        }
    }
    ok(bad == 0, "%ld fractions in lowest terms as by mpq_canonicalize",
       count);
    mpq_clear(x);
    mpq_clear(y);
}

int main(void)
{
    gmp_randstate_t st;
    plan(8);
    tap_randinit(st);
    test_numbers(st);
    test_doubles(st);
    test_matrices(st);
    test_lowest(st);
    gmp_randclear(st);
    return 0;
}
