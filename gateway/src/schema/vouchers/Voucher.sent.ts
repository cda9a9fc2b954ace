/**
 * Voucher.sent (issue 17 point 5): goods the merchant marked sent, with the carrier and tracking
 * reference, for the signed-in holder only (anyone else, and a voucher not sent, get null). Only
 * vouchers of deals sent by post are asked about, and a page's vouchers in one call per request
 * (GET /posting/dispatches), batched by a loader kept per request context.
 */
import DataLoader from 'dataloader';
import type { HolderDispatchData } from '../../clients/posting.client.ts';
import type { GatewayContext } from '../../context.ts';
import type { VoucherResolvers } from '../__generated__/resolvers.ts';

/** The service reads at most 100 ids a call. */
const BATCH_MAX = 100;
const loaders = new WeakMap<GatewayContext, DataLoader<string, HolderDispatchData | null>>();

function dispatchLoader(ctx: GatewayContext, customerToken: string) {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(
      async (ids: readonly string[]) => {
        const found = new Map((await ctx.clients.posting.dispatches(customerToken, ids)).map((d) => [d.voucherId, d]));
        return ids.map((id) => found.get(id) ?? null);
      },
      { maxBatchSize: BATCH_MAX },
    );
    loaders.set(ctx, loader);
  }
  return loader;
}

export const voucherSent: NonNullable<VoucherResolvers['sent']> = async (v, _a, ctx) => {
  if ((await ctx.loaders.dealById.load(v.dealId))?.deliveryType !== 'postal') return null;
  const customerToken = await ctx.customerToken();
  if (!customerToken) return null;
  const dispatch = await dispatchLoader(ctx, customerToken).load(v.id);
  return dispatch ? { carrier: dispatch.carrier, trackingReference: dispatch.trackingReference, sentAt: dispatch.sentAt } : null;
};
