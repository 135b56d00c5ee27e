/* lib/contact/linear.h: the internals of the closed form for
   translational queries (doc/algorithm.md §4.4, §4.5): its entry, its
   number types, the floating-point filter's decision and the word
   paths.  Included by linear*.c, linfilter.c, linworld*.c, search.c and
   their tests (not installed). */
#ifndef BOXTOI_CONTACT_LINEAR_H
#define BOXTOI_CONTACT_LINEAR_H

#include "lib/contact/impl.h"

/* internal names: one library prefix (doc/api.md 1.1) */
#define contact_cmp_frac_i128         _boxtoi_contact_cmp_frac_i128
#define contact_linear                _boxtoi_contact_linear
#define contact_linear_fz             _boxtoi_contact_linear_fz
#define contact_linear_gmp            _boxtoi_contact_linear_gmp
#define contact_linear_i128           _boxtoi_contact_linear_i128
#define contact_linear_filter         _boxtoi_contact_linear_filter
#define contact_linear_decided        _boxtoi_contact_linear_decided
#define contact_linear_world_i128     _boxtoi_contact_linear_world_i128
#define contact_linear_fits_w64       _boxtoi_contact_linear_fits_w64
#define contact_linear_w64_admits     _boxtoi_contact_linear_w64_admits
#define contact_linear_sizes_agree    _boxtoi_contact_linear_sizes_agree
#define contact_linear_decided_w128   _boxtoi_contact_linear_decided_w128
#define contact_linear_all_w64        _boxtoi_contact_linear_all_w64
#define contact_plane_zero_i128       _boxtoi_contact_plane_zero_i128

/* The closed form for motions with constant 3x3 blocks and weights and
   translations of degree <= 1 (doc/algorithm.md §4.4): if q is such a
   query (already checked), solves it into res and returns 1; otherwise
   returns 0 and leaves res alone. */
int contact_linear(boxtoi_contact_t res, const boxtoi_query_t q);

/* The three implementations of the full closed form behind
   contact_linear (which runs the filter below first and these only on
   an undecided query), for a query of that kind, tried in this order:
   in 128-bit integers (returns 0 without
   touching res when a block or weight entry has more than 12 bits,
   decided first, or a number does not fit, or when the compiler has no
   128-bit integers), in fixed-limb integers (returns 0 without touching res
   when the size bound exceeds FZ_LIMBS limbs, kernel-fz.h; 1 when
   solved; 2 when solved by GMP because an operation overflowed, which
   the bound excludes) and in GMP (always succeeds).  They give the same
   answer (doc/algorithm.md §4.5). */
int contact_linear_i128(boxtoi_contact_t res, const boxtoi_query_t q);
int contact_linear_fz(boxtoi_contact_t res, const boxtoi_query_t q);
void contact_linear_gmp(boxtoi_contact_t res, const boxtoi_query_t q);

/* The closed form's floating-point filter (linfilter.c, doc/algorithm.md
   §4.5): what double intervals prove about the answer, before any exact
   number is computed.  kind LIN_OPEN: nothing proved (the full exact
   path decides); LIN_EMPTY: no contact; LIN_AT_T0: contact at t0, no
   plane tight; LIN_AT_ENTRY: contact at the entry time of direction
   dir, strictly after t0 and every other entry and before every exit,
   plane the one plane tight there, or, when nalt > 0, at the latest
   of the entries of dir and of the alternatives adir[0..nalt) (entry
   planes aplane[]), which the filter could not tell apart (ties
   between parallel directions), each strictly after t0 and every
   other entry and before every exit: the exact path compares them,
   and the planes of the latest ones are tight.  With LIN_AT_ENTRY,
   ndef > 0: the decision holds if the directions def[0..ndef), whose
   beta the filter could not tell from 0, have beta = 0 and R > |alpha|
   or are the zero vector; the exact path checks this and otherwise
   takes the full closed form.  zdir[d]: direction d proved the zero
   vector (its planes carry nothing).  With LIN_AT_ENTRY, qsg[k]: the
   sign of quantity k (Q_A .. Q_DET) as the filter proved it, 2 when
   not proved (the exact path then computes it); set for w and the
   quantities of dir's and adir's components.  nb, nt: the largest bit
   lengths of the motions' block and weight numerators and of their
   translations' coefficients, as the filter read them (linear.c's
   sizes then skip their own pass over the motions), -1 when the filter
   stopped before reading them. */
