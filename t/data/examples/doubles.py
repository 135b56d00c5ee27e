#!/usr/bin/env python3
"""t/data/examples/doubles.py: the ground-truth batch written from
doubles (examples/doubles.jsonl) and its answers, derived here with
exact rationals before the golden file was written.

Usage:
  python3 t/data/examples/doubles.py write > examples/doubles.jsonl
  python3 t/data/examples/doubles.py check t/data/examples/doubles.out

A simulation holds its poses as doubles and writes them with
json.dumps (shortest round-trip decimals); the queries say
"numbers": "binary64", so boxtoi reads each literal as that double.
Each answer is worked out below from Fraction(double), the exact value
of the double, with no boxtoi code: the contact time, whether it is
rational, its 30-digit decimal (decimal module, 60 digits, then rounded
half-even), the doubles around it (exact comparisons), the features
and tight planes (box 2 only translates, so a face-face contact with
normal n has the four planes of n, t/data/examples/README).  The
minimal polynomial and canonical interval are checked by
t/data/timecheck.py, which t/examples-t.sh runs on every golden file.
"""
import json
import math
import sys
from decimal import Decimal, getcontext, ROUND_HALF_EVEN
from fractions import Fraction as F

getcontext().prec = 60


def identity_with(entries):
    m = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0],
         [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]]
    for (i, j), v in entries.items():
        m[i][j] = v
    return m


def box(lo, hi):
    return {"min": [float(x) for x in lo], "max": [float(x) for x in hi]}


ULP1 = 2.0 ** -52          # the spacing of the doubles at 1
QUERIES = [
    # x: box 2's leading face 0.1 + 0.2 t meets box 1's face x = 0.3
    {"id": "sum-0.1-0.2", "numbers": "binary64",
     "box1": box([0.3, 0, 0], [1, 1, 1]), "box2": box([0, 0, 0],
                                                      [0.1, 1, 1]),
     "motion2": identity_with({(0, 3): [0.0, 0.2]}), "t_range": [0.0, 1.0]},
    # a gap of one ulp at 1, closed at the speed of one ulp per second
    {"id": "ulp-gap", "numbers": "binary64",
     "box1": box([0, 0, 0], [1, 1, 1]),
     "box2": box([1 + ULP1, 0, 0], [2, 1, 1]),
     "motion2": identity_with({(0, 3): [0.0, -ULP1]}),
     "t_range": [0.0, 2.0]},
    # the same, but also one ulp apart in y: never
    {"id": "ulp-miss", "numbers": "binary64",
     "box1": box([0, 0, 0], [1, 1, 1]),
     "box2": box([1 + ULP1, 1 + ULP1, 0], [2, 2, 1]),
     "motion2": identity_with({(0, 3): [0.0, -ULP1]}),
     "t_range": [0.0, 2.0]},
    # a crate (bottom at body z = 0) dropped from 1.2 m onto z = 0
    {"id": "drop-9.81", "numbers": "binary64",
     "box1": box([-1, -1, -0.05], [1, 1, 0]),
     "box2": box([-0.15, -0.15, 0], [0.15, 0.15, 0.3]),
     "motion2": identity_with({(2, 3): [1.2, 0.0, -4.905]}),
     "t_range": [0.0, 1.0]},
]

PLANES = {'+x': [0, 6, 22, 27], '-x': [1, 7, 23, 26],
          '+z': [4, 10, 14, 19]}


