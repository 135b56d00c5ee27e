/* lib/contact/planes.c: the 15 directions and 30 planes of the boundary
   of the Minkowski sum B1 (+) (-B2(t)).

   For a direction n the origin lies between the two planes of n exactly
   when |n . D| <= R = |w| sum_k E1_k |n . e_k| + sum_k E2_k |n . a_k|
   (the separating-axis inequality scaled by 2 L |w|; notes/math.md §2,
   doc/algorithm.md §3.2).  The directions are the zonotope's facet
   normals: e_k (box 1's faces, the seed's static vertex with a moving
   octant), a_{k+1} x a_{k+2} = row k of adj(A) (box 2's faces) and
   e_i x a_j (edge-edge).  Each component n . e_m and n . a_m is 0 or
   +- one quantity, so the absolute values are resolved by the signs of
   the quantities, constant inside a section. */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/contact/impl.h"
#include "lib/contact/kernel-gmp.h"
#include "lib/contact/dirs.h"

/* The directions (lib/contact/dirs.h). */
const contact_dir contact_dirs[BOXTOI_NDIRS] = CONTACT_DIRS_TABLE;

void contact_box_data(mpz_ptr l, mpz_ptr e1, mpz_ptr e2, mpz_ptr s1,
                      mpz_ptr s2, const boxtoi_query_t q)
{
    mpz_t lo, hi;
    int i, k;

    mpz_init(lo);
    mpz_init(hi);
    mpz_set_ui(l, 1);
    for (i = 0; i < 2; i++)
        for (k = 0; k < 3; k++) {
            mpz_lcm(l, l, mpq_denref(q->box[i].min[k]));
            mpz_lcm(l, l, mpq_denref(q->box[i].max[k]));
        }
    for (k = 0; k < 3; k++)
        for (i = 0; i < 2; i++) {
            mpz_divexact(lo, l, mpq_denref(q->box[i].min[k]));
            mpz_mul(lo, lo, mpq_numref(q->box[i].min[k]));
            mpz_divexact(hi, l, mpq_denref(q->box[i].max[k]));
            mpz_mul(hi, hi, mpq_numref(q->box[i].max[k]));
            mpz_sub(i == 0 ? e1 + k : e2 + k, hi, lo);
            mpz_add(i == 0 ? s1 + k : s2 + k, hi, lo);
        }
    mpz_clear(lo);
    mpz_clear(hi);
}

void contact_boxz_init(contact_boxz *b, const boxtoi_query_t q)
{
    int m;
    mpz_init(b->l);
    for (m = 0; m < 3; m++) {
        mpz_init(b->e1[m]);
        mpz_init(b->e2[m]);
        mpz_init(b->s1[m]);
        mpz_init(b->s2[m]);
    }
    contact_box_data(b->l, b->e1[0], b->e2[0], b->s1[0], b->s2[0], q);
}

void contact_boxz_clear(contact_boxz *b)
{
    int m;
    mpz_clear(b->l);
    for (m = 0; m < 3; m++) {
        mpz_clear(b->e1[m]);
        mpz_clear(b->e2[m]);
        mpz_clear(b->s1[m]);
        mpz_clear(b->s2[m]);
    }
}

int contact_lin_sign(contact_lin l, const signed char *sg)
{
    if (l.c == 0)
        return 0;
    return l.q == Q_ONE ? l.c : l.c * sg[(int)l.q];
}

int contact_dir_is_zero(int d, const signed char *sg)
{
    const contact_lin *nv = contact_dirs[d].nv;
    int m;
    for (m = 0; m < 3; m++)
        if (contact_lin_sign(nv[m], sg) != 0)
            return 0;
    return 1;
}

