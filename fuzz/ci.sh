#!/bin/sh
# fuzz/ci.sh: the fuzzing step of .ci/run (doc/testing.md §2).
#
# Builds the libFuzzer targets in _ci_fuzz/ (fuzz/run.sh), replays the
# seed corpora (which hold every input that ever crashed a target), then
# fuzzes each target for FUZZ_SECONDS seconds (default 60) from the
# seeds.  Prints one line per target and step, e.g.
#   fuzz-query: ok, 25 seed inputs replayed
#   fuzz-query: ok, 170000 runs in 60 s, corpus 600 inputs (seeds 191), ...
# and exits 1 on a crash (the input is kept in _ci_fuzz/artifacts), 2
# when the targets cannot be built (clang and libclang-rt-14-dev are
# needed).  About 2.5 minutes on two cores.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dir="$top/_ci_fuzz"
mkdir -p "$dir" || exit 2
# each CI run starts from the checked-in seeds
rm -rf "$dir/corpus" "$dir/artifacts"

status=0
"$top/fuzz/run.sh" -d "$dir" -r || status=$?
if [ $status -ne 2 ]; then
    "$top/fuzz/run.sh" -d "$dir" -t "${FUZZ_SECONDS:-60}" || status=$?
fi
exit $status
