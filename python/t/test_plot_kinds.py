"""Tests of the scene and primitive pictures of boxtoi.plot
(_plot_scene.py, _plot_prim.py), run by python/t/plot-t.sh.

No pixel is looked at.  Every scene and primitive query of examples/
(and the valid lines of t/data/prim/hand.jsonl) is drawn as SVG, which
must parse and hold the named groups.  The values drawn are checked
against exact values computed here by a different method: the
coplanarity polynomial as a 3x3 determinant (Leibniz), the inside
conditions as the solution of the 2x2 Gram system of the nearest point
(P's barycentric coordinates in the plane of ABC, or the parameters of
the closest points of the lines AB and CD), in Fractions; at the
library's t* the determinant is 0 and the coordinates are >= 0,
exactly.  The scene timeline puts each pair's first contact at the
time derived by hand in t/data/examples/README (cell.jsonl), inside
the range the broad phase gave the exact solver; an "intervals" result
(spec §5.3/§5.4), written here by hand, is drawn as bars.
"""

import glob
import json
import os
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from exactpoly import AtRoot, Root, dot, sgn  # noqa: E402
from test_plot import (SRC, run_cli,  # noqa: E402
                       drawn_margins_have_the_exact_signs, query_lines)

from boxtoi import _plot_prim, _plot_scene, plot  # noqa: E402


def queries(paths, want):
    out = []
    for path in paths:
        with open(path) as f:
            for line in f:
                if not line.strip():
                    continue
                q = json.loads(line)
                if plot.query_kind(line) == want and "bad" != q.get("id"):
                    out.append(pytest.param(line, id=str(q["id"])))
    return out


EXAMPLES = sorted(glob.glob(os.path.join(SRC, "examples", "*.jsonl")))
SCENES = queries(EXAMPLES, "scene")
PRIMS = queries(EXAMPLES + [os.path.join(SRC, "t", "data", "prim",
                                         "hand.jsonl")], "prim")
_CACHE = {}


def explained(line):
    if line not in _CACHE:
        _CACHE[line] = plot.explain(line)
    return _CACHE[line]


def svg(fig, tmp_path):
    out = str(tmp_path / "q.svg")
    plot.save(fig, out)
    root = ET.parse(out).getroot()
    return {e.get("id") for e in root.iter() if e.get("id")}, \
        "".join(root.itertext())


def test_examples_have_scenes_and_primitives():
    assert len(SCENES) >= 3 and len(PRIMS) >= 8


# Scenes.

@pytest.mark.parametrize("line", SCENES)
def test_scene_picture(line, tmp_path):
    sc = explained(line)
    fig = plot.figure(sc)
    ids, text = svg(fig, tmp_path)
    t, pairs, contacts = _plot_scene.first_contact(sc)
    middle = "contact" if t is not None else "middle"
    for i in range(len(sc.names)):
        for pose in ("start", middle, "end"):
            assert "pose-%s-body%d-faces" % (pose, i) in ids
            assert "pose-%s-body%d-edges" % (pose, i) in ids
    assert {"caption", "kept-0-0"} <= ids
    if t is not None:
        assert {"contact-time", "contact-point", "feature-box1",
                "feature-box2", "contact-0-0"} <= ids
        assert ("contact-normal" in ids) == ("normal" in contacts[0])
        assert (t.get("rational") or t["decimal"]) in text
        for a, b in pairs:
            assert "%s / %s" % (a, b) in text


HAND = {  # t/data/examples/README, cell.jsonl: every pair's first contact
    ("part", "gripper"): 3 ** 0.5, ("conveyor", "gripper"): 2.0,
    ("table", "part"): 3.0, ("fixture", "arm"): 3.5}


