/* t/scene-t.c: tests of lib/scene, scenes of many moving boxes.

   - errors: empty and duplicate names, an ignore pair naming an unknown
     body, the body limit, a bad range, an invalid motion, each naming
     the entry at fault;
   - a hand-solved scene of three sliding boxes (times in the comments);
   - scene lines through boxtoi_io_process_line, by hand: every motion
     form, text and explain output, errors naming the entry.
   The brute-force and metamorphic tests are in t/scene-brute-t.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

static void box_si(boxtoi_box_struct *b, long x0, long y0, long z0, long x1,
                   long y1, long z1)
{
    boxtoi_box_set_si(b, x0, y0, z0, x1, y1, z1);
}

/* m = the translation (vx t, 0, 0). */
static void slide_x(boxtoi_motion_struct *m, long vx)
{
    boxtoi_motion_set_identity(m);
    boxtoi_motion_set_coeff_si(m, 0, 3, 1, vx);
}

static void test_errors(void)
{
    boxtoi_scene_t s;
    boxtoi_box_t b;
    boxtoi_errinfo e;
    boxtoi_motion_t m;
    mpq_t a, c;
    boxtoi_scene_result_t r;

    boxtoi_scene_init(s);
    boxtoi_box_init(b);
    boxtoi_motion_init(m);
    boxtoi_scene_result_init(r);
    mpq_init(a);
    mpq_init(c);
    box_si(b, 0, 0, 0, 1, 1, 1);
    is_int(BOXTOI_ESHAPE, boxtoi_scene_add_body(s, "", b, NULL, &e),
           "empty name refused");
    is_str("scene[0]: empty name", e.msg, "message names the entry");
    is_int(BOXTOI_OK, boxtoi_scene_add_body(s, "arm", b, NULL, &e), "arm");
    is_int(BOXTOI_OK, boxtoi_scene_add_body(s, "crate", b, NULL, &e),
           "crate");
    is_int(BOXTOI_ESHAPE, boxtoi_scene_add_body(s, "arm", b, NULL, &e),
           "duplicate name refused");
    is_str("scene[2]: duplicate name \"arm\" (also scene[0])", e.msg,
           "message names both entries");
    is_int(BOXTOI_ESHAPE, boxtoi_scene_ignore(s, "arm", "table", &e),
           "ignore naming an unknown body refused");
    is_str("ignore[0]: \"table\" is not a body of the scene", e.msg,
           "message names the ignore entry and the name");
    is_int(BOXTOI_ESHAPE, boxtoi_scene_ignore(s, "arm", "arm", &e),
           "ignore of a body with itself refused");
    is_int(BOXTOI_OK, boxtoi_scene_ignore(s, "crate", "arm", &e),
           "ignore (crate, arm)");
    is_int(1, s->nignore, "one ignored pair");
    is_int(0, s->ignore[0], "stored as (0, 1)");
    is_int(2, boxtoi_scene_find(s, "crate") * 2, "find crate");
    is_int(-1, boxtoi_scene_find(s, "nothing"), "find an unknown name");
    {
        boxtoi_pmotion_t pm;
        boxtoi_pmotion_init(pm);
        is_int(BOXTOI_EINVAL, boxtoi_scene_add_body_pieces(s, "p", b, pm, &e),
               "an empty piecewise motion refused");
        is_str("scene[2]: an empty piecewise motion", e.msg,
               "message names the entry");
        boxtoi_pmotion_clear(pm);
    }
    boxtoi_scene_set_max_bodies(s, 2);
    is_int(BOXTOI_ELIMIT, boxtoi_scene_add_body(s, "x", b, NULL, &e),
           "a body over the limit refused");
    is_str("scene[2]: more than 2 bodies (the limit)", e.msg,
           "limit message");
    boxtoi_scene_set_max_bodies(s, 0);
    mpq_set_ui(b->min[1], 2, 1);
    is_int(BOXTOI_EBOX, boxtoi_scene_add_body(s, "x", b, NULL, &e),
           "min > max refused");
    mpq_set_ui(b->min[1], 0, 1);
    mpq_set_si(a, 3, 1);
    mpq_set_si(c, 1, 1);
    is_int(BOXTOI_ERANGE, boxtoi_scene_set_range(s, a, c, &e),
           "t0 > t1 refused");
    /* w(t) = 1 - 2 t vanishes at 1/2, inside [0, 1] */
    boxtoi_motion_set_coeff_si(m, 3, 3, 1, -2);
    is_int(BOXTOI_OK, boxtoi_scene_add_body(s, "bad", b, m, &e), "bad");
    is_int(BOXTOI_EWEIGHT, boxtoi_scene_first(r, s, NULL, &e),
           "degenerate weight found by the solver");
    ok(strstr(e.msg, "scene[2].motion (\"bad\")") != NULL,
       "message names the body: %s", e.msg);
    mpq_clear(a);
    mpq_clear(c);
    boxtoi_scene_result_clear(r);
    boxtoi_motion_clear(m);
    boxtoi_box_clear(b);
    boxtoi_scene_clear(s);
}

