/* t/util-t.c: tests of lib/util (error tables, errinfo, strbuf, the
   small-integer toolkit of lib/util/i128.h, the conversions of
   lib/util/interval.h at the one-limb/2^53 edges).  The toolkit is checked
   against GMP on random numbers of every bit length: each conversion,
   bit length, gcd and checked operation must give GMP's exact value,
   and a checked operation may give up only where its contract allows
   (a result of 2^126 or more; for a product, operands whose bit
   lengths add up to more than 126). */
#include <stdlib.h>
#include <string.h>
#include "lib/util/impl.h"
#include "lib/util/interval.h"
#include "lib/util/w256.h"
#include "tap.h"

#define NTOOLKIT 6
#define NIVCONV 7

/* 1 when the double x equals the rational p/q exactly */
static int d_is(double x, long p, unsigned long q)
{
    mpq_t a, b;
    int r;
    mpq_init(a);
    mpq_init(b);
    mpq_set_d(a, x);
    mpq_set_si(b, p, q);
    mpq_canonicalize(b);
    r = mpq_equal(a, b);
    mpq_clear(a);
    mpq_clear(b);
    return r;
}

/* The conversions to enclosures: integers below 2^53 in one limb are
   exact points (the fast path), 2^53 and two-limb values take the
   general one; the expected values are the numbers themselves, and for
   -3/7 an enclosure checked exactly in rationals. */
static void test_ivconv(void)
{
    boxtoi_iv r;
    mpz_t z;
    mpq_t q, lo, hi;
    double d;

    mpz_init(z);
    mpq_init(q);
    mpq_init(lo);
    mpq_init(hi);
    ok(boxtoi_iv_set_mpz(&r, z) && r.lo == 0 && r.hi == 0, "0 -> [0, 0]");
    mpz_set_si(z, -5);
    ok(boxtoi_iv_set_mpz(&r, z) && r.lo == -5 && r.hi == -5, "-5 -> [-5, -5]");
    mpz_ui_pow_ui(z, 2, 53);
    mpz_sub_ui(z, z, 1);
    ok(boxtoi_iv_small_mpz(&d, z) && d == 9007199254740991.0,
       "2^53 - 1 is converted exactly by the fast path");
    mpz_add_ui(z, z, 1);
    ok(!boxtoi_iv_small_mpz(&d, z) && boxtoi_iv_set_mpz(&r, z)
           && r.lo == 0x1p53 && r.hi > 0x1p53,
       "2^53: the general path, an enclosure [2^53, above]");
    mpz_ui_pow_ui(z, 2, 64);
    mpz_add_ui(z, z, 3);
    ok(!boxtoi_iv_small_mpz(&d, z), "2^64 + 3 (two limbs): not the fast path");
    mpq_set_si(q, -3, 7);
    boxtoi_iv_set_mpq(&r, q);
    mpq_set_d(lo, r.lo);
    mpq_set_d(hi, r.hi);
    ok(mpq_cmp(lo, q) < 0 && mpq_cmp(q, hi) < 0,
       "-3/7 lies strictly inside its enclosure");
    mpq_set_si(q, -12, 4);
    mpq_canonicalize(q);
    ok(boxtoi_iv_set_mpq(&r, q) && d_is(r.lo, -3, 1) && d_is(r.hi, -3, 1),
       "-12/4 = -3 -> [-3, -3]");
    mpz_clear(z);
    mpq_clear(q);
    mpq_clear(lo);
    mpq_clear(hi);
}

#ifdef BOXTOI_HAVE_I128
/* x = a random number of at most bits bits, either sign */
static void random_z(mpz_t z, gmp_randstate_t st, int bits)
{
    mpz_urandomb(z, st, (unsigned long)bits);
    if (mpz_odd_p(z) && bits > 1)
        mpz_neg(z, z);
}

