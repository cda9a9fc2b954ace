import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { SpecialEventDeals } from '../contract.ts';
import type { DealsDeps } from '../lib/deps.ts';
import { nationalLocationId, searchResult, toDeals } from '../lists/common.ts';
import * as locations from '../locations/locations.store.ts';
import * as routes from './special.routes.ts';
import * as store from './special.store.ts';

export function registerSpecialRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  const { db } = deps;

  app.openapi(routes.getSpecialEvent, async (c) => {
    const params = c.req.valid('param');
    const { page, pageSize } = c.req.valid('query');
    const now = deps.now();
    const location = await locations.findLocation(db, params.location);
    if (!location) return problemResponse(c, notFoundProblem('Sorry, we could not find that location.'));
    const event = await store.findSpecialEvent(db, params.slug);
    if (!event || !store.isEventOn(event, now) || (event.location_id !== null && event.location_id !== location.id)) {
      return problemResponse(c, notFoundProblem('Sorry, we could not find that event.'));
    }
    const national = await nationalLocationId(db);
    const locationIds = national === null || national === location.id ? [location.id] : [location.id, national];
    const { rows, total } = await store.specialEventDealsPage(db, event.id, locationIds, now, { page, pageSize });
    const eventLocation = event.location_id === null ? null : location.slug;
    const body: SpecialEventDeals = {
      event: {
        slug: event.slug,
        title: event.title,
        description: event.description,
        startsAt: new Date(event.starts_at).toISOString(),
        endsAt: new Date(event.ends_at).toISOString(),
        location: eventLocation,
        url: `/deals/${location.slug}/special/${event.slug}`,
      },
      location: locations.toPublicLocation(location),
      deals: await toDeals(deps, rows),
      searchResult: searchResult(total, { page, pageSize }),
    };
    return c.json(body, 200);
  });
}
