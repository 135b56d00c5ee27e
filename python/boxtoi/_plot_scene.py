"""The picture of a scene query (doc/plot.md §4): every body at t0, at
the first contact t* and at the end of the range, the touching pair
highlighted with its contact point and normal, and a timeline of the
pairs the broad phase kept, with their contacts.

What the command says is all there is: the result of the query, the
result of the same query with "report": "pairs" (each pair's first
contact, for the timeline) unless the query asks for "pairs" or
"intervals" itself, the "# exact A/B on [lo, hi]" lines of its
``--explain`` (the pairs the broad phase kept and the sub-range each was
solved on exactly, doc/format.md §10), and each body's box and motion as
read (the command reads them as two-box queries, _plot_explain.read_boxes).
Floating point only draws.
"""

import json
import re
from fractions import Fraction

import numpy as np

from . import _plot_draw, _plot_explain
from ._plot_explain import PlotError

_EXACT = re.compile(r"^# exact (.*) on \[([^,]+), ([^\])]+)[\])]: (.*)$")
STATIC_COLOUR = "0.55"
TOUCH_COLOURS = ("#3b6fb6", "#e07b1a")


class Scene:
    """A scene query and what the command said about it.

    query     the query (dict); names: the bodies' names in scene order
    result    the result of the query as given
    timeline  the result with every pair's contacts ("pairs" or
              "intervals" report)
    kept      [(a, b, lo, hi)]: the pairs solved exactly and the
              sub-range each was given (Fractions, hi None for inf)
    bodies    [(box, motion, den)] as read (_plot_explain.read_boxes)
    t0, t1    the range (Fractions; t1 None for inf)
    """

    kind = "scene"


def _trace(text, names):
    """The "# exact A/B on [lo, hi]" lines of a scene's --explain."""
    out = []
    for line in text.splitlines():
        m = _EXACT.match(line)
        if not m:
            continue
        for a in names:
            for b in names:
                if m.group(1) == "%s/%s" % (a, b):
                    hi = m.group(3).strip()
                    out.append((a, b, Fraction(m.group(2)),
                                None if hi == "inf" else Fraction(hi)))
    return out


def gather(line, command=None):
    """Runs the command on the scene query line; returns a Scene."""
    sc = Scene()
    blocks = _plot_explain.run([line], command)
    sc.result = json.loads(blocks[0].splitlines()[0])
    if sc.result.get("status") == "error":
        raise _plot_explain.refused(sc.result)
    sc.query = _plot_explain.load_exact(line)
    sc.names = [b["name"] for b in sc.query["scene"]]
    extra = {k: sc.query[k] for k in ("t_range", "numbers")
             if k in sc.query}
    lines = _plot_explain.as_box_queries(
        [(b["box"], b.get("motion")) for b in sc.query["scene"]], extra)
    report = sc.query.get("report", "first")
    if report == "first":
        lines.append(json.dumps(dict(sc.query, report="pairs")))
    more = _plot_explain.run(lines, command)
    timeline = more[-1] if report == "first" else blocks[0]
    sc.timeline = json.loads(timeline.splitlines()[0])
    if sc.timeline.get("status") == "error":
        raise _plot_explain.refused(sc.timeline)
    sc.kept = _trace(timeline, sc.names)
    nbox = (len(sc.names) + 1) // 2
    sc.bodies, (sc.t0, sc.t1) = _plot_explain.read_boxes(more[:nbox],
                                                         len(sc.names))
    return sc


def _same_time(a, b):
    """Equal time objects: the canonical poly, lo, hi name one number."""
    return all(a[k] == b[k] for k in ("poly", "lo", "hi"))


def first_contact(sc):
    """(t, [(a, b)], [contact or None]): the first contact time object
    of the scene (None without contact), the pairs that touch then and
    their §5.2 contact objects, from the result of any report."""
    r = sc.result
    if r.get("status") != "contact":
        return None, [], []
    if "t" in r:  # report "first"
        return r["t"], [tuple(p) for p in r["pairs"]], r["contacts"]
    cs = r["contacts"]
    if "t" in cs[0]:  # report "pairs": ordered by t
        same = [c for c in cs if _same_time(c["t"], cs[0]["t"])]
        return (cs[0]["t"], [tuple(c["pair"]) for c in same],
                [c.get("contact") for c in same])
    from .numbers import AlgebraicNumber
    starts = [(AlgebraicNumber.from_result(c["intervals"][0]["from"]), c)
              for c in cs if c["intervals"]]
    t = min(starts, key=lambda x: x[0])[1]["intervals"][0]["from"]
    same = [c for _, c in starts if _same_time(c["intervals"][0]["from"], t)]
    return t, [tuple(c["pair"]) for c in same], [None] * len(same)


def _f(t, inf):
    return inf if t == "inf" else float(t["decimal"])


