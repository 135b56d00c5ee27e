/* lib/motion/pieces.c: piecewise motions and keyframes.

   A piecewise motion is n motions in the global t and n - 1 breaks.
   The setters establish its invariant: breaks strictly increasing and
   the two pieces at every break mapping every body point to the same
   world point there, decided exactly: two homogeneous affine matrices
   E, F with bottom-right entries e_w, f_w != 0 give the same map iff
   E f_w = F e_w entry by entry, in rationals at the break
   (doc/algorithm.md §7).  A piece written in s = t - b_i is composed
   with that substitution exactly (a rational Taylor shift).  Keyframes
   are a piecewise motion of rigid pieces with linear quaternions and
   translations (doc/format.md §3.3). */
#include <stdlib.h>
#include "lib/util/impl.h"
#include "boxtoi/motion.h"

void boxtoi_pmotion_init(boxtoi_pmotion_t pm)
{
    pm->n = 0;
    pm->brk = NULL;
    pm->piece = NULL;
    pm->alloc = 0;
}

void boxtoi_pmotion_clear(boxtoi_pmotion_t pm)
{
    long k;
    for (k = 0; k < pm->alloc; k++) {
        boxtoi_motion_clear(pm->piece + k);
        mpq_clear(pm->brk + k);
    }
    free(pm->piece);
    free(pm->brk);
}

void boxtoi_pmotion_empty(boxtoi_pmotion_t pm)
{
    pm->n = 0;
}

/* Room for n pieces (and n breaks, one spare).  BOXTOI_ENOMEM leaves pm
   as it was. */
static int reserve(boxtoi_pmotion_t pm, long n)
{
    boxtoi_motion_struct *p;
    mpq_ptr b;
    long k;
    if (n <= pm->alloc)
        return BOXTOI_OK;
    if ((size_t)n > (size_t)-1 / sizeof *p)
        return BOXTOI_ENOMEM;
    p = realloc(pm->piece, (size_t)n * sizeof *p);
    if (p == NULL)
        return BOXTOI_ENOMEM;
    pm->piece = p;
    b = realloc(pm->brk, (size_t)n * sizeof *b);
    if (b == NULL)
        return BOXTOI_ENOMEM;
    pm->brk = b;
    for (k = pm->alloc; k < n; k++) {
        boxtoi_motion_init(pm->piece + k);
        mpq_init(pm->brk + k);
    }
    pm->alloc = n;
    return BOXTOI_OK;
}

int boxtoi_pmotion_set_motion(boxtoi_pmotion_t pm, const boxtoi_motion_t m)
{
    if (reserve(pm, 1) != BOXTOI_OK)
        return BOXTOI_ENOMEM;
    boxtoi_motion_set(pm->piece, m);
    pm->n = 1;
    return BOXTOI_OK;
}

/* m(t) := m(t - b), exactly: each entry e of degree n_e becomes
   d^N e(t - b) / d^(N - n_e) over the denominator d^N den (b = a/d,
   N the largest degree), which keeps every entry's rational value. */
static void shift_local(boxtoi_motion_t m, mpq_srcptr b)
{
    mpq_t c;
    mpz_t f;
    long big = boxtoi_motion_degree(m);
    int k;
    mpq_init(c);
    mpz_init(f);
    mpq_neg(c, b);
    for (k = 0; k < 16; k++) {
        long n = boxtoi_poly_degree(m->e + k);
        if (n < 1)
            continue; /* constants need no shift, only the scaling */
        boxtoi_poly_taylor_shift_mpq(m->e + k, m->e + k, c);
        mpz_pow_ui(f, mpq_denref(c), (unsigned long)(big - n));
        boxtoi_poly_scalar_mul_mpz(m->e + k, m->e + k, f);
    }
    if (big >= 1) {
        mpz_pow_ui(f, mpq_denref(c), (unsigned long)big);
        for (k = 0; k < 16; k++)
            if (boxtoi_poly_degree(m->e + k) == 0)
                boxtoi_poly_scalar_mul_mpz(m->e + k, m->e + k, f);
        mpz_mul(m->den, m->den, f);
    }
    mpz_clear(f);
    mpq_clear(c);
}

