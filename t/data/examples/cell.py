#!/usr/bin/env python3
"""t/data/examples/cell.py: derive the answers of examples/cell.jsonl and
check t/data/examples/cell.out against them.

Usage: python3 t/data/examples/cell.py [TOP_SRCDIR]

Independent of boxtoi (fractions and decimal only).  Every body of the
pick-and-place cell is an axis-aligned box under a polynomial
translation (a 4x4 matrix with identity 3x3 block and w = 1), so two
bodies share a point at t iff on each axis k
    maxA_k + trA_k(t) - minB_k - trB_k(t) >= 0  and
    maxB_k + trB_k(t) - minA_k - trA_k(t) >= 0,
six polynomials of degree <= 2.  The set of such t is a union of closed
intervals whose left ends are t0 or roots of these polynomials, so the
first contact of a pair is the least candidate (t0 or a root in the
range) at which all six are >= 0.  Roots are a + b sqrt(d) with
rationals a, b, d; signs in Q(sqrt d) are exact (a + b sqrt d > 0 by
comparing a^2 with b^2 d), and candidates are ordered by exact rational
enclosures of sqrt d.  Checked in cell.out: status, the pairs and their
order (first: scene order; pairs: by t, then names), rational, poly (the
minimal polynomial), decimal (30 digits), initial.
"""
import json
import os
import sys
from decimal import Decimal as D, getcontext, ROUND_HALF_EVEN
from fractions import Fraction as F

getcontext().prec = 80


def num(x):
    return F(x) if not isinstance(x, str) else F(x)


def entry(e):
    return [num(c) for c in e] if isinstance(e, list) else [num(e)]


def translation(body):
    m = body.get("motion")
    if m is None:
        return [[F(0)], [F(0)], [F(0)]]
    return [entry(m[k][3]) for k in range(3)]


def sub(p, q):
    n = max(len(p), len(q))
    return [(p[i] if i < len(p) else 0) - (q[i] if i < len(q) else 0)
            for i in range(n)]


class Q2:
    """a + b sqrt(d)"""

    def __init__(self, a, b=F(0), d=F(0)):
        self.a, self.b, self.d = F(a), F(b), F(d)

    def sign(self):
        sa = (self.a > 0) - (self.a < 0)
        sb = (self.b > 0) - (self.b < 0)
        if sb == 0 or self.d == 0:
            return sa
        if sa == 0 or sa == sb:
            return sb
        return sa if self.a * self.a > self.b * self.b * self.d else \
            (0 if self.a * self.a == self.b * self.b * self.d else sb)

    def mul(self, o):
        d = self.d if self.b != 0 else o.d
        return Q2(self.a * o.a + self.b * o.b * d, self.a * o.b + self.b * o.a,
                  d)

    def add(self, o):
        return Q2(self.a + o.a, self.b + o.b, self.d if self.b else o.d)

    def bounds(self, bits):
        """rational lo <= value <= hi, width about 2^-bits"""
        if self.b == 0:
            return self.a, self.a
        lo, hi = F(0), max(F(1), self.d)
        while hi - lo > F(1, 2 ** bits):
            mid = (lo + hi) / 2
            if mid * mid <= self.d:
                lo = mid
            else:
                hi = mid
        x, y = self.a + self.b * lo, self.a + self.b * hi
        return min(x, y), max(x, y)


def evaluate(p, x):
    r = Q2(0, 0, x.d)
    for c in reversed(p):
        r = r.mul(x).add(Q2(c))
    return r


def less(x, y):
    bits = 64
    while True:
        xl, xh = x.bounds(bits)
        yl, yh = y.bounds(bits)
        if xh < yl:
            return True
        if yh < xl:
            return False
        if (x.a, x.b, x.d) == (y.a, y.b, y.d) or bits > 4096:
            return False
        bits *= 2


def roots(p):
    while p and p[-1] == 0:
        p = p[:-1]
    if len(p) == 2:
        return [Q2(-p[0] / p[1])]
    if len(p) == 3:
        c, b, a = p
        disc = b * b - 4 * a * c
        if disc < 0:
            return []
        return [Q2(-b / (2 * a), s / (2 * a), disc) for s in (1, -1)]
    return []


