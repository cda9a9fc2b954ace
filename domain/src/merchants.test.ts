import { describe, expect, it } from 'vitest';
import { merchantDashboardUrl, MERCHANT_TYPES, normaliseUkPhone } from './merchants.ts';
import { pageTypeOf } from './paths.ts';

describe('normaliseUkPhone', () => {
  it.each([
    ['0141 496 0123', '+441414960123'],
    ['01414960123', '+441414960123'],
    ['+44 141 496 0123', '+441414960123'],
    ['+44 (0)141 496 0123', '+441414960123'],
    ['0044 1224 496000', '+441224496000'],
    ['(0131) 496-0000', '+441314960000'],
    ['07700 900123', '+447700900123'],
    ['0800 123 456', '+44800123456'],
    [' 0131.496.0000 ', '+441314960000'],
    ['+1 212 555 0100', null],
    ['12345', null],
    ['00000 000000', null],
    ['0141 496 01234567', null],
    ['0141-496-O123', null],
    ['', null],
    ['0'.repeat(40), null],
  ])('%j → %j', (input, expected) => {
    expect(normaliseUkPhone(input)).toBe(expected);
  });
});

describe('merchantDashboardUrl (spec §7)', () => {
  it('is the dashboard page, /insights, with the type', () => {
    for (const type of MERCHANT_TYPES) {
      const url = merchantDashboardUrl(type);
      expect(url).toBe(`/insights?type=${type}`);
      expect(pageTypeOf(url.split('?')[0]!)).toBe('dashboard');
    }
  });
});
