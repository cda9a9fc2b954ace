/**
 * Deal lists and content (issue 4): early-bird windows on deals, special events and their deals,
 * near-me areas, guides, and the customer history recommendations and buy-again read (deal views
 * and purchases).
 *
 * The list tables name deals and locations by id without a foreign key: the seed rewrites the
 * catalogue with one TRUNCATE of its own tables, and every reader joins to the live deals anyway,
 * so a row naming a closed or missing deal is simply not shown.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  const s = db.schema.withSchema('deals');

  // A deal is an early-bird deal while now < early_bird_until; the list is newest first.
  await sql`alter table deals.deal add column if not exists early_bird_until timestamptz`.execute(db);
  await sql`create index if not exists deal_early_bird_idx on deals.deal (location_id, created_at desc, id desc)
    where early_bird_until is not null`.execute(db);
  // Near-me lists join deals to the merchants within an area.
  await sql`create index if not exists deal_merchant_idx on deals.deal (merchant_id)`.execute(db);

  await s
    .createTable('special_event')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    // Null: the event applies to every location.
    .addColumn('location_id', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addCheckConstraint('special_event_window', sql`starts_at < ends_at`)
    .execute();

  await s
    .createTable('special_event_deal')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('deals.special_event.id').onDelete('cascade'))
    .addColumn('deal_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('special_event_deal_pkey', ['event_id', 'deal_id'])
    .execute();
  await sql`create index if not exists special_event_deal_position_idx on deals.special_event_deal (event_id, position, deal_id)`.execute(db);

  await s
    .createTable('near_me_area')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('location_id', 'integer', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('radius_km', 'double precision', (c) => c.notNull().check(sql`radius_km > 0 and radius_km <= 50`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('near_me_area_location_slug_key', ['location_id', 'slug'])
    .execute();

  await s
    .createTable('guide')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    // May hold '/': affiliate/student-deals.
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('additional_text', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text')
    .addColumn('listicle_view', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deals_feed', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(deals_feed) = 'object'`))
    .addColumn('listicle', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(listicle) = 'array'`))
    .execute();

  // Append-only history. Issue 6 (checkout) writes purchases through recordPurchase().
  await s
    .createTable('deal_view')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('customer_token', 'text', (c) => c.notNull())
    .addColumn('deal_id', 'integer', (c) => c.notNull())
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index if not exists deal_view_customer_idx on deals.deal_view (customer_token, viewed_at desc)`.execute(db);

  await s
    .createTable('purchase_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('customer_token', 'text', (c) => c.notNull())
    .addColumn('deal_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('purchased_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index if not exists purchase_history_customer_idx on deals.purchase_history (customer_token, purchased_at desc)`.execute(db);
  await sql`create index if not exists purchase_history_customer_deal_idx on deals.purchase_history (customer_token, deal_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['purchase_history', 'deal_view', 'guide', 'near_me_area', 'special_event_deal', 'special_event']) {
    await db.schema.withSchema('deals').dropTable(table).ifExists().execute();
  }
  await sql`drop index if exists deals.deal_merchant_idx`.execute(db);
  await sql`drop index if exists deals.deal_early_bird_idx`.execute(db);
  await sql`alter table deals.deal drop column if exists early_bird_until`.execute(db);
}
