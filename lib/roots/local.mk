# lib/roots: Sturm sequences, real-root counting, isolation, refinement.
boxtoiinclude_HEADERS += include/boxtoi/roots.h
libboxtoi_core_la_SOURCES += lib/roots/impl.h lib/roots/point.c \
	lib/roots/sturm.c lib/roots/count.c lib/roots/descartes.c \
	lib/roots/isolate.c lib/roots/vca.c lib/roots/refine.c lib/roots/rational.c
# t/roots-t, t/roots-hard-t, t/roots-random-t, t/roots-vca-t: the tests
# of lib/roots, sharing the independent checks of t/roots-check.c.
ROOTS_CHECK_SOURCES = t/roots-check.c t/roots-check.h
check_PROGRAMS += t/roots-t t/roots-hard-t t/roots-random-t t/roots-vca-t
TESTS += t/roots-t t/roots-hard-t t/roots-random-t t/roots-vca-t
t_roots_t_SOURCES = t/roots-t.c $(ROOTS_CHECK_SOURCES)
t_roots_t_LDADD = $(TEST_LIBS)
t_roots_hard_t_SOURCES = t/roots-hard-t.c $(ROOTS_CHECK_SOURCES)
t_roots_hard_t_LDADD = $(TEST_LIBS)
t_roots_random_t_SOURCES = t/roots-random-t.c $(ROOTS_CHECK_SOURCES)
t_roots_random_t_LDADD = $(TEST_LIBS)
t_roots_vca_t_SOURCES = t/roots-vca-t.c $(ROOTS_CHECK_SOURCES)
t_roots_vca_t_LDADD = $(TEST_LIBS)
# t/descartes-t: Descartes' rule on an interval, its interval filter
# against the exact count (lib/roots/descartes.c is compiled into the
# test, as the library hides it).
check_PROGRAMS += t/descartes-t
TESTS += t/descartes-t
t_descartes_t_SOURCES = t/descartes-t.c lib/roots/descartes.c
t_descartes_t_LDADD = $(TEST_LIBS)
