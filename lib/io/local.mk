# lib/io: exact numbers, JSON Lines queries and results (json-c).
boxtoiinclude_HEADERS += include/boxtoi/io.h
libboxtoi_core_la_SOURCES += lib/io/impl.h lib/io/number.c lib/io/scan.c \
	lib/io/query.c lib/io/write.c lib/io/text.c lib/io/line.c \
	lib/io/explain.c
check_PROGRAMS += t/io-t
TESTS += t/io-t
t_io_t_SOURCES = t/io-t.c
t_io_t_LDADD = $(TEST_LIBS)
