/**
 * Who asked for a hold (reliability M4, denial of inventory): the client address the shop saw,
 * so the units one address holds at once, over every basket it opens, can be limited. Null for
 * holds taken without an address (service calls, tests). Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table deals.stock_hold add column holder text`.execute(db);
  await sql`create index stock_hold_holder_idx on deals.stock_hold (holder, expires_at) where order_id is null and holder is not null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index deals.stock_hold_holder_idx`.execute(db);
  await sql`alter table deals.stock_hold drop column holder`.execute(db);
}
