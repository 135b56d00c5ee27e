/* bench/scene-fcl.cc: the FCL pipeline that bench/scene-bench.c times
   beside boxtoi_scene_first (doc/performance.md, "Scenes"), built with
   configure --enable-peer-bench.

   FCL 0.7 has no continuous broad phase (its continuous manager has no
   implementation, fcl#523), so the pipeline is the usual substitute:
   the range is cut into K equal steps; in each step every body's swept
   box (the hull of its axis-aligned boxes at the step's start, middle
   and end, grown by 1/8 of the box's diagonal: not certified) is put
   in a fcl::DynamicAABBTreeCollisionManager (update, then collide), and
   every candidate pair it reports (not ignored) is given to conservative
   advancement (libccd, InterpMotion from the pose at the start of the
   step to the pose at its end, FCL's own motion model: linear
   translation and a screw rotation); the first step with a collision
   gives FCL's first contact, the least start + toc (end - start) of its
   pairs.  FCL's time is therefore an approximation (to its tolerance,
   and to the step's interpolation of a non-linear motion); it is printed
   beside boxtoi's exact time.

   The poses at the step times are evaluated (in doubles, from the exact
   motions) before the clock starts: FCL is timed on the manager, the
   boxes and conservative advancement only. */
#include <cmath>
#include <cstdint>
#include <ctime>
#include <memory>
#include <unordered_set>
#include <vector>
#include <fcl/fcl.h>
#include "boxtoi.h"
#include "scene-fcl.h"

namespace {

/* The value of the polynomial num / den at t, in doubles. */
double entry_at(const boxtoi_motion_struct *m, int i, int j, double t)
{
    boxtoi_poly_t num;
    mpz_t den;
    boxtoi_poly_init(num);
    mpz_init(den);
    boxtoi_motion_get_entry(num, den, m, i, j);
    double v = 0;
    for (long k = num->length - 1; k >= 0; k--)
        v = v * t + mpz_get_d(num->coeffs + k);
    v /= mpz_get_d(den);
    boxtoi_poly_clear(num);
    mpz_clear(den);
    return v;
}

/* The piece of body b's motion at t (doubles; a break at t: either). */
const boxtoi_motion_struct *motion_at(const boxtoi_body_struct *b, double t)
{
    long i = 0;
    while (i + 1 < b->pm.n && mpq_get_d(b->pm.brk + i) <= t)
        i++;
    return b->pm.n > 0 ? b->pm.piece + i : &b->motion;
}

/* The pose of body b at t as an FCL transform of its box centred at the
   origin. */
fcl::Transform3d pose(const boxtoi_body_struct *b, double t)
{
    const boxtoi_motion_struct *m = motion_at(b, t);
    double w = entry_at(m, 3, 3, t), c[3];
    fcl::Matrix3d R;
    fcl::Vector3d T;
    for (int k = 0; k < 3; k++)
        c[k] = 0.5 * (mpq_get_d(b->box.min[k]) + mpq_get_d(b->box.max[k]));
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            R(i, j) = entry_at(m, i, j, t) / w;
        T(i) = entry_at(m, i, 3, t) / w;
    }
    fcl::Transform3d tf = fcl::Transform3d::Identity();
    tf.linear() = R;
    tf.translation() = R * fcl::Vector3d(c[0], c[1], c[2]) + T;
    return tf;
}

struct Candidates {
    std::vector<std::pair<long, long>> v;
};

bool collect(fcl::CollisionObjectd *o1, fcl::CollisionObjectd *o2,
             void *data)
{
    Candidates *c = static_cast<Candidates *>(data);
    long a = (long)(intptr_t)o1->getUserData();
    long b = (long)(intptr_t)o2->getUserData();
    c->v.push_back(a < b ? std::make_pair(a, b) : std::make_pair(b, a));
    return false; /* all of them */
}

