/* t/xcheck-t.c: the library's boxtoi_contact_first against the
   independent oracle of t/oracle.c, on seeded random queries of every
   family of t/qgen.c (rigid, affine, translational, ballistic, grid;
   flat boxes; ranges [t0, t1] and [t0, inf)).

   For each query: (1) the library and the oracle agree exactly: the
   same status, the same time (boxtoi_alg_cmp == 0), the initial flag
   equal to (t == t0), and the library's time satisfies the
   algebraic-number invariant; (2) the separating-axis static test
   (oracle_sat_at_mpq, a third method) finds the solids meeting at t
   when t is rational and apart at rationals sampled in [t0, t) (the
   whole range without contact); (3) one metamorphic relation, in turn:
   swapping the boxes with their motions, composing both motions on
   the left with one constant rigid motion or one constant affine
   bijection (the answer is unchanged: intersection is invariant under
   a common bijection), reparametrising time by t = mu s + c with
   mu > 0 (the answer becomes (t - c) / mu), scaling all coordinates
   by a positive rational (unchanged), or restricting the range: to
   [t0, t] (or [t0, hi] for an irrational t; unchanged, so a contact at
   t1 is found), to [t0, t') with t' < t (no contact), to [t'', t1]
   with t0 < t'' < t (unchanged).  The expected metamorphic answers
   are derived from the oracle's answer; every seventh query the oracle
   is also run on the transformed query.  A failing query is printed
   as a JSON line of shared/spec/query-format.md. */
#include <stdlib.h>
#include "tap.h"
#include "oracle.h"
#include "qgen.h"

enum { M_SWAP, M_RIGID, M_AFFINE, M_TIME, M_SCALE, M_RANGE, M_COUNT };
static const char *const mname[M_COUNT] = {
    "swap", "common rigid motion", "common affine map",
    "time reparametrisation", "scaling", "range restriction"};

typedef struct {
    long cases, contacts, initial, rational;
    long lib_error, status, time, init_flag, invariant;
    long sat_at, sat_before, sat_none;
    long meta[M_COUNT], meta_bad[M_COUNT], meta_oracle, meta_oracle_bad;
    long per_kind[QGEN_NKINDS];
} stats;

static void report(const char *what, long i, const boxtoi_query_t q)
{
    diag("query %ld: %s", i, what);
    printf("# ");
    qgen_fprint_query(stdout, q);
}

/* r = q, with the two bodies exchanged when swap is non-zero. */
static void copy_query(boxtoi_query_t r, const boxtoi_query_t q, int swap)
{
    boxtoi_query_set(r, q);
    if (swap) {
        boxtoi_box_set(&r->box[0], &q->box[1]);
        boxtoi_box_set(&r->box[1], &q->box[0]);
        boxtoi_motion_set(&r->motion[0], &q->motion[1]);
        boxtoi_motion_set(&r->motion[1], &q->motion[0]);
    }
}

/* The library's answer; returns its status code. */
static int lib_solve(int *has, boxtoi_alg_t t, int *initial,
                     const boxtoi_query_t q)
{
    boxtoi_contact_t res;
    boxtoi_errinfo err;
    int rc;
    boxtoi_contact_init(res);
    boxtoi_errinfo_reset(&err);
    rc = boxtoi_contact_first(res, q, NULL, &err);
    *has = 0;
    if (rc != BOXTOI_OK)
        diag("boxtoi_contact_first: %s: %s", boxtoi_errname(rc), err.msg);
    else if (res->status == BOXTOI_CONTACT) {
        *has = 1;
        *initial = res->initial;
        boxtoi_alg_set(t, &res->t);
    }
    boxtoi_contact_clear(res);
    return rc;
}

static int same(int h1, const boxtoi_alg_t t1, int h2, const boxtoi_alg_t t2)
{
    return h1 == h2 && (!h1 || boxtoi_alg_cmp(t1, t2) == 0);
}

/* ---- metamorphic transformations ---------------------------------- */

/* out[0..n] = coefficients of p(mu s + c), p with the rational
   coefficients in[0..n] (Horner on polynomials). */
