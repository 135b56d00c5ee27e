# t/fast-t: the interval pre-filter of lib/contact/fast.c (internal
# functions, reached through the convenience library), checked against
# exact rationals and the oracle of t/local.mk.
check_PROGRAMS += t/fast-t
TESTS += t/fast-t
t_fast_t_SOURCES = t/fast-t.c t/fastrand.c t/fastrand.h $(ORACLE_SOURCES)
t_fast_t_LDADD = $(TEST_LIBS)
# t/fast-model-t: the filter's models of doubles (balls, Taylor models)
# against exact rationals, their references and the oracle.
check_PROGRAMS += t/fast-model-t
TESTS += t/fast-model-t
t_fast_model_t_SOURCES = t/fast-model-t.c t/fastrand.c t/fastrand.h \
	$(ORACLE_SOURCES)
t_fast_model_t_LDADD = $(TEST_LIBS)
# t/rotating-t: both boxes turning, the filter and the certificate
# against the route search (doc/algorithm.md §4.2).
check_PROGRAMS += t/rotating-t
TESTS += t/rotating-t
t_rotating_t_SOURCES = t/rotating-t.c $(ORACLE_SOURCES)
t_rotating_t_LDADD = $(TEST_LIBS)
