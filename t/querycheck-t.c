/* t/querycheck-t: the fixed checks before every solve (lib/contact/
   query.c) at the sizes where their fast paths end.

   - The corners' and the range's comparisons (query_cmp: 128-bit
     products on one-limb fractions, mpq_cmp otherwise), through
     boxtoi_query_check, against GMP's mpq_cmp on fractions of 0, 1 and
     2 limbs: an error exactly when mpq_cmp(min, max) > 0.
   - The limits' walk (query_walk: ORed limb counts, then the full check
     limits_full when they are not below the limits), through
     contact_prefetch_check_limits and contact_check_limits, on
     coefficients and corners of 2^b - 1 (b bits by construction) for b
     around the limits, and on mixed limb counts whose OR passes the
     limit while each count is below it: ELIMIT exactly when some b is
     over its limit (2 max_bits for a coefficient, max_bits for a
     corner) or some degree over max_degree. */
#include <string.h>
#include "lib/util/impl.h"
#include "tap.h"
#include "lib/motion/impl.h"
#include "lib/contact/impl.h"

static const char *const fracs[] = {
    "0", "1", "-1", "2", "-2", "3/2", "-3/2",
    "18446744073709551615", "-18446744073709551615",       /* 2^64 - 1 */
    "18446744073709551614", "18446744073709551616",        /* 2^64 */
    "-18446744073709551616", "1/18446744073709551615",
    "-1/18446744073709551615", "1/18446744073709551616",
    "18446744073709551615/18446744073709551614",
    "18446744073709551614/18446744073709551615",
    "-18446744073709551614/18446744073709551615",
    "18446744073709551616/18446744073709551615",
    "18446744073709551615/18446744073709551616",
    "340282366920938463463374607431768211455/18446744073709551616"};
#define NFRACS ((int)(sizeof fracs / sizeof fracs[0]))

static void set_frac(mpq_t x, const char *s)
{
    if (mpq_set_str(x, s, 10) != 0)
        bail("bad fraction %s", s);
    mpq_canonicalize(x);
}

/* a unit box at the origin, identity motions, range [0, 1] */
static void base_query(boxtoi_query_t q)
{
    int b, k;
    for (b = 0; b < 2; b++) {
        for (k = 0; k < 3; k++) {
            mpq_set_si(q->box[b].min[k], 0, 1);
            mpq_set_si(q->box[b].max[k], 1, 1);
        }
        boxtoi_motion_set_identity(q->motion + b);
    }
    mpq_set_si(q->t0, 0, 1);
    mpq_set_si(q->t1, 1, 1);
    q->t1_inf = 0;
}

static void compare_cases(void)
{
    boxtoi_query_t q;
    boxtoi_errinfo err;
    mpq_t a, b;
    int i, j, rc, bad = 0, nbox = 0, nrange = 0;
    boxtoi_query_init(q);
    mpq_init(a);
    mpq_init(b);
    for (i = 0; i < NFRACS; i++)
        for (j = 0; j < NFRACS; j++) {
            int gt;
            set_frac(a, fracs[i]);
            set_frac(b, fracs[j]);
            gt = mpq_cmp(a, b) > 0;
            base_query(q);
            mpq_set(q->box[(i + j) % 2].min[j % 3], a);
            mpq_set(q->box[(i + j) % 2].max[j % 3], b);
            boxtoi_errinfo_reset(&err);
            rc = boxtoi_query_check(q, &err);
            nbox += gt;
            if (rc != (gt ? BOXTOI_EBOX : BOXTOI_OK)) {
                bad++;
                diag("corner %s against %s: %d", fracs[i], fracs[j], rc);
            }
            base_query(q);
            mpq_set(q->t0, a);
            mpq_set(q->t1, b);
            boxtoi_errinfo_reset(&err);
            rc = boxtoi_query_check(q, &err);
            nrange += gt;
            if (rc != (gt ? BOXTOI_ERANGE : BOXTOI_OK)) {
                bad++;
                diag("range [%s, %s]: %d", fracs[i], fracs[j], rc);
            }
        }
    is_int(0, bad, "corners and range: the check agrees with mpq_cmp on "
                   "%d pairs (%d min > max)", NFRACS * NFRACS, nbox);
    ok(nrange == nbox && nbox > 0, "both orders were met");
    mpq_clear(a);
    mpq_clear(b);
    boxtoi_query_clear(q);
}

