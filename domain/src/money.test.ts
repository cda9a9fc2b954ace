import { describe, expect, it } from 'vitest';
import { decimalAmount, discountPercentage, formatMoney, money } from './money.ts';

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

describe('decimalAmount (machine-read prices: two decimals from the integer pence, no float)', () => {
  it.each([
    [1999, '19.99'],
    [2000, '20.00'],
    [5, '0.05'],
    [50, '0.50'],
    [0, '0.00'],
    [123450, '1234.50'],
    [-320, '-3.20'],
    [-5, '-0.05'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%i → %s', (amount, expected) => {
    expect(decimalAmount(amount)).toBe(expected);
  });

  it('refuses fractional pence', () => {
    expect(() => decimalAmount(19.5)).toThrow(RangeError);
    expect(() => decimalAmount(Number.NaN)).toThrow(RangeError);
  });
});
