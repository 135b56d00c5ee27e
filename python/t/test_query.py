"""first_contact and solve agree with the command: on every example
(and their hand-derived golden outputs) and on 1,000 seeded queries
whose numbers are spelled for the command independently."""

import glob
import os
from fractions import Fraction

import boxtoi
import qgen


def _examples(srcdir):
    paths = sorted(glob.glob(os.path.join(srcdir, "examples", "*.jsonl")))
    assert paths, "no examples found"
    return paths


def test_examples_solve_equals_command_and_golden(srcdir, cli):
    for path in _examples(srcdir):
        text = open(path).read()
        got = "".join(r.json + "\n" for r in boxtoi.solve(
            l for l in text.splitlines() if l.strip()))
        assert got == cli(text), path
        golden = os.path.join(srcdir, "t", "data", "examples",
                              os.path.basename(path)[:-6] + ".out")
        assert got == open(golden).read(), path


def test_examples_first_contact(srcdir, cli):
    import json
    for path in _examples(srcdir):
        for line in open(path):
            # a JSON number means its literal text, as for the command,
            # or the double nearest to it under "numbers": "binary64"
            # (a Python float is exactly that double)
            q = json.loads(line)
            if q.get("numbers") != "binary64":
                q = json.loads(line, parse_float=str)
            if "box1" not in q:  # a scene (examples/cell.jsonl) or moving
                continue         # primitives (examples/primitives.jsonl)
            if q.get("report") == "intervals":  # examples/gate.jsonl: the
                continue  # module answers the first contact only
            want = cli(line)
            args = {k: q[k] for k in ("motion1", "motion2") if k in q}
            r = boxtoi.first_contact(q["box1"], q["box2"],
                                     t_range=q.get("t_range", (0, 1)),
                                     id=q["id"], **args)
            assert r.json + "\n" == want


def test_seeded_queries_agree_with_command(cli):
    qs = qgen.queries(1000)
    want = cli("".join(qgen.cli_line(q) + "\n" for q in qs)).splitlines()
    assert len(want) == 1000
    seen = {"contact": 0, "no_contact": 0}
    for q, w in zip(qs, want):
        r = boxtoi.first_contact(q["box1"], q["box2"], q.get("motion1"),
                                 q.get("motion2"), q["t_range"], id=q["id"])
        assert r.json == w
        seen[r.status] += 1
        if r.status == "contact":
            # the Python decimal of the exact t (another implementation)
            assert r.t.decimal(30) == r.data["t"]["decimal"]
            assert r.t.interval[0] <= Fraction(r.t.down) or \
                r.t.fraction is not None
    # the generator is not degenerate: both answers are common
    assert seen["contact"] > 100 and seen["no_contact"] > 100


def test_result_fields(cli):
    r = boxtoi.first_contact(
        {"min": [-1, -1, -1], "max": [1, 1, 1]},
        ([Fraction(-1, 2)] * 3, ["1/2"] * 3),
        motion2=[[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, ["11/2", 0, -1]],
                 [0, 0, 0, 1]],
        t_range=(0, 3))
    # z-gap: box 2's bottom 11/2 - t^2 - 1/2 meets box 1's top 1 at t = 2
    assert r.status == "contact" and r.t == 2 and r.t.fraction == 2
    assert r.t.poly == (-2, 1) and r.t.interval == (2, 2)
    assert r.initial is False
    assert r.contact.kind == "face-face"
    assert r.contact.features[0]["name"] == "Z'"
    assert r.contact.features[1]["name"] == "Z"
    r = boxtoi.first_contact(([0] * 3, [1] * 3), ([0] * 3, [1] * 3))
    assert r.initial is True and r.t == 0
    r = boxtoi.first_contact(([0] * 3, [1] * 3), ([2] * 3, [3] * 3))
    assert r.status == "no_contact" and r.t is None and r.contact is None
