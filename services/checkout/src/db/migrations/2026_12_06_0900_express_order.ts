/**
 * Issue 14 G: an Express Buy token is bound to the one-line basket its order pays for, on the first
 * order attempt (a conditional update: two attempts at once bind one basket). A retry replays; a
 * declined attempt may be tried again with another key on the same basket; once it is paid the
 * basket is empty, so the token can never buy twice.
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table orders.express_buy_token add column basket_token text`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table orders.express_buy_token drop column basket_token`.execute(db);
}
