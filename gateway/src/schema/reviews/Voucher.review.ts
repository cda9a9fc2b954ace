/**
 * Voucher.review and Voucher.reviewable (issue 19 point 9): for the signed-in holder's own reads
 * of a voucher (the ones that carry its redemption link; the order's view has none), the review
 * they wrote with it and whether they may write one. The reviews of a page of vouchers are one
 * batched call (a per-request loader), so My Vouchers' call count does not grow with its page.
 */
import DataLoader from 'dataloader';
import { GIFT_CARD_DEAL_ID } from '@shop/domain';
import type { Review } from '../../clients/reviews.client.ts';
import { VOUCHER_REVIEWS_BATCH_MAX } from '../../clients/reviews.client.ts';
import type { GatewayContext } from '../../context.ts';
import type { VoucherResolvers } from '../__generated__/resolvers.ts';

const loaders = new WeakMap<GatewayContext, DataLoader<string, Review | null>>();

/** This request's loader of a voucher's review (made on first use, never shared between requests). */
export function reviewByVoucherId(ctx: GatewayContext): DataLoader<string, Review | null> {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader<string, Review | null>(
      async (ids) => {
        const found = new Map((await ctx.clients.reviews.byVouchers(ids)).map((r) => [r.voucherId.toLowerCase(), r.review]));
        return ids.map((id) => found.get(id.toLowerCase()) ?? null);
      },
      { maxBatchSize: VOUCHER_REVIEWS_BATCH_MAX },
    );
    loaders.set(ctx, loader);
  }
  return loader;
}

/** A holder's own read: the service gives the redemption link to those only. */
const heldRead = (v: { redemptionLink?: string | null }) => Boolean(v.redemptionLink);

export const voucherReviewFields: Pick<VoucherResolvers, 'review' | 'reviewable'> = {
  review: (v, _a, ctx) => (heldRead(v) ? reviewByVoucherId(ctx).load(v.id) : null),
  reviewable: async (v, _a, ctx) => {
    if (!heldRead(v) || v.status !== 'Redeemed' || v.dealId === GIFT_CARD_DEAL_ID) return false;
    return (await reviewByVoucherId(ctx).load(v.id)) === null;
  },
};
