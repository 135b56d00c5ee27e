/* lib/io/number.c: exact numbers from their decimal text, the I/O
   options, and the small text helpers of error messages.

   Method: a single left-to-right pass over the grammar of
   include/boxtoi/io.h (doc/format.md §1) records the spans of the
   integer part, the fraction digits, the denominator and the exponent;
   the value is then (integer digits . fraction digits) as one integer
   N, times 10^(e - number of fraction digits), or N / D for a fraction,
   put in lowest terms with mpq_canonicalize.  No floating point, no
   strtod, no locale.  The exponent is accumulated saturating and
   checked against max_exponent before any power of ten is formed, so
   "1e999999999" costs nothing. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/io/impl.h"

void boxtoi_io_options_init(boxtoi_io_options *opts)
{
    boxtoi_options_init(&opts->solver);
    opts->digits = 30;
    opts->max_digits = 100000;
    opts->max_exponent = 10000;
    opts->format = BOXTOI_IO_JSON;
    opts->explain = 0;
    opts->numbers = BOXTOI_IO_DECIMAL;
    opts->scene_threads = 1;
}

void io_quote(char *dst, const char *s, size_t len, int quoted)
{
    static const char hex[] = "0123456789abcdef";
    size_t i, n = len > 40 ? 40 : len;
    char *p = dst;

    if (quoted)
        *p++ = '"';
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            *p++ = '\\';
            *p++ = (char)c;
        } else if (c >= 0x20 && c < 0x7f) {
            *p++ = (char)c;
        } else {
            *p++ = '\\';
            *p++ = 'x';
            *p++ = hex[c >> 4];
            *p++ = hex[c & 15];
        }
    }
    if (quoted)
        *p++ = '"';
    if (n < len) {
        memcpy(p, "...", 3);
        p += 3;
    }
    *p = '\0';
}

void io_mpq_text(char *dst, size_t size, mpq_srcptr q)
{
    size_t need = mpz_sizeinbase(mpq_numref(q), 10)
                  + mpz_sizeinbase(mpq_denref(q), 10) + 3;
    char *buf;

    if (need <= size) {
        mpq_get_str(dst, 10, q);
        return;
    }
    buf = malloc(need);
    if (buf == NULL) {
        snprintf(dst, size, "(a %lu-digit number)", (unsigned long)need);
        return;
    }
    mpq_get_str(buf, 10, q);
    memcpy(dst, buf, size - 4);
    memcpy(dst + size - 4, "...", 4);
    free(buf);
}

/* Sets z to the integer spelled by the digits a[0..na) followed by
   b[0..nb) (nb may be 0).  Up to 9 digits (19 with a 64-bit long) fit
   in an unsigned long, the common case; otherwise GMP wants a
   NUL-terminated string, and short ones are assembled on the stack. */
#define ULONG_DIGITS IO_ULONG_DIGITS

/* The value of n <= ULONG_DIGITS decimal digits at s. */
static unsigned long word_of(const char *s, size_t n)
{
    unsigned long v = 0;
    size_t i;
    for (i = 0; i < n; i++)
        v = 10 * v + (unsigned long)(s[i] - '0');
    return v;
}

