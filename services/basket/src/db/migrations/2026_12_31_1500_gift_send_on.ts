/**
 * Issue 18 point 2: an e-gift line's chosen send date (a London calendar date; null: straight
 * after payment). Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table basket.line add column gift_send_on text check (gift_send_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table basket.line drop column gift_send_on`.execute(db);
}
