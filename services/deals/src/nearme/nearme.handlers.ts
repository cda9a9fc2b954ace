import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFoundProblem, problemResponse } from '@shop/platform';
import type { NearMeArea, NearMeAreaDeals, NearMeLocation } from '../contract.ts';
import type { DealsDeps } from '../lib/deps.ts';
import type { NearMeAreaRow } from '../lists/lists.table.ts';
import { searchResult, toDeals } from '../lists/common.ts';
import * as locations from '../locations/locations.store.ts';
import * as routes from './nearme.routes.ts';
import * as store from './nearme.store.ts';

function toArea(a: NearMeAreaRow, locationSlug: string, dealCount: number): NearMeArea {
  return {
    slug: a.slug,
    name: a.name,
    location: locationSlug,
    latLon: { lat: Number(a.lat), lon: Number(a.lon) },
    radiusKm: Number(a.radius_km),
    url: `/near-me/${locationSlug}/${a.slug}`,
    dealCount,
  };
}

function toNearMeLocation(location: locations.LocationRecord, areas: NearMeAreaRow[], counts: Map<number, number>, locationCount: number): NearMeLocation {
  return {
    location: locations.toPublicLocation(location),
    url: `/near-me/${location.slug}`,
    dealCount: locationCount,
    areas: areas.map((a) => toArea(a, location.slug, counts.get(a.id) ?? 0)),
  };
}

export function registerNearMeRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  const { db } = deps;
  const locationNotFound = () => notFoundProblem('Sorry, we could not find that location.');

  app.openapi(routes.getNearMeHub, async (c) => {
    const now = deps.now();
    const [locs, areas, counts, perLocation] = await Promise.all([
      locations.listLocations(db),
      store.listAreas(db),
      store.countAreaDeals(db, now),
      store.countLiveDealsByLocation(db, now),
    ]);
    const body = {
      locations: locs
        .map((l) => ({ l, areas: areas.filter((a) => a.location_id === l.id) }))
        .filter((x) => x.areas.length > 0)
        .map((x) => toNearMeLocation(x.l, x.areas, counts, perLocation.get(x.l.id) ?? 0)),
    };
    return c.json(body, 200);
  });

  app.openapi(routes.getNearMeLocation, async (c) => {
    const now = deps.now();
    const location = await locations.findLocation(db, c.req.valid('param').location);
    if (!location) return problemResponse(c, locationNotFound());
    const [areas, counts, perLocation] = await Promise.all([
      store.listAreas(db, location.id),
      store.countAreaDeals(db, now, location.id),
      store.countLiveDealsByLocation(db, now),
    ]);
    return c.json(toNearMeLocation(location, areas, counts, perLocation.get(location.id) ?? 0), 200);
  });

  app.openapi(routes.getNearMeArea, async (c) => {
    const now = deps.now();
    const params = c.req.valid('param');
    const { page, pageSize } = c.req.valid('query');
    const location = await locations.findLocation(db, params.location);
    if (!location) return problemResponse(c, locationNotFound());
    const area = await store.findArea(db, location.id, params.area);
    if (!area) return problemResponse(c, notFoundProblem('Sorry, we could not find that area.'));
    const { rows, total } = await store.areaDealsPage(db, area, now, { page, pageSize });
    const body: NearMeAreaDeals = {
      area: toArea(area, location.slug, total),
      location: locations.toPublicLocation(location),
      deals: await toDeals(deps, rows),
      distances: rows.map((r) => ({ dealId: r.id, distanceKm: Math.round(r.distance_km * 1000) / 1000 })),
      searchResult: searchResult(total, { page, pageSize }),
    };
    return c.json(body, 200);
  });
}
