/**
 * Customer.merchant and the MerchantAccount type (issue 17): the businesses the signed-in account
 * is a member of (null with none, so a shopper's page shows no merchant side), one of them by id
 * (the dashboard's sections are fields of MerchantBusiness, so a business one is not a member of
 * never reaches them), the dashboard URL by merchant type (spec §7), and a business's latest
 * redemption attempts.
 */
import type { MemberBusinessData } from '../../clients/merchant-businesses.client.ts';
import type { Till } from '../../clients/redemption.client.ts';
import type { CustomerResolvers, MerchantAccountResolvers, MerchantBusinessResolvers, MerchantBusinessType, MerchantRole } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../../context.ts';
import { businessGlobalId, businessIdOf, isMembership, membershipOf, merchantRefOf } from './till.ts';
import { merchantBusinessSales } from '../merchants-sales/index.ts';
import { merchantBusinessPayouts } from '../merchants-payouts/index.ts';
import { merchantBusinessPostingFields } from '../merchants-posting/index.ts';
import { merchantBusinessBookingFields } from '../bookings/index.ts';
import { merchantBusinessPreviewFields } from '../preview/preview.ts';

export interface MerchantAccountParent {
  businesses: MemberBusinessData[];
  /** The member's users-service id: the actorRef of what they do. */
  userId: string;
}

/** A business the viewer is a member of, with what the vouchers service is told for it (its deals, merchantRef, the member). */
export interface MerchantBusinessParent {
  data: MemberBusinessData;
  till: Till;
}

export const businessParent = (data: MemberBusinessData, userId: string): MerchantBusinessParent => ({
  data,
  till: { dealIds: data.dealIds, merchantRef: merchantRefOf(data.id), actorRef: `user:${userId}` },
});

/**
 * Query.merchantBusiness, staff only (security/staff-fields.ts refuses it to anyone else before it
 * runs; checked again here): any business, as its members see it, what staff do there named
 * `staff:<name>`.
 */
export async function staffMerchantBusiness(_p: unknown, { id }: { id: string }, ctx: GatewayContext): Promise<MerchantBusinessParent | null> {
  const staff = await ctx.staffName();
  if (!staff) throw new Error('A staff-only field ran without a staff key');
  const key = businessIdOf(id);
  const data = key === null ? null : await ctx.clients.merchantBusinesses.anyBusiness(key);
  return data ? { data, till: { dealIds: data.dealIds, merchantRef: merchantRefOf(data.id), actorRef: `staff:${staff}` } } : null;
}

/** The most attempts one list shows. */
const RECENT_MAX = 50;

export const merchantCustomer: Pick<CustomerResolvers, 'merchant'> = {
  merchant: async (customer, _a, ctx) => {
    const token = await ctx.customerToken();
    if (!token) return null;
    const businesses = await ctx.clients.merchantBusinesses.businessesOf(token);
    return businesses.length ? { businesses, userId: String(customer.id) } : null;
  },
};

export const MerchantAccount: MerchantAccountResolvers = {
  businesses: (m) => m.businesses.map((b) => businessParent(b, m.userId)),
  business: async (_m, { id }, ctx) => {
    const membership = await membershipOf(ctx, id);
    return isMembership(membership) ? { data: membership.business, till: membership.till } : null;
  },
  merchantDashboardUrl: (_m, { merchantType }, ctx) => ctx.clients.merchantBusinesses.dashboardUrl(merchantType.toLowerCase() as 'local' | 'shop' | 'travel'),
  recentRedemptions: async (_m, { businessId, first }, ctx) => {
    const membership = await membershipOf(ctx, businessId);
    if (!isMembership(membership)) return null;
    const attempts = await ctx.clients.redemption.attempts(membership.till.merchantRef, Math.min(Math.max(first ?? 10, 1), RECENT_MAX));
    return attempts.map((a) => ({ channel: a.channel.toUpperCase(), code: a.code, result: a.result.toUpperCase(), at: a.at }));
  },
};

export const MerchantBusiness: MerchantBusinessResolvers = {
  id: (b) => businessGlobalId(b.data.id),
  name: (b) => b.data.name,
  type: (b) => b.data.type.toUpperCase() as MerchantBusinessType,
  city: (b) => b.data.city,
  role: (b) => b.data.role.toUpperCase() as MerchantRole,
  catalogueMerchant: (b, _a, ctx) => (b.data.catalogueMerchantId === null ? null : ctx.loaders.merchantById.load(b.data.catalogueMerchantId)),
  ...merchantBusinessSales,
  ...merchantBusinessPayouts,
  ...merchantBusinessPostingFields,
  ...merchantBusinessBookingFields,
  ...merchantBusinessPreviewFields,
};
