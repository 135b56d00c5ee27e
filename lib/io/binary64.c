/* lib/io/binary64.c: the two binary forms of a number (doc/format.md
   §1): a hexadecimal floating-point literal as C99's %a prints it, and
   the rounding of an exact rational to the nearest IEEE-754 binary64
   double (the reading of JSON number literals under "numbers":
   "binary64").

   Method: a hex literal is H 2^(e - 4 f) for the integer H spelled by
   its f + (integer part) hex digits, read with mpz_set_str in base 16.
   Rounding to binary64 is done on integers, with no floating point
   (IEEE 754-2008 §4.3.1, roundTiesToEven): for q = n/d != 0 the
   exponent E of the last place is the larger of (the exponent that
   leaves 53 significant bits) and -1074 (the subnormals' last place);
   m = |q| 2^-E is rounded to an integer by its remainder, ties to the
   even m; a carry to 2^53 moves E up by one; the result overflows when
   m 2^E > (2^53 - 1) 2^971, the largest finite double.  This is the
   same value as boxtoi_motion_set_d gives for the double that a C
   program would read from the same text (strtod rounds to nearest,
   ties to even, in the default rounding mode).
   Writing a double (io_put_double) uses the C library instead: glibc's
   printf and strtod are exact, and t/io-double-t checks them against
   the integer routines here and in lib/alg/decimal.c; for
   2^-15 <= |x| < 2^52 the same candidates are computed in 128-bit
   integers (probe_words, doc/algorithm.md §4.3 "Digits of a double in
   words"), compared with the C library's in t/io-double-t. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/util/i128.h"
#include "lib/io/impl.h"

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int io_is_hex_text(const char *s, size_t len)
{
    size_t i = len > 0 && s[0] == '-';
    return i + 1 < len && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
}

/* Sets z to the integer spelled by the hex digits s[a..b) except the
   one at skip (the point; skip outside [a, b) when there is none). */
static int hex_digits_to_mpz(mpz_t z, const char *s, size_t a, size_t b,
                             size_t skip)
{
    char small[128], *buf = small;
    size_t i, n = 0;

    if (b - a + 1 > sizeof small) {
        buf = malloc(b - a + 1);
        if (buf == NULL)
            return BOXTOI_ENOMEM;
    }
    for (i = a; i < b; i++)
        if (i != skip)
            buf[n++] = s[i];
    buf[n] = '\0';
    mpz_set_str(z, buf, 16); /* cannot fail: hex digits, at least one */
    if (buf != small)
        free(buf);
    return BOXTOI_OK;
}

int io_parse_hex(mpq_t res, const char *s, size_t len, long max_exponent,
                 int quoted, boxtoi_errinfo *err)
{
    size_t i = 0, a, point = (size_t)-1, ndig = 0, nfrac = 0;
    int neg = 0, eneg = 0, rc;
    long e = 0;
    const long ecap = LONG_MAX / 8;
    char q[IO_QUOTE_SIZE];
    const char *why = NULL;

    if (s[0] == '-') {
        neg = 1;
        i++;
    }
    a = i += 2; /* past "0x" */
    for (; i < len && (hex_value(s[i]) >= 0 || s[i] == '.'); i++) {
        if (s[i] == '.') {
            if (point != (size_t)-1)
                break;
            point = i;
        } else {
            ndig++;
            nfrac += point != (size_t)-1;
        }
    }
    if (ndig == 0)
        why = "a hex number needs hex digits after 0x";
    else if (i == len || (s[i] != 'p' && s[i] != 'P'))
        why = i == len ? "a hex number needs a binary exponent p[+-]d"
                       : "unexpected character in a hex number";
    if (why == NULL) {
        size_t b = i++, ep;
        if (i < len && (s[i] == '+' || s[i] == '-'))
            eneg = s[i++] == '-';
        ep = i;
        for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
            e = e <= (ecap - 9) / 10 ? 10 * e + (s[i] - '0') : ecap;
        if (i == ep || i < len)
            why = "the binary exponent must be decimal digits";
        else
            len = b; /* the digits end at b */
    }
    io_quote(q, s, len, quoted);
    if (why != NULL)
        return boxtoi_errinfo_set(err, BOXTOI_ENUMBER,
                                  "%s is not a number (%s)", q, why);
    if ((max_exponent > 0 && e > max_exponent) || e >= ecap)
        return boxtoi_errinfo_set(
            err, BOXTOI_ELIMIT, "%s has an exponent beyond the limit %ld", q,
            max_exponent > 0 ? max_exponent : ecap);
    rc = hex_digits_to_mpz(mpq_numref(res), s, a, len, point);
    if (rc != BOXTOI_OK)
        return boxtoi_errinfo_set(err, rc, "out of memory");
    if (neg)
        mpz_neg(mpq_numref(res), mpq_numref(res));
    mpz_set_ui(mpq_denref(res), 1);
    /* value = H 2^(e - 4 nfrac); both bounded by LONG_MAX / 8 */
    e = (eneg ? -e : e) - 4 * (long)nfrac;
    if (e >= 0)
        mpq_mul_2exp(res, res, (mp_bitcnt_t)e);
    else
        mpq_div_2exp(res, res, (mp_bitcnt_t)-e);
    return BOXTOI_OK;
}

