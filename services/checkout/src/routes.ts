/**
 * The checkout service's route table: each operation's path, inputs and every answer it can
 * give. The handlers (app.ts) are typed by it: an answer of another shape or an undocumented
 * status fails the typecheck.
 */
import { z } from '@hono/zod-openapi';
import { BUYING_MESSAGES } from '@shop/domain/buying';
import { CLIENT_IP_HEADER, commonErrors, createRoute, jsonContent, problemContent } from '@shop/platform';
import {
  AddonBodySchema,
  AddonQuerySchema,
  BasketTokenParam,
  CheckoutQuerySchema,
  CheckoutViewSchema,
  ExpressBuyBodySchema,
  ExpressBuyTokenResponseSchema,
  ExpressOrderBodySchema,
  ExpressTokenParam,
  GiftingConfigSchema,
  OptionsBodySchema,
  OrderParam,
  OrderQuerySchema,
  OrderResponseSchema,
  OrdersPageSchema,
  OrdersQuerySchema,
  OwnerQuerySchema,
  PlacedOrderSchema,
  PlaceOrderBodySchema,
  PromoQuerySchema,
  PromoResponseSchema,
  ReconcileReportSchema,
  ReleasedSchema,
} from './contract.ts';
import { EXPRESS_BUY_LIMITS } from './lib/attempts.ts';
import { HOLD_LIMIT_PER_ADDRESS } from './lib/deps.ts';

const errors = {
  ...commonErrors({ 400: 'Bad input: errors[] names each invalid field.', 401: 'Missing or wrong x-service-token.' }),
  404: problemContent("Unknown, or not the caller's (the same answer)."),
};
const rateLimitedResponse = { 429: problemContent('RATE_LIMITED: too many attempts from this basket, customer or address; retryAfterSeconds says when to try again.') };

/** The shopper's address header in the OpenAPI document (read by hand: an implausible one is ignored, never refused). */
function z_client() {
  return z.object({
    [CLIENT_IP_HEADER]: z
      .string()
      .optional()
      .openapi({ description: `The shopper's public client address as the gateway saw it: the units one address holds at once over all its baskets are limited (default ${HOLD_LIMIT_PER_ADDRESS}; reliability M4), refused with HOLD_LIMIT.` }),
  });
}

/** The Idempotency-Key header in the OpenAPI document (checked by hand so a missing one names the field). */
function z_idem() {
  return z.object({ 'idempotency-key': z.string().optional().openapi({ description: 'Required: 1 to 255 printable ASCII characters, unique per attempt, reused on its retries.' }) });
}

export const giftingConfig = createRoute({
  method: 'get',
  path: '/checkout/config/gifting',
  operationId: 'giftingConfig',
  tags: ['Checkout'],
  summary: 'Gift wrap and gift packs',
  description: `Spec §3 giftingDetails: giftWrap {dealId, productId, price}, ndd-gpk, std-gpk. The wrap preset is deal ${16_172_264}, product ${2_440_914} when there is no config.`,
  responses: { 200: jsonContent(GiftingConfigSchema, 'The gifting config.'), ...errors },
});

export const checkout = createRoute({
  method: 'get',
  path: '/checkout/{basketToken}',
  operationId: 'checkout',
  tags: ['Checkout'],
  summary: 'The checkout of a basket, taking or keeping the hold of its units',
  description:
    'Spec §3 checkout data. Prices come from the catalogue, never from the client. Opening it takes the hold of the units for 300 s (countdown); opening it again keeps the expiry; refresh=true starts a new hold. A line that cannot be held is marked soldOut/available and canPay is false. While an order of this basket is pending with the provider, pendingOrderNumber names it and canPay is false. isTravel: a deal of a travel location is in the basket; isTravelValid: no travel line has fixed dates that have begun (such a line is DEAL_CLOSED).',
  request: { params: BasketTokenParam, query: CheckoutQuerySchema, headers: z_client() },
  responses: { 200: jsonContent(CheckoutViewSchema, 'The checkout.'), ...rateLimitedResponse, ...errors },
});

