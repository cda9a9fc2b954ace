/**
 * Bookings (issue 17 point 4) concern deals booked on a calendar (bookingCalendarOnRedemption, read
 * from the deals service through the request's loader): a business's other deals are never asked
 * about, and the deal ids are always the member's business's own (till.ts), never another's (Z).
 */
import { VOUCHER_VALIDITY_SENTENCE } from '@shop/domain/buying';
import type { Deal as DealDto } from '@shop/deals/contract';
import type { GatewayContext } from '../../context.ts';

export async function bookableDealsOf(ctx: GatewayContext, dealIds: readonly number[]): Promise<DealDto[]> {
  if (dealIds.length === 0) return [];
  const deals = await ctx.loaders.dealById.loadMany([...dealIds]);
  return deals.filter((d): d is DealDto => d != null && !(d instanceof Error) && d.bookingCalendarOnRedemption);
}

/** The checkout's figure when a deal's fine print does not state its validity (orders.ts VOUCHER_VALIDITY_FALLBACK_MONTHS). */
const VALIDITY_FALLBACK_MONTHS = 3;

/**
 * How long a voucher bought now is valid: the deal's fine print states it in the domain's sentence
 * (the deals service writes it from the deal's voucherValidityMonths), the figure the checkout
 * sells with.
 */
export function validityMonthsOf(deal: Pick<DealDto, 'finePrint'>): number {
  for (const line of deal.finePrint) {
    const m = VOUCHER_VALIDITY_SENTENCE.exec(line);
    if (m) return Number(m[1]);
  }
  return VALIDITY_FALLBACK_MONTHS;
}