int io_round_binary64_w(io_wq *w)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_u128 num, den, q, r;
    int s, cmp;

    if (IO_ULONG_BITS != 64)
        return 0;
    if (w->n == 0)
        return 1; /* 0 is a double */
    /* N / D in [2^-64, 2^64): no subnormal, no overflow.  With s as
       below, num / den = (N / D) 2^s lies in [2^52, 2^54), and num
       (at most 117 bits) and den (at most 75) fit in 128 bits. */
    s = 53 + boxtoi_nbits_i128(w->d) - boxtoi_nbits_i128(w->n);
    num = (boxtoi_u128)w->n << (s > 0 ? s : 0);
    den = (boxtoi_u128)w->d << (s < 0 ? -s : 0);
    q = num / den;
    r = num % den;
    if (q >> 53 != 0) { /* 54 bits: one place coarser */
        r += (q & 1) * den;
        q >>= 1;
        den <<= 1;
        s--;
    }
    /* N / D = (q + r / den) 2^-s, 2^52 <= q < 2^53: round to even */
    cmp = 2 * r > den ? 1 : 2 * r == den ? 0 : -1;
    if (cmp > 0 || (cmp == 0 && (q & 1) != 0))
        q++;
    if (q >> 53 != 0) {
        q >>= 1;
        s--;
    }
    while ((q & 1) == 0) {
        q >>= 1;
        s--;
    }
    if (s > 63 || (s < 0 && boxtoi_nbits_i128(q) - s > 64))
        return 0; /* its denominator or its value leaves the words */
    w->n = s < 0 ? (unsigned long)(q << -s) : (unsigned long)q;
    w->d = s > 0 ? 1UL << s : 1;
    return 1;
#else
    (void)w;
    return 0;
#endif
}

int io_mpq_down_up_w(double du[2], mpq_srcptr t)
{
#ifdef BOXTOI_HAVE_I128
    boxtoi_u128 num, den, q, r;
    unsigned long n, d;
    double lo, hi;
    int s, neg = mpq_sgn(t) < 0;

    if (IO_ULONG_BITS != 64 || GMP_NUMB_BITS != 64 || GMP_NAIL_BITS != 0
        || mpz_size(mpq_numref(t)) != 1 || mpz_size(mpq_denref(t)) != 1)
        return 0;
    n = mpz_getlimbn(mpq_numref(t), 0);
    d = mpz_getlimbn(mpq_denref(t), 0);
    /* doc/algorithm.md §4.3, "Doubles"; as io_round_binary64_w: n / d
       in [2^-64, 2^64), num / den = (n / d) 2^s in [2^52, 2^54), num at
       most 117 bits, den 75 */
    s = 53 + boxtoi_nbits_i128(d) - boxtoi_nbits_i128(n);
    num = (boxtoi_u128)n << (s > 0 ? s : 0);
    den = (boxtoi_u128)d << (s < 0 ? -s : 0);
    q = num / den;
    r = num % den;
    if (q >> 53 != 0) { /* 54 bits: one place coarser */
        r += (q & 1) * den;
        q >>= 1;
        s--;
    }
    /* |t| = (q + r') 2^-s, 2^52 <= q < 2^53, r' in [0, 1) zero iff r
       is: lo = q 2^-s is a normal double (exact), hi the next one */
    lo = ldexp((double)q, -s);
    if (r == 0) {
        du[0] = du[1] = neg ? -lo : lo;
        return 1;
    }
    hi = nextafter(lo, HUGE_VAL);
    du[0] = neg ? -hi : lo;
    du[1] = neg ? -lo : hi;
    return 1;
#else
    (void)du, (void)t;
    return 0;
#endif
}

