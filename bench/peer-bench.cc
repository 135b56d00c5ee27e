/* bench/peer-bench.cc: boxtoi side by side with FCL 0.7 conservative
   advancement and Bullet 3.24 continuous convex casts on the
   translational workload of bench/contact-work.h (constant rotations,
   linear translations, t in [0, 1]), in one run on identical queries;
   --only W takes another workload of contact-bench and --queries FILE
   the queries of any file in the query format (read through
   boxtoi_io_read_query; each mapped to t in [0, 1], those with a point
   or unbounded range skipped).  A query that turns or translates
   non-linearly is given to the tools as its poses at t = 0 and 1,
   which they interpolate (a different motion, said in the output);
   the reference for it is boxtoi on the query itself.

   The workload is generated first; then each tool runs over all of it
   in a pass of its own (its code and data warm, as in an application),
   each call timed alone (process CPU time, or CLOCK_MONOTONIC with
   --wall); setting up shapes and transforms is not timed, for any
   tool.  FCL runs conservative advancement with libccd (CCDM_TRANS and
   CCDM_LINEAR motions), Bullet btContinuousConvexCollision (GJK-EPA)
   and btGjkConvexCast, on btBoxShape with margin 0.  FCL and Bullet take
   double (Bullet: float) transforms of centred boxes, so each box is
   given as its centre-relative box [-h, h] with the rotation R = A / w
   rounded to doubles and the centre's positions R c + tr(t) at t = 0
   and t = 1 rounded to nearest; a linear interpolation of those is the
   motion the tools see (exact for this workload).  That rounded query
   is also written back as exact rationals (each double is a dyadic
   rational) and solved exactly by boxtoi ("boxtoi, double input"):
   its answer is the reference against which the tools are judged,
   since it is the correct answer for the input they were given.  The
   original rational queries are solved and timed too ("boxtoi"), and
   unless --no-verify both are checked against the independent oracle
   of t/oracle.h (untimed).  Each boxtoi pass solves into one result
   reused across its queries (the command and a GMP-style caller do the
   same), and the answer is copied out after the clock has stopped, for
   the checks; --fresh-result initialises a new result per query
   instead (the earlier method: every timed call then also pays about
   1k instructions of the result's growth, doc/performance.md, "The
   benchmarks' result").

   Against the reference time t* (rounded to nearest double) a tool's
   answer is: a miss (no contact, but there is one; "initial" when the
   reference contact is at t = 0), a false alarm (contact, but
   there is none), late (time > t* + TOL) or early (time < t* - TOL),
   where TOL = 1e-4 is FCL's own declared tolerance on the time of
   contact (the t_err of its conservative advancement, also the default
   toc_err); Bullet declares a distance tolerance only, and is judged
   by the same TOL.  The median and maximum of |time - t*| are over the
   queries where tool and reference both report contact.  Timings are
   never assertions.  See doc/performance.md, "Contact". */
#include <gmp.h>
#include <mpfr.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include "boxtoi.h"
extern "C" {
#include "../t/qgen.h"
#include "../t/oracle.h"
}
#include "contact-work.h"

#include <fcl/fcl.h>
#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btContinuousConvexCollision.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

