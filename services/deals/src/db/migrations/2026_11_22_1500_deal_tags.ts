/**
 * deals.deal.tags: 2 to 5 lower-case tags per deal ('afternoon tea', 'couples', 'gifts for mum'),
 * read by the search index feed (GET /index/deals) and by guide feeds that filter on a tag.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table deals.deal add column if not exists tags text[] not null default '{}'`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table deals.deal drop column if exists tags`.execute(db);
}
