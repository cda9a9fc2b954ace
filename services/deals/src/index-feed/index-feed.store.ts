/**
 * The index feed query: deals with their location, category, sub-category and merchant, in id
 * order from a keyset position (the primary key index), so every page costs the same.
 */
import type { DealsDb } from '../db/database.ts';

export interface IndexDealRow {
  id: number;
  title: string;
  headline: string;
  merchant_name: string;
  location_slug: string;
  is_travel: boolean;
  is_national: boolean;
  category_slug: string;
  category_name: string;
  subcategory_slug: string | null;
  subcategory_name: string | null;
  tags: string[];
  price_pence: number;
  vip_price_pence: number | null;
  currency: string;
  discount_percentage: number;
  sold_count: number;
  created_at: Date;
  closing_date: Date | null;
  vip_exclusive: boolean;
  lat: number;
  lon: number;
}

export async function listIndexDealRows(db: DealsDb, after: number, limit: number): Promise<IndexDealRow[]> {
  return db
    .withSchema('deals')
    .selectFrom('deal as d')
    .innerJoin('location as l', 'l.id', 'd.location_id')
    .innerJoin('category as c', 'c.id', 'd.category_id')
    .leftJoin('category as s', 's.id', 'd.subcategory_id')
    .innerJoin('merchant as m', 'm.id', 'd.merchant_id')
    .select([
      'd.id',
      'd.title',
      'd.headline',
      'm.name as merchant_name',
      'l.slug as location_slug',
      'l.is_travel',
      'l.is_national',
      'c.slug as category_slug',
      'c.name as category_name',
      's.slug as subcategory_slug',
      's.name as subcategory_name',
      'd.tags',
      'd.price_pence',
      'd.vip_price_pence',
      'd.currency',
      'd.discount_percentage',
      'd.sold_count',
      'd.created_at',
      'd.closing_date',
      'd.vip_exclusive',
      'm.lat',
      'm.lon',
    ])
    .where('d.id', '>', after)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

export interface IndexProductRow {
  deal_id: number;
  price_pence: number;
  original_price_pence: number;
  postage_pence: number | null;
  vip_exclusive: boolean;
  disabled: boolean;
}

/** The products of a page of deals: what their headline price (postage included) is worked out from. */
export async function listIndexProductRows(db: DealsDb, dealIds: readonly number[]): Promise<IndexProductRow[]> {
  if (dealIds.length === 0) return [];
  return db
    .withSchema('deals')
    .selectFrom('product')
    .select(['deal_id', 'price_pence', 'original_price_pence', 'postage_pence', 'vip_exclusive', 'disabled'])
    .where('deal_id', 'in', dealIds)
    .execute();
}
