/* fuzz/fuzz-solve.c: libFuzzer target for the solver entry point
   boxtoi_contact_first, fed with small random boxes and motions.

   Method: the input bytes are decoded (decode() below; missing bytes
   read as 0) into a query with small rational boxes (coordinates k/2,
   |k| <= 8, often flat), two motions of one of six kinds (identity,
   signed permutation, small integer 3x3 block with entries of degree
   <= 2, a rigid motion from a quaternion linear in t, a constant
   Pythagorean rotation, a weighted affine motion), polynomial
   translations of degree <= 3, now and then a projective bottom row or
   a vanishing weight, sometimes a translation coefficient times 2^s
   (s < 80), and a range [t0, t1] or [t0, +inf).  The solver
   must return OK or one of the input errors (never internal_error),
   and its answer is checked by independent means:
   - the algebraic invariant of t (t/tap.c tap_alg_invariant: exact
     evaluation and a Sturm count), t0 <= t <= t1, and "initial" iff
     t = t0;
   - the separating-axis test over mpq (t/oracle-sat.c, which shares no
     code with lib/contact): the solids meet at t when t is rational,
     meet at t0 iff the contact is initial, and are disjoint at rational
     samples of [t0, t) (all of the range when there is no contact);
   - the independent first-contact solver of t/oracle.c gives the same
     status and the same t (boxtoi_alg_cmp);
   - one metamorphic relation picked by the first byte: the query with
     the boxes exchanged, the same query shifted in time by an integer
     c (entries e(t) -> e(t + c), range minus c, answer minus c), or
     both motions composed with one world signed permutation, has the
     same answer; and a second identical solve gives the identical
     result (determinism).
   A failed check prints the query as a JSON line and calls abort(),
   which libFuzzer reports as a crash with the input saved.  Build and
   run: fuzz/run.sh (doc/testing.md §2). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <boxtoi.h>
#include "t/oracle.h"
#include "t/tap.h"

typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

static unsigned byte(reader *r)
{
    if (r->n == 0)
        return 0;
    r->n--;
    return *r->p++;
}

/* A small signed integer in [-m, m]. */
static long small(reader *r, long m)
{
    return (long)(byte(r) % (unsigned)(2 * m + 1)) - m;
}

/* ---- printing a failing query (for the report) ---------------------- */

static void print_mpq(mpq_srcptr q)
{
    fputc('"', stderr);
    mpq_out_str(stderr, 10, q);
    fputc('"', stderr);
}

static void print_query(const boxtoi_query_t q)
{
    boxtoi_poly_t num;
    mpz_t den;
    mpq_t c;
    int b, i, j, k;
    long d;

    boxtoi_poly_init(num);
    mpz_init(den);
    mpq_init(c);
    fputs("{\"id\":\"fuzz-solve\"", stderr);
    for (b = 0; b < 2; b++) {
        fprintf(stderr, ",\"box%d\":{\"min\":[", b + 1);
        for (k = 0; k < 3; k++) {
            print_mpq(q->box[b].min[k]);
            fputs(k < 2 ? "," : "],\"max\":[", stderr);
        }
        for (k = 0; k < 3; k++) {
            print_mpq(q->box[b].max[k]);
            fputs(k < 2 ? "," : "]}", stderr);
        }
    }
    for (b = 0; b < 2; b++) {
        fprintf(stderr, ",\"motion%d\":[", b + 1);
        for (i = 0; i < 4; i++) {
            fputc('[', stderr);
            for (j = 0; j < 4; j++) {
                boxtoi_motion_get_entry(num, den, q->motion + b, i, j);
                fputc('[', stderr);
                for (d = 0; d <= boxtoi_poly_degree(num) || d == 0; d++) {
                    boxtoi_poly_get_coeff_mpz(mpq_numref(c), num, d);
                    mpz_set(mpq_denref(c), den);
                    mpq_canonicalize(c);
                    if (d > 0)
                        fputc(',', stderr);
                    print_mpq(c);
                }
                fputs(j < 3 ? "]," : "]", stderr);
            }
            fputs(i < 3 ? "]," : "]", stderr);
        }
        fputc(']', stderr);
    }
    fputs(",\"t_range\":[", stderr);
    print_mpq(q->t0);
    fputc(',', stderr);
    if (q->t1_inf)
        fputs("\"inf\"", stderr);
    else
        print_mpq(q->t1);
    fputs("]}\n", stderr);
    mpq_clear(c);
    mpz_clear(den);
    boxtoi_poly_clear(num);
}

