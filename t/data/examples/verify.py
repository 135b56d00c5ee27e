#!/usr/bin/env python3
"""t/data/examples/verify.py: check the golden files of t/examples-t.sh.

Usage: python3 t/data/examples/verify.py [TOP_SRCDIR]

Checks every field of t/data/examples/NAME.out against the answers
derived by hand in t/data/examples/README (the table ANSWERS below),
using exact rational arithmetic (fractions) and the decimal module
only; it shares no code with boxtoi and does not run it.  For each
query of examples/NAME.jsonl:

- status, "rational", "initial", "kind", the feature names and
  "planes" are the hand-derived ones;
- "poly" is square-free, primitive with lc > 0 and a multiple of the
  minimal polynomial; lo == hi is a root, or lo < hi with a sign change
  and exactly one root in [lo, hi] (Sturm count), and the closed form
  (80 digits) lies inside;
- "decimal" is the closed form rounded to 30 significant digits, ties
  to even;
- an exact separating-axis test at rational times finds no contact
  before t* (up to t* - 10^-50, or t* - 10^-9 for a rational t*), contact
  at a rational t*, and just after t* contact or none as derived (none
  for a touch of one instant); a no-contact query is sampled over its
  range ([t0, t0 + 50] for t1 = inf).

Exit status 0 when everything agrees.  Run it after regenerating a
golden file, e.g. when a change in lib/roots moves an isolating
interval [lo, hi] (any isolating interval is correct).
"""
import itertools
import json
import os
import sys
from decimal import Decimal as D, getcontext, ROUND_HALF_EVEN
from fractions import Fraction as F
from math import gcd

getcontext().prec = 100

# ---- polynomials over Q: lists of Fractions, constant term first ----


def norm(p):
    p = [F(c) for c in p]
    while p and p[-1] == 0:
        p.pop()
    return p


def padd(a, b):
    n = max(len(a), len(b))
    return norm([(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0)
                 for i in range(n)])


def pneg(a):
    return [-c for c in a]


def pdivmod(a, b):
    a, b = norm(a), norm(b)
    q = [F(0)] * max(len(a) - len(b) + 1, 0)
    r = list(a)
    while r and len(r) >= len(b):
        c = r[-1] / b[-1]
        k = len(r) - len(b)
        q[k] = c
        for i, y in enumerate(b):
            r[i + k] -= c * y
        r = norm(r)
    return norm(q), r


def pderiv(a):
    return norm([i * a[i] for i in range(1, len(a))])


def pgcd(a, b):
    a, b = norm(a), norm(b)
    while b:
        a, b = b, pdivmod(a, b)[1]
    return [c / a[-1] for c in a] if a else a


def peval(a, t):
    r = F(0)
    for c in reversed(a):
        r = r * t + c
    return r


def sgn(x):
    return (x > 0) - (x < 0)


def count_roots(p, a, b):
    """Distinct real roots of p in (a, b], by a Sturm sequence."""
    q = pdivmod(p, pgcd(p, pderiv(p)))[0]
    seq = [q, pderiv(q)]
    while True:
        r = pdivmod(seq[-2], seq[-1])[1]
        if not r:
            break
        seq.append(pneg(r))

    def var(x):
        s = [v for v in (sgn(peval(f, x)) for f in seq) if v]
        return sum(1 for i in range(len(s) - 1) if s[i] != s[i + 1])
    return var(a) - var(b)


# ---- exact static intersection test of two moved boxes ----


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0]]


def world_box(box, m, t):
    """Vertices and edge directions of a box moved by m at rational t
    (m a matrix of polynomials, or a function of t giving the matrix)."""
    mt = m(t) if callable(m) else [[peval(e, t) for e in row] for row in m]
    w = mt[3][3]
    assert mt[3][:3] == [0, 0, 0] and w != 0
    lo, hi = box
    verts = []
    for s in itertools.product((0, 1), repeat=3):
        p = [hi[k] if s[k] else lo[k] for k in range(3)] + [F(1)]
        verts.append([sum(mt[i][j] * p[j] for j in range(4)) / w
                      for i in range(3)])
    dirs = [[mt[i][k] for i in range(3)] for k in range(3)]
    return verts, dirs