enum { LIN_OPEN, LIN_EMPTY, LIN_AT_T0, LIN_AT_ENTRY };
typedef struct {
    int kind, dir, plane, nalt, ndef;
    int adir[BOXTOI_NDIRS], aplane[BOXTOI_NDIRS], def[BOXTOI_NDIRS];
    char zdir[BOXTOI_NDIRS];
    signed char qsg[BOXTOI_NQUANT];
    long nb, nt;
} contact_linfilter;

int contact_linear_filter(contact_linfilter *f, const boxtoi_query_t q);

/* The exact closed form with the filter's decision f: LIN_OPEN the
   full exact path (fixed limbs or GMP), LIN_EMPTY no contact at once,
   else only the deciding direction's time computed exactly; the result
   is the full exact path's, field by field. */
void contact_linear_decided(boxtoi_contact_t res, const boxtoi_query_t q,
                            const contact_linfilter *f);

/* The same for a decided contact (LIN_AT_T0, LIN_AT_ENTRY) in 128-bit
   integers (linworld128.c), l the common denominator of the corners:
   only under linear.c's size bound (lin_fits_w128); 0 when the compiler
   has no 128-bit integers, for another kind, or when a number of the
   range does not fit in 63 bits (res is then unspecified and the
   caller rewrites it); 1 when res is set. */
int contact_linear_world_i128(boxtoi_contact_t res, const boxtoi_query_t q,
                              const contact_linfilter *f, mp_limb_t l);
/* The same after linear.c's size check (contact_linear's choice): 0
   when the sizes do not admit it; for the tests (t/linfilter-t). */
int contact_linear_decided_w128(boxtoi_contact_t res, const boxtoi_query_t q,
                                const contact_linfilter *f);
/* The whole closed form in world coordinates in 64-bit integers,
   without the filter (linworld64.c), when the sizes of the entries it
   reads admit it (contact_linear_fits_w64); 0 when they do not, when a
   number of the range does not fit in 63 bits or without 128-bit
   integers (res is then unspecified). */
int contact_linear_all_w64(boxtoi_contact_t res, const boxtoi_query_t q);
/* 1 and *l = the corners' common denominator when the bit lengths nb
   (blocks, weights), nt (translations) and q's corners admit it
   (lin_fits_w64); contact_linear_w64_admits: the same by lin_sizes_of's
   own pass over the motions (t/linfilter-t) */
int contact_linear_fits_w64(mp_limb_t *l, const boxtoi_query_t q, long nb,
                            long nt);
int contact_linear_w64_admits(const boxtoi_query_t q);
/* For the tests (t/linfilter-t): 1 when the sizes that the filter's
   decision f carries (nb, nt) are those linear.c computes from q
   itself, or f carries none; 0 otherwise. */
int contact_linear_sizes_agree(const boxtoi_query_t q,
                               const contact_linfilter *f);

#ifdef BOXTOI_HAVE_I128
/* Its exact comparisons (linear128.c), for |arguments| < 2^126: the
   sign of a d - c b; whether alpha dd + beta n == r dd (bit 0) and
   whether it is == -r dd (bit 1). */
int contact_cmp_frac_i128(boxtoi_i128 a, boxtoi_i128 b, boxtoi_i128 c,
                          boxtoi_i128 d);
int contact_plane_zero_i128(boxtoi_i128 alpha, boxtoi_i128 beta,
                            boxtoi_i128 r, boxtoi_i128 n, boxtoi_i128 dd);
#endif

#endif