static const boxtoi_query_struct *current;

static void fail(const char *what)
{
    fprintf(stderr, "fuzz-solve: %s\nquery: ", what);
    if (current != NULL)
        print_query(current);
    abort();
}

/* ---- decoding ------------------------------------------------------- */

static void decode_box(boxtoi_box_struct *b, reader *r)
{
    int k;
    for (k = 0; k < 3; k++) {
        unsigned f = byte(r);
        mpq_set_si(b->min[k], small(r, 8), 2);
        mpq_canonicalize(b->min[k]);
        if (f % 4 == 0) {
            mpq_set(b->max[k], b->min[k]); /* flat along k */
        } else {
            mpq_set_si(b->max[k], (long)(f % 13), 2);
            mpq_canonicalize(b->max[k]);
            mpq_add(b->max[k], b->max[k], b->min[k]);
        }
    }
}

/* Sets m to the matrix e[0..16) / den (integer polynomials). */
static void set_motion(boxtoi_motion_t m, const boxtoi_poly_struct *e,
                       mpz_srcptr den)
{
    mpq_t c;
    long k, d;

    mpq_init(c);
    boxtoi_motion_zero(m);
    for (k = 0; k < 16; k++)
        for (d = 0; d <= boxtoi_poly_degree(e + k); d++) {
            boxtoi_poly_get_coeff_mpz(mpq_numref(c), e + k, d);
            mpz_set(mpq_denref(c), den);
            mpq_canonicalize(c);
            boxtoi_motion_set_coeff_mpq(m, (int)(k / 4), (int)(k % 4), d, c);
        }
    mpq_clear(c);
}

