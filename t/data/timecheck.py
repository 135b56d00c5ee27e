#!/usr/bin/env python3
"""t/data/timecheck.py: an independent check of the time objects of
boxtoi's results (doc/format.md §4.1), with exact rationals only
(Python's fractions, no boxtoi code, no sympy).

Usage: python3 t/data/timecheck.py FILE...   (result lines, JSON Lines)

For every "t" object (also inside "intervals" and "contacts"):
- poly: integer coefficients, gcd 1, lc > 0, and irreducible over Q:
  degree 1, or irreducible modulo a prime p not dividing lc, proved by
  Rabin's test (x^(p^n) = x mod f, gcd(x^(p^(n/q)) - x, f) = 1 for
  every prime q | n), which implies irreducible over Z; so poly is the
  minimal polynomial of each of its roots;
- rational t: poly = [-n, d], lo = hi = rational = n/d;
- otherwise lo < hi, poly(lo) poly(hi) < 0, and [lo, hi] is the
  canonical interval: the first of [floor t, floor t + 1], then halving
  and keeping the half holding t, with no other real root of poly
  (counted with a Sturm sequence);
- down, up: the largest double <= t and the smallest >= t, found by
  exact comparisons with t (sign of poly on the isolating interval),
  each written as a decimal with as few significant digits as
  Python's repr of the double, never "-0"; "inf"/"-inf" beyond.
Prints one line per problem and a summary; exit status 1 on any.
"""
import json
import math
import sys
from fractions import Fraction as F

# ---- integer polynomials, constant term first ----


def peval(p, x):
    v = F(0)
    for c in reversed(p):
        v = v * x + c
    return v


def sgn(v):
    return (v > 0) - (v < 0)


def prem(a, b):
    """Remainder of a by b over Q (lists of Fractions)."""
    a = list(a)
    while len(a) >= len(b) and any(a):
        q = a[-1] / b[-1]
        k = len(a) - len(b)
        for i, c in enumerate(b):
            a[i + k] -= q * c
        a.pop()
    while a and a[-1] == 0:
        a.pop()
    return a


def sturm(p):
    s = [[F(c) for c in p]]
    d = [F(i * c) for i, c in enumerate(p)][1:]
    s.append(d)
    while True:
        r = prem(s[-2], s[-1])
        if not r:
            break
        s.append([-c for c in r])
    return s


def variations(s, x):
    signs = [sgn(peval(q, x)) for q in s]
    signs = [v for v in signs if v != 0]
    return sum(1 for a, b in zip(signs, signs[1:]) if a != b)


def count_roots(s, a, b):
    """Distinct real roots in [a, b] (p(a) != 0 assumed or counted)."""
    n = variations(s, a) - variations(s, b)
    return n + (peval(s[0], a) == 0)

# ---- irreducibility modulo p (Rabin) ----


def primes_from(n, count):
    out = []
    while len(out) < count:
        if n > 1 and all(n % q for q in range(2, int(n ** 0.5) + 1)):
            out.append(n)
        n += 1
    return out


def pmod_trim(a):
    while a and a[-1] == 0:
        a.pop()
    return a


def pmod_rem(a, f, p):
    a = [c % p for c in a]
    inv = pow(f[-1], -1, p)
    while len(a) >= len(f):
        q = a[-1] * inv % p
        k = len(a) - len(f)
        for i, c in enumerate(f):
            a[i + k] = (a[i + k] - q * c) % p
        a.pop()
        pmod_trim(a)
    return pmod_trim(a)


def pmod_mul(a, b, f, p):
    r = [0] * (len(a) + len(b) - 1) if a and b else []
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                r[i + j] += x * y
    return pmod_rem(r, f, p)


def pmod_pow(a, e, f, p):
    r = [1]
    while e:
        if e & 1:
            r = pmod_mul(r, a, f, p)
        a = pmod_mul(a, a, f, p)
        e >>= 1
    return r


def pmod_gcd(a, b, p):
    a, b = pmod_trim(list(a)), pmod_trim(list(b))
    while b:
        a, b = b, pmod_rem(a, b, p)
    return a


