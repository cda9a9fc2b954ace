import { describe, expect, it } from 'vitest';
import { dealHeadline, deliveryPricesOf, mandatoryPostage, optionHeadline } from './headline-price.ts';
import { linePrice } from './purchase-limits.ts';
import { discountPercentage } from './money.ts';

const opt = (price: number, originalPrice: number, deliveryPrices: number[] = [], vipExclusive = false, disabled = false) => ({
  price,
  originalPrice,
  deliveryPrices,
  vipExclusive,
  disabled,
});

describe('mandatoryPostage', () => {
  it.each([
    { choices: [], expected: 0, why: 'nothing posted' },
    { choices: [299], expected: 299, why: 'the only choice costs £2.99' },
    { choices: [499, 299, 399], expected: 299, why: 'every choice costs: the cheapest is unavoidable' },
    { choices: [499, 0], expected: 0, why: 'a free choice makes postage avoidable' },
    { choices: [0], expected: 0, why: 'free delivery' },
  ])('$why → $expected', ({ choices, expected }) => {
    expect(mandatoryPostage(choices)).toBe(expected);
  });

  it('refuses fractions and negatives, naming the choice', () => {
    expect(() => mandatoryPostage([299, 2.5])).toThrow(/deliveryPrices\[1\]/);
    expect(() => mandatoryPostage([-1])).toThrow(/deliveryPrices\[0\]/);
  });
});

describe('deliveryPricesOf', () => {
  it('one catalogue postage price is one choice; null is not posted', () => {
    expect(deliveryPricesOf(null)).toEqual([]);
    expect(deliveryPricesOf(undefined)).toEqual([]);
    expect(deliveryPricesOf(0)).toEqual([0]);
    expect(deliveryPricesOf(399)).toEqual([399]);
  });
});

describe('optionHeadline', () => {
  it.each([
    // price, original, choices → headline, headline original, included, discount %
    { price: 1999, original: 3999, choices: [], headline: 1999, was: 3999, included: 0, pct: 50, why: 'a voucher: no postage' },
    { price: 1999, original: 3999, choices: [299], headline: 2298, was: 4298, included: 299, pct: 46, why: 'postage inside the price and the was price' },
    { price: 1999, original: 3999, choices: [0], headline: 1999, was: 3999, included: 0, pct: 50, why: 'free delivery' },
    { price: 1999, original: 3999, choices: [499, 0], headline: 1999, was: 3999, included: 0, pct: 50, why: 'a free choice: nothing mandatory' },
    { price: 1999, original: 3999, choices: [499, 399], headline: 2398, was: 4398, included: 399, pct: 45, why: 'cheapest of the paid choices' },
    { price: 0, original: 0, choices: [299], headline: 299, was: 299, included: 299, pct: 0, why: 'a free item with paid postage costs the postage' },
    { price: 1000, original: 1000, choices: [399], headline: 1399, was: 1399, included: 399, pct: 0, why: 'no saving stays no saving' },
  ])('$why', ({ price, original, choices, headline, was, included, pct }) => {
    expect(optionHeadline(opt(price, original, choices))).toEqual({ price: headline, originalPrice: was, includedPostage: included, discountPercentage: pct });
  });

  it('never overstates the saving: the percentage is never above the product-only one and the saving in pence is the same', () => {
    for (const [price, original, post] of [
      [1999, 3999, 299],
      [100, 10000, 499],
      [4700, 6180, 399],
      [1, 2, 1],
    ] as const) {
      const h = optionHeadline(opt(price, original, [post]));
      expect(h.discountPercentage).toBeLessThanOrEqual(discountPercentage(price, original));
      expect(h.originalPrice - h.price).toBe(original - price);
      expect(h.discountPercentage).toBe(discountPercentage(h.price, h.originalPrice));
    }
  });

  it('for one unit equals what checkout charges for the line (postage once per line)', () => {
    for (const [price, post] of [
      [1999, 299],
      [2500, null],
      [0, 399],
      [1234, 0],
    ] as const) {
      const h = optionHeadline(opt(price, price * 2, deliveryPricesOf(post)));
      expect(h.price).toBe(linePrice({ pricePence: price, postagePence: post, quantity: 1 }).totalPence);
    }
  });

  it('refuses bad money, naming the field', () => {
    expect(() => optionHeadline(opt(19.99, 3999))).toThrow(/price/);
    expect(() => optionHeadline(opt(1999, -1))).toThrow(/originalPrice/);
  });
});

describe('dealHeadline', () => {
  it('the cheapest option once postage is in, not the cheapest unit price', () => {
    // £20 + £4.99 postage (£24.99) is dearer than £22 with free delivery.
    expect(dealHeadline([opt(2000, 4000, [499]), opt(2200, 4000, [0])])).toEqual({ price: 2200, originalPrice: 4000, includedPostage: 0, discountPercentage: 45 });
  });

  it('the saving is the chosen option’s own, on its own basis', () => {
    expect(dealHeadline([opt(1999, 3999, [299]), opt(2999, 9999, [299])])).toEqual({ price: 2298, originalPrice: 4298, includedPostage: 299, discountPercentage: 46 });
  });

  it('on a tie the smaller original price (the more modest saving)', () => {
    expect(dealHeadline([opt(2000, 5000, [300]), opt(2300, 4000, [0])])).toMatchObject({ price: 2300, originalPrice: 4000 });
  });

  it('skips disabled options, and VIP-exclusive ones beside public ones (deal-pricing.ts)', () => {
    expect(dealHeadline([opt(500, 1000, [], false, true), opt(900, 1800, [], true), opt(1500, 3000, [299])])).toMatchObject({ price: 1799, includedPostage: 299 });
    expect(dealHeadline([opt(900, 1800, [299], true), opt(1200, 1800, [], true)])).toMatchObject({ price: 1199, includedPostage: 299 });
  });

  it('a deal with no enabled option has no headline', () => {
    expect(() => dealHeadline([opt(500, 1000, [], false, true)])).toThrow(RangeError);
  });
});
