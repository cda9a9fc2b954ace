/**
 * The checkout service (README.md is the contract): the checkout view and its hold, options,
 * gifting config, orders paid through the payment service, vouchers, express buy, promo codes,
 * reconciliation and the VVE add-on. The shop mounts it under /api/checkout.
 */
import type { OpenAPIHono, RouteConfigToTypedResponse } from '@hono/zod-openapi';
import { BUYING_MESSAGES, IDEMPOTENCY_KEY_PATTERN, type PaymentMethod } from '@shop/domain/buying';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { isEmail, normaliseEmail } from '@shop/domain/accounts';
import { money } from '@shop/domain/money';
import { CLIENT_IP_HEADER, createServiceApp, type ErrorStatus, type FieldError, invalid, logFunction, type Mailer, problem, problemResponse, storedResponse } from '@shop/platform';
import type { Context } from 'hono';
import { inOrders, type AnyDb } from './db/database.ts';
import { checkoutView, giftingConfigBody } from './lib/checkout-view.ts';
import pLimit from 'p-limit';
import { createBackground, FAULT_POINTS, HOLD_LIMIT_PER_ADDRESS, MAIL_LEASE_MS, PLACING_CONCURRENCY, type CheckoutDeps, type CheckoutPayments, type FaultPoint, type Logger } from './lib/deps.ts';
import { expressBuyToken, placeExpressOrder } from './lib/express-buy.ts';
import { trimBasketHold } from './lib/hold-trim.ts';
import { orderView } from './lib/orders.ts';
import { findOwnedOrder, placeOrder, placeOrderAddon, type Answer } from './lib/place-order.ts';
import { loadCheckoutModel, loadGiftingConfig } from './lib/pricing.ts';
import { evaluatePromo } from './lib/promo.ts';
import { claimCodeAttempt, forgiveAttempt, type AttemptClaim } from './lib/attempts.ts';
import { reconcilePendingOrders, type ReconcileOptions } from './lib/reconcile.ts';
import * as routes from './routes.ts';

export const CHECKOUT_BASE_PATH = '/api/checkout';

export interface CheckoutAppOptions {
  db: AnyDb;
  serviceToken: string;
  basePath?: string;
  /** `createPayments(...)` of services/payment. */
  payments: CheckoutPayments;
  /** Order confirmation mail goes out through it (platform createMailer). */
  mailer: Mailer;
  publicBaseUrl: string;
  clock?: () => Date;
  log?: Logger;
  /** Test builds only: throw at this named point (C1-lite; server.ts: FAULT_POINT). */
  faultPoint?: FaultPoint | null;
  /** Test builds only: at the fault point, SIGKILL the process instead (server.ts: FAULT_KILL=1). */
  faultKill?: boolean;
  claimLeaseMs?: number;
  keyRetentionMs?: number;
  /** Order mail: how long a sender's claim on a message lasts (default 5 minutes). */
  mailLeaseMs?: number;
  /** Units one client address may hold at once over all its baskets (default HOLD_LIMIT_PER_ADDRESS, reliability M4). */
  holdLimitPerAddress?: number;
  /** Orders deciding at once (default PLACING_CONCURRENCY; deps.placing). */
  placingConcurrency?: number;
  /** Options of POST /checkout/reconcile (tests pass abandonAfterMs). */
  reconcile?: ReconcileOptions;
}

export type CheckoutApp = OpenAPIHono & { deps: CheckoutDeps; settled(): Promise<void> };

/**
 * An order answer as its bytes were stored with the idempotency key (the first answer, or its
 * replay): one of the order route's documented answers, made by this same code.
 */
const send = <Route extends typeof routes.placeOrder | typeof routes.placeExpressOrder | typeof routes.orderAddon>(c: Context, answer: Answer) => storedResponse<RouteConfigToTypedResponse<Route>>(c, answer);

/** A problem whose detail is the domain's copy for the code. */
const fail = <S extends ErrorStatus>(c: Context, status: S, code: ErrorCode, errs?: FieldError[], detail?: string) =>
  problemResponse(c, problem(status, code, detail ?? ERROR_MESSAGES[code], errs));

