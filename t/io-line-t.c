/* t/io-line-t.c: tests of lib/io on whole lines
   (boxtoi_io_process_line, lib/io/line.c): end-to-end lines whose
   contact times are solved by hand (see the comments), and their
   errors.

   Expected values are written by hand. */
#include <string.h>
#include "tap.h"

/* The boxes and the identity motion of t/io-query-t.c's queries. */
#define B1 "\"box1\":{\"min\":[-1,-1,-1],\"max\":[1,1,1]}"
#define B2 "\"box2\":{\"min\":[0,0,0],\"max\":[0,0,0]}"
#define MID "[[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]"

/* ---- whole lines ---------------------------------------------------- */

/* The spec's example: box 1 the cube [-1, 1]^3 at rest; box 2 the cube
   [-1/2, 1/2]^3 whose centre is at z = 11/2 - t^2.  Its bottom face
   z = 5 - t^2 meets box 1's top face z = 1 when t^2 = 4: t = 2, inside
   [0, 3].  Face-face, box 1's Z' against box 2's Z; the tight planes are
   those with normal +z (contact.h's numbering: direction 2 = e_z side
   +, plane 4; direction 5 = g_x x g_y = e_z side +, plane 10;
   direction 6 + 3*0 + 1 = e_x x g_y = e_z side +, plane 14; direction
   6 + 3*1 + 0 = e_y x g_x = -e_z side -, plane 19). */
#define SPEC "\"box1\":{\"min\":[-1,-1,-1],\"max\":[1,1,1]},\"box2\":" \
    "{\"min\":[\"-1/2\",\"-1/2\",\"-1/2\"],\"max\":[\"1/2\",\"1/2\"," \
    "\"1/2\"]},\"motion1\":[[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]," \
    "\"motion2\":[[1,0,0,0],[0,1,0,0],[0,0,1,[\"11/2\",0,-1]],[0,0,0,1]]"

static void line_is(const char *line, int code, const char *expect,
                    const boxtoi_io_options *opts, const char *name)
{
    boxtoi_strbuf sb;
    boxtoi_errinfo err;
    int rc;

    boxtoi_strbuf_init(&sb);
    if (boxtoi_strbuf_puts(&sb, "previous\n") != BOXTOI_OK)
        bail("out of memory");
    rc = boxtoi_io_process_line(&sb, line, strlen(line), 5, opts, &err);
    is_int(code, rc, "%s: status", name);
    is_int(code, err.code, "%s: err.code", name);
    if (expect != NULL)
        is_str(expect, boxtoi_strbuf_str(&sb) + 9, "%s: output", name);
    else
        ok(strncmp(boxtoi_strbuf_str(&sb), "previous\n", 9) == 0
               && strstr(boxtoi_strbuf_str(&sb), boxtoi_errname(code))
                      != NULL, "%s: error line %.*s", name,
           (int)sb.len - 10, boxtoi_strbuf_str(&sb) + 9);
    boxtoi_strbuf_clear(&sb);
}

