"""Pictures of a boxtoi query: what touches, when, and why (doc/plot.md).

    python3 -m boxtoi.plot QUERIES.jsonl [--id ID] [--t T] -o OUT.svg

draws one query of a JSON Lines file (the one with id ID, else the first)
as SVG or PNG (by the extension of OUT), in three parts:

1. the configuration: both boxes in 3D at t0, at the contact time t* and at
   the end of the range (or at T), the paths of their centres, and the
   touching features, contact point and normal at t*;
2. why: the 15 separating margins over t (doc/algorithm.md §3.2; one
   curve per direction, scaled to lengths), the route's sections shaded,
   t* marked where the last margin reaches 0, the deciding plane named;
3. a caption with the exact answer (polynomial, isolating interval,
   decimal, features).

A motion in pieces or keyframes is drawn from the blocks --explain
prints per interval of the range (each t from the block whose interval
holds it), up to the end of the interval holding the contact.

Every answer comes from the C library through the boxtoi command
(``boxtoi --explain``; which command: see _plot_explain.find_command).
Python evaluates the margin curves in floating point only to draw them.

A scene is drawn by _plot_scene (its bodies at three times and a
timeline of the pairs the broad phase kept), a vertex_face or edge_edge
query by _plot_prim (the moving points and the coplanarity polynomial
and inside conditions over t).

API: ``query_line(path, id)`` picks a query, ``explain(line)`` asks the
command about it, ``figure(explained, t)`` builds a matplotlib Figure
(for the query's kind), ``save(fig, out)`` writes it, and
``plot(path, out, id=None, t=None)`` does it all.
"""

import argparse
import json
import os
import sys
from fractions import Fraction

try:
    from . import (_margins, _plot_draw, _plot_explain, _plot_prim,
                   _plot_scene)
except ImportError as e:  # numpy or matplotlib
    if __name__ != "__main__":
        raise
    sys.exit("boxtoi.plot: %s (it needs numpy and matplotlib: apt-get "
             "install python3-matplotlib)" % e)
from ._plot_explain import PlotError

__all__ = ["PlotError", "query_line", "explain", "figure", "save", "plot",
           "main"]

NSAMPLES = 601


