# bench: throughput of the command on long streams (doc/performance.md,
# "Streams"; issue 6, target 4), never built or run by `make check`.
# `make bench-stream` (also run by `make bench`) pipes 1,000,000
# translational and 60,000 mixed queries through cli/boxtoi with -j 1
# and -j 2; STREAM_BENCH_ARGS="LINES MIXED" changes the counts.
bench-stream: cli/boxtoi$(EXEEXT) bench/contact-bench$(EXEEXT)
	$(SHELL) $(srcdir)/bench/stream-bench.sh cli/boxtoi$(EXEEXT) \
	  bench/contact-bench$(EXEEXT) $(STREAM_BENCH_ARGS)
bench: bench-stream
EXTRA_DIST += bench/stream-bench.sh
.PHONY: bench-stream
