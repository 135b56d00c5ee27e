# lib/contact: the box-contact algorithm (route, sections, planes, search).
boxtoiinclude_HEADERS += include/boxtoi/contact.h
libboxtoi_core_la_SOURCES += lib/contact/query.c lib/contact/route.c \
	lib/contact/planes.c lib/contact/search.c lib/contact/filter.c lib/contact/linear.c \
	lib/contact/linear128.c lib/contact/fast.c lib/contact/certify.c \
	lib/contact/relmotion128.c \
	lib/contact/impl.h
check_PROGRAMS += t/contact-t
TESTS += t/contact-t
t_contact_t_SOURCES = t/contact-t.c t/qgen.c t/qgen-print.c t/qgen.h
t_contact_t_LDADD = $(TEST_LIBS)
