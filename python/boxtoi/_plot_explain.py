"""Run the boxtoi command on one query and read what it says.

boxtoi.plot asks the C library everything through the command
(``boxtoi --explain``, doc/format.md §5): the exact answer (the JSON result
line) and the geometry the answer was found from (the lines starting with
"# ": the boxes and motions as read, the relative motion
M = adj(M1) M2 = [[A, b], [0, w]], the route's sections, the plane
polynomials of each section and the candidate roots with their verdicts).
Nothing here solves anything: it parses text into exact Python numbers
(int, fractions.Fraction) and integer polynomials (lists of ints, constant
term first).

The command is found as $BOXTOI, else $top_builddir/cli/boxtoi, else
cli/boxtoi of the build tree this file sits in, else the boxtoi installed
beside the package (_config.BINDIR, written by make), else "boxtoi" on
$PATH.
"""

import json
import os
import re
import shutil
import subprocess
from fractions import Fraction


class PlotError(Exception):
    """A query that cannot be drawn, with a message for the user; status
    is the exit status of the command, as boxtoi's: 1 when the query has
    an error, 2 for the rest (a file, an option, a missing id)."""

    def __init__(self, message, status=2):
        super().__init__(message)
        self.status = status


_TERM = re.compile(r"^(\d*)\*?(t(?:\^(\d+))?)?$")


def parse_poly(text):
    """The integer polynomial printed by boxtoi_poly_get_str, e.g.
    "-4905*t^2 + 1200" or "327t^2 - 80", as coefficients [c0, c1, ...]."""
    text = text.strip()
    if text == "0":
        return []
    coeffs = {}
    sign = 1
    for tok in text.replace(" - ", " -  ").split(" "):
        if tok in ("", "+"):
            continue
        if tok == "-":
            sign = -1
            continue
        if tok.startswith("-"):
            sign, tok = -sign, tok[1:]
        m = _TERM.match(tok)
        if m is None or (m.group(1) == "" and m.group(2) is None):
            raise PlotError("cannot read the polynomial %r" % text)
        c = int(m.group(1)) if m.group(1) else 1
        k = 0 if m.group(2) is None else int(m.group(3) or 1)
        coeffs[k] = coeffs.get(k, 0) + sign * c
        sign = 1
    out = [0] * (max(coeffs) + 1)
    for k, c in coeffs.items():
        out[k] = c
    while out and out[-1] == 0:
        out.pop()
    return out


def _time(text):
    """A section end as printed: "13/2" (exact) or "~1.73 (root of ...)".
    Returns (float for drawing, Fraction or None)."""
    text = text.strip()
    if text == "inf":
        return float("inf"), None
    if text.startswith("~"):
        return float(text[1:].split()[0]), None
    q = Fraction(text)
    return float(q), q


class Explained:
    """Everything the command said about one query.

    result    the JSON result (dict)
    box       [(min, max), (min, max)], corners as 3 Fractions each
    motion    [M1, M2]: 4x4 lists of integer polynomials, and
    den       [den1, den2]: M_i(t) = motion[i] / den[i]
    A, b, w   the relative motion (integer polynomials)
    sections  [(start, end)] as (float, Fraction or None) pairs
    samples   [Fraction]: the sample point of each section
    planes    [{plane: (kind, text, poly or None)}] per section
    accepted  (section, plane) of the accepted candidate, or None
    kind      the kind of query ("boxes")
    pieces    [Explained] one per interval of the range that --explain
              printed (a motion in pieces or keyframes: "# interval K of
              the range, [a, b]"), each with its own motion, den, A, b,
              w and span = (a, b) as (float, Fraction or None) pairs;
              [self] for a single polynomial motion.  Sections, planes
              and accepted are numbered over all intervals together, and
              motion, den, A, b, w above are the first interval's.
    truncated the intervals stop before the range's end: the command
              solves no interval after the one holding the contact
    """

    def __init__(self):
        self.result = None
        self.box = [None, None]
        self.motion = [[None] * 4, [None] * 4]
        self.den = [1, 1]
        self.A = [[None] * 3 for _ in range(3)]
        self.b = [None] * 3
        self.w = None
        self.sections = []
        self.samples = []
        self.planes = []
        self.accepted = None
        self.kind = "boxes"
        self.span = None
        self.pieces = [self]
        self.truncated = False

    def piece(self, t):
        """The interval's Explained whose span holds t (a number): at a
        break both give the same pose (the library checks continuity);
        past the last printed interval, the last one."""
        for pc in self.pieces:
            end = pc.span and pc.span[1]
            if end is None or t <= (end[1] if isinstance(t, Fraction)
                                    and end[1] is not None else end[0]):
                return pc
        return self.pieces[-1]

    @property
    def contact(self):
        return self.result.get("status") == "contact"


