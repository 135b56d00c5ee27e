/* lib/contact/ctx.c: the per-query context of the solver (impl.h,
   contact_ctx): what the closed form, the filter, the route and the
   certificate share about one query, each part computed on its first
   use and kept until contact_ctx_clear (the boxes in integers, the
   relative motion in 128-bit integers or GMP, and what the motion
   check learnt, chk). */
#include "lib/util/impl.h"
#include "boxtoi/contact.h"
#include "lib/motion/impl.h"
#include "lib/contact/impl.h"

void contact_ctx_init(contact_ctx *ctx, const boxtoi_query_t q)
{
    ctx->q = q;
    ctx->bz_ready = 0;
    ctx->rel_ready = 0;
#ifdef BOXTOI_HAVE_I128
    ctx->rel_i128_state = 0;
#endif
    ctx->chk = NULL;
}

void contact_ctx_clear(contact_ctx *ctx)
{
    if (ctx->bz_ready)
        contact_boxz_clear(&ctx->bz);
    if (ctx->rel_ready)
        boxtoi_motion_clear(&ctx->rel);
}

const contact_boxz *contact_ctx_boxz(contact_ctx *ctx)
{
    if (!ctx->bz_ready) {
        contact_boxz_init(&ctx->bz, ctx->q);
        ctx->bz_ready = 1;
    }
    return &ctx->bz;
}

#ifdef BOXTOI_HAVE_I128
const poly_i128 *contact_ctx_rel_i128(contact_ctx *ctx)
{
    if (ctx->rel_i128_state == 0)
        ctx->rel_i128_state =
            contact_rel_i128(ctx->rel_i128, ctx->q, ctx->chk) ? 1 : -1;
    return ctx->rel_i128_state > 0 ? ctx->rel_i128 : NULL;
}
#endif

const boxtoi_motion_struct *contact_ctx_rel(contact_ctx *ctx)
{
    if (ctx->rel_ready)
        return &ctx->rel;
    boxtoi_motion_init(&ctx->rel);
#ifdef BOXTOI_HAVE_I128
    if (ctx->rel_i128_state > 0)
        contact_motion_get_i128(&ctx->rel, ctx->rel_i128);
    else
#endif
        contact_relative_motion(&ctx->rel, ctx->q);
    ctx->rel_ready = 1;
    return &ctx->rel;
}

int contact_ctx_has_rel(const contact_ctx *ctx)
{
#ifdef BOXTOI_HAVE_I128
    if (ctx->rel_i128_state > 0)
        return 1;
#endif
    return ctx->rel_ready;
}
