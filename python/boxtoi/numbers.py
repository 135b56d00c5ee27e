"""Exact numbers: Python numbers to the format's exact spellings, and
the real algebraic numbers of results (doc/python.md, "Numbers").

Every decision here is exact: signs of integer polynomials at rationals
(fractions.Fraction, integer arithmetic), never a float compared with a
tolerance.  A float stands for exactly the double it holds.
"""

import decimal
import math
import numbers as _nums
from fractions import Fraction

__all__ = ["number_text", "AlgebraicNumber"]


def number_text(x):
    """The exact spelling of the number x in a query: an int stays an int
    (a JSON integer, exact at any size); a str is passed as written (the
    format's grammar, checked by the library); every other real number
    becomes the string of its exact rational value (a decimal.Decimal
    too).

    A float (or a numpy floating scalar) is exactly the double it holds:
    0.1 is written "3602879701896397/36028797018963968".  This is the one
    place where floats are spelled; once the library reads hexadecimal
    literals (spec v2 §1) it can write float.hex(x) instead, the same
    value in fewer bytes.
    """
    if isinstance(x, bool):
        raise TypeError("a bool is not a number: %r" % (x,))
    if isinstance(x, (int, str)):
        return x
    if isinstance(x, _nums.Integral):
        return int(x)
    if isinstance(x, decimal.Decimal):
        if not x.is_finite():
            raise ValueError("not a finite number: %r" % (x,))
        x = Fraction(x)  # exact: a Decimal is a finite decimal
    if isinstance(x, _nums.Real) and not isinstance(x, Fraction):
        # float, numpy's float16/32/64/longdouble: as_integer_ratio is
        # exact (float(x) would round a longdouble); any other kind of
        # real number is refused rather than rounded
        if not hasattr(x, "as_integer_ratio"):
            raise TypeError("no exact value for %r" % (x,))
        if not math.isfinite(x):
            raise ValueError("not a finite number: %r" % (x,))
        x = Fraction(*x.as_integer_ratio())
    if isinstance(x, Fraction):
        if x.denominator == 1:
            return str(x.numerator)
        return "%d/%d" % (x.numerator, x.denominator)
    raise TypeError("not a number: %r" % (x,))


def _sgn(x):
    return (x > 0) - (x < 0)


def _sgn_at(poly, r):
    """Sign of poly (ints, constant term first) at the Fraction r: the
    sign of d^deg poly(n/d), evaluated in integers."""
    n, d = r.numerator, r.denominator
    acc = 0
    dk = 1
    # Horner on the homogenised form: acc ends as the sum of
    # c_i n^i d^(deg - i) = d^deg poly(n/d), of the sign of poly(n/d).
    for c in reversed(poly):
        acc = acc * n + c * dk
        dk *= d
    return _sgn(acc)


def _poly_gcd(a, b):
    """Monic gcd of two integer polynomials over Q (Fractions)."""
    a = [Fraction(c) for c in a]
    b = [Fraction(c) for c in b]
    while b and b[-1] == 0:
        b.pop()
    while b:
        while len(a) >= len(b):  # a = a mod b
            q = a[-1] / b[-1]
            off = len(a) - len(b)
            for i, c in enumerate(b):
                a[off + i] -= q * c
            a.pop()
            while a and a[-1] == 0:
                a.pop()
            if len(a) < len(b):
                break
        a, b = b, a
    return [c / a[-1] for c in a] if a else []


_DBL_MAX = Fraction(1.7976931348623157e308)
_OVERFLOW = _DBL_MAX + Fraction(2) ** 970  # rounds to inf from here on


def _floor_double(r):
    """The largest double <= the Fraction r (-inf below the finite
    doubles).  float(Fraction) is correctly rounded (an int / int true
    division), subnormals included."""
    if r > _DBL_MAX:
        return 1.7976931348623157e308
    if r < -_DBL_MAX:
        return -math.inf
    f = float(r)
    if Fraction(f) > r:
        f = math.nextafter(f, -math.inf)
    return f


def _nearest_double(r):
    """The double nearest to the Fraction r, ties to even."""
    if abs(r) >= _OVERFLOW:
        return math.copysign(math.inf, r)
    return float(r)


