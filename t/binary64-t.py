#!/usr/bin/env python3
"""t/binary64-t.py: "numbers": "binary64" reads each JSON number literal
as the double nearest to it, exactly (doc/format.md §1); the result's
"down" and "up" are the doubles around t (doc/format.md §4.1) (TAP).

Usage: python3 t/binary64-t.py [BOXTOI]  (default: $top_builddir/cli/boxtoi;
BOXTOI_TEST_SEED sets the seed)

The independent method is Python's own float(): correctly rounded (ties
to even) by CPython's dtoa, and fractions.Fraction(float) is its exact
value.  A query per literal puts a point at x = X - t against a point at
the origin, so the contact time is exactly the number read for X; its
"rational" field is compared with Fraction(float(literal)) as exact
rationals.  The literals: 10,000 random doubles (random bit patterns, so
every binade, subnormals and signs) written as json.dumps writes them
(repr, the shortest round-trip string), some also as 17 and 40
significant digits; the exact decimal midpoints between neighbouring
doubles (the ties, which must go to the even one) and points just off
them; integers beyond 2^53; and literals beyond the largest double,
which must give invalid_number.  Also the same batch through the
command's --numbers binary64 without the per-query key, and -j 2.

down and up: t = sqrt(c) for c = m 2^e over the whole double range and
beyond (and c = x^2 for doubles x, where down = up = x); checked with
exact rationals: down^2 <= c <= up^2, down == up exactly when down^2 =
c, the double after down is up (none strictly between), "inf" only
beyond the largest double, never "-0", and each string has as few
significant digits as Python's repr (the shortest round-trip) of the
same double.
"""
import json
import os
import random
import struct
import subprocess
import sys
from decimal import Decimal, getcontext
from fractions import Fraction

getcontext().prec = 1200


def double_from_bits(b):
    return struct.unpack('<d', struct.pack('<Q', b))[0]


def next_up(x):
    b = struct.unpack('<Q', struct.pack('<d', x))[0]
    return double_from_bits(b + 1 if x >= 0 else b - 1)


def exact_decimal(q):
    """The finite decimal expansion of a dyadic rational q."""
    d = Decimal(q.numerator) / Decimal(q.denominator)
    assert Fraction(d) == q
    s = format(d, 'E')
    return s.replace('E', 'e')


def literals(rng):
    out = []
    while len(out) < 10000:
        bits = rng.getrandbits(64)
        if (bits >> 52) & 0x7ff == 0x7ff:
            continue  # inf or NaN: not a JSON number
        x = double_from_bits(bits)
        out.append(json.dumps(x))
    for k in range(300):
        x = double_from_bits(rng.getrandbits(64))
        if x != x or abs(x) == float('inf'):
            continue
        out.append('%.16e' % x)
        out.append('%.39e' % x)
    for k in range(300):
        # a midpoint between two neighbours: a tie, and just off it
        x = abs(double_from_bits(rng.getrandbits(64)))
        if x != x or x == float('inf') or x > 1e300:
            continue
        y = next_up(x)
        mid = (Fraction(x) + Fraction(y)) / 2
        out.append(exact_decimal(mid))
        out.append('-' + exact_decimal(mid))
        for off in (mid * (1 + Fraction(1, 2 ** 80)),
                    mid * (1 - Fraction(1, 2 ** 80))):
            d = Decimal(off.numerator) / Decimal(off.denominator)
            out.append(format(d, '.40e'))
    out += ['0', '-0', '-0.0', '1', '0.1', '9007199254740993',
            '-9007199254740993', '123456789012345678901234567890',
            '4.9406564584124654e-324', '2.4703282292062327e-324',
            '2.4703282292062328e-324', '1e-400', '2.2250738585072011e-308',
            '1.7976931348623157e308', '1.7976931348623158e308',
            '1.7976931348623159e308', '1e309', '-1e400', '1.8e308']
    return out


def query(k, lit, key):
    return ('{"id":%d,%s"box1":{"min":[0,0,0],"max":[0,0,0]},'
            '"box2":{"min":[0,0,0],"max":[0,0,0]},'
            '"motion2":[[1,0,0,[%s,-1]],[0,1,0,0],[0,0,1,0],[0,0,0,1]],'
            '"t_range":["-1e400","1e400"]}'
            % (k, '"numbers":"binary64",' if key else '', lit))


