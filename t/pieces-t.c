/* t/pieces-t.c: tests of lib/contact/pieces.c (the first contact under
   piecewise motions) and of the motion objects of lib/io/motion.c.

   - Equivalence: a rigid motion object, the same motion as a matrix
     marked rigid and as a single piece give byte-identical results to
     the matrix expanded here from the formula of doc/format.md §3.2
     (t/rpoly.c), on seeded random queries.
   - Keyframes: the answer of one keyframed query is the least of the
     answers of the separate queries a user would have written, one per
     interval with the hand-expanded matrix of that interval.
   - Breaks: contacts at and after breaks, initial only at t0, breaks of
     both bodies merged, an infinite range.
   - Every new key and error code through JSON, with the entry named. */
#include <string.h>
#include "tap.h"
#include "rpoly.h"

#define BOX1 "\"box1\":{\"min\":[-1,-1,-1],\"max\":[1,1,1]}"
#define LINE 16384

/* The output of the command for one line, with the line number 1. */
static void run(boxtoi_strbuf *out, const char *line)
{
    boxtoi_errinfo err;
    int rc;
    boxtoi_strbuf_reset(out);
    rc = boxtoi_io_process_line(out, line, strlen(line), 1, NULL, &err);
    (void)rc;
    if (out->len > 0 && out->str[out->len - 1] == '\n')
        out->str[--out->len] = '\0'; /* for the messages of the tests */
}

static void rnd_si(mpq_t r, gmp_randstate_t st, long lo, long hi, long den)
{
    mpq_set_si(r, lo + (long)gmp_urandomm_ui(st, (unsigned long)(hi - lo + 1)),
               (unsigned long)den);
    mpq_canonicalize(r);
}

/* Appends a JSON array of the n rationals at x. */
static void json_nums(char *buf, size_t size, size_t *len, mpq_srcptr x,
                      int n)
{
    int k;
    for (k = 0; k < n; k++)
        *len += (size_t)gmp_snprintf(buf + *len, size - *len, "%s\"%Qd\"",
                                     k ? "," : "[", x + k);
    *len += (size_t)snprintf(buf + *len, size - *len, "]");
}

/* One random rigid query in four spellings: [0] the rigid object,
   [1] the expanded matrix, [2] the expanded matrix marked rigid, [3]
   the rigid object as the single piece of "pieces". */
