"""The 3D panel of boxtoi.plot: the two boxes at a few times, the paths of
their centres, and the contact (point, normal, touching features).

Positions come from the motions the command printed (M_i(t) applied to
body points, doc/algorithm.md §1), evaluated in floating point: this
module draws, it decides nothing.  The contact's features, tight planes
and deciding plane come from the library's result; the contact point is
computed from them (see contact_geometry).
"""

import re

import numpy as np

from . import _margins

BOX_COLOURS = ("#3b6fb6", "#e07b1a")
FEATURE_COLOUR = "#d62728"


def pose(motion, t):
    """The 4x4 float matrix of M(t) (its denominator cancels in to_world)."""
    return np.array([[_margins.peval([float(c) for c in p], t)
                      for p in row] for row in motion], dtype=float)


def to_world(M, pts):
    """Body points (n x 3) to world points under the affine M."""
    pts = np.atleast_2d(np.asarray(pts, dtype=float))
    return (pts @ M[:3, :3].T + M[:3, 3]) / M[3, 3]


def to_body(M, pts):
    """World points to body points: the inverse of to_world."""
    pts = np.atleast_2d(np.asarray(pts, dtype=float))
    return np.linalg.solve(M[:3, :3], (M[3, 3] * pts - M[:3, 3]).T).T


def corner(box, sides):
    """The corner of box = (min, max) with sides[k] in {0 (min), 1 (max)}."""
    return [float(box[s][k]) for k, s in enumerate(sides)]


def faces(box):
    """The 6 faces of a box, each 4 body corners in cyclic order."""
    out = []
    for k in range(3):
        u, v = (k + 1) % 3, (k + 2) % 3
        for s in (0, 1):
            quad = []
            for su, sv in ((0, 0), (1, 0), (1, 1), (0, 1)):
                sides = [0, 0, 0]
                sides[k], sides[u], sides[v] = s, su, sv
                quad.append(corner(box, sides))
            out.append(quad)
    return out


def fixed_sides(name):
    """{axis: side} of a feature name like "X'-Z" or "X'YZ'" (doc/format.md
    §4: X is the face x = min, X' the face x = max)."""
    return {"XYZ".index(a): 1 if p else 0
            for a, p in re.findall(r"([XYZ])('?)", name)}


def feature_points(box, name):
    """Body points of a feature (1, 2 or 4 corners, a face's in cyclic
    order); None for the solid ("interior")."""
    fixed = fixed_sides(name)
    if not fixed:
        return None
    free = [k for k in range(3) if k not in fixed]
    cycle = {0: [()], 1: [(0,), (1,)],
             2: [(0, 0), (1, 0), (1, 1), (0, 1)]}[len(free)]
    pts = []
    for combo in cycle:
        sides = [0, 0, 0]
        for k, s in fixed.items():
            sides[k] = s
        for k, s in zip(free, combo):
            sides[k] = s
        pts.append(corner(box, sides))
    return np.array(pts)


def _clip(pts, k, lo, hi):
    """The part of a point, segment or convex polygon (body coordinates)
    with lo <= x_k <= hi (Sutherland-Hodgman, one slab)."""
    for bound, sgn in ((lo, 1.0), (hi, -1.0)):
        if len(pts) == 0:
            return pts
        dist = sgn * (pts[:, k] - bound)
        if len(pts) <= 2:
            if len(pts) == 2 and dist[0] * dist[1] < 0:
                cut = pts[0] + dist[0] / (dist[0] - dist[1]) * (pts[1] - pts[0])
                pts = np.array([cut, pts[0] if dist[0] > 0 else pts[1]])
            elif dist.max() < 0:
                pts = pts[:0]
            continue
        out = []
        for i in range(len(pts)):
            p, q, dp, dq = pts[i - 1], pts[i], dist[i - 1], dist[i]
            if dp * dq < 0:
                out.append(p + dp / (dp - dq) * (q - p))
            if dq >= 0:
                out.append(q)
        pts = np.array(out).reshape(-1, 3)
    return pts


def _lines_closest(p, q):
    """The midpoint of the closest points of the lines through segments
    p and q (world), which cross at an edge-edge contact."""
    d1, d2, r = p[1] - p[0], q[1] - q[0], p[0] - q[0]
    a, b, c = d1 @ d1, d1 @ d2, d2 @ d2
    d, e = d1 @ r, d2 @ r
    den = a * c - b * b
    s = (b * e - c * d) / den
    u = (a * e - b * d) / den
    return (p[0] + s * d1 + q[0] + u * d2) / 2