@pytest.mark.parametrize("line", SCENES)
def test_timeline_is_the_hand_answer(line):
    """Each pair with contact has its diamond at the first contact
    derived by hand (floats: the nearest doubles of the hand values),
    on a bar of a range the broad phase gave the exact solver."""
    sc = explained(line)
    fig = plot.figure(sc)
    ax = [a for a in fig.axes if a.get_title().startswith("Pairs")][0]
    labels = [x.get_text() for x in ax.get_yticklabels()][::-1]
    marks = {ln.get_gid(): ln for ln in ax.get_lines()}
    bars = {p.get_gid(): p for p in ax.patches}
    assert labels
    for i, label in enumerate(labels):
        pair = tuple(label.split(" / "))
        if "contact-%d-0" % i not in marks:
            continue
        x = float(marks["contact-%d-0" % i].get_xdata()[0])
        assert x == HAND[pair], (pair, x)
        spans = [(b.get_x(), b.get_x() + b.get_width())
                 for g, b in bars.items() if g.startswith("kept-%d-" % i)]
        assert any(lo <= x <= hi for lo, hi in spans), (pair, spans)
    # cell-first's pairs report: all four pairs of the hand answer
    if sc.result.get("id") == "cell-first":
        assert {tuple(x.split(" / ")) for x in labels} == set(HAND)


def time(poly, lo, hi, decimal):
    return {"poly": poly, "lo": lo, "hi": hi, "decimal": decimal}


def test_intervals_are_bars(tmp_path):
    """A result with report "intervals" (spec §5.4), written by hand:
    part/gripper from sqrt 3 to 2, conveyor/gripper for the instant 2,
    table/part from 3 to 4.  The first contact is sqrt 3 (compared
    exactly), the intervals are bars from "from" to "to", the instant a
    diamond."""
    line = [p.values[0] for p in SCENES if p.id == "cell-pairs"][0]
    sc = explained(line)
    sqrt3 = time(["-3", "0", "1"], "1", "2", "1.73205080756887729352744634151")
    two = time(["-2", "1"], "2", "2", "2")
    r = {"id": "cell-iv", "status": "contact", "contacts": [
        {"pair": ["conveyor", "gripper"], "intervals": [
            {"from": two, "to": two}]},
        {"pair": ["part", "gripper"], "intervals": [
            {"from": sqrt3, "to": two}]},
        {"pair": ["table", "part"], "intervals": [
            {"from": time(["-3", "1"], "3", "3", "3"),
             "to": time(["-4", "1"], "4", "4", "4")}]}]}
    sc2 = _plot_scene.Scene()
    sc2.__dict__.update(sc.__dict__)
    sc2.result = sc2.timeline = r
    t, pairs, contacts = _plot_scene.first_contact(sc2)
    assert t is sqrt3 and pairs == [("part", "gripper")] and \
        contacts == [None]
    fig = plot.figure(sc2)
    ax = [a for a in fig.axes if a.get_title().startswith("Pairs")][0]
    assert "contact intervals" in ax.get_title()
    labels = [x.get_text() for x in ax.get_yticklabels()][::-1]
    bars = {p.get_gid(): p for p in ax.patches}
    marks = {ln.get_gid(): ln for ln in ax.get_lines()}
    i = labels.index("part / gripper")
    b = bars["interval-%d-0" % i]
    assert (b.get_x(), b.get_x() + b.get_width()) == (3 ** 0.5, 2.0)
    i = labels.index("table / part")
    b = bars["interval-%d-0" % i]
    assert (b.get_x(), b.get_x() + b.get_width()) == (3.0, 4.0)
    i = labels.index("conveyor / gripper")
    assert float(marks["contact-%d-0" % i].get_xdata()[0]) == 2.0
    ids, text = svg(fig, tmp_path)
    assert "interval-0-0" in ids and "t* = the root of t^2 - 3" in text


# Primitives: exact values by another method.

def det3(r0, r1, r2):
    """The determinant of three rows (Leibniz)."""
    return (r0[0] * r1[1] * r2[2] + r0[1] * r1[2] * r2[0]
            + r0[2] * r1[0] * r2[1] - r0[2] * r1[1] * r2[0]
            - r0[0] * r1[2] * r2[1] - r0[1] * r1[0] * r2[2])


def sub(u, v):
    return [a - b for a, b in zip(u, v)]


def points(q, t):
    """The four points of the query at t (its own reading: the JSON
    numbers of hand.jsonl and examples/ are plain rationals)."""
    v = q.get("vertex_face") or q.get("edge_edge")
    return [[Fraction(a) + t * (Fraction(b) - Fraction(a))
             for a, b in zip(p0, p1)] for p0, p1 in zip(v["t0"], v["t1"])]