def intersect(b1, m1, b2, m2, t):
    """Do the closed boxes share a point at t?  Separating axes: the face
    normals of both and the cross products of their edge directions."""
    v1, d1 = world_box(b1, m1, t)
    v2, d2 = world_box(b2, m2, t)
    axes = [cross(d1[1], d1[2]), cross(d1[2], d1[0]), cross(d1[0], d1[1]),
            cross(d2[1], d2[2]), cross(d2[2], d2[0]), cross(d2[0], d2[1])]
    axes += [cross(a, b) for a in d1 for b in d2]
    for n in axes:
        if not any(n):
            continue
        p1 = [sum(x * y for x, y in zip(n, v)) for v in v1]
        p2 = [sum(x * y for x, y in zip(n, v)) for v in v2]
        if max(p1) < min(p2) or max(p2) < min(p1):
            return False
    return True


# ---- the query format (only what the examples use) ----


def num(x):
    if '/' in x:
        n, d = x.split('/')
        return F(int(n), int(d))
    return F(D(x))


def rigid_at(q, P, T):
    """[[S, n T - S P], [0, n]] at one t from the quaternion q = (w, x, y,
    z), the pivot P and the translation T (rationals): S = (w^2 - v.v) I
    + 2 v v^T + 2 w [v]x, n = |q|^2 (doc/format.md 3.2)."""
    w, v = q[0], q[1:]
    vv = sum(c * c for c in v)
    cx = [[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]]
    S = [[(w * w - vv) * (i == j) + 2 * v[i] * v[j] + 2 * w * cx[i][j]
          for j in range(3)] for i in range(3)]
    n = w * w + vv
    col = [n * T[i] - sum(S[i][j] * P[j] for j in range(3))
           for i in range(3)]
    return [S[i] + [col[i]] for i in range(3)] + [[0, 0, 0, n]]


def motion(m, entry):
    """A motion of the query: a matrix, a rigid object or keyframes."""
    if isinstance(m, list):
        return [[entry(e) for e in row] for row in m]
    P = [num(c) for c in m.get('pivot', ['0', '0', '0'])]
    if 'keyframes' in m:
        ks = m['keyframes']
        ts = [num(k['t']) for k in ks]
        qs = [[num(c) for c in k.get('rotation', ['1', '0', '0', '0'])]
              for k in ks]
        Ts = [[num(c) for c in k.get('translation', ['0', '0', '0'])]
              for k in ks]

        def at(t):
            if t <= ts[0]:
                return rigid_at(qs[0], P, Ts[0])
            if t >= ts[-1]:
                return rigid_at(qs[-1], P, Ts[-1])
            i = max(j for j in range(len(ts)) if ts[j] <= t)
            s = (t - ts[i]) / (ts[i + 1] - ts[i])
            qa, qb = qs[i], qs[i + 1]
            if sum(a * b for a, b in zip(qa, qb)) < 0:
                qb = [-c for c in qb]
            return rigid_at([(1 - s) * a + s * b for a, b in zip(qa, qb)],
                            P, [(1 - s) * a + s * b
                                for a, b in zip(Ts[i], Ts[i + 1])])
        return at
    qp = [entry(e) for e in m.get('rotation', ['1', '0', '0', '0'])]
    Tp = [entry(e) for e in m.get('translation', ['0', '0', '0'])]
    return lambda t: rigid_at([peval(e, t) for e in qp], P,
                              [peval(e, t) for e in Tp])


