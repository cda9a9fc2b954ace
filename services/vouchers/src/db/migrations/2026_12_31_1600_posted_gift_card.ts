/**
 * Issue 18 point 2: a gift card may be posted as a printed card instead of emailed. The gift-card
 * deal sells both, so "posted" is per order line, not per deal (goods deals are posted whole): the
 * checkout's paying transaction writes each posted gift-card line here, and the gift-card
 * merchant's orders to post list only vouchers of these lines. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table vouchers.posted_line (
      order_line_id bigint primary key,
      order_id uuid not null
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table vouchers.posted_line`.execute(db);
}
