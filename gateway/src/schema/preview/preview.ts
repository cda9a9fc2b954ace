/**
 * Deal previews (issue 19 point 6; spec §2 dealPreview, §7 GET /preview-deal/{id}).
 *
 * Query.dealPreview answers the deal, live or not yet, to a member of the deal's business (the
 * merchants service ties a business to its catalogue merchant, Deal.merchant) or to the shop's
 * staff (a staff key or a staff person's session, security/staff-fields.ts). Anyone else — a
 * member of another business, a shopper, a guest — gets null, exactly as for a deal that does
 * not exist, so a preview link tells them nothing. MerchantBusiness.upcomingDeals lists a
 * business's deals that are not live yet for its dashboard's Preview links.
 */
import { parseNumericId } from '@shop/domain';
import { dealPreviewPath } from '@shop/domain/deal-preview';
import type { GatewayContext } from '../../context.ts';
import type { MerchantBusinessParent } from '../merchants/MerchantAccount.ts';
import type { DealPreviewStatus } from '../__generated__/resolvers.ts';
import type { DealParent } from '../mappers.ts';
import type { DealPreviewData } from './preview.client.ts';

export interface DealPreviewParent {
  status: DealPreviewStatus;
  liveFrom: string | null;
  previewUrl: string;
  deal: DealParent;
}

const toParent = (p: DealPreviewData): DealPreviewParent => ({
  status: p.status.toUpperCase() as DealPreviewStatus,
  liveFrom: p.liveFrom,
  previewUrl: dealPreviewPath(p.deal.shareUrl),
  deal: p.deal,
});

/** Whether the viewer may preview a deal of this catalogue merchant: staff, or a member of its business. */
async function mayPreview(ctx: GatewayContext, catalogueMerchantId: number): Promise<boolean> {
  if (await ctx.staffName()) return true;
  const token = await ctx.customerToken();
  if (!token) return false;
  const businesses = await ctx.clients.merchantBusinesses.businessesOf(token);
  return businesses.some((b) => b.catalogueMerchantId === catalogueMerchantId);
}

export async function dealPreview(_p: unknown, { dealId }: { dealId: string }, ctx: GatewayContext): Promise<DealPreviewParent | null> {
  const id = parseNumericId(String(dealId));
  if (id === null) return null;
  const preview = await ctx.clients.dealPreview.preview(id);
  if (!preview || !(await mayPreview(ctx, preview.deal.business.id))) return null;
  return toParent(preview);
}

export const merchantBusinessPreviewFields = {
  upcomingDeals: async (b: MerchantBusinessParent, _a: unknown, ctx: GatewayContext): Promise<DealPreviewParent[]> =>
    b.data.catalogueMerchantId === null ? [] : (await ctx.clients.dealPreview.upcoming([b.data.catalogueMerchantId])).map(toParent),
};

export const previewQuery = { dealPreview };
