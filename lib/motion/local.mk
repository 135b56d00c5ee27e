# lib/motion: 4x4 polynomial matrices, motions, validity.
boxtoiinclude_HEADERS += include/boxtoi/motion.h
libboxtoi_core_la_SOURCES += lib/motion/init.c lib/motion/build.c \
	lib/motion/check.c lib/motion/constdet.c lib/motion/rigid.c \
	lib/motion/rotation128.c lib/motion/pieces.c \
	lib/motion/impl.h
check_PROGRAMS += t/motion-t
TESTS += t/motion-t
t_motion_t_SOURCES = t/motion-t.c t/qgen.c t/qgen-print.c t/qgen.h \
	t/motion-pieces.c t/rpoly.c t/rpoly.h
t_motion_t_LDADD = $(TEST_LIBS)
check_PROGRAMS += t/motionrot-t
TESTS += t/motionrot-t
t_motionrot_t_SOURCES = t/motionrot-t.c t/qgen.c t/qgen-print.c t/qgen.h
t_motionrot_t_LDADD = $(TEST_LIBS)
