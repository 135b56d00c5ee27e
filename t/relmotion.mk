# t/relmotion-t: the relative motion of the route, its 128-bit version
# against its GMP version (lib/contact/route.c, relmotion128.c; internal
# functions, reached through the convenience library).
check_PROGRAMS += t/relmotion-t
TESTS += t/relmotion-t
t_relmotion_t_SOURCES = t/relmotion-t.c t/qgen.c t/qgen-print.c t/qgen.h
t_relmotion_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/relrot-t
TESTS += t/relrot-t
t_relrot_t_SOURCES = t/relrot-t.c t/qgen.c t/qgen-print.c t/qgen.h
t_relrot_t_LDADD = $(TEST_LIBS)
