#!/bin/sh
# python/t/explain-t.sh: `boxtoi --explain` prints the query as read, the
# input of boxtoi.plot (doc/format.md §5), exactly (TAP).

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
BOXTOI="$top_builddir/cli/boxtoi"
TMP="${TMPDIR:-/tmp}/explain-t.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT HUP INT TERM
echo "1..4"

# The drop example: box 1 = [-1, -0.5, -0.05] to [1, 0.5, 0]; box 2
# drops by z = 1.2 - 4.905 t^2 = (240 - 981 t^2) / 200, and the motion's
# common denominator is 200 (its entries 1 become 200 / 200).
grep '"id": "drop",' "$top_srcdir/examples/drop.jsonl" |
    "$BOXTOI" --explain >"$TMP/out"
n=0
check() {
    n=$((n + 1))
    if grep -qxF "$1" "$TMP/out"; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
        echo "# expected the line: $1"
    fi
}
check "#   box1 = [-1, -1/2, -1/20] to [1, 1/2, 0]" "box 1 as read"
check "#   box2 = [-3/20, -3/20, 0] to [3/20, 3/20, 3/10]" "box 2 as read"
check "#   motion1[3] = [0, 0, 0, 1] / 1" "the identity motion1"
check "#   motion2[2] = [0, 0, 200, -981*t^2 + 240] / 200" \
    "motion2's row 2 over its denominator"
