/**
 * Express buy (spec §7 POST express-buy-token). Eligible: one option of a live deal bought on
 * its own with nothing to decide at checkout: not disabled, closed, sold out or VIP-only; no
 * postage (nothing to deliver, so no address), no deposit choice, not price-per-person (it needs
 * a quantity of 2 or more), not a high-fraud-risk deal (it needs the full card checks). The token
 * is random, kept as SHA-256, and lasts 30 minutes; expired tokens are deleted by the prune job
 * (`pruneExpressBuyTokens`). Tokens made are limited per email and per client address
 * (EXPRESS_BUY_LIMITS, counted in the database), checked after eligibility so an ineligible deal
 * costs nothing.
 */
import { londonDate } from '@shop/domain/london-time';
import { inOrders } from '../db/database.ts';
import { guestKeyOf } from './customer-key.ts';
import { stockView, type CheckoutDeps } from './deps.ts';
import { newToken, sha256 } from './tokens.ts';
import { claimAttempt, EXPRESS_BUY_LIMITS } from './attempts.ts';

export const EXPRESS_BUY_TOKEN_TTL_MS = 30 * 60 * 1000;

/** `reason: 'tooMany'` (with retryAfterSeconds): the email or address made too many tokens lately. */
export type ExpressBuyResult = { ok: true; token: string; expiresAt: Date } | { ok: false; reason: string; retryAfterSeconds?: number };

export async function expressBuyToken(deps: CheckoutDeps, input: { email: string; dealId: number; productId: number; clientAddress?: string | null }): Promise<ExpressBuyResult> {
  const now = deps.now();
  const s = (await stockView(deps.db, { productIds: [input.productId], customerKey: guestKeyOf(input.email), day: londonDate(now), now })).get(input.productId);
  let reason: string | null = null;
  if (!s || s.dealId !== input.dealId || s.disabled) reason = 'unknown';
  else if (s.closed) reason = 'closed';
  else if (s.remaining !== null && s.remaining <= 0) reason = 'soldOut';
  else if (s.vipExclusive) reason = 'vipOnly';
  else if (s.postagePence !== null) reason = 'delivery';
  else if (s.depositPricePence !== null) reason = 'deposit';
  else if (s.pricePerPerson) reason = 'pricePerPerson';
  else if (s.highFraudRisk) reason = 'highFraudRisk';
  if (reason) return { ok: false, reason };
  const keys = [{ key: `e:${input.email}`, limit: EXPRESS_BUY_LIMITS.email }, ...(input.clientAddress ? [{ key: `a:${input.clientAddress}`, limit: EXPRESS_BUY_LIMITS.address }] : [])];
  const verdict = await claimAttempt(deps.db, { bucket: 'express-buy', keys, now });
  if (!verdict.ok) return { ok: false, reason: 'tooMany', retryAfterSeconds: verdict.retryAfterSeconds };
  const token = newToken();
  const expiresAt = new Date(now.getTime() + EXPRESS_BUY_TOKEN_TTL_MS);
  await inOrders(deps.db)
    .insertInto('express_buy_token')
    .values({ token_hash: sha256(token), email: input.email, deal_id: input.dealId, product_id: input.productId, created_at: now, expires_at: expiresAt })
    .execute();
  return { ok: true, token, expiresAt };
}

/** Deletes the tokens that expired before `now` (one statement: safe with several processes running). */
export async function pruneExpressBuyTokens(db: CheckoutDeps['db'], now: Date): Promise<number> {
  const result = await inOrders(db).deleteFrom('express_buy_token').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0n);
}
