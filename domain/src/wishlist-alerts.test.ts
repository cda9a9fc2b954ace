import { describe, expect, it } from 'vitest';
import { PRICE_DROP_ALERT_MIN_PERCENT, WISHLIST_ALERT_KINDS, WISHLIST_ALERT_LABELS, isAlertablePriceDrop, isWishlistAlertKind, nextWatchedPrice, priceDropPercent } from './wishlist-alerts.ts';

describe('wish list price drops: at least 5% of the watched headline price', () => {
  it('is 5%', () => {
    expect(PRICE_DROP_ALERT_MIN_PERCENT).toBe(5);
  });

  it.each<[string, number, number, boolean]>([
    ['exactly 5% (£20.00 → £19.00)', 2000, 1900, true],
    ['a penny short of 5% (£20.00 → £19.01)', 2000, 1901, false],
    ['4.99% (£100.00 → £95.01)', 10_000, 9501, false],
    ['half price', 5000, 2500, true],
    ['to free', 1999, 0, true],
    ['no change', 1999, 1999, false],
    ['a rise', 1999, 2999, false],
    ['5% of an odd price rounds against the email (£0.99 → £0.94 is 5.05%)', 99, 94, true],
    ['£0.99 → £0.95 is 4.04%', 99, 95, false],
    ['a free deal never drops', 0, 0, false],
    ['nonsense in: no email', Number.NaN, 100, false],
    ['a negative price: no email', 1000, -1, false],
    ['large prices stay exact', 99_999_999, 94_999_999, true],
  ])('%s', (_label, watched, now, alert) => {
    expect(isAlertablePriceDrop(watched, now)).toBe(alert);
  });

  it('says the fall in whole percent, rounded down', () => {
    expect(priceDropPercent(2000, 1900)).toBe(5);
    expect(priceDropPercent(3000, 1999)).toBe(33);
    expect(priceDropPercent(2000, 2100)).toBe(0);
  });

  it('compares the next price with a rise, an alerted drop, or the old reference after a small fall (small falls add up)', () => {
    expect(nextWatchedPrice(2000, 2500)).toBe(2500);
    expect(nextWatchedPrice(2000, 1800)).toBe(1800);
    expect(nextWatchedPrice(2000, 1960)).toBe(2000);
    // 2% then 2% then 2%: the third is 6% below the reference, so it is the one email.
    let watched = 2000;
    const seen = [1960, 1920, 1880].map((p) => {
      const alert = isAlertablePriceDrop(watched, p);
      watched = nextWatchedPrice(watched, p);
      return alert;
    });
    expect(seen).toEqual([false, false, true]);
  });
});

describe('wish list alert kinds', () => {
  it('are price drops and back on sale, each with words to turn it off', () => {
    expect(WISHLIST_ALERT_KINDS).toEqual(['price_drop', 'back_in_stock']);
    for (const kind of WISHLIST_ALERT_KINDS) expect(WISHLIST_ALERT_LABELS[kind].label.length).toBeGreaterThan(0);
    expect(WISHLIST_ALERT_LABELS.price_drop.hint).toContain('5%');
    expect(isWishlistAlertKind('price_drop')).toBe(true);
    expect(isWishlistAlertKind('marketing')).toBe(false);
  });
});
