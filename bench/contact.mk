# bench: the contact benchmarks (doc/performance.md, "Contact"), never
# built by `make` or `make check`.
#
# `make bench-contact` (also run by `make bench`) times
# boxtoi_contact_first on three seeded workloads of 10,000 queries
# (CONTACT_BENCH_FLAGS="--only users" or "--only hard": the others;
# "--queries FILE": any query file).
# `make bench-peer` (configure --enable-peer-bench: C++, FCL, Bullet)
# times boxtoi, FCL and Bullet side by side on the translational one
# (or any workload, --only W, or any query file, --queries FILE).
# Don't run `make bench` with -j: benchmarks would time each other.
# BENCH_FLAGS=--wall times wall-clock instead of process CPU time;
# CONTACT_BENCH_FLAGS and PEER_BENCH_FLAGS pass other options (e.g.
# "-n 1000", "--verify"; see the programs' --help).
CONTACT_WORK_SOURCES = bench/contact-work.c bench/contact-work.h \
	bench/contact-gen.c bench/contact-gen.h bench/contact-cgpoly.c \
	t/qgen.c t/qgen-print.c t/qgen.h t/oracle.c t/oracle-first.c \
	t/oracle-sat.c t/oracle.h t/oracle-impl.h

EXTRA_PROGRAMS += bench/contact-bench
bench_contact_bench_SOURCES = bench/contact-bench.c $(CONTACT_WORK_SOURCES)
bench_contact_bench_LDADD = t/libtap.la libboxtoi.la -lm
bench_contact_bench_LDFLAGS = -no-install
CLEANFILES += bench/contact-bench$(EXEEXT)

bench-contact: bench/contact-bench$(EXEEXT)
	bench/contact-bench$(EXEEXT) $(BENCH_FLAGS) $(CONTACT_BENCH_FLAGS)

# An extra prerequisite of the `bench` rule of bench/local.mk.
bench: bench-contact

if PEER_BENCH
EXTRA_PROGRAMS += bench/peer-bench
bench_peer_bench_SOURCES = bench/peer-bench.cc $(CONTACT_WORK_SOURCES)
bench_peer_bench_CXXFLAGS = -Wall -Wextra $(PEER_CFLAGS)
bench_peer_bench_LDADD = t/libtap.la libboxtoi.la $(PEER_LIBS) -lm
bench_peer_bench_LDFLAGS = -no-install
CLEANFILES += bench/peer-bench$(EXEEXT)

bench-peer: bench/peer-bench$(EXEEXT)
	bench/peer-bench$(EXEEXT) $(BENCH_FLAGS) $(PEER_BENCH_FLAGS)
else
bench-peer:
	@echo "bench-peer: configure with --enable-peer-bench (needs a C++"; \
	echo "compiler, FCL and Bullet: apt-get install libfcl-dev" \
	  "libbullet-dev)"; exit 1
endif
EXTRA_DIST += bench/peer-bench.cc

.PHONY: bench-contact bench-peer
