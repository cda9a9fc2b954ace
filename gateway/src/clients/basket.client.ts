/**
 * Typed client of the basket service (services/basket; spec §7 "Basket and checkout", the flow in
 * services/checkout/README.md).
 *
 * - POST /basket creates a basket; its token is the last segment of the Location header (spec §7).
 * - GET /basket/{token}?giftPacks=true and GET /basket?customerToken=…&giftPacks=true (an array
 *   answer uses its first item, spec §7).
 * - POST /basket/{token}/product, PATCH /basket/{token}/product/{id}, DELETE
 *   /basket/{token}/product/{id}, POST /basket/{token}/addon, POST /basket/{guestToken}/merge.
 *
 * Every call on a basket carries the signed-in shopper's customer token (from the session, never
 * from client input): a customer's basket answers only for that customer (404 for anyone else,
 * reliability Z1/Z3). Answers are parsed with zod; a drift fails loudly (BAD_RESPONSE, masked).
 */
import { z } from 'zod';
import type { RestClient } from './rest-client.ts';
import { ServiceError } from './service-error.ts';

const MoneySchema = z.object({ amount: z.number().int(), currency: z.enum(['GBP', 'EUR']) });

export const BasketLineSchema = z.object({
  dealId: z.number().int(),
  dealProductId: z.number().int(),
  title: z.string().nullish(),
  quantity: z.number().int(),
  payDeposit: z.boolean().nullish(),
  deliveryOptionType: z.string().nullish(),
  giftPack: z.number().int().nullish(),
  giftWrap: z.number().int().nullish(),
  gift: z.object({ name: z.string(), email: z.string().nullish(), message: z.string().nullish() }).nullish(),
  gifting: z
    .object({
      gift: z.boolean().nullish(),
      giftPackProductId: z.number().int().nullish(),
      giftProductId: z.number().int().nullish(),
      type: z.string().nullish(),
    })
    .nullish(),
  purchaseUrl: z.string().nullish(),
  sessionPurchaseSource: z.string().nullish(),
  numberOfNights: z.number().int().nullish(),
  /** What the basket service worked out from the deals stock view, when it says (spec §5 purchase limit). */
  maxQuantity: z.number().int().nullish(),
  minQuantity: z.number().int().nullish(),
  soldOut: z.boolean().nullish(),
  unitPrice: MoneySchema.nullish(),
  postage: MoneySchema.nullish(),
});
export type BasketLine = z.infer<typeof BasketLineSchema>;

export const BasketAddonSchema = z.object({
  addonType: z.string(),
  productId: z.number().int(),
  quantity: z.number().int(),
  price: MoneySchema.nullish(),
});

export const BasketSchema = z.object({
  id: z.string(),
  customerToken: z.string().nullish(),
  brand: z.string().nullish(),
  eligibleForVip: z.boolean().nullish(),
  products: z.array(BasketLineSchema),
  addons: z.array(BasketAddonSchema).nullish(),
  giftWrap: z.number().int().nullish(),
});
export type Basket = z.infer<typeof BasketSchema>;

/** A basket answer: the basket itself, wrapped in `data`, or (spec §7) an array whose first item is used. */
const BasketAnswerSchema = z.union([z.object({ data: z.union([BasketSchema, z.array(BasketSchema)]) }), BasketSchema, z.array(BasketSchema)]).transform((value) => {
  const inner = 'data' in value && !Array.isArray(value) ? value.data : value;
  return Array.isArray(inner) ? (inner[0] ?? null) : inner;
});

export interface NewLine {
  dealId: number;
  dealProductId: number;
  quantity: number;
  payDeposit: boolean;
  purchaseUrl?: string | null;
  sessionPurchaseSource?: string | null;
}

/** Spec §7 PATCH basket/{token}/product/{id}: any of these. */
export interface LinePatch {
  quantity?: number;
  payDeposit?: boolean;
  deliveryOptionType?: string | null;
  giftWrap?: number;
  giftPack?: number;
  gift?: { name: string; email?: string | null; message?: string | null } | null;
  gifting?: { gift: boolean; giftPackProductId: number | null; giftProductId: number | null; type: string };
}

export interface BasketClient {
  /** Creates a basket with its first lines; the token is the Location header's last segment, as it came (checked by the caller). */
  create(input: { customerToken: string | null; eligibleForVip: boolean; products: NewLine[] }): Promise<{ token: string | null; basket: Basket | null }>;
  /** Null when there is no such basket, or it is not this shopper's. */
  byToken(token: string, customerToken: string | null): Promise<Basket | null>;
  byCustomer(customerToken: string): Promise<Basket | null>;
  addLine(token: string, customerToken: string | null, line: NewLine): Promise<Basket | null>;
  updateLine(token: string, customerToken: string | null, productId: number, patch: LinePatch): Promise<Basket | null>;
  removeLine(token: string, customerToken: string | null, productId: number): Promise<Basket | null>;
  addAddon(token: string, customerToken: string | null, addon: { addonType: string; productId: number; quantity: number }): Promise<Basket | null>;
  /** Merges a guest basket into the customer's (spec §4 merge rules); null when the guest basket is gone. */
  merge(guestToken: string, customerToken: string): Promise<Basket | null>;
  /** Spec §7 update-vip-status: the basket's eligibleForVip follows (true only for ACTIVE). */
  updateVipStatus(token: string, customerToken: string | null, vipStatus: string): Promise<Basket | null>;
}

