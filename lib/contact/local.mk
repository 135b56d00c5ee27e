# lib/contact: the box-contact algorithm (route, sections, planes, search).
boxtoiinclude_HEADERS += include/boxtoi/contact.h
libboxtoi_core_la_SOURCES += lib/contact/query.c lib/contact/route.c lib/contact/relmotion.c \
	lib/contact/ctx.c lib/contact/dirs.h \
	lib/contact/planes.c lib/contact/search.c lib/contact/filter.c lib/contact/linear.c \
	lib/contact/linear128.c lib/contact/fast.c lib/contact/fastiv.c \
	lib/contact/fasteval.c lib/contact/fastnarrow.c lib/contact/fastrel.c \
	lib/contact/fastslope.c \
	lib/contact/fasttm.c lib/contact/fast.h \
	lib/contact/kernel.h lib/contact/kernel-gmp.h lib/contact/kernel-p128.h \
	lib/contact/kernel-fz.h lib/contact/linform.h lib/contact/linworld.h \
	lib/contact/linworld-all.h lib/contact/linsizes.h lib/contact/linear.h \
	lib/contact/linform-undef.h lib/contact/linform-mach.h lib/contact/kernel-mach.h \
	lib/contact/kernel-undef.h lib/contact/kernel-iv.h lib/contact/kernel-fe.h \
	lib/contact/kernel-ball.h lib/contact/kernel-tm.h \
	lib/contact/certify.c \
	lib/contact/linfilter.c lib/contact/linworld128.c lib/contact/linworld64.c \
	lib/contact/boxdata128.h \
	lib/contact/kernel-i128.h \
	lib/contact/relmotion128.c lib/contact/point.c lib/contact/point.h \
	lib/contact/pointq.c \
	lib/contact/pointq128.c lib/contact/pointqstep.h \
	lib/contact/pointqctx.c \
	lib/contact/pointqn.c \
	lib/contact/pointqs.c \
	lib/contact/pointqd.c \
	lib/contact/pointq.h \
	lib/contact/normal.c lib/contact/pring.c lib/contact/pforms.c \
	lib/contact/impl.h
# t/contact-t (first contact), t/contact-route-t (route, certified path)
check_PROGRAMS += t/contact-t t/contact-route-t
TESTS += t/contact-t t/contact-route-t
t_contact_t_SOURCES = t/contact-t.c t/contact-check.c t/contact-check.h \
	t/qgen.c t/qgen-print.c t/qgen.h
t_contact_t_LDADD = $(TEST_LIBS)
t_contact_route_t_SOURCES = t/contact-route-t.c t/contact-check.c \
	t/contact-check.h t/qgen.c t/qgen-print.c t/qgen.h
t_contact_route_t_LDADD = $(TEST_LIBS)
# piecewise motions: the driver over the pieces (doc/algorithm.md §7)
libboxtoi_core_la_SOURCES += lib/contact/pieces.c
# every interval of contact (doc/algorithm.md §11)
libboxtoi_core_la_SOURCES += lib/contact/intervals.c
check_PROGRAMS += t/pieces-t
TESTS += t/pieces-t
t_pieces_t_SOURCES = t/pieces-t.c t/pieces-io.c t/rpoly.c t/rpoly.h
t_pieces_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/point-t
TESTS += t/point-t
t_point_t_SOURCES = t/point-t.c t/point-ref.c t/point-ref.h \
	t/point-sep.c t/point-sep.h t/qgen.c t/qgen-print.c t/qgen.h
t_point_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/pointq-t
TESTS += t/pointq-t
t_pointq_t_SOURCES = t/pointq-t.c t/point-ref.c t/point-ref.h t/qgen.c \
	t/qgen-print.c t/qgen.h
t_pointq_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/pointq-words-t
TESTS += t/pointq-words-t
t_pointq_words_t_SOURCES = t/pointq-words-t.c t/point-ref.c t/point-ref.h \
	t/qgen.c t/qgen-print.c t/qgen.h
t_pointq_words_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/pointqs-t
TESTS += t/pointqs-t
t_pointqs_t_SOURCES = t/pointqs-t.c t/point-ref.c t/point-ref.h t/qgen.c \
	t/qgen-print.c t/qgen.h
t_pointqs_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/decimal-t
TESTS += t/decimal-t
t_decimal_t_SOURCES = t/decimal-t.c t/qgen.c t/qgen-print.c t/qgen.h
t_decimal_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/intervals-t
TESTS += t/intervals-t
t_intervals_t_SOURCES = t/intervals-t.c $(ORACLE_SOURCES) t/scene-gen.c \
	t/scene-gen.h
t_intervals_t_LDADD = $(TEST_LIBS)
# t/querycheck-t: the checks before every solve (query.c: the corners'
# and range's comparisons, the limits' walk) at their fast paths' ends.
check_PROGRAMS += t/querycheck-t
TESTS += t/querycheck-t
t_querycheck_t_SOURCES = t/querycheck-t.c
t_querycheck_t_LDADD = $(TEST_LIBS)
