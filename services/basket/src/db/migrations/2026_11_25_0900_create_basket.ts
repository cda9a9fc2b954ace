/**
 * The basket schema: baskets keyed by their token (spec §3 Basket id), one row per line (spec §3
 * Basket line; gift wrap and pack units are counted on the line), and add-ons (spec §3 Add-on,
 * VVE only). A customer has at most one open basket (partial unique index), so two logins at once
 * cannot make two. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table basket.basket (
      token text primary key check (length(token) > 10 and length(token) <= 128),
      customer_token text check (length(customer_token) between 10 and 200),
      brand text not null check (length(brand) between 1 and 40),
      eligible_for_vip boolean not null default false,
      vip_status text check (vip_status in ('ELIGIBLE', 'ACTIVE', 'RENEW', 'NOT_CHECKED')),
      -- open, or merged into the customer's basket on login (then it has no lines)
      status text not null default 'open' check (status in ('open', 'merged')),
      merged_into text references basket.basket (token),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check ((status = 'merged') = (merged_into is not null))
    )`.execute(db);
  await sql`create unique index basket_one_open_per_customer on basket.basket (customer_token) where customer_token is not null and status = 'open'`.execute(db);

  await sql`
    create table basket.line (
      basket_token text not null references basket.basket (token) on delete cascade,
      deal_product_id integer not null check (deal_product_id > 0),
      deal_id integer not null check (deal_id > 0),
      position integer not null,
      quantity integer not null check (quantity between 1 and 99),
      deal_type text,
      purchase_location text,
      purchase_url text,
      purchase_gclid text,
      session_purchase_source text,
      gift_name text,
      gift_email text,
      gift_message text,
      gift_claim boolean not null default false,
      pay_deposit boolean not null default false,
      delivery_option_type text,
      gift_pack integer not null default 0,
      gift_wrap integer not null default 0,
      gifting_type text not null default 'none' check (gifting_type in ('none', 'e-gift', 'wrapped', 'ndd-gpk', 'std-gpk')),
      gifting_gift boolean not null default false,
      gift_pack_product_id integer,
      gift_product_id integer,
      primary key (basket_token, deal_product_id),
      -- spec §5: never below 0; never more gift units than the line has
      check (gift_pack between 0 and quantity),
      check (gift_wrap between 0 and quantity),
      check (gift_pack = 0 or gift_pack_product_id is not null)
    )`.execute(db);

  await sql`
    create table basket.addon (
      basket_token text not null references basket.basket (token) on delete cascade,
      addon_type text not null check (addon_type in ('VVE')),
      product_id integer not null check (product_id > 0),
      quantity integer not null check (quantity between 1 and 99),
      primary key (basket_token, addon_type, product_id)
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists basket.addon`.execute(db);
  await sql`drop table if exists basket.line`.execute(db);
  await sql`drop table if exists basket.basket`.execute(db);
}
