"""The vectorised entry: many two-box queries from numpy arrays
(doc/python.md, "Batches").

Translations and rotations by quaternions of degree at most 1 go to
boxtoi_batch_rigid, which reads the doubles exactly and writes the
answers into numpy arrays with no text in between; quaternions of
higher degree go through the JSON path (their 4x4 matrix is built here
exactly, as in spec v2 §3.2).  Chunks of queries are solved by jobs
threads (the C code runs without the GIL).
"""

import concurrent.futures
import ctypes
import os
from fractions import Fraction

import numpy as np

from . import _lib
from .query import Result, _range, query_json, solve
from .numbers import number_text

__all__ = ["first_contact_batch", "BatchResult"]

_CHUNK = 1024


class BatchResult:
    """Answers of a batch: numpy arrays status (int8: 1 contact, 0 no
    contact, -1 error), t_down and t_up (float64: the doubles around t,
    nan without contact), initial (bool) and code (int32: the library's
    error number, 0 without error); exact(i) gives query i's full Result
    (its exact time, contact features, or error message)."""

    def __init__(self, status, t_down, t_up, initial, code, query):
        self.status = status
        self.t_down = t_down
        self.t_up = t_up
        self.initial = initial
        self.code = code
        self._query = query

    def __len__(self):
        return len(self.status)

    def query(self, i):
        """Query i as a dict of the format (numbers exact)."""
        return self._query(i)

    def exact(self, i):
        """Query i's full Result, solved again through the JSON path."""
        return next(solve([self._query(i)]))


def _array(x, shape, name):
    a = np.asarray(x)
    if a.dtype.kind in "iu" and a.size and np.abs(a).max() > 2 ** 53:
        raise ValueError("%s: integers beyond 2^53 are not doubles; pass "
                         "them to first_contact" % name)
    if a.dtype.kind not in "iuf":
        raise TypeError("%s: an array of numbers is needed" % name)
    a = np.ascontiguousarray(a, dtype=np.float64)
    if a.ndim == len(shape) - 1 and len(shape) == 3:
        a = a[:, :, None]  # (N, 3): constant polynomials
    if a.ndim != len(shape) or any(s is not None and s != d
                                   for s, d in zip(shape, a.shape)):
        raise ValueError("%s: shape %s, expected %s" % (
            name, a.shape, tuple("N" if s is None else s for s in shape)))
    return a


def _ptr(a, offset=0):
    return ctypes.c_void_p(a.ctypes.data + offset * a.strides[0])


def _poly_mul(a, b):
    r = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                r[i + j] += x * y
    return r


def _poly_add(*ps):
    r = [Fraction(0)] * max(len(p) for p in ps)
    for p in ps:
        for i, c in enumerate(p):
            r[i] += c
    return r


def _scale(p, c):
    return [c * x for x in p]


def _rigid_matrix(quat, tr):
    """The matrix [[S, w T], [0, w]] of spec v2 §3.2 (pivot at the
    origin) of the quaternion polynomials quat = (qw, qx, qy, qz) and the
    translation polynomials tr, lists of Fractions."""
    w, x, y, z = quat
    m = _poly_mul
    ww, xx, yy, zz = m(w, w), m(x, x), m(y, y), m(z, z)
    xy, xz, yz = m(x, y), m(x, z), m(y, z)
    wx, wy, wz = m(w, x), m(w, y), m(w, z)
    neg = lambda p: _scale(p, -1)
    s = [[_poly_add(ww, xx, neg(yy), neg(zz)),
          _scale(_poly_add(xy, neg(wz)), 2), _scale(_poly_add(xz, wy), 2)],
         [_scale(_poly_add(xy, wz), 2), _poly_add(ww, neg(xx), yy, neg(zz)),
          _scale(_poly_add(yz, neg(wx)), 2)],
         [_scale(_poly_add(xz, neg(wy)), 2), _scale(_poly_add(yz, wx), 2),
          _poly_add(ww, neg(xx), neg(yy), zz)]]
    norm = _poly_add(ww, xx, yy, zz)
    rows = [s[i] + [m(norm, tr[i])] for i in range(3)]
    rows.append([[0], [0], [0], norm])
    return rows


def _translation_matrix(tr):
    return [[[1] if i == j else [0] for j in range(3)] + [tr[i]]
            for i in range(3)] + [[[0], [0], [0], [1]]]


