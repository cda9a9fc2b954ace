/**
 * addToWishlist, removeFromWishlist, clearWishlist (issue 19 point 1; spec §4: "Adding a deal with
 * no stored wishlist creates one and stores its id. Otherwise it adds to the stored wishlist.
 * Clearing removes all deals and empties local state."). The list is the one the §4 sync gives
 * (current-wishlist.ts): a signed-in shopper's is theirs by customer token, a guest's the cookie's.
 *
 * The deal must exist (NotFoundError naming `dealId`); a full list (spec §9: 50) is a
 * ValidationError WISHLIST_FULL naming `dealId`. Unlike a page load (spec §8: failures only
 * logged), a change the shopper asked for that fails is not hidden: the error is masked
 * ("Unexpected error." with a correlation id) and the heart goes back as it was.
 */
import type { Deal } from '@shop/deals/contract';
import { messageFor } from '@shop/domain';
import type { WishlistAnswer } from '../../clients/wishlist.client.ts';
import { isServiceError } from '../../clients/service-error.ts';
import type { GatewayContext } from '../../context.ts';
import { notFound, validationError, type NotFoundErrorValue, type ValidationErrorValue } from '../user-errors.ts';
import { currentWishlist, logWishlistFailure, setCurrentWishlist, storeWishlistId } from './current-wishlist.ts';
import type { WishlistParent } from './Wishlist.ts';

interface WishlistUpdatedValue {
  __typename: 'WishlistUpdated';
  wishlist: WishlistParent | null;
  deal: Deal | null;
}
type WishlistResultValue = WishlistUpdatedValue | ValidationErrorValue | NotFoundErrorValue;

const INT_MAX = 2_147_483_647;

async function dealOf(ctx: GatewayContext, dealId: number): Promise<Deal | null> {
  if (!Number.isInteger(dealId) || dealId < 1 || dealId > INT_MAX) return null;
  return ctx.loaders.dealById.load(dealId);
}

function updated(ctx: GatewayContext, list: WishlistAnswer | null, deal: Deal | null): WishlistUpdatedValue {
  setCurrentWishlist(ctx, list);
  return { __typename: 'WishlistUpdated', wishlist: list ? { list } : null, deal };
}

/** A change failed: logged (spec §8), then the full-list refusal as data, anything else rethrown (masked). */
function refusal(ctx: GatewayContext, operation: string, error: unknown): ValidationErrorValue {
  logWishlistFailure(ctx, operation, error);
  if (isServiceError(error) && error.code === 'WISHLIST_FULL') return validationError('dealId', messageFor('WISHLIST_FULL'), 'WISHLIST_FULL');
  throw error;
}

export async function addToWishlist(_p: unknown, { input }: { input: { dealId: number } }, ctx: GatewayContext): Promise<WishlistResultValue> {
  const deal = await dealOf(ctx, input.dealId);
  if (!deal) return notFound('NOT_FOUND', 'dealId');
  const { list } = await currentWishlist(ctx);
  const customerToken = await ctx.customerToken();
  try {
    let next = list ? await ctx.clients.wishlist.add(list.id, deal.id) : null;
    if (!next) {
      // None stored (or it went since the sync): a new one, its id stored (spec §4).
      next = await ctx.clients.wishlist.create(deal.id, customerToken);
      storeWishlistId(ctx, next.id);
    }
    return updated(ctx, next, deal);
  } catch (error) {
    return refusal(ctx, 'add', error);
  }
}

export async function removeFromWishlist(_p: unknown, { input }: { input: { dealId: number } }, ctx: GatewayContext): Promise<WishlistResultValue> {
  const deal = await dealOf(ctx, input.dealId);
  if (!deal) return notFound('NOT_FOUND', 'dealId');
  const { list } = await currentWishlist(ctx);
  if (!list) return updated(ctx, null, deal);
  try {
    return updated(ctx, await ctx.clients.wishlist.remove(list.id, deal.id), deal);
  } catch (error) {
    return refusal(ctx, 'remove', error);
  }
}

export async function clearWishlist(_p: unknown, _a: unknown, ctx: GatewayContext): Promise<WishlistResultValue> {
  const { list } = await currentWishlist(ctx);
  if (!list) return updated(ctx, null, null);
  try {
    return updated(ctx, await ctx.clients.wishlist.clear(list.id), null);
  } catch (error) {
    return refusal(ctx, 'clear', error);
  }
}
