/**
 * P7: a charge the provider answered with another amount or currency than we asked for is held
 * for review (status 'review'): neither a success nor a decline, never settled by a retry or a
 * lookup. Frozen in time: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
type MigrationDb = Kysely<any>;

export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table payment.charge drop constraint charge_status_check`.execute(db);
  await sql`alter table payment.charge add constraint charge_status_check check (status in ('pending', 'unknown', 'review', 'succeeded', 'declined'))`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table payment.charge drop constraint charge_status_check`.execute(db);
  await sql`alter table payment.charge add constraint charge_status_check check (status in ('pending', 'unknown', 'succeeded', 'declined'))`.execute(db);
}
