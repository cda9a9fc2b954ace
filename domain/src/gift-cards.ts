/**
 * Thistle Deals gift cards (issue 18 point 2; spec §9 "a gift card is redeemable for wallet credit
 * within 6 months of purchase", "Wallet credit expires 12 months after redemption"). A gift card
 * is a voucher of the shop's own gift-card deal (seeded by the deals service with this id): its
 * options are the amounts, bought through the normal checkout, its code the voucher's code
 * (89 random bits), and /giftcard/redeem turns it into wallet credit once.
 */
import { londonDateInWords, londonExpiry } from './london-time.ts';

/** The gift-card deal's id: reserved, far above the seeded catalogue's ids. */
export const GIFT_CARD_DEAL_ID = 990_000_001;
/**
 * The gift-card deal's merchant in the catalogue: the shop itself. It is never a business of the
 * merchants service (no till can redeem a gift card, no payout is owed for one).
 */
export const GIFT_CARD_MERCHANT_ID = 990_000_001;
/** The amounts a gift card is sold in (pence): £10 to £500. */
export const GIFT_CARD_AMOUNTS_PENCE = [1000, 2500, 5000, 10000, 20000, 50000] as const;
/** A gift card can be redeemed within 6 months of purchase (to the end of that London day). */
export const GIFT_CARD_REDEEM_MONTHS = 6;
/** The wallet credit a gift card gives expires 12 months after redemption (to the end of that London day). */
export const GIFT_CARD_CREDIT_MONTHS = 12;

/** The last instant a gift card bought at `paidAt` can be redeemed. */
export function giftCardRedeemBy(paidAt: Date): Date {
  return londonExpiry(paidAt, GIFT_CARD_REDEEM_MONTHS);
}

/** When the credit of a gift card redeemed at `redeemedAt` expires. */
export function giftCardCreditExpiry(redeemedAt: Date): Date {
  return londonExpiry(redeemedAt, GIFT_CARD_CREDIT_MONTHS);
}

/** A code as typed: spaces dropped, upper-cased, the groups' hyphens put back when they were left out. */
export function normaliseGiftCardCode(typed: string): string {
  const bare = typed.replace(/[\s-]+/g, '').toUpperCase();
  return bare.length === 18 ? `${bare.slice(0, 6)}-${bare.slice(6, 12)}-${bare.slice(12)}` : bare;
}

/** The words of a gift card past its 6 months: when it expired and what to do. */
export function giftCardExpiredMessage(expiredAt: Date | string): string {
  return `This gift card expired on ${londonDateInWords(expiredAt)}: gift cards can be redeemed for wallet credit within 6 months of purchase. If you think this is wrong, please contact our customer support team with the gift card code.`;
}

/**
 * How a gift card reaches its recipient (the basket line's deliveryOptionType, spec §3): an e-gift
 * by email (the default: no delivery option chosen) or a printed card posted to the order's
 * delivery address, its code printed on it.
 */
export const GIFT_CARD_DELIVERY_OPTIONS = ['e-gift', 'posted'] as const;
export type GiftCardDeliveryOption = (typeof GIFT_CARD_DELIVERY_OPTIONS)[number];
/** Postage of a posted gift card line (pence): £1.50; the line's cards go in one envelope. */
export const GIFT_CARD_POSTAGE_PENCE = 150;
/**
 * A posted gift card goes by Royal Mail as an untracked letter: its dispatch records this in the
 * tracking reference's place, and My Vouchers says "untracked letter" rather than a tracking number.
 */
export const GIFT_CARD_POST_REFERENCE = 'Untracked letter';
/** A posted gift card arrives within this many working days of payment (the shop posts it the next working day). */
export const GIFT_CARD_POST_WORKING_DAYS = 5;

/** A basket or order line of the gift-card deal that is to be posted. */
export const isPostedGiftCard = (dealId: number, deliveryOptionType: string | null | undefined): boolean => dealId === GIFT_CARD_DEAL_ID && deliveryOptionType === 'posted';

/** Why a delivery option cannot be taken for a gift-card line, or null (any other line: null). */
export function giftCardDeliveryOptionProblem(dealId: number, deliveryOptionType: string | null | undefined): string | null {
  if (dealId !== GIFT_CARD_DEAL_ID || deliveryOptionType == null) return null;
  return (GIFT_CARD_DELIVERY_OPTIONS as readonly string[]).includes(deliveryOptionType) ? null : 'Choose how to send the gift card: e-gift (by email) or posted card.';
}

/** A line's postage (pence; null: not posted): a posted gift card's, else the option's own. */
export const linePostagePence = (dealId: number, deliveryOptionType: string | null | undefined, optionPostagePence: number | null | undefined): number | null =>
  isPostedGiftCard(dealId, deliveryOptionType) ? GIFT_CARD_POSTAGE_PENCE : (optionPostagePence ?? null);
