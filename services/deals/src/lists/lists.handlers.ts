import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { DealList, EarlyBirdDeals, Recommendations } from '../contract.ts';
import { findDealRowsByIds } from '../deals/deals.store.ts';
import type { DealsDeps } from '../lib/deps.ts';
import { jsonBodyGuard } from '../lib/json-body.ts';
import { parseIdList } from '../lib/http.ts';
import * as locations from '../locations/locations.store.ts';
import { liveDealRowsInOrder, searchResult, toDeals, type Paging } from './common.ts';
import { recordDealView } from './history.ts';
import * as routes from './lists.routes.ts';
import * as store from './lists.store.ts';
import { recommendForCustomer, recommendForGuest, type Recommended } from './recommendations.ts';

const locationNotFound = () => notFoundProblem('Sorry, we could not find that location.');

async function recommendationsBody(deps: DealsDeps, picked: Recommended, paging: Paging, location: locations.LocationRecord): Promise<Recommendations> {
  const start = paging.page * paging.pageSize;
  const pageIds = picked.ids.slice(start, start + paging.pageSize);
  const rows = await liveDealRowsInOrder(deps.db, pageIds, deps.now());
  return {
    deals: await toDeals(deps, rows),
    searchResult: searchResult(picked.ids.length, paging),
    basis: picked.basis,
    location: { slug: location.slug, name: location.name },
  };
}

export function registerListRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  const { db } = deps;

  app.openapi(routes.getRecentlyViewed, async (c) => {
    const ids = c.req.valid('query').recentViewedDeal.map(Number);
    const rows = await liveDealRowsInOrder(db, ids, deps.now());
    const body: DealList = { deals: await toDeals(deps, rows), searchResult: searchResult(rows.length, { page: 0, pageSize: ids.length }) };
    return c.json(body, 200);
  });

  app.openapi(routes.getCustomerRecommendations, async (c) => {
    const { customerToken } = c.req.valid('param');
    const { limit, page, pageSize, location: slug } = c.req.valid('query');
    const location = await locations.findLocation(db, slug);
    if (!location) return problemResponse(c, locationNotFound());
    const picked = await recommendForCustomer(db, customerToken, { now: deps.now(), limit, fallbackLocationId: location.id });
    return c.json(await recommendationsBody(deps, picked, { page, pageSize }, location), 200);
  });

  app.openapi(routes.getGuestRecommendations, async (c) => {
    const { viewed, limit, page, pageSize } = c.req.valid('query');
    const location = await locations.findLocation(db, c.req.valid('param').location);
    if (!location) return problemResponse(c, locationNotFound());
    const picked = await recommendForGuest(db, viewed ? parseIdList(viewed) : [], { now: deps.now(), limit, locationId: location.id });
    return c.json(await recommendationsBody(deps, picked, { page, pageSize }, location), 200);
  });

  app.openapi(routes.getBuyAgain, async (c) => {
    const { customerToken, page, pageSize } = c.req.valid('query');
    const { rows, total } = await store.buyAgainPage(db, customerToken, deps.now(), { page, pageSize });
    const body: DealList = { deals: await toDeals(deps, rows), searchResult: searchResult(total, { page, pageSize }) };
    return c.json(body, 200);
  });

  app.openapi(routes.getEarlyBird, async (c) => {
    const { page, pageSize } = c.req.valid('query');
    const location = await locations.findLocation(db, c.req.valid('param').location);
    if (!location) return problemResponse(c, locationNotFound());
    const { rows, total } = await store.earlyBirdPage(db, location.id, deps.now(), { page, pageSize });
    const body: EarlyBirdDeals = { deals: await toDeals(deps, rows), searchResult: searchResult(total, { page, pageSize }), location: locations.toPublicLocation(location) };
    return c.json(body, 200);
  });

  app.use(routes.postDealView.path, jsonBodyGuard);
  app.openapi(routes.postDealView, async (c) => {
    const { customerToken, dealId } = c.req.valid('json');
    const [deal] = await findDealRowsByIds(db, [dealId]);
    if (!deal) return problemResponse(c, notFoundProblem('Sorry, we could not find that deal.'));
    await recordDealView(db, { customerToken, dealId, at: deps.now() });
    return c.body(null, 202);
  });
}
