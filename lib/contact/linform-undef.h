/* lib/contact/linform-undef.h: forgets the macros of one instance of
   linform.h, so that the next instance can define its own. */
#undef LF
#undef LK
#undef LT
#undef LC
#undef LW
#undef LINIT
#undef LCLEAR
#undef LZERO
#undef LSET
#undef LNEG
#undef LADD
#undef LSUB
#undef LSWAP
#undef LSGN
#undef LCMPABS
#undef LCMPFRAC
#undef LSETZ
#undef LVIEW
#undef LSETFRAC
#undef LBOXDATA
#undef LMUL
#undef LADDMUL
