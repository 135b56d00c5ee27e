# t/linear-t: the closed form for translational motions, its 128-bit
# version against its GMP version (lib/contact/linear*.c; internal
# functions, reached through the convenience library).
check_PROGRAMS += t/linear-t
TESTS += t/linear-t
t_linear_t_SOURCES = t/linear-t.c t/qgen.c t/qgen-print.c t/qgen.h
t_linear_t_LDADD = $(TEST_LIBS)
# t/linearfz-t: the closed form's fixed-limb instance against its GMP
# instance (lib/contact/kernel-fz.h, linform.h).
check_PROGRAMS += t/linearfz-t
TESTS += t/linearfz-t
t_linearfz_t_SOURCES = t/linearfz-t.c t/qgen.c t/qgen-print.c t/qgen.h
t_linearfz_t_LDADD = $(TEST_LIBS)
# t/linfilter-t: the closed form's floating-point filter against the full
# exact path (lib/contact/linfilter.c), with the decided entry in world
# coordinates (linworld.h: fixed limbs, GMP, 128 bits in linworld128.c).
check_PROGRAMS += t/linfilter-t
TESTS += t/linfilter-t
t_linfilter_t_SOURCES = t/linfilter-t.c t/qgen.c t/qgen-print.c t/qgen.h
t_linfilter_t_LDADD = $(TEST_LIBS)
