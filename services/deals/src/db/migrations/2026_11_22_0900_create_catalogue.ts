/**
 * The deals catalogue: locations, categories, merchants, images, deals and their products.
 * Frozen in time: never import app code here. Money columns are integer pence.
 */
import { sql, type Kysely } from 'kysely';

/** The schema as it was when this migration was written, which no app type describes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the current DealsDatabase types (Kysely's migration guidance)
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  const s = db.schema.withSchema('deals');
  await s
    .createTable('location')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('site_group', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_travel', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_national', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await s
    .createTable('category')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.references('deals.category.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('navigation_type', 'text')
    .addColumn('meta_title', 'text')
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await sql`create unique index category_parent_slug_key on deals.category (coalesce(parent_id, 0), slug)`.execute(db);

  await s
    .createTable('merchant')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('location_id', 'integer', (c) => c.notNull().references('deals.location.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('rating', 'double precision')
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await s
    .createTable('image')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();

  await s
    .createTable('deal')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('location_id', 'integer', (c) => c.notNull().references('deals.location.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('deals.category.id'))
    .addColumn('subcategory_id', 'integer', (c) => c.references('deals.category.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('deals.merchant.id'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('deals.image.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('headline', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_alt', 'text', (c) => c.notNull())
    .addColumn('highlights', 'jsonb', (c) => c.notNull())
    .addColumn('fine_print', 'jsonb', (c) => c.notNull())
    // Denormalised from the products so lists can sort and filter on an index.
    .addColumn('price_pence', 'integer', (c) => c.notNull())
    .addColumn('original_price_pence', 'integer', (c) => c.notNull())
    .addColumn('discount_percentage', 'integer', (c) => c.notNull())
    .addColumn('vip_price_pence', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('GBP'))
    .addColumn('price_display', 'text', (c) => c.notNull())
    .addColumn('vip_exclusive', 'boolean', (c) => c.notNull())
    .addColumn('product_count', 'integer', (c) => c.notNull())
    .addColumn('closing_date', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sold_count', 'integer', (c) => c.notNull())
    .addColumn('final_deal_order_amount', 'integer', (c) => c.notNull())
    .addColumn('high_fraud_risk', 'boolean', (c) => c.notNull())
    .addColumn('purchase_cap', 'integer')
    .addColumn('total_remaining_for_day', 'integer')
    .addColumn('price_per_person', 'boolean', (c) => c.notNull())
    .addColumn('booking_calendar_on_redemption', 'boolean', (c) => c.notNull())
    .addColumn('gift_claim', 'boolean', (c) => c.notNull())
    .addColumn('delivery_type', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('product')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('deal_id', 'integer', (c) => c.notNull().references('deals.deal.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('price_pence', 'integer', (c) => c.notNull())
    .addColumn('original_price_pence', 'integer', (c) => c.notNull())
    .addColumn('display_discount', 'boolean', (c) => c.notNull())
    .addColumn('purchase_cap', 'integer')
    .addColumn('remaining', 'integer')
    .addColumn('has_deposit', 'boolean', (c) => c.notNull())
    .addColumn('deposit_product_id', 'integer')
    .addColumn('deposit_price_pence', 'integer')
    .addColumn('postage_pence', 'integer')
    .addColumn('number_of_nights', 'integer')
    .addColumn('check_in_date', 'date')
    .addColumn('check_out_date', 'date')
    .addColumn('vip_exclusive', 'boolean', (c) => c.notNull())
    .addColumn('disabled', 'boolean', (c) => c.notNull())
    .execute();

  await createDealIndexes(db);
}

/**
 * Keyset paging needs one composite index per sort key and list scope (location, category,
 * sub-category), ending in id. A btree scans both ways, so (price_pence, id) serves both price
 * orders and (sold_count, id) serves "most popular first".
 */
export const DEAL_INDEXES: Array<{ name: string; columns: string }> = [];
for (const [scopeName, scopeCols] of [
  ['loc', 'location_id'],
  ['cat', 'location_id, category_id'],
  ['sub', 'location_id, subcategory_id'],
] as const) {
  for (const [key, col] of [
    ['pop', 'sold_count'],
    ['price', 'price_pence'],
    ['disc', 'discount_percentage'],
    ['new', 'created_at'],
  ] as const) {
    DEAL_INDEXES.push({ name: `deal_${scopeName}_${key}_idx`, columns: `${scopeCols}, ${col}, id` });
  }
}

export async function createDealIndexes(db: MigrationDb): Promise<void> {
  for (const index of DEAL_INDEXES) {
    await sql.raw(`create index if not exists ${index.name} on deals.deal (${index.columns})`).execute(db);
  }
  await sql`create index if not exists product_deal_idx on deals.product (deal_id, position)`.execute(db);
  await sql`create index if not exists merchant_location_idx on deals.merchant (location_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['product', 'deal', 'image', 'merchant', 'category', 'location']) {
    await db.schema.withSchema('deals').dropTable(table).execute();
  }
}
