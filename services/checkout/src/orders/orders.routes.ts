/**
 * Orders: the route table. Placing orders (Idempotency-Key), reading them, the express-buy order and the VVE add-on.
 * The handlers (orders.handlers.ts) are typed by it: an answer of another shape or an
 * undocumented status fails the typecheck.
 */
import { createRoute, jsonContent, problemContent } from '@shop/platform';
import { AddonBodySchema, AddonQuerySchema, BasketTokenParam, ExpressOrderBodySchema, ExpressTokenParam, OrderParam, OrderQuerySchema, OrderResponseSchema, OrdersPageSchema, OrdersQuerySchema, OwnerQuerySchema, PlacedOrderSchema, PlaceOrderBodySchema } from '../contract.ts';
import { errors, z_client, z_idem } from '../lib/http.ts';

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