static void random_rigid(char form[4][2 * LINE], gmp_randstate_t st)
{
    rp q[4], T[3], e[16];
    mpq_t P[3], half;
    size_t len;
    int c, k, f;
    char box2[200], mat[LINE / 2], rig[LINE / 2];

    rp_init_n(q, 4);
    rp_init_n(T, 3);
    rp_init_n(e, 16);
    mpq_init(half);
    for (c = 0; c < 3; c++)
        mpq_init(P[c]);
    for (c = 0; c < 4; c++) {
        rp_set_si(q + c, 0);
        rnd_si(q[c].c[0], st, c == 0 ? 1 : -2, 2, 1);
        rnd_si(q[c].c[1], st, -2, 2, 1);
    }
    for (c = 0; c < 3; c++) {
        rp_set_si(T + c, 0);
        rnd_si(T[c].c[0], st, c == 0 ? 3 : -1, c == 0 ? 5 : 1, 2);
        rnd_si(T[c].c[1], st, c == 0 ? -4 : -1, c == 0 ? -1 : 1, 2);
        rnd_si(P[c], st, -1, 1, 2);
    }
    rnd_si(half, st, 1, 3, 4);
    gmp_snprintf(box2, sizeof box2,
                 "\"box2\":{\"min\":[\"-%Qd\",\"-1/2\",\"-1/2\"],"
                 "\"max\":[\"%Qd\",\"1/2\",\"1/2\"]}", half, half);
    /* the rigid object */
    len = 0;
    len += (size_t)snprintf(rig, LINE / 2, "{\"rotation\":[");
    for (c = 0; c < 4; c++) {
        if (c)
            rig[len++] = ',';
        rp_json(rig, LINE / 2, &len, q + c);
    }
    len += (size_t)snprintf(rig + len, LINE / 2 - len, "],\"pivot\":");
    json_nums(rig, LINE / 2, &len, P[0], 3);
    len += (size_t)snprintf(rig + len, LINE / 2 - len, ",\"translation\":[");
    for (c = 0; c < 3; c++) {
        if (c)
            rig[len++] = ',';
        rp_json(rig, LINE / 2, &len, T + c);
    }
    snprintf(rig + len, LINE / 2 - len, "]}");
    /* the matrix, expanded independently */
    rp_expand_rigid(e, q, P[0], T);
    len = 0;
    rp_json_matrix(mat, LINE / 2, &len, e);
    for (f = 0; f < 4; f++) {
        const char *pre = f == 2 ? "{\"matrix\":" : f == 3
                              ? "{\"breaks\":[],\"pieces\":[" : "";
        const char *post = f == 2 ? ",\"rigid\":true}" : f == 3 ? "]}" : "";
        snprintf(form[f], 2 * LINE,
                 "{\"id\":1," BOX1 ",%s,\"motion2\":%s%s%s,"
                 "\"t_range\":[0,3]}", box2, pre, f == 1 || f == 2 ? mat : rig,
                 post);
    }
    for (k = 0; k < 3; k++)
        mpq_clear(P[k]);
    mpq_clear(half);
    rp_clear_n(q, 4);
    rp_clear_n(T, 3);
    rp_clear_n(e, 16);
}

/* Byte-identical results; for errors the same code (the messages name
   what each form spells: "motion2.rotation" or "motion2[3][3]"). */
static int same_result(const char *a, const char *b)
{
    const char *ca = strstr(a, "\"code\":"), *cb = strstr(b, "\"code\":");
    if (ca != NULL && cb != NULL)
        return strncmp(ca, cb, (size_t)(strchr(ca + 8, ',') - ca)) == 0;
    return strcmp(a, b) == 0;
}

static void test_equivalence(void)
{
    static char form[4][2 * LINE];
    gmp_randstate_t st;
    boxtoi_strbuf out[4];
    long n = 200 * tap_multiplier(), i, differ = 0, ncontact = 0, nerr = 0;
    int f;

    tap_randinit(st);
    for (f = 0; f < 4; f++)
        boxtoi_strbuf_init(out + f);
    for (i = 0; i < n; i++) {
        random_rigid(form, st);
        for (f = 0; f < 4; f++)
            run(out + f, form[f]);
        ncontact += strstr(boxtoi_strbuf_str(out), "\"contact\"") != NULL;
        nerr += strstr(boxtoi_strbuf_str(out), "\"error\"") != NULL;
        for (f = 1; f < 4; f++)
            if (!same_result(boxtoi_strbuf_str(out),
                             boxtoi_strbuf_str(out + f))) {
                if (differ++ < 3)
                    diag("differ:\n%s\n%s\n%s", form[f],
                         boxtoi_strbuf_str(out), boxtoi_strbuf_str(out + f));
            }
    }
    is_int(0, differ, "rigid object, expanded matrix, matrix marked rigid "
                      "and a single piece answer alike (%ld queries)", n);
    ok(ncontact > n / 4 && ncontact < n, "both contacts (%ld) and misses",
       ncontact);
    ok(nerr < n / 4, "few errors (%ld: q vanishing in the range)", nerr);
    for (f = 0; f < 4; f++)
        boxtoi_strbuf_clear(out + f);
    gmp_randclear(st);
}

