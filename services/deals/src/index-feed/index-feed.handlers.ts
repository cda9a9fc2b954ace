import type { OpenAPIHono } from '@hono/zod-openapi';
import { dealPath } from '@shop/domain';
import type { DealsDeps } from '../lib/deps.ts';
import type { IndexDeal, IndexDealsResponse } from './index-feed.contract.ts';
import * as routes from './index-feed.routes.ts';
import { listIndexDealRows, type IndexDealRow } from './index-feed.store.ts';

const money = (amount: number, currency: string) => ({ amount: Number(amount), currency: currency === 'EUR' ? ('EUR' as const) : ('GBP' as const) });
const iso = (d: Date | string) => new Date(d).toISOString();

function toIndexDeal(r: IndexDealRow): IndexDeal {
  return {
    id: r.id,
    title: r.title,
    headline: r.headline,
    merchantName: r.merchant_name,
    locationSlug: r.location_slug,
    isTravel: r.is_travel,
    isNational: r.is_national,
    categorySlug: r.category_slug,
    categoryName: r.category_name,
    subcategorySlug: r.subcategory_slug,
    subcategoryName: r.subcategory_name,
    tags: r.tags ?? [],
    price: money(r.price_pence, r.currency),
    vipPrice: r.vip_price_pence === null ? null : money(r.vip_price_pence, r.currency),
    discountPercentage: r.discount_percentage,
    soldCount: r.sold_count,
    createdAt: iso(r.created_at),
    closingDate: r.closing_date === null ? null : iso(r.closing_date),
    vipExclusive: r.vip_exclusive,
    url: dealPath({ location: r.location_slug, category: r.category_slug, subcategory: r.subcategory_slug, dealId: r.id, title: r.title }),
    lat: Number(r.lat),
    lon: Number(r.lon),
  };
}

/** GET /index/deals: the search service's feed (service token required, like every route). */
export function registerIndexFeedRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  app.openapi(routes.listIndexDeals, async (c) => {
    const { after, limit } = c.req.valid('query');
    const rows = await listIndexDealRows(deps.db, after ?? 0, limit);
    const body: IndexDealsResponse = {
      deals: rows.map(toIndexDeal),
      nextAfter: rows.length === limit ? rows[rows.length - 1]!.id : null,
    };
    return c.json(body, 200);
  });
}
