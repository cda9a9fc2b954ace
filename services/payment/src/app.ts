/**
 * The payment service (README.md is the contract): client tokens, Klarna and Clearpay sessions,
 * charges by one-time token or saved instrument, lookups for reconciliation, and the shopper's
 * saved instruments. The shop mounts it under /api/payment; the sandboxes are separate apps
 * (src/sandbox) mounted at /sandbox/<provider>.
 *
 * Card data never reaches this service (SAQ A, reliability P9): the browser tokenises in the
 * sandbox's hosted fields. A body with raw card fields, or a card number anywhere, is a 400.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { createServiceApp, type FieldError, invalid, logFunction, notFoundProblem, problem, problemResponse } from '@shop/platform';
import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { BreakerOptions } from './breaker.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './contract.ts';
import type { PaymentDb } from './db/database.ts';
import { customerIdFor } from './customers.ts';
import { instrumentForCharge } from './instruments.ts';
import { createPayments, InvalidChargeError, type Payments } from './payments.ts';
import type { BraintreeProvider } from './providers/braintree.ts';
import type { ClearpayProvider } from './providers/clearpay.ts';
import type { KlarnaProvider } from './providers/klarna.ts';
import * as routes from './routes.ts';
import { luhnValid } from './sandbox/braintree/values.ts';
import { receiveBraintreeWebhook, type BraintreeWebhookConfig, type ReceivedSettlement } from './webhooks.ts';

export const PAYMENT_BASE_PATH = '/api/payment';

export interface PaymentAppOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes its one schema-agnostic handle
  db: PaymentDb | Kysely<any>;
  serviceToken: string;
  basePath?: string;
  /** The provider adapters (braintreeProvider, klarnaProvider, clearpayProvider). Ignored when `payments` is given. */
  providers?: PaymentProvider[];
  /** Share one createPayments (one breaker per provider) with the checkout's module calls. */
  payments?: Payments;
  timeoutMs?: number;
  breaker?: BreakerOptions;
  now?: () => Date;
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** Provider webhooks (P6): POST /webhooks/braintree verifies with this secret; 404 without one. */
  webhooks?: { braintree?: BraintreeWebhookConfig };
  /** Told after the commit when a notification moved a transaction's settlement (the shop finishes a declined one at once). */
  onSettlement?: (settlement: ReceivedSettlement) => void;
}

export type PaymentApp = OpenAPIHono & { payments: Payments };

/** Field names that are card data, wherever they sit in a body. */
const CARD_FIELDS = new Set(['number', 'cardnumber', 'card_number', 'pan', 'cvv', 'cvv2', 'cvc', 'securitycode', 'security_code', 'expirationdate', 'expiration_date', 'expirationmonth', 'expirationyear', 'expirydate', 'expiry_date', 'expiry']);
const CARD_MESSAGE = 'Card details are never sent to us: enter them in the card form.';

/**
 * Paths of raw card fields, and of strings holding a card number (13–19 digits passing Luhn).
 * A digit run glued to letters or underscores is part of an identifier (a provider token such as
 * `kat_` + 32 hex digits holds Luhn-valid runs about once in 300), not a card number.
 */
export function cardDataIn(value: unknown, path: string[] = []): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => cardDataIn(item, [...path, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => (CARD_FIELDS.has(key.toLowerCase()) ? [[...path, key].join('.')] : cardDataIn(item, [...path, key])));
  }
  if (typeof value === 'string') {
    const digits = value.match(/(?<![A-Za-z0-9_])\d[\d -]{11,30}\d(?![A-Za-z0-9_])/g) ?? [];
    if (digits.some((run) => luhnValid(run.replace(/[ -]/g, '')))) return [path.join('.') || 'body'];
  }
  return [];
}

const refuseCardData: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'POST' || c.req.method === 'PATCH' || c.req.method === 'PUT') {
    const parsed = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    const fields = cardDataIn(parsed);
    if (fields.length) return invalid(c, fields.map((field): FieldError => ({ field, message: CARD_MESSAGE })));
  }
  return next();
};

