/* t/quick-gen.c: random two-box query lines with known values
   (t/quick-gen.h): numbers as strings "[-]n[/d]" with leading zeros or
   JSON integers, 1 to 20 digits, keys in random order, optional
   motions, range ("inf" too) and id, odd white space.  The values are
   formed here from the digits drawn (mpq_canonicalize), not read back
   from the text. */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "quick-gen.h"

unsigned long quick_rnd(void)
{
    static unsigned long x;
    if (x == 0)
        x = tap_seed() * 2654435761UL + 1;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
}

typedef struct {
    char *p;
} out;

static void put(out *o, const char *s)
{
    size_t n = strlen(s);
    memcpy(o->p, s, n);
    o->p += n;
}

static void space(out *o)
{
    static const char *const sp[] = {"", "", " ", "  ", "\t", "\r\n", "\n"};
    put(o, sp[quick_rnd() % 7]);
}

/* A random number written to o, its value into v. */
static void gen_number(out *o, mpq_t v)
{
    char t[64];
    int digits = quick_rnd() % 64 == 0 ? 1 + (int)(quick_rnd() % 20)
                                 : 1 + (int)(quick_rnd() % 5);
    int i, neg = quick_rnd() % 3 == 0, form = (int)(quick_rnd() % 4), zeros = 0;
    mpz_t d;

    mpz_init(d);
    mpz_set_ui(mpq_numref(v), 0);
    for (i = 0; i < digits; i++) {
        mpz_mul_ui(mpq_numref(v), mpq_numref(v), 10);
        mpz_add_ui(mpq_numref(v), mpq_numref(v), quick_rnd() % 10);
    }
    mpz_set_ui(d, form == 1 && quick_rnd() % 32 == 0 ? 1 + quick_rnd() % 4096 : 1);
    if (form >= 1 && mpz_cmp_ui(d, 1) == 0)
        mpz_set_ui(d, 1UL << (quick_rnd() % 14));
    if (form == 0) {
        /* a JSON integer: no leading zeros */
        gmp_snprintf(t, sizeof t, "%s%Zd", neg ? "-" : "", mpq_numref(v));
    } else {
        zeros = quick_rnd() % 6 == 0;
        gmp_snprintf(t, sizeof t, "\"%s%s%Zd", neg ? "-" : "",
                     zeros ? "00" : "", mpq_numref(v));
        put(o, t);
        if (mpz_cmp_ui(d, 1) != 0 || quick_rnd() % 4 == 0)
            gmp_snprintf(t, sizeof t, "/%Zd\"", d);
        else
            strcpy(t, "\"");
    }
    put(o, t);
    mpz_set(mpq_denref(v), d);
    mpq_canonicalize(v);
    if (neg)
        mpq_neg(v, v);
    mpz_clear(d);
}


/* Two numbers a <= b into the texts ta, tb and the values a, b. */
static void gen_pair(char *ta, char *tb, mpq_t a, mpq_t b)
{
    out o;
    char t[96];
    o.p = ta;
    gen_number(&o, a);
    *o.p = '\0';
    o.p = tb;
    gen_number(&o, b);
    *o.p = '\0';
    if (mpq_cmp(a, b) > 0) {
        mpq_swap(a, b);
        strcpy(t, ta);
        strcpy(ta, tb);
        strcpy(tb, t);
    }
}

static void gen_value(out *o, quick_known *w, int key)
{
    int m, i, j, k;
    char tx[2][3][96];
    if (key < 2) {
        for (k = 0; k < 3; k++)
            gen_pair(tx[0][k], tx[1][k], w->box[key][0][k],
                     w->box[key][1][k]);
        m = (int)(quick_rnd() % 2);
        put(o, "{");
        for (i = 0; i < 2; i++, m ^= 1) {
            space(o);
            put(o, m == 0 ? "\"min\"" : "\"max\"");
            space(o);
            put(o, ":");
            space(o);
            for (k = 0; k < 3; k++) {
                put(o, k ? "," : "[");
                space(o);
                put(o, tx[m][k]);
            }
            put(o, "]");
            space(o);
            put(o, i == 0 ? "," : "}");
        }
    } else if (key < 4) {
        put(o, "[");
        for (i = 0; i < 4; i++) {
            put(o, i ? ", [" : "[");
            for (j = 0; j < 4; j++) {
                int e = 4 * i + j, n = 1 + (int)(quick_rnd() % 4);
                put(o, j ? "," : "");
                space(o);
                w->deg[key - 2][e] = n;
                if (n == 1 && quick_rnd() % 2) {
                    gen_number(o, w->c[key - 2][e][0]);
                    continue;
                }
                put(o, "[");
                for (k = 0; k < n; k++) {
                    put(o, k ? ", " : "");
                    gen_number(o, w->c[key - 2][e][k]);
                }
                put(o, "]");
            }
            put(o, "]");
        }
        put(o, "]");
    } else if (key == 4) {
        gen_pair(tx[0][0], tx[0][1], w->t[0], w->t[1]);
        put(o, "[");
        w->inf = quick_rnd() % 4 == 0;
        put(o, tx[0][0]);
        put(o, ",");
        space(o);
        put(o, w->inf ? "\"inf\"" : tx[0][1]);
        put(o, "]");
    } else {
        put(o, quick_rnd() % 2 ? "\"q 17/a:b\"" : "\"\"");
    }
}

