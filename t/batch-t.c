/* t/batch-t.c: tests of lib/io/batch.c (boxtoi/batch.h): options by
   name, runs of lines, translational queries from arrays of doubles.

   Expected values are derived by hand: each translational query is a
   box sliding along x at constant speed towards (or away from) a unit
   cube, so the contact time is (gap / speed), checked against exact
   rationals; the doubles around it are checked as bounds with mpq and
   as neighbours with nextafter; the runs of lines against
   boxtoi_io_process_line on each line alone; a scene line of three
   sliding cubes (times by hand) with scene-threads 1 and 3. */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "boxtoi/batch.h"

static void test_options(void)
{
    boxtoi_io_options opts;
    boxtoi_errinfo err;

    is_int((long)sizeof(boxtoi_io_options), (long)boxtoi_io_options_size(),
           "boxtoi_io_options_size is sizeof");
    boxtoi_io_options_init(&opts);
    is_int(BOXTOI_OK, boxtoi_io_options_set(&opts, "digits", 5, &err),
           "set digits");
    is_int(5, opts.digits, "  digits = 5");
    is_int(BOXTOI_OK, boxtoi_io_options_set(&opts, "max-degree", 3, NULL),
           "set max-degree");
    is_int(3, opts.solver.max_degree, "  solver.max_degree = 3");
    is_int(BOXTOI_EINVAL, boxtoi_io_options_set(&opts, "digits", 0, &err),
           "digits 0 refused");
    is_int(BOXTOI_EINVAL, boxtoi_io_options_set(&opts, "colour", 1, &err),
           "unknown option refused");
    ok(strstr(err.msg, "colour") != NULL, "  the message names it: %s",
       err.msg);
    is_int(5, opts.digits, "  digits unchanged by the refusals");
    is_int(BOXTOI_OK, boxtoi_io_options_set(&opts, "scene-threads", 3, &err),
           "set scene-threads");
    is_int(3, opts.scene_threads, "  scene_threads = 3");
    is_int(BOXTOI_EINVAL,
           boxtoi_io_options_set(&opts, "scene-threads", 0, &err),
           "scene-threads 0 refused");
    is_int(3, opts.scene_threads, "  scene_threads unchanged");
}

/* A scene by hand: A still at [0,1]^3; B = A + (3 - t, 0, 0) meets it at
   t = 2; C = A + (0, 0, 5 - t) lands on it at t = 4, when B (x in
   [-1, 0], z in [0, 1]) touches C along x = 0, z = 1 as well. */
static const char *const scene =
    "{\"id\":\"s\",\"scene\":["
    "{\"name\":\"A\",\"box\":{\"min\":[0,0,0],\"max\":[1,1,1]}},"
    "{\"name\":\"B\",\"box\":{\"min\":[3,0,0],\"max\":[4,1,1]},"
    "\"motion\":[[1,0,0,[0,-1]],[0,1,0,0],[0,0,1,0],[0,0,0,1]]},"
    "{\"name\":\"C\",\"box\":{\"min\":[0,0,5],\"max\":[1,1,6]},"
    "\"motion\":[[1,0,0,0],[0,1,0,0],[0,0,1,[0,-1]],[0,0,0,1]]}],"
    "\"t_range\":[0,5],\"report\":\"pairs\"}";

/* The scene line with scene-threads 1 and 3: the same bytes, with the
   three contacts derived above. */
