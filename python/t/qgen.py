"""Seeded random two-box queries for the tests and the benchmark.

Each query exists in two spellings of the same exact numbers: `py`, a
dict for the Python API whose numbers are ints, Fractions, floats and
decimal strings, and `text`, the JSON line given to the command, where
every number is spelled independently of boxtoi.number_text: a float as
its exact decimal expansion (decimal.Decimal(x), exact for every
double), a Fraction as "n/d".  So an agreement of the two is a check of
the Python spelling, not a comparison of a function with itself.
"""

import decimal
import json
import random
from fractions import Fraction


def _num(rng):
    """A number in [-3, 3] in one of four forms."""
    k = rng.randrange(4)
    if k == 0:
        return rng.randint(-3, 3)
    if k == 1:
        return Fraction(rng.randint(-12, 12), rng.randint(1, 4))
    if k == 2:
        return rng.randint(-300, 300) / 100.0  # a float: its double
    return "%d.%02d" % (rng.randint(-2, 2), rng.randint(0, 99))


def cli_text(x):
    """The command's spelling of a number, without boxtoi."""
    if isinstance(x, float):
        return str(decimal.Decimal(x))  # every double is a finite decimal
    if isinstance(x, Fraction):
        return "%d/%d" % (x.numerator, x.denominator)
    return x


def _cli(x):
    if isinstance(x, dict):
        return {k: (v if k == "id" else _cli(v)) for k, v in x.items()}
    if isinstance(x, list):
        return [_cli(v) for v in x]
    return cli_text(x)


def _box(rng):
    lo = [Fraction(str(_num(rng))) / 3 for _ in range(3)]
    lo = [_maybe_float(rng, a) for a in lo]
    hi = [Fraction(a) + Fraction(rng.randint(2, 12), 4) for a in lo]
    return {"min": lo, "max": [_maybe_float(rng, h) for h in hi]}


def _maybe_float(rng, f):
    return float(f) if rng.random() < 0.3 and float(f) == f else f


def _poly(rng, deg):
    return [_num(rng) for _ in range(deg + 1)]


def _motion(rng):
    k = rng.randrange(3)
    if k == 0:
        return None
    m = [[1, 0, 0, _poly(rng, 2)], [0, 1, 0, _poly(rng, 1)],
         [0, 0, 1, _poly(rng, rng.randrange(3))], [0, 0, 0, 1]]
    if k == 2:
        # A turn about z with tan(theta/2) = c t: S = [[1 - u^2, -2u],
        # [2u, 1 - u^2]], w = 1 + u^2, translation scaled by w.
        c = Fraction(rng.randint(1, 4), rng.randint(1, 4))
        u2 = c * c
        w = [1, 0, u2]
        m = [[[1, 0, -u2], [0, -2 * c], 0, [0, rng.randint(-2, 2)]],
             [[0, 2 * c], [1, 0, -u2], 0, 0],
             [0, 0, w, [rng.randint(-2, 2), 0, rng.randint(-2, 2) * u2]],
             [0, 0, 0, w]]
    return m


def query(rng, i):
    q = {"id": "q%d" % i, "box1": _box(rng), "box2": _box(rng)}
    for name in ("motion1", "motion2"):
        m = _motion(rng)
        if m is not None:
            q[name] = m
    q["t_range"] = [0, rng.choice([1, 2, Fraction(5, 2), "inf"])]
    return q


def queries(n, seed=20261125):
    rng = random.Random(seed)
    return [query(rng, i) for i in range(n)]


def cli_line(q):
    return json.dumps(_cli(q), separators=(",", ":"))
