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
echo "1..7"

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

# "numbers": "binary64" (format.md §1, §8): P falls from z = 0.1 to
# z = -0.9 onto the triangle z = 0 (P = (1/4, 1/4) inside).  Read as
# decimals the contact is at t = 1/10; read as doubles z0 = d(0.1) and
# z1 = d(-0.9), the root of z0 + (z1 - z0) t is z0 / (z0 - z1) =
# 3602879701896397/36028797018963969 (Python: Fraction(0.1) /
# (Fraction(0.1) - Fraction(-0.9))).
vf='"vertex_face":{"t0":[[0.25,0.25,0.1],[0,0,0],[1,0,0],[0,1,0]],"t1":[[0.25,0.25,-0.9],[0,0,0],[1,0,0],[0,1,0]]}'
for mode in decimal binary64; do
    echo "{\"id\":\"$mode\",\"numbers\":\"$mode\",$vf}"
done | "$BOXTOI" >"$TMP/b64" 2>&1
grep '"id":"decimal"' "$TMP/b64" | grep -q '"lo":"1/10","hi":"1/10"' &&
    echo "ok 5 - numbers decimal: t = 1/10" ||
    { echo "not ok 5 - numbers decimal: t = 1/10"; sed 's/^/# /' "$TMP/b64"; }
grep '"id":"binary64"' "$TMP/b64" |
    grep -q '"lo":"3602879701896397/36028797018963969"' &&
    echo "ok 6 - numbers binary64: t = d(0.1)/(d(0.1) - d(-0.9))" ||
    { echo "not ok 6 - numbers binary64"; sed 's/^/# /' "$TMP/b64"; }

# One worker's prim result is reused by every line (lib/io/prim.c): the
# unit-tests queries of both kinds (many left to the exact method) as
# JSON Lines in one run must give, line for line, what each line gives
# alone in a fresh process.
if [ -f "$CCD/vertex-face/data_0_1.csv" ]; then
    for k in vertex-face edge-edge; do
        key=$(echo $k | tr - _)
        awk -F, -v key=$key -v k=$k '
            { r[(NR - 1) % 8] = "[\"" $1 "/" $2 "\",\"" $3 "/" $4 "\",\"" $5 "/" $6 "\"]" }
            NR % 8 == 0 { printf "{\"id\":\"%s-%d\",\"%s\":{\"t0\":[%s,%s,%s,%s],\"t1\":[%s,%s,%s,%s]}}\n", k, NR / 8, key, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7] }' \
            "$CCD/$k/data_0_1.csv"
    done >"$TMP/ut.jsonl"
    "$BOXTOI" -j 1 "$TMP/ut.jsonl" >"$TMP/ut.out" 2>&1
    : >"$TMP/ut.one"
    while IFS= read -r line; do
        printf '%s\n' "$line" | "$BOXTOI" >>"$TMP/ut.one" 2>&1
    done <"$TMP/ut.jsonl"
    n=$(wc -l <"$TMP/ut.jsonl")
    [ "$n" -eq 145 ] && cmp -s "$TMP/ut.out" "$TMP/ut.one" &&
        echo "ok 7 - one result reused over $n lines: each line as alone" ||
        { echo "not ok 7 - one result reused over $n lines (want 145)";
          diff "$TMP/ut.one" "$TMP/ut.out" | head -5 | sed 's/^/# /'; }
else
    echo "ok 7 # SKIP benchmark data not found"
fi
