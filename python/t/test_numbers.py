"""Exact numbers: every number form is exact, and AlgebraicNumber's
comparisons, roundings and decimals agree with independent Fraction and
integer computations (never with the code under test)."""

import decimal
import math
import random
from fractions import Fraction

import pytest

import boxtoi
from boxtoi import AlgebraicNumber, number_text

SQRT2 = AlgebraicNumber((-2, 0, 1), (1, 2))


def test_number_text_forms():
    assert number_text(0.1) == "3602879701896397/36028797018963968"
    assert Fraction(0.1) == Fraction(3602879701896397, 36028797018963968)
    assert number_text(-0.5) == "-1/2"
    assert number_text(2.0) == "2"
    assert number_text(5e-324) == "1/" + str(2 ** 1074)
    assert number_text(Fraction(-22, 7)) == "-22/7"
    assert number_text(7) == 7
    assert number_text(10 ** 40) == 10 ** 40
    assert number_text("0.1") == "0.1"
    assert number_text(decimal.Decimal("-0.125")) == "-1/8"
    with pytest.raises(TypeError):
        number_text(True)
    with pytest.raises(ValueError):
        number_text(math.nan)
    with pytest.raises(ValueError):
        number_text(math.inf)
    np = pytest.importorskip("numpy")
    assert number_text(np.float32(0.1)) == "13421773/134217728"
    assert number_text(np.int64(-3)) == -3
    x = np.longdouble(1) / 3  # more bits than a double on x86
    assert Fraction(number_text(x)) == Fraction(*x.as_integer_ratio())


def _gap_query(gap):
    """Box 2 starts gap to the right of box 1 and moves left at speed 1:
    contact at t = gap exactly (as a rational)."""
    return boxtoi.first_contact(
        ([0, 0, 0], [1, 1, 1]), ([1 + Fraction(gap), 0, 0], [3, 1, 1]),
        motion2=[[1, 0, 0, [0, -1]], [0, 1, 0, 0], [0, 0, 1, 0],
                 [0, 0, 0, 1]])


def _gap_query_spelled(gap):
    return boxtoi.first_contact(
        ([0, 0, 0], [1, 1, 1]), ([gap, 0, 0], [3, 1, 1]),
        motion2=[[1, 0, 0, [1, -1]], [0, 1, 0, 0], [0, 0, 1, 0],
                 [0, 0, 0, 1]])


def test_each_number_form_is_exact_in_a_query():
    # box 2's left face at x = gap + 1 - t meets x = 1 at t = gap
    for gap, want in [(0.1, Fraction(0.1)), ("0.1", Fraction(1, 10)),
                      (Fraction(1, 3), Fraction(1, 3)),
                      ("1/3", Fraction(1, 3)), (0, 0),
                      (0.3, Fraction(5404319552844595, 18014398509481984))]:
        r = _gap_query_spelled(gap)
        assert r.t.fraction == want, gap
        assert r.t == want
    # the float 0.1 is not 1/10, and the answer says so exactly
    assert _gap_query_spelled(0.1).t > Fraction(1, 10)
    assert _gap_query_spelled(0.1).t.down == 0.1 == \
        _gap_query_spelled(0.1).t.up
    assert _gap_query_spelled("0.1").t.down < 0.1


def test_comparisons_against_fraction_bounds():
    rng = random.Random(1)
    for _ in range(300):
        r = Fraction(rng.randint(0, 4000), rng.randint(1, 2000))
        # r < sqrt 2  iff  r^2 < 2 for r >= 0: no boxtoi code involved
        assert (SQRT2 > r) == (r * r < 2)
        assert (SQRT2 < r) == (r * r > 2)
        assert SQRT2 != r
    # the convergents of sqrt 2 alternate around it: p^2 - 2 q^2 = +-1
    p, q = 1, 1
    for _ in range(40):
        p, q = p + 2 * q, p + q
        below = p * p - 2 * q * q < 0
        assert (SQRT2 > Fraction(p, q)) == below
    # floats are compared as their exact doubles
    assert SQRT2 < math.sqrt(2) or SQRT2 > math.sqrt(2)
    assert (SQRT2 > math.sqrt(2)) == (Fraction(math.sqrt(2)) ** 2 < 2)


def test_algebraic_equality_and_order():
    other = AlgebraicNumber((-10, 0, 5), (Fraction(5, 4), Fraction(3, 2)))
    assert SQRT2 == other and hash(SQRT2) == hash(other)
    # (t^2 - 2)(t - 5): a different square-free polynomial, same root
    cubic = AlgebraicNumber((10, -2, -5, 1), (1, 2))
    assert cubic == SQRT2
    sqrt3 = AlgebraicNumber((-3, 0, 1), (1, 2))
    assert SQRT2 < sqrt3 and sqrt3 > SQRT2 and SQRT2 != sqrt3
    # 1 + sqrt2 / 10^12 against sqrt of (1 + ...)^2 + tiny: close values
    a = AlgebraicNumber((-2, 0, 10 ** 24), (0, 1))  # sqrt2 / 10^12
    b = AlgebraicNumber((-2 * 10 ** 24 - 1, 0, 10 ** 48), (0, 1))
    assert a < b  # b^2 - a^2 = 10^-48 > 0
    assert AlgebraicNumber((-1, 3), (Fraction(1, 3), Fraction(1, 3))) \
        == Fraction(1, 3)
    with pytest.raises(ValueError):
        AlgebraicNumber((-2, 0, 1), (2, 3))  # no root there


def test_float_down_up_against_fractions():
    for n in (2, 3, 5, 7, 1000003):
        x = AlgebraicNumber((-n, 0, 1), (0, n))
        d, u = x.down, x.up
        assert Fraction(d) ** 2 < n < Fraction(u) ** 2
        assert math.nextafter(d, math.inf) == u
        assert float(x) == math.sqrt(n)  # sqrt is correctly rounded
    t = AlgebraicNumber((-1, 10), (Fraction(1, 10), Fraction(1, 10)))
    assert t.down == math.nextafter(0.1, 0) and t.up == 0.1
    assert float(t) == 0.1
    tiny = AlgebraicNumber((-1, 0, 2 ** 2200), (0, 1))  # 2^-1100
    assert tiny.down == 0.0 and tiny.up == 5e-324 and float(tiny) == 0.0


def test_decimal_against_integer_square_root():
    for digits in (1, 5, 30, 60):
        # floor(sqrt2 10^(d-1)) by math.isqrt, then round half up (no
        # tie: sqrt 2 is irrational)
        m = math.isqrt(2 * 10 ** (2 * (digits - 1)))
        if (2 * m + 1) ** 2 < 8 * 10 ** (2 * (digits - 1)):
            m += 1
        s = str(m)
        want = s[0] + ("." + s[1:] if digits > 1 else "")
        assert SQRT2.decimal(digits) == want
    q = AlgebraicNumber((-1, 10 ** 7), (Fraction(1, 10 ** 7),) * 2)
    assert q.decimal(3) == "1.00e-7"
    q = AlgebraicNumber((-12345, 1), (12345, 12345))
    assert q.decimal(3) == "12300"
    assert AlgebraicNumber((-5, 2), (Fraction(5, 2),) * 2).decimal(1) == "2"
    assert AlgebraicNumber((0, 1), (0, 0)).decimal(5) == "0"
    assert AlgebraicNumber((-9996, 1000), (Fraction(9996, 1000),) * 2) \
        .decimal(3) == "10.0"
