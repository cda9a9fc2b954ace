/**
 * Typed client of the checkout service (services/checkout; its README is the buying contract).
 *
 * - GET /checkout/{basketToken} (the view: takes or keeps the hold behind the countdown),
 *   PUT /checkout/{basketToken}/options (promo code, wallet, VIP ticked; answers the view),
 *   GET /checkout/config/gifting.
 * - POST /checkout/{basketToken}/order with the Idempotency-Key header: 201 placed, 202 pending,
 *   402 declined (the spec §8 words), 409 stock/hold/price/in flight, 422 key reused, 400 fields.
 *   Those statuses are data here (PlaceOrderAnswer), not errors.
 * - GET /order/{orderId} (?customerToken or ?accessToken), GET /orders, POST /express-buy-token,
 *   POST /order-addon.
 *
 * Order calls get a longer deadline than the default 2500 ms: the service itself charges the
 * provider with a 2500 ms deadline inside them, then writes the order.
 */
import {
  CheckoutViewSchema,
  ExpressBuyTokenResponseSchema,
  GiftingConfigSchema,
  OrderResponseSchema,
  OrdersPageSchema,
  PlacedOrderSchema,
  type OrderView,
  type PriceBreakdownSchema,
} from '@shop/checkout/contract';
import type { InstrumentSchema } from '@shop/payment/routes';
import type { z } from 'zod';
import type { RawResponse, RestClient } from './rest-client.ts';

/** Spec §9 "other timeouts": the order calls' deadline. */
export const ORDER_TIMEOUT_MS = 20_000;

// The answers as the service's contract (services/checkout/src/contract.ts) defines them.
export type CheckoutView = z.infer<typeof CheckoutViewSchema>;
export type GiftingConfig = z.infer<typeof GiftingConfigSchema>;
export type PriceBreakdownData = z.infer<typeof PriceBreakdownSchema>;
export type PaymentInstrumentData = z.infer<typeof InstrumentSchema>;
/** An order; `accessToken` is a guest's key to read it again (on the answer that placed it only). */
export type Order = OrderView & { accessToken?: string | null };
export type Voucher = Order['vouchers'][number];
export type ExpressBuyTokenData = z.infer<typeof ExpressBuyTokenResponseSchema>['data'];

export interface OrderPayment {
  method: string;
  token: string | null;
  savedInstrumentId: string | null;
  saveInstrument: boolean;
}

export interface PlaceOrderBody {
  /** The cash amount the shopper saw: the service answers PRICE_CHANGED when it no longer matches. */
  expectedCashAmount: number;
  payment: OrderPayment;
  /** The guest's email, or the signed-in customer's account email. */
  email: string | null;
  deliveryAddress?: { name: string; line1: string; line2: string | null; town: string; county: string | null; postcode: string } | null;
}

/** The order call's answer: its status is data (see the file comment). */
export type PlaceOrderAnswer =
  | { kind: 'placed'; order: Order }
  | { kind: 'pending'; order: Order; orderId: string; accessToken: string | null }
  | { kind: 'problem'; status: number; code: string; message: string | null; retryable: boolean | null; productId: number | null; available: number | null; retryAfterSeconds?: number | null; errors: { field: string; message: string }[] };

export interface CheckoutQuery {
  customerToken: string | null;
  /** The signed-in shopper is a VIP member (from the session). */
  vipUser?: boolean;
  refresh?: boolean;
  email?: string | null;
}

/** Who reads or acts: the signed-in customer (and whether VIP), from the session. */
export interface Owner {
  customerToken: string | null;
  vipUser?: boolean;
}

export interface CheckoutOptions {
  promoCode: string | null;
  wallet: boolean;
  vipChecked: boolean;
}

export interface CheckoutClient {
  /** Null when there is no such basket (or it is not this shopper's). */
  view(basketToken: string, query: CheckoutQuery): Promise<CheckoutView | null>;
  setOptions(basketToken: string, owner: Owner, options: CheckoutOptions): Promise<CheckoutView | null>;
  /** POST /checkout/{token}/hold/trim: the held units the basket no longer has go back on sale. */
  trimHold(basketToken: string, owner: Owner): Promise<void>;
  giftingConfig(): Promise<GiftingConfig>;
  placeOrder(basketToken: string, owner: Owner, idempotencyKey: string, body: PlaceOrderBody): Promise<PlaceOrderAnswer>;
  /** Null when there is no such order for this reader (Z1: another's order answers like a random id). */
  order(orderId: string, reader: { customerToken: string } | { accessToken: string }): Promise<Order | null>;
  orders(customerToken: string, page: number, pageSize: number): Promise<{ orders: Order[]; hasMore: boolean }>;
  expressBuyToken(input: { email: string; dealId: number; productId: number }): Promise<{ token: ExpressBuyTokenData } | { problem: PlaceOrderAnswer & { kind: 'problem' } }>;
  /** POST /express-buy/{token}/order?customerToken=: the token's option paid with a saved instrument. */
  placeExpressOrder(token: string, owner: Owner, idempotencyKey: string, body: { expectedCashAmount: number; payment: { method: string; savedInstrumentId: string }; email: string | null }): Promise<PlaceOrderAnswer>;
  /** POST /order-addon?customerToken|accessToken: the VVE extension of a paid order's vouchers. */
  orderAddon(
    idempotencyKey: string,
    reader: { customerToken: string | null; accessToken: string | null },
    body: { orderNumber: string; addonType: 'VVE'; months: number; voucherId?: string; expectedCashAmount: number; payment: OrderPayment },
  ): Promise<PlaceOrderAnswer>;
}

