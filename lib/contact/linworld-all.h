/* lib/contact/linworld-all.h: the whole closed form in world
   coordinates (a template over linform.h's machine instance with
   LWORLDALL, included by linworld.h; no include guard): every
   direction from the world numbers of linworld.h, checked by the
   includer's LWFITS on the entries as read (linworld64.c). */
/* The whole closed form in world coordinates, without the filter
   (doc/algorithm.md §4.5, "The closed form in world coordinates"):
   every direction's alpha, beta, R from the world numbers, made a
   positive multiple of box 1's frame's (an edge's are w1 det(A1)
   times them: negated when that is negative), then the contact set
   as LF(interval) computes it, and the signs of the quantities that
   the tight planes read. */
static void LF(world_all)(LC kc, boxtoi_contact_t res, const boxtoi_query_t q)
{
    LF(wn) w;
    LT t[8], ln, ld, tr[2][2][3];
    LT alpha[BOXTOI_NDIRS], beta[BOXTOI_NDIRS], r[BOXTOI_NDIRS];
    signed char sg[BOXTOI_NQUANT];
    int zero[BOXTOI_NPLANES], sd1, se, d, k;

    /* machine integers (linform-mach.h): nothing to initialise or
       clear, and every number below is written before it is read */
    w.have = 0;
    /* the sizes of the entries as read decide whether every number
       below fits (LWFITS: else the flag is set, the caller goes on) */
    LF(world_read)(kc, &w, tr, q);
    if (!LWFITS(kc, &w, tr, q))
        goto done;
    LF(world_derive)(kc, &w, tr, q);
    LF(pq_all)(kc, &w);
    sd1 = LSGN(LF(pq)(kc, &w, 18)); /* det A1 */
    se = sd1 * LSGN(&w.w1); /* the sign of an edge's multiple */
    CONTACT_UNROLL15
    for (d = 0; d < BOXTOI_NDIRS; d++) {
        LF(entry)(kc, &ln, &ld, d, &w, t);
        if (d >= 6 && se < 0) {
            LNEG(t + 3, t + 3);
            LNEG(t + 4, t + 4);
        }
        LSET(alpha + d, t + 3);
        LSET(beta + d, t + 4);
        LSET(r + d, t + 5);
    }
    contact_reset(res);
    res->nsections = 1;
    if (LF(span)(kc, &ln, &ld, zero, q, alpha, beta, r)) {
        res->status = BOXTOI_NO_CONTACT;
    } else {
        res->status = BOXTOI_CONTACT;
        for (k = 0; k < BOXTOI_NQUANT; k++)
            sg[k] = 0;
        sg[Q_W] = (signed char)(sd1 * LSGN(&w.w2));
        for (d = 0; d < BOXTOI_NDIRS; d++)
            if (zero[2 * d] || zero[2 * d + 1])
                LF(dir_signs)(kc, sg, d, &w, NULL, &sd1);
        LF(result_sg)(res, q, &ln, &ld, sg, w.e1, w.e2, zero);
    }
done:
    return;
}