def timeline_rows(sc, tend):
    """[(a, b, windows, events)] of the timeline: every pair kept by the
    broad phase or with contact, windows the sub-ranges solved exactly
    [(lo, hi)] and events [(from, to)] its contacts (from == to: the
    first contact of report "pairs", or an instant), as floats; pairs
    with contact first, by their first contact."""
    rows = {}
    order = []
    for c in sc.timeline.get("contacts", []):
        key = tuple(c["pair"])
        if "intervals" in c:
            ev = [(_f(i["from"], tend), _f(i["to"], tend))
                  for i in c["intervals"]]
        else:
            ev = [(_f(c["t"], tend),) * 2]
        rows.setdefault(key, ([], []))[1].extend(ev)
        order.append(key)
    for a, b, lo, hi in sc.kept:
        key = (a, b)
        if key not in rows:
            rows[key] = ([], [])
            order.append(key)
        rows[key][0].append((float(lo), tend if hi is None else float(hi)))
    order.sort(key=lambda k: min([e[0] for e in rows[k][1]] or [np.inf]))
    seen = []
    for k in order:
        if k not in seen:
            seen.append(k)
    return [(a, b, rows[(a, b)][0], rows[(a, b)][1]) for a, b in seen]


def _range(sc, t_user, tstar):
    t0 = float(sc.t0)
    if t_user is not None:
        if t_user <= sc.t0:
            raise PlotError("--t %s is not after t0 = %s" % (t_user, sc.t0))
        return t0, float(t_user)
    if sc.t1 is not None:
        return t0, float(sc.t1)
    # t1 = inf: past the last first contact (else the last exact solve)
    ends = [float(c["t"]["decimal"]) if "t" in c
            else float(c["intervals"][0]["from"]["decimal"])
            for c in sc.timeline.get("contacts", [])
            if "t" in c or c.get("intervals")]
    ends = ends or [float(lo) for _, _, lo, _ in sc.kept] or [t0]
    return t0, t0 + max(1.25 * (max(ends) - t0), 1.0)


def _timeline_panel(ax, sc, rows, t0, tend, tstar):
    for i, (a, b, windows, events) in enumerate(rows):
        y = len(rows) - 1 - i
        for k, (lo, hi) in enumerate(windows):
            if lo >= tend:  # solved after the drawn range
                continue
            (bar,) = ax.barh(y, min(hi, tend) - lo, left=lo, height=0.6,
                          color="0.88", edgecolor="0.6", lw=0.6)
            bar.set_gid("kept-%d-%d" % (i, k))
        for k, (lo, hi) in enumerate(events):
            if lo > tend:
                continue
            if hi > lo:
                (bar,) = ax.barh(y, min(hi, tend) - lo, left=lo, height=0.36,
                              color="#d62728")
                bar.set_gid("interval-%d-%d" % (i, k))
            else:
                (pt,) = ax.plot([lo], [y], marker="D", ms=7, color="#d62728",
                                ls="none")
                pt.set_gid("contact-%d-%d" % (i, k))
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels(["%s / %s" % (a, b) for a, b, _, _ in rows][::-1],
                       fontsize=8)
    ax.set_ylim(-0.7, max(len(rows), 1) - 0.3)
    ax.set_xlim(t0, tend if tend > t0 else t0 + 1)
    if tstar is not None:
        ln = ax.axvline(tstar, color="r", lw=1.2, ls="--")
        ln.set_gid("contact-time")
    ax.set_xlabel("t")
    has_iv = any(hi > lo for _, _, _, ev in rows for lo, hi in ev)
    ax.set_title("Pairs the broad phase kept (grey: the range solved "
                 "exactly) and their %s (red)"
                 % ("contact intervals" if has_iv else "first contacts"),
                 fontsize=10)


def _colours(sc, touching):
    moving = [any(len(p) > 1 for row in m for p in row)
              for _, m, _ in sc.bodies]
    out, k = [], 0
    import matplotlib.cm as cm
    for i, name in enumerate(sc.names):
        pair = [p for p in touching if name in p]
        if pair:
            out.append(TOUCH_COLOURS[pair[0].index(name)])
        elif moving[i]:
            out.append(cm.tab10(2 + k % 8))
            k += 1
        else:
            out.append(STATIC_COLOUR)
    # several bodies at rest: shades of grey, so that they stay apart
    rest = [i for i, c in enumerate(out) if c == STATIC_COLOUR]
    for k, i in enumerate(rest):
        out[i] = str(0.35 + 0.4 * k / max(len(rest) - 1, 1))
    return out, moving


def _draw_contacts(ax, sc, pairs, contacts, tstar, size):
    for k, ((a, b), c) in enumerate(zip(pairs, contacts)):
        if c is None:
            continue
        suffix = "" if k == 0 else "-%d" % k
        for j, name in enumerate((a, b)):
            i = sc.names.index(name)
            box, motion, _ = sc.bodies[i]
            f = _plot_draw.feature_points(box, c["box%d" % (j + 1)]["name"])
            if f is None:
                continue
            w = _plot_draw.to_world(_plot_draw.pose(motion, tstar), f)
            if len(w) > 2:
                w = np.vstack([w, w[:1]])
            (ln,) = ax.plot(w[:, 0], w[:, 1], w[:, 2], marker="o", ms=3,
                            color=_plot_draw.FEATURE_COLOUR, lw=3 - j)
            ln.set_gid("feature-box%d%s" % (j + 1, suffix))
        if "point" in c:
            p = [float(x) for x in c["point"]]
            _plot_draw.draw_point(ax, p, "contact-point" + suffix)
            if "normal" in c:
                n = np.array([float(x) for x in c["normal"]]) * 0.25 * size
                q = ax.quiver(p[0], p[1], p[2], n[0], n[1], n[2], color="k",
                              linewidth=1.6, arrow_length_ratio=0.25)
                q.set_gid("contact-normal" + suffix)