int io_round_binary64(mpq_t q)
{
    mpz_t num, den, m, r;
    long e;
    int cmp, neg = mpq_sgn(q) < 0, rc = 0;

    if (mpq_sgn(q) == 0)
        return 0;
    mpz_init(num);
    mpz_init(den);
    mpz_init(m);
    mpz_init(r);
    mpz_abs(num, mpq_numref(q));
    /* 2^(k-1) <= |q| < 2^(k+1) with k the difference of the bit
       lengths; first guess for the last place: 53 bits before it */
    e = (long)mpz_sizeinbase(num, 2) - (long)mpz_sizeinbase(mpq_denref(q), 2)
        - 53;
    for (;;) {
        if (e < -1074)
            e = -1074;
        mpz_set(den, mpq_denref(q));
        mpz_abs(num, mpq_numref(q));
        if (e >= 0)
            mpz_mul_2exp(den, den, (mp_bitcnt_t)e);
        else
            mpz_mul_2exp(num, num, (mp_bitcnt_t)-e);
        mpz_fdiv_qr(m, r, num, den); /* |q| 2^-e = m + r / den */
        if (mpz_sizeinbase(m, 2) > 53 && mpz_sgn(m) != 0) {
            e++;   /* too many bits: a coarser last place */
            continue;
        }
        if (mpz_sizeinbase(m, 2) < 53 && e > -1074) {
            e--;   /* too few (and not subnormal): a finer one */
            continue;
        }
        break;
    }
    /* round m + r/den to an integer, ties to even */
    mpz_mul_2exp(r, r, 1);
    cmp = mpz_cmp(r, den);
    if (cmp > 0 || (cmp == 0 && mpz_odd_p(m)))
        mpz_add_ui(m, m, 1);
    if (mpz_sizeinbase(m, 2) > 53) { /* m = 2^53 */
        mpz_fdiv_q_2exp(m, m, 1);
        e++;
    }
    if (e > 971) {
        rc = 1; /* beyond (2^53 - 1) 2^971 */
    } else {
        if (neg)
            mpz_neg(m, m);
        mpq_set_z(q, m);
        if (e >= 0)
            mpq_mul_2exp(q, q, (mp_bitcnt_t)e);
        else
            mpq_div_2exp(q, q, (mp_bitcnt_t)-e);
    }
    mpz_clear(num);
    mpz_clear(den);
    mpz_clear(m);
    mpz_clear(r);
    return rc;
}

/* x rounded to n in [1, 17] significant digits, by the C library's
   "%.*e" (glibc prints the exact binary value rounded to nearest, ties
   to even, as boxtoi_mpq_get_decimal_str does), read back by strtod
   (correctly rounded in glibc, as io_round_binary64): the digits
   d1...dn go to dig (without the sign and the point), the decimal
   exponent to *e, and the result is whether they read back as x.
   t/io-double-t checks both against the exact rational routines. */
static int probe_libc(char dig[18], long *e, double x, long n)
{
    char s[40], *p;
    int k = 0;

    snprintf(s, sizeof s, "%.*e", (int)n - 1, x);
    for (p = s; *p != 'e'; p++)
        if (*p >= '0' && *p <= '9')
            dig[k++] = *p;
    *e = strtol(p + 1, NULL, 10);
    return strtod(s, NULL) == x;
}

#ifdef BOXTOI_HAVE_I128
static const uint64_t p10[20] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
    10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
    100000000000ULL, 1000000000000ULL, 10000000000000ULL,
    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
    100000000000000000ULL, 1000000000000000000ULL,
    10000000000000000000ULL};

/* 10^k for k in [0, 38]. */
static boxtoi_u128 p10w(long k)
{
    return k <= 19 ? (boxtoi_u128)p10[k] : (boxtoi_u128)p10[19] * p10[k - 19];
}

/* probe_libc's answer in 128-bit integers (doc/algorithm.md §4.3,
   "Digits of a double in words"), or -1 (nothing set) outside its
   range: |x| = m 2^-sh with the 53-bit significand m, x not a power of
   two, 1 <= sh <= 68 (2^-15 <= |x| < 2^52).  With E the decimal
   exponent of x (guessed from sh, checked exactly) and s = 16 - E,
   x 10^s = X / 2^sh, X = m 10^s < 2^127, has the integer part
   q in [10^16, 10^17) and the remainder r = X - q 2^sh.  Rounded to n
   digits: q = Q P + R, P = 10^(17 - n), the fraction
   (R + r 2^-sh) / P against 1/2, i.e. 2 (R 2^sh + r) against P 2^sh
   (< 2^124), ties to the even Q; a carry to 10^n makes Q = 10^(n-1)
   and E + 1.  The decimal y = Q 10^(E + 1 - n) reads back as x (strtod
   rounds to nearest, ties to even) iff |y - x| < 2^-sh / 2, or equal
   and m even, x's neighbours being m +- 1 over 2^sh: with j = n-1-E,
   |Q 2^(sh+1) - 2 m 10^j| against 10^j for j >= 0 (< 2^127), and
   |Q 10^-j 2^(sh+1) - 2 m| against 1 for j < 0. */