static void subst(mpq_t *out, mpq_t *const in, long n, mpq_srcptr mu,
                  mpq_srcptr c)
{
    mpq_t x;
    long k, j;
    mpq_init(x);
    for (j = 0; j <= n; j++)
        mpq_set_ui(out[j], 0, 1);
    for (k = n; k >= 0; k--) {
        /* out = out * (mu s + c) + in[k]; degree n - k - 1 so far */
        for (j = n - k; j >= 0; j--) {
            mpq_mul(out[j], out[j], c);
            if (j > 0) {
                mpq_mul(x, out[j - 1], mu);
                mpq_add(out[j], out[j], x);
            }
        }
        mpq_add(out[0], out[0], in[k]);
    }
    mpq_clear(x);
}

static mpq_t *qvec(long n)
{
    mpq_t *v = malloc((size_t)n * sizeof *v);
    long i;
    if (v == NULL)
        bail("out of memory");
    for (i = 0; i < n; i++)
        mpq_init(v[i]);
    return v;
}

static void qvec_free(mpq_t *v, long n)
{
    long i;
    for (i = 0; i < n; i++)
        mpq_clear(v[i]);
    free(v);
}

/* r = q with t = mu s + c: entries e(mu s + c), range mapped by
   s = (t - c) / mu (mu > 0). */
static void reparam(boxtoi_query_t r, const boxtoi_query_t q, mpq_srcptr mu,
                    mpq_srcptr c)
{
    int b, e;
    long k, n;
    copy_query(r, q, 0);
    for (b = 0; b < 2; b++) {
        const boxtoi_motion_struct *m = &q->motion[b];
        boxtoi_motion_zero(&r->motion[b]);
        for (e = 0; e < 16; e++) {
            mpq_t *in, *out;
            n = boxtoi_poly_degree(m->e + e);
            if (n < 0)
                continue;
            in = qvec(n + 1);
            out = qvec(n + 1);
            for (k = 0; k <= n; k++) {
                boxtoi_poly_get_coeff_mpz(mpq_numref(in[k]), m->e + e, k);
                mpz_set(mpq_denref(in[k]), m->den);
                mpq_canonicalize(in[k]);
            }
            subst(out, in, n, mu, c);
            for (k = 0; k <= n; k++)
                boxtoi_motion_set_coeff_mpq(&r->motion[b], e / 4, e % 4, k,
                                            out[k]);
            qvec_free(in, n + 1);
            qvec_free(out, n + 1);
        }
    }
    mpq_sub(r->t0, q->t0, c);
    mpq_div(r->t0, r->t0, mu);
    mpq_sub(r->t1, q->t1, c);
    mpq_div(r->t1, r->t1, mu);
}

/* res = (t - c) / mu: the root of p(mu s + c) in [(lo - c)/mu, ...]. */
static void reparam_alg(boxtoi_alg_t res, const boxtoi_alg_t t,
                        mpq_srcptr mu, mpq_srcptr c)
{
    long n = boxtoi_poly_degree(&t->poly), k;
    mpq_t *in = qvec(n + 1), *out = qvec(n + 1), lo, hi;
    boxtoi_poly_t p;
    mpz_t l, z;
    boxtoi_poly_init(p);
    mpz_init(l);
    mpz_init(z);
    mpq_init(lo);
    mpq_init(hi);
    for (k = 0; k <= n; k++)
        boxtoi_poly_get_coeff_mpz(mpq_numref(in[k]), &t->poly, k);
    subst(out, in, n, mu, c);
    mpz_set_ui(l, 1);
    for (k = 0; k <= n; k++)
        mpz_lcm(l, l, mpq_denref(out[k]));
    for (k = 0; k <= n; k++) {
        mpz_divexact(z, l, mpq_denref(out[k]));
        mpz_mul(z, z, mpq_numref(out[k]));
        boxtoi_poly_set_coeff_mpz(p, k, z);
    }
    mpq_sub(lo, t->lo, c);
    mpq_div(lo, lo, mu);
    mpq_sub(hi, t->hi, c);
    mpq_div(hi, hi, mu);
    if (boxtoi_alg_set_poly_interval(res, p, lo, hi) != BOXTOI_OK)
        bail("reparam_alg: not isolating");
    qvec_free(in, n + 1);
    qvec_free(out, n + 1);
    boxtoi_poly_clear(p);
    mpz_clear(l);
    mpz_clear(z);
    mpq_clear(lo);
    mpq_clear(hi);
}

