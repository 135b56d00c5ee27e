# cli: the boxtoi command and its tests (golden files in t/data/cli).
bin_PROGRAMS += cli/boxtoi
cli_boxtoi_SOURCES = cli/boxtoi.c cli/csv.c cli/csv.h cli/ring.c cli/ring.h
cli_boxtoi_LDADD = libboxtoi.la $(PTHREAD_LIBS)
TESTS += t/cli-t.sh
dist_man_MANS += doc/boxtoi.1
dist_doc_DATA += doc/format.md
EXTRA_DIST += t/cli-t.sh
EXTRA_DIST += t/data/cli/README t/data/cli/basic.jsonl \
	t/data/cli/basic.out t/data/cli/basic.txt t/data/cli/errors.jsonl \
	t/data/cli/errors.out t/data/cli/errors.txt
TESTS += t/binary64-t.py t/stream-t.py
EXTRA_DIST += t/binary64-t.py t/stream-t.py