def query_line(path, qid=None):
    """(line, line number) of the query with id qid (compared as text:
    "7" finds the id 7 and the id "7"), or of the first query."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise PlotError("cannot read %s: %s" % (path, e.strerror))
    for no, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if qid is None:
            return line, no
        try:
            got = json.loads(line).get("id")
        except (ValueError, AttributeError):
            continue
        if got is not None and str(got) == qid:
            return line, no
    if qid is None:
        raise PlotError("%s holds no query" % path)
    raise PlotError("%s has no query with id %s" % (path, qid))


def _range(ex, t_user):
    """(t0, t_end, t*) as floats; t_end is the chosen t, else t1, else
    (t1 = inf) a finite end that shows every section end and t*."""
    t0 = ex.sections[0][0][0]
    t1 = ex.sections[-1][1][0]
    tstar = float(ex.result["t"]["decimal"]) if ex.contact else None
    if t_user is not None:
        if ex.truncated and t_user > t1:
            raise PlotError("--t %s is after %s, the end of the interval "
                            "that holds the contact: boxtoi --explain "
                            "solves no later interval of the motions' "
                            "pieces" % (t_user, ex.sections[-1][1][1]))
        if t_user <= t0:
            raise PlotError("--t %s is not after t0 = %s"
                            % (t_user, ex.sections[0][0][1]))
        return t0, float(t_user), tstar
    if t1 == float("inf"):
        seen = [s[1][0] for s in ex.sections[:-1]] + [tstar or t0]
        t1 = t0 + max(2 * (max(seen) - t0), 1.0)
    return t0, t1, tstar


def _poly_text(coeffs):
    """An integer polynomial (constant term first) as 327t^2 - 80."""
    out = ""
    for k in range(len(coeffs) - 1, -1, -1):
        c = int(coeffs[k])
        if c == 0:
            continue
        mag = abs(c)
        term = ("" if mag == 1 and k else str(mag)) + (
            "" if k == 0 else "t" if k == 1 else "t^%d" % k)
        out += (" - " if c < 0 else " + ") if out else ("-" if c < 0 else "")
        out += term
    return out or "0"


def time_text(t, name="t*"):
    """A time object of a result (doc/format.md §4.1) in words."""
    if t == "inf":
        return "%s = inf" % name
    if "rational" in t:
        return "%s = %s exactly" % (name, t["rational"])
    return ("%s = the root of %s in [%s, %s], %s ~ %s"
            % (name, _poly_text(t["poly"]), t["lo"], t["hi"], name,
               t["decimal"]))


def caption(ex):
    """The exact answer in words (three lines)."""
    r = ex.result
    label = r.get("id", "the query")
    t0 = ex.sections[0][0][1]
    t1 = ex.sections[-1][1]
    rng = "[%s, %s]" % (t0, "inf" if t1[0] == float("inf") else t1[1])
    if not ex.contact:
        return ("%s: no contact in %s: at every t some margin is < 0 "
                "(a separating direction exists).\nThe middle pose is the "
                "closest approach as drawn (largest least margin)."
                % (label, rng))
    c = r["contact"]
    when = time_text(r["t"])
    lines = ["%s: first contact in %s at %s%s" % (
        label, rng, when, " (already at t0)" if r.get("initial") else "")]
    lines.append("%s: box 1 %s %s / box 2 %s %s; tight planes %s" % (
        c["kind"], c["box1"]["feature"], c["box1"]["name"],
        c["box2"]["feature"], c["box2"]["name"], c.get("planes")))
    if ex.accepted is not None:
        s, p = ex.accepted
        kind, pair, _ = ex.planes[s][p]
        d = p // 2
        lines.append("decided by plane %d (section %d, %s %s): direction "
                     "%d, n = %s (%s), the last margin to reach 0"
                     % (p, s, kind, pair, d, _margins.direction_name(d),
                        _margins.direction_meaning(d)))
    else:
        lines.append("every margin is >= 0 at t0: the solids touch from "
                     "the start")
    if ex.truncated:
        lines.append("drawn up to %s, the end of the interval of the "
                     "motions' pieces that holds t*: --explain solves no "
                     "later interval" % t1[1])
    if getattr(ex, "intervals", None):
        lines.append("contact intervals (red): " + ", ".join(
            "[%s, %s]" % (iv["from"]["decimal"][:10], "inf" if iv["to"] ==
                          "inf" else iv["to"]["decimal"][:10])
            for iv in ex.intervals))
    return "\n".join(lines)


def _colour(d):
    import matplotlib.cm as cm
    if d < 3:
        return cm.Blues(0.55 + 0.2 * d)
    if d < 6:
        return cm.Oranges(0.5 + 0.2 * (d - 3))
    return cm.viridis((d - 6) / 9.0)


def _curves(ex, ts):
    """The 15 scaled margins at the times ts (a sorted numpy array), each
    t evaluated with the relative motion of the interval that holds it
    (ex.piece)."""
    import numpy as np
    boxes = [tuple(tuple(float(x) for x in v) for v in b) for b in ex.box]
    curves = [np.full(len(ts), np.nan) for _ in range(_margins.NDIRS)]
    done = np.zeros(len(ts), dtype=bool)
    for pc in ex.pieces:
        take = ~done
        if pc.span is not None and pc is not ex.pieces[-1]:
            take &= ts <= pc.span[1][0]
        if not take.any():
            continue
        done |= take
        fl = [[[float(c) for c in p] for p in row] for row in pc.A]
        rel = (fl, [[float(c) for c in p] for p in pc.b],
               [float(c) for c in pc.w])
        for d, y in enumerate(_margins.scaled_margins(rel, boxes[0],
                                                      boxes[1], ts[take])):
            curves[d][take] = y
    return curves


def _margin_panel(ax, ex, t0, tend, tstar):
    """The 15 scaled margins over [t0, tend]; returns (ts, curves)."""
    import numpy as np
    ts = np.linspace(t0, tend, NSAMPLES)
    if tstar is not None:
        ts = np.unique(np.append(ts, tstar))
    curves = _curves(ex, ts)
    decide = ex.accepted[1] // 2 if ex.accepted else None
    for i, (lo, hi) in enumerate(ex.sections):
        span = ax.axvspan(lo[0], min(hi[0], tend),
                          color="0.93" if i % 2 else "0.985", zorder=0)
        span.set_gid("section-%d" % i)
    for d, y in enumerate(curves):
        bold = d == decide
        (ln,) = ax.plot(ts, y, color=_colour(d), lw=2.6 if bold else 1.1,
                        zorder=3 if bold else 2,
                        label="%d: %s%s" % (d, _margins.direction_name(d),
                                            "  (decides)" if bold else ""))
        ln.set_gid("margin-%d" % d)
    with np.errstate(all="ignore"):
        least = np.nanmin(np.vstack(curves), axis=0)
    (ln,) = ax.plot(ts, least, color="k", lw=1.0, ls=(0, (4, 2)), zorder=4,
                    label="least margin (>= 0: contact)")
    ln.set_gid("margin-least")
    _intervals(ax, ex, tend)
    ax.axhline(0, color="k", lw=0.8)
    finite = np.concatenate([y[np.isfinite(y)] for y in curves])
    top = finite.max() if finite.size else 1.0
    bottom = max(finite.min(), -2.5 * abs(top)) if finite.size else -1.0
    if bottom < 0:
        # Curves far above 0 only say "no gap there": give the room to
        # the sign changes.
        top = min(top, max(-4 * bottom, 0.35 * top))
    pad = 0.05 * (top - bottom or 1.0)
    ax.set_ylim(bottom - pad, top + pad)
    ax.set_xlim(t0, tend if tend > t0 else t0 + 1)  # t_range [t0, t0]
    if tstar is not None:
        ln = ax.axvline(tstar, color="r", lw=1.3, ls="--")
        ln.set_gid("contact-time")
        ax.annotate("t* (every margin >= 0)", (tstar, top), color="r",
                    fontsize=8, ha="left", va="top",
                    xytext=(4, 0), textcoords="offset points")
    ax.set_xlabel("t")
    ax.set_ylabel("margin / (2 |w| |n_d|): overlap along n_d (< 0: gap)")
    ax.set_title("Why: the 15 separating margins (contact <=> all >= 0)",
                 fontsize=10)
    ax.legend(fontsize=6.5, ncol=3, loc="lower center",
              bbox_to_anchor=(0.5, -0.42), frameon=False)
    return ts, curves


def _pose_times(ex, t0, tend, tstar, ts, curves):
    """[(name, label, t)] of the three poses drawn."""
    import numpy as np
    if tstar is not None:
        middle = ("contact", "t*", tstar)
    else:
        with np.errstate(all="ignore"):
            least = np.nanmin(np.vstack(curves), axis=0)
        middle = ("closest", "closest", float(ts[int(np.nanargmax(least))]))
    exact = ex.sections[-1][1][1]
    end = "t1" if exact is not None and float(exact) == tend and \
        not ex.truncated else \
        "t=%.4g" % tend
    return [("start", "t0", t0), middle, ("end", end, tend)]


def _config_panel(ax, ex, poses, tstar):
    """Both boxes at the poses, the centres' paths, the contact."""
    import numpy as np
    pts = []
    moving = [any(len(p) > 1 for pc in ex.pieces for row in pc.motion[i]
                  for p in row) for i in range(2)]
    styles = {"start": (0.07, "--"), "end": (0.07, ":"),
              "contact": (0.28, "-"), "closest": (0.28, "-")}
    for name, label, t in poses:
        alpha, style = styles[name]
        for i in range(2):
            if not moving[i] and name not in ("contact", "closest"):
                continue
            M = _plot_draw.pose(ex.piece(t).motion[i], t)
            pts.append(_plot_draw.draw_box(
                ax, ex.box[i], M, _plot_draw.BOX_COLOURS[i],
                "pose-%s-box%d" % (name, i + 1), alpha, style))
            if moving[i] or i == 1:
                c = pts[-1].mean(axis=0)
                ax.text(c[0], c[1], c[2], " " + label, fontsize=8,
                        color=_plot_draw.BOX_COLOURS[i])
    ts = np.linspace(poses[0][2], poses[-1][2], 200)
    for i in range(2):
        centre = [[float(ex.box[i][0][k] + ex.box[i][1][k]) / 2
                   for k in range(3)]]
        path = np.array([_plot_draw.to_world(
            _plot_draw.pose(ex.piece(t).motion[i], t), centre)[0]
            for t in ts])
        (ln,) = ax.plot(path[:, 0], path[:, 1], path[:, 2],
                        color=_plot_draw.BOX_COLOURS[i], lw=1, ls="-.")
        ln.set_gid("path-box%d" % (i + 1))
        pts.append(path)
    size = _plot_draw.frame([ax], pts)
    if tstar is not None:
        M = [_plot_draw.pose(ex.piece(tstar).motion[i], tstar)
             for i in range(2)]
        geo = _plot_draw.contact_geometry(ex.piece(tstar), tstar, M)
        if geo is not None:
            _plot_draw.draw_contact(ax, geo, size)
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    ax.set_zlabel("z")
    ax.set_title("box 1 (blue), box 2 (orange) at %s"
                 % ", ".join(p[1] for p in poses), fontsize=10)


