#!/bin/sh
# t/stream-t.sh: answers through a pipe, one at a time (TAP); the work
# is in t/stream-t.py.
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
exec python3 "$top_srcdir/t/stream-t.py" "$BOXTOI"
