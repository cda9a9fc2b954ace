/**
 * Wish list alerts (issue 19 point 2; src/alerts/alerts.ts).
 *
 * - alert_watch: per deal on a customer's list, what the job last saw: the price it compares
 *   with (the watched price) and whether the deal could be bought, and when it looked.
 * - alert_change: one row per change worth an email (a price drop of at least 5%, or a deal back
 *   on sale), written in the transaction that moves the watch on, so a change is found once.
 * - alert: one row per change and customer holding the deal (unique), with its send state: the
 *   record that makes it one email per deal, customer and change.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create table wishlist.alert_watch (
    deal_id integer primary key check (deal_id > 0),
    watched_price_pence integer not null check (watched_price_pence >= 0),
    available boolean not null,
    checked_at timestamptz not null
  )`.execute(db);
  await sql`create table wishlist.alert_change (
    id bigint generated always as identity primary key,
    deal_id integer not null check (deal_id > 0),
    kind text not null check (kind in ('price_drop', 'back_in_stock')),
    from_price_pence integer check (from_price_pence >= 0),
    to_price_pence integer not null check (to_price_pence >= 0),
    currency text not null,
    title text not null,
    path text not null,
    observed_at timestamptz not null,
    check ((kind = 'price_drop') = (from_price_pence is not null))
  )`.execute(db);
  await sql`create table wishlist.alert (
    id bigint generated always as identity primary key,
    change_id bigint not null references wishlist.alert_change (id) on delete cascade,
    customer_token text not null,
    created_at timestamptz not null,
    sent_at timestamptz,
    skipped text check (skipped in ('no_recipient')),
    attempts integer not null default 0 check (attempts >= 0),
    unique (change_id, customer_token),
    check (sent_at is null or skipped is null)
  )`.execute(db);
  await sql`create index alert_unsent_idx on wishlist.alert (id) where sent_at is null and skipped is null`.execute(db);
  // The job's walk over the deals on customers' lists, and the holders of one deal.
  await sql`create index wishlist_deal_deal_idx on wishlist.wishlist_deal (deal_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists wishlist.wishlist_deal_deal_idx`.execute(db);
  await sql`drop table if exists wishlist.alert, wishlist.alert_change, wishlist.alert_watch`.execute(db);
}
