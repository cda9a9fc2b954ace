/**
 * The deals.deal and deals.product tables, as created by the migrations in ../db/migrations.
 * Rows stay snake_case; deal-mapper.ts turns them into the contract's Deal. Money is integer pence.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Deal } from '../contract.ts';

/** timestamptz: both drivers (pg, PGlite) read a Date; a Date or an ISO string can be written. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
/**
 * date: read as its 'YYYY-MM-DD' text on both drivers (the platform's opener sets the parser, so
 * no time zone can shift the day); written as that text too.
 */
type NullableDate = ColumnType<string | null, string | null, string | null>;
/** jsonb: read back parsed, written as JSON text (pg would send a JS array as a Postgres array). */
type JsonText<T> = ColumnType<T, string, string>;

export interface DealTable {
  id: number;
  location_id: number;
  category_id: number;
  subcategory_id: number | null;
  merchant_id: number;
  image_id: number;
  title: string;
  headline: string;
  description: string;
  image_alt: string;
  highlights: JsonText<string[]>;
  fine_print: JsonText<string[]>;
  /** How long its vouchers are valid from purchase; the fine print's validity sentence is made from it. */
  voucher_validity_months: Generated<number>;
  // Denormalised from the products so lists can sort and filter on an index.
  price_pence: number;
  original_price_pence: number;
  discount_percentage: number;
  vip_price_pence: number | null;
  /**
   * The headline (postage included, domain dealHeadline) and its saving: what a card shows and
   * what list pages sort and filter by. Kept by deals.refresh_deal_headline (a trigger on product).
   */
  headline_price_pence: number;
  headline_discount_percentage: number;
  currency: Generated<string>;
  price_display: Deal['priceDisplay'];
  vip_exclusive: boolean;
  product_count: number;
  /** Null for evergreen deals. */
  closing_date: NullableTimestamp;
  created_at: Timestamp;
  sold_count: number;
  final_deal_order_amount: number;
  high_fraud_risk: boolean;
  purchase_cap: number | null;
  total_remaining_for_day: number | null;
  price_per_person: boolean;
  booking_calendar_on_redemption: boolean;
  gift_claim: boolean;
  delivery_type: Deal['deliveryType'];
  /** Early-bird deal while now < early_bird_until (lists/early-bird); null for most deals. */
  early_bird_until: NullableTimestamp;
  /** 2 to 5 lower-case tags ('afternoon tea', 'couples'); written as a JS array (text[]). */
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** Gift-finder tags (gifts/gift-tags.ts): 'gifts-for-mum', 'personality-playful'; null until tagged. */
  gift_tags: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
}

export interface ProductTable {
  id: number;
  deal_id: number;
  position: number;
  title: string;
  price_pence: number;
  original_price_pence: number;
  display_discount: boolean;
  purchase_cap: number | null;
  /** Units left today; null when unlimited. */
  remaining: number | null;
  has_deposit: boolean;
  deposit_product_id: number | null;
  deposit_price_pence: number | null;
  postage_pence: number | null;
  number_of_nights: number | null;
  check_in_date: NullableDate;
  check_out_date: NullableDate;
  vip_exclusive: boolean;
  disabled: boolean;
}

export type DealRow = Selectable<DealTable>;
export type NewDeal = Insertable<DealTable>;
export type ProductRow = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
