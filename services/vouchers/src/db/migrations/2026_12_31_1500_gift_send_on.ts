/**
 * Issue 18 point 2: an order's e-gift may be dated by the shopper: `send_on` is the London date
 * ('YYYY-MM-DD') its email goes out (the checkout's outbox holds it until then); null: straight
 * after payment. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table vouchers.gift add column send_on text check (send_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table vouchers.gift drop column send_on`.execute(db);
}
