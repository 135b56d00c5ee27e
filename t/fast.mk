# t/fast-t: the interval pre-filter of lib/contact/fast.c (internal
# functions, reached through the convenience library), checked against
# exact rationals and the oracle of t/local.mk.
check_PROGRAMS += t/fast-t
TESTS += t/fast-t
t_fast_t_SOURCES = t/fast-t.c $(ORACLE_SOURCES)
t_fast_t_LDADD = $(TEST_LIBS)
