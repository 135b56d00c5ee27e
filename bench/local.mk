# bench: the root-isolation benchmark (doc/performance.md, "Root
# isolation"), never built by `make` or `make check`.  `make bench-roots`
# runs it, and so does `make bench`, which runs every benchmark (other
# fragments add their targets as prerequisites of `bench`; don't use -j,
# two benchmarks running at once would time each other).
# bench/roots-pari.sh writes the polynomials to a GP script, times PARI/GP
# on them when configure found gp, and then runs bench/roots-bench, which
# prints the tables.  BENCH_FLAGS=--wall times wall-clock instead of
# process CPU time.
EXTRA_PROGRAMS += bench/roots-bench
bench_roots_bench_SOURCES = bench/roots-bench.c bench/roots-bench.h \
	bench/roots-gen.c bench/roots-gp.c bench/roots-route.c t/qgen.c \
	t/qgen-print.c t/qgen.h
bench_roots_bench_LDADD = t/libtap.la libboxtoi.la -lm
bench_roots_bench_LDFLAGS = -no-install
EXTRA_DIST += bench/roots-pari.sh doc/performance.md
CLEANFILES += bench/roots-bench$(EXEEXT) bench/roots-pari.gp \
	bench/roots-pari.out

bench-roots: bench/roots-bench$(EXEEXT)
	@$(SHELL) $(srcdir)/bench/roots-pari.sh bench/roots-bench$(EXEEXT) \
	  '$(GP)' $(BENCH_FLAGS)
bench: bench-roots
.PHONY: bench bench-roots