def query_kind(line):
    """The kind of picture a query line needs: "scene", "prim" (a
    vertex_face or edge_edge query) or "boxes" (the rest: a two-box
    query, or a line the command will refuse with its own message)."""
    try:
        keys = json.loads(line)
    except ValueError:
        keys = {}
    if isinstance(keys, dict) and "box1" not in keys and \
            "box2" not in keys:
        if "scene" in keys:
            return "scene"
        if "vertex_face" in keys or "edge_edge" in keys:
            return "prim"
    return "boxes"


def figure(ex, t=None):
    """A matplotlib Figure of the explained query ex; t, if given, is the
    time of the last pose and the end of the drawn range instead of t1."""
    return _FIGURES[ex.kind](ex, t)


def figure_boxes(ex, t=None):
    """The picture of a two-box query (the module's docstring).  The
    Figure is made without pyplot, so no GUI backend is touched."""
    from matplotlib.figure import Figure
    import mpl_toolkits.mplot3d  # noqa: F401 (the "3d" projection)
    t0, tend, tstar = _range(ex, t)
    fig = Figure(figsize=(13, 6.8))
    axm = fig.add_axes([0.56, 0.33, 0.42, 0.6])
    ts, curves = _margin_panel(axm, ex, t0, tend, tstar)
    poses = _pose_times(ex, t0, tend, tstar, ts, curves)
    if t is not None:
        poses[-1] = ("end", "t=%s" % t, float(t))
    ax3 = fig.add_axes([0.0, 0.15, 0.52, 0.78], projection="3d")
    _config_panel(ax3, ex, poses, tstar)
    txt = fig.text(0.015, 0.015, caption(ex), fontsize=8.5,
                   family="monospace", va="bottom")
    txt.set_gid("caption")
    return fig


