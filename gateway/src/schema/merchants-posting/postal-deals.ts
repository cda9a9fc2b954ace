/**
 * Goods posting (issue 17 point 5) asks the vouchers service about a business's deals sent by post
 * only (the deal's deliveryType, read from the deals service as the returns do): a voucher of its
 * other deals is not goods, so it is never listed or marked sent (the same not found as another
 * business's). The business's deal ids come from its membership (till.ts): never another's.
 */
import type { Till } from '../../clients/redemption.client.ts';
import type { GatewayContext } from '../../context.ts';

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
