# t/relmotion-t: the relative motion of the route, its 128-bit version
# against its GMP version (lib/contact/route.c, relmotion128.c; the
# internal functions are compiled into the test, as the library hides
# them).
check_PROGRAMS += t/relmotion-t
TESTS += t/relmotion-t
t_relmotion_t_SOURCES = t/relmotion-t.c lib/contact/relmotion128.c \
	lib/contact/poly128.c \
	lib/contact/route.c lib/contact/planes.c lib/contact/query.c \
	lib/contact/filter.c \
	t/qgen.c t/qgen-print.c t/qgen.h
t_relmotion_t_LDADD = $(TEST_LIBS)
