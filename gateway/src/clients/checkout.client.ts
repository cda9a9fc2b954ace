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
import { z } from 'zod';
import { ORDER_STATUSES } from '@shop/domain/buying';
import { PRICE_PART_KINDS } from '@shop/domain/price-breakdown';
import { parse, problemError } from './basket.client.ts';
import type { RawResponse, RestClient } from './rest-client.ts';

/** Spec §9 "other timeouts": the order calls' deadline. */
export const ORDER_TIMEOUT_MS = 20_000;

const MoneySchema = z.object({ amount: z.number().int(), currency: z.enum(['GBP', 'EUR']) });
/** Pence as a bare integer or as Money. */
const PenceSchema = z.union([z.number().int(), MoneySchema]).transform((v) => (typeof v === 'number' ? v : v.amount));

const GiftProductSchema = z.object({
  dealId: z.number().int(),
  productId: z.number().int(),
  title: z.string().nullish(),
  price: PenceSchema.nullish(),
});

export const GiftingConfigSchema = z.object({
  giftWrap: GiftProductSchema,
  'ndd-gpk': GiftProductSchema.nullish(),
  'std-gpk': GiftProductSchema.nullish(),
});
export type GiftingConfig = z.infer<typeof GiftingConfigSchema>;

/** A saved instrument as the payment service keeps it (spec §3: savedCard, type, gateway, default flag); never a full number. */
const InstrumentSchema = z.object({
  id: z.string(),
  type: z.string(),
  gateway: z.string(),
  isDefault: z.boolean().nullish(),
  default: z.boolean().nullish(),
  cardType: z.string().nullish(),
  last4: z.string().nullish(),
  expiryMonth: z.number().int().nullish(),
  expiryYear: z.number().int().nullish(),
  description: z.string().nullish(),
  expiry: z.string().nullish(),
});
export type PaymentInstrumentData = z.infer<typeof InstrumentSchema>;
export { InstrumentSchema };

/** Issue 14 C: every part of a total (domain price-breakdown.ts), as the checkout service computed it. */
const PriceBreakdownSchema = z.object({
  parts: z.array(z.object({ kind: z.enum(PRICE_PART_KINDS), label: z.string(), amount: z.number().int() })),
  total: z.number().int(),
  wallet: z.number().int(),
  payNow: z.number().int(),
  dueLater: z.array(z.object({ label: z.string(), to: z.string(), amount: z.number().int() })).default([]),
});
export type PriceBreakdownData = z.infer<typeof PriceBreakdownSchema>;

const CheckoutDealSchema = z.object({
  dealId: z.number().int(),
  dealProductId: z.number().int(),
  quantity: z.number().int().nullish(),
  available: z.union([z.boolean(), z.number().int()]).nullish(),
  soldOut: z.boolean().nullish(),
});