void contact_plane_features(boxtoi_feature f[2], int j, const signed char *sg)
{
    const contact_lin *nv = contact_dirs[j / 2].nv;
    const contact_lin *na = contact_dirs[j / 2].na;
    int eps = j % 2 == 0 ? 1 : -1, m;
    /* Plane 2d holds n . D <= R with D = 2 L w (c2 - c1): box 2 lies on
       box 1's (sgn w) n side, so the supports are box 1's in direction
       (sgn w) n and box 2's in direction -(sgn w) n (plane 2d + 1: the
       other way round).  Box 2's edge vectors are a_m / w, so its signs
       are those of -n . a_m: the two signs of w cancel. */
    for (m = 0; m < 3; m++) {
        f[0].axis[m] =
            (signed char)(eps * contact_lin_sign(nv[m], sg) * sg[Q_W]);
        f[1].axis[m] = (signed char)(-eps * contact_lin_sign(na[m], sg));
    }
}

/* The planes of section s: N_d from the route, R_d by the kernel with
   the section's signs (kernel.h, kp). */
void boxtoi_route_planes(boxtoi_poly_struct *p, const boxtoi_route_t r,
                         long s)
{
    boxtoi_poly_t rr;
    kp_ctx kc;
    int d;
    boxtoi_poly_init(rr);
    kp_ctx_init(&kc, r->sign[s]);
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        kp_radius(&kc, rr, d, r->quant, r->e1[0], r->e2[0]);
        boxtoi_poly_sub(p + 2 * d, rr, r->ndot + d);
        boxtoi_poly_add(p + 2 * d + 1, rr, r->ndot + d);
    }
    kp_ctx_clear(&kc);
    boxtoi_poly_clear(rr);
}

void boxtoi_route_pair(boxtoi_pair *res, const boxtoi_route_t r, long s,
                       int j)
{
    int d = j / 2;
    res->kind = contact_dirs[d].kind;
    contact_plane_features(res->feature, j, r->sign[s]);
    res->degenerate = contact_dir_is_zero(d, r->sign[s]);
}

void contact_planes_at_mpq(mpq_ptr val, mpq_srcptr t, const boxtoi_route_t r)
{
    signed char sg[BOXTOI_NQUANT];
    boxtoi_poly_t rr;
    kp_ctx kc;
    mpq_t x;
    int d, k;
    /* R_d with the absolute values taken at t: the quantities' signs
       there */
    for (k = 0; k < BOXTOI_NQUANT; k++)
        sg[k] = (signed char)boxtoi_poly_sgn_at_mpq(r->quant + k, t);
    boxtoi_poly_init(rr);
    mpq_init(x);
    kp_ctx_init(&kc, sg);
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        kp_radius(&kc, rr, d, r->quant, r->e1[0], r->e2[0]);
        boxtoi_poly_sub(kc.t, rr, r->ndot + d);
        boxtoi_poly_eval_mpq(val + 2 * d, kc.t, t);
        boxtoi_poly_add(kc.t, rr, r->ndot + d);
        boxtoi_poly_eval_mpq(val + 2 * d + 1, kc.t, t);
    }
    kp_ctx_clear(&kc);
    mpq_clear(x);
    boxtoi_poly_clear(rr);
}

/* Tight planes and features at the contact time.  sg holds the signs of
   the quantities at t; zero[j] says plane j vanishes at t.  An axis along
   which a box is flat (zero extent) is reported at its min side, so that
   a flat box's feature has the dimension of the set it really is. */
void contact_set_features(boxtoi_contact_t res, mpz_srcptr e1, mpz_srcptr e2,
                          const signed char *sg, const int *zero)
{
    int j, b, m;
    res->tight = 0;
    for (b = 0; b < 2; b++)
        for (m = 0; m < 3; m++)
            res->feature[b].axis[m] = 0;
    for (j = 0; j < BOXTOI_NPLANES; j++) {
        boxtoi_feature f[2];
        if (!zero[j] || contact_dir_is_zero(j / 2, sg))
            continue; /* a vanished direction carries no plane */
        res->tight |= 1UL << j;
        contact_plane_features(f, j, sg);
        /* the contact lies in every tight plane's supports: intersect */
        for (b = 0; b < 2; b++)
            for (m = 0; m < 3; m++)
                if (res->feature[b].axis[m] == 0)
                    res->feature[b].axis[m] = f[b].axis[m];
    }
    for (m = 0; m < 3 && res->tight != 0; m++) {
        if (mpz_sgn(e1 + m) == 0 && res->feature[0].axis[m] == 0)
            res->feature[0].axis[m] = -1;
        if (mpz_sgn(e2 + m) == 0 && res->feature[1].axis[m] == 0)
            res->feature[1].axis[m] = -1;
    }
}

