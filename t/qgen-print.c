/* t/qgen-print.c: qgen_fprint_query, a query as one JSON line,
   qgen_same_result, two answers compared as they would be printed,
   qgen_same_motion, two motions compared entry by entry,
   qgen_scale_motion, the same motion with larger numbers, and
   qgen_contact_geom, a random query's contact and its geometry.

   The format is shared/spec/query-format.md: every number an exact
   rational in a JSON string, a motion entry a constant or the list of
   its coefficients c0, c1, ... (the motion's integer entries over its
   common denominator). */
#include "qgen.h"
#include "tap.h"

static void print_box(FILE *f, const boxtoi_box_struct *b)
{
    gmp_fprintf(f, "{\"min\": [\"%Qd\", \"%Qd\", \"%Qd\"], "
                   "\"max\": [\"%Qd\", \"%Qd\", \"%Qd\"]}",
                b->min[0], b->min[1], b->min[2], b->max[0], b->max[1],
                b->max[2]);
}

static void print_motion(FILE *f, const boxtoi_motion_struct *m)
{
    mpq_t c;
    int i, j;
    long k, n;
    mpq_init(c);
    fputc('[', f);
    for (i = 0; i < 4; i++) {
        fputs(i ? ", [" : "[", f);
        for (j = 0; j < 4; j++) {
            const boxtoi_poly_struct *p = m->e + 4 * i + j;
            n = boxtoi_poly_degree(p);
            fputs(j ? ", " : "", f);
            fputs(n > 0 ? "[" : "", f);
            for (k = 0; k <= (n > 0 ? n : 0); k++) {
                boxtoi_poly_get_coeff_mpz(mpq_numref(c), p, k);
                mpz_set(mpq_denref(c), m->den);
                mpq_canonicalize(c);
                gmp_fprintf(f, "%s\"%Qd\"", k ? ", " : "", c);
            }
            fputs(n > 0 ? "]" : "", f);
        }
        fputc(']', f);
    }
    fputc(']', f);
    mpq_clear(c);
}

void qgen_fprint_query(FILE *f, const boxtoi_query_t q)
{
    fputs("{\"box1\": ", f);
    print_box(f, &q->box[0]);
    fputs(", \"box2\": ", f);
    print_box(f, &q->box[1]);
    fputs(", \"motion1\": ", f);
    print_motion(f, &q->motion[0]);
    fputs(", \"motion2\": ", f);
    print_motion(f, &q->motion[1]);
    if (q->t1_inf)
        gmp_fprintf(f, ", \"t_range\": [\"%Qd\", \"inf\"]}\n", q->t0);
    else
        gmp_fprintf(f, ", \"t_range\": [\"%Qd\", \"%Qd\"]}\n", q->t0, q->t1);
}

int qgen_same_result(const boxtoi_contact_t a, const boxtoi_contact_t b)
{
    int k;
    if (a->status != b->status)
        return 0;
    if (a->status != BOXTOI_CONTACT)
        return 1;
    if (!boxtoi_poly_equal(&a->t.poly, &b->t.poly)
        || !mpq_equal(a->t.lo, b->t.lo) || !mpq_equal(a->t.hi, b->t.hi)
        || a->initial != b->initial || a->tight != b->tight)
        return 0;
    for (k = 0; k < 3; k++)
        if (a->feature[0].axis[k] != b->feature[0].axis[k]
            || a->feature[1].axis[k] != b->feature[1].axis[k])
            return 0;
    return 1;
}

int qgen_same_motion(const boxtoi_motion_t a, const boxtoi_motion_t b)
{
    int k;
    for (k = 0; k < 16; k++)
        if (!boxtoi_poly_equal(a->e + k, b->e + k))
            return 0;
    return mpz_cmp(a->den, b->den) == 0;
}

void qgen_scale_motion(boxtoi_motion_t m, unsigned long s)
{
    int k;
    for (k = 0; k < 16; k++) {
        long i;
        for (i = 0; i < m->e[k].length; i++)
            mpz_mul_2exp(m->e[k].coeffs + i, m->e[k].coeffs + i, s);
    }
    mpz_mul_2exp(m->den, m->den, s);
}

int qgen_contact_geom(boxtoi_contact_geom *g, boxtoi_contact_t res,
                      boxtoi_query_t q, gmp_randstate_t st, int kind)
{
    boxtoi_errinfo err;

    qgen_query(q, st, kind);
    if (boxtoi_contact_first(res, q, NULL, &err) != BOXTOI_OK)
        bail("contact_first: %s", err.msg);
    if (res->status != BOXTOI_CONTACT)
        return 0;
    boxtoi_contact_geom_init(g);
    if (boxtoi_contact_geometry(g, res, q) != BOXTOI_OK) {
        qgen_fprint_query(stdout, q);
        bail("geometry failed");
    }
    return 1;
}
