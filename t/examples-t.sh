#!/bin/sh
# t/examples-t.sh: the examples of README.md give their documented
# answers (TAP).
#
# For every examples/NAME.jsonl the command, with default options, must
# exit 0 and print exactly t/data/examples/NAME.out, byte for byte.
# Every answer in those files was derived by hand before it was
# compared (t/data/examples/README), and every field is checked against
# those answers by t/data/examples/verify.py (exact rationals, no boxtoi
# code); the command's output was never taken on trust.  Also: no golden
# file lacks its example, and README.md describes every example.

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
BOXTOI="$top_builddir/cli/boxtoi"
EXAMPLES="$top_srcdir/examples"
DATA="$top_srcdir/t/data/examples"
TMP="${TMPDIR:-/tmp}/examples-t.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT HUP INT TERM

if [ ! -x "$BOXTOI" ]; then
    echo "Bail out! $BOXTOI is not built"
    exit 1
fi

# The examples, in the order of the shell's glob (sorted).
set -- "$EXAMPLES"/*.jsonl
if [ ! -f "$1" ]; then
    echo "Bail out! no examples in $EXAMPLES"
    exit 1
fi
nex=$#
plan=$((3 * nex + 5))
echo "1..$plan"

n=0
ok() {
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
    fi
}

for ex in "$@"; do
    name=$(basename "$ex" .jsonl)
    "$BOXTOI" "$ex" >"$TMP/$name.out" 2>"$TMP/$name.err"
    got=$?
    [ "$got" -eq 0 ]
    r=$?
    ok $r "$name: exit status $got (want 0)"
    [ $r -eq 0 ] || sed 's/^/# stderr: /' "$TMP/$name.err"
    if [ ! -f "$DATA/$name.out" ]; then
        ok 1 "$name: golden file t/data/examples/$name.out is missing"
    elif cmp -s "$DATA/$name.out" "$TMP/$name.out"; then
        ok 0 "$name: output is t/data/examples/$name.out"
    else
        ok 1 "$name: output is t/data/examples/$name.out"
        diff "$DATA/$name.out" "$TMP/$name.out" | sed 's/^/# /' | head -20
        echo "# (if only lo/hi differ, see t/data/examples/README)"
    fi
    grep -q "examples/$name\.jsonl" "$top_srcdir/README.md"
    ok $? "$name: README.md describes examples/$name.jsonl"
done

# Every golden file belongs to an example.
orphans=
for out in "$DATA"/*.out; do
    [ -f "$out" ] || continue
    name=$(basename "$out" .out)
    [ -f "$EXAMPLES/$name.jsonl" ] || orphans="$orphans $name.out"
done
[ -z "$orphans" ]
ok $? "every golden file has its example${orphans:+ (orphans:$orphans)}"

# The time objects of every golden file: minimal polynomial, canonical
# interval, down and up, checked by an independent exact program.
if command -v python3 >/dev/null 2>&1; then
    python3 "$top_srcdir/t/data/timecheck.py" "$DATA"/*.out \
        "$top_srcdir"/t/data/cli/*.out \
        "$top_srcdir"/t/data/determinism/mix.golden >"$TMP/timecheck" 2>&1
    r=$?
    ok $r "golden times: minimal poly, canonical interval, down, up"
    [ $r -eq 0 ] || sed 's/^/# /' "$TMP/timecheck" | tail -20
else
    n=$((n + 1))
    echo "ok $n # SKIP python3 not installed"
fi
# The scene's, the primitives' and the intervals' answers, re-derived
# independently (exact arithmetic in Q(sqrt d): t/data/examples/cell.py,
# primitives.py and gate.py).
for name in cell primitives gate; do
    if command -v python3 >/dev/null 2>&1; then
        python3 "$DATA/$name.py" "$top_srcdir" | sed 's/^/# /'
        python3 "$DATA/$name.py" "$top_srcdir" >/dev/null
        ok $? "$name: t/data/examples/$name.py re-derives $name.out"
    else
        n=$((n + 1))
        echo "ok $n # SKIP python3 not found"
    fi
done

[ $n -eq $plan ] || echo "# ran $n tests, planned $plan"
exit 0