/** 429 RATE_LIMITED naming the field, with retryAfterSeconds and Retry-After (issue 14: code guessing, express-buy tokens). */
const tooMany = (c: Context, field: string, retryAfterSeconds: number) =>
  problemResponse(c, problem(429, 'RATE_LIMITED', { detail: ERROR_MESSAGES.RATE_LIMITED, errors: [{ field, message: ERROR_MESSAGES.RATE_LIMITED }], extra: { retryAfterSeconds } }), { 'retry-after': String(retryAfterSeconds) });

function idempotencyKey(c: Context) {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return invalid(c, [{ field: 'Idempotency-Key', message: BUYING_MESSAGES.required }]);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return invalid(c, [{ field: 'Idempotency-Key', message: 'Must be 1 to 255 printable ASCII characters.' }]);
  return key;
}

/**
 * The shopper's address as the gateway saw it (CLIENT_IP_HEADER; callers hold the service token),
 * for the per-address hold limit (reliability M4). Null when absent or implausible.
 */
function clientAddressOf(c: { req: { header(name: string): string | undefined } }): string | null {
  const value = (c.req.header(CLIENT_IP_HEADER) ?? '').trim().toLowerCase();
  return value && value.length <= 100 && /^[0-9a-f.:]+$/.test(value) ? value : null;
}

function guestEmail(raw: string | undefined): string | null {
  return raw && isEmail(raw) ? normaliseEmail(raw) : null;
}

