#!/bin/sh
# python/t/plot-t.sh: the tests of boxtoi.plot (python/t/test_plot.py,
# python/t/test_plot_kinds.py, pytest) as TAP.  Skipped when configure
# found no matplotlib, numpy and pytest in its $PYTHON (HAVE_MATPLOTLIB).

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
if [ "${HAVE_MATPLOTLIB:-no}" != yes ]; then
    echo "1..0 # SKIP no python3 with matplotlib, numpy and pytest"
    exit 0
fi
BOXTOI="$top_builddir/cli/boxtoi"
PYTHONPATH="$top_srcdir/python${PYTHONPATH:+:$PYTHONPATH}"
PYTHONDONTWRITEBYTECODE=1
MPLBACKEND=Agg
export BOXTOI PYTHONPATH PYTHONDONTWRITEBYTECODE MPLBACKEND
TMP="${TMPDIR:-/tmp}/plot-t.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT HUP INT TERM

# -rA lists every test as "PASSED file::name", "FAILED ...", "ERROR ..."
# or "SKIPPED [n] file:line: reason"; each becomes one TAP line.
"$PYTHON" -m pytest -p no:cacheprovider -rA -q \
    "$top_srcdir/python/t/test_plot.py" \
    "$top_srcdir/python/t/test_plot_kinds.py" >"$TMP/out" 2>&1
status=$?
grep -E '^(PASSED|FAILED|ERROR|SKIPPED) ' "$TMP/out" >"$TMP/res"
n=$(wc -l <"$TMP/res")
if [ "$n" -eq 0 ]; then
    echo "Bail out! pytest ran no test (status $status)"
    sed 's/^/# /' "$TMP/out" | tail -40
    exit 1
fi
echo "1..$n"
i=0
while read -r verdict name; do
    i=$((i + 1))
    case $verdict in
    PASSED) echo "ok $i - ${name##*::}" ;;
    SKIPPED) echo "ok $i # SKIP $name" ;;
    *) echo "not ok $i - ${name##*::}" ;;
    esac
done <"$TMP/res"
if [ "$status" -ne 0 ]; then
    sed 's/^/# /' "$TMP/out" | grep -v '^# PASSED ' | tail -60
fi
exit 0
