import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid } from '@shop/platform';
import { dealPath, mapDealsForZoom, mapQueryProblem, roundMapBounds } from '@shop/domain';
import { imageUrl } from '../images/image-urls.ts';
import type { DealsDeps } from '../lib/deps.ts';
import { loadCatalogue } from '../lists/common.ts';
import type { MapDeal, MapDealsResponse } from './map.contract.ts';
import * as routes from './map.routes.ts';
import * as store from './map.store.ts';

export function registerMapRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  app.openapi(routes.getMapDeals, async (c) => {
    const q = c.req.valid('query');
    // Each value's type and range were checked by the route's schema; the rules across fields are the map's one rule set.
    const problem = mapQueryProblem(q);
    if (problem) return invalid(c, [problem]);
    // Checked above: the box is not empty, so rounding outwards keeps it so.
    const bounds = roundMapBounds(q)!;
    const limit = mapDealsForZoom(q.zoom, q.layout);
    const [{ rows, more }, catalogue] = await Promise.all([
      store.mapDeals(deps.db, { bounds, limit, minPrice: q.minPrice, maxPrice: q.maxPrice, now: deps.now() }),
      loadCatalogue(deps.db),
    ]);
    const deals: MapDeal[] = rows.map((r) => {
      const location = catalogue.locations.get(r.location_id)!;
      const category = catalogue.categories.get(r.category_id)!;
      const sub = r.subcategory_id === null ? null : (catalogue.categories.get(r.subcategory_id) ?? null);
      return {
        id: r.id,
        title: r.title,
        url: dealPath({ location: location.slug, category: category.slug, subcategory: sub?.slug ?? null, dealId: r.id, title: r.title }),
        merchantName: r.merchant_name,
        location: location.slug,
        category: category.name,
        price: { amount: r.headline_price_pence, currency: 'GBP' },
        discountPercentage: r.headline_discount_percentage,
        vipExclusive: r.vip_exclusive,
        // A list thumbnail (96 css px wide): the 240 px WebP.
        imageUrl: imageUrl(deps.basePath, r.image_id, 240, 'webp'),
        imageAlt: r.image_alt,
        lat: r.lat,
        lon: r.lon,
      };
    });
    const body: MapDealsResponse = { bounds, zoom: q.zoom ?? null, layout: q.layout, limit, more, deals };
    return c.json(body, 200);
  });
}