static void test_toolkit(void)
{
    gmp_randstate_t st;
    mpz_t z, y, x, e, lim, f;
    int bits, i, conv = 1, edges = 1, nb = 1, gcd = 1, sum = 1, prod = 1;
    long gaveup = 0, answered = 0;

    gmp_randinit_default(st);
    gmp_randseed_ui(st, 14);
    mpz_inits(z, y, x, e, lim, f, NULL);
    mpz_set_ui(lim, 1);
    mpz_mul_2exp(lim, lim, BOXTOI_LIMIT_I128);
    /* 2^b - 1 fits in b bits, 2^b does not, either sign */
    for (bits = 1; bits <= 127; bits++) {
        boxtoi_i128 v = 7;
        mpz_set_ui(z, 1);
        mpz_mul_2exp(z, z, (unsigned long)bits);
        edges &= !boxtoi_mpz_get_i128(&v, z, bits) && v == 7;
        mpz_neg(z, z);
        edges &= !boxtoi_mpz_get_i128(&v, z, bits) && v == 7;
        mpz_add_ui(z, z, 1);
        edges &= boxtoi_mpz_get_i128(&v, z, bits);
        boxtoi_mpz_set_i128(y, v);
        edges &= mpz_cmp(y, z) == 0;
        edges &= boxtoi_nbits_i128(boxtoi_uabs_i128(v)) == bits;
    }
    for (i = 0; i < 20000; i++) {
        boxtoi_i128 a = 0, b = 0, r;
        int bad = 0, ba, bb;
        random_z(z, st, 1 + i % 126);
        random_z(y, st, 1 + (i * 7) % 126);
        conv &= boxtoi_mpz_get_i128(&a, z, 126)
                && boxtoi_mpz_get_i128(&b, y, 126);
        boxtoi_mpz_set_i128(x, a);
        conv &= mpz_cmp(x, z) == 0;
        ba = boxtoi_nbits_i128(boxtoi_uabs_i128(a));
        bb = boxtoi_nbits_i128(boxtoi_uabs_i128(b));
        nb &= ba == (mpz_sgn(z) ? (int)mpz_sizeinbase(z, 2) : 0);
        mpz_gcd(e, z, y);
        boxtoi_mpz_set_i128(x, (boxtoi_i128)boxtoi_gcd_i128(
                                   boxtoi_uabs_i128(a), boxtoi_uabs_i128(b)));
        gcd &= mpz_cmp(x, e) == 0;
        /* a + b and a - b: exact, or given up exactly when >= 2^126 */
        r = boxtoi_add_i128(a, b, &bad);
        mpz_add(e, z, y);
        boxtoi_mpz_set_i128(x, r);
        sum &= bad ? r == 0 && mpz_cmpabs(e, lim) >= 0
                   : mpz_cmp(x, e) == 0 && mpz_cmpabs(e, lim) < 0;
        bad = 0;
        r = boxtoi_sub_i128(a, b, &bad);
        mpz_sub(e, z, y);
        boxtoi_mpz_set_i128(x, r);
        sum &= bad ? r == 0 && mpz_cmpabs(e, lim) >= 0
                   : mpz_cmp(x, e) == 0 && mpz_cmpabs(e, lim) < 0;
        /* a b: exact, or given up only for operands of more than 126
           bits together (both factors above 64 bits) */
        bad = 0;
        r = boxtoi_mul_i128(a, b, &bad);
        mpz_mul(e, z, y);
        boxtoi_mpz_set_i128(x, r);
        if (bad) {
            gaveup++;
            prod &= r == 0 && ba + bb > 126;
        } else {
            answered++;
            prod &= mpz_cmp(x, e) == 0 && mpz_cmpabs(e, lim) < 0;
        }
        /* with a common factor f of up to 62 bits: the 128-bit steps
           (quotient 1, 2 or more, each by its own branch) end at a gcd
           above 1 */
        random_z(f, st, 1 + (i * 3) % 62);
        random_z(z, st, 1 + i % 64);
        random_z(y, st, 1 + (i * 7) % 64);
        mpz_mul(z, z, f);
        mpz_mul(y, y, f);
        conv &= boxtoi_mpz_get_i128(&a, z, 126)
                && boxtoi_mpz_get_i128(&b, y, 126);
        mpz_gcd(e, z, y);
        boxtoi_mpz_set_i128(x, (boxtoi_i128)boxtoi_gcd_i128(
                                   boxtoi_uabs_i128(a), boxtoi_uabs_i128(b)));
        gcd &= mpz_cmp(x, e) == 0;
    }
    ok(edges, "i128: 2^b - 1 converts in b bits, 2^b does not (b = 1..127)");
    ok(conv, "i128: mpz -> i128 -> mpz is the identity (20000 random)");
    ok(nb, "i128: bit lengths are mpz_sizeinbase's");
    ok(gcd, "i128: gcds are mpz_gcd's (20000 random pairs, 20000 more "
       "with a common factor of up to 62 bits)");
    ok(sum, "i128: checked sums and differences are exact or >= 2^126");
    ok(prod && gaveup > 0 && answered > 0,
       "i128: checked products are exact or have operands of > 126 bits "
       "(%ld given up, %ld exact)", gaveup, answered);
    mpz_clears(z, y, x, e, lim, f, NULL);
    gmp_randclear(st);
}
#else
static void test_toolkit(void)
{
    int i;
    for (i = 0; i < NTOOLKIT; i++)
        ok(1, "i128: configured without 128-bit integers (test %d)", i);
}
#endif