/* res = the answer of the JSON query line (matrices only). */
static int solve_plain(boxtoi_contact_t res, const char *line)
{
    boxtoi_query_t q;
    boxtoi_errinfo err;
    int rc;
    boxtoi_query_init(q);
    rc = boxtoi_io_read_query(q, NULL, line, strlen(line), NULL, &err);
    if (rc == BOXTOI_OK)
        rc = boxtoi_contact_first(res, q, NULL, &err);
    if (rc != BOXTOI_OK)
        diag("%s: %s", line, err.msg);
    boxtoi_query_clear(q);
    return rc;
}

/* res = the answer of a JSON query line with any motion form. */
static int solve_any(boxtoi_contact_t res, const char *line,
                     boxtoi_errinfo *err)
{
    boxtoi_query_t q;
    boxtoi_pmotion_struct pm[2];
    int rc;
    boxtoi_query_init(q);
    boxtoi_pmotion_init(pm);
    boxtoi_pmotion_init(pm + 1);
    rc = boxtoi_io_read_query_pieces(q, pm, NULL, line, strlen(line), NULL,
                                     err);
    if (rc == BOXTOI_OK)
        rc = boxtoi_contact_first_piecewise(res, q, pm, pm + 1, NULL, err);
    boxtoi_pmotion_clear(pm);
    boxtoi_pmotion_clear(pm + 1);
    boxtoi_query_clear(q);
    return rc;
}

/* Appends piece i (a comma first unless i == 0) to buf at *len: the
   rigid object {"rotation": q, "translation": T}, written in
   s = t - b when b is not NULL (c0 + c1 t = (c0 + c1 b) + c1 s; q and
   T are linear). */
static void rigid_json(char *buf, size_t *len, int i, const rp *q,
                       const rp *T, mpq_srcptr b)
{
    rp x;
    mpq_t y;
    int c;
    rp_init(&x);
    mpq_init(y);
    *len += (size_t)snprintf(buf + *len, LINE - *len, "%s{\"rotation\":[",
                             i ? "," : "");
    for (c = 0; c < 7; c++) {
        rp_set(&x, c < 4 ? q + c : T + c - 4);
        if (b != NULL) {
            mpq_mul(y, x.c[1], b);
            mpq_add(x.c[0], x.c[0], y);
        }
        if (c == 4)
            *len += (size_t)snprintf(buf + *len, LINE - *len,
                                     "],\"translation\":[");
        else if (c > 0)
            buf[(*len)++] = ',';
        rp_json(buf, LINE, len, &x);
    }
    *len += (size_t)snprintf(buf + *len, LINE - *len, "]}");
    rp_clear(&x);
    mpq_clear(y);
}

/* Keyframes: 3 random poses at times 0, k1, k2; range [-1, k2 + 1].
   The separate queries: the held first pose on [-1, 0], the two
   interpolated intervals (matrices expanded here from the two-point
   form of the interpolation, with the flip), the held last pose on
   [k2, k2 + 1]; the answer is the least contact over them. */
