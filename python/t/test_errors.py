"""Every error code of the library reaches Python as a QueryError with
the format's code and a message naming the place (first_contact), or
as an error result (solve)."""

import json

import pytest

import boxtoi
from boxtoi import _lib

BOX = {"min": [0, 0, 0], "max": [1, 1, 1]}
ID = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]

CASES = [
    ("invalid_box", dict(box1={"min": [0, 0, 3], "max": [1, 1, 1]}),
     "box1.min[2]"),
    ("invalid_range", dict(t_range=(2, 1)), "t_range"),
    ("invalid_number", dict(motion2=[[1, 0, 0, "1/0"]] + ID[1:]),
     "motion2[0][3]"),
    ("invalid_shape", dict(motion1=ID[:3]), "motion1"),
    ("projective_motion", dict(motion1=ID[:3] + [[1, 0, 0, 1]]),
     "motion1"),
    ("degenerate_weight", dict(motion1=ID[:3] + [[0, 0, 0, [1, -2]]]),
     "motion1"),
    ("singular_motion", dict(motion2=[[[1, -2], 0, 0, 0]] + ID[1:]),
     "motion2"),
    ("limit_exceeded", dict(motion2=[[1, 0, 0, [0, 0, 0, 1]]] + ID[1:],
                            max_degree=2), "motion2"),
    ("invalid_shape", dict(colour="red"), "colour"),
    # codes of spec v2 §5.5, tested once the library has them
    ("invalid_motion", dict(motion2={"keyframes": [
        {"t": 0, "translation": [0, 0, 0]}]}), "motion2"),
    ("discontinuous_motion", dict(motion2={"breaks": [1], "pieces": [
        ID, [[1, 0, 0, 5]] + ID[1:]]}), "motion2"),
    ("not_rigid", dict(motion2={"matrix": [[2, 0, 0, 0]] + ID[1:],
                                "rigid": True}), "motion2"),
]

# The library's codes, from its own table (boxtoi_errname).
LIBRARY_CODES = []
while True:
    name = _lib.lib.boxtoi_errname(len(LIBRARY_CODES)).decode()
    if name == "unknown":
        break
    LIBRARY_CODES.append(name)
# not caused by a query: success, misuse of the C API, resources, bugs
NOT_INPUT = {"ok", "invalid_argument", "domain_error", "out_of_memory",
             "internal_error"}


def test_every_input_code_is_tested():
    # invalid_json and missing_key: test_solve_errors_are_results...
    tested = {c for c, _, _ in CASES} | {"invalid_json", "missing_key"}
    assert set(LIBRARY_CODES) - NOT_INPUT <= tested


@pytest.mark.parametrize("code,kw,where", CASES)
def test_first_contact_raises(code, kw, where):
    if code not in LIBRARY_CODES:
        pytest.skip("the library has no code %s yet" % code)
    args = dict(box1=BOX, box2=BOX)
    args.update(kw)
    with pytest.raises(boxtoi.QueryError) as e:
        boxtoi.first_contact(**args)
    assert e.value.code == code
    assert where in e.value.message


def test_solve_errors_are_results_and_others_go_on():
    lines = ['{"box1": ', "", '{"box1": {"min": [0,0,0], "max": [1,1,1]}}',
             {"box1": BOX, "box2": BOX}]
    res = list(boxtoi.solve(lines))
    assert [r.status for r in res] == ["error", "error", "error", "contact"]
    assert [r.error.code for r in res[:3]] == [
        "invalid_json", "invalid_json", "missing_key"]
    assert res[2].error.line == 3 and "box2" in res[2].error.message


def test_options_errors():
    with pytest.raises(ValueError):
        boxtoi.first_contact(BOX, BOX, digits=0)
    with pytest.raises(TypeError):
        boxtoi.first_contact(BOX, BOX, digits="5")
    with pytest.raises(TypeError):
        list(boxtoi.solve([], colour="red"))
    with pytest.raises(TypeError):
        boxtoi.first_contact(BOX, {"min": [0, 0, 0], "max": [1, 1, None]})


# A scene by hand: A still at [0,1]^3; B = A + (3 - t, 0, 0) meets it
# at t = 2; C = A + (0, 0, 5 - t) lands on it at t = 4, when B (x in
# [-1, 0], z in [0, 1]) touches C along x = 0, z = 1 as well.
SCENE = ('{"id":"s","scene":['
         '{"name":"A","box":{"min":[0,0,0],"max":[1,1,1]}},'
         '{"name":"B","box":{"min":[3,0,0],"max":[4,1,1]},'
         '"motion":[[1,0,0,[0,-1]],[0,1,0,0],[0,0,1,0],[0,0,0,1]]},'
         '{"name":"C","box":{"min":[0,0,5],"max":[1,1,6]},'
         '"motion":[[1,0,0,0],[0,1,0,0],[0,0,1,[0,-1]],[0,0,0,1]]}],'
         '"t_range":[0,5],"report":"pairs"}')


def test_scene_threads_option(cli):
    one = [r.json for r in boxtoi.solve([SCENE])]
    three = [r.json for r in boxtoi.solve([SCENE], scene_threads=3)]
    assert three == one
    assert one[0] + "\n" == cli(SCENE + "\n")
    got = [(c["pair"], c["t"]["rational"])
           for c in json.loads(one[0])["contacts"]]
    assert got == [(["A", "B"], "2"), (["A", "C"], "4"), (["B", "C"], "4")]
    with pytest.raises(ValueError):
        list(boxtoi.solve([SCENE], scene_threads=0))


def test_import_needs_no_library():
    # `import boxtoi` (and modules such as boxtoi.plot) work without the
    # library; a call that needs it raises LibraryNotFound, an ImportError
    import os
    import subprocess
    import sys
    code = ("import boxtoi\n"
            "try:\n"
            "    boxtoi.first_contact(([0] * 3, [1] * 3), ([0] * 3, [1] * 3))\n"
            "except ImportError as e:\n"
            "    print(type(e).__name__)\n")
    env = dict(os.environ, BOXTOI_LIBRARY="/nonexistent/libboxtoi.so")
    out = subprocess.run([sys.executable, "-c", code], env=env,
                         stdout=subprocess.PIPE, check=True).stdout
    assert out.decode().strip() == "LibraryNotFound"
