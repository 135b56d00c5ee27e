# t/fast-t: the interval pre-filter of lib/contact/fast.c (its internal
# functions are compiled into the test, as the library hides them),
# checked against exact rationals and the oracle of t/local.mk.
check_PROGRAMS += t/fast-t
TESTS += t/fast-t
t_fast_t_SOURCES = t/fast-t.c lib/contact/fast.c lib/contact/planes.c \
	lib/contact/route.c lib/contact/relmotion128.c lib/contact/poly128.c \
	lib/contact/query.c \
	lib/contact/filter.c $(ORACLE_SOURCES)
t_fast_t_LDADD = $(TEST_LIBS)
