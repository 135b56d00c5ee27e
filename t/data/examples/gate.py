#!/usr/bin/env python3
"""t/data/examples/gate.py: check t/data/examples/gate.out (report
"intervals") against the intervals derived by hand in
t/data/examples/README ("gate.jsonl").

Usage: python3 t/data/examples/gate.py [TOP_SRCDIR]

Independent of boxtoi (fractions and decimal only).  Every query of
examples/gate.jsonl moves box 2 by a pure translation (a translation
object, keyframes of translations, or a matrix c(t) I with translation
b(t) / c(t)) against box 1 at rest, so the solids share a point at a
rational t iff on each axis k the two closed extents overlap:
    min1_k <= max2_k + x_k(t)  and  min2_k + x_k(t) <= max1_k.
Checked for each query:
- the list of intervals is the hand-derived one (HAND below): ends
  a + b sqrt(d); a rational end is written with poly [-n, d], lo = hi =
  rational = n/d; an irrational one with the minimal polynomial of
  a + b sqrt d (primitive integers, lc > 0) and lo < t < hi (exact
  comparison in Q(sqrt d)); "decimal" is t to 30 significant digits;
  "to" is "inf" exactly for an interval that runs to +inf;
- the overlap test above holds at rationals strictly inside every
  interval and at its rational ends, and fails at rationals strictly
  between intervals, before the first and after the last; at an
  irrational end it holds 10^-40 inside and fails 10^-40 outside.
"""
import json
import os
import sys
from decimal import Decimal as D, getcontext, ROUND_HALF_EVEN
from fractions import Fraction as F
from math import gcd

getcontext().prec = 80
EPS = F(1, 10 ** 40)
INF = 'inf'

# id -> intervals, each end (a, b, d) for a + b sqrt(d) or INF; derived
# in t/data/examples/README.
HAND = {
    'gate-pass': [((3, 0, 0), (5, 0, 0))],
    'gate-toss': [((F(1, 2), F(-1, 10), 13), (F(1, 2), F(-1, 10), 3)),
                  ((F(1, 2), F(1, 10), 3), (F(1, 2), F(1, 10), 13))],
    'gate-graze': [((F(1, 2), 0, 0), (F(1, 2), 0, 0))],
    'gate-settle': [((3, 0, 0), INF)],
    'gate-leave': [((0, 0, 0), (F(5, 4), 0, 0))],
    'gate-there-and-back': [((F(3, 4), 0, 0), (F(5, 4), 0, 0)),
                            ((F(11, 4), 0, 0), (F(13, 4), 0, 0))],
    'gate-pause': [((F(3, 4), 0, 0), (F(13, 4), 0, 0))],
    'gate-miss': [],
}


def num(x):
    return F(x)


def poly(e):
    return [num(c) for c in e] if isinstance(e, list) else [num(e)]


def peval(p, t):
    v = F(0)
    for c in reversed(p):
        v = v * t + c
    return v


def translation_at(m, t):
    """x(t) of box 2 for the motion forms used in gate.jsonl."""
    if isinstance(m, list):  # c(t) I block, translation b(t), weight c(t)
        w = peval(poly(m[3][3]), t)
        for i in range(3):
            assert poly(m[i][i]) == poly(m[3][3])
        return [peval(poly(m[k][3]), t) / w for k in range(3)]
    if 'translation' in m:
        return [peval(poly(e), t) for e in m['translation']]
    kf = m['keyframes']
    ts = [num(k['t']) for k in kf]
    tr = [[num(c) for c in k.get('translation', [0, 0, 0])] for k in kf]
    if t <= ts[0]:
        return tr[0]
    for i in range(len(kf) - 1):
        if t <= ts[i + 1]:
            s = (t - ts[i]) / (ts[i + 1] - ts[i])
            return [(1 - s) * tr[i][k] + s * tr[i + 1][k] for k in range(3)]
    return tr[-1]


def meet(q, t):
    x = translation_at(q['motion2'], t)
    b1, b2 = q['box1'], q['box2']
    return all(num(b1['min'][k]) <= num(b2['max'][k]) + x[k]
               and num(b2['min'][k]) + x[k] <= num(b1['max'][k])
               for k in range(3))


def sqrt_bounds(d, bits=200):
    """Rationals lo <= sqrt(d) <= hi, hi - lo <= 2^-bits."""
    s = F(d)
    lo, hi = F(0), max(F(1), s)
    while hi - lo > F(1, 2 ** bits):
        m = (lo + hi) / 2
        if m * m <= s:
            lo = m
        else:
            hi = m
    return lo, hi


def approx(e):
    """A rational within 2^-150 of the end e = (a, b, d)."""
    a, b, d = F(e[0]), F(e[1]), e[2]
    if b == 0:
        return a
    lo, hi = sqrt_bounds(d)
    return a + b * (lo if b > 0 else hi)


def cmp_end(e, x):
    """Sign of (a + b sqrt d) - x, exactly."""
    a, b, d = F(e[0]), F(e[1]), e[2]
    u = a - F(x)  # sign of u + b sqrt d
    if b == 0:
        return (u > 0) - (u < 0)
    v = b * b * d - u * u  # |b sqrt d| vs |u|
    if u >= 0 and b > 0:
        return 1
    if u <= 0 and b < 0:
        return -1
    if u > 0:  # b < 0: u - |b| sqrt d
        return (u * u > b * b * d) - (u * u < b * b * d)
    return (v > 0) - (v < 0)  # u < 0 < b


