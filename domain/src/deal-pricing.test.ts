import { describe, expect, it } from 'vitest';
import { discountPercentage } from './money.ts';
import { headlinePriceProducts, showsFromPrice, summariseDealPrice } from './deal-pricing.ts';

const p = (price: number, originalPrice: number, vipExclusive = false, disabled = false) => ({ price, originalPrice, vipExclusive, disabled });

describe('summariseDealPrice', () => {
  it('takes the cheapest visible product, with that product’s own discount', () => {
    const s = summariseDealPrice([p(3000, 6000), p(2000, 3000), p(5000, 20000)]);
    // £20 was £30 is 33% off; the 75% of the £50 product is not this price's saving.
    expect(s).toMatchObject({ price: 2000, originalPrice: 3000, discountPercentage: 33, display: 'multi', vipExclusive: false, vipPrice: null });
  });

  it('never shows a saving larger than the displayed price pair (CMA): "£470 was £618" is 23%, not 49%', () => {
    const s = summariseDealPrice([p(47000, 61800), p(52000, 102000)]);
    expect(s).toMatchObject({ price: 47000, originalPrice: 61800, discountPercentage: 23 });
  });

  it('the discount always matches the price and original price it is shown with', () => {
    const decks = [
      [p(1999, 2999)],
      [p(4500, 9000), p(4000, 5000), p(9900, 30000)],
      [p(1000, 1000), p(2000, 8000)],
      [p(1500, 3000, false, true), p(2500, 2600), p(900, 5000, true)],
      [p(900, 1800, true), p(1000, 4000, true)],
    ];
    for (const products of decks) {
      const s = summariseDealPrice(products);
      expect(s.discountPercentage).toBe(discountPercentage(s.price, s.originalPrice));
    }
  });

  it('on a price tie shows the more modest saving', () => {
    expect(summariseDealPrice([p(2000, 5000), p(2000, 2500)])).toMatchObject({ price: 2000, originalPrice: 2500, discountPercentage: 20 });
  });

  it('ignores disabled products and reports VIP-exclusive ones', () => {
    const s = summariseDealPrice([p(1000, 2000, false, true), p(2500, 5000), p(2200, 5000, true)]);
    expect(s).toMatchObject({ price: 2500, originalPrice: 5000, discountPercentage: 50, vipPrice: 2200, vipExclusive: true, display: 'single' });
  });

  it('uses the VIP products when there is nothing public', () => {
    expect(summariseDealPrice([p(900, 1800, true)])).toMatchObject({ price: 900, display: 'single', vipExclusive: true });
    expect(summariseDealPrice([p(900, 1800, true), p(1200, 1800, true)])).toMatchObject({ price: 900, discountPercentage: 50, display: 'multi' });
  });

  it('refuses a deal with no enabled product', () => {
    expect(() => summariseDealPrice([p(900, 1800, false, true)])).toThrow(RangeError);
  });
});

describe("'from' follows the products the price is taken from", () => {
  it('counts neither VIP-exclusive nor disabled products beside public ones', () => {
    const products = [p(2199, 3000), p(1979, 3000, true), p(1500, 3000, false, true)];
    expect(headlinePriceProducts(products)).toEqual([products[0]]);
    expect(showsFromPrice(products)).toBe(false);
    expect(summariseDealPrice(products)).toMatchObject({ price: 2199, display: 'single' });
  });

  it('several priced products show as from', () => {
    expect(showsFromPrice([p(2199, 3000), p(2999, 4000)])).toBe(true);
    expect(showsFromPrice([p(900, 1800, true), p(1200, 1800, true)])).toBe(true);
    expect(showsFromPrice([p(900, 1800)])).toBe(false);
  });
});
