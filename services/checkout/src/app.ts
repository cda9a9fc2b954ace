/**
 * The checkout service (README.md is the contract): the checkout view and its hold, options,
 * gifting config, orders paid through the payment service, vouchers, express buy, promo codes,
 * reconciliation and the VVE add-on. The shop mounts it under /api/checkout.
 */
import { createRoute, z as zod, type OpenAPIHono, type z } from '@hono/zod-openapi';
import { BUYING_MESSAGES, IDEMPOTENCY_KEY_PATTERN, type PaymentMethod } from '@shop/domain/buying';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { isEmail, normaliseEmail } from '@shop/domain/accounts';
import { CLIENT_IP_HEADER, createServiceApp, problem, problemContent, PROBLEM_CONTENT_TYPE, type FieldError, type Mailer } from '@shop/platform';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  AddonBodySchema,
  AddonQuerySchema,
  AnyJson,
  BasketTokenParam,
  CheckoutQuerySchema,
  ExpressBuyBodySchema,
  ExpressOrderBodySchema,
  ExpressTokenParam,
  OptionsBodySchema,
  OrderParam,
  OrderQuerySchema,
  OrdersQuerySchema,
  OwnerQuerySchema,
  PlaceOrderBodySchema,
  PromoQuerySchema,
} from './contract.ts';
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
import { claimCodeAttempt, EXPRESS_BUY_LIMITS, forgiveAttempt, type AttemptClaim } from './lib/attempts.ts';
import { reconcilePendingOrders, type ReconcileOptions } from './lib/reconcile.ts';

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

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const errors = {
  400: problemContent('Bad input: errors[] names each invalid field.'),
  401: problemContent('Missing or wrong x-service-token.'),
  404: problemContent('Unknown, or not the caller\'s (the same answer).'),
  500: problemContent('Unexpected failure; the body carries only code INTERNAL.'),
};

// Answers whose status the route table documents but whose body is already serialised (typed `never` for the route's handler type).
const send = (c: Context, answer: Answer): never => {
  const isProblem = answer.status >= 400;
  return c.body(answer.body, answer.status as ContentfulStatusCode, { 'content-type': isProblem ? PROBLEM_CONTENT_TYPE : 'application/json' }) as never;
};
const fail = (c: Context, status: number, code: ErrorCode | 'VALIDATION_FAILED', errs?: FieldError[], detail?: string): never =>
  c.body(JSON.stringify(problem(status, code, detail ?? (code === 'VALIDATION_FAILED' ? undefined : ERROR_MESSAGES[code]), errs)), status as ContentfulStatusCode, { 'content-type': PROBLEM_CONTENT_TYPE }) as never;

/** 429 RATE_LIMITED naming the field, with retryAfterSeconds and Retry-After (issue 14: code guessing, express-buy tokens). */
const tooMany = (c: Context, field: string, retryAfterSeconds: number): never =>
  c.body(JSON.stringify({ ...problem(429, 'RATE_LIMITED', ERROR_MESSAGES.RATE_LIMITED, [{ field, message: ERROR_MESSAGES.RATE_LIMITED }]), retryAfterSeconds }), 429, {
    'content-type': PROBLEM_CONTENT_TYPE,
    'retry-after': String(retryAfterSeconds),
  }) as never;
const rateLimitedResponse = { 429: problemContent('RATE_LIMITED: too many attempts from this basket, customer or address; retryAfterSeconds says when to try again.') };

/**
 * Validation failures as 400 problems naming each field: unknown keys (Z4) one by one by their own
 * name, a body-level problem as `body`, a query or path problem by its parameter.
 */
function fieldErrors(error: z.ZodError, target: string): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: [...path, key].join('.'), message: 'Unknown field.' });
    } else {
      out.push({ field: path.length ? path.join('.') : target === 'json' ? 'body' : target, message: issue.message });
    }
  }
  return out;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one hook for every route's result type