/* dst = the rational x in base 10 for a message, cut to fit. */
static void q_text(char *dst, size_t size, mpq_srcptr x)
{
    int n = gmp_snprintf(dst, size, "%Qd", x);
    if (n >= (int)size && size > 4)
        dst[size - 4] = dst[size - 3] = dst[size - 2] = '.';
}

/* Do pieces a and b meet at t = x?  Returns BOXTOI_OK or BOXTOI_EDISCONT
   with the message (brk the index of the break). */
static int meet(const boxtoi_motion_struct *a, const boxtoi_motion_struct *b,
                mpq_srcptr x, long brk, const char *name,
                boxtoi_errinfo *err)
{
    mpq_t va[16], vb[16], l, r;
    char at[64], jump[64];
    int k, bad = -1, rc = BOXTOI_OK;

    for (k = 0; k < 16; k++) {
        mpq_init(va[k]);
        mpq_init(vb[k]);
        boxtoi_poly_eval_mpq(va[k], a->e + k, x);
        boxtoi_poly_eval_mpq(vb[k], b->e + k, x);
    }
    mpq_init(l);
    mpq_init(r);
    q_text(at, sizeof at, x);
    if (mpq_sgn(va[15]) == 0 || mpq_sgn(vb[15]) == 0) {
        rc = boxtoi_errinfo_set(
            err, BOXTOI_EDISCONT,
            "%s.breaks[%ld] (t = %s): pieces[%ld] has w = 0 there, so the "
            "pose at the break is undefined", name, brk, at,
            mpq_sgn(va[15]) == 0 ? brk : brk + 1);
        goto done;
    }
    for (k = 0; k < 15 && bad < 0; k++) {
        /* entry k of the two poses: va[k] / va[15] against vb[k] / vb[15] */
        mpq_div(l, va[k], va[15]);
        mpq_div(r, vb[k], vb[15]);
        if (!mpq_equal(l, r))
            bad = k;
    }
    if (bad >= 0) {
        mpq_sub(r, r, l);
        q_text(jump, sizeof jump, r);
        rc = boxtoi_errinfo_set(
            err, BOXTOI_EDISCONT,
            "%s.breaks[%ld] (t = %s): pieces[%ld] and pieces[%ld] do not "
            "meet there: entry [%d][%d] of the pose (divided by w) jumps "
            "by %s", name, brk, at, brk, brk + 1, bad / 4, bad % 4, jump);
    }
done:
    for (k = 0; k < 16; k++) {
        mpq_clear(va[k]);
        mpq_clear(vb[k]);
    }
    mpq_clear(l);
    mpq_clear(r);
    return rc;
}

/* BOXTOI_EMOTION unless x[0] < x[1] < ... < x[n-1], naming the first
   entry out of order as "NAME.KEY[i]SUFFIX: the WHAT must increase
   strictly (x[i] after x[i-1])". */
static int increasing(mpq_srcptr x, long n, const char *name,
                      const char *key, const char *suffix, const char *what,
                      boxtoi_errinfo *err)
{
    char v[2][64];
    long i;
    for (i = 1; i < n; i++)
        if (mpq_cmp(x + i - 1, x + i) >= 0) {
            q_text(v[0], sizeof v[0], x + i - 1);
            q_text(v[1], sizeof v[1], x + i);
            return boxtoi_errinfo_set(err, BOXTOI_EMOTION,
                                      "%s.%s[%ld]%s: the %s must increase "
                                      "strictly (%s after %s)", name, key,
                                      i, suffix, what, v[1], v[0]);
        }
    return BOXTOI_OK;
}