def irreducible_mod(f, p):
    n = len(f) - 1
    f = [c % p for c in f]
    if f[-1] == 0:
        return False
    x = [0, 1]

    def frob(k):  # x^(p^k) mod f
        r = x
        for _ in range(k):
            r = pmod_pow(r, p, f, p)
        return r
    xn = frob(n)
    if pmod_rem([a - b for a, b in
                 zip(xn + [0] * 2, [0, 1] + [0] * len(xn))], f, p):
        return False
    for q in set(q for q in range(2, n + 1)
                 if n % q == 0 and all(q % r for r in range(2, q))):
        y = frob(n // q)
        d = [a - b for a, b in zip(y + [0] * 2, [0, 1] + [0] * len(y))]
        if len(pmod_gcd(f, pmod_trim(d), p)) > 1:
            return False
    return True


PRIMES = primes_from(1009, 300)


def irreducible(poly):
    if len(poly) == 2:
        return True
    for p in PRIMES:
        if poly[-1] % p and irreducible_mod(poly, p):
            return True
    return None  # undecided

# ---- the checks ----


def doubles_around(cmp_t, guess):
    """(down, up): largest double <= t, smallest double >= t; cmp_t(r)
    is the sign of r - t for a rational r."""
    x = guess
    big = float.fromhex('0x1.fffffffffffffp+1023')
    if x == math.inf:
        x = big
    if x == -math.inf:
        x = -big
    while cmp_t(F(x)) > 0:
        x = math.nextafter(x, -math.inf)
        if x == -math.inf:
            return -math.inf, -big
    while True:
        y = math.nextafter(x, math.inf)
        if y == math.inf:
            return (x, x) if cmp_t(F(x)) == 0 else (x, math.inf)
        if cmp_t(F(y)) > 0:
            break
        x = y
    return (x, x) if cmp_t(F(x)) == 0 else (x, math.nextafter(x, math.inf))


def sig_digits(s):
    m = s.lstrip('-').lower().split('e')[0].replace('.', '')
    return m.lstrip('0').rstrip('0') or '0'


def check_double_str(s, want, what, errs):
    if s == '-0':
        errs.append('%s is "-0"' % what)
        return
    if want in (math.inf, -math.inf):
        if s != ('inf' if want > 0 else '-inf'):
            errs.append('%s is %s, want %s' % (what, s, want))
        return
    try:
        got = float(s)
    except ValueError:
        errs.append('%s %r is not a number' % (what, s))
        return
    if got != want:
        errs.append('%s is %s = %r, want %r' % (what, s, got, want))
    elif sig_digits(s) != sig_digits(repr(want)):
        errs.append('%s %s is not the shortest (%r)' % (what, s, want))


def check_time(t, errs):
    poly = [int(c) for c in t['poly']]
    if poly[-1] <= 0 or math.gcd(*poly) != 1:
        errs.append('poly %s not primitive with lc > 0' % poly)
    irr = irreducible(poly)
    if irr is None:
        errs.append('poly %s: irreducibility undecided' % poly)
    lo, hi = F(t['lo']), F(t['hi'])
    if 'rational' in t:
        r = F(t['rational'])
        if poly != [-r.numerator, r.denominator] or lo != r or hi != r:
            errs.append('rational %s: poly %s [%s, %s]' % (r, poly, lo, hi))

        def cmp_t(x):
            return sgn(x - r)
        approx = float(r)
    else:
        if len(poly) < 3:
            errs.append('an irrational t with a linear poly')
            return
        slo, shi = sgn(peval(poly, lo)), sgn(peval(poly, hi))
        if not lo < hi or slo * shi >= 0:
            errs.append('[%s, %s] is not isolating' % (lo, hi))
            return
        s = sturm(poly)
        if count_roots(s, lo, hi) != 1:
            errs.append('[%s, %s] holds %d roots'
                        % (lo, hi, count_roots(s, lo, hi)))
            return
        # the canonical walk from [floor t, floor t + 1]
        a, b = lo, hi
        while math.floor(a) != math.floor(b) and b != math.floor(b):
            m = (a + b) / 2
            if sgn(peval(poly, m)) == slo:
                a = m
            else:
                b = m
        c = F(math.floor(a))
        cl, ch = c, c + 1
        while count_roots(s, cl, ch) != 1:
            m = (cl + ch) / 2
            # m < t iff poly(m) has poly(lo)'s sign within [lo, hi]
            if m < lo or (m <= hi and sgn(peval(poly, m)) == slo):
                cl = m
            else:
                ch = m
        if (cl, ch) != (lo, hi):
            errs.append('interval [%s, %s], canonical [%s, %s]'
                        % (lo, hi, cl, ch))
        # refine to far below a double's spacing, for the comparisons
        a, b = lo, hi
        for _ in range(200):
            m = (a + b) / 2
            if sgn(peval(poly, m)) == slo:
                a = m
            else:
                b = m
        while (b - a) > abs(a) * F(1, 2 ** 80) and (b - a) > F(1, 2 ** 1200):
            m = (a + b) / 2
            if sgn(peval(poly, m)) == slo:
                a = m
            else:
                b = m
        A, B = a, b

        def cmp_t(x):
            if x < A:
                return -1
            if x > B:
                return 1
            return -1 if sgn(peval(poly, x)) == slo else 1
        try:
            approx = float(A)
        except OverflowError:
            approx = math.inf if A > 0 else -math.inf
    down, up = doubles_around(cmp_t, approx)
    check_double_str(t['down'], down, 'down', errs)
    check_double_str(t['up'], up, 'up', errs)


def times(r):
    if 't' in r:
        yield r['t']
    for iv in r.get('intervals', []):
        for k in ('from', 'to'):
            if isinstance(iv.get(k), dict):
                yield iv[k]
    for c in r.get('contacts', []):
        for t in times(c):
            yield t


def main():
    bad = total = 0
    for name in sys.argv[1:]:
        for n, line in enumerate(open(name), 1):
            if not line.startswith('{'):
                continue
            for t in times(json.loads(line)):
                errs = []
                check_time(t, errs)
                total += 1
                for e in errs:
                    bad += 1
                    print('%s:%d: %s' % (name, n, e))
    print('%d time objects checked, %d problems' % (total, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
