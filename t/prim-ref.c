/* t/prim-ref.c: the exact method's coplanarity cubic (t/prim-ref.h). */
#include "prim-ref.h"
#include "prim/impl.h"

void prim_ref_cubic(boxtoi_poly_t f, const boxtoi_prim_query_t q)
{
    static const int vf[3][2] = {{2, 1}, {3, 1}, {0, 1}};
    static const int ee[3][2] = {{1, 0}, {3, 2}, {2, 0}};
    const int(*ev)[2] = q->kind == BOXTOI_PRIM_VF ? vf : ee;
    prim_lin l;
    prim_vec e[3], n;
    int i;

    prim_lin_init(&l);
    prim_lin_set(&l, q);
    for (i = 0; i < 3; i++) {
        prim_vec_init(e + i);
        prim_vec_sub(e + i, l.v + ev[i][0], l.v + ev[i][1]);
    }
    prim_vec_init(&n);
    prim_vec_cross(&n, e + 1, e + 2);
    prim_vec_dot(f, e, &n);
    boxtoi_poly_canonical(f, f);
    prim_vec_clear(&n);
    for (i = 0; i < 3; i++)
        prim_vec_clear(e + i);
    prim_lin_clear(&l);
}

void prim_ref_bernstein(mpq_t S[4], const boxtoi_prim_query_t q)
{
    static const int vf[3][2] = {{2, 1}, {3, 1}, {0, 1}};
    static const int ee[3][2] = {{1, 0}, {3, 2}, {2, 0}};
    static const int perm[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},
                                   {0, 2, 1}, {1, 0, 2}, {2, 1, 0}};
    const int(*ev)[2] = q->kind == BOXTOI_PRIM_VF ? vf : ee;
    mpq_t e[3][2][3], p;
    int a, k, j, i, l, m, r;

    mpq_init(p);
    for (a = 0; a < 3; a++)
        for (k = 0; k < 2; k++)
            for (j = 0; j < 3; j++) {
                mpq_init(e[a][k][j]);
                mpq_sub(e[a][k][j], q->x[k][ev[a][0]][j],
                        q->x[k][ev[a][1]][j]);
            }
    for (m = 0; m < 4; m++)
        mpq_set_ui(S[m], 0, 1);
    for (i = 0; i < 2; i++)
        for (j = 0; j < 2; j++)
            for (l = 0; l < 2; l++)
                for (r = 0; r < 6; r++) {
                    mpq_mul(p, e[0][i][perm[r][0]], e[1][j][perm[r][1]]);
                    mpq_mul(p, p, e[2][l][perm[r][2]]);
                    if (r < 3)
                        mpq_add(S[i + j + l], S[i + j + l], p);
                    else
                        mpq_sub(S[i + j + l], S[i + j + l], p);
                }
    for (a = 0; a < 3; a++)
        for (k = 0; k < 2; k++)
            for (j = 0; j < 3; j++)
                mpq_clear(e[a][k][j]);
    mpq_clear(p);
}
