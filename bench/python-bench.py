#!/usr/bin/env python3
"""bench/python-bench.py: queries per second through the Python package
against the command on the same queries (doc/performance.md, "Python";
issue 19).  Never run by make check: `make bench-python`.

usage: python-bench.py BOXTOI [N [SHARDS]]

Generates N seeded translational queries (default 100,000; box 2 moving on a straight line,
box 1 still) whose numbers
are multiples of 1/64, so that the same query is exactly the same as
numpy doubles (for first_contact_batch) and as short decimal strings in
JSON (for the command and boxtoi.solve).  Times, with 1 and 2 jobs:
  - the command, the JSON Lines file on standard input to a file;
  - boxtoi.solve over the lines (str), reading each result's status;
  - boxtoi.first_contact_batch over the arrays;
then N/50 of the queries with box 2 also turning (a linear quaternion)
through the command and the batch entry with jobs=1; then the Dask
pipeline (boxtoi.dask.solve_shards) on a LocalCluster of
2 worker processes over SHARDS shard files (default 10).  Checks that
solve writes the command's bytes, that the batch statuses equal the
command's, and that the Dask shards equal the command's output.  The
batch entry's Python overhead per query is the wall-clock time of a
jobs=1 run minus the time spent inside its calls of
boxtoi_batch_rigid, over N.
"""

import ctypes
import decimal
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import boxtoi
from boxtoi import _lib
from boxtoi import batch as _batch


def generate(n, seed=19):
    rng = np.random.default_rng(seed)
    q = lambda lo, hi, shape: rng.integers(lo, hi, shape) / 64.0
    b1lo = q(-64, 1, (n, 3))
    b1hi = b1lo + q(16, 128, (n, 3))
    b2lo = q(-32, 32, (n, 3))
    b2hi = b2lo + q(8, 64, (n, 3))
    tr2 = q(-32, 32, (n, 3, 2))
    v = q(-256, 256, (n, 3))
    tr2[:, :, 1] = v
    tr2[:, :, 0] -= np.round(v * rng.integers(0, 80, (n, 1)) / 64.0 * 64) \
        / 64.0
    return b1lo, b1hi, b2lo, b2hi, tr2


def lines_of(b1lo, b1hi, b2lo, b2hi, tr2):
    d = lambda x: str(decimal.Decimal(float(x)))  # exact: x is k/64
    out = []
    for i in range(len(b1lo)):
        m = [[1, 0, 0, [d(c) for c in tr2[i, 0]]],
             [0, 1, 0, [d(c) for c in tr2[i, 1]]],
             [0, 0, 1, [d(c) for c in tr2[i, 2]]], [0, 0, 0, 1]]
        out.append(json.dumps({
            "id": i,
            "box1": {"min": [d(x) for x in b1lo[i]],
                     "max": [d(x) for x in b1hi[i]]},
            "box2": {"min": [d(x) for x in b2lo[i]],
                     "max": [d(x) for x in b2hi[i]]},
            "motion2": m}, separators=(",", ":")))
    return out


def timed(f):
    t = time.perf_counter()
    r = f()
    return time.perf_counter() - t, r


def row(name, n, secs):
    print("%-34s %8d %9.2f %12.0f %10.2f" % (name, n, secs, n / secs,
                                              1e6 * secs / n))