/* r = q with both motions composed on the left with g. */
static void compose(boxtoi_query_t r, const boxtoi_query_t q,
                    const boxtoi_motion_t g)
{
    int b;
    copy_query(r, q, 0);
    for (b = 0; b < 2; b++) {
        oracle_mat_mul(r->motion[b].e, g->e, q->motion[b].e);
        mpz_mul(r->motion[b].den, g->den, q->motion[b].den);
    }
}

/* g = a random constant rigid motion (rational quaternion, rational
   translation) or, if affine, a random constant affine bijection with
   an integer block (det != 0, possibly < 0) and weight of either
   sign. */
static void random_map(boxtoi_motion_t g, gmp_randstate_t st, int affine)
{
    mpq_t qa[4], qb[4], tr[3];
    int i, j;
    for (i = 0; i < 4; i++) {
        mpq_init(qa[i]);
        mpq_init(qb[i]);
    }
    for (i = 0; i < 3; i++) {
        mpq_init(tr[i]);
        qgen_mpq(tr[i], st, 5, 3);
    }
    if (!affine) {
        do
            for (i = 0; i < 4; i++)
                qgen_mpq(qa[i], st, 3, 2);
        while (mpq_sgn(qa[0]) == 0 && mpq_sgn(qa[1]) == 0
               && mpq_sgn(qa[2]) == 0 && mpq_sgn(qa[3]) == 0);
        if (boxtoi_motion_set_quat_linear(g, qa[0], qb[0], tr[0], 1, NULL)
            != BOXTOI_OK)
            bail("random_map: quaternion refused");
    } else {
        do {
            boxtoi_motion_zero(g);
            for (i = 0; i < 3; i++) {
                for (j = 0; j < 3; j++)
                    boxtoi_motion_set_coeff_si(g, i, j, 0,
                                               (long)qgen_ui(st, 5) - 2);
                boxtoi_motion_set_coeff_mpq(g, i, 3, 0, tr[i]);
            }
            boxtoi_motion_set_coeff_si(g, 3, 3, 0,
                                       qgen_ui(st, 2) ? 1 : -2);
        } while (!qgen_motion_valid(g, qa[0], qa[0])); /* det != 0 */
    }
    for (i = 0; i < 4; i++) {
        mpq_clear(qa[i]);
        mpq_clear(qb[i]);
    }
    for (i = 0; i < 3; i++)
        mpq_clear(tr[i]);
}

/* r = q with every coordinate multiplied by lambda = n / d > 0:
   M -> S M S^-1, S = diag(l, l, l, 1), times d: block and w times d,
   translation column times n. */
static void scale(boxtoi_query_t r, const boxtoi_query_t q,
                  mpq_srcptr lambda)
{
    int b, i, j;
    copy_query(r, q, 0);
    for (b = 0; b < 2; b++) {
        for (i = 0; i < 3; i++) {
            mpq_mul(r->box[b].min[i], q->box[b].min[i], lambda);
            mpq_mul(r->box[b].max[i], q->box[b].max[i], lambda);
        }
        for (i = 0; i < 4; i++)
            for (j = 0; j < 4; j++)
                boxtoi_poly_scalar_mul_mpz(r->motion[b].e + 4 * i + j,
                                           q->motion[b].e + 4 * i + j,
                                           j == 3 && i < 3
                                               ? mpq_numref(lambda)
                                               : mpq_denref(lambda));
    }
}

/* ---- the checks --------------------------------------------------- */

