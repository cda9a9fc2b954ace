/**
 * The basket schema as Kysely sees it, and its migrations. Every query goes through
 * `inBasket(db)` (unqualified table names mean basket.*).
 */
import type { Generated, Kysely, Transaction } from 'kysely';
import { schemaMigrations } from '@shop/platform';

export const BASKET_SCHEMA = 'basket';

export interface BasketTable {
  token: string;
  customer_token: string | null;
  brand: string;
  eligible_for_vip: boolean;
  vip_status: string | null;
  status: 'open' | 'merged';
  merged_into: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface LineTable {
  basket_token: string;
  deal_product_id: number;
  deal_id: number;
  position: number;
  quantity: number;
  deal_type: string | null;
  purchase_location: string | null;
  purchase_url: string | null;
  purchase_gclid: string | null;
  session_purchase_source: string | null;
  gift_name: string | null;
  gift_email: string | null;
  gift_message: string | null;
  /** Issue 18 point 2: the e-gift's chosen send date, 'YYYY-MM-DD' (London); null: straight after payment. */
  gift_send_on: string | null;
  gift_claim: Generated<boolean>;
  pay_deposit: Generated<boolean>;
  delivery_option_type: string | null;
  gift_pack: Generated<number>;
  gift_wrap: Generated<number>;
  gifting_type: Generated<string>;
  gifting_gift: Generated<boolean>;
  gift_pack_product_id: number | null;
  gift_product_id: number | null;
}

export interface AddonTable {
  basket_token: string;
  addon_type: 'VVE';
  product_id: number;
  quantity: number;
}

export interface BasketDatabase {
  basket: BasketTable;
  line: LineTable;
  addon: AddonTable;
}

export type BasketDb = Kysely<BasketDatabase>;
export type BasketTrx = Transaction<BasketDatabase>;

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: basketMigrations, migrate: migrateBasket } = schemaMigrations(BASKET_SCHEMA, new URL('./migrations/', import.meta.url));

export const inBasket = <D extends BasketDb | BasketTrx>(db: D) => db.withSchema(BASKET_SCHEMA);
