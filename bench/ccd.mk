# bench: `make bench-ccd` (doc/performance.md, "Mesh CCD") runs
# boxtoi_prim_first on every CSV file of the continuous collision
# detection benchmark in CCD_BENCH_DIR (default ../shared/data/ccd-benchmark
# next to the source tree) and prints a table per folder.  Skipped with
# a message when the folder is absent.
CCD_BENCH_DIR = $(abs_top_srcdir)/../shared/data/ccd-benchmark
EXTRA_PROGRAMS += bench/ccd-bench
bench_ccd_bench_SOURCES = bench/ccd-bench.c t/ccd-truth.c t/ccd-truth.h
bench_ccd_bench_LDADD = libboxtoi.la
bench_ccd_bench_LDFLAGS = -no-install
CLEANFILES += bench/ccd-bench$(EXEEXT)

bench-ccd: bench/ccd-bench$(EXEEXT)
	@if test -d '$(CCD_BENCH_DIR)'; then \
	  bench/ccd-bench$(EXEEXT) $(CCD_BENCH_FLAGS) '$(CCD_BENCH_DIR)'; \
	else \
	  echo "bench-ccd: $(CCD_BENCH_DIR) not found, skipped (set CCD_BENCH_DIR)"; \
	fi
bench: bench-ccd
.PHONY: bench-ccd