static int probe_words(char dig[18], long *e, double x, long n)
{
    boxtoi_u128 X, r, a, b, d, lim;
    uint64_t m, bits, q, Q, R, P;
    long k, s, j;
    int ex, sh;

    /* m and ex as frexp gives them (|x| = m 2^(ex - 53)), from the
       bits: a normal double only (a subnormal is below 2^-15 anyway) */
    memcpy(&bits, &x, sizeof bits);
    ex = (int)((bits >> 52) & 0x7ff);
    if (ex == 0 || ex == 0x7ff)
        return -1;
    m = (bits & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1) << 52);
    ex -= 1022;
    sh = 53 - ex;
    if (sh < 1 || sh > 68 || (m & (m - 1)) == 0)
        return -1;
    /* x in [2^(ex-1), 2^ex): E >= floor((ex - 1) log10 2) */
    k = ex - 1 >= 0 ? (ex - 1) * 30103L / 100000 : -((1 - ex) * 30103L / 100000) - 1;
    for (;;) {
        s = 16 - k;
        if (s < 0 || s > 22)
            return -1;
        X = (boxtoi_u128)m * p10w(s);
        if ((X >> sh) < p10[16])
            k--;
        else if ((X >> sh) >= p10[17])
            k++;
        else
            break;
    }
    /* q < 10^17 < 2^57: the divisions below are on words */
    q = (uint64_t)(X >> sh);
    r = X - ((boxtoi_u128)q << sh);
    P = p10[17 - n];
    Q = q / P;
    R = q % P;
    a = ((boxtoi_u128)R << (sh + 1)) + (r << 1);
    b = (boxtoi_u128)P << sh;
    if (a > b || (a == b && (Q & 1)))
        Q++;
    if (Q == p10[n]) {
        Q = p10[n - 1];
        k++;
    }
    *e = k;
    (void)util_word_digits(dig + n, Q, (int)n); /* Q < 10^n */
    j = n - 1 - k;
    if (j >= 0) {
        a = (boxtoi_u128)Q << (sh + 1);
        b = ((boxtoi_u128)m * p10w(j)) << 1;
        lim = p10w(j);
    } else {
        a = ((boxtoi_u128)Q * p10w(-j)) << (sh + 1);
        b = (boxtoi_u128)m << 1;
        lim = 1;
    }
    d = a > b ? a - b : b - a;
    return d < lim || (d == lim && (m & 1) == 0);
}
#endif

int io_double_digits(char dig[18], long *e, double x, long n, int ref)
{
#ifdef BOXTOI_HAVE_I128
    int rc;
    if (!ref && (rc = probe_words(dig, e, x, n)) >= 0)
        return rc;
#endif
    (void)ref;
    return probe_libc(dig, e, x, n);
}

/* The fast path where it applies (t/io-double-t pairs the two). */
static int probe(char dig[18], long *e, double x, long n)
{
    return io_double_digits(dig, e, x, n, 0);
}

int io_put_double(boxtoi_strbuf *sb, double x)
{
    char dig[18], best[18];
    long lo = 1, hi = 17, n, e, ebest = 0;
    int pow2;

    if (x != x)
        return BOXTOI_EINTERNAL; /* never: the doubles come from t */
    if (x > DBL_MAX || x < -DBL_MAX)
        return boxtoi_strbuf_puts(sb, x > 0 ? "inf" : "-inf");
    if (x == 0)
        return boxtoi_strbuf_puts(sb, "0"); /* also for -0 */
    /* The least n for which x rounded to n significant digits reads
       back (17 always do).  If n do, then n + 1 do when x's rounding
       interval is symmetric (the nearest (n+1)-digit decimal is no
       farther from x), i.e. unless x is a power of two, whose lower
       neighbour is twice as close as its upper one (doc/algorithm.md
       §4.3): there the digits are searched upwards from 1; elsewhere
       bisected, keeping the digits of the least n seen to read back
       (best).  Most doubles of the output (the neighbours of an
       irrational or non-dyadic t) need 16 or 17 digits: 16 and 15 are
       tried first. */
    if (fabs(frexp(x, &pow2)) == 0.5) {
        for (hi = 1; hi < 17 && !probe(best, &ebest, x, hi); hi++)
            ;
        if (hi == 17)
            (void)probe(best, &ebest, x, 17);
        return util_put_decimal(sb, x < 0, best, (size_t)hi, ebest);
    }
    n = 16;
    while (lo < hi) {
        if (probe(dig, &e, x, n)) {
            hi = n;
            ebest = e;
            memcpy(best, dig, (size_t)n);
        } else
            lo = n + 1;
        n = hi == 16 ? 15 : (lo + hi) / 2;
    }
    if (hi == 17)
        (void)probe(best, &ebest, x, 17);
    return util_put_decimal(sb, x < 0, best, (size_t)hi, ebest);
}
