# t/linear-t: the closed form for translational motions, its 128-bit
# version against its GMP version (lib/contact/linear*.c; the internal
# functions are compiled into the test, as the library hides them).
check_PROGRAMS += t/linear-t
TESTS += t/linear-t
t_linear_t_SOURCES = t/linear-t.c lib/contact/linear.c \
	lib/contact/linear128.c lib/contact/planes.c lib/contact/query.c \
	t/qgen.c t/qgen-print.c t/qgen.h
t_linear_t_LDADD = $(TEST_LIBS)
