#!/bin/sh
# bench/stream-bench.sh: throughput of the boxtoi command on long streams
# (issue 6, target 4; doc/performance.md, "Streams").
#
# usage: stream-bench.sh BOXTOI CONTACT-BENCH [LINES [MIXED]]
#
# Writes the three seeded workloads of bench/contact-bench (10,000
# queries each, t in [0, 1]) as JSON Lines, then pipes to the command
#   translational: LINES lines (default 1,000,000), the 10,000
#     translational queries over and over; the cheapest queries, so the
#     reading, parsing and writing weigh most;
#   mixed: MIXED lines (default 60,000), the 30,000 queries of the three
#     workloads interleaved (one of each in turn);
# each with -j 1 and -j 2, and prints the wall-clock time, lines per
# second, the speed-up of -j 2 over -j 1, and the peak resident memory
# (GNU time's %M, when /usr/bin/time is GNU time).  Both runs must write
# the same bytes (compared by checksum).  Run it on an otherwise idle
# machine: -j 2 needs both cores.
set -u
boxtoi=${1:?usage: stream-bench.sh BOXTOI CONTACT-BENCH [LINES [MIXED]]}
cbench=${2:?usage: stream-bench.sh BOXTOI CONTACT-BENCH [LINES [MIXED]]}
lines=${3:-1000000}
mixed=${4:-60000}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/boxtoi-stream.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

"$cbench" -n 10000 --write "$tmp/all.jsonl" --write-only || exit 2
head -n 10000 "$tmp/all.jsonl" >"$tmp/tr.jsonl"
# the three workloads interleaved: translational, ballistic, tumbling, ...
sed -n '10001,20000p' "$tmp/all.jsonl" >"$tmp/ba.jsonl"
sed -n '20001,30000p' "$tmp/all.jsonl" >"$tmp/tu.jsonl"
paste -d '\n' "$tmp/tr.jsonl" "$tmp/ba.jsonl" "$tmp/tu.jsonl" >"$tmp/mix.jsonl"

# repeat FILE N: the first N lines of FILE, FILE, FILE, ...
repeat() {
    awk -v n="$2" 'BEGIN { while (k < n) { while (k < n && (getline l < ARGV[1]) > 0) { print l; k++ } close(ARGV[1]) } }' "$1"
}

if /usr/bin/time -f %M true >/dev/null 2>&1; then
    timer="/usr/bin/time -f %M -o $tmp/rss"
else
    timer=
fi

now() {
    date +%s.%N
}

# run NAME FILE N JOBS: prints seconds, writes the checksum to $tmp/sum
run() {
    rm -f "$tmp/rss"
    t0=$(now)
    repeat "$2" "$3" | $timer "$boxtoi" -j "$4" | cksum >"$tmp/sum.$1.$4"
    t1=$(now)
    echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }'
}

echo "boxtoi command throughput: JSON Lines on standard input, results to a pipe"
echo "machine: $(nproc) cores; load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo
printf '%-14s %9s %9s %12s %9s %12s %8s %10s %10s\n' stream lines \
    "-j1 s" "-j1 lines/s" "-j2 s" "-j2 lines/s" speedup "RSS -j1" "RSS -j2"
same=yes
for s in translational mixed; do
    if [ $s = translational ]; then
        f=$tmp/tr.jsonl n=$lines
    else
        f=$tmp/mix.jsonl n=$mixed
    fi
    s1=$(run $s "$f" "$n" 1)
    r1=$(cat "$tmp/rss" 2>/dev/null || echo -)
    s2=$(run $s "$f" "$n" 2)
    r2=$(cat "$tmp/rss" 2>/dev/null || echo -)
    cmp -s "$tmp/sum.$s.1" "$tmp/sum.$s.2" || same=no
    echo "$s $n $s1 $s2 $r1 $r2" | awk '{
        printf "%-14s %9d %9.2f %12.0f %9.2f %12.0f %7.2fx %8s kB %7s kB\n",
            $1, $2, $3, $2 / $3, $4, $2 / $4, $3 / $4, $5, $6 }'
done
echo
echo "-j 1 and -j 2 wrote the same bytes: $same"
[ $same = yes ]
