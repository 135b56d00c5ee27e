"""The picture of a vertex_face or edge_edge query (doc/plot.md §5): the
point and triangle, or the two segments, at t0, at the contact time t*
and at the end of the range, the straight paths of their vertices, the
contact point; and why: the coplanarity polynomial and the inside
conditions over t.

Every vertex moves linearly, X(t) = X0 + t (X1 - X0) (doc/format.md
§8), so at each t the four points decide contact:

- vertex_face (P against triangle ABC), n = (B - A) x (C - A):
  coplanarity f = n . (P - A) (degree 3), inside conditions
  ((B - A) x (P - A)) . n, ((C - B) x (P - B)) . n, ((A - C) x (P - C)) . n
  (degree 4: the barycentric coordinates of P times |n|^2);
- edge_edge (segment AB against CD), n = (B - A) x (D - C):
  f = n . (C - A), and with s = ((C - A) x (D - C)) . n and
  u = ((C - A) x (B - A)) . n the conditions s >= 0, |n|^2 - s >= 0,
  u >= 0, |n|^2 - u >= 0 (where the lines meet, A + s/|n|^2 (B - A) =
  C + u/|n|^2 (D - C)).

Where n != 0, the two touch at t exactly when f(t) = 0 and every inside
condition is >= 0; degenerate motions (n = 0: a collapsed triangle,
parallel segments) are decided by the library's other cases
(doc/algorithm.md §9) and only drawn here.  The curves are computed
EXACTLY (fractions.Fraction) at rational sample times and converted to
floats to be drawn: f divided by its largest magnitude on the samples,
each inside condition divided by |n|^2 (which keeps its sign: P's
barycentric coordinates, or s, 1 - s, u, 1 - u over |n|^2, the positions
of the lines' meeting point along AB and CD).
The points are the library's: it reads each vertex as a flat box of a
two-box query (_plot_explain.read_boxes).
"""

import json
from fractions import Fraction

import numpy as np

from . import _plot_draw, _plot_explain
from ._plot_explain import PlotError

NSAMPLES = 241
BODY_COLOURS = ("#3b6fb6", "#e07b1a")


class Prim:
    """A vertex_face or edge_edge query and what the command said.

    what      "vertex_face" or "edge_edge"; letters "PABC" or "ABCD"
    result    the result (dict)
    p0, p1    the four points at t = 0 and t = 1 (tuples of Fractions)
    t0, t1    the range (Fractions; t1 None for inf)
    """

    kind = "prim"

    def at(self, i, t):
        """Vertex i at t (Fractions give it exactly)."""
        return tuple(a + t * (b - a) for a, b in zip(self.p0[i], self.p1[i]))

    @property
    def contact(self):
        return self.result.get("status") == "contact"


def gather(line, command=None):
    """Runs the command on the query line; returns a Prim."""
    blocks = _plot_explain.run([line], command)
    pr = Prim()
    pr.result = json.loads(blocks[0].splitlines()[0])
    if pr.result.get("status") == "error":
        raise _plot_explain.refused(pr.result)
    q = _plot_explain.load_exact(line)
    pr.what = "vertex_face" if "vertex_face" in q else "edge_edge"
    pr.letters = "PABC" if pr.what == "vertex_face" else "ABCD"
    v = q[pr.what]
    extra = {k: q[k] for k in ("t_range", "numbers") if k in q}
    items = [({"min": p, "max": p}, None) for p in v["t0"] + v["t1"]]
    read, (pr.t0, pr.t1) = _plot_explain.read_boxes(
        _plot_explain.run(_plot_explain.as_box_queries(items, extra),
                          command), 8)
    pts = [tuple(box[0]) for box, _, _ in read]
    pr.p0, pr.p1 = pts[:4], pts[4:]
    return pr


def _sub(u, v):
    return [a - b for a, b in zip(u, v)]


def _cross(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0]]


