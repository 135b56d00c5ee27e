#!/bin/sh
# t/api-example-t.sh: the example program of doc/api.md (doc/example.c)
# runs and prints the answer derived by hand, and doc/api.md has an
# entry for every public function of include/boxtoi/*.h (TAP).
#
# The query: the cube [-1, 1]^3 spinning about z by q(t) = (1, 0, 0, t),
# a wall at x = 13/10, t in [0, 1].  Rotation by cos = (1 - t^2)/(1 + t^2),
# sin = 2t/(1 + t^2); for 0 < t < 1 the cube's largest x is
# (1 + 2t - t^2)/(1 + t^2), on its edge x = max, y = min (X'-Y), which
# is parallel to the wall's face X.  It reaches 13/10 where
# 10 (1 + 2t - t^2) = 13 (1 + t^2), i.e. 23 t^2 - 20 t + 3 = 0, first at
# t = (10 - sqrt 31)/23 = 0.192705897268259916429588204394|8..., which
# rounds up in the 30th digit; the other root (10 + sqrt 31)/23 = 0.677..
# is above 1/5, t below.  Tight planes: 1 (e_x, side -x) and 23
# (direction 11 = e_y x g_z = e_x, side -x).

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
EXAMPLE="$top_builddir/doc/example"
TMP="${TMPDIR:-/tmp}/api-example-t.$$"
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT HUP INT TERM

if [ ! -x "$EXAMPLE" ]; then
    echo "Bail out! $EXAMPLE is not built"
    exit 1
fi

echo "1..3"

cat >"$TMP/want" <<'END'
contact at the root t of 23*t^2 - 20*t + 3
t is irrational
t < 1/5
t ~ 0.192705897268259916429588204395
initial: no
face-edge: box 1 face X / box 2 edge X'-Y
tight planes: 1 23
END

"$EXAMPLE" >"$TMP/got" 2>"$TMP/err"
rc=$?
if [ $rc -eq 0 ]; then
    echo "ok 1 - doc/example exits 0"
else
    echo "not ok 1 - doc/example exits 0 (exit $rc)"
    sed 's/^/# stderr: /' "$TMP/err"
fi
if cmp -s "$TMP/want" "$TMP/got"; then
    echo "ok 2 - doc/example prints the hand-derived answer"
else
    echo "not ok 2 - doc/example prints the hand-derived answer"
    diff "$TMP/want" "$TMP/got" | sed 's/^/# /'
fi

# Every function declared with BOXTOI_API is named in doc/api.md.
missing=
for f in $(cat "$top_srcdir"/include/boxtoi/*.h | tr '\n' ' ' |
           grep -o 'BOXTOI_API[^(;]*(' |
           sed 's/.*[ *]\(boxtoi_[a-z0-9_]*\)($/\1/' | grep '^boxtoi_' |
           sort -u); do
    grep -q "$f(" "$top_srcdir/doc/api.md" || missing="$missing $f"
done
if [ -z "$missing" ]; then
    echo "ok 3 - doc/api.md documents every BOXTOI_API function"
else
    echo "not ok 3 - doc/api.md documents every BOXTOI_API function"
    echo "# missing:$missing"
fi
exit 0
