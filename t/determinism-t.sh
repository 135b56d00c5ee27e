#!/bin/sh
# t/determinism-t.sh: the same input gives the same bytes (TAP).
#
# Input: t/data/determinism/mix.jsonl, 100 seeded queries of every
# family of t/qgen.c (rigid, affine, translational, ballistic, grid)
# and 4 invalid motions whose messages carry an approximate root.
# Checked: the output equals the golden file mix.golden byte for byte,
# "poly", "lo" and "hi" of each t included: they are canonical (the
# minimal polynomial and the canonical isolating interval, doc/format.md
# §4.1), as are the statuses, the correctly rounded decimal, the
# rational, down and up, flags, features, planes and messages; a second
# run gives the same bytes; -j 2 and -j 4 give the
# same bytes as -j 1, also with --text and --digits 60; the input
# reversed gives the results reversed, and each line alone gives its
# line of the batch (no state carried from one query to the next);
# glibc's MALLOC_PERTURB_ (fresh and freed memory filled with junk)
# changes nothing.  The golden's t values were checked against the
# independent oracle (t/data/determinism/README).
#
# Across optimisation levels: .ci/run builds with -O2 and with -O1 plus
# sanitizers, and both builds must match the golden; each run leaves
# its full output in $top_builddir/t/determinism.out, so that two build
# trees can also be compared byte for byte (cmp).  BOXTOI_OTHER may name
# the boxtoi of another build (e.g. -O0) to compare with directly.

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
BOXTOI="$top_builddir/cli/boxtoi"
DATA="$top_srcdir/t/data/determinism"
IN="$DATA/mix.jsonl"
TMP="${TMPDIR:-/tmp}/determinism-t.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT HUP INT TERM

n=0
echo "1..14"
ok() {
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
    fi
}

# same FILE1 FILE2 NAME: byte comparison, with the first difference.
same() {
    if cmp -s "$1" "$2"; then
        ok 0 "$3"
    else
        ok 1 "$3"
        diff "$1" "$2" | head -6 | cut -c1-300 | sed 's/^/# /'
    fi
}

# noline: a result without the line number of an error.
noline() {
    sed 's/"line":[0-9]*,//'
}

if [ ! -x "$BOXTOI" ]; then
    echo "Bail out! $BOXTOI is not built"
    exit 1
fi

"$BOXTOI" -j 1 "$IN" >"$TMP/j1" 2>"$TMP/err"
rc=$?
[ $rc -eq 1 ] && [ ! -s "$TMP/err" ] \
    && [ "$(wc -l <"$TMP/j1")" -eq "$(wc -l <"$IN")" ]
ok $? "mix.jsonl: exit $rc (some lines are invalid), one line per query"
cp "$TMP/j1" "$top_builddir/t/determinism.out" 2>/dev/null

same "$DATA/mix.golden" "$TMP/j1" "the golden output, poly, lo and hi included"

"$BOXTOI" "$IN" >"$TMP/again" 2>/dev/null
same "$TMP/j1" "$TMP/again" "a second run: the same bytes"

"$BOXTOI" -j 2 "$IN" >"$TMP/j2" 2>/dev/null
same "$TMP/j1" "$TMP/j2" "-j 2: the same bytes as -j 1"
"$BOXTOI" -j 4 "$IN" >"$TMP/j4" 2>/dev/null
same "$TMP/j1" "$TMP/j4" "-j 4: the same bytes as -j 1"

"$BOXTOI" --text -j 1 "$IN" >"$TMP/t1" 2>/dev/null
"$BOXTOI" --text -j 4 "$IN" >"$TMP/t4" 2>/dev/null
same "$TMP/t1" "$TMP/t4" "--text -j 4: the same bytes as -j 1"

"$BOXTOI" --digits 60 -j 1 "$IN" >"$TMP/d1" 2>/dev/null
"$BOXTOI" --digits 60 -j 3 "$IN" >"$TMP/d3" 2>/dev/null
same "$TMP/d1" "$TMP/d3" "--digits 60 -j 3: the same bytes as -j 1"
# 60 digits is a different rounding of the same numbers: the statuses
# and everything but the decimals (of t, the point and the normal)
# agree with the 30-digit run.
nodec='s/"decimal":"[^"]*"//; s/"point":\[[^]]*\]//; s/"normal":\[[^]]*\]//'
sed "$nodec" "$TMP/j1" >"$TMP/j1.nodec"
sed "$nodec" "$TMP/d1" >"$TMP/d1.nodec"
same "$TMP/j1.nodec" "$TMP/d1.nodec" "--digits 60 changes only the decimals"

# Reversed input, reversed output (error lines renumbered).
awk '{ l[NR] = $0 } END { for (i = NR; i > 0; i--) print l[i] }' "$IN" \
    >"$TMP/rev.jsonl"
"$BOXTOI" "$TMP/rev.jsonl" 2>/dev/null \
    | awk '{ l[NR] = $0 } END { for (i = NR; i > 0; i--) print l[i] }' \
    | noline >"$TMP/rev"
noline <"$TMP/j1" >"$TMP/j1.noline"
same "$TMP/j1.noline" "$TMP/rev" "reversed input: the same results"

# One line at a time, each in a fresh process (every fourth line).
: >"$TMP/single"
awk 'NR % 4 == 1' "$IN" | while IFS= read -r line; do
    printf '%s\n' "$line" | "$BOXTOI" 2>/dev/null | noline >>"$TMP/single"
done
awk 'NR % 4 == 1' "$TMP/j1.noline" >"$TMP/j1.quarter"
same "$TMP/j1.quarter" "$TMP/single" "each line alone: its line of the batch"

# Junk in fresh and freed memory (glibc) changes nothing.
MALLOC_PERTURB_=165 "$BOXTOI" -j 2 "$IN" >"$TMP/perturb" 2>/dev/null
same "$TMP/j1" "$TMP/perturb" "MALLOC_PERTURB_=165: the same bytes"
MALLOC_PERTURB_=90 "$BOXTOI" "$IN" >"$TMP/perturb" 2>/dev/null
same "$TMP/j1" "$TMP/perturb" "MALLOC_PERTURB_=90: the same bytes"

# The locale plays no part (no strtod, no printf of doubles).
LC_ALL=C.UTF-8 "$BOXTOI" "$IN" >"$TMP/loc" 2>/dev/null
same "$TMP/j1" "$TMP/loc" "LC_ALL=C.UTF-8: the same bytes"

# Another build of the command, when named.
if [ -n "${BOXTOI_OTHER:-}" ] && [ -x "$BOXTOI_OTHER" ]; then
    "$BOXTOI_OTHER" "$IN" >"$TMP/other" 2>/dev/null
    same "$TMP/j1" "$TMP/other" "BOXTOI_OTHER ($BOXTOI_OTHER): the same bytes"
else
    echo "ok $((n + 1)) # SKIP BOXTOI_OTHER not set"
    n=$((n + 1))
fi

[ $n -eq 14 ] || echo "# ran $n tests, planned 14"
exit 0