export function createCheckoutApp(options: CheckoutAppOptions): CheckoutApp {
  const log: Logger = options.log ?? logFunction();
  if (!/^https?:\/\/[^/?#@\s]+(\/[^?#\s]*)?$/.test(options.publicBaseUrl)) throw new Error('createCheckoutApp: publicBaseUrl must be an absolute http(s) URL');
  const faultPoint = options.faultPoint ?? null;
  if (faultPoint && !FAULT_POINTS.includes(faultPoint)) throw new Error(`Unknown fault point ${faultPoint}`);
  const deps: CheckoutDeps = {
    db: options.db,
    payments: options.payments,
    mailer: options.mailer,
    publicBaseUrl: options.publicBaseUrl,
    now: options.clock ?? (() => new Date()),
    log,
    faultPoint,
    faultKill: options.faultKill ?? false,
    claimLeaseMs: options.claimLeaseMs ?? 60_000,
    keyRetentionMs: options.keyRetentionMs ?? 24 * 60 * 60 * 1000,
    mailLeaseMs: options.mailLeaseMs ?? MAIL_LEASE_MS,
    holdLimitPerAddress: options.holdLimitPerAddress ?? HOLD_LIMIT_PER_ADDRESS,
    placing: pLimit(options.placingConcurrency ?? PLACING_CONCURRENCY),
    background: createBackground(log),
  };
  const app = createServiceApp({
    // A validation 400 says the domain's words (the gateway may show them).
    fieldNaming: { detail: ERROR_MESSAGES.VALIDATION_FAILED },
    title: 'Checkout service',
    version: '1.0.0',
    description:
      'The checkout view with the hold behind its countdown, promo codes, gifting config, orders paid through the payment service with idempotency keys, vouchers, express buy, reconciliation and the voucher validity extension (spec §3, §4, §5, §7, §8). Money is integer pence.',
    serviceToken: options.serviceToken,
    basePath: options.basePath ?? CHECKOUT_BASE_PATH,
    tags: [
      { name: 'Checkout', description: 'The checkout of a basket: figures, hold and countdown, options.' },
      { name: 'Orders', description: 'Placing, reading and reconciling orders; the VVE add-on.' },
      { name: 'Promotions', description: 'Promo codes and express buy.' },
    ],
    log,
  });

  // ---------------------------------------------------------------------------------------------
  app.openapi(
    routes.giftingConfig,
    async (c) => c.json(giftingConfigBody(await loadGiftingConfig(deps.db)), 200),
  );

  app.openapi(
    routes.checkout,
    async (c) => {
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      // A code in the query is looked at, so it is a guess like any other (issue 14, G4).
      const guess = q.promoCode?.trim() ? await claimCodeAttempt(deps.db, { basketToken, customerToken: q.customerToken ?? null, clientAddress: clientAddressOf(c), now: deps.now() }) : null;
      if (guess && !guess.ok) return tooMany(c, 'promoCode', guess.retryAfterSeconds);
      const view = await checkoutView(deps, {
        basketToken,
        customerToken: q.customerToken ?? null,
        email: guestEmail(q.email),
        vipUser: q.vipUser ?? false,
        refresh: q.refresh ?? false,
        clientAddress: clientAddressOf(c),
        ...(q.promoCode !== undefined ? { promoCode: q.promoCode || null } : {}),
        ...(q.wallet !== undefined ? { wallet: q.wallet } : {}),
        ...(q.vipChecked !== undefined ? { vipChecked: q.vipChecked } : {}),
      });
      if (guess?.ok && view?.promoCode && view.promoCode.outcome !== 'invalid') await forgiveAttempt(deps.db, guess.claim);
      if (!view) return fail(c, 404, 'BASKET_NOT_FOUND');
      return c.json(view, 200);
    },
  );

  app.openapi(
    routes.setCheckoutOptions,
    async (c) => {
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const customerToken = q.customerToken ?? null;
      // Ownership first (Z3): nothing is stored for somebody else's basket.
      const model = await loadCheckoutModel(deps.db, { basketToken, customerToken, email: null, vipUser: false, options: { promoCode: null, wallet: false, vipChecked: false }, now: deps.now() });
      if (!model) return fail(c, 404, 'BASKET_NOT_FOUND');
      // VIP membership belongs to an account: a guest cannot tick it (the offer is not shown to guests).
      if (body.vipChecked && !customerToken) return invalid(c, [{ field: 'vipChecked', message: ERROR_MESSAGES.VIP_NEEDS_ACCOUNT }]);
      const now = deps.now();
      const values = { promo_code: body.promoCode?.trim() ? body.promoCode.trim().toUpperCase() : null, wallet: body.wallet, vip_checked: body.vipChecked, updated_at: now };
      // A new code is a guess (issue 14, G4): counted before it is looked at, given back if it exists.
      const stored = await inOrders(deps.db).selectFrom('checkout_options').select('promo_code').where('basket_token', '=', basketToken).executeTakeFirst();
      let claim: AttemptClaim | null = null;
      if (values.promo_code !== null && values.promo_code !== (stored?.promo_code ?? null)) {
        const verdict = await claimCodeAttempt(deps.db, { basketToken, customerToken, clientAddress: clientAddressOf(c), now });
        if (!verdict.ok) return tooMany(c, 'promoCode', verdict.retryAfterSeconds);
        claim = verdict.claim;
      }
      await inOrders(deps.db)
        .insertInto('checkout_options')
        .values({ basket_token: basketToken, hold_expires_at: null, hold_signature: null, ...values })
        .onConflict((oc) => oc.column('basket_token').doUpdateSet(values))
        .execute();
      const view = await checkoutView(deps, { basketToken, customerToken, email: null, vipUser: q.vipUser ?? false, refresh: false, clientAddress: clientAddressOf(c) });
      if (claim && view?.promoCode && view.promoCode.outcome !== 'invalid') await forgiveAttempt(deps.db, claim);
      if (!view) return fail(c, 404, 'BASKET_NOT_FOUND');
      return c.json(view, 200);
    },
  );

  app.openapi(
    routes.trimHold,
    async (c) => {
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      const released = await trimBasketHold(deps, { basketToken, customerToken: q.customerToken ?? null });
      if (released === null) return fail(c, 404, 'BASKET_NOT_FOUND');
      return c.json({ released }, 200);
    },
  );

  app.openapi(
    routes.placeOrder,
    async (c) => {
      const key = idempotencyKey(c);
      if (typeof key !== 'string') return key;
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const answer = await placeOrder(deps, { basketToken, customerToken: q.customerToken ?? null, vipUser: q.vipUser ?? false, idempotencyKey: key, clientAddress: clientAddressOf(c), body: { ...body, payment: { ...body.payment, method: body.payment.method as PaymentMethod } } });
      return send<typeof routes.placeOrder>(c, answer);
    },
  );

  app.openapi(
    routes.order,
    async (c) => {
      const { orderId } = c.req.valid('param');
      const q = c.req.valid('query');
      const order = await findOwnedOrder(deps.db, orderId, q.customerToken ?? null, q.accessToken ?? null);
      if (!order) return fail(c, 404, 'NOT_FOUND');
      return c.json({ data: await orderView(deps.db, order) }, 200);
    },
  );

  app.openapi(
    routes.orders,
    async (c) => {
      const q = c.req.valid('query');
      const rows = await inOrders(deps.db)
        .selectFrom('orders')
        .selectAll()
        .where('customer_token', '=', q.customerToken)
        .orderBy('created_at', 'desc')
        .orderBy('order_number', 'desc')
        .limit(q.pageSize + 1)
        .offset(q.page * q.pageSize)
        .execute();
      const page = await Promise.all(rows.slice(0, q.pageSize).map((o) => orderView(deps.db, o)));
      return c.json({ data: page, page: q.page, pageSize: q.pageSize, hasMore: rows.length > q.pageSize }, 200);
    },
  );

  app.openapi(
    routes.expressBuyToken,
    async (c) => {
      const body = c.req.valid('json');
      if (!isEmail(body.expressBuyTokenRequest.email)) return invalid(c, [{ field: 'expressBuyTokenRequest.email', message: BUYING_MESSAGES.email }]);
      const result = await expressBuyToken(deps, { email: normaliseEmail(body.expressBuyTokenRequest.email), dealId: body.dealId, productId: body.productId, clientAddress: clientAddressOf(c) });
      if (!result.ok && result.reason === 'tooMany') return tooMany(c, 'expressBuyTokenRequest.email', result.retryAfterSeconds ?? 60);
      if (!result.ok) {
        return problemResponse(c, problem(400, 'EXPRESS_BUY_INELIGIBLE', { detail: BUYING_MESSAGES.expressBuyIneligible, extra: { hint: BUYING_MESSAGES.expressBuyHint, reason: result.reason } }));
      }
      return c.json({ data: { token: result.token, expiresAt: result.expiresAt.toISOString(), price: result.price } }, 201);
    },
  );

  app.openapi(
    routes.promoCode,
    async (c) => {
      const q = c.req.valid('query');
      const customerToken = q.customerToken ?? null;
      const email = guestEmail(q.email);
      const model = await loadCheckoutModel(deps.db, { basketToken: q.basketToken, customerToken, email, vipUser: q.vipUser ?? false, options: { promoCode: null, wallet: false, vipChecked: false }, now: deps.now() });
      if (!model) return fail(c, 404, 'BASKET_NOT_FOUND');
      const verdict = await claimCodeAttempt(deps.db, { basketToken: q.basketToken, customerToken, clientAddress: clientAddressOf(c), now: deps.now() });
      if (!verdict.ok) return tooMany(c, 'code', verdict.retryAfterSeconds);
      const result = await evaluatePromo(deps.db, q.code, {
        now: deps.now(),
        customerKey: model.customerKey,
        customerToken,
        email,
        vip: q.vipUser ?? false,
        lines: model.lines.map((l) => ({ subcategoryId: l.stock?.subcategoryId ?? null, amount: l.unitPrice * l.quantity })),
      });
      if (result.outcome !== 'invalid') await forgiveAttempt(deps.db, verdict.claim);
      return c.json({ code: result.code, applicable: result.applicable, message: result.message, outcome: result.outcome, discount: money(result.discount) }, 200);
    },
  );

  app.openapi(
    routes.reconcile,
    async (c) => c.json(await reconcilePendingOrders(deps, options.reconcile), 200),
  );

  app.openapi(
    routes.placeExpressOrder,
    async (c) => {
      const key = idempotencyKey(c);
      if (typeof key !== 'string') return key;
      const { expressBuyToken: token } = c.req.valid('param');
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const answer = await placeExpressOrder(deps, {
        token,
        customerToken: q.customerToken ?? null,
        vipUser: q.vipUser ?? false,
        idempotencyKey: key,
        clientAddress: clientAddressOf(c),
        body: { ...body, payment: { method: body.payment.method as PaymentMethod, savedInstrumentId: body.payment.savedInstrumentId } },
      });
      return send<typeof routes.placeExpressOrder>(c, answer);
    },
  );

  app.openapi(
    routes.orderAddon,
    async (c) => {
      const key = idempotencyKey(c);
      if (typeof key !== 'string') return key;
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const answer = await placeOrderAddon(deps, {
        customerToken: q.customerToken ?? null,
        accessToken: q.accessToken ?? null,
        idempotencyKey: key,
        body: { ...body, payment: { ...body.payment, method: body.payment.method as PaymentMethod } },
      });
      return send<typeof routes.orderAddon>(c, answer);
    },
  );

  return Object.assign(app, { deps, settled: () => deps.background.settled() });
}

