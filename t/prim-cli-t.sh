#!/bin/sh
# t/prim-cli-t.sh: the command on vertex_face / edge_edge queries and on
# the benchmark CSV files (TAP).  Expected answers: t/data/prim/README.
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
BOXTOI="$top_builddir/cli/boxtoi"
DATA="$top_srcdir/t/data/prim"
CCD="$top_srcdir/../shared/data/ccd-benchmark/handcrafted/unit-tests"
TMP="${TMPDIR:-/tmp}/prim-cli-t.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT HUP INT TERM
echo "1..4"

"$BOXTOI" "$DATA/hand.jsonl" >"$TMP/out" 2>"$TMP/err"
rc=$?
[ $rc -eq 1 ] && echo "ok 1 - hand.jsonl: exit 1 (one bad line)" ||
    echo "not ok 1 - hand.jsonl: exit $rc, want 1"
if cmp -s "$DATA/hand.out" "$TMP/out"; then
    echo "ok 2 - hand.jsonl gives hand.out"
else
    echo "not ok 2 - hand.jsonl gives hand.out"
    diff "$DATA/hand.out" "$TMP/out" | sed 's/^/# /'
fi
if [ -f "$CCD/vertex-face/data_0_0.csv" ]; then
    "$BOXTOI" --csv vertex_face --check-truth \
        "$CCD/vertex-face/data_0_0.csv" "$CCD/vertex-face/data_0_1.csv" \
        >"$TMP/csv" 2>"$TMP/sum"
    rc=$?
    grep -q ' 0 false positives, 0 false negatives' "$TMP/sum" && [ $rc -eq 0 ] &&
        echo "ok 3 - --csv --check-truth: agrees with the truth" ||
        { echo "not ok 3 - --csv --check-truth (exit $rc)";
          sed 's/^/# /' "$TMP/sum"; }
    n=$(wc -l <"$TMP/csv")
    [ "$n" -eq 250 ] && echo "ok 4 - one result per query (250)" ||
        echo "not ok 4 - one result per query: $n lines, want 250"
else
    echo "ok 3 # SKIP benchmark data not found"
    echo "ok 4 # SKIP benchmark data not found"
fi
