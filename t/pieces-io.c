/* t/pieces-io.c: every key and error code of the motion objects
   through JSON (lib/io/motion.c), run by t/pieces-t: each case gives
   the code and a message that names the entry. */
#include <string.h>
#include "tap.h"

void test_errors(void);
/* The answer line of a query whose box 2 is [0,1]^3 and whose motion2
   is m (JSON), range r (t/pieces-t.c). */
const char *answer(boxtoi_strbuf *out, const char *m, const char *r);

/* Every new key and error code through JSON: motion2, range, code, a
   piece of the message that names the entry. */
void test_errors(void)
{
    static const struct {
        const char *m, *r, *code, *where;
    } cases[] = {
        {"{\"keyframes\":[{\"t\":0}]}", "[0,1]", "invalid_motion",
         "motion2.keyframes: at least two keyframes are needed, found 1"},
        {"{\"keyframes\":[{\"t\":0},{\"t\":2},{\"t\":1}]}", "[0,1]",
         "invalid_motion", "motion2.keyframes[2].t: the times must increase"},
        {"{\"keyframes\":[{\"t\":0},{\"translation\":[1,0,0]}]}", "[0,1]",
         "missing_key", "motion2.keyframes[1]: missing key \\\"t\\\""},
        {"{\"keyframes\":[{\"t\":0,\"pivot\":[0,0,0]},{\"t\":1}]}", "[0,1]",
         "invalid_shape", "motion2.keyframes[0]: unknown key"},
        {"{\"keyframes\":[{\"t\":0},{\"t\":1,\"rotation\":[0,0,0,0]}]}",
         "[0,1]", "degenerate_weight", "motion2.keyframes[1].rotation"},
        {"{\"keyframes\":[{\"t\":0,\"rotation\":[1,0,0]},{\"t\":1}]}",
         "[0,1]", "invalid_shape",
         "motion2.keyframes[0].rotation: expected an array of 4 numbers"},
        {"{\"keyframes\":{\"t\":0}}", "[0,1]", "invalid_shape",
         "motion2.keyframes: expected an array"},
        {"{\"keyframes\":[{\"t\":0},{\"t\":\"1/0\"}]}", "[0,1]",
         "invalid_number", "motion2.keyframes[1].t"},
        {"{\"keyframes\":[{\"t\":0},{\"t\":1}],\"pivot\":[0,0]}", "[0,1]",
         "invalid_shape", "motion2.pivot: expected an array of 3 numbers"},
        {"{\"breaks\":[2,1],\"pieces\":[[[1,0,0,0],[0,1,0,0],[0,0,1,0],"
         "[0,0,0,1]],{},{}]}", "[0,1]", "invalid_motion",
         "motion2.breaks[1]: the breaks must increase strictly (1 after 2)"},
        {"{\"breaks\":[1,2],\"pieces\":[{},{}]}", "[0,1]", "invalid_motion",
         "motion2.pieces: 2 breaks need 3 pieces, found 2"},
        {"{\"pieces\":[{}]}", "[0,1]", "missing_key",
         "motion2: missing key \\\"breaks\\\""},
        {"{\"breaks\":[]}", "[0,1]", "missing_key",
         "motion2: missing key \\\"pieces\\\""},
        {"{\"breaks\":1,\"pieces\":[{}]}", "[0,1]", "invalid_shape",
         "motion2.breaks: expected an array"},
        {"{\"breaks\":[\"x\"],\"pieces\":[{},{}]}", "[0,1]",
         "invalid_number", "motion2.breaks[0]"},
        {"{\"breaks\":[1],\"pieces\":[{\"translation\":[5,0,0]},"
         "{\"translation\":[[6,-1],0,\"1e-30\"]}]}", "[0,1]",
         "discontinuous_motion",
         "motion2.breaks[0] (t = 1): pieces[0] and pieces[1] do not meet "
         "there: entry [2][3] of the pose (divided by w) jumps by "
         "1/1000000000000000000000000000000"},
        {"{\"breaks\":[1],\"local\":true,\"pieces\":[{\"translation\":"
         "[5,0,0]},{\"translation\":[[6,-1],0,0]}]}", "[0,1]",
         "discontinuous_motion", "entry [0][3] of the pose (divided by w) "
         "jumps by 1"},
        {"{\"breaks\":[1],\"local\":1,\"pieces\":[{},{}]}", "[0,1]",
         "invalid_shape", "motion2.local: expected true or false"},
        {"{\"breaks\":[1],\"pieces\":[{},{\"keyframes\":[]}]}", "[0,1]",
         "invalid_shape", "motion2.pieces[1]: a piece must be a matrix or "
         "a rigid motion"},
        {"{\"breaks\":[1],\"pieces\":[{},[[1,0,0,\"a\"],[0,1,0,0],[0,0,1,0],"
         "[0,0,0,1]]]}", "[0,1]", "invalid_number", "motion2.pieces[1][0][3]"},
        {"{\"breaks\":[1],\"pieces\":[{},[[1,0,0,0],[0,1,0,0],[0,0,1,0],"
         "[0,0,0,[-2,1]]]]}", "[0,5]", "discontinuous_motion",
         "motion2.breaks[0] (t = 1): pieces[0] and pieces[1] do not meet"},
        {"{\"breaks\":[1],\"pieces\":[{},[[[-3,1],0,0,0],[0,[-3,1],0,0],"
         "[0,0,[-3,1],0],[0,0,0,[-3,1]]]]}", "[0,5]", "degenerate_weight",
         "motion2.pieces[1][3][3]: w(t) vanishes in the range"},
        {"{\"matrix\":[[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]],"
         "\"rigid\":\"yes\"}", "[0,1]", "invalid_shape",
         "motion2.rigid: expected true or false"},
        {"{\"rigid\":true}", "[0,1]", "missing_key",
         "motion2: missing key \\\"matrix\\\""},
        {"{\"matrix\":[[1,[0,-1],0,0],[[0,1],1,0,0],[0,0,1,0],[0,0,0,1]],"
         "\"rigid\":true}", "[0,1]", "not_rigid",
         "motion2.matrix: row 0 of the 3x3 block"},
        {"{\"matrix\":[[[1,0,-1],[0,-2],0,0],[[0,2],[1,0,-1],0,0],"
         "[0,0,1,0],[0,0,0,[1,0,1]]],\"rigid\":true}", "[0,1]", "not_rigid",
         "motion2.matrix: row 2 of the 3x3 block"},
        {"{\"matrix\":[[1,1,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]],"
         "\"rigid\":true,\"local\":true}", "[0,1]", "invalid_shape",
         "motion2: unknown key \\\"local\\\""},
        {"{\"rotation\":[[1,-1],0,0,0]}", "[0,2]", "degenerate_weight",
         "motion2.rotation: the quaternion q(t) vanishes in the range"},
        {"{\"rotation\":[0,0,0,0]}", "[0,2]", "degenerate_weight",
         "motion2.rotation: the quaternion q(t) is identically zero"},
        {"{\"rotation\":[1,0,0]}", "[0,1]", "invalid_shape",
         "motion2.rotation: expected an array of 4 polynomials"},
        {"{\"rotation\":[1,0,0,[0,\"1/0\"]]}", "[0,1]", "invalid_number",
         "motion2.rotation[3][1]"},
        {"{\"rotation\":[1,0,0,[]]}", "[0,1]", "invalid_shape",
         "motion2.rotation[3]: empty polynomial"},
        {"{\"pivot\":[0,0,\"z\"]}", "[0,1]", "invalid_number",
         "motion2.pivot[2]"},
        {"{\"translation\":[[0,\"q\"],0,0]}", "[0,1]", "invalid_number",
         "motion2.translation[0][1]"},
        {"{\"translation\":[0,0,true]}", "[0,1]", "invalid_number",
         "motion2.translation[2]"},
        {"{\"rotation\":[1,0,0,[0,0,0,0,0,0,0,0,0,0,0,0,1]],"
         "\"translation\":[[0,1],0,0]}", "[0,1]", "limit_exceeded",
         "motion2: the motion's matrix has degree 25 (2 deg rotation + "
         "deg translation), beyond the limit 24"},
        {"{\"rows\":4}", "[0,1]", "invalid_shape",
         "motion2: unknown key \\\"rows\\\""},
        {"\"identity\"", "[0,1]", "invalid_shape",
         "motion2: expected a 4x4 matrix or a motion object"},
    };
    boxtoi_strbuf out;
    size_t i;
    char want[96];

    boxtoi_strbuf_init(&out);
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *a = answer(&out, cases[i].m, cases[i].r);
        snprintf(want, sizeof want, "\"code\":\"%s\"", cases[i].code);
        ok(strstr(a, want) != NULL && strstr(a, cases[i].where) != NULL,
           "%s: %s", cases[i].code, a);
    }
    /* the limits come before validity, also for a piece: x = (t - 1)
       / 10^1300 after t = 1 (4319 bits) */
    {
        static char m[4096];
        size_t len = (size_t)snprintf(m, sizeof m, "{\"breaks\":[1],"
                                      "\"pieces\":[{},{\"translation\":"
                                      "[[\"-1/1");
        memset(m + len, '0', 1300);
        len += 1300;
        snprintf(m + len, sizeof m - len, "\",\"1/1");
        len += strlen(m + len);
        memset(m + len, '0', 1300);
        len += 1300;
        snprintf(m + len, sizeof m - len, "\"],0,0]}]}");
        ok(strstr(answer(&out, m, "[0,2]"), "\"limit_exceeded\"") != NULL,
           "a piece beyond the bit limit: limit_exceeded");
    }
    /* valid: a rotation that vanishes only outside the range; a matrix
       marked not rigid; an empty rigid object (the identity) */
    ok(strstr(answer(&out, "{\"rotation\":[[1,-1],0,0,0]}", "[2,3]"),
              "\"status\":\"contact\"") != NULL,
       "q vanishing at t = 1 is fine on [2, 3]");
    ok(strstr(answer(&out, "{\"matrix\":[[2,0,0,0],[0,1,0,0],[0,0,1,0],"
                           "[0,0,0,1]],\"rigid\":false}", "[0,1]"),
              "\"status\":\"contact\"") != NULL,
       "rigid: false accepts a stretch");
    ok(strstr(answer(&out, "{}", "[0,1]"), "\"initial\":true") != NULL,
       "{} is the identity");
    boxtoi_strbuf_clear(&out);
}