const seg = encodeURIComponent;
const ct = (customerToken: string | null) => (customerToken ? `customerToken=${seg(customerToken)}&` : '');
const BRAND = 'shop';

export function createBasketClient(rest: RestClient): BasketClient {
  /** A basket answer, or null on 404; any other non-2xx is a ServiceError with the problem's code and fields. */
  async function basketCall(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, logPath: string, body?: unknown): Promise<Basket | null> {
    const res = await rest.raw(method, path, { ...(body !== undefined ? { body } : {}), logPath });
    if (res.status === 404) return null;
    if (res.status < 200 || res.status > 299) throw problemError(method, logPath, res.status, res.body);
    if (res.status === 204 || res.body === null) return null;
    return parse(BasketAnswerSchema, res.body, method, logPath, res.status);
  }

  return {
    async create({ customerToken, eligibleForVip, products }) {
      const body = { brand: BRAND, customerToken, eligibleForVip, products };
      const res = await rest.raw('POST', '/basket', { body });
      if (res.status < 200 || res.status > 299) throw problemError('POST', '/basket', res.status, res.body);
      const location = res.headers.get('location');
      const token = location ? (location.replace(/[?#].*$/, '').split('/').filter(Boolean).pop() ?? null) : null;
      const basket = res.body === null ? null : parse(BasketAnswerSchema, res.body, 'POST', '/basket', res.status);
      return { token: token ? decodeURIComponent(token) : null, basket };
    },
    byToken: (token, customerToken) => basketCall('GET', `/basket/${seg(token)}?${ct(customerToken)}giftPacks=true`, '/basket/{token}'),
    byCustomer: (customerToken) => basketCall('GET', `/basket?${ct(customerToken)}giftPacks=true`, '/basket?customerToken=…'),
    addLine: (token, customerToken, line) => basketCall('POST', `/basket/${seg(token)}/product?${ct(customerToken)}`, '/basket/{token}/product', line),
    updateLine: (token, customerToken, productId, patch) =>
      basketCall('PATCH', `/basket/${seg(token)}/product/${productId}?${ct(customerToken)}`, '/basket/{token}/product/{id}', patch),
    removeLine: (token, customerToken, productId) =>
      basketCall('DELETE', `/basket/${seg(token)}/product/${productId}?${ct(customerToken)}`, '/basket/{token}/product/{id}'),
    addAddon: (token, customerToken, addon) => basketCall('POST', `/basket/${seg(token)}/addon?${ct(customerToken)}`, '/basket/{token}/addon', addon),
    merge: (guestToken, customerToken) => basketCall('POST', `/basket/${seg(guestToken)}/merge`, '/basket/{token}/merge', { customerToken }),
    updateVipStatus: (token, customerToken, vipStatus) => basketCall('POST', `/basket/${seg(token)}/update-vip-status?${ct(customerToken)}`, '/basket/{token}/update-vip-status', { vipStatus }),
  };
}

// ---------------------------------------------------------------------------------------------
// Shared by the buying clients: problems and parsing of raw answers.

const ProblemSchema = z.object({
  code: z.string().regex(/^[A-Z0-9_]{1,64}$/).optional(),
  detail: z.string().max(2000).nullish(),
  message: z.string().max(2000).nullish(),
  productId: z.number().int().nullish(),
  available: z.number().int().nullish(),
  retryable: z.boolean().nullish(),
  retryAfterSeconds: z.number().int().min(0).nullish(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).max(50).optional(),
});

/** A buying service's problem: the ServiceError the other clients throw, with what a StockError or PaymentError shows. */
export class BuyingProblemError extends ServiceError {
  readonly productId: number | null;
  readonly available: number | null;
  readonly problemMessage: string | null;
  readonly retryable: boolean | null;

  constructor(service: string, status: number, code: string, detail: string, problem: z.infer<typeof ProblemSchema>) {
    super(service, status, code, { detail, retryAfterSeconds: problem.retryAfterSeconds ?? null, ...(problem.errors ? { fieldErrors: problem.errors.slice(0, 20) } : {}) });
    this.productId = problem.productId ?? null;
    this.available = problem.available ?? null;
    this.problemMessage = problem.message ?? problem.detail ?? null;
    this.retryable = problem.retryable ?? null;
  }
}

/** A non-2xx raw answer as the ServiceError the other clients throw (code, field errors), with the problem's figures. */
export function problemError(method: string, logPath: string, status: number, body: unknown, service = 'basket'): BuyingProblemError {
  const problem = ProblemSchema.safeParse(body);
  const data = problem.success ? problem.data : {};
  const code = data.code ?? (status >= 500 ? 'INTERNAL' : `HTTP_${status}`);
  return new BuyingProblemError(service, status, code, `${method} ${logPath}`, data);
}

export function parse<T>(schema: z.ZodType<T>, body: unknown, method: string, logPath: string, status: number, service = 'basket'): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ServiceError(service, status, 'BAD_RESPONSE', { detail: `${method} ${logPath}: body does not match the contract`, cause: parsed.error });
  return parsed.data;
}