class _Queries:
    """The arrays, and query i as a dict (for exact(i) and rotations)."""

    def __init__(self, b1lo, b1hi, b2lo, b2hi, tr, rot, t_range):
        self.b = (b1lo, b1hi, b2lo, b2hi)
        self.tr = tr
        self.rot = rot
        self.t_range = t_range

    def motion(self, k, i):
        tr = [[Fraction(c) for c in self.tr[k][i, c]] for c in range(3)] \
            if self.tr[k] is not None else [[Fraction(0)]] * 3
        if self.rot[k] is None:
            return _translation_matrix(tr)
        quat = [[Fraction(c) for c in self.rot[k][i, j]] for j in range(4)]
        return _rigid_matrix(quat, tr)

    def __call__(self, i):
        b = self.b
        return {"id": int(i),
                "box1": {"min": b[0][i].tolist(), "max": b[1][i].tolist()},
                "box2": {"min": b[2][i].tolist(), "max": b[3][i].tolist()},
                "motion1": self.motion(0, i), "motion2": self.motion(1, i),
                "t_range": self.t_range}


def _run_rigid(out, ins, tr, rot, t_range, i0, i1):
    status, t_down, t_up, initial, code = out
    err = _lib.ErrInfo()
    t0, t1 = (str(number_text(t)).encode() for t in t_range)
    motion = []
    for a in (tr[0], rot[0], tr[1], rot[1]):
        motion += [None, 0] if a is None else [_ptr(a, i0), a.shape[2]]
    rc = _lib.lib.boxtoi_batch_rigid(
        _ptr(status, i0), _ptr(t_down, i0), _ptr(t_up, i0),
        _ptr(initial, i0), _ptr(code, i0), i1 - i0,
        *(_ptr(a, i0) for a in ins), *motion, t0, t1, None,
        ctypes.byref(err))
    if rc != 0:
        raise ValueError("t_range: " + err.msg.decode(errors="replace"))


def _run_json(out, queries, idx):
    status, t_down, t_up, initial, code = out
    for i, r in zip(idx, solve(queries(i) for i in idx)):
        st = r.status
        status[i] = {"contact": 1, "no_contact": 0}.get(st, -1)
        code[i] = 0 if st != "error" else -1
        if st == "contact":
            t_down[i], t_up[i] = r.t.down, r.t.up
            initial[i] = r.initial


def first_contact_batch(box1_min, box1_max, box2_min, box2_max,
                        translation1, translation2, rotation1=None,
                        rotation2=None, t_range=(0, 1), jobs=None):
    """First contacts of N two-box queries from numpy arrays.

    box1_min ... box2_max: (N, 3) arrays, each box in its body frame;
    translation1/2: (N, 3, K) polynomial coefficients (constant term
    first) of the position of each body's origin (or (N, 3): constant;
    None: no translation); rotation1/2: None or (N, 4, K) quaternion
    polynomials (qw, qx, qy, qz), spec v2 §3.2, about the body's origin;
    t_range: (t0, t1) exact numbers, t1 may be "inf".  Every double is
    read exactly.  jobs threads (None: every core).  Returns a
    BatchResult; errors are results (status -1), never exceptions.
    """
    n = np.asarray(box1_min).shape[0] if np.ndim(box1_min) else 0
    ins = [_array(a, (None, 3), name) for a, name in (
        (box1_min, "box1_min"), (box1_max, "box1_max"),
        (box2_min, "box2_min"), (box2_max, "box2_max"))]
    for a in ins:
        if a.shape[0] != n:
            raise ValueError("the arrays must have the same length N")
    tr = [None if t is None else _array(t, (n, 3, None), name)
          for t, name in ((translation1, "translation1"),
                          (translation2, "translation2"))]
    rot = [None if r is None else _array(r, (n, 4, None), name)
           for r, name in ((rotation1, "rotation1"),
                           (rotation2, "rotation2"))]
    t_range = _range(t_range)
    out = (np.zeros(n, np.int8), np.full(n, np.nan), np.full(n, np.nan),
           np.zeros(n, np.bool_), np.zeros(n, np.intc))
    queries = _Queries(*ins, tr, rot, t_range)
    jobs = jobs or os.cpu_count() or 1
    # about 8 chunks per thread (for balance), each of at least _CHUNK
    # queries (so that the Python work per chunk is negligible)
    step = max(_CHUNK, -(-n // (8 * jobs)))
    bounds = [(i, min(i + step, n)) for i in range(0, n, step)]
    if all(r is None or r.shape[2] <= 2 for r in rot):
        work = [(_run_rigid, out, ins, tr, rot, t_range, i0, i1)
                for i0, i1 in bounds]
    else:
        work = [(_run_json, out, queries, range(i0, i1))
                for i0, i1 in bounds]
    if jobs == 1 or len(work) == 1:
        for w in work:
            w[0](*w[1:])
    else:
        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            for f in [ex.submit(*w) for w in work]:
                f.result()
    return BatchResult(*out, queries)