static void decode_motion(boxtoi_motion_t m, reader *r)
{
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                   {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    unsigned kind = byte(r) % 6, f = byte(r);
    boxtoi_poly_struct e[16];
    boxtoi_poly_t c;
    mpz_t den, two;
    int i, j, k;

    for (k = 0; k < 16; k++)
        boxtoi_poly_init(e + k);
    boxtoi_poly_init(c);
    mpz_init_set_ui(den, 1);
    mpz_init_set_ui(two, 2);
    for (k = 0; k < 4; k++)
        boxtoi_poly_set_si(e + 5 * k, 1);
    switch (kind) {
    case 0: /* identity block */
        break;
    case 1: /* signed permutation: a rotation or a reflection */
        for (i = 0; i < 3; i++)
            boxtoi_poly_zero(e + 5 * i);
        for (i = 0; i < 3; i++)
            boxtoi_poly_set_si(e + 4 * i + perm[f % 6][i],
                               (f >> (3 + i)) & 1 ? -1 : 1);
        break;
    case 2: /* small integer block, entries of degree <= 2 */
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                int len = 1 + (int)(f >> (i + j) & 1)
                          + (int)((f >> 6) & (i == j));
                boxtoi_poly_zero(e + 4 * i + j);
                for (k = 0; k < len; k++)
                    boxtoi_poly_set_coeff_si(e + 4 * i + j, k, small(r, 2));
            }
        break;
    case 3: { /* rigid, from the quaternion qa + qb t */
        boxtoi_motion_t q;
        mpq_t qa[4], qb[4];
        boxtoi_motion_init(q);
        for (k = 0; k < 4; k++) {
            mpq_init(qa[k]);
            mpq_init(qb[k]);
            mpq_set_si(qa[k], small(r, 3), 1);
            mpq_set_si(qb[k], f & 1 ? small(r, 3) : 0, 1);
        }
        if (boxtoi_motion_set_quat_linear(q, qa[0], qb[0], NULL, 0, NULL)
            != BOXTOI_OK)
            boxtoi_motion_set_identity(q); /* q identically 0 */
        for (k = 0; k < 16; k++)
            boxtoi_motion_get_entry(e + k, den, q, k / 4, k % 4);
        for (k = 0; k < 4; k++) {
            mpq_clear(qa[k]);
            mpq_clear(qb[k]);
        }
        boxtoi_motion_clear(q);
        break;
    }
    case 4: { /* constant rational rotation (3, 4, 5) about an axis */
        int a = (int)(f % 3), u = (a + 1) % 3, v = (a + 2) % 3;
        long s = f & 8 ? -1 : 1;
        for (i = 0; i < 3; i++)
            boxtoi_poly_set_si(e + 5 * i, i == a ? 5 : 3);
        boxtoi_poly_set_si(e + 4 * u + v, -4 * s);
        boxtoi_poly_set_si(e + 4 * v + u, 4 * s);
        boxtoi_poly_set_si(e + 15, 5);
        break;
    }
    default: /* diagonal scaling, weight w = c0 + c1 t (may vanish) */
        for (i = 0; i < 3; i++)
            boxtoi_poly_set_si(e + 5 * i, 1 + (long)(byte(r) % 3));
        boxtoi_poly_set_coeff_si(e + 15, 0, small(r, 4));
        boxtoi_poly_set_coeff_si(e + 15, 1, small(r, 2));
        break;
    }
    /* The translation tr_i(t) = c_i(t) / 2, degree <= 3, goes into the
       last column as w tr_i, so that the body origin follows tr(t)
       whatever the weight; everything over the denominator 2 den. */
    for (k = 0; k < 16; k++)
        boxtoi_poly_scalar_mul_si(e + k, e + k, 2);
    for (i = 0; i < 3; i++) {
        int len = (int)(f >> (2 * i) & 3) + (kind == 0);
        unsigned g = byte(r);
        boxtoi_poly_zero(c);
        for (k = 0; k < len; k++)
            boxtoi_poly_set_coeff_si(c, k, small(r, 8));
        /* now and then a far start or a fast motion: coefficient k
           times 2^s, s < 80, so that contacts lie far away or close
           together */
        if (g % 8 == 0 && len > 0) {
            mpz_t z;
            mpz_init(z);
            k = (int)(g >> 3) % len;
            boxtoi_poly_get_coeff_mpz(z, c, k);
            mpz_mul_2exp(z, z, (g >> 3) % 80);
            boxtoi_poly_set_coeff_mpz(c, k, z);
            mpz_clear(z);
        }
        /* (w / den) (c / 2) over 2 den: add (2 w) c / 2 = w c */
        boxtoi_poly_mul(c, c, e + 15);
        boxtoi_poly_scalar_divexact_mpz(c, c, two);
        boxtoi_poly_add(e + 4 * i + 3, e + 4 * i + 3, c);
    }
    mpz_mul_ui(den, den, 2);
    /* Now and then an invalid motion: the solver must say so. */
    if (byte(r) == 0xa5)
        boxtoi_poly_set_si(e + 12 + f % 3, 1);
    set_motion(m, e, den);
    mpz_clear(two);
    mpz_clear(den);
    boxtoi_poly_clear(c);
    for (k = 0; k < 16; k++)
        boxtoi_poly_clear(e + k);
}

static void decode(boxtoi_query_t q, reader *r)
{
    unsigned f;
    long n;
    decode_box(q->box, r);
    decode_box(q->box + 1, r);
    decode_motion(q->motion, r);
    decode_motion(q->motion + 1, r);
    f = byte(r);
    n = small(r, 8); /* one read per statement: a fixed byte order */
    mpq_set_si(q->t0, n, 1 + byte(r) % 4);
    mpq_canonicalize(q->t0);
    q->t1_inf = f % 5 == 0;
    mpq_set_si(q->t1, (long)(f % 3 == 0 ? 0 : byte(r) % 17), 1 + f % 4);
    mpq_canonicalize(q->t1);
    mpq_add(q->t1, q->t1, q->t0);
}

