"""Exact reference algebra for the picture tests (test_plot.py,
test_plot_kinds.py): polynomials with Fraction coefficients (lists,
constant term first), Sturm sequences, and signs at a real algebraic
number given as the library gives it (a square-free Q and an isolating
[lo, hi]).  Written independently of the library: nothing here calls
boxtoi, so it can check the library's answers.
"""

from fractions import Fraction


def peval(p, x):
    """p(x) by Horner's rule, exactly (x a Fraction or an int)."""
    r = Fraction(0)
    for c in reversed(p):
        r = r * x + c
    return r


def dot(u, v):
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]


def cross(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0]]


# Exact polynomials with Fraction coefficients, and their signs at a real
# algebraic number given as the library gives it (square-free Q, [lo, hi]).

def trim(p):
    p = list(p)
    while p and p[-1] == 0:
        p.pop()
    return p


def prem(a, b):
    a = [Fraction(c) for c in a]
    while len(a) >= len(b):
        f = a[-1] / b[-1]
        for i in range(len(b)):
            a[len(a) - len(b) + i] -= f * b[i]
        a = trim(a[:-1])
    return a


def pgcd(a, b):
    a, b = trim(a), trim(b)
    while b:
        a, b = b, prem(a, b)
    return a


def deriv(p):
    return [k * c for k, c in enumerate(p)][1:]


def sturm(p):
    seq = [trim(p), trim(deriv(p))]
    while seq[-1]:
        seq.append([-c for c in prem(seq[-2], seq[-1])])
    return seq[:-1]


def sgn(x):
    return (x > 0) - (x < 0)


def roots_in(p, lo, hi):
    """Distinct real roots of p in (lo, hi] (Sturm's theorem)."""
    def v(x):
        s = [sgn(peval(q, x)) for q in sturm(p)]
        s = [x for x in s if x]
        return sum(1 for i in range(1, len(s)) if s[i] != s[i - 1])
    return v(lo) - v(hi)


class Root:
    """The root of Q in [lo, hi] (the library's invariant, STYLE §3)."""

    def __init__(self, t):
        self.Q = [Fraction(c) for c in t["poly"]]
        self.lo, self.hi = Fraction(t["lo"]), Fraction(t["hi"])
        q = peval
        assert self.lo == self.hi and q(self.Q, self.lo) == 0 or \
            self.lo < self.hi and \
            sgn(q(self.Q, self.lo)) * sgn(q(self.Q, self.hi)) < 0

    def bisect(self):
        m = (self.lo + self.hi) / 2
        qm = peval(self.Q, m)
        if qm == 0:
            self.lo = self.hi = m
        elif sgn(qm) == sgn(peval(self.Q, self.lo)):
            self.lo = m
        else:
            self.hi = m

    def sign(self, p):
        """The exact sign of the polynomial p at the root."""
        p = trim(p)
        if not p:
            return 0
        if self.lo == self.hi:
            return sgn(peval(p, self.lo))
        g = pgcd(p, self.Q)
        if len(g) > 1 and roots_in(g, self.lo, self.hi) > 0:
            return 0
        while roots_in(p, self.lo, self.hi) > 0 or \
                peval(p, self.lo) == 0:
            self.bisect()
            if self.lo == self.hi:
                return sgn(peval(p, self.lo))
        return sgn(peval(p, self.lo))


class AtRoot:
    """A polynomial in t; abs() resolves its sign at the root exactly, so
    _margins.margins(..., AtRoot.t(root)) gives each margin as the
    polynomial that equals it near the root."""

    def __init__(self, p, root):
        self.p, self.root = trim(p), root

    @classmethod
    def t(cls, root):
        return cls([0, 1], root)

    def _lift(self, x):
        return x.p if isinstance(x, AtRoot) else [Fraction(x)]

    def __add__(self, x):
        a, b = self.p, self._lift(x)
        n = max(len(a), len(b))
        return AtRoot([(a[i] if i < len(a) else 0) +
                       (b[i] if i < len(b) else 0) for i in range(n)],
                      self.root)

    __radd__ = __add__

    def __neg__(self):
        return AtRoot([-c for c in self.p], self.root)

    def __sub__(self, x):
        return self + -AtRoot(self._lift(x), self.root)

    def __rsub__(self, x):
        return -self + x

    def __mul__(self, x):
        a, b = self.p, self._lift(x)
        out = [Fraction(0)] * max(len(a) + len(b) - 1, 0)
        for i, c in enumerate(a):
            for j, d in enumerate(b):
                out[i + j] += c * d
        return AtRoot(out, self.root)

    __rmul__ = __mul__

    def __abs__(self):
        return self if self.root.sign(self.p) >= 0 else -self
