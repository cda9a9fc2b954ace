/**
 * MerchantBusiness.ordersToPost, sentOrders and returnsOnTheirWay (issue 17 point 5): the parent
 * is a business the viewer is a member of (MerchantAccount.business), so only its own deals are
 * ever asked about (the Z rule).
 */
import { encodePostingCursor } from '@shop/vouchers/posting/posting.contract';
import type { PostedOrderData, ReturnsPage } from '../../clients/posting.client.ts';
import type { MerchantBusinessResolvers, PostedOrder, ReturnOnItsWay } from '../__generated__/resolvers.ts';
import { postalDealIds } from './postal-deals.ts';

const PAGE_MAX = 100;
const pageSize = (first: number | null | undefined) => Math.min(Math.max(first ?? 20, 1), PAGE_MAX);
const emptyPage = { edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } };

export function postedOrderOf(o: PostedOrderData): PostedOrder {
  return {
    voucherId: o.voucherId,
    orderNumber: o.orderNumber,
    dealId: o.dealId,
    optionTitle: o.title,
    lineQuantity: o.lineQuantity,
    paidAt: o.paidAt,
    status: o.status,
    deliverTo: o.deliverTo,
    sent: o.dispatch ? { carrier: o.dispatch.carrier, trackingReference: o.dispatch.trackingReference, sentAt: o.dispatch.sentAt } : null,
  };
}

const returnOf = (r: ReturnsPage['returns'][number]): ReturnOnItsWay => ({
  voucherId: r.voucherId,
  orderNumber: r.orderNumber,
  optionTitle: r.title,
  reason: r.reason,
  note: r.note,
  carrier: r.carrier,
  trackingNumber: r.trackingNumber,
  requestedAt: r.requestedAt,
});

function connection<T>(items: T[], cursorOf: (item: T) => string, nextAfter: string | null) {
  const edges = items.map((node) => ({ cursor: cursorOf(node), node }));
  return { edges, pageInfo: { hasNextPage: nextAfter !== null, hasPreviousPage: false, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null } };
}

export const merchantBusinessPostingFields: Pick<MerchantBusinessResolvers, 'ordersToPost' | 'sentOrders' | 'returnsOnTheirWay'> = {
  ordersToPost: async (b, { first, after }, ctx) => {
    const dealIds = await postalDealIds(ctx, b.till.dealIds);
    if (!dealIds.length) return emptyPage;
    const page = await ctx.clients.posting.toPost(dealIds, pageSize(first), after ?? null);
    return connection(page.orders.map(postedOrderOf), (o) => encodePostingCursor({ at: new Date(o.paidAt), id: o.voucherId }), page.nextAfter);
  },
  sentOrders: async (b, { first, after }, ctx) => {
    const dealIds = await postalDealIds(ctx, b.till.dealIds);
    if (!dealIds.length) return emptyPage;
    const page = await ctx.clients.posting.sent(dealIds, pageSize(first), after ?? null);
    return connection(page.orders.map(postedOrderOf), (o) => encodePostingCursor({ at: new Date(o.sent?.sentAt ?? o.paidAt), id: o.voucherId }), page.nextAfter);
  },
  returnsOnTheirWay: async (b, { first, after }, ctx) => {
    const dealIds = await postalDealIds(ctx, b.till.dealIds);
    if (!dealIds.length) return emptyPage;
    const page = await ctx.clients.posting.returns(dealIds, pageSize(first), after ?? null);
    return connection(page.returns.map(returnOf), (r) => encodePostingCursor({ at: new Date(r.requestedAt), id: r.voucherId }), page.nextAfter);
  },
};
