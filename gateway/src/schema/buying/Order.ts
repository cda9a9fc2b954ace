/**
 * Orders, vouchers, the wallet and saved instruments (spec §3 order response and items, voucher
 * statuses; §7 GET user/wallet, /payment/addon/paymentInstruments).
 *
 * An order is only ever its owner's: the signed-in customer's own (the checkout service answers
 * GET /order/{id}?customerToken= only for them), or one this browser placed as a guest (the
 * access token the service issued, kept in the HttpOnly `order_access` cookie). Anyone else, and
 * any malformed or unknown id, gets null: the same answer (reliability Z1, Z2).
 */
import { ORDERS_MAX_PAGE, VVE_PRICE_PER_VOUCHER_MONTH_PENCE } from '@shop/checkout';
import { VOUCHER_EXTENSION_MAX_MONTHS } from '@shop/domain/voucher-status';
import { PAYMENT_METHODS, type PaymentMethod } from '@shop/domain';
import type { Order } from '../../clients/checkout.client.ts';
import type { GatewayContext } from '../../context.ts';
import { badUserInput, clampFirst, edgesAt, pageInfoOf, readWindow } from '../../relay/connection.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { CustomerParent } from '../accounts/Customer.ts';
import type { Resolver } from '../types.ts';
import { gbp } from './Basket.ts';
import { priceBreakdownOf } from './breakdown.ts';
import { instrumentOf } from './Checkout.ts';
import { identity, orderAccessToken } from './shopper.ts';
import type { CustomerResolvers, OrderLineResolvers, OrderResolvers } from '../__generated__/resolvers.ts';
import type { VoucherParent } from '../vouchers/Voucher.ts';
import { enumValue } from '../mappers.ts';

const isPaymentMethod = (method: string): method is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(method);

export type OrderParent = Order & { __typename?: 'Order' };
export type OrderLineParent = Order['lines'][number];

/** Order ids are the service's (UUIDs); anything else is no order and never reaches REST. */
const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The order when this shopper may read it; null otherwise (Z1: the same null for every other case). */
export async function loadOrder(ctx: GatewayContext, orderId: string): Promise<OrderParent | null> {
  if (!ORDER_ID.test(orderId)) return null;
  const { customerToken } = await identity(ctx);
  if (customerToken) {
    const own = await ctx.clients.checkout.order(orderId, { customerToken });
    if (own) return own;
  }
  const accessToken = orderAccessToken(ctx, orderId);
  if (!accessToken) return null;
  return ctx.clients.checkout.order(orderId, { accessToken });
}

export const OrderType: OrderResolvers = {
  id: (o) => toGlobalId('Order', o.id),
  orderNumber: (o) => o.orderNumber,
  status: (o) => o.status,
  createdAt: (o) => o.createdAt,
  lines: (o) => o.lines,
  quantity: (o) => o.quantity,
  total: (o) => o.total,
  cashAmount: (o) => o.cashAmount,
  walletAmountUsed: (o) => o.walletAmountUsed,
  // The order keeps the method as the shopper chose it; anything else is no method to show.
  paymentMethod: (o) => (isPaymentMethod(o.paymentMethod) ? enumValue(o.paymentMethod) : null),
  cardType: (o) => o.cardType,
  breakdown: (o) => priceBreakdownOf(o.breakdown),
  // The vouchers service's voucher as it is (vouchers/Voucher.ts), whichever way it is reached.
  vouchers: (o): VoucherParent[] => o.vouchers,
  validityExtensionOffer: (o) => {
    const offer = validityExtensionOffer(o);
    return offer ? { addonType: offer.addonType, title: offer.title, price: gbp(offer.price), months: offer.months } : null;
  },
};

/**
 * The VVE offer of a paid order when the checkout service does not send one: by the service's
 * own rule and figures (POST /order-addon): the vouchers still Ready to Redeem whose extension
 * so far (the service's extendedMonths; each deal has its own validity) leaves room for `months`
 * more, up to VOUCHER_EXTENSION_MAX_MONTHS, priced per voucher and month.
 */
export function validityExtensionOffer(o: Order): { addonType: 'VVE'; title: string; price: number; months: number } | null {
  if (o.status !== 'PAID' || o.kind !== 'order' || !o.paidAt) return null;
  const ready = o.vouchers.filter((v) => v.status === 'Ready to Redeem');
  if (ready.length === 0) return null;
  const extended = ready.map((v) => Math.min(VOUCHER_EXTENSION_MAX_MONTHS, Math.max(0, v.extendedMonths)));
  const months = VOUCHER_EXTENSION_MAX_MONTHS - Math.min(...extended);
  if (months <= 0) return null;
  const count = extended.filter((e) => e + months <= VOUCHER_EXTENSION_MAX_MONTHS).length;
  return {
    addonType: 'VVE',
    title: `Extend your vouchers by ${months} month${months === 1 ? '' : 's'}`,
    price: count * months * VVE_PRICE_PER_VOUCHER_MONTH_PENCE,
    months,
  };
}

export const OrderLineType: OrderLineResolvers = {
  addonType: (l) => l.addonType,
  deal: (l, _a, ctx) => ctx.loaders.dealById.load(l.dealId),
};

export const order: Resolver<unknown, { orderNumber: string }, Promise<OrderParent | null>> = (_p, { orderNumber }, ctx) => loadOrder(ctx, orderNumber);

/** The viewer's own fields only: Customer is only ever the viewer (accounts/Customer.ts). */
export async function viewerToken(ctx: GatewayContext, customer: CustomerParent): Promise<string | null> {
  const viewer = await ctx.session.viewer();
  return viewer && viewer.id === customer.id ? await ctx.customerToken() : null;
}

export const ORDERS_PAGE_DEFAULT = 10;

export const buyingCustomer: CustomerResolvers = {
  wallet: async (customer, _a, ctx) => {
    const customerToken = await viewerToken(ctx, customer);
    if (!customerToken) return [];
    return (await ctx.clients.wallet.balances(customerToken)).map((w) => ({
      currency: w.currency,
      balance: { amount: w.balance, currency: w.currency },
      marketingBalance: { amount: w.marketingBalance, currency: w.currency },
      refundableBalance: { amount: w.refundableBalance, currency: w.currency },
    }));
  },
  orders: async (customer, args: { first?: number | null; after?: string | null }, ctx) => {
    const pageSize = clampFirst(args.first, ORDERS_PAGE_DEFAULT);
    const customerToken = await viewerToken(ctx, customer);
    const window = await readWindow(args, pageSize, {
      page: async (page) => (customerToken ? ctx.clients.checkout.orders(customerToken, page, pageSize) : null),
      items: (r) => r.orders,
      hasMore: (r) => r.hasMore,
      // Deeper than the checkout pages orders: a forged cursor, refused rather than sent on (a 400 there).
      beyond: (page, offset) => {
        if (page + (offset > 0 ? 1 : 0) > ORDERS_MAX_PAGE) throw badUserInput('`after` is not a cursor from this list.', 'after');
        return false;
      },
    });
    const edges = edgesAt(window.items, window.start);
    return { edges, pageInfo: pageInfoOf(edges, window.start, window.hasNextPage) };
  },
  paymentInstruments: async (customer, _a, ctx) => {
    const customerToken = await viewerToken(ctx, customer);
    if (!customerToken) return [];
    const list = (await ctx.clients.payment.instruments(customerToken)).map(instrumentOf);
    return list.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  },
};
