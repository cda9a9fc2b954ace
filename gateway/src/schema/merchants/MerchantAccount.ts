/**
 * Customer.merchant and the MerchantAccount type (issue 17): the businesses the signed-in account
 * is a member of (null with none, so a shopper's page shows no merchant side), the dashboard URL
 * by merchant type (spec §7), and a business's latest redemption attempts.
 */
import type { MemberBusinessData } from '../../clients/merchant-businesses.client.ts';
import type { CustomerResolvers, MerchantAccountResolvers, MerchantBusinessType, MerchantRole } from '../__generated__/resolvers.ts';
import { businessGlobalId, isMembership, membershipOf } from './till.ts';

export interface MerchantAccountParent {
  businesses: MemberBusinessData[];
}

/** The most attempts one list shows. */
const RECENT_MAX = 50;

export const merchantCustomer: Pick<CustomerResolvers, 'merchant'> = {
  merchant: async (_u, _a, ctx) => {
    const token = await ctx.customerToken();
    if (!token) return null;
    const businesses = await ctx.clients.merchantBusinesses.businessesOf(token);
    return businesses.length ? { businesses } : null;
  },
};

export const MerchantAccount: MerchantAccountResolvers = {
  businesses: (m, _a, ctx) =>
    Promise.all(
      m.businesses.map(async (b) => ({
        id: businessGlobalId(b.id),
        name: b.name,
        type: b.type.toUpperCase() as MerchantBusinessType,
        city: b.city,
        role: b.role.toUpperCase() as MerchantRole,
        catalogueMerchant: b.catalogueMerchantId === null ? null : await ctx.loaders.merchantById.load(b.catalogueMerchantId),
      })),
    ),
  merchantDashboardUrl: (_m, { merchantType }, ctx) => ctx.clients.merchantBusinesses.dashboardUrl(merchantType.toLowerCase() as 'local' | 'shop' | 'travel'),
  recentRedemptions: async (_m, { businessId, first }, ctx) => {
    const membership = await membershipOf(ctx, businessId);
    if (!isMembership(membership)) return null;
    const attempts = await ctx.clients.redemption.attempts(membership.till.merchantRef, Math.min(Math.max(first ?? 10, 1), RECENT_MAX));
    return attempts.map((a) => ({ channel: a.channel.toUpperCase(), code: a.code, result: a.result.toUpperCase(), at: a.at }));
  },
};
