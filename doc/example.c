/* doc/example.c: the example program of doc/api.md.

   Builds one query with the C API: a cube [-1, 1]^3 (box 2) spinning
   about the z axis by the quaternion q(t) = (1, 0, 0, t) next to a wall
   (box 1, [13/10, 2] x [-5, 5] x [-5, 5]), for t in [0, 1].  Solves it
   with boxtoi_contact_first and prints the first time of contact
   exactly (its polynomial, whether it is rational, a comparison with
   1/5) and as a decimal, then the features that touch.

   By hand (doc/api.md, "A complete example"): the cube turns by the
   angle with cos = (1 - t^2)/(1 + t^2), sin = 2t/(1 + t^2); for
   0 < t < 1 its largest x is (1 + 2t - t^2)/(1 + t^2), at its edge
   x = max, y = min.  That reaches 13/10 when 23 t^2 - 20 t + 3 = 0, first
   at t = (10 - sqrt 31)/23 = 0.192705897268259916429588204394|8...
   (the other root, 0.677.., comes later; 1/5 separates them).  The
   edge X'-Y is parallel to the wall's face X: a face-edge contact, with
   tight planes 1 (e_x, side -x) and 23 (e_y x g_z = e_x, side -x).
   t/api-example-t.sh checks the output. */
#include <stdio.h>
#include <boxtoi.h>

int main(void)
{
    boxtoi_query_t q;
    boxtoi_contact_t res;
    boxtoi_errinfo err;
    boxtoi_strbuf sb;
    mpq_t qa[4], qb[4], r;
    int i, rc, status = 0;

    boxtoi_query_init(q);    /* point boxes, identity motions, [0, 1] */
    boxtoi_contact_init(res);
    boxtoi_strbuf_init(&sb);
    mpq_init(r);
    for (i = 0; i < 4; i++) {
        mpq_init(qa[i]);
        mpq_init(qb[i]);
    }

    /* Box 1, the wall: [13/10, 2] x [-5, 5] x [-5, 5], at rest. */
    boxtoi_box_set_si(q->box + 0, 0, -5, -5, 2, 5, 5);
    mpq_set_si(q->box[0].min[0], 13, 10);
    /* Box 2, the cube [-1, 1]^3, turning by q(t) = qa + qb t with
       qa = (1, 0, 0, 0) and qb = (0, 0, 0, 1) (components w, x, y, z),
       no translation. */
    boxtoi_box_set_si(q->box + 1, -1, -1, -1, 1, 1, 1);
    mpq_set_si(qa[0], 1, 1);
    mpq_set_si(qb[3], 1, 1);
    rc = boxtoi_motion_set_quat_linear(q->motion + 1, qa[0], qb[0], NULL,
                                       0, &err);
    /* The range [t0, t1] = [0, 1] is the default; set it anyway. */
    mpq_set_si(q->t0, 0, 1);
    mpq_set_si(q->t1, 1, 1);
    q->t1_inf = 0;

    if (rc == BOXTOI_OK)
        rc = boxtoi_contact_first(res, q, NULL, &err);
    if (rc != BOXTOI_OK) {
        fprintf(stderr, "error %s: %s\n", boxtoi_errname(rc), err.msg);
        status = 1;
    } else if (res->status == BOXTOI_NO_CONTACT) {
        printf("no contact\n");
    } else {
        /* t exactly: a root of a square-free integer polynomial. */
        if (boxtoi_poly_get_str(&sb, &res->t.poly, "t") != BOXTOI_OK)
            status = 1;
        printf("contact at the root t of %s\n", boxtoi_strbuf_str(&sb));
        if (boxtoi_alg_get_mpq(r, &res->t))
            gmp_printf("t = %Qd (rational)\n", r);
        else
            printf("t is irrational\n");
        mpq_set_si(r, 1, 5);
        printf("t %s 1/5\n",
               boxtoi_alg_cmp_mpq(&res->t, r) < 0 ? "<" : ">=");
        /* t as a decimal, correctly rounded to 30 digits. */
        boxtoi_strbuf_reset(&sb);
        if (boxtoi_alg_get_str(&sb, &res->t, 30) != BOXTOI_OK)
            status = 1;
        printf("t ~ %s\n", boxtoi_strbuf_str(&sb));
        printf("initial: %s\n", res->initial ? "yes" : "no");
        /* What touches: a feature of each box, and the planes of the
           Minkowski sum's boundary that hold with equality. */
        boxtoi_strbuf_reset(&sb);
        if (boxtoi_feature_name(&sb, &res->feature[0]) != BOXTOI_OK
            || boxtoi_strbuf_printf(&sb, " / box 2 %s ",
                                    boxtoi_feature_kind(&res->feature[1]))
                   != BOXTOI_OK
            || boxtoi_feature_name(&sb, &res->feature[1]) != BOXTOI_OK)
            status = 1;
        printf("%s: box 1 %s %s\n", boxtoi_contact_kind(res),
               boxtoi_feature_kind(&res->feature[0]),
               boxtoi_strbuf_str(&sb));
        printf("tight planes:");
        for (i = 0; i < BOXTOI_NPLANES; i++)
            if (res->tight >> i & 1)
                printf(" %d", i);
        printf("\n");
    }

    for (i = 0; i < 4; i++) {
        mpq_clear(qa[i]);
        mpq_clear(qb[i]);
    }
    mpq_clear(r);
    boxtoi_strbuf_clear(&sb);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
    return status;
}
