/**
 * The tables of migration 2026_11_22_1600_deal_lists: special events, near-me areas, guides and
 * the customer history (deal views, purchases). Deals and locations are named by id without a
 * foreign key (see the migration); readers always join to the live deals.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: read back parsed (either driver), written as JSON text. */
type JsonText<T> = ColumnType<T, string, string>;

export interface SpecialEventTable {
  id: number;
  slug: string;
  /** Null: the event applies to every location. */
  location_id: number | null;
  title: string;
  description: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  position: number;
}

export interface SpecialEventDealTable {
  event_id: number;
  deal_id: number;
  position: number;
}

export interface NearMeAreaTable {
  id: number;
  location_id: number;
  slug: string;
  name: string;
  lat: number;
  lon: number;
  radius_km: number;
  position: number;
}

/** deals_feed as stored: the keys of GuideDealsFeed (contract.ts), unset ones left out. */
export type StoredDealsFeed = Record<string, unknown>;
export interface StoredListicleEntry {
  dealId: number;
  heading: string;
  text: string;
}

export interface GuideTable {
  id: number;
  slug: string;
  display_name: string;
  description: string;
  text: string;
  additional_text: string;
  redirect_url: string | null;
  listicle_view: Generated<boolean>;
  deals_feed: JsonText<StoredDealsFeed>;
  listicle: JsonText<StoredListicleEntry[]>;
}

export interface DealViewTable {
  id: Generated<string>;
  customer_token: string;
  deal_id: number;
  viewed_at: Timestamp;
}

export interface PurchaseHistoryTable {
  id: Generated<string>;
  customer_token: string;
  deal_id: number;
  quantity: number;
  purchased_at: Timestamp;
}

export type SpecialEventRow = Selectable<SpecialEventTable>;
export type NewSpecialEvent = Insertable<SpecialEventTable>;
export type NearMeAreaRow = Selectable<NearMeAreaTable>;
export type NewNearMeArea = Insertable<NearMeAreaTable>;
export type GuideRow = Selectable<GuideTable>;
export type NewGuide = Insertable<GuideTable>;
