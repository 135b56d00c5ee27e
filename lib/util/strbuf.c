/* lib/util/strbuf.c: the caller-owned growable text buffer.

   Memory comes from malloc/realloc and is released by
   boxtoi_strbuf_clear; a failed allocation leaves the buffer as it was
   and returns BOXTOI_ENOMEM. */
#include "lib/util/impl.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "boxtoi/err.h"

void boxtoi_strbuf_init(boxtoi_strbuf *sb)
{
    sb->str = NULL;
    sb->len = 0;
    sb->alloc = 0;
}

void boxtoi_strbuf_clear(boxtoi_strbuf *sb)
{
    free(sb->str);
    boxtoi_strbuf_init(sb);
}

void boxtoi_strbuf_reset(boxtoi_strbuf *sb)
{
    sb->len = 0;
    if (sb->str != NULL)
        sb->str[0] = '\0';
}

const char *boxtoi_strbuf_str(const boxtoi_strbuf *sb)
{
    return sb->str != NULL ? sb->str : "";
}

/* Make room for n more characters plus the terminating NUL. */
int util_strbuf_reserve(boxtoi_strbuf *sb, size_t n)
{
    size_t need, nalloc;
    char *p;
    if (n > (size_t)-1 - sb->len - 1)
        return BOXTOI_ENOMEM;
    need = sb->len + n + 1;
    if (need <= sb->alloc)
        return BOXTOI_OK;
    nalloc = sb->alloc < 64 ? 64 : sb->alloc;
    while (nalloc < need)
        nalloc = nalloc > (size_t)-1 / 2 ? need : 2 * nalloc;
    p = realloc(sb->str, nalloc);
    if (p == NULL)
        return BOXTOI_ENOMEM;
    sb->str = p;
    sb->alloc = nalloc;
    return BOXTOI_OK;
}

int boxtoi_strbuf_putn(boxtoi_strbuf *sb, const char *s, size_t n)
{
    if (util_strbuf_reserve(sb, n) != BOXTOI_OK)
        return BOXTOI_ENOMEM;
    memcpy(sb->str + sb->len, s, n);
    sb->len += n;
    sb->str[sb->len] = '\0';
    return BOXTOI_OK;
}

int boxtoi_strbuf_puts(boxtoi_strbuf *sb, const char *s)
{
    return boxtoi_strbuf_putn(sb, s, strlen(s));
}

