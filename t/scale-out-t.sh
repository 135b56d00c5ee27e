#!/bin/sh
# t/scale-out-t.sh: the GNU parallel pipeline of doc/scale-out.md, run
# on this machine, prints byte for byte what one boxtoi run prints
# (TAP).  Skipped when GNU parallel is not installed.
#
# The input is the examples and t/data/cli/basic.jsonl, repeated with
# fresh ids to about 1,000 lines, cut by --pipepart into blocks of 8 kB
# (dozens of jobs), solved by two local workers and put back in input
# order by --keep-order.  It has no error lines: an error result
# carries its line number within the block, which differs
# (doc/scale-out.md, "Line numbers").

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
BOXTOI="$top_builddir/cli/boxtoi"

if ! command -v parallel >/dev/null 2>&1 \
   || ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    echo "1..0 # SKIP GNU parallel is not installed"
    exit 0
fi
[ -x "$BOXTOI" ] || { echo "Bail out! $BOXTOI is not built"; exit 1; }
BOXTOI=$(cd "$(dirname "$BOXTOI")" && pwd)/boxtoi

TMP="${TMPDIR:-/tmp}/scale-out-t.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT HUP INT TERM
# parallel keeps its state under $PARALLEL_HOME (default ~/.parallel)
PARALLEL_HOME="$TMP/home"
export PARALLEL_HOME

i=0
while [ $i -lt 40 ]; do
    cat "$top_srcdir"/examples/*.jsonl "$top_srcdir/t/data/cli/basic.jsonl" |
        sed "s/\"id\": *\"\\([^\"]*\\)\"/\"id\": \"\\1-$i\"/"
    i=$((i + 1))
done >"$TMP/in.jsonl"

echo "1..4"
"$BOXTOI" "$TMP/in.jsonl" >"$TMP/single.out"
nl=$(wc -l <"$TMP/single.out")
if [ "$nl" -ge 1000 ] && ! grep -q '"status":"error"' "$TMP/single.out"
then
    echo "ok 1 - a single run: $nl results, no errors"
else
    echo "not ok 1 - a single run: $nl results"
fi

n=1
for hosts in ":" "2/:"; do
    n=$((n + 1))
    parallel --will-cite --pipepart -a "$TMP/in.jsonl" --block 8k \
        --keep-order --sshlogin "$hosts" -j 2 "$BOXTOI" >"$TMP/par.out"
    if cmp -s "$TMP/single.out" "$TMP/par.out"; then
        echo "ok $n - parallel --pipepart --sshlogin '$hosts' --keep-order"
    else
        echo "not ok $n - parallel --sshlogin '$hosts' differs"
        diff "$TMP/single.out" "$TMP/par.out" | head -5 | sed 's/^/# /'
    fi
done

# without --keep-order the same lines come back, in some order
parallel --will-cite --pipepart -a "$TMP/in.jsonl" --block 8k -j 2 \
    "$BOXTOI" | sort >"$TMP/unordered.out"
if sort "$TMP/single.out" | cmp -s - "$TMP/unordered.out"; then
    echo "ok 4 - the same results without --keep-order, once sorted"
else
    echo "not ok 4 - results differ without --keep-order"
fi
