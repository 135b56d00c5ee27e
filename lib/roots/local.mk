# lib/roots: Sturm sequences, real-root counting, isolation, refinement.
boxtoiinclude_HEADERS += include/boxtoi/roots.h
libboxtoi_la_SOURCES += lib/roots/impl.h lib/roots/point.c \
	lib/roots/sturm.c lib/roots/count.c lib/roots/descartes.c \
	lib/roots/isolate.c lib/roots/vca.c lib/roots/refine.c lib/roots/rational.c
check_PROGRAMS += t/roots-t
TESTS += t/roots-t
t_roots_t_SOURCES = t/roots-t.c
t_roots_t_LDADD = $(TEST_LIBS)
