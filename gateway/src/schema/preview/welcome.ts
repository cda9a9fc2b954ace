/**
 * Query.welcomeCampaign (issue 19 point 8; spec §2 /welcome, page type ppc): the campaign a paid
 * link names, or the default one, from the deals service's GET /welcome-campaign; its deals a
 * connection of 12 a page, each page one REST call (the first shared with the campaign's own).
 */
import { campaignSlugOf, WELCOME_PAGE_SIZE, welcomeCampaignPath } from '@shop/domain/deal-preview';
import { WelcomeCampaignResponseSchema, type WelcomeCampaignResponse } from '@shop/deals/campaigns/campaigns.routes';
import type { ListPage } from '../../clients/deals.client.ts';
import type { RestClient } from '../../clients/rest-client.ts';
import type { GatewayContext } from '../../context.ts';
import { clampFirst } from '../../relay/connection.ts';
import type { DealConnectionParent } from '../mappers.ts';
import type { PagingArgs } from '../search/run-search.ts';
import { listConnection } from '../lists/list-connection.ts';

export interface WelcomeCampaignClient {
  /** The named campaign running now, else the default; throws when no campaign runs at all. */
  campaign(slug: string | null, page: ListPage): Promise<WelcomeCampaignResponse>;
}

export function createWelcomeCampaignClient(rest: RestClient): WelcomeCampaignClient {
  return {
    campaign(slug, page) {
      const params = new URLSearchParams({ page: String(page.page), pageSize: String(page.pageSize) });
      if (slug) params.set('campaign', slug);
      return rest.get(`/welcome-campaign?${params}`, WelcomeCampaignResponseSchema);
    },
  };
}

export interface WelcomeCampaignParent {
  slug: string;
  headline: string;
  description: string;
  matched: boolean;
  /** The first page, already fetched with the campaign: the deals field's first page reuses it. */
  firstPage: WelcomeCampaignResponse;
}

const load = (ctx: GatewayContext, slug: string | null, page: ListPage) =>
  ctx.loaders.list(`welcome:${slug ?? ''}:${page.page}:${page.pageSize}`, () => ctx.clients.welcomeCampaign.campaign(slug, page));

export async function welcomeCampaign(_p: unknown, { campaign }: { campaign?: string | null }, ctx: GatewayContext): Promise<WelcomeCampaignParent> {
  // A malformed name is no name: the default campaign (domain campaignSlugOf, as the page reads the link).
  const slug = campaign ? campaignSlugOf(new URLSearchParams({ campaign })) : null;
  const answer = await load(ctx, slug, { page: 0, pageSize: WELCOME_PAGE_SIZE });
  return { ...answer.campaign, matched: answer.matched, firstPage: answer };
}

export const WelcomeCampaign = {
  slug: (c: WelcomeCampaignParent) => c.slug,
  headline: (c: WelcomeCampaignParent) => c.headline,
  description: (c: WelcomeCampaignParent) => c.description,
  matched: (c: WelcomeCampaignParent) => c.matched,
  deals: (c: WelcomeCampaignParent, args: PagingArgs & { first?: number | null }, ctx: GatewayContext): Promise<DealConnectionParent> => {
    const size = clampFirst(args.first, WELCOME_PAGE_SIZE);
    // The campaign this page is (the default's own slug when the link named another), as the page head says.
    const canonical = welcomeCampaignPath(c.slug);
    return listConnection((page) => (page.page === 0 && page.pageSize === WELCOME_PAGE_SIZE ? Promise.resolve(c.firstPage) : load(ctx, c.slug, page)), size, args, canonical);
  },
};