static void test_lines(void)
{
    boxtoi_io_options text;

    boxtoi_io_options_init(&text);
    text.format = BOXTOI_IO_TEXT;
    ok(boxtoi_io_is_blank("", 0) && boxtoi_io_is_blank(" \t\r\n", 4)
           && !boxtoi_io_is_blank(" x", 2) && !boxtoi_io_is_blank("\f", 1),
       "is_blank");

    /* report "intervals" on the spec's example: z = 11/2 - t^2 against
       |z| <= 3/2 gives t^2 in [4, 7], [2, sqrt 7] in [0, 3]; sqrt 7 =
       2.64575131106459059050161575363|926..., the doubles around it
       2.6457513110645903 and 2.6457513110645907 (exact squares
       compared with 7 in Python fractions) */
    line_is("{\"id\":\"iv\"," SPEC ",\"t_range\":[0,3],"
            "\"report\":\"intervals\"}", BOXTOI_OK,
            "{\"id\":\"iv\",\"status\":\"contact\",\"intervals\":[{\"from\":"
            "{\"poly\":[\"-2\",\"1\"],\"lo\":\"2\",\"hi\":\"2\",\"rational\":"
            "\"2\",\"decimal\":\"2.00000000000000000000000000000\",\"down\":"
            "\"2\",\"up\":\"2\"},\"to\":{\"poly\":[\"-7\",\"0\",\"1\"],\"lo\":"
            "\"2\",\"hi\":\"3\",\"decimal\":\"2.64575131106459059050161575364\","
            "\"down\":\"2.6457513110645903\",\"up\":\"2.6457513110645907\"}}]}\n",
            NULL, "report intervals");
    line_is("{\"id\":\"iv\"," SPEC ",\"t_range\":[0,3],"
            "\"report\":\"intervals\"}", BOXTOI_OK,
            "iv: contact during [2, 2.64575131106459059050161575364]\n",
            &text, "report intervals, text");
    line_is("{\"id\":\"iv\"," SPEC ",\"t_range\":[0,1],"
            "\"report\":\"intervals\"}", BOXTOI_OK,
            "{\"id\":\"iv\",\"status\":\"no_contact\",\"intervals\":[]}\n",
            NULL, "report intervals, no contact");
    line_is("{\"id\":\"iv\"," SPEC ",\"t_range\":[0,1],"
            "\"report\":\"later\"}", BOXTOI_ESHAPE, NULL, NULL,
            "report unknown");
    /* a scene: B (the cube [-1/2, 1/2]^3 at z = 5 - 2t) passes through
       A ([-1, 1]^3) while |5 - 2t| <= 3/2, t in [7/4, 13/4]; C is
       far away and never meets either */
#define SC_A "{\"name\":\"A\",\"box\":{\"min\":[-1,-1,-1],\"max\":[1,1,1]}}"
#define SC_B "{\"name\":\"B\",\"box\":{\"min\":[\"-1/2\",\"-1/2\",\"-1/2\"]," \
    "\"max\":[\"1/2\",\"1/2\",\"1/2\"]},\"motion\":[[1,0,0,0],[0,1,0,0]," \
    "[0,0,1,[5,-2]],[0,0,0,1]]}"
#define SC_C "{\"name\":\"C\",\"box\":{\"min\":[10,10,10],\"max\":[11,11,11]}}"
    line_is("{\"id\":\"sc\",\"scene\":[" SC_A "," SC_B "," SC_C "],"
            "\"t_range\":[0,5],\"report\":\"intervals\"}", BOXTOI_OK,
            "{\"id\":\"sc\",\"status\":\"contact\",\"contacts\":[{\"pair\":"
            "[\"A\",\"B\"],\"intervals\":[{\"from\":{\"poly\":[\"-7\",\"4\"],"
            "\"lo\":\"7/4\",\"hi\":\"7/4\",\"rational\":\"7/4\",\"decimal\":"
            "\"1.75000000000000000000000000000\",\"down\":\"1.75\",\"up\":"
            "\"1.75\"},\"to\":{\"poly\":[\"-13\",\"4\"],\"lo\":\"13/4\",\"hi\":"
            "\"13/4\",\"rational\":\"13/4\",\"decimal\":"
            "\"3.25000000000000000000000000000\",\"down\":\"3.25\",\"up\":"
            "\"3.25\"}}]}]}\n",
            NULL, "scene report intervals");
    line_is("{\"id\":\"sc\",\"scene\":[" SC_A "," SC_B "," SC_C "],"
            "\"t_range\":[0,5],\"report\":\"intervals\"}", BOXTOI_OK,
            "sc A/B: contact during [7/4, 13/4]\n", &text,
            "scene report intervals, text");
    line_is("{\"id\":\"sc\",\"scene\":[" SC_A "," SC_B "," SC_C "],"
            "\"t_range\":[0,1],\"report\":\"intervals\"}", BOXTOI_OK,
            "{\"id\":\"sc\",\"status\":\"no_contact\",\"contacts\":[]}\n",
            NULL, "scene report intervals, no contact");
    /* a scene body in keyframes: D ([0, 1]^3) goes from x = -3 at t = 0
       to x = 3 at t = 1 and back at t = 2, so it overlaps E ([0, 1]^3,
       at rest) while |x| <= 1: x = 6t - 3 gives [1/3, 2/3], x = 9 - 6t
       gives [4/3, 5/3] (the pieces after the first one count) */
#define SC_D "{\"name\":\"D\",\"box\":{\"min\":[0,0,0],\"max\":[1,1,1]}," \
    "\"motion\":{\"keyframes\":[{\"t\":0,\"translation\":[-3,0,0]}," \
    "{\"t\":1,\"translation\":[3,0,0]},{\"t\":2,\"translation\":" \
    "[-3,0,0]}]}}"
#define SC_E "{\"name\":\"E\",\"box\":{\"min\":[0,0,0],\"max\":[1,1,1]}}"
    line_is("{\"id\":\"kf\",\"scene\":[" SC_E "," SC_D "],"
            "\"t_range\":[0,2],\"report\":\"intervals\"}", BOXTOI_OK,
            "kf E/D: contact during [1/3, 2/3], [4/3, 5/3]\n", &text,
            "scene report intervals, a body in keyframes");
    line_is("{\"id\":\"sc\",\"scene\":[" SC_A "," SC_B "," SC_C "],"
            "\"t_range\":[0,1],\"report\":\"intervals\"}", BOXTOI_OK,
            "sc: no contact in [0, 1]\n", &text,
            "scene report intervals, no contact, text");
    line_is("{\"id\":\"sc\",\"scene\":[" SC_A "],\"report\":\"all\"}",
            BOXTOI_ESHAPE,
            "{\"id\":\"sc\",\"line\":5,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_shape\",\"message\":\"report: expected \\\"first\\\", "
            "\\\"pairs\\\" or \\\"intervals\\\"\"}}\n",
            NULL, "scene report unknown");
    line_is("{\"id\":\"drop-1\"," SPEC ",\"t_range\":[0,3]}", BOXTOI_OK,
            "{\"id\":\"drop-1\",\"status\":\"contact\",\"t\":{\"poly\":"
            "[\"-2\",\"1\"],\"lo\":\"2\",\"hi\":\"2\",\"rational\":\"2\","
            "\"decimal\":\"2.00000000000000000000000000000\",\"down\":\"2\","
            "\"up\":\"2\"},\"initial\":"
            "false,\"contact\":{\"kind\":\"face-face\",\"box1\":{\"feature\":"
            "\"face\",\"name\":\"Z'\"},\"box2\":{\"feature\":\"face\","
            "\"name\":\"Z\"},\"planes\":[4,10,14,19],\"point\":[\"0\",\"0\","
            "\"1.00000000000000000000000000000\"],\"normal\":[\"0\",\"0\","
            "\"1.00000000000000000000000000000\"]}}\n", NULL,
            "the spec's example");
    line_is("{\"id\":\"drop-1\"," SPEC ",\"t_range\":[0,3]}", BOXTOI_OK,
            "drop-1: contact at t = 2 (exact), face-face: box1 face Z' / "
            "box2 face Z, point (0, 0, 1.00000000000000000000000000000), "
            "normal (0, 0, 1.00000000000000000000000000000)\n", &text,
            "the spec's example, text");
    /* At t = 1 the bottom of box 2 is at 5 - 1 = 4 > 1: no contact. */
    line_is("{" SPEC ",\"t_range\":[0,1]}", BOXTOI_OK,
            "{\"status\":\"no_contact\"}\n", NULL, "no contact in [0, 1]");
    line_is("{\"id\":4," SPEC ",\"t_range\":[0,1]}", BOXTOI_OK,
            "4: no contact in [0, 1]\n", &text, "no contact, text");
    /* Errors of the solver's checks keep the id and the line. */
    line_is("{\"id\":\"p\"," B1 "," B2 ",\"motion2\":[[1,0,0,0],[0,1,0,0],"
            "[0,0,1,0],[0,0,1,1]]}", BOXTOI_EPROJECTIVE, NULL, NULL,
            "projective motion");
    line_is("{\"id\":\"w\"," B1 "," B2 ",\"motion2\":[[1,0,0,0],[0,1,0,0],"
            "[0,0,1,0],[0,0,0,[1,-1]]],\"t_range\":[0,3]}", BOXTOI_EWEIGHT,
            NULL, NULL, "w(t) = 1 - t vanishes at 1");
    line_is("{\"id\":\"s\"," B1 "," B2 ",\"motion1\":[[0,0,0,0],[0,1,0,0],"
            "[0,0,1,0],[0,0,0,1]]}", BOXTOI_ESINGULAR, NULL, NULL,
            "singular motion");
    line_is("{\"id\":\"b\",\"box1\":{\"min\":[0,0,3],\"max\":[1,1,1]}," B2
            "}", BOXTOI_EBOX,
            "{\"id\":\"b\",\"line\":5,\"status\":\"error\",\"error\":{"
            "\"code\":\"invalid_box\",\"message\":\"box1.min[2] > "
            "box1.max[2] (3 > 1)\"}}\n", NULL, "invalid box");
    line_is("{\"id\":\"b\",", BOXTOI_EPARSE,
            "{\"line\":5,\"status\":\"error\",\"error\":{\"code\":"
            "\"invalid_json\",\"message\":\"not valid JSON: the line ends "
            "inside the object (this looks like part of a JSON value "
            "written over several lines: a query must be one line)\"}}\n",
            NULL, "truncated line, no id");
    line_is("{\"id\":\"b\",", BOXTOI_EPARSE,
            "line 5: error invalid_json: not valid JSON: the line ends "
            "inside the object (this looks like part of a JSON value "
            "written over several lines: a query must be one line)\n",
            &text, "truncated line, text");
}

int main(void)
{
    plan_lazy();
    test_lines();
    return 0;
}