export const CheckoutViewSchema = z.object({
  deals: z.array(CheckoutDealSchema).default([]),
  orderSummary: z.object({
    subtotal: PenceSchema.nullish(),
    postage: PenceSchema.nullish(),
    promoDiscount: PenceSchema.nullish(),
    walletCredit: PenceSchema.nullish(),
    vip: PenceSchema.nullish(),
    totalOrderAmount: PenceSchema,
    cashAmount: PenceSchema.nullish(),
  }),
  promoCode: z
    .object({ code: z.string().nullish(), applicable: z.boolean(), message: z.string().nullish(), outcome: z.string().nullish() })
    .nullish(),
  userInfo: z
    .object({
      paymentOptions: z
        .object({
          creditBalances: z.unknown().optional(),
          paymentInstruments: z.array(InstrumentSchema).nullish(),
          methods: z.array(z.object({ method: z.string(), available: z.boolean(), reason: z.string().nullish(), express: z.boolean().nullish() })).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  wallet: z
    .object({ balance: PenceSchema.nullish(), usable: PenceSchema.nullish(), using: z.boolean().nullish(), use: z.boolean().nullish() })
    .nullish(),
  countdown: z.number().int().nullish(),
  holdExpiresAt: z.string().nullish(),
  holdLimitReached: z.boolean().nullish(),
  holdAgainAt: z.string().nullish(),
  giftingConfig: GiftingConfigSchema.nullish(),
  giftingDetails: GiftingConfigSchema.partial().nullish(),
  isTravel: z.boolean().nullish(),
  isTravelValid: z.boolean().nullish(),
  pendingOrderNumber: z.string().max(40).nullish(),
  vipChecked: z.boolean().nullish(),
  vipPrice: PenceSchema.nullish(),
  /** Null when VIP is not offered (a guest, or a member already). */
  vipOffer: z.object({ price: PenceSchema, checked: z.boolean() }).nullish(),
  needsDeliveryAddress: z.boolean().nullish(),
  canPay: z.boolean().nullish(),
  breakdown: PriceBreakdownSchema.nullish(),
});
export type CheckoutView = z.infer<typeof CheckoutViewSchema>;
const CheckoutAnswerSchema = z.union([z.object({ data: CheckoutViewSchema }), CheckoutViewSchema]).transform((v) => ('data' in v ? v.data : v));

const VoucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.string(),
  dealId: z.number().int(),
  dealProductId: z.number().int(),
  title: z.string().nullish(),
  expiresAt: z.string().nullish(),
  extendedMonths: z.number().int().nullish(),
  recipientName: z.string().nullish(),
});

const OrderLineSchema = z.object({
  dealId: z.number().int(),
  dealProductId: z.number().int(),
  title: z.string().nullish(),
  quantity: z.number().int(),
  price: PenceSchema,
  finalDealOrderAmount: PenceSchema.nullish(),
  addonType: z.string().nullish(),
  gift: z.boolean().nullish(),
});

export const OrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string().nullish(),
  status: z.enum(ORDER_STATUSES),
  /** 'order', or 'addon' for a VVE add-on order. */
  kind: z.string().nullish(),
  createdAt: z.string(),
  paidAt: z.string().nullish(),
  lines: z.array(OrderLineSchema).default([]),
  quantity: z.number().int().nullish(),
  total: PenceSchema.nullish(),
  totalAmount: PenceSchema.nullish(),
  cashAmount: PenceSchema.nullish(),
  walletUsed: PenceSchema.nullish(),
  walletAmountUsed: PenceSchema.nullish(),
  currency: z.enum(['GBP', 'EUR']).nullish(),
  paymentMethod: z.string().nullish(),
  cardType: z.string().nullish(),
  vouchers: z.array(VoucherSchema).default([]),
  breakdown: PriceBreakdownSchema.nullish(),
  customerToken: z.string().nullish(),
  /** For a guest's order: the token that reads it back (kept in an HttpOnly cookie by the gateway). */
  accessToken: z.string().nullish(),
  message: z.string().nullish(),
  /** The VVE add-on this order can still buy (the /order-addon page); null when it cannot. */
  validityExtensionOffer: z.object({ addonType: z.string(), title: z.string(), price: PenceSchema, months: z.number().int() }).nullish(),
});
export type Order = z.infer<typeof OrderSchema>;
export type Voucher = z.infer<typeof VoucherSchema>;

/** An order answer: the order itself, `{ order }`, or spec §3's `{ data: { quantity, cardType, walletAmountUsed, currency, productOrder: { id }, order } }`. */
const OrderAnswerSchema = z.unknown().transform((value, ctx): Order => {
  const outer = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const wrapper = outer.data && typeof outer.data === 'object' && !Array.isArray(outer.data) ? (outer.data as Record<string, unknown>) : outer;
  const candidate = wrapper.order && typeof wrapper.order === 'object' ? wrapper.order : wrapper;
  const parsed = OrderSchema.safeParse(candidate);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: `not an order: ${parsed.error.issues[0]?.message ?? ''}` });
    return z.NEVER;
  }
  return { ...parsed.data, ...pick(wrapper) };
});
/** Spec §3 order response fields beside `order` (data.cardType, walletAmountUsed, productOrder.id, accessToken). */
function pick(v: Record<string, unknown>): Partial<Order> {
  const out: Partial<Order> = {};
  if (typeof v.cardType === 'string') out.cardType = v.cardType;
  if (typeof v.accessToken === 'string') out.accessToken = v.accessToken;
  const po = v.productOrder as { id?: unknown } | undefined;
  if (po && (typeof po.id === 'string' || typeof po.id === 'number')) out.orderNumber = String(po.id);
  return out;
}

