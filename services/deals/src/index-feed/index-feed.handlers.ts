import type { OpenAPIHono } from '@hono/zod-openapi';
import { dealHeadline, dealPath, deliveryPricesOf, headlinePriceProducts } from '@shop/domain';
import type { DealsDeps } from '../lib/deps.ts';
import type { IndexDeal, IndexDealsResponse } from './index-feed.contract.ts';
import * as routes from './index-feed.routes.ts';
import { listIndexDealRows, listIndexProductRows, type IndexDealRow, type IndexProductRow } from './index-feed.store.ts';

const money = (amount: number, currency: string) => ({ amount: Number(amount), currency: currency === 'EUR' ? ('EUR' as const) : ('GBP' as const) });
const iso = (d: Date | string) => new Date(d).toISOString();

/** The deal's headline price and its saving (postage included); a deal with no enabled product keeps its own. */
function headlineOf(r: IndexDealRow, products: readonly IndexProductRow[]): { price: number; discountPercentage: number } {
  const options = products.map((p) => ({
    price: Number(p.price_pence),
    originalPrice: Number(p.original_price_pence),
    deliveryPrices: deliveryPricesOf(p.postage_pence === null ? null : Number(p.postage_pence)),
    vipExclusive: p.vip_exclusive,
    disabled: p.disabled,
  }));
  return headlinePriceProducts(options).length ? dealHeadline(options) : { price: Number(r.price_pence), discountPercentage: r.discount_percentage };
}

function toIndexDeal(r: IndexDealRow, products: readonly IndexProductRow[]): IndexDeal {
  const headline = headlineOf(r, products);
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
    headlinePrice: money(headline.price, r.currency),
    vipPrice: r.vip_price_pence === null ? null : money(r.vip_price_pence, r.currency),
    discountPercentage: r.discount_percentage,
    headlineDiscountPercentage: headline.discountPercentage,
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
    const products = Map.groupBy(await listIndexProductRows(deps.db, rows.map((r) => r.id)), (p) => p.deal_id);
    const body: IndexDealsResponse = {
      deals: rows.map((r) => toIndexDeal(r, products.get(r.id) ?? [])),
      nextAfter: rows.length === limit ? rows[rows.length - 1]!.id : null,
    };
    return c.json(body, 200);
  });
}