def main():
    boxtoi_cmd = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    nshards = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    arrs = generate(n)
    lines = lines_of(*arrs)
    tmp = tempfile.mkdtemp(prefix="boxtoi-pybench.")
    inp = os.path.join(tmp, "in.jsonl")
    with open(inp, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("boxtoi Python package against the command, %d translational "
          "queries" % n)
    print("machine: %d cores; load average before: %.2f %.2f %.2f"
          % ((os.cpu_count(),) + os.getloadavg()))
    print("%-34s %8s %9s %12s %10s" % ("entry", "queries", "seconds",
                                       "queries/s", "us/query"))
    cmd_out = {}
    for j in (1, 2):
        outp = os.path.join(tmp, "cmd%d.out" % j)
        with open(inp, "rb") as fi, open(outp, "wb") as fo:
            secs, _ = timed(lambda: subprocess.run(
                [boxtoi_cmd, "-j", str(j)], stdin=fi, stdout=fo, check=True))
        cmd_out[j] = open(outp).read()
        row("command -j %d" % j, n, secs)
    assert cmd_out[1] == cmd_out[2]
    want = cmd_out[1].splitlines()
    for j in (1, 2):
        def run():
            res = []
            for r in boxtoi.solve(lines, jobs=j):
                r.status
                res.append(r.json)
            return res
        secs, got = timed(run)
        assert got == want, "solve differs from the command"
        row("boxtoi.solve jobs=%d" % j, n, secs)
    stat = np.array([{"contact": 1, "no_contact": 0}[json.loads(w)["status"]]
                     for w in want], np.int8)
    b1lo, b1hi, b2lo, b2hi, tr2 = arrs
    for j in (1, 2):
        secs, res = timed(lambda: boxtoi.first_contact_batch(
            b1lo, b1hi, b2lo, b2hi, None, tr2, jobs=j))
        assert (res.status == stat).all(), "batch differs from the command"
        row("boxtoi.first_contact_batch jobs=%d" % j, n, secs)
    # The time inside the C calls, summed, against the wall-clock time
    # of the same jobs=1 run: the difference is spent in Python.
    c_time = [0.0]
    real = _lib.lib.boxtoi_batch_rigid

    class Timed:
        def __call__(self, *a):
            t = time.perf_counter()
            try:
                return real(*a)
            finally:
                c_time[0] += time.perf_counter() - t
    _lib.lib.boxtoi_batch_rigid = Timed()
    try:
        secs, _ = timed(lambda: boxtoi.first_contact_batch(
            b1lo, b1hi, b2lo, b2hi, None, tr2, jobs=1))
    finally:
        _lib.lib.boxtoi_batch_rigid = real
    row("  of which inside the C calls", n, c_time[0])
    print("batch entry's Python overhead: %.3f us per query (%.3f s of "
          "%.3f s)" % (1e6 * (secs - c_time[0]) / n, secs - c_time[0], secs))
    bench_rotating(tmp, boxtoi_cmd, arrs, max(n // 50, 1))
    bench_dask(tmp, lines, want, nshards)


def bench_rotating(tmp, boxtoi_cmd, arrs, m):
    """The first m queries with box 2 also turning about z by the linear
    quaternion [1, 0, 0, t/2]: the batch entry against the command (fed
    the exact 4x4 matrices of spec v2 §3.2)."""
    b1lo, b1hi, b2lo, b2hi, tr2 = (a[:m] for a in arrs)
    rot = np.zeros((m, 4, 2))
    rot[:, 0, 0] = 1
    rot[:, 3, 1] = 0.5
    qs = _batch._Queries(b1lo, b1hi, b2lo, b2hi, [None, tr2], [None, rot],
                         [0, 1])
    inp = os.path.join(tmp, "rot.jsonl")
    with open(inp, "w") as f:
        f.write("".join(boxtoi.query_json(qs(i)) + "\n" for i in range(m)))
    with open(inp, "rb") as fi:
        secs, p = timed(lambda: subprocess.run(
            [boxtoi_cmd, "-j", "1"], stdin=fi, stdout=subprocess.PIPE,
            check=True))
    row("command -j 1, rotating", m, secs)
    want = np.array([{"contact": 1, "no_contact": 0}[json.loads(l)["status"]]
                     for l in p.stdout.decode().splitlines()], np.int8)
    secs, res = timed(lambda: boxtoi.first_contact_batch(
        b1lo, b1hi, b2lo, b2hi, None, tr2, rotation2=rot, jobs=1))
    assert (res.status == want).all(), "rotating batch differs"
    row("first_contact_batch jobs=1, rotating", m, secs)


def bench_dask(tmp, lines, want, nshards):
    import distributed
    import boxtoi.dask
    src = os.path.join(tmp, "shards")
    os.makedirs(src)
    per = -(-len(lines) // nshards)
    for k in range(nshards):
        with open(os.path.join(src, "part-%03d.jsonl" % k), "w") as f:
            f.write("".join(l + "\n" for l in lines[k * per:(k + 1) * per]))
    t = time.perf_counter()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                  processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        start = time.perf_counter() - t
        secs, _ = timed(lambda: boxtoi.dask.solve_shards(
            src, os.path.join(tmp, "out"), client=client))
    got = []
    for k in range(nshards):
        with open(os.path.join(tmp, "out", "part-%03d.jsonl" % k)) as f:
            got.extend(f.read().splitlines())
    # line numbers of error results would differ per shard; there are none
    assert got == want, "the Dask shards differ from the command"
    row("dask, 2 worker processes, %d shards" % nshards, len(lines), secs)
    print("(cluster start-up, not counted: %.1f s)" % start)
    print("every entry gave the command's answers: yes")


if __name__ == "__main__":
    main()