def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def curve_names(pr):
    """The labels of the curves of why(), in order."""
    if pr.what == "vertex_face":
        return ["coplanarity f = n . (P - A), scaled",
                "weight of C (P inside AB's side)",
                "weight of A (P inside BC's side)",
                "weight of B (P inside CA's side)"]
    return ["coplanarity f = n . (C - A), scaled",
            "s: from A along AB (>= 0)", "1 - s (<= 1: not past B)",
            "u: from C along CD (>= 0)", "1 - u (<= 1: not past D)"]


def why(pr, t):
    """(f, [inside conditions], |n|^2) at t (the module's docstring);
    exact for a Fraction t."""
    X = [pr.at(i, t) for i in range(4)]
    if pr.what == "vertex_face":
        P, A, B, C = X
        n = _cross(_sub(B, A), _sub(C, A))
        return (_dot(n, _sub(P, A)),
                [_dot(_cross(_sub(B, A), _sub(P, A)), n),
                 _dot(_cross(_sub(C, B), _sub(P, B)), n),
                 _dot(_cross(_sub(A, C), _sub(P, C)), n)], _dot(n, n))
    A, B, C, D = X
    n = _cross(_sub(B, A), _sub(D, C))
    nn = _dot(n, n)
    s = _dot(_cross(_sub(C, A), _sub(D, C)), n)
    u = _dot(_cross(_sub(C, A), _sub(B, A)), n)
    return _dot(n, _sub(C, A)), [s, nn - s, u, nn - u], nn


def coplanarity(pr):
    """The coplanarity polynomial f exactly: its coefficients (Fractions,
    constant first), interpolated from its values at t = 0, 1, 2, 3
    (degree <= 3)."""
    xs = [Fraction(k) for k in range(4)]
    coeffs = [Fraction(0)] * 4
    for i, xi in enumerate(xs):
        # the Lagrange basis polynomial of xi, times f(xi)
        basis, den = [Fraction(1)], Fraction(1)
        for j, xj in enumerate(xs):
            if j != i:
                basis = [(basis[k - 1] if k else 0) -
                         (xj * basis[k] if k < len(basis) else 0)
                         for k in range(len(basis) + 1)]
                den *= xi - xj
        fi = why(pr, xi)[0]
        for k, c in enumerate(basis):
            coeffs[k] += fi * c / den
    while coeffs and coeffs[-1] == 0:
        coeffs.pop()
    return coeffs


def coplanarity_text(pr):
    """f as text with integer coefficients: (-4t^2 - 3t + 4)/3."""
    from math import lcm
    from .plot import _poly_text
    f = coplanarity(pr)
    den = lcm(*[c.denominator for c in f]) if f else 1
    text = _poly_text([int(c * den) for c in f])
    return text if den == 1 else "(%s)/%d" % (text, den)


def sample_times(t0, tend, n=NSAMPLES):
    """n + 1 equally spaced rationals from t0 to tend."""
    return [t0 + (tend - t0) * k / n for k in range(n + 1)]


def curves(pr, ts):
    """The curves drawn, as float arrays, from why() at each rational t
    of ts, exactly: f divided by its largest magnitude on ts, and each
    inside condition divided by |n|^2 (barycentric coordinates of P, or
    the parameters s, 1 - s, u, 1 - u of the lines' meeting point; NaN
    where n = 0), which keeps its sign."""
    vals = [why(pr, t) for t in ts]
    top = max(abs(f) for f, _, _ in vals)
    out = [np.array([float(f / top) if top else 0.0 for f, _, _ in vals])]
    for j in range(len(vals[0][1])):
        out.append(np.array([float(c[j] / nn) if nn else np.nan
                             for _, c, nn in vals]))
    return out


def _range(pr, t_user, tstar):
    if t_user is not None:
        if t_user <= pr.t0:
            raise PlotError("--t %s is not after t0 = %s" % (t_user, pr.t0))
        return pr.t0, Fraction(t_user)
    if pr.t1 is not None:
        return pr.t0, pr.t1
    stop = Fraction(tstar) if tstar is not None else pr.t0
    return pr.t0, pr.t0 + max(2 * (stop - pr.t0), Fraction(1))