static int digits_to_mpz(mpz_t z, const char *a, size_t na, const char *b,
                         size_t nb)
{
    char small[128], *buf = small;
    size_t i;

    if (na + nb <= ULONG_DIGITS) {
        unsigned long v = word_of(a, na);
        for (i = 0; i < nb; i++)
            v = 10 * v + (unsigned long)(b[i] - '0');
        mpz_set_ui(z, v);
        return BOXTOI_OK;
    }

    if (na + nb + 1 > sizeof small) {
        buf = malloc(na + nb + 1);
        if (buf == NULL)
            return BOXTOI_ENOMEM;
    }
    memcpy(buf, a, na);
    if (nb > 0)
        memcpy(buf + na, b, nb);
    buf[na + nb] = '\0';
    mpz_set_str(z, buf, 10); /* cannot fail: only digits, at least one */
    if (buf != small)
        free(buf);
    return BOXTOI_OK;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* The number of trailing zero bits of a != 0, at most k. */
static int twos(unsigned long a, int k)
{
    int i = 0;
#if defined(__GNUC__)
    i = __builtin_ctzl(a);
    return i < k ? i : k;
#else
    while (i < k && (a & 1) == 0) {
        a >>= 1;
        i++;
    }
    return i;
#endif
}

unsigned long io_gcd_ui(unsigned long a, unsigned long b)
{
    unsigned long t;
    if (a != 0 && b != 0 && (b & (b - 1)) == 0) /* b = 2^j: 2^min */
        return 1UL << twos(a, twos(b, (int)IO_ULONG_BITS));
    while (b != 0) {
        t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int io_wq_set_mpq(io_wq *w, mpq_srcptr x)
{
    if (mpz_sizeinbase(mpq_numref(x), 2) > IO_ULONG_BITS
        || mpz_sizeinbase(mpq_denref(x), 2) > IO_ULONG_BITS) {
        w->d = 0;
        return 0;
    }
    w->n = mpz_get_ui(mpq_numref(x)); /* |num|: it fits */
    w->neg = mpq_sgn(x) < 0;
    w->d = mpz_get_ui(mpq_denref(x));
    return 1;
}

/* *w = (neg ? -n : n) / d, d > 0, divided by a = gcd(n, d). */
static void wq_div(io_wq *w, unsigned long n, unsigned long d,
                   unsigned long a, int neg)
{
    w->n = n / a;
    w->d = d / a;
    w->neg = neg && w->n != 0;
}

void io_wq_lowest(io_wq *w, unsigned long n, unsigned long d, int neg)
{
    int i;
    if (d == 1) { /* an integer: nothing to divide */
        io_wq_int(w, n, neg);
        return;
    }
    if ((d & (d - 1)) == 0) {
        /* d = 2^j (most denominators of users' data): the gcd is
           2^min(twos(n), j) (io_gcd_ui), divided out by shifts instead
           of wq_div's two hardware divisions */
        i = n == 0 ? 0 : twos(n, twos(d, (int)IO_ULONG_BITS));
        w->n = n >> i;
        w->d = n == 0 ? 1 : d >> i;
        w->neg = neg && n != 0;
        return;
    }
    wq_div(w, n, d, io_gcd_ui(n, d), neg); /* gcd >= 1: d > 0 */
}

/* The value (neg ? -n : n) / d, d > 0, divided by a = gcd(n, d): into
   *w when w is not NULL (res untouched), else into res. */
static int put_q(mpq_t res, io_wq *w, unsigned long n, unsigned long d,
                 unsigned long a, int neg)
{
    io_wq v;
    wq_div(&v, n, d, a, neg);
    if (w != NULL)
        *w = v;
    else
        io_wq_get_mpq(res, &v);
    return BOXTOI_OK;
}

/* put_q in lowest terms, the gcd taken in machine words (what
   mpq_canonicalize would do with two mpz). */
static int small_q(mpq_t res, io_wq *w, unsigned long n, unsigned long d,
                   int neg)
{
    return put_q(res, w, n, d, io_gcd_ui(n, d), neg); /* gcd >= 1: d > 0 */
}

/* small_q for n / 10^k (k <= ULONG_DIGITS): the gcd is 2^i 5^j, found
   by a few divisions instead of Euclid's dozens of steps. */
static int small_q_ten(mpq_t res, io_wq *w, unsigned long n, int k, int neg)
{
    unsigned long a = 1, ten = 1, m = n;
    int i;

    for (i = 0; i < k; i++)
        ten *= 10;
    if (n == 0)
        return put_q(res, w, n, ten, ten, neg);
    for (i = 0; i < k && m % 5 == 0; i++) {
        m /= 5;
        a *= 5;
    }
    return put_q(res, w, n, ten, a << twos(n, k), neg); /* gcd(n, 10^k) */
}

static int bad_number(boxtoi_errinfo *err, const char *s, size_t len,
                      int quoted, const char *why)
{
    char q[IO_QUOTE_SIZE];
    io_quote(q, s, len, quoted);
    return boxtoi_errinfo_set(err, BOXTOI_ENUMBER, "%s is not a number (%s)",
                              q, why);
}

int io_parse_number_w(mpq_t res, io_wq *w, const char *s, size_t len,
                      long max_exponent, int quoted, boxtoi_errinfo *err)
{
    size_t i = 0, ip, nint, fp = 0, nfrac = 0, dp, nden;
    unsigned long v = 0, dv = 0; /* the digits' values (used when few) */
    int neg = 0, eneg = 0, rc;
    long e = 0;          /* |exponent|, saturated at ecap */
    const long ecap = LONG_MAX / 4;
    char q[IO_QUOTE_SIZE];

    if (w != NULL)
        w->d = 0; /* not in words, unless a small case below says so */
    if (len == 0)
        return bad_number(err, s, len, quoted, "empty");
    if (io_is_hex_text(s, len))
        return io_parse_hex(res, s, len, max_exponent, quoted, err);
    if (s[0] == '-') {
        neg = 1;
        i++;
    } else if (s[0] == '+') {
        return bad_number(err, s, len, quoted, "no '+' sign allowed");
    }
    ip = i;
    while (i < len && is_digit(s[i]))
        v = 10 * v + (unsigned long)(s[i++] - '0');
    nint = i - ip;
    if (nint == 0)
        return bad_number(err, s, len, quoted,
                          i < len ? "a digit must come first"
                                  : "no digits");
    if (i < len && s[i] == '/') {
        dp = ++i;
        while (i < len && is_digit(s[i]))
            dv = 10 * dv + (unsigned long)(s[i++] - '0');
        nden = i - dp;
        if (nden == 0 || i < len)
            return bad_number(err, s, len, quoted,
                              "the denominator must be digits");
        if (nint <= ULONG_DIGITS && nden <= ULONG_DIGITS) {
            if (dv == 0)
                return bad_number(err, s, len, quoted, "zero denominator");
            return small_q(res, w, v, dv, neg);
        }
        rc = digits_to_mpz(mpq_denref(res), s + dp, nden, NULL, 0);
        if (rc != BOXTOI_OK)
            return boxtoi_errinfo_set(err, rc, "out of memory");
        if (mpz_sgn(mpq_denref(res)) == 0)
            return bad_number(err, s, len, quoted, "zero denominator");
        rc = digits_to_mpz(mpq_numref(res), s + ip, nint, NULL, 0);
        if (rc != BOXTOI_OK)
            return boxtoi_errinfo_set(err, rc, "out of memory");
        if (neg)
            mpz_neg(mpq_numref(res), mpq_numref(res));
        mpq_canonicalize(res);
        return BOXTOI_OK;
    }
    if (i < len && s[i] == '.') {
        fp = ++i;
        while (i < len && is_digit(s[i]))
            v = 10 * v + (unsigned long)(s[i++] - '0');
        nfrac = i - fp;
        if (nfrac == 0)
            return bad_number(err, s, len, quoted,
                              "digits must follow '.'");
    }
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        size_t ep;
        i++;
        if (i < len && (s[i] == '+' || s[i] == '-'))
            eneg = s[i++] == '-';
        ep = i;
        while (i < len && is_digit(s[i])) {
            e = e <= (ecap - 9) / 10 ? 10 * e + (s[i] - '0') : ecap;
            i++;
        }
        if (i == ep)
            return bad_number(err, s, len, quoted,
                              "the exponent must have digits");
    }
    if (i < len) {
        char why[32];
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f)
            snprintf(why, sizeof why, "unexpected '%c'", (char)c);
        else
            snprintf(why, sizeof why, "unexpected byte 0x%02x",
                     (unsigned)c);
        return bad_number(err, s, len, quoted, why);
    }
    if ((max_exponent > 0 && e > max_exponent) || e >= ecap) {
        io_quote(q, s, len, quoted);
        return boxtoi_errinfo_set(
            err, BOXTOI_ELIMIT,
            "%s has an exponent beyond the limit %ld", q,
            max_exponent > 0 ? max_exponent : ecap);
    }
    if (nfrac > (size_t)(LONG_MAX / 4))
        return boxtoi_errinfo_set(err, BOXTOI_ELIMIT,
                                  "a number with too many digits");

    if (nint + nfrac <= ULONG_DIGITS) {
        /* the common case: N (v, its integer and fraction digits) and
           the power of ten fit in a word */
        long p = (eneg ? -e : e) - (long)nfrac;
        if (p < 0 && -p <= ULONG_DIGITS)
            return small_q_ten(res, w, v, (int)-p, neg);
        if (p == 0)
            return small_q(res, w, v, 1, neg);
    }
    rc = digits_to_mpz(mpq_numref(res), s + ip, nint, s + fp, nfrac);
    if (rc != BOXTOI_OK)
        return boxtoi_errinfo_set(err, rc, "out of memory");
    if (neg)
        mpz_neg(mpq_numref(res), mpq_numref(res));
    {
        /* value = N * 10^(exponent - nfrac); both terms are bounded by
           LONG_MAX / 4, so the difference cannot overflow. */
        long p = (eneg ? -e : e) - (long)nfrac;
        if (p >= 0 && p <= ULONG_DIGITS) {
            /* the common case: no exponent, or 10^p fits in a word */
            unsigned long ten = 1;
            while (p-- > 0)
                ten *= 10;
            if (ten > 1)
                mpz_mul_ui(mpq_numref(res), mpq_numref(res), ten);
            mpz_set_ui(mpq_denref(res), 1);
        } else if (p >= 0) {
            mpz_t t;
            mpz_init(t);
            mpz_ui_pow_ui(t, 10, (unsigned long)p);
            mpz_mul(mpq_numref(res), mpq_numref(res), t);
            mpz_clear(t);
            mpz_set_ui(mpq_denref(res), 1);
        } else {
            mpz_ui_pow_ui(mpq_denref(res), 10, (unsigned long)-p);
        }
    }
    mpq_canonicalize(res);
    return BOXTOI_OK;
}

int io_parse_number(mpq_t res, const char *s, size_t len, long max_exponent,
                    int quoted, boxtoi_errinfo *err)
{
    return io_parse_number_w(res, NULL, s, len, max_exponent, quoted, err);
}

int boxtoi_io_parse_number(mpq_t res, const char *s, size_t len,
                           const boxtoi_io_options *opts,
                           boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    opts = io_options_or_default(opts, &def);
    return io_parse_number(res, s, len, opts->max_exponent, 1, err);
}
