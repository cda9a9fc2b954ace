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
 * reliability Z1/Z3). Answers are parsed with the service's own contract schemas
 * (services/basket/src/contract.ts); a drift fails loudly (BAD_RESPONSE, masked).
 */
import { ApplyVipDiscountSchema, BasketListSchema, BasketSchema, type BasketResponse } from '@shop/basket/contract';
import type { RestClient } from './rest-client.ts';

export type Basket = BasketResponse;
export type BasketLine = Basket['products'][number];

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
  /** Spec §7 apply-vip-discount: a member's lines moved to their VIP options, and which moved; null when there is no such basket. */
  applyVipDiscount(token: string, customerToken: string | null): Promise<{ basket: Basket; moved: { fromProductId: number; toProductId: number; quantity: number; price: number; vipPrice: number }[] } | null>;
}

const seg = encodeURIComponent;
const ct = (customerToken: string | null) => (customerToken ? `customerToken=${seg(customerToken)}&` : '');
const BRAND = 'shop';

export function createBasketClient(rest: RestClient): BasketClient {
  /** A basket answer, or null on 404; any other non-2xx is a ServiceError with the problem's code and fields. */
  const basketCall = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, logPath: string, body?: unknown): Promise<Basket | null> =>
    rest.send(method, path, { ...(body !== undefined ? { body } : {}), logPath, parser: BasketSchema, nullOn404: true });

  return {
    async create({ customerToken, eligibleForVip, products }) {
      const body = { brand: BRAND, customerToken, eligibleForVip, products };
      // The token is in the Location header (spec §7), so this answer is read whole.
      const res = await rest.raw('POST', '/basket', { body });
      if (res.status !== 200 && res.status !== 201) throw res.error();
      const location = res.headers.get('location');
      const token = location ? (location.replace(/[?#].*$/, '').split('/').filter(Boolean).pop() ?? null) : null;
      return { token: token ? decodeURIComponent(token) : null, basket: res.parse(BasketSchema) };
    },
    byToken: (token, customerToken) => basketCall('GET', `/basket/${seg(token)}?${ct(customerToken)}giftPacks=true`, '/basket/{token}'),
    // Spec §7: an array whose first item is the customer's basket.
    byCustomer: async (customerToken) =>
      (await rest.send('GET', `/basket?${ct(customerToken)}giftPacks=true`, { logPath: '/basket?customerToken=…', parser: BasketListSchema, nullOn404: true }))?.[0] ?? null,
    addLine: (token, customerToken, line) => basketCall('POST', `/basket/${seg(token)}/product?${ct(customerToken)}`, '/basket/{token}/product', line),
    updateLine: (token, customerToken, productId, patch) =>
      basketCall('PATCH', `/basket/${seg(token)}/product/${productId}?${ct(customerToken)}`, '/basket/{token}/product/{id}', patch),
    removeLine: (token, customerToken, productId) =>
      basketCall('DELETE', `/basket/${seg(token)}/product/${productId}?${ct(customerToken)}`, '/basket/{token}/product/{id}'),
    addAddon: (token, customerToken, addon) => basketCall('POST', `/basket/${seg(token)}/addon?${ct(customerToken)}`, '/basket/{token}/addon', addon),
    merge: (guestToken, customerToken) => basketCall('POST', `/basket/${seg(guestToken)}/merge`, '/basket/{token}/merge', { customerToken }),
    applyVipDiscount: (token, customerToken) =>
      rest.send('POST', `/basket/${seg(token)}/apply-vip-discount?${ct(customerToken)}`, { logPath: '/basket/{token}/apply-vip-discount', parser: ApplyVipDiscountSchema, nullOn404: true }),
    updateVipStatus: (token, customerToken, vipStatus) => basketCall('POST', `/basket/${seg(token)}/update-vip-status?${ct(customerToken)}`, '/basket/{token}/update-vip-status', { vipStatus }),
  };
}