def minpoly(e):
    """Integer coefficients, constant first, of the minimal polynomial."""
    a, b, d = F(e[0]), F(e[1]), e[2]
    if b == 0:
        return [-a.numerator, a.denominator]
    c = [a * a - b * b * d, -2 * a, F(1)]  # (t - a)^2 - b^2 d
    den = 1
    for x in c:
        den = den * x.denominator // gcd(den, x.denominator)
    z = [int(x * den) for x in c]
    g = 0
    for x in z:
        g = gcd(g, x)
    return [x // g for x in z]


def decimal30(e):
    a, b, d = F(e[0]), F(e[1]), e[2]
    v = D(a.numerator) / D(a.denominator)
    if b != 0:
        v += D(b.numerator) / D(b.denominator) * D(d).sqrt()
    if v == 0:
        return '0'
    q = v.quantize(D(1).scaleb(v.adjusted() - 29), rounding=ROUND_HALF_EVEN)
    if q.adjusted() != v.adjusted():
        q = v.quantize(D(1).scaleb(q.adjusted() - 29),
                       rounding=ROUND_HALF_EVEN)
    return '{:f}'.format(q)


def frac_str(x):
    return str(x.numerator) if x.denominator == 1 else '%d/%d' % (
        x.numerator, x.denominator)


def check_time(t, e, what, errs):
    if t.get('poly') != [str(c) for c in minpoly(e)]:
        errs.append('%s: poly %s, want %s' % (what, t.get('poly'),
                                              minpoly(e)))
    lo, hi = F(t['lo']), F(t['hi'])
    if e[1] == 0:
        r = F(e[0])
        if not (lo == hi == r and t.get('rational') == frac_str(r)):
            errs.append('%s: not the rational %s' % (what, r))
    elif not (lo < hi and cmp_end(e, lo) > 0 and cmp_end(e, hi) < 0
              and 'rational' not in t):
        errs.append('%s: [%s, %s] does not hold it' % (what, lo, hi))
    if t.get('decimal') != decimal30(e):
        errs.append('%s: decimal %s, want %s' % (what, t.get('decimal'),
                                                 decimal30(e)))


def check_query(q, r, errs):
    name = q['id']
    want = HAND[name]
    t0 = num(q['t_range'][0])
    t1 = None if q['t_range'][1] == 'inf' else num(q['t_range'][1])
    got = r.get('intervals')
    if r['status'] != ('contact' if want else 'no_contact') or got is None \
            or len(got) != len(want):
        errs.append('%s: status %s with %s, want %d intervals' % (
            name, r['status'], got, len(want)))
        return
    for i, (iv, (a, b)) in enumerate(zip(got, want)):
        check_time(iv['from'], a, '%s[%d].from' % (name, i), errs)
        if b == INF:
            if iv['to'] != 'inf':
                errs.append('%s[%d].to: want "inf"' % (name, i))
        else:
            check_time(iv['to'], b, '%s[%d].to' % (name, i), errs)
    # the semantics, with the overlap test
    ends = []
    for a, b in want:
        ends.append(approx(a))
        ends.append(None if b == INF else approx(b))
    for i, (a, b) in enumerate(want):
        fa = ends[2 * i]
        fb = ends[2 * i + 1]
        hi = fb if fb is not None else fa + 100
        for k in (1, 2, 3):
            x = fa + (hi - fa) * k / 4
            if fa != hi and not meet(q, x):
                errs.append('%s: apart at %s inside interval %d' % (
                    name, x, i))
        for e, side in ((a, 1), (b, -1)):
            if e == INF:
                continue
            x = approx(e)
            if e[1] == 0:
                if not meet(q, x):
                    errs.append('%s: apart at the end %s' % (name, x))
                continue
            if not meet(q, x + side * EPS) or \
                    meet(q, x - side * EPS):
                errs.append('%s: the end %s is not sharp' % (name, x))
    # gaps: before the first, between, after the last
    cuts = [t0] + [x for x in ends] + [t1]
    for j in range(0, len(cuts), 2):
        lo, hi = cuts[j], cuts[j + 1]
        if lo is None:
            continue
        if hi is None:
            hi = lo + 100
        if hi <= lo:
            continue
        for k in (1, 2, 3):
            x = lo + (hi - lo) * k / 4
            if meet(q, x):
                errs.append('%s: contact at %s outside the intervals' % (
                    name, x))


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else '.'
    qs = [json.loads(l) for l in open(os.path.join(top, 'examples',
                                                   'gate.jsonl'))]
    rs = [json.loads(l) for l in open(os.path.join(top, 't', 'data',
                                                   'examples', 'gate.out'))]
    errs = []
    if len(qs) != len(rs):
        errs.append('%d queries, %d results' % (len(qs), len(rs)))
    for q, r in zip(qs, rs):
        if r.get('id') != q['id']:
            errs.append('result %s for query %s' % (r.get('id'), q['id']))
            continue
        check_query(q, r, errs)
    for e in errs:
        print(e)
    print('%d queries checked, %d problems' % (len(qs), len(errs)))
    return 1 if errs else 0


if __name__ == '__main__':
    sys.exit(main())
