/* lib/contact/linform-mach.h: the closed form's template (linform.h)
   on a machine integer type (a template: no include guard; not
   installed).  The includer defines LF(n), LK(n) (its kernel instance,
   kernel-mach.h), LT (the type), LSWAP, LCMPABS, LCMPFRAC, LSETZ,
   LVIEW and LBOXDATA (linform.h), and LWORLDALL when it wants only the
   whole closed form in world coordinates; the arithmetic is the type's
   own, unchecked (the callers' size bounds).  The instances: li
   (128-bit, linworld128.c) and l6 (64-bit, linworld64.c). */
#define LC int *
#define LW LT
#define LINIT(x) (*(x) = 0)
#define LCLEAR(x) ((void)0)
#define LZERO(r) (*(r) = 0)
#define LSET(r, a) (*(r) = *(a))
#define LNEG(r, a) (*(r) = -*(a))
#define LADD(kc, r, a) (*(r) += *(a))
#define LSUB(kc, r, a) (*(r) -= *(a))
#define LSGN(a) ((*(a) > 0) - (*(a) < 0))
#define LMUL(kc, r, a, b) (*(r) = *(a) * *(b))
#define LADDMUL(kc, r, a, b) (*(r) += *(a) * *(b))
#define LSETFRAC(r, n, d) contact_set_frac_i128(r, *(n), *(d))
#include "lib/contact/linform.h"
#include "lib/contact/linform-undef.h"
