import { describe, expect, it } from 'vitest';
import { generateVoucherCode, VOUCHER_CODE_BITS, VOUCHER_CODE_PATTERN } from './voucher-codes.ts';

describe('voucher codes (reliability M9, OAT-002)', () => {
  it('carry at least 80 bits, use an unambiguous alphabet and do not repeat', () => {
    expect(VOUCHER_CODE_BITS).toBeGreaterThanOrEqual(80);
    const codes = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const code = generateVoucherCode();
      expect(code).toMatch(VOUCHER_CODE_PATTERN);
      expect(code).not.toMatch(/[01ILO]/);
      codes.add(code);
    }
    expect(codes.size).toBe(20_000);
  });
});