/* ---- checks ---------------------------------------------------------- */

static int input_error(int rc)
{
    return rc == BOXTOI_EBOX || rc == BOXTOI_ERANGE
           || rc == BOXTOI_EPROJECTIVE || rc == BOXTOI_EWEIGHT
           || rc == BOXTOI_ESINGULAR || rc == BOXTOI_ELIMIT;
}

static int solve(boxtoi_contact_t res, const boxtoi_query_t q)
{
    boxtoi_errinfo err;
    int rc;
    boxtoi_errinfo_reset(&err);
    rc = boxtoi_contact_first(res, q, NULL, &err);
    if (rc != BOXTOI_OK && !input_error(rc))
        fail(boxtoi_errname(rc));
    if (rc != BOXTOI_OK && (err.code != rc || err.msg[0] == '\0'))
        fail("error without its code or message");
    return rc;
}

/* The separating-axis oracle at t must say want (1 meet, 0 apart). */
static void sat_is(const boxtoi_query_t q, mpq_srcptr t, int want,
                   const char *what)
{
    int got = oracle_sat_at_mpq(q, t);
    if (got != want) {
        fprintf(stderr, "fuzz-solve: at t = ");
        mpq_out_str(stderr, 10, t);
        fprintf(stderr, " the oracle says %d\n", got);
        fail(what);
    }
}

/* Disjoint at t0 + (u - t0) k / 4 for k = 1, 2, 3 (u > t0). */
static void apart_before(const boxtoi_query_t q, mpq_srcptr u,
                         const char *what)
{
    mpq_t s, d;
    long k;
    mpq_init(s);
    mpq_init(d);
    mpq_sub(d, u, q->t0);
    for (k = 1; k <= 3; k++) {
        mpq_set_si(s, k, 4);
        mpq_mul(s, s, d);
        mpq_add(s, s, q->t0);
        sat_is(q, s, 0, what);
    }
    mpq_clear(d);
    mpq_clear(s);
}

static void check_answer(const boxtoi_query_t q, boxtoi_contact_t res)
{
    boxtoi_alg_t a;
    mpq_t u;
    long bits;
    int rational;

    mpq_init(u);
    if (res->status == BOXTOI_NO_CONTACT) {
        sat_is(q, q->t0, 0, "no contact, but the solids meet at t0");
        if (q->t1_inf) {
            mpq_set_si(u, 4096, 1);
            mpq_add(u, u, q->t0);
        } else {
            mpq_set(u, q->t1);
            sat_is(q, u, 0, "no contact, but the solids meet at t1");
        }
        if (mpq_cmp(u, q->t0) > 0)
            apart_before(q, u, "no contact, but the solids meet inside");
        mpq_clear(u);
        return;
    }
    if (res->status != BOXTOI_CONTACT)
        fail("status neither contact nor no contact");
    if (!tap_alg_invariant(&res->t))
        fail("t breaks the algebraic-number invariant");
    if (boxtoi_alg_cmp_mpq(&res->t, q->t0) < 0)
        fail("t < t0");
    if (!q->t1_inf && boxtoi_alg_cmp_mpq(&res->t, q->t1) > 0)
        fail("t > t1");
    if ((boxtoi_alg_cmp_mpq(&res->t, q->t0) == 0) != (res->initial != 0))
        fail("initial is not (t == t0)");
    sat_is(q, q->t0, res->initial != 0, "contact at t0 misjudged");
    boxtoi_alg_init(a);
    boxtoi_alg_set(a, &res->t);
    rational = boxtoi_alg_get_mpq(u, a);
    if (rational)
        sat_is(q, u, 1, "the solids are apart at the rational t");
    if (!res->initial) {
        /* an upper bound u of [t0, t) with u > t0: t itself or lo */
        for (bits = 8; !rational && bits <= 4096; bits *= 2) {
            if (mpq_cmp(a->lo, q->t0) > 0) {
                mpq_set(u, a->lo);
                break;
            }
            boxtoi_alg_refine(a, bits);
        }
        if (mpq_cmp(u, q->t0) > 0)
            apart_before(q, u, "the solids meet before t");
    }
    boxtoi_alg_clear(a);
    mpq_clear(u);
}