/* util_word_digits against snprintf's "%0*llu" on 0, 10^k +- 1 and
   10^k - 10^j (every run of 9s and 0s at the 10^8 steps), 2^j +- 1 and
   random words of 1 to 64 bits, with n from 0 to 21 zeros in front. */
static void test_word_digits(void)
{
    gmp_randstate_t st;
    uint64_t w[2000];
    char buf[40], ref[40], *p;
    long bad = 0, nw = 0, i;
    int k, j, n;

    gmp_randinit_default(st);
    w[nw++] = 0;
    w[nw++] = UINT64_MAX;
    for (k = 1; k <= 19; k++) {
        uint64_t t = 1;
        for (j = 0; j < k; j++)
            t *= 10;
        w[nw++] = t;
        w[nw++] = t - 1;
        w[nw++] = t + 1;
        for (j = 0; j < k; j++) {
            uint64_t u = 1;
            int i2;
            for (i2 = 0; i2 < j; i2++)
                u *= 10;
            w[nw++] = t - u;
        }
    }
    for (k = 0; k < 64; k++) {
        w[nw++] = (uint64_t)1 << k;
        w[nw++] = ((uint64_t)1 << k) - 1;
        w[nw++] = ((uint64_t)1 << k) + 1;
    }
    while (nw < 2000) {
        unsigned long r = gmp_urandomb_ui(st, 32);
        uint64_t v = ((uint64_t)r << 32) | gmp_urandomb_ui(st, 32);
        w[nw] = v >> (nw % 64);
        nw++;
    }
    for (i = 0; i < nw; i++)
        for (n = 0; n <= 21; n++) {
            p = util_word_digits(buf + sizeof buf, w[i], n);
            snprintf(ref, sizeof ref, "%0*llu", n, (unsigned long long)w[i]);
            if ((size_t)(buf + sizeof buf - p) != strlen(ref)
                || memcmp(p, ref, strlen(ref)) != 0) {
                bad++;
                if (bad < 5)
                    diag("word_digits %s, n = %d: \"%.*s\"", ref, n,
                         (int)(buf + sizeof buf - p), p);
            }
        }
    ok(bad == 0, "util_word_digits = %%0*llu (%ld words, n = 0..21)", nw);
    gmp_randclear(st);
}

/* boxtoi_strbuf_put_mpz (one word: its own digits) against mpz_get_str,
   on 0, +-1, +-(10^k +- 1), +-(2^j +- 1) up to 2^130 (so the word's
   edges and beyond) and random numbers of 1 to 200 bits. */
