/* t/quick-gen.h: random two-box query lines of the form the quick
   reader of lib/io/quick.c takes, with their values, for t/quick-t. */
#ifndef BOXTOI_T_QUICK_GEN_H
#define BOXTOI_T_QUICK_GEN_H

#include <stddef.h>
#include "boxtoi.h"

/* The values a generated line spells: boxes [b][min/max][axis], the
   range, the coefficients c[body][entry][power] (deg of them), which of
   motion1, motion2, t_range (has[2..4]) it holds, "inf" as t1. */
typedef struct {
    mpq_t box[2][2][3], t[2], c[2][16][4];
    int deg[2][16], has[5], inf;
} quick_known;

/* The next number of a xorshift sequence seeded by tap_seed(). */
unsigned long quick_rnd(void);

/* A line into buf (room for 64 KiB) and its values into w (w->has
   zeroed by the caller); returns its length. */
size_t quick_gen_line(char *buf, quick_known *w);

/* 1 when q holds the values of w (motions compared over their
   denominator: each coefficient / den against the generator's). */
int quick_known_values(const quick_known *w, const boxtoi_query_struct *q);

/* mpq_init (init non-zero) or mpq_clear every rational of w. */
void quick_known_init(quick_known *w, int init);

#endif
