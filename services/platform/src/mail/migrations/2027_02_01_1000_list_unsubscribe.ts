/**
 * The one-click unsubscribe url of a message (RFC 8058 List-Unsubscribe), kept with it so the
 * outbox shows the header SMTP would send. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table mail.outbox add column list_unsubscribe text`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table mail.outbox drop column list_unsubscribe`.execute(db);
}
