/* t/io-double-t.c: io_put_double (lib/io/binary64.c), the shortest
   decimal of a double written for down and up (doc/format.md §4.1),
   against the definition computed exactly.

   io_put_double rounds with the C library's "%.*e" and reads back with
   strtod.  The reference here is a different method on exact rationals:
   a linear search for the least number of significant digits, each
   candidate made by boxtoi_mpq_get_decimal_str (rounding in Z) and read
   back by io_parse_number + io_round_binary64 (rounding to binary64 in
   Z, no floating point).  Every double is also checked to read back by
   strtod, or (io_double_digits) in 128-bit integers where they apply,
   compared with the C library's digits for every n as well.
   Doubles: random bit patterns (every exponent,
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

/* The shortest text by definition: the least n in 1..17 whose n-digit
   rounding reads back, by a linear search (no assumption that n + 1
   digits read back when n do: that fails next to some powers of two,
   whose rounding interval is narrower below than above), every
   candidate made and read back in exact arithmetic. */
static void reference(boxtoi_strbuf *sb, double x)
{
    mpq_t q;
    long n;
    mpq_init(q);
    mpq_set_d(q, x);
    for (n = 1; n < 17 && !probe(sb, q, n); n++)
        ;
    if (n == 17)
        (void)probe(sb, q, 17);
    mpq_clear(q);
}

static long bad;

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
    boxtoi_strbuf_clear(&a);
    boxtoi_strbuf_clear(&b);
}

static uint64_t state;

static long bad_words;

/* io_double_digits in 128-bit integers (lib/io/binary64.c, probe_words)
   against the C library's (the reference): for every n the same
   digits, exponent and read-back verdict. */
static void check_words(double x)
{
    char d0[18], d1[18];
    long n, e0, e1;
    int r0, r1;
    if (!isfinite(x) || x == 0)
        return;
    for (n = 1; n <= 17; n++) {
        r0 = io_double_digits(d0, &e0, x, n, 0);
        r1 = io_double_digits(d1, &e1, x, n, 1);
        if (r0 != r1 || e0 != e1 || memcmp(d0, d1, (size_t)n) != 0) {
            if (bad_words++ < 10)
                diag("%a, %ld digits: words %.*s e%ld (%d), C library "
                     "%.*s e%ld (%d)", x, n, (int)n, d0, e0, r0, (int)n,
                     d1, e1, r1);
        }
    }
}

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

/* m 10^k for random m < mmax and k in [kmin, kmin + kspan). */
static double short_decimal(unsigned long mmax, int kspan, int kmin)
{
    char s[48];
    snprintf(s, sizeof s, "%lue%d", (unsigned long)(next() % mmax),
             (int)(next() % (unsigned)kspan) + kmin);
    return strtod(s, NULL);
}

/* x and its neighbours, also through check_words when words. */
static void check_near(double x, int words)
{
    double v[3];
    int k;
    v[0] = x;
    v[1] = nextafter(x, 0);
    v[2] = nextafter(x, INFINITY);
    for (k = 0; k < 3; k++) {
        check(v[k]);
        if (words)
            check_words(v[k]);
    }
}

/* io_mpq_down_up_w (the words) against the reference of the writer's
   time object: boxtoi_alg_get_d rounding down, the next double up, up
   = down when t is that double (compared exactly as rationals). */
static long bad_du, n_du, n_du_declined;

static void check_du(mpq_srcptr t)
{
    boxtoi_alg_t a;
    mpq_t r;
    double w[2], ref[2];

    boxtoi_alg_init(a);
    mpq_init(r);
    boxtoi_alg_set_mpq(a, t);
    ref[0] = boxtoi_alg_get_d(a, MPFR_RNDD);
    ref[1] = nextafter(ref[0], HUGE_VAL);
    if (ref[0] <= DBL_MAX && ref[0] >= -DBL_MAX) {
        mpq_set_d(r, ref[0]);
        if (mpq_equal(r, t))
            ref[1] = ref[0];
    }
    if (io_mpq_down_up_w(w, t)) {
        n_du++;
        if (w[0] != ref[0] || w[1] != ref[1]) {
            bad_du++;
            diag("down/up of %s: words %.17g %.17g, reference %.17g %.17g",
                 mpq_get_str(NULL, 10, t), w[0], w[1], ref[0], ref[1]);
        }
    } else {
        n_du_declined++;
#ifdef BOXTOI_HAVE_I128 /* else the word path is compiled out */
        if (mpz_size(mpq_numref(t)) == 1 && mpz_size(mpq_denref(t)) == 1)
            bad_du++; /* it should have taken them */
#endif
    }
    mpq_clear(r);
    boxtoi_alg_clear(a);
}