const seg = encodeURIComponent;

function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** An order answer's status as data (see the file comment): placed, pending, or a problem the shopper can act on. */
function answerOf(res: RawResponse): PlaceOrderAnswer {
  if (res.status === 201 || res.status === 202) {
    const { data } = res.parse(PlacedOrderSchema);
    const order: Order = { ...data.order, accessToken: data.accessToken };
    return res.status === 201 ? { kind: 'placed', order } : { kind: 'pending', order, orderId: order.id, accessToken: data.accessToken };
  }
  const error = res.error();
  if (res.status >= 500 || res.status < 400 || error.code.startsWith('HTTP_')) throw error;
  return {
    kind: 'problem',
    status: res.status,
    code: error.code,
    message: error.problem.message,
    retryable: error.problem.retryable,
    productId: error.problem.productId,
    available: error.problem.available,
    retryAfterSeconds: error.retryAfterSeconds,
    errors: error.fieldErrors,
  };
}

/**
 * @param rest the default client (2500 ms)
 * @param orderRest the same service with the order deadline (ORDER_TIMEOUT_MS)
 */
export function createCheckoutClient(rest: RestClient, orderRest: RestClient): CheckoutClient {
  const viewCall = (method: 'GET' | 'PUT', path: string, logPath: string, body?: unknown): Promise<CheckoutView | null> =>
    rest.send(method, path, { ...(body !== undefined ? { body } : {}), logPath, parser: CheckoutViewSchema, nullOn404: true });
  const orderCall = async (path: string, logPath: string, idempotencyKey: string, body: unknown) =>
    answerOf(await orderRest.raw('POST', path, { body, headers: { 'idempotency-key': idempotencyKey }, logPath }));
  const owner = (o: Owner) => ({ customerToken: o.customerToken, vipUser: o.vipUser ? true : null });

  return {
    view: (token, q) =>
      viewCall('GET', `/checkout/${seg(token)}${query({ customerToken: q.customerToken, vipUser: q.vipUser ? true : null, refresh: q.refresh ? true : null, email: q.email ?? null })}`, '/checkout/{token}'),
    setOptions: (token, o, options) => viewCall('PUT', `/checkout/${seg(token)}/options${query(owner(o))}`, '/checkout/{token}/options', options),
    async trimHold(token, o) {
      await rest.send('POST', `/checkout/${seg(token)}/hold/trim${query({ customerToken: o.customerToken })}`, { logPath: '/checkout/{token}/hold/trim', nullOn404: true });
    },
    giftingConfig: () => rest.send('GET', '/checkout/config/gifting', { parser: GiftingConfigSchema }),
    placeOrder: (token, o, idempotencyKey, body) => orderCall(`/checkout/${seg(token)}/order${query(owner(o))}`, '/checkout/{token}/order', idempotencyKey, body),
    async order(orderId, reader) {
      // A malformed id is a 400 there: no such order for this reader either (Z1).
      const answer = await rest.raw('GET', `/order/${seg(orderId)}${query(reader)}`, { logPath: '/order/{id}' });
      if (answer.status === 404 || answer.status === 400) return null;
      if (answer.status !== 200) throw answer.error();
      return answer.parse(OrderResponseSchema).data;
    },
    async orders(customerToken, page, pageSize) {
      const answer = await rest.send('GET', `/orders${query({ customerToken, page, pageSize })}`, { logPath: '/orders?customerToken=…', parser: OrdersPageSchema });
      return { orders: answer.data, hasMore: answer.hasMore };
    },
    async expressBuyToken({ email, dealId, productId }) {
      const res = await rest.raw('POST', '/express-buy-token', { body: { expressBuyTokenRequest: { email }, dealId, productId }, logPath: '/express-buy-token' });
      if (res.status === 201) return { token: res.parse(ExpressBuyTokenResponseSchema).data };
      const answer = answerOf(res);
      if (answer.kind !== 'problem') throw res.error();
      return { problem: answer };
    },
    placeExpressOrder: (token, o, idempotencyKey, body) => orderCall(`/express-buy/${seg(token)}/order${query(owner(o))}`, '/express-buy/{token}/order', idempotencyKey, body),
    orderAddon: (idempotencyKey, reader, body) => orderCall(`/order-addon${query(reader)}`, '/order-addon', idempotencyKey, body),
  };
}