/* Counts the events of boxtoi_scene_solve's trace. */
static void count_events(void *ctx, const boxtoi_scene_event *ev)
{
    long *n = ctx;
    n[ev->kind == BOXTOI_SCENE_SOLVE]++;
    if (ev->kind == BOXTOI_SCENE_SOLVE && ev->c->status == BOXTOI_CONTACT)
        n[2]++;
}

/* A = [0,1]^3 still; B = [2,3] x [0,1]^2 moving by -t in x; C = [5,6] x
   [0,1]^2 moving by -2t; range [0, 3].  B meets A when 2 - t = 1: t = 1.
   C meets B when 5 - 2t = 3 - t: t = 2, and A when 5 - 2t = 1: t = 2.
   So first = 1 {(A,B)}; ignoring (A,B): first = 2 {(A,C), (B,C)};
   pairs = (A,B) 1, (A,C) 2, (B,C) 2. */
static void test_hand(void)
{
    boxtoi_scene_t s;
    boxtoi_box_t b;
    boxtoi_motion_t m;
    boxtoi_scene_result_t r;
    boxtoi_errinfo e;
    mpq_t t0, t1, q;

    boxtoi_scene_init(s);
    boxtoi_box_init(b);
    boxtoi_motion_init(m);
    boxtoi_scene_result_init(r);
    mpq_init(t0);
    mpq_init(t1);
    mpq_init(q);
    mpq_set_ui(t1, 3, 1);
    if (boxtoi_scene_set_range(s, t0, t1, &e) != BOXTOI_OK)
        bail("range");
    box_si(b, 0, 0, 0, 1, 1, 1);
    if (boxtoi_scene_add_body(s, "A", b, NULL, &e) != BOXTOI_OK)
        bail("A");
    box_si(b, 2, 0, 0, 3, 1, 1);
    slide_x(m, -1);
    if (boxtoi_scene_add_body(s, "B", b, m, &e) != BOXTOI_OK)
        bail("B");
    box_si(b, 5, 0, 0, 6, 1, 1);
    slide_x(m, -2);
    if (boxtoi_scene_add_body(s, "C", b, m, &e) != BOXTOI_OK)
        bail("C");

    is_int(BOXTOI_OK, boxtoi_scene_first(r, s, NULL, &e), "first");
    is_int(BOXTOI_CONTACT, r->status, "contact");
    is_int(1, r->n, "one pair at the first contact");
    mpq_set_ui(q, 1, 1);
    ok(r->n == 1 && boxtoi_alg_cmp_mpq(&r->v[0].c.t, q) == 0
           && r->v[0].a == 0 && r->v[0].b == 1,
       "(A, B) at t = 1");

    is_int(BOXTOI_OK, boxtoi_scene_pairs(r, s, NULL, &e), "pairs");
    is_int(3, r->n, "three pairs touch");
    if (r->n == 3) {
        ok(boxtoi_alg_cmp_mpq(&r->v[0].c.t, q) == 0 && r->v[0].b == 1,
           "(A, B) at 1 first");
        mpq_set_ui(q, 2, 1);
        ok(boxtoi_alg_cmp_mpq(&r->v[1].c.t, q) == 0 && r->v[1].a == 0
               && r->v[1].b == 2, "(A, C) at 2 second");
        ok(boxtoi_alg_cmp_mpq(&r->v[2].c.t, q) == 0 && r->v[2].a == 1
               && r->v[2].b == 2, "(B, C) at 2 third");
    }

    if (boxtoi_scene_ignore(s, "B", "A", &e) != BOXTOI_OK)
        bail("ignore");
    is_int(BOXTOI_OK, boxtoi_scene_first(r, s, NULL, &e), "first, ignore");
    is_int(2, r->n, "two pairs touch at the same instant");
    mpq_set_ui(q, 2, 1);
    ok(r->n == 2 && boxtoi_alg_cmp_mpq(&r->v[0].c.t, q) == 0
           && boxtoi_alg_cmp_mpq(&r->v[1].c.t, q) == 0
           && r->v[0].a == 0 && r->v[0].b == 2 && r->v[1].a == 1
           && r->v[1].b == 2,
       "(A, C) and (B, C) at t = 2");
    is_int(2, r->stats.npairs, "two pairs not ignored");
    {
        long n[3] = {0, 0, 0};
        is_int(BOXTOI_OK, boxtoi_scene_solve(r, s, BOXTOI_SCENE_PAIRS, NULL,
                                             count_events, n, &e),
               "solve with a trace");
        is_int(r->stats.nwindows, n[0], "one event per window");
        is_int(r->stats.nexact, n[1], "one event per exact solve");
        is_int(2, n[2], "two solves found a contact");
        is_int(BOXTOI_EINVAL, boxtoi_scene_solve(r, s, 7, NULL, NULL, NULL,
                                                 &e), "unknown report");
    }

    mpq_clear(q);
    mpq_clear(t0);
    mpq_clear(t1);
    boxtoi_scene_result_clear(r);
    boxtoi_motion_clear(m);
    boxtoi_box_clear(b);
    boxtoi_scene_clear(s);
}


