#!/usr/bin/env python3
"""t/data/examples/primitives.py: derive the answers of
examples/primitives.jsonl and check t/data/examples/primitives.out
against them.

Usage: python3 t/data/examples/primitives.py [TOP_SRCDIR]

Independent of boxtoi (fractions and decimal only).  Every vertex moves
linearly, X(t) = X0 + t (X1 - X0), so the coordinates are polynomials of
degree 1 and, with n = (B - A) x (C - A) for vertex_face (P against
ABC) or n = (B - A) x (D - C) for edge_edge (AB against CD):
- the coplanarity polynomial is f = n . (P - A), resp. n . (C - A);
- where f = 0 and n != 0, vertex_face touches iff the three
  barycentric numerators ((B-A)x(P-A)).n, ((C-B)x(P-B)).n,
  ((A-C)x(P-C)).n are >= 0, and edge_edge iff s, |n|^2 - s, u,
  |n|^2 - u are >= 0 with s = ((C-A)x(D-C)).n, u = ((C-A)x(B-A)).n
  (A + s/|n|^2 (B - A) = C + u/|n|^2 (D - C) is the lines' meeting
  point).
A common point needs f = 0, so the first contact is the least root of f
in the range at which the conditions hold.  The examples' f have degree
<= 2 and n != 0 at their roots (asserted), so the roots are
a + b sqrt(d) and every sign is exact in Q(sqrt d).  Checked in
primitives.out: status, rational, poly (the minimal polynomial), lo and
hi isolate t*, decimal (30 digits), initial, kind and both features
(vertex P / face ABC, edge AB / edge CD when every condition is > 0),
and the point (30 digits).  down and up: ../timecheck.py.
"""
import json
import math
import os
import sys
from decimal import Decimal as D, getcontext, ROUND_HALF_EVEN
from fractions import Fraction as F

getcontext().prec = 80


def padd(p, q):
    n = max(len(p), len(q))
    return [(p[i] if i < len(p) else 0) + (q[i] if i < len(q) else 0)
            for i in range(n)]


def pneg(p):
    return [-c for c in p]


def pmul(p, q):
    out = [F(0)] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        for j, b in enumerate(q):
            out[i + j] += a * b
    return out


def trim(p):
    p = list(p)
    while p and p[-1] == 0:
        p.pop()
    return p


def vsub(u, v):
    return [padd(a, pneg(b)) for a, b in zip(u, v)]


def vcross(u, v):
    return [padd(pmul(u[1], v[2]), pneg(pmul(u[2], v[1]))),
            padd(pmul(u[2], v[0]), pneg(pmul(u[0], v[2]))),
            padd(pmul(u[0], v[1]), pneg(pmul(u[1], v[0])))]


def vdot(u, v):
    return padd(padd(pmul(u[0], v[0]), pmul(u[1], v[1])), pmul(u[2], v[2]))


class Q2:
    """a + b sqrt(d), d > 0 not a square (or b = 0)."""

    def __init__(self, a, b=F(0), d=F(0)):
        self.a, self.b, self.d = F(a), F(b), F(d)

    def add(self, o):
        return Q2(self.a + o.a, self.b + o.b, self.d or o.d)

    def mul(self, o):
        d = self.d or o.d
        return Q2(self.a * o.a + self.b * o.b * d, self.a * o.b + self.b * o.a,
                  d)

    def sign(self):
        sa = (self.a > 0) - (self.a < 0)
        sb = (self.b > 0) - (self.b < 0)
        if sb == 0:
            return sa
        if sa == 0 or sa == sb:
            return sb
        a2, b2d = self.a * self.a, self.b * self.b * self.d
        return sa if a2 > b2d else (0 if a2 == b2d else sb)

    def dec(self):
        return D(self.a.numerator) / D(self.a.denominator) + \
            D(self.b.numerator) / D(self.b.denominator) * \
            (D(self.d.numerator) / D(self.d.denominator)).sqrt()


def at(p, x):
    acc = Q2(0)
    for c in reversed(p):
        acc = acc.mul(x).add(Q2(c))
    return acc


def roots(p):
    """The real roots of p (degree 1 or 2), increasing, as Q2."""
    p = trim(p)
    if len(p) == 2:
        return [Q2(-p[0] / p[1])]
    assert len(p) == 3, "degree %d" % (len(p) - 1)
    c, b, a = p
    disc = b * b - 4 * a * c
    if disc < 0:
        return []
    r = [Q2(-b / (2 * a), F(1) / (2 * a), disc),
         Q2(-b / (2 * a), F(-1) / (2 * a), disc)]
    num, den = math.isqrt(disc.numerator), math.isqrt(disc.denominator)
    if F(num, den) ** 2 == disc:  # a rational square root
        r = [Q2(x.a + x.b * F(num, den)) for x in r]
    r.sort(key=lambda x: x.dec())
    return r


