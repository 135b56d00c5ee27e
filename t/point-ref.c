/* t/point-ref.c: what t/point-t.c and t/pointq-t.c share: the
   geometry compared with lib/contact/point.c's reference modes, and
   the point and normal a query line is written with. */
#include <string.h>
#include "tap.h"
#include "point-ref.h"

/* 1 iff a / ad = b / bd as polynomials (a bd = b ad). */
int same_quot(const boxtoi_poly_t a, const boxtoi_poly_t ad,
                     const boxtoi_poly_t b, const boxtoi_poly_t bd)
{
    boxtoi_poly_t x, y;
    int same;
    boxtoi_poly_init(x);
    boxtoi_poly_init(y);
    boxtoi_poly_mul(x, a, bd);
    boxtoi_poly_mul(y, b, ad);
    same = boxtoi_poly_equal(x, y);
    boxtoi_poly_clear(x);
    boxtoi_poly_clear(y);
    return same;
}

/* 1 iff the normals n and m are equal, or constants (at a rational t)
   with n = c m, c > 0, and nsq = |n|^2. */
int same_normal(const boxtoi_poly_struct *n,
                       const boxtoi_poly_struct *nsq,
                       const boxtoi_poly_struct *m)
{
    mpz_t dot, sq, x;
    int i, same = 1;
    for (i = 0; i < 3; i++)
        same &= boxtoi_poly_equal(n + i, m + i);
    if (same)
        return 1;
    for (i = 0; i < 3; i++)
        if (n[i].length > 1 || m[i].length > 1)
            return 0;
    mpz_inits(dot, sq, x, (mpz_ptr)0);
    same = nsq->length == 1;
    for (i = 0; i < 3 && same; i++) {
        mpz_t a, b, a1, b1;
        boxtoi_poly_get_coeff_mpz(x, n + i, 0);
        mpz_addmul(sq, x, x);
        mpz_inits(a, b, a1, b1, (mpz_ptr)0);
        boxtoi_poly_get_coeff_mpz(a, n + i, 0);
        boxtoi_poly_get_coeff_mpz(b, m + i, 0);
        mpz_addmul(dot, a, b);
        boxtoi_poly_get_coeff_mpz(a1, n + (i + 1) % 3, 0);
        boxtoi_poly_get_coeff_mpz(b1, m + (i + 1) % 3, 0);
        mpz_mul(a, a, b1); /* (n x m) = 0: n_i m_j = n_j m_i */
        mpz_submul(a, a1, b);
        same = mpz_sgn(a) == 0;
        mpz_clears(a, b, a1, b1, (mpz_ptr)0);
    }
    if (same)
        same = mpz_sgn(dot) > 0 && mpz_cmp(sq, nsq->coeffs) == 0;
    mpz_clears(dot, sq, x, (mpz_ptr)0);
    return same;
}

/* 1 iff g (boxtoi_contact_geometry: in integers at a rational t,
   lib/contact/pointq.c) has the values of
   the geometry computed by point_geometry with the crossing points'
   signs from the vertices' forms (ref = 0) and with the reference
   method for them (ref = 1): the same point, the same number of
   vertices, the same normal up to a positive factor (the decimals
   depend on nothing else).  nf: NULL, or the counts of
   point_geometry_counted for ref = 0 (the crossings' enclosure filter
   and the candidates told equal by their planes, where the reference
   forms r's own forms and compares coordinates exactly). */
int same_geom_as_reference(const boxtoi_contact_geom *g,
                                  const boxtoi_contact_t res,
                                  const boxtoi_query_t q, long *nf)
{
    boxtoi_contact_geom h;
    int k, same = 1, ref;
    for (ref = 0; ref < 2 && same; ref++) {
        boxtoi_contact_geom_init(&h);
        same = point_geometry_counted(&h, res, q, ref, ref ? NULL : nf)
                   == BOXTOI_OK
               && h.nvert == g->nvert && h.has_normal == g->has_normal;
        for (k = 0; k < 3 && same; k++)
            same = same_quot(h.point + k, &h.den, g->point + k, &g->den);
        if (same && g->has_normal)
            same = same_normal(g->normal, &g->nsq, h.normal);
        boxtoi_contact_geom_clear(&h);
    }
    return same;
}

/* The contact object's point and normal written for a query line. */
void check_line(const char *line, const char *expect, long digits)
{
    boxtoi_query_t q;
    boxtoi_contact_t res;
    boxtoi_errinfo err;
    boxtoi_strbuf id, out;
    boxtoi_io_options opts;
    const char *p;

    boxtoi_query_init(q);
    boxtoi_contact_init(res);
    boxtoi_strbuf_init(&id);
    boxtoi_strbuf_init(&out);
    boxtoi_io_options_init(&opts);
    opts.digits = digits;
    if (boxtoi_io_read_query(q, &id, line, strlen(line), &opts, &err)
            != BOXTOI_OK
        || boxtoi_contact_first(res, q, NULL, &err) != BOXTOI_OK
        || boxtoi_io_write_result(&out, res, NULL, 0, q, &opts, &err)
               != BOXTOI_OK)
        bail("%s", err.msg);
    p = strstr(out.str, "\"point\"");
    is_str(expect, p != NULL ? p : out.str, "point and normal of %s", line);
    boxtoi_strbuf_clear(&id);
    boxtoi_strbuf_clear(&out);
    boxtoi_contact_clear(res);
    boxtoi_query_clear(q);
}