/* ---- scene lines through boxtoi_io_process_line (lib/io/scene.c) --- */

/* The output of one line, compared with want. */
static void is_line(const char *line, int format, const char *want,
                    const char *name)
{
    boxtoi_strbuf sb;
    boxtoi_io_options o;
    boxtoi_errinfo e;

    boxtoi_io_options_init(&o);
    o.format = format;
    boxtoi_strbuf_init(&sb);
    if (boxtoi_io_process_line(&sb, line, strlen(line), 7, &o, &e)
        == BOXTOI_ENOMEM)
        bail("out of memory");
    is_str(want, boxtoi_strbuf_str(&sb), "%s", name);
    boxtoi_strbuf_clear(&sb);
}

#define BOX01 "\"box\":{\"min\":[0,0,0],\"max\":[1,1,1]}"
#define SLIDE(v) "\"motion\":[[1,0,0,[0," v "]],[0,1,0,0],[0,0,1,0],[0,0,0,1]]"

static void test_io(void)
{
    /* the scene of test_hand: (A, B) at 1; (A, C), (B, C) at 2 */
    const char *hand =
        "{\"id\":\"h\",\"scene\":[{\"name\":\"A\"," BOX01 "},"
        "{\"name\":\"B\",\"box\":{\"min\":[2,0,0],\"max\":[3,1,1]},"
        SLIDE("-1") "},{\"name\":\"C\",\"box\":{\"min\":[5,0,0],"
        "\"max\":[6,1,1]}," SLIDE("-2") "}],\"t_range\":[0,3],"
        "\"ignore\":[[\"B\",\"A\"]]}";

    /* at t = 2, A = B = [0,1]^3 and C = [1,2] x [0,1]^2: each pair shares
       the square x = 1, whose vertices average to (1, 1/2, 1/2), and
       x = 1 separates them before, normal +x (from A, resp. B, to C) */
    is_line(hand, BOXTOI_IO_TEXT,
            "h A/C: contact at t = 2 (exact), face-face: box1 face X' / "
            "box2 face X, point (1.00000000000000000000000000000, "
            "0.500000000000000000000000000000, "
            "0.500000000000000000000000000000), normal "
            "(1.00000000000000000000000000000, 0, 0)\n"
            "h B/C: contact at t = 2 (exact), face-face: box1 face X' / "
            "box2 face X, point (1.00000000000000000000000000000, "
            "0.500000000000000000000000000000, "
            "0.500000000000000000000000000000), normal "
            "(1.00000000000000000000000000000, 0, 0)\n",
            "text: two pairs at t = 2, in scene order");
    is_line("{\"scene\":[{\"name\":\"A\"," BOX01 "},{\"name\":\"A\"," BOX01
            "}]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"scene[1]: duplicate name "
            "\\\"A\\\" (also scene[0])\"}}\n", "duplicate name");
    is_line("{\"id\":1,\"scene\":[{\"name\":\"A\"," BOX01 "}],"
            "\"ignore\":[[\"A\",\"Z\"]]}", BOXTOI_IO_JSON,
            "{\"id\":1,\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"ignore[0]: \\\"Z\\\" is not a "
            "body of the scene\"}}\n", "ignore naming an unknown body");
    is_line("{\"scene\":[{\"name\":\"A\",\"box\":{\"min\":[0,0,3],"
            "\"max\":[1,1,1]}}]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_box\",\"message\":\"scene[0].box.min[2] > "
            "scene[0].box.max[2] (3 > 1)\"}}\n", "bad box named");
    is_line("{\"scene\":[{\"name\":\"A\"," BOX01 ",\"mass\":1}]}",
            BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"scene[0]: unknown key "
            "\\\"mass\\\" (keys starting with '_' are free)\"}}\n",
            "unknown body key");
    is_line("{\"scene\":[],\"t_range\":[0,\"inf\"],\"report\":\"pairs\"}",
            BOXTOI_IO_JSON,
            "{\"status\":\"no_contact\",\"contacts\":[]}\n",
            "empty scene, pairs report");
    is_line("{\"scene\":[{\"name\":3," BOX01 "}]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"scene[0].name: expected a "
            "string, found a number\"}}\n", "a name that is not a string");
    is_line("{\"scene\":[[]]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"scene[0]: expected an object "
            "{\\\"name\\\": ..., \\\"box\\\": ..., \\\"motion\\\": ...}, "
            "found an array of 0 entries\"}}\n",
            "a body that is not an object");
    is_line("{\"scene\":[{\"name\":\"A\"}]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"missing_key\",\"message\":\"scene[0]: missing key "
            "\\\"box\\\"\"}}\n", "a body without a box");
    /* piecewise motions: errors name the body's entry */
    is_line("{\"scene\":[{\"name\":\"A\"," BOX01 "},{\"name\":\"B\","
            BOX01 ",\"motion\":{\"keyframes\":[{\"t\":2},{\"t\":1}]}}]}",
            BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_motion\",\"message\":\"scene[1].motion.keyframes[1]"
            ".t: the times must increase strictly (1 after 2)\"}}\n",
            "keyframes out of order, named");
    /* at t = 1: x = 4 by piece 0, 5 by piece 1 */
    is_line("{\"scene\":[{\"name\":\"A\"," BOX01 "},{\"name\":\"B\","
            BOX01 ",\"motion\":{\"breaks\":[1],\"pieces\":[{\"translation"
            "\":[[5,-1],0,0]},{\"translation\":[[7,-2],0,0]}]}}]}",
            BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"discontinuous_motion\",\"message\":\"scene[1].motion."
            "breaks[0] (t = 1): pieces[0] and pieces[1] do not meet there: "
            "entry [0][3] of the pose (divided by w) jumps by 1\"}}\n",
            "pieces that do not meet, named");
    /* piece 1 has w = 2 - t, 1 at the break, 0 at t = 2 in the range */
    is_line("{\"scene\":[{\"name\":\"A\"," BOX01 "},{\"name\":\"B\","
            BOX01 ",\"motion\":{\"breaks\":[1],\"pieces\":[[[1,0,0,0],[0,1,"
            "0,0],[0,0,1,0],[0,0,0,1]],[[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,"
            "[2,-1]]]]}}],\"t_range\":[0,3]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"degenerate_weight\",\"message\":\"scene[1].motion (\\\"B\\\")"
            ".pieces[1][3][3]: w(t) vanishes in the range at t = 2\"}}\n",
            "a piece invalid on its part of the range, named");
    is_line("{\"scene\":[{\"name\":\"A\"," BOX01 "},{\"name\":\"B\","
            BOX01 ",\"motion\":{\"matrix\":[[1,0,0,0],[0,2,0,0],[0,0,1,0],"
            "[0,0,0,1]],\"rigid\":true}}]}", BOXTOI_IO_JSON,
            "{\"line\":7,\"status\":\"error\",\"error\":{\"code\":"
            "\"not_rigid\",\"message\":\"scene[1].motion.matrix: row 1 of "
            "the 3x3 block does not have length |w(t)| (a rigid motion needs "
            "A A^T = w^2 I; is a row not multiplied by w?)\"}}\n",
            "a rigid matrix that is not, named");
    /* "scene" as a value or in a nested object is not a scene query */
    is_line("{\"id\":\"scene\",\"_a\":{\"scene\":1},\"box1\":{\"min\":[0,0,"
            "0],\"max\":[1,1,1]},\"box2\":{\"min\":[2,0,0],\"max\":[3,1,"
            "1]}}", BOXTOI_IO_JSON,
            "{\"id\":\"scene\",\"status\":\"no_contact\"}\n",
            "a two-box line mentioning \"scene\"");
}