/* SAT at rationals: meets at t when t is rational; apart at rationals
   of [t0, t) (at the lower end of a fine isolating interval and
   between it and t0), or in the whole range without contact. */
static void check_static(stats *s, long i, const boxtoi_query_t q, int has,
                         const boxtoi_alg_t t)
{
    boxtoi_alg_t a;
    mpq_t x, lo, u;
    int j;
    boxtoi_alg_init(a);
    mpq_init(x);
    mpq_init(lo);
    mpq_init(u);
    if (has) {
        boxtoi_alg_set(a, t);
        if (boxtoi_alg_get_mpq(x, a) && oracle_sat_at_mpq(q, x) != 1) {
            s->sat_at++;
            report("SAT finds the solids apart at the contact time", i, q);
        }
        boxtoi_alg_refine(a, 24);
        mpq_set(lo, a->lo);
        if (mpq_equal(a->lo, a->hi)) {
            mpq_set_ui(u, 1, 1 << 24);
            mpq_sub(lo, lo, u);
        }
    } else if (q->t1_inf) {
        mpq_set_ui(lo, 64, 1);
        mpq_add(lo, lo, q->t0);
    } else
        mpq_set(lo, q->t1);
    for (j = 0; j < 4 && mpq_cmp(lo, q->t0) >= 0; j++) {
        /* x = t0 + (lo - t0) (4 - j) / 4, or j / 3 without contact */
        mpq_sub(x, lo, q->t0);
        mpq_set_ui(u, has ? 4 - j : j, has ? 4 : 3);
        mpq_canonicalize(u);
        mpq_mul(x, x, u);
        mpq_add(x, x, q->t0);
        if (oracle_sat_at_mpq(q, x) != 0) {
            if (has)
                s->sat_before++;
            else
                s->sat_none++;
            gmp_printf("# SAT meets at %Qd\n", x);
            report(has ? "the solids meet before the contact time"
                       : "the solids meet in a range without contact",
                   i, q);
        }
    }
    boxtoi_alg_clear(a);
    mpq_clear(x);
    mpq_clear(lo);
    mpq_clear(u);
}

/* One range restriction of q (the new range [a, b], b NULL for the
   old end) must give (has, e). */
static void check_sub(stats *s, long i, const boxtoi_query_t q,
                      mpq_srcptr a, mpq_srcptr b, int has,
                      const boxtoi_alg_t e)
{
    boxtoi_query_t r;
    boxtoi_alg_t lt;
    int lh, li;
    boxtoi_query_init(r);
    boxtoi_alg_init(lt);
    copy_query(r, q, 0);
    mpq_set(r->t0, a);
    if (b != NULL) {
        mpq_set(r->t1, b);
        r->t1_inf = 0;
    }
    s->meta[M_RANGE]++;
    if (lib_solve(&lh, lt, &li, r) != BOXTOI_OK || !same(has, e, lh, lt)) {
        s->meta_bad[M_RANGE]++;
        report(mname[M_RANGE], i, q);
        printf("# restricted: ");
        qgen_fprint_query(stdout, r);
    }
    boxtoi_query_clear(r);
    boxtoi_alg_clear(lt);
}

static void check_range(stats *s, long i, const boxtoi_query_t q, int has,
                        const boxtoi_alg_t t)
{
    boxtoi_alg_t a;
    mpq_t x, below, mid;
    boxtoi_alg_init(a);
    mpq_init(x);
    mpq_init(below);
    mpq_init(mid);
    if (has) {
        int rat;
        boxtoi_alg_set(a, t);
        boxtoi_alg_refine(a, 24);
        rat = boxtoi_alg_get_mpq(x, a);
        if (!rat) /* hi >= t; isolating intervals stay in the range */
            mpq_set(x, a->hi);
        if (!q->t1_inf && mpq_cmp(x, q->t1) > 0)
            mpq_set(x, q->t1);
        check_sub(s, i, q, q->t0, x, 1, t);
        if (boxtoi_alg_cmp_mpq(t, q->t0) > 0) {
            /* below: a rational in [t0, t) */
            mpq_set(below, a->lo);
            if (rat) {
                mpq_set_ui(below, 1, 1 << 24);
                mpq_sub(below, x, below);
            }
            if (mpq_cmp(below, q->t0) < 0)
                mpq_set(below, q->t0);
            check_sub(s, i, q, q->t0, below, 0, t);
            mpq_add(mid, q->t0, below);
            mpq_div_2exp(mid, mid, 1);
            check_sub(s, i, q, mid, NULL, 1, t);
        }
    } else {
        if (q->t1_inf)
            mpq_set_ui(x, 1, 1);
        else {
            mpq_sub(x, q->t1, q->t0);
            mpq_div_2exp(x, x, 1);
        }
        mpq_add(x, x, q->t0);
        check_sub(s, i, q, x, NULL, 0, t);
    }
    boxtoi_alg_clear(a);
    mpq_clear(x);
    mpq_clear(below);
    mpq_clear(mid);
}