def first_contact(A, B, t0, t1):
    ta, tb = translation(A), translation(B)
    conds = []
    for k in range(3):
        conds.append(sub([num(A["box"]["max"][k])] + [F(0)],
                         [num(B["box"]["min"][k])]))
        conds[-1] = sub(sub(conds[-1], tb[k]), [-c for c in ta[k]])
        conds.append(sub(sub([num(B["box"]["max"][k])], [num(
            A["box"]["min"][k])]), [-c for c in tb[k]]))
        conds[-1] = sub(conds[-1], ta[k])
    cands = [Q2(t0)] + [r for p in conds for r in roots(p)]
    cands = [c for c in cands
             if c.add(Q2(-t0)).sign() >= 0 and c.add(Q2(-t1)).sign() <= 0]
    best = None
    for c in cands:
        if all(evaluate(p, c).sign() >= 0 for p in conds):
            if best is None or less(c, best):
                best = c
    return best


def minpoly(x):
    if x.b == 0 or (x.b != 0 and F(int(x.d ** 0.5) ** 2) == x.d):
        v = x.a + (x.b * F(int(x.d ** 0.5)) if x.b else 0)
        return [-v.numerator, v.denominator], v
    c = [x.a * x.a - x.b * x.b * x.d, -2 * x.a, F(1)]
    den = 1
    for q in c:
        den = den * q.denominator // __import__("math").gcd(den,
                                                            q.denominator)
    return [int(q * den) for q in c], None


def decimal30(x):
    v = D(x.a.numerator) / D(x.a.denominator)
    if x.b != 0:
        v += D(x.b.numerator) / D(x.b.denominator) * \
            (D(x.d.numerator) / D(x.d.denominator)).sqrt()
    if v == 0:
        return "0"
    e = v.adjusted()
    q = v.quantize(D(1).scaleb(e - 29), rounding=ROUND_HALF_EVEN)
    return format(q, "f")


def check(top):
    errors = 0
    with open(os.path.join(top, "examples/cell.jsonl")) as f:
        queries = [json.loads(l) for l in f if l.strip()]
    with open(os.path.join(top, "t/data/examples/cell.out")) as f:
        results = [json.loads(l) for l in f if l.strip()]
    for q, r in zip(queries, results):
        bodies = q["scene"]
        t0, t1 = (num(q["t_range"][0]), num(q["t_range"][1]))
        ign = {frozenset(p) for p in q.get("ignore", [])}
        found = []
        for i in range(len(bodies)):
            for j in range(i + 1, len(bodies)):
                a, b = bodies[i]["name"], bodies[j]["name"]
                if frozenset((a, b)) in ign:
                    continue
                t = first_contact(bodies[i], bodies[j], t0, t1)
                if t is not None:
                    found.append((t, a, b, i, j))
        # sort by t (exact), then names
        for x in range(len(found)):
            for y in range(len(found) - 1 - x):
                u, v = found[y], found[y + 1]
                if less(v[0], u[0]) or (not less(u[0], v[0])
                                        and (v[1], v[2]) < (u[1], u[2])):
                    found[y], found[y + 1] = v, u

        def same_time(x, res):
            poly, rat = minpoly(x)
            ok = res["poly"] == [str(c) for c in poly]
            ok &= res["decimal"] == decimal30(x)
            ok &= ("rational" in res) == (rat is not None)
            if rat is not None:
                ok &= res["rational"] == str(rat)
            return ok

        good = True
        if q.get("report") == "pairs":
            good &= r["status"] == ("contact" if found else "no_contact")
            good &= len(r["contacts"]) == len(found)
            for (t, a, b, i, j), c in zip(found, r["contacts"]):
                good &= c["pair"] == [a, b] and same_time(t, c["t"])
                good &= c["initial"] == (t.add(Q2(-t0)).sign() == 0)
        else:
            first = [x for x in found if not less(found[0][0], x[0])]
            first.sort(key=lambda x: (x[3], x[4]))
            good &= r["status"] == ("contact" if found else "no_contact")
            if found:
                good &= same_time(found[0][0], r["t"])
                good &= r["pairs"] == [[x[1], x[2]] for x in first]
                good &= len(r["contacts"]) == len(first)
        print(("ok" if good else "MISMATCH") + " " + q["id"])
        errors += not good
    if len(queries) != len(results):
        print("MISMATCH: %d queries, %d results" % (len(queries),
                                                    len(results)))
        errors += 1
    return errors


if __name__ == "__main__":
    sys.exit(1 if check(sys.argv[1] if len(sys.argv) > 1 else ".") else 0)
