/**
 * Merchants: the businesses that run deals. One mapper, used by the merchant routes and by the
 * deals embedding their merchant (Deal.business), so both show the same merchant the same way.
 */
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
    rating: r.rating === null ? null : Number(r.rating),
    reviewCount: r.review_count,
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