def _gather_boxes(line, command=None):
    """The Explained two-box query.  With "report": "intervals" (spec
    §5.3) it is the same query without the key, its first contact, with
    .intervals the result's intervals (None otherwise): --explain traces
    the search for the first contact."""
    try:
        q = _plot_explain.load_exact(line)
    except ValueError:
        q = None
    if not isinstance(q, dict) or q.get("report") != "intervals":
        ex = _plot_explain.explain(line, command)
        ex.intervals = None
        return ex
    first = json.dumps({k: v for k, v in q.items() if k != "report"})
    blocks = _plot_explain.run([line, first], command)
    res = json.loads(blocks[0].splitlines()[0])
    if res.get("status") == "error":
        raise _plot_explain.refused(res)
    ex = _plot_explain.parsed(blocks[1:])[0]
    ex.intervals = res.get("intervals", [])
    return ex


def _intervals(ax, ex, tend):
    """The contact intervals of a "report": "intervals" result: red
    spans (an instant: a thin line)."""
    for k, iv in enumerate(getattr(ex, "intervals", None) or []):
        lo = float(iv["from"]["decimal"])
        hi = tend if iv["to"] == "inf" else float(iv["to"]["decimal"])
        if hi > lo:
            span = ax.axvspan(lo, min(hi, tend), color="#d62728", alpha=0.12,
                              zorder=1)
        else:
            span = ax.axvline(lo, color="#d62728", lw=0.8, zorder=1)
        span.set_gid("interval-%d" % k)


