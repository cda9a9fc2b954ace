/**
 * The search schema's tables as Kysely sees them (see migrations/). Generated columns
 * (title_norm, title_vector, search_vector, term.norm) are read-only.
 */
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface LocationTable {
  slug: string;
  name: string;
  short_name: string;
  is_travel: boolean;
  is_national: boolean;
  position: number;
}

export interface IndexStateTable {
  id: number;
  version: ColumnType<string, string | number, string | number>;
  synced_at: Timestamp;
}

export interface CategoryTable {
  category_slug: string;
  /** '' for the category itself. */
  subcategory_slug: string;
  name: string;
}

export interface DealDocumentTable {
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
  tags: ColumnType<string[], string[], string[]>;
  /** The headline price (the cheapest option with its unavoidable postage: domain/src/headline-price.ts), pence. */
  price_pence: number;
  vip_price_pence: number | null;
  currency: string;
  /** The saving beside the headline price, on the same basis. */
  discount_percentage: number;
  sold_count: number;
  created_at: Timestamp;
  closing_date: NullableTimestamp;
  vip_exclusive: boolean;
  url: string;
  lat: number;
  lon: number;
  /** Hash of the feed document: an unchanged deal is not rewritten on the next sync. */
  doc_hash: string;
  indexed_at: Generated<Date>;
  title_norm: GeneratedAlways<string>;
  title_vector: GeneratedAlways<string>;
  search_vector: GeneratedAlways<string>;
}

export type TermKind = 'term' | 'category' | 'location' | 'deal';

export interface TermTable {
  id: GeneratedAlways<number>;
  kind: TermKind;
  /** Where it came from: tag, word, merchant, category, subcategory, location, deal. */
  source: string;
  text: string;
  norm: GeneratedAlways<string>;
  weight: number;
  url: string | null;
  deal_id: number | null;
  location_slug: string | null;
}

export interface SponsoredCampaignTable {
  ad_id: number;
  deal_id: number;
  bid_pence: number;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  /** Copies of the deal's match columns, refreshed by every sync (null until then). */
  location_slug: string | null;
  closing_date: NullableTimestamp;
  url: string | null;
  title_norm: string | null;
  search_vector: string | null;
}

export interface SponsoredSessionTable {
  session_id: string;
  customer_token: string | null;
  created_at: Generated<Date>;
}

export interface SponsoredEventTable {
  id: GeneratedAlways<string>;
  session_id: string;
  type: 'click' | 'impression';
  ad_id: number;
  deal_id: number;
  at: Generated<Date>;
}

export type DealDocumentRow = Selectable<DealDocumentTable>;
export type NewDealDocument = Insertable<DealDocumentTable>;
export type NewTerm = Insertable<TermTable>;
