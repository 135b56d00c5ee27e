# lib/scene: many bodies: certified broad phase, ordered exact narrow
# phase (doc/algorithm.md §8).
boxtoiinclude_HEADERS += include/boxtoi/scene.h
libboxtoi_core_la_SOURCES += lib/scene/impl.h lib/scene/scene.c \
	lib/scene/enclose.c lib/scene/sweep.c lib/scene/window.c \
	lib/scene/solve.c lib/scene/narrow.c lib/scene/heap.c \
	lib/scene/exact.c
# every interval of contact of every pair (doc/algorithm.md §11)
libboxtoi_core_la_SOURCES += lib/scene/intervals.c
check_PROGRAMS += t/scene-t
TESTS += t/scene-t
t_scene_t_SOURCES = t/scene-t.c
t_scene_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/scene-brute-t
TESTS += t/scene-brute-t
t_scene_brute_t_SOURCES = t/scene-brute-t.c t/scene-gen.c t/scene-gen.h \
	t/qgen.c t/qgen-print.c t/qgen.h
t_scene_brute_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/scene-encl-t
TESTS += t/scene-encl-t
t_scene_encl_t_SOURCES = t/scene-encl-t.c t/scene-gen.c t/scene-gen.h \
	t/qgen.c t/qgen-print.c t/qgen.h
t_scene_encl_t_LDADD = $(TEST_LIBS)