def _poses_panel(fig, sc, poses, pairs, contacts):
    import mpl_toolkits.mplot3d  # noqa: F401 (the "3d" projection)
    colours, moving = _colours(sc, pairs)
    axes = [fig.add_axes([0.005 + 0.33 * k, 0.42, 0.33, 0.55],
                         projection="3d") for k in range(3)]
    pts = []
    ts = np.linspace(poses[0][2], poses[-1][2], 120)
    for ax, (name, label, t) in zip(axes, poses):
        for i, (box, motion, _) in enumerate(sc.bodies):
            hot = any(sc.names[i] in p for p in pairs) and name == "contact"
            pts.append(_plot_draw.draw_box(
                ax, box, _plot_draw.pose(motion, t), colours[i],
                "pose-%s-body%d" % (name, i), 0.3 if hot else 0.12))
            centre = [[float(box[0][k] + box[1][k]) / 2 for k in range(3)]]
            if name != "start":
                c = _plot_draw.to_world(_plot_draw.pose(motion, t), centre)[0]
                ax.text(c[0], c[1], c[2], sc.names[i], fontsize=7,
                        color="k" if not moving[i] else colours[i])
            if moving[i]:
                path = np.array([_plot_draw.to_world(
                    _plot_draw.pose(motion, s), centre)[0] for s in ts])
                (ln,) = ax.plot(path[:, 0], path[:, 1], path[:, 2],
                                color=colours[i], lw=0.8, ls="-.")
                ln.set_gid("path-%s-body%d" % (name, i))
                pts.append(path)
        ax.set_title("%s = %.6g" % (label, t), fontsize=10)
    size = _plot_draw.frame(axes, pts)
    for ax in axes:
        ax.tick_params(labelsize=6)
    if poses[1][0] == "contact":
        _draw_contacts(axes[1], sc, pairs, contacts, poses[1][2], size)
    return colours


def caption(sc, pairs, contacts, rows):
    """The exact answer in words."""
    from .plot import time_text
    r = sc.result
    label = r.get("id", "the scene")
    rng = "[%s, %s]" % (sc.t0, "inf" if sc.t1 is None else sc.t1)
    t, _, _ = first_contact(sc)
    if t is None:
        lines = ["%s: no two bodies touch in %s" % (label, rng)]
    else:
        lines = ["%s: first contact in %s at %s%s" % (
            label, rng, time_text(t),
            " (already at t0)" if r.get("initial") else "")]
    for (a, b), c in zip(pairs, contacts):
        if c is None:
            lines.append("%s / %s touch" % (a, b))
        else:
            lines.append("%s / %s: %s, %s %s %s / %s %s %s" % (
                a, b, c["kind"], a, c["box1"]["feature"], c["box1"]["name"],
                b, c["box2"]["feature"], c["box2"]["name"]))
    ign = sc.query.get("ignore", [])
    lines.append("timeline: %d pairs solved exactly by the broad phase "
                 "(boxtoi --explain), %d with contact%s" % (
                     len({(a, b) for a, b, _, _ in sc.kept}),
                     sum(1 for row in rows if row[3]),
                     "; ignored: " + ", ".join("%s/%s" % tuple(p)
                                              for p in ign) if ign else ""))
    return "\n".join(lines)


def figure(sc, t=None):
    """The picture of a scene (the module's docstring)."""
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch
    tq, pairs, contacts = first_contact(sc)
    tstar = None if tq is None else float(tq["decimal"])
    t0, tend = _range(sc, t, tstar)
    middle = ("contact", "t*", tstar) if tstar is not None else \
        ("middle", "t", (t0 + tend) / 2)
    end = "t1" if t is None and sc.t1 is not None else "t"
    poses = [("start", "t0", t0), middle, ("end", end, tend)]
    fig = Figure(figsize=(14, 8.6))
    colours = _poses_panel(fig, sc, poses, pairs, contacts)
    rows = timeline_rows(sc, tend)
    axt = fig.add_axes([0.12, 0.16, 0.6, 0.22])
    _timeline_panel(axt, sc, rows, t0, tend, tstar)
    fig.legend(handles=[Patch(color=c, alpha=0.6, label=n)
                        for n, c in zip(sc.names, colours)],
               loc="lower right", bbox_to_anchor=(0.99, 0.16),
               fontsize=8, title="bodies", title_fontsize=8)
    txt = fig.text(0.015, 0.01, caption(sc, pairs, contacts, rows),
                   fontsize=8.5, family="monospace", va="bottom")
    txt.set_gid("caption")
    return fig
