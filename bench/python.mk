# bench: the Python package against the command (doc/performance.md,
# "Python"; issue 19), never run by `make check`.  `make bench-python`
# solves 100,000 translational queries through the command, boxtoi.solve,
# boxtoi.first_contact_batch and the Dask pipeline on 2 workers;
# PYTHON_BENCH_ARGS="N SHARDS" changes the counts.
bench-python: cli/boxtoi$(EXEEXT) libboxtoi.la
	BOXTOI_LIBRARY=$(abs_top_builddir)/.libs/libboxtoi.so \
	PYTHONPATH=$(abs_top_srcdir)/python \
	$(PYTHON) $(srcdir)/bench/python-bench.py cli/boxtoi$(EXEEXT) \
	  $(PYTHON_BENCH_ARGS)
EXTRA_DIST += bench/python-bench.py
.PHONY: bench-python
