/* bench/roots-gp.c: the PARI/GP side of the root benchmark.

   The GP script defines tm(f), the same timing scheme as roots-bench.c
   (k doubled until k calls take CAL_MS, scaled to rounds of about
   MIN_MS, the median of ROUNDS rounds), measured inside gp with
   getabstime() (CPU time) or getwalltime(), whose millisecond
   resolution is the reason for rounds that long; process start-up is
   not counted.  For each polynomial p it prints one line: the name,
   #polrootsreal(p) and polsturm(p, [COUNT_LO, COUNT_HI]) (checked
   against boxtoi's answers), and nanoseconds per call of
   (a) localbitprec(64); polrootsreal(p): all real roots, isolated and
       approximated to 64 bits (PARI's isolation is not separate);
   (b) polsturm(p, [COUNT_LO, COUNT_HI]), from scratch;
   (c) localbitprec(REFINE_BITS + e); polrootsreal(p, [lo, hi]) on
       boxtoi's isolating interval of the refined root, with
       2^(e-1) <= |root| < 2^e, i.e. an absolute error below about
       2^-REFINE_BITS as boxtoi_roots_refine gives (-1 if none). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "roots-bench.h"

static void gp_poly(FILE *f, const boxtoi_poly_t p)
{
    mpz_t c;
    long i;
    mpz_init(c);
    fputs("Pol([", f);
    for (i = boxtoi_poly_degree(p); i >= 0; i--) {
        boxtoi_poly_get_coeff_mpz(c, p, i);
        mpz_out_str(f, 10, c);
        fputs(i > 0 ? ",\n  " : "])", f);
    }
    mpz_clear(c);
}

/* The exponent e with 2^(e-1) <= max(|lo|, |hi|) < 2^e (0 if that is
   below 1): refining to 2^-REFINE_BITS needs REFINE_BITS + e bits. */
static long mag_bits(mpq_srcptr lo, mpq_srcptr hi)
{
    double m = fabs(mpq_get_d(lo)), h = fabs(mpq_get_d(hi));
    int e;
    if (h > m)
        m = h;
    if (m < 1)
        return 0;
    frexp(m, &e);
    return e;
}

void bench_write_gp(const bench_list *l, const char *path, int wall)
{
    FILE *f = fopen(path, "w");
    long rb;
    int k;
    if (f == NULL)
        bench_die("cannot write the GP script");
    fprintf(f,
            "\\\\ Written by bench/roots-bench --gp: PARI's side of the"
            " benchmark.\n"
            "\\\\ Each line printed: name, #polrootsreal, polsturm count,"
            " then\n"
            "\\\\ nanoseconds per call for isolate, count, refine (-1:"
            " none).\n"
            "default(debugmem, 0); default(parisizemax, 2^30);\n"
            "MIN_MS = %d; CAL_MS = %d; ROUNDS = %d;\n"
            "clk() = %s;\n"
            "tm(f) = {\n"
            "  my(k = 1, t, t0, ts = vector(ROUNDS));\n"
            "  f();\n"
            "  while (1, t0 = clk(); for (i = 1, k, f());\n"
            "    t = clk() - t0; if (t >= CAL_MS, break); k *= 2);\n"
            "  if (t < MIN_MS, k = ceil(k * MIN_MS / t));\n"
            "  for (r = 1, ROUNDS, t0 = clk(); for (i = 1, k, f());\n"
            "    ts[r] = clk() - t0);\n"
            "  ts = vecsort(ts);\n"
            "  round(ts[(ROUNDS + 1) \\ 2] * 10^6 / k);\n"
            "}\n"
            "iso(p) = localbitprec(64); polrootsreal(p);\n"
            "ref(p, ab, b) = localbitprec(b); polrootsreal(p, ab);\n"
            "AB = [%s, %s];\n",
            MIN_MS, CAL_MS, ROUNDS, wall ? "getwalltime()" : "getabstime()",
            COUNT_LO, COUNT_HI);
    for (k = 0; k < l->n; k++) {
        const bench_poly *b = l->v + k;
        fputs("{\n my(p = ", f);
        gp_poly(f, b->p);
        fprintf(f, ", tr = -1);\n");
        if (b->has_ref) {
            rb = REFINE_BITS + mag_bits(b->rlo, b->rhi);
            if (rb < 64)
                rb = 64;
            gmp_fprintf(f, " my(rab = [%Qd, %Qd]);\n", b->rlo, b->rhi);
            fprintf(f, " tr = tm(() -> ref(p, rab, %ld));\n", rb);
        }
        fprintf(f,
                " print(\"%s \", #iso(p), \" \", polsturm(p, AB), \" \",\n"
                "   tm(() -> iso(p)), \" \", tm(() -> polsturm(p, AB)),"
                " \" \", tr);\n}\n",
                b->name);
    }
    fputs("quit\n", f);
    if (fclose(f) != 0)
        bench_die("cannot write the GP script");
}

void bench_read_pari(bench_list *l, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[256], name[64];
    long n, c;
    double ti, tc, tr;
    int k;
    if (f == NULL)
        bench_die("cannot read the PARI results");
    while (fgets(line, sizeof line, f) != NULL) {
        if (sscanf(line, "%63s %ld %ld %lf %lf %lf", name, &n, &c, &ti, &tc,
                   &tr) != 6)
            continue;
        for (k = 0; k < l->n; k++) {
            bench_poly *b = l->v + k;
            if (strcmp(b->name, name) == 0) {
                b->p_nroots = n;
                b->p_count = c;
                b->p_iso = ti * 1e-9;
                b->p_cnt = tc * 1e-9;
                b->p_ref = tr < 0 ? -1 : tr * 1e-9;
            }
        }
    }
    fclose(f);
}
