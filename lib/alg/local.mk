# lib/alg: real algebraic numbers (square-free poly + isolating interval).
boxtoiinclude_HEADERS += include/boxtoi/alg.h
libboxtoi_core_la_SOURCES += lib/alg/alg.c lib/alg/cmp.c lib/alg/sgn_poly.c \
	lib/alg/mpfr.c lib/alg/newton.c lib/alg/decimal.c lib/alg/decquot.c lib/alg/declimb.c lib/alg/canon.c lib/alg/minpoly.c lib/alg/degset.c lib/alg/linfac.c lib/alg/quartic.c \
	lib/alg/impl.h
# t/alg-t tests alg.c, the other programs one file each (alg-mpfr-t and
# alg-get-d-t: mpfr.c); their shared helpers: t/alg-gen.c
check_LTLIBRARIES += t/libalggen.la
t_libalggen_la_SOURCES = t/alg-gen.c t/alg-gen.h
ALG_TEST_LIBS = t/libalggen.la $(TEST_LIBS)
check_PROGRAMS += t/alg-t t/alg-cmp-t t/alg-sgn-poly-t t/alg-mpfr-t \
	t/alg-get-d-t t/alg-decimal-t t/alg-canon-t
TESTS += t/alg-t t/alg-cmp-t t/alg-sgn-poly-t t/alg-mpfr-t \
	t/alg-get-d-t t/alg-decimal-t t/alg-canon-t
t_alg_t_LDADD = $(ALG_TEST_LIBS)
t_alg_cmp_t_LDADD = $(ALG_TEST_LIBS)
t_alg_sgn_poly_t_LDADD = $(ALG_TEST_LIBS)
t_alg_mpfr_t_LDADD = $(ALG_TEST_LIBS)
t_alg_get_d_t_LDADD = $(ALG_TEST_LIBS)
t_alg_decimal_t_LDADD = $(ALG_TEST_LIBS)
t_alg_canon_t_LDADD = $(ALG_TEST_LIBS)
check_PROGRAMS += t/newton-t
TESTS += t/newton-t
t_newton_t_SOURCES = t/newton-t.c
t_newton_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/minpoly-t
TESTS += t/minpoly-t
t_minpoly_t_SOURCES = t/minpoly-t.c
t_minpoly_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/linfac-t
TESTS += t/linfac-t
t_linfac_t_SOURCES = t/linfac-t.c
t_linfac_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/degset-t
TESTS += t/degset-t
t_degset_t_SOURCES = t/degset-t.c
t_degset_t_LDADD = $(ALG_TEST_LIBS)
check_PROGRAMS += t/canon-t
TESTS += t/canon-t
t_canon_t_SOURCES = t/canon-t.c
t_canon_t_LDADD = $(ALG_TEST_LIBS)
