# lib/poly: exact integer polynomials (mpz coefficients).
boxtoiinclude_HEADERS += include/boxtoi/poly.h
libboxtoi_core_la_SOURCES += lib/poly/impl.h lib/poly/init.c lib/poly/arith.c \
	lib/poly/gcd.c lib/poly/gcdmod.c lib/poly/content.c \
	lib/poly/compose.c lib/poly/eval.c lib/poly/mpfr.c \
	lib/poly/print.c lib/poly/poly128.c lib/poly/poly128.h \
	lib/poly/nmod.c lib/poly/nmod.h
# t/poly-t tests init.c and print.c, the other programs one file each
# (poly-div-t and poly-gcd-t: gcd.c); their shared helpers: t/poly-gen.c
check_LTLIBRARIES += t/libpolygen.la
t_libpolygen_la_SOURCES = t/poly-gen.c t/poly-gen.h
POLY_TEST_LIBS = t/libpolygen.la $(TEST_LIBS)
check_PROGRAMS += t/poly-t t/poly-arith-t t/poly-div-t t/poly-gcd-t \
	t/poly-eval-t t/poly-compose-t t/poly-mpfr-t t/nmod-t t/poly128-t
TESTS += t/poly-t t/poly-arith-t t/poly-div-t t/poly-gcd-t \
	t/poly-eval-t t/poly-compose-t t/poly-mpfr-t t/nmod-t t/poly128-t
t_poly_t_LDADD = $(POLY_TEST_LIBS)
t_poly_arith_t_LDADD = $(POLY_TEST_LIBS)
t_poly_div_t_LDADD = $(POLY_TEST_LIBS)
t_poly_gcd_t_LDADD = $(POLY_TEST_LIBS)
t_poly_eval_t_LDADD = $(POLY_TEST_LIBS)
t_poly_compose_t_LDADD = $(POLY_TEST_LIBS)
t_poly_mpfr_t_LDADD = $(POLY_TEST_LIBS)
t_nmod_t_LDADD = $(POLY_TEST_LIBS)
t_poly128_t_LDADD = $(POLY_TEST_LIBS)
check_PROGRAMS += t/poly-content-t
TESTS += t/poly-content-t
t_poly_content_t_LDADD = $(TEST_LIBS)
