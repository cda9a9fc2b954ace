import { describe, expect, it } from 'vitest';
import { discountPercentage, formatMoney, money } from './money.ts';

describe('formatMoney (spec §1: £, two decimals unless whole; € for eur)', () => {
  it.each([
    [1999, 'GBP', '£19.99'],
    [2000, 'GBP', '£20'],
    [1250, 'GBP', '£12.50'],
    [5, 'GBP', '£0.05'],
    [0, 'GBP', '£0'],
    [123450, 'GBP', '£1,234.50'],
    [-320, 'GBP', '-£3.20'],
    [4999, 'EUR', '€49.99'],
    [5000, 'EUR', '€50'],
  ] as const)('%i %s → %s', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it('refuses fractional pence', () => {
    expect(() => formatMoney(19.5)).toThrow(RangeError);
    expect(() => money(0.1)).toThrow(RangeError);
  });
});

describe('discountPercentage', () => {
  it.each([
    [1000, 2000, 50],
    [1999, 4500, 55],
    [3333, 10000, 66],
    [2000, 2000, 0],
    [2500, 2000, 0],
    [100, 0, 0],
  ])('price %i against %i → %i%%', (price, original, pct) => {
    expect(discountPercentage(price, original)).toBe(pct);
  });
});