/* ---- every motion form in one scene (doc/format.md §3) ------------- */

/* The output of line with the format, threads and explain given. */
static void run_line(boxtoi_strbuf *sb, const char *line, int format,
                     long threads, int explain)
{
    boxtoi_io_options o;
    boxtoi_errinfo e;

    boxtoi_io_options_init(&o);
    o.format = format;
    o.scene_threads = threads;
    o.explain = explain;
    boxtoi_strbuf_reset(sb);
    if (boxtoi_io_process_line(sb, line, strlen(line), 1, &o, &e)
        == BOXTOI_ENOMEM)
        bail("out of memory");
}

/* Unit cubes [0,1]^3 in their frames, t in [0, 3]:
   wall: still;
   kf:   keyframes (5,0,0) at t = 0, (4,0,0) at 1, the origin at 2 (held
         after): min x = 8 - 4t on [1, 2], = 1 at t = 7/4;
   pc:   pieces, x = -5 + t for t <= 1, then -7 + 3t (both -4 at 1):
         max x = 3t - 6 meets wall's 0 and kf's 8 - 4t at t = 2;
   rig:  a rigid motion object, y = 6 - 2t: min y = 1 at t = 5/2, when
         wall, kf (at the origin) and pc (x in [1/2, 3/2]) all overlap
         it in x and z;
   rm:   a rigid matrix (a quarter turn about z), z = 9 - 2t >= 3: never.
   First: 7/4, (wall, kf).  Pairs: (wall, kf) at 7/4; (kf, pc), (wall,
   pc) at 2; (kf, rig), (pc, rig), (wall, rig) at 5/2 (by t, then the
   names). */
