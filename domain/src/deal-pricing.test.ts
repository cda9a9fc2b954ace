import { describe, expect, it } from 'vitest';
import { summariseDealPrice } from './deal-pricing.ts';

const p = (price: number, originalPrice: number, vipExclusive = false, disabled = false) => ({ price, originalPrice, vipExclusive, disabled });

describe('summariseDealPrice', () => {
  it('takes the cheapest visible product and the largest discount', () => {
    const s = summariseDealPrice([p(3000, 6000), p(2000, 3000), p(5000, 20000)]);
    expect(s).toMatchObject({ price: 2000, originalPrice: 3000, discountPercentage: 75, display: 'multi', vipExclusive: false, vipPrice: null });
  });
  it('ignores disabled products and reports VIP-exclusive ones', () => {
    const s = summariseDealPrice([p(1000, 2000, false, true), p(2500, 5000), p(2200, 5000, true)]);
    expect(s).toMatchObject({ price: 2500, originalPrice: 5000, vipPrice: 2200, vipExclusive: true, display: 'multi' });
  });
  it('uses the VIP products when there is nothing public', () => {
    expect(summariseDealPrice([p(900, 1800, true)])).toMatchObject({ price: 900, display: 'single', vipExclusive: true });
  });
  it('refuses a deal with no enabled product', () => {
    expect(() => summariseDealPrice([p(900, 1800, false, true)])).toThrow(RangeError);
  });
});
