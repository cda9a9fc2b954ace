/**
 * Wish list alerts (issue 19 point 2, beyond the spec): a signed-in shopper with a deal on their
 * wish list gets one email when its headline price falls by at least 5%, and one when a sold-out
 * or closed deal can be bought again. Each kind can be turned off (the account's subscriptions
 * page, or the link in every such email).
 *
 * Pure rules: the wishlist service's job (services/wishlist/src/alerts/) decides with them.
 */

/** A fall of at least this many percent of the watched headline price is a price drop worth an email. */
export const PRICE_DROP_ALERT_MIN_PERCENT = 5;

/** The two kinds, as stored (snake_case: mail kinds and preference rows). */
export const WISHLIST_ALERT_KINDS = ['price_drop', 'back_in_stock'] as const;
export type WishlistAlertKind = (typeof WISHLIST_ALERT_KINDS)[number];

export const isWishlistAlertKind = (value: unknown): value is WishlistAlertKind => (WISHLIST_ALERT_KINDS as readonly unknown[]).includes(value);

/** What each kind is called where a shopper turns it on or off, and in its email's unsubscribe line. */
export const WISHLIST_ALERT_LABELS: Record<WishlistAlertKind, { label: string; hint: string; stopped: string }> = {
  price_drop: {
    label: 'Price drops',
    hint: `When a deal on your wish list gets at least ${PRICE_DROP_ALERT_MIN_PERCENT}% cheaper`,
    stopped: 'We won’t email you when deals on your wish list drop in price.',
  },
  back_in_stock: {
    label: 'Back on sale',
    hint: 'When a sold-out or ended deal on your wish list can be bought again',
    stopped: 'We won’t email you when deals on your wish list are back on sale.',
  },
};

/**
 * Whether the headline price moving from `watchedPence` to `nowPence` is a price drop to tell
 * the shopper about: a fall of at least PRICE_DROP_ALERT_MIN_PERCENT of the watched price
 * (whole pence, no float: now × 100 ≤ watched × 95). A free deal (0) never drops further.
 */
export function isAlertablePriceDrop(watchedPence: number, nowPence: number): boolean {
  if (!Number.isSafeInteger(watchedPence) || !Number.isSafeInteger(nowPence) || watchedPence <= 0 || nowPence < 0) return false;
  return nowPence * 100 <= watchedPence * (100 - PRICE_DROP_ALERT_MIN_PERCENT);
}

/** The fall in whole percent, rounded down (the email says "n% less"). */
export function priceDropPercent(watchedPence: number, nowPence: number): number {
  if (watchedPence <= 0 || nowPence >= watchedPence) return 0;
  return Math.floor(((watchedPence - nowPence) * 100) / watchedPence);
}

/**
 * The price the job compares against next, after seeing `nowPence`: a rise (or no change) is the
 * new reference; an alerted drop is the new reference; a smaller fall keeps the old one, so
 * several small falls that add up to 5% still make one email.
 */
export function nextWatchedPrice(watchedPence: number, nowPence: number): number {
  if (nowPence >= watchedPence) return nowPence;
  return isAlertablePriceDrop(watchedPence, nowPence) ? nowPence : watchedPence;
}
