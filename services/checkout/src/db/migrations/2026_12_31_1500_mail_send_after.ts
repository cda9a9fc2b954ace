/**
 * Issue 18 point 2: an e-gift dated by the shopper waits in the outbox until its day
 * (`send_after`, the start of its London send date; null: at once). The sender takes a message
 * only once that time has come (the unsent rows are few and already
 * indexed, mail_outbox_unsent_idx); the give-up window counts from it. Frozen in time: never import
 * app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table orders.mail_outbox add column send_after timestamptz`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table orders.mail_outbox drop column send_after`.execute(db);
}
