# bench: the scene benchmark (doc/performance.md, "Scenes"), never built
# by `make` or `make check`.  `make bench-scene` (also run by `make
# bench`) times boxtoi_scene_first and boxtoi_scene_pairs on scenes of
# 100, 1,000 and 10,000 boxes; SCENE_BENCH_FLAGS passes other sizes
# (e.g. "100000 --pairs-max 10000", "-j 2", "--queries FILE"),
# BENCH_FLAGS=--wall the wall clock.  With configure --enable-peer-bench
# it also times FCL's pipeline on each scene (bench/scene-fcl.cc).
EXTRA_PROGRAMS += bench/scene-bench
bench_scene_bench_SOURCES = bench/scene-bench.c
bench_scene_bench_LDADD = libboxtoi.la
bench_scene_bench_LDFLAGS = -no-install
if PEER_BENCH
# FCL in the same run (bench/scene-fcl.cc)
bench_scene_bench_SOURCES += bench/scene-fcl.cc bench/scene-fcl.h
bench_scene_bench_CPPFLAGS = $(AM_CPPFLAGS) -DSCENE_FCL
bench_scene_bench_CXXFLAGS = -Wall -Wextra $(PEER_CFLAGS)
bench_scene_bench_LDADD += $(PEER_LIBS) -lm
endif
EXTRA_DIST += bench/scene-fcl.cc bench/scene-fcl.h
CLEANFILES += bench/scene-bench$(EXEEXT)

bench-scene: bench/scene-bench$(EXEEXT)
	bench/scene-bench$(EXEEXT) $(BENCH_FLAGS) $(SCENE_BENCH_FLAGS)

bench: bench-scene
.PHONY: bench-scene
