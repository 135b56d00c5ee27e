/* t/poly128-t.c: tests of lib/poly/poly128.c (polynomials with 128-bit
   coefficients) against GMP's products, moved from t/poly-t.c.  Skipped
   without 128-bit integers (--disable-int128). */
#include "poly-gen.h"
#include "lib/poly/poly128.h"

#ifdef BOXTOI_HAVE_I128
/* poly_i128_dot (lib/poly/poly128.c): its value against GMP's products
   (an independent computation) and its size bound against the exact
   bit length; where it reports an overflow, the product-by-product
   reference poly_i128_addmul must report one too (dot then is that
   reference).  The sizes reach the 64-bit products, the 128-bit ones
   and the fallback. */
static void test_dot128(void)
{
    static const long sizes[] = {3, 20, 40, 61, 62, 63, 64, 90, 126};
    int bad = 0, over = 0, tried = 0, k;
    for (k = 0; k < 4000; k++) {
        boxtoi_poly_t pa[4], pb[4], want, t, got;
        poly_i128 a[4], b[4], r, r2;
        const poly_i128 *u[4], *v[4];
        int s[4], n = 1 + (int)rnd(4), plus = rnd(3) == 0, i, okref = 1;
        long bits = sizes[rnd(9)];
        boxtoi_poly_init(want);
        boxtoi_poly_init(t);
        boxtoi_poly_init(got);
        for (i = 0; i < n; i++) {
            boxtoi_poly_init(pa[i]);
            boxtoi_poly_init(pb[i]);
            randpoly(pa[i], rnd(8), bits);
            randpoly(pb[i], rnd(8), rnd(3) == 0 ? sizes[rnd(9)] : bits);
            poly_i128_set_poly(a + i, pa[i]); /* below 2^126: fits */
            poly_i128_set_poly(b + i, pb[i]);
            s[i] = plus || rnd(2) ? 1 : -1;
            u[i] = a + i;
            v[i] = b + i;
            boxtoi_poly_mul(t, pa[i], pb[i]);
            if (s[i] > 0)
                boxtoi_poly_add(want, want, t);
            else
                boxtoi_poly_sub(want, want, t);
        }
        tried++;
        if (poly_i128_dot(&r, n, u, v, plus ? NULL : s)) {
            poly_i128_get_poly(got, &r);
            if ((!boxtoi_poly_equal(got, want)
                 || r.bits < boxtoi_poly_max_bits(want)
                 || (r.len > 0 && r.c[r.len - 1] == 0))
                && bad++ == 0)
                diag("dot of %d products of %ld bits differs", n, bits);
        } else {
            over++;
            poly_i128_zero(&r2);
            for (i = 0; i < n; i++)
                okref = okref && poly_i128_addmul(&r2, a + i, b + i, s[i]);
            if (okref && bad++ == 0)
                diag("dot overflowed where addmul did not (%ld bits)", bits);
        }
        for (i = 0; i < n; i++) {
            boxtoi_poly_clear(pa[i]);
            boxtoi_poly_clear(pb[i]);
        }
        boxtoi_poly_clear(want);
        boxtoi_poly_clear(t);
        boxtoi_poly_clear(got);
    }
    is_int(0, bad, "poly_i128_dot = GMP's sum of products (%d sums, %d "
           "overflows)", tried, over);
    /* poly_i128_divexact on a = h q built by GMP (quotient q, 64- and
       128-bit paths) and on a + 1 (not divisible when deg h >= 1) */
    bad = 0;
    for (k = 0; k < 3000; k++) {
        boxtoi_poly_t ph, pq, pa, got;
        poly_i128 h, a, q;
        long bits = sizes[rnd(7)] / 2;
        boxtoi_poly_init(ph);
        boxtoi_poly_init(pq);
        boxtoi_poly_init(pa);
        boxtoi_poly_init(got);
        randpoly_deg(ph, 1 + rnd(3), bits);
        randpoly(pq, rnd(5), bits);
        boxtoi_poly_mul(pa, ph, pq);
        poly_i128_set_poly(&h, ph);
        poly_i128_set_poly(&a, pa);
        if (!poly_i128_divexact(&q, &a, &h)) {
            if (bad++ == 0)
                diag("divexact failed on h q (%ld bits)", bits);
        } else {
            poly_i128_get_poly(got, &q);
            if (!boxtoi_poly_equal(got, pq) && bad++ == 0)
                diag("divexact(h q, h) != q (%ld bits)", bits);
        }
        a.c[0] += 1;
        if (a.len == 0)
            a.len = 1;
        if (poly_i128_divexact(&q, &a, &h) && bad++ == 0)
            diag("divexact(h q + 1, h) succeeded (%ld bits)", bits);
        boxtoi_poly_clear(ph);
        boxtoi_poly_clear(pq);
        boxtoi_poly_clear(pa);
        boxtoi_poly_clear(got);
    }
    is_int(0, bad, "poly_i128_divexact(h q, h) = q (GMP's product), "
           "h q + 1 refused");
}

/* poly_i128_mul by a constant (its scaling branch) against GMP's
   product and against the accumulating reference poly_i128_addmul:
   the same success (overflow exactly when a product leaves the 128-bit
   integers), the same coefficients, and the exact bit length. */
static void test_mul128_const(void)
{
    static const long sizes[] = {3, 20, 40, 61, 62, 63, 64, 90, 126};
    int bad = 0, over = 0, k;
    for (k = 0; k < 3000; k++) {
        boxtoi_poly_t pa, pb, want, got;
        poly_i128 a, b, r, r2;
        int ok1, ok2;
        boxtoi_poly_init(pa);
        boxtoi_poly_init(pb);
        boxtoi_poly_init(want);
        boxtoi_poly_init(got);
        randpoly(pa, rnd(8), sizes[rnd(9)]);
        randpoly_deg(pb, 0, sizes[rnd(9)]);
        poly_i128_set_poly(&a, pa);
        poly_i128_set_poly(&b, pb);
        boxtoi_poly_mul(want, pa, pb);
        ok1 = poly_i128_mul(&r, &a, &b);
        poly_i128_zero(&r2);
        ok2 = poly_i128_addmul(&r2, &a, &b, 1);
        over += !ok1;
        if (ok1 != ok2 || ok1 != (boxtoi_poly_max_bits(want) <= 127)) {
            if (bad++ == 0)
                diag("constant product: mul %d, addmul %d", ok1, ok2);
        } else if (ok1) {
            poly_i128_get_poly(got, &r);
            if ((!boxtoi_poly_equal(got, want)
                 || r.bits != boxtoi_poly_max_bits(want))
                && bad++ == 0)
                diag("constant product differs from GMP's");
        }
        boxtoi_poly_clear(pa);
        boxtoi_poly_clear(pb);
        boxtoi_poly_clear(want);
        boxtoi_poly_clear(got);
    }
    is_int(0, bad, "poly_i128_mul by a constant = GMP's product = "
           "poly_i128_addmul's (%d overflows)", over);
}
#endif

int main(void)
{
#ifdef BOXTOI_HAVE_I128
    plan_lazy();
    tap_randinit(st);
    test_dot128();
    test_mul128_const();
    gmp_randclear(st);
#else
    skip_all("no 128-bit integers (--disable-int128)");
#endif
    return 0;
}