static void test_keyframes_vs_separate(void)
{
    static char line[LINE], sep[LINE], kf[LINE], pg[LINE], pl[LINE];
    static char qg[LINE], ql[LINE];
    boxtoi_strbuf o1, o2;
    size_t lg, ll;
    long npiece_bad = 0;
    gmp_randstate_t st;
    boxtoi_contact_t res, r1, best;
    boxtoi_errinfo err;
    mpq_t tm[3], rot[12], tr[9], x, dt, lo, hi, P0[3];
    rp q[4], T[3], e[16];
    long n = 60 * tap_multiplier(), it, bad = 0, ncontact = 0, nlater = 0;
    int i, c, k;
    size_t len;

    tap_randinit(st);
    boxtoi_strbuf_init(&o1);
    boxtoi_strbuf_init(&o2);
    boxtoi_contact_init(res);
    boxtoi_contact_init(r1);
    boxtoi_contact_init(best);
    for (k = 0; k < 3; k++)
        mpq_init(tm[k]);
    for (k = 0; k < 12; k++)
        mpq_init(rot[k]);
    for (k = 0; k < 9; k++)
        mpq_init(tr[k]);
    for (k = 0; k < 3; k++)
        mpq_init(P0[k]); /* the pivot: the body origin */
    mpq_init(x);
    mpq_init(dt);
    mpq_init(lo);
    mpq_init(hi);
    rp_init_n(q, 4);
    rp_init_n(T, 3);
    rp_init_n(e, 16);
    for (it = 0; it < n; it++) {
        mpq_set_ui(tm[0], 0, 1);
        rnd_si(tm[1], st, 1, 3, 2);
        rnd_si(x, st, 1, 3, 2);
        mpq_add(tm[2], tm[1], x);
        for (k = 0; k < 12; k++)
            rnd_si(rot[k], st, k % 4 == 0 ? 1 : -2, 2, 1);
        if (gmp_urandomm_ui(st, 2)) /* often the opposite sign */
            for (k = 4; k < 8; k++)
                mpq_neg(rot[k], rot[k]);
        for (k = 0; k < 9; k++)
            rnd_si(tr[k], st, -2, 2, 2);
        rnd_si(tr[0], st, 4, 6, 1);       /* start apart in x ... */
        rnd_si(tr[3], st, 0, 8, 2);       /* ... then maybe closer */
        rnd_si(tr[6], st, -2, 8, 2);
        len = (size_t)snprintf(kf, LINE, "{\"keyframes\":[");
        for (i = 0; i < 3; i++) {
            len += (size_t)gmp_snprintf(kf + len, LINE - len,
                                        "%s{\"t\":\"%Qd\",\"rotation\":",
                                        i ? "," : "", tm[i]);
            json_nums(kf, LINE, &len, rot[4 * i], 4);
            len += (size_t)snprintf(kf + len, LINE - len,
                                    ",\"translation\":");
            json_nums(kf, LINE, &len, tr[3 * i], 3);
            len += (size_t)snprintf(kf + len, LINE - len, "}");
        }
        snprintf(kf + len, LINE - len, "]}");
        /* the last pose is held on [k2, k2 + 1] */
        mpq_set_ui(x, 1, 1);
        mpq_add(hi, tm[2], x);
        gmp_snprintf(line, LINE,
                     "{" BOX1 ",\"box2\":{\"min\":[\"-1/2\",\"-1/2\","
                     "\"-1/2\"],\"max\":[\"1/2\",\"1/2\",\"1/2\"]},"
                     "\"motion2\":%s,\"t_range\":[-1,\"%Qd\"]}", kf, hi);
        if (solve_any(res, line, &err) != BOXTOI_OK) {
            bad++;
            diag("%s: %s", line, err.msg);
            continue;
        }
        /* the separate queries; the same path as pieces of rigid
           objects, in t (pg) and local in s = t - b_i (pl) */
        best->status = BOXTOI_NO_CONTACT;
        lg = (size_t)gmp_snprintf(pg, LINE, "{\"breaks\":[\"%Qd\",\"%Qd\","
                                  "\"%Qd\"],\"pieces\":[", tm[0], tm[1],
                                  tm[2]);
        ll = (size_t)gmp_snprintf(pl, LINE, "{\"local\":true,\"breaks\":"
                                  "[\"%Qd\",\"%Qd\",\"%Qd\"],\"pieces\":[",
                                  tm[0], tm[1], tm[2]);
        for (i = 0; i < 4; i++) {
            int a = i == 0 ? 0 : i - 1, b = i == 3 ? 2 : i, sg = 1;
            mpq_set(lo, i == 0 ? tm[0] : tm[i - 1]);
            if (i == 0)
                mpq_set_si(lo, -1, 1);
            mpq_set(hi, i == 3 ? tm[2] : tm[i]);
            if (i == 3) {
                mpq_set(lo, tm[2]);
                mpq_set_ui(x, 1, 1);
                mpq_add(hi, tm[2], x);
            }
            mpq_set_ui(x, 0, 1);
            for (c = 0; c < 4; c++) {
                mpq_mul(dt, rot[4 * a + c], rot[4 * b + c]);
                mpq_add(x, x, dt);
            }
            if (mpq_sgn(x) < 0)
                sg = -1;
            for (c = 0; c < 7; c++) {
                rp *p = c < 4 ? q + c : T + c - 4;
                mpq_srcptr va = c < 4 ? rot[4 * a + c] : tr[3 * a + c - 4];
                mpq_srcptr vb = c < 4 ? rot[4 * b + c] : tr[3 * b + c - 4];
                rp_set_si(p, 0);
                if (a == b) {
                    mpq_set(p->c[0], va);
                    continue;
                }
                /* ((t_b - t) va + (t - t_a) vb') / (t_b - t_a) */
                mpq_sub(dt, tm[b], tm[a]);
                mpq_set(x, vb);
                if (c < 4 && sg < 0)
                    mpq_neg(x, x);
                mpq_sub(p->c[1], x, va);
                mpq_div(p->c[1], p->c[1], dt);
                mpq_mul(p->c[0], tm[b], va);
                mpq_mul(x, tm[a], x);
                mpq_sub(p->c[0], p->c[0], x);
                mpq_div(p->c[0], p->c[0], dt);
            }
            rigid_json(pg, &lg, i, q, T, NULL);
            rigid_json(pl, &ll, i, q, T, i > 0 ? tm[i - 1] : NULL);
            rp_expand_rigid(e, q, P0[0], T);
            len = (size_t)snprintf(sep, LINE,
                                   "{" BOX1 ",\"box2\":{\"min\":[\"-1/2\","
                                   "\"-1/2\",\"-1/2\"],\"max\":[\"1/2\","
                                   "\"1/2\",\"1/2\"]},\"motion2\":");
            rp_json_matrix(sep, LINE, &len, e);
            gmp_snprintf(sep + len, LINE - len,
                         ",\"t_range\":[\"%Qd\",\"%Qd\"]}", lo, hi);
            if (solve_plain(r1, sep) != BOXTOI_OK) {
                bad++;
                continue;
            }
            if (r1->status == BOXTOI_CONTACT
                && (best->status != BOXTOI_CONTACT
                    || boxtoi_alg_cmp(&r1->t, &best->t) < 0)) {
                boxtoi_alg_set(&best->t, &r1->t);
                best->status = BOXTOI_CONTACT;
                best->initial = r1->initial && i == 0;
                nlater += i > 0;
            }
        }
        ncontact += res->status == BOXTOI_CONTACT;
        /* keyframes = pieces of rigid objects, byte for byte */
        snprintf(pg + lg, LINE - lg, "]}");
        snprintf(pl + ll, LINE - ll, "]}");
        gmp_snprintf(qg, LINE,
                     "{" BOX1 ",\"box2\":{\"min\":[\"-1/2\",\"-1/2\","
                     "\"-1/2\"],\"max\":[\"1/2\",\"1/2\",\"1/2\"]},"
                     "\"motion2\":%s,\"t_range\":[-1,\"%Qd\"]}", pg, hi);
        gmp_snprintf(ql, LINE,
                     "{" BOX1 ",\"box2\":{\"min\":[\"-1/2\",\"-1/2\","
                     "\"-1/2\"],\"max\":[\"1/2\",\"1/2\",\"1/2\"]},"
                     "\"motion2\":%s,\"t_range\":[-1,\"%Qd\"]}", pl, hi);
        run(&o1, line);
        run(&o2, qg);
        npiece_bad += strcmp(boxtoi_strbuf_str(&o1), boxtoi_strbuf_str(&o2))
                      != 0;
        run(&o2, ql);
        if (strcmp(boxtoi_strbuf_str(&o1), boxtoi_strbuf_str(&o2)) != 0
            && npiece_bad++ < 3)
            diag("differ:\n%s\n%s\n%s", ql, boxtoi_strbuf_str(&o1),
                 boxtoi_strbuf_str(&o2));
        if (res->status != best->status
            || (res->status == BOXTOI_CONTACT
                && (boxtoi_alg_cmp(&res->t, &best->t) != 0
                    || res->initial != best->initial))) {
            if (bad++ < 3)
                diag("differ: %s", line);
        }
    }
    is_int(0, bad, "keyframes = the least of the separate queries (%ld "
                   "queries, %ld contacts, %ld after the first interval)",
           n, ncontact, nlater);
    ok(ncontact > 0 && nlater > 0, "contacts occur, also in later "
                                   "intervals");
    is_int(0, npiece_bad, "keyframes = pieces of rigid objects written by "
                          "hand, in t and local (%ld queries)", n);
    boxtoi_strbuf_clear(&o1);
    boxtoi_strbuf_clear(&o2);
    for (k = 0; k < 3; k++)
        mpq_clear(tm[k]);
    for (k = 0; k < 12; k++)
        mpq_clear(rot[k]);
    for (k = 0; k < 9; k++)
        mpq_clear(tr[k]);
    for (k = 0; k < 3; k++)
        mpq_clear(P0[k]);
    mpq_clear(x);
    mpq_clear(dt);
    mpq_clear(lo);
    mpq_clear(hi);
    rp_clear_n(q, 4);
    rp_clear_n(T, 3);
    rp_clear_n(e, 16);
    boxtoi_contact_clear(res);
    boxtoi_contact_clear(r1);
    boxtoi_contact_clear(best);
    gmp_randclear(st);
}