_BOX = re.compile(r"^#   box([12]) = \[(.*)\] to \[(.*)\]$")
_MROW = re.compile(r"^#   motion([12])\[(\d)\] = \[(.*)\] / (\d+)$")
_REL = re.compile(r"^#   (A\[(\d)\]\[(\d)\]|b\[(\d)\]|w) = (.*)$")
_SEC = re.compile(r"^#  section (\d+): \[(.*), (.*)\], sampled at (\S+)$")
_PLANE = re.compile(r"^#    plane +(\d+) (\S+) +(.*?)(?:: P = (.*))?$")
_CAND = re.compile(r"^#   section (\d+), plane (\d+): t = .*: accepted")
_IVAL = re.compile(r"^# interval (\d+) of the range, \[(.*), (.*)\]: ")


def parse(text):
    """Parse the output of ``boxtoi --explain`` for one query."""
    top = ex = Explained()
    base = 0  # sections of the intervals before this one
    for line in text.splitlines():
        if not line.startswith("#"):
            if line.strip():
                top.result = json.loads(line)
            continue
        m = _IVAL.match(line)
        if m:
            if top.span is not None:
                ex = Explained()
                top.pieces.append(ex)
            ex.span = (_time(m.group(2)), _time(m.group(3)))
            base = len(top.sections)
            continue
        if line.startswith("# the first contact is in this interval"):
            top.truncated = True
            continue
        m = _BOX.match(line)
        if m:
            top.box[int(m.group(1)) - 1] = tuple(
                tuple(Fraction(x) for x in m.group(g).split(", "))
                for g in (2, 3))
            continue
        m = _MROW.match(line)
        if m:
            i = int(m.group(1)) - 1
            ex.motion[i][int(m.group(2))] = [
                parse_poly(x) for x in m.group(3).split(", ")]
            ex.den[i] = int(m.group(4))
            continue
        m = _REL.match(line)
        if m and ex.w is None:
            p = parse_poly(m.group(5))
            if m.group(2) is not None:
                ex.A[int(m.group(2))][int(m.group(3))] = p
            elif m.group(4) is not None:
                ex.b[int(m.group(4))] = p
            else:
                ex.w = p
            continue
        m = _SEC.match(line)
        if m:
            top.sections.append((_time(m.group(2)), _time(m.group(3))))
            top.samples.append(Fraction(m.group(4)))
            top.planes.append({})
            continue
        m = _PLANE.match(line)
        if m and top.planes:
            poly = parse_poly(m.group(4)) if m.group(4) else None
            top.planes[-1][int(m.group(1))] = (m.group(2), m.group(3), poly)
            continue
        m = _CAND.match(line)
        if m and top.accepted is None:
            top.accepted = (base + int(m.group(1)), int(m.group(2)))
    for pc in top.pieces[1:]:
        pc.box, pc.result, pc.accepted = top.box, top.result, top.accepted
    return top


def find_command():
    """The boxtoi command to run (see the module's docstring)."""
    cmd = os.environ.get("BOXTOI")
    if cmd:
        return cmd
    here = os.path.dirname(os.path.abspath(__file__))
    for top in (os.environ.get("top_builddir"),
                os.path.join(here, os.pardir, os.pardir)):
        if top:
            cand = os.path.join(top, "cli", "boxtoi")
            if os.access(cand, os.X_OK):
                return cand
    try:  # an installed package: the boxtoi installed beside it
        from . import _config
        cand = os.path.join(_config.BINDIR, "boxtoi")
        if os.access(cand, os.X_OK):
            return cand
    except (ImportError, AttributeError):
        pass
    cmd = shutil.which("boxtoi")
    if cmd is None:
        raise PlotError("the boxtoi command was not found: build it, or "
                        "set BOXTOI=/path/to/boxtoi")
    return cmd