int boxtoi_strbuf_printf(boxtoi_strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    int n;
    char small[1];

    va_start(ap, fmt);
    n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return BOXTOI_EINVAL;
    if (util_strbuf_reserve(sb, (size_t)n) != BOXTOI_OK)
        return BOXTOI_ENOMEM;
    va_start(ap, fmt);
    vsnprintf(sb->str + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
    return BOXTOI_OK;
}

/* "00" "01" ... "99" */
static const char pairs100[201] =
    "0001020304050607080910111213141516171819"
    "2021222324252627282930313233343536373839"
    "4041424344454647484950515253545556575859"
    "6061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Eight digits at a time while w >= 10^8: one 64-bit division by
   10^8, then the eight digits of the remainder (below 2^32) by 32-bit
   divisions by 10^4 and 100, which do not depend on each other (the
   loop by 100 alone was a 64-bit division per pair, one after the
   other); the last < 10^8 by 100 in 32 bits. */
char *util_word_digits(char *end, uint64_t w, int n)
{
    char *p = end;
    uint32_t x, a, b;
    while (w >= 100000000u) {
        uint64_t q = w / 100000000u;
        x = (uint32_t)(w - q * 100000000u);
        a = x / 10000u;
        b = x - a * 10000u;
        memcpy(p - 2, pairs100 + 2 * (b % 100u), 2);
        memcpy(p - 4, pairs100 + 2 * (b / 100u), 2);
        memcpy(p - 6, pairs100 + 2 * (a % 100u), 2);
        memcpy(p - 8, pairs100 + 2 * (a / 100u), 2);
        p -= 8;
        w = q;
    }
    for (x = (uint32_t)w; x >= 100u; x /= 100u)
        memcpy(p -= 2, pairs100 + 2 * (x % 100u), 2);
    if (x >= 10u)
        memcpy(p -= 2, pairs100 + 2 * x, 2);
    else
        *--p = (char)('0' + (int)x);
    while (end - p < n)
        *--p = '0';
    return p;
}

int boxtoi_strbuf_put_mpz(boxtoi_strbuf *sb, mpz_srcptr z)
{
    size_t n;
#if GMP_NUMB_BITS == 64 && GMP_NAIL_BITS == 0
    if (mpz_size(z) <= 1) { /* one word: its digits by util_word_digits
                               (t/util-t pairs it with mpz_get_str) */
        char buf[24], *end = buf + sizeof buf,
             *p = util_word_digits(end, mpz_getlimbn(z, 0), 1); /* 0 for z = 0 */
        if (mpz_sgn(z) < 0)
            *--p = '-';
        return boxtoi_strbuf_putn(sb, p, (size_t)(end - p));
    }
#endif
    n = mpz_sizeinbase(z, 10) + 2;
    if (util_strbuf_reserve(sb, n) != BOXTOI_OK)
        return BOXTOI_ENOMEM;
    mpz_get_str(sb->str + sb->len, 10, z);
    sb->len += strlen(sb->str + sb->len);
    return BOXTOI_OK;
}

int boxtoi_strbuf_put_mpq(boxtoi_strbuf *sb, mpq_srcptr q)
{
    int rc = boxtoi_strbuf_put_mpz(sb, mpq_numref(q));
    if (rc == BOXTOI_OK && mpz_cmp_ui(mpq_denref(q), 1) != 0) {
        rc = boxtoi_strbuf_puts(sb, "/");
        if (rc == BOXTOI_OK)
            rc = boxtoi_strbuf_put_mpz(sb, mpq_denref(q));
    }
    return rc;
}

int util_put_decimal(boxtoi_strbuf *sb, int neg, const char *dig, size_t n,
                     long e)
{
    size_t len0 = sb->len, k;
    char *p;
    int rc = BOXTOI_OK;

    if (e >= UTIL_POS_EMIN && e <= UTIL_POS_EMAX) {
        /* at most 1 + max(n + 7, n + 1, 31) characters: written in
           place after one reservation */
        if (n > (size_t)-1 / 2 || util_strbuf_reserve(sb, n + 40) != BOXTOI_OK)
            return BOXTOI_ENOMEM;
        p = sb->str + sb->len;
        if (neg)
            *p++ = '-';
        if (e < 0) {
            *p++ = '0';
            *p++ = '.';
            for (k = 0; k < (size_t)(-e - 1); k++)
                *p++ = '0';
            memcpy(p, dig, n);
            p += n;
        } else if ((size_t)e + 1 >= n) {
            memcpy(p, dig, n);
            p += n;
            for (k = n; k < (size_t)e + 1; k++)
                *p++ = '0';
        } else {
            memcpy(p, dig, (size_t)e + 1);
            p += e + 1;
            *p++ = '.';
            memcpy(p, dig + e + 1, n - (size_t)e - 1);
            p += n - (size_t)e - 1;
        }
        *p = '\0';
        sb->len = (size_t)(p - sb->str);
        return BOXTOI_OK;
    }
    if (neg)
        rc |= boxtoi_strbuf_putn(sb, "-", 1);
    rc |= boxtoi_strbuf_putn(sb, dig, 1);
    if (n > 1) {
        rc |= boxtoi_strbuf_putn(sb, ".", 1);
        rc |= boxtoi_strbuf_putn(sb, dig + 1, n - 1);
    }
    rc |= boxtoi_strbuf_printf(sb, "e%ld", e);
    if (rc != BOXTOI_OK) { /* sb as it was */
        sb->len = len0;
        if (sb->str != NULL)
            sb->str[len0] = '\0';
        return BOXTOI_ENOMEM;
    }
    return BOXTOI_OK;
}
