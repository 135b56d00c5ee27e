"""The 15 separating margins of a box pair (doc/algorithm.md §3.2).

With box 2 seen from box 1's body frame by the relative motion
M = [[A, b], [0, w]] (printed by ``boxtoi --explain``), the solids meet at
t exactly when, for each of the 15 directions n_d,

    margin_d = R_d - |n_d . D| >= 0,
    R_d = |w| sum_k E1_k |n_d . e_k| + sum_k E2_k |n_d . a_k|,
    D = A (min2 + max2) + 2 b - w (min1 + max1),

with a_k the columns of A, E1 = max1 - min1, E2 = max2 - min2.  Directions
0-2 are e_k (box 1's faces), 3-5 are a_{k+1} x a_{k+2} (box 2's faces, the
rows of adj A), 6 + 3 i + j is e_i x a_j (edge-edge): the library's
numbering (include/boxtoi/contact.h), and its planes 2d, 2d + 1 are
R_d -+ n_d . D multiplied by the common denominator L of the box
coordinates.

The functions take t of any number type that +, -, * and abs() work on:
fractions.Fraction gives exact values (the tests compare their signs with
the library's answer), a numpy array gives the curves that are drawn.
Dividing margin_d by 2 |w| |n_d| gives the overlap of the two solids'
shadows on the axis n_d in box 1's units (negative: a gap, the axis
separates them); that is what the picture shows, so that the 15 curves
are comparable.  Floating point here only draws; it decides nothing.
"""

NDIRS = 15
AXES = "xyz"


def peval(p, t):
    """p(t) by Horner's rule; p is a coefficient list, constant first."""
    acc = 0 * t
    for c in reversed(p):
        acc = acc * t + c
    return acc


def _cross(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0]]


def _dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def directions(A, t):
    """The 15 normals n_d at t in box 1's frame (lists of 3), and the
    columns a_k of A(t)."""
    a = [[peval(A[i][k], t) for i in range(3)] for k in range(3)]
    zero, one = 0 * t, 0 * t + 1
    e = [[one if i == k else zero for i in range(3)] for k in range(3)]
    n = [e[k] for k in range(3)]
    n += [_cross(a[(k + 1) % 3], a[(k + 2) % 3]) for k in range(3)]
    n += [_cross(e[i], a[j]) for i in range(3) for j in range(3)]
    return n, a


def _terms(rel, box1, box2, t):
    """(R_d, n_d . D) for the 15 directions at t."""
    A, b, w = rel
    n, a = directions(A, t)
    wt = peval(w, t)
    E1 = [box1[1][k] - box1[0][k] for k in range(3)]
    E2 = [box2[1][k] - box2[0][k] for k in range(3)]
    D = [sum(a[k][i] * (box2[0][k] + box2[1][k]) for k in range(3))
         + 2 * peval(b[i], t) - wt * (box1[0][i] + box1[1][i])
         for i in range(3)]
    out = []
    for nd in n:
        R = abs(wt) * sum(E1[k] * abs(nd[k]) for k in range(3))
        R = R + sum(E2[k] * abs(_dot(nd, a[k])) for k in range(3))
        out.append((R, _dot(nd, D)))
    return out


def margins(rel, box1, box2, t):
    """[margin_0, ..., margin_14] at t (the module's docstring).
    rel = (A, b, w) of integer polynomials; box1, box2 = (min, max)."""
    return [R - abs(nD) for R, nD in _terms(rel, box1, box2, t)]


def plane_values(rel, box1, box2, t):
    """[R_d - n_d . D, R_d + n_d . D for d in 0..14] at t: the library's
    30 planes divided by L (exact with Fractions)."""
    out = []
    for R, nD in _terms(rel, box1, box2, t):
        out += [R - nD, R + nD]
    return out


def scaled_margins(rel, box1, box2, t):
    """margin_d / (2 |w| |n_d|) for t a numpy array (float, drawing only):
    the shadows' overlap on n_d in box 1's units; NaN where n_d = 0."""
    import numpy as np
    A, b, w = rel
    n, _ = directions(A, t)
    wt = np.abs(peval(w, t))
    out = []
    for d, m in enumerate(margins(rel, box1, box2, t)):
        norm = np.sqrt(_dot(n[d], n[d]) + 0 * t)
        with np.errstate(divide="ignore", invalid="ignore"):
            out.append(np.where(norm > 0, m / (2 * wt * norm), np.nan))
    return out


def direction_name(d):
    """A short name of direction d: e_x, n(box2 face X), e_x x g_y."""
    if d < 3:
        return "e_%s" % AXES[d]
    if d < 6:
        return "g_%s x g_%s" % (AXES[(d - 2) % 3], AXES[(d - 1) % 3])
    i, j = divmod(d - 6, 3)
    return "e_%s x g_%s" % (AXES[i], AXES[j])


def direction_meaning(d):
    """What direction d stands for, in words."""
    if d < 3:
        return "box 1's %s faces" % AXES[d]
    if d < 6:
        return "box 2's %s faces" % AXES[d - 3]
    i, j = divmod(d - 6, 3)
    return "box 1's %s edges / box 2's %s edges" % (AXES[i], AXES[j])