int boxtoi_pmotion_set(boxtoi_pmotion_t pm, const boxtoi_motion_struct *pieces,
                       mpq_srcptr breaks, long nbreaks, int local,
                       const char *name, boxtoi_errinfo *err)
{
    long i;
    int rc;

    if (name == NULL)
        name = "motion";
    pm->n = 0;
    rc = increasing(breaks, nbreaks, name, "breaks", "", "breaks", err);
    if (rc != BOXTOI_OK)
        return rc;
    if (nbreaks < 0 || reserve(pm, nbreaks + 1) != BOXTOI_OK)
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    for (i = 0; i <= nbreaks; i++) {
        boxtoi_motion_set(pm->piece + i, pieces + i);
        if (i > 0 && local)
            shift_local(pm->piece + i, breaks + i - 1);
        if (i < nbreaks)
            mpq_set(pm->brk + i, breaks + i);
    }
    for (i = 0; i < nbreaks; i++) {
        rc = meet(pm->piece + i, pm->piece + i + 1, breaks + i, i, name,
                  err);
        if (rc != BOXTOI_OK)
            return rc;
    }
    pm->n = nbreaks + 1;
    return BOXTOI_OK;
}

/* Checks the keyframes' count, times and quaternions. */
static int keyframes_valid(long n, mpq_srcptr times, mpq_srcptr rot,
                           const char *name, boxtoi_errinfo *err)
{
    long i;
    if (n < 2)
        return boxtoi_errinfo_set(err, BOXTOI_EMOTION,
                                  "%s.keyframes: at least two keyframes are "
                                  "needed, found %ld", name, n);
    if (increasing(times, n, name, "keyframes", ".t", "times", err)
        != BOXTOI_OK)
        return BOXTOI_EMOTION;
    for (i = 0; rot != NULL && i < n; i++)
        if (mpq_sgn(rot + 4 * i) == 0 && mpq_sgn(rot + 4 * i + 1) == 0
            && mpq_sgn(rot + 4 * i + 2) == 0 && mpq_sgn(rot + 4 * i + 3) == 0)
            return boxtoi_errinfo_set(err, BOXTOI_EWEIGHT,
                                      "%s.keyframes[%ld].rotation: the "
                                      "quaternion is zero (no rotation "
                                      "defined)", name, i);
    return BOXTOI_OK;
}

/* c[k * 2 + 0] + c[k * 2 + 1] t (k < dim) = the line through a at ta
   and through sg * b at tb (sg = +-1; a, b arrays of dim rationals). */
static void lerp(mpq_ptr c, mpq_srcptr a, mpq_srcptr b, int sg, int dim,
                 mpq_srcptr ta, mpq_srcptr tb)
{
    mpq_t dt, x;
    int k;
    mpq_init(dt);
    mpq_init(x);
    mpq_sub(dt, tb, ta);
    for (k = 0; k < dim; k++) {
        if (sg < 0)
            mpq_neg(x, b + k);
        else
            mpq_set(x, b + k);
        mpq_sub(x, x, a + k);
        mpq_div(c + 2 * k + 1, x, dt);       /* slope */
        mpq_mul(x, c + 2 * k + 1, ta);
        mpq_sub(c + 2 * k, a + k, x);        /* value at t = 0 */
    }
    mpq_clear(dt);
    mpq_clear(x);
}

/* Sign of the dot product of the quaternions at a and b. */
static int dot_sgn(mpq_srcptr a, mpq_srcptr b)
{
    mpq_t s, x;
    int k, sg;
    mpq_init(s);
    mpq_init(x);
    for (k = 0; k < 4; k++) {
        mpq_mul(x, a + k, b + k);
        mpq_add(s, s, x);
    }
    sg = mpq_sgn(s);
    mpq_clear(s);
    mpq_clear(x);
    return sg;
}

