/* lib/io/sceneread.c: reading a scene line (doc/format.md, "Scenes";
   spec §4.1): the lexical test that sends a line here, the bodies, the
   pairs to ignore, the range and the report.  Each body's box and
   motion go through the readers of two-box queries (io_read_box,
   io_read_body_motion), so every motion form they read works in scenes,
   with the same messages, at paths like "scene[3].motion"; the id, the
   keys and the range go through the steps shared with lib/io/prim.c.
   Solving and writing are in lib/io/scene.c. */
#include <stdlib.h>
#include <string.h>
#include <json.h>
#include "lib/util/impl.h"
#include "boxtoi/scene.h"
#include "lib/io/impl.h"
#include "lib/io/json.h"

static const char *const scene_keys[] = {"id", "scene", "ignore",
                                         "t_range", "report"};
static const char *const body_keys[] = {"name", "box", "motion"};

static int is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int io_is_scene(const char *s, size_t len)
{
    size_t i = 0, start, j;
    int depth = 0;

    /* the test below only holds where the bytes "scene" (with the
       quotes) occur: most lines are told apart by one memchr for 'c' */
    if (!io_has_text(s, len, "\"scene\"", 3))
        return 0;
    while (i < len) {
        if (s[i] == '"') {
            start = ++i;
            while (i < len && s[i] != '"')
                i += s[i] == '\\' ? 2 : 1;
            if (i >= len)
                return 0;
            j = ++i;
            while (j < len && is_ws(s[j]))
                j++;
            if (depth == 1 && i - 1 - start == 5
                && memcmp(s + start, "scene", 5) == 0 && j < len
                && s[j] == ':')
                return 1;
            continue;
        }
        if (s[i] == '{' || s[i] == '[')
            depth++;
        else if (s[i] == '}' || s[i] == ']')
            depth--;
        i++;
    }
    return 0;
}

/* Body k of the scene, the object v. */
static int read_body(boxtoi_scene_t s, const io_jv *v, size_t k,
                     boxtoi_box_t box, boxtoi_motion_t m,
                     boxtoi_pmotion_t pm, const boxtoi_io_options *opts,
                     boxtoi_errinfo *err)
{
    char path[64], sub[80], buf[48];
    const io_jv *x;
    int rc;

    snprintf(path, sizeof path, "scene[%lu]", (unsigned long)k);
    if (!io_jis(v, IO_JOBJECT))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "%s: expected an object {\"name\": ..., "
                                  "\"box\": ..., \"motion\": ...}, found %s",
                                  path, io_found(v, buf, sizeof buf));
    rc = io_check_keys(v, path, body_keys, 3, opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    if (!io_jget(v, "name", &x))
        return boxtoi_errinfo_set(err, BOXTOI_EMISSING,
                                  "%s: missing key \"name\"", path);
    if (!io_jis(x, IO_JSTRING))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "%s.name: expected a string, found %s",
                                  path, io_found(x, buf, sizeof buf));
    if (!io_jget(v, "box", &x))
        return boxtoi_errinfo_set(err, BOXTOI_EMISSING,
                                  "%s: missing key \"box\"", path);
    snprintf(sub, sizeof sub, "%s.box", path);
    rc = io_read_box(box, x, sub, opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    boxtoi_motion_set_identity(m);
    boxtoi_pmotion_empty(pm);
    snprintf(sub, sizeof sub, "%s.motion", path);
    if (io_jget(v, "motion", &x))
        rc = io_read_body_motion(m, pm, x, sub, opts, err);
    if (rc != BOXTOI_OK)
        return rc;
    io_jget(v, "name", &x);
    if (strlen(io_jstr(x))
        != (size_t)io_jstrlen(x))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "%s.name: a name must not contain "
                                  "\\u0000", path);
    if (pm->n > 0)
        return boxtoi_scene_add_body_pieces(s, io_jstr(x),
                                            box, pm, err);
    return boxtoi_scene_add_body(s, io_jstr(x), box, m, err);
}

static int read_bodies(boxtoi_scene_t s, const io_jv *v,
                       const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    boxtoi_box_t box;
    boxtoi_motion_t m;
    boxtoi_pmotion_t pm;
    char buf[48];
    size_t k, n;
    int rc = BOXTOI_OK;

    if (!io_jis(v, IO_JARRAY))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "scene: expected an array of bodies, "
                                  "found %s", io_found(v, buf, sizeof buf));
    n = io_jlen(v);
    boxtoi_box_init(box);
    boxtoi_motion_init(m);
    boxtoi_pmotion_init(pm);
    for (k = 0; k < n && rc == BOXTOI_OK; k++)
        rc = read_body(s, io_jat(v, k), k, box, m, pm,
                       opts, err);
    boxtoi_pmotion_clear(pm);
    boxtoi_motion_clear(m);
    boxtoi_box_clear(box);
    return rc;
}

