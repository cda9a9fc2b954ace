/**
 * The deals of a map view (issue 19 point 4): live deals whose point (the merchant's coordinates,
 * deals.deal.map_point, migration 2026_12_06_1000_deal_map_point) lies in the box, nearest the
 * box's centre first, at most `limit`. One statement on the GiST index: `<@ box` narrows,
 * `<-> point` orders straight from the index, so the scan stops after limit + 1 rows however many
 * deals the box holds (the extra row only tells whether there are more). Deals at one point (one
 * merchant's) are in id order.
 */
import { sql } from 'kysely';
import type { DealsDb } from '../db/database.ts';
import type { MapBounds } from '@shop/domain';

export interface MapDealRow {
  id: number;
  title: string;
  location_id: number;
  category_id: number;
  subcategory_id: number | null;
  image_id: number;
  image_alt: string;
  headline_price_pence: number;
  headline_discount_percentage: number;
  vip_exclusive: boolean;
  merchant_name: string;
  lon: number;
  lat: number;
}

export interface MapDealsQuery {
  bounds: MapBounds;
  limit: number;
  /** Pence, inclusive. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  now: Date;
}

/**
 * PostgreSQL has no statistics for geometric operators: it guesses that a box holds 0.1% of the
 * rows (contsel), so for a box over a whole city (30,000 of 100,000 deals) it would read every
 * deal of the box through a bitmap and sort them all (100-500 ms at 100,000 deals). With bitmap
 * scans off for this one statement (SET LOCAL, inside its own transaction) the only plan left
 * without a sort is the one that is right whatever the box holds: the GiST index scan that checks
 * the box and hands back the rows nearest first, stopped by the limit (a few ms; an empty box or
 * the whole UK alike). The merchant's name is joined to the rows kept, not to the box.
 */
export async function mapDeals(db: DealsDb, q: MapDealsQuery): Promise<{ rows: MapDealRow[]; more: boolean }> {
  const { west, south, east, north } = q.bounds;
  const cx = (west + east) / 2;
  const cy = (south + north) / 2;
  const min = q.minPrice === undefined ? sql`` : sql`and d.headline_price_pence >= ${q.minPrice}`;
  const max = q.maxPrice === undefined ? sql`` : sql`and d.headline_price_pence <= ${q.maxPrice}`;
  const centre = sql`point(${cx}::float8, ${cy}::float8)`;
  const result = await db.transaction().execute(async (trx) => {
    await sql`set local enable_bitmapscan = off`.execute(trx);
    return sql<MapDealRow & { distance: number }>`
      select n.*, m.name as merchant_name
        from (
          select d.id, d.title, d.location_id, d.category_id, d.subcategory_id, d.image_id, d.image_alt, d.merchant_id,
                 d.headline_price_pence, d.headline_discount_percentage, d.vip_exclusive,
                 d.map_point[0]::float8 as lon, d.map_point[1]::float8 as lat, d.map_point <-> ${centre} as distance
            from deals.deal d
           where d.map_point <@ box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))
             and (d.closing_date is null or d.closing_date > ${q.now})
             ${min} ${max}
           order by d.map_point <-> ${centre}
           limit ${q.limit + 1}
        ) n
        join deals.merchant m on m.id = n.merchant_id
       order by n.distance, n.id`.execute(trx);
  });
  const rows = result.rows.map((r) => ({ ...r, lon: Number(r.lon), lat: Number(r.lat), headline_price_pence: Number(r.headline_price_pence) }));
  return { rows: rows.slice(0, q.limit), more: rows.length > q.limit };
}
