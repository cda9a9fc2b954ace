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
  /** Its reviews (deals.review), kept by the review's insert: the average is rating_total / review_count. */
  review_count: Generated<number>;
  /** The sum of its reviews' stars. */
  rating_total: Generated<number>;
}

export type MerchantRow = Selectable<MerchantTable>;
export type NewMerchant = Insertable<MerchantTable>;