static void test_scene_threads(void)
{
    boxtoi_io_options opts;
    boxtoi_strbuf sb[2];
    size_t end = strlen(scene);
    const char *s;
    int k;

    for (k = 0; k < 2; k++) {
        boxtoi_io_options_init(&opts);
        if (boxtoi_io_options_set(&opts, "scene-threads", k == 0 ? 1 : 3,
                                  NULL) != BOXTOI_OK)
            bail("scene-threads refused");
        boxtoi_strbuf_init(sb + k);
        is_int(BOXTOI_OK, boxtoi_io_process_lines(sb + k, NULL, scene, &end,
                                                   1, 1, 0, &opts),
               "scene line with %d thread(s)", k == 0 ? 1 : 3);
    }
    is_str(boxtoi_strbuf_str(sb + 1), boxtoi_strbuf_str(sb),
           "  the same bytes with 3 threads as with 1");
    s = boxtoi_strbuf_str(sb);
    s = strstr(s, "\"pair\":[\"A\",\"B\"]");
    ok(s != NULL && strstr(s, "\"rational\":\"2\"") != NULL,
       "  (A, B) at t = 2");
    s = s != NULL ? strstr(s, "\"pair\":[\"A\",\"C\"]") : NULL;
    ok(s != NULL && strstr(s, "\"rational\":\"4\"") != NULL,
       "  then (A, C) at t = 4");
    s = s != NULL ? strstr(s, "\"pair\":[\"B\",\"C\"]") : NULL;
    ok(s != NULL && strstr(s, "\"rational\":\"4\"") != NULL,
       "  then (B, C) at t = 4");
    for (k = 0; k < 2; k++)
        boxtoi_strbuf_clear(sb + k);
}

static const char *const q1 =
    "{\"id\":\"a\",\"box1\":{\"min\":[0,0,0],\"max\":[1,1,1]},"
    "\"box2\":{\"min\":[3,0,0],\"max\":[4,1,1]},\"motion2\":"
    "[[1,0,0,[0,-1]],[0,1,0,0],[0,0,1,0],[0,0,0,1]],\"t_range\":[0,5]}\n";

static void test_lines(void)
{
    const char *lines[3] = {q1, "  \n", "{}"};
    char text[1024];
    size_t ends[3], done = 0, pos = 0;
    boxtoi_strbuf sb, one;
    boxtoi_errinfo err;
    int i;

    for (i = 0; i < 3; i++) {
        memcpy(text + pos, lines[i], strlen(lines[i]));
        pos += strlen(lines[i]);
        ends[i] = pos;
    }
    boxtoi_strbuf_init(&sb);
    boxtoi_strbuf_init(&one);
    is_int(BOXTOI_OK, boxtoi_io_process_lines(&sb, &done, text, ends, 3,
                                               10, 0, NULL),
           "process_lines: ok");
    is_int(3, (long)done, "  done = 3");
    /* the same bytes as one line at a time, numbered 10, 11, 12 */
    for (i = 0; i < 3; i++)
        is_int(i == 0 ? BOXTOI_OK : i == 1 ? BOXTOI_EPARSE : BOXTOI_EMISSING,
               boxtoi_io_process_line(&one, lines[i], strlen(lines[i]),
                                      10 + i, NULL, &err),
               "  process_line %d alone", i);
    is_str(boxtoi_strbuf_str(&one), boxtoi_strbuf_str(&sb),
           "  equals process_line line by line");
    ok(strstr(boxtoi_strbuf_str(&sb), "\"line\":11,\"status\":\"error\","
              "\"error\":{\"code\":\"invalid_json\"") != NULL,
       "  the blank line is an invalid_json error numbered 11");
    ok(strstr(boxtoi_strbuf_str(&sb), "\"rational\":\"2\"") != NULL,
       "  the query meets at t = 2 (3 - t = 1)");
    boxtoi_strbuf_reset(&sb);
    is_int(BOXTOI_OK, boxtoi_io_process_lines(&sb, NULL, text, ends, 3, 1,
                                               BOXTOI_LINES_SKIP_BLANK,
                                               NULL),
           "process_lines, blank lines skipped: ok");
    ok(strstr(boxtoi_strbuf_str(&sb), "invalid_json") == NULL
           && strstr(boxtoi_strbuf_str(&sb), "\"line\":3,") != NULL,
       "  no result for the blank line; {} is still line 3");
    boxtoi_strbuf_clear(&one);
    boxtoi_strbuf_clear(&sb);
}