def _why_panel(ax, pr, ts, tstar):
    import matplotlib.cm as cm
    ys = curves(pr, ts)
    x = np.array([float(t) for t in ts])
    for j, (y, label) in enumerate(zip(ys, curve_names(pr))):
        (ln,) = ax.plot(x, y, lw=2.4 if j == 0 else 1.2,
                        color="k" if j == 0 else cm.tab10(j), label=label,
                        ls="-" if j == 0 else (0, (5, 2)))
        ln.set_gid("coplanarity" if j == 0 else "inside-%d" % (j - 1))
    with np.errstate(invalid="ignore"):
        ok = np.all(np.vstack(ys[1:]) >= 0, axis=0)
    ax.fill_between(x, -1.08, 1.08, where=ok, color="#2ca02c", alpha=0.08,
                    lw=0, label="every inside condition >= 0")
    ax.axhline(0, color="k", lw=0.7)
    if tstar is not None:
        ln = ax.axvline(float(tstar), color="r", lw=1.3, ls="--")
        ln.set_gid("contact-time")
        ax.annotate("t*: f = 0, inside", (float(tstar), 1.0), color="r",
                    fontsize=8, xytext=(4, 0), textcoords="offset points",
                    va="top")
    ax.set_ylim(-1.1, 1.1)
    ax.set_xlim(x[0], x[-1] if x[-1] > x[0] else x[0] + 1)
    ax.set_xlabel("t")
    ax.set_ylabel("f / max |f|;  inside conditions / |n|^2")
    ax.set_title("Why: contact <=> coplanar (f = 0) and inside (all >= 0)",
                 fontsize=10)
    ax.legend(fontsize=7, ncol=2, loc="lower center",
              bbox_to_anchor=(0.5, -0.42), frameon=False)


def _shape(pr, body, t):
    """The float points of body 0 (P or AB) or 1 (ABC or CD) at t."""
    idx = {("vertex_face", 0): [0], ("vertex_face", 1): [1, 2, 3],
           ("edge_edge", 0): [0, 1], ("edge_edge", 1): [2, 3]}
    return np.array([[float(c) for c in pr.at(i, t)]
                     for i in idx[(pr.what, body)]])


def _draw_shape(ax, pts, colour, gid, alpha, style):
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    if len(pts) == 1:
        (ln,) = ax.plot(pts[:, 0], pts[:, 1], pts[:, 2], marker="o", ms=7,
                        color=colour, alpha=min(1, 3 * alpha), ls="none")
    else:
        if len(pts) == 3:
            poly = Poly3DCollection([pts], facecolor=colour, alpha=alpha,
                                    edgecolor="none")
            poly.set_gid(gid + "-face")
            ax.add_collection3d(poly)
            pts = np.vstack([pts, pts[:1]])
        (ln,) = ax.plot(pts[:, 0], pts[:, 1], pts[:, 2], color=colour,
                        ls=style, lw=1.6, marker="o", ms=3,
                        alpha=min(1, 3 * alpha))
    ln.set_gid(gid)


def _contact_point(pr, tstar):
    """The result's point; else (segments crossing at an irrational t,
    doc/format.md §8) the middle of the closest points of the two lines
    at the float t*, drawn only."""
    c = pr.result["contact"]
    if "point" in c:
        return np.array([float(x) for x in c["point"]])
    p, q = _shape(pr, 0, tstar), _shape(pr, 1, tstar)
    from ._plot_draw import _lines_closest
    return _lines_closest(p, q)


