/**
 * Voucher codes (reliability M9): random, 18 symbols of a 31-letter alphabet without the
 * look-alikes 0/O, 1/I/L (89 bits, above the 80-bit floor), drawn with rejection sampling so every
 * symbol is equally likely, shown in three groups of six. The unique index voucher_code_key is
 * the backstop against a collision.
 */
import { randomBytes } from 'node:crypto';

export const VOUCHER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VOUCHER_CODE_SYMBOLS = 18;
/** log2(31) × 18 ≈ 89.2 bits. */
export const VOUCHER_CODE_BITS = Math.floor(Math.log2(VOUCHER_ALPHABET.length) * VOUCHER_CODE_SYMBOLS);

export function generateVoucherCode(): string {
  const out: string[] = [];
  // 248 = 8 × 31: bytes at or above it are thrown away, so no symbol is favoured.
  const limit = Math.floor(256 / VOUCHER_ALPHABET.length) * VOUCHER_ALPHABET.length;
  while (out.length < VOUCHER_CODE_SYMBOLS) {
    for (const byte of randomBytes(32)) {
      if (byte >= limit) continue;
      out.push(VOUCHER_ALPHABET[byte % VOUCHER_ALPHABET.length]!);
      if (out.length === VOUCHER_CODE_SYMBOLS) break;
    }
  }
  const s = out.join('');
  return `${s.slice(0, 6)}-${s.slice(6, 12)}-${s.slice(12)}`;
}

export const VOUCHER_CODE_PATTERN = new RegExp(`^[${VOUCHER_ALPHABET}]{6}-[${VOUCHER_ALPHABET}]{6}-[${VOUCHER_ALPHABET}]{6}$`);
