# t/reliability.mk: reliability tests (doc/testing.md): hostile input,
# threads, determinism, and the check-valgrind target.  The fuzz
# targets (fuzz/) are built by fuzz/run.sh with clang, not by make.
check_PROGRAMS += t/thread-t
TESTS += t/thread-t t/hostile-t.sh t/determinism-t.sh
t_thread_t_SOURCES = t/thread-t.c t/qgen.c t/qgen-print.c t/qgen.h
t_thread_t_LDADD = $(TEST_LIBS) $(PTHREAD_LIBS)

dist_doc_DATA += doc/testing.md
EXTRA_DIST += t/hostile-t.sh t/determinism-t.sh \
	t/data/hostile/README \
	t/data/hostile/shape.jsonl t/data/hostile/shape.expect \
	t/data/hostile/numbers.jsonl t/data/hostile/numbers.expect \
	t/data/hostile/motions.jsonl t/data/hostile/motions.expect \
	t/data/hostile/extreme.jsonl t/data/hostile/extreme.expect \
	t/data/determinism/README t/data/determinism/mix.jsonl \
	t/data/determinism/mix.golden \
	t/data/regress \
	fuzz/README fuzz/run.sh fuzz/ci.sh fuzz/fuzz-query.c \
	fuzz/fuzz-solve.c fuzz/query.dict fuzz/corpus
CLEANFILES += t/determinism.out t/*.vg.log t/*.vg.rc

# make check-valgrind: every C test program under valgrind memcheck (no
# invalid access, no uninitialised value in a decision, no leak), then
# the command on the hostile and golden inputs, VALGRIND_JOBS at a time.
# VALGRIND_TESTS may name a subset:
#   make check-valgrind VALGRIND_TESTS='t/io-t t/util-t'
VALGRIND = valgrind
VALGRIND_FLAGS = --tool=memcheck --leak-check=full \
	--show-leak-kinds=definite,indirect,possible \
	--errors-for-leak-kinds=definite,indirect,possible \
	--error-exitcode=99 --quiet
VALGRIND_JOBS = 2
VALGRIND_TESTS = $(check_PROGRAMS)
VALGRIND_INPUTS = $(top_srcdir)/t/data/hostile/shape.jsonl \
	$(top_srcdir)/t/data/hostile/numbers.jsonl \
	$(top_srcdir)/t/data/hostile/motions.jsonl \
	$(top_srcdir)/t/data/hostile/extreme.jsonl \
	$(top_srcdir)/t/data/determinism/mix.jsonl \
	$(top_srcdir)/t/data/cli/basic.jsonl \
	$(top_srcdir)/t/data/cli/errors.jsonl

check-valgrind: $(check_PROGRAMS) $(bin_PROGRAMS)
	@command -v $(VALGRIND) >/dev/null 2>&1 || { \
	  echo "check-valgrind: $(VALGRIND) not found" \
	    "(Debian: apt-get install valgrind)"; \
	  exit 1; }; \
	vg() { BOXTOI_TEST_MULTIPLIER=1 $(LIBTOOL) --mode=execute \
	  $(VALGRIND) $(VALGRIND_FLAGS) "$$@"; }; \
	progs=; n=0; \
	for p in $(VALGRIND_TESTS); do \
	  case $$p in t/*-t$(EXEEXT)) ;; *) continue ;; esac; \
	  progs="$$progs $$p"; \
	  ( s=`date +%s`; vg ./$$p >$$p.vg.log 2>&1; \
	    echo "$$? $$s `date +%s`" >$$p.vg.rc ) & \
	  n=`expr $$n + 1`; \
	  if [ $$n -ge $(VALGRIND_JOBS) ]; then wait; n=0; fi; \
	done; \
	k=0; \
	for f in $(VALGRIND_INPUTS); do \
	  for j in 1 2; do \
	    k=`expr $$k + 1`; \
	    ( vg ./cli/boxtoi$(EXEEXT) -j $$j $$f >/dev/null \
	        2>t/cli-$$k.vg.log; \
	      echo "$$? -j $$j $$f" >t/cli-$$k.vg.rc ) & \
	    n=`expr $$n + 1`; \
	    if [ $$n -ge $(VALGRIND_JOBS) ]; then wait; n=0; fi; \
	  done; \
	done; \
	wait; fail=0; pass=0; \
	for p in $$progs; do \
	  read rc s e <$$p.vg.rc; \
	  if [ "$$rc" -eq 0 ] && ! grep -q '^not ok' $$p.vg.log; then \
	    echo "PASS: $$p (`expr $$e - $$s` s)"; pass=`expr $$pass + 1`; \
	  else \
	    echo "FAIL: $$p (see $$p.vg.log)"; fail=`expr $$fail + 1`; \
	    grep -E '^==[0-9]+==|^not ok' $$p.vg.log | head -20; \
	  fi; \
	done; \
	i=0; ok=0; \
	while [ $$i -lt $$k ]; do \
	  i=`expr $$i + 1`; \
	  read rc args <t/cli-$$i.vg.rc; \
	  if [ "$$rc" -le 1 ] && [ ! -s t/cli-$$i.vg.log ]; then \
	    ok=`expr $$ok + 1`; \
	  else \
	    echo "FAIL: cli/boxtoi $$args (see t/cli-$$i.vg.log)"; \
	    fail=`expr $$fail + 1`; \
	    head -20 t/cli-$$i.vg.log; \
	  fi; \
	done; \
	if [ $$ok -eq $$k ]; then \
	  echo "PASS: cli/boxtoi on the hostile inputs ($$k runs)"; fi; \
	pass=`expr $$pass + $$ok`; \
	echo "check-valgrind: $$pass passed, $$fail failed"; \
	test $$fail -eq 0

.PHONY: check-valgrind
