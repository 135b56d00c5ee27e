# lib/poly: exact integer polynomials (mpz coefficients).
boxtoiinclude_HEADERS += include/boxtoi/poly.h
libboxtoi_core_la_SOURCES += lib/poly/impl.h lib/poly/init.c lib/poly/arith.c \
	lib/poly/gcd.c lib/poly/gcdmod.c lib/poly/content.c \
	lib/poly/compose.c lib/poly/eval.c lib/poly/mpfr.c \
	lib/poly/print.c lib/poly/poly128.c lib/poly/poly128.h \
	lib/poly/nmod.c lib/poly/nmod.h
check_PROGRAMS += t/poly-t
TESTS += t/poly-t
t_poly_t_SOURCES = t/poly-t.c
t_poly_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/poly-content-t
TESTS += t/poly-content-t
t_poly_content_t_LDADD = $(TEST_LIBS)
