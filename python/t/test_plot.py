"""Tests of boxtoi.plot (python/boxtoi/plot.py), run by python/t/plot-t.sh.

No pixel is looked at.  The pictures are checked for their structure (the
SVG parses, and holds the named groups: 3 poses, 15 margin curves, the
contact marker, the caption with the exact answer), and the margin
formula the picture draws (boxtoi._margins) is checked EXACTLY against
the library's answer for every example query: evaluated with Fractions
and with polynomials whose absolute values are resolved by Sturm
sequences at the answer's algebraic t, some margin is < 0 at rationals
before t* and none is < 0 at t*; the library's own 30 plane polynomials
are the formula times one positive constant; the drawn curves have the
exact margins' signs at their sample points; the features the picture
highlights meet at t* exactly (a vertex, edge or face in the planes of
the other feature, or crossing edges' lines meeting); and a query with
an error gives a message, not a traceback.
"""

import glob
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.environ.get("top_srcdir", os.path.join(HERE, os.pardir, os.pardir))
BUILD = os.environ.get("top_builddir", SRC)
os.environ.setdefault("BOXTOI", os.path.join(BUILD, "cli", "boxtoi"))
sys.path.insert(0, os.path.join(SRC, "python"))

from boxtoi import _margins, _plot_draw, _plot_explain, plot  # noqa: E402
from exactpoly import AtRoot, Root, cross, dot, sgn  # noqa: E402

if not os.access(os.environ["BOXTOI"], os.X_OK):
    pytest.skip("%s is not built" % os.environ["BOXTOI"],
                allow_module_level=True)


def example_queries():
    out = []
    for path in sorted(glob.glob(os.path.join(SRC, "examples", "*.jsonl"))):
        with open(path) as f:
            for line in f:
                if not line.strip():
                    continue
                q = json.loads(line)
                if "box1" not in q:  # two-box queries only: scenes and
                    continue         # primitives are test_plot_kinds.py's
                if q.get("report") == "intervals":  # examples/gate: no t
                    continue
                out.append(pytest.param(path, line, id=q["id"]))
    return out


def query_lines(name):
    """The non-empty lines of examples/name."""
    with open(os.path.join(SRC, "examples", name)) as f:
        return [line for line in f if line.strip()]


EXAMPLES = example_queries()
_EXPLAINED = {}


def explained(line):
    if line not in _EXPLAINED:
        _EXPLAINED[line] = _plot_explain.explain(line)
    return _EXPLAINED[line]


def rel(ex, t):
    """The relative motion at the exact time t (a Fraction): of the
    interval of the motions' pieces that holds t."""
    pc = ex.piece(t)
    return pc.A, pc.b, pc.w


def piece_at(ex, root):
    """The interval's Explained that holds the root: its isolating
    interval is narrowed until one interval of the range holds it."""
    while True:
        pc = ex.piece(root.hi)
        if pc.span is None or root.lo >= pc.span[0][1]:
            return pc
        root.bisect()


# The picture's inputs, read from the command.

def test_every_example_is_drawn():
    """Keyframes and pieces included (examples/pick-and-place.jsonl)."""
    ids = {p.id for p in EXAMPLES}
    assert {json.loads(x)["id"] for x in query_lines("pick-and-place.jsonl")
            } <= ids


def test_parse_poly():
    pp = _plot_explain.parse_poly
    assert pp("-4905*t^2 + 1200") == [1200, 0, -4905]
    assert pp("327t^2 - 80") == [-80, 0, 327]
    assert pp("-t + 8") == [8, -1]
    assert pp("t^6 + 15*t^4 + 75*t^2 + 125") == [125, 0, 75, 0, 15, 0, 1]
    assert pp("-t^2") == [0, 0, -1]
    assert pp("0") == [] and pp("t") == [0, 1] and pp("-7") == [-7]