/* The independent solver of t/oracle.c (candidate times from
   vertex-face and edge-edge coplanarity, a direct static test at each)
   finds the same first contact. */
static void check_oracle(const boxtoi_query_t q, boxtoi_contact_t res)
{
    boxtoi_alg_t t;
    int has = 0, rc;

    boxtoi_alg_init(t);
    rc = oracle_first_contact(&has, t, q);
    if (rc != BOXTOI_OK)
        fail("the oracle refuses a query the solver accepted");
    if (has != (res->status == BOXTOI_CONTACT))
        fail(has ? "the oracle finds a contact, the solver none"
                 : "the solver finds a contact, the oracle none");
    if (has && boxtoi_alg_cmp(t, &res->t) != 0)
        fail("the oracle finds another first contact time");
    boxtoi_alg_clear(t);
}

/* Same answer: both solved or both refused; same status; t' = t - c. */
static void same_answer(boxtoi_contact_t r1, int rc1, boxtoi_contact_t r2,
                        int rc2, long c, const char *what)
{
    boxtoi_alg_t s;
    mpz_t z;

    if ((rc1 == BOXTOI_OK) != (rc2 == BOXTOI_OK))
        fail(what);
    if (rc1 != BOXTOI_OK)
        return;
    if (r1->status != r2->status || r1->initial != r2->initial)
        fail(what);
    if (r1->status != BOXTOI_CONTACT)
        return;
    /* s = r2.t + c: the roots of p(t - c), in [lo + c, hi + c] */
    boxtoi_alg_init(s);
    mpz_init_set_si(z, -c);
    boxtoi_alg_set(s, &r2->t);
    boxtoi_poly_taylor_shift_mpz(&s->poly, &r2->t.poly, z);
    mpz_set_si(z, c);
    mpz_addmul(mpq_numref(s->lo), mpq_denref(s->lo), z);
    mpz_addmul(mpq_numref(s->hi), mpq_denref(s->hi), z);
    if (!tap_alg_invariant(s) || boxtoi_alg_cmp(&r1->t, s) != 0)
        fail(what);
    mpz_clear(z);
    boxtoi_alg_clear(s);
}

/* q2 = q with every entry e(t) replaced by e(t + c), range minus c. */
static void shift_query(boxtoi_query_t q2, const boxtoi_query_t q, long c)
{
    boxtoi_poly_struct e[16];
    mpz_t den, z;
    int b, k;

    boxtoi_query_set(q2, q);
    mpz_init(den);
    mpz_init_set_si(z, c);
    for (k = 0; k < 16; k++)
        boxtoi_poly_init(e + k);
    for (b = 0; b < 2; b++) {
        for (k = 0; k < 16; k++) {
            boxtoi_motion_get_entry(e + k, den, q->motion + b, k / 4, k % 4);
            boxtoi_poly_taylor_shift_mpz(e + k, e + k, z);
        }
        set_motion(q2->motion + b, e, den);
    }
    mpz_mul(z, z, mpq_denref(q->t0));
    mpz_sub(mpq_numref(q2->t0), mpq_numref(q2->t0), z);
    mpz_set_si(z, c);
    mpz_mul(z, z, mpq_denref(q->t1));
    mpz_sub(mpq_numref(q2->t1), mpq_numref(q2->t1), z);
    for (k = 0; k < 16; k++)
        boxtoi_poly_clear(e + k);
    mpz_clear(z);
    mpz_clear(den);
}

/* q2 = q seen in a world frame turned by a signed permutation: row i of
   each motion becomes s_i times row p(i). */
