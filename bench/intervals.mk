# bench: report "intervals" against report "first" (doc/performance.md,
# "Contact intervals"), never built by `make` or `make check`.
# `make bench-intervals` (also run by `make bench`); BENCH_FLAGS=--wall
# times wall-clock; INTERVALS_BENCH_FLAGS passes -n N, -r R, --seed S.
EXTRA_PROGRAMS += bench/intervals-bench
bench_intervals_bench_SOURCES = bench/intervals-bench.c t/qgen.c \
	t/qgen-print.c t/qgen.h
bench_intervals_bench_LDADD = t/libtap.la libboxtoi.la -lm
bench_intervals_bench_LDFLAGS = -no-install
CLEANFILES += bench/intervals-bench$(EXEEXT)

bench-intervals: bench/intervals-bench$(EXEEXT)
	bench/intervals-bench$(EXEEXT) $(BENCH_FLAGS) $(INTERVALS_BENCH_FLAGS)

bench: bench-intervals
.PHONY: bench-intervals
