# lib/util: status codes, error information, text buffers.
boxtoiinclude_HEADERS += include/boxtoi/err.h
libboxtoi_core_la_SOURCES += lib/util/err.c lib/util/strbuf.c lib/util/impl.h \
	lib/util/i128.h lib/util/fz.h lib/util/interval.h lib/util/w256.h
check_PROGRAMS += t/util-t
TESTS += t/util-t
t_util_t_SOURCES = t/util-t.c
t_util_t_LDADD = $(TEST_LIBS)
# Every global symbol of the library carries the prefix.
TESTS += t/symbols-t.sh
EXTRA_DIST += t/symbols-t.sh