/* Checks that lo < num/den < hi and that hi is the double after lo. */
static void around(double lo, double hi, long num, long den,
                   const char *name)
{
    mpq_t t, d;
    mpq_init(t);
    mpq_init(d);
    mpq_set_si(t, num, (unsigned long)den);
    mpq_canonicalize(t);
    mpq_set_d(d, lo);
    ok(mpq_cmp(d, t) < 0, "%s: t_down < %ld/%ld", name, num, den);
    mpq_set_d(d, hi);
    ok(mpq_cmp(d, t) > 0, "%s: t_up > %ld/%ld", name, num, den);
    ok(nextafter(lo, INFINITY) == hi, "%s: adjacent doubles", name);
    mpq_clear(t);
    mpq_clear(d);
}

#define N 6
/* The sliding queries and their answers (file scope: run_slides). */
static double b1lo[3 * N], b1hi[3 * N], b2lo[3 * N], b2hi[3 * N];
static double tr2[3 * 2 * N], t_down[N], t_up[N];
static signed char status[N];
static unsigned char initial[N];
static int code[N];

/* boxtoi_batch_rigid on the first n sliding queries over [t0, t1]. */
static int run_slides(size_t n, const char *t0, const char *t1)
{
    boxtoi_errinfo err;
    return boxtoi_batch_rigid(status, t_down, t_up, initial, code, n, b1lo,
                              b1hi, b2lo, b2hi, NULL, 0, NULL, 0, tr2, 2,
                              NULL, 0, t0, t1, NULL, &err);
}

static void test_translation(void)
{
    /* box 1 the unit cube; box 2 a unit cube at x = x0 moving by
       v t along x: contact when x0 + v t = 1 (v < 0) */
    static const double x0[N] = {2, 2, 0.5, 11, 2, 2};
    static const double v[N] = {-3, 3, 0, -1, -3, -3};
    int i, c;

    memset(tr2, 0, sizeof tr2);
    for (i = 0; i < N; i++) {
        for (c = 0; c < 3; c++) {
            b1lo[3 * i + c] = 0;
            b1hi[3 * i + c] = 1;
            b2lo[3 * i + c] = c == 0 ? x0[i] : 0;
            b2hi[3 * i + c] = c == 0 ? x0[i] + 1 : 1;
        }
        tr2[6 * i + 1] = v[i]; /* coordinate 0, coefficient of t */
    }
    b1lo[3 * 4 + 2] = 2;    /* query 4: min > max */
    tr2[6 * 5 + 0] = NAN;   /* query 5: not a number */
    is_int(BOXTOI_OK, run_slides(N, "0", "1"), "batch on [0, 1]: ok");
    is_int(1, status[0], "2 - 3t = 1: contact");
    around(t_down[0], t_up[0], 1, 3, "t = 1/3");
    is_int(0, initial[0], "  not initial");
    is_int(0, status[1], "moving away: no contact");
    ok(isnan(t_down[1]) && isnan(t_up[1]), "  t_down, t_up are NaN");
    is_int(1, status[2], "overlapping at 0: contact");
    ok(t_down[2] == 0 && t_up[2] == 0 && initial[2] == 1,
       "  at t = 0, initial");
    is_int(0, status[3], "11 - t = 1 is beyond t = 1: no contact");
    is_int(-1, status[4], "min > max: error");
    is_int(BOXTOI_EBOX, code[4], "  invalid_box");
    is_int(-1, status[5], "NaN: error");
    is_int(BOXTOI_ENUMBER, code[5], "  invalid_number");
    is_int(0, code[0], "  code 0 without error");

    is_int(BOXTOI_OK, run_slides(4, "1/2", "inf"),
           "batch on [1/2, inf): ok");
    /* box 2 passes through box 1 for t in [1/3, 1] */
    ok(status[0] == 1 && initial[0] == 1 && t_down[0] == 0.5
       && t_up[0] == 0.5, "2 - 3t: already overlapping at t0 = 1/2");
    ok(status[3] == 1 && t_down[3] == 10 && t_up[3] == 10,
       "11 - t = 1 at t = 10 exactly");
    is_int(BOXTOI_ERANGE, run_slides(N, "2", "1"), "t0 > t1 refused");
    is_int(BOXTOI_ENUMBER, run_slides(N, "0", "1/0"), "t1 = 1/0 refused");
}