namespace {

const double TOL = 1e-4;

enum {
    T_BOXTOI,     /* boxtoi on the rational query */
    T_BOXTOI_D,   /* boxtoi on the query rounded to doubles */
    T_FCL_TRANS,  /* FCL CA, libccd, CCDM_TRANS */
    T_FCL_LINEAR, /* FCL CA, libccd, CCDM_LINEAR */
    T_BT_CCC,     /* Bullet btContinuousConvexCollision + GJK-EPA */
    T_BT_GJK,     /* Bullet btGjkConvexCast */
    NTOOL
};

const char *const tool_names[NTOOL] = {
    "boxtoi",
    "boxtoi, double input",
    "FCL CA libccd, CCDM_TRANS",
    "FCL CA libccd, CCDM_LINEAR",
    "Bullet ContinuousConvex",
    "Bullet GjkConvexCast"};

struct Tally {
    std::vector<double> time, err;
    long contacts = 0, miss = 0, miss_initial = 0, false_alarm = 0;
    long late = 0, early = 0;
    long false_rounded = 0; /* false alarms where rhit: see Ref */
};

void die(const char *msg)
{
    std::fprintf(stderr, "peer-bench: %s\n", msg);
    std::exit(1);
}

double q_get_d(mpq_srcptr q)
{
    mpfr_t x;
    mpfr_init2(x, 53);
    mpfr_set_q(x, q, MPFR_RNDN); /* one rounding: 53 bits = a double */
    double d = mpfr_get_d(x, MPFR_RNDN);
    mpfr_clear(x);
    return d;
}

/* One box of the query in the tools' terms: half-extents h, rotations
   R0, R1 (row-major) and the centre's world positions p0, p1 at t = 0,
   1 (R0 == R1 for a translational query). */
struct DBox {
    double h[3], R0[9], R1[9], p0[3], p1[3];
};

/* Entry (i, j) of motion m at t as a rational. */
void entry_at(mpq_t res, const boxtoi_motion_struct *m, int i, int j,
              mpq_srcptr t)
{
    boxtoi_poly_eval_mpq(res, m->e + 4 * i + j, t);
    mpz_mul(mpq_denref(res), mpq_denref(res), m->den);
    mpq_canonicalize(res);
}

void to_doubles(DBox *d, const boxtoi_query_t q, int b)
{
    const boxtoi_motion_struct *m = &q->motion[b];
    const boxtoi_box_struct *bx = &q->box[b];
    mpq_t c[3], t, w, x, y;
    int i, j, s;
    mpq_init(t);
    mpq_init(w);
    mpq_init(x);
    mpq_init(y);
    for (i = 0; i < 3; i++) {
        mpq_init(c[i]);
        mpq_add(c[i], bx->min[i], bx->max[i]);
        mpq_div_2exp(c[i], c[i], 1);
        mpq_sub(x, bx->max[i], bx->min[i]);
        mpq_div_2exp(x, x, 1);
        d->h[i] = q_get_d(x);
    }
    for (s = 0; s < 2; s++) {
        mpq_set_ui(t, (unsigned long)s, 1);
        entry_at(w, m, 3, 3, t);
        for (i = 0; i < 3; i++) /* the rotation A / w at t = s */
            for (j = 0; j < 3; j++) {
                entry_at(x, m, i, j, t);
                mpq_div(x, x, w);
                (s ? d->R1 : d->R0)[3 * i + j] = q_get_d(x);
            }
        for (i = 0; i < 3; i++) {
            entry_at(y, m, i, 3, t);
            for (j = 0; j < 3; j++) {
                entry_at(x, m, i, j, t);
                mpq_mul(x, x, c[j]);
                mpq_add(y, y, x);
            }
            mpq_div(y, y, w);
            (s ? d->p1 : d->p0)[i] = q_get_d(y);
        }
    }
    for (i = 0; i < 3; i++)
        mpq_clear(c[i]);
    mpq_clear(t);
    mpq_clear(w);
    mpq_clear(x);
    mpq_clear(y);
}

/* 1 if motion m has a constant 3x3 block and weight and a translation
   column of degree <= 1: what the tools' linear interpolation models. */
int is_translational(const boxtoi_motion_struct *m)
{
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            if (boxtoi_poly_degree(m->e + 4 * i + j) > (j == 3 && i < 3))
                return 0;
    return 1;
}

/* The exact query the tools are given: box b is [-h, h] moved by
   [[R, p0 + (p1 - p0) t], [0, 1]], every number a double. */
void double_query(boxtoi_query_t dq, const DBox d[2])
{
    mpq_t x, y;
    mpq_init(x);
    mpq_init(y);
    mpq_set_ui(dq->t0, 0, 1);
    mpq_set_ui(dq->t1, 1, 1);
    dq->t1_inf = 0;
    for (int b = 0; b < 2; b++) {
        boxtoi_motion_struct *m = &dq->motion[b];
        boxtoi_motion_zero(m);
        for (int i = 0; i < 3; i++) {
            mpq_set_d(x, d[b].h[i]);
            mpq_set(dq->box[b].max[i], x);
            mpq_neg(dq->box[b].min[i], x);
            for (int j = 0; j < 3; j++) {
                mpq_set_d(x, d[b].R0[3 * i + j]);
                boxtoi_motion_set_coeff_mpq(m, i, j, 0, x);
            }
            mpq_set_d(x, d[b].p0[i]);
            boxtoi_motion_set_coeff_mpq(m, i, 3, 0, x);
            mpq_set_d(y, d[b].p1[i]);
            mpq_sub(y, y, x);
            boxtoi_motion_set_coeff_mpq(m, i, 3, 1, y);
        }
        boxtoi_motion_set_coeff_si(m, 3, 3, 0, 1);
    }
    mpq_clear(x);
    mpq_clear(y);
}

fcl::Transform3d fcl_tf(const DBox &d, int s)
{
    fcl::Transform3d tf = fcl::Transform3d::Identity();
    fcl::Matrix3d R;
    const double *r = s ? d.R1 : d.R0, *p = s ? d.p1 : d.p0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R(i, j) = r[3 * i + j];
    tf.linear() = R;
    tf.translation() = fcl::Vector3d(p[0], p[1], p[2]);
    return tf;
}

btTransform bt_tf(const DBox &d, int s)
{
    const double *p = s ? d.p1 : d.p0, *r = s ? d.R1 : d.R0;
    btMatrix3x3 R;
    R.setValue(btScalar(r[0]), btScalar(r[1]), btScalar(r[2]),
               btScalar(r[3]), btScalar(r[4]), btScalar(r[5]),
               btScalar(r[6]), btScalar(r[7]), btScalar(r[8]));
    return btTransform(R, btVector3(btScalar(p[0]), btScalar(p[1]),
                                    btScalar(p[2])));
}

/* Scores one tool's answer (hit, toc) against the reference. */
struct Ref {
    int hit;     /* the reference has contact */
    double t;    /* its time rounded to nearest (if hit) */
    int initial; /* at t = 0 */
    int rhit;    /* the rational query (before rounding) has contact */
};

void judge(Tally &t, int hit, double toc, const Ref &r)
{
    int ref = r.hit, initial = r.initial;
    double tref = r.t;
    if (hit)
        t.contacts++;
    if (ref && !hit) {
        t.miss++;
        t.miss_initial += initial;
    } else if (!ref && hit) {
        t.false_alarm++;
        t.false_rounded += r.rhit;
    } else if (ref && hit) {
        double e = toc - tref;
        t.err.push_back(std::fabs(e));
        t.late += e > TOL;
        t.early += e < -TOL;
    }
}

/* 1 if the oracle of t/oracle.h agrees exactly with boxtoi's answer c
   on q; *o is the oracle's answer as a reference. */
int verify(Ref *o, const boxtoi_query_t q, const boxtoi_contact_t c)
{
    boxtoi_alg_t t;
    int has, ok;
    boxtoi_alg_init(t);
    if (oracle_first_contact(&has, t, q) != BOXTOI_OK)
        die("the oracle failed");
    ok = has == (c->status == BOXTOI_CONTACT)
         && (!has || boxtoi_alg_cmp(t, &c->t) == 0);
    o->hit = has;
    o->t = has ? boxtoi_alg_get_d(t, MPFR_RNDN) : 0.0;
    o->initial = has && boxtoi_alg_cmp_mpq(t, q->t0) == 0;
    o->rhit = has;
    boxtoi_alg_clear(t);
    return ok;
}

/* The peers: one call on the query d, timed alone; sets *toc when
   there is contact.  Shapes are set up before the clock starts; motion
   objects are built inside the timed part, as FCL's transform overload
   of continuousCollide builds them. */
/* res = a, res initialised (boxtoi has no copy of a result) */
void copy_result(boxtoi_contact_struct *res, const boxtoi_contact_struct *a)
{
    boxtoi_alg_struct t = res->t;
    *res = *a;
    res->t = t;
    boxtoi_alg_set(&res->t, &a->t);
}

/* res = a (a fresh copy; boxtoi has no query copy function). */
void copy_query(boxtoi_query_t res, const boxtoi_query_t a)
{
    for (int b = 0; b < 2; b++) {
        boxtoi_motion_set(&res->motion[b], &a->motion[b]);
        for (int i = 0; i < 3; i++) {
            mpq_set(res->box[b].min[i], a->box[b].min[i]);
            mpq_set(res->box[b].max[i], a->box[b].max[i]);
        }
    }
    mpq_set(res->t0, a->t0);
    mpq_set(res->t1, a->t1);
    res->t1_inf = a->t1_inf;
}

int run_peer(int k, const DBox d[2], double *toc, double *sec, int wall)
{
    static const fcl::CCDMotionType mt[2] = {fcl::CCDM_TRANS,
                                             fcl::CCDM_LINEAR};
    double a;
    int hit;
    if (k == T_FCL_TRANS || k == T_FCL_LINEAR) {
        fcl::ContinuousCollisionRequestd req;
        fcl::ContinuousCollisionResultd res;
        req.ccd_motion_type = mt[k - T_FCL_TRANS];
        req.gjk_solver_type = fcl::GST_LIBCCD;
        req.ccd_solver_type = fcl::CCDC_CONSERVATIVE_ADVANCEMENT;
        fcl::Boxd f1(2 * d[0].h[0], 2 * d[0].h[1], 2 * d[0].h[2]);
        fcl::Boxd f2(2 * d[1].h[0], 2 * d[1].h[1], 2 * d[1].h[2]);
        fcl::Transform3d a0 = fcl_tf(d[0], 0), a1 = fcl_tf(d[0], 1);
        fcl::Transform3d b0 = fcl_tf(d[1], 0), b1 = fcl_tf(d[1], 1);
        const fcl::Vector3d o = fcl::Vector3d::Zero();
        if (k == T_FCL_TRANS) {
            a = cw_now(wall);
            fcl::TranslationMotion<double> m1(a0, a1), m2(b0, b1);
            fcl::continuousCollide<double>(&f1, &m1, &f2, &m2, req, res);
            *sec = cw_now(wall) - a;
        } else {
            /* not InterpMotion(tf1, tf2), which the transform overload
               uses: in FCL 0.7 it leaves the reference point
               uninitialised (garbage answers); this constructor sets
               it to the origin, the box's centre */
            a = cw_now(wall);
            fcl::InterpMotion<double> m1(a0.linear(), a0.translation(),
                                         a1.linear(), a1.translation(), o);
            fcl::InterpMotion<double> m2(b0.linear(), b0.translation(),
                                         b1.linear(), b1.translation(), o);
            fcl::continuousCollide<double>(&f1, &m1, &f2, &m2, req, res);
            *sec = cw_now(wall) - a;
        }
        *toc = res.time_of_contact;
        return res.is_collide;
    }
    /* Bullet, margin 0 (btBoxShape::setMargin keeps the half-extents) */
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    btBoxShape s1(btVector3(btScalar(d[0].h[0]), btScalar(d[0].h[1]),
                            btScalar(d[0].h[2])));
    btBoxShape s2(btVector3(btScalar(d[1].h[0]), btScalar(d[1].h[1]),
                            btScalar(d[1].h[2])));
    s1.setMargin(0);
    s2.setMargin(0);
    btTransform u0 = bt_tf(d[0], 0), u1 = bt_tf(d[0], 1);
    btTransform v0 = bt_tf(d[1], 0), v1 = bt_tf(d[1], 1);
    btConvexCast::CastResult cr;
    if (k == T_BT_CCC) {
        btContinuousConvexCollision cc(&s1, &s2, &simplex, &epa);
        a = cw_now(wall);
        hit = cc.calcTimeOfImpact(u0, u1, v0, v1, cr);
        *sec = cw_now(wall) - a;
    } else {
        btGjkConvexCast gc(&s1, &s2, &simplex);
        a = cw_now(wall);
        hit = gc.calcTimeOfImpact(u0, u1, v0, v1, cr);
        *sec = cw_now(wall) - a;
    }
    *toc = double(cr.m_fraction);
    return hit;
}

void usage(FILE *f)
{
    std::fputs("usage: peer-bench [-n N] [--seed S] [--only W] "
               "[--queries FILE] [--wall] [--no-verify]\n"
               "                  [--fresh-result]\n"
               "  -n N        queries (default 10000; with --queries: the "
               "file's first N)\n"
               "  --seed S    seed (default 20240601, as contact-bench's; "
               "workload w uses S + w)\n"
               "  --only W    the workload W of contact-bench (default "
               "translational)\n"
               "  --queries F the queries of the file F (JSON Lines, the "
               "query format)\n"
               "  --wall      wall-clock time instead of process CPU "
               "time\n"
               "  --no-verify skip the check of boxtoi against the "
               "oracle\n"
               "  --fresh-result  a new boxtoi_contact_t per query (default:"
               " one per\n"
               "              pass, reused as the command does, the answer "
               "copied out\n"
               "              untimed; a fresh one adds its growth, about "
               "1k\n"
               "              instructions, to every timed call)\n",
               f);
}

} // namespace