/* The answer line of a query whose box 2 is [0,1]^3 and whose motion2
   is m (JSON), range r. */
const char *answer(boxtoi_strbuf *out, const char *m, const char *r)
{
    static char line[LINE];
    snprintf(line, LINE,
             "{" BOX1 ",\"box2\":{\"min\":[0,0,0],\"max\":[1,1,1]},"
             "\"motion2\":%s,\"t_range\":%s}", m, r);
    run(out, line);
    return boxtoi_strbuf_str(out);
}

/* Does the answer say contact at the rational t, with that initial? */
static int says(const char *out, const char *t, int initial)
{
    char want[128];
    snprintf(want, sizeof want, "\"rational\":\"%s\"", t);
    return strstr(out, want) != NULL
           && strstr(out, initial ? "\"initial\":true" : "\"initial\":false")
                  != NULL;
}

/* Box 2 = [0,1]^3 slides in x: x = 5 - 4t until t = 1 (touching box 1's
   face x = 1 at t = 1), then x = 2 - t (overlapping).  By hand: contact
   at t = 1, initial only when the range starts there. */
static void test_breaks(void)
{
    static const char *slide =
        "{\"breaks\":[1],\"pieces\":[{\"translation\":[[5,-4],0,0]},"
        "{\"translation\":[[2,-1],0,0]}]}";
    static const char *slide_local =
        "{\"breaks\":[1],\"local\":true,\"pieces\":[{\"translation\":"
        "[[5,-4],0,0]},{\"translation\":[[1,-1],0,0]}]}";
    /* stop at x = 3 at t = 1/2, wait until t = 2, then 3 - 2 (t - 2):
       contact when x = 1, t = 3 */
    static const char *wait =
        "{\"breaks\":[\"1/2\",2],\"pieces\":[{\"translation\":[[5,-4],0,0]},"
        "{\"translation\":[3,0,0]},{\"translation\":[[7,-2],0,0]}]}";
    boxtoi_strbuf out;
    const char *a;

    boxtoi_strbuf_init(&out);
    a = answer(&out, slide, "[0,3]");
    ok(says(a, "1", 0), "contact at the break t = 1, not initial: %s", a);
    a = answer(&out, slide_local, "[0,3]");
    ok(says(a, "1", 0), "local pieces: the same: %s", a);
    a = answer(&out, slide, "[1,3]");
    ok(says(a, "1", 1), "range starting at the break: initial: %s", a);
    a = answer(&out, slide, "[\"3/2\",3]");
    ok(says(a, "3/2", 1), "range inside the second piece: initial: %s", a);
    a = answer(&out, slide, "[\"1/2\",\"inf\"]");
    ok(says(a, "1", 0), "t1 = inf: contact at 1: %s", a);
    a = answer(&out, slide, "[0,\"1/2\"]");
    ok(strstr(a, "no_contact") != NULL, "before the break: none: %s", a);
    a = answer(&out, wait, "[0,5]");
    ok(says(a, "3", 0), "waiting piece, then contact at t = 3: %s", a);
    a = answer(&out, wait, "[0,\"inf\"]");
    ok(says(a, "3", 0), "the same with t1 = inf: %s", a);
    a = answer(&out, wait, "[0,\"5/2\"]");
    ok(strstr(a, "no_contact") != NULL, "none before 5/2: %s", a);
    boxtoi_strbuf_clear(&out);
}

