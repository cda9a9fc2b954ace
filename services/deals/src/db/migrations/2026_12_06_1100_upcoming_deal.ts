/**
 * Deals that are not live yet (issue 19 point 6, spec §2 dealPreview, §7 GET /preview-deal/{id}):
 * a merchant's draft, or a deal scheduled to go live at live_from. They live in tables of their
 * own, shaped like deals.deal and deals.product, so no list, search feed, sitemap, basket or hold
 * (all of which read deals.deal and deals.product) can ever show or sell one; only the preview
 * routes read them. A scheduled deal moves into deals.deal when it is due (preview.store.ts
 * publishDueDeals), keeping its id, so its ids come from ranges no seeded deal, product (or deposit product, 900,000,000 + its id) uses.
 * Frozen in time: no app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`create sequence deals.upcoming_deal_id_seq minvalue 950000001 maxvalue 989999999 start 950000001`.execute(db);
  await sql`create sequence deals.upcoming_product_id_seq minvalue 950000001 maxvalue 989999999 start 950000001`.execute(db);
  await sql`create table deals.upcoming_deal (like deals.deal including defaults including constraints)`.execute(db);
  await sql`alter table deals.upcoming_deal
    alter column id set default nextval('deals.upcoming_deal_id_seq'),
    add primary key (id),
    add foreign key (location_id) references deals.location (id),
    add foreign key (category_id) references deals.category (id),
    add foreign key (subcategory_id) references deals.category (id),
    add foreign key (merchant_id) references deals.merchant (id),
    add foreign key (image_id) references deals.image (id),
    add column status text not null check (status in ('draft', 'scheduled')),
    add column live_from timestamptz,
    add constraint upcoming_deal_live_from check ((status = 'scheduled') = (live_from is not null))`.execute(db);
  await sql`create index upcoming_deal_merchant on deals.upcoming_deal (merchant_id, id)`.execute(db);
  await sql`create index upcoming_deal_due on deals.upcoming_deal (live_from) where status = 'scheduled'`.execute(db);
  await sql`create table deals.upcoming_product (like deals.product including defaults including constraints)`.execute(db);
  await sql`alter table deals.upcoming_product
    alter column id set default nextval('deals.upcoming_product_id_seq'),
    add primary key (id),
    add foreign key (deal_id) references deals.upcoming_deal (id) on delete cascade`.execute(db);
  await sql`create index upcoming_product_deal on deals.upcoming_product (deal_id, position)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table deals.upcoming_product`.execute(db);
  await sql`drop table deals.upcoming_deal`.execute(db);
  await sql`drop sequence deals.upcoming_product_id_seq`.execute(db);
  await sql`drop sequence deals.upcoming_deal_id_seq`.execute(db);
}