def answers():
    """id -> expected fields, from the exact values of the doubles."""
    d = F  # Fraction(double) is the double's exact value
    out = {}
    # sum: 0.1 + 0.2 t = 0.3 with the doubles: t = (0.3 - 0.1) / 0.2,
    # a rational just below 1 (decimal reading would give exactly 1)
    t = (d(0.3) - d(0.1)) / d(0.2)
    assert t < 1
    out['sum-0.1-0.2'] = dict(rational=t, kind='face-face', f1='X',
                              f2="X'", planes=PLANES['-x'])
    # ulp-gap: (1 + u) - u t = 1 at t = 1 exactly (decimal reading:
    # 2e-16 / 2.220446049250313e-16 = 0.9007...)
    t = (d(1 + ULP1) - 1) / d(ULP1)
    assert t == 1
    out['ulp-gap'] = dict(rational=t, kind='face-face', f1="X'", f2='X',
                          planes=PLANES['+x'])
    # ulp-miss: box 2's y range starts at 1 + u > 1 = box 1's top: never
    out['ulp-miss'] = dict(status='no_contact')
    # drop: 1.2 - 4.905 t^2 = 0 with the doubles: t^2 = 1.2 / 4.905
    # exactly (a ratio of dyadic rationals), not a rational square
    q = d(1.2) / d(4.905)
    assert math.isqrt(q.numerator) ** 2 != q.numerator \
        or math.isqrt(q.denominator) ** 2 != q.denominator
    out['drop-9.81'] = dict(square=q, kind='face-face', f1="Z'", f2='Z',
                            planes=PLANES['+z'])
    return out


def dec30(x):
    """x (a Decimal) rounded to 30 significant digits, as boxtoi writes
    it (positional for these magnitudes, all 30 digits)."""
    e = x.adjusted()
    q = Decimal(1).scaleb(e - 29)
    return str(x.quantize(q, rounding=ROUND_HALF_EVEN))


def doubles_around(cmp_t, x):
    while cmp_t(F(x)) > 0:
        x = math.nextafter(x, -math.inf)
    while cmp_t(F(math.nextafter(x, math.inf))) <= 0:
        x = math.nextafter(x, math.inf)
    return (x, x) if cmp_t(F(x)) == 0 else (x, math.nextafter(x, math.inf))


def check(path):
    want = answers()
    bad = 0
    lines = open(path).read().splitlines()
    ids = [q['id'] for q in QUERIES]
    if len(lines) != len(ids):
        print('%d lines for %d queries' % (len(lines), len(ids)))
        return 1
    for qid, line in zip(ids, lines):
        r = json.loads(line)
        w = want[qid]
        errs = []
        if r.get('id') != qid:
            errs.append('id %r' % r.get('id'))
        if w.get('status') == 'no_contact':
            if r['status'] != 'no_contact':
                errs.append('status %s' % r['status'])
        else:
            t = r['t']
            if 'rational' in w:
                x = w['rational']
                if F(t.get('rational', 'nan')) != x:
                    errs.append('rational %s, want %s' % (t.get('rational'),
                                                          x))
                value = Decimal(x.numerator) / Decimal(x.denominator)

                def cmp_t(y):
                    return (y > x) - (y < x)
            else:
                q = w['square']
                if 'rational' in t:
                    errs.append('an irrational t written as rational')
                value = (Decimal(q.numerator) / Decimal(q.denominator)).sqrt()

                def cmp_t(y):
                    return -1 if y < 0 else (y * y > q) - (y * y < q)
            if t['decimal'] != dec30(value):
                errs.append('decimal %s, want %s' % (t['decimal'],
                                                     dec30(value)))
            lo, hi = doubles_around(cmp_t, float(value))
            if float(t['down']) != lo or float(t['up']) != hi:
                errs.append('down/up %s %s, want %r %r'
                            % (t['down'], t['up'], lo, hi))
            c = r['contact']
            if (r['status'], r['initial'], c['kind'], c['box1']['name'],
                    c['box2']['name'], c['planes']) != \
                    ('contact', False, w['kind'], w['f1'], w['f2'],
                     w['planes']):
                errs.append('contact %s' % json.dumps(c))
        for e in errs:
            print('%s: %s' % (qid, e))
        bad += len(errs)
    print('%d queries, %d problems' % (len(ids), bad))
    return 1 if bad else 0


def main():
    if sys.argv[1:2] == ['write']:
        for q in QUERIES:
            print(json.dumps(q))
        return 0
    if sys.argv[1:2] == ['check'] and len(sys.argv) == 3:
        return check(sys.argv[2])
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main())