int boxtoi_pmotion_set_keyframes(boxtoi_pmotion_t pm, long n,
                                 mpq_srcptr times, mpq_srcptr rot,
                                 mpq_srcptr tr, mpq_srcptr pivot,
                                 const char *name, boxtoi_errinfo *err)
{
    mpq_t q[8], c[6];
    long i;
    int k, rc;

    if (name == NULL)
        name = "motion";
    pm->n = 0;
    rc = keyframes_valid(n, times, rot, name, err);
    if (rc != BOXTOI_OK)
        return rc;
    if (reserve(pm, n + 1) != BOXTOI_OK)
        return boxtoi_errinfo_set(err, BOXTOI_ENOMEM, "out of memory");
    for (k = 0; k < 8; k++)
        mpq_init(q[k]);
    for (k = 0; k < 6; k++)
        mpq_init(c[k]);
    /* piece i lies between keyframes i - 1 and i; pieces 0 and n hold
       the first and last pose (a line through the same point twice) */
    for (i = 0; i <= n && rc == BOXTOI_OK; i++) {
        long a = i == 0 ? 0 : i - 1, b = i == n ? n - 1 : i;
        mpq_srcptr ta = times + a, tb = times + (a == b ? a + 1 : b);
        int sg = rot != NULL && dot_sgn(rot + 4 * a, rot + 4 * b) < 0 ? -1
                                                                       : 1;
        if (a == b) /* a held pose: constant, whatever ta and tb */
            tb = a + 1 < n ? times + a + 1 : times + a - 1;
        if (rot != NULL)
            lerp(q[0], rot + 4 * a, rot + 4 * b, sg, 4, ta, tb);
        if (tr != NULL)
            lerp(c[0], tr + 3 * a, tr + 3 * b, 1, 3, ta, tb);
        rc = boxtoi_motion_set_rigid(pm->piece + i, rot != NULL ? q[0] : NULL,
                                     2, pivot, tr != NULL ? c[0] : NULL,
                                     tr != NULL ? 2 : 0, err);
        if (i < n)
            mpq_set(pm->brk + i, times + i);
    }
    for (k = 0; k < 8; k++)
        mpq_clear(q[k]);
    for (k = 0; k < 6; k++)
        mpq_clear(c[k]);
    if (rc == BOXTOI_OK)
        pm->n = n + 1;
    return rc;
}

long boxtoi_pmotion_piece_at(const boxtoi_pmotion_t pm, mpq_srcptr a)
{
    long lo = 0, hi = pm->n - 1;
    /* the number of breaks <= a, by bisection on the sorted breaks */
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (mpq_cmp(pm->brk + mid, a) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

int boxtoi_pmotion_check(const boxtoi_pmotion_t pm, mpq_srcptr t0,
                         mpq_srcptr t1, const char *name,
                         boxtoi_errinfo *err)
{
    char pname[96];
    long i;
    int rc;

    if (name == NULL)
        name = "motion";
    if (pm->n < 1)
        return boxtoi_errinfo_set(err, BOXTOI_EINVAL,
                                  "%s: empty piecewise motion", name);
    for (i = 0; i < pm->n; i++) {
        /* piece i on [b_i, b_{i+1}] intersected with [t0, t1] */
        mpq_srcptr lo = i > 0 && mpq_cmp(pm->brk + i - 1, t0) > 0
                            ? pm->brk + i - 1 : t0;
        mpq_srcptr hi = t1;
        if (i < pm->n - 1 && (hi == NULL || mpq_cmp(pm->brk + i, hi) < 0))
            hi = pm->brk + i;
        if (hi != NULL && mpq_cmp(lo, hi) > 0)
            continue;
        if (pm->n == 1)
            snprintf(pname, sizeof pname, "%s", name);
        else
            snprintf(pname, sizeof pname, "%s.pieces[%ld]", name, i);
        rc = boxtoi_motion_check(pm->piece + i, lo, hi, pname, err);
        if (rc != BOXTOI_OK)
            return rc;
    }
    return BOXTOI_OK;
}