/* Metamorphic relation m on q, whose answer (from the oracle) is
   (has, t): the library must give the transformed answer. */
static void check_meta(stats *s, long i, int m, const boxtoi_query_t q,
                       int has, const boxtoi_alg_t t, gmp_randstate_t st)
{
    boxtoi_query_t r;
    boxtoi_motion_t g;
    boxtoi_alg_t e, lt, ot;
    mpq_t mu, c;
    int lh, li, oh, ok_lib;
    boxtoi_query_init(r);
    boxtoi_motion_init(g);
    boxtoi_alg_init(e);
    boxtoi_alg_init(lt);
    boxtoi_alg_init(ot);
    mpq_init(mu);
    mpq_init(c);
    if (m == M_RANGE) {
        check_range(s, i, q, has, t);
        goto done;
    }
    if (has)
        boxtoi_alg_set(e, t);
    switch (m) {
    case M_SWAP:
        copy_query(r, q, 1);
        break;
    case M_RIGID:
    case M_AFFINE:
        random_map(g, st, m == M_AFFINE);
        compose(r, q, g);
        break;
    case M_TIME: /* t = mu s + c: s = (t - c) / mu */
        if (qgen_ui(st, 2))
            mpq_set_ui(mu, 1, 1);
        else
            mpq_set_ui(mu, 1 + qgen_ui(st, 4), 1 + qgen_ui(st, 3));
        mpq_canonicalize(mu);
        qgen_mpq(c, st, 7, 4);
        reparam(r, q, mu, c);
        if (has)
            reparam_alg(e, t, mu, c);
        break;
    default:
        mpq_set_ui(mu, 1 + qgen_ui(st, 7), 1 + qgen_ui(st, 5));
        mpq_canonicalize(mu);
        scale(r, q, mu);
    }
    s->meta[m]++;
    ok_lib = lib_solve(&lh, lt, &li, r) == BOXTOI_OK && same(has, e, lh, lt);
    if (!ok_lib) {
        s->meta_bad[m]++;
        report(mname[m], i, q);
        printf("# transformed: ");
        qgen_fprint_query(stdout, r);
    }
    if (i % 7 == 0) { /* the oracle obeys the relation too */
        s->meta_oracle++;
        if (oracle_first_contact(&oh, ot, r) != BOXTOI_OK
            || !same(has, e, oh, ot)) {
            s->meta_oracle_bad++;
            report("oracle breaks a metamorphic relation", i, r);
        }
    }
done:
    boxtoi_query_clear(r);
    boxtoi_motion_clear(g);
    boxtoi_alg_clear(e);
    boxtoi_alg_clear(lt);
    boxtoi_alg_clear(ot);
    mpq_clear(mu);
    mpq_clear(c);
}

