/**
 * P3: a charge remembers whether the shopper asked to save the card, so a charge whose answer
 * was lost still saves it when reconciliation finds the capture. Frozen in time: never import
 * app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table payment.charge add column save_instrument boolean not null default false`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table payment.charge drop column save_instrument`.execute(db);
}
