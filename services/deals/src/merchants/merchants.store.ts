/**
 * Merchants: the businesses that run deals. One mapper, used by the merchant routes and by the
 * deals embedding their merchant (Deal.business), so both show the same merchant the same way.
 */
import { averageRating } from '@shop/domain/reviews';
import type { Merchant } from '../contract.ts';
import type { DealsDb } from '../db/database.ts';
import type { MerchantRow } from './merchants.table.ts';

function rowToMerchant(r: MerchantRow): Merchant {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    postcode: r.postcode,
    latLon: { lat: Number(r.lat), lon: Number(r.lon) },
    website: r.website,
    rating: averageRating(Number(r.rating_total), Number(r.review_count)),
    reviewCount: Number(r.review_count),
  };
}

/** The merchants with these ids that exist, in id order (duplicates are looked up once). */
export async function findMerchants(db: DealsDb, ids: readonly number[]): Promise<Merchant[]> {
  if (ids.length === 0) return [];
  const rows = await db.withSchema('deals').selectFrom('merchant').selectAll().where('id', 'in', [...new Set(ids)]).orderBy('id').execute();
  return rows.map(rowToMerchant);
}

export async function findMerchant(db: DealsDb, id: number): Promise<Merchant | undefined> {
  const row = await db.withSchema('deals').selectFrom('merchant').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? rowToMerchant(row) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Module functions for the merchants service (issue 17): its businesses are these merchants.

/** The ids of a merchant's deals, ascending (none for an unknown merchant). */
export async function dealIdsOfMerchant(db: DealsDb, merchantId: number): Promise<number[]> {
  const rows = await db.withSchema('deals').selectFrom('deal').select('id').where('merchant_id', '=', merchantId).orderBy('id').execute();
  return rows.map((r) => Number(r.id));
}

/** A merchant as the merchants service's seed sees it: where it sells and what kind of deals it runs. */
export interface CatalogueMerchant {
  id: number;
  name: string;
  address: string;
  postcode: string;
  locationSlug: string;
  locationScope: 'local' | 'shop' | 'travel';
  deals: number;
  /** Deals delivered by post (goods). */
  postalDeals: number;
  /** Deals of delivery type travel. */
  travelDeals: number;
  /** The top-level category slug of most of its deals (the lowest id on a tie); null without deals. */
  topCategory: string | null;
}

/** Every merchant of the catalogue, in id order. */
export async function catalogueMerchants(db: DealsDb): Promise<CatalogueMerchant[]> {
  const d = db.withSchema('deals');
  const merchants = await d
    .selectFrom('merchant as m')
    .innerJoin('location as l', 'l.id', 'm.location_id')
    .leftJoin('deal as x', 'x.merchant_id', 'm.id')
    .select((eb) => [
      'm.id',
      'm.name',
      'm.address',
      'm.postcode',
      'l.slug as location_slug',
      'l.scope as location_scope',
      eb.fn.count<string>('x.id').as('deals'),
      eb.fn.count<string>('x.id').filterWhere('x.delivery_type', '=', 'postal').as('postal_deals'),
      eb.fn.count<string>('x.id').filterWhere('x.delivery_type', '=', 'travel').as('travel_deals'),
    ])
    .groupBy(['m.id', 'l.slug', 'l.scope'])
    .orderBy('m.id')
    .execute();
  const categories = await d
    .selectFrom('deal as x')
    .innerJoin('category as c', 'c.id', 'x.category_id')
    .select((eb) => ['x.merchant_id', 'c.slug', 'c.id', eb.fn.countAll<string>().as('n')])
    .groupBy(['x.merchant_id', 'c.slug', 'c.id'])
    .orderBy('x.merchant_id')
    .orderBy('n', 'desc')
    .orderBy('c.id')
    .execute();
  const top = new Map<number, string>();
  for (const c of categories) if (!top.has(Number(c.merchant_id))) top.set(Number(c.merchant_id), c.slug);
  return merchants.map((m) => ({
    id: Number(m.id),
    name: m.name,
    address: m.address,
    postcode: m.postcode,
    locationSlug: m.location_slug,
    locationScope: m.location_scope,
    deals: Number(m.deals),
    postalDeals: Number(m.postal_deals),
    travelDeals: Number(m.travel_deals),
    topCategory: top.get(Number(m.id)) ?? null,
  }));
}

/** The slugs of the catalogue's top-level categories (what a merchant application may name). */
export async function topCategorySlugs(db: DealsDb): Promise<string[]> {
  const rows = await db.withSchema('deals').selectFrom('category').select('slug').where('parent_id', 'is', null).orderBy('id').execute();
  return rows.map((r) => r.slug);
}
