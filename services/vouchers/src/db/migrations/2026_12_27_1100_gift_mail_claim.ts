/**
 * A gift's mail is claimed before it is handed to the Mailer (`mail_claimed_until`): the request
 * that made the gift and the shop's job never both send one mail, and a sender that died is
 * replaced once its claim has run out. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table vouchers.gift add column mail_claimed_until timestamptz`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table vouchers.gift drop column mail_claimed_until`.execute(db);
}