/* Both bodies in pieces, breaks merged: box 1 moves +x at speed 1 from
   t = 2 (x = t - 2), box 2 ([0,1]^3) waits at x = 4 until t = 3, then
   comes at speed 1 (x = 7 - t).  Gap 4 - 1 - (t - 2) = 5 - t on [2, 3]
   (2 at t = 3), then 5 - t - (t - 3) = 8 - 2t: contact at t = 4. */
static void test_two_bodies(void)
{
    static const char *line =
        "{\"id\":\"two\"," BOX1 ",\"box2\":{\"min\":[0,0,0],"
        "\"max\":[1,1,1]},\"motion1\":{\"breaks\":[2],\"pieces\":"
        "[[[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]],{\"translation\":"
        "[[-2,1],0,0]}]},\"motion2\":{\"breaks\":[2,3],\"pieces\":"
        "[{\"translation\":[4,0,0]},{\"translation\":[4,0,0]},"
        "{\"translation\":[[7,-1],0,0]}]},\"t_range\":[0,10]}";
    boxtoi_strbuf out;
    boxtoi_contact_t res;
    boxtoi_query_t q;
    boxtoi_errinfo err;

    boxtoi_strbuf_init(&out);
    run(&out, line);
    ok(says(boxtoi_strbuf_str(&out), "4", 0), "merged breaks: t = 4: %s",
       boxtoi_strbuf_str(&out));
    /* the driver without piecewise motions is boxtoi_contact_first */
    boxtoi_contact_init(res);
    boxtoi_query_init(q);
    boxtoi_box_set_si(q->box + 0, -1, -1, -1, 1, 1, 1);
    boxtoi_box_set_si(q->box + 1, 0, 0, 0, 1, 1, 1);
    boxtoi_motion_set_coeff_si(q->motion + 1, 0, 3, 0, 3);
    boxtoi_motion_set_coeff_si(q->motion + 1, 0, 3, 1, -1);
    mpq_set_ui(q->t1, 5, 1);
    is_int(BOXTOI_OK, boxtoi_contact_first_piecewise(res, q, NULL, NULL,
                                                     NULL, &err),
           "no pieces: solved");
    ok(res->status == BOXTOI_CONTACT && mpq_cmp_ui(res->t.lo, 2, 1) == 0
           && mpq_cmp_ui(res->t.hi, 2, 1) == 0,
       "x = 3 - t touches at t = 2");
    boxtoi_query_clear(q);
    boxtoi_contact_clear(res);
    boxtoi_strbuf_clear(&out);
}

void test_errors(void); /* t/pieces-io.c */

int main(void)
{
    plan_lazy();
    test_errors();
    test_breaks();
    test_two_bodies();
    test_equivalence();
    test_keyframes_vs_separate();
    return 0;
}
