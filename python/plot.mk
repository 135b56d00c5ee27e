# boxtoi.plot: pictures of a query (python/boxtoi/plot.py, doc/plot.md),
# drawn with matplotlib from what `boxtoi --explain` prints.  Its tests
# run when configure found a python3 with matplotlib, numpy and pytest
# (PLOT_PYTHON, HAVE_MATPLOTLIB) and are skipped otherwise; explain-t
# checks the command's part and always runs.
TESTS += python/t/explain-t.sh python/t/plot-t.sh
AM_TESTS_ENVIRONMENT += PLOT_PYTHON='$(PLOT_PYTHON)'; \
	HAVE_MATPLOTLIB='$(HAVE_MATPLOTLIB)'; \
	export PLOT_PYTHON HAVE_MATPLOTLIB;
EXTRA_DIST += python/boxtoi/plot.py python/boxtoi/_plot_explain.py \
	python/boxtoi/_plot_draw.py python/boxtoi/_margins.py \
	python/boxtoi/_plot_scene.py python/boxtoi/_plot_prim.py \
	python/t/test_plot.py python/t/test_plot_kinds.py python/t/plot-t.sh \
	python/t/explain-t.sh \
	doc/img/drop.png doc/img/tumbling.png doc/img/shear.png
dist_doc_DATA += doc/plot.md

# make plot-pictures: redraw the pictures of doc/ (doc/plot.md).
PLOT_PICTURES = drop:drop-thrown:0.6 tumbling:crate-flight:2.2 shear:rack:
plot-pictures: cli/boxtoi$(EXEEXT)
	@for p in $(PLOT_PICTURES); do \
	    name=$${p%%:*}; rest=$${p#*:}; id=$${rest%%:*}; t=$${rest#*:}; \
	    file=`grep -l "\"$$id\"" $(top_srcdir)/examples/*.jsonl`; \
	    echo "  PLOT     doc/img/$$name.png"; \
	    BOXTOI=cli/boxtoi$(EXEEXT) PYTHONPATH=$(top_srcdir)/python \
	    $(PLOT_PYTHON) -m boxtoi.plot $$file --id $$id \
	        $${t:+--t $$t} -o $(top_srcdir)/doc/img/$$name.png || exit 1; \
	done
.PHONY: plot-pictures