def parse_query(line):
    q = json.loads(line, parse_float=str, parse_int=str)

    def box(b):
        return [num(x) for x in b['min']], [num(x) for x in b['max']]

    def entry(e):
        return norm([num(c) for c in e]) if isinstance(e, list) \
            else norm([num(e)])
    ident = [['1', '0', '0', '0'], ['0', '1', '0', '0'],
             ['0', '0', '1', '0'], ['0', '0', '0', '1']]
    m1 = motion(q.get('motion1', ident), entry)
    m2 = motion(q.get('motion2', ident), entry)
    t0, t1 = q.get('t_range', ['0', '1'])
    return (q['id'], box(q['box1']), m1, box(q['box2']), m2, num(t0),
            None if t1 == 'inf' else num(t1))


# ---- the answers derived by hand (t/data/examples/README) ----

def cubic_root():
    """The real root of 10 t^3 - 25 t^2 + 62 t - 77 (increasing)."""
    t = D('1.6')
    for _ in range(60):
        t -= (((10 * t - 25) * t + 62) * t - 77) / ((30 * t - 50) * t + 62)
    return t


def pick_root():
    """The real root of 8 t^3 - 33 t^2 + 78 t - 81 (increasing: its
    derivative 24 t^2 - 66 t + 78 has no real root)."""
    t = D('1.8')
    for _ in range(60):
        t -= (((8 * t - 33) * t + 78) * t - 81) / ((24 * t - 66) * t + 78)
    return t


PX, MX = [0, 6, 22, 27], [1, 7, 23, 26]
PY = [2, 8, 17, 24]
PZ, MZ = [4, 10, 14, 19], [5, 11, 15, 18]
# id: (value, minimal polynomial, rational, initial, kind, box 1 feature,
#      box 2 feature, tight planes, meets just after t*), or None for no
#      contact.
DROP = ((D(80) / D(327)).sqrt(), [-80, 0, 327], None, False, 'face-face',
        "Z'", 'Z', PZ, True)
ANSWERS = {
    'drop': DROP,
    'drop-thrown': DROP,
    'drop-over-edge': None,
    'crate-spin': ((10 - D(15).sqrt()) / 17, [5, -20, 17], None, False,
                   'face-vertex', 'X', "X'YZ'", [1], True),
    'crate-flight': (cubic_root(), [-77, 62, -25, 10], None, False,
                     'face-vertex', 'X', "X'YZ'", [1], True),
    'toss-ceiling': (D(5) / 7, [-5, 7], '5/7', False, 'face-face', 'Z',
                     "Z'", MZ, False),
    'toss-ceiling-higher': None,
    'cam-sqrt2': (D(2).sqrt(), [-2, 0, 1], None, False, 'face-face', "Z'",
                  'Z', PZ, False),
    'drawer-fits': None,
    'drawer-too-tall': (D('0.5'), [-1, 2], '1/2', False, 'face-face', 'X',
                        "X'", MX, True),
    'drawer-flush': (D('0.5'), [-1, 2], '1/2', False, 'edge-edge', 'X-Z',
                     "X'-Z'", sorted(MX + MZ), True),
    'drawer-on-runner': (D(0), [0, 1], '0', True, 'face-face', "Z'", 'Z',
                         PZ, True),
    'miss-1e-30': None,
    'touch': (D('6.5'), [-13, 2], '13/2', False, 'edge-edge', "X'-Y'",
              'X-Y', sorted(PX + PY), False),
    'rack': (D(3).sqrt() - 1, [-2, 2, 1], None, False, 'face-edge', 'X',
             "X'-Z'", [1, 26], True),
    'rack-short': None,
    # examples/robot-arm.jsonl: 3 t^2 + 15 t - 2 = 0 (README)
    'arm-fixture': ((D(249).sqrt() - 15) / 6, [-2, 15, 3], None, False,
                    'edge-face', "X'-Y", "Y'", [9, 25], True),
    'arm-clear': None,
    # examples/pick-and-place.jsonl: 8 t^3 - 33 t^2 + 78 t - 81 = 0
    'pick-wall': (pick_root(), [-81, 78, -33, 8], None, False,
                  'face-edge', 'X', "X'-Y", [1, 23], True),
    'pick-place': (D(4), [-4, 1], '4', False, 'face-face', "Z'", 'Z',
                   [4, 10, 12, 20], True),
    'pick-low-wall': None,
}


