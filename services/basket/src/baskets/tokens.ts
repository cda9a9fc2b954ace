/** Basket tokens: what this service issues and what it accepts as one. */
import { randomBytes } from 'node:crypto';
import { isBasketToken } from '@shop/domain/gifting';

/** 32 random bytes, base64url: 43 characters (spec §5 wants more than 10). */
export function newBasketToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens this service can have issued: longer than 10, at most 128, base64url characters. */
export function isWellFormedToken(token: unknown): token is string {
  return isBasketToken(token) && token.length <= 128 && /^[A-Za-z0-9_-]+$/.test(token);
}