/* z = sign (2^bits - 1) */
static void set_bits(mpz_t z, long bits, int sign)
{
    mpz_set_ui(z, 0);
    mpz_setbit(z, (mp_bitcnt_t)bits);
    mpz_sub_ui(z, z, 1);
    if (sign < 0)
        mpz_neg(z, z);
}

/* Both walks' verdicts on q (rc ELIMIT or OK) against want */
static int limits_agree(const boxtoi_query_t q, const boxtoi_options *o,
                        int want, const char *what, long x, long y)
{
    boxtoi_errinfo err;
    int r1, r2;
    boxtoi_errinfo_reset(&err);
    r1 = contact_prefetch_check_limits(q, o, &err);
    boxtoi_errinfo_reset(&err);
    r2 = contact_check_limits(q, o, &err);
    if (r1 == want && r2 == want)
        return 0;
    diag("%s %ld %ld, max_bits %ld, max_degree %ld: %d %d, want %d", what,
         x, y, o->max_bits, o->max_degree, r1, r2, want);
    return 1;
}

static void limit_cases(void)
{
    static const long mbs[] = {32, 64, 100, 128, 160, 192, 256};
    boxtoi_query_t q;
    boxtoi_options o;
    mpz_t c;
    mpq_t cq;
    int bad = 0, n = 0, nover = 0;
    size_t i;
    long b, b2, d;
    boxtoi_query_init(q);
    mpz_init(c);
    mpq_init(cq);
    boxtoi_options_init(&o);
    for (i = 0; i < sizeof mbs / sizeof mbs[0]; i++) {
        o.max_bits = mbs[i];
        o.max_degree = 24;
        /* one translation coefficient of b bits, the other of b2 */
        for (b = 1; b <= 2 * mbs[i] + 2; b += (b % 64 < 2 || b % 64 > 61
                                                 || b > 2 * mbs[i] - 3)
                                                    ? 1
                                                    : 7)
            for (b2 = 1; b2 <= 2 * mbs[i] + 1; b2 += 63) {
                int want = b > 2 * mbs[i] || b2 > 2 * mbs[i];
                base_query(q);
                set_bits(c, b, (int)(b % 2) * 2 - 1);
                mpq_set_z(cq, c);
                boxtoi_motion_set_coeff_mpq(q->motion + (b % 2), 0, 3, 1, cq);
                set_bits(c, b2, 1);
                mpq_set_z(cq, c);
                boxtoi_motion_set_coeff_mpq(q->motion + 1, 2, 3, 0, cq);
                n++;
                nover += want;
                bad += limits_agree(q, &o, want ? BOXTOI_ELIMIT : BOXTOI_OK,
                                    "coefficients of bits", b, b2);
            }
        /* a corner's numerator or denominator of b bits */
        for (b = 1; b <= mbs[i] + 2; b++) {
            int want = b > mbs[i];
            base_query(q);
            set_bits(c, b, 1);
            if (b % 2)
                mpz_set(mpq_numref(q->box[1].max[2]), c);
            else
                mpz_set(mpq_denref(q->box[0].min[1]), c);
            mpz_set_ui(mpq_numref(q->box[0].max[0]), 3);
            n++;
            nover += want;
            bad += limits_agree(q, &o, want ? BOXTOI_ELIMIT : BOXTOI_OK,
                                "corner of bits", b, 0);
        }
    }
    /* degrees around the limit, on two entries (ORed lengths) */
    o.max_bits = 4096;
    for (o.max_degree = 1; o.max_degree <= 26; o.max_degree++)
        for (d = 0; d <= o.max_degree + 1; d++) {
            int want = d > o.max_degree;
            base_query(q);
            boxtoi_motion_set_coeff_si(q->motion, 1, 3, d, 1);
            boxtoi_motion_set_coeff_si(q->motion + 1, 0, 3,
                                       o.max_degree / 2, 1);
            n++;
            nover += want;
            bad += limits_agree(q, &o, want ? BOXTOI_ELIMIT : BOXTOI_OK,
                                "degrees", d, o.max_degree / 2);
        }
    is_int(0, bad, "limits: both walks agree with the sizes built on %d "
                   "queries (%d over)", n, nover);
    ok(nover > 0 && nover < n, "both verdicts were met");
    mpz_clear(c);
    mpq_clear(cq);
    boxtoi_query_clear(q);
}

int main(void)
{
    plan_lazy();
    compare_cases();
    limit_cases();
    return 0;
}