export function createPaymentApp(options: PaymentAppOptions): PaymentApp {
  const log = options.log ?? logFunction();
  const payments =
    options.payments ??
    createPayments({ db: options.db, providers: options.providers ?? [], timeoutMs: options.timeoutMs, breaker: options.breaker, now: options.now, log });
  const app = createServiceApp({
    title: 'Payment service',
    version: '1.0.0',
    description:
      'Payments behind one provider interface (spec §3 Payment, §7 payment service, §8 words): Braintree (card, PayPal, PayPal Credit, Google Pay, Apple Pay), Klarna and Clearpay. ' +
      'The browser tokenises with the provider (the sandboxes at /sandbox/<provider>), never with this API. Every charge carries an Idempotency-Key; a timeout is an unknown outcome, never a decline.',
    serviceToken: options.serviceToken,
    basePath: options.basePath ?? PAYMENT_BASE_PATH,
    tags: [
      { name: 'Charges', description: 'Charge a token or saved instrument; ask the provider what happened.' },
      { name: 'Braintree', description: 'Client tokens for the hosted card fields and wallet approval pages.' },
      { name: 'Klarna', description: 'Klarna sessions and orders.' },
      { name: 'Clearpay', description: 'Clearpay checkouts and captures.' },
      { name: 'Saved instruments', description: 'The shopper\'s saved instruments (spec §3 savedCard, default flag), owner only.' },
      { name: 'Webhooks', description: 'Signed provider notifications (settlement): authenticated by their signature, not the service token.' },
    ],
    log,
    publicRoutes: (a) => registerWebhooks(a),
  });
  app.use('*', refuseCardData);

  function registerWebhooks(a: OpenAPIHono): void {
    a.openapi(routes.braintreeWebhook, async (c) => {
      const config = options.webhooks?.braintree;
      if (!config) return problemResponse(c, notFoundProblem());
      const answer = await receiveBraintreeWebhook(options.db as PaymentDb, c.req.valid('json'), config, (options.now ?? (() => new Date()))(), log);
      if (answer.status === 401) return problemResponse(c, problem(401, 'UNAUTHORISED', answer.reason === 'signature' ? 'The signature does not match.' : 'The notification is too old or from the future.'));
      if (answer.status === 400) return invalid(c, [{ field: answer.field, message: answer.message }]);
      if (answer.applied && options.onSettlement) {
        try {
          options.onSettlement(answer.applied);
        } catch (error) {
          log('[payment] onSettlement failed', { error: error instanceof Error ? error.message : String(error) });
        }
      }
      return c.json(answer.body, 200);
    });
  }

  const unreachable = (c: Context) => problemResponse(c, problem(503, 'PAYMENT_FAILED', BUYING_MESSAGES.providerUnreachable));

  /** A charge's answer: 201 charged, 202 outcome unknown, 402 declined, 422 the key reused. */
  async function answerCharge(c: Context, req: ChargeRequest) {
    let result: ChargeResult;
    try {
      result = await payments.charge(req);
    } catch (error) {
      if (error instanceof InvalidChargeError && /reused/.test(error.message)) {
        return problemResponse(c, problem(422, 'VALIDATION_FAILED', 'This Idempotency-Key was used for another charge.', [{ field: 'idempotency-key', message: 'Use a new key for a new charge.' }]));
      }
      throw error;
    }
    if (result.status === 'succeeded') return c.json({ data: result }, 201);
    if (result.status === 'unknown') return c.json({ data: result, code: 'PAYMENT_PENDING' as const, message: BUYING_MESSAGES.paymentPending }, 202);
    return problemResponse(
      c,
      problem(402, result.code, { detail: result.message, title: 'Payment not taken', extra: { retryable: result.retryable, processorCode: result.processorCode, provider: result.provider } }),
    );
  }

  /** A Klarna or Clearpay charge: the token of the shopper's approval, never a saved instrument. */
  const answerApprovedCharge = (c: Context, idempotencyKey: string, method: 'klarna' | 'clearpay', token: string, body: Pick<ChargeRequest, 'orderRef' | 'amount' | 'currency' | 'customerToken' | 'email'>) =>
    answerCharge(c, { idempotencyKey, orderRef: body.orderRef, method, amount: body.amount, currency: body.currency, token, savedInstrumentId: null, saveInstrument: false, customerToken: body.customerToken, email: body.email });

  app.openapi(routes.token, async (c) => {
    const clientToken = await payments.call('braintree', (p, o) => (p as BraintreeProvider).clientToken(o));
    if (!clientToken) return unreachable(c);
    return c.json({ data: { clientToken } }, 200);
  });

  app.openapi(routes.pay, async (c) => {
    const body = c.req.valid('json');
    return answerCharge(c, { ...body, idempotencyKey: c.req.valid('header')['idempotency-key'] });
  });

  app.openapi(routes.charges, async (c) => {
    const result = await payments.lookup(c.req.valid('query').method, c.req.valid('param').orderRef);
    return c.json({ data: result }, 200);
  });

  app.openapi(routes.klarnaSession, async (c) => {
    const body = c.req.valid('json');
    const session = await payments.call('klarna', (p, o) => (p as KlarnaProvider).createSession(body, o));
    if (!session) return unreachable(c);
    return c.json({ data: session }, 201);
  });

  app.openapi(routes.klarnaPay, async (c) => {
    const body = c.req.valid('json');
    return answerApprovedCharge(c, c.req.valid('header')['idempotency-key'], 'klarna', body.authorizationToken, body);
  });

  app.openapi(routes.clearpayCheckout, async (c) => {
    const body = c.req.valid('json');
    const checkout = await payments.call('clearpay', async (p, o) => (p as ClearpayProvider).createCheckout(body, o));
    if (checkout === 'amount') return problemResponse(c, problem(400, 'PAYMENT_METHOD_UNAVAILABLE', BUYING_MESSAGES.methodUnavailable, [{ field: 'amount', message: 'Clearpay is available for totals from £1 to £1000.' }]));
    if (!checkout) return unreachable(c);
    return c.json({ data: checkout }, 201);
  });

  app.openapi(routes.clearpayPay, async (c) => {
    const body = c.req.valid('json');
    return answerApprovedCharge(c, c.req.valid('header')['idempotency-key'], 'clearpay', body.token, body);
  });

  app.openapi(routes.ghostToken, async (c) => {
    const clientToken = await payments.call('braintree', (p, o) => (p as BraintreeProvider).clientToken(o));
    if (!clientToken) return unreachable(c);
    return c.json({ data: { clientToken, guest: true as const } }, 200);
  });

  app.openapi(routes.customer, async (c) => {
    const { customerToken } = c.req.valid('json');
    const customerId = await customerIdFor(options.db as PaymentDb, customerToken, (options.now ?? (() => new Date()))());
    const ensured = await payments.call('braintree', (p, o) => (p as BraintreeProvider).ensureCustomer(customerId, o));
    if (!ensured) return unreachable(c);
    return c.json({ data: { provider: 'braintree' as const, customerId, created: ensured.created } }, ensured.created ? 201 : 200);
  });

  app.openapi(routes.nonce, async (c) => {
    const { customerToken, instrumentId } = c.req.valid('json');
    // Owner only: anyone else's instrument is the same 404 as an unknown one (Z1).
    const saved = await instrumentForCharge(options.db as PaymentDb, customerToken, instrumentId);
    if (!saved || saved.gateway !== 'braintree') return problemResponse(c, notFoundProblem());
    const created = await payments.call('braintree', (p, o) => (p as BraintreeProvider).vaultNonce(saved.vaultToken, o));
    if (created === 'not_found') return problemResponse(c, notFoundProblem());
    if (!created) return unreachable(c);
    return c.json({ data: created }, 201);
  });

  // Keys of add-on charges being worked on in this process: a second request with one is a 409.
  const addonsInFlight = new Set<string>();
  app.openapi(routes.addonPay, async (c) => {
    const body = c.req.valid('json');
    const idempotencyKey = c.req.valid('header')['idempotency-key'];
    if (addonsInFlight.has(idempotencyKey)) {
      return problemResponse(c, problem(409, 'IDEMPOTENCY_IN_FLIGHT', 'A request with this Idempotency-Key is still being worked on.', [{ field: 'idempotency-key', message: 'Ask again shortly with the same key.' }]));
    }
    addonsInFlight.add(idempotencyKey);
    try {
      return await answerCharge(c, {
        idempotencyKey,
        orderRef: body.orderRef,
        method: body.method,
        amount: body.amount,
        currency: body.currency,
        token: body.token,
        savedInstrumentId: body.savedInstrumentId,
        saveInstrument: body.saveInstrument,
        customerToken: body.customerToken,
        email: body.email,
        addon: { type: body.addonType, parentOrderRef: body.parentOrderRef },
      });
    } finally {
      addonsInFlight.delete(idempotencyKey);
    }
  });

  app.openapi(routes.listInstruments, async (c) => {
    const paymentInstruments = await payments.instruments(c.req.valid('query').customerToken);
    return c.json({ data: { paymentInstruments } }, 200);
  });

  app.openapi(routes.patchInstrument, async (c) => {
    const updated = await payments.setDefaultInstrument(c.req.valid('json').customerToken, c.req.valid('param').id);
    if (!updated) return problemResponse(c, notFoundProblem());
    return c.json({ data: updated }, 200);
  });

  app.openapi(routes.deleteInstrument, async (c) => {
    const removed = await payments.deleteInstrument(c.req.valid('query').customerToken, c.req.valid('param').id);
    if (!removed) return problemResponse(c, notFoundProblem());
    return c.body(null, 204);
  });

  return Object.assign(app, { payments });
}
