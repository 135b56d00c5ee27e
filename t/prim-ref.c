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
