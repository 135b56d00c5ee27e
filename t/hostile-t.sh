#!/bin/sh
# t/hostile-t.sh: hostile input to the boxtoi command (TAP).
#
# t/data/hostile/NAME.jsonl holds one hostile query per line and
# NAME.expect, line for line, what it must give: tab-separated fields,
# the first the expected error code (invalid_shape, ...) or "contact" or
# "no_contact", the others literal strings that the result line must
# contain (for an error, the place named in the message; for an answer,
# the exact value, e.g. "rational":"17").  Every expectation was derived
# by hand (t/data/hostile/README).  Also generated here, too big to
# keep: huge lines, deep nesting, 200000 keys, million-digit numbers,
# NUL bytes, CRLF, random bytes.  Then the regression cases of
# t/data/regress (one per bug found, same format or an exact .out).
# Every run must end with status 0 or 1 within the time limit, print
# nothing on standard error and one result per line.

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
BOXTOI="$top_builddir/cli/boxtoi"
DATA="$top_srcdir/t/data/hostile"
TMP="${TMPDIR:-/tmp}/hostile-t.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT HUP INT TERM

# A hang is a failure, not a stuck test suite.
LIMIT=""
command -v timeout >/dev/null 2>&1 && LIMIT="timeout 300"

n=0
ok() {
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
    fi
}

if [ ! -x "$BOXTOI" ]; then
    echo "Bail out! $BOXTOI is not built"
    exit 1
fi

# run FILE ARGS...: runs the command; sets rc; output in $TMP/out.
run() {
    f=$1
    shift
    $LIMIT "$BOXTOI" "$@" "$f" >"$TMP/out" 2>"$TMP/err"
    rc=$?
}

# sane NAME: status 0 or 1 (not a crash, a hang or a usage error),
# nothing on standard error, one result line per input line.
sane() {
    want=$(wc -l <"$1" | tr -d ' ')
    got=$(wc -l <"$TMP/out" | tr -d ' ')
    [ "$rc" -le 1 ] && [ ! -s "$TMP/err" ] && [ "$want" -eq "$got" ]
    r=$?
    ok $r "$2: exit $rc, $got result lines for $want input lines"
    [ $r -eq 0 ] || head -c 2000 "$TMP/err" | sed 's/^/# stderr: /'
}

# check LINE EXPECTATION...: the result line meets the expectation.
check() {
    line=$1
    what=$2
    shift 2
    case $what in
    contact|no_contact) pat="\"status\":\"$what\"" ;;
    *) pat="\"status\":\"error\",\"error\":{\"code\":\"$what\"" ;;
    esac
    r=0
    printf '%s\n' "$line" | grep -a -F -q -e "$pat" || r=1
    for s in "$@"; do
        [ -n "$s" ] || continue
        printf '%s\n' "$line" | grep -a -F -q -e "$s" || r=1
    done
    echo $r
}

# expect IN EXPECT NAME: the results of IN meet EXPECT line by line.
expect() {
    in=$1
    name=$3
    i=0
    while IFS='	' read -r what s1 s2 s3 s4; do
        i=$((i + 1))
        line=$(sed -n "${i}p" "$TMP/out")
        # the first field of the input is its id, for the test name
        id=$(sed -n "${i}p" "$in" | sed -n 's/^{"id":"\([^"]*\)".*/\1/p')
        r=$(check "$line" "$what" "$s1" "$s2" "$s3" "$s4")
        ok "$r" "$name:$i ${id:+($id) }gives $what"
        if [ "$r" -ne 0 ]; then
            echo "#   input:    $(sed -n "${i}p" "$in" | cut -c1-200)"
            echo "#   result:   $(printf '%s' "$line" | cut -c1-300)"
            echo "#   expected: $what $s1 $s2 $s3 $s4"
        fi
    done <"$2"
    [ "$i" -eq "$(wc -l <"$in")" ]
    ok $? "$name: one expectation per input line ($i)"
}