static void permute_query(boxtoi_query_t q2, const boxtoi_query_t q,
                          unsigned f)
{
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                   {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    boxtoi_poly_struct e[16];
    mpz_t den;
    int b, i, j;

    boxtoi_query_set(q2, q);
    mpz_init(den);
    for (i = 0; i < 16; i++)
        boxtoi_poly_init(e + i);
    for (b = 0; b < 2; b++) {
        for (i = 0; i < 4; i++)
            for (j = 0; j < 4; j++) {
                int from = i < 3 ? perm[f % 6][i] : 3;
                boxtoi_motion_get_entry(e + 4 * i + j, den, q->motion + b,
                                        from, j);
                if (i < 3 && (f >> (3 + i) & 1))
                    boxtoi_poly_neg(e + 4 * i + j, e + 4 * i + j);
            }
        set_motion(q2->motion + b, e, den);
    }
    for (i = 0; i < 16; i++)
        boxtoi_poly_clear(e + i);
    mpz_clear(den);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r;
    boxtoi_query_t q, q2;
    boxtoi_contact_t res, res2;
    unsigned mode, f;
    int rc, rc2;
    long c = 0;

    r.p = data;
    r.n = size;
    mode = byte(&r) % 4;
    f = byte(&r);
    boxtoi_query_init(q);
    boxtoi_query_init(q2);
    boxtoi_contact_init(res);
    boxtoi_contact_init(res2);
    decode(q, &r);
    current = q;

    rc = solve(res, q);
    if (getenv("FUZZ_VERBOSE") != NULL) {
        /* for reproducing: the query and its answer */
        print_query(q);
        fprintf(stderr, "-> %s", boxtoi_errname(rc));
        if (rc == BOXTOI_OK && res->status == BOXTOI_CONTACT) {
            fputs(" contact at t = root of ", stderr);
            boxtoi_poly_fprint(stderr, &res->t.poly, "t");
            gmp_fprintf(stderr, " in [%Qd, %Qd]%s", res->t.lo, res->t.hi,
                        res->initial ? " (initial)" : "");
        } else if (rc == BOXTOI_OK) {
            fputs(" no contact", stderr);
        }
        fputc('\n', stderr);
    }
    if (rc == BOXTOI_OK) {
        check_answer(q, res);
        check_oracle(q, res);
    }
    switch (mode) {
    case 0: /* exchange the boxes */
        boxtoi_query_set(q2, q);
        boxtoi_box_set(q2->box, q->box + 1);
        boxtoi_box_set(q2->box + 1, q->box);
        boxtoi_motion_set(q2->motion, q->motion + 1);
        boxtoi_motion_set(q2->motion + 1, q->motion);
        rc2 = solve(res2, q2);
        same_answer(res, rc, res2, rc2, 0, "exchanging the boxes changes "
                                           "the answer");
        break;
    case 1: /* shift time by c */
        c = (long)(f % 7) - 3;
        if (c == 0)
            c = 5;
        shift_query(q2, q, c);
        rc2 = solve(res2, q2);
        same_answer(res, rc, res2, rc2, c,
                    "shifting time changes the answer");
        break;
    case 2: /* turn the world */
        permute_query(q2, q, f);
        rc2 = solve(res2, q2);
        same_answer(res, rc, res2, rc2, 0,
                    "turning the world changes the answer");
        break;
    default: /* solve again: the very same result */
        rc2 = solve(res2, q);
        if (rc2 != rc)
            fail("a second solve gives another status");
        if (rc == BOXTOI_OK
            && (res->status != res2->status || res->initial != res2->initial
                || res->tight != res2->tight
                || memcmp(res->feature, res2->feature, sizeof res->feature)
                       != 0
                || (res->status == BOXTOI_CONTACT
                    && (!boxtoi_poly_equal(&res->t.poly, &res2->t.poly)
                        || !mpq_equal(res->t.lo, res2->t.lo)
                        || !mpq_equal(res->t.hi, res2->t.hi)))))
            fail("a second solve gives another result");
        break;
    }
    current = NULL;
    boxtoi_contact_clear(res2);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q2);
    boxtoi_query_clear(q);
    return 0;
}