static int read_ignore(boxtoi_scene_t s, const io_jv *v,
                       boxtoi_errinfo *err)
{
    char buf[48];
    size_t k, n;
    int rc = BOXTOI_OK;

    if (!io_jis(v, IO_JARRAY))
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "ignore: expected an array of pairs of "
                                  "names, found %s",
                                  io_found(v, buf, sizeof buf));
    n = io_jlen(v);
    for (k = 0; k < n && rc == BOXTOI_OK; k++) {
        const io_jv *p = io_jat(v, k), *a, *b;
        if (!io_jis(p, IO_JARRAY)
            || io_jlen(p) != 2
            || !io_jis(a = io_jat(p, 0),
                                    IO_JSTRING)
            || !io_jis(b = io_jat(p, 1),
                                    IO_JSTRING))
            return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                      "ignore[%lu]: expected a pair of "
                                      "names [\"a\", \"b\"], found %s",
                                      (unsigned long)k,
                                      io_found(p, buf, sizeof buf));
        rc = boxtoi_scene_ignore(s, io_jstr(a),
                                 io_jstr(b), err);
    }
    return rc;
}

static int read_report(int *report, const io_jv *v, boxtoi_errinfo *err)
{
    const char *r = io_jstr(v);
    if (io_jis(v, IO_JSTRING) && strcmp(r, "first") == 0)
        *report = IO_REPORT_FIRST;
    else if (io_jis(v, IO_JSTRING)
             && strcmp(r, "pairs") == 0)
        *report = IO_REPORT_PAIRS;
    else if (io_jis(v, IO_JSTRING)
             && strcmp(r, "intervals") == 0)
        *report = IO_REPORT_INTERVALS;
    else
        return boxtoi_errinfo_set(err, BOXTOI_ESHAPE,
                                  "report: expected \"first\", \"pairs\" "
                                  "or \"intervals\"");
    return BOXTOI_OK;
}

int io_read_scene_line(boxtoi_scene_t s, int *report, boxtoi_strbuf *id,
                       const char *line, size_t len,
                       const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    const io_jv *root, *v = NULL;
    io_jdoc doc;
    mpq_t t0, t1;
    int rc, inf;

    io_jdoc_init(&doc);
    rc = io_parse_object(&doc, id, line, len, opts, err);
    root = doc.root;
    if (rc == BOXTOI_OK)
        rc = io_check_keys(root, "", scene_keys, 5, opts, err);
    if (rc == BOXTOI_OK && io_jget(root, "t_range", &v)) {
        mpq_init(t0);
        mpq_init(t1);
        rc = io_read_prim_range(t0, t1, &inf, v, opts, err);
        if (rc == BOXTOI_OK)
            rc = boxtoi_scene_set_range(s, t0, inf ? NULL : t1, err);
        mpq_clear(t0);
        mpq_clear(t1);
    }
    *report = IO_REPORT_FIRST;
    if (rc == BOXTOI_OK && io_jget(root, "report", &v))
        rc = read_report(report, v, err);
    if (rc == BOXTOI_OK && !io_jget(root, "scene", &v))
        rc = boxtoi_errinfo_set(err, BOXTOI_EMISSING,
                                "missing key \"scene\"");
    if (rc == BOXTOI_OK)
        rc = read_bodies(s, v, opts, err);
    if (rc == BOXTOI_OK && io_jget(root, "ignore", &v))
        rc = read_ignore(s, v, err);
    io_jdoc_clear(&doc);
    return rc;
}

int boxtoi_io_read_scene(boxtoi_scene_t s, int *report, boxtoi_strbuf *id,
                         const char *line, size_t len,
                         const boxtoi_io_options *opts, boxtoi_errinfo *err)
{
    boxtoi_io_options def;
    boxtoi_strbuf own;
    int rc, r = IO_REPORT_FIRST;

    opts = io_options_or_default(opts, &def);
    boxtoi_strbuf_init(&own);
    rc = io_read_scene_line(s, &r, id != NULL ? id : &own, line, len, opts, err);
    boxtoi_strbuf_clear(&own);
    *report = r == IO_REPORT_PAIRS ? BOXTOI_SCENE_PAIRS : BOXTOI_SCENE_FIRST;
    return rc;
}