def run(lines, command=None):
    """The output of ``boxtoi --explain`` on the query lines, one text
    block per line: its result line and the "# " lines after it."""
    command = command or find_command()
    try:
        proc = subprocess.run([command, "--explain"],
                              input="".join(x + "\n" for x in lines),
                              capture_output=True, text=True, check=False)
    except OSError as e:
        raise PlotError("cannot run %s: %s" % (command, e.strerror))
    if proc.returncode not in (0, 1) or not proc.stdout.strip():
        raise PlotError("%s failed: %s" % (command, proc.stderr.strip()))
    blocks = []
    for line in proc.stdout.splitlines():
        if line.startswith("#"):
            if blocks:
                blocks[-1] += line + "\n"
        elif line.strip():
            blocks.append(line + "\n")
    if len(blocks) != len(lines):
        raise PlotError("%s printed %d results for %d queries"
                        % (command, len(blocks), len(lines)))
    return blocks


def refused(result):
    """PlotError (status 1) with the message of an error result."""
    err = result.get("error", {})
    return PlotError("the query has an error, %s: %s"
                     % (err.get("code"), err.get("message")), 1)


def explain(line, command=None):
    """Run ``boxtoi --explain`` on one query line; returns an Explained.
    A query the command refuses raises PlotError with its message."""
    return explain_many([line], command)[0]


def explain_many(lines, command=None):
    """explain() of several two-box query lines, in one run of the
    command."""
    return parsed(run(lines, command))


def parsed(blocks):
    """The Explained of each block of run()'s output (two-box queries)."""
    out = []
    for text in blocks:
        ex = parse(text)
        if ex.result.get("status") == "error":
            raise refused(ex.result)
        if None in ex.box or any(pc.w is None for pc in ex.pieces):
            raise PlotError("boxtoi --explain did not print the query and "
                            "the relative motion (too old a boxtoi?)")
        out.append(ex)
    return out


def load_exact(line):
    """The query line as a dict that json.dumps writes back with exactly
    the same numbers: a JSON number literal becomes the string of its
    text (doc/format.md §1: the same exact decimal), or, under
    "numbers": "binary64", a float (written back as the same double)."""
    q = json.loads(line)
    if isinstance(q, dict) and q.get("numbers") != "binary64":
        q = json.loads(line, parse_float=str)
    return q


def as_box_queries(items, extra):
    """Query lines that make the command read items = [(box, motion)]
    (a box object and a motion, or None for the identity) two at a time
    as box1 and box2 of a two-box query with the keys of extra (t_range,
    numbers): --explain prints them exactly as read (read_boxes)."""
    items = list(items) + list(items[-1:]) * (len(items) % 2)
    lines = []
    for k in range(0, len(items), 2):
        q = dict(extra)
        for j in (0, 1):
            box, motion = items[k + j]
            q["box%d" % (j + 1)] = box
            if motion is not None:
                q["motion%d" % (j + 1)] = motion
        lines.append(json.dumps(q))
    return lines


def read_boxes(blocks, n):
    """From run()'s blocks of as_box_queries' lines: the n items as read,
    [(box, motion, den)] with box = (min, max) of Fractions and motion
    4x4 integer polynomials (over den), and the range (t0, t1) as
    Fractions, t1 None when infinite."""
    exs = parsed(blocks)
    if any(len(ex.pieces) > 1 for ex in exs):
        # A body's motion as one polynomial matrix: a scene's or a
        # primitive's motion in pieces would need one per interval.
        raise PlotError("cannot draw a body whose motion is in pieces or "
                        "keyframes in a scene or a primitive query")
    out = []
    for ex in exs:
        for j in (0, 1):
            out.append((ex.box[j], ex.motion[j], ex.den[j]))
    sec = exs[0].sections
    if not sec:
        raise PlotError("boxtoi --explain printed no section")
    return out[:n], (sec[0][0][1], sec[-1][1][1])