def test_explain_drop():
    """The drop example as read: its numbers converted by hand."""
    line = [p for p in EXAMPLES if p.id == "drop"][0].values[1]
    ex = explained(line)
    # box 1: [-1, -0.5, -0.05] to [1, 0.5, 0]
    assert ex.box[0] == ((-1, Fraction(-1, 2), Fraction(-1, 20)),
                         (1, Fraction(1, 2), 0))
    # motion2[2][3] = 1.2 - 4.905 t^2 = (240 - 981 t^2) / 200
    assert ex.motion[1][2] == [[], [], [200], [240, 0, -981]]
    assert ex.den == [1, 200]
    # contact at the root of 327 t^2 - 80 (z = 1.2 - 4.905 t^2 = 0),
    # the bottom face Z of the crate on the table's top face Z'
    assert ex.result["t"]["poly"] == ["-80", "0", "327"]
    c = ex.result["contact"]
    assert (c["box1"]["name"], c["box2"]["name"]) == ("Z'", "Z")


@pytest.mark.parametrize("path,line", EXAMPLES)
def test_formula_is_the_librarys_planes(path, line):
    """At every section's sample point, the library's 30 plane polynomials
    are L times R_d -+ n_d . D of boxtoi._margins, one L > 0 for all."""
    ex = explained(line)
    ratios = set()
    for s, sample in enumerate(ex.samples):
        mine = _margins.plane_values(rel(ex, sample), ex.box[0], ex.box[1],
                                     sample)
        for j, (_, _, poly) in ex.planes[s].items():
            lib = _margins.peval(poly, sample) if poly is not None else 0
            if mine[j] == 0 or poly is None:
                assert lib == 0, (s, j)
            else:
                ratios.add(lib / mine[j])
    assert len(ratios) == 1 and ratios.pop() > 0