static void one_case(stats *s, long i, int kind, const boxtoi_query_t q,
                     gmp_randstate_t st)
{
    boxtoi_alg_t lt, ot;
    oracle_stats os;
    int lh = 0, li = 0, oh = 0, rc;
    boxtoi_alg_init(lt);
    boxtoi_alg_init(ot);
    s->cases++;
    s->per_kind[kind]++;
    rc = oracle_first_contact_stats(&oh, ot, q, i % 8 == 0 ? ORACLE_PURE : 0,
                                    &os);
    if (rc != BOXTOI_OK)
        bail("oracle failed (%s) on query %ld", boxtoi_errname(rc), i);
    if (lib_solve(&lh, lt, &li, q) != BOXTOI_OK) {
        s->lib_error++;
        report("library error", i, q);
    } else if (lh != oh) {
        s->status++;
        report(oh ? "library misses the contact" : "library finds a "
               "contact the oracle does not", i, q);
    } else if (oh) {
        int init = boxtoi_alg_cmp_mpq(ot, q->t0) == 0;
        s->contacts++;
        s->initial += init;
        s->rational += boxtoi_alg_is_rational_fast(ot);
        if (boxtoi_alg_cmp(lt, ot) != 0) {
            s->time++;
            report("library and oracle times differ", i, q);
            printf("#   oracle: ");
            boxtoi_poly_fprint(stdout, &ot->poly, "t");
            gmp_printf(" in [%Qd, %Qd]\n#   library: ", ot->lo, ot->hi);
            boxtoi_poly_fprint(stdout, &lt->poly, "t");
            gmp_printf(" in [%Qd, %Qd]\n", lt->lo, lt->hi);
        }
        if (!tap_alg_invariant(lt)) {
            s->invariant++;
            report("library time breaks the invariant", i, q);
        }
        if (li != init) {
            s->init_flag++;
            report("initial flag", i, q);
        }
    }
    check_static(s, i, q, oh, ot);
    check_meta(s, i, (int)((i / QGEN_NKINDS) % M_COUNT), q, oh, ot, st);
    boxtoi_alg_clear(lt);
    boxtoi_alg_clear(ot);
}

int main(void)
{
    gmp_randstate_t st;
    boxtoi_query_t q;
    stats s = {0};
    long n = 300 * tap_multiplier(), i;
    int m, k;
    plan_lazy();
    tap_randinit(st);
    boxtoi_query_init(q);
    for (i = 0; i < n; i++) {
        k = (int)(i % QGEN_NKINDS);
        qgen_query(q, st, k);
        one_case(&s, i, k, q, st);
    }
    diag("%ld cases (%ld rigid, %ld affine, %ld translational, "
         "%ld ballistic, %ld grid): %ld contacts, %ld initial, "
         "%ld at rational times",
         s.cases, s.per_kind[QGEN_RIGID], s.per_kind[QGEN_AFFINE],
         s.per_kind[QGEN_TRANSLATIONAL], s.per_kind[QGEN_BALLISTIC],
         s.per_kind[QGEN_GRID], s.contacts, s.initial, s.rational);
    is_int(0, s.lib_error, "library solves all %ld queries", s.cases);
    is_int(0, s.status, "library and oracle agree on contact or not");
    is_int(0, s.time, "library and oracle agree on the %ld times",
           s.contacts);
    is_int(0, s.invariant, "library times satisfy the invariant");
    is_int(0, s.init_flag, "initial flag is (t == t0)");
    is_int(0, s.sat_at, "SAT: the solids meet at rational contact times");
    is_int(0, s.sat_before, "SAT: apart at rationals before contact");
    is_int(0, s.sat_none, "SAT: apart throughout without contact");
    for (m = 0; m < M_COUNT; m++)
        is_int(0, s.meta_bad[m], "metamorphic: %s (%ld cases)", mname[m],
               s.meta[m]);
    is_int(0, s.meta_oracle_bad, "the oracle obeys them too (%ld cases)",
           s.meta_oracle);
    /* the generators must keep producing both kinds of answers */
    ok(s.contacts > s.cases / 3 && s.contacts < s.cases - s.cases / 10,
       "contact in %ld of %ld cases", s.contacts, s.cases);
    ok(s.initial > 0 && s.initial < s.contacts / 2,
       "initial contact in %ld cases", s.initial);
    boxtoi_query_clear(q);
    gmp_randclear(st);
    return 0;
}
