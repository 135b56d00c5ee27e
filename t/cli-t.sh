#!/bin/sh
# t/cli-t.sh: tests of the boxtoi command (TAP).
#
# Golden files in t/data/cli: *.jsonl inputs, *.out (JSON) and *.txt
# (--text) expected outputs.  Every expected answer was solved by hand
# before it was compared (see t/data/cli/README); the command's own
# output was never taken on trust.  Also: batch output equals the
# per-query outputs concatenated, -j N gives the same bytes as -j 1,
# blank lines are skipped, standard input works, and the exit statuses.

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
BOXTOI="$top_builddir/cli/boxtoi"
DATA="$top_srcdir/t/data/cli"
TMP="${TMPDIR:-/tmp}/cli-t.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT HUP INT TERM

n=0
failed=0
echo "1..43"

ok() {
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
        failed=$((failed + 1))
    fi
}

# same FILE1 FILE2 NAME: byte comparison, with a diff on failure.
same() {
    if cmp -s "$1" "$2"; then
        ok 0 "$3"
    else
        ok 1 "$3"
        diff "$1" "$2" | sed 's/^/# /' | head -20
    fi
}

# status EXPECTED NAME COMMAND...: the exit status of COMMAND.
status() {
    want=$1
    name=$2
    shift 2
    "$@" >"$TMP/out" 2>"$TMP/err"
    got=$?
    [ "$got" -eq "$want" ]
    r=$?
    ok $r "$name (exit $got, want $want)"
    [ $r -eq 0 ] || sed 's/^/# stderr: /' "$TMP/err"
}

if [ ! -x "$BOXTOI" ]; then
    echo "Bail out! $BOXTOI is not built"
    exit 1
fi

# 1-4: golden outputs.
status 0 "basic.jsonl answers" "$BOXTOI" "$DATA/basic.jsonl"
same "$DATA/basic.out" "$TMP/out" "basic.jsonl gives basic.out"
status 1 "errors.jsonl has error lines" "$BOXTOI" "$DATA/errors.jsonl"
same "$DATA/errors.out" "$TMP/out" "errors.jsonl gives errors.out"

# 5-8: --text.
status 0 "--text on basic.jsonl" "$BOXTOI" --text "$DATA/basic.jsonl"
same "$DATA/basic.txt" "$TMP/out" "basic.jsonl --text gives basic.txt"
status 1 "--text on errors.jsonl" "$BOXTOI" --text "$DATA/errors.jsonl"
same "$DATA/errors.txt" "$TMP/out" "errors.jsonl --text gives errors.txt"

# 9: a batch equals its queries run one by one (non-blank lines; the
# error lines would differ only in their "line").
: >"$TMP/one-by-one"
grep -v '^[[:space:]]*$' "$DATA/basic.jsonl" | while IFS= read -r line; do
    printf '%s\n' "$line" | "$BOXTOI" >>"$TMP/one-by-one"
done
same "$DATA/basic.out" "$TMP/one-by-one" "batch = one query at a time"

# 10-15: -j N gives the same bytes, on a batch of several chunks.
i=0
: >"$TMP/big.jsonl"
while [ $i -lt 40 ]; do
    cat "$DATA/basic.jsonl" "$DATA/errors.jsonl" >>"$TMP/big.jsonl"
    i=$((i + 1))
done
"$BOXTOI" -j 1 "$TMP/big.jsonl" >"$TMP/j1" 2>/dev/null
"$BOXTOI" -j 2 "$TMP/big.jsonl" >"$TMP/j2" 2>/dev/null
"$BOXTOI" -j3 "$TMP/big.jsonl" >"$TMP/j3" 2>/dev/null
[ "$(wc -l <"$TMP/j1")" -eq 880 ]
ok $? "the big batch has 40 * 22 result lines"
same "$TMP/j1" "$TMP/j2" "-j 2 = -j 1"
same "$TMP/j1" "$TMP/j3" "-j3 = -j 1"
# Each of the N threads reads, solves and writes in turn (cli/ring.c):
# with the input a pipe (a line handed on as soon as it is read), with
# the output a pipe (each finished run flushed by the thread that
# wrote it), and with more threads than the ring's lines need.
cat "$TMP/big.jsonl" | "$BOXTOI" -j 2 >"$TMP/j2p" 2>/dev/null
same "$TMP/j1" "$TMP/j2p" "-j 2 from a pipe = -j 1"
"$BOXTOI" -j 4 "$TMP/big.jsonl" 2>/dev/null | cat >"$TMP/j4p"
same "$TMP/j1" "$TMP/j4p" "-j 4 into a pipe = -j 1"
cat "$TMP/big.jsonl" | "$BOXTOI" -j 16 2>/dev/null | cat >"$TMP/j16p"
same "$TMP/j1" "$TMP/j16p" "-j 16 from a pipe into a pipe = -j 1"

# 16-18: standard input, "-", several files.
"$BOXTOI" <"$DATA/basic.jsonl" >"$TMP/stdin" 2>/dev/null
same "$DATA/basic.out" "$TMP/stdin" "standard input"
"$BOXTOI" - <"$DATA/basic.jsonl" >"$TMP/dash" 2>/dev/null
same "$DATA/basic.out" "$TMP/dash" "'-' is standard input"
cat "$DATA/basic.out" "$DATA/errors.out" >"$TMP/both.want"
"$BOXTOI" "$DATA/basic.jsonl" "$DATA/errors.jsonl" >"$TMP/both" 2>/dev/null
same "$TMP/both.want" "$TMP/both" "two files, lines numbered per file"

