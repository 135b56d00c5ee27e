#!/usr/bin/env python3
"""t/stream-t.py: the command answers each query at once through a pipe
(doc/format.md §7) (TAP).

Usage: python3 t/stream-t.py [BOXTOI]  (default: $top_builddir/cli/boxtoi)

A second process (this one) writes one query into the command's
standard input, a pipe, and reads its answer from the command's standard
output, another pipe, before it writes the next query, with -j 1 and
-j 2.  The input stays open all the time, so an answer that waits for
the end of the input never comes: each read has a deadline of 30 s and
the test fails (it does not hang) when it passes.  The answers are
solved by hand: box2, the cube [-1/2, 1/2]^3, falls as z = 11/2 - k t
onto box1 = [-1, 1]^3 and first touches it when 11/2 - k t - 1/2 = 1,
t = 4/k.  The first line starts with a UTF-8 byte-order mark, which is
skipped; one line is not JSON and its error carries "line".
"""
import json
import os
import select
import subprocess
import sys
import time

DEADLINE = 30.0


def query(k):
    return ('{"id":%d,"box1":{"min":[-1,-1,-1],"max":[1,1,1]},'
            '"box2":{"min":["-1/2","-1/2","-1/2"],"max":["1/2","1/2","1/2"]},'
            '"motion2":[[1,0,0,0],[0,1,0,0],[0,0,1,["11/2",-%d]],[0,0,0,1]],'
            '"t_range":[0,10]}' % (k, k))


def read_line(fd, buf):
    """One line from fd within DEADLINE seconds, or None."""
    end = time.monotonic() + DEADLINE
    while b'\n' not in buf[0]:
        left = end - time.monotonic()
        if left <= 0:
            return None
        r, _, _ = select.select([fd], [], [], left)
        if not r:
            return None
        chunk = os.read(fd, 65536)
        if not chunk:
            return None
        buf[0] += chunk
    line, buf[0] = buf[0].split(b'\n', 1)
    return line.decode()


def expect_for(k):
    from fractions import Fraction
    return Fraction(4, k)


def run(boxtoi, jobs, n):
    p = subprocess.Popen([boxtoi, '-j', str(jobs)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    buf = [b'']
    fd = p.stdout.fileno()
    from fractions import Fraction
    for k in range(1, 6):
        text = query(k) + '\n'
        if k == 1:
            text = '\ufeff' + text  # the byte-order mark
        p.stdin.write(text.encode())
        p.stdin.flush()
        line = read_line(fd, buf)
        ok = line is not None
        if ok:
            r = json.loads(line)
            ok = (r.get('id') == k and r['status'] == 'contact'
                  and Fraction(r['t']['rational']) == Fraction(4, k))
        n += 1
        print('%s %d - -j %d: answer %d read before query %d is written%s'
              % ('ok' if ok else 'not ok', n, jobs, k, k + 1,
                 '' if line is not None else ' (timed out)'))
        if line is None:
            p.kill()
            p.wait()
            return n
    # a line that is not JSON: its error carries the line number (6)
    p.stdin.write(b'this is not json\n')
    p.stdin.flush()
    line = read_line(fd, buf)
    r = json.loads(line) if line is not None else {}
    n += 1
    print('%s %d - -j %d: a non-JSON line gives an error with "line": 6'
          % ('ok' if r.get('line') == 6 and r.get('status') == 'error'
             else 'not ok', n, jobs))
    p.stdin.close()
    try:
        rc = p.wait(timeout=DEADLINE)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = 'timeout'
    n += 1
    print('%s %d - -j %d: exit status %s at the end of input (want 1)'
          % ('ok' if rc == 1 else 'not ok', n, jobs, rc))
    return n


def main():
    boxtoi = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.environ.get('top_builddir', '.'), 'cli', 'boxtoi')
    if not os.access(boxtoi, os.X_OK):
        print('Bail out! %s is not built' % boxtoi)
        sys.exit(1)
    print('1..14')
    n = run(boxtoi, 1, 0)
    n = run(boxtoi, 2, n)
    while n < 14:
        n += 1
        print('not ok %d - skipped after a failure' % n)


main()