def check(boxtoi, lits, args, key, name, n):
    text = ''.join(query(k, lit, key) + '\n' for k, lit in enumerate(lits))
    p = subprocess.run([boxtoi] + args, input=text.encode(),
                       stdout=subprocess.PIPE, timeout=600)
    lines = p.stdout.decode().splitlines()
    bad = []
    if len(lines) != len(lits):
        bad.append('%d results for %d queries' % (len(lines), len(lits)))
    for lit, line in zip(lits, lines):
        r = json.loads(line)
        want = float(lit)
        if want in (float('inf'), float('-inf')):
            if r['status'] != 'error' or \
               r['error']['code'] != 'invalid_number':
                bad.append('%s: want invalid_number, got %s' % (lit, line))
            continue
        if r['status'] != 'contact' or 'rational' not in r['t']:
            bad.append('%s: %s' % (lit, line[:200]))
            continue
        got = Fraction(r['t']['rational'])
        if got != Fraction(want):
            bad.append('%s: read %s, want %s' % (lit, got, Fraction(want)))
    print('%s %d - %s (%d literals)' % ('not ok' if bad else 'ok', n, name,
                                        len(lits)))
    for b in bad[:10]:
        print('# ' + b[:300])
    return not bad


def sig_digits(s):
    """The significant digits of a decimal string, as a string."""
    m = s.lstrip('-').lower().split('e')[0].replace('.', '')
    return m.lstrip('0').rstrip('0') or '0'


def check_down_up(boxtoi, rng, n):
    """down and up of t = sqrt(c), exactly: down^2 <= c <= up^2, no
    double strictly between, each the shortest decimal of its double."""
    cs = []
    for k in range(200):
        e = rng.randrange(-2200, 2200)
        m = rng.getrandbits(60) | 1
        cs.append(Fraction(m) * Fraction(2) ** e)
    for k in range(50):  # t a double: down == up == t
        x = abs(double_from_bits(rng.getrandbits(64)))
        if x == x and x != float('inf') and x != 0:
            cs.append(Fraction(x) ** 2)
    cs += [Fraction(2) ** 2100, Fraction(1, 2 ** 2200), Fraction(2),
           Fraction(1, 100)]
    text = ''
    for k, c in enumerate(cs):
        text += ('{"id":%d,"box1":{"min":[0,0,0],"max":[0,0,0]},'
                 '"box2":{"min":[0,0,0],"max":[0,0,0]},"motion2":'
                 '[[1,0,0,0],[0,1,0,0],[0,0,1,["%s",0,-1]],[0,0,0,1]],'
                 '"t_range":[0,"1e400"]}\n' % (k, c))
    p = subprocess.run([boxtoi], input=text.encode(), stdout=subprocess.PIPE,
                       timeout=600)
    bad = []
    big = Fraction(float.fromhex('0x1.fffffffffffffp+1023'))
    for c, line in zip(cs, p.stdout.decode().splitlines()):
        t = json.loads(line)['t']
        down, up = t['down'], t['up']
        if '-0' in (down, up) or down == '-inf' or up == '-inf':
            bad.append('%s: %s %s' % (c, down, up))
            continue
        d = Fraction(float(down))
        u = None if up == 'inf' else Fraction(float(up))
        good = d * d <= c and (u is None and c > big * big
                               or u is not None and u * u >= c)
        if good and u is not None:
            good = (d == u) == (d * d == c)
            if d != u:
                good = good and Fraction(next_up(float(d))) == u
        elif good:
            good = d == big
        for s in (down, up):
            if s != 'inf' and sig_digits(s) != sig_digits(repr(float(s))):
                good = False
        if not good:
            bad.append('c = %s: down %s up %s' % (c, down, up))
    if len(p.stdout.decode().splitlines()) != len(cs):
        bad.append('wrong number of results')
    print('%s %d - down <= t <= up, adjacent doubles, shortest (%d times)'
          % ('not ok' if bad else 'ok', n, len(cs)))
    for b in bad[:10]:
        print('# ' + b[:300])


def main():
    boxtoi = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.environ.get('top_builddir', '.'), 'cli', 'boxtoi')
    if not os.access(boxtoi, os.X_OK):
        print('Bail out! %s is not built' % boxtoi)
        sys.exit(1)
    seed = int(os.environ.get('BOXTOI_TEST_SEED') or 20261125)
    rng = random.Random(seed)
    lits = literals(rng)
    print('1..5')
    print('# seed %d' % seed)
    check(boxtoi, lits, [], True, '"numbers": "binary64" per query', 1)
    check(boxtoi, lits[:2000], ['--numbers', 'binary64'], False,
          '--numbers binary64', 2)
    check(boxtoi, lits[:2000], ['--numbers', 'binary64', '-j', '2'], False,
          '--numbers binary64 -j 2', 3)
    # decimal mode is unaffected: the literal is exact
    p = subprocess.run([boxtoi], input=(query(0, '0.1', False) + '\n')
                       .encode(), stdout=subprocess.PIPE, timeout=60)
    r = json.loads(p.stdout)
    ok = r['t'].get('rational') == '1/10'
    print('%s 4 - 0.1 is 1/10 without binary64' % ('ok' if ok else 'not ok'))
    check_down_up(boxtoi, rng, 5)


main()