def gram_numerators(q, t):
    """(coplanarity det, [numerators], Gram det): the inside conditions
    as Cramer numerators of the 2x2 Gram system of the nearest point,
    over the Gram determinant (= |n|^2 > 0 when n != 0)."""
    X = points(q, t)
    if "vertex_face" in q:
        P, A, B, C = X
        e1, e2, r = sub(B, A), sub(C, A), sub(P, A)
        f = det3(e1, e2, r)
        # [e1.e1 e1.e2; e1.e2 e2.e2] [beta; gamma] = [r.e1; r.e2]
        a, b, c = dot(e1, e1), dot(e1, e2), dot(e2, e2)
        g = a * c - b * b
        beta, gamma = c * dot(r, e1) - b * dot(r, e2), \
            a * dot(r, e2) - b * dot(r, e1)
        return f, [gamma, g - beta - gamma, beta], g
    A, B, C, D = X
    d1, d2, r = sub(B, A), sub(D, C), sub(C, A)
    f = det3(d1, d2, r)
    # closest points A + s d1, C + u d2: [d1.d1 -d1.d2; d1.d2 -d2.d2]
    # [s; u] = [d1.r; d2.r]
    a, b, c = dot(d1, d1), dot(d1, d2), dot(d2, d2)
    g = a * c - b * b
    s = c * dot(d1, r) - b * dot(d2, r)
    u = b * dot(d1, r) - a * dot(d2, r)
    return f, [s, g - s, u, g - u], g


@pytest.mark.parametrize("line", PRIMS)
def test_prim_picture(line, tmp_path):
    pr = explained(line)
    fig = plot.figure(pr)
    ids, text = svg(fig, tmp_path)
    middle = "contact" if pr.contact else "middle"
    for pose in ("start", middle, "end"):
        assert {"pose-%s-body1" % pose, "pose-%s-body2" % pose} <= ids
    n = 3 if pr.what == "vertex_face" else 4
    assert {"coplanarity", "caption"} | {"inside-%d" % k
                                         for k in range(n)} <= ids
    assert {"path-%s" % x for x in pr.letters} <= ids
    assert ({"contact-point", "contact-time", "feature-body1",
             "feature-body2"} <= ids) == pr.contact
    if pr.contact:
        t = pr.result["t"]
        assert (t.get("rational") or t["decimal"]) in text
    else:
        assert "no contact" in text


@pytest.mark.parametrize("line", PRIMS)
def test_prim_curves_are_exact(line):
    """The drawn inside conditions are exactly (as the nearest doubles)
    the Gram solutions computed here; the drawn coplanarity curve has
    the sign of the Leibniz determinant, at every sample."""
    pr = explained(line)
    q = json.loads(line)
    fig = plot.figure(pr)
    ax = [a for a in fig.axes if a.get_title().startswith("Why")][0]
    drawn = {ln.get_gid(): ln.get_ydata() for ln in ax.get_lines()}
    tstar = Fraction(pr.result["t"]["decimal"]) if pr.contact else None
    t0, tend = _plot_prim._range(pr, None, tstar)
    ts = _plot_prim.sample_times(t0, tend)
    assert len(drawn["coplanarity"]) == len(ts)
    for k, t in enumerate(ts):
        f, nums, g = gram_numerators(q, t)
        assert sgn(float(drawn["coplanarity"][k])) == sgn(f), t
        for j, x in enumerate(nums):
            y = float(drawn["inside-%d" % j][k])
            if g == 0:
                assert y != y  # NaN
            else:
                assert y == float(x / g), (t, j)


@pytest.mark.parametrize("line", PRIMS)
def test_prim_answer_is_coplanar_and_inside(line):
    """At the library's t*, exactly: the determinant is 0 and, where the
    Gram determinant is > 0, every coordinate is >= 0."""
    pr = explained(line)
    if not pr.contact:
        return
    q = json.loads(line)
    root = Root(pr.result["t"])
    f, nums, g = gram_numerators(q, AtRoot.t(root))
    assert root.sign(f.p) == 0
    if root.sign(g.p) > 0:
        assert all(root.sign(x.p) >= 0 for x in nums)


