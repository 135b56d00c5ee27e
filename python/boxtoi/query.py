"""Queries in, results out: the JSON path through the C library
(doc/python.md).  A query (a dict in the forms of the format, or a JSON
string) is passed to boxtoi_io_process_lines as one line of JSON, its
numbers spelled exactly by numbers.number_text; the result line is read
back into a Result.
"""

import collections
import concurrent.futures
import decimal
import itertools
import json
import math
from fractions import Fraction

from . import _lib
from .numbers import AlgebraicNumber, number_text

__all__ = ["QueryError", "Result", "Contact", "first_contact", "solve",
           "query_json"]

# Options of the library (the command's long options); every other
# keyword of first_contact is a key of the query (id, and the keys the
# format adds).
_LIB_OPTIONS = ("digits", "max_digits", "max_exponent", "max_degree",
                "max_bits", "scene_threads")


class QueryError(ValueError):
    """A query the library refused: .code is the format's error code
    ("invalid_box", ...), .message says what is wrong and where."""

    def __init__(self, code, message, id=None, line=None):
        super().__init__("%s: %s" % (code, message))
        self.code = code
        self.message = message
        self.id = id
        self.line = line


class Contact:
    """The contact of a result (spec §5.2): .kind ("face-vertex", ...),
    .features (box 1's and box 2's, each a dict with "feature" and
    "name"), .planes, and .point and .normal (tuples of
    decimal.Decimal, the library's correctly rounded decimals) when the
    library writes them, else None."""

    __slots__ = ("kind", "features", "planes", "point", "normal", "data")

    def __init__(self, d):
        self.data = d
        self.kind = d.get("kind")
        self.features = (d.get("box1"), d.get("box2"))
        self.planes = tuple(d.get("planes", ()))
        self.point = _decimals(d.get("point"))
        self.normal = _decimals(d.get("normal"))

    def __repr__(self):
        return "Contact(%r, %r)" % (self.kind, self.features)


def _decimals(v):
    return None if v is None else tuple(decimal.Decimal(x) for x in v)


class Result:
    """One result (spec §5): .status ("contact", "no_contact" or
    "error"), .t (an AlgebraicNumber, None without contact), .initial,
    .contact (a Contact), .id, .error (a QueryError for an error
    result), .json (the result line exactly as the command writes it)
    and .data (that line as a dict)."""

    __slots__ = ("json", "_data", "_t")

    def __init__(self, line):
        self.json = line
        self._data = None
        self._t = None

    @property
    def data(self):
        if self._data is None:
            self._data = json.loads(self.json)
        return self._data

    @property
    def status(self):
        return self.data["status"]

    @property
    def id(self):
        return self.data.get("id")

    @property
    def t(self):
        if self._t is None and "t" in self.data:
            self._t = AlgebraicNumber.from_result(self.data["t"])
        return self._t

    @property
    def initial(self):
        return self.data.get("initial")

    @property
    def contact(self):
        c = self.data.get("contact")
        return None if c is None else Contact(c)

    @property
    def error(self):
        e = self.data.get("error")
        if e is None:
            return None
        return QueryError(e["code"], e["message"], self.data.get("id"),
                          self.data.get("line"))

    def __repr__(self):
        if self.status == "contact":
            return "Result(contact at t = %r%s)" % (
                self.t, ", initial" if self.initial else "")
        if self.status == "error":
            return "Result(error %s)" % self.error
        return "Result(no_contact)"


