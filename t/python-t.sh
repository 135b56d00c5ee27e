#!/bin/sh
# t/python-t.sh: the Python package's pytest suite (python/t) as TAP,
# one result per pytest test.  Skipped when configure found no Python
# 3, when pytest is missing, or when the library was built without a
# shared object (--disable-shared: ctypes has nothing to load).

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
: "${PYTHON:=python3}"
so="$top_builddir/.libs/libboxtoi.so"

skip() { echo "1..0 # SKIP $1"; exit 0; }
[ "$PYTHON" = ":" ] && skip "no Python 3 found by configure"
"$PYTHON" -c 'import pytest' 2>/dev/null || skip "pytest is not installed"
[ -f "$so" ] || skip "no shared library (built with --disable-shared)"

BOXTOI_LIBRARY=$(cd "$(dirname "$so")" && pwd)/libboxtoi.so
BOXTOI_CLI=$(cd "$top_builddir/cli" && pwd)/boxtoi
PYTHONPATH=$(cd "$top_srcdir/python" && pwd)${PYTHONPATH:+:$PYTHONPATH}
# no __pycache__ in the source tree (read-only under make distcheck)
PYTHONDONTWRITEBYTECODE=1
export BOXTOI_LIBRARY BOXTOI_CLI PYTHONPATH PYTHONDONTWRITEBYTECODE

out="${TMPDIR:-/tmp}/python-t.$$"
trap 'rm -f "$out"' EXIT HUP INT TERM
# the package's tests (test_plot.py is python/t/plot-t.sh's)
set --
for f in numbers query errors solve batch dask doc; do
    set -- "$@" "$top_srcdir/python/t/test_$f.py"
done
"$PYTHON" -m pytest -q -rA -p no:cacheprovider "$@" >"$out" 2>&1
rc=$?
# pytest's short summary: "PASSED file::test", "FAILED file::test - why",
# "SKIPPED [1] file:line: why", "ERROR file - why"; the rest as comments.
awk -v rc="$rc" '
    /^PASSED / { n++; sub(/^PASSED /, ""); print "ok " n " - " $0; next }
    /^XFAIL / { n++; sub(/^XFAIL /, ""); print "ok " n " - " $0 " # TODO"; next }
    /^(FAILED|ERROR|XPASS) / { n++; print "not ok " n " - " $0; bad++; next }
    /^SKIPPED / { n++; sub(/^SKIPPED \[[0-9]+\] /, "");
                  print "ok " n " # SKIP " $0; next }
    { print "# " $0 }
    END {
        if (rc != 0 && bad == 0) { n++; print "not ok " n " - pytest exit " rc }
        if (n == 0) { n++; print "not ok 1 - no test ran" }
        print "1.." n
    }' "$out"