const OrdersPageSchema = z
  .union([z.object({ data: z.array(OrderSchema), total: z.number().int().nullish(), hasMore: z.boolean().nullish() }).passthrough(), z.array(OrderSchema)])
  .transform((v) => (Array.isArray(v) ? { orders: v, hasMore: null as boolean | null } : { orders: v.data, hasMore: v.hasMore ?? (typeof v.total === 'number' ? null : null), total: v.total ?? null }));

const ExpressBuyTokenSchema = z.object({ token: z.string(), price: z.number().int(), expiresAt: z.string() });
const ExpressBuySchema = z.union([z.object({ data: ExpressBuyTokenSchema }), ExpressBuyTokenSchema]).transform((v) => ('data' in v ? v.data : v));
export type ExpressBuyTokenData = z.infer<typeof ExpressBuyTokenSchema>;

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
  | { kind: 'pending'; order: Order | null; orderId: string | null; accessToken: string | null }
  | { kind: 'problem'; status: number; code: string; message: string | null; retryable: boolean | null; productId: number | null; available: number | null; retryAfterSeconds?: number | null; errors: { field: string; message: string }[] };

const ProblemBodySchema = z.object({
  code: z.string().regex(/^[A-Z0-9_]{1,64}$/).optional(),
  detail: z.string().max(2000).nullish(),
  message: z.string().max(2000).nullish(),
  retryable: z.boolean().nullish(),
  productId: z.number().int().nullish(),
  available: z.number().int().nullish(),
  retryAfterSeconds: z.number().int().min(0).nullish(),
  orderId: z.string().nullish(),
  accessToken: z.string().nullish(),
  order: z.unknown().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).max(50).optional(),
});

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
  orders(customerToken: string, page: number, pageSize: number): Promise<{ orders: Order[]; hasMore: boolean | null }>;
  expressBuyToken(input: { email: string; dealId: number; productId: number }): Promise<{ token: ExpressBuyTokenData } | { problem: PlaceOrderAnswer & { kind: 'problem' } }>;
  /** POST /express-buy/{token}/order?customerToken=: the token's option paid with a saved instrument. */
  placeExpressOrder(token: string, owner: Owner, idempotencyKey: string, body: { expectedCashAmount: number; payment: { method: string; savedInstrumentId: string }; email: string | null }): Promise<PlaceOrderAnswer>;
  /** POST /order-addon?customerToken|accessToken: the VVE extension of a paid order's vouchers. */
  orderAddon(
    idempotencyKey: string,
    reader: { customerToken: string | null; accessToken: string | null },
    body: { orderNumber: string; addonType: 'VVE'; months: number; expectedCashAmount: number; payment: OrderPayment },
  ): Promise<PlaceOrderAnswer>;
}

const seg = encodeURIComponent;

function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

function answerOf(res: RawResponse, method: string, logPath: string): PlaceOrderAnswer {
  if (res.status === 200 || res.status === 201) return { kind: 'placed', order: parse(OrderAnswerSchema, res.body, method, logPath, res.status, 'checkout') };
  const problem = ProblemBodySchema.safeParse(res.body);
  const p = problem.success ? problem.data : {};
  if (res.status === 202) {
    const order = OrderAnswerSchema.safeParse(res.body);
    const inner = p.order !== undefined ? OrderSchema.safeParse(p.order) : null;
    return {
      kind: 'pending',
      order: order.success ? order.data : inner?.success ? inner.data : null,
      orderId: p.orderId ?? null,
      accessToken: p.accessToken ?? null,
    };
  }
  if (res.status >= 500 || res.status < 400 || !p.code) throw problemError(method, logPath, res.status, res.body, 'checkout');
  return {
    kind: 'problem',
    status: res.status,
    code: p.code,
    message: p.message ?? p.detail ?? null,
    retryable: p.retryable ?? null,
    productId: p.productId ?? null,
    available: p.available ?? null,
    retryAfterSeconds: p.retryAfterSeconds ?? null,
    errors: p.errors ?? [],
  };
}

/**
 * @param rest the default client (2500 ms)
 * @param orderRest the same service with the order deadline (ORDER_TIMEOUT_MS)
 */
