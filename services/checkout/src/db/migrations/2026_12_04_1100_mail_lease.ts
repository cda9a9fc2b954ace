/**
 * Order mail is delivered at least once (reliability C1, `after-outbox-insert`): a sender claims a
 * message until `claimed_until` and marks it sent only after the Mailer took it, instead of
 * marking it sent first (which lost the message when the sender died before the hand-over).
 * Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table orders.mail_outbox add column claimed_until timestamptz`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table orders.mail_outbox drop column claimed_until`.execute(db);
}
