/**
 * A voucher (spec §3) as the vouchers service shows it (services/vouchers contract.ts
 * VoucherSchema): the same object whichever way it came, its order (Order.vouchers, the checkout
 * answering with the same shape) or its holder's list (Customer.vouchers), and `node(id:)`.
 *
 * Its id stays Voucher:{orderId}:{voucherId}, the order named by its public id, the order number
 * (the checkout's order id, Order's own id), not the vouchers service's internal `orderId`.
 * node(id:) answers only who may read it:
 * - its signed-in holder, through the vouchers service (GET /voucher/{id}?customerToken=), e.g.
 *   the recipient after claiming a gift; the id's order must be the voucher's own;
 * - else through its order (loadOrder: the signed-in buyer's own orders, or a guest's order this
 *   browser placed).
 * Anyone else, an unknown or malformed id and a retyped one all get the same null, after the same
 * calls (reliability Z1, Z2).
 */
import type { VoucherDetail, VoucherEventData, VoucherData } from '../../clients/vouchers.client.ts';
import type { GatewayContext } from '../../context.ts';
import { fromGlobalId, toGlobalId } from '../../relay/global-id.ts';
import type { TypedNode } from '../../relay/node.ts';
import { loadOrder } from '../buying/Order.ts';
import type { VoucherResolvers } from '../__generated__/resolvers.ts';
import { expiredCreditUntil, isExpired, type RedeemIllustrationType } from '@shop/domain/voucher-status';
import { REDEEM_ILLUSTRATION_ENUM, redeemIllustrationOf, type TravelNavigationType } from './redeem-illustration.ts';
import { REDEEM_INSTRUCTIONS } from '@shop/domain/redeem-instructions';
import { voucherReturnFields } from './Voucher.return.ts';

/** The parent of Voucher's resolvers: the service's voucher, with its history when it was read with it. */
export type VoucherParent = VoucherData & { history?: VoucherEventData[]; __typename?: 'Voucher' };

/** Voucher ids are the service's UUIDs: anything else is no voucher and never reaches REST (a 400 there). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The service's money as the Money type's parent (the shop sells in GBP; EUR is the only other currency). */
export const moneyOf = (m: VoucherData['price']) => ({ amount: m.amount, currency: m.currency === 'EUR' ? ('EUR' as const) : ('GBP' as const) });

/** The navigation type of a deal's category (the travel location's navigation names it); null when it has none. */
async function travelNavigationType(ctx: GatewayContext, location: string, categoryId: number): Promise<TravelNavigationType> {
  const navigation = await ctx.loaders.navigationByLocation.load(location);
  return navigation?.find((item) => item.id === categoryId)?.navigationType ?? null;
}

/** How a voucher of this deal is redeemed (redeem-illustration.ts), read through the request's loaders. */
export async function voucherIllustration(ctx: GatewayContext, dealId: number): Promise<RedeemIllustrationType> {
  const deal = await ctx.loaders.dealById.load(dealId);
  const travel = deal?.deliveryType === 'travel' ? await travelNavigationType(ctx, deal.location.slug, deal.category.id) : null;
  return redeemIllustrationOf(deal, travel);
}

export const VoucherType: VoucherResolvers = {
  // Voucher:{orderNumber}:{voucherId}: the same id through the order and through the holder's list.
  id: (v) => toGlobalId('Voucher', `${v.orderNumber}:${v.id}`),
  // A gift received: the price is the giver's business (the service says so on the holder's reads).
  price: (v) => (v.giftReceived ? null : moneyOf(v.price)),
  paid: (v) => (v.giftReceived ? null : moneyOf(v.paid)),
  giftReceived: (v) => v.giftReceived === true,
  deal: (v, _a, ctx) => ctx.loaders.dealById.load(v.dealId),
  redeemIllustration: async (v, _a, ctx) => REDEEM_ILLUSTRATION_ENUM[await voucherIllustration(ctx, v.dealId)],
  howToRedeem: async (v, _a, ctx) => {
    const { title, steps } = REDEEM_INSTRUCTIONS[await voucherIllustration(ctx, v.dealId)];
    return { title, steps: [...steps] };
  },
  // The service gives it to the holder's reads only (the order's view has null): never the code.
  redemptionLink: (v) => v.redemptionLink ?? null,
  // Only its signed-in holder reads the history (the service answers no one else): one call per
  // voucher, so lists ask for it on demand (the My Vouchers help panel), not with every card.
  history: async (v, _a, ctx) => v.history ?? (await ctx.loaders.heldVoucherById.load(v.id))?.history ?? [],
  // Returns of goods (Voucher.return.ts).
  ...voucherReturnFields,
  expiredCredit: (v) => expiredCreditOffer(v, new Date()),
};

/**
 * An expired voucher's paid value as wallet credit, valid from today (spec §9), as the vouchers
 * service would give it (POST /voucher/expired-credit): Expired, or past its date before the expiry
 * job reached it; never a gift received. Only on the holder's own reads (the ones with a
 * redemption link: an order's view answers giftReceived false for a gift someone claimed).
 */
export function expiredCreditOffer(v: VoucherData, now: Date): { amount: ReturnType<typeof moneyOf>; validUntil: string } | null {
  if (v.giftReceived || !v.redemptionLink) return null;
  const pastItsDate = (v.status === 'Ready to Redeem' || v.status === 'Booked') && isExpired(v.expiresAt ? new Date(v.expiresAt) : null, now);
  if (v.status !== 'Expired' && !pastItsDate) return null;
  return { amount: moneyOf(v.paid), validUntil: expiredCreditUntil(now).toISOString() };
}

/** The order number and the service's voucher id of a `{orderNumber}:{voucherId}` key; null when it cannot be a voucher's. */
function voucherKeyOf(key: string): { orderNumber: string; voucherId: string } | null {
  const parts = key.split(':');
  if (parts.length !== 2) return null;
  const [orderNumber = '', voucherId = ''] = parts;
  return UUID.test(voucherId) ? { orderNumber, voucherId } : null;
}

/**
 * The voucher a global id names, when the signed-in shopper holds it (the vouchers service's own
 * read, with its history); null for a guest, anyone else's voucher, an unknown, malformed or
 * retyped id alike (Z1, Z2). What the holder's own actions (refund, print) start from.
 */
export async function heldVoucherOf(ctx: GatewayContext, globalId: string): Promise<VoucherDetail | null> {
  const parsed = fromGlobalId(globalId);
  const key = parsed?.type === 'Voucher' ? voucherKeyOf(parsed.key) : null;
  if (!key) return null;
  const held = await ctx.loaders.heldVoucherById.load(key.voucherId);
  return held && held.orderNumber === key.orderNumber ? held : null;
}

/** The voucher of a `Voucher:{orderNumber}:{voucherId}` key, when this shopper may read it; null otherwise (Z1). */
export async function loadVoucherNode(ctx: GatewayContext, key: string): Promise<TypedNode | null> {
  const parsed = voucherKeyOf(key);
  if (!parsed) return null;
  const { orderNumber, voucherId } = parsed;
  const held: VoucherDetail | null = await ctx.loaders.heldVoucherById.load(voucherId);
  if (held && held.orderNumber === orderNumber) return { __typename: 'Voucher', ...held };
  const order = await loadOrder(ctx, orderNumber);
  const voucher = order?.vouchers.find((v) => v.id === voucherId);
  return voucher ? { __typename: 'Voucher', ...voucher } : null;
}