#define CUBE "\"box\":{\"min\":[0,0,0],\"max\":[1,1,1]}"
static const char *const form[5][2] = {
    {"wall", "[[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]"},
    {"kf", "{\"keyframes\":[{\"t\":0,\"translation\":[5,0,0]},{\"t\":1,"
           "\"translation\":[4,0,0]},{\"t\":2,\"rotation\":[2,0,0,0]}]}"},
    {"pc", "{\"breaks\":[1],\"pieces\":[{\"translation\":[[-5,1],0,0]},"
           "{\"translation\":[[-7,3],0,0]}]}"},
    {"rig", "{\"translation\":[0,[6,-2],0],\"rotation\":[3,0,0,0]}"},
    {"rm", "{\"matrix\":[[0,-1,0,0],[1,0,0,0],[0,0,1,[9,-2]],[0,0,0,1]],"
           "\"rigid\":true}"}};

static void test_forms(void)
{
    static const char *const want[6] = {
        "s wall/kf: contact at t = 7/4 ", "s kf/pc: contact at t = 2 ",
        "s wall/pc: contact at t = 2 ", "s kf/rig: contact at t = 5/2 ",
        "s pc/rig: contact at t = 5/2 ", "s wall/rig: contact at t = 5/2 "};
    char line[4096], two[2048];
    boxtoi_strbuf sb, one, tb;
    size_t len = 0;
    const char *p;
    long i, j, k, good = 0;

    boxtoi_strbuf_init(&sb);
    boxtoi_strbuf_init(&one);
    boxtoi_strbuf_init(&tb);
    len += (size_t)snprintf(line, sizeof line, "{\"id\":\"s\",\"scene\":[");
    for (i = 0; i < 5; i++)
        len += (size_t)snprintf(line + len, sizeof line - len,
                                "%s{\"name\":\"%s\"," CUBE ",\"motion\":%s}",
                                i ? "," : "", form[i][0], form[i][1]);
    snprintf(line + len, sizeof line - len,
             "],\"t_range\":[0,3],\"report\":\"pairs\"}");
    run_line(&sb, line, BOXTOI_IO_TEXT, 1, 0);
    /* each line of the pairs report: the expected pair and time, and the
       bytes of the two-box query of the pair (its own reader and the
       piecewise solver on the whole range) */
    p = boxtoi_strbuf_str(&sb);
    for (k = 0; k < 6 && *p != '\0'; k++) {
        const char *end = strchr(p, '\n');
        for (i = 0; i < 5; i++)
            for (j = i + 1; j < 5; j++) {
                char lab[32];
                snprintf(lab, sizeof lab, "s %s/%s:", form[i][0],
                         form[j][0]);
                if (strncmp(p, lab, strlen(lab)) != 0)
                    continue;
                snprintf(two, sizeof two,
                         "{\"id\":\"s %s/%s\",\"box1\":{\"min\":[0,0,0],"
                         "\"max\":[1,1,1]},\"box2\":{\"min\":[0,0,0],"
                         "\"max\":[1,1,1]},\"motion1\":%s,\"motion2\":%s,"
                         "\"t_range\":[0,3]}", form[i][0], form[j][0],
                         form[i][1], form[j][1]);
                run_line(&one, two, BOXTOI_IO_TEXT, 1, 0);
                good += strncmp(p, want[k], strlen(want[k])) == 0
                        && end != NULL
                        && strlen(boxtoi_strbuf_str(&one))
                               == (size_t)(end - p) + 1
                        && strncmp(p, boxtoi_strbuf_str(&one),
                                   (size_t)(end - p) + 1) == 0;
            }
        p = end != NULL ? end + 1 : "";
    }
    is_int(6, good, "every motion form: the six contacts by hand, each "
           "the bytes of its two-box query");
    ok(*p == '\0', "and no other contact");
    /* the same with threads, JSON and --explain: the same bytes */
    for (k = 0; k < 2; k++) {
        int fmt = k ? BOXTOI_IO_JSON : BOXTOI_IO_TEXT;
        run_line(&sb, line, fmt, 1, 1);
        run_line(&tb, line, fmt, 3, 1);
        is_str(boxtoi_strbuf_str(&sb), boxtoi_strbuf_str(&tb),
               "%s with --explain: 3 threads write the same bytes as one",
               k ? "JSON" : "text");
    }
    strcpy(strstr(line, "\"pairs\""), "\"first\"}");
    run_line(&sb, line, BOXTOI_IO_TEXT, 1, 0);
    ok(strncmp(boxtoi_strbuf_str(&sb), want[0], strlen(want[0])) == 0
           && strchr(boxtoi_strbuf_str(&sb), '\n')
                  == boxtoi_strbuf_str(&sb) + sb.len - 1,
       "first: (wall, kf) at 7/4 alone");
    boxtoi_strbuf_clear(&tb);
    boxtoi_strbuf_clear(&one);
    boxtoi_strbuf_clear(&sb);
}

int main(void)
{
    plan_lazy();
    test_errors();
    test_hand();
    test_io();
    test_forms();
    return 0;
}
