"""Shards of JSON Lines over a Dask cluster (doc/scale-out.md).

solve_shards maps every shard file of a directory to one task; a task
solves its shard with the library (as the command does: blank lines
give no result, error results carry the line number within the shard)
and writes the results to a file of the same name in the output
directory, first under a temporary name, then renamed, so that a shard
is either complete or absent and a rerun can skip the finished ones.
Each output file is byte for byte what `boxtoi SHARD` prints.
"""

import functools
import glob
import os

from . import _lib

__all__ = ["solve_file", "solve_shards"]

_RUN = 256  # lines per call into the library


def solve_file(src, dst, **options):
    """Solves the JSON Lines file src into dst; returns (number of
    results, number of error results)."""
    opts = _lib.Options(**options) if options else None
    tmp = "%s.tmp-%d" % (dst, os.getpid())
    nres = nerr = 0
    with open(src, "rb") as f, open(tmp, "wb") as out:
        lineno = 1
        while True:
            lines = [line for _, line in zip(range(_RUN), f)]
            if not lines:
                break
            for r in _lib.process_lines(lines, lineno, _lib.SKIP_BLANK,
                                        opts):
                out.write(r + b"\n")
                nres += 1
                nerr += b'"status":"error"' in r
            lineno += len(lines)
    os.replace(tmp, dst)
    return nres, nerr


def solve_shards(src_dir, dst_dir, client=None, pattern="*.jsonl",
                 skip_done=False, **options):
    """Solves every shard src_dir/pattern into dst_dir/<same name> on
    the Dask cluster of client (a distributed.Client; None: Dask's
    default scheduler in this process).  skip_done: leave the shards
    whose output exists.  Returns {name: (results, errors)}, in the
    shards' sorted order."""
    import dask

    os.makedirs(dst_dir, exist_ok=True)
    names = sorted(os.path.basename(p)
                   for p in glob.glob(os.path.join(src_dir, pattern)))
    if skip_done:
        names = [n for n in names
                 if not os.path.exists(os.path.join(dst_dir, n))]
    srcs = [os.path.join(src_dir, n) for n in names]
    dsts = [os.path.join(dst_dir, n) for n in names]
    if client is not None:
        futures = client.map(functools.partial(solve_file, **options),
                             srcs, dsts, pure=False)
        counts = client.gather(futures)
    else:
        tasks = [dask.delayed(solve_file)(s, d, **options)
                 for s, d in zip(srcs, dsts)]
        counts = dask.compute(*tasks)
    return dict(zip(names, counts))
