# lib/prim: moving points, segments and triangles (vertex-face,
# edge-edge), on lib/alg (doc/algorithm.md §9).
boxtoiinclude_HEADERS += include/boxtoi/prim.h
libboxtoi_core_la_SOURCES += lib/prim/impl.h lib/prim/vec.c lib/prim/first.c \
	lib/prim/filter.c lib/prim/fast.c lib/prim/cubic.c lib/prim/sqfree.c \
	lib/prim/query.c lib/prim/entry.c lib/prim/inside.c
check_PROGRAMS += t/prim-t
TESTS += t/prim-t
t_prim_t_SOURCES = t/prim-t.c t/ccd-truth.c t/ccd-truth.h t/prim-ref.c \
	t/prim-ref.h
t_prim_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/prim-sqfree-t t/prim-fast-t t/prim-cubic-t
TESTS += t/prim-sqfree-t t/prim-fast-t t/prim-cubic-t
t_prim_sqfree_t_LDADD = $(TEST_LIBS)
t_prim_fast_t_LDADD = $(TEST_LIBS)
t_prim_cubic_t_SOURCES = t/prim-cubic-t.c t/prim-ref.c t/prim-ref.h
t_prim_cubic_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/prim-lazy-t
TESTS += t/prim-lazy-t
t_prim_lazy_t_SOURCES = t/prim-lazy-t.c t/ccd-truth.c t/ccd-truth.h
t_prim_lazy_t_LDADD = $(TEST_LIBS)
TESTS += t/prim-cli-t.sh
EXTRA_DIST += t/prim-cli-t.sh t/data/prim/README t/data/prim/hand.jsonl \
	t/data/prim/hand.out
