# boxtoi.plot: pictures of a query (python/boxtoi/plot.py, doc/plot.md),
# drawn with matplotlib from what `boxtoi --explain` prints, installed
# with the package (python/local.mk) together with the command
# boxtoi-plot (doc/boxtoi-plot.1).  Its tests run when configure found
# matplotlib, numpy and pytest in $(PYTHON) (HAVE_MATPLOTLIB) and are
# skipped otherwise; explain-t checks the command's part and always
# runs.
if HAVE_PYTHON
boxtoipython_PYTHON += python/boxtoi/plot.py python/boxtoi/_plot_explain.py \
	python/boxtoi/_plot_draw.py python/boxtoi/_margins.py \
	python/boxtoi/_plot_scene.py python/boxtoi/_plot_prim.py
bin_SCRIPTS = python/boxtoi-plot
man_MANS = doc/boxtoi-plot.1
endif
# The script runs $(PYTHON) on the package installed in $(pythondir),
# both as _config.py says (rewritten whenever they change).
python/boxtoi-plot: python/boxtoi/_config.py
	$(AM_V_GEN)mkdir -p python && { \
	  echo '#!$(PYTHON)'; \
	  echo '"""boxtoi-plot: pictures of a boxtoi query (boxtoi-plot(1))."""'; \
	  echo 'import sys'; \
	  echo 'sys.path.insert(0, "$(pythondir)")'; \
	  echo 'try:'; \
	  echo '    from boxtoi.plot import main'; \
	  echo 'except ImportError as e:'; \
	  echo '    sys.exit("boxtoi-plot: %s (it needs numpy and matplotlib: "'; \
	  echo '             "apt-get install python3-matplotlib)" % e)'; \
	  echo 'sys.exit(main(prog="boxtoi-plot"))'; \
	} >$@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@
CLEANFILES += python/boxtoi-plot
TESTS += python/t/explain-t.sh python/t/plot-t.sh
AM_TESTS_ENVIRONMENT += HAVE_MATPLOTLIB='$(HAVE_MATPLOTLIB)'; \
	export HAVE_MATPLOTLIB;
EXTRA_DIST += python/boxtoi/plot.py python/boxtoi/_plot_explain.py \
	python/boxtoi/_plot_draw.py python/boxtoi/_margins.py \
	python/boxtoi/_plot_scene.py python/boxtoi/_plot_prim.py \
	doc/boxtoi-plot.1 python/t/test_plot.py python/t/test_plot_kinds.py \
	python/t/exactpoly.py \
	python/t/plot-t.sh python/t/explain-t.sh \
	doc/img/drop.png doc/img/tumbling.png doc/img/shear.png \
	doc/img/cell.png doc/img/flap.png
dist_doc_DATA += doc/plot.md

# make plot-pictures: redraw the pictures of doc/ (doc/plot.md).
PLOT_PICTURES = drop:drop-thrown:0.6 tumbling:crate-flight:2.2 shear:rack: \
	cell:cell-first:18/5 flap:flap:
plot-pictures: cli/boxtoi$(EXEEXT)
	@for p in $(PLOT_PICTURES); do \
	    name=$${p%%:*}; rest=$${p#*:}; id=$${rest%%:*}; t=$${rest#*:}; \
	    file=`grep -l "\"$$id\"" $(top_srcdir)/examples/*.jsonl`; \
	    echo "  PLOT     doc/img/$$name.png"; \
	    BOXTOI=cli/boxtoi$(EXEEXT) PYTHONPATH=$(top_srcdir)/python \
	    $(PYTHON) -m boxtoi.plot $$file --id $$id \
	        $${t:+--t $$t} -o $(top_srcdir)/doc/img/$$name.png || exit 1; \
	done
.PHONY: plot-pictures
