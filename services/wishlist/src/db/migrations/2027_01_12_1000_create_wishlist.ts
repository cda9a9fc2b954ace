/**
 * Wishlists (issue 19 point 1).
 *
 * - wishlist: one row per list; `id` is the public, unguessable key (22 url-safe random
 *   characters: a guest's id in a cookie is their only key); `customer_token` is null for a
 *   guest's list and unique when set (one list per customer).
 * - wishlist_deal: a deal in a list, once (primary key); at most 50 per list, added by a
 *   conditional insert counting under the wishlist row's lock (wishlist.ts).
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create table wishlist.wishlist (
    id text primary key check (id ~ '^[A-Za-z0-9_-]{22}$'),
    customer_token text unique check (customer_token is null or length(customer_token) >= 10),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table wishlist.wishlist_deal (
    wishlist_id text not null references wishlist.wishlist (id) on delete cascade,
    deal_id integer not null check (deal_id > 0),
    added_at timestamptz not null default now(),
    primary key (wishlist_id, deal_id)
  )`.execute(db);
  await sql`create index wishlist_deal_newest_idx on wishlist.wishlist_deal (wishlist_id, added_at desc, deal_id desc)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists wishlist.wishlist_deal, wishlist.wishlist`.execute(db);
}