static void test_put_mpz(void)
{
    gmp_randstate_t st;
    boxtoi_strbuf sb;
    mpz_t z, b;
    char *ref;
    long bad = 0, n = 0;
    int k, d, s, i;

    gmp_randinit_default(st);
    boxtoi_strbuf_init(&sb);
    mpz_inits(z, b, (mpz_ptr)0);
    for (i = 0; i < 2000; i++)
        for (k = 0; k < 3; k++)
            for (d = -1; d <= 1; d++)
                for (s = -1; s <= 1; s += 2) {
                    if (i < 45) {
                        mpz_ui_pow_ui(b, 10, (unsigned long)i);
                    } else if (i < 176) {
                        mpz_set_ui(b, 0);
                        mpz_setbit(b, (mp_bitcnt_t)(i - 45));
                    } else {
                        mpz_urandomb(b, st, (mp_bitcnt_t)(1 + i % 200));
                    }
                    if (k == 1)
                        mpz_set_ui(b, (unsigned long)(i % 12));
                    if (d >= 0)
                        mpz_add_ui(z, b, (unsigned long)d);
                    else
                        mpz_sub_ui(z, b, 1);
                    if (s < 0)
                        mpz_neg(z, z);
                    boxtoi_strbuf_reset(&sb);
                    ref = mpz_get_str(NULL, 10, z);
                    if (boxtoi_strbuf_put_mpz(&sb, z) != BOXTOI_OK
                        || strcmp(boxtoi_strbuf_str(&sb), ref) != 0) {
                        bad++;
                        diag("put_mpz \"%s\", mpz_get_str \"%s\"",
                             boxtoi_strbuf_str(&sb), ref);
                    }
                    n += mpz_size(z) <= 1;
                    free(ref);
                }
    ok(bad == 0 && n > 1000, "put_mpz = mpz_get_str (%ld of one word)", n);
    mpz_clears(z, b, (mpz_ptr)0);
    boxtoi_strbuf_clear(&sb);
    gmp_randclear(st);
}

/* util_mpz_set_word and util_mpz_zero (stores without a call) against
   mpz_set_ui then mpz_neg, and mpz_set_ui(z, 0): words at the edges
   (0, 1, 2^32, 2^63 - 1, 2^63, 2^63 + 1, 2^64 - 1) and random ones,
   both signs, into an mpz fresh from mpz_init (no limb of its own with
   GMP 6.2 and later: the call is taken), one that held a negative
   three-limb value, and one of many limbs; the result is compared by
   value and by GMP's own normal form (size 0 for 0, else +-1). */
static void test_set_word(void)
{
    static const unsigned long edge[] = {
        0, 1, 2, 1UL << 31, 0xffffffffUL, 0x100000000UL,
        ULONG_MAX >> 1, (ULONG_MAX >> 1) + 1, (ULONG_MAX >> 1) + 2,
        ULONG_MAX - 1, ULONG_MAX};
    const int nedge = (int)(sizeof edge / sizeof edge[0]);
    gmp_randstate_t st;
    mpz_t z, r;
    unsigned long m;
    long bad = 0, zbad = 0;
    int i, neg, from;

    gmp_randinit_default(st);
    mpz_init(r);
    for (i = 0; i < nedge + 500; i++)
        for (neg = 0; neg < 2; neg++)
            for (from = 0; from < 3; from++) {
                m = i < nedge ? edge[i]
                              : (unsigned long)gmp_urandomb_ui(st, 32)
                                    << (i % 33)
                                    ^ gmp_urandomb_ui(st, i % 32 + 1);
                if (from == 0) {
                    mpz_init(z);
                } else if (from == 1) {
                    mpz_init(z);
                    mpz_setbit(z, 150);
                    mpz_neg(z, z);
                } else {
                    mpz_init2(z, 1000);
                    mpz_setbit(z, 900);
                }
                mpz_set_ui(r, m);
                if (neg)
                    mpz_neg(r, r);
                util_mpz_set_word(z, m, neg);
                if (mpz_cmp(z, r) != 0 || z->_mp_size != r->_mp_size) {
                    bad++;
                    diag("set_word(%lu, %d) from %d wrong", m, neg, from);
                }
                util_mpz_zero(z);
                if (mpz_sgn(z) != 0 || z->_mp_size != 0)
                    zbad++;
                mpz_add_ui(z, z, 3); /* still a usable mpz */
                zbad += mpz_cmp_ui(z, 3) != 0;
                mpz_clear(z);
            }
    ok(bad == 0, "util_mpz_set_word = mpz_set_ui, mpz_neg (%d words, "
       "both signs, three starting states)", nedge + 500);
    ok(zbad == 0, "util_mpz_zero = mpz_set_ui(z, 0)");
    mpz_clear(r);
    gmp_randclear(st);
}