export function createCheckoutClient(rest: RestClient, orderRest: RestClient): CheckoutClient {
  async function viewCall(method: 'GET' | 'PUT', path: string, logPath: string, body?: unknown): Promise<CheckoutView | null> {
    const res = await rest.raw(method, path, { ...(body !== undefined ? { body } : {}), logPath });
    if (res.status === 404) return null;
    if (res.status < 200 || res.status > 299) throw problemError(method, logPath, res.status, res.body, 'checkout');
    return parse(CheckoutAnswerSchema, res.body, method, logPath, res.status, 'checkout');
  }

  return {
    view: (token, q) =>
      viewCall('GET', `/checkout/${seg(token)}${query({ customerToken: q.customerToken, vipUser: q.vipUser ? true : null, refresh: q.refresh ? true : null, email: q.email ?? null })}`, '/checkout/{token}'),
    setOptions: (token, owner, options) =>
      viewCall('PUT', `/checkout/${seg(token)}/options${query({ customerToken: owner.customerToken, vipUser: owner.vipUser ? true : null })}`, '/checkout/{token}/options', options),
    async trimHold(token, owner) {
      const logPath = '/checkout/{token}/hold/trim';
      const res = await rest.raw('POST', `/checkout/${seg(token)}/hold/trim${query({ customerToken: owner.customerToken })}`, { logPath });
      if (res.status !== 200 && res.status !== 404) throw problemError('POST', logPath, res.status, res.body, 'checkout');
    },
    async giftingConfig() {
      const res = await rest.raw('GET', '/checkout/config/gifting');
      if (res.status !== 200) throw problemError('GET', '/checkout/config/gifting', res.status, res.body, 'checkout');
      return parse(z.union([z.object({ data: GiftingConfigSchema }), GiftingConfigSchema]).transform((v) => ('data' in v ? v.data : v)), res.body, 'GET', '/checkout/config/gifting', 200, 'checkout');
    },
    async placeOrder(token, owner, idempotencyKey, body) {
      const logPath = '/checkout/{token}/order';
      const q = query({ customerToken: owner.customerToken, vipUser: owner.vipUser ? true : null });
      const res = await orderRest.raw('POST', `/checkout/${seg(token)}/order${q}`, { body, headers: { 'idempotency-key': idempotencyKey }, logPath });
      return answerOf(res, 'POST', logPath);
    },
    async order(orderId, reader) {
      const logPath = '/order/{id}';
      const res = await rest.raw('GET', `/order/${seg(orderId)}${query(reader)}`, { logPath });
      if (res.status === 404 || res.status === 400) return null;
      if (res.status !== 200) throw problemError('GET', logPath, res.status, res.body, 'checkout');
      return parse(OrderAnswerSchema, res.body, 'GET', logPath, 200, 'checkout');
    },
    async orders(customerToken, page, pageSize) {
      const logPath = '/orders?customerToken=…';
      const res = await rest.raw('GET', `/orders${query({ customerToken, page, pageSize })}`, { logPath });
      if (res.status !== 200) throw problemError('GET', logPath, res.status, res.body, 'checkout');
      const parsed = parse(OrdersPageSchema, res.body, 'GET', logPath, 200, 'checkout');
      return { orders: parsed.orders, hasMore: parsed.hasMore };
    },
    async expressBuyToken({ email, dealId, productId }) {
      const logPath = '/express-buy-token';
      const res = await rest.raw('POST', '/express-buy-token', { body: { expressBuyTokenRequest: { email }, dealId, productId }, logPath });
      if (res.status === 200 || res.status === 201) return { token: parse(ExpressBuySchema, res.body, 'POST', logPath, res.status, 'checkout') };
      const answer = answerOf(res, 'POST', logPath);
      if (answer.kind !== 'problem') throw problemError('POST', logPath, res.status, res.body, 'checkout');
      return { problem: answer };
    },
    async placeExpressOrder(token, owner, idempotencyKey, body) {
      const logPath = '/express-buy/{token}/order';
      const res = await orderRest.raw('POST', `/express-buy/${seg(token)}/order${query({ customerToken: owner.customerToken, vipUser: owner.vipUser ? true : null })}`, { body, headers: { 'idempotency-key': idempotencyKey }, logPath });
      return answerOf(res, 'POST', logPath);
    },
    async orderAddon(idempotencyKey, reader, body) {
      const logPath = '/order-addon';
      const res = await orderRest.raw('POST', `/order-addon${query(reader)}`, { body, headers: { 'idempotency-key': idempotencyKey }, logPath });
      return answerOf(res, 'POST', logPath);
    },
  };
}