_FIGURES = {"boxes": figure_boxes, "scene": _plot_scene.figure,
            "prim": _plot_prim.figure}
_GATHER = {"boxes": _gather_boxes, "scene": _plot_scene.gather,
           "prim": _plot_prim.gather}


def explain(line, command=None):
    """What the command says about the query line, for figure(): an
    Explained (two-box), a _plot_scene.Scene or a _plot_prim.Prim."""
    kind = query_kind(line)
    ex = _GATHER[kind](line, command)
    ex.kind = kind
    return ex


def plot(path, out, qid=None, t=None, command=None):
    """Draws the query qid (or the first) of the file at path into out
    (.svg, .png or .pdf), up to t if given; returns what explain()
    gave."""
    line, _ = query_line(path, qid)
    ex = explain(line, command)
    save(figure(ex, None if t is None else Fraction(t)), out)
    return ex


def save(fig, out):
    """Writes the Figure fig to out (.svg, .png or .pdf)."""
    import matplotlib
    # Text stays text in SVG (searchable, testable), and the file is the
    # same on every run.
    with matplotlib.rc_context({"svg.fonttype": "none",
                                "svg.hashsalt": "boxtoi"}):
        try:
            fig.savefig(out, metadata=_metadata(out))
        except OSError as e:
            raise PlotError("cannot write %s: %s" % (out, e.strerror))
        except ValueError as e:  # an extension matplotlib cannot write
            raise PlotError(str(e))


def _metadata(out):
    """Reproducible files: no date in SVG or PNG metadata."""
    ext = os.path.splitext(out)[1].lower()
    if ext == ".svg":
        return {"Date": None}
    if ext == ".pdf":
        return {"CreationDate": None}
    return {"Software": None}


def main(argv=None, prog="python3 -m boxtoi.plot"):
    ap = argparse.ArgumentParser(
        prog=prog,
        description="Draw one boxtoi query: the bodies at t0, at the "
                    "first contact and at t1, the contact, and why: the "
                    "15 separating margins of two boxes, a scene's "
                    "broad-phase timeline, or the coplanarity and inside "
                    "conditions of a vertex_face / edge_edge query "
                    "(doc/plot.md, boxtoi-plot(1)).")
    ap.add_argument("queries", help="a JSON Lines file of queries")
    ap.add_argument("--id", help="the id of the query (default: the first)")
    ap.add_argument("--t", help="the time of the last pose and the end "
                                "of the drawn range (e.g. 3/2), instead "
                                "of t1")
    ap.add_argument("-o", "--output", required=True,
                    help="the picture to write: .svg, .png or .pdf")
    args = ap.parse_args(argv)
    try:
        if args.t is not None:
            try:
                Fraction(args.t)
            except (ValueError, ZeroDivisionError):
                raise PlotError("--t %s is not a number" % args.t)
        plot(args.queries, args.output, args.id, args.t)
    except PlotError as e:
        where = args.queries + (" (id %s)" % args.id if args.id else "")
        print("%s: %s: %s" % (prog.split()[-1], where, e), file=sys.stderr)
        return e.status
    return 0


if __name__ == "__main__":
    sys.exit(main())