# 16-17: --digits.  drop-1's t = 2 and rise-sqrt2's t = sqrt(2) =
# 1.41421|356... to 6 significant digits.
"$BOXTOI" --digits 6 "$DATA/basic.jsonl" >"$TMP/d6" 2>/dev/null
grep -q '"id":"drop-1",.*"decimal":"2.00000",' "$TMP/d6"
ok $? "--digits 6: 2.00000"
"$BOXTOI" --digits=6 "$DATA/basic.jsonl" >"$TMP/d6" 2>/dev/null
grep -q '"id":"rise-sqrt2",.*"decimal":"1.41421",' "$TMP/d6"
ok $? "--digits=6: sqrt(2) is 1.41421"

# 18-19: --explain keeps the results (its own lines start with "# ").
status 0 "--explain" "$BOXTOI" --explain "$DATA/basic.jsonl"
grep -v '^# ' "$TMP/out" >"$TMP/explained" 2>/dev/null
same "$DATA/basic.out" "$TMP/explained" "--explain keeps the result lines"
# It also names the sections, the pairs with their plane polynomials,
# and the accepted candidate.  For drop-1 (box 2 = [-1/2,1/2]^3 at
# z = 11/2 - t^2, box 1 = [-1,1]^3; L = 2): D_z = 2 L b_z = -8 t^2 + 44
# and R = |w| E1_z + E2_z |A_zz| = 2*4 + 2*2 = 12 for the direction e_z,
# so plane 4 is 12 - D_z = 8 t^2 - 32, whose root t = 2 is accepted.
# (The first result line and its explanation, whatever their length.)
awk '/^\{/ { n++ } n == 1' "$TMP/out" >"$TMP/ex1"
grep -q '^#  section 0: \[0, 3\], sampled at ' "$TMP/ex1"
ok $? "--explain names the section [0, 3]"
grep -q "^#    plane  4 face-vertex box1 face Z' / box2 face Z: P = 8\*t^2 - 32\$" "$TMP/ex1"
ok $? "--explain names plane 4's pair and polynomial"
grep -q '^#   section 0, plane 4: t = 2: accepted' "$TMP/ex1"
ok $? "--explain shows the accepted candidate"

# 20-28: usage and exit statuses.
status 0 "--help" "$BOXTOI" --help
grep -q '^Usage: ' "$TMP/out"
ok $? "--help prints the usage on standard output"
status 0 "--version" "$BOXTOI" --version
grep -q '^boxtoi [0-9]' "$TMP/out"
ok $? "--version prints 'boxtoi VERSION'"
status 2 "unknown option" "$BOXTOI" --bogus "$DATA/basic.jsonl"
status 2 "--digits 0" "$BOXTOI" --digits 0 "$DATA/basic.jsonl"
status 2 "-j 0" "$BOXTOI" -j 0 "$DATA/basic.jsonl"
status 2 "a file that does not exist" "$BOXTOI" "$TMP/nonexistent" \
    "$DATA/basic.jsonl"
same "$DATA/basic.out" "$TMP/out" "the other files are still processed"

# 29-30: only blank lines give no output and exit 0.
printf '\n  \n\t\r\n' >"$TMP/blank.jsonl"
status 0 "blank lines only" "$BOXTOI" "$TMP/blank.jsonl"
[ ! -s "$TMP/out" ]
ok $? "blank lines give no output"

# 34-37: a write error ends the run at once: status 2 and a single
# message, also with threads (/dev/full: every write fails).
if [ -w /dev/full ]; then
    for j in 1 2; do
        "$BOXTOI" -j $j "$TMP/big.jsonl" >/dev/full 2>"$TMP/err"
        ok $([ $? -eq 2 ]; echo $?) "-j $j: a write error gives status 2"
        [ "$(grep -c 'write error' "$TMP/err")" -eq 1 ]
        ok $? "-j $j: and one message"
    done
else
    for i in 1 2 3 4; do
        n=$((n + 1))
        echo "ok $n # SKIP no /dev/full"
    done
fi

# 38-40: --explain for keyframes.  examples/pick-and-place.jsonl's first
# query (pick-wall) has keyframes at t = 0, 1, 3, 4 and t_range [0, 5]:
# piece 0 holds the pose before t = 0, piece i runs from keyframe i - 1
# to keyframe i, so the range is cut into [0, 1] (piece 1), [1, 3]
# (piece 2), ...; the answer t = 1.8232... (examples/README, derived by
# hand) lies in [1, 3], where the explanation must stop.
head -n 1 "$top_srcdir/examples/pick-and-place.jsonl" |
    "$BOXTOI" --explain >"$TMP/kx" 2>/dev/null
grep '^# interval' "$TMP/kx" >"$TMP/kxi"
printf '%s\n' \
    '# interval 0 of the range, [0, 1]: motion1 one piece, motion2 piece 1' \
    '# interval 1 of the range, [1, 3]: motion1 one piece, motion2 piece 2' \
    >"$TMP/kxe"
same "$TMP/kxe" "$TMP/kxi" "--explain: the keyframed range cut at 1 and 3"
grep -q '^# the first contact is in this interval' "$TMP/kx"
ok $? "--explain: stops at the interval of the first contact"
grep -q '^#  section 0: \[1, 3\], sampled at ' "$TMP/kx"
ok $? "--explain: the interval [1, 3] explained as its own query"

[ $n -eq 43 ] || echo "# ran $n tests, planned 43"
exit 0
