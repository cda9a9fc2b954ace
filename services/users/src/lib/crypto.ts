/**
 * Random tokens and their digests. Session and link tokens are 32 random bytes (256 bits) in
 * base64url; the database keeps only their SHA-256 (a stolen table yields no usable token).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** Spec §9: at least 10 characters; 128 random bits as 32 hex digits. */
export const newCustomerToken = (): string => randomBytes(16).toString('hex');

export function hmacBase64url(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value, 'utf8').digest('base64url');
}

/** Constant-time comparison of two base64url MACs. */
export function macEquals(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
