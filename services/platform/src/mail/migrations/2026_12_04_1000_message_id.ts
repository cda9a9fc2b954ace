/**
 * The outbox keeps a message once per Message-ID: a sender that delivers at least once (the
 * checkout's order mail after a crash) may hand the same message over again. Messages without an
 * id are all kept (a unique index lets any number of nulls in). Frozen in time: never import app
 * code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table mail.outbox add column message_id text`.execute(db);
  await sql`create unique index outbox_message_id_idx on mail.outbox (message_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index mail.outbox_message_id_idx`.execute(db);
  await sql`alter table mail.outbox drop column message_id`.execute(db);
}
