# doc: the C API reference and its example program, which `make check`
# builds, runs and checks against the answer derived by hand
# (t/api-example-t.sh).
check_PROGRAMS += doc/example
doc_example_SOURCES = doc/example.c
doc_example_LDADD = libboxtoi.la
TESTS += t/api-example-t.sh
EXTRA_DIST += t/api-example-t.sh
dist_doc_DATA += doc/api.md doc/algorithm.md
