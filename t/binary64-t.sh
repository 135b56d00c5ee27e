#!/bin/sh
# t/binary64-t.sh: binary64 reading of JSON numbers against Python's
# float (TAP); the work is in t/binary64-t.py.
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
BOXTOI="$top_builddir/cli/boxtoi"
if [ ! -x "$BOXTOI" ]; then
    echo "Bail out! $BOXTOI is not built"
    exit 1
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "Bail out! python3 is needed (Debian: apt-get install python3)"
    exit 1
fi
exec python3 "$top_srcdir/t/binary64-t.py" "$BOXTOI" ${BOXTOI_TEST_SEED:+"$BOXTOI_TEST_SEED"}