def round30(x):
    if x == 0:
        return '0'
    q = D(1).scaleb(x.adjusted() - 29)
    return str(x.quantize(q, rounding=ROUND_HALF_EVEN))


def dec(q):
    return D(q.numerator) / D(q.denominator)


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else '.'
    bad = []

    def check(cond, what):
        if not cond:
            bad.append(what)
            print('MISMATCH:', what)
    seen = set()
    for name in sorted(os.listdir(os.path.join(top, 'examples'))):
        if not name.endswith('.jsonl'):
            continue
        base = name[:-len('.jsonl')]
        with open(os.path.join(top, 'examples', name)) as f:
            queries = [line for line in f if line.strip()]
        with open(os.path.join(top, 't/data/examples', base + '.out')) as f:
            results = f.read().splitlines()
        check(len(queries) == len(results), base + ': number of lines')
        for line, out in zip(queries, results):
            if 'box1' not in json.loads(line):
                continue  # scenes, primitives: cell.py, primitives.py
            qid, b1, m1, b2, m2, t0, t1 = parse_query(line)
            r = json.loads(out)
            check(r['id'] == qid, qid + ': id')
            if base == 'doubles':
                continue  # checked by t/data/examples/doubles.py
            seen.add(qid)
            want = ANSWERS[qid]
            if want is None:
                check(r == {'id': qid, 'status': 'no_contact'},
                      qid + ': no_contact')
                hi = t1 if t1 is not None else t0 + 50
                for i in range(401):
                    t = t0 + (hi - t0) * F(i, 400)
                    check(not intersect(b1, m1, b2, m2, t),
                          '%s: the boxes meet at %s' % (qid, t))
                print(qid + ': no contact, ok')
                continue
            val, mp, rat, init, kind, f1, f2, planes, after = want
            check(r['status'] == 'contact', qid + ': status')
            tt = r['t']
            p = [F(int(c)) for c in tt['poly']]
            lo, hi = num(tt['lo']), num(tt['hi'])
            g = 0
            for c in tt['poly']:
                g = gcd(g, int(c))
            check(g == 1 and p[-1] > 0, qid + ': poly not canonical')
            check(len(pgcd(p, pderiv(p))) == 1, qid + ': not square-free')
            check(pdivmod(p, [F(c) for c in mp])[1] == [],
                  qid + ': poly is not a multiple of the minimal one')
            if lo == hi:
                check(rat is not None and lo == num(rat), qid + ': value')
                check(peval(p, lo) == 0, qid + ': lo == hi is not a root')
            else:
                check(peval(p, lo) * peval(p, hi) < 0,
                      qid + ': no sign change on [lo, hi]')
                check(count_roots(p, lo, hi) == 1,
                      qid + ': [lo, hi] is not isolating')
                eps = D(10) ** -80
                check(dec(lo) + eps < val < dec(hi) - eps,
                      qid + ': the value is not inside [lo, hi]')
            check(tt.get('rational') == rat, qid + ': rational')
            check(tt['decimal'] == round30(val),
                  '%s: decimal %s, want %s' % (qid, tt['decimal'],
                                               round30(val)))
            check(r['initial'] == init, qid + ': initial')
            c = r['contact']
            check(c['kind'] == kind, qid + ': kind')
            check((c['box1']['name'], c['box2']['name']) == (f1, f2),
                  qid + ': features')
            check(c['box1']['feature'] == f1_kind(f1) and
                  c['box2']['feature'] == f1_kind(f2),
                  qid + ': feature kinds')
            check(c['planes'] == planes, qid + ': planes')
            # The oracle around t*.
            if rat is not None:
                ts = num(rat)
                check(intersect(b1, m1, b2, m2, ts), qid + ': apart at t*')
                below, above = ts - F(1, 10**9), ts + F(1, 10**9)
            else:
                ts = F(str(val.quantize(D(1).scaleb(-70))))
                below, above = ts - F(1, 10**50), ts + F(1, 10**50)
            check(intersect(b1, m1, b2, m2, above) == after,
                  qid + ': just after t*')
            if below >= t0:
                for i in range(301):
                    t = t0 + (below - t0) * F(i, 300)
                    check(not intersect(b1, m1, b2, m2, t),
                          '%s: the boxes meet at %s < t*' % (qid, t))
            check_geometry(check, qid, c, r['initial'], b1, m1, b2, m2, ts)
            print('%s: contact at %s, ok' % (qid, tt['decimal']))
    check(seen == set(ANSWERS), 'queries without an answer or vice versa')
    print('%d mismatches' % len(bad))
    return 1 if bad else 0