/* A flat box, the segment from the origin to (3, 0, 0), turns about z
   with q = [1, 0, 0, t] (tan(theta/2) = t) and meets the slab y >= 1
   of box 1 when 3 sin theta = 6t / (1 + t^2) = 1: t^2 - 6t + 1 = 0,
   t = 3 - 2 sqrt 2.  A rational x is below it iff (3 - x)^2 > 8. */
static void test_rotation(void)
{
    static const double b1lo[3] = {-5, 1, -1}, b1hi[3] = {5, 2, 1};
    static const double b2lo[3] = {0, 0, 0}, b2hi[3] = {3, 0, 0};
    static const double q[8] = {1, 0, 0, 0, 0, 0, 0, 1}; /* w, x, y, z */
    static const double qbad[4] = {1, 0, INFINITY, 0};
    double t_down, t_up;
    signed char status;
    unsigned char initial;
    int code;
    mpq_t x, y;
    boxtoi_errinfo err;

    is_int(BOXTOI_OK,
           boxtoi_batch_rigid(&status, &t_down, &t_up, &initial, &code, 1,
                              b1lo, b1hi, b2lo, b2hi, NULL, 0, NULL, 0,
                              NULL, 0, q, 2, "0", "1", NULL, &err),
           "rotation: ok");
    is_int(1, status, "  the turning segment meets the slab");
    mpq_init(x);
    mpq_init(y);
    mpq_set_d(x, t_down);
    mpq_set_si(y, 3, 1);
    mpq_sub(x, y, x);
    mpq_mul(x, x, x);
    ok(mpq_cmp_si(x, 8, 1) > 0, "  t_down < 3 - 2 sqrt 2");
    mpq_set_d(x, t_up);
    mpq_sub(x, y, x);
    mpq_mul(x, x, x);
    ok(mpq_cmp_si(x, 8, 1) < 0 && t_up < 3, "  t_up > 3 - 2 sqrt 2");
    ok(nextafter(t_down, 1) == t_up, "  adjacent doubles");
    /* a constant quaternion (kq = 1) of a quarter turn about z and the
       translation (0, 1/2 + t, 0): the segment runs along y from
       (0, 1/2 + t) to (0, 7/2 + t) and crosses the slab already at 0 */
    {
        static const double qc[4] = {1, 0, 0, 1};
        static const double tr[6] = {0, 0, 0.5, 1, 0, 0};
        is_int(BOXTOI_OK,
               boxtoi_batch_rigid(&status, &t_down, &t_up, &initial, &code,
                                  1, b1lo, b1hi, b2lo, b2hi, NULL, 0, NULL,
                                  0, tr, 2, qc, 1, "0", "1", NULL, &err),
               "constant rotation and a translation: ok");
        ok(status == 1 && initial == 1 && t_down == 0 && t_up == 0,
           "  the segment from (0, 1/2) to (0, 7/2) meets y >= 1 at 0");
    }
    is_int(BOXTOI_OK,
           boxtoi_batch_rigid(&status, &t_down, &t_up, &initial, &code, 1,
                              b1lo, b1hi, b2lo, b2hi, NULL, 0, NULL, 0,
                              NULL, 0, qbad, 1, "0", "1", NULL, &err),
           "an infinite quaternion component: ok");
    ok(status == -1 && code == BOXTOI_ENUMBER, "  invalid_number");
    is_int(BOXTOI_EINVAL,
           boxtoi_batch_rigid(&status, &t_down, &t_up, &initial, &code, 1,
                              b1lo, b1hi, b2lo, b2hi, NULL, 0, NULL, 0,
                              NULL, 0, q, 3, "0", "1", NULL, &err),
           "a quadratic quaternion is refused");
    mpq_clear(x);
    mpq_clear(y);
}

int main(void)
{
    plan_lazy();
    test_options();
    test_scene_threads();
    test_lines();
    test_translation();
    test_rotation();
    return 0;
}
