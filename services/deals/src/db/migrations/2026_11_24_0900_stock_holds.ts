/**
 * Stock holds and purchase caps (issue 6). `deals.product.remaining` stays what is left to sell:
 * a hold takes units off it, a release gives them back, a sale turns held units into sold ones.
 *
 * - stock_hold: the units one hold key (a basket token) holds of each product until expires_at;
 *   order_id pins the hold to a pending order, and a pinned hold never expires.
 * - stock_sale: units sold per product (deal.sold_count is per deal), so the stock invariant
 *   remaining + held + sold can be checked per product.
 * - purchase_count: units a customer key bought of a product on one London day (the cap).
 *
 * Like the list tables, no foreign keys to product: the seed rewrites the catalogue with a
 * TRUNCATE of its own tables.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create table deals.stock_hold (
    hold_key text not null,
    product_id integer not null,
    quantity integer not null check (quantity > 0),
    customer_key text not null,
    expires_at timestamptz not null,
    order_id text,
    primary key (hold_key, product_id)
  )`.execute(db);
  await sql`create index stock_hold_expiry_idx on deals.stock_hold (expires_at) where order_id is null`.execute(db);
  await sql`create index stock_hold_product_idx on deals.stock_hold (product_id)`.execute(db);

  await sql`create table deals.stock_sale (
    product_id integer primary key,
    quantity integer not null check (quantity >= 0)
  )`.execute(db);

  await sql`create table deals.purchase_count (
    customer_key text not null,
    product_id integer not null,
    day date not null,
    quantity integer not null check (quantity >= 0),
    primary key (customer_key, product_id, day)
  )`.execute(db);

  // The database, not the code, has the last word: never a negative stock figure.
  await sql`alter table deals.product add constraint product_remaining_not_negative check (remaining is null or remaining >= 0)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table deals.product drop constraint if exists product_remaining_not_negative`.execute(db);
  await sql`drop table if exists deals.purchase_count`.execute(db);
  await sql`drop table if exists deals.stock_sale`.execute(db);
  await sql`drop table if exists deals.stock_hold`.execute(db);
}
