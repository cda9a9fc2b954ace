/**
 * Express buy (spec §7 POST express-buy-token). Eligible: one option of a live deal bought on
 * its own with nothing to decide at checkout: not disabled, closed, sold out or VIP-only; no
 * postage (nothing to deliver, so no address), no deposit choice, not price-per-person (it needs
 * a quantity of 2 or more), not a high-fraud-risk deal (it needs the full card checks). The token
 * is random, kept as SHA-256, and lasts 30 minutes; expired tokens are deleted by the prune job
 * (`pruneExpressBuyTokens`). Tokens made are limited per email and per client address
 * (EXPRESS_BUY_LIMITS, counted in the database), checked after eligibility so an ineligible deal
 * costs nothing.
 *
 * The express order (`placeExpressOrder`, issue 14 G): a signed-in shopper pays for the token's
 * option with a saved instrument, without their basket. The token is bound to a one-line basket of
 * its own on the first attempt, and that basket is placed like any other (placeOrder: the same
 * idempotency, hold, caps, charge and paying transaction), so nothing about paying is done twice.
 */
import { londonDate } from '@shop/domain/london-time';
import * as store from './promo.store.ts';
import { guestKeyOf } from '../lib/customer-key.ts';
import { insertExpressBasket, newBasketToken, stockView, type CheckoutDeps } from '../lib/deps.ts';
import { newToken, sha256 } from '../lib/tokens.ts';
import { claimAttempt, EXPRESS_BUY_LIMITS } from './attempts.ts';
import { orderEmail, placeOrder, type Answer, type PaymentChoice } from '../orders/place-order.ts';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';
import { BUYING_MESSAGES } from '@shop/domain/buying';

export const EXPRESS_BUY_TOKEN_TTL_MS = 30 * 60 * 1000;

/** `reason: 'tooMany'` (with retryAfterSeconds): the email or address made too many tokens lately. */
export type ExpressBuyResult = { ok: true; token: string; expiresAt: Date; price: number } | { ok: false; reason: string; retryAfterSeconds?: number };

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
  await store.insertExpressBuyToken(deps.db, { tokenHash: sha256(token), email: input.email, dealId: input.dealId, productId: input.productId, now, expiresAt });
  return { ok: true, token, expiresAt, price: s!.pricePence };
}

export interface ExpressOrderInput {
  token: string;
  customerToken: string | null;
  vipUser: boolean;
  idempotencyKey: string;
  clientAddress?: string | null;
  body: { email?: string | null; expectedCashAmount: number; payment: Pick<PaymentChoice, 'method' | 'savedInstrumentId'> };
}

/** The token no longer buys anything (unknown, another shopper's, or expired before its first attempt). */
const expressRefusal = () => new Refusal(409, 'EXPRESS_BUY_INELIGIBLE', BUYING_MESSAGES.expressBuyIneligible, [{ field: 'expressBuyToken', message: BUYING_MESSAGES.expressBuyHint }], { hint: BUYING_MESSAGES.expressBuyHint });

export async function placeExpressOrder(deps: CheckoutDeps, input: ExpressOrderInput): Promise<Answer> {
  let basketToken: string;
  try {
    // Saved instruments belong to accounts: Express Buy is for signed-in shoppers.
    if (!input.customerToken) throw fieldRefusal('customerToken', 'Sign in to use Express Buy.');
    if (!input.body.payment.savedInstrumentId) throw fieldRefusal('payment.savedInstrumentId', BUYING_MESSAGES.required);
    const email = orderEmail(input.body.email);
    const now = deps.now();
    const hash = sha256(input.token);
    const row = await store.findExpressBuyToken(deps.db, hash);
    if (!row || row.email !== email) throw expressRefusal();
    if (row.basket_token) basketToken = row.basket_token;
    else {
      if (new Date(row.expires_at) <= now) throw expressRefusal();
      const fresh = newBasketToken();
      basketToken = await deps.db.transaction().execute(async (trx) => {
        const binding = await store.bindExpressBuyToken(trx, hash, fresh);
        // Another attempt bound it first: that basket.
        if (!binding.bound) return binding.basketToken;
        await insertExpressBasket(trx, { token: fresh, dealId: row.deal_id, productId: row.product_id, purchaseUrl: null, now });
        return fresh;
      });
    }
  } catch (err) {
    if (err instanceof Refusal) return { status: err.status, body: JSON.stringify(err.body) };
    throw err;
  }
  return placeOrder(deps, {
    basketToken,
    customerToken: input.customerToken,
    vipUser: input.vipUser,
    idempotencyKey: input.idempotencyKey,
    clientAddress: input.clientAddress ?? null,
    body: {
      email: input.body.email ?? null,
      expectedCashAmount: input.body.expectedCashAmount,
      payment: { method: input.body.payment.method, token: null, savedInstrumentId: input.body.payment.savedInstrumentId, saveInstrument: false },
    },
  });
}

/** Deletes the tokens that expired before `now` (one statement: safe with several processes running). */
export async function pruneExpressBuyTokens(db: CheckoutDeps['db'], now: Date): Promise<number> {
  return store.deleteExpressBuyTokensBefore(db, now);
}