/* util_sqrt_w (lib/util/w256.h) against mpn_sqrtrem: perfect squares
   n^2, n^2 - 1 and n^2 + 2n (the largest Q with the same root), 2^j and
   2^j - 1, and random numbers of every length from 1 to 253 bits
   (and some of 254, the range's end); beyond the range (2^254 and
   more) it must decline.  The ref is GMP's, a different algorithm. */
static void test_sqrt_w(void)
{
#if defined(BOXTOI_HAVE_I128) && GMP_NUMB_BITS == 64
    gmp_randstate_t st;
    mpz_t n, qz, ref, v;
    mp_limb_t m[2];
    mp_size_t mn;
    long bad = 0, done = 0, declined = 0, i;
    int bits, kind;

    gmp_randinit_default(st);
    gmp_randseed_ui(st, 16254);
    mpz_inits(n, qz, ref, NULL);
    for (i = 0; i < 60000; i++) {
        bits = 1 + (int)(i % 254);
        kind = (int)((i / 254) % 6);
        if (kind <= 2) { /* from a root n of about bits / 2 bits */
            mpz_urandomb(n, st, (unsigned long)(bits + 1) / 2);
            if ((i / 1524) % 2)
                mpz_setbit(n, (unsigned long)(bits + 1) / 2 - 1);
            mpz_mul(qz, n, n);
            if (kind == 1)
                mpz_sub_ui(qz, qz, 1);
            else if (kind == 2)
                mpz_addmul_ui(qz, n, 2);
        } else if (kind == 3) { /* 2^j - (i % 2) */
            mpz_set_ui(qz, 0);
            mpz_setbit(qz, (unsigned long)bits - 1);
            if (i % 2 && bits > 1)
                mpz_sub_ui(qz, qz, 1);
        } else {
            mpz_urandomb(qz, st, (unsigned long)bits);
            if (kind == 5)
                mpz_setbit(qz, (unsigned long)bits - 1);
        }
        if (mpz_sgn(qz) <= 0 || mpz_sizeinbase(qz, 2) > 254)
            continue;
        mpz_sqrt(ref, qz);
        m[0] = m[1] = 0;
        if (!boxtoi_util_sqrt_w(m, &mn, mpz_limbs_read(qz),
                                (mp_size_t)mpz_size(qz))) {
            declined++;
            continue;
        }
        done++;
        if (mpz_cmp(mpz_roinit_n(v, m, mn), ref) != 0 && bad++ < 3)
            gmp_printf("# sqrt_w(%Zd): %Zd, not %Zd\n", qz, v, ref);
    }
    /* the range's end and beyond: 2^254 - 1 is taken, 2^254 declined */
    mpz_set_ui(qz, 0);
    mpz_setbit(qz, 254);
    ok(!boxtoi_util_sqrt_w(m, &mn, mpz_limbs_read(qz), 4)
           && (mpz_sub_ui(qz, qz, 1),
               boxtoi_util_sqrt_w(m, &mn, mpz_limbs_read(qz), 4))
           && mn == 2 && m[1] == ~(mp_limb_t)0 >> 1 && m[0] == ~(mp_limb_t)0,
       "sqrt_w: 2^254 declined, floor(sqrt(2^254 - 1)) = 2^127 - 1");
    ok(bad == 0 && declined == 0 && done > 50000,
       "sqrt_w = mpz_sqrt on %ld numbers of 1 to 254 bits (%ld declined)",
       done, declined);
    mpz_clears(n, qz, ref, NULL);
    gmp_randclear(st);
#else
    ok(1, "sqrt_w: no 128-bit integers, mpn_sqrtrem only");
    ok(1, "sqrt_w: no 128-bit integers, mpn_sqrtrem only");
#endif
}

int main(void)
{
    boxtoi_errinfo err;
    boxtoi_strbuf sb;
    mpz_t z;
    mpq_t q;
    int code, i, rc;

    plan(20 + BOXTOI_NERRORS + NTOOLKIT + NIVCONV);
    test_set_word();
    test_toolkit();
    test_word_digits();
    test_put_mpz();
    test_ivconv();
    test_sqrt_w();

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