def _poses_panel(ax, pr, poses, tend):
    styles = {"start": (0.08, "--"), "end": (0.08, ":"),
              "contact": (0.3, "-"), "middle": (0.3, "-")}
    pts = []
    for name, label, t in poses:
        alpha, style = styles[name]
        for b in (0, 1):
            p = _shape(pr, b, t)
            _draw_shape(ax, p, BODY_COLOURS[b], "pose-%s-body%d"
                        % (name, b + 1), alpha, style)
            pts.append(p)
        c = pts[-1].mean(axis=0)
        ax.text(c[0], c[1], c[2], " " + label, fontsize=8)
    for i, letter in enumerate(pr.letters):
        a = np.array([float(x) for x in pr.at(i, pr.t0)])
        b = np.array([float(x) for x in pr.at(i, tend)])
        colour = BODY_COLOURS[0 if i < (1 if pr.what == "vertex_face"
                                        else 2) else 1]
        (ln,) = ax.plot([a[0], b[0]], [a[1], b[1]], [a[2], b[2]],
                        color=colour, lw=0.7, ls="-.")
        ln.set_gid("path-%s" % letter)
        ax.text(a[0], a[1], a[2], letter, fontsize=8, color=colour)
    _plot_draw.frame([ax], pts)
    if poses[1][0] == "contact":
        t = poses[1][2]
        c = pr.result["contact"]
        for b, key in enumerate(("body1", "body2")):
            idx = [pr.letters.index(ch) for ch in c[key]["name"]]
            f = np.array([[float(x) for x in pr.at(i, t)] for i in idx])
            if len(f) > 2:
                f = np.vstack([f, f[:1]])
            (ln,) = ax.plot(f[:, 0], f[:, 1], f[:, 2], color="#d62728",
                            lw=3 - b, marker="o", ms=4 - b)
            ln.set_gid("feature-body%d" % (b + 1))
        p = _contact_point(pr, t)
        _plot_draw.draw_point(ax, p, "contact-point")
    what = "point P / triangle ABC" if pr.what == "vertex_face" else \
        "segment AB / segment CD"
    ax.set_title("%s (blue / orange) at %s" % (
        what, ", ".join(p[1] for p in poses)), fontsize=10)


def caption(pr):
    from .plot import time_text
    r = pr.result
    label = r.get("id", "the query")
    rng = "[%s, %s]" % (pr.t0, "inf" if pr.t1 is None else pr.t1)
    f = "coplanarity f(t) = %s" % coplanarity_text(pr)
    if not pr.contact:
        return "%s (%s): no contact in %s\n%s" % (label, pr.what, rng, f)
    c = r["contact"]
    lines = ["%s (%s): first contact in %s at %s%s" % (
        label, pr.what, rng, time_text(r["t"]),
        " (already at t0)" if r.get("initial") else "")]
    pt = " at (%s)" % ", ".join(c["point"]) if "point" in c else ""
    lines.append("%s: %s %s / %s %s%s" % (
        c["kind"], c["body1"]["feature"], c["body1"]["name"],
        c["body2"]["feature"], c["body2"]["name"], pt))
    lines.append(f)
    return "\n".join(lines)


def figure(pr, t=None):
    """The picture of a primitive query (the module's docstring)."""
    from matplotlib.figure import Figure
    import mpl_toolkits.mplot3d  # noqa: F401 (the "3d" projection)
    tstar = Fraction(pr.result["t"]["decimal"]) if pr.contact else None
    t0, tend = _range(pr, t, tstar)
    ts = sample_times(t0, tend)
    fig = Figure(figsize=(13, 6.8))
    axw = fig.add_axes([0.56, 0.33, 0.42, 0.6])
    _why_panel(axw, pr, ts, tstar)
    middle = ("contact", "t*", float(tstar)) if tstar is not None else \
        ("middle", "t", float((t0 + tend) / 2))
    end = "t1" if t is None and pr.t1 is not None else "t=%s" % tend
    poses = [("start", "t0", float(t0)), middle, ("end", end, float(tend))]
    ax3 = fig.add_axes([0.0, 0.15, 0.52, 0.78], projection="3d")
    _poses_panel(ax3, pr, poses, float(tend))
    txt = fig.text(0.015, 0.015, caption(pr), fontsize=8.5,
                   family="monospace", va="bottom")
    txt.set_gid("caption")
    return fig