/* n / d (then canonical) with the sign neg */
static void check_du_ui(unsigned long n, unsigned long d, int neg)
{
    mpq_t t;
    mpq_init(t);
    mpz_set_ui(mpq_numref(t), n);
    mpz_set_ui(mpq_denref(t), d != 0 ? d : 1);
    mpq_canonicalize(t);
    if (neg)
        mpq_neg(t, t);
    check_du(t);
    mpq_clear(t);
}

static void du_cases(long count)
{
    long i;
    int k;
    mpq_t t;

    for (i = 0; i < count; i++) { /* 1 to 64 bits each */
        unsigned long n = next() >> (next() % 64), d = next() >> (next() % 64);
        check_du_ui(n | 1, d, (int)(i & 1));
        check_du_ui(n, d | 1, (int)(i & 1));
    }
    for (k = 0; k < 64; k++) { /* doubles, their neighbours, 2^k */
        unsigned long m = (next() >> 11) | 1, p = 1UL << k;
        check_du_ui(m, p, k & 1);
        check_du_ui(m + 1, p, 0);
        check_du_ui(m - 1 + (m == 1), p, 1);
        check_du_ui(p, 1, 0);
        check_du_ui(1, p, 1);
        check_du_ui(p - 1 + (k == 0), 1, 0);
        check_du_ui(ULONG_MAX - (unsigned long)k, 1, k & 1);
        check_du_ui(1, ULONG_MAX - (unsigned long)k, 0);
        check_du_ui(ULONG_MAX, ULONG_MAX - 1 - (unsigned long)k, 0);
    }
    mpq_init(t); /* beyond a word: declined, the reference answers */
    mpz_ui_pow_ui(mpq_numref(t), 3, 50);
    mpz_set_ui(mpq_denref(t), 7);
    check_du(t);
    mpq_inv(t, t);
    check_du(t);
    mpq_clear(t);
}

int main(void)
{
    long i, count = 30000 * tap_multiplier(), n0;
    int e, du_paths;

    plan(8);
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
    for (i = 0; i < count / 4; i++) /* short decimals m 10^k */
        check_near(short_decimal(100000, 640, -330), 0);
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
    /* the range of the 128-bit path (2^-15 <= |x| < 2^52) and a little
       beyond: random significands, the neighbours of short decimals
       (near ties of the n-digit rounding), and t-like values in (0, 1) */
    n0 = bad;
    for (i = 0; i < count / 2; i++) {
        double x = ldexp((double)(next() >> 11) + 0.5,
                         (int)(next() % 72) - 70);
        check(x);
        check_words(x);
        check_words(-x);
        check_near(short_decimal(1000000, 26, -12), 1);
        x = (double)(next() >> 11) / 9007199254740992.0;
        check(x);
        check_words(x);
    }
    ok(bad == n0, "the 128-bit path's range as the exact reference");
    is_int(0, bad_words, "digits in 128-bit integers = the C library's, "
                         "every n from 1 to 17");
    du_cases(count / 4);
#ifdef BOXTOI_HAVE_I128
    du_paths = n_du > count / 2 && n_du_declined >= 2;
#else /* the word path is compiled out: every rational is declined */
    du_paths = n_du == 0 && n_du_declined > count / 2;
#endif
    ok(bad_du == 0 && du_paths,
       "down and up of a rational in words = the reference (%ld in words, "
       "%ld declined: 0, or beyond a word)", n_du, n_du_declined);
    /* 2^-499: 15 digits read back, 16 do not (by hand with Python's
       fractions: the 16-digit rounding 6.109872726999209e-151 lies
       below 2^-499 by more than half the gap to its lower neighbour) */
    {
        boxtoi_strbuf a;
        boxtoi_strbuf_init(&a);
        if (io_put_double(&a, ldexp(1, -499)) != BOXTOI_OK)
            bail("io_put_double failed");
        is_str(boxtoi_strbuf_str(&a), "6.10987272699921e-151",
               "2^-499 with the fewest digits");
        boxtoi_strbuf_clear(&a);
    }
    return 0;
}
