/**
 * deals.deal.gift_tags (issue 19 point 3, the gift finder): the gift-finder tags of a deal, a
 * recipient's ('gifts-for-mum', spec §3) and a personality's ('personality-playful'). Null means
 * "not tagged yet": the deals service's ensureGiftTags (gifts/gift-tags.ts) tags those at every
 * start and after a seed, so existing catalogues get their tags without the seed rewriting a
 * deal. A GIN index serves the combined filters (gift_tags @> array[...]); a partial index finds
 * the untagged rows at once. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table deals.deal add column if not exists gift_tags text[]`.execute(db);
  await sql`create index if not exists deal_gift_tags_idx on deals.deal using gin (gift_tags)`.execute(db);
  await sql`create index if not exists deal_gift_tags_untagged_idx on deals.deal (id) where gift_tags is null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists deals.deal_gift_tags_untagged_idx`.execute(db);
  await sql`drop index if exists deals.deal_gift_tags_idx`.execute(db);
  await sql`alter table deals.deal drop column if exists gift_tags`.execute(db);
}