class AlgebraicNumber:
    """An exact real algebraic number: the unique root of the square-free
    integer polynomial .poly (constant term first) in the closed interval
    .interval = (lo, hi) of Fractions, lo == hi when it is rational.

    Comparisons (==, <, ...) with other AlgebraicNumbers, Fractions,
    ints and floats (a float is its exact double) are exact: isolating
    intervals are refined by bisection with exact signs until they
    separate; equality is a root of gcd(p, q) in the intersection of the
    intervals.  float(t) is the nearest double (ties to even), .down and
    .up the doubles around t, .decimal(n) t rounded to n significant
    digits (the format's notation, §6), .fraction the value when it is
    rational (else None).
    """

    __slots__ = ("poly", "_iv", "_lo", "_hi", "_slo", "_down", "_up")

    def __init__(self, poly, interval, down=None, up=None):
        poly = tuple(int(c) for c in poly)
        lo, hi = (Fraction(interval[0]), Fraction(interval[1]))
        if not poly or all(c == 0 for c in poly) or lo > hi:
            raise ValueError("not an isolating interval of a polynomial")
        self.poly = poly
        self._iv = (lo, hi)  # as given; _lo, _hi are refined inside it
        self._lo, self._hi = lo, hi
        self._slo = _sgn_at(poly, lo)
        if lo == hi:
            if self._slo != 0:
                raise ValueError("%s is not a root of the polynomial" % lo)
        elif self._slo * _sgn_at(poly, hi) >= 0:
            raise ValueError("the polynomial does not change sign on the "
                             "interval")
        self._down = float(down) if down is not None else None
        self._up = float(up) if up is not None else None

    @classmethod
    def from_result(cls, t):
        """From a result's "t" object (spec §5.1); "down" and "up" are
        used when present (a library that writes them)."""
        return cls(t["poly"], (Fraction(t["lo"]), Fraction(t["hi"])),
                   t.get("down"), t.get("up"))

    # -- exact views ---------------------------------------------------
    @property
    def interval(self):
        """The isolating interval (lo, hi) given (the result's canonical
        one), two Fractions; comparisons refine a private copy."""
        return self._iv

    @property
    def fraction(self):
        """The value as a Fraction when it is rational, else None."""
        if self._lo == self._hi:
            return self._lo
        if len(self.poly) == 2:  # linear: -c0/c1, inside (lo, hi)
            return Fraction(-self.poly[0], self.poly[1])
        return None

    def is_rational(self):
        return self.fraction is not None

    def _bisect(self):
        """Halves the interval (value unchanged)."""
        lo, hi = self._lo, self._hi
        mid = (lo + hi) / 2
        s = _sgn_at(self.poly, mid)
        if s == 0:
            self._lo = self._hi = mid
        elif s == self._slo:
            self._lo = mid
        else:
            self._hi = mid

    def _cmp_fraction(self, r):
        """Sign of self - r for a Fraction r."""
        q = self.fraction
        if q is not None:
            return _sgn(q - r)
        lo, hi = self._lo, self._hi  # lo < self < hi, both non-roots
        if r <= lo:
            return 1
        if r >= hi:
            return -1
        s = _sgn_at(self.poly, r)
        if s == 0:
            return 0  # the only root in [lo, hi]
        return 1 if s == self._slo else -1

    def _cmp(self, other):
        if isinstance(other, AlgebraicNumber):
            q = other.fraction
            if q is not None:
                return self._cmp_fraction(q)
            q = self.fraction
            if q is not None:
                return -other._cmp_fraction(q)
            checked = False
            while True:
                if self._hi <= other._lo:
                    return -1
                if other._hi <= self._lo:
                    return 1
                if not checked:  # overlapping: equal iff gcd has a root
                    checked = True
                    g = _poly_gcd(self.poly, other.poly)
                    if len(g) >= 2:
                        klo = max(self._lo, other._lo)
                        khi = min(self._hi, other._hi)
                        # g divides both square-free polys, so it has at
                        # most one root in K, simple: a sign change.
                        if _sgn_at_frac(g, klo) * _sgn_at_frac(g, khi) < 0:
                            return 0
                if self._hi - self._lo >= other._hi - other._lo:
                    self._bisect()
                else:
                    other._bisect()
        if isinstance(other, bool):
            return NotImplemented
        if isinstance(other, (int, Fraction)):
            return self._cmp_fraction(Fraction(other))
        if isinstance(other, float):
            if other != other:
                return None
            if math.isinf(other):
                return -1 if other > 0 else 1
            return self._cmp_fraction(Fraction(other))
        return NotImplemented

    def __eq__(self, other):
        c = self._cmp(other)
        return c if c is NotImplemented else c == 0

    def __lt__(self, other):
        c = self._cmp(other)
        return c if c is NotImplemented else (c is not None and c < 0)

    def __le__(self, other):
        c = self._cmp(other)
        return c if c is NotImplemented else (c is not None and c <= 0)

    def __gt__(self, other):
        c = self._cmp(other)
        return c if c is NotImplemented else (c is not None and c > 0)

    def __ge__(self, other):
        c = self._cmp(other)
        return c if c is NotImplemented else (c is not None and c >= 0)

    def __hash__(self):
        q = self.fraction
        if q is not None:
            return hash(q)
        return hash(self.down)  # a function of the value

    # -- roundings -----------------------------------------------------
    def _doubles(self):
        """(down, up): the doubles around the value."""
        if self._down is not None and self._up is not None:
            return self._down, self._up
        q = self.fraction
        if q is not None:
            d = _floor_double(q)
            u = d if Fraction(d) == q else math.nextafter(d, math.inf)
        else:
            # lo < t < hi, t irrational, so t is not a double: once
            # floor(lo) == floor(hi) = d, then d < t < next(d).
            while _floor_double(self._lo) != _floor_double(self._hi):
                self._bisect()
            d = _floor_double(self._lo)
            u = math.nextafter(d, math.inf)
        self._down, self._up = d, u
        return d, u

    @property
    def down(self):
        """The largest double <= the value."""
        return self._doubles()[0]

    @property
    def up(self):
        """The smallest double >= the value."""
        return self._doubles()[1]

    def __float__(self):
        """The double nearest to the value (ties to even)."""
        q = self.fraction
        if q is not None:
            return _nearest_double(q)
        d, u = self._doubles()
        if math.isinf(u):
            return u if self._cmp_fraction(_OVERFLOW) > 0 else d
        if math.isinf(d):
            return d if self._cmp_fraction(-_OVERFLOW) < 0 else u
        c = self._cmp_fraction((Fraction(d) + Fraction(u)) / 2)
        return d if c < 0 else u  # never a tie: t is irrational

    def decimal(self, digits=30):
        """The value correctly rounded (to nearest, ties to even) to
        digits significant digits, in the format's notation (§6)."""
        if digits < 1:
            raise ValueError("digits must be >= 1")
        q = self.fraction
        if q is not None:
            return _decimal_text(q, digits)
        while True:
            a = _decimal_round(self._lo, digits)
            b = _decimal_round(self._hi, digits)
            if a == b:  # monotone rounding agrees on both ends
                return _decimal_format(a[0], a[1], digits)
            self._bisect()

    def __repr__(self):
        q = self.fraction
        if q is not None:
            return "AlgebraicNumber(%s)" % q
        return "AlgebraicNumber(root of %s in [%s, %s] ~ %s)" % (
            list(self.poly), self._lo, self._hi, self.decimal(17))

    def __str__(self):
        return self.decimal(30)


