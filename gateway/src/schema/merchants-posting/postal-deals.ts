/**
 * Goods posting (issue 17 point 5) asks the vouchers service about a business's deals sent by post
 * only (the deal's deliveryType, read from the deals service as the returns do): a voucher of its
 * other deals is not goods, so it is never listed or marked sent (the same not found as another
 * business's). The business's deal ids come from its membership (till.ts): never another's.
 */
import type { Till } from '../../clients/redemption.client.ts';
import type { GatewayContext } from '../../context.ts';
import { notFound, type NotFoundErrorValue, type UserErrorValue } from '../user-errors.ts';
import { isMembership, membershipOf } from '../merchants/till.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function postalDealIds(ctx: GatewayContext, dealIds: readonly number[]): Promise<number[]> {
  if (dealIds.length === 0) return [];
  const deals = await ctx.loaders.dealById.loadMany([...dealIds]);
  return dealIds.filter((_id, i) => {
    const deal = deals[i];
    return deal != null && !(deal instanceof Error) && deal.deliveryType === 'postal';
  });
}

/** The till with only the business's postal deals (null when it sells none). */
export async function postalTill(ctx: GatewayContext, till: Till): Promise<Till | null> {
  const dealIds = await postalDealIds(ctx, till.dealIds);
  return dealIds.length ? { ...till, dealIds } : null;
}

/**
 * What both posting mutations check first: the member's business, a voucher id that can be one,
 * and the business's postal deals; the till and the voucher id (lower case) to send, or the
 * answer to give instead (signed out; a business or voucher not found, all alike).
 */
export async function postalVoucher(
  ctx: GatewayContext,
  businessId: string,
  voucherId: string,
): Promise<{ till: Till; voucherId: string } | UserErrorValue<'UnauthenticatedError'> | NotFoundErrorValue> {
  const membership = await membershipOf(ctx, businessId);
  if (!isMembership(membership)) return membership;
  if (!UUID.test(voucherId)) return notFound('NOT_FOUND', 'voucherId');
  const till = await postalTill(ctx, membership.till);
  return till ? { till, voucherId: voucherId.toLowerCase() } : notFound('NOT_FOUND', 'voucherId');
}
