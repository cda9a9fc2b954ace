/**
 * VIP membership rules (issue 18 point 5; spec §3 subscription statuses, §5 "VIP cost is capped
 * at 4.99", §9 "VIP: price £4.99 a year, max cost 4.99, VIP limit 60, extra saving up to 10%").
 * Pure: `now` is always given.
 *
 * Readings chosen here:
 * - The membership runs 12 months from payment and never renews by itself (no saved payment is
 *   charged again): RENEW means "ended, join again if you want".
 * - The UK 14-day cooling-off period (DMCC Act 2024 subscription rules): cancelled by the end of
 *   day 14 in Europe/London after the London day it was paid for (the same window as a voucher),
 *   the membership that payment bought ends at once and its £4.99 goes back to the payment.
 * - "VIP limit 60": /deals/vip lists at most 60 deals.
 */
import { VIP_PRICE_PENCE } from './buying.ts';
import { formatMoney } from './money.ts';
import { endOfLondonDayAfter } from './london-time.ts';
import type { SubscriptionStatus } from './accounts.ts';

/** Spec §9 "VIP limit 60": the most deals /deals/vip lists. */
export const VIP_PAGE_LIMIT = 60;
/** Spec §9 "extra saving up to 10%": VIP prices are at most this much below the deal's price. */
export const VIP_EXTRA_SAVING_PERCENT = 10;
/** The cooling-off period: days (London) after the day of joining or renewing. */
export const VIP_CANCEL_REFUND_DAYS = 14;

/**
 * The one line that offers VIP wherever it is offered (checkout box, /deals/vip): the price, the
 * term and what it gives, and that it does not renew by itself.
 */
export const VIP_OFFER_LINE = 'Join VIP – £4.99 a year: VIP prices on selected deals, with extra savings of up to 10%, for 12 months. It does not renew automatically.';

/** apply-vip-discount refused (code VIP_ONLY): the basket is not a member's. */
export const VIP_PRICES_FOR_MEMBERS = `VIP prices are for VIP members only. VIP membership costs ${formatMoney(VIP_PRICE_PENCE, 'GBP')} a year: join at checkout, signed in, and your basket moves to VIP prices.`;

/** Spec §5: VIP cost is capped at 4.99 (pence; never negative). */
export function vipCostPence(requested: number): number {
  if (!Number.isFinite(requested) || requested <= 0) return 0;
  return Math.min(Math.round(requested), VIP_PRICE_PENCE);
}

/** The last instant a membership paid at `paidAt` may be cancelled with a refund. */
export function vipRefundableUntil(paidAt: Date): Date {
  return endOfLondonDayAfter(paidAt, VIP_CANCEL_REFUND_DAYS);
}

/** Whether a membership paid (joined or renewed) at `paidAt` is still in its 14-day cooling-off period at `now`. */
export function isVipRefundable(paidAt: Date, now: Date): boolean {
  return now.getTime() <= vipRefundableUntil(paidAt).getTime();
}

/**
 * The spec §3 status of a membership: ACTIVE until its end, RENEW after it; without one, the
 * account's stored status (ELIGIBLE once checked, NOT_CHECKED before).
 */
export function vipStatusAt(validUntil: Date | null, stored: SubscriptionStatus, now: Date): SubscriptionStatus {
  if (!validUntil) return stored === 'ACTIVE' || stored === 'RENEW' ? 'ELIGIBLE' : stored;
  return validUntil.getTime() > now.getTime() ? 'ACTIVE' : 'RENEW';
}

/**
 * A deal's VIP price (spec §3 mainDeal.vipPrice): the cheapest enabled VIP-exclusive product's
 * price, or null when it has none.
 */
export function vipPriceOf<T extends { vipExclusive: boolean; disabled: boolean; price: number }>(products: readonly T[]): number | null {
  const vip = products.filter((p) => p.vipExclusive && !p.disabled);
  return vip.length ? Math.min(...vip.map((p) => p.price)) : null;
}

/** A VIP price honours "extra saving up to 10%": at most 10% below the deal's price, and below it. */
export function isFairVipPrice(vipPrice: number, dealPrice: number): boolean {
  return vipPrice < dealPrice && vipPrice >= Math.floor((dealPrice * (100 - VIP_EXTRA_SAVING_PERCENT)) / 100);
}

/**
 * A VIP category page (spec §2 page type vipCategory: a list-type first segment, a second segment
 * starting with vip): /deals/vip/{category}, the category's VIP deals. The bare /deals/vip is
 * every VIP deal; pageTypeOf reads both as vipCategory.
 */
export function vipCategoryPath(category: string): string {
  return `/deals/vip/${category}`;
}


/** The "ends on" reminder goes this many days before a membership ends (it never renews by itself). */
export const VIP_ENDING_REMINDER_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The latest end date a reminder is due for at `now` (ends after now and no later than this). */
export function vipEndingReminderHorizon(now: Date): Date {
  return new Date(now.getTime() + VIP_ENDING_REMINDER_DAYS * DAY_MS);
}

/** Whether a membership ending at `validUntil` is due its "ends on" reminder at `now`: it has not ended and ends within 14 days. */
export function isVipEndingReminderDue(validUntil: Date | null, now: Date): boolean {
  if (!validUntil) return false;
  return validUntil.getTime() > now.getTime() && validUntil.getTime() <= vipEndingReminderHorizon(now).getTime();
}

/** The title a VIP-exclusive option carries when it is the VIP version of a public option (the catalogue's convention). */
export const VIP_OPTION_TITLE_PREFIX = 'VIP exclusive: ';

/** What the VIP equivalence compares of a deal's option. */
export interface VipComparableOption {
  id: number;
  dealId: number;
  title: string;
  price: number;
  originalPrice: number;
  vipExclusive: boolean;
  disabled: boolean;
  nights: number | null;
  postage: number | null;
  deposit: number | null;
}

/**
 * apply-vip-discount (spec §7): the VIP option a member's basket line of `option` moves to, or
 * null. The catalogue makes a deal's VIP option as the VIP version of one public option (services/
 * deals seed: its copy, titled "VIP exclusive: <title>", at up to 10% off), so the equivalent is the
 * enabled VIP-exclusive option of the same deal with that title and the same terms (nights,
 * postage, deposit, original price) whose price is a fair VIP saving on the option's (cheaper, by
 * at most 10%: isFairVipPrice). Anything else (another option, other terms) is a different thing
 * to buy and is never swapped. Several such options: the cheapest.
 */
export function vipEquivalentOf<T extends VipComparableOption>(option: T, siblings: readonly T[]): T | null {
  if (option.vipExclusive || option.disabled) return null;
  const matches = siblings.filter(
    (v) =>
      v.vipExclusive &&
      !v.disabled &&
      v.id !== option.id &&
      v.dealId === option.dealId &&
      v.title === `${VIP_OPTION_TITLE_PREFIX}${option.title}` &&
      v.nights === option.nights &&
      v.postage === option.postage &&
      v.deposit === option.deposit &&
      v.originalPrice === option.originalPrice &&
      isFairVipPrice(v.price, option.price),
  );
  return matches.length ? matches.reduce((a, b) => (b.price < a.price ? b : a)) : null;
}
