/**
 * Query.wishlist, the Wishlist type and Deal.inWishlist (issue 19 point 1). The list's deal ids
 * come from the wishlist service (one call, synced once per request: current-wishlist.ts); their
 * cards come through the deal loader, batched: a list of 50 deals is one deals call, however many
 * it holds (bench figure "REST calls per request do not grow with its size").
 */
import { NO_WISHLIST_ID, WISHLIST_MAX_DEALS } from '@shop/domain/wishlist';
import type { Deal } from '@shop/deals/contract';
import type { WishlistAnswer } from '../../clients/wishlist.client.ts';
import type { GatewayContext } from '../../context.ts';
import { clampFirst, decodeCursor } from '../../relay/connection.ts';
import { dealConnection } from '../lists/list-connection.ts';
import type { DealConnectionParent } from '../mappers.ts';
import { currentWishlist } from './current-wishlist.ts';

export interface WishlistParent {
  list: WishlistAnswer;
}

/** Spec §4 sync on load: the shell asks for it on every page; with nothing to sync, 'No Wish List ID' is logged. */
export async function wishlist(_p: unknown, _a: unknown, ctx: GatewayContext): Promise<WishlistParent | null> {
  const { list, branch } = await currentWishlist(ctx);
  if (branch === 'no-id') ctx.logger.info(NO_WISHLIST_ID, { correlationId: ctx.requestId });
  return list ? { list } : null;
}

/** Deal.inWishlist: false without a list (or when the service failed: spec §8). */
export async function dealInWishlist(deal: Deal, _a: unknown, ctx: GatewayContext): Promise<boolean> {
  const { list } = await currentWishlist(ctx);
  return list !== null && list.deals.some((d) => d.dealId === deal.id);
}

/** Deals by id through the batched loader, in order, leaving out those that no longer exist. */
async function dealsOf(ids: readonly number[], ctx: GatewayContext): Promise<Deal[]> {
  return (await ctx.loaders.dealById.loadMany(ids)).filter((d): d is Deal => d !== null && !(d instanceof Error));
}

export const WishlistType = {
  count: ({ list }: WishlistParent) => list.totalDeals,
  // Asked with the list's deals, the loader batches both into the one deals call.
  takenOffAtMerge: ({ list }: WishlistParent, _a: unknown, ctx: GatewayContext) => dealsOf(list.takenOffAtMerge, ctx),
  maxDeals: () => WISHLIST_MAX_DEALS,
  async deals({ list }: WishlistParent, args: { first?: number | null; after?: string | null }, ctx: GatewayContext): Promise<DealConnectionParent> {
    const size = clampFirst(args.first, WISHLIST_MAX_DEALS);
    const ids = list.deals.map((d) => d.dealId);
    // One batched deals call for the whole list (at most 50, under the loader's batch of 100).
    const found = await dealsOf(ids, ctx);
    const start = args.after != null ? decodeCursor(args.after).o + 1 : 0;
    return dealConnection(found.slice(start, start + size), start, size, found.length, '/wishlist');
  },
};