def decimal30(x):
    """x (a Decimal with 80 digits) rounded to 30 significant digits, as
    the format writes it (doc/format.md §6) for 1e-6 <= |x| < 1e30."""
    if x == 0:
        return "0"
    e = x.adjusted()
    q = x.quantize(D(1).scaleb(e - 29), rounding=ROUND_HALF_EVEN)
    return format(q, "f")


def derive(q):
    kind = "vertex_face" if "vertex_face" in q else "edge_edge"
    v = q[kind]
    pts = [[[F(a), F(b) - F(a)] for a, b in zip(p0, p1)]
           for p0, p1 in zip(v["t0"], v["t1"])]
    t0, t1 = [F(x) for x in q.get("t_range", [0, 1])]
    if kind == "vertex_face":
        P, A, B, C = pts
        n = vcross(vsub(B, A), vsub(C, A))
        f = vdot(n, vsub(P, A))
        conds = [vdot(vcross(vsub(B, A), vsub(P, A)), n),
                 vdot(vcross(vsub(C, B), vsub(P, B)), n),
                 vdot(vcross(vsub(A, C), vsub(P, C)), n)]
    else:
        A, B, C, Dp = pts
        n = vcross(vsub(B, A), vsub(Dp, C))
        nn = vdot(n, n)
        f = vdot(n, vsub(C, A))
        s = vdot(vcross(vsub(C, A), vsub(Dp, C)), n)
        u = vdot(vcross(vsub(C, A), vsub(B, A)), n)
        conds = [s, padd(nn, pneg(s)), u, padd(nn, pneg(u))]
    nn = vdot(n, n)
    for r in roots(f):
        if Q2(t0).add(r.mul(Q2(-1))).sign() > 0 or \
                r.add(Q2(-t1)).sign() > 0:
            continue
        assert at(nn, r).sign() > 0
        signs = [at(c, r).sign() for c in conds]
        if min(signs) < 0:
            continue
        assert min(signs) > 0, "the examples touch in the interiors"
        if kind == "vertex_face":
            point = [at(x, r) for x in P]
            feats = (("vertex", "P"), ("face", "ABC"))
        else:
            # A + s/|n|^2 (B - A): exact for rational t only (the
            # examples' edge-edge contacts are at rational t)
            assert r.b == 0
            sv = at(s, r).a / at(nn, r).a
            point = [Q2(at(a, r).a + sv * (at(b, r).a - at(a, r).a))
                     for a, b in zip(A, B)]
            feats = (("edge", "AB"), ("edge", "CD"))
        return r, feats, point, kind
    return None, None, None, kind


def minpoly(r):
    """The minimal polynomial of r, integer coefficients, constant first."""
    if r.b == 0:
        a = r.a
        return [-a.numerator, a.denominator]
    # (t - a)^2 - b^2 d = t^2 - 2a t + a^2 - b^2 d, scaled to integers
    c = [r.a * r.a - r.b * r.b * r.d, -2 * r.a, F(1)]
    den = 1
    for x in c:
        den = den * x.denominator // math.gcd(den, x.denominator)
    ints = [int(x * den) for x in c]
    g = 0
    for x in ints:
        g = math.gcd(g, x)
    return [x // g for x in ints]


def check(top):
    with open(os.path.join(top, "examples", "primitives.jsonl")) as f:
        queries = [json.loads(x) for x in f if x.strip()]
    with open(os.path.join(top, "t", "data", "examples",
                           "primitives.out")) as f:
        results = [json.loads(x) for x in f if x.strip()]
    bad = 0
    assert len(queries) == len(results)
    for q, res in zip(queries, results):
        r, feats, point, kind = derive(q)
        got = []
        if r is None:
            got.append(res["status"] == "no_contact")
        else:
            t = res["t"]
            lo, hi = F(t["lo"]), F(t["hi"])
            got += [res["status"] == "contact",
                    t["poly"] == [str(c) for c in minpoly(r)],
                    Q2(lo).add(r.mul(Q2(-1))).sign() <= 0,
                    r.add(Q2(-hi)).sign() <= 0,
                    ("rational" in t) == (r.b == 0),
                    r.b != 0 or t["rational"] == str(r.a),
                    t["decimal"] == decimal30(r.dec()),
                    res["initial"] is False]
            c = res["contact"]
            got += [c["kind"] == "%s-%s" % (feats[0][0], feats[1][0]),
                    (c["body1"]["feature"], c["body1"]["name"]) == feats[0],
                    (c["body2"]["feature"], c["body2"]["name"]) == feats[1],
                    c["point"] == [decimal30(x.dec()) for x in point]]
        ok = all(got)
        bad += not ok
        print("%s %s: %s" % ("ok" if ok else "MISMATCH", q["id"],
                             "no contact" if r is None else
                             "t* = %s ~ %s" % (minpoly(r), r.dec())))
    print("%d mismatches" % bad)
    return bad


if __name__ == "__main__":
    sys.exit(1 if check(sys.argv[1] if len(sys.argv) > 1 else ".") else 0)
