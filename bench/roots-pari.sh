#!/bin/sh
# bench/roots-pari.sh: runs the root benchmark with PARI/GP's column.
#
# Usage: roots-pari.sh BENCH GP [OPTION...]
#
# BENCH is the built bench/roots-bench and GP the path of gp (empty when
# configure did not find it); the options (--wall) go to BENCH.
# BENCH --gp writes the benchmark's polynomials and a timing loop to a GP
# script next to BENCH; gp runs it once (the times are taken inside gp,
# so start-up does not count) and BENCH --pari reads its output, times
# boxtoi on the same polynomials and prints the tables.  Without gp only
# boxtoi is timed, and the output says that the PARI column is skipped.
set -e
if test $# -lt 2; then
    echo "usage: $0 BENCH GP [OPTION...]" >&2
    exit 2
fi
bench=$1
gp=$2
shift 2
if test -z "$gp" || test ! -x "$gp"; then
    echo "$0: gp (PARI/GP) not found: the PARI column is skipped" >&2
    exec "$bench" "$@"
fi
dir=$(dirname "$bench")
script=$dir/roots-pari.gp
out=$dir/roots-pari.out
"$bench" "$@" --gp "$script"
echo "$0: timing PARI/GP ($gp) ..." >&2
"$gp" -q -f "$script" </dev/null >"$out"
echo "$0: timing boxtoi ..." >&2
exec "$bench" "$@" --pari "$out"
