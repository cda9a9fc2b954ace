/**
 * The deals.merchant table: the businesses that run deals.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface MerchantTable {
  id: number;
  location_id: number;
  name: string;
  address: string;
  postcode: string;
  lat: number;
  lon: number;
  website: string | null;
  rating: number | null;
  review_count: Generated<number>;
}

export type MerchantRow = Selectable<MerchantTable>;
export type NewMerchant = Insertable<MerchantTable>;
