# lib/io: exact numbers, JSON Lines queries and results (json-c).
boxtoiinclude_HEADERS += include/boxtoi/io.h include/boxtoi/batch.h
libboxtoi_core_la_SOURCES += lib/io/impl.h lib/io/number.c lib/io/binary64.c \
	lib/io/scan.c lib/io/json.h lib/io/json.c lib/io/jsonerr.c lib/io/read.c \
	lib/io/query.c lib/io/write.c lib/io/writetree.c lib/io/text.c lib/io/line.c \
	lib/io/explain.c lib/io/prim.c lib/io/csv.c lib/io/batch.c \
	lib/io/read.h lib/io/motion.c lib/io/scene.c lib/io/sceneread.c \
	lib/io/intervals.c lib/io/quick.c
# t/io-t (numbers, results), t/io-query-t (queries), t/io-line-t (lines)
check_PROGRAMS += t/io-t t/io-query-t t/io-line-t
TESTS += t/io-t t/io-query-t t/io-line-t
t_io_t_SOURCES = t/io-t.c
t_io_t_LDADD = $(TEST_LIBS)
t_io_query_t_SOURCES = t/io-query-t.c
t_io_query_t_LDADD = $(TEST_LIBS)
t_io_line_t_SOURCES = t/io-line-t.c
t_io_line_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/json-t
TESTS += t/json-t
t_json_t_SOURCES = t/json-t.c
t_json_t_LDADD = $(TEST_LIBS)
t_json_t_CFLAGS = $(AM_CFLAGS) $(JSONC_CFLAGS)
check_PROGRAMS += t/batch-t
TESTS += t/batch-t
t_batch_t_SOURCES = t/batch-t.c
t_batch_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/io-words-t
TESTS += t/io-words-t
t_io_words_t_SOURCES = t/io-words-t.c
t_io_words_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/io-double-t
TESTS += t/io-double-t
t_io_double_t_SOURCES = t/io-double-t.c
t_io_double_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/quick-t
TESTS += t/quick-t
t_quick_t_SOURCES = t/quick-t.c t/quick-cmp.c t/quick-cmp.h \
	t/quick-gen.c t/quick-gen.h
t_quick_t_LDADD = $(TEST_LIBS)
