import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { itemMarketingLimit, marketingCreditLimit, walletSplit, walletUsable } from './wallet-rules.ts';

describe('spec §9: promotional credit limited to 10 % (up to £5) per item', () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 1],
    [999, 99],
    [1999, 199],
    [4999, 499],
    [5000, 500],
    [5009, 500],
    [100_000, 500],
  ])('an item at %ip may take %ip of promotional credit', (price, limit) => {
    expect(itemMarketingLimit(price)).toBe(limit);
  });

  it.each([
    [[], 0],
    [[1999], 199],
    [[1999, 1999, 1999], 597],
    [[10_000, 2500], 750],
    [[10_000, 10_000], 1000],
  ])('items %j may take %ip in all', (prices, limit) => {
    expect(marketingCreditLimit(prices)).toBe(limit);
  });

  it.each([-1, 1.5, Number.NaN, Infinity, 2 ** 53, '100' as unknown as number])('refuses the price %s', (price) => {
    expect(() => marketingCreditLimit([price])).toThrow(RangeError);
  });
});

describe('walletUsable', () => {
  const w = (marketingBalance: number, refundableBalance: number) => ({ balance: marketingBalance + refundableBalance, marketingBalance, refundableBalance });
  it.each([
    ['no credit', w(0, 0), [2000], 2000, 0],
    ['refundable pays in full', w(0, 5000), [2000], 2000, 2000],
    ['refundable pays part', w(0, 700), [2000], 2000, 700],
    ['marketing limited to 10 %', w(1000, 0), [2000], 2000, 200],
    ['marketing limited to £5 per item', w(2000, 0), [8000], 8000, 500],
    ['marketing per item, two items', w(2000, 0), [8000, 8000], 16_000, 1000],
    ['marketing balance below the limit', w(50, 0), [8000], 8000, 50],
    ['both buckets', w(1000, 300), [2000], 2000, 500],
    ['never more than the order total', w(1000, 5000), [2000], 1500, 1500],
    ['a free order', w(1000, 5000), [2000], 0, 0],
  ] as const)('%s', (_what, wallet, prices, total, usable) => {
    expect(walletUsable(wallet, [...prices], total)).toBe(usable);
  });

  it('is an integer from 0 to the order total, whatever the figures (no float drift)', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.nat(10_000_000),
        fc.array(fc.nat(1_000_000), { maxLength: 30 }),
        fc.nat(50_000_000),
        (marketing, refundable, prices, total) => {
          const usable = walletUsable(w(marketing, refundable), prices, total);
          return Number.isInteger(usable) && usable >= 0 && usable <= total && usable <= marketing + refundable;
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses fractional or negative pence', () => {
    expect(() => walletUsable(w(0, 0), [100], 0.5)).toThrow(RangeError);
    expect(() => walletUsable({ balance: 1, marketingBalance: -1, refundableBalance: 2 }, [100], 100)).toThrow(RangeError);
  });
});

describe('walletSplit: promotional first up to its limit, then refundable', () => {
  it.each([
    [{ marketingBalance: 1000, refundableBalance: 1000 }, 200, 500, { marketing: 200, refundable: 300 }],
    [{ marketingBalance: 100, refundableBalance: 1000 }, 200, 500, { marketing: 100, refundable: 400 }],
    [{ marketingBalance: 1000, refundableBalance: 0 }, 200, 200, { marketing: 200, refundable: 0 }],
    [{ marketingBalance: 1000, refundableBalance: 0 }, 200, 201, null],
    [{ marketingBalance: 0, refundableBalance: 0 }, 0, 0, { marketing: 0, refundable: 0 }],
  ])('%j, limit %i, amount %i → %j', (wallet, max, amount, split) => {
    expect(walletSplit(wallet, max, amount)).toEqual(split);
  });
});