@pytest.mark.parametrize("path,line", EXAMPLES)
def test_margins_cross_zero_at_the_answer(path, line):
    """Exactly: some margin < 0 at rationals in [t0, t*), none < 0 at t*,
    and the deciding direction's margin is 0 at t*; with no contact, some
    margin < 0 at rationals all over the range."""
    ex = explained(line)
    t0 = ex.sections[0][0][1]
    m = _margins.margins
    if not ex.contact:
        end = ex.sections[-1][1][1] or t0 + 10
        for k in range(65):
            t = t0 + (end - t0) * k / 64
            assert min(m(rel(ex, t), ex.box[0], ex.box[1], t)) < 0, t
        return
    root = Root(ex.result["t"])
    pc = piece_at(ex, root)
    at = m((pc.A, pc.b, pc.w), ex.box[0], ex.box[1], AtRoot.t(root))
    signs = [root.sign(x.p) for x in at]
    assert min(signs) >= 0, signs
    if ex.result["initial"]:
        assert root.lo == root.hi == t0
        return
    assert signs[ex.accepted[1] // 2] == 0
    while root.lo <= t0:
        root.bisect()
    before = [t0 + (root.lo - t0) * k / 16 for k in range(16)]
    before += [root.lo - (root.lo - t0) / 2 ** k for k in range(1, 12)]
    for t in before:
        assert min(m(rel(ex, t), ex.box[0], ex.box[1], t)) < 0, t


# The features the picture highlights, checked exactly at t*.

def corners(box, name):
    """The exact body corners of a feature (doc/format.md §4 names)."""
    fixed = _plot_draw.fixed_sides(name)
    free = [k for k in range(3) if k not in fixed]
    out = []
    for bits in range(2 ** len(free)):
        sides = dict(fixed)
        for n, k in enumerate(free):
            sides[k] = bits >> n & 1
        out.append([box[sides[k]][k] for k in range(3)])
    return out


def features_meet(ex):
    """The polynomials that vanish at t* when the reported features touch
    (box 2 in box 1's frame: p -> (A p + b) / w, algorithm.md §2): a
    vertex, edge or face lies in the planes of the other box's feature,
    or two crossing edges' lines meet."""
    root = Root(ex.result["t"])
    pc = piece_at(ex, root)
    T = AtRoot.t(root)
    A = [[_margins.peval(pc.A[i][j], T) for j in range(3)] for i in range(3)]
    b = [_margins.peval(pc.b[i], T) for i in range(3)]
    w = _margins.peval(pc.w, T)
    col = [[A[i][k] for i in range(3)] for k in range(3)]
    adj = [cross(col[(k + 1) % 3], col[(k + 2) % 3]) for k in range(3)]
    det = dot(col[0], adj[0])
    c = ex.result["contact"]
    names = [c["box1"]["name"], c["box2"]["name"]]
    f = [corners(ex.box[i], names[i]) for i in range(2)]
    fixed = [_plot_draw.fixed_sides(n) for n in names]
    out = []
    if len(f[0]) == 2 and len(f[1]) == 2:
        i = [k for k in range(3) if k not in fixed[0]][0]
        j = [k for k in range(3) if k not in fixed[1]][0]
        e = [1 if k == i else 0 for k in range(3)]
        n = cross(e, col[j])
        if any(root.sign(x.p) for x in n):  # the edges cross
            v, p = f[0][0], f[1][0]
            gap = [dot(A[k], p) + b[k] - w * v[k] for k in range(3)]
            return root, [dot(n, gap).p]
    if len(f[0]) <= len(f[1]):
        # box 1's corners v in box 2's frame: adj(A) (w v - b) / det A
        for v in f[0]:
            for k, sd in fixed[1].items():
                u = [w * v[m] - b[m] for m in range(3)]
                out.append(dot(adj[k], u) - det * ex.box[1][sd][k])
    else:
        for p in f[1]:
            for k, sd in fixed[0].items():
                out.append(dot(A[k], p) + b[k] - w * ex.box[0][sd][k])
    return root, [x.p if isinstance(x, AtRoot) else [x] for x in out]


def data_queries(name, ids=None):
    path = os.path.join(SRC, "t", "data", name)
    with open(path) as f:
        qs = [json.loads(line) for line in f if line.strip()]
    return [pytest.param(path, json.dumps(q), id=q["id"]) for q in qs
            if ids is None or q["id"] in ids]


# The regression case of features with w < 0, and the lines of the
# determinism mix whose motions have w1 or w2 < 0 (affine and rigid).
FEATURE_CASES = EXAMPLES + data_queries(
    "regress/002-negative-weight-features.jsonl") + data_queries(
    "determinism/mix.jsonl", ["mix-%d" % i for i in (17, 32, 47, 62, 67,
                                                     77)])


@pytest.mark.parametrize("path,line", FEATURE_CASES)
def test_features_touch_at_the_answer(path, line):
    """The reported features meet at t*, exactly (features_meet); the
    picture highlights them."""
    ex = explained(line)
    if not ex.contact or ex.result["contact"]["kind"] == "overlap":
        return
    root, polys = features_meet(ex)
    assert polys and all(root.sign(p) == 0 for p in polys)


# The pictures.

def svg_ids(path):
    root = ET.parse(path).getroot()
    return {e.get("id") for e in root.iter() if e.get("id")}, root


def drawn_margins_have_the_exact_signs(ex, fig, rel_at=None):
    """Every 10th point of every drawn curve has the sign of the exact
    margin at the same t (a double is a rational: Fraction(t) is exact),
    except at t* itself, where the exact margin is 0 and a float is not;
    the relative motion at t is rel_at(t), else the command's (rel)."""
    lines = {ln.get_gid(): ln for ax in fig.axes for ln in ax.get_lines()}
    tstar = float(ex.result["t"]["decimal"]) if ex.contact else None
    ts = lines["margin-0"].get_xdata()
    checked = 0
    for i in range(0, len(ts), 10):
        if ts[i] == tstar:
            continue
        t = Fraction(float(ts[i]))
        exact = _margins.margins(rel_at(t) if rel_at else rel(ex, t),
                                 ex.box[0], ex.box[1], t)
        for d in range(15):
            y = float(lines["margin-%d" % d].get_ydata()[i])
            if exact[d] != 0 and y == y:  # y is NaN where n_d = 0
                assert sgn(y) == sgn(exact[d]), (d, ts[i], y)
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("path,line", EXAMPLES)
def test_picture(path, line, tmp_path):
    """The drawn curves' signs (above), then the SVG's structure."""
    ex = explained(line)
    fig = plot.figure(ex)
    # examples/doubles.jsonl places its boxes one ulp from contact on
    # purpose: curves drawn in doubles cannot resolve that gap, so only
    # the exact tests above (features, crossing) apply to it
    if not path.endswith("doubles.jsonl"):
        drawn_margins_have_the_exact_signs(ex, fig)
    out = str(tmp_path / "q.svg")
    plot.save(fig, out)
    ids, root = svg_ids(out)
    middle = "contact" if ex.contact else "closest"
    for pose in ("start", middle, "end"):
        assert "pose-%s-box2-faces" % pose in ids
        assert "pose-%s-box2-edges" % pose in ids
    for d in range(15):
        assert "margin-%d" % d in ids
    assert {"margin-least", "path-box1", "path-box2", "caption",
            "section-0"} <= ids
    assert ("contact-point" in ids) == ex.contact
    assert ("contact-time" in ids) == ex.contact
    if ex.contact:
        assert {"feature-box1", "feature-box2", "contact-normal"} <= ids
    text = "".join(root.itertext())
    t = ex.result["t"] if ex.contact else None
    if t is not None and "rational" in t:
        assert "t* = %s exactly" % t["rational"] in text
    elif t is not None:
        assert "in [%s, %s]" % (t["lo"], t["hi"]) in text
        assert t["decimal"] in text
    else:
        assert "no contact" in text


def test_png(tmp_path):
    out = str(tmp_path / "q.png")
    plot.plot(os.path.join(SRC, "examples", "grazing.jsonl"), out,
              "cam-sqrt2", "2")
    with open(out, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"


def test_contact_point_of_parallel_edges():
    """touch: at t = 13/2 box 2's centre is at (3/2, 3/2, 0); its edge X-Y
    (x = y = 1, |z| <= 1/2) lies on box 1's edge X'-Y' (x = y = 1,
    |z| <= 1), so the contact is that segment, with middle (1, 1, 0)
    (every number here is exact in binary floating point)."""
    line = [p for p in EXAMPLES if p.id == "touch"][0].values[1]
    ex = explained(line)
    M = [_plot_draw.pose(ex.motion[i], 6.5) for i in range(2)]
    geo = _plot_draw.contact_geometry(ex, 6.5, M)
    assert sorted(map(tuple, geo["region"])) == [(1, 1, -0.5), (1, 1, 0.5)]
    assert tuple(geo["point"]) == (1, 1, 0)
    assert list(_plot_draw.feature_points(ex.box[0], "X'-Y'").tolist()) == \
        [[1, 1, -1], [1, 1, 1]]


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "boxtoi.plot"] + list(args),
                          capture_output=True, text=True,
                          env=dict(os.environ,
                                   PYTHONPATH=os.path.join(SRC, "python")))