def _sgn_at_frac(poly, r):
    """Sign of a polynomial with Fraction coefficients at r."""
    acc = Fraction(0)
    for c in reversed(poly):
        acc = acc * r + c
    return _sgn(acc)


def _decimal_round(x, digits):
    """(M, E): |x| rounded to digits significant digits as M 10^(E - digits
    + 1), 10^(digits-1) <= M < 10^digits, with the sign of x on M; (0, 0)
    for zero.  Exact integer arithmetic."""
    if x == 0:
        return (0, 0)
    s = -1 if x < 0 else 1
    y = abs(x)
    e = len(str(y.numerator)) - len(str(y.denominator))
    if y < Fraction(10) ** e:  # now 10^e <= y < 10^(e+1)
        e -= 1
    scaled = y * Fraction(10) ** (digits - 1 - e)
    m = round(scaled)  # Fraction.__round__: ties to even
    if m == 10 ** digits:
        m, e = 10 ** (digits - 1), e + 1
    return (s * m, e)


def _decimal_format(m, e, digits):
    if m == 0:
        return "0"
    sign = "-" if m < 0 else ""
    ds = str(abs(m))
    if -6 <= e <= 30:
        if e < 0:
            return sign + "0." + "0" * (-e - 1) + ds
        if digits <= e + 1:
            return sign + ds + "0" * (e + 1 - digits)
        return sign + ds[:e + 1] + "." + ds[e + 1:]
    mant = ds[0] + ("." + ds[1:] if len(ds) > 1 else "")
    return "%s%se%d" % (sign, mant, e)


def _decimal_text(q, digits):
    m, e = _decimal_round(q, digits)
    return _decimal_format(m, e, digits)