def _encode(x):
    """x with every number spelled exactly (number_text), recursively."""
    if isinstance(x, dict):
        return {k: _encode(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_encode(v) for v in x]
    if hasattr(x, "tolist") and not isinstance(x, (int, float)):
        return _encode(x.tolist())  # numpy arrays and scalars
    if isinstance(x, (str, bool)):
        return x  # a bool is a flag ("rigid", "local"), not a number
    return number_text(x)


def query_json(q):
    """The JSON line of the query dict q, every number exact (the "id"
    is kept as it is)."""
    out = {}
    for k, v in q.items():
        out[k] = v if k == "id" else _encode(v)
    return json.dumps(out, separators=(",", ":"), ensure_ascii=False)


def _box(b):
    if isinstance(b, dict):
        return b
    lo, hi = b  # a (min, max) pair
    return {"min": lo, "max": hi}


def _range(r):
    t0, t1 = r
    if isinstance(t1, float) and math.isinf(t1) and t1 > 0:
        t1 = "inf"
    return [t0, t1]


_options_cache = {}


def _options(kw):
    """The library options among the keywords kw (removed from kw)."""
    items = tuple(sorted((k, kw.pop(k)) for k in _LIB_OPTIONS if k in kw))
    if not items:
        return None
    opts = _options_cache.get(items)
    if opts is None:
        opts = _lib.Options(**dict(items))
        if len(_options_cache) < 64:
            _options_cache[items] = opts
    return opts


def first_contact(box1, box2, motion1=None, motion2=None, t_range=(0, 1),
                  **options):
    """The first contact of two moving boxes (spec §2), exactly.

    box1, box2: {"min": [x, y, z], "max": [x, y, z]} or a (min, max)
    pair; motion1, motion2: a 4x4 matrix of polynomials (lists) or a
    motion object of the format, None for the identity; t_range: (t0,
    t1), t1 may be "inf" or math.inf.  Numbers are ints, Fractions,
    strings of the format's grammar, or floats (exactly the double).
    Options: digits, max_degree, max_bits, max_digits, max_exponent (the
    library's; scene_threads, the threads of a scene query's exact
    solves, applies to scene lines given to solve), any other keyword is
    a key of the query (such as id).

    Returns a Result (status "contact" or "no_contact"); raises
    QueryError for a query the library refuses.
    """
    opts = _options(options)
    q = {"box1": _box(box1), "box2": _box(box2)}
    if motion1 is not None:
        q["motion1"] = motion1
    if motion2 is not None:
        q["motion2"] = motion2
    q["t_range"] = _range(t_range)
    q.update(options)
    line = query_json(q).encode()
    res = Result(_lib.process_lines([line], 1, 0, opts)[0].decode())
    if res.status == "error":
        raise res.error
    return res


def _line(q):
    if isinstance(q, bytes):
        return q
    if isinstance(q, str):
        return q.encode()
    if isinstance(q, dict):
        return query_json(q).encode()
    raise TypeError("a query is a JSON string or a dict, not %r"
                    % type(q).__name__)


def _solve_chunk(lines, lineno, opts):
    return [Result(r.decode())
            for r in _lib.process_lines(lines, lineno, 0, opts)]


def solve(queries, jobs=1, chunk=64, **options):
    """Results of an iterable of queries (JSON strings or dicts), in
    order, as a generator; errors are results with status "error" (the
    others go on).  jobs threads solve chunks of chunk queries at once
    (the C code runs without the GIL); at most 2 * jobs chunks are held,
    so memory stays bounded on an endless iterable.  Options as for
    first_contact (library options only)."""
    opts = _options(options)
    if options:
        raise TypeError("unknown options: %s" % ", ".join(options))
    it = iter(queries)
    lineno = 1
    if jobs is None or jobs < 1:
        import os
        jobs = os.cpu_count() or 1

    def chunks():
        nonlocal lineno
        while True:
            lines = [_line(q) for q in itertools.islice(it, chunk)]
            if not lines:
                return
            yield lines, lineno
            lineno += len(lines)

    if jobs == 1:
        for lines, n0 in chunks():
            yield from _solve_chunk(lines, n0, opts)
        return
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        pending = collections.deque()
        for lines, n0 in chunks():
            pending.append(ex.submit(_solve_chunk, lines, n0, opts))
            if len(pending) >= 2 * jobs:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
