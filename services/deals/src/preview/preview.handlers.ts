import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { Deal } from '../contract.ts';
import { hydrateDeals } from '../deals/deal-mapper.ts';
import { findDealRowsByIds } from '../deals/deals.store.ts';
import { loadCatalogue } from '../lists/common.ts';
import type { DealsDeps } from '../lib/deps.ts';
import { parseIdList } from '../lib/http.ts';
import * as routes from './preview.routes.ts';
import { asDealRow, findUpcomingDeal, findUpcomingProductRows, upcomingDealsOfMerchants } from './preview.store.ts';
import type { UpcomingDealRow } from './preview.table.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

async function upcomingPreviews(deps: DealsDeps, rows: UpcomingDealRow[]): Promise<routes.DealPreview[]> {
  const deals = await hydrateDeals(deps.db, rows.map(asDealRow), await loadCatalogue(deps.db), deps.basePath, findUpcomingProductRows);
  return rows.map((row, i) => ({ status: row.status, liveFrom: iso(row.live_from), deal: deals[i]! }));
}

const liveStatus = (deal: Deal, now: Date): 'live' | 'closed' => (deal.closingDate !== null && new Date(deal.closingDate) <= now ? 'closed' : 'live');

export function registerPreviewRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  app.openapi(routes.getDealPreview, async (c) => {
    const id = Number(c.req.valid('param').dealId);
    const upcoming = await findUpcomingDeal(deps.db, id);
    if (upcoming) return c.json((await upcomingPreviews(deps, [upcoming]))[0]!, 200);
    const rows = await findDealRowsByIds(deps.db, [id]);
    if (rows.length === 0) return problemResponse(c, notFoundProblem('Sorry, we could not find that deal.'));
    const [deal] = await hydrateDeals(deps.db, rows, await loadCatalogue(deps.db), deps.basePath);
    return c.json({ status: liveStatus(deal!, deps.now()), liveFrom: null, deal: deal! }, 200);
  });

  app.openapi(routes.listUpcomingDeals, async (c) => {
    const rows = await upcomingDealsOfMerchants(deps.db, parseIdList(c.req.valid('query').merchantIds));
    return c.json({ previews: await upcomingPreviews(deps, rows) }, 200);
  });
}
