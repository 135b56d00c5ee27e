#!/bin/sh
# fuzz/run.sh: build the libFuzzer targets and run them (doc/testing.md §2).
#
# Usage: fuzz/run.sh [-t SECONDS] [-d DIR] [-r] [TARGET...]
#   -t SECONDS  fuzzing time per target (default 60)
#   -d DIR      build and work directory (default $FUZZ_DIR, else ./_fuzz);
#               the growing corpora are kept in DIR/corpus/TARGET and
#               crashing inputs in DIR/artifacts
#   -r          regression only: run each target once over its seed
#               corpus (fuzz/corpus/TARGET, past crashes included), no
#               fuzzing
#   TARGET      query, solve, quick (default: all three)
#
# The targets are built with clang -fsanitize=fuzzer,address,undefined
# (UBSan fatal) straight from the library sources, with the library's
# internal assertions on (BOXTOI_WANT_ASSERT).  Needs clang and
# libclang-rt-14-dev (Debian), GMP, MPFR, FLINT and json-c.  Prints one line
# per target,
#   fuzz-query: ok, 170245 runs in 60 s, corpus 612 inputs (seeds 191),
#               0 crashes
#   fuzz-solve: CRASH (deadly signal), input saved as DIR/artifacts/...
# and exits 1 if a target crashed, leaked, timed out (25 s for one
# input) or ran out of memory, 2 if it could not be built.
set -u

secs=60
dir=${FUZZ_DIR:-./_fuzz}
regress=0
while getopts t:d:r opt; do
    case $opt in
    t) secs=$OPTARG ;;
    d) dir=$OPTARG ;;
    r) regress=1 ;;
    *) sed -n '3,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
targets=${*:-query solve quick}

top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir" || exit 2
dir=$(cd "$dir" && pwd)
CC=${CC_FUZZ:-clang}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all"
CFLAGS="-std=c99 -g -O1 -fno-omit-frame-pointer $SAN"
CPPFLAGS="-I$dir -I$top -I$top/include -I$top/lib -DBOXTOI_BUILDING"
JSONC_CFLAGS=$(pkg-config --cflags json-c 2>/dev/null) \
    || JSONC_CFLAGS=-I/usr/include/json-c
JSONC_LIBS=$(pkg-config --libs json-c 2>/dev/null) || JSONC_LIBS=-ljson-c
LIBS="$JSONC_LIBS -lflint -lmpfr -lgmp -lm -lpthread"

if ! command -v "$CC" >/dev/null 2>&1; then
    echo "fuzz: $CC not found" \
        "(Debian: apt-get install clang libclang-rt-14-dev)"
    exit 2
fi

# The library, built once per source change: objects in DIR/obj.
build_lib() {
    mkdir -p "$dir/obj"
    # objects built from another source tree or by another compiler
    # are not reused
    stamp="$top $($CC --version | head -1)"
    if [ "$(cat "$dir/obj/stamp" 2>/dev/null)" != "$stamp" ]; then
        rm -f "$dir"/obj/*.o
        echo "$stamp" >"$dir/obj/stamp"
    fi
    # a changed header rebuilds everything
    for h in "$top"/include/boxtoi.h "$top"/include/boxtoi/*.h \
             "$top"/lib/*/*.h "$top"/t/*.h; do
        [ -f "$dir/libfuzzboxtoi.a" ] && [ "$h" -nt "$dir/libfuzzboxtoi.a" ] \
            && rm -f "$dir"/obj/*.o
    done
    printf '/* fuzz build */\n#define BOXTOI_WANT_ASSERT 1\n' >"$dir/config.h"
    objs=""
    for src in "$top"/lib/*/*.c "$top"/t/tap.c "$top"/t/oracle.c \
               "$top"/t/oracle-first.c "$top"/t/oracle-sat.c \
               "$top"/t/quick-cmp.c; do
        o="$dir/obj/$(echo "${src#$top/}" | tr / _ | sed 's/\.c$/.o/')"
        objs="$objs $o"
        if [ ! -f "$o" ] || [ "$src" -nt "$o" ]; then
            echo "$CC -c $CFLAGS -fsanitize=fuzzer-no-link $CPPFLAGS" \
                 "$JSONC_CFLAGS -o $o $src"
        fi
    done >"$dir/build.cmds"
    if [ -s "$dir/build.cmds" ]; then
        # headers may have changed too: rebuild what is listed, 2 at once
        tr '\n' '\0' <"$dir/build.cmds" \
            | xargs -0 -P 2 -I{} sh -c '{}' >"$dir/build.log" 2>&1 \
            || { echo "fuzz: library build failed:"
                 tail -20 "$dir/build.log"; exit 2; }
    fi
    rm -f "$dir/libfuzzboxtoi.a"
    ar rcs "$dir/libfuzzboxtoi.a" $objs || exit 2
}

build_target() {
    name=$1
    $CC $CFLAGS -fsanitize=fuzzer $CPPFLAGS $JSONC_CFLAGS \
        -o "$dir/fuzz-$name" "$top/fuzz/fuzz-$name.c" \
        "$dir/libfuzzboxtoi.a" $LIBS >"$dir/build-$name.log" 2>&1 \
        || { echo "fuzz-$name: build failed:"
             tail -20 "$dir/build-$name.log"; exit 2; }
}

build_lib
status=0
for name in $targets; do
    case $name in
    query|solve|quick) ;;
    *) echo "fuzz: unknown target '$name' (query, solve, quick)"; exit 2 ;;
    esac
    build_target "$name"
    seeds="$top/fuzz/corpus/$name"
    work="$dir/corpus/$name"
    mkdir -p "$work" "$dir/artifacts"
    dict=""
    [ -f "$top/fuzz/$name.dict" ] && dict="-dict=$top/fuzz/$name.dict"
    log="$dir/fuzz-$name.log"
    if [ $regress -eq 1 ]; then
        "$dir/fuzz-$name" -runs=0 -timeout=25 -rss_limit_mb=2048 \
            -artifact_prefix="$dir/artifacts/$name-" "$seeds" \
            >"$log" 2>&1
    else
        "$dir/fuzz-$name" -max_total_time="$secs" -timeout=25 \
            -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
            -artifact_prefix="$dir/artifacts/$name-" $dict \
            "$work" "$seeds" >"$log" 2>&1
    fi
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -n "$runs" ] \
        || runs=$(sed -n 's/.*Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
    ncorp=$(ls "$work" 2>/dev/null | wc -l)
    nseed=$(ls "$seeds" 2>/dev/null | wc -l)
    if [ $rc -eq 0 ]; then
        if [ $regress -eq 1 ]; then
            echo "fuzz-$name: ok, $nseed seed inputs replayed"
        else
            echo "fuzz-$name: ok, ${runs:-?} runs in $secs s," \
                 "corpus $ncorp inputs (seeds $nseed), 0 crashes"
        fi
    else
        status=1
        why=$(grep -o -m1 -E 'ERROR: libFuzzer: [a-z0-9 -]+|'\
'ERROR: (Address|Leak)Sanitizer: [a-z-]+|runtime error: .*|'\
'fuzz-(query|solve): .*' "$log" | head -1)
        art=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log" | tail -1)
        echo "fuzz-$name: CRASH (${why:-exit $rc})," \
             "input saved as ${art:-?}; log $log"
    fi
done
exit $status
