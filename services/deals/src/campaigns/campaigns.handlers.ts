import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import { searchResult, toDeals } from '../lists/common.ts';
import type { DealsDeps } from '../lib/deps.ts';
import * as routes from './campaigns.routes.ts';
import { campaignDealRows, findWelcomeCampaign } from './campaigns.store.ts';

export function registerCampaignRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  app.openapi(routes.getWelcomeCampaign, async (c) => {
    const { campaign: slug, page, pageSize } = c.req.valid('query');
    const now = deps.now();
    const found = await findWelcomeCampaign(deps.db, slug ?? null, now);
    if (!found) return problemResponse(c, notFoundProblem('Sorry, there is no campaign running.'));
    const paging = { page, pageSize };
    const { rows, total } = await campaignDealRows(deps.db, found.campaign.id, now, paging);
    const { slug: campaignSlug, headline, description } = found.campaign;
    return c.json({ campaign: { slug: campaignSlug, headline, description }, matched: found.matched, deals: await toDeals(deps, rows), searchResult: searchResult(total, paging) }, 200);
  });
}