# Errors.

def test_errors_are_messages(tmp_path):
    hand = os.path.join(SRC, "t", "data", "prim", "hand.jsonl")
    out = tmp_path / "o.svg"
    r = run_cli(hand, "--id", "bad", "-o", str(out))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "invalid_shape" in r.stderr and "vertex_face.t0[0]" in r.stderr
    bad = tmp_path / "scene.jsonl"
    bad.write_text('{"id": "s", "scene": [{"name": "a", "box": {"min": '
                   '[0, 0, 0], "max": [1, 1, 1]}}, {"name": "a", "box": '
                   '{"min": [0, 0, 0], "max": [1, 1, 1]}}]}\n')
    r = run_cli(str(bad), "-o", str(out))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "the query has an error" in r.stderr and not out.exists()


def test_keyframes_are_drawn(tmp_path):
    """A motion in keyframes is drawn interval by interval (doc/plot.md
    §2); test_plot.py checks the curves' signs of every example.  By
    hand from examples/pick-and-place.jsonl: pick-place's box 2 (z in
    [-1/4, 1/4]) is set down at z = 3/4 at the last keyframe, t = 4, on
    box 1's top z = 1/2, so t* = 4 exactly, in the interval [3, 4]
    (pieces [0, 1], [1, 3], [3, 4], [4, 5]): the picture ends at 4."""
    out = tmp_path / "o.svg"
    r = run_cli(os.path.join(SRC, "examples", "pick-and-place.jsonl"),
                "--id", "pick-place", "-o", str(out))
    assert r.returncode == 0, r.stderr
    root = ET.parse(str(out)).getroot()
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    for pose in ("start", "contact", "end"):
        assert "pose-%s-box2-faces" % pose in ids
    assert all("margin-%d" % d in ids for d in range(15))
    assert {"contact-point", "contact-time", "section-2"} <= ids
    text = "".join(root.itertext())
    assert "t* = 4 exactly" in text
    assert "drawn up to 4, the end of the interval" in text


def keyframe_rel(motion, t):
    """The relative motion (A, b, w) at the exact t of box 2 under the
    keyframes motion (box 1 at rest), as constant polynomials, evaluated
    from the JSON by doc/format.md §3.2.2 and §3.2.1, independently of
    the library: s = (t - t_i) / (t_i+1 - t_i), translation and
    quaternion linear in s (the short way), R = S(q) / |q|^2 and
    world(p) = T + R (p - P), so A = S, b = |q|^2 T - S P, w = |q|^2."""
    kf = motion["keyframes"]
    P = [Fraction(str(x)) for x in motion.get("pivot", [0, 0, 0])]

    def get(k, key, default):
        return [Fraction(str(x)) for x in kf[k].get(key, default)]
    times = [Fraction(str(k["t"])) for k in kf]
    i = 0
    while i + 2 < len(kf) and t > times[i + 1]:
        i += 1
    s = min(max((t - times[i]) / (times[i + 1] - times[i]), 0), 1)
    q0, q1 = (get(k, "rotation", [1, 0, 0, 0]) for k in (i, i + 1))
    if sum(a * b for a, b in zip(q0, q1)) < 0:
        q1 = [-x for x in q1]
    q = [(1 - s) * a + s * b for a, b in zip(q0, q1)]
    T = [(1 - s) * a + s * b for a, b in zip(get(i, "translation", [0] * 3),
                                             get(i + 1, "translation",
                                                 [0] * 3))]
    qw, v = q[0], q[1:]
    w = qw * qw + sum(x * x for x in v)
    cross = [[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]]
    S = [[(qw * qw - sum(x * x for x in v)) * (j == k) + 2 * v[j] * v[k]
          + 2 * qw * cross[j][k] for k in range(3)] for j in range(3)]
    b = [w * T[j] - sum(S[j][k] * P[k] for k in range(3)) for j in range(3)]
    return ([[[x] for x in row] for row in S], [[x] for x in b], [w])


@pytest.mark.parametrize("line", [
    pytest.param(x, id=json.loads(x)["id"])
    for x in query_lines("pick-and-place.jsonl")])
