"""boxtoi.dask: shards over a LocalCluster of 2 workers give, shard by
shard, exactly the command's output on that shard and the output of a
single-process run."""

import os

import pytest

import qgen

distributed = pytest.importorskip("distributed")
import boxtoi.dask  # noqa: E402


def _shards(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    qs = [qgen.cli_line(q) for q in qgen.queries(90, seed=9)]
    for k in range(3):
        lines = qs[30 * k:30 * (k + 1)]
        if k == 1:
            lines[4:4] = ["", '{"box1": 1}']  # a blank and a bad line
        (src / ("part-%02d.jsonl" % k)).write_text("\n".join(lines) + "\n")
    return src


def test_dask_local_cluster(tmp_path, cli):
    src = _shards(tmp_path)
    # Threads in one process: worker processes take seconds to start
    # on a loaded machine, and the C code releases the GIL anyway.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1,
                                  processes=False, dashboard_address=None,
                                  ) as cluster, \
            distributed.Client(cluster) as client:
        counts = boxtoi.dask.solve_shards(str(src), str(tmp_path / "out"),
                                          client=client)
    boxtoi.dask.solve_shards(str(src), str(tmp_path / "single"))
    assert sorted(counts) == ["part-00.jsonl", "part-01.jsonl",
                              "part-02.jsonl"]
    assert counts["part-01.jsonl"] == (31, 1)
    for name in counts:
        got = (tmp_path / "out" / name).read_text()
        assert got == (tmp_path / "single" / name).read_text()
        assert got == cli((src / name).read_text())
    assert not [p for p in os.listdir(tmp_path / "out") if "tmp" in p]