def contact_geometry(ex, t, M):
    """At the contact time t (float), with M = [M1(t), M2(t)]: a dict with
    the touching features in world coordinates ("feature1", "feature2"),
    the contact region ("region": a point, segment or polygon of the
    intersection of the features), its centroid ("point") and the unit
    normal from box 1 towards box 2 ("normal"); None for an overlap."""
    c = ex.result["contact"]
    names = [c["box1"]["name"], c["box2"]["name"]]
    feats = [feature_points(ex.box[i], names[i]) for i in range(2)]
    if feats[0] is None or feats[1] is None:
        return None
    world = [to_world(M[i], feats[i]) for i in range(2)]
    dims = [len(f) // 2 if len(f) < 4 else 2 for f in feats]
    tight = [p // 2 for p in c.get("planes", [])]
    if ex.accepted is not None and ex.accepted[1] // 2 in tight:
        tight.insert(0, ex.accepted[1] // 2)
    if dims[0] == 0 or dims[1] == 0:
        region = world[0] if dims[0] == 0 else world[1]
    elif dims == [1, 1] and _edges_cross(names, tight):
        region = _lines_closest(world[0], world[1])[None, :]
    else:
        # The lower-dimensional feature lies in the other's affine hull at
        # the contact: clip it to the other feature's free slabs.
        a = 0 if dims[0] <= dims[1] else 1
        o = 1 - a
        body = to_body(M[o], world[a])
        fixed = fixed_sides(names[o])
        for k in range(3):
            if k not in fixed:
                body = _clip(body, k, float(ex.box[o][0][k]),
                             float(ex.box[o][1][k]))
        region = to_world(M[o], body) if len(body) else world[a]
    point = region.mean(axis=0)
    return {"feature1": world[0], "feature2": world[1], "region": region,
            "point": point, "normal": _normal(ex, t, M, names, tight, point)}


def _edges_cross(names, tight):
    """Whether the two touching edges cross: a tight edge-edge direction
    e_i x g_j joins box 1's edge direction i and box 2's j (the library
    reports only directions that do not vanish, doc/algorithm.md §4.1)."""
    free = [[k for k in range(3) if k not in fixed_sides(n)][0]
            for n in names]
    return 6 + 3 * free[0] + free[1] in tight


def _normal(ex, t, M, names, tight, point):
    """The contact normal in world coordinates, unit, towards box 2."""
    L1 = M[0][:3, :3] / M[0][3, 3]
    for i in (0, 1):
        fixed = fixed_sides(names[i])
        if len(fixed) == 1:
            (k, s), = fixed.items()
            n = np.zeros(3)
            n[k] = 1.0 if s else -1.0
            Li = M[i][:3, :3] / M[i][3, 3]
            n = np.linalg.solve(Li.T, n) * (1 if i == 0 else -1)
            return n / np.linalg.norm(n)
    if not tight:
        return None
    A = [[[float(c) for c in p] for p in row] for row in ex.A]
    n, _ = _margins.directions(A, t)
    n = np.linalg.solve(L1.T, np.array(n[tight[0]], dtype=float))
    centre2 = to_world(M[1], [[float(ex.box[1][s][k]) for k in range(3)]
                              for s in (0, 1)]).mean(axis=0)
    if n @ (centre2 - point) < 0:
        n = -n
    return n / np.linalg.norm(n)


def draw_box(ax, box, M, colour, gid, alpha, style="-"):
    """One box at one time: translucent faces and its 12 edges."""
    from mpl_toolkits.mplot3d.art3d import Line3DCollection, Poly3DCollection
    quads = [to_world(M, q) for q in faces(box)]
    poly = Poly3DCollection(quads, facecolor=colour, alpha=alpha,
                            edgecolor="none")
    poly.set_gid(gid + "-faces")
    ax.add_collection3d(poly)
    edges = []
    for q in quads:
        edges += [[q[i], q[(i + 1) % 4]] for i in range(4)]
    lines = Line3DCollection(edges, colors=colour, linewidths=0.9,
                             linestyles=style, alpha=min(1.0, 3 * alpha + .2))
    lines.set_gid(gid + "-edges")
    ax.add_collection3d(lines)
    return np.concatenate(quads)


def draw_contact(ax, geo, size):
    """The touching features, the contact region, point and normal."""
    for i, key in enumerate(("feature1", "feature2")):
        f = geo[key]
        loop = np.vstack([f, f[:1]]) if len(f) > 2 else f
        (ln,) = ax.plot(loop[:, 0], loop[:, 1], loop[:, 2],
                        color=FEATURE_COLOUR, lw=3.2 - i, marker="o",
                        ms=4 - i)
        ln.set_gid("feature-box%d" % (i + 1))
    r = geo["region"]
    if len(r) > 1:
        loop = np.vstack([r, r[:1]]) if len(r) > 2 else r
        (ln,) = ax.plot(loop[:, 0], loop[:, 1], loop[:, 2], color="k",
                        lw=1.5, ls="--")
        ln.set_gid("contact-region")
    p = geo["point"]
    draw_point(ax, p, "contact-point")
    if geo["normal"] is not None:
        n = geo["normal"] * 0.3 * size
        q = ax.quiver(p[0], p[1], p[2], n[0], n[1], n[2], color="k",
                      linewidth=1.6, arrow_length_ratio=0.25)
        q.set_gid("contact-normal")


def frame(axes, pts):
    """The fixed view of every 3D panel: equal axes around the points
    pts (a list of n x 3 arrays) on every axes given, elevation 22,
    azimuth -58.  Returns the size of the cube shown."""
    pts = np.concatenate(pts)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    size = float((hi - lo).max()) or 1.0
    mid = (lo + hi) / 2
    for ax in axes:
        for set_lim, m in zip((ax.set_xlim, ax.set_ylim, ax.set_zlim), mid):
            set_lim(m - size / 2, m + size / 2)
        ax.set_box_aspect((1, 1, 1))
        ax.view_init(elev=22, azim=-58)
    return size


def draw_point(ax, p, gid):
    """The contact point: a star."""
    (pt,) = ax.plot([p[0]], [p[1]], [p[2]], marker="*", ms=14,
                    color="k", mfc="yellow", ls="none")
    pt.set_gid(gid)