def test_keyframes_margins_are_exact(line):
    """The drawn margins of a keyframes query have, at every 10th drawn t
    (a double, so an exact rational), the signs of the margins of the
    motion evaluated from the JSON itself (keyframe_rel), on both sides
    of every break."""
    q = json.loads(line)
    assert "motion1" not in q  # box 1 at rest: its frame is the world's
    ex = plot.explain(line)
    assert len(ex.pieces) > 1
    box = [tuple(tuple(Fraction(str(x)) for x in q["box%d" % i][k])
                 for k in ("min", "max")) for i in (1, 2)]
    assert box == ex.box
    drawn_margins_have_the_exact_signs(
        ex, plot.figure(ex), lambda t: keyframe_rel(q["motion2"], t))


def test_two_box_intervals_are_shaded(tmp_path):
    """A two-box "intervals" result (spec §5.3), written by hand over the
    drop example (range [0, 2]): contact from t* = sqrt(80/327) to 1 and
    the instant 3/2 are a red span and a red line on the margins."""
    path = os.path.join(SRC, "examples", "drop.jsonl")
    with open(path) as f:
        line = [x for x in f if '"id": "drop",' in x][0]
    ex = plot.explain(line)
    assert ex.intervals is None
    t = ex.result["t"]
    ex.intervals = [{"from": t, "to": time(["-1", "1"], "1", "1", "1")},
                    {"from": time(["-3", "2"], "3/2", "3/2", "1.5"),
                     "to": time(["-3", "2"], "3/2", "3/2", "1.5")}]
    fig = plot.figure(ex)
    ax = [a for a in fig.axes if a.get_title().startswith("Why")][0]
    spans = {p.get_gid(): p for p in ax.patches}
    xs = [x for x, _ in spans["interval-0"].get_xy()]
    assert (min(xs), max(xs)) == (float(t["decimal"]), 1.0)
    lines = {ln.get_gid(): ln for ln in ax.get_lines()}
    assert list(lines["interval-1"].get_xdata()) == [1.5, 1.5]
    ids, text = svg(fig, tmp_path)
    assert {"interval-0", "interval-1"} <= ids
    assert "contact intervals (red): [0.49461936" in text


def test_resent_numbers_are_exact():
    """A query re-sent to the command (a body, a point) keeps its
    numbers: a decimal literal as its text, a binary64 one as the same
    double."""
    from boxtoi import _plot_explain
    q = _plot_explain.load_exact('{"a": [0.10000000000000000001, 7, '
                                 '"1/3", 1e400]}')
    assert json.dumps(q) == '{"a": ["0.10000000000000000001", 7, "1/3", ' \
        '"1e400"]}'
    q = _plot_explain.load_exact('{"numbers": "binary64", "a": [0.1, '
                                 '0.10000000000000000001]}')
    assert json.loads(json.dumps(q))["a"] == [0.1, 0.1]
    assert Fraction(q["a"][1]) == Fraction(3602879701896397,
                                           36028797018963968)


# By hand (t/data/examples/README): rise n = e_z, P - A = (., ., 2 - 4t);
# flap 3f = 4 - 3t - 4t^2; cross f = 6t - 4; pass-by n = (0, 0, 4),
# (C - A)_z = 1 - 2t.
HAND_F = {"rise": "-4t + 2", "flap": "(-4t^2 - 3t + 4)/3",
          "cross": "6t - 4", "pass-by": "-8t + 4"}


@pytest.mark.parametrize("line", PRIMS)
def test_coplanarity_polynomial(line, tmp_path):
    """The caption's f: by hand for examples/primitives.jsonl, and equal
    to the Leibniz determinant at rationals away from the interpolation
    points 0, 1, 2, 3 for every query."""
    from boxtoi._margins import peval
    pr = explained(line)
    q = json.loads(line)
    f = _plot_prim.coplanarity(pr)
    for t in (Fraction(-7, 3), Fraction(1, 7), Fraction(11, 2)):
        assert peval(f, t) == gram_numerators(q, t)[0]
    ids, text = svg(plot.figure(pr), tmp_path)
    want = HAND_F.get(q["id"], _plot_prim.coplanarity_text(pr))
    assert "coplanarity f(t) = %s" % want in text