export const setCheckoutOptions = createRoute({
  method: 'put',
  path: '/checkout/{basketToken}/options',
  operationId: 'setCheckoutOptions',
  tags: ['Checkout'],
  summary: 'Store the promo code, wallet use and VIP tick of a checkout',
  description:
    'Stored per basket; answers the checkout view. The VIP option starts unticked, and a paid order clears it (and the promo code). VIP membership needs an account: vipChecked true for a guest is refused (400, vipChecked); for a VIP member it is stored but neither offered nor charged. A promo code other than the stored one is a guess: counted per basket, customer and client address before it is looked at (given back when the code exists); past the limit 429 RATE_LIMITED and nothing is stored.',
  request: { params: BasketTokenParam, query: OwnerQuerySchema, headers: z_client(), body: { required: true, content: { 'application/json': { schema: OptionsBodySchema } } } },
  responses: { 200: jsonContent(CheckoutViewSchema, 'The checkout.'), ...rateLimitedResponse, ...errors },
});

export const trimHold = createRoute({
  method: 'post',
  path: '/checkout/{basketToken}/hold/trim',
  operationId: 'trimHold',
  tags: ['Checkout'],
  summary: 'Give back the held units the basket no longer has',
  description:
    'Called after a basket line was removed or its quantity lowered: the hold keeps, per option, the lower of what it holds and what the basket has, and the rest goes back on sale at once. Never takes units; a hold being paid for (pinned) is left alone. The countdown keeps its expiry.',
  request: { params: BasketTokenParam, query: OwnerQuerySchema },
  responses: { 200: jsonContent(ReleasedSchema, 'Units given back.'), ...errors },
});

export const placeOrder = createRoute({
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
    201: jsonContent(PlacedOrderSchema, 'Paid: spec §3 order response { data: { quantity, cardType, walletAmountUsed, currency, productOrder: { id }, order } }.'),
    202: jsonContent(PlacedOrderSchema, 'PAYMENT_PENDING: the provider did not answer in time; the order is reconciled, never charged twice.'),
    402: problemContent('PAYMENT_DECLINED, PAYMENT_FAILED or CARD_NOT_ACCEPTED with the spec §8 words.'),
    409: problemContent('DEAL_SOLD_OUT, HOLD_EXPIRED, PURCHASE_LIMIT, INSUFFICIENT_STOCK, DEAL_CLOSED, PRICE_CHANGED, WALLET_INSUFFICIENT, PROMO_CODE_INVALID, PAYMENT_METHOD_UNAVAILABLE, BASKET_EMPTY, IDEMPOTENCY_CONFLICT (in flight).'),
    422: problemContent('IDEMPOTENCY_CONFLICT: the key was used with another body.'),
    ...errors,
  },
});

export const order = createRoute({
  method: 'get',
  path: '/order/{orderId}',
  operationId: 'order',
  tags: ['Orders'],
  summary: 'An order with its lines and vouchers',
  description: "The signed-in customer's own (customerToken), or a guest's with the access token from the order answer. Anyone else: 404 like an unknown order.",
  request: { params: OrderParam, query: OrderQuerySchema },
  responses: { 200: jsonContent(OrderResponseSchema, 'The order.'), ...errors },
});

export const orders = createRoute({
  method: 'get',
  path: '/orders',
  operationId: 'orders',
  tags: ['Orders'],
  summary: "The customer's orders, newest first",
  description: 'Orders and add-on orders of the signed-in customer (customerToken from the session), newest first, with their lines and vouchers.',
  request: { query: OrdersQuerySchema },
  responses: { 200: jsonContent(OrdersPageSchema, 'A page of orders.'), ...errors },
});