double clock_now(int wall)
{
    struct timespec ts;
    clock_gettime(wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The timed part: the manager, the boxes and conservative advancement
   (a function of its own, so that valgrind --toggle-collect can count
   its instructions alone). */
__attribute__((noinline)) void
fcl_pipeline(const boxtoi_scene_struct *s, long steps, double t0, double t1,
             const std::vector<fcl::Transform3d> &P,
             const std::vector<fcl::Vector3d> &half, scene_fcl_result *r)
{
    long n = s->n;
    std::unordered_set<uint64_t> ignore;
    for (long k = 0; k < s->nignore; k++)
        ignore.insert((uint64_t)s->ignore[2 * k] * (uint64_t)n
                      + (uint64_t)s->ignore[2 * k + 1]);
    std::vector<std::shared_ptr<fcl::Boxd>> solid((size_t)n), swept((size_t)n);
    std::vector<fcl::CollisionObjectd *> obj((size_t)n);
    for (long i = 0; i < n; i++) {
        const fcl::Vector3d &h = half[(size_t)i];
        solid[(size_t)i] = std::make_shared<fcl::Boxd>(2 * h(0), 2 * h(1),
                                                        2 * h(2));
        swept[(size_t)i] = std::make_shared<fcl::Boxd>(1, 1, 1);
        obj[(size_t)i] = new fcl::CollisionObjectd(swept[(size_t)i]);
        obj[(size_t)i]->setUserData((void *)(intptr_t)i);
    }
    fcl::DynamicAABBTreeCollisionManagerd mgr;
    Candidates cand;
    r->ncandidate = r->nca = 0;
    r->hit = 0;
    r->toc = 0;
    for (long step = 0; step < steps && !r->hit; step++) {
        double ta = t0 + (t1 - t0) * (double)step / (double)steps;
        double tb = t0 + (t1 - t0) * (double)(step + 1) / (double)steps;
        for (long i = 0; i < n; i++) {
            const fcl::Vector3d &h = half[(size_t)i];
            fcl::Vector3d lo, hi;
            for (int k = 0; k < 3; k++) {
                const fcl::Transform3d &tf =
                    P[(size_t)(i * (2 * steps + 1) + 2 * step + k)];
                fcl::Vector3d e = tf.linear().cwiseAbs() * h;
                fcl::Vector3d c = tf.translation();
                lo = k == 0 ? fcl::Vector3d(c - e) : lo.cwiseMin(c - e);
                hi = k == 0 ? fcl::Vector3d(c + e) : hi.cwiseMax(c + e);
            }
            double grow = 0.25 * h.norm();
            swept[(size_t)i]->side = hi - lo + fcl::Vector3d::Constant(2 * grow);
            swept[(size_t)i]->computeLocalAABB();
            obj[(size_t)i]->setTransform(fcl::Transform3d::Identity());
            obj[(size_t)i]->setTranslation(0.5 * (lo + hi));
            obj[(size_t)i]->computeAABB();
        }
        if (step == 0) {
            mgr.registerObjects(obj);
            mgr.setup();
        } else {
            mgr.update();
        }
        cand.v.clear();
        mgr.collide(&cand, collect);
        for (const auto &p : cand.v) {
            if (ignore.count((uint64_t)p.first * (uint64_t)n
                             + (uint64_t)p.second))
                continue;
            r->ncandidate++;
            r->nca++;
            const fcl::Transform3d &a0 =
                P[(size_t)(p.first * (2 * steps + 1) + 2 * step)];
            const fcl::Transform3d &a1 =
                P[(size_t)(p.first * (2 * steps + 1) + 2 * step + 2)];
            const fcl::Transform3d &b0 =
                P[(size_t)(p.second * (2 * steps + 1) + 2 * step)];
            const fcl::Transform3d &b1 =
                P[(size_t)(p.second * (2 * steps + 1) + 2 * step + 2)];
            const fcl::Vector3d o = fcl::Vector3d::Zero();
            /* not InterpMotion(tf1, tf2): in FCL 0.7 it leaves the
               reference point uninitialised (bench/peer-bench.cc) */
            fcl::InterpMotion<double> m1(a0.linear(), a0.translation(),
                                         a1.linear(), a1.translation(), o);
            fcl::InterpMotion<double> m2(b0.linear(), b0.translation(),
                                         b1.linear(), b1.translation(), o);
            fcl::ContinuousCollisionRequestd req;
            fcl::ContinuousCollisionResultd res;
            req.gjk_solver_type = fcl::GST_LIBCCD;
            req.ccd_solver_type = fcl::CCDC_CONSERVATIVE_ADVANCEMENT;
            fcl::continuousCollide<double>(solid[(size_t)p.first].get(), &m1,
                                           solid[(size_t)p.second].get(),
                                           &m2, req, res);
            if (res.is_collide) {
                double t = ta + res.time_of_contact * (tb - ta);
                if (!r->hit || t < r->toc)
                    r->toc = t;
                r->hit = 1;
            }
        }
    }
    mgr.clear();
    for (long i = 0; i < n; i++)
        delete obj[(size_t)i];
}

} // namespace

extern "C" int scene_fcl_first(const boxtoi_scene_struct *s, long steps,
                               int wall, scene_fcl_result *r)
{
    long n = s->n;
    if (s->t1_inf || steps < 1)
        return -1;
    double t0 = mpq_get_d(s->t0), t1 = mpq_get_d(s->t1);
    /* poses at the 2 steps + 1 times t0 + k (t1 - t0) / (2 steps), and
       the half sizes; not timed */
    std::vector<fcl::Transform3d> P((size_t)n * (size_t)(2 * steps + 1));
    std::vector<fcl::Vector3d> half((size_t)n);
    for (long i = 0; i < n; i++) {
        const boxtoi_body_struct *b = s->body + i;
        for (int k = 0; k < 3; k++)
            half[(size_t)i](k) = 0.5 * (mpq_get_d(b->box.max[k])
                                        - mpq_get_d(b->box.min[k]));
        for (long k = 0; k <= 2 * steps; k++)
            P[(size_t)(i * (2 * steps + 1) + k)] =
                pose(b, t0 + (t1 - t0) * (double)k / (double)(2 * steps));
    }

    double start = clock_now(wall);
    fcl_pipeline(s, steps, t0, t1, P, half, r);
    r->sec = clock_now(wall) - start;
    return 0;
}
