# t: the independent test oracle, the seeded query generators (also for
# bench/) and the programs that check the oracle (t/static-t) and
# cross-check the library against it (t/xcheck-t).
ORACLE_SOURCES = t/oracle.c t/oracle-first.c t/oracle-sat.c t/oracle.h \
	t/oracle-impl.h t/qgen.c t/qgen-print.c t/qgen.h
check_PROGRAMS += t/static-t t/xcheck-t
TESTS += t/static-t t/xcheck-t
t_static_t_SOURCES = t/static-t.c t/contact-check.c t/contact-check.h \
	$(ORACLE_SOURCES)
t_static_t_LDADD = $(TEST_LIBS)
t_xcheck_t_SOURCES = t/xcheck-t.c $(ORACLE_SOURCES)
t_xcheck_t_LDADD = $(TEST_LIBS)