def test_error_query_is_a_message(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "flat", "box1": {"min": [0, 0, 3], "max": '
                   '[1, 1, 1]}, "box2": {"min": [0, 0, 0], "max": '
                   '[1, 1, 1]}}\n')
    out = tmp_path / "o.svg"
    r = run_cli(str(bad), "-o", str(out))
    assert r.returncode == 1
    assert "invalid_box" in r.stderr and "box1.min[2] > box1.max[2]" \
        in r.stderr
    assert "Traceback" not in r.stderr and not out.exists()
    r = run_cli(str(bad), "--id", "nope", "-o", str(out))
    assert r.returncode == 2 and "no query with id nope" in r.stderr
    assert "Traceback" not in r.stderr
    r = run_cli(str(tmp_path / "missing.jsonl"), "-o", str(out))
    assert r.returncode == 2 and "cannot read" in r.stderr
    assert "Traceback" not in r.stderr


def test_query_kinds():
    kind = plot.query_kind
    assert kind('{"scene": []}') == "scene"
    assert kind('{"vertex_face": {}}') == "prim"
    assert kind('{"edge_edge": {}}') == "prim"
    assert kind('{"box1": {}}') == "boxes"
    # not a query of a known kind: the command gives the message
    assert kind('[1]') == "boxes" and kind('nonsense') == "boxes"