/* The 30 planes at a rational t from the relative motion rel alone
   (contact.h's quantities, D and the directions of this file, in
   integers): every entry of rel at t = n/d times the same d^D, D the
   largest degree (a positive factor; the planes are homogeneous in the
   motion).  Their zeros and the quantities' signs are those of the route
   at t. */
int contact_meet_at(signed char *sg, int *zero, const boxtoi_motion_struct *rel,
                    const contact_boxz *bz, mpq_srcptr t)
{
    mpz_t v[16], qv[BOXTOI_NQUANT], dm[3], pw[64], n, r, u;
    long deg = 0, i, k;
    int m, d, j, meet = 1;

    for (k = 0; k < 16; k++)
        if (boxtoi_poly_degree(rel->e + k) > deg)
            deg = boxtoi_poly_degree(rel->e + k);
    if (deg >= 64)
        return -1;
    for (k = 0; k <= deg; k++)
        mpz_init(pw[k]);
    mpz_set_ui(pw[0], 1);
    for (k = 1; k <= deg; k++)
        mpz_mul(pw[k], pw[k - 1], mpq_denref(t));
    mpz_init(n);
    mpz_init(r);
    mpz_init(u);
    for (m = 0; m < 3; m++)
        mpz_init(dm[m]);
    /* v[k] = d^deg e_k(n/d) = sum_i c_i n^i d^(deg - i) (Horner) */
    for (k = 0; k < 16; k++) {
        const boxtoi_poly_struct *e = rel->e + k;
        mpz_init(v[k]);
        for (i = e->length - 1; i >= 0; i--) {
            mpz_mul(v[k], v[k], mpq_numref(t));
            mpz_addmul(v[k], e->coeffs + i, pw[deg - i]);
        }
    }
    /* the quantities, D, N_d and R_d by the kernel (kernel.h, kz) */
    for (k = 0; k < BOXTOI_NQUANT; k++)
        mpz_init(qv[k]);
    for (k = 0; k < 9; k++)
        mpz_set(qv[k], v[4 * (k / 3) + k % 3]);
    mpz_set(qv[Q_W], v[15]);
    kz_quantities(NULL, qv[0], NULL);
    if (sg != NULL)
        for (k = 0; k < BOXTOI_NQUANT; k++)
            sg[k] = (signed char)mpz_sgn(qv[k]);
    mpz_mul_2exp(u, bz->l, 1);
    kz_dvec(NULL, dm[0], v[3], 4, qv[0], u, bz->s1[0], bz->s2[0], 7);
    /* plane 2d is R - N, plane 2d + 1 is R + N */
    for (d = 0; d < BOXTOI_NDIRS && (meet || zero != NULL); d++) {
        kz_ndot(NULL, n, d, qv[0], dm[0]);
        kz_radius(NULL, r, d, qv[0], bz->e1[0], bz->e2[0]);
        for (j = 0; j < 2; j++) {
            if (j == 0)
                mpz_sub(u, r, n);
            else
                mpz_add(u, r, n);
            if (zero != NULL)
                zero[2 * d + j] = mpz_sgn(u) == 0;
            if (mpz_sgn(u) < 0)
                meet = 0;
        }
    }
    for (k = 0; k < 16; k++)
        mpz_clear(v[k]);
    for (k = 0; k < BOXTOI_NQUANT; k++)
        mpz_clear(qv[k]);
    for (k = 0; k <= deg; k++)
        mpz_clear(pw[k]);
    for (m = 0; m < 3; m++)
        mpz_clear(dm[m]);
    mpz_clear(n);
    mpz_clear(r);
    mpz_clear(u);
    return meet;
}
