/* lib/contact/kernel-undef.h: forgets the macros of one instance of
   kernel.h, so that the next instance can define its own. */
#undef K
#undef KT
#undef KS
#undef KC
#undef KINIT
#undef KCLEAR
#undef KZERO
#undef KADD
#undef KSUB
#undef KMUL
#undef KADDMUL
#undef KSUBMUL
#undef KSCALE
#undef KADDSCALE
#undef KSUBSCALE
#undef KADDS
#undef KADDABS
#undef KMULABS
#undef KISZERO
#undef KNARROW
#undef KINLINE
#undef KVGROUP
#undef KUNROLL3