/* A line of the common form into buf; its values into w. */
size_t quick_gen_line(char *buf, quick_known *w)
{
    static const char *const keys[6] = {"box1",    "box2",    "motion1",
                                        "motion2", "t_range", "id"};
    int order[6] = {0, 1, 2, 3, 4, 5}, i, j, t, first = 1;
    out o;

    for (i = 5; i > 0; i--) {
        j = (int)(quick_rnd() % (unsigned long)(i + 1));
        t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    o.p = buf;
    space(&o);
    put(&o, "{");
    for (i = 0; i < 6; i++) {
        int k = order[i];
        if (k >= 2 && quick_rnd() % 4 == 0) {
            if (k < 5)
                w->has[k] = 0;
            continue;
        }
        if (k >= 2 && k < 5)
            w->has[k] = 1;
        put(&o, first ? "" : ",");
        first = 0;
        space(&o);
        put(&o, "\"");
        put(&o, keys[k]);
        put(&o, "\"");
        space(&o);
        put(&o, ":");
        space(&o);
        gen_value(&o, w, k);
        space(&o);
    }
    put(&o, "}");
    space(&o);
    return (size_t)(o.p - buf);
}

/* The quick reader's values (in A) against the generator's. */
int quick_known_values(const quick_known *w, const boxtoi_query_struct *q)
{
    mpq_t c;
    int b, e, k, ok = 1;

    for (b = 0; b < 2; b++)
        for (k = 0; k < 3; k++)
            ok = ok && mpq_equal(q->box[b].min[k], w->box[b][0][k])
                 && mpq_equal(q->box[b].max[k], w->box[b][1][k]);
    mpq_init(c);
    for (b = 0; b < 2; b++)
        for (e = 0; e < 16; e++)
            for (k = 0; k < 4; k++) {
                const boxtoi_poly_struct *p = q->motion[b].e + e;
                if (k < p->length)
                    mpz_set(mpq_numref(c), p->coeffs + k);
                else
                    mpz_set_ui(mpq_numref(c), 0);
                mpz_set(mpq_denref(c), q->motion[b].den);
                mpq_canonicalize(c);
                if (w->has[2 + b])
                    ok = ok && mpq_equal(c, k < w->deg[b][e]
                                                ? w->c[b][e][k]
                                                : c /* 0 beyond */)
                         && (k < w->deg[b][e] || mpq_sgn(c) == 0);
                else
                    ok = ok && mpq_cmp_ui(c, e % 5 == 0 && k == 0, 1) == 0;
            }
    mpq_clear(c);
    if (w->has[4])
        ok = ok && mpq_equal(q->t0, w->t[0]) && q->t1_inf == w->inf
             && (w->inf || mpq_equal(q->t1, w->t[1]));
    else
        ok = ok && mpq_cmp_ui(q->t0, 0, 1) == 0
             && mpq_cmp_ui(q->t1, 1, 1) == 0 && !q->t1_inf;
    return ok;
}

/* mpq_init or mpq_clear of the n rationals at v. */
static void init_or_clear(mpq_ptr v, size_t n, int init)
{
    size_t k;
    for (k = 0; k < n; k++) {
        if (init)
            mpq_init(v + k);
        else
            mpq_clear(v + k);
    }
}

void quick_known_init(quick_known *w, int init)
{
    init_or_clear(&w->box[0][0][0][0], 12, init);
    init_or_clear(&w->t[0][0], 2, init);
    init_or_clear(&w->c[0][0][0][0], 2 * 16 * 4, init);
    memset(w->has, 0, sizeof w->has);
}
