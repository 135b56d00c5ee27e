"""first_contact_batch against first_contact, query by query: the same
status, the doubles around the same exact t, the same initial flag;
errors as results; the rotation matrix against its closed form."""

import math
import random
from fractions import Fraction

import pytest

import boxtoi

np = pytest.importorskip("numpy")
from boxtoi import batch as B  # noqa: E402  (needs numpy)


def _arrays(n, k, seed):
    rng = np.random.default_rng(seed)
    b1lo = rng.integers(-4, 1, (n, 3)) / 4.0
    b1hi = b1lo + rng.integers(1, 8, (n, 3)) / 4.0
    b2lo = rng.uniform(-0.5, 0.5, (n, 3))  # arbitrary doubles
    b2hi = b2lo + rng.uniform(0, 1, (n, 3))
    tr1 = rng.uniform(-1, 1, (n, 3, k)) * (rng.random((n, 3, k)) < 0.5)
    # box 2 heads for box 1: passing near the origin at a time s
    tr2 = rng.uniform(-0.5, 0.5, (n, 3, k))
    if k > 1:
        v = rng.uniform(-4, 4, (n, 3))
        tr2[:, :, 1] = v
        tr2[:, :, 0] -= v * rng.uniform(0, 1.2, (n, 1))
    return b1lo, b1hi, b2lo, b2hi, tr1, tr2


def _single(b1lo, b1hi, b2lo, b2hi, tr1, tr2, i, t_range):
    def motion(tr):
        return [[1, 0, 0, list(tr[i, 0])], [0, 1, 0, list(tr[i, 1])],
                [0, 0, 1, list(tr[i, 2])], [0, 0, 0, 1]]
    return boxtoi.first_contact(
        {"min": list(b1lo[i]), "max": list(b1hi[i])},
        {"min": list(b2lo[i]), "max": list(b2hi[i])},
        motion(tr1), motion(tr2), t_range)


@pytest.mark.parametrize("k,t_range", [(1, (0, 1)), (2, (0, 1)),
                                       (3, (Fraction(1, 3), "inf"))])
def test_batch_equals_single(k, t_range):
    arrs = _arrays(300, k, k)
    res = boxtoi.first_contact_batch(*arrs, t_range=t_range, jobs=2)
    assert res.status.dtype == np.int8 and res.initial.dtype == np.bool_
    counts = {}
    for i in range(300):
        r = _single(*arrs, i, t_range)
        want = {"contact": 1, "no_contact": 0}[r.status]
        assert res.status[i] == want
        counts[want] = counts.get(want, 0) + 1
        if want == 1:
            assert res.t_down[i] == r.t.down and res.t_up[i] == r.t.up
            assert Fraction(res.t_down[i]) <= r.t.interval[1]
            assert res.initial[i] == r.initial
            assert res.exact(i).t == r.t
        else:
            assert math.isnan(res.t_down[i]) and math.isnan(res.t_up[i])
    assert counts.get(1, 0) > 20 and counts.get(0, 0) > 20


def test_batch_errors_are_results():
    b1lo, b1hi, b2lo, b2hi, tr1, tr2 = _arrays(4, 1, 7)
    b1lo[1, 2] = b1hi[1, 2] + 1  # min > max
    tr2[2, 0, 0] = math.nan
    res = boxtoi.first_contact_batch(b1lo, b1hi, b2lo, b2hi, tr1, tr2)
    assert list(res.status[1:3]) == [-1, -1]
    assert res.exact(1).error.code == "invalid_box"
    assert res.code[1] != 0 and res.code[2] != 0
    assert res.status[0] != -1 and res.status[3] != -1
    with pytest.raises(ValueError):
        boxtoi.first_contact_batch(b1lo, b1hi, b2lo, b2hi, tr1, tr2,
                                   t_range=(1, 0))
    with pytest.raises(ValueError):
        boxtoi.first_contact_batch(b1lo[:3], b1hi, b2lo, b2hi, tr1, tr2)


def test_rigid_matrix_closed_form():
    # q = [1, 0, 0, u]: a turn about z with tan(theta/2) = u, S =
    # [[1 - u^2, -2u, 0], [2u, 1 - u^2, 0], [0, 0, 1 + u^2]], w = 1 + u^2
    u = [Fraction(0), Fraction(1, 2)]  # u = t/2
    m = B._rigid_matrix([[1], [0], [0], u], [[3], [0], [0, 1]])
    u2 = [0, 0, Fraction(1, 4)]

    def eq(p, q):
        n = max(len(p), len(q))
        return [Fraction(x) for x in p] + [0] * (n - len(p)) == \
            [Fraction(x) for x in q] + [0] * (n - len(q))
    assert eq(m[0][0], [1, 0, -Fraction(1, 4)]) and eq(m[0][1], [0, -1])
    assert eq(m[1][0], [0, 1]) and eq(m[2][2], [1, 0, Fraction(1, 4)])
    assert eq(m[0][2], [0]) and eq(m[3][3], [1, 0, Fraction(1, 4)])
    assert eq(m[0][3], [3, 0, Fraction(3, 4)])  # w * 3
    assert eq(m[2][3], [0, 1, 0, Fraction(1, 4)])  # w * t
    assert u2


@pytest.mark.parametrize("k", [1, 2, 3])
def test_batch_rotation_equals_single(k):
    # q2 = [1, 0, 0, u(t)], u = c t^(k-1): a turn about z (through the C
    # entry for k <= 2, the JSON path for k = 3), against the closed form
    # S = [[1 - u^2, -2u, 0], [2u, 1 - u^2, 0], [0, 0, 1 + u^2]],
    # w = 1 + u^2, written out here
    n = 40
    b1lo, b1hi, b2lo, b2hi, tr1, tr2 = _arrays(n, 2, 11 + k)
    rng = random.Random(3)
    rot = np.zeros((n, 4, k))
    rot[:, 0, 0] = 1
    for i in range(n):
        rot[i, 3, k - 1] = rng.choice([0.5, 1.0, 0.25, 2.0])
    res = boxtoi.first_contact_batch(b1lo, b1hi, b2lo, b2hi, tr1, tr2,
                                     rotation2=rot, jobs=2)
    contacts = 0
    for i in range(n):
        c = Fraction(rot[i, 3, k - 1])
        u = [0] * (k - 1) + [c]
        u2 = [0] * (2 * k - 2) + [c * c]
        one_m = [1 - x if j == 0 else -x for j, x in enumerate(u2)]
        w = [1 + x if j == 0 else x for j, x in enumerate(u2)]
        tr = [[Fraction(x) for x in tr2[i, j]] for j in range(3)]
        wt = [B._poly_mul(w, p) for p in tr]
        m2 = [[one_m, [-2 * x for x in u], 0, wt[0]],
              [[2 * x for x in u], one_m, 0, wt[1]],
              [0, 0, w, wt[2]], [0, 0, 0, w]]
        m1 = [[1, 0, 0, list(tr1[i, 0])], [0, 1, 0, list(tr1[i, 1])],
              [0, 0, 1, list(tr1[i, 2])], [0, 0, 0, 1]]
        r = boxtoi.first_contact(
            {"min": list(b1lo[i]), "max": list(b1hi[i])},
            {"min": list(b2lo[i]), "max": list(b2hi[i])}, m1, m2)
        assert res.status[i] == {"contact": 1, "no_contact": 0}[r.status]
        if r.status == "contact":
            contacts += 1
            assert (res.t_down[i], res.t_up[i]) == (r.t.down, r.t.up)
            assert res.initial[i] == r.initial
    assert 0 < contacts < n