export const expressBuyToken = createRoute({
  method: 'post',
  path: '/express-buy-token',
  operationId: 'expressBuyToken',
  tags: ['Promotions'],
  summary: 'An express buy token for one deal option',
  description: `Spec §7. Ineligible deals: 400 EXPRESS_BUY_INELIGIBLE '${BUYING_MESSAGES.expressBuyIneligible}' with hint '${BUYING_MESSAGES.expressBuyHint}'. Eligible: see README "Express buy". At most ${EXPRESS_BUY_LIMITS.email.limit} tokens per email and ${EXPRESS_BUY_LIMITS.address.limit} per client address in ${EXPRESS_BUY_LIMITS.email.windowMs / 60_000} minutes: 429 RATE_LIMITED past that.`,
  request: { headers: z_client(), body: { required: true, content: { 'application/json': { schema: ExpressBuyBodySchema } } } },
  responses: { 201: jsonContent(ExpressBuyTokenResponseSchema, 'The token (it lasts 30 minutes).'), ...rateLimitedResponse, ...errors },
});

export const promoCode = createRoute({
  method: 'get',
  path: '/promocode',
  operationId: 'promoCode',
  tags: ['Promotions'],
  summary: 'Check a promo code against a basket',
  description:
    'Spec §5 outcomes, classified by the message: expired, invalid, already used, not applicable, not eligible (applied otherwise). Each call is a guess counted per basket, customer and client address (given back when the code exists); past the limit 429 RATE_LIMITED.',
  request: { query: PromoQuerySchema, headers: z_client() },
  responses: { 200: jsonContent(PromoResponseSchema, 'The outcome of the code (spec §5).'), ...rateLimitedResponse, ...errors },
});

export const reconcile = createRoute({
  method: 'post',
  path: '/checkout/reconcile',
  operationId: 'reconcile',
  tags: ['Orders'],
  summary: 'Reconcile pending orders with their providers now',
  description:
    "What the shop runs every 30 s: each PENDING order is settled by our own record of its charge, else looked up at its provider by reference, and paid or failed. A capture whose order can no longer be fulfilled is voided or refunded (recorded) before the order fails. Never charges.",
  responses: { 200: jsonContent(ReconcileReportSchema, 'What the run did.'), ...errors },
});

export const placeExpressOrder = createRoute({
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
    201: jsonContent(PlacedOrderSchema, 'Paid: the spec §3 order response.'),
    202: jsonContent(PlacedOrderSchema, 'PAYMENT_PENDING: the provider did not answer in time; the order is reconciled, never charged twice.'),
    402: problemContent('The payment did not go through (spec §8 words).'),
    409: problemContent('EXPRESS_BUY_INELIGIBLE, DEAL_SOLD_OUT, PURCHASE_LIMIT, DEAL_CLOSED, PRICE_CHANGED, PAYMENT_METHOD_UNAVAILABLE, BASKET_EMPTY (already paid), IDEMPOTENCY_CONFLICT (in flight).'),
    422: problemContent('IDEMPOTENCY_CONFLICT: the key was used with another body.'),
    ...errors,
  },
});

export const orderAddon = createRoute({
  method: 'post',
  path: '/order-addon',
  operationId: 'orderAddon',
  tags: ['Orders'],
  summary: "Buy the voucher validity extension (VVE) for a paid order's vouchers",
  description: 'Paid like an order (Idempotency-Key, the same answers). Extends each voucher still Ready to Redeem by the months bought, up to 3 in all (spec §9).',
  request: { query: AddonQuerySchema, headers: z_idem(), body: { required: true, content: { 'application/json': { schema: AddonBodySchema } } } },
  responses: {
    201: jsonContent(PlacedOrderSchema, 'Paid: the order response of the add-on order.'),
    202: jsonContent(PlacedOrderSchema, 'PAYMENT_PENDING.'),
    402: problemContent('The payment did not go through (spec §8 words).'),
    409: problemContent('PRICE_CHANGED, IDEMPOTENCY_CONFLICT, PAYMENT_PENDING (the order is not paid yet).'),
    422: problemContent('IDEMPOTENCY_CONFLICT: the key was used with another body.'),
    ...errors,
  },
});