const hook = ((result: any, c: Context) => (result.success ? undefined : fail(c, 400, 'VALIDATION_FAILED', fieldErrors(result.error, result.target)))) as never;

function idempotencyKey(c: Context): string | Response {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return fail(c, 400, 'VALIDATION_FAILED', [{ field: 'Idempotency-Key', message: BUYING_MESSAGES.required }]);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) return fail(c, 400, 'VALIDATION_FAILED', [{ field: 'Idempotency-Key', message: 'Must be 1 to 255 printable ASCII characters.' }]);
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
  const log: Logger = options.log ?? ((message, fields) => console.error(message, JSON.stringify(fields)));
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
    createRoute({
      method: 'get',
      path: '/checkout/config/gifting',
      operationId: 'giftingConfig',
      tags: ['Checkout'],
      summary: 'Gift wrap and gift packs',
      description: `Spec §3 giftingDetails: giftWrap {dealId, productId, price}, ndd-gpk, std-gpk. The wrap preset is deal ${16_172_264}, product ${2_440_914} when there is no config.`,
      responses: { 200: json(AnyJson, 'The gifting config.'), ...errors },
    }),
    async (c) => c.json(giftingConfigBody(await loadGiftingConfig(deps.db)), 200),
    hook,
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/checkout/{basketToken}',
      operationId: 'checkout',
      tags: ['Checkout'],
      summary: 'The checkout of a basket, taking or keeping the hold of its units',
      description:
        'Spec §3 checkout data. Prices come from the catalogue, never from the client. Opening it takes the hold of the units for 300 s (countdown); opening it again keeps the expiry; refresh=true starts a new hold. A line that cannot be held is marked soldOut/available and canPay is false. While an order of this basket is pending with the provider, pendingOrderNumber names it and canPay is false. isTravel: a deal of a travel location is in the basket; isTravelValid: no travel line has fixed dates that have begun (such a line is DEAL_CLOSED).',
      request: { params: BasketTokenParam, query: CheckoutQuerySchema, headers: z_client() },
      responses: { 200: json(AnyJson, 'The checkout.'), ...rateLimitedResponse, ...errors },
    }),
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
    hook,
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/checkout/{basketToken}/options',
      operationId: 'setCheckoutOptions',
      tags: ['Checkout'],
      summary: 'Store the promo code, wallet use and VIP tick of a checkout',
      description:
        'Stored per basket; answers the checkout view. The VIP option starts unticked, and a paid order clears it (and the promo code). VIP membership needs an account: vipChecked true for a guest is refused (400, vipChecked); for a VIP member it is stored but neither offered nor charged. A promo code other than the stored one is a guess: counted per basket, customer and client address before it is looked at (given back when the code exists); past the limit 429 RATE_LIMITED and nothing is stored.',
      request: { params: BasketTokenParam, query: OwnerQuerySchema, headers: z_client(), body: { required: true, content: { 'application/json': { schema: OptionsBodySchema } } } },
      responses: { 200: json(AnyJson, 'The checkout.'), ...rateLimitedResponse, ...errors },
    }),
    async (c) => {
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const customerToken = q.customerToken ?? null;
      // Ownership first (Z3): nothing is stored for somebody else's basket.
      const model = await loadCheckoutModel(deps.db, { basketToken, customerToken, email: null, vipUser: false, options: { promoCode: null, wallet: false, vipChecked: false }, now: deps.now() });
      if (!model) return fail(c, 404, 'BASKET_NOT_FOUND');
      // VIP membership belongs to an account: a guest cannot tick it (the offer is not shown to guests).
      if (body.vipChecked && !customerToken) return fail(c, 400, 'VALIDATION_FAILED', [{ field: 'vipChecked', message: ERROR_MESSAGES.VIP_NEEDS_ACCOUNT }]);
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
    hook,
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/checkout/{basketToken}/hold/trim',
      operationId: 'trimHold',
      tags: ['Checkout'],
      summary: 'Give back the held units the basket no longer has',
      description:
        'Called after a basket line was removed or its quantity lowered: the hold keeps, per option, the lower of what it holds and what the basket has, and the rest goes back on sale at once. Never takes units; a hold being paid for (pinned) is left alone. The countdown keeps its expiry.',
      request: { params: BasketTokenParam, query: OwnerQuerySchema },
      responses: { 200: json(zod.object({ released: zod.number().int().min(0) }), 'Units given back.'), ...errors },
    }),
    async (c) => {
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      const released = await trimBasketHold(deps, { basketToken, customerToken: q.customerToken ?? null });
      if (released === null) return fail(c, 404, 'BASKET_NOT_FOUND');
      return c.json({ released }, 200);
    },
    hook,
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/checkout/{basketToken}/order',
      operationId: 'placeOrder',
      tags: ['Orders'],
      summary: 'Place the order and pay (Idempotency-Key required)',
      description:
        'README "Place order": the key is claimed; one transaction checks the hold, counts the caps, holds wallet credit and writes the PENDING order; the provider is charged outside any transaction; one transaction pays (vouchers, email) or fails it. Retrying with the same key replays the answer; a different body is 422; in flight 409.',
      request: {
        params: BasketTokenParam,
        query: OwnerQuerySchema,
        headers: z_idem().extend(z_client().shape),
        body: { required: true, content: { 'application/json': { schema: PlaceOrderBodySchema } } },
      },
      responses: {
        201: json(AnyJson, 'Paid: spec §3 order response { data: { quantity, cardType, walletAmountUsed, currency, productOrder: { id }, order } }.'),
        202: json(AnyJson, 'PAYMENT_PENDING: the provider did not answer in time; the order is reconciled, never charged twice.'),
        402: problemContent('PAYMENT_DECLINED, PAYMENT_FAILED or CARD_NOT_ACCEPTED with the spec §8 words.'),
        409: problemContent('DEAL_SOLD_OUT, HOLD_EXPIRED, PURCHASE_LIMIT, INSUFFICIENT_STOCK, DEAL_CLOSED, PRICE_CHANGED, WALLET_INSUFFICIENT, PROMO_CODE_INVALID, PAYMENT_METHOD_UNAVAILABLE, BASKET_EMPTY, IDEMPOTENCY_CONFLICT (in flight).'),
        422: problemContent('IDEMPOTENCY_CONFLICT: the key was used with another body.'),
        ...errors,
      },
    }),
    async (c) => {
      const key = idempotencyKey(c);
      if (typeof key !== 'string') return key as never;
      const { basketToken } = c.req.valid('param');
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const answer = await placeOrder(deps, { basketToken, customerToken: q.customerToken ?? null, vipUser: q.vipUser ?? false, idempotencyKey: key, clientAddress: clientAddressOf(c), body: { ...body, payment: { ...body.payment, method: body.payment.method as PaymentMethod } } });
      return send(c, answer);
    },
    hook,
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/order/{orderId}',
      operationId: 'order',
      tags: ['Orders'],
      summary: 'An order with its lines and vouchers',
      description: "The signed-in customer's own (customerToken), or a guest's with the access token from the order answer. Anyone else: 404 like an unknown order.",
      request: { params: OrderParam, query: OrderQuerySchema },
      responses: { 200: json(AnyJson, 'The order.'), ...errors },
    }),
    async (c) => {
      const { orderId } = c.req.valid('param');
      const q = c.req.valid('query');
      const order = await findOwnedOrder(deps.db, orderId, q.customerToken ?? null, q.accessToken ?? null);
      if (!order) return fail(c, 404, 'NOT_FOUND');
      return c.json({ data: await orderView(deps.db, order) }, 200);
    },
    hook,
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders',
      operationId: 'orders',
      tags: ['Orders'],
      summary: "The customer's orders, newest first",
      description: 'Orders and add-on orders of the signed-in customer (customerToken from the session), newest first, with their lines and vouchers.',
      request: { query: OrdersQuerySchema },
      responses: { 200: json(AnyJson, 'A page of orders.'), ...errors },
    }),
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
    hook,
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/express-buy-token',
      operationId: 'expressBuyToken',
      tags: ['Promotions'],
      summary: 'An express buy token for one deal option',
      description: `Spec §7. Ineligible deals: 400 EXPRESS_BUY_INELIGIBLE '${BUYING_MESSAGES.expressBuyIneligible}' with hint '${BUYING_MESSAGES.expressBuyHint}'. Eligible: see README "Express buy". At most ${EXPRESS_BUY_LIMITS.email.limit} tokens per email and ${EXPRESS_BUY_LIMITS.address.limit} per client address in ${EXPRESS_BUY_LIMITS.email.windowMs / 60_000} minutes: 429 RATE_LIMITED past that.`,
      request: { headers: z_client(), body: { required: true, content: { 'application/json': { schema: ExpressBuyBodySchema } } } },
      responses: { 201: json(AnyJson, 'The token (it lasts 30 minutes).'), ...rateLimitedResponse, ...errors },
    }),
    async (c) => {
      const body = c.req.valid('json');
      if (!isEmail(body.expressBuyTokenRequest.email)) return fail(c, 400, 'VALIDATION_FAILED', [{ field: 'expressBuyTokenRequest.email', message: BUYING_MESSAGES.email }]);
      const result = await expressBuyToken(deps, { email: normaliseEmail(body.expressBuyTokenRequest.email), dealId: body.dealId, productId: body.productId, clientAddress: clientAddressOf(c) });
      if (!result.ok && result.reason === 'tooMany') return tooMany(c, 'expressBuyTokenRequest.email', result.retryAfterSeconds ?? 60);
      if (!result.ok) {
        return c.body(JSON.stringify({ ...problem(400, 'EXPRESS_BUY_INELIGIBLE', BUYING_MESSAGES.expressBuyIneligible), hint: BUYING_MESSAGES.expressBuyHint, reason: result.reason }), 400, { 'content-type': PROBLEM_CONTENT_TYPE }) as never;
      }
      return c.json({ data: { token: result.token, expiresAt: result.expiresAt.toISOString(), price: result.price } }, 201);
    },
    hook,
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/promocode',
      operationId: 'promoCode',
      tags: ['Promotions'],
      summary: 'Check a promo code against a basket',
      description:
        'Spec §5 outcomes, classified by the message: expired, invalid, already used, not applicable, not eligible (applied otherwise). Each call is a guess counted per basket, customer and client address (given back when the code exists); past the limit 429 RATE_LIMITED.',
      request: { query: PromoQuerySchema, headers: z_client() },
      responses: { 200: json(AnyJson, '{ applicable, message, outcome }.'), ...rateLimitedResponse, ...errors },
    }),
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
      return c.json({ code: result.code, applicable: result.applicable, message: result.message, outcome: result.outcome, discount: { amount: result.discount, currency: 'GBP' } }, 200);
    },
    hook,
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/checkout/reconcile',
      operationId: 'reconcile',
      tags: ['Orders'],
      summary: 'Reconcile pending orders with their providers now',
      description:
        "What the shop runs every 30 s: each PENDING order is settled by our own record of its charge, else looked up at its provider by reference, and paid or failed. A capture whose order can no longer be fulfilled is voided or refunded (recorded) before the order fails. Never charges.",
      responses: { 200: json(AnyJson, '{ checked, paid, failed, reversed, stillPending }.'), ...errors },
    }),
    async (c) => c.json(await reconcilePendingOrders(deps, options.reconcile), 200),
    hook,
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/express-buy/{expressBuyToken}/order',
      operationId: 'placeExpressOrder',
      tags: ['Orders'],
      summary: "Pay for an express buy token's option with a saved instrument (Idempotency-Key required)",
      description:
        "Issue 14 G, README \"Express buy\": signed-in customers only (customerToken). The token is bound to a one-line basket of its own on the first attempt, and that basket is placed as POST /checkout/{basketToken}/order places one, with the same answers; the shopper's own basket is untouched. A token that is unknown, another customer's, or expired before its first attempt: 409 EXPRESS_BUY_INELIGIBLE with the hint. Once paid, a new key on the same token answers BASKET_EMPTY.",
      request: {
        params: ExpressTokenParam,
        query: OwnerQuerySchema,
        headers: z_idem().extend(z_client().shape),
        body: { required: true, content: { 'application/json': { schema: ExpressOrderBodySchema } } },
      },
      responses: {
        201: json(AnyJson, 'Paid: the spec §3 order response.'),
        202: json(AnyJson, 'PAYMENT_PENDING: the provider did not answer in time; the order is reconciled, never charged twice.'),
        402: problemContent('The payment did not go through (spec §8 words).'),
        409: problemContent('EXPRESS_BUY_INELIGIBLE, DEAL_SOLD_OUT, PURCHASE_LIMIT, DEAL_CLOSED, PRICE_CHANGED, PAYMENT_METHOD_UNAVAILABLE, BASKET_EMPTY (already paid), IDEMPOTENCY_CONFLICT (in flight).'),
        422: problemContent('IDEMPOTENCY_CONFLICT: the key was used with another body.'),
        ...errors,
      },
    }),
    async (c) => {
      const key = idempotencyKey(c);
      if (typeof key !== 'string') return key as never;
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
      return send(c, answer);
    },
    hook,
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/order-addon',
      operationId: 'orderAddon',
      tags: ['Orders'],
      summary: "Buy the voucher validity extension (VVE) for a paid order's vouchers",
      description: 'Paid like an order (Idempotency-Key, the same answers). Extends each voucher still Ready to Redeem by the months bought, up to 3 in all (spec §9).',
      request: { query: AddonQuerySchema, headers: z_idem(), body: { required: true, content: { 'application/json': { schema: AddonBodySchema } } } },
      responses: {
        201: json(AnyJson, 'Paid: the order response of the add-on order.'),
        202: json(AnyJson, 'PAYMENT_PENDING.'),
        402: problemContent('The payment did not go through (spec §8 words).'),
        409: problemContent('PRICE_CHANGED, IDEMPOTENCY_CONFLICT, PAYMENT_PENDING (the order is not paid yet).'),
        422: problemContent('IDEMPOTENCY_CONFLICT: the key was used with another body.'),
        ...errors,
      },
    }),
    async (c) => {
      const key = idempotencyKey(c);
      if (typeof key !== 'string') return key as never;
      const q = c.req.valid('query');
      const body = c.req.valid('json');
      const answer = await placeOrderAddon(deps, {
        customerToken: q.customerToken ?? null,
        accessToken: q.accessToken ?? null,
        idempotencyKey: key,
        body: { ...body, payment: { ...body.payment, method: body.payment.method as PaymentMethod } },
      });
      return send(c, answer);
    },
    hook,
  );

  return Object.assign(app, { deps, settled: () => deps.background.settled() });
}

/** The shopper's address header in the OpenAPI document (read by hand: an implausible one is ignored, never refused). */
function z_client() {
  return zod.object({
    [CLIENT_IP_HEADER]: zod
      .string()
      .optional()
      .openapi({ description: `The shopper's public client address as the gateway saw it: the units one address holds at once over all its baskets are limited (default ${HOLD_LIMIT_PER_ADDRESS}; reliability M4), refused with HOLD_LIMIT.` }),
  });
}

/** The Idempotency-Key header in the OpenAPI document (checked by hand so a missing one names the field). */
function z_idem() {
  return zod.object({ 'idempotency-key': zod.string().optional().openapi({ description: 'Required: 1 to 255 printable ASCII characters, unique per attempt, reused on its retries.' }) });
}