for name in shape numbers motions extreme; do
    in="$DATA/$name.jsonl"
    run "$in"
    sane "$in" "$name.jsonl"
    expect "$in" "$DATA/$name.expect" "$name"
    # the text format too: one line each, no crash
    run "$in" --text
    sane "$in" "$name.jsonl --text"
done

# Regression cases (t/data/regress/README): NNN-name.jsonl with either
# NNN-name.expect (as above) or NNN-name.out (the exact output).
for in in "$top_srcdir"/t/data/regress/*.jsonl; do
    [ -f "$in" ] || continue
    base=${in%.jsonl}
    name=$(basename "$base")
    run "$in"
    sane "$in" "regress/$name.jsonl"
    if [ -f "$base.expect" ]; then
        expect "$in" "$base.expect" "regress/$name"
    elif [ -f "$base.out" ]; then
        cmp -s "$base.out" "$TMP/out"
        ok $? "regress/$name: the expected output"
    fi
done

# ---- generated inputs ------------------------------------------------
B1='"box1":{"min":[-1,-1,-1],"max":[1,1,1]}'
B2='"box2":{"min":["-1/2","-1/2","-1/2"],"max":["1/2","1/2","1/2"]}'
U2='"box2":{"min":[0,0,0],"max":[1,1,1]}'
B="$B1,$B2"
# box 2 falls as z = 11/2 - t^2 and lands on box 1 at t = 2
DROP='"motion2":[[1,0,0,0],[0,1,0,0],[0,0,1,["11/2",0,-1]],[0,0,0,1]]'
DROP="$DROP,\"t_range\":[0,3]"
G="$TMP/gen.jsonl"

# gen NAME EXPECT...: the generated line in $G meets the expectation.
gen() {
    gname=$1
    shift
    run "$G"
    sane "$G" "$gname"
    # the start and the end of the result (a huge id is in between)
    r=$(check "$(head -c 1000 "$TMP/out")$(tail -c 100000 "$TMP/out")" "$@")
    ok "$r" "$gname gives $1"
    [ "$r" -eq 0 ] && return
    echo "#   result:   $(head -c 300 "$TMP/out")"
    echo "#   expected: $*"
}

# repeat STRING N: STRING N times, no newline.
repeat() {
    awk -v s="$1" -v n="$2" 'BEGIN {
        r = ""; p = s
        while (n > 0) { if (n % 2) r = r p; p = p p; n = int(n / 2) }
        printf "%s", r }'
}

# 16 MB id: echoed whole (the result line is longer than the id).
{ printf '{"id":"'; repeat x 16777216; printf '",%s,%s}\n' "$B" "$DROP"; } \
    >"$G"
gen "16 MB id" contact '"rational":"2"'
[ "$(wc -c <"$TMP/out")" -gt 16777216 ]
ok $? "16 MB id: echoed in full"

# 8 MB of white space before the object.
{ repeat ' ' 8388608; printf '{%s,%s}\n' "$B" "$DROP"; } >"$G"
gen "8 MB of leading blanks" contact '"rational":"2"'

# 100000 nested arrays: refused by depth, not by the stack.
{ printf '{"_n":'; repeat '[' 100000; repeat ']' 100000; echo '}'; } >"$G"
gen "100000-deep nesting" invalid_json 'nesting too deep'

# 20000 keyframes (x = 20001 - t at t = 0, 1, ..., 20000): one query,
# 20001 intervals solved in turn, contact when x = 1 at t = 20000.
awk -v b="$B1" -v u="$U2" 'BEGIN {
    printf "{%s,%s,\"motion2\":{\"keyframes\":[", b, u
    for (i = 0; i <= 20000; i++)
        printf "%s{\"t\":%d,\"translation\":[%d,0,0]}", i ? "," : "", i,
               20001 - i
    printf "]},\"t_range\":[0,\"inf\"]}\n" }' >"$G"
gen "20000 keyframes" contact '"rational":"20000"' '"initial":false'

# 100000 breaks and one piece too few.
awk -v b="$B1" -v u="$U2" 'BEGIN {
    printf "{%s,%s,\"motion2\":{\"breaks\":[", b, u
    for (i = 0; i < 100000; i++) printf "%s%d", i ? "," : "", i
    printf "],\"pieces\":["
    for (i = 0; i < 100000; i++) printf "%s{}", i ? "," : ""
    printf "]}}\n" }' >"$G"
gen "100000 breaks, 100000 pieces" invalid_motion \
    'motion2.pieces: 100000 breaks need 100001 pieces, found 100000'

# 200000 annotation keys, then a query.
awk 'BEGIN { printf "{"
            for (i = 0; i < 200000; i++) printf "\"_k%d\":%d,", i, i }' \
    >"$TMP/keys"
{ cat "$TMP/keys"; printf '%s,%s}\n' "$B" "$DROP"; } >"$G"
gen "200000 keys" contact '"rational":"2"'

# 200000 keys with one repeated at the end: a duplicate.
{ cat "$TMP/keys"; printf '"_k7":0,%s,%s}\n' "$B" "$DROP"; } >"$G"
gen "200000 keys, one repeated" invalid_shape 'duplicate key'

# A 1,000,000-digit coordinate: read exactly, refused by the bit limit.
repeat 9 1000000 >"$TMP/nines"
{ printf '{"box1":{"min":[-'; cat "$TMP/nines";
  printf ',-1,-1],"max":[1,1,1]},%s}\n' "$U2"; } >"$G"
gen "1,000,000-digit coordinate" limit_exceeded \
    'box1: a coordinate has more than 4096 bits'

# A 200,000-digit denominator in a motion: refused by the bit limit
# before any work on the motion (t/data/regress/README, 001), so within
# seconds.
{ printf '{%s,"motion2":[[1,0,0,0],[0,1,0,0],[0,0,[-5,"1/1' "$B";
  repeat 0 200000; printf '",1],0],[0,0,0,1]],"t_range":[1,10]}\n'; } >"$G"
LIMIT_SAVE=$LIMIT
command -v timeout >/dev/null 2>&1 && LIMIT="timeout 60"
gen "200,000-digit denominator, within 60 s" limit_exceeded \
    'motion2: a denominator has more than 4096 bits'
LIMIT=$LIMIT_SAVE

# A fraction with 1,000,000-digit terms equal to -1: box1 = [-1, 1]^3
# and box2 = [0, 1]^3 overlap at t0.
{ printf '{"box1":{"min":["-'; cat "$TMP/nines"; printf /; cat "$TMP/nines";
  printf '",-1,-1],"max":[1,1,1]},%s}\n' "$U2"; } >"$G"
gen "1,000,000-digit fraction equal to -1" contact '"rational":"0"' \
    '"initial":true'

# 500000 coefficients in one entry, all zero but the first three.
{ printf '{%s,"motion2":[[1,0,0,0],[0,1,0,0],[0,0,1,["11/2",0,-1' "$B";
  repeat ,0 500000; printf ']],[0,0,0,1]],"t_range":[0,3]}\n'; } >"$G"
gen "500000 zero coefficients" contact '"rational":"2"'

# A NUL byte outside a string, and one inside.
printf '{"id":"nul",\000%s}\n' "$B" >"$G"
gen "NUL outside a string" invalid_json 'column 13'
printf '{"id":"nul\000inside",%s}\n' "$B" >"$G"
gen "NUL inside a string" invalid_json 'control character 0x00'

# CRLF line ends are white space.
printf '{"id":"crlf",%s,%s}\r\n' "$B" "$DROP" >"$G"
gen "CRLF" contact '"id":"crlf"' '"rational":"2"'

# Random bytes: each line gets a result or an error, nothing else.
LC_ALL=C awk 'BEGIN {
    srand(5)
    for (l = 0; l < 200; l++) {
        n = int(rand() * 300)
        for (i = 0; i < n; i++) {
            c = int(rand() * 256)
            printf "%c", c == 10 ? 32 : c
        }
        printf "\n"
    } }' | LC_ALL=C grep -a -v '^[[:space:]]*$' >"$TMP/noise.jsonl"
run "$TMP/noise.jsonl"
sane "$TMP/noise.jsonl" "random bytes"

echo "1..$n"
exit 0