int main(int argc, char **argv)
{
    long n = 10000, nwrong = 0, nwrong_d = 0, nround = 0, i;
    long nref = 0, nref_initial = 0;
    double dround = 0.0;
    unsigned long seed = CW_SEED;
    int wall = 0, check = 1, fresh = 0, k, work = CW_TRANSLATIONAL;
    const char *qname = NULL;
    for (int a = 1; a < argc; a++) {
        if (std::strcmp(argv[a], "-n") == 0 && a + 1 < argc)
            n = std::atol(argv[++a]);
        else if (std::strcmp(argv[a], "--queries") == 0 && a + 1 < argc)
            qname = argv[++a];
        else if (std::strcmp(argv[a], "--only") == 0 && a + 1 < argc) {
            work = cw_lookup(argv[++a]);
            if (work < 0)
                die("unknown workload (see contact-bench --help)");
        }
        else if (std::strcmp(argv[a], "--seed") == 0 && a + 1 < argc)
            seed = std::strtoul(argv[++a], NULL, 10);
        else if (std::strcmp(argv[a], "--wall") == 0)
            wall = 1;
        else if (std::strcmp(argv[a], "--no-verify") == 0)
            check = 0;
        else if (std::strcmp(argv[a], "--fresh-result") == 0)
            fresh = 1;
        else if (std::strcmp(argv[a], "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (n < 1)
        die("-n must be at least 1");

    /* The workload, generated or read first: the rational queries q on
       [0, 1] (others skipped), their double forms d and the exact
       queries dq of those doubles (of a turning query: itself). */
    std::vector<boxtoi_query_struct> q, dq;
    long nskip = 0, nturn = 0, nbad = 0;
    if (qname != NULL) {
        boxtoi_query_struct *qs;
        long nq;
        FILE *f = std::strcmp(qname, "-") == 0 ? stdin
                                               : std::fopen(qname, "r");
        if (f == NULL || cw_read_queries(&qs, &nq, &nbad, f, qname) != 0)
            die("cannot read the --queries file");
        for (i = 0; i < nq; i++)
            q.push_back(qs[i]); /* the structs move, not copied */
        std::free(qs);
        if (f != stdin)
            std::fclose(f);
    } else {
        gmp_randstate_t st;
        gmp_randinit_default(st);
        gmp_randseed_ui(st, seed + (unsigned long)work);
        for (i = 0; i < cw_count(work, n); i++) {
            q.emplace_back();
            boxtoi_query_init(&q.back());
            cw_query(&q.back(), st, work, 0, i);
        }
        gmp_randclear(st);
    }
    for (i = 0; i < (long)q.size(); i++)
        if (!cw_unit_range(&q[i])) {
            boxtoi_query_clear(&q[i]);
            q.erase(q.begin() + i--);
            nskip++;
        }
    if (qname != NULL && (long)q.size() > n)
        q.resize((size_t)n); /* not cleared: the process ends */
    n = (long)q.size();
    if (n < 1)
        die("no query with a bounded range of positive length");
    dq.resize((size_t)n);
    std::vector<DBox> d(2 * n);
    std::vector<Ref> ref(n);
    std::vector<boxtoi_contact_struct> c(n), dc(n);
    for (i = 0; i < n; i++) {
        boxtoi_query_init(&dq[i]);
        to_doubles(&d[2 * i], &q[i], 0);
        to_doubles(&d[2 * i + 1], &q[i], 1);
        if (is_translational(&q[i].motion[0])
            && is_translational(&q[i].motion[1]))
            double_query(&dq[i], &d[2 * i]);
        else {
            copy_query(&dq[i], &q[i]);
            nturn++;
        }
    }

    /* One pass per tool over the whole workload, so that each runs
       with its own data in the caches, as in an application. */
    Tally tally[NTOOL];
    for (k = T_BOXTOI; k <= T_BOXTOI_D; k++) {
        boxtoi_contact_t reused; /* the pass's result (not --fresh-result) */
        boxtoi_contact_init(reused);
        for (i = 0; i < n; i++) {
            boxtoi_contact_struct *out = k == T_BOXTOI ? &c[i] : &dc[i];
            boxtoi_contact_struct *r = fresh ? out : reused;
            boxtoi_errinfo err;
            boxtoi_contact_init(out);
            double a = cw_now(wall);
            int rc = boxtoi_contact_first(r, k == T_BOXTOI ? &q[i] : &dq[i],
                                          NULL, &err);
            tally[k].time.push_back(cw_now(wall) - a);
            if (rc != BOXTOI_OK) {
                std::fprintf(stderr, "peer-bench: query %ld: %s\n", i,
                             boxtoi_strerror(rc));
                qgen_fprint_query(stderr, k == T_BOXTOI ? &q[i] : &dq[i]);
                return 1;
            }
            if (!fresh)
                copy_result(out, reused); /* untimed, for the checks */
        }
        boxtoi_contact_clear(reused);
    }
    for (i = 0; i < n; i++) {
        int hit = dc[i].status == BOXTOI_CONTACT;
        ref[i].hit = hit;
        ref[i].t = hit ? boxtoi_alg_get_d(&dc[i].t, MPFR_RNDN) : 0.0;
        ref[i].initial = hit && dc[i].initial;
        ref[i].rhit = c[i].status == BOXTOI_CONTACT;
        nref += hit;
        nref_initial += ref[i].initial;
        hit = c[i].status == BOXTOI_CONTACT;
        double t = hit ? boxtoi_alg_get_d(&c[i].t, MPFR_RNDN) : 0.0;
        if (hit != ref[i].hit)
            nround++;
        else if (hit)
            dround = std::max(dround, std::fabs(t - ref[i].t));
    }
    for (k = T_FCL_TRANS; k < NTOOL; k++)
        for (i = 0; i < n; i++) {
            double toc = 0.0, sec = 0.0;
            int hit = run_peer(k, &d[2 * i], &toc, &sec, wall);
            tally[k].time.push_back(sec);
            judge(tally[k], hit, toc, ref[i]);
        }
    /* boxtoi is judged by the oracle, on the query it was given */
    for (i = 0; check && i < n; i++) {
        Ref o;
        int hit;
        for (k = T_BOXTOI; k <= T_BOXTOI_D; k++) {
            const boxtoi_contact_struct *r = k == T_BOXTOI ? &c[i] : &dc[i];
            int ok = verify(&o, k == T_BOXTOI ? &q[i] : &dq[i], r);
            (k == T_BOXTOI ? nwrong : nwrong_d) += !ok;
            hit = r->status == BOXTOI_CONTACT;
            judge(tally[k], hit, hit ? boxtoi_alg_get_d(&r->t, MPFR_RNDN)
                                     : 0.0, o);
        }
    }
    if (qname != NULL)
        std::printf("Peers: %ld queries of %s (%ld lines refused, %ld "
                    "queries skipped: point or unbounded range), mapped "
                    "to t in [0, 1]\n", n, qname, nbad, nskip);
    else
        std::printf("Peers: %ld %s queries (t in [0, 1]; %ld skipped: "
                    "point or unbounded range), seed %lu\n",
                    n, cw_name(work), nskip, seed + (unsigned long)work);
    if (nturn > 0)
        std::printf("%ld of them turn or translate non-linearly: FCL and "
                    "Bullet are given the poses at t = 0\n"
                    "and 1 (interpolated: a different motion), so their "
                    "misses and errors include that\n"
                    "approximation; for those, the reference and \"boxtoi, "
                    "double input\" are boxtoi on the\nquery itself\n",
                    nturn);
    std::printf("time per query: %s; TOL = %g; reference: boxtoi on "
                "the query rounded to doubles\n(for the boxtoi rows: the "
                "oracle of t/oracle.h on the query boxtoi was given);\n"
                "boxtoi: %s\n\n",
                wall ? "wall clock" : "process CPU time", TOL,
                fresh ? "a fresh result per query (--fresh-result)"
                      : "one result reused per pass");
    std::printf("%-27s %9s %9s %8s %6s %7s %6s %6s %6s %9s %9s %7s\n",
                "tool", "median us", "p99 us", "contacts", "misses",
                "initial", "false", "late", "early", "med |err|",
                "max |err|", "/ FCL");
    double med[NTOOL], p99[NTOOL];
    for (k = 0; k < NTOOL; k++) {
        med[k] = cw_quantile(tally[k].time.data(), n, 500);
        p99[k] = cw_quantile(tally[k].time.data(), n, 990);
    }
    for (k = 0; k < NTOOL; k++) {
        Tally &t = tally[k];
        long ne = (long)t.err.size();
        double emed = cw_quantile(t.err.data(), ne, 500);
        double emax = ne > 0 ? t.err[ne - 1] : 0.0;
        if (k <= T_BOXTOI_D && !check) {
            std::printf("%-27s %9.2f %9.2f %8s %6s %7s %6s %6s %6s %9s "
                        "%9s %7.2f\n",
                        tool_names[k], 1e6 * med[k], 1e6 * p99[k], "-",
                        "-", "-", "-", "-", "-", "-", "-",
                        med[k] / med[T_FCL_TRANS]);
            continue;
        }
        std::printf("%-27s %9.2f %9.2f %8ld %6ld %7ld %6ld %6ld %6ld "
                    "%9.1e %9.1e %7.2f\n",
                    tool_names[k], 1e6 * med[k], 1e6 * p99[k], t.contacts,
                    t.miss, t.miss_initial, t.false_alarm, t.late,
                    t.early, emed, emax, med[k] / med[T_FCL_TRANS]);
    }
    std::printf("\nreference: %ld contacts, %ld of them at t = 0 "
                "(\"initial\" counts the misses among those)\n",
                nref, nref_initial);
    std::printf("rounding the queries to doubles changed the exact "
                "answer of %ld queries from contact to none or back;\n"
                "the contact times of the others moved by at most %.1e\n",
                nround, dround);
    std::printf("false alarms on those %ld queries (contact before "
                "rounding):", nround);
    for (k = T_FCL_TRANS; k < NTOOL; k++)
        std::printf("%s %s %ld", k > T_FCL_TRANS ? "," : "", tool_names[k],
                    tally[k].false_rounded);
    std::printf("\n");
    if (check)
        std::printf("boxtoi vs. the oracle of t/oracle.h: %ld wrong on "
                    "the rational queries, %ld on the double ones\n",
                    nwrong, nwrong_d);
    for (i = 0; i < n; i++) {
        boxtoi_contact_clear(&c[i]);
        boxtoi_contact_clear(&dc[i]);
        boxtoi_query_clear(&q[i]);
        boxtoi_query_clear(&dq[i]);
    }
    return nwrong + nwrong_d != 0;
}