# point and normal derived by hand where the geometry is simple: the
# drop's landing square is centred under the crate (thrown: x from
# 2t - 0.15 to the floor's edge 1, midpoint t + 0.425); the cam lifts
# the plate's bottom onto z = 1; the floor or cam is box 1, below.
HAND_GEOMETRY = {
    'drop': (('0', '0', '0'), ('0', '0', '1')),
    'drop-thrown': (((D(80) / D(327)).sqrt() + D('0.425'), 0, 0),
                    ('0', '0', '1')),
    'cam-sqrt2': (('0', '0', '1'), ('0', '0', '1')),
}


def check_geometry(check, qid, c, initial, b1, m1, b2, m2, ts):
    """The point lies in both boxes at ts (the exact t, or t to 70
    digits), to the 30-digit rounding; the normal is a unit vector with
    box 1's vertices on its negative side and box 2's on its positive
    side of the plane through the point (same tolerance); no normal for
    an initial contact.  Hand values where HAND_GEOMETRY has them."""
    tol = F(1, 10**20)
    p = [num(x) for x in c['point']]
    for box, m in ((b1, m1), (b2, m2)):
        verts, dirs = world_box(box, m, ts)
        # body coordinates: p = v0 + sum u_k d_k / w, solved by Cramer
        v0 = verts[0]
        e = [[verts[1 << k][i] - v0[i] for i in range(3)] for k in range(3)]
        det = sum(x * y for x, y in zip(e[0], cross(e[1], e[2])))
        rel = [p[i] - v0[i] for i in range(3)]
        u = [sum(x * y for x, y in zip(rel, cross(e[(k + 1) % 3],
                                                   e[(k + 2) % 3]))) / det
             if det != 0 else F(0) for k in range(3)]
        check(all(-tol <= x <= 1 + tol for x in u),
              '%s: point outside a box (%s)' % (qid, u))
    if 'normal' in c:
        check(not initial, qid + ': normal of an initial contact')
        n = [num(x) for x in c['normal']]
        check(abs(sum(x * x for x in n) - 1) < tol, qid + ': not unit')
        for box, m, sgn_ in ((b1, m1, -1), (b2, m2, 1)):
            for v in world_box(box, m, ts)[0]:
                d = sum(n[i] * (v[i] - p[i]) for i in range(3))
                check(sgn_ * d >= -tol, qid + ': the normal does not separate')
    if qid in HAND_GEOMETRY:
        hp, hn = HAND_GEOMETRY[qid]
        check(c['point'] == [round30(D(x)) for x in hp],
              '%s: point %s' % (qid, c['point']))
        check(c.get('normal') == [round30(D(x)) for x in hn],
              '%s: normal %s' % (qid, c.get('normal')))


def f1_kind(name):
    """The kind of a feature from its name: faces in it."""
    if name == 'interior':
        return 'solid'
    n = sum(1 for ch in name if ch in 'XYZ')
    return {1: 'face', 2: 'edge', 3: 'vertex'}[n]


if __name__ == '__main__':
    sys.exit(main())
