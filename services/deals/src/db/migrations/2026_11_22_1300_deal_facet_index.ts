import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

/**
 * Facet counts (deals per category of a location, on every list page) read every live deal of
 * the location. A covering index turns that into an index-only scan: on 100,000 deals the
 * Glasgow count went from 39 ms (bitmap heap scan of ~30,000 wide rows) to 4 ms.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`create index if not exists deal_facet_idx on deals.deal
    (location_id, category_id, subcategory_id, closing_date) include (price_pence, vip_exclusive)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists deals.deal_facet_idx`.execute(db);
}
