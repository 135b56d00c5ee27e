/* t/rpoly.c: see t/rpoly.h. */
#include <stdio.h>
#include <string.h>
#include "rpoly.h"

void rp_init(rp *p)
{
    int k;
    for (k = 0; k < RP_MAX; k++)
        mpq_init(p->c[k]);
}

void rp_clear(rp *p)
{
    int k;
    for (k = 0; k < RP_MAX; k++)
        mpq_clear(p->c[k]);
}

void rp_init_n(rp *p, int n)
{
    int k;
    for (k = 0; k < n; k++)
        rp_init(p + k);
}

void rp_clear_n(rp *p, int n)
{
    int k;
    for (k = 0; k < n; k++)
        rp_clear(p + k);
}

void rp_set_si(rp *p, long c)
{
    int k;
    for (k = 0; k < RP_MAX; k++)
        mpq_set_si(p->c[k], k == 0 ? c : 0, 1);
}

void rp_set(rp *r, const rp *a)
{
    int k;
    for (k = 0; k < RP_MAX; k++)
        mpq_set(r->c[k], a->c[k]);
}

void rp_add(rp *r, const rp *a, const rp *b)
{
    int k;
    for (k = 0; k < RP_MAX; k++)
        mpq_add(r->c[k], a->c[k], b->c[k]);
}

void rp_sub(rp *r, const rp *a, const rp *b)
{
    int k;
    for (k = 0; k < RP_MAX; k++)
        mpq_sub(r->c[k], a->c[k], b->c[k]);
}

void rp_mul(rp *r, const rp *a, const rp *b)
{
    rp t;
    mpq_t x;
    int i, j;
    rp_init(&t);
    mpq_init(x);
    for (i = 0; i < RP_MAX; i++)
        for (j = 0; i + j < RP_MAX; j++) {
            mpq_mul(x, a->c[i], b->c[j]);
            mpq_add(t.c[i + j], t.c[i + j], x);
        }
    for (i = 0; i < RP_MAX; i++)
        for (j = RP_MAX - i; j < RP_MAX; j++)
            if (mpq_sgn(a->c[i]) != 0 && mpq_sgn(b->c[j]) != 0) {
                fprintf(stderr, "rp_mul: degree overflow\n");
                return;
            }
    rp_set(r, &t);
    rp_clear(&t);
    mpq_clear(x);
}

void rp_scale(rp *r, const rp *a, mpq_srcptr c)
{
    int k;
    for (k = 0; k < RP_MAX; k++)
        mpq_mul(r->c[k], a->c[k], c);
}

int rp_equal(const rp *a, const rp *b)
{
    int k;
    for (k = 0; k < RP_MAX; k++)
        if (!mpq_equal(a->c[k], b->c[k]))
            return 0;
    return 1;
}

int rp_is_zero(const rp *a)
{
    int k;
    for (k = 0; k < RP_MAX; k++)
        if (mpq_sgn(a->c[k]) != 0)
            return 0;
    return 1;
}

void rp_from_motion(rp *r, const boxtoi_motion_t m, int k)
{
    long i;
    rp_set_si(r, 0);
    for (i = 0; i < m->e[k].length && i < RP_MAX; i++) {
        mpq_set_z(r->c[i], m->e[k].coeffs + i);
        mpq_set_den(r->c[i], m->den);
        mpq_canonicalize(r->c[i]);
    }
}

void rp_json(char *buf, size_t size, size_t *len, const rp *a)
{
    int k, n = RP_MAX;
    while (n > 1 && mpq_sgn(a->c[n - 1]) == 0)
        n--;
    *len += (size_t)snprintf(buf + *len, size - *len, "[");
    for (k = 0; k < n; k++)
        *len += (size_t)gmp_snprintf(buf + *len, size - *len, "%s\"%Qd\"",
                                     k ? "," : "", a->c[k]);
    *len += (size_t)snprintf(buf + *len, size - *len, "]");
}

void rp_json_matrix(char *buf, size_t size, size_t *len, const rp *m)
{
    int i, j;
    *len += (size_t)snprintf(buf + *len, size - *len, "[");
    for (i = 0; i < 4; i++) {
        *len += (size_t)snprintf(buf + *len, size - *len, "%s[",
                                 i ? "," : "");
        for (j = 0; j < 4; j++) {
            if (j)
                *len += (size_t)snprintf(buf + *len, size - *len, ",");
            rp_json(buf, size, len, m + 4 * i + j);
        }
        *len += (size_t)snprintf(buf + *len, size - *len, "]");
    }
    *len += (size_t)snprintf(buf + *len, size - *len, "]");
}

void rp_expand_rigid(rp *m, const rp *q, mpq_srcptr P, const rp *T)
{
    /* v = (qx, qy, qz); [v]x = [[0, -z, y], [z, 0, -x], [-y, x, 0]] */
    static const int cross[3][3][2] = {
        {{0, 0}, {-1, 3}, {1, 2}},
        {{1, 3}, {0, 0}, {-1, 1}},
        {{-1, 2}, {1, 1}, {0, 0}}};
    rp w, vv, a, b;
    mpq_t two;
    int i, j, k;
    rp_init(&w);
    rp_init(&vv);
    rp_init(&a);
    rp_init(&b);
    mpq_init(two);
    mpq_set_ui(two, 2, 1);
    rp_set_si(&vv, 0);
    for (k = 1; k < 4; k++) {
        rp_mul(&a, q + k, q + k);
        rp_add(&vv, &vv, &a);
    }
    rp_mul(&a, q, q);
    rp_add(&w, &a, &vv);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            rp *s = m + 4 * i + j;
            /* 2 v_i v_j */
            rp_mul(s, q + 1 + i, q + 1 + j);
            rp_scale(s, s, two);
            if (i == j) { /* + (qw^2 - v.v) */
                rp_mul(&a, q, q);
                rp_sub(&a, &a, &vv);
                rp_add(s, s, &a);
            } else { /* + 2 qw [v]x_ij */
                rp_mul(&a, q, q + cross[i][j][1]);
                rp_scale(&a, &a, two);
                if (cross[i][j][0] > 0)
                    rp_add(s, s, &a);
                else
                    rp_sub(s, s, &a);
            }
        }
    for (i = 0; i < 3; i++) {
        rp *c = m + 4 * i + 3;
        rp_mul(c, &w, T + i);
        for (j = 0; j < 3; j++) {
            rp_scale(&a, m + 4 * i + j, P + j);
            rp_sub(c, c, &a);
        }
        rp_set_si(m + 12 + i, 0);
    }
    rp_set(m + 15, &w);
    rp_clear(&w);
    rp_clear(&vv);
    rp_clear(&a);
    rp_clear(&b);
    mpq_clear(two);
}

int rp_same_motion(const rp *a, const rp *b)
{
    rp x, y;
    int k, same = 1;
    rp_init(&x);
    rp_init(&y);
    for (k = 0; k < 16 && same; k++) {
        rp_mul(&x, a + k, b + 15);
        rp_mul(&y, b + k, a + 15);
        same = rp_equal(&x, &y);
    }
    rp_clear(&x);
    rp_clear(&y);
    return same && !rp_is_zero(a + 15);
}
